/* The division helpers v_div_scale_f32/f64 (IR fdiv_scale, ddiv_scale and their VCC flags),
 * exactly as the ISA's case analysis reads, on the bits (docs/shader-spirv.md, "Division
 * helpers"). v_div_fmas and v_div_fixup reach the emitter as ffma/dfma, fldexp and integer
 * selects (translate_div.c) and need nothing here.
 *
 * The case analysis on the numerator N (S2) and the denominator D (S1), S0 the value scaled:
 *   N or D zero                          -> NaN
 *   exponent(N) - exponent(D) >= 96/768  -> VCC; if S0 == D: S0 * 2^64 (2^128)
 *   D denormal                           -> S0 * 2^64 (2^128)
 *   1/D denormal (in f64) and N/D denormal -> VCC; if S0 == D: S0 * 2^64 (2^128)
 *   1/D denormal (in f64)                -> S0 * 2^-64 (2^-128)
 *   N/D denormal                         -> VCC; if S0 == N: S0 * 2^64 (2^128)
 *   exponent(N) <= 23 (53)               -> S0 * 2^64 (2^128)
 *   else S0.
 * No test uses the device's float arithmetic on a denormal or its division:
 * - 1/D in f64 is denormal exactly when 2^1022 < |D| < inf (so never for an f32 D): for
 *   |D| = 2^1022 (1 + x), x >= 2^-52, 1/|D| lies within 2^-1126 above 2^-1022 - 2^-1074.
 * - N/D rounded to nearest even in precision p (24, 53) is denormal exactly when
 *   2^-B < |N/D| < (2^p - 1) 2^-B (B = 150, 1075: the first is the tie to zero, the second
 *   the tie to the smallest normal). With |N| = Mn 2^En, |D| = Md 2^Ed (p-bit Mn, Md with the
 *   top bit set) and F = En - Ed + B these are Mn 2^F > Md and Mn 2^F < Md (2^p - 1), which
 *   reduce to integer tests on Mn, Md for the two or three F where they are not decided by
 *   F alone.
 * - S0 * 2^k is computed on the bits: the exponent field moved for a normal result; a
 *   denormal S0 scaled up is its fraction converted to float times a power of two (both
 *   normal, one exact product); a denormal result of scaling down is the nearest-even
 *   integer of a normal, exact product, placed as the fraction. NaN gives the quiet NaN
 *   (as ldexp), a zero NaN: the canonical quiet NaN of the host's NAN.
 * - Under a directed round field (f32: MODE 1:0, f64: MODE 3:2) the scaling is v_ldexp's
 *   in that mode: it is exact, so the same as nearest even, except for an overflow (the
 *   largest finite value unless rounding away from zero) and a denormal result of scaling
 *   down (rounded in the direction); docs/shader-float.md, "Float modes". */
#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"

/* one precision: f32 on u32 bits or f64 on u64 bits */
struct prec {
  bool d;
  uint32_t t, f;              /* integer and float types */
  unsigned mb, p, bias, emax; /* fraction bits, precision, exponent bias, all-ones exponent */
};

static uint32_t ci(struct emit *e, const struct prec *p, uint64_t v) {
  return p->d ? cu64(e, v) : cu32(e, (uint32_t)v);
}
static uint32_t iop(struct emit *e, const struct prec *p, SpvOp op, uint32_t a, uint32_t b) {
  return op2(e, op, p->t, a, b);
}
static uint32_t cmp(struct emit *e, SpvOp op, uint32_t a, uint32_t b) {
  return op2(e, op, e->t_bool, a, b);
}
static uint32_t and_(struct emit *e, uint32_t a, uint32_t b) {
  return cmp(e, SpvOpLogicalAnd, a, b);
}
static uint32_t or_(struct emit *e, uint32_t a, uint32_t b) { return cmp(e, SpvOpLogicalOr, a, b); }
static uint32_t not_(struct emit *e, uint32_t a) { return op1(e, SpvOpLogicalNot, e->t_bool, a); }
static uint64_t sign_of(const struct prec *p) { return 1ull << (p->d ? 63 : 31); }

/* the biased exponent field as u32 */
static uint32_t expo(struct emit *e, const struct prec *p, uint32_t u) {
  uint32_t s = iop(e, p, SpvOpShiftRightLogical, u, ci(e, p, p->mb));
  uint32_t f = iop(e, p, SpvOpBitwiseAnd, s, ci(e, p, p->emax));
  return p->d ? op1(e, SpvOpUConvert, e->t_u32, f) : f;
}
static uint32_t mag(struct emit *e, const struct prec *p, uint32_t u) {
  return iop(e, p, SpvOpBitwiseAnd, u, ci(e, p, sign_of(p) - 1));
}
static uint32_t is_zero(struct emit *e, const struct prec *p, uint32_t u) {
  return cmp(e, SpvOpIEqual, mag(e, p, u), ci(e, p, 0));
}
static uint32_t is_nan(struct emit *e, const struct prec *p, uint32_t u) {
  return cmp(e, SpvOpUGreaterThan, mag(e, p, u), ci(e, p, (uint64_t)p->emax << p->mb));
}
static uint32_t finite(struct emit *e, const struct prec *p, uint32_t u) {
  return cmp(e, SpvOpULessThan, mag(e, p, u), ci(e, p, (uint64_t)p->emax << p->mb));
}
static uint32_t quiet(struct emit *e, const struct prec *p, uint32_t u) {
  return iop(e, p, SpvOpBitwiseOr, u, ci(e, p, 1ull << (p->mb - 1)));
}
/* float equality on the bits: not NaN, and the same bits or both zeros */
static uint32_t feq(struct emit *e, const struct prec *p, uint32_t a, uint32_t b) {
  uint32_t same = or_(e, cmp(e, SpvOpIEqual, a, b), and_(e, is_zero(e, p, a), is_zero(e, p, b)));
  return and_(e, same, not_(e, or_(e, is_nan(e, p, a), is_nan(e, p, b))));
}
/* 2^k as a float of the precision (a normal number) */
static uint32_t pow2(struct emit *e, const struct prec *p, int k) {
  uint64_t bits = (uint64_t)(int64_t)(k + (int)p->bias) << p->mb;
  return p->d ? spv_const64(&e->b, p->f, bits) : spv_const(&e->b, p->f, (uint32_t)bits);
}
static uint32_t fmul_exact(struct emit *e, const struct prec *p, uint32_t a, uint32_t b) {
  uint32_t r = op2(e, SpvOpFMul, p->f, a, b);
  spv_decorate(&e->b, r, SpvDecorationNoContraction, NULL, 0);
  return r;
}

/* u * 2^k for a constant k (64 or 128, or their negatives), rounded by ROUND (0 nearest
 * even, 1 toward +inf, 2 toward -inf, 3 toward zero): exact but for an overflow (inf, or
 * the largest finite value when the direction points toward zero on its side) and a
 * denormal result of scaling down (the integer of units of the smallest denormal rounded
 * in the direction: RoundEven, or Ceil away from zero, Trunc toward it) */
static uint32_t scale(struct emit *e, const struct prec *p, uint32_t u, int k, unsigned round) {
  uint32_t u32 = e->t_u32;
  uint32_t sign = iop(e, p, SpvOpBitwiseAnd, u, ci(e, p, sign_of(p)));
  uint32_t neg = cmp(e, SpvOpINotEqual, sign, ci(e, p, 0));
  /* the direction points away from zero on u's side */
  uint32_t away = round == 1 ? not_(e, neg) : round == 2 ? neg : spv_const_bool(&e->b, false);
  uint32_t ex = expo(e, p, u);
  uint32_t frac = iop(e, p, SpvOpBitwiseAnd, u, ci(e, p, (1ull << p->mb) - 1));
  uint32_t r;
  if (k > 0) {
    /* a denormal: frac 2^(1 - bias - mb + k), exact and normal */
    uint32_t den = fmul_exact(e, p, op1(e, SpvOpConvertUToF, p->f, frac),
                              pow2(e, p, 1 - (int)p->bias - (int)p->mb + k));
    den = iop(e, p, SpvOpBitwiseOr, op1(e, SpvOpBitcast, p->t, den), sign);
    uint32_t over = cmp(e, SpvOpUGreaterThanEqual, op2(e, SpvOpIAdd, u32, ex, cu32(e, (uint32_t)k)),
                        cu32(e, p->emax));
    uint32_t inf = iop(e, p, SpvOpBitwiseOr, sign, ci(e, p, (uint64_t)p->emax << p->mb));
    if (round) /* the largest finite value unless rounding away from zero */
      inf = sel(e, p->t, away, inf, iop(e, p, SpvOpISub, inf, ci(e, p, 1)));
    uint32_t moved = iop(e, p, SpvOpIAdd, u, ci(e, p, (uint64_t)k << p->mb));
    r = sel(e, p->t, over, inf, moved);
    r = sel(e, p->t, cmp(e, SpvOpIEqual, ex, cu32(e, 0)), den, r);
  } else {
    unsigned kk = (unsigned)-k;
    /* ex <= kk: the result is denormal, RoundEven(M 2^(max(ex,1) - kk - 1)) smallest
     * denormals, M the significand with its implicit bit */
    uint32_t norm = cmp(e, SpvOpUGreaterThan, ex, cu32(e, 0));
    uint32_t M =
        iop(e, p, SpvOpBitwiseOr, frac, sel(e, p->t, norm, ci(e, p, 1ull << p->mb), ci(e, p, 0)));
    uint32_t ex1 = sel(e, u32, norm, ex, cu32(e, 1));
    /* 2^(ex1 - kk - 1) from its exponent field: ex1 - kk - 1 + bias */
    uint32_t fld =
        op2(e, SpvOpISub, u32, op2(e, SpvOpIAdd, u32, ex1, cu32(e, p->bias)), cu32(e, kk + 1));
    uint32_t fldt = p->d ? op1(e, SpvOpUConvert, p->t, fld) : fld;
    uint32_t two =
        op1(e, SpvOpBitcast, p->f, iop(e, p, SpvOpShiftLeftLogical, fldt, ci(e, p, p->mb)));
    uint32_t y = fmul_exact(e, p, op1(e, SpvOpConvertUToF, p->f, M), two);
    uint32_t n = glsl(e, p->f, GLSLstd450RoundEven, y, 0, 1);
    if (round)
      n = sel(e, p->f, away, glsl(e, p->f, GLSLstd450Ceil, y, 0, 1),
              glsl(e, p->f, GLSLstd450Trunc, y, 0, 1));
    n = op1(e, SpvOpConvertFToU, p->t, n);
    uint32_t tiny = iop(e, p, SpvOpBitwiseOr, n, sign);
    uint32_t moved = iop(e, p, SpvOpISub, u, ci(e, p, (uint64_t)kk << p->mb));
    r = sel(e, p->t, cmp(e, SpvOpUGreaterThan, ex, cu32(e, kk)), moved, tiny);
  }
  r = sel(e, p->t, is_zero(e, p, u), u, r);
  uint32_t special = cmp(e, SpvOpIEqual, ex, cu32(e, p->emax));
  return sel(e, p->t, special, sel(e, p->t, is_nan(e, p, u), quiet(e, p, u), u), r);
}

/* |u| = M 2^E, M with p bits and its top bit set (u finite and not zero) */
static void parts(struct emit *e, const struct prec *p, uint32_t u, uint32_t *M, uint32_t *E) {
  if (p->d) {
    spirv_exact_f64_parts(e, u, M, E);
    return;
  }
  uint32_t u32 = e->t_u32, bl = e->t_bool;
  uint32_t ex = expo(e, p, u), frac = op2(e, SpvOpBitwiseAnd, u32, u, cu32(e, 0x7fffff));
  uint32_t den = op2(e, SpvOpIEqual, bl, ex, cu32(e, 0));
  uint32_t fr = sel(e, u32, op2(e, SpvOpIEqual, bl, frac, cu32(e, 0)), cu32(e, 1), frac);
  uint32_t sh = op2(e, SpvOpISub, u32, cu32(e, 23), glsl(e, u32, GLSL_FIND_UMSB, fr, 0, 1));
  *M = sel(e, u32, den, op2(e, SpvOpShiftLeftLogical, u32, fr, sh),
           op2(e, SpvOpBitwiseOr, u32, frac, cu32(e, 0x800000)));
  *E = sel(e, u32, den, op2(e, SpvOpISub, u32, cu32(e, (uint32_t)-149), sh),
           op2(e, SpvOpISub, u32, ex, cu32(e, 150)));
}

/* N / D rounded to nearest even in the precision is a denormal (see the head comment) */
static uint32_t quotient_denormal(struct emit *e, const struct prec *p, uint32_t un, uint32_t ud) {
  uint32_t u32 = e->t_u32, Mn, En, Md, Ed;
  parts(e, p, un, &Mn, &En);
  parts(e, p, ud, &Md, &Ed);
  uint32_t F = op2(e, SpvOpIAdd, u32, op2(e, SpvOpISub, u32, En, Ed), cu32(e, p->d ? 1075 : 150));
  uint32_t Fis[4];
  for (unsigned i = 0; i < 4; i++) {
    static const int at[4] = {0, 1, -1, 0};
    int v = i < 2 ? at[i] : (int)p->p + (i == 2 ? -1 : 0);
    Fis[i] = cmp(e, SpvOpIEqual, F, cu32(e, (uint32_t)v));
  }
  /* above 2^-B: F >= 2, or F == 1 and 2 Mn > Md, or F == 0 and Mn > Md */
  uint32_t two_mn = iop(e, p, SpvOpShiftLeftLogical, Mn, ci(e, p, 1));
  uint32_t above = or_(e, cmp(e, SpvOpSGreaterThanEqual, F, cu32(e, 2)),
                       or_(e, and_(e, Fis[1], cmp(e, SpvOpUGreaterThan, two_mn, Md)),
                           and_(e, Fis[0], cmp(e, SpvOpUGreaterThan, Mn, Md))));
  /* below (2^p - 1) 2^-B: F <= p - 2, or F == p - 1 and 2 Md >= Mn + 2, or F == p and Md > Mn */
  uint32_t two_md = iop(e, p, SpvOpShiftLeftLogical, Md, ci(e, p, 1));
  uint32_t below =
      or_(e, cmp(e, SpvOpSLessThanEqual, F, cu32(e, p->p - 2)),
          or_(e,
              and_(e, Fis[2],
                   cmp(e, SpvOpUGreaterThanEqual, two_md, iop(e, p, SpvOpIAdd, Mn, ci(e, p, 2)))),
              and_(e, Fis[3], cmp(e, SpvOpUGreaterThan, Md, Mn))));
  uint32_t ok = and_(e, and_(e, finite(e, p, un), finite(e, p, ud)),
                     not_(e, or_(e, is_zero(e, p, un), is_zero(e, p, ud))));
  return and_(e, ok, and_(e, above, below));
}

/* 1/D in f64 is denormal: 2^1022 < |D| < inf (never for f32) */
static uint32_t recip_denormal(struct emit *e, const struct prec *p, uint32_t ud) {
  if (!p->d) return spv_const_bool(&e->b, false);
  uint32_t m = mag(e, p, ud);
  return and_(e, cmp(e, SpvOpUGreaterThan, m, cu64(e, 0x7fd0000000000000ull)),
              cmp(e, SpvOpULessThan, m, cu64(e, 0x7ff0000000000000ull)));
}

struct cases {
  uint32_t c1, c2, c3, c4, c5, c6;
};

static struct cases cases_of(struct emit *e, const struct prec *p, uint32_t ud, uint32_t un) {
  struct cases c;
  uint32_t ed = expo(e, p, ud), en = expo(e, p, un);
  c.c1 = or_(e, is_zero(e, p, un), is_zero(e, p, ud));
  c.c2 =
      cmp(e, SpvOpSGreaterThanEqual, op2(e, SpvOpISub, e->t_u32, en, ed), cu32(e, p->d ? 768 : 96));
  c.c3 = cmp(e, SpvOpIEqual, ed, cu32(e, 0));
  c.c4 = recip_denormal(e, p, ud);
  c.c5 = quotient_denormal(e, p, un, ud);
  c.c6 = cmp(e, SpvOpULessThanEqual, en, cu32(e, p->d ? 53 : 23));
  return c;
}

static uint32_t flag_of(struct emit *e, const struct cases *c) {
  return and_(e, not_(e, c->c1), or_(e, c->c2, and_(e, not_(e, c->c3), c->c5)));
}

static uint32_t scale_of(struct emit *e, const struct prec *p, uint32_t s0, uint32_t ud,
                         uint32_t un, const struct cases *c, unsigned round) {
  int k = p->d ? 128 : 64;
  uint32_t up = scale(e, p, s0, k, round);
  uint32_t down = p->d ? scale(e, p, s0, -k, round) : s0;
  uint32_t by_d = sel(e, p->t, feq(e, p, s0, ud), up, s0);
  uint32_t by_n = sel(e, p->t, feq(e, p, s0, un), up, s0);
  uint32_t nan = ci(e, p, p->d ? 0x7ff8000000000000ull : 0x7fc00000u);
  uint32_t r = sel(e, p->t, c->c6, up, s0);
  r = sel(e, p->t, c->c5, by_n, r);
  r = sel(e, p->t, c->c4, down, r);
  r = sel(e, p->t, and_(e, c->c4, c->c5), by_d, r);
  r = sel(e, p->t, c->c3, up, r);
  r = sel(e, p->t, c->c2, by_d, r);
  return sel(e, p->t, c->c1, nan, r);
}

bool spirv_div_supports(enum ir_op op) {
  return op == IR_OP_fdiv_scale || op == IR_OP_fdiv_scale_flag || op == IR_OP_ddiv_scale ||
         op == IR_OP_ddiv_scale_flag;
}

bool spirv_emit_div(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_inst *in = &e->fn->insts[id];
  if (!spirv_div_supports((enum ir_op)in->op)) return false;
  bool d = in->op == IR_OP_ddiv_scale || in->op == IR_OP_ddiv_scale_flag;
  bool flag = in->op == IR_OP_fdiv_scale_flag || in->op == IR_OP_ddiv_scale_flag;
  struct prec p = {.d = d,
                   .t = d ? e->t_u64 : e->t_u32,
                   .f = d ? spv_type_float(&e->b, 64) : e->t_f32,
                   .mb = d ? 52 : 23,
                   .p = d ? 53 : 24,
                   .bias = d ? 1023 : 127,
                   .emax = d ? 0x7ff : 0xff};
  e->float_used = true;
  if (d) e->float64_used = true;
  /* the flag forms take (D, N); the value forms (S0, D, N) */
  uint32_t s0 = flag ? 0 : op1(e, SpvOpBitcast, p.t, a[0]);
  uint32_t ud = op1(e, SpvOpBitcast, p.t, a[flag ? 0 : 1]);
  uint32_t un = op1(e, SpvOpBitcast, p.t, a[flag ? 1 : 2]);
  struct cases c = cases_of(e, &p, ud, un);
  uint32_t v;
  if (flag) {
    v = flag_of(e, &c);
    def(e, SpvOpCopyObject, e->t_bool, e->val[id], &v, 1);
  } else {
    /* the round field of the precision: f32 MODE 1:0, f64 MODE 3:2 (ir_mode.c) */
    unsigned mode = IR_MODE_VALUE(e->modes[id]), round = d ? (mode >> 2) & 3 : mode & 3;
    v = op1(e, SpvOpBitcast, p.f, scale_of(e, &p, s0, ud, un, &c, round));
    def(e, SpvOpCopyObject, p.f, e->val[id], &v, 1);
  }
  return true;
}
