/* Image loads, stores and queries (docs/shader-spirv.md, "Images").
 *
 * No Vulkan image stands for a guest image: the module reads the T# (eight dwords, the IR's
 * vec8 operand) at run time, computes the texel's guest address as the texture unit does —
 * the surface layout of src/gpu/tiling (linear pitch, 256-byte / 4 KiB / 64 KiB swizzle
 * blocks, mip chain and mip tail) and the mode's XOR equation from the table after the guest
 * ranges (SPIRV_RANGES_PATTERNS, filled from tiling_patterns.inc by tiling_gpu_table) — and
 * reads or writes guest memory through the range table like any other access. Field
 * positions: ir_tsharp.h. Sampling: spirv_emit_sample.c, through the texel fetch helper here.
 *
 * Formats: every unified format whose element is 1, 2, 4, 8 or 16 bytes, through the
 * buffer formats' conversions (spirv_emit_format.c: the rules of docs/shader-ir.md "Buffer
 * memory"); the 96-bit ones and values without components load 0 and drop stores.
 */
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/ir/ir_tsharp.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"
#include "gpu/shader/spirv/spirv_emit_u32.h"

#define U32 e->t_u32
#define U64 e->t_u64
#define BL e->t_bool

static uint32_t lt(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpULessThan, BL, a, b);
}
static uint32_t le(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpULessThanEqual, BL, a, b);
}
static uint32_t eq(struct emit *e, uint32_t a, uint32_t b) { return op2(e, SpvOpIEqual, BL, a, b); }
static uint32_t land(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpLogicalAnd, BL, a, b);
}
static uint32_t lnot(struct emit *e, uint32_t a) { return op1(e, SpvOpLogicalNot, BL, a); }
static uint32_t umax(struct emit *e, uint32_t a, uint32_t b) {
  return sel(e, U32, lt(e, a, b), b, a);
}
static uint32_t umin(struct emit *e, uint32_t a, uint32_t b) {
  return sel(e, U32, lt(e, a, b), a, b);
}
/* V rounded up to a multiple of A (a power of two) */
static uint32_t align_up(struct emit *e, uint32_t v, uint32_t a) {
  return band(e, add(e, v, op2(e, SpvOpISub, U32, a, cu32(e, 1))),
              op1(e, SpvOpNot, U32, op2(e, SpvOpISub, U32, a, cu32(e, 1))));
}
/* NIBBLES >> (4 * I) & 15: a table of small values indexed at run time */
static uint32_t nib(struct emit *e, uint32_t nibbles, uint32_t i) {
  return band(e, shr(e, cu32(e, nibbles), shl(e, i, cu32(e, 2))), cu32(e, 15));
}

static uint32_t field(struct emit *e, const uint32_t *w, enum ir_tsharp_field f) {
  const struct ir_tsharp_field_info *i = &ir_tsharp_fields[f];
  return bits32(e, w[i->dword], i->lo, i->bits);
}

/* What the accesses need of a T#. */
struct img {
  uint32_t w[8];
  uint32_t base; /* u64 guest address (XOR modes: the block-aligned part) */
  uint32_t pbx;  /* the pipe/bank XOR (XOR modes), else 0 */
  uint32_t format, type, mode, width, height, depth, base_array, base_level, last_level, levels;
  struct spirv_format fmt; /* the unified format's layout and class (spirv_emit_format.c) */
  uint32_t fmt_ok;         /* an element of 1, 2, 4, 8 or 16 bytes, special, or linear 96-bit */
  uint32_t e, bpe;         /* log2 of the element's bytes (96-bit: 2), bytes (96-bit: 12) */
  uint32_t x3;             /* a 96-bit format (32_32_32_*): 4-byte elements, 3 a texel */
  uint32_t abpe;           /* the laid-out element's bytes (96-bit: 4, else bpe) */
  uint32_t info, special;  /* ir_texel_info of the format; whether it is a special one */
  uint32_t bwl, bhl;       /* log2 texels per element in x, y (special formats; else 0) */
  uint32_t ew, eh;         /* level 0's size in elements (img_read) */
  uint32_t msaa;           /* an MSAA type (2D MSAA, 2D MSAA array) */
  uint32_t slog;           /* MSAA: log2 of the fragments (LAST_LEVEL), else 0 */
  uint32_t msaa_bad;       /* MSAA with LAST_LEVEL above 3 (16 fragments): no layout */
};

/* The format at run time, through the buffer formats' conversions (spirv_format_dynamic):
 * every unified format whose element is a power of two of bytes has a layout here; the
 * 96-bit ones on linear surfaces (MODE: the T#'s SW_MODE) as a row of 4-byte elements three
 * times as wide, as addrlib lays them out (ADDR_EXPANDED, linear only); tiled, they are
 * formats not decoded. */
static void img_format(struct emit *e, struct img *m, uint32_t mode) {
  /* the special formats (ir_texel.h): their element's bytes and shape from their entry, and
   * the plain format their texels are decoded into (m->fmt) */
  m->info = spirv_texel_info(e, m->format);
  m->special = op2(e, SpvOpINotEqual, BL, band(e, m->info, cu32(e, 15)), cu32(e, 0));
  m->bwl = band(e, shr(e, m->info, cu32(e, 12)), cu32(e, 3));
  m->bhl = band(e, shr(e, m->info, cu32(e, 14)), cu32(e, 3));
  uint32_t plain =
      sel(e, U32, m->special, band(e, shr(e, m->info, cu32(e, 16)), cu32(e, 255)), m->format);
  spirv_format_dynamic(e, plain, &m->fmt);
  m->fmt.srgb = true;         /* a T#'s format: the SRGB rows can occur */
  spirv_format_srgb_table(e); /* made from main (the first image access is there) */
  uint32_t bytes =
      sel(e, U32, m->special, shl(e, cu32(e, 1), band(e, shr(e, m->info, cu32(e, 8)), cu32(e, 7))),
          op1(e, SpvOpUConvert, U32, m->fmt.bytes64));
  uint32_t pow2 = eq(e, band(e, bytes, op2(e, SpvOpISub, U32, bytes, cu32(e, 1))), cu32(e, 0));
  uint32_t size_ok = land(e, lt(e, cu32(e, 0), bytes), le(e, bytes, cu32(e, 16)));
  m->fmt_ok = op2(e, SpvOpLogicalOr, BL, m->special, land(e, m->fmt.valid, land(e, pow2, size_ok)));
  m->x3 = land(e, land(e, lnot(e, m->special), m->fmt.valid), eq(e, bytes, cu32(e, 12)));
  m->fmt_ok = op2(e, SpvOpLogicalOr, BL, m->fmt_ok, land(e, m->x3, eq(e, mode, cu32(e, 0))));
  m->bpe = sel(e, U32, m->fmt_ok, bytes, cu32(e, 1));
  m->abpe = sel(e, U32, m->x3, cu32(e, 4), m->bpe);
  m->e = glsl(e, U32, GLSL_FIND_UMSB, m->abpe, 0, 1);
}

/* the T#'s SW_MODE (T the T# value) */
static uint32_t tsharp_mode(struct emit *e, uint32_t t) {
  uint32_t w[2] = {t, ir_tsharp_fields[IR_TSHARP_sw_mode].dword};
  return bits32(e, spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2),
                ir_tsharp_fields[IR_TSHARP_sw_mode].lo, ir_tsharp_fields[IR_TSHARP_sw_mode].bits);
}

static void img_read(struct emit *e, uint32_t t, struct img *m) {
  for (uint32_t k = 0; k < 8; k++) {
    uint32_t w[2] = {t, k};
    m->w[k] = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
  }
  uint32_t base = op2(e, SpvOpBitwiseOr, U64, to_u64(e, field(e, m->w, IR_TSHARP_base_lo)),
                      op2(e, SpvOpShiftLeftLogical, U64,
                          to_u64(e, field(e, m->w, IR_TSHARP_base_hi)), cu32(e, 32)));
  base = op2(e, SpvOpShiftLeftLogical, U64, base, cu32(e, 8));
  m->format = field(e, m->w, IR_TSHARP_format);
  m->type = field(e, m->w, IR_TSHARP_type);
  m->mode = field(e, m->w, IR_TSHARP_sw_mode);
  m->width = add(e,
                 op2(e, SpvOpBitwiseOr, U32, field(e, m->w, IR_TSHARP_width_lo),
                     shl(e, field(e, m->w, IR_TSHARP_width_hi), cu32(e, 2))),
                 cu32(e, 1));
  m->height = add(e, field(e, m->w, IR_TSHARP_height), cu32(e, 1));
  m->depth = add(e, field(e, m->w, IR_TSHARP_depth), cu32(e, 1));
  m->base_array = field(e, m->w, IR_TSHARP_base_array);
  m->base_level = field(e, m->w, IR_TSHARP_base_level);
  m->last_level = field(e, m->w, IR_TSHARP_last_level);
  /* MSAA types: one level, log2 of the fragments in LAST_LEVEL (tiling_surface_from_tsharp) */
  m->msaa = op2(e, SpvOpLogicalOr, BL, eq(e, m->type, cu32(e, IR_TSHARP_2D_MSAA)),
                eq(e, m->type, cu32(e, IR_TSHARP_2D_MSAA_ARRAY)));
  m->slog = sel(e, U32, m->msaa, band(e, m->last_level, cu32(e, 3)), cu32(e, 0));
  m->msaa_bad = land(e, m->msaa, lt(e, cu32(e, 3), m->last_level));
  m->levels =
      sel(e, U32, m->msaa, cu32(e, 1), add(e, field(e, m->w, IR_TSHARP_max_mip), cu32(e, 1)));
  /* XOR modes (values 16 and up) keep the pipe/bank XOR in the base's bits below the block */
  uint32_t blk = sel(e, U32, lt(e, m->mode, cu32(e, 4)), cu32(e, 8),
                     sel(e, U32,
                         op2(e, SpvOpLogicalOr, BL, eq(e, shr(e, m->mode, cu32(e, 2)), cu32(e, 1)),
                             eq(e, shr(e, m->mode, cu32(e, 2)), cu32(e, 5))),
                         cu32(e, 12), cu32(e, 16)));
  uint32_t xmask = sel(e, U32, le(e, cu32(e, 16), m->mode),
                       op2(e, SpvOpISub, U32, shl(e, cu32(e, 1), blk), cu32(e, 1)), cu32(e, 0));
  m->pbx = band(e, op1(e, SpvOpUConvert, U32, base), xmask);
  m->base = op2(e, SpvOpBitwiseAnd, U64, base, op1(e, SpvOpNot, U64, to_u64(e, xmask)));
  img_format(e, m, m->mode);
  /* the element grid: texels per element side by side (4:2:2 pairs, 4x4 blocks; 96-bit:
   * three elements a texel) */
  m->ew = shr(e, add(e, m->width, op2(e, SpvOpISub, U32, shl(e, cu32(e, 1), m->bwl), cu32(e, 1))),
              m->bwl);
  m->ew = sel(e, U32, m->x3, mul(e, m->width, cu32(e, 3)), m->ew);
  m->eh = shr(e, add(e, m->height, op2(e, SpvOpISub, U32, shl(e, cu32(e, 1), m->bhl), cu32(e, 1))),
              m->bhl);
}

/* bits of the swizzle equation table (64-bit word I of binding 1 past the ranges) */
static uint32_t pattern_word(struct emit *e, uint32_t i) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassStorageBuffer, U64);
  uint32_t w[3] = {e->ranges_var, cu32(e, 0), add(e, i, cu32(e, SPIRV_RANGES_PATTERNS / 2))};
  return op1(e, SpvOpLoad, U64, spv_op(&e->b, SpvOpAccessChain, pt, w, 3));
}

/* The guest address of the element holding texel (x, y, slice) of level L of M, and whether
 * the surface's mode and element have a layout here (*OK). The layout rules are
 * tiling_layout.c's, in straight-line code over the sixteen possible levels, on the element
 * grid (special formats: x and y / texels per element). */
static void texel_addrs(struct emit *e, const struct img *m, unsigned n, const uint32_t *xs,
                        const uint32_t *ys, const uint32_t *slices, const uint32_t *frags,
                        uint32_t l, uint32_t is3d, uint32_t *ok, uint32_t *out) {
  uint32_t zero = cu32(e, 0), one = cu32(e, 1), mode = m->mode, ee = m->e;
  uint32_t low = band(e, mode, cu32(e, 3));
  uint32_t linear = eq(e, mode, zero);
  uint32_t sd = op2(e, SpvOpLogicalOr, BL, eq(e, low, one), eq(e, low, cu32(e, 2)));
  uint32_t zmode = land(e, eq(e, low, zero), lnot(e, linear));
  uint32_t thick = land(e, is3d, sd);
  uint32_t blk = sel(e, U32, lt(e, mode, cu32(e, 4)), cu32(e, 8),
                     sel(e, U32,
                         op2(e, SpvOpLogicalOr, BL, eq(e, shr(e, mode, cu32(e, 2)), one),
                             eq(e, shr(e, mode, cu32(e, 2)), cu32(e, 5))),
                         cu32(e, 12), cu32(e, 16)));
  /* block size in elements: thin 2D blocks (with MSAA the block holds every fragment: the
   * width takes the odd bit when the fragments' log2 is even or the block's is odd), or
   * the 1 KiB 3D block scaled (tiling_layout.c) */
  uint32_t slog = m->slog;
  uint32_t elems = op2(e, SpvOpISub, U32, op2(e, SpvOpISub, U32, blk, ee), slog);
  uint32_t wfirst =
      op2(e, SpvOpLogicalOr, BL, eq(e, band(e, slog, one), zero), eq(e, band(e, blk, one), one));
  uint32_t wl_thin = shr(e, add(e, elems, sel(e, U32, wfirst, one, zero)), one),
           hl_thin = op2(e, SpvOpISub, U32, elems, wl_thin);
  uint32_t kb = op2(e, SpvOpISub, U32, blk, cu32(e, 10));
  uint32_t avg = op2(e, SpvOpUDiv, U32, kb, cu32(e, 3)),
           rest = op2(e, SpvOpUMod, U32, kb, cu32(e, 3));
  uint32_t wl_thick = add(e, nib(e, 0x23334, ee), avg);
  uint32_t hl_thick = add(e, nib(e, 0x22333, ee), add(e, avg, shr(e, rest, one)));
  uint32_t dl_thick =
      add(e, nib(e, 0x22233, ee), add(e, avg, sel(e, U32, eq(e, rest, zero), zero, one)));
  uint32_t bwl = sel(e, U32, thick, wl_thick, wl_thin), bhl = sel(e, U32, thick, hl_thick, hl_thin);
  uint32_t bdl = sel(e, U32, thick, dl_thick, zero);
  uint32_t bw = shl(e, one, bwl), bh = shl(e, one, bhl), bd = shl(e, one, bdl);
  /* the mip tail: largest level in it, levels it holds */
  uint32_t b12 = eq(e, blk, cu32(e, 12)), micro = eq(e, blk, cu32(e, 8));
  uint32_t tail_w = sel(e, U32, land(e, thick, b12), bw, shr(e, bw, one));
  uint32_t tail_h = sel(e, U32, land(e, thick, b12), shr(e, bh, one), bh);
  uint32_t zfix = land(e, zmode, le(e, ee, one));
  uint32_t fix_w = sel(e, U32, zfix, shr(e, tail_w, one), tail_w);
  uint32_t fix_h = sel(e, U32, land(e, zfix, eq(e, ee, zero)), shr(e, tail_h, one), tail_h);
  uint32_t max_tail = sel(e, U32, thick, sel(e, U32, b12, cu32(e, 5), cu32(e, 10)),
                          sel(e, U32, b12, cu32(e, 8), cu32(e, 12)));
  uint32_t L = m->levels;
  uint32_t lin_align = shr(e, cu32(e, 256), ee);
  uint32_t found = spv_const_bool(&e->b, false), first = L;
  uint32_t chain = cu64(e, 0), after = cu64(e, 0), pitch = zero;
  uint32_t bpe64 = to_u64(e, m->abpe);
  uint32_t multi = lt(e, one, L);
  uint32_t plane[16], before[16];
  for (uint32_t i = 0; i < 16; i++) {
    uint32_t ci = cu32(e, i), valid = lt(e, ci, L), r = cu32(e, (1u << i) - 1);
    uint32_t mw = shr(e, add(e, m->ew, r), ci), mh = shr(e, add(e, m->eh, r), ci);
    uint32_t cond = land(e, land(e, land(e, valid, lnot(e, found)), land(e, multi, lnot(e, micro))),
                         land(e, land(e, le(e, mw, fix_w), le(e, mh, fix_h)),
                              le(e, op2(e, SpvOpISub, U32, L, ci), max_tail)));
    cond = land(e, cond, lnot(e, linear));
    first = sel(e, U32, cond, ci, first);
    before[i] = land(e, valid, lnot(e, op2(e, SpvOpLogicalOr, BL, found, cond)));
    found = op2(e, SpvOpLogicalOr, BL, found, cond);
    /* linear: max(1, size >> i), the pitch aligned to 256 bytes */
    uint32_t lw = umax(e, shr(e, m->ew, ci), one), lh = umax(e, shr(e, m->eh, ci), one);
    uint32_t p_i = sel(e, U32, linear, align_up(e, lw, lin_align), align_up(e, mw, bw));
    uint32_t ph = sel(e, U32, linear, lh, align_up(e, mh, bh));
    plane[i] = op2(e, SpvOpIMul, U64, op2(e, SpvOpIMul, U64, to_u64(e, p_i), to_u64(e, ph)), bpe64);
    chain = add64(e, chain, sel(e, U64, before[i], plane[i], cu64(e, 0)));
    /* the levels after L (smaller) come first in the chain */
    uint32_t slab = sel(e, U64, linear, plane[i], op2(e, SpvOpIMul, U64, plane[i], to_u64(e, bd)));
    after = add64(e, after, sel(e, U64, land(e, before[i], lt(e, l, ci)), slab, cu64(e, 0)));
    pitch = sel(e, U32, eq(e, l, ci), p_i, pitch);
  }
  uint32_t blk_size = shl(e, one, blk);
  chain = op2(e, SpvOpShiftLeftLogical, U64, chain, slog); /* one level: every fragment */
  chain = add64(e, chain,
                sel(e, U64, found, to_u64(e, op2(e, SpvOpUDiv, U32, blk_size, bd)), cu64(e, 0)));
  uint32_t in_tail = land(e, found, le(e, first, l));
  uint32_t mbo = sel(e, U64, in_tail, cu64(e, 0),
                     add64(e, after, sel(e, U64, found, to_u64(e, blk_size), cu64(e, 0))));
  /* a tail level's place in the tail block (blocks of 4 KiB and 64 KiB: even log2) */
  uint32_t mt = op2(e, SpvOpISub, U32, op2(e, SpvOpISub, U32, max_tail, one),
                    op2(e, SpvOpISub, U32, l, first));
  uint32_t mip_off =
      sel(e, U32, lt(e, cu32(e, 6), mt), shl(e, cu32(e, 16), mt), shl(e, mt, cu32(e, 8)));
  uint32_t mx = zero, my = zero;
  for (uint32_t b = 0; b < 6; b++) {
    my = op2(e, SpvOpBitwiseOr, U32, my,
             shl(e, band(e, shr(e, mip_off, cu32(e, 8 + 2 * b)), one), cu32(e, b)));
    mx = op2(e, SpvOpBitwiseOr, U32, mx,
             shl(e, band(e, shr(e, mip_off, cu32(e, 9 + 2 * b)), one), cu32(e, b)));
  }
  /* 256-byte micro blocks: 2D (16,16) (16,8) (8,8) (8,4) (4,4); 3D (8,4) (4,4) (4,4) (4,2) (2,2) */
  uint32_t mw_l = sel(e, U32, thick, nib(e, 0x12223, ee), nib(e, 0x23344, ee));
  uint32_t mh_l = sel(e, U32, thick, nib(e, 0x11222, ee), nib(e, 0x22334, ee));
  uint32_t tx = sel(e, U32, in_tail, shl(e, mx, mw_l), zero),
           ty = sel(e, U32, in_tail, shl(e, my, mh_l), zero);
  /* the equation: 16 words at pattern_word(index); MSAA kinds 3..5: 2, 4, 8 fragments */
  uint32_t kind = sel(e, U32, is3d, sel(e, U32, sd, one, cu32(e, 2)),
                      sel(e, U32, eq(e, slog, zero), zero, add(e, slog, cu32(e, 2))));
  uint32_t index = add(e, mul(e, add(e, mul(e, mode, cu32(e, 6)), kind), cu32(e, 5)), ee);
  uint32_t start = op1(e, SpvOpUConvert, U32, pattern_word(e, index));
  uint32_t eq_lo[16], eq_hi[16];
  for (uint32_t b = 0; b < 16; b++) {
    uint32_t wd = pattern_word(e, add(e, start, cu32(e, b)));
    eq_lo[b] = op1(e, SpvOpUConvert, U32, wd);
    eq_hi[b] = op1(e, SpvOpUConvert, U32, op2(e, SpvOpShiftRightLogical, U64, wd, cu32(e, 32)));
  }
  /* per element: slice base, block, in-block offset */
  for (unsigned c = 0; c < n; c++) {
    uint32_t x = sel(e, U32, m->x3, mul(e, xs[c], cu32(e, 3)), shr(e, xs[c], m->bwl));
    uint32_t y = shr(e, ys[c], m->bhl), slice = slices[c];
    uint32_t slice64 = to_u64(e, slice);
    uint32_t thick_slices = to_u64(e, mul(e, bd, op2(e, SpvOpUDiv, U32, slice, bd)));
    uint32_t slice_base = op2(e, SpvOpIMul, U64, chain, sel(e, U64, thick, thick_slices, slice64));
    uint32_t block = add(e, mul(e, shr(e, y, bhl), shr(e, pitch, bwl)), shr(e, x, bwl));
    block = sel(e, U32, in_tail, zero, block);
    uint32_t z = sel(e, U32, micro, zero, slice);
    uint32_t xx = add(e, x, tx), yy = add(e, y, ty), inb = zero;
    for (uint32_t b = 0; b < 16; b++) {
      uint32_t cb = cu32(e, b), lo = eq_lo[b], hi = eq_hi[b];
      uint32_t fx = op1(e, SpvOpSNegate, U32, band(e, shr(e, xx, cb), one));
      uint32_t fy = op1(e, SpvOpSNegate, U32, band(e, shr(e, yy, cb), one));
      uint32_t fz = op1(e, SpvOpSNegate, U32, band(e, shr(e, z, cb), one));
      uint32_t t = op2(e, SpvOpBitwiseXor, U32, band(e, fx, band(e, lo, cu32(e, 0xffff))),
                       band(e, fy, shr(e, lo, cu32(e, 16))));
      t = op2(e, SpvOpBitwiseXor, U32, t, band(e, fz, band(e, hi, cu32(e, 0xffff))));
      inb = op2(e, SpvOpBitwiseXor, U32, inb, t);
    }
    /* the fragment's bits: bits 63:48 of words 0..3 */
    for (uint32_t b = 0; frags && b < 4; b++) {
      uint32_t fs = op1(e, SpvOpSNegate, U32, band(e, shr(e, frags[c], cu32(e, b)), one));
      inb = op2(e, SpvOpBitwiseXor, U32, inb, band(e, fs, shr(e, eq_hi[b], cu32(e, 16))));
    }
    inb = op2(e, SpvOpBitwiseXor, U32, inb, m->pbx);
    uint32_t tiled =
        add64(e, add64(e, m->base, add64(e, slice_base, mbo)),
              add64(e, op2(e, SpvOpShiftLeftLogical, U64, to_u64(e, block), blk), to_u64(e, inb)));
    uint32_t lin = add64(
        e, add64(e, m->base, add64(e, slice_base, mbo)),
        op2(e, SpvOpIMul, U64,
            add64(e, op2(e, SpvOpIMul, U64, to_u64(e, y), to_u64(e, pitch)), to_u64(e, x)), bpe64));
    out[c] = sel(e, U64, linear, lin, tiled);
  }
  /* a mode with no equation for the element size (or the kind) has no layout */
  *ok = op2(e, SpvOpLogicalOr, BL, linear, op2(e, SpvOpINotEqual, BL, start, zero));
  *ok = land(e, *ok, lt(e, mode, cu32(e, 32)));
  /* 3D surfaces: the modes the tiling library lays out in 3D (linear, S, Z, R, 64 KiB D_X) */
  uint32_t allow3d =
      op2(e, SpvOpINotEqual, BL,
          band(e, shr(e, cu32(e, 0x0F220221u), band(e, mode, cu32(e, 31))), one), zero);
  *ok = land(e, *ok, op2(e, SpvOpLogicalOr, BL, lnot(e, is3d), allow3d));
  /* MSAA: not linear (the library lays out fragments in Z and R modes only), 8 at most */
  *ok = land(
      e, *ok,
      lnot(e, land(e, m->msaa,
                   op2(e, SpvOpLogicalOr, BL, m->msaa_bad, land(e, linear, lt(e, zero, slog))))));
}

static void load_raw(struct emit *e, const struct img *m, uint32_t at, uint32_t ok,
                     uint32_t raw[4]);
static uint32_t element_addr(struct emit *e, const struct img *m, uint32_t g, uint32_t *ok);

/* The address computation is one helper function per module (the T#, x, y, slice, level,
 * is3d -> the guest address, bit 63 set when the surface has no layout here): some 1,500
 * instructions that every image access would otherwise repeat. */
static uint32_t t_tsharp(struct emit *e) { return spv_type_array(&e->b, U32, 8); }

static uint32_t texel_call(struct emit *e, uint32_t t, uint32_t x, uint32_t y, uint32_t slice,
                           uint32_t frag, uint32_t level, uint32_t is3d, uint32_t *ok) {
  if (!e->image_addr_fn) e->image_addr_fn = spv_id(&e->b);
  uint32_t w[8] = {e->image_addr_fn, t, x, y, slice, frag, level, is3d};
  uint32_t r = spv_op(&e->b, SpvOpFunctionCall, U64, w, 8);
  *ok = op2(e, SpvOpIEqual, BL, op2(e, SpvOpShiftRightLogical, U64, r, cu32(e, 63)), cu64(e, 0));
  return op2(e, SpvOpBitwiseAnd, U64, r, cu64(e, ~(1ull << 63)));
}

/* The texel fetch of sampling (spirv_emit_sample.c). The element's address and range
 * lookup are computed where the fetch is (the range table is main's); its bytes are read
 * and decoded by one helper function per module, image_texel_decode (T#, device address,
 * whether to read, the lane's junk address -> the components decoded by the T#'s format,
 * f32 bits for the float classes; all 0 when not read). */
void spirv_image_texel_src(struct emit *e, uint32_t t, struct spirv_texel_src *src) {
  struct img m;
  src->t = t;
  uint32_t w[2] = {t, ir_tsharp_fields[IR_TSHARP_format].dword};
  uint32_t word = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
  m.format = bits32(e, word, ir_tsharp_fields[IR_TSHARP_format].lo,
                    ir_tsharp_fields[IR_TSHARP_format].bits);
  img_format(e, &m, tsharp_mode(e, t));
  src->bpe = m.bpe;
  src->fmt_ok = m.fmt_ok;
  src->bwl = m.bwl;
  src->bhl = m.bhl;
  src->format = m.format;
  src->plain = sel(e, U32, m.special, band(e, shr(e, m.info, cu32(e, 16)), cu32(e, 255)), m.format);
  /* a format not decoded on an image type (1D .. 2D MSAA array): counted once per sampling
   * instruction and lane, read as 0 */
  uint32_t w3[2] = {t, ir_tsharp_fields[IR_TSHARP_type].dword};
  uint32_t type =
      bits32(e, spv_op(&e->b, SpvOpCompositeExtract, U32, w3, 2),
             ir_tsharp_fields[IR_TSHARP_type].lo, ir_tsharp_fields[IR_TSHARP_type].bits);
  uint32_t undecoded = land(e, land(e, le(e, cu32(e, IR_TSHARP_1D), type), lnot(e, m.fmt_ok)),
                            op2(e, SpvOpINotEqual, BL, m.format, cu32(e, 0)));
  spirv_fault_note_kind(e, SPIRV_FAULT_FORMAT, undecoded, spv_const_bool(&e->b, false),
                        to_u64(e, m.format), 0);
}

/* the footprint helper: T#, x0, x1, y0, y1, slice0, slice1, level, is3d -> the guest
 * addresses of the eight elements (x_i, y_j, slice_k) at index 4k + 2j + i, bit 63 set when
 * the surface has no layout; the level's layout computed once for all eight */
static uint32_t t_foot(struct emit *e) { return spv_type_array(&e->b, U64, 8); }

/* element C of the footprint helper's result ARR, decoded by the format; X, Y: the texel's
 * coordinates (special formats: its place in the element) */
static uint32_t foot_decode(struct emit *e, const struct spirv_texel_src *src, uint32_t arr,
                            uint32_t c, uint32_t x, uint32_t y) {
  if (!e->image_fetch_fn) e->image_fetch_fn = spv_id(&e->b);
  struct img m;
  m.bpe = src->bpe;
  uint32_t ex[2] = {arr, c};
  uint32_t r = spv_op(&e->b, SpvOpCompositeExtract, U64, ex, 2);
  uint32_t ok =
      op2(e, SpvOpIEqual, BL, op2(e, SpvOpShiftRightLogical, U64, r, cu32(e, 63)), cu64(e, 0));
  uint32_t g = op2(e, SpvOpBitwiseAnd, U64, r, cu64(e, ~(1ull << 63)));
  ok = land(e, ok, src->fmt_ok);
  uint32_t at = element_addr(e, &m, g, &ok);
  /* the texel inside the element (special formats), (y & 3) << 2 | (x & 3) */
  uint32_t mx = op2(e, SpvOpISub, U32, shl(e, cu32(e, 1), src->bwl), cu32(e, 1));
  uint32_t my = op2(e, SpvOpISub, U32, shl(e, cu32(e, 1), src->bhl), cu32(e, 1));
  uint32_t sub = op2(e, SpvOpBitwiseOr, U32, band(e, x, mx), shl(e, band(e, y, my), cu32(e, 2)));
  uint32_t a[6] = {e->image_fetch_fn, src->t, at, ok, e->junk, sub};
  return spv_op(&e->b, SpvOpFunctionCall, e->t_v4u32, a, 6);
}

void spirv_image_footprint(struct emit *e, const struct spirv_texel_src *src, const uint32_t x[2],
                           const uint32_t y[2], const uint32_t slice[2], uint32_t level,
                           uint32_t is3d, unsigned count, uint32_t out[8]) {
  if (!e->image_foot_fn) e->image_foot_fn = spv_id(&e->b);
  uint32_t w[10] = {e->image_foot_fn, src->t,   x[0],  x[1], y[0], y[1],
                    slice[0],         slice[1], level, is3d};
  uint32_t arr = spv_op(&e->b, SpvOpFunctionCall, t_foot(e), w, 10);
  for (uint32_t c = 0; c < count; c++)
    out[c] = foot_decode(e, src, arr, c, x[c & 1], y[(c >> 1) & 1]);
}

void spirv_image_texel_pair(struct emit *e, const struct spirv_texel_src *src, const uint32_t x[2],
                            const uint32_t y[2], const uint32_t slice[2], uint32_t level,
                            uint32_t out[2]) {
  if (!e->image_foot_fn) e->image_foot_fn = spv_id(&e->b);
  uint32_t w[10] = {e->image_foot_fn,
                    src->t,
                    x[0],
                    x[1],
                    y[0],
                    y[1],
                    slice[0],
                    slice[1],
                    level,
                    spv_const_bool(&e->b, false)};
  uint32_t arr = spv_op(&e->b, SpvOpFunctionCall, t_foot(e), w, 10);
  out[0] = foot_decode(e, src, arr, 0, x[0], y[0]); /* (x0, y0, slice0) */
  out[1] = foot_decode(e, src, arr, 7, x[1], y[1]); /* (x1, y1, slice1) */
}

/* Opens helper function FN named NAME, returning RET, with the N parameter types PARAMS
 * (their ids into P), and its entry block */
static void fn_begin(struct emit *e, uint32_t fn, const char *name, uint32_t ret,
                     const uint32_t *params, uint32_t n, uint32_t *p) {
  uint32_t ft = spv_type_function(&e->b, ret, params, n);
  uint32_t f[4] = {ret, fn, SpvFunctionControlMaskNone, ft};
  inst(e, SpvOpFunction, f, 4);
  spv_name(&e->b, fn, name);
  for (uint32_t i = 0; i < n; i++) p[i] = param(e, params[i]);
  label(e, spv_id(&e->b));
}

static void foot_fn_body(struct emit *e) {
  uint32_t params[9] = {t_tsharp(e), U32, U32, U32, U32, U32, U32, U32, BL}, p[9];
  fn_begin(e, e->image_foot_fn, "image_footprint_address", t_foot(e), params, 9, p);
  struct img m;
  img_read(e, p[0], &m);
  uint32_t xs[8], ys[8], ss[8], g[8], ok;
  for (unsigned c = 0; c < 8; c++) {
    xs[c] = p[1 + (c & 1)];
    ys[c] = p[3 + (c >> 1 & 1)];
    ss[c] = p[5 + (c >> 2)];
  }
  texel_addrs(e, &m, 8, xs, ys, ss, NULL, p[7], p[8], &ok, g);
  for (unsigned c = 0; c < 8; c++) g[c] = sel(e, U64, ok, g[c], cu64(e, 1ull << 63));
  uint32_t r = spv_op(&e->b, SpvOpCompositeConstruct, t_foot(e), g, 8);
  inst(e, SpvOpReturnValue, &r, 1);
  inst(e, SpvOpFunctionEnd, NULL, 0);
}

static void fetch_fn_body(struct emit *e) {
  uint32_t params[5] = {t_tsharp(e), U64, BL, U64, U32}, p[5];
  fn_begin(e, e->image_fetch_fn, "image_texel_decode", e->t_v4u32, params, 5, p);
  uint32_t junk = e->junk;
  e->junk = p[3]; /* the lane's junk dword, main's value passed in */
  struct img m;
  uint32_t w[2] = {p[0], ir_tsharp_fields[IR_TSHARP_format].dword};
  uint32_t word = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
  m.format = bits32(e, word, ir_tsharp_fields[IR_TSHARP_format].lo,
                    ir_tsharp_fields[IR_TSHARP_format].bits);
  img_format(e, &m, tsharp_mode(e, p[0]));
  uint32_t raw[4], c[4], sc[4];
  load_raw(e, &m, p[1], p[2], raw);
  spirv_texel_decode(e, m.info, raw, p[4], sc); /* special formats: the plain element */
  for (uint32_t k = 0; k < 4; k++) raw[k] = sel(e, U32, m.special, sc[k], raw[k]);
  spirv_format_decode(e, &m.fmt, raw, c);
  for (uint32_t k = 0; k < 4; k++) c[k] = sel(e, U32, p[2], c[k], cu32(e, 0));
  uint32_t r = spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, c, 4);
  inst(e, SpvOpReturnValue, &r, 1);
  inst(e, SpvOpFunctionEnd, NULL, 0);
  e->junk = junk;
}

void spirv_image_fn_body(struct emit *e) {
  if (e->image_fetch_fn) fetch_fn_body(e);
  spirv_texel_fn_body(e); /* after the fetch helper, which may call it */
  if (e->image_foot_fn) foot_fn_body(e);
  if (!e->image_addr_fn) return;
  uint32_t params[7] = {t_tsharp(e), U32, U32, U32, U32, U32, BL}, p[7];
  fn_begin(e, e->image_addr_fn, "image_texel_address", U64, params, 7, p);
  struct img m;
  img_read(e, p[0], &m);
  uint32_t ok, g;
  texel_addrs(e, &m, 1, &p[1], &p[2], &p[3], &p[4], p[5], p[6], &ok, &g);
  uint32_t r = sel(e, U64, ok, g, cu64(e, 1ull << 63));
  inst(e, SpvOpReturnValue, &r, 1);
  inst(e, SpvOpFunctionEnd, NULL, 0);
}

/* The element's coordinates from the IR's vec4 (FLAGS: the MIMG dimension and LOD use):
 * x, y, the slice (array layer or 3D z), the fragment (MSAA dimensions: 2D MSAA x, y,
 * fragment; 2D MSAA array x, y, layer, fragment) and the level; *IN: inside the level, the
 * layers and the fragments, the level inside base..last (MSAA: level 0 only), the T#'s type
 * one of the dimension's kind (MSAA or not). */
static void coords(struct emit *e, const struct img *m, uint64_t flags, uint32_t co, uint32_t *x,
                   uint32_t *y, uint32_t *slice, uint32_t *frag, uint32_t *level, uint32_t *is3d,
                   uint32_t *in) {
  uint32_t c[4], zero = cu32(e, 0), one = cu32(e, 1);
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t w[2] = {co, k};
    c[k] = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
  }
  unsigned dim = (unsigned)(flags & IR_IMAGE_DIM_MASK); /* 1D 2D 3D cube 1Da 2Da 2Dms 2Dmsa */
  bool msaa = dim >= 6;
  *x = c[0];
  *y = dim == 0 || dim == 4 ? zero : c[1];
  uint32_t s = dim == 4 ? c[1] : dim == 2 || dim == 3 || dim == 5 || dim == 7 ? c[2] : zero;
  *frag = dim == 6 ? c[2] : dim == 7 ? c[3] : zero;
  uint32_t mip = (flags & IR_IMAGE_LOD) && dim != 7 ? c[3] : zero;
  *level = msaa ? mip : add(e, m->base_level, mip);
  *is3d = eq(e, m->type, cu32(e, IR_TSHARP_3D));
  uint32_t lw = umax(e, shr(e, m->width, *level), one),
           lh = umax(e, shr(e, m->height, *level), one);
  uint32_t ld = umax(e, shr(e, m->depth, *level), one);
  uint32_t phys = add(e, m->base_array, s);
  uint32_t s_ok =
      sel(e, BL, *is3d, lt(e, s, ld), land(e, lt(e, phys, m->depth), le(e, m->base_array, phys)));
  *slice = sel(e, U32, *is3d, s, phys);
  uint32_t lvl_ok = msaa ? eq(e, mip, zero)
                         : land(e, land(e, lt(e, mip, cu32(e, 16)), le(e, *level, m->last_level)),
                                lt(e, *level, m->levels));
  *in = land(e, land(e, lt(e, *x, lw), lt(e, *y, lh)), land(e, s_ok, lvl_ok));
  uint32_t type_ok = msaa ? m->msaa
                          : land(e, le(e, cu32(e, IR_TSHARP_1D), m->type),
                                 lt(e, m->type, cu32(e, IR_TSHARP_2D_MSAA)));
  *in = land(e, *in, type_ok);
  if (msaa) *in = land(e, *in, lt(e, *frag, shl(e, one, m->slog)));
  *level = umin(e, *level, cu32(e, 15));
}

/* The element's dwords at device address AT (read when OK): 1- and 2-byte elements byte by
 * byte, larger ones as aligned dwords; dwords past the element 0. */
static void load_raw(struct emit *e, const struct img *m, uint32_t at, uint32_t ok,
                     uint32_t raw[4]) {
  uint32_t zero = cu32(e, 0), b1 = eq(e, m->bpe, cu32(e, 1)), b2 = eq(e, m->bpe, cu32(e, 2));
  uint32_t small = op2(e, SpvOpLogicalOr, BL, b1, b2);
  uint32_t v1 = spirv_psb_load_bytes(e, sel(e, U64, land(e, ok, b1), at, e->junk), 1);
  uint32_t v2 = spirv_psb_load_bytes(e, sel(e, U64, land(e, ok, b2), at, e->junk), 2);
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t has = land(e, land(e, ok, lnot(e, small)), lt(e, cu32(e, 4 * k), m->bpe));
    uint32_t d = spirv_psb_load(e, sel(e, U64, has, add64(e, at, cu64(e, 4 * k)), e->junk));
    raw[k] = sel(e, U32, has, d, zero);
  }
  raw[0] = sel(e, U32, land(e, ok, b1), v1, sel(e, U32, land(e, ok, b2), v2, raw[0]));
}

/* The element's dwords RAW written at AT when OK (the same shapes as load_raw) */
static void store_raw(struct emit *e, const struct img *m, uint32_t at, uint32_t ok,
                      const uint32_t raw[4]) {
  uint32_t zero = cu32(e, 0), b1 = eq(e, m->bpe, cu32(e, 1)), b2 = eq(e, m->bpe, cu32(e, 2));
  uint32_t small = op2(e, SpvOpLogicalOr, BL, b1, b2);
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t has = land(e, land(e, ok, lnot(e, small)), lt(e, cu32(e, 4 * k), m->bpe));
    spirv_psb_store(e, sel(e, U64, has, add64(e, at, cu64(e, 4 * k)), e->junk),
                    sel(e, U32, has, raw[k], zero));
  }
  spirv_psb_store_bytes(e, sel(e, U64, land(e, ok, b2), at, e->junk), raw[0], 2);
  spirv_psb_store_bytes(e, sel(e, U64, land(e, ok, b1), at, e->junk), raw[0], 1);
}

/* The device address of the element at guest address G: its first and last bytes in the
 * same mapped range (*OK in: whether the access happens; out: and is mapped). */
static uint32_t element_addr(struct emit *e, const struct img *m, uint32_t g, uint32_t *ok) {
  uint32_t ok2 = *ok, last = to_u64(e, op2(e, SpvOpISub, U32, m->bpe, cu32(e, 1)));
  uint32_t at = spirv_guest_addr(e, g, 1, ok);
  uint32_t at2 = spirv_guest_addr(e, add64(e, g, last), 1, &ok2);
  *ok = land(e, land(e, *ok, ok2), op2(e, SpvOpIEqual, BL, add64(e, at, last), at2));
  return at;
}

/* The element a load or store of FLAGS addresses: its device address; *LAID: inside the
 * image, with a format and a layout; *OK: and in mapped memory; XYIN (when given): the
 * texel's x and y and whether it is inside the image */
static uint32_t load_element(struct emit *e, struct img *m, uint32_t t, uint32_t co, uint64_t flags,
                             uint32_t *laid, uint32_t *ok, uint32_t xyin[3]) {
  img_read(e, t, m);
  uint32_t x, y, s, f, l, is3d, in, lay;
  coords(e, m, flags, co, &x, &y, &s, &f, &l, &is3d, &in);
  if (xyin) xyin[0] = x, xyin[1] = y, xyin[2] = in;
  uint32_t g = texel_call(e, t, x, y, s, f, l, is3d, &lay);
  *laid = *ok = land(e, land(e, in, lay), m->fmt_ok);
  return element_addr(e, m, g, ok);
}

static uint32_t emit_load(struct emit *e, uint32_t t, uint32_t co, uint64_t flags) {
  struct img m;
  uint32_t laid, ok, xyin[3], at = load_element(e, &m, t, co, flags, &laid, &ok, xyin);
  uint32_t x = xyin[0], y = xyin[1], in = xyin[2];
  /* a format not decoded (INVALID excepted): counted in the fault record, read as 0 */
  uint32_t undecoded =
      land(e, land(e, in, lnot(e, m.fmt_ok)), op2(e, SpvOpINotEqual, BL, m.format, cu32(e, 0)));
  spirv_fault_note_kind(e, SPIRV_FAULT_FORMAT, undecoded, spv_const_bool(&e->b, false),
                        to_u64(e, m.format), 0);
  uint32_t raw[4], c[4], sc[4], out[4], zero = cu32(e, 0);
  load_raw(e, &m, at, ok, raw);
  /* special formats: the texel inside the element, as an element of the plain format */
  uint32_t sub =
      op2(e, SpvOpBitwiseOr, U32,
          band(e, x, op2(e, SpvOpISub, U32, shl(e, cu32(e, 1), m.bwl), cu32(e, 1))),
          shl(e, band(e, y, op2(e, SpvOpISub, U32, shl(e, cu32(e, 1), m.bhl), cu32(e, 1))),
              cu32(e, 2)));
  spirv_texel_decode(e, m.info, raw, sub, sc);
  for (uint32_t k = 0; k < 4; k++) raw[k] = sel(e, U32, m.special, sc[k], raw[k]);
  spirv_format_decode(e, &m.fmt, raw, c);
  for (uint32_t k = 0; k < 4; k++) c[k] = sel(e, U32, ok, c[k], zero);
  uint32_t one = spirv_format_one(e, &m.fmt);
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t ds = field(e, m.w, IR_TSHARP_dst_sel_x + k);
    uint32_t v = sel(e, U32, eq(e, ds, cu32(e, IR_SEL_1)), one, zero);
    for (uint32_t j = 0; j < 4; j++) v = sel(e, U32, eq(e, ds, cu32(e, IR_SEL_X + j)), c[j], v);
    out[k] = (flags & IR_IMAGE_D16) ? spirv_format_to_d16(e, &m.fmt, v) : v;
  }
  e->fenced = false;
  return spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, out, 4);
}

static void emit_store(struct emit *e, uint32_t t, uint32_t co, uint32_t data, uint32_t active,
                       uint64_t flags) {
  uint32_t a_t = t;
  struct img m;
  img_read(e, t, &m);
  uint32_t x, y, s, f, l, is3d, in, lay;
  coords(e, &m, flags, co, &x, &y, &s, &f, &l, &is3d, &in);
  uint32_t g = texel_call(e, a_t, x, y, s, f, l, is3d, &lay);
  uint32_t ok = land(e, land(e, land(e, in, lay), m.fmt_ok), active);
  ok = land(e, ok, lnot(e, m.special)); /* stores to the special formats: dropped */
  uint32_t at = element_addr(e, &m, g, &ok);
  uint32_t d[4], zero = cu32(e, 0);
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t w[2] = {data, k};
    d[k] = spv_op(&e->b, SpvOpCompositeExtract, U32, w, 2);
    if (flags & IR_IMAGE_D16) d[k] = spirv_format_from_d16(e, &m.fmt, d[k]);
  }
  /* memory component j takes the data component whose dst_sel names it (the first one) */
  uint32_t mc[4], raw[4];
  for (uint32_t j = 0; j < 4; j++) {
    uint32_t v = zero;
    for (int k = 3; k >= 0; k--)
      v = sel(e, U32,
              eq(e, field(e, m.w, IR_TSHARP_dst_sel_x + (unsigned)k), cu32(e, IR_SEL_X + j)), d[k],
              v);
    mc[j] = v;
  }
  spirv_format_encode(e, &m.fmt, mc, raw);
  spirv_write_begin(e);
  store_raw(e, &m, at, ok, raw);
  spirv_write_end(e);
}

/* The TFE status of image_load FETCH (image_status): 1 (not resident) when the element is
 * inside the image and laid out but not in mapped guest memory, else 0 (our reading,
 * docs/shader-spirv.md *Images*). The fetch's address is computed again (no memory access). */
static uint32_t emit_status(struct emit *e, uint32_t fetch) {
  const struct ir_function *fn = e->fn;
  const uint32_t *fa = ir_inst_args(fn, fetch);
  struct img m;
  uint32_t laid, ok;
  load_element(e, &m, e->val[fa[0]], e->val[fa[1]], fn->insts[fetch].imm, &laid, &ok, NULL);
  return sel(e, U32, land(e, laid, lnot(e, ok)), cu32(e, 1), cu32(e, 0));
}

/* the fetch an image_status reads (through copies) */
static uint32_t status_fetch(const struct ir_function *fn, uint32_t i) {
  uint32_t s = ir_inst_args(fn, i)[0], hops = 0;
  while (fn->insts[s].op == IR_OP_copy && hops++ < fn->inst_count) s = ir_inst_args(fn, s)[0];
  return s;
}

/* image_atomic(_cmpswap) on an element of one 32-bit component: the integer operations
 * (32_UINT, 32_SINT) and the float ones (fcmpswap, fmin, fmax: 32_FLOAT), one device-scope
 * atomic on its dword (the global atomics' path: native integer atomics, inc/dec and the
 * float rules of *Float atomics* as helper loops); any other format, or a lane outside the
 * image, returns 0 and writes nothing. No level operand: the T#'s base level. */
static uint32_t emit_atomic(struct emit *e, const struct ir_inst *in, const uint32_t *a) {
  bool cas = in->op == IR_OP_image_atomic_cmpswap;
  uint64_t flags = in->imm;
  uint32_t a_t = a[0];
  struct img m;
  img_read(e, a[0], &m);
  uint32_t x, y, s, f, l, is3d, inside, lay;
  coords(e, &m, flags & ~(uint64_t)IR_IMAGE_LOD, a[1], &x, &y, &s, &f, &l, &is3d, &inside);
  uint32_t g = texel_call(e, a_t, x, y, s, f, l, is3d, &lay);
  /* imm bits 23:16: the operation (cmpswap: 1 compares as floats) */
  uint64_t op = (flags >> IR_IMAGE_ATOMIC_SHIFT) & 0xff;
  bool fl = cas ? op == 1 : op == IR_ATOMIC_FMIN || op == IR_ATOMIC_FMAX;
  uint32_t fmt =
      fl ? eq(e, m.format, cu32(e, 22))
         : op2(e, SpvOpLogicalOr, BL, eq(e, m.format, cu32(e, 20)), eq(e, m.format, cu32(e, 21)));
  uint32_t ok = land(e, land(e, land(e, inside, lay), fmt), a[cas ? 4 : 3]);
  uint32_t at = element_addr(e, &m, g, &ok);
  uint32_t addr = sel(e, U64, ok, at, e->junk);
  uint32_t old = spirv_emit_atomic32(e, op, cas, addr, a[2], cas ? a[3] : 0);
  return sel(e, U32, ok, old, cu32(e, 0));
}

static uint32_t emit_query(struct emit *e, uint32_t t, uint32_t mip) {
  struct img m;
  img_read(e, t, &m);
  uint32_t one = cu32(e, 1), l = add(e, m.base_level, mip);
  uint32_t big = le(e, cu32(e, 32), l);
  uint32_t lw = sel(e, U32, big, one, umax(e, shr(e, m.width, band(e, l, cu32(e, 31))), one));
  uint32_t lh = sel(e, U32, big, one, umax(e, shr(e, m.height, band(e, l, cu32(e, 31))), one));
  uint32_t ld = sel(e, U32, big, one, umax(e, shr(e, m.depth, band(e, l, cu32(e, 31))), one));
  uint32_t layers = sel(e, U32, lt(e, m.base_array, m.depth),
                        op2(e, SpvOpISub, U32, m.depth, m.base_array), cu32(e, 0));
  uint32_t ty = m.type;
  uint32_t y = sel(e, U32, eq(e, ty, cu32(e, IR_TSHARP_1D_ARRAY)), layers,
                   sel(e, U32, eq(e, ty, cu32(e, IR_TSHARP_1D)), one, lh));
  uint32_t arr = op2(e, SpvOpLogicalOr, BL,
                     op2(e, SpvOpLogicalOr, BL, eq(e, ty, cu32(e, IR_TSHARP_2D_ARRAY)),
                         eq(e, ty, cu32(e, IR_TSHARP_CUBE))),
                     eq(e, ty, cu32(e, IR_TSHARP_2D_MSAA_ARRAY)));
  uint32_t z = sel(e, U32, eq(e, ty, cu32(e, IR_TSHARP_3D)), ld, sel(e, U32, arr, layers, one));
  uint32_t w = sel(e, U32, le(e, m.base_level, m.last_level),
                   add(e, op2(e, SpvOpISub, U32, m.last_level, m.base_level), one), cu32(e, 0));
  uint32_t out[4] = {lw, y, z, w};
  return spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, out, 4);
}

/* ---- the hooks of spirv_emit.c ---------------------------------------------------------- */

bool spirv_emit_image_supports(enum ir_op op) {
  return op == IR_OP_vec8_u32 || op == IR_OP_image_load || op == IR_OP_image_store ||
         op == IR_OP_image_query || op == IR_OP_image_atomic || op == IR_OP_image_atomic_cmpswap ||
         op == IR_OP_image_sample || op == IR_OP_image_sample_ex || op == IR_OP_image_gather ||
         op == IR_OP_image_gather_ex || op == IR_OP_image_get_lod || op == IR_OP_image_status;
}

bool spirv_image_refusal(const struct ir_function *fn, uint32_t i, char *err, size_t size) {
  const struct ir_inst *in = &fn->insts[i];
  const char *name = ir_op_infos[in->op].name;
  switch ((enum ir_op)in->op) {
    case IR_OP_image_sample:
    case IR_OP_image_sample_ex:
    case IR_OP_image_gather:
    case IR_OP_image_gather_ex:
    case IR_OP_image_get_lod: return spirv_sample_refusal(in, i, err, size);
    case IR_OP_image_status: { /* of an image_load (sampling's status: spirv_sample_refusal) */
      uint32_t f = status_fetch(fn, i);
      if (fn->insts[f].op == IR_OP_image_load) return false;
      snprintf(err, size,
               "image_status (%%%u) of %s (%%%u): a sampling fault status is not emitted", i,
               ir_op_infos[fn->insts[f].op].name, f);
      return true;
    }
    case IR_OP_image_atomic:
    case IR_OP_image_atomic_cmpswap: {
      uint64_t op = (in->imm >> IR_IMAGE_ATOMIC_SHIFT) & 0xff;
      /* imm bits 23:16: the integer operations, fcmpswap (1), fmin, fmax */
      bool known = in->op == IR_OP_image_atomic_cmpswap
                       ? op <= 1
                       : op <= IR_ATOMIC_DEC || op == IR_ATOMIC_FMIN || op == IR_ATOMIC_FMAX;
      if (known) return false;
      snprintf(err, size, "%s (%%%u): image atomic operation %u is not emitted", name, i,
               (unsigned)op);
      return true;
    }
    case IR_OP_image_load:
    case IR_OP_image_store: {
      uint64_t f = in->imm;
      const char *why = (f & IR_IMAGE_PACKED) ? "packed (_pck) data: how the element's bits map "
                                                "to the dmask's registers is not established"
                        : (f & IR_IMAGE_FRAGMENTS)
                            ? "MSAA fragments (image_msaa_load: which four samples it returns "
                              "is not established)"
                            : NULL;
      if (!why) return false;
      snprintf(err, size, "%s (%%%u) with %s is not emitted yet", name, i, why);
      return true;
    }
    default: return false;
  }
}

bool spirv_emit_image(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_inst *in = &e->fn->insts[id];
  uint32_t r = e->val[id], v;
  switch ((enum ir_op)in->op) {
    case IR_OP_vec8_u32: {
      def(e, SpvOpCompositeConstruct, t_tsharp(e), r, a, 8);
      return true;
    }
    case IR_OP_image_query: v = emit_query(e, a[0], a[1]); break;
    case IR_OP_image_sample:
    case IR_OP_image_sample_ex:
    case IR_OP_image_gather:
    case IR_OP_image_gather_ex:
    case IR_OP_image_get_lod: {
      uint32_t bits = spirv_emit_sample(e, in, a);
      def(e, SpvOpBitcast, e->t_v4f32, r, &bits, 1);
      return true;
    }
    case IR_OP_image_load: v = emit_load(e, a[0], a[1], in->imm); break;
    case IR_OP_image_status: {
      uint32_t o = emit_status(e, status_fetch(e->fn, id));
      def(e, SpvOpCopyObject, U32, r, &o, 1);
      return true;
    }
    case IR_OP_image_store: emit_store(e, a[0], a[1], a[2], a[3], in->imm); return true;
    case IR_OP_image_atomic:
    case IR_OP_image_atomic_cmpswap: {
      uint32_t o = emit_atomic(e, in, a);
      def(e, SpvOpCopyObject, U32, r, &o, 1);
      return true;
    }
    default: return false;
  }
  def(e, SpvOpCopyObject, e->t_v4u32, r, &v, 1);
  return true;
}
