/* libkernel: thread-specific data (pthread_key_*, scePthreadKey*) and pthread_once.
 *
 * Keys: a table of KTHREAD_KEYS_MAX (256) slots, each with a generation number so that a
 * value set under a deleted key is never returned for the key that reuses the slot. At
 * thread exit the destructors run in rounds, at most KTHREAD_DESTRUCTOR_ITERATIONS (4): a
 * destructor that sets new values gets them destroyed in the next round; what is left after
 * the last round is dropped (logged), as POSIX allows.
 * Once: FreeBSD's pthread_once_t {int state; pthread_mutex_t mutex;}; the state goes
 * NEVER_DONE 0 -> IN_PROGRESS 2 (WAIT 3 when others sleep on it) -> DONE 1 with a futex on
 * the state word; an init routine that is cancelled puts it back to NEVER_DONE. */
#define _GNU_SOURCE
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel_thread.h"

struct key_slot {
  bool allocated;
  uint64_t seq;
  kthread_guest_fn destructor;
};

static pthread_mutex_t key_lock = PTHREAD_MUTEX_INITIALIZER;
static struct key_slot keys[KTHREAD_KEYS_MAX];

static int sce(int e) { return e ? SCE_KERNEL_ERROR(e) : 0; }

int kernel_pthread_key_create(int *key, kthread_guest_fn destructor) {
  if (!key) return GUEST_EINVAL;
  pthread_mutex_lock(&key_lock);
  int e = GUEST_EAGAIN;
  for (int i = 0; i < KTHREAD_KEYS_MAX; i++) {
    if (keys[i].allocated) continue;
    keys[i].allocated = true;
    keys[i].seq++;
    keys[i].destructor = destructor;
    *key = i;
    e = 0;
    break;
  }
  pthread_mutex_unlock(&key_lock);
  return e;
}

int kernel_pthread_key_delete(int key) {
  if (key < 0 || key >= KTHREAD_KEYS_MAX) return GUEST_EINVAL;
  pthread_mutex_lock(&key_lock);
  int e = keys[key].allocated ? 0 : GUEST_EINVAL;
  if (!e) {
    keys[key].allocated = false;
    keys[key].destructor = 0;
  }
  pthread_mutex_unlock(&key_lock);
  return e;
}

uint64_t kernel_pthread_getspecific(int key) {
  struct kthread *t = kernel_pthread_current();
  if (!t || !t->specific || key < 0 || key >= KTHREAD_KEYS_MAX) return 0;
  pthread_mutex_lock(&key_lock);
  uint64_t v =
      keys[key].allocated && t->specific[key].seq == keys[key].seq ? t->specific[key].value : 0;
  pthread_mutex_unlock(&key_lock);
  return v;
}

int kernel_pthread_setspecific(int key, uint64_t value) {
  struct kthread *t = kernel_pthread_current();
  if (!t) return GUEST_ENOMEM;
  if (key < 0 || key >= KTHREAD_KEYS_MAX) return GUEST_EINVAL;
  if (!t->specific) {
    t->specific = calloc(KTHREAD_KEYS_MAX, sizeof *t->specific);
    if (!t->specific) return GUEST_ENOMEM;
  }
  pthread_mutex_lock(&key_lock);
  int e = keys[key].allocated ? 0 : GUEST_EINVAL;
  if (!e) {
    t->specific[key].value = value;
    t->specific[key].seq = keys[key].seq;
  }
  pthread_mutex_unlock(&key_lock);
  return e;
}

void kernel_pthread_run_key_destructors(struct kthread *t) {
  if (!t->specific) return;
  for (int round = 0; round < KTHREAD_DESTRUCTOR_ITERATIONS; round++) {
    bool called = false;
    for (int k = 0; k < KTHREAD_KEYS_MAX; k++) {
      struct kthread_specific *s = &t->specific[k];
      if (!s->value) continue;
      pthread_mutex_lock(&key_lock);
      kthread_guest_fn fn = keys[k].allocated && keys[k].seq == s->seq ? keys[k].destructor : 0;
      pthread_mutex_unlock(&key_lock);
      uint64_t v = s->value;
      s->value = 0;
      if (fn) { /* without the lock: the destructor may use the keys */
        ((void (*)(uint64_t))(uintptr_t)fn)(v);
        called = true;
      }
    }
    if (!called) break;
  }
  for (int k = 0; k < KTHREAD_KEYS_MAX; k++)
    if (t->specific[k].value) {
      LOG(hle, WARN,
          "pthread: thread-specific values left after %d destructor rounds are "
          "dropped",
          KTHREAD_DESTRUCTOR_ITERATIONS);
      break;
    }
  free(t->specific);
  t->specific = NULL;
}

/* ---- once -------------------------------------------------------------------------------- */

enum { ONCE_NEVER_DONE = 0, ONCE_DONE = 1, ONCE_IN_PROGRESS = 2, ONCE_WAIT = 3 };

static void once_wake(int32_t *word) {
  syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* Cleanup handler (host code, called like a guest one): the init routine was cancelled. */
static void once_cancelled(uint64_t arg) {
  struct kthread_once *o = (struct kthread_once *)(uintptr_t)arg;
  int32_t prev = __atomic_exchange_n(&o->state, ONCE_NEVER_DONE, __ATOMIC_RELEASE);
  if (prev == ONCE_WAIT) once_wake(&o->state);
}

int kernel_pthread_once(struct kthread_once *o, kthread_guest_fn init) {
  if (!o || !init) return GUEST_EINVAL;
  for (;;) {
    int32_t s = __atomic_load_n(&o->state, __ATOMIC_ACQUIRE);
    if (s == ONCE_DONE) return 0;
    if (s == ONCE_NEVER_DONE) {
      if (__atomic_compare_exchange_n(&o->state, &s, ONCE_IN_PROGRESS, false, __ATOMIC_ACQUIRE,
                                      __ATOMIC_ACQUIRE))
        break;
      continue;
    }
    if (s == ONCE_IN_PROGRESS && !__atomic_compare_exchange_n(&o->state, &s, ONCE_WAIT, false,
                                                              __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE))
      continue;
    if (s != ONCE_IN_PROGRESS && s != ONCE_WAIT) return GUEST_EINVAL;
    kernel_thread_cancel_wait_begin();
    syscall(SYS_futex, &o->state, FUTEX_WAIT_PRIVATE, ONCE_WAIT, NULL, NULL, 0);
    kernel_thread_cancel_wait_end();
  }
  struct kthread_cleanup_info info;
  kernel_pthread_cleanup_push_imp((kthread_guest_fn)(uintptr_t)once_cancelled,
                                  (uint64_t)(uintptr_t)o, &info);
  ((void (*)(void))(uintptr_t)init)();
  kernel_pthread_cleanup_pop_imp(0);
  int32_t prev = __atomic_exchange_n(&o->state, ONCE_DONE, __ATOMIC_RELEASE);
  if (prev == ONCE_WAIT) once_wake(&o->state);
  return 0;
}

int kernel_pthread_sce_key_create(int *key, kthread_guest_fn destructor) {
  return sce(kernel_pthread_key_create(key, destructor));
}
int kernel_pthread_sce_key_delete(int key) { return sce(kernel_pthread_key_delete(key)); }
int kernel_pthread_sce_setspecific(int key, uint64_t value) {
  return sce(kernel_pthread_setspecific(key, value));
}
int kernel_pthread_sce_once(struct kthread_once *once, kthread_guest_fn init) {
  return sce(kernel_pthread_once(once, init));
}
