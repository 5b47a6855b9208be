/* The swizzle equations as a table in GPU memory (tiling.h, tiling_gpu_table). */
#include <string.h>

#include "gpu/tiling/tiling_internal.h"

size_t tiling_gpu_table(uint64_t *out, size_t cap) {
  if (cap < TILING_GPU_INDEX_WORDS) return 0;
  memset(out, 0, TILING_GPU_INDEX_WORDS * sizeof *out);
  size_t n = TILING_GPU_INDEX_WORDS;
  for (uint32_t mode = 1; mode < 32; mode++) {
    if (!tiling_mode_info(mode)) continue;
    for (uint32_t kind = 0; kind < 3; kind++)
      for (uint32_t e = 0; e < 5; e++) {
        const struct tiling_pattern *p = tiling_pattern_find(mode, (enum tiling_kind)kind, e, 1);
        if (!p) continue;
        if (n + 16 > cap) return 0;
        out[TILING_GPU_INDEX(mode, kind, e)] = n;
        for (uint32_t b = 0; b < 16; b++)
          out[n + b] =
              (uint64_t)p->from_x[b] | (uint64_t)p->from_y[b] << 16 | (uint64_t)p->from_z[b] << 32;
        n += 16;
      }
  }
  return n;
}
