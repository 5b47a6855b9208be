/* Byte buffers, error sentences and the standard-ELF reader used by prospero-mkself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mkself_internal.h"

bool mkself_fail(char *err, size_t cap, const char *fmt, ...) {
  if (err && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
  }
  return false;
}

void mkself_buf_free(struct mkself_buf *b) {
  free(b->data);
  b->data = NULL;
  b->size = b->cap = 0;
}

size_t mkself_buf_append(struct mkself_buf *b, const void *data, size_t len) {
  if (len > SIZE_MAX / 2 - b->size) return SIZE_MAX;
  if (b->size + len > b->cap) {
    size_t ncap = b->cap ? b->cap : 4096;
    while (ncap < b->size + len) ncap *= 2;
    uint8_t *n = realloc(b->data, ncap);
    if (!n) return SIZE_MAX;
    b->data = n;
    b->cap = ncap;
  }
  size_t at = b->size;
  if (data)
    memcpy(b->data + at, data, len);
  else
    memset(b->data + at, 0, len);
  b->size += len;
  return at;
}

bool mkself_buf_align(struct mkself_buf *b, size_t align) {
  size_t pad = (size_t)mkself_align_up(b->size, align) - b->size;
  return pad == 0 || mkself_buf_append(b, NULL, pad) != SIZE_MAX;
}

bool mkself_elf_open(struct mkself_elf *e, const uint8_t *data, size_t size, char *err,
                     size_t cap) {
  memset(e, 0, sizeof *e);
  if (size < sizeof(Elf64_Ehdr) || memcmp(data, ELFMAG, SELFMAG) != 0)
    return mkself_fail(err, cap, "input is not an ELF file");
  memcpy(&e->ehdr, data, sizeof e->ehdr);
  if (e->ehdr.e_ident[EI_CLASS] != ELFCLASS64 || e->ehdr.e_ident[EI_DATA] != ELFDATA2LSB)
    return mkself_fail(err, cap, "input is not a 64-bit little-endian ELF");
  if (e->ehdr.e_machine != EM_X86_64)
    return mkself_fail(err, cap, "input is not an x86-64 ELF (machine %u)", e->ehdr.e_machine);
  if (e->ehdr.e_phentsize != sizeof(Elf64_Phdr) || e->ehdr.e_phnum == 0 ||
      !mkself_in_bounds(e->ehdr.e_phoff, (uint64_t)e->ehdr.e_phnum * sizeof(Elf64_Phdr), size))
    return mkself_fail(err, cap, "input program header table is missing or out of the file");
  e->data = data;
  e->size = size;
  e->phdrs = data + e->ehdr.e_phoff;
  return true;
}

Elf64_Phdr mkself_elf_phdr(const struct mkself_elf *e, unsigned i) {
  Elf64_Phdr p;
  memcpy(&p, e->phdrs + (size_t)i * sizeof p, sizeof p);
  return p;
}

bool mkself_elf_vaddr_to_offset(const struct mkself_elf *e, uint64_t vaddr, uint64_t len,
                                uint64_t *off) {
  for (unsigned i = 0; i < e->ehdr.e_phnum; i++) {
    Elf64_Phdr p = mkself_elf_phdr(e, i);
    if (p.p_type != PT_LOAD) continue;
    if (vaddr < p.p_vaddr || vaddr - p.p_vaddr > p.p_filesz) continue;
    if (len > p.p_filesz - (vaddr - p.p_vaddr)) continue;
    uint64_t o = p.p_offset + (vaddr - p.p_vaddr);
    if (!mkself_in_bounds(o, len, e->size)) return false;
    *off = o;
    return true;
  }
  return false;
}

bool mkself_elf_find_section(const struct mkself_elf *e, const char *name, Elf64_Shdr *out) {
  const Elf64_Ehdr *h = &e->ehdr;
  if (h->e_shoff == 0 || h->e_shnum == 0 || h->e_shentsize != sizeof(Elf64_Shdr) ||
      h->e_shstrndx >= h->e_shnum ||
      !mkself_in_bounds(h->e_shoff, (uint64_t)h->e_shnum * sizeof(Elf64_Shdr), e->size))
    return false;
  Elf64_Shdr strs;
  memcpy(&strs, e->data + h->e_shoff + (size_t)h->e_shstrndx * sizeof strs, sizeof strs);
  if (!mkself_in_bounds(strs.sh_offset, strs.sh_size, e->size)) return false;
  const char *names = (const char *)e->data + strs.sh_offset;
  size_t nlen = strlen(name);
  for (unsigned i = 0; i < h->e_shnum; i++) {
    Elf64_Shdr s;
    memcpy(&s, e->data + h->e_shoff + (size_t)i * sizeof s, sizeof s);
    if (s.sh_name >= strs.sh_size || strs.sh_size - s.sh_name < nlen + 1) continue;
    if (memcmp(names + s.sh_name, name, nlen + 1) == 0) {
      *out = s;
      return true;
    }
  }
  return false;
}

const char *mkself_dyn_str(const struct mkself_dyn *d, uint64_t off) {
  if (off >= d->strsz) return NULL;
  if (!memchr(d->strtab_ptr + off, '\0', d->strsz - off)) return NULL;
  return d->strtab_ptr + off;
}

Elf64_Sym mkself_dyn_sym(const struct mkself_dyn *d, uint64_t i) {
  Elf64_Sym s;
  memcpy(&s, d->symtab_ptr + i * sizeof s, sizeof s);
  return s;
}

/* Number of dynamic symbols: nchain of DT_HASH, or one past the last symbol of any
 * DT_GNU_HASH chain. */
static bool dyn_count_symbols(const struct mkself_elf *e, struct mkself_dyn *d, char *err,
                              size_t cap) {
  uint64_t off;
  if (d->hash) {
    uint32_t hdr[2];
    if (!mkself_elf_vaddr_to_offset(e, d->hash, sizeof hdr, &off))
      return mkself_fail(err, cap, "DT_HASH is outside the file");
    memcpy(hdr, e->data + off, sizeof hdr);
    d->sym_count = hdr[1];
    return true;
  }
  if (!d->gnu_hash) return mkself_fail(err, cap, "input has neither DT_HASH nor DT_GNU_HASH");
  uint32_t hdr[4];
  if (!mkself_elf_vaddr_to_offset(e, d->gnu_hash, sizeof hdr, &off))
    return mkself_fail(err, cap, "DT_GNU_HASH is outside the file");
  memcpy(hdr, e->data + off, sizeof hdr);
  uint64_t nbuckets = hdr[0], symoffset = hdr[1], bloom = hdr[2];
  uint64_t buckets_at = d->gnu_hash + 16 + bloom * 8;
  uint64_t boff;
  if (nbuckets == 0 || !mkself_elf_vaddr_to_offset(e, buckets_at, nbuckets * 4, &boff))
    return mkself_fail(err, cap, "DT_GNU_HASH buckets are outside the file");
  uint32_t maxsym = 0;
  for (uint64_t i = 0; i < nbuckets; i++) {
    uint32_t b;
    memcpy(&b, e->data + boff + i * 4, 4);
    if (b > maxsym) maxsym = b;
  }
  if (maxsym < symoffset) {
    d->sym_count = symoffset;
    return true;
  }
  uint64_t chain_at = buckets_at + nbuckets * 4;
  for (uint64_t i = maxsym;; i++) {
    uint64_t coff;
    uint32_t c;
    if (!mkself_elf_vaddr_to_offset(e, chain_at + (i - symoffset) * 4, 4, &coff))
      return mkself_fail(err, cap, "DT_GNU_HASH chain runs out of the file");
    memcpy(&c, e->data + coff, 4);
    if (c & 1) {
      d->sym_count = i + 1;
      return true;
    }
  }
}

bool mkself_elf_read_dynamic(const struct mkself_elf *e, struct mkself_dyn *d, char *err,
                             size_t cap) {
  memset(d, 0, sizeof *d);
  int dyn_index = -1;
  for (unsigned i = 0; i < e->ehdr.e_phnum; i++)
    if (mkself_elf_phdr(e, i).p_type == PT_DYNAMIC) dyn_index = (int)i;
  if (dyn_index < 0)
    return mkself_fail(err, cap, "input has no PT_DYNAMIC (link it with -pie or -shared)");
  Elf64_Phdr dp = mkself_elf_phdr(e, (unsigned)dyn_index);
  if (!mkself_in_bounds(dp.p_offset, dp.p_filesz, e->size))
    return mkself_fail(err, cap, "PT_DYNAMIC is outside the file");
  for (uint64_t i = 0; i + sizeof(Elf64_Dyn) <= dp.p_filesz; i += sizeof(Elf64_Dyn)) {
    Elf64_Dyn dyn;
    memcpy(&dyn, e->data + dp.p_offset + i, sizeof dyn);
    uint64_t v = dyn.d_un.d_val;
    switch (dyn.d_tag) {
      case DT_NULL: i = dp.p_filesz; break;
      case DT_NEEDED:
        if (d->needed_count == sizeof d->needed / sizeof d->needed[0])
          return mkself_fail(err, cap, "input needs more than 64 libraries");
        d->needed[d->needed_count++] = v;
        break;
      case DT_SYMTAB: d->symtab = v; break;
      case DT_STRTAB: d->strtab = v; break;
      case DT_STRSZ: d->strsz = v; break;
      case DT_SYMENT: d->syment = v; break;
      case DT_HASH: d->hash = v; break;
      case DT_GNU_HASH: d->gnu_hash = v; break;
      case DT_RELA: d->rela = v; break;
      case DT_RELASZ: d->relasz = v; break;
      case DT_RELAENT: d->relaent = v; break;
      case DT_JMPREL: d->jmprel = v; break;
      case DT_PLTRELSZ: d->pltrelsz = v; break;
      case DT_PLTREL: d->pltrel = v; break;
      case DT_PLTGOT: d->pltgot = v; break;
      case DT_INIT: d->init = v; break;
      case DT_FINI: d->fini = v; break;
      case DT_INIT_ARRAY: d->init_array = v; break;
      case DT_INIT_ARRAYSZ: d->init_arraysz = v; break;
      case DT_FINI_ARRAY: d->fini_array = v; break;
      case DT_FINI_ARRAYSZ: d->fini_arraysz = v; break;
      case DT_PREINIT_ARRAY: d->preinit_array = v; break;
      case DT_PREINIT_ARRAYSZ: d->preinit_arraysz = v; break;
      case DT_FLAGS: d->flags = v; break;
      case DT_FLAGS_1: d->flags_1 = v; break;
      case DT_SONAME: d->soname = v; break;
      case DT_REL:
      case DT_TEXTREL:
        return mkself_fail(err, cap, "input uses %s, which Sony modules cannot carry",
                           dyn.d_tag == DT_REL ? "REL relocations" : "text relocations");
      default: break;
    }
  }
  if (!d->symtab || !d->strtab) return mkself_fail(err, cap, "input has no dynamic symbol table");
  if (d->syment && d->syment != sizeof(Elf64_Sym))
    return mkself_fail(err, cap, "input DT_SYMENT is %llu, expected 24",
                       (unsigned long long)d->syment);
  if (d->pltrelsz && d->pltrel != DT_RELA)
    return mkself_fail(err, cap, "input PLT relocations are not RELA");
  uint64_t off;
  if (!mkself_elf_vaddr_to_offset(e, d->strtab, d->strsz, &off))
    return mkself_fail(err, cap, "dynamic string table is outside the file");
  d->strtab_ptr = (const char *)e->data + off;
  if (!dyn_count_symbols(e, d, err, cap)) return false;
  if (d->sym_count > (1u << 24) ||
      !mkself_elf_vaddr_to_offset(e, d->symtab, d->sym_count * sizeof(Elf64_Sym), &off))
    return mkself_fail(err, cap, "dynamic symbol table is outside the file");
  d->symtab_ptr = e->data + off;
  return true;
}
