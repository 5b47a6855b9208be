/* v_fma_f64 (docs/shader-float.md, dfma): a * b + c rounded once in f64. GFX10 kernels
 * (llvm-mc-19 at test time) over 64 lanes of operands — the special values (signed zeros,
 * denormals, infinities, quiet and signalling NaNs), exact products cancelled by their
 * rounded value (the whole 106-bit product shows), ties, cancellations, gradual underflow,
 * overflow, random operands of near and far exponents — run in the IR interpreter and on
 * the Vulkan device (lavapipe in CI); both must give the value computed here with C's fma
 * (IEEE 754 fusedMultiplyAdd) under the NaN rule of docs/shader-float.md (the first NaN
 * operand quieted, an invalid operation the default NaN), and the guest windows must be
 * equal byte for byte. Every module passes spirv-val. Also with the VOP3 neg/abs modifiers,
 * applied in C as IEEE negate and abs. */
#include "xl_test_harness.h"

#include <math.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "vk_test_device.h"

#include "float_wave.h"

static vk_device *dev;
static unsigned kernels_passed;

/* operand k of lane L at IN + 512 k + 8 L */
#define SIGN (1ull << 63)

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) { return xorshift64(&rng); }
static uint64_t u64_of(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
static bool isnan64(uint64_t u) { return (u & ~SIGN) > 0x7ff0000000000000ull; }

/* the rule: NaN operands first (in order, quieted), else C's fma; an invalid one the default */
static uint64_t ref_fma64(uint64_t a, uint64_t b, uint64_t c) {
  if (isnan64(a)) return a | 1ull << 51;
  if (isnan64(b)) return b | 1ull << 51;
  if (isnan64(c)) return c | 1ull << 51;
  double r = fma(dbl(a), dbl(b), dbl(c));
  return isnan(r) ? 0x7ff8000000000000ull : u64_of(r);
}

/* a random finite double with its exponent field in [lo, hi] */
static uint64_t rnd_exp(unsigned lo, unsigned hi) {
  uint64_t r = rnd();
  return (r & (SIGN | 0x000fffffffffffffull)) | (uint64_t)(lo + rnd() % (hi - lo + 1)) << 52;
}

static void make_ops(uint64_t *a, uint64_t *b, uint64_t *c) {
  static const uint64_t sp[] = {0,
                                SIGN,
                                1,
                                0x800fffffffffffffull,
                                0x0010000000000000ull,
                                0x3ff0000000000000ull,
                                0xbff0000000000001ull,
                                0x7fefffffffffffffull,
                                0x7ff0000000000000ull,
                                0xfff0000000000000ull,
                                0x7ff8000000000000ull,
                                0x7ff0000000000001ull};
  const unsigned n = sizeof sp / sizeof sp[0];
  for (unsigned l = 0; l < LANES; l++) {
    if (l < 24) { /* specials against each other */
      a[l] = sp[l % n], b[l] = sp[(l * 5 + 1) % n], c[l] = sp[(l * 7 + 3) % n];
    } else if (l < 32) { /* c = -RN(a b): the result is the product's exact rounding error */
      a[l] = rnd_exp(900, 1100), b[l] = rnd_exp(900, 1100);
      c[l] = u64_of(-(dbl(a[l]) * dbl(b[l])));
    } else if (l < 38) { /* near and far exponents, cancellation and absorption */
      a[l] = rnd_exp(1000, 1046), b[l] = rnd_exp(1000, 1046), c[l] = rnd_exp(1000, 1046);
    } else if (l < 44) { /* products in and below the denormal range, denormal addends */
      a[l] = rnd_exp(400, 560), b[l] = rnd_exp(400, 560), c[l] = rnd() & 0x800fffffffffffffull;
    } else if (l < 48) { /* denormal factors */
      a[l] = rnd() & 0x800fffffffffffffull, b[l] = rnd_exp(1023, 1100), c[l] = rnd_exp(0, 60);
    } else if (l < 52) { /* the overflow edge */
      a[l] = rnd_exp(1530, 1540), b[l] = rnd_exp(1530, 1540), c[l] = rnd_exp(2040, 2046);
    } else { /* anything finite */
      a[l] = rnd_exp(1, 2046), b[l] = rnd_exp(1, 2046), c[l] = rnd_exp(0, 2046);
    }
  }
  /* ties and exact cancellations */
  a[52] = 0x3ff0000000000001ull, b[52] = 0x3ff0000000000001ull, c[52] = 0xbff0000000000000ull;
  a[53] = 0x3ff0000000000001ull, b[53] = 0x3fefffffffffffffull, c[53] = 0xbff0000000000000ull;
  a[54] = 0x4000000000000000ull, b[54] = 0x3ff8000000000000ull, c[54] = 0xc008000000000000ull;
  a[55] = 0x3ff0000000000000ull, b[55] = 0x3ca0000000000000ull, c[55] = 0x3ff0000000000000ull;
  a[56] = 0x3ff0000000000000ull, b[56] = 0x3ca0000000000000ull, c[56] = 0x3ff0000000000001ull;
  a[57] = 0x0010000000000000ull, b[57] = 0x3fe0000000000000ull, c[57] = 0x8000000000000001ull;
  a[58] = 0x0000000000000003ull, b[58] = 0x3fe0000000000000ull, c[58] = 0;
  a[59] = 0x7fefffffffffffffull, b[59] = 0x3ff0000000000000ull, c[59] = 0x7ca0000000000000ull;
  a[60] = 0x7fefffffffffffffull, b[60] = 0x3ff0000000000000ull, c[60] = 0x7c9fffffffffffffull;
  a[61] = SIGN, b[61] = 0x3ff0000000000000ull, c[61] = SIGN;
  a[62] = 0x7ff0000000000000ull, b[62] = 0x3ff0000000000000ull, c[62] = 0xfff0000000000000ull;
  a[63] = 0x0000000000000001ull, b[63] = 0x0000000000000001ull, c[63] = SIGN;
}

struct kernel {
  const char *name, *op;
  bool neg_a, abs_b, neg_c;
};

static void run_kernel(const struct kernel *k) {
  char src[1024];
  snprintf(src, sizeof src,
           "v_lshlrev_b32 v9, 3, v0\n"
           "buffer_load_dwordx2 v[10:11], v9, s[8:11], 0 offen\n"
           "buffer_load_dwordx2 v[12:13], v9, s[8:11], 0 offen offset:512\n"
           "buffer_load_dwordx2 v[14:15], v9, s[8:11], 0 offen offset:1024\n"
           "s_waitcnt vmcnt(0)\n"
           "%s\n"
           "buffer_store_dwordx2 v[4:5], v9, s[4:7], 0 offen\n"
           "s_endpgm\n",
           k->op);
  uint64_t ops[3 * LANES], *a = ops, *b = ops + LANES, *c = ops + 2 * LANES;
  make_ops(a, b, c); /* operand k at IN + 512 k */
  struct float_wave r =
      float_wave_run(dev, src, 0xf0, k->name, ops, sizeof ops, LANES * 8, 3 * 512);
  const uint8_t *gmem = r.device, *imem = r.interp;
  unsigned bad = 0;
  for (uint32_t l = 0; l < LANES; l++) {
    uint64_t x = k->neg_a ? a[l] ^ SIGN : a[l], y = k->abs_b ? b[l] & ~SIGN : b[l],
             z = k->neg_c ? c[l] ^ SIGN : c[l];
    uint64_t want = ref_fma64(x, y, z), got, interp;
    memcpy(&got, gmem + (OUT - WINDOW) + 8 * l, 8);
    memcpy(&interp, imem + (OUT - WINDOW) + 8 * l, 8);
    if (got != want || interp != want) {
      fprintf(stderr,
              "%s: lane %u (%016llx %016llx %016llx): device %016llx, interpreter %016llx, "
              "expected %016llx\n",
              k->name, l, (unsigned long long)x, (unsigned long long)y, (unsigned long long)z,
              (unsigned long long)got, (unsigned long long)interp, (unsigned long long)want);
      bad++;
    }
  }
  assert_int_equal(bad, 0);
  float_wave_finish(&r);
  kernels_passed++;
}

static void fma64_matches_c(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const struct kernel ks[] = {
      {"v_fma_f64", "v_fma_f64 v[4:5], v[10:11], v[12:13], v[14:15]", false, false, false},
      {"v_fma_f64 (modifiers)", "v_fma_f64 v[4:5], -v[10:11], |v[12:13]|, -v[14:15]", true, true,
       true},
  };
  /* four sets of random operands (PROSPERO_FMA64_SETS: more) */
  const char *env = getenv("PROSPERO_FMA64_SETS");
  unsigned sets = env && atoi(env) > 0 ? (unsigned)atoi(env) : 4;
  for (unsigned r = 0; r < sets; r++)
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) run_kernel(&ks[i]);
}

/* The reference itself against hand-computed values (exact by construction). */
static void reference_examples(void **state) {
  (void)state;
  /* (1 + 2^-52)^2 - 1 = 2^-51 + 2^-104 exactly */
  assert_true(ref_fma64(0x3ff0000000000001ull, 0x3ff0000000000001ull, 0xbff0000000000000ull) ==
              u64_of(0x1p-51 + 0x1p-104));
  /* 1 + 2^-53 (a tie) rounds to even 1.0; 1 + 2^-53 + 2^-105 rounds up */
  assert_true(ref_fma64(0x3ff0000000000000ull, u64_of(0x1p-53), 0x3ff0000000000000ull) ==
              0x3ff0000000000000ull);
  assert_true(ref_fma64(u64_of(1 + 0x1p-52), u64_of(0x1p-53), 0x3ff0000000000000ull) ==
              0x3ff0000000000001ull);
  assert_true(ref_fma64(0x7ff0000000000000ull, 0, 0x7ff0000000000001ull) == 0x7ff8000000000001ull);
  assert_true(ref_fma64(0x7ff0000000000000ull, 0, 0) == 0x7ff8000000000000ull);
  assert_true(ref_fma64(SIGN, 0x3ff0000000000000ull, SIGN) == SIGN);
  assert_true(ref_fma64(0x7ff0000000000001ull, 0x7ff4000000000000ull, 0) == 0x7ff8000000000001ull);
}

int main(void) {
  rng = (uint64_t)float_test_seed(rng);
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(reference_examples),
                                     cmocka_unit_test(fma64_matches_c)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_fma64: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return !dev && r == 0 ? 77 : r;
}
