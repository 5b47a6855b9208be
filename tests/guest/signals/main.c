/* Guest signals as FreeBSD (and so the console's libkernel) defines them: a handler runs on
 * the thread the signal was sent to, before raise / kill / an unblocking sigprocmask return
 * when the signal is for the caller, with the signal blocked meanwhile; blocked signals stay
 * pending; nanosleep / usleep end with EINTR when a handler ran (SA_RESTART or not: FreeBSD
 * never restarts nanosleep) and nanosleep writes the remaining time; ignored signals and
 * signals without a handler whose default is to ignore do not end a sleep. Expected values
 * come from FreeBSD's documented semantics (sigaction(2), sigprocmask(2), nanosleep(2),
 * thr_kill(2): SI_LWP, kill(2): SI_USER). Prints facts only. */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile int hits, last_signo, last_code, last_pid, blocked_inside;
static pthread_t ran_on;

static void on_info(int sig, siginfo_t *si, void *uc) {
  (void)uc;
  hits++;
  last_signo = si->si_signo;
  last_code = si->si_code;
  last_pid = si->si_pid;
  ran_on = pthread_self();
  sigset_t cur;
  sigprocmask(SIG_BLOCK, NULL, &cur);
  blocked_inside = sigismember(&cur, sig);
}

static void on_plain(int sig) {
  (void)sig;
  hits++;
  ran_on = pthread_self();
}

static const char *code_name(int c) {
  return c == SI_LWP ? "SI_LWP" : c == SI_USER ? "SI_USER" : "other";
}

static const char *yn(int v) { return v ? "yes" : "no"; }

static pthread_t main_thread;
static volatile int worker_ready;

/* Sends SIG to the main thread after DELAY_US. */
struct send_req {
  int sig;
  unsigned delay_us;
};

static void *sender(void *arg) {
  struct send_req *r = arg;
  usleep(r->delay_us);
  pthread_kill(main_thread, r->sig);
  return NULL;
}

static void send_later(pthread_t *t, struct send_req *r) { pthread_create(t, NULL, sender, r); }

static void *sleeper(void *arg) {
  (void)arg;
  worker_ready = 1;
  int r = usleep(3000000);
  int e = errno;
  return (void *)(long)(r == -1 && e == EINTR);
}

/* Blocks SIGUSR1, then waits for it with sigwait; returns the signal number (or -error). */
static void *waiter(void *arg) {
  (void)arg;
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &s, NULL);
  worker_ready = 1;
  int sig = 0;
  int e = sigwait(&s, &sig);
  return (void *)(long)(e ? -e : sig);
}

/* Pure guest code: spins until the handler stops it, with live integer and SSE registers that
 * a diversion through the handler must leave as they were. */
static volatile int spin_stop, spinning;
static void on_spin(int sig) {
  (void)sig;
  hits++;
  ran_on = pthread_self();
  spin_stop = 1;
}

static void *spinner(void *arg) {
  (void)arg;
  double acc = 0.0;
  long n = 0;
  spinning = 1;
  while (!spin_stop) {
    acc += 1.0;
    n++;
  }
  return (void *)(long)(acc == (double)n && n > 0);
}

static void *mask_reader(void *arg) {
  sigset_t cur;
  pthread_sigmask(SIG_BLOCK, NULL, &cur);
  *(int *)arg = sigismember(&cur, SIGUSR2);
  return NULL;
}

int main(void) {
  main_thread = pthread_self();
  printf("SIGUSR1 %d, SIGUSR2 %d\n", SIGUSR1, SIGUSR2);

  /* sigaction: install, read back */
  struct sigaction act, old;
  memset(&act, 0, sizeof act);
  act.sa_sigaction = on_info;
  act.sa_flags = SA_SIGINFO;
  sigemptyset(&act.sa_mask);
  int r = sigaction(SIGUSR1, &act, &old);
  printf("sigaction: %d, previous handler SIG_DFL: %s\n", r, yn(old.sa_handler == SIG_DFL));
  sigaction(SIGUSR1, NULL, &old);
  printf("read back: handler set %s, SA_SIGINFO %s\n", yn(old.sa_sigaction == on_info),
         yn((old.sa_flags & SA_SIGINFO) != 0));

  /* raise: the handler runs before raise returns, with the signal blocked */
  hits = 0;
  r = raise(SIGUSR1);
  printf("raise: %d, handler ran %d time(s), signo %d, code %s, blocked inside %s\n", r, hits,
         last_signo, code_name(last_code), yn(blocked_inside));
  sigset_t cur;
  sigprocmask(SIG_BLOCK, NULL, &cur);
  printf("blocked after the handler: %s\n", yn(sigismember(&cur, SIGUSR1)));

  /* kill on the own process */
  hits = 0;
  r = kill(getpid(), SIGUSR1);
  printf("kill: %d, handler ran %d time(s), code %s, si_pid is ours %s\n", r, hits,
         code_name(last_code), yn(last_pid == getpid()));

  /* blocked: pending until unblocked, then delivered before sigprocmask returns */
  sigset_t set, pend;
  sigemptyset(&set);
  sigaddset(&set, SIGUSR1);
  sigprocmask(SIG_BLOCK, &set, NULL);
  hits = 0;
  raise(SIGUSR1);
  raise(SIGUSR1); /* not queued: one instance pending */
  sigpending(&pend);
  printf("blocked: handler ran %d time(s), pending %s\n", hits, yn(sigismember(&pend, SIGUSR1)));
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  sigpending(&pend);
  printf("unblocked: handler ran %d time(s), pending %s\n", hits, yn(sigismember(&pend, SIGUSR1)));

  /* nanosleep ended by a handler installed with signal() (SA_RESTART): EINTR, time left */
  signal(SIGUSR2, on_plain);
  hits = 0;
  pthread_t t;
  struct send_req req2 = {SIGUSR2, 50000};
  send_later(&t, &req2);
  struct timespec rq = {2, 0}, rem = {-1, -1};
  errno = 0;
  r = nanosleep(&rq, &rem);
  int e = errno;
  pthread_join(t, NULL);
  long long left = (long long)rem.tv_sec * 1000000000LL + rem.tv_nsec;
  printf("nanosleep: %d, EINTR %s, handler ran %d time(s) on this thread %s\n", r, yn(e == EINTR),
         hits, yn(pthread_equal(ran_on, main_thread)));
  printf("remaining time above 1 s and below 2 s: %s\n",
         yn(left > 1000000000LL && left < 2000000000LL));

  /* sceKernelNanosleep: the SCE error code */
  hits = 0;
  send_later(&t, &req2);
  SceKernelTimespec krq = {2, 0}, krem = {0, 0};
  r = sceKernelNanosleep(&krq, &krem);
  pthread_join(t, NULL);
  printf("sceKernelNanosleep: %#x, handler ran %d time(s), time left %s\n", (unsigned)r, hits,
         yn(krem.tv_sec >= 1));

  /* usleep */
  hits = 0;
  send_later(&t, &req2);
  errno = 0;
  r = usleep(2000000);
  e = errno;
  pthread_join(t, NULL);
  printf("usleep: %d, EINTR %s, handler ran %d time(s)\n", r, yn(e == EINTR), hits);

  /* ignored, default-ignored and blocked signals do not end a sleep */
  signal(SIGUSR2, SIG_IGN);
  struct send_req req3 = {SIGUSR2, 20000};
  send_later(&t, &req3);
  rq = (struct timespec){0, 150000000};
  rem = (struct timespec){-1, -1};
  r = nanosleep(&rq, &rem);
  pthread_join(t, NULL);
  printf("ignored SIGUSR2: nanosleep %d, remaining time untouched %s\n", r,
         yn(rem.tv_sec == -1 && rem.tv_nsec == -1));
  struct send_req req4 = {SIGWINCH, 20000};
  send_later(&t, &req4);
  r = nanosleep(&rq, NULL);
  pthread_join(t, NULL);
  printf("SIGWINCH with SIG_DFL: nanosleep %d\n", r);
  sigprocmask(SIG_BLOCK, &set, NULL);
  hits = 0;
  struct send_req req5 = {SIGUSR1, 20000};
  send_later(&t, &req5);
  r = nanosleep(&rq, NULL);
  pthread_join(t, NULL);
  sigpending(&pend);
  printf("blocked SIGUSR1: nanosleep %d, handler ran %d time(s), pending %s\n", r, hits,
         yn(sigismember(&pend, SIGUSR1)));
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  printf("after unblocking: handler ran %d time(s)\n", hits);

  /* pthread_kill reaches the target thread, which runs the handler; its usleep ends */
  hits = 0;
  worker_ready = 0;
  pthread_create(&t, NULL, sleeper, NULL);
  while (!worker_ready) usleep(1000);
  usleep(20000);
  r = pthread_kill(t, SIGUSR1);
  void *eintr = NULL;
  pthread_join(t, &eintr);
  printf("pthread_kill: %d, handler ran %d time(s) on the target %s, its usleep EINTR %s\n", r,
         hits, yn(pthread_equal(ran_on, t)), yn(eintr != NULL));

  /* pthread_kill reaches a thread that only runs guest code; its registers survive */
  signal(SIGUSR2, on_spin);
  hits = 0;
  pthread_create(&t, NULL, spinner, NULL);
  while (!spinning) usleep(1000);
  usleep(20000);
  r = pthread_kill(t, SIGUSR2);
  void *intact = NULL;
  pthread_join(t, &intact);
  printf(
      "pthread_kill to running guest code: %d, handler ran %d time(s) on the target %s, "
      "registers intact %s\n",
      r, hits, yn(pthread_equal(ran_on, t)), yn(intact != NULL));

  /* a new thread starts with its creator's mask */
  sigset_t s2;
  sigemptyset(&s2);
  sigaddset(&s2, SIGUSR2);
  pthread_sigmask(SIG_BLOCK, &s2, NULL);
  int inherited = -1;
  pthread_create(&t, NULL, mask_reader, &inherited);
  pthread_join(t, NULL);
  pthread_sigmask(SIG_UNBLOCK, &s2, NULL);
  printf("new thread inherits the mask: %s\n", yn(inherited == 1));

  /* sigsuspend: waits with the given mask until a handler ran, then the old mask is back */
  sigprocmask(SIG_BLOCK, &set, NULL); /* SIGUSR1 blocked */
  hits = 0;
  send_later(&t, &req5);
  sigset_t none;
  sigemptyset(&none);
  errno = 0;
  r = sigsuspend(&none);
  e = errno;
  pthread_join(t, NULL);
  sigprocmask(SIG_BLOCK, NULL, &cur);
  printf("sigsuspend: %d, EINTR %s, handler ran %d time(s), SIGUSR1 blocked again %s\n", r,
         yn(e == EINTR), hits, yn(sigismember(&cur, SIGUSR1)));
  sigprocmask(SIG_UNBLOCK, &set, NULL);

  /* sigwait: takes the blocked signal without running its handler */
  hits = 0;
  worker_ready = 0;
  pthread_create(&t, NULL, waiter, NULL);
  while (!worker_ready) usleep(1000);
  r = pthread_kill(t, SIGUSR1);
  void *got = NULL;
  pthread_join(t, &got);
  printf("sigwait: got signal %ld, handler ran %d time(s)\n", (long)got, hits);

  /* SA_RESETHAND: the action is back to SIG_DFL once the handler ran */
  act.sa_flags = SA_SIGINFO | SA_RESETHAND;
  sigaction(SIGUSR1, &act, NULL);
  raise(SIGUSR1);
  sigaction(SIGUSR1, NULL, &old);
  printf("SA_RESETHAND: handler reset to SIG_DFL %s\n", yn(old.sa_handler == SIG_DFL));

  /* errors */
  errno = 0;
  r = sigaction(SIGKILL, &act, NULL);
  printf("sigaction(SIGKILL): %d EINVAL %s\n", r, yn(errno == EINVAL));
  errno = 0;
  r = sigaction(0, NULL, &old);
  printf("sigaction(0): %d EINVAL %s\n", r, yn(errno == EINVAL));
  errno = 0;
  r = sigaddset(&set, 0);
  printf("sigaddset(0): %d EINVAL %s\n", r, yn(errno == EINVAL));
  printf("pthread_kill with signal 200: EINVAL %s, signal 0 to itself: %d\n",
         yn(pthread_kill(main_thread, 200) == EINVAL), pthread_kill(main_thread, 0));
  sigfillset(&set);
  sigprocmask(SIG_SETMASK, &set, NULL);
  sigprocmask(SIG_SETMASK, NULL, &cur);
  printf("SIGKILL and SIGSTOP cannot be blocked: %s\n",
         yn(!sigismember(&cur, SIGKILL) && !sigismember(&cur, SIGSTOP)));
  return 0;
}
