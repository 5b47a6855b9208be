/* The two stack switches of process start, in assembly because C cannot move rsp:
 *
 * loader_call_on_stack(top, fn, arg): rsp = top (16-aligned), calls fn(arg); fn never returns.
 * loader_jump_entry(entry, params, exit_fn, sp): enters the executable as the console's
 *   (FreeBSD's) kernel does: a jump, not a call, with rsp = sp at the argument block (argc,
 *   argv, NULL, envp, NULL, auxv: loader.c build_entry_block), rdi = params (the same block,
 *   read as the console's {i32 argc; u32 pad; argv[]}), rsi = exit_fn (the Sony crt
 *   registers it with atexit) and rdx = exit_fn too (the x86-64 psABI's place for the
 *   function to register), rbp = 0 (outermost frame). There is no return address: the entry
 *   never returns (its start code calls exit). */
#include <stdint.h>

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
        "  mov %rdi, %rax\n"
        "  mov %rsi, %rdi\n"
        "  mov %rdx, %rsi\n"
        "  xor %ebp, %ebp\n"
        "  xor %ecx, %ecx\n"
        "  jmp *%rax\n"
        ".size loader_jump_entry, .-loader_jump_entry\n");
