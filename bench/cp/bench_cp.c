/* PM4 parse and register-write throughput of the command processor, in dwords per second,
 * against memcpy of the same stream measured in the same run. Three streams of 4 Mi dwords:
 * (1) the shape a driver writes for draws: SET_CONTEXT_REG/SET_SH_REG packets of 1..16
 * registers, (2) long SET_SH_REG runs (16 registers), (3) one-register SET_UCONFIG_REG packets
 * (the header cost alone). Best of RUNS; the memcpy baseline is the same bytes. No goal is
 * set by the issue: the figures and ratios are printed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench_time.h"
#include "common/log.h"
#include "gpu/cp/cp.h"

#define RUNS 11
#define DWORDS (4u << 20)
#define BASE 0x100000000ull

static uint32_t *stream;

static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  (void)write;
  if (addr < BASE || size > DWORDS * 4ull || addr - BASE > DWORDS * 4ull - size) return NULL;
  return (uint8_t *)stream + (addr - BASE);
}

/* Fills the stream; returns the dwords used (whole packets). */
static uint32_t build(int kind) {
  uint32_t n = 0, seed = 12345;
  for (;;) {
    seed = seed * 1103515245u + 12345u;
    unsigned regs = kind == 1 ? 16 : kind == 2 ? 1 : 1 + (seed >> 16) % 16;
    unsigned op = kind == 2 ? 0x79 : ((seed >> 8) & 1) ? 0x69 : 0x76;
    unsigned span = op == 0x79 ? 0x4000 : 0x400;
    if (n + 2 + regs > DWORDS) break;
    stream[n++] = 0xC0000000u | (regs << 16) | (op << 8); /* body = regs + 1 */
    stream[n++] = (seed >> 4) % (span - regs);
    for (unsigned i = 0; i < regs; i++) stream[n++] = seed ^ i;
  }
  return n;
}

int main(void) {
  log_set_level(LOG_LEVEL_OFF);
  stream = malloc(DWORDS * 4ull);
  uint32_t *copy = malloc(DWORDS * 4ull);
  const struct cp_ops ops = {.mem_map = mem_map};
  struct cp *cp = cp_create(&ops);
  if (!stream || !copy || !cp) return 1;
  static const char *const names[] = {"mixed SET_CONTEXT/SH_REG 1..16 regs", "SET_SH_REG 16 regs",
                                      "SET_UCONFIG_REG 1 reg"};
  for (int kind = 0; kind < 3; kind++) {
    uint32_t n = build(kind);
    double best_cp = 1e9, best_mc = 1e9;
    for (int r = 0; r < RUNS; r++) {
      double t0 = bench_now_s();
      memcpy(copy, stream, (size_t)n * 4);
      __asm__ volatile("" : : "r"(copy) : "memory"); /* the copy is used */
      double t1 = bench_now_s();
      if (cp_submit(cp, CP_GFX_QUEUE, BASE, n) != 0) return 1;
      if (!cp_run_until_idle(cp, 1u << 20)) return 1;
      double t2 = bench_now_s();
      if (t1 - t0 < best_mc) best_mc = t1 - t0;
      if (t2 - t1 < best_cp) best_cp = t2 - t1;
    }
    if (cp_queue_status(cp, CP_GFX_QUEUE) != CP_QUEUE_IDLE) return 1;
    printf("bench.cp %-38s: %.0f M dwords/s (memcpy %.0f M dwords/s, ratio %.3f)\n", names[kind],
           n / best_cp / 1e6, n / best_mc / 1e6, best_mc / best_cp);
  }
  cp_destroy(cp);
  free(stream);
  free(copy);
  return 0;
}
