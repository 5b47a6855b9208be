/* Calls imports nobody provides: each returns 0 (rax and xmm0) and is logged once. */
#include <stdio.h>

int missing_function(int x);
double missing_double(void);

int main(void) {
  printf("first call %d\n", missing_function(1));
  printf("second call %d\n", missing_function(2));
  printf("double %.1f\n", missing_double());
  return 0;
}
