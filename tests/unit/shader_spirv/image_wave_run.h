/* The image tests' run of one kernel (gpu.shader_image, _sample, _cube, _texel): one wave of WAVE
 * lanes, every lane active, v0 the lane id and s0..s(NSGPR - 1) from SGPR, over the guest
 * window [GBASE, GBASE + SIZE). image_wave_interp runs it in the IR interpreter with the C
 * image model (shader_image_model) over IMEM, a copy of the window; image_wave_device runs it
 * on the Vulkan device over MEM (mapped, dispatched, downloaded into MEM) and returns the
 * module's size in words. Each asserts that
 * the kernel translated, compiled (spirv-val accepting the module) and ran, naming NAME when
 * it did not; image_expect_refusal asserts that a kernel is refused with a given reason.
 * Include after cmocka (xl_test_harness.h), spv_check.h and vk_test_device.h. */
#ifndef PROSPERO_TESTS_SHADER_SPIRV_IMAGE_WAVE_RUN_H
#define PROSPERO_TESTS_SHADER_SPIRV_IMAGE_WAVE_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/dispatch/image_model.h"
#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/dispatch/shader_memory.h"

/* The border colour table's base (TA_CS_BC_BASE_ADDR/_HI, what S#s of BORDER_COLOR_TYPE 3
 * read) both runs give the kernel: the image model's border_color_base, the wave state's
 * border_base. 0 unless a test sets it. */
static uint64_t image_wave_border_base;

/* image_wave_interp with the model's fault record (image accesses of a format not decoded)
 * copied to FAULT when not NULL */
static inline void image_wave_interp_fault(const char *name, const char *src, uint32_t wave,
                                           const uint32_t *sgpr, unsigned nsgpr, uint8_t *imem,
                                           uint64_t gbase, uint64_t size,
                                           struct ir_interp_fault *fault) {
  struct ir_translate_stats tst;
  struct ir_function *fn = translate_asm(
      src, (struct ir_translate_options){.wave_size = wave, .run_passes = true}, &tst);
  assert_non_null(fn);
  assert_int_equal(tst.unsupported_count, 0);
  struct ir_interp_wave *iw = calloc(1, sizeof *iw);
  assert_non_null(iw);
  memcpy(iw->sgpr, sgpr, nsgpr * sizeof *sgpr);
  iw->exec = wave == 64 ? ~0ull : 0xffffffffull;
  for (uint32_t l = 0; l < wave; l++) iw->vgpr[0][l] = l;
  struct ir_interp_memory imap = {.addr = gbase, .data = imem, .size = size};
  struct shader_image_model model = {.mem = imem,
                                     .base = gbase,
                                     .size = size,
                                     .fault = &iw->fault,
                                     .border_color_base = image_wave_border_base};
  iw->mem = &imap;
  iw->mem_count = 1;
  iw->global = imem;
  iw->global_base = gbase;
  iw->global_size = size;
  iw->image = shader_image_model;
  iw->image_ctx = &model;
  char err[256];
  bool ran = ir_interp_run(fn, iw, 10000, err, sizeof err);
  if (!ran) fprintf(stderr, "%s: interpreter: %s\n", name, err);
  assert_true(ran);
  if (fault) *fault = iw->fault;
  ir_function_destroy(fn);
  free(iw);
}

static inline void image_wave_interp(const char *name, const char *src, uint32_t wave,
                                     const uint32_t *sgpr, unsigned nsgpr, uint8_t *imem,
                                     uint64_t gbase, uint64_t size) {
  image_wave_interp_fault(name, src, wave, sgpr, nsgpr, imem, gbase, size, NULL);
}

/* image_wave_device with the dispatch's fault record copied to FAULT when not NULL */
static inline size_t image_wave_device_fault(vk_device *dev, const char *name, const char *src,
                                             uint32_t wave, const uint32_t *sgpr, unsigned nsgpr,
                                             uint8_t *mem, uint64_t gbase, uint64_t size,
                                             struct shader_fault *fault) {
  char err[256];
  struct shader_memory *m = shader_memory_create(dev);
  assert_non_null(m);
  assert_true(shader_memory_map(m, gbase, mem, size, false, err, sizeof err));
  size_t n;
  uint32_t *w = assemble(src, &n, wave == 64);
  struct shader_spec spec = {.wave_size = wave, .float_mode = 0xf0, .entry_vgprs = 1};
  uint32_t *spv = NULL;
  size_t count;
  bool barrier;
  bool ok = shader_compile(w, n, &spec, NULL, &spv, &count, &barrier, err, sizeof err);
  if (!ok) fprintf(stderr, "%s: compile: %s\n", name, err);
  assert_true(ok);
  assert_true(spv_check_valid(spv, count));
  struct spirv_wave_state *st = calloc(1, sizeof *st);
  assert_non_null(st);
  memcpy(st->sgpr, sgpr, nsgpr * sizeof *sgpr);
  st->exec[0] = ~0u;
  st->exec[1] = wave == 64 ? ~0u : 0;
  for (uint32_t l = 0; l < wave; l++) st->vgpr[0][l] = l;
  st->border_base[0] = (uint32_t)image_wave_border_base;
  st->border_base[1] = (uint32_t)(image_wave_border_base >> 32);
  ok = shader_dispatch_memory(dev, spv, count, st, 1, (const uint32_t[3]){1, 1, 1}, m, err,
                              sizeof err);
  if (!ok) fprintf(stderr, "%s: dispatch: %s\n", name, err);
  assert_true(ok);
  shader_memory_download(m, gbase, size);
  if (fault) shader_memory_fault(m, fault);
  shader_memory_destroy(m);
  free(st);
  free(spv);
  free(w);
  return count;
}

static inline size_t image_wave_device(vk_device *dev, const char *name, const char *src,
                                       uint32_t wave, const uint32_t *sgpr, unsigned nsgpr,
                                       uint8_t *mem, uint64_t gbase, uint64_t size) {
  return image_wave_device_fault(dev, name, src, wave, sgpr, nsgpr, mem, gbase, size, NULL);
}

/* The shader of the N words W must be refused by shader_compile (wave32) with a message
 * holding WHY. */
static inline void image_expect_refusal_words(const uint32_t *w, size_t n, const char *why) {
  struct shader_spec spec = {.wave_size = 32, .float_mode = 0xf0, .entry_vgprs = 1};
  uint32_t *spv = NULL;
  size_t count;
  bool barrier;
  char err[256] = "";
  assert_false(shader_compile(w, n, &spec, NULL, &spv, &count, &barrier, err, sizeof err));
  if (!strstr(err, why)) fprintf(stderr, "refusal: %s\n", err);
  assert_non_null(strstr(err, why));
}
/* The same for the GFX10 assembly SRC (llvm-mc-19) */
static inline void image_expect_refusal(const char *src, const char *why) {
  size_t n;
  uint32_t *w = assemble(src, &n, false);
  image_expect_refusal_words(w, n, why);
  free(w);
}

#endif
