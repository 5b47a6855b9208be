/* Image instruction forms beyond plain loads and stores on the Vulkan device
 * (docs/shader-spirv.md, "Images"): the float image atomics (image_atomic_fmin, _fmax,
 * _fcmpswap) and the TFE status of image_load. Kernels are assembled by llvm-mc-19 at test
 * time and run in wave32 and wave64 on the device and in the IR interpreter with the C image
 * model; the expected values are computed here in C from the documented rules (written out
 * again below, not taken from the emulator's code), and the device's window must equal the
 * interpreter's byte for byte. */
#include "xl_test_harness.h"

#include "gpu/shader/ir/ir_tsharp.h"
#include "gpu/tiling/tiling.h"
#include "gpu/tiling/tiling_desc.h"
#include "spv_check.h"
#include "vk_test_device.h"
#include "image_wave_run.h"

static vk_device *dev;

#define GBASE 0x200000000ull
#define GSIZE (4u << 20)
#define SURF(k) ((uint32_t)(k) << 16) /* surface k at 64 KiB steps */
#define IO_OFF (1u << 20)             /* lane inputs; results at +1 KiB, +2 KiB */

static uint32_t rng = 2026;
static uint32_t rnd(void) {
  rng = rng * 1103515245u + 12345u;
  return rng >> 8;
}

/* ---- the float rules (docs/shader-spirv.md, *Float atomics*) ----------------------------
 * fmin/fmax are IEEE 754-2019 minimumNumber/maximumNumber on the bits: a NaN operand gives
 * the other operand unchanged, two NaNs give the memory one quieted, -0 is below +0,
 * denormals compare as they are. fcmpswap swaps when memory == compare as floats (-0 == +0,
 * a NaN never equal). */
static bool nan_bits(uint32_t b) { return (b & 0x7fffffffu) > 0x7f800000u; }
/* A below B in the order of the reals, -0 below +0 (neither a NaN) */
static bool below(uint32_t a, uint32_t b) {
  bool na = a >> 31, nb = b >> 31;
  if (na != nb) return na;
  return na ? (a & 0x7fffffffu) > (b & 0x7fffffffu) : a < b;
}
static uint32_t want_minmax(bool max, uint32_t mem, uint32_t v) {
  if (nan_bits(mem) && nan_bits(v)) return mem | 0x00400000u;
  if (nan_bits(mem)) return v;
  if (nan_bits(v)) return mem;
  return (max ? below(mem, v) : below(v, mem)) ? v : mem;
}
static bool float_eq(uint32_t a, uint32_t b) {
  if (nan_bits(a) || nan_bits(b)) return false;
  return a == b || ((a | b) & 0x7fffffffu) == 0;
}

static const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u,
                                    0x00000001u, 0x80000010u, 0x007fffffu, 0x7f800000u,
                                    0xff800000u, 0x7fc00000u, 0x7f800001u, 0xffc00123u,
                                    0x42280000u, 0xc2280000u, 0x00000002u, 0x3f800001u};
#define NSPECIAL (sizeof specials / sizeof *specials)

static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static uint32_t get32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

/* 16 x 8 elements of 32_FLOAT (4 KiB S_X): surfaces 0 (fmin), 1 (fmax, and the shared element
 * (15, 7) every lane's fmax without glc hits), 2 (fcmpswap); surface 0 again through a 32_UINT
 * T# (a float atomic on it returns 0 and writes nothing). Lanes l % 8 == 7 are outside the
 * image (x = 16). Each other lane has its own element (l % 16, l / 16). */
static void float_atomics_run(unsigned wave) {
  struct tiling_surface surf = {.mode = TILING_SW_4KB_S_X,
                                .bpe = 4,
                                .width = 16,
                                .height = 8,
                                .depth = 1,
                                .levels = 1,
                                .fragments = 1,
                                .dim = TILING_DIM_2D};
  struct tiling_layout lay;
  assert_true(tiling_compute_layout(&surf, &lay));
  assert_true(lay.size <= SURF(1));
  uint32_t sgpr[40] = {0};
  for (unsigned k = 0; k < 4; k++) {
    struct ir_tsharp t = {.base = GBASE + SURF(k == 3 ? 0 : k),
                          .format = k == 3 ? 20 : 22,
                          .type = IR_TSHARP_2D,
                          .sw_mode = TILING_SW_4KB_S_X,
                          .width = 16,
                          .height = 8,
                          .depth = 1,
                          .levels = 1,
                          .dst_sel = {4, 5, 6, 7}};
    static const unsigned at[4] = {0, 8, 24, 32};
    ir_tsharp_encode(&t, sgpr + at[k]);
  }
  for (unsigned i = 0; i < 3; i++) {
    uint64_t a = GBASE + IO_OFF + 1024u * i;
    sgpr[16 + 2 * i] = (uint32_t)a;
    sgpr[17 + 2 * i] = (uint32_t)(a >> 32);
  }
  uint8_t *mem = calloc(1, GSIZE);
  assert_non_null(mem);
  for (unsigned k = 0; k < 3; k++)
    for (uint64_t o = 0; o + 4 <= lay.size; o += 4)
      put32(mem + SURF(k) + o, specials[rnd() % NSPECIAL]);
  uint64_t shared = tiling_element_offset(&lay, 0, 15, 7, 0, 0);
  put32(mem + SURF(1) + shared, 0x3f800000u); /* not a NaN: the fold is order-free */
  uint8_t *want = malloc(3 * SURF(1));
  assert_non_null(want);
  memcpy(want, mem, 3 * SURF(1));
  uint32_t *in = (uint32_t *)(mem + IO_OFF), ret[64][4];
  for (unsigned l = 0; l < wave; l++) {
    bool inside = l % 8 != 7;
    uint32_t x = inside ? l % 16 : 16, y = l / 16;
    uint64_t off = inside ? tiling_element_offset(&lay, 0, x, y, 0, 0) : 0;
    uint32_t v = specials[rnd() % NSPECIAL];
    uint32_t cur = inside ? get32(want + SURF(2) + off) : 0;
    uint32_t cmp = l % 4 == 0 ? cur : l % 4 == 1 ? cur ^ 0x80000000u : specials[rnd() % NSPECIAL];
    in[4 * l] = x;
    in[4 * l + 1] = y;
    in[4 * l + 2] = v;
    in[4 * l + 3] = cmp;
    memset(ret[l], 0, sizeof ret[l]);
    if (inside) {
      uint32_t m0 = get32(want + SURF(0) + off), m1 = get32(want + SURF(1) + off);
      ret[l][0] = m0;
      ret[l][1] = m1;
      ret[l][2] = cur;
      put32(want + SURF(0) + off, want_minmax(false, m0, v));
      put32(want + SURF(1) + off, want_minmax(true, m1, v));
      if (float_eq(cur, cmp)) put32(want + SURF(2) + off, v);
    }
  }
  /* the shared element: every lane's fmax, in lane order (the result is order-free) */
  for (unsigned l = 0; l < wave; l++)
    put32(want + SURF(1) + shared,
          want_minmax(true, get32(want + SURF(1) + shared), in[4 * l + 2]));
  static const char k_src[] =
      "v_lshlrev_b32 v1, 4, v0\n"
      "global_load_dwordx4 v[2:5], v1, s[16:17]\n"
      "s_waitcnt vmcnt(0)\n"
      "v_mov_b32 v6, v4\n"
      "image_atomic_fmin v6, v[2:3], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc\n"
      "v_mov_b32 v7, v4\n"
      "image_atomic_fmax v7, v[2:3], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc\n"
      "v_mov_b32 v8, v4\n"
      "v_mov_b32 v9, v5\n"
      "image_atomic_fcmpswap v[8:9], v[2:3], s[24:31] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm glc\n"
      "v_mov_b32 v9, v4\n"
      "image_atomic_fmin v9, v[2:3], s[32:39] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc\n"
      "v_mov_b32 v12, 15\n"
      "v_mov_b32 v13, 7\n"
      "image_atomic_fmax v4, v[12:13], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm\n"
      "s_waitcnt vmcnt(0)\n"
      "global_store_dwordx4 v1, v[6:9], s[18:19]\n"
      "s_endpgm\n";
  uint8_t *imem = malloc(GSIZE);
  assert_non_null(imem);
  memcpy(imem, mem, GSIZE);
  image_wave_interp("float atomics", k_src, wave, sgpr, 40, imem, GBASE, GSIZE);
  image_wave_device(dev, "float atomics", k_src, wave, sgpr, 40, mem, GBASE, GSIZE);
  unsigned bad = 0;
  const uint32_t *out = (const uint32_t *)(mem + IO_OFF + 1024);
  for (unsigned l = 0; l < wave; l++)
    for (unsigned k = 0; k < 4; k++)
      if (out[4 * l + k] != ret[l][k] && bad++ < 12)
        fprintf(stderr, "wave%u lane %u: %s returned 0x%08x, want 0x%08x (data 0x%08x)\n", wave, l,
                (const char *[]){"fmin", "fmax", "fcmpswap", "fmin on 32_UINT"}[k], out[4 * l + k],
                ret[l][k], in[4 * l + 2]);
  for (uint64_t o = 0; o < 3 * SURF(1); o += 4)
    if (get32(mem + o) != get32(want + o) && bad++ < 24)
      fprintf(stderr, "wave%u: surface %u offset 0x%llx is 0x%08x, want 0x%08x\n", wave,
              (unsigned)(o >> 16), (unsigned long long)(o & 0xffff), get32(mem + o),
              get32(want + o));
  for (uint64_t i = 0; i < GSIZE; i++)
    if (mem[i] != imem[i] && bad++ < 32)
      fprintf(stderr, "wave%u: window byte 0x%llx: device 0x%02x, interpreter 0x%02x\n", wave,
              (unsigned long long)i, mem[i], imem[i]);
  if (!bad)
    printf(
        "float atomics wave%u: fmin, fmax, fcmpswap (glc) and a shared fmax as computed in C "
        "and as the interpreter\n",
        wave);
  assert_int_equal(bad, 0);
  free(imem);
  free(want);
  free(mem);
}

static void float_atomics(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  float_atomics_run(32);
  float_atomics_run(64);
}

/* image_load with tfe, 32-bit and D16 data, on a linear 64 x 64 16_16_UINT surface whose
 * rows 32..63 lie past the end of mapped memory: a lane there gets 0 data and status 1 (not
 * resident); a lane inside mapped memory, or outside the image (x >= 64: the range check,
 * not a fault), gets status 0, which leaves the status VGPR as it was (0x5eed). */
static void tfe_run(unsigned wave) {
  const uint32_t pitch = 256, rows = 64;
  uint64_t base = GBASE + GSIZE - 32 * pitch;
  struct ir_tsharp t = {.base = base,
                        .format = 27,
                        .type = IR_TSHARP_2D,
                        .sw_mode = 0,
                        .width = 64,
                        .height = rows,
                        .depth = 1,
                        .levels = 1,
                        .dst_sel = {4, 5, 6, 7}};
  uint32_t sgpr[24] = {0};
  ir_tsharp_encode(&t, sgpr);
  for (unsigned i = 0; i < 3; i++) {
    uint64_t a = GBASE + IO_OFF + 1024u * i;
    sgpr[16 + 2 * i] = (uint32_t)a;
    sgpr[17 + 2 * i] = (uint32_t)(a >> 32);
  }
  uint8_t *mem = calloc(1, GSIZE);
  assert_non_null(mem);
  for (uint64_t o = GSIZE - 32 * pitch; o < GSIZE; o++) mem[o] = (uint8_t)rnd();
  uint32_t *in = (uint32_t *)(mem + IO_OFF), want[64][8];
  for (unsigned l = 0; l < wave; l++) {
    uint32_t x = l % 8 == 7 ? 64 + l : rnd() % 64, y = (l * 7 + rnd() % 3) % rows;
    in[4 * l] = x;
    in[4 * l + 1] = y;
    bool inside = x < 64, mapped = y < 32;
    uint32_t e = inside && mapped ? get32(mem + (GSIZE - 32 * pitch) + y * pitch + 4 * x) : 0;
    uint32_t st = inside && !mapped ? 1 : 0x5eed;
    uint32_t w[8] = {e & 0xffff, e >> 16, st, 0, e, st, 0, 0};
    memcpy(want[l], w, sizeof w);
  }
  static const char k_src[] =
      "v_lshlrev_b32 v1, 4, v0\n"
      "global_load_dwordx4 v[2:5], v1, s[16:17]\n"
      "s_waitcnt vmcnt(0)\n"
      "v_mov_b32 v8, 0x5eed\n"
      "v_mov_b32 v11, 0x5eed\n"
      "v_mov_b32 v9, 0\n"
      "v_mov_b32 v12, 0\n"
      "v_mov_b32 v13, 0\n"
      "image_load v[6:8], v[2:3], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm tfe\n"
      "image_load v[10:11], v[2:3], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm tfe d16\n"
      "s_waitcnt vmcnt(0)\n"
      "global_store_dwordx4 v1, v[6:9], s[18:19]\n"
      "global_store_dwordx4 v1, v[10:13], s[20:21]\n"
      "s_endpgm\n";
  uint8_t *imem = malloc(GSIZE);
  assert_non_null(imem);
  memcpy(imem, mem, GSIZE);
  image_wave_interp("tfe", k_src, wave, sgpr, 24, imem, GBASE, GSIZE);
  image_wave_device(dev, "tfe", k_src, wave, sgpr, 24, mem, GBASE, GSIZE);
  unsigned bad = 0;
  const uint32_t *out = (const uint32_t *)(mem + IO_OFF + 1024);
  for (unsigned l = 0; l < wave; l++)
    for (unsigned k = 0; k < 8; k++)
      if (out[(k / 4) * 256 + 4 * l + k % 4] != want[l][k] && bad++ < 12)
        fprintf(stderr, "tfe wave%u lane %u (x %u y %u) %s dword %u: 0x%08x, want 0x%08x\n", wave,
                l, in[4 * l], in[4 * l + 1], k < 4 ? "32-bit" : "d16", k % 4,
                out[(k / 4) * 256 + 4 * l + k % 4], want[l][k]);
  for (uint64_t i = 0; i < GSIZE; i++)
    if (mem[i] != imem[i] && bad++ < 24)
      fprintf(stderr, "tfe wave%u: window byte 0x%llx: device 0x%02x, interpreter 0x%02x\n", wave,
              (unsigned long long)i, mem[i], imem[i]);
  if (!bad)
    printf(
        "tfe wave%u: data and status (resident, not resident, outside the image) as "
        "computed in C and as the interpreter\n",
        wave);
  assert_int_equal(bad, 0);
  free(imem);
  free(mem);
}

static void tfe_status(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  tfe_run(32);
  tfe_run(64);
}

/* ---- MSAA surfaces ------------------------------------------------------------------------
 * image_load and image_store on 2D MSAA (x, y, fragment) and 2D MSAA array (x, y, layer,
 * fragment) surfaces: 2^LAST_LEVEL fragments, one level, laid out by the tiling library
 * (tiling_element_offset with the fragment). Every lane loads its element into registers and
 * stores its data at the same place of a second surface of the same shape, then adds 1 to
 * that element with image_atomic_add (glc: the stored value back on 32_UINT, 0 and nothing
 * written on the other formats); lanes l % 8 == 7 are outside (the fragment, x or the
 * layer). A Z mode with 8-byte elements and MSAA has no layout (the library refuses it):
 * loads 0, stores dropped. */
#define MS_DST (1u << 20)
#define MS_IO (3u << 20)
struct msaa_case {
  const char *name;
  uint32_t mode, format, comps, bits, frags_log2, type, width, height, layers, base_array, pbx;
  bool laid_out;
};
static const struct msaa_case msaa_cases[] = {
    {"z_x_32_uint_4x", TILING_SW_64KB_Z_X, 20, 1, 32, 2, IR_TSHARP_2D_MSAA, 40, 20, 1, 0, 0x4300,
     true},
    {"r_x_32_32_uint_8x_array", TILING_SW_64KB_R_X, 62, 2, 32, 3, IR_TSHARP_2D_MSAA_ARRAY, 24, 18,
     4, 1, 0, true},
    {"r_x_8_uint_2x", TILING_SW_64KB_R_X, 5, 1, 8, 1, IR_TSHARP_2D_MSAA, 70, 9, 1, 0, 0x200, true},
    {"z_x_16x4_uint_2x_no_layout", TILING_SW_64KB_Z_X, 69, 4, 16, 1, IR_TSHARP_2D_MSAA, 16, 16, 1,
     0, 0, false},
};

static void msaa_run(const struct msaa_case *c, unsigned wave) {
  uint32_t bpe = c->comps * c->bits / 8, frags = 1u << c->frags_log2;
  bool arr = c->type == IR_TSHARP_2D_MSAA_ARRAY;
  uint32_t depth = c->base_array + c->layers; /* slices of the surface */
  struct tiling_surface surf = {.mode = c->mode,
                                .bpe = bpe,
                                .width = c->width,
                                .height = c->height,
                                .depth = depth,
                                .levels = 1,
                                .fragments = frags,
                                .dim = TILING_DIM_2D,
                                .pipe_bank_xor = c->pbx};
  struct tiling_layout lay;
  assert_true(tiling_compute_layout(&surf, &lay) == c->laid_out);
  uint64_t size = c->laid_out ? lay.size : 65536;
  assert_true(size <= MS_DST);
  struct ir_tsharp t = {.base = GBASE + c->pbx,
                        .format = c->format,
                        .type = c->type,
                        .sw_mode = c->mode,
                        .width = c->width,
                        .height = c->height,
                        .depth = depth, /* arrays: the last layer + 1 */
                        .base_array = c->base_array,
                        .last_level = c->frags_log2,
                        .levels = 1,
                        .dst_sel = {4, 5, 6, 7}};
  uint32_t sgpr[24] = {0};
  ir_tsharp_encode(&t, sgpr);
  t.base = GBASE + MS_DST + c->pbx;
  ir_tsharp_encode(&t, sgpr + 8);
  /* the library's own reading of the T#: the fragments from LAST_LEVEL */
  struct tiling_surface from;
  struct tiling_tsharp info;
  assert_true(tiling_surface_from_tsharp(sgpr, &from, &info) == c->laid_out);
  if (c->laid_out) assert_int_equal(from.fragments, frags);
  for (unsigned i = 0; i < 4; i++) {
    uint64_t a = GBASE + MS_IO + 1024u * i;
    sgpr[16 + 2 * i] = (uint32_t)a;
    sgpr[17 + 2 * i] = (uint32_t)(a >> 32);
  }
  uint8_t *mem = calloc(1, GSIZE);
  assert_non_null(mem);
  for (uint64_t i = 0; i < size; i++) mem[i] = (uint8_t)rnd();
  memset(mem + MS_DST, 0xa5, size);
  uint8_t *want = malloc(size);
  assert_non_null(want);
  memset(want, 0xa5, size);
  uint32_t *co = (uint32_t *)(mem + MS_IO), *data = co + 256, exp[64][4], exp_add[64];
  uint32_t key[64];
  for (unsigned l = 0; l < wave; l++) {
    uint32_t x, y, s, f;
    bool in;
    for (;;) {
      x = rnd() % c->width;
      y = rnd() % c->height;
      s = arr ? rnd() % c->layers : 0;
      f = rnd() % frags;
      in = l % 8 != 7;
      if (!in) {
        unsigned why = (l / 8) % 3;
        if (why == 0) f = frags + l % 2;
        else if (why == 1) x = c->width;
        else if (arr) s = c->layers;
        else y = c->height + 3;
        break;
      }
      key[l] = ((x * 64 + y) * 8 + s) * 16 + f;
      bool dup = false;
      for (unsigned k = 0; k < l; k++) dup |= k % 8 != 7 && key[k] == key[l];
      if (!dup) break;
    }
    unsigned n = 0;
    co[4 * l + n++] = x;
    co[4 * l + n++] = y;
    if (arr) co[4 * l + n++] = s;
    co[4 * l + n++] = f;
    uint32_t mask = c->bits == 32 ? ~0u : (1u << c->bits) - 1;
    for (unsigned k = 0; k < 4; k++) data[4 * l + k] = rnd() & mask;
    memset(exp[l], 0, sizeof exp[l]);
    exp_add[l] = 0;
    if (!in || !c->laid_out) continue;
    uint64_t off = tiling_element_offset(&lay, 0, x, y, c->base_array + s, f);
    assert_true(off + bpe <= size);
    for (unsigned k = 0; k < 4; k++) {
      uint32_t r = 0;
      if (k < c->comps) memcpy(&r, mem + off + k * c->bits / 8, c->bits / 8);
      exp[l][k] = k < c->comps ? r : k == 3 ? 1 : 0;
    }
    for (unsigned k = 0; k < c->comps; k++)
      memcpy(want + off + k * c->bits / 8, &data[4 * l + k], c->bits / 8);
    if (c->format == 20) { /* 32_UINT: the atomic add sees the stored value */
      exp_add[l] = data[4 * l];
      uint32_t v = data[4 * l] + 1;
      memcpy(want + off, &v, 4);
    }
  }
  char src[1024];
  const char *dim = arr ? "SQ_RSRC_IMG_2D_MSAA_ARRAY" : "SQ_RSRC_IMG_2D_MSAA";
  const char *addr = arr ? "v[2:5]" : "v[2:4]";
  snprintf(src, sizeof src,
           "v_lshlrev_b32 v1, 4, v0\n"
           "global_load_dwordx4 v[2:5], v1, s[16:17]\n"
           "global_load_dwordx4 v[10:13], v1, s[18:19]\n"
           "s_waitcnt vmcnt(0)\n"
           "image_load v[6:9], %s, s[0:7] dmask:0xf dim:%s unorm\n"
           "image_store v[10:13], %s, s[8:15] dmask:0xf dim:%s unorm\n"
           "v_mov_b32 v14, 1\n"
           "image_atomic_add v14, %s, s[8:15] dmask:0x1 dim:%s unorm glc\n"
           "s_waitcnt vmcnt(0)\n"
           "global_store_dwordx4 v1, v[6:9], s[20:21]\n"
           "global_store_dword v1, v14, s[22:23]\n"
           "s_endpgm\n",
           addr, dim, addr, dim, addr, dim);
  uint8_t *imem = malloc(GSIZE);
  assert_non_null(imem);
  memcpy(imem, mem, GSIZE);
  image_wave_interp(c->name, src, wave, sgpr, 24, imem, GBASE, GSIZE);
  image_wave_device(dev, c->name, src, wave, sgpr, 24, mem, GBASE, GSIZE);
  unsigned bad = 0;
  const uint32_t *res = (const uint32_t *)(mem + MS_IO + 2048);
  const uint32_t *ret = (const uint32_t *)(mem + MS_IO + 3072);
  for (unsigned l = 0; l < wave; l++)
    if (ret[4 * l] != exp_add[l] && bad++ < 12)
      fprintf(stderr, "%s wave%u lane %u: image_atomic_add returned 0x%x, want 0x%x\n", c->name,
              wave, l, ret[4 * l], exp_add[l]);
  for (unsigned l = 0; l < wave; l++)
    for (unsigned k = 0; k < 4; k++)
      if (res[4 * l + k] != exp[l][k] && bad++ < 12)
        fprintf(stderr, "%s wave%u lane %u (%u, %u, %u, %u) comp %u: 0x%x, want 0x%x\n", c->name,
                wave, l, co[4 * l], co[4 * l + 1], co[4 * l + 2], co[4 * l + 3], k, res[4 * l + k],
                exp[l][k]);
  for (uint64_t i = 0; i < size; i++)
    if (mem[MS_DST + i] != want[i] && bad++ < 24)
      fprintf(stderr, "%s wave%u: stored byte 0x%llx is 0x%02x, want 0x%02x\n", c->name, wave,
              (unsigned long long)i, mem[MS_DST + i], want[i]);
  for (uint64_t i = 0; i < GSIZE; i++)
    if (mem[i] != imem[i] && bad++ < 32)
      fprintf(stderr, "%s wave%u: window byte 0x%llx: device 0x%02x, interpreter 0x%02x\n", c->name,
              wave, (unsigned long long)i, mem[i], imem[i]);
  if (!bad)
    printf(
        "%s wave%u: %u fragments, loads, stores and atomics as computed in C and as the "
        "interpreter\n",
        c->name, wave, frags);
  assert_int_equal(bad, 0);
  free(imem);
  free(want);
  free(mem);
}

static void msaa_surfaces(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  for (size_t i = 0; i < sizeof msaa_cases / sizeof *msaa_cases; i++) {
    msaa_run(&msaa_cases[i], 32);
    msaa_run(&msaa_cases[i], 64);
  }
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(float_atomics), cmocka_unit_test(tfe_status),
                                     cmocka_unit_test(msaa_surfaces)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  if (!dev && r == 0) return 77;
  return r;
}
