/* A guest crash in a static function of a program built with -g: the report names the
 * function, the function inlined into it, this file and the line of the faulting store (the
 * pc) and of the call (the return address). The test finds the expected lines from the
 * markers in this file. */
#include <stdio.h>

static int *volatile target; /* never set: stays a null pointer */

static inline __attribute__((always_inline)) void store(int *p, int value) {
  *p = value; /* INLINE-LINE */
}

__attribute__((noinline)) static void crash_here(int value) {
  store(target, value);
}

int main(void) {
  printf("about to crash\n");
  crash_here(42); /* CALL-LINE */
  printf("not reached\n");
  return 0;
}
