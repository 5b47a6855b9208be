/* Event queues (kernel/equeue.h) against FreeBSD's kqueue semantics and the console's
 * reference: the limits (256 queues, 20,000 events, 32-byte names), user events level and
 * edge triggered, periodic timers accumulating expirations, one-shot HR timers, read/write
 * events on a regular file and a pipe, host sources fanning out to several queues, and the
 * lifetime rules: deleting a queue wakes its waiters with EBADF, and posting, triggering and
 * deleting from many host threads at once neither crashes nor leaks an event. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "kernel/equeue.h"
#include "kernel/files.h"
#include "kernel/kernel_errno.h"
#include "kernel/mounts.h"
#include "kernel/sync_wait.h"
#include "test_log_capture.h"

static uint64_t mono_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static int teardown(void **state) {
  (void)state;
  equeue_reset();
  assert_int_equal(equeue_events_total(), 0); /* nothing leaked */
  return 0;
}

static uint64_t make(const char *name) {
  uint64_t q = 0;
  assert_int_equal(equeue_create(name, &q), 0);
  assert_true(q != 0);
  return q;
}

static void test_queues(void **state) {
  (void)state;
  uint64_t q;
  assert_int_equal(equeue_create(NULL, &q), -KERNEL_EINVAL);
  assert_int_equal(equeue_create("0123456789012345678901234567890", &q), 0); /* 31 + NUL */
  char name[EQUEUE_NAME_MAX];
  assert_int_equal(equeue_name(q, name), 0);
  assert_string_equal(name, "0123456789012345678901234567890");
  assert_int_equal(equeue_create("0123456789012345678901234567890123", &q), -KERNEL_ENAMETOOLONG);
  equeue_reset();
  uint64_t all[EQUEUE_MAX];
  for (int i = 0; i < EQUEUE_MAX; i++) all[i] = make("q");
  assert_int_equal(equeue_create("one too many", &q), -KERNEL_EMFILE);
  assert_int_equal(equeue_delete(all[7]), 0);
  assert_int_equal(equeue_delete(all[7]), -KERNEL_EBADF);
  uint64_t again = make("reuses the slot");
  assert_true(again != all[7]); /* a stale handle never names the new queue */
  assert_int_equal(equeue_add_user(all[7], 1, false), -KERNEL_EBADF);
  assert_int_equal(equeue_add_user(again, 1, false), 0);
  assert_int_equal(equeue_delete(0), -KERNEL_EBADF);
  assert_int_equal(equeue_delete(~0ull), -KERNEL_EBADF);
}

static void test_user_events(void **state) {
  (void)state;
  uint64_t q = make("user");
  struct equeue_event ev[4];
  int n = -1;
  assert_int_equal(equeue_wait(q, ev, 4, 0, &n), -KERNEL_ETIMEDOUT);
  assert_int_equal(n, 0);
  assert_int_equal(equeue_trigger_user(q, 5, 0), -KERNEL_ENOENT);
  assert_int_equal(equeue_add_user(q, 5, false), 0);                 /* level */
  assert_int_equal(equeue_add_user(q, 6, true), 0);                  /* edge */
  assert_int_equal(equeue_wait(q, ev, 4, 0, &n), -KERNEL_ETIMEDOUT); /* not triggered */
  assert_int_equal(equeue_trigger_user(q, 6, 0x66), 0);
  assert_int_equal(equeue_trigger_user(q, 5, 0x55), 0);
  assert_int_equal(equeue_wait(q, ev, 4, 0, &n), 0);
  assert_int_equal(n, 2); /* in arrival order */
  assert_int_equal(ev[0].ident, 6);
  assert_int_equal(ev[0].filter, EQUEUE_FILTER_USER);
  assert_int_equal(ev[0].flags, EQUEUE_EV_CLEAR);
  assert_int_equal(ev[0].udata, 0x66);
  assert_int_equal(ev[1].ident, 5);
  assert_int_equal(ev[1].flags, 0);
  assert_int_equal(ev[1].udata, 0x55);
  assert_int_equal(ev[1].data, 0);
  assert_int_equal(ev[1].fflags, 0);
  /* the level event stays arrived, the edge one was reset */
  assert_int_equal(equeue_wait(q, ev, 4, 0, &n), 0);
  assert_int_equal(n, 1);
  assert_int_equal(ev[0].ident, 5);
  /* several level events, fewer slots: each comes once per wait, the rest next time */
  assert_int_equal(equeue_add_user(q, 7, false), 0);
  assert_int_equal(equeue_trigger_user(q, 7, 0x77), 0);
  assert_int_equal(equeue_wait(q, ev, 1, 0, &n), 0);
  assert_int_equal(ev[0].ident, 5);
  assert_int_equal(equeue_wait(q, ev, 1, 0, &n), 0);
  assert_int_equal(ev[0].ident, 7);
  assert_int_equal(equeue_wait(q, ev, 4, 0, &n), 0);
  assert_int_equal(n, 2);
  /* the same id with another filter is another event */
  assert_int_equal(equeue_delete_event(q, EQUEUE_FILTER_TIMER, 5), -KERNEL_ENOENT);
  assert_int_equal(equeue_delete_event(q, EQUEUE_FILTER_USER, 5), 0);
  assert_int_equal(equeue_delete_event(q, EQUEUE_FILTER_USER, 5), -KERNEL_ENOENT);
  assert_int_equal(equeue_trigger_user(q, 5, 0), -KERNEL_ENOENT);
  assert_int_equal(equeue_event_count(q), 2);
  assert_int_equal(equeue_wait(q, ev, 0, 0, &n), -KERNEL_EINVAL);
}

struct trigger_later {
  uint64_t q;
  int delay_ms;
};

static void *trigger_after(void *p) {
  struct trigger_later *t = p;
  usleep((useconds_t)t->delay_ms * 1000);
  equeue_trigger_user(t->q, 1, 0xabc);
  return NULL;
}

static void test_wait_blocks(void **state) {
  (void)state;
  uint64_t q = make("wait");
  struct equeue_event ev;
  int n;
  uint64_t t0 = mono_us();
  assert_int_equal(equeue_wait(q, &ev, 1, 20000, &n), -KERNEL_ETIMEDOUT);
  assert_true(mono_us() - t0 >= 20000);
  assert_int_equal(equeue_add_user(q, 1, true), 0);
  struct trigger_later t = {q, 30};
  pthread_t th;
  pthread_create(&th, NULL, trigger_after, &t);
  t0 = mono_us();
  assert_int_equal(equeue_wait(q, &ev, 1, -1, &n), 0); /* no timeout: until it arrives */
  uint64_t waited = mono_us() - t0;
  pthread_join(th, NULL);
  assert_int_equal(n, 1);
  assert_int_equal(ev.udata, 0xabc);
  assert_true(waited >= 20000 && waited < 2000000);
}

static void test_timer(void **state) {
  (void)state;
  uint64_t q = make("timer");
  uint64_t added = mono_us();
  assert_int_equal(equeue_add_timer(q, 3, 10 * 1000000ull, 0x33), 0);
  struct equeue_event ev;
  int n;
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), -KERNEL_ETIMEDOUT);
  usleep(55000);
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), 0);
  assert_int_equal(ev.filter, EQUEUE_FILTER_TIMER);
  assert_int_equal(ev.ident, 3);
  assert_int_equal(ev.udata, 0x33);
  assert_true(ev.flags & EQUEUE_EV_CLEAR);
  /* every expiration since the add: at least the 5 of 55 ms, no more than have passed */
  assert_true(ev.data >= 5 && ev.data <= (int64_t)((mono_us() - added) / 10000) + 1);
  /* edge triggered: nothing until the next period, which a blocking wait reaches */
  uint64_t t0 = mono_us();
  assert_int_equal(equeue_wait(q, &ev, 1, 1000000, &n), 0);
  assert_true(mono_us() - t0 < 900000); /* a period, not the whole timeout */
  assert_true(ev.data >= 1);
  assert_int_equal(equeue_delete_event(q, EQUEUE_FILTER_TIMER, 3), 0);
  assert_int_equal(equeue_wait(q, &ev, 1, 30000, &n), -KERNEL_ETIMEDOUT);
}

static void test_hrtimer(void **state) {
  (void)state;
  uint64_t q = make("hrtimer");
  assert_int_equal(equeue_add_hrtimer(q, 9, 2000000, 0x99), 0); /* 2 ms */
  struct equeue_event ev;
  int n;
  uint64_t t0 = mono_us();
  assert_int_equal(equeue_wait(q, &ev, 1, 1000000, &n), 0);
  assert_true(mono_us() - t0 >= 2000);
  assert_int_equal(ev.filter, EQUEUE_FILTER_HRTIMER);
  assert_int_equal(ev.ident, 9);
  assert_int_equal(ev.udata, 0x99);
  assert_true(ev.flags & EQUEUE_EV_ONESHOT);
  assert_int_equal(equeue_event_count(q), 0); /* one shot: gone once received */
  assert_int_equal(equeue_delete_event(q, EQUEUE_FILTER_HRTIMER, 9), -KERNEL_ENOENT);
}

static void test_fd_events(void **state) {
  (void)state;
  char dir[] = "/tmp/prospero-equeue-XXXXXX";
  assert_non_null(mkdtemp(dir));
  mounts_clear();
  assert_true(mounts_add("/rw", dir, false));
  int fd = files_open("/rw/f", O_RDWR | O_CREAT | O_TRUNC, 0644);
  assert_true(fd >= 3);
  assert_int_equal(files_write(fd, "0123456789", 10), 10);
  assert_int_equal(files_lseek(fd, 4, SEEK_SET), 4);
  uint64_t q = make("fd");
  assert_int_equal(equeue_add_fd(q, EQUEUE_FILTER_READ, 999, 0), -KERNEL_EBADF);
  assert_int_equal(equeue_add_fd(q, EQUEUE_FILTER_USER, fd, 0), -KERNEL_EINVAL);
  assert_int_equal(equeue_add_fd(q, EQUEUE_FILTER_READ, fd, 0x11), 0);
  struct equeue_event ev[2];
  int n;
  assert_int_equal(equeue_wait(q, ev, 2, 0, &n), 0);
  assert_int_equal(n, 1);
  assert_int_equal(ev[0].ident, (uint64_t)fd);
  assert_int_equal(ev[0].data, 6);                   /* bytes from the offset to the end */
  assert_int_equal(equeue_wait(q, ev, 2, 0, &n), 0); /* level: still readable */
  assert_int_equal(files_lseek(fd, 0, SEEK_END), 10);
  assert_int_equal(equeue_wait(q, ev, 2, 0, &n), -KERNEL_ETIMEDOUT); /* at the end */
  assert_int_equal(equeue_add_fd(q, EQUEUE_FILTER_WRITE, fd, 0x22), 0);
  assert_int_equal(equeue_wait(q, ev, 2, 0, &n), 0); /* a file is always writable */
  assert_int_equal(n, 1);
  assert_int_equal(ev[0].filter, EQUEUE_FILTER_WRITE);
  assert_int_equal(ev[0].data, 0);
  assert_int_equal(files_close(fd), 0);
  assert_int_equal(equeue_wait(q, ev, 2, 0, &n), -KERNEL_ETIMEDOUT);
  assert_int_equal(equeue_event_count(q), 0); /* closing the descriptor removed both */

  /* a pipe as guest descriptor 0 (the host's standard input) */
  int p[2];
  assert_int_equal(pipe(p), 0);
  int saved = dup(0);
  assert_int_equal(dup2(p[0], 0), 0);
  assert_int_equal(equeue_add_fd(q, EQUEUE_FILTER_READ, 0, 0), 0);
  assert_int_equal(equeue_wait(q, ev, 2, 0, &n), -KERNEL_ETIMEDOUT); /* empty */
  assert_int_equal(write(p[1], "abc", 3), 3);
  assert_int_equal(equeue_wait(q, ev, 2, 0, &n), 0);
  assert_int_equal(ev[0].data, 3);
  assert_false(ev[0].flags & EQUEUE_EV_EOF);
  close(p[1]);
  assert_int_equal(equeue_wait(q, ev, 2, 0, &n), 0);
  assert_true(ev[0].flags & EQUEUE_EV_EOF);
  dup2(saved, 0);
  close(saved);
  close(p[0]);
  files_reset();
  mounts_clear();
  char cmd[96];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
}

static void test_file_events(void **state) {
  (void)state;
  char dir[] = "/tmp/prospero-equeue-XXXXXX", host[96], moved[96];
  assert_non_null(mkdtemp(dir));
  snprintf(host, sizeof host, "%s/f", dir);
  snprintf(moved, sizeof moved, "%s/g", dir);
  mounts_clear();
  assert_true(mounts_add("/rw", dir, false));
  int fd = files_open("/rw/f", O_RDWR | O_CREAT | O_TRUNC, 0644);
  assert_true(fd >= 3);
  assert_int_equal(files_write(fd, "abcd", 4), 4);
  usleep(20000); /* past the host's coarse file-time tick */
  uint64_t q = make("file");
  struct equeue_event ev;
  int n;
  assert_int_equal(equeue_add_file(q, fd, 0, 0), -KERNEL_EINVAL);
  assert_int_equal(equeue_add_file(q, fd, 0x40, 0), -KERNEL_EINVAL);
  assert_int_equal(equeue_add_file(q, 999, EQUEUE_NOTE_WRITE, 0), -KERNEL_EBADF);
  assert_int_equal(equeue_add_file(q, fd, EQUEUE_NOTE_FILE_ALL, 0x44), 0);
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), -KERNEL_ETIMEDOUT); /* nothing yet */
  assert_int_equal(files_write(fd, "efgh", 4), 4);
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), 0);
  assert_int_equal(ev.filter, EQUEUE_FILTER_FILE);
  assert_int_equal(ev.ident, (uint64_t)fd);
  assert_int_equal(ev.udata, 0x44);
  assert_int_equal(ev.fflags, EQUEUE_NOTE_WRITE | EQUEUE_NOTE_EXTEND);
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), 0); /* level: stays arrived */
  assert_int_equal(ev.fflags, EQUEUE_NOTE_WRITE | EQUEUE_NOTE_EXTEND);
  /* one note at a time, each on a fresh event */
  struct {
    uint32_t note;
    int kind;
  } steps[] = {{EQUEUE_NOTE_ATTRIB, 0}, {EQUEUE_NOTE_RENAME, 1}, {EQUEUE_NOTE_DELETE, 2}};
  for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
    assert_int_equal(equeue_delete_event(q, EQUEUE_FILTER_FILE, (uint64_t)fd), 0);
    usleep(20000);
    assert_int_equal(equeue_add_file(q, fd, EQUEUE_NOTE_FILE_ALL, 0), 0);
    if (steps[i].kind == 0) assert_int_equal(chmod(host, 0600), 0);
    if (steps[i].kind == 1) assert_int_equal(rename(host, moved), 0);
    if (steps[i].kind == 2) assert_int_equal(unlink(moved), 0);
    assert_int_equal(equeue_wait(q, &ev, 1, 100000, &n), 0);
    assert_int_equal(ev.fflags, steps[i].note);
  }
  /* a watch without the note that happened sees nothing */
  assert_int_equal(equeue_delete_event(q, EQUEUE_FILTER_FILE, (uint64_t)fd), 0);
  assert_int_equal(equeue_add_file(q, fd, EQUEUE_NOTE_RENAME, 0), 0);
  assert_int_equal(files_write(fd, "x", 1), 1);
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), -KERNEL_ETIMEDOUT);
  assert_int_equal(files_close(fd), 0);
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), -KERNEL_ETIMEDOUT);
  assert_int_equal(equeue_event_count(q), 0); /* the descriptor's event went with it */
  files_reset();
  mounts_clear();
  char cmd[96];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  assert_int_equal(system(cmd), 0);
}

static int64_t add_merge(int64_t current, int64_t posted, void *ctx) {
  (void)ctx;
  return current + posted;
}

static void test_sources(void **state) {
  (void)state;
  struct equeue_source_desc user = {.filter = EQUEUE_FILTER_USER, .ident = 1};
  assert_null(equeue_source_create(&user)); /* the queue's own filters are not sources */
  struct equeue_source_desc gfx = {
      .filter = EQUEUE_FILTER_GRAPHICS, .ident = 0x40, .merge = add_merge};
  struct equeue_source *s = equeue_source_create(&gfx);
  assert_non_null(s);
  uint64_t a = make("a"), b = make("b");
  assert_int_equal(equeue_source_post(s, 0, 1), 0); /* attached nowhere */
  assert_int_equal(equeue_source_attach(s, a, 0xa, EQUEUE_EV_CLEAR), 0);
  assert_int_equal(equeue_source_attach(s, b, 0xb, 0), 0);
  assert_int_equal(equeue_source_attach(s, b, 0xbb, EQUEUE_EV_ONESHOT), -KERNEL_EINVAL);
  assert_int_equal(equeue_source_post(s, 0x4, 2), 2);
  assert_int_equal(equeue_source_post(s, 0x1, 3), 2);
  struct equeue_event ev;
  int n;
  assert_int_equal(equeue_wait(a, &ev, 1, 0, &n), 0);
  assert_int_equal(ev.filter, EQUEUE_FILTER_GRAPHICS);
  assert_int_equal(ev.ident, 0x40);
  assert_int_equal(ev.udata, 0xa);
  assert_int_equal(ev.data, 5);
  assert_int_equal(ev.fflags, 0x5);
  assert_int_equal(equeue_wait(a, &ev, 1, 0, &n), -KERNEL_ETIMEDOUT); /* edge: reset */
  assert_int_equal(equeue_wait(b, &ev, 1, 0, &n), 0);
  assert_int_equal(ev.udata, 0xb);
  assert_int_equal(equeue_wait(b, &ev, 1, 0, &n), 0); /* level: stays */
  assert_int_equal(equeue_source_detach(s, b), 0);
  assert_int_equal(equeue_source_detach(s, b), -KERNEL_ENOENT);
  assert_int_equal(equeue_source_post(s, 0, 1), 1);
  assert_int_equal(equeue_delete(a), 0);
  assert_int_equal(equeue_source_post(s, 0, 1), 0); /* the deleted queue is gone */
  assert_int_equal(equeue_source_attach(s, a, 0, 0), -KERNEL_EBADF);
  assert_int_equal(equeue_source_attach(s, b, 0, 0), 0);
  equeue_source_destroy(s); /* its events leave every queue */
  assert_int_equal(equeue_event_count(b), 0);
}

static void test_event_limit(void **state) {
  (void)state;
  uint64_t q = make("many"), r = make("more");
  for (int i = 0; i < EQUEUE_EVENTS_MAX / 2; i++) assert_int_equal(equeue_add_user(q, i, 0), 0);
  for (int i = 0; i < EQUEUE_EVENTS_MAX / 2; i++) assert_int_equal(equeue_add_user(r, i, 0), 0);
  assert_int_equal(equeue_add_user(q, 1u << 20, 0), -KERNEL_EAGAIN); /* over all queues */
  assert_int_equal(equeue_add_user(q, 7, 1), 0); /* updating an event adds none */
  assert_int_equal(equeue_delete(r), 0);
  assert_int_equal(equeue_add_user(q, 1u << 20, 0), 0);
}

/* ---- Lifetime ------------------------------------------------------------------------ */

struct waiter {
  uint64_t q;
  int result;
  uint64_t waited_us;
};

static void *wait_forever(void *p) {
  struct waiter *w = p;
  struct equeue_event ev;
  int n;
  uint64_t t0 = mono_us();
  w->result = equeue_wait(w->q, &ev, 1, -1, &n);
  w->waited_us = mono_us() - t0;
  return NULL;
}

static void test_delete_wakes_waiters(void **state) {
  (void)state;
  uint64_t q = make("doomed");
  assert_int_equal(equeue_add_user(q, 1, false), 0);
  struct waiter w[3];
  pthread_t th[3];
  for (int i = 0; i < 3; i++) {
    w[i] = (struct waiter){.q = q, .result = 1};
    pthread_create(&th[i], NULL, wait_forever, &w[i]);
  }
  usleep(30000);
  assert_int_equal(equeue_delete(q), 0);
  for (int i = 0; i < 3; i++) {
    pthread_join(th[i], NULL);
    assert_int_equal(w[i].result, -KERNEL_EBADF);
    assert_true(w[i].waited_us < 5000000);
  }
}

#define STRESS_MS 700

static atomic_bool stop;
static _Atomic uint64_t current_q;
static struct equeue_source *stress_src;
static atomic_long posts, triggers, collected, bad; /* threads count, main asserts */

static void *stress_poster(void *p) {
  (void)p;
  while (!atomic_load(&stop)) {
    atomic_fetch_add(&posts, equeue_source_post(stress_src, 1, 1));
    int r = equeue_trigger_user(atomic_load(&current_q), 1, 7);
    if (r == 0) atomic_fetch_add(&triggers, 1);
    else if (r != -KERNEL_EBADF && r != -KERNEL_ENOENT) atomic_fetch_add(&bad, 1);
  }
  return NULL;
}

static void *stress_waiter(void *p) {
  (void)p;
  struct equeue_event ev[4];
  while (!atomic_load(&stop)) {
    int n = 0, r = equeue_wait(atomic_load(&current_q), ev, 4, 2000, &n);
    if (r != 0 && r != -KERNEL_EBADF && r != -KERNEL_ETIMEDOUT) atomic_fetch_add(&bad, 1);
    if (r != 0) continue;
    if (n < 1 || n > 4) atomic_fetch_add(&bad, 1);
    for (int i = 0; i < n && i < 4; i++)
      if (ev[i].filter != EQUEUE_FILTER_USER && ev[i].filter != EQUEUE_FILTER_GRAPHICS)
        atomic_fetch_add(&bad, 1);
    atomic_fetch_add(&collected, n);
  }
  return NULL;
}

/* Queues are created, filled, and deleted in a loop while host threads post into them
 * through a source, trigger user events by handle and wait on them. */
static void test_delete_during_posts(void **state) {
  (void)state;
  struct equeue_source_desc gfx = {.filter = EQUEUE_FILTER_GRAPHICS, .ident = 1};
  stress_src = equeue_source_create(&gfx);
  uint64_t q = make("stress");
  assert_int_equal(equeue_add_user(q, 1, true), 0);
  assert_int_equal(equeue_source_attach(stress_src, q, 0, EQUEUE_EV_CLEAR), 0);
  atomic_store(&current_q, q);
  atomic_store(&stop, false);
  pthread_t th[6];
  for (int i = 0; i < 3; i++) pthread_create(&th[i], NULL, stress_poster, NULL);
  for (int i = 3; i < 6; i++) pthread_create(&th[i], NULL, stress_waiter, NULL);
  int rounds = 0;
  uint64_t end = mono_us() + STRESS_MS * 1000u;
  while (mono_us() < end) {
    uint64_t next = make("stress");
    assert_int_equal(equeue_add_user(next, 1, rounds & 1), 0);
    assert_int_equal(equeue_source_attach(stress_src, next, 0, EQUEUE_EV_CLEAR), 0);
    uint64_t old = atomic_exchange(&current_q, next);
    assert_int_equal(equeue_delete(old), 0); /* while posters and waiters use it */
    rounds++;
  }
  atomic_store(&stop, true);
  for (int i = 0; i < 6; i++) pthread_join(th[i], NULL);
  equeue_source_destroy(stress_src);
  assert_int_equal(equeue_delete(atomic_load(&current_q)), 0);
  assert_int_equal(equeue_events_total(), 0);
  printf("stress: %d queue deletions, %ld posts, %ld triggers, %ld events collected\n", rounds,
         atomic_load(&posts), atomic_load(&triggers), atomic_load(&collected));
  assert_int_equal(atomic_load(&bad), 0);
  assert_true(rounds > 10);
  assert_true(atomic_load(&collected) > 0);
}

/* ---- interruption and the wait trace ------------------------------------------------------ */

static atomic_int interrupt_now;
static bool interrupt_pending(void) { return atomic_load(&interrupt_now) != 0; }

struct interrupted_wait {
  uint64_t q;
  int result, count;
  uint64_t waited_us;
};

static void *wait_interruptible(void *p) {
  struct interrupted_wait *w = p;
  struct equeue_event ev;
  sync_wait_set_interruptible(true);
  uint64_t t0 = mono_us();
  w->result = equeue_wait(w->q, &ev, 1, 5000000, &w->count);
  w->waited_us = mono_us() - t0;
  return NULL;
}

/* An interruptible waiter (the thread layer's cancellation points) ends its sleep with EINTR
 * when the thread layer's check says so, collecting nothing; a plain waiter is not affected. */
static void test_wait_interrupted(void **state) {
  (void)state;
  uint64_t q = make("intr");
  assert_int_equal(equeue_add_user(q, 1, true), 0);
  sync_wait_set_interrupt_check(interrupt_pending);
  struct interrupted_wait w = {q, 1, -1, 0};
  pthread_t th;
  pthread_create(&th, NULL, wait_interruptible, &w);
  usleep(20000);
  atomic_store(&interrupt_now, 1); /* seen within one slice (100 ms) of the sleep */
  pthread_join(th, NULL);
  atomic_store(&interrupt_now, 0);
  sync_wait_set_interrupt_check(NULL);
  assert_int_equal(w.result, -KERNEL_EINTR);
  assert_int_equal(w.count, 0);
  assert_true(w.waited_us < 1000000);
  assert_int_equal(equeue_trigger_user(q, 1, 5), 0); /* the queue still works */
  struct equeue_event ev;
  int n;
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), 0);
  assert_int_equal(n, 1);
}

static void test_wait_trace(void **state) {
  (void)state;
  struct test_log_capture log;
  test_log_capture_begin(&log, "equeue-trace");
  sync_trace_set(true);
  uint64_t q = make("traced");
  assert_int_equal(equeue_add_user(q, 1, true), 0);
  struct trigger_later t = {q, 30};
  pthread_t th;
  pthread_create(&th, NULL, trigger_after, &t);
  struct equeue_event ev;
  int n;
  assert_int_equal(equeue_wait(q, &ev, 1, -1, &n), 0);
  pthread_join(th, NULL);
  int32_t trigger_tid = 0; /* the trigger ran on TH: its tid is not ours */
  assert_int_equal(equeue_wait(q, &ev, 1, 10000, &n), -KERNEL_ETIMEDOUT);
  assert_int_equal(equeue_wait(q, &ev, 1, 0, &n), -KERNEL_ETIMEDOUT); /* no sleep: no trace */
  sync_trace_set(false);
  char *text = test_log_capture_end(&log);
  char want[128];
  snprintf(want, sizeof want, "waits on equeue %#llx \"traced\" (no timeout)",
           (unsigned long long)q);
  assert_non_null(strstr(text, want));
  snprintf(want, sizeof want, "waits on equeue %#llx \"traced\" (timeout", (unsigned long long)q);
  assert_non_null(strstr(text, want));
  const char *ok = strstr(text, ": ok, woken by thread ");
  assert_non_null(ok);
  assert_true(sscanf(ok, ": ok, woken by thread %d", &trigger_tid) == 1);
  assert_true(trigger_tid != 0 && trigger_tid != sync_self_tid());
  assert_non_null(strstr(text, ": timed out"));
  int waits = 0;
  for (const char *p = text; (p = strstr(p, "waits on equeue")); p++) waits++;
  assert_int_equal(waits, 2);
  free(text);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(test_queues, teardown),
      cmocka_unit_test_teardown(test_user_events, teardown),
      cmocka_unit_test_teardown(test_wait_blocks, teardown),
      cmocka_unit_test_teardown(test_timer, teardown),
      cmocka_unit_test_teardown(test_hrtimer, teardown),
      cmocka_unit_test_teardown(test_fd_events, teardown),
      cmocka_unit_test_teardown(test_file_events, teardown),
      cmocka_unit_test_teardown(test_sources, teardown),
      cmocka_unit_test_teardown(test_event_limit, teardown),
      cmocka_unit_test_teardown(test_delete_wakes_waiters, teardown),
      cmocka_unit_test_teardown(test_delete_during_posts, teardown),
      cmocka_unit_test_teardown(test_wait_interrupted, teardown),
      cmocka_unit_test_teardown(test_wait_trace, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
