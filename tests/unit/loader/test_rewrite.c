/* FS->GS prefix rewrite and syscall->ud2 on instruction sequences: prefixed forms,
 * rip-relative forms, and bytes that merely look like prefixes/opcodes must stay untouched. */
#define _GNU_SOURCE
#include <link.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include <Zydis/Zydis.h>

#include "loader/rewrite.h"

struct case_ {
  const char *what;
  uint8_t in[24], out[24];
  size_t len;
  uint64_t fs, syscalls;
};

static const struct case_ cases[] = {
    {"mov rax, fs:[0]", {0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0},
     {0x65, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0}, 9, 1, 0},
    {"mov rax, fs:[0x28] with 0x66 padding", {0x66, 0x66, 0x64, 0x48, 0x8B, 0x04, 0x25, 0x28, 0, 0, 0},
     {0x66, 0x66, 0x65, 0x48, 0x8B, 0x04, 0x25, 0x28, 0, 0, 0}, 11, 1, 0},
    {"66 prefix after fs", {0x64, 0x66, 0x8B, 0x04, 0x25, 0x10, 0, 0, 0},
     {0x65, 0x66, 0x8B, 0x04, 0x25, 0x10, 0, 0, 0}, 9, 1, 0},
    {"mov eax, fs:[rip+0x10]", {0x64, 0x8B, 0x05, 0x10, 0, 0, 0},
     {0x65, 0x8B, 0x05, 0x10, 0, 0, 0}, 7, 1, 0},
    {"mov fs:[0x28] store, imm", {0x64, 0x48, 0xC7, 0x04, 0x25, 0x28, 0, 0, 0, 0x64, 0, 0, 0},
     {0x65, 0x48, 0xC7, 0x04, 0x25, 0x28, 0, 0, 0, 0x64, 0, 0, 0}, 13, 1, 0},
    {"mov rax, [rip+0x64] (no segment)", {0x48, 0x8B, 0x05, 0x64, 0, 0, 0},
     {0x48, 0x8B, 0x05, 0x64, 0, 0, 0}, 7, 0, 0},
    {"mov eax, 0x64 (0x64 as immediate)", {0xB8, 0x64, 0x64, 0, 0},
     {0xB8, 0x64, 0x64, 0, 0}, 5, 0, 0},
    {"gs access untouched", {0x65, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0},
     {0x65, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0}, 9, 0, 0},
    {"syscall", {0xB8, 0x14, 0, 0, 0, 0x0F, 0x05, 0xC3},
     {0xB8, 0x14, 0, 0, 0, 0x0F, 0x0B, 0xC3}, 8, 0, 1},
    {"0F 05 inside an immediate", {0xB8, 0x0F, 0x05, 0, 0, 0xC3},
     {0xB8, 0x0F, 0x05, 0, 0, 0xC3}, 6, 0, 0},
    {"lea with fs-looking displacement", {0x48, 0x8D, 0x80, 0x64, 0x0F, 0x05, 0},
     {0x48, 0x8D, 0x80, 0x64, 0x0F, 0x05, 0}, 7, 0, 0},
    {"two fs accesses", {0x64, 0x8B, 0x00, 0x64, 0x89, 0x08},
     {0x65, 0x8B, 0x00, 0x65, 0x89, 0x08}, 6, 2, 0},
};

static uint64_t site_seen;
static void on_site(void *ctx, uint64_t addr) {
  (void)ctx;
  site_seen = addr;
}

static void test_cases(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct case_ *c = &cases[i];
    uint8_t buf[24];
    memcpy(buf, c->in, c->len);
    struct rewrite_stats st = {0};
    site_seen = 0;
    rewrite_range(buf, c->len, 0x1000, &st, on_site, NULL);
    if (memcmp(buf, c->out, c->len) != 0) fail_msg("%s: bytes differ", c->what);
    if (st.fs_sites != c->fs || st.fs_rewritten != c->fs) fail_msg("%s: fs count %llu", c->what,
                                                                    (unsigned long long)st.fs_sites);
    if (st.syscalls != c->syscalls) fail_msg("%s: syscall count", c->what);
    if (c->syscalls) assert_int_equal(site_seen, 0x1005);
    assert_int_equal(st.undecodable, 0);
  }
}

/* rdfsbase/wrfsbase read and write the guest's FS base, which lives in the GS base here: they
 * become rdgsbase/wrgsbase (Intel SDM vol. 2: F3 REX.W 0F AE /0 rdfsbase, /1 rdgsbase,
 * /2 wrfsbase, /3 wrgsbase), same length; the expected bytes come from that table and the
 * result is also decoded with Zydis. */
static void test_fsbase_becomes_gsbase(void **state) {
  (void)state;
  static const struct {
    uint8_t in[5], out[5];
    ZydisMnemonic want;
  } c[] = {
      {{0xF3, 0x48, 0x0F, 0xAE, 0xC0}, {0xF3, 0x48, 0x0F, 0xAE, 0xC8}, ZYDIS_MNEMONIC_RDGSBASE},
      {{0xF3, 0x49, 0x0F, 0xAE, 0xD7}, {0xF3, 0x49, 0x0F, 0xAE, 0xDF}, ZYDIS_MNEMONIC_WRGSBASE},
      {{0xF3, 0x0F, 0xAE, 0xC1, 0x90}, {0xF3, 0x0F, 0xAE, 0xC9, 0x90}, ZYDIS_MNEMONIC_RDGSBASE},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    uint8_t buf[5];
    memcpy(buf, c[i].in, 5);
    struct rewrite_stats st = {0};
    rewrite_range(buf, 5, 0, &st, NULL, NULL);
    assert_memory_equal(buf, c[i].out, 5);
    assert_int_equal(st.fsbase_rewritten, 1);
    assert_int_equal(st.ambiguous, 0);
    ZydisDecoder dec;
    ZydisDecoderInit(&dec, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    ZydisDecodedInstruction ins;
    assert_true(ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&dec, NULL, buf, 5, &ins)));
    assert_int_equal(ins.mnemonic, c[i].want);
  }
}

static void test_undecodable_bytes_skipped(void **state) {
  (void)state;
  uint8_t buf[] = {0x06, 0x64, 0x8B, 0x00}; /* 06 (push es) is invalid in 64-bit mode */
  struct rewrite_stats st = {0};
  rewrite_range(buf, sizeof buf, 0, &st, NULL, NULL);
  assert_int_equal(st.undecodable, 1);
  assert_int_equal(buf[1], 0x65); /* decoding resumed after the bad byte */
}

/* .eh_frame of this very test program: the function ranges must cover test_cases. */
struct eh_search {
  uint64_t hdr;
  size_t size;
  uint64_t seg_start[32], seg_end[32];
  int segs;
};
static int find_eh(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  struct eh_search *s = data;
  if (s->hdr) return 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_GNU_EH_FRAME) {
      s->hdr = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
      s->size = info->dlpi_phdr[i].p_memsz;
    }
  for (int i = 0; s->hdr && i < info->dlpi_phnum && s->segs < 32; i++)
    if (info->dlpi_phdr[i].p_type == PT_LOAD) {
      s->seg_start[s->segs] = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
      s->seg_end[s->segs++] = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr + info->dlpi_phdr[i].p_filesz;
    }
  return s->hdr != 0;
}

static void test_eh_frame_ranges(void **state) {
  (void)state;
  struct eh_search s = {0};
  dl_iterate_phdr(find_eh, &s);
  assert_true(s.hdr != 0);
  uint64_t eh = rewrite_eh_frame_from_hdr((const uint8_t *)(uintptr_t)s.hdr, s.size, s.hdr);
  assert_true(eh != 0);
  /* the walk is bounded by the end of the loaded segment holding .eh_frame */
  uint64_t end = 0;
  for (int i = 0; i < s.segs; i++)
    if (eh >= s.seg_start[i] && eh < s.seg_end[i]) end = s.seg_end[i];
  assert_true(end > eh);
  static struct code_range ranges[20000];
  long n = rewrite_eh_frame_ranges((const uint8_t *)(uintptr_t)eh, end - eh, eh, ranges, 20000);
  assert_true(n > 5);
  uint64_t fn = (uint64_t)(uintptr_t)test_cases;
  bool found = false;
  for (long i = 0; i < n && i < 20000; i++)
    if (fn >= ranges[i].start && fn < ranges[i].end) found = true;
  assert_true(found);
  /* malformed: a length that runs past the end */
  uint8_t bad[8] = {0xF0, 0, 0, 0, 0, 0, 0, 0};
  assert_int_equal(rewrite_eh_frame_ranges(bad, sizeof bad, 0, NULL, 0), -1);
  /* a record too short to hold its CIE id (found by fuzz_loader) */
  uint8_t short_rec[16] = {2, 0, 0, 0, 8, 0, 0, 0, 0x1B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
  assert_int_equal(rewrite_eh_frame_ranges(short_rec, sizeof short_rec, 0, NULL, 0), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_cases),
      cmocka_unit_test(test_fsbase_becomes_gsbase),
      cmocka_unit_test(test_undecodable_bytes_skipped),
      cmocka_unit_test(test_eh_frame_ranges),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
