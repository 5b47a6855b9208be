/* The swizzle equations as a table in GPU memory (tiling.h, tiling_gpu_table). */
#include <string.h>

#include "gpu/tiling/tiling_internal.h"

/* an MSAA combination the layout code accepts: tiling_compute_layout refuses Z modes with
 * elements above 4 bytes and fragments, which the equations list (tiling_layout.c); the
 * same rule here, without its error message */
static bool msaa_laid_out(uint32_t mode, uint32_t e) {
  const struct tiling_mode_info *info = tiling_mode_info(mode);
  return info && !(info->z_order && e > 2);
}

size_t tiling_gpu_table(uint64_t *out, size_t cap) {
  if (cap < TILING_GPU_INDEX_WORDS) return 0;
  memset(out, 0, TILING_GPU_INDEX_WORDS * sizeof *out);
  size_t n = TILING_GPU_INDEX_WORDS;
  for (uint32_t mode = 1; mode < 32; mode++) {
    if (!tiling_mode_info(mode)) continue;
    for (uint32_t kind = 0; kind < 6; kind++)
      for (uint32_t e = 0; e < 5; e++) {
        uint32_t frags = kind >= 3 ? 1u << (kind - 2) : 1;
        enum tiling_kind k = kind >= 3 ? TILING_KIND_THIN : (enum tiling_kind)kind;
        const struct tiling_pattern *p = tiling_pattern_find(mode, k, e, frags);
        if (!p || (frags > 1 && !msaa_laid_out(mode, e))) continue;
        if (n + 16 > cap) return 0;
        out[TILING_GPU_INDEX(mode, kind, e)] = n;
        for (uint32_t b = 0; b < 16; b++)
          out[n + b] = (uint64_t)p->from_x[b] | (uint64_t)p->from_y[b] << 16 |
                       (uint64_t)p->from_z[b] << 32 | (uint64_t)(b < 4 ? p->from_s[b] : 0) << 48;
        n += 16;
      }
  }
  return n;
}
