/* Counting semaphores: POSIX sem_t (FreeBSD's usem: a count word and a waiter count) and
 * the console's kernel semaphores (sceKernelCreateSema: counts taken several at a time, a
 * maximum, FIFO or priority wake order, cancel and delete that release every waiter with an
 * error). Event flags are in sync_evf.h. Results are 0 or -(FreeBSD errno). */
#ifndef PROSPERO_KERNEL_SYNC_SEMA_H
#define PROSPERO_KERNEL_SYNC_SEMA_H

#include <stdint.h>

#include "kernel/sync_wait.h"

#define SYNC_SEM_VALUE_MAX 0x7fffffff /* FreeBSD's SEM_VALUE_MAX */

struct sync_sem {
  uint32_t value; /* futex word */
  uint32_t waiters;
};
int sync_sem_init(struct sync_sem *s, uint32_t value); /* -EINVAL above SEM_VALUE_MAX */
int sync_sem_trywait(struct sync_sem *s);              /* -EAGAIN when 0 */
/* -ETIMEDOUT; -EINTR when interrupted (sync_wait_set_interruptible). */
int sync_sem_wait(struct sync_sem *s, const struct sync_deadline *d);
int sync_sem_post(struct sync_sem *s); /* -EOVERFLOW at SEM_VALUE_MAX */
int sync_sem_getvalue(const struct sync_sem *s);
int sync_sem_check_destroy(const struct sync_sem *s); /* -EBUSY with waiters */

/* sceKernelCreateSema's attributes. */
enum {
  SYNC_SEMA_TH_FIFO = 0x01,
  SYNC_SEMA_TH_PRIO = 0x02,
};

struct sync_sema {
  struct sync_lock lock;
  struct sync_queue q;
  int32_t count, max, init;
  uint32_t attr;
  uint8_t deleted;
  char name[32];
};
/* -EINVAL for a bad attribute or counts (init < 0, max <= 0, init > max). */
int sync_sema_init(struct sync_sema *s, const char *name, uint32_t attr, int32_t init, int32_t max);
/* Takes NEED (1..max). TIMEOUT_US: NULL waits forever, else the budget in microseconds,
 * rewritten with what remains (0 after a timeout). PRIO orders priority waiters.
 * -EINVAL, -ETIMEDOUT, -ECANCELED (sync_sema_cancel), -EACCES (deleted while waiting). */
int sync_sema_wait(struct sync_sema *s, int32_t need, uint32_t *timeout_us, int prio);
int sync_sema_poll(struct sync_sema *s, int32_t need); /* -EBUSY when short, -EINVAL */
int sync_sema_signal(struct sync_sema *s, int32_t n);  /* -EINVAL past the maximum */
/* Releases every waiter with -ECANCELED, sets the count (SET < 0: the initial count);
 * WAITERS (may be NULL) gets how many were released. -EINVAL when SET > max. */
int sync_sema_cancel(struct sync_sema *s, int32_t set, int *waiters);
/* Marks S deleted and releases every waiter with -EACCES; the caller then frees the object
 * (released waiters no longer read it). */
void sync_sema_delete(struct sync_sema *s);

#endif
