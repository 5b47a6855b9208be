/* BC6H and BC7 texels (ir_texel_bptc.h), decoded as the Khronos Data Format Specification's
 * BPTC section describes them: the mode from byte 0, the endpoints, p-bits and indices in
 * the mode's order from bit 0 up, an index set per texel whose anchor texels have one bit
 * less, interpolation by the weights of 64. BC6H: endpoints after the first may be signed
 * deltas from it; they are unquantised to 16 bits, interpolated, and scaled by 31/64
 * (unsigned) or 31/32 (signed magnitude) to half-float bits. */
#include "gpu/shader/ir/ir_texel_bptc.h"

#include <string.h>

/* N bits (N <= 32) of the 128-bit block P from bit POS */
static uint32_t bits(const uint8_t *p, uint32_t pos, uint32_t n) {
  uint32_t v = 0;
  for (uint32_t k = 0; k < n; k++) v |= (uint32_t)(p[(pos + k) >> 3] >> ((pos + k) & 7) & 1) << k;
  return v;
}

static int32_t sign_extend(uint32_t v, uint32_t n) {
  uint32_t m = 1u << (n - 1);
  v &= (m << 1) - 1;
  return (int32_t)(v ^ m) - (int32_t)m;
}

static int32_t interpolate(int32_t a, int32_t b, uint32_t index, uint32_t index_bits) {
  int32_t w = ir_bptc_weights[index_bits - 2][index];
  return ((64 - w) * a + w * b + 32) >> 6; /* arithmetic: floor for BC6H's signed values */
}

/* texel T's subset, anchors before it and whether it is one, for partition PART of a mode
 * with SUBSETS subsets (BC6H: two subsets, a partition < 32) */
static void subset_of(uint32_t subsets, uint32_t part, uint32_t t, uint32_t *subset,
                      uint32_t *before, bool *anchor) {
  uint32_t a1 = 16, a2 = 16; /* none */
  *subset = 0;
  if (subsets == 2) {
    *subset = ir_bptc_partition2[part] >> t & 1;
    a1 = ir_bptc_anchor2[part];
  } else if (subsets == 3) {
    *subset = ir_bptc_partition3[part] >> (2 * t) & 3;
    a1 = ir_bptc_anchor3[0][part];
    a2 = ir_bptc_anchor3[1][part];
  }
  *before = t ? 1u + (t > a1) + (t > a2) : 0;
  *anchor = t == 0 || t == a1 || t == a2;
}

void ir_bc7_texel(const uint8_t *p, uint32_t t, uint32_t rgba[4]) {
  uint32_t mode = 0;
  while (mode < 8 && !(p[0] >> mode & 1)) mode++;
  if (mode == 8) { /* reserved */
    rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
    return;
  }
  const struct ir_bc7_mode *m = &ir_bc7_modes[mode];
  uint32_t pos = mode + 1, ns = m->subsets;
  uint32_t part = bits(p, pos, m->partition_bits);
  pos += m->partition_bits;
  uint32_t rot = bits(p, pos, m->rotation_bits);
  pos += m->rotation_bits;
  uint32_t sel = bits(p, pos, m->select_bits);
  pos += m->select_bits;
  uint32_t s, before;
  bool anchor;
  subset_of(ns, part, t, &s, &before, &anchor);
  /* endpoints: R of every endpoint of every subset, then G, B, then A; then the p-bits */
  uint32_t cb = m->color_bits, ab = m->alpha_bits;
  uint32_t apos = pos + 3 * ns * 2 * cb, ppos = apos + ns * 2 * ab;
  uint32_t ipos = ppos + (m->endpoint_pbits ? 2 * ns : 0) + (m->shared_pbits ? ns : 0);
  int32_t e[2][4];
  for (uint32_t k = 0; k < 2; k++) {
    uint32_t n = 2 * s + k; /* the endpoint's number in the block */
    uint32_t pbit = m->endpoint_pbits ? bits(p, ppos + n, 1)
                    : m->shared_pbits ? bits(p, ppos + s, 1)
                                      : 0;
    uint32_t has_p = m->endpoint_pbits | m->shared_pbits;
    for (uint32_t c = 0; c < 4; c++) {
      uint32_t nb = c < 3 ? cb : ab;
      if (!nb) {
        e[k][c] = 255;
        continue;
      }
      uint32_t v = bits(p, c < 3 ? pos + (c * ns * 2 + n) * cb : apos + n * ab, nb);
      if (has_p) v = v << 1 | pbit, nb++;
      e[k][c] = (int32_t)(v << (8 - nb) | v >> (2 * nb - 8));
    }
  }
  uint32_t ib = m->index_bits, ib2 = m->index2_bits;
  uint32_t i1 = bits(p, ipos + ib * t - before, ib - anchor);
  uint32_t i2 = ib2 ? bits(p, ipos + 16 * ib - ns + ib2 * t - before, ib2 - anchor) : 0;
  uint32_t ci = sel ? i2 : i1, cbits = sel ? ib2 : ib;
  uint32_t ai = ib2 && !sel ? i2 : i1, abits = ib2 && !sel ? ib2 : ib;
  for (uint32_t c = 0; c < 3; c++) rgba[c] = (uint32_t)interpolate(e[0][c], e[1][c], ci, cbits);
  rgba[3] = (uint32_t)interpolate(e[0][3], e[1][3], ai, abits);
  if (rot) { /* 1, 2, 3: alpha swaps with R, G, B */
    uint32_t x = rgba[rot - 1];
    rgba[rot - 1] = rgba[3];
    rgba[3] = x;
  }
}

const struct ir_bc6h_mode *ir_bc6h_mode_of(const uint8_t *p) {
  return &ir_bc6h_modes[p[0] & 2 ? p[0] & 31 : p[0] & 3];
}

/* an endpoint component X of BITS bits to 16 bits (unsigned: 0..0xffff; signed: -0x7fff..
 * 0x7fff), the specification's unquantisation */
static int32_t unquantise(int32_t x, uint32_t nb, bool is_signed) {
  if (!is_signed) {
    if (nb >= 15) return x;
    if (x == 0) return 0;
    if (x == (1 << nb) - 1) return 0xffff;
    return (int32_t)(((uint32_t)x << 16) + 0x8000) >> nb;
  }
  if (nb >= 16) return x;
  bool neg = x < 0;
  int32_t a = neg ? -x : x, q;
  if (a == 0) q = 0;
  else if (a >= (1 << (nb - 1)) - 1) q = 0x7fff;
  else q = (int32_t)(((uint32_t)a << 15) + 0x4000) >> (nb - 1);
  return neg ? -q : q;
}

void ir_bc6h_texel(const uint8_t *p, uint32_t t, bool is_signed, uint32_t rgb[3]) {
  const struct ir_bc6h_mode *m = ir_bc6h_mode_of(p);
  rgb[0] = rgb[1] = rgb[2] = 0;
  if (!m->mode_bits) return; /* reserved */
  uint32_t v[12] = {0}, pos = m->mode_bits;
  for (uint32_t r = 0; r < m->runs; r++) {
    const struct ir_bc6h_run *run = &m->run[r];
    uint32_t x = bits(p, pos, run->count);
    pos += run->count;
    if (run->reverse) {
      uint32_t y = 0;
      for (uint32_t k = 0; k < run->count; k++) y |= (x >> k & 1) << (run->count - 1 - k);
      x = y;
    }
    v[run->value] |= x << run->lo;
  }
  uint32_t ns = m->two_subsets ? 2 : 1, part = 0;
  if (ns == 2) part = bits(p, pos, 5), pos += 5;
  uint32_t s, before;
  bool anchor;
  subset_of(ns, part, t, &s, &before, &anchor);
  uint32_t ib = ns == 2 ? 3 : 4, eb = m->endpoint_bits;
  uint32_t index = bits(p, pos + ib * t - before, ib - anchor);
  for (uint32_t c = 0; c < 3; c++) {
    int32_t q[2];
    for (uint32_t k = 0; k < 2; k++) {
      uint32_t e = 2 * s + k; /* w, x, y, z */
      uint32_t x = v[3 * e + c];
      if (m->transformed && e) /* a delta from w, wrapped to the endpoint's bits */
        x = (v[c] + (uint32_t)sign_extend(x, m->delta_bits[c])) & ((1u << eb) - 1);
      int32_t sx = is_signed ? sign_extend(x, eb) : (int32_t)x;
      q[k] = unquantise(sx, eb, is_signed);
    }
    int32_t val = interpolate(q[0], q[1], index, ib);
    if (!is_signed) rgb[c] = (uint32_t)(val * 31) >> 6;
    else rgb[c] = val < 0 ? (uint32_t)((-val * 31) >> 5) | 0x8000u : (uint32_t)(val * 31) >> 5;
  }
}

uint32_t ir_half_to_f32_bits(uint32_t h) {
  uint32_t sign = (h & 0x8000u) << 16, e = h >> 10 & 31, m = h & 1023;
  if (e == 31) return sign | 0x7f800000u | m << 13;
  if (e) return sign | (e + 112) << 23 | m << 13;
  if (!m) return sign;
  float f = (float)m * (1.0f / 16777216.0f); /* m 2^-24, exact */
  uint32_t u;
  memcpy(&u, &f, 4);
  return sign | u;
}
