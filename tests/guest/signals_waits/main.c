/* A guest signal sent to a thread that waits in libkernel. The handler runs on that thread
 * during the wait; what the wait does then follows FreeBSD (and so the console's libkernel):
 * - sem_wait / sem_timedwait (umtx semaphore waits): -1 with EINTR when the handler was
 *   installed without SA_RESTART; with SA_RESTART the wait resumes (the kernel restarts an
 *   absolute or unlimited wait);
 * - sceKernelWaitEqueue (kevent): SCE_KERNEL_ERROR_EINTR, SA_RESTART or not (kqueue_scan never
 *   restarts after a signal);
 * - pthread_cond_wait: never EINTR (POSIX); it returns 0 (a spurious wake-up, as libthr turns
 *   EINTR into 0), and a caller that re-checks its predicate waits on;
 * - pthread_mutex_lock: never EINTR; the lock is taken once it is free;
 * - sceKernelWaitSema / sceKernelWaitEventFlag (the console's kernel objects): the emulator
 *   resumes them (no public source records the console's choice; docs/kernel-threads.md).
 * Each wait's result and "the handler ran on the waiting thread after the wait began" are
 * printed. Prints facts only. */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ERROR_EINTR ((int)0x80020004) /* SCE_KERNEL_ERROR_EINTR */

static volatile int hits, in_call, ran_in_call, ran_on_worker;
static pthread_t worker;
static volatile int done, result, err;

static void on_sig(int sig) {
  (void)sig;
  ran_in_call = in_call;
  ran_on_worker = pthread_equal(pthread_self(), worker);
  __atomic_add_fetch(&hits, 1, __ATOMIC_SEQ_CST);
}

static void install(int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sig;
  sa.sa_flags = flags;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGUSR1, &sa, NULL);
}

static const char *yn(int v) { return v ? "yes" : "no"; }

/* Waits up to 5 s for COND; 1 when it came. */
#define WAIT_FOR(cond)                                                 \
  ({                                                                   \
    int ok_ = 0;                                                       \
    for (int i_ = 0; i_ < 5000 && !(ok_ = (cond)); i_++) usleep(1000); \
    ok_;                                                               \
  })

/* Starts FN on the worker, lets it reach its wait, sends SIGUSR1 to it. */
static void start_and_signal(void *(*fn)(void *)) {
  hits = in_call = ran_in_call = ran_on_worker = done = 0;
  result = err = 0;
  pthread_create(&worker, NULL, fn, NULL);
  WAIT_FOR(in_call);
  usleep(100000); /* into the wait */
  pthread_kill(worker, SIGUSR1);
}

static void report_handler(void) {
  printf("  the handler ran on the waiting thread: %s\n", yn(ran_on_worker));
  printf("  the handler ran after the wait began: %s\n", yn(ran_in_call));
}

/* ---- POSIX semaphores ----------------------------------------------------------------- */
static sem_t sem;

static void *sem_waiter(void *arg) {
  (void)arg;
  in_call = 1;
  result = sem_wait(&sem);
  err = errno;
  done = 1;
  return NULL;
}

static void *sem_timed_waiter(void *arg) {
  (void)arg;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_sec += 10;
  in_call = 1;
  result = sem_timedwait(&sem, &ts);
  err = errno;
  done = 1;
  return NULL;
}

static void sem_cases(void) {
  sem_init(&sem, 0, 0);
  install(0);
  printf("sem_wait, handler without SA_RESTART:\n");
  start_and_signal(sem_waiter);
  printf("  the wait ended: %s\n", yn(WAIT_FOR(done)));
  if (!done) sem_post(&sem);
  pthread_join(worker, NULL);
  printf("  sem_wait: %d, errno EINTR: %s\n", result, yn(err == EINTR));
  report_handler();

  printf("sem_timedwait, handler without SA_RESTART:\n");
  start_and_signal(sem_timed_waiter);
  printf("  the wait ended: %s\n", yn(WAIT_FOR(done)));
  if (!done) sem_post(&sem);
  pthread_join(worker, NULL);
  printf("  sem_timedwait: %d, errno EINTR: %s\n", result, yn(err == EINTR));
  report_handler();

  install(SA_RESTART);
  printf("sem_wait, handler with SA_RESTART:\n");
  start_and_signal(sem_waiter);
  printf("  the handler ran: %s\n", yn(WAIT_FOR(hits)));
  usleep(100000);
  printf("  still waiting after it: %s\n", yn(!done));
  sem_post(&sem);
  pthread_join(worker, NULL);
  printf("  sem_wait after sem_post: %d\n", result);
  report_handler();
  sem_destroy(&sem);
}

/* ---- event queues ----------------------------------------------------------------------- */
static SceKernelEqueue eq;
static volatile int nev;

static void *equeue_waiter(void *arg) {
  (void)arg;
  SceKernelEvent ev;
  int n = -1;
  in_call = 1;
  result = sceKernelWaitEqueue(eq, &ev, 1, &n, NULL);
  nev = n;
  done = 1;
  return NULL;
}

static void equeue_case(void) {
  sceKernelCreateEqueue(&eq, "signals_waits");
  sceKernelAddUserEvent(eq, 7);
  install(SA_RESTART);
  printf("sceKernelWaitEqueue (no timeout), handler with SA_RESTART:\n");
  start_and_signal(equeue_waiter);
  printf("  the wait ended: %s\n", yn(WAIT_FOR(done)));
  if (!done) sceKernelTriggerUserEvent(eq, 7, NULL);
  pthread_join(worker, NULL);
  printf("  sceKernelWaitEqueue: %#x (SCE_KERNEL_ERROR_EINTR: %s), events %d\n", (unsigned)result,
         yn(result == ERROR_EINTR), nev);
  report_handler();
  sceKernelDeleteEqueue(eq);
}

/* ---- condition variables and mutexes ------------------------------------------------------ */
static pthread_mutex_t mtx = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static volatile int predicate, waits, nonzero;

static void *cond_waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&mtx);
  in_call = 1;
  while (!predicate) {
    int r = pthread_cond_wait(&cond, &mtx);
    waits++;
    nonzero += r != 0;
  }
  pthread_mutex_unlock(&mtx);
  done = 1;
  return NULL;
}

static void *mutex_locker(void *arg) {
  (void)arg;
  in_call = 1;
  result = pthread_mutex_lock(&mtx);
  pthread_mutex_unlock(&mtx);
  done = 1;
  return NULL;
}

static void cond_mutex_cases(void) {
  install(0);
  printf("pthread_cond_wait, handler without SA_RESTART:\n");
  predicate = waits = nonzero = 0;
  start_and_signal(cond_waiter);
  printf("  the handler ran: %s\n", yn(WAIT_FOR(hits)));
  usleep(100000);
  printf("  still waiting for the predicate after it: %s\n", yn(!done));
  pthread_mutex_lock(&mtx);
  predicate = 1;
  pthread_cond_signal(&cond);
  pthread_mutex_unlock(&mtx);
  pthread_join(worker, NULL);
  printf("  pthread_cond_wait returned 0 every time: %s (at least once: %s)\n", yn(nonzero == 0),
         yn(waits >= 1));
  report_handler();

  printf("pthread_mutex_lock of a held mutex, handler without SA_RESTART:\n");
  pthread_mutex_lock(&mtx);
  start_and_signal(mutex_locker);
  printf("  the handler ran: %s\n", yn(WAIT_FOR(hits)));
  usleep(100000);
  printf("  still waiting for the mutex after it: %s\n", yn(!done));
  pthread_mutex_unlock(&mtx);
  pthread_join(worker, NULL);
  printf("  pthread_mutex_lock after the unlock: %d\n", result);
  report_handler();
}

/* ---- the console's kernel semaphores and event flags ------------------------------------- */
static SceKernelSema ksema;
static SceKernelEventFlag kevf;
static uint64_t evf_bits;

static void *ksema_waiter(void *arg) {
  (void)arg;
  in_call = 1;
  result = sceKernelWaitSema(ksema, 1, NULL);
  done = 1;
  return NULL;
}

static void *kevf_waiter(void *arg) {
  (void)arg;
  in_call = 1;
  result = sceKernelWaitEventFlag(kevf, 0x4, SCE_KERNEL_EVF_WAITMODE_OR, &evf_bits, NULL);
  done = 1;
  return NULL;
}

static void kernel_object_cases(void) {
  install(0);
  sceKernelCreateSema(&ksema, "signals_waits", SCE_KERNEL_SEMA_ATTR_TH_FIFO, 0, 1, NULL);
  printf("sceKernelWaitSema, handler without SA_RESTART:\n");
  start_and_signal(ksema_waiter);
  printf("  the handler ran: %s\n", yn(WAIT_FOR(hits)));
  usleep(100000);
  printf("  still waiting after it: %s\n", yn(!done));
  sceKernelSignalSema(ksema, 1);
  pthread_join(worker, NULL);
  printf("  sceKernelWaitSema after sceKernelSignalSema: %#x\n", (unsigned)result);
  report_handler();
  sceKernelDeleteSema(ksema);

  sceKernelCreateEventFlag(&kevf, "signals_waits", SCE_KERNEL_EVF_ATTR_TH_FIFO, 0, NULL);
  printf("sceKernelWaitEventFlag, handler without SA_RESTART:\n");
  start_and_signal(kevf_waiter);
  printf("  the handler ran: %s\n", yn(WAIT_FOR(hits)));
  usleep(100000);
  printf("  still waiting after it: %s\n", yn(!done));
  sceKernelSetEventFlag(kevf, 0x6);
  pthread_join(worker, NULL);
  printf("  sceKernelWaitEventFlag after sceKernelSetEventFlag: %#x, bits %#llx\n",
         (unsigned)result, (unsigned long long)evf_bits);
  report_handler();
  sceKernelDeleteEventFlag(kevf);
}

int main(void) {
  sem_cases();
  equeue_case();
  cond_mutex_cases();
  kernel_object_cases();
  printf("done\n");
  return 0;
}
