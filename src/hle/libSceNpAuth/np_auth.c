/* libSceNpAuth offline: authorization codes and ID tokens of the PlayStation Network. The
 * user is signed out, so every request completes with the console's SCE_NP_ERROR_SIGNED_OUT
 * (returned by a synchronous request, kept as the result of an asynchronous one), and the
 * forms that name the user by online id fail to find a user (USER_NOT_FOUND: no signed-in
 * user has an online id). Requests are numbered and checked as on the console: at most 16,
 * ids from 0x10000001, one use each. NIDs derive from the names (checked by tests/unit/hle). */
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/hle.h"

/* Error codes (the console's SCE_NP_AUTH_ERROR_* and SCE_NP_ERROR_*) */
#define AUTH_ERROR_INVALID_ARGUMENT ((int)0x80550301)
#define AUTH_ERROR_INVALID_SIZE ((int)0x80550302)
#define AUTH_ERROR_ABORTED ((int)0x80550304)
#define AUTH_ERROR_REQUEST_MAX ((int)0x80550305)
#define AUTH_ERROR_REQUEST_NOT_FOUND ((int)0x80550306)
#define AUTH_ERROR_INVALID_ID ((int)0x80550307)
#define NP_ERROR_SIGNED_OUT ((int)0x80550006)
#define NP_ERROR_USER_NOT_FOUND ((int)0x80550007)

#define REQUESTS_MAX 16
#define REQUEST_ID_BASE 0x10000000
#define USER_ID_INVALID (-1)

/* Parameter sizes (each structure's `size` member must hold its size):
 * SceNpAuthCreateAsyncRequestParameter: u64 size, u64 cpuAffinityMask, s32 priority, pad;
 * SceNpAuthGetAuthorizationCodeParameter(A): u64 size, then onlineId* (or s32 userId and
 * padding), clientId*, scope*; SceNpAuthGetIdTokenParameter(A): the same with clientSecret*
 * before scope. */
#define ASYNC_PARAM_SIZE 24
#define CODE_PARAM_SIZE 32
#define TOKEN_PARAM_SIZE 40

enum req_state { REQ_FREE, REQ_READY, REQ_ABORTED, REQ_DONE };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  enum req_state state;
  bool async;
  int result;
} reqs[REQUESTS_MAX];

static int create(bool async) {
  int rc = AUTH_ERROR_REQUEST_MAX;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < REQUESTS_MAX; i++)
    if (reqs[i].state == REQ_FREE) {
      reqs[i].state = REQ_READY;
      reqs[i].async = async;
      reqs[i].result = 0;
      rc = REQUEST_ID_BASE + 1 + i;
      break;
    }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The slot of request ID (lock held), or -1. */
static int slot_of(int32_t id) {
  int i = id - REQUEST_ID_BASE - 1;
  return i >= 0 && i < REQUESTS_MAX && reqs[i].state != REQ_FREE ? i : -1;
}

static int auth_create_request(void) { return create(false); }

static int auth_create_async_request(const void *param) {
  if (!param) return AUTH_ERROR_INVALID_ARGUMENT;
  uint64_t size;
  memcpy(&size, param, sizeof size);
  if (size != ASYNC_PARAM_SIZE) return AUTH_ERROR_INVALID_SIZE;
  return create(true);
}

static uint64_t param_u64(const void *p, size_t off) {
  uint64_t v;
  memcpy(&v, (const char *)p + off, sizeof v);
  return v;
}

/* Runs request ID offline: a request is used once (again: INVALID_ARGUMENT), an aborted one
 * answers ABORTED; otherwise it completes signed out, which a synchronous request returns
 * and an asynchronous one keeps for Poll/WaitAsync. */
static int run(int32_t id) {
  LOG_ONCE(hle, INFO, "NpAuth: offline, the user is signed out (SIGNED_OUT)");
  int rc;
  pthread_mutex_lock(&lock);
  int i = slot_of(id);
  if (i < 0) {
    rc = AUTH_ERROR_REQUEST_NOT_FOUND;
  } else if (reqs[i].state == REQ_DONE) {
    rc = reqs[i].result = AUTH_ERROR_INVALID_ARGUMENT;
  } else if (reqs[i].state == REQ_ABORTED) {
    rc = reqs[i].result = AUTH_ERROR_ABORTED;
  } else {
    reqs[i].state = REQ_DONE;
    reqs[i].result = NP_ERROR_SIGNED_OUT;
    rc = reqs[i].async ? 0 : NP_ERROR_SIGNED_OUT;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The user-id forms (A, V3): the parameter's user id, client id and scope are required. */
static int get_code_a(int32_t id, const void *param, void *code, int32_t *issuer) {
  (void)issuer;
  if (!param || !code) return AUTH_ERROR_INVALID_ARGUMENT;
  if (param_u64(param, 0) != CODE_PARAM_SIZE) return AUTH_ERROR_INVALID_SIZE;
  int32_t user;
  memcpy(&user, (const char *)param + 8, sizeof user);
  if (user == USER_ID_INVALID || !param_u64(param, 16) || !param_u64(param, 24))
    return AUTH_ERROR_INVALID_ARGUMENT;
  return run(id);
}

static int get_token_a(int32_t id, const void *param, void *token) {
  if (!param || !token) return AUTH_ERROR_INVALID_ARGUMENT;
  if (param_u64(param, 0) != TOKEN_PARAM_SIZE) return AUTH_ERROR_INVALID_SIZE;
  int32_t user;
  memcpy(&user, (const char *)param + 8, sizeof user);
  if (user == USER_ID_INVALID || !param_u64(param, 16) || !param_u64(param, 24) ||
      !param_u64(param, 32))
    return AUTH_ERROR_INVALID_ARGUMENT;
  return run(id);
}

static int auth_get_authorization_code_a(int32_t id, const void *param, void *code,
                                         int32_t *issuer) {
  return get_code_a(id, param, code, issuer);
}

static int auth_get_authorization_code_v3(int32_t id, const void *param, void *code,
                                          int32_t *issuer) {
  return get_code_a(id, param, code, issuer);
}

static int auth_get_id_token_a(int32_t id, const void *param, void *token) {
  return get_token_a(id, param, token);
}

static int auth_get_id_token_v3(int32_t id, const void *param, void *token) {
  return get_token_a(id, param, token);
}

/* The online-id forms: no signed-in user has the online id, so the user is not found. */
static int auth_get_authorization_code(int32_t id, const void *param, void *code, int32_t *issuer) {
  (void)id, (void)issuer;
  if (!param || !code) return AUTH_ERROR_INVALID_ARGUMENT;
  if (param_u64(param, 0) != CODE_PARAM_SIZE) return AUTH_ERROR_INVALID_SIZE;
  if (!param_u64(param, 8) || !param_u64(param, 16) || !param_u64(param, 24))
    return AUTH_ERROR_INVALID_ARGUMENT;
  return NP_ERROR_USER_NOT_FOUND;
}

static int auth_get_id_token(int32_t id, const void *param, void *token) {
  (void)id;
  if (!param || !token) return AUTH_ERROR_INVALID_ARGUMENT;
  if (param_u64(param, 0) != TOKEN_PARAM_SIZE) return AUTH_ERROR_INVALID_SIZE;
  if (!param_u64(param, 8) || !param_u64(param, 16) || !param_u64(param, 24) ||
      !param_u64(param, 32))
    return AUTH_ERROR_INVALID_ARGUMENT;
  return NP_ERROR_USER_NOT_FOUND;
}

/* The result of an asynchronous request that ran (nothing runs in the background offline:
 * it is final when the call returns, so Poll and Wait answer alike). */
static int async_result(int32_t id, int32_t *result) {
  if (!result) return AUTH_ERROR_INVALID_ARGUMENT;
  int rc = 0;
  pthread_mutex_lock(&lock);
  int i = slot_of(id);
  if (i < 0) rc = AUTH_ERROR_REQUEST_NOT_FOUND;
  else if (!reqs[i].async || reqs[i].state == REQ_READY) rc = AUTH_ERROR_INVALID_ID;
  else *result = reqs[i].result;
  pthread_mutex_unlock(&lock);
  return rc;
}

static int auth_poll_async(int32_t id, int32_t *result) { return async_result(id, result); }
static int auth_wait_async(int32_t id, int32_t *result) { return async_result(id, result); }

/* Aborting a request that already completed changes nothing. */
static int auth_abort_request(int32_t id) {
  int rc = 0;
  pthread_mutex_lock(&lock);
  int i = slot_of(id);
  if (i < 0) rc = AUTH_ERROR_REQUEST_NOT_FOUND;
  else if (reqs[i].state != REQ_DONE) reqs[i].state = REQ_ABORTED;
  pthread_mutex_unlock(&lock);
  return rc;
}

static int auth_delete_request(int32_t id) {
  int rc = 0;
  pthread_mutex_lock(&lock);
  int i = slot_of(id);
  if (i < 0) rc = AUTH_ERROR_REQUEST_NOT_FOUND;
  else reqs[i].state = REQ_FREE;
  pthread_mutex_unlock(&lock);
  return rc;
}

static const struct hle_symbol np_auth_symbols[] = {
    HLE_FUNC("6bwFkosYRQg", sceNpAuthCreateRequest, auth_create_request, HLE_IMPLEMENTED),
    HLE_FUNC("N+mr7GjTvr8", sceNpAuthCreateAsyncRequest, auth_create_async_request,
             HLE_IMPLEMENTED),
    HLE_FUNC("H8wG9Bk-nPc", sceNpAuthDeleteRequest, auth_delete_request, HLE_IMPLEMENTED),
    HLE_FUNC("cE7wIsqXdZ8", sceNpAuthAbortRequest, auth_abort_request, HLE_IMPLEMENTED),
    HLE_FUNC("gjSyfzSsDcE", sceNpAuthPollAsync, auth_poll_async, HLE_IMPLEMENTED),
    HLE_FUNC("SK-S7daqJSE", sceNpAuthWaitAsync, auth_wait_async, HLE_IMPLEMENTED),
    HLE_FUNC("KxGkOrQJTqY", sceNpAuthGetAuthorizationCode, auth_get_authorization_code,
             HLE_IMPLEMENTED),
    HLE_FUNC("qAUXQ9GdWp8", sceNpAuthGetAuthorizationCodeA, auth_get_authorization_code_a,
             HLE_IMPLEMENTED),
    HLE_FUNC("KI4dHLlTNl0", sceNpAuthGetAuthorizationCodeV3, auth_get_authorization_code_v3,
             HLE_IMPLEMENTED),
    HLE_FUNC("uaB-LoJqHis", sceNpAuthGetIdToken, auth_get_id_token, HLE_IMPLEMENTED),
    HLE_FUNC("CocbHVIKPE8", sceNpAuthGetIdTokenA, auth_get_id_token_a, HLE_IMPLEMENTED),
    HLE_FUNC("RdsFVsgSpZY", sceNpAuthGetIdTokenV3, auth_get_id_token_v3, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceNpAuth = {
    .library_name = "libSceNpAuth",
    .library_version = 1,
    .module_name = "libSceNpAuth",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = np_auth_symbols,
    .symbol_count = sizeof np_auth_symbols / sizeof np_auth_symbols[0],
};
