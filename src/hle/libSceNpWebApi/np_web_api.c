/* libSceNpWebApi (the PS4's web API library) offline: contexts and requests as on the
 * console (np_web_api_core.h), every request sent fails with NOT_SIGNED_IN. NIDs derive from
 * the names (checked by tests/unit/hle). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/hle.h"
#include "hle/libSceNpWebApi/np_web_api_core.h"

#define HTTP_METHOD_DELETE 3 /* SceNpWebApiHttpMethod: GET, POST, PUT, DELETE */
#define ERROR_SIGNED_IN_USER_NOT_FOUND 0x10

static struct np_web_api_registry reg = NP_WEB_API_REGISTRY("NpWebApi", 0x80552900u, 0x1Au, 0x1Bu);

/* Partial: libSceHttp's context id is not checked (prospero has no HTTP library). */
static int web_api_initialize(int32_t http_ctx, size_t pool_size) {
  (void)pool_size;
  LOG_ONCE(hle, WARN, "sceNpWebApiInitialize: the HTTP context id (%d) is not checked", http_ctx);
  return np_web_api_lib_create(&reg);
}

static int web_api_terminate(int32_t lib) { return np_web_api_lib_terminate(&reg, lib); }

static int web_api_create_context_a(int32_t lib, int32_t user_id) {
  return np_web_api_user_create(&reg, lib, user_id);
}

/* Partial: the form that names the user by online id. Offline no user has one, so no
 * signed-in user matches it (the library's SIGNED_IN_USER_NOT_FOUND, chosen by its name:
 * the console's answer for this case is not documented publicly). */
static int web_api_create_context(int32_t lib, const void *online_id) {
  if (lib >= NP_WEB_API_LIB_CONTEXT_ID_LIMIT)
    return np_web_api_error(&reg, NP_WEB_API_INVALID_LIB_CONTEXT_ID);
  if (!online_id) return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  return np_web_api_error(&reg, ERROR_SIGNED_IN_USER_NOT_FOUND);
}

static int web_api_delete_context(int32_t user_ctx) {
  return np_web_api_user_delete(&reg, user_ctx);
}

/* SceNpWebApiContentParameter: uint64 contentLength, const char *pContentType, 16 reserved. */
static int web_api_create_request(int32_t user_ctx, const char *api_group, const char *path,
                                  int32_t method, const void *content, int64_t *request_id) {
  if (!api_group || !path || method < 0 || method > HTTP_METHOD_DELETE)
    return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  if (content) {
    uint64_t length;
    const char *type;
    memcpy(&length, content, sizeof length);
    memcpy(&type, (const char *)content + 8, sizeof type);
    if (length && !type) return np_web_api_error(&reg, NP_WEB_API_INVALID_CONTENT_PARAMETER);
  }
  return np_web_api_request_create(&reg, user_ctx, request_id);
}

static int web_api_delete_request(int64_t id) { return np_web_api_request_delete(&reg, id); }

static int web_api_send_request(int64_t id, const void *data, size_t size) {
  (void)data, (void)size;
  return np_web_api_request_send(&reg, id);
}

static int web_api_send_request2(int64_t id, const void *data, size_t size, void *resp_info) {
  (void)data, (void)size, (void)resp_info;
  return np_web_api_request_send(&reg, id);
}

/* Nothing is in flight offline: aborting a live request has nothing to stop. */
static int web_api_abort_request(int64_t id) { return np_web_api_request_find(&reg, id); }

/* Headers are not kept: no request is ever sent. */
static int web_api_add_http_request_header(int64_t id, const char *name, const char *value) {
  if (!name || !value) return np_web_api_error(&reg, NP_WEB_API_INVALID_ARGUMENT);
  return np_web_api_request_find(&reg, id);
}

/* Requests and push-event handles time out here on the console; offline no request is ever
 * in flight, so none is due. */
static void web_api_check_timeout(void) {}

static const struct hle_symbol web_api_symbols[] = {
    HLE_FUNC("G3AnLNdRBjE", sceNpWebApiInitialize, web_api_initialize, HLE_PARTIAL),
    HLE_FUNC("asz3TtIqGF8", sceNpWebApiTerminate, web_api_terminate, HLE_IMPLEMENTED),
    HLE_FUNC("zk6c65xoyO0", sceNpWebApiCreateContextA, web_api_create_context_a, HLE_IMPLEMENTED),
    HLE_FUNC("x1Y7yiYSk7c", sceNpWebApiCreateContext, web_api_create_context, HLE_PARTIAL),
    HLE_FUNC("XUjdsSTTZ3U", sceNpWebApiDeleteContext, web_api_delete_context, HLE_IMPLEMENTED),
    HLE_FUNC("rdgs5Z1MyFw", sceNpWebApiCreateRequest, web_api_create_request, HLE_IMPLEMENTED),
    HLE_FUNC("noQgleu+KLE", sceNpWebApiDeleteRequest, web_api_delete_request, HLE_IMPLEMENTED),
    HLE_FUNC("kVbL4hL3K7w", sceNpWebApiSendRequest, web_api_send_request, HLE_IMPLEMENTED),
    HLE_FUNC("KjNeZ-29ysQ", sceNpWebApiSendRequest2, web_api_send_request2, HLE_IMPLEMENTED),
    HLE_FUNC("JzhYTP2fG18", sceNpWebApiAbortRequest, web_api_abort_request, HLE_IMPLEMENTED),
    HLE_FUNC("joRjtRXTFoc", sceNpWebApiAddHttpRequestHeader, web_api_add_http_request_header,
             HLE_IMPLEMENTED),
    HLE_FUNC("gVNNyxf-1Sg", sceNpWebApiCheckTimeout, web_api_check_timeout, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceNpWebApi = {
    .library_name = "libSceNpWebApi",
    .library_version = 1,
    .module_name = "libSceNpWebApi",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = web_api_symbols,
    .symbol_count = sizeof web_api_symbols / sizeof web_api_symbols[0],
};
