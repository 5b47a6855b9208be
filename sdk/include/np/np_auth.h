/* libSceNpAuth: PlayStation Network authorization codes and ID tokens (names and types as the
 * console SDK spells them; a selection). prospero is offline: the user is signed out. */
#ifndef _PROSPERO_NP_NP_AUTH_H
#define _PROSPERO_NP_NP_AUTH_H

#include <stddef.h>
#include <stdint.h>

#include "../_prospero_cdefs.h"
#include "../np_manager.h"
#include "../user_service.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_AUTH_ERROR_INVALID_ARGUMENT ((int)0x80550301)
#define SCE_NP_AUTH_ERROR_INVALID_SIZE ((int)0x80550302)
#define SCE_NP_AUTH_ERROR_ABORTED ((int)0x80550304)
#define SCE_NP_AUTH_ERROR_REQUEST_MAX ((int)0x80550305)
#define SCE_NP_AUTH_ERROR_REQUEST_NOT_FOUND ((int)0x80550306)
#define SCE_NP_AUTH_ERROR_INVALID_ID ((int)0x80550307)

#define SCE_NP_CLIENT_ID_MAX_LEN 128
#define SCE_NP_CLIENT_SECRET_MAX_LEN 256
#define SCE_NP_AUTHORIZATION_CODE_MAX_LEN 128
#define SCE_NP_ID_TOKEN_MAX_LEN 4096

typedef struct SceNpClientId {
  char id[SCE_NP_CLIENT_ID_MAX_LEN + 1];
  uint8_t padding[7];
} SceNpClientId;

typedef struct SceNpClientSecret {
  char secret[SCE_NP_CLIENT_SECRET_MAX_LEN + 1];
  uint8_t padding[7];
} SceNpClientSecret;

typedef struct SceNpAuthorizationCode {
  char code[SCE_NP_AUTHORIZATION_CODE_MAX_LEN + 1];
  uint8_t padding[7];
} SceNpAuthorizationCode;

typedef struct SceNpIdToken {
  char token[SCE_NP_ID_TOKEN_MAX_LEN + 1];
  uint8_t padding[7];
} SceNpIdToken;

typedef struct SceNpAuthCreateAsyncRequestParameter {
  size_t size;
  uint64_t cpuAffinityMask;
  int threadPriority;
  uint8_t padding[4];
} SceNpAuthCreateAsyncRequestParameter;

typedef struct SceNpAuthGetAuthorizationCodeParameter {
  size_t size;
  const SceNpOnlineId *pOnlineId;
  const SceNpClientId *pClientId;
  const char *pScope;
} SceNpAuthGetAuthorizationCodeParameter;

typedef struct SceNpAuthGetAuthorizationCodeParameterA {
  size_t size;
  SceUserServiceUserId userId;
  uint8_t padding[4];
  const SceNpClientId *pClientId;
  const char *pScope;
} SceNpAuthGetAuthorizationCodeParameterA;

typedef struct SceNpAuthGetIdTokenParameter {
  size_t size;
  const SceNpOnlineId *pOnlineId;
  const SceNpClientId *pClientId;
  const SceNpClientSecret *pClientSecret;
  const char *pScope;
} SceNpAuthGetIdTokenParameter;

typedef struct SceNpAuthGetIdTokenParameterA {
  size_t size;
  SceUserServiceUserId userId;
  uint8_t padding[4];
  const SceNpClientId *pClientId;
  const SceNpClientSecret *pClientSecret;
  const char *pScope;
} SceNpAuthGetIdTokenParameterA;

int sceNpAuthCreateRequest(void);
int sceNpAuthCreateAsyncRequest(const SceNpAuthCreateAsyncRequestParameter *pParam);
int sceNpAuthDeleteRequest(int reqId);
int sceNpAuthAbortRequest(int reqId);
int sceNpAuthPollAsync(int reqId, int *pResult);
int sceNpAuthWaitAsync(int reqId, int *pResult);
int sceNpAuthGetAuthorizationCode(int reqId, const SceNpAuthGetAuthorizationCodeParameter *pParam,
                                  SceNpAuthorizationCode *pAuthCode, int *pIssuerId);
int sceNpAuthGetAuthorizationCodeA(int reqId,
                                   const SceNpAuthGetAuthorizationCodeParameterA *pParam,
                                   SceNpAuthorizationCode *pAuthCode, int *pIssuerId);
int sceNpAuthGetAuthorizationCodeV3(int reqId,
                                    const SceNpAuthGetAuthorizationCodeParameterA *pParam,
                                    SceNpAuthorizationCode *pAuthCode, int *pIssuerId);
int sceNpAuthGetIdToken(int reqId, const SceNpAuthGetIdTokenParameter *pParam,
                        SceNpIdToken *pIdToken);
int sceNpAuthGetIdTokenA(int reqId, const SceNpAuthGetIdTokenParameterA *pParam,
                         SceNpIdToken *pIdToken);
int sceNpAuthGetIdTokenV3(int reqId, const SceNpAuthGetIdTokenParameterA *pParam,
                          SceNpIdToken *pIdToken);

__PROSPERO_END_DECLS

#endif
