/* libSceImeDialog: a text entry. When the host's standard input is a terminal the text is
 * asked for there (an empty end of input cancels); otherwise the dialog is answered with
 * --dialog-answer: yes keeps the text the guest put in the buffer, no and cancel cancel.
 * Statuses: NONE 0, RUNNING 1 (from Init), FINISHED 2 (on the second GetStatus poll). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/libSceCommonDialog/dialog.h"
#include "hle/libSceUserService/user_service.h"

enum { IME_NONE = 0, IME_RUNNING = 1, IME_FINISHED = 2 };
enum { END_OK = 0, END_USER_CANCELED = 1, END_ABORTED = 2 };

struct ime_param { /* SceImeDialogParam, 96 bytes */
  int32_t user_id;
  uint32_t type; /* 0 default, 1 basic latin, 2 url, 3 mail, 4 number */
  uint64_t supported_languages;
  uint32_t enter_label;
  uint32_t input_method;
  void *filter;
  uint32_t option;
  uint32_t max_text_length;
  uint16_t *input_text_buffer; /* UTF-16, max_text_length + 1 units */
  float posx, posy;
  uint32_t horizontal_alignment, vertical_alignment;
  const uint16_t *placeholder;
  const uint16_t *title;
  int8_t reserved[16];
};

struct ime_result { /* SceImeDialogResult */
  int32_t end_status;
  int32_t reserved[12];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int status = IME_NONE, polls, end_status;
static uint16_t *buffer;
static uint32_t max_length;
static char title[256], placeholder[256];

/* UTF-16 (NUL-terminated, at most 255 units read) to UTF-8 for the log and the prompt. */
static void to_utf8(const uint16_t *s, char *out, size_t cap) {
  size_t o = 0;
  for (size_t i = 0; s && s[i] && i < 255 && o + 4 < cap; i++) {
    uint32_t c = s[i];
    if (c >= 0xD800 && c < 0xDC00 && s[i + 1] >= 0xDC00 && s[i + 1] < 0xE000)
      c = 0x10000 + ((c - 0xD800) << 10) + (s[++i] - 0xDC00);
    if (c < 0x80) out[o++] = (char)c;
    else if (c < 0x800) out[o++] = (char)(0xC0 | c >> 6), out[o++] = (char)(0x80 | (c & 0x3F));
    else if (c < 0x10000)
      out[o++] = (char)(0xE0 | c >> 12), out[o++] = (char)(0x80 | (c >> 6 & 0x3F)),
      out[o++] = (char)(0x80 | (c & 0x3F));
    else
      out[o++] = (char)(0xF0 | c >> 18), out[o++] = (char)(0x80 | (c >> 12 & 0x3F)),
      out[o++] = (char)(0x80 | (c >> 6 & 0x3F)), out[o++] = (char)(0x80 | (c & 0x3F));
  }
  out[o] = 0;
}

/* UTF-8 line IN to UTF-16 in OUT (at most MAX units, then NUL). Bad bytes become U+FFFD. */
static void to_utf16(const char *in, uint16_t *out, uint32_t max) {
  uint32_t o = 0;
  const unsigned char *p = (const unsigned char *)in;
  while (*p && *p != '\n' && *p != '\r') {
    uint32_t c = 0xFFFD;
    int n = *p < 0x80             ? 0
            : (*p & 0xE0) == 0xC0 ? 1
            : (*p & 0xF0) == 0xE0 ? 2
            : (*p & 0xF8) == 0xF0 ? 3
                                  : -1;
    if (n == 0) c = *p++;
    else if (n < 0) p++;
    else {
      c = *p++ & (0x3F >> n);
      for (int k = 0; k < n; k++) {
        if ((*p & 0xC0) != 0x80) {
          c = 0xFFFD;
          break;
        }
        c = c << 6 | (*p++ & 0x3F);
      }
    }
    if (c >= 0x10000 && c <= 0x10FFFF) {
      if (o + 2 > max) break;
      out[o++] = (uint16_t)(0xD800 + ((c - 0x10000) >> 10));
      out[o++] = (uint16_t)(0xDC00 + ((c - 0x10000) & 0x3FF));
    } else {
      if (o + 1 > max) break;
      out[o++] = (uint16_t)(c > 0xFFFF ? 0xFFFD : c);
    }
  }
  out[o] = 0;
}

int ime_dialog_init(const void *param_, const void *extended) {
  (void)extended; /* colours and keyboard options: nothing is drawn */
  const struct ime_param *p = param_;
  pthread_mutex_lock(&lock);
  int rc = status != IME_NONE                           ? IME_DIALOG_ERROR_BUSY
           : !p                                         ? IME_DIALOG_ERROR_INVALID_ADDRESS
           : p->user_id != USER_SERVICE_INITIAL_USER_ID ? IME_DIALOG_ERROR_INVALID_USER_ID
           : p->type > 4                                ? IME_DIALOG_ERROR_INVALID_TYPE
           : !p->input_text_buffer                      ? IME_DIALOG_ERROR_INVALID_INPUT_TEXT_BUFFER
           : p->max_text_length == 0 || p->max_text_length > IME_DIALOG_MAX_TEXT_LENGTH
               ? IME_DIALOG_ERROR_INVALID_MAX_TEXT_LENGTH
               : 0;
  if (rc == 0) {
    status = IME_RUNNING;
    polls = 0;
    end_status = END_OK;
    buffer = p->input_text_buffer;
    max_length = p->max_text_length;
    to_utf8(p->title, title, sizeof title);
    to_utf8(p->placeholder, placeholder, sizeof placeholder);
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The user's turn (the first poll): the terminal, or the option's answer. Lock held. */
static void ask(void) {
  char text[256];
  if (isatty(STDIN_FILENO)) {
    fprintf(stderr, "[prospero] text input \"%s\"%s%s%s: ", title, placeholder[0] ? " (" : "",
            placeholder, placeholder[0] ? ")" : "");
    fflush(stderr);
    char line[4 * IME_DIALOG_MAX_TEXT_LENGTH + 2];
    if (!fgets(line, sizeof line, stdin)) {
      end_status = END_USER_CANCELED;
    } else {
      to_utf16(line, buffer, max_length);
      end_status = END_OK;
    }
  } else {
    end_status = dialog_get_answer() == DIALOG_ANSWER_YES ? END_OK : END_USER_CANCELED;
  }
  to_utf8(buffer, text, sizeof text);
  LOG(hle, INFO, "text input dialog \"%s\" -> %s \"%s\"", title,
      end_status == END_OK ? "entered" : "cancelled", end_status == END_OK ? text : "");
}

int ime_dialog_get_status(void) {
  pthread_mutex_lock(&lock);
  if (status == IME_RUNNING) {
    if (++polls == 1) ask();
    else status = IME_FINISHED;
  }
  int s = status;
  pthread_mutex_unlock(&lock);
  return s;
}

int ime_dialog_get_result(void *result_) {
  struct ime_result *r = result_;
  pthread_mutex_lock(&lock);
  int rc = status == IME_NONE      ? IME_DIALOG_ERROR_NOT_IN_USE
           : !r                    ? IME_DIALOG_ERROR_INVALID_ADDRESS
           : status == IME_RUNNING ? IME_DIALOG_ERROR_NOT_FINISHED
                                   : 0;
  if (rc == 0) r->end_status = end_status;
  pthread_mutex_unlock(&lock);
  return rc;
}

int ime_dialog_abort(void) {
  pthread_mutex_lock(&lock);
  int rc = status == IME_NONE      ? IME_DIALOG_ERROR_NOT_IN_USE
           : status != IME_RUNNING ? IME_DIALOG_ERROR_NOT_RUNNING
                                   : 0;
  if (rc == 0) status = IME_FINISHED, end_status = END_ABORTED;
  pthread_mutex_unlock(&lock);
  return rc;
}

int ime_dialog_term(void) {
  pthread_mutex_lock(&lock);
  int rc = status == IME_NONE      ? IME_DIALOG_ERROR_NOT_IN_USE
           : status == IME_RUNNING ? IME_DIALOG_ERROR_NOT_FINISHED
                                   : 0;
  if (rc == 0) status = IME_NONE, buffer = NULL;
  pthread_mutex_unlock(&lock);
  return rc;
}
