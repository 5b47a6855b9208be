/* Stack protector: built with -fstack-protector-all, the guest imports the libkernel object
 * __stack_chk_guard and __stack_chk_fail. A clean function passes the check; an overflow
 * is caught, reported in the log and ends the process with the guest-crash exit code. */
#include <stdio.h>
#include <string.h>

extern unsigned long __stack_chk_guard;

static int clean(int n) {
  char buf[32];
  memset(buf, 'a', sizeof buf - 1);
  buf[sizeof buf - 1] = 0;
  return (int)strlen(buf) + n;
}

static void overflow(size_t n) {
  char buf[16];
  char *volatile p = buf; /* hide the overflow from the compiler */
  memset(p, 'x', n);
}

int main(void) {
  printf("guard is set: %s, low byte zero: %s\n", __stack_chk_guard ? "yes" : "no",
         (__stack_chk_guard & 0xFF) == 0 ? "yes" : "no");
  printf("clean function returned %d\n", clean(1));
  overflow(64);
  printf("not reached\n");
  return 0;
}
