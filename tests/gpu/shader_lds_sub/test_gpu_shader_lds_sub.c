/* The remaining LDS and GDS forms and two scalar operations on the Vulkan device (lavapipe in
 * CI), in wave32 and wave64, each kernel (llvm-mc-19 at test time) also run in the IR
 * interpreter from the same start; every module passes spirv-val. Expected values come from C
 * written from the GFX10 ISA's pseudocode, applied to a byte model of the LDS/GDS here:
 * ds_read_u8/i8/u16/i16 zero/sign-extend the bytes at ADDR; the _d16 forms write the 16-bit
 * result to the low half of VDST and keep the high half, _d16_hi the reverse; ds_write_b8/b16
 * write the low byte/half of DATA, _d16_hi of its high half; ds_mskor: MEM = (MEM & ~DATA) |
 * DATA2, returning MEM; ds_wrap_rtn_b32: MEM = MEM >= DATA ? MEM - DATA : MEM + DATA2,
 * returning MEM; ds_<op>_src2: MEM[A] = MEM[A] op MEM[B] with B = A + 4 x offset (0 past the
 * LDS); an access past the LDS (or the GDS window of M0) reads 0 and writes nothing.
 * - lds_sub: every sub-dword read form at aligned and unaligned addresses, past the end;
 *   byte and half stores from every lane into shared dwords (four lanes per dword for
 *   bytes, two for halves, halves across dword boundaries, under EXEC, _d16_hi): no lane's
 *   bytes are lost.
 * - lds_mskor_src2_wrap: ds_mskor_rtn_b32/b64, ds_wrap_rtn_b32 per lane and with every lane on
 *   one dword (the returned values checked against a serial order), ds_add/xor/min_src2,
 *   ds_max_src2_f32, ds_write_src2_b32 reading past the LDS, ds_add/min_src2 64-bit.
 * - same_dword_stores: every lane storing a dword, a half and a byte to one place: one lane's
 *   value, never a mix.
 * - condxchg: ds_condxchg32_rtn_b64, two masked ors.
 * - four_waves: four waves of one workgroup on shared dwords (bytes, halves, masked or,
 *   src2 from every lane on one dword) across s_barrier.
 * - gds_forms: the same families in the GDS through M0's window, the GDS as a mapped guest
 *   range; the device's GDS equal to the interpreter's.
 * - clock_and_messages: s_memtime and s_memrealtime (VK_KHR_shader_clock) increase across a
 *   loop and are the same in every lane; no-op messages (MSG_GS_ALLOC_REQ, MSG_GS_DONE) run;
 *   refusals: the clock without the device feature, MSG_INTERRUPT, s_sendmsghalt. */
#include "xl_test_harness.h"

#include <math.h>

#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "test_skip.h"
#include "vk_test_device.h"
#include "wave_run.h"

#define WINDOW 0x100000u
#define WINDOW_SIZE 0x4000u
#define FILL 0xaaaaaaaau
#define TABLE 0x2000u /* window offsets: A at +0, B at +0x100, A64 at +0x200, B64 at +0x400 */
#define LDS_SIZE 0x1000u

static vk_device *dev;
static unsigned kernels_passed;
static uint32_t a32[64], b32[64];
static uint64_t a64[64], b64[64];

/* ---- the model ------------------------------------------------------------------------- */

static uint64_t ld(const uint8_t *m, uint32_t a, uint32_t n) {
  uint64_t v = 0;
  memcpy(&v, m + a, n);
  return v;
}
static void st(uint8_t *m, uint32_t a, uint64_t v, uint32_t n) { memcpy(m + a, &v, n); }
static uint32_t sext(uint64_t v, unsigned bits) {
  return (uint32_t)((int32_t)((uint32_t)v << (32 - bits)) >> (32 - bits));
}

static float f32(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}
static double f64(uint64_t b) {
  double d;
  memcpy(&d, &b, 8);
  return d;
}
/* fmin/fmax (docs/shader-spirv.md, *Float atomics*): a NaN operand gives the other, two NaNs
 * the memory one quieted, -0 below +0 */
static uint64_t ref_minmax(bool max, bool wide, uint64_t mem, uint64_t data) {
  uint64_t quiet = wide ? 1ull << 51 : 1ull << 22, sign = wide ? 1ull << 63 : 1ull << 31;
  double x = wide ? f64(mem) : f32((uint32_t)mem), y = wide ? f64(data) : f32((uint32_t)data);
  if (isnan(x) && isnan(y)) return mem | quiet;
  if (isnan(x)) return data;
  if (isnan(y)) return mem;
  if (x < y) return max ? data : mem;
  if (y < x) return max ? mem : data;
  if (mem == data || (mem & sign) == (data & sign)) return mem;
  return ((mem & sign) != 0) == max ? data : mem;
}
static uint64_t mskor(uint64_t m, uint64_t d) { /* d: mask low, value high (32-bit) */
  return (m & ~(d & 0xffffffffu)) | (d >> 32);
}
static uint64_t wrap(uint64_t m, uint64_t d) { /* d: data0 low, data1 high */
  uint32_t x = (uint32_t)m, d0 = (uint32_t)d, d1 = (uint32_t)(d >> 32);
  return x >= d0 ? x - d0 : x + d1;
}

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t next(void) { return wave_xorshift64(&rng); }
static void tables(void) {
  static const uint32_t s32[][2] = {
      {0x3f800000, 0x40000000}, {0x80000000, 0x00000000}, {0x00000000, 0x80000000},
      {0x7fc00001, 0x3f800000}, {0x3f800000, 0x7f800005}, {0xff800003, 0x7fc00009},
      {0x7f800000, 0xff800000}, {0x00000003, 0x80000001}, {0x40400000, 0x40400000},
      {0xc0b00000, 0x40e80000},
  };
  for (uint32_t l = 0; l < 64; l++) {
    uint64_t r = next();
    a32[l] = (uint32_t)r, b32[l] = (uint32_t)(r >> 32);
    a64[l] = next(), b64[l] = next();
    if (l % 9 == 4) b64[l] = a64[l] ^ 0x8000000000000000ull; /* -x for doubles */
  }
  for (uint32_t i = 0; i < sizeof s32 / sizeof *s32; i++) a32[i] = s32[i][0], b32[i] = s32[i][1];
}

/* ---- running and checking -------------------------------------------------------------- */

static void run_kernel(struct wave_run *r, uint8_t **device, uint8_t **interp) {
  static uint8_t table[0x600];
  memcpy(table, a32, 0x100);
  memcpy(table + 0x100, b32, 0x100);
  memcpy(table + 0x200, a64, 0x200);
  memcpy(table + 0x400, b64, 0x200);
  r->window = WINDOW;
  r->window_size = WINDOW_SIZE;
  r->fill = FILL;
  r->table = table;
  r->table_at = TABLE;
  r->table_bytes = sizeof table;
  r->lds_bytes = LDS_SIZE;
  r->sgpr[0] = WINDOW;
  wave_run(dev, r, device, interp);
}

/* Dword I of lane L's 32 output dwords (at 128 L) must be WANT on both sides. */
static unsigned check(const char *name, const uint8_t *device, const uint8_t *interp, uint32_t l,
                      uint32_t i, uint32_t want) {
  return wave_check(name, device, interp, 0, l, i, want);
}
/* The values every lane got back from one location (dword I of each lane): some serial
 * order on both sides; then cleared on both so the windows can be compared. */
static unsigned contended(const char *name, uint8_t *device, uint8_t *interp, uint32_t lanes,
                          uint32_t i, const uint64_t *v, uint64_t init, uint64_t final,
                          uint64_t (*f)(uint64_t, uint64_t)) {
  return wave_contended(name, device, interp, lanes, 4 * i, 128, 4, v, init, final, f);
}

#define LOAD_TABLES                                        \
  "v_lshlrev_b32 v49, 2, v0\n"                             \
  "v_lshlrev_b32 v51, 3, v0\n"                             \
  "v_lshlrev_b32 v50, 7, v0\n"                             \
  "v_add_nc_u32 v48, 0x2000, v49\n"                        \
  "global_load_dword v30, v48, s[0:1]\n"                   \
  "global_load_dword v31, v48, s[0:1] offset:256\n"        \
  "v_add_nc_u32 v47, 0x2200, v51\n"                        \
  "global_load_dwordx2 v[32:33], v47, s[0:1]\n"            \
  "global_load_dwordx2 v[34:35], v47, s[0:1] offset:512\n" \
  "s_waitcnt vmcnt(0)\n"

/* ---- lds_sub ------------------------------------------------------------------------------ */

static const char lds_sub_src[] = LOAD_TABLES
    /* lane l's 8 bytes at 8l: A, B */
    "ds_write_b32 v51, v30\n"
    "ds_write_b32 v51, v31 offset:4\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_and_b32 v2, 7, v0\n"
    "v_add_nc_u32 v52, v51, v2\n" /* 8l + (l & 7) */
    "v_and_b32 v3, 3, v0\n"
    "v_bfe_u32 v4, v0, 2, 2\n"
    "v_add3_u32 v53, v51, v3, v4\n" /* 8l + (l & 3) + ((l >> 2) & 3): 0..6, 3 across dwords */
    "ds_read_u8 v20, v52\n"
    "ds_read_i8 v21, v52\n"
    "ds_read_u16 v22, v53\n"
    "ds_read_i16 v23, v53\n"
    "v_mov_b32 v24, 0x12345678\n"
    "v_mov_b32 v25, 0x12345678\n"
    "v_mov_b32 v26, 0x12345678\n"
    "v_mov_b32 v27, 0x12345678\n"
    "v_mov_b32 v28, 0x12345678\n"
    "v_mov_b32 v29, 0x12345678\n"
    "ds_read_u8_d16 v24, v52\n"
    "ds_read_u8_d16_hi v25, v52\n"
    "ds_read_i8_d16 v26, v52\n"
    "ds_read_i8_d16_hi v27, v52\n"
    "ds_read_u16_d16 v28, v53\n"
    "ds_read_u16_d16_hi v29, v53\n"
    "v_mov_b32 v54, 0xfff\n"
    "ds_read_u16 v36, v54\n"         /* 0xfff + 2 > 0x1000: 0 */
    "ds_read_u8 v37, v54 offset:1\n" /* 0x1000: 0 */
    /* six regions of 0xcd bytes, then stores of bytes and halves from every lane */
    "v_mov_b32 v5, 0xcdcdcdcd\n"
    "v_add_nc_u32 v55, 0x800, v49\n"
    "ds_write_b32 v55, v5\n"
    "ds_write_b32 v55, v5 offset:512\n"
    "ds_write_b32 v55, v5 offset:1024\n"
    "ds_write_b32 v55, v5 offset:1280\n"
    "ds_write_b32 v55, v5 offset:1536\n"
    "ds_write_b32 v55, v5 offset:1792\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_add_nc_u32 v56, 0x800, v0\n"
    "ds_write_b8 v56, v30\n" /* four lanes per dword */
    "v_lshlrev_b32 v7, 1, v0\n"
    "v_add_nc_u32 v57, 0xa00, v7\n"
    "ds_write_b16 v57, v31\n" /* two lanes per dword */
    "v_mul_u32_u24 v8, 3, v0\n"
    "v_add_nc_u32 v58, 0xc00, v8\n"
    "ds_write_b16 v58, v30\n" /* at 3l: some across two dwords */
    "s_mov_b64 s[20:21], exec\n"
    "v_and_b32 v9, 1, v0\n"
    "v_cmpx_eq_u32_e32 1, v9\n"
    "v_add_nc_u32 v59, 0xd00, v0\n"
    "ds_write_b8 v59, v31\n" /* odd lanes only */
    "s_mov_b64 exec, s[20:21]\n"
    "v_add_nc_u32 v60, 0xe00, v0\n"
    "ds_write_b8_d16_hi v60, v30\n"
    "v_add_nc_u32 v61, 0xf00, v7\n"
    "ds_write_b16_d16_hi v61, v31\n"
    "ds_write_b16 v54, v30\n" /* past the end: dropped */
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v38, v55\n"
    "ds_read_b32 v39, v55 offset:512\n"
    "ds_read_b32 v40, v55 offset:1024\n"
    "ds_read_b32 v41, v55 offset:1280\n"
    "ds_read_b32 v42, v55 offset:1536\n"
    "ds_read_b32 v43, v55 offset:1792\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dwordx4 v50, v[24:27], s[0:1] offset:16\n"
    "global_store_dwordx2 v50, v[28:29], s[0:1] offset:32\n"
    "global_store_dwordx2 v50, v[36:37], s[0:1] offset:40\n"
    "global_store_dwordx4 v50, v[38:41], s[0:1] offset:48\n"
    "global_store_dwordx2 v50, v[42:43], s[0:1] offset:64\n"
    "s_endpgm\n";

static void lds_sub(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    struct wave_run r = {.name = "lds sub", .src = lds_sub_src, .lanes = lanes, .priv_bytes = 16};
    run_kernel(&r, &device, &interp);
    static uint8_t m[LDS_SIZE];
    memset(m, 0, sizeof m);
    for (uint32_t l = 0; l < lanes; l++) st(m, 8 * l, a32[l], 4), st(m, 8 * l + 4, b32[l], 4);
    static const uint32_t base[6] = {0x800, 0xa00, 0xc00, 0xd00, 0xe00, 0xf00};
    for (uint32_t l = 0; l < lanes; l++)
      for (uint32_t k = 0; k < 6; k++) st(m, base[k] + 4 * l, 0xcdcdcdcdu, 4);
    for (uint32_t l = 0; l < lanes; l++) {
      st(m, 0x800 + l, a32[l], 1);
      st(m, 0xa00 + 2 * l, b32[l], 2);
      st(m, 0xc00 + 3 * l, a32[l], 2);
      if (l & 1) st(m, 0xd00 + l, b32[l], 1);
      st(m, 0xe00 + l, a32[l] >> 16, 1);
      st(m, 0xf00 + 2 * l, b32[l] >> 16, 2);
    }
    unsigned bad = 0;
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t o8 = 8 * l + (l & 7), o16 = 8 * l + (l & 3) + ((l >> 2) & 3);
      /* the reads see the 8 bytes each lane wrote first: the model before the stores
       * (the stores only touch 0x800 and up) */
      uint32_t u8 = (uint32_t)ld(m, o8, 1), i8 = sext(u8, 8);
      uint32_t u16 = (uint32_t)ld(m, o16, 2), i16 = sext(u16, 16);
      const uint32_t want[18] = {u8,
                                 i8,
                                 u16,
                                 i16,
                                 0x12340000u | u8,
                                 u8 << 16 | 0x5678u,
                                 0x12340000u | (i8 & 0xffff),
                                 (i8 & 0xffff) << 16 | 0x5678u,
                                 0x12340000u | u16,
                                 u16 << 16 | 0x5678u,
                                 0,
                                 0,
                                 (uint32_t)ld(m, 0x800 + 4 * l, 4),
                                 (uint32_t)ld(m, 0xa00 + 4 * l, 4),
                                 (uint32_t)ld(m, 0xc00 + 4 * l, 4),
                                 (uint32_t)ld(m, 0xd00 + 4 * l, 4),
                                 (uint32_t)ld(m, 0xe00 + 4 * l, 4),
                                 (uint32_t)ld(m, 0xf00 + 4 * l, 4)};
      for (uint32_t i = 0; i < 18; i++) bad += check("lds sub", device, interp, l, i, want[i]);
    }
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- same_dword_stores --------------------------------------------------------------------
 * Every lane stores to the same dword, half and byte in one instruction: the hardware keeps
 * one lane's value (which one is not specified; the interpreter's is the highest lane's),
 * never a mix of several. */

static const char same_dword_src[] =
    "v_lshlrev_b32 v50, 7, v0\n"
    "v_mov_b32 v1, 0\n"
    "v_mov_b32 v2, 0x5a5a5a5a\n"
    "ds_write_b32 v1, v2 offset:16\n"
    "ds_write_b32 v1, v2 offset:20\n"
    "ds_write_b32 v1, v2 offset:24\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_add_nc_u32 v3, 1, v0\n"
    "v_mul_lo_u32 v4, 0x01030507, v3\n"
    "ds_write_b32 v1, v4 offset:16\n"
    "ds_write_b16 v1, v4 offset:21\n" /* across two bytes of the second dword */
    "ds_write_b8 v1, v4 offset:27\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v20, v1 offset:16\n"
    "ds_read_b32 v21, v1 offset:20\n"
    "ds_read_b32 v22, v1 offset:24\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx3 v50, v[20:22], s[0:1]\n"
    "s_endpgm\n";

static void same_dword_stores(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    struct wave_run r = {
        .name = "same dword stores", .src = same_dword_src, .lanes = lanes, .priv_bytes = 16};
    run_kernel(&r, &device, &interp);
    unsigned bad = 0;
    uint8_t *side[2] = {device, interp};
    for (int s = 0; s < 2; s++) {
      uint32_t d = wave_word(side[s], 0), h = wave_word(side[s], 4), b = wave_word(side[s], 8);
      bool dok = false, hok = false, bok = false;
      for (uint32_t l = 0; l < lanes; l++) {
        uint32_t v = (l + 1) * 0x01030507u;
        dok |= d == v;
        hok |= h == (0x5a00005au | (v & 0xffff) << 8);
        bok |= b == (0x005a5a5au | v << 24);
      }
      if (!dok || !hok || !bok) {
        fprintf(stderr, "same dword stores (%s): 0x%08x 0x%08x 0x%08x is not one lane's\n",
                s ? "interpreter" : "device", d, h, b);
        bad++;
      }
      for (uint32_t l = 0; l < lanes; l++) memset(side[s] + 128 * l, 0, 12);
    }
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- lds_mskor_src2_wrap -------------------------------------------------------------------- */

static const char lds_mskor_src[] = LOAD_TABLES
    /* masked or per lane, 32 and 64 bits */
    "ds_write_b32 v49, v30\n"
    "v_xor_b32 v2, 0x0ff00ff0, v31\n"
    "ds_mskor_rtn_b32 v20, v49, v31, v2\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v21, v49\n"
    "v_add_nc_u32 v52, 0x200, v51\n"
    "ds_write_b64 v52, v[32:33]\n"
    "ds_mskor_rtn_b64 v[22:23], v52, v[34:35], v[30:31]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[24:25], v52\n"
    /* every lane on one dword: bit l & 31 set in even lanes, cleared in odd ones */
    "v_mov_b32 v53, 0x700\n"
    "v_mov_b32 v3, 0x0f0f0f0f\n"
    "ds_write_b32 v53, v3\n"
    "v_and_b32 v4, 31, v0\n"
    "v_lshlrev_b32 v5, v4, 1\n"
    "v_and_b32 v6, 1, v0\n"
    "v_xor_b32 v6, 1, v6\n"
    "v_lshlrev_b32 v6, v4, v6\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_mskor_rtn_b32 v26, v53, v5, v6\n"
    /* wrap per lane, twice */
    "v_mul_u32_u24 v7, 5, v0\n"
    "v_add_nc_u32 v54, 0x600, v49\n"
    "ds_write_b32 v54, v7\n"
    "v_mov_b32 v8, 7\n"
    "v_mov_b32 v9, 100\n"
    "ds_wrap_rtn_b32 v27, v54, v8, v9\n"
    "ds_wrap_rtn_b32 v28, v54, v8, v9\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v29, v54\n"
    /* wrap with every lane on one dword */
    "v_mov_b32 v10, 3\n"
    "v_mov_b32 v11, 5\n"
    "v_mov_b32 v12, 11\n"
    "ds_write_b32 v53, v10 offset:4\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_wrap_rtn_b32 v36, v53, v11, v12 offset:4\n"
    /* src2: A at 0x800 + 4l, B 64 dwords further */
    "v_add_nc_u32 v55, 0x800, v49\n"
    "ds_write_b32 v55, v30\n"
    "ds_write_b32 v55, v31 offset:256\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_add_src2_u32 v55 offset:64\n"
    "ds_xor_src2_b32 v55 offset:64\n"
    "ds_min_src2_i32 v55 offset:64\n"
    "v_add_nc_u32 v56, 0x200, v55\n"
    "ds_write_b32 v56, v30\n"
    "ds_write_b32 v56, v31 offset:256\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_max_src2_f32 v56 offset:64\n"
    /* B past the LDS reads 0 */
    "v_add_nc_u32 v57, 0xc00, v49\n"
    "ds_write_b32 v57, v30\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_write_src2_b32 v57 offset:16383\n"
    /* 64-bit: A at 0x400 + 8l, B at 0xd00 + 8l (576 dwords further) */
    "v_add_nc_u32 v58, 0x400, v51\n"
    "ds_write_b64 v58, v[32:33]\n"
    "ds_write_b64 v58, v[34:35] offset:2304\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_add_src2_u64 v58 offset:576\n"
    "ds_min_src2_f64 v58 offset:576\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v37, v55\n"
    "ds_read_b32 v38, v56\n"
    "ds_read_b32 v39, v57\n"
    "ds_read_b64 v[40:41], v58\n"
    "ds_read_b32 v42, v53\n"
    "ds_read_b32 v43, v53 offset:4\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dwordx4 v50, v[24:27], s[0:1] offset:16\n"
    "global_store_dwordx2 v50, v[28:29], s[0:1] offset:32\n"
    "global_store_dword v50, v36, s[0:1] offset:40\n"
    "global_store_dwordx4 v50, v[37:40], s[0:1] offset:44\n"
    "global_store_dwordx3 v50, v[41:43], s[0:1] offset:60\n"
    "s_endpgm\n";

static void lds_mskor_src2_wrap(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    struct wave_run r = {
        .name = "lds mskor src2 wrap", .src = lds_mskor_src, .lanes = lanes, .priv_bytes = 16};
    run_kernel(&r, &device, &interp);
    unsigned bad = 0;
    uint64_t vm[64], vw[64], om = 0x0f0f0f0fu, ow = 3;
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t a = a32[l], b = b32[l], c = b ^ 0x0ff00ff0u;
      uint64_t ab = (uint64_t)b << 32 | a;
      uint64_t m64 = (a64[l] & ~b64[l]) | ab;
      uint32_t w0 = 5 * l, w1 = (uint32_t)wrap(w0, 7 | 100ull << 32);
      uint32_t w2 = (uint32_t)wrap(w1, 7 | 100ull << 32);
      uint32_t s = (a + b) ^ b;
      s = (int32_t)s < (int32_t)b ? s : b;
      uint64_t s64 = ref_minmax(false, true, a64[l] + b64[l], b64[l]);
      const uint32_t want[16] = {a,
                                 (a & ~b) | c,
                                 (uint32_t)a64[l],
                                 (uint32_t)(a64[l] >> 32),
                                 (uint32_t)m64,
                                 (uint32_t)(m64 >> 32),
                                 0, /* contended */
                                 w0,
                                 w1,
                                 w2,
                                 0, /* contended */
                                 s,
                                 (uint32_t)ref_minmax(true, false, a, b),
                                 0,
                                 (uint32_t)s64,
                                 (uint32_t)(s64 >> 32)};
      for (uint32_t i = 0; i < 16; i++)
        if (i != 6 && i != 10) bad += check("lds mskor src2 wrap", device, interp, l, i, want[i]);
      uint32_t bit = 1u << (l & 31);
      vm[l] = bit | (uint64_t)((l & 1) ? 0 : bit) << 32;
      vw[l] = 5 | 11ull << 32;
      om = mskor(om, vm[l]), ow = wrap(ow, vw[l]);
    }
    for (uint32_t l = 0; l < lanes; l++) {
      bad += check("lds mskor (one dword)", device, interp, l, 16, (uint32_t)om);
      bad += check("lds wrap (one dword)", device, interp, l, 17, (uint32_t)ow);
    }
    bad += contended("ds_mskor_rtn_b32", device, interp, lanes, 6, vm, 0x0f0f0f0fu, om, mskor);
    bad += contended("ds_wrap_rtn_b32", device, interp, lanes, 10, vw, 3, ow, wrap);
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- condxchg ------------------------------------------------------------------------------
 * ds_condxchg32_rtn_b64 (two masked ors in the IR): at A0 = (address + offset) & 0xfff8,
 * data dword h is stored with bit 31 cleared when its bit 31 is set; both old dwords return
 * (AMD's RDNA3 ISA pseudocode, docs/shader-ir.md). */

static const char condxchg_src[] = LOAD_TABLES
    "ds_write_b32 v51, v30\n"
    "ds_write_b32 v51, v31 offset:4\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_and_b32 v2, 1, v0\n"
    "v_lshlrev_b32 v2, 31, v2\n"
    "v_or_b32 v2, v2, v0\n" /* odd lanes: l with bit 31 */
    "v_bfe_u32 v3, v0, 1, 1\n"
    "v_lshlrev_b32 v3, 31, v3\n"
    "v_lshlrev_b32 v4, 8, v0\n"
    "v_or_b32 v3, v3, v4\n"     /* lanes with bit 1: l << 8 with bit 31 */
    "v_add_nc_u32 v5, 3, v51\n" /* the low bits are dropped */
    "ds_condxchg32_rtn_b64 v[20:21], v5, v[2:3]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[22:23], v51\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "s_endpgm\n";

static void condxchg(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    struct wave_run r = {.name = "condxchg", .src = condxchg_src, .lanes = lanes, .priv_bytes = 16};
    run_kernel(&r, &device, &interp);
    unsigned bad = 0;
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t d0 = (l & 1) << 31 | l, d1 = (l >> 1 & 1) << 31 | l << 8;
      uint32_t m0 = d0 >> 31 ? d0 & 0x7fffffffu : a32[l];
      uint32_t m1 = d1 >> 31 ? d1 & 0x7fffffffu : b32[l];
      const uint32_t want[4] = {a32[l], b32[l], m0, m1};
      for (uint32_t i = 0; i < 4; i++) bad += check("condxchg", device, interp, l, i, want[i]);
    }
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- four_waves ---------------------------------------------------------------------------
 * Four waves of 32 lanes in one workgroup sharing the LDS (thread t = 32 w + l): byte stores
 * of all four waves into each dword (byte w of dword l from wave w), half stores of two
 * waves per dword, a masked or on one dword from every lane of every wave, and
 * ds_add_src2_u32 with every lane's A the same dword (each of the 128 lanes adds MEM[B] to
 * it under the LDS lock); then s_barrier and every lane reads the results. The interpreter
 * runs the four waves as one group (ir_interp_run_group). */

#define WAVES 4
static const char four_waves_src[] =
    "v_and_b32 v1, 31, v0\n"           /* l */
    "v_lshrrev_b32 v2, 5, v0\n"        /* w */
    "v_lshlrev_b32 v3, 2, v1\n"        /* 4 l */
    "v_lshlrev_b32 v50, 4, v0\n"       /* 16 t: the output */
    "v_cmp_eq_u32_e32 vcc_lo, 0, v0\n" /* thread 0 sets the shared dwords */
    "v_mov_b32 v4, 0x100\n"
    "v_mov_b32 v5, 0x0f0f0f0f\n"
    "v_mov_b32 v6, 7\n"
    "v_mov_b32 v7, 3\n"
    "s_and_saveexec_b32 s20, vcc_lo\n"
    "ds_write_b32 v4, v7\n"           /* A = 3 */
    "ds_write_b32 v4, v6 offset:64\n" /* B = A + 16 dwords: 7 */
    "ds_write_b32 v4, v5 offset:4\n"  /* the masked-or dword */
    "s_mov_b32 exec_lo, s20\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_barrier\n"
    "v_add3_u32 v8, 0x400, v3, v2\n" /* 0x400 + 4 l + w */
    "v_add_nc_u32 v9, 0xa1, v0\n"
    "ds_write_b8 v8, v9\n"
    "v_and_b32 v10, 1, v2\n"
    "v_lshlrev_b32 v10, 1, v10\n"
    "v_bfe_u32 v11, v2, 1, 1\n"
    "v_lshlrev_b32 v11, 7, v11\n"
    "v_add3_u32 v12, v3, v10, v11\n"
    "v_add_nc_u32 v12, 0x600, v12\n" /* 0x600 + 4 l + 2 (w & 1) + 128 (w >> 1) */
    "v_mul_lo_u32 v13, 0x1003, v0\n"
    "ds_write_b16 v12, v13\n"
    "v_lshlrev_b32 v14, v1, 1\n" /* mask: bit l */
    "v_and_b32 v15, 1, v1\n"
    "v_xor_b32 v15, 1, v15\n"
    "v_lshlrev_b32 v15, v1, v15\n" /* value: bit l in even lanes */
    "ds_mskor_b32 v4, v14, v15 offset:4\n"
    "ds_add_src2_u32 v4 offset:16\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_barrier\n"
    "ds_read_b32 v20, v3 offset:1024\n"
    "ds_read_b32 v21, v3 offset:1536\n"
    "ds_read_b32 v22, v3 offset:1664\n"
    "ds_read_b32 v23, v4\n"
    "ds_read_b32 v24, v4 offset:4\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_xor_b32 v23, v23, v24\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "s_endpgm\n";

static void four_waves(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  struct ir_translate_stats xs;
  struct ir_function *fn = translate_asm(
      four_waves_src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &xs);
  assert_int_equal(xs.unsupported_count, 0);
  struct spirv_emit_options opts = {
      .source_name = "four waves", .lds_bytes = LDS_SIZE, .waves = WAVES};
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  if (!ok) fprintf(stderr, "four waves: emit: %s\n", m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));
  uint8_t *dmem = malloc(WINDOW_SIZE), *imem = malloc(WINDOW_SIZE), *lds = calloc(1, LDS_SIZE);
  struct ir_interp_wave *iw = calloc(WAVES, sizeof *iw);
  struct spirv_wave_state *s = calloc(WAVES, sizeof *s);
  struct ir_interp_memory map[WAVES];
  assert_true(dmem && imem && lds && iw && s);
  for (uint32_t i = 0; i < WINDOW_SIZE / 4; i++) memcpy(imem + 4 * i, &(uint32_t){FILL}, 4);
  memcpy(dmem, imem, WINDOW_SIZE);
  struct ir_interp_wave *waves[WAVES];
  for (uint32_t w = 0; w < WAVES; w++) {
    iw[w].sgpr[0] = WINDOW;
    wave_start(&iw[w], &s[w], 32, &map[w], imem, WINDOW, WINDOW_SIZE, NULL, 0);
    for (uint32_t l = 0; l < 32; l++) iw[w].vgpr[0][l] = s[w].vgpr[0][l] = 32 * w + l;
    iw[w].lds = lds;
    iw[w].lds_size = LDS_SIZE;
    iw[w].wave_id = w;
    waves[w] = &iw[w];
  }
  char err[256];
  ok = ir_interp_run_group(fn, waves, WAVES, 100000, err, sizeof err);
  if (!ok) fprintf(stderr, "four waves: interpreter: %s\n", err);
  assert_true(ok);
  struct shader_dispatch_window win = {.addr = WINDOW, .data = dmem, .size = WINDOW_SIZE};
  ok = shader_dispatch_waves(dev, m.words, m.count, s, WAVES, (const uint32_t[3]){1, 1, 1}, &win,
                             err, sizeof err);
  if (!ok) fprintf(stderr, "four waves: dispatch: %s\n", err);
  assert_true(ok);
  /* the model */
  static uint8_t lm[LDS_SIZE];
  memset(lm, 0, sizeof lm);
  st(lm, 0x100, 3, 4), st(lm, 0x140, 7, 4), st(lm, 0x104, 0x0f0f0f0f, 4);
  for (uint32_t t = 0; t < 32 * WAVES; t++) {
    uint32_t l = t & 31, w = t >> 5;
    st(lm, 0x400 + 4 * l + w, 0xa1 + t, 1);
    st(lm, 0x600 + 4 * l + 2 * (w & 1) + 128 * (w >> 1), 0x1003u * t, 2);
    uint32_t m0 = (uint32_t)ld(lm, 0x104, 4), bit = 1u << l;
    st(lm, 0x104, (m0 & ~bit) | ((l & 1) ? 0 : bit), 4);
    st(lm, 0x100, ld(lm, 0x100, 4) + ld(lm, 0x140, 4), 4); /* B = A + 16 dwords */
  }
  unsigned bad = 0;
  for (uint32_t t = 0; t < 32 * WAVES; t++) {
    uint32_t l = t & 31;
    const uint32_t want[4] = {
        (uint32_t)ld(lm, 0x400 + 4 * l, 4), (uint32_t)ld(lm, 0x600 + 4 * l, 4),
        (uint32_t)ld(lm, 0x680 + 4 * l, 4), (uint32_t)(ld(lm, 0x100, 4) ^ ld(lm, 0x104, 4))};
    for (uint32_t i = 0; i < 4; i++) {
      uint32_t got = wave_word(dmem, 16 * t + 4 * i), in = wave_word(imem, 16 * t + 4 * i);
      if (got == want[i] && in == want[i]) continue;
      fprintf(stderr,
              "four waves: thread %u dword %u: device 0x%08x, interpreter 0x%08x, "
              "expected 0x%08x\n",
              t, i, got, in, want[i]);
      bad++;
    }
  }
  assert_int_equal(bad, 0);
  assert_memory_equal(dmem, imem, WINDOW_SIZE);
  free(dmem), free(imem), free(lds), free(iw), free(s);
  spirv_module_free(&m);
  ir_function_destroy(fn);
  kernels_passed++;
}

/* ---- gds_forms -------------------------------------------------------------------------- */

#define GDS_BYTES 0x1000u
#define GDS_ADDR 0x40000000ull /* where the GDS is mapped as a guest range */
#define GDS_BASE 0x100u        /* M0[31:16]: the wave's GDS window, M0[15:0] its size */
#define GDS_SIZE 0xc00u

static const char gds_src[] =
    "s_mov_b32 m0, 0x01000c00\n" LOAD_TABLES
    "ds_write_b32 v49, v30 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_and_b32 v2, 3, v0\n"
    "v_add_nc_u32 v52, v49, v2\n" /* 4l + (l & 3): halves at 3 across dwords */
    "ds_read_u8 v20, v52 gds\n"
    "ds_read_i8 v21, v52 gds\n"
    "ds_read_u16 v22, v52 gds\n"
    "ds_read_i16 v23, v52 gds\n"
    "v_mov_b32 v24, 0x12345678\n"
    "ds_read_u8_d16_hi v24, v52 gds\n"
    "v_mov_b32 v54, 0xc00\n"
    "ds_read_u16 v25, v54 gds\n" /* at the window's size 0xc00: outside, 0 */
    "v_mov_b32 v5, 0xcdcdcdcd\n"
    "v_add_nc_u32 v55, 0x100, v49\n"
    "ds_write_b32 v55, v5 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_add_nc_u32 v56, 0x100, v0\n"
    "ds_write_b8 v56, v31 gds\n"
    "v_lshlrev_b32 v7, 1, v0\n"
    "v_add_nc_u32 v57, 0x140, v7\n"
    "ds_write_b16_d16_hi v57, v30 gds\n"
    "ds_write_b16 v54, v30 gds\n" /* dropped */
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v26, v55 gds\n"
    "v_add_nc_u32 v58, 0x200, v49\n"
    "ds_write_b32 v58, v30 gds\n"
    "v_xor_b32 v2, 0x0ff00ff0, v31\n"
    "ds_mskor_rtn_b32 v27, v58, v31, v2 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v28, v58 gds\n"
    "v_add_nc_u32 v59, 0x300, v51\n"
    "ds_write_b64 v59, v[32:33] gds\n"
    "ds_mskor_rtn_b64 v[36:37], v59, v[34:35], v[30:31] gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[38:39], v59 gds\n"
    "v_mul_u32_u24 v7, 5, v0\n"
    "v_add_nc_u32 v60, 0x500, v49\n"
    "ds_write_b32 v60, v7 gds\n"
    "v_mov_b32 v8, 7\n"
    "v_mov_b32 v9, 100\n"
    "ds_wrap_rtn_b32 v29, v60, v8, v9 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v40, v60 gds\n"
    "v_add_nc_u32 v61, 0x600, v49\n"
    "ds_write_b32 v61, v30 gds\n"
    "ds_write_b32 v61, v31 offset:256 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_add_src2_u32 v61 offset:64 gds\n"
    "ds_rsub_src2_u32 v61 offset:64 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v41, v61 gds\n"
    "v_add_nc_u32 v62, 0x800, v51\n"
    "ds_write_b64 v62, v[32:33] gds\n"
    "ds_write_b64 v62, v[34:35] offset:512 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_add_src2_u64 v62 offset:128 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[42:43], v62 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dwordx4 v50, v[24:27], s[0:1] offset:16\n"
    "global_store_dwordx2 v50, v[28:29], s[0:1] offset:32\n"
    "global_store_dwordx4 v50, v[36:39], s[0:1] offset:40\n"
    "global_store_dwordx4 v50, v[40:43], s[0:1] offset:56\n"
    "s_endpgm\n";

static void gds_forms(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  if (!vk_device_has_int64_atomics(dev)) skip_because("no shaderBufferInt64Atomics");
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *gds = malloc(GDS_BYTES), *igds = NULL, *device, *interp;
    static uint8_t m[GDS_BYTES];
    assert_non_null(gds);
    for (uint32_t i = 0; i < GDS_BYTES; i++) gds[i] = m[i] = (uint8_t)(0x5a ^ i);
    struct wave_run r = {.name = "gds forms",
                         .src = gds_src,
                         .lanes = lanes,
                         .priv_bytes = 16,
                         .gds = gds,
                         .gds_interp = &igds,
                         .gds_bytes = GDS_BYTES,
                         .gds_addr = GDS_ADDR};
    run_kernel(&r, &device, &interp);
    uint8_t *g = m + GDS_BASE; /* the window */
    for (uint32_t l = 0; l < lanes; l++) st(g, 4 * l, a32[l], 4);
    uint32_t rd[64][6];
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t o = 4 * l + (l & 3), u8 = (uint32_t)ld(g, o, 1), u16 = (uint32_t)ld(g, o, 2);
      rd[l][0] = u8, rd[l][1] = sext(u8, 8), rd[l][2] = u16, rd[l][3] = sext(u16, 16);
      rd[l][4] = u8 << 16 | 0x5678u;
    }
    for (uint32_t l = 0; l < lanes; l++) st(g, 0x100 + 4 * l, 0xcdcdcdcdu, 4);
    for (uint32_t l = 0; l < lanes; l++) {
      st(g, 0x100 + l, b32[l], 1);
      st(g, 0x140 + 2 * l, a32[l] >> 16, 2);
    }
    unsigned bad = 0;
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t a = a32[l], b = b32[l], c = b ^ 0x0ff00ff0u;
      st(g, 0x200 + 4 * l, (a & ~b) | c, 4);
      uint64_t m64 = (a64[l] & ~b64[l]) | ((uint64_t)b << 32 | a);
      st(g, 0x300 + 8 * l, m64, 8);
      uint32_t w1 = (uint32_t)wrap(5 * l, 7 | 100ull << 32);
      st(g, 0x500 + 4 * l, w1, 4);
      uint32_t s = b - (a + b);
      st(g, 0x600 + 4 * l, s, 4), st(g, 0x700 + 4 * l, b, 4);
      st(g, 0x800 + 8 * l, a64[l] + b64[l], 8), st(g, 0xa00 + 8 * l, b64[l], 8);
      const uint32_t want[18] = {rd[l][0],
                                 rd[l][1],
                                 rd[l][2],
                                 rd[l][3],
                                 rd[l][4],
                                 0,
                                 (uint32_t)ld(g, 0x100 + 4 * l, 4),
                                 a,
                                 (a & ~b) | c,
                                 5 * l,
                                 (uint32_t)a64[l],
                                 (uint32_t)(a64[l] >> 32),
                                 (uint32_t)m64,
                                 (uint32_t)(m64 >> 32),
                                 w1,
                                 s,
                                 (uint32_t)(a64[l] + b64[l]),
                                 (uint32_t)((a64[l] + b64[l]) >> 32)};
      for (uint32_t i = 0; i < 18; i++) bad += check("gds forms", device, interp, l, i, want[i]);
    }
    /* ds_write_b32 of 0x100 + 4l (region 2) is done by the lanes before the byte stores;
     * the rest of the GDS, the model's */
    if (memcmp(gds, m, GDS_BYTES) != 0) {
      for (uint32_t i = 0; i < GDS_BYTES; i++)
        if (gds[i] != m[i]) {
          fprintf(stderr, "gds byte 0x%x: device 0x%02x, expected 0x%02x\n", i, gds[i], m[i]);
          bad++;
          break;
        }
    }
    if (memcmp(gds, igds, GDS_BYTES) != 0) {
      fprintf(stderr, "gds: the device's and the interpreter's differ\n");
      bad++;
    }
    free(gds);
    free(igds);
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- clock_and_messages ------------------------------------------------------------------- */

static const char clock_src[] =
    "s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)\n"
    "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)\n"
    "s_memtime s[4:5]\n"
    "s_memrealtime s[6:7]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_mov_b32 s10, 3000\n"
    "loop:\n"
    "s_sub_u32 s10, s10, 1\n"
    "s_cmp_lg_u32 s10, 0\n"
    "s_cbranch_scc1 loop\n"
    "s_memtime s[8:9]\n"
    "s_memrealtime s[12:13]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "v_mov_b32 v20, s4\n"
    "v_mov_b32 v21, s5\n"
    "v_mov_b32 v22, s6\n"
    "v_mov_b32 v23, s7\n"
    "v_mov_b32 v24, s8\n"
    "v_mov_b32 v25, s9\n"
    "v_mov_b32 v26, s12\n"
    "v_mov_b32 v27, s13\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dwordx4 v50, v[24:27], s[0:1] offset:16\n"
    "s_endpgm\n";

/* the emitter's refusal of SRC (wave32) under SHADER_CLOCK: its message must contain WANT */
static void refused(const char *src, uint32_t shader_clock, const char *want) {
  struct ir_translate_stats st;
  struct ir_function *fn =
      translate_asm(src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
  struct spirv_emit_options o = {.shader_clock = shader_clock};
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &o, &m);
  if (ok || !strstr(m.error, want))
    fprintf(stderr, "expected a refusal naming \"%s\", got %s\n", want, ok ? "a module" : m.error);
  assert_false(ok);
  assert_non_null(strstr(m.error, want));
  ir_function_destroy(fn);
}

static void clock_and_messages(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  refused(clock_src, 0, "s_memtime");
  refused(clock_src, 0, "shaderSubgroupClock or shaderDeviceClock");
  refused(clock_src, SPIRV_CLOCK_SUBGROUP, "s_memrealtime");
  refused(clock_src, SPIRV_CLOCK_SUBGROUP, "shaderDeviceClock");
  refused("s_sendmsg sendmsg(MSG_INTERRUPT)\ns_endpgm\n", 0, "MSG_INTERRUPT");
  refused("s_sendmsg sendmsg(MSG_HALT_WAVES)\ns_endpgm\n", 0, "MSG_HALT_WAVES");
  refused("s_sendmsghalt sendmsg(MSG_GS_ALLOC_REQ)\ns_endpgm\n", 0, "s_sendmsghalt");
  if (!dev) skip_because("no Vulkan device");
  uint32_t clock = shader_dispatch_clock(dev);
  if (!(clock & SPIRV_CLOCK_DEVICE)) skip_because("no shaderDeviceClock (VK_KHR_shader_clock)");
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    struct wave_run r = {
        .name = "clock", .src = clock_src, .lanes = lanes, .priv_bytes = 16, .shader_clock = clock};
    run_kernel(&r, &device, &interp);
    unsigned bad = 0;
    uint64_t t0 = wave_qword(device, 0), r0 = wave_qword(device, 8);
    uint64_t t1 = wave_qword(device, 16), r1 = wave_qword(device, 24);
    if (!(t1 > t0) || !(r1 > r0) || !r0) {
      fprintf(stderr, "clock: s_memtime 0x%llx -> 0x%llx, s_memrealtime 0x%llx -> 0x%llx\n",
              (unsigned long long)t0, (unsigned long long)t1, (unsigned long long)r0,
              (unsigned long long)r1);
      bad++;
    }
    printf("clock (wave%u): s_memtime +%llu, s_memrealtime +%llu across the loop\n", lanes,
           (unsigned long long)(t1 - t0), (unsigned long long)(r1 - r0));
    for (uint32_t l = 1; l < lanes; l++) /* a scalar value: the same in every lane */
      if (memcmp(device, device + 128 * l, 32) != 0) {
        fprintf(stderr, "clock: lane %u's values differ from lane 0's\n", l);
        bad++;
        break;
      }
    for (uint32_t l = 0; l < lanes; l++) { /* the interpreter's clock is its state's */
      memset(device + 128 * l, 0, 32);
      memset(interp + 128 * l, 0, 32);
    }
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

int main(void) {
  tables();
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(lds_sub),
                                     cmocka_unit_test(same_dword_stores),
                                     cmocka_unit_test(lds_mskor_src2_wrap),
                                     cmocka_unit_test(condxchg),
                                     cmocka_unit_test(four_waves),
                                     cmocka_unit_test(gds_forms),
                                     cmocka_unit_test(clock_and_messages)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_lds_sub: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return test_skip_status(r);
}
