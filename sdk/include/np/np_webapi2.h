/* libSceNpWebApi2: PlayStation Network web APIs, the PS5's library (names and types as the
 * console SDK spells them; a selection). prospero is offline: requests are sent to nowhere
 * and fail with SCE_NP_WEBAPI2_ERROR_NOT_SIGNED_IN. */
#ifndef _PROSPERO_NP_NP_WEBAPI2_H
#define _PROSPERO_NP_NP_WEBAPI2_H

#include <stddef.h>
#include <stdint.h>

#include "../_prospero_cdefs.h"
#include "../user_service.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_WEBAPI2_ERROR_OUT_OF_MEMORY ((int)0x80553401)
#define SCE_NP_WEBAPI2_ERROR_INVALID_ARGUMENT ((int)0x80553402)
#define SCE_NP_WEBAPI2_ERROR_INVALID_LIB_CONTEXT_ID ((int)0x80553403)
#define SCE_NP_WEBAPI2_ERROR_LIB_CONTEXT_NOT_FOUND ((int)0x80553404)
#define SCE_NP_WEBAPI2_ERROR_USER_CONTEXT_NOT_FOUND ((int)0x80553405)
#define SCE_NP_WEBAPI2_ERROR_REQUEST_NOT_FOUND ((int)0x80553406)
#define SCE_NP_WEBAPI2_ERROR_NOT_SIGNED_IN ((int)0x80553407)
#define SCE_NP_WEBAPI2_ERROR_INVALID_CONTENT_PARAMETER ((int)0x80553408)
#define SCE_NP_WEBAPI2_ERROR_USER_CONTEXT_ALREADY_EXIST ((int)0x8055340a)
#define SCE_NP_WEBAPI2_ERROR_PUSH_EVENT_FILTER_NOT_FOUND ((int)0x8055340b)
#define SCE_NP_WEBAPI2_ERROR_PUSH_EVENT_CALLBACK_NOT_FOUND ((int)0x8055340c)
#define SCE_NP_WEBAPI2_ERROR_HANDLE_NOT_FOUND ((int)0x8055340d)
#define SCE_NP_WEBAPI2_ERROR_PARAMETER_TOO_LONG ((int)0x80553416)
#define SCE_NP_WEBAPI2_ERROR_LIB_CONTEXT_MAX ((int)0x80553418)
#define SCE_NP_WEBAPI2_ERROR_USER_CONTEXT_MAX ((int)0x80553419)
#define SCE_NP_WEBAPI2_ERROR_PUSH_CONTEXT_NOT_FOUND ((int)0x8055341c)

#define SCE_NP_WEBAPI2_HTTP_METHOD_GET "GET"
#define SCE_NP_WEBAPI2_HTTP_METHOD_POST "POST"
#define SCE_NP_WEBAPI2_HTTP_METHOD_PUT "PUT"
#define SCE_NP_WEBAPI2_HTTP_METHOD_DELETE "DELETE"
#define SCE_NP_WEBAPI2_HTTP_METHOD_PATCH "PATCH"

typedef struct SceNpWebApi2ContentParameter {
  size_t contentLength;
  const char *pContentType;
  uint8_t reserved[16];
} SceNpWebApi2ContentParameter;

typedef struct SceNpWebApi2ResponseInformationOption SceNpWebApi2ResponseInformationOption;

int32_t sceNpWebApi2Initialize(int libHttpCtxId, size_t poolSize);
int32_t sceNpWebApi2Terminate(int32_t libCtxId);
int32_t sceNpWebApi2CreateUserContext(int32_t libCtxId, SceUserServiceUserId userId);
int32_t sceNpWebApi2DeleteUserContext(int32_t userCtxId);
int32_t sceNpWebApi2CreateRequest(int32_t userCtxId, const char *pApiGroup, const char *pPath,
                                  const char *method,
                                  const SceNpWebApi2ContentParameter *pContentParameter,
                                  int64_t *pRequestId);
int32_t sceNpWebApi2DeleteRequest(int64_t requestId);
int32_t sceNpWebApi2SendRequest(int64_t requestId, const void *pData, size_t dataSize,
                                SceNpWebApi2ResponseInformationOption *pRespInfoOption);
int32_t sceNpWebApi2AbortRequest(int64_t requestId);
int32_t sceNpWebApi2AddHttpRequestHeader(int64_t requestId, const char *pFieldName,
                                         const char *pValue);

void sceNpWebApi2CheckTimeout(void);

#define SCE_NP_WEBAPI2_PUSH_EVENT_UUID_LENGTH 36
typedef struct SceNpWebApi2PushEventPushContextId {
  char uuid[SCE_NP_WEBAPI2_PUSH_EVENT_UUID_LENGTH + 1];
} SceNpWebApi2PushEventPushContextId;

/* Filter parameters and callbacks: their contents are not read offline (no push event
 * arrives). */
typedef struct SceNpWebApi2PushEventFilterParameter SceNpWebApi2PushEventFilterParameter;
typedef void (*SceNpWebApi2PushEventCallback)(int32_t userCtxId, int32_t callbackId,
                                              const char *pNpServiceName,
                                              uint32_t npServiceLabel, const void *pTo,
                                              const void *pFrom, const void *pDataType,
                                              const char *pData, size_t dataLen,
                                              void *pUserArg);
typedef void (*SceNpWebApi2PushEventPushContextCallback)(void);

int32_t sceNpWebApi2PushEventCreateHandle(int32_t libCtxId);
int32_t sceNpWebApi2PushEventDeleteHandle(int32_t libCtxId, int32_t handleId);
int32_t sceNpWebApi2PushEventAbortHandle(int32_t libCtxId, int32_t handleId);
int32_t sceNpWebApi2PushEventSetHandleTimeout(int32_t libCtxId, int32_t handleId,
                                              uint32_t timeout);
int32_t sceNpWebApi2PushEventCreateFilter(int32_t libCtxId, int32_t handleId,
                                          const char *pNpServiceName, uint32_t npServiceLabel,
                                          const SceNpWebApi2PushEventFilterParameter *pFilterParam,
                                          size_t filterParamNum);
int32_t sceNpWebApi2PushEventDeleteFilter(int32_t libCtxId, int32_t filterId);
int32_t sceNpWebApi2PushEventRegisterCallback(int32_t userCtxId, int32_t filterId,
                                              SceNpWebApi2PushEventCallback cbFunc,
                                              void *pUserArg);
int32_t sceNpWebApi2PushEventUnregisterCallback(int32_t userCtxId, int32_t callbackId);
int32_t sceNpWebApi2PushEventRegisterPushContextCallback(
    int32_t userCtxId, int32_t filterId, SceNpWebApi2PushEventPushContextCallback cbFunc,
    void *pUserArg);
int32_t sceNpWebApi2PushEventUnregisterPushContextCallback(int32_t userCtxId,
                                                           int32_t callbackId);
int32_t sceNpWebApi2PushEventCreatePushContext(int32_t userCtxId,
                                               SceNpWebApi2PushEventPushContextId *pPushCtxId);
int32_t sceNpWebApi2PushEventDeletePushContext(
    int32_t userCtxId, const SceNpWebApi2PushEventPushContextId *pPushCtxId);
int32_t sceNpWebApi2PushEventStartPushContextCallback(
    int32_t userCtxId, const SceNpWebApi2PushEventPushContextId *pPushCtxId);

__PROSPERO_END_DECLS

#endif
