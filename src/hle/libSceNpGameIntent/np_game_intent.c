/* libSceNpGameIntent: the PS5's game intents (the system asking a game to start an activity,
 * join a session...), delivered after a SystemService GAME_INTENT event. prospero has no
 * system UI and no network, so no game intent ever occurs: Receive answers INTENT_NOT_FOUND
 * (what the console answers when there is no intent to receive) and no property exists.
 * Facts: PS5 SDK NpGameIntent reference (structures, error codes). NIDs derive from the names
 * (checked by tests/unit/hle). */
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/hle.h"

/* Error codes (the console's SCE_NP_GAME_INTENT_ERROR_*) */
#define GAME_INTENT_ERROR_ALREADY_INITIALIZED ((int)0x80553801)
#define GAME_INTENT_ERROR_NOT_INITIALIZED ((int)0x80553802)
#define GAME_INTENT_ERROR_INVALID_ARGUMENT ((int)0x80553804)
#define GAME_INTENT_ERROR_INTENT_NOT_FOUND ((int)0x80553806)
#define GAME_INTENT_ERROR_VALUE_NOT_FOUND ((int)0x80553807)

/* SceNpGameIntentInitParam: size_t size, uint8 reserved[32]. SceNpGameIntentInfo: size_t
 * size, int32 userId, char intentType[33], uint8 padding[7], uint8 reserved[256],
 * SceNpGameIntentData (uint8 data[16385], uint8 padding[7]), 8-byte aligned. Their `size`
 * members hold these sizes (the SDK's Init helpers set them). */
#define INIT_PARAM_SIZE 40
#define INFO_SIZE 16704

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;

static bool is_initialized(void) {
  pthread_mutex_lock(&lock);
  bool v = initialized;
  pthread_mutex_unlock(&lock);
  return v;
}

static uint64_t size_member(const void *p) {
  uint64_t v;
  memcpy(&v, p, sizeof v);
  return v;
}

static int game_intent_initialize(const void *param) {
  if (!param || size_member(param) != INIT_PARAM_SIZE) return GAME_INTENT_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  int rc = initialized ? GAME_INTENT_ERROR_ALREADY_INITIALIZED : 0;
  initialized = true;
  pthread_mutex_unlock(&lock);
  return rc;
}

static int game_intent_terminate(void) {
  pthread_mutex_lock(&lock);
  int rc = initialized ? 0 : GAME_INTENT_ERROR_NOT_INITIALIZED;
  initialized = false;
  pthread_mutex_unlock(&lock);
  return rc;
}

/* No game intent ever occurs (no system UI, no network), so none is there to receive. */
static int game_intent_receive_intent(void *info) {
  if (!is_initialized()) return GAME_INTENT_ERROR_NOT_INITIALIZED;
  if (!info || size_member(info) != INFO_SIZE) return GAME_INTENT_ERROR_INVALID_ARGUMENT;
  return GAME_INTENT_ERROR_INTENT_NOT_FOUND;
}

/* Partial: the layout of intent data is not public; no intent is ever received here, so no
 * data holds a property and every key answers VALUE_NOT_FOUND (logged once). */
static int game_intent_get_property_value_string(const void *data, const char *key, char *buf,
                                                 size_t size) {
  (void)size;
  if (!is_initialized()) return GAME_INTENT_ERROR_NOT_INITIALIZED;
  if (!data || !key || !buf) return GAME_INTENT_ERROR_INVALID_ARGUMENT;
  LOG_ONCE(hle, INFO,
           "sceNpGameIntentGetPropertyValueString(\"%s\"): no game intent is ever received; "
           "no property exists",
           key);
  return GAME_INTENT_ERROR_VALUE_NOT_FOUND;
}

static const struct hle_symbol game_intent_symbols[] = {
    HLE_FUNC("m87BHxt-H60", sceNpGameIntentInitialize, game_intent_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("0HBYxYAjmf0", sceNpGameIntentTerminate, game_intent_terminate, HLE_IMPLEMENTED),
    HLE_FUNC("jEIXUAr9XE8", sceNpGameIntentReceiveIntent, game_intent_receive_intent,
             HLE_IMPLEMENTED),
    HLE_FUNC("rPl0INNc-M8", sceNpGameIntentGetPropertyValueString,
             game_intent_get_property_value_string, HLE_PARTIAL),
};

const struct hle_library hle_library_libSceNpGameIntent = {
    .library_name = "libSceNpGameIntent",
    .library_version = 1,
    .module_name = "libSceNpGameIntent",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = game_intent_symbols,
    .symbol_count = sizeof game_intent_symbols / sizeof game_intent_symbols[0],
};
