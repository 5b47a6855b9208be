/* TLS across modules against the ELF TLS specification (Drepper, "ELF Handling For
 * Thread-Local Storage", variant II as x86-64 uses it): the static TLS layout, the
 * R_X86_64_DTPMOD64 / DTPOFF64 / TPOFF64 values for a module's own and imported thread-local
 * symbols, and dynamic TLS with slot generations. Expected offsets are computed here from the
 * specification's formulas (section 3.4.2: tlsoffset_1 = round(tlssize_1, align_1),
 * tlsoffset_(m+1) = round(tlsoffset_m + tlssize_(m+1), align_(m+1)); the block of module m at
 * tp - tlsoffset_m; section 4.3.6: DTPMOD64 = module index, DTPOFF64 = S + A (offset in the
 * module's block), TPOFF64 = S + A - tlsoffset (offset from the thread pointer)), or by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/nid.h"
#include "loader/linker.h"
#include "loader/module.h"
#include "loader/tls.h"
#include "sce/sce_elf.h"
#include "placed_module.h"

/* Drepper 3.4.2, written out for the test (round up to a power-of-two alignment). */
static uint64_t spec_round(uint64_t x, uint64_t align) { return (x + align - 1) / align * align; }

static void test_static_layout(void **state) {
  (void)state;
  /* by hand: 40 bytes aligned 16 -> 48; then 4 aligned 32 -> round(52, 32) = 64;
   * then 9 aligned 8 -> round(73, 8) = 80 */
  assert_int_equal(tls_variant2_next_offset(0, 40, 16), 48);
  assert_int_equal(tls_variant2_next_offset(48, 4, 32), 64);
  assert_int_equal(tls_variant2_next_offset(64, 9, 8), 80);
  assert_int_equal(tls_variant2_next_offset(80, 1, 1), 81);

  static const struct {
    uint64_t filesz, memsz, align;
  } mods[] = {{8, 40, 16}, {4, 4, 32}, {9, 9, 8}, {0, 100, 64}, {3, 5, 1}};
  enum { N = sizeof mods / sizeof mods[0] };
  static uint8_t images[N][128];
  for (unsigned i = 0; i < N; i++)
    for (unsigned k = 0; k < sizeof images[i]; k++) images[i][k] = (uint8_t)(0x10 * (i + 1) + k);
  tls_reset();
  unsigned idx[N];
  uint64_t off[N], prev = 0, max_align = 1;
  for (unsigned i = 0; i < N; i++) {
    idx[i] = tls_module_register((uint64_t)(uintptr_t)images[i], mods[i].filesz, mods[i].memsz,
                                 mods[i].align, true);
    assert_int_equal(idx[i], i + 1);
    off[i] = spec_round(prev + mods[i].memsz, mods[i].align);
    prev = off[i];
    if (mods[i].align > max_align) max_align = mods[i].align;
    assert_int_equal(tls_module_static_offset(idx[i]), off[i]);
  }
  assert_int_equal(tls_static_area_size(), prev);
  assert_true(tls_thread_init());
  uint64_t tp = tls_thread_pointer();
  assert_int_equal(tp % max_align, 0);
  for (unsigned i = 0; i < N; i++) {
    struct loader_tls_index ti = {idx[i], 0};
    uint8_t *b = loader_tls_get_addr(&ti);
    assert_int_equal((uint64_t)(uintptr_t)b, tp - off[i]);
    assert_int_equal((uint64_t)(uintptr_t)b % mods[i].align, 0);
    for (uint64_t k = 0; k < mods[i].memsz; k++)
      assert_int_equal(b[k], k < mods[i].filesz ? images[i][k] : 0);
  }
  /* registered once a thread exists: dynamic, whatever was asked */
  unsigned late = tls_module_register((uint64_t)(uintptr_t)images[0], 4, 4, 4, true);
  assert_int_equal(tls_module_static_offset(late), 0);
  tls_thread_exit();
  tls_reset();
}

/* ---- relocations ---- */

static const uint8_t ret_code[16] = {0xC3};
static char nid_tv[12], nid_own[12], nid_gone[12];

/* The exporter: a PRX with a 32-byte TLS block aligned 16 (8 bytes initialised: 1..8) that
 * exports the thread-local variable "tv" at offset 4. */
static void build_exporter(struct placed *p) {
  struct sce_builder *b = sb_new(true, "exporter");
  sb_set_code(b, ret_code, sizeof ret_code);
  sb_set_data(b, 0x200);
  static const uint8_t init[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  sb_write_data(b, 0x100, init, sizeof init);
  sb_set_tls(b, 0x100, 8, 32, 16);
  unsigned lib = sb_add_library(b, "exporter", 1, true);
  sb_set_symbol_type(b, sb_add_export(b, nid_tv, lib, true, 4), STT_TLS);
  placed_build(p, b, "exporter.prx");
  sb_free(b);
}

/* The importer: an executable with its own 12-byte TLS block aligned 4 (a thread-local "own"
 * at offset 8) and relocations against its own block and the exporter's "tv". */
static void build_importer(struct placed *p, bool dangling) {
  struct sce_builder *b = sb_new(false, "importer");
  sb_set_code(b, ret_code, sizeof ret_code);
  sb_set_data(b, 0x200);
  sb_set_tls(b, 0x180, 0, 12, 4);
  unsigned lx = sb_add_library(b, "exporter", 1, false);
  unsigned mx = sb_add_module(b, "exporter", 1, 1);
  unsigned tv = sb_add_import(b, dangling ? nid_gone : nid_tv, lx, mx, true);
  sb_set_symbol_type(b, tv, STT_TLS);
  unsigned own = sb_add_export(b, nid_own, sb_add_library(b, "importer", 1, true), true, 8);
  sb_set_symbol_type(b, own, STT_TLS);
  const uint64_t D = SB_DATA_VADDR;
  sb_add_rela(b, D + 0x00, SCE_R_X86_64_DTPMOD64, 0, 0, false);   /* own module */
  sb_add_rela(b, D + 0x08, SCE_R_X86_64_DTPMOD64, tv, 0, false);  /* the exporter */
  sb_add_rela(b, D + 0x10, R_X86_64_DTPOFF64, tv, 3, false);      /* 4 + 3 */
  sb_add_rela(b, D + 0x18, R_X86_64_TPOFF64, tv, 0, false);       /* 4 - tlsoffset(exporter) */
  sb_add_rela(b, D + 0x20, R_X86_64_TPOFF64, own, 2, false);      /* 8 + 2 - tlsoffset(own) */
  sb_add_rela(b, D + 0x28, R_X86_64_DTPOFF64, 0, 0x20, false);    /* null symbol: A */
  sb_add_rela(b, D + 0x30, SCE_R_X86_64_DTPMOD64, own, 0, false); /* own, by symbol */
  placed_build(p, b, "eboot.bin");
  sb_free(b);
}

static int setup(void **state) {
  (void)state;
  nid_from_name("tv", nid_tv);
  nid_from_name("own", nid_own);
  nid_from_name("gone", nid_gone);
  module_registry_clear();
  tls_reset();
  linker_set_hle(NULL);
  return 0;
}

static void test_relocations(void **state) {
  (void)state;
  struct placed imp, exp;
  build_importer(&imp, false);
  build_exporter(&exp);
  /* start-up order: the executable first, then its PRX; both static */
  imp.m.tls_index = tls_module_register(imp.m.tls_image, imp.m.tls_filesz, imp.m.tls_memsz,
                                        imp.m.tls_align, true);
  exp.m.tls_index = tls_module_register(exp.m.tls_image, exp.m.tls_filesz, exp.m.tls_memsz,
                                        exp.m.tls_align, true);
  assert_true(module_register(&imp.m));
  assert_true(module_register(&exp.m));
  uint64_t off_imp = spec_round(12, 4);            /* 12 */
  uint64_t off_exp = spec_round(off_imp + 32, 16); /* round(44, 16) = 48 */
  assert_int_equal(off_imp, 12);
  assert_int_equal(off_exp, 48);
  char err[256] = "";
  if (!linker_relocate(&imp.m, err, sizeof err)) fail_msg("%s", err);
  const uint64_t D = SB_DATA_VADDR;
  assert_int_equal(placed_read64(&imp, D + 0x00), imp.m.tls_index);
  assert_int_equal(placed_read64(&imp, D + 0x08), exp.m.tls_index);
  assert_int_equal(placed_read64(&imp, D + 0x10), 7);
  assert_int_equal(placed_read64(&imp, D + 0x18), (uint64_t)(4 - (int64_t)off_exp));  /* -44 */
  assert_int_equal(placed_read64(&imp, D + 0x20), (uint64_t)(10 - (int64_t)off_imp)); /* -2 */
  assert_int_equal(placed_read64(&imp, D + 0x28), 0x20);
  assert_int_equal(placed_read64(&imp, D + 0x30), imp.m.tls_index);
  /* the TLS import counts once as resolved in the per-library summary */
  assert_int_equal(imp.m.lib_counts[0][0], 1);

  /* the same variable through both access models: tp + TPOFF64 == __tls_get_addr(mod, off) */
  assert_true(tls_thread_init());
  uint64_t tp = tls_thread_pointer();
  struct loader_tls_index gd = {placed_read64(&imp, D + 0x08), placed_read64(&imp, D + 0x10) - 3};
  uint8_t *via_gd = loader_tls_get_addr(&gd);
  assert_int_equal((uint64_t)(uintptr_t)via_gd, tp + placed_read64(&imp, D + 0x18));
  assert_int_equal(*via_gd, 5); /* byte 4 of the exporter's image */
  struct loader_tls_index own = {placed_read64(&imp, D + 0x30), 8};
  assert_int_equal((uint64_t)(uintptr_t)loader_tls_get_addr(&own),
                   tp + placed_read64(&imp, D + 0x20) - 2);
  tls_thread_exit();
  module_registry_clear();
  tls_reset();
  placed_free(&imp);
  placed_free(&exp);
}

static void expect_link_error(struct placed *imp, const char *want) {
  char err[256] = "";
  assert_false(linker_relocate(&imp->m, err, sizeof err));
  if (!strstr(err, want)) fail_msg("'%s' lacks '%s'", err, want);
}

static void test_relocation_errors(void **state) {
  (void)state;
  struct placed imp, exp;
  /* a thread-local import nobody exports: a clear error, never a stub */
  build_importer(&imp, true);
  build_exporter(&exp);
  imp.m.tls_index = tls_module_register(imp.m.tls_image, 0, 12, 4, true);
  exp.m.tls_index = tls_module_register(exp.m.tls_image, 8, 32, 16, true);
  assert_true(module_register(&imp.m));
  assert_true(module_register(&exp.m));
  char want[96];
  snprintf(want, sizeof want, "thread-local symbol %s", nid_gone);
  expect_link_error(&imp, want);
  expect_link_error(&imp, "exported by no loaded module");
  module_registry_clear();
  tls_reset();
  placed_free(&imp);
  placed_free(&exp);

  /* initial-exec against a module whose TLS is dynamic (loaded after the first thread) */
  build_importer(&imp, false);
  build_exporter(&exp);
  imp.m.tls_index = tls_module_register(imp.m.tls_image, 0, 12, 4, true);
  assert_true(tls_thread_init());
  exp.m.tls_index = tls_module_register(exp.m.tls_image, 8, 32, 16, true);
  assert_int_equal(tls_module_static_offset(exp.m.tls_index), 0);
  assert_true(module_register(&imp.m));
  assert_true(module_register(&exp.m));
  expect_link_error(&imp, "not in the static TLS area");
  tls_thread_exit();
  module_registry_clear();
  tls_reset();
  placed_free(&imp);
  placed_free(&exp);

  /* TPOFF64 in a module without PT_TLS */
  struct sce_builder *b = sb_new(false, "notls");
  sb_set_code(b, ret_code, sizeof ret_code);
  sb_set_data(b, 64);
  sb_add_rela(b, SB_DATA_VADDR, R_X86_64_TPOFF64, 0, 0, false);
  placed_build(&imp, b, "notls");
  sb_free(b);
  expect_link_error(&imp, "has no PT_TLS");
  placed_free(&imp);
}

/* ---- dynamic TLS ---- */

static void test_dynamic_generations(void **state) {
  (void)state;
  static uint8_t exec_img[4] = {1, 1, 1, 1}, prx_img[4] = {2, 2, 2, 2};
  static uint8_t d1_img[8] = {0xD1, 0xD1}, d2_img[8] = {0xD2, 0xD2};
  tls_reset();
  unsigned e = tls_module_register((uint64_t)(uintptr_t)exec_img, 4, 4, 4, true);
  unsigned s = tls_module_register((uint64_t)(uintptr_t)prx_img, 4, 4, 4, true);
  assert_true(tls_thread_init());
  unsigned d1 = tls_module_register((uint64_t)(uintptr_t)d1_img, 2, 8, 8, true);
  assert_int_equal(d1, 3);
  struct loader_tls_index ti = {d1, 0};
  uint8_t *b1 = loader_tls_get_addr(&ti);
  assert_non_null(b1);
  assert_int_equal(b1[0], 0xD1);
  assert_int_equal(b1[2], 0);
  assert_int_equal((uint64_t)(uintptr_t)b1 % 8, 0);
  b1[0] = 0x55;
  assert_ptr_equal(loader_tls_get_addr(&ti), b1);
  /* unloaded, and its slot taken by another module: a fresh block from the new image */
  tls_module_unregister(d1);
  assert_null(loader_tls_get_addr(&ti));
  unsigned d2 = tls_module_register((uint64_t)(uintptr_t)d2_img, 2, 8, 8, true);
  assert_int_equal(d2, d1);
  uint8_t *b2 = loader_tls_get_addr(&ti);
  assert_non_null(b2);
  assert_int_equal(b2[0], 0xD2);
  /* a static module's slot is never reused: its space stays in every thread's area */
  tls_module_unregister(s);
  unsigned d3 = tls_module_register((uint64_t)(uintptr_t)d1_img, 2, 8, 8, true);
  assert_int_equal(d3, 4);
  struct loader_tls_index ts = {s, 0};
  assert_null(loader_tls_get_addr(&ts));
  struct loader_tls_index te = {e, 0};
  assert_int_equal(*(uint8_t *)loader_tls_get_addr(&te), 1);
  tls_thread_exit();
  tls_reset();
}

struct other {
  unsigned mod;
  uint8_t *block;
  uint8_t first;
};
static void *other_thread(void *arg) {
  struct other *o = arg;
  if (!tls_thread_init()) return NULL;
  struct loader_tls_index ti = {o->mod, 1};
  o->block = loader_tls_get_addr(&ti);
  o->first = o->block ? *o->block : 0;
  tls_thread_exit();
  return NULL;
}

static void test_dynamic_threads(void **state) {
  (void)state;
  static uint8_t img[4] = {9, 8, 7, 6};
  tls_reset();
  assert_true(tls_thread_init());
  unsigned d = tls_module_register((uint64_t)(uintptr_t)img, 4, 16, 16, false);
  struct loader_tls_index ti = {d, 1};
  uint8_t *mine = loader_tls_get_addr(&ti);
  *mine = 99;
  struct other o[4];
  pthread_t t[4];
  for (int i = 0; i < 4; i++) {
    o[i] = (struct other){d, NULL, 0};
    assert_int_equal(pthread_create(&t[i], NULL, other_thread, &o[i]), 0);
  }
  for (int i = 0; i < 4; i++) {
    assert_int_equal(pthread_join(t[i], NULL), 0);
    assert_non_null(o[i].block);
    assert_true(o[i].block != mine);
    assert_int_equal(o[i].first, 8); /* from the image, not this thread's 99 */
  }
  assert_int_equal(*mine, 99);
  tls_thread_exit();
  tls_reset();
}

/* Threads calling __tls_get_addr on a slot while another thread loads and unloads modules
 * into it: every answer is NULL (no module there at that moment) or a block holding one of
 * the two images, never a freed or half-made block. */
static uint8_t stress_img[2][16] = {{0x5A, 0x5A}, {0xA5, 0xA5}};
static volatile int stress_stop;
struct stress {
  unsigned slot;
  long hits, misses, bad;
};
static void *stress_reader(void *arg) {
  struct stress *st = arg;
  if (!tls_thread_init()) return NULL;
  struct loader_tls_index ti = {st->slot, 1};
  while (!__atomic_load_n(&stress_stop, __ATOMIC_ACQUIRE)) {
    uint8_t *p = loader_tls_get_addr(&ti);
    if (!p) {
      __atomic_add_fetch(&st->misses, 1, __ATOMIC_RELAXED);
      continue;
    }
    __atomic_add_fetch(&st->hits, 1, __ATOMIC_RELAXED);
    if (*p != 0x5A && *p != 0xA5) __atomic_add_fetch(&st->bad, 1, __ATOMIC_RELAXED);
  }
  tls_thread_exit();
  return NULL;
}

static void test_dynamic_stress(void **state) {
  (void)state;
  tls_reset();
  assert_true(tls_thread_init());
  unsigned slot = tls_module_register((uint64_t)(uintptr_t)stress_img[0], 16, 16, 16, false);
  struct stress st[3];
  pthread_t t[3];
  stress_stop = 0;
  for (int i = 0; i < 3; i++) {
    st[i] = (struct stress){slot, 0, 0, 0};
    assert_int_equal(pthread_create(&t[i], NULL, stress_reader, &st[i]), 0);
  }
  /* every reader running before the churn, and reading a registered slot after it */
  for (int i = 0; i < 3; i++)
    while (__atomic_load_n(&st[i].hits, __ATOMIC_RELAXED) == 0) sched_yield();
  for (int k = 0; k < 2000; k++) {
    tls_module_unregister(slot);
    assert_int_equal(
        tls_module_register((uint64_t)(uintptr_t)stress_img[(k + 1) & 1], 16, 16, 16, false), slot);
  }
  long seen[3];
  for (int i = 0; i < 3; i++) seen[i] = __atomic_load_n(&st[i].hits, __ATOMIC_RELAXED);
  for (int i = 0; i < 3; i++)
    while (__atomic_load_n(&st[i].hits, __ATOMIC_RELAXED) == seen[i]) sched_yield();
  __atomic_store_n(&stress_stop, 1, __ATOMIC_RELEASE);
  for (int i = 0; i < 3; i++) {
    assert_int_equal(pthread_join(t[i], NULL), 0);
    assert_int_equal(st[i].bad, 0);
  }
  tls_thread_exit();
  tls_reset();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_static_layout),     cmocka_unit_test(test_relocations),
      cmocka_unit_test(test_relocation_errors), cmocka_unit_test(test_dynamic_generations),
      cmocka_unit_test(test_dynamic_threads),   cmocka_unit_test(test_dynamic_stress),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
