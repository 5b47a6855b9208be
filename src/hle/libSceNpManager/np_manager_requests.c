/* libSceNpManager's requests and account queries, offline (np_manager_requests.h). Facts:
 * request ids from 0x20000001, at most 32 at once; SceNpCreateAsyncRequestParameter is
 * 24 bytes (u64 size, u64 cpu mask, s32 priority, padding). */
#include "hle/libSceNpManager/np_manager_requests.h"

#include <string.h>

#include "common/log.h"
#include "hle/libSceNpManager/np_manager.h"
#include "hle/libSceNpManager/np_request.h"

#define USER_ID_INVALID (-1)
#define ASYNC_PARAM_SIZE 24

static struct np_requests reqs = {
    .base = 0x20000000,
    .limit = 32,
    .err_max = NP_ERROR_REQUEST_MAX,
    .err_not_found = NP_ERROR_REQUEST_NOT_FOUND,
    .err_invalid_argument = NP_ERROR_INVALID_ARGUMENT,
    .err_aborted = NP_ERROR_ABORTED,
    .err_invalid_id = NP_ERROR_INVALID_ID,
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

int np_manager_create_request(void) { return np_manager_request_create(&reqs, false); }

int np_manager_create_async_request(const void *param) {
  if (!param) return NP_ERROR_INVALID_ARGUMENT;
  uint64_t size;
  memcpy(&size, param, sizeof size);
  if (size != ASYNC_PARAM_SIZE) return NP_ERROR_INVALID_SIZE;
  return np_manager_request_create(&reqs, true);
}

int np_manager_delete_request(int32_t id) { return np_manager_request_delete(&reqs, id); }
int np_manager_abort_request(int32_t id) { return np_manager_request_abort(&reqs, id); }

/* Offline nothing runs in the background: a request's result is final once used. */
int np_manager_poll_async(int32_t id, int32_t *result) {
  return np_manager_request_result(&reqs, id, result);
}
int np_manager_wait_async(int32_t id, int32_t *result) {
  return np_manager_request_result(&reqs, id, result);
}

/* Whether the user can use the network service: not while signed out. */
int np_manager_check_np_availability_a(int32_t id, int32_t user_id) {
  if (user_id == USER_ID_INVALID || id == 0) return NP_ERROR_INVALID_ARGUMENT;
  LOG_ONCE(hle, INFO, "sceNpCheckNpAvailability: offline, the user is signed out");
  return np_manager_request_run(&reqs, id, NP_ERROR_SIGNED_OUT);
}

int np_manager_check_np_reachability(int32_t id, int32_t user_id) {
  return np_manager_check_np_availability_a(id, user_id);
}

/* By online id: no signed-in user has one. */
int np_manager_check_np_availability(int32_t id, const void *online_id) {
  (void)id;
  if (!online_id) return NP_ERROR_INVALID_ARGUMENT;
  return NP_ERROR_USER_NOT_FOUND;
}

/* SceNpCountryCode is the account's; a signed-out user's is not known. */
int np_manager_get_account_country_a(int32_t user_id, void *country) {
  if (!country || user_id == USER_ID_INVALID) return NP_ERROR_INVALID_ARGUMENT;
  return NP_ERROR_SIGNED_OUT;
}

/* The local user has no network account: never signed up. */
int np_manager_has_signed_up(int32_t user_id, bool *signed_up) {
  if (!signed_up) return NP_ERROR_INVALID_ARGUMENT;
  *signed_up = false;
  if (user_id == USER_ID_INVALID) return NP_ERROR_INVALID_ARGUMENT;
  return 0;
}
