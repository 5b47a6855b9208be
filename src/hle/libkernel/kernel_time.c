/* libkernel: sleeping, process time, the time stamp counter and clocks.
 *
 * Process time counts from the first use of this module (the loader touches it before the
 * guest starts). The process time counter is the TSC relative to that start; its frequency
 * is the TSC frequency, measured once against CLOCK_MONOTONIC_RAW. */
#include <errno.h>
#include <pthread.h>
#include <sys/resource.h>
#include <time.h>
#include <x86intrin.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"

static struct timespec start_time;
static uint64_t start_tsc;
static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static uint64_t tsc_frequency;
static pthread_once_t tsc_once = PTHREAD_ONCE_INIT;

static void start_init(void) {
  clock_gettime(CLOCK_MONOTONIC, &start_time);
  start_tsc = __rdtsc();
}

__attribute__((constructor)) static void kernel_time_start(void) {
  pthread_once(&start_once, start_init);
}

static uint64_t ns_between(const struct timespec *a, const struct timespec *b) {
  return (uint64_t)(b->tv_sec - a->tv_sec) * 1000000000u + (uint64_t)b->tv_nsec -
         (uint64_t)a->tv_nsec;
}

/* Measures the TSC against CLOCK_MONOTONIC_RAW over ~10 ms, rounded to 1 kHz. */
static void tsc_calibrate(void) {
  struct timespec t0, t1, pause = {0, 10 * 1000 * 1000};
  clock_gettime(CLOCK_MONOTONIC_RAW, &t0);
  uint64_t c0 = __rdtsc();
  while (nanosleep(&pause, &pause) != 0 && errno == EINTR) {
  }
  clock_gettime(CLOCK_MONOTONIC_RAW, &t1);
  uint64_t c1 = __rdtsc();
  uint64_t ns = ns_between(&t0, &t1);
  uint64_t f = ns ? (uint64_t)((unsigned __int128)(c1 - c0) * 1000000000u / ns) : 0;
  tsc_frequency = f ? (f + 500) / 1000 * 1000 : 1000000000u;
  LOG(hle, DEBUG, "TSC frequency %lu Hz", (unsigned long)tsc_frequency);
}

/* Sleeps are cancellation points and deliver the guest signals sent meanwhile
 * (kernel_thread_sleep_signals, libkernel_thread.h): usleep ends with EINTR when a guest
 * handler ran (FreeBSD's usleep is a nanosleep, which is never restarted). */
static int sleep_us(uint64_t usec, bool resume) {
  struct timespec ts = {(time_t)(usec / 1000000), (long)(usec % 1000000) * 1000};
  return kernel_thread_sleep_signals(&ts, NULL, resume);
}

int kernel_usleep(unsigned int usec) { return (int)hle_posix_result(sleep_us(usec, false)); }

int kernel_sce_usleep(unsigned int usec) { return (int)hle_sce_result(sleep_us(usec, false)); }

/* sceKernelSleep: whole seconds; a signal handler that runs meanwhile does not end the sleep
 * early (the sleep resumes with the time that remains). */
int kernel_sce_sleep(unsigned int seconds) {
  return (int)hle_sce_result(sleep_us((uint64_t)seconds * 1000000u, true));
}

/* nanosleep as FreeBSD's: EFAULT for a null request, EINVAL for a negative time or tv_nsec outside
 * [0, 1e9), else the whole time is slept. A guest signal handler that runs meanwhile ends the
 * sleep with EINTR (FreeBSD turns ERESTART into EINTR here, so SA_RESTART does not matter) and
 * REM, when given, gets the time that remained; on success REM is left as it was. A signal that
 * is ignored, blocked or has no handler does not end it, nor does a host signal (the sleep
 * resumes for the time that remains). A pending cancellation request ends it instead (a
 * cancellation point). */
int64_t kernel_nanosleep_core(const struct guest_timespec *req, struct guest_timespec *rem) {
  if (!req) return -GUEST_EFAULT; /* FreeBSD's copyin of the request fails */
  if (req->tv_nsec < 0 || req->tv_nsec >= 1000000000 || req->tv_sec < 0) return -GUEST_EINVAL;
  struct timespec ts = {(time_t)req->tv_sec, (long)req->tv_nsec}, left = {0, 0};
  int r = kernel_thread_sleep_signals(&ts, &left, false); /* a cancellation point */
  if (r == -GUEST_EINTR && rem) {
    rem->tv_sec = left.tv_sec;
    rem->tv_nsec = left.tv_nsec;
  }
  return r;
}

int kernel_nanosleep(const struct guest_timespec *req, struct guest_timespec *rem) {
  return (int)hle_posix_result(kernel_nanosleep_core(req, rem));
}

int kernel_sce_nanosleep(const struct guest_timespec *req, struct guest_timespec *rem) {
  return (int)hle_sce_result(kernel_nanosleep_core(req, rem));
}

uint64_t kernel_get_process_time(void) {
  pthread_once(&start_once, start_init);
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return ns_between(&start_time, &now) / 1000;
}

uint64_t kernel_read_tsc(void) { return __rdtsc(); }

uint64_t kernel_get_tsc_frequency(void) {
  pthread_once(&tsc_once, tsc_calibrate);
  return tsc_frequency;
}

uint64_t kernel_get_process_time_counter(void) {
  pthread_once(&start_once, start_init);
  return __rdtsc() - start_tsc;
}

uint64_t kernel_get_process_time_counter_frequency(void) { return kernel_get_tsc_frequency(); }

/* How a guest clock is read: from a host clock, or the way FreeBSD's kern_clock_gettime
 * derives it (CLOCK_VIRTUAL: the process's user time; CLOCK_PROF: user + system time, both
 * from the resource usage in microseconds; CLOCK_SECOND: the realtime seconds, tv_nsec 0). */
enum clock_rule { CLOCK_RULE_HOST, CLOCK_RULE_USER, CLOCK_RULE_PROF, CLOCK_RULE_SECOND };

/* FreeBSD clock ids (sys/_clock_id.h values) and the console's own (16-19, its "ext"
 * network clocks, which a reimplementation of its kernel reads as the uptime clock: here
 * the host's monotonic clock), the host clock each maps to and its rule. 3 and 6 are
 * unassigned, as in FreeBSD: EINVAL.
 * Resolution (clock_getres) follows FreeBSD too: the host clock's, except 1/hz for VIRTUAL
 * and PROF (FreeBSD's default hz of 1000: the console's hz is not known) and 1 s for SECOND. */
#define GUEST_CLOCKS(X)                                                        \
  X(0, CLOCK_REALTIME, CLOCK_RULE_HOST)            /* REALTIME */              \
  X(1, CLOCK_PROCESS_CPUTIME_ID, CLOCK_RULE_USER)  /* VIRTUAL: user time */    \
  X(2, CLOCK_PROCESS_CPUTIME_ID, CLOCK_RULE_PROF)  /* PROF: user + system */   \
  X(4, CLOCK_MONOTONIC, CLOCK_RULE_HOST)           /* MONOTONIC */             \
  X(5, CLOCK_BOOTTIME, CLOCK_RULE_HOST)            /* UPTIME */                \
  X(7, CLOCK_BOOTTIME, CLOCK_RULE_HOST)            /* UPTIME_PRECISE */        \
  X(8, CLOCK_BOOTTIME, CLOCK_RULE_HOST)            /* UPTIME_FAST */           \
  X(9, CLOCK_REALTIME, CLOCK_RULE_HOST)            /* REALTIME_PRECISE */      \
  X(10, CLOCK_REALTIME_COARSE, CLOCK_RULE_HOST)    /* REALTIME_FAST */         \
  X(11, CLOCK_MONOTONIC, CLOCK_RULE_HOST)          /* MONOTONIC_PRECISE */     \
  X(12, CLOCK_MONOTONIC_COARSE, CLOCK_RULE_HOST)   /* MONOTONIC_FAST */        \
  X(13, CLOCK_REALTIME, CLOCK_RULE_SECOND)         /* SECOND: whole seconds */ \
  X(14, CLOCK_THREAD_CPUTIME_ID, CLOCK_RULE_HOST)  /* THREAD_CPUTIME_ID */     \
  X(15, CLOCK_PROCESS_CPUTIME_ID, CLOCK_RULE_HOST) /* PROCTIME */              \
  X(16, CLOCK_MONOTONIC, CLOCK_RULE_HOST)          /* EXT_NETWORK */           \
  X(17, CLOCK_MONOTONIC, CLOCK_RULE_HOST)          /* EXT_DEBUG_NETWORK */     \
  X(18, CLOCK_MONOTONIC, CLOCK_RULE_HOST)          /* EXT_AD_NETWORK */        \
  X(19, CLOCK_MONOTONIC, CLOCK_RULE_HOST)          /* EXT_RAW_NETWORK */

#define CLOCK_HZ 1000 /* FreeBSD's default kern.hz: VIRTUAL and PROF tick at 1/hz */

static int clock_host(int id, clockid_t *out, enum clock_rule *rule) {
  switch (id) {
#define CLOCK_CASE_(g, h, r) \
  case g:                    \
    *out = h;                \
    *rule = r;               \
    return 0;
    GUEST_CLOCKS(CLOCK_CASE_)
#undef CLOCK_CASE_
  }
  return -GUEST_EINVAL;
}

int64_t kernel_clock_get(int clock_id, struct guest_timespec *tp) {
  clockid_t hc;
  enum clock_rule rule;
  if (clock_host(clock_id, &hc, &rule) != 0) return -GUEST_EINVAL;
  if (!tp) return -GUEST_EFAULT;
  if (rule == CLOCK_RULE_USER || rule == CLOCK_RULE_PROF) {
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return -hle_errno_from_host(errno);
    int64_t us = (int64_t)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec;
    if (rule == CLOCK_RULE_PROF) us += (int64_t)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec;
    tp->tv_sec = us / 1000000;
    tp->tv_nsec = us % 1000000 * 1000;
    return 0;
  }
  struct timespec ts;
  if (clock_gettime(hc, &ts) != 0) return -hle_errno_from_host(errno);
  tp->tv_sec = ts.tv_sec;
  tp->tv_nsec = rule == CLOCK_RULE_SECOND ? 0 : ts.tv_nsec;
  return 0;
}

int kernel_clock_gettime(int clock_id, struct guest_timespec *tp) {
  return (int)hle_posix_result(kernel_clock_get(clock_id, tp));
}

int kernel_sce_clock_gettime(int clock_id, struct guest_timespec *tp) {
  return (int)hle_sce_result(kernel_clock_get(clock_id, tp));
}

static int clock_res(int clock_id, struct guest_timespec *tp) {
  clockid_t hc;
  enum clock_rule rule;
  if (clock_host(clock_id, &hc, &rule) != 0) return -GUEST_EINVAL;
  struct timespec ts;
  if (rule == CLOCK_RULE_USER || rule == CLOCK_RULE_PROF)
    ts = (struct timespec){0, (1000000000 + CLOCK_HZ - 1) / CLOCK_HZ};
  else if (rule == CLOCK_RULE_SECOND) ts = (struct timespec){1, 0};
  else if (clock_getres(hc, &ts) != 0) return -hle_errno_from_host(errno);
  if (tp) { /* NULL is allowed: only validates the clock */
    tp->tv_sec = ts.tv_sec;
    tp->tv_nsec = ts.tv_nsec;
  }
  return 0;
}

int kernel_clock_getres(int clock_id, struct guest_timespec *tp) {
  return (int)hle_posix_result(clock_res(clock_id, tp));
}

int kernel_sce_clock_getres(int clock_id, struct guest_timespec *tp) {
  return (int)hle_sce_result(clock_res(clock_id, tp));
}

int64_t kernel_time_of_day(struct guest_timeval *tv) {
  if (!tv) return -GUEST_EFAULT;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  tv->tv_sec = ts.tv_sec;
  tv->tv_usec = ts.tv_nsec / 1000;
  return 0;
}

int kernel_gettimeofday(struct guest_timeval *tv, struct guest_timezone *tz) {
  if (tv) kernel_time_of_day(tv); /* a NULL timeval is simply not filled (FreeBSD) */
  if (tz) {                       /* FreeBSD's gettimeofday(2) fills an obsolete zero timezone */
    tz->tz_minuteswest = 0;
    tz->tz_dsttime = 0;
  }
  return 0;
}

int kernel_sce_gettimeofday(struct guest_timeval *tv) {
  return (int)hle_sce_result(kernel_time_of_day(tv));
}

int64_t kernel_time(int64_t *out) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  if (out) *out = ts.tv_sec;
  return ts.tv_sec;
}
