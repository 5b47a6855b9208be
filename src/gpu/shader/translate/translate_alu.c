/* Integer, bit-field, lane-mask and cross-lane ALU instructions that compilers emit beyond
 * the core set (kind K_ALU_EXT of the XL_OPS table; detail = enum xl_alu_ext). Each one is
 * composed from existing IR operations; the semantics follow the RDNA ISA pseudocode (see
 * docs/shader-ir.md, "Coverage beyond the core set", for the rules and their sources).
 *
 * SCC: s_wqm, s_bcnt0, s_quadmask, s_ashr_i64, s_bfe_*64, s_absdiff and s_*_wrexec set it
 * (result / new EXEC != 0); s_bfm_b64, s_ff0/ff1, s_flbit, s_brev_b64, s_bitset and
 * s_bitreplicate leave it unchanged. */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

static uint32_t nz32(struct xl_state *x, uint32_t v) { return ir_ine(&x->b, v, c32(x, 0)); }
static uint32_t nz64(struct xl_state *x, uint32_t v) { return ir_ine64(&x->b, v, c64(x, 0)); }

/* 64-bit helpers (the IR has shl64/lshr64 but no arithmetic shift or bit scans of 64 bits) */

/* V >> N (N in 0..63) with the sign bit replicated */
static uint32_t ashr64(struct xl_state *x, uint32_t v, uint32_t n) {
  struct ir_builder *bd = &x->b;
  uint32_t s = ir_ashr(bd, ir_hi_u32(bd, v), c32(x, 31));
  uint32_t fill = ir_inot64(bd, ir_lshr64(bd, c64(x, ~0ull), n)); /* the top N bits */
  return ir_ior64(bd, ir_lshr64(bd, v, n), ir_iand64(bd, ir_pack_u64(bd, s, s), fill));
}

/* index of the lowest set bit, ~0 when V is 0 */
static uint32_t find_lsb64(struct xl_state *x, uint32_t v) {
  struct ir_builder *bd = &x->b;
  uint32_t lo = ir_lo_u32(bd, v), hi = ir_hi_u32(bd, v);
  uint32_t from_hi = ir_select(bd, nz32(x, hi), ir_iadd(bd, ir_find_lsb(bd, hi), c32(x, 32)),
                               c32(x, ~0u));
  return ir_select(bd, nz32(x, lo), ir_find_lsb(bd, lo), from_hi);
}

/* index of the highest set bit counted from bit 63, ~0 when V is 0 */
static uint32_t find_msb64(struct xl_state *x, uint32_t v) {
  struct ir_builder *bd = &x->b;
  uint32_t lo = ir_lo_u32(bd, v), hi = ir_hi_u32(bd, v);
  uint32_t from_lo = ir_select(bd, nz32(x, lo), ir_iadd(bd, ir_find_umsb(bd, lo), c32(x, 32)),
                               c32(x, ~0u));
  return ir_select(bd, nz32(x, hi), ir_find_umsb(bd, hi), from_lo);
}

/* Whole-quad mask: every 4-bit group with a bit set becomes 0xf (32 or 64 bits). */
static uint32_t wqm(struct xl_state *x, uint32_t v, bool w64) {
  struct ir_builder *bd = &x->b;
  if (!w64) {
    uint32_t t = ir_ior(bd, v, ir_lshr(bd, v, c32(x, 1)));
    t = ir_iand(bd, ir_ior(bd, t, ir_lshr(bd, t, c32(x, 2))), c32(x, 0x11111111u));
    t = ir_ior(bd, t, ir_shl(bd, t, c32(x, 1)));
    return ir_ior(bd, t, ir_shl(bd, t, c32(x, 2)));
  }
  uint32_t t = ir_ior64(bd, v, ir_lshr64(bd, v, c32(x, 1)));
  t = ir_iand64(bd, ir_ior64(bd, t, ir_lshr64(bd, t, c32(x, 2))), c64(x, 0x1111111111111111ull));
  t = ir_ior64(bd, t, ir_shl64(bd, t, c32(x, 1)));
  return ir_ior64(bd, t, ir_shl64(bd, t, c32(x, 2)));
}

/* One bit per 4-bit group of the 32-bit V (bit i = any of bits 4i..4i+3): 8 bits. */
static uint32_t quadmask8(struct xl_state *x, uint32_t v) {
  struct ir_builder *bd = &x->b;
  uint32_t t = ir_ior(bd, v, ir_lshr(bd, v, c32(x, 1)));
  t = ir_iand(bd, ir_ior(bd, t, ir_lshr(bd, t, c32(x, 2))), c32(x, 0x11111111u));
  t = ir_iand(bd, ir_ior(bd, t, ir_lshr(bd, t, c32(x, 3))), c32(x, 0x03030303u));
  t = ir_iand(bd, ir_ior(bd, t, ir_lshr(bd, t, c32(x, 6))), c32(x, 0x000f000fu));
  return ir_iand(bd, ir_ior(bd, t, ir_lshr(bd, t, c32(x, 12))), c32(x, 0xffu));
}

/* Each bit of the 32-bit V twice: bits 2i and 2i+1 of the result are bit i of V. */
static uint32_t bitreplicate(struct xl_state *x, uint32_t v) {
  static const uint64_t spread[5] = {0x0000ffff0000ffffull, 0x00ff00ff00ff00ffull,
                                     0x0f0f0f0f0f0f0f0full, 0x3333333333333333ull,
                                     0x5555555555555555ull};
  struct ir_builder *bd = &x->b;
  uint32_t t = ir_pack_u64(bd, v, c32(x, 0));
  for (unsigned i = 0; i < 5; i++)
    t = ir_iand64(bd, ir_ior64(bd, t, ir_shl64(bd, t, c32(x, 16u >> i))), c64(x, spread[i]));
  return ir_ior64(bd, t, ir_shl64(bd, t, c32(x, 1)));
}

static uint32_t wave_mask(struct xl_state *x) {
  return c64(x, x->wave64 ? ~0ull : 0xffffffffull);
}

/* s_andn1_wrexec: EXEC = ~S0 & EXEC; s_andn2_wrexec: EXEC = S0 & ~EXEC; then D = the new
 * EXEC and SCC = EXEC != 0 (wave32 writes exec_lo only). */
static void wrexec(struct xl_state *x, const struct isa_inst *in, bool andn1) {
  struct ir_builder *bd = &x->b;
  uint32_t exec = get(x, IR_REG_EXEC), s = src_mask(x, srcp(in, 0));
  uint32_t n = andn1 ? ir_iand64(bd, ir_inot64(bd, s), exec) : ir_iand64(bd, s, ir_inot64(bd, exec));
  n = ir_iand64(bd, n, wave_mask(x));
  set(x, IR_REG_SCC, nz64(x, n));
  uint32_t full = x->wave64 ? n : ir_ior64(bd, n, ir_iand64(bd, exec, c64(x, 0xffffffff00000000ull)));
  set(x, IR_REG_EXEC, full);
  if (in->num_defs) write_mask(x, defp(in, 0), n);
}

/* s_bfe_u64 / s_bfe_i64: S1[5:0] offset, S1[22:16] width (a width above 64 acts as 64);
 * width 0 gives 0. */
static uint32_t bfe64(struct xl_state *x, uint32_t v, uint32_t ctl, bool sext) {
  struct ir_builder *bd = &x->b;
  uint32_t off = ir_iand(bd, ctl, c32(x, 63));
  uint32_t w = ir_umin(bd, ir_ubfe(bd, ctl, c32(x, 16), c32(x, 7)), c32(x, 64));
  uint32_t t = ir_lshr64(bd, v, off);
  uint32_t up = ir_iand(bd, ir_isub(bd, c32(x, 64), w), c32(x, 63)); /* 64 - w, 0 for w = 64 */
  uint32_t top = ir_shl64(bd, t, up);
  uint32_t r = sext ? ashr64(x, top, up) : ir_lshr64(bd, top, up);
  return ir_select(bd, ir_ieq(bd, w, c32(x, 0)), c64(x, 0), r);
}

/* v_perm_b32: byte I of the result from selector byte I of S2 over the bytes of {S0, S1}
 * (S1 is bytes 0-3): 0-7 that byte, 8-11 the sign (bit 7) of byte 1, 3, 5, 7 replicated,
 * 12 zero, 13 and above 0xff. */
static uint32_t perm_b32(struct xl_state *x, uint32_t s0, uint32_t s1, uint32_t s2) {
  struct ir_builder *bd = &x->b;
  uint32_t all = ir_pack_u64(bd, s1, s0), r = c32(x, 0);
  for (unsigned i = 0; i < 4; i++) {
    uint32_t sel = ir_ubfe(bd, s2, c32(x, 8 * i), c32(x, 8));
    uint32_t byte = ir_iand(bd, ir_lo_u32(bd, ir_lshr64(bd, all, ir_shl(bd, sel, c32(x, 3)))),
                            c32(x, 0xff));
    /* selectors 8..11: bit 15 + 16 * (sel - 8) */
    uint32_t sbit = ir_iadd(bd, ir_shl(bd, ir_iand(bd, sel, c32(x, 3)), c32(x, 4)), c32(x, 15));
    uint32_t sign = ir_lo_u32(bd, ir_iand64(bd, ir_lshr64(bd, all, sbit), c64(x, 1)));
    sign = ir_iand(bd, ir_isub(bd, c32(x, 0), sign), c32(x, 0xff));
    uint32_t v = ir_select(bd, ir_ult(bd, sel, c32(x, 8)), byte,
                           ir_select(bd, ir_ult(bd, sel, c32(x, 12)), sign,
                                     ir_select(bd, ir_ieq(bd, sel, c32(x, 12)), c32(x, 0),
                                               c32(x, 0xff))));
    r = ir_ior(bd, r, ir_shl(bd, v, c32(x, 8 * i)));
  }
  return r;
}

/* v_permlane16_b32 / v_permlanex16_b32: lane L of each 16-lane row reads lane SEL of the
 * same row (x16: of the other row of its 32-lane half), SEL = 4-bit field L%16 of the
 * 64-bit {S2, S1}. op_sel[0] (FI) reads inactive lanes too; without it an inactive source
 * is invalid and the lane keeps its destination, or gets 0 with op_sel[1] (bound_ctrl). */
static uint32_t permlane(struct xl_state *x, const struct isa_inst *in, bool cross) {
  struct ir_builder *bd = &x->b;
  uint32_t lane = ir_lane_id(bd), s1 = src32(x, in, 1), s2 = src32(x, in, 2);
  uint32_t word = ir_select(bd, nz32(x, ir_iand(bd, lane, c32(x, 8))), s2, s1);
  uint32_t sel = ir_ubfe(bd, word, ir_shl(bd, ir_iand(bd, lane, c32(x, 7)), c32(x, 2)), c32(x, 4));
  uint32_t row = ir_iand(bd, lane, c32(x, ~15u));
  if (cross) row = ir_ixor(bd, row, c32(x, 16));
  uint32_t src = ir_iand(bd, ir_iadd(bd, row, sel), c32(x, x->wave64 ? 63 : 31));
  uint32_t v = ir_read_lane(bd, src_dword(x, srcp(in, 0), 0, false), src);
  if (in->op_sel & 1) return v;
  uint32_t ok = ir_ine64(bd, ir_iand64(bd, ir_lshr64(bd, get(x, IR_REG_EXEC), src), c64(x, 1)),
                         c64(x, 0));
  uint32_t other = (in->op_sel & 2) ? c32(x, 0) : src_dword(x, defp(in, 0), 0, false);
  return ir_select(bd, ok, v, other);
}

/* v_mbcnt_lo/hi_u32_b32: S1 + the set bits of S0 below this lane in the low / high 32
 * lanes of the 64-bit lane mask */
static uint32_t mbcnt(struct xl_state *x, const struct isa_inst *in, bool hi) {
  struct ir_builder *bd = &x->b;
  uint32_t below = ir_iadd64(bd, ir_shl64(bd, c64(x, 1), ir_lane_id(bd)), c64(x, ~0ull));
  uint32_t m = hi ? ir_hi_u32(bd, below) : ir_lo_u32(bd, below);
  return ir_iadd(bd, ir_bitcount(bd, ir_iand(bd, src32(x, in, 0), m)), src32(x, in, 1));
}

/* 32-bit signed add/sub; clamp saturates to the i32 range */
static uint32_t add_i32(struct xl_state *x, const struct isa_inst *in, bool sub) {
  struct ir_builder *bd = &x->b;
  uint32_t a = src32(x, in, 0), b = src32(x, in, 1);
  uint32_t r = sub ? ir_isub(bd, a, b) : ir_iadd(bd, a, b);
  if (!in->clamp) return r;
  /* overflow: add - both operands' signs differ from the result's; sub - the operands'
   * signs differ and the result's differs from a's */
  uint32_t ov = sub ? ir_iand(bd, ir_ixor(bd, a, b), ir_ixor(bd, a, r))
                    : ir_iand(bd, ir_ixor(bd, a, r), ir_ixor(bd, b, r));
  uint32_t sat = ir_select(bd, ir_slt(bd, a, c32(x, 0)), c32(x, 0x80000000u), c32(x, 0x7fffffffu));
  return ir_select(bd, ir_slt(bd, ov, c32(x, 0)), sat, r);
}

/* ((1 << s0) - 1) << s1 in 32 or 64 bits (counts masked to 5 / 6 bits) */
static uint32_t bfm(struct xl_state *x, uint32_t s0, uint32_t s1, bool w64) {
  struct ir_builder *bd = &x->b;
  if (!w64) return ir_shl(bd, ir_isub(bd, ir_shl(bd, c32(x, 1), s0), c32(x, 1)), s1);
  uint32_t m = ir_iadd64(bd, ir_shl64(bd, c64(x, 1), ir_iand(bd, s0, c32(x, 63))), c64(x, ~0ull));
  return ir_shl64(bd, m, ir_iand(bd, s1, c32(x, 63)));
}

/* ---- conversions and float decomposition ------------------------------------------- */

/* An i32 / u32 as f64 (exact): high 16 bits times 2^16 plus the low 16 bits. */
static uint32_t f64_of_int(struct xl_state *x, uint32_t v, bool sgn) {
  struct ir_builder *bd = &x->b;
  uint32_t hi = sgn ? ir_cvt_f32_i32(bd, ir_ashr(bd, v, c32(x, 16)))
                    : ir_cvt_f32_u32(bd, ir_lshr(bd, v, c32(x, 16)));
  uint32_t lo = ir_cvt_f32_u32(bd, ir_iand(bd, v, c32(x, 0xffff)));
  uint32_t k = konst(x, IR_TYPE_F64, 0x40f0000000000000ull); /* 65536.0 */
  return ir_dadd(bd, ir_dmul(bd, ir_cvt_f64_f32(bd, hi), k), ir_cvt_f64_f32(bd, lo));
}

/* An f64 truncated toward zero to i32 / u32, saturating, NaN -> 0: the truncated value is
 * clamped (exact), then split into 2^16 * hi + lo, both exact through f32. */
static uint32_t int_of_f64(struct xl_state *x, uint32_t d, bool sgn) {
  struct ir_builder *bd = &x->b;
  uint32_t t = ir_dtrunc(bd, d);
  uint32_t lo_lim = konst(x, IR_TYPE_F64, sgn ? 0xc1e0000000000000ull : 0);     /* -2^31 / 0 */
  uint32_t hi_lim = konst(x, IR_TYPE_F64, sgn ? 0x41dfffffffc00000ull          /* 2^31 - 1 */
                                              : 0x41efffffffe00000ull);        /* 2^32 - 1 */
  t = ir_dmax(bd, ir_dmin(bd, t, hi_lim), lo_lim);
  uint32_t hi = ir_dfloor(bd, ir_dmul(bd, t, konst(x, IR_TYPE_F64, 0x3ef0000000000000ull)));
  uint32_t lo = ir_dadd(bd, t, ir_dneg(bd, ir_dmul(bd, hi, konst(x, IR_TYPE_F64, 0x40f0000000000000ull))));
  uint32_t hi32 = sgn ? ir_cvt_i32_f32(bd, ir_cvt_f32_f64(bd, hi)) : ir_cvt_u32_f32(bd, ir_cvt_f32_f64(bd, hi));
  uint32_t r = ir_iadd(bd, ir_shl(bd, hi32, c32(x, 16)), ir_cvt_u32_f32(bd, ir_cvt_f32_f64(bd, lo)));
  return ir_select(bd, ir_dcmp_i(bd, IR_FCMP_UNO, d, d), c32(x, 0), r);
}

/* frexp of an f32 (bits B): mantissa in [0.5, 1) with B's sign and the exponent, so that
 * B = mant * 2^exp; denormals are normalised; +-0, inf and NaN give themselves and 0. */
void xl_frexp32(struct xl_state *x, uint32_t b, uint32_t *mant, uint32_t *exp) {
  struct ir_builder *bd = &x->b;
  uint32_t e = ir_ubfe(bd, b, c32(x, 23), c32(x, 8)), m = ir_iand(bd, b, c32(x, 0x7fffff));
  uint32_t sign = ir_iand(bd, b, c32(x, 0x80000000u)), half = c32(x, 126u << 23);
  uint32_t normal_m = ir_ior(bd, ir_iand(bd, b, c32(x, 0x807fffffu)), half);
  uint32_t normal_e = ir_isub(bd, e, c32(x, 126));
  /* denormal: top bit h = 31 - clz(m); value 1.f * 2^(h - 149) */
  uint32_t h = ir_isub(bd, c32(x, 31), ir_find_umsb(bd, m));
  uint32_t dm = ir_iand(bd, ir_shl(bd, m, ir_isub(bd, c32(x, 23), h)), c32(x, 0x7fffff));
  uint32_t den_m = ir_ior(bd, ir_ior(bd, sign, half), dm), den_e = ir_isub(bd, h, c32(x, 148));
  uint32_t special = ir_bor(bd, ir_ieq(bd, e, c32(x, 255)), ir_ieq(bd, ir_iand(bd, b, c32(x, 0x7fffffffu)), c32(x, 0)));
  uint32_t den = ir_ieq(bd, e, c32(x, 0));
  *mant = ir_select(bd, special, b, ir_select(bd, den, den_m, normal_m));
  *exp = ir_select(bd, special, c32(x, 0), ir_select(bd, den, den_e, normal_e));
}

/* The same for an f64 (U64 bits B). */
static void frexp64(struct xl_state *x, uint32_t b, uint32_t *mant, uint32_t *exp) {
  struct ir_builder *bd = &x->b;
  const uint64_t frac = 0x000fffffffffffffull, half = 1022ull << 52;
  uint32_t e = ir_ubfe(bd, ir_hi_u32(bd, b), c32(x, 20), c32(x, 11));
  uint32_t m = ir_iand64(bd, b, c64(x, frac));
  uint32_t normal_m = ir_ior64(bd, ir_iand64(bd, b, c64(x, frac | 1ull << 63)), c64(x, half));
  uint32_t normal_e = ir_isub(bd, e, c32(x, 1022));
  uint32_t h = ir_isub(bd, c32(x, 63), find_msb64(x, m)); /* top bit of the denormal */
  uint32_t dm = ir_iand64(bd, ir_shl64(bd, m, ir_iand(bd, ir_isub(bd, c32(x, 52), h), c32(x, 63))),
                          c64(x, frac));
  uint32_t den_m = ir_ior64(bd, ir_ior64(bd, ir_iand64(bd, b, c64(x, 1ull << 63)), c64(x, half)), dm);
  uint32_t den_e = ir_isub(bd, h, c32(x, 1073));
  uint32_t special = ir_bor(bd, ir_ieq(bd, e, c32(x, 2047)),
                            ir_ieq64(bd, ir_iand64(bd, b, c64(x, ~(1ull << 63))), c64(x, 0)));
  uint32_t den = ir_ieq(bd, e, c32(x, 0));
  *mant = ir_select(bd, special, b, ir_select(bd, den, den_m, normal_m));
  *exp = ir_select(bd, special, c32(x, 0), ir_select(bd, den, den_e, normal_e));
}

/* v_ldexp_f64: S0 * 2^S1 rounded once. A finite non-zero S0 = m * 2^E (frexp, m in
 * [0.5, 1)); a normal result takes E + S1 as its exponent field, an overflow is 2^1023 *
 * 2^1023 with S0's sign (inf, or the largest finite value as the float mode rounds). An
 * underflow (a denormal or zero result) is one fma of normal operands, y * 2^-1000 + -0
 * with y = m * 2^(E + S1 + 1000) (exact; E + S1 clamped at -1140, far enough below for the
 * sticky bit): the fma rounds the exact product once, in the float mode, and flushes it as
 * the f16/f64 denormal field says (dfma is exact on integers in the module). It was a
 * product by the denormal 2^-1074 in float arithmetic, which lavapipe returned as the power
 * of two above the result (gpu.shader_div). +-0, inf and NaN give S0. */
uint32_t xl_ldexp64(struct xl_state *x, uint32_t d, uint32_t n) {
  struct ir_builder *bd = &x->b;
  uint32_t b = ir_bitcast_u64(bd, d), m, ex;
  frexp64(x, b, &m, &ex);
  n = ir_smax(bd, ir_smin(bd, n, c32(x, 4000)), c32(x, (uint32_t)-4000));
  uint32_t e = ir_iadd(bd, ex, n); /* result = m * 2^e */
  uint32_t sign = ir_iand64(bd, b, c64(x, 1ull << 63));
  uint32_t normal = ir_ior64(bd, ir_iand64(bd, m, c64(x, 0x800fffffffffffffull)),
                             ir_pack_u64(bd, c32(x, 0), ir_shl(bd, ir_iadd(bd, e, c32(x, 1022)), c32(x, 20))));
  /* an overflow: 2^1023 * 2^1023 with S0's sign, rounded in the float mode (inf, or the
   * largest finite value when rounding toward zero or away from the sign) */
  uint32_t inf = ir_bitcast_u64(bd, ir_dmul(bd, ir_bitcast_f64(bd, ir_ior64(bd, sign, c64(x, 0x7fe0000000000000ull))),
                                            konst(x, IR_TYPE_F64, 0x7fe0000000000000ull)));
  uint32_t k = ir_iadd(bd, ir_smax(bd, e, c32(x, (uint32_t)-1140)), c32(x, 1000)); /* -140..-22 */
  uint32_t scale = ir_bitcast_f64(bd, ir_pack_u64(bd, c32(x, 0), ir_shl(bd, ir_iadd(bd, k, c32(x, 1023)), c32(x, 20))));
  uint32_t y = ir_dmul(bd, ir_bitcast_f64(bd, m), scale);
  uint32_t tiny = ir_bitcast_u64(bd, ir_dfma(bd, y, konst(x, IR_TYPE_F64, 0x0170000000000000ull) /* 2^-1000 */,
                                             konst(x, IR_TYPE_F64, 1ull << 63)));
  uint32_t r = ir_select(bd, ir_slt(bd, c32(x, 1024), e), inf,
                         ir_select(bd, ir_slt(bd, e, c32(x, (uint32_t)-1021)), tiny, normal));
  uint32_t e_in = ir_ubfe(bd, ir_hi_u32(bd, b), c32(x, 20), c32(x, 11));
  uint32_t special = ir_bor(bd, ir_ieq(bd, e_in, c32(x, 2047)),
                            ir_ieq64(bd, ir_iand64(bd, b, c64(x, ~(1ull << 63))), c64(x, 0)));
  return ir_bitcast_f64(bd, ir_select(bd, special, b, r));
}

/* Integer dot products: the sum of the products of the N fields of WIDTH bits of S0 and S1
 * (sign- or zero-extended) plus the accumulator, in 64 bits; clamp saturates to the 32-bit
 * range, else the low 32 bits. */
static uint32_t dot_int(struct xl_state *x, uint32_t a, uint32_t b, uint32_t acc, unsigned n,
                        unsigned width, bool sgn, bool clamp) {
  struct ir_builder *bd = &x->b;
  uint32_t sum = ir_pack_u64(bd, acc, sgn ? ir_ashr(bd, acc, c32(x, 31)) : c32(x, 0));
  for (unsigned i = 0; i < n; i++) {
    uint32_t o = c32(x, i * width), w = c32(x, width);
    uint32_t fa = sgn ? ir_sbfe(bd, a, o, w) : ir_ubfe(bd, a, o, w);
    uint32_t fb = sgn ? ir_sbfe(bd, b, o, w) : ir_ubfe(bd, b, o, w);
    uint32_t p = ir_imul(bd, fa, fb); /* |p| < 2^32 unsigned, < 2^31 signed */
    sum = ir_iadd64(bd, sum, ir_pack_u64(bd, p, sgn ? ir_ashr(bd, p, c32(x, 31)) : c32(x, 0)));
  }
  uint32_t lo = ir_lo_u32(bd, sum), hi = ir_hi_u32(bd, sum);
  if (!clamp) return lo;
  if (!sgn) return ir_select(bd, ir_ieq(bd, hi, c32(x, 0)), lo, c32(x, 0xffffffffu));
  uint32_t fits = ir_ieq(bd, hi, ir_ashr(bd, lo, c32(x, 31)));
  uint32_t sat = ir_select(bd, ir_slt(bd, hi, c32(x, 0)), c32(x, 0x80000000u), c32(x, 0x7fffffffu));
  return ir_select(bd, fits, lo, sat);
}

uint32_t xl_norm16(struct xl_state *x, uint32_t f, bool sgn) {
  struct ir_builder *bd = &x->b;
  uint32_t p = ir_frint(bd, ir_fmul(bd, f, ir_b_const_f32(bd, sgn ? 32767.0f : 65535.0f)));
  if (!sgn) return ir_umin(bd, ir_cvt_u32_f32(bd, p), c32(x, 65535)); /* NaN, < 0 -> 0 */
  return ir_smax(bd, ir_smin(bd, ir_cvt_i32_f32(bd, p), c32(x, 32767)), c32(x, (uint32_t)-32767));
}

uint32_t xl_sad_sum(struct xl_state *x, uint32_t a, uint32_t b, unsigned width, bool masked) {
  struct ir_builder *bd = &x->b;
  uint32_t sum = c32(x, 0);
  for (unsigned off = 0; off < 32; off += width) {
    uint32_t fa = width == 32 ? a : ir_ubfe(bd, a, c32(x, off), c32(x, width));
    uint32_t fb = width == 32 ? b : ir_ubfe(bd, b, c32(x, off), c32(x, width));
    uint32_t diff = ir_isub(bd, ir_umax(bd, fa, fb), ir_umin(bd, fa, fb));
    if (masked) diff = ir_select(bd, ir_ine(bd, fb, c32(x, 0)), diff, c32(x, 0));
    sum = ir_iadd(bd, sum, diff);
  }
  return sum;
}

/* v_qsad_pk_u16_u8 / v_mqsad_pk_u16_u8 / v_mqsad_u32_u8: four (masked) byte SADs of the
 * reference S1 against the 32-bit windows of S0 (64 bits) starting at bytes 0..3, each
 * plus its accumulator field of S2: 16-bit fields of one 64-bit pair (the sums keep
 * their low 16 bits), or the four dwords of S2 and D (_u32_u8). */
static void quad_sad(struct xl_state *x, const struct isa_inst *in, enum xl_alu_ext k) {
  struct ir_builder *bd = &x->b;
  const struct isa_operand *acc = srcp(in, 2), *d = defp(in, 0);
  uint32_t s0 = src64(x, in, 0, false), ref = src32(x, in, 1), out[4];
  for (unsigned i = 0; i < 4; i++) {
    uint32_t win = ir_lo_u32(bd, ir_lshr64(bd, s0, c32(x, 8 * i)));
    uint32_t a = k == AX_MQSAD_U32 ? src_dword(x, acc, i, false)
                                   : ir_ubfe(bd, src_dword(x, acc, i / 2, false), c32(x, 16 * (i & 1)), c32(x, 16));
    out[i] = ir_iadd(bd, xl_sad_sum(x, win, ref, 8, k != AX_QSAD), a);
  }
  if (k == AX_MQSAD_U32) {
    if (in->num_defs)
      for (unsigned i = 0; i < 4; i++) write_v32(x, d, i, out[i]);
    return;
  }
  uint32_t m = c32(x, 0xffff);
  for (unsigned i = 0; i < 2; i++)
    write_v32(x, d, i, ir_ior(bd, ir_iand(bd, out[2 * i], m), ir_shl(bd, out[2 * i + 1], c32(x, 16))));
}

/* 2/pi as fraction bits, most significant first: word 0 holds bits 1..64 after the binary
 * point. v_trig_preop_f64 reads the first 1201 (the ISA's b_1200 .. b_0); the rest of
 * word 18 is 0. Derived with Machin's formula (pi = 16 atan(1/5) - 4 atan(1/239)) in
 * 1280-bit fixed point, then 2/pi by long division; trig_preop_reads_two_over_pi checks
 * every bit against pi computed independently in the test. */
static const uint64_t two_over_pi[19] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull, 0xfe5163abdebbc561ull,
    0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull,
    0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull, 0x7527bac7ebe5f17bull,
    0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b0000ull,
};

/* v_trig_preop_f64: the 53 bits of 2/pi from bit SHIFT = 53 * S1[4:0] on (plus
 * exponent(S0) - 1077 when S0's biased exponent is above 1077) as an integer, truncated,
 * times 2^(-53 - SHIFT) (times 2^128 more when the exponent is 1968 or above). */
static uint32_t trig_preop(struct xl_state *x, uint32_t s0bits, uint32_t seg) {
  struct ir_builder *bd = &x->b;
  uint32_t ex = ir_ubfe(bd, ir_hi_u32(bd, s0bits), c32(x, 20), c32(x, 11));
  uint32_t shift = ir_imul(bd, ir_iand(bd, seg, c32(x, 31)), c32(x, 53));
  shift = ir_select(bd, ir_ult(bd, c32(x, 1077), ex), ir_iadd(bd, shift, ir_isub(bd, ex, c32(x, 1077))),
                    shift);
  /* the two table words under the window (0 past the table), shifted into place */
  uint32_t q = ir_lshr(bd, shift, c32(x, 6)), rr = ir_iand(bd, shift, c32(x, 63));
  uint32_t w0 = c64(x, 0), w1 = c64(x, 0);
  const uint32_t words = sizeof two_over_pi / sizeof *two_over_pi;
  for (uint32_t i = 0; i < words; i++) {
    uint32_t at = ir_ieq(bd, q, c32(x, i));
    w0 = ir_select(bd, at, c64(x, two_over_pi[i]), w0);
    w1 = ir_select(bd, at, c64(x, i + 1 < words ? two_over_pi[i + 1] : 0), w1);
  }
  uint32_t low = ir_select(bd, ir_ieq(bd, rr, c32(x, 0)), c64(x, 0),
                           ir_lshr64(bd, w1, ir_isub(bd, c32(x, 64), rr)));
  uint32_t m = ir_lshr64(bd, ir_ior64(bd, ir_shl64(bd, w0, rr), low), c32(x, 11));
  /* the 53-bit integer as f64 (exact: 2^32 * hi + lo) */
  uint32_t f = ir_dadd(bd, ir_dmul(bd, f64_of_int(x, ir_hi_u32(bd, m), false),
                                   konst(x, IR_TYPE_F64, 0x41f0000000000000ull)),
                       f64_of_int(x, ir_lo_u32(bd, m), false));
  uint32_t scale = ir_isub(bd, c32(x, (uint32_t)-53), shift);
  scale = ir_select(bd, ir_ult(bd, c32(x, 1967), ex), ir_iadd(bd, scale, c32(x, 128)), scale);
  return xl_ldexp64(x, f, scale);
}

void xl_translate_alu_ext(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                          uint32_t pc) {
  struct ir_builder *bd = &x->b;
  const struct isa_operand *d0 = defp(in, 0);
  uint32_t r;
  switch ((enum xl_alu_ext)e->detail) {
    case AX_WQM32:
      r = wqm(x, src32(x, in, 0), false);
      write_s32(x, in, r);
      set(x, IR_REG_SCC, nz32(x, r));
      break;
    case AX_WQM64:
      r = wqm(x, src64(x, in, 0, false), true);
      write_s64(x, d0, r);
      set(x, IR_REG_SCC, nz64(x, r));
      break;
    case AX_BFM64: write_s64(x, d0, bfm(x, src32(x, in, 0), src32(x, in, 1), true)); break;
    case AX_FF1_64: write_s32(x, in, find_lsb64(x, src64(x, in, 0, false))); break;
    case AX_FF0_32: write_s32(x, in, ir_find_lsb(bd, ir_inot(bd, src32(x, in, 0)))); break;
    case AX_FF0_64: write_s32(x, in, find_lsb64(x, ir_inot64(bd, src64(x, in, 0, false)))); break;
    case AX_FLBIT64: write_s32(x, in, find_msb64(x, src64(x, in, 0, false))); break;
    case AX_FLBIT_I32: /* the first bit from the top that differs from the sign; ~0 for 0, -1 */
      r = src32(x, in, 0);
      r = ir_find_umsb(bd, ir_ixor(bd, r, ir_ashr(bd, r, c32(x, 31))));
      if (in->family == ISA_FAMILY_SOP1) write_s32(x, in, r);
      else write_vdst(x, in, r);
      break;
    case AX_FLBIT_I64: {
      uint32_t v = src64(x, in, 0, false);
      write_s32(x, in, find_msb64(x, ir_ixor64(bd, v, ashr64(x, v, c32(x, 63)))));
      break;
    }
    case AX_BCNT0_32:
      r = ir_bitcount(bd, ir_inot(bd, src32(x, in, 0)));
      write_s32(x, in, r);
      set(x, IR_REG_SCC, nz32(x, r));
      break;
    case AX_BCNT0_64:
      r = ir_bitcount64(bd, ir_inot64(bd, src64(x, in, 0, false)));
      write_s32(x, in, r);
      set(x, IR_REG_SCC, nz32(x, r));
      break;
    case AX_BREV64: {
      uint32_t v = src64(x, in, 0, false);
      write_s64(x, d0, ir_pack_u64(bd, ir_bitreverse(bd, ir_hi_u32(bd, v)),
                                   ir_bitreverse(bd, ir_lo_u32(bd, v))));
      break;
    }
    case AX_BITSET0_32:
    case AX_BITSET1_32: { /* D[S0[4:0]] = 0 / 1, the other bits kept */
      uint32_t old = src_dword(x, d0, 0, false);
      uint32_t bit = ir_shl(bd, c32(x, 1), src32(x, in, 0));
      write_s32(x, in, e->detail == AX_BITSET1_32 ? ir_ior(bd, old, bit)
                                                  : ir_iand(bd, old, ir_inot(bd, bit)));
      break;
    }
    case AX_BITSET0_64:
    case AX_BITSET1_64: { /* D[S0[5:0]] */
      uint32_t old = ir_pack_u64(bd, src_dword(x, d0, 0, false), src_dword(x, d0, 1, false));
      uint32_t bit = ir_shl64(bd, c64(x, 1), ir_iand(bd, src32(x, in, 0), c32(x, 63)));
      write_s64(x, d0, e->detail == AX_BITSET1_64 ? ir_ior64(bd, old, bit)
                                                  : ir_iand64(bd, old, ir_inot64(bd, bit)));
      break;
    }
    case AX_QUADMASK32:
      r = quadmask8(x, src32(x, in, 0));
      write_s32(x, in, r);
      set(x, IR_REG_SCC, nz32(x, r));
      break;
    case AX_QUADMASK64: {
      uint32_t v = src64(x, in, 0, false);
      r = ir_ior(bd, quadmask8(x, ir_lo_u32(bd, v)),
                 ir_shl(bd, quadmask8(x, ir_hi_u32(bd, v)), c32(x, 8)));
      write_s64(x, d0, ir_pack_u64(bd, r, c32(x, 0)));
      set(x, IR_REG_SCC, nz32(x, r));
      break;
    }
    case AX_BITREPLICATE: write_s64(x, d0, bitreplicate(x, src32(x, in, 0))); break;
    case AX_SASHR64:
      r = ashr64(x, src64(x, in, 0, false), ir_iand(bd, src32(x, in, 1), c32(x, 63)));
      write_s64(x, d0, r);
      set(x, IR_REG_SCC, nz64(x, r));
      break;
    case AX_BFE_U64:
    case AX_BFE_I64:
      r = bfe64(x, src64(x, in, 0, false), src32(x, in, 1), e->detail == AX_BFE_I64);
      write_s64(x, d0, r);
      set(x, IR_REG_SCC, nz64(x, r));
      break;
    case AX_ABSDIFF: { /* |S0 - S1| of the wrapped 32-bit difference */
      uint32_t dd = ir_isub(bd, src32(x, in, 0), src32(x, in, 1));
      r = ir_smax(bd, dd, ir_isub(bd, c32(x, 0), dd));
      write_s32(x, in, r);
      set(x, IR_REG_SCC, nz32(x, r));
      break;
    }
    case AX_ANDN1_WREXEC: wrexec(x, in, true); break;
    case AX_ANDN2_WREXEC: wrexec(x, in, false); break;
    case AX_VSHL64:
    case AX_VLSHR64:
    case AX_VASHR64: { /* D = S1 shifted by S0[5:0] */
      uint32_t n = ir_iand(bd, src32(x, in, 0), c32(x, 63)), v = src64(x, in, 1, false);
      r = e->detail == AX_VSHL64    ? ir_shl64(bd, v, n)
          : e->detail == AX_VLSHR64 ? ir_lshr64(bd, v, n)
                                    : ashr64(x, v, n);
      write_vdst64(x, in, r);
      break;
    }
    case AX_PERMLANE16: write_vdst(x, in, permlane(x, in, false)); break;
    case AX_PERMLANEX16: write_vdst(x, in, permlane(x, in, true)); break;
    case AX_MBCNT_LO: write_vdst(x, in, mbcnt(x, in, false)); break;
    case AX_MBCNT_HI: write_vdst(x, in, mbcnt(x, in, true)); break;
    case AX_BCNT: write_vdst(x, in, ir_iadd(bd, ir_bitcount(bd, src32(x, in, 0)), src32(x, in, 1))); break;
    case AX_VBFM: write_vdst(x, in, bfm(x, src32(x, in, 0), src32(x, in, 1), false)); break;
    case AX_ALIGNBIT:
    case AX_ALIGNBYTE: { /* ({S0, S1} >> S2[4:0]) or >> 8 * S2[1:0], low 32 bits */
      uint32_t s2 = src32(x, in, 2);
      uint32_t n = e->detail == AX_ALIGNBIT ? ir_iand(bd, s2, c32(x, 31))
                                            : ir_shl(bd, ir_iand(bd, s2, c32(x, 3)), c32(x, 3));
      uint32_t v = ir_pack_u64(bd, src32(x, in, 1), src32(x, in, 0));
      write_vdst(x, in, ir_lo_u32(bd, ir_lshr64(bd, v, n)));
      break;
    }
    case AX_PERM: write_vdst(x, in, perm_b32(x, src32(x, in, 0), src32(x, in, 1), src32(x, in, 2))); break;
    case AX_MAD_U24:
    case AX_MAD_I24: { /* S0[23:0] * S1[23:0] + S2, the low 32 bits */
      if (in->clamp) {
        xl_unsupported(x, in, pc);
        break;
      }
      bool s = e->detail == AX_MAD_I24;
      uint32_t z = c32(x, 0), w = c32(x, 24);
      uint32_t a = s ? ir_sbfe(bd, src32(x, in, 0), z, w) : ir_ubfe(bd, src32(x, in, 0), z, w);
      uint32_t b = s ? ir_sbfe(bd, src32(x, in, 1), z, w) : ir_ubfe(bd, src32(x, in, 1), z, w);
      write_vdst(x, in, ir_iadd(bd, ir_imul(bd, a, b), src32(x, in, 2)));
      break;
    }
    case AX_XAD:
      write_vdst(x, in, ir_iadd(bd, ir_ixor(bd, src32(x, in, 0), src32(x, in, 1)), src32(x, in, 2)));
      break;
    case AX_ADD_I32: write_vdst(x, in, add_i32(x, in, false)); break;
    case AX_SUB_I32: write_vdst(x, in, add_i32(x, in, true)); break;
    case AX_SWAP: { /* both VGPRs, EXEC-masked; both sources read before either write */
      const struct isa_operand *s = srcp(in, 0);
      if (d0->kind != ISA_OPK_VGPR || s->kind != ISA_OPK_VGPR) {
        xl_unsupported(x, in, pc);
        break;
      }
      uint32_t a = src_dword(x, d0, 0, false), b = src_dword(x, s, 0, false);
      write_v32(x, d0, 0, b);
      write_v32(x, s, 0, a);
      break;
    }
    case AX_CVT_FLR: /* (int)floor(S0), saturating, NaN -> 0 */
    case AX_CVT_RPI: { /* (int)floor(S0 + 0.5) */
      uint32_t f = fsrc(x, in, 0);
      if (e->detail == AX_CVT_RPI) f = ir_fadd(bd, f, ir_b_const_f32(bd, 0.5f));
      write_vdst(x, in, ir_cvt_i32_f32(bd, ir_ffloor(bd, f)));
      break;
    }
    case AX_CVT_F64_I32:
    case AX_CVT_F64_U32:
      write_vdst64(x, in, dresult(x, in, f64_of_int(x, src32(x, in, 0), e->detail == AX_CVT_F64_I32)));
      break;
    case AX_CVT_I32_F64:
    case AX_CVT_U32_F64:
      if (in->clamp || (in->omod & 3)) {
        xl_unsupported(x, in, pc);
        break;
      }
      write_vdst(x, in, int_of_f64(x, dsrc(x, in, 0), e->detail == AX_CVT_I32_F64));
      break;
    case AX_PK_U16_U32: { /* {S1, S0} each saturated to 16 bits */
      uint32_t k = c32(x, 0xffff);
      r = ir_ior(bd, ir_umin(bd, src32(x, in, 0), k), ir_shl(bd, ir_umin(bd, src32(x, in, 1), k), c32(x, 16)));
      write_vdst(x, in, r);
      break;
    }
    case AX_PK_I16_I32: {
      uint32_t lo = ir_smax(bd, ir_smin(bd, src32(x, in, 0), c32(x, 0x7fff)), c32(x, 0xffff8000u));
      uint32_t hi = ir_smax(bd, ir_smin(bd, src32(x, in, 1), c32(x, 0x7fff)), c32(x, 0xffff8000u));
      write_vdst(x, in, ir_ior(bd, ir_iand(bd, lo, c32(x, 0xffff)), ir_shl(bd, hi, c32(x, 16))));
      break;
    }
    case AX_PACK_F16: /* {S1.f16, S0.f16}: halves by op_sel, abs/neg on each, no rounding */
      write_vdst(x, in, ir_pack_half(bd, ir_bitcast_u16(bd, h16_fsrc(x, in, 0)),
                                     ir_bitcast_u16(bd, h16_fsrc(x, in, 1))));
      break;
    case AX_FREXP_MANT32:
    case AX_FREXP_EXP32: {
      uint32_t m, ex;
      xl_frexp32(x, ir_bitcast_u32(bd, fsrc(x, in, 0)), &m, &ex);
      if (e->detail == AX_FREXP_MANT32) write_vdst(x, in, fresult(x, in, ir_bitcast_f32(bd, m)));
      else write_vdst(x, in, ex);
      break;
    }
    case AX_FREXP_MANT64:
    case AX_FREXP_EXP64: {
      uint32_t m, ex;
      frexp64(x, ir_bitcast_u64(bd, dsrc(x, in, 0)), &m, &ex);
      if (e->detail == AX_FREXP_MANT64) write_vdst64(x, in, dresult(x, in, ir_bitcast_f64(bd, m)));
      else write_vdst(x, in, ex);
      break;
    }
    case AX_FRACT64: { /* minimum(S0 - floor(S0), the largest f64 below 1.0); NaN stays NaN */
      uint32_t v = dsrc(x, in, 0);
      uint32_t f = ir_dadd(bd, v, ir_dneg(bd, ir_dfloor(bd, v)));
      uint32_t capped = ir_dmin(bd, f, konst(x, IR_TYPE_F64, 0x3fefffffffffffffull));
      r = ir_select(bd, ir_dcmp_i(bd, IR_FCMP_UNO, f, f), f, capped);
      write_vdst64(x, in, dresult(x, in, r));
      break;
    }
    case AX_LDEXP64:
      write_vdst64(x, in, dresult(x, in, xl_ldexp64(x, dsrc(x, in, 0), src32(x, in, 1))));
      break;
    case AX_LERP_U8: { /* per byte: (S0 + S1 + bit 0 of S2's byte) >> 1 */
      uint32_t a = src32(x, in, 0), b = src32(x, in, 1), c = src32(x, in, 2);
      r = c32(x, 0);
      for (unsigned i = 0; i < 4; i++) {
        uint32_t o = c32(x, 8 * i), w8 = c32(x, 8);
        uint32_t s = ir_iadd(bd, ir_iadd(bd, ir_ubfe(bd, a, o, w8), ir_ubfe(bd, b, o, w8)),
                             ir_ubfe(bd, c, o, c32(x, 1)));
        r = ir_ior(bd, r, ir_shl(bd, ir_lshr(bd, s, c32(x, 1)), o));
      }
      write_vdst(x, in, r);
      break;
    }
    case AX_CVT_OFF_I4: /* the signed 4-bit S0[3:0] / 16 */
      r = ir_fmul(bd, ir_cvt_f32_i32(bd, ir_sbfe(bd, src32(x, in, 0), c32(x, 0), c32(x, 4))),
                  ir_b_const_f32(bd, 0.0625f));
      write_vdst(x, in, fresult(x, in, r));
      break;
    case AX_DOT2_I16:
    case AX_DOT2_U16:
    case AX_DOT4_I8:
    case AX_DOT8_I4: {
      /* only the default halves (op_sel 0, op_sel_hi 1) and no neg: other selections of
       * these operations are not established */
      if (in->op_sel || (in->op_sel_hi & 3) != 3 || in->neg_lo || in->neg_hi) {
        xl_unsupported(x, in, pc);
        break;
      }
      static const uint8_t shape[4][2] = {{2, 16}, {2, 16}, {4, 8}, {8, 4}}; /* fields, bits */
      unsigned k = e->detail - AX_DOT2_I16;
      write_vdst(x, in, dot_int(x, src32(x, in, 0), src32(x, in, 1), src32(x, in, 2), shape[k][0],
                                shape[k][1], e->detail != AX_DOT2_U16, in->clamp));
      break;
    }
    case AX_DOT4C_I8: /* VOP2: the destination is the accumulator */
      write_vdst(x, in, dot_int(x, src32(x, in, 0), src32(x, in, 1), src_dword(x, d0, 0, false), 4, 8,
                                true, false));
      break;
    case AX_MAD_I64: { /* D = sext(S0) * sext(S1) + S2 (64 bits) */
      if (in->clamp) { /* saturation of the 64-bit result: not established */
        xl_unsupported(x, in, pc);
        break;
      }
      uint32_t a = src32(x, in, 0), b = src32(x, in, 1), acc = src64(x, in, 2, false);
      uint32_t prod = ir_pack_u64(bd, ir_imul(bd, a, b), ir_smul_hi(bd, a, b));
      r = ir_iadd64(bd, prod, acc);
      write_vdst64(x, in, r);
      /* carry: the exact (65-bit) sum is negative (docs/shader-ir.md, "v_mad_i64_i32"):
       * with equal operand signs that sign, else the sign of the wrapped sum */
      uint32_t ps = ir_lshr(bd, ir_hi_u32(bd, prod), c32(x, 31));
      uint32_t ss = ir_lshr(bd, ir_hi_u32(bd, acc), c32(x, 31));
      uint32_t rs = ir_lshr(bd, ir_hi_u32(bd, r), c32(x, 31));
      uint32_t neg = nz32(x, ir_select(bd, ir_ieq(bd, ps, ss), ps, rs));
      if (in->num_defs > 1)
        write_mask(x, defp(in, 1), ir_iand64(bd, ir_ballot(bd, neg), get(x, IR_REG_EXEC)));
      break;
    }
    case AX_DOT2C_F16: { /* VOP2: D = S0.lo * S1.lo + (S0.hi * S1.hi + D), f32 */
      /* modifiers on the packed sources (DPP/SDWA abs/neg): not established */
      for (unsigned i = 0; i < 2; i++)
        if (mod_bit(in, i, ISA_MOD_ABS) || mod_bit(in, i, ISA_MOD_NEG)) {
          xl_unsupported(x, in, pc);
          return;
        }
      uint32_t a = src32(x, in, 0), b = src32(x, in, 1), h[2][2];
      for (unsigned k = 0; k < 2; k++) {
        h[0][k] = ir_cvt_f32_f16(bd, ir_bitcast_f16(bd, ir_u16_of_i(bd, k, a)));
        h[1][k] = ir_cvt_f32_f16(bd, ir_bitcast_f16(bd, ir_u16_of_i(bd, k, b)));
      }
      /* f16 products are exact in f32; the accumulator and the result are flushed */
      uint32_t acc = ir_fflush(bd, as_f32(x, src_dword(x, d0, 0, false)));
      uint32_t t = ir_ffma(bd, h[0][1], h[1][1], acc);
      r = ir_fflush(bd, ir_ffma(bd, h[0][0], h[1][0], t));
      write_vdst(x, in, ir_bitcast_u32(bd, r));
      break;
    }
    case AX_PKNORM_I16_F32: case AX_PKNORM_U16_F32: case AX_PKNORM_I16_F16:
    case AX_PKNORM_U16_F16: { /* {norm(S1), norm(S0)} (xl_norm16); f16 sources widen exactly */
      if (in->clamp) { /* no effect established */
        xl_unsupported(x, in, pc);
        break;
      }
      bool sgn = e->detail == AX_PKNORM_I16_F32 || e->detail == AX_PKNORM_I16_F16;
      bool h = e->detail == AX_PKNORM_I16_F16 || e->detail == AX_PKNORM_U16_F16;
      uint32_t v[2];
      for (unsigned i = 0; i < 2; i++)
        v[i] = xl_norm16(x, h ? ir_cvt_f32_f16(bd, h16_fsrc(x, in, i)) : fsrc(x, in, i), sgn);
      write_vdst(x, in, ir_ior(bd, ir_iand(bd, v[0], c32(x, 0xffff)), ir_shl(bd, v[1], c32(x, 16))));
      break;
    }
    case AX_CVT_PK_U8: { /* byte S1[1:0] of S2 := S0 rounded (ties to even), clamped to u8 */
      if (in->clamp) {
        xl_unsupported(x, in, pc);
        break;
      }
      uint32_t v = ir_umin(bd, ir_cvt_u32_f32(bd, ir_frint(bd, fsrc(x, in, 0))), c32(x, 255));
      uint32_t sh = ir_shl(bd, ir_iand(bd, src32(x, in, 1), c32(x, 3)), c32(x, 3));
      uint32_t keep = ir_inot(bd, ir_shl(bd, c32(x, 255), sh));
      write_vdst(x, in, ir_ior(bd, ir_iand(bd, src32(x, in, 2), keep), ir_shl(bd, v, sh)));
      break;
    }
    case AX_MULLIT: { /* S2 > 0 ? (S0 == 0 || S1 == 0 ? +0 : S0 * S1) : -FLT_MAX */
      uint32_t a = fsrc(x, in, 0), b = fsrc(x, in, 1), zero = ir_b_const_f32(bd, 0.0f);
      uint32_t any0 = ir_bor(bd, ir_fcmp_i(bd, IR_FCMP_OEQ, a, zero), ir_fcmp_i(bd, IR_FCMP_OEQ, b, zero));
      r = ir_select(bd, any0, zero, ir_fmul(bd, a, b));
      r = ir_select(bd, ir_fcmp_i(bd, IR_FCMP_OGT, fsrc(x, in, 2), zero), r,
                    konst(x, IR_TYPE_F32, 0xff7fffffu));
      write_vdst(x, in, fresult(x, in, r));
      break;
    }
    case AX_QSAD: case AX_MQSAD_PK: case AX_MQSAD_U32:
      if (in->clamp) xl_unsupported(x, in, pc); /* saturation: not established */
      else quad_sad(x, in, (enum xl_alu_ext)e->detail);
      break;
    case AX_TRIG_PREOP:
      write_vdst64(x, in, dresult(x, in, trig_preop(x, ir_bitcast_u64(bd, dsrc(x, in, 0)), src32(x, in, 1))));
      break;
    default: xl_unsupported(x, in, pc); break;
  }
}
