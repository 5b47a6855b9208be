/* libSceUserService: the console's users (names and types as the console SDK spells them). */
#ifndef _PROSPERO_USER_SERVICE_H
#define _PROSPERO_USER_SERVICE_H

#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_USER_SERVICE_ERROR_INTERNAL ((int)0x80960001)
#define SCE_USER_SERVICE_ERROR_NOT_INITIALIZED ((int)0x80960002)
#define SCE_USER_SERVICE_ERROR_ALREADY_INITIALIZED ((int)0x80960003)
#define SCE_USER_SERVICE_ERROR_NO_MEMORY ((int)0x80960004)
#define SCE_USER_SERVICE_ERROR_INVALID_ARGUMENT ((int)0x80960005)
#define SCE_USER_SERVICE_ERROR_OPERATION_NOT_SUPPORTED ((int)0x80960006)
#define SCE_USER_SERVICE_ERROR_NO_EVENT ((int)0x80960007)
#define SCE_USER_SERVICE_ERROR_NOT_LOGGED_IN ((int)0x80960009)
#define SCE_USER_SERVICE_ERROR_BUFFER_TOO_SHORT ((int)0x8096000A)

#define SCE_USER_SERVICE_MAX_LOGIN_USERS 4
#define SCE_USER_SERVICE_MAX_USER_NAME_LENGTH 16
#define SCE_USER_SERVICE_USER_ID_INVALID (-1)

typedef int32_t SceUserServiceUserId;

typedef struct SceUserServiceInitializeParams {
  int32_t priority;
} SceUserServiceInitializeParams;

typedef struct SceUserServiceLoginUserIdList {
  SceUserServiceUserId userId[SCE_USER_SERVICE_MAX_LOGIN_USERS];
} SceUserServiceLoginUserIdList;

typedef int32_t SceUserServiceEventType;
#define SCE_USER_SERVICE_EVENT_TYPE_LOGIN 0
#define SCE_USER_SERVICE_EVENT_TYPE_LOGOUT 1

typedef struct SceUserServiceEvent {
  SceUserServiceEventType eventType;
  SceUserServiceUserId userId;
} SceUserServiceEvent;

int sceUserServiceInitialize(const SceUserServiceInitializeParams *initParams);
int sceUserServiceTerminate(void);
int sceUserServiceGetInitialUser(SceUserServiceUserId *userId);
int sceUserServiceGetLoginUserIdList(SceUserServiceLoginUserIdList *userIdList);
int sceUserServiceGetUserName(const SceUserServiceUserId userId, char *userName,
                              const size_t size);
int sceUserServiceGetEvent(SceUserServiceEvent *event);

__PROSPERO_END_DECLS

#endif
