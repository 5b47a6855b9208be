/* libkernel pthreads without a guest (host functions stand in for guest routines: both
 * follow the System V ABI): create/join/detach on stacks the caller gives, the error codes,
 * cancellation at a sleep with cleanup handlers, key destructor rounds, once under a race,
 * attribute objects, and many threads created and joined (the sanitizer build checks that
 * nothing leaks or is used after it is freed). */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"

#define STACK (256u << 10)

static kthread_attr_t attr_with_stack(void **mem) {
  kthread_attr_t a = NULL;
  assert_int_equal(kernel_pthread_attr_init(&a), 0);
  *mem = aligned_alloc(16384, STACK);
  assert_non_null(*mem);
  assert_int_equal(kernel_pthread_attr_setstack(&a, (uint64_t)(uintptr_t)*mem, STACK), 0);
  return a;
}

static uint64_t fn_addr(void *f) { return (uint64_t)(uintptr_t)f; }

static char *seen_local;
static void *square(void *p) {
  char local = 0;
  seen_local = &local;
  return (void *)((uintptr_t)p * (uintptr_t)p);
}

static void test_create_join(void **state) {
  (void)state;
  void *mem;
  kthread_attr_t a = attr_with_stack(&mem);
  kthread_t t = NULL;
  uint64_t v = 0;
  assert_int_equal(kernel_pthread_create(&t, &a, fn_addr(square), 7), 0);
  assert_non_null(t);
  assert_int_equal(kernel_pthread_join(t, &v), 0);
  assert_int_equal(v, 49);
  assert_true(seen_local >= (char *)mem && seen_local < (char *)mem + STACK);
  assert_int_equal(kernel_pthread_join(t, NULL), GUEST_ESRCH); /* stale handle */
  assert_int_equal(kernel_pthread_join(NULL, NULL), GUEST_EINVAL);
  assert_int_equal(kernel_pthread_join(kernel_pthread_self(), NULL), GUEST_EDEADLK);
  assert_int_equal(kernel_pthread_create(NULL, &a, fn_addr(square), 1), GUEST_EINVAL);
  assert_int_equal(kernel_pthread_sce_join(NULL, NULL), SCE_KERNEL_ERROR(GUEST_EINVAL));
  assert_int_equal(kernel_pthread_attr_destroy(&a), 0);
  assert_null(a);
  free(mem);
}

static void test_many_threads(void **state) {
  (void)state;
  void *mem;
  kthread_attr_t a = attr_with_stack(&mem);
  for (uintptr_t i = 0; i < 2000; i++) {
    kthread_t t;
    uint64_t v = 0;
    assert_int_equal(kernel_pthread_create(&t, &a, fn_addr(square), i), 0);
    assert_int_equal(kernel_pthread_join(t, &v), 0);
    assert_int_equal(v, i * i);
  }
  kernel_pthread_attr_destroy(&a);
  free(mem);
}

static volatile int release_flag;
static void *waits(void *p) {
  while (!__atomic_load_n(&release_flag, __ATOMIC_ACQUIRE)) kernel_sce_usleep(1000);
  return p;
}

static void test_detach(void **state) {
  (void)state;
  void *mem;
  kthread_attr_t a = attr_with_stack(&mem);
  kthread_t t;
  release_flag = 0;
  assert_int_equal(kernel_pthread_create(&t, &a, fn_addr(waits), 0), 0);
  assert_int_equal(kernel_pthread_detach(t), 0);
  assert_int_equal(kernel_pthread_detach(t), GUEST_EINVAL);
  assert_int_equal(kernel_pthread_join(t, NULL), GUEST_EINVAL);
  __atomic_store_n(&release_flag, 1, __ATOMIC_RELEASE);
  /* it frees itself as it ends: the handle goes stale */
  for (int i = 0; i < 2000 && kernel_pthread_detach(t) != GUEST_ESRCH; i++) kernel_sce_usleep(1000);
  assert_int_equal(kernel_pthread_detach(t), GUEST_ESRCH);
  free(mem); /* its stack is the caller's: free only once the thread is gone */
  kernel_pthread_attr_destroy(&a);
}

static char trail[8];
static int trail_len;
static void mark(void *p) { trail[trail_len++] = (char)(uintptr_t)p; }
static void *sleeper(void *p) {
  struct kthread_cleanup_info a, b;
  kernel_pthread_cleanup_push_imp(fn_addr(mark), 'A', &a);
  kernel_pthread_cleanup_push_imp(fn_addr(mark), 'B', &b);
  __atomic_store_n(&release_flag, 1, __ATOMIC_RELEASE);
  kernel_sce_usleep(30u * 1000 * 1000);
  return p;
}

static void test_cancel_at_sleep(void **state) {
  (void)state;
  void *mem;
  kthread_attr_t a = attr_with_stack(&mem);
  kthread_t t;
  uint64_t v = 0;
  release_flag = 0;
  trail_len = 0;
  assert_int_equal(kernel_pthread_create(&t, &a, fn_addr(sleeper), 5), 0);
  while (!__atomic_load_n(&release_flag, __ATOMIC_ACQUIRE)) kernel_sce_usleep(1000);
  kernel_sce_usleep(20000);
  assert_int_equal(kernel_pthread_cancel(t), 0);
  assert_int_equal(kernel_pthread_join(t, &v), 0);
  assert_int_equal(v, KTHREAD_CANCELED);
  assert_int_equal(trail_len, 2);
  assert_memory_equal(trail, "BA", 2);
  assert_int_equal(kernel_pthread_cancel(t), GUEST_ESRCH);
  kernel_pthread_attr_destroy(&a);
  free(mem);
}

static void *long_sleeper(void *p) {
  kernel_sce_usleep(10u * 1000 * 1000);
  return p;
}

/* A cancel that comes at any moment around the sleep ends it: no lost wake-up (each sleep
 * is 10 s; 200 of them must end in a few seconds). */
static void test_cancel_races_sleep(void **state) {
  (void)state;
  void *mem;
  kthread_attr_t a = attr_with_stack(&mem);
  uint64_t t0 = kernel_get_process_time();
  for (int i = 0; i < 200; i++) {
    kthread_t t;
    uint64_t v = 0;
    assert_int_equal(kernel_pthread_create(&t, &a, fn_addr(long_sleeper), 1), 0);
    if (i & 1) kernel_pthread_yield();
    assert_int_equal(kernel_pthread_cancel(t), 0);
    assert_int_equal(kernel_pthread_join(t, &v), 0);
    assert_int_equal(v, KTHREAD_CANCELED);
  }
  assert_true(kernel_get_process_time() - t0 < 8u * 1000 * 1000);
  kernel_pthread_attr_destroy(&a);
  free(mem);
}

/* Guest signals are not delivered yet: a host signal that lands during nanosleep (here
 * SIGUSR1 with a handler and no SA_RESTART, so the host wait returns EINTR) must not end
 * the sleep early nor touch the remaining-time record; the call returns 0 after the whole
 * time (FreeBSD: rmtp is written only when the sleep ends with EINTR). Both paths: a
 * guest pthread (futex wait on its own word) and a thread with no pthread object (host
 * nanosleep loop). */
static pthread_t sleeper_host;
static volatile int sleeper_ready;
static int64_t sleep_result;
static uint64_t sleep_us_taken;
static struct guest_timespec sleep_left;
static void on_usr1(int sig) { (void)sig; }
static void *timed_sleep(void *p) {
  sleeper_host = pthread_self();
  sleep_left = (struct guest_timespec){77, 77};
  struct guest_timespec req = {0, 150 * 1000 * 1000};
  __atomic_store_n(&sleeper_ready, 1, __ATOMIC_RELEASE);
  uint64_t t0 = kernel_get_process_time();
  sleep_result = kernel_nanosleep_core(&req, &sleep_left);
  sleep_us_taken = kernel_get_process_time() - t0;
  return p;
}
static void *plain_host_thread(void *p) { return timed_sleep(p); }

static void pester_sleeper(void) {
  while (!__atomic_load_n(&sleeper_ready, __ATOMIC_ACQUIRE)) sched_yield();
  for (int i = 0; i < 10; i++) {
    struct timespec gap = {0, 5 * 1000 * 1000};
    nanosleep(&gap, NULL);
    pthread_kill(sleeper_host, SIGUSR1);
  }
}

static void check_full_sleep(void) {
  assert_int_equal(sleep_result, 0);
  assert_true(sleep_us_taken >= 150 * 1000);
  assert_int_equal(sleep_left.tv_sec, 77);
  assert_int_equal(sleep_left.tv_nsec, 77);
}

static void test_sleep_resumes_after_host_signal(void **state) {
  (void)state;
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sigemptyset(&sa.sa_mask);
  assert_int_equal(sigaction(SIGUSR1, &sa, &old), 0);

  void *mem;
  kthread_attr_t a = attr_with_stack(&mem);
  kthread_t t;
  sleeper_ready = 0;
  assert_int_equal(kernel_pthread_create(&t, &a, fn_addr(timed_sleep), 0), 0);
  pester_sleeper();
  assert_int_equal(kernel_pthread_join(t, NULL), 0);
  check_full_sleep();
  kernel_pthread_attr_destroy(&a);
  free(mem);

  pthread_t h;
  sleeper_ready = 0;
  assert_int_equal(pthread_create(&h, NULL, plain_host_thread, NULL), 0);
  pester_sleeper();
  assert_int_equal(pthread_join(h, NULL), 0);
  check_full_sleep();
  sigaction(SIGUSR1, &old, NULL);
}

static int key_k;
static int dtor_calls;
static void resetting_dtor(void *v) {
  dtor_calls++;
  kernel_pthread_setspecific(key_k, (uint64_t)(uintptr_t)v);
}
static void *sets_key(void *p) {
  kernel_pthread_setspecific(key_k, 1);
  return p;
}

static void test_key_destructor_rounds(void **state) {
  (void)state;
  void *mem;
  kthread_attr_t a = attr_with_stack(&mem);
  assert_int_equal(kernel_pthread_key_create(&key_k, fn_addr(resetting_dtor)), 0);
  kthread_t t;
  dtor_calls = 0;
  assert_int_equal(kernel_pthread_create(&t, &a, fn_addr(sets_key), 0), 0);
  assert_int_equal(kernel_pthread_join(t, NULL), 0);
  assert_int_equal(dtor_calls, KTHREAD_DESTRUCTOR_ITERATIONS);
  assert_int_equal(kernel_pthread_key_delete(key_k), 0);
  assert_int_equal(kernel_pthread_key_delete(key_k), GUEST_EINVAL);
  kernel_pthread_attr_destroy(&a);
  free(mem);
}

static struct kthread_once once;
static int once_runs;
static void once_init(void) {
  kernel_sce_usleep(5000);
  __atomic_add_fetch(&once_runs, 1, __ATOMIC_RELAXED);
}
static void *once_racer(void *p) {
  kernel_pthread_once(&once, fn_addr(once_init));
  return p;
}

static void test_once_race(void **state) {
  (void)state;
  enum { N = 4 };
  void *mem[N];
  kthread_attr_t a[N];
  kthread_t t[N];
  for (int i = 0; i < N; i++) {
    a[i] = attr_with_stack(&mem[i]);
    assert_int_equal(kernel_pthread_create(&t[i], &a[i], fn_addr(once_racer), 0), 0);
  }
  for (int i = 0; i < N; i++) {
    assert_int_equal(kernel_pthread_join(t[i], NULL), 0);
    kernel_pthread_attr_destroy(&a[i]);
    free(mem[i]);
  }
  assert_int_equal(once_runs, 1);
}

static void test_attr_objects(void **state) {
  (void)state;
  kthread_attr_t a = NULL;
  uint64_t v = 0;
  int i = 0;
  assert_int_equal(kernel_pthread_attr_getstacksize(&a, &v), GUEST_EINVAL); /* not initialised */
  assert_int_equal(kernel_pthread_attr_init(&a), 0);
  assert_int_equal(kernel_pthread_attr_getstacksize(&a, &v), 0);
  assert_int_equal(v, KTHREAD_STACK_DEFAULT);
  assert_int_equal(kernel_pthread_attr_getguardsize(&a, &v), 0);
  assert_int_equal(v, KTHREAD_GUARD_DEFAULT);
  assert_int_equal(kernel_pthread_attr_getinheritsched(&a, &i), 0);
  assert_int_equal(i, KTHREAD_INHERIT_SCHED);
  struct kthread_sched_param sp = {0};
  assert_int_equal(kernel_pthread_attr_getschedparam(&a, &sp), 0);
  assert_int_equal(sp.sched_priority, KTHREAD_PRIO_FIFO_DEFAULT);
  assert_int_equal(kernel_pthread_attr_setstacksize(&a, KTHREAD_STACK_MIN - 1), GUEST_EINVAL);
  assert_int_equal(kernel_pthread_sce_attr_setstacksize(&a, KTHREAD_STACK_MIN - 1),
                   SCE_KERNEL_ERROR(GUEST_EINVAL));
  sp.sched_priority = KTHREAD_PRIO_FIFO_LOWEST + 1;
  assert_int_equal(kernel_pthread_attr_setschedparam(&a, &sp), GUEST_EOPNOTSUPP);
  assert_int_equal(kernel_pthread_attr_destroy(&a), 0);
  assert_int_equal(kernel_pthread_attr_destroy(&a), GUEST_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_create_join),
      cmocka_unit_test(test_many_threads),
      cmocka_unit_test(test_detach),
      cmocka_unit_test(test_cancel_at_sleep),
      cmocka_unit_test(test_cancel_races_sleep),
      cmocka_unit_test(test_sleep_resumes_after_host_signal),
      cmocka_unit_test(test_key_destructor_rounds),
      cmocka_unit_test(test_once_race),
      cmocka_unit_test(test_attr_objects),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
