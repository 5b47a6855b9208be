#define _GNU_SOURCE
#include "loader/trap.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "common/exit_codes.h"
#include "common/log.h"
#include "kernel/guest_vm.h"
#include "loader/debug_info.h"
#include "loader/module.h"
#include "loader/process.h"
#include "sce/sce_elf.h"

static trap_handler_fn trap_chain[TRAP_MAX_HANDLERS];
static int trap_chain_count;

bool trap_register(trap_handler_fn fn) {
  if (trap_chain_count == TRAP_MAX_HANDLERS) return false;
  trap_chain[trap_chain_count++] = fn;
  return true;
}

bool trap_probe_read(uint64_t addr, void *out, size_t size) {
  struct iovec local = {out, size}, remote = {(void *)(uintptr_t)addr, size};
  return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)size;
}

/* "(function+0xoff at file:line)", or "(callee inlined into function+0xoff at file:line)"
 * when the line belongs to a function inlined there, from the module's debug info, or
 * false. For a return address the line is that of the call: the byte before it (unless it
 * starts a function, which a code pointer on the stack may do). */
static bool describe_debug(const struct loader_module *m, uint64_t addr, bool return_address,
                           char *out, size_t cap) {
  struct debug_location loc;
  uint64_t rel = addr - m->base;
  if (!m->debug || !debug_info_lookup(m->debug, rel, &loc)) return false;
  if (return_address && rel > 0 && (!loc.function || rel != loc.function_addr)) {
    struct debug_location call;
    if (debug_info_lookup(m->debug, rel - 1, &call) && call.file) {
      loc.file = call.file;
      loc.line = call.line;
      loc.inlined = call.inlined;
    }
  }
  char fn[256] = "", at[320] = "";
  int n = 0;
  if (loc.inlined && loc.function)
    n = snprintf(fn, sizeof fn, "%s inlined into ", loc.inlined);
  if (loc.function && n >= 0 && (size_t)n < sizeof fn)
    snprintf(fn + n, sizeof fn - (size_t)n, "%s+0x%llx", loc.function,
             (unsigned long long)(rel - loc.function_addr));
  if (loc.file) snprintf(at, sizeof at, "%sat %s:%u", loc.function ? " " : "", loc.file, loc.line);
  snprintf(out, cap, "%s+0x%llx (%s%s)", m->name, (unsigned long long)rel, fn, at);
  return true;
}

/* ADDR as module + function + file:line (with debug info) or module + nearest exported
 * symbol, else a guest memory range or a host library. */
static void describe(uint64_t addr, bool return_address, char *out, size_t cap) {
  const struct loader_module *m = module_find_by_addr(addr);
  if (m) {
    if (describe_debug(m, addr, return_address, out, cap)) return;
    const struct module_symbol *s = module_nearest_symbol(m, addr);
    if (s && (s->size ? addr < s->addr + s->size : addr - s->addr < 0x1000))
      snprintf(out, cap, "%s+0x%llx (%s+0x%llx)", m->name,
               (unsigned long long)(addr - m->base), s->name,
               (unsigned long long)(addr - s->addr));
    else
      snprintf(out, cap, "%s+0x%llx", m->name, (unsigned long long)(addr - m->base));
    return;
  }
  uint64_t start;
  const char *range = guest_vm_describe(addr, &start);
  if (range) {
    snprintf(out, cap, "guest %s+0x%llx", range, (unsigned long long)(addr - start));
    return;
  }
  Dl_info di;
  if (dladdr((void *)(uintptr_t)addr, &di) && di.dli_fname) {
    const char *f = strrchr(di.dli_fname, '/');
    if (di.dli_sname)
      snprintf(out, cap, "host %s (%s+0x%llx)", f ? f + 1 : di.dli_fname, di.dli_sname,
               (unsigned long long)(addr - (uint64_t)(uintptr_t)di.dli_saddr));
    else
      snprintf(out, cap, "host %s", f ? f + 1 : di.dli_fname);
    return;
  }
  snprintf(out, cap, "?");
}

void trap_describe_address(uint64_t addr, char *out, size_t cap) {
  describe(addr, false, out, cap);
}

static const struct trap_syscall_ops *syscall_ops;
static bool syscall_strict;

void trap_set_syscall_ops(const struct trap_syscall_ops *ops, bool strict) {
  syscall_ops = ops;
  syscall_strict = strict;
}

static const char *syscall_name(uint64_t n) {
  const char *name = syscall_ops && syscall_ops->name ? syscall_ops->name(n) : NULL;
  return name ? name : "unknown";
}

/* si_code of a SIGSYS raised by a seccomp filter (asm-generic/siginfo.h) */
#ifndef SYS_SECCOMP
#define SYS_SECCOMP 1
#endif

#define REG(uc, r) ((uint64_t)(uc)->uc_mcontext.gregs[REG_##r])
#define EFLAGS_CF 1ull

#define FREEBSD_ENOSYS 78 /* sys/errno.h */
#define SYSCALL_NR_LIMIT 1024 /* calls with no row are logged once each below this number */

/* Runs guest system call N with ARGS through the installed dispatcher: *RESULT and *ERROR in
 * FreeBSD's convention. False when the call must be reported instead (no dispatcher, or no
 * row under --strict-syscalls). PC (where the call was issued) names the first call with
 * no row in the log. */
static bool syscall_run(uint64_t n, const uint64_t args[6], uint64_t pc, uint64_t *result,
                        bool *error) {
  if (!syscall_ops) return false;
  *result = 0;
  *error = false;
  if (syscall_ops->dispatch(n, args, result, error)) return true;
  if (syscall_strict) return false;
  static uint8_t logged[SYSCALL_NR_LIMIT / 8];
  static int logged_high;
  bool first = n < SYSCALL_NR_LIMIT
                   ? !(__atomic_fetch_or(&logged[n / 8], (uint8_t)(1u << (n % 8)),
                                         __ATOMIC_RELAXED) & (1u << (n % 8)))
                   : !__atomic_exchange_n(&logged_high, 1, __ATOMIC_RELAXED);
  if (first) {
    char where[256];
    trap_describe_address(pc, where, sizeof where);
    LOG(trap, WARN, "guest system call %llu (%s) has no handler: returning ENOSYS (logged "
        "once; --strict-syscalls stops here instead); first at %s",
        (unsigned long long)n, syscall_name(n), where);
  }
  *result = FREEBSD_ENOSYS;
  *error = true;
  return true;
}

/* The trap side: arguments from the interrupted registers, the result written back, and
 * execution resumed at RESUME. */
static bool syscall_dispatch(ucontext_t *uc, uint64_t n, uint64_t resume) {
  greg_t *g = uc->uc_mcontext.gregs;
  const uint64_t args[6] = {REG(uc, RDI), REG(uc, RSI), REG(uc, RDX),
                            REG(uc, R10), REG(uc, R8),  REG(uc, R9)};
  uint64_t result;
  bool error;
  if (!syscall_run(n, args, REG(uc, RIP), &result, &error)) return false;
  g[REG_RAX] = (greg_t)result;
  if (error)
    g[REG_EFL] |= EFLAGS_CF;
  else
    g[REG_EFL] &= ~EFLAGS_CF;
  g[REG_RIP] = (greg_t)resume;
  return true;
}

bool trap_syscall_direct_allowed(void) { return syscall_ops && !syscall_strict; }

uint64_t trap_syscall_direct(uint64_t n, const uint64_t saved[6], uint64_t site,
                             uint64_t *error) {
  /* SAVED is the gate's push order: r10, r9, r8, rdx, rsi, rdi */
  const uint64_t args[6] = {saved[5], saved[4], saved[3], saved[0], saved[2], saved[1]};
  uint64_t result = FREEBSD_ENOSYS;
  bool err = true;
  syscall_run(n, args, site, &result, &err); /* direct gates exist only when it answers */
  *error = err;
  return result;
}

/* Length of the rewritten instruction at PC: [prefixes] 0F 0B. 0 if it is not there. */
static size_t ud2_length(uint64_t pc) {
  uint8_t b[16];
  if (!trap_probe_read(pc, b, sizeof b)) return 0;
  for (size_t i = 0; i + 1 < sizeof b; i++)
    if (b[i] == 0x0F && b[i + 1] == 0x0B) return i + 2;
  return 0;
}

static const char *signal_name(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV (invalid memory access)";
  case SIGBUS: return "SIGBUS (bus error)";
  case SIGILL: return "SIGILL (illegal instruction)";
  case SIGFPE: return "SIGFPE (arithmetic error)";
  case SIGTRAP: return "SIGTRAP (breakpoint)";
  case SIGSYS: return "SIGSYS (system call)";
  default: return "signal";
  }
}

enum trap_kind { TRAP_FAULT, TRAP_SYSCALL_REWRITTEN, TRAP_SYSCALL_SECCOMP };

static void report(int sig, siginfo_t *info, ucontext_t *uc, enum trap_kind kind, uint64_t nr) {
  char where[640], name[32] = "?";
  uint64_t pc = REG(uc, RIP), sp = REG(uc, RSP);
  pthread_getname_np(pthread_self(), name, sizeof name);
  LOG(trap, ERROR, "--- guest fault ---");
  LOG(trap, ERROR, "thread: %s (tid %ld)", name, (long)gettid());
  trap_describe_address(pc, where, sizeof where);
  if (kind != TRAP_FAULT) {
    LOG(trap, ERROR, "guest system call %llu (%s) at pc 0x%llx = %s%s; guest system calls "
        "never reach the host and this one has no handler%s",
        (unsigned long long)nr, syscall_name(nr), (unsigned long long)pc, where,
        kind == TRAP_SYSCALL_SECCOMP ? ", caught by the seccomp safety net (the code rewriter "
                                       "did not see this instruction)" : "",
        syscall_ops ? " (--strict-syscalls)" : "");
    LOG(trap, ERROR, "arguments: rdi=0x%llx rsi=0x%llx rdx=0x%llx r10=0x%llx r8=0x%llx r9=0x%llx",
        (unsigned long long)REG(uc, RDI), (unsigned long long)REG(uc, RSI),
        (unsigned long long)REG(uc, RDX), (unsigned long long)REG(uc, R10),
        (unsigned long long)REG(uc, R8), (unsigned long long)REG(uc, R9));
  } else {
    LOG(trap, ERROR, "%s code %d at pc 0x%llx = %s", signal_name(sig), info->si_code,
        (unsigned long long)pc, where);
    if (!module_find_by_addr(pc))
      LOG(trap, ERROR, "pc is outside the guest modules: the fault happened in emulator code "
          "serving the guest (e.g. a bad pointer handed to an HLE function) or in guest data; "
          "see the return addresses below");
    if (sig == SIGSEGV || sig == SIGBUS) {
      char what[256];
      uint64_t a = (uint64_t)(uintptr_t)info->si_addr;
      trap_describe_address(a, what, sizeof what);
      LOG(trap, ERROR, "fault address 0x%llx = %s", (unsigned long long)a, what);
      uint64_t rs;
      const char *range = guest_vm_describe(a, &rs);
      if (range && strstr(range, "stack") && a - rs < SCE_GUEST_PAGE_SIZE)
        LOG(trap, ERROR, "that is the guard page below the %s: a stack overflow", range);
    }
  }
  LOG(trap, ERROR, "rax=%016llx rbx=%016llx rcx=%016llx rdx=%016llx",
      (unsigned long long)REG(uc, RAX), (unsigned long long)REG(uc, RBX),
      (unsigned long long)REG(uc, RCX), (unsigned long long)REG(uc, RDX));
  LOG(trap, ERROR, "rsi=%016llx rdi=%016llx rbp=%016llx rsp=%016llx",
      (unsigned long long)REG(uc, RSI), (unsigned long long)REG(uc, RDI),
      (unsigned long long)REG(uc, RBP), (unsigned long long)sp);
  LOG(trap, ERROR, "r8 =%016llx r9 =%016llx r10=%016llx r11=%016llx",
      (unsigned long long)REG(uc, R8), (unsigned long long)REG(uc, R9),
      (unsigned long long)REG(uc, R10), (unsigned long long)REG(uc, R11));
  LOG(trap, ERROR, "r12=%016llx r13=%016llx r14=%016llx r15=%016llx",
      (unsigned long long)REG(uc, R12), (unsigned long long)REG(uc, R13),
      (unsigned long long)REG(uc, R14), (unsigned long long)REG(uc, R15));
  LOG(trap, ERROR, "rip=%016llx eflags=%08llx", (unsigned long long)pc,
      (unsigned long long)REG(uc, EFL));
  /* code bytes pc-32 .. pc+32, probed in 16-byte rows */
  for (int row = -2; row < 2; row++) {
    uint64_t a = pc + row * 16;
    uint8_t b[16];
    char line[80];
    if (!trap_probe_read(a, b, 16)) {
      LOG(trap, ERROR, "code %016llx: (unreadable)", (unsigned long long)a);
      continue;
    }
    int n = 0;
    for (int i = 0; i < 16; i++)
      n += snprintf(line + n, sizeof line - n, a + i == pc ? "[%02x]" : " %02x ", b[i]);
    LOG(trap, ERROR, "code %016llx:%s", (unsigned long long)a, line);
  }
  /* 32 stack words, attributing those that point into modules */
  for (int i = 0; i < 32; i++) {
    uint64_t w;
    if (!trap_probe_read(sp + i * 8, &w, 8)) {
      LOG(trap, ERROR, "stack rsp+0x%02x: (unreadable)", i * 8);
      break;
    }
    if (module_find_by_addr(w)) {
      describe(w, true, where, sizeof where);
      LOG(trap, ERROR, "stack rsp+0x%02x: %016llx  %s", i * 8, (unsigned long long)w, where);
    } else {
      LOG(trap, ERROR, "stack rsp+0x%02x: %016llx", i * 8, (unsigned long long)w);
    }
  }
  /* return addresses along the frame-pointer chain */
  uint64_t fp = REG(uc, RBP);
  for (int depth = 0; depth < 16 && fp; depth++) {
    uint64_t frame[2];
    if (!trap_probe_read(fp, frame, sizeof frame) || !frame[1]) break;
    describe(frame[1], true, where, sizeof where);
    LOG(trap, ERROR, "return #%d: %016llx  %s", depth, (unsigned long long)frame[1], where);
    if (frame[0] <= fp) break;
    fp = frame[0];
  }
  LOG(trap, ERROR, "--- end of guest fault report; exiting with code %d ---",
      PROSPERO_EXIT_GUEST_CRASH);
}

static void trap_signal(int sig, siginfo_t *info, void *ctx) {
  ucontext_t *uc = ctx;
  for (int i = 0; i < trap_chain_count; i++)
    if (trap_chain[i](sig, info, uc)) return;
  uint64_t pc = REG(uc, RIP), nr = 0;
  enum trap_kind kind = TRAP_FAULT;
  if (sig == SIGILL) {
    const struct loader_module *m = module_find_by_addr(pc);
    size_t len;
    if (m && module_is_syscall_site(m, pc) && (len = ud2_length(pc))) {
      kind = TRAP_SYSCALL_REWRITTEN;
      nr = REG(uc, RAX);
      if (syscall_dispatch(uc, nr, pc + len)) return;
    }
  } else if (sig == SIGSYS && info->si_code == SYS_SECCOMP) {
    kind = TRAP_SYSCALL_SECCOMP; /* rip is already past the syscall */
    nr = (uint64_t)(unsigned)info->si_syscall;
    if (syscall_dispatch(uc, nr, pc)) return;
  }
  static int reporting;
  if (__atomic_exchange_n(&reporting, 1, __ATOMIC_ACQ_REL)) {
    /* a second fault (another thread, or inside the report): stop quietly */
    _exit(PROSPERO_EXIT_GUEST_CRASH);
  }
  report(sig, info, uc, kind, nr);
  fflush(NULL);
  log_close();
  _exit(PROSPERO_EXIT_GUEST_CRASH);
}

#define TRAP_ALTSTACK_SIZE (256 * 1024)

bool trap_thread_init(void) {
  stack_t ss = {0};
  ss.ss_sp = malloc(TRAP_ALTSTACK_SIZE);
  ss.ss_size = TRAP_ALTSTACK_SIZE;
  if (!ss.ss_sp || sigaltstack(&ss, NULL) != 0) {
    free(ss.ss_sp);
    LOG(trap, ERROR, "cannot set an alternate signal stack: %s", strerror(errno));
    return false;
  }
  return true;
}

bool trap_install(void) {
  static const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS};
  struct sigaction sa = {0};
  sa.sa_sigaction = trap_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    if (sigaction(sigs[i], &sa, NULL) != 0) {
      LOG(trap, ERROR, "cannot install the handler of signal %d: %s", sigs[i], strerror(errno));
      return false;
    }
  return trap_thread_init();
}

/* Seccomp safety net (BRIEF.md decision 3): a filter on the instruction pointer that turns
 * every system call issued from the guest address bands [0x4_0000, 0xFC_0000_0000) into
 * SIGSYS, leaving host code alone: glibc and the other shared libraries far above the bands,
 * and the prospero executable itself in the host window [GUEST_VM_HOST_WINDOW_START,
 * GUEST_VM_HOST_WINDOW_END) inside the bands. seccomp_data holds the architecture at offset 4
 * and the 64-bit instruction pointer at offset 8 (low half) and 12 (high half). */
#define SECCOMP_OFF_ARCH 4
#define SECCOMP_OFF_IP_LO 8
#define SECCOMP_OFF_IP_HI 12
#define GUEST_BANDS_LOW 0x40000u /* lowest guest address */
#define GUEST_BANDS_END_HI 0xFCu /* (0xFC_0000_0000 >> 32): first address above the bands */
#define HOST_WINDOW_HI ((uint32_t)(GUEST_VM_HOST_WINDOW_START >> 32))
#define HOST_WINDOW_LO ((uint32_t)GUEST_VM_HOST_WINDOW_START)
/* The filter compares the high word once, so the window must end on a 4 GiB boundary and
 * lie inside one 4 GiB window. */
_Static_assert((GUEST_VM_HOST_WINDOW_END & 0xFFFFFFFFull) == 0 &&
                   (GUEST_VM_HOST_WINDOW_END >> 32) == HOST_WINDOW_HI + 1,
               "host window must end a 4 GiB-aligned window");

bool trap_seccomp_install(void) {
  struct sock_filter prog[] = {
      /* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SECCOMP_OFF_ARCH),
      /* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 0, 8), /* other: allow */
      /* 2 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SECCOMP_OFF_IP_HI),
      /* 3 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, GUEST_BANDS_END_HI, 6, 0), /* above bands */
      /* 4 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, HOST_WINDOW_HI, 0, 2),
      /* 5 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SECCOMP_OFF_IP_LO),
      /* 6 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, HOST_WINDOW_LO, 3, 4), /* host window */
      /* 7 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 1, 3, 0),              /* 4 GiB .. end */
      /* 8 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, SECCOMP_OFF_IP_LO),
      /* 9 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, GUEST_BANDS_LOW, 1, 0), /* low band */
      /* 10 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
      /* 11 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),
  };
  struct sock_fprog fprog = {.len = sizeof prog / sizeof prog[0], .filter = prog};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
      syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &fprog) != 0) {
    LOG(trap, ERROR, "cannot install the seccomp safety net: %s", strerror(errno));
    return false;
  }
  LOG(trap, INFO, "seccomp safety net on: system calls from guest memory raise SIGSYS");
  return true;
}
