/* Translation coverage beyond the core set: 16-bit VALU (f16 and 16-bit integer, VOP3
 * op_sel, the GFX10 rule that a 16-bit result keeps the other half of its register), ...
 * Each shader is assembled by llvm-mc-19, run by the interpreter before and after the
 * passes, and every result is checked against the same computation written in C. */
#include <float.h>
#include <math.h>

#include "xl_test_harness.h"

/* binary16 of D rounded to nearest even (normal range and zero only: the tests stay there) */
static uint16_t to_half(double d) {
  uint16_t s = signbit(d) ? 0x8000 : 0;
  d = fabs(d);
  if (d == 0.0) return s;
  int e;
  frexp(d, &e);
  e -= 1; /* d in [2^e, 2^(e+1)) */
  assert_true(e >= -14 && e <= 15);
  double m = nearbyint(ldexp(d, 10 - e)); /* [1024, 2048] */
  if (m == 2048.0) {
    m = 1024.0;
    e++;
  }
  return (uint16_t)(s | (uint16_t)((e + 15) << 10) | (uint16_t)(m - 1024.0));
}

static double from_half(uint16_t h) {
  double v = (h & 0x7c00) ? ldexp((h & 1023) | 1024, ((h >> 10) & 31) - 25) : ldexp(h & 1023, -24);
  return (h & 0x8000) ? -v : v;
}

/* binary16 H as a double, infinities and NaN included */
static double from_half_any(uint16_t h) {
  if ((h & 0x7c00) == 0x7c00) return (h & 0x3ff) ? NAN : (h & 0x8000) ? -INFINITY : INFINITY;
  return from_half(h);
}

static uint32_t lo16(uint32_t v) { return v & 0xffff; }
static uint32_t hi16(uint32_t v) { return v >> 16; }
static int32_t s16(uint32_t v) { return (int16_t)(uint16_t)v; }
static uint32_t keep_hi(uint32_t old, uint32_t lo) { return (old & 0xffff0000u) | (lo & 0xffff); }
static uint32_t keep_lo(uint32_t old, uint32_t hi) { return (old & 0xffff) | (hi << 16); }
static int32_t sat16(int32_t v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : v; }
static int32_t med3i(int32_t a, int32_t b, int32_t c) {
  int32_t lo = a < b ? a : b, hi = a < b ? b : a;
  return c < lo ? lo : c > hi ? hi : c;
}

static const char *alu16_shader =
    "v_add_f16 v2, v1, v3\n"
    "v_fma_f16 v4, v1, v3, v3 op_sel:[1,1,0,1]\n" /* hi(v1) * hi(v3) + lo(v3) -> hi(v4) */
    "v_sub_f16 v5, v1, v3\n"
    "v_fma_f16 v6, v1, v3, v1 op_sel:[0,1,0,0]\n"
    "v_fmac_f16 v7, v1, v3\n"
    "v_max_f16_e64 v8, -v1, |v3|\n"
    "v_cvt_f32_f16_e64 v9, -v1\n"
    "v_cvt_f16_f32 v10, v11\n"
    "v_floor_f16 v12, v1\n"
    "v_add_nc_u16 v13, v14, v15 op_sel:[0,1,1]\n"
    "v_sub_nc_i16 v16, v14, v15 clamp\n"
    "v_mad_u32_u16 v17, v14, v15, v18 op_sel:[1,0,0,0]\n"
    "v_lshlrev_b16 v19, 3, v14\n"
    "v_ashrrev_i16 v20, v15, v14\n"
    "v_med3_i16 v21, v14, v15, v18\n"
    "v_cmp_lt_f16 vcc_lo, v1, v3\n"
    "v_cmp_gt_u16_e64 s0, v14, v15\n"
    "v_add_f16 v22, 0.5, v1\n"
    "v_mul_f16 v23, 0x4000, v1\n" /* literal: f16 2.0 */
    "v_cvt_i16_f16 v24, v1\n"
    "v_fract_f16 v25, v1\n"
    "v_min3_f16 v26, v1, v3, 1.0\n"
    "v_subrev_f16_e64 v27, v1, v3\n"
    "v_cvt_f32_f16_sdwa v28, -v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1\n"
    "s_endpgm\n";

static void alu_16bit_halves_and_preserved_high_bits(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = 0xffffffdfu; /* lane 5 inactive */
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  double alo[32], ahi[32], blo[32], bhi[32];
  for (uint32_t l = 0; l < 32; l++) {
    alo[l] = ((double)l - 8) * 0.25;
    ahi[l] = l * 0.5 + 1;
    blo[l] = 1.5 + l * 0.125;
    bhi[l] = -(double)(l % 8) * 0.75;
    for (uint32_t v = 2; v <= 27; v++) w->vgpr[v][l] = 0x5a5a0000u | (l * 3);
    w->vgpr[1][l] = to_half(alo[l]) | (uint32_t)to_half(ahi[l]) << 16;
    w->vgpr[3][l] = to_half(blo[l]) | (uint32_t)to_half(bhi[l]) << 16;
    w->vgpr[7][l] = 0x5a5a0000u | to_half(0.5);
    w->vgpr[11][l] = fbits((float)l * 1.25f + 0.1f);
    w->vgpr[14][l] = (0x1000u + l * 77) << 16 | ((l * 1500) & 0xffff);
    w->vgpr[15][l] = (l * 3 + 1) << 16 | ((30000 - l * 2000) & 0xffff);
    w->vgpr[18][l] = l * 100000 + 7;
  }
  run(alu16_shader, false, w, r);
  uint32_t vcc = 0, s0 = 0;
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t old = 0x5a5a0000u | (l * 3);
    uint32_t v14 = w->vgpr[14][l], v15 = w->vgpr[15][l], v18 = w->vgpr[18][l];
    if (!((exec >> l) & 1)) { /* an inactive lane keeps everything */
      for (uint32_t v = 2; v <= 27; v++) assert_int_equal(r->vgpr[v][l], w->vgpr[v][l]);
      continue;
    }
    assert_int_equal(r->vgpr[2][l], keep_hi(old, to_half(alo[l] + blo[l])));
    assert_int_equal(r->vgpr[4][l], keep_lo(old, to_half(fma(ahi[l], bhi[l], blo[l]))));
    assert_int_equal(r->vgpr[5][l], keep_hi(old, to_half(alo[l] - blo[l])));
    assert_int_equal(r->vgpr[6][l], keep_hi(old, to_half(fma(alo[l], bhi[l], alo[l]))));
    assert_int_equal(r->vgpr[7][l], keep_hi(old, to_half(fma(alo[l], blo[l], 0.5))));
    assert_int_equal(r->vgpr[8][l], keep_hi(old, to_half(fmax(-alo[l], fabs(blo[l])))));
    assert_int_equal(r->vgpr[9][l], fbits((float)-alo[l]));
    assert_int_equal(r->vgpr[10][l], keep_hi(old, to_half((double)((float)l * 1.25f + 0.1f))));
    assert_int_equal(r->vgpr[12][l], keep_hi(old, to_half(floor(alo[l]))));
    assert_int_equal(r->vgpr[13][l], keep_lo(old, (lo16(v14) + hi16(v15)) & 0xffff));
    assert_int_equal(r->vgpr[16][l], keep_hi(old, (uint32_t)sat16(s16(v14) - s16(v15))));
    assert_int_equal(r->vgpr[17][l], hi16(v14) * lo16(v15) + v18);
    assert_int_equal(r->vgpr[19][l], keep_hi(old, lo16(v14) << 3));
    assert_int_equal(r->vgpr[20][l], keep_hi(old, (uint32_t)(s16(v14) >> (v15 & 15))));
    assert_int_equal(r->vgpr[21][l], keep_hi(old, (uint32_t)med3i(s16(v14), s16(v15), s16(v18))));
    assert_int_equal(r->vgpr[22][l], keep_hi(old, to_half(0.5 + alo[l])));
    assert_int_equal(r->vgpr[23][l], keep_hi(old, to_half(2.0 * alo[l])));
    assert_int_equal(r->vgpr[24][l], keep_hi(old, (uint32_t)(int32_t)trunc(alo[l])));
    assert_int_equal(r->vgpr[25][l], keep_hi(old, to_half(alo[l] - floor(alo[l]))));
    assert_int_equal(r->vgpr[26][l], keep_hi(old, to_half(fmin(fmin(alo[l], blo[l]), 1.0))));
    assert_int_equal(r->vgpr[27][l], keep_hi(old, to_half(blo[l] - alo[l])));
    assert_int_equal(r->vgpr[28][l], fbits((float)-ahi[l])); /* SDWA: the high word */
    if (alo[l] < blo[l]) vcc |= 1u << l;
    if (lo16(v14) > lo16(v15)) s0 |= 1u << l;
  }
  assert_int_equal((uint32_t)r->vcc, vcc);
  assert_int_equal(r->sgpr[0], s0);
  /* the C reference itself: half encodings round trip */
  assert_true(from_half(to_half(-2.75)) == -2.75);
  free(w);
  free(r);
}

/* LDS bytes and shorts: zero/sign extension, D16 halves (the other half kept), stores of
 * the low bytes or of the high half, inactive lanes neither load nor store. */
static void lds_subdword_loads_and_stores(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = ~(1ull << 3) & 0xffffffffu;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  uint8_t *lds = calloc(1, 4096), before[4096];
  for (uint32_t i = 0; i < 4096; i++) lds[i] = (uint8_t)(i * 37 + 11);
  memcpy(before, lds, sizeof before);
  w->lds = lds;
  w->lds_size = 4096;
  for (uint32_t l = 0; l < 32; l++) {
    for (uint32_t v = 2; v <= 8; v++) w->vgpr[v][l] = 0xa5a50000u | (0x1111u * (l & 7));
    w->vgpr[9][l] = 0x12345600u | (l * 5);
    w->vgpr[10][l] = (0x8000u + l * 3) << 16 | 0x7777u;
  }
  run("v_lshlrev_b32 v1, 1, v0\n"
      "ds_read_u8 v2, v0 offset:3\n"
      "ds_read_i8 v3, v0 offset:100\n"
      "ds_read_u16 v4, v1 offset:200\n"
      "ds_read_i16 v5, v1\n"
      "ds_read_u8_d16_hi v6, v0\n"
      "ds_read_i8_d16 v7, v0 offset:64\n"
      "ds_read_u16_d16 v8, v1 offset:300\n"
      "ds_write_b8 v0, v9 offset:1024\n"
      "ds_write_b16_d16_hi v1, v10 offset:2048\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t old = 0xa5a50000u | (0x1111u * (l & 7));
    const uint8_t *m = before;
    if (!((exec >> l) & 1)) {
      for (uint32_t v = 2; v <= 8; v++) assert_int_equal(r->vgpr[v][l], old);
      assert_int_equal(lds[1024 + l], before[1024 + l]);
      assert_int_equal(lds[2048 + 2 * l], before[2048 + 2 * l]);
      continue;
    }
    uint32_t u16at200 = m[200 + 2 * l] | (uint32_t)m[201 + 2 * l] << 8;
    uint32_t u16at0 = m[2 * l] | (uint32_t)m[2 * l + 1] << 8;
    uint32_t u16at300 = m[300 + 2 * l] | (uint32_t)m[301 + 2 * l] << 8;
    assert_int_equal(r->vgpr[2][l], m[3 + l]);
    assert_int_equal(r->vgpr[3][l], (uint32_t)(int32_t)(int8_t)m[100 + l]);
    assert_int_equal(r->vgpr[4][l], u16at200);
    assert_int_equal(r->vgpr[5][l], (uint32_t)(int32_t)(int16_t)u16at0);
    assert_int_equal(r->vgpr[6][l], keep_lo(old, m[l]));
    assert_int_equal(r->vgpr[7][l], keep_hi(old, (uint16_t)(int16_t)(int8_t)m[64 + l]));
    assert_int_equal(r->vgpr[8][l], keep_hi(old, u16at300));
    assert_int_equal(lds[1024 + l], (uint8_t)(l * 5));
    assert_int_equal(lds[2048 + 2 * l] | lds[2049 + 2 * l] << 8, 0x8000u + l * 3);
  }
  free(lds);
  free(w);
  free(r);
}

/* Buffer and global bytes/shorts: the IR carries the size, the address and the extension
 * (checked on the printed IR; the interpreter models LDS only). */
static void buffer_and_global_subdword_operations(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint32_t observe[] = {IR_REG_VGPR0 + 1, IR_REG_VGPR0 + 2, IR_REG_VGPR0 + 3};
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      "buffer_load_ubyte v1, v0, s[8:11], 0 offen offset:3\n"
      "buffer_load_short_d16_hi v2, v0, s[8:11], 0 offen\n"
      "global_load_sbyte v3, v[4:5], off offset:-1\n"
      "global_store_short_d16_hi v[4:5], v6, off\n"
      "buffer_store_byte v7, v0, s[8:11], s2 idxen\n"
      "s_endpgm\n",
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .observe = observe,
                                    .observe_count = 3},
      &st);
  assert_int_equal(st.unsupported_count, 0);
  uint32_t count[IR_OP_COUNT];
  count_ops(fn, count);
  assert_int_equal(count[IR_OP_load_buffer_sub], 2);
  assert_int_equal(count[IR_OP_store_buffer_sub], 1);
  assert_int_equal(count[IR_OP_load_global_sub_if], 1); /* predicated on the lane (EXEC) */
  assert_int_equal(count[IR_OP_store_global_sub], 1);
  assert_int_equal(count[IR_OP_sbfe], 1);      /* the signed byte */
  assert_int_equal(count[IR_OP_pack_half], 1); /* the d16_hi load keeps the low half */
  char *text = ir_text(fn);
  assert_non_null(strstr(text, "load_buffer_sub.u32 [0x1]"));
  assert_non_null(strstr(text, "load_buffer_sub.u32 [0x2]"));
  assert_non_null(strstr(text, "load_global_sub_if.u32 [0x1]"));
  assert_non_null(strstr(text, "store_global_sub [0x2]"));
  assert_non_null(strstr(text, "store_buffer_sub [0x1]"));
  assert_non_null(strstr(text, "0xffffffffffffffff")); /* offset -1 on the 64-bit address */
  free(text);
  ir_function_destroy(fn);
}

/* The f32 division sequence llc emits (div_scale, rcp, Newton steps, div_fmas, div_fixup)
 * gives the correctly rounded quotient, including the scaled paths (tiny numerators, huge
 * ratios, denormal denominators) and the special cases of div_fixup. */
static void f32_division_sequence_is_exact(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const float num[32] = {1.0f, 2.0f, 10.0f, -7.0f, 1e-38f, 3e38f, 1e-44f, 5.0f,
                                0.0f, 0.0f, 1.0f, -1.0f, INFINITY, INFINITY, NAN, 1.0f,
                                123456.789f, 1e30f, -2.5e-30f, 1.17549435e-38f, 8e-39f,
                                3.4e38f, 7.0f, 1e-20f, 0.1f, 355.0f, -0.0f, 2.0f, 9.0f,
                                1e38f, 6e-39f, 1.5f};
  static const float den[32] = {3.0f, 3.0f, 0.1f, 3.0f, 3.0f, 1e-5f, 7.0f, 1e-40f,
                                5.0f, 0.0f, 0.0f, 0.0f, 2.0f, INFINITY, 1.0f, NAN,
                                0.001f, 1e-10f, 7e20f, 3.0f, -1e-38f, 0.5f, INFINITY, 1e30f,
                                0.3f, 113.0f, 4.0f, 1e38f, 3e-39f, 1e-38f, 3.0f, -0.0f};
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = fbits(num[l]);
    w->vgpr[2][l] = fbits(den[l]);
  }
  run("v_div_scale_f32 v3, s0, v2, v2, v1\n"
      "v_div_scale_f32 v4, vcc_lo, v1, v2, v1\n"
      "v_rcp_f32 v5, v3\n"
      "v_fma_f32 v6, -v3, v5, 1.0\n"
      "v_fmac_f32 v5, v6, v5\n"
      "v_mul_f32 v6, v4, v5\n"
      "v_fma_f32 v7, -v3, v6, v4\n"
      "v_fmac_f32 v6, v7, v5\n"
      "v_fma_f32 v3, -v3, v6, v4\n"
      "v_div_fmas_f32 v3, v3, v5, v6\n"
      "v_div_fixup_f32 v8, v3, v2, v1\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    float q = num[l] / den[l], got;
    uint32_t bits = r->vgpr[8][l];
    memcpy(&got, &bits, 4);
    if (isnan(q)) {
      assert_true(isnan(got));
    } else {
      if (bits != fbits(q)) fprintf(stderr, "lane %u: %a / %a = %a, got %a\n", l, num[l], den[l], q, got);
      assert_int_equal(bits, fbits(q));
    }
  }
  /* VCC (the numerator's div_scale): set where the quotient is near the range limits */
  assert_true((r->vcc >> 5) & 1);  /* 3e38 / 1e-5 overflows */
  assert_false((r->vcc >> 0) & 1); /* 1 / 3 */
  free(w);
  free(r);
}

/* reference cube-map selection (the ISA's case analysis) */
static float cube_ref(int which, float x, float y, float z) {
  float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
  int axis = az >= ax && az >= ay ? 2 : ay >= ax ? 1 : 0;
  float v[3] = {x, y, z};
  bool neg = v[axis] < 0;
  switch (which) {
    case 0: return (float)(2 * axis + neg);
    case 1: return axis == 2 ? (neg ? -x : x) : axis == 1 ? x : (neg ? z : -z);
    case 2: return axis == 1 ? (neg ? -z : z) : -y;
    default: return 2 * v[axis];
  }
}

static void cube_map_coordinates(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  float d[32][3];
  for (uint32_t l = 0; l < 32; l++) {
    /* every face and the ties (|z| = |y|, |y| = |x|) */
    d[l][0] = (float)((int)(l * 7 % 11) - 5) * 0.5f;
    d[l][1] = (float)((int)(l * 5 % 9) - 4) * 0.5f;
    d[l][2] = (float)((int)(l * 3 % 7) - 3) * 0.5f;
    for (int k = 0; k < 3; k++) w->vgpr[1 + k][l] = fbits(d[l][k]);
  }
  w->vgpr[1][0] = fbits(0.5f), w->vgpr[2][0] = fbits(-2.0f), w->vgpr[3][0] = fbits(1.0f);
  d[0][0] = 0.5f, d[0][1] = -2.0f, d[0][2] = 1.0f;
  run("v_cubeid_f32 v4, v1, v2, v3\n"
      "v_cubesc_f32 v5, v1, v2, v3\n"
      "v_cubetc_f32 v6, v1, v2, v3\n"
      "v_cubema_f32 v7, v1, v2, v3\n"
      "v_cubema_f32 v8, -v1, |v2|, v3\n"
      "s_endpgm\n",
      false, w, r);
  /* hand-checked: (0.5, -2, 1) is on the -y face: id 3, sc = x, tc = -z, ma = 2 * y */
  assert_int_equal(r->vgpr[4][0], fbits(3.0f));
  assert_int_equal(r->vgpr[5][0], fbits(0.5f));
  assert_int_equal(r->vgpr[6][0], fbits(-1.0f));
  assert_int_equal(r->vgpr[7][0], fbits(-4.0f));
  for (uint32_t l = 0; l < 32; l++) {
    for (int k = 0; k < 4; k++)
      assert_int_equal(r->vgpr[4 + k][l], fbits(cube_ref(k, d[l][0], d[l][1], d[l][2])));
    assert_int_equal(r->vgpr[8][l], fbits(cube_ref(3, -d[l][0], fabsf(d[l][1]), d[l][2])));
  }
  free(w);
  free(r);
}

/* s_getreg/s_setreg (MODE through set_float_mode for constants, any register from an SGPR)
 * and s_sendmsg with its immediate and M0. */
static void hardware_registers_and_messages(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  w->hwreg[23] = 0xabcd1234u; /* HW_ID1 (gfx10) */
  w->hwreg[1] = 0x12345600u; /* MODE: the low byte comes from the function (0xf0 here) */
  run("s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0x3\n"
      "s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 8)\n"
      "s_mov_b32 s2, 0x5\n"
      "s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s2\n"
      "s_getreg_b32 s3, hwreg(HW_REG_MODE, 0, 8)\n"
      "s_getreg_b32 s4, hwreg(HW_REG_HW_ID1, 8, 4)\n"
      "s_getreg_b32 s5, hwreg(HW_REG_MODE, 8, 24)\n"
      "s_mov_b32 m0, 0x1234\n"
      "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)\n"
      "s_sendmsghalt sendmsg(MSG_GS_DONE, GS_OP_NOP)\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->sgpr[1], 0xf3);
  assert_int_equal(r->sgpr[3], 0x53);
  assert_int_equal(r->sgpr[4], 0x2);        /* bits 11:8 of 0xabcd1234 */
  assert_int_equal(r->sgpr[5], 0x123456);   /* the rest of MODE untouched */
  assert_int_equal(r->hwreg[1], 0x12345653u);
  assert_int_equal(r->msg_count, 2);
  assert_int_equal(r->msgs[0].imm, 2 | 2 << 4 | 1 << 8); /* GS, emit, stream 1 */
  assert_int_equal(r->msgs[0].m0, 0x1234);
  assert_int_equal(r->msgs[1].imm, 3 | 1 << 16); /* GS_DONE, halt */
  free(w);
  free(r);
}

/* The f16 division llc emits for gfx10 (widen, rcp, multiply, narrow, v_div_fixup_f16). */
static void f16_division_with_fixup(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  static const double num[8] = {1.0, -6.0, 100.0, 0.0, 0.0, 3.0, -2.5, 65504.0};
  static const double den[8] = {3.0, 4.0, 0.5, 0.0, 2.0, 0.0, 0.125, 0.5};
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = 0xbeef0000u | to_half(num[l % 8]);
    w->vgpr[2][l] = to_half(den[l % 8]);
    w->vgpr[5][l] = 0x12340000u;
  }
  run("v_cvt_f32_f16 v3, v1\n"
      "v_cvt_f32_f16 v4, v2\n"
      "v_rcp_f32 v4, v4\n"
      "v_mul_f32 v3, v3, v4\n"
      "v_cvt_f16_f32 v3, v3\n"
      "v_div_fixup_f16 v5, v3, v2, v1\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t got = r->vgpr[5][l];
    assert_int_equal(got >> 16, 0x1234); /* the high half is kept */
    double n = num[l % 8], d = den[l % 8];
    if (n == 0 && d == 0) {
      assert_int_equal(got & 0x7e00, 0x7e00); /* NaN */
    } else if (d == 0) {
      assert_int_equal(got & 0xffff, n < 0 ? 0xfc00 : 0x7c00);
    } else if (n / d > 65504.0) {
      assert_int_equal(got & 0xffff, 0x7c00); /* overflow to +inf */
    } else {
      float q = (float)n * (1.0f / (float)d);
      assert_int_equal(got & 0xffff, to_half((double)q));
    }
  }
  free(w);
  free(r);
}

static uint64_t dbits(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}

/* The f64 division sequence llc emits (div_scale, rcp, two Newton steps, div_fmas,
 * div_fixup) gives the correctly rounded quotient. */
static void f64_division_sequence_is_exact(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const double num[8] = {1.0, 10.0, -7.0, 1e-300, 1e300, 4.9e-324, 0.0, 123.456};
  static const double den[8] = {3.0, 0.1, 3.0, 3e10, 1e-10, 3.0, 0.0, -0.001};
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    uint64_t n = dbits(num[l % 8]), d = dbits(den[l % 8]);
    w->vgpr[0][l] = (uint32_t)n, w->vgpr[1][l] = (uint32_t)(n >> 32);
    w->vgpr[2][l] = (uint32_t)d, w->vgpr[3][l] = (uint32_t)(d >> 32);
  }
  run("v_div_scale_f64 v[4:5], s0, v[2:3], v[2:3], v[0:1]\n"
      "v_div_scale_f64 v[10:11], vcc_lo, v[0:1], v[2:3], v[0:1]\n"
      "v_rcp_f64 v[6:7], v[4:5]\n"
      "v_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0\n"
      "v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]\n"
      "v_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0\n"
      "v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]\n"
      "v_mul_f64 v[8:9], v[10:11], v[6:7]\n"
      "v_fma_f64 v[4:5], -v[4:5], v[8:9], v[10:11]\n"
      "v_div_fmas_f64 v[4:5], v[4:5], v[6:7], v[8:9]\n"
      "v_div_fixup_f64 v[12:13], v[4:5], v[2:3], v[0:1]\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    double q = num[l % 8] / den[l % 8];
    uint64_t got = r->vgpr[12][l] | (uint64_t)r->vgpr[13][l] << 32;
    if (isnan(q)) {
      assert_true((got & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (got << 12));
    } else {
      if (got != dbits(q)) fprintf(stderr, "lane %u: %a / %a = %a\n", l, num[l % 8], den[l % 8], q);
      assert_true(got == dbits(q));
    }
  }
  free(w);
  free(r);
}

static double f64_of(uint64_t b) {
  double d;
  memcpy(&d, &b, 8);
  return d;
}

static double dclamp(double v) { return isnan(v) || v < 0 ? 0.0 : v > 1.0 ? 1.0 : v; }

/* f64 results take clamp (NaN and negatives to +0, above 1 to 1) and omod like f32 ones. */
static void f64_clamp_and_omod(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const double x[8] = {0.25, -3.0, 0.75, 1e300, -0.0, 2.5, 0.125, NAN};
  static const double y[8] = {0.5, 1.0, 0.5, 1e300, 0.0, -4.0, 8.0, 1.0};
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    uint64_t a = dbits(x[l % 8]), b = dbits(y[l % 8]), c = dbits(-0.5);
    w->vgpr[0][l] = (uint32_t)a, w->vgpr[1][l] = (uint32_t)(a >> 32);
    w->vgpr[2][l] = (uint32_t)b, w->vgpr[3][l] = (uint32_t)(b >> 32);
    w->vgpr[4][l] = (uint32_t)c, w->vgpr[5][l] = (uint32_t)(c >> 32);
    w->vgpr[6][l] = fbits((float)x[l % 8]);
  }
  run("v_add_f64 v[10:11], v[0:1], v[2:3] clamp\n"
      "v_mul_f64 v[12:13], v[0:1], v[2:3] mul:2\n"
      "v_fma_f64 v[14:15], v[0:1], v[2:3], v[4:5] clamp\n"
      "v_cvt_f64_f32 v[16:17], v6 mul:4\n"
      "v_sqrt_f64 v[18:19], v[2:3] clamp\n"
      "v_rcp_f64 v[20:21], v[2:3] div:2\n"
      "v_max_f64 v[22:23], v[0:1], v[2:3] clamp\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    double a = x[l % 8], b = y[l % 8];
#define GOT64(v) (r->vgpr[v][l] | (uint64_t)r->vgpr[(v) + 1][l] << 32)
    assert_true(GOT64(10) == dbits(dclamp(a + b)));
    if (isnan(a)) assert_true(isnan(f64_of(GOT64(12))));
    else assert_true(GOT64(12) == dbits(a * b * 2.0));
    assert_true(GOT64(14) == dbits(dclamp(fma(a, b, -0.5))));
    if (isnan(a)) assert_true(isnan(f64_of(GOT64(16))));
    else assert_true(GOT64(16) == dbits((double)(float)a * 4.0));
    assert_true(GOT64(18) == dbits(dclamp(sqrt(b))));
    assert_true(GOT64(20) == dbits(1.0 / b * 0.5));
    assert_true(GOT64(22) == dbits(dclamp(fmax(a, b))));
#undef GOT64
  }
  free(w);
  free(r);
}

/* Float and 64-bit LDS atomics, executed: lanes update in order, the _rtn forms return the
 * value each lane saw; the reference runs the same sequence in C. */
static void lds_float_and_64bit_atomics(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = ~(1ull << 3) & 0xffffffffu;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  uint8_t *lds = calloc(1, 4096);
  float f0 = 1.5f, fmin0 = 100.0f, fmax0 = -100.0f;
  memcpy(lds + 0, &f0, 4);
  memcpy(lds + 4, &fmin0, 4);
  memcpy(lds + 8, &fmax0, 4);
  uint32_t inc0 = 5;
  memcpy(lds + 12, &inc0, 4);
  for (uint32_t l = 0; l < 32; l++) {
    uint64_t a = 0x100000000ull * l + 0xfffffff0u, m = (uint64_t)(int64_t)(l * 7 - 100);
    double d = 1.0 / (l + 1);
    memcpy(lds + 256 + 8 * l, &a, 8);
    memcpy(lds + 512 + 8 * l, &m, 8);
    memcpy(lds + 768 + 8 * l, &d, 8);
    memcpy(lds + 1024 + 8 * l, &m, 8);
    w->vgpr[2][l] = 0;
    w->vgpr[4][l] = fbits(0.1f * (float)(l + 1));
    w->vgpr[5][l] = fbits((float)l * 3.0f - 40.0f + (l == 9 ? NAN : 0.0f));
    w->vgpr[8][l] = 7; /* inc wraps to 0 past 7 */
    w->vgpr[12][l] = 0x20u + l;
    w->vgpr[13][l] = l & 1 ? 0xffffffffu : 1u;
    double dv = l % 3 ? 0.25 : 2.0;
    uint64_t db;
    memcpy(&db, &dv, 8);
    w->vgpr[16][l] = (uint32_t)db;
    w->vgpr[17][l] = (uint32_t)(db >> 32);
  }
  w->lds = lds;
  w->lds_size = 4096;
  uint8_t *before = malloc(4096);
  memcpy(before, lds, 4096);
  run("v_lshlrev_b32 v1, 3, v0\n"
      "ds_add_rtn_f32 v3, v2, v4\n"
      "ds_min_f32 v2, v5 offset:4\n"
      "ds_max_rtn_f32 v6, v2, v5 offset:8\n"
      "ds_inc_rtn_u32 v7, v2, v8 offset:12\n"
      "ds_add_rtn_u64 v[10:11], v1, v[12:13] offset:256\n"
      "ds_max_i64 v1, v[12:13] offset:512\n"
      "ds_min_rtn_f64 v[14:15], v1, v[16:17] offset:768\n"
      "ds_wrxchg_rtn_b64 v[18:19], v1, v[12:13] offset:1024\n"
      "s_endpgm\n",
      false, w, r);
  float sum = f0, mn = fmin0, mx = fmax0;
  uint32_t inc = inc0;
  for (uint32_t l = 0; l < 32; l++) {
    if (!((exec >> l) & 1)) continue;
    float v5 = f32_of(w->vgpr[5][l]);
    assert_int_equal(r->vgpr[3][l], fbits(sum));
    sum += f32_of(w->vgpr[4][l]);
    mn = fminf(mn, v5);
    assert_int_equal(r->vgpr[6][l], fbits(mx));
    mx = fmaxf(mx, v5);
    assert_int_equal(r->vgpr[7][l], inc);
    inc = inc >= 7 ? 0 : inc + 1;
    uint64_t a, m, x, data = (uint64_t)w->vgpr[13][l] << 32 | w->vgpr[12][l];
    double d, dv;
    memcpy(&a, before + 256 + 8 * l, 8);
    memcpy(&m, before + 512 + 8 * l, 8);
    memcpy(&d, before + 768 + 8 * l, 8);
    memcpy(&x, before + 1024 + 8 * l, 8);
    uint64_t dvb = (uint64_t)w->vgpr[17][l] << 32 | w->vgpr[16][l];
    memcpy(&dv, &dvb, 8);
    assert_int_equal(r->vgpr[10][l], (uint32_t)a);
    assert_int_equal(r->vgpr[11][l], (uint32_t)(a >> 32));
    uint64_t got;
    memcpy(&got, lds + 256 + 8 * l, 8);
    assert_true(got == a + data);
    memcpy(&got, lds + 512 + 8 * l, 8);
    assert_true(got == (uint64_t)((int64_t)m > (int64_t)data ? (int64_t)m : (int64_t)data));
    double gd;
    memcpy(&gd, lds + 768 + 8 * l, 8);
    assert_true(gd == fmin(d, dv));
    uint64_t db;
    memcpy(&db, &d, 8);
    assert_int_equal(r->vgpr[14][l], (uint32_t)db);
    assert_int_equal(r->vgpr[15][l], (uint32_t)(db >> 32));
    memcpy(&got, lds + 1024 + 8 * l, 8);
    assert_true(got == data);
    assert_int_equal(r->vgpr[18][l], (uint32_t)x);
    assert_int_equal(r->vgpr[19][l], (uint32_t)(x >> 32));
  }
  uint32_t got32;
  memcpy(&got32, lds + 0, 4);
  assert_int_equal(got32, fbits(sum));
  memcpy(&got32, lds + 4, 4);
  assert_int_equal(got32, fbits(mn)); /* the NaN of lane 9 is ignored */
  assert_false(isnan(f32_of(got32)));
  memcpy(&got32, lds + 8, 4);
  assert_int_equal(got32, fbits(mx));
  memcpy(&got32, lds + 12, 4);
  assert_int_equal(got32, inc);
  /* lane 3 (inactive) left its 64-bit slots alone */
  assert_memory_equal(lds + 256 + 24, before + 256 + 24, 8);
  free(before);
  free(lds);
  free(w);
  free(r);
}

/* IEEE class number of an f16 (0 sNaN .. 9 +inf), by cases. */
static unsigned half_class(uint16_t h) {
  bool neg = h >> 15;
  unsigned e = (h >> 10) & 31, m = h & 0x3ff;
  if (e == 31 && m) return (m & 0x200) ? 1 : 0;
  if (e == 31) return neg ? 2 : 9;
  if (e == 0 && m == 0) return neg ? 5 : 6;
  if (e == 0) return neg ? 4 : 7;
  return neg ? 3 : 8;
}

static void f16_class_compare(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const uint16_t vals[16] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00,
                                    0x7bff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfd55, 0x83ff, 0xfbff};
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    uint16_t v = vals[l & 15];
    w->vgpr[1][l] = 0xabcd0000u | v; /* the high half is ignored */
    w->vgpr[3][l] = vals[(l + 5) & 15];
    w->vgpr[2][l] = l < 16 ? 1u << half_class(v) : (0x3ffu ^ (1u << half_class(v))) & (l * 37u);
  }
  run("v_cmp_class_f16_e64 s0, v1, v2\n"
      "v_cmp_class_f16 vcc_lo, v1, v2\n"
      "v_cmp_class_f16_e64 s1, -v3, v2\n"
      "s_endpgm\n",
      false, w, r);
  uint32_t want0 = 0, want1 = 0;
  for (uint32_t l = 0; l < 32; l++) {
    uint16_t lo = (uint16_t)w->vgpr[1][l], hi = (uint16_t)(w->vgpr[3][l] ^ 0x8000); /* neg */
    want0 |= (uint32_t)((w->vgpr[2][l] >> half_class(lo)) & 1) << l;
    want1 |= (uint32_t)((w->vgpr[2][l] >> half_class(hi)) & 1) << l;
  }
  assert_int_equal(want0 & 0xffff, 0xffff); /* every lane below 16 asks for its own class */
  assert_int_equal(r->sgpr[0], want0);
  assert_int_equal((uint32_t)r->vcc, want0);
  assert_int_equal(r->sgpr[1], want1);
  free(w);
  free(r);
}

/* ds_cmpst: data0 is the compare value, data1 the value stored on a match; the float form
 * compares as floats (-0 == +0, a NaN never matches). */
static void lds_compare_and_store(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = ~(1ull << 6) & 0xffffffffu;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  uint8_t *lds = calloc(1, 4096), *before = malloc(4096);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t a = l * 10;
    float f = l % 3 == 0 ? -0.0f : l % 3 == 1 ? NAN : 1.5f;
    uint64_t q = 0x100000000ull * l + 7;
    memcpy(lds + 2048 + 4 * l, &a, 4);
    memcpy(lds + 2304 + 4 * l, &f, 4);
    memcpy(lds + 2560 + 8 * l, &q, 8);
    w->vgpr[20][l] = l % 2 ? 1234 : l * 10;
    w->vgpr[21][l] = 0xabc0 + l;
    w->vgpr[24][l] = 0xf00 + l;
    w->vgpr[25][l] = l % 3 == 0 ? fbits(0.0f) : l % 3 == 1 ? fbits(NAN) : fbits(l % 2 ? 2.5f : 1.5f);
    uint64_t c = l % 4 ? q + 0x100000000ull : q;
    w->vgpr[26][l] = (uint32_t)c;
    w->vgpr[27][l] = (uint32_t)(c >> 32);
    w->vgpr[28][l] = 0x5555 + l;
    w->vgpr[29][l] = 0x6666;
  }
  memcpy(before, lds, 4096);
  w->lds = lds;
  w->lds_size = 4096;
  run("v_lshlrev_b32 v23, 2, v0\n"
      "v_lshlrev_b32 v1, 3, v0\n"
      "ds_cmpst_rtn_b32 v22, v23, v20, v21 offset:2048\n"
      "ds_cmpst_f32 v23, v25, v24 offset:2304\n"
      "ds_cmpst_rtn_b64 v[30:31], v1, v[26:27], v[28:29] offset:2560\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t got, old;
    uint64_t got64, old64;
    memcpy(&got, lds + 2048 + 4 * l, 4);
    memcpy(&old, before + 2048 + 4 * l, 4);
    memcpy(&got64, lds + 2560 + 8 * l, 8);
    memcpy(&old64, before + 2560 + 8 * l, 8);
    if (!((exec >> l) & 1)) {
      assert_memory_equal(lds + 2048 + 4 * l, before + 2048 + 4 * l, 4);
      assert_memory_equal(lds + 2304 + 4 * l, before + 2304 + 4 * l, 4);
      assert_memory_equal(lds + 2560 + 8 * l, before + 2560 + 8 * l, 8);
      continue;
    }
    assert_int_equal(r->vgpr[22][l], old);
    assert_int_equal(got, l % 2 ? old : 0xabc0 + l);
    memcpy(&got, lds + 2304 + 4 * l, 4);
    memcpy(&old, before + 2304 + 4 * l, 4);
    bool fmatch = l % 3 == 0 || (l % 3 == 2 && l % 2 == 0);
    assert_int_equal(got, fmatch ? 0xf00 + l : old);
    assert_int_equal(r->vgpr[30][l], (uint32_t)old64);
    assert_int_equal(r->vgpr[31][l], (uint32_t)(old64 >> 32));
    assert_true(got64 == (l % 4 ? old64 : (0x6666ull << 32 | (0x5555 + l))));
  }
  free(before);
  free(lds);
  free(w);
  free(r);
}

/* The VGPR an image operand traces back to (through bitcasts), or -1. */
static int traced_vgpr(const struct ir_function *fn, uint32_t id) {
  while (fn->insts[id].op == IR_OP_bitcast_f32 || fn->insts[id].op == IR_OP_bitcast_u32)
    id = ir_inst_args(fn, id)[0];
  if (fn->insts[id].op != IR_OP_entry_reg || fn->insts[id].imm < IR_REG_VGPR0) return -1;
  return (int)(fn->insts[id].imm - IR_REG_VGPR0);
}

static int component_vgpr(const struct ir_function *fn, uint32_t vec, unsigned k) {
  return traced_vgpr(fn, ir_inst_args(fn, vec)[k]);
}

static const char *image_ext_shader =
    "image_sample_c v[0:1], v[4:6], s[0:7], s[8:11] dmask:0x3 dim:SQ_RSRC_IMG_2D\n"
    "image_sample_c_lz_o v2, v[20:23], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
    "image_sample_b_o v3, v[30:33], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
    "image_gather4_c_lz v[8:11], v[40:42], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
    "image_gather4 v[12:15], v[44:45], s[0:7], s[8:11] dmask:0x2 dim:SQ_RSRC_IMG_2D\n"
    "image_sample_d v16, v[50:56], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_CUBE\n"
    "image_sample_c_d_o v17, v[60:67], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
    "image_atomic_add v18, v[70:71], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D glc\n"
    "image_atomic_umax v19, v[72:73], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
    "image_sample_c_d_cl v20, v[80:87], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
    "s_endpgm\n";

/* Finds the live instruction of OP whose imm has all of MUST and none of NOT. */
static uint32_t find_image(const struct ir_function *fn, enum ir_op op, uint64_t must, uint64_t not) {
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && fn->insts[i].op == op && (fn->insts[i].imm & must) == must &&
        !(fn->insts[i].imm & not))
      return i;
  fail_msg("no %s with flags 0x%llx", ir_op_infos[op].name, (unsigned long long)must);
  return 0;
}

static void image_compare_offset_derivative_gather_atomic(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint32_t observe[21];
  for (unsigned i = 0; i < 21; i++) observe[i] = IR_REG_VGPR0 + i;
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      image_ext_shader,
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .observe = observe,
                                    .observe_count = 21},
      &st);
  assert_int_equal(st.unsupported_count, 0);
  const uint64_t C = IR_IMAGE_COMPARE, O = IR_IMAGE_OFFSET, D = IR_IMAGE_DERIV;

  /* sample_c 2D: compare reference first (v4), then x, y (v5, v6); the implicit LOD becomes
   * _d with the quad's differences (fsub of read_lane values) */
  uint32_t i = find_image(fn, IR_OP_image_sample_ex, C | D, O | IR_IMAGE_CLAMP);
  assert_int_equal(fn->insts[i].imm & 0xffff, 1 | C | D | 0x3 << IR_IMAGE_DMASK_SHIFT);
  uint32_t *a = ir_inst_args(fn, i);
  for (unsigned k = 2; k < 8; k++)
    assert_int_equal(fn->insts[ir_inst_args(fn, a[3])[k]].op, k % 3 == 1 ? IR_OP_const : IR_OP_bitcast_u32);
  assert_int_equal(component_vgpr(fn, a[3], 1), 4);
  assert_int_equal(component_vgpr(fn, a[2], 0), 5);
  assert_int_equal(component_vgpr(fn, a[2], 1), 6);
  /* sample_c_lz_o: offset, compare, x, y */
  i = find_image(fn, IR_OP_image_sample_ex, C | O | IR_IMAGE_LOD_ZERO, D);
  a = ir_inst_args(fn, i);
  assert_int_equal(component_vgpr(fn, a[3], 0), 20);
  assert_int_equal(component_vgpr(fn, a[3], 1), 21);
  assert_int_equal(component_vgpr(fn, a[2], 0), 22);
  assert_int_equal(component_vgpr(fn, a[2], 1), 23);
  /* sample_b_o: offset, bias, x, y; the bias goes to coordinate 3 */
  i = find_image(fn, IR_OP_image_sample_ex, O | IR_IMAGE_BIAS, C);
  a = ir_inst_args(fn, i);
  assert_int_equal(component_vgpr(fn, a[3], 0), 30);
  assert_int_equal(component_vgpr(fn, a[2], 3), 31);
  assert_int_equal(component_vgpr(fn, a[2], 0), 32);
  /* gather4_c_lz: compare, x, y; four texels whatever the (one-bit) dmask */
  i = find_image(fn, IR_OP_image_gather_ex, C | IR_IMAGE_LOD_ZERO, 0);
  a = ir_inst_args(fn, i);
  assert_int_equal(component_vgpr(fn, a[3], 1), 40);
  assert_int_equal(component_vgpr(fn, a[2], 1), 42);
  i = find_image(fn, IR_OP_image_gather_ex, D | 0x2 << IR_IMAGE_DMASK_SHIFT, 0);
  a = ir_inst_args(fn, i);
  assert_int_equal(component_vgpr(fn, a[2], 0), 44);
  /* sample_d cube: d/dx (2 face values), d/dy (2), then x, y, face */
  i = find_image(fn, IR_OP_image_sample_ex, D | 3, C | O);
  a = ir_inst_args(fn, i);
  assert_int_equal(component_vgpr(fn, a[3], 2), 50);
  assert_int_equal(component_vgpr(fn, a[3], 3), 51);
  assert_int_equal(component_vgpr(fn, a[3], 4), -1); /* constant 0 */
  assert_int_equal(component_vgpr(fn, a[3], 5), 52);
  assert_int_equal(component_vgpr(fn, a[3], 6), 53);
  assert_int_equal(component_vgpr(fn, a[2], 0), 54);
  assert_int_equal(component_vgpr(fn, a[2], 2), 56);
  /* sample_c_d_o 2D: offset, compare, d/dx (2), d/dy (2), x, y */
  i = find_image(fn, IR_OP_image_sample_ex, C | O | D, 0);
  a = ir_inst_args(fn, i);
  assert_int_equal(component_vgpr(fn, a[3], 0), 60);
  assert_int_equal(component_vgpr(fn, a[3], 1), 61);
  assert_int_equal(component_vgpr(fn, a[3], 2), 62);
  assert_int_equal(component_vgpr(fn, a[3], 6), 65);
  assert_int_equal(component_vgpr(fn, a[2], 0), 66);
  assert_int_equal(component_vgpr(fn, a[2], 1), 67);
  /* sample_c_d_cl 2D: compare, d/dx (2), d/dy (2), x, y, clamp (coordinate 3) */
  i = find_image(fn, IR_OP_image_sample_ex, C | D | IR_IMAGE_CLAMP, O);
  a = ir_inst_args(fn, i);
  assert_int_equal(component_vgpr(fn, a[3], 1), 80);
  assert_int_equal(component_vgpr(fn, a[3], 2), 81);
  assert_int_equal(component_vgpr(fn, a[3], 6), 84);
  assert_int_equal(component_vgpr(fn, a[2], 0), 85);
  assert_int_equal(component_vgpr(fn, a[2], 1), 86);
  assert_int_equal(component_vgpr(fn, a[2], 3), 87);
  /* atomics: operation in the immediate, data from vdata, glc returns the old value */
  unsigned atomics = 0;
  for (i = 0; i < fn->inst_count; i++) {
    if (fn->insts[i].dead || fn->insts[i].op != IR_OP_image_atomic) continue;
    atomics++;
    uint64_t imm = fn->insts[i].imm;
    a = ir_inst_args(fn, i);
    if ((imm >> IR_IMAGE_ATOMIC_SHIFT & 0xff) == IR_ATOMIC_ADD) {
      assert_true(imm & IR_IMAGE_GLC);
      assert_int_equal(traced_vgpr(fn, a[2]), 18);
      assert_int_equal(component_vgpr(fn, a[1], 0), 70);
    } else {
      assert_int_equal(imm >> IR_IMAGE_ATOMIC_SHIFT & 0xff, IR_ATOMIC_UMAX);
      assert_false(imm & IR_IMAGE_GLC);
      assert_int_equal(traced_vgpr(fn, a[2]), 19);
    }
  }
  assert_int_equal(atomics, 2);
  /* v18 is the atomic's result, v19 (no glc) keeps its value */
  for (i = 0; i < fn->inst_count; i++) {
    if (fn->insts[i].dead || fn->insts[i].op != IR_OP_observe) continue;
    uint32_t v = ir_inst_args(fn, i)[0];
    if (fn->insts[i].imm == IR_REG_VGPR0 + 18) { /* EXEC-masked: select(active, old, v18) */
      bool found = fn->insts[v].op == IR_OP_image_atomic;
      for (uint32_t k = 0; k < fn->insts[v].arg_count; k++)
        found |= fn->insts[ir_inst_args(fn, v)[k]].op == IR_OP_image_atomic;
      assert_true(found);
    }
    if (fn->insts[i].imm == IR_REG_VGPR0 + 19) assert_int_equal(traced_vgpr(fn, v), 19);
    if (fn->insts[i].imm == IR_REG_VGPR0 + 15) /* gather4: all four texels written */
      assert_int_not_equal(fn->insts[v].op, IR_OP_entry_reg);
  }
  ir_function_destroy(fn);
}

/* Whether value V is the result of OP, directly or as an operand of the EXEC-masked select
 * (or lo/hi split) that writes it. */
static bool comes_from(const struct ir_function *fn, uint32_t v, enum ir_op op) {
  if (fn->insts[v].op == op) return true;
  for (uint32_t k = 0; k < fn->insts[v].arg_count; k++) {
    uint32_t a = ir_inst_args(fn, v)[k];
    if (fn->insts[a].op == op) return true;
    if ((fn->insts[a].op == IR_OP_lo_u32 || fn->insts[a].op == IR_OP_hi_u32) &&
        fn->insts[ir_inst_args(fn, a)[0]].op == op)
      return true;
  }
  return false;
}

static void buffer_and_global_atomics(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint32_t observe[] = {IR_REG_VGPR0 + 1, IR_REG_VGPR0 + 4, IR_REG_VGPR0 + 6,
                        IR_REG_VGPR0 + 12, IR_REG_VGPR0 + 13};
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      "buffer_atomic_add v1, v2, s[4:7], 0 offen offset:16 glc\n"
      "buffer_atomic_umax_x2 v[4:5], v2, s[4:7], s9 idxen\n"
      "global_atomic_fmin v6, v[8:9], v10, off glc\n"
      "global_atomic_add_x2 v[12:13], v14, v[16:17], s[0:1] offset:8 glc\n"
      "flat_atomic_swap v[8:9], v18\n"
      "s_endpgm\n",
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .observe = observe,
                                    .observe_count = 5},
      &st);
  assert_int_equal(st.unsupported_count, 0);
  unsigned seen = 0;
  for (uint32_t i = 0; i < fn->inst_count; i++) {
    const struct ir_inst *in = &fn->insts[i];
    if (in->dead) continue;
    uint32_t *a = ir_inst_args(fn, i);
    switch (in->op) {
      case IR_OP_atomic_buffer:
        assert_int_equal(in->imm, IR_ATOMIC_ADD);
        assert_int_equal(traced_vgpr(fn, a[3]), 1);
        seen |= 1;
        break;
      case IR_OP_atomic_buffer64:
        assert_int_equal(in->imm, IR_ATOMIC_UMAX);
        assert_int_equal(fn->insts[a[3]].op, IR_OP_pack_u64);
        assert_int_equal(component_vgpr(fn, a[3], 0), 4);
        assert_int_equal(component_vgpr(fn, a[3], 1), 5);
        assert_int_equal(traced_vgpr(fn, a[1]), 2); /* idxen: the index */
        seen |= 2;
        break;
      case IR_OP_atomic_global:
        if (in->imm == IR_ATOMIC_FMIN) {
          assert_int_equal(traced_vgpr(fn, a[1]), 10);
          seen |= 4;
        } else {
          assert_int_equal(in->imm, IR_ATOMIC_SWAP);
          assert_int_equal(traced_vgpr(fn, a[1]), 18);
          seen |= 8;
        }
        break;
      case IR_OP_atomic_global64:
        assert_int_equal(in->imm, IR_ATOMIC_ADD);
        assert_int_equal(component_vgpr(fn, a[1], 0), 16);
        assert_int_equal(component_vgpr(fn, a[1], 1), 17);
        seen |= 16;
        break;
      case IR_OP_observe: {
        uint32_t reg = (uint32_t)in->imm - IR_REG_VGPR0;
        if (reg == 1) assert_true(comes_from(fn, a[0], IR_OP_atomic_buffer));
        if (reg == 4) assert_int_equal(traced_vgpr(fn, a[0]), 4); /* no glc: unchanged */
        if (reg == 6) assert_true(comes_from(fn, a[0], IR_OP_atomic_global));
        if (reg == 12 || reg == 13) assert_true(comes_from(fn, a[0], IR_OP_atomic_global64));
        break;
      }
      default: break;
    }
  }
  assert_int_equal(seen, 31);
  ir_function_destroy(fn);
}

/* Forms still outside the translation stay counted as unsupported, never crash. */
static void image_forms_not_yet_translated_are_counted(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  size_t n;
  uint32_t *words = assemble("image_atomic_add v[0:1], v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc tfe\n"
                             "image_msaa_load v[0:3], v[4:6], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA\n"
                             "s_endpgm\n",
                             &n, false);
  struct ir_translate_options o = {.wave_size = 32, .run_passes = true};
  struct ir_translate_error err;
  struct ir_translate_stats st;
  struct ir_function *fn = ir_translate(words, n, &o, &err, &st);
  free(words);
  assert_non_null(fn);
  assert_int_equal(st.unsupported_count, 2);
  ir_function_destroy(fn);
}

/* ---- inline constants of 16-bit operations, SDWA compares --------------------------------
 * The rule under test (docs/shader-ir.md, "Inline constants of 16-bit operations"): an
 * inline constant is a 32-bit operand whose halves op_sel/op_sel_hi pick like a register's;
 * integers are sign-extended, floats are the f16 value with zero above, except that packed
 * integer operations see the f32 bits. The expectations below derive each constant from its
 * value (to_half, fbits), not from the translator's tables. */

/* Every inline constant as written in assembly, and its value: 0..64, -1..-16, then the nine
 * float constants. */
struct inline_k {
  char text[16];
  bool is_float;
  double value;
};
enum { N_INLINE_K = 65 + 16 + 9 };

static void inline_constants(struct inline_k *k) {
  static const double f[9] = {0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 0.15915494309189535};
  unsigned n = 0;
  for (int v = 0; v <= 64; v++, n++) k[n] = (struct inline_k){"", false, v};
  for (int v = -1; v >= -16; v--, n++) k[n] = (struct inline_k){"", false, v};
  for (unsigned i = 0; i < 9; i++, n++) k[n] = (struct inline_k){"", true, f[i]};
  for (unsigned i = 0; i < n; i++) {
    if (!k[i].is_float) snprintf(k[i].text, sizeof k[i].text, "%d", (int)k[i].value);
    else if (i == n - 1) snprintf(k[i].text, sizeof k[i].text, "0.15915494"); /* 1/(2*pi) */
    else snprintf(k[i].text, sizeof k[i].text, "%.1f", k[i].value);
  }
  assert_int_equal(n, N_INLINE_K);
}

/* The operand dword of constant K for a 16-bit operation (F32_BITS: a packed integer one). */
static uint32_t k_dword(const struct inline_k *k, bool f32_bits) {
  if (!k->is_float) return (uint32_t)(int32_t)k->value;
  return f32_bits ? fbits((float)k->value) : to_half(k->value);
}
static uint32_t half_of(uint32_t d, unsigned hi) { return hi ? d >> 16 : d & 0xffff; }
static bool nan16(uint32_t h) { return (h & 0x7c00) == 0x7c00 && (h & 0x3ff); }

/* x + (-0.0) in f16 is x for every x but NaN: compares an f16 half read through that sum. */
static void assert_f16_passed_through(uint32_t got, uint32_t want) {
  if (nan16(want)) assert_true(nan16(got));
  else assert_int_equal(got, want);
}

/* Packed 16-bit (VOP3P) sources that are inline constants, every class, every op_sel /
 * op_sel_hi combination, in source 0 and source 1: v_pk_add_u16 shows the integer view
 * exactly (plus v1), v_pk_add_f16 with -0.0 the f16 view. */
static void packed_inline_constants_every_class(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct inline_k k[N_INLINE_K];
  inline_constants(k);
  const uint64_t exec = ~(1ull << 7) & 0xffffffffu; /* lane 7 inactive */
  char *src = malloc(N_INLINE_K * 96 + 16);
  for (unsigned f16 = 0; f16 < 2; f16++) {
    for (unsigned combo = 0; combo < 4; combo++) {
      unsigned sel = combo & 1, sel_hi = combo >> 1;
      const char *op = f16 ? "v_pk_add_f16" : "v_pk_add_u16";
      size_t at = 0;
      for (unsigned i = 0; i < N_INLINE_K; i++) {
        if (i & 1) /* the constant as source 1 */
          at += (size_t)sprintf(src + at, "%s v%u, v1, %s op_sel:[0,%u] op_sel_hi:[1,%u]\n", op,
                                2 + i, k[i].text, sel, sel_hi);
        else
          at += (size_t)sprintf(src + at, "%s v%u, %s, v1 op_sel:[%u,0] op_sel_hi:[%u,1]\n", op,
                                2 + i, k[i].text, sel, sel_hi);
      }
      sprintf(src + at, "s_endpgm\n");
      struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
      for (uint32_t l = 0; l < 32; l++) {
        w->vgpr[1][l] = f16 ? 0x80008000u : ((l * 0x0101u + 3) | (l * 77u + 1000) << 16);
        for (unsigned i = 0; i < N_INLINE_K; i++) w->vgpr[2 + i][l] = 0xdead0000u | l;
      }
      run(src, false, w, r);
      assert_int_equal(run_word_count, 2 * N_INLINE_K + 1); /* all inline: no literal dword */
      for (unsigned i = 0; i < N_INLINE_K; i++) {
        uint32_t d = k_dword(&k[i], !f16);
        for (uint32_t l = 0; l < 32; l++) {
          uint32_t got = r->vgpr[2 + i][l], v1 = w->vgpr[1][l];
          if (!((exec >> l) & 1)) {
            assert_int_equal(got, 0xdead0000u | l);
          } else if (f16) {
            assert_f16_passed_through(half_of(got, 0), half_of(d, sel));
            assert_f16_passed_through(half_of(got, 1), half_of(d, sel_hi));
          } else {
            assert_int_equal(half_of(got, 0), (half_of(d, sel) + half_of(v1, 0)) & 0xffff);
            assert_int_equal(half_of(got, 1), (half_of(d, sel_hi) + half_of(v1, 1)) & 0xffff);
          }
        }
      }
      free(w);
      free(r);
    }
  }
  free(src);
}

/* Unpacked 16-bit operations (VOP3 with op_sel on the constant's source): the same operand
 * dword, the f16 view for the integer operation too; the other half of the destination is
 * kept. The f16 view goes through fma(k, 1.0, -0.0) (v1 = {1.0, -0.0}). */
static void alu16_inline_constants_every_class(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct inline_k k[N_INLINE_K];
  inline_constants(k);
  char *src = malloc(N_INLINE_K * 96 + 16);
  for (unsigned f16 = 0; f16 < 2; f16++) {
    for (unsigned sel = 0; sel < 2; sel++) {
      size_t at = 0;
      for (unsigned i = 0; i < N_INLINE_K; i++) {
        unsigned v = 2 + i;
        const char *t = k[i].text;
        if (f16 && (i & 1))
          at += (size_t)sprintf(src + at, "v_fma_f16 v%u, v1, %s, v1 op_sel:[0,%u,1,0]\n", v, t, sel);
        else if (f16)
          at += (size_t)sprintf(src + at, "v_fma_f16 v%u, %s, v1, v1 op_sel:[%u,0,1,0]\n", v, t, sel);
        else if (i & 1)
          at += (size_t)sprintf(src + at, "v_add_nc_u16 v%u, v1, %s op_sel:[0,%u,0]\n", v, t, sel);
        else
          at += (size_t)sprintf(src + at, "v_add_nc_u16 v%u, %s, v1 op_sel:[%u,0,0]\n", v, t, sel);
      }
      sprintf(src + at, "s_endpgm\n");
      struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
      for (uint32_t l = 0; l < 32; l++) {
        w->vgpr[1][l] = f16 ? 0x80003c00u : (0x5555u << 16 | (l * 0x0203u + 11));
        for (unsigned i = 0; i < N_INLINE_K; i++) w->vgpr[2 + i][l] = 0xbeef0000u | l;
      }
      run(src, false, w, r);
      assert_int_equal(run_word_count, 2 * N_INLINE_K + 1);
      for (unsigned i = 0; i < N_INLINE_K; i++) {
        uint32_t c = half_of(k_dword(&k[i], false), sel);
        for (uint32_t l = 0; l < 32; l++) {
          uint32_t got = r->vgpr[2 + i][l];
          assert_int_equal(got >> 16, 0xbeef); /* the high half is kept */
          if (f16) assert_f16_passed_through(got & 0xffff, c);
          else assert_int_equal(got & 0xffff, (c + (w->vgpr[1][l] & 0xffff)) & 0xffff);
        }
      }
      free(w);
      free(r);
    }
  }
  free(src);
}

/* Constants and literals inside packed arithmetic: fma/mul/max with neg_lo/neg_hi, a
 * literal's halves, the integer view of a float constant, and the integer clamp. */
static void packed_constants_literals_and_clamp(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = to_half(1.5) | (uint32_t)to_half(-2.25) << 16;
    w->vgpr[2][l] = to_half(0.75) | (uint32_t)to_half(3.0) << 16;
    w->vgpr[3][l] = 0x8000fff0u; /* {-16, -32768} */
    w->vgpr[4][l] = 0x7fff0020u; /* {32, 32767} */
  }
  run("v_pk_fma_f16 v10, v1, 0.5, v2\n"                       /* high half of 0.5: 0 */
      "v_pk_fma_f16 v11, v1, 0.5, v2 op_sel_hi:[1,0,1]\n"      /* 0.5 in both halves */
      "v_pk_fma_f16 v12, -4.0, v1, 1.0 op_sel_hi:[0,1,0] neg_lo:[0,0,1] neg_hi:[1,0,0]\n"
      "v_pk_mul_f16 v13, 0x3c004000, v1 op_sel:[1,0] op_sel_hi:[0,1]\n" /* literal {2, 1} */
      "v_pk_add_f16 v14, 0.15915494, v2 op_sel_hi:[0,1]\n"
      "v_pk_max_f16 v15, v1, 1.0\n"
      "v_pk_add_u16 v16, v3, v4 clamp\n"
      "v_pk_sub_u16 v17, v4, v3 clamp\n"
      "v_pk_add_i16 v18, v3, v4 clamp\n"
      "v_pk_sub_i16 v19, v3, v4 clamp\n"
      "v_pk_add_u16 v20, v3, v4\n"
      "v_pk_sub_u16 v21, 1.0, v4\n"                            /* f32 bits 0x3f800000 */
      "v_pk_mul_lo_u16 v22, v3, 0x30002\n"
      "v_pk_max_i16 v23, v3, -1 clamp\n"
      "v_pk_sub_u16 v24, v4, v3 op_sel:[1,0] op_sel_hi:[0,1]\n"
      "v_sub_nc_u16 v25, v4, v3 clamp\n"                      /* unpacked: the same rule */
      "v_sub_nc_u16 v26, v3, v4 clamp\n"
      "s_endpgm\n",
      false, w, r);
  const double pi2 = from_half(0x3118);
  for (uint32_t l = 0; l < 32; l++) {
    assert_int_equal(r->vgpr[10][l], to_half(1.5 * 0.5 + 0.75) | (uint32_t)to_half(3.0) << 16);
    assert_int_equal(r->vgpr[11][l], to_half(1.5 * 0.5 + 0.75) | (uint32_t)to_half(-2.25 * 0.5 + 3.0) << 16);
    assert_int_equal(r->vgpr[12][l], to_half(-4.0 * 1.5 - 1.0) | (uint32_t)to_half(4.0 * -2.25 + 1.0) << 16);
    assert_int_equal(r->vgpr[13][l], to_half(1.0 * 1.5) | (uint32_t)to_half(2.0 * -2.25) << 16);
    assert_int_equal(r->vgpr[14][l], to_half(pi2 + 0.75) | (uint32_t)to_half(pi2 + 3.0) << 16);
    assert_int_equal(r->vgpr[15][l], to_half(1.5) | (uint32_t)to_half(0.0) << 16);
    assert_int_equal(r->vgpr[16][l], 0xffffffffu);  /* both halves saturate */
    assert_int_equal(r->vgpr[17][l], 0x00000000u);  /* below zero: 0 */
    assert_int_equal(r->vgpr[18][l], 0xffff0010u);  /* {16, -1} */
    assert_int_equal(r->vgpr[19][l], 0x8000ffd0u);  /* {-48, -32768 saturated} */
    assert_int_equal(r->vgpr[20][l], 0xffff0010u);  /* wraps */
    assert_int_equal(r->vgpr[21][l], 0xbf81ffe0u);  /* {0 - 32, 0x3f80 - 0x7fff} */
    assert_int_equal(r->vgpr[22][l], 0x8000ffe0u);
    assert_int_equal(r->vgpr[23][l], 0xffffffffu);
    assert_int_equal(r->vgpr[24][l], 0x8020800fu); /* {0x7fff - 0xfff0, 0x0020 - 0x8000} */
    assert_int_equal(r->vgpr[25][l], 0x00000000u); /* 0x20 - 0xfff0 < 0, high half kept */
    assert_int_equal(r->vgpr[26][l], 0x0000ffd0u);
  }
  free(w);
  free(r);
  /* a clamp whose effect is not established is counted, not guessed */
  struct ir_translate_stats st;
  struct ir_function *fn =
      translate_asm("v_pk_mul_lo_u16 v0, v1, v2 clamp\n"
                    "v_pk_lshlrev_b16 v3, v1, v2 clamp\n"
                    "v_pk_max_u16 v4, v1, v2 clamp\n"
                    "s_endpgm\n",
                    (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 2);
  ir_function_destroy(fn);
}

static uint32_t sel_bits(uint32_t v, unsigned sel, bool sext) { /* SDWA select 0-6 */
  if (sel == 6) return v;
  unsigned width = sel < 4 ? 8 : 16, off = sel < 4 ? 8 * sel : 16 * (sel - 4);
  uint32_t f = (v >> off) & ((1u << width) - 1);
  return sext && (f >> (width - 1)) ? f | ~((1u << width) - 1) : f;
}

/* Packed multiply-add: v_pk_mad_u16/i16 per half (wrapping, or saturating with clamp) and
 * the VOP2 v_pk_fmac_f16 (addend = destination, no op_sel: low from low, high from high; a
 * float constant's high half is 0 — the case llvm-project #94116 measured on GFX10.3). */
static void packed_mad_and_fmac(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  w->sgpr[1] = to_half(-2.0) | (uint32_t)to_half(0.5) << 16;
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = to_half(1.5) | (uint32_t)to_half(-2.25) << 16;
    w->vgpr[2][l] = to_half(0.75) | (uint32_t)to_half(3.0) << 16;
    w->vgpr[3][l] = 0x8000fff0u; /* {65520 or -16, 32768 or -32768} */
    w->vgpr[4][l] = 0x7fff0020u;
    w->vgpr[5][l] = 0x01000007u;
    for (unsigned v = 33; v <= 36; v++) w->vgpr[v][l] = to_half(0.5) | (uint32_t)to_half(-1.0) << 16;
  }
  run("v_pk_mad_u16 v30, v3, v4, v5\n"
      "v_pk_mad_i16 v31, v3, 2, v5 op_sel:[1,0,0] op_sel_hi:[0,1,1] clamp\n"
      "v_pk_mad_u16 v32, v3, v4, 1.0\n" /* the f32 bits: {0, 0x3f80} */
      "v_pk_fmac_f16 v33, v1, v2\n"
      "v_pk_fmac_f16 v34, 1.0, v2\n"
      "v_pk_fmac_f16 v35, 0x3c004000, v2\n"
      "v_pk_fmac_f16 v36, s1, v2\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    assert_int_equal(r->vgpr[30][l], ((32768u * 32767u + 0x100) & 0xffff) << 16 | ((65520u * 32 + 7) & 0xffff));
    assert_int_equal(r->vgpr[31][l], 0x01008000u); /* {-32768 * 2 + 7 saturated, -16 * 0 + 256} */
    assert_int_equal(r->vgpr[32][l], ((32768u * 32767u + 0x3f80) & 0xffff) << 16 | ((65520u * 32) & 0xffff));
    assert_int_equal(r->vgpr[33][l], to_half(1.5 * 0.75 + 0.5) | (uint32_t)to_half(-2.25 * 3.0 - 1.0) << 16);
    assert_int_equal(r->vgpr[34][l], to_half(1.0 * 0.75 + 0.5) | (uint32_t)to_half(-1.0) << 16);
    assert_int_equal(r->vgpr[35][l], to_half(2.0 * 0.75 + 0.5) | (uint32_t)to_half(1.0 * 3.0 - 1.0) << 16);
    assert_int_equal(r->vgpr[36][l], to_half(-2.0 * 0.75 + 0.5) | (uint32_t)to_half(0.5 * 3.0 - 1.0) << 16);
  }
  free(w);
  free(r);
}

/* v_fma_mix*: f32 or f16 sources per op_sel_hi (the f16 half per op_sel), neg and abs
 * (neg_hi), a fused f32 fma, constants as 32-bit (f32 source) or 16-bit (f16 source)
 * operands; mixlo/mixhi round to f16, clamp, and keep the other half. */
static void fma_mix_precision_forms(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = ~(1ull << 9) & 0xffffffffu;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = to_half(1.5) | (uint32_t)to_half(-2.25) << 16;
    w->vgpr[2][l] = to_half(0.75) | (uint32_t)to_half(3.0) << 16;
    w->vgpr[5][l] = fbits(10.5f + (float)l);
    w->vgpr[6][l] = fbits(-0.25f);
    for (unsigned v = 40; v <= 48; v++) w->vgpr[v][l] = 0xbeefbeefu;
  }
  run("v_fma_mix_f32 v40, v1, v2, v5 op_sel_hi:[1,1,0]\n"
      "v_fma_mix_f32 v41, v1, v2, v6 op_sel:[1,1,0] op_sel_hi:[1,1,0]\n"
      "v_fma_mix_f32 v42, -v1, |v6|, v1 op_sel:[1,0,0] op_sel_hi:[1,0,1]\n"
      "v_fma_mix_f32 v43, v5, 2.0, 1.0 op_sel_hi:[0,0,1]\n"          /* f16 1.0 */
      "v_fma_mix_f32 v44, v5, 2.0, 1.0 op_sel:[0,0,1] op_sel_hi:[0,0,1]\n" /* its high half: 0 */
      "v_fma_mixlo_f16 v45, v1, v2, v6 op_sel_hi:[1,1,0]\n"
      "v_fma_mixhi_f16 v46, v1, v2, v5 op_sel:[1,1,0] op_sel_hi:[1,1,0] clamp\n"
      "v_fma_mix_f32 v47, v5, v5, v6 clamp\n"
      "v_fma_mix_f32 v48, v5, 1.0, -2 op_sel_hi:[0,1,1]\n"           /* -2 in f16 mode: 0xfffe, NaN */
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    float x5 = 10.5f + (float)l;
    if (!((exec >> l) & 1)) {
      for (unsigned v = 40; v <= 48; v++) assert_int_equal(r->vgpr[v][l], 0xbeefbeefu);
      continue;
    }
    assert_int_equal(r->vgpr[40][l], fbits(fmaf(1.5f, 0.75f, x5)));
    assert_int_equal(r->vgpr[41][l], fbits(-7.0f));
    assert_int_equal(r->vgpr[42][l], fbits(2.25f * 0.25f + 1.5f));
    assert_int_equal(r->vgpr[43][l], fbits(x5 * 2.0f + 1.0f));
    assert_int_equal(r->vgpr[44][l], fbits(x5 * 2.0f));
    assert_int_equal(r->vgpr[45][l], 0xbeef0000u | to_half(0.875));
    assert_int_equal(r->vgpr[46][l], (uint32_t)to_half(1.0) << 16 | 0xbeef); /* 3.75 clamped */
    assert_int_equal(r->vgpr[47][l], fbits(1.0f));
    assert_true(isnan(f32_of(r->vgpr[48][l])));
  }
  free(w);
  free(r);
}

/* SDWA forms of 16-bit operations: selected (and modified) 16-bit sources, the 16-bit
 * result placed by dst_sel / dst_unused (preserve, pad, sign-extend); dst_sel DWORD is
 * counted as untranslated. */
static void alu16_sdwa_forms(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = ~(1ull << 3) & 0xffffffffu;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  double a[32], b[32], c[32], d[32];
  for (uint32_t l = 0; l < 32; l++) {
    a[l] = l * 0.25 - 2.0, b[l] = 1.5 + l * 0.125, c[l] = 0.5 + l, d[l] = -(double)(l % 5) - 0.75;
    w->vgpr[1][l] = to_half(a[l]) | (uint32_t)to_half(b[l]) << 16;
    w->vgpr[2][l] = to_half(c[l]) | (uint32_t)to_half(d[l]) << 16;
    w->vgpr[4][l] = (l * 7u) << 16 | (l % 4);
    w->vgpr[5][l] = fbits((float)l * 0.5f);
    for (unsigned v = 10; v <= 17; v++) w->vgpr[v][l] = 0x5a5a5a5au;
  }
  run("v_add_f16_sdwa v10, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0\n"
      "v_mul_f16_sdwa v11, -v1, |v2| dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:WORD_1\n"
      "v_cvt_i16_f16_sdwa v12, v1 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:WORD_0\n"
      "v_cvt_f16_u16_sdwa v13, v4 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2\n"
      "v_add_f16_sdwa v14, 0.5, v2 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_0\n"
      "v_ldexp_f16_sdwa v15, v1, v4 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:BYTE_0\n"
      "v_cvt_f16_f32_sdwa v17, v5 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    if (!((exec >> l) & 1)) {
      for (unsigned v = 10; v <= 17; v++) assert_int_equal(r->vgpr[v][l], 0x5a5a5a5au);
      continue;
    }
    assert_int_equal(r->vgpr[10][l], (uint32_t)to_half(b[l] + c[l]) << 16 | 0x5a5a);
    assert_int_equal(r->vgpr[11][l], to_half(-a[l] * fabs(d[l])));
    assert_int_equal(r->vgpr[12][l], (uint32_t)(int32_t)trunc(a[l])); /* sign-extended */
    assert_int_equal(r->vgpr[13][l], (uint32_t)to_half((double)((l * 7u) & 0xff)) << 16 | 0x5a5a);
    assert_int_equal(r->vgpr[14][l], to_half(c[l])); /* word 1 of the constant 0.5: +0 */
    assert_int_equal(r->vgpr[15][l], to_half(ldexp(a[l], (int)(l % 4))));
    assert_int_equal(r->vgpr[17][l], (uint32_t)to_half((double)l * 0.5) << 16 | 0x5a5a);
  }
  free(w);
  free(r);
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      "v_add_f16_sdwa v16, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:WORD_0\n"
      "s_endpgm\n",
      (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 1);
  ir_function_destroy(fn);
}

static uint32_t absdiff(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }

/* Sums of absolute differences over bytes, halves and dwords, with the accumulator (the
 * additions wrap), the masked byte form (reference bytes of 0 skipped); a clamp is
 * counted, not guessed. */
static void sad_operations(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = l * 0x9e3779b1u;
    w->vgpr[2][l] = l * 0x85ebca6bu + 0x01020304u;
    w->vgpr[3][l] = l == 7 ? 0xfffffff0u : l * 1000u;
    w->vgpr[4][l] = w->vgpr[2][l] & (0xff00ff00u >> (l % 9)); /* reference bytes, some 0 */
  }
  run("v_sad_u8 v10, v1, v2, v3\n"
      "v_sad_hi_u8 v11, v1, v2, v3\n"
      "v_sad_u16 v12, v1, v2, v3\n"
      "v_sad_u32 v13, v1, v2, v3\n"
      "v_sad_u8 v14, v1, 0x80808080, 7\n"
      "v_msad_u8 v15, v1, v4, v3\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t a = w->vgpr[1][l], b = w->vgpr[2][l], c = w->vgpr[3][l], s8 = 0, s8k = 0;
    for (unsigned k = 0; k < 32; k += 8) {
      s8 += absdiff((a >> k) & 0xff, (b >> k) & 0xff);
      s8k += absdiff((a >> k) & 0xff, 0x80);
    }
    uint32_t s16 = absdiff(a & 0xffff, b & 0xffff) + absdiff(a >> 16, b >> 16);
    assert_int_equal(r->vgpr[10][l], s8 + c);
    assert_int_equal(r->vgpr[11][l], (s8 << 16) + c);
    assert_int_equal(r->vgpr[12][l], s16 + c);
    assert_int_equal(r->vgpr[13][l], absdiff(a, b) + c); /* lane 7 wraps */
    assert_int_equal(r->vgpr[14][l], s8k + 7);
    uint32_t m = w->vgpr[4][l], ms = 0;
    for (unsigned k = 0; k < 32; k += 8)
      if ((m >> k) & 0xff) ms += absdiff((a >> k) & 0xff, (m >> k) & 0xff);
    assert_int_equal(r->vgpr[15][l], ms + c);
  }
  free(w);
  free(r);
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      "v_sad_u32 v0, v1, v2, v3 clamp\ns_endpgm\n",
      (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 1);
  ir_function_destroy(fn);
}

/* SDWA compares: the selects (with sext) and neg/abs apply before the compare, the mask of
 * active lanes goes to VCC or the SGPR sdst, v_cmpx writes EXEC; constant and SGPR sources
 * are selected like registers (a float constant of an f16 compare has a zero high word). */
static void sdwa_compares(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = ~(1ull << 5) & 0xffffffffu; /* lane 5 inactive */
  static const uint16_t h[8] = {0x3c00, 0xbc00, 0x0000, 0x8000, 0x7e00, 0x3800, 0xc500, 0x0001};
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  w->sgpr[1] = 0x12345634u; /* byte 0: lane 4's v2 */
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t v1 = l * 0x9e3779b1u;
    w->vgpr[1][l] = (l % 7 == 0) ? (v1 | 0xffff) : v1;
    w->vgpr[2][l] = (l & 1) ? ((v1 >> 8) & 0xff) | (l * 0x1357u) << 16 : l * 13u;
    w->vgpr[3][l] = h[l & 7] | (uint32_t)h[(l * 3 + 1) & 7] << 16;
    w->vgpr[4][l] = h[(l + 2) & 7] | 0x7c000000u;
    w->vgpr[5][l] = fbits((float)l - 10.5f);
    w->vgpr[6][l] = fbits(l & 2 ? -4.0f : 2.5f);
    w->vgpr[7][l] = l % 3 == 0 ? 0x3f80u : l;
    w->vgpr[8][l] = (0x3ffu * (l + 1)) & 0x3ffu;
    w->vgpr[9][l] = 0xcafe;
  }
  run("v_cmp_eq_u32_sdwa vcc_lo, v1, v2 src0_sel:BYTE_1 src1_sel:WORD_0\n"
      "v_cmp_lt_i32_sdwa s4, sext(v1), v2 src0_sel:BYTE_1 src1_sel:WORD_1\n"
      "v_cmp_gt_f16_sdwa s5, v3, -v4 src0_sel:WORD_1 src1_sel:WORD_0\n"
      "v_cmp_lt_f32_sdwa s6, -v5, |v6| src0_sel:DWORD src1_sel:DWORD\n"
      "v_cmp_eq_u32_sdwa s7, s1, v2 src0_sel:BYTE_0 src1_sel:BYTE_0\n"
      "v_cmp_eq_u32_sdwa s8, 1.0, v7 src0_sel:WORD_1 src1_sel:DWORD\n"
      "v_cmp_eq_f16_sdwa s9, 0.5, v3 src0_sel:WORD_1 src1_sel:WORD_1\n"
      "v_cmp_le_u16_sdwa s10, -1, v1 src0_sel:WORD_1 src1_sel:WORD_0\n"
      "v_cmp_class_f16_sdwa s11, v3, v8 src0_sel:WORD_1 src1_sel:DWORD\n"
      "v_cmp_eq_u16_e64 s12, 0.5, v3\n"
      "v_cmp_gt_i16_sdwa s13, sext(v1), v2 src0_sel:BYTE_0 src1_sel:WORD_1\n"
      "v_cmpx_ne_u16_sdwa v1, v2 src0_sel:WORD_1 src1_sel:BYTE_0\n"
      "v_mov_b32 v9, 1\n"
      "s_endpgm\n",
      false, w, r);
  uint32_t want[14] = {0};
  for (uint32_t l = 0; l < 32; l++) {
    if (!((exec >> l) & 1)) continue;
    uint32_t v1 = w->vgpr[1][l], v2 = w->vgpr[2][l], v3 = w->vgpr[3][l], v4 = w->vgpr[4][l];
    bool c[14] = {false};
    c[0] = sel_bits(v1, 1, false) == sel_bits(v2, 4, false);
    c[4] = (int32_t)sel_bits(v1, 1, true) < (int32_t)sel_bits(v2, 5, false);
    uint32_t a5 = sel_bits(v3, 5, false), b5 = sel_bits(v4, 4, false) ^ 0x8000;
    c[5] = !nan16(a5) && !nan16(b5) && from_half((uint16_t)a5) > from_half((uint16_t)b5);
    c[6] = -f32_of(w->vgpr[5][l]) < fabsf(f32_of(w->vgpr[6][l]));
    c[7] = (w->sgpr[1] & 0xff) == (v2 & 0xff);
    c[8] = w->vgpr[7][l] == 0x3f80u; /* word 1 of the f32 bits of 1.0 */
    c[9] = !nan16(v3 >> 16) && from_half((uint16_t)(v3 >> 16)) == 0.0; /* word 1 of 0.5: +0 */
    c[10] = 0xffffu <= (v1 & 0xffff);
    c[11] = (w->vgpr[8][l] >> half_class((uint16_t)(v3 >> 16))) & 1;
    c[12] = (v3 & 0xffff) == 0x3800u;
    /* an i16 compare reads the low 16 bits of the selected value: word 1 of v2 can be < 0 */
    c[13] = (int16_t)sel_bits(v1, 0, true) > (int16_t)sel_bits(v2, 5, false);
    c[1] = (v1 >> 16) != (v2 & 0xff); /* the cmpx */
    for (unsigned i = 0; i < 14; i++) want[i] |= (uint32_t)c[i] << l;
  }
  assert_int_equal((uint32_t)r->vcc, want[0]);
  for (unsigned i = 4; i < 14; i++) {
    if (r->sgpr[i] != want[i]) fprintf(stderr, "s%u: 0x%08x, want 0x%08x\n", i, r->sgpr[i], want[i]);
    assert_int_equal(r->sgpr[i], want[i]);
  }
  assert_int_equal(r->exec, want[1]); /* exec_hi stays 0 in wave32 */
  for (uint32_t l = 0; l < 32; l++)
    assert_int_equal(r->vgpr[9][l], (want[1] >> l) & 1 ? 1u : 0xcafeu);
  /* the selects matter: every result differs from all-false and from all-active */
  for (unsigned i = 4; i < 14; i++) assert_true(want[i] != 0 && want[i] != (uint32_t)exec);
  free(w);
  free(r);
}

/* Wave64: the SGPR-pair destination, VCC, and v_cmpx of all 64 lanes. */
static void sdwa_compares_wave64(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = 0xfff0ffff7fffffffull;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 64; l++) {
    w->vgpr[1][l] = l * 0x01010101u;
    w->vgpr[2][l] = (l % 5) ? l : l << 8;
  }
  run("v_cmp_eq_u32_sdwa s[4:5], v1, v2 src0_sel:BYTE_1 src1_sel:WORD_0\n"
      "v_cmp_lt_u32_sdwa vcc, v2, v1 src0_sel:BYTE_0 src1_sel:BYTE_2\n"
      "v_cmpx_eq_u32_sdwa v1, v2 src0_sel:BYTE_3 src1_sel:BYTE_0\n"
      "s_endpgm\n",
      true, w, r);
  uint64_t eq = 0, lt = 0, x = 0;
  for (uint32_t l = 0; l < 64; l++) {
    if (!((exec >> l) & 1)) continue;
    uint32_t v1 = w->vgpr[1][l], v2 = w->vgpr[2][l];
    eq |= (uint64_t)(sel_bits(v1, 1, false) == sel_bits(v2, 4, false)) << l;
    lt |= (uint64_t)(sel_bits(v2, 0, false) < sel_bits(v1, 2, false)) << l;
    x |= (uint64_t)(sel_bits(v1, 3, false) == sel_bits(v2, 0, false)) << l;
  }
  assert_true(eq >> 32 && (uint32_t)eq && eq != exec && lt >> 32 && x >> 32 && x != exec);
  assert_int_equal(r->sgpr[4] | (uint64_t)r->sgpr[5] << 32, eq);
  assert_int_equal(r->vcc, lt);
  assert_int_equal(r->exec, x);
  free(w);
  free(r);
}

/* GFX10 has no DPP form of VOPC: such a word is a decode error with its offset, not a
 * translation (v_cmp_eq_u32 with src0 = 0xfa and a quad_perm DPP dword). */
static void dpp_compare_is_rejected(void **state) {
  (void)state;
  const uint32_t words[] = {0xbf800000u, 0x7d8402fau, 0xff00e400u, 0xbf810000u};
  struct ir_translate_options o = {.wave_size = 32};
  struct ir_translate_error err;
  memset(&err, 0, sizeof err);
  assert_null(ir_translate(words, 4, &o, &err, NULL));
  assert_int_equal(err.offset, 4);
  assert_non_null(strstr(err.msg, "undecodable"));
  /* the same control on a VOP2 (v_add_nc_u32_dpp) decodes and translates */
  const uint32_t vop2[] = {0x4a0202fau, 0xff00e400u, 0xbf810000u};
  struct ir_translate_stats st;
  struct ir_function *fn = ir_translate(vop2, 3, &o, &err, &st);
  assert_non_null(fn);
  assert_int_equal(st.unsupported_count, 0);
  ir_function_destroy(fn);
}

/* ---- integer, bit-field, lane-mask and cross-lane ALU (translate_alu.c) ----------------- */

static uint64_t wqm64_ref(uint64_t v) {
  uint64_t r = 0;
  for (unsigned q = 0; q < 16; q++)
    if ((v >> (4 * q)) & 0xf) r |= 0xfull << (4 * q);
  return r;
}
static uint32_t ff1_64_ref(uint64_t v) { return v ? (uint32_t)__builtin_ctzll(v) : 0xffffffffu; }
static uint32_t flbit64_ref(uint64_t v) { return v ? (uint32_t)__builtin_clzll(v) : 0xffffffffu; }
/* the first bit from the top that differs from the sign bit (ISA loop), -1 when none */
static uint32_t flbit_signed_ref(uint64_t v, unsigned bits) {
  unsigned top = bits - 1;
  for (unsigned i = 1; i < bits; i++)
    if (((v >> (top - i)) & 1) != ((v >> top) & 1)) return i;
  return 0xffffffffu;
}
static uint32_t quadmask_ref(uint64_t v, unsigned quads) {
  uint32_t r = 0;
  for (unsigned q = 0; q < quads; q++)
    if ((v >> (4 * q)) & 0xf) r |= 1u << q;
  return r;
}
static uint64_t ashr64_ref(uint64_t v, unsigned n) {
  return n ? (v >> n) | ((v >> 63) ? ~0ull << (64 - n) : 0) : v;
}
static uint64_t bfe64_ref(uint64_t v, uint32_t ctl, bool sext) {
  unsigned off = ctl & 63, w = (ctl >> 16) & 127;
  if (w > 64) w = 64;
  if (w == 0) return 0;
  uint64_t t = v >> off;
  if (w == 64) return t;
  t &= (1ull << w) - 1;
  if (sext && ((t >> (w - 1)) & 1)) t |= ~0ull << w;
  return t;
}
static uint64_t brev64_ref(uint64_t v) {
  uint64_t r = 0;
  for (unsigned i = 0; i < 64; i++) r |= ((v >> i) & 1) << (63 - i);
  return r;
}
static uint64_t s64(const struct ir_interp_wave *w, unsigned s) {
  return w->sgpr[s] | (uint64_t)w->sgpr[s + 1] << 32;
}

static const char *scalar_bits_shader =
    "s_version 0x2000\n" /* no effect (run() checks nothing stays untranslated) */
    "v_clrexcp\n"
    "s_wqm_b64 s[20:21], s[0:1]\n"
    "s_cselect_b32 s22, 1, 0\n"
    "s_wqm_b32 s23, s2\n"
    "s_cselect_b32 s24, 1, 0\n"
    "s_cmp_eq_u32 s2, s2\n" /* SCC = 1: the next ones keep it */
    "s_bfm_b64 s[26:27], s3, s4\n"
    "s_ff1_i32_b64 s28, s[0:1]\n"
    "s_ff0_i32_b64 s29, s[0:1]\n"
    "s_ff0_i32_b32 s30, s2\n"
    "s_flbit_i32_b64 s31, s[0:1]\n"
    "s_flbit_i32 s32, s2\n"
    "s_flbit_i32_i64 s33, s[0:1]\n"
    "s_brev_b64 s[38:39], s[0:1]\n"
    "s_cselect_b32 s25, 1, 0\n"
    "s_bcnt0_i32_b64 s34, s[0:1]\n"
    "s_cselect_b32 s35, 1, 0\n"
    "s_bcnt0_i32_b32 s36, s2\n"
    "s_cselect_b32 s37, 1, 0\n"
    "s_mov_b64 s[40:41], s[0:1]\n"
    "s_bitset1_b64 s[40:41], s3\n"
    "s_mov_b32 s42, s2\n"
    "s_bitset0_b32 s42, s4\n"
    "s_mov_b64 s[60:61], s[0:1]\n"
    "s_bitset0_b64 s[60:61], s4\n"
    "s_mov_b32 s43, s2\n"
    "s_bitset1_b32 s43, s3\n"
    "s_quadmask_b64 s[44:45], s[0:1]\n"
    "s_cselect_b32 s46, 1, 0\n"
    "s_quadmask_b32 s47, s2\n"
    "s_bitreplicate_b64_b32 s[48:49], s2\n"
    "s_ashr_i64 s[50:51], s[0:1], s3\n"
    "s_cselect_b32 s62, 1, 0\n"
    "s_bfe_u64 s[52:53], s[0:1], s5\n"
    "s_bfe_i64 s[54:55], s[0:1], s5\n"
    "s_cselect_b32 s63, 1, 0\n"
    "s_absdiff_i32 s56, s2, s4\n"
    "s_cselect_b32 s57, 1, 0\n"
    "s_mov_b64 s[58:59], -0.5\n" /* a 64-bit operand's float constant: the f64 value */
    "s_endpgm\n";

/* Scalar bit operations against C for edge inputs: 0, all ones, single top/low bits, shift
 * and bit counts 0, 31, 32, 63 and above 63 (masked to 6 bits), bfe widths 0, 1, 64, 127. */
static void scalar_bit_operations(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const struct {
    uint64_t v;
    uint32_t s2, s3, s4, s5;
  } cases[] = {
      {0, 0, 0, 0, 0},
      {~0ull, 0xffffffffu, 63, 63, 0x00400000u},                 /* width 64 */
      {1ull << 63, 0x80000000u, 64, 32, 0x0001003fu},            /* count 64 -> 0; w 1 */
      {1ull << 32, 1, 31, 1, 0x00200020u},                       /* bfe 32 bits at 32 */
      {0x9abcdef012345678ull, 0x7ffffffeu, 100, 7, 0x007f0004u}, /* width 127 -> 64 */
      {0x00f0000000001230ull, 0xc0000001u, 5, 70, 0x000c0008u},
      {0xfedcba9876543210ull, 0x00012345u, 13, 45, 0x0000000cu},  /* bfe width 0 */
  };
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    struct ir_interp_wave *w = wave_new(~0ull), *r = calloc(1, sizeof *r);
    uint64_t v = cases[c].v;
    uint32_t s2 = cases[c].s2, s3 = cases[c].s3, s4 = cases[c].s4, s5 = cases[c].s5;
    w->sgpr[0] = (uint32_t)v;
    w->sgpr[1] = (uint32_t)(v >> 32);
    w->sgpr[2] = s2, w->sgpr[3] = s3, w->sgpr[4] = s4, w->sgpr[5] = s5;
    run(scalar_bits_shader, true, w, r);
    assert_int_equal(s64(r, 20), wqm64_ref(v));
    assert_int_equal(r->sgpr[22], wqm64_ref(v) != 0);
    assert_int_equal(r->sgpr[23], (uint32_t)wqm64_ref(s2));
    assert_int_equal(r->sgpr[24], s2 != 0);
    assert_int_equal(s64(r, 26), (((1ull << (s3 & 63)) - 1) << (s4 & 63)));
    assert_int_equal(r->sgpr[28], ff1_64_ref(v));
    assert_int_equal(r->sgpr[29], ff1_64_ref(~v));
    assert_int_equal(r->sgpr[30], ff1_64_ref(~s2 & 0xffffffffull));
    assert_int_equal(r->sgpr[31], flbit64_ref(v));
    assert_int_equal(r->sgpr[32], flbit_signed_ref(s2, 32));
    assert_int_equal(r->sgpr[33], flbit_signed_ref(v, 64));
    assert_int_equal(s64(r, 38), brev64_ref(v));
    assert_int_equal(r->sgpr[25], 1); /* bfm, ff0/ff1, flbit, brev keep SCC */
    assert_int_equal(r->sgpr[34], 64 - __builtin_popcountll(v));
    assert_int_equal(r->sgpr[35], v != ~0ull);
    assert_int_equal(r->sgpr[36], 32 - __builtin_popcount(s2));
    assert_int_equal(r->sgpr[37], s2 != 0xffffffffu);
    assert_int_equal(s64(r, 40), v | 1ull << (s3 & 63));
    assert_int_equal(r->sgpr[42], s2 & ~(1u << (s4 & 31)));
    assert_int_equal(s64(r, 60), v & ~(1ull << (s4 & 63)));
    assert_int_equal(r->sgpr[43], s2 | 1u << (s3 & 31));
    assert_int_equal(s64(r, 44), quadmask_ref(v, 16));
    assert_int_equal(r->sgpr[46], v != 0);
    assert_int_equal(r->sgpr[47], quadmask_ref(s2, 8));
    uint64_t rep = 0;
    for (unsigned i = 0; i < 32; i++) rep |= (uint64_t)((s2 >> i) & 1) * 3 << (2 * i);
    assert_int_equal(s64(r, 48), rep);
    assert_int_equal(s64(r, 50), ashr64_ref(v, s3 & 63));
    assert_int_equal(r->sgpr[62], ashr64_ref(v, s3 & 63) != 0);
    assert_int_equal(s64(r, 52), bfe64_ref(v, s5, false));
    assert_int_equal(s64(r, 54), bfe64_ref(v, s5, true));
    assert_int_equal(r->sgpr[63], bfe64_ref(v, s5, true) != 0);
    uint32_t diff = s2 - s4, ad = (int32_t)diff < 0 ? 0u - diff : diff;
    assert_int_equal(r->sgpr[56], ad);
    assert_int_equal(r->sgpr[57], ad != 0);
    assert_int_equal(s64(r, 58), 0xbfe0000000000000ull);
    free(w);
    free(r);
  }
  /* the references themselves on known values */
  assert_int_equal(wqm64_ref(0x0100000000000012ull), 0x0f000000000000ffull);
  assert_int_equal(flbit_signed_ref(1, 32), 31);
  assert_int_equal(flbit_signed_ref(0xfffffffeu, 32), 31);
  assert_int_equal(bfe64_ref(0xf0, 0x00040004u, true), ~0ull);
}

/* EXEC through the whole-quad and wrexec forms (wave64 and wave32, ACO's first pixel-shader
 * instruction `s_wqm_b64 exec, s[0:1]`): the lanes that write afterwards are the new EXEC. */
static void exec_whole_quad_and_wrexec(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  for (int wave64 = 0; wave64 < 2; wave64++) {
    struct ir_interp_wave *w = wave_new(wave64 ? ~0ull : 0xffffffffull), *r = calloc(1, sizeof *r);
    uint64_t live = 0x8000100200400021ull;
    uint64_t wmask = wave64 ? ~0ull : 0xffffffffull;
    w->sgpr[0] = (uint32_t)live;
    w->sgpr[1] = (uint32_t)(live >> 32);
    w->sgpr[2] = 0x0f0f00f0u;
    w->sgpr[3] = 0x00ff00ffu;
    w->exec = wave64 ? ~0ull : 0xabcd0000ffffffffull; /* wave32: exec_hi is kept */
    run(wave64 ? "s_wqm_b64 exec, s[0:1]\n"
                 "v_mov_b32 v1, 7\n"
                 "s_mov_b64 s[10:11], exec\n"
                 "s_andn1_wrexec_b64 s[12:13], s[2:3]\n"
                 "s_cselect_b32 s14, 1, 0\n"
                 "v_mov_b32 v2, 9\n"
                 "s_andn2_wrexec_b64 s[16:17], s[2:3]\n"
                 "s_cselect_b32 s15, 1, 0\n"
                 "s_endpgm\n"
               : "s_wqm_b32 exec_lo, s0\n"
                 "v_mov_b32 v1, 7\n"
                 "s_mov_b32 s10, exec_lo\n"
                 "s_andn1_wrexec_b32 s12, s2\n"
                 "s_cselect_b32 s14, 1, 0\n"
                 "v_mov_b32 v2, 9\n"
                 "s_andn2_wrexec_b32 s16, s2\n"
                 "s_cselect_b32 s15, 1, 0\n"
                 "s_endpgm\n",
        wave64, w, r);
    uint64_t e1 = wqm64_ref(live) & wmask;
    uint64_t s23 = wave64 ? (w->sgpr[2] | (uint64_t)w->sgpr[3] << 32) : w->sgpr[2];
    uint64_t e2 = ~s23 & e1 & wmask, e3 = s23 & ~e2 & wmask;
    unsigned lanes = wave64 ? 64 : 32;
    for (unsigned l = 0; l < lanes; l++) {
      assert_int_equal(r->vgpr[1][l], (e1 >> l) & 1 ? 7u : 0u); /* v1, v2 start at 0 */
      assert_int_equal(r->vgpr[2][l], (e2 >> l) & 1 ? 9u : 0u);
    }
    assert_int_equal(r->sgpr[10], (uint32_t)e1);
    assert_int_equal(r->sgpr[12], (uint32_t)e2);
    assert_int_equal(r->sgpr[16], (uint32_t)e3);
    if (wave64) {
      assert_int_equal(r->sgpr[13], (uint32_t)(e2 >> 32));
      assert_int_equal(r->exec, e3);
    } else {
      assert_int_equal(r->exec, 0xabcd000000000000ull | e3);
    }
    assert_int_equal(r->sgpr[14], e2 != 0);
    assert_int_equal(r->sgpr[15], e3 != 0);
    assert_true(e1 != 0 && e2 != 0 && e2 != e1 && e3 != 0);
    free(w);
    free(r);
  }
}

/* 64-bit VALU shifts: counts from S0[5:0] (per lane 0..189, so 0, 63, 64 -> 0 and more),
 * the value from a VGPR pair or a constant: an inline integer is sign-extended to 64 bits,
 * an inline float is its f64 value (ACO's `v_lshrrev_b64 v[5:6], 0, 0`); inactive lanes keep
 * their registers. */
static void vector_64bit_shifts(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = ~(1ull << 5 | 1ull << 40);
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 64; l++) {
    w->vgpr[1][l] = l * 3;
    uint64_t v = (l & 1 ? 0x8000000000000000ull : 0) ^ (0x0123456789abcdefull * (l + 1));
    w->vgpr[2][l] = (uint32_t)v;
    w->vgpr[3][l] = (uint32_t)(v >> 32);
    for (uint32_t k = 4; k <= 17; k++) w->vgpr[k][l] = 0xdead0000u | k;
  }
  run("v_lshlrev_b64 v[4:5], v1, v[2:3]\n"
      "v_lshrrev_b64 v[6:7], v1, v[2:3]\n"
      "v_ashrrev_i64 v[8:9], v1, v[2:3]\n"
      "v_lshrrev_b64 v[10:11], 0, 0\n"
      "v_lshlrev_b64 v[12:13], v1, -1\n"
      "v_lshrrev_b64 v[14:15], 4, 1.0\n"
      "v_ashrrev_i64 v[16:17], v1, -16\n"
      "s_endpgm\n",
      true, w, r);
  for (uint32_t l = 0; l < 64; l++) {
    if (!((exec >> l) & 1)) {
      for (uint32_t k = 4; k <= 17; k++) assert_int_equal(r->vgpr[k][l], 0xdead0000u | k);
      continue;
    }
    unsigned n = (l * 3) & 63;
    uint64_t v = w->vgpr[2][l] | (uint64_t)w->vgpr[3][l] << 32;
    uint64_t got[7], want[7] = {v << n, v >> n, ashr64_ref(v, n), 0, ~0ull << n,
                                0x3ff0000000000000ull >> 4, ashr64_ref((uint64_t)-16, n)};
    for (unsigned k = 0; k < 7; k++) {
      got[k] = r->vgpr[4 + 2 * k][l] | (uint64_t)r->vgpr[5 + 2 * k][l] << 32;
      assert_int_equal(got[k], want[k]);
    }
  }
  free(w);
  free(r);
}

/* C model of v_permlane16/x16 (the ISA pseudocode plus the DPP rules for fi/bound_ctrl). */
static uint32_t permlane_ref(const struct ir_interp_wave *w, unsigned l, uint32_t s1,
                             uint32_t s2, bool cross, bool fi, bool bc, unsigned dst,
                             unsigned src) {
  unsigned j = l & 15;
  unsigned sel = j < 8 ? (s1 >> (4 * j)) & 15 : (s2 >> (4 * (j - 8))) & 15;
  unsigned row = (l & ~15u) ^ (cross ? 16u : 0u);
  unsigned from = row + sel;
  if (!((w->exec >> l) & 1)) return w->vgpr[dst][l];
  if (!fi && !((w->exec >> from) & 1)) return bc ? 0 : w->vgpr[dst][l];
  return w->vgpr[src][from];
}

/* v_permlane16_b32 / v_permlanex16_b32 in wave32 and wave64 (each 32-lane half on its own):
 * SGPR and constant selectors, an inactive source lane read without fi (destination kept),
 * with fi (read) and with bound_ctrl (0). */
static void permlane_rows(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  for (int wave64 = 0; wave64 < 2; wave64++) {
    unsigned lanes = wave64 ? 64 : 32;
    uint64_t exec = (wave64 ? ~0ull : 0xffffffffull) & ~(1ull << 3 | 1ull << 18 | 1ull << 50);
    struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
    w->sgpr[0] = 0x76543210u; /* identity */
    w->sgpr[1] = 0xfedcba98u;
    w->sgpr[2] = 0x3a1f0c85u; /* lanes 3 and 2 of the row among the selected */
    w->sgpr[3] = 0x2b9e4d60u;
    for (uint32_t l = 0; l < lanes; l++) {
      w->vgpr[1][l] = 0x1000u + l * 17;
      for (uint32_t k = 2; k <= 8; k++) w->vgpr[k][l] = 0xbeef0000u | (k << 8) | l;
    }
    run("v_permlane16_b32 v2, v1, s2, s3\n"
        "v_permlanex16_b32 v3, v1, s2, s3\n"
        "v_permlanex16_b32 v4, v1, 0, 0\n"
        "v_permlane16_b32 v5, v1, s0, s1\n"
        "v_permlanex16_b32 v6, v1, s2, s3 op_sel:[1,0]\n"
        "v_permlane16_b32 v7, v1, s2, s3 op_sel:[0,1]\n"
        "v_permlanex16_b32 v8, v1, s2, s3 op_sel:[1,1]\n"
        "s_endpgm\n",
        wave64, w, r);
    const uint32_t s2 = w->sgpr[2], s3 = w->sgpr[3];
    unsigned kept = 0, zeroed = 0;
    for (uint32_t l = 0; l < lanes; l++) {
      assert_int_equal(r->vgpr[2][l], permlane_ref(w, l, s2, s3, false, false, false, 2, 1));
      assert_int_equal(r->vgpr[3][l], permlane_ref(w, l, s2, s3, true, false, false, 3, 1));
      assert_int_equal(r->vgpr[4][l], permlane_ref(w, l, 0, 0, true, false, false, 4, 1));
      assert_int_equal(r->vgpr[5][l], permlane_ref(w, l, w->sgpr[0], w->sgpr[1], false, false, false, 5, 1));
      assert_int_equal(r->vgpr[6][l], permlane_ref(w, l, s2, s3, true, true, false, 6, 1));
      assert_int_equal(r->vgpr[7][l], permlane_ref(w, l, s2, s3, false, false, true, 7, 1));
      assert_int_equal(r->vgpr[8][l], permlane_ref(w, l, s2, s3, true, true, true, 8, 1));
      if ((exec >> l) & 1) {
        kept += r->vgpr[2][l] == w->vgpr[2][l];
        zeroed += r->vgpr[7][l] == 0;
      }
    }
    /* the reference is not trivial: identity selectors, and inactive sources happen */
    assert_int_equal(r->vgpr[5][9], w->vgpr[1][9]);
    assert_true(kept > 0 && zeroed == kept);
    free(w);
    free(r);
  }
}

/* v_mbcnt_lo/hi (wave64 and wave32, the -1/0 lane-index idiom too), v_bcnt, v_bfm,
 * v_alignbit/alignbyte, v_perm_b32 (every selector class), v_mad_u32_u24/i32_i24,
 * v_xad_u32, v_add/sub_nc_i32 with and without clamp, v_ffbh_i32, v_swap_b32,
 * v_cvt_flr/rpi_i32_f32; an inactive lane keeps everything. */
static uint32_t perm_ref(uint32_t s0, uint32_t s1, uint32_t sel) {
  uint64_t all = (uint64_t)s0 << 32 | s1;
  uint32_t r = 0;
  for (unsigned i = 0; i < 4; i++) {
    unsigned s = (sel >> (8 * i)) & 0xff;
    uint32_t b = s < 8    ? (uint32_t)(all >> (8 * s)) & 0xff
                 : s < 12 ? ((all >> (15 + 16 * (s - 8))) & 1) * 0xffu
                 : s == 12 ? 0
                           : 0xff;
    r |= b << (8 * i);
  }
  return r;
}
static int32_t sat_i32(int64_t v) { return v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : (int32_t)v; }

static void vector_bit_operations(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  for (int wave64 = 0; wave64 < 2; wave64++) {
    unsigned lanes = wave64 ? 64 : 32;
    uint64_t exec = (wave64 ? ~0ull : 0xffffffffull) & ~(1ull << 7 | 1ull << 45);
    struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
    uint32_t seed = 12345;
    w->sgpr[0] = 0x9f3a5c71u; /* mbcnt masks */
    w->sgpr[1] = 0xc0ffee01u;
    static const uint32_t edge[] = {0, 0xffffffffu, 0x80000000u, 0x7fffffffu, 1, 31, 32, 63};
    for (uint32_t l = 0; l < lanes; l++) {
      for (uint32_t k = 1; k <= 4; k++) {
        seed = seed * 1103515245u + 12345u;
        w->vgpr[k][l] = l < 8 && k < 3 ? edge[(l + k) & 7] : seed ^ (seed >> 13);
      }
      /* perm selectors cycling through every class: bytes 0..15 */
      w->vgpr[5][l] = (l % 16) | ((l + 5) % 16) << 8 | ((l + 9) % 16) << 16 | ((l * 7) % 256) << 24;
      w->vgpr[6][l] = fbits((float)((int)l - 20) * 0.75f); /* flr / rpi inputs incl. .5 */
      for (uint32_t k = 10; k <= 30; k++) w->vgpr[k][l] = 0x5eed0000u | k;
    }
    w->vgpr[6][0] = fbits(-2.5f);
    w->vgpr[6][1] = fbits(3e9f);  /* saturates */
    w->vgpr[6][2] = 0x7fc00000u;  /* NaN -> 0 */
    run("v_mbcnt_lo_u32_b32 v10, s0, v3\n"
        "v_mbcnt_hi_u32_b32 v11, s1, v3\n"
        "v_mbcnt_lo_u32_b32 v12, -1, 0\n"
        "v_mbcnt_hi_u32_b32 v12, -1, v12\n"
        "v_bcnt_u32_b32 v13, v1, v2\n"
        "v_bfm_b32 v14, v1, v2\n"
        "v_alignbit_b32 v15, v1, v2, v3\n"
        "v_alignbyte_b32 v16, v1, v2, v3\n"
        "v_perm_b32 v17, v1, v2, v5\n"
        "v_mad_u32_u24 v18, v1, v2, v3\n"
        "v_mad_i32_i24 v19, v1, v2, v3\n"
        "v_xad_u32 v20, v1, v2, v3\n"
        "v_add_nc_i32 v21, v1, v2\n"
        "v_add_nc_i32 v22, v1, v2 clamp\n"
        "v_sub_nc_i32 v23, v1, v2 clamp\n"
        "v_ffbh_i32 v24, v1\n"
        "v_mov_b32 v25, v1\n"
        "v_mov_b32 v26, v2\n"
        "v_swap_b32 v25, v26\n"
        "v_cvt_flr_i32_f32 v27, v6\n"
        "v_cvt_rpi_i32_f32 v28, v6\n"
        "v_ffbh_i32_e64 v29, v2\n"
        "v_sub_nc_i32 v30, v1, v2\n"
        "s_endpgm\n",
        wave64, w, r);
    unsigned saturated = 0;
    for (uint32_t l = 0; l < lanes; l++) {
      if (!((exec >> l) & 1)) {
        for (uint32_t k = 10; k <= 30; k++) assert_int_equal(r->vgpr[k][l], 0x5eed0000u | k);
        continue;
      }
      uint32_t a = w->vgpr[1][l], b = w->vgpr[2][l], c = w->vgpr[3][l];
      uint64_t below = (1ull << l) - 1; /* l < 64 */
      assert_int_equal(r->vgpr[10][l], __builtin_popcount(w->sgpr[0] & (uint32_t)below) + c);
      assert_int_equal(r->vgpr[11][l], __builtin_popcount(w->sgpr[1] & (uint32_t)(below >> 32)) + c);
      assert_int_equal(r->vgpr[12][l], l);
      assert_int_equal(r->vgpr[13][l], __builtin_popcount(a) + b);
      assert_int_equal(r->vgpr[14][l], ((1u << (a & 31)) - 1) << (b & 31));
      uint64_t ab = (uint64_t)a << 32 | b;
      assert_int_equal(r->vgpr[15][l], (uint32_t)(ab >> (c & 31)));
      assert_int_equal(r->vgpr[16][l], (uint32_t)(ab >> (8 * (c & 3))));
      assert_int_equal(r->vgpr[17][l], perm_ref(a, b, w->vgpr[5][l]));
      assert_int_equal(r->vgpr[18][l], (a & 0xffffff) * (b & 0xffffff) + c);
      int32_t ai = (int32_t)(a << 8) >> 8, bi = (int32_t)(b << 8) >> 8;
      assert_int_equal(r->vgpr[19][l], (uint32_t)((int64_t)ai * bi) + c);
      assert_int_equal(r->vgpr[20][l], (a ^ b) + c);
      assert_int_equal(r->vgpr[21][l], a + b);
      assert_int_equal(r->vgpr[22][l], (uint32_t)sat_i32((int64_t)(int32_t)a + (int32_t)b));
      assert_int_equal(r->vgpr[23][l], (uint32_t)sat_i32((int64_t)(int32_t)a - (int32_t)b));
      assert_int_equal(r->vgpr[30][l], a - b);
      saturated += r->vgpr[22][l] != a + b || r->vgpr[23][l] != a - b;
      assert_int_equal(r->vgpr[24][l], flbit_signed_ref(a, 32));
      assert_int_equal(r->vgpr[29][l], flbit_signed_ref(b, 32));
      assert_int_equal(r->vgpr[25][l], b);
      assert_int_equal(r->vgpr[26][l], a);
      float f;
      memcpy(&f, &w->vgpr[6][l], 4);
      double fl = floor((double)f), rp = floor((double)(f + 0.5f));
      int32_t want_flr = isnan(f) ? 0 : fl >= 2147483647.0 ? INT32_MAX : fl <= -2147483648.0 ? INT32_MIN : (int32_t)fl;
      int32_t want_rpi = isnan(f) ? 0 : rp >= 2147483647.0 ? INT32_MAX : rp <= -2147483648.0 ? INT32_MIN : (int32_t)rp;
      assert_int_equal(r->vgpr[27][l], (uint32_t)want_flr);
      assert_int_equal(r->vgpr[28][l], (uint32_t)want_rpi);
    }
    assert_true(saturated > 0);
    assert_int_equal(r->vgpr[27][0], (uint32_t)-3);
    assert_int_equal(r->vgpr[28][0], (uint32_t)-2);
    assert_int_equal(r->vgpr[27][1], (uint32_t)INT32_MAX);
    free(w);
    free(r);
  }
}

static double dval(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}
static uint32_t i32_of_f64_ref(double d, bool sgn) {
  if (isnan(d)) return 0;
  double t = trunc(d);
  if (sgn) return t >= 2147483647.0 ? 0x7fffffffu : t <= -2147483648.0 ? 0x80000000u : (uint32_t)(int32_t)t;
  return t >= 4294967295.0 ? 0xffffffffu : t <= 0.0 ? 0u : (uint32_t)t;
}

/* f64 <-> 32-bit integer conversions (truncating, saturating, NaN -> 0), v_cvt_pk_u16_u32 /
 * v_cvt_pk_i16_i32 (saturating), v_pack_b32_f16 (halves by op_sel, neg), v_frexp_mant/exp
 * of f32 and f64 (normal, denormal, +-0, inf, NaN), v_fract_f64 (capped below 1.0, inf ->
 * NaN); lane 6 inactive. */
static void conversions_and_frexp(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const uint32_t ints[] = {0, 0xffffffffu, 0x80000000u, 0x7fffffffu, 1, 65535, 65536, 0xffff8000u,
                                  0xffff7fffu, 123456789, 0xfffe0000u, 40000};
  static const double dbl[] = {1e10, -1e10, -0.5, 2147483647.9, -2147483648.9, NAN, INFINITY,
                               -INFINITY, 4294967295.5, 3.99, -3.99, 4.9e-324, -0.0, 2.75,
                               -2.25, -1e-20, 1.0, 65536.5, -65537.25, 123456789.75};
  static const uint32_t fl[] = {0x3f800000u, 0xc0600000u, 0x00000001u, 0x80400000u, 0,
                                0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f7fffffu,
                                0x00800000u, 0x42f60000u};
  const uint64_t exec = 0xffffffffu & ~(1u << 6);
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = ints[l % 12];
    w->vgpr[2][l] = ints[(l * 5 + 3) % 12];
    uint64_t d = dbits(dbl[l % 20]);
    w->vgpr[3][l] = (uint32_t)d;
    w->vgpr[4][l] = (uint32_t)(d >> 32);
    w->vgpr[5][l] = fl[l % 12];
    for (uint32_t k = 10; k <= 30; k++) w->vgpr[k][l] = 0xabc00000u | k;
  }
  w->vgpr[3][20] = 1, w->vgpr[4][20] = 0x00000000u; /* the smallest f64 denormal */
  w->vgpr[3][21] = 0, w->vgpr[4][21] = 0x00080000u; /* 2^-1023 */
  run("v_cvt_f64_i32 v[10:11], v1\n"
      "v_cvt_f64_u32 v[12:13], v1\n"
      "v_cvt_i32_f64 v14, v[3:4]\n"
      "v_cvt_u32_f64 v15, v[3:4]\n"
      "v_cvt_pk_u16_u32 v16, v1, v2\n"
      "v_cvt_pk_i16_i32 v17, v1, v2\n"
      "v_pack_b32_f16 v18, -v1, v2 op_sel:[1,0]\n"
      "v_frexp_mant_f32 v19, v5\n"
      "v_frexp_exp_i32_f32 v20, v5\n"
      "v_frexp_mant_f64 v[21:22], v[3:4]\n"
      "v_frexp_exp_i32_f64 v23, v[3:4]\n"
      "v_fract_f64 v[24:25], v[3:4]\n"
      "v_cvt_i32_f64_e64 v26, -v[3:4]\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    if (!((exec >> l) & 1)) {
      for (uint32_t k = 10; k <= 30; k++) assert_int_equal(r->vgpr[k][l], 0xabc00000u | k);
      continue;
    }
    uint32_t a = w->vgpr[1][l], b = w->vgpr[2][l];
    double d = dval(w->vgpr[3][l] | (uint64_t)w->vgpr[4][l] << 32);
    uint64_t got;
#define V64(k) (r->vgpr[k][l] | (uint64_t)r->vgpr[(k) + 1][l] << 32)
    assert_int_equal(V64(10), dbits((double)(int32_t)a));
    assert_int_equal(V64(12), dbits((double)a));
    assert_int_equal(r->vgpr[14][l], i32_of_f64_ref(d, true));
    assert_int_equal(r->vgpr[15][l], i32_of_f64_ref(d, false));
    assert_int_equal(r->vgpr[26][l], i32_of_f64_ref(-d, true));
    assert_int_equal(r->vgpr[16][l], (a > 0xffff ? 0xffff : a) | (b > 0xffff ? 0xffffu : b) << 16);
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    sa = sa > 32767 ? 32767 : sa < -32768 ? -32768 : sa;
    sb = sb > 32767 ? 32767 : sb < -32768 ? -32768 : sb;
    assert_int_equal(r->vgpr[17][l], ((uint32_t)sa & 0xffff) | (uint32_t)sb << 16);
    assert_int_equal(r->vgpr[18][l], ((a >> 16) ^ 0x8000) | (b & 0xffff) << 16);
    float f;
    memcpy(&f, &w->vgpr[5][l], 4);
    int fe = 0;
    float fm = isfinite(f) && f != 0 ? frexpf(f, &fe) : f;
    assert_int_equal(r->vgpr[19][l], fbits(fm));
    assert_int_equal(r->vgpr[20][l], (uint32_t)fe);
    int de = 0;
    double dm = isfinite(d) && d != 0 ? frexp(d, &de) : d;
    got = V64(21);
    assert_int_equal(got, dbits(dm));
    assert_int_equal(r->vgpr[23][l], (uint32_t)de);
    double fr = d - floor(d);
    if (!isnan(fr) && fr > dval(0x3fefffffffffffffull)) fr = dval(0x3fefffffffffffffull);
    got = V64(24);
    if (isnan(fr)) assert_true(isnan(dval(got)));
    else assert_int_equal(got, dbits(fr));
#undef V64
  }
  /* edge lanes really took the edge paths */
  assert_int_equal(r->vgpr[20][2], (uint32_t)-148);      /* f32 denormal 2^-149 */
  assert_int_equal(r->vgpr[23][20], (uint32_t)-1073);    /* f64 denormal 2^-1074 */
  assert_int_equal(r->vgpr[24][15] | (uint64_t)r->vgpr[25][15] << 32, 0x3fefffffffffffffull);
  assert_int_equal(r->vgpr[14][3], 0x7fffffffu);
  assert_int_equal(r->vgpr[15][1], 0);
  free(w);
  free(r);
}

/* v_ldexp_f64 against C ldexp (normal, overflow to inf, gradual underflow with ties,
 * denormal inputs, exponents far out of range, +-0, inf, NaN); v_lerp_u8, v_cvt_off_f32_i4;
 * the integer dot products (wrapping and with clamp) and v_dot4c_i32_i8 (accumulates into
 * its destination); lane 9 inactive. */
static int32_t sext_bits(uint32_t v, unsigned off, unsigned w) {
  return (int32_t)(v << (32 - off - w)) >> (32 - w);
}
static uint32_t dot_ref(uint32_t a, uint32_t b, uint32_t acc, unsigned n, unsigned w, bool sgn,
                        bool clamp) {
  int64_t s = sgn ? (int64_t)(int32_t)acc : (int64_t)acc;
  for (unsigned i = 0; i < n; i++) {
    int64_t fa = sgn ? sext_bits(a, i * w, w) : (int64_t)((a >> (i * w)) & ((1u << w) - 1));
    int64_t fb = sgn ? sext_bits(b, i * w, w) : (int64_t)((b >> (i * w)) & ((1u << w) - 1));
    s += fa * fb;
  }
  if (clamp && sgn) s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
  if (clamp && !sgn) s = s > (int64_t)UINT32_MAX ? (int64_t)UINT32_MAX : s;
  return (uint32_t)s;
}

static void ldexp_lerp_and_dot_products(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const double xs[] = {1.5, -3.75, 4.9e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
                              0.0, -0.0, INFINITY, NAN, 0.1, 1.0000000000000002, -7.5e-310};
  static const int32_t ns[] = {0, 1, -1, 1023, -1074, -1075, -1080, 2100, -2100, INT32_MIN,
                               INT32_MAX, -1022, 52, -1073};
  const uint64_t exec = 0xffffffffu & ~(1u << 9);
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  uint32_t seed = 777;
  for (uint32_t l = 0; l < 32; l++) {
    uint64_t d = dbits(xs[l % 12]);
    w->vgpr[1][l] = (uint32_t)d;
    w->vgpr[2][l] = (uint32_t)(d >> 32);
    w->vgpr[3][l] = (uint32_t)ns[l % 14];
    for (uint32_t k = 4; k <= 6; k++) {
      seed = seed * 1664525u + 1013904223u;
      w->vgpr[k][l] = seed;
    }
    for (uint32_t k = 10; k <= 22; k++) w->vgpr[k][l] = 0x77700000u | k;
  }
  /* saturating inputs: the largest products plus a large accumulator */
  w->vgpr[4][0] = 0x80008000u, w->vgpr[5][0] = 0x80008000u, w->vgpr[6][0] = 0x7fffffffu;
  w->vgpr[4][1] = 0xffffffffu, w->vgpr[5][1] = 0xffffffffu, w->vgpr[6][1] = 0xfffffff0u;
  w->vgpr[4][2] = 0x7fff8000u, w->vgpr[5][2] = 0x80007fffu, w->vgpr[6][2] = 0x80000000u;
  w->vgpr[1][12] = 0, w->vgpr[2][12] = 0x3ff80000u, w->vgpr[3][12] = (uint32_t)-1074; /* 1.5 * 2^-1074: tie */
  /* 1.5 (0.75 * 2^1) times 2^-1023, 2^1024, 2^1023: the edges of the normal range */
  w->vgpr[1][13] = 0, w->vgpr[2][13] = 0x3ff80000u, w->vgpr[3][13] = (uint32_t)-1023;
  w->vgpr[1][14] = 0, w->vgpr[2][14] = 0x3ff80000u, w->vgpr[3][14] = 1024;
  w->vgpr[1][15] = 0, w->vgpr[2][15] = 0x3ff80000u, w->vgpr[3][15] = 1023;
  run("v_ldexp_f64 v[10:11], v[1:2], v3\n"
      "v_lerp_u8 v12, v4, v5, v6\n"
      "v_cvt_off_f32_i4 v13, v4\n"
      "v_dot2_i32_i16 v14, v4, v5, v6\n"
      "v_dot2_i32_i16 v15, v4, v5, v6 clamp\n"
      "v_dot2_u32_u16 v16, v4, v5, v6\n"
      "v_dot2_u32_u16 v17, v4, v5, v6 clamp\n"
      "v_dot4_i32_i8 v18, v4, v5, v6\n"
      "v_dot8_i32_i4 v19, v4, v5, v6 clamp\n"
      "v_mov_b32 v20, v6\n"
      "v_dot4c_i32_i8 v20, v4, v5\n"
      "v_ldexp_f64 v[21:22], -v[1:2], 3\n"
      "s_endpgm\n",
      false, w, r);
  unsigned clamped = 0;
  for (uint32_t l = 0; l < 32; l++) {
    if (!((exec >> l) & 1)) {
      for (uint32_t k = 10; k <= 22; k++) assert_int_equal(r->vgpr[k][l], 0x77700000u | k);
      continue;
    }
    double x = dval(w->vgpr[1][l] | (uint64_t)w->vgpr[2][l] << 32);
    int32_t n = (int32_t)w->vgpr[3][l];
    uint64_t got = r->vgpr[10][l] | (uint64_t)r->vgpr[11][l] << 32;
    double want = ldexp(x, n);
    if (isnan(want)) assert_true(isnan(dval(got)));
    else assert_int_equal(got, dbits(want));
    got = r->vgpr[21][l] | (uint64_t)r->vgpr[22][l] << 32;
    if (isnan(x)) assert_true(isnan(dval(got)));
    else assert_int_equal(got, dbits(ldexp(-x, 3)));
    uint32_t a = w->vgpr[4][l], b = w->vgpr[5][l], c = w->vgpr[6][l], lerp = 0;
    for (unsigned i = 0; i < 4; i++)
      lerp |= ((((a >> (8 * i)) & 0xff) + ((b >> (8 * i)) & 0xff) + ((c >> (8 * i)) & 1)) >> 1) << (8 * i);
    assert_int_equal(r->vgpr[12][l], lerp);
    assert_int_equal(r->vgpr[13][l], fbits((float)sext_bits(a, 0, 4) / 16.0f));
    assert_int_equal(r->vgpr[14][l], dot_ref(a, b, c, 2, 16, true, false));
    assert_int_equal(r->vgpr[15][l], dot_ref(a, b, c, 2, 16, true, true));
    assert_int_equal(r->vgpr[16][l], dot_ref(a, b, c, 2, 16, false, false));
    assert_int_equal(r->vgpr[17][l], dot_ref(a, b, c, 2, 16, false, true));
    assert_int_equal(r->vgpr[18][l], dot_ref(a, b, c, 4, 8, true, false));
    assert_int_equal(r->vgpr[19][l], dot_ref(a, b, c, 8, 4, true, true));
    assert_int_equal(r->vgpr[20][l], dot_ref(a, b, c, 4, 8, true, false));
    clamped += r->vgpr[15][l] != r->vgpr[14][l];
    clamped += r->vgpr[17][l] != r->vgpr[16][l];
  }
  assert_true(clamped >= 2); /* the saturating lanes saturated */
  assert_int_equal(r->vgpr[10][12] | (uint64_t)r->vgpr[11][12] << 32, 2); /* tie to even */
  free(w);
  free(r);
}

/* v_frexp_mant_f16 / v_frexp_exp_i16_f16 (normal, denormal, +-0, inf, NaN; VOP3 abs/neg)
 * and v_sat_pk_u8_i16; the other half of the destination is kept,
 * lane 4 inactive. */
static void f16_frexp_and_saturating_pack(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const uint16_t h[] = {0x3c00, 0xc300, 0x0001, 0x03ff, 0x0000, 0x8000, 0x7c00,
                               0xfc00, 0x7e00, 0x7bff, 0x0400, 0xb555};
  static const uint32_t pk[] = {0x00000000u, 0x7fff8000u, 0x00ff0100u, 0xffff0001u,
                                0x00800fffu, 0x80017ffeu, 0x0001ffffu};
  const uint64_t exec = 0xffffffffu & ~(1u << 4);
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = (uint32_t)h[(l + 3) % 12] << 16 | h[l % 12];
    w->vgpr[2][l] = pk[l % 7];
    for (uint32_t k = 10; k <= 14; k++) w->vgpr[k][l] = 0x12340000u | (k << 8) | l;
  }
  run("v_frexp_mant_f16 v10, v1\n"
      "v_frexp_exp_i16_f16 v11, v1\n"
      "v_frexp_mant_f16_e64 v12, |v1|\n" /* llvm-mc-19 takes no op_sel on these */
      "v_frexp_exp_i16_f16_e64 v13, -v1\n"
      "v_sat_pk_u8_i16 v14, v2\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t old[5];
    for (uint32_t k = 0; k < 5; k++) old[k] = 0x12340000u | ((k + 10) << 8) | l;
    if (!((exec >> l) & 1)) {
      for (uint32_t k = 0; k < 5; k++) assert_int_equal(r->vgpr[10 + k][l], old[k]);
      continue;
    }
    uint16_t lo = h[l % 12];
    uint16_t want_m[2], want_e[2];
    for (int i = 0; i < 2; i++) {
      uint16_t v = i ? lo & 0x7fff : lo; /* |lo| for the second */
      double d = from_half(v);
      int e = 0;
      bool special = (v & 0x7c00) == 0x7c00 || (v & 0x7fff) == 0;
      want_m[i] = special ? v : to_half(frexp(d, &e));
      want_e[i] = (uint16_t)e;
    }
    assert_int_equal(r->vgpr[10][l], keep_hi(old[0], want_m[0]));
    assert_int_equal(r->vgpr[11][l], keep_hi(old[1], want_e[0]));
    assert_int_equal(r->vgpr[12][l], keep_hi(old[2], want_m[1]));
    assert_int_equal(r->vgpr[13][l], keep_hi(old[3], want_e[0])); /* neg keeps the exponent */
    uint32_t p = w->vgpr[2][l];
    int32_t a = s16(p), b = s16(p >> 16);
    uint32_t sa = a < 0 ? 0 : a > 255 ? 255 : (uint32_t)a, sb = b < 0 ? 0 : b > 255 ? 255 : (uint32_t)b;
    assert_int_equal(r->vgpr[14][l], keep_hi(old[4], sa | sb << 8));
  }
  assert_int_equal(r->vgpr[11][2] & 0xffff, (uint16_t)-23); /* 2^-24 = 0.5 * 2^-23 */
  free(w);
  free(r);
}

/* v_mad_i64_i32 with a `null` carry destination: the signed 64-bit product plus S2 (edge
 * factors INT_MIN, -1, 0; inline -1 as a sign-extended 64-bit addend); with an SGPR carry
 * destination (undocumented value) it stays `unsupported`. */
static void mad_i64_i32_null_and_sgpr_carry(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const uint32_t f[] = {0x80000000u, 0xffffffffu, 0, 0x7fffffffu, 12345, 0xfffe1234u};
  const uint64_t exec = ~(1ull << 33);
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 64; l++) {
    w->vgpr[2][l] = f[l % 6];
    w->vgpr[3][l] = f[(l / 6) % 6];
    uint64_t acc = 0x9000000000000000ull + l * 0x123456789ull;
    w->vgpr[4][l] = (uint32_t)acc;
    w->vgpr[5][l] = (uint32_t)(acc >> 32);
    for (uint32_t k = 6; k <= 9; k++) w->vgpr[k][l] = 0xfeed0000u | k;
  }
  run("v_mad_i64_i32 v[6:7], null, v2, v3, v[4:5]\n"
      "v_mad_i64_i32 v[8:9], null, v2, v3, -1\n"
      "s_endpgm\n",
      true, w, r);
  for (uint32_t l = 0; l < 64; l++) {
    if (!((exec >> l) & 1)) {
      for (uint32_t k = 6; k <= 9; k++) assert_int_equal(r->vgpr[k][l], 0xfeed0000u | k);
      continue;
    }
    int64_t p = (int64_t)(int32_t)w->vgpr[2][l] * (int32_t)w->vgpr[3][l];
    uint64_t acc = w->vgpr[4][l] | (uint64_t)w->vgpr[5][l] << 32;
    assert_int_equal(r->vgpr[6][l] | (uint64_t)r->vgpr[7][l] << 32, (uint64_t)p + acc);
    assert_int_equal(r->vgpr[8][l] | (uint64_t)r->vgpr[9][l] << 32, (uint64_t)p - 1);
  }
  /* the carry mask: set where the exact sum is negative (docs/shader-ir.md), including
   * sums that wrap: extreme accumulators in some lanes */
  static const uint64_t accs[] = {0x8000000000000000ull, 0x7fffffffffffffffull, 0, ~0ull,
                                  0x8000000000000005ull, 0x3fffffffffffffffull};
  for (uint32_t l = 0; l < 64; l++) {
    uint64_t acc = l < 36 ? accs[l % 6] : 0x9000000000000000ull + l * 0x123456789ull;
    w->vgpr[4][l] = (uint32_t)acc;
    w->vgpr[5][l] = (uint32_t)(acc >> 32);
  }
  w->sgpr[6] = w->sgpr[7] = 0x5a5a5a5au;
  run("v_mad_i64_i32 v[0:1], s[6:7], v2, v3, v[4:5]\n"
      "s_endpgm\n",
      true, w, r);
  uint64_t want = 0;
  unsigned wraps = 0;
  for (uint32_t l = 0; l < 64; l++) {
    if (!((exec >> l) & 1)) continue;
    __int128 p = (__int128)(int32_t)w->vgpr[2][l] * (int32_t)w->vgpr[3][l];
    __int128 sum = p + (int64_t)(w->vgpr[4][l] | (uint64_t)w->vgpr[5][l] << 32);
    assert_int_equal(r->vgpr[0][l] | (uint64_t)r->vgpr[1][l] << 32, (uint64_t)sum);
    if (sum < 0) want |= 1ull << l;
    if ((sum < 0) != ((int64_t)(uint64_t)sum < 0)) wraps++;
  }
  assert_true(wraps >= 2); /* both wrap directions occur */
  assert_int_equal(r->sgpr[6] | (uint64_t)r->sgpr[7] << 32, want);
  free(w);
  free(r);
}

/* v_cmp_class_f64 / v_cmpx_class_f64: all ten classes (sNaN, qNaN, -inf, -normal,
 * -denormal, -0, +0, +denormal, +normal, +inf) against single-class and combined masks,
 * with the neg modifier; inactive lanes give 0, cmpx writes EXEC (wave64). */
static unsigned f64_class_ref(uint64_t b) {
  unsigned e = (unsigned)(b >> 52) & 2047;
  uint64_t m = b & 0x000fffffffffffffull;
  bool neg = b >> 63;
  if (e == 2047 && m) return (m >> 51) & 1 ? 1 : 0;
  unsigned pos = e == 2047 ? 9 : e ? 8 : m ? 7 : 6;
  return neg ? 11 - pos : pos;
}

static void f64_class_compares(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const uint64_t vals[10] = {0x7ff0000000000001ull, 0x7ff8000000000000ull,
                                    0xfff0000000000000ull, 0xbff8000000000000ull,
                                    0x8000000000000001ull, 0x8000000000000000ull, 0,
                                    0x000fffffffffffffull, 0x4004000000000000ull,
                                    0x7ff0000000000000ull};
  const uint64_t exec = ~(1ull << 17 | 1ull << 50);
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 64; l++) {
    uint64_t v = vals[l % 10];
    w->vgpr[1][l] = (uint32_t)v;
    w->vgpr[2][l] = (uint32_t)(v >> 32);
    w->vgpr[3][l] = l < 32 ? 1u << (l % 10) : (1u << ((l * 3) % 10)) | 0x200;
  }
  run("v_cmp_class_f64_e64 s[4:5], v[1:2], v3\n"
      "v_cmp_class_f64_e64 s[6:7], -v[1:2], v3\n"
      "v_cmp_class_f64 vcc, v[1:2], v3\n"
      "v_cmpx_class_f64_e64 v[1:2], v3\n"
      "s_endpgm\n",
      true, w, r);
  uint64_t want = 0, want_neg = 0;
  for (uint32_t l = 0; l < 64; l++) {
    uint64_t v = vals[l % 10];
    uint32_t mask = w->vgpr[3][l];
    bool is_nan = ((v >> 52) & 2047) == 2047 && (v & 0x000fffffffffffffull);
    if ((exec >> l) & 1) {
      want |= (uint64_t)((mask >> f64_class_ref(v)) & 1) << l;
      uint64_t nv = is_nan ? v : v ^ (1ull << 63); /* neg of a NaN keeps its class */
      want_neg |= (uint64_t)((mask >> f64_class_ref(nv)) & 1) << l;
    }
  }
  assert_true(want != 0 && want != exec && want_neg != want);
  assert_int_equal(s64(r, 4), want);
  assert_int_equal(s64(r, 6), want_neg);
  assert_int_equal(r->vcc, want);
  assert_int_equal(r->exec, want);
  free(w);
  free(r);
}

/* clamp of the unsigned 32-bit adds and subtracts: saturation to 0xffffffff / 0 (llc emits
 * `v_add_nc_u32_e64 v0, v0, 32 clamp` for a 64-bit count of leading zeros); the carry-out
 * forms still write their carry mask. */
static void unsigned_add_sub_clamp(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const uint32_t a_vals[] = {0xffffffffu, 0xfffffff0u, 5, 0, 0x80000000u, 100};
  static const uint32_t b_vals[] = {32, 0x20u, 9, 0, 0x80000000u, 100};
  const uint64_t exec = 0xffffffffu & ~(1u << 2);
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = a_vals[l % 6] + (l / 6);
    w->vgpr[2][l] = b_vals[(l + l / 6) % 6];
    for (uint32_t k = 10; k <= 16; k++) w->vgpr[k][l] = 0x31410000u | k;
  }
  w->vcc = 0x0f0f0f0fu;
  run("v_add_nc_u32_e64 v10, v1, v2 clamp\n"
      "v_sub_nc_u32_e64 v11, v1, v2 clamp\n"
      "v_subrev_nc_u32_e64 v12, v1, v2 clamp\n"
      "v_add_nc_u32_e64 v13, v1, 32 clamp\n"
      "v_add_co_ci_u32_e64 v14, s4, v1, v2, vcc_lo clamp\n"
      "v_add_co_u32 v15, s5, v1, v2 clamp\n"
      "v_sub_co_u32 v16, s6, v1, v2 clamp\n"
      "s_endpgm\n",
      false, w, r);
  uint32_t c4 = 0, c5 = 0, c6 = 0;
  unsigned saturated = 0;
  for (uint32_t l = 0; l < 32; l++) {
    if (!((exec >> l) & 1)) {
      for (uint32_t k = 10; k <= 16; k++) assert_int_equal(r->vgpr[k][l], 0x31410000u | k);
      continue;
    }
    uint64_t a = w->vgpr[1][l], b = w->vgpr[2][l], cin = (w->vcc >> l) & 1;
    uint64_t sum = a + b, sumc = a + b + cin;
    assert_int_equal(r->vgpr[10][l], sum > 0xffffffffu ? 0xffffffffu : (uint32_t)sum);
    assert_int_equal(r->vgpr[11][l], a < b ? 0 : (uint32_t)(a - b));
    assert_int_equal(r->vgpr[12][l], b < a ? 0 : (uint32_t)(b - a));
    assert_int_equal(r->vgpr[13][l], a + 32 > 0xffffffffu ? 0xffffffffu : (uint32_t)(a + 32));
    assert_int_equal(r->vgpr[14][l], sumc > 0xffffffffu ? 0xffffffffu : (uint32_t)sumc);
    assert_int_equal(r->vgpr[15][l], sum > 0xffffffffu ? 0xffffffffu : (uint32_t)sum);
    assert_int_equal(r->vgpr[16][l], a < b ? 0 : (uint32_t)(a - b));
    c4 |= (uint32_t)(sumc >> 32) << l;
    c5 |= (uint32_t)(sum >> 32) << l;
    c6 |= (uint32_t)(a < b) << l;
    saturated += sum > 0xffffffffu;
  }
  assert_true(saturated > 0 && c6 != 0);
  assert_int_equal(r->sgpr[4], c4);
  assert_int_equal(r->sgpr[5], c5);
  assert_int_equal(r->sgpr[6], c6);
  free(w);
  free(r);
}

/* llc-19 output using the new translations together (v_cvt_f64_i32, v_ldexp_f64,
 * v_frexp_mant/exp_f64, v_cvt_i32_f64, v_mbcnt_lo, v_permlanex16, v_lshlrev_b64 and the
 * clamped add of a 64-bit ctlz), run lane by lane against C for several exponents. */
static void llc_f64_lane_and_bit_sequence(void **state) {
  (void)state;
  SKIP_WITHOUT_LLC();
  static const char *ll =
      "declare double @llvm.ldexp.f64.i32(double, i32)\n"
      "declare { double, i32 } @llvm.frexp.f64.i32(double)\n"
      "declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)\n"
      "declare i32 @llvm.amdgcn.permlanex16(i32, i32, i32, i32, i1, i1)\n"
      "declare i64 @llvm.ctlz.i64(i64, i1)\n"
      "define amdgpu_ps float @main(i32 inreg %n, i32 inreg %sel, i32 %v) {\n"
      "  %d = sitofp i32 %v to double\n"
      "  %l = call double @llvm.ldexp.f64.i32(double %d, i32 %n)\n"
      "  %fr = call { double, i32 } @llvm.frexp.f64.i32(double %l)\n"
      "  %m = extractvalue { double, i32 } %fr, 0\n"
      "  %e = extractvalue { double, i32 } %fr, 1\n"
      "  %m2 = fmul double %m, 1048576.0\n"
      "  %mi = fptosi double %m2 to i32\n"
      "  %lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)\n"
      "  %p = call i32 @llvm.amdgcn.permlanex16(i32 %mi, i32 %mi, i32 %sel, i32 %sel, i1 false, i1 false)\n"
      "  %w = zext i32 %v to i64\n"
      "  %lz = zext i32 %lane to i64\n"
      "  %sh = shl i64 %w, %lz\n"
      "  %clz = call i64 @llvm.ctlz.i64(i64 %sh, i1 false)\n"
      "  %clz32 = trunc i64 %clz to i32\n"
      "  %e20 = shl i32 %e, 20\n"
      "  %c26 = shl i32 %clz32, 26\n"
      "  %r0 = xor i32 %p, %e20\n"
      "  %r1 = xor i32 %r0, %c26\n"
      "  %r = xor i32 %r1, %lane\n"
      "  %f = bitcast i32 %r to float\n"
      "  ret float %f\n"
      "}\n";
  struct ir_translate_stats st;
  struct ir_function *fn = translate_llc_v0(ll, &st);
  static const int32_t exps[] = {3, -1080, 1000, 2000, 0};
  static const int32_t vals[] = {0, -1, 1, INT32_MIN, INT32_MAX, 12345, -987654, 7};
  char msg[256];
  for (size_t k = 0; k < sizeof exps / sizeof *exps; k++) {
    struct ir_interp_wave *w = wave_new(0xffffffffu);
    w->sgpr[0] = (uint32_t)exps[k];
    w->sgpr[1] = 0x9e3c5a17u;
    for (uint32_t l = 0; l < 32; l++) w->vgpr[0][l] = (uint32_t)vals[(l * 3 + k) % 8];
    uint32_t in[32], mi[32];
    memcpy(in, w->vgpr[0], sizeof in);
    bool ok = ir_interp_run(fn, w, 1000, msg, sizeof msg);
    if (!ok) fprintf(stderr, "interp: %s\n", msg);
    assert_true(ok);
    int ex[32];
    for (uint32_t l = 0; l < 32; l++) {
      double L = ldexp((double)(int32_t)in[l], exps[k]);
      int e = 0;
      double m = isfinite(L) && L != 0 ? frexp(L, &e) : L;
      ex[l] = e;
      mi[l] = i32_of_f64_ref(ldexp(m, 20), true);
    }
    for (uint32_t l = 0; l < 32; l++) {
      uint32_t sel = (w->sgpr[1] >> (4 * (l & 7))) & 15;
      uint32_t p = mi[((l & ~15u) ^ 16u) + sel];
      uint64_t sh = (uint64_t)in[l] << l;
      uint32_t clz = sh ? (uint32_t)__builtin_clzll(sh) : 64;
      uint32_t want = p ^ ((uint32_t)ex[l] << 20) ^ (clz << 26) ^ l;
      assert_int_equal(w->vgpr[0][l], want);
    }
    free(w);
  }
  ir_function_destroy(fn);
}

/* v_cvt_pkrtz_f16_f32 with clamp: both halves in [0, 1], NaN -> 0, round toward zero; the
 * integer forms whose clamp is not established (24-bit multiplies, v_mad_u32_u16,
 * v_mad_u64_u32) are counted as untranslated instead of dropping the bit. */
static void pkrtz_clamp_and_unestablished_clamps(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const float in0[] = {-1.0f, 0.5f, 2.0f, NAN, 0.3f, 1.0f, -0.0f, 0.99999f};
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = fbits(in0[l % 8]);
    w->vgpr[2][l] = fbits(in0[(l + 3) % 8]);
  }
  run("v_cvt_pkrtz_f16_f32_e64 v3, v1, v2 clamp\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    uint16_t h[2];
    for (int i = 0; i < 2; i++) {
      float f = i ? in0[(l + 3) % 8] : in0[l % 8];
      float c = isnan(f) ? 0.0f : f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
      /* round toward zero to f16: truncate the f32 mantissa (values here are normal in
       * f16 or exact) */
      uint32_t b = fbits(c);
      h[i] = c == 0.0f ? (uint16_t)(b >> 16 & 0x8000)
                       : (uint16_t)(((((b >> 23) & 0xff) - 112) << 10) | ((b >> 13) & 0x3ff));
    }
    assert_int_equal(r->vgpr[3][l], (uint32_t)h[1] << 16 | h[0]);
  }
  assert_int_equal(r->vgpr[3][4] & 0xffff, 0x34cc); /* 0.3 rounded toward zero */
  assert_int_equal(r->vgpr[3][3] & 0xffff, 0);      /* NaN */
  static const char *counted[] = {"v_mul_u32_u24_e64 v0, v1, v2 clamp\ns_endpgm\n",
                                  "v_mul_i32_i24_e64 v0, v1, v2 clamp\ns_endpgm\n",
                                  "v_mad_u32_u16 v0, v1, v2, v3 clamp\ns_endpgm\n",
                                  "v_mad_u64_u32 v[0:1], vcc_lo, v1, v2, v[4:5] clamp\ns_endpgm\n"};
  for (size_t i = 0; i < 4; i++) {
    struct ir_translate_stats st;
    struct ir_function *fn = translate_asm(counted[i], (struct ir_translate_options){.wave_size = 32}, &st);
    assert_int_equal(st.unsupported_count, 1);
    ir_function_destroy(fn);
  }
  free(w);
  free(r);
}

/* M0-relative moves: scalar forms in a loop with a changing M0 (32- and 64-bit), the _2
 * form's split index, the last register of the file and out-of-range indices (reads give
 * s0, writes change nothing; docs/shader-ir.md, "M0-relative moves"). */
static void scalar_relative_moves(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(1), *r = malloc(sizeof *r);
  for (uint32_t i = 0; i < 106; i++) w->sgpr[i] = 0x1000u + i;
  w->sgpr[30] = 0;
  run("s_mov_b32 m0, 0\n"
      "loop:\n"
      "s_movrels_b32 s31, s10\n"   /* s31 = s[10 + m0] */
      "s_add_u32 s30, s30, s31\n"
      "s_movreld_b32 s40, s31\n"   /* s[40 + m0] = s31 */
      "s_add_u32 m0, m0, 1\n"
      "s_cmp_lt_u32 m0, 4\n"
      "s_cbranch_scc1 loop\n"
      "s_mov_b32 m0, 2\n"
      "s_movrels_b64 s[20:21], s[10:11]\n" /* s[12:13] */
      "s_mov_b32 m0, 3\n"
      "s_movreld_b64 s[50:51], s[2:3]\n"   /* s[53:54] = s[2:3] */
      "s_mov_b32 m0, 0\n"
      "s_movrels_b32 s56, s7\n"            /* M0 = 0: s7 */
      "s_mov_b32 m0, 94\n"
      "s_movreld_b64 s[10:11], s[2:3]\n"   /* s[104:105], the last pair */
      "s_mov_b32 m0, 95\n"
      "s_movrels_b64 s[62:63], s[10:11]\n" /* s105, then past the end: s0 */
      "s_movreld_b64 s[10:11], s[4:5]\n"   /* s105 and past the end: no write */
      "s_mov_b32 m0, 96\n"
      "s_movrels_b32 s60, s10\n"           /* out of range: s0 */
      "s_movreld_b32 s10, s1\n"            /* out of range: no write */
      "s_mov_b32 m0, -1\n"
      "s_movrels_b32 s61, s1\n"            /* out of range (unsigned index): s0 */
      "s_movreld_b64 s[0:1], s[4:5]\n"     /* out of range: no write */
      "s_mov_b32 m0, 0x30002\n"
      "s_movrelsd_2_b32 s70, s10\n"        /* s73 = s12 */
      "s_endpgm\n",
      false, w, r);
  uint32_t want[106];
  for (uint32_t i = 0; i < 106; i++) want[i] = 0x1000u + i;
  want[30] = 0;
  for (uint32_t k = 0; k < 4; k++) {
    want[31] = want[10 + k];
    want[30] += want[31];
    want[40 + k] = want[31];
  }
  want[20] = want[12], want[21] = want[13];
  want[53] = want[2], want[54] = want[3];
  want[56] = want[7];
  want[104] = want[2], want[105] = want[3];
  want[62] = want[105], want[63] = want[0];
  want[60] = want[0];
  want[61] = want[0];
  want[73] = want[12];
  for (uint32_t i = 0; i < 106; i++) {
    if (r->sgpr[i] != want[i]) fprintf(stderr, "s%u: 0x%x, want 0x%x\n", i, r->sgpr[i], want[i]);
    assert_int_equal(r->sgpr[i], want[i]);
  }
  assert_int_equal(r->m0, 0x30002u);
  free(w);
  free(r);
}

/* VGPR relative moves in both wave sizes with some lanes inactive: a loop over M0, the
 * SGPR-sourced movreld, movrelsd, the _2 forms and v_swaprel (split M0 index), the VOP3
 * form, the last VGPR and out-of-range indices. Checked against a per-lane model. */
static void vector_relative_moves(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  for (int wave64 = 0; wave64 < 2; wave64++) {
    uint32_t lanes = wave64 ? 64 : 32;
    uint64_t exec = wave64 ? 0xf0f0a5a5c3c3ff01ull : 0xa5c3ff01ull;
    struct ir_interp_wave *w = wave_new(exec), *r = malloc(sizeof *r);
    for (uint32_t k = 1; k < 256; k++)
      for (uint32_t l = 0; l < lanes; l++) w->vgpr[k][l] = 0x10000u * k + l;
    for (uint32_t l = 0; l < lanes; l++) w->vgpr[41][l] = 0;
    w->sgpr[5] = 0xabcdu;
    run("s_mov_b32 m0, 0\n"
        "loop:\n"
        "v_movrels_b32 v40, v10\n"      /* v40 = v[10 + m0] */
        "v_add_nc_u32 v41, v41, v40\n"
        "v_movreld_b32 v50, v40\n"      /* v[50 + m0] = v40 */
        "s_add_u32 m0, m0, 1\n"
        "s_cmp_lt_u32 m0, 3\n"
        "s_cbranch_scc1 loop\n"
        "s_mov_b32 m0, 2\n"
        "v_movrelsd_b32 v60, v10\n"     /* v62 = v12 */
        "v_movreld_b32 v70, s5\n"       /* v72 = s5 */
        "s_mov_b32 m0, 0x30001\n"
        "v_movrelsd_2_b32 v80, v10\n"   /* v83 = v11 */
        "v_swaprel_b32 v90, v100\n"     /* v93 <-> v101 */
        "s_mov_b32 m0, 0\n"
        "v_movrels_b32_e64 v110, v10\n" /* v10 */
        "s_mov_b32 m0, 250\n"
        "v_movrels_b32 v111, v10\n"     /* out of range: v0 */
        "v_movreld_b32 v10, v1\n"       /* out of range: no write */
        "s_mov_b32 m0, 245\n"
        "v_movrels_b32 v112, v10\n"     /* v255 */
        "s_mov_b32 m0, 0xc80001\n"
        "v_swaprel_b32 v90, v100\n"     /* v290 out of range: neither written */
        "s_mov_b32 m0, 0x1012c\n"
        "v_swaprel_b32 v90, v100\n"     /* v400 out of range: neither written */
        "s_mov_b32 m0, 0x1012c\n"
        "v_movrelsd_2_b32 v120, v10\n"  /* v121 = v310, out of range: v0 */
        "s_endpgm\n",
        wave64, w, r);
    for (uint32_t l = 0; l < lanes; l++) {
      uint32_t v[256];
      for (uint32_t k = 0; k < 256; k++) v[k] = w->vgpr[k][l];
      if ((exec >> l) & 1) {
        for (uint32_t k = 0; k < 3; k++) {
          v[40] = v[10 + k];
          v[41] += v[40];
          v[50 + k] = v[40];
        }
        v[62] = v[12];
        v[72] = 0xabcdu;
        v[83] = v[11];
        uint32_t t = v[93];
        v[93] = v[101], v[101] = t;
        v[110] = v[10];
        v[111] = v[0];
        v[112] = v[255];
        v[121] = v[0];
      }
      for (uint32_t k = 0; k < 256; k++) {
        if (r->vgpr[k][l] != v[k])
          fprintf(stderr, "wave%u lane %u v%u: 0x%x, want 0x%x\n", lanes, l, k, r->vgpr[k][l],
                  v[k]);
        assert_int_equal(r->vgpr[k][l], v[k]);
      }
    }
    free(w);
    free(r);
  }
}

/* With M0 a known constant the candidate chains fold away: what remains is the one
 * register read and the EXEC-masked writes of the registers actually written. */
static void constant_m0_relative_moves_fold(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint32_t observe[] = {IR_REG_VGPR0 + 1, IR_REG_VGPR0 + 23, IR_REG_SGPR0 + 1,
                        IR_REG_SGPR0 + 43};
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      "s_mov_b32 m0, 3\n"
      "v_movrels_b32 v1, v10\n"
      "v_movreld_b32 v20, v2\n"
      "s_movrels_b32 s1, s10\n"
      "s_movreld_b32 s40, s2\n"
      "s_endpgm\n",
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .observe = observe,
                                    .observe_count = 4},
      &st);
  assert_int_equal(st.unsupported_count, 0);
  uint32_t count[IR_OP_COUNT], live = 0;
  count_ops(fn, count);
  for (uint32_t i = 0; i < IR_OP_COUNT; i++) live += count[i];
  if (live > 20) {
    char *text = ir_text(fn);
    fprintf(stderr, "%s", text);
    free(text);
  }
  assert_int_equal(count[IR_OP_ieq], 0);
  assert_true(count[IR_OP_select] <= 2); /* the two EXEC-masked VGPR writes */
  assert_true(live <= 20);
  ir_function_destroy(fn);
}

static float flush_f32(float f) { return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f; }

/* v_dot2c_f32_f16 (VOP2 and DPP): D = S0.lo * S1.lo + (S0.hi * S1.hi + D) with the f16
 * products exact, two fused steps, the accumulator and the result flushed
 * (docs/shader-ir.md, "v_dot2c_f32_f16"). */
static void dot2c_f32_f16(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const double h[] = {1.5, -2.25, 0.333251953125, 1024.0, -0.0009765625, 3.0, 65504.0, -7.5};
  static const float acc[] = {0.25f, -1.0f, 1e-40f, 3.0e7f, -0.0f, 1.0e-3f, -5.5f, 0.0f};
  struct ir_interp_wave *w = wave_new(0xfffffff7u), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = (uint32_t)to_half(h[(l + 1) % 8]) << 16 | to_half(h[l % 8]);
    w->vgpr[2][l] = (uint32_t)to_half(h[(l + 5) % 8]) << 16 | to_half(h[(l / 8 + 3) % 8]);
    w->vgpr[3][l] = w->vgpr[4][l] = fbits(acc[(l + 2) % 8]);
  }
  run("v_dot2c_f32_f16 v3, v1, v2\n"
      "v_dot2c_f32_f16_dpp v4, v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"
      "s_endpgm\n",
      false, w, r);
  unsigned flushed = 0;
  for (uint32_t l = 0; l < 32; l++) {
    for (int dpp = 0; dpp < 2; dpp++) {
      uint32_t a = w->vgpr[1][dpp ? l ^ 1 : l], b = w->vgpr[2][l];
      float d = flush_f32(f32_of(w->vgpr[3 + dpp][l]));
      flushed += d != f32_of(w->vgpr[3 + dpp][l]);
      float t = fmaf((float)from_half(hi16(a)), (float)from_half(hi16(b)), d);
      float want = flush_f32(fmaf((float)from_half(lo16(a)), (float)from_half(lo16(b)), t));
      uint32_t got = r->vgpr[3 + dpp][l];
      /* lane 3 is inactive; DPP from it (no bound_ctrl) leaves lane 2 alone */
      if (l == 3 || (dpp && l == 2)) want = f32_of(w->vgpr[3 + dpp][l]);
      assert_int_equal(got, fbits(want));
    }
  }
  assert_true(flushed >= 4);
  free(w);
  free(r);
}

/* The normalized conversion of docs/shader-ir.md ("Late ALU forms"), in C: F * K rounded
 * to f32, to the nearest integer (ties to even), clamped; NaN -> 0. */
static int32_t norm16_ref(float f, bool sgn) {
  if (isnan(f)) return 0;
  float p = rintf(f * (sgn ? 32767.0f : 65535.0f));
  float lo = sgn ? -32767.0f : 0.0f, hi = sgn ? 32767.0f : 65535.0f;
  return (int32_t)(p < lo ? lo : p > hi ? hi : p);
}

static uint32_t sad_ref(uint32_t a, uint32_t b, bool masked) {
  uint32_t sum = 0;
  for (int i = 0; i < 32; i += 8) {
    int d = (int)((a >> i) & 255) - (int)((b >> i) & 255);
    if (!masked || ((b >> i) & 255)) sum += (uint32_t)(d < 0 ? -d : d);
  }
  return sum;
}

/* v_cvt_pknorm_*, v_cvt_norm_*_f16, v_cvt_pk_u8_f32, v_mullit_f32 and the quad SADs on
 * real encodings, against C. */
static void normalized_packs_mullit_and_quad_sads(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const float f[] = {1.0f, -1.0f, 0.5f, -0.25f, 1.5f, -7.0f, NAN, INFINITY, -INFINITY,
                            0.3333f, 2.5f, 3.5f, -0.0f, 0.0f, 254.5f, 1e-3f};
  static const uint16_t h[] = {0x3c00, 0xbc00, 0x3800, 0x7e00, 0x7c00, 0xfc00, 0x3555, 0xb400,
                               0x0000, 0x8000, 0x4000, 0x2e66, 0x3bff, 0x0001, 0xc000, 0x3a00};
  static const float lit[] = {1.0f, -1.0f, NAN, 0.0f, 2.0f, -0.5f, INFINITY, 1e-30f};
  struct ir_interp_wave *w = wave_new(0xfffffffeu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = fbits(f[l % 16]);
    w->vgpr[2][l] = fbits(f[(l * 7 + 3) % 16]);
    w->vgpr[6][l] = (uint32_t)h[(l + 5) % 16] << 16 | h[l % 16];
    w->vgpr[7][l] = (uint32_t)h[(l * 3) % 16] << 16 | h[(l + 9) % 16];
    w->vgpr[9][l] = 0xabcd0000u | l;
    w->vgpr[10][l] = 0x12340000u | l;
    w->vgpr[12][l] = l * 5;
    w->vgpr[13][l] = 0xa5a5a5a5u ^ (l * 0x01010101u);
    w->vgpr[15][l] = fbits(lit[l % 8]);
    w->vgpr[18][l] = 0x01fe7f80u * (l + 1) ^ 0x55aa00ffu;
    w->vgpr[19][l] = 0x10203040u + l * 0x01020304u;
    w->vgpr[20][l] = l % 4 == 0 ? 0x00ff0080u : 0x807f01feu + l;
    w->vgpr[22][l] = 0xfff0fffeu - l;
    w->vgpr[23][l] = 0x00010203u * l;
    for (uint32_t k = 0; k < 4; k++) w->vgpr[32 + k][l] = 0xfffffc00u * (k & 1) + l * 77 + k;
  }
  run("v_cvt_pknorm_i16_f32 v3, v1, v2\n"
      "v_cvt_pknorm_u16_f32 v4, v1, v2\n"
      "v_cvt_pknorm_i16_f16 v5, v6, v7\n"
      "v_cvt_pknorm_u16_f16 v8, v6, v7 op_sel:[1,0,0]\n"
      "v_cvt_norm_i16_f16 v9, v6\n"
      "v_cvt_norm_u16_f16_e64 v10, -v7\n"
      "v_cvt_pk_u8_f32 v11, v1, v12, v13\n"
      "v_mullit_f32 v14, v1, v2, v15\n"
      "v_qsad_pk_u16_u8 v[16:17], v[18:19], v20, v[22:23]\n"
      "v_mqsad_pk_u16_u8 v[24:25], v[18:19], v20, v[22:23]\n"
      "v_mqsad_u32_u8 v[36:39], v[18:19], v20, v[32:35]\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 1; l < 32; l++) {
    float a = f[l % 16], b = f[(l * 7 + 3) % 16];
    uint32_t v6 = w->vgpr[6][l], v7 = w->vgpr[7][l];
#define N16(v, s) ((uint32_t)norm16_ref(v, s) & 0xffff)
    assert_int_equal(r->vgpr[3][l], N16(a, true) | N16(b, true) << 16);
    assert_int_equal(r->vgpr[4][l], N16(a, false) | N16(b, false) << 16);
    assert_int_equal(r->vgpr[5][l], N16((float)from_half_any(lo16(v6)), true) |
                                        N16((float)from_half_any(lo16(v7)), true) << 16);
    assert_int_equal(r->vgpr[8][l], N16((float)from_half_any(hi16(v6)), false) |
                                        N16((float)from_half_any(lo16(v7)), false) << 16);
    assert_int_equal(r->vgpr[9][l], keep_hi(w->vgpr[9][l], N16((float)from_half_any(lo16(v6)), true)));
    assert_int_equal(r->vgpr[10][l], keep_hi(w->vgpr[10][l], N16(-(float)from_half_any(lo16(v7)), false)));
#undef N16
    uint32_t u8 = isnan(a) || a <= 0.0f ? 0 : rintf(a) >= 255.0f ? 255 : (uint32_t)rintf(a);
    uint32_t sh = (w->vgpr[12][l] & 3) * 8;
    assert_int_equal(r->vgpr[11][l], (w->vgpr[13][l] & ~(0xffu << sh)) | u8 << sh);
    float c = lit[l % 8];
    float ml = c > 0.0f ? (a == 0.0f || b == 0.0f ? 0.0f : a * b) : -FLT_MAX;
    assert_int_equal(r->vgpr[14][l], fbits(ml));
    uint64_t s0 = w->vgpr[18][l] | (uint64_t)w->vgpr[19][l] << 32;
    uint64_t acc = w->vgpr[22][l] | (uint64_t)w->vgpr[23][l] << 32;
    for (int m = 0; m < 2; m++) {
      uint64_t want = 0;
      for (int i = 0; i < 4; i++)
        want |= (uint64_t)((sad_ref((uint32_t)(s0 >> (8 * i)), w->vgpr[20][l], m) +
                            ((acc >> (16 * i)) & 0xffff)) & 0xffff) << (16 * i);
      uint32_t base = m ? 24 : 16;
      assert_int_equal(r->vgpr[base][l] | (uint64_t)r->vgpr[base + 1][l] << 32, want);
    }
    for (int i = 0; i < 4; i++)
      assert_int_equal(r->vgpr[36 + i][l],
                       sad_ref((uint32_t)(s0 >> (8 * i)), w->vgpr[20][l], true) + w->vgpr[32 + i][l]);
  }
  /* spot values: ties to even and the clamps */
  assert_int_equal(r->vgpr[11][10] >> ((w->vgpr[12][10] & 3) * 8) & 255, 2); /* 2.5 */
  assert_int_equal(r->vgpr[11][11] >> ((w->vgpr[12][11] & 3) * 8) & 255, 4); /* 3.5 */
  assert_int_equal(r->vgpr[3][6] & 0xffff, 0);      /* NaN */
  assert_int_equal(r->vgpr[3][8] & 0xffff, 0x8001); /* -inf -> -32767 */
  assert_int_equal(r->vgpr[4][7] & 0xffff, 0xffff); /* inf */
  free(w);
  free(r);
}

/* ---- v_trig_preop_f64 against pi computed here --------------------------------------
 * Little-endian 32-bit limb numbers of BN_LIMBS limbs, enough for the product of two
 * 1300-bit fixed-point values. */
#define BN_LIMBS 84
typedef struct { uint32_t d[BN_LIMBS]; } bn;

static void bn_add(bn *a, const bn *b, bool sub) {
  int64_t carry = 0;
  for (int i = 0; i < BN_LIMBS; i++) {
    int64_t t = (int64_t)a->d[i] + (sub ? -(int64_t)b->d[i] : (int64_t)b->d[i]) + carry;
    a->d[i] = (uint32_t)t;
    carry = t >> 32; /* arithmetic: -1 on a borrow */
  }
}
static bool bn_div_small(bn *a, uint32_t k) { /* a /= k; true while a != 0 */
  uint64_t rem = 0;
  bool nz = false;
  for (int i = BN_LIMBS - 1; i >= 0; i--) {
    uint64_t cur = rem << 32 | a->d[i];
    a->d[i] = (uint32_t)(cur / k);
    rem = cur % k;
    nz |= a->d[i] != 0;
  }
  return nz;
}
static void bn_mul_small(bn *a, uint32_t k) {
  uint64_t carry = 0;
  for (int i = 0; i < BN_LIMBS; i++) {
    uint64_t t = (uint64_t)a->d[i] * k + carry;
    a->d[i] = (uint32_t)t;
    carry = t >> 32;
  }
}
static void bn_mul(bn *out, const bn *a, const bn *b) {
  memset(out, 0, sizeof *out);
  for (int i = 0; i < BN_LIMBS; i++) {
    uint64_t carry = 0;
    for (int j = 0; i + j < BN_LIMBS; j++) {
      uint64_t t = (uint64_t)a->d[i] * b->d[j] + out->d[i + j] + carry;
      out->d[i + j] = (uint32_t)t;
      carry = t >> 32;
    }
  }
}
static int bn_cmp(const bn *a, const bn *b) {
  for (int i = BN_LIMBS - 1; i >= 0; i--)
    if (a->d[i] != b->d[i]) return a->d[i] < b->d[i] ? -1 : 1;
  return 0;
}
static void bn_set_bit(bn *a, unsigned bit) { a->d[bit / 32] |= 1u << (bit % 32); }
static bool bn_bit(const bn *a, unsigned bit) { return (a->d[bit / 32] >> (bit % 32)) & 1; }

/* atan(1/k) * 2^FRAC by its series, in fixed point; pi from Machin's formula (a formula
 * other than the one the translator's table was derived with is not needed: every bit is
 * checked by a product below, not by comparison with a second table). */
#define PI_FRAC 1300
static void bn_atan_inv(bn *sum, uint32_t k) {
  bn term = {0};
  memset(sum, 0, sizeof *sum);
  bn_set_bit(&term, PI_FRAC);
  bn_div_small(&term, k);
  for (uint32_t n = 0;; n++) {
    bn t = term;
    bn_div_small(&t, 2 * n + 1);
    bn_add(sum, &t, n & 1);
    if (!bn_div_small(&term, k) || !bn_div_small(&term, k)) break;
  }
}

static void trig_preop_reads_two_over_pi(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  /* lanes 0..19: S0 = 1.0, segments 0..19 (bits 53k .. 53k + 52, exact results); lanes
   * 20..22 (exponent >= 1968: +128 in the scale, so still exact): S0 = 2^990 segment 4
   * (bits 1148..1200), 2^955 segments 3 and 4 (bits 1060.., 1113..); the other lanes:
   * large, special and tiny S0 with various segments */
  static const uint64_t s0[] = {0x3ff0000000000000ull, 0x7dd0000000000000ull, 0x4350000000000000ull,
                                0x4370000000000001ull, 0x7fefffffffffffffull, 0x7ff0000000000000ull,
                                0x7ff8000000000000ull, 0x0000000000000001ull, 0xc430000000000000ull,
                                0x7b00000000000000ull, 0x0000000000000000ull, 0x4400000000000000ull};
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (uint32_t l = 0; l < 32; l++) {
    uint64_t v = l < 20 ? s0[0] : l == 20 ? s0[1] : l < 23 ? 0x7ba0000000000000ull : s0[l % 12];
    uint32_t seg = l < 20 ? l : l == 20 ? 4 : l < 23 ? l - 18 : (l * 7) % 32;
    w->vgpr[2][l] = (uint32_t)v;
    w->vgpr[3][l] = (uint32_t)(v >> 32);
    w->vgpr[4][l] = seg | 0xffffffe0u * (l & 1); /* bits above 4:0 are ignored */
  }
  run("v_trig_preop_f64 v[6:7], v[2:3], v4\n"
      "s_endpgm\n",
      false, w, r);
  double got[32];
  for (uint32_t l = 0; l < 32; l++) {
    uint64_t b = r->vgpr[6][l] | (uint64_t)r->vgpr[7][l] << 32;
    memcpy(&got[l], &b, 8);
  }
  /* the table T (bit i = 2/pi's fraction bit i + 1), 1216 bits with T's lsb as bit 0 */
  bn t = {0};
  static const unsigned high_shift[3] = {1148, 1060, 1113};
  for (uint32_t l = 0; l <= 22; l++) {
    unsigned shift = l < 20 ? 53 * l : high_shift[l - 20];
    int scale = l < 20 ? -53 - (int)shift : 75 - (int)shift;
    double wv = ldexp(got[l], -scale);
    assert_true(wv == floor(wv) && wv < 0x1p53); /* an exact 53-bit window */
    uint64_t win = (uint64_t)wv;
    for (unsigned k = 0; k < 53; k++)
      if (shift + k < 1216 && ((win >> (52 - k)) & 1)) bn_set_bit(&t, 1215 - (shift + k));
  }
  for (unsigned k = 1201; k < 1216; k++) assert_false(bn_bit(&t, 1215 - k)); /* past b_0 */
  /* T = floor(2/pi * 2^1201) / 2^1201 exactly when T * pi <= 2 < (T + 2^-1201) * pi */
  bn a5, a239, pi, prod, two = {0};
  bn_atan_inv(&a5, 5);
  bn_atan_inv(&a239, 239);
  bn_mul_small(&a5, 16);
  bn_mul_small(&a239, 4);
  pi = a5;
  bn_add(&pi, &a239, true);
  bn_set_bit(&two, 1216 + PI_FRAC + 1);
  bn_mul(&prod, &t, &pi);
  assert_true(bn_cmp(&prod, &two) <= 0);
  bn t1 = t, ulp = {0};
  bn_set_bit(&ulp, 1216 - 1201);
  bn_add(&t1, &ulp, false);
  bn_mul(&prod, &t1, &pi);
  assert_true(bn_cmp(&prod, &two) > 0);
  /* every lane against the rule, with the (now verified) bits of T */
  for (uint32_t l = 0; l < 32; l++) {
    uint64_t v = w->vgpr[2][l] | (uint64_t)w->vgpr[3][l] << 32;
    unsigned ex = (unsigned)(v >> 52) & 0x7ff, shift = 53 * (w->vgpr[4][l] & 31);
    if (ex > 1077) shift += ex - 1077;
    uint64_t win = 0;
    for (unsigned k = 0; k < 53; k++)
      win = win << 1 | (shift + k < 1216 && bn_bit(&t, 1215 - (shift + k)));
    int scale = -53 - (int)shift + (ex >= 1968 ? 128 : 0);
    double want = ldexp((double)win, scale);
    assert_memory_equal(&got[l], &want, 8);
  }
  assert_true(got[0] == ldexp((double)0x145f306dc9c882ull, -53)); /* 2/pi truncated */
  free(w);
  free(r);
}

/* SDWA: source V's select SEL (0-3 bytes, 4-5 words, 6 dword), zero- or sign-extended */
static uint32_t sdwa_sel_ref(uint32_t v, unsigned sel, bool sext) {
  if (sel == 6) return v;
  unsigned width = sel < 4 ? 8 : 16, off = sel < 4 ? 8 * sel : 16 * (sel - 4);
  uint32_t f = (v >> off) & ((1u << width) - 1);
  return sext && (f >> (width - 1)) ? f | ~((1u << width) - 1) : f;
}
/* SDWA destination: V placed by dst_sel SEL with dst_unused UNUSED (0 pad, 1 sext, 2 keep) */
static uint32_t sdwa_dst_ref(uint32_t old, uint32_t v, unsigned sel, unsigned unused) {
  if (sel == 6) return v;
  unsigned width = sel < 4 ? 8 : 16, off = sel < 4 ? 8 * sel : 16 * (sel - 4);
  uint32_t m = ((1u << width) - 1) << off, f = (v << off) & m;
  if (unused == 2) return (old & ~m) | f;
  if (unused == 1) return (uint32_t)((int32_t)(sdwa_sel_ref(v, sel < 4 ? 0 : 4, true) << off));
  return f;
}
/* f32 -> f16 toward zero, for values normal in f16 (and zeros) */
static uint16_t half_rtz(float f) {
  uint32_t b = fbits(f);
  if ((b & 0x7fffffffu) == 0) return (uint16_t)(b >> 16);
  return (uint16_t)((b >> 16 & 0x8000) | ((((b >> 23) & 0xff) - 112) << 10) | ((b >> 13) & 0x3ff));
}

/* SDWA forms of further VOP1/VOP2 operations (32-bit results, and 16-bit results with a
 * byte or word dst_sel) against C. */
static void sdwa_alu_forms(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const float fv[] = {0.3f, -2.5f, 100.1f, 1.7f, 0.0f, -0.75f, 3.25f, -1000.5f};
  struct ir_interp_wave *w = wave_new(0xffff7fffu), *r = calloc(1, sizeof *r);
  w->vcc = 0x5a5a5a5aull;
  for (uint32_t l = 0; l < 32; l++) {
    w->vgpr[1][l] = 0x8f3e71c4u * (l + 3) ^ (l << 12);
    w->vgpr[2][l] = 0x1234fedcu + l * 0x9e3779b9u;
    w->vgpr[7][l] = fbits(fv[l % 8]);
    w->vgpr[8][l] = fbits(fv[(l + 3) % 8]);
    w->vgpr[14][l] = (uint32_t)to_half(fv[(l + 1) % 8] == 0.0f ? 0.5 : fv[(l + 1) % 8]) << 16 | 0x1234;
    for (uint32_t k = 3; k <= 15; k++)
      if (k != 7 && k != 8 && k != 14) w->vgpr[k][l] = 0xc0de0000u | k << 8 | l;
  }
  run("v_ffbh_i32_sdwa v3, sext(v1) dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1\n"
      "v_cndmask_b32_sdwa v4, v1, v2, vcc_lo dst_sel:BYTE_2 dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:BYTE_0\n"
      "v_add_co_ci_u32_sdwa v5, vcc_lo, v1, v2, vcc_lo dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:BYTE_3\n"
      "v_cvt_pkrtz_f16_f32_sdwa v6, -v7, v8 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD\n"
      "v_mul_legacy_f32_sdwa v9, v7, |v8| dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:DWORD src1_sel:DWORD\n"
      "v_frexp_exp_i32_f32_sdwa v10, v7 dst_sel:BYTE_0 dst_unused:UNUSED_PRESERVE src0_sel:DWORD\n"
      "v_cvt_off_f32_i4_sdwa v11, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1\n"
      "v_sat_pk_u8_i16_sdwa v12, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD\n"
      "v_frexp_mant_f16_sdwa v13, v14 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:WORD_1\n"
      "v_cvt_rpi_i32_f32_sdwa v15, v7 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:DWORD\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t v1 = w->vgpr[1][l], v2 = w->vgpr[2][l];
    float a = fv[l % 8], b = fv[(l + 3) % 8];
    if (l == 15) { /* inactive */
      for (uint32_t k = 3; k <= 15; k++) assert_int_equal(r->vgpr[k][l], w->vgpr[k][l]);
      continue;
    }
    int32_t x = (int32_t)sdwa_sel_ref(v1, 1, true);
    uint32_t y = (uint32_t)(x ^ (x >> 31));
    assert_int_equal(r->vgpr[3][l], sdwa_dst_ref(w->vgpr[3][l], y ? (uint32_t)__builtin_clz(y) : ~0u, 5, 2));
    uint32_t sel = (w->vcc >> l) & 1 ? sdwa_sel_ref(v2, 0, false) : sdwa_sel_ref(v1, 5, false);
    assert_int_equal(r->vgpr[4][l], sdwa_dst_ref(0, sel, 2, 0));
    assert_int_equal(r->vgpr[5][l], sdwa_sel_ref(v1, 4, false) + sdwa_sel_ref(v2, 3, false) + ((w->vcc >> l) & 1));
    assert_int_equal(r->vgpr[6][l], (uint32_t)half_rtz(b) << 16 | half_rtz(-a));
    float ml = a == 0.0f || b == 0.0f ? 0.0f : a * fabsf(b);
    assert_int_equal(r->vgpr[9][l], sdwa_dst_ref(0, fbits(ml), 4, 1));
    int ex = 0;
    frexpf(a, &ex);
    assert_int_equal(r->vgpr[10][l], sdwa_dst_ref(w->vgpr[10][l], (uint32_t)ex, 0, 2));
    int32_t i4 = (int32_t)((v1 >> 8) & 0xf);
    assert_int_equal(r->vgpr[11][l], fbits((float)(i4 >= 8 ? i4 - 16 : i4) * 0.0625f));
    int32_t lo = s16(v1), hi = s16(v1 >> 16);
    uint32_t pk = (uint32_t)(lo < 0 ? 0 : lo > 255 ? 255 : lo) | (uint32_t)(hi < 0 ? 0 : hi > 255 ? 255 : hi) << 8;
    assert_int_equal(r->vgpr[12][l], sdwa_dst_ref(w->vgpr[12][l], pk, 5, 2));
    int e2;
    double m = frexp(from_half(hi16(w->vgpr[14][l])), &e2);
    assert_int_equal(r->vgpr[13][l], to_half(m));
    assert_int_equal(r->vgpr[15][l], sdwa_dst_ref(0, (uint32_t)(int32_t)floorf(a + 0.5f), 4, 1));
  }
  assert_int_equal(r->vcc, 0); /* no carry out: the masked sum of small fields */
  free(w);
  free(r);
}

/* DPP and SDWA forms of the M0-relative moves: DPP reads the relative source register
 * (v[S + M0]) from the selected lane, SDWA selects from it; a relative destination gets
 * the DPP write predicate and the SDWA dst_sel like any destination. */
static void relative_moves_dpp_sdwa(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = 0xbfff7ffeu;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  for (uint32_t k = 1; k < 70; k++)
    for (uint32_t l = 0; l < 32; l++) w->vgpr[k][l] = 0x01000000u * k + 0x9e37u * l + 0x10001u;
  run("s_mov_b32 m0, 3\n"
      "v_movrels_b32_dpp v1, v10 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"
      "v_movreld_b32_sdwa v20, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1\n"
      "v_movrelsd_b32_dpp v30, v10 row_shr:1 row_mask:0xf bank_mask:0xf\n"
      "v_movrels_b32_sdwa v4, v10 dst_sel:BYTE_0 dst_unused:UNUSED_PAD src0_sel:WORD_1\n"
      "v_movreld_b32_dpp v50, v2 dpp8:[7,6,5,4,3,2,1,0]\n"
      "s_mov_b32 m0, 0x20001\n"
      "v_movrelsd_2_b32_dpp v40, v10 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf\n"
      "v_movrelsd_2_b32_sdwa v60, v10 dst_sel:BYTE_3 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2\n"
      "s_endpgm\n",
      false, w, r);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t v[70];
    for (uint32_t k = 0; k < 70; k++) v[k] = w->vgpr[k][l];
#define IN(k, lane) w->vgpr[k][lane]
#define ACT(lane) (((exec >> (lane)) & 1) != 0)
    if (ACT(l)) {
      if (ACT(l ^ 1)) v[1] = IN(13, l ^ 1);
      v[23] = (v[23] & 0xffff) | ((IN(2, l) >> 8) & 0xff) << 16;
      if ((l & 15) != 0 && ACT(l - 1)) v[33] = IN(13, l - 1);
      v[4] = (IN(13, l) >> 16) & 0xff;
      v[53] = ACT(l ^ 7) ? IN(2, l ^ 7) : 0; /* DPP8 reads 0 from an inactive lane */
      if (ACT(l ^ 3)) v[42] = IN(11, l ^ 3);
      v[62] = (v[62] & 0x00ffffffu) | ((IN(11, l) >> 16) & 0xff) << 24;
    }
#undef IN
#undef ACT
    for (uint32_t k = 0; k < 70; k++) {
      if (r->vgpr[k][l] != v[k])
        fprintf(stderr, "lane %u v%u: 0x%x, want 0x%x\n", l, k, r->vgpr[k][l], v[k]);
      assert_int_equal(r->vgpr[k][l], v[k]);
    }
  }
  free(w);
  free(r);
}

/* ---- the ALU sweep ------------------------------------------------------------------------
 * Every opcode of the SOP*, VOP1/2/C, VOP3 and VOP3P tables, and the SDWA / DPP16 / DPP8
 * form of every VOP1/VOP2/VOPC opcode the decoder accepts, in one representative form
 * (register operands, no modifiers, identity selects), translated alone: the forms that
 * still have no translation are exactly the list below (docs/shader-ir.md, "Not yet
 * translated"). The words are built here from the encodings' fields, not assembled, so
 * the sweep needs no llvm-mc and covers the tables as the decoder knows them. */
#include "gpu/shader/isa/isa.h"

/* The words of the representative form of OP in FAMILY / VARIANT into W (5 words: the
 * rest are literal dwords); false when the variant has no encoding of that family. TRY
 * picks, per operand field (four base-3 digits), the usual register (0), zero (1: fields
 * the opcode does not use must be 0) or a scalar register in a vector source slot (2). */
static bool sweep_words(enum isa_family family, enum isa_variant variant, unsigned op,
                        unsigned try, bool clamp, uint32_t *w) {
  /* sources v2 / v4 / v8 (or s[0:1] / s[2:3]), destinations v10 / s[4:5], carry-out s[10:11] */
  unsigned d[4] = {try % 3, try / 3 % 3, try / 9 % 3, try / 27 % 3};
#define PICK(i, usual, sgpr) (d[i] == 0 ? (uint32_t)(usual) : d[i] == 1 ? 0u : (uint32_t)(sgpr))
  const uint32_t lit = 0x3f800000u;
  w[1] = w[2] = w[3] = w[4] = lit;
  uint32_t src0 = PICK(0, 256 + 2, 6);
  if (variant == ISA_VARIANT_SDWA) src0 = 0xf9;
  if (variant == ISA_VARIANT_DPP16) src0 = 0xfa;
  if (variant == ISA_VARIANT_DPP8) src0 = 0xe9;
  switch (family) {
    case ISA_FAMILY_SOP2: w[0] = 0x80000000u | op << 23 | PICK(0, 4, 4) << 16 | PICK(1, 2, 2) << 8 | 0u; return true;
    case ISA_FAMILY_SOPK: w[0] = 0xb0000000u | op << 23 | PICK(0, 4, 4) << 16; return true;
    case ISA_FAMILY_SOP1: w[0] = 0xbe800000u | PICK(0, 4, 4) << 16 | op << 8 | PICK(1, 2, 2); return true;
    case ISA_FAMILY_SOPC: w[0] = 0xbf000000u | op << 16 | 2u << 8 | 0u; return true;
    case ISA_FAMILY_SOPP: w[0] = 0xbf800000u | op << 16; return true;
    case ISA_FAMILY_VOP1: w[0] = 0x7e000000u | PICK(1, 10, 10) << 17 | op << 9 | src0; break;
    case ISA_FAMILY_VOP2: w[0] = op << 25 | PICK(1, 10, 10) << 17 | PICK(2, 4, 4) << 9 | src0; break;
    case ISA_FAMILY_VOPC: w[0] = 0x7c000000u | op << 17 | 4u << 9 | src0; break;
    case ISA_FAMILY_VOP3: {
      const struct isa_opcode_info *info = isa_opcode_lookup(family, op);
      w[0] = 0xd4000000u | op << 16 | PICK(3, 10, 10) | (clamp ? 1u << 15 : 0);
      if (info && info->num_defs > 1) w[0] |= 10u << 8; /* VOP3b: sdst s[10:11] */
      w[1] = PICK(2, 256 + 8, 8) << 18 | PICK(1, 256 + 4, 4) << 9 | src0;
      return true;
    }
    case ISA_FAMILY_VOP3P:
      /* op_sel_hi 1 for every source (the identity halves) */
      w[0] = 0xcc000000u | op << 16 | 1u << 14 | 10u | (clamp ? 1u << 15 : 0);
      w[1] = 3u << 27 | PICK(2, 256 + 8, 8) << 18 | PICK(1, 256 + 4, 4) << 9 | src0;
      return true;
    default: return false;
  }
#undef PICK
  /* VOP1/VOP2/VOPC variants: the extra dword */
  switch (variant) {
    case ISA_VARIANT_NATIVE: return true;
    case ISA_VARIANT_SDWA: /* v2, dst_sel DWORD, UNUSED_PRESERVE, src selects DWORD */
      w[1] = 2u | 6u << 8 | 2u << 11 | 6u << 16 | 6u << 24;
      if (family == ISA_FAMILY_VOP1) w[1] = 2u | 6u << 8 | 2u << 11 | 6u << 16; /* no src1 */
      if (family == ISA_FAMILY_VOPC) w[1] = 2u | 6u << 16 | 6u << 24; /* VCC */
      return true;
    case ISA_VARIANT_DPP16: /* quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf */
      w[1] = 2u | 0xe4u << 8 | 0xfu << 24 | 0xfu << 28;
      return true;
    case ISA_VARIANT_DPP8: /* dpp8:[0,1,2,3,4,5,6,7] */
      w[1] = 2u | 0xfac688u << 8;
      return true;
    default: return false;
  }
}

static const char *const variant_suffix[] = {"", "_e64", "_dpp", "_dpp8", "_sdwa"};

/* Appends to OUT (NAMES, one per line) the forms without a translation. */
static void sweep_family(enum isa_family family, enum isa_variant variant, bool clamp,
                         bool wave64, FILE *names) {
  for (unsigned op = 0; op < 1024; op++) {
    const struct isa_opcode_info *info = isa_opcode_lookup(family, op);
    if (!info) continue;
    uint32_t w[8];
    struct isa_inst in;
    bool ok = false;
    for (unsigned t = 0; t < 81 && !ok; t++)
      ok = sweep_words(family, variant, op, t, clamp, w) &&
           isa_decode_wave(w, 5, 0, wave64, &in, NULL) && in.variant == variant;
    if (!ok) { /* every table row decodes in its own encoding; variants may not exist */
      if (variant == ISA_VARIANT_NATIVE && !clamp) fprintf(names, "%s (not decoded)\n", info->name);
      continue;
    }
    w[in.size] = 0xbf810000u; /* s_endpgm */
    struct ir_translate_options o = {.wave_size = wave64 ? 64 : 32};
    struct ir_translate_error err;
    struct ir_translate_stats st = {0};
    struct ir_function *fn = ir_translate(w, in.size + 1u, &o, &err, &st);
    const char *base = info->name;
    char name[96];
    size_t n = strlen(base);
    if (n > 4 && (strcmp(base + n - 4, "_e32") == 0 || strcmp(base + n - 4, "_e64") == 0)) n -= 4;
    snprintf(name, sizeof name, "%.*s%s%s", (int)n, base,
             family == ISA_FAMILY_VOP3 ? "_e64" : variant_suffix[variant], clamp ? " clamp" : "");
    if (!fn) fprintf(names, "%s (no translation: %s)\n", name, err.msg);
    else if (st.unsupported_count) fprintf(names, "%s\n", name);
    if (fn) ir_function_destroy(fn);
  }
}

/* The untranslated forms of one wave size, one per line (malloc'd). */
static char *sweep_all(bool wave64) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  assert_non_null(f);
  static const enum isa_family plain[] = {ISA_FAMILY_SOP1, ISA_FAMILY_SOP2, ISA_FAMILY_SOPC,
                                          ISA_FAMILY_SOPK, ISA_FAMILY_SOPP, ISA_FAMILY_VOP1,
                                          ISA_FAMILY_VOP2, ISA_FAMILY_VOPC, ISA_FAMILY_VOP3,
                                          ISA_FAMILY_VOP3P};
  for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
    sweep_family(plain[i], ISA_VARIANT_NATIVE, false, wave64, f);
  static const enum isa_family vop[] = {ISA_FAMILY_VOP1, ISA_FAMILY_VOP2, ISA_FAMILY_VOPC};
  static const enum isa_variant extra[] = {ISA_VARIANT_SDWA, ISA_VARIANT_DPP16, ISA_VARIANT_DPP8};
  for (size_t i = 0; i < 3; i++)
    for (size_t v = 0; v < 3; v++) sweep_family(vop[i], extra[v], false, wave64, f);
  sweep_family(ISA_FAMILY_VOP3, ISA_VARIANT_NATIVE, true, wave64, f);
  sweep_family(ISA_FAMILY_VOP3P, ISA_VARIANT_NATIVE, true, wave64, f);
  fclose(f);
  return text;
}

static void alu_sweep_remaining_forms(void **state) {
  (void)state;
  char *text = sweep_all(false);
  FILE *f;
  /* the forms still without a translation, in sweep order (family, then opcode) */
  static const char *const remaining[] = {
    "s_setpc_b64",
    "s_swappc_b64",
    "s_rfe_b64",
    "s_subvector_loop_begin",
    "s_subvector_loop_end",
    "s_setkill",
    "s_sethalt",
    "s_trap",
    "v_illegal",
    "v_cvt_f16_f32_sdwa",
    "v_cvt_f16_u16_sdwa",
    "v_cvt_f16_i16_sdwa",
    "v_cvt_u16_f16_sdwa",
    "v_cvt_i16_f16_sdwa",
    "v_rcp_f16_sdwa",
    "v_sqrt_f16_sdwa",
    "v_rsq_f16_sdwa",
    "v_log_f16_sdwa",
    "v_exp_f16_sdwa",
    "v_frexp_mant_f16_sdwa",
    "v_frexp_exp_i16_f16_sdwa",
    "v_floor_f16_sdwa",
    "v_ceil_f16_sdwa",
    "v_trunc_f16_sdwa",
    "v_rndne_f16_sdwa",
    "v_fract_f16_sdwa",
    "v_sin_f16_sdwa",
    "v_cos_f16_sdwa",
    "v_sat_pk_u8_i16_sdwa",
    "v_cvt_norm_i16_f16_sdwa",
    "v_cvt_norm_u16_f16_sdwa",
    "v_add_f16_sdwa",
    "v_sub_f16_sdwa",
    "v_subrev_f16_sdwa",
    "v_mul_f16_sdwa",
    "v_max_f16_sdwa",
    "v_min_f16_sdwa",
    "v_ldexp_f16_sdwa",
    "v_mul_i32_i24_e64 clamp",
    "v_mul_u32_u24_e64 clamp",
    "v_mad_i32_i24_e64 clamp",
    "v_mad_u32_u24_e64 clamp",
    "v_sad_u8_e64 clamp",
    "v_sad_hi_u8_e64 clamp",
    "v_sad_u16_e64 clamp",
    "v_sad_u32_e64 clamp",
    "v_cvt_pk_u8_f32_e64 clamp",
    "v_msad_u8_e64 clamp",
    "v_qsad_pk_u16_u8_e64 clamp",
    "v_mqsad_pk_u16_u8_e64 clamp",
    "v_mqsad_u32_u8_e64 clamp",
    "v_mad_u64_u32_e64 clamp",
    "v_mad_i64_i32_e64 clamp",
    "v_cvt_i32_f64_e64 clamp",
    "v_cvt_u32_f64_e64 clamp",
    "v_cvt_pknorm_i16_f16_e64 clamp",
    "v_cvt_pknorm_u16_f16_e64 clamp",
    "v_cvt_pknorm_i16_f32_e64 clamp",
    "v_cvt_pknorm_u16_f32_e64 clamp",
    "v_mad_u32_u16_e64 clamp",
    "v_mad_i32_i16_e64 clamp",
    "v_pk_mul_lo_u16 clamp",
    "v_pk_lshlrev_b16 clamp",
    "v_pk_lshrrev_b16 clamp",
    "v_pk_ashrrev_i16 clamp",
  };
  char *expect = NULL;
  size_t expect_size = 0;
  f = open_memstream(&expect, &expect_size);
  assert_non_null(f);
  for (size_t i = 0; i < sizeof remaining / sizeof *remaining; i++) fprintf(f, "%s\n", remaining[i]);
  fclose(f);
  if (strcmp(text, expect) != 0) fprintf(stderr, "untranslated forms:\n%s", text);
  assert_string_equal(text, expect);
  free(text);
  text = sweep_all(true); /* wave64: the same set */
  assert_string_equal(text, expect);
  free(text);
  free(expect);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(alu_16bit_halves_and_preserved_high_bits),
      cmocka_unit_test(alu_sweep_remaining_forms),
      cmocka_unit_test(dot2c_f32_f16),
      cmocka_unit_test(relative_moves_dpp_sdwa),
      cmocka_unit_test(sdwa_alu_forms),
      cmocka_unit_test(trig_preop_reads_two_over_pi),
      cmocka_unit_test(normalized_packs_mullit_and_quad_sads),
      cmocka_unit_test(lds_subdword_loads_and_stores),
      cmocka_unit_test(buffer_and_global_subdword_operations),
      cmocka_unit_test(f32_division_sequence_is_exact),
      cmocka_unit_test(cube_map_coordinates),
      cmocka_unit_test(f16_division_with_fixup),
      cmocka_unit_test(f64_division_sequence_is_exact),
      cmocka_unit_test(hardware_registers_and_messages),
      cmocka_unit_test(lds_float_and_64bit_atomics),
      cmocka_unit_test(lds_compare_and_store),
      cmocka_unit_test(image_compare_offset_derivative_gather_atomic),
      cmocka_unit_test(image_forms_not_yet_translated_are_counted),
      cmocka_unit_test(buffer_and_global_atomics),
      cmocka_unit_test(f16_class_compare),
      cmocka_unit_test(packed_inline_constants_every_class),
      cmocka_unit_test(alu16_inline_constants_every_class),
      cmocka_unit_test(packed_constants_literals_and_clamp),
      cmocka_unit_test(packed_mad_and_fmac),
      cmocka_unit_test(fma_mix_precision_forms),
      cmocka_unit_test(sad_operations),
      cmocka_unit_test(f64_clamp_and_omod),
      cmocka_unit_test(alu16_sdwa_forms),
      cmocka_unit_test(sdwa_compares),
      cmocka_unit_test(sdwa_compares_wave64),
      cmocka_unit_test(dpp_compare_is_rejected),
      cmocka_unit_test(scalar_bit_operations),
      cmocka_unit_test(exec_whole_quad_and_wrexec),
      cmocka_unit_test(vector_64bit_shifts),
      cmocka_unit_test(permlane_rows),
      cmocka_unit_test(vector_bit_operations),
      cmocka_unit_test(conversions_and_frexp),
      cmocka_unit_test(ldexp_lerp_and_dot_products),
      cmocka_unit_test(f16_frexp_and_saturating_pack),
      cmocka_unit_test(mad_i64_i32_null_and_sgpr_carry),
      cmocka_unit_test(f64_class_compares),
      cmocka_unit_test(unsigned_add_sub_clamp),
      cmocka_unit_test(llc_f64_lane_and_bit_sequence),
      cmocka_unit_test(pkrtz_clamp_and_unestablished_clamps),
      cmocka_unit_test(scalar_relative_moves),
      cmocka_unit_test(vector_relative_moves),
      cmocka_unit_test(constant_m0_relative_moves_fold),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
