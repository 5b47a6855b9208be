/* Common body of the tracing thunks (see hle_trace.h), as file-scope assembly.
 * In:  r11 = struct hle_trace_site *, [rsp] = the caller's return address, argument
 *      registers exactly as the caller set them (al = vector register count for varargs).
 * The caller's return address is parked on a per-thread shadow stack by
 * hle_trace_on_enter and the real function is called with rsp where the caller left it,
 * so stack-passed arguments keep their offsets. */
__asm__(
    "        .text\n"
    "        .globl  hle_trace_entry\n"
    "        .type   hle_trace_entry, @function\n"
    "hle_trace_entry:\n"
    /* Frame (208 bytes incl. the return address, so rsp becomes 16-aligned):
     *   0..127 xmm0-7, 128 rdi, 136 rsi, 144 rdx, 152 rcx, 160 r8, 168 r9, 176 rax,
     *   184..199 padding, 200 caller return address */
    "        sub     $200, %rsp\n"
    "        movdqu  %xmm0, 0(%rsp)\n"
    "        movdqu  %xmm1, 16(%rsp)\n"
    "        movdqu  %xmm2, 32(%rsp)\n"
    "        movdqu  %xmm3, 48(%rsp)\n"
    "        movdqu  %xmm4, 64(%rsp)\n"
    "        movdqu  %xmm5, 80(%rsp)\n"
    "        movdqu  %xmm6, 96(%rsp)\n"
    "        movdqu  %xmm7, 112(%rsp)\n"
    "        mov     %rdi, 128(%rsp)\n"
    "        mov     %rsi, 136(%rsp)\n"
    "        mov     %rdx, 144(%rsp)\n"
    "        mov     %rcx, 152(%rsp)\n"
    "        mov     %r8, 160(%rsp)\n"
    "        mov     %r9, 168(%rsp)\n"
    "        mov     %rax, 176(%rsp)\n"
    "        mov     %r11, %rdi\n" /* site */
    "        lea     128(%rsp), %rsi\n" /* integer argument registers rdi..r9 */
    "        mov     200(%rsp), %rdx\n" /* caller return address */
    "        call    hle_trace_on_enter@PLT\n" /* returns the real function */
    "        mov     %rax, %r11\n"
    "        movdqu  0(%rsp), %xmm0\n"
    "        movdqu  16(%rsp), %xmm1\n"
    "        movdqu  32(%rsp), %xmm2\n"
    "        movdqu  48(%rsp), %xmm3\n"
    "        movdqu  64(%rsp), %xmm4\n"
    "        movdqu  80(%rsp), %xmm5\n"
    "        movdqu  96(%rsp), %xmm6\n"
    "        movdqu  112(%rsp), %xmm7\n"
    "        mov     128(%rsp), %rdi\n"
    "        mov     136(%rsp), %rsi\n"
    "        mov     144(%rsp), %rdx\n"
    "        mov     152(%rsp), %rcx\n"
    "        mov     160(%rsp), %r8\n"
    "        mov     168(%rsp), %r9\n"
    "        mov     176(%rsp), %rax\n"
    "        add     $208, %rsp\n" /* drop the frame and the caller's return address */
    "        call    *%r11\n"
    /* Back: rsp = entry rsp + 8 (16-aligned). Frame of 80 bytes: 0 rax, 8 rdx,
     * 16 xmm0, 32 xmm1, 72 = the slot the caller's return address goes back into. */
    "        sub     $80, %rsp\n"
    "        mov     %rax, 0(%rsp)\n"
    "        mov     %rdx, 8(%rsp)\n"
    "        movdqu  %xmm0, 16(%rsp)\n"
    "        movdqu  %xmm1, 32(%rsp)\n"
    "        mov     %rax, %rdi\n"
    "        call    hle_trace_on_leave@PLT\n" /* returns the caller's return address */
    "        mov     %rax, 72(%rsp)\n"
    "        mov     0(%rsp), %rax\n"
    "        mov     8(%rsp), %rdx\n"
    "        movdqu  16(%rsp), %xmm0\n"
    "        movdqu  32(%rsp), %xmm1\n"
    "        add     $72, %rsp\n"
    "        ret\n"
    "        .size   hle_trace_entry, . - hle_trace_entry\n"
);
