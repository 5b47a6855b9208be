/* Sony ELF / SELF format constants (per FACTS.md: the Sony program-header, dynamic-tag and
 * SELF container tables). Shared by the loader (parsing) and the SDK (prospero-mkself). */
#ifndef PROSPERO_SCE_SCE_ELF_H
#define PROSPERO_SCE_SCE_ELF_H

#include <stdint.h>

/* ELF header */
#define SCE_ELF_OSABI_FREEBSD 9
#define SCE_ELF_ABI_VERSION_PS5 2  /* e_ident[EI_ABIVERSION] */
#define SCE_ELF_ABI_VERSION_PS4 0
#define SCE_ET_ELF_EXEC 2          /* ET_EXEC: plain executable at fixed addresses */
#define SCE_ET_EXEC 0xFE00         /* executable at fixed addresses */
#define SCE_ET_EXEC_ASLR 0xFE10    /* executable placed by the loader (ET_SCE_DYNEXEC) */
#define SCE_ET_DYNAMIC 0xFE18      /* PRX module */

/* Program header types */
#define SCE_PT_DYNLIBDATA 0x61000000u
#define SCE_PT_PROCPARAM 0x61000001u
#define SCE_PT_MODULE_PARAM 0x61000002u
#define SCE_PT_RELRO 0x61000010u
#define SCE_PT_COMMENT 0x6FFFFF00u /* producer comment, not loaded */
#define SCE_PT_VERSION 0x6FFFFF01u /* version data: some SELF writers append it after the last
                                      segment; not loaded */

/* Sony dynamic tags; values are offsets into the DYNLIBDATA blob. Where a second value
 * exists it is the alternative tag some producers write for the same table. */
#define SCE_DT_FINGERPRINT 0x61000007
#define SCE_DT_ORIGINAL_FILENAME 0x61000009
#define SCE_DT_ORIGINAL_FILENAME_1 0x61000041
#define SCE_DT_MODULE_INFO 0x6100000D
#define SCE_DT_MODULE_INFO_1 0x61000043
#define SCE_DT_NEEDED_MODULE 0x6100000F
#define SCE_DT_NEEDED_MODULE_1 0x61000045
#define SCE_DT_MODULE_ATTR 0x61000011
#define SCE_DT_EXPORT_LIB 0x61000013
#define SCE_DT_EXPORT_LIB_1 0x61000047
#define SCE_DT_IMPORT_LIB 0x61000015
#define SCE_DT_IMPORT_LIB_1 0x61000049
#define SCE_DT_EXPORT_LIB_ATTR 0x61000017
#define SCE_DT_IMPORT_LIB_ATTR 0x61000019
#define SCE_DT_HASH 0x61000025
#define SCE_DT_PLTGOT 0x61000027
#define SCE_DT_JMPREL 0x61000029
#define SCE_DT_PLTREL 0x6100002B /* must be DT_RELA (7) */
#define SCE_DT_PLTRELSZ 0x6100002D
#define SCE_DT_RELA 0x6100002F
#define SCE_DT_RELASZ 0x61000031
#define SCE_DT_RELAENT 0x61000033
#define SCE_DT_STRTAB 0x61000035
#define SCE_DT_STRSZ 0x61000037
#define SCE_DT_SYMTAB 0x61000039
#define SCE_DT_SYMENT 0x6100003B
#define SCE_DT_HASHSZ 0x6100003D
#define SCE_DT_SYMTABSZ 0x6100003F

#define SCE_IMPORT_LIB_ATTR_VALUE 0x9
#define SCE_EXPORT_LIB_ATTR_VALUE 0x1

/* Module tag: id 63-48, version major 47-40, minor 39-32, name offset 31-0. */
#define SCE_MODULE_TAG(id, major, minor, name_off)                                  \
  (((uint64_t)(id) << 48) | ((uint64_t)(major) << 40) | ((uint64_t)(minor) << 32) | \
   (uint32_t)(name_off))
/* Library tag: id 63-48, version 47-32, name offset 31-0. */
#define SCE_LIBRARY_TAG(id, version, name_off) \
  (((uint64_t)(id) << 48) | ((uint64_t)(version) << 32) | (uint32_t)(name_off))

/* Relocation types used by Sony executables */
#define SCE_R_X86_64_64 1
#define SCE_R_X86_64_GLOB_DAT 6
#define SCE_R_X86_64_JUMP_SLOT 7
#define SCE_R_X86_64_RELATIVE 8
#define SCE_R_X86_64_DTPMOD64 16

/* Process param block of an executable (PT_SCE_PROCPARAM) */
#define SCE_PROC_PARAM_SIZE 0x50
#define SCE_PROC_PARAM_MAGIC 0x4942524Fu /* "ORBI" */
#define SCE_PROC_PARAM_ENTRY_COUNT 3
/* Module param block of a PRX (PT_SCE_MODULE_PARAM) */
#define SCE_MODULE_PARAM_SIZE 0x18
#define SCE_MODULE_PARAM_MAGIC 0x13C13F4BFull

/* SELF container */
#define SCE_SELF_HEADER_SIZE 0x20
#define SCE_SELF_SEGMENT_SIZE 0x20
#define SCE_SELF_MAGIC_PS4 0x1D3D154Fu /* bytes 4F 15 3D 1D */
#define SCE_SELF_MAGIC_PS5 0xEEF51454u /* bytes 54 14 F5 EE */
#define SCE_SELF_FLAGS_PS4 0x22
#define SCE_SELF_FLAGS_PS5 0x32
/* segment properties */
#define SCE_SELF_SEG_ORDERED 0x1
#define SCE_SELF_SEG_ENCRYPTED 0x2
#define SCE_SELF_SEG_SIGNED 0x4
#define SCE_SELF_SEG_COMPRESSED 0x8
#define SCE_SELF_SEG_BLOCKED 0x800 /* maps file data for program header (props >> 20) & 0xFFF */
#define SCE_SELF_SEG_HAS_DIGESTS 0x10000
#define SCE_SELF_SEG_PHDR_INDEX(props) (((props) >> 20) & 0xFFF)

/* The console's page size (16 KiB): Sony ELF segments are aligned to it and the guest's
 * memory is mapped in units of it. The runtime address map is in kernel/guest_vm.h. */
#define SCE_GUEST_PAGE_SIZE 0x4000ull

#endif
