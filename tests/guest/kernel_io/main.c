/* libkernel output and errno: write/sceKernelWrite to the guest's stdout (the emulator's
 * stdout) and stderr (the log side), errors through __error() and SCE error codes, and
 * errno set by libc conversions in FreeBSD numbering. */
#include <errno.h>
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *strerror(int e); /* not in the SDK headers yet */

int main(void) {
  const char line[] = "write to fd 1\n";
  ssize_t n = write(STDOUT_FILENO, line, sizeof line - 1);
  printf("write returned %d\n", (int)n);
  n = sceKernelWrite(1, "sceKernelWrite to fd 1\n", 23);
  printf("sceKernelWrite returned %d\n", (int)n);
  n = write(STDERR_FILENO, "to stderr\n", 10);
  printf("write to stderr returned %d\n", (int)n);

  errno = 0;
  n = write(7, "x", 1);
  printf("write to fd 7: %d, errno %d (%s)\n", (int)n, errno, strerror(errno));
  printf("sceKernelWrite to fd 7: %#x\n", (unsigned)sceKernelWrite(7, "x", 1));

  errno = 0;
  long v = strtol("99999999999999999999", NULL, 10);
  printf("strtol overflow: %s, errno %d (%s)\n", v == 0x7fffffffffffffffL ? "LONG_MAX" : "?",
         errno, strerror(errno));
  printf("errno is per thread storage at a stable address: %s\n",
         __error() == __error() ? "yes" : "no");
  return 0;
}
