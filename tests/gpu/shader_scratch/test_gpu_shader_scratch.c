/* The scratch ring on the device (docs/shader-dispatch.md, "Scratch"): a ring smaller than
 * the grid (two groups of slots for 64 groups, and one), every group's private results
 * checked, many runs while host threads busy-loop beside lavapipe's (more lavapipe threads
 * than cores, so workgroups are preempted in the middle and later groups start while
 * earlier ones still run).
 *
 * The kernel (the same words in wave32 and wave64): s[0:3] a raw V# over the ring, s[4:5]
 * the output area, s6 the workgroup id, s7 the scratch wave offset (SCRATCH_EN). Each lane
 *   - adds 1 to the owner count of its wave's ring slot (global_atomic_add with return: the
 *     lanes of a wave that holds the slot alone see 0 .. lanes - 1);
 *   - writes K dwords (id * 1000 + k) to its part of the slot through the V# with soffset
 *     s7, waits in a loop, reads them back and sums value * (k + 1);
 *   - stores the sum, the owner count it saw and s7; then takes 1 from the owner count.
 * The expectations come from that description: sum over k of (id * 1000 + k) * (k + 1)
 * modulo 2^32, a count below the wave size, s7 = (slot * waves + wave) * WAVESIZE with the
 * slot below the ring's groups and the same for every thread of a group, every owner count
 * back to 0, and the ring's bytes past its slots never written. A ring slot shared by two
 * running groups (the old rule, slot = G mod ring in one dispatch, raced exactly so) breaks
 * the counts, the sums, or both. Every module compiled passes spirv-val. */
#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>

#include "xl_test_harness.h"

#include "gpu/shader/dispatch/compute_dispatch.h"
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "spv_check.h"
#include "vk_test_device.h"

static vk_device *dev;
static struct shader_cache *cache;
static unsigned kernels_passed;
static char dump_dir[] = "/tmp/prospero-scratch-XXXXXX";

#define FILL 0xaaaaaaaau
#define K 8u        /* dwords per lane */
#define THREADS 64u /* per group */
#define GROUPS 64u
enum {
  WIN = 0x100000,
  SIZE = 0x40000,
  CODE = 0x100000,
  OUT = 0x110000,    /* sums, counts, offsets: GROUPS * THREADS dwords each */
  OWNERS = 0x130000, /* one owner count per 256 bytes of wave offset */
  RING = 0x134000,
  RING_BYTES = 0xc000 /* the ring's slots, then untouched guard bytes */
};

/* The kernel. WAVE is the wave size: lane bytes are 4 * (tid mod WAVE), dword k of a lane
 * at + k * WAVE * 4. */
static char *kernel_src(unsigned wave, unsigned delay) {
  char *s = malloc(4096);
  snprintf(s, 4096,
           "s_lshr_b32 s8, s7, 8\n" /* owner count: OWNERS + offset / 256 */
           "s_add_u32 s8, s8, 0x%x\n"
           "v_mov_b32 v1, 1\n"
           "v_mov_b32 v2, s8\n"
           "global_atomic_add v3, v2, v1, s[4:5] glc\n"
           "s_waitcnt vmcnt(0)\n"
           "s_lshl_b32 s9, s6, 6\n"
           "v_add_nc_u32 v4, s9, v0\n" /* id = group * 64 + thread */
           "v_and_b32 v6, %u, v0\n"
           "v_lshlrev_b32 v6, 2, v6\n" /* the lane's first byte in the wave's slot */
           "v_mul_lo_u32 v9, v4, 1000\n"
           "s_mov_b32 s10, 0\n"
           "write:\n"
           "v_add_nc_u32 v7, s10, v9\n"
           "buffer_store_dword v7, v6, s[0:3], s7 offen\n"
           "v_add_nc_u32 v6, %u, v6\n"
           "s_add_u32 s10, s10, 1\n"
           "s_cmp_lt_u32 s10, %u\n"
           "s_cbranch_scc1 write\n"
           "s_waitcnt vmcnt(0)\n"
           "s_mov_b32 s11, %u\n" /* wait: other groups run meanwhile */
           "wait:\n"
           "v_add_nc_u32 v10, 1, v10\n"
           "s_sub_u32 s11, s11, 1\n"
           "s_cmp_lg_u32 s11, 0\n"
           "s_cbranch_scc1 wait\n"
           "v_subrev_nc_u32 v6, %u, v6\n"
           "v_mov_b32 v8, 0\n"
           "s_mov_b32 s10, 0\n"
           "read:\n"
           "buffer_load_dword v7, v6, s[0:3], s7 offen\n"
           "s_waitcnt vmcnt(0)\n"
           "s_add_u32 s12, s10, 1\n"
           "v_mul_lo_u32 v7, v7, s12\n"
           "v_add_nc_u32 v8, v8, v7\n"
           "v_add_nc_u32 v6, %u, v6\n"
           "s_add_u32 s10, s10, 1\n"
           "s_cmp_lt_u32 s10, %u\n"
           "s_cbranch_scc1 read\n"
           "v_lshlrev_b32 v5, 2, v4\n"
           "global_store_dword v5, v8, s[4:5]\n"
           "s_add_u32 s14, s4, 0x%x\n"
           "s_addc_u32 s15, s5, 0\n"
           "global_store_dword v5, v3, s[14:15]\n"
           "s_add_u32 s14, s4, 0x%x\n"
           "s_addc_u32 s15, s5, 0\n"
           "v_mov_b32 v11, s7\n"
           "global_store_dword v5, v11, s[14:15]\n"
           "s_waitcnt vmcnt(0)\n"
           "global_atomic_sub v2, v1, s[4:5]\n"
           "s_endpgm\n",
           OWNERS - OUT, wave - 1, wave * 4, K, delay, K * wave * 4, wave * 4, K,
           GROUPS * THREADS * 4, 2 * GROUPS * THREADS * 4);
  return s;
}

static uint32_t expect_sum(uint32_t id) {
  uint32_t acc = 0;
  for (uint32_t k = 0; k < K; k++) acc += (id * 1000u + k) * (k + 1);
  return acc;
}

/* ---- load beside the device: host threads spinning while the dispatches run ---------- */

static atomic_bool stop;
static void *busy(void *arg) {
  volatile uint64_t x = (uintptr_t)arg;
  while (!atomic_load_explicit(&stop, memory_order_relaxed))
    for (int i = 0; i < 100000; i++) x = x * 6364136223846793005ull + 1;
  return NULL;
}

/* One configuration: WAVE lanes per wave, RING_GROUPS groups of slots, RUNS dispatches. */
static void ring_case(const char *name, bool wave64, uint32_t ring_groups, unsigned runs) {
  unsigned wave = wave64 ? 64 : 32, waves = THREADS / wave;
  uint32_t wave_bytes = K * wave * 4; /* 1 KiB: TMPRING_SIZE.WAVESIZE in KiB */
  assert_int_equal(wave_bytes % 1024, 0);
  uint32_t ring_bytes = ring_groups * waves * wave_bytes;
  assert_true(ring_bytes < RING_BYTES);
  char *src = kernel_src(wave, 400);
  size_t n;
  uint32_t *words = assemble(src, &n, wave64);
  free(src);
  uint8_t *mem = aligned_alloc(4096, SIZE);
  assert_non_null(mem);
  struct compute_regs r = {0};
  r.r[COMPUTE_PGM_LO] = CODE >> 8;
  r.r[COMPUTE_NUM_THREAD_X] = THREADS;
  r.r[COMPUTE_NUM_THREAD_Y] = 1;
  r.r[COMPUTE_NUM_THREAD_Z] = 1;
  r.r[COMPUTE_PGM_RSRC2] = 1u | 6u << 1 | 1u << 7; /* SCRATCH_EN, 6 user SGPRs, TGID_X */
  compute_set(&r, COMPUTE_TMPRING_SIZE__WAVES, ring_groups * waves);
  compute_set(&r, COMPUTE_TMPRING_SIZE__WAVESIZE, wave_bytes / 1024);
  r.r[COMPUTE_DISPATCH_INITIATOR] = 1u | (wave64 ? 0 : 1u << 15);
  struct ir_vsharp v = {.base = RING,
                        .num_records = RING_BYTES,
                        .dst_sel = {4, 5, 6, 7},
                        .format = 20,
                        .resource_level = 1,
                        .oob_select = IR_OOB_RAW};
  ir_vsharp_encode(&v, &r.r[COMPUTE_USER_DATA_0]);
  r.r[COMPUTE_USER_DATA_0 + 4] = OUT;
  r.r[COMPUTE_USER_DATA_0 + 5] = 0;
  struct compute_dispatcher d = {.dev = dev, .cache = cache};
  struct shader_dispatch_window win = {.addr = WIN, .data = mem, .size = SIZE};
  unsigned failures = 0;
  for (unsigned run = 0; run < runs; run++) {
    for (uint32_t i = 0; i < SIZE; i += 4) memcpy(mem + i, &(uint32_t){FILL}, 4);
    memset(mem + (OWNERS - WIN), 0, RING - OWNERS);
    memcpy(mem + (CODE - WIN), words, n * 4);
    char err[256];
    bool ok =
        compute_dispatch_direct(&d, &r, (const uint32_t[3]){GROUPS, 1, 1}, &win, err, sizeof err);
    if (!ok) fprintf(stderr, "%s: %s\n", name, err);
    assert_true(ok);
    unsigned bad = 0;
    for (uint32_t id = 0; id < GROUPS * THREADS; id++) {
      uint32_t sum, count, off, w = (id % THREADS) / wave;
      memcpy(&sum, mem + (OUT - WIN) + 4 * id, 4);
      memcpy(&count, mem + (OUT - WIN) + 4 * (GROUPS * THREADS + id), 4);
      memcpy(&off, mem + (OUT - WIN) + 4 * (2 * GROUPS * THREADS + id), 4);
      uint32_t first; /* every thread of a group sees the group's slot */
      memcpy(&first, mem + (OUT - WIN) + 4 * (2 * GROUPS * THREADS + id - id % THREADS), 4);
      bool good = sum == expect_sum(id) && count < wave &&
                  off % (waves * wave_bytes) == w * wave_bytes &&
                  off / (waves * wave_bytes) < ring_groups &&
                  off / (waves * wave_bytes) == first / (waves * wave_bytes);
      if (!good && bad++ < 4)
        fprintf(stderr,
                "%s run %u: thread %u: sum 0x%x (expected 0x%x), count %u, offset 0x%x (thread "
                "0: 0x%x)\n",
                name, run, id, sum, expect_sum(id), count, off, first);
    }
    for (uint32_t b = ring_bytes; b < RING_BYTES; b += 4) { /* past the ring: untouched */
      uint32_t x;
      memcpy(&x, mem + (RING - WIN) + b, 4);
      if (x != FILL && bad++ < 8)
        fprintf(stderr, "%s run %u: ring byte 0x%x written\n", name, run, b);
    }
    for (uint32_t o = 0; o < (RING - OWNERS) / 4; o++) { /* every slot given back */
      uint32_t x;
      memcpy(&x, mem + (OWNERS - WIN) + 4 * o, 4);
      if (x && bad++ < 8) fprintf(stderr, "%s run %u: owner count %u is %u\n", name, run, o, x);
    }
    failures += bad != 0;
  }
  printf("%s: %u runs of %u groups over a ring of %u groups: %u failed\n", name, runs, GROUPS,
         ring_groups, failures);
  assert_int_equal(failures, 0);
  kernels_passed++;
  free(mem);
  free(words);
}

static unsigned runs(void) {
  const char *e = getenv("PROSPERO_SCRATCH_RUNS");
  return e && atoi(e) > 0 ? (unsigned)atoi(e) : 40;
}

static void ring_of_two_groups(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  ring_case("wave32, 2 waves per group", false, 2, runs());
  ring_case("wave64", true, 2, runs());
}

/* A ring of one group: the groups run one at a time, each waiting for the slot. */
static void ring_of_one_group(void **state) {
  (void)state;
  SKIP_WITHOUT_LLVM_MC();
  if (!dev) skip();
  ring_case("wave32, ring of one group", false, 1, runs() / 4 + 1);
}

/* Every module the dispatches compiled (the cache's dumps) passes spirv-val. */
static void modules_valid(void **state) {
  (void)state;
  if (!dev) skip();
  DIR *d = opendir(dump_dir);
  assert_non_null(d);
  unsigned checked = 0;
  for (struct dirent *de; (de = readdir(d));) {
    size_t len = strlen(de->d_name);
    if (len < 4 || strcmp(de->d_name + len - 4, ".spv")) continue;
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dump_dir, de->d_name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static uint32_t words[1 << 18];
    size_t n = fread(words, 4, sizeof words / 4, f);
    fclose(f);
    assert_true(spv_check_valid(words, n));
    checked++;
  }
  closedir(d);
  assert_int_equal(checked, 2); /* wave32 (both rings: the ring is not in the module), wave64 */
}

int main(void) {
  /* more lavapipe threads than cores: groups are preempted while they hold a slot */
  setenv("LP_NUM_THREADS", "6", 0);
  dev = vk_test_device();
  if (!mkdtemp(dump_dir)) return 1;
  cache = shader_cache_create(&(struct shader_cache_config){.dump_dir = dump_dir});
  pthread_t t[2];
  int started = 0;
  for (; started < 2; started++)
    if (pthread_create(&t[started], NULL, busy, (void *)(uintptr_t)started) != 0) break;
  const struct CMUnitTest tests[] = {cmocka_unit_test(ring_of_two_groups),
                                     cmocka_unit_test(ring_of_one_group),
                                     cmocka_unit_test(modules_valid)};
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  atomic_store(&stop, true);
  for (int i = 0; i < started; i++) pthread_join(t[i], NULL);
  printf("gpu.shader_scratch: %u configurations passed\n", kernels_passed);
  shader_cache_destroy(cache);
  if (dev) vk_device_destroy(dev);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "%s%s", getenv("PROSPERO_KEEP_DUMPS") ? "echo kept " : "rm -rf ",
           dump_dir);
  if (system(cmd) != 0) rc = 1;
  return !dev && rc == 0 ? 77 : rc;
}
