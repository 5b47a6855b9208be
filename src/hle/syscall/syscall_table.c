/* The guest system call table (syscall.h): one row per call, sorted by number. Numbers
 * are FreeBSD's (sys/kern/syscalls.master; the console's kernel keeps them) and the
 * console's own above them. Argument kinds: I int, U unsigned/flags, Z size, F fd,
 * O offset, A address value, R pointer read, W pointer written, B both, P path. */
#include "hle/syscall/syscall.h"

#include <stdio.h>
#include <stdlib.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/syscall/sys_internal.h"

#define N SA_NONE
#define I SA_INT
#define U SA_UINT
#define Z SA_SIZE
#define F SA_FD
#define O SA_OFF
#define A SA_ADDR
#define R SA_IN
#define W SA_OUT
#define B SA_INOUT
#define P SA_PATH
#define FREEBSD(num, name, a0, a1, a2, a3, a4, a5, fn, st, note) \
  {num, #name, SYSCALL_FREEBSD, {a0, a1, a2, a3, a4, a5}, sys_##fn, SYSCALL_##st, note},
/* the console's own calls (numbers above FreeBSD's), same columns */
#define CONSOLE(num, name, a0, a1, a2, a3, a4, a5, fn, st, note) \
  {num, #name, SYSCALL_CONSOLE, {a0, a1, a2, a3, a4, a5}, sys_##fn, SYSCALL_##st, note},

static const struct syscall_row rows[] = {
    FREEBSD(1, exit, I, N, N, N, N, N, exit, IMPLEMENTED, "ends the process at once with the status (no atexit handlers), libkernel's sceKernelExitProcess")
    FREEBSD(3, read, F, W, Z, N, N, N, read, IMPLEMENTED, NULL)
    FREEBSD(4, write, F, R, Z, N, N, N, write, IMPLEMENTED, NULL)
    FREEBSD(5, open, P, U, U, N, N, N, open, PARTIAL, "paths through the mounts; lock flags accepted, not taken")
    FREEBSD(6, close, F, N, N, N, N, N, close, IMPLEMENTED, NULL)
    FREEBSD(10, unlink, P, N, N, N, N, N, unlink, IMPLEMENTED, NULL)
    FREEBSD(15, chmod, P, U, N, N, N, N, chmod, IMPLEMENTED, "through the mounts; read-only mounts EROFS")
    FREEBSD(20, getpid, N, N, N, N, N, N, getpid, IMPLEMENTED, "the host process id")
    FREEBSD(54, ioctl, F, U, B, N, N, N, ioctl, PARTIAL, "TIOCGETA (FreeBSD terminal defaults) and TIOCGWINSZ; others ENOTTY")
    FREEBSD(73, munmap, A, Z, N, N, N, N, munmap, IMPLEMENTED, "any part of guest memory; holes are skipped")
    FREEBSD(74, mprotect, A, Z, U, N, N, N, mprotect, IMPLEMENTED, NULL)
    FREEBSD(75, madvise, A, Z, I, N, N, N, madvise, IMPLEMENTED, "advice: pages are kept, which every behaviour allows")
    FREEBSD(95, fsync, F, N, N, N, N, N, fsync, IMPLEMENTED, NULL)
    FREEBSD(116, gettimeofday, W, W, N, N, N, N, gettimeofday, IMPLEMENTED, NULL)
    FREEBSD(120, readv, F, R, I, N, N, N, readv, IMPLEMENTED, NULL)
    FREEBSD(121, writev, F, R, I, N, N, N, writev, IMPLEMENTED, NULL)
    FREEBSD(128, rename, P, P, N, N, N, N, rename, IMPLEMENTED, NULL)
    FREEBSD(136, mkdir, P, U, N, N, N, N, mkdir, IMPLEMENTED, NULL)
    FREEBSD(137, rmdir, P, N, N, N, N, N, rmdir, IMPLEMENTED, NULL)
    FREEBSD(165, sysarch, I, B, N, N, N, N, sysarch, PARTIAL, "AMD64_GET/SET_FSBASE (the guest's GS base); GSBASE and i386 operations EINVAL")
    FREEBSD(188, stat, P, W, N, N, N, N, stat, IMPLEMENTED, "FreeBSD 11 struct stat (120 bytes)")
    FREEBSD(189, fstat, F, W, N, N, N, N, fstat, IMPLEMENTED, "FreeBSD 11 struct stat (120 bytes)")
    FREEBSD(196, getdirentries, F, W, Z, W, N, N, getdirentries, IMPLEMENTED, "FreeBSD 11 struct dirent")
    FREEBSD(202, __sysctl, R, U, W, B, R, Z, sysctl, PARTIAL, "kern.ostype/osrelease/osrevision/osreldate/arandom, hw.machine/ncpu/pagesize, by MIB and name2oid; read-only")
    FREEBSD(232, clock_gettime, I, W, N, N, N, N, clock_gettime, IMPLEMENTED, NULL)
    FREEBSD(240, nanosleep, R, W, N, N, N, N, nanosleep, IMPLEMENTED, NULL)
    FREEBSD(253, issetugid, N, N, N, N, N, N, issetugid, IMPLEMENTED, NULL)
    FREEBSD(272, getdents, F, W, Z, N, N, N, getdents, IMPLEMENTED, "FreeBSD 11 struct dirent")
    FREEBSD(289, preadv, F, R, I, O, N, N, preadv, IMPLEMENTED, NULL)
    FREEBSD(290, pwritev, F, R, I, O, N, N, pwritev, IMPLEMENTED, NULL)
    FREEBSD(340, sigprocmask, I, R, W, N, N, N, sigprocmask, PARTIAL, "the thread's guest mask (kernel_signal.c); an unblocked pending signal waits for a libkernel delivery point")
    FREEBSD(416, sigaction, I, R, W, N, N, N, sigaction, PARTIAL, "the guest action table (kernel_signal.c); handlers run at libkernel delivery points only")
    FREEBSD(431, thr_exit, W, N, N, N, N, N, thr_exit, IMPLEMENTED, "writes 1 to the state word and wakes its waiters; the last thread ends the process")
    FREEBSD(432, thr_self, W, N, N, N, N, N, thr_self, IMPLEMENTED, "100000 + the host thread id")
    FREEBSD(433, thr_kill, I, I, N, N, N, N, thr_kill, PARTIAL, "marks the signal pending for the thread (kernel_signal.c): delivered at its next libkernel delivery point, never before the call returns")
    FREEBSD(454, _umtx_op, B, I, U, A, R, N, umtx_op, PARTIAL, "WAIT, WAIT_UINT(_PRIVATE), WAKE(_PRIVATE), NWAKE_PRIVATE on host futexes; mutex, condition variable, rwlock and semaphore operations ENOSYS")
    FREEBSD(455, thr_new, R, I, N, N, N, N, thr_new, PARTIAL, "a host thread per guest thread, the guest's stack and optional thread pointer; THR_SUSPENDED EINVAL, priorities ignored; a stack outside guest memory EINVAL")
    FREEBSD(475, pread, F, W, Z, O, N, N, pread, IMPLEMENTED, NULL)
    FREEBSD(476, pwrite, F, R, Z, O, N, N, pwrite, IMPLEMENTED, NULL)
    FREEBSD(477, mmap, A, Z, U, U, F, O, mmap, PARTIAL, "anonymous and private file mappings (copied at map time), MAP_FIXED replaces; shared file mappings EOPNOTSUPP")
    FREEBSD(478, lseek, F, O, I, N, N, N, lseek, IMPLEMENTED, NULL)
    FREEBSD(479, truncate, P, O, N, N, N, N, truncate, IMPLEMENTED, NULL)
    FREEBSD(480, ftruncate, F, O, N, N, N, N, ftruncate, IMPLEMENTED, NULL)
    FREEBSD(499, openat, I, P, U, U, N, N, openat, PARTIAL, "as open (lock flags not taken); relative to a directory descriptor by the path it was opened by")
    CONSOLE(601, mdbg_service, U, R, B, N, N, N, mdbg_service, PARTIAL, "command 7: the NUL-terminated text of the second argument to the debug-text output (stdout or --guest-log), as sceKernelDebugOutText; other commands ENOSYS, logged once")
};

#undef FREEBSD
#undef CONSOLE
#undef N
#undef I
#undef U
#undef Z
#undef F
#undef O
#undef A
#undef R
#undef W
#undef B
#undef P

#define ROW_COUNT (sizeof rows / sizeof rows[0])

/* FreeBSD calls with no row, named in logs (syscalls.master). */
#define FREEBSD_UNROUTED(X)                                                                 \
  X(2, fork) X(7, wait4) X(9, link) X(12, chdir) X(13, fchdir) X(16, chown)    \
  X(17, break) X(24, getuid) X(25, geteuid) X(33, access) X(37, kill) X(39, getppid)        \
  X(41, dup) X(42, pipe) X(43, getegid) X(47, getgid) X(53, sigaltstack) X(58, readlink)    \
  X(59, execve) X(60, umask) X(65, msync) X(66, vfork) X(78, mincore) X(83, setitimer)       \
  X(86, getitimer) X(90, dup2) X(92, fcntl) X(93, select) X(97, socket)         \
  X(98, connect) X(104, bind) X(105, setsockopt) X(106, listen) X(117, getrusage)             \
  X(118, getsockopt) X(133, sendto) X(190, lstat) X(194, getrlimit)            \
  X(195, setrlimit) X(198, __syscall) X(203, mlock) X(204, munlock) X(209, poll)             \
  X(234, clock_getres) X(331, sched_yield) X(362, kqueue) X(363, kevent) X(417, sigreturn)  \
  X(429, sigwait) X(464, thr_set_name) X(466, rtprio_thread)   \
  X(481, thr_kill2) X(482, shm_open) X(487, cpuset_getaffinity)           \
  X(488, cpuset_setaffinity) X(551, fstat_ino64) X(552, fstatat) X(554, getdirentries_ino64)

const struct syscall_row *syscall_rows(size_t *count) {
  *count = ROW_COUNT;
  return rows;
}

static int row_cmp(const void *key, const void *row) {
  uint64_t n = *(const uint64_t *)key;
  unsigned r = ((const struct syscall_row *)row)->number;
  return n < r ? -1 : n > r;
}

const struct syscall_row *syscall_find(uint64_t nr) {
  return bsearch(&nr, rows, ROW_COUNT, sizeof rows[0], row_cmp);
}

const char *syscall_name(uint64_t nr) {
  const struct syscall_row *r = syscall_find(nr);
  if (r) return r->name;
  switch (nr) {
#define UNROUTED_NAME_(n, name) case n: return #name;
    FREEBSD_UNROUTED(UNROUTED_NAME_)
#undef UNROUTED_NAME_
  default: return NULL;
  }
}

static const char *const arg_letters = "-IUZFOARWBP";

bool syscall_dispatch(uint64_t nr, const uint64_t args[6], uint64_t *result, bool *error) {
  const struct syscall_row *r = syscall_find(nr);
  if (!r) return false;
  if (r->status == SYSCALL_STUB) {
    static uint8_t logged[ROW_COUNT];
    if (!__atomic_exchange_n(&logged[r - rows], 1, __ATOMIC_RELAXED))
      LOG(hle, STUB, "guest system call %u (%s) is a stub: %s", r->number, r->name,
          r->note ? r->note : "fails");
  }
  if (log_enabled(LOG_CAT_hle, LOG_LEVEL_TRACE)) {
    char buf[160];
    int n = 0;
    for (int i = 0; i < 6 && r->args[i] != SA_NONE; i++)
      n += snprintf(buf + n, sizeof buf - (size_t)n, "%s%c:%#llx", i ? ", " : "",
                    arg_letters[r->args[i]], (unsigned long long)args[i]);
    LOG(hle, TRACE, "syscall %s(%s)", r->name, n ? buf : "");
  }
  int64_t v = r->handler(args);
  *error = v < 0;
  *result = v < 0 ? (uint64_t)-v : (uint64_t)v;
  return true;
}

static const char *status_name(enum syscall_status s) {
  return s == SYSCALL_IMPLEMENTED ? "implemented" : s == SYSCALL_PARTIAL ? "partial" : "stub";
}

void syscall_report_status(FILE *out) {
  unsigned count[3] = {0};
  for (size_t i = 0; i < ROW_COUNT; i++) count[rows[i].status]++;
  fprintf(out, "# Guest system calls\n\n"
               "Generated by `prospero-syscall-status` from the table in "
               "src/hle/syscall/syscall_table.c; do not edit by hand.\n\n"
               "Guest code may issue system calls itself (the console's libkernel is a thin "
               "layer over them). The load-time rewriter turns every `syscall` instruction "
               "into a trap, and with `--seccomp` a filter catches the ones it missed; both "
               "dispatch through this table. Results follow FreeBSD: the value in rax, or the "
               "errno in rax with the carry flag set. A call with no row is logged once by "
               "name and returns ENOSYS (`--strict-syscalls`: reported, and the process "
               "ends). Bad guest pointers give EFAULT.\n\n"
               "%zu rows: %u implemented, %u partial, %u stub.\n\n"
               "Argument kinds: I int, U unsigned or flags, Z size, F descriptor, O offset, "
               "A address value, R pointer read, W pointer written, B pointer read and "
               "written, P path.\n\n"
               "| number | name | origin | arguments | status | notes |\n"
               "|---|---|---|---|---|---|\n",
          (size_t)ROW_COUNT, count[SYSCALL_IMPLEMENTED], count[SYSCALL_PARTIAL],
          count[SYSCALL_STUB]);
  for (size_t i = 0; i < ROW_COUNT; i++) {
    const struct syscall_row *r = &rows[i];
    char args[16] = "";
    int n = 0;
    for (int k = 0; k < 6 && r->args[k] != SA_NONE; k++) args[n++] = arg_letters[r->args[k]];
    args[n] = 0;
    fprintf(out, "| %u | %s | %s | %s | %s | %s |\n", r->number, r->name,
            r->origin == SYSCALL_FREEBSD ? "FreeBSD" : "console", n ? args : "-",
            status_name(r->status), r->note ? r->note : "");
  }
}
