/* GFX10 compute kernels through the whole back end on the Vulkan device: assembled by
 * llvm-mc-19, translated to IR, emitted as SPIR-V (validated by SPIRV-Tools), run for one
 * wave on the device (lavapipe in CI) and, from the same start, in the IR interpreter. The
 * guest memory window after the run must be byte for byte the interpreter's, and the
 * kernel's outputs the values computed here in C from the instructions' definitions. */
#include "xl_test_harness.h"

#include <math.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "spv_kernels.h"
#include "vk_test_device.h"
#include "wave_start.h"

static vk_device *dev;
static unsigned kernels_passed;

/* Guest memory window: the output buffer (V# in s[4:7]) at OUT, an input buffer (s[8:11])
 * at IN, a global output (address in s[0:1]) at GLOBAL. */
#define WINDOW 0x100000u
#define WINDOW_SIZE 0x3000u
#define OUT 0x100000u
#define IN 0x101000u
#define GLOBAL 0x102000u
#define FILL 0xaaaaaaaau
/* the shader's guest code address (the base of s_getpc and of return addresses): in the
 * window's last KiB, or an address outside it whose low word carries into the high word
 * when an offset is added (0x7ff'ffffff00 + 0x100 = 0x800'00000000) */
#define CODE 0x102c00u
#define FAR_CODE 0x7ffffffff00ull

static void vsharp(uint32_t d[4], uint64_t base, uint32_t num_records) {
  struct ir_vsharp v = {.base = base, .num_records = num_records, .dst_sel = {4, 5, 6, 7},
                        .format = 20 /* 32 UINT */, .resource_level = 1,
                        .oob_select = IR_OOB_RAW};
  ir_vsharp_encode(&v, d);
}

struct kernel {
  const char *name;
  const char *src;
  bool wave64;
  uint32_t out_records; /* bytes of the output V# (stores past it are dropped) */
  /* expected dword L of OUT (lanes past the V# keep FILL) */
  uint32_t (*expect)(uint32_t lane);
  uint32_t in_records; /* bytes of the input V# (0: IN_RECORDS) */
  uint32_t lds_bytes;  /* the workgroup's LDS */
  /* more values computed in C: the input buffer's first dwords after the run */
  void (*check_in)(const uint8_t *in, uint32_t lanes);
  uint32_t out_bytes;  /* the output V#'s size when larger than the per-lane dwords (0: out_records) */
  void (*check_out)(const uint8_t *out, uint32_t lanes);
  /* the code is copied into the window at CODE, its guest address (constants placed after
   * it are read through s_getpc); otherwise its address is FAR_CODE, outside the window */
  bool code_in_window;
};

static uint32_t sext(uint32_t v, unsigned bits) {
  return (uint32_t)((int32_t)(v << (32 - bits)) >> (32 - bits));
}

/* ---- kernels and their values in C ---------------------------------------------------- */
#define S0 0x12345u
#define S1 0x9e3779b9u

static uint32_t alu_expect(uint32_t l) {
  uint32_t a = l + S0, b = a * a, c = (uint32_t)(((uint64_t)b * S1) >> 32);
  a ^= c;
  uint32_t b2 = (b >> 3) & 127, c2 = sext((a >> 4) & 511, 9);
  uint32_t m = (int32_t)a > (int32_t)b2 ? a : b2;
  m = m < c2 ? m : c2;
  uint32_t clz = m ? (uint32_t)__builtin_clz(m) : 0xffffffffu;
  uint32_t r = (uint32_t)__builtin_popcount(m) + clz;
  float f = ((float)l + 0.5f) * -((float)l + 0.5f); /* exact for these lanes */
  f = f < 0 ? -f : f;
  if (f < 1.0f) f = 1.0f;
  return r + (uint32_t)f;
}
static const char alu_src[] = SPV_KERNEL_ALU;

static uint32_t ifelse_expect(uint32_t l) { return l < 5 ? 7 : 9; }
static const char ifelse_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mov_b32 v1, 1\n"
    "v_cmp_gt_u32 vcc_lo, 5, v0\n"
    "s_and_saveexec_b32 s10, vcc_lo\n"
    "s_cbranch_execz else\n"
    "v_mov_b32 v1, 7\n"
    "else:\n"
    "s_andn2_b32 exec_lo, s10, exec_lo\n"
    "s_cbranch_execz end\n"
    "v_mov_b32 v1, 9\n"
    "end:\n"
    "s_or_b32 exec_lo, exec_lo, s10\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

static uint32_t sloop_expect(uint32_t l) { return 5 * l; }
static const char sloop_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "s_mov_b32 s10, 0\n"
    "v_mov_b32 v1, 0\n"
    "loop:\n"
    "v_add_nc_u32 v1, v1, v0\n"
    "s_add_u32 s10, s10, 1\n"
    "s_cmp_lt_u32 s10, 5\n"
    "s_cbranch_scc1 loop\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* each lane loops n + 1 times, n = lane & 7, or 0 where that is 7 */
static uint32_t vloop_expect(uint32_t l) { return 3 * (((l & 7) == 7 ? 0 : (l & 7)) + 1); }
static const char vloop_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mov_b32 v1, 0\n"
    "v_and_b32 v2, 7, v0\n"
    "v_cmp_eq_u32 vcc_lo, 7, v2\n"
    "v_cndmask_b32_e64 v2, v2, 0, vcc_lo\n"
    "s_mov_b32 s10, exec_lo\n"
    "loop:\n"
    "v_add_nc_u32 v1, v1, 3\n"
    "v_cmp_ne_u32 vcc_lo, 0, v2\n"
    "v_subrev_nc_u32 v2, 1, v2\n"
    "s_and_b32 exec_lo, exec_lo, vcc_lo\n"
    "s_cbranch_execnz loop\n"
    "s_mov_b32 exec_lo, s10\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* input dword i is 1000 + i * 3; the V# holds 20 dwords; lane L reads dword L + 1 (in
 * range while (L + 2) * 4 <= 80), adds the first lane's value (1003) */
#define IN_RECORDS 80u
static uint32_t in_word(uint32_t i) { return 1000 + i * 3; }
static uint32_t load_expect(uint32_t l) {
  uint32_t v = (l + 2) * 4 <= IN_RECORDS ? in_word(l + 1) : 0;
  return v + in_word(1);
}
static const char load_src[] = SPV_KERNEL_LOAD;

/* wave64: lanes below 40 take the branch; every lane adds the number of them (a ballot) */
static uint32_t ballot_expect(uint32_t l) { return (l < 40 ? 7 : 1) + 40; }
static const char ballot_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mov_b32 v1, 1\n"
    "v_cmp_gt_u32 vcc, 40, v0\n"
    "s_and_saveexec_b64 s[10:11], vcc\n"
    "s_cbranch_execz end\n"
    "v_mov_b32 v1, 7\n"
    "end:\n"
    "s_or_b64 exec, exec, s[10:11]\n"
    "s_bcnt1_i32_b64 s2, vcc\n"
    "v_add_nc_u32 v1, s2, v1\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* float rounding: x = lane / 4 - 4; floor + ceil + trunc + rint + fract + clamp(2x) */
static uint32_t fround_expect(uint32_t l) {
  float x = (float)l * 0.25f - 4.0f, s = floorf(x) + ceilf(x);
  s += truncf(x);
  s += nearbyintf(x); /* round to nearest even */
  s += x - floorf(x);
  float c = x + x;
  s += c < 0.0f ? 0.0f : c > 1.0f ? 1.0f : c;
  uint32_t u;
  memcpy(&u, &s, 4);
  return u;
}
static const char fround_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_cvt_f32_u32 v1, v0\n"
    "v_mul_f32 v1, 0.25, v1\n"
    "v_subrev_f32 v1, 4.0, v1\n"
    "v_floor_f32 v2, v1\n"
    "v_ceil_f32 v3, v1\n"
    "v_trunc_f32 v4, v1\n"
    "v_rndne_f32 v5, v1\n"
    "v_fract_f32 v6, v1\n"
    "v_add_f32_e64 v7, v1, v1 clamp\n"
    "v_add_f32 v2, v2, v3\n"
    "v_add_f32 v2, v2, v4\n"
    "v_add_f32 v2, v2, v5\n"
    "v_add_f32 v2, v2, v6\n"
    "v_add_f32 v2, v2, v7\n"
    "buffer_store_dword v2, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* class of lane / 4 - 4 (zero only at lane 16), v_readlane of lane 5, s_buffer_load of
 * input dword 2, a 16-bit add */
static uint32_t misc_expect(uint32_t l) { return (l == 16) + 5 + in_word(2) + ((l + 3) & 0xffff); }
static const char misc_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_cvt_f32_u32 v1, v0\n"
    "v_mul_f32 v1, 0.25, v1\n"
    "v_subrev_f32 v1, 4.0, v1\n"
    "v_cmp_class_f32 vcc_lo, v1, 0x60\n"
    "v_cndmask_b32_e64 v3, 0, 1, vcc_lo\n"
    "v_readlane_b32 s2, v0, 5\n"
    "s_buffer_load_dword s3, s[8:11], 0x8\n"
    "v_add_nc_u16 v4, v0, 3\n"
    "v_and_b32 v4, 0xffff, v4\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_add_nc_u32 v3, v3, s2\n"
    "v_add_nc_u32 v3, v3, s3\n"
    "v_add_nc_u32 v1, v3, v4\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* lanes exchange data through memory within one wave: each lane stores 100 + lane to
 * IN[lane], then reads its neighbour's (lane + 1 mod wave) dword: the wave executes the
 * store for every lane before any lane's load (the device must too, across subgroups) */
static uint32_t xchg_expect32(uint32_t l) { return 100 + (l + 1) % 32; }
static uint32_t xchg_expect64(uint32_t l) { return 100 + (l + 1) % 64; }
static const char xchg32_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_add_nc_u32 v1, 100, v0\n"
    "buffer_store_dword v1, v9, s[8:11], 0 offen\n"
    "v_add_nc_u32 v2, 1, v0\n"
    "v_and_b32 v2, 31, v2\n"
    "v_lshlrev_b32 v2, 2, v2\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_load_dword v1, v2, s[8:11], 0 offen\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";
static const char xchg64_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_add_nc_u32 v1, 100, v0\n"
    "buffer_store_dword v1, v9, s[8:11], 0 offen\n"
    "v_add_nc_u32 v2, 1, v0\n"
    "v_and_b32 v2, 63, v2\n"
    "v_lshlrev_b32 v2, 2, v2\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_load_dword v1, v2, s[8:11], 0 offen\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* LDS with a barrier: each lane writes 200 + lane to LDS dword lane, then reads its
 * neighbour's dword and the unaligned dword at byte 4 * lane + 2 (the top half of its own
 * and the bottom half of the next; past the LDS size for the last lane: 0) */
#define LDS_KERNEL(mask)                                                                   \
  "v_lshlrev_b32 v9, 2, v0\n"                                                              \
  "v_add_nc_u32 v1, 200, v0\n"                                                             \
  "ds_write_b32 v9, v1\n"                                                                  \
  "v_add_nc_u32 v2, 1, v0\n"                                                               \
  "v_and_b32 v2, " mask ", v2\n"                                                           \
  "v_lshlrev_b32 v2, 2, v2\n"                                                              \
  "s_waitcnt lgkmcnt(0)\n"                                                                 \
  "s_barrier\n"                                                                            \
  "ds_read_b32 v1, v2\n"                                                                   \
  "ds_read_b32 v3, v9 offset:2\n"                                                          \
  "s_waitcnt lgkmcnt(0)\n"                                                                 \
  "v_add_nc_u32 v1, v1, v3\n"                                                              \
  "buffer_store_dword v1, v9, s[4:7], 0 offen\n"                                           \
  "s_endpgm\n"
static uint32_t lds_expect(uint32_t l, uint32_t lanes) {
  uint32_t next = 200 + (l + 1) % lanes;
  uint32_t unaligned = l + 1 < lanes ? ((200 + l) >> 16) | (201 + l) << 16 : 0;
  return next + unaligned;
}
static uint32_t lds_expect32(uint32_t l) { return lds_expect(l, 32); }
static uint32_t lds_expect64(uint32_t l) { return lds_expect(l, 64); }
static const char lds32_src[] = LDS_KERNEL("31");
static const char lds64_src[] = LDS_KERNEL("63");

/* atomics: every lane adds lane + 1 to IN dword 0, ORs bit (lane % 32) into dword 1, takes
 * the unsigned max with lane * 3 into dword 2 and (global) subtracts 1 from dword 3, then
 * stores its lane id */
static uint32_t atomics_expect(uint32_t l) { return l; }
static void atomics_check(const uint8_t *in, uint32_t lanes) {
  uint32_t w[4], sum = 0, bits = 0;
  memcpy(w, in, sizeof w);
  for (uint32_t l = 0; l < lanes; l++) {
    sum += l + 1;
    bits |= 1u << (l % 32);
  }
  assert_int_equal(w[0], in_word(0) + sum);
  assert_int_equal(w[1], in_word(1) | bits);
  assert_int_equal(w[2], (lanes - 1) * 3 > in_word(2) ? (lanes - 1) * 3 : in_word(2));
  assert_int_equal(w[3], in_word(3) - lanes);
}
static const char atomics_src[] =
  "v_lshlrev_b32 v9, 2, v0\n"
  "v_mov_b32 v10, 0\n"
  "v_add_nc_u32 v1, 1, v0\n"
  "buffer_atomic_add v1, v10, s[8:11], 0 offen\n"
  "v_and_b32 v2, 31, v0\n"
  "v_lshlrev_b32 v2, v2, 1\n"
  "buffer_atomic_or v2, v10, s[8:11], 0 offen offset:4\n"
  "v_mul_u32_u24 v3, 3, v0\n"
  "buffer_atomic_umax v3, v10, s[8:11], 0 offen offset:8\n"
  "v_mov_b32 v4, -1\n"
  "v_mov_b32 v5, s8\n" /* the input's address: the V#'s base (stride 0) */
  "v_mov_b32 v6, 0\n"
  "global_atomic_add v[5:6], v4, off offset:12\n"
  "buffer_store_dword v0, v9, s[4:7], 0 offen\n"
  "s_endpgm\n";

/* the if/else and divergent loop kernels in wave64 form (64-bit EXEC and VCC) */
static uint32_t ifelse64_expect(uint32_t l) { return l < 37 ? 7 : 9; }
static const char ifelse64_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mov_b32 v1, 1\n"
    "v_cmp_gt_u32 vcc, 37, v0\n"
    "s_and_saveexec_b64 s[10:11], vcc\n"
    "s_cbranch_execz else\n"
    "v_mov_b32 v1, 7\n"
    "else:\n"
    "s_andn2_b64 exec, s[10:11], exec\n"
    "s_cbranch_execz end\n"
    "v_mov_b32 v1, 9\n"
    "end:\n"
    "s_or_b64 exec, exec, s[10:11]\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";
static const char vloop64_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mov_b32 v1, 0\n"
    "v_and_b32 v2, 7, v0\n"
    "v_cmp_eq_u32 vcc, 7, v2\n"
    "v_cndmask_b32_e64 v2, v2, 0, vcc\n"
    "s_mov_b64 s[10:11], exec\n"
    "loop:\n"
    "v_add_nc_u32 v1, v1, 3\n"
    "v_cmp_ne_u32 vcc, 0, v2\n"
    "v_subrev_nc_u32 v2, 1, v2\n"
    "s_and_b64 exec, exec, vcc\n"
    "s_cbranch_execnz loop\n"
    "s_mov_b64 exec, s[10:11]\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* ds_permute_b32 under EXEC (lanes 0..27): lane l sends 500 + l to lane 3l mod 32; a lane
 * nobody sends to gets 0; lanes 28..31 keep v1 (0) */
static uint32_t permute_expect(uint32_t m) {
  uint32_t r[32] = {0};
  for (uint32_t l = 0; l < 28; l++) r[(3 * l) % 32] = 500 + l;
  return m < 28 ? r[m] : 0;
}
static const char permute_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mul_u32_u24 v2, 3, v0\n"
    "v_and_b32 v2, 31, v2\n"
    "v_lshlrev_b32 v2, 2, v2\n"
    "v_add_nc_u32 v3, 500, v0\n"
    "v_cmp_gt_u32 vcc_lo, 28, v0\n"
    "s_and_saveexec_b32 s10, vcc_lo\n"
    "ds_permute_b32 v1, v2, v3\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_or_b32 exec_lo, exec_lo, s10\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* DPP quad_perm [1,0,3,2] (lane l reads lane l ^ 1), ds_swizzle SWAP 2 (l ^ 2), and
 * ds_bpermute from lane 31 - l */
static uint32_t lanes_expect(uint32_t l) { return (l ^ 1) + 1000 * (l ^ 2) + 100000 * (31 - l); }
static const char lanes_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mov_b32_dpp v1, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"
    "ds_swizzle_b32 v2, v0 offset:swizzle(SWAP,2)\n"
    "v_sub_nc_u32 v4, 31, v0\n"
    "v_lshlrev_b32 v4, 2, v4\n"
    "ds_bpermute_b32 v3, v4, v0\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_mul_u32_u24 v2, 1000, v2\n"
    "v_mul_u32_u24 v3, 0x186a0, v3\n"
    "v_add_nc_u32 v1, v1, v2\n"
    "v_add_nc_u32 v1, v1, v3\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* sub-dword buffer accesses: lane l loads the unsigned byte at input byte 3 l + 1 and the
 * unsigned short at byte 2 l + 1 (unaligned), stores the byte to output byte 128 + l and
 * the short to output byte 161 + 2 l, and returns byte + (short << 8) */
static uint8_t in_byte(uint32_t b) { return (uint8_t)(in_word(b / 4) >> (8 * (b % 4))); }
static uint32_t sub_expect(uint32_t l) {
  uint32_t byte = in_byte(3 * l + 1), half = in_byte(2 * l + 1) | (uint32_t)in_byte(2 * l + 2) << 8;
  return byte + (half << 8);
}
static void sub_check(const uint8_t *out, uint32_t lanes) {
  const uint8_t *global = out + (GLOBAL - OUT);
  for (uint32_t l = 0; l < lanes; l++) {
    assert_int_equal(global[7 + l], in_byte(3 * l + 1));
    assert_int_equal(out[128 + l], in_byte(3 * l + 1));
    assert_int_equal(out[161 + 2 * l], in_byte(2 * l + 1));
    assert_int_equal(out[162 + 2 * l], in_byte(2 * l + 2));
  }
}
static const char sub_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mul_u32_u24 v2, 3, v0\n"
    "buffer_load_ubyte v1, v2, s[8:11], 0 offen offset:1\n"
    "v_lshlrev_b32 v3, 1, v0\n"
    "buffer_load_ushort v4, v3, s[8:11], 0 offen offset:1\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_store_byte v1, v0, s[4:7], 0 offen offset:128\n"
    "buffer_store_short v4, v3, s[4:7], 0 offen offset:161\n"
    "v_add_co_u32 v5, vcc_lo, s0, v0\n" /* global: the byte again at GLOBAL + 7 + l */
    "v_add_co_ci_u32_e64 v6, s12, s1, 0, vcc_lo\n"
    "global_store_byte v[5:6], v1, off offset:7\n"
    "global_load_ushort v7, v[5:6], off offset:7\n" /* this byte and the next lane's */
    "s_waitcnt vmcnt(0)\n"
    "v_and_b32 v7, 0xff, v7\n"
    "v_sub_nc_u32 v7, v7, v1\n" /* 0 */
    "v_add_nc_u32 v1, v1, v7\n"
    "v_lshlrev_b32 v4, 8, v4\n"
    "v_add_nc_u32 v1, v1, v4\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* Irreducible control flow (the dispatcher form): a cycle entered at two blocks. The
 * entry picks FIRST or SECOND from bit BIT of s0 (GLOBAL = 0x102000: bit 13 set, bit 12
 * clear); FIRST computes v1 = v1 * 3 + s12 and SECOND v1 ^= 0x55 + lane, then loops to
 * FIRST while fewer than 5 passes through SECOND were made. */
static uint32_t irreducible_run(uint32_t l, bool start_second) {
  uint32_t v1 = l, s12 = 7, n = 0;
  if (!start_second) goto first;
  for (;;) {
    v1 ^= 0x55u + l;
    n++;
    if (n >= 5) break;
  first:
    v1 = v1 * 3 + s12;
  }
  return v1 + n;
}
static uint32_t irreducible_second_expect(uint32_t l) { return irreducible_run(l, true); }
static uint32_t irreducible_first_expect(uint32_t l) { return irreducible_run(l, false); }
#define IRREDUCIBLE_SRC(bit)                                                                 \
  "v_lshlrev_b32 v9, 2, v0\n"                                                              \
  "v_mov_b32 v1, v0\n"                                                                     \
  "v_add_nc_u32 v2, 0x55, v0\n"                                                            \
  "s_mov_b32 s10, 0\n"                                                                     \
  "s_mov_b32 s12, 7\n"                                                                     \
  "s_bitcmp1_b32 s0, " #bit "\n"                                                           \
  "s_cbranch_scc1 second\n"                                                                \
  "first:\n"                                                                               \
  "v_mul_lo_u32 v1, v1, 3\n"                                                               \
  "v_add_nc_u32 v1, s12, v1\n"                                                             \
  "second:\n"                                                                              \
  "v_xor_b32 v1, v1, v2\n"                                                                 \
  "s_add_u32 s10, s10, 1\n"                                                                \
  "s_cmp_lt_u32 s10, 5\n"                                                                  \
  "s_cbranch_scc1 first\n"                                                                 \
  "v_add_nc_u32 v1, s10, v1\n"                                                             \
  "buffer_store_dword v1, v9, s[4:7], 0 offen\n"                                           \
  "s_endpgm\n"
static const char irreducible_second_src[] = IRREDUCIBLE_SRC(13);
static const char irreducible_first_src[] = IRREDUCIBLE_SRC(12);

/* Calls and returns (s_swappc_b64 / s_setpc_b64 through the return address): one callee
 * called from two sites, a callee that calls it again keeping its return address in
 * s[34:35] (s_mov_b64), and one that spills it to lanes of v40 (v_writelane/v_readlane, as
 * LLVM does). Targets as LLVM builds them: s_getpc_b64 + s_add_u32/s_addc_u32 of the low
 * and high halves of the 64-bit distance (-1 above a backward one). */
static uint32_t calls_twice(uint32_t x) { return 2 * x + 3; }
static uint32_t calls_expect(uint32_t l) {
  uint32_t x = calls_twice(l) + 5;
  x = calls_twice(x);
  x = calls_twice(x ^ 0x55) + l;    /* outer: s_mov_b64 save */
  return calls_twice(x - 7) ^ 0xf0; /* spill: v_writelane save */
}
#define CALL(pair, lo, hi, label, n)                                                         \
  "s_getpc_b64 s[" #pair "]\n"                                                             \
  "pc" #n ":\n"                                                                            \
  "s_add_u32 s" #lo ", s" #lo ", " #label " - pc" #n "\n"                                  \
  "s_addc_u32 s" #hi ", s" #hi ", (" #label " - pc" #n ") >> 32\n"                          \
  "s_swappc_b64 s[30:31], s[" #pair "]\n"
/* Constants placed after the code, read as LLVM reads .rodata: s_getpc_b64 + s_add_u32
 * table@rel (a literal distance) + s_addc_u32, four of them with s_load_dwordx4 and one
 * per lane with global_load_dword (saddr form); the code runs at its guest address CODE. */
static uint32_t rodata_expect(uint32_t l) {
  uint32_t t = 0x5a000000u + l * 0x10203u;
  return (((t + 0x11111111u) ^ 0x22222222u) + 0x33333333u) ^ 0x44444444u;
}
static const char rodata_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "s_getpc_b64 s[12:13]\n"
    "pc_r:\n"
    "s_add_u32 s12, s12, table - pc_r\n"
    "s_addc_u32 s13, s13, (table - pc_r) >> 32\n"
    "s_load_dwordx4 s[16:19], s[12:13], 0x0\n"
    "global_load_dword v1, v9, s[12:13] offset:16\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "v_add_nc_u32 v1, s16, v1\n"
    "v_xor_b32 v1, s17, v1\n"
    "v_add_nc_u32 v1, s18, v1\n"
    "v_xor_b32 v1, s19, v1\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n"
    "table:\n"
    ".long 0x11111111, 0x22222222, 0x33333333, 0x44444444\n"
    ".set i, 0\n"
    ".rept 64\n"
    ".long 0x5a000000 + i * 0x10203\n"
    ".set i, i + 1\n"
    ".endr\n";

static const char calls_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mov_b32 v1, v0\n"
    CALL(12:13, 12, 13, twice, 0)
    "v_add_nc_u32 v1, 5, v1\n"
    CALL(14:15, 14, 15, twice, 1)
    CALL(16:17, 16, 17, outer, 2)
    CALL(20:21, 20, 21, spill, 3)
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n"
    "twice:\n"
    "v_lshl_add_u32 v1, v1, 1, 3\n"
    "s_setpc_b64 s[30:31]\n"
    "outer:\n"
    "s_mov_b64 s[34:35], s[30:31]\n"
    "v_xor_b32 v1, 0x55, v1\n"
    CALL(18:19, 18, 19, twice, 4)
    "v_add_nc_u32 v1, v0, v1\n"
    "s_mov_b64 s[30:31], s[34:35]\n"
    "s_setpc_b64 s[30:31]\n"
    "spill:\n"
    "v_writelane_b32 v40, s30, 0\n"
    "v_writelane_b32 v40, s31, 1\n"
    "v_subrev_nc_u32 v1, 7, v1\n"
    CALL(22:23, 22, 23, twice, 5)
    "v_xor_b32 v1, 0xf0, v1\n"
    "v_readlane_b32 s31, v40, 1\n"
    "v_readlane_b32 s30, v40, 0\n"
    "s_setpc_b64 s[30:31]\n";

/* 64-bit float arithmetic (correctly rounded add and multiply, floor/ceil/trunc/round-even,
 * min/max, |x| and -x modifiers, a compare, the conversion to f32), computed in C in the
 * same order: x = lane + 0.5, y = x * x * 0.1, z = y - x. */
static uint32_t float64_expect(uint32_t l) {
  volatile double x = (double)l + 0.5, y = x * x, tenth = 0.1;
  y = y * tenth;
  volatile double z = y + -x;
  volatile double s = floor(z) + ceil(z);
  s = s + trunc(z);
  s = s + nearbyint(z);
  s = s + fmin(z, x);
  s = s + fmax(y, fabs(z));
  float f = (float)s;
  uint32_t u;
  uint64_t zb;
  memcpy(&u, &f, 4);
  double zz = z;
  memcpy(&zb, &zz, 8);
  return u ^ (uint32_t)zb ^ (uint32_t)(zb >> 32) ^ (0.0 > z ? 1u : 0u);
}
#define FLOAT64_SRC(vcc)                                                                     \
  "v_lshlrev_b32 v9, 2, v0\n"                                                              \
  "v_cvt_f64_u32 v[2:3], v0\n"                                                             \
  "v_add_f64 v[2:3], v[2:3], 0.5\n"                                                        \
  "v_mul_f64 v[4:5], v[2:3], v[2:3]\n"                                                     \
  "s_mov_b32 s12, 0x9999999a\n"                                                            \
  "s_mov_b32 s13, 0x3fb99999\n"                                                            \
  "v_mul_f64 v[4:5], v[4:5], s[12:13]\n"                                                   \
  "v_add_f64 v[6:7], v[4:5], -v[2:3]\n"                                                    \
  "v_floor_f64 v[10:11], v[6:7]\n"                                                         \
  "v_ceil_f64 v[12:13], v[6:7]\n"                                                          \
  "v_add_f64 v[10:11], v[10:11], v[12:13]\n"                                               \
  "v_trunc_f64 v[12:13], v[6:7]\n"                                                         \
  "v_add_f64 v[10:11], v[10:11], v[12:13]\n"                                               \
  "v_rndne_f64 v[12:13], v[6:7]\n"                                                         \
  "v_add_f64 v[10:11], v[10:11], v[12:13]\n"                                               \
  "v_min_f64 v[12:13], v[6:7], v[2:3]\n"                                                   \
  "v_add_f64 v[10:11], v[10:11], v[12:13]\n"                                               \
  "v_max_f64 v[12:13], v[4:5], |v[6:7]|\n"                                                 \
  "v_add_f64 v[10:11], v[10:11], v[12:13]\n"                                               \
  "v_cvt_f32_f64 v1, v[10:11]\n"                                                           \
  "v_xor_b32 v1, v1, v6\n"                                                                 \
  "v_xor_b32 v1, v1, v7\n"                                                                 \
  "v_cmp_gt_f64 " vcc ", 0, v[6:7]\n"                                                      \
  "v_cndmask_b32_e64 v14, 0, 1, " vcc "\n"                                                 \
  "v_xor_b32 v1, v1, v14\n"                                                                \
  "buffer_store_dword v1, v9, s[4:7], 0 offen\n"                                           \
  "s_endpgm\n"
static const char float64_32_src[] = FLOAT64_SRC("vcc_lo");
static const char float64_64_src[] = FLOAT64_SRC("vcc");

/* 16-bit float arithmetic and conversions (round to nearest even, f16 subnormals kept, the
 * -x and |x| modifiers), computed in C from IEEE 754 binary16 (1 sign, 5 exponent bits of
 * bias 15, 10 fraction bits; subnormals 2^-24 apart): every f16 operation is the exact
 * result (a double holds sums and products of halves exactly) rounded once to the nearest
 * half, ties to even. a = lane * 0.1f, b = a * 2^-16 (f16 subnormals). */
static double half_value(uint16_t h) {
  int e = (h >> 10) & 31;
  double m = h & 1023;
  double v = e ? ldexp(m + 1024, e - 25) : ldexp(m, -24);
  return h & 0x8000 ? -v : v; /* (no infinities or NaNs in this kernel) */
}
static uint16_t half_round(double d) {
  uint16_t sign = signbit(d) ? 0x8000 : 0;
  double a = fabs(d);
  /* the spacing of halves near a: 2^-24 below 2^-14, else 2^(exponent - 10) */
  int e;
  frexp(a, &e); /* a in [2^(e-1), 2^e) */
  double ulp = e - 1 < -14 ? ldexp(1, -24) : ldexp(1, e - 11);
  double q = a / ulp, r = floor(q);
  if (q - r > 0.5 || (q - r == 0.5 && fmod(r, 2) == 1)) r += 1;
  double v = r * ulp;
  if (v >= 65520.0) return sign | 0x7c00;
  /* encode v (a multiple of its ulp) */
  if (v < ldexp(1, -14)) return sign | (uint16_t)(v / ldexp(1, -24));
  frexp(v, &e);
  return sign | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)((uint32_t)(v / ldexp(1, e - 11)) & 1023);
}
static uint32_t float16_expect(uint32_t l) {
  volatile float a = (float)l * 0x1.99999ap-4f, b = a * 0x1p-16f;
  uint16_t ha = half_round(a), hb = half_round(b);
  double A = half_value(ha), B = half_value(hb);
  uint16_t h5 = half_round(A + B), h6 = half_round(A * A), h7 = half_round(B * A);
  uint16_t h8 = half_round(fmin(half_value(h5), half_value(h6)));
  uint16_t h10 = half_round(fmax(-half_value(h6), fabs(half_value(h7))));
  h5 = half_round(half_value(h5) + half_value(h6));
  h5 = half_round(half_value(h5) + half_value(h7));
  h5 = half_round(half_value(h5) + half_value(h8));
  h5 = half_round(half_value(h5) + half_value(h10));
  volatile float f = (float)half_value(h5);
  f = f + (float)half_value(h7);
  float fv = f;
  uint32_t u;
  memcpy(&u, &fv, 4);
  return u ^ (uint32_t)h7 << 16;
}
static const char float16_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_cvt_f32_u32 v1, v0\n"
    "v_mul_f32 v1, 0x3dcccccd, v1\n"
    "v_cvt_f16_f32 v2, v1\n"
    "v_mul_f32 v3, 0x37800000, v1\n"
    "v_cvt_f16_f32 v4, v3\n"
    "v_add_f16 v5, v2, v4\n"
    "v_mul_f16 v6, v2, v2\n"
    "v_mul_f16 v7, v4, v2\n"
    "v_min_f16 v8, v5, v6\n"
    "v_max_f16_e64 v10, -v6, |v7|\n"
    "v_add_f16 v5, v5, v6\n"
    "v_add_f16 v5, v5, v7\n"
    "v_add_f16 v5, v5, v8\n"
    "v_add_f16 v5, v5, v10\n"
    "v_cvt_f32_f16 v11, v5\n"
    "v_cvt_f32_f16 v12, v7\n"
    "v_add_f32 v11, v11, v12\n"
    "v_lshlrev_b32 v13, 16, v7\n"
    "v_xor_b32 v1, v11, v13\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

/* v_rcp_f32 and v_sqrt_f32 as the IR defines them (correctly rounded 1/x and sqrt(x), the
 * host's IEEE division and sqrtf): x = (lane + 1) * 1.2345f and its square. */
static uint32_t rcp_sqrt_expect(uint32_t l) {
  volatile float x = ((float)l + 1.0f) * 1.2345f, x2 = x * x;
  volatile float r[4] = {1.0f / x, sqrtf(x), 1.0f / x2, sqrtf(x2)};
  uint32_t u[4];
  for (int i = 0; i < 4; i++) {
    float f = r[i];
    memcpy(&u[i], &f, 4);
  }
  return u[0] ^ u[1] ^ (u[2] << 1) ^ (u[3] >> 1);
}
static const char rcp_sqrt_src[] =
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_cvt_f32_u32 v1, v0\n"
    "v_add_f32 v1, 1.0, v1\n"
    "v_mul_f32 v1, 0x3f9e0419, v1\n"
    "v_mul_f32 v5, v1, v1\n"
    "v_rcp_f32 v3, v1\n"
    "v_sqrt_f32 v4, v1\n"
    "v_rcp_f32 v6, v5\n"
    "v_sqrt_f32 v7, v5\n"
    "v_xor_b32 v1, v3, v4\n"
    "v_lshlrev_b32 v6, 1, v6\n"
    "v_lshrrev_b32 v7, 1, v7\n"
    "v_xor_b32 v1, v1, v6\n"
    "v_xor_b32 v1, v1, v7\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

static const struct kernel kernels[] = {
    {"alu32", alu_src, false, 32 * 4, alu_expect},
    {"alu64", alu_src, true, 64 * 4, alu_expect},
    {"if_else32", ifelse_src, false, 32 * 4, ifelse_expect},
    {"if_else64", ifelse64_src, true, 64 * 4, ifelse64_expect},
    {"scalar_loop32", sloop_src, false, 32 * 4, sloop_expect},
    {"divergent_loop64", vloop64_src, true, 64 * 4, vloop_expect},
    {"divergent_loop32", vloop_src, false, 32 * 4, vloop_expect},
    {"load_range32", load_src, false, 30 * 4, load_expect}, /* lanes 30, 31: store dropped */
    {"ballot64", ballot_src, true, 64 * 4, ballot_expect},
    {"float_round32", fround_src, false, 32 * 4, fround_expect},
    {"float_round64", fround_src, true, 64 * 4, fround_expect},
    {"class_readlane_sload32", misc_src, false, 32 * 4, misc_expect},
    {"exchange32", xchg32_src, false, 32 * 4, xchg_expect32, 256},
    {"exchange64", xchg64_src, true, 64 * 4, xchg_expect64, 256},
    {"lds32", lds32_src, false, 32 * 4, lds_expect32, 0, 32 * 4},
    {"lds64", lds64_src, true, 64 * 4, lds_expect64, 0, 64 * 4},
    {"permute32", permute_src, false, 32 * 4, permute_expect},
    {"dpp_swizzle_bpermute32", lanes_src, false, 32 * 4, lanes_expect},
    {"sub_dword32", sub_src, false, 32 * 4, sub_expect, 256, 0, NULL, 256, sub_check},
    {"atomics32", atomics_src, false, 32 * 4, atomics_expect, 0, 0, atomics_check},
    {"atomics64", atomics_src, true, 64 * 4, atomics_expect, 0, 0, atomics_check},
    {"irreducible_second32", irreducible_second_src, false, 32 * 4, irreducible_second_expect},
    {"irreducible_first64", irreducible_first_src, true, 64 * 4, irreducible_first_expect},
    {"calls32", calls_src, false, 32 * 4, calls_expect},
    {"calls64", calls_src, true, 64 * 4, calls_expect},
    {"rodata32", rodata_src, false, 32 * 4, rodata_expect, 0, 0, NULL, 0, NULL, true},
    {"rodata64", rodata_src, true, 64 * 4, rodata_expect, 0, 0, NULL, 0, NULL, true},
    {"float64_32", float64_32_src, false, 32 * 4, float64_expect},
    {"float64_64", float64_64_src, true, 64 * 4, float64_expect},
    {"float16_32", float16_src, false, 32 * 4, float16_expect},
    {"float16_64", float16_src, true, 64 * 4, float16_expect},
    {"rcp_sqrt32", rcp_sqrt_src, false, 32 * 4, rcp_sqrt_expect},
    {"rcp_sqrt64", rcp_sqrt_src, true, 64 * 4, rcp_sqrt_expect},
};

/* ---- running -------------------------------------------------------------------------- */

static void init_window(uint8_t *mem) {
  for (uint32_t i = 0; i < WINDOW_SIZE / 4; i++) memcpy(mem + 4 * i, &(uint32_t){FILL}, 4);
  for (uint32_t i = 0; i < 64; i++) memcpy(mem + (IN - WINDOW) + 4 * i, &(uint32_t){in_word(i)}, 4);
}

static void run_kernel(const struct kernel *k) {
  uint32_t lanes = k->wave64 ? 64 : 32;
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      k->src, (struct ir_translate_options){.wave_size = lanes, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 0);
  struct spirv_emit_options opts = {.source_name = k->name, .lds_bytes = k->lds_bytes};
  shader_dispatch_float_controls(dev, &opts);
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  if (!ok) fprintf(stderr, "%s: emit: %s\n", k->name, m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));
  if (getenv("PROSPERO_DUMP_SPIRV")) { /* debugging: the module's disassembly */
    char *dis = spv_check_disassemble(m.words, m.count);
    fprintf(stderr, "%s\n", dis ? dis : "(no disassembly)");
    free(dis);
  }

  /* the start: lane ids in v0, user SGPRs (global address, output and input V#s) */
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  assert_non_null(w);
  assert_non_null(s);
  w->exec = k->wave64 ? ~0ull : 0xffffffffull;
  w->sgpr[0] = GLOBAL;
  w->sgpr[1] = 0;
  vsharp(&w->sgpr[4], OUT, k->out_bytes ? k->out_bytes : k->out_records);
  vsharp(&w->sgpr[8], IN, k->in_records ? k->in_records : IN_RECORDS);
  if (k->expect == alu_expect) {
    w->sgpr[0] = S0;
    w->sgpr[1] = S1;
  }
  for (uint32_t l = 0; l < lanes; l++) w->vgpr[0][l] = l;
  memcpy(s->sgpr, w->sgpr, sizeof s->sgpr);
  s->exec[0] = (uint32_t)w->exec;
  s->exec[1] = (uint32_t)(w->exec >> 32);
  for (uint32_t l = 0; l < lanes; l++) s->vgpr[0][l] = w->vgpr[0][l];
  /* the code's guest address: every kernel runs at a nonzero one */
  w->code_base = k->code_in_window ? CODE : FAR_CODE;
  s->code_base[0] = (uint32_t)w->code_base;
  s->code_base[1] = (uint32_t)(w->code_base >> 32);

  /* interpreter */
  uint8_t *imem = malloc(WINDOW_SIZE), *gmem = malloc(WINDOW_SIZE);
  assert_non_null(imem);
  assert_non_null(gmem);
  init_window(imem);
  init_window(gmem);
  if (k->code_in_window) { /* the code and the constants after it, at CODE */
    size_t words;
    uint32_t *code = assemble(k->src, &words, k->wave64);
    assert_true(words * 4 <= WINDOW + WINDOW_SIZE - CODE);
    memcpy(imem + (CODE - WINDOW), code, words * 4);
    memcpy(gmem + (CODE - WINDOW), code, words * 4);
    free(code);
  }
  struct ir_interp_memory map = {.addr = WINDOW, .data = imem, .size = WINDOW_SIZE};
  w->mem = &map;
  w->mem_count = 1;
  w->global = imem;
  w->global_base = WINDOW;
  w->global_size = WINDOW_SIZE;
  uint8_t *lds = calloc(1, k->lds_bytes ? k->lds_bytes : 1);
  assert_non_null(lds);
  w->lds = k->lds_bytes ? lds : NULL;
  w->lds_size = k->lds_bytes;
  char err[256];
  bool ran = ir_interp_run(fn, w, 10000, err, sizeof err);
  if (!ran) fprintf(stderr, "%s: interpreter: %s\n", k->name, err);
  assert_true(ran);

  /* device */
  struct shader_dispatch_window win = {.addr = WINDOW, .data = gmem, .size = WINDOW_SIZE};
  ran = shader_dispatch_wave(dev, m.words, m.count, s, &win, err, sizeof err);
  if (!ran) fprintf(stderr, "%s: dispatch: %s\n", k->name, err);
  assert_true(ran);

  /* the C values, then the whole window against the interpreter */
  for (uint32_t l = 0; l < lanes; l++) {
    uint32_t got, interp, want = (l + 1) * 4 <= k->out_records ? k->expect(l) : FILL;
    memcpy(&got, gmem + (OUT - WINDOW) + 4 * l, 4);
    memcpy(&interp, imem + (OUT - WINDOW) + 4 * l, 4);
    if (got != want || interp != want)
      fprintf(stderr, "%s: lane %u: device 0x%x, interpreter 0x%x, expected 0x%x\n", k->name, l,
              got, interp, want);
    assert_int_equal(interp, want);
    assert_int_equal(got, want);
  }
  if (k->check_out) {
    k->check_out(imem + (OUT - WINDOW), lanes);
    k->check_out(gmem + (OUT - WINDOW), lanes);
  }
  if (k->check_in) {
    k->check_in(imem + (IN - WINDOW), lanes);
    k->check_in(gmem + (IN - WINDOW), lanes);
  }
  for (uint32_t i = 0; i < WINDOW_SIZE; i += 4) {
    uint32_t a, b;
    memcpy(&a, gmem + i, 4);
    memcpy(&b, imem + i, 4);
    if (a != b) fprintf(stderr, "%s: guest 0x%x: device 0x%x, interpreter 0x%x\n", k->name, WINDOW + i, a, b);
    assert_int_equal(a, b);
  }
  kernels_passed++;
  free(lds);
  free(imem);
  free(gmem);
  free(w);
  free(s);
  spirv_module_free(&m);
  ir_function_destroy(fn);
}

static void kernels_match_c_and_interpreter(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++) run_kernel(&kernels[i]);
}

/* A grid of 3 x 2 workgroups (one wave32 each) with the workgroup ids in s12 and s13
 * (TGID_X/Y_EN): each writes group * 1000-ish values to its own 32 dwords. The interpreter
 * runs the six waves one after the other from the same start. */
static const char grid_src[] =
    "s_mul_i32 s14, s13, 3\n"
    "s_add_u32 s14, s14, s12\n"
    "s_lshl_b32 s14, s14, 7\n"
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_add_nc_u32 v9, s14, v9\n"
    "s_mul_i32 s15, s12, 1000\n"
    "s_mul_i32 s16, s13, 100\n"
    "s_add_u32 s15, s15, s16\n"
    "v_add_nc_u32 v1, s15, v0\n"
    "buffer_store_dword v1, v9, s[4:7], 0 offen\n"
    "s_endpgm\n";

static void grid_of_workgroups(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  static const uint32_t groups[3] = {3, 2, 1};
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(grid_src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 0);
  struct spirv_emit_options opts = {.source_name = "grid", .tgid_sgpr = {12 + 1, 13 + 1, 0}};
  shader_dispatch_float_controls(dev, &opts);
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  if (!ok) fprintf(stderr, "grid: emit: %s\n", m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));
  struct ir_interp_wave *w = calloc(1, sizeof *w), *start = calloc(1, sizeof *start);
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  uint8_t *imem = malloc(WINDOW_SIZE), *gmem = malloc(WINDOW_SIZE);
  assert_true(w && start && s && imem && gmem);
  init_window(imem);
  init_window(gmem);
  start->exec = 0xffffffffull;
  vsharp(&start->sgpr[4], OUT, 6 * 32 * 4);
  for (uint32_t l = 0; l < 32; l++) start->vgpr[0][l] = l;
  memcpy(s->sgpr, start->sgpr, sizeof s->sgpr);
  s->exec[0] = 0xffffffffu;
  for (uint32_t l = 0; l < 32; l++) s->vgpr[0][l] = l;
  struct ir_interp_memory map = {.addr = WINDOW, .data = imem, .size = WINDOW_SIZE};
  char err[256];
  for (uint32_t y = 0; y < groups[1]; y++)
    for (uint32_t x = 0; x < groups[0]; x++) {
      *w = *start;
      w->sgpr[12] = x;
      w->sgpr[13] = y;
      w->mem = &map;
      w->mem_count = 1;
      bool ran = ir_interp_run(fn, w, 10000, err, sizeof err);
      if (!ran) fprintf(stderr, "grid: interpreter: %s\n", err);
      assert_true(ran);
    }
  struct shader_dispatch_window win = {.addr = WINDOW, .data = gmem, .size = WINDOW_SIZE};
  ok = shader_dispatch_grid(dev, m.words, m.count, s, groups, &win, err, sizeof err);
  if (!ok) fprintf(stderr, "grid: dispatch: %s\n", err);
  assert_true(ok);
  for (uint32_t g = 0; g < 6; g++)
    for (uint32_t l = 0; l < 32; l++) {
      uint32_t want = (g % 3) * 1000 + (g / 3) * 100 + l, got, interp;
      memcpy(&got, gmem + (OUT - WINDOW) + 4 * (g * 32 + l), 4);
      memcpy(&interp, imem + (OUT - WINDOW) + 4 * (g * 32 + l), 4);
      assert_int_equal(interp, want);
      assert_int_equal(got, want);
    }
  assert_memory_equal(gmem, imem, WINDOW_SIZE);
  free(imem);
  free(gmem);
  free(w);
  free(start);
  free(s);
  spirv_module_free(&m);
  ir_function_destroy(fn);
}

/* ---- scratch: scratch_* and FLAT through the private aperture ------------------------------
 * 64 private bytes per lane. a = lane * 0x10001 + 0x304050, b = a ^ 0xabcd. Bytes 0..31 are
 * zeroed (scratch starts undefined), then: dword a at 12, short b at 18, byte a at 1; loads of
 * the dword at 1 (unaligned), the short at 18, the dword at 12, the dword at 14 (unaligned);
 * a FLAT load of private offset 12 (the address's high half from s_mov_b64 src_private_base,
 * as LLVM does) and a FLAT store of 3 a
 * to private offset 24 read back with scratch_load; a load at 64 (past the lane's memory)
 * gives 0. Six dwords per lane to the global area, against C and the interpreter. */
static const char scratch_src[] =
    "v_mul_lo_u32 v1, v0, 0x10001\n"
    "v_add_nc_u32 v1, 0x304050, v1\n"
    "v_xor_b32 v3, 0xabcd, v1\n"
    "v_mov_b32 v5, 0\n"
    "v_mov_b32 v6, 0\n"
    "v_mov_b32 v7, 0\n"
    "v_mov_b32 v8, 0\n"
    "v_mov_b32 v10, 0\n"
    "scratch_store_dwordx4 v10, v[5:8], off\n"
    "scratch_store_dwordx4 v10, v[5:8], off offset:16\n"
    "v_mov_b32 v2, 12\n"
    "scratch_store_dword v2, v1, off\n"
    "scratch_store_short v2, v3, off offset:6\n"
    "scratch_store_byte v2, v1, off offset:-11\n"
    "scratch_load_dword v21, v2, off offset:-11\n"
    "scratch_load_ushort v22, v2, off offset:6\n"
    "scratch_load_dword v23, v2, off\n"
    "scratch_load_dword v24, v2, off offset:2\n"
    "v_mov_b32 v12, 12\n"
    "s_mov_b64 s[20:21], src_private_base\n"
    "v_mov_b32 v13, s21\n"
    "flat_load_dword v25, v[12:13]\n"
    "v_mul_lo_u32 v4, v1, 3\n"
    "flat_store_dword v[12:13], v4 offset:12\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "v_mov_b32 v14, 64\n"
    "scratch_load_dword v15, v14, off\n"
    "scratch_load_dword v26, v2, off offset:12\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "v_add_nc_u32 v26, v26, v15\n"
    "v_lshlrev_b32 v20, 5, v0\n"
    "global_store_dwordx4 v20, v[21:24], s[0:1]\n"
    "global_store_dwordx2 v20, v[25:26], s[0:1] offset:16\n"
    "s_endpgm\n";
static uint32_t scratch_expect(uint32_t i) {
  uint32_t l = i / 8, a = l * 0x10001u + 0x304050u, b = a ^ 0xabcdu;
  switch (i % 8) {
    case 0: return a & 0xff;
    case 1: return b & 0xffff;
    case 2: return a;
    case 3: return a >> 16;
    case 4: return a;
    case 5: return 3 * a;
    default: return FILL;
  }
}

static void scratch_and_flat_private(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    struct ir_translate_stats st;
    struct ir_function *fn = translate_asm(
        scratch_src, (struct ir_translate_options){.wave_size = lanes, .run_passes = true}, &st);
    assert_int_equal(st.unsupported_count, 0);
    struct spirv_emit_options opts = {.source_name = "scratch", .scratch_lane_bytes = 64};
    struct spirv_module m;
    bool ok = spirv_emit_compute(fn, &opts, &m);
    if (!ok) fprintf(stderr, "scratch: emit: %s\n", m.error);
    assert_true(ok);
    assert_true(spv_check_valid(m.words, m.count));
    struct ir_interp_wave *w = calloc(1, sizeof *w);
    struct spirv_wave_state *s = calloc(1, sizeof *s);
    uint8_t *imem = malloc(WINDOW_SIZE), *gmem = malloc(WINDOW_SIZE), *priv = malloc(64 * 64);
    assert_true(w && s && imem && gmem && priv);
    memset(priv, 0x5a, 64 * 64);
    init_window(imem);
    init_window(gmem);
    w->sgpr[0] = GLOBAL;
    struct ir_interp_memory map;
    wave_start(w, s, lanes, &map, imem, WINDOW, WINDOW_SIZE, priv, 64);
    char err[256];
    ok = ir_interp_run(fn, w, 10000, err, sizeof err);
    if (!ok) fprintf(stderr, "scratch: interpreter: %s\n", err);
    assert_true(ok);
    struct shader_dispatch_window win = {.addr = WINDOW, .data = gmem, .size = WINDOW_SIZE};
    ok = shader_dispatch_wave(dev, m.words, m.count, s, &win, err, sizeof err);
    if (!ok) fprintf(stderr, "scratch: dispatch: %s\n", err);
    assert_true(ok);
    for (uint32_t i = 0; i < lanes * 8; i++) {
      uint32_t got, interp;
      memcpy(&got, gmem + (GLOBAL - WINDOW) + 4 * i, 4);
      memcpy(&interp, imem + (GLOBAL - WINDOW) + 4 * i, 4);
      if (got != scratch_expect(i) || interp != scratch_expect(i))
        fprintf(stderr, "scratch%u: lane %u dword %u: device 0x%x, interpreter 0x%x, expected 0x%x\n",
                lanes, i / 8, i % 8, got, interp, scratch_expect(i));
      assert_int_equal(interp, scratch_expect(i));
      assert_int_equal(got, scratch_expect(i));
    }
    assert_memory_equal(gmem, imem, WINDOW_SIZE);
    free(priv);
    free(imem);
    free(gmem);
    free(w);
    free(s);
    spirv_module_free(&m);
    ir_function_destroy(fn);
  }
}

/* ---- the subgroup path against the workgroup-memory path --------------------------------
 * Two waves of 8 active lanes (wave32, EXEC 0xff each) in one workgroup: DPP quad_perm,
 * ds_swizzle, ds_bpermute, ds_permute under EXEC, a ballot with its count and first lane,
 * v_readlane, v_readfirstlane under EXEC, and LDS shared between the waves across s_barrier.
 * Emitted twice: cross-lane operations through workgroup memory (waves of 32 invocations),
 * and through subgroup operations with waves of the device's subgroup size (lavapipe: 8,
 * the test mode spirv_emit_options.lanes). Both runs, the interpreter (the two waves as
 * one group) and C must agree byte for byte. */
static const char lanes8_src[] =
    "v_and_b32 v5, 7, v0\n"
    "v_mov_b32_dpp v1, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"
    "ds_swizzle_b32 v2, v0 offset:swizzle(SWAP,2)\n"
    "v_sub_nc_u32 v4, 7, v5\n"
    "v_lshlrev_b32 v4, 2, v4\n"
    "ds_bpermute_b32 v3, v4, v0\n"
    "v_mul_u32_u24 v6, 3, v5\n"
    "v_and_b32 v6, 7, v6\n"
    "v_lshlrev_b32 v6, 2, v6\n"
    "v_add_nc_u32 v7, 0x1f4, v0\n"
    "v_cmp_gt_u32 vcc_lo, 6, v5\n"
    "s_and_saveexec_b32 s10, vcc_lo\n"
    "ds_permute_b32 v8, v6, v7\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_or_b32 exec_lo, exec_lo, s10\n"
    "v_and_b32 v10, 3, v5\n"
    "v_cmp_eq_u32 vcc_lo, 1, v10\n"
    "s_bcnt1_i32_b32 s2, vcc_lo\n"
    "s_ff1_i32_b32 s3, vcc_lo\n"
    "v_readlane_b32 s11, v0, 5\n"
    "v_cmp_le_u32 vcc_lo, 2, v5\n"
    "s_and_saveexec_b32 s10, vcc_lo\n"
    "v_readfirstlane_b32 s12, v0\n"
    "s_or_b32 exec_lo, exec_lo, s10\n"
    "v_lshlrev_b32 v9, 2, v0\n"
    "v_mul_u32_u24 v11, 7, v0\n"
    "ds_write_b32 v9, v11\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_barrier\n"
    "v_sub_nc_u32 v12, 15, v0\n"
    "v_lshlrev_b32 v12, 2, v12\n"
    "ds_read_b32 v18, v12\n"
    "v_lshlrev_b32 v2, 8, v2\n"
    "v_lshlrev_b32 v3, 16, v3\n"
    "v_or3_b32 v15, v1, v2, v3\n"
    "v_mov_b32 v16, v8\n"
    "s_lshl_b32 s3, s3, 8\n"
    "s_lshl_b32 s11, s11, 16\n"
    "s_lshl_b32 s12, s12, 24\n"
    "s_or_b32 s2, s2, s3\n"
    "s_or_b32 s11, s11, s12\n"
    "s_or_b32 s2, s2, s11\n"
    "v_mov_b32 v17, s2\n"
    "v_lshlrev_b32 v14, 4, v0\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v14, v[15:18], s[0:1]\n"
    "s_endpgm\n";
static uint32_t lanes8_expect(uint32_t i) {
  uint32_t t = i / 4, w = t / 8, l = t % 8, b = w * 8;
  switch (i % 4) {
    case 0: return (b + (l ^ 1)) | (b + (l ^ 2)) << 8 | (b + 7 - l) << 16;
    case 1: { /* ds_permute: lane l < 6 sends 500 + its id to lane 3 l mod 8 */
      if (l >= 6) return 0; /* inactive: v8 keeps its start value */
      for (uint32_t src = 0; src < 6; src++)
        if ((3 * src) % 8 == l) return 500 + b + src;
      return 0;
    }
    case 2: return 2u | 1u << 8 | (b + 5) << 16 | (b + 2) << 24;
    default: return 7 * (15 - t);
  }
}

static void run_lanes8(const struct ir_function *fn, const struct spirv_emit_options *opts,
                       uint8_t *mem) {
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, opts, &m);
  if (!ok) fprintf(stderr, "lanes8: emit: %s\n", m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));
  struct spirv_wave_state *s = calloc(2, sizeof *s);
  assert_non_null(s);
  for (uint32_t w = 0; w < 2; w++) {
    s[w].sgpr[0] = OUT;
    s[w].exec[0] = 0xff;
    for (uint32_t l = 0; l < 8; l++) s[w].vgpr[0][l] = w * 8 + l;
  }
  init_window(mem);
  struct shader_dispatch_window win = {.addr = WINDOW, .data = mem, .size = WINDOW_SIZE};
  char err[256];
  ok = shader_dispatch_waves(dev, m.words, m.count, s, 2, (const uint32_t[3]){1, 1, 1}, &win, err,
                             sizeof err);
  if (!ok) fprintf(stderr, "lanes8: dispatch: %s\n", err);
  assert_true(ok);
  free(s);
  spirv_module_free(&m);
}

static void subgroup_path_matches_workgroup_path(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  struct ir_translate_stats st;
  struct ir_function *fn =
      translate_asm(lanes8_src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 0);
  uint8_t *wg = malloc(WINDOW_SIZE), *sg = malloc(WINDOW_SIZE), *imem = malloc(WINDOW_SIZE);
  uint8_t *lds = calloc(1, 256);
  struct ir_interp_wave *iw = calloc(2, sizeof *iw);
  assert_true(wg && sg && imem && lds && iw);
  /* the interpreter: both waves as one group */
  init_window(imem);
  struct ir_interp_memory map = {.addr = WINDOW, .data = imem, .size = WINDOW_SIZE};
  for (uint32_t w = 0; w < 2; w++) {
    iw[w].sgpr[0] = OUT;
    iw[w].exec = 0xff;
    for (uint32_t l = 0; l < 8; l++) iw[w].vgpr[0][l] = w * 8 + l;
    iw[w].mem = &map;
    iw[w].mem_count = 1;
    iw[w].global = imem;
    iw[w].global_base = WINDOW;
    iw[w].global_size = WINDOW_SIZE;
    iw[w].lds = lds;
    iw[w].lds_size = 256;
    iw[w].wave_id = w;
  }
  char err[256];
  struct ir_interp_wave *waves[2] = {&iw[0], &iw[1]};
  bool ok = ir_interp_run_group(fn, waves, 2, 10000, err, sizeof err);
  if (!ok) fprintf(stderr, "lanes8: interpreter: %s\n", err);
  assert_true(ok);
  struct spirv_emit_options opts = {.source_name = "lanes8", .lds_bytes = 256, .waves = 2};
  run_lanes8(fn, &opts, wg);
  for (uint32_t i = 0; i < 64; i++) {
    uint32_t got, interp;
    memcpy(&got, wg + (OUT - WINDOW) + 4 * i, 4);
    memcpy(&interp, imem + (OUT - WINDOW) + 4 * i, 4);
    if (got != lanes8_expect(i) || interp != lanes8_expect(i))
      fprintf(stderr, "lanes8: dword %u: device 0x%x, interpreter 0x%x, expected 0x%x\n", i, got,
              interp, lanes8_expect(i));
    assert_int_equal(interp, lanes8_expect(i));
    assert_int_equal(got, lanes8_expect(i));
  }
  assert_memory_equal(wg, imem, WINDOW_SIZE);
  /* the subgroup path: waves of the device's subgroup size */
  if (!shader_dispatch_subgroup(dev, 8)) {
    fprintf(stderr, "lanes8: the device's subgroup is not 8 lanes with ballot and shuffle\n");
    skip_because("no 8-lane subgroups with ballot and shuffle");
  }
  opts.subgroup = true;
  opts.lanes = 8;
  uint64_t sized = vk_device_sized_pipelines(dev);
  run_lanes8(fn, &opts, sg);
  /* with VK_EXT_subgroup_size_control (lavapipe has it, sizes 8..8) the pipeline requires
   * subgroups of the module's 8 lanes, as it will require 32 or 64 on a GPU */
  uint32_t lo, hi;
  if (vk_device_subgroup_sizes(dev, &lo, &hi) && lo <= 8 && hi >= 8) {
    assert_true(vk_device_sized_pipelines(dev) > sized);
    printf("lanes8: the subgroup path ran with a required subgroup size of 8 (device: %u..%u)\n",
           lo, hi);
  }
  for (uint32_t i = 0; i < WINDOW_SIZE; i += 4) {
    uint32_t a, b;
    memcpy(&a, sg + i, 4);
    memcpy(&b, wg + i, 4);
    if (a != b) fprintf(stderr, "lanes8: guest 0x%x: subgroup path 0x%x, workgroup path 0x%x\n", WINDOW + i, a, b);
    assert_int_equal(a, b);
  }
  printf("lanes8: the subgroup path and the workgroup-memory path agree on %u bytes\n", WINDOW_SIZE);
  free(wg);
  free(sg);
  free(imem);
  free(lds);
  free(iw);
  ir_function_destroy(fn);
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(kernels_match_c_and_interpreter),
                                     cmocka_unit_test(grid_of_workgroups),
                                     cmocka_unit_test(scratch_and_flat_private),
                                     cmocka_unit_test(subgroup_path_matches_workgroup_path)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("shader_spirv: %u of %u kernels passed on %s\n", kernels_passed,
         (unsigned)(sizeof kernels / sizeof *kernels), dev ? vk_device_name(dev) : "no device");
  if (dev) vk_device_destroy(dev);
  return test_skip_status(r);
}
