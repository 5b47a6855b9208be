/* libSceNpSessionSignaling (the PS5's peer-to-peer connections of a session), offline: the
 * library initializes and terminates as on the console (PS5 SDK NpSessionSignaling
 * reference); contexts and connections need the network and are not implemented (a game
 * that goes further shows them missing in `prospero --check`). NIDs derive from the names
 * (checked by tests/unit/hle). */
#include <pthread.h>
#include <stdbool.h>

#include "common/log.h"
#include "hle/hle.h"

/* Error codes (the console's SCE_NP_SESSION_SIGNALING_ERROR_*) */
#define SIGNALING_ERROR_NOT_INITIALIZED ((int)0x80553301)
#define SIGNALING_ERROR_ALREADY_INITIALIZED ((int)0x80553302)
#define SIGNALING_ERROR_INVALID_ARGUMENT ((int)0x80553303)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;

/* Partial: SceNpSessionSignalingInitParam's members (the Http2 context, pool size, thread
 * settings) are not checked: prospero has no Http2 library and runs no internal thread. */
static int signaling_initialize(const void *param) {
  if (!param) return SIGNALING_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  int rc = initialized ? SIGNALING_ERROR_ALREADY_INITIALIZED : 0;
  initialized = true;
  pthread_mutex_unlock(&lock);
  if (!rc)
    LOG_ONCE(hle, INFO, "sceNpSessionSignalingInitialize: offline; the parameters are not checked");
  return rc;
}

static int signaling_terminate(void) {
  pthread_mutex_lock(&lock);
  int rc = initialized ? 0 : SIGNALING_ERROR_NOT_INITIALIZED;
  initialized = false;
  pthread_mutex_unlock(&lock);
  return rc;
}

static const struct hle_symbol signaling_symbols[] = {
    HLE_FUNC("ysmw6J-P8Ak", sceNpSessionSignalingInitialize, signaling_initialize, HLE_PARTIAL),
    HLE_FUNC("CqJuNXo5yiM", sceNpSessionSignalingTerminate, signaling_terminate, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceNpSessionSignaling = {
    .library_name = "libSceNpSessionSignaling",
    .library_version = 1,
    .module_name = "libSceNpSessionSignaling",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = signaling_symbols,
    .symbol_count = sizeof signaling_symbols / sizeof signaling_symbols[0],
};
