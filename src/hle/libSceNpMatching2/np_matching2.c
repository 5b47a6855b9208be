/* libSceNpMatching2 (the PS4's matchmaking), offline: the library initializes and terminates
 * as on the console; nothing else of it is implemented (rooms and lobbies need the network:
 * a game that goes further shows the missing functions in `prospero --check`). NIDs derive
 * from the names (checked by tests/unit/hle). */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/hle.h"

/* Error codes (the console's SCE_NP_MATCHING2_ERROR_*) */
#define MATCHING2_ERROR_ALREADY_INITIALIZED ((int)0x80550C02)
#define MATCHING2_ERROR_NOT_INITIALIZED ((int)0x80550C03)
#define MATCHING2_ERROR_INVALID_ARGUMENT ((int)0x80550C0A)

/* SceNpMatching2InitializeParameter: size_t poolSize, cpu mask, int priority, padding,
 * size_t stackSize, size_t size (0x28, or 0x30 with the SSL pool size that follows). */
#define PARAM_OFF_SIZE 0x20
#define PARAM_SIZE_OLD 0x28
#define PARAM_SIZE 0x30

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;

/* Partial: the pool and thread settings are not used (no internal thread runs offline). */
static int matching2_initialize(const void *param) {
  uint64_t size = 0;
  if (param) memcpy(&size, (const char *)param + PARAM_OFF_SIZE, sizeof size);
  pthread_mutex_lock(&lock);
  int rc = initialized ? MATCHING2_ERROR_ALREADY_INITIALIZED
           : !param || (size != PARAM_SIZE && size != PARAM_SIZE_OLD)
               ? MATCHING2_ERROR_INVALID_ARGUMENT
               : 0;
  if (!rc) initialized = true;
  pthread_mutex_unlock(&lock);
  if (!rc) LOG_ONCE(hle, INFO, "sceNpMatching2Initialize: offline, no matchmaking service");
  return rc;
}

static int matching2_terminate(void) {
  pthread_mutex_lock(&lock);
  int rc = initialized ? 0 : MATCHING2_ERROR_NOT_INITIALIZED;
  initialized = false;
  pthread_mutex_unlock(&lock);
  return rc;
}

static const struct hle_symbol matching2_symbols[] = {
    HLE_FUNC("10t3e5+JPnU", sceNpMatching2Initialize, matching2_initialize, HLE_PARTIAL),
    HLE_FUNC("Mqp3lJ+sjy4", sceNpMatching2Terminate, matching2_terminate, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceNpMatching2 = {
    .library_name = "libSceNpMatching2",
    .library_version = 1,
    .module_name = "libSceNpMatching2",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = matching2_symbols,
    .symbol_count = sizeof matching2_symbols / sizeof matching2_symbols[0],
};
