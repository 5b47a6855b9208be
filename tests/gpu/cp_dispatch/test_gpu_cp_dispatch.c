/* The command processor's compute dispatch op (src/app/gpu_compute.c) on the Vulkan device:
 * a PM4 stream built here from the public PM4 and GFX10 register definitions (SET_SH_REG of
 * COMPUTE_PGM_LO/HI, PGM_RSRC1/2, NUM_THREAD_X/Y/Z, USER_DATA_0/1, then DISPATCH_DIRECT and a
 * RELEASE_MEM writing a label) is submitted to a compute queue; the kernel (assembled by
 * llvm-mc-19) writes its buffer, which must hold the values computed here in C, and the
 * label must follow. The guest memory window here is the test's flat memory (the app's
 * window over the guest address space, gpu_window.c, has its own test: unit.app_gpu_window). */
#include "xl_test_harness.h"

#include <unistd.h>

#include "common/log.h"
#include "gpu/cp/cp.h"
#include "gpu_compute.h"
#include "vk_test_device.h"

#define PKT3(op, body) (0xC0000000u | ((((body)-1u) & 0x3fffu) << 16) | ((op) << 8))
enum { DISPATCH_DIRECT = 0x15, RELEASE_MEM = 0x49, SET_SH_REG = 0x76 };
/* byte addresses of the registers (GFX10 register database) */
#define R_COMPUTE_NUM_THREAD_X 0xB81Cu
#define R_COMPUTE_PGM_LO 0xB830u
#define R_COMPUTE_PGM_RSRC1 0xB848u
#define R_COMPUTE_USER_DATA_0 0xB900u
#define SH_OFF(r) (((r)-0xB000u) / 4)

#define MEM_BASE 0x200000000ull
#define MEM_SIZE (1u << 20)
#define CODE (MEM_BASE + 0x1000)
#define LABEL (MEM_BASE + 0x8000)
#define BUF (MEM_BASE + 0x10000)
#define FILL 0xaaaaaaaau
#define LABEL_VALUE 0xC0FFEE01u
#define GROUPS 4u
#define THREADS 32u /* one wave32 per group */

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
  (void)ctx;
  (void)cfg;
  (void)err;
  (void)err_size;
  *out = (struct shader_dispatch_window){.addr = MEM_BASE, .data = mem, .size = MEM_SIZE};
  return true;
}
static uint32_t rd(uint64_t addr) {
  uint32_t v;
  memcpy(&v, mem + (addr - MEM_BASE), 4);
  return v;
}

struct stream {
  uint64_t at;
};
static void putv(struct stream *s, unsigned n, ...) {
  va_list ap;
  va_start(ap, n);
  for (unsigned i = 0; i < n; i++) {
    uint32_t v = va_arg(ap, uint32_t);
    memcpy(mem + (s->at - MEM_BASE), &v, 4);
    s->at += 4;
  }
  va_end(ap);
}

/* Global thread id i = group * 32 + lane writes i * i + 0x1234 to dword i of USER_DATA_0/1. */
static const char kernel[] =
    "s_lshl_b32 s3, s2, 5\n"
    "v_add_nc_u32 v1, s3, v0\n"
    "v_mul_lo_u32 v2, v1, v1\n"
    "v_add_nc_u32 v2, 0x1234, v2\n"
    "v_lshlrev_b32 v1, 2, v1\n"
    "global_store_dword v1, v2, s[0:1]\n"
    "s_endpgm\n";
static uint32_t expect(uint32_t i) { return i < GROUPS * THREADS ? i * i + 0x1234u : FILL; }

/* The stream: the dispatch registers (USER_DATA_0/1 = BUF_ADDR), DISPATCHES x DISPATCH_DIRECT,
 * RELEASE_MEM of the label. */
static uint32_t build_stream(uint64_t code, uint64_t buf_addr, unsigned dispatches) {
  struct stream s = {MEM_BASE};
  putv(&s, 4, PKT3(SET_SH_REG, 3), SH_OFF(R_COMPUTE_PGM_LO), (uint32_t)(code >> 8),
       (uint32_t)(code >> 40));
  /* RSRC1: VGPRS 0 (one granule); RSRC2: USER_SGPR 2 (bits 5:1), TGID_X_EN (bit 7) */
  putv(&s, 4, PKT3(SET_SH_REG, 3), SH_OFF(R_COMPUTE_PGM_RSRC1), 0u, 2u << 1 | 1u << 7);
  putv(&s, 5, PKT3(SET_SH_REG, 4), SH_OFF(R_COMPUTE_NUM_THREAD_X), THREADS, 1u, 1u);
  putv(&s, 4, PKT3(SET_SH_REG, 3), SH_OFF(R_COMPUTE_USER_DATA_0), (uint32_t)buf_addr,
       (uint32_t)(buf_addr >> 32));
  /* DISPATCH_DIRECT: dims, initiator COMPUTE_SHADER_EN (bit 0) | CS_W32_EN (bit 15) */
  for (unsigned i = 0; i < dispatches; i++)
    putv(&s, 5, PKT3(DISPATCH_DIRECT, 4), GROUPS, 1u, 1u, 1u | 1u << 15);
  /* RELEASE_MEM BOTTOM_OF_PIPE_TS (0x28, index 5), DATA_SEL 1 (32-bit), no interrupt */
  putv(&s, 8, PKT3(RELEASE_MEM, 7), 0x28u | 5u << 8, 1u << 29, (uint32_t)LABEL,
       (uint32_t)(LABEL >> 32), LABEL_VALUE, 0u, 0u);
  return (uint32_t)((s.at - MEM_BASE) / 4);
}

static void run_stream_to(uint64_t code, uint64_t buf_addr, unsigned dispatches,
                          struct app_gpu_compute *c) {
  size_t n;
  uint32_t *w = assemble(kernel, &n, false);
  for (uint32_t i = 0; i < MEM_SIZE; i += 4) memcpy(mem + i, &(uint32_t){FILL}, 4);
  memcpy(mem + (CODE - MEM_BASE), w, n * 4);
  free(w);
  uint32_t dwords = build_stream(code, buf_addr, dispatches);
  *c = (struct app_gpu_compute){.dev = dev, .window = flat_window};
  const struct cp_ops ops = {.ctx = c, .mem_map = mem_map, .dispatch = app_gpu_compute_dispatch};
  struct cp *cp = cp_create(&ops);
  assert_non_null(cp);
  const unsigned q = cp_compute_queue(0, 0);
  assert_int_equal(cp_submit(cp, q, MEM_BASE, dwords), 0);
  assert_true(cp_run_until_idle(cp, 100));
  assert_int_equal(cp_queue_status(cp, q), CP_QUEUE_IDLE);
  assert_int_equal(cp_queue_stats(cp, q).dispatches, dispatches);
  cp_destroy(cp);
  app_gpu_compute_fini(c);
}

static void run_stream(uint64_t code, struct app_gpu_compute *c) { run_stream_to(code, BUF, 1, c); }

static void dispatch_writes_buffer_then_label(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  struct app_gpu_compute c;
  run_stream(CODE, &c);
  assert_int_equal(c.dispatched, 1);
  assert_int_equal(c.failed, 0);
  for (uint32_t i = 0; i < GROUPS * THREADS + 8; i++) {
    if (rd(BUF + 4 * i) != expect(i))
      fprintf(stderr, "dword %u: 0x%x, expected 0x%x\n", i, rd(BUF + 4 * i), expect(i));
    assert_int_equal(rd(BUF + 4 * i), expect(i));
  }
  assert_int_equal(rd(LABEL), LABEL_VALUE);
}

/* Code outside the window: the dispatch fails with a message and is counted, the buffer is
 * untouched, and the queue goes on to the label. */
static void code_outside_window_is_counted(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  struct app_gpu_compute c;
  run_stream(MEM_BASE + 2ull * MEM_SIZE, &c);
  assert_int_equal(c.dispatched, 0);
  assert_int_equal(c.failed, 1);
  for (uint32_t i = 0; i < GROUPS * THREADS; i++) assert_int_equal(rd(BUF + 4 * i), FILL);
  assert_int_equal(rd(LABEL), LABEL_VALUE);
}

/* A kernel storing outside every mapped range (its buffer 4 MiB past the window), dispatched
 * FAULTING times by one queue: each dispatch is a faulting one (the first 16 of a shader are
 * checked), and the op keeps the count across its dispatches, so the dispatcher's rate limit
 * holds for the run (docs/shader-dispatch.md, "Unmapped accesses"): COMPUTE_FAULT_WARNINGS
 * warnings naming the queue, the last saying that further ones are summarised. */
#define FAULTING 12u
static void fault_warnings_limited_across_dispatches(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  char path[] = "/tmp/prospero-cp-dispatch-log-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  assert_true(log_open_file(path));
  struct app_gpu_compute c;
  run_stream_to(CODE, MEM_BASE + 4ull * MEM_SIZE, FAULTING, &c);
  log_close();
  assert_int_equal(c.dispatched, FAULTING);
  assert_int_equal(c.failed, 0);
  assert_int_equal(c.faulting_dispatches, FAULTING);
  assert_int_equal(rd(LABEL), LABEL_VALUE);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char line[1024];
  unsigned warnings = 0, named = 0, last_says_summarised = 0;
  while (fgets(line, sizeof line, f))
    if (strstr(line, "outside every mapped guest range")) {
      warnings++;
      named += strstr(line, "queue ") != NULL;
      last_says_summarised = strstr(line, "further faulting dispatches are summarised") != NULL;
    }
  fclose(f);
  unlink(path);
  assert_int_equal(warnings, COMPUTE_FAULT_WARNINGS);
  assert_int_equal(named, COMPUTE_FAULT_WARNINGS);
  assert_true(last_says_summarised);
}

/* The registers the op hands the dispatcher: every COMPUTE_* register from its SH slot
 * (byte offset - 0xB000) / 4, DISPATCH_INITIATOR from the packet, TA_CS_BC_BASE_ADDR/_HI
 * from the user-config slots (byte offset - 0x30000) / 4. */
static void regs_from_sh(void **state) {
  (void)state;
  uint32_t sh[PM4_SH_COUNT];
  for (uint32_t i = 0; i < PM4_SH_COUNT; i++) sh[i] = 0x10000u + i;
  struct compute_regs r;
  app_gpu_compute_regs(sh, NULL, 0x8001u, &r);
  assert_int_equal(r.r[COMPUTE_PGM_LO], 0x10000u + SH_OFF(R_COMPUTE_PGM_LO));
  assert_int_equal(r.r[COMPUTE_PGM_RSRC1], 0x10000u + SH_OFF(R_COMPUTE_PGM_RSRC1));
  assert_int_equal(r.r[COMPUTE_NUM_THREAD_Z], 0x10000u + SH_OFF(R_COMPUTE_NUM_THREAD_X) + 2);
  assert_int_equal(r.r[COMPUTE_USER_DATA_0], 0x10000u + SH_OFF(R_COMPUTE_USER_DATA_0));
  assert_int_equal(r.r[COMPUTE_DISPATCH_INITIATOR], 0x8001u);
  assert_int_equal(r.r[COMPUTE_TA_CS_BC_BASE_ADDR], 0);
  /* the queue's user-config bank: the border colour table at 0xab_abcd_ef12_00 (bits 39:8
   * in TA_CS_BC_BASE_ADDR, 47:40 in _HI.ADDRESS) */
  uint32_t *uc = calloc(PM4_UCONFIG_COUNT, sizeof *uc);
  assert_non_null(uc);
  uc[(0x30E00u - 0x30000u) / 4] = 0xabcdef12u;
  uc[(0x30E04u - 0x30000u) / 4] = 0xffffffabu; /* ADDRESS is bits 7:0 */
  memset(sh, 0, sizeof sh);
  for (int d = 0; d < 3; d++) sh[SH_OFF(R_COMPUTE_NUM_THREAD_X) + d] = 1;
  app_gpu_compute_regs(sh, uc, 0x5u, &r);
  assert_int_equal(r.r[COMPUTE_TA_CS_BC_BASE_ADDR], 0xabcdef12u);
  assert_int_equal(r.r[COMPUTE_TA_CS_BC_BASE_ADDR_HI], 0xffffffabu);
  struct compute_config cfg;
  char err[160];
  bool ok = compute_config_decode(&r, &cfg, err, sizeof err);
  if (!ok) fprintf(stderr, "decode: %s\n", err);
  assert_true(ok);
  assert_true(cfg.border_color_base == 0xababcdef1200ull);
  free(uc);
}

int main(void) {
  mem = malloc(MEM_SIZE);
  if (!mem) return 1;
  dev = vk_test_device();
  const struct CMUnitTest tests[] = {cmocka_unit_test(regs_from_sh),
                                     cmocka_unit_test(dispatch_writes_buffer_then_label),
                                     cmocka_unit_test(code_outside_window_is_counted),
                                     cmocka_unit_test(fault_warnings_limited_across_dispatches)};
  int r = cmocka_run_group_tests(tests, NULL, NULL);
  if (dev) vk_device_destroy(dev);
  free(mem);
  return r;
}
