/* libSceNpWebApi2 (the PS5's web API library) offline: contexts and requests as on the
 * console (np_web_api_core.h), every request sent fails with NOT_SIGNED_IN. NIDs derive from
 * the names (checked by tests/unit/hle). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/hle.h"
#include "hle/libSceNpWebApi/np_web_api_core.h"

#define ERROR_PARAMETER_TOO_LONG 0x16
#define API_GROUP_MAX 63 /* an API group name of 63 characters or more is too long */

static struct np_web_api_registry reg = NP_WEB_API_REGISTRY("NpWebApi2", 0x80553400u, 0x18u, 0x19u);

/* Partial: libSceHttp2's context id is not checked (prospero has no HTTP library). */
static int web_api2_initialize(int32_t http_ctx, size_t pool_size) {
  (void)pool_size;
  LOG_ONCE(hle, WARN, "sceNpWebApi2Initialize: the HTTP context id (%d) is not checked", http_ctx);
  return np_web_api_lib_create(&reg);
}

static int web_api2_terminate(int32_t lib) { return np_web_api_lib_terminate(&reg, lib); }

static int web_api2_create_user_context(int32_t lib, int32_t user_id) {
  return np_web_api_user_create(&reg, lib, user_id);
}

static int web_api2_delete_user_context(int32_t user_ctx) {
  return np_web_api_user_delete(&reg, user_ctx);
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
