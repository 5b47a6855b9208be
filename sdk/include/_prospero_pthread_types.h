/* The pthread type names of the console's libc (FreeBSD sys/_pthreadtypes.h): every object
 * handle is a pointer to an object the library allocates (pthread_attr_init, mutex init,
 * ...); keys are ints; pthread_once_t is a small struct. Shared by <pthread.h> and
 * <kernel.h>'s thread and sync parts; include those, not this file. */
#ifndef _PROSPERO_PTHREAD_TYPES_H
#define _PROSPERO_PTHREAD_TYPES_H

struct pthread;
struct pthread_attr;
struct pthread_mutex;
struct pthread_mutex_attr;
struct pthread_cond;
struct pthread_cond_attr;
struct pthread_rwlock;
struct pthread_rwlockattr;
struct pthread_barrier;
struct pthread_barrier_attr;
struct pthread_spinlock;

typedef struct pthread *pthread_t;
typedef struct pthread_attr *pthread_attr_t;
typedef struct pthread_mutex *pthread_mutex_t;
typedef struct pthread_mutex_attr *pthread_mutexattr_t;
typedef struct pthread_cond *pthread_cond_t;
typedef struct pthread_cond_attr *pthread_condattr_t;
typedef int pthread_key_t;
typedef struct pthread_once pthread_once_t;
typedef struct pthread_rwlock *pthread_rwlock_t;
typedef struct pthread_rwlockattr *pthread_rwlockattr_t;
typedef struct pthread_barrier *pthread_barrier_t;
typedef struct pthread_barrier_attr *pthread_barrierattr_t;
typedef struct pthread_spinlock *pthread_spinlock_t;

struct pthread_once {
  int state;
  pthread_mutex_t mutex;
};

#endif
