/* prospero-mkself speed: converting (and wrapping, and self-checking) a synthetic guest with
 * 5,000 imports and 200,000 relocations, the size of the loader's boot benchmark. Baseline
 * measured in the same run: one copy of the input plus the SHA-256 every SELF carries (the
 * least work any converter must do over these bytes). Prints milliseconds and the ratio.
 *   bench_mkself */
#include <elf.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/nid.h"
#include "sce/sce_elf.h"
#include "mkself.h"

#define IMPORTS 5000
#define RELATIVES (200000 - IMPORTS)
#define RUNS 5

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

/* Lays out: [headers][dynsym][dynstr][hash][rela][jmprel][param][text] in one R+X load,
 * [dynamic][got] in the RELRO load, [data] written by the RELATIVE relocations. */
static uint8_t *build_input(size_t *size_out, char **table_out) {
  uint64_t nsym = IMPORTS + 1;
  uint64_t at_dynsym = 0x1000;
  uint64_t at_dynstr = align_up(at_dynsym + nsym * sizeof(Elf64_Sym), 16);
  uint64_t dynstr_size = 1 + 16 + (uint64_t)IMPORTS * 16;
  uint64_t at_hash = align_up(at_dynstr + dynstr_size, 8);
  uint64_t at_rela = align_up(at_hash + (3 + nsym) * 4, 8);
  uint64_t at_jmprel = at_rela + (uint64_t)RELATIVES * sizeof(Elf64_Rela);
  uint64_t at_param = align_up(at_jmprel + (uint64_t)IMPORTS * sizeof(Elf64_Rela), 16);
  uint64_t at_text = at_param + 0x100;
  uint64_t ro_size = at_text + 16;
  uint64_t at_relro = align_up(ro_size, 0x4000);
  uint64_t at_got = at_relro + 0x200;
  uint64_t relro_size = 0x200 + 0x18 + (uint64_t)IMPORTS * 8;
  uint64_t at_data = align_up(at_relro + relro_size, 0x4000);
  uint64_t data_size = (uint64_t)RELATIVES * 8;
  uint64_t at_shdrs = align_up(at_data + data_size, 16);
  uint64_t size = at_shdrs + 0x1000;
  uint8_t *b = calloc(1, size);
  char *table = malloc((size_t)IMPORTS * 96);
  if (!b || !table) return NULL;
  size_t tlen = 0;

  char *dynstr = (char *)b + at_dynstr;
  uint64_t slen = 1;
  uint64_t needed_name = slen;
  slen += (uint64_t)sprintf(dynstr + slen, "libbench.prx") + 1;
  for (unsigned i = 0; i < IMPORTS; i++) {
    char name[16];
    snprintf(name, sizeof name, "bench_fn_%u", i);
    Elf64_Sym s = {.st_name = (uint32_t)slen, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC)};
    memcpy(b + at_dynsym + (i + 1) * sizeof s, &s, sizeof s);
    slen += (uint64_t)sprintf(dynstr + slen, "%s", name) + 1;
    char nid[NID_BUF_SIZE];
    nid_from_name(name, nid);
    tlen += (size_t)sprintf(table + tlen, "libbench\t1\tlibbench\t1\t1\t%s\t%s\tfunction\tstub\n",
                            nid, name);
  }
  uint32_t hash_hdr[2] = {1, (uint32_t)nsym};
  memcpy(b + at_hash, hash_hdr, sizeof hash_hdr);
  for (uint64_t i = 0; i < RELATIVES; i++) {
    Elf64_Rela r = {at_data + i * 8, ELF64_R_INFO(0, R_X86_64_RELATIVE), (int64_t)at_text};
    memcpy(b + at_rela + i * sizeof r, &r, sizeof r);
  }
  for (uint64_t i = 0; i < IMPORTS; i++) {
    Elf64_Rela r = {at_got + 0x18 + i * 8, ELF64_R_INFO(i + 1, R_X86_64_JUMP_SLOT), 0};
    memcpy(b + at_jmprel + i * sizeof r, &r, sizeof r);
  }
  uint64_t param[2] = {SCE_PROC_PARAM_SIZE, SCE_PROC_PARAM_MAGIC | (3ull << 32)};
  memcpy(b + at_param, param, sizeof param);
  b[at_text] = 0xC3;
  Elf64_Dyn dyn[] = {
      {DT_NEEDED, {needed_name}}, {DT_SYMTAB, {at_dynsym}}, {DT_SYMENT, {sizeof(Elf64_Sym)}},
      {DT_STRTAB, {at_dynstr}}, {DT_STRSZ, {slen}}, {DT_HASH, {at_hash}},
      {DT_RELA, {at_rela}}, {DT_RELASZ, {(uint64_t)RELATIVES * sizeof(Elf64_Rela)}},
      {DT_RELAENT, {sizeof(Elf64_Rela)}}, {DT_JMPREL, {at_jmprel}},
      {DT_PLTRELSZ, {(uint64_t)IMPORTS * sizeof(Elf64_Rela)}}, {DT_PLTREL, {DT_RELA}},
      {DT_PLTGOT, {at_got}}, {DT_NULL, {0}},
  };
  memcpy(b + at_relro, dyn, sizeof dyn);
  Elf64_Phdr ph[] = {
      {PT_LOAD, PF_R | PF_X, 0, 0, 0, ro_size, ro_size, 0x4000},
      {PT_LOAD, PF_R | PF_W, at_relro, at_relro, at_relro, relro_size, relro_size, 0x4000},
      {PT_LOAD, PF_R | PF_W, at_data, at_data, at_data, data_size, data_size, 0x4000},
      {PT_DYNAMIC, PF_R | PF_W, at_relro, at_relro, at_relro, sizeof dyn, sizeof dyn, 8},
      {PT_GNU_RELRO, PF_R, at_relro, at_relro, at_relro, relro_size,
       align_up(relro_size, 0x4000), 1},
  };
  memcpy(b + sizeof(Elf64_Ehdr), ph, sizeof ph);
  /* sections: null, .sce_process_param, .symtab (main), .strtab, .shstrtab */
  uint64_t at_sym = at_shdrs + 0x200, at_str = at_sym + 0x40, at_shstr = at_str + 0x20;
  Elf64_Sym mainsym = {.st_name = 1, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC),
                       .st_shndx = 1, .st_value = at_text};
  memcpy(b + at_sym + sizeof mainsym, &mainsym, sizeof mainsym);
  memcpy(b + at_str, "\0main", 6);
  const char shstr[] = "\0.sce_process_param\0.symtab\0.strtab\0.shstrtab";
  memcpy(b + at_shstr, shstr, sizeof shstr);
  Elf64_Shdr sh[5] = {{0}};
  sh[1] = (Elf64_Shdr){1, SHT_PROGBITS, SHF_ALLOC, at_param, at_param, 0x50, 0, 0, 8, 0};
  sh[2] = (Elf64_Shdr){20, SHT_SYMTAB, 0, 0, at_sym, 2 * sizeof(Elf64_Sym), 3, 1, 8,
                       sizeof(Elf64_Sym)};
  sh[3] = (Elf64_Shdr){28, SHT_STRTAB, 0, 0, at_str, 6, 0, 0, 1, 0};
  sh[4] = (Elf64_Shdr){36, SHT_STRTAB, 0, 0, at_shstr, sizeof shstr, 0, 0, 1, 0};
  memcpy(b + at_shdrs, sh, sizeof sh);
  Elf64_Ehdr h = {.e_type = ET_DYN, .e_machine = EM_X86_64, .e_version = EV_CURRENT,
                  .e_entry = at_text, .e_phoff = sizeof(Elf64_Ehdr), .e_shoff = at_shdrs,
                  .e_ehsize = sizeof(Elf64_Ehdr), .e_phentsize = sizeof(Elf64_Phdr),
                  .e_phnum = sizeof ph / sizeof ph[0], .e_shentsize = sizeof(Elf64_Shdr),
                  .e_shnum = 5, .e_shstrndx = 4};
  memcpy(h.e_ident, ELFMAG, SELFMAG);
  h.e_ident[EI_CLASS] = ELFCLASS64;
  h.e_ident[EI_DATA] = ELFDATA2LSB;
  h.e_ident[EI_VERSION] = EV_CURRENT;
  memcpy(b, &h, sizeof h);
  *size_out = size;
  table[tlen] = '\0';
  *table_out = table;
  return b;
}

int main(void) {
  size_t size = 0;
  char *table = NULL;
  uint8_t *elf = build_input(&size, &table);
  if (!elf) return 1;
  char err[512];
  struct mkself_nid_map map = {0};
  if (!mkself_nid_map_add_tsv(&map, table, strlen(table), err, sizeof err)) {
    fprintf(stderr, "bench_mkself: table: %s\n", err);
    return 1;
  }
  struct mkself_options opt = {.module_name = "eboot", .form = MKSELF_FORM_SELF_PS5};
  double best = 1e30, base = 1e30;
  uint8_t *copy = malloc(size);
  unsigned char digest[EVP_MAX_MD_SIZE];
  for (int run = 0; run < RUNS; run++) {
    double t0 = now_ms();
    memcpy(copy, elf, size);
    unsigned int dl;
    EVP_Digest(copy, size, digest, &dl, EVP_sha256(), NULL);
    double t1 = now_ms();
    if (t1 - t0 < base) base = t1 - t0;

    struct mkself_buf sony = {0}, self = {0};
    t0 = now_ms();
    bool ok = mkself_convert(elf, size, &map, &opt, &sony, err, sizeof err) &&
              mkself_wrap_self(sony.data, sony.size, opt.form, &opt, &self, err, sizeof err) &&
              mkself_check(self.data, self.size, false, err, sizeof err);
    t1 = now_ms();
    mkself_buf_free(&sony);
    mkself_buf_free(&self);
    if (!ok) {
      fprintf(stderr, "bench_mkself: conversion failed: %s\n", err);
      return 1;
    }
    if (t1 - t0 < best) best = t1 - t0;
  }
  printf("mkself: %d imports + %d relocations (%.1f MiB ELF): convert+wrap+check %.2f ms, "
         "baseline copy+SHA-256 %.2f ms, ratio %.1fx\n",
         IMPORTS, IMPORTS + RELATIVES, size / 1048576.0, best, base, best / base);
  free(copy);
  free(elf);
  free(table);
  mkself_nid_map_free(&map);
  return 0;
}
