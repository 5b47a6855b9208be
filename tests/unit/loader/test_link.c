/* Runtime linker: relocation kinds, resolution order (HLE exact -> module exports -> NID
 * only), unresolved thunks (return 0, log once), unresolved objects (named in the log when
 * the HLE knows the NID as the other kind), unsupported relocation errors, and TLS blocks.
 * Modules are placed in host buffers (no guest bands needed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"
#include "common/nid.h"
#include "loader/linker.h"
#include "loader/loader.h"
#include <pthread.h>
#include "sce/sce_elf.h"
#include "loader/tls.h"
#include "placed_module.h"
#include "test_log_capture.h"

static char nid_a[12], nid_b[12], nid_c[12], nid_d[12], nid_e[12], nid_obj[12];
static uint64_t hle_fn_a = 0x1000, hle_fn_c = 0x3000, hle_obj = 0x5000;

static struct linker_hle_answer fake_exact(const struct linker_import *imp) {
  struct linker_hle_answer a = {0};
  if (!strcmp(imp->library, "libkernel") && !strcmp(imp->module, "libkernel") && !imp->is_object &&
      !strcmp(imp->nid, nid_a))
    a.addr = hle_fn_a, a.name = "a";
  if (!strcmp(imp->library, "libkernel") && imp->is_object && !strcmp(imp->nid, nid_obj))
    a.addr = hle_obj, a.name = "obj", a.is_stub = true;
  return a;
}
static struct linker_hle_answer fake_nid(const struct linker_import *imp) {
  struct linker_hle_answer a = {0};
  if (!imp->is_object && (!strcmp(imp->nid, nid_a))) a.addr = hle_fn_a;
  if (!imp->is_object && (!strcmp(imp->nid, nid_c))) a.addr = hle_fn_c, a.name = "fn_c";
  return a;
}
static const struct linker_hle_ops fake_ops = {fake_exact, fake_nid};

static int setup(void **state) {
  (void)state;
  nid_from_name("fn_a", nid_a);
  nid_from_name("fn_b", nid_b);
  nid_from_name("fn_c", nid_c);
  nid_from_name("fn_d", nid_d);
  nid_from_name("fn_e", nid_e);
  nid_from_name("obj_x", nid_obj);
  module_registry_clear();
  linker_set_hle(&fake_ops);
  return 0;
}

static void test_resolution_order(void **state) {
  (void)state;
  /* the provider PRX exports a (libkernel), b (libFoo) and d (libOther) */
  struct sce_builder *pb = sb_new(true, "provider");
  static const uint8_t code[64] = {0xC3};
  sb_set_code(pb, code, sizeof code);
  sb_set_data(pb, 64);
  unsigned k = sb_add_library(pb, "libkernel", 1, true);
  sb_add_export(pb, nid_a, k, false, 0x10);
  sb_add_library(pb, "libFoo", 1, true); /* export ids are 0: reuse k for every export */
  sb_add_export(pb, nid_b, k, false, 0x20);
  struct placed prov;
  placed_build(&prov, pb, "provider.prx");
  sb_free(pb);
  /* every export of the provider belongs to its library id 0: the first export library
   * ("libkernel"). A second provider supplies libFoo/libOther exports. */
  struct sce_builder *qb = sb_new(true, "provider2");
  sb_set_code(qb, code, sizeof code);
  sb_set_data(qb, 64);
  unsigned f = sb_add_library(qb, "libFoo", 1, true);
  sb_add_export(qb, nid_b, f, false, 0x20);
  sb_add_export(qb, nid_d, f, false, 0x30);
  struct placed prov2;
  placed_build(&prov2, qb, "provider2.prx");
  sb_free(qb);
  assert_true(module_register(&prov.m));
  assert_true(module_register(&prov2.m));

  enum linker_source src;
  bool stub;
  struct linker_import imp = {.library = "libkernel", .module = "libkernel", .nid = nid_a};
  /* 1. HLE exact wins over a module export of the same NID and library */
  assert_int_equal(linker_resolve(&imp, NULL, &src, &stub), hle_fn_a);
  assert_int_equal(src, LINKER_FROM_HLE);
  /* 2. exports of loaded modules by NID + library name */
  imp = (struct linker_import){.library = "libFoo", .module = "libFoo", .nid = nid_b};
  assert_int_equal(linker_resolve(&imp, NULL, &src, &stub), prov2.m.base + 0x20);
  assert_int_equal(src, LINKER_FROM_MODULE);
  /* 3. NID-only in HLE before NID-only in modules */
  imp = (struct linker_import){.library = "libBar", .module = "libBar", .nid = nid_c};
  assert_int_equal(linker_resolve(&imp, NULL, &src, &stub), hle_fn_c);
  assert_int_equal(src, LINKER_FROM_HLE_NID);
  imp = (struct linker_import){.library = "libBaz", .module = "libBaz", .nid = nid_d};
  assert_int_equal(linker_resolve(&imp, NULL, &src, &stub), prov2.m.base + 0x30);
  assert_int_equal(src, LINKER_FROM_MODULE_NID);
  /* kind matters: an object import does not bind to a function export */
  imp = (struct linker_import){.library = "libFoo", .module = "libFoo", .nid = nid_b, .is_object = true};
  linker_resolve(&imp, NULL, &src, &stub);
  assert_int_equal(src, LINKER_UNRESOLVED);
  /* nothing anywhere */
  imp = (struct linker_import){.library = "libX", .module = "libX", .nid = nid_e};
  assert_int_equal(linker_resolve(&imp, NULL, &src, &stub), 0);
  assert_int_equal(src, LINKER_UNRESOLVED);
  module_registry_clear();
  placed_free(&prov);
  placed_free(&prov2);
}

typedef uint64_t (*thunk_fn)(void);

static void test_relocations(void **state) {
  (void)state;
  struct sce_builder *b = sb_new(false, "importer");
  static const uint8_t code[256] = {0xC3};
  sb_set_code(b, code, sizeof code);
  sb_set_data(b, 0x200);
  sb_set_tls(b, 0x100, 8, 32, 16);
  unsigned lk = sb_add_library(b, "libkernel", 1, false);
  unsigned mk = sb_add_module(b, "libkernel", 1, 1);
  unsigned lx = sb_add_library(b, "libMissing", 1, false);
  unsigned mx = sb_add_module(b, "libMissing", 1, 1);
  unsigned sa = sb_add_import(b, nid_a, lk, mk, false);
  unsigned so = sb_add_import(b, nid_obj, lk, mk, true);
  unsigned se = sb_add_import(b, nid_e, lx, mx, false);
  unsigned sx = sb_add_import(b, nid_d, lx, mx, true);
  unsigned sc = sb_add_import(b, nid_c, lx, mx, true); /* the HLE has it as a function */
  unsigned own = sb_add_export(b, nid_b, sb_add_library(b, "importer", 1, true), false, 0x40);
  const uint64_t D = SB_DATA_VADDR;
  sb_add_rela(b, D + 0x00, SCE_R_X86_64_RELATIVE, 0, 0x1234, false);
  sb_add_rela(b, D + 0x08, SCE_R_X86_64_64, sa, 0x10, false);
  sb_add_rela(b, D + 0x10, SCE_R_X86_64_GLOB_DAT, so, 0x99, false); /* addend ignored */
  sb_add_rela(b, D + 0x18, SCE_R_X86_64_64, own, 4, false);         /* own defined symbol */
  sb_add_rela(b, D + 0x20, SCE_R_X86_64_DTPMOD64, 0, 0, false);
  sb_add_rela(b, D + 0x28, SCE_R_X86_64_GLOB_DAT, sx, 0, false);    /* unresolved object */
  sb_add_rela(b, D + 0x30, SCE_R_X86_64_JUMP_SLOT, sa, 0, true);
  sb_add_rela(b, D + 0x38, SCE_R_X86_64_JUMP_SLOT, se, 0, true);    /* unresolved function */
  sb_add_rela(b, D + 0x40, SCE_R_X86_64_JUMP_SLOT, se, 0, true);    /* same import again */
  sb_add_rela(b, D + 0x48, SCE_R_X86_64_64, 0, 0x77, false);         /* null symbol: S = 0 */
  sb_add_rela(b, D + 0x50, SCE_R_X86_64_GLOB_DAT, sc, 0, false);    /* kind mismatch */
  struct placed p;
  placed_build(&p, b, "importer");
  sb_free(b);
  p.m.tls_index = 7;
  char err[256] = "";
  struct test_log_capture log;
  test_log_capture_begin(&log, "link-log");
  bool linked = linker_relocate(&p.m, err, sizeof err);
  char *log_text = test_log_capture_end(&log);
  if (!linked) fail_msg("%s", err);
  /* an unresolved import the HLE knows as the other kind is logged with its name */
  char want[128];
  snprintf(want, sizeof want, "unresolved object %s (fn_c)", nid_c);
  assert_non_null(strstr(log_text, want));
  snprintf(want, sizeof want, "unresolved object %s (name unknown)", nid_d);
  assert_non_null(strstr(log_text, want));
  free(log_text);
  assert_int_equal(placed_read64(&p, D + 0x50), linker_invalid_object_address());
  assert_int_equal(placed_read64(&p, D + 0x00), p.m.base + 0x1234);
  assert_int_equal(placed_read64(&p, D + 0x08), hle_fn_a + 0x10);
  assert_int_equal(placed_read64(&p, D + 0x10), hle_obj);
  assert_int_equal(placed_read64(&p, D + 0x18), p.m.base + 0x40 + 4);
  assert_int_equal(placed_read64(&p, D + 0x20), 7);
  assert_int_equal(placed_read64(&p, D + 0x28), linker_invalid_object_address());
  assert_int_equal(placed_read64(&p, D + 0x30), hle_fn_a);
  uint64_t thunk = placed_read64(&p, D + 0x38);
  assert_true(thunk != 0);
  assert_int_equal(placed_read64(&p, D + 0x40), thunk); /* one thunk per import */
  assert_int_equal(placed_read64(&p, D + 0x48), 0x77);
  /* counts per imported library: libkernel 1 resolved + 1 stubbed; libMissing 3 unresolved */
  assert_int_equal(p.m.lib_counts[0][0], 1);
  assert_int_equal(p.m.lib_counts[0][1], 1);
  assert_int_equal(p.m.lib_counts[1][2], 3);
  linker_log_summary(&p.m);
  /* the thunk returns 0 in rax and xmm0 and logs once */
  assert_true(linker_seal_thunks());
  unsigned before = linker_unresolved_log_count();
  assert_int_equal(((thunk_fn)(uintptr_t)thunk)(), 0);
  double (*as_double)(void) = (double (*)(void))(uintptr_t)thunk;
  assert_true(as_double() == 0.0);
  assert_int_equal(linker_unresolved_log_count(), before + 1);
  placed_free(&p);
}

/* The log written while FN runs (malloc'd, the caller frees it). */
static char *logged_while(bool (*fn)(struct placed *, char *, size_t), struct placed *p,
                          char *err, size_t cap, bool *result) {
  struct test_log_capture log;
  test_log_capture_begin(&log, "link-log");
  *result = fn(p, err, cap);
  return test_log_capture_end(&log);
}

static bool relocate(struct placed *p, char *err, size_t cap) {
  return linker_relocate(&p->m, err, cap);
}

/* Symbols whose names lie outside the string table (as a public homebrew toolchain writes
 * them): a warning naming them while nothing needs them, a clear error when a relocation
 * does. */
static void test_names_outside_strtab(void **state) {
  (void)state;
  static const uint8_t code[16] = {0xC3};
  const uint64_t D = SB_DATA_VADDR;
  for (int used = 0; used < 2; used++) {
    struct sce_builder *b = sb_new(false, "odd");
    sb_set_code(b, code, sizeof code);
    sb_set_data(b, 64);
    unsigned lib = sb_add_library(b, "libkernel", 1, false);
    unsigned mod = sb_add_module(b, "libkernel", 1, 1);
    unsigned sa = sb_add_import(b, nid_a, lib, mod, false);
    unsigned s1 = sb_add_import(b, nid_b, lib, mod, false);
    unsigned s2 = sb_add_import(b, nid_c, lib, mod, false);
    sb_set_symbol_name(b, s1, 0x7FFFFFF0);
    sb_set_symbol_name(b, s2, 0x7FFFFFF8);
    sb_add_rela(b, D, SCE_R_X86_64_JUMP_SLOT, sa, 0, true);
    if (used) sb_add_rela(b, D + 8, SCE_R_X86_64_GLOB_DAT, s2, 0, false);
    struct placed p;
    placed_build(&p, b, "odd"); /* parsing accepts the file */
    sb_free(b);
    assert_int_equal(p.m.dyn.bad_symbol_names, 2);
    char err[256] = "";
    bool ok;
    char *log = logged_while(relocate, &p, err, sizeof err, &ok);
    char want[160];
    snprintf(want, sizeof want, "odd: 2 symbol(s) have a name outside the string table (symbol "
             "%u, %u)", s1, s2);
    if (!strstr(log, want)) fail_msg("log lacks '%s':\n%s", want, log);
    free(log);
    if (!used) {
      if (!ok) fail_msg("%s", err);
      assert_int_equal(placed_read64(&p, D), hle_fn_a);
    } else {
      assert_false(ok);
      snprintf(want, sizeof want, "odd: a relocation needs imported symbol %u, whose name lies "
               "outside the string table", s2);
      if (!strstr(err, want)) fail_msg("'%s' lacks '%s'", err, want);
    }
    placed_free(&p);
  }
}

static void test_bad_relocations(void **state) {
  (void)state;
  static const uint8_t code[16] = {0xC3};
  struct {
    uint32_t type;
    uint64_t offset;
    const char *expect;
  } cases[] = {
      {2 /* PC32 */, SB_DATA_VADDR, "unsupported relocation type 2 (R_X86_64_PC32) at offset 0x400000"},
      {18 /* TPOFF64 */, SB_DATA_VADDR + 8, "R_X86_64_TPOFF64 at offset 0x400008 refers to the TLS of badmod, which has no PT_TLS"},
      {SCE_R_X86_64_RELATIVE, 0x7FFFFFF0, "outside the image"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct sce_builder *b = sb_new(false, "bad");
    sb_set_code(b, code, sizeof code);
    sb_set_data(b, 64);
    sb_add_rela(b, cases[i].offset, cases[i].type, 0, 0, false);
    struct placed p;
    placed_build(&p, b, "badmod");
    sb_free(b);
    char err[256] = "";
    assert_false(linker_relocate(&p.m, err, sizeof err));
    if (!strstr(err, cases[i].expect)) fail_msg("'%s' lacks '%s'", err, cases[i].expect);
    assert_non_null(strstr(err, "badmod"));
    placed_free(&p);
  }
}

static uint64_t read_gs0(void) {
  uint64_t v;
  __asm__ volatile("mov %%gs:0, %0" : "=r"(v));
  return v;
}
static uint32_t read_gs_i32(int64_t off) {
  uint32_t v;
  __asm__ volatile("movl %%gs:(%1), %0" : "=r"(v) : "r"(off));
  return v;
}

static void test_tls(void **state) {
  (void)state;
  tls_reset();
  static uint8_t image_exec[16] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
  static uint8_t image_prx[8] = {9, 8, 7, 6};
  unsigned e = tls_module_register((uint64_t)(uintptr_t)image_exec, 8, 40, 16, true);
  unsigned p = tls_module_register((uint64_t)(uintptr_t)image_prx, 4, 64, 32, false);
  assert_int_equal(e, 1);
  assert_int_equal(p, 2);
  assert_true(tls_thread_init());
  uint64_t tp = tls_thread_pointer();
  assert_true(tp != 0);
  assert_int_equal(tp % 16, 0);
  assert_int_equal(read_gs0(), tp); /* TCB self pointer through the GS base */
  /* executable block sits at tp - round_up(40, 16) = tp - 48 */
  struct loader_tls_index ti = {e, 0};
  uint8_t *blk = loader_tls_get_addr(&ti);
  assert_int_equal((uint64_t)(uintptr_t)blk, tp - 48);
  assert_int_equal(read_gs_i32(-48), 0x44332211u); /* what fs:[-48] reads after the rewrite */
  assert_int_equal(blk[8], 0);                     /* zero-initialised part */
  assert_int_equal(blk[39], 0);
  ti = (struct loader_tls_index){p, 2};
  uint8_t *d = loader_tls_get_addr(&ti);
  assert_non_null(d);
  assert_int_equal(((uint64_t)(uintptr_t)(d - 2)) % 32, 0);
  assert_int_equal(d[0], 7);
  assert_int_equal(d[2], 0);
  d[0] = 42;
  assert_ptr_equal(loader_tls_get_addr(&ti), d); /* same block on the next call */
  assert_int_equal(d[0], 42);
  uint64_t guard;
  memcpy(&guard, (void *)(uintptr_t)(tp + TLS_TCB_OFF_STACK_GUARD), 8);
  assert_true(guard != 0);
  ti = (struct loader_tls_index){9, 0};
  assert_null(loader_tls_get_addr(&ti));
  tls_thread_exit();
  assert_int_equal(tls_thread_pointer(), 0);
  tls_reset();
}

static void test_tls_small_alignment(void **state) {
  /* memsz 4, p_align 4: local-exec code reads fs:[-4], so the block must end at the TP */
  (void)state;
  tls_reset();
  static uint8_t image[4] = {41, 0, 0, 0};
  unsigned e = tls_module_register((uint64_t)(uintptr_t)image, 4, 4, 4, true);
  assert_true(tls_thread_init());
  assert_int_equal(read_gs_i32(-4), 41);
  struct loader_tls_index ti = {e, 0};
  assert_int_equal((uint64_t)(uintptr_t)loader_tls_get_addr(&ti), tls_thread_pointer() - 4);
  assert_int_equal(tls_thread_pointer() % 64, 0);
  tls_thread_exit();
  tls_reset();
}

/* A second host thread made a guest thread: its own TCB in GS, its own copy of the TLS
 * template, the console's MXCSR. */
static uint64_t other_tp, other_gs0;
static uint32_t other_value, other_mxcsr;
static void *guest_thread(void *arg) {
  (void)arg;
  if (!loader_thread_attach()) return NULL;
  other_tp = tls_thread_pointer();
  other_gs0 = read_gs0();
  other_value = read_gs_i32(-16);
  __asm__ volatile("stmxcsr %0" : "=m"(other_mxcsr));
  loader_thread_detach();
  return NULL;
}

static void test_thread_attach(void **state) {
  (void)state;
  tls_reset();
  static uint8_t image[16] = {0x78, 0x56, 0x34, 0x12};
  tls_module_register((uint64_t)(uintptr_t)image, 4, 16, 16, true);
  assert_true(tls_thread_init());
  uint32_t *mine = (uint32_t *)(uintptr_t)(tls_thread_pointer() - 16);
  *mine = 5; /* the other thread must not see this */
  pthread_t t;
  assert_int_equal(pthread_create(&t, NULL, guest_thread, NULL), 0);
  pthread_join(t, NULL);
  assert_true(other_tp != 0 && other_tp != tls_thread_pointer());
  assert_int_equal(other_gs0, other_tp);
  assert_int_equal(other_value, 0x12345678);
  assert_int_equal(other_mxcsr & 0xFFC0, 0x9FC0 & 0xFFC0); /* masks, FTZ, DAZ (flags aside) */
  assert_int_equal(read_gs0(), tls_thread_pointer());      /* ours unchanged */
  tls_thread_exit();
  tls_reset();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_thread_attach),
      cmocka_unit_test(test_tls_small_alignment),
      cmocka_unit_test_setup(test_resolution_order, setup),
      cmocka_unit_test_setup(test_relocations, setup),
      cmocka_unit_test_setup(test_bad_relocations, setup),
      cmocka_unit_test_setup(test_names_outside_strtab, setup),
      cmocka_unit_test(test_tls),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
