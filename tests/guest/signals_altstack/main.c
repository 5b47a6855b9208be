/* The alternate signal stack and waiting for signals, as FreeBSD defines them (the console's
 * libkernel is FreeBSD's): sigaltstack(2) (SS_DISABLE until one is set, ENOMEM below
 * MINSIGSTKSZ, EINVAL for other flags, EPERM while running on it, SS_ONSTACK reported from a
 * handler on it, per thread), SA_ONSTACK handlers run on it; sigtimedwait(2) / sigwaitinfo
 * take a pending signal of the set and return its number and siginfo (SI_LWP from
 * pthread_kill / raise, SI_USER and the pid from kill), EAGAIN when the timeout passes (zero:
 * a poll), EINVAL for a bad tv_nsec, EINTR when another signal's handler ran during a timed
 * wait. Prints facts only. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char altbuf[64 * 1024] __attribute__((aligned(16)));
static volatile int hits, on_alt, flags_inside, set_inside_errno;

static int in_buf(const void *p) {
  return (const char *)p >= altbuf && (const char *)p < altbuf + sizeof altbuf;
}

static void on_usr(int sig) {
  (void)sig;
  volatile int local = 0;
  on_alt = in_buf((const void *)&local);
  stack_t cur;
  sigaltstack(NULL, &cur);
  flags_inside = cur.ss_flags;
  stack_t again = {altbuf, sizeof altbuf, 0};
  set_inside_errno = sigaltstack(&again, NULL) == -1 ? errno : 0;
  hits++;
}

static void handle(int sig, int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_usr;
  sa.sa_flags = flags;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

static const char *yn(int v) { return v ? "yes" : "no"; }

static void *thread_query(void *arg) {
  stack_t *out = arg;
  sigaltstack(NULL, out);
  return NULL;
}

static pthread_t main_thread;
static void *send_usr1_later(void *arg) {
  (void)arg;
  usleep(50000);
  pthread_kill(main_thread, SIGUSR1);
  return NULL;
}
static void *send_usr2_later(void *arg) {
  (void)arg;
  usleep(50000);
  pthread_kill(main_thread, SIGUSR2);
  return NULL;
}

static long ms_since(const struct timespec *a) {
  struct timespec b;
  clock_gettime(CLOCK_MONOTONIC, &b);
  return (b.tv_sec - a->tv_sec) * 1000 + (b.tv_nsec - a->tv_nsec) / 1000000;
}

static void altstack_cases(void) {
  stack_t ss, old;
  memset(&old, 0x5A, sizeof old);
  printf("sizeof stack_t: %zu\n", sizeof(stack_t));
  printf("sigaltstack query at start: %d, SS_DISABLE: %s\n", sigaltstack(NULL, &old),
         yn(old.ss_flags == SS_DISABLE));
  ss = (stack_t){altbuf, MINSIGSTKSZ - 1, 0};
  int r = sigaltstack(&ss, NULL);
  printf("sigaltstack below MINSIGSTKSZ: %d, ENOMEM: %s\n", r, yn(errno == ENOMEM));
  ss = (stack_t){altbuf, sizeof altbuf, SS_ONSTACK};
  r = sigaltstack(&ss, NULL);
  printf("sigaltstack flags SS_ONSTACK: %d, EINVAL: %s\n", r, yn(errno == EINVAL));
  ss = (stack_t){altbuf, sizeof altbuf, 0};
  printf("sigaltstack 64 KiB: %d\n", sigaltstack(&ss, &old));
  printf("  old: SS_DISABLE: %s\n", yn(old.ss_flags == SS_DISABLE));
  sigaltstack(NULL, &old);
  printf("  query: sp is the buffer: %s, size %zu, flags %d\n", yn(old.ss_sp == altbuf),
         old.ss_size, old.ss_flags);

  handle(SIGUSR1, SA_ONSTACK);
  handle(SIGUSR2, 0);
  raise(SIGUSR1);
  printf(
      "SA_ONSTACK handler: ran %s, on the alternate stack %s, flags inside SS_ONSTACK %s, "
      "setting one inside EPERM %s\n",
      yn(hits == 1), yn(on_alt), yn(flags_inside == SS_ONSTACK), yn(set_inside_errno == EPERM));
  raise(SIGUSR2);
  printf("handler without SA_ONSTACK: on the alternate stack %s, flags inside %d\n", yn(on_alt),
         flags_inside);
  pthread_t t;
  stack_t theirs;
  memset(&theirs, 0x5A, sizeof theirs);
  pthread_create(&t, NULL, thread_query, &theirs);
  pthread_join(t, NULL);
  printf("a new thread's: SS_DISABLE %s, sp null %s\n", yn(theirs.ss_flags == SS_DISABLE),
         yn(theirs.ss_sp == NULL));
  ss.ss_flags = SS_DISABLE;
  printf("sigaltstack SS_DISABLE: %d\n", sigaltstack(&ss, NULL));
  sigaltstack(NULL, &old);
  printf("  query: SS_DISABLE %s, the last stack kept %s\n", yn(old.ss_flags == SS_DISABLE),
         yn(old.ss_sp == altbuf && old.ss_size == sizeof altbuf));
  raise(SIGUSR1);
  printf("SA_ONSTACK handler without a stack: on the alternate stack %s\n", yn(on_alt));
}

static void wait_cases(void) {
  main_thread = pthread_self();
  sigset_t usr1;
  sigemptyset(&usr1);
  sigaddset(&usr1, SIGUSR1);
  sigprocmask(SIG_BLOCK, &usr1, NULL);
  siginfo_t si;
  struct timespec zero = {0, 0}, short_wait = {0, 50000000}, bad = {0, 1000000000},
                  long_wait = {2, 0};

  raise(SIGUSR1); /* blocked: pending */
  memset(&si, 0, sizeof si);
  int r = sigtimedwait(&usr1, &si, &zero);
  printf("sigtimedwait of a pending SIGUSR1: %d, si_signo %d, SI_LWP %s\n", r, si.si_signo,
         yn(si.si_code == SI_LWP));
  r = sigtimedwait(&usr1, &si, &zero);
  printf("sigtimedwait poll, nothing pending: %d, EAGAIN: %s\n", r, yn(errno == EAGAIN));
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  r = sigtimedwait(&usr1, &si, &short_wait);
  printf("sigtimedwait 50 ms, nothing sent: %d, EAGAIN: %s, waited at least 50 ms: %s\n", r,
         yn(errno == EAGAIN), yn(ms_since(&t0) >= 50));
  r = sigtimedwait(&usr1, &si, &bad);
  printf("sigtimedwait tv_nsec 1e9: %d, EINVAL: %s\n", r, yn(errno == EINVAL));

  pthread_t t;
  pthread_create(&t, NULL, send_usr1_later, NULL);
  memset(&si, 0, sizeof si);
  r = sigwaitinfo(&usr1, &si);
  pthread_join(t, NULL);
  printf("sigwaitinfo, pthread_kill from another thread: %d, si_signo %d, SI_LWP %s\n", r,
         si.si_signo, yn(si.si_code == SI_LWP));
  kill(getpid(), SIGUSR1);
  memset(&si, 0, sizeof si);
  r = sigwaitinfo(&usr1, &si);
  printf("sigwaitinfo after kill: %d, SI_USER %s, si_pid ours %s\n", r, yn(si.si_code == SI_USER),
         yn(si.si_pid == getpid()));

  hits = 0;
  pthread_create(&t, NULL, send_usr2_later, NULL); /* SIGUSR2: unblocked, a handler */
  r = sigtimedwait(&usr1, &si, &long_wait);
  int e = errno;
  pthread_join(t, NULL);
  printf("sigtimedwait interrupted by another signal's handler: %d, EINTR: %s, handler ran: %s\n",
         r, yn(e == EINTR), yn(hits == 1));
  sigprocmask(SIG_UNBLOCK, &usr1, NULL);
}

int main(void) {
  altstack_cases();
  wait_cases();
  printf("done\n");
  return 0;
}
