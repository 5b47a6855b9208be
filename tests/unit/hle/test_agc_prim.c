/* sceAgcCreatePrimState / UpdatePrimState and sceAgcCreateInterpolantMapping. Expected lists
 * from the register definitions (VGT_SHADER_STAGES_EN context 0x2D5 with GS_EN bit 5 and HS_EN
 * bit 2, VGT_GS_OUT_PRIM_TYPE context 0x29B with OUTPRIM_TYPE points 0 / lines 1 / triangles 2 /
 * RECT_2D 3 / RECTLIST 4, VGT_PRIMITIVE_TYPE user config 0x242, SPI_PS_INPUT_CNTL_0 context
 * 0x191 with OFFSET 5:0 (0x20: the default value), DEFAULT_VAL 9:8, FLAT_SHADE 10) and what the
 * console was measured doing: without pixel shader inputs input n reads attribute n
 * ({0x191 + n, n}); the primitive type lands in the low 5 bits of the third user config value. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/libSceAgc/agc.h"

#define R(o, v) ((struct agc_shader_register){(o), (v)})

static void expect_reg(struct agc_shader_register got, uint32_t offset, uint32_t value) {
  if (got.offset != offset || got.value != value)
    fail_msg("register {0x%x, 0x%x}, expected {0x%x, 0x%x}", got.offset, got.value, offset, value);
}

static struct agc_shader_specials gs_sp, hs_sp;
static struct agc_shader gs, hs;

static void shaders(uint32_t gs_stages) {
  gs_sp = (struct agc_shader_specials){.ge_cntl = R(0x25B, 0x1234),
                                       .vgt_shader_stages_en = R(0x2D5, gs_stages),
                                       .vgt_gs_out_prim_type = R(0x29B, 0x11),
                                       .ge_user_vgpr_en = R(0x262, 0x3)};
  hs_sp = (struct agc_shader_specials){.vgt_shader_stages_en = R(0x2D5, 0x04),
                                       .vgt_gs_out_prim_type = R(0x29B, 0x22),
                                       .ge_user_vgpr_en = R(0x262, 0x7)};
  gs = (struct agc_shader){.type = 2, .specials = &gs_sp};
  hs = (struct agc_shader){.type = 3, .specials = &hs_sp};
}

/* sceAgcLinkShaders(cx, uc, hs, gs, ps, prim): the argument list and the layout (CX: the 32
 * SPI_PS_INPUT_CNTL_n, VGT_SHADER_STAGES_EN at +0x100, VGT_GS_OUT_PRIM_TYPE at +0x108; UC:
 * GE_CNTL, GE_USER_VGPR_EN, VGT_PRIMITIVE_TYPE) as a homebrew project's firmware 12.02 contract
 * (mpereiraesaa/ps5-homebrew-lab include/agc_link_shaders_contract.h) gives them; measured on
 * the console (obSCEne's check 166-agc/link-shaders, as the Orbistoun project records it): the
 * default interpolants at +0 ({0x191 + i, i}) and {0x29B, 2} at +0x108 for a GS without
 * GS_EN and no pixel shader inputs. */
static void test_link_shaders(void **state) {
  (void)state;
  struct agc_shader_register cx[34], uc[3];
  shaders(0x102);
  assert_int_equal(agc_link_shaders(cx, uc, NULL, &gs, NULL, 4), 0);
  for (uint32_t i = 0; i < 32; i++) expect_reg(cx[i], 0x191 + i, i);
  assert_int_equal(offsetof(struct agc_shader_register, value), 4);
  assert_int_equal(sizeof cx[0] * 33, 0x108);
  expect_reg(cx[32], 0x2D5, 0x102);
  expect_reg(cx[33], 0x29B, 2);
  expect_reg(uc[0], 0x25B, 0x1234);
  expect_reg(uc[1], 0x262, 0x3);
  expect_reg(uc[2], 0x242, 4);
  /* a hull shader: the primitive state's rules (test_prim_state) */
  assert_int_equal(agc_link_shaders(cx, uc, &hs, &gs, NULL, 9), 0);
  expect_reg(cx[32], 0x2D5, 0x106);
  expect_reg(cx[33], 0x29B, 0x22);
  expect_reg(uc[2], 0x242, 9);
  /* either list may be NULL; the function answers 0 on every path (the same reading of the
   * firmware 12.02 code, research/gpu/AGC_LINK_SHADERS_CPU_GATE.md); without a geometry
   * shader the primitive state is left as it was (the console's defaults there are not known) */
  uc[2] = R(0, 0);
  assert_int_equal(agc_link_shaders(NULL, uc, NULL, &gs, NULL, 6), 0);
  expect_reg(uc[2], 0x242, 6);
  assert_int_equal(agc_link_shaders(cx, NULL, NULL, &gs, NULL, 1), 0);
  expect_reg(cx[33], 0x29B, 0);
  cx[33] = R(0, 0);
  assert_int_equal(agc_link_shaders(cx, uc, NULL, NULL, NULL, 4), 0);
  expect_reg(cx[0], 0x191, 0);
  expect_reg(cx[33], 0, 0);
  assert_int_equal(agc_link_shaders(NULL, NULL, NULL, NULL, NULL, 4), 0);
}

static void test_prim_state(void **state) {
  (void)state;
  struct agc_shader_register cx[2], uc[3];
  shaders(0x102); /* no GS_EN: the output primitive follows the primitive type */
  assert_int_equal(agc_create_prim_state(cx, uc, NULL, &gs, 4), 0);
  expect_reg(cx[0], 0x2D5, 0x102);
  expect_reg(cx[1], 0x29B, 2); /* triangle list -> triangles */
  expect_reg(uc[0], 0x25B, 0x1234);
  expect_reg(uc[1], 0x262, 0x3);
  expect_reg(uc[2], 0x242, 4);
  static const uint32_t prims[][2] = {{1, 0}, {2, 1}, {3, 1}, {6, 2}, {7, 3}, {17, 4}};
  for (unsigned i = 0; i < 6; i++) {
    assert_int_equal(agc_create_prim_state(cx, NULL, NULL, &gs, prims[i][0]), 0);
    expect_reg(cx[1], 0x29B, prims[i][1]);
  }
  /* GS_EN: the geometry shader's own output primitive */
  shaders(0x120);
  assert_int_equal(agc_create_prim_state(cx, uc, NULL, &gs, 4), 0);
  expect_reg(cx[1], 0x29B, 0x11);
  /* a hull shader: its stages added, its output primitive (no GS_EN), its user VGPRs */
  shaders(0x102);
  assert_int_equal(agc_create_prim_state(cx, uc, &hs, &gs, 9), 0);
  expect_reg(cx[0], 0x2D5, 0x106);
  expect_reg(cx[1], 0x29B, 0x22);
  expect_reg(uc[1], 0x262, 0x7);
  expect_reg(uc[2], 0x242, 9);
  /* update: the primitive type in the low 5 bits, the output primitive when no HS/GS decides */
  shaders(0x102);
  assert_int_equal(agc_create_prim_state(cx, uc, NULL, &gs, 4), 0);
  uc[2].value |= 0x100;
  assert_int_equal(agc_update_prim_state(cx, uc, 1), 0);
  expect_reg(cx[1], 0x29B, 0);
  expect_reg(uc[2], 0x242, 0x101);
  cx[0].value |= 0x04;
  assert_int_equal(agc_update_prim_state(cx, NULL, 2), 0);
  expect_reg(cx[1], 0x29B, 0); /* HS_EN: unchanged */
  /* The types are not checked (OpenAGC's reading of the FW 5.50 code): a record of another type
   * in the GS place is read as the geometry shader. */
  shaders(0x102);
  assert_int_equal(agc_create_prim_state(cx, uc, NULL, &hs, 4), 0);
  expect_reg(cx[0], 0x2D5, 0x04);
  expect_reg(cx[1], 0x29B, 2);
  expect_reg(uc[1], 0x262, 0x7);
  /* refused (ours): no geometry shader, no specials; nothing to fill is a success */
  assert_int_not_equal(agc_create_prim_state(cx, uc, NULL, NULL, 4), 0);
  gs.specials = NULL;
  assert_int_not_equal(agc_create_prim_state(cx, uc, NULL, &gs, 4), 0);
  shaders(0x102);
  hs.specials = NULL;
  assert_int_not_equal(agc_create_prim_state(cx, uc, &hs, &gs, 4), 0);
  assert_int_equal(agc_create_prim_state(NULL, NULL, NULL, NULL, 4), 0);
}

static void test_interpolants(void **state) {
  (void)state;
  struct agc_shader_register regs[32];
  memset(regs, 0xEE, sizeof regs);
  assert_int_equal(agc_create_interpolant_mapping(regs, NULL, NULL), 0);
  for (unsigned i = 0; i < 32; i++) expect_reg(regs[i], 0x191 + i, i);

  /* semantics: SEMANTIC 7:0, HARDWARE_MAPPING 15:8, IS_FLAT_SHADED 22, DEFAULT_VALUE 29:28 */
  uint32_t out[3] = {5u | 3u << 8, 7u | 1u << 8, 8u | 6u << 8};
  uint32_t in[3] = {5u, 7u | 1u << 22, 9u | 2u << 28};
  struct agc_shader g = {.type = 2, .output_semantics = out, .num_output_semantics = 3};
  struct agc_shader p = {.type = 1, .input_semantics = in, .num_input_semantics = 3};
  memset(regs, 0xEE, sizeof regs);
  assert_int_equal(agc_create_interpolant_mapping(regs, &g, &p), 0);
  expect_reg(regs[0], 0x191, 3);              /* from attribute 3 */
  expect_reg(regs[1], 0x192, 0x401);          /* attribute 1, flat */
  expect_reg(regs[2], 0x193, 0x20 | 2u << 8); /* not written: the default value 2 */
  for (unsigned i = 3; i < 32; i++) expect_reg(regs[i], 0x191 + i, i);
  /* refused: no list, inputs without a geometry shader */
  assert_int_not_equal(agc_create_interpolant_mapping(NULL, &g, &p), 0);
  assert_int_not_equal(agc_create_interpolant_mapping(regs, NULL, &p), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_prim_state),
      cmocka_unit_test(test_interpolants),
      cmocka_unit_test(test_link_shaders),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
