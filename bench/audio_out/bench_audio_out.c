/* Audio out gaps (label bench): a producer thread plays 256-frame S16 stereo buffers
 * through sceAudioOutOutput (the HLE function, as a guest calls it), spending 60% of each
 * period computing its buffer, while a busy thread spins on every core; the sink records
 * when each mixed period arrives. The figure is the p99 of the gap between two
 * periods that carry sound beyond one period's length (0 when they come exactly 5.33 ms
 * apart), over SECONDS (argument; default 5 s for CI, the figure is 60 s), and the
 * underruns (buffers that came after their time). Goal: p99 gap < 2 ms and no underrun.
 *
 * That figure is mostly the host's: a producer that needs 60% of a core cannot keep a
 * real-time pace when the host gives it less. So the same run also measures the emulator's
 * part apart, against a same-run baseline: a native producer (no emulator: the same work,
 * the same absolute schedule of one buffer per period, the same real-time boost of its
 * sleep, the same underrun rule as the mixer's) runs beside the emulated one, under the
 * same load at the same time. The emulator's part is (1) the mixer's delivery: the gap
 * between any two periods handed to the sink, silent or not, beyond a period; (2) Output
 * returns later than the host's measured delay explains (audioout_cadence); (3) underruns
 * beyond the native producer's under the same load. Goal of that part: mixer p99 < 2 ms,
 * no unexplained return, no more underruns than the native producer's + the noise of a
 * count (2 sqrt(n), at least 10%) + 1. An idle run
 * (no busy threads) is printed as well.
 *
 * A third case runs the threads as a game gives them priorities (bench.audio_gap_prioritised,
 * the goal and rule again): the busy threads are guest threads made through the HLE
 * scePthreadCreate at the default priority 700, the emulated producer one at priority 256 (an
 * audio thread), and the host gets those priorities as per-thread nice values
 * (kernel_sched.c: 256 keeps the process's nice, 700 gets +8, about a sixth of the share). The
 * native producer gets the same treatment: the nice the mapping gives priority 256, beside the
 * same prioritised busy threads, so its underruns remain the baseline. */
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <sys/resource.h>
#include <sys/syscall.h>

#include "../bench_goal.h"
#include "hle/libSceAudioOut/audioout.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/guest_vm.h"

#define MAX_PERIODS 600000
#define LENGTH 256
#define PERIOD_NS (1000000000.0 * LENGTH / 48000)
#define PERIOD_NS_INT 5333333u
/* the mixer takes a period MIXER_DELAY periods after its end (audioout_device.c): a buffer
 * submitted later than its start + 3 periods is an underrun */
#define UNDERRUN_AFTER_NS (3u * PERIOD_NS_INT)

static uint64_t arrivals[MAX_PERIODS];     /* periods that carried sound */
static uint64_t all_arrivals[MAX_PERIODS]; /* every period handed to the sink */
static atomic_int arrived, all_arrived;
static atomic_bool stop;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void sink(void *ctx, const float *frames, size_t count, bool has_data) {
  (void)ctx, (void)frames, (void)count;
  uint64_t t = now_ns();
  int j = atomic_fetch_add(&all_arrived, 1);
  if (j < MAX_PERIODS) all_arrivals[j] = t;
  if (!has_data) return;
  int i = atomic_fetch_add(&arrived, 1);
  if (i < MAX_PERIODS) arrivals[i] = t;
}

/* This thread's time on a CPU and on the run queue so far (ns; /proc/thread-self/schedstat),
 * 0 if unknown. */
static void sched_times(uint64_t *on_cpu_ns, uint64_t *waited_ns) {
  FILE *f = fopen("/proc/thread-self/schedstat", "r");
  unsigned long long on_cpu = 0, waited = 0;
  if (f) {
    if (fscanf(f, "%llu %llu", &on_cpu, &waited) != 2) on_cpu = waited = 0;
    fclose(f);
  }
  *on_cpu_ns = on_cpu;
  *waited_ns = waited;
}

/* A busy thread; ARG: where it leaves its time on a CPU (ms) */
static void *spin(void *arg) {
  uint64_t ran0, waited;
  sched_times(&ran0, &waited);
  volatile uint64_t x = 0;
  while (!atomic_load_explicit(&stop, memory_order_relaxed)) x = x * 3 + 1;
  uint64_t ran;
  sched_times(&ran, &waited);
  *(double *)arg = (double)(ran - ran0) / 1e6;
  return NULL;
}

struct producer {
  int handle; /* the emulated one's port; -1: the native producer */
  int nice;   /* the native producer's nice in the prioritised case, else INT_MIN */
  double seconds;
  double run_queue_ms; /* how long the host kept the producer waiting to run */
  double on_cpu_ms;    /* how long it ran */
  uint64_t underruns;  /* the native producer's: buffers later than the mixer would take */
};

/* The guest's work: a sawtooth, sample by sample, for 60% of a period */
static void work(int16_t *buf, uint32_t *n) {
  uint64_t work_end = now_ns() + (uint64_t)(PERIOD_NS * 0.6);
  while (now_ns() < work_end)
    for (int i = 0; i < LENGTH * 2; i++) buf[i] = (int16_t)((*n)++ * 7);
}

/* The native producer's wait for its buffer's start: the same lowest real-time priority
 * for the sleep as the emulator's paced wait (where the host grants it) */
static void native_wait(uint64_t target) {
  struct sched_param old, rt = {.sched_priority = sched_get_priority_min(SCHED_FIFO)};
  int policy = sched_getscheduler(0);
  bool boosted =
      policy >= 0 && sched_getparam(0, &old) == 0 && sched_setscheduler(0, SCHED_FIFO, &rt) == 0;
  struct timespec ts = {.tv_sec = (time_t)(target / 1000000000u),
                        .tv_nsec = (long)(target % 1000000000u)};
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0) {
  }
  if (boosted) sched_setscheduler(0, policy, &old);
}

static void *produce(void *arg) {
  struct producer *p = arg;
  if (p->nice != INT_MIN) setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), p->nice);
  static _Thread_local int16_t buf[LENGTH * 2];
  uint64_t end = now_ns() + (uint64_t)(p->seconds * 1e9);
  uint64_t ran0, waited;
  sched_times(&ran0, &waited);
  uint32_t n = 0;
  /* the native producer's schedule: buffer k starts at start + k periods, as a port's */
  uint64_t start = now_ns() + PERIOD_NS_INT;
  while (now_ns() < end) {
    work(buf, &n);
    if (p->handle >= 0) {
      audioout_output(p->handle, buf);
      continue;
    }
    if (now_ns() > start + UNDERRUN_AFTER_NS) { /* the mixer would have taken its period */
      p->underruns++;
      uint64_t t = now_ns();
      start = t + PERIOD_NS_INT - (t - start) % PERIOD_NS_INT;
    }
    native_wait(start); /* returns when its buffer starts, as Output does */
    start += PERIOD_NS_INT;
  }
  if (p->handle >= 0) audioout_output(p->handle, NULL);
  uint64_t ran, waited_end;
  sched_times(&ran, &waited_end);
  p->run_queue_ms = (double)(waited_end - waited) / 1e6;
  p->on_cpu_ms = (double)(ran - ran0) / 1e6;
  return NULL;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* p99 and max of the gaps beyond a period between COUNT arrival times */
static double p99_gap(const uint64_t *at, int count, double *max_ms) {
  static double gaps[MAX_PERIODS];
  int g = 0;
  for (int i = 1; i < count; i++) {
    double d = ((double)(at[i] - at[i - 1]) - PERIOD_NS) / 1e6;
    gaps[g++] = d > 0 ? d : 0;
  }
  qsort(gaps, (size_t)g, sizeof gaps[0], cmp);
  *max_ms = g ? gaps[g - 1] : 0;
  return g ? gaps[(size_t)((g - 1) * 0.99)] : 0;
}

struct result {
  double p99, max;             /* gaps between periods with sound */
  double mixer_p99, mixer_max; /* gaps between any two periods */
  int periods;
  double run_queue_ms, native_run_queue_ms;
  double on_cpu_ms, busy_on_cpu_ms; /* the emulated producer's; a busy thread's (mean) */
  double process_cpu_s;             /* the whole process's CPU time over the run */
  uint64_t native_underruns;
};

/* A guest thread (the HLE scePthreadCreate, a host function for its routine on a stack of
 * its own) at guest priority PRIO. */
#define GUEST_STACK (256u << 10)
static kthread_t guest_thread(int prio, void *(*fn)(void *), void *arg, void **stack,
                              const char *name) {
  kthread_attr_t a = NULL;
  kthread_t t = NULL;
  struct kthread_sched_param sp = {prio};
  *stack = aligned_alloc(16384, GUEST_STACK);
  if (!*stack || kernel_pthread_attr_init(&a) ||
      kernel_pthread_attr_setstack(&a, (uint64_t)(uintptr_t)*stack, GUEST_STACK) ||
      kernel_pthread_attr_setinheritsched(&a, KTHREAD_EXPLICIT_SCHED) ||
      kernel_pthread_attr_setschedparam(&a, &sp) ||
      kernel_pthread_sce_create(&t, &a, (uint64_t)(uintptr_t)fn, (uint64_t)(uintptr_t)arg, name)) {
    fprintf(stderr, "bench_audio_out: cannot create the guest thread %s\n", name);
    exit(1);
  }
  kernel_pthread_attr_destroy(&a);
  return t;
}

#define PRIO_AUDIO 256 /* SCE_KERNEL_PRIO_FIFO_HIGHEST: a game's audio thread */
#define PRIO_BUSY 700  /* the default: a game's workers */

/* One run: the emulated producer on HANDLE and the native one side by side, SPINNERS busy
 * threads; PRIORITISED: guest threads with the game's priorities (see the header). */
static struct result run(int handle, double seconds, int spinners, bool prioritised) {
  pthread_t t[256], prod, native;
  kthread_t gt[256], gprod = NULL;
  static double busy_ran[256];
  void *stacks[257];
  struct timespec cpu0, cpu1;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu0);
  atomic_store(&stop, false);
  for (int i = 0; i < spinners; i++) {
    if (prioritised) gt[i] = guest_thread(PRIO_BUSY, spin, &busy_ran[i], &stacks[i], "busy");
    else pthread_create(&t[i], NULL, spin, &busy_ran[i]);
  }
  atomic_store(&arrived, 0);
  atomic_store(&all_arrived, 0);
  struct producer p = {handle, INT_MIN, seconds, 0, 0, 0}, q = {-1, INT_MIN, seconds, 0, 0, 0};
  if (prioritised) {
    q.nice = kernel_sched_host_nice(PRIO_AUDIO); /* the same treatment */
    gprod = guest_thread(PRIO_AUDIO, produce, &p, &stacks[spinners], "audio");
  } else {
    pthread_create(&prod, NULL, produce, &p);
  }
  pthread_create(&native, NULL, produce, &q);
  if (prioritised) kernel_pthread_join(gprod, NULL);
  else pthread_join(prod, NULL);
  pthread_join(native, NULL);
  atomic_store(&stop, true);
  for (int i = 0; i < spinners; i++) {
    if (prioritised) kernel_pthread_join(gt[i], NULL);
    else pthread_join(t[i], NULL);
  }
  if (prioritised)
    for (int i = 0; i <= spinners; i++) free(stacks[i]);
  usleep(20000);
  struct result r = {0};
  int count = atomic_load(&arrived), all = atomic_load(&all_arrived);
  if (count > MAX_PERIODS) count = MAX_PERIODS;
  if (all > MAX_PERIODS) all = MAX_PERIODS;
  r.p99 = p99_gap(arrivals, count, &r.max);
  r.mixer_p99 = p99_gap(all_arrivals, all, &r.mixer_max);
  r.periods = count;
  r.run_queue_ms = p.run_queue_ms;
  r.native_run_queue_ms = q.run_queue_ms;
  r.native_underruns = q.underruns;
  r.on_cpu_ms = p.on_cpu_ms;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu1);
  r.process_cpu_s =
      (double)(cpu1.tv_sec - cpu0.tv_sec) + (double)(cpu1.tv_nsec - cpu0.tv_nsec) / 1e9;
  for (int i = 0; i < spinners; i++) r.busy_on_cpu_ms += busy_ran[i] / spinners;
  return r;
}

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 5.0;
  if (seconds <= 0 || seconds > 600) seconds = 5.0;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  if (cores < 1) cores = 1;
  if (cores > 256) cores = 256;
  /* guest memory as in a game run: the guest threads' TLS blocks come from it (without it
   * they fall back to host memory, each logging an error) */
  if (!guest_vm_init()) fprintf(stderr, "bench_audio_out: no guest memory; TLS from the host\n");
  static const struct audioout_sink_ops ops = {.write = sink};
  audioout_set_sink(&ops);
  audioout_init();
  int h = audioout_open(1, AUDIOOUT_PORT_MAIN, 0, LENGTH, 48000, AUDIOOUT_FORMAT_S16_STEREO);
  if (h < 0) {
    fprintf(stderr, "bench_audio_out: open failed %#x\n", (unsigned)h);
    return 1;
  }
  struct audioout_cadence c0 = audioout_cadence();
  struct result idle = run(h, seconds / 3, 0, false);
  uint64_t under_idle = audioout_underrun_count();
  struct audioout_cadence c1 = audioout_cadence();
  struct result busy = run(h, seconds, (int)cores, false);
  uint64_t under = audioout_underrun_count() - under_idle;
  struct audioout_cadence c2 = audioout_cadence();
  bench_goal("audio_gap", busy.p99 < 2.0 && under == 0, "p99 < 2 ms, no underrun",
             "p99 gap %.3f ms beyond the 5.33 ms period, %llu underruns, with a 60%% busy "
             "producer and %ld busy threads over %.0f s",
             busy.p99, (unsigned long long)under, cores, seconds);
  uint64_t unexplained = c2.unexplained - c1.unexplained;
  /* underruns against the native producer's, within the noise of a count (two standard
   * deviations of a Poisson count, or 10%, whichever is larger) */
  double native = (double)busy.native_underruns;
  double noise = 2.0 * sqrt(native) > 0.1 * native ? 2.0 * sqrt(native) : 0.1 * native;
  bool part_met = busy.mixer_p99 < 2.0 && unexplained == 0 && (double)under <= native + noise + 1.0;
  bench_goal("audio_gap_emulator", part_met,
             "mixer p99 < 2 ms, no return late beyond the host's delay, underruns within the "
             "native producer's + its noise",
             "the emulator's part: mixer p99 %.3f ms (max %.3f), %llu of %llu Output returns "
             "more than 1 ms later than the host's delay explains, %llu underruns against %llu "
             "for a native producer beside it (ratio %.2f)",
             busy.mixer_p99, busy.mixer_max, (unsigned long long)unexplained,
             (unsigned long long)(c2.returns - c1.returns), (unsigned long long)under,
             (unsigned long long)busy.native_underruns,
             busy.native_underruns ? (double)under / (double)busy.native_underruns : (double)under);
  printf(
      "  busy: %d periods with sound, max gap %.3f ms; idle baseline: p99 %.3f ms, max %.3f "
      "ms over %d periods, mixer p99 %.3f ms, %llu underruns (native %llu), %llu returns "
      "later than the host explains; ratio busy/idle p99 %.2f\n",
      busy.periods, busy.max, idle.p99, idle.max, idle.periods, idle.mixer_p99,
      (unsigned long long)under_idle, (unsigned long long)idle.native_underruns,
      (unsigned long long)(c1.unexplained - c0.unexplained),
      idle.p99 > 0 ? busy.p99 / idle.p99 : 0.0);
  /* the host's share: a producer that needs 60% of a core cannot keep a real-time pace when
   * the host runs it less than that (other processes), which the figures then show */
  printf(
      "  host: the emulated producer waited on the run queue %.0f ms of the busy %.0f s "
      "(%.1f%%), the native one %.0f ms (%.1f%%); it ran %.0f ms, a busy thread %.0f ms, the "
      "process %.1f s of the cores' %.0f s; %llu of %llu Output returns the host delayed more "
      "than 0.5 ms (worst %.1f ms over the run)\n",
      busy.run_queue_ms, seconds, busy.run_queue_ms / (seconds * 10.0), busy.native_run_queue_ms,
      busy.native_run_queue_ms / (seconds * 10.0), busy.on_cpu_ms, busy.busy_on_cpu_ms,
      busy.process_cpu_s, seconds * (double)cores,
      (unsigned long long)(c2.host_delayed - c1.host_delayed),
      (unsigned long long)(c2.returns - c1.returns), (double)c2.worst_host_ns / 1e6);
  /* the returns the emulator made late beyond the host's delay, if any (its own part) */
  static struct audioout_return_record rec[AUDIOOUT_CADENCE_RECORDS];
  size_t nrec = audioout_cadence_records(rec, AUDIOOUT_CADENCE_RECORDS);
  for (size_t i = 0; i < nrec; i++)
    if (rec[i].late_ns > rec[i].host_ns + AUDIOOUT_CADENCE_LATE_NS)
      printf(
          "  emulator's own lateness: return %llu, %.3f ms after its buffer's start, the host's "
          "delay %.3f ms\n",
          (unsigned long long)rec[i].seq, (double)rec[i].late_ns / 1e6,
          (double)rec[i].host_ns / 1e6);
  /* the game's priorities: busy guest threads at 700, the audio thread at 256 */
  uint64_t under_before = audioout_underrun_count();
  struct audioout_cadence c3 = audioout_cadence();
  struct result pr = run(h, seconds, (int)cores, true);
  uint64_t under_pr = audioout_underrun_count() - under_before;
  struct audioout_cadence c4 = audioout_cadence();
  bench_goal("audio_gap_prioritised", pr.p99 < 2.0 && under_pr == 0, "p99 < 2 ms, no underrun",
             "p99 gap %.3f ms beyond the 5.33 ms period, %llu underruns, with the 60%% busy "
             "producer a guest thread at priority %d (host nice %d) and %ld busy guest threads "
             "at %d (nice %d) over %.0f s",
             pr.p99, (unsigned long long)under_pr, PRIO_AUDIO, kernel_sched_host_nice(PRIO_AUDIO),
             cores, PRIO_BUSY, kernel_sched_host_nice(PRIO_BUSY), seconds);
  printf(
      "  prioritised: max gap %.3f ms, mixer p99 %.3f ms; the native producer at the same nice "
      "beside it: %llu underruns; run-queue wait: emulated %.0f ms (%.1f%%), native %.0f ms "
      "(%.1f%%); it ran %.0f ms, a busy thread %.0f ms, the process %.1f s of the cores' %.0f s; "
      "%llu of %llu Output returns the host delayed more than 0.5 ms, %llu later than the host "
      "explains\n",
      pr.max, pr.mixer_p99, (unsigned long long)pr.native_underruns, pr.run_queue_ms,
      pr.run_queue_ms / (seconds * 10.0), pr.native_run_queue_ms,
      pr.native_run_queue_ms / (seconds * 10.0), pr.on_cpu_ms, pr.busy_on_cpu_ms, pr.process_cpu_s,
      seconds * (double)cores, (unsigned long long)(c4.host_delayed - c3.host_delayed),
      (unsigned long long)(c4.returns - c3.returns),
      (unsigned long long)(c4.unexplained - c3.unexplained));
  audioout_close(h);
  double load[1];
  if (getloadavg(load, 1) == 1)
    printf("  host load average %.1f on %ld cores (other processes share them)\n", load[0], cores);
  return 0;
}
