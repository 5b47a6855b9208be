#define _GNU_SOURCE
#include "oracle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool oracle_available(void) {
  return system("llvm-mc-19 --version >/dev/null 2>&1") == 0 &&
         system("llvm-objdump-19 --version >/dev/null 2>&1") == 0;
}

void oracle_normalise(char *s) {
  char *w = s;
  bool space = false;
  for (char *r = s; *r; r++) {
    if (*r == ' ' || *r == '\t' || *r == '\n') {
      space = w != s;
    } else {
      if (space) *w++ = ' ';
      space = false;
      *w++ = *r;
    }
  }
  *w = 0;
}

/* Parse llvm-objdump -d lines "\t<text>   // <offset>: <WORDS...> [annotation]". */
static long parse_objdump(FILE *p, struct oracle_inst *out, size_t max, uint32_t **words,
                          size_t *nwords) {
  char line[1024];
  long n = 0;
  size_t cap = 0;
  while (fgets(line, sizeof line, p)) {
    char *sl = strstr(line, "// ");
    if (line[0] != '\t' || !sl) continue;
    char *colon = strchr(sl, ':');
    if (!colon) continue;
    unsigned long off = strtoul(sl + 3, NULL, 16);
    struct oracle_inst in = {.offset = (uint32_t)(off / 4)};
    char *q = colon + 1;
    while (*q == ' ') {
      char *end;
      unsigned long wv = strtoul(q + 1, &end, 16);
      if (end - (q + 1) != 8) break;
      if (words) {
        if (*nwords == cap) {
          cap = cap ? cap * 2 : 1024;
          uint32_t *nw = realloc(*words, cap * sizeof(uint32_t));
          if (!nw) return -1;
          *words = nw;
        }
        (*words)[(*nwords)++] = (uint32_t)wv;
      }
      in.ndwords++;
      q = end;
    }
    *sl = 0;
    snprintf(in.text, sizeof in.text, "%s", line);
    oracle_normalise(in.text);
    in.valid = strncmp(in.text, ".long ", 6) != 0;
    if ((size_t)n < max) out[n] = in;
    n++;
  }
  return n;
}

static long run_objdump(const char *obj, bool wave64, struct oracle_inst *out, size_t max,
                        uint32_t **words, size_t *nwords) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "llvm-objdump-19 -d --mcpu=gfx1013 --mattr=" ORACLE_MATTR "%s %s 2>/dev/null",
           wave64 ? ",+wavefrontsize64" : "", obj);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  long n = parse_objdump(p, out, max, words, nwords);
  int rc = pclose(p);
  return rc == 0 ? n : -1;
}

long oracle_disasm(const uint32_t *words, size_t count, bool wave64, struct oracle_inst *out,
                   size_t max) {
  char dir[] = "/tmp/prospero-isa-XXXXXX";
  if (!mkdtemp(dir)) return -1;
  char s[64], o[64], cmd[256];
  snprintf(s, sizeof s, "%s/w.s", dir);
  snprintf(o, sizeof o, "%s/w.o", dir);
  FILE *f = fopen(s, "w");
  long n = -1;
  if (f) {
    fputs(".text\n", f);
    for (size_t i = 0; i < count; i++) fprintf(f, ".long 0x%08x\n", words[i]);
    fclose(f);
    snprintf(cmd, sizeof cmd, "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -filetype=obj %s -o %s", s, o);
    if (system(cmd) == 0) n = run_objdump(o, wave64, out, max, NULL, NULL);
  }
  unlink(s);
  unlink(o);
  rmdir(dir);
  return n;
}

/* Runs "<build> <path> -o <object>" and disassembles the object's .text (wave32). */
static long build_and_disasm(const char *build, bool quiet, const char *path, uint32_t **words,
                             size_t *nwords, struct oracle_inst *out, size_t max) {
  char dir[] = "/tmp/prospero-isa-XXXXXX";
  if (!mkdtemp(dir)) return -1;
  char o[64], cmd[1024];
  snprintf(o, sizeof o, "%s/c.o", dir);
  snprintf(cmd, sizeof cmd, "%s %s -o %s%s", build, path, o, quiet ? " 2>/dev/null" : "");
  long n = -1;
  *words = NULL;
  *nwords = 0;
  if (system(cmd) == 0) n = run_objdump(o, false, out, max, words, nwords);
  unlink(o);
  rmdir(dir);
  return n;
}

long oracle_assemble_file(const char *path, uint32_t **words, size_t *nwords,
                          struct oracle_inst *out, size_t max) {
  return build_and_disasm(
      "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 -mattr=" ORACLE_MATTR " -filetype=obj", false, path,
      words, nwords, out, max);
}

long oracle_compile_ll(const char *path, uint32_t **words, size_t *nwords,
                       struct oracle_inst *out, size_t max) {
  return build_and_disasm("llc-19 -mtriple=amdgcn--amdpal -mcpu=gfx1013 -filetype=obj", true,
                          path, words, nwords, out, max);
}
