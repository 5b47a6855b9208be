/* The terminal ioctls start-up code asks (isatty via TIOCGETA, TIOCGWINSZ) on a guest
 * descriptor that is a real terminal (a host pseudo-terminal mounted into the guest's
 * namespace), against FreeBSD's sys/ttycom.h encodings and sys/ttydefaults.h values:
 * TIOCGETA = _IOR('t', 19, struct termios) (44 bytes), TIOCGWINSZ = _IOR('t', 104, struct
 * winsize); ICANON 0x100 and ECHO 0x8 in c_lflag, VINTR (index 8) = ^C, VEOF (index 0) = ^D.
 * A descriptor that is not a terminal answers ENOTTY (25). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "test_skip.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "hle/libkernel/libkernel.h"
#include "kernel/files.h"
#include "kernel/mounts.h"

static void test_pty(void **state) {
  (void)state;
  int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
    skip_because("no pseudo-terminals on this host");
    return;
  }
  char *name = ptsname(master);
  assert_non_null(name);
  struct winsize ws = {.ws_row = 24, .ws_col = 80};
  assert_int_equal(ioctl(master, TIOCSWINSZ, &ws), 0);
  mounts_clear();
  assert_true(mounts_add("/pts", "/dev/pts", false));
  char guest[64];
  snprintf(guest, sizeof guest, "/pts/%s", strrchr(name, '/') + 1);
  int fd = (int)kernel_file_open(guest, 2 /* O_RDWR */ | 0x8000 /* O_NOCTTY */, 0);
  assert_true(fd >= 3);
  uint8_t t[44];
  memset(t, 0xAA, sizeof t);
  assert_int_equal(kernel_file_ioctl(fd, 0x402c7413, t), 0);
  uint32_t lflag;
  memcpy(&lflag, t + 12, 4);
  assert_true(lflag & 0x100); /* ICANON */
  assert_true(lflag & 0x8);   /* ECHO */
  assert_int_equal(t[16 + 8], 3); /* c_cc[VINTR] = ^C */
  assert_int_equal(t[16 + 0], 4); /* c_cc[VEOF] = ^D */
  uint16_t w[4];
  assert_int_equal(kernel_file_ioctl(fd, 0x40087468, w), 0);
  assert_int_equal(w[0], 24);
  assert_int_equal(w[1], 80);
  assert_int_equal(kernel_file_close(fd), 0);
  close(master);
  mounts_clear();
}

static void test_not_a_terminal(void **state) {
  (void)state;
  char dir[] = "/tmp/prospero-tty-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char file[64];
  snprintf(file, sizeof file, "%s/plain", dir);
  int h = open(file, O_WRONLY | O_CREAT, 0644);
  assert_true(h >= 0);
  close(h);
  mounts_clear();
  assert_true(mounts_add("/d", dir, false));
  int fd = (int)kernel_file_open("/d/plain", 1 /* O_WRONLY */, 0);
  assert_true(fd >= 3);
  uint8_t t[44];
  assert_int_equal(kernel_file_ioctl(fd, 0x402c7413, t), -25);
  assert_int_equal(kernel_file_ioctl(fd, 0x40087468, t), -25);
  assert_int_equal(kernel_file_ioctl(fd, 0x20007471 /* some other request */, t), -25);
  assert_int_equal(kernel_file_ioctl(FILES_MAX - 1, 0x402c7413, t), -9); /* EBADF */
  kernel_file_close(fd);
  unlink(file);
  rmdir(dir);
  mounts_clear();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pty),
      cmocka_unit_test(test_not_a_terminal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
