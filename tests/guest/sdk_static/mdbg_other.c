/* System call 601 with commands other than 7: FreeBSD's error convention (carry set, errno
 * in rax) with ENOSYS (78), also when repeated; command 7 prints, or EFAULT (14). */
static long sys3(long n, long a, long b, long c, int *carry) {
  long r;
  unsigned char cf;
  __asm__ volatile("syscall; setc %1"
                   : "=a"(r), "=q"(cf)
                   : "a"(n), "D"(a), "S"(b), "d"(c)
                   : "rcx", "r11", "memory");
  *carry = cf;
  return r;
}

/* The same call in FreeBSD libc's form (mov %rcx,%r10; syscall), which the loader patches
 * into a direct gate placed after the image: after a fixed low image, in the low band. */
static long sys3_libc_form(long n, long a, long b, long c) {
  long r;
  __asm__ volatile("mov %%rcx, %%r10\n\tsyscall"
                   : "=a"(r)
                   : "a"(n), "D"(a), "S"(b), "d"(c), "c"(0L)
                   : "r10", "r11", "memory");
  return r;
}

static int run(void) {
  int carry;
  long r = sys3(601, 3, 0, 0, &carry);
  if (!carry || r != 78) return 1;
  r = sys3(601, 3, 0, 0, &carry);
  if (!carry || r != 78) return 2;
  r = sys3(601, 7, (long)"only command 7 prints\n", 0, &carry);
  if (carry || r != 0) return 3;
  r = sys3(601, 7, 8, 0, &carry); /* unreadable text */
  if (!carry || r != 14) return 4;
  if (sys3_libc_form(601, 7, (long)"through a direct gate\n", 0) != 0) return 5;
  return 0;
}

__attribute__((force_align_arg_pointer)) void _start(void) {
  int carry;
  sys3(1, run(), 0, 0, &carry);
  __builtin_trap();
}
