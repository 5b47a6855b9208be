/* Direct system call gates (syscall_gate.h). */
#include "loader/syscall_gate.h"

#include <string.h>

#include "common/log.h"
#include "kernel/guest_vm.h"
#include "sce/sce_elf.h"
#include "loader/trap.h"

/* The host gate. Entered from a stub with rax = call number, r11 = site, the guest's
 * argument registers live, rsp 128 bytes below the guest's (red zone skipped). Saves what
 * the guest expects a system call to keep (rdi, rsi, rdx, r8, r9, r10, xmm0-15), calls
 * trap_syscall_direct(n, saved, site, &error) on a 16-aligned stack, restores, and returns
 * with CF = error (neg sets CF when its operand is non-zero; ret keeps the flags). */
__asm__(".text\n"
        ".globl syscall_gate_entry\n"
        ".type syscall_gate_entry,@function\n"
        "syscall_gate_entry:\n"
        "  push %rbp\n"
        "  mov %rsp, %rbp\n"
        "  push %rdi\n"
        "  push %rsi\n"
        "  push %rdx\n"
        "  push %r8\n"
        "  push %r9\n"
        "  push %r10\n"
        "  mov %rsp, %rsi\n"
        "  mov %rax, %rdi\n"
        "  mov %r11, %rdx\n"
        "  and $-16, %rsp\n"
        "  sub $272, %rsp\n"
        "  movdqu %xmm0, 16(%rsp)\n  movdqu %xmm1, 32(%rsp)\n  movdqu %xmm2, 48(%rsp)\n"
        "  movdqu %xmm3, 64(%rsp)\n  movdqu %xmm4, 80(%rsp)\n  movdqu %xmm5, 96(%rsp)\n"
        "  movdqu %xmm6, 112(%rsp)\n  movdqu %xmm7, 128(%rsp)\n  movdqu %xmm8, 144(%rsp)\n"
        "  movdqu %xmm9, 160(%rsp)\n  movdqu %xmm10, 176(%rsp)\n  movdqu %xmm11, 192(%rsp)\n"
        "  movdqu %xmm12, 208(%rsp)\n  movdqu %xmm13, 224(%rsp)\n  movdqu %xmm14, 240(%rsp)\n"
        "  movdqu %xmm15, 256(%rsp)\n"
        "  mov %rsp, %rcx\n"
        "  call trap_syscall_direct@PLT\n"
        "  mov (%rsp), %r11\n"
        "  movdqu 16(%rsp), %xmm0\n  movdqu 32(%rsp), %xmm1\n  movdqu 48(%rsp), %xmm2\n"
        "  movdqu 64(%rsp), %xmm3\n  movdqu 80(%rsp), %xmm4\n  movdqu 96(%rsp), %xmm5\n"
        "  movdqu 112(%rsp), %xmm6\n  movdqu 128(%rsp), %xmm7\n  movdqu 144(%rsp), %xmm8\n"
        "  movdqu 160(%rsp), %xmm9\n  movdqu 176(%rsp), %xmm10\n  movdqu 192(%rsp), %xmm11\n"
        "  movdqu 208(%rsp), %xmm12\n  movdqu 224(%rsp), %xmm13\n  movdqu 240(%rsp), %xmm14\n"
        "  movdqu 256(%rsp), %xmm15\n"
        "  lea -48(%rbp), %rsp\n"
        "  pop %r10\n"
        "  pop %r9\n"
        "  pop %r8\n"
        "  pop %rdx\n"
        "  pop %rsi\n"
        "  pop %rdi\n"
        "  pop %rbp\n"
        "  neg %r11\n"
        "  ret\n"
        ".size syscall_gate_entry, .-syscall_gate_entry\n");

void syscall_gate_entry(void);

#define STUB_SIZE 48
#define SITE_LEN 5 /* mov %rcx,%r10 (3) + the rewritten syscall (2) */
#define MODULE_SLOT (256ull << 20) /* modules start on 256 MiB boundaries (FACTS.md) */

static const uint8_t site_pattern[SITE_LEN] = {0x49, 0x89, 0xCA, 0x0F, 0x0B}; /* after rewrite */

/* One stub: mov %rcx,%r10; lea -128(%rsp),%rsp; movabs $site,%r11; movabs $gate,%rcx;
 * call *%rcx; lea 128(%rsp),%rsp; jmp back (rel32). */
static void stub_emit(uint8_t *t, uint64_t t_addr, uint64_t site, uint64_t back) {
  uint64_t gate = (uint64_t)(uintptr_t)syscall_gate_entry;
  uint8_t c[] = {0x49, 0x89, 0xCA,                         /* mov %rcx,%r10 */
                 0x48, 0x8D, 0x64, 0x24, 0x80,             /* lea -128(%rsp),%rsp */
                 0x49, 0xBB, 0, 0, 0, 0, 0, 0, 0, 0,       /* movabs $site,%r11 */
                 0x48, 0xB9, 0, 0, 0, 0, 0, 0, 0, 0,       /* movabs $gate,%rcx */
                 0xFF, 0xD1,                               /* call *%rcx */
                 0x48, 0x8D, 0xA4, 0x24, 0x80, 0, 0, 0,    /* lea 128(%rsp),%rsp */
                 0xE9, 0, 0, 0, 0};                        /* jmp back */
  memcpy(c + 10, &site, 8);
  memcpy(c + 20, &gate, 8);
  int32_t rel = (int32_t)(int64_t)(back - (t_addr + sizeof c));
  memcpy(c + sizeof c - 4, &rel, 4);
  memset(t, 0xCC, STUB_SIZE);
  memcpy(t, c, sizeof c);
}

size_t syscall_gate_patch(struct loader_module *m) {
  if (!trap_syscall_direct_allowed() || !m->syscall_count) return 0;
  size_t n = 0;
  for (size_t i = 0; i < m->syscall_count; i++) {
    uint64_t s = m->syscall_sites[i];
    n += s >= m->map_start + 3 &&
         memcmp((const void *)(uintptr_t)(s - 3), site_pattern, SITE_LEN) == 0;
  }
  if (!n) return 0;
  uint64_t size = (n * STUB_SIZE + SCE_GUEST_PAGE_SIZE - 1) & ~(SCE_GUEST_PAGE_SIZE - 1);
  uint64_t at = (m->map_start + m->map_size + SCE_GUEST_PAGE_SIZE - 1) &
                ~(SCE_GUEST_PAGE_SIZE - 1);
  uint64_t slot_end = (m->map_start + m->map_size + MODULE_SLOT - 1) & ~(MODULE_SLOT - 1);
  if (at + size > slot_end ||
      !guest_vm_map_fixed(at, size, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE,
                          "syscall gates")) {
    LOG(loader, INFO, "%s: no room for system call gates after the image; its %zu system "
        "calls keep trapping", m->name, n);
    return 0;
  }
  m->gate_start = at;
  m->gate_size = size;
  size_t k = 0;
  for (size_t i = 0; i < m->syscall_count; i++) {
    uint64_t s = m->syscall_sites[i];
    if (s < m->map_start + 3 || memcmp((const void *)(uintptr_t)(s - 3), site_pattern, SITE_LEN))
      continue;
    uint64_t stub = at + k++ * STUB_SIZE;
    stub_emit((uint8_t *)(uintptr_t)stub, stub, s, s + 2);
    uint8_t jmp[SITE_LEN] = {0xE9};
    int32_t rel = (int32_t)(int64_t)(stub - (s - 3 + SITE_LEN));
    memcpy(jmp + 1, &rel, 4);
    memcpy((void *)(uintptr_t)(s - 3), jmp, SITE_LEN);
  }
  if (!guest_vm_protect(at, size, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_EXEC))
    LOG(loader, ERROR, "%s: cannot make the system call gates executable", m->name);
  LOG(loader, INFO, "%s: %zu of %zu system call sites patched into direct gates", m->name, k,
      m->syscall_count);
  return k;
}
