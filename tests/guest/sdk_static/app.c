/* A guest in the form the public PS5 homebrew SDK builds installable apps: freestanding C,
 * raw FreeBSD system calls through inline asm, no imports, linked --static with a linker
 * script (app.x) and wrapped as is into a fake-signed SELF. Its log goes through system call
 * 601 (mdbg_service) command 7, the kernel's debug-text output (or write(2) to stdout with
 * -DKLOG_VIA_WRITE). */
static long sys3(long n, long a, long b, long c) {
  long r;
  __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c) : "rcx", "r11", "memory");
  return r;
}

static const char greeting[] = "Hello from a static app\n";
static const char *table[] = {"pointer in data reaches rodata\n"}; /* absolute address */
static int counter = 41;                                            /* data segment */
static char zeroed[64];                                             /* bss */

static unsigned long length(const char *s) {
  unsigned long n = 0;
  while (s[n]) n++;
  return n;
}

/* The app's log, as the SDK's sample writes it: mdbg_service (601) command 7. Built with
 * -DKLOG_VIA_WRITE it uses write(2) to stdout instead. */
static void klog(const char *s) {
#ifdef KLOG_VIA_WRITE
  sys3(4, 1, (long)s, (long)length(s));
#else
  sys3(601, 7, (long)s, 0);
#endif
}

static int run(void) {
  klog(greeting);
  klog(table[0]);
  for (unsigned i = 0; i < sizeof zeroed; i++)
    if (zeroed[i]) return 1;
  counter++;
  sys3(4, 1, (long)"write(2) still reaches stdout\n", 30);
  return counter; /* 42 */
}

/* entered by a jump with a 16-byte aligned stack, as the console does: realign for C */
__attribute__((force_align_arg_pointer)) void _start(void) {
  sys3(1, run(), 0, 0); /* exit */
  __builtin_trap();
}
