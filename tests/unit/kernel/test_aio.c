/* The AIO engine (kernel/aio.h) with an I/O function the test controls, so the
 * timing-dependent rules are deterministic: states SUBMITTED -> PROCESSING -> COMPLETED,
 * cancel of queued requests (ABORTED) but not of started ones, a zero budget on unfinished
 * IDs (ETIMEDOUT at once), a budget that runs out, EBUSY when deleting an unfinished ID,
 * WAIT_OR returning on a newly completed ID, one NOTIFIED bit shared by concurrent waiters,
 * submission order kept per file; and a stress run: 8 threads x 300 batches of reads and
 * writes on 4 files, every byte checked (the AIO batches under concurrency that must pass
 * every time). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "kernel/aio.h"

/* ---- a controllable device: fd 1 blocks until released; other fds are memory files ---- */

#define FILES 4
#define FILE_SIZE 65536
static uint8_t mem[FILES + 8][FILE_SIZE];
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static bool gate_open = true;
static atomic_int gate_entered;
static int order_log[64];
static atomic_int order_len;

#define GATED_FD 1
#define ORDER_FD 2

static int64_t test_io(int fd, void *buf, uint64_t n, int64_t off, bool write) {
  if (fd == GATED_FD) {
    atomic_fetch_add(&gate_entered, 1);
    pthread_mutex_lock(&gate_lock);
    while (!gate_open) pthread_cond_wait(&gate_cond, &gate_lock);
    pthread_mutex_unlock(&gate_lock);
  }
  if (fd == ORDER_FD && write) {
    int k = atomic_fetch_add(&order_len, 1);
    if (k < 64) order_log[k] = *(const uint8_t *)buf;
  }
  if (fd < 0 || fd >= FILES + 8) return -9;
  if (off < 0 || (uint64_t)off + n > FILE_SIZE) return -22;
  if (write) memcpy(mem[fd] + off, buf, n);
  else memcpy(buf, mem[fd] + off, n);
  return (int64_t)n;
}

static void gate(bool open) {
  pthread_mutex_lock(&gate_lock);
  gate_open = open;
  pthread_cond_broadcast(&gate_cond);
  pthread_mutex_unlock(&gate_lock);
}

static int setup(void **state) {
  (void)state;
  aio_set_io(test_io);
  return 0;
}

static struct aio_request read_req(int fd, int64_t off, uint64_t n, void *buf,
                                   struct aio_result *r) {
  return (struct aio_request){.fd = fd, .offset = off, .nbyte = n, .buf = buf, .result = r};
}

/* Waits until the gated request has started. */
static void wait_entered(int count) {
  while (atomic_load(&gate_entered) < count) usleep(100);
}

static void test_states_cancel_budget(void **state) {
  (void)state;
  atomic_store(&gate_entered, 0);
  gate(false);
  uint8_t buf[3][16];
  struct aio_result res[3];
  /* the first request blocks its lane; the next two on the same file wait behind it */
  struct aio_request reqs[3] = {read_req(GATED_FD, 0, 16, buf[0], &res[0]),
                                read_req(GATED_FD, 16, 16, buf[1], &res[1]),
                                read_req(GATED_FD, 32, 16, buf[2], &res[2])};
  int32_t ids[3];
  assert_int_equal(aio_submit(reqs, 3, AIO_PRIORITY_MID, false, true, ids), 0);
  wait_entered(1);
  int32_t st[3];
  assert_int_equal(aio_poll(ids, 3, st), 0);
  assert_int_equal(st[0], AIO_STATE_PROCESSING);
  assert_int_equal(st[1], AIO_STATE_SUBMITTED);
  assert_int_equal(res[1].state, AIO_STATE_SUBMITTED);
  /* zero budget: no wait at all */
  uint32_t usec = 0;
  assert_int_equal(aio_wait(ids, 1, st, AIO_WAIT_AND, &usec), -ETIMEDOUT);
  assert_int_equal(st[0], AIO_STATE_PROCESSING);
  assert_int_equal(usec, 0);
  /* a budget that runs out */
  usec = 20000;
  assert_int_equal(aio_wait(ids, 3, st, AIO_WAIT_OR, &usec), -ETIMEDOUT);
  assert_int_equal(usec, 0);
  /* deleting unfinished IDs */
  int32_t del[3];
  assert_int_equal(aio_delete(ids, 3, del), 0);
  assert_int_equal(del[0], -EBUSY);
  assert_int_equal(del[1], -EBUSY);
  /* cancel: the started one stays PROCESSING, the queued one is ABORTED */
  int32_t pair[2] = {ids[0], ids[1]};
  assert_int_equal(aio_cancel(pair, 2, st), 0);
  assert_int_equal(st[0], AIO_STATE_PROCESSING);
  assert_int_equal(st[1], AIO_STATE_ABORTED);
  assert_int_equal(res[1].state, AIO_STATE_ABORTED);
  /* WAIT_OR: the aborted ID is a fresh terminal state: returns at once */
  assert_int_equal(aio_wait(ids, 3, st, AIO_WAIT_OR, NULL), 0);
  assert_int_equal(st[1], AIO_STATE_ABORTED);
  assert_int_equal(aio_poll(&ids[1], 1, st), 0);
  assert_int_equal(st[0], AIO_STATE_ABORTED | AIO_STATE_NOTIFIED);
  gate(true);
  usec = 5000000;
  assert_int_equal(aio_wait(ids, 3, st, AIO_WAIT_AND, &usec), 0);
  assert_true(usec > 0 && usec <= 5000000);
  assert_int_equal(st[0], AIO_STATE_COMPLETED);
  assert_int_equal(st[2], AIO_STATE_COMPLETED);
  assert_int_equal(res[0].value, 16);
  assert_int_equal(res[2].state, AIO_STATE_COMPLETED);
  assert_int_equal(aio_delete(ids, 3, del), 0);
  assert_int_equal(del[0], 0);
  assert_int_equal(del[1], 0);
  assert_int_equal(aio_poll(ids, 1, st), 0);
  assert_int_equal(st[0], -ESRCH);
}

/* Several threads wait on one ID: exactly one sees the plain state. */
struct waiter_arg {
  int32_t id;
  int32_t state;
};
static void *waiter(void *p) {
  struct waiter_arg *a = p;
  aio_wait(&a->id, 1, &a->state, AIO_WAIT_AND, NULL);
  return NULL;
}

static void test_shared_notified(void **state) {
  (void)state;
  atomic_store(&gate_entered, 0);
  gate(false);
  uint8_t buf[8];
  struct aio_result res;
  struct aio_request r = read_req(GATED_FD, 0, 8, buf, &res);
  int32_t id;
  assert_int_equal(aio_submit(&r, 1, AIO_PRIORITY_HIGH, false, false, &id), 0);
  pthread_t t[6];
  struct waiter_arg a[6];
  for (int i = 0; i < 6; i++) {
    a[i] = (struct waiter_arg){id, 0};
    assert_int_equal(pthread_create(&t[i], NULL, waiter, &a[i]), 0);
  }
  wait_entered(1);
  usleep(2000);
  gate(true);
  int plain = 0, notified = 0;
  for (int i = 0; i < 6; i++) {
    pthread_join(t[i], NULL);
    plain += a[i].state == AIO_STATE_COMPLETED;
    notified += a[i].state == (AIO_STATE_COMPLETED | AIO_STATE_NOTIFIED);
  }
  assert_int_equal(plain, 1);
  assert_int_equal(notified, 5);
  int32_t del;
  aio_delete(&id, 1, &del);
}

static void test_order_per_file(void **state) {
  (void)state;
  atomic_store(&order_len, 0);
  static uint8_t bytes[40];
  struct aio_result res[40];
  struct aio_request reqs[40];
  for (int i = 0; i < 40; i++) {
    bytes[i] = (uint8_t)i;
    reqs[i] = read_req(ORDER_FD, i, 1, &bytes[i], &res[i]);
  }
  int32_t ids[40];
  assert_int_equal(aio_submit(reqs, 40, AIO_PRIORITY_LOW, true, true, ids), 0);
  int32_t st[40];
  assert_int_equal(aio_wait(ids, 40, st, AIO_WAIT_AND, NULL), 0);
  assert_int_equal(atomic_load(&order_len), 40);
  for (int i = 0; i < 40; i++) assert_int_equal(order_log[i], i);
  int32_t del[40];
  aio_delete(ids, 40, del);
}

static void test_bad_arguments(void **state) {
  (void)state;
  int32_t ids[2] = {1, 2}, st[2] = {7, 7};
  struct aio_result res;
  uint8_t b;
  struct aio_request r = read_req(3, 0, 1, &b, &res);
  assert_int_equal(aio_submit(&r, 0, AIO_PRIORITY_MID, false, false, ids), -EINVAL);
  assert_int_equal(aio_submit(&r, 129, AIO_PRIORITY_MID, false, false, ids), -EINVAL);
  assert_int_equal(aio_submit(&r, 1, 0, false, false, ids), -EINVAL);
  assert_int_equal(aio_submit(&r, 1, 4, false, false, ids), -EINVAL);
  assert_int_equal(aio_poll(ids, 0, st), -EINVAL);
  assert_int_equal(aio_wait(ids, 2, st, 0, NULL), -EINVAL);
  assert_int_equal(aio_wait(ids, 129, st, AIO_WAIT_AND, NULL), -EINVAL);
  assert_int_equal(st[0], 7);
  assert_int_equal(aio_cancel(ids, 200, st), -EINVAL);
  assert_int_equal(aio_delete(ids, -1, st), -EINVAL);
}

/* ---- stress: 8 threads, batches of reads and writes on 4 files ---- */

#define THREADS 8
#define ROUNDS 300

static void *stress(void *p) {
  int me = (int)(intptr_t)p;
  int fd = 4 + me % FILES; /* two threads per file, each in its own region */
  int64_t base = (int64_t)(me / FILES) * (FILE_SIZE / 2);
  uint8_t out[8][64], in[8][64];
  struct aio_result wres[8], rres[8];
  for (int round = 0; round < ROUNDS; round++) {
    int n = 1 + (round + me) % 8;
    struct aio_request w[8], r[8];
    for (int i = 0; i < n; i++) {
      memset(out[i], (me * 31 + round * 7 + i) & 0xff, sizeof out[i]);
      int64_t off = base + ((round * 8 + i) % 256) * 64;
      w[i] = read_req(fd, off, 64, out[i], &wres[i]);
      r[i] = read_req(fd, off, 64, in[i], &rres[i]);
    }
    int32_t wid, rids[8], st[8];
    if (aio_submit(w, n, AIO_PRIORITY_MID, true, false, &wid) != 0) return (void *)1;
    /* reads queued after the writes of the same file see their bytes (order per file) */
    if (aio_submit(r, n, AIO_PRIORITY_MID, false, true, rids) != 0) return (void *)2;
    uint32_t usec = 10000000;
    if (aio_wait(rids, n, st, AIO_WAIT_AND, &usec) != 0) return (void *)3;
    if (aio_wait(&wid, 1, st, AIO_WAIT_AND, NULL) != 0 || st[0] != AIO_STATE_COMPLETED)
      return (void *)4;
    for (int i = 0; i < n; i++)
      if (rres[i].value != 64 || memcmp(in[i], out[i], 64) != 0) return (void *)5;
    int32_t del[8];
    aio_delete(rids, n, del);
    for (int i = 0; i < n; i++)
      if (del[i] != 0) return (void *)6;
    aio_delete(&wid, 1, del);
    if (del[0] != 0) return (void *)7;
  }
  return NULL;
}

static void test_stress(void **state) {
  (void)state;
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    assert_int_equal(pthread_create(&t[i], NULL, stress, (void *)(intptr_t)i), 0);
  for (int i = 0; i < THREADS; i++) {
    void *r;
    pthread_join(t[i], &r);
    if (r) fail_msg("stress thread %d failed at step %d", i, (int)(intptr_t)r);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_states_cancel_budget),
      cmocka_unit_test(test_shared_notified),
      cmocka_unit_test(test_order_per_file),
      cmocka_unit_test(test_bad_arguments),
      cmocka_unit_test(test_stress),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
