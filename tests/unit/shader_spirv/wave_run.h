/* One GFX10 kernel (assembled by llvm-mc-19) run on the Vulkan device and in the IR
 * interpreter from the same start, for the device tests that compare the two: translated,
 * emitted (spirv-val must accept the module), then run on one wave of `lanes` lanes over a
 * guest window filled with `fill` (plus an optional table copied in), with `lds_bytes` of
 * LDS, `priv_bytes` of private memory per lane (0x5a bytes) and optionally a GDS. Include after
 * cmocka (the xl_test_harness.h), spv_check.h and vk_test_device.h. With it come what those
 * tests check the two windows with: wave_check (a lane's output dword on both sides),
 * wave_contended (returned values that must fit a serial order), wave_finish (no failure, equal
 * windows, freed, counted), and WAVE_SKIP_UNLESS_READY, wave_xorshift64. */
#ifndef PROSPERO_TESTS_SHADER_SPIRV_WAVE_RUN_H
#define PROSPERO_TESTS_SHADER_SPIRV_WAVE_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/dispatch/shader_memory.h"
#include "wave_start.h"

struct wave_run {
  const char *name, *src;
  uint32_t lanes;
  uint64_t window;      /* the guest window's address */
  uint32_t window_size; /* its size in bytes (a multiple of 4) */
  uint32_t fill;        /* the dword it starts filled with */
  const void *table;    /* copied in at window + table_at when not NULL */
  uint32_t table_at, table_bytes;
  uint32_t lds_bytes, priv_bytes;
  uint32_t sgpr[8]; /* s0..s7 at the start */
  /* the global data share: GDS_BYTES at GDS (both sides start from it and it holds the
   * device's GDS after the run, *GDS_INTERP the interpreter's), mapped for the module at
   * guest address GDS_ADDR; NULL: none */
  uint8_t *gds, **gds_interp;
  uint32_t gds_bytes;
  uint64_t gds_addr;
  uint32_t shader_clock; /* spirv_emit_options.shader_clock */
};

/* The two windows after the run in *DEVICE and *INTERP (the caller frees them). */
static inline void wave_run(vk_device *dev, const struct wave_run *r, uint8_t **device,
                            uint8_t **interp) {
  struct ir_translate_stats st;
  struct ir_function *fn = translate_asm(
      r->src, (struct ir_translate_options){.wave_size = r->lanes, .run_passes = true}, &st);
  assert_int_equal(st.unsupported_count, 0);
  struct spirv_emit_options opts = {.source_name = r->name,
                                    .scratch_lane_bytes = r->priv_bytes,
                                    .lds_bytes = r->lds_bytes,
                                    .gds_addr = r->gds ? r->gds_addr : 0,
                                    .gds_bytes = r->gds ? r->gds_bytes : 0,
                                    .shader_clock = r->shader_clock};
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  if (!ok) fprintf(stderr, "%s: emit: %s\n", r->name, m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  uint8_t *imem = malloc(r->window_size), *gmem = malloc(r->window_size);
  uint8_t *priv = malloc(64 * (size_t)r->priv_bytes + 1), *lds = calloc(1, r->lds_bytes + 1);
  assert_true(w && s && imem && gmem && priv && lds);
  w->lds = lds;
  w->lds_size = r->lds_bytes;
  memset(priv, 0x5a, 64 * (size_t)r->priv_bytes);
  for (uint32_t i = 0; i < r->window_size / 4; i++) memcpy(imem + 4 * i, &r->fill, 4);
  if (r->table) memcpy(imem + r->table_at, r->table, r->table_bytes);
  memcpy(gmem, imem, r->window_size);
  memcpy(w->sgpr, r->sgpr, sizeof r->sgpr);
  struct ir_interp_memory map;
  wave_start(w, s, r->lanes, &map, imem, r->window, r->window_size, priv, r->priv_bytes);
  uint8_t *igds = NULL;
  if (r->gds) {
    igds = malloc(r->gds_bytes);
    assert_non_null(igds);
    memcpy(igds, r->gds, r->gds_bytes);
    w->gds = igds;
    w->gds_size = r->gds_bytes;
  }
  char err[256];
  ok = ir_interp_run(fn, w, 100000, err, sizeof err);
  if (!ok) fprintf(stderr, "%s: interpreter: %s\n", r->name, err);
  assert_true(ok);
  if (r->gds) { /* the window and the GDS as two guest ranges */
    struct shader_memory *mem = shader_memory_create(dev);
    assert_non_null(mem);
    ok = shader_memory_map(mem, r->window, gmem, r->window_size, true, err, sizeof err) &&
         shader_memory_map(mem, r->gds_addr, r->gds, r->gds_bytes, true, err, sizeof err);
    static const uint32_t one[3] = {1, 1, 1};
    if (ok) ok = shader_dispatch_memory(dev, m.words, m.count, s, 1, one, mem, err, sizeof err);
    if (ok) {
      shader_memory_download(mem, r->window, r->window_size);
      shader_memory_download(mem, r->gds_addr, r->gds_bytes);
    }
    shader_memory_destroy(mem);
    *r->gds_interp = igds;
  } else {
    struct shader_dispatch_window win = {.addr = r->window, .data = gmem, .size = r->window_size};
    ok = shader_dispatch_wave(dev, m.words, m.count, s, &win, err, sizeof err);
  }
  if (!ok) fprintf(stderr, "%s: dispatch: %s\n", r->name, err);
  assert_true(ok);
  free(priv);
  free(lds);
  free(w);
  free(s);
  spirv_module_free(&m);
  ir_function_destroy(fn);
  *device = gmem;
  *interp = imem;
}

/* The start of a device test: skips it (test_skip.h) without llvm-mc-19 or without the
 * Vulkan device DEV. */
#define WAVE_SKIP_UNLESS_READY(dev)               \
  do {                                            \
    SKIP_WITHOUT_LLVM_MC();                       \
    if (!(dev)) skip_because("no Vulkan device"); \
  } while (0)

/* The next value of the xorshift64 generator (13, 7, 17) whose state is *S: the tests'
 * operand tables. */
static inline uint64_t wave_xorshift64(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* ---- checking the two windows ------------------------------------------------------------ */

static inline uint32_t wave_word(const uint8_t *win, uint32_t off) {
  uint32_t v;
  memcpy(&v, win + off, 4);
  return v;
}
static inline uint64_t wave_qword(const uint8_t *win, uint32_t off) {
  uint64_t v;
  memcpy(&v, win + off, 8);
  return v;
}

/* Dword I of lane L's 32 output dwords (at window offset OUT + 128 L) must be WANT on both
 * sides: 0, or 1 with a line on stderr. */
static inline unsigned wave_check(const char *name, const uint8_t *device, const uint8_t *interp,
                                  uint32_t out, uint32_t l, uint32_t i, uint32_t want) {
  uint32_t got = wave_word(device, out + 128 * l + 4 * i);
  uint32_t in = wave_word(interp, out + 128 * l + 4 * i);
  if (got == want && in == want) return 0;
  fprintf(stderr, "%s: lane %u dword %u: device 0x%08x, interpreter 0x%08x, expected 0x%08x\n",
          name, l, i, got, in, want);
  return 1;
}

/* Whether N lanes that applied F with data V to one location starting at INIT got back RET
 * and left FINAL under some serial order of them: at each step a lane whose returned value
 * is the current one goes next, one that leaves it unchanged first (it cannot hurt), so the
 * search needs no backtracking for the operations the tests use. */
static inline bool wave_serial_order(uint32_t n, const uint64_t *v, const uint64_t *ret,
                                     uint64_t init, uint64_t final,
                                     uint64_t (*f)(uint64_t, uint64_t)) {
  bool used[64] = {0};
  uint64_t cur = init;
  for (uint32_t k = 0; k < n; k++) {
    int pick = -1;
    for (uint32_t l = 0; l < n; l++) {
      if (used[l] || ret[l] != cur) continue;
      if (f(cur, v[l]) == cur) {
        pick = (int)l;
        break;
      }
      if (pick < 0) pick = (int)l;
    }
    if (pick < 0) {
      fprintf(stderr, "serial order: no lane returned 0x%llx (step %u)\n", (unsigned long long)cur,
              k);
      return false;
    }
    used[pick] = true;
    cur = f(cur, v[pick]);
  }
  if (cur != final)
    fprintf(stderr, "serial order: ends at 0x%llx, memory 0x%llx\n", (unsigned long long)cur,
            (unsigned long long) final);
  return cur == final;
}

/* The values the lanes got back from one location they all worked on: a dword (BYTES 4) or
 * qword per lane at window offset AT + STEP l on each side, which must fit a serial order
 * (wave_serial_order) on both; then cleared on both so the windows can be compared. The
 * number of sides that fit none. */
static inline unsigned wave_contended(const char *name, uint8_t *device, uint8_t *interp,
                                      uint32_t lanes, uint32_t at, uint32_t step, uint32_t bytes,
                                      const uint64_t *v, uint64_t init, uint64_t final,
                                      uint64_t (*f)(uint64_t, uint64_t)) {
  unsigned bad = 0;
  uint8_t *side[2] = {device, interp};
  for (int s = 0; s < 2; s++) {
    uint64_t ret[64];
    for (uint32_t l = 0; l < lanes; l++) {
      ret[l] = bytes == 4 ? wave_word(side[s], at + step * l) : wave_qword(side[s], at + step * l);
      memset(side[s] + at + step * l, 0, bytes);
    }
    if (!wave_serial_order(lanes, v, ret, init, final, f)) {
      fprintf(stderr, "%s: the %s's returned values fit no serial order\n", name,
              s ? "interpreter" : "device");
      bad++;
    }
  }
  return bad;
}

/* The end of one kernel's checks: none failed (BAD 0) and the two windows of SIZE bytes are
 * equal; frees both and counts the kernel in *PASSED. */
static inline void wave_finish(uint8_t *device, uint8_t *interp, uint32_t size, unsigned bad,
                               unsigned *passed) {
  assert_int_equal(bad, 0);
  assert_memory_equal(device, interp, size);
  free(device);
  free(interp);
  (*passed)++;
}

#endif
