/* Guest memory bookkeeping on the real bands: fixed maps, allocation, protection splits,
 * queries, frees and refusals. Labelled nosan: ASan's shadow memory covers the bands. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/guest_vm.h"
#include "common/nid.h"
#include "loader/linker.h"
#include "loader/loader.h"
#include "loader/module.h"
#include "sce/sce_elf.h"
#include "sce_builder.h"
#include "test_skip.h"

#define PAGE 0x4000ull
#define RW (GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE)

static void test_bands(void **state) {
  (void)state;
  assert_true(guest_vm_init());
  assert_true(guest_vm_init()); /* idempotent */
  /* fixed map in the system-reserved band, usable memory */
  assert_true(guest_vm_map_fixed(0x980000000ull, 4 * PAGE, RW, "image"));
  memset((void *)(uintptr_t)0x980000000ull, 0xAB, 4 * PAGE);
  assert_false(guest_vm_map_fixed(0x980000000ull + PAGE, PAGE, RW, "overlap"));
  assert_false(guest_vm_map_fixed(0x900000001ull, PAGE, RW, "unaligned"));
  assert_false(guest_vm_map_fixed(0, PAGE, RW, "below the bands (the null page)"));
  assert_false(guest_vm_map_fixed(0xFC00000000ull, PAGE, RW, "above the bands"));
  /* protect the middle: the range splits in three */
  assert_true(guest_vm_protect(0x980000000ull + PAGE, PAGE, GUEST_PROT_CPU_READ));
  uint64_t start, size;
  int prot;
  assert_true(guest_vm_query(0x980000000ull + PAGE + 5, &start, &size, &prot));
  assert_int_equal(start, 0x980000000ull + PAGE);
  assert_int_equal(size, PAGE);
  assert_int_equal(prot, GUEST_PROT_CPU_READ);
  assert_true(guest_vm_query(0x980000000ull, &start, &size, &prot));
  assert_int_equal(size, PAGE);
  assert_int_equal(prot, RW);
  uint64_t rs;
  assert_string_equal(guest_vm_describe(0x980000000ull + 3 * PAGE + 8, &rs), "image");
  assert_int_equal(rs, 0x980000000ull + 2 * PAGE); /* the split left [2P, 4P) */
  assert_null(guest_vm_describe(0x980000000ull + 4 * PAGE, NULL));
  /* the next range at or after an address, across a hole */
  assert_true(guest_vm_query_next(0x980000000ull - 8 * PAGE, &start, &size, &prot));
  assert_int_equal(start, 0x980000000ull);
  assert_true(guest_vm_query_next(0x980000000ull + PAGE + 5, &start, &size, &prot));
  assert_int_equal(start, 0x980000000ull + PAGE);
  /* protecting past the committed end fails */
  assert_false(guest_vm_protect(0x980000000ull + 3 * PAGE, 2 * PAGE, RW));
  /* allocations land in the user band, aligned, without overlap */
  uint64_t a = guest_vm_alloc(PAGE, 0x10000, RW, "a");
  uint64_t b = guest_vm_alloc(3 * PAGE, 0, RW, "b");
  assert_true(a >= 0x1000000000ull && a % 0x10000 == 0);
  assert_true(b >= a + PAGE || b + 3 * PAGE <= a);
  *(volatile uint64_t *)(uintptr_t)b = 1;
  assert_int_equal(guest_vm_alloc(0, 0, RW, "empty"), 0);
  assert_int_equal(guest_vm_alloc(PAGE, 3 * PAGE, RW, "bad align"), 0);
  /* free the middle of the image, then remap it */
  assert_true(guest_vm_free(0x980000000ull + PAGE, PAGE));
  assert_false(guest_vm_query(0x980000000ull + PAGE, &start, &size, &prot));
  assert_false(guest_vm_free(0x980000000ull + PAGE, PAGE));
  assert_true(guest_vm_map_fixed(0x980000000ull + PAGE, PAGE, RW, "again"));
  assert_int_equal(*(volatile uint8_t *)(uintptr_t)(0x980000000ull + PAGE), 0); /* fresh */
  assert_int_equal(*(volatile uint8_t *)(uintptr_t)(0x980000000ull + 2 * PAGE), 0xAB);
  assert_true(guest_vm_free(a, PAGE));
  assert_true(guest_vm_free(b, 3 * PAGE));
  assert_int_equal(guest_vm_alloc(PAGE, 0x10000, RW, "a2"), a); /* first fit reuses */
}

/* module_map places the executable at 0x9_0000_0000 and the next module at the next 256 MiB
 * multiple; module_protect gives code R+X and data R+W. */
static void test_module_map(void **state) {
  (void)state;
  assert_true(guest_vm_init());
  struct loader_module *mods[2];
  for (int k = 0; k < 2; k++) {
    struct sce_builder *b = sb_new(k == 1, k ? "second" : "first");
    static const uint8_t code[] = {0x90, 0xC3};
    sb_set_code(b, code, sizeof code);
    sb_set_data(b, 0x100);
    uint8_t *f;
    size_t n = sb_build(b, SB_SELF_PS5, &f);
    sb_free(b);
    static struct loader_module m[2];
    char err[256];
    if (!module_parse(&m[k], f, n, k ? "second.prx" : "eboot.bin", err, sizeof err) ||
        !module_register(&m[k]) || !module_map(&m[k], err, sizeof err))
      fail_msg("%s", err);
    free(f);
    assert_true(module_protect(&m[k]));
    mods[k] = &m[k];
  }
  assert_int_equal(mods[0]->base, GUEST_VM_EXEC_BASE);
  assert_int_equal(mods[1]->base, GUEST_VM_EXEC_BASE + GUEST_VM_MODULE_ALIGN);
  uint64_t start, size;
  int prot;
  assert_true(guest_vm_query(GUEST_VM_EXEC_BASE, &start, &size, &prot));
  assert_int_equal(prot, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_EXEC);
  assert_int_equal(*(volatile uint8_t *)(uintptr_t)GUEST_VM_EXEC_BASE, 0x90);
  assert_true(guest_vm_query(GUEST_VM_EXEC_BASE + SB_DATA_VADDR, &start, &size, &prot));
  assert_int_equal(prot, RW);
  assert_ptr_equal(module_find_by_addr(GUEST_VM_EXEC_BASE + GUEST_VM_MODULE_ALIGN + 1), mods[1]);
  assert_null(module_find_by_addr(GUEST_VM_EXEC_BASE - 1));
  module_registry_clear();
}

/* A PRX loaded and started while the guest runs: its init array runs (it stores 1 into its
 * data), then module_start (returns 7); a second load returns the same module. */
static void test_runtime_load(void **state) {
  (void)state;
  assert_true(guest_vm_init());
  module_registry_clear();
  uint8_t code[0x40] = {0};
  /* init at 0: mov dword [rip + disp32], 1 ; ret   (stores into data + 0x80) */
  int32_t disp = (int32_t)(SB_DATA_VADDR + 0x80 - 10);
  code[0] = 0xC7;
  code[1] = 0x05;
  memcpy(code + 2, &disp, 4);
  code[6] = 1;
  code[10] = 0xC3;
  /* module_start at 0x20: mov eax, 7 ; ret */
  static const uint8_t start[] = {0xB8, 7, 0, 0, 0, 0xC3};
  memcpy(code + 0x20, start, sizeof start);
  struct sce_builder *b = sb_new(true, "runtime");
  sb_set_code(b, code, sizeof code);
  sb_set_data(b, 0x100);
  uint64_t init = SB_CODE_VADDR;
  sb_set_init_array(b, 0x40, &init, 1);
  char nid[12];
  nid_from_name("module_start", nid);
  sb_add_export(b, nid, sb_add_library(b, "runtime", 1, true), false, 0x20);
  uint8_t *f;
  size_t n = sb_build(b, SB_SELF_PS5, &f);
  sb_free(b);
  char path[] = "/tmp/prospero-runtime-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, f, n), (ssize_t)n);
  close(fd);
  free(f);
  int r = -1, why = 0;
  struct loader_module *m = loader_load_start_module(path, 0, NULL, &r, &why);
  assert_non_null(m);
  assert_int_equal(r, 7);
  assert_int_equal(*(volatile uint32_t *)(uintptr_t)(m->base + SB_DATA_VADDR + 0x80), 1);
  assert_true(m->base % GUEST_VM_MODULE_ALIGN == 0);
  uint64_t start_addr, size;
  int prot;
  assert_true(guest_vm_query(m->base, &start_addr, &size, &prot));
  assert_int_equal(prot, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_EXEC);
  assert_ptr_equal(loader_load_start_module(path, 0, NULL, &r, &why), m);
  assert_int_equal(m->refcount, 2);
  assert_null(loader_load_start_module("/nonexistent/x.prx", 0, NULL, &r, &why));
  assert_int_equal(why, ENOENT); /* FreeBSD and Linux agree on 2 */
  /* two references: the first stop keeps it, the second unloads and unmaps it */
  uint64_t base = m->map_start, span = m->map_size;
  int32_t handle = m->handle;
  assert_int_equal(loader_stop_unload_module(handle, 0, NULL, &r), 0);
  assert_true(guest_vm_query(base, &start_addr, &size, &prot));
  assert_int_equal(loader_stop_unload_module(handle, 0, NULL, &r), 0);
  assert_int_equal(loader_stop_unload_module(handle, 0, NULL, &r), LOADER_MODULE_ESRCH);
  assert_false(guest_vm_query(base, &start_addr, &size, &prot));
  assert_false(guest_vm_query(base + span - 1, &start_addr, &size, &prot));
  /* loaded again: a fresh module at a new base, its initialiser run again */
  m = loader_load_start_module(path, 0, NULL, &r, &why);
  assert_non_null(m);
  assert_int_equal(r, 7);
  assert_true(m->map_start != base);
  assert_true(m->handle != handle);
  assert_int_equal(*(volatile uint32_t *)(uintptr_t)(m->base + SB_DATA_VADDR + 0x80), 1);
  /* many load/unload cycles: past the end of the module band, freed slots are reused */
  assert_int_equal(loader_stop_unload_module(m->handle, 0, NULL, &r), 0);
  for (int i = 0; i < 130; i++) {
    m = loader_load_start_module(path, 0, NULL, &r, &why);
    assert_non_null(m);
    assert_true(m->map_start >= GUEST_VM_EXEC_BASE && m->map_start < 0x1000000000ull);
    assert_int_equal(m->map_start % GUEST_VM_MODULE_ALIGN, 0);
    assert_int_equal(loader_stop_unload_module(m->handle, 0, NULL, &r), 0);
  }
  unlink(path);
  /* a file that is not a module */
  char junk[] = "/tmp/prospero-junk-XXXXXX";
  fd = mkstemp(junk);
  assert_true(fd >= 0);
  assert_int_equal(write(fd, "not a module at all", 19), 19);
  close(fd);
  assert_null(loader_load_start_module(junk, 0, NULL, &r, &why));
  assert_int_equal(why, LOADER_MODULE_ENOEXEC);
  unlink(junk);
  module_registry_clear();
}

/* Parses and maps a fixed-address executable (static, execute-only code, empty param) of
 * TYPE linked at BASE; false with ERR when the loader refuses it. */
static bool map_fixed_exec(uint16_t type, uint64_t base, struct loader_module *m, char *err,
                           size_t cap) {
  static const uint8_t code[] = {0xB8, 42, 0, 0, 0, 0xC3}; /* mov eax, 42; ret */
  struct sce_builder *b = sb_new(false, "fixed");
  sb_set_code(b, code, sizeof code);
  sb_set_data(b, 0x100);
  struct sb_options o = {.e_type = type, .vaddr_base = base, .no_dynamic = true,
                         .param = SB_PARAM_EMPTY, .code_flags = PF_X};
  sb_set_options(b, &o);
  uint8_t *f;
  size_t n = sb_build(b, SB_SELF_PS4, &f);
  sb_free(b);
  bool ok = module_parse(m, f, n, "eboot.bin", err, cap) && module_map(m, err, cap);
  free(f);
  return ok;
}

/* ET_SCE_EXEC (0xFE00) at 0x40_0000 (a PS4-style fixed address): mapped where linked (base
 * 0), nothing to link, no process param; the execute-only code segment is reported to the
 * guest as the console reports it (CPU execute only, 0x04) while the host can read it (the
 * rewriter decodes it); modules loaded afterwards still go to the module bases. */
static void test_fixed_exec(void **state) {
  (void)state;
  assert_true(guest_vm_init());
  module_registry_clear();
  static struct loader_module m, prx;
  char err[256] = "";
  if (!map_fixed_exec(SCE_ET_EXEC, 0x400000, &m, err, sizeof err)) fail_msg("%s", err);
  assert_true(m.is_exec && m.is_fixed && !m.has_dynamic);
  assert_int_equal(m.base, 0);
  assert_int_equal(m.map_start, 0x400000);
  assert_int_equal(m.entry, 0x400000);
  assert_int_equal(m.proc_param, 0);
  assert_int_equal(m.dyn.sym_count, 0);
  assert_true(module_protect(&m));
  uint64_t start, size;
  int prot;
  assert_true(guest_vm_query(0x400000, &start, &size, &prot));
  assert_int_equal(prot, GUEST_PROT_CPU_EXEC);
  assert_int_equal(*(volatile uint8_t *)(uintptr_t)0x400001, 42); /* readable by the host */
  assert_int_equal(((int (*)(void))(uintptr_t)0x400000)(), 42);   /* and runnable */
  assert_true(guest_vm_query(0x400000 + SB_DATA_VADDR, &start, &size, &prot));
  assert_int_equal(prot, RW);
  /* a PRX after it goes to a module base, not next to the low image */
  struct sce_builder *b = sb_new(true, "after");
  static const uint8_t ret[] = {0xC3};
  sb_set_code(b, ret, sizeof ret);
  sb_set_data(b, 0x10);
  uint8_t *f;
  size_t n = sb_build(b, SB_SELF_PS5, &f);
  sb_free(b);
  if (!module_parse(&prx, f, n, "after.prx", err, sizeof err) || !module_map(&prx, err, sizeof err))
    fail_msg("%s", err);
  free(f);
  assert_true(prx.base >= GUEST_VM_EXEC_BASE && prx.base % GUEST_VM_MODULE_ALIGN == 0);
  module_registry_clear();
  /* give the low range back for the next test */
  assert_true(guest_vm_free(m.map_start, m.map_size));
}

/* ET_EXEC (2) where the public PS5 homebrew SDK's app script puts it: 0x4000. Skipped where
 * the host forbids that address (vm.mmap_min_addr above 16 KiB): the refusal must then say
 * so. */
static void test_fixed_exec_sdk_default(void **state) {
  (void)state;
  assert_true(guest_vm_init());
  static struct loader_module m;
  char err[256] = "";
  if (!map_fixed_exec(SCE_ET_ELF_EXEC, GUEST_VM_FIXED_LOW_START, &m, err, sizeof err)) {
    if (!strstr(err, "lowest address this host lets a process map")) fail_msg("%s", err);
    skip_because("%s", err);
  }
  assert_int_equal(m.map_start, 0x4000);
  assert_true(module_protect(&m));
  assert_int_equal(((int (*)(void))(uintptr_t)0x4000)(), 42);
}

/* Each refusal of the address map names the range and what it collides with. */
static void test_fixed_exec_refusals(void **state) {
  (void)state;
  assert_true(guest_vm_init());
  static const struct {
    uint64_t base;
    const char *expect;
  } cases[] = {
      {0, "0x0-0x404000 covers the null page 0x0-0x4000"},
      {GUEST_VM_HOST_WINDOW_START, "collides with the host window 0x880000000-0x900000000"},
      {0xFC00000000ull, "lies outside the guest address space"},
      {GUEST_VM_INVALID_PAGE, "collides with"}, /* the invalid page, when mapped */
  };
  bool invalid_mapped = linker_invalid_object_address() == GUEST_VM_INVALID_PAGE;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (cases[i].base == GUEST_VM_INVALID_PAGE && !invalid_mapped) continue;
    struct loader_module m;
    char err[256] = "";
    if (map_fixed_exec(SCE_ET_EXEC, cases[i].base, &m, err, sizeof err))
      fail_msg("0x%llx: accepted", (unsigned long long)cases[i].base);
    if (!strstr(err, "fixed-address executable cannot be placed") || !strstr(err, cases[i].expect))
      fail_msg("0x%llx: '%s' lacks '%s'", (unsigned long long)cases[i].base, err, cases[i].expect);
    module_free(&m);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_bands), cmocka_unit_test(test_module_map),
                                     cmocka_unit_test(test_runtime_load),
                                     cmocka_unit_test(test_fixed_exec),
                                     cmocka_unit_test(test_fixed_exec_sdk_default),
                                     cmocka_unit_test(test_fixed_exec_refusals)};
  return test_skip_status(cmocka_run_group_tests(tests, NULL, NULL));
}
