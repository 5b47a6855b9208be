/* The captured ACO graphics and compute shaders executed in the IR interpreter (raw IR and
 * after the passes) and compared with their GLSL sources (shaders/NAME.frag, .vert, .comp)
 * computed in C for the same inputs.
 *
 * Inputs are laid out as RADV passes them, read off each shader's own loads (see the
 * comment of each test): user SGPRs with the descriptor set address (its high half is the
 * constant 0x8000 the shaders write themselves), the set's bindings at fixed offsets
 * (0x00 storage buffer V#, 0x10 uniform buffer V#, 0x20 sampled T# + 0x70 S#, 0x80 storage
 * image T#), vertex buffers behind a table of V#s, interpolation parameters, pixel
 * barycentrics and position in VGPRs. Values are chosen dyadic (few mantissa bits) where
 * the compiler may reorder (sums, dot products), so the comparison is exact whatever order
 * it evaluates in; the colour varyings' P0 are not (0.3, ...), so the products with them,
 * ACO's unfused v_mac/v_mad and the export's f16 rounding toward zero are checked bit for
 * bit (C evaluates every operation separately: FP_CONTRACT OFF). Only results behind v_rsq
 * (the vertex lighting) and v_rcp (the compute division) compare with a tolerance.
 *
 * The image model does not decode T#s (the interpreter has no texture unit): it recognises
 * each image by its descriptor words, so a descriptor loaded from a wrong offset stops the
 * run. A sampled fetch without an explicit LOD (implicit derivatives: the translator's _d
 * form, derivatives from the quad) reads level 0. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../xl_test_harness.h" /* fbits */
#include "aco_shaders.h"
#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/translate/translate.h"

#pragma STDC FP_CONTRACT OFF

#define SET_ADDR 0x0000800000000100ull /* descriptor set: low half in a user SGPR */
#define VBT_ADDR 0x0000800000000400ull /* vertex buffer table (one V# per binding) */
#define UBO_ADDR 0x0000001100000000ull
#define SSBO_ADDR 0x0000001200000000ull
#define VB_ADDR 0x0000001300000000ull

/* export targets (GFX10) */
enum { EXP_MRT0 = 0, EXP_NULL = 9, EXP_POS0 = 12, EXP_PRIM = 20, EXP_PARAM0 = 32 };

void aco_put_vsharp(uint8_t *at, uint64_t addr, uint32_t num_records, uint32_t stride) {
  struct ir_vsharp v = {.base = addr, .stride = stride, .num_records = num_records,
                        .dst_sel = {IR_SEL_X, IR_SEL_Y, IR_SEL_Z, IR_SEL_W}, .format = 22,
                        .resource_level = true,
                        .oob_select = stride ? IR_OOB_STRUCTURED : IR_OOB_RAW};
  uint32_t d[4];
  ir_vsharp_encode(&v, d);
  memcpy(at, d, sizeof d);
}

static float bitsf(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* ---- the image model ---------------------------------------------------------------------
 * Binding 2 (sampler2D): a procedural texture of dyadic values, sampled by normalised
 * coordinates and LOD, or fetched by texel (texelFetch: unorm integer coordinates).
 * Binding 3 (r32ui uimage2D): 256 x 2 texels of host memory. */
static const uint32_t tex_tsharp[8] = {0x7e570000, 0x7e570001, 0x7e570002, 0x7e570003,
                                       0x7e570004, 0x7e570005, 0x7e570006, 0x7e570007};
static const uint32_t tex_ssharp[4] = {0x5a3b0000, 0x5a3b0001, 0x5a3b0002, 0x5a3b0003};
static const uint32_t img_tsharp[8] = {0x51000000, 0x51000001, 0x51000002, 0x51000003,
                                       0x51000004, 0x51000005, 0x51000006, 0x51000007};

static void tex_sample(float u, float v, float lod, float out[4]) {
  out[0] = 0.5f * u + 0.125f * lod;
  out[1] = 0.25f + 0.5f * v;
  out[2] = u * v;
  out[3] = v - 0.25f * u + 0.0625f * lod;
}

static void tex_fetch(int32_t x, int32_t y, float out[4]) {
  for (int k = 0; k < 4; k++) out[k] = (float)((x * 3 + y * 5 + 2 * k) & 7) * 0.25f;
}

struct images {
  uint32_t counts[2][256]; /* the storage image */
  unsigned samples, fetches, loads, stores;
};

static bool image_model(void *ctx, const struct ir_interp_image *op, uint32_t r[5]) {
  struct images *g = ctx;
  unsigned dim = op->imm & IR_IMAGE_DIM_MASK, dmask = (op->imm >> IR_IMAGE_DMASK_SHIFT) & 0xf;
  memset(r, 0, 5 * sizeof r[0]);
  if (dim != 1) return false; /* SQ_RSRC_IMG_2D */
  if (!memcmp(op->tsharp, tex_tsharp, sizeof tex_tsharp)) {
    float out[4];
    if (op->op == IR_OP_image_sample || op->op == IR_OP_image_sample_ex) { /* _ex: quad d/dx */
      if (memcmp(op->ssharp, tex_ssharp, sizeof tex_ssharp) || dmask != 0xf) return false;
      float lod = op->imm & IR_IMAGE_LOD ? bitsf(op->coords[3]) : 0.0f;
      tex_sample(bitsf(op->coords[0]), bitsf(op->coords[1]), lod, out);
      g->samples++;
    } else if (op->op == IR_OP_image_load && (op->imm & IR_IMAGE_UNORM) && dmask == 0xf &&
               !(op->imm & IR_IMAGE_LOD)) {
      tex_fetch((int32_t)op->coords[0], (int32_t)op->coords[1], out);
      g->fetches++;
    } else {
      return false;
    }
    for (int k = 0; k < 4; k++) r[k] = fbits(out[k]);
    return true;
  }
  if (!memcmp(op->tsharp, img_tsharp, sizeof img_tsharp)) {
    uint32_t x = op->coords[0], y = op->coords[1];
    if (x >= 256 || y >= 2 || !(op->imm & IR_IMAGE_UNORM) || dmask != 1) return false;
    if (op->op == IR_OP_image_load) {
      r[0] = g->counts[y][x];
      g->loads++;
      return true;
    }
    if (op->op == IR_OP_image_store) {
      g->counts[y][x] = op->data[0];
      g->stores++;
      return true;
    }
  }
  return false;
}

/* ---- running -------------------------------------------------------------------------- */

static struct ir_interp_wave *new_wave(uint64_t exec) {
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  assert_non_null(w);
  w->exec = exec;
  w->image = image_model;
  return w;
}

void aco_execute(const struct shader *s, bool passes, struct ir_interp_wave *w,
                 uint32_t max_blocks) {
  struct ir_translate_options opts = {.wave_size = s->wave64 ? 64 : 32, .run_passes = passes};
  struct ir_translate_error err = {0};
  struct ir_function *fn = ir_translate(s->words, s->count, &opts, &err, NULL);
  if (!fn) fail_msg("%s: translation failed at 0x%x: %s", s->name, err.offset, err.msg);
  char msg[256];
  bool ok = ir_interp_run(fn, w, max_blocks, msg, sizeof msg);
  ir_function_destroy(fn);
  if (!ok) fail_msg("%s (%s): %s", s->name, passes ? "after the passes" : "raw IR", msg);
}

static void execute(const struct shader *s, bool passes, struct ir_interp_wave *w) {
  aco_execute(s, passes, w, 100000);
}

/* The export of TARGET (exactly one). */
static const typeof(((struct ir_interp_wave *)0)->exports[0]) *
export_of(const struct shader *s, const struct ir_interp_wave *w, uint32_t target) {
  int found = -1;
  for (uint32_t e = 0; e < w->export_count; e++)
    if (w->exports[e].target == target) {
      if (found >= 0) fail_msg("%s: two exports to target %u", s->name, target);
      found = (int)e;
    }
  if (found < 0) fail_msg("%s: no export to target %u", s->name, target);
  return &w->exports[found];
}

/* ---- pixel shaders ---------------------------------------------------------------------
 * RADV's PS inputs as ACO reads them: s2 = descriptor set (low half), s3 = the primitive
 * mask for M0, v0/v1 = perspective barycentrics i/j, v2/v3 = gl_FragCoord.xy when used.
 * The varyings are packed in location order: attr0.xy = uv, attr0.zw attr1.xy = color,
 * attr1.zw attr2.x = normal; attribute value = P0 + i * P10 + j * P20. */
#define PACKED 9
static const float vary_p0[PACKED] = {0.0f, 0.0f, 0.3f, 0.55f, 0.7f, 0.9f, 0.5f, -0.5f, 0.25f};
static const float vary_p10[PACKED] = {1.0f, 0.0f, 0.5f, -0.25f, 0.125f, -0.5f, 0.25f, 0.25f, 0.0f};
static const float vary_p20[PACKED] = {0.0f, 1.0f, -0.125f, 0.25f, 0.5f, 0.25f, 0.0f, 0.5f, -0.25f};

/* Live pixels at the start (the rest of the wave is inactive, or a helper lane in WQM). */
static uint64_t ps_live(unsigned lanes) {
  uint64_t m = 0xfff7ff0fffff0ff3ull & ~0x0000f00000000000ull;
  return lanes == 64 ? m : m & 0xffffffffull;
}

static float bary_i(unsigned l) { return (float)(l % 8) * 0.125f; }
static float bary_j(unsigned l) { return (float)((l / 8 * 3 + l) % 8) * 0.125f; }

static float varying(unsigned p, unsigned l) {
  return vary_p0[p] + bary_i(l) * vary_p10[p] + bary_j(l) * vary_p20[p];
}

/* A pixel wave of LANES lanes with LIVE pixels, memory MAP (COUNT buffers) and image IMG. */
static struct ir_interp_wave *ps_wave(unsigned lanes, uint64_t live, const struct ir_interp_memory *map,
                                      uint32_t count, struct images *img) {
  struct ir_interp_wave *w = new_wave(live);
  w->mem = map;
  w->mem_count = count;
  w->image_ctx = img;
  w->sgpr[2] = (uint32_t)SET_ADDR;
  w->sgpr[3] = 0x1234; /* primitive mask: only goes to M0 */
  for (unsigned p = 0; p < PACKED; p++)
    for (unsigned k = 0; k < 3; k++) {
      const float *t = k == 0 ? vary_p0 : k == 1 ? vary_p10 : vary_p20;
      w->attr_params[p][k] = t[p];
    }
  for (unsigned l = 0; l < lanes; l++) {
    w->vgpr[0][l] = fbits(bary_i(l));
    w->vgpr[1][l] = fbits(bary_j(l));
  }
  return w;
}

/* f32 -> f16 rounding toward zero -> f32 (v_cvt_pkrtz_f16_f32 of a compressed export) */
static float f16_rtz(float x) {
  float a = fabsf(x);
  if (isnan(x) || isinf(x)) return x;
  if (a >= 65504.0f) a = 65504.0f;
  else if (a >= 0x1p-14f) a = bitsf(fbits(a) & ~0x1fffu);
  else a = truncf(a * 0x1p24f) * 0x1p-24f;
  return x < 0 ? -a : a;
}

/* The colour export: lanes WANT (a null export when no pixel survives), values O per lane
 * through the f16 packing. */
static void check_colour(const struct shader *s, const struct ir_interp_wave *w, uint64_t want,
                         float o[][4]) {
  if (!want) {
    assert_int_equal(export_of(s, w, EXP_NULL)->lanes, 0);
    return;
  }
  const typeof(w->exports[0]) *e = export_of(s, w, EXP_MRT0);
  if (e->lanes != want)
    fail_msg("%s: colour exported by lanes %016llx, the GLSL keeps %016llx", s->name,
             (unsigned long long)e->lanes, (unsigned long long)want);
  assert_int_equal(e->en, 0xf);
  assert_int_equal(e->done, 1);
  for (unsigned l = 0; l < 64; l++)
    for (unsigned k = 0; want >> l & 1 && k < 4; k++)
      if (e->value[k][l] != fbits(f16_rtz(o[l][k])))
        fail_msg("%s: lane %u channel %u: %g, the GLSL gives %g (f16 %g)", s->name, l, k,
                 bitsf(e->value[k][l]), o[l][k], f16_rtz(o[l][k]));
}

static void textured_run(const struct shader *s, bool passes, bool all_discard) {
  unsigned lanes = s->wave64 ? 64 : 32;
  struct images *img = calloc(1, sizeof *img);
  uint8_t set[0xa0] = {0};
  memcpy(set + 0x20, tex_tsharp, 32);
  memcpy(set + 0x70, tex_ssharp, 16);
  struct ir_interp_memory map[] = {{SET_ADDR, set, sizeof set}};
  /* all_discard: only the pixel at i = j = 0, where the alpha is 0 */
  uint64_t live = all_discard ? 1 : ps_live(lanes);
  struct ir_interp_wave *w = ps_wave(lanes, live, map, 1, img);
  execute(s, passes, w);
  /* the GLSL */
  float o[64][4] = {{0}};
  uint64_t keep = 0;
  for (unsigned l = 0; l < lanes; l++) {
    if (!(live >> l & 1)) continue;
    float t[4];
    tex_sample(varying(0, l), varying(1, l), 0.0f, t);
    for (unsigned k = 0; k < 4; k++) o[l][k] = t[k] * varying(2 + k, l);
    if (o[l][3] < 0.1f) continue;
    keep |= 1ull << l;
  }
  assert_true(!all_discard || keep == 0);
  check_colour(s, w, keep, o);
  assert_true(img->samples >= (unsigned)__builtin_popcountll(live));
  if (!all_discard && (keep == 0 || keep == live))
    fail_msg("%s: the inputs should discard some pixels and keep others", s->name);
  if (passes && !all_discard)
    printf("%-22s executed: %d of %d pixels kept, %u samples\n", s->name, __builtin_popcountll(keep),
           __builtin_popcountll(live), img->samples);
  free(w);
  free(img);
}

/* textured.frag: the sampler2D's T# at set + 0x20 and S# at + 0x70 (s_load_dwordx8/x4). */
void aco_textured_frag_executes(void **state) {
  (void)state;
  const struct shader *s = aco_shader("textured.frag");
  for (int passes = 0; passes < 2; passes++) {
    textured_run(s, passes, false);
    textured_run(s, passes, true);
  }
}

/* branches.frag: Params (uniform buffer, binding 1) behind the V# at set + 0x10:
 * threshold at 0, taps at 0x10, step_size at 0x14. */
struct params {
  float threshold[4];
  int32_t taps;
  float step_size;
  uint32_t pad[2];
};

static void branches_glsl(const struct params *p, unsigned l, float acc[4], bool *discard,
                          unsigned *breaks) {
  float uv[2] = {varying(0, l), varying(1, l)};
  if (uv[0] > p->threshold[0]) {
    for (unsigned k = 0; k < 4; k++) acc[k] = varying(2 + k, l) * 2.0f;
  } else if (uv[1] > p->threshold[1]) {
    for (unsigned k = 0; k < 3; k++) acc[k] = varying(6 + k, l);
    acc[3] = 1.0f;
  } else {
    tex_sample(uv[0], uv[1], 0.0f, acc);
  }
  for (int i = 0; i < p->taps; i++) {
    float s[4];
    float u = uv[0] + (float)i * p->step_size;
    tex_sample(u, uv[1], (float)(i & 3), s);
    for (unsigned k = 0; k < 4; k++) acc[k] += s[k] * 0.25f;
    if (acc[3] > p->threshold[2]) {
      ++*breaks;
      break;
    }
  }
  *discard = acc[0] + acc[1] < p->threshold[3];
  for (unsigned k = 0; k < 4; k++) acc[k] = fminf(fmaxf(acc[k], 0.0f), 1.0f);
}

void aco_branches_frag_executes(void **state) {
  (void)state;
  static const struct params params = {{0.5f, 0.375f, 1.25f, 0.9375f}, 3, 0.125f, {0, 0}};
  const char *names[] = {"branches.frag", "branches_w32.frag"};
  for (int n = 0; n < 2; n++) {
    const struct shader *s = aco_shader(names[n]);
    unsigned lanes = s->wave64 ? 64 : 32;
    for (int passes = 0; passes < 2; passes++) {
      struct images *img = calloc(1, sizeof *img);
      uint8_t set[0xa0] = {0};
      aco_put_vsharp(set + 0x10, UBO_ADDR, sizeof params, 0);
      memcpy(set + 0x20, tex_tsharp, 32);
      memcpy(set + 0x70, tex_ssharp, 16);
      struct params ubo = params;
      struct ir_interp_memory map[] = {{SET_ADDR, set, sizeof set},
                                       {UBO_ADDR, (uint8_t *)&ubo, sizeof ubo}};
      struct ir_interp_wave *w = ps_wave(lanes, ps_live(lanes), map, 2, img);
      execute(s, passes, w);
      float o[64][4] = {{0}};
      uint64_t keep = 0;
      unsigned paths[3] = {0}, breaks = 0;
      for (unsigned l = 0; l < lanes; l++) {
        if (!(ps_live(lanes) >> l & 1)) continue;
        bool discard;
        branches_glsl(&params, l, o[l], &discard, &breaks);
        if (!discard) keep |= 1ull << l;
        float uv[2] = {varying(0, l), varying(1, l)};
        paths[uv[0] > params.threshold[0] ? 0 : uv[1] > params.threshold[1] ? 1 : 2]++;
      }
      check_colour(s, w, keep, o);
      /* the inputs take every path, break out of the loop in some lanes only and discard
       * some pixels only */
      assert_true(paths[0] && paths[1] && paths[2]);
      assert_true(breaks && breaks < (unsigned)__builtin_popcountll(ps_live(lanes)));
      assert_true(keep && keep != ps_live(lanes));
      if (passes)
        printf("%-22s executed: if/else-if/else %u/%u/%u pixels, %u loop breaks, %d of %d kept\n",
               s->name, paths[0], paths[1], paths[2], breaks, __builtin_popcountll(keep),
               __builtin_popcountll(ps_live(lanes)));
      free(w);
      free(img);
    }
  }
}

/* loops.frag: push constants rows, cols, seed inline in s3, s4, s5; the primitive mask in
 * s6; Weights (storage buffer, binding 0, read with s_buffer_load) behind the V# at set +
 * 0; texelFetch through the T# at set + 0x20. */
#define LOOP_ROWS 3
#define LOOP_COLS 4
#define LOOP_SEED 0x9e3779b9u
static unsigned frag_x(unsigned l) { return 10 + l % 8; }
static unsigned frag_y(unsigned l) { return 20 + l / 8; }
static float weight(unsigned k) { return 0.25f + (float)((k * 7) & 3) * 0.25f; }

static void loops_glsl(unsigned l, float o[4], unsigned *breaks) {
  int32_t px = (int32_t)frag_x(l), py = (int32_t)frag_y(l);
  uint32_t h = LOOP_SEED ^ (uint32_t)(px * 73856093) ^ (uint32_t)(py * 19349663);
  float sum[4] = {0};
  for (int y = 0; y < LOOP_ROWS; y++) {
    for (int x = 0; x < LOOP_COLS; x++) {
      h = h * 1664525u + 1013904223u;
      if ((h & 7u) == 0u) continue;
      float t[4];
      tex_fetch(px + x, py + y, t);
      float wt = weight((unsigned)(y * LOOP_COLS + x) & 63);
      for (unsigned k = 0; k < 4; k++) sum[k] += t[k] * wt;
      if (sum[0] > 4.0f) {
        ++*breaks;
        break;
      }
    }
    if (sum[1] > 8.0f) {
      ++*breaks;
      break;
    }
  }
  float uv[2] = {varying(0, l), varying(1, l)};
  for (unsigned k = 0; k < 4; k++) o[k] = sum[k] * varying(2 + k, l) + (k < 2 ? uv[k] : 0.0f);
}

void aco_loops_frag_executes(void **state) {
  (void)state;
  const struct shader *s = aco_shader("loops.frag");
  for (int passes = 0; passes < 2; passes++) {
    struct images *img = calloc(1, sizeof *img);
    uint8_t set[0xa0] = {0};
    float weights[64];
    for (unsigned k = 0; k < 64; k++) weights[k] = weight(k);
    aco_put_vsharp(set, SSBO_ADDR, sizeof weights, 0);
    memcpy(set + 0x20, tex_tsharp, 32);
    struct ir_interp_memory map[] = {{SET_ADDR, set, sizeof set},
                                     {SSBO_ADDR, (uint8_t *)weights, sizeof weights}};
    struct ir_interp_wave *w = ps_wave(64, ps_live(64), map, 2, img);
    w->sgpr[3] = LOOP_ROWS;
    w->sgpr[4] = LOOP_COLS;
    w->sgpr[5] = LOOP_SEED;
    w->sgpr[6] = 0x1234;
    for (unsigned l = 0; l < 64; l++) {
      w->vgpr[2][l] = fbits((float)frag_x(l) + 0.5f);
      w->vgpr[3][l] = fbits((float)frag_y(l) + 0.5f);
    }
    execute(s, passes, w);
    float o[64][4] = {{0}};
    unsigned breaks = 0;
    for (unsigned l = 0; l < 64; l++)
      if (ps_live(64) >> l & 1) loops_glsl(l, o[l], &breaks);
    check_colour(s, w, ps_live(64), o);
    assert_true(breaks > 0 && img->fetches > 0);
    if (passes)
      printf("%-22s executed: %d pixels, %u loop breaks, %u texel fetches\n", s->name,
             __builtin_popcountll(ps_live(64)), breaks, img->fetches);
    free(w);
    free(img);
  }
}

/* ---- vertex shaders ----------------------------------------------------------------------
 * One vertex binding (stride 64: position, normal, texcoord at 0, 16, 32) behind the V# at
 * the vertex buffer table; Scene (uniform buffer, binding 1) behind the V# at set + 0x10:
 * mvp (column-major) at 0, model at 0x40, light_dir at 0x80, tint at 0x90. */
#define VS_BASE 3u   /* base vertex: gl_VertexIndex = vertex id + base */
#define VS_VERTS 45u /* vertices of the wave: lanes 0..44 */
#define VS_PRIMS 20u /* NGG: primitives of the wave */

struct scene {
  float mvp[4][4], model[4][4], light_dir[4], tint[4];
};

static const struct scene scene = {
    {{0.5f, 0.25f, 0.0f, 0.0f}, {-0.25f, 1.0f, 0.5f, 0.0f}, {0.0f, 0.125f, 1.5f, 1.0f}, {1.0f, -2.0f, 0.25f, 4.0f}},
    {{1.0f, 0.0f, 0.5f, 0.0f}, {0.0f, 2.0f, 0.0f, 0.0f}, {0.25f, 0.0f, 1.0f, 0.0f}, {3.0f, 3.0f, 3.0f, 1.0f}},
    {0.5f, -1.0f, -0.25f, 0.0f},
    {0.75f, 0.5f, 1.0f, 0.25f},
};

struct vertex {
  float position[4], normal[4], texcoord[4], unused[4];
};

static void vertex_of(unsigned vi, struct vertex *v) {
  memset(v, 0, sizeof *v);
  float p[4] = {(float)(vi % 7) * 0.25f - 0.75f, (float)(vi / 7 % 5) * 0.5f - 1.0f, (float)vi * 0.0625f, 1.0f};
  float n[4] = {(float)(vi % 3) - 1.0f, (float)(vi % 4) * 0.5f - 0.5f, 1.0f, 0.0f};
  /* texcoord.yw are not dyadic: o_uv.y = texcoord.y + (vi >> 1) * texcoord.w rounds the
   * product (ACO: v_mac_f32, not fused; fused differs for 8 of the 23 multiples) */
  float t[4] = {(float)vi * 0.125f, 0.3f, 0.25f, 0.35f};
  memcpy(v->position, p, sizeof p);
  memcpy(v->normal, n, sizeof n);
  memcpy(v->texcoord, t, sizeof t);
}

/* mesh.vert: pos0 (4), param0 = o_uv, o_color.xy, param1 = o_color.zw (the fragment shader
 * reads no o_normal, so it is not exported). */
static void mesh_glsl(unsigned vi, float pos[4], float p0[4], float p1[2]) {
  struct vertex v;
  vertex_of(vi, &v);
  for (unsigned r = 0; r < 4; r++) {
    pos[r] = 0.0f;
    for (unsigned c = 0; c < 4; c++) pos[r] += scene.mvp[c][r] * v.position[c];
  }
  float m[3];
  for (unsigned r = 0; r < 3; r++) {
    m[r] = 0.0f;
    for (unsigned c = 0; c < 3; c++) m[r] += scene.model[c][r] * v.normal[c];
  }
  float inv = 1.0f / sqrtf(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]), diffuse = 0.0f;
  for (unsigned k = 0; k < 3; k++) diffuse += m[k] * inv * -scene.light_dir[k];
  diffuse = fmaxf(diffuse, 0.0f);
  float color[4];
  for (unsigned k = 0; k < 4; k++) color[k] = scene.tint[k] * (0.2f + 0.8f * diffuse);
  p0[0] = v.texcoord[0] + (float)(vi & 1) * v.texcoord[2];
  p0[1] = v.texcoord[1] + (float)(vi >> 1) * v.texcoord[3];
  p0[2] = color[0];
  p0[3] = color[1];
  p1[0] = color[2];
  p1[1] = color[3];
}

/* Exact channels compare exactly; the lit colour (behind v_rsq) within 4e-6. */
static void check_channel(const struct shader *s, const char *what, unsigned l, unsigned k,
                          uint32_t got, float want, bool exact) {
  float g = bitsf(got);
  if (exact ? got != fbits(want) : !(fabsf(g - want) <= 4e-6f * fmaxf(1.0f, fabsf(want))))
    fail_msg("%s: %s lane %u channel %u: %.9g, the GLSL gives %.9g", s->name, what, l, k, g, want);
}

static void check_vertex_exports(const struct shader *s, const struct ir_interp_wave *w) {
  uint64_t lanes = (1ull << VS_VERTS) - 1;
  const typeof(w->exports[0]) *pos = export_of(s, w, EXP_POS0), *p0 = export_of(s, w, EXP_PARAM0),
                              *p1 = export_of(s, w, EXP_PARAM0 + 1);
  assert_true(pos->lanes == lanes && p0->lanes == lanes && p1->lanes == lanes);
  assert_int_equal(pos->en, 0xf);
  assert_int_equal(p0->en, 0xf);
  assert_int_equal(p1->en, 0x3);
  for (unsigned l = 0; l < VS_VERTS; l++) {
    float wpos[4], wp0[4], wp1[2];
    mesh_glsl(l + VS_BASE, wpos, wp0, wp1);
    for (unsigned k = 0; k < 4; k++) {
      check_channel(s, "position", l, k, pos->value[k][l], wpos[k], true);
      check_channel(s, "param0", l, k, p0->value[k][l], wp0[k], k < 2);
    }
    for (unsigned k = 0; k < 2; k++) check_channel(s, "param1", l, k, p1->value[k][l], wp1[k], false);
  }
}

struct vs_memory {
  uint8_t set[0xa0], vbt[16];
  struct vertex vb[VS_BASE + VS_VERTS];
  struct scene ubo;
  struct ir_interp_memory map[4];
};

static void vs_memory_init(struct vs_memory *m) {
  memset(m, 0, sizeof *m);
  aco_put_vsharp(m->set + 0x10, UBO_ADDR, sizeof m->ubo, 0);
  /* records beyond the wave's vertices are out of range: the inactive lanes' loads read 0 */
  aco_put_vsharp(m->vbt, VB_ADDR, VS_BASE + VS_VERTS, sizeof(struct vertex));
  for (unsigned i = 0; i < VS_BASE + VS_VERTS; i++) vertex_of(i, &m->vb[i]);
  m->ubo = scene;
  m->map[0] = (struct ir_interp_memory){SET_ADDR, m->set, sizeof m->set};
  m->map[1] = (struct ir_interp_memory){VBT_ADDR, m->vbt, sizeof m->vbt};
  m->map[2] = (struct ir_interp_memory){VB_ADDR, (uint8_t *)m->vb, sizeof m->vb};
  m->map[3] = (struct ir_interp_memory){UBO_ADDR, (uint8_t *)&m->ubo, sizeof m->ubo};
}

/* mesh_legacy.vert (RADV_DEBUG=nongg): s2 = vertex buffer table, s3 = base vertex, s4 =
 * descriptor set, v0 = vertex id; the wave's vertices are the active lanes. */
void aco_mesh_legacy_vert_executes(void **state) {
  (void)state;
  const struct shader *s = aco_shader("mesh_legacy.vert");
  for (int passes = 0; passes < 2; passes++) {
    struct vs_memory *m = malloc(sizeof *m);
    vs_memory_init(m);
    struct ir_interp_wave *w = new_wave((1ull << VS_VERTS) - 1);
    w->mem = m->map;
    w->mem_count = 4;
    w->sgpr[2] = (uint32_t)VBT_ADDR;
    w->sgpr[3] = VS_BASE;
    w->sgpr[4] = (uint32_t)SET_ADDR;
    for (unsigned l = 0; l < 64; l++) w->vgpr[0][l] = l;
    execute(s, passes, w);
    assert_int_equal(w->export_count, 3);
    check_vertex_exports(s, w);
    if (passes) printf("%-22s executed: %u vertices exported\n", s->name, VS_VERTS);
    free(w);
    free(m);
  }
}

/* mesh.vert (NGG, a merged ES/GS wave): s2 = GS_TG_INFO (workgroup vertices in bits 20:12,
 * primitives in 30:22), s3 = merged wave info (the wave's vertices 7:0, primitives 15:8,
 * wave id in the group 27:24), s8 = vertex buffer table, s9 = base vertex, s10 =
 * descriptor set, v0 = the primitive export data, v5 = vertex id. Wave 0 asks for the
 * group's export space (s_sendmsg GS_ALLOC_REQ, M0 = primitives << 12 | vertices), lanes
 * below the primitive count export `prim`, lanes below the vertex count the vertex. */
#define MSG_GS_ALLOC_REQ 9
void aco_mesh_ngg_vert_executes(void **state) {
  (void)state;
  const struct shader *s = aco_shader("mesh.vert");
  const uint32_t tg_verts = 77, tg_prims = 33;
  for (int run = 0; run < 4; run++) {
    bool passes = run & 1;
    uint32_t wave_id = (uint32_t)run >> 1; /* only wave 0 asks for the export space */
    struct vs_memory *m = malloc(sizeof *m);
    vs_memory_init(m);
    struct ir_interp_wave *w = new_wave(~0ull);
    w->mem = m->map;
    w->mem_count = 4;
    w->sgpr[2] = tg_verts << 12 | tg_prims << 22;
    w->sgpr[3] = VS_VERTS | VS_PRIMS << 8 | wave_id << 24;
    w->sgpr[8] = (uint32_t)VBT_ADDR;
    w->sgpr[9] = VS_BASE;
    w->sgpr[10] = (uint32_t)SET_ADDR;
    for (unsigned l = 0; l < 64; l++) {
      w->vgpr[0][l] = l | (l + 1) << 10 | (l + 2) << 20;
      w->vgpr[5][l] = l;
    }
    execute(s, passes, w);
    assert_int_equal(w->msg_count, wave_id == 0);
    if (wave_id == 0) {
      assert_int_equal(w->msgs[0].imm & 0xf, MSG_GS_ALLOC_REQ);
      assert_int_equal(w->msgs[0].m0, tg_prims << 12 | tg_verts);
    }
    assert_int_equal(w->export_count, 4);
    const typeof(w->exports[0]) *prim = export_of(s, w, EXP_PRIM);
    assert_int_equal(prim->lanes, (1ull << VS_PRIMS) - 1);
    assert_int_equal(prim->en, 1);
    assert_int_equal(prim->done, 1);
    for (unsigned l = 0; l < VS_PRIMS; l++) assert_int_equal(prim->value[0][l], l | (l + 1) << 10 | (l + 2) << 20);
    check_vertex_exports(s, w);
    if (run == 3)
      printf("%-22s executed: %u primitives, %u vertices exported (waves 0 and 1)\n", s->name,
             VS_PRIMS, VS_VERTS);
    free(w);
    free(m);
  }
}

/* ---- reduce.comp ------------------------------------------------------------------------
 * s2 = descriptor set, s3 = workgroup id, v0 = local invocation id; Out (binding 0) behind
 * the V# at set + 0, the r32ui image's T# at set + 0x80. The workgroup (128) is two
 * waves. Between its first barrier and the end, wave 1 (i >= 64) only stores its image
 * texels: every reduction step i < stride <= 64 belongs to wave 0. So wave 1 runs first,
 * leaving partial[64..127] in LDS, and then wave 0 on that LDS is the exact workgroup. */
#define RED_WG 2u

static uint32_t red_count(unsigned i) { return i % 3 == 1 ? 0 : (i + 1) * (i % 5 + 1); }

void aco_reduce_comp_executes(void **state) {
  (void)state;
  const struct shader *s = aco_shader("reduce.comp");
  for (int passes = 0; passes < 2; passes++) {
    struct images *img = calloc(1, sizeof *img);
    uint8_t set[0xa0] = {0}, lds[512];
    float result[4] = {0};
    aco_put_vsharp(set, SSBO_ADDR, sizeof result, 0);
    memcpy(set + 0x80, img_tsharp, 32);
    memset(lds, 0xcd, sizeof lds);
    for (unsigned i = 0; i < 128; i++) img->counts[(RED_WG * 128 + i) >> 8][(RED_WG * 128 + i) & 255] = red_count(i);
    struct ir_interp_memory map[] = {{SET_ADDR, set, sizeof set},
                                     {SSBO_ADDR, (uint8_t *)result, sizeof result}};
    for (int wave = 1; wave >= 0; wave--) {
      struct ir_interp_wave *w = new_wave(~0ull);
      w->mem = map;
      w->mem_count = 2;
      w->image_ctx = img;
      w->lds = lds;
      w->lds_size = sizeof lds;
      w->sgpr[2] = (uint32_t)SET_ADDR;
      w->sgpr[3] = RED_WG;
      w->wave_id = (uint32_t)wave;
      for (unsigned l = 0; l < 64; l++) w->vgpr[0][l] = 64 * (unsigned)wave + l;
      execute(s, passes, w);
      free(w);
    }
    /* the GLSL; the division as the Vulkan precision allows it (2.5 ULP): c * (1 / d) */
    float partial[128], sum[2] = {0, 0};
    unsigned nonzero[2] = {0, 0};
    for (unsigned i = 0; i < 128; i++) {
      sum[i / 64] += (float)red_count(i) * (1.0f / (float)(i + 1));
      nonzero[i / 64] += red_count(i) != 0;
    }
    float total = 0.0f;
    for (unsigned i = 0; i < 128; i++) {
      partial[i] = sum[i / 64] + (float)nonzero[i / 64];
      total += partial[i];
    }
    for (unsigned i = 64; i < 128; i++) /* wave 1's entries stay as it wrote them */
      check_channel(s, "partial", i, 0, (uint32_t)lds[4 * i] | (uint32_t)lds[4 * i + 1] << 8 |
                                            (uint32_t)lds[4 * i + 2] << 16 | (uint32_t)lds[4 * i + 3] << 24,
                    partial[i], false);
    check_channel(s, "result", RED_WG, 0, fbits(result[RED_WG]), total, false);
    for (unsigned k = 0; k < 4; k++)
      if (k != RED_WG) assert_int_equal(fbits(result[k]), 0);
    for (unsigned i = 0; i < 128; i++) /* every texel incremented once */
      assert_int_equal(img->counts[(RED_WG * 128 + i) >> 8][(RED_WG * 128 + i) & 255], red_count(i) + 1);
    assert_int_equal(img->stores, 128);
    if (passes)
      printf("%-22s executed: two waves, result %g (GLSL %g), %u + %u non-zero texels\n", s->name,
             result[RED_WG], total, nonzero[0], nonzero[1]);
    free(img);
  }
}
