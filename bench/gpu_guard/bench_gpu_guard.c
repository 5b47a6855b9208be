/* What the GPU unmap guard costs a guest munmap (docs/gpu-cp.md, "unmap guard"): the app
 * installs a guest_vm unmap guard whose BEGIN calls cp_unmap_begin (wait for the command
 * processor's running turn, hold the next ones) and the job guard's unmap_begin, and whose
 * END releases them, as src/app/gpu_bridge.c does. Measured here: the time of
 * guest_vm_unmap of a 64 KiB range the queues do not use,
 *   - with the GPU thread idle (no work),
 *   - with the GPU thread busy: a compute queue running an endless chain of SET_SH_REG
 *     packets (a 16-register write each; the buffer chains to itself), every turn the full
 *     CP_PACKETS_PER_TURN packets,
 * each against a plain host munmap of a touched 64 KiB mapping in the same run (the ratio
 * shows what the emulator adds). The length of one busy turn is measured first (cp_run on
 * the same queue without the GPU thread), and the host's wake-up latency of a blocked thread
 * for scale. Goal: no unmap waits past the turn running when it asked (or one the runner
 * begins in that instant), counted in packets run while it waited, which host scheduling
 * cannot blur; the wall times are printed beside (on a loaded host they include the GPU
 * thread preempted in its turn). */
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "app/gpu_guard.h"
#include "gpu/cp/cp.h"
#include "kernel/guest_vm.h"
#include "../bench_goal.h"
#include "../bench_time.h"

#define SAMPLES 2000
#define SPAN (64u * 1024u)
#define LOOP_PACKETS 255 /* SET_SH_REG packets before the chain back */
#define RW (PROT_READ | PROT_WRITE)
#define GAP_NS 200000 /* between two guest unmaps */

static struct cp *cp;
static struct app_gpu_guard job_guard;
/* the time each unmap spent in cp_unmap_begin (waiting for the running turn), ns */
static double begin_ns[SAMPLES];
static int begins;
/* the busy queue, and the packets it ran while each unmap waited for the turns: at most
 * CP_PACKETS_PER_TURN when the unmap waited for no more than the turn running when it asked.
 * (The count is read while the GPU thread may be running a turn: a bench-only read of a
 * counter the runner writes; the second read is made holding the turns.) */
static unsigned busy_queue;
static uint64_t most_packets_waited;
static int waits_past_turn, waits_past_two_turns;

static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  if (size == 0 || addr + size < addr) return NULL;
  const int need = PROT_READ | (write ? PROT_WRITE : 0);
  for (uint64_t at = addr; at < addr + size;) {
    uint64_t start, len;
    int prot;
    if (!guest_vm_query(at, &start, &len, &prot) || (prot & need) != need) return NULL;
    at = start + len;
  }
  return (void *)(uintptr_t)addr;
}

/* The app's guard order (gpu_bridge.c): the CP's turns first, then the jobs. */
static void guard_begin(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  uint64_t before = cp_queue_stats(cp, busy_queue).packets;
  double t0 = bench_now_ns();
  cp_unmap_begin(cp, addr, size);
  if (begins < SAMPLES) begin_ns[begins++] = bench_now_ns() - t0;
  uint64_t ran = cp_queue_stats(cp, busy_queue).packets - before;
  if (ran > most_packets_waited) most_packets_waited = ran;
  if (ran > CP_PACKETS_PER_TURN) waits_past_turn++;
  if (ran > 2 * CP_PACKETS_PER_TURN) waits_past_two_turns++;
  app_gpu_guard_unmap_begin(addr, size, &job_guard);
}
static void guard_end(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  app_gpu_guard_unmap_end(addr, size, &job_guard);
  cp_unmap_end(cp);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

struct dist {
  double p50, p99, max;
};
static struct dist dist_of(double *v, int n) {
  qsort(v, (size_t)n, sizeof v[0], cmp_double);
  return (struct dist){v[n / 2], v[n * 99 / 100], v[n - 1]};
}

/* SAMPLES munmaps of a touched host mapping of SPAN bytes, ns each. */
static struct dist host_munmap(void) {
  static double t[SAMPLES];
  for (int i = 0; i < SAMPLES; i++) {
    void *p = mmap(NULL, SPAN, RW, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      perror("mmap");
      exit(1);
    }
    memset(p, i, SPAN);
    double t0 = bench_now_ns();
    munmap(p, SPAN);
    t[i] = bench_now_ns() - t0;
  }
  return dist_of(t, SAMPLES);
}

/* SAMPLES guest_vm_unmap calls of a touched guest allocation of SPAN bytes, ns each; *WAIT
 * the time of cp_unmap_begin in them. */
static struct dist guest_munmap(struct dist *wait) {
  static double t[SAMPLES];
  begins = 0;
  for (int i = 0; i < SAMPLES; i++) {
    uint64_t a = guest_vm_alloc(SPAN, 16 * 1024, RW, "bench");
    if (!a) {
      fprintf(stderr, "guest_vm_alloc failed\n");
      exit(1);
    }
    memset((void *)(uintptr_t)a, i, SPAN);
    /* a pause of a few turns, so each unmap meets the GPU thread at a random point of its
     * turns (back to back, the unmaps would hold the turns between them) */
    nanosleep(&(struct timespec){0, GAP_NS}, NULL);
    double t0 = bench_now_ns();
    int rc = guest_vm_unmap(a, SPAN);
    t[i] = bench_now_ns() - t0;
    if (rc != 0) {
      fprintf(stderr, "guest_vm_unmap: %d\n", rc);
      exit(1);
    }
  }
  *wait = dist_of(begin_ns, begins);
  return dist_of(t, SAMPLES);
}

/* The host's wake-up latency, for scale: a thread blocked in sem_wait, from the sem_post of
 * another thread to it running, SAMPLES times with the same pause. A guest unmap that waits
 * for a turn pays one such wake-up on top of the turn. */
static sem_t wake_sem;
static uint64_t posted_at; /* ns */
static void *wake_waiter(void *arg) {
  double *t = arg;
  for (int i = 0; i < SAMPLES; i++) {
    while (sem_wait(&wake_sem) != 0) continue;
    t[i] = bench_now_ns() - (double)__atomic_load_n(&posted_at, __ATOMIC_ACQUIRE);
  }
  return NULL;
}
static struct dist wake_latency(void) {
  static double t[SAMPLES];
  pthread_t th;
  sem_init(&wake_sem, 0, 0);
  pthread_create(&th, NULL, wake_waiter, t);
  for (int i = 0; i < SAMPLES; i++) {
    nanosleep(&(struct timespec){0, GAP_NS}, NULL);
    __atomic_store_n(&posted_at, (uint64_t)bench_now_ns(), __ATOMIC_RELEASE);
    sem_post(&wake_sem);
  }
  pthread_join(th, NULL);
  sem_destroy(&wake_sem);
  return dist_of(t, SAMPLES);
}

static void show(const char *what, struct dist d, struct dist host) {
  printf("  %-28s p50 %8.1f us  p99 %8.1f us  max %8.1f us  (p50 %.1fx, p99 %.1fx host)\n", what,
         d.p50 / 1e3, d.p99 / 1e3, d.max / 1e3, d.p50 / host.p50, d.p99 / host.p99);
}

int main(void) {
  if (!guest_vm_init()) {
    puts("bench.gpu_guard: the guest address space cannot be reserved here: skipped");
    return BENCH_SKIP_EXIT;
  }
  app_gpu_guard_init(&job_guard);
  const struct cp_ops ops = {.mem_map = mem_map};
  cp = cp_create(&ops);
  const struct guest_vm_unmap_guard g = {.begin = guard_begin, .end = guard_end};
  if (!cp || !guest_vm_add_unmap_guard(&g)) {
    fprintf(stderr, "cannot set up the command processor and its guard\n");
    return 1;
  }

  /* the endless stream: LOOP_PACKETS SET_SH_REG of 16 COMPUTE_USER_DATA registers, then an
   * INDIRECT_BUFFER chaining to the start */
  const uint32_t dwords = LOOP_PACKETS * 18 + 4;
  uint64_t ib = guest_vm_alloc((dwords * 4 + 0x3FFF) & ~0x3FFFu, 16 * 1024, RW, "bench ib");
  if (!ib) return 1;
  uint32_t *w = (uint32_t *)(uintptr_t)ib;
  for (unsigned p = 0; p < LOOP_PACKETS; p++) {
    w[p * 18] = pm4_type3(PM4_SET_SH_REG, 17);
    w[p * 18 + 1] = PM4_REG_COMPUTE_USER_DATA_0 - PM4_SH_BASE;
    for (unsigned i = 0; i < 16; i++) w[p * 18 + 2 + i] = p * 16 + i;
  }
  uint32_t *c = w + LOOP_PACKETS * 18;
  c[0] = pm4_type3(PM4_INDIRECT_BUFFER, 3);
  c[1] = (uint32_t)ib;
  c[2] = (uint32_t)(ib >> 32);
  c[3] = dwords | 1u << 20 | 1u << 23; /* IB_SIZE, CHAIN, VALID */
  const unsigned queue = cp_compute_queue(0, 0);
  busy_queue = queue;

  /* busy turns, each timed on this thread (its wall time: on a loaded host it includes the
   * times the thread was preempted) */
  if (cp_submit(cp, queue, ib, dwords) != 0) return 1;
  static double turn_t[SAMPLES];
  for (int i = 0; i < SAMPLES; i++) {
    double t0 = bench_now_ns();
    cp_run(cp);
    turn_t[i] = bench_now_ns() - t0;
  }
  struct cp_stats st = cp_queue_stats(cp, queue);
  if (cp_queue_status(cp, queue) != CP_QUEUE_READY ||
      st.packets != (uint64_t)SAMPLES * CP_PACKETS_PER_TURN) {
    fprintf(stderr, "the busy stream did not run (%llu packets)\n", (unsigned long long)st.packets);
    return 1;
  }
  struct dist turn = dist_of(turn_t, SAMPLES);
  const double turn_ns = turn.p50;
  cp_reset(cp);

  struct dist host = host_munmap();
  struct dist wake = wake_latency();
  struct dist plain_wait, idle_wait, busy_wait;
  struct dist plain = guest_munmap(&plain_wait); /* the guard installed, no GPU thread */
  if (cp_thread_start(cp) != 0) return 1;
  struct dist idle = guest_munmap(&idle_wait);
  if (cp_submit(cp, queue, ib, dwords) != 0) return 1;
  most_packets_waited = 0;
  waits_past_turn = waits_past_two_turns = 0;
  double b0 = bench_now_ns();
  struct dist busy = guest_munmap(&busy_wait);
  double busy_s = (bench_now_ns() - b0) * 1e-9;
  cp_thread_stop(cp);
  /* how busy the GPU thread was: its packets during the busy phase against the rate of the
   * turns timed alone */
  double busy_share =
      (double)cp_queue_stats(cp, queue).packets / busy_s / (CP_PACKETS_PER_TURN / (turn_ns * 1e-9));
  struct dist host2 = host_munmap();
  if (cp_queue_status(cp, queue) != CP_QUEUE_READY) {
    fprintf(stderr, "the busy queue stopped\n");
    return 1;
  }

  /* the guard's promise: an unmap waits for the turn running when it asks (and at worst one
   * the runner begins in that instant, before it sees the unmap waiting), not for more */
  bench_goal("gpu_guard", waits_past_two_turns == 0,
             "0 unmaps waiting past the running turn and one begun as it asked",
             "%d of %d guest unmaps with the CP busy waited past two turns (%d past one; most "
             "packets run while one waited: %llu, a turn %u)",
             waits_past_two_turns, SAMPLES, waits_past_turn,
             (unsigned long long)most_packets_waited, CP_PACKETS_PER_TURN);
  printf(
      "  a busy turn (%u SET_SH_REG packets of 16 registers): p50 %.1f us  p99 %.1f us  max "
      "%.1f us; the GPU thread ran %.0f%% of the busy phase at the p50 rate\n",
      CP_PACKETS_PER_TURN, turn.p50 / 1e3, turn.p99 / 1e3, turn.max / 1e3, busy_share * 100);
  printf(
      "  wait in cp_unmap_begin: p50 / p99 / max  no GPU thread %.1f / %.1f / %.1f us, idle "
      "%.1f / %.1f / %.1f us, busy %.1f / %.1f / %.1f us\n",
      plain_wait.p50 / 1e3, plain_wait.p99 / 1e3, plain_wait.max / 1e3, idle_wait.p50 / 1e3,
      idle_wait.p99 / 1e3, idle_wait.max / 1e3, busy_wait.p50 / 1e3, busy_wait.p99 / 1e3,
      busy_wait.max / 1e3);
  printf("  host wake-up of a blocked thread: p50 %.1f us  p99 %.1f us  max %.1f us\n",
         wake.p50 / 1e3, wake.p99 / 1e3, wake.max / 1e3);
  show("host munmap (64 KiB)", host, host);
  show("guest munmap, no GPU thread", plain, host);
  show("guest munmap, CP idle", idle, host);
  show("guest munmap, CP busy", busy, host);
  show("host munmap again", host2, host);
  guest_vm_remove_unmap_guard(&g);
  cp_destroy(cp);
  app_gpu_guard_fini(&job_guard);
  return 0;
}
