/* Asynchronous file I/O (the console's sceKernelAio*): submit IDs, their states, and the
 * worker pool that runs the requests.
 *
 * A submission takes 1..AIO_REQUESTS_MAX requests and gives either one submit ID for all of
 * them or one per request. An ID is SUBMITTED while none of its requests started,
 * PROCESSING while some ran and some did not finish, COMPLETED when all finished (an I/O
 * error is a finished request with the error as its value), ABORTED when it was cancelled
 * before any request started. A terminal state (COMPLETED, ABORTED) read by a poll or a wait
 * marks the ID notified: later polls and waits see AIO_STATE_NOTIFIED OR-ed into the state,
 * one flag shared by every poller and waiter.
 *
 * Workers: AIO_LANES host threads, one per lane; a request goes to the lane of its
 * descriptor (fd mod AIO_LANES), and each lane runs its requests in priority order (high,
 * mid, low) and, within a priority, in submission order: requests on one file are never
 * reordered within a priority, requests on different files run in parallel.
 *
 * Host terms: descriptors are guest descriptors run through I/O functions the caller
 * installs (the HLE's, so the result values are the guest's); results >= 0 or -(host
 * errno); per-ID states are AIO_STATE_* or -ESRCH for an unknown ID. */
#ifndef PROSPERO_KERNEL_AIO_H
#define PROSPERO_KERNEL_AIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AIO_STATE_SUBMITTED 1
#define AIO_STATE_PROCESSING 2
#define AIO_STATE_COMPLETED 3
#define AIO_STATE_ABORTED 4
#define AIO_STATE_NOTIFIED 0x10000

#define AIO_WAIT_AND 1
#define AIO_WAIT_OR 2

#define AIO_PRIORITY_LOW 1
#define AIO_PRIORITY_MID 2
#define AIO_PRIORITY_HIGH 3

#define AIO_REQUESTS_MAX 128 /* SCE_KERNEL_AIO_REQUEST_NUM_MAX */
#define AIO_IDS_MAX 128      /* SCE_KERNEL_AIO_ID_NUM_MAX: IDs per poll/wait/cancel/delete */
#define AIO_LANES 4
#define AIO_SLOTS 4096 /* submit IDs alive at once */

/* What a finished request stores in its result record (the console's SceKernelAioResult:
 * i64 returnValue at 0, u32 state at 8). */
struct aio_result {
  int64_t value;
  uint32_t state;
  uint32_t reserved;
};

struct aio_request {
  int fd;
  int64_t offset;
  uint64_t nbyte;
  void *buf;
  struct aio_result *result; /* written SUBMITTED at submission, the outcome at the end */
  int64_t error;             /* nonzero: the request fails with this value without running (a bad
                                buffer found at submission) */
};

/* The I/O a request runs: returns the value to store (bytes, or an error value). */
typedef int64_t (*aio_io_fn)(int fd, void *buf, uint64_t n, int64_t off, bool write);

/* Installs the I/O functions (once, before the first submission). */
void aio_set_io(aio_io_fn io);

/* Queues N requests. MULTIPLE: one ID per request into IDS[0..N-1]; else one ID into IDS[0].
 * 0, -EINVAL (N or PRIO out of range), -EAGAIN (no free IDs; nothing queued). */
int aio_submit(const struct aio_request *reqs, int n, int prio, bool write, bool multiple,
               int32_t *ids);

/* Per-ID states into STATES (polls mark terminal IDs notified). 0 or -EINVAL (N). */
int aio_poll(const int32_t *ids, int n, int32_t *states);

/* Waits per the console's rules (mode ignored for one ID). *USEC (NULL: no limit) is the
 * budget in microseconds; on success the remainder is written back. 0, -EINVAL (N, MODE),
 * -ETIMEDOUT (STATES then hold the current states, *USEC 0). */
int aio_wait(const int32_t *ids, int n, int32_t *states, int mode, uint32_t *usec);

/* Cancels IDs whose requests have not started; STATES get the state after the attempt. */
int aio_cancel(const int32_t *ids, int n, int32_t *states);

/* Deletes terminal IDs: per-ID 0, -ESRCH, or -EBUSY (still SUBMITTED or PROCESSING). */
int aio_delete(const int32_t *ids, int n, int32_t *results);

#endif
