/* The two stack switches of process start, in assembly because C cannot move rsp:
 *
 * loader_call_on_stack(top, fn, arg): rsp = top (16-aligned), calls fn(arg); fn never returns.
 * loader_jump_entry(entry, params, exit_fn, sp): rsp = sp, pushes the address of a landing
 *   pad as a return address (so the entry sees a normal call frame), rdi = params,
 *   rsi = exit_fn, rbp = 0, jumps to entry. If the entry returns, its eax is the exit
 *   status handed to process_exit. */
#include <stdint.h>

#include "loader/process.h"

void loader_entry_returned(int status);
void loader_entry_returned(int status) { process_exit(status); }

__asm__(".text\n"
        ".globl loader_call_on_stack\n"
        ".type loader_call_on_stack,@function\n"
        "loader_call_on_stack:\n"
        "  mov %rdi, %rsp\n"
        "  and $-16, %rsp\n"
        "  mov %rdx, %rdi\n"
        "  xor %ebp, %ebp\n"
        "  call *%rsi\n"
        "  ud2\n"
        ".size loader_call_on_stack, .-loader_call_on_stack\n"
        ".globl loader_jump_entry\n"
        ".type loader_jump_entry,@function\n"
        "loader_jump_entry:\n"
        "  mov %rcx, %rsp\n"
        "  and $-16, %rsp\n"
        "  lea loader_entry_landing(%rip), %rax\n"
        "  push %rax\n"
        "  mov %rdi, %rax\n"
        "  mov %rsi, %rdi\n"
        "  mov %rdx, %rsi\n"
        "  xor %ebp, %ebp\n"
        "  jmp *%rax\n"
        "loader_entry_landing:\n"
        "  mov %eax, %edi\n"
        "  and $-16, %rsp\n"
        "  call loader_entry_returned\n"
        "  ud2\n"
        ".size loader_jump_entry, .-loader_jump_entry\n");
