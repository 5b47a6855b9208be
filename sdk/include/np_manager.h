/* libSceNpManager: PlayStation Network accounts (names and types as the console SDK spells
 * them; a selection). */
#ifndef _PROSPERO_NP_MANAGER_H
#define _PROSPERO_NP_MANAGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_NP_ERROR_INVALID_ARGUMENT ((int)0x80550003)
#define SCE_NP_ERROR_SIGNED_OUT ((int)0x80550006)
#define SCE_NP_ERROR_USER_NOT_FOUND ((int)0x80550007)
#define SCE_NP_ERROR_CALLBACK_ALREADY_REGISTERED ((int)0x80550008)
#define SCE_NP_ERROR_CALLBACK_NOT_REGISTERED ((int)0x80550009)
#define SCE_NP_ERROR_INVALID_SIZE ((int)0x80550011)
#define SCE_NP_ERROR_ABORTED ((int)0x80550012)
#define SCE_NP_ERROR_REQUEST_MAX ((int)0x80550013)
#define SCE_NP_ERROR_REQUEST_NOT_FOUND ((int)0x80550014)
#define SCE_NP_ERROR_INVALID_ID ((int)0x80550015)

typedef int32_t SceNpState;
#define SCE_NP_STATE_UNKNOWN 0
#define SCE_NP_STATE_SIGNED_OUT 1
#define SCE_NP_STATE_SIGNED_IN 2

typedef uint64_t SceNpAccountId;

#define SCE_NP_ONLINEID_MAX_LENGTH 16
typedef struct SceNpOnlineId {
  char data[SCE_NP_ONLINEID_MAX_LENGTH];
  char term;
  char dummy[3];
} SceNpOnlineId;

typedef struct SceNpId {
  SceNpOnlineId handle;
  uint8_t opt[8];
  uint8_t reserved[8];
} SceNpId;

typedef struct SceNpTitleId {
  char id[12 + 1];
  uint8_t padding[3];
} SceNpTitleId;

typedef struct SceNpTitleSecret {
  uint8_t data[128];
} SceNpTitleSecret;

typedef void (*SceNpStateCallbackA)(int32_t userId, SceNpState state, void *userdata);

int sceNpGetState(int32_t userId, SceNpState *state);
int sceNpGetAccountIdA(int32_t userId, SceNpAccountId *accountId);
int sceNpGetOnlineId(int32_t userId, SceNpOnlineId *onlineId);
int sceNpGetNpId(int32_t userId, SceNpId *npId);
int sceNpRegisterStateCallbackA(SceNpStateCallbackA callback, void *userdata);
int sceNpUnregisterStateCallbackA(int callbackId);
int sceNpCheckCallback(void);
int sceNpSetNpTitleId(const SceNpTitleId *titleId, const SceNpTitleSecret *titleSecret);

typedef struct SceNpCreateAsyncRequestParameter {
  size_t size;
  uint64_t cpuAffinityMask; /* SceKernelCpumask */
  int threadPriority;
  uint8_t padding[4];
} SceNpCreateAsyncRequestParameter;

typedef struct SceNpCountryCode {
  char data[2];
  char term;
  char padding[1];
} SceNpCountryCode;

int sceNpCreateRequest(void);
int sceNpCreateAsyncRequest(const SceNpCreateAsyncRequestParameter *param);
int sceNpDeleteRequest(int reqId);
int sceNpAbortRequest(int reqId);
int sceNpPollAsync(int reqId, int *result);
int sceNpWaitAsync(int reqId, int *result);
int sceNpCheckNpAvailabilityA(int reqId, int32_t userId);
int sceNpCheckNpAvailability(int reqId, const SceNpOnlineId *onlineId);
int sceNpCheckNpReachability(int reqId, int32_t userId);
int sceNpGetAccountCountryA(int32_t userId, SceNpCountryCode *countryCode);
int sceNpHasSignedUp(int32_t userId, bool *hasSignedUp);

/* libSceNpCommon: id comparisons */
#define SCE_NP_UTIL_ERROR_NOT_MATCH ((int)0x80550609)
int sceNpCmpOnlineId(const SceNpOnlineId *onlineId1, const SceNpOnlineId *onlineId2);
int sceNpCmpNpId(const SceNpId *npId1, const SceNpId *npId2);
int sceNpCmpNpIdInOrder(const SceNpId *npId1, const SceNpId *npId2, int32_t *order);

__PROSPERO_END_DECLS

#endif
