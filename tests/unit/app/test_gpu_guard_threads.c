/* The unmap guard of src/app/gpu_guard.c under contention, without the memory map: job threads
 * take uses of random spans of a pretend address space of 64 pages while unmapper threads take
 * unmaps of random spans. An unmapper marks its pages after its BEGIN returned and clears them
 * before its END; a job checks, after its use began and again before it ends, that none of its
 * pages is marked, while it holds the use: a job never runs over a span being unmapped (the guard's
 * contract, gpu_guard.h). Also built in the ThreadSanitizer configuration. */
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "app/gpu_guard.h"

#define PAGES 64
#define ROUNDS 500
#define HOLD 20 /* yields a job holds its use and an unmapper its marks */

static struct app_gpu_guard guard;
static int marked[PAGES]; /* atomics: pages an unmap is changing */
static int violations, jobs_run, jobs_retried;

static void span(unsigned *seed, uint64_t *lo, uint64_t *hi) {
  uint64_t a = (uint64_t)(rand_r(seed) % PAGES), n = 1 + (uint64_t)(rand_r(seed) % 8);
  *lo = a;
  *hi = a + n > PAGES ? PAGES : a + n;
}

static void check(uint64_t lo, uint64_t hi) {
  for (uint64_t p = lo; p < hi; p++)
    if (__atomic_load_n(&marked[p], __ATOMIC_SEQ_CST))
      __atomic_add_fetch(&violations, 1, __ATOMIC_SEQ_CST);
}

static void *job(void *arg) {
  unsigned seed = (unsigned)(uintptr_t)arg;
  for (int i = 0; i < ROUNDS; i++) {
    uint64_t lo, hi;
    span(&seed, &lo, &hi);
    while (!app_gpu_guard_use_begin(&guard, lo, hi, app_gpu_guard_epoch(&guard)))
      __atomic_add_fetch(&jobs_retried, 1, __ATOMIC_RELAXED);
    for (int k = 0; k < HOLD; k++) {
      check(lo, hi);
      sched_yield();
    }
    app_gpu_guard_use_end(&guard, lo, hi);
    __atomic_add_fetch(&jobs_run, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void *unmapper(void *arg) {
  unsigned seed = (unsigned)(uintptr_t)arg;
  for (int i = 0; i < ROUNDS; i++) {
    uint64_t lo, hi;
    span(&seed, &lo, &hi);
    app_gpu_guard_unmap_begin(lo, hi - lo, &guard);
    for (uint64_t p = lo; p < hi; p++) __atomic_add_fetch(&marked[p], 1, __ATOMIC_SEQ_CST);
    for (int k = 0; k < HOLD; k++) sched_yield();
    for (uint64_t p = lo; p < hi; p++) __atomic_sub_fetch(&marked[p], 1, __ATOMIC_SEQ_CST);
    app_gpu_guard_unmap_end(lo, hi - lo, &guard);
  }
  return NULL;
}

static void test_contention(void **state) {
  (void)state;
  app_gpu_guard_init(&guard);
  pthread_t t[6];
  for (uintptr_t i = 0; i < 3; i++)
    assert_int_equal(pthread_create(&t[i], NULL, job, (void *)(i + 1)), 0);
  for (uintptr_t i = 3; i < 6; i++)
    assert_int_equal(pthread_create(&t[i], NULL, unmapper, (void *)(i + 100)), 0);
  for (int i = 0; i < 6; i++) assert_int_equal(pthread_join(t[i], NULL), 0);
  assert_int_equal(violations, 0);
  assert_int_equal(jobs_run, 3 * ROUNDS);
  assert_int_equal(app_gpu_guard_epoch(&guard), 3 * ROUNDS); /* one per unmapping call */
  app_gpu_guard_fini(&guard);
}

/* The whole address space (a direct memory release: ADDR 0, SIZE ~0) overlaps every use. */
static void test_whole_space(void **state) {
  (void)state;
  app_gpu_guard_init(&guard);
  app_gpu_guard_unmap_begin(0, UINT64_MAX, &guard);
  uint64_t e = app_gpu_guard_epoch(&guard);
  app_gpu_guard_unmap_end(0, UINT64_MAX, &guard);
  assert_int_equal(app_gpu_guard_epoch(&guard), e + 1);
  assert_true(app_gpu_guard_use_begin(&guard, UINT64_MAX - 8, UINT64_MAX, e + 1));
  app_gpu_guard_use_end(&guard, UINT64_MAX - 8, UINT64_MAX);
  app_gpu_guard_fini(&guard);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_contention),
      cmocka_unit_test(test_whole_space),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
