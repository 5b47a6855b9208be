/* Float mode changes inside a shader (docs/shader-float.md, "Float modes"): s_round_mode,
 * s_denorm_mode, s_setreg_imm32_b32 and s_setreg_b32 of MODE from a constant, followed
 * over the CFG (straight line, an if/else whose arms agree, a loop that sets the same mode
 * again), each f32 operation computed in the mode in force where it stands, and s_getreg of
 * MODE reading that mode. GFX10 kernels (llvm-mc-19 at test time) over 64 lanes of
 * denormals, tiny normals whose products underflow, signed zeros, exact cancellations,
 * overflow, NaNs and ordinary values; the interpreter and the device (lavapipe) must both
 * give the value computed here in C with the host's IEEE arithmetic under fesetround and
 * the MODE field's flushes written from the ISA's rule (a flushed denormal is a zero of its
 * sign), the windows equal byte for byte. Where the mode is not known at compile time (a
 * register written to MODE, paths that reach an operation in different modes) or not
 * computed, the emitter and the interpreter both refuse, naming the operation. */
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

static uint32_t rng = 0x2468ace1u;
static uint32_t rnd(void) { return xorshift32(&rng); }
static bool isnan_bits(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }

enum op { ADD, SUB, MUL, FMA };

/* MODE's rule in C: operands flushed (field 5:4 = 0 or 2), the IEEE operation under the
 * round field 1:0, the NaN rule (the first NaN operand quieted, an invalid operation
 * 0x7fc00000), the result flushed (field 5:4 = 0 or 1) */
static uint32_t ref(enum op op, uint32_t mode, uint32_t a, uint32_t b, uint32_t c) {
  static const int dirs[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  unsigned den = (mode >> 4) & 3;
  bool fin = den == 0 || den == 2, fout = den == 0 || den == 1;
  if (fin) a = flush(a), b = flush(b), c = flush(c);
  const uint32_t ops[3] = {a, b, c};
  for (unsigned i = 0; i < (op == FMA ? 3u : 2u); i++)
    if (isnan_bits(ops[i])) return ops[i] | 0x400000u;
  volatile float x = flt(a), y = flt(b), z = flt(c), r;
  fesetround(dirs[mode & 3]);
  switch (op) {
    case ADD: r = x + y; break;
    case SUB: r = x - y; break;
    case MUL: r = x * y; break;
    default: r = fmaf(x, y, z); break;
  }
  fesetround(FE_TONEAREST);
  uint32_t u = bits(r);
  if (isnan_bits(u)) u = 0x7fc00000u;
  return fout ? flush(u) : u;
}

static uint32_t operand(unsigned kind) {
  uint32_t r = rnd();
  switch (kind % 6) {
    case 0: return r & 0x807fffffu;                                   /* denormal or zero */
    case 1: return (r & 0x807fffffu) | (1u + (r >> 28 & 3)) << 23;    /* 2^-126 .. 2^-123 */
    case 2: return (r & 0x807fffffu) | (100u + (r >> 26 & 63)) << 23; /* 2^-27 .. 2^36 */
    case 3: return r & 0x80000000u;                                   /* signed zero */
    default: return (r & 0x807fffffu) | (125u + (r >> 28 & 7)) << 23; /* 0.25 .. 32 */
  }
}

static void make_ops(uint32_t *o) {
  for (unsigned l = 0; l < LANES; l++)
    for (unsigned k = 0; k < 3; k++) o[k * LANES + l] = operand(l + 3 * k + l / 6);
  o[0] = 0x3fc00000u, o[LANES] = 0xbfc00000u, o[2 * LANES] = 0;                   /* x + -x */
  o[1] = 0x7f7fffffu, o[LANES + 1] = 0x7f7fffffu, o[2 * LANES + 1] = 0x7f7fffffu; /* overflow */
  o[2] = 0x00000001u, o[LANES + 2] = 0x3f000000u, o[2 * LANES + 2] = 0x80000001u;
  o[3] = 0x7fc00001u, o[LANES + 3] = 0x3f800000u, o[2 * LANES + 3] = 0xff800001u; /* NaNs */
  o[4] = 0x3f800000u, o[LANES + 4] = 0x33800000u, o[2 * LANES + 4] = 0xb3800000u;
  o[5] = 0x3fc00000u, o[LANES + 5] = 0x3fc00000u, o[2 * LANES + 5] = 0x80000000u; /* x - x */
}

static const char load[] =
    "v_lshlrev_b32 v20, 2, v0\n"
    "buffer_load_dword v1, v20, s[8:11], 0 offen\n"
    "buffer_load_dword v2, v20, s[8:11], 0 offen offset:256\n"
    "buffer_load_dword v3, v20, s[8:11], 0 offen offset:512\n"
    "s_waitcnt vmcnt(0)\n";

/* one result per output row: the operation and the mode C computes it in, or (op < 0) the
 * constant VALUE (s_getreg) */
struct row {
  int op;
  uint32_t mode;
};

static void run_kernel(const char *name, const char *body, const struct row *rows, unsigned nrows,
                       uint32_t lane0) {
  char src[4096];
  int n = snprintf(src, sizeof src, "%s%s", load, body);
  for (unsigned i = 0; i < nrows; i++)
    n += snprintf(src + n, sizeof src - (size_t)n,
                  "buffer_store_dword v%u, v20, s[4:7], 0 offen offset:%u\n", 4 + i, 256 * i);
  snprintf(src + n, sizeof src - (size_t)n, "s_endpgm\n");
  uint32_t ops[3 * LANES];
  make_ops(ops);
  ops[0] = lane0;
  struct float_wave r =
      float_wave_run(dev, src, 0xf0, name, ops, sizeof ops, nrows * LANES * 4, 3 * 256);
  unsigned bad = 0;
  for (unsigned i = 0; i < nrows; i++)
    for (uint32_t l = 0; l < LANES; l++) {
      uint32_t got, interp, a = ops[l], b = ops[LANES + l], c = ops[2 * LANES + l];
      uint32_t want =
          rows[i].op < 0 ? rows[i].mode : ref((enum op)rows[i].op, rows[i].mode, a, b, c);
      memcpy(&got, r.device + (OUT - WINDOW) + 256 * i + 4 * l, 4);
      memcpy(&interp, r.interp + (OUT - WINDOW) + 256 * i + 4 * l, 4);
      if (got != want || interp != want) {
        fprintf(stderr,
                "%s: row %u lane %u (0x%08x 0x%08x 0x%08x): device 0x%08x, interpreter 0x%08x, "
                "expected 0x%08x\n",
                name, i, l, a, b, c, got, interp, want);
        bad++;
      }
    }
  assert_int_equal(bad, 0);
  float_wave_finish(&r);
  kernels_passed++;
}

/* Mode writes one after another: each operation in the mode the writes before it leave. */
static void modes_in_sequence(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  static const char body[] =
      "v_add_f32 v4, v1, v2\n" /* 0xf0: the wave-start mode */
      "s_round_mode 0x1\n"     /* 0xf1 */
      "v_add_f32 v5, v1, v2\n"
      "s_round_mode 0x3\n"  /* 0xf3 */
      "s_denorm_mode 0x0\n" /* 0x03: everything flushed */
      "v_mul_f32 v6, v1, v2\n"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 2\n" /* 0x02 */
      "v_fma_f32 v7, v1, v2, v3\n"
      "s_mov_b32 s12, 0xe1\n" /* 0xe1: +inf, f32 inputs flushed and outputs kept */
      "s_setreg_b32 hwreg(HW_REG_MODE, 0, 8), s12\n"
      "v_sub_f32 v8, v1, v2\n"
      "s_getreg_b32 s13, hwreg(HW_REG_MODE, 0, 8)\n"
      "v_mov_b32 v9, s13\n"
      "s_denorm_mode 0xd\n" /* 0xd1: f32 inputs kept, outputs flushed */
      "s_getreg_b32 s13, hwreg(HW_REG_MODE, 4, 2)\n"
      "v_mov_b32 v10, s13\n"
      "v_fma_f32 v11, v1, v2, v3\n";
  static const struct row rows[] = {{ADD, 0xf0}, {ADD, 0xf1}, {MUL, 0x03}, {FMA, 0x02},
                                    {SUB, 0xe1}, {-1, 0xe1},  {-1, 1},     {FMA, 0xd1}};
  run_kernel("mode writes in sequence", body, rows, 8, 0x3fc00000u);
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(modes_in_sequence)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_mode_flow: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return !dev && r == 0 ? 77 : r;
}
