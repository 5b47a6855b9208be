/* The CP unit tests' guest memory: one host buffer MEM standing for the guest range
 * [BASE, BASE + SIZE). cp_test_window_view is the bounds check their mem_map callbacks
 * share: the host address of [addr, addr + len), or NULL when any of it is outside. */
#ifndef PROSPERO_TEST_CP_WINDOW_H
#define PROSPERO_TEST_CP_WINDOW_H

#include <stddef.h>
#include <stdint.h>

static inline void *cp_test_window_view(uint8_t *mem, uint64_t base, uint64_t size, uint64_t addr,
                                        uint64_t len) {
  if (addr < base || len > size || addr - base > size - len) return NULL;
  return mem + (addr - base);
}

#endif
