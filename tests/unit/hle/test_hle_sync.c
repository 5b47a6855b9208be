/* libkernel's synchronisation faces (hle/libkernel/kernel_sync_*.c) from host threads: the
 * static initialisers turned into objects on first use by racing threads (exactly one object
 * survives), handle states after destroy (FreeBSD libthr's values), the errno and SCE faces
 * of one error. Expected values: POSIX / FreeBSD errno numbers, SCE = 0x80020000 + errno. */
#define _GNU_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hle/libkernel/libkernel_sync.h"
#include "kernel/sync_object.h"

#define THREADS 8
#define ITERS 20000

static uint64_t shared_mutex; /* PTHREAD_MUTEX_INITIALIZER */
static uint64_t shared_cond;  /* PTHREAD_COND_INITIALIZER */
static long counter;
static int errors;
static pthread_barrier_t start_line;

static void *racer(void *arg) {
  (void)arg;
  pthread_barrier_wait(&start_line); /* every thread meets the initialiser at once */
  for (int i = 0; i < ITERS; i++) {
    int e = kernel_pthread_mutex_lock(&shared_mutex);
    counter++;
    e |= kernel_pthread_cond_signal(&shared_cond);
    e |= kernel_pthread_mutex_unlock(&shared_mutex);
    if (e) __atomic_fetch_add(&errors, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void test_lazy_creation_race(void **state) {
  (void)state;
  size_t mutexes = sync_object_count(SYNC_KIND_MUTEX);
  size_t conds = sync_object_count(SYNC_KIND_COND);
  pthread_barrier_init(&start_line, NULL, THREADS);
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++) assert_int_equal(pthread_create(&t[i], NULL, racer, NULL), 0);
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  pthread_barrier_destroy(&start_line);
  assert_int_equal(errors, 0);
  assert_int_equal(counter, (long)THREADS * ITERS);
  /* the losers of the publishing race freed theirs: one object each */
  assert_int_equal(sync_object_count(SYNC_KIND_MUTEX), mutexes + 1);
  assert_int_equal(sync_object_count(SYNC_KIND_COND), conds + 1);
  assert_int_equal(kernel_pthread_mutex_destroy(&shared_mutex), 0);
  assert_int_equal(kernel_pthread_cond_destroy(&shared_cond), 0);
  assert_int_equal(sync_object_count(SYNC_KIND_MUTEX), mutexes);
  assert_int_equal(sync_object_count(SYNC_KIND_COND), conds);
}

static void test_handle_states(void **state) {
  (void)state;
  uint64_t m = 0;                                        /* PTHREAD_MUTEX_INITIALIZER */
  assert_int_equal(kernel_pthread_mutex_unlock(&m), 1);  /* EPERM: never locked */
  assert_int_equal(kernel_pthread_mutex_destroy(&m), 0); /* nothing to free */
  assert_int_equal(kernel_pthread_mutex_lock(&m), 0);
  assert_int_equal(kernel_pthread_mutex_destroy(&m), 16); /* EBUSY */
  assert_int_equal(kernel_pthread_mutex_unlock(&m), 0);
  assert_int_equal(kernel_pthread_mutex_destroy(&m), 0);
  assert_int_equal(m, 2);                              /* FreeBSD's "destroyed" */
  assert_int_equal(kernel_pthread_mutex_lock(&m), 22); /* EINVAL */
  assert_int_equal(kernel_pthread_mutex_unlock(&m), 22);
  assert_int_equal((uint32_t)kernel_sce_mutex_lock(&m), 0x80020016u);
  uint64_t wild = 0x12345678;
  assert_int_equal(kernel_pthread_mutex_lock(&wild), 22); /* not a handle: no host fault */
  assert_int_equal(kernel_pthread_mutex_lock(NULL), 22);
  uint64_t a = 1; /* PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP */
  assert_int_equal(kernel_pthread_mutex_lock(&a), 0);
  assert_int_equal(kernel_pthread_mutex_lock(&a), 11); /* EDEADLK: adaptive checks errors */
  assert_int_equal((uint32_t)kernel_sce_mutex_lock(&a), 0x8002000Bu);
  assert_int_equal(kernel_pthread_mutex_unlock(&a), 0);
  assert_int_equal(kernel_pthread_mutex_destroy(&a), 0);
  uint64_t c = 0; /* PTHREAD_COND_INITIALIZER: destroy marks it destroyed */
  assert_int_equal(kernel_pthread_cond_destroy(&c), 0);
  assert_int_equal(c, 1);
  assert_int_equal(kernel_pthread_cond_signal(&c), 22);
  uint64_t rw = 0;
  assert_int_equal(kernel_pthread_rwlock_unlock(&rw), 1); /* EPERM: never locked */
  assert_int_equal(kernel_pthread_rwlock_rdlock(&rw), 0);
  assert_int_equal(kernel_pthread_rwlock_destroy(&rw), 16);
  assert_int_equal(kernel_pthread_rwlock_unlock(&rw), 0);
  assert_int_equal(kernel_pthread_rwlock_destroy(&rw), 0);
  assert_int_equal(rw, 1);
}

static void test_libc_internal_init(void **state) {
  (void)state;
  uint64_t attr = 0, m = 0;
  assert_int_equal(kernel_sce_mutexattr_init_for_libc(&attr), 0);
  assert_int_equal(kernel_sce_mutexattr_settype(&attr, 2), 0); /* RECURSIVE */
  assert_int_equal(kernel_sce_mutex_init_for_libc(&m, &attr), 0);
  assert_int_equal(kernel_sce_mutex_lock(&m) | kernel_sce_mutex_lock(&m), 0);
  assert_int_equal(kernel_sce_mutex_unlock(&m) | kernel_sce_mutex_unlock(&m), 0);
  assert_int_equal((uint32_t)kernel_sce_mutex_unlock(&m), 0x80020001u); /* EPERM */
  assert_int_equal(kernel_sce_mutex_destroy(&m) | kernel_sce_mutexattr_destroy(&attr), 0);
  assert_int_equal((uint32_t)kernel_sce_mutexattr_settype(&attr, 2), 0x80020016u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_lazy_creation_race),
      cmocka_unit_test(test_handle_states),
      cmocka_unit_test(test_libc_internal_init),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
