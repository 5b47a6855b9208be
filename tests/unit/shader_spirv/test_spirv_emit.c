/* IR -> SPIR-V for compute shaders: GFX10 kernels (assembled by llvm-mc-19 at test time,
 * translated with the passes) are emitted in wave32 and wave64 and every module is checked
 * by SPIRV-Tools' validator; the dump names each block's guest pc; what is not emitted is
 * a counted error naming the operation, never a module. */
#include "xl_test_harness.h"

#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "spv_kernels.h"

/* Kernels use s[4:7] as the V# of their output buffer, v9 = lane * 4 as its offset. */
#define PRE32 "v_lshlrev_b32 v9, 2, v0\n"
#define STORE_V1 "buffer_store_dword v1, v9, s[4:7], 0 offen\n"

static struct ir_function *translate(const char *src, bool wave64) {
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      src, (struct ir_translate_options){.wave_size = wave64 ? 64 : 32, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 0);
  return fn;
}

/* Emits FN, validates the module and returns its disassembly (malloc'd). */
static char *emit_valid(const struct ir_function *fn) {
  struct spirv_module m;
  bool ok =
      spirv_emit_compute(fn,
                         &(struct spirv_emit_options){
                             .source_name = "kernel", .denorm_preserve_f32 = true, .rte_f32 = true},
                         &m);
  if (!ok) fprintf(stderr, "emit: %s\n", m.error);
  assert_true(ok);
  assert_int_equal(m.unsupported, 0);
  assert_true(spv_check_valid(m.words, m.count));
  char *dis = spv_check_disassemble(m.words, m.count);
  assert_non_null(dis);
  spirv_module_free(&m);
  return dis;
}

/* Every block with a guest pc is named after it and starts with an OpLine of that pc. */
static void assert_blocks_named(const struct ir_function *fn, const char *dis) {
  for (uint32_t b = 0; b < fn->block_count; b++) {
    if (fn->blocks[b].pc == IR_NONE || !cfg_graph_reachable(fn->cfg, b)) continue;
    char name[64], line[64];
    snprintf(name, sizeof name, "OpName %%b%u_pc_%04x \"b%u_pc_%04x\"", b, fn->blocks[b].pc, b,
             fn->blocks[b].pc);
    snprintf(line, sizeof line, " %u 0\n", fn->blocks[b].pc);
    if (!strstr(dis, name)) fprintf(stderr, "missing %s in\n%s\n", name, dis);
    assert_non_null(strstr(dis, name));
    assert_non_null(strstr(dis, line));
  }
}

static const char *kernels32[] = {
    /* integer and float ALU */
    SPV_KERNEL_ALU,
    /* compare, EXEC if/else */
    PRE32
    "v_mov_b32 v1, 1\n"
    "v_cmp_gt_u32 vcc_lo, 5, v0\n"
    "s_and_saveexec_b32 s0, vcc_lo\n"
    "s_cbranch_execz else\n"
    "v_mov_b32 v1, 7\n"
    "else:\n"
    "s_andn2_b32 exec_lo, s0, exec_lo\n"
    "s_cbranch_execz end\n"
    "v_mov_b32 v1, 9\n"
    "end:\n"
    "s_or_b32 exec_lo, exec_lo, s0\n" STORE_V1 "s_endpgm\n",
    /* scalar loop */
    PRE32
    "s_mov_b32 s0, 0\n"
    "v_mov_b32 v1, 0\n"
    "loop:\n"
    "v_add_nc_u32 v1, v1, v0\n"
    "s_add_u32 s0, s0, 1\n"
    "s_cmp_lt_u32 s0, 5\n"
    "s_cbranch_scc1 loop\n" STORE_V1 "s_endpgm\n",
    /* divergent loop: each lane runs v0 + 1 times */
    PRE32
    "v_mov_b32 v1, 0\n"
    "v_mov_b32 v2, v0\n"
    "s_mov_b32 s0, exec_lo\n"
    "loop:\n"
    "v_add_nc_u32 v1, v1, 3\n"
    "v_cmp_ne_u32 vcc_lo, 0, v2\n"
    "v_subrev_nc_u32 v2, 1, v2\n"
    "s_and_b32 exec_lo, exec_lo, vcc_lo\n"
    "s_cbranch_execnz loop\n"
    "s_mov_b32 exec_lo, s0\n" STORE_V1 "s_endpgm\n",
    /* buffer load (range checked) from s[8:11], global store through s[0:1], readfirstlane */
    SPV_KERNEL_LOAD,
};

static void kernels_wave32_validate(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  for (size_t k = 0; k < sizeof kernels32 / sizeof *kernels32; k++) {
    struct ir_function *fn = translate(kernels32[k], false);
    char *dis = emit_valid(fn);
    assert_blocks_named(fn, dis);
    assert_non_null(strstr(dis, "LocalSize 32 1 1"));
    /* one declaration per type, capabilities once */
    assert_int_equal(spv_check_count(dis, "OpTypeInt 32 0"), 1);
    assert_int_equal(spv_check_count(dis, "OpCapability Int64"), 1);
    assert_int_equal(spv_check_count(dis, "OpCapability Shader"), 1);
    free(dis);
    ir_function_destroy(fn);
  }
}

static void kernels_wave64_validate(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const char *k64 = PRE32
      "v_mov_b32 v1, 1\n"
      "v_cmp_gt_u32 vcc, 40, v0\n"
      "s_and_saveexec_b64 s[0:1], vcc\n"
      "s_cbranch_execz end\n"
      "v_mov_b32 v1, 7\n"
      "end:\n"
      "s_or_b64 exec, exec, s[0:1]\n"
      "s_bcnt1_i32_b64 s2, vcc\n"
      "v_add_nc_u32 v1, s2, v1\n" STORE_V1 "s_endpgm\n";
  struct ir_function *fn = translate(k64, true);
  char *dis = emit_valid(fn);
  assert_blocks_named(fn, dis);
  assert_non_null(strstr(dis, "LocalSize 64 1 1"));
  /* the ballot goes through workgroup memory with a barrier */
  assert_non_null(strstr(dis, "OpControlBarrier"));
  assert_non_null(strstr(dis, "OpAtomicOr"));
  free(dis);
  ir_function_destroy(fn);
}

/* Float-free integer kernels declare no float controls; kernels with float arithmetic
 * declare IEEE denormals and round-to-nearest-even (the device permitting). */
static void capabilities_only_when_used(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_function *fn = translate(kernels32[2], false);
  char *dis = emit_valid(fn);
  assert_null(strstr(dis, "DenormPreserve"));
  assert_null(strstr(dis, "OpTypePointer Workgroup")); /* no cross-lane operation */
  /* no atomic but the fault record's count (fault_flush, once per module) */
  assert_int_equal(spv_check_count(dis, "OpAtomic"), 1);
  assert_non_null(strstr(dis, "OpAtomicIAdd"));
  /* its one store is the only memory access: no other lane's access can meet it, no fence */
  assert_non_null(strstr(dis, "OpStore"));
  assert_int_equal(spv_check_count(dis, "OpControlBarrier"), 0);
  free(dis);
  ir_function_destroy(fn);
  fn = translate(kernels32[0], false);
  dis = emit_valid(fn);
  assert_int_equal(spv_check_count(dis, "OpCapability DenormPreserve"), 1);
  assert_non_null(strstr(dis, "DenormPreserve 32"));
  assert_non_null(strstr(dis, "RoundingModeRTE 32"));
  free(dis);
  ir_function_destroy(fn);
}

/* A write is fenced before it when an access may precede it since the last fence, after
 * it when one may follow before the next (lanes run a memory instruction together,
 * invocations do not), across blocks and loops too. */
static void fences_only_where_lanes_can_meet(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const struct {
    const char *src;
    unsigned barriers;
  } cases[] = {
      /* a load, then the store: fenced before it only */
      {PRE32 "buffer_load_dword v1, v9, s[4:7], 0 offen\n"
             "s_waitcnt vmcnt(0)\n" STORE_V1 "s_endpgm\n",
       1},
      /* a store, a load, a store: after the first, before the second (the same fence), and
       * before the second store (after the load) */
      {PRE32 "v_mov_b32 v1, 5\n" STORE_V1 "buffer_load_dword v2, v9, s[4:7], 0 offen\n"
             "s_waitcnt vmcnt(0)\n"
             "buffer_store_dword v2, v9, s[8:11], 0 offen\n"
             "s_endpgm\n",
       2},
      /* two stores: one fence between them */
      {PRE32 "v_mov_b32 v1, 5\n" STORE_V1 STORE_V1 "s_endpgm\n", 1},
      /* a load before a loop without accesses, the store after it: fenced before */
      {PRE32 "buffer_load_dword v1, v9, s[4:7], 0 offen\n"
             "s_waitcnt vmcnt(0)\n"
             "s_mov_b32 s0, 0\n"
             "loop:\n"
             "v_add_nc_u32 v1, v1, v0\n"
             "s_add_u32 s0, s0, 1\n"
             "s_cmp_lt_u32 s0, 5\n"
             "s_cbranch_scc1 loop\n" STORE_V1 "s_endpgm\n",
       1},
      /* a store in a loop: the next iteration's store follows it */
      {PRE32 "s_mov_b32 s0, 0\n"
             "loop:\n" STORE_V1 "s_add_u32 s0, s0, 1\n"
             "s_cmp_lt_u32 s0, 5\n"
             "s_cbranch_scc1 loop\n"
             "s_endpgm\n",
       1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    struct ir_function *fn = translate(cases[i].src, false);
    char *dis = emit_valid(fn);
    if (spv_check_count(dis, "OpControlBarrier") != cases[i].barriers)
      fprintf(stderr, "case %zu:\n%s\n", i, dis);
    assert_int_equal(spv_check_count(dis, "OpControlBarrier"), cases[i].barriers);
    free(dis);
    ir_function_destroy(fn);
  }
}

/* An operation not emitted yet: no module, a count and the operation's name. */
static void unsupported_is_a_counted_error(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_function *fn = translate(PRE32
                                     "v_cvt_f32_u32 v1, v0\n"
                                     "v_interp_mov_f32 v10, p10, attr0.x\n"
                                     "v_interp_mov_f32 v11, p10, attr1.y\n"
                                     "v_add3_u32 v1, v1, v10, v11\n" STORE_V1 "s_endpgm\n",
                                     false);
  struct spirv_module m;
  assert_false(spirv_emit_compute(fn, NULL, &m));
  assert_null(m.words);
  assert_int_equal(m.unsupported, 2);
  assert_non_null(strstr(m.error, "attr_p10")); /* interpolation inputs: no compute form */
  assert_non_null(strstr(m.error, "2 unsupported"));
  ir_function_destroy(fn);
}

/* The lane model's options: several waves per workgroup (one Vulkan workgroup, per-wave
 * cross-lane slots, s_barrier through the wave_barrier function, a join at the end), the
 * subgroup path (subgroup operations, no workgroup slots, fences at subgroup scope) and its
 * narrow test mode; every module valid. */
static const char lanes_src[] = PRE32
    "v_cmp_gt_u32 vcc, 40, v0\n"
    "s_bcnt1_i32_b64 s2, vcc\n"
    "v_readfirstlane_b32 s3, v0\n"
    "v_readlane_b32 s5, v0, 3\n"
    "ds_write_b32 v9, v0\n"
    "s_waitcnt lgkmcnt(0)\n"
    "s_barrier\n"
    "ds_read_b32 v1, v9 offset:4\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_add_nc_u32 v1, s2, v1\n"
    "v_add_nc_u32 v1, s3, v1\n"
    "v_add_nc_u32 v1, s5, v1\n"
    "ds_permute_b32 v2, v9, v1\n"
    "s_get_waveid_in_workgroup s6\n"
    "v_add_nc_u32 v1, s6, v2\n" STORE_V1 "s_endpgm\n";

static char *emit_with(const struct ir_function *fn, const struct spirv_emit_options *o) {
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, o, &m);
  if (!ok) fprintf(stderr, "emit: %s\n", m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));
  char *dis = spv_check_disassemble(m.words, m.count);
  assert_non_null(dis);
  spirv_module_free(&m);
  return dis;
}

static void lane_model_options(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_function *fn = translate(lanes_src, true);
  /* four waves of 64 */
  char *dis = emit_with(fn, &(struct spirv_emit_options){.waves = 4, .lds_bytes = 1024});
  assert_non_null(strstr(dis, "LocalSize 256 1 1"));
  assert_non_null(strstr(dis, "OpName %wave_barrier \"wave_barrier\""));
  assert_non_null(strstr(dis, "OpFunctionCall"));
  assert_non_null(strstr(dis, "%_arr_uint_uint_24")); /* 4 waves x 6 ballot dwords */
  assert_null(strstr(dis, "GroupNonUniform"));
  free(dis);
  /* the subgroup path: subgroup operations, fences at subgroup scope (3) */
  dis =
      emit_with(fn, &(struct spirv_emit_options){.waves = 2, .subgroup = true, .lds_bytes = 1024});
  assert_non_null(strstr(dis, "LocalSize 128 1 1"));
  assert_non_null(strstr(dis, "OpGroupNonUniformBallot"));
  assert_non_null(strstr(dis, "OpGroupNonUniformShuffle"));
  assert_non_null(strstr(dis, "SubgroupId"));
  assert_null(strstr(dis, "ballot_slots"));
  assert_null(strstr(dis, "lane_values"));
  assert_null(strstr(dis, "scatter_slots"));
  assert_non_null(strstr(dis, "OpControlBarrier %uint_3 %uint_3"));
  free(dis);
  /* the narrow test mode: 8 invocations per wave */
  dis = emit_with(fn, &(struct spirv_emit_options){.waves = 3, .subgroup = true, .lanes = 8});
  assert_non_null(strstr(dis, "LocalSize 24 1 1"));
  free(dis);
  /* one wave: as before, no wave_barrier function */
  dis = emit_with(fn, &(struct spirv_emit_options){.lds_bytes = 1024});
  assert_non_null(strstr(dis, "LocalSize 64 1 1"));
  assert_null(strstr(dis, "wave_barrier"));
  free(dis);
  /* refusals: too many waves, narrow lanes without the subgroup path */
  struct spirv_module m;
  assert_false(spirv_emit_compute(fn, &(struct spirv_emit_options){.waves = 17}, &m));
  assert_non_null(strstr(m.error, "17 waves"));
  assert_false(spirv_emit_compute(fn, &(struct spirv_emit_options){.lanes = 8}, &m));
  assert_non_null(strstr(m.error, "lanes"));
  ir_function_destroy(fn);
}

/* GDS is refused naming the operation and its block's pc; scratch larger than the emitter
 * keeps per lane is refused only when the shader uses scratch_* */
static void gds_and_scratch_refusals(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_function *fn = translate(PRE32
                                     "s_mov_b32 m0, 0x10000\n"
                                     "ds_add_rtn_u32 v1, v9, v0 gds\n"
                                     "s_waitcnt lgkmcnt(0)\n" STORE_V1 "s_endpgm\n",
                                     false);
  struct spirv_module m;
  assert_false(spirv_emit_compute(fn, NULL, &m));
  assert_null(m.words);
  assert_non_null(strstr(m.error, "GDS: atomic_gds"));
  assert_non_null(strstr(m.error, "pc 0x"));
  ir_function_destroy(fn);
  /* global wave sync, named by its instruction; ds_ordered_count is a GDS atomic */
  fn = translate(PRE32
                 "s_mov_b32 m0, 0\n"
                 "ds_gws_barrier v0 offset:3 gds\n"
                 "s_endpgm\n",
                 false);
  assert_false(spirv_emit_compute(fn, NULL, &m));
  assert_non_null(strstr(m.error, "GDS: gws (ds_gws_barrier)"));
  ir_function_destroy(fn);
  fn = translate(PRE32
                 "s_mov_b32 m0, 0x10000\n"
                 "ds_ordered_count v1, v0 offset:772 gds\n"
                 "s_waitcnt lgkmcnt(0)\n" STORE_V1 "s_endpgm\n",
                 false);
  assert_false(spirv_emit_compute(fn, NULL, &m));
  assert_non_null(strstr(m.error, "GDS: atomic_gds"));
  ir_function_destroy(fn);
  fn = translate(PRE32
                 "scratch_load_dword v1, v9, off\n"
                 "s_waitcnt vmcnt(0)\n" STORE_V1 "s_endpgm\n",
                 false);
  assert_false(spirv_emit_compute(
      fn, &(struct spirv_emit_options){.scratch_lane_bytes = SPIRV_MAX_SCRATCH_LANE_BYTES + 4},
      &m));
  assert_non_null(strstr(m.error, "scratch of more than"));
  char *dis = emit_with(fn, &(struct spirv_emit_options){.scratch_lane_bytes = 256});
  assert_non_null(strstr(dis, "OpName %scratch \"scratch\""));
  free(dis);
  ir_function_destroy(fn);
  fn = translate(kernels32[2], false); /* no scratch access: any size is fine */
  dis = emit_with(fn, &(struct spirv_emit_options){.scratch_lane_bytes = 1u << 20});
  free(dis);
  ir_function_destroy(fn);
}

/* The atomics without a SPIR-V instruction are helper functions named by operation and
 * place, one per pair, called from main; 64-bit LDS atomics take the workgroup's LDS lock;
 * GDS accesses are emitted when the caller maps the GDS. Valid in every lane model. */
static void atomic_helpers(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_function *fn = translate(PRE32
                                     "v_mov_b32 v2, 0\n"
                                     "v_mov_b32 v3, 1\n"
                                     "ds_add_rtn_u64 v[4:5], v9, v[2:3]\n"
                                     "ds_add_rtn_u64 v[4:5], v9, v[2:3] offset:8\n"
                                     "ds_min_rtn_f32 v1, v9, v2\n"
                                     "ds_inc_rtn_u32 v1, v9, v1\n"
                                     "global_atomic_fmax v1, v9, v1, s[0:1] glc\n"
                                     "global_atomic_dec_x2 v[4:5], v9, v[2:3], s[0:1] glc\n"
                                     "s_mov_b32 m0, 0x400\n"
                                     "ds_add_rtn_u32 v1, v9, v1 gds\n"
                                     "s_waitcnt vmcnt(0) lgkmcnt(0)\n" STORE_V1 "s_endpgm\n",
                                     true);
  const struct spirv_emit_options modes[3] = {
      {.lds_bytes = 1024, .gds_addr = 0x40000000, .gds_bytes = 4096},
      {.lds_bytes = 1024, .gds_addr = 0x40000000, .gds_bytes = 4096, .waves = 4},
      {.lds_bytes = 1024, .gds_addr = 0x40000000, .gds_bytes = 4096, .subgroup = true}};
  for (int k = 0; k < 3; k++) {
    char *dis = emit_with(fn, &modes[k]);
    static const char *const names[] = {"\"atomic_add_lds64\"", "\"atomic_fmin_lds\"",
                                        "\"atomic_inc_lds\"", "\"atomic_fmax_global\"",
                                        "\"atomic_dec_global64\"", "\"lds_lock\"",
                                        /* the LDS store of an unaligned 32-bit atomic */
                                        "\"atomic_mskor_lds\""};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
      assert_non_null(strstr(dis, names[i]));
    assert_int_equal(spv_check_count(dis, "OpFunctionCall %ulong %atomic_add_lds64"), 2);
    /* + fault_note, fault_flush, + wave_barrier */
    assert_int_equal(spv_check_count(dis, "= OpFunction "), 9 + (k == 1));
    free(dis);
  }
  struct spirv_module m; /* without the GDS mapped: refused */
  assert_false(spirv_emit_compute(fn, &(struct spirv_emit_options){.lds_bytes = 1024}, &m));
  assert_non_null(strstr(m.error, "GDS: atomic_gds"));
  ir_function_destroy(fn);
}

/* The forms of spirv_emit_lds.c (sub-dword LDS stores through the masked-or helper, mskor
 * and wrap helpers, src2 under the LDS lock, their GDS forms, the shader clock, a no-op
 * message) with one wave, four waves and the subgroup path: valid, helpers named so, the
 * clock's capability and extension only when used. */
static void lds_forms_and_clock(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_function *fn = translate(PRE32
                                     "v_mov_b32 v2, 0\n"
                                     "v_mov_b32 v3, 1\n"
                                     "ds_write_b8 v9, v2 offset:1\n"
                                     "ds_read_i16 v1, v9 offset:3\n"
                                     "ds_mskor_rtn_b64 v[4:5], v9, v[2:3], v[2:3]\n"
                                     "ds_wrap_rtn_b32 v6, v9, v2, v3\n"
                                     "ds_add_src2_u32 v9 offset:16\n"
                                     "ds_max_src2_f64 v9 offset:32\n"
                                     "s_mov_b32 m0, 0x400\n"
                                     "ds_write_b16 v9, v1 gds\n"
                                     "ds_mskor_rtn_b32 v7, v9, v2, v3 gds\n"
                                     "ds_xor_src2_b32 v9 offset:4 gds\n"
                                     "s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)\n"
                                     "s_memtime s[20:21]\n"
                                     "s_waitcnt lgkmcnt(0)\n"
                                     "v_add3_u32 v1, v1, v6, v7\n"
                                     "v_add3_u32 v1, v1, v4, s20\n" STORE_V1 "s_endpgm\n",
                                     true);
  const uint32_t clock = SPIRV_CLOCK_SUBGROUP | SPIRV_CLOCK_DEVICE;
  const struct spirv_emit_options modes[3] = {
      {.lds_bytes = 1024, .gds_addr = 0x40000000, .gds_bytes = 4096, .shader_clock = clock},
      {.lds_bytes = 1024,
       .gds_addr = 0x40000000,
       .gds_bytes = 4096,
       .shader_clock = clock,
       .waves = 4},
      {.lds_bytes = 1024,
       .gds_addr = 0x40000000,
       .gds_bytes = 4096,
       .shader_clock = clock,
       .subgroup = true}};
  for (int k = 0; k < 3; k++) {
    char *dis = emit_with(fn, &modes[k]);
    static const char *const names[] = {"\"atomic_mskor_lds\"",
                                        "\"atomic_mskor_lds64\"",
                                        "\"atomic_wrap_lds\"",
                                        "\"lds_src2_add_32\"",
                                        "\"lds_src2_fmax_64\"",
                                        "\"atomic_mskor_global\"",
                                        "\"lds_lock\"",
                                        "OpCapability ShaderClockKHR",
                                        "\"SPV_KHR_shader_clock\"",
                                        "OpReadClockKHR %ulong %uint_1"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
      if (!strstr(dis, names[i])) fprintf(stderr, "missing %s\n", names[i]);
      assert_non_null(strstr(dis, names[i]));
    }
    free(dis);
  }
  ir_function_destroy(fn);
  /* without the clock, no capability */
  fn = translate(PRE32 "ds_write_b8 v9, v0\n" STORE_V1 "s_endpgm\n", false);
  char *dis = emit_with(fn, &(struct spirv_emit_options){.lds_bytes = 256});
  assert_null(strstr(dis, "ShaderClockKHR"));
  free(dis);
  ir_function_destroy(fn);
}

/* Irreducible control flow (a cycle entered at two blocks) has no structure: the module
 * is the dispatcher form (a loop around a switch on a block-index variable), which
 * SPIRV-Tools validates; SSA values that cross blocks live in Function variables. */
static void unstructured_is_the_dispatcher_form(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  for (int wave64 = 0; wave64 < 2; wave64++) {
    struct ir_function *fn = translate(PRE32
                                       "s_cmp_eq_u32 s0, 0\n"
                                       "s_cbranch_scc1 b\n"
                                       "a:\n"
                                       "s_add_u32 s1, s1, 1\n"
                                       "v_add_nc_u32 v1, v1, v0\n"
                                       "b:\n"
                                       "s_add_u32 s1, s1, 2\n"
                                       "s_cmp_lt_u32 s1, 10\n"
                                       "s_cbranch_scc1 a\n"
                                       "v_add_nc_u32 v1, s1, v1\n" STORE_V1 "s_endpgm\n",
                                       wave64);
    assert_false(fn->structured);
    assert_int_equal(fn->structure.fallback, CFG_FALLBACK_IRREDUCIBLE);
    char *dis = emit_valid(fn);
    assert_int_equal(spv_check_count(dis, "OpSwitch"), 1);
    assert_int_equal(spv_check_count(dis, "OpLoopMerge"), 1);
    assert_int_equal(spv_check_count(dis, "OpPhi"), 0);
    assert_non_null(strstr(dis, "%next_block = OpVariable"));
    free(dis);
    ir_function_destroy(fn);
  }
}

/* Images (docs/shader-spirv.md, "Images"): the texel address is one helper function per
 * module, called by every load, store and atomic (the query needs none); valid in wave32
 * and wave64 and inside an irreducible cycle (the dispatcher form). */
static void image_address_helper(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  for (int k = 0; k < 3; k++) {
    const char *body =
        "image_load v[1:4], v[10:11], s[16:23] dmask:0xf dim:SQ_RSRC_IMG_2D unorm\n"
        "image_store v[1:4], v[10:11], s[24:31] dmask:0xf dim:SQ_RSRC_IMG_2D unorm\n"
        "image_atomic_add v5, v[10:11], s[24:31] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm glc\n"
        "image_get_resinfo v[6:9], v10, s[16:23] dmask:0xf dim:SQ_RSRC_IMG_2D unorm\n"
        "s_waitcnt vmcnt(0)\n"
        "v_add_nc_u32 v1, v1, v5\n"
        "v_add_nc_u32 v1, v1, v6\n";
    char src[2048];
    if (k < 2) snprintf(src, sizeof src, PRE32 "%s" STORE_V1 "s_endpgm\n", body);
    else
      snprintf(src, sizeof src,
               PRE32
               "s_cmp_eq_u32 s0, 0\ns_cbranch_scc1 b\na:\n%sb:\ns_add_u32 s1, s1, 2\n"
               "s_cmp_lt_u32 s1, 10\ns_cbranch_scc1 a\n" STORE_V1 "s_endpgm\n",
               body);
    struct ir_function *fn = translate(src, k == 1);
    assert_int_equal(fn->structured, k < 2);
    char *dis = emit_valid(fn);
    assert_int_equal(spv_check_count(dis, "OpName %image_texel_address"), 1);
    assert_int_equal(spv_check_count(dis, "OpFunctionCall %ulong %image_texel_address"), 3);
    assert_int_equal(spv_check_count(dis, "image_footprint_address"), 0); /* no sampling */
    free(dis);
    ir_function_destroy(fn);
  }
  /* sampling (docs/shader-spirv.md, "Sampling"): one footprint helper and one decode helper
   * per module; per instruction a footprint call per level (2) and a decode per texel the
   * dimension has (2D: 4 a level, 3D: 8) */
  for (int k = 0; k < 3; k++) {
    const char *body =
        "image_sample_l v[1:4], v[10:12], s[16:23], s[24:27] dmask:0xf dim:SQ_RSRC_IMG_2D\n"
        "image_sample_lz v[5:8], v[10:12], s[16:23], s[24:27] dmask:0xf dim:SQ_RSRC_IMG_3D\n"
        "s_waitcnt vmcnt(0)\n"
        "v_add_nc_u32 v1, v1, v5\n";
    char src[2048];
    if (k < 2) snprintf(src, sizeof src, PRE32 "%s" STORE_V1 "s_endpgm\n", body);
    else
      snprintf(src, sizeof src,
               PRE32
               "s_cmp_eq_u32 s0, 0\ns_cbranch_scc1 b\na:\n%sb:\ns_add_u32 s1, s1, 2\n"
               "s_cmp_lt_u32 s1, 10\ns_cbranch_scc1 a\n" STORE_V1 "s_endpgm\n",
               body);
    struct ir_function *fn = translate(src, k == 1);
    char *dis = emit_valid(fn);
    assert_int_equal(spv_check_count(dis, "OpName %image_footprint_address"), 1);
    assert_int_equal(spv_check_count(dis, "OpName %image_texel_decode"), 1);
    assert_int_equal(spv_check_count(dis, "%image_footprint_address %"), 4);
    assert_int_equal(spv_check_count(dis, "%image_texel_decode %"), 2 * 4 + 2 * 8);
    free(dis);
    ir_function_destroy(fn);
  }
}

/* MODE writes: the round and denormal fields (bits 7:0) are followed at compile time, so a
 * write emits nothing and the operations after it are emitted for the new mode; writes of
 * other MODE bits, an operation the new mode changes that is not computed in it, and
 * s_getreg of MODE bits the module does not model are refused, naming the bits or the
 * operation. */
static void float_mode_writes(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  static const char *const accepted[] = {"s_round_mode 0x0\ns_denorm_mode 0xf\n",
                                         "s_round_mode 0x3\n", "s_denorm_mode 0x0\n",
                                         "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 1\n"};
  char src[512];
  for (int i = 0; i < 5; i++) { /* the last: v_exp_f32 toward zero */
    snprintf(src, sizeof src, "%s%sv_cvt_f32_u32 v1, v0\n%s\n%ss_endpgm\n", PRE32,
             accepted[i < 4 ? i : 1], i < 4 ? "v_add_f32 v1, v1, v1" : "v_exp_f32 v1, v1",
             STORE_V1);
    struct ir_function *fn = translate(src, false);
    free(emit_valid(fn));
    ir_function_destroy(fn);
  }
  static const struct {
    const char *body, *why;
  } refused[] = {
      {"s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 1), 1\nv_cvt_f32_u32 v1, v0\n",
       "float mode: MODE bits"},
      {"s_denorm_mode 0x3\nv_cvt_f64_u32 v[2:3], v0\n"
       "v_div_scale_f64 v[2:3], vcc_lo, v[2:3], v[2:3], v[2:3]\nv_mov_b32 v1, v2\n",
       "(denormals f16/f64 flushed) is not computed exactly: ddiv_scale"},
      {"s_getreg_b32 s0, hwreg(HW_REG_MODE, 8, 2)\nv_mov_b32 v1, s0\n", "only the float mode"},
  };
  for (int i = 0; i < 3; i++) {
    snprintf(src, sizeof src, "%s%s%ss_endpgm\n", PRE32, refused[i].body, STORE_V1);
    struct ir_function *fn = translate(src, false);
    struct spirv_module m;
    assert_false(spirv_emit_compute(fn, NULL, &m));
    assert_null(m.words);
    if (!strstr(m.error, refused[i].why)) fprintf(stderr, "%s\n", m.error);
    assert_non_null(strstr(m.error, refused[i].why));
    ir_function_destroy(fn);
  }
}

/* Formatted buffer accesses (spirv_emit_format.c): an MTBUF immediate format emits its class's
 * conversion only, inline (8_8_8_8_UNORM: no signed conversion, no format table, no helper
 * function); a V#'s format is read at run time from the module's table of layouts by helper
 * functions emitted once per module (only those used: size, load, load_d16, store_d16 here,
 * not store) and called at each access, every class computed; a reserved immediate format is
 * refused with the operation named. */
static void formatted_access_paths(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  for (int w64 = 0; w64 < 2; w64++) {
    struct ir_function *fn = translate(
        PRE32
        "tbuffer_load_format_xyzw v[1:4], v0, s[8:11], 0 format:[BUF_FMT_8_8_8_8_UNORM] idxen\n"
        "s_waitcnt vmcnt(0)\n" STORE_V1 "s_endpgm\n",
        w64);
    char *dis = emit_valid(fn);
    assert_null(strstr(dis, "buffer_format"));
    /* no helper but the fault record's (a note per access, the flush before the return) */
    assert_int_equal(spv_check_count(dis, "OpFunctionCall"),
                     spv_check_count(dis, "OpFunctionCall %void %fault_flush") +
                         spv_check_count(dis, "OpFunctionCall %void %fault_note"));
    assert_null(strstr(dis, "OpConvertSToF"));
    assert_non_null(strstr(dis, "OpConvertUToF"));
    free(dis);
    ir_function_destroy(fn);
    fn = translate(
        PRE32
        "buffer_load_format_xyzw v[1:4], v0, s[8:11], 0 idxen\n"
        "buffer_load_format_d16_xy v5, v0, s[8:11], 0 idxen\n"
        "buffer_store_format_d16_xyzw v[5:6], v0, s[12:15], 0 idxen\n"
        "tbuffer_store_format_xy v[1:2], v0, s[12:15], 0 format:[BUF_FMT_10_11_11_FLOAT] idxen\n"
        "buffer_load_format_xyzw v[7:10], v0, s[8:11], 0 idxen offset:16\n"
        "s_waitcnt vmcnt(0)\n" STORE_V1 "s_endpgm\n",
        w64);
    dis = emit_valid(fn);
    assert_non_null(strstr(dis, "OpName %buffer_formats \"buffer_formats\""));
    /* main, 4 helpers and the fault record's two */
    assert_int_equal(spv_check_count(dis, " = OpFunction "), 7);
    assert_int_equal(spv_check_count(dis, "%buffer_format_load = OpFunction "), 1);
    assert_int_equal(spv_check_count(dis, "%buffer_format_load_d16 = OpFunction "), 1);
    assert_int_equal(spv_check_count(dis, "%buffer_format_store_d16 = OpFunction "), 1);
    assert_int_equal(spv_check_count(dis, "%buffer_format_size = OpFunction "), 1);
    assert_null(strstr(dis, "%buffer_format_store = OpFunction"));
    /* the helpers' calls: one per V#-format access (sizes: 4, loads: 2) */
    assert_int_equal(spv_check_count(dis, "OpFunctionCall %uint %buffer_format_size "), 4);
    assert_int_equal(spv_check_count(dis, "OpFunctionCall %v4float %buffer_format_load "), 2);
    assert_non_null(strstr(dis, "OpConvertSToF"));
    free(dis);
    ir_function_destroy(fn);
  }
  struct ir_function *fn = translate(PRE32
                                     "tbuffer_load_format_x v1, v0, s[8:11], 0 format:100 idxen\n"
                                     "s_waitcnt vmcnt(0)\n" STORE_V1 "s_endpgm\n",
                                     false);
  struct spirv_module m;
  assert_false(spirv_emit_compute(fn, NULL, &m));
  assert_null(m.words);
  assert_non_null(strstr(m.error, "load_buffer_fmt with the reserved buffer format 100"));
  ir_function_destroy(fn);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(kernels_wave32_validate),
      cmocka_unit_test(kernels_wave64_validate),
      cmocka_unit_test(capabilities_only_when_used),
      cmocka_unit_test(fences_only_where_lanes_can_meet),
      cmocka_unit_test(unsupported_is_a_counted_error),
      cmocka_unit_test(lane_model_options),
      cmocka_unit_test(gds_and_scratch_refusals),
      cmocka_unit_test(atomic_helpers),
      cmocka_unit_test(lds_forms_and_clock),
      cmocka_unit_test(unstructured_is_the_dispatcher_form),
      cmocka_unit_test(image_address_helper),
      cmocka_unit_test(float_mode_writes),
      cmocka_unit_test(formatted_access_paths),
  };
  return test_skip_status(cmocka_run_group_tests(tests, NULL, NULL));
}
