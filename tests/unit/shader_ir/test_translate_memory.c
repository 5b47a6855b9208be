/* Memory and image translation: FLAT address-space dispatch (LDS / scratch / global through
 * the apertures), compare-and-swap atomics, and the image forms parsed by name (_b_cl, _cd,
 * _g16, A16, D16, image cmpswap). Instruction words come from llvm-mc-19 at test time; the
 * memory operations are executed by the IR interpreter (before SSA and after all passes,
 * which must agree) and compared with the same accesses computed in C. Image operations
 * have no interpreter model: their operands are traced back to the VGPRs (and halves). */
#include <math.h>

#include "xl_test_harness.h"

/* ---- running with LDS, scratch and a global window ------------------------------------ */

#define LDS_SIZE 4096u
#define SCRATCH_SIZE 128u /* per lane */
#define GLOBAL_SIZE 4096u
#define GLOBAL_BASE 0x0000000100000000ull /* bits 63:32 = 1: in neither aperture */
#define SHARED_HI 0x20000000u             /* the default apertures (IR_INTERP_SH_MEM_BASES) */
#define PRIVATE_HI 0x10000000u
#define GDS_SIZE 1024u

struct mem {
  uint8_t lds[LDS_SIZE], scratch[SCRATCH_SIZE * 32], global[GLOBAL_SIZE], gds[GDS_SIZE];
};

static void attach(struct ir_interp_wave *w, struct mem *m) {
  w->lds = m->lds;
  w->lds_size = LDS_SIZE;
  w->scratch = m->scratch;
  w->scratch_size = SCRATCH_SIZE;
  w->global = m->global;
  w->global_base = GLOBAL_BASE;
  w->global_size = GLOBAL_SIZE;
  w->gds = m->gds;
  w->gds_size = GDS_SIZE;
}

static bool wave64_mode; /* run_mem / translate_src: assemble and run for 64 lanes */

static struct ir_function *translate_src(const char *src, bool passes, struct ir_translate_stats *st) {
  size_t n;
  uint32_t *words = assemble(src, &n, wave64_mode);
  static uint32_t regs[IR_REG_COUNT]; /* every register is observed (kept after DCE) */
  for (uint32_t i = 0; i < IR_REG_COUNT; i++) regs[i] = i;
  struct ir_translate_options o = {.wave_size = wave64_mode ? 64 : 32, .run_passes = passes, .observe = regs,
                                   .observe_count = IR_REG_COUNT};
  struct ir_translate_error err;
  struct ir_function *fn = ir_translate(words, n, &o, &err, st);
  free(words);
  if (!fn) fprintf(stderr, "translate: %s at 0x%x\n", err.msg, err.offset);
  assert_non_null(fn);
  char msg[256];
  assert_true(ir_validate(fn, msg, sizeof msg));
  return fn;
}

/* Runs SRC (wave32) from INIT with memory M before SSA and after the passes; registers and
 * memory must agree. Returns the first run's wave in OUT and its memory in M. */
static void run_mem(const char *src, const struct ir_interp_wave *init, struct mem *m,
                    struct ir_interp_wave *out) {
  struct ir_translate_stats st;
  struct ir_function *raw = translate_src(src, false, &st);
  assert_int_equal(st.unsupported_count, 0);
  struct ir_function *opt = translate_src(src, true, NULL);
  struct mem *m2 = malloc(sizeof *m2);
  struct ir_interp_wave *b = malloc(sizeof *b);
  memcpy(m2, m, sizeof *m);
  *out = *init;
  *b = *init;
  attach(out, m);
  attach(b, m2);
  char msg[256];
  bool ok = ir_interp_run(raw, out, 1000, msg, sizeof msg);
  if (!ok) fprintf(stderr, "interp raw: %s\n", msg);
  assert_true(ok);
  ok = ir_interp_run(opt, b, 1000, msg, sizeof msg);
  if (!ok) fprintf(stderr, "interp ssa: %s\n", msg);
  assert_true(ok);
  assert_memory_equal(out->vgpr, b->vgpr, sizeof b->vgpr);
  assert_memory_equal(out->sgpr, b->sgpr, sizeof b->sgpr);
  assert_true(out->vcc == b->vcc && out->exec == b->exec && out->scc == b->scc && out->m0 == b->m0);
  assert_memory_equal(m, m2, sizeof *m);
  assert_memory_equal(out->gws_counter, b->gws_counter, sizeof b->gws_counter);
  assert_true(out->gws_flags == b->gws_flags);
  free(m2);
  free(b);
  ir_function_destroy(raw);
  ir_function_destroy(opt);
}

static uint8_t pattern(unsigned space, unsigned i) { return (uint8_t)(i * 7 + space * 31 + 3); }

static void fill(struct mem *m) {
  for (unsigned i = 0; i < LDS_SIZE; i++) m->lds[i] = pattern(0, i);
  for (unsigned i = 0; i < sizeof m->scratch; i++) m->scratch[i] = pattern(1, i);
  for (unsigned i = 0; i < GLOBAL_SIZE; i++) m->global[i] = pattern(2, i);
  for (unsigned i = 0; i < GDS_SIZE; i++) m->gds[i] = pattern(3, i);
}

/* ---- tracing IR operands -------------------------------------------------------------- */

/* The VGPR an operand traces back to (through bitcasts and EXEC selects), or -1. */
static int traced_vgpr(const struct ir_function *fn, uint32_t id) {
  while (fn->insts[id].op == IR_OP_bitcast_f32 || fn->insts[id].op == IR_OP_bitcast_u32)
    id = ir_inst_args(fn, id)[0];
  if (fn->insts[id].op != IR_OP_entry_reg || fn->insts[id].imm < IR_REG_VGPR0) return -1;
  return (int)(fn->insts[id].imm - IR_REG_VGPR0);
}

/* A 16-bit address element: f16 widened (cvt_f32_f16 of a half) or zero-extended (u32_of_u16
 * of a half). Returns VGPR*2 + half, or -1. */
static int traced_half(const struct ir_function *fn, uint32_t id) {
  while (fn->insts[id].op == IR_OP_bitcast_f32 || fn->insts[id].op == IR_OP_bitcast_u32 ||
         fn->insts[id].op == IR_OP_bitcast_f16 || fn->insts[id].op == IR_OP_cvt_f32_f16 ||
         fn->insts[id].op == IR_OP_u32_of_u16)
    id = ir_inst_args(fn, id)[0];
  if (fn->insts[id].op != IR_OP_u16_of) return -1;
  int v = traced_vgpr(fn, ir_inst_args(fn, id)[0]);
  return v < 0 ? -1 : v * 2 + (int)fn->insts[id].imm;
}

static uint32_t find_op(const struct ir_function *fn, enum ir_op op, unsigned nth) {
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && fn->insts[i].op == op && nth-- == 0) return i;
  fail_msg("no %s #%u", ir_op_infos[op].name, nth);
  return 0;
}

/* ---- FLAT ---------------------------------------------------------------------------- */

/* Lane L's FLAT address: lanes 0-9 LDS (64·L), 10-19 their private memory (offset 32, the
 * same offset in every lane's own memory), 20-31 global memory (base + 64·L). */
static unsigned space_of(unsigned l) { return l < 10 ? 0 : l < 20 ? 1 : 2; }

static uint8_t *lane_mem(struct mem *m, unsigned l) {
  switch (space_of(l)) {
    case 0: return m->lds + 64 * l;
    case 1: return m->scratch + SCRATCH_SIZE * l + 32;
    default: return m->global + 64 * l;
  }
}

static uint32_t rd32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

static uint64_t rd64(const uint8_t *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

static const char *flat_shader =
    "flat_load_dword v4, v[2:3]\n"
    "flat_load_dwordx2 v[5:6], v[2:3] offset:4\n"
    "flat_store_dword v[2:3], v7 offset:8\n"
    "flat_atomic_add v8, v[2:3], v9 offset:12 glc\n"
    "flat_atomic_cmpswap v10, v[2:3], v[12:13] offset:16 glc\n"
    "flat_load_sbyte v14, v[2:3] offset:1\n"
    "flat_atomic_cmpswap_x2 v[16:17], v[2:3], v[18:21] offset:24 glc\n"
    "flat_store_short v[2:3], v7 offset:34\n"
    /* LDS through a pointer built from src_shared_base, and SH_MEM_BASES by s_getreg */
    "s_mov_b64 s[0:1], src_shared_base\n"
    "v_mov_b32 v23, s1\n"
    "v_lshlrev_b32 v22, 2, v0\n"
    "flat_load_dword v24, v[22:23] offset:1024\n"
    "s_getreg_b32 s2, hwreg(HW_REG_SH_MEM_BASES)\n"
    "s_mov_b64 s[4:5], src_private_base\n"
    "s_endpgm\n";

static void flat_reaches_lds_scratch_and_global(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu & ~(1u << 5) & ~(1u << 15) & ~(1u << 25));
  struct ir_interp_wave *r = calloc(1, sizeof *r);
  struct mem *m = malloc(sizeof *m), *before = malloc(sizeof *before);
  fill(m);
  memcpy(before, m, sizeof *m);
  for (unsigned l = 0; l < 32; l++) {
    uint64_t a = space_of(l) == 0 ? (uint64_t)SHARED_HI << 32 | 64 * l
                 : space_of(l) == 1 ? (uint64_t)PRIVATE_HI << 32 | 32
                                    : GLOBAL_BASE + 64 * l;
    w->vgpr[2][l] = (uint32_t)a;
    w->vgpr[3][l] = (uint32_t)(a >> 32);
    w->vgpr[7][l] = 0x7700 + l;
    w->vgpr[9][l] = 0x100 * l + 1;
    /* cmpswap: even lanes compare equal to the memory */
    uint32_t at16 = rd32(lane_mem(before, l) + 16);
    w->vgpr[12][l] = 0xc0de0000u + l;                 /* src (new value) */
    w->vgpr[13][l] = l % 2 ? at16 ^ 1 : at16;         /* cmp */
    uint64_t at24 = rd64(lane_mem(before, l) + 24);
    uint64_t src64 = 0x1234567800000000ull | l, cmp64 = l % 3 ? at24 + 1 : at24;
    w->vgpr[18][l] = (uint32_t)src64;
    w->vgpr[19][l] = (uint32_t)(src64 >> 32);
    w->vgpr[20][l] = (uint32_t)cmp64;
    w->vgpr[21][l] = (uint32_t)(cmp64 >> 32);
    for (unsigned v = 4; v <= 24; v++)
      if (v != 7 && v != 9 && !(v >= 12 && v <= 13) && !(v >= 18 && v <= 21)) w->vgpr[v][l] = 0xdead;
  }
  run_mem(flat_shader, w, m, r);

  /* C reference: the same accesses, lane by lane, on a copy of the initial memory */
  struct mem *e = malloc(sizeof *e);
  memcpy(e, before, sizeof *e);
  for (unsigned l = 0; l < 32; l++) {
    bool act = (w->exec >> l) & 1;
    uint8_t *p = lane_mem(e, l);
    if (!act) {
      for (unsigned v = 4; v <= 17; v++)
        if (v != 7 && v != 9 && v != 12 && v != 13) assert_int_equal(r->vgpr[v][l], 0xdead);
      continue;
    }
    assert_int_equal(r->vgpr[4][l], rd32(p));
    assert_int_equal(r->vgpr[5][l], rd32(p + 4));
    assert_int_equal(r->vgpr[6][l], rd32(p + 8));
    uint32_t v7 = w->vgpr[7][l];
    memcpy(p + 8, &v7, 4);
    uint32_t old = rd32(p + 12), sum = old + w->vgpr[9][l];
    assert_int_equal(r->vgpr[8][l], old);
    memcpy(p + 12, &sum, 4);
    old = rd32(p + 16);
    assert_int_equal(r->vgpr[10][l], old);
    if (old == w->vgpr[13][l]) memcpy(p + 16, &w->vgpr[12][l], 4);
    assert_int_equal(r->vgpr[14][l], (uint32_t)(int32_t)(int8_t)p[1]);
    uint64_t old64 = rd64(p + 24);
    assert_int_equal(r->vgpr[16][l], (uint32_t)old64);
    assert_int_equal(r->vgpr[17][l], (uint32_t)(old64 >> 32));
    uint64_t cmp64 = (uint64_t)w->vgpr[21][l] << 32 | w->vgpr[20][l];
    uint64_t src64 = (uint64_t)w->vgpr[19][l] << 32 | w->vgpr[18][l];
    if (old64 == cmp64) memcpy(p + 24, &src64, 8);
    uint16_t s = (uint16_t)v7;
    memcpy(p + 34, &s, 2);
  }
  /* the src_shared_base pointer reads LDS at 4·lane + 1024 in every lane */
  for (unsigned l = 0; l < 32; l++)
    if ((w->exec >> l) & 1) assert_int_equal(r->vgpr[24][l], rd32(e->lds + 1024 + 4 * l));
  assert_memory_equal(m->lds, e->lds, LDS_SIZE);
  assert_memory_equal(m->scratch, e->scratch, sizeof e->scratch);
  assert_memory_equal(m->global, e->global, GLOBAL_SIZE);
  /* the equal-compare lanes did swap (the test data is not vacuous) */
  assert_int_equal(rd32(lane_mem(m, 2) + 16), 0xc0de0002u);
  assert_int_equal(rd32(lane_mem(m, 12) + 16), 0xc0de000cu);
  assert_int_equal(rd32(lane_mem(m, 22) + 16), 0xc0de0016u);
  assert_int_not_equal(rd32(lane_mem(m, 3) + 16), 0xc0de0003u);
  assert_int_equal(r->sgpr[2], 0x20001000u); /* SH_MEM_BASES: shared 31:16, private 15:0 */
  assert_int_equal(r->sgpr[0], 0);
  assert_int_equal(r->sgpr[1], SHARED_HI);
  assert_int_equal(r->sgpr[4], 0);
  assert_int_equal(r->sgpr[5], PRIVATE_HI);
  free(e);
  free(before);
  free(m);
  free(r);
  free(w);
}

/* Other aperture bases (SH_MEM_BASES = hwreg 15): the same address is global memory now,
 * and LDS is reached through the new shared base. */
static void flat_follows_the_aperture_registers(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu), *r = calloc(1, sizeof *r);
  struct mem *m = malloc(sizeof *m);
  fill(m);
  w->hwreg[15] = 0x00030002u; /* shared at 3 << 48, private at 2 << 48 */
  for (unsigned l = 0; l < 32; l++) {
    bool lds = l & 1;
    uint64_t a = lds ? 3ull << 48 | 8 * l : GLOBAL_BASE + 8 * l;
    w->vgpr[2][l] = (uint32_t)a;
    w->vgpr[3][l] = (uint32_t)(a >> 32);
  }
  run_mem("flat_load_dword v4, v[2:3]\n"
          "s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES)\n"
          "s_endpgm\n",
          w, m, r);
  for (unsigned l = 0; l < 32; l++)
    assert_int_equal(r->vgpr[4][l], rd32(((l & 1) ? m->lds : m->global) + 8 * l));
  assert_int_equal(r->sgpr[0], 0x00030002u);
  free(m);
  free(r);
  free(w);
}

/* scratch_* address the lane's private memory (vaddr or saddr + offset), the same memory a
 * FLAT access reaches through the private aperture. */
static void scratch_and_flat_private_agree(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu & ~(1u << 9)), *r = calloc(1, sizeof *r);
  struct mem *m = malloc(sizeof *m), *e = malloc(sizeof *m);
  fill(m);
  memcpy(e, m, sizeof *m);
  w->sgpr[3] = 40;
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[1][l] = 8 + 4 * (l % 4); /* private offsets differ per lane */
    w->vgpr[4][l] = 0xa0000000u + l;
    w->vgpr[5][l] = 0xb0000000u + l;
    w->vgpr[6][l] = 0x1234abcdu;
    w->vgpr[20][l] = 0xdead;
    w->vgpr[11][l] = PRIVATE_HI;
  }
  run_mem("scratch_load_dwordx2 v[2:3], v1, off offset:-8\n"
          "scratch_store_dwordx2 v1, v[4:5], off offset:4\n"
          "scratch_store_short off, v6, s3 offset:2\n"
          "scratch_load_sbyte_d16_hi v20, off, s3 offset:3\n"
          "v_add_nc_u32 v10, 4, v1\n"
          "flat_load_dword v12, v[10:11]\n" /* the private aperture: what the store wrote */
          "s_endpgm\n",
          w, m, r);
  for (unsigned l = 0; l < 32; l++) {
    uint8_t *p = e->scratch + SCRATCH_SIZE * l;
    uint32_t a = w->vgpr[1][l];
    if (!((w->exec >> l) & 1)) {
      assert_int_equal(r->vgpr[2][l], 0);
      assert_int_equal(r->vgpr[20][l], 0xdead);
      continue;
    }
    assert_int_equal(r->vgpr[2][l], rd32(p + a - 8));
    assert_int_equal(r->vgpr[3][l], rd32(p + a - 4));
    memcpy(p + a + 4, &w->vgpr[4][l], 4);
    memcpy(p + a + 8, &w->vgpr[5][l], 4);
    uint16_t sh = 0xabcd;
    memcpy(p + 42, &sh, 2);
    assert_int_equal(r->vgpr[20][l], (uint32_t)(uint16_t)(int16_t)(int8_t)p[43] << 16 | 0xdead);
    assert_int_equal(r->vgpr[12][l], w->vgpr[4][l]);
  }
  assert_memory_equal(m->scratch, e->scratch, sizeof e->scratch);
  free(e);
  free(m);
  free(r);
  free(w);
}

/* Formatted buffer stores and the D16 formatted forms (IR: buffers have no interpreter
 * model): components, 16-bit halves, the format immediate. */
static void buffer_format_stores_and_d16(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  size_t n;
  uint32_t *words = assemble("buffer_store_format_xyz v[1:3], v9, s[4:7], 0 idxen\n"
                             "tbuffer_store_format_d16_xyzw v[10:11], v9, s[4:7], 0 format:[BUF_FMT_16_16_16_16_FLOAT] idxen\n"
                             "buffer_load_format_d16_xyz v[12:13], v9, s[4:7], 0 idxen\n"
                             "buffer_load_format_d16_hi_x v14, v9, s[4:7], 0 idxen\n"
                             "buffer_store_format_d16_hi_x v15, v9, s[4:7], 0 idxen\n"
                             "s_endpgm\n", &n, false);
  uint32_t observe[] = {IR_REG_VGPR0 + 12, IR_REG_VGPR0 + 13, IR_REG_VGPR0 + 14};
  struct ir_translate_options o = {.wave_size = 32, .run_passes = true, .observe = observe,
                                   .observe_count = 3};
  struct ir_translate_error err;
  struct ir_translate_stats st;
  struct ir_function *fn = ir_translate(words, n, &o, &err, &st);
  free(words);
  assert_non_null(fn);
  assert_int_equal(st.unsupported_count, 0);
  /* store_format_xyz: v1 v2 v3, component 3 zero */
  uint32_t i = find_op(fn, IR_OP_store_buffer_fmt, 0);
  uint32_t *a = ir_inst_args(fn, i), *d = ir_inst_args(fn, a[3]);
  assert_int_equal(fn->insts[i].imm, 0);
  for (unsigned k = 0; k < 3; k++) assert_int_equal(traced_vgpr(fn, d[k]), 1 + (int)k);
  assert_int_equal(traced_vgpr(fn, d[3]), -1);
  assert_int_equal(traced_vgpr(fn, a[1]), 9); /* idxen: the index */
  /* typed d16 store: the halves of v10, v11 and the instruction's format */
  i = find_op(fn, IR_OP_store_buffer_fmt, 1);
  a = ir_inst_args(fn, i);
  d = ir_inst_args(fn, a[3]);
  assert_true(fn->insts[i].imm & IR_FMT_D16);
  assert_int_not_equal(fn->insts[i].imm & 0x7f, 0);
  for (unsigned k = 0; k < 4; k++) assert_int_equal(traced_half(fn, d[k]), 20 + (int)k);
  /* d16_hi store: the high half of v15 */
  i = find_op(fn, IR_OP_store_buffer_fmt, 2);
  d = ir_inst_args(fn, ir_inst_args(fn, i)[3]);
  assert_int_equal(traced_half(fn, d[0]), 31);
  /* loads: v12 = c0 | c1 << 16, v13 = c2 (high 0), v14 = c0 << 16 | old low half */
  for (i = 0; i < fn->inst_count; i++) {
    if (fn->insts[i].dead || fn->insts[i].op != IR_OP_observe) continue;
    uint32_t v = ir_inst_args(fn, i)[0], reg = (uint32_t)fn->insts[i].imm - IR_REG_VGPR0;
    assert_int_equal(fn->insts[v].op, IR_OP_select); /* EXEC-masked */
    uint32_t p = ir_inst_args(fn, v)[1];
    assert_int_equal(fn->insts[p].op, IR_OP_pack_half);
    uint32_t lo = ir_inst_args(fn, p)[0], hi = ir_inst_args(fn, p)[1];
    if (reg == 14) {
      assert_int_equal(traced_half(fn, lo), 28); /* v14's own low half */
      assert_int_equal(fn->insts[ir_inst_args(fn, ir_inst_args(fn, hi)[0])[0]].op, IR_OP_extract_f32);
    } else if (reg == 13) {
      assert_int_equal(fn->insts[hi].op, IR_OP_const);
    } else {
      uint32_t ex = ir_inst_args(fn, ir_inst_args(fn, hi)[0])[0];
      assert_int_equal(fn->insts[ex].imm, 1);
      assert_true(fn->insts[ir_inst_args(fn, ex)[0]].imm & IR_FMT_D16);
    }
  }
  ir_function_destroy(fn);
}

/* ---- DS lane exchanges and the remaining LDS atomics ----------------------------------- */

static void ds_lane_exchanges_and_atomics(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu & ~(1u << 6)), *r = calloc(1, sizeof *r);
  struct mem *m = malloc(sizeof *m), *e = malloc(sizeof *m);
  fill(m);
  memcpy(e, m, sizeof *m);
  uint32_t seed = 99;
  for (unsigned l = 0; l < 32; l++) {
    seed = seed * 1103515245u + 12345u;
    w->vgpr[2][l] = ((seed >> 16) % 40) * 4 + (seed & 3); /* lane*4 (+ low bits, ignored), wraps */
    w->vgpr[3][l] = 0x1000 + l;
    w->vgpr[8][l] = 64 * l;
    w->vgpr[10][l] = 0x0ff0f00fu ^ l;
    w->vgpr[11][l] = 0x30000003u + l;
    w->vgpr[14][l] = 0x11111111u * (l & 7);
    w->vgpr[15][l] = 0x80000000u | l;
    w->vgpr[16][l] = 0xffff0000u;
    w->vgpr[17][l] = 0x0000ffffu;
    for (unsigned v = 1; v <= 13; v++)
      if (v != 2 && v != 3 && v != 8 && v != 10 && v != 11) w->vgpr[v][l] = 0xdead;
  }
  run_mem("ds_bpermute_b32 v1, v2, v3 offset:4\n"
          "ds_permute_b32 v4, v2, v3\n"
          "ds_swizzle_b32 v5, v3 offset:swizzle(BITMASK_PERM,\"01pip\")\n"
          "ds_swizzle_b32 v6, v3 offset:swizzle(QUAD_PERM,1,0,3,2)\n"
          "ds_rsub_rtn_u32 v7, v8, v3\n"
          "ds_mskor_rtn_b32 v9, v8, v10, v11 offset:4\n"
          "ds_wrxchg2_rtn_b32 v[12:13], v8, v3, v10 offset0:2 offset1:3\n"
          "ds_rsub_u64 v8, v[14:15] offset:16\n"
          "ds_mskor_b64 v8, v[14:15], v[16:17] offset:24\n"
          "ds_nop\n"
          "s_endpgm\n",
          w, m, r);
  uint64_t exec = w->exec;
  uint32_t push[32] = {0};
  for (unsigned l = 0; l < 32; l++) /* permute: in lane order, so the highest lane wins */
    if ((exec >> l) & 1) push[(w->vgpr[2][l] >> 2) & 31] = w->vgpr[3][l];
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1;
#define SRC(i) (((exec >> (i)) & 1) ? w->vgpr[3][i] : 0)
    unsigned b = ((w->vgpr[2][l] + 4) >> 2) & 31;
    unsigned bm = (((l & 7) | 8) ^ 2) & 31; /* "01pip": and 7, or 8, xor 2 */
    unsigned q = (l & ~3u) | (((0xb1u >> (2 * (l & 3))) & 3));
    assert_int_equal(r->vgpr[1][l], act ? SRC(b) : 0xdead);
    assert_int_equal(r->vgpr[4][l], act ? push[l] : 0xdead);
    assert_int_equal(r->vgpr[5][l], act ? SRC(bm) : 0xdead);
    assert_int_equal(r->vgpr[6][l], act ? SRC(q) : 0xdead);
#undef SRC
    uint8_t *p = e->lds + 64 * l;
    if (!act) {
      assert_int_equal(r->vgpr[7][l], 0xdead);
      continue;
    }
    uint32_t old = rd32(p), v = w->vgpr[3][l] - old;
    assert_int_equal(r->vgpr[7][l], old);
    memcpy(p, &v, 4);
    old = rd32(p + 4);
    assert_int_equal(r->vgpr[9][l], old);
    v = (old & ~w->vgpr[10][l]) | w->vgpr[11][l];
    memcpy(p + 4, &v, 4);
    assert_int_equal(r->vgpr[12][l], rd32(p + 8));
    assert_int_equal(r->vgpr[13][l], rd32(p + 12));
    memcpy(p + 8, &w->vgpr[3][l], 4);
    memcpy(p + 12, &w->vgpr[10][l], 4);
    uint64_t d = (uint64_t)w->vgpr[15][l] << 32 | w->vgpr[14][l], o64 = rd64(p + 16), v64 = d - o64;
    memcpy(p + 16, &v64, 8);
    uint64_t mask = (uint64_t)w->vgpr[15][l] << 32 | w->vgpr[14][l];
    uint64_t orv = (uint64_t)w->vgpr[17][l] << 32 | w->vgpr[16][l];
    v64 = (rd64(p + 24) & ~mask) | orv;
    memcpy(p + 24, &v64, 8);
  }
  assert_memory_equal(m->lds, e->lds, LDS_SIZE);
  /* the exchanges are not vacuous: some lanes read other lanes, one reads an inactive one */
  unsigned moved = 0;
  for (unsigned l = 0; l < 32; l++) moved += r->vgpr[1][l] != w->vgpr[3][l];
  assert_true(moved > 16);
  free(e);
  free(m);
  free(r);
  free(w);
}

/* wave64: bpermute and swizzle stay within each 32-lane half */
static void ds_lane_exchanges_wave64_halves(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(~0ull), *r = calloc(1, sizeof *r);
  struct mem *m = calloc(1, sizeof *m);
  for (unsigned l = 0; l < 64; l++) {
    w->vgpr[2][l] = 4 * ((l * 7 + 3) % 32);
    w->vgpr[3][l] = 0x2000 + l;
  }
  wave64_mode = true;
  run_mem("ds_bpermute_b32 v1, v2, v3\n"
          "ds_swizzle_b32 v5, v3 offset:swizzle(BITMASK_PERM,\"00000\")\n"
          "s_endpgm\n",
          w, m, r);
  wave64_mode = false;
  for (unsigned l = 0; l < 64; l++) {
    assert_int_equal(r->vgpr[1][l], 0x2000 + (l & 32) + (l * 7 + 3) % 32);
    assert_int_equal(r->vgpr[5][l], 0x2000 + (l & 32)); /* lane 0 of each half */
  }
  free(m);
  free(r);
  free(w);
}

/* ---- scalar memory: stores, atomics (once per wave), clocks ---------------------------- */

static void scalar_stores_atomics_and_clocks(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  /* lane 0 is inactive: scalar memory ignores EXEC and still acts exactly once */
  struct ir_interp_wave *w = wave_new(0x00f0u), *r = calloc(1, sizeof *r);
  struct mem *m = calloc(1, sizeof *m), *e = malloc(sizeof *m);
  for (unsigned i = 0; i < 64; i++) m->global[i] = (uint8_t)(0x40 + i);
  memcpy(e, m, sizeof *m);
  w->sgpr[0] = (uint32_t)GLOBAL_BASE;
  w->sgpr[1] = (uint32_t)(GLOBAL_BASE >> 32);
  w->sgpr[5] = 0x55555555u;
  w->sgpr[6] = 0x66666666u;
  w->sgpr[7] = 0x77777777u;
  w->sgpr[8] = 5;
  uint64_t at28 = rd64(m->global + 0x28);
  w->sgpr[12] = 0xc0ffee00u; /* src */
  w->sgpr[13] = 0x12345678u;
  w->sgpr[14] = (uint32_t)at28; /* cmp: equal */
  w->sgpr[15] = (uint32_t)(at28 >> 32);
  w->sgpr[16] = 0x28;
  w->sgpr[18] = 0xffffffffu;
  w->sgpr[19] = 0x0u;
  w->clock[0] = 0x0000000500000007ull;
  w->clock[1] = 0x123456789abcdefull;
  run_mem("s_store_dword s5, s[0:1], 0x10\n"
          "s_store_dwordx2 s[6:7], s[0:1], 0x18\n"
          "s_atomic_add s8, s[0:1], 0x20 glc\n"
          "s_atomic_cmpswap_x2 s[12:15], s[0:1], s16 glc\n"
          "s_atomic_umax_x2 s[18:19], s[0:1], 0x30\n"
          "s_memtime s[20:21]\n"
          "s_memrealtime s[22:23]\n"
          "s_dcache_wb\n"
          "s_dcache_discard s[0:1], 0x0\n" /* cache hints: no effect */
          "s_dcache_discard_x2 s[0:1], 0x0\n"
          "s_atc_probe 7, s[0:1], 0x0\n"
          "s_atc_probe_buffer 7, s[4:7], 0x0\n"
          "s_endpgm\n",
          w, m, r);
  uint32_t v = 0x55555555u;
  memcpy(e->global + 0x10, &v, 4);
  memcpy(e->global + 0x18, &w->sgpr[6], 4);
  memcpy(e->global + 0x1c, &w->sgpr[7], 4);
  uint32_t old = rd32(e->global + 0x20), sum = old + 5;
  memcpy(e->global + 0x20, &sum, 4); /* once, not once per lane */
  uint64_t src = (uint64_t)0x12345678u << 32 | 0xc0ffee00u;
  memcpy(e->global + 0x28, &src, 8);
  uint64_t mx = rd64(e->global + 0x30) > 0xffffffffull ? rd64(e->global + 0x30) : 0xffffffffull;
  memcpy(e->global + 0x30, &mx, 8);
  assert_memory_equal(m->global, e->global, 64);
  assert_int_equal(r->sgpr[8], old);
  assert_int_equal(r->sgpr[12], (uint32_t)at28);
  assert_int_equal(r->sgpr[13], (uint32_t)(at28 >> 32));
  assert_int_equal(r->sgpr[18], 0xffffffffu); /* no glc: unchanged */
  assert_int_equal(r->sgpr[20], 7);
  assert_int_equal(r->sgpr[21], 5);
  assert_int_equal(r->sgpr[22], 0x89abcdefu);
  assert_int_equal(r->sgpr[23], 0x01234567u);
  free(e);
  free(m);
  free(r);
  free(w);
}

/* ---- global and buffer compare-and-swap ---------------------------------------------- */

static uint32_t f2u(float f) { return fbits(f); }

static void global_compare_and_swap(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0x7fffffffu), *r = calloc(1, sizeof *r);
  struct mem *m = calloc(1, sizeof *m), *before = malloc(sizeof *before);
  /* s[0:1] = global base; lane L uses offset 16·L */
  w->sgpr[0] = (uint32_t)GLOBAL_BASE;
  w->sgpr[1] = (uint32_t)(GLOBAL_BASE >> 32);
  static const float mem_f[4] = {0.0f, -0.0f, 1.5f, 0.0f};
  for (unsigned l = 0; l < 32; l++) {
    uint32_t mv = 0x1000 + l;
    memcpy(m->global + 16 * l, &mv, 4);
    float fv = l % 4 == 3 ? __builtin_nanf("") : mem_f[l % 4];
    memcpy(m->global + 16 * l + 4, &fv, 4);
    uint64_t m64 = 0xaaaa000000000000ull | l;
    memcpy(m->global + 16 * l + 8, &m64, 8);
    w->vgpr[1][l] = 16 * l;
    w->vgpr[2][l] = 0x5000 + l;                        /* src */
    w->vgpr[3][l] = l % 2 ? 0x1000 + l : 0x9999;       /* cmp: odd lanes equal */
    w->vgpr[6][l] = f2u(2.0f);                         /* fcmpswap src */
    w->vgpr[7][l] = f2u(l % 4 == 1 ? 0.0f : l % 4 == 3 ? __builtin_nanf("") : mem_f[l % 4] + 1);
    w->vgpr[8][l] = l;                                 /* x2 src */
    w->vgpr[9][l] = 0xbbbb0000u;
    w->vgpr[10][l] = l % 3 ? l : l + 1000;             /* x2 cmp: lanes l%3 != 0 equal */
    w->vgpr[11][l] = 0xaaaa0000u;
    w->vgpr[4][l] = w->vgpr[12][l] = w->vgpr[13][l] = 0xdead;
  }
  /* lane 1: -0.0 in memory equals +0.0 as floats; NaN never equals */
  memcpy(before, m, sizeof *m);
  run_mem("global_atomic_cmpswap v4, v1, v[2:3], s[0:1] glc\n"
          "global_atomic_fcmpswap v5, v1, v[6:7], s[0:1] offset:4 glc\n"
          "global_atomic_cmpswap_x2 v[12:13], v1, v[8:11], s[0:1] offset:8 glc\n"
          "s_endpgm\n",
          w, m, r);
  for (unsigned l = 0; l < 32; l++) {
    const uint8_t *p = m->global + 16 * l, *q = before->global + 16 * l;
    if (l == 31) { /* inactive: nothing written, registers kept */
      assert_memory_equal(p, q, 16);
      assert_int_equal(r->vgpr[4][l], 0xdead);
      continue;
    }
    assert_int_equal(r->vgpr[4][l], 0x1000 + l);
    assert_int_equal(rd32(p), l % 2 ? 0x5000 + l : 0x1000 + l);
    assert_int_equal(r->vgpr[5][l], rd32(q + 4));
    bool feq = l % 4 == 1; /* -0 == +0; the others differ or are NaN */
    assert_int_equal(rd32(p + 4), feq ? f2u(2.0f) : rd32(q + 4));
    uint64_t old = rd64(q + 8);
    assert_int_equal(r->vgpr[12][l], (uint32_t)old);
    assert_int_equal(r->vgpr[13][l], (uint32_t)(old >> 32));
    assert_true(rd64(p + 8) == (l % 3 ? (0xbbbb000000000000ull | l) : old));
  }
  free(before);
  free(m);
  free(r);
  free(w);
}

static void buffer_compare_and_swap_operands(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_translate_stats st;
  struct ir_function *fn = translate_src("buffer_atomic_cmpswap v[4:5], v1, s[8:11], 0 offen glc\n"
                                         "buffer_atomic_fcmpswap_x2 v[6:9], v2, s[8:11], s3 idxen\n"
                                         "s_endpgm\n",
                                         true, &st);
  assert_int_equal(st.unsupported_count, 0);
  uint32_t i = find_op(fn, IR_OP_atomic_buffer_cmpswap, 0);
  uint32_t *a = ir_inst_args(fn, i);
  assert_int_equal(fn->insts[i].imm, 0);
  assert_int_equal(traced_vgpr(fn, a[3]), 4); /* src (new value) first */
  assert_int_equal(traced_vgpr(fn, a[4]), 5); /* then cmp */
  assert_int_equal(fn->insts[a[2]].op, IR_OP_buffer_offset); /* (offset, soffset) */
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[2])[0]), 1); /* offen: the offset */
  i = find_op(fn, IR_OP_atomic_buffer_cmpswap64, 0);
  a = ir_inst_args(fn, i);
  assert_int_equal(fn->insts[i].imm, 1); /* float compare */
  assert_int_equal(fn->insts[a[3]].op, IR_OP_pack_u64);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[3])[0]), 6);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[3])[1]), 7);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[4])[0]), 8);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[4])[1]), 9);
  assert_int_equal(traced_vgpr(fn, a[1]), 2); /* idxen: the index */
  ir_function_destroy(fn);
}

/* ---- images -------------------------------------------------------------------------- */

static void image_forms_by_name(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_translate_stats st;
  struct ir_function *fn = translate_src(
      /* bias, x, y, clamp */
      "image_sample_b_cl v1, v[4:7], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
      /* compare, d/dx (2), d/dy (2), x, y: coarse */
      "image_sample_c_cd v2, v[10:16], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
      /* 16-bit derivatives, 3D: dx.xy | dx.z | dy.xy | dy.z, then x y z */
      "image_sample_d_g16 v3, v[20:26], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_3D\n"
      /* A16 + D16: x y packed in v30, lod in v31 low; three components in two registers */
      "image_sample_l v[32:33], v[30:31], s[0:7], s[8:11] dmask:0x7 dim:SQ_RSRC_IMG_2D a16 d16\n"
      /* A16 integer coordinates and mip level */
      "image_load_mip v34, v[36:37], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_3D unorm a16\n"
      /* D16 store: four components from two registers */
      "image_store v[40:41], v[42:43], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm d16\n"
      /* cmpswap: vdata = new value, compare value; glc returns the old one into v44 */
      "image_atomic_cmpswap v[44:45], v[46:47], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm glc\n"
      "image_atomic_fcmpswap v[48:49], v[46:47], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm\n"
      "image_gather4_b_cl v[50:53], v[54:57], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
      "s_endpgm\n",
      true, &st);
  assert_int_equal(st.unsupported_count, 0);
  /* _b_cl: bias -> coordinate 3, clamp -> extras[4] (2D: ir_image_clamp_slot); the LOD from
   * the quad's derivatives */
  uint32_t i = find_op(fn, IR_OP_image_sample_ex, 0);
  uint32_t *a = ir_inst_args(fn, i);
  uint64_t imm = fn->insts[i].imm;
  assert_true((imm & IR_IMAGE_BIAS) && (imm & IR_IMAGE_CLAMP) && (imm & IR_IMAGE_DERIV));
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[2])[3]), 4);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[2])[0]), 5);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[2])[1]), 6);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[3])[4]), 7);
  /* _c_cd: the _d form, each derivative read from the quad's top left lane */
  i = find_op(fn, IR_OP_image_sample_ex, 1);
  a = ir_inst_args(fn, i);
  imm = fn->insts[i].imm;
  assert_true(!(imm & IR_IMAGE_COARSE) && (imm & IR_IMAGE_DERIV) && (imm & IR_IMAGE_COMPARE));
  const int cd_want[8] = {-1, 10, 11, 12, -1, 13, 14, -1};
  for (unsigned k = 1; k < 8; k++) {
    uint32_t e = ir_inst_args(fn, a[3])[k];
    if (k == 1 || cd_want[k] < 0) {
      if (cd_want[k] >= 0) assert_int_equal(traced_vgpr(fn, e), cd_want[k]);
      continue;
    }
    assert_int_equal(fn->insts[e].op, IR_OP_read_lane);
    assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, e)[0]), cd_want[k]);
  }
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[2])[0]), 15);
  /* _d_g16 3D: halves */
  i = find_op(fn, IR_OP_image_sample_ex, 2);
  a = ir_inst_args(fn, i);
  const int g16_want[6] = {20 * 2, 20 * 2 + 1, 21 * 2, 22 * 2, 22 * 2 + 1, 23 * 2};
  for (unsigned k = 0; k < 6; k++) assert_int_equal(traced_half(fn, ir_inst_args(fn, a[3])[2 + k]), g16_want[k]);
  for (unsigned k = 0; k < 3; k++) assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[2])[k]), 24 + (int)k);
  /* A16 + D16 sample_l: coordinates from halves; the result packed */
  i = find_op(fn, IR_OP_image_sample, 0);
  a = ir_inst_args(fn, i);
  assert_true(fn->insts[i].imm & IR_IMAGE_D16);
  assert_int_equal(traced_half(fn, ir_inst_args(fn, a[2])[0]), 60);
  assert_int_equal(traced_half(fn, ir_inst_args(fn, a[2])[1]), 61);
  assert_int_equal(traced_half(fn, ir_inst_args(fn, a[2])[3]), 62);
  /* load_mip A16 3D: x y | z mip */
  i = find_op(fn, IR_OP_image_load, 0);
  a = ir_inst_args(fn, i);
  for (unsigned k = 0; k < 4; k++) assert_int_equal(traced_half(fn, ir_inst_args(fn, a[1])[k]), 72 + (int)k);
  /* D16 store: component k from half k%2 of v40 + k/2 */
  i = find_op(fn, IR_OP_image_store, 0);
  a = ir_inst_args(fn, i);
  assert_true(fn->insts[i].imm & IR_IMAGE_D16);
  for (unsigned k = 0; k < 4; k++) assert_int_equal(traced_half(fn, ir_inst_args(fn, a[2])[k]), 80 + (int)k);
  /* cmpswap operand order and float compare */
  i = find_op(fn, IR_OP_image_atomic_cmpswap, 0);
  a = ir_inst_args(fn, i);
  assert_true(fn->insts[i].imm & IR_IMAGE_GLC);
  assert_int_equal(traced_vgpr(fn, a[2]), 44);
  assert_int_equal(traced_vgpr(fn, a[3]), 45);
  assert_int_equal(fn->insts[i].imm >> IR_IMAGE_ATOMIC_SHIFT & 0xff, 0);
  i = find_op(fn, IR_OP_image_atomic_cmpswap, 1);
  assert_int_equal(fn->insts[i].imm >> IR_IMAGE_ATOMIC_SHIFT & 0xff, 1);
  assert_false(fn->insts[i].imm & IR_IMAGE_GLC);
  /* gather4_b_cl */
  i = find_op(fn, IR_OP_image_gather_ex, 0);
  a = ir_inst_args(fn, i);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[2])[3]), 54);
  assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[3])[4]), 57);
  ir_function_destroy(fn);
}

/* _b_cl's clamp slot (ir_image_clamp_slot): 2D d/dx z (4); 3D, whose derivatives fill
 * extras[2..7]: the offset's slot without _o, the reference's with _o and without _c; 3D
 * _c_b_cl_o has none and is unsupported. */
static void image_b_cl_clamp_slots(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_translate_stats st;
  struct ir_function *fn = translate_src(
      /* bias, compare, x, y, z, clamp */
      "image_sample_c_b_cl v1, v[4:9], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_3D\n"
      /* offset, bias, x, y, z, clamp */
      "image_sample_b_cl_o v2, v[10:15], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_3D\n"
      /* offset, bias, compare, x, y, clamp */
      "image_gather4_c_b_cl_o v[20:23], v[24:29], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
      "s_endpgm\n",
      true, &st);
  assert_int_equal(st.unsupported_count, 0);
  static const struct {
    enum ir_op op;
    unsigned nth;
    int clamp_vgpr, slot, bias_vgpr;
  } want[] = {{IR_OP_image_sample_ex, 0, 9, 0, 4},
              {IR_OP_image_sample_ex, 1, 15, 1, 11},
              {IR_OP_image_gather_ex, 0, 29, 4, 25}};
  for (unsigned k = 0; k < 3; k++) {
    uint32_t i = find_op(fn, want[k].op, want[k].nth);
    uint32_t *a = ir_inst_args(fn, i);
    assert_int_equal(ir_image_clamp_slot(fn->insts[i].imm), want[k].slot);
    assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[3])[want[k].slot]), want[k].clamp_vgpr);
    assert_int_equal(traced_vgpr(fn, ir_inst_args(fn, a[2])[3]), want[k].bias_vgpr);
  }
  ir_function_destroy(fn);
  fn = translate_src("image_sample_c_b_cl_o v1, v[4:10], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_3D\n"
                     "s_endpgm\n",
                     true, &st);
  assert_int_equal(st.unsupported_count, 1);
  ir_function_destroy(fn);
}

/* The D16 result packing executes: the sample result is not modelled, so the test checks
 * the IR that writes v32/v33: pack_half of components 0|1 and 2|0. */
static void image_d16_result_packing(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  size_t n;
  uint32_t *words = assemble("image_sample v[32:33], v[30:31], s[0:7], s[8:11] dmask:0xb dim:SQ_RSRC_IMG_2D d16\n"
                             "s_endpgm\n", &n, false);
  uint32_t observe[] = {IR_REG_VGPR0 + 32, IR_REG_VGPR0 + 33};
  struct ir_translate_options o = {.wave_size = 32, .run_passes = true, .observe = observe,
                                   .observe_count = 2};
  struct ir_translate_error err;
  struct ir_translate_stats st;
  struct ir_function *fn = ir_translate(words, n, &o, &err, &st);
  free(words);
  assert_non_null(fn);
  assert_int_equal(st.unsupported_count, 0);
  unsigned seen = 0;
  for (uint32_t i = 0; i < fn->inst_count; i++) {
    if (fn->insts[i].dead || fn->insts[i].op != IR_OP_observe) continue;
    uint32_t v = ir_inst_args(fn, i)[0];
    /* EXEC-masked: select(active, pack_half(lo, hi), old) */
    assert_int_equal(fn->insts[v].op, IR_OP_select);
    uint32_t p = ir_inst_args(fn, v)[1];
    assert_int_equal(fn->insts[p].op, IR_OP_pack_half);
    uint32_t lo = ir_inst_args(fn, p)[0], hi = ir_inst_args(fn, p)[1];
    /* lo: u16_of(bitcast_u32(extract_f32[k])) */
    assert_int_equal(fn->insts[lo].op, IR_OP_u16_of);
    uint32_t ex = ir_inst_args(fn, ir_inst_args(fn, lo)[0])[0];
    assert_int_equal(fn->insts[ex].op, IR_OP_extract_f32);
    if (fn->insts[i].imm == IR_REG_VGPR0 + 32) {
      assert_int_equal(fn->insts[ex].imm, 0); /* dmask 0xb: components 0, 1, 3 */
      uint32_t ex1 = ir_inst_args(fn, ir_inst_args(fn, hi)[0])[0];
      assert_int_equal(fn->insts[ex1].imm, 1);
      seen |= 1;
    } else {
      assert_int_equal(fn->insts[ex].imm, 3);
      assert_int_equal(fn->insts[hi].op, IR_OP_const); /* odd count: high half 0 */
      assert_int_equal(fn->insts[hi].imm, 0);
      seen |= 2;
    }
  }
  assert_int_equal(seen, 3);
  ir_function_destroy(fn);
}

/* ---- images executed through a recording image model -------------------------------- */

/* f16 bits to f32 bits (exact: every f16 is an f32) */
static uint32_t h2f(uint32_t h) {
  uint32_t sign = (h & 0x8000u) << 16, e = (h >> 10) & 31, m = h & 0x3ff;
  if (e == 31) return sign | 0x7f800000u | m << 13;
  if (e == 0) { /* zero or subnormal: m * 2^-24 */
    float f = (float)m * 0x1p-24f;
    return sign | fbits(f);
  }
  return sign | (e + 112) << 23 | m << 13;
}

#define IMG_OPS 12
struct image_log {
  struct ir_interp_image op[IMG_OPS][32];
  int slot, last_lane; /* the interpreter calls an operation's lanes in increasing order */
  uint64_t called[IMG_OPS]; /* lanes that reached the model, per operation */
};

/* A component the model returns: 16 bits for D16 operations (the IR contract), else 32. */
static uint32_t model_value(unsigned slot, unsigned lane, unsigned k, bool d16) {
  uint32_t v = 0x9e3779b9u * (slot * 131 + lane * 7 + k + 1);
  return d16 ? v & 0xffff : v;
}

static bool image_model(void *ctx, const struct ir_interp_image *op, uint32_t r[4]) {
  struct image_log *g = ctx;
  if ((int)op->lane <= g->last_lane) g->slot++; /* the next operation */
  g->last_lane = (int)op->lane;
  unsigned slot = (unsigned)g->slot;
  if (slot >= IMG_OPS) return false;
  g->op[slot][op->lane] = *op;
  g->called[slot] |= 1ull << op->lane;
  for (unsigned k = 0; k < 4; k++) r[k] = model_value(slot, op->lane, k, op->imm & IR_IMAGE_D16);
  return true;
}

static const char *image_exec_shader =
    "image_sample_d_g16 v3, v[20:26], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_3D\n"
    "image_sample_l v[32:33], v[30:31], s[0:7], s[8:11] dmask:0x7 dim:SQ_RSRC_IMG_2D a16 d16\n"
    "image_sample_b_cl v1, v[4:6], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D a16\n"
    "image_load_mip v34, v[36:37], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_3D unorm a16\n"
    "image_store v[40:41], v[42:43], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm d16\n"
    "image_atomic_cmpswap v[44:45], v[46:47], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm glc\n"
    "image_gather4_b_cl v[50:51], v[54:57], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D d16\n"
    "image_sample_c_cd_g16 v2, v[10:13], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D a16\n"
    "image_get_resinfo v[60:62], v58, s[0:7] dmask:0xb dim:SQ_RSRC_IMG_2D_ARRAY\n"
    "image_get_lod v[64:65], v[66:67], s[0:7], s[8:11] dmask:0x3 dim:SQ_RSRC_IMG_2D\n"
    /* NSA: the address registers listed one by one, in the same order and packing */
    "image_sample_c_d_g16 v9, [v40, v47, v21, v35, v59], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
    "image_sample_b_cl v68, [v41, v46, v52], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D a16\n"
    "s_endpgm\n";

static void check_image_run(const struct ir_interp_wave *w, const struct ir_interp_wave *r,
                            const struct image_log *g) {
  const uint64_t exec = w->exec;
  for (unsigned s = 0; s < IMG_OPS; s++) /* stores and atomics skip the inactive lane */
    assert_true(g->called[s] == ((s == 4 || s == 5) ? exec : 0xffffffffull));
  for (unsigned l = 0; l < 32; l++) {
    const struct ir_interp_image *o = NULL;
    bool act = (exec >> l) & 1;
#define V(n) (w->vgpr[n][l])
#define LO(n) (V(n) & 0xffff)
#define HI(n) (V(n) >> 16)
#define TL(n) (w->vgpr[n][l & ~3u]) /* the quad's top left lane (_cd) */
    /* 0: sample_d_g16 3D: 16-bit derivatives by direction, 32-bit coordinates */
    o = &g->op[0][l];
    assert_int_equal(o->op, IR_OP_image_sample_ex);
    const uint32_t grads[6] = {h2f(LO(20)), h2f(HI(20)), h2f(LO(21)), h2f(LO(22)), h2f(HI(22)), h2f(LO(23))};
    for (unsigned k = 0; k < 6; k++) assert_int_equal(o->extras[2 + k], grads[k]);
    for (unsigned k = 0; k < 3; k++) assert_int_equal(o->coords[k], V(24 + k));
    assert_int_equal(o->tsharp[3], w->sgpr[3]);
    assert_int_equal(o->ssharp[2], w->sgpr[10]);
    assert_int_equal(r->vgpr[3][l], act ? model_value(0, l, 0, false) : V(3));
    /* 1: sample_l A16 + D16: x y | lod, three 16-bit components in two registers */
    o = &g->op[1][l];
    assert_int_equal(o->coords[0], h2f(LO(30)));
    assert_int_equal(o->coords[1], h2f(HI(30)));
    assert_int_equal(o->coords[2], 0);
    assert_int_equal(o->coords[3], h2f(LO(31)));
    assert_true(o->imm & IR_IMAGE_LOD);
    assert_int_equal(r->vgpr[32][l], act ? model_value(1, l, 0, true) | model_value(1, l, 1, true) << 16 : V(32));
    assert_int_equal(r->vgpr[33][l], act ? model_value(1, l, 2, true) : V(33));
    /* 2: sample_b_cl A16: f16 bias in its own VGPR, x y | clamp packed */
    o = &g->op[2][l];
    assert_int_equal(o->coords[3], h2f(LO(4)));
    assert_int_equal(o->coords[0], h2f(LO(5)));
    assert_int_equal(o->coords[1], h2f(HI(5)));
    assert_int_equal(o->extras[4], h2f(LO(6)));
    /* 3: load_mip A16 3D: 16-bit integers x y | z mip */
    o = &g->op[3][l];
    assert_int_equal(o->op, IR_OP_image_load);
    const uint32_t ic[4] = {LO(36), HI(36), LO(37), HI(37)};
    for (unsigned k = 0; k < 4; k++) assert_int_equal(o->coords[k], ic[k]);
    assert_int_equal(r->vgpr[34][l], act ? model_value(3, l, 0, false) : V(34));
    /* 4: store D16: four components from two registers */
    if (act) {
      o = &g->op[4][l];
      const uint32_t dd[4] = {LO(40), HI(40), LO(41), HI(41)};
      for (unsigned k = 0; k < 4; k++) assert_int_equal(o->data[k], dd[k]);
      assert_int_equal(o->coords[0], V(42));
      assert_int_equal(o->coords[1], V(43));
      /* 5: cmpswap: new value, then compare value; glc returns the old one */
      o = &g->op[5][l];
      assert_int_equal(o->op, IR_OP_image_atomic_cmpswap);
      assert_int_equal(o->data[0], V(44));
      assert_int_equal(o->data[1], V(45));
    }
    assert_int_equal(r->vgpr[44][l], act ? model_value(5, l, 0, false) : V(44));
    assert_int_equal(r->vgpr[45][l], V(45));
    /* 6: gather4_b_cl D16: four texels in two registers; bias, x, y, clamp */
    o = &g->op[6][l];
    assert_int_equal(o->coords[3], V(54));
    assert_int_equal(o->coords[0], V(55));
    assert_int_equal(o->extras[4], V(57));
    assert_int_equal(r->vgpr[50][l], act ? model_value(6, l, 0, true) | model_value(6, l, 1, true) << 16 : V(50));
    assert_int_equal(r->vgpr[51][l], act ? model_value(6, l, 2, true) | model_value(6, l, 3, true) << 16 : V(51));
    /* 7: sample_c_cd_g16 A16 2D: compare (32-bit), dx | dy (16-bit), x y (16-bit); the
     * derivatives those of the quad's top left lane (inactive lane 7's quad too) */
    o = &g->op[7][l];
    assert_true(!(o->imm & IR_IMAGE_COARSE) && (o->imm & IR_IMAGE_COMPARE) &&
                (o->imm & IR_IMAGE_DERIV));
    assert_int_equal(o->extras[1], V(10));
    assert_int_equal(o->extras[2], h2f(TL(11) & 0xffff));
    assert_int_equal(o->extras[3], h2f(TL(11) >> 16));
    assert_int_equal(o->extras[5], h2f(TL(12) & 0xffff));
    assert_int_equal(o->extras[6], h2f(TL(12) >> 16));
    assert_int_equal(o->coords[0], h2f(LO(13)));
    assert_int_equal(o->coords[1], h2f(HI(13)));
    /* 8: get_resinfo: the mip level; dmask 0xb = width, height, mip count */
    o = &g->op[8][l];
    assert_int_equal(o->op, IR_OP_image_query);
    assert_int_equal(o->coords[0], V(58));
    assert_int_equal(o->imm & IR_IMAGE_DIM_MASK, 5);
    assert_int_equal(r->vgpr[60][l], act ? model_value(8, l, 0, false) : V(60));
    assert_int_equal(r->vgpr[61][l], act ? model_value(8, l, 1, false) : V(61));
    assert_int_equal(r->vgpr[62][l], act ? model_value(8, l, 3, false) : V(62));
    /* 9: get_lod: coordinates; x (clamped) and y (raw) */
    o = &g->op[9][l];
    assert_int_equal(o->op, IR_OP_image_get_lod);
    assert_int_equal(o->coords[0], V(66));
    assert_int_equal(o->coords[1], V(67));
    assert_int_equal(r->vgpr[64][l], act ? model_value(9, l, 0, false) : V(64));
    assert_int_equal(r->vgpr[65][l], act ? model_value(9, l, 1, false) : V(65));
    /* 10: NSA sample_c_d_g16 2D: compare, dx (16-bit pair), dy (pair), x, y */
    o = &g->op[10][l];
    assert_int_equal(o->extras[1], V(40));
    assert_int_equal(o->extras[2], h2f(LO(47)));
    assert_int_equal(o->extras[3], h2f(HI(47)));
    assert_int_equal(o->extras[5], h2f(LO(21)));
    assert_int_equal(o->extras[6], h2f(HI(21)));
    assert_int_equal(o->coords[0], V(35));
    assert_int_equal(o->coords[1], V(59));
    assert_int_equal(r->vgpr[9][l], act ? model_value(10, l, 0, false) : V(9));
    /* 11: NSA sample_b_cl A16: f16 bias alone, x y packed, clamp */
    o = &g->op[11][l];
    assert_int_equal(o->coords[3], h2f(LO(41)));
    assert_int_equal(o->coords[0], h2f(LO(46)));
    assert_int_equal(o->coords[1], h2f(HI(46)));
    assert_int_equal(o->extras[4], h2f(LO(52)));
    assert_int_equal(r->vgpr[68][l], act ? model_value(11, l, 0, false) : V(68));
#undef V
#undef LO
#undef HI
#undef TL
  }
}

static void image_forms_execute(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu & ~(1u << 7)), *r = malloc(sizeof *r);
  struct image_log *g = malloc(sizeof *g);
  for (unsigned i = 0; i < 12; i++) w->sgpr[i] = 0x5000 + i;
  uint32_t seed = 12345;
  for (unsigned v = 1; v < 70; v++)
    for (unsigned l = 0; l < 32; l++) {
      seed = seed * 1103515245u + 12345u;
      /* f16 halves: finite values (exponent below 31), some subnormal */
      w->vgpr[v][l] = (seed >> 1) & 0x7bff7bffu;
    }
  for (unsigned pass = 0; pass < 2; pass++) {
    struct ir_translate_stats st;
    struct ir_function *fn = translate_src(image_exec_shader, pass == 1, &st);
    assert_int_equal(st.unsupported_count, 0);
    memset(g, 0, sizeof *g);
    g->slot = -1;
    g->last_lane = 64;
    run_with_image_model(fn, w, r, image_model, g);
    check_image_run(w, r, g);
    ir_function_destroy(fn);
  }
  free(g);
  free(r);
  free(w);
}

/* Forms whose semantics are not modelled are counted, never translated as something else. */
static void unmodelled_memory_forms_are_counted(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_translate_stats st;
  struct ir_function *fn = translate_src("buffer_load_dword v[1:2], v2, s[4:7], 0 offen tfe\n"
                                         "buffer_load_dword off, s[4:7], 0 lds\n"
                                         "buffer_load_ubyte v[1:2], v2, s[4:7], 0 offen tfe\n"
                                         "buffer_load_format_d16_x v[1:2], v2, s[4:7], 0 idxen tfe\n"
                                         "image_store v[0:4], v[4:5], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D unorm tfe\n"
                                         "ds_read_addtid_b32 v1 gds\n"
                                         "ds_write_addtid_b32 v1 offset:8 gds\n"
                                         "ds_ordered_count v1, v2 offset:13060 gds\n" /* wrap */
                                         "buffer_load_dword v1, v2, s[4:7], 0 offen\n"
                                         "s_endpgm\n",
                                         true, &st);
  /* the buffer tfe and lds forms are translated (test_interp_buffer.c); image store tfe,
   * the two gds addtid forms (M0[15:0] is both their base and the window size) and an
   * ordered count with the wrap opcode (offset1 bits 5:4 = 3) stay counted */
  assert_int_equal(st.unsupported_count, 4);
  ir_function_destroy(fn);
}

/* ---- DS forms without data registers, M0-addressed DS, scalar scratch ------------------ */

/* One _src2 form as the C reference: per active lane in order, A and B from the address
 * VGPR and the offset, then MEM[A] = MEM[A] op MEM[B]. OP: 'a' add, 'm' signed min,
 * 'w' write, 'i' inc, 'f' f32 add, 'M' f64 max. */
static void src2_ref(uint8_t *lds, uint64_t exec, const uint32_t *addr, uint32_t off, char op, bool w64) {
  for (unsigned l = 0; l < 32; l++) {
    if (!((exec >> l) & 1)) continue;
    uint32_t align = w64 ? ~7u : ~3u, a, b;
    if (off & 0x8000) {
      a = addr[l] & 0x1ffff & align;
      b = a + (uint32_t)(((int32_t)addr[l] >> 17) * 4);
    } else {
      a = addr[l] & align;
      b = a + (uint32_t)(((int32_t)(off << 17) >> 17) * 4);
    }
    if (w64) b &= ~7u;
    if (a + 8 > LDS_SIZE || b + 8 > LDS_SIZE) continue; /* the test keeps everything inside */
    uint32_t x = rd32(lds + a), y = rd32(lds + b), r = 0;
    float fx, fy, fr;
    double dx, dy, dr;
    switch (op) {
      case 'a': r = x + y; break;
      case 'm': r = (int32_t)y < (int32_t)x ? y : x; break;
      case 'w': r = y; break;
      case 'i': r = x >= y ? 0 : x + 1; break;
      case 'f':
        memcpy(&fx, &x, 4), memcpy(&fy, &y, 4);
        fr = fx + fy;
        memcpy(&r, &fr, 4);
        break;
      default:
        memcpy(&dx, lds + a, 8), memcpy(&dy, lds + b, 8);
        dr = fmax(dx, dy);
        memcpy(lds + a, &dr, 8);
        continue;
    }
    memcpy(lds + a, &r, 4);
  }
}

static void ds_src2_forms(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xffffffffu & ~(1u << 3) & ~(1u << 20);
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  struct mem *m = malloc(sizeof *m), *e = malloc(sizeof *m);
  fill(m);
  for (unsigned i = 0; i < 64; i++) { /* f32 values at 0x400, f64 values at 0x600 */
    float f = (float)i * 0.75f - 20.0f;
    double d = (double)((i * 37) % 64) - 31.5;
    memcpy(m->lds + 0x400 + 4 * i, &f, 4);
    memcpy(m->lds + 0x600 + 8 * i, &d, 8);
  }
  memcpy(e, m, sizeof *m);
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[1][l] = 8 * l + (l & 3);                       /* low bits ignored */
    w->vgpr[2][l] = 0x100 + 4 * l;
    w->vgpr[3][l] = (uint32_t)(-(int32_t)(l % 3)) << 17 | (0x200 + 4 * l); /* stride 0, -1, -2 */
    w->vgpr[4][l] = 0x600 + 8 * l + (l & 7);
    w->vgpr[5][l] = 0x400 + 4 * l;
    w->vgpr[6][l] = (uint32_t)(l & 1) << 17 | (0x300 + 4 * l); /* stride 0, 1 */
  }
  run_mem("ds_add_src2_u32 v1 offset:4\n"
          "ds_min_src2_i32 v2 offset:32764\n" /* 0x7ffc: -4 dwords */
          "ds_write_src2_b32 v3 offset:32768\n"
          "ds_max_src2_f64 v4 offset:2\n"
          "ds_inc_src2_u32 v6 offset:32768\n"
          "ds_add_src2_f32 v5 offset:1\n"
          "s_endpgm\n",
          w, m, r);
  src2_ref(e->lds, exec, w->vgpr[1], 4, 'a', false);
  src2_ref(e->lds, exec, w->vgpr[2], 0x7ffc, 'm', false);
  src2_ref(e->lds, exec, w->vgpr[3], 0x8000, 'w', false);
  src2_ref(e->lds, exec, w->vgpr[4], 2, 'M', true);
  src2_ref(e->lds, exec, w->vgpr[6], 0x8000, 'i', false);
  src2_ref(e->lds, exec, w->vgpr[5], 1, 'f', false);
  assert_memory_equal(m->lds, e->lds, LDS_SIZE);
  /* not vacuous: the forms changed memory (the reference applies lanes in order, so lanes
   * reading a B that an earlier lane wrote see its result) */
  struct mem *f = malloc(sizeof *f);
  fill(f);
  assert_true(rd32(m->lds + 0) != rd32(f->lds + 0));
  free(f);
  free(m);
  free(e);
  free(w);
  free(r);
}

static void ds_wrap_addtid_append(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xffffffffu & ~(1u << 0) & ~(1u << 9); /* lane 0 off: append still happens once */
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  struct mem *m = malloc(sizeof *m), *e = malloc(sizeof *m);
  fill(m);
  memcpy(e, m, sizeof *m);
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[5][l] = 0xa0000000u + l;
    w->vgpr[10][l] = 0x800 + 4 * l;
    w->vgpr[11][l] = rd32(m->lds + 0x808 + 4 * l) + (l & 1 ? 1 : 0); /* odd lanes: old < data0 */
    w->vgpr[12][l] = 0x1000u * l;
    for (unsigned v = 6; v <= 9; v++) w->vgpr[v][l] = 0xdead;
  }
  w->sgpr[0] = 0xabcd0100u; /* addtid: M0 bits 31:16 are not part of the address */
  run_mem("s_mov_b32 m0, s0\n"
          "ds_write_addtid_b32 v5 offset:16\n"
          "ds_read_addtid_b32 v6 offset:8\n"
          "s_mov_b32 m0, 0x300\n"
          "ds_append v7 offset:4\n"
          "ds_consume v8 offset:4\n"
          "ds_consume v9 offset:4\n"
          "ds_wrap_rtn_b32 v13, v10, v11, v12 offset:8\n"
          "s_endpgm\n",
          w, m, r);
  unsigned count = (unsigned)__builtin_popcountll(exec);
  for (unsigned l = 0; l < 32; l++)
    if ((exec >> l) & 1) memcpy(e->lds + 0x110 + 4 * l, &w->vgpr[5][l], 4);
  uint32_t c0 = rd32(e->lds + 0x304), c1 = c0 + count, c2 = c1 - count, c3 = c2 - count;
  memcpy(e->lds + 0x304, &c3, 4);
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1;
    assert_int_equal(r->vgpr[6][l], act ? rd32(e->lds + 0x108 + 4 * l) : 0xdead);
    assert_int_equal(r->vgpr[7][l], act ? c0 : 0xdead);
    assert_int_equal(r->vgpr[8][l], act ? c1 : 0xdead);
    assert_int_equal(r->vgpr[9][l], act ? c2 : 0xdead);
    if (!act) continue;
    uint8_t *p = e->lds + 0x808 + 4 * l;
    uint32_t old = rd32(p), v = old >= w->vgpr[11][l] ? old - w->vgpr[11][l] : old + w->vgpr[12][l];
    assert_int_equal(r->vgpr[13][l], old);
    memcpy(p, &v, 4);
  }
  assert_memory_equal(m->lds, e->lds, LDS_SIZE);
  free(m);
  free(e);
  free(w);
  free(r);
}

/* ds_append counts every lane of a wave64 EXEC, and addtid reaches lanes 32-63 */
static void ds_append_addtid_wave64(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xf0f0ff00ff00000full;
  struct ir_interp_wave *w = wave_new(exec), *r = calloc(1, sizeof *r);
  struct mem *m = malloc(sizeof *m), *e = malloc(sizeof *m);
  fill(m);
  memcpy(e, m, sizeof *m);
  for (unsigned l = 0; l < 64; l++) w->vgpr[5][l] = 0x5000 + l, w->vgpr[7][l] = 0xdead;
  wave64_mode = true;
  run_mem("s_mov_b32 m0, 0x40\n"
          "ds_append v7\n"
          "ds_write_addtid_b32 v5 offset:64\n"
          "s_endpgm\n",
          w, m, r);
  wave64_mode = false;
  uint32_t c0 = rd32(e->lds + 0x40), c1 = c0 + 28;
  assert_int_equal(__builtin_popcountll(exec), 28);
  memcpy(e->lds + 0x40, &c1, 4);
  for (unsigned l = 0; l < 64; l++) {
    if ((exec >> l) & 1) memcpy(e->lds + 0x80 + 4 * l, &w->vgpr[5][l], 4);
    assert_int_equal(r->vgpr[7][l], (exec >> l) & 1 ? c0 : 0xdead);
  }
  assert_memory_equal(m->lds, e->lds, LDS_SIZE);
  free(m);
  free(e);
  free(w);
  free(r);
}

static void scalar_scratch_and_wave_id(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0x00f0u), *r = calloc(1, sizeof *r);
  struct mem *m = malloc(sizeof *m), *e = malloc(sizeof *m);
  fill(m);
  memcpy(e, m, sizeof *m);
  w->sgpr[0] = (uint32_t)GLOBAL_BASE;
  w->sgpr[1] = (uint32_t)(GLOBAL_BASE >> 32);
  w->sgpr[2] = 0xe;              /* low bits ignored: 0xc x 64 = 0x300 */
  w->sgpr[4] = 0x44444444u;
  w->sgpr[5] = 0x55555555u;
  w->sgpr[13] = 0x13131313u;
  w->sgpr[14] = 7;               /* low bits ignored: 4 x 64 = 0x100 */
  w->sgpr[16] = 0x16161616u;
  w->sgpr[17] = 0x40;
  w->wave_id = 5;
  run_mem("s_scratch_store_dwordx2 s[4:5], s[0:1], s2 offset:0x10\n"
          "s_scratch_load_dwordx4 s[8:11], s[0:1], s2 offset:0x8\n"
          "s_scratch_load_dword s12, s[0:1], 0x22\n"
          "s_scratch_store_dword s13, s[0:1], s14\n"
          "s_get_waveid_in_workgroup s15\n"
          "s_store_dword s16, s[0:1], s17 offset:0x10\n" /* SGPR + immediate offsets */
          "s_scratch_load_dwordx2 s[0:1], s[0:1], 0x100\n" /* the base pair is overwritten */
          "s_endpgm\n",
          w, m, r);
  memcpy(e->global + 0x310, &w->sgpr[4], 8);
  for (unsigned i = 0; i < 4; i++) assert_int_equal(r->sgpr[8 + i], rd32(e->global + 0x308 + 4 * i));
  assert_int_equal(r->sgpr[12], rd32(e->global + 0x20));
  memcpy(e->global + 0x100, &w->sgpr[13], 4);
  memcpy(e->global + 0x50, &w->sgpr[16], 4);
  assert_int_equal(r->sgpr[15], 5);
  assert_int_equal(r->sgpr[0], 0x13131313u);
  assert_int_equal(r->sgpr[1], rd32(e->global + 0x104));
  assert_memory_equal(m->global, e->global, GLOBAL_SIZE);
  free(m);
  free(e);
  free(w);
  free(r);
}

/* ---- GDS, GWS and ds_ordered_count ---------------------------------------------------- */

/* One test's initial wave W (EXEC given, v0 = lane id), result wave R, memory M (filled)
 * and E, the copy the test updates in C to what M must become. */
struct mem_case {
  struct ir_interp_wave *w, *r;
  struct mem *m, *e;
};

static struct mem_case mem_case_new(uint64_t exec) {
  struct mem_case c = {wave_new(exec), calloc(1, sizeof *c.r), malloc(sizeof *c.m),
                       malloc(sizeof *c.e)};
  assert_true(c.r && c.m && c.e);
  fill(c.m);
  memcpy(c.e, c.m, sizeof *c.m);
  return c;
}

static void mem_case_free(struct mem_case *c) {
  free(c->w);
  free(c->r);
  free(c->m);
  free(c->e);
}

/* GDS through M0's window: base M0[31:16] = 0x100, size M0[15:0] = 0x40. Lane L addresses
 * 4L: lanes whose window address (address + offset) is >= 0x40 read 0 and change nothing. */
static void gds_window_loads_stores_atomics(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xffffffffu & ~(1u << 3);
  struct mem_case c = mem_case_new(exec);
  struct ir_interp_wave *w = c.w, *r = c.r;
  struct mem *m = c.m, *e = c.e;
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[1][l] = 4 * l;
    w->vgpr[2][l] = 0x11110000u + l;
    w->vgpr[5][l] = 1000 + l;
    w->vgpr[7][l] = l & 1 ? 0 : rd32(m->gds + 0x100 + 0x20 + 4 * l); /* even lanes match */
    w->vgpr[8][l] = 0x77000000u + l;
    for (unsigned v = 3; v <= 12; v++)
      if (v != 5 && v != 7 && v != 8) w->vgpr[v][l] = 0xdead;
  }
  w->sgpr[0] = 0x01000040u;
  run_mem("s_mov_b32 m0, s0\n"
          "ds_write_b32 v1, v2 gds\n"
          "ds_read_b32 v3, v1 offset:4 gds\n"
          "ds_add_rtn_u32 v4, v1, v5 offset:8 gds\n"
          "ds_cmpst_rtn_b32 v6, v1, v7, v8 offset:32 gds\n"
          "ds_read2_b32 v[10:11], v1 offset0:1 offset1:3 gds\n"
          "ds_read_b32 v12, v1 offset:0x3c gds\n"
          "s_endpgm\n",
          w, m, r);
  uint8_t *g = e->gds + 0x100;
  for (unsigned l = 0; l < 32; l++) /* ds_write_b32: rel 4l */
    if ((exec >> l) & 1 && 4 * l < 0x40) memcpy(g + 4 * l, &w->vgpr[2][l], 4);
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1;
    uint32_t rel = 4 * l;
    assert_int_equal(r->vgpr[3][l], act ? (rel + 4 < 0x40 ? rd32(g + rel + 4) : 0) : 0xdead);
  }
  for (unsigned l = 0; l < 32; l++) { /* lanes in order: each sees the earlier lanes' adds */
    bool act = (exec >> l) & 1;
    uint32_t rel = 4 * l + 8, old = rel < 0x40 ? rd32(g + rel) : 0;
    assert_int_equal(r->vgpr[4][l], act ? old : 0xdead);
    if (act && rel < 0x40) {
      uint32_t v = old + w->vgpr[5][l];
      memcpy(g + rel, &v, 4);
    }
  }
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1;
    uint32_t rel = 4 * l + 32, old = rel < 0x40 ? rd32(g + rel) : 0;
    assert_int_equal(r->vgpr[6][l], act ? old : 0xdead);
    if (act && rel < 0x40 && old == w->vgpr[7][l]) memcpy(g + rel, &w->vgpr[8][l], 4);
  }
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1;
    uint32_t rel = 4 * l;
    assert_int_equal(r->vgpr[10][l], act ? (rel + 4 < 0x40 ? rd32(g + rel + 4) : 0) : 0xdead);
    assert_int_equal(r->vgpr[11][l], act ? (rel + 12 < 0x40 ? rd32(g + rel + 12) : 0) : 0xdead);
    assert_int_equal(r->vgpr[12][l], act ? (rel + 0x3c < 0x40 ? rd32(g + rel + 0x3c) : 0) : 0xdead);
  }
  assert_int_equal(r->vgpr[12][0], rd32(g + 0x3c)); /* the window's last dword */
  assert_memory_equal(m->gds, e->gds, GDS_SIZE);
  mem_case_free(&c);
}

/* 64-bit GDS atomics through the window (base 0x200, size 0x30): lane L at 8L, lanes with
 * 8L (+ 8 for the cmpst) >= 0x30 return 0 and change nothing. */
static void gds_64bit_atomics(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xffffffffu & ~(1u << 1);
  struct mem_case c = mem_case_new(exec);
  struct ir_interp_wave *w = c.w, *r = c.r;
  struct mem *m = c.m, *e = c.e;
  uint8_t *g = e->gds + 0x200;
  for (unsigned l = 0; l < 32; l++) {
    uint64_t add = 0x100000001ull * (l + 1), nv = 0xabc0000000000000ull + l;
    uint64_t cmp = l % 3 ? 0 : rd64(g + 8 * l + 8) + (l + 2 < 0x30 / 8 ? 0x100000001ull * (l + 2) : 0);
    w->vgpr[1][l] = 8 * l;
    w->vgpr[4][l] = (uint32_t)add, w->vgpr[5][l] = (uint32_t)(add >> 32);
    w->vgpr[8][l] = (uint32_t)cmp, w->vgpr[9][l] = (uint32_t)(cmp >> 32);
    w->vgpr[10][l] = (uint32_t)nv, w->vgpr[11][l] = (uint32_t)(nv >> 32);
    w->vgpr[2][l] = w->vgpr[3][l] = w->vgpr[6][l] = w->vgpr[7][l] = 0xdead;
  }
  w->sgpr[0] = 0x02000030u;
  run_mem("s_mov_b32 m0, s0\n"
          "ds_add_rtn_u64 v[2:3], v1, v[4:5] gds\n"
          "ds_cmpst_rtn_b64 v[6:7], v1, v[8:9], v[10:11] offset:8 gds\n"
          "s_endpgm\n",
          w, m, r);
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1, in = 8 * l < 0x30;
    uint64_t old = in ? rd64(g + 8 * l) : 0, add = 0x100000001ull * (l + 1);
    assert_int_equal(r->vgpr[2][l], act ? (uint32_t)old : 0xdead);
    assert_int_equal(r->vgpr[3][l], act ? (uint32_t)(old >> 32) : 0xdead);
    if (act && in) {
      uint64_t v = old + add;
      memcpy(g + 8 * l, &v, 8);
    }
  }
  unsigned swapped = 0;
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1, in = 8 * l + 8 < 0x30;
    uint64_t old = in ? rd64(g + 8 * l + 8) : 0;
    uint64_t cmp = (uint64_t)w->vgpr[9][l] << 32 | w->vgpr[8][l];
    uint64_t nv = (uint64_t)w->vgpr[11][l] << 32 | w->vgpr[10][l];
    assert_int_equal(r->vgpr[6][l], act ? (uint32_t)old : 0xdead);
    assert_int_equal(r->vgpr[7][l], act ? (uint32_t)(old >> 32) : 0xdead);
    if (act && in && old == cmp) memcpy(g + 8 * l + 8, &nv, 8), swapped++;
  }
  assert_true(swapped > 0);
  assert_memory_equal(m->gds, e->gds, GDS_SIZE);
  mem_case_free(&c);
}

/* GWS resource id = (M0[21:16] + offset0[5:0]) % 64; the value is the first active lane's. */
static void gws_single_wave(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xfffffff0u; /* first active lane: 4 */
  struct mem_case c = mem_case_new(exec);
  struct ir_interp_wave *w = c.w, *r = c.r;
  struct mem *m = c.m;
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[1][l] = 10 + l; /* init: 14 */
    w->vgpr[2][l] = 3 * l;  /* sema_br: 12 */
    w->vgpr[3][l] = 40 + l; /* barrier's next count: 44 */
  }
  w->sgpr[0] = 0xffc50000u; /* M0[21:16] = 5; bits 31:22 are not part of the id */
  w->gws_counter[1] = 0;    /* (5 + 60) % 64: the last wave of its barrier */
  w->gws_counter[7] = -3;
  w->gws_flags = 1ull << 8;
  run_mem("s_mov_b32 m0, s0\n"
          "ds_gws_init v1 offset:3 gds\n"          /* resource 8 = 14, flag cleared */
          "ds_gws_sema_v offset:3 gds\n"           /* 8: 15 */
          "ds_gws_sema_br v2 offset:4 gds\n"       /* 9: 12 */
          "ds_gws_sema_p offset:4 gds\n"           /* 9: 11 */
          "ds_gws_sema_p offset:0x44 gds\n"        /* (5 + 0x44) % 64 = 9: 10 */
          "ds_gws_barrier v3 offset:60 gds\n"      /* 1: passes, 44, flag toggled */
          "ds_gws_sema_release_all offset:2 gds\n" /* 7: nobody waits, unchanged */
          "s_endpgm\n",
          w, m, r);
  for (unsigned i = 0; i < 64; i++) {
    int32_t want = i == 8 ? 15 : i == 9 ? 10 : i == 1 ? 44 : i == 7 ? -3 : 0;
    assert_int_equal(r->gws_counter[i], want);
  }
  assert_true(r->gws_flags == (1ull << 1));
  mem_case_free(&c);
}

/* Runs SRC (translated without passes) and expects the interpreter to stop with a message
 * containing WANT. */
static void run_expect_error(const char *src, const struct ir_interp_wave *init, const char *want) {
  struct ir_translate_stats st;
  struct ir_function *fn = translate_src(src, false, &st);
  assert_int_equal(st.unsupported_count, 0);
  struct ir_interp_wave *w = malloc(sizeof *w);
  *w = *init;
  char msg[256] = "";
  assert_false(ir_interp_run(fn, w, 1000, msg, sizeof msg));
  if (!strstr(msg, want)) fprintf(stderr, "message: %s\n", msg);
  assert_non_null(strstr(msg, want));
  free(w);
  ir_function_destroy(fn);
}

/* A lone wave that would wait for another one is an interpreter error, not a hang. */
static void gws_waits_are_deadlocks(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct ir_interp_wave *w = wave_new(0xffffffffu);
  w->gws_counter[2] = 0;
  run_expect_error("s_mov_b32 m0, 0\nds_gws_sema_p offset:2 gds\ns_endpgm\n", w, "deadlock");
  w->gws_counter[2] = 1; /* two waves in the barrier: this one waits for the other */
  run_expect_error("s_mov_b32 m0, 0\nds_gws_barrier v0 offset:2 gds\ns_endpgm\n", w, "deadlock");
  w->gws_counter[2] = 1; /* one count available: sema_p passes, the second one waits */
  run_expect_error("s_mov_b32 m0, 0\nds_gws_sema_p offset:2 gds\nds_gws_sema_p offset:2 gds\n"
                   "s_endpgm\n", w, "resource 2 (counter 0)");
  free(w);
}

/* ds_ordered_count (offset:772 = index 1, wave release and done, add; 4868 = the same with
 * offset1 bit 4, swap): the GDS dword at M0[31:16] (M0[15:0]: the logical wave id) gets the
 * first active lane's value, every active lane the old value. */
static void ordered_count_single_wave(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xfffffffcu;
  struct mem_case c = mem_case_new(exec);
  struct ir_interp_wave *w = c.w, *r = c.r;
  struct mem *m = c.m, *e = c.e;
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[2][l] = 100 + l;
    w->vgpr[3][l] = 0x5000 + l;
    w->vgpr[4][l] = w->vgpr[5][l] = 0xdead;
  }
  run_mem("s_mov_b32 m0, 0x420007\n"
          "ds_ordered_count v4, v2 offset:772 gds\n"
          "ds_ordered_count v5, v3 offset:4868 gds\n"
          "s_endpgm\n",
          w, m, r);
  uint32_t c0 = rd32(e->gds + 0x40), c1 = c0 + 102, c2 = 0x5002;
  memcpy(e->gds + 0x40, &c2, 4);
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1;
    assert_int_equal(r->vgpr[4][l], act ? c0 : 0xdead);
    assert_int_equal(r->vgpr[5][l], act ? c1 : 0xdead);
  }
  assert_memory_equal(m->gds, e->gds, GDS_SIZE);
  mem_case_free(&c);
}

/* The sequence llc-19 emits for gfx1013 (amdpal cs) from llvm.amdgcn.ds.gws.init(val, 7),
 * .sema.v(rid), .sema.br(val, 9), .sema.p(9), .barrier(val, 3) and
 * .ds.ordered.add(gds, v, 0, 0, false, 0x1000002, true, true) with rid, val and gds in
 * s0-s2: a constant resource id goes to the offset field with M0 = 0, a variable one to
 * M0[21:16] (s_lshl_b32 16), the ordered count gets its "GDS pointer" operand as M0
 * (here base 0x80 in M0[31:16], wave id 5). */
static void gws_and_ordered_count_as_llc_emits(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xfffffff8u; /* first active lane: 3 */
  struct mem_case c = mem_case_new(exec);
  struct ir_interp_wave *w = c.w, *r = c.r;
  struct mem *m = c.m, *e = c.e;
  w->sgpr[0] = 20, w->sgpr[1] = 2, w->sgpr[2] = 0x00800005u;
  for (unsigned l = 0; l < 32; l++) w->vgpr[0][l] = 7 * l, w->vgpr[2][l] = 0xdead;
  w->gws_counter[20] = 4;
  run_mem("v_mov_b32_e32 v1, s1\n"
          "s_lshl_b32 s0, s0, 16\n"
          "s_mov_b32 m0, 0\n"
          "ds_gws_init v1 offset:7 gds\n"
          "s_mov_b32 m0, s0\n"
          "ds_gws_sema_v gds\n"
          "s_mov_b32 m0, 0\n"
          "ds_gws_sema_br v1 offset:9 gds\n"
          "ds_gws_sema_p offset:9 gds\n"
          "ds_gws_barrier v1 offset:3 gds\n"
          "s_mov_b32 m0, s2\n"
          "ds_ordered_count v2, v0 offset:776 gds\n"
          "s_endpgm\n",
          w, m, r);
  for (unsigned i = 0; i < 64; i++) {
    int32_t want = i == 7 ? 2 : i == 20 ? 5 : i == 9 ? 1 : i == 3 ? 2 : 0;
    assert_int_equal(r->gws_counter[i], want);
  }
  assert_true(r->gws_flags == 1ull << 3);
  uint32_t c0 = rd32(e->gds + 0x80), c1 = c0 + 21;
  memcpy(e->gds + 0x80, &c1, 4);
  for (unsigned l = 0; l < 32; l++) assert_int_equal(r->vgpr[2][l], (exec >> l) & 1 ? c0 : 0xdead);
  assert_memory_equal(m->gds, e->gds, GDS_SIZE);
  mem_case_free(&c);
}

/* The LDS forms beyond plain dwords in GDS, under the window rule: base 0x100, size 0x80,
 * lane L at 8L, so lanes 0-15 are inside for offsets below 8 and the second element of
 * wrxchg2 (8L + 12) leaves the window at lane 15. Inside, each form acts as its LDS form;
 * outside, loads read 0 (a D16 load still writes its half), returns are 0, nothing
 * changes. The C reference applies the forms in order, lanes in order. */
static void gds_subdword_mskor_wrap_wrxchg2(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct mem_case c = mem_case_new(0xffffffffu & ~(1u << 3));
  const uint64_t exec = c.w->exec;
  struct mem *m = c.m, *e = c.e;
  struct ir_interp_wave *w = c.w, *r = c.r;
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[1][l] = 8 * l;
    w->vgpr[2][l] = 0x9abc0070u + l * 0x00010009u; /* low byte crosses 0x80 */
    w->vgpr[4][l] = 0xbeef0000u + l;
    w->vgpr[7][l] = 0x0000ff00u | l;
    w->vgpr[8][l] = 0x00005500u | l << 24;
    w->vgpr[11][l] = l & 1 ? 0xffffffffu : 5; /* even lanes subtract, odd ones add v12 */
    w->vgpr[12][l] = 1000 + l;
    w->vgpr[16][l] = 0x00ff00ffu ^ l, w->vgpr[17][l] = 0x00ff00ffu;
    w->vgpr[18][l] = 0x33004400u + l, w->vgpr[19][l] = 0x11002200u;
    w->vgpr[22][l] = 0xa000 + l, w->vgpr[23][l] = 0xb000 + l;
    w->vgpr[3][l] = w->vgpr[6][l] = w->vgpr[10][l] = w->vgpr[14][l] = w->vgpr[15][l] = 0xdead;
    w->vgpr[20][l] = w->vgpr[21][l] = 0xdead;
  }
  w->sgpr[0] = 0x01000080u;
  run_mem("s_mov_b32 m0, s0\n"
          "ds_write_b8 v1, v2 offset:1 gds\n"
          "ds_write_b16_d16_hi v1, v2 offset:2 gds\n"
          "ds_read_i8 v3, v1 offset:1 gds\n"
          "ds_read_u16_d16_hi v4, v1 offset:2 gds\n"
          "ds_mskor_rtn_b32 v6, v1, v7, v8 offset:4 gds\n"
          "ds_wrap_rtn_b32 v10, v1, v11, v12 offset:4 gds\n"
          "ds_mskor_rtn_b64 v[14:15], v1, v[16:17], v[18:19] gds\n"
          "ds_wrxchg2_rtn_b32 v[20:21], v1, v22, v23 offset0:1 offset1:3 gds\n"
          "s_endpgm\n",
          w, m, r);
  uint8_t *g = e->gds + 0x100;
#define GDS_LANES for (unsigned l = 0; l < 32; l++) if ((exec >> l) & 1)
#define INSIDE(rel) ((rel) < 0x80)
  GDS_LANES if (INSIDE(8 * l + 1)) g[8 * l + 1] = (uint8_t)w->vgpr[2][l];
  GDS_LANES if (INSIDE(8 * l + 2)) memcpy(g + 8 * l + 2, (uint8_t *)&w->vgpr[2][l] + 2, 2);
  GDS_LANES {
    bool in = INSIDE(8 * l + 1);
    assert_int_equal(r->vgpr[3][l], in ? (uint32_t)(int32_t)(int8_t)g[8 * l + 1] : 0);
    uint16_t h = 0;
    if (in) memcpy(&h, g + 8 * l + 2, 2);
    assert_int_equal(r->vgpr[4][l], (uint32_t)h << 16 | (w->vgpr[4][l] & 0xffff));
  }
  GDS_LANES {
    uint32_t rel = 8 * l + 4, old = INSIDE(rel) ? rd32(g + rel) : 0, v = (old & ~w->vgpr[7][l]) | w->vgpr[8][l];
    assert_int_equal(r->vgpr[6][l], old);
    if (INSIDE(rel)) memcpy(g + rel, &v, 4);
  }
  GDS_LANES {
    uint32_t rel = 8 * l + 4, old = INSIDE(rel) ? rd32(g + rel) : 0;
    uint32_t v = old >= w->vgpr[11][l] ? old - w->vgpr[11][l] : old + w->vgpr[12][l];
    assert_int_equal(r->vgpr[10][l], old);
    if (INSIDE(rel)) memcpy(g + rel, &v, 4);
  }
  GDS_LANES {
    uint32_t rel = 8 * l;
    uint64_t old = INSIDE(rel) ? rd64(g + rel) : 0;
    uint64_t mask = (uint64_t)w->vgpr[17][l] << 32 | w->vgpr[16][l];
    uint64_t v = (old & ~mask) | ((uint64_t)w->vgpr[19][l] << 32 | w->vgpr[18][l]);
    assert_int_equal(r->vgpr[14][l], (uint32_t)old);
    assert_int_equal(r->vgpr[15][l], (uint32_t)(old >> 32));
    if (INSIDE(rel)) memcpy(g + rel, &v, 8);
  }
  for (unsigned h = 0; h < 2; h++) /* element 0 of every lane, then element 1 */
    GDS_LANES {
      uint32_t rel = 8 * l + (h ? 12 : 4), old = INSIDE(rel) ? rd32(g + rel) : 0;
      assert_int_equal(r->vgpr[20 + h][l], old);
      if (INSIDE(rel)) memcpy(g + rel, &w->vgpr[22 + h][l], 4);
    }
  assert_int_equal(r->vgpr[21][15], 0); /* 8 x 15 + 12: outside */
  for (unsigned l = 0; l < 32; l++)
    if (!((exec >> l) & 1)) assert_int_equal(r->vgpr[6][l], 0xdead);
  assert_memory_equal(m->gds, e->gds, GDS_SIZE);
  mem_case_free(&c);
}

/* src2 forms with A and B window-relative (base 0x200, size 0x40): ds_add_src2_u32 at A =
 * 4L, B = A + 16 (B outside reads 0: lanes 12-15 add 0); ds_write_src2_b64 with offset bit
 * 15, B = A + 2 x 4 x 2 from address bits 31:17. Then ds_append / ds_consume change the
 * dword at M0[31:16] + offset by the active lane count once; and ds_ordered_count with 4
 * dwords (add) and 2 dwords (swap): lane i < n, when active, feeds dword M0[31:16] + 4i and
 * receives its old value; other lanes keep vdst. */
static void gds_src2_append_ordered_dwords(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  uint64_t exec = 0xffffffffu & ~(1u << 2) & ~(1u << 20);
  struct mem_case c = mem_case_new(exec);
  struct ir_interp_wave *w = c.w, *r = c.r;
  struct mem *m = c.m, *e = c.e;
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[1][l] = 4 * l + (l & 3); /* low bits ignored */
    w->vgpr[5][l] = 2u << 17 | 8 * l;
    w->vgpr[2][l] = 0x100 + l, w->vgpr[3][l] = 0x7000 + l;
    w->vgpr[8][l] = w->vgpr[9][l] = w->vgpr[10][l] = w->vgpr[11][l] = 0xdead;
  }
  w->sgpr[0] = 0x02000040u;
  run_mem("s_mov_b32 m0, s0\n"
          "ds_add_src2_u32 v1 offset:4 gds\n"
          "ds_write_src2_b64 v5 offset:32768 gds\n"
          "s_mov_b32 m0, 0x800040\n" /* base 0x80; M0[15:0] is not part of the address */
          "ds_append v8 offset:8 gds\n"
          "ds_consume v9 gds\n"
          "s_mov_b32 m0, 0xc30001\n" /* base 0xc0 (bits 17:16 ignored), wave id 1 */
          "ds_ordered_count v10, v2 offset:49924 gds\n" /* offset1 0xc3: 4 dwords, add */
          "s_mov_b32 m0, 0xd00001\n"
          "ds_ordered_count v11, v3 offset:21252 gds\n" /* offset1 0x53: 2 dwords, swap */
          "s_endpgm\n",
          w, m, r);
  uint8_t *g = e->gds + 0x200;
  GDS_LANES {
    uint32_t a = 4 * l, b = a + 16, v = rd32(g + a) + (b < 0x40 ? rd32(g + b) : 0);
    if (a < 0x40) memcpy(g + a, &v, 4);
  }
  GDS_LANES {
    uint32_t a = 8 * l, b = a + 8;
    uint64_t v = b < 0x40 ? rd64(g + b) : 0;
    if (a < 0x40) memcpy(g + a, &v, 8);
  }
  uint32_t n = (uint32_t)__builtin_popcountll(exec), app = rd32(e->gds + 0x88), con = rd32(e->gds + 0x80);
  uint32_t app2 = app + n, con2 = con - n;
  memcpy(e->gds + 0x88, &app2, 4), memcpy(e->gds + 0x80, &con2, 4);
  for (unsigned l = 0; l < 32; l++) {
    bool act = (exec >> l) & 1;
    assert_int_equal(r->vgpr[8][l], act ? app : 0xdead);
    assert_int_equal(r->vgpr[9][l], act ? con : 0xdead);
    uint32_t want10 = 0xdead, want11 = 0xdead;
    if (act && l < 4) {
      want10 = rd32(e->gds + 0xc0 + 4 * l);
      uint32_t v = want10 + w->vgpr[2][l];
      memcpy(e->gds + 0xc0 + 4 * l, &v, 4);
    }
    if (act && l < 2) {
      want11 = rd32(e->gds + 0xd0 + 4 * l);
      memcpy(e->gds + 0xd0 + 4 * l, &w->vgpr[3][l], 4);
    }
    assert_int_equal(r->vgpr[10][l], want10);
    assert_int_equal(r->vgpr[11][l], want11);
  }
  struct mem *f = malloc(sizeof *f); /* lane 2 is inactive: its dword keeps the pattern */
  fill(f);
  assert_int_equal(rd32(m->gds + 0xc8), rd32(f->gds + 0xc8));
  assert_true(rd32(m->gds + 0xc4) != rd32(f->gds + 0xc4));
  free(f);
  assert_memory_equal(m->gds, e->gds, GDS_SIZE);
  mem_case_free(&c);
}
#undef GDS_LANES
#undef INSIDE

/* ds_condxchg32_rtn_b64 as AMD's RDNA3/3.5 pseudocode gives it, in LDS and in GDS: A0 =
 * (address + offset) & 0xfff8, A1 = A0 + 4; dword h of the data is stored with bit 31
 * cleared when its bit 31 is set; both old values are returned. LDS: lane 31's address is
 * above 64 KiB (the mask drops it), lanes 4-7 of each 8 round up onto the next lane's pair.
 * GDS: window base 0x100, size 0x5c, A0 = 8L: lane 11's A1 (0x5c) and lanes >= 12 are
 * outside (return 0, change nothing). */
static void ds_condxchg32_lds_and_gds(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  struct mem_case c = mem_case_new(0xffffffffu & ~(1u << 6));
  struct ir_interp_wave *w = c.w, *r = c.r;
  uint8_t *lds = c.e->lds, *gds = c.e->gds; /* what c.m must become */
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[1][l] = l == 31 ? 0x10040u : 8 * l + (l & 7);
    w->vgpr[4][l] = (l & 1 ? 0x40000000u : 0xc0000000u) | (0x1000 + l);
    w->vgpr[5][l] = (l % 3 ? 0x20000000u : 0x80000000u) | (0x2000 + l);
    w->vgpr[6][l] = 8 * l;
    w->vgpr[2][l] = w->vgpr[3][l] = w->vgpr[8][l] = w->vgpr[9][l] = 0xdead;
  }
  run_mem("ds_condxchg32_rtn_b64 v[2:3], v1, v[4:5] offset:0x104\n"
          "s_mov_b32 m0, 0x100005c\n"
          "ds_condxchg32_rtn_b64 v[8:9], v6, v[4:5] offset:4 gds\n"
          "s_endpgm\n",
          w, c.m, r);
  unsigned stored = 0;
  for (unsigned h = 0; h < 2; h++)
    for (unsigned l = 0; l < 32; l++) {
      bool act = (w->exec >> l) & 1;
      uint32_t a = ((w->vgpr[1][l] + 0x104) & 0xfff8) + 4 * h, d = w->vgpr[4 + h][l];
      assert_int_equal(r->vgpr[2 + h][l], act ? rd32(lds + a) : 0xdead);
      uint32_t v = d & 0x7fffffffu;
      if (act && (d >> 31)) memcpy(lds + a, &v, 4), stored++;
      uint32_t rel = 8 * l + 4 * h;
      bool in = rel < 0x5c;
      assert_int_equal(r->vgpr[8 + h][l], act ? (in ? rd32(gds + 0x100 + rel) : 0) : 0xdead);
      if (act && in && (d >> 31)) memcpy(gds + 0x100 + rel, &v, 4);
    }
  assert_true(stored > 16);
  assert_int_equal(r->vgpr[9][11], 0); /* A1 = 0x5c: outside */
  assert_memory_equal(c.m->lds, lds, LDS_SIZE);
  assert_memory_equal(c.m->gds, gds, GDS_SIZE);
  mem_case_free(&c);
}

/* ds_wrxchg2(st64)_rtn_b64 in LDS and GDS: two 64-bit exchanges at offset0/offset1 x 8 (x 512
 * for st64), the old values in vdst's dwords 0-1 and 2-3. GDS window: base 0x100, size
 * 0x200; an element whose window address is >= 0x200 returns 0 and changes nothing. Lane 5
 * is inactive (vdst kept). */
static void ds_wrxchg2_b64_lds_and_gds(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  const uint64_t exec = 0xffffffffu & ~(1u << 5);
  struct mem_case c = mem_case_new(exec);
  struct ir_interp_wave *w = c.w, *r = c.r;
  struct mem *m = c.m, *e = c.e;
  for (unsigned l = 0; l < 32; l++) {
    w->vgpr[1][l] = 32 * l, w->vgpr[14][l] = 8 * l;
    w->vgpr[6][l] = 0xa0000000u + l, w->vgpr[7][l] = 0xb0000000u + l;
    w->vgpr[8][l] = 0xc0000000u + l, w->vgpr[9][l] = 0xd0000000u + l;
    for (unsigned v = 2; v <= 23; v++)
      if (v < 6 || (v > 9 && v != 14)) w->vgpr[v][l] = 0xdead;
  }
  w->sgpr[0] = 0x01000200u;
  run_mem("s_mov_b32 m0, s0\n"
          "ds_wrxchg2_rtn_b64 v[2:5], v1, v[6:7], v[8:9] offset0:1 offset1:3\n"
          "ds_wrxchg2st64_rtn_b64 v[10:13], v14, v[6:7], v[8:9] offset1:1\n"
          "ds_wrxchg2_rtn_b64 v[16:19], v1, v[6:7], v[8:9] offset0:1 offset1:3 gds\n"
          "ds_wrxchg2st64_rtn_b64 v[20:23], v14, v[6:7], v[8:9] offset1:1 gds\n"
          "s_endpgm\n",
          w, m, r);
  /* per instruction: the address register, the two element offsets, vdst, the space */
  static const struct {
    unsigned areg, off[2], vdst;
    bool gds;
  } ops[4] = {{1, {8, 24}, 2, false}, {14, {0, 512}, 10, false}, {1, {8, 24}, 16, true},
              {14, {0, 512}, 20, true}};
  for (unsigned k = 0; k < 4; k++)
    for (unsigned h = 0; h < 2; h++) /* element 0 of every lane, then element 1 */
      for (unsigned l = 0; l < 32; l++) {
        uint32_t rel = w->vgpr[ops[k].areg][l] + ops[k].off[h];
        uint32_t *d = &r->vgpr[ops[k].vdst + 2 * h][0], *d1 = &r->vgpr[ops[k].vdst + 2 * h + 1][0];
        if (!((exec >> l) & 1)) {
          assert_int_equal(d[l], 0xdead);
          assert_int_equal(d1[l], 0xdead);
          continue;
        }
        bool in = !ops[k].gds || rel < 0x200;
        uint8_t *p = ops[k].gds ? e->gds + 0x100 + rel : e->lds + rel;
        uint64_t old = in ? rd64(p) : 0;
        uint64_t nv = (uint64_t)w->vgpr[7 + 2 * h][l] << 32 | w->vgpr[6 + 2 * h][l];
        assert_int_equal(d[l], (uint32_t)old);
        assert_int_equal(d1[l], (uint32_t)(old >> 32));
        if (in) memcpy(p, &nv, 8);
      }
  assert_memory_equal(m->lds, e->lds, LDS_SIZE);
  assert_memory_equal(m->gds, e->gds, GDS_SIZE);
  mem_case_free(&c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(flat_reaches_lds_scratch_and_global),
      cmocka_unit_test(flat_follows_the_aperture_registers),
      cmocka_unit_test(scratch_and_flat_private_agree),
      cmocka_unit_test(ds_lane_exchanges_and_atomics),
      cmocka_unit_test(ds_lane_exchanges_wave64_halves),
      cmocka_unit_test(scalar_stores_atomics_and_clocks),
      cmocka_unit_test(global_compare_and_swap),
      cmocka_unit_test(buffer_format_stores_and_d16),
      cmocka_unit_test(buffer_compare_and_swap_operands),
      cmocka_unit_test(image_forms_by_name),
      cmocka_unit_test(image_b_cl_clamp_slots),
      cmocka_unit_test(image_d16_result_packing),
      cmocka_unit_test(image_forms_execute),
      cmocka_unit_test(unmodelled_memory_forms_are_counted),
      cmocka_unit_test(ds_src2_forms),
      cmocka_unit_test(ds_wrap_addtid_append),
      cmocka_unit_test(ds_append_addtid_wave64),
      cmocka_unit_test(scalar_scratch_and_wave_id),
      cmocka_unit_test(gds_window_loads_stores_atomics),
      cmocka_unit_test(gds_64bit_atomics),
      cmocka_unit_test(gws_single_wave),
      cmocka_unit_test(gws_waits_are_deadlocks),
      cmocka_unit_test(ordered_count_single_wave),
      cmocka_unit_test(gws_and_ordered_count_as_llc_emits),
      cmocka_unit_test(gds_subdword_mskor_wrap_wrxchg2),
      cmocka_unit_test(gds_src2_append_ordered_dwords),
      cmocka_unit_test(ds_condxchg32_lds_and_gds),
      cmocka_unit_test(ds_wrxchg2_b64_lds_and_gds),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
