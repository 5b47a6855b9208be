/* Imports used through function pointers (R_X86_64_64 / GLOB_DAT slots rather than PLT
 * calls) and data imports (object symbols bound to HLE objects). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern unsigned long __stack_chk_guard; /* libkernel object */

typedef int (*printf_fn)(const char *, ...);
typedef size_t (*strlen_fn)(const char *);

/* initialised data holding import addresses: R_X86_64_64 relocations */
static printf_fn table_printf = printf;
static strlen_fn table[] = {strlen, strlen};

static int call_through(printf_fn f, const char *s) { return f("%s\n", s); }

int main(void) {
  volatile printf_fn p = printf;
  p("direct pointer call\n");
  call_through(table_printf, "from an initialised table");
  printf("strlen via table: %zu %zu\n", table[0]("four"), table[1]("sixsix"));
  void *(*alloc)(size_t) = malloc;
  void (*release)(void *) = free;
  char *m = alloc(16);
  strcpy(m, "heap");
  printf("malloc via pointer: %s\n", m);
  release(m);
  printf("same function, same address: %d\n", (void *)p == (void *)table_printf);
  printf("data import readable and set: %d\n", __stack_chk_guard != 0);
  return 3;
}
