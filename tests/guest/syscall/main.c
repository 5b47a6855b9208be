/* Raw FreeBSD system calls never reach the host: write(2) to stdout is emulated at the trap,
 * getpid(2) is not and stops the guest with a contained report. */
static long raw_syscall3(long n, long a, long b, long c) {
  long r;
  __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
  return r;
}

int main(void) {
  static const char msg[] = "raw write reached stdout\n";
  long n = raw_syscall3(4 /* write */, 1, (long)msg, sizeof msg - 1);
  if (n != (long)sizeof msg - 1) return 1;
  raw_syscall3(20 /* getpid */, 0, 0, 0);
  raw_syscall3(4, 1, (long)"not reached\n", 12);
  return 0;
}
