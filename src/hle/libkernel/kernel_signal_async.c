/* libkernel: guest signals for a thread that runs guest code (kernel_signal.c delivers at
 * libkernel points; this reaches a thread between them).
 *
 * A sender pokes the target's host thread with SIG_POKE. Its handler acts only when the
 * interrupted instruction is guest code (inside the guest bands, outside the host window: no
 * host lock can be held there): it copies the interrupted context (general registers and the
 * kernel's FPU/SSE/AVX save area) onto the guest stack below the red zone, as FreeBSD's sendsig
 * builds its frame there, and resumes the thread in `poke_trampoline` on that stack, GS base
 * (guest TLS) unchanged. The trampoline delivers the pending signals (guest handlers run as at
 * any delivery point) and raises SIG_RESUME at itself; that handler copies the saved context
 * into its own frame, so that the kernel's sigreturn resumes the guest exactly where it was
 * interrupted, every register and flag as it was. Elsewhere (host code: a libkernel wait, which
 * the poke only interrupts, or any other host work) the poke does nothing and the signal waits
 * for the thread's next delivery point. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "common/log.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "kernel/guest_vm.h"

#define GUEST_BANDS_END 0xFC00000000ull /* first address above the guest bands (trap.c) */
#define RED_ZONE 128
#define FP_MAGIC1 0x46505853u /* FP_XSTATE_MAGIC1: the save area is extended (XSAVE) */
#define FP_SW_BYTES 464       /* struct _fpx_sw_bytes inside the 512-byte legacy area */

/* What poke_handler leaves on the guest stack for resume_handler. */
struct poke_frame {
  gregset_t gregs;
  uint32_t fp_size; /* bytes of FP below */
  uint8_t fp[] __attribute__((aligned(64)));
};

static int sig_poke(void) { return SIGRTMIN + 3; }
static int sig_resume(void) { return SIGRTMIN + 4; }

static _Thread_local struct poke_frame *resume_frame;

static bool guest_pc(uint64_t pc) {
  return pc >= GUEST_VM_FIXED_LOW_START && pc < GUEST_BANDS_END &&
         !(pc >= GUEST_VM_HOST_WINDOW_START && pc < GUEST_VM_HOST_WINDOW_END);
}

static uint32_t fp_size(const ucontext_t *uc) {
  const uint8_t *fp = (const uint8_t *)uc->uc_mcontext.fpregs;
  if (!fp) return 0;
  uint32_t magic, extended;
  memcpy(&magic, fp + FP_SW_BYTES, 4);
  memcpy(&extended, fp + FP_SW_BYTES + 4, 4); /* extended_size: the whole area, magic2 too */
  return magic == FP_MAGIC1 && extended >= 512 && extended <= 64 * 1024 ? extended : 512;
}

_Noreturn static void poke_trampoline(struct poke_frame *f) {
  int saved = errno;
  struct kthread *t = kernel_pthread_current();
  if (t) kernel_signal_deliver(t);
  errno = saved;
  resume_frame = f;
  syscall(SYS_tgkill, getpid(), gettid(), sig_resume()); /* delivered before this returns */
  LOG(hle, ERROR, "signal: the resume signal did not come back");
  abort();
}

static void poke_handler(int sig, siginfo_t *info, void *ctx) {
  (void)sig, (void)info;
  ucontext_t *uc = ctx;
  greg_t *g = uc->uc_mcontext.gregs;
  if (!guest_pc((uint64_t)g[REG_RIP])) return; /* host code: the next delivery point acts */
  uint32_t n = fp_size(uc);
  uint64_t sp = (uint64_t)g[REG_RSP] - RED_ZONE - sizeof(struct poke_frame) - n;
  sp &= ~(uint64_t)63;
  struct poke_frame *f = (struct poke_frame *)(uintptr_t)sp;
  memcpy(f->gregs, g, sizeof f->gregs);
  f->fp_size = n;
  if (n) memcpy(f->fp, uc->uc_mcontext.fpregs, n);
  g[REG_RSP] = (greg_t)(sp - 8); /* as after a call: (rsp + 8) % 16 == 0 at the entry */
  g[REG_RIP] = (greg_t)(uintptr_t)poke_trampoline;
  g[REG_RDI] = (greg_t)(uintptr_t)f;
  g[REG_EFL] &= ~(greg_t)0x400; /* DF clear, as the host ABI wants at a call */
}

static void resume_handler(int sig, siginfo_t *info, void *ctx) {
  (void)sig, (void)info;
  ucontext_t *uc = ctx;
  struct poke_frame *f = resume_frame;
  if (!f) return;
  resume_frame = NULL;
  memcpy(uc->uc_mcontext.gregs, f->gregs, sizeof f->gregs);
  if (f->fp_size && uc->uc_mcontext.fpregs && fp_size(uc) == f->fp_size)
    memcpy(uc->uc_mcontext.fpregs, f->fp, f->fp_size);
  else if (f->fp_size && uc->uc_mcontext.fpregs)
    memcpy(uc->uc_mcontext.fpregs, f->fp, 512); /* the legacy area at least */
}

static pthread_once_t install_once = PTHREAD_ONCE_INIT;

static void install(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = poke_handler;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART; /* host calls of libkernel restart */
  sigemptyset(&sa.sa_mask);
  if (sigaction(sig_poke(), &sa, NULL) != 0)
    LOG(hle, ERROR, "signal: cannot install the poke handler: %s", strerror(errno));
  sa.sa_sigaction = resume_handler;
  if (sigaction(sig_resume(), &sa, NULL) != 0)
    LOG(hle, ERROR, "signal: cannot install the resume handler: %s", strerror(errno));
}

void kernel_signal_poke(struct kthread *t) {
  pthread_once(&install_once, install);
  if (t->host_known) pthread_kill(t->host, sig_poke());
}
