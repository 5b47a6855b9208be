/* Sony ELF -> fake-signed SELF (PS4 or PS5 form), per the SELF layout in FACTS.md:
 *   0x20-byte header, 0x20-byte segment entries, the ELF header and program headers
 *   (padded to 16), 0x40 extended info, 0x30 NPDRM control block, 0x50 meta block per
 *   entry, 0x50 meta footer, 0x100 signature, then each segment's bytes 16-aligned.
 * Each loadable segment gets two entries, as real fake SELFs do: a digest entry (signed,
 * has-digests, zeroed digests) and a data entry (signed, blocked, 16 KiB blocks unless
 * told otherwise) whose bits 20-31 name the program header it maps. Optionally, as the
 * public PS5 homebrew SDK's writer does, the PT_SCE_VERSION bytes follow the last segment. */
#include <openssl/evp.h>
#include <string.h>

#include "sce/sce_elf.h"
#include "mkself_internal.h"

#define SELF_EXT_INFO_SIZE 0x40
#define SELF_NPDRM_SIZE 0x30
#define SELF_META_BLOCK_SIZE 0x50
#define SELF_META_FOOTER_SIZE 0x50
#define SELF_SIGNATURE_SIZE 0x100
#define SELF_DIGEST_SIZE 0x20
#define SELF_DEFAULT_PAID 0x3100000000000002ull /* fake-signed program authority id */
#define SELF_PTYPE_FAKE 1

struct self_header { /* 0x20 bytes */
  uint32_t magic;
  uint8_t ident[8];
  uint16_t header_size;
  uint16_t meta_size;
  uint64_t file_size;
  uint16_t segment_count;
  uint16_t flags;
  uint32_t pad;
};
_Static_assert(sizeof(struct self_header) == SCE_SELF_HEADER_SIZE, "SELF header layout");

struct self_entry {
  uint64_t props, offset, compressed_size, decompressed_size;
};

static const uint8_t ident_ps4[8] = {0x00, 0x01, 0x01, 0x12, 0x01, 0x01, 0x00, 0x00};
static const uint8_t ident_ps5[8] = {0x10, 0x01, 0x01, 0x12, 0x01, 0x01, 0x00, 0x10};

static bool wants_entry(uint32_t type) {
  return type == PT_LOAD || type == SCE_PT_RELRO || type == SCE_PT_DYNLIBDATA;
}

bool mkself_wrap_self(const uint8_t *elf, size_t size, enum mkself_form form,
                      const struct mkself_options *opt, struct mkself_buf *out, char *err,
                      size_t cap) {
  struct mkself_elf e;
  if (form == MKSELF_FORM_ELF) return mkself_fail(err, cap, "SELF form not given");
  if (!mkself_elf_open(&e, elf, size, err, cap)) return false;
  unsigned n = 0;
  for (unsigned i = 0; i < e.ehdr.e_phnum; i++) {
    Elf64_Phdr p = mkself_elf_phdr(&e, i);
    if (!wants_entry(p.p_type)) continue;
    if (!mkself_in_bounds(p.p_offset, p.p_filesz, size))
      return mkself_fail(err, cap, "program header %u is outside the ELF", i);
    n += 2;
  }
  uint64_t elf_headers = e.ehdr.e_phoff + (uint64_t)e.ehdr.e_phnum * sizeof(Elf64_Phdr);
  if (elf_headers < sizeof(Elf64_Ehdr)) elf_headers = sizeof(Elf64_Ehdr);
  uint64_t header_size = mkself_align_up(SCE_SELF_HEADER_SIZE + (uint64_t)n * SCE_SELF_SEGMENT_SIZE +
                                             elf_headers, 16) +
                         SELF_EXT_INFO_SIZE + SELF_NPDRM_SIZE;
  uint64_t meta_size = (uint64_t)n * SELF_META_BLOCK_SIZE + SELF_META_FOOTER_SIZE +
                       SELF_SIGNATURE_SIZE;
  if (header_size > 0xFFFF || meta_size > 0xFFFF)
    return mkself_fail(err, cap, "too many segments for a SELF header");

  unsigned block_log2 = opt && opt->self_block_log2 ? opt->self_block_log2 : 14;
  if (block_log2 < 12 || block_log2 > 27)
    return mkself_fail(err, cap, "block size 2^%u is not 4 KiB..128 MiB", block_log2);
  /* place segment data: digests then data for each loadable segment */
  struct self_entry entries[2 * 64];
  if (n > sizeof entries / sizeof entries[0])
    return mkself_fail(err, cap, "too many segments for a SELF");
  uint64_t pos = header_size + meta_size;
  unsigned k = 0;
  for (unsigned i = 0; i < e.ehdr.e_phnum; i++) {
    Elf64_Phdr p = mkself_elf_phdr(&e, i);
    if (!wants_entry(p.p_type)) continue;
    uint64_t blocks = mkself_align_up(p.p_filesz, 1ull << block_log2) >> block_log2;
    pos = mkself_align_up(pos, 16);
    entries[k].props = SCE_SELF_SEG_SIGNED | SCE_SELF_SEG_HAS_DIGESTS |
                       ((uint64_t)(k + 1) << 20); /* names the data entry that follows */
    entries[k].offset = pos;
    entries[k].compressed_size = entries[k].decompressed_size = blocks * SELF_DIGEST_SIZE;
    pos += blocks * SELF_DIGEST_SIZE;
    k++;
    pos = mkself_align_up(pos, 16);
    entries[k].props = SCE_SELF_SEG_SIGNED | SCE_SELF_SEG_BLOCKED |
                       (uint64_t)(block_log2 - 12) << 12 | ((uint64_t)i << 20);
    entries[k].offset = pos;
    entries[k].compressed_size = entries[k].decompressed_size = p.p_filesz;
    pos += p.p_filesz;
    k++;
  }
  uint64_t file_size = mkself_align_up(pos, 16);
  /* version data some writers append after the last segment (not counted in file_size) */
  const uint8_t *version = NULL;
  uint64_t version_size = 0;
  for (unsigned i = 0; opt && opt->self_version_data && i < e.ehdr.e_phnum; i++) {
    Elf64_Phdr p = mkself_elf_phdr(&e, i);
    if (p.p_type != SCE_PT_VERSION) continue;
    if (!mkself_in_bounds(p.p_offset, p.p_filesz, size))
      return mkself_fail(err, cap, "version segment %u is outside the ELF", i);
    version = elf + p.p_offset;
    version_size = p.p_filesz;
  }
  if (opt && opt->self_version_data && !version)
    return mkself_fail(err, cap, "no PT_SCE_VERSION segment to append as version data");

  struct self_header h = {0};
  bool ps5 = form == MKSELF_FORM_SELF_PS5;
  h.magic = ps5 ? SCE_SELF_MAGIC_PS5 : SCE_SELF_MAGIC_PS4;
  memcpy(h.ident, ps5 ? ident_ps5 : ident_ps4, 8);
  h.header_size = (uint16_t)header_size;
  h.meta_size = (uint16_t)meta_size;
  h.file_size = file_size;
  h.segment_count = (uint16_t)n;
  h.flags = ps5 ? SCE_SELF_FLAGS_PS5 : SCE_SELF_FLAGS_PS4;

  if (mkself_buf_append(out, NULL, file_size + version_size) == SIZE_MAX)
    return mkself_fail(err, cap, "out of memory");
  uint8_t *o = out->data;
  memcpy(o, &h, sizeof h);
  memcpy(o + SCE_SELF_HEADER_SIZE, entries, (size_t)n * sizeof entries[0]);
  uint64_t at = SCE_SELF_HEADER_SIZE + (uint64_t)n * SCE_SELF_SEGMENT_SIZE;
  memcpy(o + at, elf, elf_headers);
  /* the SELF carries no sections: its copy of the ELF header says so */
  Elf64_Ehdr eh;
  memcpy(&eh, o + at, sizeof eh);
  eh.e_shoff = 0;
  eh.e_shnum = 0;
  eh.e_shstrndx = 0;
  memcpy(o + at, &eh, sizeof eh);
  at = mkself_align_up(at + elf_headers, 16);

  /* extended info: paid, program type, app version, firmware version, SHA-256 of the ELF */
  uint64_t ext[4] = {opt && opt->paid ? opt->paid : SELF_DEFAULT_PAID, SELF_PTYPE_FAKE,
                     opt ? opt->app_version : 0, opt ? opt->fw_version : 0};
  memcpy(o + at, ext, sizeof ext);
  unsigned int dlen = 0;
  if (!EVP_Digest(elf, size, o + at + sizeof ext, &dlen, EVP_sha256(), NULL)) {
    mkself_buf_free(out);
    return mkself_fail(err, cap, "SHA-256 failed");
  }
  at += SELF_EXT_INFO_SIZE;
  uint16_t npdrm_type = 3; /* NPDRM control block; content id and pad stay zero */
  memcpy(o + at, &npdrm_type, 2);
  at += SELF_NPDRM_SIZE;
  at += (uint64_t)n * SELF_META_BLOCK_SIZE; /* zeroed meta blocks */
  uint32_t footer_mark = 0x10000;
  memcpy(o + at + 0x30, &footer_mark, 4);
  /* the signature that follows stays zero */

  k = 0;
  for (unsigned i = 0; i < e.ehdr.e_phnum; i++) {
    Elf64_Phdr p = mkself_elf_phdr(&e, i);
    if (!wants_entry(p.p_type)) continue;
    k++; /* digest entry: zero digests */
    memcpy(o + entries[k].offset, elf + p.p_offset, p.p_filesz);
    k++;
  }
  if (version_size) memcpy(o + file_size, version, version_size);
  return true;
}
