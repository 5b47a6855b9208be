/* The directed f32 round modes (docs/shader-float.md, "Float modes"): COMPUTE_PGM_RSRC1
 * FLOAT_MODE with the f32 round field (bits 1:0) toward +inf (0xf1), toward -inf (0xf2) and
 * toward zero (0xf3), and one with the f32 denormals flushed as well (0xc2). GFX10 kernels
 * (llvm-mc-19 at test time) of v_add_f32, v_sub_f32, v_mul_f32, v_fma_f32, v_ldexp_f32,
 * v_cvt_f32_u32, v_cvt_f32_i32, v_rcp_f32 (correctly rounded, as the IR defines it) and
 * v_sqrt_f32 over 64 lanes of operands: denormals of both signs, tiny
 * normals whose products underflow, signed zeros, exact cancellations (x - x: the sign of a
 * zero sum depends on the mode), the largest finite values (overflow: inf or the largest
 * finite value by the direction), infinities, NaNs, integers beyond 2^24, ordinary values.
 * The interpreter and the device (lavapipe, whose Vulkan driver offers no directed rounding)
 * must both give the value computed here in C with the host's IEEE arithmetic under
 * fesetround (the operation itself, then the mode's flushes), with the NaN rule (the first
 * NaN operand quieted, an invalid operation 0x7fc00000); the windows must be equal byte for
 * byte and every module passes spirv-val. */
#include "xl_test_harness.h"

#include <fenv.h>
#include <math.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "vk_test_device.h"

#include "float_wave.h"

#pragma STDC FENV_ACCESS ON

static vk_device *dev;
static unsigned kernels_passed;

static uint32_t rng = 0x12345679u;
static uint32_t rnd(void) { return xorshift32(&rng); }
static bool isnan_bits(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }

enum op { ADD, SUB, MUL, FMA, LDEXP, CVT_U, CVT_I, RCP, SQRT };

/* the mode's operation in C: flushed operands (mode 5:4), the IEEE operation under the
 * rounding direction, the NaN rule, the flushed result */
static uint32_t ref(enum op op, uint32_t mode, uint32_t a, uint32_t b, uint32_t c) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  unsigned den = (mode >> 4) & 3;
  bool fin = den == 0 || den == 2, fout = den == 0 || den == 1;
  if (op != CVT_U && op != CVT_I) {
    if (fin) a = flush(a), b = op == LDEXP ? b : flush(b), c = flush(c);
    unsigned n = op == FMA ? 3 : op == LDEXP || op == RCP || op == SQRT ? 1 : 2;
    const uint32_t ops[3] = {a, b, c};
    for (unsigned i = 0; i < n; i++)
      if (isnan_bits(ops[i])) return ops[i] | 0x400000u;
  }
  volatile float x = flt(a), y = flt(b), z = flt(c), r;
  fesetround(dirs[mode & 3]);
  switch (op) {
    case ADD: r = x + y; break;
    case SUB: r = x - y; break;
    case MUL: r = x * y; break;
    case FMA: r = fmaf(x, y, z); break;
    case LDEXP: r = ldexpf(x, (int32_t)b); break;
    case CVT_U: r = (float)a; break;
    case RCP: r = 1.0f / x; break;
    case SQRT: r = sqrtf(x); break;
    default: r = (float)(int32_t)a; break;
  }
  fesetround(FE_TONEAREST);
  uint32_t u = bits(r);
  if (isnan_bits(u)) u = 0x7fc00000u;
  return fout ? flush(u) : u;
}

static uint32_t operand(unsigned kind) {
  uint32_t r = rnd();
  switch (kind % 7) {
    case 0: return r & 0x807fffffu;                                   /* denormal or zero */
    case 1: return (r & 0x807fffffu) | (1u + (r >> 28 & 3)) << 23;    /* 2^-126 .. 2^-123 */
    case 2: return (r & 0x807fffffu) | (100u + (r >> 26 & 63)) << 23; /* 2^-27 .. 2^36 */
    case 3: return r & 0x80000000u;                                   /* signed zero */
    case 4: return (r & 0x807fffffu) | (250u + (r >> 28 & 3)) << 23;  /* near the top */
    default: return (r & 0x807fffffu) | (125u + (r >> 28 & 7)) << 23; /* 0.25 .. 32 */
  }
}

static void make_ops(uint32_t *o, enum op op) {
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned k = 0; k < 3; k++) o[k * LANES + l] = operand(l + 3 * k + l / 7);
  /* x - x and x + -x: an exact zero */
  o[0] = 0x3fc00000u, o[LANES] = op == SUB ? 0x3fc00000u : 0xbfc00000u, o[2 * LANES] = 0;
  o[1] = 0x7f7fffffu, o[LANES + 1] = 0x7f7fffffu, o[2 * LANES + 1] = 0x7f7fffffu; /* overflow */
  o[2] = 0xff7fffffu, o[LANES + 2] = 0x7f7fffffu, o[2 * LANES + 2] = 0xff7fffffu;
  o[3] = 0x00000001u, o[LANES + 3] = 0x3f000000u, o[2 * LANES + 3] = 0x80000001u; /* 2^-150 */
  o[4] = 0x7f800000u, o[LANES + 4] = 0xff800000u, o[2 * LANES + 4] = 0;           /* inf - inf */
  o[5] = 0x7fc00001u, o[LANES + 5] = 0x3f800000u, o[2 * LANES + 5] = 0xff800001u; /* NaNs */
  o[6] = 0x3f800000u, o[LANES + 6] = 0x33800000u, o[2 * LANES + 6] = 0xb3800000u; /* 1 + 2^-24 */
  o[7] = 0x80000000u, o[LANES + 7] = 0x00000000u, o[2 * LANES + 7] = 0x80000000u; /* -0, +0 */
  o[8] = 0x80000000u, o[LANES + 8] = 0x80000000u, o[2 * LANES + 8] = 0x00000000u;
  if (op == LDEXP) {
    for (unsigned l = 0; l < LANES; l++) o[LANES + l] = (uint32_t)((int32_t)(rnd() % 301) - 150);
    /* overflows of both signs: every directed mode differs from nearest even on one of
     * them, with f32 denormals flushed too (the random lanes may not: seed 14) */
    o[20] = 0x7f000000u, o[LANES + 20] = 10, o[21] = 0xff000000u, o[LANES + 21] = 10;
  }
  if (op == SQRT) /* mostly positive; a few negative ones (the default NaN) */
    for (unsigned l = 9; l < LANES; l++) o[l] &= l % 9 ? 0x7fffffffu : ~0u;
  if (op == RCP) { /* reciprocals of the smallest denormals overflow; of the largest values are
                      denormal */
    o[9] = 0x00000001u, o[10] = 0x80000003u, o[11] = 0x00200000u, o[12] = 0x00200001u;
    o[13] = 0x7f7fffffu, o[14] = 0xff000001u, o[15] = 0x7e800000u;
  }
  if (op == CVT_U || op == CVT_I)
    for (unsigned l = 0; l < LANES; l++)
      o[l] = l < 8 ? 0x01000001u + l * 0x1234567u : l < 16 ? 0u - l * 0x31u : rnd() >> (l % 32);
}

struct kernel {
  const char *name, *op;
  enum op kind;
};

static void run_kernel(const struct kernel *k, uint32_t mode) {
  char src[1024], name[96];
  snprintf(name, sizeof name, "%s, FLOAT_MODE 0x%02x", k->name, mode);
  snprintf(src, sizeof src,
           "v_lshlrev_b32 v9, 2, v0\n"
           "buffer_load_dword v1, v9, s[8:11], 0 offen\n"
           "buffer_load_dword v2, v9, s[8:11], 0 offen offset:256\n"
           "buffer_load_dword v3, v9, s[8:11], 0 offen offset:512\n"
           "s_waitcnt vmcnt(0)\n"
           "%s\n"
           "buffer_store_dword v4, v9, s[4:7], 0 offen\n"
           "s_endpgm\n",
           k->op);
  uint32_t ops[3 * LANES];
  make_ops(ops, k->kind);
  struct float_wave r = float_wave_run(dev, src, mode, name, ops, sizeof ops, LANES * 4, 3 * 256);
  unsigned bad = 0, directed = 0;
  for (uint32_t l = 0; l < LANES; l++) {
    uint32_t got, interp, want = ref(k->kind, mode, ops[l], ops[LANES + l], ops[2 * LANES + l]);
    directed += want != ref(k->kind, mode & ~3u, ops[l], ops[LANES + l], ops[2 * LANES + l]);
    memcpy(&got, r.device + (OUT - WINDOW) + 4 * l, 4);
    memcpy(&interp, r.interp + (OUT - WINDOW) + 4 * l, 4);
    if (got != want || interp != want) {
      fprintf(stderr,
              "%s: lane %u (0x%08x 0x%08x 0x%08x): device 0x%08x, interpreter 0x%08x, expected "
              "0x%08x\n",
              name, l, ops[l], ops[LANES + l], ops[2 * LANES + l], got, interp, want);
      bad++;
    }
  }
  printf("%s: %u of %u lanes differ from nearest even\n", name, directed, LANES);
  assert_true(directed > 0);
  assert_int_equal(bad, 0);
  float_wave_finish(&r);
  kernels_passed++;
}

static void directed_modes_match_c(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const struct kernel ks[] = {
      {"v_add_f32", "v_add_f32 v4, v1, v2", ADD},
      {"v_sub_f32", "v_sub_f32 v4, v1, v2", SUB},
      {"v_mul_f32", "v_mul_f32 v4, v1, v2", MUL},
      {"v_fma_f32", "v_fma_f32 v4, v1, v2, v3", FMA},
      {"v_ldexp_f32", "v_ldexp_f32 v4, v1, v2", LDEXP},
      {"v_cvt_f32_u32", "v_cvt_f32_u32 v4, v1", CVT_U},
      {"v_cvt_f32_i32", "v_cvt_f32_i32 v4, v1", CVT_I},
      {"v_rcp_f32", "v_rcp_f32 v4, v1", RCP},
      {"v_sqrt_f32", "v_sqrt_f32 v4, v1", SQRT},
  };
  static const uint32_t modes[] = {0xf1, 0xf2, 0xf3, 0xc2};
  for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) run_kernel(&ks[i], modes[m]);
}

int main(void) {
  rng = (uint32_t)float_test_seed(rng);
  if (!rng) rng = 1; /* a 32-bit generator: the seed's low half */
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(directed_modes_match_c)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_round: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return !dev && r == 0 ? 77 : r;
}
