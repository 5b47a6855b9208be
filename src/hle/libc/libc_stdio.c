/* libc: the printf family and simple stream output to the guest's stdout/stderr. Output is
 * written through at the end of each call (no stdio buffer to lose at a crash). */
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libc/format.h"
#include "hle/libc/libc.h"
#include "hle/libc/scan.h"
#include "hle/libkernel/libkernel.h"
#include "hle/syscall/sys_internal.h"

struct libc_file libc_stdin = {LIBC_FILE_MAGIC, 0, LIBC_FILE_CAN_READ, {0}};
struct libc_file libc_stdout = {LIBC_FILE_MAGIC, 1, LIBC_FILE_CAN_WRITE, {0}};
struct libc_file libc_stderr = {LIBC_FILE_MAGIC, 2, LIBC_FILE_CAN_WRITE, {0}};

/* The descriptor behind a guest FILE open for writing, or -1 (guest errno set). */
static int file_fd(struct libc_file *f) { return libc_file_fd(f, LIBC_FILE_CAN_WRITE); }

static int finish(int r, int err) {
  if (r < 0) hle_errno_set(err);
  return r;
}

static void report_null_format(void) {
  LOG_ONCE(hle, GAME_ERROR, "printf family called with a NULL format: returns -1 (EINVAL)");
}

static int vformat_fd(int fd, const char *fmt, struct guest_va_list *ap) {
  if (!fmt) report_null_format();
  struct format_sink s;
  hle_format_sink_fd(&s, fd);
  int err = 0;
  int r = hle_format_run(&s, fmt, ap, &err);
  return finish(r, err);
}

static int vformat_mem(char *buf, size_t cap, const char *fmt, struct guest_va_list *ap) {
  if (!fmt) report_null_format();
  struct format_sink s;
  hle_format_sink_memory(&s, buf, cap);
  int err = 0;
  int r = hle_format_run(&s, fmt, ap, &err);
  return finish(r, err);
}

/* A host va_list is an array of one System V va_list structure: walk it as the guest's. */
#define HOST_AP(ap) ((struct guest_va_list *)(ap))

int libc_vprintf(const char *fmt, struct guest_va_list *ap) { return vformat_fd(1, fmt, ap); }

int libc_vfprintf(struct libc_file *f, const char *fmt, struct guest_va_list *ap) {
  int fd = file_fd(f);
  return fd < 0 ? -1 : vformat_fd(fd, fmt, ap);
}

int libc_vsnprintf(char *buf, size_t cap, const char *fmt, struct guest_va_list *ap) {
  return vformat_mem(buf, cap, fmt, ap);
}

int libc_vsprintf(char *buf, const char *fmt, struct guest_va_list *ap) {
  return vformat_mem(buf, SIZE_MAX, fmt, ap);
}

int libc_vasprintf(char **out, const char *fmt, struct guest_va_list *ap) {
  struct guest_va_list again = *ap; /* va_copy: the save areas stay where they are */
  int n = vformat_mem(NULL, 0, fmt, ap);
  if (n < 0) return -1;
  char *buf = libc_malloc((size_t)n + 1);
  if (!buf) return -1;
  vformat_mem(buf, (size_t)n + 1, fmt, &again);
  *out = buf;
  return n;
}

int libc_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = libc_vprintf(fmt, HOST_AP(ap));
  va_end(ap);
  return r;
}

int libc_fprintf(struct libc_file *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = libc_vfprintf(f, fmt, HOST_AP(ap));
  va_end(ap);
  return r;
}

int libc_sprintf(char *buf, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = libc_vsprintf(buf, fmt, HOST_AP(ap));
  va_end(ap);
  return r;
}

int libc_snprintf(char *buf, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = libc_vsnprintf(buf, cap, fmt, HOST_AP(ap));
  va_end(ap);
  return r;
}

int libc_asprintf(char **out, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = libc_vasprintf(out, fmt, HOST_AP(ap));
  va_end(ap);
  return r;
}

int libc_vsscanf(const char *input, const char *fmt, struct guest_va_list *ap) {
  int err = 0;
  int r = hle_scan_run(input, fmt, ap, &err);
  if (err) {
    LOG_ONCE(hle, GAME_ERROR, "sscanf with a malformed format \"%s\"", fmt ? fmt : "(null)");
    hle_errno_set(err);
  }
  return r;
}

int libc_sscanf(const char *input, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = libc_vsscanf(input, fmt, HOST_AP(ap));
  va_end(ap);
  return r;
}

#define LIBC_EOF (-1)

/* Writes through the guest's descriptor table (buffers here may be the emulator's own). */
static int put_bytes(int fd, const void *p, size_t n) {
  int64_t r = kernel_file_write(fd, p, n);
  if (r < 0) hle_errno_set((int)-r);
  return r == (int64_t)n ? 0 : LIBC_EOF;
}

int libc_puts(const char *s) {
  if (!s) {
    hle_errno_set(GUEST_EFAULT);
    return LIBC_EOF;
  }
  /* one write for the line and its newline, so concurrent lines do not interleave */
  size_t n = strlen(s);
  char small[256];
  if (n < sizeof small) {
    memcpy(small, s, n);
    small[n] = '\n';
    return put_bytes(1, small, n + 1) == 0 ? 0 : LIBC_EOF;
  }
  if (put_bytes(1, s, n) != 0 || put_bytes(1, "\n", 1) != 0) return LIBC_EOF;
  return 0;
}

void libc_perror(const char *prefix) {
  int saved = *hle_errno_location();
  char line[512];
  int n = prefix && *prefix
              ? snprintf(line, sizeof line, "%s: %s\n", prefix, libc_strerror(saved))
              : snprintf(line, sizeof line, "%s\n", libc_strerror(saved));
  if (n > 0) put_bytes(2, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
  *hle_errno_location() = saved;
}

int libc_putchar(int c) {
  unsigned char b = (unsigned char)c;
  return put_bytes(1, &b, 1) == 0 ? b : LIBC_EOF;
}

int libc_fputs(const char *s, struct libc_file *f) {
  int fd = file_fd(f);
  if (fd < 0) return LIBC_EOF;
  if (!s) {
    hle_errno_set(GUEST_EFAULT);
    return LIBC_EOF;
  }
  return put_bytes(fd, s, strlen(s)) == 0 ? 0 : LIBC_EOF;
}

int libc_fputc(int c, struct libc_file *f) {
  int fd = file_fd(f);
  unsigned char b = (unsigned char)c;
  if (fd < 0) return LIBC_EOF;
  return put_bytes(fd, &b, 1) == 0 ? b : LIBC_EOF;
}

size_t libc_fwrite(const void *p, size_t size, size_t n, struct libc_file *f) {
  int fd = file_fd(f);
  size_t bytes;
  if (fd < 0 || size == 0 || n == 0) return 0;
  if (__builtin_mul_overflow(size, n, &bytes)) {
    hle_errno_set(GUEST_EINVAL);
    return 0;
  }
  if (!sys_user_ok((uint64_t)(uintptr_t)p, bytes, false)) {
    hle_errno_set(GUEST_EFAULT);
    f->flags |= LIBC_FILE_ERR;
    return 0;
  }
  int64_t w = kernel_file_write(fd, p, bytes);
  if (w < 0) {
    hle_errno_set((int)-w);
    f->flags |= LIBC_FILE_ERR;
    return 0;
  }
  return (size_t)w / size;
}

int libc_fflush(struct libc_file *f) {
  /* Nothing is buffered: every call writes through. NULL means all streams. */
  if (f && libc_file_fd(f, 0) < 0) return LIBC_EOF;
  return 0;
}
