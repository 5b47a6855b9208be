#include "loader/code_map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "loader/rewrite_insn.h"

#define PREFIX_FS 0x64
#define PREFIX_GS 0x65

/* ---- bitmap ---- */

static bool bit_get(const uint64_t *bits, size_t i) { return (bits[i >> 6] >> (i & 63)) & 1; }

static void bits_set(uint64_t *bits, size_t from, size_t to) {
  while (from < to && (from & 63)) bits[from >> 6] |= 1ull << (from & 63), from++;
  for (; from + 64 <= to; from += 64) bits[from >> 6] = ~0ull;
  for (; from < to; from++) bits[from >> 6] |= 1ull << (from & 63);
}

/* True if any bit in [from, to) is set. */
static bool bits_any(const uint64_t *bits, size_t from, size_t to) {
  for (size_t i = from; i < to; i++)
    if (bit_get(bits, i)) return true;
  return false;
}

/* First index >= FROM (below SIZE) whose bit equals WANT, or SIZE. */
static size_t bits_find(const uint64_t *bits, size_t from, size_t size, bool want) {
  while (from < size) {
    uint64_t w = bits[from >> 6];
    if (!want) w = ~w;
    w &= ~0ull << (from & 63);
    if (w) {
      size_t i = (from & ~(size_t)63) + (size_t)__builtin_ctzll(w);
      return i < size ? i : size;
    }
    from = (from & ~(size_t)63) + 64;
  }
  return size;
}

/* ---- growable arrays ---- */

struct u64_vec {
  uint64_t *v;
  size_t n, cap;
};
static bool vec_push(struct u64_vec *a, uint64_t x) {
  if (a->n == a->cap) {
    size_t cap = a->cap ? a->cap * 2 : 256;
    uint64_t *v = realloc(a->v, cap * sizeof *v);
    if (!v) return false;
    a->v = v;
    a->cap = cap;
  }
  a->v[a->n++] = x;
  return true;
}

/* ---- the decoding passes ---- */

struct walk {
  uint8_t *mem;
  uint64_t addr;
  size_t size;
  uint64_t *bits;
  uint64_t *dead; /* instruction starts of dropped paths: a path reaching one is dropped too */
  ZydisDecoder dec;
  struct code_map_stats *st;
  rewrite_site_fn on_syscall;
  void *ctx;
  struct u64_vec work;  /* offsets to descend from */
  struct u64_vec path;  /* offset << 8 | length of each instruction of the current path */
  struct u64_vec targets; /* branch targets of the current path */
  bool oom;
};

/* Offset of the target of a direct (relative) branch INS at OFF, if inside the segment. */
static bool branch_target(const struct walk *w, const ZydisDecodedInstruction *ins, size_t off,
                          size_t *target) {
  if (ins->meta.category != ZYDIS_CATEGORY_CALL && ins->meta.category != ZYDIS_CATEGORY_COND_BR &&
      ins->meta.category != ZYDIS_CATEGORY_UNCOND_BR)
    return false;
  if (ins->raw.imm[0].size == 0 || !ins->raw.imm[0].is_relative) return false;
  int64_t t = (int64_t)off + ins->length + ins->raw.imm[0].value.s;
  if (t < 0 || (uint64_t)t >= w->size) return false;
  *target = (size_t)t;
  return true;
}

/* True if control never falls through INS to the next instruction. */
static bool ends_path(const ZydisDecodedInstruction *ins) {
  switch (ins->meta.category) {
  case ZYDIS_CATEGORY_RET:
  case ZYDIS_CATEGORY_UNCOND_BR: return true;
  default: break;
  }
  switch (ins->mnemonic) {
  case ZYDIS_MNEMONIC_UD0: case ZYDIS_MNEMONIC_UD1: case ZYDIS_MNEMONIC_UD2:
  case ZYDIS_MNEMONIC_INT3: case ZYDIS_MNEMONIC_HLT: case ZYDIS_MNEMONIC_IRET:
  case ZYDIS_MNEMONIC_IRETD: case ZYDIS_MNEMONIC_IRETQ: case ZYDIS_MNEMONIC_SYSRET:
  case ZYDIS_MNEMONIC_SYSEXIT:
    return true;
  default: return false;
  }
}

static void queue(struct walk *w, size_t target) {
  if (!bit_get(w->bits, target) && !vec_push(&w->work, target)) w->oom = true;
}

/* Decodes the known-code range [from, to) linearly, rewriting it and queueing the targets of
 * its direct branches. Returns where decoding stopped (>= to). */
static size_t decode_linear(struct walk *w, size_t from, size_t to) {
  ZydisDecodedInstruction ins;
  size_t off = from;
  while (off < to) {
    if (!ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&w->dec, NULL, w->mem + off, to - off,
                                                    &ins))) {
      w->st->insn.undecodable++;
      off++;
      continue;
    }
    rewrite_insn(w->mem + off, &ins, w->addr + off, &w->st->insn, w->on_syscall, w->ctx);
    size_t t;
    if (branch_target(w, &ins, off, &t) && (t < from || t >= to)) queue(w, t);
    off += ins.length;
  }
  return off;
}

/* Decodes one path from START without changing anything; commits it (marks, rewrites,
 * queues its targets) if it ended cleanly. */
static void descend(struct walk *w, size_t start) {
  ZydisDecodedInstruction ins;
  w->path.n = w->targets.n = 0;
  size_t pc = start;
  bool ok = true;
  for (;;) {
    if (pc >= w->size) { ok = false; break; }     /* ran off the segment */
    if (bit_get(w->bits, pc)) break;              /* joined known code */
    if (bit_get(w->dead, pc)) { ok = false; break; } /* joined a dropped path */
    if (!ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&w->dec, NULL, w->mem + pc, w->size - pc,
                                                    &ins)) ||
        bits_any(w->bits, pc + 1, pc + ins.length)) {
      ok = false;                                 /* no code, or straddles a known instruction */
      break;
    }
    if (!vec_push(&w->path, (uint64_t)pc << 8 | ins.length)) { w->oom = true; return; }
    size_t t;
    if (branch_target(w, &ins, pc, &t) && !vec_push(&w->targets, t)) { w->oom = true; return; }
    if (ends_path(&ins)) break;
    pc += ins.length;
  }
  if (!ok) {
    w->st->descent_dropped++;
    LOG(loader, DEBUG, "descent from 0x%llx dropped at 0x%llx: no code there",
        (unsigned long long)(w->addr + start), (unsigned long long)(w->addr + pc));
    for (size_t i = 0; i < w->path.n; i++) bits_set(w->dead, (size_t)(w->path.v[i] >> 8),
                                                    (size_t)(w->path.v[i] >> 8) + 1);
    bits_set(w->dead, start, start + 1);
    return;
  }
  w->st->descent_paths++;
  for (size_t i = 0; i < w->path.n; i++) {
    size_t off = (size_t)(w->path.v[i] >> 8), len = (size_t)(w->path.v[i] & 0xFF);
    /* decode again (cheap next to the walk) to rewrite with full instruction details */
    if (ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&w->dec, NULL, w->mem + off, len, &ins)))
      rewrite_insn(w->mem + off, &ins, w->addr + off, &w->st->insn, w->on_syscall, w->ctx);
    bits_set(w->bits, off, off + len);
    w->st->descent_bytes += len;
  }
  for (size_t i = 0; i < w->targets.n; i++) queue(w, (size_t)w->targets.v[i]);
}

int code_map_gap_tls_form(const uint8_t *p, size_t left) {
  /* 64 REX.W(/R) op ModRM(mod 00, rm 100: SIB follows) SIB 0x25 (no base, no index) disp32 */
  if (left < 9 || p[0] != PREFIX_FS || (p[1] != 0x48 && p[1] != 0x4C) || (p[3] & 0xC7) != 0x04 ||
      p[4] != 0x25)
    return -1;
  uint32_t disp =
      (uint32_t)p[5] | (uint32_t)p[6] << 8 | (uint32_t)p[7] << 16 | (uint32_t)p[8] << 24;
  if (disp == 0) return p[2] == 0x8B ? CODE_GAP_TLS_BASE : -1;
  if (disp != 0x28) return -1;
  switch (p[2]) {
  case 0x8B: case 0x2B: case 0x33: case 0x3B: return CODE_GAP_GUARD_LOAD; /* mov sub xor cmp */
  case 0x89: return CODE_GAP_GUARD_STORE;
  default: return -1;
  }
}

const char *code_gap_kind_name(enum code_gap_kind k) {
  switch (k) {
  case CODE_GAP_TLS_BASE: return "fs:[0] load rewritten";
  case CODE_GAP_GUARD_LOAD: return "fs:[0x28] load rewritten";
  case CODE_GAP_GUARD_STORE: return "fs:[0x28] store rewritten";
  case CODE_GAP_SYSCALL: return "syscall left";
  }
  return "?";
}

/* A rewritten TLS form outside code is logged at INFO (it changed bytes not known to be code);
 * a syscall left there at DEBUG (random data holds one every 64 KiB on average). */
static void add_site(struct code_map_stats *st, uint64_t addr, enum code_gap_kind k) {
  if (k == CODE_GAP_SYSCALL)
    LOG(loader, DEBUG, "outside known code at 0x%llx: %s", (unsigned long long)addr,
        code_gap_kind_name(k));
  else
    LOG(loader, INFO, "outside known code at 0x%llx: %s", (unsigned long long)addr,
        code_gap_kind_name(k));
  if (st->site_count < CODE_MAP_SITES)
    st->sites[st->site_count++] = (struct code_gap_site){addr, k};
}

/* The TLS forms and syscalls in the gap [from, to). */
static void scan_gap(struct walk *w, size_t from, size_t to) {
  /* one pass over the gap for both byte values, in address order */
  for (size_t i = from; i < to; i++) {
    uint8_t b = w->mem[i];
    if (b == PREFIX_FS) {
      int k = code_map_gap_tls_form(w->mem + i, to - i);
      if (k < 0) continue;
      w->mem[i] = PREFIX_GS;
      w->st->gap_tls_rewritten++;
      add_site(w->st, w->addr + i, (enum code_gap_kind)k);
      i += 8;
    } else if (b == 0x0F && i + 1 < to && w->mem[i + 1] == 0x05) {
      w->st->gap_syscalls_left++;
      add_site(w->st, w->addr + i, CODE_GAP_SYSCALL);
      i++;
    }
  }
}

static int seed_cmp(const void *a, const void *b) {
  const struct code_seed *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

bool code_map_rewrite(uint8_t *mem, uint64_t addr, size_t size, const struct code_seed *seeds,
                      size_t seed_count, struct code_map_stats *st, rewrite_site_fn on_syscall,
                      void *ctx, struct code_map *map) {
  if (map) *map = (struct code_map){addr, size, NULL};
  struct walk w = {.mem = mem, .addr = addr, .size = size, .st = st, .on_syscall = on_syscall,
                   .ctx = ctx};
  w.bits = calloc(size / 64 + 1, sizeof *w.bits);
  w.dead = calloc(size / 64 + 1, sizeof *w.dead);
  struct code_seed *ranges = calloc(seed_count ? seed_count : 1, sizeof *ranges);
  if (!w.bits || !w.dead || !ranges) {
    free(w.bits);
    free(w.dead);
    free(ranges);
    return false;
  }
  rewrite_decoder_init(&w.dec);
  st->segments++;
  /* linear seeds, clipped to the segment, in address order */
  size_t nr = 0;
  for (size_t i = 0; i < seed_count; i++) {
    const struct code_seed *s = &seeds[i];
    if (s->start < addr || s->start - addr >= size) continue;
    if (s->end <= s->start) { /* an entry point */
      if (s->kind == CODE_SEED_SYMBOL) st->symbol_entries++; else st->entry_points++;
      continue;
    }
    if (s->kind == CODE_SEED_FDE) st->fde_ranges++; else st->symbol_ranges++;
    ranges[nr] = *s;
    if (ranges[nr].end - addr > size) ranges[nr].end = addr + size;
    nr++;
  }
  qsort(ranges, nr, sizeof *ranges, seed_cmp);
  /* overlapping ranges (an FDE and its function's symbol) are decoded once, from the first
   * start on; every range's bytes are code */
  size_t done = 0;
  for (size_t i = 0; i < nr; i++) {
    size_t from = (size_t)(ranges[i].start - addr), to = (size_t)(ranges[i].end - addr);
    bits_set(w.bits, from, to);
    if (to <= done) continue;
    done = decode_linear(&w, from > done ? from : done, to);
  }
  free(ranges);
  /* entry points, then descent from them and from every branch target found */
  for (size_t i = 0; i < seed_count; i++) {
    const struct code_seed *s = &seeds[i];
    if (s->end <= s->start && s->start >= addr && s->start - addr < size)
      queue(&w, s->start - addr);
  }
  while (w.work.n && !w.oom) {
    size_t t = (size_t)w.work.v[--w.work.n];
    if (!bit_get(w.bits, t) && !bit_get(w.dead, t)) descend(&w, t);
  }
  /* the gaps */
  uint64_t code = 0;
  for (size_t at = 0; at < size;) {
    size_t gap = bits_find(w.bits, at, size, false);
    code += gap - at;
    if (gap == size) break;
    size_t end = bits_find(w.bits, gap, size, true);
    scan_gap(&w, gap, end);
    at = end;
  }
  st->code_bytes += code;
  st->data_bytes += size - code;
  free(w.dead);
  free(w.work.v);
  free(w.path.v);
  free(w.targets.v);
  if (w.oom)
    LOG(loader, WARN, "out of memory during recursive descent at 0x%llx: code may be missed",
        (unsigned long long)addr);
  if (map) map->bits = w.bits; else free(w.bits);
  return true;
}

bool code_map_is_code(const struct code_map *map, uint64_t addr) {
  return map->bits && addr >= map->addr && addr - map->addr < map->size &&
         bit_get(map->bits, (size_t)(addr - map->addr));
}

void code_map_free(struct code_map *map) {
  free(map->bits);
  map->bits = NULL;
}

void code_map_format(const struct code_map_stats *st, char *buf, size_t cap) {
  const struct rewrite_stats *r = &st->insn;
  int n = snprintf(
      buf, cap,
      "0x%llx bytes code, 0x%llx bytes data in %llu executable segment%s; code from %llu FDEs, "
      "%llu sized symbols, %llu symbol and %llu other entry points, descent %llu paths "
      "(0x%llx bytes, %llu dropped); %llu instructions, FS sites %llu (rewritten %llu), FS base "
      "accesses rewritten %llu, syscalls trapped %llu, ambiguous %llu, undecodable bytes %llu; "
      "outside code: TLS forms rewritten %llu, syscalls left %llu",
      (unsigned long long)st->code_bytes, (unsigned long long)st->data_bytes,
      (unsigned long long)st->segments, st->segments == 1 ? "" : "s",
      (unsigned long long)st->fde_ranges, (unsigned long long)st->symbol_ranges,
      (unsigned long long)st->symbol_entries, (unsigned long long)st->entry_points,
      (unsigned long long)st->descent_paths, (unsigned long long)st->descent_bytes,
      (unsigned long long)st->descent_dropped, (unsigned long long)r->instructions,
      (unsigned long long)r->fs_sites, (unsigned long long)r->fs_rewritten,
      (unsigned long long)r->fsbase_rewritten, (unsigned long long)r->syscalls,
      (unsigned long long)r->ambiguous, (unsigned long long)r->undecodable,
      (unsigned long long)st->gap_tls_rewritten, (unsigned long long)st->gap_syscalls_left);
  uint64_t total = st->gap_tls_rewritten + st->gap_syscalls_left;
  for (size_t i = 0; i < st->site_count && n >= 0 && (size_t)n < cap; i++)
    n += snprintf(buf + n, cap - (size_t)n, "%s0x%llx %s", i ? ", " : " [",
                  (unsigned long long)st->sites[i].addr, code_gap_kind_name(st->sites[i].kind));
  if (st->site_count && n >= 0 && (size_t)n < cap) {
    if (total > st->site_count)
      n += snprintf(buf + n, cap - (size_t)n, ", and %llu more]",
                    (unsigned long long)(total - st->site_count));
    else
      snprintf(buf + n, cap - (size_t)n, "]");
  }
}
