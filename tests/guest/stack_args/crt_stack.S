/* A second crt, in the way FreeBSD's and other start code for a fresh process works: it
 * reads argc, argv, envp and the auxiliary vector from the stack pointer at entry instead
 * of the console's params block in rdi. It hands the C side the entry's rsp, rdi and rdx
 * (the function the psABI says to register with atexit), and whether rsp was 16-aligned. */
  .text
  .globl stack_start
  .type stack_start,@function
stack_start:
  .cfi_startproc
  .cfi_undefined rip
  mov %rsp, %r8
  mov %rdi, %r9
  mov %rsp, %rdi        /* argument 1: the argument block */
  mov %r9, %rsi         /* argument 2: rdi at entry */
  /* rdx (argument 3) is already the exit function */
  xor %ecx, %ecx
  test $15, %r8
  sete %cl              /* argument 4: rsp was 16-aligned */
  xorl %ebp, %ebp
  andq $-16, %rsp
  call stack_crt_main
  ud2
  .cfi_endproc
  .size stack_start, .-stack_start

  .section .note.GNU-stack,"",@progbits
