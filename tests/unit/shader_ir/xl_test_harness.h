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

#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/ir/translate.h"

static inline bool have_tool(const char *name) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
  return system(cmd) == 0;
}

/* Assembles SRC for gfx1013 and returns the .text words. */
static inline uint32_t *assemble(const char *src, size_t *count, bool wave64) {
  char dir[] = "/tmp/prospero-ir-XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[512], cmd[2048];
  snprintf(path, sizeof path, "%s/a.s", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(src, f);
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 %s -filetype=obj %s/a.s -o %s/a.o && "
           "llvm-objcopy-19 -O binary --only-section=.text %s/a.o %s/a.bin",
           wave64 ? "-mattr=+wavefrontsize64" : "", dir, dir, dir, dir);
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

#define SKIP_WITHOUT_LLVM_MC()                                                       \
  do {                                                                               \
    if (!have_tool("llvm-mc-19") || !have_tool("llvm-objcopy-19")) {                 \
      fprintf(stderr, "skipped: llvm-mc-19/llvm-objcopy-19 not installed\n");        \
      skip();                                                                        \
    }                                                                                \
  } while (0)

static uint32_t all_regs[IR_REG_COUNT];

/* Translates and runs the shader twice (raw IR and after passes) from INIT; both final
 * states must agree; the raw one is returned in OUT. */
static inline void run(const char *src, bool wave64, const struct ir_interp_wave *init,
                struct ir_interp_wave *out) {
  size_t n;
  uint32_t *w = assemble(src, &n, wave64);
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
  struct ir_function *opt = ir_translate(w, n, &o, &err, NULL);
  assert_non_null(opt);
  char msg[256];
  assert_true(ir_validate(opt, msg, sizeof msg));
  assert_true(opt->ssa);
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

static inline uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

#endif
