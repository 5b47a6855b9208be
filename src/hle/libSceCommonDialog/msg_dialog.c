/* libSceMsgDialog: a message, a progress bar or a system message, answered on the host. */
#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceCommonDialog/dialog.h"

enum { MODE_USER_MSG = 1, MODE_PROGRESS_BAR = 2, MODE_SYSTEM_MSG = 3 };
enum {
  BUTTON_OK = 0,
  BUTTON_YESNO = 1,
  BUTTON_NONE = 2,
  BUTTON_OK_CANCEL = 3,
  BUTTON_WAIT = 5,
  BUTTON_WAIT_CANCEL = 6,
  BUTTON_YESNO_FOCUS_NO = 7,
  BUTTON_OK_CANCEL_FOCUS_CANCEL = 8,
  BUTTON_TWO_BUTTONS = 9,
};

struct user_msg_param { /* SceMsgDialogUserMessageParam */
  uint32_t button_type;
  int32_t pad;
  const char *msg;
  const struct { const char *msg1, *msg2; } * buttons;
  uint8_t reserved[24];
};

struct progress_param { /* SceMsgDialogProgressBarParam */
  uint32_t bar_type;    /* 0 percentage, 1 percentage with cancel */
  int32_t pad;
  const char *msg;
  uint8_t reserved[64];
};

struct system_msg_param { /* SceMsgDialogSystemMessageParam */
  uint32_t type;
  uint8_t reserved[32];
};

struct msg_param { /* SceMsgDialogParam, 136 bytes */
  struct dialog_base_param base;
  uint64_t size;
  uint32_t mode;
  int32_t pad;
  const struct user_msg_param *user_msg;
  const struct progress_param *progress;
  const struct system_msg_param *system_msg;
  int32_t user_id;
  uint8_t reserved[40];
  int32_t pad2;
};

struct msg_result { /* SceMsgDialogResult */
  uint32_t mode;
  int32_t result;
  uint32_t button_id;
  uint8_t reserved[32];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct msg_result answer_result;
static uint32_t progress_value;
static uint32_t open_mode;

int msg_dialog_initialize(void) { return dialog_initialize(DIALOG_MSG, true); }

/* The host's answer to a user message of TYPE: false when it has none (waits for Close). */
static bool answer_user(uint32_t type, struct msg_result *r) {
  enum dialog_answer a = dialog_get_answer();
  bool cancel_ok = type != BUTTON_WAIT && type != BUTTON_NONE;
  if (a == DIALOG_ANSWER_CANCEL && cancel_ok) {
    r->result = DIALOG_RESULT_USER_CANCELED;
    return true;
  }
  switch (type) {
    case BUTTON_OK: r->button_id = DIALOG_BUTTON_YES; return true;
    case BUTTON_YESNO:
    case BUTTON_YESNO_FOCUS_NO:
    case BUTTON_TWO_BUTTONS:
      r->button_id = a == DIALOG_ANSWER_YES ? DIALOG_BUTTON_YES : DIALOG_BUTTON_NO;
      return true;
    case BUTTON_OK_CANCEL:
    case BUTTON_OK_CANCEL_FOCUS_CANCEL:
      if (a == DIALOG_ANSWER_YES) r->button_id = DIALOG_BUTTON_YES;
      else r->result = DIALOG_RESULT_USER_CANCELED;
      return true;
    default: return false; /* NONE, WAIT, WAIT_CANCEL answered yes/no: the program closes it */
  }
}

static bool valid_button_type(uint32_t t) { return t <= 9 && t != 4; }

int msg_dialog_open(const void *param_) {
  const struct msg_param *p = param_;
  int rc = dialog_begin_open(DIALOG_MSG);
  if (rc) return rc;
  if (!p) return COMMON_DIALOG_ERROR_ARG_NULL;
  if ((rc = dialog_check_base(&p->base))) return rc;
  if (p->size != sizeof *p) return COMMON_DIALOG_ERROR_PARAM_INVALID;
  struct msg_result r;
  memset(&r, 0, sizeof r);
  r.mode = p->mode;
  bool answered = true;
  switch (p->mode) {
    case MODE_USER_MSG:
      if (!p->user_msg || !p->user_msg->msg || !valid_button_type(p->user_msg->button_type) ||
          (p->user_msg->button_type == BUTTON_TWO_BUTTONS && !p->user_msg->buttons))
        return COMMON_DIALOG_ERROR_PARAM_INVALID;
      answered = answer_user(p->user_msg->button_type, &r);
      LOG(hle, INFO, "message dialog: \"%s\" (buttons %u) -> %s", p->user_msg->msg,
          p->user_msg->button_type, answered ? dialog_answer_name(dialog_get_answer()) : "waits");
      break;
    case MODE_PROGRESS_BAR:
      if (!p->progress || p->progress->bar_type > 1) return COMMON_DIALOG_ERROR_PARAM_INVALID;
      answered = p->progress->bar_type == 1 && dialog_get_answer() == DIALOG_ANSWER_CANCEL;
      if (answered) r.result = DIALOG_RESULT_USER_CANCELED;
      LOG(hle, INFO, "progress dialog: \"%s\"%s", p->progress->msg ? p->progress->msg : "",
          answered ? " -> cancel" : "");
      break;
    case MODE_SYSTEM_MSG:
      if (!p->system_msg) return COMMON_DIALOG_ERROR_PARAM_INVALID;
      if (dialog_get_answer() == DIALOG_ANSWER_CANCEL) r.result = DIALOG_RESULT_USER_CANCELED;
      else r.button_id = DIALOG_BUTTON_YES;
      LOG(hle, INFO, "system message dialog %u -> %s", p->system_msg->type,
          dialog_answer_name(dialog_get_answer()));
      break;
    default: return COMMON_DIALOG_ERROR_PARAM_INVALID;
  }
  pthread_mutex_lock(&lock);
  answer_result = r;
  progress_value = 0;
  open_mode = p->mode;
  pthread_mutex_unlock(&lock);
  dialog_opened(DIALOG_MSG, !answered);
  return 0;
}

int msg_dialog_update_status(void) { return dialog_update_status(DIALOG_MSG); }
int msg_dialog_get_status(void) { return dialog_get_status(DIALOG_MSG); }

int msg_dialog_get_result(void *result) {
  int rc = dialog_finished(DIALOG_MSG);
  if (rc) return rc;
  if (!result) return COMMON_DIALOG_ERROR_ARG_NULL;
  struct msg_result *out = result;
  for (size_t i = 0; i < sizeof out->reserved; i++)
    if (out->reserved[i]) return COMMON_DIALOG_ERROR_PARAM_INVALID;
  pthread_mutex_lock(&lock);
  *out = answer_result;
  pthread_mutex_unlock(&lock);
  return 0;
}

/* Closed by the program: the result is OK with no button. */
int msg_dialog_close(void) {
  int rc = dialog_close(DIALOG_MSG);
  if (rc == 0) {
    pthread_mutex_lock(&lock);
    answer_result.result = DIALOG_RESULT_OK;
    answer_result.button_id = DIALOG_BUTTON_INVALID;
    pthread_mutex_unlock(&lock);
  }
  return rc;
}

int msg_dialog_terminate(void) { return dialog_terminate(DIALOG_MSG); }

static int progress_change(uint32_t target, uint32_t value, bool add) {
  if (dialog_get_status(DIALOG_MSG) != DIALOG_STATUS_RUNNING)
    return COMMON_DIALOG_ERROR_NOT_RUNNING;
  pthread_mutex_lock(&lock);
  int rc =
      dialog_progress_apply(open_mode == MODE_PROGRESS_BAR, target, value, add, &progress_value);
  if (rc == 0) LOG(hle, DEBUG, "progress dialog: %u%%", progress_value);
  pthread_mutex_unlock(&lock);
  return rc;
}

int msg_dialog_progress_bar_set_value(uint32_t target, uint32_t value) {
  return progress_change(target, value, false);
}
int msg_dialog_progress_bar_inc(uint32_t target, uint32_t delta) {
  return progress_change(target, delta, true);
}
