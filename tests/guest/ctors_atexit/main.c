/* Order of constructors (init array, run by the loader before the entry point, priorities
 * first), main, atexit handlers (reverse registration order) and destructors (fini array,
 * run by the loader's exit function). */
#include <stdio.h>
#include <stdlib.h>

static int step;

__attribute__((constructor(101))) static void ctor_first(void) { printf("%d ctor 101\n", ++step); }
__attribute__((constructor(202))) static void ctor_second(void) { printf("%d ctor 202\n", ++step); }
__attribute__((constructor)) static void ctor_plain(void) { printf("%d ctor plain\n", ++step); }
__attribute__((destructor)) static void dtor(void) { printf("%d destructor\n", ++step); }

static void at_a(void) { printf("%d atexit a (registered first)\n", ++step); }
static void at_b(void) { printf("%d atexit b (registered second)\n", ++step); }
static void cxa(void *arg) { printf("%d __cxa_atexit %s\n", ++step, (const char *)arg); }

extern void *__dso_handle;

int main(void) {
  printf("%d main\n", ++step);
  atexit(at_a);
  atexit(at_b);
  __cxa_atexit(cxa, "arg", &__dso_handle);
  return 5;
}
