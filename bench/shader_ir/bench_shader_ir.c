/* Benchmark: time to take GFX10 words to IR, per 1,000 instructions.
 *
 * Workload: 100 sections of a loop with a divergent if (VALU float/int, compares, EXEC
 * save/restore, SCC loop control), about 1,300 instructions, assembled by llvm-mc-19.
 * Baseline in the same run: decoding the same words alone (isa_decode). Reported: decode,
 * decode+CFG+structure+IR, and the full pipeline with SSA/folding/DCE, in microseconds per
 * 1,000 instructions of thread CPU time, and their ratios to the baseline. Goal (issue 4):
 * decode -> CFG -> IR < 200 us per 1,000 instructions; the figure with SSA and the passes
 * is reported next to it. */
#include "../bench_goal.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "gpu/shader/translate/translate.h"
#include "gpu/shader/isa/isa.h"

/* Thread CPU time: the build machine is shared, and waiting for a core is not our cost. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint32_t *workload(size_t *count) {
  char dir[] = "/tmp/prospero-bench-ir-XXXXXX";
  if (!mkdtemp(dir)) return NULL;
  char path[512], cmd[1024];
  snprintf(path, sizeof path, "%s/w.s", dir);
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  for (int i = 0; i < 100; i++)
    fprintf(f,
            "s_mov_b32 s0, 0\n"
            "L%d:\n"
            "v_add_f32 v1, v2, v1\n"
            "v_mul_f32 v2, 0.5, v2\n"
            "v_cmp_lt_f32 vcc_lo, v1, v2\n"
            "s_and_saveexec_b32 s4, vcc_lo\n"
            "s_cbranch_execz E%d\n"
            "v_fma_f32 v3, v1, v2, v3\n"
            "v_add_nc_u32 v4, v4, v0\n"
            "E%d:\n"
            "s_or_b32 exec_lo, exec_lo, s4\n"
            "s_add_u32 s0, s0, 1\n"
            "s_cmp_lt_u32 s0, 8\n"
            "s_cbranch_scc1 L%d\n",
            i, i, i, i);
  fprintf(f, "s_endpgm\n");
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -filetype=obj %s/w.s -o %s/w.o && "
           "llvm-objcopy-19 -O binary --only-section=.text %s/w.o %s/w.bin",
           dir, dir, dir, dir);
  int rc = system(cmd);
  uint32_t *w = NULL;
  if (rc == 0) {
    snprintf(path, sizeof path, "%s/w.bin", dir);
    f = fopen(path, "rb");
    if (f) {
      w = malloc(1 << 20);
      *count = fread(w, 4, (1 << 20) / 4, f);
      fclose(f);
    }
  }
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
  return w;
}

int main(void) {
  log_set_level(LOG_LEVEL_WARN);
  size_t count = 0;
  uint32_t *words = workload(&count);
  if (!words) {
    printf("bench.shader_ir: skipped: llvm-mc-19/llvm-objcopy-19 unavailable\n");
    return BENCH_SKIP_EXIT;
  }
  /* instruction count */
  uint32_t insts = 0;
  for (size_t off = 0; off < count;) {
    struct isa_inst in;
    if (!isa_decode(words, count, off, &in, NULL)) break;
    off += in.size;
    insts++;
  }
  /* PROSPERO_BENCH_REPS lowers the repetitions (e.g. 2 for a callgrind profile) */
  const char *env_reps = getenv("PROSPERO_BENCH_REPS");
  const int reps = env_reps && atoi(env_reps) > 0 ? atoi(env_reps) : 300;
  volatile uint32_t sink = 0;
  double best_dec = 1e9, best_ir = 1e9, best_full = 1e9;
  for (int round = 0; round < 3; round++) {
    double t0 = now();
    for (int r = 0; r < reps; r++)
      for (size_t off = 0; off < count;) {
        struct isa_inst in;
        if (!isa_decode(words, count, off, &in, NULL)) break;
        off += in.size;
        sink += in.op;
      }
    double t1 = now();
    struct ir_translate_options raw = {.wave_size = 32, .run_passes = false};
    for (int r = 0; r < reps; r++) {
      struct ir_function *fn = ir_translate(words, count, &raw, NULL, NULL);
      if (!fn) return 1;
      sink += fn->inst_count;
      ir_function_destroy(fn);
    }
    double t2 = now();
    struct ir_translate_options full = {.wave_size = 32, .run_passes = true};
    for (int r = 0; r < reps; r++) {
      struct ir_function *fn = ir_translate(words, count, &full, NULL, NULL);
      if (!fn) return 1;
      sink += fn->inst_count;
      ir_function_destroy(fn);
    }
    double t3 = now();
    double k = 1e6 / reps * 1000.0 / insts;
    if ((t1 - t0) * k < best_dec) best_dec = (t1 - t0) * k;
    if ((t2 - t1) * k < best_ir) best_ir = (t2 - t1) * k;
    if ((t3 - t2) * k < best_full) best_full = (t3 - t2) * k;
  }
  bench_goal("shader_ir", best_ir < 200.0, "< 200 us",
             "decode->CFG->IR %.2f us per 1,000 instructions", best_ir);
  printf("bench.shader_ir: %u instructions, %zu dwords (best of 3 x %d runs)\n", insts, count, reps);
  printf("  baseline decode only            : %8.2f us per 1,000 instructions\n", best_dec);
  printf("  decode+CFG+structure+IR         : %8.2f us per 1,000 instructions (%.1fx baseline)\n",
         best_ir, best_ir / best_dec);
  printf("  + SSA, const folding, DCE       : %8.2f us per 1,000 instructions (%.1fx baseline)\n",
         best_full, best_full / best_dec);
  free(words);
  return sink == 0xffffffffu; /* keeps the work observable */
}
