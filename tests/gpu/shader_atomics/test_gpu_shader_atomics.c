/* The atomics SPIR-V has no instruction for, on the Vulkan device (lavapipe in CI) in wave32
 * and wave64, each kernel (llvm-mc-19 at test time) also run in the IR interpreter from the
 * same start; every module passes spirv-val. Expected values are computed here in C from the
 * GFX10 ISA's pseudocode (inc: old >= src ? 0 : old + 1; dec: old == 0 || old > src ? src :
 * old - 1; rsub: src - old; cmpst/cmpswap: old == cmp ? src : old, as floats for the _f32/_f64
 * and fcmpswap forms) and the float rules of docs/shader-spirv.md (*Float atomics*), written
 * with C float compares, not the interpreter's bit order:
 * - lds_atomics_32: ds_inc/dec/rsub_rtn_u32, ds_add/min_rtn_f32, ds_max_f32, ds_cmpst_rtn_f32
 *   on a dword per lane over special operands (signed zeros, denormals, infinities, quiet and
 *   signalling NaNs, ties); then every lane on one dword: ds_inc_rtn_u32, ds_max_rtn_f32,
 *   ds_add_rtn_f32.
 * - lds_atomics_64: ds_add/inc/dec/rsub_rtn_u64, ds_cmpst_rtn_b64, ds_min_rtn_f64,
 *   ds_max_f64, ds_cmpst_rtn_f64 on a qword per lane, an add at a 4- but not 8-byte aligned
 *   address; every lane on one qword: ds_add_rtn_u64, ds_min_rtn_f64, ds_max_rtn_u64.
 * - global_buffer_atomics: global_atomic_fmin/fmax/fcmpswap, _fmax_x2/_fcmpswap_x2/_inc_x2/
 *   _dec_x2, buffer_atomic_fmax, _add_x2/_cmpswap_x2/_fmin_x2 (a raw V#); every lane on one
 *   address: global_atomic_fmax, global_atomic_inc_x2, buffer_atomic_add_x2.
 * - flat_atomics_x2: FLAT _x2 atomics into global memory (add, fmin) and into LDS through
 *   the shared aperture (umax, fmax, cmpswap, inc), every lane adding to one LDS qword.
 * Where every lane works on one address, the final memory must be the C value and the
 * values returned to the lanes those of some serial order of the lanes' operations
 * (serial_order); those returned values are the only bytes the interpreter (lanes in
 * order) and the device may disagree on, all other bytes of the windows must be equal. */
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
#define TABLE 0x2000u  /* window offsets: f32 A at +0, B at +0x100, f64 A at +0x200, B at +0x400 */
#define SHARED 0x3f00u /* the global dwords every lane works on */
#define LDS_SIZE 4096u

static vk_device *dev;
static unsigned kernels_passed;
static uint32_t a32[64], b32[64];
static uint64_t a64[64], b64[64];

/* ---- the rules in C ---------------------------------------------------------------------- */

static float f32(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}
static uint32_t bits32(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}
static double f64(uint64_t b) {
  double d;
  memcpy(&d, &b, 8);
  return d;
}
/* the value of the bits A (f32 in the low half unless WIDE) as a double (exact) */
static double value(bool wide, uint64_t a) { return wide ? f64(a) : (double)f32((uint32_t)a); }

/* fmin/fmax: a NaN operand gives the other, two NaNs the memory one quieted, -0 below +0 */
static uint64_t ref_minmax(bool max, bool wide, uint64_t mem, uint64_t data) {
  uint64_t quiet = wide ? 1ull << 51 : 1ull << 22, sign = wide ? 1ull << 63 : 1ull << 31;
  double x = value(wide, mem), y = value(wide, data);
  if (isnan(x) && isnan(y)) return mem | quiet;
  if (isnan(x)) return data;
  if (isnan(y)) return mem;
  if (x < y) return max ? data : mem;
  if (y < x) return max ? mem : data;
  if (mem == data || (mem & sign) == (data & sign)) return mem;
  return ((mem & sign) != 0) == max ? data : mem; /* -0 and +0 */
}
static uint64_t fmin32(uint64_t m, uint64_t d) { return ref_minmax(false, false, m, d); }
static uint64_t fmax32(uint64_t m, uint64_t d) { return ref_minmax(true, false, m, d); }
static uint64_t fmin64(uint64_t m, uint64_t d) { return ref_minmax(false, true, m, d); }
static uint64_t fmax64(uint64_t m, uint64_t d) { return ref_minmax(true, true, m, d); }
/* fadd (f32): a NaN operand quieted (the memory one first), an invalid sum 0x7fc00000 */
static uint64_t fadd32(uint64_t m, uint64_t d) {
  float x = f32((uint32_t)m), y = f32((uint32_t)d);
  if (isnan(x)) return (uint32_t)m | 1u << 22;
  if (isnan(y)) return (uint32_t)d | 1u << 22;
  float r = x + y;
  return isnan(r) ? 0x7fc00000u : bits32(r);
}
static bool feq(bool wide, uint64_t a, uint64_t b) { return value(wide, a) == value(wide, b); }
static uint64_t inc(uint64_t m, uint64_t d) { return m >= d ? 0 : m + 1; }
static uint64_t dec(uint64_t m, uint64_t d) { return m == 0 || m > d ? d : m - 1; }
static uint64_t inc32(uint64_t m, uint64_t d) { return inc(m, d) & 0xffffffffu; }
static uint64_t add64(uint64_t m, uint64_t d) { return m + d; }
static uint64_t umax64(uint64_t m, uint64_t d) { return d > m ? d : m; }

/* ---- the operands ------------------------------------------------------------------------ */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) { return wave_xorshift64(&rng); }

/* memory and data operands: special pairs first, then random values of every magnitude
 * (random bits, some NaNs and denormals among them) and a few equal pairs */
static void tables(void) {
  static const uint32_t s32[][2] = {
      {0x3f800000, 0x40000000}, /* 1, 2 */
      {0x80000000, 0x00000000}, /* -0, +0 */
      {0x00000000, 0x80000000}, /* +0, -0 */
      {0x7fc00001, 0x3f800000}, /* quiet NaN, 1 */
      {0x3f800000, 0x7f800005}, /* 1, signalling NaN */
      {0xff800003, 0x7fc00009}, /* signalling NaN, quiet NaN */
      {0x7f800000, 0xff800000}, /* +inf, -inf: an invalid sum */
      {0x00000003, 0x80000001}, /* denormals: an exact denormal sum */
      {0x00400000, 0x00400000}, /* two denormals making the smallest normal */
      {0x40400000, 0x40400000}, /* 3, 3: equal */
      {0x3f800000, 0x0da24260}, /* 1 + 1e-30 rounds to 1 */
      {0x4b800000, 0x3f800000}, /* 2^24 + 1: a tie to even */
      {0xff800000, 0x7fc00000}, /* -inf, NaN */
      {0x7f7fffff, 0x7f7fffff}, /* the largest finite twice: overflow */
      {0xc0b00000, 0x40e80000}, /* -5.5, 7.25 */
      {0x80000001, 0x80000000}, /* the smallest negative denormal, -0 */
  };
  static const uint64_t s64[][2] = {
      {0x3ff0000000000000ull, 0x4000000000000000ull},
      {0x8000000000000000ull, 0},
      {0, 0x8000000000000000ull},
      {0x7ff8000000000001ull, 0x3ff0000000000000ull}, /* quiet NaN, 1 */
      {0x3ff0000000000000ull, 0x7ff0000000000005ull}, /* 1, signalling NaN */
      {0xfff0000000000003ull, 0x7ff8000000000009ull}, /* two NaNs */
      {0x7ff0000000000000ull, 0xfff0000000000000ull}, /* +inf, -inf */
      {3, 0x8000000000000001ull},                     /* denormals */
      {0x4008000000000000ull, 0x4008000000000000ull}, /* 3, 3 */
      {0x8000000000000001ull, 0x8000000000000000ull}, /* the smallest negative denormal, -0 */
  };
  for (uint32_t l = 0; l < 64; l++) {
    uint64_t r = next();
    a32[l] = (uint32_t)r;
    b32[l] = (uint32_t)(r >> 32);
    a64[l] = next();
    b64[l] = next();
    if (l % 5 == 0) b32[l] = a32[l] ^ (1u << (l % 23)); /* near */
    if (l % 7 == 0) b64[l] = a64[l] ^ (1ull << (l % 52));
    if (l % 11 == 3) b32[l] = a32[l], b64[l] = a64[l]; /* equal */
  }
  for (uint32_t i = 0; i < sizeof s32 / sizeof *s32; i++) a32[i] = s32[i][0], b32[i] = s32[i][1];
  for (uint32_t i = 0; i < sizeof s64 / sizeof *s64; i++) a64[i] = s64[i][0], b64[i] = s64[i][1];
}

/* ---- running and checking -------------------------------------------------------------- */

static void run_kernel(const char *name, const char *src, uint32_t lanes, const uint32_t *vsharp,
                       uint8_t **device, uint8_t **interp) {
  static uint8_t table[0x600];
  memcpy(table, a32, 0x100);
  memcpy(table + 0x100, b32, 0x100);
  memcpy(table + 0x200, a64, 0x200);
  memcpy(table + 0x400, b64, 0x200);
  struct wave_run r = {.name = name,
                       .src = src,
                       .lanes = lanes,
                       .window = WINDOW,
                       .window_size = WINDOW_SIZE,
                       .fill = FILL,
                       .table = table,
                       .table_at = TABLE,
                       .table_bytes = sizeof table,
                       .lds_bytes = LDS_SIZE,
                       .priv_bytes = 16,
                       .sgpr = {WINDOW, 0}};
  if (vsharp) memcpy(&r.sgpr[4], vsharp, 16); /* s[4:7] */
  wave_run(dev, &r, device, interp);
}

/* Dword I of lane L's 32 output dwords (at 128 L) must be WANT on both. */
static unsigned check(const char *name, const uint8_t *device, const uint8_t *interp, uint32_t l,
                      uint32_t i, uint32_t want) {
  return wave_check(name, device, interp, 0, l, i, want);
}
static unsigned check64(const char *name, const uint8_t *device, const uint8_t *interp, uint32_t l,
                        uint32_t i, uint64_t want) {
  return check(name, device, interp, l, i, (uint32_t)want) +
         check(name, device, interp, l, i + 1, (uint32_t)(want >> 32));
}

/* ---- lds_atomics_32 --------------------------------------------------------------------- */

static const char lds32_src[] =
    "v_lshlrev_b32 v51, 2, v0\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "v_add_nc_u32 v52, 0x2000, v51\n"
    "global_load_dword v30, v52, s[0:1]\n"
    "global_load_dword v31, v52, s[0:1] offset:256\n"
    "s_waitcnt vmcnt(0)\n"
    "ds_write_b32 v51, v0\n"
    "v_mov_b32 v2, 20\n"
    "ds_inc_rtn_u32 v20, v51, v2\n"
    "v_mov_b32 v3, 10\n"
    "ds_dec_rtn_u32 v21, v51, v3\n"
    "v_mov_b32 v4, 100\n"
    "ds_rsub_rtn_u32 v22, v51, v4\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v23, v51\n"
    "v_add_nc_u32 v54, 0x100, v51\n"
    "ds_write_b32 v54, v30\n"
    "ds_add_rtn_f32 v24, v54, v31\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v25, v54\n"
    "ds_write_b32 v54, v30\n"
    "ds_min_rtn_f32 v26, v54, v31\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v27, v54\n"
    "ds_write_b32 v54, v30\n"
    "ds_max_f32 v54, v31\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v28, v54\n"
    "ds_write_b32 v54, v30\n"
    "v_mov_b32 v5, 0x12345678\n"
    "ds_cmpst_rtn_f32 v29, v54, v31, v5\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v32, v54\n"
    /* every lane on one dword */
    "v_mov_b32 v55, 0x300\n"
    "v_mov_b32 v6, 5\n"
    "ds_write_b32 v55, v6\n"
    "v_mov_b32 v7, 40\n"
    "ds_inc_rtn_u32 v33, v55, v7\n"
    "v_mov_b32 v8, 0xff800000\n"
    "ds_write_b32 v55, v8 offset:4\n"
    "ds_max_rtn_f32 v34, v55, v31 offset:4\n"
    "v_mov_b32 v9, 0\n"
    "ds_write_b32 v55, v9 offset:8\n"
    "v_cvt_f32_u32 v10, v0\n"
    "v_add_f32 v10, 1.0, v10\n"
    "ds_add_rtn_f32 v35, v55, v10 offset:8\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v36, v55\n"
    "ds_read_b32 v37, v55 offset:4\n"
    "ds_read_b32 v38, v55 offset:8\n"
    "v_mov_b32 v39, 0\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dwordx4 v50, v[24:27], s[0:1] offset:16\n"
    "global_store_dwordx4 v50, v[28:31], s[0:1] offset:32\n"
    "global_store_dwordx4 v50, v[32:35], s[0:1] offset:48\n"
    "global_store_dwordx4 v50, v[36:39], s[0:1] offset:64\n"
    "s_endpgm\n";

static void lds_atomics_32(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    run_kernel("lds atomics 32", lds32_src, lanes, NULL, &device, &interp);
    unsigned bad = 0;
    uint64_t incs = 5, maxs = 0xff800000u, adds = 0, vinc[64], vmax[64], vadd[64];
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t a = a32[l], b = b32[l];
      uint32_t x1 = (uint32_t)inc(l, 20), x2 = (uint32_t)dec(x1, 10);
      const uint32_t want[13] = {l,
                                 x1,
                                 x2,
                                 100 - x2,
                                 a,
                                 (uint32_t)fadd32(a, b),
                                 a,
                                 (uint32_t)fmin32(a, b),
                                 (uint32_t)fmax32(a, b),
                                 a,
                                 a,
                                 b,
                                 feq(false, a, b) ? 0x12345678u : a};
      for (uint32_t i = 0; i < 13; i++)
        bad += check("lds atomics 32", device, interp, l, i, want[i]);
      vinc[l] = 40, vmax[l] = b, vadd[l] = bits32((float)(l + 1));
      incs = inc32(incs, 40), maxs = fmax32(maxs, b), adds = fadd32(adds, vadd[l]);
    }
    for (uint32_t l = 0; l < lanes; l++) {
      bad += check("lds atomics 32 (one dword)", device, interp, l, 16, (uint32_t)incs);
      bad += check("lds atomics 32 (one dword)", device, interp, l, 17, (uint32_t)maxs);
      bad += check("lds atomics 32 (one dword)", device, interp, l, 18, (uint32_t)adds);
    }
    bad +=
        wave_contended("ds_inc_rtn_u32", device, interp, lanes, 52, 128, 4, vinc, 5, incs, inc32);
    bad += wave_contended("ds_max_rtn_f32", device, interp, lanes, 56, 128, 4, vmax, 0xff800000u,
                          maxs, fmax32);
    bad +=
        wave_contended("ds_add_rtn_f32", device, interp, lanes, 60, 128, 4, vadd, 0, adds, fadd32);
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- lds_atomics_64 ----------------------------------------------------------------------- */

static const char lds64_src[] =
    "v_lshlrev_b32 v51, 3, v0\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "v_add_nc_u32 v52, 0x2200, v51\n"
    "global_load_dwordx2 v[60:61], v52, s[0:1]\n"
    "global_load_dwordx2 v[62:63], v52, s[0:1] offset:512\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mov_b32 v2, -2\n"
    "v_mov_b32 v3, v0\n"
    "ds_write_b64 v51, v[2:3]\n"
    "v_mov_b32 v4, 3\n"
    "v_mov_b32 v5, 0\n"
    "ds_add_rtn_u64 v[10:11], v51, v[4:5]\n"
    "v_mov_b32 v6, 5\n"
    "v_lshrrev_b32 v7, 1, v0\n"
    "ds_inc_rtn_u64 v[12:13], v51, v[6:7]\n"
    "v_mov_b32 v8, 10\n"
    "v_mov_b32 v9, v0\n"
    "ds_dec_rtn_u64 v[14:15], v51, v[8:9]\n"
    "v_mov_b32 v4, 100\n"
    "v_mov_b32 v5, 0x1000\n"
    "ds_rsub_rtn_u64 v[16:17], v51, v[4:5]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[18:19], v51\n"
    "v_mov_b32 v2, 0x11\n"
    "ds_write_b64 v51, v[2:3]\n"
    "v_and_b32 v4, 1, v0\n"
    "v_mul_lo_u32 v5, v0, v4\n"
    "v_mov_b32 v4, 0x11\n"
    "v_mov_b32 v6, 0x99\n"
    "v_mov_b32 v7, 0x77\n"
    "ds_cmpst_rtn_b64 v[20:21], v51, v[4:5], v[6:7]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[22:23], v51\n"
    "v_add_nc_u32 v53, 0x200, v51\n"
    "ds_write_b64 v53, v[60:61]\n"
    "ds_min_rtn_f64 v[24:25], v53, v[62:63]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[26:27], v53\n"
    "ds_write_b64 v53, v[60:61]\n"
    "ds_max_f64 v53, v[62:63]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[28:29], v53\n"
    "ds_write_b64 v53, v[60:61]\n"
    "v_mov_b32 v6, 0x12345678\n"
    "v_mov_b32 v7, 0x9abcdef0\n"
    "ds_cmpst_rtn_f64 v[30:31], v53, v[62:63], v[6:7]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[32:33], v53\n"
    /* 4- but not 8-byte aligned */
    "v_lshlrev_b32 v54, 4, v0\n"
    "v_add_nc_u32 v54, 0x404, v54\n"
    "v_mov_b32 v2, -1\n"
    "v_mov_b32 v3, v0\n"
    "ds_write_b64 v54, v[2:3]\n"
    "v_mov_b32 v4, 1\n"
    "v_mov_b32 v5, 0\n"
    "ds_add_rtn_u64 v[34:35], v54, v[4:5]\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[42:43], v54\n"
    /* every lane on one qword */
    "v_mov_b32 v55, 0xf00\n"
    "v_mov_b32 v2, 0\n"
    "v_mov_b32 v3, 0\n"
    "ds_write_b64 v55, v[2:3]\n"
    "v_mov_b32 v4, 0x80000000\n"
    "v_add_nc_u32 v5, 1, v0\n"
    "ds_add_rtn_u64 v[36:37], v55, v[4:5]\n"
    "v_mov_b32 v3, 0x7ff00000\n"
    "ds_write_b64 v55, v[2:3] offset:8\n"
    "ds_min_rtn_f64 v[38:39], v55, v[62:63] offset:8\n"
    "v_mov_b32 v3, 0\n"
    "ds_write_b64 v55, v[2:3] offset:16\n"
    "v_mul_lo_u32 v4, 0x9e3779b9, v0\n"
    "v_mul_u32_u24 v5, 7, v0\n"
    "v_and_b32 v5, 15, v5\n"
    "ds_max_rtn_u64 v[40:41], v55, v[4:5] offset:16\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[44:45], v55\n"
    "ds_read_b64 v[46:47], v55 offset:8\n"
    "ds_read_b64 v[48:49], v55 offset:16\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v50, v[10:13], s[0:1]\n"
    "global_store_dwordx4 v50, v[14:17], s[0:1] offset:16\n"
    "global_store_dwordx4 v50, v[18:21], s[0:1] offset:32\n"
    "global_store_dwordx4 v50, v[22:25], s[0:1] offset:48\n"
    "global_store_dwordx4 v50, v[26:29], s[0:1] offset:64\n"
    "global_store_dwordx4 v50, v[30:33], s[0:1] offset:80\n"
    "global_store_dwordx4 v50, v[34:37], s[0:1] offset:96\n"
    "global_store_dwordx4 v50, v[38:41], s[0:1] offset:112\n"
    "v_add_nc_u32 v56, 0x2800, v51\n"
    "global_store_dwordx2 v56, v[42:43], s[0:1]\n"
    "v_mov_b32 v57, 0x2c00\n"
    "global_store_dwordx4 v57, v[44:47], s[0:1]\n"
    "global_store_dwordx2 v57, v[48:49], s[0:1] offset:16\n"
    "s_endpgm\n";

static void lds_atomics_64(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    run_kernel("lds atomics 64", lds64_src, lanes, NULL, &device, &interp);
    unsigned bad = 0;
    uint64_t adds = 0, mins = 0x7ff0000000000000ull, maxs = 0, vadd[64], vmax[64];
    for (uint32_t l = 0; l < lanes; l++) {
      uint64_t L = (uint64_t)l << 32, a = a64[l], b = b64[l];
      uint64_t m0 = L | 0xfffffffeu, m1 = m0 + 3, m2 = inc(m1, (uint64_t)(l >> 1) << 32 | 5);
      uint64_t m3 = dec(m2, L | 10), m4 = (0x1000ull << 32 | 100) - m3;
      uint64_t k = L | 0x11, cmp = (uint64_t)(l * (l & 1)) << 32 | 0x11;
      const uint64_t want[12] = {m0,
                                 m1,
                                 m2,
                                 m3,
                                 m4,
                                 k,
                                 k == cmp ? 0x7700000099ull : k,
                                 a,
                                 fmin64(a, b),
                                 fmax64(a, b),
                                 a,
                                 feq(true, a, b) ? 0x9abcdef012345678ull : a};
      for (uint32_t i = 0; i < 12; i++)
        bad += check64("lds atomics 64", device, interp, l, 2 * i, want[i]);
      bad += check64("lds atomics 64 (unaligned)", device, interp, l, 24, L | 0xffffffffu);
      uint64_t got = wave_qword(device, 0x2800 + 8 * l);
      if (got != L + (1ull << 32))
        fprintf(stderr, "unaligned add lane %u: 0x%016llx\n", l, (unsigned long long)got), bad++;
      vadd[l] = (uint64_t)(l + 1) << 32 | 0x80000000u;
      vmax[l] = (uint64_t)((7 * l) & 15) << 32 | (uint32_t)(l * 0x9e3779b9u);
      adds += vadd[l], mins = fmin64(mins, b), maxs = umax64(maxs, vmax[l]);
    }
    const uint64_t finals[3] = {adds, mins, maxs};
    for (uint32_t i = 0; i < 3; i++)
      if (wave_qword(device, 0x2c00 + 8 * i) != finals[i])
        fprintf(stderr, "one qword %u: 0x%016llx, expected 0x%016llx\n", i,
                (unsigned long long)wave_qword(device, 0x2c00 + 8 * i),
                (unsigned long long)finals[i]),
            bad++;
    bad +=
        wave_contended("ds_add_rtn_u64", device, interp, lanes, 104, 128, 8, vadd, 0, adds, add64);
    bad += wave_contended("ds_min_rtn_f64", device, interp, lanes, 112, 128, 8, b64,
                          0x7ff0000000000000ull, mins, fmin64);
    bad +=
        wave_contended("ds_max_rtn_u64", device, interp, lanes, 120, 128, 8, vmax, 0, maxs, umax64);
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- global_buffer_atomics ---------------------------------------------------------------- */

#define BUF 0x3400u /* the raw V#'s base (window offset), 0x800 bytes */
static const char global_src[] =
    "v_lshlrev_b32 v51, 2, v0\n"
    "v_lshlrev_b32 v52, 3, v0\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "v_add_nc_u32 v53, 0x2000, v51\n"
    "global_load_dword v60, v53, s[0:1]\n"
    "global_load_dword v61, v53, s[0:1] offset:256\n"
    "v_add_nc_u32 v54, 0x2200, v52\n"
    "global_load_dwordx2 v[56:57], v54, s[0:1]\n"
    "global_load_dwordx2 v[58:59], v54, s[0:1] offset:512\n"
    "s_waitcnt vmcnt(0)\n"
    "v_add_nc_u32 v55, 0x3000, v51\n"
    "global_store_dword v55, v60, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "global_atomic_fmin v10, v55, v61, s[0:1] glc\n"
    "s_waitcnt vmcnt(0)\n"
    "global_load_dword v11, v55, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "global_store_dword v55, v60, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "global_atomic_fmax v55, v61, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "global_load_dword v12, v55, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "global_store_dword v55, v60, s[0:1]\n"
    "v_mov_b32 v2, 0x12345678\n"
    "v_mov_b32 v3, v61\n"
    "s_waitcnt vmcnt(0)\n"
    "global_atomic_fcmpswap v13, v55, v[2:3], s[0:1] glc\n"
    "s_waitcnt vmcnt(0)\n"
    "global_load_dword v14, v55, s[0:1]\n"
    "v_mov_b32 v15, 0\n"
    "v_add_nc_u32 v53, 0x3200, v52\n"
    "global_store_dwordx2 v53, v[56:57], s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "global_atomic_fmax_x2 v[16:17], v53, v[58:59], s[0:1] glc\n"
    "s_waitcnt vmcnt(0)\n"
    "global_load_dwordx2 v[18:19], v53, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n"
    "global_store_dwordx2 v53, v[56:57], s[0:1]\n"
    "v_mov_b32 v2, 0x12345678\n"
    "v_mov_b32 v3, 0x9abcdef0\n"
    "v_mov_b32 v4, v58\n"
    "v_mov_b32 v5, v59\n"
    "s_waitcnt vmcnt(0)\n"
    "global_atomic_fcmpswap_x2 v[20:21], v53, v[2:5], s[0:1] glc\n"
    "s_waitcnt vmcnt(0)\n"
    "global_load_dwordx2 v[22:23], v53, s[0:1]\n"
    "v_mov_b32 v2, v0\n"
    "v_mov_b32 v3, 0\n"
    "s_waitcnt vmcnt(0)\n"
    "global_store_dwordx2 v53, v[2:3], s[0:1]\n"
    "v_mov_b32 v4, 20\n"
    "v_mov_b32 v5, 0\n"
    "s_waitcnt vmcnt(0)\n"
    "global_atomic_inc_x2 v[24:25], v53, v[4:5], s[0:1] glc\n"
    "v_mov_b32 v6, 10\n"
    "v_mov_b32 v7, 0\n"
    "s_waitcnt vmcnt(0)\n"
    "global_atomic_dec_x2 v[26:27], v53, v[6:7], s[0:1] glc\n"
    "s_waitcnt vmcnt(0)\n"
    "global_load_dwordx2 v[28:29], v53, s[0:1]\n"
    /* MUBUF through the raw V# in s[4:7] */
    "buffer_store_dword v60, v51, s[4:7], 0 offen\n"
    "v_mov_b32 v30, v61\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_atomic_fmax v30, v51, s[4:7], 0 offen glc\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_load_dword v31, v51, s[4:7], 0 offen\n"
    "v_add_nc_u32 v53, 0x100, v52\n"
    "v_mov_b32 v2, -2\n"
    "v_mov_b32 v3, v0\n"
    "buffer_store_dwordx2 v[2:3], v53, s[4:7], 0 offen\n"
    "v_mov_b32 v32, 3\n"
    "v_mov_b32 v33, 0\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_atomic_add_x2 v[32:33], v53, s[4:7], 0 offen glc\n"
    "v_mov_b32 v34, 0x55\n"
    "v_mov_b32 v35, 0x66\n"
    "v_and_b32 v36, 1, v0\n"
    "v_add_nc_u32 v7, 1, v0\n"
    "v_mul_lo_u32 v37, v7, v36\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_atomic_cmpswap_x2 v[34:37], v53, s[4:7], 0 offen glc\n"
    "v_add_nc_u32 v54, 0x300, v52\n"
    "buffer_store_dwordx2 v[56:57], v54, s[4:7], 0 offen\n"
    "v_mov_b32 v38, v58\n"
    "v_mov_b32 v39, v59\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_atomic_fmin_x2 v[38:39], v54, s[4:7], 0 offen glc\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_load_dwordx2 v[40:41], v53, s[4:7], 0 offen\n"
    "buffer_load_dwordx2 v[42:43], v54, s[4:7], 0 offen\n"
    "s_waitcnt vmcnt(0)\n"
    "v_mov_b32 v36, v38\n"
    "v_mov_b32 v37, v39\n"
    /* every lane on one address */
    "v_mov_b32 v55, 0x3f00\n"
    "v_mov_b32 v2, 0xff800000\n"
    "v_mov_b32 v3, 0\n"
    "v_mov_b32 v4, 35\n"
    "v_mov_b32 v5, 0\n"
    "global_store_dwordx2 v55, v[2:3], s[0:1]\n"
    "global_store_dwordx2 v55, v[4:5], s[0:1] offset:8\n"
    "s_waitcnt vmcnt(0)\n"
    "global_atomic_fmax v44, v55, v61, s[0:1] glc\n"
    "v_mov_b32 v45, 0\n"
    "v_mov_b32 v4, 40\n"
    "v_mov_b32 v5, 0\n"
    "global_atomic_inc_x2 v[46:47], v55, v[4:5], s[0:1] offset:8 glc\n"
    "v_mov_b32 v6, 0x7f0\n"
    "v_mov_b32 v2, 0\n"
    "buffer_store_dwordx2 v[2:3], v6, s[4:7], 0 offen\n"
    "v_mov_b32 v48, 0x80000000\n"
    "v_add_nc_u32 v49, 1, v0\n"
    "s_waitcnt vmcnt(0)\n"
    "buffer_atomic_add_x2 v[48:49], v6, s[4:7], 0 offen glc\n"
    "s_waitcnt vmcnt(0)\n"
    "global_store_dwordx4 v50, v[10:13], s[0:1]\n"
    "global_store_dwordx4 v50, v[14:17], s[0:1] offset:16\n"
    "global_store_dwordx4 v50, v[18:21], s[0:1] offset:32\n"
    "global_store_dwordx4 v50, v[22:25], s[0:1] offset:48\n"
    "global_store_dwordx4 v50, v[26:29], s[0:1] offset:64\n"
    "global_store_dwordx4 v50, v[30:33], s[0:1] offset:80\n"
    "global_store_dwordx4 v50, v[34:37], s[0:1] offset:96\n"
    "global_store_dwordx4 v50, v[40:43], s[0:1] offset:112\n"
    "v_lshlrev_b32 v57, 4, v0\n"
    "v_add_nc_u32 v57, 0x2800, v57\n"
    "global_store_dwordx4 v57, v[44:47], s[0:1]\n"
    "v_add_nc_u32 v58, 0x2c00, v52\n"
    "global_store_dwordx2 v58, v[48:49], s[0:1]\n"
    "s_endpgm\n";

static void global_buffer_atomics(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  if (!vk_device_has_int64_atomics(dev)) skip_because("no shaderBufferInt64Atomics");
  struct ir_vsharp vs = {.base = WINDOW + BUF,
                         .stride = 0,
                         .num_records = 0x800,
                         .dst_sel = {4, 5, 6, 7},
                         .format = 20 /* 32 UINT */,
                         .resource_level = 1,
                         .oob_select = IR_OOB_RAW};
  uint32_t d[4];
  ir_vsharp_encode(&vs, d);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    run_kernel("global and buffer atomics", global_src, lanes, d, &device, &interp);
    unsigned bad = 0;
    uint64_t maxs = 0xff800000u, incs = 35, adds = 0, vmax[64], vinc[64], vadd[64];
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t a = a32[l], b = b32[l];
      uint64_t A = a64[l], B = b64[l], L = (uint64_t)l << 32;
      const uint32_t want32[6] = {
          a, (uint32_t)fmin32(a, b), (uint32_t)fmax32(a, b), a, feq(false, a, b) ? 0x12345678u : a,
          0};
      for (uint32_t i = 0; i < 6; i++)
        bad += check("global atomics", device, interp, l, i, want32[i]);
      uint64_t i1 = inc(l, 20);
      const uint64_t want64[6] = {
          A, fmax64(A, B), A, feq(true, A, B) ? 0x9abcdef012345678ull : A, l, i1};
      for (uint32_t i = 0; i < 6; i++)
        bad += check64("global atomics 64", device, interp, l, 6 + 2 * i, want64[i]);
      bad += check64("global atomics 64", device, interp, l, 18, dec(i1, 10));
      uint64_t init = L | 0xfffffffeu, added = init + 3;
      uint64_t cmp = (l & 1) ? (uint64_t)(l + 1) << 32 | 1 : 0;
      bad += check("buffer atomics", device, interp, l, 20, a);
      bad += check("buffer atomics", device, interp, l, 21, (uint32_t)fmax32(a, b));
      const uint64_t wantb[5] = {init, added, A, added == cmp ? 0x6600000055ull : added,
                                 fmin64(A, B)};
      for (uint32_t i = 0; i < 5; i++)
        bad += check64("buffer atomics 64", device, interp, l, 22 + 2 * i, wantb[i]);
      vmax[l] = b, vinc[l] = 40, vadd[l] = (uint64_t)(l + 1) << 32 | 0x80000000u;
      maxs = fmax32(maxs, b), incs = inc(incs, 40), adds += vadd[l];
    }
    if (wave_word(device, SHARED) != maxs || wave_qword(device, SHARED + 8) != incs ||
        wave_qword(device, BUF + 0x7f0) != adds)
      fprintf(stderr, "one address: 0x%08x 0x%016llx 0x%016llx\n", wave_word(device, SHARED),
              (unsigned long long)wave_qword(device, SHARED + 8),
              (unsigned long long)wave_qword(device, BUF + 0x7f0)),
          bad++;
    bad += wave_contended("global_atomic_fmax", device, interp, lanes, 0x2800, 16, 4, vmax,
                          0xff800000u, maxs, fmax32);
    bad += wave_contended("global_atomic_inc_x2", device, interp, lanes, 0x2808, 16, 8, vinc, 35,
                          incs, inc);
    bad += wave_contended("buffer_atomic_add_x2", device, interp, lanes, 0x2c00, 8, 8, vadd, 0,
                          adds, add64);
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- flat_atomics_x2 ------------------------------------------------------------------------ */

static const char flat_src[] =
    "v_lshlrev_b32 v52, 3, v0\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "v_add_nc_u32 v54, 0x2200, v52\n"
    "global_load_dwordx2 v[56:57], v54, s[0:1]\n"
    "global_load_dwordx2 v[58:59], v54, s[0:1] offset:512\n"
    "s_waitcnt vmcnt(0)\n"
    /* global memory through FLAT */
    "v_add_nc_u32 v44, s0, v52\n"
    "v_add_nc_u32 v44, 0x3800, v44\n"
    "v_mov_b32 v45, s1\n"
    "v_mov_b32 v2, -1\n"
    "v_mov_b32 v3, v0\n"
    "flat_store_dwordx2 v[44:45], v[2:3]\n"
    "v_mov_b32 v4, 1\n"
    "v_mov_b32 v5, 0\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_atomic_add_x2 v[10:11], v[44:45], v[4:5] glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_load_dwordx2 v[12:13], v[44:45]\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_store_dwordx2 v[44:45], v[56:57] offset:512\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_atomic_fmin_x2 v[14:15], v[44:45], v[58:59] offset:512 glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_load_dwordx2 v[16:17], v[44:45] offset:512\n"
    /* LDS through the shared aperture */
    "s_mov_b64 s[20:21], src_shared_base\n"
    "v_mov_b32 v46, v52\n"
    "v_mov_b32 v47, s21\n"
    "v_mov_b32 v2, 7\n"
    "v_mov_b32 v3, v0\n"
    "ds_write_b64 v52, v[2:3]\n"
    "v_mov_b32 v4, v0\n"
    "v_mov_b32 v5, 3\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_atomic_umax_x2 v[18:19], v[46:47], v[4:5] glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "ds_read_b64 v[20:21], v52\n"
    "ds_write_b64 v52, v[56:57] offset:512\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_atomic_fmax_x2 v[22:23], v[46:47], v[58:59] offset:512 glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "ds_read_b64 v[24:25], v52 offset:512\n"
    "v_mov_b32 v2, 5\n"
    "ds_write_b64 v52, v[2:3] offset:1024\n"
    "v_mov_b32 v4, 0xaa\n"
    "v_mov_b32 v5, 0xbb\n"
    "v_mov_b32 v6, 5\n"
    "v_and_b32 v7, 1, v0\n"
    "v_mul_lo_u32 v7, v0, v7\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_atomic_cmpswap_x2 v[26:27], v[46:47], v[4:7] offset:1024 glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "ds_read_b64 v[28:29], v52 offset:1024\n"
    "v_mov_b32 v2, v0\n"
    "v_mov_b32 v3, 0\n"
    "ds_write_b64 v52, v[2:3] offset:1536\n"
    "v_mov_b32 v4, 20\n"
    "v_mov_b32 v5, 0\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_atomic_inc_x2 v[30:31], v[46:47], v[4:5] offset:1536 glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "ds_read_b64 v[32:33], v52 offset:1536\n"
    /* every lane on one LDS qword */
    "v_mov_b32 v46, 0xf00\n"
    "v_mov_b32 v2, 0\n"
    "v_mov_b32 v3, 0\n"
    "ds_write_b64 v46, v[2:3]\n"
    "v_mov_b32 v4, 0x80000000\n"
    "v_add_nc_u32 v5, 1, v0\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "flat_atomic_add_x2 v[34:35], v[46:47], v[4:5] glc\n"
    "s_waitcnt vmcnt(0) lgkmcnt(0)\n"
    "ds_read_b64 v[36:37], v46\n"
    "v_mov_b32 v38, 0\n"
    "v_mov_b32 v39, 0\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v50, v[10:13], s[0:1]\n"
    "global_store_dwordx4 v50, v[14:17], s[0:1] offset:16\n"
    "global_store_dwordx4 v50, v[18:21], s[0:1] offset:32\n"
    "global_store_dwordx4 v50, v[22:25], s[0:1] offset:48\n"
    "global_store_dwordx4 v50, v[26:29], s[0:1] offset:64\n"
    "global_store_dwordx4 v50, v[30:33], s[0:1] offset:80\n"
    "global_store_dwordx4 v50, v[34:37], s[0:1] offset:96\n"
    "s_endpgm\n";

static void flat_atomics_x2(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  if (!vk_device_has_int64_atomics(dev)) skip_because("no shaderBufferInt64Atomics");
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *device, *interp;
    run_kernel("flat atomics x2", flat_src, lanes, NULL, &device, &interp);
    unsigned bad = 0;
    uint64_t adds = 0, vadd[64];
    for (uint32_t l = 0; l < lanes; l++) {
      uint64_t L = (uint64_t)l << 32, A = a64[l], B = b64[l];
      uint64_t k = L | 5, cmp = (uint64_t)(l * (l & 1)) << 32 | 5;
      vadd[l] = (uint64_t)(l + 1) << 32 | 0x80000000u;
      adds += vadd[l];
      const uint64_t want[13] = {L | 0xffffffffu,
                                 L + (1ull << 32),
                                 A,
                                 fmin64(A, B),
                                 L | 7,
                                 umax64(L | 7, 3ull << 32 | l),
                                 A,
                                 fmax64(A, B),
                                 k,
                                 k == cmp ? 0xbb000000aaull : k,
                                 l,
                                 inc(l, 20),
                                 0};
      for (uint32_t i = 0; i < 12; i++)
        bad += check64("flat atomics x2", device, interp, l, 2 * i, want[i]);
    }
    for (uint32_t l = 0; l < lanes; l++)
      bad += check64("flat atomics x2 (one qword)", device, interp, l, 26, adds);
    bad += wave_contended("flat_atomic_add_x2 (LDS)", device, interp, lanes, 96, 128, 8, vadd, 0,
                          adds, add64);
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

/* ---- gds_atomics --------------------------------------------------------------------------- */

#define GDS_BYTES 0x1000u
#define GDS_ADDR 0x40000000ull /* where the GDS is mapped as a guest range */
#define GDS_BASE 0x100u        /* M0[31:16]: the wave's GDS window, M0[15:0] its size */
#define GDS_SIZE 0x400u
static const char gds_src[] =
    "s_mov_b32 m0, 0x01000400\n"
    "v_lshlrev_b32 v51, 2, v0\n"
    "v_lshlrev_b32 v50, 7, v0\n"
    "ds_write_b32 v51, v0 gds\n"
    "v_mov_b32 v2, 10\n"
    "ds_add_rtn_u32 v20, v51, v2 gds\n"
    "v_mov_b32 v3, 20\n"
    "ds_inc_rtn_u32 v21, v51, v3 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v22, v51 gds\n"
    "v_mov_b32 v4, 0x3f0\n" /* 0x3f0 + 16 > the window's 0x400 bytes: 0, nothing written */
    "ds_add_rtn_u32 v23, v4, v2 offset:16 gds\n"
    "v_lshlrev_b32 v52, 3, v0\n"
    "v_add_nc_u32 v52, 0x200, v52\n"
    "v_mov_b32 v6, -2\n"
    "v_mov_b32 v7, v0\n"
    "ds_write_b64 v52, v[6:7] gds\n"
    "v_mov_b32 v8, 3\n"
    "v_mov_b32 v9, 0\n"
    "ds_add_rtn_u64 v[24:25], v52, v[8:9] gds\n"
    "v_and_b32 v10, 1, v0\n"
    "v_add_nc_u32 v11, 1, v0\n"
    "v_mul_lo_u32 v11, v11, v10\n" /* compare ((l + 1) << 32 | 1) in odd lanes: swap */
    "v_mov_b32 v12, 0x55\n"
    "v_mov_b32 v13, 0x66\n"
    "ds_cmpst_rtn_b64 v[26:27], v52, v[10:11], v[12:13] gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b64 v[28:29], v52 gds\n"
    /* every lane on one dword */
    "v_mov_b32 v14, 0x180\n"
    "v_mov_b32 v15, 0\n"
    "ds_write_b32 v14, v15 gds\n"
    "v_add_nc_u32 v16, 1, v0\n"
    "ds_add_rtn_u32 v30, v14, v16 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v31, v14 gds\n"
    /* ordered count, one dword at M0[31:16]: the first active lane's value added once, the
     * old value to every lane */
    "ds_ordered_count v32, v16 offset:772 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dwordx4 v50, v[20:23], s[0:1]\n"
    "global_store_dwordx4 v50, v[24:27], s[0:1] offset:16\n"
    "global_store_dwordx4 v50, v[28:31], s[0:1] offset:32\n"
    "global_store_dword v50, v32, s[0:1] offset:48\n"
    "s_endpgm\n";

static void gds_atomics(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY(dev);
  if (!vk_device_has_int64_atomics(dev)) skip_because("no shaderBufferInt64Atomics");
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    uint8_t *gds = malloc(GDS_BYTES), *igds = NULL, *device, *interp;
    assert_non_null(gds);
    for (uint32_t i = 0; i < GDS_BYTES; i++) gds[i] = (uint8_t)(0x5a ^ i);
    uint8_t *start = malloc(GDS_BYTES);
    assert_non_null(start);
    memcpy(start, gds, GDS_BYTES);
    struct wave_run r = {.name = "gds atomics",
                         .src = gds_src,
                         .lanes = lanes,
                         .window = WINDOW,
                         .window_size = WINDOW_SIZE,
                         .fill = FILL,
                         .lds_bytes = LDS_SIZE,
                         .priv_bytes = 16,
                         .sgpr = {WINDOW, 0},
                         .gds = gds,
                         .gds_interp = &igds,
                         .gds_bytes = GDS_BYTES,
                         .gds_addr = GDS_ADDR};
    wave_run(dev, &r, &device, &interp);
    unsigned bad = 0;
    uint64_t adds = 0, vadd[64];
    for (uint32_t l = 0; l < lanes; l++) {
      uint64_t init = (uint64_t)l << 32 | 0xfffffffeu, added = init + 3;
      uint64_t cmp = (l & 1) ? (uint64_t)(l + 1) << 32 | 1 : 0;
      const uint32_t want[4] = {l, l + 10, (uint32_t)inc(l + 10, 20), 0};
      for (uint32_t i = 0; i < 4; i++) bad += check("gds atomics", device, interp, l, i, want[i]);
      bad += check64("gds atomics 64", device, interp, l, 4, init);
      bad += check64("gds atomics 64", device, interp, l, 6, added);
      bad +=
          check64("gds atomics 64", device, interp, l, 8, added == cmp ? 0x6600000055ull : added);
      bad += check("gds ordered count", device, interp, l, 12, (uint32_t)inc(10, 20));
      vadd[l] = l + 1;
      adds += l + 1;
    }
    for (uint32_t l = 0; l < lanes; l++)
      bad += check("gds atomics (one dword)", device, interp, l, 11, (uint32_t)adds);
    bad += wave_contended("ds_add_rtn_u32 gds", device, interp, lanes, 40, 128, 4, vadd, 0, adds,
                          add64);
    /* the GDS outside the wave's window and past the lanes' bytes is untouched */
    for (uint32_t i = 0; i < GDS_BYTES; i++) {
      bool lane32 = i >= GDS_BASE && i < GDS_BASE + 4 * lanes;
      bool lane64 = i >= GDS_BASE + 0x200 && i < GDS_BASE + 0x200 + 8 * lanes;
      bool shared = i >= GDS_BASE + 0x180 && i < GDS_BASE + 0x184;
      if (!lane32 && !lane64 && !shared && gds[i] != start[i]) {
        fprintf(stderr, "gds byte 0x%x changed\n", i);
        bad++;
        break;
      }
    }
    if (wave_word(gds, GDS_BASE) != inc(10, 20) + 1) { /* lane 0's dword, then the ordered add */
      fprintf(stderr, "gds ordered count: 0x%08x\n", wave_word(gds, GDS_BASE));
      bad++;
    }
    if (memcmp(gds, igds, GDS_BYTES) != 0) {
      fprintf(stderr, "gds: the device's and the interpreter's differ\n");
      bad++;
    }
    free(gds);
    free(igds);
    free(start);
    wave_finish(device, interp, WINDOW_SIZE, bad, &kernels_passed);
  }
}

int main(void) {
  tables();
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(lds_atomics_32), cmocka_unit_test(lds_atomics_64),
      cmocka_unit_test(global_buffer_atomics), cmocka_unit_test(flat_atomics_x2),
      cmocka_unit_test(gds_atomics)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_atomics: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return test_skip_status(r);
}
