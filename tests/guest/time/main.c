/* Guest time: usleep/sceKernelUsleep sleep at least as long as asked, process time and the
 * TSC are monotonic and agree with each other; the FreeBSD clocks (SECOND, VIRTUAL, PROF)
 * and gettimeofday's timezone answer as FreeBSD documents; sceKernelSleep sleeps whole
 * seconds. Prints pass/fail facts only. */
#include <errno.h>
#include <kernel.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

int main(void) {
  int failures = 0;
  uint64_t t0 = sceKernelGetProcessTime();
  uint64_t c0 = sceKernelGetProcessTimeCounter();
  uint64_t tsc0 = sceKernelReadTsc();
  int r1 = usleep(20000);
  int r2 = sceKernelUsleep(10000);
  uint64_t t1 = sceKernelGetProcessTime();
  uint64_t c1 = sceKernelGetProcessTimeCounter();
  uint64_t tsc1 = sceKernelReadTsc();
  printf("usleep returned %d, sceKernelUsleep returned %d\n", r1, r2);
  int slept = t1 - t0 >= 30000;
  printf("process time advanced by at least 30 ms: %s\n", slept ? "yes" : "no");
  failures += !slept;

  uint64_t f = sceKernelGetProcessTimeCounterFrequency();
  double counter_us = (double)(c1 - c0) * 1e6 / (double)f;
  int agree =
      counter_us >= 0.8 * (double)(t1 - t0) && counter_us <= 1.25 * (double)(t1 - t0) + 2000;
  printf("process time counter agrees with process time: %s\n", agree ? "yes" : "no");
  failures += !agree;
  int tsc_ok = tsc1 > tsc0 && sceKernelGetTscFrequency() > 100000000u;
  printf("TSC advances, frequency above 100 MHz: %s\n", tsc_ok ? "yes" : "no");
  failures += !tsc_ok;

  int monotonic = 1;
  uint64_t prev = sceKernelGetProcessTime();
  for (int i = 0; i < 100000; i++) {
    uint64_t now = sceKernelGetProcessTime();
    monotonic &= now >= prev;
    prev = now;
  }
  printf("process time monotonic over 100000 reads: %s\n", monotonic ? "yes" : "no");
  failures += !monotonic;

  struct timespec a, b, req = {0, 5000000};
  int rc1 = clock_gettime(CLOCK_MONOTONIC, &a);
  int rc2 = nanosleep(&req, NULL);
  int rc3 = clock_gettime(CLOCK_MONOTONIC, &b);
  long long ns = (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
  printf("clock_gettime/nanosleep: %d %d %d, slept at least 5 ms: %s\n", rc1, rc2, rc3,
         ns >= 5000000 ? "yes" : "no");
  failures += ns < 5000000;
  req.tv_nsec = 1000000000;
  printf("nanosleep with tv_nsec = 1e9: %d\n", nanosleep(&req, NULL));

  /* FreeBSD nanosleep(2): the remaining time is written only when a signal ends the sleep
   * (EINTR); a sleep that runs its course leaves it as it was. Bad requests: EINVAL for
   * tv_nsec outside [0, 1e9) or a negative time, EFAULT for a null request. */
  struct timespec left = {77, 77};
  req.tv_sec = 0;
  req.tv_nsec = 2000000;
  int rn = nanosleep(&req, &left);
  int untouched = rn == 0 && left.tv_sec == 77 && left.tv_nsec == 77;
  printf("nanosleep leaves the remaining time alone when it completes: %s\n",
         untouched ? "yes" : "no");
  failures += !untouched;
  req.tv_sec = -1;
  req.tv_nsec = 0;
  errno = 0;
  int rneg = nanosleep(&req, NULL);
  printf("nanosleep with tv_sec = -1: %d errno EINVAL: %s\n", rneg, errno == EINVAL ? "yes" : "no");
  SceKernelTimespec kreq = {0, 3000000}, kleft = {55, 55};
  rc1 = clock_gettime(CLOCK_MONOTONIC, &a);
  int rk = sceKernelNanosleep(&kreq, &kleft);
  clock_gettime(CLOCK_MONOTONIC, &b);
  ns = (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
  int k_ok = rk == 0 && ns >= 3000000 && kleft.tv_sec == 55 && kleft.tv_nsec == 55;
  printf("sceKernelNanosleep(3 ms): %d, slept at least 3 ms, remaining time alone: %s\n", rk,
         k_ok ? "yes" : "no");
  failures += !k_ok;
  kreq.tv_nsec = -1;
  printf("sceKernelNanosleep bad tv_nsec: %#x, null request: %#x\n",
         (unsigned)sceKernelNanosleep(&kreq, NULL), (unsigned)sceKernelNanosleep(NULL, NULL));

  SceKernelTimespec ts;
  int rc = sceKernelClockGettime(4, &ts);
  printf("sceKernelClockGettime(MONOTONIC): %d, bad clock: %#x\n", rc,
         (unsigned)sceKernelClockGettime(12345, &ts));

  /* FreeBSD's answers: CLOCK_SECOND is whole seconds of the realtime clock (resolution 1 s),
   * CLOCK_VIRTUAL user time and CLOCK_PROF user + system time (resolution 1/hz),
   * gettimeofday fills a zero timezone */
  struct timespec sec, res;
  struct timeval tv;
  struct timezone tz = {123, 456};
  int rs = clock_gettime(CLOCK_SECOND, &sec);
  int rg = gettimeofday(&tv, &tz);
  int second_ok = rs == 0 && sec.tv_nsec == 0 && rg == 0 &&
                  (sec.tv_sec == tv.tv_sec || sec.tv_sec + 1 == tv.tv_sec);
  printf("CLOCK_SECOND: whole seconds of the time of day: %s\n", second_ok ? "yes" : "no");
  failures += !second_ok;
  int res_ok = clock_getres(CLOCK_SECOND, &res) == 0 && res.tv_sec == 1 && res.tv_nsec == 0;
  printf("CLOCK_SECOND resolution 1 s: %s\n", res_ok ? "yes" : "no");
  failures += !res_ok;
  printf("gettimeofday timezone: %d %d\n", tz.tz_minuteswest, tz.tz_dsttime);
  failures += tz.tz_minuteswest != 0 || tz.tz_dsttime != 0;

  struct timespec cpu0, cpu1, user, prof;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu0);
  volatile unsigned long x = 1;
  do {
    for (int i = 0; i < 100000; i++) x = x * 6364136223846793005ul + 1;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu1);
  } while ((cpu1.tv_sec - cpu0.tv_sec) * 1000 + (cpu1.tv_nsec - cpu0.tv_nsec) / 1000000 < 30);
  int rv = clock_gettime(CLOCK_VIRTUAL, &user), rp = clock_gettime(CLOCK_PROF, &prof);
  long long user_ns = (long long)user.tv_sec * 1000000000LL + user.tv_nsec;
  long long prof_ns = (long long)prof.tv_sec * 1000000000LL + prof.tv_nsec;
  /* The host splits CPU time into user and system time by sampling ticks, so only the sum
   * (PROF) is exact: it holds the 30 ms just spent, and the user share is some of it. */
  int virt_ok = rv == 0 && rp == 0 && prof_ns >= 20000000 && user_ns > 0 && prof_ns >= user_ns &&
                user.tv_nsec % 1000 == 0;
  printf("CLOCK_VIRTUAL counts user time, CLOCK_PROF at least as much: %s\n",
         virt_ok ? "yes" : "no");
  failures += !virt_ok;
  int vres_ok = clock_getres(CLOCK_VIRTUAL, &res) == 0 && res.tv_sec == 0 && res.tv_nsec == 1000000;
  printf("CLOCK_VIRTUAL resolution 1 ms (hz 1000): %s\n", vres_ok ? "yes" : "no");
  failures += !vres_ok;

  /* Every clock id the console defines answers (FreeBSD's 0-15 without the unassigned 3 and
   * 6, and the console's network clocks 16-19); 3, 6 and ids past 19 are EINVAL. */
  int ids_ok = 1;
  for (int id = 0; id <= CLOCK_EXT_RAW_NETWORK; id++) {
    if (id == 3 || id == 6) continue;
    struct timespec t = {-1, -1}, r = {-1, -1};
    ids_ok &= clock_gettime(id, &t) == 0 && t.tv_sec >= 0 && t.tv_nsec >= 0 &&
              t.tv_nsec < 1000000000 && clock_getres(id, &r) == 0 &&
              (r.tv_sec > 0 || r.tv_nsec > 0);
  }
  printf("clock ids 0-2, 4-5, 7-19 answer with a resolution: %s\n", ids_ok ? "yes" : "no");
  failures += !ids_ok;
  printf("clock ids 3, 6, 20: %#x %#x %#x\n", (unsigned)sceKernelClockGettime(3, &ts),
         (unsigned)sceKernelClockGettime(6, &ts), (unsigned)sceKernelClockGettime(20, &ts));
  struct timespec n0, n1;
  clock_gettime(CLOCK_EXT_NETWORK, &n0);
  usleep(2000);
  clock_gettime(CLOCK_EXT_NETWORK, &n1);
  long long net_ns = (long long)(n1.tv_sec - n0.tv_sec) * 1000000000LL + (n1.tv_nsec - n0.tv_nsec);
  printf("CLOCK_EXT_NETWORK advances with time: %s\n", net_ns >= 2000000 ? "yes" : "no");
  failures += net_ns < 2000000;

  /* sceKernelSleep: whole seconds, 0 on success. */
  uint64_t s0 = sceKernelGetProcessTime();
  int rsl = sceKernelSleep(1);
  uint64_t s1 = sceKernelGetProcessTime();
  int rz = sceKernelSleep(0);
  int sleep_ok = rsl == 0 && rz == 0 && s1 - s0 >= 1000000;
  printf("sceKernelSleep(1) returned %d after at least 1 s: %s; sceKernelSleep(0) returned %d\n",
         rsl, s1 - s0 >= 1000000 ? "yes" : "no", rz);
  failures += !sleep_ok;
  return failures;
}
