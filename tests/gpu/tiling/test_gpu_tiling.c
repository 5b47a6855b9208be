/* GPU tiler on a real Vulkan device (lavapipe in CI): for every swizzle family and element
 * size, the compute detiler's output equals the CPU reference byte for byte, and the compute
 * tiler reproduces the CPU-tiled bytes; also 3D, arrays, MSAA, mips, and the 16-bit depth and
 * channel-order adaptations. Sizes are small: lavapipe is a CPU. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include "test_skip.h"

#include "gpu/tiling/tiling.h"
#include "gpu/vk/vk_tiler.h"
#include "vk_test_device.h"

#define SSBO VK_BUFFER_USAGE_STORAGE_BUFFER_BIT

static vk_device *dev;
static vk_tiler *tiler;

static int setup(void **state) {
  (void)state;
  dev = vk_test_device();
  if (dev) {
    printf("device: %s\n", vk_device_name(dev));
    tiler = vk_tiler_create(dev);
    if (!tiler) return -1;
  }
  return 0;
}

static int teardown(void **state) {
  (void)state;
  vk_tiler_destroy(tiler);
  vk_device_destroy(dev);
  return 0;
}

static uint32_t rng = 12345;
static uint8_t next_byte(void) {
  rng = rng * 1103515245u + 12345u;
  return (uint8_t)(rng >> 16);
}

/* GPU detile == CPU detile, and GPU tile == CPU tile (padding preset identically). */
static int check_on_gpu(const struct tiling_surface *s) {
  struct tiling_layout l;
  if (!tiling_compute_layout(s, &l)) return -1;
  struct vk_buffer tiled, linear;
  assert_true(vk_buffer_create(dev, l.size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST,
                               &tiled));
  assert_true(vk_buffer_create(dev, l.linear_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                               GPU_VK_MEMORY_HOST, &linear));
  uint8_t *src = malloc(l.size), *want = malloc(l.linear_size);
  for (uint64_t i = 0; i < l.size; i++) src[i] = next_byte();
  memcpy(tiled.mapped, src, l.size);
  memset(linear.mapped, 0xCD, l.linear_size);
  assert_true(tiling_detile(&l, src, l.size, want, l.linear_size));

  VkCommandBuffer cb = vk_device_begin(dev);
  assert_true(vk_tiler_cmd_detile(tiler, cb, &l, &tiled, 0, &linear, 0));
  assert_true(vk_device_submit_wait(dev, cb));
  int bad = 0;
  if (memcmp(linear.mapped, want, l.linear_size) != 0) {
    uint64_t i = 0;
    while (((uint8_t *)linear.mapped)[i] == want[i]) i++;
    printf("FAIL detile %s bpe%u %ux%ux%u L%u F%u dim%d: first difference at linear byte %llu\n",
           tiling_mode_name(s->mode), s->bpe, s->width, s->height, s->depth, s->levels,
           s->fragments, s->dim, (unsigned long long)i);
    bad++;
  }
  /* Tile the same linear data on the GPU into a buffer pre-filled like the CPU copy. */
  uint8_t *cpu_tiled = malloc(l.size);
  for (uint64_t i = 0; i < l.size; i++) cpu_tiled[i] = (uint8_t)(i * 7);
  memcpy(tiled.mapped, cpu_tiled, l.size);
  for (uint64_t i = 0; i < l.linear_size; i++) want[i] = next_byte();
  memcpy(linear.mapped, want, l.linear_size);
  assert_true(tiling_tile(&l, want, l.linear_size, cpu_tiled, l.size));
  cb = vk_device_begin(dev);
  assert_true(vk_tiler_cmd_tile(tiler, cb, &l, &linear, 0, &tiled, 0));
  assert_true(vk_device_submit_wait(dev, cb));
  if (memcmp(tiled.mapped, cpu_tiled, l.size) != 0) {
    printf("FAIL tile %s bpe%u %ux%u: GPU tiled bytes differ from the CPU reference\n",
           tiling_mode_name(s->mode), s->bpe, s->width, s->height);
    bad++;
  }
  free(cpu_tiled);
  free(src);
  free(want);
  vk_buffer_destroy(dev, &tiled);
  vk_buffer_destroy(dev, &linear);
  return bad;
}

static const uint32_t families[] = {
    TILING_SW_LINEAR,   TILING_SW_256B_S,   TILING_SW_256B_D,  TILING_SW_4KB_S,
    TILING_SW_4KB_D,    TILING_SW_64KB_S,   TILING_SW_64KB_D,  TILING_SW_64KB_S_T,
    TILING_SW_64KB_D_T, TILING_SW_4KB_S_X,  TILING_SW_4KB_D_X, TILING_SW_64KB_Z_X,
    TILING_SW_64KB_S_X, TILING_SW_64KB_D_X, TILING_SW_64KB_R_X,
};
#define NFAM (sizeof(families) / sizeof(families[0]))

static void test_every_family_and_bpe(void **state) {
  (void)state;
  if (!dev) skip();
  int checked = 0;
  for (size_t m = 0; m < NFAM; m++)
    for (uint32_t bpe = 1; bpe <= 16; bpe <<= 1) {
      /* mips reach into the tail; 3 array layers exercise the slice XOR */
      struct tiling_surface s = {.mode = families[m], .bpe = bpe, .width = 150, .height = 70,
                                 .depth = 2, .levels = 4};
      int r = check_on_gpu(&s);
      if (r < 0) continue;
      assert_int_equal(r, 0);
      checked++;
    }
  printf("GPU 2D checks: %d (mode x bpe)\n", checked);
  assert_int_equal(checked, (int)NFAM * 5 - 1);
}

/* Rows wider than one workgroup of invocations, several units per invocation, ragged
 * right edge, mips into the tail. */
static void test_wide_rows(void **state) {
  (void)state;
  if (!dev) skip();
  const uint32_t modes[] = {TILING_SW_64KB_S, TILING_SW_64KB_Z_X, TILING_SW_64KB_R_X,
                            TILING_SW_4KB_D_X, TILING_SW_LINEAR};
  for (size_t m = 0; m < 5; m++)
    for (uint32_t bpe = 1; bpe <= 16; bpe <<= 1) {
      struct tiling_surface s = {.mode = modes[m], .bpe = bpe, .width = 2052, .height = 9,
                                 .levels = 3};
      if (modes[m] == TILING_SW_64KB_Z_X && bpe == 16) continue; /* no such depth format */
      assert_int_equal(check_on_gpu(&s), 0);
    }
}

static void test_3d_and_msaa(void **state) {
  (void)state;
  if (!dev) skip();
  const uint32_t modes3d[] = {TILING_SW_4KB_S, TILING_SW_64KB_S, TILING_SW_64KB_S_T,
                              TILING_SW_64KB_D_X, TILING_SW_64KB_R_X};
  for (size_t m = 0; m < 5; m++)
    for (uint32_t bpe = 1; bpe <= 16; bpe <<= 2) {
      struct tiling_surface s = {.mode = modes3d[m], .bpe = bpe, .width = 24, .height = 20,
                                 .depth = 9, .levels = 2, .dim = TILING_DIM_3D};
      assert_int_equal(check_on_gpu(&s), 0);
    }
  struct tiling_surface xr = {.mode = TILING_SW_64KB_R_X, .bpe = 4, .width = 100, .height = 60,
                              .depth = 2, .levels = 3, .pipe_bank_xor = 0x4A00};
  assert_int_equal(check_on_gpu(&xr), 0);
  for (uint32_t frags = 2; frags <= 8; frags <<= 1) {
    struct tiling_surface z = {.mode = TILING_SW_64KB_Z_X, .bpe = 4, .width = 40, .height = 24,
                               .fragments = frags};
    struct tiling_surface r = {.mode = TILING_SW_64KB_R_X, .bpe = 8, .width = 40, .height = 24,
                               .fragments = frags};
    assert_int_equal(check_on_gpu(&z), 0);
    assert_int_equal(check_on_gpu(&r), 0);
  }
}

/* Surfaces at least one region wide and high take tiler_region.comp on CPU devices
 * (lavapipe) for their whole regions: the same byte-exact checks in both directions, with
 * mips that end in the tail (general path), array layers and ragged edges; then the same
 * surfaces again with the general shader forced. */
static void test_region_path(void **state) {
  (void)state;
  if (!dev) skip();
  if (!vk_tiler_set_region_path(tiler, true)) {
    /* refused only on GPUs: on a CPU device (lavapipe has 64-bit integers) a refusal means
     * a region pipeline failed to build, which must fail here rather than skip */
    assert_false(vk_device_is_cpu(dev));
    skip_because("region path not available on %s (GPU device)", vk_device_name(dev));
  }
  uint32_t used = 0;
  for (int forced_off = 0; forced_off < 2; forced_off++) {
    vk_tiler_set_region_path(tiler, !forced_off);
    for (size_t m = 0; m < NFAM; m++)
      for (uint32_t bpe = 1; bpe <= 16; bpe <<= 1) {
        struct tiling_surface s = {.mode = families[m], .bpe = bpe, .width = 256, .height = 64,
                                   .depth = 3, .levels = 3, .pipe_bank_xor = 0x0A00};
        if (families[m] == TILING_SW_64KB_Z_X && bpe == 16) continue; /* no such format */
        struct tiling_layout probe;
        if (!strstr(tiling_mode_name(families[m]), "_X") || !tiling_compute_layout(&s, &probe))
          s.pipe_bank_xor = 0; /* only the _X modes take a pipe/bank XOR */
        struct vk_tiler_stats st0, st1;
        vk_tiler_get_stats(tiler, &st0);
        assert_int_equal(check_on_gpu(&s), 0);
        vk_tiler_get_stats(tiler, &st1);
        const uint64_t planes = st1.region_planes - st0.region_planes;
        if (forced_off) assert_int_equal(planes, 0);
        used += planes ? 1 : 0;
      }
    /* ragged sizes: whole regions from the origin, the general shader for the strip on
     * the right and the rows below (pitches not multiples of 32 bytes included) */
    const uint32_t ragged[] = {TILING_SW_64KB_S, TILING_SW_64KB_R_X, TILING_SW_64KB_D,
                               TILING_SW_4KB_S_X};
    for (int i = 0; i < 4; i++)
      for (uint32_t bpe = 4; bpe <= 16; bpe <<= 1) {
        struct tiling_surface s = {.mode = ragged[i], .bpe = bpe, .width = 300, .height = 70,
                                   .depth = 2, .levels = 2};
        struct vk_tiler_stats st0, st1;
        vk_tiler_get_stats(tiler, &st0);
        assert_int_equal(check_on_gpu(&s), 0);
        vk_tiler_get_stats(tiler, &st1);
        const uint64_t planes = st1.region_planes - st0.region_planes;
        if (forced_off) assert_int_equal(planes, 0);
        else if (bpe < 16 && ragged[i] != TILING_SW_4KB_S_X) assert_true(planes >= 2);
        /* 2 levels x 2 directions: every plane has a general-shader part (the ragged strip
         * of level 0, the whole of level 1 or more) */
        assert_int_equal(st1.general_planes - st0.general_planes, 4);
        /* one dispatch per plane, two where a region leaves both a strip and rows below */
        const uint64_t dispatches = st1.general_dispatches - st0.general_dispatches;
        if (forced_off) assert_int_equal(dispatches, 4);
        else assert_true(dispatches >= 4 && dispatches <= 8);
      }
    /* the benchmark's modes: 4-byte standard and render-target swizzles, whole surfaces
     * in the region shader (no general-shader strip) with its widest unit: 16-byte units
     * in 2x2 pairs (in both, y0 alone sets address bit 4 above a 16-byte run) */
    const uint32_t bench_modes[] = {TILING_SW_64KB_S, TILING_SW_64KB_R_X};
    const unsigned bench_variant[] = {3, 3};
    for (int i = 0; i < 2; i++) {
      struct tiling_surface s = {.mode = bench_modes[i], .bpe = 4, .width = 512, .height = 256};
      struct vk_tiler_stats st0, st1;
      vk_tiler_get_stats(tiler, &st0);
      assert_int_equal(check_on_gpu(&s), 0);
      vk_tiler_get_stats(tiler, &st1);
      assert_int_equal(st1.region_planes - st0.region_planes, forced_off ? 0 : 2);
      assert_int_equal(st1.region_variant[bench_variant[i]] - st0.region_variant[bench_variant[i]],
                       forced_off ? 0 : 2);
      assert_int_equal(st1.general_planes - st0.general_planes, forced_off ? 2 : 0);
      assert_int_equal(st1.general_dispatches - st0.general_dispatches, forced_off ? 2 : 0);
    }
  }
  vk_tiler_set_region_path(tiler, true);
  printf("region path used for %u of the mode x bpe surfaces\n", used);
  assert_true(used >= 57); /* docs/tiling.md (Tests) quotes 57 of 74 */
}

static void test_depth16_round_trip(void **state) {
  (void)state;
  if (!dev) skip();
  const uint32_t n = 1000;
  struct vk_buffer d16, d32;
  assert_true(vk_buffer_create(dev, 2 * n, SSBO, GPU_VK_MEMORY_HOST, &d16));
  assert_true(vk_buffer_create(dev, 4 * n, SSBO, GPU_VK_MEMORY_HOST, &d32));
  uint16_t *v16 = d16.mapped;
  for (uint32_t i = 0; i < n; i++) v16[i] = (uint16_t)(i * 65535u / (n - 1));
  VkCommandBuffer cb = vk_device_begin(dev);
  assert_true(vk_tiler_cmd_promote_d16(tiler, cb, &d16, 0, &d32, 0, n));
  assert_true(vk_device_submit_wait(dev, cb));
  float *f = d32.mapped;
  assert_true(f[0] == 0.0f && f[n - 1] == 1.0f);
  assert_true(f[n / 2] > 0.49f && f[n / 2] < 0.51f);
  memset(d16.mapped, 0, 2 * n);
  f[1] = -3.0f; /* clamps */
  cb = vk_device_begin(dev);
  assert_true(vk_tiler_cmd_demote_d16(tiler, cb, &d32, 0, &d16, 0, n));
  assert_true(vk_device_submit_wait(dev, cb));
  assert_int_equal(v16[1], 0);
  for (uint32_t i = 2; i < n; i++) assert_int_equal(v16[i], (uint16_t)(i * 65535u / (n - 1)));
  vk_buffer_destroy(dev, &d16);
  vk_buffer_destroy(dev, &d32);
}

static void test_channel_swizzle(void **state) {
  (void)state;
  if (!dev) skip();
  struct vk_buffer b;
  assert_true(vk_buffer_create(dev, 64 * 8, SSBO, GPU_VK_MEMORY_HOST, &b));
  uint8_t *p = b.mapped;
  for (int i = 0; i < 64 * 4; i++) p[i] = (uint8_t)i;
  const uint8_t bgra[4] = {2, 1, 0, 3};
  VkCommandBuffer cb = vk_device_begin(dev);
  assert_true(vk_tiler_cmd_swizzle(tiler, cb, &b, 0, 64, 1, bgra));
  assert_true(vk_device_submit_wait(dev, cb));
  for (int i = 0; i < 64; i++) {
    assert_int_equal(p[4 * i + 0], 4 * i + 2);
    assert_int_equal(p[4 * i + 2], 4 * i + 0);
    assert_int_equal(p[4 * i + 3], 4 * i + 3);
  }
  uint16_t *q = b.mapped;
  for (int i = 0; i < 64 * 4; i++) q[i] = (uint16_t)(1000 + i);
  const uint8_t rev[4] = {3, 2, 1, 0};
  cb = vk_device_begin(dev);
  assert_true(vk_tiler_cmd_swizzle(tiler, cb, &b, 0, 64, 2, rev));
  assert_true(vk_device_submit_wait(dev, cb));
  for (int i = 0; i < 64; i++)
    for (int c = 0; c < 4; c++) assert_int_equal(q[4 * i + c], 1000 + 4 * i + (3 - c));
  const uint8_t bad[4] = {4, 0, 0, 0};
  cb = vk_device_begin(dev);
  assert_false(vk_tiler_cmd_swizzle(tiler, cb, &b, 0, 64, 1, bad));
  assert_false(vk_tiler_cmd_swizzle(tiler, cb, &b, 0, 1000, 1, bgra)); /* too small */
  assert_true(vk_device_submit_wait(dev, cb));
  vk_buffer_destroy(dev, &b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_family_and_bpe),
      cmocka_unit_test(test_wide_rows),
      cmocka_unit_test(test_3d_and_msaa),
      cmocka_unit_test(test_region_path),
      cmocka_unit_test(test_depth16_round_trip),
      cmocka_unit_test(test_channel_swizzle),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
