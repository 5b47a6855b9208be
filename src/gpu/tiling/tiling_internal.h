/* Private to the tiling module. */
#ifndef PROSPERO_GPU_TILING_INTERNAL_H
#define PROSPERO_GPU_TILING_INTERNAL_H

#include <stdint.h>

#include "gpu/tiling/tiling.h"

enum tiling_kind {
  TILING_KIND_THIN = 0,     /* 2D block; slices stacked whole */
  TILING_KIND_THICK = 1,    /* 3D block */
  TILING_KIND_VOL_THIN = 2, /* 3D texture laid out with a 2D block */
};

/* Mode properties (one table line per mode in tiling_modes.c). */
struct tiling_mode_info {
  uint32_t value;
  const char *name;
  uint8_t block_log2; /* 8, 12, 16; 0 for linear */
  bool xor_mode;      /* _X and _T modes: bits above the block feed the address */
  bool prt;           /* _T */
  bool z_order;       /* Z: depth */
  bool rt;            /* R: render target */
  bool standard;      /* S */
  bool display;       /* D */
  bool allow_3d;      /* valid for 3D textures */
};

const struct tiling_mode_info *tiling_mode_info(uint32_t mode);

/* A parsed swizzle equation: for every coordinate bit, the set of address bits it flips. */
struct tiling_pattern {
  uint32_t mode;
  enum tiling_kind kind;
  uint8_t elem_log2;
  uint8_t frags;
  uint8_t bits; /* address bits in the block */
  uint32_t from_x[16], from_y[16], from_z[16], from_s[4];
};

/* Returns the equation for the combination, or NULL if the hardware has none. */
const struct tiling_pattern *tiling_pattern_find(uint32_t mode, enum tiling_kind kind,
                                                 uint32_t elem_log2, uint32_t frags);

/* Evaluates a pattern (slow reference, one bit at a time). */
uint32_t tiling_pattern_eval(const struct tiling_pattern *p, uint32_t x, uint32_t y,
                             uint32_t z, uint32_t s);

#endif
