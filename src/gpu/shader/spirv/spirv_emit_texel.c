/* The texels of the special image formats (ir_texel.h: 5_9_9_9, GB_GR, BG_RG, BC1..BC7) in
 * the module (docs/shader-spirv.md, "Images"): their ir_texel_info words, and one helper
 * function that turns a texel of an element into an element of a plain format
 * (ir_texel_plain_format: 8_8_8_8 of the class, 32_32_32_32_FLOAT for 5_9_9_9), which the
 * caller converts as any element (spirv_format_decode). The rules are ir_texel.c's, on
 * integers: the endpoints widened to 8 bits, the interpolations rounded to the nearest
 * integer; 5_9_9_9 multiplies the mantissa by a power of two (exact). Every kind's value is
 * computed and the format's selected: one straight-line body without conversions, called
 * per texel (lavapipe inlines it); BC6H and BC7 branch to their own helpers first
 * (spirv_emit_bptc.c). */
#include "gpu/shader/ir/ir_texel.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"
#include "gpu/shader/spirv/spirv_emit_u32.h"

#define U32 e->t_u32
#define BL e->t_bool

/* bits LO.. (N of them) of V, LO a u32 id */
static uint32_t field(struct emit *e, uint32_t v, uint32_t lo, unsigned n) {
  return band(e, shr(e, v, lo), cu32(e, (1u << n) - 1));
}

uint32_t spirv_texel_info(struct emit *e, uint32_t format) {
  /* a select per special format of the C table (some twenty compares), not a Private array
   * indexed at run time: with such a table per texel lavapipe's compile took several times
   * longer here (docs/shader-spirv.md, Images, cost) */
  uint32_t info = cu32(e, 0);
  for (uint32_t f = 0; f < IR_TEXEL_INFO_ROWS; f++) {
    uint32_t w = ir_texel_info(f);
    if (w) info = usel(e, ieq_k(e, format, f), cu32(e, w), info);
  }
  return info;
}

void spirv_texel_decode(struct emit *e, uint32_t info, const uint32_t raw[4], uint32_t sub,
                        uint32_t out[4]) {
  if (!e->texel_fn) e->texel_fn = spv_id(&e->b);
  uint32_t w[7] = {e->texel_fn, info, raw[0], raw[1], raw[2], raw[3], sub};
  uint32_t r = spv_op(&e->b, SpvOpFunctionCall, e->t_v4u32, w, 7);
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t x[2] = {r, k};
    out[k] = spv_op(&e->b, SpvOpCompositeExtract, U32, x, 2);
  }
}

/* N / D to the nearest integer, ties away from zero (N a signed u32 value, D > 0 constant) */
static uint32_t div_round(struct emit *e, uint32_t n, uint32_t d) {
  uint32_t neg = op2(e, SpvOpSLessThan, BL, n, cu32(e, 0));
  uint32_t a = usel(e, neg, op1(e, SpvOpSNegate, U32, n), n);
  uint32_t q = op2(e, SpvOpUDiv, U32, add(e, a, cu32(e, d / 2)), cu32(e, d));
  return usel(e, neg, op1(e, SpvOpSNegate, U32, q), q);
}

/* the colour block in dwords CW (endpoints) and IW (indices) for texel I: R, G, B as 8-bit
 * values and A (255 or 0); FOUR (a bool): four colours whatever the endpoints' order */
static void color_block(struct emit *e, uint32_t cw, uint32_t iw, uint32_t i, uint32_t four,
                        uint32_t rgba[4]) {
  uint32_t c0 = band(e, cw, cu32(e, 0xffff)), c1 = shr(e, cw, cu32(e, 16));
  uint32_t code = field(e, iw, shl(e, i, cu32(e, 1)), 2);
  uint32_t fm = lor(e, four, op2(e, SpvOpUGreaterThan, BL, c0, c1));
  static const unsigned lo[3] = {11, 5, 0}, n[3] = {5, 6, 5};
  for (int ch = 0; ch < 3; ch++) {
    uint32_t ab[2];
    for (int k = 0; k < 2; k++) { /* the endpoint's field widened: its top bits repeated */
      uint32_t v = field(e, k ? c1 : c0, cu32(e, lo[ch]), n[ch]);
      ab[k] = bor(e, shl(e, v, cu32(e, 8 - n[ch])), shr(e, v, cu32(e, 2 * n[ch] - 8)));
    }
    uint32_t a = ab[0], b = ab[1], two_a = add(e, a, a), two_b = add(e, b, b);
    uint32_t i2 = div_round(e, add(e, two_a, b), 3), i3 = div_round(e, add(e, a, two_b), 3);
    uint32_t mid = div_round(e, add(e, a, b), 2);
    uint32_t hi = usel(e, fm, usel(e, ieq_k(e, code, 2), i2, i3),
                       usel(e, ieq_k(e, code, 2), mid, cu32(e, 0)));
    rgba[ch] = usel(e, ieq_k(e, code, 0), a, usel(e, ieq_k(e, code, 1), b, hi));
  }
  uint32_t clear = op2(e, SpvOpLogicalAnd, BL, op1(e, SpvOpLogicalNot, BL, fm), ieq_k(e, code, 3));
  rgba[3] = usel(e, clear, cu32(e, 0), cu32(e, 255));
}

/* the channel block in dwords LO, HI for texel I: an 8-bit value (SN, a bool: signed,
 * -127..127 in the low byte) */
static uint32_t channel_block(struct emit *e, uint32_t lo, uint32_t hi, uint32_t i, uint32_t sn) {
  uint32_t u64 = e->t_u64;
  uint32_t bits =
      op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, hi), cu32(e, 16)),
          to_u64(e, shr(e, lo, cu32(e, 16))));
  uint32_t code = band(
      e,
      op1(e, SpvOpUConvert, U32, op2(e, SpvOpShiftRightLogical, u64, bits, mul(e, i, cu32(e, 3)))),
      cu32(e, 7));
  uint32_t ep[2];
  for (int k = 0; k < 2; k++) {
    uint32_t u = field(e, lo, cu32(e, 8 * k), 8);
    uint32_t s = op2(e, SpvOpShiftRightArithmetic, U32, shl(e, u, cu32(e, 24)), cu32(e, 24));
    s = usel(e, ieq_k(e, s, (uint32_t)-128), cu32(e, (uint32_t)-127), s); /* -128 reads as -127 */
    ep[k] = usel(e, sn, s, u);
  }
  uint32_t a = ep[0], b = ep[1];
  uint32_t c1 = sub(e, code, cu32(e, 1));
  uint32_t eight = div_round(e, add(e, mul(e, sub(e, cu32(e, 8), code), a), mul(e, c1, b)), 7);
  uint32_t six = div_round(e, add(e, mul(e, sub(e, cu32(e, 6), code), a), mul(e, c1, b)), 5);
  uint32_t lo6 = usel(e, sn, cu32(e, (uint32_t)-127), cu32(e, 0));
  uint32_t hi7 = usel(e, sn, cu32(e, 127), cu32(e, 255));
  uint32_t six_v = usel(e, op2(e, SpvOpULessThan, BL, code, cu32(e, 6)), six,
                        usel(e, ieq_k(e, code, 6), lo6, hi7));
  uint32_t v = usel(e, op2(e, SpvOpSGreaterThan, BL, a, b), eight, six_v);
  v = usel(e, ieq_k(e, code, 0), a, usel(e, ieq_k(e, code, 1), b, v));
  return band(e, v, cu32(e, 255));
}

/* texel(info, r0, r1, r2, r3, sub) -> the element of the plain format (info 23:16) */
void spirv_texel_fn_body(struct emit *e) {
  if (!e->texel_fn) return;
  uint32_t params[6] = {U32, U32, U32, U32, U32, U32}, p[6];
  uint32_t ft = spv_type_function(&e->b, e->t_v4u32, params, 6);
  uint32_t f[4] = {e->t_v4u32, e->texel_fn, SpvFunctionControlMaskNone, ft};
  inst(e, SpvOpFunction, f, 4);
  spv_name(&e->b, e->texel_fn, "image_texel_special");
  for (uint32_t k = 0; k < 6; k++) p[k] = param(e, params[k]);
  label(e, spv_id(&e->b));
  e->float_used = true;
  uint32_t info = p[0], r0 = p[1], r1 = p[2], r2 = p[3], r3 = p[4], i = band(e, p[5], cu32(e, 15));
  uint32_t kind = band(e, info, cu32(e, 15)), cls = field(e, info, cu32(e, 4), 3);
  /* BC6H and BC7: their own helpers, in branches (the other kinds' code below does not run
   * for them, nor theirs for the others) */
  uint32_t bc6h_fn = spv_id(&e->b), bc7_fn = spv_id(&e->b);
  uint32_t b6 = spv_id(&e->b), n6 = spv_id(&e->b), b7 = spv_id(&e->b), rest = spv_id(&e->b);
  uint32_t m6 = spv_id(&e->b), m7 = spv_id(&e->b);
  uint32_t is6 = lor(e, ieq_k(e, kind, IR_TEXEL_BC6H_UF), ieq_k(e, kind, IR_TEXEL_BC6H_SF));
  uint32_t sm6[2] = {m6, SpvSelectionControlMaskNone}, bc6[3] = {is6, b6, n6};
  inst(e, SpvOpSelectionMerge, sm6, 2);
  inst(e, SpvOpBranchConditional, bc6, 3);
  label(e, b6);
  uint32_t cw6[7] = {bc6h_fn, info, r0, r1, r2, r3, i};
  uint32_t v6 = spv_op(&e->b, SpvOpFunctionCall, e->t_v4u32, cw6, 7);
  branch(e, m6);
  label(e, n6);
  uint32_t sm7[2] = {m7, SpvSelectionControlMaskNone};
  uint32_t bc7[3] = {ieq_k(e, kind, IR_TEXEL_BC7), b7, rest};
  inst(e, SpvOpSelectionMerge, sm7, 2);
  inst(e, SpvOpBranchConditional, bc7, 3);
  label(e, b7);
  uint32_t cw7[7] = {bc7_fn, info, r0, r1, r2, r3, i};
  uint32_t v7 = spv_op(&e->b, SpvOpFunctionCall, e->t_v4u32, cw7, 7);
  branch(e, m7);
  label(e, rest);
  uint32_t bc1 = ieq_k(e, kind, IR_TEXEL_BC1), bc2 = ieq_k(e, kind, IR_TEXEL_BC2);
  uint32_t bc3 = ieq_k(e, kind, IR_TEXEL_BC3), bc4 = ieq_k(e, kind, IR_TEXEL_BC4);
  uint32_t bc5 = ieq_k(e, kind, IR_TEXEL_BC5);
  uint32_t gb = ieq_k(e, kind, IR_TEXEL_GB_GR), bg = ieq_k(e, kind, IR_TEXEL_BG_RG);
  uint32_t colour = lor(e, bc1, lor(e, bc2, bc3)), sn = ieq_k(e, cls, IR_BUF_SNORM);
  /* 4:2:2: the bytes of dword 0, G by the texel's parity */
  uint32_t by[4];
  for (uint32_t k = 0; k < 4; k++) by[k] = field(e, r0, cu32(e, 8 * k), 8);
  uint32_t odd = ieq_k(e, band(e, i, cu32(e, 1)), 1);
  uint32_t s422[3] = {usel(e, gb, by[0], by[1]),
                      usel(e, gb, usel(e, odd, by[3], by[1]), usel(e, odd, by[2], by[0])),
                      usel(e, gb, by[2], by[3])};
  /* BC1: the colour block in dwords 0-1; BC2, BC3: in 2-3 after the alpha */
  uint32_t rgba[4];
  color_block(e, usel(e, bc1, r0, r2), usel(e, bc1, r1, r3), i, op1(e, SpvOpLogicalNot, BL, bc1),
              rgba);
  uint32_t ch0 = channel_block(e, r0, r1, i, sn), ch1 = channel_block(e, r2, r3, i, sn);
  uint32_t nib = field(e, usel(e, op2(e, SpvOpULessThan, BL, i, cu32(e, 8)), r0, r1),
                       shl(e, band(e, i, cu32(e, 7)), cu32(e, 2)), 4);
  uint32_t alpha = usel(e, bc2, mul(e, nib, cu32(e, 17)), usel(e, bc3, ch0, rgba[3]));
  /* w 1 of the class: UNORM, SRGB 255, SNORM 127, UINT 1 */
  uint32_t one =
      usel(e, sn, cu32(e, 127), usel(e, ieq_k(e, cls, IR_BUF_UINT), cu32(e, 1), cu32(e, 255)));
  uint32_t zero = cu32(e, 0), b8[4];
  for (uint32_t k = 0; k < 3; k++) {
    uint32_t v = usel(e, lor(e, gb, bg), s422[k], usel(e, colour, rgba[k], k ? ch1 : ch0));
    if (k == 1) v = usel(e, bc4, zero, v);
    if (k == 2) v = usel(e, lor(e, bc4, bc5), zero, v);
    b8[k] = v;
  }
  b8[3] = usel(e, colour, alpha, one);
  uint32_t rgba8 = bor(e, bor(e, b8[0], shl(e, b8[1], cu32(e, 8))),
                       bor(e, shl(e, b8[2], cu32(e, 16)), shl(e, b8[3], cu32(e, 24))));
  /* 5_9_9_9: 32_32_32_32_FLOAT, mantissa x 2^(exponent - 24), exact */
  uint32_t e5 = ieq_k(e, kind, IR_TEXEL_E5B9G9R9), out[4];
  uint32_t scale = op1(e, SpvOpBitcast, e->t_f32,
                       shl(e, add(e, shr(e, r0, cu32(e, 27)), cu32(e, 103)), cu32(e, 23)));
  for (uint32_t k = 0; k < 3; k++) {
    uint32_t m = op1(e, SpvOpConvertUToF, e->t_f32, field(e, r0, cu32(e, 9 * k), 9));
    uint32_t fv = op1(e, SpvOpBitcast, U32, op2(e, SpvOpFMul, e->t_f32, m, scale));
    out[k] = k ? usel(e, e5, fv, zero) : usel(e, e5, fv, rgba8);
  }
  out[3] = usel(e, e5, cu32(e, 0x3f800000u), zero);
  /* X24_8_32: the depth dword, the stencil byte (an integer), 0, 1 of the class */
  uint32_t x24 = ieq_k(e, kind, IR_TEXEL_X24_8_32);
  uint32_t x24_one = usel(e, ieq_k(e, cls, IR_BUF_UINT), cu32(e, 1), cu32(e, 0x3f800000u));
  out[0] = usel(e, x24, r0, out[0]);
  out[1] = usel(e, x24, field(e, r1, zero, 8), out[1]);
  out[2] = usel(e, x24, zero, out[2]);
  out[3] = usel(e, x24, x24_one, out[3]);
  uint32_t r = spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, out, 4);
  branch(e, m7);
  label(e, m7);
  uint32_t p7[6] = {e->t_v4u32, spv_id(&e->b), v7, b7, r, rest};
  inst(e, SpvOpPhi, p7, 6);
  branch(e, m6);
  label(e, m6);
  uint32_t p6[6] = {e->t_v4u32, spv_id(&e->b), v6, b6, p7[1], m7};
  inst(e, SpvOpPhi, p6, 6);
  inst(e, SpvOpReturnValue, &p6[1], 1);
  inst(e, SpvOpFunctionEnd, NULL, 0);
  spirv_bptc_fn_bodies(e, bc6h_fn, bc7_fn);
}
