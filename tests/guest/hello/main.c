/* The smallest guest: one line on stdout through the HLE printf, exit status 0. */
#include <stdio.h>

int main(void) {
  printf("Hello from a prospero guest!\n");
  return 0;
}
