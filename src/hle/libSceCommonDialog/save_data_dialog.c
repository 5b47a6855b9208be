/* libSceSaveDataDialog: the system's save list and save messages, answered on the host. A
 * list is answered with its first save (or the new-save item when it lists none); yes/no
 * messages with --dialog-answer; a progress bar waits for the program's Close. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceCommonDialog/dialog.h"
#include "hle/libSceSaveData/save_data.h"
#include "hle/libSceUserService/user_service.h"

enum {
  MODE_LIST = 1,
  MODE_USER_MSG = 2,
  MODE_SYSTEM_MSG = 3,
  MODE_ERROR_CODE = 4,
  MODE_PROGRESS_BAR = 5
};
enum { USER_BUTTON_OK = 0, USER_BUTTON_YESNO = 1, USER_BUTTON_NONE = 2, USER_BUTTON_OK_CANCEL = 3 };

struct items { /* SceSaveDataDialogItems */
  int32_t user_id;
  int32_t pad;
  const char *title_id;
  const char (*dir_names)[SAVE_DATA_DIRNAME_SIZE];
  uint32_t dir_name_num;
  int32_t pad2;
  const void *new_item;
  uint32_t focus_pos;
  int32_t pad3;
  const char *focus_dir_name;
  uint32_t item_style;
  uint8_t reserved[32];
};

struct user_msg { /* SceSaveDataDialogUserMessageParam */
  uint32_t button_type;
  uint32_t msg_type;
  const char *msg;
  uint8_t reserved[32];
};

struct sdd_param { /* SceSaveDataDialogParam, 152 bytes */
  struct dialog_base_param base;
  int32_t size;
  uint32_t mode;
  uint32_t disp_type; /* 1 save, 2 load, 3 delete */
  int32_t pad;
  const void *anim;
  const struct items *items;
  const struct user_msg *user_msg;
  const uint32_t *system_msg; /* SceSaveDataDialogSystemMessageParam: u32 type first */
  const uint32_t *error_code; /* SceSaveDataDialogErrorCodeParam: u32 errorCode first */
  const void *progress;
  void *user_data;
  const void *option;
  uint8_t reserved[24];
};

struct sdd_result { /* SceSaveDataDialogResult */
  uint32_t mode;
  int32_t result;
  uint32_t button_id;
  int32_t pad;
  char (*dir_name)[SAVE_DATA_DIRNAME_SIZE];
  struct save_data_param *param;
  void *user_data;
  uint8_t reserved[32];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  uint32_t mode;
  int32_t result;
  uint32_t button_id;
  int32_t user;
  char dir[SAVE_DATA_DIRNAME_SIZE];
  void *user_data;
} answer;
static uint32_t open_mode, progress_value;

int save_data_dialog_initialize(void) { return dialog_initialize(DIALOG_SAVE_DATA, true); }

int save_data_dialog_is_ready_to_display(void) { return 1; }

int save_data_dialog_open(const void *param_) {
  const struct sdd_param *p = param_;
  int rc = dialog_begin_open(DIALOG_SAVE_DATA);
  if (rc) return rc;
  if (!p) return COMMON_DIALOG_ERROR_ARG_NULL;
  if ((rc = dialog_check_base(&p->base))) return rc;
  if (p->size != (int32_t)sizeof *p) return COMMON_DIALOG_ERROR_PARAM_INVALID;
  enum dialog_answer a = dialog_get_answer();
  bool waits = false;
  pthread_mutex_lock(&lock);
  memset(&answer, 0, sizeof answer);
  answer.mode = p->mode;
  answer.user_data = p->user_data;
  answer.user = USER_SERVICE_INITIAL_USER_ID;
  switch (p->mode) {
    case MODE_LIST:
      if (!p->items) rc = COMMON_DIALOG_ERROR_PARAM_INVALID;
      else if (a != DIALOG_ANSWER_YES) answer.result = DIALOG_RESULT_USER_CANCELED;
      else if (p->items->dir_name_num && p->items->dir_names)
        snprintf(answer.dir, sizeof answer.dir, "%.31s", p->items->dir_names[0]);
      if (p->items) answer.user = p->items->user_id;
      if (rc == 0)
        LOG(hle, INFO, "save data dialog: a list of %u saves (%s) -> %s", p->items->dir_name_num,
            p->disp_type == 1   ? "save"
            : p->disp_type == 2 ? "load"
                                : "delete",
            answer.result   ? "cancel"
            : answer.dir[0] ? answer.dir
                            : "the new save");
      break;
    case MODE_USER_MSG:
      if (!p->user_msg || !p->user_msg->msg || p->user_msg->button_type > USER_BUTTON_OK_CANCEL) {
        rc = COMMON_DIALOG_ERROR_PARAM_INVALID;
        break;
      }
      waits = p->user_msg->button_type == USER_BUTTON_NONE;
      if (a == DIALOG_ANSWER_CANCEL ||
          (a == DIALOG_ANSWER_NO && p->user_msg->button_type == USER_BUTTON_OK_CANCEL))
        answer.result = DIALOG_RESULT_USER_CANCELED;
      else
        answer.button_id = a == DIALOG_ANSWER_NO && p->user_msg->button_type == USER_BUTTON_YESNO
                               ? DIALOG_BUTTON_NO
                               : DIALOG_BUTTON_YES;
      LOG(hle, INFO, "save data dialog: \"%s\" -> %s", p->user_msg->msg,
          waits ? "waits" : dialog_answer_name(a));
      break;
    case MODE_SYSTEM_MSG:
    case MODE_ERROR_CODE:
      if (p->mode == MODE_SYSTEM_MSG ? !p->system_msg : !p->error_code) {
        rc = COMMON_DIALOG_ERROR_PARAM_INVALID;
        break;
      }
      if (a == DIALOG_ANSWER_CANCEL) answer.result = DIALOG_RESULT_USER_CANCELED;
      else answer.button_id = a == DIALOG_ANSWER_NO ? DIALOG_BUTTON_NO : DIALOG_BUTTON_YES;
      LOG(hle, INFO, "save data dialog: %s %u -> %s",
          p->mode == MODE_SYSTEM_MSG ? "system message" : "error code",
          p->mode == MODE_SYSTEM_MSG ? *p->system_msg : *p->error_code, dialog_answer_name(a));
      break;
    case MODE_PROGRESS_BAR:
      if (!p->progress) rc = COMMON_DIALOG_ERROR_PARAM_INVALID;
      waits = true;
      break;
    default: rc = COMMON_DIALOG_ERROR_PARAM_INVALID;
  }
  if (rc == 0) open_mode = p->mode, progress_value = 0;
  pthread_mutex_unlock(&lock);
  if (rc == 0) dialog_opened(DIALOG_SAVE_DATA, waits);
  return rc;
}

int save_data_dialog_update_status(void) { return dialog_update_status(DIALOG_SAVE_DATA); }
int save_data_dialog_get_status(void) { return dialog_get_status(DIALOG_SAVE_DATA); }

int save_data_dialog_get_result(void *result) {
  int rc = dialog_finished(DIALOG_SAVE_DATA);
  if (rc) return rc;
  if (!result) return COMMON_DIALOG_ERROR_ARG_NULL;
  struct sdd_result *r = result;
  pthread_mutex_lock(&lock);
  r->mode = answer.mode;
  r->result = answer.result;
  r->button_id = answer.button_id;
  r->user_data = answer.user_data;
  if (r->dir_name) {
    memset(r->dir_name, 0, SAVE_DATA_DIRNAME_SIZE);
    memcpy(r->dir_name, answer.dir, strlen(answer.dir));
  }
  struct save_data_record rec;
  if (r->param && answer.dir[0] && save_data_record_read(answer.user, answer.dir, &rec))
    *r->param = rec.param;
  pthread_mutex_unlock(&lock);
  return 0;
}

/* PARAM (SceSaveDataDialogCloseParam: the animation) is not needed. */
int save_data_dialog_close(const void *param) {
  (void)param;
  int rc = dialog_close(DIALOG_SAVE_DATA);
  if (rc == 0) {
    pthread_mutex_lock(&lock);
    answer.result = DIALOG_RESULT_OK;
    answer.button_id = DIALOG_BUTTON_INVALID;
    answer.dir[0] = 0;
    pthread_mutex_unlock(&lock);
  }
  return rc;
}

int save_data_dialog_terminate(void) { return dialog_terminate(DIALOG_SAVE_DATA); }

static int progress_change(uint32_t target, uint32_t value, bool add) {
  if (dialog_get_status(DIALOG_SAVE_DATA) != DIALOG_STATUS_RUNNING)
    return COMMON_DIALOG_ERROR_NOT_RUNNING;
  pthread_mutex_lock(&lock);
  int rc =
      dialog_progress_apply(open_mode == MODE_PROGRESS_BAR, target, value, add, &progress_value);
  pthread_mutex_unlock(&lock);
  return rc;
}

int save_data_dialog_progress_bar_set_value(uint32_t target, uint32_t rate) {
  return progress_change(target, rate, false);
}
int save_data_dialog_progress_bar_inc(uint32_t target, uint32_t delta) {
  return progress_change(target, delta, true);
}
