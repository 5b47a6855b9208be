/* Guest side of the system call benchmark: `syscall` instructions in a loop, best ns per
 * call of several runs, for getpid (the dispatch alone) and clock_gettime (a call games make
 * every frame). A bare `syscall` is rewritten to a trap; FreeBSD libc's form
 * `mov %rcx,%r10; syscall` is patched into a direct gate (loader/syscall_gate.h). */
#include <kernel.h>
#include <stdio.h>

#define CALLS 100000

__attribute__((noinline)) static long raw(long n, long a, long b) {
  long r;
  __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b) : "rcx", "r11", "memory", "cc");
  return r;
}

/* FreeBSD libc's form (KERNCALL: mov %rcx,%r10; syscall): patched into a direct gate. */
__attribute__((noinline)) static long kerncall(long n, long a, long b) {
  long r;
  __asm__ volatile("mov %%rcx, %%r10\n syscall"
                   : "=a"(r)
                   : "a"(n), "D"(a), "S"(b)
                   : "rcx", "r10", "r11", "memory", "cc");
  return r;
}

static double best_ns(long (*call)(long, long, long), long n, long a, long b, double f) {
  double best = 1e30;
  for (int run = 0; run < 3; run++) {
    uint64_t t0 = sceKernelReadTsc();
    for (int i = 0; i < CALLS; i++) call(n, a, b);
    uint64_t t1 = sceKernelReadTsc();
    double ns = (double)(t1 - t0) * 1e9 / f / CALLS;
    if (ns < best) best = ns;
  }
  return best;
}

int main(void) {
  double f = (double)sceKernelGetTscFrequency();
  long ts[2];
  printf("guest_getpid_ns %.1f\n", best_ns(raw, 20, 0, 0, f));
  printf("guest_clock_gettime_ns %.1f\n", best_ns(raw, 232, 4, (long)ts, f));
  printf("gate_getpid_ns %.1f\n", best_ns(kerncall, 20, 0, 0, f));
  printf("gate_clock_gettime_ns %.1f\n", best_ns(kerncall, 232, 4, (long)ts, f));
  return 0;
}
