#include "sce/sce_file.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sce/sce_elf.h"

/* SELF header layout (FACTS.md "SELF container"): offsets of its fields. */
#define SELF_OFF_MAGIC 0x00
#define SELF_OFF_IDENT 0x04
#define SELF_OFF_SEG_COUNT 0x18
#define SELF_OFF_FLAGS 0x1A
/* SELF segment entry layout */
#define SEG_OFF_PROPS 0x00
#define SEG_OFF_OFFSET 0x08
#define SEG_OFF_CSIZE 0x10
#define SEG_OFF_DSIZE 0x18

static const uint8_t self_ident_ps4[8] = {0x00, 0x01, 0x01, 0x12, 0x01, 0x01, 0x00, 0x00};
static const uint8_t self_ident_ps5[8] = {0x10, 0x01, 0x01, 0x12, 0x01, 0x01, 0x00, 0x10};

static bool fail(struct sce_file *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->error, sizeof f->error, fmt, ap);
  va_end(ap);
  return false;
}

static uint16_t rd16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/* [off, off+len) inside [0, total)? (no overflow) */
static bool in_bounds(uint64_t off, uint64_t len, uint64_t total) {
  return off <= total && len <= total - off;
}

bool sce_elf_type_is_exec(unsigned type) {
  return type == SCE_ET_ELF_EXEC || type == SCE_ET_EXEC || type == SCE_ET_EXEC_ASLR;
}

bool sce_elf_type_is_fixed(unsigned type) {
  return type == SCE_ET_ELF_EXEC || type == SCE_ET_EXEC;
}

const char *sce_container_name(enum sce_container c) {
  switch (c) {
  case SCE_CONTAINER_ELF: return "Sony ELF";
  case SCE_CONTAINER_SELF_PS4: return "PS4 SELF";
  case SCE_CONTAINER_SELF_PS5: return "PS5 SELF";
  }
  return "?";
}

static bool parse_elf_header(struct sce_file *f) {
  if (f->elf_size >= SELFMAG && memcmp(f->elf, ELFMAG, SELFMAG) != 0)
    return fail(f, "not an ELF or SELF file (bad magic)");
  if (f->elf_size < sizeof(Elf64_Ehdr))
    return fail(f, "file too small for an ELF header (%zu bytes)", f->elf_size);
  memcpy(&f->ehdr, f->elf, sizeof f->ehdr);
  const Elf64_Ehdr *e = &f->ehdr;
  if (memcmp(e->e_ident, ELFMAG, SELFMAG) != 0)
    return fail(f, "not an ELF or SELF file (bad magic)");
  if (e->e_ident[EI_CLASS] != ELFCLASS64 || e->e_ident[EI_DATA] != ELFDATA2LSB)
    return fail(f, "not a 64-bit little-endian ELF");
  if (e->e_machine != EM_X86_64) return fail(f, "ELF machine %u is not x86-64", e->e_machine);
  if (!sce_elf_type_is_exec(e->e_type) && e->e_type != SCE_ET_DYNAMIC)
    return fail(f, "ELF type 0x%x is neither an executable (ET_EXEC 0x2, ET_SCE_EXEC 0xFE00, "
                "ET_SCE_DYNEXEC 0xFE10) nor a module (0xFE18)", e->e_type);
  if (e->e_phentsize != sizeof(Elf64_Phdr))
    return fail(f, "program header entry size %u, expected %zu", e->e_phentsize,
                sizeof(Elf64_Phdr));
  if (e->e_phnum == 0 || e->e_phnum > SCE_FILE_MAX_PHDRS)
    return fail(f, "program header count %u out of range (1..%d)", e->e_phnum,
                SCE_FILE_MAX_PHDRS);
  if (!in_bounds(e->e_phoff, (uint64_t)e->e_phnum * sizeof(Elf64_Phdr), f->elf_size))
    return fail(f, "program headers (offset 0x%llx, %u entries) run past the end of the file",
                (unsigned long long)e->e_phoff, e->e_phnum);
  memcpy(f->phdrs, f->elf + e->e_phoff, e->e_phnum * sizeof(Elf64_Phdr));
  for (unsigned i = 0; i < e->e_phnum; i++) {
    const Elf64_Phdr *p = &f->phdrs[i];
    if (p->p_filesz > p->p_memsz && (p->p_type == PT_LOAD || p->p_type == SCE_PT_RELRO))
      return fail(f, "program header %u: file size 0x%llx exceeds memory size 0x%llx", i,
                  (unsigned long long)p->p_filesz, (unsigned long long)p->p_memsz);
    if (p->p_vaddr > (1ull << 40) || p->p_memsz > (1ull << 36))
      return fail(f, "program header %u: address 0x%llx / size 0x%llx out of range", i,
                  (unsigned long long)p->p_vaddr, (unsigned long long)p->p_memsz);
    if (p->p_align > 1 && ((p->p_align & (p->p_align - 1)) || p->p_align > (1ull << 32)))
      return fail(f, "program header %u: alignment 0x%llx is not a power of two", i,
                  (unsigned long long)p->p_align);
  }
  return true;
}

static bool parse_self(struct sce_file *f) {
  const uint8_t *b = f->buf;
  uint16_t count = rd16(b + SELF_OFF_SEG_COUNT);
  uint64_t seg_table = SCE_SELF_HEADER_SIZE;
  uint64_t elf_off = seg_table + (uint64_t)count * SCE_SELF_SEGMENT_SIZE;
  if (!in_bounds(seg_table, (uint64_t)count * SCE_SELF_SEGMENT_SIZE, f->size))
    return fail(f, "SELF segment table (%u entries) runs past the end of the file", count);
  f->elf = b + elf_off;
  f->elf_size = f->size - elf_off;
  if (!parse_elf_header(f)) return false;
  for (unsigned i = 0; i < count; i++) {
    const uint8_t *s = b + seg_table + (uint64_t)i * SCE_SELF_SEGMENT_SIZE;
    uint64_t props = rd64(s + SEG_OFF_PROPS), off = rd64(s + SEG_OFF_OFFSET);
    uint64_t csize = rd64(s + SEG_OFF_CSIZE), dsize = rd64(s + SEG_OFF_DSIZE);
    if (!(props & SCE_SELF_SEG_BLOCKED)) continue; /* not file data of a program header */
    unsigned ph = (unsigned)SCE_SELF_SEG_PHDR_INDEX(props);
    if (props & SCE_SELF_SEG_ENCRYPTED)
      return fail(f, "SELF segment %u is encrypted: prospero runs only decrypted (fake-signed) "
                  "executables; decrypt the game on your console first", i);
    if (props & SCE_SELF_SEG_COMPRESSED || csize != dsize)
      return fail(f, "SELF segment %u is compressed: prospero runs only uncompressed "
                  "(fake-signed) executables", i);
    if (ph >= f->ehdr.e_phnum)
      return fail(f, "SELF segment %u names program header %u of %u", i, ph, f->ehdr.e_phnum);
    if (dsize != f->phdrs[ph].p_filesz)
      return fail(f, "SELF segment %u holds 0x%llx bytes but program header %u has 0x%llx", i,
                  (unsigned long long)dsize, ph, (unsigned long long)f->phdrs[ph].p_filesz);
    if (!in_bounds(off, csize, f->size))
      return fail(f, "SELF segment %u (offset 0x%llx, 0x%llx bytes) runs past the end of the "
                  "file", i, (unsigned long long)off, (unsigned long long)csize);
    if (f->phdr_data[ph])
      return fail(f, "SELF segments give program header %u twice", ph);
    f->phdr_data[ph] = b + off;
  }
  return true;
}

bool sce_file_parse(struct sce_file *f, const uint8_t *buf, size_t size) {
  memset(f, 0, sizeof *f);
  f->buf = buf;
  f->size = size;
  if (size < 4) return fail(f, "file too small (%zu bytes)", size);
  uint32_t magic = rd32(buf + SELF_OFF_MAGIC);
  if (magic == SCE_SELF_MAGIC_PS4 || magic == SCE_SELF_MAGIC_PS5) {
    bool ps5 = magic == SCE_SELF_MAGIC_PS5;
    if (size < SCE_SELF_HEADER_SIZE) return fail(f, "file too small for a SELF header");
    if (memcmp(buf + SELF_OFF_IDENT, ps5 ? self_ident_ps5 : self_ident_ps4, 8) != 0)
      return fail(f, "%s header has unknown ident bytes", ps5 ? "PS5 SELF" : "PS4 SELF");
    uint16_t flags = rd16(buf + SELF_OFF_FLAGS);
    if (flags != (ps5 ? SCE_SELF_FLAGS_PS5 : SCE_SELF_FLAGS_PS4))
      return fail(f, "SELF flags 0x%x unknown; this is not a fake-signed SELF (encrypted "
                  "retail files cannot be run)", flags);
    f->container = ps5 ? SCE_CONTAINER_SELF_PS5 : SCE_CONTAINER_SELF_PS4;
    return parse_self(f);
  }
  f->container = SCE_CONTAINER_ELF;
  f->elf = buf;
  f->elf_size = size;
  if (!parse_elf_header(f)) return false;
  for (unsigned i = 0; i < f->ehdr.e_phnum; i++) {
    const Elf64_Phdr *p = &f->phdrs[i];
    if (p->p_filesz == 0) continue;
    if (!in_bounds(p->p_offset, p->p_filesz, size))
      return fail(f, "program header %u (offset 0x%llx, 0x%llx bytes) runs past the end of "
                  "the file", i, (unsigned long long)p->p_offset,
                  (unsigned long long)p->p_filesz);
    f->phdr_data[i] = buf + p->p_offset;
  }
  return true;
}

const uint8_t *sce_file_bytes_at(const struct sce_file *f, uint64_t off, uint64_t size) {
  for (unsigned i = 0; i < f->ehdr.e_phnum; i++) {
    const Elf64_Phdr *p = &f->phdrs[i];
    if (!f->phdr_data[i] || off < p->p_offset) continue;
    if (in_bounds(off - p->p_offset, size, p->p_filesz))
      return f->phdr_data[i] + (off - p->p_offset);
  }
  return NULL;
}

int sce_file_find_phdr(const struct sce_file *f, uint32_t type) {
  for (unsigned i = 0; i < f->ehdr.e_phnum; i++)
    if (f->phdrs[i].p_type == type) return (int)i;
  return -1;
}
