/* guest.crash_debug_prx: main calls into a -g PRX that crashes (see prx_lib.c). */
#include <stdio.h>

void prx_crash(int value);

int main(void) {
  printf("about to crash\n");
  prx_crash(41); /* MAIN-CALL-LINE */
  printf("not reached\n");
  return 0;
}
