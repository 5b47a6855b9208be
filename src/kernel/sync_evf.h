/* The console's event flags (sceKernelCreateEventFlag): a 64-bit pattern that threads wait
 * on for all (AND) or any (OR) of their bits, clearing all or their bits when satisfied;
 * single- or multi-waiter; FIFO or priority order; cancel and delete release every waiter
 * with an error. Results are 0 or -(FreeBSD errno). */
#ifndef PROSPERO_KERNEL_SYNC_EVF_H
#define PROSPERO_KERNEL_SYNC_EVF_H

#include <stdint.h>

#include "kernel/sync_wait.h"

/* Attributes and wait modes, as the console numbers them. */
enum {
  SYNC_EVF_ATTR_TH_FIFO = 0x01,
  SYNC_EVF_ATTR_TH_PRIO = 0x02,
  SYNC_EVF_ATTR_SINGLE = 0x10,
  SYNC_EVF_ATTR_MULTI = 0x20,
  SYNC_EVF_WAITMODE_AND = 0x01,
  SYNC_EVF_WAITMODE_OR = 0x02,
  SYNC_EVF_WAITMODE_CLEAR_ALL = 0x10,
  SYNC_EVF_WAITMODE_CLEAR_PAT = 0x20,
};

struct sync_evf {
  struct sync_lock lock;
  struct sync_queue q;
  uint64_t bits;
  uint32_t attr;
  uint8_t deleted;
  char name[32];
};

/* -EINVAL for an attribute outside the four bits above or with both of a pair set. */
int sync_evf_init(struct sync_evf *e, const char *name, uint32_t attr, uint64_t bits);
/* Waits until PATTERN is satisfied under MODE (one of AND/OR, at most one clear mode).
 * RESULT (may be NULL) gets the pattern at the moment of success, or at the timeout or
 * cancellation. TIMEOUT_US as sync_sema_wait. PRIO orders priority waiters.
 * -EINVAL (pattern 0, bad mode), -EPERM (a single-waiter flag already has a waiter),
 * -ETIMEDOUT, -ECANCELED, -EACCES (deleted while waiting). */
int sync_evf_wait(struct sync_evf *e, uint64_t pattern, uint32_t mode, uint64_t *result,
                  uint32_t *timeout_us, int prio);
/* As wait without blocking: -EBUSY when not satisfied. */
int sync_evf_poll(struct sync_evf *e, uint64_t pattern, uint32_t mode, uint64_t *result);
int sync_evf_set(struct sync_evf *e, uint64_t pattern);   /* bits |= PATTERN, wakes */
int sync_evf_clear(struct sync_evf *e, uint64_t pattern); /* bits &= PATTERN */
/* Sets the pattern to SET and releases every waiter with -ECANCELED (their RESULT: SET);
 * WAITERS (may be NULL) gets how many. */
int sync_evf_cancel(struct sync_evf *e, uint64_t set, int *waiters);
/* Marks E deleted and releases every waiter with -EACCES; the caller then frees it. */
void sync_evf_delete(struct sync_evf *e);

#endif
