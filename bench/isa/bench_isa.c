/* Decode + disassemble throughput of the GFX10 decoder versus llvm-mc-19 -disassemble on the
 * same words (label bench). The words are the in-tree corpus (every opcode of every family)
 * assembled by llvm-mc-19. llvm-mc is timed on the whole input twice (1x and 8x) so that its
 * process start-up can be separated from its per-instruction cost, and on an input of as
 * many s_nop lines (1x and 8x) so that its reading of the hex text can be taken out too.
 * The goal is held to that marginal ratio; the whole-run ratio is printed beside it.
 * All times are CPU time (ours: this process; llvm-mc: its child process). */
#define _GNU_SOURCE
#include "../bench_goal.h"
#include <dirent.h>
#include <sys/resource.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gpu/shader/isa/isa.h"
#include "oracle.h"

/* CPU time, not wall time: the benchmark machine is shared, CPU seconds are what the two
 * decoders actually spend. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU seconds (user + system) used by waited-for child processes so far. */
static double children_cpu(void) {
  struct rusage ru;
  getrusage(RUSAGE_CHILDREN, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec +
         ru.ru_stime.tv_usec * 1e-6;
}

/* Seconds llvm-mc-19 takes to disassemble `copies` copies of the words; with `nops`, the
 * same number of input lines, each the bytes of s_nop 0 (the same text to parse, the least
 * to decode and print: timing llvm-mc's reading of its input). */
static double time_llvm(const uint32_t *w, size_t n, int copies, bool nops) {
  char path[] = "/tmp/prospero-bench-isa-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return -1;
  FILE *f = fdopen(fd, "w");
  for (int c = 0; c < copies; c++)
    for (size_t i = 0; i < n; i++) {
      uint32_t v = nops ? 0xBF800000u : w[i];
      fprintf(f, "0x%02x 0x%02x 0x%02x 0x%02x\n", v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF,
              v >> 24);
    }
  fclose(f);
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 "
           "-mattr=" ORACLE_MATTR " -disassemble < %s "
           ">/dev/null 2>&1",
           path);
  double best = 1e9;
  for (int rep = 0; rep < 5; rep++) {
    double t0 = children_cpu();
    if (system(cmd) != 0) best = -1;
    double t = children_cpu() - t0; /* includes the shell that runs it (small, constant) */
    if (best >= 0 && t < best) best = t;
  }
  unlink(path);
  return best;
}

/* Decodes (and prints, when asked) the stream reps times; counts instructions (undecodable
 * dwords count as one) and printed characters. */
static void pass(const uint32_t *all, size_t nall, int reps, bool print, size_t *ninst,
                 size_t *chars) {
  char text[512];
  size_t n = 0, c = 0;
  for (int r = 0; r < reps; r++) {
    for (size_t off = 0; off < nall;) {
      struct isa_inst in;
      if (isa_decode(all, nall, off, &in, NULL)) {
        if (print) c += isa_print(&in, NULL, text, sizeof text);
        off += in.size;
      } else {
        off++;
      }
      n++;
    }
  }
  *ninst = n, *chars = c;
}

int main(void) {
  const char *src = getenv("PROSPERO_SOURCE_DIR");
  if (!oracle_available()) {
    printf("SKIP: llvm-mc-19 not installed\n");
    return BENCH_SKIP_EXIT;
  }
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/tests/unit/isa/corpus", src ? src : ".");
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "bench_isa: no corpus at %s (set PROSPERO_SOURCE_DIR)\n", dir);
    return 1;
  }
  uint32_t *all = NULL;
  size_t nall = 0;
  struct dirent *e;
  static struct oracle_inst ref[8192];
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 3 || strcmp(e->d_name + len - 2, ".s")) continue;
    char path[1400];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    uint32_t *w;
    size_t n;
    long nref = oracle_assemble_file(path, &w, &n, ref, 8192);
    if (nref < 0 || nref > 8192) { /* a skipped file would shrink the measured corpus */
      fprintf(stderr, "bench_isa: llvm-mc-19 could not assemble %s\n", path);
      return 1;
    }
    uint32_t *na = realloc(all, (nall + n) * sizeof *all);
    if (!na) return 1;
    all = na;
    memcpy(all + nall, w, n * sizeof *w);
    nall += n;
    free(w);
  }
  closedir(d);
  /* ours: decode + print the whole stream, many times */
  /* first decode builds the opcode tables: timed on its own, outside the passes */
  double tb = now();
  struct isa_inst warm;
  isa_decode(all, nall, 0, &warm, NULL);
  double table_build = now() - tb;
  /* ours: decode + print the whole stream; like llvm-mc (best of 3 runs), the best of
   * several rounds counts, so a burst of load from other processes does not */
  int reps = 200;
  const char *reps_env = getenv("PROSPERO_BENCH_REPS"); /* fewer passes when profiling */
  if (reps_env && atoi(reps_env) > 0) reps = atoi(reps_env);
  int rounds = reps >= 5 ? 5 : 1, per_round = reps / rounds;
  size_t per_pass = 0, chars = 0;
  double per_inst_ours = 1e9, per_inst_dec = 1e9;
  for (int round = 0; round < rounds; round++) {
    size_t n = 0, c = 0;
    double t0 = now();
    pass(all, nall, per_round, true, &n, &c);
    double t = (now() - t0) / n;
    if (t < per_inst_ours) per_inst_ours = t;
    per_pass = n / per_round, chars = c / per_round;
    t0 = now();
    pass(all, nall, per_round, false, &n, &c);
    t = (now() - t0) / n;
    if (t < per_inst_dec) per_inst_dec = t;
  }
  /* 1x and 8x of each input, best of 5 runs each: the differences are what count */
  double l1 = time_llvm(all, nall, 1, false), l4 = time_llvm(all, nall, 8, false);
  double n1 = time_llvm(all, nall, 1, true), n4 = time_llvm(all, nall, 8, true);
  if (l1 < 0 || l4 < 0 || n1 < 0 || n4 < 0) {
    fprintf(stderr, "bench_isa: llvm-mc-19 failed\n");
    return 1;
  }
  double per_inst_llvm = l1 / per_pass;                 /* including process start-up */
  double marginal_with_parse = (l4 - l1) / (7.0 * per_pass); /* start-up removed */
  /* start-up and input parsing removed: the s_nop input has the same lines to read, so its
   * marginal time is llvm-mc's parsing plus a trivial decode and print per line (what stays
   * is a lower bound of llvm-mc's decode+print, so the ratio errs in llvm-mc's favour) */
  double marginal = ((l4 - l1) - (n4 - n1)) / (7.0 * per_pass);
  if (marginal <= 0) {
    fprintf(stderr, "bench_isa: llvm-mc timings too noisy to separate its parsing\n");
    return 1;
  }
  /* the question: how much faster than llvm-mc per instruction, once llvm-mc's process
   * start-up is taken out (marginal); the whole-run ratio beside it */
  bench_goal("isa", marginal / per_inst_ours >= 50.0, ">= 50x",
             "%.1fx faster than llvm-mc-19 (marginal: its start-up and input parsing excluded); "
             "%.1fx whole run",
             marginal / per_inst_ours, per_inst_llvm / per_inst_ours);
  printf("isa bench: %zu dwords, %zu instructions per pass (%zu chars printed), best of %d "
         "rounds of %d passes\n",
         nall, per_pass, chars, rounds, per_round);
  printf("  prospero table build  : %8.2f ms (once per process, not in the figures below)\n",
         table_build * 1e3);
  printf("  prospero decode+print : %8.1f ns/inst  %10.0f inst/s\n", per_inst_ours * 1e9,
         1.0 / per_inst_ours);
  printf("  prospero decode only  : %8.1f ns/inst\n", per_inst_dec * 1e9);
  printf("  llvm-mc-19 (1 run)    : %8.1f ns/inst  %10.0f inst/s  (%.1f ms per run)\n",
         per_inst_llvm * 1e9, 1.0 / per_inst_llvm, l1 * 1e3);
  printf("  llvm-mc-19 (marginal, start-up excluded)         : %8.1f ns/inst  (ratio %.1fx)\n",
         marginal_with_parse * 1e9, marginal_with_parse / per_inst_ours);
  printf("  llvm-mc-19 (marginal, start-up + parsing excluded) : %8.1f ns/inst  (ratio %.1fx)\n",
         marginal * 1e9, marginal / per_inst_ours);
  free(all);
  return 0;
}
