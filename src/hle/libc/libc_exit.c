/* libc: exit, atexit, __cxa_atexit, __cxa_finalize, _exit, abort.
 *
 * Handlers registered by atexit and __cxa_atexit share one list and run in reverse order of
 * registration; a handler may register more (they run next) or call exit again (the
 * remaining handlers still run once). exit() then hands over to the loader's process_exit,
 * which runs module_stop and the fini arrays and ends the host process with the status. */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "common/exit_codes.h"
#include "common/log.h"
#include "hle/libc/libc.h"
#include "loader/process.h"

struct exit_handler {
  void (*fn)(void *);
  void *arg;
  void *dso;
};

static pthread_mutex_t handlers_lock = PTHREAD_MUTEX_INITIALIZER;
static struct exit_handler *handlers;
static size_t handler_count, handler_cap;

static int handler_add(void (*fn)(void *), void *arg, void *dso) {
  if (!fn) return -1;
  pthread_mutex_lock(&handlers_lock);
  if (handler_count == handler_cap) {
    size_t cap = handler_cap ? handler_cap * 2 : 32;
    struct exit_handler *n = realloc(handlers, cap * sizeof *n);
    if (!n) {
      pthread_mutex_unlock(&handlers_lock);
      return -1;
    }
    handlers = n;
    handler_cap = cap;
  }
  handlers[handler_count++] = (struct exit_handler){fn, arg, dso};
  pthread_mutex_unlock(&handlers_lock);
  return 0;
}

/* Pops the newest handler matching DSO (any when MATCH_ALL); false when none is left. */
static bool handler_pop(void *dso, bool match_all, struct exit_handler *out) {
  bool found = false;
  pthread_mutex_lock(&handlers_lock);
  for (size_t i = handler_count; i-- > 0;) {
    if (match_all || handlers[i].dso == dso) {
      *out = handlers[i];
      for (size_t j = i + 1; j < handler_count; j++) handlers[j - 1] = handlers[j];
      handler_count--;
      found = true;
      break;
    }
  }
  pthread_mutex_unlock(&handlers_lock);
  return found;
}

int libc_atexit(void (*fn)(void)) {
  /* A handler without an argument is called with one it ignores: same ABI on x86-64. */
  return handler_add((void (*)(void *))(void *)fn, NULL, NULL);
}

int libc_cxa_atexit(void (*fn)(void *), void *arg, void *dso) {
  return handler_add(fn, arg, dso);
}

void libc_cxa_finalize(void *dso) {
  struct exit_handler h;
  while (handler_pop(dso, dso == NULL, &h)) h.fn(h.arg);
}

void libc_run_exit_handlers(void) {
  struct exit_handler h;
  while (handler_pop(NULL, true, &h)) h.fn(h.arg);
}

size_t libc_exit_handler_count(void) {
  pthread_mutex_lock(&handlers_lock);
  size_t n = handler_count;
  pthread_mutex_unlock(&handlers_lock);
  return n;
}

_Noreturn void libc_exit(int status) {
  libc_run_exit_handlers();
  process_exit(status);
}

_Noreturn void libc__exit(int status) {
  LOG(hle, INFO, "guest _exit(%d): no atexit handlers or finalisers run", status & 0xFF);
  log_close();
  _exit(status & 0xFF);
}

_Noreturn void libc_abort(void) {
  LOG(hle, GAME_ERROR, "guest called abort()");
  log_close();
  _exit(PROSPERO_EXIT_GUEST_CRASH);
}
