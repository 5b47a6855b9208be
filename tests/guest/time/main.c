/* Guest time: usleep/sceKernelUsleep sleep at least as long as asked, process time and the
 * TSC are monotonic and agree with each other. Prints pass/fail facts only. */
#include <kernel.h>
#include <stdio.h>
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
  int agree = counter_us >= 0.8 * (double)(t1 - t0) && counter_us <= 1.25 * (double)(t1 - t0) + 2000;
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

  SceKernelTimespec ts;
  int rc = sceKernelClockGettime(4, &ts);
  printf("sceKernelClockGettime(MONOTONIC): %d, bad clock: %#x\n", rc,
         (unsigned)sceKernelClockGettime(12345, &ts));
  return failures;
}
