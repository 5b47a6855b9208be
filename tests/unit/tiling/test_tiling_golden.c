/* Byte-exact agreement with the golden data of ../shared/oracles/tiling (AMD addrlib, PS5
 * address configuration): every offset map listed in manifest.tsv and every surface fact of
 * surfaces.tsv. New rows in the manifests are picked up without code change. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include "test_skip.h"
#include <openssl/evp.h>

#include "gpu/tiling/tiling.h"
#include "tsv.h"

static char oracle_dir[4096];

static bool find_oracles(void) {
  const char *shared = getenv("PROSPERO_SHARED_DIR");
  if (!shared || !*shared) {
    printf("SKIP: PROSPERO_SHARED_DIR is not set; golden tiling data unavailable\n");
    return false;
  }
  snprintf(oracle_dir, sizeof(oracle_dir), "%s/oracles/tiling", shared);
  char probe[4200];
  snprintf(probe, sizeof(probe), "%s/manifest.tsv", oracle_dir);
  FILE *f = fopen(probe, "rb");
  if (!f) {
    printf("SKIP: %s not found; golden tiling data unavailable\n", probe);
    return false;
  }
  fclose(f);
  return true;
}

/* Fills a linear copy so that every element has distinct bytes: the element index (in the
 * whole linear copy) written little-endian, repeated over the element. */
static void fill_distinct(uint8_t *lin, uint64_t elems, uint32_t bpe) {
  for (uint64_t i = 0; i < elems; i++)
    for (uint32_t b = 0; b < bpe; b++) lin[i * bpe + b] = (uint8_t)((i >> (8 * (b % 4))) + b / 4);
}

static int check_map(const struct tsv *t) {
  const char *file = tsv_get(t, "file");
  struct tiling_surface s = {
      .mode = (uint32_t)tsv_num(t, "mode_value"),
      .bpe = (uint32_t)tsv_num(t, "bytes_per_element"),
      .width = (uint32_t)tsv_num(t, "width"),
      .height = (uint32_t)tsv_num(t, "height"),
      .depth = 1,
      .levels = (uint32_t)tsv_num(t, "mip_levels"),
      .fragments = 1,
      .dim = TILING_DIM_2D,
  };
  struct tiling_layout l;
  if (!tiling_compute_layout(&s, &l)) {
    printf("FAIL %s: no layout\n", file);
    return 1;
  }
  int bad = 0;
#define FACT(field, col)                                                                  \
  if ((unsigned long long)(field) != tsv_num(t, col)) {                                   \
    printf("FAIL %s: %s = %llu, golden %llu\n", file, col, (unsigned long long)(field),   \
           tsv_num(t, col));                                                              \
    bad++;                                                                                \
  }
  FACT(l.pitch, "pitch");
  FACT(l.padded_height, "padded_height");
  FACT(l.size, "surf_size");
  FACT(l.base_align, "base_align");
  FACT(l.block_width, "block_width");
  FACT(l.block_height, "block_height");

  char path[4400];
  snprintf(path, sizeof(path), "%s/%s", oracle_dir, file);
  size_t n;
  uint32_t *golden = (uint32_t *)tsv_read_file(path, &n);
  if (!golden || n != 4 * l.linear_size / s.bpe) {
    printf("FAIL %s: cannot read or wrong size (%zu bytes)\n", file, n);
    free(golden);
    return bad + 1;
  }
  /* The file must be the one the manifest describes (a damaged oracle is not a result). */
  unsigned char md[32];
  unsigned int mdlen = 0;
  char hex[65];
  EVP_Digest(golden, n, md, &mdlen, EVP_sha256(), NULL);
  for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", md[i]);
  if (strcmp(hex, tsv_get(t, "sha256")) != 0) {
    printf("FAIL %s: SHA-256 differs from manifest.tsv\n", file);
    free(golden);
    return bad + 1;
  }
  /* Element offsets, level by level, against the map. */
  uint64_t i = 0;
  for (uint32_t lv = 0; lv < s.levels && bad < 5; lv++)
    for (uint32_t y = 0; y < l.level[lv].height && bad < 5; y++)
      for (uint32_t x = 0; x < l.level[lv].width; x++, i++) {
        uint64_t off = tiling_element_offset(&l, lv, x, y, 0, 0);
        if (off != golden[i]) {
          printf("FAIL %s: level %u (%u,%u) offset %llu, golden %u\n", file, lv, x, y,
                 (unsigned long long)off, golden[i]);
          if (++bad >= 5) break;
        }
      }
  /* Tile a distinct image, check each element landed at the golden offset, detile back. */
  uint8_t *lin = malloc(l.linear_size), *back = malloc(l.linear_size);
  uint8_t *tiled = calloc(1, l.size);
  fill_distinct(lin, l.linear_size / s.bpe, s.bpe);
  if (!tiling_tile(&l, lin, l.linear_size, tiled, l.size)) bad++;
  for (uint64_t e = 0; e < l.linear_size / s.bpe && !bad; e++)
    if (memcmp(tiled + golden[e], lin + e * s.bpe, s.bpe) != 0) {
      printf("FAIL %s: element %llu not at golden offset after tiling\n", file,
             (unsigned long long)e);
      bad++;
    }
  if (!tiling_detile(&l, tiled, l.size, back, l.linear_size)) bad++;
  if (!bad && memcmp(lin, back, l.linear_size) != 0) {
    printf("FAIL %s: detile(tile(x)) != x\n", file);
    bad++;
  }
  free(lin);
  free(back);
  free(tiled);
  free(golden);
  return bad;
}

/* Opens FILE of the oracle folder, or skips the test when the folder is absent. */
static void open_oracle_tsv(struct tsv *t, const char *file) {
  if (!find_oracles()) skip();
  char path[4200];
  snprintf(path, sizeof(path), "%s/%s", oracle_dir, file);
  assert_true(tsv_open(t, path));
}

static void test_offset_maps(void **state) {
  (void)state;
  struct tsv t;
  open_oracle_tsv(&t, "manifest.tsv");
  int cases = 0, failures = 0;
  while (tsv_next(&t)) {
    const char *kind = tsv_get(&t, "kind");
    if (strcmp(kind, "offset_map") && strcmp(kind, "mip_offset_map")) continue;
    cases++;
    if (check_map(&t)) failures++;
  }
  tsv_close(&t);
  printf("offset maps: %d cases, %d failed\n", cases, failures);
  assert_true(cases > 0);
  assert_int_equal(failures, 0);
}

static void test_surface_facts(void **state) {
  (void)state;
  struct tsv tt, *t = &tt;
  open_oracle_tsv(t, "surfaces.tsv");
  int rows = 0, failures = 0;
  while (tsv_next(t)) {
    rows++;
    struct tiling_surface s = {
        .mode = (uint32_t)tsv_num(t, "mode_value"),
        .bpe = (uint32_t)tsv_num(t, "bytes_per_element"),
        .width = (uint32_t)tsv_num(t, "width"),
        .height = (uint32_t)tsv_num(t, "height"),
        .levels = (uint32_t)tsv_num(t, "mip_levels"),
    };
    struct tiling_layout l;
    const char *name = tsv_get(t, "mode");
    if (!tiling_compute_layout(&s, &l)) {
      printf("FAIL %s bpe%u %ux%u: no layout\n", name, s.bpe, s.width, s.height);
      failures++;
      continue;
    }
    uint32_t lv = (uint32_t)tsv_num(t, "level");
    const struct tiling_level *L = &l.level[lv];
    int bad = 0;
    char file[200];
    snprintf(file, sizeof(file), "%s bpe%u %ux%u L%u level %u", name, s.bpe, s.width,
             s.height, s.levels, lv);
    FACT(l.size, "surf_size");
    FACT(l.base_align, "base_align");
    FACT(l.block_width, "block_width");
    FACT(l.block_height, "block_height");
    FACT(l.first_tail_level, "first_mip_in_tail");
    FACT(L->width, "level_width");
    FACT(L->height, "level_height");
    FACT(L->pitch, "pitch");
    FACT(L->padded_height, "padded_height");
    FACT(L->offset, "offset");
    FACT(L->macro_block_offset, "macro_block_offset");
    if (L->in_tail != (strcmp(tsv_get(t, "in_tail"), "yes") == 0)) {
      printf("FAIL %s: in_tail %d\n", file, L->in_tail);
      bad++;
    }
    FACT(L->tail_offset, "mip_tail_offset");
    FACT(L->tail_x, "mip_tail_coord_x");
    FACT(L->tail_y, "mip_tail_coord_y");
    FACT(tiling_element_offset(&l, lv, 0, 0, 0, 0), "elem00_offset");
    if (bad) failures++;
  }
  tsv_close(t);
  printf("surface facts: %d level rows, %d failed\n", rows, failures);
  assert_true(rows > 0);
  assert_int_equal(failures, 0);
}

/* The pipe bits of the pipe/bank XOR table (tiling_pipe_bank_xor_bits()) are the address
 * bits an _X mode's equation adds to the plain mode's: for every single-level map of an _X
 * mode that has a plain counterpart (same mode name without "_X", same element size and
 * size), the offsets of the two differ, element by element, in exactly the table's pipe
 * bits (taken together over the maps; one map may leave some out). */
static void test_pipe_xor_bits(void **state) {
  (void)state;
  struct tsv t;
  open_oracle_tsv(&t, "manifest.tsv");
  enum { MAX_MAPS = 512 };
  static struct {
    char mode[32], file[160];
    uint32_t value, bpe, width, height;
  } maps[MAX_MAPS];
  unsigned n = 0;
  while (tsv_next(&t) && n < MAX_MAPS) {
    if (strcmp(tsv_get(&t, "kind"), "offset_map")) continue;
    snprintf(maps[n].mode, sizeof maps[n].mode, "%s", tsv_get(&t, "mode"));
    snprintf(maps[n].file, sizeof maps[n].file, "%s", tsv_get(&t, "file"));
    maps[n].value = (uint32_t)tsv_num(&t, "mode_value");
    maps[n].bpe = (uint32_t)tsv_num(&t, "bytes_per_element");
    maps[n].width = (uint32_t)tsv_num(&t, "width");
    maps[n].height = (uint32_t)tsv_num(&t, "height");
    n++;
  }
  tsv_close(&t);
  uint32_t seen[64] = {0}; /* by _X mode value: union of the differing bits */
  unsigned pairs = 0;
  for (unsigned i = 0; i < n; i++) {
    size_t len = strlen(maps[i].mode);
    if (len < 3 || strcmp(maps[i].mode + len - 2, "_X")) continue;
    for (unsigned j = 0; j < n; j++) {
      if (strlen(maps[j].mode) != len - 2 || strncmp(maps[j].mode, maps[i].mode, len - 2) ||
          maps[j].bpe != maps[i].bpe || maps[j].width != maps[i].width ||
          maps[j].height != maps[i].height)
        continue;
      char px[4400], pp[4400];
      snprintf(px, sizeof px, "%s/%s", oracle_dir, maps[i].file);
      snprintf(pp, sizeof pp, "%s/%s", oracle_dir, maps[j].file);
      size_t nx = 0, np = 0;
      uint32_t *x = (uint32_t *)tsv_read_file(px, &nx), *p = (uint32_t *)tsv_read_file(pp, &np);
      assert_non_null(x);
      assert_non_null(p);
      assert_int_equal(nx, np);
      for (size_t e = 0; e < nx / 4; e++) seen[maps[i].value & 63] |= x[e] ^ p[e];
      free(x);
      free(p);
      pairs++;
    }
  }
  printf("pipe XOR bits: %u pairs of maps\n", pairs);
  assert_true(pairs >= 10);
  unsigned modes = 0;
  for (uint32_t m = 0; m < 64; m++) {
    if (!seen[m]) continue;
    struct tiling_xor_bits xb;
    assert_true(tiling_pipe_bank_xor_bits(m, &xb));
    printf("  %s: maps differ in 0x%x, table pipe bits 0x%x, bank bits 0x%x\n",
           tiling_mode_name(m), seen[m], xb.pipe, xb.bank);
    assert_int_equal(seen[m], xb.pipe);
    assert_int_equal(xb.pipe & xb.bank, 0);
    modes++;
  }
  assert_true(modes >= 2); /* a 4 KiB and a 64 KiB mode at least */
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_offset_maps),
      cmocka_unit_test(test_surface_facts),
      cmocka_unit_test(test_pipe_xor_bits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
