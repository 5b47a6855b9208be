/* Kernel debug-text output (debug_text.h). */
#define _GNU_SOURCE
#include "kernel/debug_text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <sys/uio.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"

/* FreeBSD errno values returned to the guest */
#define MDBG_EFAULT 14
#define MDBG_ENOSYS 78

static atomic_int debug_text_fd = 1; /* stdout until --guest-log says otherwise */

bool kernel_debug_text_open(const char *path) {
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  int old = atomic_exchange(&debug_text_fd, fd);
  if (old > 2) close(old);
  return true;
}

void kernel_debug_text_write(const char *text, size_t len) {
  int fd = atomic_load(&debug_text_fd);
  size_t done = 0;
  while (done < len) {
    ssize_t k = write(fd, text + done, len - done);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) {
      LOG_ONCE(kernel, WARN, "debug text output failed: %s", k < 0 ? strerror(errno) : "short");
      return;
    }
    done += (size_t)k;
  }
}

/* Copies up to CAP bytes at ADDR without faulting (as the kernel's copyin would: an
 * unreadable page ends the copy), never crossing a host page in one read. Returns the bytes
 * copied, up to and including a NUL if one was met. */
static size_t copy_from_guest(uint64_t addr, char *out, size_t cap) {
  size_t done = 0;
  while (done < cap) {
    uint64_t at = addr + done;
    size_t chunk = 4096 - (size_t)(at & 4095);
    if (chunk > cap - done) chunk = cap - done;
    struct iovec local = {out + done, chunk};
    struct iovec remote = {(void *)(uintptr_t)at, chunk};
    ssize_t k = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);
    if (k <= 0) break;
    const char *nul = memchr(out + done, 0, (size_t)k);
    if (nul) return (size_t)(nul - out) + 1;
    done += (size_t)k;
  }
  return done;
}

/* Streams the text in pieces of a small stack buffer: this runs in the trap's signal handler
 * (no allocation) as well as on guest threads. */
int kernel_debug_text_from_guest(uint64_t addr) {
  char buf[1024];
  size_t total = 0;
  while (total < KERNEL_DEBUG_TEXT_MAX) {
    size_t want = KERNEL_DEBUG_TEXT_MAX - total < sizeof buf ? KERNEL_DEBUG_TEXT_MAX - total
                                                               : sizeof buf;
    size_t got = copy_from_guest(addr + total, buf, want);
    bool end = got > 0 && buf[got - 1] == 0;
    if (got) kernel_debug_text_write(buf, end ? got - 1 : got);
    if (end) return 0;
    if (got < want) return -MDBG_EFAULT; /* ran into unreadable memory: what was readable is out */
    total += got;
  }
  LOG_ONCE(kernel, WARN, "debug text longer than %u bytes: cut", KERNEL_DEBUG_TEXT_MAX);
  return 0;
}

int64_t kernel_sys_mdbg_service(uint64_t cmd, uint64_t arg0, uint64_t arg1) {
  (void)arg1;
  if (cmd == KERNEL_MDBG_CMD_DEBUG_TEXT) return kernel_debug_text_from_guest(arg0);
  /* one log line per command value seen (commands are small numbers) */
  static atomic_uint_fast64_t seen;
  uint64_t bit = cmd < 64 ? 1ull << cmd : 1ull << 63;
  if (!(atomic_fetch_or(&seen, bit) & bit))
    LOG(kernel, STUB, "mdbg_service (system call 601) command %llu is not emulated: ENOSYS",
        (unsigned long long)cmd);
  return -MDBG_ENOSYS;
}
