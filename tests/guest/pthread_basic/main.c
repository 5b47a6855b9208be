/* Guest pthreads, the basics (see CMakeLists.txt). Every line prints what it checked and
 * "ok" or the value it got; the golden file holds the expected lines. */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../guest_check.h"

struct job {
  int in;
  int out;
  pthread_t self_seen;
  int tid;
  int stack_local_ok;
};

static void *square(void *p) {
  struct job *j = p;
  int local = j->in;
  j->out = local * local;
  j->self_seen = pthread_self();
  j->tid = pthread_getthreadid_np();
  j->stack_local_ok = (char *)&local != (char *)0;
  return (void *)(long)(j->in + 1000);
}

static void *exits_early(void *p) {
  pthread_exit((void *)(long)((long)p * 2));
  return NULL; /* not reached */
}

static void *sce_entry(void *p) {
  *(int *)p = 42;
  scePthreadExit((void *)7);
}

static volatile int spin_release;
static void *waits(void *p) {
  (void)p;
  while (!__atomic_load_n(&spin_release, __ATOMIC_ACQUIRE)) sched_yield();
  return NULL;
}

static volatile int ran;
static void *marks_ran(void *p) {
  __atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
  return p;
}

/* FreeBSD pthread_attr_setcreatesuspend_np / pthread_resume_np: a thread made suspended runs
 * nothing until it is resumed; resuming a thread that is not suspended does nothing and
 * returns 0; a stale handle is ESRCH. */
static void create_suspended(void) {
  pthread_attr_t a;
  pthread_attr_init(&a);
  check("setcreatesuspend_np", pthread_attr_setcreatesuspend_np(&a), 0);
  check("setcreatesuspend_np (NULL): EINVAL", pthread_attr_setcreatesuspend_np(NULL), EINVAL);
  pthread_t t;
  check("create suspended", pthread_create(&t, &a, marks_ran, (void *)7), 0);
  pthread_attr_destroy(&a);
  struct timespec pause = {0, 30 * 1000 * 1000};
  nanosleep(&pause, NULL);
  check("has not run while suspended", __atomic_load_n(&ran, __ATOMIC_ACQUIRE), 0);
  check("pthread_resume_np", pthread_resume_np(t), 0);
  void *v = NULL;
  check("join the resumed thread", pthread_join(t, &v), 0);
  check("it ran", __atomic_load_n(&ran, __ATOMIC_ACQUIRE) * 100 + (long)v, 107);
  check("pthread_resume_np (not suspended)", pthread_resume_np(pthread_self()), 0);
  check("pthread_resume_np (joined): ESRCH", pthread_resume_np(t), ESRCH);
  check("scePthreadResume (joined)", (unsigned)scePthreadResume(t), 0x80020003L);
}

int main(void) {
  enum { N = 4 };
  struct job jobs[N];
  pthread_t th[N];
  for (int i = 0; i < N; i++) {
    memset(&jobs[i], 0, sizeof jobs[i]);
    jobs[i].in = i + 2;
    check("pthread_create", pthread_create(&th[i], NULL, square, &jobs[i]), 0);
  }
  for (int i = 0; i < N; i++) {
    void *ret = NULL;
    check("pthread_join", pthread_join(th[i], &ret), 0);
    check("  start routine's value", (long)ret, jobs[i].in + 1000);
    check("  thread saw its argument", jobs[i].out, jobs[i].in * jobs[i].in);
    check("  pthread_self in the thread == handle", pthread_equal(jobs[i].self_seen, th[i]), 1);
    check("  thread id is not the main thread's",
          jobs[i].tid != pthread_getthreadid_np() && jobs[i].tid > 0, 1);
  }
  check("thread ids differ", jobs[0].tid != jobs[1].tid, 1);
  check("pthread_equal(self, self)", pthread_equal(pthread_self(), pthread_self()), 1);
  check("pthread_equal(self, other)", pthread_equal(pthread_self(), th[0]), 0);
  check("scePthreadSelf == pthread_self", scePthreadSelf() == pthread_self(), 1);
  check("scePthreadGetthreadid == pthread_getthreadid_np",
        scePthreadGetthreadid() == pthread_getthreadid_np(), 1);

  pthread_t t;
  void *ret = NULL;
  check("pthread_exit value: create", pthread_create(&t, NULL, exits_early, (void *)21), 0);
  check("pthread_exit value: join", pthread_join(t, &ret), 0);
  check("pthread_exit value", (long)ret, 42);
  check("join of a joined thread: ESRCH", pthread_join(t, NULL), ESRCH);

  ScePthread st;
  int seen = 0;
  check("scePthreadCreate", scePthreadCreate(&st, NULL, sce_entry, &seen, "sce thread"), 0);
  check("scePthreadJoin", scePthreadJoin(st, &ret), 0);
  check("scePthreadExit value", (long)ret, 7);
  check("scePthread thread ran", seen, 42);
  check("scePthreadJoin of a joined thread", scePthreadJoin(st, NULL), SCE_KERNEL_ERROR_ESRCH);

  check("join self: EDEADLK", pthread_join(pthread_self(), NULL), EDEADLK);
  check("scePthreadJoin self", scePthreadJoin(scePthreadSelf(), NULL), SCE_KERNEL_ERROR_EDEADLK);
  check("join NULL: EINVAL", pthread_join(NULL, NULL), EINVAL);
  check("scePthreadJoin NULL", scePthreadJoin(NULL, NULL), SCE_KERNEL_ERROR_EINVAL);
  check("join of a wild handle: ESRCH", pthread_join((pthread_t)&seen, NULL), ESRCH);
  check("scePthreadCreate without a handle", scePthreadCreate(NULL, NULL, sce_entry, &seen, "x"),
        SCE_KERNEL_ERROR_EINVAL);

  pthread_t d;
  check("detach: create", pthread_create(&d, NULL, waits, NULL), 0);
  check("detach", pthread_detach(d), 0);
  check("join of a detached thread: EINVAL", pthread_join(d, NULL), EINVAL);
  check("detach twice: EINVAL", pthread_detach(d), EINVAL);
  __atomic_store_n(&spin_release, 1, __ATOMIC_RELEASE);

  /* timed join: the deadline passes while the thread runs, then a plain join works */
  __atomic_store_n(&spin_release, 0, __ATOMIC_RELEASE);
  check("timedjoin: create", pthread_create(&t, NULL, waits, NULL), 0);
  struct timespec when;
  clock_gettime(CLOCK_REALTIME, &when);
  when.tv_nsec += 50 * 1000 * 1000;
  if (when.tv_nsec >= 1000000000) {
    when.tv_sec++;
    when.tv_nsec -= 1000000000;
  }
  check("timedjoin before the end: ETIMEDOUT", pthread_timedjoin_np(t, NULL, &when), ETIMEDOUT);
  when.tv_nsec = 1000000000;
  check("timedjoin with a bad time: EINVAL", pthread_timedjoin_np(t, NULL, &when), EINVAL);
  __atomic_store_n(&spin_release, 1, __ATOMIC_RELEASE);
  check("join after the time-out", pthread_join(t, NULL), 0);

  create_suspended();

  printf("%s\n", failures ? "FAILED" : "all ok");
  return failures != 0;
}
