/* The mixed stream and the mixer thread. See audioout_device.h. */
#include "hle/libSceAudioOut/audioout_device.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/libSceAudioOut/audioout.h"
#include "hle/libkernel/libkernel.h"

#define RING_FRAMES 32768u /* 683 ms, a power of two */
#define RING_PERIODS (RING_FRAMES / AUDIOOUT_DEVICE_PERIOD)
#define NS_PER_S 1000000000ull
/* How long after its time a period is mixed: the slack of a late guest (10.7 ms), which is
 * also latency added to the host device's */
#define MIXER_DELAY_PERIODS 2

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
static _Thread_local uint64_t last_run_delay_ns; /* this thread's, at its last paced return */
static _Thread_local bool have_run_delay;

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
    ok = pthread_create(&mixer, &attr, mixer_main, NULL) == 0;
    pthread_attr_destroy(&attr);
    if (!ok) ok = pthread_create(&mixer, NULL, mixer_main, NULL) == 0;
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

void audioout_device_wait_frame(uint64_t frame, bool paced) {
  uint64_t target = frame_ns(frame), called = now_ns();
  bool sleeps = called < target;
  int policy;
  struct sched_param param;
  bool boosted = paced && sleeps && boost(&policy, &param);
  struct timespec ts = to_timespec(target);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
  }
  if (boosted) sched_setscheduler(0, policy, &param);
  if (!paced) return;
  uint64_t late = now_ns() - target; /* clock_nanosleep never returns early */
  /* the host's share: the wake-up's own lateness (the timer expired, the thread did not
   * run: the run queue, or a virtual CPU the hypervisor did not run), and the run-queue
   * wait since this thread's previous paced return (preemption while the guest computed) */
  uint64_t delay = 0, woke = sleeps ? late : 0;
  bool have = run_delay_ns(&delay);
  uint64_t queued =
      have && have_run_delay && delay > last_run_delay_ns ? delay - last_run_delay_ns : 0;
  last_run_delay_ns = delay;
  have_run_delay = have;
  uint64_t host = woke > queued ? woke : queued;
  bool host_delayed = host > AUDIOOUT_CADENCE_STARVED_NS;
  bool called_late = !sleeps && called - target > AUDIOOUT_CADENCE_STARVED_NS;
  pthread_mutex_lock(&lock);
  cadence.returns++;
  if (late > AUDIOOUT_CADENCE_LATE_NS) cadence.late++;
  if (late > cadence.worst_late_ns) cadence.worst_late_ns = late;
  if (host_delayed) cadence.host_delayed++;
  if (host > cadence.worst_host_ns) cadence.worst_host_ns = host;
  if (called_late) cadence.called_late++;
  if (host_delayed || called_late) cadence.explained++;
  pthread_mutex_unlock(&lock);
}

struct audioout_cadence audioout_cadence(void) {
  pthread_mutex_lock(&lock);
  struct audioout_cadence c = cadence;
  pthread_mutex_unlock(&lock);
  return c;
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
  if (c.returns)
    LOG(hle, INFO,
        "audio out: cadence: %llu paced returns, %llu more than 1 ms after their buffer's "
        "start (worst %llu us); %llu the host delayed more than 0.5 ms (worst %llu us), %llu "
        "called more than 0.5 ms after their buffer's start: %llu explained",
        (unsigned long long)c.returns, (unsigned long long)c.late,
        (unsigned long long)(c.worst_late_ns / 1000), (unsigned long long)c.host_delayed,
        (unsigned long long)(c.worst_host_ns / 1000), (unsigned long long)c.called_late,
        (unsigned long long)c.explained);
}
