/* Writes seed inputs for fuzz_loader: a small executable with imports, relocations and TLS
 * in the three containers, and a PRX with exports. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "common/nid.h"
#include "sce/sce_elf.h"
#include "sce_builder.h"

static int write_file(const char *dir, const char *name, const uint8_t *d, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(d, 1, n, f) != n) {
    fprintf(stderr, "cannot write %s\n", path);
    if (f) fclose(f);
    return 1;
  }
  return fclose(f) != 0;
}

int main(int argc, char **argv) {
  if (argc != 2) return 2;
  mkdir(argv[1], 0755);
  static const uint8_t code[] = {0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0, 0x0F, 0x05, 0xC3};
  int rc = 0;
  for (int prx = 0; prx < 2; prx++) {
    struct sce_builder *b = sb_new(prx, prx ? "seedprx" : "seed");
    sb_set_code(b, code, sizeof code);
    sb_set_data(b, 0x100);
    sb_set_tls(b, 0x80, 8, 32, 16);
    char nid[12];
    nid_from_name("printf", nid);
    unsigned l = sb_add_library(b, "libc", 1, false), m = sb_add_module(b, "libc", 1, 1);
    unsigned s = sb_add_import(b, nid, l, m, false);
    sb_add_rela(b, SB_DATA_VADDR, SCE_R_X86_64_JUMP_SLOT, s, 0, true);
    sb_add_rela(b, SB_DATA_VADDR + 8, SCE_R_X86_64_RELATIVE, 0, 4, false);
    sb_add_rela(b, SB_DATA_VADDR + 16, SCE_R_X86_64_DTPMOD64, 0, 0, false);
    if (prx) sb_add_export(b, nid, sb_add_library(b, "seedprx", 1, true), false, 0);
    sb_add_needed(b, "libc.prx");
    const enum sb_form forms[] = {SB_ELF, SB_SELF_PS4, SB_SELF_PS5};
    for (int f = 0; f < 3; f++) {
      uint8_t *out;
      size_t n = sb_build(b, forms[f], &out);
      char name[32];
      snprintf(name, sizeof name, "seed-%s-%d", prx ? "prx" : "exe", f);
      rc |= write_file(argv[1], name, out, n);
      free(out);
    }
    sb_free(b);
  }
  /* an executable whose code segment also holds data, with an FDE, a sized function symbol,
   * an entry point and a function reached by descent (the code map's inputs) */
  static const uint8_t mixed[] = {
      0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0, 0xE8, 0x0C, 0, 0, 0, 0x0F, 0x05, 0xC3, /* entry */
      0x64, 0x8B, 0x00, 0xF3, 0x48, 0x0F, 0xAE, 0xC0, 0xC3,                         /* FDE */
      0x64, 0x89, 0x04, 0x25, 0x10, 0, 0, 0, 0x0F, 0x05, 0xC3,                      /* descent */
      0x64, 0x48, 0x8B, 0x04, 0x25, 0x28, 0, 0, 0, 0xC3,                            /* symbol */
      'd', 'd', 'd', 0x64, 0x8B, 0x00, 0x0F, 0x05, 0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0, 0x06,
  };
  struct sce_builder *b = sb_new(false, "mixed");
  sb_set_code(b, mixed, sizeof mixed);
  uint64_t fde_start = 17;
  uint32_t fde_size = 9;
  sb_append_eh_frame(b, &fde_start, &fde_size, 1);
  sb_add_function_symbol(b, "sym", 37, 10);
  sb_set_entry(b, 0);
  sb_set_data(b, 0x100);
  for (int f = 0; f < 2; f++) {
    uint8_t *out;
    size_t n = sb_build(b, f ? SB_SELF_PS5 : SB_ELF, &out);
    rc |= write_file(argv[1], f ? "seed-mixed-self" : "seed-mixed-elf", out, n);
    free(out);
  }
  sb_free(b);
  return rc;
}
