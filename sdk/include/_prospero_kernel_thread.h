/* kernel.h, part: threads (scePthread*). Included by kernel.h; include <kernel.h>, not this
 * file. The Sony names return 0 or an SCE error code (0x80020000 + errno). ScePthread and
 * ScePthreadAttr are pointers to objects the library allocates, as pthread_t and
 * pthread_attr_t are. */
#ifndef _PROSPERO_KERNEL_THREAD_H
#define _PROSPERO_KERNEL_THREAD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"
#include "_prospero_pthread_types.h"

typedef pthread_t ScePthread;
typedef pthread_attr_t ScePthreadAttr;
typedef pthread_key_t ScePthreadKey;
typedef pthread_once_t ScePthreadOnce;
typedef uint64_t SceKernelCpumask;

typedef struct SceKernelSchedParam {
  int sched_priority;
} SceKernelSchedParam;

#define SCE_PTHREAD_ONCE_INIT \
  { 0, NULL }
#define SCE_PTHREAD_DESTRUCTOR_ITERATIONS 4
#define SCE_PTHREAD_KEYS_MAX 256
#define SCE_PTHREAD_STACK_MIN 16384
#define SCE_PTHREAD_NAME_MAX 32 /* bytes of a name, with its terminating zero */

#define SCE_PTHREAD_CREATE_JOINABLE 0
#define SCE_PTHREAD_CREATE_DETACHED 1
#define SCE_PTHREAD_EXPLICIT_SCHED 0
#define SCE_PTHREAD_INHERIT_SCHED 4
#define SCE_PTHREAD_CANCEL_ENABLE 0
#define SCE_PTHREAD_CANCEL_DISABLE 1
#define SCE_PTHREAD_CANCEL_DEFERRED 0
#define SCE_PTHREAD_CANCEL_ASYNCHRONOUS 2
#define SCE_PTHREAD_CANCELED ((void *)1)

#define SCE_KERNEL_SCHED_FIFO 1
#define SCE_KERNEL_SCHED_OTHER 2
#define SCE_KERNEL_SCHED_RR 3
#define SCE_KERNEL_PRIO_FIFO_HIGHEST 256
#define SCE_KERNEL_PRIO_FIFO_LOWEST 767
#define SCE_KERNEL_PRIO_FIFO_DEFAULT 700

#define SCE_KERNEL_ERROR_ESRCH ((int)0x80020003)
#define SCE_KERNEL_ERROR_EDEADLK ((int)0x8002000B)
#define SCE_KERNEL_ERROR_ENOTSUP ((int)0x8002002D)

__PROSPERO_BEGIN_DECLS
int scePthreadCreate(ScePthread *thread, const ScePthreadAttr *attr, void *(*entry)(void *),
                     void *arg, const char *name);
int scePthreadJoin(ScePthread thread, void **value);
int scePthreadDetach(ScePthread thread);
__PROSPERO_NORETURN void scePthreadExit(void *value);
ScePthread scePthreadSelf(void);
int scePthreadEqual(ScePthread a, ScePthread b);
void scePthreadYield(void);
int scePthreadOnce(ScePthreadOnce *once, void (*init)(void));
int scePthreadCancel(ScePthread thread);
int scePthreadSetcancelstate(int state, int *oldstate);
int scePthreadSetcanceltype(int type, int *oldtype);
void scePthreadTestcancel(void);
int scePthreadRename(ScePthread thread, const char *name);
int scePthreadGetname(ScePthread thread, char *name); /* NAME: SCE_PTHREAD_NAME_MAX bytes */
int scePthreadGetprio(ScePthread thread, int *prio);
int scePthreadSetprio(ScePthread thread, int prio);
int scePthreadGetschedparam(ScePthread thread, int *policy, SceKernelSchedParam *param);
int scePthreadSetschedparam(ScePthread thread, int policy, const SceKernelSchedParam *param);
int scePthreadGetaffinity(ScePthread thread, SceKernelCpumask *mask);
int scePthreadSetaffinity(ScePthread thread, const SceKernelCpumask mask);
int scePthreadGetthreadid(void);
int sceKernelGetCurrentCpu(void);
/* The routine run at every thread's exit after its cleanup handlers and before its key
 * destructors (the console's libc registers its thread_local destructors this way). */
void _sceKernelSetThreadDtors(void (*dtors)(void));

int scePthreadAttrInit(ScePthreadAttr *attr);
int scePthreadAttrDestroy(ScePthreadAttr *attr);
int scePthreadAttrGet(ScePthread thread, ScePthreadAttr *attr); /* a running thread's */
int scePthreadAttrGetdetachstate(const ScePthreadAttr *attr, int *state);
int scePthreadAttrSetdetachstate(ScePthreadAttr *attr, int state);
/* Lets a thread made suspended (pthread_attr_setcreatesuspend_np) or suspended by
 * scePthreadSuspend run. */
int scePthreadResume(ScePthread thread);
/* Stops THREAD until scePthreadResume (SCE_KERNEL_ERROR_EDEADLK for the caller itself). */
int scePthreadSuspend(ScePthread thread);
int scePthreadAttrGetguardsize(const ScePthreadAttr *attr, size_t *size);
int scePthreadAttrSetguardsize(ScePthreadAttr *attr, size_t size);
int scePthreadAttrGetinheritsched(const ScePthreadAttr *attr, int *inherit);
int scePthreadAttrSetinheritsched(ScePthreadAttr *attr, int inherit);
int scePthreadAttrGetschedparam(const ScePthreadAttr *attr, SceKernelSchedParam *param);
int scePthreadAttrSetschedparam(ScePthreadAttr *attr, const SceKernelSchedParam *param);
int scePthreadAttrGetschedpolicy(const ScePthreadAttr *attr, int *policy);
int scePthreadAttrSetschedpolicy(ScePthreadAttr *attr, int policy);
int scePthreadAttrGetscope(const ScePthreadAttr *attr, int *scope);
int scePthreadAttrSetscope(ScePthreadAttr *attr, int scope);
int scePthreadAttrGetstack(const ScePthreadAttr *attr, void **addr, size_t *size);
int scePthreadAttrSetstack(ScePthreadAttr *attr, void *addr, size_t size);
int scePthreadAttrGetstackaddr(const ScePthreadAttr *attr, void **addr);
int scePthreadAttrSetstackaddr(ScePthreadAttr *attr, void *addr);
int scePthreadAttrGetstacksize(const ScePthreadAttr *attr, size_t *size);
int scePthreadAttrSetstacksize(ScePthreadAttr *attr, size_t size);
int scePthreadAttrGetaffinity(const ScePthreadAttr *attr, SceKernelCpumask *mask);
int scePthreadAttrSetaffinity(ScePthreadAttr *attr, const SceKernelCpumask mask);

int scePthreadKeyCreate(ScePthreadKey *key, void (*destructor)(void *));
int scePthreadKeyDelete(ScePthreadKey key);
void *scePthreadGetspecific(ScePthreadKey key);
int scePthreadSetspecific(ScePthreadKey key, const void *value);
__PROSPERO_END_DECLS

#endif
