/* libkernel: synchronisation (mutexes, condition variables, rwlocks, barriers, semaphores, event
 * flags). The functions behind table_sync.inc (and posix_sync.inc where the area has POSIX names);
 * libkernel_table.c and posix_table.c include this header. pthread_* return an errno value, sem_*
 * -1 and errno, scePthread* and sceKernel* an SCE code. */
#ifndef PROSPERO_HLE_LIBKERNEL_SYNC_H
#define PROSPERO_HLE_LIBKERNEL_SYNC_H

#include <stdint.h>

#include "hle/libkernel/libkernel.h" /* struct guest_timespec */

struct kthread;

/* mutexes, mutex attributes, spinlocks (kernel_sync_mutex.c) */
int kernel_pthread_mutex_init(uint64_t *mutex, const uint64_t *attr);
int kernel_pthread_mutex_destroy(uint64_t *mutex);
int kernel_pthread_mutex_lock(uint64_t *mutex);
int kernel_pthread_mutex_trylock(uint64_t *mutex);
int kernel_pthread_mutex_timedlock(uint64_t *mutex, const struct guest_timespec *abstime);
int kernel_pthread_mutex_reltimedlock_np(uint64_t *mutex, uint64_t usec);
int kernel_pthread_mutex_unlock(uint64_t *mutex);
int kernel_pthread_mutex_isowned_np(uint64_t *mutex);
int kernel_pthread_mutex_setname_np(uint64_t *mutex, const char *name);
int kernel_pthread_mutex_getprioceiling(uint64_t *mutex, int *ceiling);
int kernel_pthread_mutex_setprioceiling(uint64_t *mutex, int ceiling, int *old);
int kernel_sce_mutex_init(uint64_t *mutex, const uint64_t *attr, const char *name);
int kernel_sce_mutex_init_for_libc(uint64_t *mutex, const uint64_t *attr);
int kernel_sce_mutex_destroy(uint64_t *mutex);
int kernel_sce_mutex_lock(uint64_t *mutex);
int kernel_sce_mutex_trylock(uint64_t *mutex);
int kernel_sce_mutex_timedlock(uint64_t *mutex, uint32_t usec);
int kernel_sce_mutex_unlock(uint64_t *mutex);
int kernel_sce_mutex_getprioceiling(uint64_t *mutex, int *ceiling);
int kernel_sce_mutex_setprioceiling(uint64_t *mutex, int ceiling, int *old);
int kernel_pthread_mutexattr_init(uint64_t *attr);
int kernel_pthread_mutexattr_destroy(uint64_t *attr);
int kernel_pthread_mutexattr_settype(uint64_t *attr, int type);
int kernel_pthread_mutexattr_gettype(const uint64_t *attr, int *type);
int kernel_pthread_mutexattr_setprotocol(uint64_t *attr, int protocol);
int kernel_pthread_mutexattr_getprotocol(const uint64_t *attr, int *protocol);
int kernel_pthread_mutexattr_setprioceiling(uint64_t *attr, int ceiling);
int kernel_pthread_mutexattr_getprioceiling(const uint64_t *attr, int *ceiling);
int kernel_pthread_mutexattr_setpshared(uint64_t *attr, int pshared);
int kernel_pthread_mutexattr_getpshared(const uint64_t *attr, int *pshared);
int kernel_sce_mutexattr_init(uint64_t *attr);
int kernel_sce_mutexattr_init_for_libc(uint64_t *attr);
int kernel_sce_mutexattr_destroy(uint64_t *attr);
int kernel_sce_mutexattr_settype(uint64_t *attr, int type);
int kernel_sce_mutexattr_gettype(const uint64_t *attr, int *type);
int kernel_sce_mutexattr_setprotocol(uint64_t *attr, int protocol);
int kernel_sce_mutexattr_getprotocol(const uint64_t *attr, int *protocol);
int kernel_sce_mutexattr_setprioceiling(uint64_t *attr, int ceiling);
int kernel_sce_mutexattr_getprioceiling(const uint64_t *attr, int *ceiling);
int kernel_pthread_spin_init(uint64_t *lock, int pshared);
int kernel_pthread_spin_destroy(uint64_t *lock);
int kernel_pthread_spin_lock(uint64_t *lock);
int kernel_pthread_spin_trylock(uint64_t *lock);
int kernel_pthread_spin_unlock(uint64_t *lock);

/* condition variables and their attributes (kernel_sync_cond.c) */
int kernel_pthread_cond_init(uint64_t *cond, const uint64_t *attr);
int kernel_pthread_cond_destroy(uint64_t *cond);
int kernel_pthread_cond_wait(uint64_t *cond, uint64_t *mutex);
int kernel_pthread_cond_timedwait(uint64_t *cond, uint64_t *mutex,
                                  const struct guest_timespec *abstime);
int kernel_pthread_cond_reltimedwait_np(uint64_t *cond, uint64_t *mutex, uint64_t usec);
int kernel_pthread_cond_signal(uint64_t *cond);
int kernel_pthread_cond_broadcast(uint64_t *cond);
int kernel_pthread_cond_signalto_np(uint64_t *cond, struct kthread *thread);
int kernel_sce_cond_init(uint64_t *cond, const uint64_t *attr, const char *name);
int kernel_sce_cond_destroy(uint64_t *cond);
int kernel_sce_cond_wait(uint64_t *cond, uint64_t *mutex);
int kernel_sce_cond_timedwait(uint64_t *cond, uint64_t *mutex, uint32_t usec);
int kernel_sce_cond_signal(uint64_t *cond);
int kernel_sce_cond_broadcast(uint64_t *cond);
int kernel_sce_cond_signalto(uint64_t *cond, struct kthread *thread);
int kernel_pthread_condattr_init(uint64_t *attr);
int kernel_pthread_condattr_destroy(uint64_t *attr);
int kernel_pthread_condattr_setclock(uint64_t *attr, int clock);
int kernel_pthread_condattr_getclock(const uint64_t *attr, int *clock);
int kernel_pthread_condattr_setpshared(uint64_t *attr, int pshared);
int kernel_pthread_condattr_getpshared(const uint64_t *attr, int *pshared);
int kernel_sce_condattr_init(uint64_t *attr);
int kernel_sce_condattr_destroy(uint64_t *attr);

/* rwlocks, barriers and their attributes (kernel_sync_rwlock.c) */
int kernel_pthread_rwlock_init(uint64_t *rwlock, const uint64_t *attr);
int kernel_pthread_rwlock_destroy(uint64_t *rwlock);
int kernel_pthread_rwlock_rdlock(uint64_t *rwlock);
int kernel_pthread_rwlock_wrlock(uint64_t *rwlock);
int kernel_pthread_rwlock_tryrdlock(uint64_t *rwlock);
int kernel_pthread_rwlock_trywrlock(uint64_t *rwlock);
int kernel_pthread_rwlock_timedrdlock(uint64_t *rwlock, const struct guest_timespec *abstime);
int kernel_pthread_rwlock_timedwrlock(uint64_t *rwlock, const struct guest_timespec *abstime);
int kernel_pthread_rwlock_unlock(uint64_t *rwlock);
int kernel_sce_rwlock_init(uint64_t *rwlock, const uint64_t *attr, const char *name);
int kernel_sce_rwlock_destroy(uint64_t *rwlock);
int kernel_sce_rwlock_rdlock(uint64_t *rwlock);
int kernel_sce_rwlock_wrlock(uint64_t *rwlock);
int kernel_sce_rwlock_tryrdlock(uint64_t *rwlock);
int kernel_sce_rwlock_trywrlock(uint64_t *rwlock);
int kernel_sce_rwlock_timedrdlock(uint64_t *rwlock, uint32_t usec);
int kernel_sce_rwlock_timedwrlock(uint64_t *rwlock, uint32_t usec);
int kernel_sce_rwlock_unlock(uint64_t *rwlock);
int kernel_pthread_rwlockattr_init(uint64_t *attr);
int kernel_pthread_rwlockattr_destroy(uint64_t *attr);
int kernel_pthread_rwlockattr_setpshared(uint64_t *attr, int pshared);
int kernel_pthread_rwlockattr_getpshared(const uint64_t *attr, int *pshared);
int kernel_sce_rwlockattr_init(uint64_t *attr);
int kernel_sce_rwlockattr_destroy(uint64_t *attr);
int kernel_pthread_barrier_init(uint64_t *barrier, const uint64_t *attr, unsigned count);
int kernel_pthread_barrier_destroy(uint64_t *barrier);
int kernel_pthread_barrier_wait(uint64_t *barrier);
int kernel_pthread_barrierattr_init(uint64_t *attr);
int kernel_pthread_barrierattr_destroy(uint64_t *attr);
int kernel_pthread_barrierattr_setpshared(uint64_t *attr, int pshared);
int kernel_pthread_barrierattr_getpshared(const uint64_t *attr, int *pshared);
int kernel_sce_barrier_init(uint64_t *barrier, const uint64_t *attr, unsigned count,
                            const char *name);
int kernel_sce_barrier_destroy(uint64_t *barrier);
int kernel_sce_barrier_wait(uint64_t *barrier);
int kernel_sce_barrierattr_init(uint64_t *attr);
int kernel_sce_barrierattr_destroy(uint64_t *attr);
int kernel_pthread_rwlockattr_settype_np(uint64_t *attr, int type);
int kernel_pthread_rwlockattr_gettype_np(const uint64_t *attr, int *type);
int kernel_pthread_rwlock_reltimedrdlock_np(uint64_t *rwlock, uint32_t usec);
int kernel_pthread_rwlock_reltimedwrlock_np(uint64_t *rwlock, uint32_t usec);
int kernel_sce_rwlockattr_settype(uint64_t *attr, int type);
int kernel_sce_rwlockattr_gettype(const uint64_t *attr, int *type);
int kernel_sce_rwlockattr_setpshared(uint64_t *attr, int pshared);
int kernel_sce_rwlockattr_getpshared(const uint64_t *attr, int *pshared);

/* POSIX semaphores, kernel semaphores, event flags (kernel_sync_sema.c) */
int kernel_sem_init(uint64_t *sem, int pshared, unsigned value);
int kernel_sem_destroy(uint64_t *sem);
int kernel_sem_wait(uint64_t *sem);
int kernel_sem_trywait(uint64_t *sem);
int kernel_sem_timedwait(uint64_t *sem, const struct guest_timespec *abstime);
int kernel_sem_post(uint64_t *sem);
int kernel_sem_getvalue(uint64_t *sem, int *value);
int kernel_sem_reltimedwait_np(uint64_t *sem, uint32_t usec);
int kernel_sem_setname(uint64_t *sem, const char *name);
int kernel_sce_sem_init(uint64_t *sem, int flag, unsigned value, const char *name);
int kernel_sce_sem_destroy(uint64_t *sem);
int kernel_sce_sem_wait(uint64_t *sem);
int kernel_sce_sem_trywait(uint64_t *sem);
int kernel_sce_sem_timedwait(uint64_t *sem, uint32_t usec);
int kernel_sce_sem_post(uint64_t *sem);
int kernel_sce_sem_getvalue(uint64_t *sem, int *value);
int kernel_create_sema(uint32_t *sema, const char *name, uint32_t attr, int init, int max,
                       const void *opt);
int kernel_wait_sema(uint32_t sema, int need, uint32_t *timeout_us);
int kernel_poll_sema(uint32_t sema, int need);
int kernel_signal_sema(uint32_t sema, int count);
int kernel_cancel_sema(uint32_t sema, int count, int *waiters);
int kernel_delete_sema(uint32_t sema);
int kernel_create_event_flag(uint64_t *evf, const char *name, uint32_t attr, uint64_t bits,
                             const void *opt);
int kernel_wait_event_flag(uint64_t evf, uint64_t pattern, uint32_t mode, uint64_t *result,
                           uint32_t *timeout_us);
int kernel_poll_event_flag(uint64_t evf, uint64_t pattern, uint32_t mode, uint64_t *result);
int kernel_set_event_flag(uint64_t evf, uint64_t pattern);
int kernel_clear_event_flag(uint64_t evf, uint64_t pattern);
int kernel_cancel_event_flag(uint64_t evf, uint64_t pattern, int *waiters);
int kernel_delete_event_flag(uint64_t evf);

#endif
