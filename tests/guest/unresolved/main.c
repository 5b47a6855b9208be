/* Calls imports nobody provides: each returns 0 (rax and xmm0) and is logged once. A data
 * import nobody provides points at the console's invalid page (0x8_4000_0000, no access). */
#include <stdio.h>

int missing_function(int x);
double missing_double(void);
extern int missing_data;

int main(void) {
  printf("first call %d\n", missing_function(1));
  printf("second call %d\n", missing_function(2));
  printf("double %.1f\n", missing_double());
  printf("object at the invalid page: %d\n", (unsigned long)&missing_data == 0x840000000ul);
  return 0;
}
