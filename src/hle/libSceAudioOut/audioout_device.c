/* The mixed stream and the mixer thread. See audioout_device.h. */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include "hle/libSceAudioOut/audioout_device.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/host_sched.h"
#include "common/log.h"
#include "hle/libSceAudioOut/audioout.h"
#include "hle/libkernel/libkernel.h"

#define RING_FRAMES 32768u /* 683 ms, a power of two */
#define RING_PERIODS (RING_FRAMES / AUDIOOUT_DEVICE_PERIOD)
#define NS_PER_S 1000000000ull
/* How long after its time a period is mixed: the slack of a late guest (10.7 ms), which is
 * also latency added to the host device's */
#define MIXER_DELAY_PERIODS 2
/* paced returns listed in the log at exit (the rest are counted): a cadence test's 400
 * calls fit even when the host delayed all of them */
#define LOGGED_RECORDS 512

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake; /* CLOCK_MONOTONIC; shutdown */
static bool started, stopping;
static pthread_t mixer;
static uint64_t t0_ns;      /* CLOCK_MONOTONIC at frame 0 */
static uint64_t read_frame; /* the next frame the mixer consumes (a period boundary) */
static uint64_t end_frame;  /* one past the last frame a port wrote */
static uint64_t underruns;
static float ring[RING_FRAMES * 2];
static bool period_has_data[RING_PERIODS];

/* The paced returns of Output (see audioout_device_wait_frame) */
static struct audioout_cadence cadence;
static struct audioout_return_record records[AUDIOOUT_CADENCE_RECORDS];
static size_t record_count;
/* A thread's clocks at one instant, to split a stretch of time between the thread, the
 * host and the thread's own waits (see host_share) */
struct thread_times {
  uint64_t at_ns;        /* CLOCK_MONOTONIC */
  uint64_t cpu_ns;       /* CLOCK_THREAD_CPUTIME_ID: the time it ran */
  uint64_t run_delay_ns; /* /proc/thread-self/schedstat: the time it waited on the run queue */
  long blocked;          /* voluntary context switches (getrusage): it waited for something */
  bool run_delay_known, cpu_known;
};
/* This thread's last paced return, until its next wait adds the host's delay after it */
static _Thread_local struct {
  bool have;
  bool counted;     /* already counted in cadence.host_delayed */
  uint64_t host_ns; /* the host's share of its lateness, so far */
  struct thread_times at_wake;
  long record; /* its index in records, -1 when not kept (yet) */
  struct audioout_return_record r;
} last_return = {.record = -1};

static pthread_mutex_t sink_lock = PTHREAD_MUTEX_INITIALIZER;
static struct audioout_sink_ops sink;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

static uint64_t frame_ns(uint64_t frame) {
  return t0_ns + frame / AUDIOOUT_RATE * NS_PER_S +
         frame % AUDIOOUT_RATE * NS_PER_S / AUDIOOUT_RATE;
}

static struct timespec to_timespec(uint64_t ns) {
  return (struct timespec){.tv_sec = (time_t)(ns / NS_PER_S), .tv_nsec = (long)(ns % NS_PER_S)};
}

void audioout_set_sink(const struct audioout_sink_ops *ops) {
  pthread_mutex_lock(&sink_lock);
  if (ops) sink = *ops;
  else memset(&sink, 0, sizeof sink);
  pthread_mutex_unlock(&sink_lock);
}

uint64_t audioout_underrun_count(void) {
  pthread_mutex_lock(&lock);
  uint64_t n = underruns;
  pthread_mutex_unlock(&lock);
  return n;
}

/* Takes the period at read_frame out of the ring into OUT (lock held). */
static bool take_period_locked(float out[AUDIOOUT_DEVICE_PERIOD * 2]) {
  size_t at = (size_t)(read_frame % RING_FRAMES) * 2;
  memcpy(out, &ring[at], AUDIOOUT_DEVICE_PERIOD * 2 * sizeof(float));
  memset(&ring[at], 0, AUDIOOUT_DEVICE_PERIOD * 2 * sizeof(float));
  size_t p = (size_t)(read_frame / AUDIOOUT_DEVICE_PERIOD % RING_PERIODS);
  bool has = period_has_data[p];
  period_has_data[p] = false;
  read_frame += AUDIOOUT_DEVICE_PERIOD;
  return has;
}

static void to_sink(const float *frames, bool has) {
  pthread_mutex_lock(&sink_lock);
  if (sink.write) sink.write(sink.ctx, frames, AUDIOOUT_DEVICE_PERIOD, has);
  pthread_mutex_unlock(&sink_lock);
}

static void *mixer_main(void *arg) {
  (void)arg;
  static float period[AUDIOOUT_DEVICE_PERIOD * 2];
  pthread_mutex_lock(&lock);
  while (!stopping) {
    /* the period [read_frame, +PERIOD) is handed over MIXER_DELAY_PERIODS after its last
     * frame's time: a guest thread woken late by a busy host still makes it */
    struct timespec due =
        to_timespec(frame_ns(read_frame + (1 + MIXER_DELAY_PERIODS) * AUDIOOUT_DEVICE_PERIOD));
    int rc = 0;
    while (!stopping && rc != ETIMEDOUT) rc = pthread_cond_timedwait(&wake, &lock, &due);
    if (stopping) break;
    bool has = take_period_locked(period);
    pthread_mutex_unlock(&lock);
    to_sink(period, has);
    pthread_mutex_lock(&lock);
  }
  pthread_mutex_unlock(&lock);
  return NULL;
}

bool audioout_device_start(void) {
  pthread_mutex_lock(&lock);
  bool ok = true;
  if (!started && !stopping) {
    pthread_mutex_lock(&sink_lock);
    if (sink.start) sink.start(sink.ctx);
    pthread_mutex_unlock(&sink_lock);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&wake, &ca);
    pthread_condattr_destroy(&ca);
    t0_ns = now_ns();
    read_frame = end_frame = 0;
    /* the mixer wakes once a period for microseconds: the lowest real-time priority keeps a
     * busy host from delaying it, where the host allows it (else the default) */
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
    pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
    struct sched_param sp = {.sched_priority = sched_get_priority_min(SCHED_FIFO)};
    pthread_attr_setschedparam(&attr, &sp);
    ok = host_sched_thread_create(&mixer, &attr, mixer_main, NULL) == 0;
    pthread_attr_destroy(&attr);
    if (!ok) ok = host_sched_thread_create(&mixer, NULL, mixer_main, NULL) == 0;
    else LOG(hle, DEBUG, "audio out: the mixer runs at real-time priority");
    started = ok;
    if (!ok) LOG(hle, ERROR, "audio out: cannot start the mixer thread");
  }
  pthread_mutex_unlock(&lock);
  return ok;
}

uint64_t audioout_device_submit(uint64_t want, bool restart, const void *src, size_t frames,
                                int format, const int32_t *volume) {
  pthread_mutex_lock(&lock);
  uint64_t at = want;
  if (restart || want < read_frame) {
    if (!restart) {
      underruns++;
      LOG_ONCE(hle, WARN,
               "audio out: a port's buffer came after its time (underrun; the gap "
               "is silence; counted in the run's summary)");
    }
    /* the period after the clock's: after anything a drained port left */
    uint64_t ns = now_ns() - t0_ns;
    uint64_t now_frame = ns / NS_PER_S * AUDIOOUT_RATE + ns % NS_PER_S * AUDIOOUT_RATE / NS_PER_S;
    at = (now_frame / AUDIOOUT_DEVICE_PERIOD + 1) * AUDIOOUT_DEVICE_PERIOD;
    if (at < read_frame + AUDIOOUT_DEVICE_PERIOD) at = read_frame + AUDIOOUT_DEVICE_PERIOD;
  }
  if (at + frames - read_frame > RING_FRAMES) {
    LOG_ONCE(hle, WARN, "audio out: the mixer is behind by more than the ring; a buffer dropped");
  } else {
    size_t first = (size_t)(at % RING_FRAMES);
    size_t n1 = frames < RING_FRAMES - first ? frames : RING_FRAMES - first;
    int bytes = audioout_format_channels(format) * audioout_format_sample_bytes(format);
    audioout_mix_add(&ring[first * 2], src, n1, format, volume);
    if (n1 < frames)
      audioout_mix_add(ring, (const unsigned char *)src + n1 * (size_t)bytes, frames - n1, format,
                       volume);
    for (uint64_t f = at; f < at + frames; f += AUDIOOUT_DEVICE_PERIOD)
      period_has_data[f / AUDIOOUT_DEVICE_PERIOD % RING_PERIODS] = true;
    if (at + frames > end_frame) end_frame = at + frames;
  }
  pthread_mutex_unlock(&lock);
  return at;
}

/* The time this thread has spent runnable but not running (the host's run queue), from
 * /proc/thread-self/schedstat's second field; false where the kernel does not report it. */
static bool run_delay_ns(uint64_t *out) {
  int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char buf[96];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return false;
  buf[n] = 0;
  unsigned long long on_cpu, waited;
  if (sscanf(buf, "%llu %llu", &on_cpu, &waited) != 2) return false;
  *out = waited;
  return true;
}

/* The clock first, then the rest: a preemption between them falls after AT_NS and outside
 * CPU_NS, so consecutive stretches (from one snapshot's AT_NS to the next's) share the
 * thread's time out exactly and none is lost. */
static void thread_times_now(struct thread_times *t) {
  t->at_ns = now_ns();
  struct timespec ts;
  t->cpu_known = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0;
  t->cpu_ns = t->cpu_known ? (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec : 0;
  struct rusage ru;
  t->blocked = getrusage(RUSAGE_THREAD, &ru) == 0 ? ru.ru_nvcsw : -1;
  t->run_delay_known = run_delay_ns(&t->run_delay_ns);
}

/* The host's share of the stretch from A to B of one thread: when the thread did not block
 * in it (no voluntary context switch: no lock, no I/O, no sleep), all the time it did not
 * run (its CPU clock; the run queue, and a virtual CPU the hypervisor did not run, which
 * the run queue does not show); when it blocked, only its run-queue wait. The time it ran
 * (the guest's work, the emulator's) is never the host's. */
static uint64_t host_share(const struct thread_times *a, const struct thread_times *b) {
  uint64_t wall = b->at_ns > a->at_ns ? b->at_ns - a->at_ns : 0;
  if (a->cpu_known && b->cpu_known && a->blocked >= 0 && b->blocked == a->blocked) {
    uint64_t ran = b->cpu_ns > a->cpu_ns ? b->cpu_ns - a->cpu_ns : 0;
    return wall > ran ? wall - ran : 0;
  }
  if (a->run_delay_known && b->run_delay_known && b->run_delay_ns > a->run_delay_ns) {
    uint64_t queued = b->run_delay_ns - a->run_delay_ns;
    return queued < wall ? queued : wall;
  }
  return 0;
}

/* The lowest real-time priority for the sleep of a paced wait, so that its wake-up
 * preempts the host's ordinary threads (a busy host otherwise wakes it milliseconds late);
 * the thread's own policy is restored as soon as it runs. Not where the host refuses. */
static atomic_bool boost_refused;

static bool boost(int *policy, struct sched_param *param) {
  if (atomic_load_explicit(&boost_refused, memory_order_relaxed)) return false;
  /* the calling thread (0), by system call: a guest thread's pthread_self is not glibc's */
  *policy = sched_getscheduler(0);
  if (*policy < 0 || sched_getparam(0, param) != 0) return false;
  if (*policy == SCHED_FIFO || *policy == SCHED_RR) return false; /* already real-time */
  struct sched_param rt = {.sched_priority = sched_get_priority_min(SCHED_FIFO)};
  if (sched_setscheduler(0, SCHED_FIFO, &rt) == 0) return true;
  atomic_store(&boost_refused, true);
  LOG(hle, DEBUG, "audio out: no real-time priority for the port waits (the host refuses)");
  return false;
}

/* Where this thread's current paced call started (its submission is part of the call) */
static _Thread_local struct {
  bool have;
  struct thread_times at;
} entered;

void audioout_device_pace_enter(void) {
  thread_times_now(&entered.at);
  entered.have = true;
}

void audioout_device_pace_cancel(void) { entered.have = false; }

/* Keeps R in the records (lock held); its index, -1 when the table is full. */
static long keep_record_locked(const struct audioout_return_record *r) {
  if (record_count >= AUDIOOUT_CADENCE_RECORDS) return -1;
  records[record_count] = *r;
  return (long)record_count++;
}

/* Adds to this thread's last paced return the run-queue wait since it returned (QUEUED, ns):
 * time the guest had after it too (a guest that reads the clock after the return sees it). */
static void finish_last_return(uint64_t queued) {
  if (!last_return.have) return;
  last_return.have = false;
  uint64_t host = last_return.host_ns + queued;
  last_return.r.host_ns = host;
  pthread_mutex_lock(&lock);
  if (host > cadence.worst_host_ns) cadence.worst_host_ns = host;
  if (host > AUDIOOUT_CADENCE_STARVED_NS && !last_return.counted) cadence.host_delayed++;
  if (last_return.record >= 0) records[last_return.record].host_ns = host;
  else if (host > AUDIOOUT_CADENCE_STARVED_NS) keep_record_locked(&last_return.r);
  pthread_mutex_unlock(&lock);
}

void audioout_device_wait_frame(uint64_t frame, const struct audioout_pace *pace) {
  uint64_t target = frame_ns(frame);
  /* the host's delay of this thread since its previous paced return: it delayed the guest
   * after that return, and this call if it comes late */
  struct thread_times entry;
  if (entered.have) entry = entered.at; /* the call's start (audioout_device_pace_enter) */
  else thread_times_now(&entry);
  entered.have = false;
  uint64_t queued = last_return.have ? host_share(&last_return.at_wake, &entry) : 0;
  uint64_t previous_host = last_return.host_ns;
  bool previous = last_return.have;
  uint64_t before = entry.at_ns;
  bool sleeps = before < target;
  int policy;
  struct sched_param param;
  bool boosted = pace && sleeps && boost(&policy, &param);
  struct timespec ts = to_timespec(target);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
  }
  struct thread_times at_wake;
  thread_times_now(&at_wake);
  uint64_t woke = at_wake.at_ns;
  /* restored after the measurement: a preemption now falls in the next call's window */
  if (boosted) sched_setscheduler(0, policy, &param);
  /* the previous return's figures are completed after the measurements (it takes the lock
   * the mixer takes too, which must not fall between them) */
  finish_last_return(queued);
  if (!pace) return;
  uint64_t late = woke > target ? woke - target : 0; /* clock_nanosleep never returns early */
  uint64_t host;
  if (sleeps) {
    /* the timer expired at the buffer's start: whatever came after is the host's */
    host = late;
  } else {
    /* the call came late: the host's delay since the previous return and during this call,
     * and the previous return's own host delay, which pushed the guest's whole next step
     * (its work and this call) that much later */
    uint64_t carried = previous ? previous_host : 0;
    host = queued + carried + host_share(&entry, &at_wake);
    if (host > late) host = late;
  }
  uint64_t beyond = late > host ? late - host : 0;
  struct audioout_return_record r = {
      .id = pace->id, .seq = pace->seq, .late_ns = late, .host_ns = host};
  pthread_mutex_lock(&lock);
  cadence.returns++;
  if (late > AUDIOOUT_CADENCE_LATE_NS) cadence.late++;
  if (late > cadence.worst_late_ns) cadence.worst_late_ns = late;
  if (host > cadence.worst_host_ns) cadence.worst_host_ns = host;
  bool counted = host > AUDIOOUT_CADENCE_STARVED_NS;
  if (counted) cadence.host_delayed++;
  if (beyond > AUDIOOUT_CADENCE_LATE_NS) cadence.unexplained++;
  if (beyond > cadence.worst_unexplained_ns) cadence.worst_unexplained_ns = beyond;
  long kept = counted || late > AUDIOOUT_CADENCE_STARVED_NS ? keep_record_locked(&r) : -1;
  pthread_mutex_unlock(&lock);
  if (beyond > AUDIOOUT_CADENCE_LATE_NS)
    LOG_ONCE(hle, WARN,
             "audio out: a paced return came more than 1 ms later than the host's delay "
             "explains (the emulator's own lateness; listed at exit)");
  last_return.have = true;
  last_return.at_wake = at_wake;
  last_return.counted = counted;
  last_return.host_ns = host;
  last_return.record = kept;
  last_return.r = r;
}

struct audioout_cadence audioout_cadence(void) {
  pthread_mutex_lock(&lock);
  struct audioout_cadence c = cadence;
  pthread_mutex_unlock(&lock);
  return c;
}

size_t audioout_cadence_records(struct audioout_return_record *out, size_t max) {
  pthread_mutex_lock(&lock);
  size_t n = record_count < max ? record_count : max;
  memcpy(out, records, n * sizeof *out);
  pthread_mutex_unlock(&lock);
  return n;
}

uint64_t audioout_device_now_frame(void) {
  pthread_mutex_lock(&lock);
  uint64_t t0 = t0_ns;
  pthread_mutex_unlock(&lock);
  uint64_t ns = now_ns() - t0;
  return ns / NS_PER_S * AUDIOOUT_RATE + ns % NS_PER_S * AUDIOOUT_RATE / NS_PER_S;
}

uint64_t audioout_device_frame_time_us(uint64_t frame) {
  uint64_t now = now_ns(), at = frame_ns(frame);
  uint64_t process_now = kernel_get_process_time();
  return at >= now ? process_now + (at - now) / 1000 : process_now - (now - at) / 1000;
}

void audioout_shutdown(void) {
  pthread_mutex_lock(&lock);
  bool was = started;
  stopping = true;
  if (was) pthread_cond_broadcast(&wake);
  pthread_mutex_unlock(&lock);
  if (!was) return;
  pthread_join(mixer, NULL);
  /* what the ports queued and the clock had not reached yet */
  static float period[AUDIOOUT_DEVICE_PERIOD * 2];
  pthread_mutex_lock(&lock);
  while (read_frame < end_frame) {
    bool has = take_period_locked(period);
    pthread_mutex_unlock(&lock);
    to_sink(period, has);
    pthread_mutex_lock(&lock);
  }
  /* drained and stopped: a port opened later starts it again on a new clock */
  started = stopping = false;
  uint64_t n = underruns;
  struct audioout_cadence c = cadence;
  pthread_mutex_unlock(&lock);
  if (n) LOG(hle, INFO, "audio out: %llu underruns", (unsigned long long)n);
  if (!c.returns) return;
  LOG(hle, INFO,
      "audio out: cadence: %llu paced returns, %llu more than 1 ms after their buffer's start "
      "(worst %llu us); %llu the host delayed more than 0.5 ms (worst %llu us); %llu more than "
      "1 ms later than the host's delay explains (worst %llu us beyond it)",
      (unsigned long long)c.returns, (unsigned long long)c.late,
      (unsigned long long)(c.worst_late_ns / 1000), (unsigned long long)c.host_delayed,
      (unsigned long long)(c.worst_host_ns / 1000), (unsigned long long)c.unexplained,
      (unsigned long long)(c.worst_unexplained_ns / 1000));
  /* each return the host delayed or that came late, by port and call number (what the
   * cadence test matches with the guest's own measurement) */
  static struct audioout_return_record kept[AUDIOOUT_CADENCE_RECORDS];
  size_t n_kept = audioout_cadence_records(kept, AUDIOOUT_CADENCE_RECORDS);
  size_t listed = n_kept < LOGGED_RECORDS ? n_kept : LOGGED_RECORDS;
  for (size_t i = 0; i < listed; i++)
    LOG(hle, INFO,
        "audio out: paced return %llu of 0x%llx: %llu us after its buffer's start, the host "
        "delayed it %llu us",
        (unsigned long long)kept[i].seq, (unsigned long long)kept[i].id,
        (unsigned long long)(kept[i].late_ns / 1000), (unsigned long long)(kept[i].host_ns / 1000));
  if (n_kept > listed)
    LOG(hle, INFO, "audio out: %llu more paced returns late or host-delayed, not listed%s",
        (unsigned long long)(n_kept - listed),
        n_kept == AUDIOOUT_CADENCE_RECORDS ? " (and the later ones only counted)" : "");
}
