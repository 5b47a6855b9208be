/* The three ways out of a guest and what each runs:
 *   exit(7)                  atexit/__cxa_atexit handlers (reverse order, including one
 *                            registered while exiting), then destructors (fini arrays)
 *   sceKernelExitProcess(9)  destructors only
 *   _exit(3)                 nothing
 * The mode is the first argument. */
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void late(void) { printf("handler registered during exit\n"); }
static void first(void) { printf("atexit handler registered first\n"); }
static void second(void) {
  printf("atexit handler registered second\n");
  atexit(late);
}
static void cxa(void *arg) { printf("__cxa_atexit handler with %s\n", (const char *)arg); }
__attribute__((destructor)) static void dtor(void) { printf("destructor\n"); }

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "exit";
  atexit(first);
  __cxa_atexit(cxa, "its argument", NULL);
  atexit(second);
  printf("mode %s\n", mode);
  if (strcmp(mode, "kernel") == 0) sceKernelExitProcess(9);
  if (strcmp(mode, "_exit") == 0) _exit(3);
  exit(7);
}
