/* The compute dispatch path without a device. Expected values come from the GFX10 register
 * database (Mesa's sid.h: field positions; register values other drivers program) and the
 * hardware's documented wave set-up (RDNA ISA "initial state", LLVM AMDGPUUsage), written
 * here as numbers, never from this code's own output. */
#include "xl_test_harness.h"

#include <dirent.h>
#include <pthread.h>
#include <sys/stat.h>

#include "gpu/shader/dispatch/compute_dispatch.h"
#include "gpu/shader/dispatch/compute_regs.h"
#include "gpu/shader/dispatch/run_spec.h"
#include "gpu/shader/dispatch/shader_cache.h"

/* ---- registers --------------------------------------------------------------------------- */

static void register_offsets_and_fields(void **state) {
  (void)state;
  /* byte offsets (sid.h R_00Bxxx) */
  assert_int_equal(compute_reg_at(0xB800), COMPUTE_DISPATCH_INITIATOR);
  assert_int_equal(compute_reg_at(0xB81C), COMPUTE_NUM_THREAD_X);
  assert_int_equal(compute_reg_at(0xB830), COMPUTE_PGM_LO);
  assert_int_equal(compute_reg_at(0xB848), COMPUTE_PGM_RSRC1);
  assert_int_equal(compute_reg_at(0xB84C), COMPUTE_PGM_RSRC2);
  assert_int_equal(compute_reg_at(0xB8A0), COMPUTE_PGM_RSRC3);
  assert_int_equal(compute_reg_at(0xB900), COMPUTE_USER_DATA_0);
  assert_int_equal(compute_reg_at(0xB93C), COMPUTE_USER_DATA_15);
  assert_int_equal(compute_reg_at(0xB840), -1);
  /* the user-config registers of the border colour table (sid.h R_030E00, R_030E04) */
  assert_int_equal(compute_reg_at(0x30E00), COMPUTE_TA_CS_BC_BASE_ADDR);
  assert_int_equal(compute_reg_at(0x30E04), COMPUTE_TA_CS_BC_BASE_ADDR_HI);
  /* a driver's RSRC2 for nine user SGPRs and the X workgroup id: 0x92 */
  struct compute_regs r = {0};
  assert_true(compute_regs_write(&r, 0xB84C, 0x92));
  assert_false(compute_regs_write(&r, 0x1234, 1));
  assert_int_equal(compute_get(&r, COMPUTE_PGM_RSRC2__USER_SGPR), 9);
  assert_int_equal(compute_get(&r, COMPUTE_PGM_RSRC2__TGID_X_EN), 1);
  assert_int_equal(compute_get(&r, COMPUTE_PGM_RSRC2__TGID_Y_EN), 0);
  /* sid.h: TIDIG_COMP_CNT (x & 3) << 11, LDS_SIZE (x & 0x1ff) << 15 */
  compute_set(&r, COMPUTE_PGM_RSRC2__TIDIG_COMP_CNT, 2);
  compute_set(&r, COMPUTE_PGM_RSRC2__LDS_SIZE, 0x1ff);
  assert_int_equal(r.r[COMPUTE_PGM_RSRC2], 0x92u | 2u << 11 | 0x1ffu << 15);
  /* RSRC1: 0 VGPR granules, 1 SGPR granule, FLOAT_MODE 0xc0 = (1 << 6) | (0xc0 << 12) */
  r.r[COMPUTE_PGM_RSRC1] = (1u << 6) | (0xc0u << 12) | (1u << 23);
  assert_int_equal(compute_get(&r, COMPUTE_PGM_RSRC1__SGPRS), 1);
  assert_int_equal(compute_get(&r, COMPUTE_PGM_RSRC1__FLOAT_MODE), 0xc0);
  assert_int_equal(compute_get(&r, COMPUTE_PGM_RSRC1__IEEE_MODE), 1);
  /* DISPATCH_INITIATOR CS_W32_EN is bit 15 (LLVM SIDefines.h S_00B800_CS_W32_EN) */
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1u << 15 | 1;
  assert_int_equal(compute_get(&r, COMPUTE_DISPATCH_INITIATOR__CS_W32_EN), 1);
}

static struct compute_regs base_regs(uint32_t tx, uint32_t ty, uint32_t tz, bool w32) {
  struct compute_regs r = {0};
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1u | (w32 ? 1u << 15 : 0);
  r.r[COMPUTE_NUM_THREAD_X] = tx;
  r.r[COMPUTE_NUM_THREAD_Y] = ty;
  r.r[COMPUTE_NUM_THREAD_Z] = tz;
  return r;
}

static void wave_start_sgpr_layout(void **state) {
  (void)state;
  struct compute_regs r = base_regs(64, 1, 1, false);
  /* PGM address 0x12'3456'7800: LO holds bits 39:8, HI bits 47:40 */
  r.r[COMPUTE_PGM_LO] = 0x34567800u >> 8 | 0x12u << 24;
  r.r[COMPUTE_PGM_HI] = 0x00;
  /* 4 user SGPRs, TGID X and Z, TG_SIZE, scratch; VGPRS 3 (16 in wave64), LDS 2 granules */
  r.r[COMPUTE_PGM_RSRC2] = 1u | 4u << 1 | 1u << 7 | 1u << 9 | 1u << 10 | 2u << 15;
  r.r[COMPUTE_PGM_RSRC1] = 3u | 0xf0u << 12;
  r.r[COMPUTE_TMPRING_SIZE] = 2u << 12; /* 2 KiB per wave */
  for (int i = 0; i < 16; i++) r.r[COMPUTE_USER_DATA_0 + i] = 0x100u + (uint32_t)i;
  struct compute_config c;
  char err[200];
  assert_true(compute_config_decode(&r, &c, err, sizeof err));
  assert_int_equal(c.pgm_addr, 0x1234567800ull);
  assert_int_equal(c.wave_size, 64);
  assert_int_equal(c.vgprs, 16);
  assert_int_equal(c.float_mode, 0xf0);
  assert_int_equal(c.lds_bytes, 1024);
  assert_int_equal(c.waves_per_group, 1);
  uint32_t group[3] = {5, 0, 7}, groups[3] = {8, 1, 9};
  struct compute_wave w;
  compute_wave_start(&c, group, groups, 0, &w);
  assert_int_equal(w.sgpr[0], 0x100);
  assert_int_equal(w.sgpr[3], 0x103);
  assert_int_equal(w.sgpr[4], 5); /* TGID X */
  assert_int_equal(w.sgpr[5], 7); /* TGID Z (Y not enabled: no register) */
  assert_int_equal(w.sgpr[6], 1); /* TG_SIZE: one wave, index 0 */
  /* scratch: slot (7 * 1 + 0) * 8 + 5 = 61, 2 KiB each */
  assert_int_equal(w.sgpr[7], 61 * 2048);
  assert_int_equal(w.sgpr[8], 0);
  assert_int_equal(w.exec, ~0ull);
  assert_int_equal(w.vgpr[0][63], 63);
}

static void wave_start_thread_ids(void **state) {
  (void)state;
  /* 5 x 3 x 2 = 30 threads in wave32: one partial wave, thread t = x + 5 (y + 3 z) */
  struct compute_regs r = base_regs(5, 3, 2, true);
  r.r[COMPUTE_PGM_RSRC2] = 2u << 11; /* v0, v1, v2 */
  struct compute_config c;
  char err[200];
  assert_true(compute_config_decode(&r, &c, err, sizeof err));
  assert_int_equal(c.waves_per_group, 1);
  uint32_t g[3] = {0, 0, 0};
  struct compute_wave w;
  compute_wave_start(&c, g, g, 0, &w);
  assert_int_equal(w.exec, 0x3fffffffull);
  assert_int_equal(w.lanes, 30);
  assert_int_equal(w.vgpr[0][7], 2);
  assert_int_equal(w.vgpr[1][7], 1);
  assert_int_equal(w.vgpr[2][7], 0);
  assert_int_equal(w.vgpr[0][29], 4);
  assert_int_equal(w.vgpr[1][29], 2);
  assert_int_equal(w.vgpr[2][29], 1);
  /* 8 x 8 x 2 = 128 threads in wave64, TG_SIZE on, only v0 (TIDIG_COMP_CNT 0) */
  r = base_regs(8, 8, 2, false);
  r.r[COMPUTE_PGM_RSRC2] = 1u << 10;
  assert_true(compute_config_decode(&r, &c, err, sizeof err));
  assert_int_equal(c.waves_per_group, 2);
  compute_wave_start(&c, g, g, 1, &w);
  assert_int_equal(w.sgpr[0], 2 | 1 << 6); /* two waves, this one is 1 */
  assert_int_equal(w.vgpr[0][0], 0);
  assert_int_equal(w.vgpr[1][0], 0); /* not set: TIDIG_COMP_CNT 0 */
  assert_int_equal(w.vgpr[0][9], 1);
  /* 40 threads in wave32: the second wave has 8 lanes */
  r = base_regs(40, 1, 1, true);
  assert_true(compute_config_decode(&r, &c, err, sizeof err));
  assert_int_equal(c.waves_per_group, 2);
  compute_wave_start(&c, g, g, 1, &w);
  assert_int_equal(w.exec, 0xffull);
  assert_int_equal(w.vgpr[0][7], 39);
}

static void config_errors_name_the_field(void **state) {
  (void)state;
  struct compute_config c;
  char err[200];
  struct compute_regs r = base_regs(0, 1, 1, true);
  assert_false(compute_config_decode(&r, &c, err, sizeof err));
  assert_non_null(strstr(err, "COMPUTE_NUM_THREAD_X.NUM_THREAD_FULL"));
  r = base_regs(64, 32, 1, true);
  assert_false(compute_config_decode(&r, &c, err, sizeof err));
  assert_non_null(strstr(err, "1024"));
  r = base_regs(64, 1, 1, true);
  r.r[COMPUTE_PGM_RSRC2] = 17u << 1;
  assert_false(compute_config_decode(&r, &c, err, sizeof err));
  assert_non_null(strstr(err, "USER_SGPR"));
  r = base_regs(64, 1, 1, true);
  r.r[COMPUTE_PGM_RSRC2] = 3u << 11;
  assert_false(compute_config_decode(&r, &c, err, sizeof err));
  assert_non_null(strstr(err, "TIDIG_COMP_CNT"));
  r = base_regs(64, 1, 1, true);
  r.r[COMPUTE_PGM_RSRC2] = 129u << 15;
  assert_false(compute_config_decode(&r, &c, err, sizeof err));
  assert_non_null(strstr(err, "LDS_SIZE"));
  r = base_regs(64, 1, 1, true);
  r.r[COMPUTE_START_Y] = 3;
  assert_false(compute_config_decode(&r, &c, err, sizeof err));
  assert_non_null(strstr(err, "COMPUTE_START_Y"));
  r.r[COMPUTE_DISPATCH_INITIATOR] |= 1u << 2; /* FORCE_START_AT_000: START is ignored */
  assert_true(compute_config_decode(&r, &c, err, sizeof err));
  /* a scratch ring of 3 waves cannot hold a group of 4 (256 threads in wave64) */
  r = base_regs(256, 1, 1, false);
  r.r[COMPUTE_PGM_RSRC2] = 1u; /* SCRATCH_EN */
  r.r[COMPUTE_TMPRING_SIZE] = 3u | 1u << 12;
  assert_false(compute_config_decode(&r, &c, err, sizeof err));
  assert_non_null(strstr(err, "COMPUTE_TMPRING_SIZE.WAVES"));
}

/* The scratch wave offset with a bounded ring: TMPRING_SIZE.WAVES = 8 holds two groups of
 * four waves (256 threads in wave64). The hardware hands a starting wave any free slot, so
 * the start state holds the offset of a group running alone (the ring's first slots): wave
 * w at w * WAVESIZE whatever the group (on the device the module adds the group's slot in
 * its dispatch: gpu.shader_scratch). With WAVES = 0 (no bound) group G has slots G * 4 + w.
 * The parts a grid runs as (compute_grid_part): never more groups than the ring holds. */
static void wave_start_scratch_ring(void **state) {
  (void)state;
  struct compute_regs r = base_regs(256, 1, 1, false);
  r.r[COMPUTE_PGM_RSRC2] = 1u | 1u << 7;     /* SCRATCH_EN, TGID_X: s0 the group, s1 the offset */
  r.r[COMPUTE_TMPRING_SIZE] = 8u | 3u << 12; /* 8 waves of 3 KiB */
  struct compute_config c;
  char err[200];
  assert_true(compute_config_decode(&r, &c, err, sizeof err));
  assert_int_equal(c.waves_per_group, 4);
  assert_int_equal(compute_scratch_ring_groups(&c), 2);
  uint32_t groups[3] = {5, 1, 1};
  for (uint32_t g = 0; g < 5; g++)
    for (uint32_t w = 0; w < 4; w++) {
      struct compute_wave wave;
      compute_wave_start(&c, (const uint32_t[3]){g, 0, 0}, groups, w, &wave);
      assert_int_equal(wave.sgpr[0], g);
      assert_int_equal(wave.sgpr[1], w * 3072);
    }
  r.r[COMPUTE_TMPRING_SIZE] = 3u << 12; /* WAVES 0: unbounded */
  assert_true(compute_config_decode(&r, &c, err, sizeof err));
  assert_int_equal(compute_scratch_ring_groups(&c), 0);
  for (uint32_t g = 0; g < 5; g++) {
    struct compute_wave wave;
    compute_wave_start(&c, (const uint32_t[3]){g, 0, 0}, groups, 3, &wave);
    assert_int_equal(wave.sgpr[1], (g * 4 + 3) * 3072);
  }
  /* parts: whole rows of X first, at most RING groups (0: only Vulkan's 65,535 per axis) */
  static const struct {
    uint32_t groups[3], ring, part[3];
  } parts[] = {{{64, 1, 1}, 2, {2, 1, 1}},        {{5, 3, 1}, 2, {2, 1, 1}},
               {{2, 3, 4}, 8, {2, 3, 1}},         {{2, 3, 4}, 24, {2, 3, 4}},
               {{2, 3, 4}, 7, {2, 3, 1}},         {{2, 3, 4}, 5, {2, 2, 1}},
               {{70000, 2, 1}, 0, {65535, 2, 1}}, {{70000, 2, 1}, 100000, {65535, 1, 1}},
               {{3, 1, 1}, 1, {1, 1, 1}}};
  for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
    uint32_t p[3];
    compute_grid_part(parts[i].groups, parts[i].ring, p);
    for (int d = 0; d < 3; d++) assert_int_equal(p[d], parts[i].part[d]);
  }
}

/* ---- code extent ---------------------------------------------------------------------------- */

static void code_extent_follows_branches(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  size_t n;
  /* an s_endpgm inside the code (a branch jumps past it), then data after the real end */
  uint32_t *w = assemble(
      "s_cmp_eq_u32 s0, 0\n"
      "s_cbranch_scc1 later\n"
      "s_endpgm\n"
      "later:\n"
      "v_mov_b32 v1, 0x12345678\n"
      "s_endpgm\n"
      ".long 0xdeadbeef\n",
      &n, false);
  assert_int_equal(n, 7);
  assert_int_equal(compute_code_extent(w, n, false), 6);
  /* stops at the first s_endpgm when nothing jumps past it */
  assert_int_equal(compute_code_extent(w + 2, n - 2, false), 1);
  free(w);
  /* a call's target after the s_endpgm (s_getpc_b64 + s_add_u32 of the distance, as LLVM
   * places non-inlined functions): the scan goes on to the callee's end */
  w = assemble(
      "s_getpc_b64 s[4:5]\n"
      "pc0:\n"
      "s_add_u32 s4, s4, f - pc0\n"
      "s_addc_u32 s5, s5, 0\n"
      "s_swappc_b64 s[30:31], s[4:5]\n"
      "s_endpgm\n"
      "f:\n"
      "v_mov_b32 v1, 0x12345678\n"
      "s_setpc_b64 s[30:31]\n"
      "s_code_end\n"
      ".long 0xdeadbeef\n",
      &n, false);
  assert_int_equal(n, 11); /* 1 + 2 + 1 + 1 + 1, 2 + 1, 1, 1 */
  assert_int_equal(compute_code_extent(w, n, false), 10);
  free(w);
}

/* Which code reaches the GDS (compute_code_uses_gds: DS with the gds bit, 17 of the first
 * word), and the GDS mapping as part of the cache key: a GDS shader compiles only for a spec
 * that maps the GDS, a separate key from the same code without it. */
static void gds_code_and_key(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  size_t n, m, k;
  uint32_t *gds = assemble(
      "s_movk_i32 m0, 0x100\nv_mov_b32 v1, 0\nds_add_u32 v1, v0 gds\n"
      "s_endpgm\n",
      &n, false);
  uint32_t *lds = assemble("v_mov_b32 v1, 0\nds_add_u32 v1, v0\ns_endpgm\n", &m, false);
  uint32_t *gws = assemble("s_mov_b32 m0, 0\nds_gws_barrier v0 gds\ns_endpgm\n", &k, false);
  assert_true(compute_code_uses_gds(gds, n, false));
  assert_false(compute_code_uses_gds(lds, m, false));
  assert_true(compute_code_uses_gds(gws, k, false));
  assert_false(compute_code_uses_gds(gds, 2, false)); /* the scan stops at the count */
  struct shader_cache *c = shader_cache_create(NULL);
  assert_non_null(c);
  struct shader_spec plain = {.wave_size = 32, .float_mode = 0xf0};
  struct shader_spec mapped = plain;
  mapped.gds_addr = COMPUTE_GDS_ADDR;
  mapped.gds_bytes = COMPUTE_GDS_BYTES;
  const struct shader_cache_entry *e0 = shader_cache_get(c, gds, n, &plain);
  const struct shader_cache_entry *e1 = shader_cache_get(c, gds, n, &mapped);
  assert_ptr_not_equal(e0, e1);
  assert_int_equal(e0->state, SHADER_CACHE_FAILED);
  assert_non_null(strstr(e0->error, "GDS"));
  assert_int_equal(e1->state, SHADER_CACHE_READY);
  /* the global wave sync stays refused with the GDS mapped, named */
  const struct shader_cache_entry *e2 = shader_cache_get(c, gws, k, &mapped);
  assert_int_equal(e2->state, SHADER_CACHE_FAILED);
  assert_non_null(strstr(e2->error, "ds_gws_barrier"));
  shader_cache_destroy(c);
  free(gds);
  free(lds);
  free(gws);
}

/* ---- SPEC.json --------------------------------------------------------------------------------
 */

static bool parse(const char *json, struct run_spec *s, char *err) {
  bool ok = run_spec_parse(json, strlen(json), "/specs", s, err, 200);
  if (!ok) run_spec_free(s);
  return ok;
}

static void spec_parses(void **state) {
  (void)state;
  struct run_spec s;
  char err[200];
  const char *json =
      "{\"code\": \"k.bin\", \"code_addr\": \"0x100000\", \"wave\": 32, \"threads\": [64, 2, 1],"
      " \"groups\": [4, 1, 3], \"user_sgprs\": [\"0x200000\", 0, 4294967295, \"0x27fac\"],"
      " \"tgid\": [true, false, true], \"tid_dims\": 2, \"lds_bytes\": 1000,"
      " \"memory\": [{\"addr\": \"0xffff000000200000\", \"file\": \"in.bin\"},"
      "              {\"addr\": 3145728, \"size\": 4096, \"fill\": \"0xaaaaaaaa\"}],"
      " \"border_color_base\": \"0x9876543200\","
      " \"dump\": [{\"addr\": \"0x300000\", \"size\": \"0x1000\", \"file\": \"/abs/out.bin\"}]}";
  assert_true(parse(json, &s, err));
  assert_true(s.border_color_base == 0x9876543200ull);
  assert_string_equal(s.code, "/specs/k.bin");
  assert_int_equal(s.code_addr, 0x100000);
  assert_int_equal(s.wave, 32);
  assert_int_equal(s.threads[1], 2);
  assert_int_equal(s.groups[2], 3);
  assert_int_equal(s.user_sgpr_count, 4);
  assert_int_equal(s.user_sgprs[0], 0x200000);
  assert_int_equal(s.user_sgprs[2], 0xffffffffu);
  assert_true(s.tgid[0] && !s.tgid[1] && s.tgid[2]);
  assert_int_equal(s.tid_dims, 2);
  assert_int_equal(s.memory_count, 2);
  assert_int_equal(s.memory[0].addr, 0xffff000000200000ull);
  assert_string_equal(s.memory[0].file, "/specs/in.bin");
  assert_int_equal(s.memory[1].fill, 0xaaaaaaaau);
  assert_int_equal(s.dump[0].size, 0x1000);
  assert_string_equal(s.dump[0].file, "/abs/out.bin");
  struct compute_regs r;
  run_spec_regs(&s, &r);
  struct compute_config c;
  assert_true(compute_config_decode(&r, &c, err, sizeof err));
  assert_int_equal(c.pgm_addr, 0x100000);
  assert_int_equal(c.wave_size, 32);
  assert_int_equal(c.user_sgprs, 4);
  assert_int_equal(c.tgid_sgpr[0], 4);
  assert_int_equal(c.tgid_sgpr[1], -1);
  assert_int_equal(c.tgid_sgpr[2], 5);
  assert_int_equal(c.tid_dims, 2);
  assert_int_equal(c.lds_bytes, 1024); /* granules of 512 bytes */
  assert_int_equal(c.waves_per_group, 4);
  /* TA_CS_BC_BASE_ADDR holds bits 39:8, _HI.ADDRESS bits 47:40 */
  assert_int_equal(r.r[COMPUTE_TA_CS_BC_BASE_ADDR], 0x98765432u);
  assert_int_equal(r.r[COMPUTE_TA_CS_BC_BASE_ADDR_HI], 0);
  assert_true(c.border_color_base == 0x9876543200ull);
  run_spec_free(&s);
}

static void spec_errors_name_the_field(void **state) {
  (void)state;
  static const struct {
    const char *json, *field;
  } bad[] = {
      {"{", "SPEC"},
      {"[1]", "SPEC"},
      {"{\"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1]}", "code:"},
      {"{\"code\": \"k\", \"threads\": [1,1,1], \"groups\": [1,1,1]}", "code_addr:"},
      {"{\"code\": \"k\", \"code_addr\": \"0x101\", \"threads\": [1,1,1], \"groups\": [1,1,1]}",
       "code_addr:"},
      {"{\"code\": \"k\", \"code_addr\": \"zz\", \"threads\": [1,1,1], \"groups\": [1,1,1]}",
       "code_addr:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"wave\": 16, \"threads\": [1,1,1], \"groups\": "
       "[1,1,1]}",
       "wave:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1], \"groups\": [1,1,1]}", "threads:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [64,64,1], \"groups\": [1,1,1]}",
       "threads:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,-2,1]}",
       "groups[1]:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1.5,1]}",
       "groups[1]:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], "
       "\"user_sgprs\": [1, \"0x1ffffffff\"]}",
       "user_sgprs[1]:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], \"tgid\": "
       "[true, 1, false]}",
       "tgid[1]:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], "
       "\"tid_dims\": 4}",
       "tid_dims:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], "
       "\"lds_bytes\": 65537}",
       "lds_bytes:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], "
       "\"border_color_base\": \"0x1010\"}",
       "border_color_base:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], "
       "\"border_color_base\": \"0x1000000000000\"}",
       "border_color_base:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], \"memory\": "
       "[{\"addr\": 0}]}",
       "memory[0].size:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], \"memory\": "
       "[{\"addr\": 0, \"size\": 4, \"file\": \"x\"}]}",
       "memory[0].file:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], \"memory\": "
       "[{\"size\": 4}]}",
       "memory[0].addr:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], \"memory\": "
       "[{\"addr\": 0, \"size\": 4, \"fil\": 1}]}",
       "memory[0].fil:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], \"dump\": "
       "[{\"addr\": 0, \"size\": 4}]}",
       "dump[0].file:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], \"dump\": "
       "[{\"addr\": \"0xffffffffffff\", \"size\": 4, \"file\": \"o\"}]}",
       "dump[0]:"},
      {"{\"code\": \"k\", \"code_addr\": 0, \"threads\": [1,1,1], \"groups\": [1,1,1], \"grups\": "
       "1}",
       "grups:"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    struct run_spec s;
    char err[200] = "";
    bool ok = parse(bad[i].json, &s, err);
    if (ok || strncmp(err, bad[i].field, strlen(bad[i].field)) != 0)
      fprintf(stderr, "case %zu: %s -> \"%s\" (want %s)\n", i, bad[i].json, err, bad[i].field);
    assert_false(ok);
    assert_int_equal(strncmp(err, bad[i].field, strlen(bad[i].field)), 0);
  }
}

/* ---- shader cache ------------------------------------------------------------------------------
 */

static const char cache_kernel[] =
    "v_add_nc_u32 v1, s0, v0\n"
    "v_lshlrev_b32 v2, 2, v0\n"
    "global_store_dword v2, v1, s[2:3]\n"
    "s_endpgm\n";

static size_t count_files(const char *dir, const char *ext) {
  DIR *d = opendir(dir);
  size_t n = 0;
  struct dirent *e;
  while (d && (e = readdir(d))) {
    const char *dot = strrchr(e->d_name, '.');
    if (dot && strcmp(dot + 1, ext) == 0) n++;
  }
  if (d) closedir(d);
  return n;
}

struct getter {
  struct shader_cache *c;
  const uint32_t *words;
  size_t n;
  const struct shader_spec *spec;
  const struct shader_cache_entry *e;
};
static void *get_thread(void *arg) {
  struct getter *g = arg;
  g->e = shader_cache_get(g->c, g->words, g->n, g->spec);
  return NULL;
}

static void cache_compiles_once_per_key(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  size_t n;
  uint32_t *w = assemble(cache_kernel, &n, false);
  char dir[] = "/tmp/prospero-cache-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char disk[300], dump[300];
  snprintf(disk, sizeof disk, "%s/cache", dir);
  snprintf(dump, sizeof dump, "%s/dump", dir);
  struct shader_spec spec = {.wave_size = 32, .float_mode = 0xf0};
  struct shader_cache *c = shader_cache_create(
      &(struct shader_cache_config){.disk_dir = disk, .dump_dir = dump, .workers = 2});
  assert_non_null(c);
  /* four callers at once: one compilation, everyone gets the same entry */
  struct getter g[4];
  pthread_t t[4];
  for (int i = 0; i < 4; i++) {
    g[i] = (struct getter){c, w, n, &spec, NULL};
    assert_int_equal(pthread_create(&t[i], NULL, get_thread, &g[i]), 0);
  }
  for (int i = 0; i < 4; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < 4; i++) assert_ptr_equal(g[i].e, g[0].e);
  assert_int_equal(g[0].e->state, SHADER_CACHE_READY);
  assert_int_equal(g[0].e->spirv[0], 0x07230203u);
  struct shader_cache_stats st;
  shader_cache_get_stats(c, &st);
  assert_int_equal(st.compiles, 1);
  assert_int_equal(st.lookups, 4);
  /* another specialisation is another key */
  struct shader_spec spec64 = spec;
  spec64.wave_size = 64;
  const struct shader_cache_entry *e64 = shader_cache_get(c, w, n, &spec64);
  assert_ptr_not_equal(e64, g[0].e);
  assert_int_equal(e64->state, SHADER_CACHE_READY);
  assert_ptr_equal(shader_cache_get(c, w, n, &spec), g[0].e);
  shader_cache_get_stats(c, &st);
  assert_int_equal(st.compiles, 2);
  assert_true(st.memory_hits >= 1);
  /* dumps: words, disassembly, IR and SPIR-V of each compiled shader */
  assert_int_equal(count_files(dump, "bin"), 2);
  assert_int_equal(count_files(dump, "s"), 2);
  assert_int_equal(count_files(dump, "ir"), 2);
  assert_int_equal(count_files(dump, "spv"), 2);
  /* the disassembly reads as llvm-mc -disassemble prints it (the kernel's first instruction) */
  char cmd[600];
  snprintf(cmd, sizeof cmd, "grep -q 'v_add_nc_u32_e32 v1, s0, v0' %s/*.s", dump);
  assert_int_equal(system(cmd), 0);
  /* a prefetch queues the compilation; the get after it waits for that one */
  struct shader_spec spec_lds = spec;
  spec_lds.lds_bytes = 512;
  shader_cache_prefetch(c, w, n, &spec_lds);
  shader_cache_prefetch(c, w, n, &spec_lds);
  assert_int_equal(shader_cache_get(c, w, n, &spec_lds)->state, SHADER_CACHE_READY);
  shader_cache_get_stats(c, &st);
  assert_int_equal(st.compiles, 3);
  size_t words = g[0].e->spirv_count;
  shader_cache_destroy(c);
  /* a new cache on the same folder reads the modules back instead of compiling */
  c = shader_cache_create(&(struct shader_cache_config){.disk_dir = disk, .workers = 0});
  const struct shader_cache_entry *e = shader_cache_get(c, w, n, &spec);
  assert_int_equal(e->state, SHADER_CACHE_READY);
  assert_int_equal(e->spirv_count, words);
  shader_cache_get_stats(c, &st);
  assert_int_equal(st.disk_hits, 1);
  assert_int_equal(st.compiles, 0);
  shader_cache_destroy(c);
  /* a shader that does not compile: FAILED with the reason, once */
  uint32_t bad[1] = {0xbf800000u}; /* s_nop 0, then the code runs off its end */
  c = shader_cache_create(NULL);
  e = shader_cache_get(c, bad, 1, &spec);
  assert_int_equal(e->state, SHADER_CACHE_FAILED);
  assert_true(e->error[0] != 0);
  assert_ptr_equal(shader_cache_get(c, bad, 1, &spec), e);
  shader_cache_get_stats(c, &st);
  assert_int_equal(st.failures, 1);
  shader_cache_destroy(c);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
  free(w);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(register_offsets_and_fields),
      cmocka_unit_test(wave_start_sgpr_layout),
      cmocka_unit_test(wave_start_thread_ids),
      cmocka_unit_test(wave_start_scratch_ring),
      cmocka_unit_test(config_errors_name_the_field),
      cmocka_unit_test(code_extent_follows_branches),
      cmocka_unit_test(gds_code_and_key),
      cmocka_unit_test(spec_parses),
      cmocka_unit_test(spec_errors_name_the_field),
      cmocka_unit_test(cache_compiles_once_per_key),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
