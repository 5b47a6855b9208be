/* Agreement with the golden tiling data (AMD addrlib, PS5 address configuration), from the
 * oracle's manifest and surface facts kept in the repository (tests/data/tiling): every
 * offset map listed in manifest.tsv is computed here and its SHA-256 compared with the
 * manifest's, and every surface fact of surfaces.tsv is checked. New rows in the manifests
 * are picked up without code change. The full maps (../shared/oracles/tiling) are not needed;
 * when they are present, a mismatch is diagnosed element by element against them. */
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

static char data_dir[4096];

static void find_data(void) {
  const char *src = getenv("PROSPERO_SOURCE_DIR");
  if (!src || !*src) fail_msg("PROSPERO_SOURCE_DIR is not set (ctest sets it)");
  snprintf(data_dir, sizeof(data_dir), "%s/tests/data/tiling", src);
}

/* The full map FILE in ../shared/oracles/tiling (NULL when that folder is absent). */
static uint32_t *read_shared_map(const char *file, size_t *n) {
  const char *shared = getenv("PROSPERO_SHARED_DIR");
  if (!shared || !*shared) return NULL;
  char path[4400];
  snprintf(path, sizeof(path), "%s/oracles/tiling/%s", shared, file);
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fclose(f);
  return (uint32_t *)test_file_read(path, n);
}

static void sha256_hex(const void *p, size_t n, char hex[65]) {
  unsigned char md[32];
  unsigned int mdlen = 0;
  EVP_Digest(p, n, md, &mdlen, EVP_sha256(), NULL);
  for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

static struct tiling_surface surface_of_row(const struct tsv *t) {
  return (struct tiling_surface){
      .mode = (uint32_t)tsv_num(t, "mode_value"),
      .bpe = (uint32_t)tsv_num(t, "bytes_per_element"),
      .width = (uint32_t)tsv_num(t, "width"),
      .height = (uint32_t)tsv_num(t, "height"),
      .depth = 1,
      .levels = (uint32_t)tsv_num(t, "mip_levels"),
      .fragments = 1,
      .dim = TILING_DIM_2D,
  };
}

/* Our offset map of a manifest row, in the oracle's file layout (one 32-bit offset per
 * element, levels in order, rows y-major), or NULL without a layout. *N is its byte size. */
static uint32_t *compute_map(const struct tiling_surface *s, struct tiling_layout *l, size_t *n) {
  if (!tiling_compute_layout(s, l)) return NULL;
  uint64_t elems = 0;
  for (uint32_t lv = 0; lv < s->levels; lv++)
    elems += (uint64_t)l->level[lv].width * l->level[lv].height;
  uint32_t *map = malloc(elems * 4 + 1);
  uint64_t i = 0;
  for (uint32_t lv = 0; lv < s->levels; lv++)
    for (uint32_t y = 0; y < l->level[lv].height; y++)
      for (uint32_t x = 0; x < l->level[lv].width; x++, i++)
        map[i] = (uint32_t)tiling_element_offset(l, lv, x, y, 0, 0);
  *n = elems * 4;
  return map;
}

/* Our map of the row, returned only when its SHA-256 is the manifest's (then it is the
 * golden map, byte for byte); otherwise prints why and returns NULL. */
static uint32_t *golden_map(const struct tsv *t, struct tiling_surface *s, struct tiling_layout *l,
                            size_t *n) {
  const char *file = tsv_get(t, "file");
  *s = surface_of_row(t);
  uint32_t *map = compute_map(s, l, n);
  if (!map) {
    printf("FAIL %s: no layout\n", file);
    return NULL;
  }
  if (*n != tsv_num(t, "elements") * 4) {
    printf("FAIL %s: %zu elements, manifest %llu\n", file, *n / 4, tsv_num(t, "elements"));
    free(map);
    return NULL;
  }
  char hex[65];
  sha256_hex(map, *n, hex);
  if (strcmp(hex, tsv_get(t, "sha256")) == 0) return map;
  printf("FAIL %s: SHA-256 of the computed map differs from the manifest\n", file);
  size_t gn = 0;
  uint32_t *golden = read_shared_map(file, &gn);
  if (!golden) {
    printf("  (the full map in ../shared/oracles/tiling/%s shows where)\n", file);
  } else {
    int shown = 0;
    for (size_t e = 0; e < *n / 4 && e < gn / 4 && shown < 5; e++)
      if (map[e] != golden[e]) {
        printf("  element %zu: offset %u, golden %u\n", e, map[e], golden[e]);
        shown++;
      }
    free(golden);
  }
  free(map);
  return NULL;
}

/* Fills a linear copy so that every element has distinct bytes: the element index (in the
 * whole linear copy) written little-endian, repeated over the element. */
static void fill_distinct(uint8_t *lin, uint64_t elems, uint32_t bpe) {
  for (uint64_t i = 0; i < elems; i++)
    for (uint32_t b = 0; b < bpe; b++) lin[i * bpe + b] = (uint8_t)((i >> (8 * (b % 4))) + b / 4);
}

static int check_map(const struct tsv *t) {
  const char *file = tsv_get(t, "file");
  struct tiling_surface s;
  struct tiling_layout l;
  size_t n;
  uint32_t *golden = golden_map(t, &s, &l, &n);
  int bad = 0;
#define FACT(field, col)                                                                  \
  if ((unsigned long long)(field) != tsv_num(t, col)) {                                   \
    printf("FAIL %s: %s = %llu, golden %llu\n", file, col, (unsigned long long)(field),   \
           tsv_num(t, col));                                                              \
    bad++;                                                                                \
  }
  if (!golden) return 1;
  FACT(l.pitch, "pitch");
  FACT(l.padded_height, "padded_height");
  FACT(l.size, "surf_size");
  FACT(l.base_align, "base_align");
  FACT(l.block_width, "block_width");
  FACT(l.block_height, "block_height");
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

/* Opens FILE of tests/data/tiling. */
static void open_oracle_tsv(struct tsv *t, const char *file) {
  find_data();
  char path[4200];
  snprintf(path, sizeof(path), "%s/%s", data_dir, file);
  if (!tsv_open(t, path)) fail_msg("cannot open %s", path);
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
    char mode[32];
    uint32_t value, bpe, width, height;
    uint32_t *map; /* verified against the manifest's SHA-256: the golden map */
    size_t bytes;
  } maps[MAX_MAPS];
  unsigned n = 0, unverified = 0;
  while (tsv_next(&t) && n < MAX_MAPS) {
    if (strcmp(tsv_get(&t, "kind"), "offset_map")) continue;
    struct tiling_surface s;
    struct tiling_layout l;
    maps[n].map = golden_map(&t, &s, &l, &maps[n].bytes);
    if (!maps[n].map) {
      unverified++;
      continue;
    }
    snprintf(maps[n].mode, sizeof maps[n].mode, "%s", tsv_get(&t, "mode"));
    maps[n].value = s.mode;
    maps[n].bpe = s.bpe;
    maps[n].width = s.width;
    maps[n].height = s.height;
    n++;
  }
  tsv_close(&t);
  assert_int_equal(unverified, 0);
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
      assert_int_equal(maps[i].bytes, maps[j].bytes);
      for (size_t e = 0; e < maps[i].bytes / 4; e++)
        seen[maps[i].value & 63] |= maps[i].map[e] ^ maps[j].map[e];
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
  for (unsigned i = 0; i < n; i++) free(maps[i].map);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_offset_maps),
      cmocka_unit_test(test_surface_facts),
      cmocka_unit_test(test_pipe_xor_bits),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
