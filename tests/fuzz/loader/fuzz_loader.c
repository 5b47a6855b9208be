/* Fuzz target: SELF/ELF container parsing, the Sony dynamic tables, module placement and
 * symbol collection, the linker's relocation pass, .eh_frame walking and the code rewriter,
 * all on untrusted bytes. Modules are placed in host memory (no guest bands needed). */
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
        for (unsigned i = 0; i < m.file.ehdr.e_phnum; i++) {
          const Elf64_Phdr *p = &m.file.phdrs[i];
          if (p->p_type == PT_LOAD && (p->p_flags & PF_X) && p->p_filesz)
            rewrite_range((uint8_t *)(uintptr_t)(m.base + p->p_vaddr), p->p_filesz,
                          m.base + p->p_vaddr, &m.rewrite, NULL, NULL);
        }
      }
      free(mem);
    }
  }
  module_free(&m);
  return 0;
}
