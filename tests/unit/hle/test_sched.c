/* Guest thread priorities on the host scheduler (kernel_sched.c, host_sched.c), without a
 * guest (host functions stand in for guest routines, on stacks the test gives). The expected
 * nice of each guest priority comes from the table of docs/kernel-threads.md, written here
 * by hand; a thread's nice is read from /proc/self/task/TID/stat (field 19), not through the
 * code under test.
 *
 *   test_hle_sched                the table, creation, inheritance, changes later, the option
 *   test_hle_sched unprivileged   the same process without CAP_SYS_NICE and with RLIMIT_NICE 0:
 *                                 a raised priority is refused by the host and the call still
 *                                 succeeds; a thread made by a low-priority creator still
 *                                 starts at the base
 *   test_hle_sched share          two spinning threads on one CPU at guest priorities 256 and
 *                                 700: the higher gets clearly more CPU time (RUN_SERIAL) */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/capability.h>
#include <pthread.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "test_skip.h"

#include "common/host_sched.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"

#define STACK (256u << 10)

static int base; /* the test's nice before anything changed */

/* docs/kernel-threads.md "Guest priorities on the host" */
static int table_offset(int prio) {
  if (prio >= 256 && prio <= 383) return 0;
  if (prio >= 384 && prio <= 511) return 2;
  if (prio >= 512 && prio <= 575) return 4;
  if (prio >= 576 && prio <= 639) return 6;
  if (prio >= 640 && prio <= 703) return 8;
  if (prio >= 704 && prio <= 767) return 10;
  if (prio >= 768 && prio <= 863) return 12;
  if (prio >= 864 && prio <= 959) return 14;
  return -1;
}

static int expected_nice(int prio) {
  int n = base + table_offset(prio);
  return n > 19 ? 19 : n;
}

/* Field 19 (nice) of /proc/self/task/TID/stat; INT_MIN when unreadable. */
static int proc_nice(int tid) {
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
  FILE *f = fopen(path, "r");
  if (!f) return INT_MIN;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  char *p = strrchr(buf, ')'); /* the name may hold spaces */
  if (!p) return INT_MIN;
  p += 2; /* field 3, the state */
  for (int field = 3; field < 19; field++) {
    p = strchr(p, ' ');
    if (!p) return INT_MIN;
    p++;
  }
  return atoi(p);
}

/* Whether this process may lower a thread's nice (probed on a thread of its own). */
static void *probe_main(void *arg) {
  int *ok = arg;
  pid_t me = (pid_t)syscall(SYS_gettid);
  *ok = setpriority(PRIO_PROCESS, (id_t)me, base + 1) == 0 &&
        setpriority(PRIO_PROCESS, (id_t)me, base) == 0;
  return NULL;
}
static bool host_allows_lowering(void) {
  pthread_t t;
  int ok = 0;
  assert_int_equal(pthread_create(&t, NULL, probe_main, &ok), 0);
  pthread_join(t, NULL);
  return ok != 0;
}

/* ---- guest threads that wait until released, reporting their host thread id ---- */
static volatile int release_flag;
static void *waits(void *p) {
  while (!__atomic_load_n(&release_flag, __ATOMIC_ACQUIRE)) kernel_sce_usleep(1000);
  return p;
}

struct made {
  kthread_t t;
  void *stack;
  int tid;
};

static struct made make(int policy, int prio, bool inherit) {
  struct made m = {0};
  kthread_attr_t a = NULL;
  assert_int_equal(kernel_pthread_attr_init(&a), 0);
  m.stack = aligned_alloc(16384, STACK);
  assert_non_null(m.stack);
  assert_int_equal(kernel_pthread_attr_setstack(&a, (uint64_t)(uintptr_t)m.stack, STACK), 0);
  if (!inherit) {
    struct kthread_sched_param sp = {prio};
    assert_int_equal(kernel_pthread_attr_setinheritsched(&a, KTHREAD_EXPLICIT_SCHED), 0);
    assert_int_equal(kernel_pthread_attr_setschedpolicy(&a, policy), 0);
    assert_int_equal(kernel_pthread_attr_setschedparam(&a, &sp), 0);
  }
  assert_int_equal(kernel_pthread_create(&m.t, &a, (uint64_t)(uintptr_t)waits, 0), 0);
  kernel_pthread_attr_destroy(&a);
  int32_t tid = 0;
  for (int i = 0; i < 5000 && tid == 0; i++) {
    assert_int_equal(kernel_pthread_host_tid(m.t, &tid), 0);
    if (!tid) kernel_sce_usleep(1000);
  }
  assert_true(tid > 0);
  m.tid = tid;
  return m;
}

/* The nice of M once it has applied its own (it does so as it starts, under the registry
 * lock right after its id is known: a few retries cover the gap) */
static int settled_nice(const struct made *m, int want) {
  int n = proc_nice(m->tid);
  for (int i = 0; i < 200 && n != want; i++) {
    kernel_sce_usleep(1000);
    n = proc_nice(m->tid);
  }
  return n;
}

static void finish(struct made *ms, int count) {
  __atomic_store_n(&release_flag, 1, __ATOMIC_RELEASE);
  for (int i = 0; i < count; i++) {
    assert_int_equal(kernel_pthread_join(ms[i].t, NULL), 0);
    free(ms[i].stack);
  }
  __atomic_store_n(&release_flag, 0, __ATOMIC_RELEASE);
}

static void test_table(void **state) {
  (void)state;
  static const int probes[] = {255, 256, 383, 384, 511, 512, 575, 576, 639, 640,
                               700, 703, 704, 767, 768, 863, 864, 900, 959, 960};
  for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
    assert_int_equal(kernel_sched_nice_offset(probes[i]), table_offset(probes[i]));
    if (table_offset(probes[i]) >= 0)
      assert_int_equal(kernel_sched_host_nice(probes[i]), expected_nice(probes[i]));
  }
}

static void test_created_threads(void **state) {
  (void)state;
  static const struct {
    int policy, prio;
  } cases[] = {
      {KTHREAD_SCHED_FIFO, 256},  {KTHREAD_SCHED_FIFO, 450}, {KTHREAD_SCHED_RR, 600},
      {KTHREAD_SCHED_FIFO, 700},  {KTHREAD_SCHED_FIFO, 767}, {KTHREAD_SCHED_OTHER, 800},
      {KTHREAD_SCHED_OTHER, 959},
  };
  enum { N = sizeof cases / sizeof cases[0] };
  struct made ms[N + 1];
  for (int i = 0; i < N; i++) ms[i] = make(cases[i].policy, cases[i].prio, false);
  for (int i = 0; i < N; i++) {
    int want = expected_nice(cases[i].prio);
    int got = settled_nice(&ms[i], want);
    if (got != want)
      print_error("priority %d (policy %d): nice %d, expected %d\n", cases[i].prio, cases[i].policy,
                  got, want);
    assert_int_equal(got, want);
  }
  /* inherited: the creator's priority (this thread's object: the default 700) */
  ms[N] = make(0, 0, true);
  int prio = 0;
  assert_int_equal(kernel_pthread_getprio(ms[N].t, &prio), 0);
  assert_int_equal(prio, KTHREAD_PRIO_FIFO_DEFAULT);
  assert_int_equal(settled_nice(&ms[N], expected_nice(700)), expected_nice(700));
  /* this test thread itself was never given a priority: it keeps its nice */
  assert_int_equal(proc_nice((int)syscall(SYS_gettid)), base);
  finish(ms, N + 1);
}

static void test_changes_later(void **state) {
  (void)state;
  struct made m = make(KTHREAD_SCHED_FIFO, 256, false);
  assert_int_equal(settled_nice(&m, expected_nice(256)), expected_nice(256));
  /* lowered by another thread: scePthreadSetprio */
  assert_int_equal(kernel_pthread_sce_setprio(m.t, 767), 0);
  assert_int_equal(proc_nice(m.tid), expected_nice(767));
  /* pthread_setschedparam to SCHED_OTHER */
  struct kthread_sched_param sp = {900};
  assert_int_equal(kernel_pthread_setschedparam(m.t, KTHREAD_SCHED_OTHER, &sp), 0);
  assert_int_equal(proc_nice(m.tid), expected_nice(900));
  /* raised again: applied where the host allows lowering a nice, else kept (the call still
   * succeeds and the priority reads back as set) */
  bool lowers = host_allows_lowering();
  sp.sched_priority = 300;
  assert_int_equal(kernel_pthread_sce_setschedparam(m.t, KTHREAD_SCHED_FIFO, &sp), 0);
  assert_int_equal(proc_nice(m.tid), lowers ? expected_nice(300) : expected_nice(900));
  int prio = 0;
  assert_int_equal(kernel_pthread_getprio(m.t, &prio), 0);
  assert_int_equal(prio, 300);
  /* an invalid priority changes nothing */
  assert_int_equal(kernel_pthread_setprio(m.t, 960), GUEST_EINVAL);
  assert_int_equal(proc_nice(m.tid), lowers ? expected_nice(300) : expected_nice(900));
  finish(&m, 1);
}

static void test_option_off(void **state) {
  (void)state;
  kernel_sched_set_host_priorities(false);
  assert_false(kernel_sched_host_priorities());
  struct made m = make(KTHREAD_SCHED_FIFO, 767, false);
  kernel_sce_usleep(20000);
  assert_int_equal(proc_nice(m.tid), base);
  assert_int_equal(kernel_pthread_sce_setprio(m.t, 700), 0);
  assert_int_equal(proc_nice(m.tid), base);
  int prio = 0;
  assert_int_equal(kernel_pthread_getprio(m.t, &prio), 0);
  assert_int_equal(prio, 700); /* still recorded and reported */
  kernel_sched_set_host_priorities(true);
  finish(&m, 1);
}

/* ---- without the privilege to lower a nice ---- */
static void drop_privilege(void) {
  struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
  struct __user_cap_data_struct d[2];
  memset(d, 0, sizeof d);
  if (syscall(SYS_capget, &h, d) == 0) {
    d[CAP_SYS_NICE / 32].effective &= ~(1u << (CAP_SYS_NICE % 32));
    d[CAP_SYS_NICE / 32].permitted &= ~(1u << (CAP_SYS_NICE % 32));
    assert_int_equal(syscall(SYS_capset, &h, d), 0);
  }
  struct rlimit r = {0, 0};
  assert_int_equal(setrlimit(RLIMIT_NICE, &r), 0);
}

/* a host thread made through host_sched_thread_create: its nice and whether SIGUSR2 is blocked */
static void *host_report(void *arg) {
  int *out = arg;
  out[0] = proc_nice((int)syscall(SYS_gettid));
  sigset_t m;
  pthread_sigmask(SIG_SETMASK, NULL, &m);
  out[1] = sigismember(&m, SIGUSR2);
  return NULL;
}

static void test_unprivileged(void **state) {
  (void)state;
  drop_privilege();
  assert_false(host_allows_lowering()); /* the premise of this case */
  /* this thread at a low priority (its object is made on first use: the default 700) */
  kthread_t self = kernel_pthread_self();
  assert_int_equal(kernel_pthread_setprio(self, 767), 0);
  int me = (int)syscall(SYS_gettid);
  assert_int_equal(proc_nice(me), expected_nice(767));
  /* a thread it makes at a high priority still starts at the base (not the creator's nice,
   * which it could not leave) */
  struct made m = make(KTHREAD_SCHED_FIFO, 256, false);
  kernel_sce_usleep(20000);
  assert_int_equal(proc_nice(m.tid), expected_nice(256));
  /* and one at the default gets its offset */
  struct made d = make(KTHREAD_SCHED_FIFO, 700, false);
  assert_int_equal(settled_nice(&d, expected_nice(700)), expected_nice(700));
  /* raising it later: the host refuses; the call succeeds, the nice stays */
  assert_int_equal(kernel_pthread_sce_setprio(d.t, 256), 0);
  assert_int_equal(proc_nice(d.tid), expected_nice(700));
  int prio = 0;
  assert_int_equal(kernel_pthread_getprio(d.t, &prio), 0);
  assert_int_equal(prio, 256);
  /* lowering still works */
  assert_int_equal(kernel_pthread_sce_setprio(m.t, 767), 0);
  assert_int_equal(proc_nice(m.tid), expected_nice(767));
  /* a host service thread started from this low-priority thread: the base nice, and this
   * thread's signal mask (the helper that made it passes it on) */
  sigset_t block, old;
  sigemptyset(&block);
  sigaddset(&block, SIGUSR2);
  pthread_sigmask(SIG_BLOCK, &block, &old);
  int seen[2] = {INT_MIN, -1};
  pthread_t h;
  assert_int_equal(host_sched_thread_create(&h, NULL, host_report, seen), 0);
  pthread_join(h, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  assert_int_equal(seen[0], base);
  assert_int_equal(seen[1], 1);
  struct made both[2] = {m, d};
  finish(both, 2);
}

/* ---- the share two spinning threads get on one CPU ---- */
static int share_cpu;
static volatile int share_stop;
static uint64_t on_cpu_ns(void) {
  FILE *f = fopen("/proc/thread-self/schedstat", "r");
  unsigned long long run = 0;
  if (f) {
    if (fscanf(f, "%llu", &run) != 1) run = 0;
    fclose(f);
  }
  return run;
}
static void *spins(void *p) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(share_cpu, &set);
  if (sched_setaffinity(0, sizeof set, &set) != 0) return (void *)(uintptr_t)0;
  uint64_t start = on_cpu_ns();
  volatile uint64_t x = (uint64_t)(uintptr_t)p;
  while (!__atomic_load_n(&share_stop, __ATOMIC_ACQUIRE)) x = x * 3 + 1;
  return (void *)(uintptr_t)(on_cpu_ns() - start + 1);
}

static void test_share(void **state) {
  (void)state;
  /* Linux's weight of each nice (kernel/sched/core.c sched_prio_to_weight), -20..19 */
  static const int weight[40] = {
      88761, 71755, 56483, 46273, 36291, 29154, 23254, 18705, 14949, 11916, 9548, 7620, 6100, 4904,
      3906,  3121,  2501,  1991,  1586,  1277,  1024,  820,   655,   526,   423,  335,  272,  215,
      172,   137,   110,   87,    70,    56,    45,    36,    29,    23,    18,   15,
  };
  double expected = (double)weight[expected_nice(256) + 20] / weight[expected_nice(700) + 20];
  if (expected < 2.0)
    skip_because("the process runs at nice %d: the table's offsets are clamped to 19", base);
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0) skip_because("no CPU affinity");
  share_cpu = -1;
  for (int c = CPU_SETSIZE - 1; c >= 0 && share_cpu < 0; c--)
    if (CPU_ISSET(c, &set)) share_cpu = c;
  static const int prios[2] = {256, 700};
  kthread_t t[2];
  void *stacks[2];
  for (int i = 0; i < 2; i++) {
    kthread_attr_t a = NULL;
    assert_int_equal(kernel_pthread_attr_init(&a), 0);
    stacks[i] = aligned_alloc(16384, STACK);
    assert_int_equal(kernel_pthread_attr_setstack(&a, (uint64_t)(uintptr_t)stacks[i], STACK), 0);
    struct kthread_sched_param sp = {prios[i]};
    assert_int_equal(kernel_pthread_attr_setinheritsched(&a, KTHREAD_EXPLICIT_SCHED), 0);
    assert_int_equal(kernel_pthread_attr_setschedparam(&a, &sp), 0);
    assert_int_equal(kernel_pthread_create(&t[i], &a, (uint64_t)(uintptr_t)spins, (uint64_t)i), 0);
    kernel_pthread_attr_destroy(&a);
  }
  struct timespec wait = {1, 500000000};
  nanosleep(&wait, NULL);
  __atomic_store_n(&share_stop, 1, __ATOMIC_RELEASE);
  uint64_t ran[2];
  for (int i = 0; i < 2; i++) {
    assert_int_equal(kernel_pthread_join(t[i], &ran[i]), 0);
    free(stacks[i]);
  }
  if (!ran[0] || !ran[1]) skip_because("cannot pin a thread to CPU %d", share_cpu);
  double ratio = (double)ran[0] / (double)ran[1];
  print_message("CPU %d: priority 256 ran %.0f ms, 700 ran %.0f ms: ratio %.2f (weights: %.2f)\n",
                share_cpu, (double)ran[0] / 1e6, (double)ran[1] / 1e6, ratio, expected);
  /* at base 0 the weights 1024 : 172 (nice 0 : +8) give 5.95, so at least 2.5: room for a
   * loaded host */
  assert_true(ratio > 0.42 * expected);
}

int main(int argc, char **argv) {
  errno = 0;
  base = getpriority(PRIO_PROCESS, 0);
  if (base == -1 && errno) {
    perror("test_hle_sched: getpriority");
    return 1;
  }
  if (argc > 1 && strcmp(argv[1], "unprivileged") == 0) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_unprivileged)};
    return test_skip_status(cmocka_run_group_tests(tests, NULL, NULL));
  }
  if (argc > 1 && strcmp(argv[1], "share") == 0) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_share)};
    return test_skip_status(cmocka_run_group_tests(tests, NULL, NULL));
  }
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_table),
      cmocka_unit_test(test_created_threads),
      cmocka_unit_test(test_changes_later),
      cmocka_unit_test(test_option_off),
  };
  return test_skip_status(cmocka_run_group_tests(tests, NULL, NULL));
}
