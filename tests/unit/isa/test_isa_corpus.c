/* Corpus differential test: tests/unit/isa/corpus/<family>.s covers every opcode of every
 * family (several operand and modifier combinations each). Each file is assembled by
 * llvm-mc-19 at test time; our disassembly of the resulting words must equal llvm's. */
#define _GNU_SOURCE
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include "test_skip.h"

#include "gpu/shader/isa/isa.h"
#include "oracle.h"

static int by_name(const struct dirent **a, const struct dirent **b) {
  return strcmp((*a)->d_name, (*b)->d_name);
}

/* Decodes and prints every instruction llvm listed for file f and counts those equal to
 * llvm's (validity, length, text; with need_valid also valid); shows the first ten others. */
static unsigned count_equal(const char *f, const uint32_t *words, size_t nwords,
                            const struct oracle_inst *ref, long nref, bool need_valid) {
  unsigned ok = 0, shown = 0;
  for (long k = 0; k < nref; k++) {
    struct isa_inst in;
    char text[256] = "";
    bool valid = isa_decode(words, nwords, ref[k].offset, &in, NULL);
    if (valid) isa_print(&in, NULL, text, sizeof text);
    bool same = valid == ref[k].valid && (valid || !need_valid) &&
                (!valid || (in.size == ref[k].ndwords && strcmp(text, ref[k].text) == 0));
    if (same) {
      ok++;
    } else if (shown++ < 10) {
      print_message("  %s @%u: llvm \"%s\" (%u) / ours \"%s\" (%u)\n", f, ref[k].offset,
                    ref[k].text, ref[k].ndwords, valid ? text : "<invalid>",
                    valid ? in.size : 0);
    }
  }
  return ok;
}

static void test_corpus(void **state) {
  (void)state;
  if (!oracle_available()) {
    skip_because("llvm-mc-19 / llvm-objdump-19 not installed (scripts/install-deps.sh)");
  }
  const char *src = getenv("PROSPERO_SOURCE_DIR");
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/tests/unit/isa/corpus", src ? src : ".");
  struct dirent **names;
  int n = scandir(dir, &names, NULL, by_name);
  assert_true(n > 0);
  size_t cap = 4096;
  struct oracle_inst *ref = malloc(cap * sizeof *ref);
  assert_non_null(ref);
  unsigned files = 0, total = 0, total_ok = 0;
  bool pass = true;
  for (int i = 0; i < n; i++) {
    const char *f = names[i]->d_name;
    size_t len = strlen(f);
    if (len < 3 || strcmp(f + len - 2, ".s")) {
      free(names[i]);
      continue;
    }
    char path[1400];
    snprintf(path, sizeof path, "%s/%s", dir, f);
    uint32_t *words = NULL;
    size_t nwords = 0;
    long nref = oracle_assemble_file(path, &words, &nwords, ref, cap);
    if (nref < 0 || (size_t)nref > cap) fail_msg("%s: llvm-mc-19 could not assemble it", f);
    unsigned ok = count_equal(f, words, nwords, ref, nref, false);
    print_message("%-14s %5ld instructions, %5u equal (%.2f%%)\n", f, nref, ok,
                  nref ? 100.0 * ok / (double)nref : 100.0);
    if (ok != (unsigned)nref) pass = false;
    files++;
    total += (unsigned)nref;
    total_ok += ok;
    free(words);
    free(names[i]);
  }
  free(names);
  free(ref);
  print_message("corpus: %u files, %u instructions, %.3f%% equal\n", files, total,
                total ? 100.0 * total_ok / total : 0.0);
  assert_true(files >= 20);
  assert_true(pass);
}

/* Real compiler output: the .ll files in tests/unit/isa/shaders compiled by llc-19. */
static void test_compiled_shaders(void **state) {
  (void)state;
  if (!oracle_available() || system("llc-19 --version >/dev/null 2>&1") != 0) {
    skip_because("llc-19 / llvm-objdump-19 not installed (scripts/install-deps.sh)");
  }
  const char *src = getenv("PROSPERO_SOURCE_DIR");
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/tests/unit/isa/shaders", src ? src : ".");
  struct dirent **names;
  int n = scandir(dir, &names, NULL, by_name);
  assert_true(n > 0);
  static struct oracle_inst ref[4096];
  unsigned files = 0;
  for (int i = 0; i < n; i++) {
    const char *f = names[i]->d_name;
    size_t len = strlen(f);
    if (len > 3 && !strcmp(f + len - 3, ".ll")) {
      char path[1400];
      snprintf(path, sizeof path, "%s/%s", dir, f);
      uint32_t *words = NULL;
      size_t nwords = 0;
      long nref = oracle_compile_ll(path, &words, &nwords, ref, 4096);
      if (nref <= 0 || nref > 4096) fail_msg("%s: llc-19 could not compile it", f);
      if (count_equal(f, words, nwords, ref, nref, true) != (unsigned)nref)
        fail_msg("%s: our disassembly differs from llvm's", f);
      print_message("%-22s %4ld instructions, all equal\n", f, nref);
      files++;
      free(words);
    }
    free(names[i]);
  }
  free(names);
  assert_true(files >= 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_corpus),
                                     cmocka_unit_test(test_compiled_shaders)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
