/* BC6H and BC7 texels in the module (docs/shader-spirv.md, "Images"): two helper functions,
 * image_texel_bc6h and image_texel_bc7, which the special formats' helper calls in a branch
 * of its own, so a module pays for them once (lavapipe inlines them where that helper is
 * inlined) and a texel of another format does not run them. The rules and tables are
 * ir_texel_bptc.c's: every table lookup is a tree of selects on the index's bits over
 * constants made from ir_texel_bptc_tables.c (no arrays: lavapipe lowers an indexed array
 * to a ladder of branches), and BC6H reads its header in a loop over the mode's runs (one
 * copy of the bit reader instead of 236 runs). */
#include "gpu/shader/ir/ir_texel.h"
#include "gpu/shader/ir/ir_texel_bptc.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"
#include "gpu/shader/spirv/spirv_emit_u32.h"

#define U32 e->t_u32
#define BL e->t_bool

static uint32_t nz(struct emit *e, uint32_t a) { return op2(e, SpvOpINotEqual, BL, a, cu32(e, 0)); }
static uint32_t cu(struct emit *e, uint32_t v) { return cu32(e, v); }

/* VALS[IDX] (N a power of two, IDX < N) as a tree of selects on IDX's bits */
static uint32_t tree(struct emit *e, uint32_t type, uint32_t idx, const uint32_t *vals,
                     uint32_t n) {
  uint32_t v[128];
  for (uint32_t k = 0; k < n; k++) v[k] = vals[k];
  for (uint32_t bit = 0; n > 1; bit++, n /= 2) {
    uint32_t b = nz(e, band(e, idx, cu(e, 1u << bit)));
    for (uint32_t k = 0; k < n / 2; k++) v[k] = sel(e, type, b, v[2 * k + 1], v[2 * k]);
  }
  return v[0];
}
/* the u32 constants W[IDX] (N of them, a power of two) */
static uint32_t tree_u32(struct emit *e, uint32_t idx, const uint32_t *w, uint32_t n) {
  uint32_t c[128];
  for (uint32_t k = 0; k < n; k++) c[k] = cu(e, w[k]);
  return tree(e, U32, idx, c, n);
}

/* the 128-bit block R as two u64 halves Q (bits 63:0, 127:64) */
static void halves(struct emit *e, const uint32_t r[4], uint32_t q[2]) {
  uint32_t u64 = e->t_u64;
  for (int k = 0; k < 2; k++)
    q[k] = op2(e, SpvOpBitwiseOr, u64,
               op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, r[2 * k + 1]), cu(e, 32)),
               to_u64(e, r[2 * k]));
}
/* N bits (an id, 0..31) of the block Q (halves) from bit POS (an id, < 128) */
static uint32_t getbits(struct emit *e, const uint32_t q[2], uint32_t pos, uint32_t n) {
  uint32_t u64 = e->t_u64, up = op2(e, SpvOpUGreaterThanEqual, BL, pos, cu(e, 64));
  uint32_t a = sel(e, u64, up, q[1], q[0]), b = sel(e, u64, up, cu64(e, 0), q[1]);
  uint32_t sh = band(e, pos, cu(e, 63));
  /* a >> sh with b's low bits above it; b << 1 << (63 - sh) never shifts by 64 */
  uint32_t v = op2(e, SpvOpBitwiseOr, u64, op2(e, SpvOpShiftRightLogical, u64, a, sh),
                   op2(e, SpvOpShiftLeftLogical, u64,
                       op2(e, SpvOpShiftLeftLogical, u64, b, cu(e, 1)), sub(e, cu(e, 63), sh)));
  return band(e, op1(e, SpvOpUConvert, U32, v), sub(e, shl(e, cu(e, 1), n), cu(e, 1)));
}
static uint32_t getbits_c(struct emit *e, const uint32_t q[2], uint32_t pos, uint32_t n) {
  return getbits(e, q, pos, cu(e, n));
}
/* entry IDX of the N-entry table T of PER entries of BITS bits a u64 word (a tree of
 * 64-bit constants) */
static uint32_t packed(struct emit *e, uint32_t idx, const uint32_t *t, uint32_t n, uint32_t bits) {
  uint32_t per = 64 / bits, words = (n + per - 1) / per, w[64], lg = 0;
  while ((1u << lg) < per) lg++;
  uint64_t v[64] = {0};
  for (uint32_t k = 0; k < n; k++) v[k / per] |= (uint64_t)t[k] << (bits * (k % per));
  uint32_t size = 1;
  while (size < words) size *= 2;
  for (uint32_t k = 0; k < size; k++) w[k] = cu64(e, v[k]);
  uint32_t word = tree(e, e->t_u64, shr(e, idx, cu(e, lg)), w, size);
  uint32_t at = mul(e, band(e, idx, cu(e, per - 1)), cu(e, bits));
  uint32_t x = op1(e, SpvOpUConvert, U32, op2(e, SpvOpShiftRightLogical, e->t_u64, word, at));
  return bits == 32 ? x : band(e, x, cu(e, (1u << bits) - 1));
}

/* the anchor tables as eight words of 4-bit entries each */
static uint32_t anchor(struct emit *e, const uint8_t *tab, uint32_t part) {
  uint32_t w[8] = {0};
  for (uint32_t k = 0; k < 64; k++) w[k / 8] |= (uint32_t)tab[k] << (4 * (k % 8));
  uint32_t word = tree_u32(e, shr(e, part, cu(e, 3)), w, 8);
  return band(e, shr(e, word, shl(e, band(e, part, cu(e, 7)), cu(e, 2))), cu(e, 15));
}

/* texel T's subset (NS subsets, partition PART), anchors before it, whether it is one */
static void subset_of(struct emit *e, uint32_t ns, uint32_t part, uint32_t t, bool bc7, uint32_t *s,
                      uint32_t *before, uint32_t *is_anchor) {
  uint32_t p2[64], two = ieq_k(e, ns, 2), three = ieq_k(e, ns, 3);
  for (uint32_t k = 0; k < 64; k++) p2[k] = ir_bptc_partition2[k];
  uint32_t s2 = band(e, shr(e, packed(e, part, p2, bc7 ? 64 : 32, 16), t), cu(e, 1));
  uint32_t s3 = cu(e, 0);
  uint32_t none = cu(e, 16), a1 = usel(e, two, anchor(e, ir_bptc_anchor2, part), none), a2 = none;
  if (bc7) { /* three subsets too */
    s3 =
        band(e, shr(e, packed(e, part, ir_bptc_partition3, 64, 32), shl(e, t, cu(e, 1))), cu(e, 3));
    a1 = usel(e, three, anchor(e, ir_bptc_anchor3[0], part), a1);
    a2 = usel(e, three, anchor(e, ir_bptc_anchor3[1], part), none);
  }
  *s = usel(e, two, s2, usel(e, three, s3, cu(e, 0)));
  uint32_t gt1 = usel(e, op2(e, SpvOpUGreaterThan, BL, t, a1), cu(e, 1), cu(e, 0));
  uint32_t gt2 = usel(e, op2(e, SpvOpUGreaterThan, BL, t, a2), cu(e, 1), cu(e, 0));
  *before = usel(e, ieq_k(e, t, 0), cu(e, 0), add(e, cu(e, 1), add(e, gt1, gt2)));
  *is_anchor = usel(e,
                    lor(e, ieq_k(e, t, 0),
                        lor(e, op2(e, SpvOpIEqual, BL, t, a1), op2(e, SpvOpIEqual, BL, t, a2))),
                    cu(e, 1), cu(e, 0));
}

/* the weight of INDEX for BITS (2..4) index bits */
static uint32_t weight(struct emit *e, uint32_t index, uint32_t nbits) {
  uint32_t w[16] = {0};
  for (uint32_t r = 0; r < 3; r++)
    for (uint32_t k = 0; k < (4u << r); k++)
      w[4 * r + k / 4] |= (uint32_t)ir_bptc_weights[r][k] << (8 * (k % 4));
  uint32_t word = tree_u32(
      e, add(e, shl(e, sub(e, nbits, cu(e, 2)), cu(e, 2)), shr(e, index, cu(e, 2))), w, 16);
  return band(e, shr(e, word, shl(e, band(e, index, cu(e, 3)), cu(e, 3))), cu(e, 255));
}
/* ((64 - w) a + w b + 32) >> 6, arithmetic (BC6H's signed values) */
static uint32_t interpolate(struct emit *e, uint32_t a, uint32_t b, uint32_t w) {
  uint32_t v = add(e, add(e, mul(e, sub(e, cu(e, 64), w), a), mul(e, w, b)), cu(e, 32));
  return op2(e, SpvOpShiftRightArithmetic, U32, v, cu(e, 6));
}

static void fn_begin(struct emit *e, uint32_t fn, const char *name, uint32_t *p) {
  uint32_t params[6] = {U32, U32, U32, U32, U32, U32};
  uint32_t ft = spv_type_function(&e->b, e->t_v4u32, params, 6);
  uint32_t f[4] = {e->t_v4u32, fn, SpvFunctionControlMaskNone, ft};
  inst(e, SpvOpFunction, f, 4);
  spv_name(&e->b, fn, name);
  for (uint32_t k = 0; k < 6; k++) p[k] = param(e, U32);
}
static void fn_end(struct emit *e, const uint32_t out[4]) {
  uint32_t r = spv_op(&e->b, SpvOpCompositeConstruct, e->t_v4u32, out, 4);
  inst(e, SpvOpReturnValue, &r, 1);
  inst(e, SpvOpFunctionEnd, NULL, 0);
}

/* bc7(info, r0..r3, t) -> an 8_8_8_8 element (R in bits 7:0 .. A in 31:24), 0, 0, 0 */
static void bc7_body(struct emit *e, uint32_t fn) {
  uint32_t p[6];
  fn_begin(e, fn, "image_texel_bc7", p);
  label(e, spv_id(&e->b));
  const uint32_t *r = p + 1;
  uint32_t t = band(e, p[5], cu(e, 15)), b0 = band(e, r[0], cu(e, 255)), q[2];
  halves(e, r, q);
  /* the mode: byte 0's trailing zeros (32 for a zero byte: reserved) */
  uint32_t mode =
      op1(e, SpvOpBitCount, U32, sub(e, band(e, b0, op1(e, SpvOpSNegate, U32, b0)), cu(e, 1)));
  uint32_t invalid = op2(e, SpvOpUGreaterThan, BL, mode, cu(e, 7));
  uint32_t mw[8];
  for (uint32_t k = 0; k < 8; k++) {
    const struct ir_bc7_mode *m = &ir_bc7_modes[k];
    mw[k] = m->subsets | (uint32_t)m->partition_bits << 2 | (uint32_t)m->rotation_bits << 5 |
            (uint32_t)m->select_bits << 7 | (uint32_t)m->color_bits << 8 |
            (uint32_t)m->alpha_bits << 12 | (uint32_t)m->endpoint_pbits << 16 |
            (uint32_t)m->shared_pbits << 17 | (uint32_t)m->index_bits << 18 |
            (uint32_t)m->index2_bits << 21;
  }
  uint32_t md = tree_u32(e, band(e, mode, cu(e, 7)), mw, 8);
  uint32_t ns = bits32(e, md, 0, 2), pb = bits32(e, md, 2, 3), rb = bits32(e, md, 5, 2);
  uint32_t sb = bits32(e, md, 7, 1), cb = bits32(e, md, 8, 4), ab = bits32(e, md, 12, 4);
  uint32_t epb = bits32(e, md, 16, 1), spb = bits32(e, md, 17, 1), ib = bits32(e, md, 18, 3);
  uint32_t ib2 = bits32(e, md, 21, 2);
  uint32_t pos = add(e, band(e, mode, cu(e, 7)), cu(e, 1));
  uint32_t part = getbits(e, q, pos, pb);
  pos = add(e, pos, pb);
  uint32_t rot = getbits(e, q, pos, rb);
  pos = add(e, pos, rb);
  uint32_t sl = getbits(e, q, pos, sb);
  pos = add(e, pos, sb);
  uint32_t s, before, anc;
  subset_of(e, ns, part, t, true, &s, &before, &anc);
  uint32_t ns2 = add(e, ns, ns);
  uint32_t apos = add(e, pos, mul(e, mul(e, cu(e, 3), ns2), cb));
  uint32_t ppos = add(e, apos, mul(e, ns2, ab));
  uint32_t ipos = add(e, ppos, add(e, mul(e, epb, ns2), mul(e, spb, ns)));
  uint32_t hasp = bor(e, epb, spb), ep[2][4];
  for (uint32_t k = 0; k < 2; k++) {
    uint32_t n = add(e, add(e, s, s), cu(e, k));
    uint32_t pbit = band(e, getbits_c(e, q, add(e, ppos, usel(e, nz(e, epb), n, s)), 1), hasp);
    for (uint32_t c = 0; c < 4; c++) {
      uint32_t nb = c < 3 ? cb : ab;
      uint32_t at = c < 3 ? add(e, pos, mul(e, add(e, mul(e, cu(e, c), ns2), n), cb))
                          : add(e, apos, mul(e, n, ab));
      uint32_t v = getbits(e, q, at, nb);
      v = bor(e, shl(e, v, hasp), pbit);
      nb = add(e, nb, hasp);
      /* widened to 8 bits by repeating the top bits (nb >= 5 for every mode's endpoint) */
      uint32_t x = bor(e, shl(e, v, sub(e, cu(e, 8), nb)),
                       shr(e, v, band(e, sub(e, add(e, nb, nb), cu(e, 8)), cu(e, 31))));
      ep[k][c] = c < 3 ? x : usel(e, ieq_k(e, ab, 0), cu(e, 255), x);
    }
  }
  uint32_t i1 = getbits(e, q, sub(e, add(e, ipos, mul(e, ib, t)), before), sub(e, ib, anc));
  uint32_t at2 =
      sub(e, add(e, add(e, ipos, mul(e, cu(e, 16), ib)), mul(e, ib2, t)), add(e, ns, before));
  uint32_t has2 = nz(e, ib2);
  uint32_t i2 = getbits(e, q, at2, usel(e, has2, sub(e, ib2, anc), cu(e, 0)));
  uint32_t sel2 = nz(e, sl),
           alpha2 = op2(e, SpvOpLogicalAnd, BL, has2, op1(e, SpvOpLogicalNot, BL, sel2));
  uint32_t ci = usel(e, sel2, i2, i1), cbits = usel(e, sel2, ib2, ib);
  uint32_t ai = usel(e, alpha2, i2, i1), abits = usel(e, alpha2, ib2, ib);
  uint32_t wc = weight(e, ci, cbits), wa = weight(e, ai, abits), v[4];
  for (uint32_t c = 0; c < 3; c++) v[c] = interpolate(e, ep[0][c], ep[1][c], wc);
  v[3] = interpolate(e, ep[0][3], ep[1][3], wa);
  /* rotation 1, 2, 3: alpha swaps with R, G, B */
  uint32_t o[4];
  for (uint32_t c = 0; c < 3; c++) o[c] = usel(e, ieq_k(e, rot, c + 1), v[3], v[c]);
  o[3] = usel(e, ieq_k(e, rot, 1), v[0],
              usel(e, ieq_k(e, rot, 2), v[1], usel(e, ieq_k(e, rot, 3), v[2], v[3])));
  uint32_t rgba = bor(e, bor(e, o[0], shl(e, o[1], cu(e, 8))),
                      bor(e, shl(e, o[2], cu(e, 16)), shl(e, o[3], cu(e, 24))));
  uint32_t out[4] = {usel(e, invalid, cu(e, 0), rgba), cu(e, 0), cu(e, 0), cu(e, 0)};
  fn_end(e, out);
}

/* an N-bit (an id, 1..31) two's complement field X sign-extended */
static uint32_t sext(struct emit *e, uint32_t x, uint32_t n) {
  uint32_t k = sub(e, cu(e, 32), n);
  return op2(e, SpvOpShiftRightArithmetic, U32, shl(e, x, k), k);
}

/* BC6H's unquantisation of endpoint component X to 16 bits (unsigned 0..0xffff, signed
 * -0x7fff..0x7fff), one formula for both: the magnitude A of X, then A itself when the
 * endpoint has FULL bits (15 unsigned, 16 signed), 0 for 0, SAT from LIM on (unsigned the
 * largest code: 0xffff; signed 2^(bits-1) - 1 and up: 0x7fff), else ((A << 15) + 0x4000)
 * >> (bits - 1) (unsigned the same as ((A << 16) + 0x8000) >> bits) */
struct unq {
  uint32_t is_signed, full, lim, sat, sh;
};
static uint32_t unquantise(struct emit *e, const struct unq *u, uint32_t x) {
  uint32_t zero = cu(e, 0);
  uint32_t neg = op2(e, SpvOpLogicalAnd, BL, u->is_signed, op2(e, SpvOpSLessThan, BL, x, zero));
  uint32_t a = usel(e, neg, op1(e, SpvOpSNegate, U32, x), x);
  uint32_t q = shr(e, add(e, shl(e, a, cu(e, 15)), cu(e, 0x4000)), u->sh);
  q = usel(e, op2(e, SpvOpUGreaterThanEqual, BL, a, u->lim), u->sat, q);
  q = usel(e, u->full, a, usel(e, ieq_k(e, a, 0), zero, q));
  return usel(e, neg, op1(e, SpvOpSNegate, U32, q), q);
}

/* the f32 bits of half H (exact) */
static uint32_t half_to_f32(struct emit *e, uint32_t h) {
  uint32_t sign = shl(e, band(e, h, cu(e, 0x8000)), cu(e, 16));
  uint32_t ex = bits32(e, h, 10, 5), m = band(e, h, cu(e, 1023));
  uint32_t normal = bor(e, shl(e, add(e, ex, cu(e, 112)), cu(e, 23)), shl(e, m, cu(e, 13)));
  uint32_t inf = bor(e, cu(e, 0x7f800000u), shl(e, m, cu(e, 13)));
  uint32_t f = op2(e, SpvOpFMul, e->t_f32, op1(e, SpvOpConvertUToF, e->t_f32, m),
                   cf32(e, 1.0f / 16777216.0f)); /* m 2^-24, exact */
  uint32_t den = op1(e, SpvOpBitcast, U32, f);
  uint32_t v = usel(e, ieq_k(e, ex, 0), den, usel(e, ieq_k(e, ex, 31), inf, normal));
  return bor(e, sign, v);
}

/* bc6h(info, r0..r3, t) -> a 32_32_32_32_FLOAT element: R, G, B as f32 of the halves, 1 */
static void bc6h_body(struct emit *e, uint32_t fn) {
  uint32_t p[6];
  fn_begin(e, fn, "image_texel_bc6h", p);
  uint32_t entry = spv_id(&e->b);
  label(e, entry);
  const uint32_t *r = p + 1, t = band(e, p[5], cu(e, 15));
  uint32_t q[2];
  halves(e, r, q);
  uint32_t is_signed = ieq_k(e, band(e, p[0], cu(e, 15)), IR_TEXEL_BC6H_SF);
  uint32_t b0 = band(e, r[0], cu(e, 31));
  uint32_t mode = usel(e, nz(e, band(e, b0, cu(e, 2))), b0, band(e, b0, cu(e, 3)));
  /* per mode: mode bits 2:0, transformed 3, two subsets 4, endpoint bits 9:5, delta bits
   * 13:10, 17:14, 21:18, runs 26:22; the first run's number in the run stream 63:32 */
  uint64_t mw[32];
  uint32_t stream[256] = {0}, n = 0;
  for (uint32_t k = 0; k < 32; k++) {
    const struct ir_bc6h_mode *m = &ir_bc6h_modes[k];
    uint32_t d[3];
    for (uint32_t c = 0; c < 3; c++) d[c] = m->transformed ? m->delta_bits[c] : 1;
    mw[k] = (uint64_t)n << 32 | m->mode_bits | (uint32_t)m->transformed << 3 |
            (uint32_t)m->two_subsets << 4 | (uint32_t)m->endpoint_bits << 5 | d[0] << 10 |
            d[1] << 14 | d[2] << 18 | (uint32_t)m->runs << 22;
    for (uint32_t j = 0; j < m->runs; j++, n++) { /* value 3:0, lo 7:4, count 11:8, reverse 12 */
      const struct ir_bc6h_run *x = &m->run[j];
      stream[n] =
          x->value | (uint32_t)x->lo << 4 | (uint32_t)x->count << 8 | (uint32_t)x->reverse << 12;
    }
  }
  uint32_t mc[32];
  for (uint32_t k = 0; k < 32; k++) mc[k] = cu64(e, mw[k]);
  uint32_t mdw = tree(e, e->t_u64, mode, mc, 32);
  uint32_t md = op1(e, SpvOpUConvert, U32, mdw);
  uint32_t first =
      op1(e, SpvOpUConvert, U32, op2(e, SpvOpShiftRightLogical, e->t_u64, mdw, cu(e, 32)));
  uint32_t mb = bits32(e, md, 0, 3), tr = nz(e, bits32(e, md, 3, 1));
  uint32_t two = nz(e, bits32(e, md, 4, 1)), eb = bits32(e, md, 5, 5);
  uint32_t runs = bits32(e, md, 22, 5);
  /* the header: for run k, COUNT bits from POS into value VALUE at LO (a loop: phis for k,
   * pos and the twelve values) */
  uint32_t head = spv_id(&e->b), body = spv_id(&e->b), cont = spv_id(&e->b), merge = spv_id(&e->b);
  uint32_t k = spv_id(&e->b), pos = spv_id(&e->b), k1 = spv_id(&e->b), pos1 = spv_id(&e->b);
  uint32_t val[12], val1[12];
  for (uint32_t j = 0; j < 12; j++) val[j] = spv_id(&e->b), val1[j] = spv_id(&e->b);
  branch(e, head);
  label(e, head);
  uint32_t pk[6] = {U32, k, cu(e, 0), entry, k1, cont};
  inst(e, SpvOpPhi, pk, 6);
  uint32_t pp[6] = {U32, pos, mb, entry, pos1, cont};
  inst(e, SpvOpPhi, pp, 6);
  for (uint32_t j = 0; j < 12; j++) {
    uint32_t pv[6] = {U32, val[j], cu(e, 0), entry, val1[j], cont};
    inst(e, SpvOpPhi, pv, 6);
  }
  uint32_t more = ult(e, k, runs);
  uint32_t lm[3] = {merge, cont, SpvLoopControlMaskNone};
  inst(e, SpvOpLoopMerge, lm, 3);
  uint32_t bc[3] = {more, body, merge};
  inst(e, SpvOpBranchConditional, bc, 3);
  label(e, body);
  uint32_t at = add(e, first, k);
  uint32_t d = packed(e, band(e, at, cu(e, 255)), stream, n, 16);
  uint32_t vi = bits32(e, d, 0, 4), lo = bits32(e, d, 4, 4), cnt = bits32(e, d, 8, 4);
  uint32_t x = getbits(e, q, pos, cnt);
  uint32_t xr = shr(e, op1(e, SpvOpBitReverse, U32, x), sub(e, cu(e, 32), cnt));
  x = shl(e, usel(e, nz(e, bits32(e, d, 12, 1)), xr, x), lo);
  uint32_t nv[12];
  for (uint32_t j = 0; j < 12; j++) nv[j] = usel(e, ieq_k(e, vi, j), bor(e, val[j], x), val[j]);
  uint32_t np = add(e, pos, cnt);
  branch(e, cont);
  label(e, cont);
  uint32_t a1[4] = {U32, k1, k, cu(e, 1)};
  inst(e, SpvOpIAdd, a1, 4);
  uint32_t a2[3] = {U32, pos1, np};
  inst(e, SpvOpCopyObject, a2, 3);
  for (uint32_t j = 0; j < 12; j++) {
    uint32_t a3[3] = {U32, val1[j], nv[j]};
    inst(e, SpvOpCopyObject, a3, 3);
  }
  branch(e, head);
  label(e, merge);
  /* the partition (two subsets), the texel's index */
  uint32_t part = usel(e, two, getbits_c(e, q, pos, 5), cu(e, 0));
  uint32_t ipos = add(e, pos, usel(e, two, cu(e, 5), cu(e, 0)));
  uint32_t ns = usel(e, two, cu(e, 2), cu(e, 1)), ib = usel(e, two, cu(e, 3), cu(e, 4));
  uint32_t s, before, anc;
  subset_of(e, ns, part, t, false, &s, &before, &anc);
  uint32_t index = getbits(e, q, sub(e, add(e, ipos, mul(e, ib, t)), before), sub(e, ib, anc));
  uint32_t w = weight(e, index, ib), second = nz(e, s), out[4];
  uint32_t emask = sub(e, shl(e, cu(e, 1), eb), cu(e, 1)), eb1 = sub(e, eb, cu(e, 1));
  struct unq u = {is_signed,
                  op2(e, SpvOpUGreaterThanEqual, BL, eb, usel(e, is_signed, cu(e, 16), cu(e, 15))),
                  usel(e, is_signed, sub(e, shl(e, cu(e, 1), eb1), cu(e, 1)), emask),
                  usel(e, is_signed, cu(e, 0x7fff), cu(e, 0xffff)), eb1};
  for (uint32_t c = 0; c < 3; c++) {
    uint32_t q[2];
    for (uint32_t kk = 0; kk < 2; kk++) { /* endpoint w or y, x or z */
      uint32_t xv = usel(e, second, val[6 + 3 * kk + c], val[3 * kk + c]);
      uint32_t db = bits32(e, md, 10 + 4 * c, 4);
      uint32_t moved = kk ? spv_const_bool(&e->b, true) : second; /* not w */
      /* a delta from w, wrapped to the endpoint's bits, when transformed */
      uint32_t dx = band(e, add(e, val[c], sext(e, xv, db)), emask);
      xv = usel(e, op2(e, SpvOpLogicalAnd, BL, tr, moved), dx, xv);
      xv = usel(e, is_signed, sext(e, xv, eb), xv);
      q[kk] = unquantise(e, &u, xv);
    }
    uint32_t v = interpolate(e, q[0], q[1], w);
    uint32_t neg = op2(e, SpvOpSLessThan, BL, v, cu(e, 0));
    uint32_t uh = shr(e, mul(e, v, cu(e, 31)), cu(e, 6));
    uint32_t sh = usel(
        e, neg,
        bor(e, shr(e, mul(e, op1(e, SpvOpSNegate, U32, v), cu(e, 31)), cu(e, 5)), cu(e, 0x8000)),
        shr(e, mul(e, v, cu(e, 31)), cu(e, 5)));
    uint32_t h = usel(e, is_signed, sh, uh);
    out[c] = usel(e, ieq_k(e, mb, 0), cu(e, 0), half_to_f32(e, h)); /* reserved: 0 */
  }
  out[3] = cu(e, 0x3f800000u);
  fn_end(e, out);
}

void spirv_bptc_fn_bodies(struct emit *e, uint32_t bc6h_fn, uint32_t bc7_fn) {
  bc6h_body(e, bc6h_fn);
  bc7_body(e, bc7_fn);
}
