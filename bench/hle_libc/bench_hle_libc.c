/* HLE libc speed against the host's glibc, measured in the same run:
 *   printf engine: snprintf of integer, string and floating-point formats
 *   heap: a malloc/free mix of small and medium blocks (host mmap backing)
 * Prints ns per operation and the ratio to glibc (lower is better; 1.0 = glibc). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "hle/libc/format.h"
#include "hle/libc/heap.h"
#include "../bench_time.h"

__attribute__((format(printf, 3, 4))) static int eng_snprintf(char *buf, size_t cap,
                                                               const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  struct format_sink s;
  hle_format_sink_memory(&s, buf, cap);
  int r = hle_format_run(&s, fmt, (struct guest_va_list *)ap, NULL);
  va_end(ap);
  return r;
}

typedef int (*snprintf_like)(char *, size_t, const char *, ...);

#define ROUNDS 200000

static volatile int sink;

/* One timed run of ROUNDS calls (ns per call); the callers interleave the two sides and keep the best of
 * each, so load from other processes hits both alike. */
static double bench_format(snprintf_like f, int which) {
  char buf[256];
  double t0 = bench_now_ns();
  for (int i = 0; i < ROUNDS; i++) {
    switch (which) {
      case 0: sink = f(buf, sizeof buf, "%d %5u %#x %ld|%-8s|", i, i * 7u, i, (long)i << 20, "str"); break;
      case 1: sink = f(buf, sizeof buf, "%f %.3e %g", i * 1.25, i * 3.5e-7, i / 7.0); break;
      default: sink = f(buf, sizeof buf, "%.17g %a", i * 1.0000001e100, i * 0.1); break;
    }
  }
  return (bench_now_ns() - t0) / ROUNDS;
}

static uint64_t host_map(uint64_t size, void *ctx) {
  (void)ctx;
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? 0 : (uint64_t)(uintptr_t)p;
}
static bool host_unmap(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  return munmap((void *)(uintptr_t)addr, size) == 0;
}

static struct heap *bench_heap;
static void *hle_alloc(size_t n) { return hle_heap_malloc(bench_heap, n); }
static void hle_release(void *p) { hle_heap_free(bench_heap, p); }

#define HEAP_OPS 2000000
#define HEAP_SLOTS 1024

/* One timed run of HEAP_OPS random frees and allocations (ns per operation). */
static double bench_heap_mix(void *(*alloc)(size_t), void (*release)(void *)) {
  static void *slot[HEAP_SLOTS];
  uint64_t x = 88172645463325252u;
  double t0 = bench_now_ns();
  for (int i = 0; i < HEAP_OPS; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    int s = (int)(x % HEAP_SLOTS);
    release(slot[s]);
    size_t n = (x >> 32) % 8 == 0 ? (size_t)((x >> 40) % 16384) : (size_t)((x >> 40) % 256);
    slot[s] = alloc(n);
    *(volatile char *)slot[s] = 1;
  }
  double ns = (bench_now_ns() - t0) / HEAP_OPS;
  for (int s = 0; s < HEAP_SLOTS; s++) release(slot[s]), slot[s] = NULL;
  return ns;
}

int main(void) {
  static const char *const names[] = {"integers/strings", "%f %e %g", "%.17g %a"};
  for (int w = 0; w < 3; w++) {
    double host = 1e30, eng = 1e30;
    for (int run = 0; run < 7; run++) {
      double h = bench_format(snprintf, w), e = bench_format(eng_snprintf, w);
      if (h < host) host = h;
      if (e < eng) eng = e;
    }
    printf("hle_libc: snprintf %-16s hle %7.1f ns, glibc %7.1f ns, ratio %.2fx\n", names[w],
           eng, host, eng / host);
  }
  static const struct heap_backing backing = {host_map, host_unmap, NULL};
  bench_heap = hle_heap_create(&backing);
  double hh = 1e30, gh = 1e30;
  for (int run = 0; run < 7; run++) {
    double a = bench_heap_mix(hle_alloc, hle_release), b = bench_heap_mix(malloc, free);
    if (a < hh) hh = a;
    if (b < gh) gh = b;
  }
  printf("hle_libc: malloc/free mix         hle %7.1f ns, glibc %7.1f ns, ratio %.2fx\n", hh,
         gh, hh / gh);
  hle_heap_destroy(bench_heap);
  return 0;
}
