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
#include "hle/libSceNpManager/np_request.h"

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

static struct np_requests reqs = {
    .base = REQUEST_ID_BASE,
    .limit = REQUESTS_MAX,
    .err_max = AUTH_ERROR_REQUEST_MAX,
    .err_not_found = AUTH_ERROR_REQUEST_NOT_FOUND,
    .err_invalid_argument = AUTH_ERROR_INVALID_ARGUMENT,
    .err_aborted = AUTH_ERROR_ABORTED,
    .err_invalid_id = AUTH_ERROR_INVALID_ID,
    .lock = PTHREAD_MUTEX_INITIALIZER,
};

static int auth_create_request(void) { return np_manager_request_create(&reqs, false); }

static int auth_create_async_request(const void *param) {
  if (!param) return AUTH_ERROR_INVALID_ARGUMENT;
  uint64_t size;
  memcpy(&size, param, sizeof size);
  if (size != ASYNC_PARAM_SIZE) return AUTH_ERROR_INVALID_SIZE;
  return np_manager_request_create(&reqs, true);
}

static uint64_t param_u64(const void *p, size_t off) {
  uint64_t v;
  memcpy(&v, (const char *)p + off, sizeof v);
  return v;
}

/* Runs request ID offline: it completes signed out (np_request.h). */
static int run(int32_t id) {
  LOG_ONCE(hle, INFO, "NpAuth: offline, the user is signed out (SIGNED_OUT)");
  return np_manager_request_run(&reqs, id, NP_ERROR_SIGNED_OUT);
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

/* Nothing runs in the background offline: a request's result is final when the call that
 * used it returns, so Poll and Wait answer alike. */
static int auth_poll_async(int32_t id, int32_t *result) {
  return np_manager_request_result(&reqs, id, result);
}
static int auth_wait_async(int32_t id, int32_t *result) {
  return np_manager_request_result(&reqs, id, result);
}
static int auth_abort_request(int32_t id) { return np_manager_request_abort(&reqs, id); }
static int auth_delete_request(int32_t id) { return np_manager_request_delete(&reqs, id); }

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
