#include "common/log.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common/exit_codes.h"

enum log_level log_thresholds[LOG_CAT_COUNT] = {
#define LOG_CAT_INIT_(n) [LOG_CAT_##n] = LOG_LEVEL_INFO,
    LOG_CATEGORIES(LOG_CAT_INIT_)
#undef LOG_CAT_INIT_
};

static const char *const category_names[LOG_CAT_COUNT] = {
#define LOG_CAT_NAME_(n) [LOG_CAT_##n] = #n,
    LOG_CATEGORIES(LOG_CAT_NAME_)
#undef LOG_CAT_NAME_
};

static const char *const level_names[] = {
    [LOG_LEVEL_TRACE] = "trace", [LOG_LEVEL_DEBUG] = "debug",
    [LOG_LEVEL_INFO] = "info",   [LOG_LEVEL_STUB] = "stub",
    [LOG_LEVEL_WARN] = "warn",   [LOG_LEVEL_GAME_ERROR] = "game_error",
    [LOG_LEVEL_ERROR] = "error", [LOG_LEVEL_OFF] = "off",
};

static const char level_letters[] = {'T', 'D', 'I', 'S', 'W', 'G', 'E', '-'};

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *log_file;
static struct timespec log_start;
static pthread_once_t log_start_once = PTHREAD_ONCE_INIT;

static void log_init_start(void) { clock_gettime(CLOCK_MONOTONIC, &log_start); }

const char *log_level_name(enum log_level level) {
  return level <= LOG_LEVEL_OFF ? level_names[level] : "?";
}

const char *log_category_name(enum log_category cat) {
  return cat < LOG_CAT_COUNT ? category_names[cat] : "?";
}

enum log_category log_category_from_name(const char *name) {
  for (int i = 0; i < LOG_CAT_COUNT; i++)
    if (strcasecmp(name, category_names[i]) == 0) return (enum log_category)i;
  return LOG_CAT_COUNT;
}

static bool level_from_name(const char *name, size_t len, enum log_level *out) {
  for (int i = 0; i <= LOG_LEVEL_OFF; i++) {
    if (strlen(level_names[i]) == len && strncasecmp(name, level_names[i], len) == 0) {
      *out = (enum log_level)i;
      return true;
    }
  }
  return false;
}

void log_set_level(enum log_level level) {
  for (int i = 0; i < LOG_CAT_COUNT; i++) log_thresholds[i] = level;
}

bool log_parse_levels(const char *spec) {
  enum log_level next[LOG_CAT_COUNT];
  memcpy(next, log_thresholds, sizeof next);
  const char *p = spec;
  while (*p) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *eq = memchr(p, '=', len);
    enum log_level level;
    if (!eq) {
      if (!level_from_name(p, len, &level)) return false;
      for (int i = 0; i < LOG_CAT_COUNT; i++) next[i] = level;
    } else {
      char cat_name[32];
      size_t cat_len = (size_t)(eq - p);
      if (cat_len == 0 || cat_len >= sizeof cat_name) return false;
      memcpy(cat_name, p, cat_len);
      cat_name[cat_len] = 0;
      enum log_category cat = log_category_from_name(cat_name);
      if (cat == LOG_CAT_COUNT) return false;
      if (!level_from_name(eq + 1, len - cat_len - 1, &level)) return false;
      next[cat] = level;
    }
    p += len;
    if (*p == ',') p++;
  }
  memcpy(log_thresholds, next, sizeof next);
  return true;
}

bool log_open_file(const char *path) {
  FILE *f = NULL;
  if (path) {
    f = fopen(path, "a");
    if (!f) return false;
    setvbuf(f, NULL, _IOLBF, 0);
  }
  pthread_mutex_lock(&log_lock);
  if (log_file) fclose(log_file);
  log_file = f;
  pthread_mutex_unlock(&log_lock);
  return true;
}

void log_close(void) { log_open_file(NULL); }

void log_vwrite(enum log_category cat, enum log_level level, const char *file, int line,
                const char *fmt, va_list ap) {
  pthread_once(&log_start_once, log_init_start);
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  double t = (double)(now.tv_sec - log_start.tv_sec) + (now.tv_nsec - log_start.tv_nsec) * 1e-9;

  char msg[2048];
  vsnprintf(msg, sizeof msg, fmt, ap);
  const char *base = strrchr(file, '/');
  base = base ? base + 1 : file;

  pthread_mutex_lock(&log_lock);
  FILE *out = log_file ? log_file : stderr;
  if (level >= LOG_LEVEL_WARN || log_thresholds[cat] <= LOG_LEVEL_DEBUG)
    fprintf(out, "[%10.6f] %c %s: %s (%s:%d)\n", t, level_letters[level],
            category_names[cat], msg, base, line);
  else
    fprintf(out, "[%10.6f] %c %s: %s\n", t, level_letters[level], category_names[cat], msg);
  fflush(out);
  pthread_mutex_unlock(&log_lock);
}

void log_write(enum log_category cat, enum log_level level, const char *file, int line,
               const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  log_vwrite(cat, level, file, line, fmt, ap);
  va_end(ap);
}

_Noreturn void log_fatal(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  log_vwrite(LOG_CAT_core, LOG_LEVEL_ERROR, file, line, fmt, ap);
  va_end(ap);
  exit(PROSPERO_EXIT_INTERNAL);
}
