/* libSceNpWebApi2 (the PS5's web API library) offline: contexts and requests as on the
 * console (np_web_api_core.h), every request sent fails with NOT_SIGNED_IN. NIDs derive from
 * the names (checked by tests/unit/hle). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/hle.h"
#include "hle/libSceNpWebApi/np_web_api_core.h"
#include "hle/libSceNpWebApi/np_web_api_push.h"

#define ERROR_PARAMETER_TOO_LONG 0x16
#define API_GROUP_MAX 63 /* an API group name of 63 characters or more is too long */

static struct np_web_api_registry reg = NP_WEB_API_REGISTRY("NpWebApi2", 0x80553400u, 0x18u, 0x19u);

/* Partial: libSceHttp2's context id is not checked (prospero has no HTTP library). */
static int web_api2_initialize(int32_t http_ctx, size_t pool_size) {
  (void)pool_size;
  LOG_ONCE(hle, WARN, "sceNpWebApi2Initialize: the HTTP context id (%d) is not checked", http_ctx);
  return np_web_api_lib_create(&reg);
}

static struct np_web_api_push push = {.lock = PTHREAD_MUTEX_INITIALIZER};

static int web_api2_terminate(int32_t lib) {
  int rc = np_web_api_lib_terminate(&reg, lib);
  if (!rc) np_web_api_push_drop(&push, lib, 0);
  return rc;
}

static int web_api2_create_user_context(int32_t lib, int32_t user_id) {
  return np_web_api_user_create(&reg, lib, user_id);
}

static int web_api2_delete_user_context(int32_t user_ctx) {
  int rc = np_web_api_user_delete(&reg, user_ctx);
  if (!rc) np_web_api_push_drop(&push, user_ctx >> 16, user_ctx);
  return rc;
}

/* SceNpWebApi2ContentParameter: uint64 contentLength, const char *contentType, 16 reserved.
 * METHOD is the HTTP method's name ("GET", ...). */
static int web_api2_create_request(int32_t user_ctx, const char *api_group, const char *path,
                                   const char *method, const void *content, int64_t *request_id) {
  if (!api_group || !path || !method) return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  if (content) {
    uint64_t length;
    const char *type;
    memcpy(&length, content, sizeof length);
    memcpy(&type, (const char *)content + 8, sizeof type);
    if (length && !type) return np_web_api_error(&reg, NP_WEB_API_INVALID_CONTENT_PARAMETER);
  }
  int rc = np_web_api_user_find(&reg, user_ctx);
  if (rc) return rc;
  if (strnlen(api_group, API_GROUP_MAX) >= API_GROUP_MAX)
    return np_web_api_error(&reg, ERROR_PARAMETER_TOO_LONG);
  return np_web_api_request_create(&reg, user_ctx, request_id);
}

static int web_api2_delete_request(int64_t id) { return np_web_api_request_delete(&reg, id); }

static int web_api2_send_request(int64_t id, void *data, size_t size, void *resp_info) {
  (void)data, (void)size, (void)resp_info;
  return np_web_api_request_send(&reg, id);
}

/* Nothing is in flight offline: aborting a live request has nothing to stop. */
static int web_api2_abort_request(int64_t id) { return np_web_api_request_find(&reg, id); }

/* Headers are not kept: no request is ever sent. */
static int web_api2_add_http_request_header(int64_t id, const char *name, const char *value) {
  if (!name || !value) return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  return np_web_api_request_find(&reg, id);
}

/* Requests and push-event handles time out here on the console; offline no request is ever
 * in flight, so none is due. */
static void web_api2_check_timeout(void) {}

/* ---- Push events (np_web_api_push.h): made and deleted; none ever arrives offline ---- */

#define ERROR_PUSH_EVENT_FILTER_NOT_FOUND 0x0B
#define ERROR_PUSH_EVENT_CALLBACK_NOT_FOUND 0x0C
#define ERROR_HANDLE_NOT_FOUND 0x0D
#define ERROR_PUSH_CONTEXT_NOT_FOUND 0x1C
#define SERVICE_LABEL_INVALID 0xFFFFFFFFu

/* A new object of KIND for OWNER: its id, or OUT_OF_MEMORY when the store is full (logged). */
static int push_add(enum np_web_api_push_kind kind, int32_t owner, int32_t ref, char *uuid) {
  int32_t id = np_web_api_push_add(&push, kind, owner, ref, uuid);
  if (id) return id;
  LOG(hle, WARN, "NpWebApi2 push events: all %d objects are in use", NP_WEB_API_PUSH_MAX);
  return np_web_api_error(&reg, 0x01);
}

static int web_api2_push_create_handle(int32_t lib) {
  int rc = np_web_api_lib_find(&reg, lib);
  return rc ? rc : push_add(NP_WEB_API_PUSH_HANDLE, lib, 0, NULL);
}

/* The error for handle H of LIB, 0 when both exist. */
static int handle_check(int32_t lib, int32_t h) {
  int rc = np_web_api_lib_find(&reg, lib);
  if (rc) return rc;
  return np_web_api_push_find(&push, NP_WEB_API_PUSH_HANDLE, lib, h, NULL)
             ? 0
             : np_web_api_error(&reg, ERROR_HANDLE_NOT_FOUND);
}

static int web_api2_push_delete_handle(int32_t lib, int32_t h) {
  int rc = handle_check(lib, h);
  if (!rc) np_web_api_push_remove(&push, NP_WEB_API_PUSH_HANDLE, lib, h);
  return rc;
}

/* Nothing waits on a handle offline: aborting or timing one out changes nothing. */
static int web_api2_push_abort_handle(int32_t lib, int32_t h) { return handle_check(lib, h); }

static int web_api2_push_set_handle_timeout(int32_t lib, int32_t h, uint32_t timeout) {
  (void)timeout;
  return handle_check(lib, h);
}

/* Partial: the filter parameters (the push event data types to receive) are not read; no
 * event arrives to be filtered. */
static int web_api2_push_create_filter(int32_t lib, int32_t h, const char *service_name,
                                       uint32_t service_label, const void *params, uint64_t count) {
  if ((service_name && service_label == SERVICE_LABEL_INVALID) || !params || !count)
    return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  int rc = handle_check(lib, h);
  return rc ? rc : push_add(NP_WEB_API_PUSH_FILTER, lib, h, NULL);
}

static int web_api2_push_delete_filter(int32_t lib, int32_t filter) {
  int rc = np_web_api_lib_find(&reg, lib);
  if (rc) return rc;
  return np_web_api_push_remove(&push, NP_WEB_API_PUSH_FILTER, lib, filter)
             ? 0
             : np_web_api_error(&reg, ERROR_PUSH_EVENT_FILTER_NOT_FOUND);
}

/* A callback of USER_CTX on FILTER (of the same library context). */
static int register_callback(enum np_web_api_push_kind kind, int32_t user_ctx, int32_t filter,
                             const void *fn) {
  if (!fn) return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  int rc = np_web_api_user_find(&reg, user_ctx);
  if (rc) return rc;
  if (!np_web_api_push_find(&push, NP_WEB_API_PUSH_FILTER, user_ctx >> 16, filter, NULL))
    return np_web_api_error(&reg, ERROR_PUSH_EVENT_FILTER_NOT_FOUND);
  return push_add(kind, user_ctx, filter, NULL);
}

static int unregister_callback(enum np_web_api_push_kind kind, int32_t user_ctx, int32_t id) {
  int rc = np_web_api_user_find(&reg, user_ctx);
  if (rc) return rc;
  return np_web_api_push_remove(&push, kind, user_ctx, id)
             ? 0
             : np_web_api_error(&reg, ERROR_PUSH_EVENT_CALLBACK_NOT_FOUND);
}

static int web_api2_push_register_callback(int32_t user_ctx, int32_t filter, void *fn, void *arg) {
  (void)arg;
  return register_callback(NP_WEB_API_PUSH_CALLBACK, user_ctx, filter, fn);
}

static int web_api2_push_unregister_callback(int32_t user_ctx, int32_t id) {
  return unregister_callback(NP_WEB_API_PUSH_CALLBACK, user_ctx, id);
}

static int web_api2_push_register_push_context_callback(int32_t user_ctx, int32_t filter, void *fn,
                                                        void *arg) {
  (void)arg;
  return register_callback(NP_WEB_API_PUSH_CONTEXT_CALLBACK, user_ctx, filter, fn);
}

static int web_api2_push_unregister_push_context_callback(int32_t user_ctx, int32_t id) {
  return unregister_callback(NP_WEB_API_PUSH_CONTEXT_CALLBACK, user_ctx, id);
}

/* SceNpWebApi2PushEventPushContextId: char uuid[36 + 1], the push context's UUID. */
static int web_api2_push_create_push_context(int32_t user_ctx, char *id) {
  if (!id) return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  int rc = np_web_api_user_find(&reg, user_ctx);
  if (rc) return rc;
  rc = push_add(NP_WEB_API_PUSH_CONTEXT, user_ctx, 0, id);
  return rc > 0 ? 0 : rc;
}

/* The id of USER_CTX's push context named ID, or the error. */
static int push_context(int32_t user_ctx, const char *id, int32_t *out) {
  if (!id) return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  int rc = np_web_api_user_find(&reg, user_ctx);
  if (rc) return rc;
  *out = np_web_api_push_find_uuid(&push, user_ctx, id);
  return *out ? 0 : np_web_api_error(&reg, ERROR_PUSH_CONTEXT_NOT_FOUND);
}

static int web_api2_push_delete_push_context(int32_t user_ctx, const char *id) {
  int32_t n;
  int rc = push_context(user_ctx, id, &n);
  if (!rc) np_web_api_push_remove(&push, NP_WEB_API_PUSH_CONTEXT, user_ctx, n);
  return rc;
}

/* Starting the callbacks of a push context: none is ever due offline. */
static int web_api2_push_start_push_context_callback(int32_t user_ctx, const char *id) {
  int32_t n;
  return push_context(user_ctx, id, &n);
}

static const struct hle_symbol web_api2_symbols[] = {
    HLE_FUNC("+o9816YQhqQ", sceNpWebApi2Initialize, web_api2_initialize, HLE_PARTIAL),
    HLE_FUNC("bEvXpcEk200", sceNpWebApi2Terminate, web_api2_terminate, HLE_IMPLEMENTED),
    HLE_FUNC("sk54bi6FtYM", sceNpWebApi2CreateUserContext, web_api2_create_user_context,
             HLE_IMPLEMENTED),
    HLE_FUNC("9X9+cneTGUU", sceNpWebApi2DeleteUserContext, web_api2_delete_user_context,
             HLE_IMPLEMENTED),
    HLE_FUNC("3EI-OSJ65Xc", sceNpWebApi2CreateRequest, web_api2_create_request, HLE_IMPLEMENTED),
    HLE_FUNC("vvzWO-DvG1s", sceNpWebApi2DeleteRequest, web_api2_delete_request, HLE_IMPLEMENTED),
    HLE_FUNC("lQOCF84lvzw", sceNpWebApi2SendRequest, web_api2_send_request, HLE_IMPLEMENTED),
    HLE_FUNC("zpiPsH7dbFQ", sceNpWebApi2AbortRequest, web_api2_abort_request, HLE_IMPLEMENTED),
    HLE_FUNC("egOOvrnF6mI", sceNpWebApi2AddHttpRequestHeader, web_api2_add_http_request_header,
             HLE_IMPLEMENTED),
    HLE_FUNC("3Tt9zL3tkoc", sceNpWebApi2CheckTimeout, web_api2_check_timeout, HLE_IMPLEMENTED),
    HLE_FUNC("WV1GwM32NgY", sceNpWebApi2PushEventCreateHandle, web_api2_push_create_handle,
             HLE_IMPLEMENTED),
    HLE_FUNC("fIATVMo4Y1w", sceNpWebApi2PushEventDeleteHandle, web_api2_push_delete_handle,
             HLE_IMPLEMENTED),
    HLE_FUNC("1OLgvahaSco", sceNpWebApi2PushEventAbortHandle, web_api2_push_abort_handle,
             HLE_IMPLEMENTED),
    HLE_FUNC("KWkc6Q3tjXc", sceNpWebApi2PushEventSetHandleTimeout, web_api2_push_set_handle_timeout,
             HLE_IMPLEMENTED),
    HLE_FUNC("MsaFhR+lPE4", sceNpWebApi2PushEventCreateFilter, web_api2_push_create_filter,
             HLE_PARTIAL),
    HLE_FUNC("KJdPcOGmK58", sceNpWebApi2PushEventDeleteFilter, web_api2_push_delete_filter,
             HLE_IMPLEMENTED),
    HLE_FUNC("fY3QqeNkF8k", sceNpWebApi2PushEventRegisterCallback, web_api2_push_register_callback,
             HLE_IMPLEMENTED),
    HLE_FUNC("hOnIlcGrO6g", sceNpWebApi2PushEventUnregisterCallback,
             web_api2_push_unregister_callback, HLE_IMPLEMENTED),
    HLE_FUNC("lxtHJMwBsaU", sceNpWebApi2PushEventRegisterPushContextCallback,
             web_api2_push_register_push_context_callback, HLE_IMPLEMENTED),
    HLE_FUNC("PmyrbbJSFz0", sceNpWebApi2PushEventUnregisterPushContextCallback,
             web_api2_push_unregister_push_context_callback, HLE_IMPLEMENTED),
    HLE_FUNC("NNVf18SlbT8", sceNpWebApi2PushEventCreatePushContext,
             web_api2_push_create_push_context, HLE_IMPLEMENTED),
    HLE_FUNC("QafxeZM3WK4", sceNpWebApi2PushEventDeletePushContext,
             web_api2_push_delete_push_context, HLE_IMPLEMENTED),
    HLE_FUNC("AAj9X+4aGYA", sceNpWebApi2PushEventStartPushContextCallback,
             web_api2_push_start_push_context_callback, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceNpWebApi2 = {
    .library_name = "libSceNpWebApi2",
    .library_version = 1,
    .module_name = "libSceNpWebApi2",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = web_api2_symbols,
    .symbol_count = sizeof web_api2_symbols / sizeof web_api2_symbols[0],
};
