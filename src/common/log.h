/* Logging: categories x levels, to stderr or a file, thread-safe, cheap when filtered.
 *
 *   LOG(loader, WARN, "segment %d overlaps", i);
 *   LOG_ONCE(hle, STUB, "%s called", name);    // logs only the first time this line runs
 *
 * Levels, from chattiest: TRACE DEBUG INFO STUB WARN GAME_ERROR ERROR. STUB marks a call of
 * an unimplemented function; GAME_ERROR marks the guest doing something wrong (bad argument,
 * misuse) as opposed to an emulator fault (ERROR).
 */
#ifndef PROSPERO_COMMON_LOG_H
#define PROSPERO_COMMON_LOG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* One line per category: X(name). Add a category here and nowhere else. */
#define LOG_CATEGORIES(X) \
  X(core)                 \
  X(loader)               \
  X(linker)               \
  X(trap)                 \
  X(kernel)               \
  X(hle)                  \
  X(gpu)                  \
  X(shader)               \
  X(tiling)               \
  X(vk)                   \
  X(present)              \
  X(sdk)

enum log_category {
#define LOG_CAT_ENUM_(n) LOG_CAT_##n,
  LOG_CATEGORIES(LOG_CAT_ENUM_)
#undef LOG_CAT_ENUM_
  LOG_CAT_COUNT
};

enum log_level {
  LOG_LEVEL_TRACE,
  LOG_LEVEL_DEBUG,
  LOG_LEVEL_INFO,
  LOG_LEVEL_STUB,
  LOG_LEVEL_WARN,
  LOG_LEVEL_GAME_ERROR,
  LOG_LEVEL_ERROR,
  LOG_LEVEL_OFF,
};

/* Current threshold per category; messages below it are dropped before formatting. */
extern enum log_level log_thresholds[LOG_CAT_COUNT];

static inline bool log_enabled(enum log_category cat, enum log_level level) {
  return level >= log_thresholds[cat];
}

void log_write(enum log_category cat, enum log_level level, const char *file, int line,
               const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void log_vwrite(enum log_category cat, enum log_level level, const char *file, int line,
                const char *fmt, va_list ap);

#define LOG(cat, level, ...)                                                   \
  do {                                                                         \
    if (log_enabled(LOG_CAT_##cat, LOG_LEVEL_##level))                         \
      log_write(LOG_CAT_##cat, LOG_LEVEL_##level, __FILE__, __LINE__, __VA_ARGS__); \
  } while (0)

#define LOG_ONCE(cat, level, ...)                                              \
  do {                                                                         \
    static int log_once_done_;                                                 \
    if (!__atomic_exchange_n(&log_once_done_, 1, __ATOMIC_RELAXED))            \
      LOG(cat, level, __VA_ARGS__);                                            \
  } while (0)

/* Sets every category to LEVEL ("trace", "debug", "info", "stub", "warn", "game_error",
 * "error", "off") or, with "CAT=LEVEL[,CAT=LEVEL...]", individual categories. Returns false
 * and leaves the thresholds unchanged on an unknown name. */
bool log_parse_levels(const char *spec);
void log_set_level(enum log_level level);

/* Redirects the log to PATH (appending); NULL returns to stderr. Returns false on error. */
bool log_open_file(const char *path);
void log_close(void);

const char *log_level_name(enum log_level level);
const char *log_category_name(enum log_category cat);
/* Returns the category with NAME, or LOG_CAT_COUNT. */
enum log_category log_category_from_name(const char *name);

/* Fatal emulator error: logs at ERROR and exits with PROSPERO_EXIT_INTERNAL. */
_Noreturn void log_fatal(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define FATAL(...) log_fatal(__FILE__, __LINE__, __VA_ARGS__)

#endif
