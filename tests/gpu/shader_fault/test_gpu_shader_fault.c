/* Accesses outside every mapped guest range on the Vulkan device (lavapipe in CI) and in the
 * IR interpreter: they read 0 and drop their stores and atomics, and the fault record
 * (docs/shader-dispatch.md, "Unmapped accesses") counts them and keeps the first one's
 * address, kind, size, instruction offset and lane. One wave32 kernel per case (llvm-mc-19
 * at test time) over a guest window of WINDOW_SIZE bytes at WINDOW (one range), v0 = the lane;
 * lanes 16-31 address WINDOW + FAR + 4 x lane (in no range), lanes 0-15 the window. Expected
 * values come from the rules (C here): count = faulting lane accesses (a scalar access once
 * per wave, an inactive lane or a V# access outside its records none), the instruction's
 * offset from llvm-mc-19 (the size of the source before it), results from the fill.
 * - global_load: EXEC without lanes 24-31: 8 faults, the loads of lanes 16-23 read 0, the
 *   others their dword.
 * - global_store: 16 faults, the mapped lanes' stores land, nothing else of the window
 *   changes.
 * - global_atomic: global_atomic_add with return: 16 faults returning 0, the mapped lanes
 *   add and get the old value.
 * - scalar_load: s_load_dword at an unmapped address: one fault (the wave's), kind scalar.
 * - buffer: a V# over the window with 64 bytes of records (lanes 16-31 outside its records:
 *   0, no fault) and a V# whose base is in no range (every lane in its records: 32 faults).
 * - no_fault: a clean kernel after a faulting one against the same table: the record is
 *   clear again.
 * - checks_off: with the checks off the record stays clear (the accesses still read 0);
 *   the dispatcher's sampling of the checks.
 * - report_text: the warning's text names the count, the first access and the nearest
 *   range.
 * - bad_return: a s_setpc through a return address that is none of the return points: one
 *   jump fault (lane 0), the wave ends before the code after the call. */
#include "xl_test_harness.h"

#include "gpu/shader/dispatch/compute_dispatch.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/dispatch/shader_memory.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"
#include "test_skip.h"
#include "vk_test_device.h"
#include "wave_start.h"

#define WINDOW 0x100000u
#define WINDOW_SIZE 0x4000u
#define FAR 0x10000u         /* WINDOW + FAR + 4 x lane: in no range */
#define OUT 0x1000u          /* window offset of the output dwords (4 x lane) */
#define FILL_BASE 0x1000000u /* dword i of the window starts as FILL_BASE + i */
/* the shader's guest code address (outside the window: the code is not read as data) */
#define CODE_BASE 0x7f0000010000ull

static vk_device *dev;

#define WAVE_SKIP_UNLESS_READY()                \
  do {                                          \
    SKIP_WITHOUT_LLVM_MC();                     \
    if (!dev) skip_because("no Vulkan device"); \
  } while (0)

struct run {
  uint8_t *device, *interp;  /* the windows after the run */
  struct shader_fault fault; /* the device's record */
  struct ir_interp_fault interp_fault;
  uint32_t pc; /* the faulting instruction's offset (llvm-mc-19) */
};

static void fill(uint8_t *win) {
  for (uint32_t i = 0; i < WINDOW_SIZE / 4; i++) {
    uint32_t v = FILL_BASE + i;
    memcpy(win + 4 * i, &v, 4);
  }
}
static uint32_t word(const uint8_t *win, uint32_t off) {
  uint32_t v;
  memcpy(&v, win + off, 4);
  return v;
}

/* Runs PREFIX + AT + SUFFIX (AT: the instruction whose offset the record should name) on
 * both sides; MEM: the table to run against (NULL: one made here). */
static struct run run_kernel(const char *name, const char *prefix, const char *at,
                             const char *suffix, struct shader_memory *mem) {
  struct run r = {0};
  size_t n;
  uint32_t *pw = assemble(prefix, &n, false);
  free(pw);
  r.pc = (uint32_t)n * 4;
  size_t len = strlen(prefix) + strlen(at) + strlen(suffix) + 1;
  char *src = malloc(len);
  assert_non_null(src);
  snprintf(src, len, "%s%s%s", prefix, at, suffix);
  struct ir_translate_stats st;
  struct ir_function *fn =
      translate_asm(src, (struct ir_translate_options){.wave_size = 32, .run_passes = true}, &st);
  free(src);
  assert_int_equal(st.unsupported_count, 0);
  struct spirv_emit_options opts = {.source_name = name};
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &opts, &m);
  if (!ok) fprintf(stderr, "%s: emit: %s\n", name, m.error);
  assert_true(ok);
  assert_true(spv_check_valid(m.words, m.count));
  struct ir_interp_wave *w = calloc(1, sizeof *w);
  struct spirv_wave_state *s = calloc(1, sizeof *s);
  r.device = malloc(WINDOW_SIZE);
  r.interp = malloc(WINDOW_SIZE);
  assert_true(w && s && r.device && r.interp);
  fill(r.device);
  fill(r.interp);
  struct ir_interp_memory map;
  wave_start(w, s, 32, &map, r.interp, WINDOW, WINDOW_SIZE, NULL, 0);
  w->tolerate_unmapped = true;
  w->code_base = CODE_BASE;
  s->code_base[0] = (uint32_t)CODE_BASE;
  s->code_base[1] = (uint32_t)(CODE_BASE >> 32);
  char err[256];
  ok = ir_interp_run(fn, w, 100000, err, sizeof err);
  if (!ok) fprintf(stderr, "%s: interpreter: %s\n", name, err);
  assert_true(ok);
  r.interp_fault = w->fault;
  struct shader_memory *own = NULL;
  if (!mem) {
    mem = own = shader_memory_create(dev);
    assert_non_null(mem);
    assert_true(shader_memory_map(mem, WINDOW, r.device, WINDOW_SIZE, true, err, sizeof err));
  } else { /* the kept table's window: this run's bytes */
    assert_true(shader_memory_use_window(mem, WINDOW, r.device, WINDOW_SIZE, err, sizeof err));
  }
  static const uint32_t one[3] = {1, 1, 1};
  ok = shader_dispatch_memory(dev, m.words, m.count, s, 1, one, mem, err, sizeof err);
  if (!ok) fprintf(stderr, "%s: dispatch: %s\n", name, err);
  assert_true(ok);
  shader_memory_download(mem, WINDOW, WINDOW_SIZE);
  bool faulted = shader_memory_fault(mem, &r.fault);
  assert_int_equal(faulted, r.fault.count != 0);
  if (own) shader_memory_destroy(own);
  free(w);
  free(s);
  spirv_module_free(&m);
  ir_function_destroy(fn);
  return r;
}

static void run_free(struct run *r) {
  free(r->device);
  free(r->interp);
}

/* Both records: COUNT accesses, the first of KIND and BYTES at PC by a lane in [LO, HI] at
 * WINDOW + FAR + 4 x lane (FAR_BASE: the address of lane 0's access) */
static void check_fault(const struct run *r, uint32_t count, uint32_t kind, uint32_t bytes,
                        uint32_t lo, uint32_t hi, uint64_t far_base, bool per_lane_addr) {
  const struct shader_fault *f = &r->fault;
  const struct ir_interp_fault *i = &r->interp_fault;
  assert_int_equal(f->count, count);
  assert_int_equal(i->count, count);
  assert_int_equal(f->kind, kind);
  assert_int_equal(i->kind, kind);
  assert_int_equal(f->bytes, bytes);
  assert_int_equal(i->bytes, bytes);
  assert_int_equal(f->pc, r->pc);
  assert_int_equal(i->pc, r->pc);
  assert_int_equal(f->wave, 0);
  assert_in_range(f->lane, lo, hi);
  assert_in_range(i->lane, lo, hi);
  /* the address belongs to the lane that reported it */
  assert_int_equal(f->addr, far_base + (per_lane_addr ? 4ull * f->lane : 0));
  assert_int_equal(i->addr, far_base + (per_lane_addr ? 4ull * i->lane : 0));
}

/* v1 = 4 x lane, plus FAR for lanes 16-31 */
#define LANE_ADDR              \
  "v_lshlrev_b32 v1, 2, v0\n"  \
  "v_lshrrev_b32 v2, 4, v0\n"  \
  "v_lshlrev_b32 v2, 16, v2\n" \
  "v_add_nc_u32 v1, v1, v2\n"  \
  "s_mov_b32 s0, 0x100000\n"   \
  "s_mov_b32 s1, 0\n"          \
  "v_lshlrev_b32 v4, 2, v0\n"  \
  "v_add_nc_u32 v4, 0x1000, v4\n" /* v4: OUT + 4 x lane */

_Static_assert(FAR == 1u << 16 && OUT == 0x1000u && WINDOW == 0x100000u, "the kernels' constants");

static void global_load(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  struct run r = run_kernel("global_load", LANE_ADDR "s_mov_b32 exec_lo, 0x00ffffff\n",
                            "global_load_dword v3, v1, s[0:1]\n",
                            "s_waitcnt vmcnt(0)\n"
                            "s_mov_b32 exec_lo, -1\n"
                            "global_store_dword v4, v3, s[0:1]\n"
                            "s_endpgm\n",
                            NULL);
  check_fault(&r, 8, SPIRV_FAULT_LOAD, 4, 16, 23, WINDOW + FAR, true);
  for (uint32_t l = 0; l < 32; l++) {
    /* lanes 24-31 were off for the load: v3 stayed 0 (the VGPRs start as 0) */
    uint32_t want = l < 16 ? FILL_BASE + l : 0;
    assert_int_equal(word(r.device, OUT + 4 * l), want);
    assert_int_equal(word(r.interp, OUT + 4 * l), want);
  }
  assert_memory_equal(r.device, r.interp, WINDOW_SIZE);
  run_free(&r);
}

static void global_store(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  struct run r = run_kernel("global_store", LANE_ADDR "v_add_nc_u32 v5, 0x500, v0\n",
                            "global_store_dword v1, v5, s[0:1]\n", "s_endpgm\n", NULL);
  check_fault(&r, 16, SPIRV_FAULT_STORE, 4, 16, 31, WINDOW + FAR, true);
  uint8_t *want = malloc(WINDOW_SIZE);
  assert_non_null(want);
  fill(want);
  for (uint32_t l = 0; l < 16; l++) {
    uint32_t v = 0x500 + l;
    memcpy(want + 4 * l, &v, 4);
  }
  assert_memory_equal(r.device, want, WINDOW_SIZE); /* the other stores went nowhere */
  assert_memory_equal(r.interp, want, WINDOW_SIZE);
  free(want);
  run_free(&r);
}

static void global_atomic(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  struct run r = run_kernel("global_atomic", LANE_ADDR "v_mov_b32 v5, 3\n",
                            "global_atomic_add v3, v1, v5, s[0:1] glc\n",
                            "s_waitcnt vmcnt(0)\n"
                            "global_store_dword v4, v3, s[0:1]\n"
                            "s_endpgm\n",
                            NULL);
  check_fault(&r, 16, SPIRV_FAULT_ATOMIC, 4, 16, 31, WINDOW + FAR, true);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t old = l < 16 ? FILL_BASE + l : 0;
    assert_int_equal(word(r.device, OUT + 4 * l), old);
    assert_int_equal(word(r.interp, OUT + 4 * l), old);
    if (l < 16) assert_int_equal(word(r.device, 4 * l), FILL_BASE + l + 3);
  }
  assert_memory_equal(r.device, r.interp, WINDOW_SIZE);
  run_free(&r);
}

static void scalar_load(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  struct run r = run_kernel("scalar_load", LANE_ADDR "s_mov_b32 s4, 0x110040\ns_mov_b32 s5, 0\n",
                            "s_load_dword s8, s[4:5], 0x0\n",
                            "s_load_dword s9, s[0:1], 0x8\n"
                            "s_waitcnt lgkmcnt(0)\n"
                            "s_add_u32 s8, s8, s9\n"
                            "v_mov_b32 v3, s8\n"
                            "global_store_dword v4, v3, s[0:1]\n"
                            "s_endpgm\n",
                            NULL);
  check_fault(&r, 1, SPIRV_FAULT_SCALAR, 4, 0, 0, 0x110040, false);
  for (uint32_t l = 0; l < 32; l++) { /* 0 + dword 2 of the window */
    assert_int_equal(word(r.device, OUT + 4 * l), FILL_BASE + 2);
    assert_int_equal(word(r.interp, OUT + 4 * l), FILL_BASE + 2);
  }
  run_free(&r);
}

/* A return to none of the return points (the return address + 4): a jump fault, the
 * wave's (lane 0 reports it) with the value as its address and the s_setpc's offset; the
 * wave ends there, so the store after the call never happens. */
#define BAD_RETURN_CALL                  \
  LANE_ADDR                              \
  "v_mov_b32 v3, 7\n"                    \
  "global_store_dword v4, v3, s[0:1]\n"  \
  "s_getpc_b64 s[6:7]\n"                 \
  "pc0:\n"                               \
  "s_add_u32 s6, s6, f - pc0\n"          \
  "s_addc_u32 s7, s7, (f - pc0) >> 32\n" \
  "s_swappc_b64 s[30:31], s[6:7]\n"
static void bad_return(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  size_t n;
  uint32_t *w = assemble(BAD_RETURN_CALL "f:\n", &n, false); /* the return point: n * 4 */
  free(w);
  struct run r = run_kernel("bad_return",
                            BAD_RETURN_CALL
                            "v_mov_b32 v3, 9\n"
                            "global_store_dword v4, v3, s[0:1]\n"
                            "s_endpgm\n"
                            "f:\n"
                            "s_add_u32 s30, s30, 4\n",
                            "s_setpc_b64 s[30:31]\n", "", NULL);
  /* the value is a guest address: the code base plus the return point's offset + 4 */
  check_fault(&r, 1, SPIRV_FAULT_JUMP, 0, 0, 0, CODE_BASE + n * 4 + 4, false);
  char text[512], want[64];
  shader_memory_fault_text(NULL, &r.fault, text, sizeof text);
  snprintf(want, sizeof want, "a jump through a register to 0x%llx",
           (unsigned long long)(CODE_BASE + n * 4 + 4));
  if (!strstr(text, want)) fprintf(stderr, "text: %s\n", text);
  assert_non_null(strstr(text, want));
  snprintf(want, sizeof want, "shader offset 0x%x", r.pc);
  assert_non_null(strstr(text, want));
  for (uint32_t l = 0; l < 32; l++) {
    assert_int_equal(word(r.device, OUT + 4 * l), 7);
    assert_int_equal(word(r.interp, OUT + 4 * l), 7);
  }
  assert_memory_equal(r.device, r.interp, WINDOW_SIZE);
  run_free(&r);
}

static void buffer(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  /* V# A: the window, 64 bytes of raw records (OOB_SELECT 3); V# B: based in no range */
  struct run r = run_kernel("buffer",
                            LANE_ADDR
                            "v_lshlrev_b32 v6, 2, v0\n"
                            "s_mov_b32 s8, 0x100000\n"
                            "s_mov_b32 s9, 0\n"
                            "s_mov_b32 s10, 64\n"
                            "s_mov_b32 s11, 0x30000000\n"
                            "s_mov_b32 s12, 0x110000\n"
                            "s_mov_b32 s13, 0\n"
                            "s_mov_b32 s14, 0x1000\n"
                            "s_mov_b32 s15, 0x30000000\n"
                            "buffer_load_dword v3, v6, s[8:11], 0 offen\n",
                            "buffer_load_dword v7, v6, s[12:15], 0 offen\n",
                            "s_waitcnt vmcnt(0)\n"
                            "v_add_nc_u32 v3, v3, v7\n"
                            "global_store_dword v4, v3, s[0:1]\n"
                            "s_endpgm\n",
                            NULL);
  check_fault(&r, 32, SPIRV_FAULT_LOAD, 4, 0, 31, 0x110000, true);
  for (uint32_t l = 0; l < 32; l++) {
    uint32_t want = l < 16 ? FILL_BASE + l : 0; /* past the records: 0, and no fault */
    assert_int_equal(word(r.device, OUT + 4 * l), want);
    assert_int_equal(word(r.interp, OUT + 4 * l), want);
  }
  run_free(&r);
}

static void no_fault(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  struct shader_memory *mem = shader_memory_create(dev);
  assert_non_null(mem);
  struct run a = run_kernel("no_fault_1", LANE_ADDR, "global_load_dword v3, v1, s[0:1]\n",
                            "s_waitcnt vmcnt(0)\n"
                            "global_store_dword v4, v3, s[0:1]\n" /* (an unused load is removed) */
                            "s_endpgm\n",
                            mem);
  assert_int_equal(a.fault.count, 16);
  struct run b = run_kernel("no_fault_2", LANE_ADDR "v_lshlrev_b32 v1, 2, v0\n",
                            "global_load_dword v3, v1, s[0:1]\n",
                            "s_waitcnt vmcnt(0)\n"
                            "global_store_dword v4, v3, s[0:1]\n"
                            "s_endpgm\n",
                            mem);
  struct shader_fault f;
  assert_false(shader_memory_fault(mem, &f));
  assert_int_equal(b.fault.count, 0);
  assert_int_equal(b.interp_fault.count, 0);
  for (uint32_t l = 0; l < 32; l++) assert_int_equal(word(b.device, OUT + 4 * l), FILL_BASE + l);
  shader_memory_destroy(mem);
  run_free(&a);
  run_free(&b);
}

/* With the checks off (shader_memory_set_fault_check, as the dispatcher's sampling turns
 * them off) the same faulting kernel leaves the record clear and still reads 0 there; on
 * again, it counts. */
static void checks_off(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  struct shader_memory *mem = shader_memory_create(dev);
  assert_non_null(mem);
  assert_true(shader_memory_fault_check(mem)); /* a new table checks */
  for (int on = 0; on < 2; on++) {
    shader_memory_set_fault_check(mem, on);
    struct run r = run_kernel("checks_off", LANE_ADDR, "global_load_dword v3, v1, s[0:1]\n",
                              "s_waitcnt vmcnt(0)\n"
                              "global_store_dword v4, v3, s[0:1]\n"
                              "s_endpgm\n",
                              mem);
    assert_int_equal(r.fault.count, on ? 16 : 0);
    assert_int_equal(r.interp_fault.count, 16);
    for (uint32_t l = 0; l < 32; l++)
      assert_int_equal(word(r.device, OUT + 4 * l), l < 16 ? FILL_BASE + l : 0);
    run_free(&r);
  }
  shader_memory_destroy(mem);
  /* the dispatcher's sample: the first 16 dispatches, every 64th, all after a fault */
  static const struct {
    uint64_t nth;
    bool faulted, due;
  } due[] = {{0, false, true},  {15, false, true},    {16, false, false},  {63, false, false},
             {64, false, true}, {65, false, false},   {127, false, false}, {128, false, true},
             {65, true, true},  {1000001, true, true}};
  for (size_t i = 0; i < sizeof due / sizeof *due; i++)
    assert_int_equal(compute_fault_check_due(due[i].nth, due[i].faulted), due[i].due);
}

static void report_text(void **state) {
  (void)state;
  WAVE_SKIP_UNLESS_READY();
  struct shader_memory *mem = shader_memory_create(dev);
  assert_non_null(mem);
  static uint8_t win[WINDOW_SIZE] __attribute__((aligned(4096)));
  char err[256], text[320];
  assert_true(shader_memory_map(mem, WINDOW, win, WINDOW_SIZE, true, err, sizeof err));
  struct shader_fault f = {.count = 3,
                           .addr = 0x110040,
                           .kind = SPIRV_FAULT_STORE,
                           .bytes = 4,
                           .pc = 0x2c,
                           .lane = 17,
                           .wave = 1};
  shader_memory_fault_text(mem, &f, text, sizeof text);
  assert_string_equal(text,
                      "3 accesses outside every mapped guest range (read as 0, stores dropped); "
                      "first: 4-byte store at 0x110040, shader offset 0x2c, lane 17 of wave 1; "
                      "nearest mapped range 0x100000-0x104000 (1 mapped)");
  f = (struct shader_fault){.count = 1, .addr = 0x10, .kind = SPIRV_FAULT_SCALAR, .pc = UINT32_MAX};
  shader_memory_unmap(mem, 0, UINT64_MAX);
  shader_memory_fault_text(mem, &f, text, sizeof text);
  assert_string_equal(text,
                      "1 access outside every mapped guest range (read as 0, stores dropped); "
                      "first: scalar load at 0x10, shader offset ?, lane 0 of wave 0; "
                      "no range mapped");
  shader_memory_destroy(mem);
}

int main(void) {
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(global_load),   cmocka_unit_test(global_store),
      cmocka_unit_test(global_atomic), cmocka_unit_test(scalar_load),
      cmocka_unit_test(buffer),        cmocka_unit_test(no_fault),
      cmocka_unit_test(checks_off),    cmocka_unit_test(report_text),
      cmocka_unit_test(bad_return)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  return test_skip_status(r);
}
