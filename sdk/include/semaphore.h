/* POSIX semaphores (library libScePosix of module libkernel). A sem_t is a handle the
 * library fills; the functions return 0, or -1 with errno set (FreeBSD's numbers). */
#ifndef _PROSPERO_SEMAPHORE_H
#define _PROSPERO_SEMAPHORE_H

#include <time.h>

#include "_prospero_cdefs.h"

typedef struct _sem *sem_t;

#define SEM_VALUE_MAX 0x7fffffff
#define SEM_FAILED ((sem_t *)0)

__PROSPERO_BEGIN_DECLS
int sem_init(sem_t *sem, int pshared, unsigned int value);
int sem_destroy(sem_t *sem);
int sem_wait(sem_t *sem);
int sem_trywait(sem_t *sem);
int sem_timedwait(sem_t *sem, const struct timespec *abstime);
int sem_post(sem_t *sem);
int sem_getvalue(sem_t *sem, int *value);
int sem_reltimedwait_np(sem_t *sem, unsigned int usec);
int sem_setname(sem_t *sem, const char *name);
__PROSPERO_END_DECLS

#endif
