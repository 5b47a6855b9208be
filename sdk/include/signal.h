/* signal.h of the console's libc (FreeBSD's signals, exported by libkernel and libScePosix):
 * FreeBSD's signal numbers (SIGUSR1 is 30, not Linux's 10), sigset_t of 128 bits, struct
 * sigaction and siginfo_t in FreeBSD's amd64 layout. */
#ifndef _PROSPERO_SIGNAL_H
#define _PROSPERO_SIGNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"
#include "_prospero_pthread_types.h"

#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGEMT 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGBUS 10
#define SIGSEGV 11
#define SIGSYS 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGURG 16
#define SIGSTOP 17
#define SIGTSTP 18
#define SIGCONT 19
#define SIGCHLD 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGIO 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGINFO 29
#define SIGUSR1 30
#define SIGUSR2 31
#define SIGRTMIN 65
#define SIGRTMAX 126

#define SA_ONSTACK 0x0001
#define SA_RESTART 0x0002
#define SA_RESETHAND 0x0004
#define SA_NODEFER 0x0010
#define SA_NOCLDWAIT 0x0020
#define SA_SIGINFO 0x0040

#define SIG_BLOCK 1
#define SIG_UNBLOCK 2
#define SIG_SETMASK 3

#define SI_USER 0x10001
#define SI_LWP 0x10007

typedef struct {
  uint32_t __bits[4];
} sigset_t;

union sigval {
  int sival_int;
  void *sival_ptr;
};

typedef struct __siginfo {
  int si_signo;
  int si_errno;
  int si_code;
  pid_t si_pid;
  uid_t si_uid;
  int si_status;
  void *si_addr;
  union sigval si_value;
  long __reason[5];
} siginfo_t;

typedef void (*__sighandler_t)(int);

typedef struct sigaltstack { /* FreeBSD amd64, 24 bytes */
  void *ss_sp;
  size_t ss_size;
  int ss_flags;
} stack_t;
#define SS_ONSTACK 0x0001
#define SS_DISABLE 0x0004
#define MINSIGSTKSZ 2048
#define SIGSTKSZ (MINSIGSTKSZ + 32768)

struct timespec;

#define SIG_DFL ((__sighandler_t)0)
#define SIG_IGN ((__sighandler_t)1)
#define SIG_ERR ((__sighandler_t)-1)

struct sigaction {
  union {
    void (*__sa_handler)(int);
    void (*__sa_sigaction)(int, siginfo_t *, void *);
  } __sigaction_u;
  int sa_flags;
  sigset_t sa_mask;
};
#define sa_handler __sigaction_u.__sa_handler
#define sa_sigaction __sigaction_u.__sa_sigaction

__PROSPERO_BEGIN_DECLS
int sigaction(int sig, const struct sigaction *act, struct sigaction *oact);
__sighandler_t signal(int sig, __sighandler_t handler);
int sigemptyset(sigset_t *set);
int sigfillset(sigset_t *set);
int sigaddset(sigset_t *set, int sig);
int sigdelset(sigset_t *set, int sig);
int sigismember(const sigset_t *set, int sig);
int sigprocmask(int how, const sigset_t *set, sigset_t *oset);
int pthread_sigmask(int how, const sigset_t *set, sigset_t *oset);
int sigpending(sigset_t *set);
int raise(int sig);
int kill(pid_t pid, int sig);
int pthread_kill(pthread_t thread, int sig);
int sigsuspend(const sigset_t *mask);
int sigwait(const sigset_t *set, int *sig);
int sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *timeout);
int sigwaitinfo(const sigset_t *set, siginfo_t *info);
int sigaltstack(const stack_t *ss, stack_t *oss);
__PROSPERO_END_DECLS

#endif
