/* libSceImeDialog: the system's text entry (names and types as the console SDK spells
 * them). Text is UTF-16. */
#ifndef _PROSPERO_IME_DIALOG_H
#define _PROSPERO_IME_DIALOG_H

#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_IME_ERROR_BUSY ((int)0x80BC0001)
#define SCE_IME_ERROR_INVALID_USER_ID ((int)0x80BC0010)
#define SCE_IME_ERROR_INVALID_TYPE ((int)0x80BC0011)
#define SCE_IME_ERROR_INVALID_MAX_TEXT_LENGTH ((int)0x80BC0016)
#define SCE_IME_ERROR_INVALID_INPUT_TEXT_BUFFER ((int)0x80BC0017)
#define SCE_IME_ERROR_INVALID_ADDRESS ((int)0x80BC0031)
#define SCE_IME_DIALOG_ERROR_NOT_RUNNING ((int)0x80BC0105)
#define SCE_IME_DIALOG_ERROR_NOT_FINISHED ((int)0x80BC0106)
#define SCE_IME_DIALOG_ERROR_NOT_IN_USE ((int)0x80BC0107)

typedef int32_t SceImeDialogStatus;
#define SCE_IME_DIALOG_STATUS_NONE 0
#define SCE_IME_DIALOG_STATUS_RUNNING 1
#define SCE_IME_DIALOG_STATUS_FINISHED 2

typedef int32_t SceImeDialogEndStatus;
#define SCE_IME_DIALOG_END_STATUS_OK 0
#define SCE_IME_DIALOG_END_STATUS_USER_CANCELED 1
#define SCE_IME_DIALOG_END_STATUS_ABORTED 2

typedef uint32_t SceImeType;
#define SCE_IME_TYPE_DEFAULT 0
#define SCE_IME_TYPE_BASIC_LATIN 1
#define SCE_IME_TYPE_URL 2
#define SCE_IME_TYPE_MAIL 3
#define SCE_IME_TYPE_NUMBER 4

typedef struct SceImeDialogParam {
  int32_t userId;
  SceImeType type;
  uint64_t supportedLanguages;
  uint32_t enterLabel;
  uint32_t inputMethod;
  void *filter;
  uint32_t option;
  uint32_t maxTextLength;
  uint16_t *inputTextBuffer;
  float posx;
  float posy;
  uint32_t horizontalAlignment;
  uint32_t verticalAlignment;
  const uint16_t *placeholder;
  const uint16_t *title;
  int8_t reserved[16];
} SceImeDialogParam;

typedef struct SceImeParamExtended SceImeParamExtended;

typedef struct SceImeDialogResult {
  SceImeDialogEndStatus endstatus;
  int32_t reserved[12];
} SceImeDialogResult;

static inline void sceImeDialogParamInit(SceImeDialogParam *param) {
  for (unsigned long i = 0; i < sizeof *param; i++) ((uint8_t *)param)[i] = 0;
  param->userId = -1;
}

int sceImeDialogInit(const SceImeDialogParam *param, const SceImeParamExtended *extended);
SceImeDialogStatus sceImeDialogGetStatus(void);
int sceImeDialogGetResult(SceImeDialogResult *result);
int sceImeDialogAbort(void);
int sceImeDialogTerm(void);

__PROSPERO_END_DECLS

#endif
