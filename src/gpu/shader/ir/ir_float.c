/* Float operations with a result prospero defines (ir_float.h, docs/shader-float.md). */
#include "gpu/shader/ir/ir_float.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "gpu/shader/ir/ir_interp_buffer.h"

#pragma STDC FP_CONTRACT OFF

#define QNAN32 0x7fc00000u
#define QNAN16 0x7e00u

static float f_of(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint32_t u_of(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static bool nan32(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }
static bool nan16(uint16_t u) { return (u & 0x7fffu) > 0x7c00u; }

uint32_t ir_float_fma32(uint32_t a, uint32_t b, uint32_t c) {
  const uint32_t ops[3] = {a, b, c};
  for (int i = 0; i < 3; i++)
    if (nan32(ops[i])) return ops[i] | 0x400000u;
  float r = fmaf(f_of(a), f_of(b), f_of(c));
  return isnan(r) ? QNAN32 : u_of(r);
}

uint64_t ir_float_fma64(uint64_t a, uint64_t b, uint64_t c) {
  const uint64_t ops[3] = {a, b, c};
  for (int i = 0; i < 3; i++)
    if ((ops[i] & ~(1ull << 63)) > 0x7ff0000000000000ull) return ops[i] | (1ull << 51);
  double x, y, z, r;
  memcpy(&x, &a, 8);
  memcpy(&y, &b, 8);
  memcpy(&z, &c, 8);
  r = fma(x, y, z);
  uint64_t u;
  memcpy(&u, &r, 8);
  return isnan(r) ? 0x7ff8000000000000ull : u;
}

uint16_t ir_float_fma16(uint16_t a, uint16_t b, uint16_t c) {
  const uint16_t ops[3] = {a, b, c};
  for (int i = 0; i < 3; i++)
    if (nan16(ops[i])) return ops[i] | 0x200u;
  /* the product of two halves is exact in double and so is its sum with a half whenever
   * the result is finite in f16 (40 bits at most), so one rounding to f16 remains */
  double r = fma(ir_small_float_value(a, 10, true), ir_small_float_value(b, 10, true),
                 ir_small_float_value(c, 10, true));
  return isnan(r) ? QNAN16 : (uint16_t)ir_small_float_bits(r, 10, true, false);
}

/* The sign of x * m^2 - 1, exactly (x: an f32 value, m: a value of at most 25 significant
 * bits, so m^2 has at most 50): m^2 = hi + lo with hi its top 26 bits (the low 27 bits of the
 * f64 fraction cleared); x * hi and x * lo are exact (<= 50 and 48 bits), x * hi - 1 is exact
 * (Sterbenz: x * m^2 is close to 1), and the rounded sum has the exact sum's sign. */
static int rsq_side(double x, double m) {
  double m2 = m * m, hi, lo;
  uint64_t bits;
  memcpy(&bits, &m2, 8);
  bits &= ~((1ull << 27) - 1);
  memcpy(&hi, &bits, 8);
  lo = m2 - hi;
  double s = (x * hi - 1.0) + x * lo;
  return s > 0 ? 1 : s < 0 ? -1 : 0;
}

uint32_t ir_float_rsq32(uint32_t a) {
  if (nan32(a)) return a | 0x400000u;
  if ((a & 0x7fffffffu) == 0) return a ? 0xff800000u : 0x7f800000u;
  if (a >> 31) return QNAN32;
  if (a == 0x7f800000u) return 0;
  double x = f_of(a);
  uint32_t r = u_of((float)(1.0 / sqrt(x))); /* within one step of the rounded value */
  double rv = f_of(r), up = f_of(r + 1), dn = f_of(r - 1);
  if (rsq_side(x, (rv + up) * 0.5) < 0) return r + 1; /* 1/sqrt(x) above the upper midpoint */
  if (rsq_side(x, (rv + dn) * 0.5) > 0) return r - 1; /* below the lower one */
  return r;                                           /* (no ties: see docs) */
}

uint32_t ir_float_rsq32_round(uint32_t a, unsigned round) {
  uint32_t r = ir_float_rsq32(a);
  if (!(round & 3) || (a >> 31) || a == 0 || a >= 0x7f800000u) return r; /* specials */
  int side = rsq_side(f_of(a), f_of(r));                                 /* the sign of a r^2 - 1 */
  if ((round & 3) == 1 && side < 0) return r + 1;
  if ((round & 3) != 1 && side > 0) return r - 1;
  return r;
}

uint32_t ir_float_sqrt32(uint32_t a) {
  if (nan32(a)) return a | 0x400000u;
  if (a > 0x80000000u) return QNAN32;
  return u_of(sqrtf(f_of(a)));
}

uint64_t ir_float_sqrt64(uint64_t a) {
  if ((a & ~(1ull << 63)) > 0x7ff0000000000000ull) return a | 1ull << 51;
  if (a > 1ull << 63) return 0x7ff8000000000000ull;
  double x;
  memcpy(&x, &a, 8);
  x = sqrt(x);
  memcpy(&a, &x, 8);
  return a;
}

uint32_t ir_float_fract32(uint32_t a) {
  if (nan32(a)) return a | 0x400000u;
  if ((a & 0x7fffffffu) == 0x7f800000u) return QNAN32;
  float x = f_of(a), r = x - floorf(x);
  return r >= 1.0f ? 0x3f7fffffu : u_of(r);
}

/* The sign of a * mid^2 - 1 for f64 values, exactly, with integers: a = A 2^ea (A < 2^53),
 * mid = M 2^em (M < 2^55), A M^2 < 2^163 in three 64-bit limbs against 2^-(ea + 2 em). */
static int rsq64_side(uint64_t a, uint64_t M, int em) {
  uint64_t ex = a >> 52 & 0x7ff, A = a & ((1ull << 52) - 1);
  int ea = ex ? (int)ex - 1075 : -1074;
  if (ex) A |= 1ull << 52;
  unsigned __int128 t = (unsigned __int128)M * M; /* < 2^110 */
  unsigned __int128 lo = (unsigned __int128)(uint64_t)t * A;
  unsigned __int128 hi = (unsigned __int128)(uint64_t)(t >> 64) * A + (lo >> 64);
  uint64_t p[3] = {(uint64_t)lo, (uint64_t)hi, (uint64_t)(hi >> 64)}; /* A M^2 */
  int k = -(ea + 2 * em);                                             /* compare with 2^k */
  if (k < 0) return 1;
  if (k >= 192) return -1;
  uint64_t one[3] = {0, 0, 0};
  one[k / 64] = 1ull << (k % 64);
  for (int i = 2; i >= 0; i--)
    if (p[i] != one[i]) return p[i] > one[i] ? 1 : -1;
  return 0;
}
static void mid64(uint64_t r, uint64_t next, uint64_t *M, int *em) { /* (r + next) / 2 */
  int er = (int)(r >> 52) - 1075, en = (int)(next >> 52) - 1075;
  uint64_t R = (r & ((1ull << 52) - 1)) | 1ull << 52, N = (next & ((1ull << 52) - 1)) | 1ull << 52;
  int e = er < en ? er : en;
  uint64_t s = (R << (er - e)) + (N << (en - e)); /* < 2^55 */
  while (!(s & 1)) s >>= 1, e++;
  *M = s;
  *em = e - 1;
}

uint64_t ir_float_rsq64(uint64_t a) {
  if ((a & ~(1ull << 63)) > 0x7ff0000000000000ull) return a | 1ull << 51;
  if ((a & ~(1ull << 63)) == 0) return a ? 0xfff0000000000000ull : 0x7ff0000000000000ull;
  if (a >> 63) return 0x7ff8000000000000ull;
  if (a == 0x7ff0000000000000ull) return 0;
  double x;
  memcpy(&x, &a, 8);
  double r0 = 1.0 / sqrt(x); /* within one step; r is a normal number for every a */
  uint64_t r;
  memcpy(&r, &r0, 8);
  for (int guard = 0; guard < 4; guard++) {
    uint64_t M;
    int em;
    mid64(r, r + 1, &M, &em);
    if (rsq64_side(a, M, em) < 0) { /* 1/sqrt(a) above the upper midpoint */
      r++;
      continue;
    }
    mid64(r - 1, r, &M, &em);
    if (rsq64_side(a, M, em) > 0) {
      r--;
      continue;
    }
    break;
  }
  return r;
}

uint64_t ir_float_rsq64_round(uint64_t a, unsigned round) {
  uint64_t r = ir_float_rsq64(a);
  /* specials (NaN, zeros, infinities, negative a) and nearest even: as they are; the result
   * of a positive finite a is a positive normal number */
  if (!(round & 3) || (a >> 63) || (a & ~(1ull << 63)) == 0 || a >= 0x7ff0000000000000ull) return r;
  uint64_t C = (r & ((1ull << 52) - 1)) | 1ull << 52;
  int side = rsq64_side(a, C, (int)(r >> 52) - 1075); /* the sign of a r^2 - 1 */
  if ((round & 3) == 1 && side < 0) return r + 1;     /* 1/sqrt(a) above r */
  if ((round & 3) != 1 && side > 0) return r - 1;     /* below r */
  return r;
}

uint32_t ir_float_ldexp32(uint32_t a, int32_t n) {
  if (nan32(a)) return a | 0x400000u;
  if ((a & 0x7fffffffu) == 0 || (a & 0x7fffffffu) == 0x7f800000u) return a;
  /* past +-400 every f32 over- or underflows anyway; within, the product is an exact f64 */
  n = n > 400 ? 400 : n < -400 ? -400 : n;
  return u_of((float)ldexp((double)f_of(a), n));
}

/* ---- exp2, log2, sin, cos: one f64 algorithm, the same in SPIR-V ---------------------------
 * Only operations Vulkan rounds correctly (f64 add, subtract, multiply, exact conversions,
 * RoundEven) in a fixed order (no contraction: the pragma above), so the module's result is
 * these bits too. The tables are computed once, by the same host arithmetic, for both. */

static struct ir_float_tables tables;
static bool tables_ready;

const struct ir_float_tables *ir_float_tables(void) {
  if (__atomic_load_n(&tables_ready, __ATOMIC_ACQUIRE)) return &tables;
  struct ir_float_tables t;
  double f = 1.0;
  for (int k = 0; k < IR_FLOAT_EXP_TERMS; k++) { /* 1/k! */
    if (k) f = f / k;
    t.exp_coef[k] = f;
  }
  for (int k = 1; k <= IR_FLOAT_LOG_TERMS; k++) t.log_coef[k - 1] = (k & 1 ? 1.0 : -1.0) / k;
  f = 1.0;
  for (int k = 0; k < IR_FLOAT_TRIG_TERMS; k++) { /* (-1)^k / (2k+1)!, (-1)^k / (2k)! */
    t.cos_coef[k] = f;
    t.sin_coef[k] = f / (2 * k + 1);
    f = -f / ((2 * k + 1) * (2 * k + 2));
  }
  for (int j = 0; j < IR_FLOAT_LOG_TABLE; j++) {
    double c = 1.0 + (j - IR_FLOAT_LOG_LOW) / 32.0; /* the interval's centre */
    t.log_r[j] = nearbyint(128.0 / c) / 128.0;      /* 8 bits: m * r is exact */
    t.log_lnr[j] = log(t.log_r[j]);
  }
  tables = t;
  __atomic_store_n(&tables_ready, true, __ATOMIC_RELEASE);
  return &tables;
}

static double horner(const double *c, int n, double x) {
  double acc = c[n - 1];
  for (int k = n - 2; k >= 0; k--) acc = acc * x + c[k];
  return acc;
}
static double pow2(int n) { return ldexp(1.0, n); } /* on the bits in SPIR-V: exact */

double ir_float_exp2_core(double x) {
  const struct ir_float_tables *t = ir_float_tables();
  x = x < -151.0 ? -151.0 : x > 129.0 ? 129.0 : x;
  double n = nearbyint(x), f = x - n; /* exact */
  double p = horner(t->exp_coef, IR_FLOAT_EXP_TERMS, f * IR_FLOAT_LN2);
  return p * pow2((int)n);
}

double ir_float_log2_core(double x) { /* x positive, finite, normal */
  const struct ir_float_tables *t = ir_float_tables();
  uint64_t b;
  memcpy(&b, &x, 8);
  int e = (int)(b >> 52) - 1023;
  b = (b & ((1ull << 52) - 1)) | 1023ull << 52; /* m in [1, 2) */
  if (b & 1ull << 51) {                         /* m >= 1.5: m / 2, e + 1 */
    b -= 1ull << 52;
    e++;
  }
  double m;
  memcpy(&m, &b, 8);
  int j = (int)nearbyint((m - 1.0) * 32.0) + IR_FLOAT_LOG_LOW; /* 0 .. IR_FLOAT_LOG_TABLE-1 */
  double u = m * t->log_r[j] - 1.0;                            /* exact, |u| < 2^-5 */
  double y = u * horner(t->log_coef, IR_FLOAT_LOG_TERMS, u) - t->log_lnr[j];
  return (double)e + y * IR_FLOAT_INV_LN2;
}

/* sin (quarter 0) or cos (quarter 1) of 2 pi x, |x| <= 256: x - rint(x) and its quarter
 * turns are exact; then a polynomial in theta = f * pi/2, |theta| <= pi/4 */
double ir_float_turns_core(double x, int quarter) {
  const struct ir_float_tables *t = ir_float_tables();
  double r = x - nearbyint(x), q4 = 4.0 * r, q = nearbyint(q4), f = q4 - q;
  double th = f * IR_FLOAT_HALF_PI, th2 = th * th;
  int k = ((int)q + quarter) & 3;
  double v = k & 1 ? horner(t->cos_coef, IR_FLOAT_TRIG_TERMS, th2)
                   : th * horner(t->sin_coef, IR_FLOAT_TRIG_TERMS, th2);
  return k & 2 ? -v : v;
}

const struct ir_float_hard_case ir_float_hard_cases[] = {
    /* exp2: values on an f32 midpoint the exact value is just off */
    {IR_FLOAT_FN_EXP2, 1, 0x3b429d37u},
    {IR_FLOAT_FN_EXP2, -1, 0xb52d1f9au},
    {IR_FLOAT_FN_EXP2, 1, 0xbcf3a937u},
    /* sin(2 pi x) = +-0.3791... (0x1.843bb1p-2 is an f32 midpoint) */
    {IR_FLOAT_FN_SIN, -1, 0x3d7d7f58u},
    {IR_FLOAT_FN_SIN, 1, 0xbd7d7f58u},
    {IR_FLOAT_FN_SIN, -1, 0x3ee05015u},
    {IR_FLOAT_FN_SIN, 1, 0xbee05015u},
    {IR_FLOAT_FN_COS, -1, 0x3e40a02au},
    {IR_FLOAT_FN_COS, -1, 0xbe40a02au},
    {IR_FLOAT_FN_COS, 1, 0x3e9fafebu},
    {IR_FLOAT_FN_COS, 1, 0xbe9fafebu},
};
const unsigned ir_float_hard_case_count =
    sizeof ir_float_hard_cases / sizeof ir_float_hard_cases[0];

double ir_float_hard_fix(unsigned fn, uint32_t a, double y) {
  for (unsigned i = 0; i < ir_float_hard_case_count; i++)
    if (ir_float_hard_cases[i].fn == fn && ir_float_hard_cases[i].x == a)
      return nextafter(y, ir_float_hard_cases[i].dir > 0 ? INFINITY : -INFINITY);
  return y;
}

/* f64 -> f32 rounded once to nearest even, as the module narrows (gradual underflow) */
static uint32_t narrow32(double d) { return u_of((float)d); }

uint32_t ir_float_exp2_32(uint32_t a) {
  if (nan32(a)) return a | 0x400000u;
  return narrow32(ir_float_hard_fix(IR_FLOAT_FN_EXP2, a, ir_float_exp2_core((double)f_of(a))));
}

uint32_t ir_float_log2_32(uint32_t a) {
  if (nan32(a)) return a | 0x400000u;
  if ((a & 0x7fffffffu) == 0) return 0xff800000u;
  if (a >> 31) return QNAN32;
  if (a == 0x7f800000u) return a;
  return narrow32(ir_float_hard_fix(IR_FLOAT_FN_LOG2, a, ir_float_log2_core((double)f_of(a))));
}

/* sin/cos rules around the core: the +-256 range, NaN, and zero results (+0 but sin(+-0)) */
static uint32_t turns(uint32_t a, int quarter) {
  if (nan32(a)) return a | 0x400000u;
  if ((a & 0x7fffffffu) > 0x43800000u) return quarter ? 0x3f800000u : 0; /* |a| > 256, inf */
  uint32_t r = narrow32(ir_float_hard_fix(IR_FLOAT_FN_SIN + (unsigned)quarter, a,
                                          ir_float_turns_core((double)f_of(a), quarter)));
  if ((r & 0x7fffffffu) == 0) return quarter == 0 && (a & 0x7fffffffu) == 0 ? a : 0;
  return r;
}

uint32_t ir_float_sin32(uint32_t a) { return turns(a, 0); }
uint32_t ir_float_cos32(uint32_t a) { return turns(a, 1); }
