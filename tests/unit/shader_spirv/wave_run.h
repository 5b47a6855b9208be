/* One GFX10 kernel (assembled by llvm-mc-19) run on the Vulkan device and in the IR
 * interpreter from the same start, for the device tests that compare the two: translated,
 * emitted (spirv-val must accept the module), then run on one wave of `lanes` lanes over a
 * guest window filled with `fill` (plus an optional table copied in), with `lds_bytes` of
 * LDS, `priv_bytes` of private memory per lane (0x5a bytes) and optionally a GDS. Include after
 * cmocka (the xl_test_harness.h), spv_check.h and vk_test_device.h. */
#ifndef PROSPERO_TESTS_SHADER_SPIRV_WAVE_RUN_H
#define PROSPERO_TESTS_SHADER_SPIRV_WAVE_RUN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/dispatch/shader_memory.h"
#include "wave_start.h"

struct wave_run {
  const char *name, *src;
  uint32_t lanes;
  uint64_t window;      /* the guest window's address */
  uint32_t window_size; /* its size in bytes (a multiple of 4) */
  uint32_t fill;        /* the dword it starts filled with */
  const void *table;    /* copied in at window + table_at when not NULL */
  uint32_t table_at, table_bytes;
  uint32_t lds_bytes, priv_bytes;
  uint32_t sgpr[8]; /* s0..s7 at the start */
  /* the global data share: GDS_BYTES at GDS (both sides start from it and it holds the
   * device's GDS after the run, *GDS_INTERP the interpreter's), mapped for the module at
   * guest address GDS_ADDR; NULL: none */
  uint8_t *gds, **gds_interp;
  uint32_t gds_bytes;
  uint64_t gds_addr;
  uint32_t shader_clock; /* spirv_emit_options.shader_clock */
};

/* The two windows after the run in *DEVICE and *INTERP (the caller frees them). */
static inline void wave_run(vk_device *dev, const struct wave_run *r, uint8_t **device,
                            uint8_t **interp) {
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      r->src, (struct ir_translate_options){.wave_size = r->lanes, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 0);
  struct spirv_emit_options opts = {.source_name = r->name,
                                    .scratch_lane_bytes = r->priv_bytes,
                                    .lds_bytes = r->lds_bytes,
                                    .gds_addr = r->gds ? r->gds_addr : 0,
                                    .gds_bytes = r->gds ? r->gds_bytes : 0,
                                    .shader_clock = r->shader_clock};
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  if (!ok) fprintf(stderr, "%s: emit: %s\n", r->name, m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  uint8_t *imem = malloc(r->window_size), *gmem = malloc(r->window_size);
  uint8_t *priv = malloc(64 * (size_t)r->priv_bytes + 1), *lds = calloc(1, r->lds_bytes + 1);
  assert_true(w && s && imem && gmem && priv && lds);
  w->lds = lds;
  w->lds_size = r->lds_bytes;
  memset(priv, 0x5a, 64 * (size_t)r->priv_bytes);
  for (uint32_t i = 0; i < r->window_size / 4; i++) memcpy(imem + 4 * i, &r->fill, 4);
  if (r->table) memcpy(imem + r->table_at, r->table, r->table_bytes);
  memcpy(gmem, imem, r->window_size);
  memcpy(w->sgpr, r->sgpr, sizeof r->sgpr);
  struct ir_interp_memory map;
  wave_start(w, s, r->lanes, &map, imem, r->window, r->window_size, priv, r->priv_bytes);
  uint8_t *igds = NULL;
  if (r->gds) {
    igds = malloc(r->gds_bytes);
    assert_non_null(igds);
    memcpy(igds, r->gds, r->gds_bytes);
    w->gds = igds;
    w->gds_size = r->gds_bytes;
  }
  char err[256];
  ok = ir_interp_run(fn, w, 100000, err, sizeof err);
  if (!ok) fprintf(stderr, "%s: interpreter: %s\n", r->name, err);
  assert_true(ok);
  if (r->gds) { /* the window and the GDS as two guest ranges */
    struct shader_memory *mem = shader_memory_create(dev);
    assert_non_null(mem);
    ok = shader_memory_map(mem, r->window, gmem, r->window_size, true, err, sizeof err) &&
         shader_memory_map(mem, r->gds_addr, r->gds, r->gds_bytes, true, err, sizeof err);
    static const uint32_t one[3] = {1, 1, 1};
    if (ok) ok = shader_dispatch_memory(dev, m.words, m.count, s, 1, one, mem, err, sizeof err);
    if (ok) {
      shader_memory_download(mem, r->window, r->window_size);
      shader_memory_download(mem, r->gds_addr, r->gds_bytes);
    }
    shader_memory_destroy(mem);
    *r->gds_interp = igds;
  } else {
    struct shader_dispatch_window win = {.addr = r->window, .data = gmem, .size = r->window_size};
    ok = shader_dispatch_wave(dev, m.words, m.count, s, &win, err, sizeof err);
  }
  if (!ok) fprintf(stderr, "%s: dispatch: %s\n", r->name, err);
  assert_true(ok);
  free(priv);
  free(lds);
  free(w);
  free(s);
  spirv_module_free(&m);
  ir_function_destroy(fn);
  *device = gmem;
  *interp = imem;
}

#endif
