/* Decoder and printer details on hand-picked GFX10 encodings (expected texts are what
 * llvm-mc-19 prints for gfx1013). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/shader/isa/isa.h"

static void expect_text(const uint32_t *w, size_t n, bool wave64, const char *text,
                        unsigned size) {
  struct isa_inst in;
  struct isa_error err = {0};
  bool ok = isa_decode_wave(w, n, 0, wave64, &in, &err);
  if (!ok) fail_msg("decode failed: %s", err.msg);
  char buf[256];
  isa_print(&in, NULL, buf, sizeof buf);
  assert_string_equal(buf, text);
  assert_int_equal(in.size, size);
}

#define EXPECT(text, ...)                                                     \
  do {                                                                        \
    const uint32_t w_[] = {__VA_ARGS__};                                      \
    expect_text(w_, sizeof w_ / sizeof w_[0], false, text, sizeof w_ / 4);    \
  } while (0)

static void test_scalar(void **state) {
  (void)state;
  EXPECT("s_add_u32 s5, s4, s2", 0x80050204);
  EXPECT("s_cselect_b64 s[4:5], s[4:5], s[2:3]", 0x85850204);
  EXPECT("s_mov_b64 s[2:3], 0x3ff00000", 0xbe8304ff, 0x3ff00000);
  EXPECT("s_mov_b64 s[2:3], 0.15915494309189532", 0xbe8304f8);
  EXPECT("s_movk_i32 s10, 0x1234", 0xb00a1234);
  EXPECT("s_getreg_b32 s10, hwreg(HW_REG_MODE, 3, 5)", 0xb90a20c1);
  EXPECT("s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 1), s10", 0xb98a0003);
  EXPECT("s_branch 3", 0xbf820003);
  EXPECT("s_endpgm", 0xbf810000);
  EXPECT("s_waitcnt vmcnt(55) expcnt(3) lgkmcnt(62)", 0xbf8cfe37);
  EXPECT("s_waitcnt vmcnt(48)", 0xbf8cfff0);
  EXPECT("s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)", 0xbf900003);
  EXPECT("s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 1)", 0xbf900112);
  EXPECT("s_sendmsg 2050", 0xbf900802);
  EXPECT("s_version UC_VERSION_GFX10|UC_VERSION_W64_BIT", 0xb0802004);
  EXPECT("s_nop 0x41", 0xbf800041);
}

static void test_vector(void **state) {
  (void)state;
  EXPECT("v_mov_b32_e32 v5, 0.15915494", 0x7e0a02f8);
  EXPECT("v_mov_b32_e32 v5, 0x40490fdb", 0x7e0a02ff, 0x40490fdb);
  EXPECT("v_cvt_f16_u16_e32 v5, 0x3118", 0x7e0aa0f8);
  EXPECT("v_cvt_f64_f32_e32 v[5:6], 1.0", 0x7e0a20f2);
  EXPECT("v_madmk_f32 v10, v20, 0x11111111, v30", 0x40143d14, 0x11111111);
  EXPECT("v_add_nc_u32_e64 v5, v1, v2", 0xd5250005, 0x00020501);
  EXPECT("v_fma_f16 v10, v20, v40, -v60 op_sel:[1,0,1,0] clamp", 0xd74ba80a, 0x84f25114);
  EXPECT("v_div_scale_f32 v10, s50, -v20, v40, v60 clamp mul:2", 0xd56db20a, 0x2cf25114);
  EXPECT("v_pk_fma_f16 v10, v20, v40, v60 op_sel:[1,0,1] op_sel_hi:[0,1,0] neg_lo:[1,1,0] "
         "neg_hi:[0,1,1] clamp",
         0xcc0eae0a, 0x74f25114);
  EXPECT("v_fma_mix_f32 v10, -v20, |v40|, v60 op_sel:[1,0,0] op_sel_hi:[1,1,0]", 0xcc200a0a,
         0x3cf25114);
}

static void test_dpp_sdwa(void **state) {
  (void)state;
  EXPECT("v_add_f32_dpp v10, v20, v30 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf "
         "bound_ctrl:1",
         0x06143cfa, 0xff08e414);
  EXPECT("v_add_f32_dpp v10, v20, v30 row_shl:1 row_mask:0xf bank_mask:0xf", 0x06143cfa,
         0xff010114);
  EXPECT("v_add_f32_dpp v10, v20, v30 dpp8:[0,1,2,3,4,5,6,7] fi:1", 0x06143cea, 0xfac68814);
  EXPECT("v_add_nc_u32_sdwa v10, v20, v30 dst_sel:BYTE_0 dst_unused:UNUSED_PRESERVE "
         "src0_sel:BYTE_1 src1_sel:WORD_1",
         0x4a143cf9, 0x05011014);
  EXPECT("v_add_nc_u32_sdwa v10, sext(s20), v30 dst_sel:DWORD dst_unused:UNUSED_PAD "
         "src0_sel:DWORD src1_sel:DWORD",
         0x4a143cf9, 0x068e0614);
  EXPECT("v_cmp_eq_f32_sdwa s12, v20, v30 src0_sel:DWORD src1_sel:DWORD", 0x7c043cf9,
         0x06068c14);
}

static void test_wave64(void **state) {
  (void)state;
  const uint32_t w[] = {0x7c043d14}; /* v_cmp_eq_f32_e32 */
  expect_text(w, 1, false, "v_cmp_eq_f32_e32 vcc_lo, v20, v30", 1);
  expect_text(w, 1, true, "v_cmp_eq_f32_e32 vcc, v20, v30", 1);
  struct isa_inst in;
  assert_true(isa_decode_wave(w, 1, 0, true, &in, NULL));
  assert_int_equal(in.num_defs, 1);
  assert_int_equal(in.defs[0].kind, ISA_OPK_SPECIAL);
  assert_int_equal(in.defs[0].count, 2);
}

static void test_operands(void **state) {
  (void)state;
  const uint32_t w[] = {0x7e0a02ff, 0x40490fdb};
  struct isa_inst in;
  assert_true(isa_decode(w, 2, 0, &in, NULL));
  assert_int_equal(in.family, ISA_FAMILY_VOP1);
  assert_int_equal(in.num_defs, 1);
  assert_int_equal(in.defs[0].kind, ISA_OPK_VGPR);
  assert_int_equal(in.defs[0].reg, 5);
  assert_int_equal(in.num_srcs, 1);
  assert_int_equal(in.srcs[0].kind, ISA_OPK_LITERAL);
  assert_int_equal(in.srcs[0].value, 0x40490fdb);
  const uint32_t r[] = {0x7e0a20f2}; /* v_cvt_f64_f32 v[5:6], 1.0 */
  assert_true(isa_decode(r, 1, 0, &in, NULL));
  assert_int_equal(in.defs[0].count, 2);
  assert_int_equal(in.srcs[0].kind, ISA_OPK_INLINE_FLOAT);
  assert_string_equal(in.info->name, "v_cvt_f64_f32_e32");
  assert_int_equal(in.info->def_type[0], ISA_TYPE_F64);
}

static void test_metadata(void **state) {
  (void)state;
  const struct isa_opcode_info *i = isa_opcode_lookup(ISA_FAMILY_SOPP, 0x02);
  assert_non_null(i);
  assert_string_equal(i->name, "s_branch");
  assert_true(i->flags & ISA_F_BRANCH);
  assert_true(i->flags & ISA_F_TERMINATOR);
  assert_false(i->flags & ISA_F_CONDITIONAL);
  i = isa_opcode_lookup(ISA_FAMILY_SOPP, 0x05); /* s_cbranch_scc1 */
  assert_true((i->flags & (ISA_F_CONDITIONAL | ISA_F_READS_SCC)) ==
              (ISA_F_CONDITIONAL | ISA_F_READS_SCC));
  assert_true(isa_opcode_lookup(ISA_FAMILY_SOPP, 0x01)->flags & ISA_F_ENDPGM);
  assert_true(isa_opcode_lookup(ISA_FAMILY_SOP1, 0x20)->flags & ISA_F_INDIRECT); /* setpc */
  assert_true(isa_opcode_lookup(ISA_FAMILY_SOP2, 0x00)->flags & ISA_F_WRITES_SCC);
  assert_true(isa_opcode_lookup(ISA_FAMILY_SOP2, 0x0a)->flags & ISA_F_READS_SCC);
  assert_false(isa_opcode_lookup(ISA_FAMILY_SOP2, 0x0a)->flags & ISA_F_WRITES_SCC);
  assert_true(isa_opcode_lookup(ISA_FAMILY_VOPC, 0x12)->flags & ISA_F_WRITES_EXEC);
  assert_true(isa_opcode_lookup(ISA_FAMILY_VOPC, 0x02)->flags & ISA_F_WRITES_VCC);
  assert_true(isa_opcode_lookup(ISA_FAMILY_VOP2, 0x03)->flags & ISA_F_FLOAT);
  assert_null(isa_opcode_lookup(ISA_FAMILY_VOP2, 0x0e)); /* no VOP2 opcode 0x0e */
  assert_null(isa_opcode_lookup(ISA_FAMILY_VOP3, 5000));
  /* memory effects */
  const struct isa_opcode_info *m = isa_opcode_lookup(ISA_FAMILY_SMEM, 0x00); /* s_load_dword */
  assert_true((m->flags & (ISA_F_LOAD | ISA_F_STORE)) == ISA_F_LOAD);
  m = isa_opcode_lookup(ISA_FAMILY_MUBUF, 0x1c); /* buffer_store_dword */
  assert_true((m->flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_VECTOR)) ==
              (ISA_F_STORE | ISA_F_VECTOR));
  m = isa_opcode_lookup(ISA_FAMILY_DS, 0x00); /* ds_add_u32: an atomic without the word */
  assert_string_equal(m->name, "ds_add_u32");
  assert_true(m->flags & ISA_F_ATOMIC);
  m = isa_opcode_lookup(ISA_FAMILY_DS, 0x35); /* ds_swizzle_b32: cross-lane, no memory */
  assert_string_equal(m->name, "ds_swizzle_b32");
  assert_true((m->flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_SIDE_EFFECTS |
                           ISA_F_VECTOR)) == ISA_F_VECTOR);
  m = isa_opcode_lookup(ISA_FAMILY_DS, 0xb3); /* ds_bpermute_b32 */
  assert_string_equal(m->name, "ds_bpermute_b32");
  assert_false(m->flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_SIDE_EFFECTS));
  m = isa_opcode_lookup(ISA_FAMILY_DS, 0x14); /* ds_nop: orders, accesses nothing */
  assert_string_equal(m->name, "ds_nop");
  assert_true((m->flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_SIDE_EFFECTS)) ==
              ISA_F_SIDE_EFFECTS);
  m = isa_opcode_lookup(ISA_FAMILY_MIMG, 0x20); /* image_sample */
  assert_true(m->flags & ISA_F_LOAD);
  assert_false(m->flags & ISA_F_STORE);
  assert_true(isa_opcode_lookup(ISA_FAMILY_EXP, 0)->flags & ISA_F_SIDE_EFFECTS);
}

static void test_gds_only(void **state) {
  (void)state;
  /* GWS and ordered count exist only with gds (mods_print bit 6 of their rows) */
  EXPECT("ds_gws_init v3 offset:12 gds", 0xd866000c, 0x00000003);
  EXPECT("ds_gws_sema_v gds", 0xd86a0000, 0x00000000);
  EXPECT("ds_gws_sema_release_all gds", 0xd8620000, 0x00000000);
  EXPECT("ds_gws_barrier v5 offset:65535 gds", 0xd876ffff, 0x00000005);
  EXPECT("ds_ordered_count v7, v1 offset:772 gds", 0xd8fe0304, 0x07000001);
  struct isa_inst in;
  struct isa_error err;
  const uint32_t nogds[] = {0xd8640000, 0x00000000}; /* ds_gws_init without gds */
  assert_false(isa_decode(nogds, 2, 0, &in, &err));
  const uint32_t nogds_ordered[] = {0xd8fc0304, 0x07000001}; /* ds_ordered_count, no gds */
  assert_false(isa_decode(nogds_ordered, 2, 0, &in, &err));
  const uint32_t vdst[] = {0xd86a0000, 0x01000000}; /* ds_gws_sema_v takes no vdst */
  assert_false(isa_decode(vdst, 2, 0, &in, &err));
  const uint32_t data0[] = {0xd8660000, 0x00000100}; /* the data VGPR is in the addr field */
  assert_false(isa_decode(data0, 2, 0, &in, &err));
}

static void test_swizzle_bitmask(void **state) {
  (void)state;
  /* swizzle BITMASK_PERM: a lane bit is (id & and | or) ^ xor, a constant unless only and */
  EXPECT("ds_swizzle_b32 v0, v0 offset:swizzle(BITMASK_PERM,\"1p01p\")", 0xd8d550c9, 0x00000000);
  EXPECT("ds_swizzle_b32 v0, v0 offset:swizzle(BITMASK_PERM,\"p0i10\") gds", 0xd8d6315e,
         0x00000000);
}

static void test_errors(void **state) {
  (void)state;
  struct isa_inst in;
  struct isa_error err;
  const uint32_t lit[] = {0xbf800000, 0x7e0a02ff}; /* literal dword missing */
  assert_false(isa_decode(lit, 2, 1, &in, &err));
  assert_int_equal(err.code, ISA_ERR_TRUNCATED);
  assert_int_equal(err.offset, 1);
  assert_int_equal(err.word, 0x7e0a02ff);
  assert_non_null(strstr(err.msg, "dword 1"));
  const uint32_t bad[] = {0x00000001}; /* VOP2 opcode 0 does not exist on gfx1013 */
  assert_false(isa_decode(bad, 1, 0, &in, &err));
  assert_int_not_equal(err.code, ISA_OK);
  const uint32_t vop3[] = {0xd5250005}; /* 64-bit encoding cut short */
  assert_false(isa_decode(vop3, 1, 0, &in, &err));
  assert_int_equal(err.code, ISA_ERR_TRUNCATED);
  assert_false(isa_decode(vop3, 1, 1, &in, &err)); /* offset past the end */
  assert_false(isa_decode(NULL, 0, 0, &in, &err));
  /* buffer_load_dword v1, off, s[4:7], 0x1234: the literal soffset dword missing */
  const uint32_t buf[] = {0xe0300000, 0xff010100, 0x00001234};
  assert_true(isa_decode(buf, 3, 0, &in, &err));
  assert_int_equal(in.size, 3);
  assert_false(isa_decode(buf, 2, 0, &in, &err));
  assert_int_equal(err.code, ISA_ERR_TRUNCATED);
  assert_int_equal(err.offset, 0);
  /* image_sample v[0:3], [v4, v6], s[8:15], s[12:15] dmask:0xf dim:SQ_RSRC_IMG_2D: the NSA
   * address dword missing */
  const uint32_t nsa[] = {0xf0800f0a, 0x00620004, 0x00000006};
  assert_true(isa_decode(nsa, 3, 0, &in, &err));
  assert_int_equal(in.size, 3);
  assert_false(isa_decode(nsa, 2, 0, &in, &err));
  assert_int_equal(err.code, ISA_ERR_TRUNCATED);
  const uint32_t negint[] = {0xd5250005, 0xe0020501}; /* neg bits on an integer op */
  assert_false(isa_decode(negint, 2, 0, &in, &err));
  assert_int_equal(err.code, ISA_ERR_BAD_ENCODING);
}

static void test_show_encoding(void **state) {
  (void)state;
  const uint32_t w[] = {0x7e0a02f8};
  struct isa_inst in;
  assert_true(isa_decode(w, 1, 0, &in, NULL));
  struct isa_print_opts opts = {.show_encoding = true};
  char buf[128];
  size_t n = isa_print(&in, &opts, buf, sizeof buf);
  assert_string_equal(buf, "v_mov_b32_e32 v5, 0.15915494 ; encoding: [0xf8,0x02,0x0a,0x7e]");
  assert_int_equal(n, strlen(buf));
  char small[8];
  n = isa_print(&in, NULL, small, sizeof small); /* truncates, reports the full length */
  assert_int_equal(n, strlen("v_mov_b32_e32 v5, 0.15915494"));
  assert_int_equal(strlen(small), 7);
}

/* Every first dword pattern decodes or fails cleanly, sizes stay in bounds. */
static void test_sweep(void **state) {
  (void)state;
  uint32_t w[5];
  uint32_t x = 0x12345678;
  char buf[256];
  for (uint32_t hi = 0; hi < 0x10000; hi++) {
    for (unsigned k = 0; k < 4; k++) {
      x ^= x << 13, x ^= x >> 17, x ^= x << 5;
      w[0] = hi << 16 | (x & 0xFFFF);
      for (unsigned j = 1; j < 5; j++) w[j] = x * (j + 7);
      for (size_t n = 1; n <= 5; n += 4) {
        struct isa_inst in;
        if (isa_decode_wave(w, n, 0, k & 1, &in, NULL)) {
          assert_true(in.size >= 1 && in.size <= n);
          isa_print(&in, NULL, buf, sizeof buf);
          assert_true(buf[0] != 0);
        }
      }
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_scalar),   cmocka_unit_test(test_vector),
      cmocka_unit_test(test_dpp_sdwa), cmocka_unit_test(test_wave64),
      cmocka_unit_test(test_operands), cmocka_unit_test(test_metadata),
      cmocka_unit_test(test_gds_only), cmocka_unit_test(test_swizzle_bitmask),
      cmocka_unit_test(test_errors),   cmocka_unit_test(test_show_encoding),
      cmocka_unit_test(test_sweep),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
