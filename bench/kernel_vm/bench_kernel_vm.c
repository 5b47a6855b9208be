/* sceKernelVirtualQuery (the libkernel entry point games call, kernel_virtual_query) over a
 * memory map of 10,000 mappings: the median time of one query, in batches of 64 queries at
 * pseudo-random mapped addresses. Baseline: the same measurement over a map holding one
 * mapping, in the same run (the ratio shows what the map's size costs), and a host lookup:
 * a binary search over the same 10,000 sorted start addresses (what a query costs beyond the
 * search itself). Goal: < 2 us. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hle/libkernel/libkernel.h"
#include "kernel/guest_vm.h"
#include "../bench_goal.h"
#include "../bench_time.h"

#define MAPPINGS 10000
#define BATCH 64
#define SAMPLES 2001
#define PAGE 0x4000ull

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The guest-memory cells the libkernel calls write through (they take guest pointers). */
struct cells {
  struct kernel_virtual_query_info info;
  void *addr;
};
static struct cells *cells;

/* Median ns per query over SAMPLES batches; addresses drawn from the COUNT mappings. */
static double median_query_ns(const uint64_t *addrs, size_t count) {
  static double samples[SAMPLES];
  struct kernel_virtual_query_info *info = &cells->info;
  uint64_t x = 0x9E3779B97F4A7C15ull;
  unsigned sink = 0;
  for (int s = 0; s < SAMPLES; s++) {
    uint64_t picks[BATCH];
    for (int i = 0; i < BATCH; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      picks[i] = addrs[x % count] + (x >> 40) % PAGE;
    }
    double t0 = bench_now_ns();
    for (int i = 0; i < BATCH; i++)
      sink += (unsigned)kernel_virtual_query((const void *)(uintptr_t)picks[i], 0, info,
                                             sizeof *info) + (unsigned)info->start;
    samples[s] = (bench_now_ns() - t0) / BATCH;
  }
  if (sink == 0xFFFFFFFFu) puts("");
  qsort(samples, SAMPLES, sizeof samples[0], cmp_double);
  return samples[SAMPLES / 2];
}

/* Median ns per host binary search of a random address among the COUNT sorted ADDRS. */
static double median_host_ns(const uint64_t *addrs, size_t count) {
  static double samples[SAMPLES];
  uint64_t x = 0x9E3779B97F4A7C15ull;
  size_t sink = 0;
  for (int s = 0; s < SAMPLES; s++) {
    uint64_t picks[BATCH];
    for (int i = 0; i < BATCH; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      picks[i] = addrs[x % count] + (x >> 40) % PAGE;
    }
    double t0 = bench_now_ns();
    for (int i = 0; i < BATCH; i++) {
      size_t lo = 0, hi = count;
      while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (addrs[mid] + PAGE <= picks[i])
          lo = mid + 1;
        else
          hi = mid;
      }
      sink += lo;
    }
    samples[s] = (bench_now_ns() - t0) / BATCH;
  }
  if (sink == (size_t)-1) puts("");
  qsort(samples, SAMPLES, sizeof samples[0], cmp_double);
  return samples[SAMPLES / 2];
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static uint64_t map_one(unsigned i) {
  void **addr = &cells->addr;
  *addr = NULL;
  /* alternate protections so no two neighbours could ever be merged into one record */
  int prot = i & 1 ? GUEST_PROT_CPU_READ : GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE;
  if (kernel_map_flexible_memory(addr, PAGE, prot, 0) != 0) return 0;
  return (uint64_t)(uintptr_t)*addr;
}

int main(void) {
  if (!guest_vm_init()) {
    printf("bench.kernel_vm: SKIP: the guest bands cannot be reserved here\n");
    return BENCH_SKIP_EXIT;
  }
  cells = (struct cells *)(uintptr_t)guest_vm_alloc(PAGE, PAGE, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE,
                                                    "bench cells");
  if (!cells) return 1;
  static uint64_t addrs[MAPPINGS];
  addrs[0] = map_one(0);
  if (!addrs[0]) return 1;
  double base = median_query_ns(addrs, 1);
  for (unsigned i = 1; i < MAPPINGS; i++)
    if (!(addrs[i] = map_one(i))) {
      fprintf(stderr, "mapping %u failed\n", i);
      return 1;
    }
  double big = median_query_ns(addrs, MAPPINGS);
  bench_goal("kernel_vm", big < 2000.0, "median < 2 us",
             "VirtualQuery median %.0f ns with %zu ranges", big, guest_vm_range_count());
  printf("  baseline (1 mapping, same run): %.0f ns; ratio %.2fx\n", base, big / base);
  static uint64_t sorted[MAPPINGS];
  memcpy(sorted, addrs, sizeof sorted);
  qsort(sorted, MAPPINGS, sizeof sorted[0], cmp_u64);
  double host = median_host_ns(sorted, MAPPINGS);
  printf("  host binary search over the same %d starts (same run): %.0f ns; ratio %.2fx\n",
         MAPPINGS, host, big / host);
  return 0;
}
