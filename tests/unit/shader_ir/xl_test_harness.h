/* Shared harness of the translation tests: assembles GFX10 source with llvm-mc-19, translates
 * it, runs the IR interpreter before SSA and after all passes and checks both agree. */
#ifndef PROSPERO_TESTS_SHADER_IR_XL_TEST_HARNESS_H
#define PROSPERO_TESTS_SHADER_IR_XL_TEST_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "test_skip.h"

#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/translate/translate.h"

static inline bool have_tool(const char *name) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
  return system(cmd) == 0;
}

/* Writes SRC to a temporary a.EXT, runs "COMPILER a.EXT -o a.o" and returns the .text words
 * of the object (malloc'd; *COUNT words). The temporary directory is removed. */
static inline uint32_t *text_words(const char *src, const char *ext, const char *compiler,
                                   size_t *count) {
  char dir[] = "/tmp/prospero-ir-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[512], cmd[2048];
  snprintf(path, sizeof path, "%s/a.%s", dir, ext);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(src, f);
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "%s %s -o %s/a.o && llvm-objcopy-19 -O binary --only-section=.text %s/a.o %s/a.bin",
           compiler, path, dir, dir, dir);
  assert_int_equal(system(cmd), 0);
  snprintf(path, sizeof path, "%s/a.bin", dir);
  f = fopen(path, "rb");
  assert_non_null(f);
  uint32_t *w = malloc(65536 * sizeof *w);
  *count = fread(w, 4, 65536, f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  assert_int_equal(system(cmd), 0);
  return w;
}

/* Assembles SRC for gfx1013 and returns the .text words. llvm-mc-19 accepts the v_dot*
 * instructions for gfx1013 only with their features named (as tests/unit/isa/oracle.c). */
#define XL_DOT_MATTR "+dot1-insts,+dot2-insts,+dot5-insts,+dot6-insts"
static inline uint32_t *assemble(const char *src, size_t *count, bool wave64) {
  return text_words(src, "s",
                    wave64 ? "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -mattr=+wavefrontsize64," XL_DOT_MATTR
                             " -filetype=obj"
                           : "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -mattr=" XL_DOT_MATTR " -filetype=obj",
                    count);
}

/* Compiles LLVM IR with llc-19 for gfx1013 (PAL) and returns the .text words. */
static inline uint32_t *compile_ll(const char *ll, size_t *count) {
  return text_words(ll, "ll", "llc-19 -mtriple=amdgcn--amdpal -mcpu=gfx1013 -filetype=obj", count);
}

/* Translates WORDS with options O; the function must exist and validate. */
static inline struct ir_function *translate_words(const uint32_t *words, size_t n,
                                                  struct ir_translate_options o,
                                                  struct ir_translate_stats *st) {
  struct ir_translate_error err;
  struct ir_function *fn = ir_translate(words, n, &o, &err, st);
  if (!fn) fprintf(stderr, "translate: %s at 0x%x\n", err.msg, err.offset);
  assert_non_null(fn);
  char msg[256];
  bool ok = ir_validate(fn, msg, sizeof msg);
  if (!ok) fprintf(stderr, "validate: %s\n", msg);
  assert_true(ok);
  return fn;
}

/* Assembles SRC (wave64 when O asks for 64 lanes) and translates it as translate_words. */
static inline struct ir_function *translate_asm(const char *src, struct ir_translate_options o,
                                                struct ir_translate_stats *st) {
  size_t n;
  uint32_t *w = assemble(src, &n, o.wave_size == 64);
  struct ir_function *fn = translate_words(w, n, o, st);
  free(w);
  return fn;
}

/* The printed IR of FN (malloc'd). */
static inline char *ir_text(const struct ir_function *fn) {
  char *text = NULL;
  size_t size = 0;
  FILE *f = open_memstream(&text, &size);
  assert_non_null(f);
  ir_print_function(f, fn);
  fclose(f);
  return text;
}

/* Compiles LL (a pixel shader returning its result in v0) with llc-19 and translates it
 * with the passes, observing v0 only; nothing may stay untranslated. The stats go to ST. */
static inline struct ir_function *translate_llc_v0(const char *ll, struct ir_translate_stats *st) {
  size_t n;
  uint32_t *words = compile_ll(ll, &n);
  static const uint32_t observe[] = {IR_REG_VGPR0};
  struct ir_function *fn = translate_words(
      words, n,
      (struct ir_translate_options){.wave_size = 32, .run_passes = true, .observe = observe,
                                    .observe_count = 1},
      st);
  free(words);
  assert_int_equal(st->unsupported_count, 0);
  return fn;
}

/* Live instructions of FN per opcode, into COUNT[IR_OP_COUNT]. */
static inline void count_ops(const struct ir_function *fn, uint32_t *count) {
  memset(count, 0, IR_OP_COUNT * sizeof *count);
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead) count[fn->insts[i].op]++;
}

#define SKIP_WITHOUT_LLVM_MC()                                                       \
  do {                                                                               \
    if (!have_tool("llvm-mc-19") || !have_tool("llvm-objcopy-19")) {                 \
      fprintf(stderr, "skipped: llvm-mc-19/llvm-objcopy-19 not installed\n");        \
      skip();                                                                        \
    }                                                                                \
  } while (0)

#define SKIP_WITHOUT_LLC()                                                           \
  do {                                                                               \
    if (!have_tool("llc-19") || !have_tool("llvm-objcopy-19")) {                     \
      fprintf(stderr, "skipped: llc-19/llvm-objcopy-19 not installed\n");            \
      skip();                                                                        \
    }                                                                                \
  } while (0)

static uint32_t all_regs[IR_REG_COUNT];
/* Words of the shader the last run() assembled (tests check that constants were encoded
 * inline, not as literals). */
static size_t run_word_count;

/* Translates and runs the shader twice (raw IR and after passes) from INIT; both final
 * states must agree; the raw one is returned in OUT. */
static inline void run(const char *src, bool wave64, const struct ir_interp_wave *init,
                struct ir_interp_wave *out) {
  size_t n;
  uint32_t *w = assemble(src, &n, wave64);
  run_word_count = n;
  for (uint32_t i = 0; i < IR_REG_COUNT; i++) all_regs[i] = i;
  struct ir_translate_options o = {.wave_size = wave64 ? 64 : 32, .run_passes = false,
                                   .observe = all_regs, .observe_count = IR_REG_COUNT};
  struct ir_translate_error err;
  struct ir_translate_stats st;
  struct ir_function *raw = ir_translate(w, n, &o, &err, &st);
  if (!raw) fprintf(stderr, "translate: %s at 0x%x\n", err.msg, err.offset);
  assert_non_null(raw);
  assert_int_equal(st.unsupported_count, 0);
  o.run_passes = true;
  struct ir_function *opt = translate_words(w, n, o, NULL);
  assert_true(opt->ssa);
  char msg[256];
  free(w);

  *out = *init;
  struct ir_interp_wave *b = malloc(sizeof *b);
  *b = *init;
  /* the second run gets its own copy of the initial LDS */
  uint8_t *lds_copy = NULL;
  if (init->lds) {
    lds_copy = malloc(init->lds_size);
    memcpy(lds_copy, init->lds, init->lds_size);
    b->lds = lds_copy;
  }
  bool ok = ir_interp_run(raw, out, 10000, msg, sizeof msg);
  if (!ok) fprintf(stderr, "interp raw: %s\n", msg);
  assert_true(ok);
  ok = ir_interp_run(opt, b, 10000, msg, sizeof msg);
  if (!ok) fprintf(stderr, "interp ssa: %s\n", msg);
  assert_true(ok);
  assert_memory_equal(out->sgpr, b->sgpr, sizeof b->sgpr);
  assert_memory_equal(out->vgpr, b->vgpr, sizeof b->vgpr);
  assert_true(out->vcc == b->vcc && out->exec == b->exec && out->scc == b->scc && out->m0 == b->m0);
  if (lds_copy) assert_memory_equal(out->lds, lds_copy, init->lds_size);
  assert_int_equal(out->export_count, b->export_count);
  assert_memory_equal(out->exports, b->exports, sizeof b->exports);
  assert_int_equal(out->msg_count, b->msg_count);
  assert_memory_equal(out->msgs, b->msgs, sizeof b->msgs);
  assert_memory_equal(out->hwreg, b->hwreg, sizeof b->hwreg);
  free(lds_copy);
  free(b);
  ir_function_destroy(raw);
  ir_function_destroy(opt);
}

static inline struct ir_interp_wave *wave_new(uint64_t exec) {
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  w->exec = exec;
  for (uint32_t l = 0; l < IR_INTERP_MAX_LANES; l++) w->vgpr[0][l] = l; /* v0 = lane id */
  return w;
}

/* Runs FN from INIT into OUT with the image model MODEL (context CTX); the run must end. */
static inline void run_with_image_model(const struct ir_function *fn, const struct ir_interp_wave *init,
                                        struct ir_interp_wave *out, ir_interp_image_fn model, void *ctx) {
  *out = *init;
  out->image = model;
  out->image_ctx = ctx;
  char msg[256];
  bool ok = ir_interp_run(fn, out, 100, msg, sizeof msg);
  if (!ok) fprintf(stderr, "interp: %s\n", msg);
  assert_true(ok);
}

static inline uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* The f32 with the bits B (the inverse of fbits). */
static inline float f32_of(uint32_t b) {
  float f;
  memcpy(&f, &b, 4);
  return f;
}

#endif
