/* libSceNpWebApi: PlayStation Network web APIs, the PS4's library (names and types as the
 * console SDK spells them; a selection). prospero is offline: requests are sent to nowhere
 * and fail with SCE_NP_WEBAPI_ERROR_NOT_SIGNED_IN. */
#ifndef _PROSPERO_NP_NP_WEBAPI_H
#define _PROSPERO_NP_NP_WEBAPI_H

#include <stddef.h>
#include <stdint.h>

#include "../_prospero_cdefs.h"
#include "../np_manager.h"
#include "../user_service.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_WEBAPI_ERROR_OUT_OF_MEMORY ((int)0x80552901)
#define SCE_NP_WEBAPI_ERROR_INVALID_ARGUMENT ((int)0x80552902)
#define SCE_NP_WEBAPI_ERROR_INVALID_LIB_CONTEXT_ID ((int)0x80552903)
#define SCE_NP_WEBAPI_ERROR_LIB_CONTEXT_NOT_FOUND ((int)0x80552904)
#define SCE_NP_WEBAPI_ERROR_USER_CONTEXT_NOT_FOUND ((int)0x80552905)
#define SCE_NP_WEBAPI_ERROR_REQUEST_NOT_FOUND ((int)0x80552906)
#define SCE_NP_WEBAPI_ERROR_NOT_SIGNED_IN ((int)0x80552907)
#define SCE_NP_WEBAPI_ERROR_INVALID_CONTENT_PARAMETER ((int)0x80552908)
#define SCE_NP_WEBAPI_ERROR_USER_CONTEXT_ALREADY_EXIST ((int)0x8055290A)
#define SCE_NP_WEBAPI_ERROR_SIGNED_IN_USER_NOT_FOUND ((int)0x80552910)
#define SCE_NP_WEBAPI_ERROR_LIB_CONTEXT_MAX ((int)0x8055291A)
#define SCE_NP_WEBAPI_ERROR_USER_CONTEXT_MAX ((int)0x8055291B)

typedef enum SceNpWebApiHttpMethod {
  SCE_NP_WEBAPI_HTTP_METHOD_GET,
  SCE_NP_WEBAPI_HTTP_METHOD_POST,
  SCE_NP_WEBAPI_HTTP_METHOD_PUT,
  SCE_NP_WEBAPI_HTTP_METHOD_DELETE
} SceNpWebApiHttpMethod;

typedef struct SceNpWebApiContentParameter {
  size_t contentLength;
  const char *pContentType;
  uint8_t reserved[16];
} SceNpWebApiContentParameter;

typedef struct SceNpWebApiResponseInformationOption SceNpWebApiResponseInformationOption;

int32_t sceNpWebApiInitialize(int libHttpCtxId, size_t poolSize);
int32_t sceNpWebApiTerminate(int32_t libCtxId);
int32_t sceNpWebApiCreateContextA(int32_t libCtxId, SceUserServiceUserId userId);
int32_t sceNpWebApiCreateContext(int32_t libCtxId, const SceNpOnlineId *onlineId);
int32_t sceNpWebApiDeleteContext(int32_t titleUserCtxId);
int32_t sceNpWebApiCreateRequest(int32_t titleUserCtxId, const char *pApiGroup, const char *pPath,
                                 SceNpWebApiHttpMethod method,
                                 const SceNpWebApiContentParameter *pContentParameter,
                                 int64_t *pRequestId);
int32_t sceNpWebApiDeleteRequest(int64_t requestId);
int32_t sceNpWebApiSendRequest(int64_t requestId, const void *pData, size_t dataSize);
int32_t sceNpWebApiSendRequest2(int64_t requestId, const void *pData, size_t dataSize,
                                SceNpWebApiResponseInformationOption *pRespInfoOption);
int32_t sceNpWebApiAbortRequest(int64_t requestId);
int32_t sceNpWebApiAddHttpRequestHeader(int64_t requestId, const char *pFieldName,
                                        const char *pValue);

void sceNpWebApiCheckTimeout(void);

__PROSPERO_END_DECLS

#endif
