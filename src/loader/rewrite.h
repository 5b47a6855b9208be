/* Guest code rewriting (BRIEF.md decisions 2 and 3), done once at load time before the final
 * protections: every instruction whose segment override is FS (prefix 0x64) gets GS (0x65)
 * instead, same length, so fs-relative TLS accesses read the guest TCB held in the GS base;
 * every `syscall` (0F 05) becomes `ud2` (0F 0B), same length, so guest system calls trap into
 * the SIGILL path instead of reaching the host kernel; rdfsbase/wrfsbase become
 * rdgsbase/wrgsbase. This file rewrites instructions already known to be code and reads
 * .eh_frame; which bytes are code is decided by code_map.h. */
#ifndef PROSPERO_LOADER_REWRITE_H
#define PROSPERO_LOADER_REWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct rewrite_stats {
  uint64_t ranges;        /* function ranges (or swept segments) decoded */
  uint64_t instructions;  /* instructions decoded */
  uint64_t fs_sites;      /* instructions with an effective FS override */
  uint64_t fs_rewritten;  /* of those, rewritten to GS */
  uint64_t syscalls;      /* syscall instructions turned into ud2 */
  uint64_t fsbase_rewritten; /* rdfsbase/wrfsbase turned into rdgsbase/wrgsbase */
  uint64_t ambiguous;     /* FS uses we could not rewrite, logged */
  uint64_t undecodable;   /* bytes skipped because they did not decode */
};

struct code_range {
  uint64_t start, end; /* runtime addresses, end exclusive */
};

/* Called for each rewritten syscall with its runtime address. */
typedef void (*rewrite_site_fn)(void *ctx, uint64_t addr);

/* Rewrites the instructions of CODE (SIZE bytes, at runtime address ADDR) in place, decoding
 * linearly from the start. Adds to STATS. */
void rewrite_range(uint8_t *code, size_t size, uint64_t addr, struct rewrite_stats *stats,
                   rewrite_site_fn on_syscall, void *ctx);

/* Function ranges from an .eh_frame section (SIZE bytes at runtime address ADDR, readable):
 * writes at most CAP ranges, returns how many FDEs were found (may exceed CAP) or -1 if the
 * section is malformed. */
long rewrite_eh_frame_ranges(const uint8_t *eh_frame, size_t size, uint64_t addr,
                             struct code_range *out, size_t cap);

/* Locates .eh_frame from a PT_GNU_EH_FRAME header (.eh_frame_hdr at HDR, HDR_SIZE bytes);
 * 0 if its pointer encoding is not understood. */
uint64_t rewrite_eh_frame_from_hdr(const uint8_t *hdr, size_t hdr_size, uint64_t hdr_addr);

#endif
