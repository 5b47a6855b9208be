/* The host window (kernel/guest_vm.h): the guest can never map, protect or free memory in
 * it, the bands around it still work up to its edges, and the prospero executable is linked
 * as a fixed-address image inside it with room left above for its randomised brk heap. */
#include <elf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/guest_vm.h"

#define PAGE 0x4000ull
#define RW (GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE)
#define BRK_RANDOM_SPAN 0x40000000ull /* Linux x86-64 moves the brk start up to 1 GiB */

static void test_window_refused(void **state) {
  (void)state;
  assert_true(guest_vm_init());
  const uint64_t lo = GUEST_VM_HOST_WINDOW_START, hi = GUEST_VM_HOST_WINDOW_END;
  assert_false(guest_vm_map_fixed(lo, PAGE, RW, "window start"));
  assert_false(guest_vm_map_fixed(hi - PAGE, PAGE, RW, "window end"));
  assert_false(guest_vm_map_fixed(lo + (hi - lo) / 2, 16 * PAGE, RW, "window middle"));
  assert_false(guest_vm_map_fixed(lo - PAGE, 2 * PAGE, RW, "straddles the start"));
  assert_false(guest_vm_map_fixed(hi - PAGE, 2 * PAGE, RW, "straddles the end"));
  assert_false(guest_vm_map_fixed(lo - PAGE, hi - lo + 2 * PAGE, RW, "covers the window"));
  assert_false(guest_vm_protect(lo, PAGE, RW));
  assert_false(guest_vm_free(lo, PAGE));
  /* the band pieces on either side are reserved and usable up to the edges */
  assert_true(guest_vm_map_fixed(lo - PAGE, PAGE, RW, "below"));
  assert_true(guest_vm_map_fixed(hi, PAGE, RW, "above"));
  *(volatile uint8_t *)(uintptr_t)(lo - 1) = 1;
  *(volatile uint8_t *)(uintptr_t)hi = 1;
  assert_true(guest_vm_free(lo - PAGE, PAGE));
  assert_true(guest_vm_free(hi, PAGE));
}

static void test_executable_in_window(void **state) {
  (void)state;
  FILE *f = fopen(PROSPERO_EXE, "rb");
  assert_non_null(f);
  Elf64_Ehdr eh;
  assert_int_equal(fread(&eh, sizeof eh, 1, f), 1);
  assert_memory_equal(eh.e_ident, ELFMAG, SELFMAG);
  assert_int_equal(eh.e_type, ET_EXEC); /* fixed address, not a PIE */
  uint64_t lo = UINT64_MAX, hi = 0;
  for (unsigned i = 0; i < eh.e_phnum; i++) {
    Elf64_Phdr ph;
    assert_int_equal(fseek(f, (long)(eh.e_phoff + (uint64_t)i * eh.e_phentsize), SEEK_SET), 0);
    assert_int_equal(fread(&ph, sizeof ph, 1, f), 1);
    if (ph.p_type != PT_LOAD) continue;
    if (ph.p_vaddr < lo) lo = ph.p_vaddr;
    if (ph.p_vaddr + ph.p_memsz > hi) hi = ph.p_vaddr + ph.p_memsz;
  }
  fclose(f);
  assert_true(lo == GUEST_VM_HOST_WINDOW_START);
  /* the heap starts at most 1 GiB past the image; leave it at least 256 MiB to grow */
  assert_true(hi + BRK_RANDOM_SPAN + 0x10000000ull <= GUEST_VM_HOST_WINDOW_END);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_window_refused),
                                     cmocka_unit_test(test_executable_in_window)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
