/* Read/write locks and barriers as FreeBSD's libthr defines them. Writers are preferred (a
 * new reader waits while a writer waits), except for a thread that already holds read locks,
 * which would otherwise deadlock against the writer. Results are 0 or -(FreeBSD errno). */
#ifndef PROSPERO_KERNEL_SYNC_RWLOCK_H
#define PROSPERO_KERNEL_SYNC_RWLOCK_H

#include <stdint.h>

#include "kernel/sync_wait.h"

struct sync_rwlock {
  struct sync_lock lock;
  int32_t readers; /* read holds */
  int32_t writer;  /* the writer's thread id, or 0 */
  int32_t read_waiters;
  int32_t write_waiters;
  uint32_t read_seq; /* futex words, bumped to wake readers / one writer */
  uint32_t write_seq;
  char name[32];
};

void sync_rwlock_init(struct sync_rwlock *rw, const char *name);
/* D: NULL or a deadline. -EDEADLK when the caller holds it for writing; -ETIMEDOUT;
 * -EAGAIN when the read count would overflow. */
int sync_rwlock_rdlock(struct sync_rwlock *rw, const struct sync_deadline *d);
int sync_rwlock_wrlock(struct sync_rwlock *rw, const struct sync_deadline *d);
int sync_rwlock_tryrdlock(struct sync_rwlock *rw);     /* -EBUSY */
int sync_rwlock_trywrlock(struct sync_rwlock *rw);     /* -EBUSY */
int sync_rwlock_unlock(struct sync_rwlock *rw);        /* -EPERM when not held */
int sync_rwlock_check_destroy(struct sync_rwlock *rw); /* -EBUSY while held or waited on */

/* FreeBSD's PTHREAD_BARRIER_SERIAL_THREAD: what one thread of each round gets. */
#define SYNC_BARRIER_SERIAL (-1)

struct sync_barrier {
  struct sync_lock lock;
  uint32_t count;   /* threads per round */
  uint32_t waiting; /* arrived in this round */
  uint32_t round;   /* futex word: bumped when a round completes */
  uint32_t inside;  /* threads between arrival and return (destroy waits for them) */
};
int sync_barrier_init(struct sync_barrier *b, uint32_t count); /* -EINVAL for 0 */
int sync_barrier_wait(struct sync_barrier *b); /* 0, or SYNC_BARRIER_SERIAL for one thread */
/* -EBUSY while threads wait; waits for the threads of a finished round to leave. */
int sync_barrier_check_destroy(struct sync_barrier *b);

#endif
