/* Loads prx_lib from /app0/sce_module (linked against it), calls into it and reads its
 * data; its initialisers run before main and its finalisers at exit. */
#include <stdio.h>

extern int prx_counter;
int prx_add(int a, int b);

int main(void) {
  printf("counter %d\n", prx_counter);
  printf("add %d\n", prx_add(1, 2));
  printf("add %d\n", prx_add(1, 2));
  prx_counter = 7;
  printf("counter written %d\n", prx_counter);
  return 0;
}
