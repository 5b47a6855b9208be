/* System calls the load-time rewriter cannot see: their bytes hide inside a `mov eax, imm32`
 * (B8 0F 05 C3 90), so the decoder reads a mov there and leaves them alone. Calling one byte
 * in executes 0F 05 (syscall) then C3 (ret). Run with --seccomp: the safety net traps them;
 * write(2) to stdout is emulated, getpid(2) stops the guest with a report. */
__asm__(".text\n"
        ".globl hidden_syscall\n"
        "hidden_syscall:\n"
        "  .byte 0xB8, 0x0F, 0x05, 0xC3, 0x90\n");
extern char hidden_syscall[];

static long call_hidden(long nr, long a, long b, long c) {
  long r;
  __asm__ volatile("call *%[f]"
                   : "=a"(r)
                   : "a"(nr), "D"(a), "S"(b), "d"(c), [f] "r"(hidden_syscall + 1)
                   : "rcx", "r11", "memory");
  return r;
}

int main(void) {
  static const char msg[] = "hidden write trapped and emulated\n";
  if (call_hidden(4 /* write */, 1, (long)msg, sizeof msg - 1) != (long)sizeof msg - 1) return 1;
  call_hidden(20 /* getpid */, 0, 0, 0);
  return 2; /* not reached */
}
