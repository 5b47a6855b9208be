/* A guest PRX: exported function and data, its own TLS (reached through __tls_get_addr),
 * a constructor, module_start / module_stop and a destructor. */
#include <stddef.h>
#include <stdio.h>

int prx_counter = 40;
static __thread int prx_tls = 5;

__attribute__((constructor)) static void prx_init(void) { prx_counter += 1; }
__attribute__((destructor)) static void prx_fini(void) { printf("prx destructor\n"); }

int module_start(size_t args, const void *argp) {
  (void)args;
  (void)argp;
  prx_counter += 1;
  printf("module_start after constructor: %d\n", prx_counter);
  return 0;
}

int module_stop(size_t args, const void *argp) {
  (void)args;
  (void)argp;
  printf("module_stop\n");
  return 0;
}

int prx_add(int a, int b) { return a + b + prx_tls++; }
