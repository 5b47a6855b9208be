/* Code discovery (issue 14): a module built in memory whose one R+X segment holds code found
 * four ways (an FDE, a sized function symbol, the entry point, recursive descent only) and
 * data that decodes as FS loads, FS stores, syscalls and ASCII 'd' (0x64, the FS prefix)
 * runs, plus its own .eh_frame_hdr/.eh_frame. After module_rewrite_code the code is
 * rewritten and every data byte is as built. The expected image is the built image with the
 * changes written by hand at the offsets this file chose (FS prefix 64 -> 65, syscall 0F 05
 * -> ud2 0F 0B, rdfsbase/wrfsbase ModRM /0,/2 -> /1,/3 per the Intel SDM). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "loader/code_map.h"
#include "loader/module.h"
#include "placed_module.h"

#define SEG 0x1000

static uint8_t seg[SEG];     /* the segment as built */
static uint8_t expect[SEG];  /* what it must be after the rewrite */

static size_t put(size_t at, const void *bytes, size_t n) {
  memcpy(seg + at, bytes, n);
  return at + n;
}
static void rel32(size_t at_next, size_t target, size_t field) {
  int32_t d = (int32_t)((int64_t)target - (int64_t)at_next);
  memcpy(seg + field, &d, 4);
}
/* Records that SEG[AT] must become V. */
static void change(size_t at, uint8_t v) { expect[at] = v; }

/* offsets of the pieces */
enum {
  ENTRY = 0x000,   /* the ELF entry point: found as an entry, calls DESC1 */
  FDE_FN = 0x040,  /* covered by an FDE only */
  SYM_FN = 0x080,  /* covered by a sized symbol only; jumps to DESC2 */
  DESC1 = 0x0C0,   /* reached only through ENTRY's call */
  DESC2 = 0x100,   /* reached only through SYM_FN's jmp; branches into DATA_TRAP */
  EH_HDR = 0x180,
  EH_FRAME = 0x1A0,
  DATA = 0x200,
  DATA_TRAP = 0x300, /* a branch target that decodes as FS accesses then an invalid byte */
  GAP_TLS = 0x400,   /* an exact TLS form outside code: the allowed exception */
  GAP_SYSCALL = 0x420,
  TABLE = 0x800,     /* 'd' runs and pseudo-random bytes to the end */
};

static void build_segment(void) {
  memset(seg, 0xCC, sizeof seg);
  /* ENTRY: mov rax, fs:[0]; call DESC1; syscall; ret */
  static const uint8_t e0[] = {0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0, 0xE8, 0, 0, 0, 0,
                               0x0F, 0x05, 0xC3};
  put(ENTRY, e0, sizeof e0);
  rel32(ENTRY + 14, DESC1, ENTRY + 10);
  /* FDE_FN: mov rax, fs:[0x28]; 66 66 66 mov rax, fs:[0]; rdfsbase rax; syscall; ret */
  static const uint8_t f0[] = {0x64, 0x48, 0x8B, 0x04, 0x25, 0x28, 0, 0, 0,
                               0x66, 0x66, 0x66, 0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0,
                               0xF3, 0x48, 0x0F, 0xAE, 0xC0, 0x0F, 0x05, 0xC3};
  put(FDE_FN, f0, sizeof f0);
  /* SYM_FN: mov ecx, fs:[rax]; wrfsbase rdi; jmp DESC2 */
  static const uint8_t s0[] = {0x64, 0x8B, 0x08, 0xF3, 0x48, 0x0F, 0xAE, 0xD7, 0xE9, 0, 0, 0, 0};
  put(SYM_FN, s0, sizeof s0);
  rel32(SYM_FN + 13, DESC2, SYM_FN + 9);
  /* DESC1: mov fs:[0x10], eax; syscall; ret */
  static const uint8_t d1[] = {0x64, 0x89, 0x04, 0x25, 0x10, 0, 0, 0, 0x0F, 0x05, 0xC3};
  put(DESC1, d1, sizeof d1);
  /* DESC2: sub rax, fs:[0x28]; jz DATA_TRAP; mov eax, fs:[rip+0]; ret */
  static const uint8_t d2[] = {0x64, 0x48, 0x2B, 0x04, 0x25, 0x28, 0, 0, 0, 0x0F, 0x84, 0, 0, 0, 0,
                               0x64, 0x8B, 0x05, 0, 0, 0, 0, 0xC3};
  put(DESC2, d2, sizeof d2);
  rel32(DESC2 + 15, DATA_TRAP, DESC2 + 11);

  /* .eh_frame_hdr: version 1, eh_frame_ptr pcrel|sdata4, no table */
  uint8_t hdr[8] = {1, 0x1B, 0xFF, 0xFF};
  int32_t p = (int32_t)(EH_FRAME - (EH_HDR + 4));
  memcpy(hdr + 4, &p, 4);
  put(EH_HDR, hdr, sizeof hdr);
  /* .eh_frame: a CIE ("zR", FDE pointers pcrel|sdata4), one FDE for FDE_FN, a terminator */
  static const uint8_t cie[24] = {20, 0, 0, 0, 0, 0, 0, 0, 1, 'z', 'R', 0, 1, 0x78, 16, 1, 0x1B,
                                  0x0C, 0x07, 0x08, 0x90, 0x01, 0, 0};
  put(EH_FRAME, cie, sizeof cie);
  uint8_t fde[20] = {16, 0, 0, 0};
  uint32_t cie_ptr = 24 + 4; /* from the CIE pointer field back to the CIE */
  memcpy(fde + 4, &cie_ptr, 4);
  int32_t begin = (int32_t)(FDE_FN - (EH_FRAME + 24 + 8));
  memcpy(fde + 8, &begin, 4);
  uint32_t range = sizeof f0;
  memcpy(fde + 12, &range, 4);
  put(EH_FRAME + 24, fde, sizeof fde);
  static const uint8_t term[4] = {0};
  put(EH_FRAME + 44, term, 4);

  /* data that decodes as FS loads and stores (none of them an exact TLS form), syscalls,
   * a syscall hidden in a mov immediate */
  static const uint8_t data[] = {
      0x64, 0x8B, 0x00,                               /* mov eax, fs:[rax] */
      0x64, 0x48, 0x8B, 0x04, 0x25, 0x10, 0, 0, 0,    /* mov rax, fs:[0x10] */
      0x64, 0x48, 0x8B, 0x05, 0, 0, 0, 0,             /* mov rax, fs:[rip] */
      0x64, 0x89, 0x08,                               /* mov fs:[rax], ecx */
      0x64, 0x48, 0x89, 0x04, 0x25, 0, 0, 0, 0,       /* mov fs:[0], rax */
      0x64, 0x48, 0xC7, 0x04, 0x25, 0x28, 0, 0, 0, 1, 0, 0, 0, /* mov qword fs:[0x28], 1 */
      0x0F, 0x05, 0x0F, 0x05, 0xB8, 0x0F, 0x05, 0xC3, 0x90,
      0xF3, 0x48, 0x0F, 0xAE, 0xC0,                   /* rdfsbase rax */
  };
  put(DATA, data, sizeof data);
  /* DATA_TRAP: FS accesses and a syscall, then 06 (invalid in 64-bit mode): not code */
  static const uint8_t trap[] = {0x64, 0x8B, 0x00, 0x0F, 0x05, 0x64, 0x89, 0x08, 0x06};
  put(DATA_TRAP, trap, sizeof trap);
  /* the allowed exception: exact `mov rax, fs:[0]` forms outside code; a syscall left alone */
  static const uint8_t gtls[] = {0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0};
  put(GAP_TLS, gtls, sizeof gtls);
  static const uint8_t gpad[] = {0x66, 0x66, 0x66, 0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0};
  put(GAP_TLS + 0x10, gpad, sizeof gpad); /* lld's local-dynamic relaxation, padded */
  static const uint8_t gsys[] = {0x0F, 0x05};
  put(GAP_SYSCALL, gsys, sizeof gsys);
  /* 'd' runs (ASCII 0x64) and xorshift32 bytes to the end */
  for (size_t i = TABLE; i < TABLE + 0x200; i++) seg[i] = (i / 7) % 3 ? 'd' : ' ';
  uint32_t x = 2463534242u;
  for (size_t i = TABLE + 0x200; i < SEG; i++) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    seg[i] = (uint8_t)x;
  }
  /* expected: everything as built ... */
  memcpy(expect, seg, SEG);
  /* ... but the code: FS prefixes, syscalls, FS base accesses */
  change(ENTRY + 0, 0x65);
  change(ENTRY + 15, 0x0B);
  change(FDE_FN + 0, 0x65);
  change(FDE_FN + 12, 0x65);
  change(FDE_FN + 25, 0xC8); /* rdgsbase rax */
  change(FDE_FN + 27, 0x0B);
  change(SYM_FN + 0, 0x65);
  change(SYM_FN + 7, 0xDF);  /* wrgsbase rdi */
  change(DESC1 + 0, 0x65);
  change(DESC1 + 9, 0x0B);
  change(DESC2 + 0, 0x65);
  change(DESC2 + 15, 0x65);
  /* ... and the one allowed TLS form outside code */
  change(GAP_TLS, 0x65);
  change(GAP_TLS + 0x13, 0x65);
}

static void test_only_code_is_rewritten(void **state) {
  (void)state;
  build_segment();
  struct sce_builder *b = sb_new(false, "codemap");
  sb_set_code(b, seg, sizeof seg);
  sb_set_data(b, 0x100);
  sb_set_entry(b, SB_CODE_VADDR + ENTRY);
  sb_set_eh_frame_hdr(b, SB_CODE_VADDR + EH_HDR, 8);
  sb_add_function_symbol(b, "sym_fn", SB_CODE_VADDR + SYM_FN, 13);
  static struct placed pm;
  placed_build(&pm, b, "codemap");
  sb_free(b);
  struct loader_module *m = &pm.m;
  uint8_t *code = (uint8_t *)(uintptr_t)(m->base + SB_CODE_VADDR);
  assert_memory_equal(code, seg, SEG);
  struct code_map maps[SCE_FILE_MAX_PHDRS];
  size_t nmap = 0;
  module_rewrite_code(m, maps, &nmap);
  for (size_t i = 0; i < SEG; i++)
    if (code[i] != expect[i])
      fail_msg("byte 0x%zx is 0x%02x, expected 0x%02x (built 0x%02x)", i, code[i], expect[i],
               seg[i]);
  /* what was found and how */
  const struct code_map_stats *st = &m->rewrite;
  assert_int_equal(nmap, 1);
  assert_int_equal(st->fde_ranges, 1);
  assert_int_equal(st->symbol_ranges, 1);
  assert_int_equal(st->entry_points, 1);
  assert_int_equal(st->descent_paths, 3); /* ENTRY, DESC1, DESC2 */
  assert_true(st->descent_dropped >= 1);  /* DATA_TRAP */
  assert_int_equal(st->insn.syscalls, 3);
  assert_int_equal(st->insn.fsbase_rewritten, 2);
  assert_int_equal(st->insn.fs_rewritten, 7);
  assert_int_equal(st->gap_tls_rewritten, 2);
  assert_true(st->gap_syscalls_left >= 5); /* DATA (3), DATA_TRAP, GAP_SYSCALL, maybe the table */
  assert_true(code_map_is_code(&maps[0], m->base + DESC1 + 3));
  assert_false(code_map_is_code(&maps[0], m->base + DATA_TRAP));
  assert_false(code_map_is_code(&maps[0], m->base + EH_FRAME));
  bool listed = false;
  for (size_t i = 0; i < st->site_count; i++)
    if (st->sites[i].addr == m->base + GAP_TLS && st->sites[i].kind == CODE_GAP_TLS_BASE)
      listed = true;
  assert_true(listed);
  assert_true(st->code_bytes + st->data_bytes == SEG);
  /* the syscall sites the trap handler recognises are the code's, not the data's */
  assert_true(module_is_syscall_site(m, m->base + ENTRY + 14));
  assert_true(module_is_syscall_site(m, m->base + DESC1 + 8));
  assert_false(module_is_syscall_site(m, m->base + GAP_SYSCALL));
  char line[1024];
  code_map_format(st, line, sizeof line);
  assert_non_null(strstr(line, "fs:[0] load rewritten"));
  for (size_t k = 0; k < nmap; k++) code_map_free(&maps[k]);
  placed_free(&pm);
}

/* The gap forms, from their encodings (64 REX.W op ModRM=04|reg<<3 SIB=25 disp32). */
static void test_gap_forms(void **state) {
  (void)state;
  static const struct {
    uint8_t b[9];
    int kind;
  } c[] = {
      {{0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0}, CODE_GAP_TLS_BASE},        /* mov rax,fs:0 */
      {{0x64, 0x4C, 0x8B, 0x3C, 0x25, 0, 0, 0, 0}, CODE_GAP_TLS_BASE},        /* mov r15,fs:0 */
      {{0x64, 0x48, 0x8B, 0x0C, 0x25, 0x28, 0, 0, 0}, CODE_GAP_GUARD_LOAD},   /* mov rcx,fs:28 */
      {{0x64, 0x48, 0x2B, 0x04, 0x25, 0x28, 0, 0, 0}, CODE_GAP_GUARD_LOAD},   /* sub */
      {{0x64, 0x48, 0x33, 0x14, 0x25, 0x28, 0, 0, 0}, CODE_GAP_GUARD_LOAD},   /* xor */
      {{0x64, 0x48, 0x3B, 0x04, 0x25, 0x28, 0, 0, 0}, CODE_GAP_GUARD_LOAD},   /* cmp */
      {{0x64, 0x48, 0x89, 0x04, 0x25, 0x28, 0, 0, 0}, CODE_GAP_GUARD_STORE},  /* mov fs:28,rax */
      {{0x64, 0x48, 0x89, 0x04, 0x25, 0, 0, 0, 0}, -1},                       /* store to fs:0 */
      {{0x64, 0x48, 0x8B, 0x04, 0x25, 0x10, 0, 0, 0}, -1},                    /* fs:0x10 */
      {{0x64, 0x8B, 0x04, 0x25, 0, 0, 0, 0, 0}, -1},                          /* 32-bit */
      {{0x64, 0x48, 0x8B, 0x44, 0x25, 0, 0, 0, 0}, -1},                       /* mod 01 */
      {{0x64, 0x48, 0x8B, 0x04, 0x24, 0, 0, 0, 0}, -1},                       /* base rsp */
      {{0x64, 0x48, 0x2B, 0x04, 0x25, 0, 0, 0, 0}, -1},                       /* sub fs:0 */
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
    if (code_map_gap_tls_form(c[i].b, 9) != c[i].kind) fail_msg("case %zu", i);
  assert_int_equal(code_map_gap_tls_form(c[0].b, 8), -1); /* truncated */
}

/* Descent edge cases, on the API directly: a jump into the middle of a known range is not
 * followed; a path whose instruction straddles known code and a path running off the segment
 * are dropped and leave their bytes alone; a path joining known code is kept. */
static void test_descent_edges(void **state) {
  (void)state;
  uint8_t b[64];
  memset(b, 0x90, sizeof b);
  /* 0x00 (FDE range 0x00-0x0A): mov rax, fs:[0x28] (9 bytes); ret */
  static const uint8_t f[] = {0x64, 0x48, 0x8B, 0x04, 0x25, 0x28, 0, 0, 0, 0xC3};
  memcpy(b, f, sizeof f);
  /* 0x0E: mov eax, imm32 would run into the entry's code at 0x10 */
  b[0x0E] = 0xB8;
  /* 0x10 entry: jz 0x03 (inside the FDE range); jz 0x0E; jz 0x30; jmp 0x20 */
  static const uint8_t e[] = {0x74, 0xF1, 0x74, 0xFA, 0x74, 0x1A, 0xEB, 0x08};
  memcpy(b + 0x10, e, sizeof e);
  /* 0x20: mov eax, fs:[rax]; jmp 0x10 (known code) */
  static const uint8_t g[] = {0x64, 0x8B, 0x00, 0xEB, 0xEB};
  memcpy(b + 0x20, g, sizeof g);
  /* 0x30: mov eax, fs:[rax]; nops; a 5-byte mov eax, imm32 cut by the segment end at 0x40 */
  static const uint8_t h[] = {0x64, 0x8B, 0x00};
  memcpy(b + 0x30, h, sizeof h);
  b[0x3E] = 0xB8;
  b[0x3F] = 0x01;
  uint8_t want[64];
  memcpy(want, b, sizeof b);
  want[0x00] = 0x65; /* the FDE function */
  want[0x20] = 0x65; /* the path at 0x20 (it joins the entry's code) */
  const struct code_seed seeds[] = {{0x1000, 0x100A, CODE_SEED_FDE},
                                    {0x1010, 0x1010, CODE_SEED_ENTRY}};
  struct code_map_stats st = {0};
  struct code_map map;
  assert_true(code_map_rewrite(b, 0x1000, sizeof b, seeds, 2, &st, NULL, NULL, &map));
  assert_memory_equal(b, want, sizeof b);
  assert_int_equal(st.descent_paths, 2);   /* 0x10 and 0x20 */
  assert_int_equal(st.descent_dropped, 2); /* 0x0E (straddles) and 0x30 (runs off the end) */
  assert_false(code_map_is_code(&map, 0x100E));
  assert_false(code_map_is_code(&map, 0x1030));
  assert_true(code_map_is_code(&map, 0x1024));
  assert_int_equal(st.code_bytes, 0x0A + 8 + 5);
  code_map_free(&map);
}

int main(void) {
  log_set_level(LOG_LEVEL_WARN);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_only_code_is_rewritten),
      cmocka_unit_test(test_gap_forms),
      cmocka_unit_test(test_descent_edges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
