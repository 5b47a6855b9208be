/* The global data share through the command processor on the Vulkan device (lavapipe in CI):
 * PM4 streams built here from the public definitions (AMD's PAL GFX10 packet headers, the
 * Linux amdgpu Navi header, Mesa's sid.h; docs/gpu-cp.md "GDS") run on a compute queue with
 * the app's dispatch and GDS ops (src/app/gpu_compute.c). The kernels (llvm-mc-19) use
 * ds_add_u32 / ds_read_b32 / ds_write_b32 with gds under an M0 window (bits 31:16 base,
 * 15:0 size: an access at or past the size reads 0 and writes nothing, docs/shader-ir.md);
 * the packets fill, load and copy the GDS (DMA_DATA, WRITE_DATA, RELEASE_MEM DATA_SEL 5,
 * EVENT_WRITE_EOS COMMAND 1). Every expected value is computed here in C from those rules.
 * Exit status 77 (skip): no Vulkan device or no llvm-mc-19. */
#include "xl_test_harness.h"

#include "gpu/cp/cp.h"
#include "gpu_compute.h"
#include "vk_test_device.h"

#define PKT3(op, body) (0xC0000000u | ((((body)-1u) & 0x3fffu) << 16) | ((op) << 8))
enum {
  DISPATCH_DIRECT = 0x15,
  WRITE_DATA = 0x37,
  EVENT_WRITE_EOS = 0x48,
  RELEASE_MEM = 0x49,
  DMA_DATA = 0x50,
  SET_SH_REG = 0x76
};
#define R_COMPUTE_NUM_THREAD_X 0xB81Cu
#define R_COMPUTE_PGM_LO 0xB830u
#define R_COMPUTE_PGM_RSRC1 0xB848u
#define R_COMPUTE_USER_DATA_0 0xB900u
#define SH_OFF(r) (((r)-0xB000u) / 4)
#define DMA_CTL(src, dst) ((uint32_t)(src) << 29 | (uint32_t)(dst) << 20) /* 1 = GDS */

#define MEM_BASE 0x200000000ull
#define MEM_SIZE (1u << 20)
#define CODE (MEM_BASE + 0x1000)
#define LABEL (MEM_BASE + 0x8000)
#define TABLE (MEM_BASE + 0x9000)
#define OUT1 (MEM_BASE + 0x10000)
#define OUT2 (MEM_BASE + 0x11000)
#define DUMP (MEM_BASE + 0x12000)
#define STREAM MEM_BASE
#define FILL 0xaaaaaaaau
#define GROUPS 4u
#define THREADS 32u /* one wave32 per group */
#define N (GROUPS * THREADS)
#define LO(a) ((uint32_t)(a))
#define HI(a) ((uint32_t)((a) >> 32))

static vk_device *dev;
static uint8_t *mem;

static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  (void)write;
  if (addr < MEM_BASE || size > MEM_SIZE || addr - MEM_BASE > MEM_SIZE - size) return NULL;
  return mem + (addr - MEM_BASE);
}
static bool flat_window(void *ctx, const struct compute_config *cfg,
                        struct shader_dispatch_window *out, char *err, size_t err_size) {
  (void)ctx, (void)cfg, (void)err, (void)err_size;
  *out = (struct shader_dispatch_window){.addr = MEM_BASE, .data = mem, .size = MEM_SIZE};
  return true;
}
static uint32_t rd(uint64_t addr) {
  uint32_t v;
  memcpy(&v, mem + (addr - MEM_BASE), 4);
  return v;
}
static void wr(uint64_t addr, uint32_t v) { memcpy(mem + (addr - MEM_BASE), &v, 4); }

static uint64_t at; /* where the stream being built goes on */
static void putv(unsigned n, ...) {
  va_list ap;
  va_start(ap, n);
  for (unsigned i = 0; i < n; i++) {
    wr(at, va_arg(ap, uint32_t));
    at += 4;
  }
  va_end(ap);
}

/* The dispatch registers for the code at CODE (wave32, USER_DATA_0/1 = OUT, TGID_X) and a
 * DISPATCH_DIRECT of GROUPS groups. */
static void put_dispatch(uint64_t out, uint32_t groups) {
  putv(4, PKT3(SET_SH_REG, 3), SH_OFF(R_COMPUTE_PGM_LO), (uint32_t)(CODE >> 8),
       (uint32_t)(CODE >> 40));
  /* RSRC1: VGPRS 1 (16 VGPRs in wave32); RSRC2: USER_SGPR 2 (bits 5:1), TGID_X_EN (bit 7) */
  putv(4, PKT3(SET_SH_REG, 3), SH_OFF(R_COMPUTE_PGM_RSRC1), 1u, 2u << 1 | 1u << 7);
  putv(5, PKT3(SET_SH_REG, 4), SH_OFF(R_COMPUTE_NUM_THREAD_X), THREADS, 1u, 1u);
  putv(4, PKT3(SET_SH_REG, 3), SH_OFF(R_COMPUTE_USER_DATA_0), LO(out), HI(out));
  /* initiator COMPUTE_SHADER_EN (bit 0) | CS_W32_EN (bit 15) */
  putv(5, PKT3(DISPATCH_DIRECT, 4), groups, 1u, 1u, 1u | 1u << 15);
}

/* Loads KERNEL at CODE, runs the stream [STREAM, at) on compute queue 0.0 with the app's
 * dispatch and GDS ops (C->gds, when the caller set it, is the GDS used); the queue must end
 * idle. */
static void run_stream(const char *kernel, struct app_gpu_compute *c) {
  size_t n;
  uint32_t *w = assemble(kernel, &n, false);
  memcpy(mem + (CODE - MEM_BASE), w, n * 4);
  free(w);
  c->dev = dev;
  c->window = flat_window;
  const struct cp_ops ops = {.ctx = c,
                             .mem_map = mem_map,
                             .dispatch = app_gpu_compute_dispatch,
                             .gds_map = app_gpu_compute_gds_map};
  struct cp *cp = cp_create(&ops);
  assert_non_null(cp);
  const unsigned q = cp_compute_queue(0, 0);
  assert_int_equal(cp_submit(cp, q, STREAM, (uint32_t)((at - STREAM) / 4)), 0);
  assert_true(cp_run_until_idle(cp, 100));
  assert_int_equal(cp_queue_status(cp, q), CP_QUEUE_IDLE);
  cp_destroy(cp);
}

static void fill_mem(void) {
  for (uint32_t i = 0; i < MEM_SIZE; i += 4) memcpy(mem + i, &(uint32_t){FILL}, 4);
  at = STREAM;
}

/* Thread i = group * 32 + lane (lane = v0): adds lane + 1 to GDS dword 0; reads GDS
 * 0x100 + 4i (what the previous dispatch left there) into out[i] and writes it back plus
 * i * i + 0x77; reads GDS 0x800 + 4i (loaded by DMA_DATA) into out[128 + i]. M0: base 0,
 * size 0x1000. */
static const char counter_kernel[] =
    "s_movk_i32 m0, 0x1000\n"
    "v_mov_b32 v1, 0\n"
    "v_add_nc_u32 v2, 1, v0\n"
    "ds_add_u32 v1, v2 gds\n"
    "s_lshl_b32 s3, s2, 5\n"
    "v_add_nc_u32 v3, s3, v0\n"
    "v_lshlrev_b32 v4, 2, v3\n"
    "ds_read_b32 v5, v4 offset:256 gds\n"
    "v_mul_lo_u32 v6, v3, v3\n"
    "v_add_nc_u32 v6, 0x77, v6\n"
    "s_waitcnt lgkmcnt(0)\n"
    "v_add_nc_u32 v7, v5, v6\n"
    "ds_write_b32 v4, v7 offset:256 gds\n"
    "ds_read_b32 v8, v4 offset:2048 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dword v4, v5, s[0:1]\n"
    "global_store_dword v4, v8, s[0:1] offset:512\n"
    "s_endpgm\n";
static uint32_t table(uint32_t i) { return 0xC0DE0000u + i * 7u; }
static uint32_t square(uint32_t i) { return i * i + 0x77u; }

/* The stream: DMA_DATA fills the whole GDS with 0, WRITE_DATA puts 1000 in dword 0,
 * DMA_DATA copies a table from memory to GDS 0x800, two dispatches of the kernel (into OUT1,
 * then OUT2), DMA_DATA copies GDS 0..0x400 to DUMP, RELEASE_MEM DATA_SEL 5 copies GDS dword
 * 0 to LABEL, EVENT_WRITE_EOS COMMAND 1 GDS dwords 0x40 and 0x41 to LABEL + 8. */
static void counter_stream(void) {
  fill_mem();
  for (uint32_t i = 0; i < N; i++) wr(TABLE + 4 * i, table(i));
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(2, 1), 0u, 0u, 0u, 0u, 0x10000u);
  putv(5, PKT3(WRITE_DATA, 4), 3u << 8, 0u, 0u, 1000u);
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(0, 1), LO(TABLE), HI(TABLE), 0x800u, 0u, N * 4);
  put_dispatch(OUT1, GROUPS);
  put_dispatch(OUT2, GROUPS);
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 0), 0u, 0u, LO(DUMP), HI(DUMP), 0x400u);
  putv(8, PKT3(RELEASE_MEM, 7), 0x28u | 5u << 8, 5u << 29, LO(LABEL), HI(LABEL), 1u << 16, 0u, 0u);
  putv(5, PKT3(EVENT_WRITE_EOS, 4), 0x2Fu | 6u << 8, LO(LABEL + 8), HI(LABEL + 8) | 1u << 29,
       0x40u | 2u << 16);
}

static void check_counter_results(const struct app_gpu_compute *c) {
  assert_int_equal(c->dispatched, 2);
  assert_int_equal(c->failed, 0);
  /* each group adds 1 + 2 + ... + 32 = 528, per dispatch */
  uint32_t counter = 1000u + 2u * GROUPS * (THREADS * (THREADS + 1) / 2);
  for (uint32_t i = 0; i < N; i++) {
    assert_int_equal(rd(OUT1 + 4 * i), 0);         /* the first dispatch read the fill */
    assert_int_equal(rd(OUT2 + 4 * i), square(i)); /* the second, what the first wrote */
    assert_int_equal(rd(OUT1 + 512 + 4 * i), table(i));
    assert_int_equal(rd(OUT2 + 512 + 4 * i), table(i));
  }
  assert_int_equal(rd(OUT1 + 1024), FILL);
  assert_int_equal(rd(DUMP), counter);
  for (uint32_t d = 1; d < 0x100; d++) {
    uint32_t want = d >= 0x40 && d < 0x40 + N ? 2 * square(d - 0x40) : 0;
    if (rd(DUMP + 4 * d) != want)
      fprintf(stderr, "GDS dword %u: 0x%x, want 0x%x\n", d, rd(DUMP + 4 * d), want);
    assert_int_equal(rd(DUMP + 4 * d), want);
  }
  assert_int_equal(rd(DUMP + 0x400), FILL);
  assert_int_equal(rd(LABEL), counter);
  assert_int_equal(rd(LABEL + 4), FILL);
  assert_int_equal(rd(LABEL + 8), 2 * square(0));
  assert_int_equal(rd(LABEL + 12), 2 * square(1));
  assert_int_equal(rd(LABEL + 16), FILL);
}

/* The app's GDS (page aligned: imported by a device that can import host memory). */
static void counter_and_copies(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  counter_stream();
  struct app_gpu_compute c = {0};
  run_stream(counter_kernel, &c);
  check_counter_results(&c);
  app_gpu_compute_fini(&c);
}

/* The same with a GDS whose host bytes are not page aligned: the device works on a copy,
 * uploaded before each dispatch and downloaded after it. */
static void counter_and_copies_copied_gds(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  counter_stream();
  uint8_t *buf = malloc(COMPUTE_GDS_BYTES + 64);
  assert_non_null(buf);
  memset(buf, 0x5a, COMPUTE_GDS_BYTES + 64);
  struct compute_gds g = {.data = buf + 16, .size = COMPUTE_GDS_BYTES};
  struct app_gpu_compute c = {.gds = &g};
  run_stream(counter_kernel, &c);
  check_counter_results(&c);
  for (uint32_t i = 0; i < 16; i++) assert_int_equal(buf[i], 0x5a);
  assert_int_equal(buf[16 + COMPUTE_GDS_BYTES], 0x5a);
  c.gds = NULL; /* not the app's */
  app_gpu_compute_fini(&c);
  free(buf);
}

/* M0 = base 0x200, size 64: lane l writes l + 0x100 at window address 4 l and reads it back
 * into out[l]; lanes 16..31 are at or past the size, so their writes are dropped (the GDS
 * there keeps the 0xEEEEEEEE the CP filled) and their reads give 0. DMA_DATA then copies
 * GDS 0x1f0..0x300 to DUMP. */
static const char window_kernel[] =
    "s_mov_b32 m0, 0x2000040\n"
    "v_lshlrev_b32 v4, 2, v0\n"
    "v_add_nc_u32 v1, 0x100, v0\n"
    "ds_write_b32 v4, v1 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "ds_read_b32 v5, v4 gds\n"
    "s_waitcnt lgkmcnt(0)\n"
    "global_store_dword v4, v5, s[0:1]\n"
    "s_endpgm\n";

static void m0_window_limits_accesses(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  fill_mem();
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(2, 1), 0xEEEEEEEEu, 0u, 0x1f0u, 0u, 0x110u);
  put_dispatch(OUT1, 1);
  putv(7, PKT3(DMA_DATA, 6), DMA_CTL(1, 0), 0x1f0u, 0u, LO(DUMP), HI(DUMP), 0x110u);
  struct app_gpu_compute c = {0};
  run_stream(window_kernel, &c);
  assert_int_equal(c.dispatched, 1);
  assert_int_equal(c.failed, 0);
  for (uint32_t l = 0; l < THREADS; l++) {
    assert_int_equal(rd(OUT1 + 4 * l), l < 16 ? l + 0x100u : 0u);
    assert_int_equal(rd(DUMP + 0x10 + 4 * l), l < 16 ? l + 0x100u : 0xEEEEEEEEu);
  }
  for (uint32_t d = 0; d < 4; d++) assert_int_equal(rd(DUMP + 4 * d), 0xEEEEEEEEu);
  for (uint32_t d = 0x90; d < 0x110; d += 4) assert_int_equal(rd(DUMP + d), 0xEEEEEEEEu);
  app_gpu_compute_fini(&c);
}

/* ds_gws_barrier (the global wave sync) is refused by name: the dispatch is a counted
 * failure, the queue goes on to the label. */
static void gws_refused_queue_goes_on(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  fill_mem();
  put_dispatch(OUT1, 1);
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(LABEL), HI(LABEL), 0x600D600Du);
  struct app_gpu_compute c = {0};
  run_stream("s_mov_b32 m0, 0\nv_mov_b32 v0, 0\nds_gws_barrier v0 gds\ns_endpgm\n", &c);
  assert_int_equal(c.dispatched, 0);
  assert_int_equal(c.failed, 1);
  assert_int_equal(rd(LABEL), 0x600D600Du);
  app_gpu_compute_fini(&c);
}

int main(void) {
  mem = malloc(MEM_SIZE);
  if (!mem) return 1;
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(counter_and_copies), cmocka_unit_test(counter_and_copies_copied_gds),
      cmocka_unit_test(m0_window_limits_accesses), cmocka_unit_test(gws_refused_queue_goes_on)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  free(mem);
  return r;
}
