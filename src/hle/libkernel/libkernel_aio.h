/* libkernel: asynchronous I/O. The functions behind table_aio.inc (and posix_aio.inc where the
 * area has POSIX names); libkernel_table.c and posix_table.c include this header. The guest
 * records are the console SDK's (sdk/include/_prospero_kernel_aio.h). */
#ifndef PROSPERO_HLE_LIBKERNEL_AIO_H
#define PROSPERO_HLE_LIBKERNEL_AIO_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/aio.h"

struct kernel_aio_rw_request { /* SceKernelAioRWRequest, 40 bytes */
  int64_t offset;
  uint64_t nbyte;
  uint64_t buf;    /* void * */
  uint64_t result; /* SceKernelAioResult * (i64 returnValue, u32 state) */
  int32_t fd;
  int32_t pad;
};
_Static_assert(sizeof(struct kernel_aio_rw_request) == 40, "SceKernelAioRWRequest size");

struct kernel_aio_sched_param { /* SceKernelAioSchedulingParam */
  int32_t window;
  int32_t delayed_count_limit;
  uint32_t enable_split;
  uint32_t split_size;
  uint32_t split_chunk_size;
};
struct kernel_aio_param { /* SceKernelAioParam: low, mid, high */
  struct kernel_aio_sched_param low, mid, high;
};
_Static_assert(sizeof(struct kernel_aio_param) == 60, "SceKernelAioParam size");

/* Turns N guest requests into the engine's (OUT), checking guest memory with OK: a result
 * record OK refuses fails the batch (-EFAULT, guest errno); a buffer it refuses, or a size
 * over INT64_MAX, makes that request end with SCE EFAULT / EINVAL. (The fuzz target's entry.) */
typedef bool (*kernel_aio_user_ok_fn)(uint64_t addr, uint64_t len, bool write);
int kernel_aio_parse_requests(const struct kernel_aio_rw_request *req, int n, bool write,
                              struct aio_request *out, kernel_aio_user_ok_fn ok);

int kernel_aio_submit_read(const struct kernel_aio_rw_request *req, int n, int prio, int32_t *id);
int kernel_aio_submit_read_multiple(const struct kernel_aio_rw_request *req, int n, int prio,
                                    int32_t *ids);
int kernel_aio_submit_write(const struct kernel_aio_rw_request *req, int n, int prio, int32_t *id);
int kernel_aio_submit_write_multiple(const struct kernel_aio_rw_request *req, int n, int prio,
                                     int32_t *ids);
int kernel_aio_poll_request(int32_t id, int32_t *state);
int kernel_aio_poll_requests(const int32_t *ids, int n, int32_t *states);
int kernel_aio_wait_request(int32_t id, int32_t *state, uint32_t *usec);
int kernel_aio_wait_requests(const int32_t *ids, int n, int32_t *states, uint32_t mode,
                             uint32_t *usec);
int kernel_aio_cancel_request(int32_t id, int32_t *state);
int kernel_aio_cancel_requests(const int32_t *ids, int n, int32_t *states);
int kernel_aio_delete_request(int32_t id, int32_t *result);
int kernel_aio_delete_requests(const int32_t *ids, int n, int32_t *results);
void kernel_aio_initialize_param(struct kernel_aio_param *p);
int kernel_aio_set_param(struct kernel_aio_sched_param *p, int window, int delayed,
                         uint32_t enable_split, uint32_t split_size, uint32_t chunk_size);
int kernel_aio_initialize_impl(const void *param, int size);

#endif
