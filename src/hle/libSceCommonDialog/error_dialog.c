/* libSceErrorDialog: the system's error message for an error code; the user's only answer
 * is OK, so it finishes on the poll after Open. It is not one of the common dialogs that
 * share the "in use" place. */
#include <stdint.h>
#include <stddef.h>

#include "common/log.h"
#include "hle/libSceCommonDialog/dialog.h"

struct error_param { /* SceErrorDialogParam */
  int32_t size;
  int32_t error_code;
  int32_t user_id;
  int32_t reserved;
};

int error_dialog_initialize(void) { return dialog_initialize(DIALOG_ERROR, false); }

int error_dialog_open(const void *param_) {
  const struct error_param *p = param_;
  int rc = dialog_begin_open(DIALOG_ERROR);
  if (rc) return rc;
  if (!p) return COMMON_DIALOG_ERROR_ARG_NULL;
  if (p->size != (int32_t)sizeof *p) return COMMON_DIALOG_ERROR_PARAM_INVALID;
  LOG(hle, INFO, "error dialog: error 0x%08x (user %d) -> OK", (unsigned)p->error_code,
      (int)p->user_id);
  dialog_opened(DIALOG_ERROR, false);
  return 0;
}

int error_dialog_update_status(void) { return dialog_update_status(DIALOG_ERROR); }
int error_dialog_get_status(void) { return dialog_get_status(DIALOG_ERROR); }
int error_dialog_close(void) { return dialog_close(DIALOG_ERROR); }
int error_dialog_terminate(void) { return dialog_terminate(DIALOG_ERROR); }
