/* libkernel's memory calls where the console's behaviour depends on the title (BRIEF.md
 * decision 6): the memory types a title may set; PS5 titles get the newest form; PS4 titles
 * get the alias EBUSY rule from SDK
 * 2.50 and merges of separately made ranges from SDK 5.50 (direct ones from 2.00, but below
 * 5.50 only per call site, which the emulator does not merge), from the process param. Expected
 * values follow those rules (docs/kernel-memory.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/guest_errno.h"
#include "hle/hle.h"
#include "hle/libkernel/libkernel.h"
#include "kernel/dmem.h"
#include "kernel/guest_vm.h"
#include "kernel/title.h"
#include "sce/sce_params.h"

#define K 1024ull
#define RW (GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE)

static struct sce_process_param param = {
    .size = sizeof(struct sce_process_param), .magic = SCE_PROC_PARAM_MAGIC, .entry_count = 3};
struct cells {
  void *addr;
  struct kernel_virtual_query_info info;
};
static struct cells *cells; /* in guest memory: the calls take guest pointers */

static void title(enum title_platform p, uint64_t sdk) {
  struct title_info t;
  title_defaults(&t);
  t.flexible_memory = 1024 * K;
  t.platform = p;
  title_set(&t);
  param.sdk_version = sdk;
  hle_kernel_set_proc_param(&param);
}

static int setup(void **state) {
  (void)state;
  title(TITLE_PLATFORM_PS5, PROSPERO_GUEST_SDK_VERSION);
  if (!guest_vm_init() || dmem_init(1024 * K) != 0) return -1;
  cells = (struct cells *)(uintptr_t)guest_vm_alloc(16 * K, 16 * K, RW, "cells");
  return cells ? 0 : -1;
}

static uint64_t map_direct(int64_t phys, int expect) {
  cells->addr = NULL;
  assert_int_equal(kernel_map_direct_memory(&cells->addr, 32 * K, RW, 0, phys, 0), expect);
  return (uint64_t)(uintptr_t)cells->addr;
}

static uint64_t end_of(uint64_t addr) {
  assert_int_equal(
      kernel_virtual_query((void *)(uintptr_t)addr, 0, &cells->info, sizeof cells->info), 0);
  return cells->info.end;
}

/* Maps [0, 32 KiB) and [32, 64 KiB) side by side, then [0, 32 KiB) again; checks whether the
 * first two merged and whether the alias was refused; unmaps all. */
static void check(bool merges, bool busy) {
  int64_t phys = 0;
  assert_int_equal(kernel_allocate_direct_memory(0, 1024 * K, 64 * K, 0, 0, &phys), 0);
  uint64_t a = map_direct(phys, 0);
  map_direct(phys + 32 * K, 0);
  assert_int_equal(end_of(a), a + (merges ? 64 : 32) * K);
  map_direct(phys, busy ? (int)SCE_KERNEL_ERROR(GUEST_EBUSY) : 0);
  assert_int_equal(kernel_release_direct_memory(phys, 64 * K), 0);
}

static void test_ps5(void **state) {
  (void)state;
  title(TITLE_PLATFORM_PS5, 0x01000000); /* PS5 SDK versions are numbered afresh */
  check(true, true);
}

static void test_ps4_old(void **state) {
  (void)state;
  title(TITLE_PLATFORM_PS4, 0x01700000);
  check(false, false);
}

static void test_ps4_2_50(void **state) {
  (void)state;
  title(TITLE_PLATFORM_PS4, 0x02500000); /* direct merges allowed, but only per call site */
  check(false, true);
}

static void test_ps4_5_50(void **state) {
  (void)state;
  title(TITLE_PLATFORM_PS4, 0x05500000);
  check(true, true);
}

/* Allocates 16 KiB of memory type TYPE; true when the call accepted the type (released
 * again), false when it was EINVAL. */
static bool type_accepted(int type) {
  int64_t phys = -1;
  int r = kernel_allocate_direct_memory(0, 1024 * K, 16 * K, 0, type, &phys);
  if (r == 0) assert_int_equal(kernel_release_direct_memory(phys, 16 * K), 0);
  else assert_int_equal(r, (int)SCE_KERNEL_ERROR(GUEST_EINVAL));
  return r == 0;
}

/* The memory types a title may set (docs/kernel-memory.md, "Memory types", from the SDK
 * 12.000 kernel reference): PS5 titles 0, 11 (SCE_KERNEL_MTYPE_C) and 12
 * (SCE_KERNEL_MTYPE_C_SHARED); PS4 titles the PS4 SDK's 0..10. The same table gates
 * MapDirectMemory2, Mtypeprotect and MemoryPoolCommit. */
static void test_memory_types(void **state) {
  (void)state;
  static const int ps5[] = {0, 11, 12};
  title(TITLE_PLATFORM_PS5, 0x01000000);
  for (int t = -2; t <= 14; t++) {
    bool want = false;
    for (size_t i = 0; i < sizeof ps5 / sizeof ps5[0]; i++) want |= t == ps5[i];
    assert_int_equal(type_accepted(t), want);
  }
  title(TITLE_PLATFORM_PS4, 0x05500000);
  for (int t = -2; t <= 14; t++) assert_int_equal(type_accepted(t), t >= 0 && t <= 10);
  title(TITLE_PLATFORM_PS5, PROSPERO_GUEST_SDK_VERSION);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_ps5),          cmocka_unit_test(test_ps4_old),
      cmocka_unit_test(test_ps4_2_50),     cmocka_unit_test(test_ps4_5_50),
      cmocka_unit_test(test_memory_types),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
