/* The common dialog status machine and the host's answer (see dialog.h). */
#include "hle/libSceCommonDialog/dialog.h"

#include <pthread.h>
#include <stddef.h>
#include <string.h>

#include "common/log.h"

struct machine {
  int status;
  int polls;  /* UpdateStatus calls since Open */
  bool waits; /* finishes only through Close */
  bool holds_system;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool system_initialized, system_used;
static struct machine machines[DIALOG_KINDS];
static enum dialog_answer answer = DIALOG_ANSWER_YES;

bool dialog_set_answer(const char *word) {
  static const char *const words[] = {"yes", "no", "cancel"};
  for (int i = 0; i < 3; i++)
    if (strcmp(word, words[i]) == 0) {
      answer = (enum dialog_answer)i;
      return true;
    }
  return false;
}

enum dialog_answer dialog_get_answer(void) { return answer; }

const char *dialog_answer_name(enum dialog_answer a) {
  return a == DIALOG_ANSWER_YES ? "yes" : a == DIALOG_ANSWER_NO ? "no" : "cancel";
}

int dialog_check_base(const struct dialog_base_param *base) {
  uint32_t want = COMMON_DIALOG_MAGIC + (uint32_t)(uintptr_t)base;
  if (base->size != COMMON_DIALOG_BASE_SIZE || base->magic != want)
    return COMMON_DIALOG_ERROR_PARAM_INVALID;
  for (size_t i = 0; i < sizeof base->reserved; i++)
    if (base->reserved[i]) return COMMON_DIALOG_ERROR_PARAM_INVALID;
  return 0;
}

int common_dialog_initialize(void) {
  pthread_mutex_lock(&lock);
  int rc = system_initialized ? COMMON_DIALOG_ERROR_ALREADY_SYSTEM_INITIALIZED : 0;
  system_initialized = true;
  pthread_mutex_unlock(&lock);
  return rc;
}

bool common_dialog_is_used(void) {
  pthread_mutex_lock(&lock);
  bool used = system_used;
  pthread_mutex_unlock(&lock);
  return used;
}

int dialog_initialize(enum dialog_kind kind, bool uses_system) {
  pthread_mutex_lock(&lock);
  struct machine *m = &machines[kind];
  int rc = 0;
  if (uses_system && !system_initialized) rc = COMMON_DIALOG_ERROR_NOT_SYSTEM_INITIALIZED;
  else if (m->status != DIALOG_STATUS_NONE) rc = COMMON_DIALOG_ERROR_ALREADY_INITIALIZED;
  else if (uses_system && system_used) rc = COMMON_DIALOG_ERROR_BUSY;
  if (rc == 0) {
    m->status = DIALOG_STATUS_INITIALIZED;
    m->holds_system = uses_system;
    if (uses_system) system_used = true;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int dialog_begin_open(enum dialog_kind kind) {
  pthread_mutex_lock(&lock);
  int s = machines[kind].status;
  pthread_mutex_unlock(&lock);
  return s == DIALOG_STATUS_INITIALIZED || s == DIALOG_STATUS_FINISHED
             ? 0
             : COMMON_DIALOG_ERROR_INVALID_STATE;
}

void dialog_opened(enum dialog_kind kind, bool waits) {
  pthread_mutex_lock(&lock);
  machines[kind].status = DIALOG_STATUS_RUNNING;
  machines[kind].polls = 0;
  machines[kind].waits = waits;
  pthread_mutex_unlock(&lock);
}

int dialog_update_status(enum dialog_kind kind) {
  pthread_mutex_lock(&lock);
  struct machine *m = &machines[kind];
  if (m->status == DIALOG_STATUS_RUNNING && !m->waits && ++m->polls >= 2)
    m->status = DIALOG_STATUS_FINISHED;
  int s = m->status;
  pthread_mutex_unlock(&lock);
  return s;
}

int dialog_get_status(enum dialog_kind kind) {
  pthread_mutex_lock(&lock);
  int s = machines[kind].status;
  pthread_mutex_unlock(&lock);
  return s;
}

int dialog_close(enum dialog_kind kind) {
  pthread_mutex_lock(&lock);
  struct machine *m = &machines[kind];
  int rc = m->status == DIALOG_STATUS_RUNNING ? 0 : COMMON_DIALOG_ERROR_NOT_RUNNING;
  if (rc == 0) m->status = DIALOG_STATUS_FINISHED;
  pthread_mutex_unlock(&lock);
  return rc;
}

int dialog_finished(enum dialog_kind kind) {
  return dialog_get_status(kind) == DIALOG_STATUS_FINISHED ? 0 : COMMON_DIALOG_ERROR_NOT_FINISHED;
}

/* A running dialog is closed first, as the console does. */
int dialog_terminate(enum dialog_kind kind) {
  pthread_mutex_lock(&lock);
  struct machine *m = &machines[kind];
  int rc = m->status == DIALOG_STATUS_NONE ? COMMON_DIALOG_ERROR_NOT_INITIALIZED : 0;
  if (rc == 0) {
    if (m->holds_system) system_used = false;
    m->status = DIALOG_STATUS_NONE;
    m->holds_system = false;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int dialog_progress_apply(bool is_bar, uint32_t target, uint32_t value, bool add,
                          uint32_t *progress) {
  if (!is_bar) return COMMON_DIALOG_ERROR_NOT_SUPPORTED;
  if (target != 0) return COMMON_DIALOG_ERROR_PARAM_INVALID;
  uint32_t v = add ? *progress + value : value;
  *progress = v > 100 ? 100 : v;
  return 0;
}
