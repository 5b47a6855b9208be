/* The wave-start f32 denormal modes (docs/shader-float.md, "Float modes"): COMPUTE_PGM_RSRC1
 * FLOAT_MODE 0xc0 (f32 denormals flushed in and out: LLVM's compute default), 0xd0 (kept in,
 * flushed out) and 0xe0 (flushed in, kept out). GFX10 kernels (llvm-mc-19 at test time) of
 * v_add_f32, v_mul_f32, v_fma_f32, v_rcp_f32, v_sqrt_f32 and a compare over 64 lanes of
 * denormals of both signs, tiny normals whose sums and products fall into the denormal range,
 * zeros and ordinary values; the interpreter and the device (lavapipe) must both give the
 * value computed here in C from the ISA's MODE rule (a flushed operand or result is a zero of
 * its sign; the operation itself IEEE, nearest even: C's float arithmetic, fmaf, sqrtf), and
 * the guest windows must be equal byte for byte; every module passes spirv-val. */
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

/* operand k of lane L at IN + 256 k + 4 L */

static uint32_t rng = 2463534242u;
static uint32_t rnd(void) { return xorshift32(&rng); }

/* the mode's f32 field: 0 flush in and out, 1 keep in / flush out, 2 flush in / keep out */
static unsigned field;
static uint32_t in(uint32_t u) { return field == 0 || field == 2 ? flush(u) : u; }
static uint32_t out(uint32_t u) { return field == 0 || field == 1 ? flush(u) : u; }

static uint32_t ref_add(uint32_t a, uint32_t b, uint32_t c) {
  (void)c;
  return out(bits(flt(in(a)) + flt(in(b))));
}
static uint32_t ref_mul(uint32_t a, uint32_t b, uint32_t c) {
  (void)c;
  return out(bits(flt(in(a)) * flt(in(b))));
}
static uint32_t ref_fma(uint32_t a, uint32_t b, uint32_t c) {
  return out(bits(fmaf(flt(in(a)), flt(in(b)), flt(in(c)))));
}
static uint32_t ref_rcp(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return out(bits(1.0f / flt(in(a))));
}
static uint32_t ref_sqrt(uint32_t a, uint32_t b, uint32_t c) {
  (void)b, (void)c;
  return out(bits(sqrtf(flt(in(a & 0x7fffffffu)))));
}
static uint32_t ref_lt(uint32_t a, uint32_t b, uint32_t c) { /* a compare reads, never writes */
  (void)c;
  return flt(in(a)) < flt(in(b)) ? 1u : 0u;
}

/* operands: denormals, tiny normals, zeros, ordinary values (finite, no NaN) */
static uint32_t operand(unsigned kind) {
  uint32_t r = rnd();
  switch (kind % 5) {
    case 0: return r & 0x807fffffu;                                   /* denormal or zero */
    case 1: return (r & 0x807fffffu) | (1u + (r >> 28 & 3)) << 23;    /* 2^-126 .. 2^-123 */
    case 2: return (r & 0x807fffffu) | (120u + (r >> 28 & 7)) << 23;  /* 2^-7 .. 1 */
    case 3: return r & 0x80000000u;                                   /* signed zero */
    default: return (r & 0x807fffffu) | (127u + (r >> 28 & 3)) << 23; /* 1 .. 16 */
  }
}
static void make_ops(uint32_t *o) {
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned k = 0; k < 3; k++) o[k * LANES + l] = operand(l + 3 * k + (l / 5));
  o[0] = 0x00000001u, o[LANES] = 0x00000001u, o[2 * LANES] = 0x80000001u;
  o[1] = 0x00800000u, o[LANES + 1] = 0x3f000000u, o[2 * LANES + 1] = 0;           /* to 2^-127 */
  o[2] = 0x00800001u, o[LANES + 2] = 0x80800000u, o[2 * LANES + 2] = 0x00000002u; /* cancel */
}

struct kernel {
  const char *name, *op;
  uint32_t (*ref)(uint32_t, uint32_t, uint32_t);
};

static void run_kernel(const struct kernel *k, uint32_t mode) {
  field = (mode >> 4) & 3;
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
  make_ops(ops);
  struct float_wave r = float_wave_run(dev, src, mode, name, ops, sizeof ops, LANES * 4, 3 * 256);
  const uint8_t *gmem = r.device, *imem = r.interp;
  unsigned bad = 0;
  for (uint32_t l = 0; l < LANES; l++) {
    uint32_t got, interp, want = k->ref(ops[l], ops[LANES + l], ops[2 * LANES + l]);
    memcpy(&got, gmem + (OUT - WINDOW) + 4 * l, 4);
    memcpy(&interp, imem + (OUT - WINDOW) + 4 * l, 4);
    if (got != want || interp != want) {
      fprintf(stderr,
              "%s: lane %u (0x%08x 0x%08x 0x%08x): device 0x%08x, interpreter 0x%08x, expected "
              "0x%08x\n",
              name, l, ops[l], ops[LANES + l], ops[2 * LANES + l], got, interp, want);
      bad++;
    }
  }
  assert_int_equal(bad, 0);
  float_wave_finish(&r);
  kernels_passed++;
}

static void denormal_modes_match_c(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const struct kernel ks[] = {
      {"v_add_f32", "v_add_f32 v4, v1, v2", ref_add},
      {"v_mul_f32", "v_mul_f32 v4, v1, v2", ref_mul},
      {"v_fma_f32", "v_fma_f32 v4, v1, v2, v3", ref_fma},
      {"v_rcp_f32", "v_rcp_f32 v4, v1", ref_rcp},
      {"v_sqrt_f32", "v_sqrt_f32 v4, |v1|", ref_sqrt},
      {"v_cmp_lt_f32", "v_cmp_lt_f32 vcc, v1, v2\nv_cndmask_b32 v4, 0, 1, vcc", ref_lt},
  };
  /* the default mode too where the device keeps f32 denormals in native arithmetic */
  struct spirv_emit_options fc = {0};
  shader_dispatch_float_controls(dev, &fc);
  static const uint32_t modes[] = {0xc0, 0xd0, 0xe0, 0xf0};
  size_t n = fc.denorm_preserve_f32 ? 4 : 3;
  if (n == 3) printf("the default mode (0xf0) left out: the device flushes f32 denormals\n");
  for (size_t m = 0; m < n; m++)
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) run_kernel(&ks[i], modes[m]);
}

int main(void) {
  rng = (uint32_t)float_test_seed(rng);
  if (!rng) rng = 1; /* a 32-bit generator: the seed's low half */
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(denormal_modes_match_c)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_float_mode: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return !dev && r == 0 ? 77 : r;
}
