/* libSceCommonDialog: the dialog system shared by the system dialogs (names and types as
 * the console SDK spells them). */
#ifndef _PROSPERO_COMMON_DIALOG_H
#define _PROSPERO_COMMON_DIALOG_H

#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_COMMON_DIALOG_ERROR_NOT_SYSTEM_INITIALIZED ((int)0x80B80001)
#define SCE_COMMON_DIALOG_ERROR_ALREADY_SYSTEM_INITIALIZED ((int)0x80B80002)
#define SCE_COMMON_DIALOG_ERROR_NOT_INITIALIZED ((int)0x80B80003)
#define SCE_COMMON_DIALOG_ERROR_ALREADY_INITIALIZED ((int)0x80B80004)
#define SCE_COMMON_DIALOG_ERROR_NOT_FINISHED ((int)0x80B80005)
#define SCE_COMMON_DIALOG_ERROR_INVALID_STATE ((int)0x80B80006)
#define SCE_COMMON_DIALOG_ERROR_RESULT_NONE ((int)0x80B80007)
#define SCE_COMMON_DIALOG_ERROR_BUSY ((int)0x80B80008)
#define SCE_COMMON_DIALOG_ERROR_OUT_OF_MEMORY ((int)0x80B80009)
#define SCE_COMMON_DIALOG_ERROR_PARAM_INVALID ((int)0x80B8000A)
#define SCE_COMMON_DIALOG_ERROR_NOT_RUNNING ((int)0x80B8000B)
#define SCE_COMMON_DIALOG_ERROR_ALREADY_CLOSE ((int)0x80B8000C)
#define SCE_COMMON_DIALOG_ERROR_ARG_NULL ((int)0x80B8000D)
#define SCE_COMMON_DIALOG_ERROR_UNEXPECTED_FATAL ((int)0x80B8000E)
#define SCE_COMMON_DIALOG_ERROR_NOT_SUPPORTED ((int)0x80B8000F)

typedef enum SceCommonDialogStatus {
  SCE_COMMON_DIALOG_STATUS_NONE = 0,
  SCE_COMMON_DIALOG_STATUS_INITIALIZED = 1,
  SCE_COMMON_DIALOG_STATUS_RUNNING = 2,
  SCE_COMMON_DIALOG_STATUS_FINISHED = 3,
} SceCommonDialogStatus;

typedef enum SceCommonDialogResult {
  SCE_COMMON_DIALOG_RESULT_OK = 0,
  SCE_COMMON_DIALOG_RESULT_USER_CANCELED = 1,
} SceCommonDialogResult;

#define SCE_COMMON_DIALOG_MAGIC_NUMBER 0xC0D1A109

typedef struct SceCommonDialogBaseParam {
  size_t size;
  uint8_t reserved[36];
  uint32_t magic;
} SceCommonDialogBaseParam;

static inline void _sceCommonDialogSetMagicNumber(uint32_t *magic,
                                                  const SceCommonDialogBaseParam *param) {
  *magic = (uint32_t)(SCE_COMMON_DIALOG_MAGIC_NUMBER + (uint64_t)(uintptr_t)param);
}

static inline void _sceCommonDialogBaseParamInit(SceCommonDialogBaseParam *param) {
  for (size_t i = 0; i < sizeof *param; i++) ((uint8_t *)param)[i] = 0;
  param->size = sizeof(SceCommonDialogBaseParam);
  _sceCommonDialogSetMagicNumber(&param->magic, param);
}

int sceCommonDialogInitialize(void);
_Bool sceCommonDialogIsUsed(void);

__PROSPERO_END_DECLS

#endif
