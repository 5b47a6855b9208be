/* Guest thread cancellation (see CMakeLists.txt). */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../guest_check.h"

/* the order in which handlers and destructors ran */
static char trail[32];
static int trail_len;
static void mark(void *p) {
  trail[__atomic_fetch_add(&trail_len, 1, __ATOMIC_RELAXED)] = (char)(long)p;
}
static void reset(void) {
  memset(trail, 0, sizeof trail);
  trail_len = 0;
}

static pthread_key_t key;
static volatile int started;

static void *spin_testcancel(void *p) {
  (void)p;
  pthread_setspecific(key, (void *)'K');
  pthread_cleanup_push(mark, (void *)'A');
  pthread_cleanup_push(mark, (void *)'B');
  __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
  for (;;) pthread_testcancel();
  pthread_cleanup_pop(0);
  pthread_cleanup_pop(0);
  return NULL;
}

static void *sleeper(void *p) {
  (void)p;
  pthread_cleanup_push(mark, (void *)'S');
  __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
  sceKernelUsleep(20 * 1000 * 1000);
  pthread_cleanup_pop(0);
  return (void *)1234;
}

static volatile int release_target;
static void *target(void *p) {
  (void)p;
  while (!__atomic_load_n(&release_target, __ATOMIC_ACQUIRE)) sceKernelUsleep(1000);
  return (void *)77;
}

static void *joiner(void *p) {
  pthread_cleanup_push(mark, (void *)'J');
  __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
  pthread_join(*(pthread_t *)p, NULL);
  pthread_cleanup_pop(0);
  return NULL;
}

static volatile int passed_disabled;
static void *disabled(void *p) {
  (void)p;
  int old = -1;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
  __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
  while (__atomic_load_n(&started, __ATOMIC_ACQUIRE) != 2) sceKernelUsleep(1000);
  pthread_testcancel(); /* disabled: no effect */
  sceKernelUsleep(1000);
  passed_disabled = 1;
  pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
  passed_disabled = old == PTHREAD_CANCEL_DISABLE ? 2 : 3;
  pthread_testcancel(); /* enabled: ends here */
  passed_disabled = 4;
  return NULL;
}

static void *pops(void *p) {
  (void)p;
  pthread_cleanup_push(mark, (void *)'1');
  pthread_cleanup_push(mark, (void *)'2');
  pthread_cleanup_pop(1); /* runs '2' */
  pthread_cleanup_pop(0); /* drops '1' */
  pthread_cleanup_push(mark, (void *)'3');
  pthread_exit((void *)5); /* runs '3' */
  pthread_cleanup_pop(0);
  return NULL;
}

static void key_dtor(void *v) { mark((void *)((long)v + 0)); }

static void wait_started(void) {
  while (!__atomic_load_n(&started, __ATOMIC_ACQUIRE)) sched_yield();
}

int main(void) {
  check("key for the destructor order", pthread_key_create(&key, key_dtor), 0);
  pthread_t t;
  void *ret = NULL;

  reset();
  started = 0;
  check("testcancel loop: create", pthread_create(&t, NULL, spin_testcancel, NULL), 0);
  wait_started();
  check("pthread_cancel", pthread_cancel(t), 0);
  check("join", pthread_join(t, &ret), 0);
  check("  value is PTHREAD_CANCELED", ret == PTHREAD_CANCELED, 1);
  check("  handlers B, A, then the key destructor", strcmp(trail, "BAK") == 0, 1);

  reset();
  started = 0;
  uint64_t t0 = sceKernelGetProcessTime();
  check("sleeper: create", pthread_create(&t, NULL, sleeper, NULL), 0);
  wait_started();
  sceKernelUsleep(20000); /* let it reach the sleep */
  check("scePthreadCancel", scePthreadCancel(t), 0);
  check("scePthreadJoin", scePthreadJoin(t, &ret), 0);
  check("  value is PTHREAD_CANCELED", ret == PTHREAD_CANCELED, 1);
  check("  the sleep was cut short (under 5 s)", sceKernelGetProcessTime() - t0 < 5000000, 1);
  check("  handler S ran", strcmp(trail, "S") == 0, 1);

  reset();
  started = 0;
  release_target = 0;
  pthread_t tg, jn;
  check("target: create", pthread_create(&tg, NULL, target, NULL), 0);
  check("joiner: create", pthread_create(&jn, NULL, joiner, &tg), 0);
  wait_started();
  sceKernelUsleep(20000); /* let it block in the join */
  check("second join while one waits: ENOTSUP", pthread_join(tg, NULL), ENOTSUP);
  check("cancel the joiner", pthread_cancel(jn), 0);
  check("joiner ends cancelled", (pthread_join(jn, &ret), ret == PTHREAD_CANCELED), 1);
  check("  handler J ran", strcmp(trail, "J") == 0, 1);
  release_target = 1;
  check("the target can be joined again", pthread_join(tg, &ret), 0);
  check("  with its value", (long)ret, 77);

  started = 0;
  check("disabled: create", pthread_create(&t, NULL, disabled, NULL), 0);
  wait_started();
  check("cancel while disabled", pthread_cancel(t), 0);
  __atomic_store_n(&started, 2, __ATOMIC_RELEASE);
  check("join", pthread_join(t, &ret), 0);
  check("  value is PTHREAD_CANCELED", ret == PTHREAD_CANCELED, 1);
  check("  ran past the disabled cancellation points, ended after enabling", passed_disabled, 2);

  reset();
  check("pops: create", pthread_create(&t, NULL, pops, NULL), 0);
  check("join", pthread_join(t, &ret), 0);
  check("  pthread_exit's value", (long)ret, 5);
  check("  pop(1) ran 2, pop(0) dropped 1, exit ran 3", strcmp(trail, "23") == 0, 1);

  check("cancel a joined thread: ESRCH", pthread_cancel(t), ESRCH);
  check("scePthreadCancel of a joined thread", scePthreadCancel(t), SCE_KERNEL_ERROR_ESRCH);
  check("setcancelstate 5: EINVAL", pthread_setcancelstate(5, NULL), EINVAL);
  check("scePthreadSetcancelstate 5", scePthreadSetcancelstate(5, NULL), SCE_KERNEL_ERROR_EINVAL);
  check("setcanceltype 1: EINVAL", pthread_setcanceltype(1, NULL), EINVAL);
  int old = -1;
  check("setcancelstate returns the old state",
        (pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old), old), PTHREAD_CANCEL_ENABLE);

  printf("%s\n", failures ? "FAILED" : "all ok");
  return failures != 0;
}
