/* kernel.h, part: synchronisation (mutexes, condition variables, rwlocks, barriers,
 * semaphores, event flags). Included by kernel.h; include <kernel.h>, not this file.
 * scePthread* and sceKernel* return 0 or an SCE error code (0x80020000 + FreeBSD errno). */
#ifndef _PROSPERO_KERNEL_SYNC_H
#define _PROSPERO_KERNEL_SYNC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"
#include "_prospero_pthread_types.h"

#define SCE_KERNEL_ERROR_EPERM ((int)0x80020001)
#define SCE_KERNEL_ERROR_ESRCH ((int)0x80020003)
#define SCE_KERNEL_ERROR_EDEADLK ((int)0x8002000B)
#define SCE_KERNEL_ERROR_ETIMEDOUT ((int)0x8002003C)
#define SCE_KERNEL_ERROR_ENAMETOOLONG ((int)0x8002003F)
#define SCE_KERNEL_ERROR_EOVERFLOW ((int)0x80020054)
#define SCE_KERNEL_ERROR_ECANCELED ((int)0x80020055)

/* Handles: pointers to objects the library creates (a static NULL handle is created on
 * first use), except the kernel semaphore, which is a kernel object id. */
typedef pthread_mutex_t ScePthreadMutex;
typedef pthread_mutexattr_t ScePthreadMutexattr;
typedef pthread_cond_t ScePthreadCond;
typedef pthread_condattr_t ScePthreadCondattr;
typedef pthread_rwlock_t ScePthreadRwlock;
typedef pthread_rwlockattr_t ScePthreadRwlockattr;
typedef pthread_barrier_t ScePthreadBarrier;
typedef pthread_barrierattr_t ScePthreadBarrierattr;
typedef struct _sem *ScePthreadSem; /* the same handle as sem_t */
typedef int32_t SceKernelSema;
typedef struct SceKernelEventFlag_ *SceKernelEventFlag;

#define SCE_PTHREAD_MUTEX_ERRORCHECK 1 /* the default */
#define SCE_PTHREAD_MUTEX_RECURSIVE 2
#define SCE_PTHREAD_MUTEX_NORMAL 3
#define SCE_PTHREAD_MUTEX_ADAPTIVE 4
#define SCE_PTHREAD_MUTEX_DEFAULT SCE_PTHREAD_MUTEX_ERRORCHECK
#define SCE_PTHREAD_PRIO_NONE 0
#define SCE_PTHREAD_PRIO_INHERIT 1
#define SCE_PTHREAD_PRIO_PROTECT 2
#define SCE_PTHREAD_BARRIER_SERIAL_THREAD (-1)

#define SCE_KERNEL_SEMA_ATTR_TH_FIFO 0x01
#define SCE_KERNEL_SEMA_ATTR_TH_PRIO 0x02

#define SCE_KERNEL_EVF_ATTR_TH_FIFO 0x01
#define SCE_KERNEL_EVF_ATTR_TH_PRIO 0x02
#define SCE_KERNEL_EVF_ATTR_SINGLE 0x10
#define SCE_KERNEL_EVF_ATTR_MULTI 0x20
#define SCE_KERNEL_EVF_WAITMODE_AND 0x01
#define SCE_KERNEL_EVF_WAITMODE_OR 0x02
#define SCE_KERNEL_EVF_WAITMODE_CLEAR_ALL 0x10
#define SCE_KERNEL_EVF_WAITMODE_CLEAR_PAT 0x20

__PROSPERO_BEGIN_DECLS
int scePthreadMutexInit(ScePthreadMutex *mutex, const ScePthreadMutexattr *attr, const char *name);
int scePthreadMutexDestroy(ScePthreadMutex *mutex);
int scePthreadMutexLock(ScePthreadMutex *mutex);
int scePthreadMutexTrylock(ScePthreadMutex *mutex);
int scePthreadMutexTimedlock(ScePthreadMutex *mutex, SceKernelUseconds usec);
int scePthreadMutexUnlock(ScePthreadMutex *mutex);
int scePthreadMutexGetprioceiling(ScePthreadMutex *mutex, int *prio);
int scePthreadMutexSetprioceiling(ScePthreadMutex *mutex, int prio, int *old_prio);
int scePthreadMutexattrInit(ScePthreadMutexattr *attr);
int scePthreadMutexattrDestroy(ScePthreadMutexattr *attr);
int scePthreadMutexattrSettype(ScePthreadMutexattr *attr, int type);
int scePthreadMutexattrGettype(const ScePthreadMutexattr *attr, int *type);
int scePthreadMutexattrSetprotocol(ScePthreadMutexattr *attr, int protocol);
int scePthreadMutexattrGetprotocol(const ScePthreadMutexattr *attr, int *protocol);
int scePthreadMutexattrSetprioceiling(ScePthreadMutexattr *attr, int prio);
int scePthreadMutexattrGetprioceiling(const ScePthreadMutexattr *attr, int *prio);

int scePthreadCondInit(ScePthreadCond *cond, const ScePthreadCondattr *attr, const char *name);
int scePthreadCondDestroy(ScePthreadCond *cond);
int scePthreadCondWait(ScePthreadCond *cond, ScePthreadMutex *mutex);
int scePthreadCondTimedwait(ScePthreadCond *cond, ScePthreadMutex *mutex, SceKernelUseconds usec);
int scePthreadCondSignal(ScePthreadCond *cond);
/* Wakes THREAD if it waits on COND (NULL: any one waiter). */
int scePthreadCondSignalto(ScePthreadCond *cond, ScePthread thread);
int scePthreadCondBroadcast(ScePthreadCond *cond);
int scePthreadCondattrInit(ScePthreadCondattr *attr);
int scePthreadCondattrDestroy(ScePthreadCondattr *attr);

int scePthreadRwlockInit(ScePthreadRwlock *rwlock, const ScePthreadRwlockattr *attr,
                         const char *name);
int scePthreadRwlockDestroy(ScePthreadRwlock *rwlock);
int scePthreadRwlockRdlock(ScePthreadRwlock *rwlock);
int scePthreadRwlockWrlock(ScePthreadRwlock *rwlock);
int scePthreadRwlockTryrdlock(ScePthreadRwlock *rwlock);
int scePthreadRwlockTrywrlock(ScePthreadRwlock *rwlock);
int scePthreadRwlockTimedrdlock(ScePthreadRwlock *rwlock, SceKernelUseconds usec);
int scePthreadRwlockTimedwrlock(ScePthreadRwlock *rwlock, SceKernelUseconds usec);
int scePthreadRwlockUnlock(ScePthreadRwlock *rwlock);
int scePthreadRwlockattrInit(ScePthreadRwlockattr *attr);
int scePthreadRwlockattrDestroy(ScePthreadRwlockattr *attr);
int scePthreadRwlockattrSettype(ScePthreadRwlockattr *attr, int type);
int scePthreadRwlockattrGettype(const ScePthreadRwlockattr *attr, int *type);
int scePthreadRwlockattrSetpshared(ScePthreadRwlockattr *attr, int pshared);
int scePthreadRwlockattrGetpshared(const ScePthreadRwlockattr *attr, int *pshared);

int scePthreadBarrierInit(ScePthreadBarrier *barrier, const ScePthreadBarrierattr *attr,
                          unsigned int count, const char *name);
int scePthreadBarrierDestroy(ScePthreadBarrier *barrier);
int scePthreadBarrierWait(ScePthreadBarrier *barrier);
int scePthreadBarrierattrInit(ScePthreadBarrierattr *attr);
int scePthreadBarrierattrDestroy(ScePthreadBarrierattr *attr);

int scePthreadSemInit(ScePthreadSem *sem, int flag, unsigned int value, const char *name);
int scePthreadSemDestroy(ScePthreadSem *sem);
int scePthreadSemWait(ScePthreadSem *sem);
int scePthreadSemTrywait(ScePthreadSem *sem);
int scePthreadSemTimedwait(ScePthreadSem *sem, SceKernelUseconds usec);
int scePthreadSemPost(ScePthreadSem *sem);
int scePthreadSemGetvalue(ScePthreadSem *sem, int *value);

int sceKernelCreateSema(SceKernelSema *sema, const char *name, uint32_t attr, int init_count,
                        int max_count, const void *opt);
int sceKernelWaitSema(SceKernelSema sema, int need_count, SceKernelUseconds *timeout);
int sceKernelPollSema(SceKernelSema sema, int need_count);
int sceKernelSignalSema(SceKernelSema sema, int signal_count);
int sceKernelCancelSema(SceKernelSema sema, int set_count, int *num_waiting_threads);
int sceKernelDeleteSema(SceKernelSema sema);

int sceKernelCreateEventFlag(SceKernelEventFlag *evf, const char *name, uint32_t attr,
                             uint64_t init_pattern, const void *opt);
int sceKernelWaitEventFlag(SceKernelEventFlag evf, uint64_t pattern, uint32_t wait_mode,
                           uint64_t *result_pattern, SceKernelUseconds *timeout);
int sceKernelPollEventFlag(SceKernelEventFlag evf, uint64_t pattern, uint32_t wait_mode,
                           uint64_t *result_pattern);
int sceKernelSetEventFlag(SceKernelEventFlag evf, uint64_t pattern);
int sceKernelClearEventFlag(SceKernelEventFlag evf, uint64_t pattern);
int sceKernelCancelEventFlag(SceKernelEventFlag evf, uint64_t set_pattern,
                             int *num_waiting_threads);
int sceKernelDeleteEventFlag(SceKernelEventFlag evf);
__PROSPERO_END_DECLS

#endif
