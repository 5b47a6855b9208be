/* Test helper: the llvm-mc-19 / llvm-objdump-19 oracle for gfx1013 (same LLVM 19 AMDGPU
 * disassembler as `llvm-mc -disassemble`, but reporting offsets and exact dwords). */
#ifndef PROSPERO_TESTS_ISA_ORACLE_H
#define PROSPERO_TESTS_ISA_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The llvm feature set the oracle disassembles with (the dot-product extensions of gfx1013). */
#define ORACLE_MATTR "+dot1-insts,+dot2-insts,+dot5-insts,+dot6-insts"

struct oracle_inst {
  uint32_t offset;   /* dword offset */
  uint32_t ndwords;  /* 1 for an undecodable dword */
  bool valid;        /* false: llvm printed .long */
  char text[256];    /* whitespace-normalised text */
};

/* True when llvm-mc-19 and llvm-objdump-19 can be run. */
bool oracle_available(void);

/* Disassemble words; returns the number of instructions written to out (at most max), or
 * -1 when the oracle failed (llvm-objdump-19 crashes on a few inputs). */
long oracle_disasm(const uint32_t *words, size_t count, bool wave64, struct oracle_inst *out,
                   size_t max);

/* Assemble a .s file into raw dwords (llvm-mc-19 -filetype=obj, .text of the object) and
 * disassemble them: returns the instruction count or -1. *words receives malloc'd dwords. */
long oracle_assemble_file(const char *path, uint32_t **words, size_t *nwords,
                          struct oracle_inst *out, size_t max);

/* Compile an LLVM IR file for gfx1013 with llc-19 (amdpal) and disassemble its .text: same
 * contract as oracle_assemble_file. */
long oracle_compile_ll(const char *path, uint32_t **words, size_t *nwords,
                       struct oracle_inst *out, size_t max);

/* Collapse runs of whitespace into one space and trim. */
void oracle_normalise(char *s);

#endif
