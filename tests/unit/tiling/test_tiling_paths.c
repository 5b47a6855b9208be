/* The fast converters against a per-element reference: every element copied on its own to
 * the offset tiling_element_offset() gives. Both directions must produce identical bytes
 * (for tiling: padding bytes no element covers stay as they were).
 *
 * Surfaces that take the fast paths: 64 KiB modes with 4-byte elements and sizes in whole
 * blocks (whole-block detile through the block map; tiling in full-width row bands with
 * paired row groups for S/D, 8x8 lines for Z, 16-byte chunks for R), and the other element
 * sizes and 4 KiB modes that band or stack rows. Edge cases that must leave them or mix
 * them with the per-row code: partial blocks at the right and bottom edges, mip tails,
 * 1/2/8/16-byte elements, XOR modes with a pipe/bank XOR, arrays, MSAA, misaligned
 * buffers, padded row pitches and rectangles at odd positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/tiling/tiling.h"

static void fill(uint8_t *p, size_t n, uint32_t seed) {
  uint32_t h = seed * 2654435761u + 1;
  for (size_t i = 0; i < n; i++) {
    h ^= h << 13;
    h ^= h >> 17;
    h ^= h << 5;
    p[i] = (uint8_t)h;
  }
}

static uint32_t plane_slices(const struct tiling_layout *l, uint32_t level) {
  return l->surface.dim == TILING_DIM_3D ? l->level[level].depth : l->surface.depth;
}

/* Per-element reference for one rectangle of (level, slice), all fragments; the linear
 * side as in tiling_tile_rect(): row y of fragment f at (f * height + y) * pitch. */
static void ref_rect(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                     const struct tiling_rect *r, uint8_t *tiled, uint8_t *lin, size_t pitch,
                     bool detile) {
  const uint32_t bpe = l->surface.bpe;
  for (uint32_t f = 0; f < l->surface.fragments; f++)
    for (uint32_t y = 0; y < r->height; y++)
      for (uint32_t x = 0; x < r->width; x++) {
        uint8_t *t = tiled + tiling_element_offset(l, level, r->x + x, r->y + y, slice, f);
        uint8_t *e = lin + ((size_t)f * r->height + y) * pitch + (size_t)x * bpe;
        if (detile)
          memcpy(e, t, bpe);
        else
          memcpy(t, e, bpe);
      }
}

static void ref_surface(const struct tiling_layout *l, uint8_t *tiled, uint8_t *lin,
                        bool detile) {
  for (uint32_t lv = 0; lv < l->surface.levels; lv++) {
    const struct tiling_level *L = &l->level[lv];
    const struct tiling_rect whole = {0, 0, L->width, L->height};
    for (uint32_t s = 0; s < plane_slices(l, lv); s++)
      ref_rect(l, lv, s, &whole, tiled, lin + tiling_linear_offset(l, lv, s),
               (size_t)L->width * l->surface.bpe, detile);
  }
}

/* Index of the first differing byte, or -1. */
static long first_diff(const uint8_t *a, const uint8_t *b, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (a[i] != b[i]) return (long)i;
  return -1;
}

/* Whole-surface tile and detile (through one converter) against the reference, with the
 * tiled buffer at byte offset SHIFT from a 64-aligned allocation (0: the streaming paths
 * may run; 4 or 8: they must step aside). The paths each direction took go to TILE_PATHS
 * and DETILE_PATHS when given. Returns the number of failures (0 or more), -1 if no
 * layout. */
static int check_whole_paths(const struct tiling_surface *s, uint32_t shift,
                             struct tiling_path_stats *tile_paths,
                             struct tiling_path_stats *detile_paths) {
  struct tiling_layout l;
  if (!tiling_compute_layout(s, &l)) return -1;
  struct tiling_converter *conv = tiling_converter_create(&l);
  assert_non_null(conv);
  int bad = 0;
  uint8_t *tiled_mem = aligned_alloc(64, (l.size + 64 + 63) & ~(size_t)63);
  uint8_t *want_t = malloc(l.size);
  uint8_t *lin = malloc(l.linear_size), *want_l = malloc(l.linear_size);
  assert_true(tiled_mem && want_t && lin && want_l);
  uint8_t *tiled = tiled_mem + shift;

  /* linear -> tiled over a tiled buffer already holding other bytes */
  fill(lin, l.linear_size, s->mode * 31 + s->bpe);
  fill(tiled, l.size, s->width ^ s->height);
  memcpy(want_t, tiled, l.size);
  ref_surface(&l, want_t, lin, false);
  assert_true(tiling_converter_tile(conv, lin, l.linear_size, tiled, l.size));
  if (tile_paths) tiling_converter_stats(conv, tile_paths);
  tiling_converter_reset_stats(conv);
  long d = first_diff(tiled, want_t, l.size);
  if (d >= 0) {
    printf("FAIL tile %s bpe%u %ux%u levels %u depth %u frags %u xor 0x%x shift %u: byte %ld\n",
           tiling_mode_name(s->mode), s->bpe, s->width, s->height, l.surface.levels,
           l.surface.depth, l.surface.fragments, s->pipe_bank_xor, shift, d);
    bad++;
  }

  /* tiled -> linear from fresh tiled bytes */
  fill(tiled, l.size, s->mode + 7 * s->bpe + 1);
  memset(lin, 0xA5, l.linear_size);
  memset(want_l, 0x5A, l.linear_size);
  ref_surface(&l, tiled, want_l, true);
  assert_true(tiling_converter_detile(conv, tiled, l.size, lin, l.linear_size));
  if (detile_paths) tiling_converter_stats(conv, detile_paths);
  d = first_diff(lin, want_l, l.linear_size);
  if (d >= 0) {
    printf("FAIL detile %s bpe%u %ux%u levels %u depth %u frags %u xor 0x%x shift %u: byte %ld\n",
           tiling_mode_name(s->mode), s->bpe, s->width, s->height, l.surface.levels,
           l.surface.depth, l.surface.fragments, s->pipe_bank_xor, shift, d);
    bad++;
  }
  tiling_converter_destroy(conv);
  free(tiled_mem);
  free(want_t);
  free(lin);
  free(want_l);
  return bad;
}

static int check_whole(const struct tiling_surface *s, uint32_t shift) {
  return check_whole_paths(s, shift, NULL, NULL);
}

/* Prints the nonzero path counters. */
static void print_paths(const char *what, const struct tiling_path_stats *st) {
  printf("    %s:", what);
  for (unsigned i = 0; i < TILING_PATH_COUNT; i++)
    if (st->count[i])
      printf(" %s=%llu", tiling_path_name((enum tiling_path)i),
             (unsigned long long)st->count[i]);
  printf("\n");
}

/* True when ONLY ran (counter > 0) and no other path did, BANDS aside: it must have run
 * when BANDS is set, and not otherwise. */
static bool ran_only(const struct tiling_path_stats *st, enum tiling_path only, bool bands) {
  for (unsigned i = 0; i < TILING_PATH_COUNT; i++) {
    const bool want = i == (unsigned)only || (i == TILING_PATH_BANDS && bands);
    if (want != (st->count[i] != 0)) return false;
  }
  return true;
}

/* The converter path each direction takes, per mode and element size, on 512x256
 * surfaces (whole blocks in every mode and size, so one path takes everything): the
 * intended fast path where the swizzle has one, and the per-row fallback where it has
 * none (also part of the table: a change of path shows up here). SHIFT misaligns the
 * tiled buffer by 8 bytes, which takes tiling off the streaming-store paths. */
static void test_intended_paths(void **state) {
  (void)state;
  static const struct {
    uint32_t mode, bpe, shift;
    enum tiling_path detile, tile;
    bool bands; /* tiling in full-width row bands */
  } cases[] = {
      {TILING_SW_64KB_S, 4, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16_PAIR, true},
      {TILING_SW_64KB_D, 4, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16_PAIR, true},
      {TILING_SW_64KB_S_T, 4, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16_PAIR, true},
      {TILING_SW_64KB_Z_X, 4, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_LINES8, true},
      {TILING_SW_64KB_R_X, 4, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16, true},
      {TILING_SW_64KB_S, 4, 8, TILING_PATH_BLOCK_MAP, TILING_PATH_ROW, false},
      {TILING_SW_64KB_Z_X, 4, 8, TILING_PATH_BLOCK_MAP, TILING_PATH_QUADS, false},
      {TILING_SW_64KB_R_X, 4, 8, TILING_PATH_BLOCK_MAP, TILING_PATH_ROW, false},
      {TILING_SW_64KB_S, 1, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16, false},
      {TILING_SW_64KB_S, 2, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16_PAIR, true},
      {TILING_SW_64KB_S, 8, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16, true},
      {TILING_SW_64KB_S, 16, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16, true},
      {TILING_SW_64KB_R_X, 8, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16, false},
      {TILING_SW_64KB_Z_X, 8, 0, TILING_PATH_ROW, TILING_PATH_ROWS16_PAIR, true},
      {TILING_SW_64KB_D, 16, 0, TILING_PATH_ROW, TILING_PATH_ROW, false},
      {TILING_SW_64KB_R_X, 16, 0, TILING_PATH_ROW, TILING_PATH_ROW, false},
      {TILING_SW_4KB_S, 4, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16_PAIR, true},
      {TILING_SW_4KB_D_X, 16, 0, TILING_PATH_ROW, TILING_PATH_ROW, false},
      {TILING_SW_256B_S, 4, 0, TILING_PATH_ROW, TILING_PATH_ROWS16, false},
      {TILING_SW_256B_S, 8, 0, TILING_PATH_BLOCK_MAP, TILING_PATH_ROWS16, false},
      {TILING_SW_LINEAR, 4, 0, TILING_PATH_LINEAR, TILING_PATH_LINEAR, false},
  };
  int wrong = 0;
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    struct tiling_surface s = {.mode = cases[i].mode, .bpe = cases[i].bpe, .width = 512,
                               .height = 256};
    struct tiling_path_stats tile, detile;
    assert_int_equal(check_whole_paths(&s, cases[i].shift, &tile, &detile), 0);
    const bool ok_d = ran_only(&detile, cases[i].detile, false);
    const bool ok_t = ran_only(&tile, cases[i].tile, cases[i].bands);
    if (!ok_d || !ok_t) {
      printf("FAIL %s bpe %u shift %u: expected detile %s, tile %s%s\n",
             tiling_mode_name(s.mode), s.bpe, cases[i].shift, tiling_path_name(cases[i].detile),
             tiling_path_name(cases[i].tile), cases[i].bands ? " in bands" : "");
      print_paths("detile", &detile);
      print_paths("tile", &tile);
      wrong++;
    }
  }
  assert_int_equal(wrong, 0);
}

/* Every path has a distinct name and a description; out of range gives NULL. */
static void test_path_names(void **state) {
  (void)state;
  for (unsigned i = 0; i < TILING_PATH_COUNT; i++) {
    const char *name = tiling_path_name((enum tiling_path)i);
    const char *text = tiling_path_text((enum tiling_path)i);
    assert_non_null(name);
    assert_non_null(text);
    assert_true(*name && *text);
    for (unsigned j = 0; j < i; j++)
      assert_string_not_equal(name, tiling_path_name((enum tiling_path)j));
  }
  assert_string_equal(tiling_path_name(TILING_PATH_BLOCK_MAP), "BLOCK_MAP");
  assert_null(tiling_path_name(TILING_PATH_COUNT));
  assert_null(tiling_path_text(TILING_PATH_COUNT));
}

static const uint32_t modes_64k[] = {TILING_SW_64KB_S, TILING_SW_64KB_D, TILING_SW_64KB_S_T,
                                     TILING_SW_64KB_Z_X, TILING_SW_64KB_R_X};

/* Sizes in whole 64 KiB blocks (3x1 blocks of 128x128, and 2x1 in each of two slices): the
 * fast paths take the whole surface, in every 64 KiB family, with the tiled buffer 16-byte
 * aligned (streaming stores) or not (plain stores). */
static void test_whole_blocks_4byte(void **state) {
  (void)state;
  int checked = 0;
  for (size_t m = 0; m < 5; m++)
    for (uint32_t shift = 0; shift <= 8; shift += 8) {
      struct tiling_surface s = {.mode = modes_64k[m], .bpe = 4, .width = 384, .height = 128};
      assert_int_equal(check_whole(&s, shift), 0);
      struct tiling_surface a = {.mode = modes_64k[m], .bpe = 4, .width = 256, .height = 128,
                                 .depth = 2};
      assert_int_equal(check_whole(&a, shift), 0);
      checked += 2;
    }
  printf("whole-block 4-byte surfaces checked: %d\n", checked);
  assert_int_equal(checked, 20);
}

/* Partial blocks at the right and bottom edges, row counts that end inside a band, and a
 * mip chain down into the tail, for every element size of every 64 KiB family; then two
 * whole blocks of each (tiled buffer misaligned by 4 bytes except for 4-byte elements,
 * which the test above covers both ways). */
static void test_edges_every_element_size(void **state) {
  (void)state;
  int checked = 0;
  for (size_t m = 0; m < 5; m++)
    for (uint32_t bpe = 1; bpe <= 16; bpe <<= 1) {
      struct tiling_surface s = {.mode = modes_64k[m], .bpe = bpe, .width = 200,
                                 .height = 147, .levels = 8};
      int r = check_whole(&s, 0);
      if (r < 0) { /* only Z with 16-byte elements has no layout */
        assert_true(modes_64k[m] == TILING_SW_64KB_Z_X && bpe == 16);
        continue;
      }
      assert_int_equal(r, 0);
      /* two whole blocks side by side (a 64 KiB block is 256x256 elements of 1 byte,
       * 256x128 of 2, 128x128 of 4, 128x64 of 8, 64x64 of 16) */
      struct tiling_surface w = {.mode = modes_64k[m], .bpe = bpe,
                                 .width = bpe <= 2 ? 512 : bpe <= 8 ? 256 : 128,
                                 .height = bpe == 1 ? 256 : bpe <= 4 ? 128 : 64};
      assert_int_equal(check_whole(&w, bpe == 4 ? 0 : 4), 0);
      checked += 2;
    }
  printf("64 KiB edge surfaces checked: %d\n", checked);
  assert_int_equal(checked, 2 * (5 * 5 - 1));
}

/* 4 KiB and 256-byte modes (bands where the block is 32 rows or more, block order
 * otherwise), XOR modes with a pipe/bank XOR, 3D volumes and MSAA. */
static void test_other_modes_xor_msaa(void **state) {
  (void)state;
  const uint32_t small[] = {TILING_SW_4KB_S, TILING_SW_4KB_D, TILING_SW_4KB_S_X,
                            TILING_SW_4KB_D_X, TILING_SW_256B_S, TILING_SW_256B_D};
  int checked = 0;
  for (size_t m = 0; m < 6; m++)
    for (uint32_t bpe = 1; bpe <= 16; bpe <<= 1) {
      struct tiling_surface s = {.mode = small[m], .bpe = bpe, .width = 200, .height = 150,
                                 .levels = 4};
      assert_int_equal(check_whole(&s, 0), 0);
      checked++;
    }
  const struct tiling_surface special[] = {
      {.mode = TILING_SW_64KB_R_X, .bpe = 4, .width = 512, .height = 256, .depth = 2,
       .pipe_bank_xor = 0xC500},
      {.mode = TILING_SW_64KB_Z_X, .bpe = 4, .width = 384, .height = 256,
       .pipe_bank_xor = 0x8300},
      {.mode = TILING_SW_64KB_S_X, .bpe = 2, .width = 512, .height = 256, .levels = 3,
       .pipe_bank_xor = 0x4F00},
      {.mode = TILING_SW_64KB_D_X, .bpe = 8, .width = 260, .height = 140, .levels = 2,
       .pipe_bank_xor = 0x0A00},
      {.mode = TILING_SW_64KB_S, .bpe = 4, .width = 128, .height = 128, .depth = 6,
       .levels = 3, .dim = TILING_DIM_3D},
      {.mode = TILING_SW_64KB_Z_X, .bpe = 4, .width = 256, .height = 256, .fragments = 4},
      {.mode = TILING_SW_64KB_R_X, .bpe = 8, .width = 256, .height = 130, .fragments = 2},
  };
  for (size_t i = 0; i < sizeof(special) / sizeof(special[0]); i++) {
    assert_int_equal(check_whole(&special[i], 0), 0);
    checked++;
  }
  printf("other surfaces checked: %d\n", checked);
  assert_int_equal(checked, 6 * 5 + 7);
}

/* Rectangles and per-level conversion with padded pitches: aligned whole-block
 * rectangles (fast paths), odd positions and sizes (partial bands and runs), in both
 * directions against the reference; neither direction touches a byte outside the
 * rectangle's elements (row padding of the linear side, the rest of the tiled surface).
 * One converter per surface serves all its rectangles, as in a texture cache: what it
 * keeps between calls (tables, block map) must not depend on the first rectangle. */
static void test_rects_and_pitches(void **state) {
  (void)state;
  const struct tiling_rect rects[] = {
      {0, 0, 384, 256}, {128, 128, 256, 128}, {3, 5, 260, 131}, {128, 17, 256, 100},
      {372, 252, 12, 4}, {64, 0, 320, 16},
  };
  int checked = 0;
  for (size_t m = 0; m < 5; m++) {
    struct tiling_surface s = {.mode = modes_64k[m], .bpe = 4, .width = 384, .height = 256,
                               .depth = 2};
    struct tiling_layout l;
    assert_true(tiling_compute_layout(&s, &l));
    struct tiling_converter *conv = tiling_converter_create(&l);
    assert_non_null(conv);
    uint8_t *tiled = malloc(l.size), *got_t = malloc(l.size), *want_t = malloc(l.size);
    fill(tiled, l.size, (uint32_t)m + 3);
    for (size_t i = 0; i < sizeof(rects) / sizeof(rects[0]); i++)
      for (uint32_t pad = 0; pad <= 20; pad += 20) {
        const struct tiling_rect *r = &rects[i];
        const size_t pitch = (size_t)r->width * 4 + pad;
        const size_t size = pitch * r->height;
        uint8_t *got = malloc(size + 4), *want = malloc(size);
        /* detile, linear side at an odd 4-byte offset when padded */
        uint8_t *dst = got + (pad ? 4 : 0);
        memset(dst, 0, size);
        memset(want, 0, size);
        ref_rect(&l, 0, 1, r, tiled, want, pitch, true);
        assert_true(tiling_converter_detile_rect(conv, 0, 1, r, tiled, l.size, dst, pitch, size));
        /* the whole buffer: row padding stays untouched as well */
        assert_memory_equal(dst, want, size);
        /* tile new bytes back into a copy */
        fill(dst, size, (uint32_t)(i * 7 + pad));
        memcpy(got_t, tiled, l.size);
        memcpy(want_t, tiled, l.size);
        ref_rect(&l, 0, 1, r, want_t, dst, pitch, false);
        assert_true(tiling_converter_tile_rect(conv, 0, 1, r, dst, pitch, size, got_t, l.size));
        long d = first_diff(got_t, want_t, l.size);
        if (d >= 0)
          printf("FAIL tile_rect %s (%u,%u %ux%u) pad %u: byte %ld\n",
                 tiling_mode_name(s.mode), r->x, r->y, r->width, r->height, pad, d);
        assert_int_equal(d, -1);
        free(got);
        free(want);
        checked++;
      }
    /* the first rectangle is whole blocks: the block map was built and kept */
    struct tiling_path_stats st;
    tiling_converter_stats(conv, &st);
    assert_true(st.count[TILING_PATH_BLOCK_MAP] > 0);
    tiling_converter_destroy(conv);
    free(tiled);
    free(got_t);
    free(want_t);
  }
  printf("rectangles checked: %d\n", checked);
  assert_int_equal(checked, 5 * 6 * 2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_whole_blocks_4byte),
      cmocka_unit_test(test_edges_every_element_size),
      cmocka_unit_test(test_other_modes_xor_msaa),
      cmocka_unit_test(test_rects_and_pitches),
      cmocka_unit_test(test_intended_paths),
      cmocka_unit_test(test_path_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
