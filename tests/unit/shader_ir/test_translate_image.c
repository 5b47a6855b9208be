/* The image forms beyond sample/gather/load/store: TFE/LWE status dwords, image_msaa_load,
 * image_gather4h, the _pck loads and stores, 2D MSAA array loads; and a walk over every
 * MIMG opcode of ops_mimg.def proving which decoded forms are still counted unsupported.
 *
 * The execution test assembles with llvm-mc-19 and runs the IR (before SSA and after the
 * passes) against a C image model; the expected registers are computed in C from the VGPRs
 * with the register layout of docs/shader-ir.md ("Images"), independently of the
 * translation. */
#include "xl_test_harness.h"

/* ---- a C image model -------------------------------------------------------------------- */

static uint32_t mix(uint32_t a) {
  a ^= a >> 16;
  a *= 0x7feb352du;
  a ^= a >> 15;
  a *= 0x846ca68bu;
  return a ^ (a >> 16);
}

static uint32_t hash4(const uint32_t co[4], uint32_t salt) {
  return mix(co[0] * 0x9e3779b1u ^ mix(co[1] + 0x1234u) ^ mix(co[2] * 7u + 3u) ^ mix(co[3] * 13u + 5u) ^
             mix(salt));
}

/* What the model returns for OP: value K of the fetch (component K, or for the
 * four-value forms sample / texel K of the dmask's component), and the status in R[4]:
 * bit 0 a fault (TFE: the texel is not resident, data 0 as with strict-null residency),
 * bit 1 an LOD warning (LWE). */
static void model_eval(const struct ir_interp_image *op, uint32_t r[5]) {
  uint64_t f = op->imm;
  unsigned dm = (f >> IR_IMAGE_DMASK_SHIFT) & 0xf;
  bool fault = (f & IR_IMAGE_TFE) && (mix(op->coords[0] ^ op->coords[1] * 31u ^ op->coords[2]) & 3) == 0;
  bool warn = (f & IR_IMAGE_LWE) && ((mix(op->coords[0] + op->coords[1]) >> 8) & 3) == 1;
  for (unsigned k = 0; k < 4; k++) {
    uint32_t salt = op->op * 64u + k;
    if (f & (IR_IMAGE_FRAGMENTS | IR_IMAGE_ROW)) salt += 16u * (unsigned)__builtin_ctz(dm | 16);
    if (f & IR_IMAGE_ROW) salt += 5000;
    if (f & IR_IMAGE_FRAGMENTS) salt += 7000;
    uint32_t v = hash4(op->coords, salt);
    if (f & IR_IMAGE_PACKED) { /* a 16-bit element, zero- or sign-extended */
      v &= 0xffff;
      if (f & IR_IMAGE_SIGNED) v = (uint32_t)(int32_t)(int16_t)v;
    }
    if (f & IR_IMAGE_D16) v &= 0xffff;
    r[k] = fault ? 0 : v;
  }
  r[4] = (fault ? 1u : 0u) | (warn ? 2u : 0u);
}

#define OPS 20
struct model_log {
  struct ir_interp_image op[OPS][32];
  int slot, last_lane; /* an operation calls the model lane by lane, in increasing order */
};

static bool model(void *ctx, const struct ir_interp_image *op, uint32_t r[5]) {
  struct model_log *g = ctx;
  if ((int)op->lane <= g->last_lane) g->slot++;
  g->last_lane = (int)op->lane;
  if (g->slot >= OPS) return false;
  g->op[g->slot][op->lane] = *op;
  model_eval(op, r);
  return true;
}

/* ---- expected registers ------------------------------------------------------------------ */

/* One fetch as the hardware writes it: the values the dmask selects (all four for gather4h
 * and msaa_load), 32-bit or two 16-bit per VGPR, then the status dword (TFE, or LWE on a
 * sampler operation) after the data when it is not 0. */
struct fetch {
  uint32_t op;
  uint64_t flags; /* the IR flags the model must receive (without dmask and D16) */
  uint32_t co[4];
  unsigned dmask, base;
  bool d16, four, status;
};

static void apply_fetch(uint32_t *reg, const struct fetch *f, unsigned *faults) {
  struct ir_interp_image o = {.op = f->op,
                              .imm = f->flags | (uint64_t)f->dmask << IR_IMAGE_DMASK_SHIFT |
                                     (f->d16 ? IR_IMAGE_D16 : 0)};
  memcpy(o.coords, f->co, sizeof o.coords);
  uint32_t r[5], val[4];
  model_eval(&o, r);
  unsigned n = 0;
  for (unsigned k = 0; k < 4; k++)
    if (f->four || ((f->dmask >> k) & 1)) val[n++] = r[k];
  unsigned regs = f->d16 ? (n + 1) / 2 : n;
  for (unsigned i = 0; i < regs; i++)
    reg[f->base + i] = f->d16 ? (val[2 * i] | (2 * i + 1 < n ? val[2 * i + 1] << 16 : 0)) : val[i];
  if (f->status && r[4]) reg[f->base + regs] = r[4];
  if (r[4] & 1) ++*faults;
}

static const char *exec_shader =
    /* 0: TFE load: two components, the status in v12 */
    "image_load v[10:12], v[1:2], s[0:7] dmask:0x3 dim:SQ_RSRC_IMG_2D unorm tfe\n"
    /* 1: D16 + TFE: three 16-bit components in v13..v14, the status in v15 */
    "image_load v[13:15], v[1:2], s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_2D unorm tfe d16\n"
    /* 2: TFE sample */
    "image_sample v[16:20], v[3:4], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D tfe\n"
    /* 3: LWE alone on a sampler operation: llvm-mc-19 gives it no register, the status
     * still goes to v22 */
    "image_sample v21, v[3:4], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D lwe\n"
    /* 4: LWE on a load is ignored: no status, v24 untouched */
    "image_load v23, v[1:2], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm lwe\n"
    /* 5: msaa_load: four samples of component 2 into v25..v28 (llvm-mc-19 sizes it v25) */
    "image_msaa_load v25, v[5:7], s[0:7] dmask:0x4 dim:SQ_RSRC_IMG_2D_MSAA unorm\n"
    /* 6: D16 msaa_load of a 2D MSAA array: x y slice fragment; two VGPRs */
    "image_msaa_load v29, v[5:8], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm d16\n"
    /* 7: TFE msaa_load: four values in v31..v34, the status in v35 */
    "image_msaa_load v[31:32], v[5:7], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D_MSAA unorm tfe\n"
    /* 8, 9: gather4h: one component of four texels of a row; D16 in two VGPRs */
    "image_gather4h v[36:39], v[3:4], s[0:7], s[8:11] dmask:0x2 dim:SQ_RSRC_IMG_2D\n"
    "image_gather4h v[40:41], v[3:4], s[0:7], s[8:11] dmask:0x8 dim:SQ_RSRC_IMG_2D d16\n"
    /* 10, 11: packed loads (components 0 and 2; mip level from v3, sign-extended) */
    "image_load_pck v[42:43], v[1:2], s[0:7] dmask:0x5 dim:SQ_RSRC_IMG_2D unorm\n"
    "image_load_mip_pck_sgn v44, v[1:3], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm\n"
    /* 12, 13: packed stores */
    "image_store_pck v[45:46], v[1:2], s[0:7] dmask:0x9 dim:SQ_RSRC_IMG_2D unorm\n"
    "image_store_mip_pck v47, v[1:3], s[0:7] dmask:0x2 dim:SQ_RSRC_IMG_2D unorm\n"
    /* 14: a 2D MSAA array load: x y slice fragment */
    "image_load v[48:51], v[5:8], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm\n"
    /* 15: A16 msaa_load: x y | slice fragment, 16-bit; four values in v58..v61 */
    "image_msaa_load v58, v[55:56], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY unorm a16\n"
    /* 16: TFE gather4h: four texels, the status in v66 */
    "image_gather4h v[62:66], v[3:4], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D tfe\n"
    /* 17: TFE and LWE: one status dword (fault bit 0, warning bit 1) */
    "image_sample v[67:69], v[3:4], s[0:7], s[8:11] dmask:0x3 dim:SQ_RSRC_IMG_2D tfe lwe\n"
    /* 18: r128: a 128-bit T#, s[0:3] */
    "image_load v70, v[1:2], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D unorm r128\n"
    /* 19: gather4 with TFE, made D16 in the word (image_forms_against_a_model; llvm-mc-19
     * has no such form and the decoder sizes its address operand short): the four 16-bit
     * texels in v72..v73, the status in v74, both address VGPRs read */
    "image_gather4 v[72:76], v[3:4], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D tfe\n"
    "s_endpgm\n";

enum {
  D2 = 1,
  D2MSAA = 6,
  D2MSAA_ARR = 7,
  TFE = IR_IMAGE_TFE,
  LWE = IR_IMAGE_LWE,
  PCK = IR_IMAGE_PACKED,
  SGN = IR_IMAGE_SIGNED,
  LOD = IR_IMAGE_LOD,
  ROW = IR_IMAGE_ROW,
};
#define FRAG IR_IMAGE_FRAGMENTS
#define R128 IR_IMAGE_R128
#define LOAD IR_OP_image_load
/* no LOD in these sample and gather forms: the translator's _d form with the quad's
 * derivatives in the extras */
#define SAMPLE IR_OP_image_sample_ex
#define GATHER IR_OP_image_gather_ex
#define QD IR_IMAGE_DERIV
#define UN IR_IMAGE_UNORM

/* The lane's fetches (slot order), from its VGPRs V. */
static unsigned lane_fetches(const uint32_t *v, struct fetch *f) {
  const uint32_t xy[4] = {v[1], v[2], 0, 0}, xym[4] = {v[1], v[2], 0, v[3]};
  const uint32_t st[4] = {v[3], v[4], 0, 0};
  const uint32_t ms[4] = {v[5], v[6], v[7], 0}, msa[4] = {v[5], v[6], v[7], v[8]};
  const uint32_t ms16[4] = {v[55] & 0xffff, v[55] >> 16, v[56] & 0xffff, v[56] >> 16};
  const struct fetch all[] = {
      {LOAD, D2 | UN | TFE, {0}, 0x3, 10, false, false, true},
      {LOAD, D2 | UN | TFE, {0}, 0x7, 13, true, false, true},
      {SAMPLE, D2 | QD | TFE, {0}, 0xf, 16, false, false, true},
      {SAMPLE, D2 | QD | LWE, {0}, 0x1, 21, false, false, true},
      {LOAD, D2 | UN, {0}, 0x1, 23, false, false, false},
      {LOAD, D2MSAA | UN | FRAG, {0}, 0x4, 25, false, true, false},
      {LOAD, D2MSAA_ARR | UN | FRAG, {0}, 0x1, 29, true, true, false},
      {LOAD, D2MSAA | UN | FRAG | TFE, {0}, 0x2, 31, false, true, true},
      {GATHER, D2 | QD | ROW, {0}, 0x2, 36, false, true, false},
      {GATHER, D2 | QD | ROW, {0}, 0x8, 40, true, true, false},
      {LOAD, D2 | UN | PCK, {0}, 0x5, 42, false, false, false},
      {LOAD, D2 | UN | PCK | SGN | LOD, {0}, 0x1, 44, false, false, false},
      {0}, /* stores: checked from the log */
      {0},
      {LOAD, D2MSAA_ARR | UN, {0}, 0xf, 48, false, false, false},
      {LOAD, D2MSAA_ARR | UN | FRAG, {0}, 0x1, 58, false, true, false},
      {GATHER, D2 | QD | ROW | TFE, {0}, 0x1, 62, false, true, true},
      {SAMPLE, D2 | QD | TFE | LWE, {0}, 0x3, 67, false, false, true},
      {LOAD, D2 | UN | R128, {0}, 0x1, 70, false, false, false},
      {GATHER, D2 | QD | TFE, {0}, 0x1, 72, true, true, true},
  };
  const uint32_t *co[OPS] = {xy, xy, st, st, xy, ms, msa, ms, st, st, xy, xym, NULL, NULL, msa, ms16, st, st, xy, st};
  for (unsigned s = 0; s < OPS; s++) {
    f[s] = all[s];
    if (co[s]) memcpy(f[s].co, co[s], sizeof f[s].co);
  }
  return OPS;
}

static void check_exec(const struct ir_interp_wave *w, const struct ir_interp_wave *r,
                       const struct model_log *g, unsigned *faults) {
  for (unsigned l = 0; l < 32; l++) {
    bool act = (w->exec >> l) & 1;
    uint32_t v[256], want[256];
    for (unsigned i = 0; i < 256; i++) v[i] = want[i] = w->vgpr[i][l];
    struct fetch f[OPS];
    lane_fetches(v, f);
    for (unsigned s = 0; s < OPS; s++) {
      if (!f[s].op) continue;
      /* what the model received: the operation, flags, coordinates */
      const struct ir_interp_image *o = &g->op[s][l];
      assert_int_equal(o->op, f[s].op);
      uint64_t flags = f[s].flags | (uint64_t)f[s].dmask << IR_IMAGE_DMASK_SHIFT | (f[s].d16 ? IR_IMAGE_D16 : 0);
      if (o->imm != flags) fprintf(stderr, "slot %u: imm %#llx, want %#llx\n", s, (unsigned long long)o->imm,
                                   (unsigned long long)flags);
      assert_true(o->imm == flags);
      for (unsigned k = 0; k < 4; k++) assert_int_equal(o->coords[k], f[s].co[k]);
      for (unsigned k = 0; k < 8; k++) /* a 128-bit T# reads four SGPRs */
        assert_int_equal(o->tsharp[k], (f[s].flags & R128) && k >= 4 ? 0 : w->sgpr[k]);
      if (act) apply_fetch(want, &f[s], faults);
    }
    /* packed stores: the dmask's components from consecutive VGPRs, the others 0 */
    if (act) {
      const struct ir_interp_image *o = &g->op[12][l];
      assert_int_equal(o->op, IR_OP_image_store);
      assert_true(o->imm == (D2 | UN | PCK | 0x9u << IR_IMAGE_DMASK_SHIFT));
      const uint32_t d12[4] = {v[45], 0, 0, v[46]};
      for (unsigned k = 0; k < 4; k++) assert_int_equal(o->data[k], d12[k]);
      assert_int_equal(o->coords[0], v[1]);
      assert_int_equal(o->coords[1], v[2]);
      o = &g->op[13][l];
      assert_true(o->imm == (D2 | UN | PCK | LOD | 0x2u << IR_IMAGE_DMASK_SHIFT));
      const uint32_t d13[4] = {0, v[47], 0, 0};
      for (unsigned k = 0; k < 4; k++) assert_int_equal(o->data[k], d13[k]);
      assert_int_equal(o->coords[3], v[3]);
    }
    for (unsigned i = 0; i < 256; i++) {
      if (r->vgpr[i][l] != want[i]) fprintf(stderr, "lane %u v%u: %#x, want %#x\n", l, i, r->vgpr[i][l], want[i]);
      assert_int_equal(r->vgpr[i][l], want[i]);
    }
  }
}

static void image_forms_against_a_model(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  size_t n;
  uint32_t *words = assemble(exec_shader, &n, false);
  assert_int_equal(words[n - 1], 0xbf810000u); /* s_endpgm after the gather4 of slot 19 */
  words[n - 2] |= 1u << 31;                   /* its D16 bit */
  struct ir_interp_wave *w = wave_new(0xffffffffu & ~(1u << 9)), *r = malloc(sizeof *r);
  struct model_log *g = malloc(sizeof *g);
  for (unsigned i = 0; i < 12; i++) w->sgpr[i] = 0x7000 + i;
  for (unsigned v = 1; v < 80; v++) /* every register the shader may write starts non-zero */
    for (unsigned l = 0; l < 32; l++) w->vgpr[v][l] = mix(v * 32 + l + 99) | 1;
  for (unsigned l = 0; l < 32; l++) { /* small integer coordinates */
    w->vgpr[1][l] = l & 7, w->vgpr[2][l] = l >> 3, w->vgpr[3][l] = l % 3;
    w->vgpr[5][l] = l & 3, w->vgpr[6][l] = l >> 2, w->vgpr[7][l] = l % 5, w->vgpr[8][l] = l % 4;
    w->vgpr[55][l] = (l & 7) | (l >> 3) << 16, w->vgpr[56][l] = (l % 3) | (l % 4) << 16;
  }
  unsigned faults = 0;
  for (unsigned pass = 0; pass < 2; pass++) {
    static uint32_t regs[IR_REG_COUNT];
    for (uint32_t i = 0; i < IR_REG_COUNT; i++) regs[i] = i;
    struct ir_translate_options o = {.wave_size = 32, .run_passes = pass == 1, .observe = regs,
                                     .observe_count = IR_REG_COUNT};
    struct ir_translate_stats st;
    struct ir_function *fn = translate_words(words, n, o, &st);
    assert_int_equal(st.unsupported_count, 0);
    memset(g, 0, sizeof *g);
    g->slot = -1;
    g->last_lane = 64;
    run_with_image_model(fn, w, r, model, g);
    assert_int_equal(g->slot, OPS - 1);
    check_exec(w, r, g, &faults);
    ir_function_destroy(fn);
  }
  assert_true(faults > 4 && faults < 2 * 31 * 7); /* some lanes fault, others do not */
  free(words);
  free(g);
  free(r);
  free(w);
}

/* ---- the opcode walk ----------------------------------------------------------------------- */

struct mimg_row {
  unsigned op;
  const char *name, *tmpl, *notes;
  unsigned mods_ignore;
};
static const struct mimg_row mimg_rows[] = {
#define X(op, name, tmpl, types, print, ignore, notes, memory) {op, name, tmpl, notes, ignore},
#include "gpu/shader/isa/ops_mimg.def"
#undef X
};

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* Digit I of the "KEY=" hex digits of a table notes string. */
static unsigned note_digit(const char *notes, const char *key, unsigned i) {
  const char *p = strstr(notes, key);
  assert_non_null(p);
  char c = p[strlen(key) + i];
  return c >= 'a' ? (unsigned)(c - 'a' + 10) : (unsigned)(c - '0');
}

struct walk_case {
  unsigned dim, dmask, a16, d16, tfe, lwe, nsa, r128;
};

/* The documented rule (docs/shader-ir.md, "Images"): which decoded forms stay unsupported. */
static bool expect_unsupported(const struct mimg_row *m, const struct walk_case *c) {
  const char *n = m->name;
  bool sampler = strstr(m->tmpl, "SS/s4") != NULL; /* sample*, gather4*, get_lod */
  bool atomic = starts(n, "image_atomic"), cmpswap = strstr(n, "cmpswap") != NULL;
  bool fetch = starts(n, "image_load") || starts(n, "image_msaa_load") || starts(n, "image_sample") ||
               starts(n, "image_gather4");
  bool one = !strcmp(n, "image_gather4h") || !strcmp(n, "image_msaa_load");
  bool lod = starts(n, "image_load_mip") || starts(n, "image_store_mip");
  bool status = c->tfe || (c->lwe && sampler);
  if (c->dmask == 0) return true;                          /* no component: not modelled */
  if (status && !fetch) return true;                       /* status of store/atomic/query */
  if (one && (c->dmask & (c->dmask - 1))) return true;     /* several components */
  if (!strcmp(n, "image_msaa_load") && c->dim < 6) return true;
  if (c->dim == 7 && (sampler || lod)) return true;        /* five address values */
  if (atomic && c->dmask != (cmpswap ? 3u : 1u)) return true; /* 64-bit image atomics */
  /* _c_b_cl_o on 3D or cube: no free slot for the clamp (ir_image_clamp_slot) */
  if (strstr(n, "_c_b_cl_o") && (c->dim == 2 || c->dim == 3)) return true;
  return false;
}

static void every_mimg_opcode_and_modifier(void **state) {
  (void)state;
  static const unsigned dmasks[] = {0x0, 0x1, 0x2, 0x3, 0xf};
  unsigned decoded = 0, refused = 0, unsupported = 0, d16_atomic_refused = 0, lwe_ignored = 0;
  unsigned classes[6] = {0};
  struct ir_translate_options o = {.wave_size = 32, .run_passes = false};
  for (size_t r = 0; r < sizeof mimg_rows / sizeof *mimg_rows; r++) {
    const struct mimg_row *m = &mimg_rows[r];
    bool sampler = strstr(m->tmpl, "SS/s4") != NULL;
    for (unsigned bits = 0; bits < 8 * 5 * 64; bits++) {
      struct walk_case c = {bits & 7,           dmasks[(bits >> 3) % 5], (bits / 40) & 1,   (bits / 80) & 1,
                            (bits / 160) & 1,   (bits / 320) & 1,        (bits / 640) & 1,  (bits / 1280) & 1};
      /* address dwords of the non-NSA form; NSA: one register per dword, the extra ones in
       * NSA dwords of four */
      unsigned width = note_digit(m->notes, "w=", c.dim + 8 * c.a16);
      unsigned nsa_dwords = c.nsa ? (width + 2) / 4 : 0;
      if (c.nsa && width < 2) continue; /* nothing to spread */
      uint32_t words[8] = {0};
      words[0] = (m->op >> 7 & 1) | nsa_dwords << 1 | c.dim << 3 | c.dmask << 8 | (sampler ? 0 : 1u) << 12 |
                 c.r128 << 15 | c.tfe << 16 | c.lwe << 17 | (m->op & 0x7f) << 18 | 0x3cu << 26;
      words[1] = 20u | 100u << 8 | 0u << 16 | (sampler ? 2u : 0u) << 21 | c.a16 << 30 | (uint32_t)c.d16 << 31;
      for (unsigned i = 1; i < width && c.nsa; i++) words[2 + (i - 1) / 4] |= (40u + 3 * i) << (8 * ((i - 1) % 4));
      words[2 + nsa_dwords] = 0xbf810000u; /* s_endpgm */
      struct ir_translate_error err;
      struct ir_translate_stats st;
      struct ir_function *fn = ir_translate(words, 3 + nsa_dwords, &o, &err, &st);
      bool atomic = starts(m->name, "image_atomic");
      if (!fn) {
        refused++;
        assert_true(err.msg[0] != 0); /* a decode error with its text */
        if (atomic && c.d16) d16_atomic_refused++;
        continue;
      }
      assert_false(atomic && c.d16); /* GFX10.1 has no D16 image atomics */
      decoded++;
      bool want = expect_unsupported(m, &c);
      if ((st.unsupported_count != 0) != want)
        fprintf(stderr, "%s dim %u dmask %#x a16 %u d16 %u tfe %u lwe %u nsa %u r128 %u: %u unsupported, want %d\n",
                m->name, c.dim, c.dmask, c.a16, c.d16, c.tfe, c.lwe, c.nsa, c.r128, st.unsupported_count, want);
      assert_int_equal(st.unsupported_count, want ? 1 : 0);
      if (want) {
        unsupported++;
        classes[c.dmask == 0 ? 0 : (c.tfe || (c.lwe && sampler)) ? 1 : c.dim == 7 ? 2 : atomic ? 3 : 4]++;
      } else if (c.lwe && !sampler && !c.tfe) {
        lwe_ignored++;
      }
      ir_function_destroy(fn);
    }
  }
  fprintf(stderr, "mimg walk: %u decoded (%u unsupported), %u refused by the decoder\n", decoded, unsupported,
          refused);
  /* every rule is exercised, and most decoded forms translate */
  for (unsigned k = 0; k < 5; k++) assert_true(classes[k] > 0);
  assert_true(d16_atomic_refused > 0 && lwe_ignored > 0);
  assert_true(decoded > 200000 && unsupported < decoded / 2);
}

/* GFX10 MIMG has no LDS bit and no D16 image atomics: llvm-mc-19 refuses both modifiers,
 * and a D16 atomic word is a decode error for the front end. */
static void lds_and_d16_atomics_do_not_exist(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  assert_int_not_equal(system("echo 'image_load v0, v1, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm lds' | "
                              "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -o /dev/null 2>/dev/null"),
                       0);
  assert_int_not_equal(system("echo 'image_atomic_add v0, v1, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm d16' | "
                              "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -o /dev/null 2>/dev/null"),
                       0);
  size_t n;
  uint32_t *words = assemble("image_atomic_add v0, v1, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm\ns_endpgm\n", &n,
                             false);
  words[1] |= 1u << 31; /* d16 */
  struct ir_translate_options o = {.wave_size = 32};
  struct ir_translate_error err;
  assert_null(ir_translate(words, n, &o, &err, NULL));
  assert_int_equal(err.offset, 0);
  assert_non_null(strstr(err.msg, "undecodable instruction"));
  free(words);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(image_forms_against_a_model),
      cmocka_unit_test(every_mimg_opcode_and_modifier),
      cmocka_unit_test(lds_and_d16_atomics_do_not_exist),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
