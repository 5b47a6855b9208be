/* Fuzz target for the guest-data parsers of the tiling module: T# image descriptors,
 * render-target and depth register sets. Whatever decodes must give a layout whose element
 * offsets stay inside the reported size, and small surfaces must round-trip through the CPU
 * converters. Input: 8 T# dwords, 5 CB_COLOR dwords, 4 DB dwords (missing bytes are 0). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/tiling/tiling.h"
#include "gpu/tiling/tiling_desc.h"
#include "gpu/tiling/tiling_meta.h"

static void check_surface(const struct tiling_surface *s) {
  struct tiling_layout l;
  if (!tiling_compute_layout(s, &l)) return;
  /* corners of every level, slice 0 and the last slice, every fragment */
  for (uint32_t lv = 0; lv < l.surface.levels; lv++) {
    const struct tiling_level *L = &l.level[lv];
    uint32_t slices = s->dim == TILING_DIM_3D ? L->depth : l.surface.depth;
    const uint32_t xs[2] = {0, L->width - 1}, ys[2] = {0, L->height - 1};
    const uint32_t zs[2] = {0, slices - 1};
    for (int a = 0; a < 2; a++)
      for (int b = 0; b < 2; b++)
        for (int c = 0; c < 2; c++)
          for (uint32_t f = 0; f < l.surface.fragments; f++) {
            uint64_t off;
            if (!tiling_element_offset_checked(&l, lv, xs[a], ys[b], zs[c], f, &off)) abort();
            if (off + l.surface.bpe > l.size) abort();
          }
  }
  struct tiling_meta m;
  struct tiling_layout fm;
  (void)tiling_meta_dcc(&l, true, &m);
  (void)tiling_meta_cmask(&l, &m);
  (void)tiling_meta_htile(&l, &m);
  (void)tiling_meta_fmask(&l, &fm);
  if (l.size <= (1u << 20) && l.linear_size <= (1u << 20)) {
    uint8_t *tiled = calloc(1, l.size), *lin = malloc(l.linear_size), *back = malloc(l.linear_size);
    if (tiled && lin && back) {
      for (uint64_t i = 0; i < l.linear_size; i++) lin[i] = (uint8_t)(i * 31 + 7);
      if (!tiling_tile(&l, lin, l.linear_size, tiled, l.size)) abort();
      if (!tiling_detile(&l, tiled, l.size, back, l.linear_size)) abort();
      if (memcmp(lin, back, l.linear_size) != 0) abort();
    }
    free(tiled);
    free(lin);
    free(back);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int quiet;
  if (!quiet) {
    log_set_level(LOG_LEVEL_OFF);
    quiet = 1;
  }
  uint32_t w[17] = {0};
  memcpy(w, data, size < sizeof(w) ? size : sizeof(w));
  struct tiling_surface s, st;
  struct tiling_tsharp info;
  if (tiling_surface_from_tsharp(w, &s, &info)) check_surface(&s);
  struct tiling_rt_regs rt = {w[8], w[9], w[10], w[11], w[12]};
  if (tiling_surface_from_rt(&rt, &s)) check_surface(&s);
  struct tiling_depth_regs d = {w[13], w[14], w[15], w[16]};
  if (tiling_surface_from_depth(&d, &s, &st)) {
    check_surface(&s);
    if (st.bpe) check_surface(&st);
  }
  return 0;
}
