/* libSceSaveDataDialog: the system's save list and save messages (names and types as the
 * console SDK spells them). */
#ifndef _PROSPERO_SAVE_DATA_DIALOG_H
#define _PROSPERO_SAVE_DATA_DIALOG_H

#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"
#include "common_dialog.h"
#include "save_data.h"

__PROSPERO_BEGIN_DECLS

typedef int32_t SceSaveDataDialogMode;
#define SCE_SAVE_DATA_DIALOG_MODE_LIST 1
#define SCE_SAVE_DATA_DIALOG_MODE_USER_MSG 2
#define SCE_SAVE_DATA_DIALOG_MODE_SYSTEM_MSG 3
#define SCE_SAVE_DATA_DIALOG_MODE_ERROR_CODE 4
#define SCE_SAVE_DATA_DIALOG_MODE_PROGRESS_BAR 5

typedef int32_t SceSaveDataDialogType;
#define SCE_SAVE_DATA_DIALOG_TYPE_SAVE 1
#define SCE_SAVE_DATA_DIALOG_TYPE_LOAD 2
#define SCE_SAVE_DATA_DIALOG_TYPE_DELETE 3

typedef int32_t SceSaveDataDialogButtonType;
#define SCE_SAVE_DATA_DIALOG_BUTTON_TYPE_OK 0
#define SCE_SAVE_DATA_DIALOG_BUTTON_TYPE_YESNO 1
#define SCE_SAVE_DATA_DIALOG_BUTTON_TYPE_NONE 2
#define SCE_SAVE_DATA_DIALOG_BUTTON_TYPE_OKCANCEL 3

typedef int32_t SceSaveDataDialogButtonId;
#define SCE_SAVE_DATA_DIALOG_BUTTON_ID_INVALID 0
#define SCE_SAVE_DATA_DIALOG_BUTTON_ID_OK 1
#define SCE_SAVE_DATA_DIALOG_BUTTON_ID_YES 1
#define SCE_SAVE_DATA_DIALOG_BUTTON_ID_NO 2

typedef int32_t SceSaveDataDialogProgressBarTarget;
#define SCE_SAVE_DATA_DIALOG_PROGRESSBAR_TARGET_BAR_DEFAULT 0

typedef struct SceSaveDataDialogNewItem {
  const char *title;
  void *iconBuf;
  size_t iconSize;
  uint8_t reserved[32];
} SceSaveDataDialogNewItem;

typedef struct SceSaveDataDialogItems {
  int32_t userId;
  int32_t pad;
  const SceSaveDataTitleId *titleId;
  const SceSaveDataDirName *dirName;
  uint32_t dirNameNum;
  int32_t pad2;
  const SceSaveDataDialogNewItem *newItem;
  uint32_t focusPos;
  int32_t pad3;
  const SceSaveDataDirName *focusPosDirName;
  uint32_t itemStyle;
  uint8_t reserved[32];
} SceSaveDataDialogItems;

typedef struct SceSaveDataDialogUserMessageParam {
  SceSaveDataDialogButtonType buttonType;
  int32_t msgType;
  const char *msg;
  uint8_t reserved[32];
} SceSaveDataDialogUserMessageParam;

typedef struct SceSaveDataDialogSystemMessageParam {
  int32_t sysMsgType;
  int32_t pad;
  uint64_t value;
  uint8_t reserved[32];
} SceSaveDataDialogSystemMessageParam;

typedef struct SceSaveDataDialogErrorCodeParam {
  int32_t errorCode;
  uint8_t reserved[32];
} SceSaveDataDialogErrorCodeParam;

typedef struct SceSaveDataDialogProgressBarParam {
  int32_t barType;
  int32_t pad;
  const char *msg;
  int32_t sysMsgType;
  uint8_t reserved[28];
} SceSaveDataDialogProgressBarParam;

typedef struct SceSaveDataDialogParam {
  SceCommonDialogBaseParam baseParam;
  int32_t size;
  SceSaveDataDialogMode mode;
  SceSaveDataDialogType dispType;
  int32_t pad;
  void *animParam;
  SceSaveDataDialogItems *items;
  SceSaveDataDialogUserMessageParam *userMsgParam;
  SceSaveDataDialogSystemMessageParam *sysMsgParam;
  SceSaveDataDialogErrorCodeParam *errorCodeParam;
  SceSaveDataDialogProgressBarParam *progBarParam;
  void *userData;
  void *optionParam;
  uint8_t reserved[24];
} SceSaveDataDialogParam;

typedef struct SceSaveDataDialogResult {
  SceSaveDataDialogMode mode;
  int32_t result;
  SceSaveDataDialogButtonId buttonId;
  int32_t pad;
  SceSaveDataDirName *dirName;
  SceSaveDataParam *param;
  void *userData;
  uint8_t reserved[32];
} SceSaveDataDialogResult;

typedef struct SceSaveDataDialogCloseParam {
  int32_t anim;
  uint8_t reserved[32];
} SceSaveDataDialogCloseParam;

static inline void sceSaveDataDialogParamInitialize(SceSaveDataDialogParam *param) {
  for (size_t i = 0; i < sizeof *param; i++) ((uint8_t *)param)[i] = 0;
  _sceCommonDialogBaseParamInit(&param->baseParam);
  param->size = (int32_t)sizeof(SceSaveDataDialogParam);
}

int sceSaveDataDialogInitialize(void);
int sceSaveDataDialogOpen(const SceSaveDataDialogParam *param);
SceCommonDialogStatus sceSaveDataDialogUpdateStatus(void);
SceCommonDialogStatus sceSaveDataDialogGetStatus(void);
int sceSaveDataDialogGetResult(SceSaveDataDialogResult *result);
int sceSaveDataDialogClose(const SceSaveDataDialogCloseParam *closeParam);
int sceSaveDataDialogTerminate(void);
int sceSaveDataDialogIsReadyToDisplay(void);
int sceSaveDataDialogProgressBarSetValue(SceSaveDataDialogProgressBarTarget target, uint32_t rate);
int sceSaveDataDialogProgressBarInc(SceSaveDataDialogProgressBarTarget target, uint32_t delta);

__PROSPERO_END_DECLS

#endif
