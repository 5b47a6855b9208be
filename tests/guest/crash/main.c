/* A guest crash: a store through a null pointer inside a function. The contained report
 * names the module and the function: by name from the sidecar's symbol table, or by its NID
 * when there is no sidecar (the SELF keeps only dynamic symbols). */
#include <stdio.h>

__attribute__((noinline)) void crash_here(volatile int *p) { *p = 42; }

int main(void) {
  printf("about to crash\n");
  crash_here((volatile int *)0);
  printf("not reached\n");
  return 0;
}
