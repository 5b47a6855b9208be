/* libkernel: asynchronous file I/O (sceKernelAio*) over the kernel's submit IDs and
 * workers (kernel/aio.h). This layer checks the guest's arrays and turns the kernel's
 * per-ID values into the console's (SCE error codes in state slots and results).
 *
 * Argument order of the checks: NULL pointers EFAULT, counts (1..128) EINVAL, the wait
 * mode EINVAL, then the arrays against the guest memory map EFAULT; all of them before any
 * output is written. A request whose buffer is not guest memory is queued and finishes with
 * SCE EFAULT as its result (the console's kernel faults in its copy), a request whose result
 * record is not writable guest memory fails the whole submission with EFAULT. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel_aio.h"
#include "hle/libkernel/libkernel_thread.h"
#include "hle/syscall/sys_internal.h"
#include "kernel/aio.h"

#define ADDR(p) ((uint64_t)(uintptr_t)(p))

_Static_assert(sizeof(struct aio_result) == 16, "SceKernelAioResult is 16 bytes");

/* The I/O of one request: bytes, or the SCE error code (what result->returnValue holds). */
static int64_t aio_guest_io(int fd, void *buf, uint64_t n, int64_t off, bool write) {
  int64_t r = write ? kernel_file_pwrite(fd, buf, (size_t)n, off)
                    : kernel_file_pread(fd, buf, (size_t)n, off);
  return hle_sce_result(r);
}

static void aio_setup(void) {
  static bool done;
  if (!__atomic_exchange_n(&done, true, __ATOMIC_ACQ_REL)) aio_set_io(aio_guest_io);
}

static bool user_ok(uint64_t addr, uint64_t len, bool write) {
  return sys_user_ok(addr, len, write);
}

int kernel_aio_parse_requests(const struct kernel_aio_rw_request *req, int n, bool write,
                              struct aio_request *out, kernel_aio_user_ok_fn ok) {
  for (int i = 0; i < n; i++) {
    const struct kernel_aio_rw_request *g = &req[i];
    if (!ok(g->result, sizeof(struct aio_result), true)) return -GUEST_EFAULT;
    out[i] = (struct aio_request){
        .fd = g->fd,
        .offset = g->offset,
        .nbyte = g->nbyte,
        .buf = (void *)(uintptr_t)g->buf,
        .result = (struct aio_result *)(uintptr_t)g->result,
    };
    if (g->nbyte > INT64_MAX) out[i].error = hle_sce_result(-GUEST_EINVAL);
    else if (!ok(g->buf, g->nbyte, !write)) out[i].error = hle_sce_result(-GUEST_EFAULT);
  }
  return 0;
}

static int submit(const struct kernel_aio_rw_request *req, int n, int prio, int32_t *ids,
                  bool write, bool multiple) {
  if (!req || !ids) return -GUEST_EFAULT;
  if (n < 1 || n > AIO_REQUESTS_MAX) return -GUEST_EINVAL;
  if (prio < AIO_PRIORITY_LOW || prio > AIO_PRIORITY_HIGH) return -GUEST_EINVAL;
  if (!sys_user_ok(ADDR(req), (uint64_t)n * sizeof *req, false) ||
      !sys_user_ok(ADDR(ids), (multiple ? (uint64_t)n : 1) * sizeof *ids, true))
    return -GUEST_EFAULT;
  struct aio_request reqs[AIO_REQUESTS_MAX];
  int r = kernel_aio_parse_requests(req, n, write, reqs, user_ok);
  if (r) return r;
  aio_setup();
  r = aio_submit(reqs, n, prio, write, multiple, ids);
  return r == 0 ? 0 : -hle_errno_from_host(-r);
}

int kernel_aio_submit_read(const struct kernel_aio_rw_request *req, int n, int prio, int32_t *id) {
  return (int)hle_sce_result(submit(req, n, prio, id, false, false));
}
int kernel_aio_submit_read_multiple(const struct kernel_aio_rw_request *req, int n, int prio,
                                    int32_t *ids) {
  return (int)hle_sce_result(submit(req, n, prio, ids, false, true));
}
int kernel_aio_submit_write(const struct kernel_aio_rw_request *req, int n, int prio, int32_t *id) {
  return (int)hle_sce_result(submit(req, n, prio, id, true, false));
}
int kernel_aio_submit_write_multiple(const struct kernel_aio_rw_request *req, int n, int prio,
                                     int32_t *ids) {
  return (int)hle_sce_result(submit(req, n, prio, ids, true, true));
}

/* Checks an ID array and its output array (N entries each). */
static int check_ids(const int32_t *ids, int n, const int32_t *out) {
  if (!ids || !out) return -GUEST_EFAULT;
  if (n < 1 || n > AIO_IDS_MAX) return -GUEST_EINVAL;
  if (!sys_user_ok(ADDR(ids), (uint64_t)n * 4, false) ||
      !sys_user_ok(ADDR(out), (uint64_t)n * 4, true))
    return -GUEST_EFAULT;
  return 0;
}

/* The kernel's per-ID values in the console's terms: negative errno -> SCE error code. */
static void to_guest(const int32_t *in, int32_t *out, int n) {
  for (int i = 0; i < n; i++) out[i] = in[i] < 0 ? (int32_t)hle_sce_result(in[i]) : in[i];
}

typedef int (*id_op)(const int32_t *ids, int n, int32_t *out);

static int run_ids(id_op op, const int32_t *ids, int n, int32_t *out) {
  int r = check_ids(ids, n, out);
  if (r) return (int)hle_sce_result(r);
  int32_t local_ids[AIO_IDS_MAX], vals[AIO_IDS_MAX];
  memcpy(local_ids, ids, (size_t)n * 4);
  r = op(local_ids, n, vals);
  if (r) return (int)hle_sce_result(-hle_errno_from_host(-r));
  to_guest(vals, out, n);
  return 0;
}

int kernel_aio_poll_requests(const int32_t *ids, int n, int32_t *states) {
  return run_ids(aio_poll, ids, n, states);
}
int kernel_aio_poll_request(int32_t id, int32_t *state) {
  return kernel_aio_poll_requests(&id, 1, state);
}
int kernel_aio_cancel_requests(const int32_t *ids, int n, int32_t *states) {
  return run_ids(aio_cancel, ids, n, states);
}
int kernel_aio_cancel_request(int32_t id, int32_t *state) {
  return kernel_aio_cancel_requests(&id, 1, state);
}
int kernel_aio_delete_requests(const int32_t *ids, int n, int32_t *results) {
  return run_ids(aio_delete, ids, n, results);
}
int kernel_aio_delete_request(int32_t id, int32_t *result) {
  return kernel_aio_delete_requests(&id, 1, result);
}

/* The wait of a guest thread, in slices of AIO_WAIT_SLICE_US: a guest signal sent meanwhile
 * runs its handler on this thread between two slices and the wait goes on with the time that
 * remains (the SDK reference lists no EINTR for sceKernelAioWaitRequest(s): EFAULT, EINVAL,
 * ETIMEDOUT only); a suspend request parks the thread there. USEC: in, the budget; out, what
 * remains (0 after a time-out). */
#define AIO_WAIT_SLICE_US 20000u

static uint64_t monotonic_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static int wait_with_signals(struct kthread *self, const int32_t *ids, int n, int32_t *vals,
                             int mode, uint32_t *usec) {
  unsigned prev = kernel_thread_wait_begin(KTHREAD_WAIT_SIGNAL);
  const uint64_t start = monotonic_us();
  int r;
  for (;;) {
    if (kernel_signal_deliverable(self)) kernel_thread_deliver_signals();
    uint64_t spent = monotonic_us() - start;
    uint32_t slice = AIO_WAIT_SLICE_US;
    if (usec) {
      uint64_t left = spent >= *usec ? 0 : *usec - spent;
      if (left < slice) slice = (uint32_t)left;
    }
    r = aio_wait(ids, n, vals, mode, &slice);
    if (r != -ETIMEDOUT) break;
    if (usec && monotonic_us() - start >= *usec) break;
  }
  kernel_thread_wait_restore(prev);
  if (usec) {
    uint64_t spent = monotonic_us() - start;
    *usec = r || spent >= *usec ? 0 : (uint32_t)(*usec - spent);
  }
  return r;
}

int kernel_aio_wait_requests(const int32_t *ids, int n, int32_t *states, uint32_t mode,
                             uint32_t *usec) {
  int r = check_ids(ids, n, states);
  if (r) return (int)hle_sce_result(r);
  if (n > 1 && mode != AIO_WAIT_AND && mode != AIO_WAIT_OR)
    return (int)hle_sce_result(-GUEST_EINVAL);
  if (usec && !sys_user_ok(ADDR(usec), 4, true)) return (int)hle_sce_result(-GUEST_EFAULT);
  int32_t local_ids[AIO_IDS_MAX], vals[AIO_IDS_MAX];
  memcpy(local_ids, ids, (size_t)n * 4);
  uint32_t budget = usec ? *usec : 0;
  struct kthread *self = kernel_pthread_current_if_any();
  r = self ? wait_with_signals(self, local_ids, n, vals, (int)mode, usec ? &budget : NULL)
           : aio_wait(local_ids, n, vals, (int)mode, usec ? &budget : NULL);
  if (r && r != -ETIMEDOUT) return (int)hle_sce_result(-hle_errno_from_host(-r));
  to_guest(vals, states, n);
  if (usec) *usec = budget;
  return r ? (int)hle_sce_result(-GUEST_ETIMEDOUT) : 0;
}

int kernel_aio_wait_request(int32_t id, int32_t *state, uint32_t *usec) {
  return kernel_aio_wait_requests(&id, 1, state, AIO_WAIT_AND, usec);
}

/* ---- scheduling parameters ---- */

#define AIO_SCHED_WINDOW_MAX 128
#define AIO_DELAYED_COUNT_MAX 128
#define AIO_SPLIT_SIZE_DEFAULT 0x100000u
#define AIO_SPLIT_CHUNK_SIZE_DEFAULT 0x100000u

void kernel_aio_initialize_param(struct kernel_aio_param *p) {
  if (!sys_user_ok(ADDR(p), sizeof *p, true)) {
    LOG_ONCE(hle, GAME_ERROR, "sceKernelAioInitializeParam with a bad pointer %p", (void *)p);
    return;
  }
  LOG_ONCE(hle, STUB,
           "sceKernelAioInitializeParam: the console's default window and delay "
           "counts are unverified (the maxima are written); split off");
  struct kernel_aio_sched_param d = {AIO_SCHED_WINDOW_MAX, AIO_DELAYED_COUNT_MAX, 0,
                                     AIO_SPLIT_SIZE_DEFAULT, AIO_SPLIT_CHUNK_SIZE_DEFAULT};
  p->low = p->mid = p->high = d;
}

int kernel_aio_set_param(struct kernel_aio_sched_param *p, int window, int delayed,
                         uint32_t enable_split, uint32_t split_size, uint32_t chunk_size) {
  if (!p) return (int)hle_sce_result(-GUEST_EFAULT);
  if (window < 1 || window > AIO_SCHED_WINDOW_MAX || delayed < 0 ||
      delayed > AIO_DELAYED_COUNT_MAX || enable_split > 1)
    return (int)hle_sce_result(-GUEST_EINVAL);
  if (!sys_user_ok(ADDR(p), sizeof *p, true)) return (int)hle_sce_result(-GUEST_EFAULT);
  *p = (struct kernel_aio_sched_param){window, delayed, enable_split, split_size, chunk_size};
  return 0;
}

int kernel_aio_initialize_impl(const void *param, int size) {
  if (!param) return (int)hle_sce_result(-GUEST_EFAULT);
  if (size != (int)sizeof(struct kernel_aio_param)) return (int)hle_sce_result(-GUEST_EINVAL);
  if (!sys_user_ok(ADDR(param), (uint64_t)size, false)) return (int)hle_sce_result(-GUEST_EFAULT);
  LOG_ONCE(hle, STUB,
           "sceKernelAioInitialize: scheduling parameters accepted; the workers "
           "keep their own order (priority, then submission per file)");
  return 0;
}
