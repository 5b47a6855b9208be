/* The 16-bit interpolation instructions (VOP3 v_interp_p1ll_f16, v_interp_p1lv_f16,
 * v_interp_p2_f16) assembled by llvm-mc-19, translated and run by the IR interpreter (raw
 * IR and after the passes). Expected registers are computed here in C from the rules of
 * docs/shader-ir.md ("Interpolation"): each attribute parameter dword holds two f16
 * values and `high` picks the upper one; P1 is an f32 fma, P2 an f32 fma rounded to f16
 * by the f16/f64 rounding field of MODE, written to the low half (the high half kept). */
#include <math.h>

#include "xl_test_harness.h"

/* f32 to f16 bits, rounded to nearest even (rint in the default rounding mode). */
static uint16_t h16(float f) {
  uint16_t sign = signbit(f) ? 0x8000 : 0;
  double a = fabs((double)f);
  if (isnan(f)) return sign | 0x7e00;
  if (a >= 65520.0) return sign | 0x7c00; /* halfway above the largest finite rounds up */
  if (a < 0x1p-14) return sign | (uint16_t)rint(a * 0x1p24); /* subnormal (or 0x400) */
  int ex;
  frexp(a, &ex); /* a = fr * 2^ex, fr in [0.5, 1) */
  int e = ex - 1;
  double m = rint(ldexp(a, 10 - e));
  if (m == 2048.0) e++, m = 1024.0;
  if (e > 15) return sign | 0x7c00;
  return sign | (uint16_t)((e + 15) << 10 | ((unsigned)m - 1024u));
}

static float f16f(uint16_t u) {
  unsigned e = (u >> 10) & 31, m = u & 1023;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, (int)e - 25);
  return (float)(u & 0x8000 ? -v : v);
}

static uint32_t pack(float lo, float hi) { return h16(lo) | (uint32_t)h16(hi) << 16; }

static float half_of(uint32_t dword, bool hi) { return f16f((uint16_t)(hi ? dword >> 16 : dword)); }

/* F rounded to f16 in MODE's f16 rounding field: 0 nearest even, 1 toward +inf, 2 toward
 * -inf, 3 toward zero (found from the nearest value by stepping one ulp, not from a
 * truncating conversion). */
static uint16_t h16_mode(float f, unsigned mode) {
  uint16_t n = h16(f);
  if (mode == 0 || isnan(f)) return n;
  float nf = f16f(n);
  if (nf == f) return n;
  /* magnitude rounded down: the nearest value one step toward zero when it rounded up */
  uint16_t down = fabsf(nf) > fabsf(f) ? (uint16_t)(n - 1) : n;
  uint16_t up = (uint16_t)(down + 1);
  bool neg = f < 0;
  if (mode == 3) return down;
  if (mode == 1) return neg ? down : up;
  return neg ? up : down;
}

/* Attribute attr2.y (parameter 2*4+1): P0, P10, P20 dwords, two f16 values each. */
static const float P[3][2] = {{1.5f, -2.25f}, {0.1f, 3.0f}, {0.3f, -0.7f}};

static void set_params(struct ir_interp_wave *w) {
  for (int k = 0; k < 3; k++) {
    uint32_t d = pack(P[k][0], P[k][1]);
    memcpy(&w->attr_params[2 * 4 + 1][k], &d, 4);
  }
}

static float p(int k, bool hi) { return f16f(h16(P[k][hi])); }

static const char *const SRC =
    "s_mov_b32 m0, 0\n"
    "v_interp_p1ll_f16 v10, v1, attr2.y\n"
    "v_interp_p1ll_f16 v11, v1, attr2.y high\n"
    "v_interp_p2_f16 v12, v2, attr2.y, v10\n"
    "v_interp_p2_f16 v13, v2, attr2.y, v11 high\n"
    "v_interp_p1lv_f16 v14, -v1, attr2.y, |v3| high clamp mul:2\n"
    "v_interp_p1lv_f16 v15, v1, attr2.y, -v3 div:2\n"
    "v_interp_p2_f16 v16, -|v2|, attr2.y, -v10 clamp\n"
    "v_interp_p1ll_f16 v20, |v1|, attr2.y high mul:4\n"
    "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 3\n"
    "v_interp_p2_f16 v17, v2, attr2.y, v10\n"
    "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 1\n"
    "v_interp_p2_f16 v18, v2, attr2.y, v11 high\n"
    "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 2\n"
    "v_interp_p2_f16 v19, v2, attr2.y, v11 high\n"
    "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 0\n"
    "s_endpgm\n";

static void check_lanes(bool wave64) {
  uint64_t exec = wave64 ? 0xf0f0ff0f3c3cffffull : 0xf0f0ff0full;
  unsigned lanes = wave64 ? 64 : 32;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  set_params(w);
  for (unsigned l = 0; l < lanes; l++) {
    w->vgpr[1][l] = fbits(0.13f * (float)l - 1.7f);  /* I */
    w->vgpr[2][l] = fbits(0.77f - 0.09f * (float)l); /* J */
    w->vgpr[3][l] = pack(0.25f * (float)l - 3.0f, 1.125f - 0.5f * (float)l);
    for (unsigned v = 10; v <= 20; v++) w->vgpr[v][l] = 0xabcd1234u ^ (v << 8) ^ l;
  }
  run(SRC, wave64, w, r);
  unsigned checked = 0;
  for (unsigned l = 0; l < lanes; l++) {
    if (!((exec >> l) & 1)) { /* inactive lanes keep every destination */
      for (unsigned v = 10; v <= 20; v++) assert_int_equal(r->vgpr[v][l], w->vgpr[v][l]);
      continue;
    }
    float i = f32_of(w->vgpr[1][l]), j = f32_of(w->vgpr[2][l]);
    uint32_t v3 = w->vgpr[3][l];
    float p1lo = fmaf(i, p(1, 0), p(0, 0)), p1hi = fmaf(i, p(1, 1), p(0, 1));
    assert_int_equal(r->vgpr[10][l], fbits(p1lo));
    assert_int_equal(r->vgpr[11][l], fbits(p1hi));
    uint32_t keep12 = w->vgpr[12][l] & 0xffff0000u, keep13 = w->vgpr[13][l] & 0xffff0000u;
    assert_int_equal(r->vgpr[12][l], keep12 | h16(fmaf(j, p(2, 0), p1lo)));
    assert_int_equal(r->vgpr[13][l], keep13 | h16(fmaf(j, p(2, 1), p1hi)));
    /* P10.hi * -I + |P0.hi of v3|, times 2, clamped to [0, 1] */
    float e14 = fminf(fmaxf(fmaf(-i, p(1, 1), fabsf(half_of(v3, true))) * 2.0f, 0.0f), 1.0f);
    assert_int_equal(r->vgpr[14][l], fbits(e14));
    assert_int_equal(r->vgpr[15][l], fbits(fmaf(i, p(1, 0), -half_of(v3, false)) * 0.5f));
    float e16 = fminf(fmaxf(fmaf(-fabsf(j), p(2, 0), -p1lo), 0.0f), 1.0f);
    assert_int_equal(r->vgpr[16][l], (w->vgpr[16][l] & 0xffff0000u) | h16(e16));
    assert_int_equal(r->vgpr[20][l], fbits(fmaf(fabsf(i), p(1, 1), p(0, 1)) * 4.0f));
    /* the rounding field of MODE: toward zero, +inf, -inf */
    float f17 = fmaf(j, p(2, 0), p1lo), f18 = fmaf(j, p(2, 1), p1hi);
    assert_int_equal(r->vgpr[17][l], (w->vgpr[17][l] & 0xffff0000u) | h16_mode(f17, 3));
    assert_int_equal(r->vgpr[18][l], (w->vgpr[18][l] & 0xffff0000u) | h16_mode(f18, 1));
    assert_int_equal(r->vgpr[19][l], (w->vgpr[19][l] & 0xffff0000u) | h16_mode(f18, 2));
    if (h16_mode(f17, 3) != h16(f17) && h16_mode(f18, 1) != h16_mode(f18, 2)) checked++;
  }
  assert_true(checked > 4); /* the directed modes differ from nearest in these lanes */
  assert_int_equal(r->hwreg[1] & 0xc, 0); /* the mode field restored */
  free(w);
  free(r);
}

static void interpolation_f16_wave32(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  check_lanes(false);
}

static void interpolation_f16_wave64(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  check_lanes(true);
}

/* Results beyond the f16 range: infinity or the largest finite value by the MODE field,
 * and a NaN J stays a NaN in every mode. */
static void interpolation_f16_overflow_and_nan(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xfu), *r = calloc(1, sizeof *r);
  uint32_t p20 = pack(1.0f, 60000.0f), zero = 0;
  memcpy(&w->attr_params[3 * 4 + 0][2], &p20, 4);
  memcpy(&w->attr_params[3 * 4 + 0][0], &zero, 4);
  memcpy(&w->attr_params[3 * 4 + 0][1], &zero, 4);
  const float js[4] = {2.0f, -2.0f, 1.0f, NAN};
  for (unsigned l = 0; l < 4; l++) {
    w->vgpr[2][l] = fbits(js[l]);
    w->vgpr[4][l] = fbits(l == 2 ? 0.5f : 0.0f); /* the P1 value */
  }
  run("v_interp_p2_f16 v10, v2, attr3.x, v4 high\n"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 3\n"
      "v_interp_p2_f16 v11, v2, attr3.x, v4 high\n"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 1\n"
      "v_interp_p2_f16 v12, v2, attr3.x, v4 high\n"
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 2\n"
      "v_interp_p2_f16 v13, v2, attr3.x, v4 high\n"
      "s_endpgm\n",
      false, w, r);
  /* J = 2: 120000; J = -2: -120000; J = 1 with P1 0.5: 60000.5 (f16 60000 below, 60032
   * above) */
  static const uint16_t expect[3][4] = {
      {0x7c00, 0x7bff, 0x7c00, 0x7bff}, /* nearest, toward zero, +inf, -inf */
      {0xfc00, 0xfbff, 0xfbff, 0xfc00},
      {0x7b53, 0x7b53, 0x7b54, 0x7b53},
  };
  for (unsigned l = 0; l < 3; l++)
    for (unsigned m = 0; m < 4; m++) {
      assert_int_equal(r->vgpr[10 + m][l] & 0xffff, expect[l][m]);
      assert_int_equal(h16_mode(fmaf(js[l], 60000.0f, l == 2 ? 0.5f : 0.0f), m == 0 ? 0 : m == 1 ? 3 : m - 1),
                       expect[l][m]);
    }
  for (unsigned m = 0; m < 4; m++) {
    uint32_t h = r->vgpr[10 + m][3] & 0xffff;
    assert_true((h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0);
  }
  free(w);
  free(r);
}

/* llc-19's own use of the intrinsics llvm.amdgcn.interp.p1.f16 / p2.f16 (both with
 * `high`): it sets MODE's f16 rounding field to toward-zero before them, so the result in
 * the low half of v0 is P20.hi * J + (P10.hi * I + P0.hi) rounded toward zero. */
static void llc_interpolation_f16(void **state) {
  (void)state;
  SKIP_WITHOUT_LLC();
  static const char *ll =
      "define amdgpu_ps half @main(i32 inreg %m0, float %i, float %j) {\n"
      "  %p1 = call float @llvm.amdgcn.interp.p1.f16(float %i, i32 1, i32 2, i1 1, i32 %m0)\n"
      "  %p2 = call half @llvm.amdgcn.interp.p2.f16(float %p1, float %j, i32 1, i32 2, i1 1, i32 %m0)\n"
      "  ret half %p2\n"
      "}\n"
      "declare float @llvm.amdgcn.interp.p1.f16(float, i32, i32, i1, i32)\n"
      "declare half @llvm.amdgcn.interp.p2.f16(float, float, i32, i32, i1, i32)\n";
  struct ir_translate_stats st;
  struct ir_function *fn = translate_llc_v0(ll, &st);
  struct ir_interp_wave *w = wave_new(0xffffffffu);
  set_params(w);
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[0][l] = fbits(0.31f * (float)l - 4.1f);  /* I */
    w->vgpr[1][l] = fbits(1.37f - 0.11f * (float)l); /* J */
  }
  struct ir_interp_wave *r = malloc(sizeof *r);
  *r = *w;
  char msg[256];
  bool ok = ir_interp_run(fn, r, 100, msg, sizeof msg);
  if (!ok) fprintf(stderr, "interp: %s\n", msg);
  assert_true(ok);
  unsigned differs = 0;
  for (unsigned l = 0; l < 32; l++) {
    float i = f32_of(w->vgpr[0][l]), j = f32_of(w->vgpr[1][l]);
    float f = fmaf(j, p(2, 1), fmaf(i, p(1, 1), p(0, 1)));
    assert_int_equal(r->vgpr[0][l] & 0xffff, h16_mode(f, 3));
    differs += h16_mode(f, 3) != h16(f);
  }
  assert_true(differs > 4); /* toward zero, not nearest, in these lanes */
  free(w);
  free(r);
  ir_function_destroy(fn);
}

/* op_sel bits (VOP3 word 0 bits 14:11) set in the word change nothing: llvm-mc-19 accepts
 * no op_sel on these instructions and its disassembler ignores the bits (docs/shader-ir.md,
 * "16-bit interpolation"). */
static void interpolation_f16_ignores_op_sel(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const char *const forms[] = {
      "v_interp_p1ll_f16 v10, v1, attr2.y high\ns_endpgm\n",
      "v_interp_p1lv_f16 v14, v1, attr2.y, v3 high\ns_endpgm\n",
      "v_interp_p2_f16 v12, v2, attr2.y, v10 high\ns_endpgm\n",
  };
  struct ir_translate_options o = {.wave_size = 32};
  for (size_t k = 0; k < sizeof forms / sizeof *forms; k++) {
    size_t n;
    uint32_t *words = assemble(forms[k], &n, false);
    assert_int_equal(words[0] & 0x7800u, 0);
    struct ir_translate_stats st;
    struct ir_function *plain = translate_words(words, n, o, &st);
    assert_int_equal(st.unsupported_count, 0);
    words[0] |= 0x7800u;
    struct ir_function *sel = translate_words(words, n, o, &st);
    assert_int_equal(st.unsupported_count, 0);
    char *a = ir_text(plain), *b = ir_text(sel);
    assert_string_equal(a, b);
    free(a);
    free(b);
    ir_function_destroy(plain);
    ir_function_destroy(sel);
    free(words);
  }
}

/* The C reference of the directed roundings, on values whose f16 neighbours are known. */
static void reference_rounding(void **state) {
  (void)state;
  float third = 1.0f / 3.0f; /* f16 neighbours 0x3555 (below) and 0x3556 */
  assert_int_equal(h16_mode(third, 0), 0x3555);
  assert_int_equal(h16_mode(third, 1), 0x3556);
  assert_int_equal(h16_mode(third, 2), 0x3555);
  assert_int_equal(h16_mode(-third, 1), 0xb555);
  assert_int_equal(h16_mode(-third, 2), 0xb556);
  assert_int_equal(h16_mode(70000.0f, 3), 0x7bff);  /* overflow toward zero: max finite */
  assert_int_equal(h16_mode(70000.0f, 1), 0x7c00);  /* toward +inf: infinity */
  assert_int_equal(h16_mode(-70000.0f, 1), 0xfbff); /* toward +inf from below: -max */
  assert_int_equal(h16_mode(0.5f, 2), 0x3800);      /* exact values stay */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(reference_rounding),
      cmocka_unit_test(interpolation_f16_wave32),
      cmocka_unit_test(interpolation_f16_wave64),
      cmocka_unit_test(interpolation_f16_overflow_and_nan),
      cmocka_unit_test(llc_interpolation_f16),
      cmocka_unit_test(interpolation_f16_ignores_op_sel),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
