/* The one-wave run the float kernel tests share (gpu.shader_float, _fma64, _float_mode): a
 * GFX10 kernel (llvm-mc-19 at test time) translated with a float mode, emitted for the
 * device's float controls and checked by spirv-val, then run once in the IR interpreter and
 * once on the Vulkan device over its own copy of one guest window. The window holds FILL,
 * the operands at IN; s[4:7] is a raw buffer V# at OUT, s[8:11] one at IN, v0 the lane
 * index, every lane on. Include after xl_test_harness.h and vk_test_device.h. */
#ifndef PROSPERO_TEST_FLOAT_WAVE_H
#define PROSPERO_TEST_FLOAT_WAVE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"

#define WINDOW 0x100000u
#define WINDOW_SIZE 0x2000u
#define OUT 0x100000u
#define IN 0x101000u
#define FILL 0xaaaaaaaau
#define LANES 64

/* Bit views of floats and the tests' xorshift generator (each test keeps its own seed). */
static inline float flt(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static inline uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static inline double dbl(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}
static inline uint64_t bits64(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
/* an f32 denormal flushed to a zero of its sign */
static inline uint32_t flush(uint32_t u) { return (u & 0x7f800000u) ? u : u & 0x80000000u; }
static inline uint32_t xorshift32(uint32_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 17;
  *state ^= *state << 5;
  return *state;
}
static inline uint64_t xorshift64(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

/* The seed of a test's random operands: DEF (the committed one), or PROSPERO_TEST_SEED when
 * set (decimal or 0x hex, non-zero: xorshift stays at zero) to run the test over other
 * operands; the seed used is printed either way. A failure found with another seed becomes a
 * fixed case of the test. */
static inline uint64_t float_test_seed(uint64_t def) {
  const char *env = getenv("PROSPERO_TEST_SEED");
  uint64_t seed = def;
  if (env && *env) {
    char *end;
    unsigned long long v = strtoull(env, &end, 0);
    if (*end || v == 0) {
      fprintf(stderr, "PROSPERO_TEST_SEED=%s: a non-zero integer expected\n", env);
      exit(2);
    }
    seed = v;
  }
  printf("random operands from seed 0x%llx%s\n", (unsigned long long)seed,
         seed == def ? "" : " (PROSPERO_TEST_SEED)");
  return seed;
}

/* The two windows after a run: the interpreter's and the device's. */
struct float_wave {
  uint8_t *interp, *device;
};

static void float_wave_vsharp(uint32_t d[4], uint64_t base, uint32_t num_records) {
  struct ir_vsharp v = {.base = base,
                        .num_records = num_records,
                        .dst_sel = {4, 5, 6, 7},
                        .format = 20 /* 32 UINT */,
                        .resource_level = 1,
                        .oob_select = IR_OOB_RAW};
  ir_vsharp_encode(&v, d);
}

/* Runs SRC (NAME in messages) under FLOAT_MODE with OPS (OPS_BYTES) at IN; the output V#
 * covers OUT_BYTES, the input one IN_BYTES. Fails the test when a stage fails. */
static struct float_wave float_wave_run(vk_device *dev, const char *src, uint32_t float_mode,
                                        const char *name, const void *ops, size_t ops_bytes,
                                        uint32_t out_bytes, uint32_t in_bytes) {
  struct ir_translate_stats st;
  struct ir_function *fn =
      translate_asm(src,
                    (struct ir_translate_options){
                        .wave_size = LANES, .run_passes = true, .float_mode = float_mode},
                    &st);
  assert_int_equal(st.unsupported_count, 0);
  struct spirv_emit_options opts = {.source_name = name};
  shader_dispatch_float_controls(dev, &opts);
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  if (!ok) fprintf(stderr, "%s: emit: %s\n", name, m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));

  struct float_wave r = {malloc(WINDOW_SIZE), malloc(WINDOW_SIZE)};
  assert_non_null(r.interp);
  assert_non_null(r.device);
  for (uint32_t i = 0; i < WINDOW_SIZE / 4; i++) memcpy(r.interp + 4 * i, &(uint32_t){FILL}, 4);
  memcpy(r.interp + (IN - WINDOW), ops, ops_bytes);
  memcpy(r.device, r.interp, WINDOW_SIZE);
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  assert_non_null(w);
  assert_non_null(s);
  w->exec = ~0ull;
  float_wave_vsharp(&w->sgpr[4], OUT, out_bytes);
  float_wave_vsharp(&w->sgpr[8], IN, in_bytes);
  for (uint32_t l = 0; l < LANES; l++) w->vgpr[0][l] = l;
  memcpy(s->sgpr, w->sgpr, sizeof s->sgpr);
  s->exec[0] = s->exec[1] = 0xffffffffu;
  for (uint32_t l = 0; l < LANES; l++) s->vgpr[0][l] = l;
  struct ir_interp_memory map = {.addr = WINDOW, .data = r.interp, .size = WINDOW_SIZE};
  w->mem = &map;
  w->mem_count = 1;
  char err[256];
  bool ran = ir_interp_run(fn, w, 10000, err, sizeof err);
  if (!ran) fprintf(stderr, "%s: interpreter: %s\n", name, err);
  assert_true(ran);
  struct shader_dispatch_window win = {.addr = WINDOW, .data = r.device, .size = WINDOW_SIZE};
  ran = shader_dispatch_wave(dev, m.words, m.count, s, &win, err, sizeof err);
  if (!ran) fprintf(stderr, "%s: dispatch: %s\n", name, err);
  assert_true(ran);
  free(w);
  free(s);
  spirv_module_free(&m);
  ir_function_destroy(fn);
  return r;
}

/* The two windows must be equal byte for byte (outputs and everything around them). */
static void float_wave_finish(struct float_wave *r) {
  assert_memory_equal(r->device, r->interp, WINDOW_SIZE);
  free(r->interp);
  free(r->device);
}

#endif
