/* Fuzz target for the command processor: the input is guest memory (64 KiB at 0x10000, the
 * input at its start) holding a PM4 stream, and a 64 KiB global data share for the GDS forms; byte
 * 0 picks the queue, the rest is submitted and run for a bounded number of scheduler passes, then
 * listed with the decoder. Addresses in the stream may point anywhere: only the mapped range may be
 * touched (ASan checks), no input may crash or hang. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/cp/cp.h"

#define BASE 0x10000ull
#define SIZE 0x10000u
#define GDS_SIZE 0x10000u
static uint8_t *mem, *gds;

static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  (void)write;
  if (addr < BASE || size > SIZE || addr - BASE > SIZE - size) return NULL;
  return mem + (addr - BASE);
}
/* the global data share of the GDS forms (ops.gds_map): 64 KiB, GDS byte addresses */
static void *gds_map(void *ctx, uint32_t offset, uint32_t size) {
  (void)ctx;
  if (offset > GDS_SIZE || size > GDS_SIZE - offset) return NULL;
  return gds + offset;
}
static void on_dispatch(void *ctx, const struct cp_dispatch *d) {
  /* the SH bank must be whole */
  volatile uint32_t x = d->sh[0] ^ d->sh[PM4_SH_COUNT - 1];
  (void)x;
}
static void on_agc(void *ctx, unsigned queue, unsigned sub, const uint32_t *b, unsigned n) {
  volatile uint32_t x = n ? b[0] ^ b[n - 1] : 0;
  (void)x;
}
static bool list_read(void *ctx, uint64_t addr, uint32_t *dst, uint32_t n) {
  const void *p = mem_map(ctx, addr, (uint64_t)n * 4, false);
  if (!p) return false;
  memcpy(dst, p, (size_t)n * 4);
  return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static FILE *null;
  static struct cp *cp;
  if (!mem) {
    log_set_level(LOG_LEVEL_OFF);
    mem = malloc(SIZE);
    gds = malloc(GDS_SIZE);
    null = fopen("/dev/null", "w");
    const struct cp_ops ops = {
        .mem_map = mem_map, .dispatch = on_dispatch, .agc_packet = on_agc, .gds_map = gds_map};
    cp = cp_create(&ops);
    if (!mem || !gds || !null || !cp) abort();
  }
  if (size < 5) return 0;
  memset(mem, 0, SIZE);
  memset(gds, 0, GDS_SIZE);
  size_t n = size - 1 < SIZE ? size - 1 : SIZE;
  memcpy(mem, data + 1, n);
  cp_reset(cp); /* every input starts from a fresh command processor */
  unsigned queue = data[0] % CP_QUEUES;
  if (n / 4) {
    if (cp_submit(cp, queue, BASE, (uint32_t)(n / 4)) != 0) abort();
    cp_run_until_idle(cp, 16);
    struct pm4_list_opts o = {.read = list_read, .base = BASE};
    pm4_list(null, (const uint32_t *)mem, n / 4, &o);
  }
  return 0;
}
