/* Stress tests of the synchronisation primitives (kernel/sync_*.h) from several host threads:
 * exact counters under mutexes, spinlocks and rwlocks, condition-variable ping-pong with no
 * lost wake-up, a broadcast reaching 16 waiters, barrier rounds, semaphore hand-offs. Each
 * expected value follows from the operation counts (POSIX semantics), not from our output.
 * The same program runs in the ThreadSanitizer configuration (label tsan). Worker threads
 * never call cmocka: they count what they saw and the main thread asserts. */
#define _GNU_SOURCE
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "kernel/kernel_errno.h"
#include "kernel/sync_mutex.h"
#include "kernel/sync_rwlock.h"
#include "kernel/sync_sema.h"
#include "kernel/sync_wait.h"

#define THREADS 8
#define ITERS 100000

static void run_threads(int n, void *(*fn)(void *), void *arg) {
  pthread_t t[32];
  for (int i = 0; i < n; i++) assert_int_equal(pthread_create(&t[i], NULL, fn, arg), 0);
  for (int i = 0; i < n; i++) assert_int_equal(pthread_join(t[i], NULL), 0);
}

/* ---- 8 threads x 100k lock/unlock, exact counter ------------------------------------------- */

struct counted {
  struct sync_mutex m;
  long counter; /* guarded by m: plain accesses, so a broken lock loses increments */
  int errors;
};

static void *mutex_worker(void *p) {
  struct counted *c = p;
  for (int i = 0; i < ITERS; i++) {
    if (sync_mutex_lock(&c->m, NULL) != 0) __atomic_fetch_add(&c->errors, 1, __ATOMIC_RELAXED);
    c->counter++;
    if (sync_mutex_unlock(&c->m) != 0) __atomic_fetch_add(&c->errors, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void mutex_counter(int type) {
  struct counted c = {0};
  sync_mutex_init(&c.m, type, SYNC_PRIO_NONE, 0, "counter");
  run_threads(THREADS, mutex_worker, &c);
  assert_int_equal(c.errors, 0);
  assert_int_equal(c.counter, (long)THREADS * ITERS);
  assert_int_equal(sync_mutex_check_destroy(&c.m), 0);
}

static void test_mutex_counter_errorcheck(void **state) {
  (void)state;
  mutex_counter(SYNC_MUTEX_ERRORCHECK);
}
static void test_mutex_counter_adaptive(void **state) {
  (void)state;
  mutex_counter(SYNC_MUTEX_ADAPTIVE);
}

static void *recursive_worker(void *p) {
  struct counted *c = p;
  for (int i = 0; i < ITERS / 4; i++) {
    int e = sync_mutex_lock(&c->m, NULL) | sync_mutex_lock(&c->m, NULL);
    c->counter++;
    e |= sync_mutex_unlock(&c->m);
    c->counter++; /* still held once */
    e |= sync_mutex_unlock(&c->m);
    if (e) __atomic_fetch_add(&c->errors, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void test_mutex_counter_recursive(void **state) {
  (void)state;
  struct counted c = {0};
  sync_mutex_init(&c.m, SYNC_MUTEX_RECURSIVE, SYNC_PRIO_NONE, 0, NULL);
  run_threads(THREADS, recursive_worker, &c);
  assert_int_equal(c.errors, 0);
  assert_int_equal(c.counter, (long)THREADS * (ITERS / 4) * 2);
}

struct spun {
  struct sync_spin s;
  long counter;
};

static void *spin_worker(void *p) {
  struct spun *s = p;
  for (int i = 0; i < ITERS / 4; i++) {
    sync_spin_lock(&s->s);
    s->counter++;
    sync_spin_unlock(&s->s);
  }
  return NULL;
}

static void test_spin_counter(void **state) {
  (void)state;
  struct spun s = {0};
  run_threads(THREADS, spin_worker, &s);
  assert_int_equal(s.counter, (long)THREADS * (ITERS / 4));
}

/* ---- condition variable ping-pong ------------------------------------------------------------ */

#define ROUNDS 20000

struct pingpong {
  struct sync_mutex m;
  struct sync_cond c;
  int turn; /* 0: ping's turn, 1: pong's */
  int moves[2];
};

static void *pingpong_worker(void *p, int me) {
  struct pingpong *pp = p;
  for (int i = 0; i < ROUNDS; i++) {
    sync_mutex_lock(&pp->m, NULL);
    while (pp->turn != me) sync_cond_wait(&pp->c, &pp->m, NULL);
    pp->moves[me]++;
    pp->turn = !me;
    sync_cond_signal(&pp->c);
    sync_mutex_unlock(&pp->m);
  }
  return NULL;
}
static void *ping(void *p) { return pingpong_worker(p, 0); }
static void *pong(void *p) { return pingpong_worker(p, 1); }

static void test_cond_pingpong(void **state) {
  (void)state;
  struct pingpong pp = {0};
  sync_mutex_init(&pp.m, SYNC_MUTEX_ERRORCHECK, 0, 0, NULL);
  sync_cond_init(&pp.c, SYNC_CLOCK_REALTIME, "pingpong");
  pthread_t a, b;
  assert_int_equal(pthread_create(&a, NULL, ping, &pp), 0);
  assert_int_equal(pthread_create(&b, NULL, pong, &pp), 0);
  /* a lost wake-up leaves both threads asleep: the joins would hang (ctest's timeout) */
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert_int_equal(pp.moves[0], ROUNDS);
  assert_int_equal(pp.moves[1], ROUNDS);
  assert_int_equal(sync_cond_check_destroy(&pp.c), 0);
}

/* ---- broadcast to 16 waiters --------------------------------------------------------------------
 */

#define WAITERS 16

struct gate {
  struct sync_mutex m;
  struct sync_cond c;
  int round;   /* bumped by the broadcaster */
  int arrived; /* waiters that saw the current round */
  int woken;
  int errors;
};

static void *gate_waiter(void *p) {
  struct gate *g = p;
  for (int r = 1; r <= 50; r++) {
    sync_mutex_lock(&g->m, NULL);
    g->arrived++;
    while (g->round < r)
      if (sync_cond_wait(&g->c, &g->m, NULL) != 0) g->errors++;
    g->woken++;
    sync_mutex_unlock(&g->m);
  }
  return NULL;
}

static void test_cond_broadcast_16(void **state) {
  (void)state;
  struct gate g = {0};
  sync_mutex_init(&g.m, SYNC_MUTEX_ERRORCHECK, 0, 0, NULL);
  sync_cond_init(&g.c, SYNC_CLOCK_REALTIME, NULL);
  pthread_t t[WAITERS];
  for (int i = 0; i < WAITERS; i++)
    assert_int_equal(pthread_create(&t[i], NULL, gate_waiter, &g), 0);
  for (int r = 1; r <= 50; r++) {
    /* wait until all 16 are queued on the condition variable, then one broadcast */
    for (;;) {
      sync_mutex_lock(&g.m, NULL);
      bool all = g.arrived == WAITERS * r && g.c.q.count == WAITERS;
      if (all) {
        g.round = r;
        sync_cond_broadcast(&g.c);
        assert_int_equal(g.c.q.count, 0); /* every queued waiter released at once */
      }
      sync_mutex_unlock(&g.m);
      if (all) break;
      sched_yield();
    }
  }
  for (int i = 0; i < WAITERS; i++) pthread_join(t[i], NULL);
  assert_int_equal(g.woken, WAITERS * 50);
  assert_int_equal(g.errors, 0);
}

/* ---- rwlock: readers in parallel, writers alone
 * -------------------------------------------------- */

struct shared_rw {
  struct sync_rwlock rw;
  long a, b; /* a writer keeps a == b; a reader that sees them differ saw a torn write */
  int torn, errors;
};

static void *rw_worker(void *p) {
  struct shared_rw *s = p;
  for (int i = 0; i < ITERS / 10; i++) {
    if (i % 4 == 0) {
      if (sync_rwlock_wrlock(&s->rw, NULL)) __atomic_fetch_add(&s->errors, 1, __ATOMIC_RELAXED);
      s->a++;
      s->b++;
    } else {
      if (sync_rwlock_rdlock(&s->rw, NULL)) __atomic_fetch_add(&s->errors, 1, __ATOMIC_RELAXED);
      if (s->a != s->b) __atomic_fetch_add(&s->torn, 1, __ATOMIC_RELAXED);
    }
    if (sync_rwlock_unlock(&s->rw)) __atomic_fetch_add(&s->errors, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void test_rwlock_stress(void **state) {
  (void)state;
  struct shared_rw s = {0};
  sync_rwlock_init(&s.rw, NULL);
  run_threads(THREADS, rw_worker, &s);
  assert_int_equal(s.errors, 0);
  assert_int_equal(s.torn, 0);
  assert_int_equal(s.a, (long)THREADS * (ITERS / 10 / 4));
  assert_int_equal(sync_rwlock_check_destroy(&s.rw), 0);
}

/* ---- barrier rounds
 * ------------------------------------------------------------------------------ */

struct rounds {
  struct sync_barrier b;
  int serial[500];
  int errors;
};

static void *barrier_worker(void *p) {
  struct rounds *r = p;
  for (int i = 0; i < 500; i++) {
    int x = sync_barrier_wait(&r->b);
    if (x == SYNC_BARRIER_SERIAL) __atomic_fetch_add(&r->serial[i], 1, __ATOMIC_RELAXED);
    else if (x != 0) __atomic_fetch_add(&r->errors, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void test_barrier_rounds(void **state) {
  (void)state;
  struct rounds r = {0};
  assert_int_equal(sync_barrier_init(&r.b, THREADS), 0);
  run_threads(THREADS, barrier_worker, &r);
  assert_int_equal(r.errors, 0);
  for (int i = 0; i < 500; i++) assert_int_equal(r.serial[i], 1); /* one per round */
  assert_int_equal(sync_barrier_check_destroy(&r.b), 0);
}

/* ---- semaphores: every post consumed exactly once
 * ------------------------------------------------ */

struct handoff {
  struct sync_sem sem;
  struct sync_sema sema;
  int taken, errors;
};

static void *sem_consumer(void *p) {
  struct handoff *h = p;
  for (int i = 0; i < 5000; i++) {
    if (sync_sem_wait(&h->sem, NULL)) __atomic_fetch_add(&h->errors, 1, __ATOMIC_RELAXED);
    if (sync_sema_wait(&h->sema, 1, NULL, 0)) __atomic_fetch_add(&h->errors, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&h->taken, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void *sem_producer(void *p) {
  struct handoff *h = p;
  for (int i = 0; i < 5000; i++) {
    if (sync_sem_post(&h->sem)) __atomic_fetch_add(&h->errors, 1, __ATOMIC_RELAXED);
    while (sync_sema_signal(&h->sema, 1) == -KERNEL_EINVAL) sched_yield(); /* at max: retry */
  }
  return NULL;
}

static void test_semaphore_handoff(void **state) {
  (void)state;
  struct handoff h = {0};
  assert_int_equal(sync_sem_init(&h.sem, 0), 0);
  assert_int_equal(sync_sema_init(&h.sema, "handoff", SYNC_SEMA_TH_FIFO, 0, 16), 0);
  pthread_t t[8];
  for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&t[i], NULL, sem_consumer, &h), 0);
  for (int i = 4; i < 8; i++) assert_int_equal(pthread_create(&t[i], NULL, sem_producer, &h), 0);
  for (int i = 0; i < 8; i++) pthread_join(t[i], NULL);
  assert_int_equal(h.errors, 0);
  assert_int_equal(h.taken, 4 * 5000);
  assert_int_equal(sync_sem_getvalue(&h.sem), 0);
  assert_int_equal(h.sema.count, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_mutex_counter_errorcheck),
      cmocka_unit_test(test_mutex_counter_adaptive),
      cmocka_unit_test(test_mutex_counter_recursive),
      cmocka_unit_test(test_spin_counter),
      cmocka_unit_test(test_cond_pingpong),
      cmocka_unit_test(test_cond_broadcast_16),
      cmocka_unit_test(test_rwlock_stress),
      cmocka_unit_test(test_barrier_rounds),
      cmocka_unit_test(test_semaphore_handoff),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
