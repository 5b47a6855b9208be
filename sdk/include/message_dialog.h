/* libSceMsgDialog: message, progress bar and system message dialogs (names and types as the
 * console SDK spells them). */
#ifndef _PROSPERO_MESSAGE_DIALOG_H
#define _PROSPERO_MESSAGE_DIALOG_H

#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"
#include "common_dialog.h"

__PROSPERO_BEGIN_DECLS

typedef int32_t SceMsgDialogMode;
#define SCE_MSG_DIALOG_MODE_USER_MSG 1
#define SCE_MSG_DIALOG_MODE_PROGRESS_BAR 2
#define SCE_MSG_DIALOG_MODE_SYSTEM_MSG 3

typedef int32_t SceMsgDialogButtonType;
#define SCE_MSG_DIALOG_BUTTON_TYPE_OK 0
#define SCE_MSG_DIALOG_BUTTON_TYPE_YESNO 1
#define SCE_MSG_DIALOG_BUTTON_TYPE_NONE 2
#define SCE_MSG_DIALOG_BUTTON_TYPE_OK_CANCEL 3
#define SCE_MSG_DIALOG_BUTTON_TYPE_WAIT 5
#define SCE_MSG_DIALOG_BUTTON_TYPE_WAIT_CANCEL 6
#define SCE_MSG_DIALOG_BUTTON_TYPE_YESNO_FOCUS_NO 7
#define SCE_MSG_DIALOG_BUTTON_TYPE_OK_CANCEL_FOCUS_CANCEL 8
#define SCE_MSG_DIALOG_BUTTON_TYPE_2BUTTONS 9

typedef int32_t SceMsgDialogButtonId;
#define SCE_MSG_DIALOG_BUTTON_ID_INVALID 0
#define SCE_MSG_DIALOG_BUTTON_ID_OK 1
#define SCE_MSG_DIALOG_BUTTON_ID_YES 1
#define SCE_MSG_DIALOG_BUTTON_ID_NO 2
#define SCE_MSG_DIALOG_BUTTON_ID_BUTTON1 1
#define SCE_MSG_DIALOG_BUTTON_ID_BUTTON2 2

typedef int32_t SceMsgDialogProgressBarType;
#define SCE_MSG_DIALOG_PROGRESSBAR_TYPE_PERCENTAGE 0
#define SCE_MSG_DIALOG_PROGRESSBAR_TYPE_PERCENTAGE_CANCEL 1
typedef int32_t SceMsgDialogProgressBarTarget;
#define SCE_MSG_DIALOG_PROGRESSBAR_TARGET_BAR_DEFAULT 0

typedef struct SceMsgDialogButtonsParam {
  const char *msg1;
  const char *msg2;
  char reserved[32];
} SceMsgDialogButtonsParam;

typedef struct SceMsgDialogUserMessageParam {
  SceMsgDialogButtonType buttonType;
  int32_t pad;
  const char *msg;
  SceMsgDialogButtonsParam *buttonsParam;
  char reserved[24];
} SceMsgDialogUserMessageParam;

typedef struct SceMsgDialogProgressBarParam {
  SceMsgDialogProgressBarType barType;
  int32_t pad;
  const char *msg;
  char reserved[64];
} SceMsgDialogProgressBarParam;

typedef struct SceMsgDialogSystemMessageParam {
  int32_t sysMsgType;
  char reserved[32];
} SceMsgDialogSystemMessageParam;

typedef struct SceMsgDialogParam {
  SceCommonDialogBaseParam baseParam;
  size_t size;
  SceMsgDialogMode mode;
  int32_t pad;
  SceMsgDialogUserMessageParam *userMsgParam;
  SceMsgDialogProgressBarParam *progBarParam;
  SceMsgDialogSystemMessageParam *sysMsgParam;
  int32_t userId;
  char reserved[40];
  int32_t pad2;
} SceMsgDialogParam;

typedef struct SceMsgDialogResult {
  SceMsgDialogMode mode;
  int32_t result;
  SceMsgDialogButtonId buttonId;
  char reserved[32];
} SceMsgDialogResult;

static inline void sceMsgDialogParamInitialize(SceMsgDialogParam *param) {
  for (size_t i = 0; i < sizeof *param; i++) ((uint8_t *)param)[i] = 0;
  _sceCommonDialogBaseParamInit(&param->baseParam);
  param->size = sizeof(SceMsgDialogParam);
}

int sceMsgDialogInitialize(void);
int sceMsgDialogOpen(const SceMsgDialogParam *param);
SceCommonDialogStatus sceMsgDialogUpdateStatus(void);
SceCommonDialogStatus sceMsgDialogGetStatus(void);
int sceMsgDialogGetResult(SceMsgDialogResult *result);
int sceMsgDialogClose(void);
int sceMsgDialogTerminate(void);
int sceMsgDialogProgressBarSetValue(SceMsgDialogProgressBarTarget target, uint32_t rate);
int sceMsgDialogProgressBarInc(SceMsgDialogProgressBarTarget target, uint32_t delta);

__PROSPERO_END_DECLS

#endif
