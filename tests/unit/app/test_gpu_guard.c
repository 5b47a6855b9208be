/* Jobs reading guest memory on the emulator's threads against the guest's unmaps
 * (src/app/gpu_guard.c as a guest_vm unmap guard): an unmap of memory a job is reading waits
 * until the job ends, so the job never reads pages the guest gave back (before the guard, the
 * pages were replaced under the job and its read faulted); a job starting while an unmap of
 * its memory is under way waits for it and then finds the memory gone; unmaps elsewhere do
 * not wait. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/gpu_guard.h"
#include "kernel/guest_vm.h"

#define K 1024ull
#define RW (PROT_READ | PROT_WRITE)

static struct app_gpu_guard guard;
static const struct guest_vm_unmap_guard vm_guard = {
    .begin = app_gpu_guard_unmap_begin, .end = app_gpu_guard_unmap_end, .ctx = &guard};

static int setup(void **state) {
  (void)state;
  if (!guest_vm_init()) return -1;
  app_gpu_guard_init(&guard);
  return guest_vm_add_unmap_guard(&vm_guard) ? 0 : -1;
}
static int teardown(void **state) {
  (void)state;
  guest_vm_remove_unmap_guard(&vm_guard);
  app_gpu_guard_fini(&guard);
  return 0;
}

static void sleep_ms(unsigned ms) {
  struct timespec ts = {0, (long)ms * 1000000L};
  nanosleep(&ts, NULL);
}

/* The order of events, across threads. */
static int seq;
static int next_seq(void) { return __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST); }

static struct {
  uint64_t addr, size;
  int rc, done_at;
} unmapper;
static void *unmap_thread(void *arg) {
  (void)arg;
  unmapper.rc = guest_vm_unmap(unmapper.addr, unmapper.size);
  __atomic_store_n(&unmapper.done_at, next_seq(), __ATOMIC_SEQ_CST);
  return NULL;
}

static int observed_at;
static void on_unmap(uint64_t addr, uint64_t size, void *ctx) {
  (void)addr, (void)size, (void)ctx;
  observed_at = next_seq();
}

/* A job holds [a, a+64K); the guest unmaps 16K of it from another thread: the unmap waits
 * until the job, which reads the memory well after the unmap began, has ended; the memory
 * then is gone and the unmap observers ran after the job. */
static void test_unmap_waits_for_the_job(void **state) {
  (void)state;
  uint64_t a = guest_vm_alloc(64 * K, 16 * K, RW, "scan-out");
  assert_true(a != 0);
  memset((void *)(uintptr_t)a, 0x5A, 64 * K);
  assert_true(guest_vm_add_unmap_observer(on_unmap, NULL));
  uint64_t epoch = app_gpu_guard_epoch(&guard);
  assert_true(app_gpu_guard_use_begin(&guard, a, a + 64 * K, epoch));

  unmapper = (typeof(unmapper)){.addr = a + 16 * K, .size = 16 * K};
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, unmap_thread, NULL), 0);
  sleep_ms(100);
  assert_int_equal(__atomic_load_n(&unmapper.done_at, __ATOMIC_SEQ_CST), 0); /* it waits */
  /* the job reads what it was given, unmap or not: still there */
  const volatile uint8_t *p = (const volatile uint8_t *)(uintptr_t)(a + 16 * K);
  for (uint64_t i = 0; i < 16 * K; i += 4096) assert_int_equal(p[i], 0x5A);
  int job_end = next_seq();
  app_gpu_guard_use_end(&guard, a, a + 64 * K);
  assert_int_equal(pthread_join(t, NULL), 0);
  assert_int_equal(unmapper.rc, 0);
  assert_true(unmapper.done_at > job_end);
  assert_true(observed_at > job_end);
  assert_int_equal(guard.waits, 1);
  uint64_t start, len;
  int prot;
  assert_false(guest_vm_query(a + 16 * K, &start, &len, &prot)); /* gone */
  assert_true(app_gpu_guard_epoch(&guard) > epoch);
  guest_vm_remove_unmap_observer(on_unmap, NULL);
  assert_true(guest_vm_free(a, 16 * K));
  assert_true(guest_vm_free(a + 32 * K, 32 * K));
}

/* An unmap of memory no job uses does not wait. */
static void test_unmap_elsewhere_does_not_wait(void **state) {
  (void)state;
  uint64_t a = guest_vm_alloc(64 * K, 16 * K, RW, "job");
  uint64_t b = guest_vm_alloc(64 * K, 16 * K, RW, "other");
  assert_true(a && b);
  assert_true(app_gpu_guard_use_begin(&guard, a, a + 64 * K, app_gpu_guard_epoch(&guard)));
  uint64_t waits = guard.waits;
  assert_int_equal(guest_vm_unmap(b, 64 * K), 0); /* would hang here if it waited */
  assert_int_equal(guard.waits, waits);
  app_gpu_guard_use_end(&guard, a, a + 64 * K);
  assert_true(guest_vm_free(a, 64 * K));
}

/* A job that looked at the map before an unmap ended is told to look again (its epoch is
 * stale); one starting while an unmap of its span is under way waits for the unmap to end. */
static struct {
  uint64_t epoch;
  bool result;
  int done_at;
} starter;
static void *job_thread(void *arg) {
  uint64_t a = *(uint64_t *)arg;
  starter.result = app_gpu_guard_use_begin(&guard, a, a + 16 * K, starter.epoch);
  __atomic_store_n(&starter.done_at, next_seq(), __ATOMIC_SEQ_CST);
  if (starter.result) app_gpu_guard_use_end(&guard, a, a + 16 * K);
  return NULL;
}
static void test_job_waits_for_the_unmap(void **state) {
  (void)state;
  uint64_t a = guest_vm_alloc(64 * K, 16 * K, RW, "job");
  assert_true(a != 0);
  uint64_t stale = app_gpu_guard_epoch(&guard);
  assert_int_equal(guest_vm_unmap(a + 48 * K, 16 * K), 0);
  assert_false(app_gpu_guard_use_begin(&guard, a, a + 16 * K, stale));
  /* an unmap of [a, a+16K) under way (its BEGIN ran, its END not yet) */
  starter.epoch = app_gpu_guard_epoch(&guard);
  app_gpu_guard_unmap_begin(a, 16 * K, &guard);
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, job_thread, &a), 0);
  sleep_ms(100);
  assert_int_equal(__atomic_load_n(&starter.done_at, __ATOMIC_SEQ_CST), 0); /* it waits */
  int end_at = next_seq();
  app_gpu_guard_unmap_end(a, 16 * K, &guard);
  assert_int_equal(pthread_join(t, NULL), 0);
  assert_true(starter.done_at > end_at);
  assert_false(starter.result); /* the map changed: look again */
  assert_true(guest_vm_free(a, 48 * K));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_unmap_waits_for_the_job),
      cmocka_unit_test(test_unmap_elsewhere_does_not_wait),
      cmocka_unit_test(test_job_waits_for_the_unmap),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
