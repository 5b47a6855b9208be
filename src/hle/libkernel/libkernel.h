/* libkernel HLE: functions of the libkernel table (libkernel_table.c). Internal header;
 * other modules use the setters at the end. */
#ifndef PROSPERO_HLE_LIBKERNEL_LIBKERNEL_H
#define PROSPERO_HLE_LIBKERNEL_LIBKERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct guest_timespec { /* FreeBSD struct timespec */
  int64_t tv_sec;
  int64_t tv_nsec;
};

struct guest_timeval { /* FreeBSD struct timeval */
  int64_t tv_sec;
  int64_t tv_usec;
};

/* exit and process */
_Noreturn void kernel_exit_process(int status);
void kernel_stack_chk_fail(void);
void *kernel_get_proc_param(void);
extern uint64_t kernel_stack_chk_guard;

/* errno */
int *kernel_error(void);

/* output */
ssize_t kernel_write(int fd, const void *buf, size_t n);
int64_t kernel_sce_write(int fd, const void *buf, size_t n);

/* time */
int kernel_usleep(unsigned int usec);
int kernel_sce_usleep(unsigned int usec);
int kernel_nanosleep(const struct guest_timespec *req, struct guest_timespec *rem);
uint64_t kernel_get_process_time(void);
uint64_t kernel_get_process_time_counter(void);
uint64_t kernel_get_process_time_counter_frequency(void);
uint64_t kernel_read_tsc(void);
uint64_t kernel_get_tsc_frequency(void);
int kernel_clock_gettime(int clock_id, struct guest_timespec *tp);
int kernel_sce_clock_gettime(int clock_id, struct guest_timespec *tp);
int kernel_clock_getres(int clock_id, struct guest_timespec *tp);
int kernel_sce_clock_getres(int clock_id, struct guest_timespec *tp);
struct guest_timezone { /* FreeBSD struct timezone (obsolete; the kernel fills zeros) */
  int32_t tz_minuteswest;
  int32_t tz_dsttime;
};
int kernel_gettimeofday(struct guest_timeval *tv, struct guest_timezone *tz);
int kernel_sce_gettimeofday(struct guest_timeval *tv);
int64_t kernel_time(int64_t *out); /* libc time() */

#endif
