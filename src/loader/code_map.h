/* Which bytes of an executable segment are code (issue 14). Console executables keep .text,
 * .rodata, .eh_frame and .eh_frame_hdr in one R+X segment, so "executable" says nothing about
 * a byte: only bytes known to be code are rewritten, everything else is data and keeps the
 * file's bytes.
 *
 * Code is found from seeds: the ranges .eh_frame's FDEs cover, function symbols with a size
 * (both decoded linearly), and single entry points (the ELF entry, DT_INIT/DT_FINI, init/fini
 * array entries, function symbols without a size), then by recursive descent from every
 * entry point and every direct jump/call target found in code: a path is decoded instruction
 * by instruction until a return, an unconditional or indirect jump, ud2/int3/hlt, or known
 * code; calls and conditional branches continue after themselves and queue their targets. A
 * path that reaches an undecodable byte, the end of the segment or the middle of a known
 * instruction is dropped whole (it was most likely data).
 *
 * In the bytes left over (the gaps), only the exact TLS forms compilers emit are rewritten
 * (FS prefix to GS): `mov r64, fs:[0]` (optionally after 0x66 padding bytes, as lld's
 * local-dynamic relaxation writes it) and the stack guard's fs:[0x28] loads (mov, sub, xor,
 * cmp) and store (mov). A `syscall` (0F 05) in a gap is left alone and reported: --seccomp is
 * the net for guest code the rewriter cannot reach. docs/loader.md states the residual risk. */
#ifndef PROSPERO_LOADER_CODE_MAP_H
#define PROSPERO_LOADER_CODE_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "loader/rewrite.h"

enum code_seed_kind { CODE_SEED_FDE, CODE_SEED_SYMBOL, CODE_SEED_ENTRY };

/* A code range [start, end) (decoded linearly) or, when end == start, one entry point to
 * descend from. Runtime addresses. */
struct code_seed {
  uint64_t start, end;
  enum code_seed_kind kind;
};

enum code_gap_kind {
  CODE_GAP_TLS_BASE,    /* mov r64, fs:[0]: rewritten */
  CODE_GAP_GUARD_LOAD,  /* mov/sub/xor/cmp r64, fs:[0x28]: rewritten */
  CODE_GAP_GUARD_STORE, /* mov fs:[0x28], r64: rewritten */
  CODE_GAP_SYSCALL,     /* 0F 05: left unchanged */
};

struct code_gap_site {
  uint64_t addr; /* of the 0x64 prefix, or of the 0F 05 */
  enum code_gap_kind kind;
};

#define CODE_MAP_SITES 8

/* What one or more code_map_rewrite calls found (they add to it). */
struct code_map_stats {
  uint64_t segments;
  uint64_t code_bytes, data_bytes;
  uint64_t fde_ranges, symbol_ranges;      /* linear seeds inside the segment */
  uint64_t symbol_entries, entry_points;   /* single-address seeds inside the segment */
  uint64_t descent_paths, descent_bytes;   /* paths committed as code and their bytes */
  uint64_t descent_dropped;                /* paths given up (ran into bytes that are no code) */
  struct rewrite_stats insn;               /* rewriting of the code bytes */
  uint64_t gap_tls_rewritten, gap_syscalls_left;
  struct code_gap_site sites[CODE_MAP_SITES]; /* the first gap sites, in address order */
  size_t site_count;
};

/* One bit per byte of a segment: set = code. */
struct code_map {
  uint64_t addr;
  size_t size;
  uint64_t *bits;
};

/* Finds the code of the segment MEM (SIZE bytes, runtime address ADDR, writable) from SEEDS
 * (those outside the segment are ignored), rewrites it and the TLS forms of the gaps, adds
 * to ST. ON_SYSCALL is called for each syscall turned into ud2. With MAP non-NULL the code
 * bitmap is kept there (free with code_map_free). False only when out of memory (then
 * nothing was changed). */
bool code_map_rewrite(uint8_t *mem, uint64_t addr, size_t size, const struct code_seed *seeds,
                      size_t seed_count, struct code_map_stats *st, rewrite_site_fn on_syscall,
                      void *ctx, struct code_map *map);

bool code_map_is_code(const struct code_map *map, uint64_t addr);
void code_map_free(struct code_map *map);

/* Which TLS form (CODE_GAP_TLS_BASE, _GUARD_LOAD or _GUARD_STORE) starts at P (LEFT bytes
 * readable) with its 0x64 prefix, or -1. */
int code_map_gap_tls_form(const uint8_t *p, size_t left);

const char *code_gap_kind_name(enum code_gap_kind k);

/* The statistics as one log line's worth of text (no module name). */
void code_map_format(const struct code_map_stats *st, char *buf, size_t cap);

#endif
