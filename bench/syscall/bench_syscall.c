/* Cost of a guest system call trapped at a rewritten `syscall` site (SIGILL, dispatch
 * through the table, sigreturn) against the same host system call issued directly, in the
 * same run, and the same calls in libc's form, which the loader patches into direct gates
 * (loader/syscall_gate.h). Goal for the gated calls: within 2 us, so a few hundred calls per
 * frame (clocks, umtx wake-ups) stay under a tenth of a 60 Hz frame.
 *   bench_syscall PROSPERO GAME_FOLDER */
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../bench_goal.h"
#include "../bench_guest.h"

#define CALLS 1000000
#define GOAL_NS 2000.0

static double host_ns(long nr) {
  double best = 1e30;
  struct timespec ts;
  for (int run = 0; run < 3; run++) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int i = 0; i < CALLS; i++) syscall(nr, CLOCK_MONOTONIC, &ts);
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ns = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / CALLS;
    if (ns < best) best = ns;
  }
  return best;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PROSPERO GAME_FOLDER\n", argv[0]);
    return 64;
  }
  double host_pid = host_ns(SYS_getpid), host_clock = host_ns(SYS_clock_gettime);
  FILE *p = bench_guest_open(argv[1], argv[2]);
  if (!p) return 1;
  char line[256];
  double pid = -1, clock = -1, gpid = -1, gclock = -1;
  while (fgets(line, sizeof line, p)) {
    sscanf(line, "guest_getpid_ns %lf", &pid);
    sscanf(line, "guest_clock_gettime_ns %lf", &clock);
    sscanf(line, "gate_getpid_ns %lf", &gpid);
    sscanf(line, "gate_clock_gettime_ns %lf", &gclock);
  }
  int status = pclose(p);
  if (pid < 0 || clock < 0 || gpid < 0 || gclock < 0 || status != 0) {
    fprintf(stderr, "bench_syscall: the guest did not report (status %d)\n", status);
    return 1;
  }
  /* the figure first: the libc-form call through a direct gate */
  bench_goal("syscall", gpid <= GOAL_NS && gclock <= GOAL_NS, "<= 2000 ns",
             "gated getpid %.0f ns/call (%.1fx the host's), gated clock_gettime %.0f ns/call",
             gpid, gpid / host_pid, gclock);
  printf("syscall: trapped getpid (bare syscall, SIGILL round trip) %.0f ns/call, host getpid "
         "%.1f ns/call, ratio %.1fx\n", pid, host_pid, pid / host_pid);
  printf("syscall: trapped clock_gettime %.0f ns/call, host (raw syscall) %.1f ns/call, ratio "
         "%.1fx\n", clock, host_clock, clock / host_clock);
  return 0;
}
