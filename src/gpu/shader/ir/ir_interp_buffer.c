#include "gpu/shader/ir/ir_interp_buffer.h"

#include <math.h>
#include <string.h>

static uint32_t bits_of(uint32_t w, unsigned lo, unsigned n) { return (w >> lo) & ((1u << n) - 1); }

void ir_vsharp_decode(const uint32_t d[4], struct ir_vsharp *v) {
  v->base = d[0] | (uint64_t)bits_of(d[1], 0, 16) << 32;
  v->stride = bits_of(d[1], 16, 14);
  v->swizzle = bits_of(d[1], 31, 1);
  v->num_records = d[2];
  for (unsigned c = 0; c < 4; c++) v->dst_sel[c] = (uint8_t)bits_of(d[3], 3 * c, 3);
  v->format = (uint8_t)bits_of(d[3], 12, 7);
  v->index_stride = (uint8_t)bits_of(d[3], 21, 2);
  v->add_tid = bits_of(d[3], 23, 1);
  v->resource_level = bits_of(d[3], 24, 1);
  v->oob_select = (uint8_t)bits_of(d[3], 28, 2);
  v->type = (uint8_t)bits_of(d[3], 30, 2);
}

void ir_vsharp_encode(const struct ir_vsharp *v, uint32_t d[4]) {
  d[0] = (uint32_t)v->base;
  d[1] = (uint32_t)(v->base >> 32 & 0xffff) | (v->stride & 0x3fff) << 16 | (uint32_t)v->swizzle << 31;
  d[2] = v->num_records;
  d[3] = 0;
  for (unsigned c = 0; c < 4; c++) d[3] |= (uint32_t)(v->dst_sel[c] & 7) << (3 * c);
  d[3] |= (uint32_t)(v->format & 0x7f) << 12 | (uint32_t)(v->index_stride & 3) << 21 |
          (uint32_t)v->add_tid << 23 | (uint32_t)v->resource_level << 24 |
          (uint32_t)(v->oob_select & 3) << 28 | (uint32_t)(v->type & 3) << 30;
}

uint32_t ir_buffer_index(const struct ir_vsharp *v, uint32_t index, uint32_t lane) {
  return v->add_tid ? index + lane : index;
}

bool ir_buffer_in_range(const struct ir_vsharp *v, uint32_t index, uint32_t offset,
                        uint32_t soffset, uint32_t payload) {
  uint64_t end = (uint64_t)offset + payload; /* no wrap: a huge offset is out of range */
  switch (v->oob_select) {
    case IR_OOB_STRUCTURED_OFFSET: return index < v->num_records && end <= v->stride;
    case IR_OOB_STRUCTURED: return index < v->num_records;
    case IR_OOB_EMPTY_ONLY: return v->num_records != 0;
    default:
      if (v->swizzle && v->stride) return index < v->num_records && end <= v->stride;
      return end + soffset <= v->num_records; /* end <= num_records - soffset, saturating */
  }
}

uint64_t ir_buffer_address(const struct ir_vsharp *v, uint32_t index, uint32_t offset,
                           uint32_t soffset) {
  uint64_t base = v->base + soffset;
  if (!v->swizzle) return base + (uint64_t)index * v->stride + offset;
  const uint64_t es = 4, is = 8u << v->index_stride; /* element size, records per block */
  uint64_t blk = (uint64_t)(index / is) * v->stride + (offset / es) * es;
  return base + blk * is + (index % is) * es + offset % es;
}

bool ir_buffer_scalar_in_range(const struct ir_vsharp *v, uint32_t offset) {
  return (uint64_t)(offset & ~3u) < (uint64_t)(v->stride ? v->stride : 1) * v->num_records;
}

/* ---- formats ---------------------------------------------------------------------------
 * The layouts are the rows of buffer_formats.def (shared with the SPIR-V back end); values
 * without a row (78..127 reserved, 131, 132, 138, 139, 145 and up) read as no components. */
static const struct ir_buffer_format formats[IR_BUFFER_FORMAT_ROWS] = {
#define BUF_FORMAT(v, c, x, y, z, w, k) [v] = {c, {x, y, z, w}, IR_BUF_##k},
#include "gpu/shader/ir/buffer_formats.def"
#undef BUF_FORMAT
};

struct ir_buffer_format ir_buffer_format_of(uint32_t format) {
  struct ir_buffer_format none = {0, {0, 0, 0, 0}, 0};
  return format < sizeof formats / sizeof *formats ? formats[format] : none;
}

uint32_t ir_buffer_format_bytes(const struct ir_buffer_format *f) {
  uint32_t b = 0;
  for (unsigned c = 0; c < f->comps; c++) b += f->bits[c];
  return b / 8;
}

static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float bitsf(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

float ir_small_float_value(uint32_t v, unsigned mb, bool sign) {
  uint32_t e = (v >> mb) & 31, m = v & ((1u << mb) - 1);
  bool neg = sign && (v >> (mb + 5) & 1);
  float f;
  if (e == 31 && m) return bitsf((neg ? 1u << 31 : 0) | 0x7f800000u | m << (23 - mb));
  if (e == 31) f = INFINITY;
  else if (e == 0) f = ldexpf((float)m, -14 - (int)mb);
  else f = ldexpf((float)(m | 1u << mb), (int)e - 15 - (int)mb);
  return neg ? -f : f;
}

uint32_t ir_small_float_bits(double d, unsigned mb, bool sign, bool rtz) {
  uint32_t s = sign && signbit(d) ? 1u << (mb + 5) : 0;
  if (isnan(d)) return s | 31u << mb | 1u << (mb - 1);
  if (!sign && d <= 0) return 0;
  double a = fabs(d);
  if (isinf(a)) return s | 31u << mb;
  if (a == 0) return s;
  int e;
  frexp(a, &e);
  e -= 1; /* a in [2^e, 2^(e+1)) */
  if (e < -14) { /* subnormal: the rounding may carry into the smallest normal */
    double n = ldexp(a, 14 + (int)mb);
    return s | (uint32_t)(rtz ? trunc(n) : nearbyint(n));
  }
  double m = ldexp(a, (int)mb - e);
  m = rtz ? trunc(m) : nearbyint(m);
  if (m >= ldexp(1.0, (int)mb + 1)) {
    m /= 2;
    e++;
  }
  if (e > 15) return rtz ? s | (31u << mb) - 1 : s | 31u << mb; /* rtz: the largest finite */
  return s | (uint32_t)(e + 15) << mb | ((uint32_t)m & ((1u << mb) - 1));
}

uint32_t ir_buffer_format_one(const struct ir_buffer_format *f) {
  return f->cls == IR_BUF_UINT || f->cls == IR_BUF_SINT ? 1 : fbits(1.0f);
}

static int64_t sext(uint64_t r, unsigned n) { return n >= 64 ? (int64_t)r : (int64_t)(r << (64 - n)) >> (64 - n); }

float ir_srgb_to_linear(uint32_t k) {
  long double v = (long double)(k & 255) / 255.0L;
  return (float)(v <= 0.04045L ? v / 12.92L : powl((v + 0.055L) / 1.055L, 2.4L));
}

uint32_t ir_srgb_encode_formula(float x) {
  if (isnan(x) || x <= 0) return 0;
  if (x >= 1) return 255;
  long double l = x, s = l <= 0.0031308L ? 12.92L * l : 1.055L * powl(l, 1.0L / 2.4L) - 0.055L;
  long double k = nearbyintl(255.0L * s);
  return k < 0 ? 0 : k > 255 ? 255 : (uint32_t)k;
}

float ir_srgb_threshold(uint32_t j) {
  /* bisection on the bits of the positive floats 0..1 (ordered as integers); the encoding
   * is monotonic in x */
  uint32_t lo = 0, hi = 0x3f800000u; /* encode(lo) <= j < encode(hi) */
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (ir_srgb_encode_formula(bitsf(mid)) > j) hi = mid;
    else lo = mid;
  }
  return bitsf(hi);
}

static uint32_t component_value(const struct ir_buffer_format *f, unsigned c, unsigned n,
                                uint32_t r) {
  double full = ldexp(1.0, (int)n) - 1, half = ldexp(1.0, (int)n - 1) - 1;
  switch (f->cls) {
    case IR_BUF_SRGB: return c == 3 ? fbits((float)(r / full)) : fbits(ir_srgb_to_linear(r));
    case IR_BUF_UNORM: return fbits((float)(r / full));
    case IR_BUF_SNORM: return fbits((float)fmax(sext(r, n) / half, -1.0));
    case IR_BUF_USCALED: return fbits((float)r);
    case IR_BUF_SSCALED: return fbits((float)sext(r, n));
    case IR_BUF_UINT: return r;
    case IR_BUF_SINT: return (uint32_t)sext(r, n);
    default:
      if (n == 32) return r;
      return fbits(ir_small_float_value(r, n == 16 ? 10 : n - 5, n == 16));
  }
}

void ir_buffer_format_load(const struct ir_buffer_format *f, const uint8_t *p, uint32_t out[4]) {
  uint32_t bytes = ir_buffer_format_bytes(f);
  out[0] = out[1] = out[2] = 0;
  out[3] = ir_buffer_format_one(f);
  if (f->bits[0] == 32) { /* one dword per component */
    for (unsigned c = 0; c < f->comps; c++) memcpy(&out[c], p + 4 * c, 4);
    return;
  }
  uint64_t e = 0;
  memcpy(&e, p, bytes);
  unsigned lo = 0;
  for (unsigned c = 0; c < f->comps; c++) {
    unsigned n = f->bits[c];
    out[c] = component_value(f, c, n, (uint32_t)((e >> lo) & ((1ull << n) - 1)));
    lo += n;
  }
}

/* Clamps X (NaN: 0) to [LO, HI] and rounds it to nearest even. */
static double clamp_round(double x, double lo, double hi) {
  if (isnan(x)) return 0;
  return nearbyint(fmin(fmax(x, lo), hi));
}

static uint32_t component_bits(const struct ir_buffer_format *f, unsigned c, unsigned n,
                               uint32_t v) {
  double full = ldexp(1.0, (int)n) - 1, half = ldexp(1.0, (int)n - 1) - 1;
  double x = bitsf(v);
  uint64_t mask = (1ull << n) - 1;
  int64_t s = (int32_t)v;
  switch (f->cls) {
    case IR_BUF_SRGB:
      if (c == 3) return (uint32_t)clamp_round(x * full, 0, full);
      return ir_srgb_encode_formula(bitsf(v));
    case IR_BUF_UNORM: return (uint32_t)clamp_round(x * full, 0, full);
    case IR_BUF_SNORM: /* NaN gives 0 (D3D FLOAT -> SNORM rule), as for UNORM */
      return (uint32_t)((int64_t)clamp_round(x * half, -half, half) & mask);
    case IR_BUF_USCALED: return (uint32_t)clamp_round(x, 0, full);
    case IR_BUF_SSCALED: return (uint32_t)((int64_t)clamp_round(x, -half - 1, half) & mask);
    case IR_BUF_UINT: return v > full ? (uint32_t)full : v;
    case IR_BUF_SINT: return (uint32_t)((s > half ? (int64_t)half : s < -half - 1 ? (int64_t)(-half - 1) : s) & mask);
    default:
      if (n == 32) return v;
      return ir_small_float_bits(x, n == 16 ? 10 : n - 5, n == 16, false);
  }
}

void ir_buffer_format_store(const struct ir_buffer_format *f, const uint32_t in[4], uint8_t *p) {
  if (f->bits[0] == 32) {
    for (unsigned c = 0; c < f->comps; c++) memcpy(p + 4 * c, &in[c], 4);
    return;
  }
  uint64_t e = 0;
  unsigned lo = 0;
  for (unsigned c = 0; c < f->comps; c++) {
    e |= (uint64_t)component_bits(f, c, f->bits[c], in[c]) << lo;
    lo += f->bits[c];
  }
  memcpy(p, &e, ir_buffer_format_bytes(f));
}

void ir_buffer_dst_sel(const struct ir_vsharp *v, const struct ir_buffer_format *f,
                       bool in_range, const uint32_t c[4], uint32_t out[4]) {
  for (unsigned k = 0; k < 4; k++) {
    uint8_t s = v->dst_sel[k];
    out[k] = s == IR_SEL_1 ? ir_buffer_format_one(f) : in_range && s >= IR_SEL_X ? c[s - IR_SEL_X] : 0;
  }
}

static bool is_int_class(const struct ir_buffer_format *f) {
  return f->cls == IR_BUF_UINT || f->cls == IR_BUF_SINT;
}

uint32_t ir_buffer_to_d16(const struct ir_buffer_format *f, uint32_t v) {
  return is_int_class(f) ? v & 0xffff : ir_small_float_bits(bitsf(v), 10, true, false);
}

uint32_t ir_buffer_from_d16(const struct ir_buffer_format *f, uint32_t v) {
  if (f->cls == IR_BUF_SINT) return (uint32_t)(int32_t)(int16_t)v;
  return is_int_class(f) ? v & 0xffff : fbits(ir_small_float_value(v & 0xffff, 10, true));
}
