/* sceAgcFuseShaderHalves (both exports), sceAgcGetFusedShaderSize and the no-argument
 * sceAgcGetRegisterDefaults(Internal). Expected values written by hand from what OpenAGC
 * records of the console's library (FW 5.50 SPRX): a front half of type 4 (GS front) or 5 (HS
 * front) fuses with a back half of type 6 or 7 into type 2 or 3; the halves must agree on
 * VGT_SHADER_STAGES_EN bit 22 (GS) or 21 (HS); the result is the back half with the front
 * half's two SPI_SHADER_PGM_CHKSUM values (0x080 / 0x100), RSRC1 (0x08A / 0x10A) VGPRS 5:0 and
 * bits 30:29 (GS) / 29:28 (HS) the larger of the two halves', RSRC2 (0x08B / 0x10B) bits
 * 0x0800003E (and, GS, bit 18) the front's, GS bits 17:16 the larger, shared VGPRs 31:28 the
 * larger (first export) or computed from both halves (the later export, fd5Bp5tGTgo), and the
 * front's code address in PGM_LO/HI_ES (0x0C8) / _LS (0x148); the first export keeps the front's
 * user data, the later clears it; the scratch holds the copy of the back half's SH registers
 * (num_sh_registers x 8 bytes, alignment 4); invalid halves 0x8A6C0008. The no-argument
 * defaults read the version sceAgcInit was given. */
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

static struct agc_shader_specials front_sp, back_sp;
static struct agc_shader_register front_regs[4], back_regs[7];
static struct agc_shader front, back;

/* A GS pair: front (type 4) and back (type 6), back holding an unrelated register (0x08C). */
static void gs_pair(void) {
  front_sp = (struct agc_shader_specials){.vgt_shader_stages_en = R(0x2D5, 0x00400000)};
  back_sp = (struct agc_shader_specials){.vgt_shader_stages_en = R(0x2D5, 0x00400024)};
  front_regs[0] = R(0x080, 0xC0C00001);
  front_regs[1] = R(0x080, 0xC0C00002);
  front_regs[2] = R(0x08A, 0x40000009); /* VGPRS 9, bits 30:29 = 2 */
  front_regs[3] = R(0x08B, 0x0807002A); /* bit 27, 18, 17:16 = 3, 5:1 = 0x2A, shared 0 */
  back_regs[0] = R(0x080, 0xB0B00001);
  back_regs[1] = R(0x080, 0xB0B00002);
  back_regs[2] = R(0x08A, 0x200000C5); /* VGPRS 5, bits 30:29 = 1, SGPRS bits kept */
  back_regs[3] = R(0x08B, 0xF0010095); /* shared 15, 17:16 = 1, bits 7, 4, 2, 0 */
  back_regs[4] = R(0x0C8, 0x0000DEAD);
  back_regs[5] = R(0x0C9, 0xFFFFFF77);
  back_regs[6] = R(0x08C, 0x00005555);
  front = (struct agc_shader){.magic = AGC_SHADER_MAGIC,
                              .version = AGC_SHADER_VERSION,
                              .user_data = (void *)(uintptr_t)0x1111000,
                              .code = (const void *)(uintptr_t)0x00AB123456789A00ull,
                              .sh_registers = front_regs,
                              .specials = &front_sp,
                              .type = 4,
                              .num_sh_registers = 4};
  back = (struct agc_shader){.magic = AGC_SHADER_MAGIC,
                             .version = AGC_SHADER_VERSION,
                             .user_data = (void *)(uintptr_t)0x2222000,
                             .code = (const void *)(uintptr_t)0x5000,
                             .sh_registers = back_regs,
                             .specials = &back_sp,
                             .num_output_semantics = 3,
                             .type = 6,
                             .num_sh_registers = 7};
}

static void test_fused_size(void **state) {
  (void)state;
  gs_pair();
  struct agc_size_align sa = {99, 99};
  assert_int_equal(agc_get_fused_shader_size(&sa, &front, &back), 0);
  assert_int_equal(sa.size, 56); /* 7 registers of 8 bytes */
  assert_int_equal(sa.align, 4);
  front.type = 5; /* HS front with a GS back: not a pair */
  assert_int_equal(agc_get_fused_shader_size(&sa, &front, &back), (int)0x8A6C0008u);
  front.type = 5, back.type = 7;
  back.num_sh_registers = 2;
  assert_int_equal(agc_get_fused_shader_size(&sa, &front, &back), 0);
  assert_int_equal(sa.size, 16);
  front.type = 6, back.type = 4; /* reversed */
  assert_int_equal(agc_get_fused_shader_size(&sa, &front, &back), (int)0x8A6C0008u);
  assert_int_not_equal(agc_get_fused_shader_size(NULL, &front, &back), 0);
}

static void expect_gs_fused(const struct agc_shader *f, const struct agc_shader_register *regs,
                            uint32_t rsrc2) {
  assert_int_equal(f->type, 2);
  assert_ptr_equal(f->sh_registers, regs);
  assert_int_equal(f->num_sh_registers, 7);
  assert_int_equal(f->num_output_semantics, 3); /* the rest is the back half's */
  assert_ptr_equal(f->specials, &back_sp);
  assert_ptr_equal(f->code, (const void *)(uintptr_t)0x5000);
  expect_reg(regs[0], 0x080, 0xC0C00001);
  expect_reg(regs[1], 0x080, 0xC0C00002);
  expect_reg(regs[2], 0x08A, 0x400000C9);
  expect_reg(regs[3], 0x08B, rsrc2);
  expect_reg(regs[4], 0x0C8, 0x3456789A); /* front code >> 8 */
  expect_reg(regs[5], 0x0C9, 0xFFFFFF12); /* its bits 47:40 (0x12) in the low byte */
  expect_reg(regs[6], 0x08C, 0x00005555);
}

static void test_fuse_gs(void **state) {
  (void)state;
  struct agc_shader fused;
  struct agc_shader_register scratch[7];
  /* First export, into scratch: the back half's list is not changed. */
  gs_pair();
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, scratch), 0);
  /* shared VGPRs max(15, 0); 17:16 max(1, 3); bits 27, 18, 5:1 the front's; bits 7, 0 kept */
  expect_gs_fused(&fused, scratch, 0xF80700ABu);
  assert_ptr_equal(fused.user_data, (void *)(uintptr_t)0x1111000);
  expect_reg(back_regs[3], 0x08B, 0xF0010095);
  expect_reg(back_regs[4], 0x0C8, 0x0000DEAD);
  /* The later export: shared VGPRs from both halves. Front: (9 + 1) * 4 = 40 VGPRs, no shared;
   * back: (5 + 1) * 4 = 24 plus 15 * 8 = 144; 40 < 144, so (144 - 40 + 7) / 64 = 1. */
  gs_pair();
  assert_int_equal(agc_fuse_shader_halves_0200(&fused, &front, &back, scratch), 0);
  expect_gs_fused(&fused, scratch, 0x180700ABu);
  assert_null(fused.user_data);
  /* Without scratch the back half's own list is the fused one, changed in place. */
  gs_pair();
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, NULL), 0);
  expect_gs_fused(&fused, back_regs, 0xF80700ABu);
  /* The later export with no shared need: front 40 VGPRs, back (15 + 1) * 4 = 64 and none
   * shared; the larger count (64) covers both: 0. */
  gs_pair();
  back_regs[2] = R(0x08A, 0x2000000F);
  back_regs[3] = R(0x08B, 0x00010095);
  assert_int_equal(agc_fuse_shader_halves_0200(&fused, &front, &back, scratch), 0);
  expect_reg(scratch[2], 0x08A, 0x4000000F);
  expect_reg(scratch[3], 0x08B, 0x080700ABu);
}

static void test_fuse_hs(void **state) {
  (void)state;
  struct agc_shader fused;
  struct agc_shader_register scratch[7];
  gs_pair();
  front.type = 5, back.type = 7;
  front_sp.vgt_shader_stages_en.value = 0x00200000; /* HS: bit 21 agrees; bit 22 need not */
  back_sp.vgt_shader_stages_en.value = 0x00600000;
  front_regs[0] = R(0x100, 0xF0000001);
  front_regs[1] = R(0x100, 0xF0000002);
  front_regs[2] = R(0x10A, 0x20000003); /* bits 29:28 = 2 */
  front_regs[3] = R(0x10B, 0x0007003E); /* 18, 17:16 (not taken for HS), 5:1 */
  back_regs[0] = R(0x100, 0xB1);
  back_regs[1] = R(0x100, 0xB2);
  back_regs[2] = R(0x10A, 0x10000007); /* bits 29:28 = 1, VGPRS 7 */
  back_regs[3] = R(0x10B, 0x20010000); /* shared 2 */
  back_regs[4] = R(0x148, 0);
  back_regs[5] = R(0x149, 0x12);
  front.code = (const void *)(uintptr_t)0x0000000200001000ull;
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, scratch), 0);
  assert_int_equal(fused.type, 3);
  expect_reg(scratch[0], 0x100, 0xF0000001);
  expect_reg(scratch[1], 0x100, 0xF0000002);
  expect_reg(scratch[2], 0x10A, 0x20000007);
  expect_reg(scratch[3], 0x10B, 0x2001003E);
  expect_reg(scratch[4], 0x148, 0x02000010);
  expect_reg(scratch[5], 0x149, 0x00000000);
}

static void test_fuse_refused(void **state) {
  (void)state;
  struct agc_shader fused, zero;
  memset(&zero, 0, sizeof zero);
  struct agc_shader_register scratch[7];
  /* The halves disagree on GS_EN's neighbour bit 22: refused, nothing written (ours). */
  gs_pair();
  back_sp.vgt_shader_stages_en.value = 0x24;
  fused = zero;
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, scratch), (int)0x8A6C0008u);
  assert_int_equal(agc_fuse_shader_halves_0200(&fused, &front, &back, scratch), (int)0x8A6C0008u);
  assert_memory_equal(&fused, &zero, sizeof fused);
  /* Not a pair. */
  gs_pair();
  back.type = 7;
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, scratch), (int)0x8A6C0008u);
  gs_pair();
  front.type = 2;
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, scratch), (int)0x8A6C0008u);
  /* Ours: no specials, a missing RSRC or PGM_HI not after PGM_LO: refused, not a crash. */
  gs_pair();
  front.specials = NULL;
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, scratch), (int)0x8A6C0008u);
  gs_pair();
  front.num_sh_registers = 3;
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, scratch), (int)0x8A6C0008u);
  gs_pair();
  back_regs[5] = R(0x0CA, 0);
  assert_int_equal(agc_fuse_shader_halves(&fused, &front, &back, scratch), (int)0x8A6C0008u);
  assert_memory_equal(&fused, &zero, sizeof fused);
  expect_reg(back_regs[3], 0x08B, 0xF0010095);
  assert_int_not_equal(agc_fuse_shader_halves(NULL, &front, &back, scratch), 0);
  assert_int_not_equal(agc_fuse_shader_halves(&fused, NULL, &back, scratch), 0);
}

/* The no-argument exports return the versioned function's record for the version the last
 * successful sceAgcInit / sceAgcInit_0090 was given; counts from the walked records (0xC: 0x80
 * groups, Internal 0x1C; 0xD: 0x89, 0x18) and OpenAGC's version 0 (0x96, 0xF). */
static void test_register_defaults_no_argument(void **state) {
  (void)state;
  agc_init_reset();
  /* Before any initialisation: version 8's (ours). */
  assert_ptr_equal(agc_get_register_defaults(), agc_register_defaults_find(8, 0));
  assert_ptr_equal(agc_get_register_defaults_internal(), agc_register_defaults_find(8, 1));
  assert_int_equal(agc_get_register_defaults()->count, 0x7F);
  assert_int_equal(agc_init(NULL, 12), 0);
  assert_ptr_equal(agc_get_register_defaults(), agc_get_register_defaults2(12));
  assert_int_equal(agc_get_register_defaults()->count, 0x80);
  assert_int_equal(agc_get_register_defaults_internal()->count, 0x1C);
  assert_int_equal(agc_init(NULL, 0), 0);
  assert_int_equal(agc_get_register_defaults()->count, 0x96);
  assert_int_equal(agc_get_register_defaults_internal()->count, 0xF);
  agc_init_reset();
  assert_int_equal(agc_init_gate(NULL, 13), 0);
  assert_int_equal(agc_get_register_defaults()->count, 0x89);
  assert_int_equal(agc_get_register_defaults_internal()->count, 0x18);
  /* A refused initialisation changes nothing. */
  assert_int_equal(agc_init(NULL, 8), (int)0x8A6C0004u);
  assert_int_equal(agc_get_register_defaults()->count, 0x89);
  agc_init_reset();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fused_size),
      cmocka_unit_test(test_fuse_gs),
      cmocka_unit_test(test_fuse_hs),
      cmocka_unit_test(test_fuse_refused),
      cmocka_unit_test(test_register_defaults_no_argument),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
