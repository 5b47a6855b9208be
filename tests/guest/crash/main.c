/* A guest crash: a store through a null pointer inside an exported function. The contained
 * report names the module and the function (by its NID: the SELF keeps no other names). */
#include <stdio.h>

__attribute__((noinline)) void crash_here(volatile int *p) { *p = 42; }

int main(void) {
  printf("about to crash\n");
  crash_here((volatile int *)0);
  printf("not reached\n");
  return 0;
}
