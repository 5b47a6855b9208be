/* CPU conversion throughput for a 4096x4096, 4-byte surface in every 64 KiB family, against
 * memcpy of the same number of bytes measured in the same run (goal: ratio >= 0.5 in both
 * directions), through one converter per surface. Best of N runs; every figure is printed,
 * the ratios are the headline. Then small updates (one 128x128 block, a 64x32 rectangle)
 * converted with the one-shot functions (a converter built per call) and with a kept
 * converter, in the same run. The load average before and after is printed too: on a
 * shared machine it explains most of the spread between runs. */
#include "../bench_goal.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench_time.h"
#include "gpu/tiling/tiling.h"

#define RUNS 9

/* The 1-minute load average, or -1 if unknown. */
static double load_average(void) {
  double v = -1;
  FILE *f = fopen("/proc/loadavg", "r");
  if (f) {
    if (fscanf(f, "%lf", &v) != 1) v = -1;
    fclose(f);
  }
  return v;
}

/* Seconds one memcpy of N bytes takes (the caller keeps the best). */
static double time_memcpy(uint8_t *dst, const uint8_t *src, size_t n) {
  double t0 = bench_now_s();
  memcpy(dst, src, n);
  return bench_now_s() - t0;
}

/* Microseconds per call, best of RUNS batches of CALLS calls, of converting rectangle R of
 * level 0 slice 0 (detile) with the one-shot function or the kept converter. */
#define CALLS 200
static int bench_small_updates(const struct tiling_layout *l, struct tiling_converter *conv,
                               uint8_t *tiled, uint8_t *lin) {
  const struct tiling_rect rects[] = {{256, 128, 128, 128}, {40, 70, 64, 32}};
  for (int i = 0; i < 2; i++) {
    const struct tiling_rect *r = &rects[i];
    const size_t pitch = (size_t)r->width * l->surface.bpe, size = pitch * r->height;
    double one = 1e9, kept = 1e9;
    for (int run = -1; run < RUNS; run++) {
      double t0 = bench_now_s();
      for (int k = 0; k < CALLS; k++)
        if (!tiling_detile_rect(l, 0, 0, r, tiled, l->size, lin, pitch, size)) return 1;
      double t1 = bench_now_s();
      for (int k = 0; k < CALLS; k++)
        if (!tiling_converter_detile_rect(conv, 0, 0, r, tiled, l->size, lin, pitch, size))
          return 1;
      double t2 = bench_now_s();
      if (run >= 0 && t1 - t0 < one) one = t1 - t0;
      if (run >= 0 && t2 - t1 < kept) kept = t2 - t1;
    }
    printf("tiling cpu %-12s detile rect %ux%u at (%u,%u): one-shot %.2f us, kept converter "
           "%.2f us per call (%.2fx)\n",
           tiling_mode_name(l->surface.mode), r->width, r->height, r->x, r->y,
           one * 1e6 / CALLS, kept * 1e6 / CALLS, one / kept);
  }
  return 0;
}

int main(void) {
  const uint32_t w = 4096, h = 4096, bpe = 4;
  const uint32_t modes[] = {TILING_SW_64KB_S, TILING_SW_64KB_D, TILING_SW_64KB_S_T,
                            TILING_SW_64KB_Z_X, TILING_SW_64KB_R_X};
  int status = 0;
  const double load_before = load_average();
  double worst = 1e9; /* lowest tile or detile/memcpy ratio of the modes: the goal's figure */
  const char *worst_mode = "";
  for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
    struct tiling_surface s = {.mode = modes[m], .bpe = bpe, .width = w, .height = h};
    struct tiling_layout l;
    if (!tiling_compute_layout(&s, &l)) return 1;
    uint8_t *tiled = malloc(l.size), *lin = malloc(l.linear_size);
    struct tiling_converter *conv = tiling_converter_create(&l);
    if (!tiled || !lin || !conv) return 1;
    for (size_t i = 0; i < l.size; i++) tiled[i] = (uint8_t)(i * 131);
    memset(lin, 1, l.linear_size);
    /* memcpy and the converters interleaved, best of RUNS each: the machine is shared, so
     * both sides see the same background load. */
    double mc = 1e9, det = 1e9, til = 1e9;
    for (int r = -1; r < RUNS; r++) { /* run -1 warms caches, TLBs and page tables */
      double t = time_memcpy(lin, tiled, l.linear_size);
      if (r >= 0 && t < mc) mc = t;
      double t0 = bench_now_s();
      if (!tiling_converter_detile(conv, tiled, l.size, lin, l.linear_size)) return 1;
      double t1 = bench_now_s();
      if (!tiling_converter_tile(conv, lin, l.linear_size, tiled, l.size)) return 1;
      double t2 = bench_now_s();
      if (r >= 0 && t1 - t0 < det) det = t1 - t0;
      if (r >= 0 && t2 - t1 < til) til = t2 - t1;
    }
    double mb = (double)l.linear_size / (1024.0 * 1024.0);
    printf("tiling cpu %-12s 4096x4096x4B: memcpy %.1f MiB/s, detile %.1f MiB/s (ratio %.2f), "
           "tile %.1f MiB/s (ratio %.2f)\n",
           tiling_mode_name(modes[m]), mb / mc, mb / det, mc / det, mb / til, mc / til);
    if (mc / det < worst || mc / til < worst) {
      worst = mc / det < mc / til ? mc / det : mc / til;
      worst_mode = tiling_mode_name(modes[m]);
    }
    if (m == 0 || m == 4) status |= bench_small_updates(&l, conv, tiled, lin);
    tiling_converter_destroy(conv);
    free(tiled);
    free(lin);
  }
  printf("tiling cpu: load average %.2f before, %.2f after (machine load shows as a low "
         "ratio too: compare several runs)\n", load_before, load_average());
  /* printed after the per-mode lines: the figure is the minimum over them */
  bench_goal("tiling_cpu", worst >= 0.5, ">= 0.5", "lowest tile/detile-to-memcpy ratio %.2f (%s)",
             worst, worst_mode);
  return status;
}
