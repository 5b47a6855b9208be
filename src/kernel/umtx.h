/* User-space wait/wake on a 32-bit word of guest memory (the core of FreeBSD's _umtx_op
 * WAIT/WAKE and of the guest's mutexes and condition variables), on the host's futex.
 * Results: 0 or -(host errno). */
#ifndef PROSPERO_KERNEL_UMTX_H
#define PROSPERO_KERNEL_UMTX_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* Sleeps while *ADDR == EXPECTED, until woken or the timeout (NULL = none; ABSOLUTE: a
 * CLOCK_REALTIME or CLOCK_MONOTONIC deadline per REALTIME, else a relative interval).
 * Returns 0 when woken, when the value differed or on a spurious wake-up; -ETIMEDOUT. */
int umtx_wait32(const uint32_t *addr, uint32_t expected, const struct timespec *timeout,
                bool absolute, bool realtime);

/* Wakes up to COUNT waiters on ADDR; returns how many woke. */
int umtx_wake(const void *addr, int count);

#endif
