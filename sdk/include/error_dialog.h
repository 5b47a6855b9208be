/* libSceErrorDialog: the system's message for an error code (names and types as the console
 * SDK spells them). */
#ifndef _PROSPERO_ERROR_DIALOG_H
#define _PROSPERO_ERROR_DIALOG_H

#include <stdint.h>

#include "_prospero_cdefs.h"
#include "common_dialog.h"

__PROSPERO_BEGIN_DECLS

typedef struct SceErrorDialogParam {
  int32_t size;
  int32_t errorCode;
  int32_t userId;
  int32_t reserved;
} SceErrorDialogParam;

static inline void sceErrorDialogParamInitialize(SceErrorDialogParam *param) {
  param->size = (int32_t)sizeof(SceErrorDialogParam);
  param->errorCode = 0;
  param->userId = -1;
  param->reserved = 0;
}

int sceErrorDialogInitialize(void);
int sceErrorDialogOpen(const SceErrorDialogParam *param);
SceCommonDialogStatus sceErrorDialogUpdateStatus(void);
SceCommonDialogStatus sceErrorDialogGetStatus(void);
int sceErrorDialogClose(void);
int sceErrorDialogTerminate(void);

__PROSPERO_END_DECLS

#endif
