/* A guest signal sent to a thread that waits in libkernel, for the waits signals_waits does not
 * cover; what the wait does after the handler follows FreeBSD (and so the console's libkernel):
 * - pthread_rwlock_rdlock / wrlock / timedwrlock: the handler runs and the wait goes on
 *   (libthr retries a rwlock wait the kernel left with EINTR);
 * - pthread_barrier_wait: the handler runs and the wait goes on until the round completes
 *   (libthr waits until the barrier's cycle changes);
 * - pthread_join: the handler runs and the join goes on (POSIX: never EINTR);
 * - sceKernelAioWaitRequest: the handler runs and the wait goes on (the SDK reference lists
 *   EFAULT, EINVAL and ETIMEDOUT as its errors, no EINTR);
 * - read() of a pipe with no data (standard input here is a FIFO nobody writes): -1 / EINTR
 *   when the handler lacks SA_RESTART, restarted when it has it (FreeBSD's pipe read sleeps
 *   interruptibly; nothing transferred means EINTR or a restart).
 * pthread_suspend_np of a thread in such a wait returns once the thread is stopped (libthr),
 * and the wait goes on after pthread_resume_np. Prints facts only. */
#include <errno.h>
#include <fcntl.h>
#include <kernel.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static volatile int hits, in_wait, ran_in_wait, ran_on_worker;
static pthread_t worker;
static volatile int done, result, err;

static void on_sig(int sig) {
  (void)sig;
  ran_in_wait = in_wait;
  ran_on_worker = pthread_equal(pthread_self(), worker);
  __atomic_add_fetch(&hits, 1, __ATOMIC_SEQ_CST);
}

static void install(int sig, int flags) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sig;
  sa.sa_flags = flags;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
}

static const char *yn(int v) { return v ? "yes" : "no"; }

/* Waits up to 10 s for COND; 1 when it came. */
#define WAIT_FOR(cond)                                                  \
  ({                                                                    \
    int ok_ = 0;                                                        \
    for (int i_ = 0; i_ < 10000 && !(ok_ = (cond)); i_++) usleep(1000); \
    ok_;                                                                \
  })

/* Starts FN on the worker and lets it reach its wait. */
static void start(void *(*fn)(void *)) {
  hits = in_wait = ran_in_wait = ran_on_worker = done = 0;
  result = err = 0;
  pthread_create(&worker, NULL, fn, NULL);
  WAIT_FOR(in_wait);
  usleep(100000); /* into the wait */
}

/* Sends SIGUSR1 to the waiting worker, then checks that the handler ran and the wait goes on. */
static void signal_and_check_waiting(void) {
  pthread_kill(worker, SIGUSR1);
  printf("  the handler ran: %s\n", yn(WAIT_FOR(hits)));
  usleep(100000);
  printf("  still waiting after it: %s\n", yn(!done));
}

/* pthread_suspend_np of the waiting worker returns (the thread stopped in its wait); after
 * pthread_resume_np it still waits. */
static void suspend_and_check_waiting(void) {
  printf("  pthread_suspend_np: %d\n", pthread_suspend_np(worker));
  printf("  pthread_resume_np: %d\n", pthread_resume_np(worker));
  usleep(50000);
  printf("  still waiting after the resume: %s\n", yn(!done));
}

static void report_handler(void) {
  printf("  the handler ran on the waiting thread: %s\n", yn(ran_on_worker));
  printf("  the handler ran during the wait: %s\n", yn(ran_in_wait));
}

/* ---- rwlocks ------------------------------------------------------------------------------ */
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

static void *reader(void *arg) {
  (void)arg;
  in_wait = 1;
  result = pthread_rwlock_rdlock(&rw);
  in_wait = 0;
  done = 1;
  if (result == 0) pthread_rwlock_unlock(&rw);
  return NULL;
}

static void *writer(void *arg) {
  (void)arg;
  in_wait = 1;
  result = pthread_rwlock_wrlock(&rw);
  in_wait = 0;
  done = 1;
  if (result == 0) pthread_rwlock_unlock(&rw);
  return NULL;
}

static void *timed_writer(void *arg) {
  (void)arg;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  ts.tv_sec += 30;
  in_wait = 1;
  result = pthread_rwlock_timedwrlock(&rw, &ts);
  in_wait = 0;
  done = 1;
  if (result == 0) pthread_rwlock_unlock(&rw);
  return NULL;
}

static void rwlock_cases(void) {
  install(SIGUSR1, 0);
  printf("pthread_rwlock_rdlock of a write-locked rwlock, handler without SA_RESTART:\n");
  pthread_rwlock_wrlock(&rw);
  start(reader);
  signal_and_check_waiting();
  suspend_and_check_waiting();
  pthread_rwlock_unlock(&rw);
  pthread_join(worker, NULL);
  printf("  pthread_rwlock_rdlock after the unlock: %d\n", result);
  report_handler();

  printf("pthread_rwlock_wrlock of a read-locked rwlock, handler without SA_RESTART:\n");
  pthread_rwlock_rdlock(&rw);
  start(writer);
  signal_and_check_waiting();
  suspend_and_check_waiting();
  pthread_rwlock_unlock(&rw);
  pthread_join(worker, NULL);
  printf("  pthread_rwlock_wrlock after the unlock: %d\n", result);
  report_handler();

  printf("pthread_rwlock_timedwrlock (30 s) of a read-locked rwlock:\n");
  pthread_rwlock_rdlock(&rw);
  start(timed_writer);
  signal_and_check_waiting();
  pthread_rwlock_unlock(&rw);
  pthread_join(worker, NULL);
  printf("  pthread_rwlock_timedwrlock after the unlock: %d\n", result);
  report_handler();
}

/* ---- barriers ----------------------------------------------------------------------------- */
static pthread_barrier_t bar;

static void *barrier_waiter(void *arg) {
  (void)arg;
  in_wait = 1;
  result = pthread_barrier_wait(&bar);
  in_wait = 0;
  done = 1;
  return NULL;
}

static void barrier_case(void) {
  install(SIGUSR1, 0);
  printf("pthread_barrier_wait (count 2), handler without SA_RESTART:\n");
  pthread_barrier_init(&bar, NULL, 2);
  start(barrier_waiter);
  signal_and_check_waiting();
  suspend_and_check_waiting();
  int mine = pthread_barrier_wait(&bar);
  pthread_join(worker, NULL);
  printf(
      "  one of the two is the serial thread: %s\n",
      yn((mine == PTHREAD_BARRIER_SERIAL_THREAD) + (result == PTHREAD_BARRIER_SERIAL_THREAD) == 1 &&
         (mine == 0 || result == 0)));
  report_handler();
  pthread_barrier_destroy(&bar);
}

/* ---- joins -------------------------------------------------------------------------------- */
static volatile int release_target;
static pthread_t target;

static void *target_fn(void *arg) {
  (void)arg;
  while (!release_target) usleep(1000);
  return (void *)42;
}

static void *joiner(void *arg) {
  (void)arg;
  void *v = NULL;
  in_wait = 1;
  result = pthread_join(target, &v);
  in_wait = 0;
  err = (int)(long)v;
  done = 1;
  return NULL;
}

static void join_case(void) {
  install(SIGUSR1, 0);
  printf("pthread_join of a running thread, handler without SA_RESTART:\n");
  release_target = 0;
  pthread_create(&target, NULL, target_fn, NULL);
  start(joiner);
  signal_and_check_waiting();
  suspend_and_check_waiting();
  release_target = 1;
  pthread_join(worker, NULL);
  printf("  pthread_join after the thread ended: %d, value %d\n", result, err);
  report_handler();
}

/* ---- AIO ---------------------------------------------------------------------------------- */
#define AIO_CHUNK (256u << 20)
#define AIO_REQUESTS 8
static SceKernelAioRWRequest reqs[AIO_REQUESTS];
static SceKernelAioResult results[AIO_REQUESTS];
static SceKernelAioSubmitId aio_id;
static int aio_state;

static void *aio_waiter(void *arg) {
  (void)arg;
  in_wait = 1;
  result = sceKernelAioWaitRequest(aio_id, &aio_state, NULL);
  in_wait = 0;
  done = 1;
  return NULL;
}

static void aio_case(void) {
  install(SIGUSR1, 0);
  printf("sceKernelAioWaitRequest of 8 reads of 256 MiB, handler without SA_RESTART:\n");
  off_t phys = 0;
  void *buf = NULL;
  int fd = open("/dev/zero", O_RDONLY);
  int ok = fd >= 0 &&
           sceKernelAllocateMainDirectMemory(AIO_CHUNK, 0, SCE_KERNEL_MTYPE_C_SHARED, &phys) == 0 &&
           sceKernelMapDirectMemory(
               &buf, AIO_CHUNK, SCE_KERNEL_PROT_CPU_READ | SCE_KERNEL_PROT_CPU_RW, 0, phys, 0) == 0;
  printf("  set up: %s\n", yn(ok));
  for (int i = 0; i < AIO_REQUESTS; i++)
    reqs[i] = (SceKernelAioRWRequest){0, AIO_CHUNK, buf, &results[i], fd};
  hits = in_wait = ran_in_wait = ran_on_worker = done = 0;
  result = 0;
  printf("  submit: %d\n",
         sceKernelAioSubmitReadCommands(reqs, AIO_REQUESTS, SCE_KERNEL_AIO_PRIORITY_MID, &aio_id));
  pthread_create(&worker, NULL, aio_waiter, NULL);
  WAIT_FOR(in_wait);
  usleep(20000); /* into the wait */
  pthread_kill(worker, SIGUSR1);
  printf("  the handler ran: %s\n", yn(WAIT_FOR(hits)));
  pthread_join(worker, NULL);
  printf("  sceKernelAioWaitRequest: %#x, state %#x\n", (unsigned)result, (unsigned)aio_state);
  int all = 1;
  for (int i = 0; i < AIO_REQUESTS; i++) all &= results[i].returnValue == AIO_CHUNK;
  printf("  every read transferred 256 MiB: %s\n", yn(all));
  printf("  the handler ran on the waiting thread: %s\n", yn(ran_on_worker));
  printf("  the handler ran during the wait: %s\n", yn(ran_in_wait));
  sceKernelAioDeleteRequest(aio_id, &aio_state);
  munmap(buf, AIO_CHUNK);
  sceKernelReleaseDirectMemory(phys, AIO_CHUNK);
  close(fd);
}

/* ---- a read of a pipe with no data -------------------------------------------------------- */
static char byte;

static void *stdin_reader(void *arg) {
  (void)arg;
  in_wait = 1;
  result = (int)read(0, &byte, 1);
  err = errno;
  in_wait = 0;
  done = 1;
  return NULL;
}

static void read_cases(void) {
  install(SIGUSR1, 0);
  printf("read() of an empty pipe, handler without SA_RESTART:\n");
  start(stdin_reader);
  suspend_and_check_waiting();
  pthread_kill(worker, SIGUSR1);
  printf("  the read ended: %s\n", yn(WAIT_FOR(done)));
  pthread_join(worker, NULL);
  printf("  read: %d, errno EINTR: %s\n", result, yn(err == EINTR));
  report_handler();

  install(SIGUSR1, SA_RESTART);
  install(SIGUSR2, 0);
  printf("read() of an empty pipe, handler with SA_RESTART, then one without:\n");
  start(stdin_reader);
  signal_and_check_waiting();
  pthread_kill(worker, SIGUSR2);
  printf("  the read ended after the second signal: %s\n", yn(WAIT_FOR(done)));
  pthread_join(worker, NULL);
  printf("  read: %d, errno EINTR: %s, handlers run: %d\n", result, yn(err == EINTR), hits);
  report_handler();
}

int main(void) {
  rwlock_cases();
  barrier_case();
  join_case();
  aio_case();
  read_cases();
  printf("done\n");
  return 0;
}
