/* libSceNpManager offline: every user signed out. */
#include "hle/libSceNpManager/np_manager.h"

#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#include "common/log.h"

#define USER_ID_INVALID (-1)
#define TITLE_ID_SIZE 16      /* SceNpTitleId: char id[12 + 1], padding to 16 */
#define TITLE_SECRET_SIZE 128 /* SceNpTitleSecret: uint8 data[128] */

#define CALLBACKS_MAX 8

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  struct {
    void *fn, *userdata;
    int32_t id; /* 0: free slot */
  } callbacks[CALLBACKS_MAX];
  int32_t next_id;
  bool title_set;
  char title_id[TITLE_ID_SIZE];
} st = {.next_id = 1};

int np_manager_get_state(int32_t user_id, int32_t *state) {
  if (!state || user_id == USER_ID_INVALID) return NP_ERROR_INVALID_ARGUMENT;
  *state = NP_STATE_SIGNED_OUT;
  return 0;
}

int np_manager_get_account_id_a(int32_t user_id, uint64_t *account_id) {
  if (!account_id || user_id == USER_ID_INVALID) return NP_ERROR_INVALID_ARGUMENT;
  *account_id = 0;
  return NP_ERROR_SIGNED_OUT;
}

int np_manager_get_online_id(int32_t user_id, void *online_id) {
  if (!online_id || user_id == USER_ID_INVALID) return NP_ERROR_INVALID_ARGUMENT;
  return NP_ERROR_SIGNED_OUT;
}

int np_manager_get_np_id(int32_t user_id, void *np_id) {
  if (!np_id || user_id == USER_ID_INVALID) return NP_ERROR_INVALID_ARGUMENT;
  return NP_ERROR_SIGNED_OUT;
}

/* Partial: callbacks are kept (one registration per function, at most 8) but never called
 * (the state never changes offline); whether the console calls one once with the initial
 * state is not known (logged once). Returns the callback's id. */
int np_manager_register_state_callback_a(void *callback, void *userdata) {
  if (!callback) return NP_ERROR_INVALID_ARGUMENT;
  LOG_ONCE(hle, WARN,
           "sceNpRegisterStateCallbackA: callbacks are never called (offline: the "
           "sign-in state never changes)");
  int rc = NP_ERROR_INVALID_ARGUMENT; /* no free slot */
  pthread_mutex_lock(&lock);
  int free_slot = -1;
  for (int i = 0; i < CALLBACKS_MAX; i++) {
    if (st.callbacks[i].id && st.callbacks[i].fn == callback) free_slot = -2;
    if (!st.callbacks[i].id && free_slot == -1) free_slot = i;
  }
  if (free_slot == -2) {
    rc = NP_ERROR_CALLBACK_ALREADY_REGISTERED;
  } else if (free_slot >= 0) {
    st.callbacks[free_slot].fn = callback;
    st.callbacks[free_slot].userdata = userdata;
    rc = st.callbacks[free_slot].id = st.next_id++;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int np_manager_unregister_state_callback_a(int32_t callback_id) {
  int rc = NP_ERROR_CALLBACK_NOT_REGISTERED;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < CALLBACKS_MAX; i++)
    if (callback_id > 0 && st.callbacks[i].id == callback_id) {
      st.callbacks[i].id = 0;
      st.callbacks[i].fn = st.callbacks[i].userdata = NULL;
      rc = 0;
    }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* Other Np libraries' work due at sceNpCheckCallback (np_manager_add_check_hook). */
#define CHECK_HOOKS_MAX 4
static void (*check_hooks[CHECK_HOOKS_MAX])(void);

bool np_manager_add_check_hook(void (*hook)(void)) {
  pthread_mutex_lock(&lock);
  bool ok = false;
  for (int i = 0; i < CHECK_HOOKS_MAX && !ok; i++)
    if (!check_hooks[i] || check_hooks[i] == hook) check_hooks[i] = hook, ok = true;
  pthread_mutex_unlock(&lock);
  return ok;
}

/* Runs the callbacks that are due, on the caller's thread: no state callback ever is
 * (offline), the hooks of other libraries (trophy unlock notifications) run here. */
int np_manager_check_callback(void) {
  void (*hooks[CHECK_HOOKS_MAX])(void);
  pthread_mutex_lock(&lock);
  memcpy(hooks, check_hooks, sizeof hooks);
  pthread_mutex_unlock(&lock);
  for (int i = 0; i < CHECK_HOOKS_MAX; i++)
    if (hooks[i]) hooks[i]();
  return 0;
}

/* SceNpTitleId (the title's NP communication id) and SceNpTitleSecret: kept for the
 * services that would use them; none runs offline. */
int np_manager_set_np_title_id(const void *title_id, const void *title_secret) {
  if (!title_id || !title_secret) return NP_ERROR_INVALID_ARGUMENT;
  pthread_mutex_lock(&lock);
  memcpy(st.title_id, title_id, TITLE_ID_SIZE);
  st.title_id[TITLE_ID_SIZE - 1] = 0;
  st.title_set = true;
  pthread_mutex_unlock(&lock);
  LOG(hle, INFO, "NP title id %s (unused: no network service)", st.title_id);
  return 0;
}
