/* Synchronisation from guest threads. The expected values follow from POSIX / FreeBSD
 * libthr semantics (the console's libkernel) and the console's documented kernel semaphore
 * and event flag rules: errno values and SCE codes (0x80020000 + errno) are FreeBSD's
 * numbers. Stress parts: 8 threads x 100k lock/unlock with an exact counter,
 * condition-variable ping-pong, a broadcast to 16 waiters. */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

/* ---- threads --------------------------------------------------------------------------- */

#define MAX_THREADS 17
struct thread {
  void (*fn)(void *);
  void *arg;
  pthread_t pt;
};
static struct thread threads[MAX_THREADS];

static void *trampoline(void *p) {
  struct thread *t = p;
  t->fn(t->arg);
  return NULL;
}

static void spawn(int i, void (*fn)(void *), void *arg) {
  threads[i].fn = fn;
  threads[i].arg = arg;
  if (pthread_create(&threads[i].pt, NULL, trampoline, &threads[i]) != 0)
    printf("pthread_create %d FAILED\n", i);
}

static void join(int i) { pthread_join(threads[i].pt, NULL); }

static int failures;
/* SCE codes (0x8002xxxx) print in hex, everything else in decimal */
static void check(const char *what, long got, long want) {
  const char *f = want >= 0x80000000L ? "%s: %#lx" : "%s: %ld";
  printf(f, what, got);
  if (got != want) {
    printf(want >= 0x80000000L ? ", expected %#lx FAILED" : ", expected %ld FAILED", want);
    failures++;
  }
  printf("\n");
}

static void sleep_us(long us) {
  struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
  nanosleep(&ts, NULL);
}

/* ---- 8 threads x 100k lock/unlock ---------------------------------------------------------- */

static pthread_mutex_t counter_lock = PTHREAD_MUTEX_INITIALIZER; /* created on first use */
static long counter;

static void count_worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 100000; i++) {
    pthread_mutex_lock(&counter_lock);
    counter++;
    pthread_mutex_unlock(&counter_lock);
  }
}

/* ---- ping-pong --------------------------------------------------------------------------- */

static pthread_mutex_t pp_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pp_cond = PTHREAD_COND_INITIALIZER;
static int pp_turn, pp_moves[2];

static void pp_worker(void *arg) {
  int me = (int)(long)arg;
  for (int i = 0; i < 10000; i++) {
    pthread_mutex_lock(&pp_lock);
    while (pp_turn != me) pthread_cond_wait(&pp_cond, &pp_lock);
    pp_moves[me]++;
    pp_turn = !me;
    pthread_cond_signal(&pp_cond);
    pthread_mutex_unlock(&pp_lock);
  }
}

/* ---- broadcast to 16 ---------------------------------------------------------------------- */

static ScePthreadMutex gate_lock;
static ScePthreadCond gate_cond;
static int gate_open, gate_arrived, gate_woken;

static void gate_worker(void *arg) {
  (void)arg;
  scePthreadMutexLock(&gate_lock);
  gate_arrived++;
  while (!gate_open) scePthreadCondWait(&gate_cond, &gate_lock);
  gate_woken++;
  scePthreadMutexUnlock(&gate_lock);
}

/* ---- semaphores and event flags with a waiter ------------------------------------------------ */

/* The waiters set READY just before they block; the main thread then gives them 50 ms to
 * queue (a wait cannot be observed from outside). */
static int ready;
static void wait_ready(void) {
  while (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE)) sleep_us(1000);
  __atomic_store_n(&ready, 0, __ATOMIC_RELAXED);
  sleep_us(50000);
}

static SceKernelSema sema;
static int sema_result;
static void sema_waiter(void *arg) {
  (void)arg;
  __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
  sema_result = sceKernelWaitSema(sema, 1, NULL);
}

static SceKernelEventFlag evf;
static int evf_result;
static uint64_t evf_pattern;
static void evf_waiter(void *arg) {
  __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
  evf_result = sceKernelWaitEventFlag(evf, (uint64_t)(long)arg, SCE_KERNEL_EVF_WAITMODE_AND,
                                      &evf_pattern, NULL);
}

/* priority order: waiters of a TH_PRIO semaphore leave most urgent first (smaller number) */
static SceKernelSema prio_sema;
static int prio_order[2], prio_done;
static void prio_waiter(void *arg) {
  int prio = (int)(long)arg;
  pthread_setprio(pthread_self(), prio);
  __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
  sceKernelWaitSema(prio_sema, 1, NULL);
  prio_order[__atomic_fetch_add(&prio_done, 1, __ATOMIC_ACQ_REL)] = prio;
}

static pthread_barrier_t barrier;
static int serial_count;
static void barrier_worker(void *arg) {
  (void)arg;
  for (int i = 0; i < 100; i++)
    if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD)
      __atomic_fetch_add(&serial_count, 1, __ATOMIC_RELAXED);
}

/* ---- cancellation points: pthread_cond_wait and sem_wait ---------------------------------- */

static pthread_mutex_t cancel_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cancel_cond = PTHREAD_COND_INITIALIZER;
static sem_t cancel_sem;
static int cleanup_unlock_result = -1, cancel_waiting;

static void cleanup_unlock(void *arg) {
  (void)arg;
  /* POSIX: a cancelled condition wait re-acquires the mutex before the cleanup handlers */
  cleanup_unlock_result = pthread_mutex_unlock(&cancel_lock);
}

static void *cond_cancelled(void *arg) {
  (void)arg;
  pthread_mutex_lock(&cancel_lock);
  pthread_cleanup_push(cleanup_unlock, NULL);
  cancel_waiting = 1;
  for (;;) pthread_cond_wait(&cancel_cond, &cancel_lock);
  pthread_cleanup_pop(0);
  return NULL;
}

/* Sony's pthread_cond_signalto_np / scePthreadCondSignalto: wake one chosen waiter. */
static pthread_mutex_t to_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t to_cond = PTHREAD_COND_INITIALIZER;
static int to_arrived, to_woken[2];
static void *to_waiter(void *arg) {
  int i = (int)(long)arg;
  pthread_mutex_lock(&to_lock);
  to_arrived++;
  pthread_cond_wait(&to_cond, &to_lock); /* once: woken by signalto or signal */
  to_woken[i] = 1;
  pthread_mutex_unlock(&to_lock);
  return NULL;
}

static int woken_now(int i) {
  pthread_mutex_lock(&to_lock);
  int w = to_woken[i];
  pthread_mutex_unlock(&to_lock);
  return w;
}

static void signalto_checks(void) {
  pthread_t w[2];
  for (long i = 0; i < 2; i++) pthread_create(&w[i], NULL, to_waiter, (void *)i);
  for (;;) { /* both wait once they have arrived and the mutex is free again */
    pthread_mutex_lock(&to_lock);
    int n = to_arrived;
    pthread_mutex_unlock(&to_lock);
    if (n == 2) break;
    sleep_us(1000);
  }
  check("pthread_cond_signalto_np (second waiter)", pthread_cond_signalto_np(&to_cond, w[1]), 0);
  check("pthread_join (second waiter)", pthread_join(w[1], NULL), 0);
  sleep_us(20000);
  check("only the chosen waiter woke (first, second)", woken_now(0) * 10 + woken_now(1), 1);
  check("pthread_cond_signalto_np (a thread that does not wait)",
        pthread_cond_signalto_np(&to_cond, pthread_self()), 0);
  check("pthread_cond_signalto_np (NULL: any waiter)", pthread_cond_signalto_np(&to_cond, NULL), 0);
  check("pthread_join (first waiter)", pthread_join(w[0], NULL), 0);
  check("both woke", woken_now(0) * 10 + woken_now(1), 11);
  check("pthread_cond_signalto_np (joined thread): ESRCH", pthread_cond_signalto_np(&to_cond, w[0]),
        ESRCH);
  ScePthreadCond sc;
  check("scePthreadCondInit", scePthreadCondInit(&sc, NULL, "signalto"), 0);
  check("scePthreadCondSignalto (no waiter)", scePthreadCondSignalto(&sc, NULL), 0);
  check("scePthreadCondSignalto (joined thread)", (unsigned)scePthreadCondSignalto(&sc, w[0]),
        0x80020003L);
  check("scePthreadCondDestroy", scePthreadCondDestroy(&sc), 0);
}

static void *sem_cancelled(void *arg) {
  (void)arg;
  __atomic_store_n(&cancel_waiting, 2, __ATOMIC_RELEASE);
  sem_wait(&cancel_sem);
  return (void *)2;
}

int main(void) {
  /* mutex stress: the static initialiser is turned into a mutex by the first locker */
  for (int i = 0; i < 8; i++) spawn(i, count_worker, 0);
  for (int i = 0; i < 8; i++) join(i);
  check("8 threads x 100000 lock/unlock", counter, 800000);

  /* mutex errors (FreeBSD errno numbers) */
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  check("unlock a never-locked mutex (EPERM)", pthread_mutex_unlock(&m), EPERM);
  check("lock", pthread_mutex_lock(&m), 0);
  check("default type relock (EDEADLK)", pthread_mutex_lock(&m), EDEADLK);
  check("trylock held (EBUSY)", pthread_mutex_trylock(&m), EBUSY);
  check("destroy held (EBUSY)", pthread_mutex_destroy(&m), EBUSY);
  check("unlock", pthread_mutex_unlock(&m), 0);
  check("destroy", pthread_mutex_destroy(&m), 0);
  check("lock destroyed (EINVAL)", pthread_mutex_lock(&m), EINVAL);
  pthread_mutexattr_t ma;
  int type = 0;
  check("mutexattr_init", pthread_mutexattr_init(&ma), 0);
  check("mutexattr_gettype default (ERRORCHECK)", (pthread_mutexattr_gettype(&ma, &type), type),
        PTHREAD_MUTEX_ERRORCHECK);
  check("mutexattr_settype 5 (EINVAL)", pthread_mutexattr_settype(&ma, 5), EINVAL);
  check("mutexattr_settype RECURSIVE", pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE), 0);
  check("mutex_init recursive", pthread_mutex_init(&m, &ma), 0);
  check("recursive lock x2", pthread_mutex_lock(&m) + pthread_mutex_lock(&m), 0);
  check("recursive unlock x2", pthread_mutex_unlock(&m) + pthread_mutex_unlock(&m), 0);
  check("recursive unlock again (EPERM)", pthread_mutex_unlock(&m), EPERM);
  pthread_mutex_destroy(&m);
  pthread_mutexattr_destroy(&ma);
  pthread_mutex_t adaptive = PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP;
  check("adaptive initialiser lock+unlock",
        pthread_mutex_lock(&adaptive) + pthread_mutex_unlock(&adaptive), 0);
  struct timespec past = {1, 0};
  check("lock", pthread_mutex_lock(&adaptive), 0);
  check("timedlock held by self, past deadline (ETIMEDOUT)",
        pthread_mutex_timedlock(&adaptive, &past), ETIMEDOUT);
  pthread_mutex_unlock(&adaptive);

  /* Sony names: SCE codes */
  ScePthreadMutex sm;
  check("scePthreadMutexInit", scePthreadMutexInit(&sm, NULL, "named"), 0);
  check("scePthreadMutexLock", scePthreadMutexLock(&sm), 0);
  check("scePthreadMutexLock again (SCE EDEADLK)", (long)(unsigned)scePthreadMutexLock(&sm),
        0x8002000B);
  check("scePthreadMutexTimedlock 1 ms on self (SCE ETIMEDOUT)",
        (long)(unsigned)scePthreadMutexTimedlock(&sm, 1000), 0x8002003C);
  check("scePthreadMutexUnlock", scePthreadMutexUnlock(&sm), 0);
  check("scePthreadMutexUnlock again (SCE EPERM)", (long)(unsigned)scePthreadMutexUnlock(&sm),
        0x80020001);
  check("scePthreadMutexDestroy", scePthreadMutexDestroy(&sm), 0);
  check("scePthreadMutexLock NULL (SCE EINVAL)", (long)(unsigned)scePthreadMutexLock(NULL),
        0x80020016);

  /* condition variables */
  spawn(0, pp_worker, (void *)0);
  spawn(1, pp_worker, (void *)1);
  join(0);
  join(1);
  check("ping-pong moves", pp_moves[0] + pp_moves[1], 20000);
  pthread_cond_t c = PTHREAD_COND_INITIALIZER;
  pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
  check("cond_wait without the mutex (EPERM)", pthread_cond_wait(&c, &cm), EPERM);
  pthread_mutex_lock(&cm);
  check("cond_timedwait past deadline (ETIMEDOUT)", pthread_cond_timedwait(&c, &cm, &past),
        ETIMEDOUT);
  struct timespec bad = {1, 1000000000};
  check("cond_timedwait nsec 1e9 (EINVAL)", pthread_cond_timedwait(&c, &cm, &bad), EINVAL);
  pthread_mutex_unlock(&cm);
  pthread_condattr_t ca;
  clockid_t clk = -1;
  pthread_condattr_init(&ca);
  check("condattr_setclock MONOTONIC", pthread_condattr_setclock(&ca, CLOCK_MONOTONIC), 0);
  check("condattr_getclock", (pthread_condattr_getclock(&ca, &clk), clk), CLOCK_MONOTONIC);
  check("condattr_setclock 15 (EINVAL)", pthread_condattr_setclock(&ca, 15), EINVAL);
  pthread_cond_t mc;
  check("cond_init monotonic", pthread_cond_init(&mc, &ca), 0);
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  now.tv_nsec += 2000000;
  if (now.tv_nsec >= 1000000000) now.tv_sec++, now.tv_nsec -= 1000000000;
  pthread_mutex_lock(&cm);
  check("monotonic timedwait 2 ms (ETIMEDOUT)", pthread_cond_timedwait(&mc, &cm, &now), ETIMEDOUT);
  pthread_mutex_unlock(&cm);
  check("cond_destroy", pthread_cond_destroy(&mc) + pthread_cond_destroy(&c), 0);

  scePthreadMutexInit(&gate_lock, NULL, "gate");
  scePthreadCondInit(&gate_cond, NULL, "gate");
  for (int i = 0; i < 16; i++) spawn(i, gate_worker, 0);
  for (;;) {
    scePthreadMutexLock(&gate_lock);
    int all = gate_arrived == 16;
    scePthreadMutexUnlock(&gate_lock);
    if (all) break;
    sleep_us(1000);
  }
  /* the 16th arrival queued on the condition variable before it released the mutex */
  check("scePthreadCondDestroy with waiters (SCE EBUSY)",
        (long)(unsigned)scePthreadCondDestroy(&gate_cond), 0x80020010);
  scePthreadMutexLock(&gate_lock);
  gate_open = 1;
  scePthreadCondBroadcast(&gate_cond);
  scePthreadMutexUnlock(&gate_lock);
  for (int i = 0; i < 16; i++) join(i);
  check("broadcast woke", gate_woken, 16);
  check("scePthreadCondDestroy", scePthreadCondDestroy(&gate_cond), 0);

  /* rwlocks, barriers, spinlocks */
  pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
  check("rdlock x2", pthread_rwlock_rdlock(&rw) + pthread_rwlock_rdlock(&rw), 0);
  check("trywrlock with readers (EBUSY)", pthread_rwlock_trywrlock(&rw), EBUSY);
  check("timedwrlock past (ETIMEDOUT)", pthread_rwlock_timedwrlock(&rw, &past), ETIMEDOUT);
  check("destroy with readers (EBUSY)", pthread_rwlock_destroy(&rw), EBUSY);
  check("reltimedwrlock 1 ms with readers (ETIMEDOUT)", pthread_rwlock_reltimedwrlock_np(&rw, 1000),
        ETIMEDOUT);
  check("unlock x2", pthread_rwlock_unlock(&rw) + pthread_rwlock_unlock(&rw), 0);
  check("wrlock", pthread_rwlock_wrlock(&rw), 0);
  check("rdlock own write lock (EDEADLK)", pthread_rwlock_rdlock(&rw), EDEADLK);
  check("unlock", pthread_rwlock_unlock(&rw), 0);
  check("destroy", pthread_rwlock_destroy(&rw), 0);
  pthread_rwlockattr_t rwa;
  int rwt = -1;
  check("rwlockattr_init", pthread_rwlockattr_init(&rwa), 0);
  check("rwlockattr_settype_np 3 (EINVAL)", pthread_rwlockattr_settype_np(&rwa, 3), EINVAL);
  check("rwlockattr_gettype_np default", (pthread_rwlockattr_gettype_np(&rwa, &rwt), rwt), 0);
  check("rwlock_init with attr", pthread_rwlock_init(&rw, &rwa), 0);
  check("rwlock_destroy", pthread_rwlock_destroy(&rw) + pthread_rwlockattr_destroy(&rwa), 0);
  check("barrier_init count 0 (EINVAL)", pthread_barrier_init(&barrier, NULL, 0), EINVAL);
  check("barrier_init 4", pthread_barrier_init(&barrier, NULL, 4), 0);
  for (int i = 0; i < 4; i++) spawn(i, barrier_worker, 0);
  for (int i = 0; i < 4; i++) join(i);
  check("barrier rounds with one serial thread", serial_count, 100);
  check("barrier_destroy", pthread_barrier_destroy(&barrier), 0);
  pthread_spinlock_t sl;
  check("spin_init", pthread_spin_init(&sl, PTHREAD_PROCESS_PRIVATE), 0);
  check("spin_lock", pthread_spin_lock(&sl), 0);
  check("spin_trylock held (EBUSY)", pthread_spin_trylock(&sl), EBUSY);
  check("spin_destroy held (EBUSY)", pthread_spin_destroy(&sl), EBUSY);
  check("spin_unlock", pthread_spin_unlock(&sl), 0);
  check("spin_destroy", pthread_spin_destroy(&sl), 0);

  /* POSIX semaphores: -1 and errno */
  sem_t s;
  int v = -1;
  check("sem_init 1", sem_init(&s, 0, 1), 0);
  check("sem_trywait", sem_trywait(&s), 0);
  check("sem_trywait empty", sem_trywait(&s), -1);
  check("errno EAGAIN", errno, EAGAIN);
  check("sem_timedwait past", sem_timedwait(&s, &past), -1);
  check("errno ETIMEDOUT", errno, ETIMEDOUT);
  check("sem_post x2", sem_post(&s) + sem_post(&s), 0);
  check("sem_getvalue", (sem_getvalue(&s, &v), v), 2);
  check("sem_init SEM_VALUE_MAX+1", sem_init(&s, 0, 0x80000000u), -1);
  check("errno EINVAL", errno, EINVAL);
  check("sem_destroy", sem_destroy(&s), 0);

  ScePthreadSem ps;
  check("scePthreadSemInit flag 1 (SCE EINVAL)", (long)(unsigned)scePthreadSemInit(&ps, 1, 0, "s"),
        0x80020016);
  check("scePthreadSemInit", scePthreadSemInit(&ps, 0, 0, "s"), 0);
  check("scePthreadSemTrywait empty (SCE EAGAIN)", (long)(unsigned)scePthreadSemTrywait(&ps),
        0x80020023);
  check("scePthreadSemTimedwait 1 ms (SCE ETIMEDOUT)",
        (long)(unsigned)scePthreadSemTimedwait(&ps, 1000), 0x8002003C);
  check("scePthreadSemPost", scePthreadSemPost(&ps), 0);
  check("scePthreadSemGetvalue", (scePthreadSemGetvalue(&ps, &v), v), 1);
  check("scePthreadSemWait", scePthreadSemWait(&ps), 0);
  check("scePthreadSemDestroy", scePthreadSemDestroy(&ps), 0);

  /* kernel semaphores */
  check("sceKernelCreateSema max 0 (SCE EINVAL)",
        (long)(unsigned)sceKernelCreateSema(&sema, "s", 1, 0, 0, NULL), 0x80020016);
  check(
      "sceKernelCreateSema name of 32 (SCE ENAMETOOLONG)",
      (long)(unsigned)sceKernelCreateSema(&sema, "0123456789abcdef0123456789abcdef", 1, 0, 1, NULL),
      0x8002003F);
  check("sceKernelCreateSema", sceKernelCreateSema(&sema, "sema", 1, 1, 3, NULL), 0);
  check("sceKernelPollSema 2 of 1 (SCE EBUSY)", (long)(unsigned)sceKernelPollSema(sema, 2),
        0x80020010);
  check("sceKernelPollSema 1", sceKernelPollSema(sema, 1), 0);
  SceKernelUseconds t = 10000;
  check("sceKernelWaitSema 10 ms (SCE ETIMEDOUT)", (long)(unsigned)sceKernelWaitSema(sema, 1, &t),
        0x8002003C);
  check("timeout left", t, 0);
  check("sceKernelSignalSema past max (SCE EINVAL)", (long)(unsigned)sceKernelSignalSema(sema, 4),
        0x80020016);
  spawn(0, sema_waiter, 0);
  wait_ready();
  int n = -1;
  check("sceKernelCancelSema", sceKernelCancelSema(sema, 2, &n), 0);
  join(0);
  check("waiters cancelled", n, 1);
  check("waiter result (SCE ECANCELED)", (long)(unsigned)sema_result, 0x80020055);
  check("sceKernelPollSema 2 after cancel set 2", sceKernelPollSema(sema, 2), 0);
  spawn(0, sema_waiter, 0);
  wait_ready();
  check("sceKernelDeleteSema", sceKernelDeleteSema(sema), 0);
  join(0);
  check("waiter result (SCE EACCES)", (long)(unsigned)sema_result, 0x8002000D);
  check("sceKernelSignalSema deleted (SCE ESRCH)", (long)(unsigned)sceKernelSignalSema(sema, 1),
        0x80020003);

  /* the kernel calls check guest pointers (EFAULT), the wild ones included */
  SceKernelUseconds *wild = (SceKernelUseconds *)0x10;
  check("sceKernelCreateSema, handle at a wild address (SCE EFAULT)",
        (long)(unsigned)sceKernelCreateSema((SceKernelSema *)wild, "x", 1, 0, 1, NULL), 0x8002000E);
  check("sceKernelCreateSema, wild name (SCE EFAULT)",
        (long)(unsigned)sceKernelCreateSema(&sema, (const char *)wild, 1, 0, 1, NULL), 0x8002000E);
  check("sceKernelCancelSema, wild count pointer (SCE EFAULT)",
        (long)(unsigned)sceKernelCancelSema(sema, 0, (int *)wild), 0x8002000E);
  check("sceKernelCreateSema TH_PRIO", sceKernelCreateSema(&prio_sema, "prio", 2, 0, 2, NULL), 0);
  spawn(0, prio_waiter, (void *)700L); /* queues first, less urgent */
  wait_ready();
  spawn(1, prio_waiter, (void *)300L);
  wait_ready();
  sceKernelSignalSema(prio_sema, 1);
  while (__atomic_load_n(&prio_done, __ATOMIC_ACQUIRE) < 1) sleep_us(1000);
  sceKernelSignalSema(prio_sema, 1);
  join(0);
  join(1);
  check("first out: priority", prio_order[0], 300);
  check("second out: priority", prio_order[1], 700);
  sceKernelDeleteSema(prio_sema);

  /* event flags */
  uint64_t r = 0;
  check("sceKernelCreateEventFlag", sceKernelCreateEventFlag(&evf, "evf", 0x10, 0x5, NULL), 0);
  check("sceKernelPollEventFlag AND 0x3 (SCE EBUSY)",
        (long)(unsigned)sceKernelPollEventFlag(evf, 0x3, SCE_KERNEL_EVF_WAITMODE_AND, &r),
        0x80020010);
  check("sceKernelPollEventFlag OR|CLEAR_PAT 0x3",
        sceKernelPollEventFlag(evf, 0x3, SCE_KERNEL_EVF_WAITMODE_OR | 0x20, &r), 0);
  check("result pattern", (long)r, 0x5);
  check("sceKernelPollEventFlag AND|CLEAR_ALL 0x4",
        sceKernelPollEventFlag(evf, 0x4, SCE_KERNEL_EVF_WAITMODE_AND | 0x10, &r), 0);
  check("sceKernelPollEventFlag OR 0x4 after clear all (SCE EBUSY)",
        (long)(unsigned)sceKernelPollEventFlag(evf, 0x4, SCE_KERNEL_EVF_WAITMODE_OR, &r),
        0x80020010);
  check("sceKernelPollEventFlag pattern 0 (SCE EINVAL)",
        (long)(unsigned)sceKernelPollEventFlag(evf, 0, SCE_KERNEL_EVF_WAITMODE_OR, &r), 0x80020016);
  check("sceKernelWaitEventFlag, wild result pointer (SCE EFAULT)",
        (long)(unsigned)sceKernelWaitEventFlag(evf, 0x1, SCE_KERNEL_EVF_WAITMODE_OR,
                                               (uint64_t *)0x10, NULL),
        0x8002000E);
  t = 5000;
  check("sceKernelWaitEventFlag 5 ms (SCE ETIMEDOUT)",
        (long)(unsigned)sceKernelWaitEventFlag(evf, 0x1, SCE_KERNEL_EVF_WAITMODE_OR, &r, &t),
        0x8002003C);
  spawn(0, evf_waiter, (void *)0x30L);
  wait_ready();
  t = 0;
  check("second waiter on a single-waiter flag (SCE EPERM)",
        (long)(unsigned)sceKernelWaitEventFlag(evf, 0x1, SCE_KERNEL_EVF_WAITMODE_OR, &r, &t),
        0x80020001);
  check("sceKernelSetEventFlag 0x10", sceKernelSetEventFlag(evf, 0x10), 0);
  check("sceKernelSetEventFlag 0x20", sceKernelSetEventFlag(evf, 0x20), 0);
  join(0);
  check("waiter woken with", (long)evf_pattern, 0x30);
  check("waiter result", evf_result, 0);
  check("sceKernelClearEventFlag keeps 0x10", sceKernelClearEventFlag(evf, 0x10), 0);
  spawn(0, evf_waiter, (void *)0x1L);
  wait_ready();
  n = -1;
  check("sceKernelCancelEventFlag", sceKernelCancelEventFlag(evf, 0x77, &n), 0);
  join(0);
  check("waiters cancelled", n, 1);
  check("waiter result (SCE ECANCELED)", (long)(unsigned)evf_result, 0x80020055);
  check("cancel pattern seen", (long)evf_pattern, 0x77);
  check("sceKernelDeleteEventFlag", sceKernelDeleteEventFlag(evf), 0);
  check("sceKernelSetEventFlag deleted (SCE ESRCH)", (long)(unsigned)sceKernelSetEventFlag(evf, 1),
        0x80020003);

  /* cancellation of threads blocked in a condition wait and a semaphore wait */
  pthread_t ct;
  void *ret = NULL;
  check("pthread_create (cond waiter)", pthread_create(&ct, NULL, cond_cancelled, NULL), 0);
  for (;;) {
    pthread_mutex_lock(&cancel_lock);
    int waiting = cancel_waiting;
    pthread_mutex_unlock(&cancel_lock); /* possible only once the waiter sleeps */
    if (waiting) break;
    sleep_us(1000);
  }
  check("pthread_cancel", pthread_cancel(ct), 0);
  check("pthread_join", pthread_join(ct, &ret), 0);
  check("cancelled in pthread_cond_wait", ret == PTHREAD_CANCELED, 1);
  check("cleanup handler held the mutex (unlock 0)", cleanup_unlock_result, 0);
  check("mutex free after (trylock)", pthread_mutex_trylock(&cancel_lock), 0);
  pthread_mutex_unlock(&cancel_lock);
  check("sem_init 0", sem_init(&cancel_sem, 0, 0), 0);
  check("pthread_create (sem waiter)", pthread_create(&ct, NULL, sem_cancelled, NULL), 0);
  while (__atomic_load_n(&cancel_waiting, __ATOMIC_ACQUIRE) != 2) sleep_us(1000);
  sleep_us(50000); /* into sem_wait (a cancel before the wait is acted on there too) */
  check("pthread_cancel", pthread_cancel(ct), 0);
  check("pthread_join", pthread_join(ct, &ret), 0);
  check("cancelled in sem_wait", ret == PTHREAD_CANCELED, 1);
  check("sem_destroy (no waiter left)", sem_destroy(&cancel_sem), 0);

  signalto_checks();

  printf("%s\n", failures ? "FAILED" : "all ok");
  return failures;
}
