/* Benchmark: recompile time of a compute shader, GFX10 words -> SPIR-V (translation, SSA
 * and passes, emission), every module checked by SPIRV-Tools' validator, per shader of
 * the corpus: RADV/ACO's compute shaders of tests/unit/shader_ir/aco/shaders (captured
 * compiler output) and generated shaders of 250, 1,000 and 4,000 instructions (loops with a
 * divergent if, float and integer ALU, a buffer store) assembled by llvm-mc-19. Figures:
 * median and worst over the corpus, the 1,000-instruction shader against its goal
 * (< 1 ms, issue 11), and a warm shader-cache hit (< 10 us), each next to a same-run
 * baseline (decoding the words alone; hashing the words alone). The validator's own time
 * is reported beside it, and words -> validated SPIR-V (recompile plus spirv-val, median
 * and worst over the corpus) on a line of its own: the recompiler does not run the validator
 * in production (it is what the tests and this benchmark use to prove the modules valid),
 * and it costs far more than the recompile. Thread CPU time, best of several runs. */
#include "../bench_goal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "common/log.h"
#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/isa/isa.h"
#include "spv_check.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct shader {
  char name[64];
  uint32_t *words;
  size_t count;
  uint32_t wave, insts;
  double compile_us, decode_us, validate_us;
  bool ok;
};

static uint32_t *read_bin(const char *path, size_t *count) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  uint32_t *w = malloc(1 << 20);
  *count = w ? fread(w, 4, (1 << 20) / 4, f) : 0;
  fclose(f);
  return w;
}

/* SECTIONS loop sections of 12 instructions, then a buffer store and s_endpgm */
static uint32_t *generated(int sections, size_t *count) {
  char dir[] = "/tmp/prospero-bench-spv-XXXXXX";
  if (!mkdtemp(dir)) return NULL;
  char path[512], cmd[1024];
  snprintf(path, sizeof path, "%s/w.s", dir);
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  fprintf(f, "v_mov_b32 v1, 1.0\nv_mov_b32 v2, 2.0\nv_mov_b32 v4, 0\n");
  for (int i = 0; i < sections; i++)
    fprintf(f,
            "s_mov_b32 s0, 0\n"
            "L%d:\n"
            "v_add_f32 v1, v2, v1\n"
            "v_mul_f32 v2, 0.5, v2\n"
            "v_cmp_lt_f32 vcc_lo, v1, v2\n"
            "s_and_saveexec_b32 s8, vcc_lo\n"
            "s_cbranch_execz E%d\n"
            "v_mul_lo_u32 v3, v1, v2\n"
            "v_add_nc_u32 v4, v4, v3\n"
            "E%d:\n"
            "s_or_b32 exec_lo, exec_lo, s8\n"
            "s_add_u32 s0, s0, 1\n"
            "s_cmp_lt_u32 s0, 8\n"
            "s_cbranch_scc1 L%d\n",
            i, i, i, i);
  fprintf(f, "v_lshlrev_b32 v9, 2, v0\nbuffer_store_dword v4, v9, s[4:7], 0 offen\ns_endpgm\n");
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -filetype=obj %s/w.s -o %s/w.o && "
           "llvm-objcopy-19 -O binary --only-section=.text %s/w.o %s/w.bin",
           dir, dir, dir, dir);
  uint32_t *w = NULL;
  if (system(cmd) == 0) {
    snprintf(path, sizeof path, "%s/w.bin", dir);
    w = read_bin(path, count);
  }
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
  return w;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* best-of-3 time per run of words -> validated SPIR-V, and of decoding alone */
static void measure(struct shader *s, int reps) {
  struct shader_spec spec = {.wave_size = s->wave, .float_mode = 0xf0};
  s->insts = 0;
  for (size_t off = 0; off < s->count;) {
    struct isa_inst in;
    if (!isa_decode_wave(s->words, s->count, off, s->wave == 64, &in, NULL)) break;
    off += in.size;
    s->insts++;
  }
  uint32_t *out;
  size_t n;
  bool barrier;
  char err[200];
  s->ok = shader_compile(s->words, s->count, &spec, NULL, &out, &n, &barrier, err, sizeof err);
  if (!s->ok) {
    printf("  %-24s refused: %s\n", s->name, err);
    return;
  }
  if (!spv_check_valid(out, n)) {
    printf("  %-24s INVALID module\n", s->name);
    s->ok = false;
  }
  free(out);
  if (!s->ok) return;
  volatile uint32_t sink = 0;
  s->compile_us = s->decode_us = s->validate_us = 1e9;
  if (!shader_compile(s->words, s->count, &spec, NULL, &out, &n, &barrier, err, sizeof err))
    abort();
  int vreps = reps / 8 + 1;
  double v0 = now();
  for (int r = 0; r < vreps; r++)
    if (!spv_check_validate(out, n, NULL, 0, false)) abort();
  s->validate_us = (now() - v0) * 1e6 / vreps;
  free(out);
  for (int round = 0; round < 3; round++) {
    double t0 = now();
    for (int r = 0; r < reps; r++) {
      if (!shader_compile(s->words, s->count, &spec, NULL, &out, &n, &barrier, err, sizeof err))
        abort();
      sink += out[n - 1];
      free(out);
    }
    double t1 = now();
    for (int r = 0; r < reps; r++)
      for (size_t off = 0; off < s->count;) {
        struct isa_inst in;
        if (!isa_decode_wave(s->words, s->count, off, s->wave == 64, &in, NULL)) break;
        off += in.size;
        sink += in.op;
      }
    double t2 = now();
    if ((t1 - t0) * 1e6 / reps < s->compile_us) s->compile_us = (t1 - t0) * 1e6 / reps;
    if ((t2 - t1) * 1e6 / reps < s->decode_us) s->decode_us = (t2 - t1) * 1e6 / reps;
  }
  (void)sink;
}

int main(int argc, char **argv) {
  log_set_level(LOG_LEVEL_ERROR);
  const char *env_reps = getenv("PROSPERO_BENCH_REPS");
  int reps = env_reps && atoi(env_reps) > 0 ? atoi(env_reps) : 200;
  struct shader corpus[16];
  int n = 0;
  static const struct {
    int sections;
    const char *name;
  } gen[] = {{20, "generated_250"}, {83, "generated_1000"}, {333, "generated_4000"}};
  for (size_t i = 0; i < 3; i++) {
    struct shader *s = &corpus[n];
    memset(s, 0, sizeof *s);
    s->words = generated(gen[i].sections, &s->count);
    if (!s->words) {
      printf("bench.shader_compile: skipped: llvm-mc-19/llvm-objcopy-19 unavailable\n");
      return BENCH_SKIP_EXIT;
    }
    snprintf(s->name, sizeof s->name, "%s", gen[i].name);
    s->wave = 32;
    n++;
  }
  /* captured ACO compute shaders */
  static const char *aco[] = {"lds_atomics.comp", "reduce.comp", "lds_atomics_w32.comp",
                              "reduce_w32.comp"};
  for (size_t i = 0; argc > 1 && i < sizeof aco / sizeof *aco; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.bin", argv[1], aco[i]);
    struct shader *s = &corpus[n];
    memset(s, 0, sizeof *s);
    if (!(s->words = read_bin(path, &s->count))) {
      printf("  aco/%-20s not in the corpus: %s unreadable\n", aco[i], path);
      continue;
    }
    snprintf(s->name, sizeof s->name, "aco/%s", aco[i]);
    s->wave = strstr(aco[i], "_w32") ? 32 : 64;
    n++;
  }
  printf(
      "bench.shader_compile: words -> SPIR-V (each module valid for spirv-val), thread CPU time, "
      "best of 3 x %d runs\n",
      reps);
  double times[16], validated[16];
  int ok = 0;
  struct shader *goal = &corpus[1];
  for (int i = 0; i < n; i++) {
    measure(&corpus[i], corpus[i].count > 4000 ? reps / 4 + 1 : reps);
    if (!corpus[i].ok) continue;
    validated[ok] = corpus[i].compile_us + corpus[i].validate_us;
    times[ok++] = corpus[i].compile_us;
    printf(
        "  %-24s %5u instructions: %8.1f us (decode alone %6.1f us, %.0fx; spirv-val %9.1f us)\n",
        corpus[i].name, corpus[i].insts, corpus[i].compile_us, corpus[i].decode_us,
        corpus[i].compile_us / corpus[i].decode_us, corpus[i].validate_us);
  }
  if (!goal->ok) {
    printf("bench.shader_compile: the 1,000-instruction shader was refused\n");
    return 1;
  }
  qsort(times, (size_t)ok, sizeof *times, cmp_double);
  qsort(validated, (size_t)ok, sizeof *validated, cmp_double);
  double median = ok % 2 ? times[ok / 2] : (times[ok / 2 - 1] + times[ok / 2]) / 2;
  double median_val = ok % 2 ? validated[ok / 2] : (validated[ok / 2 - 1] + validated[ok / 2]) / 2;
  bench_goal("shader_compile", goal->compile_us < 1000.0, "< 1 ms",
             "1,000-instruction shader %.0f us (%u instructions)", goal->compile_us, goal->insts);
  printf("bench.shader_compile: corpus of %d shaders (%d refused): median %.1f us, worst %.1f us\n",
         ok, n - ok, median, times[ok - 1]);
  printf(
      "bench.shader_compile: words -> validated SPIR-V (recompile, then spirv-val on the module): "
      "1,000-instruction shader %.0f us; corpus median %.1f us, worst %.1f us\n",
      goal->compile_us + goal->validate_us, median_val, validated[ok - 1]);

  /* warm cache hit: the 1,000-instruction shader, compiled once, then looked up */
  struct shader_cache *c = shader_cache_create(NULL);
  struct shader_spec spec = {.wave_size = 32, .float_mode = 0xf0};
  const struct shader_cache_entry *e = shader_cache_get(c, goal->words, goal->count, &spec);
  if (!e || e->state != SHADER_CACHE_READY) return 1;
  const int lookups = 20000;
  double hit = 1e9, hash = 1e9;
  volatile uint64_t sink = 0;
  for (int round = 0; round < 3; round++) {
    double t0 = now();
    for (int i = 0; i < lookups; i++)
      sink += shader_cache_get(c, goal->words, goal->count, &spec)->spirv_count;
    double t1 = now();
    for (int i = 0; i < lookups; i++) sink += XXH3_128bits(goal->words, goal->count * 4).low64;
    double t2 = now();
    if ((t1 - t0) * 1e6 / lookups < hit) hit = (t1 - t0) * 1e6 / lookups;
    if ((t2 - t1) * 1e6 / lookups < hash) hash = (t2 - t1) * 1e6 / lookups;
  }
  bench_goal("shader_cache_hit", hit < 10.0, "< 10 us", "warm hit %.2f us", hit);
  printf(
      "bench.shader_cache_hit: %zu dwords hashed per lookup; baseline XXH3-128 of the words alone "
      "%.2f us "
      "(%.1fx)\n",
      goal->count, hash, hit / hash);
  shader_cache_destroy(c);
  for (int i = 0; i < n; i++) free(corpus[i].words);
  return sink == 1; /* keeps the work observable */
}
