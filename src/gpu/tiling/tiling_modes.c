/* Properties of the GFX10 swizzle modes (which block size, which family, XOR or not). */
#include <stddef.h>

#include "gpu/tiling/tiling_internal.h"

/* X(name, block log2, xor, prt, Z, R, S, D, valid for 3D) */
#define TILING_MODE_INFO(X)                          \
  X(SW_LINEAR,    0, 0, 0, 0, 0, 0, 0, 1)            \
  X(SW_256B_S,    8, 0, 0, 0, 0, 1, 0, 0)            \
  X(SW_256B_D,    8, 0, 0, 0, 0, 0, 1, 0)            \
  X(SW_4KB_S,    12, 0, 0, 0, 0, 1, 0, 1)            \
  X(SW_4KB_D,    12, 0, 0, 0, 0, 0, 1, 0)            \
  X(SW_64KB_S,   16, 0, 0, 0, 0, 1, 0, 1)            \
  X(SW_64KB_D,   16, 0, 0, 0, 0, 0, 1, 0)            \
  X(SW_64KB_S_T, 16, 1, 1, 0, 0, 1, 0, 1)            \
  X(SW_64KB_D_T, 16, 1, 1, 0, 0, 0, 1, 0)            \
  X(SW_4KB_S_X,  12, 1, 0, 0, 0, 1, 0, 1)            \
  X(SW_4KB_D_X,  12, 1, 0, 0, 0, 0, 1, 0)            \
  X(SW_64KB_Z_X, 16, 1, 0, 1, 0, 0, 0, 1)            \
  X(SW_64KB_S_X, 16, 1, 0, 0, 0, 1, 0, 1)            \
  X(SW_64KB_D_X, 16, 1, 0, 0, 0, 0, 1, 1)            \
  X(SW_64KB_R_X, 16, 1, 0, 0, 1, 0, 0, 1)

static const struct tiling_mode_info mode_infos[] = {
#define TILING_MODE_INFO_ROW_(n, blk, x, t, z, r, s, d, v3)                              \
  {.value = TILING_##n, .name = #n, .block_log2 = blk, .xor_mode = x, .prt = t,           \
   .z_order = z, .rt = r, .standard = s, .display = d, .allow_3d = v3},
    TILING_MODE_INFO(TILING_MODE_INFO_ROW_)
#undef TILING_MODE_INFO_ROW_
};

const struct tiling_mode_info *tiling_mode_info(uint32_t mode) {
  for (size_t i = 0; i < sizeof(mode_infos) / sizeof(mode_infos[0]); i++)
    if (mode_infos[i].value == mode) return &mode_infos[i];
  return NULL;
}
