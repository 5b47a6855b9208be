/* libkernel: guest signals (kernel_signal.c), FreeBSD's numbers and structures. Table lines in
 * table_signal.inc and posix_signal.inc; the syscall layer uses the cores. */
#ifndef PROSPERO_HLE_LIBKERNEL_LIBKERNEL_SIGNAL_H
#define PROSPERO_HLE_LIBKERNEL_LIBKERNEL_SIGNAL_H

#include <stdint.h>

#include "hle/libkernel/libkernel_thread.h"

#define GUEST_SIG_MAX 128 /* FreeBSD _SIG_MAXSIG */
#define GUEST_SIGKILL 9
#define GUEST_SIGSTOP 17
#define GUEST_SIG_BLOCK 1
#define GUEST_SIG_UNBLOCK 2
#define GUEST_SIG_SETMASK 3

struct guest_sigaction { /* FreeBSD struct sigaction (amd64) */
  uint64_t handler;      /* SIG_DFL 0, SIG_IGN 1, or a guest function */
  int32_t flags;         /* SA_* */
  uint32_t mask[4];      /* sigset_t: bit (sig - 1) */
};
_Static_assert(sizeof(struct guest_sigaction) == 32, "FreeBSD sigaction is 32 bytes");

/* Cores: 0 or -(guest errno). */
int64_t kernel_signal_action(int sig, const struct guest_sigaction *act,
                             struct guest_sigaction *old);
int64_t kernel_signal_mask(int how, const uint32_t *set, uint32_t *old); /* then delivers */
int64_t kernel_signal_mask_only(int how, const uint32_t *set, uint32_t *old);
int64_t kernel_signal_thread(kthread_t t, int sig);
/* thr_kill: by thread id (-1: the process), pending only (no handler runs from here). */
int64_t kernel_signal_thread_id(int64_t tid, int sig);

int kernel_sigaction(int sig, const struct guest_sigaction *act, struct guest_sigaction *old);
uint64_t kernel_signal(int sig, uint64_t handler);
int kernel_sigemptyset(uint32_t *set);
int kernel_sigfillset(uint32_t *set);
int kernel_sigaddset(uint32_t *set, int sig);
int kernel_sigdelset(uint32_t *set, int sig);
int kernel_sigismember(const uint32_t *set, int sig);
int kernel_sigprocmask(int how, const uint32_t *set, uint32_t *old);
int kernel_pthread_sigmask(int how, const uint32_t *set, uint32_t *old);
int kernel_sigpending(uint32_t *set);
int kernel_pthread_kill(kthread_t t, int sig);
int kernel_raise(int sig);
int kernel_kill(int pid, int sig);
int kernel_sigsuspend(const uint32_t *set);
int kernel_sigwait(const uint32_t *set, int *sig);

struct guest_stack { /* FreeBSD stack_t (amd64) */
  uint64_t sp;
  uint64_t size;
  int32_t flags; /* SS_ONSTACK 1, SS_DISABLE 4 */
  int32_t pad;
};
_Static_assert(sizeof(struct guest_stack) == 24, "FreeBSD stack_t is 24 bytes");
int64_t kernel_signal_altstack(const struct guest_stack *ss, struct guest_stack *old);
int kernel_sigaltstack(const struct guest_stack *ss, struct guest_stack *old);
struct guest_timespec;
int kernel_sigtimedwait(const uint32_t *set, void *info, const struct guest_timespec *timeout);
int kernel_sigwaitinfo(const uint32_t *set, void *info);

#endif
