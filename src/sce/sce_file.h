/* SELF / Sony ELF container parsing. Takes the bytes of an eboot.bin or .prx (PS5 or PS4
 * fake-signed SELF, or a plain Sony ELF) and gives the ELF header, the program headers and,
 * for each program header, where its file bytes are. Every offset, size and count is checked
 * against the buffer before use; encrypted or compressed files are refused with a sentence
 * saying so. Nothing here maps memory: see module.h. */
#ifndef PROSPERO_SCE_SCE_FILE_H
#define PROSPERO_SCE_SCE_FILE_H

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum sce_container {
  SCE_CONTAINER_ELF,      /* plain Sony ELF */
  SCE_CONTAINER_SELF_PS4, /* 4F 15 3D 1D */
  SCE_CONTAINER_SELF_PS5, /* 54 14 F5 EE */
};

#define SCE_FILE_MAX_PHDRS 64

struct sce_file {
  const uint8_t *buf;
  size_t size;
  enum sce_container container;
  Elf64_Ehdr ehdr;                       /* copied (the buffer need not be aligned) */
  Elf64_Phdr phdrs[SCE_FILE_MAX_PHDRS];  /* copied */
  const uint8_t *phdr_data[SCE_FILE_MAX_PHDRS]; /* file bytes of each, NULL when absent */
  const uint8_t *elf;                    /* start of the ELF image inside buf */
  size_t elf_size;                       /* bytes from elf to the end of buf */
  char error[192];                       /* why parsing failed */
};

/* Parses BUF (SIZE bytes; must outlive F). On failure returns false with F->error set. */
bool sce_file_parse(struct sce_file *f, const uint8_t *buf, size_t size);

/* The file bytes at ELF file offset OFF, SIZE long, when some program header's file data
 * covers them entirely (in a SELF only segment data is present); NULL otherwise. */
const uint8_t *sce_file_bytes_at(const struct sce_file *f, uint64_t off, uint64_t size);

/* Index of the first program header of TYPE, or -1. */
int sce_file_find_phdr(const struct sce_file *f, uint32_t type);

const char *sce_container_name(enum sce_container c);

/* Executable ELF types: ET_EXEC (2) and ET_SCE_EXEC (0xFE00), both linked for fixed addresses,
 * and ET_SCE_DYNEXEC (0xFE10), placed by the loader. */
bool sce_elf_type_is_exec(unsigned type);
bool sce_elf_type_is_fixed(unsigned type);

#endif
