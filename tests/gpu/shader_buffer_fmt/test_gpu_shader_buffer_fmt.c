/* Formatted buffer accesses on the Vulkan device (lavapipe in CI), in wave32 and wave64: every
 * GFX10 unified buffer format (1..77), each kernel (llvm-mc-19 at test time) also run in the
 * IR interpreter from the same start; every module passes spirv-val, and the device's guest
 * window, the interpreter's and the one computed here in C must be equal byte for byte.
 *
 * The expected values are C written from the format definitions: the layout of each format
 * is parsed from its name (LLVM's names, isa/mtbuf_formats.def: components listed from the
 * most significant bits down, so x is the last number), the conversions are the rules of
 * docs/shader-ir.md "Buffer memory" (D3D's data conversion rules: UNORM v/(2^n-1), SNORM
 * v/(2^(n-1)-1) at least -1, scaled and integer classes, the small floats exact on loads and
 * rounded to nearest even on stores through the grid of representable values, NaN 0 for the
 * float -> integer classes), not our conversion code.
 *
 * - loads_through_the_vsharp_format: a loop over a table of V#s, one per format (the
 *   run-time format path): buffer_load_format_xyzw, _d16_xyzw and _d16_hi_x of every lane
 *   under dst_sel patterns (X Y Z W; Z X 1 W; W 0 Y 1; Y, a reserved select, X, a reserved
 *   one), element bases off by 0..3 bytes from 4-byte alignment, the last 5 lanes past
 *   num_records (0, the SEL_1 components one), lanes off in EXEC untouched.
 * - loads_through_the_instruction_format: the same elements through tbuffer_load_format_xyzw,
 *   _d16_xyzw and _d16_x with each format as the instruction's immediate (the compile-time
 *   path); the V#s carry another format, which must not matter.
 * - stores_through_the_vsharp_format / stores_through_the_instruction_format:
 *   buffer_store_format_xyzw and _d16_xyzw (tbuffer_store_* with immediates) of values chosen
 *   at the edges of every class (signed zeros, ±1, ±inf, NaNs with payloads, f16 extremes and
 *   ties, rounding ties of the scaled classes, integer extremes) into elements packed lane
 *   after lane (1- and 2-byte elements share dwords between lanes), misaligned bases, lanes
 *   past num_records and lanes off in EXEC storing nothing.
 * - addressing: offen + soffset + instruction offset through a raw V# (OOB_SELECT 3) at
 *   2-byte aligned offsets, and a store through a swizzled add_tid V#, at the ISA's
 *   addresses. */
#include <math.h>

#include "xl_test_harness.h"

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "test_skip.h"
#include "vk_test_device.h"
#include "wave_run.h"

#define WINDOW 0x100000u
#define WINDOW_SIZE 0x30000u
#define FILL 0xaaaaaaaau
#define VTAB 0x0000u  /* V#s, one per format (16 bytes at 16 f) */
#define VTAB2 0x0800u /* a second set */
#define DATA 0x1000u  /* loads: the elements read */
#define IN 0x1000u    /* stores: per lane 4 component dwords */
#define IN16 0x1400u  /* stores: per lane 4 halves (D16) */
#define TABLE 0x2000u /* the bytes copied in at the window's start */
#define OUT 0x2000u   /* loads: 32 bytes per lane per format at OUT + 0x800 f */
#define OUT_STEP 0x800u
#define SOUT_STEP 0x820u /* stores: two regions of 0x410 bytes per format */
#define SREGION 0x410u
#define FORMATS 78

static vk_device *dev;
static unsigned kernels_passed;

/* ---- the formats, from their names ------------------------------------------------------ */

enum cls { UNORM, SNORM, USCALED, SSCALED, UINT, SINT, FLOAT };
struct fmt {
  const char *name;
  unsigned comps, bits[4], lo[4], bytes;
  enum cls cls;
};
static const char *const fmt_names[128] = {
#define F(v, n) [v] = n,
#include "gpu/shader/isa/mtbuf_formats.def"
#undef F
};
static struct fmt fmts[FORMATS];

static void parse_formats(void) {
  static const char *const classes[] = {"UNORM", "SNORM", "USCALED", "SSCALED",
                                        "UINT",  "SINT",  "FLOAT"};
  for (unsigned v = 1; v < FORMATS; v++) {
    struct fmt *f = &fmts[v];
    f->name = v == 1 ? "BUF_FMT_8_UNORM" : fmt_names[v]; /* 1 is LLVM's default: no name */
    const char *p = f->name + strlen("BUF_FMT_");
    unsigned nums[4], n = 0;
    while (*p >= '0' && *p <= '9') {
      char *end;
      nums[n++] = (unsigned)strtoul(p, &end, 10);
      p = end + 1; /* past '_' */
    }
    f->comps = n;
    unsigned lo = 0;
    for (unsigned c = 0; c < n; c++) { /* x is the last number */
      f->bits[c] = nums[n - 1 - c];
      f->lo[c] = lo;
      lo += f->bits[c];
    }
    f->bytes = lo / 8;
    for (unsigned k = 0; k < 7; k++)
      if (strcmp(p, classes[k]) == 0) f->cls = (enum cls)k;
  }
}

/* ---- conversions, from the definitions -------------------------------------------------- */

static uint32_t fb(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float bf(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* a small float (5-bit exponent, bias 15, MB mantissa bits, a sign bit when SGN) as f32
 * bits: its exact value; infinities; a NaN's mantissa moved to the top of the f32's */
static uint32_t small_to_f32(uint32_t v, int mb, bool sgn) {
  uint32_t e5 = (v >> mb) & 31, m = v & ((1u << mb) - 1);
  uint32_t s = sgn && (v >> (mb + 5) & 1) ? 0x80000000u : 0;
  if (e5 == 31) return s | 0x7f800000u | m << (23 - mb);
  double val = e5 ? ldexp(m + (1u << mb), (int)e5 - 15 - mb) : ldexp(m, -14 - mb);
  return s | fb((float)val);
}

/* f32 bits -> the small float: the value rounded to nearest even on the format's grid
 * (spacing 2^(e - MB) in [2^e, 2^(e+1)), 2^(-14 - MB) below 2^-14), 2^16 and above infinity,
 * NaN the quiet NaN (with the sign when signed), negatives 0 when unsigned */
static uint32_t f32_to_small(uint32_t bits, int mb, bool sgn) {
  float x = bf(bits);
  uint32_t s = sgn && bits >> 31 ? 1u << (mb + 5) : 0, inf = 31u << mb;
  if (isnan(x)) return s | inf | 1u << (mb - 1);
  if (!sgn && bits >> 31) return 0;
  double a = fabs((double)x);
  if (isinf(a)) return s | inf;
  if (a == 0) return s;
  int e;
  frexp(a, &e);
  e -= 1;
  int qe = e < -14 ? -14 - mb : e - mb;
  double v = ldexp(nearbyint(ldexp(a, -qe)), qe);
  if (v >= 65536.0) return s | inf;
  if (v < ldexp(1, -14)) return s | (uint32_t)ldexp(v, 14 + mb);
  frexp(v, &e);
  e -= 1;
  return s | (uint32_t)(e + 15) << mb | ((uint32_t)ldexp(v, mb - e) - (1u << mb));
}

static bool int_class(const struct fmt *f) { return f->cls == UINT || f->cls == SINT; }
static uint32_t one_of(const struct fmt *f) { return int_class(f) ? 1 : fb(1.0f); }

static uint32_t decode(const struct fmt *f, unsigned n, uint32_t r) {
  double full = ldexp(1, (int)n) - 1, half = ldexp(1, (int)n - 1) - 1;
  int32_t s = n == 32 ? (int32_t)r : (int32_t)(r << (32 - n)) >> (32 - n);
  switch (f->cls) {
    case UNORM: return fb((float)(r / full));
    case SNORM: return fb((float)(s / half < -1 ? -1 : s / half));
    case USCALED: return fb((float)r);
    case SSCALED: return fb((float)s);
    case UINT: return r;
    case SINT: return (uint32_t)s;
    default: return n == 32 ? r : small_to_f32(r, n == 16 ? 10 : (int)n - 5, n == 16);
  }
}

static uint32_t encode(const struct fmt *f, unsigned n, uint32_t v) {
  uint32_t mask = n == 32 ? ~0u : (1u << n) - 1, full = mask, half = mask >> 1;
  float x = bf(v);
  switch (f->cls) {
    case UNORM:
      if (isnan(x) || x <= 0) return 0;
      return x >= 1 ? full : (uint32_t)nearbyint((double)x * full);
    case SNORM:
      if (isnan(x)) return 0;
      if (x >= 1) return half;
      if (x <= -1) return -half & mask;
      return (uint32_t)(int32_t)nearbyint((double)x * half) & mask;
    case USCALED:
      if (isnan(x) || x <= 0) return 0;
      return x >= (double)full ? full : (uint32_t)nearbyint(x);
    case SSCALED:
      if (isnan(x)) return 0;
      if (x >= (double)half) return half;
      if (x <= -(double)half - 1) return (-half - 1) & mask;
      return (uint32_t)(int32_t)nearbyint(x) & mask;
    case UINT: return v > full ? full : v;
    case SINT: {
      int64_t s = (int32_t)v;
      s = s > (int64_t)half ? (int64_t)half : s < -(int64_t)half - 1 ? -(int64_t)half - 1 : s;
      return (uint32_t)s & mask;
    }
    default: return n == 32 ? v : f32_to_small(v, n == 16 ? 10 : (int)n - 5, n == 16);
  }
}

static uint32_t to_d16(const struct fmt *f, uint32_t v) {
  return int_class(f) ? v & 0xffff : f32_to_small(v, 10, true);
}
static uint32_t from_d16(const struct fmt *f, uint32_t h) {
  if (f->cls == UINT) return h & 0xffff;
  if (f->cls == SINT) return (uint32_t)(int32_t)(int16_t)h;
  return small_to_f32(h & 0xffff, 10, true);
}

/* the components of F's element at P (missing: x, y, z 0, w one) */
static void element_load(const struct fmt *f, const uint8_t *p, uint32_t c[4]) {
  uint32_t raw[4] = {0, 0, 0, 0};
  memcpy(raw, p, f->bytes);
  for (unsigned k = 0; k < 4; k++) {
    if (k >= f->comps) {
      c[k] = k == 3 ? one_of(f) : 0;
      continue;
    }
    unsigned n = f->bits[k], lo = f->lo[k];
    uint32_t r = raw[lo / 32] >> (lo % 32);
    if (n < 32) r &= (1u << n) - 1;
    c[k] = decode(f, n, r);
  }
}
static void element_store(const struct fmt *f, const uint32_t c[4], uint8_t *p) {
  uint32_t raw[4] = {0, 0, 0, 0};
  for (unsigned k = 0; k < f->comps; k++)
    raw[f->lo[k] / 32] |= encode(f, f->bits[k], c[k]) << (f->lo[k] % 32);
  memcpy(p, raw, f->bytes);
}

/* ---- the V#s ---------------------------------------------------------------------------- */

static const uint8_t sel_patterns[4][4] = {{4, 5, 6, 7}, {6, 4, 1, 7}, {7, 0, 5, 1}, {5, 2, 4, 3}};

/* a GFX10 buffer resource: base, stride, num_records, dst_sel, format; OOB_SELECT 0
 * (structured: index < num_records and offset + size <= stride), type 0 */
static void vsharp(uint8_t *at, uint32_t base, uint32_t stride, uint32_t records,
                   const uint8_t sel[4], uint32_t format) {
  uint32_t w[4] = {base, stride << 16, records,
                   sel[0] | sel[1] << 3 | sel[2] << 6 | sel[3] << 9 | format << 12 | 1u << 24};
  memcpy(at, w, 16);
}

static bool lane_on(uint32_t lanes, uint32_t l) { return l < lanes && l != 2 && l != 39; }
static uint32_t records_of(uint32_t lanes) { return lanes - 5; }
static uint32_t misalign(unsigned f) { return f % 4; }

/* ---- running and comparing -------------------------------------------------------------- */

static void exec_setup(char *src, size_t size, uint32_t lanes) {
  snprintf(src, size, "s_mov_b32 exec_lo, 0xfffffffb\n%s",
           lanes == 64 ? "s_mov_b32 exec_hi, 0xffffff7f\n" : "");
}

/* Runs SRC over TABLE and checks both windows against WANT; true when all equal. */
static bool run_and_compare(const char *name, const char *src, uint32_t lanes, const uint8_t *table,
                            const uint8_t *want, uint32_t out_step, uint32_t lane_bytes) {
  struct wave_run r = {.name = name,
                       .src = src,
                       .lanes = lanes,
                       .window = WINDOW,
                       .window_size = WINDOW_SIZE,
                       .fill = FILL,
                       .table = table,
                       .table_at = 0,
                       .table_bytes = TABLE,
                       .sgpr = {WINDOW, 0}};
  uint8_t *device, *interp;
  wave_run(dev, &r, &device, &interp);
  unsigned bad = 0;
  for (uint32_t i = 0; i < WINDOW_SIZE && bad < 12; i++) {
    if (device[i] == want[i] && interp[i] == want[i]) continue;
    uint32_t rel = i >= OUT ? i - OUT : 0;
    fprintf(stderr,
            "%s (wave%u): byte 0x%x (format %u %s, lane %u, byte %u): device 0x%02x, "
            "interpreter 0x%02x, expected 0x%02x\n",
            name, lanes, i, rel / out_step, fmts[rel / out_step % FORMATS].name,
            rel % out_step / lane_bytes, rel % out_step % lane_bytes, device[i], interp[i],
            want[i]);
    bad++;
  }
  free(device);
  free(interp);
  return bad == 0;
}

static uint8_t *window_start(const uint8_t *table) {
  uint8_t *w = malloc(WINDOW_SIZE);
  assert_non_null(w);
  for (uint32_t i = 0; i < WINDOW_SIZE; i += 4) memcpy(w + i, &(uint32_t){FILL}, 4);
  memcpy(w, table, TABLE);
  return w;
}

/* ---- loads ------------------------------------------------------------------------------ */

/* the load data: zeros, ones, 0x80/0x7f patterns, then random bytes */
static void load_table(uint8_t *t, bool known, uint32_t lanes) {
  memset(t, 0, TABLE);
  uint32_t x = 0x1234567u;
  for (uint32_t i = 0; i < 64 * 16 + 8; i++) {
    x = x * 1103515245u + 12345u;
    uint8_t b = (uint8_t)(x >> 16);
    if (i < 16) b = 0;
    else if (i < 32) b = 0xff;
    else if (i < 48) b = i & 1 ? 0x80 : 0x00;
    else if (i < 64) b = i & 1 ? 0x7f : 0xff;
    t[DATA + i] = b;
  }
  for (unsigned f = 1; f < FORMATS; f++)
    vsharp(t + (known ? VTAB2 : VTAB) + 16 * f, WINDOW + DATA + misalign(f), fmts[f].bytes,
           records_of(lanes), sel_patterns[f % 4], known ? f % 77 + 1 : f);
}

/* the expected window after a load kernel (KNOWN: tbuffer, whose D16 scalar form is _d16_x) */
static uint8_t *load_expect(const uint8_t *table, uint32_t lanes, bool known, unsigned first,
                            unsigned end) {
  uint8_t *w = window_start(table);
  uint32_t records = lanes - 5;
  for (unsigned f = first; f < end; f++) {
    const struct fmt *ft = &fmts[f];
    const uint8_t *sel = sel_patterns[f % 4];
    for (uint32_t l = 0; l < lanes; l++) {
      if (!lane_on(lanes, l)) continue;
      bool in = l < records;
      uint32_t c[4] = {0, 0, 0, 0}, o[8];
      if (in) element_load(ft, table + DATA + misalign(f) + l * ft->bytes, c);
      for (unsigned k = 0; k < 4; k++)
        o[k] = sel[k] == 1 ? one_of(ft) : in && sel[k] >= 4 ? c[sel[k] - 4] : 0;
      o[4] = to_d16(ft, o[0]) | to_d16(ft, o[1]) << 16;
      o[5] = to_d16(ft, o[2]) | to_d16(ft, o[3]) << 16;
      o[6] = known ? to_d16(ft, o[0]) : to_d16(ft, o[0]) << 16 | 0x5a5a;
      o[7] = 0;
      memcpy(w + OUT + OUT_STEP * f + 32 * l, o, 32);
    }
  }
  return w;
}

static void loads_through_the_vsharp_format(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  uint8_t *table = malloc(TABLE);
  assert_non_null(table);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    load_table(table, false, lanes);
    char src[2048], head[128];
    exec_setup(head, sizeof head, lanes);
    snprintf(src, sizeof src,
             "%s"
             "s_mov_b32 s20, 16\n"
             "s_mov_b32 s21, 0x%x\n"
             "v_lshlrev_b32 v10, 5, v0\n"
             "loop:\n"
             "s_load_dwordx4 s[8:11], s[0:1], s20\n"
             "s_waitcnt lgkmcnt(0)\n"
             "buffer_load_format_xyzw v[2:5], v0, s[8:11], 0 idxen\n"
             "buffer_load_format_d16_xyzw v[6:7], v0, s[8:11], 0 idxen\n"
             "v_mov_b32 v8, 0x5a5a5a5a\n"
             "buffer_load_format_d16_hi_x v8, v0, s[8:11], 0 idxen\n"
             "v_mov_b32 v9, 0\n"
             "s_waitcnt vmcnt(0)\n"
             "v_add_nc_u32 v11, s21, v10\n"
             "global_store_dwordx4 v11, v[2:5], s[0:1]\n"
             "global_store_dwordx4 v11, v[6:9], s[0:1] offset:16\n"
             "s_add_u32 s20, s20, 16\n"
             "s_add_u32 s21, s21, 0x%x\n"
             "s_cmp_lt_u32 s20, 0x%x\n"
             "s_cbranch_scc1 loop\n"
             "s_endpgm\n",
             head, OUT + OUT_STEP, OUT_STEP, 16 * FORMATS);
    uint8_t *want = load_expect(table, lanes, false, 1, FORMATS);
    assert_true(run_and_compare("vsharp format loads", src, lanes, table, want, OUT_STEP, 32));
    free(want);
    kernels_passed++;
  }
  free(table);
}

/* The compile-time path: one kernel per CHUNK formats (lavapipe compiles a kernel when it first
 * runs it, and the time grows faster than its size), the chunks alternating between wave32
 * and wave64: every format once, both wave sizes. */
#define CHUNK 11

static void loads_through_the_instruction_format(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  uint8_t *table = malloc(TABLE);
  char *src = malloc(1 << 16);
  assert_true(table && src);
  for (unsigned first = 1; first < FORMATS; first += CHUNK) {
    unsigned end = first + CHUNK < FORMATS ? first + CHUNK : FORMATS;
    uint32_t lanes = first / CHUNK % 2 ? 64 : 32;
    load_table(table, true, lanes);
    exec_setup(src, 1 << 16, lanes);
    size_t at = strlen(src);
    at += (size_t)snprintf(src + at, (1 << 16) - at, "v_lshlrev_b32 v10, 5, v0\n");
    for (unsigned f = first; f < end; f++) {
      const char *n = fmts[f].name;
      at +=
          (size_t)snprintf(src + at, (1 << 16) - at,
                           "s_load_dwordx4 s[8:11], s[0:1], 0x%x\n"
                           "s_waitcnt lgkmcnt(0)\n"
                           "tbuffer_load_format_xyzw v[2:5], v0, s[8:11], 0 format:[%s] idxen\n"
                           "tbuffer_load_format_d16_xyzw v[6:7], v0, s[8:11], 0 format:[%s] idxen\n"
                           "tbuffer_load_format_d16_x v8, v0, s[8:11], 0 format:[%s] idxen\n"
                           "v_mov_b32 v9, 0\n"
                           "s_waitcnt vmcnt(0)\n"
                           "v_add_nc_u32 v11, 0x%x, v10\n"
                           "global_store_dwordx4 v11, v[2:5], s[0:1]\n"
                           "global_store_dwordx4 v11, v[6:9], s[0:1] offset:16\n",
                           VTAB2 + 16 * f, n, n, n, OUT + OUT_STEP * f);
    }
    snprintf(src + at, (1 << 16) - at, "s_endpgm\n");
    uint8_t *want = load_expect(table, lanes, true, first, end);
    assert_true(run_and_compare("instruction format loads", src, lanes, table, want, OUT_STEP, 32));
    free(want);
    kernels_passed++;
  }
  free(src);
  free(table);
}

/* ---- stores ----------------------------------------------------------------------------- */

static const uint32_t store_values[] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0xbf000000u, 0x7f800000u,
    0xff800000u, 0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x00000001u, 0x477fe000u, 0x477ff000u,
    0x477fefffu, 0x38800000u, 0x33800000u, 0x33000000u, 0x33c00000u, 0x387fc000u, 0x3effffffu,
    0x3f7fffffu, 0xbeffffffu, 0x437f0000u, 0x437f8000u, 0x47800000u, 0xc7000000u, 0xc7000080u,
    0x7fffffffu, 0x80000001u, 0xffffffffu, 0x0000ffffu, 0x00010000u, 0xffff8000u, 0x0000007fu,
    0x00000080u, 0xffffff80u, 0x000003ffu, 0x00000400u, 0x3e800000u, 0x3f400000u, 0x3dcccccdu,
    0x40200000u, 0x40600000u, 0xc0200000u, 0x41c80000u, 0x4f000000u, 0xcf000000u, 0x3c008081u,
    0x3b808081u, 0x477fff00u, 0x46fffe00u, 0xc6fffe00u, 0x40e00000u, 0x41000000u, 0x38000000u,
};
static const uint16_t store_halves[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00,
                                        0x7c01, 0xfe55, 0x0001, 0x03ff, 0x0400, 0x7bff, 0xfbff,
                                        0x3800, 0x5bf8, 0xffff, 0x7fff, 0x00ff, 0x1234};

static void store_table(uint8_t *t, bool known, uint32_t lanes) {
  memset(t, 0, TABLE);
  uint32_t x = 0x7654321u, nv = sizeof store_values / sizeof *store_values;
  uint32_t nh = sizeof store_halves / sizeof *store_halves;
  for (uint32_t l = 0; l < 64; l++)
    for (unsigned q = 0; q < 4; q++) {
      x = x * 1103515245u + 12345u;
      uint32_t v = l < 40 ? store_values[(l * 4 + q) * 7 % nv] : x >> 3;
      if (l >= 52) v = fb(bf(0x40000000u | (x >> 9)) - 3.0f); /* random in [-1, 1) */
      memcpy(t + IN + 16 * l + 4 * q, &v, 4);
      uint16_t h = l < 40 ? store_halves[(l * 4 + q) * 3 % nh] : (uint16_t)(x >> 11);
      memcpy(t + IN16 + 8 * l + 2 * q, &h, 2);
    }
  for (unsigned f = 1; f < FORMATS; f++) {
    uint32_t base = WINDOW + OUT + SOUT_STEP * f;
    vsharp(t + VTAB + 16 * f, base + misalign(f), fmts[f].bytes, records_of(lanes), sel_patterns[0],
           known ? f % 77 + 1 : f);
    vsharp(t + VTAB2 + 16 * f, base + SREGION + misalign(f + 1), fmts[f].bytes, records_of(lanes),
           sel_patterns[0], known ? 0 : f);
  }
}

static uint8_t *store_expect(const uint8_t *table, uint32_t lanes, unsigned first, unsigned end) {
  uint8_t *w = window_start(table);
  uint32_t records = lanes - 5;
  for (unsigned f = first; f < end; f++) {
    const struct fmt *ft = &fmts[f];
    uint8_t *base = w + OUT + SOUT_STEP * f;
    for (uint32_t l = 0; l < records; l++) {
      if (!lane_on(lanes, l)) continue;
      uint32_t c[4], h[4];
      memcpy(c, table + IN + 16 * l, 16);
      element_store(ft, c, base + misalign(f) + l * ft->bytes);
      for (unsigned q = 0; q < 4; q++) {
        uint16_t half;
        memcpy(&half, table + IN16 + 8 * l + 2 * q, 2);
        h[q] = from_d16(ft, half);
      }
      element_store(ft, h, base + SREGION + misalign(f + 1) + l * ft->bytes);
    }
  }
  return w;
}

static const char store_head[] =
    "v_lshlrev_b32 v10, 4, v0\n"
    "v_add_nc_u32 v12, 0x%x, v10\n"
    "global_load_dwordx4 v[2:5], v12, s[0:1]\n"
    "v_lshlrev_b32 v13, 3, v0\n"
    "v_add_nc_u32 v13, 0x%x, v13\n"
    "global_load_dwordx2 v[6:7], v13, s[0:1]\n"
    "s_waitcnt vmcnt(0)\n";

static void stores_through_the_vsharp_format(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  uint8_t *table = malloc(TABLE);
  assert_non_null(table);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    store_table(table, false, lanes);
    char src[2048], head[128], loads[512];
    exec_setup(head, sizeof head, lanes);
    snprintf(loads, sizeof loads, store_head, IN, IN16);
    snprintf(src, sizeof src,
             "%s%s"
             "s_mov_b32 s20, 16\n"
             "loop:\n"
             "s_load_dwordx4 s[8:11], s[0:1], s20\n"
             "s_add_u32 s22, s20, 0x%x\n"
             "s_load_dwordx4 s[12:15], s[0:1], s22\n"
             "s_waitcnt lgkmcnt(0)\n"
             "buffer_store_format_xyzw v[2:5], v0, s[8:11], 0 idxen\n"
             "buffer_store_format_d16_xyzw v[6:7], v0, s[12:15], 0 idxen\n"
             "s_add_u32 s20, s20, 16\n"
             "s_cmp_lt_u32 s20, 0x%x\n"
             "s_cbranch_scc1 loop\n"
             "s_endpgm\n",
             head, loads, VTAB2, 16 * FORMATS);
    uint8_t *want = store_expect(table, lanes, 1, FORMATS);
    assert_true(run_and_compare("vsharp format stores", src, lanes, table, want, SOUT_STEP, 1));
    free(want);
    kernels_passed++;
  }
  free(table);
}

static void stores_through_the_instruction_format(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  uint8_t *table = malloc(TABLE);
  char *src = malloc(1 << 16);
  assert_true(table && src);
  for (unsigned first = 1; first < FORMATS; first += CHUNK) {
    unsigned end = first + CHUNK < FORMATS ? first + CHUNK : FORMATS;
    uint32_t lanes = first / CHUNK % 2 ? 32 : 64;
    store_table(table, true, lanes);
    exec_setup(src, 1 << 16, lanes);
    size_t at = strlen(src);
    at += (size_t)snprintf(src + at, (1 << 16) - at, store_head, IN, IN16);
    for (unsigned f = first; f < end; f++) {
      const char *n = fmts[f].name;
      at += (size_t)snprintf(
          src + at, (1 << 16) - at,
          "s_load_dwordx4 s[8:11], s[0:1], 0x%x\n"
          "s_load_dwordx4 s[12:15], s[0:1], 0x%x\n"
          "s_waitcnt lgkmcnt(0)\n"
          "tbuffer_store_format_xyzw v[2:5], v0, s[8:11], 0 format:[%s] idxen\n"
          "tbuffer_store_format_d16_xyzw v[6:7], v0, s[12:15], 0 format:[%s] idxen\n",
          VTAB + 16 * f, VTAB2 + 16 * f, n, n);
    }
    snprintf(src + at, (1 << 16) - at, "s_endpgm\n");
    uint8_t *want = store_expect(table, lanes, first, end);
    assert_true(
        run_and_compare("instruction format stores", src, lanes, table, want, SOUT_STEP, 1));
    free(want);
    kernels_passed++;
  }
  free(src);
  free(table);
}

/* ---- addressing ------------------------------------------------------------------------
 * The formatted forms address and range check as the dword forms: a raw V# (OOB_SELECT 3,
 * stride 0: in range when offset + element <= num_records - soffset) read with offen,
 * soffset and an instruction offset at 2-byte aligned offsets (16_16_UNORM), and a swizzled
 * V# with add_tid_enable (index = the lane, index_stride 8, element size 4, OOB_SELECT 3
 * with a stride: the structured rule) written through (8_8_8_8_UINT, values clamped). The
 * addresses come from the ISA's formulas, written here. */
#define RAW_RECORDS 0x100u
#define SWZ_AT 0x2800u
#define SWZ_STRIDE 8u

static void addressing(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip_because("no Vulkan device");
  uint8_t *table = malloc(TABLE);
  assert_non_null(table);
  for (uint32_t lanes = 32; lanes <= 64; lanes += 32) {
    load_table(table, false, lanes);
    uint32_t raw[4] = {WINDOW + DATA, 0, RAW_RECORDS,
                       4 | 5 << 3 | 6 << 6 | 7 << 9 | 23u << 12 | 1u << 24 | 3u << 28};
    uint32_t swz[4] = {WINDOW + SWZ_AT, SWZ_STRIDE << 16 | 1u << 31, lanes - 3,
                       4 | 5 << 3 | 6 << 6 | 7 << 9 | 60u << 12 | 1u << 23 | 1u << 24 | 3u << 28};
    memcpy(table + VTAB, raw, 16);
    memcpy(table + VTAB + 16, swz, 16);
    char src[2048], head[128];
    exec_setup(head, sizeof head, lanes);
    snprintf(src, sizeof src,
             "%s"
             "s_load_dwordx4 s[8:11], s[0:1], 0x%x\n"
             "s_load_dwordx4 s[16:19], s[0:1], 0x%x\n"
             "s_mov_b32 s12, 8\n"
             "s_waitcnt lgkmcnt(0)\n"
             "v_mul_u32_u24 v1, 6, v0\n"
             "buffer_load_format_xy v[2:3], v1, s[8:11], s12 offen offset:4\n"
             "v_mov_b32 v4, v0\n"
             "v_add_nc_u32 v5, 100, v0\n"
             "v_mov_b32 v6, 300\n"
             "v_mov_b32 v7, -1\n"
             "v_mov_b32 v13, 4\n"
             "buffer_store_format_xyzw v[4:7], v13, s[16:19], 0 offen\n"
             "s_waitcnt vmcnt(0)\n"
             "v_lshlrev_b32 v11, 5, v0\n"
             "v_add_nc_u32 v11, 0x%x, v11\n"
             "global_store_dwordx2 v11, v[2:3], s[0:1]\n"
             "s_endpgm\n",
             head, VTAB, VTAB + 16, OUT);
    uint8_t *want = window_start(table);
    for (uint32_t l = 0; l < lanes; l++) {
      if (!lane_on(lanes, l)) continue;
      /* the raw load: offset = 6 l + 4, soffset 8 */
      uint32_t off = 6 * l + 4, c[2] = {0, 0};
      if (off + 4 <= RAW_RECORDS - 8) {
        uint16_t h[2];
        memcpy(h, table + DATA + 8 + off, 4);
        for (unsigned k = 0; k < 2; k++) c[k] = fb((float)(h[k] / 65535.0));
      }
      memcpy(want + OUT + 32 * l, c, 8);
      /* the swizzled store: record l, offset 4 */
      if (l < lanes - 3) {
        uint32_t is = 8, o = 4;
        uint32_t at = SWZ_AT + ((l / is) * SWZ_STRIDE + o / 4 * 4) * is + (l % is) * 4 + o % 4;
        uint8_t b[4] = {(uint8_t)l, (uint8_t)(l + 100), 255, 255};
        memcpy(want + at, b, 4);
      }
    }
    assert_true(run_and_compare("addressing", src, lanes, table, want, OUT_STEP, 32));
    free(want);
    kernels_passed++;
  }
  free(table);
}

int main(void) {
  parse_formats();
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(loads_through_the_vsharp_format),
                                     cmocka_unit_test(loads_through_the_instruction_format),
                                     cmocka_unit_test(stores_through_the_vsharp_format),
                                     cmocka_unit_test(stores_through_the_instruction_format),
                                     cmocka_unit_test(addressing)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  printf("gpu.shader_buffer_fmt: %u kernels passed\n", kernels_passed);
  if (dev) vk_device_destroy(dev);
  return test_skip_status(r);
}
