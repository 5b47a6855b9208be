/* The same program as a PS4-form SELF and as a plain Sony ELF: both containers load. */
#include <stdio.h>

static __thread int counter = 41;

int main(int argc, char **argv) {
  counter++;
  printf("%s: argc %d, tls %d\n", argv[0], argc, counter);
  return 0;
}
