/* libkernel HLE: functions of the libkernel table (libkernel_table.c). Internal header;
 * other modules use the setters at the end. */
#ifndef PROSPERO_HLE_LIBKERNEL_LIBKERNEL_H
#define PROSPERO_HLE_LIBKERNEL_LIBKERNEL_H

#include <stdbool.h>
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

struct guest_stat { /* FreeBSD 11 struct stat (amd64, 120 bytes): stat(188), fstat(189) */
  uint32_t st_dev;
  uint32_t st_ino;
  uint16_t st_mode;
  uint16_t st_nlink;
  uint32_t st_uid;
  uint32_t st_gid;
  uint32_t st_rdev;
  struct guest_timespec st_atim, st_mtim, st_ctim;
  int64_t st_size;
  int64_t st_blocks;
  uint32_t st_blksize;
  uint32_t st_flags;
  uint32_t st_gen;
  int32_t st_lspare;
  struct guest_timespec st_birthtim;
};
_Static_assert(sizeof(struct guest_stat) == 120, "FreeBSD 11 struct stat is 120 bytes");

/* A guest thread to start (kernel_thread.c; FreeBSD thr_new's parameters). */
struct guest_thread {
  uint64_t start; /* void (*)(void *) in guest code */
  uint64_t arg;
  uint64_t stack_top; /* 16-aligned top of the guest stack */
  uint64_t tls_base;  /* the guest's own thread pointer, or 0: the loader's TCB */
  int64_t *child_tid; /* where the new thread's id is written (or NULL) */
  int64_t *parent_tid;
};
int64_t kernel_thread_create(const struct guest_thread *t);
_Noreturn void kernel_thread_exit(int64_t *state);
int64_t kernel_thread_id(void);             /* FreeBSD-style: 100000 + host thread id */
int64_t kernel_thread_host_tid(int64_t id); /* the host thread id of a kernel_thread_id */

/* exit and process */
_Noreturn void kernel_exit_process(int status);
void kernel_stack_chk_fail(void);
void *kernel_get_proc_param(void);
int kernel_get_compiled_sdk_version(uint32_t *version);
int kernel_get_cpumode(void);
int kernel_is_neo_mode(void);
int kernel_getpid(void); /* the host process id */
extern uint64_t kernel_stack_chk_guard;

/* errno */
int *kernel_error(void);

/* output */
ssize_t kernel_write(int fd, const void *buf, size_t n);
int64_t kernel_sce_write(int fd, const void *buf, size_t n);
int kernel_debug_out_text(int channel, const char *text);

/* files and directories (kernel_file.c): >= 0 or -(guest errno), guest ABI */
int64_t kernel_file_open(const char *path, int flags, int mode);
/* openat (kernel/files.h files_openat): DIRFD a directory descriptor or AT_FDCWD (-100). */
int64_t kernel_file_openat(int dirfd, const char *path, int flags, int mode);
int64_t kernel_file_close(int fd);
bool kernel_file_fd_valid(int fd); /* an open guest descriptor */
int64_t kernel_file_read(int fd, void *buf, size_t n);
/* Before a read of FD by a guest thread: waits until FD is readable when a read of it may
 * sleep (pipes, terminals, sockets), running the handlers of guest signals sent meanwhile;
 * 0, or -GUEST_EINTR when a handler without SA_RESTART ran (kernel_file_wait.c). */
int64_t kernel_file_wait_readable(int fd);
int64_t kernel_file_write(int fd, const void *buf, size_t n);
int64_t kernel_file_lseek(int fd, int64_t off, int whence);
int64_t kernel_file_fstat(int fd, struct guest_stat *out);
int64_t kernel_file_stat(const char *path, struct guest_stat *out);
int64_t kernel_file_mkdir(const char *path, int mode);
int64_t kernel_file_unlink(const char *path);
int64_t kernel_file_rename(const char *from, const char *to);
int64_t kernel_file_getdirentries(int fd, void *buf, size_t n, int64_t *basep);
int64_t kernel_file_rmdir(const char *path);
int64_t kernel_file_chmod(const char *path, int mode);
int64_t kernel_file_truncate(const char *path, int64_t len);
int64_t kernel_file_ftruncate(int fd, int64_t len);
int64_t kernel_file_fsync(int fd);
int64_t kernel_file_pread(int fd, void *buf, size_t n, int64_t off);
int64_t kernel_file_pwrite(int fd, const void *buf, size_t n, int64_t off);
struct guest_iovec { /* FreeBSD struct iovec */
  uint64_t base;
  uint64_t len;
};
#define GUEST_IOV_MAX 1024 /* FreeBSD IOV_MAX */
/* readv/writev (OFF < 0) and preadv/pwritev over an IOV already checked readable. */
int64_t kernel_file_vector(int fd, const struct guest_iovec *iov, int cnt, int64_t off,
                           bool is_write);
int64_t kernel_file_check_reachability(const char *path);
/* Bytes ioctl REQUEST reads or writes at its argument (FreeBSD's encoding). */
size_t kernel_file_ioctl_size(unsigned long request);
int64_t kernel_file_ioctl(int fd, unsigned long request, void *arg);

/* the libkernel exports over them: POSIX (errno, -1) and Sony (SCE error code) faces */
int kernel_open(const char *path, int flags, int mode);
int kernel_sce_open(const char *path, int flags, int mode);
int kernel_close(int fd);
int kernel_sce_close(int fd);
ssize_t kernel_read(int fd, void *buf, size_t n);
int64_t kernel_sce_read(int fd, void *buf, size_t n);
int64_t kernel_lseek(int fd, int64_t off, int whence);
int64_t kernel_sce_lseek(int fd, int64_t off, int whence);
int kernel_fstat(int fd, struct guest_stat *st);
int kernel_sce_fstat(int fd, struct guest_stat *st);
int kernel_stat(const char *path, struct guest_stat *st);
int kernel_sce_stat(const char *path, struct guest_stat *st);
int kernel_mkdir(const char *path, int mode);
int kernel_sce_mkdir(const char *path, int mode);
int kernel_unlink(const char *path);
int kernel_sce_unlink(const char *path);
int kernel_rename(const char *from, const char *to);
int kernel_sce_rename(const char *from, const char *to);

/* time */
int kernel_usleep(unsigned int usec);
int kernel_sce_usleep(unsigned int usec);
int kernel_sce_sleep(unsigned int seconds);
int kernel_nanosleep(const struct guest_timespec *req, struct guest_timespec *rem);
int kernel_sce_nanosleep(const struct guest_timespec *req, struct guest_timespec *rem);
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
/* cores shared with the system call rows: 0 or -(guest errno) */
int64_t kernel_nanosleep_core(const struct guest_timespec *req, struct guest_timespec *rem);
int64_t kernel_clock_get(int clock_id, struct guest_timespec *tp);
int64_t kernel_time_of_day(struct guest_timeval *tv);

/* memory (kernel_memory.c) */
/* SceKernelVirtualQueryInfo, 72 bytes. The SDK declares the flags as one-bit fields of
 * unsigned int followed by char name[32]; under the SysV x86-64 rules the console's compiler
 * follows, the bits take one byte at 0x20 and the name starts at the next byte, 0x21. */
struct kernel_virtual_query_info {
  uint64_t start;
  uint64_t end;
  uint64_t offset; /* direct memory: physical address of start */
  int32_t protection;
  int32_t memory_type;
  uint8_t flag_bits; /* flexible 0x1, direct 0x2, stack 0x4, pooled 0x8, committed 0x10 */
  char name[32];
  uint8_t reserved[7];
};
_Static_assert(sizeof(struct kernel_virtual_query_info) == 72, "the console's record size");
_Static_assert(offsetof(struct kernel_virtual_query_info, name) == 0x21, "name offset");

int kernel_allocate_direct_memory(int64_t search_start, int64_t search_end, uint64_t len,
                                  uint64_t align, int type, int64_t *out);
int kernel_allocate_main_direct_memory(uint64_t len, uint64_t align, int type, int64_t *out);
int kernel_release_direct_memory(int64_t start, uint64_t len);
int kernel_checked_release_direct_memory(int64_t start, uint64_t len);
uint64_t kernel_get_direct_memory_size(void);
int kernel_available_direct_memory_size(int64_t search_start, int64_t search_end, uint64_t align,
                                        int64_t *start_out, uint64_t *size_out);
int kernel_get_direct_memory_type(int64_t start, int *type, int64_t *region_start,
                                  int64_t *region_end);
int kernel_map_direct_memory(void **addr, uint64_t len, int prot, int flags, int64_t phys,
                             uint64_t align);
int kernel_map_named_direct_memory(void **addr, uint64_t len, int prot, int flags, int64_t phys,
                                   uint64_t align, const char *name);
int kernel_map_direct_memory2(void **addr, uint64_t len, int type, int prot, int flags,
                              int64_t phys, uint64_t align);
int kernel_map_flexible_memory(void **addr, uint64_t len, int prot, int flags);
int kernel_map_named_flexible_memory(void **addr, uint64_t len, int prot, int flags,
                                     const char *name);
int kernel_release_flexible_memory(void *addr, uint64_t len);
int kernel_available_flexible_memory_size(uint64_t *out);
int kernel_sce_mmap(void *addr, uint64_t len, int prot, int flags, int fd, int64_t offset,
                    void **res);
void *kernel_mmap(void *addr, uint64_t len, int prot, int flags, int fd, int64_t offset);
int kernel_sce_munmap(void *addr, uint64_t len);
int kernel_munmap(void *addr, uint64_t len);
int kernel_sce_mprotect(const void *addr, uint64_t len, int prot);
int kernel_mprotect(const void *addr, uint64_t len, int prot);
struct kernel_batch_map_entry { /* SceKernelBatchMapEntry, 32 bytes */
  void *start;
  int64_t offset; /* MAP_DIRECT: physical address */
  uint64_t length;
  int8_t protection;
  int8_t type; /* TYPE_PROTECT: memory type */
  int16_t reserved;
  int32_t operation; /* 0 map direct, 1 unmap, 2 protect, 3 map flexible, 4 type protect */
};
_Static_assert(sizeof(struct kernel_batch_map_entry) == 32, "the console's entry size");
int kernel_mtypeprotect(const void *addr, uint64_t len, int type, int prot);
int kernel_batch_map(const struct kernel_batch_map_entry *entries, int count, int *done);
int kernel_batch_map2(const struct kernel_batch_map_entry *entries, int count, int *done,
                      int flags);
int kernel_reserve_virtual_range(void **addr, uint64_t len, int flags, uint64_t align);
int kernel_query_memory_protection(void *addr, void **start, void **end, int *prot);
int kernel_virtual_query(const void *addr, int flags, struct kernel_virtual_query_info *info,
                         uint64_t info_size);
int kernel_set_virtual_range_name(const void *addr, uint64_t len, const char *name);
int kernel_getpagesize(void);
int kernel_enable_dmem_aliasing(void);
struct kernel_dmem_query_info { /* SceKernelDirectMemoryQueryInfo, 24 bytes */
  uint64_t start;
  uint64_t end;
  int32_t memory_type;
  uint32_t pad;
};
_Static_assert(sizeof(struct kernel_dmem_query_info) == 24, "the console's record size");
int kernel_direct_memory_query(int64_t offset, int flags, struct kernel_dmem_query_info *info,
                               uint64_t info_size);
int kernel_is_stack(const void *addr, void **start, void **end);
int kernel_configured_flexible_memory_size(uint64_t *out);
int kernel_sce_mlock(const void *addr, uint64_t len);
int kernel_sce_munlock(const void *addr, uint64_t len);
int kernel_mlock(const void *addr, uint64_t len);
int kernel_munlock(const void *addr, uint64_t len);
int kernel_mlockall(int how);
int kernel_munlockall(void);

struct kernel_pool_batch_entry { /* SceKernelMemoryPoolBatchEntry, 32 bytes */
  uint32_t opcode;               /* 1 commit, 2 decommit, 3 protect, 4 type protect, 5 move */
  uint32_t flags;
  union {
    struct {
      void *addr;
      uint64_t len;
      uint8_t prot;
      uint8_t type;
    } commit;
    struct {
      void *addr;
      uint64_t len;
    } decommit;
    struct {
      void *addr;
      uint64_t len;
      uint8_t prot;
    } protect;
    struct {
      void *addr;
      uint64_t len;
      uint8_t prot;
      uint8_t type;
    } type_protect;
    struct {
      void *dst;
      void *src;
      uint64_t len;
    } move;
  } u;
};
_Static_assert(sizeof(struct kernel_pool_batch_entry) == 32, "the console's entry size");
struct kernel_pool_block_stats { /* SceKernelMemoryPoolBlockStats */
  int32_t available_flushed_blocks;
  int32_t available_cached_blocks;
  int32_t allocated_flushed_blocks;
  int32_t allocated_cached_blocks;
};
int kernel_memory_pool_expand(int64_t search_start, int64_t search_end, uint64_t len,
                              uint64_t align, int64_t *out);
int kernel_memory_pool_reserve(void *addr_in, uint64_t len, uint64_t align, int flags,
                               void **addr_out);
int kernel_memory_pool_commit(void *addr, uint64_t len, int type, int prot, int flags);
int kernel_memory_pool_decommit(void *addr, uint64_t len, int flags);
int kernel_memory_pool_move(void *dst, void *src, uint64_t len, int flags);
int kernel_memory_pool_release(void *addr, uint64_t len, int flags);
int kernel_memory_pool_batch(const struct kernel_pool_batch_entry *entries, int count, int *done,
                             int flags);
int kernel_memory_pool_get_block_stats(struct kernel_pool_block_stats *stats, uint64_t size);

#endif
