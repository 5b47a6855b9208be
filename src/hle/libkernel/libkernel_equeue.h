/* libkernel: event queues. The functions behind table_equeue.inc (and posix_equeue.inc where the
 * area has POSIX names); libkernel_table.c and posix_table.c include this header. The queues
 * themselves are kernel/equeue.h; SceKernelEqueue is its 64-bit handle and SceKernelEvent
 * its struct equeue_event (FreeBSD's struct kevent, 32 bytes). */
#ifndef PROSPERO_HLE_LIBKERNEL_EQUEUE_H
#define PROSPERO_HLE_LIBKERNEL_EQUEUE_H

#include <stddef.h>
#include <stdint.h>

#include "kernel/equeue.h"

struct guest_timespec;

int kernel_create_equeue(uint64_t *eq, const char *name);
int kernel_delete_equeue(uint64_t eq);
int kernel_wait_equeue(uint64_t eq, struct equeue_event *ev, int num, int *out,
                       const uint32_t *timo);
int kernel_add_user_event(uint64_t eq, int id);
int kernel_add_user_event_edge(uint64_t eq, int id);
int kernel_trigger_user_event(uint64_t eq, int id, void *udata);
int kernel_delete_user_event(uint64_t eq, int id);
int kernel_add_timer_event(uint64_t eq, int id, uint32_t usec, void *udata);
int kernel_delete_timer_event(uint64_t eq, int id);
int kernel_add_hrtimer_event(uint64_t eq, int id, const struct guest_timespec *ts, void *udata);
int kernel_delete_hrtimer_event(uint64_t eq, int id);
int kernel_add_read_event(uint64_t eq, int fd, size_t size, void *udata);
int kernel_delete_read_event(uint64_t eq, int fd);
int kernel_add_write_event(uint64_t eq, int fd, size_t size, void *udata);
int kernel_delete_write_event(uint64_t eq, int fd);
int kernel_add_file_event(uint64_t eq, int fd, int watch, void *udata);
int kernel_delete_file_event(uint64_t eq, int fd);
uint64_t kernel_get_event_id(const struct equeue_event *ev);
int kernel_get_event_filter(const struct equeue_event *ev);
int64_t kernel_get_event_data(const struct equeue_event *ev);
int64_t kernel_get_event_fflags(const struct equeue_event *ev);
void *kernel_get_event_user_data(const struct equeue_event *ev);
int kernel_get_event_error(const struct equeue_event *ev);

#endif
