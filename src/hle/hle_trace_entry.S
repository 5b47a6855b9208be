/* Common body of the tracing thunks (see hle_trace.h).
 * In:  r11 = struct hle_trace_site *, [rsp] = the caller's return address, argument
 *      registers exactly as the caller set them (al = vector register count for varargs).
 * The caller's return address is parked on a per-thread shadow stack by
 * hle_trace_on_enter and the real function is called with rsp where the caller left it,
 * so stack-passed arguments keep their offsets. */
        .text
        .globl  hle_trace_entry
        .type   hle_trace_entry, @function
hle_trace_entry:
        /* Frame (208 bytes incl. the return address, so rsp becomes 16-aligned):
         *   0..127 xmm0-7, 128 rdi, 136 rsi, 144 rdx, 152 rcx, 160 r8, 168 r9, 176 rax,
         *   184..199 padding, 200 caller return address */
        sub     $200, %rsp
        movdqu  %xmm0, 0(%rsp)
        movdqu  %xmm1, 16(%rsp)
        movdqu  %xmm2, 32(%rsp)
        movdqu  %xmm3, 48(%rsp)
        movdqu  %xmm4, 64(%rsp)
        movdqu  %xmm5, 80(%rsp)
        movdqu  %xmm6, 96(%rsp)
        movdqu  %xmm7, 112(%rsp)
        mov     %rdi, 128(%rsp)
        mov     %rsi, 136(%rsp)
        mov     %rdx, 144(%rsp)
        mov     %rcx, 152(%rsp)
        mov     %r8, 160(%rsp)
        mov     %r9, 168(%rsp)
        mov     %rax, 176(%rsp)
        mov     %r11, %rdi              /* site */
        lea     128(%rsp), %rsi         /* integer argument registers rdi..r9 */
        mov     200(%rsp), %rdx         /* caller return address */
        call    hle_trace_on_enter      /* returns the real function */
        mov     %rax, %r11
        movdqu  0(%rsp), %xmm0
        movdqu  16(%rsp), %xmm1
        movdqu  32(%rsp), %xmm2
        movdqu  48(%rsp), %xmm3
        movdqu  64(%rsp), %xmm4
        movdqu  80(%rsp), %xmm5
        movdqu  96(%rsp), %xmm6
        movdqu  112(%rsp), %xmm7
        mov     128(%rsp), %rdi
        mov     136(%rsp), %rsi
        mov     144(%rsp), %rdx
        mov     152(%rsp), %rcx
        mov     160(%rsp), %r8
        mov     168(%rsp), %r9
        mov     176(%rsp), %rax
        add     $208, %rsp              /* drop the frame and the caller's return address */
        call    *%r11
        /* Back: rsp = entry rsp + 8 (16-aligned). Frame of 80 bytes: 0 rax, 8 rdx,
         * 16 xmm0, 32 xmm1, 72 = the slot the caller's return address goes back into. */
        sub     $80, %rsp
        mov     %rax, 0(%rsp)
        mov     %rdx, 8(%rsp)
        movdqu  %xmm0, 16(%rsp)
        movdqu  %xmm1, 32(%rsp)
        mov     %rax, %rdi
        call    hle_trace_on_leave      /* returns the caller's return address */
        mov     %rax, 72(%rsp)
        mov     0(%rsp), %rax
        mov     8(%rsp), %rdx
        movdqu  16(%rsp), %xmm0
        movdqu  32(%rsp), %xmm1
        add     $72, %rsp
        ret
        .size   hle_trace_entry, . - hle_trace_entry

        .section .note.GNU-stack, "", @progbits
