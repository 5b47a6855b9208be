/* The bundled demo guest (`make demo`): exercises the CPU spine of prospero and prints
 * what it did. Every line names the part of the emulator it went through. */
#include <kernel.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __thread int tls_counter = 41;   /* initialised TLS (PT_TLS image) */
static __thread char tls_zeroed[32];    /* zero-initialised TLS */
static int constructed;
static int (*indirect_printf)(const char *, ...) = printf; /* import via a data pointer */

__attribute__((constructor)) static void demo_constructor(void) {
  /* volatile keeps the compiler from folding this into static data */
  *(volatile int *)&constructed = 1;
}

int demo_cxx_total_area(void);        /* shapes.cpp */
int demo_cxx_static_constructed(void);

static void at_exit_handler(void) { printf("atexit handler ran\n"); }

static uint32_t fnv1a(const void *data, size_t n) {
  const uint8_t *p = data;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}

int main(int argc, char **argv) {
  printf("prospero demo guest: %s\n", argc > 0 ? argv[0] : "(no argv)");
  printf("constructors ran before main: %s\n", constructed ? "yes" : "no");

  tls_counter++;
  printf("TLS: initialised %d, zeroed %s\n", tls_counter,
         tls_zeroed[0] == 0 && tls_zeroed[31] == 0 ? "yes" : "no");

  char *heap = malloc(64);
  if (!heap) {
    printf("malloc failed\n");
    return 1;
  }
  strcpy(heap, "guest heap");
  printf("heap: \"%s\" (%zu bytes)\n", heap, strlen(heap));
  free(heap);

  indirect_printf("imports through function pointers work\n");
  printf("printf formats: [%5d] [%-5s] [%08.3f] [%x] [%llu]\n", 42, "ab", 3.14159, 0xbeefu,
         18446744073709551615ull);

  printf("C++: static object constructed: %s, virtual calls: total area %d\n",
         demo_cxx_static_constructed() ? "yes" : "no", demo_cxx_total_area());

  static const char text[] = "The quick brown fox jumps over the lazy dog";
  printf("FNV-1a of a pangram: %08x\n", fnv1a(text, sizeof text - 1));

  uint64_t t0 = sceKernelGetProcessTime();
  sceKernelUsleep(1000);
  uint64_t t1 = sceKernelGetProcessTime();
  printf("sceKernelUsleep(1000) slept at least 1 ms: %s\n", t1 - t0 >= 1000 ? "yes" : "no");

  atexit(at_exit_handler);
  printf("exiting with status 0\n");
  return 0;
}
