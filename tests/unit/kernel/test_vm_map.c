/* The guest memory map (kernel/guest_vm.h): hint-less mappings from 0x2_0000_0000, fixed and
 * no-overwrite rules, FreeBSD munmap semantics (holes are fine), protection and names split
 * ranges, reservations, direct views sharing bytes and vanishing when their physical memory
 * is released, the flexible budget, FIND_NEXT. Expected values follow those rules. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/dmem.h"
#include "kernel/guest_vm.h"
#include "kernel/kernel_errno.h"
#include "kernel/title.h"

#define K 1024ull
#define BASE GUEST_VM_SEARCH_START
#define RW (GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE)

static int setup(void **state) {
  (void)state;
  struct title_info t;
  title_defaults(&t);
  t.flexible_memory = 1024 * K; /* a 1 MiB budget */
  title_set(&t);
  return guest_vm_init() && dmem_init(1024 * K) == 0 ? 0 : -1;
}

static uint64_t map(uint64_t addr, uint64_t size, unsigned flags, enum guest_vm_kind kind,
                    uint64_t phys, const char *name, int expect) {
  struct guest_vm_request r = {.addr = addr, .size = size, .prot = RW, .flags = flags,
                               .kind = kind, .phys = phys, .name = name};
  uint64_t at = 0;
  assert_int_equal(guest_vm_map(&r, &at), expect);
  return at;
}

static void test_placement_and_unmap(void **state) {
  (void)state;
  uint64_t a = map(0, 32 * K, 0, GUEST_VM_KIND_FLEXIBLE, 0, "a", 0);
  assert_int_equal(a, BASE);
  uint64_t b = map(0, 16 * K, 0, GUEST_VM_KIND_FLEXIBLE, 0, "b", 0);
  assert_int_equal(b, BASE + 32 * K);
  /* a hint is where the search starts; alignment applies */
  struct guest_vm_request r = {.addr = BASE + 8 * K, .size = 16 * K, .align = 64 * K,
                               .prot = RW, .kind = GUEST_VM_KIND_FLEXIBLE};
  uint64_t c = 0;
  assert_int_equal(guest_vm_map(&r, &c), 0);
  assert_int_equal(c, BASE + 64 * K);
  /* no-overwrite refuses, plain fixed replaces */
  map(a, 16 * K, GUEST_VM_MAP_FIXED | GUEST_VM_MAP_NO_OVERWRITE, GUEST_VM_KIND_FLEXIBLE, 0, "x",
      -KERNEL_ENOMEM);
  map(a + 16 * K, 32 * K, GUEST_VM_MAP_FIXED, GUEST_VM_KIND_FLEXIBLE, 0, "over", 0);
  struct guest_vm_info i;
  assert_int_equal(guest_vm_virtual_query(a, false, &i), 0);
  assert_int_equal(i.end, a + 16 * K);
  assert_string_equal(i.name, "a");
  assert_int_equal(guest_vm_virtual_query(a + 40 * K, false, &i), 0);
  assert_int_equal(i.start, a + 16 * K);
  assert_int_equal(i.end, a + 48 * K);
  assert_string_equal(i.name, "over");
  assert_int_equal(guest_vm_flexible_used(), 64 * K);
  /* misaligned or outside the bands */
  map(a + 4 * K, 16 * K, GUEST_VM_MAP_FIXED, GUEST_VM_KIND_FLEXIBLE, 0, "x", -KERNEL_EINVAL);
  map(0xFC00000000ull, 16 * K, GUEST_VM_MAP_FIXED, GUEST_VM_KIND_FLEXIBLE, 0, "x", -KERNEL_EINVAL);
  map(0, 4 * K, 0, GUEST_VM_KIND_FLEXIBLE, 0, "x", -KERNEL_EINVAL);
  /* munmap of a span with holes removes what is there */
  assert_int_equal(guest_vm_unmap(a, 128 * K), 0);
  assert_int_equal(guest_vm_virtual_query(a, false, &i), -KERNEL_EACCES);
  assert_int_equal(guest_vm_virtual_query(c, false, &i), -KERNEL_EACCES);
  assert_int_equal(guest_vm_flexible_used(), 0);
  assert_int_equal(guest_vm_unmap(a, 128 * K), 0);
}

static void test_protect_names_find_next(void **state) {
  (void)state;
  uint64_t a = map(0, 48 * K, 0, GUEST_VM_KIND_FLEXIBLE, 0, "n", 0);
  assert_int_equal(guest_vm_mprotect(a + 16 * K, 16 * K, GUEST_PROT_CPU_READ), 0);
  assert_int_equal(guest_vm_set_name(a + 32 * K, 16 * K, "tail"), 0);
  struct guest_vm_info i;
  assert_int_equal(guest_vm_virtual_query(a + 20 * K, false, &i), 0);
  assert_int_equal(i.start, a + 16 * K);
  assert_int_equal(i.end, a + 32 * K);
  assert_int_equal(i.prot, GUEST_PROT_CPU_READ);
  assert_int_equal(guest_vm_virtual_query(a + 32 * K, false, &i), 0);
  assert_string_equal(i.name, "tail");
  assert_int_equal(i.prot, RW);
  /* past the end: the hole is skipped (FreeBSD), the mapped part changes, and the host page
   * of the hole stays inaccessible */
  assert_int_equal(guest_vm_mprotect(a + 32 * K, 32 * K, GUEST_PROT_CPU_READ), 0);
  assert_int_equal(guest_vm_virtual_query(a + 32 * K, false, &i), 0);
  assert_int_equal(i.prot, GUEST_PROT_CPU_READ);
  assert_int_equal(guest_vm_virtual_query(a + 48 * K, false, &i), -KERNEL_EACCES);
  assert_int_equal(guest_vm_mprotect(a + 32 * K, 16 * K, RW), 0);
  /* FIND_NEXT from a hole below returns the first range above */
  assert_int_equal(guest_vm_virtual_query(BASE - 64 * K, false, &i), -KERNEL_EACCES);
  assert_int_equal(guest_vm_virtual_query(BASE - 64 * K, true, &i), 0);
  assert_int_equal(i.start, a);
  assert_int_equal(guest_vm_unmap(a, 48 * K), 0);
}

static void test_reserved(void **state) {
  (void)state;
  uint64_t r = map(0, 64 * K, 0, GUEST_VM_KIND_RESERVED, 0, NULL, 0);
  assert_int_equal(r, BASE);
  /* a hint-less mapping does not land in the reservation */
  uint64_t f = map(0, 16 * K, 0, GUEST_VM_KIND_FLEXIBLE, 0, NULL, 0);
  assert_int_equal(f, BASE + 64 * K);
  /* no-overwrite may map into it */
  map(r + 16 * K, 16 * K, GUEST_VM_MAP_FIXED | GUEST_VM_MAP_NO_OVERWRITE, GUEST_VM_KIND_FLEXIBLE,
      0, NULL, 0);
  struct guest_vm_info i;
  assert_int_equal(guest_vm_virtual_query(r, false, &i), 0);
  assert_int_equal(i.kind, GUEST_VM_KIND_RESERVED);
  assert_int_equal(i.end, r + 16 * K);
  assert_int_equal(guest_vm_virtual_query(r + 16 * K, false, &i), 0);
  assert_int_equal(i.kind, GUEST_VM_KIND_FLEXIBLE);
  /* a reservation is skipped: it stays a reservation */
  assert_int_equal(guest_vm_mprotect(r, 16 * K, RW), 0);
  assert_int_equal(guest_vm_virtual_query(r, false, &i), 0);
  assert_int_equal(i.kind, GUEST_VM_KIND_RESERVED);
  assert_int_equal(guest_vm_unmap(r, 80 * K), 0);
}

static void test_direct_views(void **state) {
  (void)state;
  uint64_t p;
  assert_int_equal(dmem_allocate(0, 1024 * K, 64 * K, 0, 3, &p), 0);
  uint64_t v1 = map(0, 64 * K, 0, GUEST_VM_KIND_DIRECT, p, "v1", 0);
  uint64_t v2 = map(0, 32 * K, 0, GUEST_VM_KIND_DIRECT, p + 32 * K, "v2", 0);
  ((volatile uint32_t *)(uintptr_t)(v1 + 32 * K))[3] = 0xFEEDu;
  assert_int_equal(((volatile uint32_t *)(uintptr_t)v2)[3], 0xFEEDu);
  /* splitting a view keeps its physical offsets */
  assert_int_equal(guest_vm_mprotect(v1 + 16 * K, 16 * K, GUEST_PROT_CPU_READ), 0);
  struct guest_vm_info i;
  assert_int_equal(guest_vm_virtual_query(v1 + 40 * K, false, &i), 0);
  assert_int_equal(i.start, v1 + 32 * K);
  assert_int_equal(i.phys, p + 32 * K);
  /* releasing the upper half of the physical range unmaps it from both views */
  assert_int_equal(dmem_release(p + 32 * K, 32 * K, true), 0);
  assert_int_equal(guest_vm_virtual_query(v1 + 32 * K, false, &i), -KERNEL_EACCES);
  assert_int_equal(guest_vm_virtual_query(v2, false, &i), -KERNEL_EACCES);
  assert_int_equal(guest_vm_virtual_query(v1 + 16 * K, false, &i), 0);
  assert_int_equal(i.end, v1 + 32 * K);
  assert_int_equal(dmem_release(p, 32 * K, true), 0);
  assert_int_equal(guest_vm_virtual_query(v1, false, &i), -KERNEL_EACCES);
}

static void test_flexible_budget(void **state) {
  (void)state;
  uint64_t a = map(0, 1024 * K, 0, GUEST_VM_KIND_FLEXIBLE, 0, NULL, 0);
  map(0, 16 * K, 0, GUEST_VM_KIND_FLEXIBLE, 0, NULL, -KERNEL_ENOMEM);
  /* replacing flexible memory with flexible memory fits the budget */
  map(a, 16 * K, GUEST_VM_MAP_FIXED, GUEST_VM_KIND_FLEXIBLE, 0, NULL, 0);
  assert_int_equal(guest_vm_flexible_used(), 1024 * K);
  assert_int_equal(guest_vm_unmap(a, 16 * K), 0);
  assert_int_equal(guest_vm_flexible_used(), 1008 * K);
  assert_int_equal(guest_vm_unmap(a, 1024 * K), 0);
  assert_int_equal(guest_vm_flexible_used(), 0);
}

/* The unmap notification (guest_vm_add_unmap_observer): called for an unmap and for a fixed
 * mapping that replaces pages, with the span asked for; not for a span with nothing mapped;
 * not after the observer is removed; two observers both hear of it. */
static struct {
  uint64_t addr, size;
  int calls;
} unmaps;
static void on_unmap(uint64_t addr, uint64_t size, void *ctx) {
  assert_ptr_equal(ctx, &unmaps);
  unmaps.addr = addr;
  unmaps.size = size;
  unmaps.calls++;
}

static int other_calls;
static void on_unmap_other(uint64_t addr, uint64_t size, void *ctx) {
  (void)addr, (void)size, (void)ctx;
  other_calls++;
}

static void test_unmap_observers(void **state) {
  (void)state;
  assert_true(guest_vm_add_unmap_observer(on_unmap, &unmaps));
  assert_true(guest_vm_add_unmap_observer(on_unmap_other, NULL));
  uint64_t a = map(0, 64 * K, 0, GUEST_VM_KIND_FLEXIBLE, 0, "gpu", 0);
  assert_int_equal(unmaps.calls, 0);
  assert_int_equal(guest_vm_unmap(a + 16 * K, 16 * K), 0);
  assert_int_equal(unmaps.calls, 1);
  assert_int_equal(other_calls, 1);
  assert_int_equal(unmaps.addr, a + 16 * K);
  assert_int_equal(unmaps.size, 16 * K);
  assert_int_equal(guest_vm_unmap(a + 16 * K, 16 * K), 0); /* nothing there any more */
  assert_int_equal(unmaps.calls, 1);
  map(a, 16 * K, GUEST_VM_MAP_FIXED, GUEST_VM_KIND_FLEXIBLE, 0, "again", 0); /* replaces */
  assert_int_equal(unmaps.calls, 2);
  assert_int_equal(unmaps.addr, a);
  assert_int_equal(unmaps.size, 16 * K);
  map(a + 16 * K, 16 * K, GUEST_VM_MAP_FIXED, GUEST_VM_KIND_FLEXIBLE, 0, "hole", 0);
  assert_int_equal(unmaps.calls, 2); /* filled a hole: nothing was replaced */
  guest_vm_remove_unmap_observer(on_unmap, &unmaps);
  assert_int_equal(guest_vm_unmap(a, 32 * K), 0);
  assert_int_equal(unmaps.calls, 2);
  assert_int_equal(other_calls, 3);
  guest_vm_remove_unmap_observer(on_unmap_other, NULL);
  assert_int_equal(guest_vm_unmap(a + 32 * K, 32 * K), 0);
  assert_int_equal(other_calls, 3);
  /* the table holds GUEST_VM_UNMAP_OBSERVERS; one more is refused */
  for (int i = 0; i < GUEST_VM_UNMAP_OBSERVERS; i++)
    assert_true(guest_vm_add_unmap_observer(on_unmap_other, (void *)(intptr_t)(i + 1)));
  assert_false(guest_vm_add_unmap_observer(on_unmap_other, NULL));
  for (int i = 0; i < GUEST_VM_UNMAP_OBSERVERS; i++)
    guest_vm_remove_unmap_observer(on_unmap_other, (void *)(intptr_t)(i + 1));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_placement_and_unmap),
      cmocka_unit_test(test_protect_names_find_next),
      cmocka_unit_test(test_reserved),
      cmocka_unit_test(test_direct_views),
      cmocka_unit_test(test_flexible_budget),
      cmocka_unit_test(test_unmap_observers),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
