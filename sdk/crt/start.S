/* Guest executable entry point (FreeBSD crt1 convention, as the Sony loader calls it):
 *   rdi = pointer to the entry parameters {int argc; u32 pad; const char *argv[]}
 *   rsi = exit function to register with atexit (the loader's fini work)
 * The loader jumps here with rsp at the argument block (argc, argv, envp, auxv), which is
 * the same memory as the parameters; this crt reads rdi (see docs/ARCHITECTURE.md).
 * The stack is realigned to 16 bytes and the frame chain ends here (rbp = 0). */
  .text
  .globl _start
  .type _start,@function
_start:
  .cfi_startproc
  .cfi_undefined rip
  xorl %ebp, %ebp
  andq $-16, %rsp
  call prospero_crt_start
  ud2
  .cfi_endproc
  .size _start, .-_start

  .section .note.GNU-stack,"",@progbits
