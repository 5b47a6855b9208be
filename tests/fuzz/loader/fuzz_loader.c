/* Fuzz target: SELF/ELF container parsing, the Sony dynamic tables, module placement and
 * symbol collection, the linker's relocation pass, .eh_frame walking, code discovery and the
 * code rewriter, all on untrusted bytes. Modules are placed in host memory (no guest bands
 * needed). The rewriter must not change a byte outside the code it found, except the 0x64
 * prefix of the exact TLS forms it may rewrite there (checked here from their encodings). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "loader/linker.h"
#include "loader/module.h"
#include "loader/rewrite.h"

static struct linker_hle_answer resolve_all(const struct linker_import *imp) {
  (void)imp;
  struct linker_hle_answer a = {.addr = 0x1000, .name = "fuzz"};
  return a;
}
static const struct linker_hle_ops ops = {resolve_all, resolve_all};

#define MAX_SPAN (64u << 20)

/* The forms allowed to change outside code (docs/loader.md), written from their encodings:
 * 64 48|4C op 04|0C|..|3C 25 disp32, op 8B with disp 0; 8B 2B 33 3B 89 with disp 0x28. */
static bool allowed_gap_form(const uint8_t *p, size_t left) {
  if (left < 9 || p[0] != 0x64 || (p[1] != 0x48 && p[1] != 0x4C) || (p[3] & 0xC7) != 4 ||
      p[4] != 0x25 || p[6] || p[7] || p[8])
    return false;
  if (p[5] == 0) return p[2] == 0x8B;
  return p[5] == 0x28 && (p[2] == 0x8B || p[2] == 0x2B || p[2] == 0x33 || p[2] == 0x3B ||
                          p[2] == 0x89);
}

/* Every byte of the executable segments that changed is inside a code map, or the prefix of
 * an allowed form outside code. */
static void check_only_code_changed(const struct loader_module *m, const uint8_t *before,
                                    const uint8_t *mem, uint64_t span, const struct code_map *maps,
                                    size_t nmap) {
  for (uint64_t i = 0; i < span; i++) {
    if (before[i] == mem[i]) continue;
    uint64_t addr = m->base + m->image_min + i;
    bool code = false;
    for (size_t k = 0; k < nmap && !code; k++) code = code_map_is_code(&maps[k], addr);
    if (code) continue;
    if (before[i] == 0x64 && mem[i] == 0x65 && allowed_gap_form(before + i, span - i)) continue;
    abort(); /* data changed */
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int once;
  if (!once) {
    once = 1;
    log_set_level(LOG_LEVEL_OFF);
    linker_set_hle(&ops);
  }
  /* the eh_frame walker and the decoder on the raw bytes */
  struct code_range r[16];
  rewrite_eh_frame_ranges(data, size, 0x10000, r, 16);
  rewrite_eh_frame_from_hdr(data, size, 0x10000);
  struct loader_module m;
  char err[256];
  if (!module_parse(&m, data, size, "fuzz", err, sizeof err)) {
    module_free(&m);
    return 0;
  }
  uint64_t span = m.image_max - m.image_min;
  if (span <= MAX_SPAN) {
    uint8_t *mem = aligned_alloc(0x4000, span);
    if (mem) {
      memset(mem, 0, span);
      if (module_place(&m, (uint64_t)(uintptr_t)mem - m.image_min, err, sizeof err)) {
        linker_relocate(&m, err, sizeof err);
        uint8_t *before = malloc(span);
        if (before) {
          memcpy(before, mem, span);
          struct code_map maps[SCE_FILE_MAX_PHDRS];
          size_t nmap = 0;
          module_rewrite_code(&m, maps, &nmap);
          check_only_code_changed(&m, before, mem, span, maps, nmap);
          for (size_t k = 0; k < nmap; k++) code_map_free(&maps[k]);
          free(before);
        }
      }
      free(mem);
    }
  }
  module_free(&m);
  return 0;
}
