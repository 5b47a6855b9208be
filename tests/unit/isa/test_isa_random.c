/* Seeded random-word differential test against llvm-mc-19/llvm-objdump-19 (gfx1013).
 *
 * Each sample is five random dwords (the first one's top bits optionally forced into a
 * family; an eighth of the samples are DS words biased towards zero fields) followed by five
 * s_nop pads, so every sample starts on an instruction boundary for both decoders. For the
 * first instruction of each sample we compare validity, length and text. Every family must
 * agree on validity and length for every sample and on text for every valid one (MIMG
 * included), except the documented llvm-mc self-inconsistencies below (each one confirmed
 * by reassembling llvm's text); at most MAX_DROPOUT_PER_MILLE of the samples may drop out
 * of the comparison (oracle crashes and those exclusions together). The rates of all
 * families are printed with the disagreements. */
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

#include "gpu/shader/isa/isa.h"
#include "oracle.h"

#define SAMPLES 24000
#define SAMPLE_DWORDS 10
#define CHUNK 2000
#define PAD 0xBF800000u
#define MAX_DROPOUT_PER_MILLE 2 /* 0.2% of the samples: oracle crashes + known inconsistencies */

/* First-dword prefixes (mask, value) of the families, and whether the decoder's text is
 * complete for them (asserted) or still growing (reported; validity and length are asserted
 * for every family). */
static const struct {
  const char *name;
  uint32_t mask, value;
  bool complete;
} fams[] = {
    {"VOP2", 0x80000000, 0x00000000, true},  {"VOP1", 0xFE000000, 0x7E000000, true},
    {"VOPC", 0xFE000000, 0x7C000000, true},  {"SOP2", 0xC0000000, 0x80000000, true},
    {"SOPK", 0xF0000000, 0xB0000000, true},  {"SOP1", 0xFF800000, 0xBE800000, true},
    {"SOPC", 0xFF800000, 0xBF000000, true},  {"SOPP", 0xFF800000, 0xBF800000, true},
    {"VOP3", 0xFC000000, 0xD4000000, true},  {"VOP3P", 0xFC000000, 0xCC000000, true},
    {"VINTRP", 0xFC000000, 0xC8000000, true}, {"DS", 0xFC000000, 0xD8000000, true},
    {"FLAT", 0xFC000000, 0xDC000000, true},   {"MUBUF", 0xFC000000, 0xE0000000, true},
    {"MTBUF", 0xFC000000, 0xE8000000, true},  {"MIMG", 0xFC000000, 0xF0000000, true},
    {"SMEM", 0xFC000000, 0xF4000000, true},   {"EXP", 0xFC000000, 0xF8000000, true},
};
#define NFAM (sizeof fams / sizeof fams[0])

static int family_index(uint32_t w) {
  /* most specific prefix first: VOP1/VOPC before VOP2, SOP1/C/P before SOPK before SOP2 */
  static const int order[] = {1, 2, 0, 5, 6, 7, 4, 3, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17};
  for (unsigned i = 0; i < NFAM; i++)
    if ((w & fams[order[i]].mask) == fams[order[i]].value) return order[i];
  return -1;
}

struct stats {
  unsigned samples, oracle_valid, agree_valid_len, text_ok, skipped, excluded;
};

/* Known llvm-mc-19 self-inconsistencies: texts its disassembler prints for a word that its
 * own assembler rejects (or encodes to other words), so they cannot serve as the oracle's
 * answer. A text disagreement is excluded only when llvm's text matches an entry here AND
 * reassembling that text confirms the inconsistency; anything else fails the test. */
static bool mimg_tfe_lwe(const char *llvm_text) {
  return strncmp(llvm_text, "image_", 6) == 0 &&
         (strstr(llvm_text, " tfe") || strstr(llvm_text, " lwe"));
}

static const struct {
  const char *family, *why;
  bool (*matches)(const char *llvm_text);
} known_inconsistencies[] = {
    {"MIMG",
     "with tfe or lwe, llvm prints register counts for vdata/vaddr that its assembler "
     "rejects (\"image data size does not match dmask, d16 and tfe\")",
     mimg_tfe_lwe},
};

/* True when llvm-mc-19 does not assemble its own TEXT back to the first NDW words of W. */
static bool llvm_rejects_own_text(const char *text, const uint32_t *w, unsigned ndw) {
  char path[] = "/tmp/prospero-isa-random-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return false;
  FILE *f = fdopen(fd, "w");
  fprintf(f, ".text\n%s\n", text);
  fclose(f);
  uint32_t *words = NULL;
  size_t n = 0;
  static struct oracle_inst scratch[16];
  long r = oracle_assemble_file(path, &words, &n, scratch, 16);
  unlink(path);
  bool rejects = r < 0 || n != ndw || memcmp(words, w, ndw * sizeof *w) != 0;
  free(words);
  return rejects;
}

/* The entry of known_inconsistencies that explains this disagreement, or -1. */
static int known_inconsistency(int fam, const struct oracle_inst *r, const uint32_t *w) {
  for (unsigned k = 0; k < sizeof known_inconsistencies / sizeof *known_inconsistencies; k++)
    if (fam >= 0 && strcmp(fams[fam].name, known_inconsistencies[k].family) == 0 &&
        known_inconsistencies[k].matches(r->text) && llvm_rejects_own_text(r->text, w, r->ndwords))
      return (int)k;
  return -1;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t next32(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng >> 16);
}

/* An eighth of the samples are DS words biased towards zero operand fields and the gds bit:
 * opcodes whose unused fields must be zero (ds_nop, ds_append, the GWS ops) and those that
 * exist only with gds (GWS, ds_ordered_count) are out of reach of uniform words (a chance of
 * 2^-33 for ds_gws_sema_v). Each operand byte of the second dword is zero with probability
 * 7/8 and gds is set with probability 3/4. */
static void ds_zero_biased(uint32_t *s) {
  uint32_t w0 = 0xD8000000u | (s[0] & 0x03FDFFFFu); /* random op and offsets, gds cleared */
  if (next32() & 3) w0 |= 1u << 17;
  uint32_t w1 = s[1], r = next32();
  for (unsigned b = 0; b < 4; b++)
    if ((r >> (3 * b)) & 7) w1 &= ~(0xFFu << (8 * b));
  s[0] = w0, s[1] = w1;
}

/* Reference first instruction of each of n samples; on an oracle crash the chunk is halved
 * until the crashing sample is isolated (and skipped). */
static void ref_fill(const uint32_t *words, unsigned n, bool wave64, struct oracle_inst *first,
                     bool *have, struct oracle_inst *scratch) {
  long nref = oracle_disasm(words, (size_t)n * SAMPLE_DWORDS, wave64, scratch,
                            (size_t)n * SAMPLE_DWORDS);
  if (nref < 0) {
    if (n == 1) {
      have[0] = false;
      return;
    }
    unsigned h = n / 2;
    ref_fill(words, h, wave64, first, have, scratch);
    ref_fill(words + (size_t)h * SAMPLE_DWORDS, n - h, wave64, first + h, have + h, scratch);
    return;
  }
  for (unsigned i = 0; i < n; i++) have[i] = false;
  for (long k = 0; k < nref; k++) {
    if (scratch[k].offset % SAMPLE_DWORDS) continue;
    unsigned i = scratch[k].offset / SAMPLE_DWORDS;
    if (i < n) first[i] = scratch[k], have[i] = true;
  }
}

static void run(bool wave64, unsigned nsamples) {
  if (!oracle_available()) {
    skip_because("llvm-mc-19 / llvm-objdump-19 not installed (scripts/install-deps.sh)");
  }
  uint32_t *words = malloc(sizeof(uint32_t) * SAMPLE_DWORDS * CHUNK);
  struct oracle_inst *ref = malloc(sizeof(struct oracle_inst) * SAMPLE_DWORDS * CHUNK);
  assert_non_null(words);
  assert_non_null(ref);
  struct stats st[NFAM + 1] = {0};
  unsigned printed = 0, printed_other = 0;
  for (unsigned base = 0; base < nsamples; base += CHUNK) {
    unsigned n = nsamples - base < CHUNK ? nsamples - base : CHUNK;
    for (unsigned i = 0; i < n; i++) {
      uint32_t *s = words + i * SAMPLE_DWORDS;
      for (unsigned j = 0; j < 5; j++) s[j] = next32();
      if ((next32() & 7) == 0) {
        ds_zero_biased(s);
      } else if (next32() & 1) { /* half the others forced into a family */
        unsigned f = next32() % NFAM;
        s[0] = (s[0] & ~fams[f].mask) | fams[f].value;
        /* VOP3 has 1024 opcode values of which 428 exist: half of its samples get an
         * existing opcode (the other fields stay random) */
        if (f == 8 && (next32() & 1)) {
          unsigned op;
          do op = next32() & 0x3FF; while (!isa_opcode_lookup(ISA_FAMILY_VOP3, op));
          s[0] = (s[0] & ~0x03FF0000u) | op << 16;
        }
      }
      for (unsigned j = 5; j < SAMPLE_DWORDS; j++) s[j] = PAD;
    }
    static struct oracle_inst first[CHUNK];
    static bool have[CHUNK];
    ref_fill(words, n, wave64, first, have, ref);
    for (unsigned i = 0; i < n; i++) {
      const uint32_t *s = words + i * SAMPLE_DWORDS;
      int fi = family_index(s[0]);
      struct stats *fs = &st[fi < 0 ? NFAM : fi];
      const struct oracle_inst *r = have[i] ? &first[i] : NULL;
      if (!r) { fs->skipped++; continue; }
      fs->samples++;
      struct isa_inst in;
      bool ok = isa_decode_wave(s, SAMPLE_DWORDS, 0, wave64, &in, NULL);
      char text[256] = "";
      if (ok) isa_print(&in, NULL, text, sizeof text);
      if (r->valid) fs->oracle_valid++;
      bool vl = ok == r->valid && (!ok || in.size == r->ndwords);
      if (vl) fs->agree_valid_len++;
      bool tx = vl && (!ok || strcmp(text, r->text) == 0);
      if (vl && ok && !tx && r->valid) {
        int k = known_inconsistency(fi, r, s);
        if (k >= 0) {
          print_message("  excluded %08x %08x: llvm \"%s\" / ours \"%s\": %s %s\n", s[0], s[1],
                        r->text, text, known_inconsistencies[k].family,
                        known_inconsistencies[k].why);
          fs->excluded++; /* out of the comparison: undo what was counted */
          fs->oracle_valid--;
          fs->agree_valid_len--;
          fs->samples--;
          continue;
        }
      }
      if (vl && ok && tx) fs->text_ok++;
      bool asserted = fi >= 0 && fams[fi].complete;
      if (!tx && (asserted ? printed < 40 : printed_other < 8)) {
        if (asserted) printed++; else printed_other++;
        print_message("  %-6s %08x %08x: llvm \"%s\" (%u) / ours \"%s\" (%u)\n",
                      fi < 0 ? "-" : fams[fi].name, s[0], s[1],
                      r->valid ? r->text : "<invalid>", r->ndwords, ok ? text : "<invalid>",
                      ok ? in.size : 1);
      }
    }
  }
  struct stats all = {0};
  bool pass = true;
  print_message("family  samples  valid  valid+len%%  text%%(of valid)  [oracle crash skips, "
                "known llvm inconsistencies]\n");
  for (unsigned f = 0; f <= NFAM; f++) {
    struct stats *s = &st[f];
    all.samples += s->samples, all.oracle_valid += s->oracle_valid;
    all.agree_valid_len += s->agree_valid_len, all.text_ok += s->text_ok;
    all.skipped += s->skipped, all.excluded += s->excluded;
    if (!s->samples) continue;
    double vl = 100.0 * s->agree_valid_len / s->samples;
    double tx = s->oracle_valid ? 100.0 * s->text_ok / s->oracle_valid : 100.0;
    bool complete = f < NFAM && fams[f].complete;
    print_message("%-7s %7u %6u %10.3f %15.3f  %s%s%s\n", f < NFAM ? fams[f].name : "none",
                  s->samples, s->oracle_valid, vl, tx, complete ? "" : "(text not asserted)",
                  s->skipped ? " [oracle crash skips]" : "",
                  s->excluded ? " [known llvm inconsistencies excluded]" : "");
    /* validity and length are asserted for every row (words of no family included); text
     * for every family: all of the valid samples left after the documented exclusions */
    if (s->agree_valid_len != s->samples || (complete && s->text_ok != s->oracle_valid))
      pass = false;
  }
  unsigned dropped = all.skipped + all.excluded, total = all.samples + dropped;
  print_message("all     %7u %6u %10.3f %15.3f  (%u oracle crash skips, %u known llvm "
                "inconsistencies: %u of %u samples dropped, at most %u allowed)\n",
                all.samples, all.oracle_valid, 100.0 * all.agree_valid_len / all.samples,
                all.oracle_valid ? 100.0 * all.text_ok / all.oracle_valid : 100.0, all.skipped,
                all.excluded, dropped, total, total * MAX_DROPOUT_PER_MILLE / 1000);
  if (dropped > total * MAX_DROPOUT_PER_MILLE / 1000) pass = false;
  free(words);
  free(ref);
  assert_true(pass);
}

static void test_random_wave32(void **state) {
  (void)state;
  run(false, SAMPLES);
}

static void test_random_wave64(void **state) {
  (void)state;
  run(true, SAMPLES / 4);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_random_wave32),
      cmocka_unit_test(test_random_wave64),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
