/* The system dialogs on the host: libSceCommonDialog (the dialog system) and the dialogs
 * that follow its status machine (MsgDialog, ErrorDialog, SaveDataDialog). prospero draws
 * no dialog: it logs each one and answers it with --dialog-answer (yes, no, cancel; default
 * yes). The status machine is the console's: Initialize -> INITIALIZED, Open -> RUNNING,
 * UpdateStatus polls (the first poll after Open still reports RUNNING, the next FINISHED,
 * so a guest's polling loop runs as on the console), GetResult once FINISHED, Close ends a
 * running dialog early, Terminate -> NONE. ImeDialog has its own machine (ime_dialog.c). */
#ifndef PROSPERO_HLE_LIBSCECOMMONDIALOG_DIALOG_H
#define PROSPERO_HLE_LIBSCECOMMONDIALOG_DIALOG_H

#include <stdbool.h>
#include <stdint.h>

/* SCE_COMMON_DIALOG_ERROR_* */
#define COMMON_DIALOG_ERROR_NOT_SYSTEM_INITIALIZED ((int)0x80B80001)
#define COMMON_DIALOG_ERROR_ALREADY_SYSTEM_INITIALIZED ((int)0x80B80002)
#define COMMON_DIALOG_ERROR_NOT_INITIALIZED ((int)0x80B80003)
#define COMMON_DIALOG_ERROR_ALREADY_INITIALIZED ((int)0x80B80004)
#define COMMON_DIALOG_ERROR_NOT_FINISHED ((int)0x80B80005)
#define COMMON_DIALOG_ERROR_INVALID_STATE ((int)0x80B80006)
#define COMMON_DIALOG_ERROR_BUSY ((int)0x80B80008)
#define COMMON_DIALOG_ERROR_PARAM_INVALID ((int)0x80B8000A)
#define COMMON_DIALOG_ERROR_NOT_RUNNING ((int)0x80B8000B)
#define COMMON_DIALOG_ERROR_ARG_NULL ((int)0x80B8000D)
#define COMMON_DIALOG_ERROR_NOT_SUPPORTED ((int)0x80B8000F)

/* SceCommonDialogStatus, SceCommonDialogResult */
enum {
  DIALOG_STATUS_NONE,
  DIALOG_STATUS_INITIALIZED,
  DIALOG_STATUS_RUNNING,
  DIALOG_STATUS_FINISHED
};
enum { DIALOG_RESULT_OK = 0, DIALOG_RESULT_USER_CANCELED = 1 };
#define DIALOG_BUTTON_INVALID 0u
#define DIALOG_BUTTON_YES 1u /* also OK */
#define DIALOG_BUTTON_NO 2u

#define COMMON_DIALOG_MAGIC 0xC0D1A109u
#define COMMON_DIALOG_BASE_SIZE 0x30u

/* SceCommonDialogBaseParam: the SDK's init function sets magic to COMMON_DIALOG_MAGIC plus
 * the low 32 bits of the structure's own address. */
struct dialog_base_param {
  uint64_t size;
  uint8_t reserved[36];
  uint32_t magic;
};

enum dialog_kind { DIALOG_MSG, DIALOG_ERROR, DIALOG_SAVE_DATA, DIALOG_KINDS };
enum dialog_answer { DIALOG_ANSWER_YES, DIALOG_ANSWER_NO, DIALOG_ANSWER_CANCEL };

/* --dialog-answer: "yes", "no" or "cancel". False on another word. */
bool dialog_set_answer(const char *word);
enum dialog_answer dialog_get_answer(void);
const char *dialog_answer_name(enum dialog_answer a);

/* The base parameter is whole and marked by the SDK: 0 or PARAM_INVALID. */
int dialog_check_base(const struct dialog_base_param *base);

/* The machine of KIND. USES_SYSTEM: Initialize needs sceCommonDialogInitialize first and
 * takes the one "dialog in use" place (ErrorDialog does neither). */
int dialog_initialize(enum dialog_kind kind, bool uses_system);
int dialog_begin_open(enum dialog_kind kind); /* 0: the caller fills its result, then opens */
/* -> RUNNING; WAITS: the dialog has no answer to give (a progress bar, a wait message) and
 * stays RUNNING until the program closes it. */
void dialog_opened(enum dialog_kind kind, bool waits);
int dialog_update_status(enum dialog_kind kind);
int dialog_get_status(enum dialog_kind kind);
int dialog_close(enum dialog_kind kind);    /* 0: now FINISHED (the caller marks its result) */
int dialog_finished(enum dialog_kind kind); /* 0 when FINISHED, else NOT_FINISHED */
int dialog_terminate(enum dialog_kind kind);
/* A progress bar's change (message and save data dialogs): NOT_SUPPORTED unless the dialog
 * opened as a bar, PARAM_INVALID for a target other than 0; else *PROGRESS becomes VALUE
 * (or grows by it when ADD), capped at 100, and 0 is returned. The caller holds its lock. */
int dialog_progress_apply(bool is_bar, uint32_t target, uint32_t value, bool add,
                          uint32_t *progress);

/* ---- The exports (the console's prototypes; see sdk/include/common_dialog.h ...) ------ */
int common_dialog_initialize(void);
bool common_dialog_is_used(void);

int msg_dialog_initialize(void);
int msg_dialog_open(const void *param);
int msg_dialog_update_status(void);
int msg_dialog_get_status(void);
int msg_dialog_get_result(void *result);
int msg_dialog_close(void);
int msg_dialog_terminate(void);
int msg_dialog_progress_bar_set_value(uint32_t target, uint32_t value);
int msg_dialog_progress_bar_inc(uint32_t target, uint32_t delta);

int error_dialog_initialize(void);
int error_dialog_open(const void *param);
int error_dialog_update_status(void);
int error_dialog_get_status(void);
int error_dialog_close(void);
int error_dialog_terminate(void);

int save_data_dialog_initialize(void);
int save_data_dialog_open(const void *param);
int save_data_dialog_update_status(void);
int save_data_dialog_get_status(void);
int save_data_dialog_get_result(void *result);
int save_data_dialog_close(const void *param);
int save_data_dialog_terminate(void);
int save_data_dialog_is_ready_to_display(void);
int save_data_dialog_progress_bar_set_value(uint32_t target, uint32_t rate);
int save_data_dialog_progress_bar_inc(uint32_t target, uint32_t delta);

/* ImeDialog (ime_dialog.c): its own statuses NONE 0, RUNNING 1, FINISHED 2 and errors. */
#define IME_DIALOG_ERROR_BUSY ((int)0x80BC0001)
#define IME_DIALOG_ERROR_INVALID_USER_ID ((int)0x80BC0010)
#define IME_DIALOG_ERROR_INVALID_TYPE ((int)0x80BC0011)
#define IME_DIALOG_ERROR_INVALID_MAX_TEXT_LENGTH ((int)0x80BC0016)
#define IME_DIALOG_ERROR_INVALID_INPUT_TEXT_BUFFER ((int)0x80BC0017)
#define IME_DIALOG_ERROR_INVALID_ADDRESS ((int)0x80BC0031)
#define IME_DIALOG_ERROR_NOT_RUNNING ((int)0x80BC0105)
#define IME_DIALOG_ERROR_NOT_FINISHED ((int)0x80BC0106)
#define IME_DIALOG_ERROR_NOT_IN_USE ((int)0x80BC0107)
#define IME_DIALOG_MAX_TEXT_LENGTH 2048

int ime_dialog_init(const void *param, const void *extended);
int ime_dialog_get_status(void);
int ime_dialog_get_result(void *result);
int ime_dialog_abort(void);
int ime_dialog_term(void);

#endif
