/* The rewriter's per-instruction step, shared by rewrite.c and code_map.c (private to the
 * loader: it exposes Zydis types). */
#ifndef PROSPERO_LOADER_REWRITE_INSN_H
#define PROSPERO_LOADER_REWRITE_INSN_H

#include <Zydis/Zydis.h>

#include "loader/rewrite.h"

/* A 64-bit decoder as the rewriter uses it. */
void rewrite_decoder_init(ZydisDecoder *dec);

/* Rewrites one decoded instruction INS at P (runtime address ADDR) if it needs it: FS prefix
 * to GS, syscall to ud2, rdfsbase/wrfsbase to rdgsbase/wrgsbase. Adds to STATS. */
void rewrite_insn(uint8_t *p, const ZydisDecodedInstruction *ins, uint64_t addr,
                  struct rewrite_stats *stats, rewrite_site_fn on_syscall, void *ctx);

#endif
