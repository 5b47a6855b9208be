/* Unbounded recursion runs into the guard page below the main guest stack: the report says
 * so (the fault is handled on the alternate signal stack) and the process exits with 134. */
#include <stdio.h>

static int recurse(volatile char *parent, int depth) {
  volatile char frame[4096];
  frame[0] = (char)depth;
  return recurse(frame, depth + 1) + frame[0] + (parent ? parent[0] : 0);
}

int main(void) {
  printf("recursing\n");
  return recurse(0, 0);
}
