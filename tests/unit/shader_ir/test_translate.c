/* GFX10 -> IR translation. Shaders are assembled by llvm-mc-19 at test time (skipped with
 * a reason when it is missing), translated, and executed by the IR interpreter both before
 * SSA construction and after all passes: the two runs must agree with each other and with
 * the hardware semantics written in each test. */
#include "xl_test_harness.h"

#include "common/log.h"

static void scalar_carry_borrow_and_select(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(~0u), *r = calloc(1, sizeof *r);
  w->sgpr[0] = 0xffffffffu;
  w->sgpr[1] = 1;
  w->sgpr[2] = 2;
  w->sgpr[3] = 3;
  run("s_add_u32 s4, s0, s2\n"
      "s_addc_u32 s5, s1, s3\n"     /* 1 + 3 + carry */
      "s_cselect_b32 s8, 11, 22\n"  /* SCC from the addc: 0 */
      "s_sub_u32 s6, s2, s0\n"      /* 2 - 0xffffffff borrows */
      "s_cselect_b32 s7, 11, 22\n"
      "s_add_i32 s9, s0, s0\n"      /* -1 + -1: no signed overflow */
      "s_cselect_b32 s10, 1, 2\n"
      "s_mov_b32 s12, 0x80004\n"
      "s_bfe_u32 s11, 0xabcd1234, s12\n" /* width 8, offset 4 */
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->sgpr[4], 1);
  assert_int_equal(r->sgpr[5], 5);
  assert_int_equal(r->sgpr[8], 22);
  assert_int_equal(r->sgpr[6], 3);
  assert_int_equal(r->sgpr[7], 11);
  assert_int_equal(r->sgpr[9], 0xfffffffeu);
  assert_int_equal(r->sgpr[10], 2);
  assert_int_equal(r->sgpr[11], 0x23);
  free(w);
  free(r);
}

static void inactive_lanes_keep_their_values(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0x5), *r = calloc(1, sizeof *r);
  for (int l = 0; l < 32; l++) {
    w->vgpr[1][l] = 10;
    w->vgpr[2][l] = 0xdead;
  }
  run("v_add_nc_u32 v2, v0, v1\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[2][0], 10);
  assert_int_equal(r->vgpr[2][1], 0xdead);
  assert_int_equal(r->vgpr[2][2], 12);
  assert_int_equal(r->vgpr[2][3], 0xdead);
  free(w);
  free(r);
}

static const char *if_shader =
    "v_cmp_gt_u32 vcc_lo, 2, v0\n"   /* lanes with v0 < 2 */
    "s_and_saveexec_b32 s0, vcc_lo\n"
    "s_cbranch_execz skip\n"
    "v_mov_b32 v1, 7\n"
    "skip:\n"
    "s_or_b32 exec_lo, exec_lo, s0\n"
    "s_endpgm\n";

static void compare_saveexec_and_branch(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  run(if_shader, false, w, r);
  assert_int_equal(r->vcc, 0x3);
  assert_int_equal(r->sgpr[0], 0xffffffffu);
  assert_int_equal(r->exec, 0xffffffffu);
  assert_int_equal(r->vgpr[1][0], 7);
  assert_int_equal(r->vgpr[1][1], 7);
  assert_int_equal(r->vgpr[1][2], 0);
  assert_true(r->scc); /* exec != 0 after the s_or */
  /* no lane passes: the branch skips the body */
  for (int l = 0; l < 32; l++) w->vgpr[0][l] = 100;
  run(if_shader, false, w, r);
  assert_int_equal(r->vcc, 0);
  for (int l = 0; l < 32; l++) assert_int_equal(r->vgpr[1][l], 0);
  assert_int_equal(r->exec, 0xffffffffu);
  free(w);
  free(r);
}

static void scalar_loop_sums(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  run("s_mov_b32 s0, 0\n"
      "s_mov_b32 s1, 0\n"
      "loop:\n"
      "s_add_u32 s1, s1, s0\n"
      "v_add_nc_u32 v1, v1, v0\n"
      "s_add_u32 s0, s0, 1\n"
      "s_cmp_lt_u32 s0, 5\n"
      "s_cbranch_scc1 loop\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->sgpr[0], 5);
  assert_int_equal(r->sgpr[1], 10);
  assert_int_equal(r->vgpr[1][3], 15);
  assert_int_equal(r->steps, 7); /* the entry block, 5 trips through the loop, the exit */
  free(w);
  free(r);
}

static void float_modifiers_and_select(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (int l = 0; l < 32; l++) {
    w->vgpr[1][l] = fbits(0.25f);
    w->vgpr[2][l] = fbits(-0.5f);
  }
  run("v_add_f32_e64 v3, -v1, |v2| clamp\n" /* -0.25 + 0.5 */
      "v_mul_f32_e64 v4, v1, v2 mul:2\n"     /* -0.25 */
      "v_add_f32_e64 v5, v2, v2 clamp\n"     /* -1 clamped to 0 */
      "v_fma_f32 v6, v1, 4.0, v2\n"          /* 0.5 */
      "v_cvt_f32_u32 v7, v0\n"
      "v_cmp_lt_f32 vcc_lo, 1.0, v7\n"       /* lanes 2.. */
      "v_cndmask_b32 v8, v1, v7, vcc_lo\n"
      "v_cvt_pkrtz_f16_f32 v9, v1, v2\n"
      "v_rndne_f32 v10, 2.5\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[3][0], fbits(0.25f));
  assert_int_equal(r->vgpr[4][0], fbits(-0.25f));
  assert_int_equal(r->vgpr[5][0], fbits(0.0f));
  assert_int_equal(r->vgpr[6][0], fbits(0.5f));
  assert_int_equal(r->vcc, 0xfffffffcu);
  assert_int_equal(r->vgpr[8][1], fbits(0.25f));
  assert_int_equal(r->vgpr[8][5], fbits(5.0f));
  assert_int_equal(r->vgpr[9][0], 0xb8003400u); /* f16 -0.5 : 0.25 */
  assert_int_equal(r->vgpr[10][0], fbits(2.0f));
  free(w);
  free(r);
}

static void vector_carry_chain_64bit(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (int l = 0; l < 32; l++) {
    w->vgpr[1][l] = 0xffffffe0u + l; /* lanes >= 16 carry */
    w->vgpr[2][l] = 0;
  }
  run("v_add_co_u32 v3, vcc_lo, v1, 16\n"
      "v_add_co_ci_u32_e32 v4, vcc_lo, 0, v2, vcc_lo\n"
      "v_mad_u64_u32 v[5:6], s2, v0, v0, v[1:2]\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[3][0], 0xfffffff0u);
  assert_int_equal(r->vgpr[3][15], 0xffffffffu);
  assert_int_equal(r->vgpr[3][16], 0);
  assert_int_equal(r->vgpr[4][0], 0);
  assert_int_equal(r->vgpr[4][15], 0);
  assert_int_equal(r->vgpr[4][16], 1);
  assert_int_equal(r->vgpr[4][31], 1);
  assert_int_equal(r->vcc, 0); /* 0 + 0 + carry never carries again */
  assert_int_equal(r->vgpr[5][3], 0xffffffe3u + 9);
  assert_int_equal(r->vgpr[6][3], 0);
  assert_int_equal(r->vgpr[5][20], 0x184);
  assert_int_equal(r->vgpr[6][20], 1);
  assert_int_equal(r->sgpr[2], 0); /* no lane overflows 64 bits */
  free(w);
  free(r);
}

static void wave64_masks(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffff0000ffff0000ull), *r = calloc(1, sizeof *r);
  run("v_cmp_lt_u32 vcc, v0, 40\n"
      "s_and_saveexec_b64 s[0:1], vcc\n"
      "v_mov_b32 v1, 1\n"
      "s_mov_b64 exec, s[0:1]\n"
      "s_endpgm\n",
      true, w, r);
  assert_int_equal(r->vcc, 0x00000000ffff0000ull); /* lanes < 40 that are active */
  assert_int_equal(r->sgpr[0], 0xffff0000u);
  assert_int_equal(r->sgpr[1], 0xffff0000u);
  assert_int_equal(r->exec, 0xffff0000ffff0000ull);
  assert_int_equal(r->vgpr[1][16], 1);
  assert_int_equal(r->vgpr[1][31], 1);
  assert_int_equal(r->vgpr[1][39], 0);
  assert_int_equal(r->vgpr[1][50], 0);
  assert_int_equal(r->vgpr[1][0], 0);
  free(w);
  free(r);
}

static void constant_setpc_target_is_followed(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  /* s_getpc yields 4 (the next instruction); 4 + 16 = 20 skips the s_mov s5 at 16 */
  run("s_getpc_b64 s[0:1]\n"
      "s_add_u32 s0, s0, 16\n"
      "s_addc_u32 s1, s1, 0\n"
      "s_setpc_b64 s[0:1]\n"
      "s_mov_b32 s5, 1\n"
      "s_mov_b32 s6, 2\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->sgpr[0], 20);
  assert_int_equal(r->sgpr[5], 0);
  assert_int_equal(r->sgpr[6], 2);
  free(w);
  free(r);
}

static void packed_16bit_halves(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (int l = 0; l < 32; l++) {
    w->vgpr[1][l] = 0xc0003e00u; /* f16 {lo 1.5, hi -2.0} */
    w->vgpr[2][l] = 0x42003400u; /* f16 {lo 0.25, hi 3.0} */
    w->vgpr[7][l] = 0xffff0001u;
    w->vgpr[8][l] = 0x00020003u;
    w->vgpr[10][l] = 0x00040011u;
  }
  run("v_pk_add_f16 v3, v1, v2\n"
      "v_pk_mul_f16 v4, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] neg_hi:[0,1]\n"
      "v_pk_fma_f16 v5, v1, v2, v1\n"
      "v_pk_add_u16 v6, v7, v8\n"
      "v_pk_lshlrev_b16 v9, v10, v7\n"
      "v_pk_ashrrev_i16 v11, v10, v7\n"
      "v_pk_max_i16 v12, v7, v8\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[3][0], 0x3c003f00u);  /* {1.75, 1.0} */
  assert_int_equal(r->vgpr[4][0], 0xc4803800u);  /* {2.0 * 0.25, 1.5 * -3.0} */
  assert_int_equal(r->vgpr[5][0], 0xc8003f80u);  /* {1.875, -8.0} */
  assert_int_equal(r->vgpr[6][0], 0x00010004u);
  assert_int_equal(r->vgpr[9][0], 0xfff00002u);
  assert_int_equal(r->vgpr[11][0], 0xffff0000u);
  assert_int_equal(r->vgpr[12][0], 0x00020003u);
  free(w);
  free(r);
}

static void interpolation_and_exports(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0x0000ffffu), *r = calloc(1, sizeof *r);
  for (int l = 0; l < 32; l++) {
    w->vgpr[0][l] = fbits((float)l * 0.25f); /* i */
    w->vgpr[1][l] = fbits(0.5f);             /* j */
  }
  w->attr_params[1 * 4 + 1][0] = 1.0f; /* attr1.y: P0, P10, P20 */
  w->attr_params[1 * 4 + 1][1] = 2.0f;
  w->attr_params[1 * 4 + 1][2] = 4.0f;
  run("v_interp_p1_f32 v2, v0, attr1.y\n"
      "v_interp_p2_f32 v2, v1, attr1.y\n"
      "v_cvt_pkrtz_f16_f32 v3, v2, v2\n"
      "v_cvt_pkrtz_f16_f32 v4, v0, v1\n"
      "exp mrt1 v3, off, v4, off compr\n"     /* channels 0-1 from v3, 2-3 from v4 */
      "exp mrt0 v2, off, v2, off done vm\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[2][3], fbits(4.5f)); /* 0.5*4 + 0.75*2 + 1 */
  assert_int_equal(r->vgpr[2][20], 0);          /* inactive lane keeps v2 */
  assert_int_equal(r->export_count, 2);
  assert_int_equal(r->exports[0].target, 1);
  assert_int_equal(r->exports[0].en, 0xf);
  assert_int_equal(r->exports[0].value[0][6], fbits(6.0f)); /* through f16 and back */
  assert_int_equal(r->exports[0].value[1][6], fbits(6.0f));
  assert_int_equal(r->exports[0].value[2][6], fbits(1.5f));
  assert_int_equal(r->exports[0].value[3][6], fbits(0.5f));
  assert_int_equal(r->exports[1].target, 0);
  assert_int_equal(r->exports[1].done, 1);
  assert_int_equal(r->exports[1].lanes, 0xffff);
  assert_int_equal(r->exports[1].value[2][5], fbits(5.5f));
  assert_int_equal(r->exports[1].value[1][5], 0); /* disabled channel */
  free(w);
  free(r);
}

static void image_operations_carry_dim_dmask_and_coordinates(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint32_t observe[] = {IR_REG_VGPR0, IR_REG_VGPR0 + 1, IR_REG_VGPR0 + 9, IR_REG_VGPR0 + 10};
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      "image_sample v[0:1], v[4:5], s[0:7], s[8:11] dmask:0x5 dim:SQ_RSRC_IMG_2D\n"
      "image_sample_l v[6:9], v[4:6], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D\n"
      "image_load v10, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm\n"
      "image_store v[0:1], v[4:5], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm\n"
      "s_endpgm\n",
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .observe = observe,
                                    .observe_count = 4},
      &st);
  assert_int_equal(st.unsupported_count, 0);
  uint32_t count[IR_OP_COUNT], sample_flags = 0, lod_flags = 0;
  count_ops(fn, count);
  for (uint32_t i = 0; i < fn->inst_count; i++) {
    if (fn->insts[i].dead) continue;
    if (fn->insts[i].op == IR_OP_image_sample) lod_flags = (uint32_t)fn->insts[i].imm;
    if (fn->insts[i].op == IR_OP_image_sample_ex) sample_flags = (uint32_t)fn->insts[i].imm;
  }
  /* the implicit LOD became the _d form: the derivatives read from the quad's top left, top
   * right and bottom left lanes for u and v */
  assert_int_equal(count[IR_OP_image_sample], 1);
  assert_int_equal(count[IR_OP_image_sample_ex], 1);
  assert_int_equal(count[IR_OP_read_lane], 6);
  assert_int_equal(count[IR_OP_fsub], 4);
  assert_int_equal(count[IR_OP_image_load], 1);
  assert_int_equal(count[IR_OP_image_store], 1);
  assert_int_equal(sample_flags, 1 | IR_IMAGE_DERIV | 0x5 << IR_IMAGE_DMASK_SHIFT);
  assert_int_equal(lod_flags, 1 | IR_IMAGE_LOD | 0xf << IR_IMAGE_DMASK_SHIFT);
  /* dmask 0x5 returns x and z into v0, v1 */
  assert_int_equal(count[IR_OP_extract_f32] >= 2, 1);
  ir_function_destroy(fn);
}

static void dpp_cross_lane_moves(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xfffffffeu), *r = calloc(1, sizeof *r); /* lane 0 off */
  for (int l = 0; l < 32; l++) {
    w->vgpr[1][l] = (uint32_t)l * 10;
    w->vgpr[2][l] = 1;
    for (int v = 3; v <= 7; v++) w->vgpr[v][l] = 0xdead;
  }
  run("v_mov_b32_dpp v3, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"
      "v_mov_b32_dpp v4, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1\n"
      "v_mov_b32_dpp v5, v1 row_shr:1 row_mask:0xf bank_mask:0xf\n"
      "v_add_nc_u32_dpp v6, v1, v2 dpp8:[7,6,5,4,3,2,1,0]\n"
      "v_mov_b32_dpp v7, v1 row_mirror row_mask:0x1 bank_mask:0xf\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[3][0], 0xdead);  /* inactive */
  assert_int_equal(r->vgpr[3][1], 0xdead);  /* source lane 0 inactive, no bound_ctrl */
  assert_int_equal(r->vgpr[3][2], 30);
  assert_int_equal(r->vgpr[3][3], 20);
  assert_int_equal(r->vgpr[4][1], 0);       /* bound_ctrl writes 0 */
  assert_int_equal(r->vgpr[4][16], 0);      /* out of its row */
  assert_int_equal(r->vgpr[4][17], 160);
  assert_int_equal(r->vgpr[5][16], 0xdead);
  assert_int_equal(r->vgpr[5][2], 10);
  assert_int_equal(r->vgpr[6][8], 151);     /* lane 15 + 1 */
  assert_int_equal(r->vgpr[6][3], 41);
  assert_int_equal(r->vgpr[7][3], 120);     /* lane 12 of row 0 */
  assert_int_equal(r->vgpr[7][20], 0xdead); /* row 1 masked off */
  assert_int_equal(r->vgpr[7][15], 0xdead); /* source lane 0 inactive */
  free(w);
  free(r);
}

static void sdwa_selects_and_destination_rules(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (int l = 0; l < 32; l++) {
    w->vgpr[0][l] = 0x12345678u;
    w->vgpr[1][l] = 0x80c1b2a3u;
    w->vgpr[2][l] = 0x00010005u;
    w->vgpr[5][l] = 0x3f800002u; /* 1 + 2^-22 */
    w->vgpr[6][l] = fbits(4.0f);
  }
  run("v_add_nc_u32_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 src1_sel:WORD_0\n"
      "v_mov_b32_sdwa v3, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0\n"
      "v_add_f32_sdwa v4, -v5, v6 dst_sel:BYTE_2 dst_unused:UNUSED_SEXT src0_sel:DWORD src1_sel:DWORD\n"
      "v_mov_b32_sdwa v7, v1 dst_sel:BYTE_1 dst_unused:UNUSED_PAD src0_sel:WORD_1\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[0][0], 0x00b75678u); /* 0xb2 + 5 into word 1, word 0 kept */
  assert_int_equal(r->vgpr[3][0], 0xffffffa3u);
  assert_int_equal(r->vgpr[4][0], 0xffff0000u); /* 3 - 2^-22 = 0x403fffff: byte 0xff, sign-extended */
  assert_int_equal(r->vgpr[7][0], 0x0000c100u); /* low byte of word 1 into byte 1 */
  free(w);
  free(r);
}

static void compare_class_and_exec_hi(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xabcd0000ffffffffull), *r = calloc(1, sizeof *r);
  static const uint32_t values[5] = {0x7f800000u, 0x80000000u, 0x7fc00000u, 0x00000001u,
                                     0x3f800000u}; /* +inf, -0, qNaN, +denormal, 1.0 */
  for (int l = 0; l < 32; l++) {
    w->vgpr[1][l] = l < 5 ? values[l] : 0; /* +0 elsewhere */
    w->vgpr[2][l] = 1u << 9 | 1u << 5 | 1u << 1 | 1u << 7;
  }
  run("v_cmp_class_f32 vcc_lo, v1, v2\n"
      "s_and_saveexec_b32 s0, vcc_lo\n"
      "s_cbranch_execz skip\n"
      "v_mov_b32 v3, 1\n"
      "skip:\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vcc, 0xf);
  assert_int_equal(r->sgpr[0], 0xffffffffu);
  assert_int_equal(r->exec, 0xabcd00000000000full); /* wave32: exec_hi untouched */
  assert_int_equal(r->vgpr[3][3], 1);
  assert_int_equal(r->vgpr[3][4], 0);
  free(w);
  free(r);
}

static void mad_flushes_denormals_fma_does_not(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  for (int l = 0; l < 32; l++) {
    w->vgpr[1][l] = 0x00000001u; /* smallest denormal */
    w->vgpr[2][l] = fbits(2.0f);
    w->vgpr[3][l] = 0;
    w->vgpr[6][l] = 0;
  }
  run("v_mad_f32 v4, v1, v2, v3\n"
      "v_fma_f32 v5, v1, v2, v3\n"
      "v_mac_f32 v6, v1, v2\n"
      "v_fmac_f32 v7, v1, v2\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[4][0], 0);
  assert_int_equal(r->vgpr[5][0], 2);
  assert_int_equal(r->vgpr[6][0], 0);
  free(w);
  free(r);
  /* legacy multiply: 0 * inf = 0, 0 * NaN = 0 */
  w = wave_new(0xffffffffu);
  r = calloc(1, sizeof *r);
  for (int l = 0; l < 32; l++) {
    w->vgpr[1][l] = 0;
    w->vgpr[2][l] = l & 1 ? 0x7f800000u : 0x7fc00000u; /* inf, NaN */
    w->vgpr[3][l] = fbits(1.5f);
    w->vgpr[9][l] = fbits(2.0f);
  }
  run("v_mul_legacy_f32 v4, v1, v2\n"
      "v_mul_f32 v5, v1, v2\n"
      "v_mad_legacy_f32 v6, v1, v2, v3\n"
      "v_mul_legacy_f32 v7, v3, v3\n"
      "v_mac_legacy_f32 v9, v3, v3\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[4][0], 0);
  assert_int_equal(r->vgpr[4][1], 0);
  assert_int_equal(r->vgpr[5][1] & 0x7f800000u, 0x7f800000u); /* IEEE: NaN */
  assert_int_equal(r->vgpr[6][1], fbits(1.5f));
  assert_int_equal(r->vgpr[7][0], fbits(2.25f));
  assert_int_equal(r->vgpr[9][0], fbits(4.25f));
  free(w);
  free(r);
}

static void lds_reads_writes_and_atomics(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  uint8_t *lds = calloc(1, 4096);
  w->lds = lds;
  w->lds_size = 4096;
  run("v_lshlrev_b32 v1, 2, v0\n"
      "ds_write_b32 v1, v0\n"
      "ds_read_b32 v2, v1 offset:4\n"          /* the next lane's value */
      "v_mov_b32 v3, 0\n"
      "ds_add_rtn_u32 v4, v3, v0 offset:512\n"
      "ds_read_b32 v5, v3 offset:512\n"
      "ds_write2_b32 v1, v0, v2 offset0:64 offset1:96\n" /* at 256 + 4l and 384 + 4l */
      "ds_read2_b32 v[6:7], v1 offset0:64 offset1:96\n"
      "s_endpgm\n",
      false, w, r);
  assert_int_equal(r->vgpr[2][0], 1);
  assert_int_equal(r->vgpr[2][30], 31);
  assert_int_equal(r->vgpr[2][31], 0);
  assert_int_equal(r->vgpr[4][0], 0);
  assert_int_equal(r->vgpr[5][0], 496); /* 0 + 1 + ... + 31 */
  assert_int_equal(r->vgpr[6][7], 7);
  assert_int_equal(r->vgpr[7][7], 8);
  free(lds);
  free(w);
  free(r);
}

/* Buffer, global and scalar memory: the IR carries the address arithmetic the ISA defines
 * (checked on the printed IR; the interpreter does not model those memories). */
static void memory_operations_have_their_addresses(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint32_t observe[] = {IR_REG_SGPR0 + 4, IR_REG_SGPR0 + 5, IR_REG_SGPR0 + 6, IR_REG_VGPR0 + 4};
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      "s_load_dwordx2 s[4:5], s[0:1], 0x10\n"
      "s_buffer_load_dword s6, s[8:11], 0x4\n"
      "buffer_load_dword v1, v0, s[8:11], 0 offen offset:16\n"
      "global_load_dword v2, v[0:1], off offset:8\n"
      "tbuffer_load_format_xy v[3:4], v5, s[8:11], 0 format:[BUF_FMT_32_32_FLOAT] idxen\n"
      "buffer_store_dword v1, v0, s[8:11], s2 idxen\n"
      "global_store_dwordx2 v[0:1], v[2:3], off\n"
      "s_endpgm\n",
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .observe = observe,
                                    .observe_count = 4},
      &st);
  assert_int_equal(st.unsupported_count, 0);
  uint32_t count[IR_OP_COUNT];
  count_ops(fn, count);
  assert_int_equal(count[IR_OP_load_const], 2);        /* two dwords */
  assert_int_equal(count[IR_OP_load_buffer_const], 1);
  assert_int_equal(count[IR_OP_load_buffer_fmt], 1);
  assert_int_equal(count[IR_OP_store_buffer], 1);
  assert_int_equal(count[IR_OP_store_global], 2);
  char *text = ir_text(fn);
  assert_non_null(strstr(text, "const.u32 0x10")); /* the SMEM offset */
  assert_non_null(strstr(text, "const.u64 0x8"));  /* the global offset */
  assert_non_null(strstr(text, "load_buffer_fmt.v4f32 [0x"));
  free(text);
  ir_function_destroy(fn);
}

static void float_mode_writes(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xf3\n"
      "s_round_mode 0x3\n"
      "s_denorm_mode 0xf\n"
      "s_setreg_b32 hwreg(HW_REG_MODE, 4, 4), s0\n"
      "s_endpgm\n",
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .float_mode = 0xf0},
      &st);
  assert_int_equal(fn->float_mode, 0xf0); /* the wave-start MODE: denormals on, nearest */
  uint64_t modes[3];
  uint32_t k = 0;
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && fn->insts[i].op == IR_OP_set_float_mode && k < 3)
      modes[k++] = fn->insts[i].imm;
  assert_int_equal(k, 3);
  assert_int_equal(modes[0], 0xff000000f3ull); /* mask 0xff, value 0xf3 */
  assert_int_equal(modes[1], 0x0f00000003ull);
  assert_int_equal(modes[2], 0xf0000000f0ull);
  assert_int_equal(st.unsupported_count, 0);
  /* MODE from a register: a dynamic hardware-register write (id 1, offset 4, size 4) */
  uint32_t hw = 0;
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && fn->insts[i].op == IR_OP_set_hwreg) {
      assert_int_equal(fn->insts[i].imm, 1 | 4 << 6 | 3 << 11);
      hw++;
    }
  assert_int_equal(hw, 1);
  ir_function_destroy(fn);
}

/* Irreducible SRC: no structure, the fallback reason is recorded, the entry block has no
 * predecessors (an inserted one when ENTRY_INSERTED: the code branches back to pc 0), and
 * the IR (SSA and all) still computes the right s1 for s0 = 0 and 1 (S1[s0]). */
static void check_irreducible_runs(const char *src, bool entry_inserted, const uint32_t s1[2]) {
  struct ir_function *fn =
      translate_asm(src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, NULL);
  assert_false(fn->structured);
  assert_int_equal(fn->structure.fallback, CFG_FALLBACK_IRREDUCIBLE);
  assert_non_null(strstr(fn->structure.reason, "irreducible"));
  uint32_t entry = cfg_graph_entry(fn->cfg);
  assert_int_equal(entry >= fn->structure.original_nodes, entry_inserted);
  assert_int_equal(cfg_graph_pred_count(fn->cfg, entry), 0);
  ir_function_destroy(fn);
  for (uint32_t start = 0; start < 2; start++) {
    struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
    w->sgpr[0] = start;
    run(src, false, w, r);
    assert_int_equal(r->sgpr[1], s1[start]);
    free(w);
    free(r);
  }
}

/* A cycle entered at two places. */
static void irreducible_code_falls_back_and_still_runs(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const char *src = "s_cmp_eq_u32 s0, 0\n"
                           "s_cbranch_scc1 B\n"
                           "A:\n"
                           "s_add_u32 s1, s1, 1\n"
                           "s_cmp_lt_u32 s1, 10\n"
                           "s_cbranch_scc1 B\n"
                           "s_branch END\n"
                           "B:\n"
                           "s_add_u32 s1, s1, 2\n"
                           "s_cmp_lt_u32 s1, 10\n"
                           "s_cbranch_scc1 A\n"
                           "END:\n"
                           "s_endpgm\n";
  /* s0 = 0 enters at B: 2, 3, 5, 6, 8, 9, 11; s0 = 1 enters at A: 1, 3, 4, 6, 7, 9, 10 */
  check_irreducible_runs(src, false, (const uint32_t[2]){11, 10});
}

/* The same kind of cycle plus a branch back to pc 0: the fallback graph still gets an entry
 * block no edge returns to (SSA reads the incoming registers there). */
static void irreducible_code_branching_to_pc0_gets_an_entry(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const char *src = "L0:\n"
                           "s_add_u32 s1, s1, 1\n"
                           "s_cmp_eq_u32 s0, 0\n"
                           "s_cbranch_scc1 B\n"
                           "A:\n"
                           "s_add_u32 s1, s1, 3\n"
                           "s_cmp_lt_u32 s1, 10\n"
                           "s_cbranch_scc1 B\n"
                           "s_branch END\n"
                           "B:\n"
                           "s_add_u32 s1, s1, 2\n"
                           "s_cmp_lt_u32 s1, 10\n"
                           "s_cbranch_scc1 A\n"
                           "s_cmp_lt_u32 s1, 30\n"
                           "s_cbranch_scc1 L0\n"
                           "END:\n"
                           "s_endpgm\n";
  /* s0 = 0: 1, 3 (B), 6 (A), 8, 11; s0 = 1: 1, 4 (A), 6, 9, 11, back to pc 0: 12, 15 */
  check_irreducible_runs(src, true, (const uint32_t[2]){11, 15});
}

/* The loop-exit routing on machine code: an inner loop that continues the outer loop
 * (`if (j == i) continue outer`), breaks out of both (`if (acc > limit) break outer`) and
 * leaves normally to code with a branch of its own, so its exits land in three blocks. The
 * structured result routes them through guards; both interpreter runs must give what the
 * same loops give in C, for limits that take each exit. */
static const char *const routed_loops_src =
    "s_mov_b32 s0, 0\n"          /* i */
    "s_mov_b32 s2, 0\n"          /* acc; s3 = limit, s4 = outer trips */
    "outer:\n"
    "s_mov_b32 s1, 0\n"          /* j */
    "inner:\n"
    "s_add_u32 s2, s2, 1\n"
    "s_add_u32 s1, s1, 1\n"
    "s_cmp_gt_u32 s2, s3\n"
    "s_cbranch_scc1 done\n"      /* break outer */
    "s_cmp_eq_u32 s1, s0\n"
    "s_cbranch_scc1 cont\n"      /* continue outer */
    "s_cmp_lt_u32 s1, 4\n"
    "s_cbranch_scc1 inner\n"
    "s_add_u32 s2, s2, 100\n"    /* after the inner loop */
    "s_bitcmp1_b32 s2, 0\n"
    "s_cbranch_scc0 cont\n"
    "s_add_u32 s2, s2, 7\n"
    "cont:\n"
    "s_add_u32 s0, s0, 1\n"
    "s_cmp_lt_u32 s0, s4\n"
    "s_cbranch_scc1 outer\n"
    "done:\n"                    /* not a bare return: a branch of its own */
    "s_cmp_gt_u32 s2, 500\n"
    "s_cbranch_scc0 end\n"
    "s_add_u32 s2, s2, 1\n"
    "end:\n"
    "s_mul_i32 s5, s2, 3\n"
    "s_endpgm\n";

static void routed_loops_in_c(uint32_t limit, uint32_t trips, uint32_t *i_out, uint32_t *acc_out) {
  uint32_t i = 0, acc = 0;
  do {
    uint32_t j = 0;
    for (;;) {
      acc++;
      j++;
      if (acc > limit) goto done;
      if (j == i) goto cont;
      if (j < 4) continue;
      break;
    }
    acc += 100;
    if (acc & 1) acc += 7;
  cont:
    i++;
  } while (i < trips);
done:
  if (acc > 500) acc++;
  *i_out = i;
  *acc_out = acc;
}

static void nested_loop_exits_are_routed_and_run(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_function *fn = translate_asm(
      routed_loops_src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, NULL);
  assert_true(fn->structured);
  assert_int_equal(fn->structure.routed_loops, 1);
  char err[160];
  assert_true(cfg_structure_check_entries(fn->cfg, &fn->structure, err, sizeof err));
  uint32_t guards = 0;
  for (uint32_t b = 0; b < fn->block_count; b++)
    guards += cfg_structure_routing(&fn->structure, b).kind == CFG_INSERTED_GUARD;
  assert_int_equal(guards, 2); /* three landings: two guards */
  ir_function_destroy(fn);
  static const uint32_t cases[][2] = {{1000, 6}, {1000, 1}, {250, 6}, {3, 6}, {0, 6},
                                      {104, 3}, {520, 9}};
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
    w->sgpr[3] = cases[k][0];
    w->sgpr[4] = cases[k][1];
    run(routed_loops_src, false, w, r);
    uint32_t i, acc;
    routed_loops_in_c(cases[k][0], cases[k][1], &i, &acc);
    assert_int_equal(r->sgpr[0], i);
    assert_int_equal(r->sgpr[2], acc);
    assert_int_equal(r->sgpr[5], acc * 3);
    free(w);
    free(r);
  }
}

/* The selection routing on machine code: in a loop, `if (a) { if (b) X; else goto out; }
 * Y; out: Z` — the inner branch's `goto out` jumps past Y, where the outer arms join,
 * straight to the outer branch's merge. The structured result routes the inner branch's
 * exits through a guard; both interpreter runs (before and after the passes) must give what
 * the same loop gives in C. */
static const char *const routed_selection_src =
    "s_mov_b32 s0, 0\n"          /* i; s3 = trips */
    "s_mov_b32 s2, 1\n"          /* acc */
    "top:\n"
    "s_bitcmp1_b32 s0, 0\n"      /* a: i & 1 */
    "s_cbranch_scc0 join\n"
    "s_bitcmp1_b32 s0, 1\n"      /* b: i & 2 */
    "s_cbranch_scc0 out\n"       /* goto out */
    "s_add_u32 s2, s2, 10\n"     /* X */
    "join:\n"
    "s_mul_i32 s2, s2, 3\n"      /* Y */
    "out:\n"
    "s_add_u32 s2, s2, s0\n"     /* Z */
    "s_add_u32 s0, s0, 1\n"
    "s_cmp_lt_u32 s0, s3\n"
    "s_cbranch_scc1 top\n"
    "s_mul_i32 s5, s2, 5\n"
    "s_endpgm\n";

static uint32_t routed_selection_in_c(uint32_t trips) {
  uint32_t i = 0, acc = 1;
  do {
    if (i & 1) {
      if (!(i & 2)) goto out;
      acc += 10;
    }
    acc *= 3;
  out:
    acc += i;
    i++;
  } while (i < trips);
  return acc;
}

static void selection_exits_are_routed_and_run(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_function *fn = translate_asm(
      routed_selection_src, (struct ir_translate_options){.wave_size = 32, .run_passes = true},
      NULL);
  assert_true(fn->structured);
  assert_int_equal(fn->structure.routed_selections, 1);
  assert_int_equal(fn->structure.routed_loops, 0);
  char err[160];
  assert_true(cfg_structure_check_entries(fn->cfg, &fn->structure, err, sizeof err));
  uint32_t guards = 0;
  for (uint32_t b = 0; b < fn->block_count; b++)
    guards += cfg_structure_routing(&fn->structure, b).kind == CFG_INSERTED_GUARD;
  assert_int_equal(guards, 1); /* two places: Y and out */
  ir_function_destroy(fn);
  static const uint32_t trips[] = {0, 1, 2, 3, 4, 7, 8, 13};
  for (size_t k = 0; k < sizeof trips / sizeof trips[0]; k++) {
    struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
    w->sgpr[3] = trips[k];
    run(routed_selection_src, false, w, r);
    uint32_t acc = routed_selection_in_c(trips[k]);
    assert_int_equal(r->sgpr[0], trips[k] ? trips[k] : 1);
    assert_int_equal(r->sgpr[2], acc);
    assert_int_equal(r->sgpr[5], acc * 5);
    free(w);
    free(r);
  }
}

/* Calls (docs/shader-ir.md, *Control flow*): discovery follows each s_swappc's return point;
 * a s_setpc through the return address becomes a compare chain over the return points and
 * a no-match node (bad_jump, the wave ends); a s_swappc through a pair kept across a call
 * one over the callees. Run in the interpreter against the C of the same calls. */
#define CALL_TO(pair, lo, hi, label, n)                                                      \
  "s_getpc_b64 s[" #pair "]\n"                                                             \
  "pc" #n ":\n"                                                                            \
  "s_add_u32 s" #lo ", s" #lo ", " #label " - pc" #n "\n"                                  \
  "s_addc_u32 s" #hi ", s" #hi ", (" #label " - pc" #n ") >> 32\n"                         \
  "s_swappc_b64 s[30:31], s[" #pair "]\n"
static const char *const calls_src =
    "s_mov_b32 s0, 3\n"
    CALL_TO(4:5, 4, 5, triple, 0) /* s0 = 3 * 3 + 1 */
    "s_add_u32 s0, s0, 2\n"
    "s_swappc_b64 s[30:31], s[4:5]\n" /* the callee's address kept: s0 = 37 */
    CALL_TO(6:7, 6, 7, outer, 1)      /* s0 = (37 ^ 5) * 3 + 1 + 100 */
    "s_call_b64 s[30:31], triple\n"  /* PC-relative: s0 = s0 * 3 + 1 */
    "s_mov_b32 s2, s0\n"
    "s_endpgm\n"
    "triple:\n"
    "s_mul_i32 s0, s0, 3\n"
    "s_add_u32 s0, s0, 1\n"
    "s_setpc_b64 s[30:31]\n"
    "outer:\n"
    "s_mov_b64 s[34:35], s[30:31]\n"
    "s_xor_b32 s0, s0, 5\n"
    CALL_TO(8:9, 8, 9, triple, 2)
    "s_add_u32 s0, s0, 100\n"
    "s_mov_b64 s[30:31], s[34:35]\n"
    "s_setpc_b64 s[30:31]\n";

static void calls_and_returns_are_multiway_branches(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      calls_src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 0);
  assert_int_equal(fn->indirect_jumps.count, 0);
  uint32_t ops[IR_OP_COUNT];
  count_ops(fn, ops);
  /* two returns over the 5 return points and one call over the 2 callees, each with its
   * no-match node */
  assert_int_equal(ops[IR_OP_bad_jump], 3);
  /* every return point is reached: the blocks after the three constant calls and the
   * kept-address call (and s_call_b64's, not counted here) */
  size_t n;
  uint32_t *w = assemble(calls_src, &n, false);
  uint32_t points = 0;
  for (uint32_t d = 0; d + 1 < n; d++) {
    if (w[d] != 0xbe9e2104 && w[d] != 0xbe9e2106 && w[d] != 0xbe9e2108) continue;
    /* s_swappc_b64 s[30:31], s[4|6|8:...]: the block at the next dword is reachable */
    for (uint32_t b = 0; b < fn->block_count; b++)
      if (fn->blocks[b].pc == (d + 1) * 4 && cfg_graph_reachable(fn->cfg, b)) {
        points++;
        break;
      }
  }
  free(w);
  assert_int_equal(points, 4);
  ir_function_destroy(fn);
  /* at code base 0 and at a guest code address whose low word carries into the high one
   * when an offset is added (s_getpc and the return addresses are the base plus offsets) */
  static const uint64_t bases[] = {0, 0x1234ffffff00ull};
  for (uint32_t k = 0; k < 2; k++) {
    struct ir_interp_wave *iw = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
    iw->code_base = bases[k];
    run(calls_src, false, iw, r);
    uint32_t x = 3 * 3 + 1;
    x = (x + 2) * 3 + 1;
    x = ((x ^ 5) * 3 + 1) + 100;
    x = x * 3 + 1;
    assert_int_equal(r->sgpr[0], x);
    assert_int_equal(r->sgpr[2], x);
    assert_int_equal(r->fault.count, 0);
    /* the last call (s_call_b64 at 0x3c after two CALL_TO of 0x18 bytes each, the distances
     * literals) left its guest return address */
    uint64_t ret = bases[k] + 0x40;
    assert_int_equal(r->sgpr[30], (uint32_t)ret);
    assert_int_equal(r->sgpr[31], (uint32_t)(ret >> 32));
    free(iw);
    free(r);
  }
}

/* s_getpc_b64 gives the guest address of the next instruction: the wave's code base plus
 * its offset (0x1234ffffff00 + 8), and a distance added to it carries into the high word
 * (0x123500000008) */
static void getpc_is_the_guest_address(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const char *const src = "s_nop 0\n"
                                 "s_getpc_b64 s[4:5]\n"
                                 "s_add_u32 s6, s4, 0x100\n"
                                 "s_addc_u32 s7, s5, 0\n"
                                 "s_endpgm\n";
  struct ir_interp_wave *iw = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  iw->code_base = 0x1234ffffff00ull;
  run(src, false, iw, r);
  assert_int_equal(r->sgpr[4], 0xffffff08u); /* s_nop 4 bytes + s_getpc 4 bytes */
  assert_int_equal(r->sgpr[5], 0x1234u);
  assert_int_equal(r->sgpr[6], 0x00000008u);
  assert_int_equal(r->sgpr[7], 0x1235u);
  free(iw);
  free(r);
}

/* A return to an address that is none of the return points (here the return address + 4)
 * is a jump fault: counted with the value and the s_setpc's offset, and the wave ends
 * (the code after the call does not run). A s_swappc whose target pair is the one it
 * writes is not followed (reported as before), nor are returns past the bound on compare
 * nodes. */
static void bad_returns_fault_and_end_the_wave(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const char *const src = "s_mov_b32 s2, 1\n"
                                 CALL_TO(4:5, 4, 5, f, 0)
                                 "s_mov_b32 s2, 2\n"
                                 "s_endpgm\n"
                                 "f:\n"
                                 "s_add_u32 s30, s30, 4\n"
                                 "s_setpc_b64 s[30:31]\n";
  for (int passes = 0; passes < 2; passes++) {
    struct ir_function *fn = translate_asm(
        src, (struct ir_translate_options){.wave_size = 32, .run_passes = passes}, NULL);
    struct ir_interp_wave *iw = wave_new(0xffffffffu);
    iw->code_base = 0x7f0000004000ull; /* the value is a guest address */
    char err[160];
    bool ok = ir_interp_run(fn, iw, 1000, err, sizeof err);
    if (!ok) fprintf(stderr, "interp: %s\n", err);
    assert_true(ok);
    assert_int_equal(iw->fault.count, 1);
    assert_int_equal(iw->fault.kind, IR_INTERP_FAULT_JUMP);
    /* s_swappc at 0x18 (the distance's halves are literals), its return point 0x1c, + 4
     * (the s_endpgm: code, but no return point); the s_setpc at 0x28 (llvm-objdump-19) */
    assert_int_equal(iw->fault.addr, 0x7f0000004020ull);
    assert_int_equal(iw->fault.pc, 0x28);
    if (!passes) assert_int_equal(iw->sgpr[2], 1); /* raw IR: registers are the wave's */
    free(iw);
    ir_function_destroy(fn);
  }
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(CALL_TO(4:5, 4, 5, g, 0)
                                         "s_swappc_b64 s[30:31], s[30:31]\n"
                                         "s_endpgm\n"
                                         "g:\n"
                                         "s_setpc_b64 s[30:31]\n",
                                         (struct ir_translate_options){.wave_size = 32}, &st);
  assert_int_equal(fn->indirect_jumps.count, 1);
  assert_int_equal(fn->indirect_jumps.reason, IR_INDIRECT_INCOMING);
  assert_int_equal(fn->indirect_jumps.offset, 0x18); /* after the 0x18 bytes of CALL_TO */
  assert_int_equal(st.unsupported_count, 1);
  ir_function_destroy(fn);
  /* 300 functions called once each: 300 returns x 301 compare nodes exceed the bound
   * (XL_MAX_DISPATCH_NODES, 65536): the returns stay unresolved instead */
  size_t cap = 300 * 160 + 64, len = 0;
  char *big = malloc(cap);
  assert_non_null(big);
  for (int k = 0; k < 300; k++)
    len += (size_t)snprintf(big + len, cap - len,
                            "s_getpc_b64 s[4:5]\np%d:\ns_add_u32 s4, s4, f%d - p%d\n"
                            "s_addc_u32 s5, s5, 0\ns_swappc_b64 s[30:31], s[4:5]\n",
                            k, k, k);
  len += (size_t)snprintf(big + len, cap - len, "s_endpgm\n");
  for (int k = 0; k < 300; k++)
    len += (size_t)snprintf(big + len, cap - len, "f%d:\ns_setpc_b64 s[30:31]\n", k);
  assert_true(len < cap);
  fn = translate_asm(big, (struct ir_translate_options){.wave_size = 32}, &st);
  free(big);
  /* the first callee's return ends the only path that reaches a block */
  assert_int_equal(fn->indirect_jumps.count, 1);
  assert_int_equal(fn->indirect_jumps.reason, IR_INDIRECT_INCOMING);
  assert_int_equal(st.unsupported_count, 1);
  uint32_t ops[IR_OP_COUNT];
  count_ops(fn, ops);
  assert_int_equal(ops[IR_OP_bad_jump], 0);
  ir_function_destroy(fn);
}

/* s_setpc/s_swappc through a register that is not a constant of the block: the jump is an
 * `unsupported` operation, the function records how many and the first one's typed reason,
 * offset and register, and the log names the instruction, registers, offset and reason. */
static void unresolved_indirect_jumps_have_typed_reasons(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const struct {
    const char *src;
    enum ir_indirect_jump reason;
    uint32_t offset, sgpr, count;
    const char *log;
  } cases[] = {
      {"s_load_dwordx2 s[4:5], s[0:1], 0x10\n" /* a function pointer or table entry */
       "s_waitcnt lgkmcnt(0)\n"
       "s_setpc_b64 s[4:5]\n",
       IR_INDIRECT_LOADED, 12, 4, 1, "s_setpc_b64 s[4:5] at 0xc is not translated: the target "
                                     "is loaded from memory"},
      {"s_getpc_b64 s[4:5]\n" /* pc + a scaled index: not a constant */
       "s_lshl_b32 s6, s7, 2\n"
       "s_add_u32 s4, s4, s6\n"
       "s_addc_u32 s5, s5, 0\n"
       "s_setpc_b64 s[4:5]\n",
       IR_INDIRECT_COMPUTED, 16, 4, 1, "constant tracker does not follow"},
      {"v_mov_b32 v1, 1\n" /* a return: the address arrived in s[30:31] */
       "s_setpc_b64 s[30:31]\n",
       IR_INDIRECT_INCOMING, 4, 30, 1, "s_setpc_b64 s[30:31] at 0x4 is not translated: the "
                                       "target is set before the block"},
      {"s_getpc_b64 s[4:5]\n" /* a load over a tracked constant replaces it */
       "s_load_dwordx2 s[4:5], s[4:5], 0x100\n"
       "s_waitcnt lgkmcnt(0)\n"
       "s_setpc_b64 s[4:5]\n",
       IR_INDIRECT_LOADED, 16, 4, 1, "s_setpc_b64 s[4:5] at 0x10"},
      {"s_load_dwordx2 s[8:9], s[0:1], 0x0\n" /* a call through a loaded pointer */
       "s_mov_b32 s9, 0\n" /* only the low half is loaded: still a load */
       "s_waitcnt lgkmcnt(0)\n"
       "s_swappc_b64 s[30:31], s[8:9]\n",
       IR_INDIRECT_LOADED, 16, 8, 1, "s_swappc_b64 s[8:9] at 0x10"},
  };
  char path[] = "/tmp/prospero-ir-log-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    assert_true(log_open_file(path));
    struct ir_translate_stats st;
    char src[512];
    snprintf(src, sizeof src, "%ss_endpgm\n", cases[k].src);
    struct ir_function *fn = translate_asm(
        src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
    log_close();
    assert_int_equal(fn->indirect_jumps.count, cases[k].count);
    assert_int_equal(fn->indirect_jumps.reason, cases[k].reason);
    assert_int_equal(fn->indirect_jumps.offset, cases[k].offset);
    assert_int_equal(fn->indirect_jumps.sgpr, cases[k].sgpr);
    assert_int_equal(st.unsupported_count, 1);
    uint32_t ops[IR_OP_COUNT];
    count_ops(fn, ops);
    assert_int_equal(ops[IR_OP_unsupported], 1);
    ir_function_destroy(fn);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char text[4096] = {0};
    size_t got = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[got] = 0;
    if (!strstr(text, cases[k].log)) fprintf(stderr, "log: %s\n", text);
    assert_non_null(strstr(text, cases[k].log));
    assert_non_null(strstr(text, ir_indirect_jump_name(cases[k].reason)));
    f = fopen(path, "w"); /* empty it for the next case */
    assert_non_null(f);
    fclose(f);
  }
  unlink(path);
  /* a constant target is followed and recorded as nothing */
  struct ir_function *fn = translate_asm("s_getpc_b64 s[4:5]\n"
                                         "s_add_u32 s4, s4, 8\n"
                                         "s_addc_u32 s5, s5, 0\n"
                                         "s_setpc_b64 s[4:5]\n"
                                         "s_nop 0\n"
                                         "s_endpgm\n",
                                         (struct ir_translate_options){.wave_size = 32}, NULL);
  assert_int_equal(fn->indirect_jumps.count, 0);
  assert_int_equal(fn->indirect_jumps.reason, IR_INDIRECT_NONE);
  ir_function_destroy(fn);
}

static void bad_code_gives_clear_errors(void **state) {
  (void)state;
  struct ir_translate_error err;
  struct ir_translate_options o = {.wave_size = 32};
  /* s_branch to far outside the code */
  uint32_t branch_out[] = {0xbf827fff};
  assert_null(ir_translate(branch_out, 1, &o, &err, NULL));
  assert_non_null(strstr(err.msg, "outside"));
  assert_int_equal(err.offset, 0);
  /* s_nop then nothing: runs past the end */
  uint32_t no_end[] = {0xbf800000};
  assert_null(ir_translate(no_end, 1, &o, &err, NULL));
  assert_non_null(strstr(err.msg, "past the end"));
  /* empty */
  assert_null(ir_translate(no_end, 0, &o, &err, NULL));
  assert_non_null(strstr(err.msg, "empty"));
  /* an undecodable word after an s_nop: its offset is reported */
  uint32_t junk[] = {0xbf800000, 0xffffffff, 0xbf810000};
  assert_null(ir_translate(junk, 3, &o, &err, NULL));
  assert_int_equal(err.offset, 4);
  /* s_endpgm alone is a one-block program */
  uint32_t end[] = {0xbf810000};
  struct ir_function *fn = ir_translate(end, 1, &o, &err, NULL);
  assert_non_null(fn);
  assert_int_equal(fn->block_count, 1);
  ir_function_destroy(fn);
}

/* Compiles LL (a pixel shader returning its result in v0), translates it with the passes
 * and checks what every llc test needs: no untranslated instruction, a structured CFG that
 * passes the SPIR-V rules, LOOPS natural loops. */
static struct ir_function *translate_llc_ps(const char *ll, const char *label, uint32_t loops) {
  struct ir_translate_stats st;
  struct ir_function *fn = translate_llc_v0(ll, &st);
  fprintf(stderr, "%s: %u instructions, %u blocks, %u loops, %s\n", label, st.instructions,
          st.blocks, cfg_graph_loop_count(fn->cfg),
          fn->structured ? "structured" : fn->structure.reason);
  assert_int_equal(cfg_graph_loop_count(fn->cfg), loops);
  assert_true(fn->structured);
  char msg[256];
  assert_true(cfg_structure_check_entries(fn->cfg, &fn->structure, msg, sizeof msg));
  return fn;
}

/* Real compiler output: llc-19 for gfx1013 from LLVM IR with a uniform loop, a uniform
 * branch and a divergent one (which llc lowers to EXEC masking). The pixel shader returns
 * its result in v0, so the interpreter can check it against the same computation in C. */
static float reference(float x, int n) {
  float acc = x;
  int i = 0;
  do {
    if ((i & 1) == 0) acc = acc + 1.0f;
    if (acc > 8.0f) acc = acc * 0.5f;
    i++;
  } while (i < n);
  return acc;
}

static void llc_output_translates_structured_and_runs(void **state) {
  (void)state;
  SKIP_WITHOUT_LLC();
  static const char *ll =
      "define amdgpu_ps float @main(i32 inreg %n, float %x) {\n"
      "entry:\n"
      "  br label %loop\n"
      "loop:\n"
      "  %i = phi i32 [ 0, %entry ], [ %i1, %next ]\n"
      "  %acc = phi float [ %x, %entry ], [ %acc4, %next ]\n"
      "  %odd = and i32 %i, 1\n"
      "  %c = icmp eq i32 %odd, 0\n"
      "  br i1 %c, label %even, label %cont\n"
      "even:\n"
      "  %acce = fadd float %acc, 1.0\n"
      "  br label %cont\n"
      "cont:\n"
      "  %acc2 = phi float [ %acce, %even ], [ %acc, %loop ]\n"
      "  %big = fcmp ogt float %acc2, 8.0\n"
      "  br i1 %big, label %half, label %next\n"
      "half:\n"
      "  %acc3 = fmul float %acc2, 0.5\n"
      "  br label %next\n"
      "next:\n"
      "  %acc4 = phi float [ %acc3, %half ], [ %acc2, %cont ]\n"
      "  %i1 = add i32 %i, 1\n"
      "  %again = icmp slt i32 %i1, %n\n"
      "  br i1 %again, label %loop, label %done\n"
      "done:\n"
      "  ret float %acc4\n"
      "}\n";
  struct ir_function *fn = translate_llc_ps(ll, "llc shader", 1);
  assert_true(fn->block_count >= 3);
  char msg[256];
  for (int count = 1; count <= 9; count += 4) {
    struct ir_interp_wave *w = wave_new(0xffffffffu);
    w->sgpr[0] = (uint32_t)count;
    for (int l = 0; l < 32; l++) w->vgpr[0][l] = fbits((float)l * 0.75f);
    bool ok = ir_interp_run(fn, w, 100000, msg, sizeof msg);
    if (!ok) fprintf(stderr, "interp: %s\n", msg);
    assert_true(ok);
    for (int l = 0; l < 32; l++)
      assert_int_equal(w->vgpr[0][l], fbits(reference((float)l * 0.75f, count)));
    free(w);
  }
  ir_function_destroy(fn);
}

/* Nested divergent loops with a per-lane break and an early return inside the outer loop:
 * llc turns them into EXEC-mask bookkeeping (Flow blocks, loop-exit guards). */
static float reference_nested(float x, int k, int n, int m) {
  float acc = x;
  for (int i = 0;;) {
    float a = acc, acc_i;
    for (int j = 0;;) {
      float a1 = a + 0.25f;
      if (j > i + k) {
        acc_i = a1;
        break;
      }
      float a2 = (j & 3) == 0 ? a1 : a;
      j++;
      if (!(j < m)) {
        acc_i = a2;
        break;
      }
      a = a2;
    }
    if (acc_i < 3.0f) return acc_i * -1.0f;
    acc = acc_i * 0.75f;
    if (!(++i < n)) return acc;
  }
}

static void llc_nested_loops_break_and_early_return(void **state) {
  (void)state;
  SKIP_WITHOUT_LLC();
  static const char *ll =
      "define amdgpu_ps float @main(i32 inreg %n, i32 inreg %m, float %x, i32 %k) {\n"
      "entry:\n  br label %outer\n"
      "outer:\n"
      "  %i = phi i32 [ 0, %entry ], [ %i1, %outer_latch ]\n"
      "  %acc = phi float [ %x, %entry ], [ %acc_o, %outer_latch ]\n"
      "  br label %inner\n"
      "inner:\n"
      "  %j = phi i32 [ 0, %outer ], [ %j1, %inner_latch ]\n"
      "  %a = phi float [ %acc, %outer ], [ %a2, %inner_latch ]\n"
      "  %a1 = fadd float %a, 0.25\n"
      "  %lim = add i32 %i, %k\n"
      "  %brk = icmp sgt i32 %j, %lim\n"
      "  br i1 %brk, label %inner_exit, label %inner_latch\n"
      "inner_latch:\n"
      "  %sel = and i32 %j, 3\n"
      "  %is0 = icmp eq i32 %sel, 0\n"
      "  %a2 = select i1 %is0, float %a1, float %a\n"
      "  %j1 = add i32 %j, 1\n"
      "  %jc = icmp slt i32 %j1, %m\n"
      "  br i1 %jc, label %inner, label %inner_exit\n"
      "inner_exit:\n"
      "  %acc_i = phi float [ %a1, %inner ], [ %a2, %inner_latch ]\n"
      "  %neg = fcmp olt float %acc_i, 3.0\n"
      "  br i1 %neg, label %early, label %outer_latch\n"
      "early:\n  %r = fmul float %acc_i, -1.0\n  ret float %r\n"
      "outer_latch:\n"
      "  %acc_o = fmul float %acc_i, 0.75\n"
      "  %i1 = add i32 %i, 1\n"
      "  %ic = icmp slt i32 %i1, %n\n"
      "  br i1 %ic, label %outer, label %done\n"
      "done:\n  ret float %acc_o\n"
      "}\n";
  struct ir_function *fn = translate_llc_ps(ll, "llc nested shader", 2);
  char msg[256];
  static const int params[][2] = {{1, 1}, {3, 5}, {4, 2}, {6, 9}};
  for (size_t p = 0; p < sizeof params / sizeof *params; p++) {
    struct ir_interp_wave *w = wave_new(0xffffffffu);
    w->sgpr[0] = (uint32_t)params[p][0];
    w->sgpr[1] = (uint32_t)params[p][1];
    for (int l = 0; l < 32; l++) {
      w->vgpr[0][l] = fbits(1.0f + (float)l * 0.5f);
      w->vgpr[1][l] = (uint32_t)(l % 5 - 1);
    }
    bool ok = ir_interp_run(fn, w, 100000, msg, sizeof msg);
    if (!ok) fprintf(stderr, "interp: %s\n", msg);
    assert_true(ok);
    for (int l = 0; l < 32; l++) {
      uint32_t want = fbits(reference_nested(1.0f + (float)l * 0.5f, l % 5 - 1, params[p][0],
                                             params[p][1]));
      if (w->vgpr[0][l] != want)
        fprintf(stderr, "lane %d n=%d m=%d: got 0x%08x want 0x%08x\n", l, params[p][0],
                params[p][1], w->vgpr[0][l], want);
      assert_int_equal(w->vgpr[0][l], want);
    }
    free(w);
  }
  ir_function_destroy(fn);
}

/* An instruction without a translation is counted (and becomes an `unsupported` operation)
 * every time, but logged once per opcode however often it occurs (translate.h). */
static void unsupported_logged_once(void **state) {
  (void)state;
  char path[] = "/tmp/prospero-ir-log-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  enum log_level saved = log_thresholds[LOG_CAT_shader];
  log_thresholds[LOG_CAT_shader] = LOG_LEVEL_DEBUG;
  assert_true(log_open_file(path));
  for (int k = 0; k < 2; k++) { /* twice: once per process, not per translation */
    struct ir_translate_stats st;
    struct ir_function *fn = translate_asm("s_setkill 1\n"
                                           "s_sethalt 0\n"
                                           "s_setkill 0\n"
                                           "s_setkill 1\n"
                                           "s_endpgm\n",
                                           (struct ir_translate_options){.wave_size = 32}, &st);
    assert_int_equal(st.unsupported_count, 4);
    uint32_t ops[IR_OP_COUNT];
    count_ops(fn, ops);
    assert_int_equal(ops[IR_OP_unsupported], 4);
    ir_function_destroy(fn);
  }
  log_close();
  log_thresholds[LOG_CAT_shader] = saved;
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char text[4096] = {0};
  size_t got = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  unlink(path);
  text[got] = 0;
  unsigned setkill = 0, sethalt = 0;
  for (const char *p = text; (p = strstr(p, "no IR translation for s_setkill")); p++) setkill++;
  for (const char *p = text; (p = strstr(p, "no IR translation for s_sethalt")); p++) sethalt++;
  if (setkill != 1 || sethalt != 1) fprintf(stderr, "log: %s\n", text);
  assert_int_equal(setkill, 1);
  assert_int_equal(sethalt, 1);
}

/* Last: every shader above went through the structuriser with its predicted finishes
 * checked by running the round they skip (cfg_structure_check_rounds). */
static void structuriser_predicted_finishes_agree(void **state) {
  (void)state;
  printf("predicted finishes checked: %u, changed by the round: %u\n",
         cfg_structure_round_checks(), cfg_structure_round_mismatches());
  assert_true(cfg_structure_round_checks() > 0);
  assert_int_equal(cfg_structure_round_mismatches(), 0);
}

int main(void) {
  ir_debug_validate = true;
  cfg_structure_check_rounds = true; /* the structuriser's predicted finishes are checked */
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(scalar_carry_borrow_and_select),
      cmocka_unit_test(unsupported_logged_once),
      cmocka_unit_test(inactive_lanes_keep_their_values),
      cmocka_unit_test(compare_saveexec_and_branch),
      cmocka_unit_test(scalar_loop_sums),
      cmocka_unit_test(nested_loop_exits_are_routed_and_run),
      cmocka_unit_test(selection_exits_are_routed_and_run),
      cmocka_unit_test(unresolved_indirect_jumps_have_typed_reasons),
      cmocka_unit_test(calls_and_returns_are_multiway_branches),
      cmocka_unit_test(getpc_is_the_guest_address),
      cmocka_unit_test(bad_returns_fault_and_end_the_wave),
      cmocka_unit_test(float_modifiers_and_select),
      cmocka_unit_test(vector_carry_chain_64bit),
      cmocka_unit_test(wave64_masks),
      cmocka_unit_test(constant_setpc_target_is_followed),
      cmocka_unit_test(packed_16bit_halves),
      cmocka_unit_test(interpolation_and_exports),
      cmocka_unit_test(image_operations_carry_dim_dmask_and_coordinates),
      cmocka_unit_test(dpp_cross_lane_moves),
      cmocka_unit_test(sdwa_selects_and_destination_rules),
      cmocka_unit_test(compare_class_and_exec_hi),
      cmocka_unit_test(mad_flushes_denormals_fma_does_not),
      cmocka_unit_test(lds_reads_writes_and_atomics),
      cmocka_unit_test(memory_operations_have_their_addresses),
      cmocka_unit_test(float_mode_writes),
      cmocka_unit_test(irreducible_code_falls_back_and_still_runs),
      cmocka_unit_test(irreducible_code_branching_to_pc0_gets_an_entry),
      cmocka_unit_test(bad_code_gives_clear_errors),
      cmocka_unit_test(llc_output_translates_structured_and_runs),
      cmocka_unit_test(llc_nested_loops_break_and_early_return),
      cmocka_unit_test(structuriser_predicted_finishes_agree),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
