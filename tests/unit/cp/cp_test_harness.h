/* The CP unit tests' shared harness. A test defines, before including it:
 * - MEM_BASE: the guest address of its memory (a constant, or a variable it sets after
 *   cp_test_setup when the guest addresses are the host ones);
 * - MEM_SIZE: the size of that memory (a multiple of 4 KiB);
 * - STREAM (optional): the guest address of the one stream it builds with putv; with it come
 *   the cursor N (0 after cp_test_setup), putv, cp_test_submit_run, run_on and run_idle_on.
 * It then has MEM (zeroed, 4 KiB aligned), dw (the dwords at a guest address), mem_map (its
 * ops' callback: the window [MEM_BASE, MEM_BASE + MEM_SIZE) only), CP, reg, and cp_test_setup
 * (with its ops) / cp_test_teardown for its cmocka setup and teardown. */
#ifndef PROSPERO_TEST_CP_HARNESS_H
#define PROSPERO_TEST_CP_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/cp/cp.h"
#include "cp_test_window.h"

static uint8_t *mem;
static struct cp *cp;
#ifdef STREAM
static uint32_t n; /* dwords of the stream at STREAM */
#endif

static inline uint32_t *dw(uint64_t addr) { return (uint32_t *)(mem + (addr - MEM_BASE)); }
static inline void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx, (void)write;
  return cp_test_window_view(mem, MEM_BASE, MEM_SIZE, addr, size);
}
static inline uint32_t reg(unsigned queue, uint32_t byte_addr) {
  return cp_reg(cp, queue, byte_addr / 4);
}

/* Zeroed memory and a command processor with OPS: 0, or -1 when either is missing. */
static inline int cp_test_setup(const struct cp_ops *ops) {
  mem = aligned_alloc(4096, MEM_SIZE);
  if (mem) memset(mem, 0, MEM_SIZE);
  cp = cp_create(ops);
#ifdef STREAM
  n = 0;
#endif
  return cp && mem ? 0 : -1;
}
static inline int cp_test_teardown(void **state) {
  (void)state;
  cp_destroy(cp);
  free(mem);
  return 0;
}

#ifdef STREAM
/* Appends COUNT dwords to the stream. */
static inline void putv(unsigned count, ...) {
  va_list ap;
  va_start(ap, count);
  for (unsigned i = 0; i < count; i++) dw(STREAM)[n++] = va_arg(ap, uint32_t);
  va_end(ap);
}
/* Submits the stream (all N dwords) on QUEUE and runs until idle: whether the CP went idle. */
static inline bool cp_test_submit_run(unsigned queue) {
  assert_int_equal(cp_submit(cp, queue, STREAM, n), 0);
  return cp_run_until_idle(cp, 100);
}
/* Submits the stream on QUEUE, runs to idle, starts the stream again empty: the queue's
 * status. run_idle_on also asserts that the CP went idle within its rounds. */
static inline enum cp_queue_status run_on(unsigned queue) {
  cp_test_submit_run(queue);
  n = 0;
  return cp_queue_status(cp, queue);
}
static inline enum cp_queue_status run_idle_on(unsigned queue) {
  assert_true(cp_test_submit_run(queue));
  n = 0;
  return cp_queue_status(cp, queue);
}
#endif

#endif
