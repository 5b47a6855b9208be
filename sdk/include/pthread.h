/* pthread.h of the console's libc (FreeBSD libthr, exported by libkernel and libScePosix):
 * threads, attributes, cancellation, keys, once. Functions return 0 or an errno value (not
 * -1). Handles are pointers to objects the library allocates (_prospero_pthread_types.h).
 * The synchronisation objects (mutexes, condition variables, rwlocks, barriers, spinlocks)
 * are declared in the part below the thread functions. */
#ifndef _PROSPERO_PTHREAD_H
#define _PROSPERO_PTHREAD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"
#include "_prospero_pthread_types.h"
#include "sched.h"

#define PTHREAD_KEYS_MAX 256
#define PTHREAD_DESTRUCTOR_ITERATIONS 4
#define PTHREAD_STACK_MIN 16384

#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_EXPLICIT_SCHED 0
#define PTHREAD_INHERIT_SCHED 4
#define PTHREAD_SCOPE_PROCESS 0
#define PTHREAD_SCOPE_SYSTEM 2

#define PTHREAD_CANCEL_ENABLE 0
#define PTHREAD_CANCEL_DISABLE 1
#define PTHREAD_CANCEL_DEFERRED 0
#define PTHREAD_CANCEL_ASYNCHRONOUS 2
#define PTHREAD_CANCELED ((void *)1)

#define PTHREAD_ONCE_INIT \
  { 0, NULL }

/* Cleanup handlers: the record lives in the caller's frame (FreeBSD's macros). */
struct _pthread_cleanup_info {
  uintptr_t pthread_cleanup_pad[8];
};
#define pthread_cleanup_push(routine, arg)                       \
  {                                                              \
    struct _pthread_cleanup_info __cleanup_info__;               \
    __pthread_cleanup_push_imp(routine, arg, &__cleanup_info__); \
    {
#define pthread_cleanup_pop(execute)  \
  (void)0;                            \
  }                                   \
  __pthread_cleanup_pop_imp(execute); \
  }

__PROSPERO_BEGIN_DECLS
int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                   void *arg);
int pthread_create_name_np(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *),
                           void *arg, const char *name);
int pthread_join(pthread_t thread, void **value);
struct timespec;
/* ABSTIME on CLOCK_REALTIME; ETIMEDOUT when it passes before the thread ends */
int pthread_timedjoin_np(pthread_t thread, void **value, const struct timespec *abstime);
int pthread_detach(pthread_t thread);
__PROSPERO_NORETURN void pthread_exit(void *value);
pthread_t pthread_self(void);
int pthread_equal(pthread_t a, pthread_t b);
void pthread_yield(void);
int pthread_once(pthread_once_t *once, void (*init)(void));
int pthread_cancel(pthread_t thread);
int pthread_setcancelstate(int state, int *oldstate);
int pthread_setcanceltype(int type, int *oldtype);
void pthread_testcancel(void);
void __pthread_cleanup_push_imp(void (*routine)(void *), void *arg,
                                struct _pthread_cleanup_info *info);
void __pthread_cleanup_pop_imp(int execute);
int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int pthread_key_delete(pthread_key_t key);
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);
int pthread_getschedparam(pthread_t thread, int *policy, struct sched_param *param);
int pthread_setschedparam(pthread_t thread, int policy, const struct sched_param *param);
int pthread_getprio(pthread_t thread);
int pthread_setprio(pthread_t thread, int prio);
int pthread_rename_np(pthread_t thread, const char *name);
void pthread_set_name_np(pthread_t thread, const char *name);
int pthread_get_name_np(pthread_t thread, char *name); /* NAME: 32 bytes */
int pthread_getthreadid_np(void);
int pthread_getaffinity_np(pthread_t thread, size_t size, void *cpuset);
int pthread_setaffinity_np(pthread_t thread, size_t size, const void *cpuset);

int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);
int pthread_attr_get_np(pthread_t thread, pthread_attr_t *attr);
int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state);
int pthread_attr_setdetachstate(pthread_attr_t *attr, int state);
/* FreeBSD: threads made with ATTR start suspended until pthread_resume_np. */
int pthread_attr_setcreatesuspend_np(pthread_attr_t *attr);
int pthread_resume_np(pthread_t thread);
/* FreeBSD: stops THREAD until pthread_resume_np (EDEADLK for the caller itself). */
int pthread_suspend_np(pthread_t thread);
int pthread_attr_getguardsize(const pthread_attr_t *attr, size_t *size);
int pthread_attr_setguardsize(pthread_attr_t *attr, size_t size);
int pthread_attr_getinheritsched(const pthread_attr_t *attr, int *inherit);
int pthread_attr_setinheritsched(pthread_attr_t *attr, int inherit);
int pthread_attr_getschedparam(const pthread_attr_t *attr, struct sched_param *param);
int pthread_attr_setschedparam(pthread_attr_t *attr, const struct sched_param *param);
int pthread_attr_getschedpolicy(const pthread_attr_t *attr, int *policy);
int pthread_attr_setschedpolicy(pthread_attr_t *attr, int policy);
int pthread_attr_getscope(const pthread_attr_t *attr, int *scope);
int pthread_attr_setscope(pthread_attr_t *attr, int scope);
int pthread_attr_getstack(const pthread_attr_t *attr, void **addr, size_t *size);
int pthread_attr_setstack(pthread_attr_t *attr, void *addr, size_t size);
int pthread_attr_getstackaddr(const pthread_attr_t *attr, void **addr);
int pthread_attr_setstackaddr(pthread_attr_t *attr, void *addr);
int pthread_attr_getstacksize(const pthread_attr_t *attr, size_t *size);
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size);
int pthread_attr_getaffinity_np(const pthread_attr_t *attr, size_t size, void *cpuset);
int pthread_attr_setaffinity_np(pthread_attr_t *attr, size_t size, const void *cpuset);
__PROSPERO_END_DECLS

/* ---- synchronisation objects (mutexes, condition variables, rwlocks, ...) ---- */
#include "_prospero_pthread_sync.h"

#endif
