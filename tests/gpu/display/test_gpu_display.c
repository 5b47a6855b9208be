/* The GPU scan-out (src/gpu/display) on the Vulkan device (lavapipe in CI):
 * - a tiled display buffer (SW_64KB_R_X, the console's display tiling) is written from the
 *   golden offset map (AMD addrlib's, ../shared/oracles/tiling; on a fresh clone the map is
 *   computed and must have the manifest's SHA-256, so it is the golden map byte for byte),
 *   presented headless with a PNG dump, and the PNG must hold exactly the pixels computed
 *   here from their formula;
 * - a linear buffer with a row pitch is presented the same way;
 * - a tiled half-float frame dumps the same PNG file, byte for byte, as its linear copy;
 * - the letterbox arithmetic of the window.
 * Exit status 77 (skip): no Vulkan device. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include "test_skip.h"
#include "test_file.h"
#include <openssl/evp.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu/display/display.h"
#include "gpu/tiling/tiling.h"

static struct display *dpy;
static char tmpdir[] = "/tmp/prospero-display-XXXXXX";

static uint32_t pattern(uint32_t x, uint32_t y) { /* 0xAARRGGBB */
  return 0xFF000000u | ((x * 7 + y * 3) & 0xff) << 16 | ((x ^ y) & 0xff) << 8 |
         ((x * y + 13) & 0xff);
}

/* The manifest's SHA-256 of map FILE (tests/data/tiling/manifest.tsv, last column). */
static bool manifest_sha(const char *file, char out[65]) {
  char path[4096];
  size_t n;
  snprintf(path, sizeof path, "%s/tests/data/tiling/manifest.tsv", getenv("PROSPERO_SOURCE_DIR"));
  char *t = test_file_read(path, &n);
  if (!t) return false;
  bool found = false;
  for (char *line = strtok(t, "\n"); line && !found; line = strtok(NULL, "\n")) {
    if (strncmp(line, file, strlen(file)) || line[strlen(file)] != '\t') continue;
    char *tab = strrchr(line, '\t');
    if (tab && strlen(tab + 1) == 64) {
      memcpy(out, tab + 1, 65);
      found = true;
    }
  }
  free(t);
  return found;
}

/* The layout of a W x H scan-out surface of BPE bytes an element in SW_64KB_R_X, the
 * display's tiling. */
static struct tiling_layout scanout_layout(uint32_t bpe, uint32_t w, uint32_t h) {
  struct tiling_surface s = {.mode = TILING_SW_64KB_R_X,
                             .bpe = bpe,
                             .width = w,
                             .height = h,
                             .depth = 1,
                             .levels = 1,
                             .fragments = 1,
                             .dim = TILING_DIM_2D};
  struct tiling_layout l;
  assert_true(tiling_compute_layout(&s, &l));
  return l;
}

/* The golden offset map of SW_64KB_R_X, BPE bytes, W x H: one 32-bit offset per element. */
static uint32_t *golden_map(uint32_t bpe, uint32_t w, uint32_t h) {
  char file[128];
  snprintf(file, sizeof file, "maps/SW_64KB_R_X_bpe%u_%ux%u.bin", bpe, w, h);
  const char *shared = getenv("PROSPERO_SHARED_DIR");
  size_t n = 0;
  if (shared && *shared) {
    char path[4400];
    snprintf(path, sizeof path, "%s/oracles/tiling/%s", shared, file);
    uint32_t *m = (uint32_t *)test_file_read(path, &n);
    if (m && n == (size_t)w * h * 4) return m;
    free(m);
  }
  struct tiling_layout l = scanout_layout(bpe, w, h);
  uint32_t *m = malloc((size_t)w * h * 4);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++)
      m[y * w + x] = (uint32_t)tiling_element_offset(&l, 0, x, y, 0, 0);
  unsigned char md[32];
  unsigned int mdlen = 0;
  char hex[65], want[65];
  EVP_Digest(m, (size_t)w * h * 4, md, &mdlen, EVP_sha256(), NULL);
  for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", md[i]);
  assert_true(manifest_sha(file, want));
  assert_string_equal(hex, want);
  return m;
}

/* Decodes an 8-bit RGB PNG; NULL when it is not one. */
static uint8_t *read_png_rgb8(const char *path, uint32_t *w, uint32_t *h) {
  png_image img;
  memset(&img, 0, sizeof img);
  img.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&img, path)) return NULL;
  if (img.format != PNG_FORMAT_RGB) {
    png_image_free(&img);
    return NULL;
  }
  uint8_t *px = malloc(PNG_IMAGE_SIZE(img));
  if (!png_image_finish_read(&img, NULL, px, 0, NULL)) {
    free(px);
    return NULL;
  }
  *w = img.width;
  *h = img.height;
  return px;
}

static void check_png_pattern(const char *path, uint32_t w, uint32_t h) {
  uint32_t pw = 0, ph = 0;
  uint8_t *px = read_png_rgb8(path, &pw, &ph);
  assert_non_null(px);
  assert_int_equal(pw, w);
  assert_int_equal(ph, h);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint32_t p = pattern(x, y);
      const uint8_t *q = px + ((size_t)y * w + x) * 3;
      if (q[0] != (uint8_t)(p >> 16) || q[1] != (uint8_t)(p >> 8) || q[2] != (uint8_t)p)
        fail_msg("pixel (%u,%u) is %02x%02x%02x, want %06x", x, y, q[0], q[1], q[2], p & 0xffffff);
    }
  free(px);
}

static void *aligned_buffer(size_t size) {
  void *p = NULL;
  assert_int_equal(posix_memalign(&p, 65536, size), 0);
  memset(p, 0xA5, size); /* the padding of a tiled surface is garbage the detile must skip */
  return p;
}

static int setup(void **state) {
  (void)state;
  char err[256];
  dpy = display_create(&(struct display_options){.window = false}, err, sizeof err);
  if (!dpy) print_message("no display device: %s\n", err);
  if (!mkdtemp(tmpdir)) return -1;
  return 0;
}

static int teardown(void **state) {
  (void)state;
  display_destroy(dpy);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  return system(cmd) == 0 ? 0 : -1;
}

static uint8_t *kept_buf; /* test_forget_range's buffer, kept across frames */

static void tiled_frame_keep(uint32_t w, uint32_t h, bool fresh);

static void tiled_frame(uint32_t w, uint32_t h) {
  tiled_frame_keep(w, h, true);
  free(kept_buf);
  kept_buf = NULL;
}

/* Presents a W x H tiled frame of the pattern from kept_buf (a new buffer when FRESH) and
 * checks its PNG. */
static void tiled_frame_keep(uint32_t w, uint32_t h, bool fresh) {
  if (!dpy) skip_because("no Vulkan device");
  uint32_t *map = golden_map(4, w, h);
  struct tiling_layout l = scanout_layout(4, w, h);
  if (fresh || !kept_buf) {
    free(kept_buf);
    kept_buf = aligned_buffer(l.size);
  }
  uint8_t *buf = kept_buf;
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint32_t p = pattern(x, y);
      assert_true(map[y * w + x] + 4 <= l.size);
      memcpy(buf + map[y * w + x], &p, 4);
    }
  char path[256];
  snprintf(path, sizeof path, "%s/tiled_%ux%u.png", tmpdir, w, h);
  const char *png[] = {path};
  struct display_frame f = {.pixels = buf,
                            .format = PRESENT_FORMAT_A8R8G8B8,
                            .width = w,
                            .height = h,
                            .tiled = true,
                            .flip_count = 1};
  struct display_stats before, after;
  display_get_stats(dpy, &before);
  assert_true(display_present(dpy, &f, png, 1));
  display_get_stats(dpy, &after);
  assert_int_equal(after.gpu_detiles, before.gpu_detiles + 1); /* on the GPU, not the CPU */
  check_png_pattern(path, w, h);
  free(map);
}

/* Imports of guest memory are kept for the next frames and dropped when the guest unmaps the
 * memory (display_forget_range): the next frame imports the range again and still shows the
 * right pixels; a span elsewhere drops nothing. */
static void test_forget_range(void **state) {
  (void)state;
  if (!dpy) skip_because("no Vulkan device");
  struct display_stats s0, s1, s2, s3;
  display_get_stats(dpy, &s0);
  tiled_frame_keep(256, 256, true);
  display_get_stats(dpy, &s1);
  if (s1.copied > s0.copied) skip_because("the device cannot import host memory");
  assert_int_equal(s1.imports_made, s0.imports_made + 1);
  tiled_frame_keep(256, 256, false); /* the same buffer: the import is kept */
  display_get_stats(dpy, &s2);
  assert_int_equal(s2.imports_made, s1.imports_made);
  display_forget_range(dpy, 0x1000, 0x1000); /* not it */
  display_forget_range(dpy, (uint64_t)(uintptr_t)kept_buf + 4096, 1);
  tiled_frame_keep(256, 256, false);
  display_get_stats(dpy, &s3);
  assert_int_equal(s3.imports_dropped, s2.imports_dropped + 1);
  assert_int_equal(s3.imports_made, s2.imports_made + 1);
  free(kept_buf);
  kept_buf = NULL;
}

static void test_tiled_256(void **state) {
  (void)state;
  tiled_frame(256, 256);
}

static void test_tiled_200x120(void **state) {
  (void)state;
  tiled_frame(200, 120);
}

static void test_linear_pitch(void **state) {
  (void)state;
  if (!dpy) skip_because("no Vulkan device");
  uint32_t w = 100, h = 37, pitch = 128;
  uint32_t *buf = aligned_buffer((size_t)pitch * h * 4);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) buf[y * pitch + x] = pattern(x, y);
  char path[256];
  snprintf(path, sizeof path, "%s/linear.png", tmpdir);
  const char *png[] = {path};
  struct display_frame f = {.pixels = buf,
                            .format = PRESENT_FORMAT_A8R8G8B8,
                            .width = w,
                            .height = h,
                            .pitch_pixels = pitch,
                            .flip_count = 1};
  assert_true(display_present(dpy, &f, png, 1));
  check_png_pattern(path, w, h);
  free(buf);
}

static uint16_t half_of(unsigned v) { /* v / 256 for v in 0..255, exact in binary16 */
  if (!v) return 0;
  int e = 0;
  while (!(v & 0x80)) {
    v <<= 1;
    e++;
  }
  /* v = 1.m * 2^7 -> value = 1.m * 2^(7 - e - 8) */
  return (uint16_t)((15 + (-1 - e)) << 10 | ((v & 0x7f) << 3));
}

static void test_tiled_half_float(void **state) {
  (void)state;
  if (!dpy) skip_because("no Vulkan device");
  uint32_t w = 64, h = 64;
  uint32_t *map = golden_map(8, w, h);
  struct tiling_layout l = scanout_layout(8, w, h);
  uint8_t *tiled = aligned_buffer(l.size);
  uint64_t *linear = aligned_buffer((size_t)w * h * 8);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint32_t p = pattern(x, y);
      uint64_t v = (uint64_t)half_of(p & 0xff) | (uint64_t)half_of((p >> 8) & 0xff) << 16 |
                   (uint64_t)half_of((p >> 16) & 0xff) << 32 | (uint64_t)0x3C00 << 48;
      linear[y * w + x] = v;
      memcpy(tiled + map[y * w + x], &v, 8);
    }
  char a[256], b[256];
  snprintf(a, sizeof a, "%s/fp16_tiled.png", tmpdir);
  snprintf(b, sizeof b, "%s/fp16_linear.png", tmpdir);
  const char *pa[] = {a}, *pb[] = {b};
  struct display_frame ft = {.pixels = tiled,
                             .format = PRESENT_FORMAT_A16R16G16B16F,
                             .width = w,
                             .height = h,
                             .tiled = true,
                             .flip_count = 1};
  struct display_frame fl = ft;
  fl.pixels = linear;
  fl.tiled = false;
  fl.pitch_pixels = w;
  assert_true(display_present(dpy, &ft, pa, 1));
  assert_true(display_present(dpy, &fl, pb, 1));
  size_t na, nb;
  char *da = test_file_read(a, &na), *db = test_file_read(b, &nb);
  assert_non_null(da);
  assert_non_null(db);
  assert_int_equal(na, nb);
  assert_memory_equal(da, db, na);
  free(da);
  free(db);
  free(tiled);
  free(linear);
  free(map);
}

/* Decodes a 16-bit RGB PNG into host-order samples; NULL when it is not one. */
static uint16_t *read_png_rgb16(const char *path, uint32_t *w, uint32_t *h) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  uint16_t *volatile px = NULL;
  if (!info || setjmp(png_jmpbuf(png))) {
    free(px);
    px = NULL;
    goto done;
  }
  png_init_io(png, f);
  png_read_png(png, info, PNG_TRANSFORM_IDENTITY, NULL);
  if (png_get_bit_depth(png, info) != 16 || png_get_color_type(png, info) != PNG_COLOR_TYPE_RGB)
    goto done;
  *w = png_get_image_width(png, info);
  *h = png_get_image_height(png, info);
  png_bytepp rows = png_get_rows(png, info);
  px = malloc((size_t)*w * *h * 6);
  for (uint32_t y = 0; y < *h; y++)
    for (uint32_t i = 0; i < *w * 3; i++)
      px[(size_t)y * *w * 3 + i] = (uint16_t)(rows[y][2 * i] << 8 | rows[y][2 * i + 1]);
done:
  png_destroy_read_struct(png ? &png : NULL, info ? &info : NULL, NULL);
  fclose(f);
  return px;
}

/* The element the attribute-2 formats with red in the low bits hold for pattern(x, y):
 * R10G10B10A2 (red bits 0-9, green 10-19, blue 20-29, alpha 30-31) from the pattern's 8-bit
 * channels as v << 2 | v >> 6, or R16G16B16A16_FLOAT (red, green, blue, alpha halves from bit
 * 0) as v / 256. */
static uint32_t rgb10a2_of(uint32_t p) {
  uint32_t r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
  r = r << 2 | r >> 6;
  g = g << 2 | g >> 6;
  b = b << 2 | b >> 6;
  return 3u << 30 | b << 20 | g << 10 | r;
}

/* A tiled frame of FORMAT (4 or 8 bytes an element: ELEMENT writes it) presented headless:
 * the 16-bit PNG holds, for each pixel, WANT's red, green, blue. */
static void tiled_deep(enum present_format format, uint32_t bpe, uint32_t w, uint32_t h,
                       void (*element)(uint32_t p, void *out),
                       void (*want)(uint32_t p, uint16_t rgb[3])) {
  if (!dpy) skip_because("no Vulkan device");
  uint32_t *map = golden_map(bpe, w, h);
  struct tiling_layout l = scanout_layout(bpe, w, h);
  uint8_t *tiled = aligned_buffer(l.size);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) element(pattern(x, y), tiled + map[y * w + x]);
  char path[256];
  snprintf(path, sizeof path, "%s/deep_%d.png", tmpdir, (int)format);
  const char *png[] = {path};
  struct display_frame f = {
      .pixels = tiled, .format = format, .width = w, .height = h, .tiled = true, .flip_count = 1};
  assert_true(display_present(dpy, &f, png, 1));
  uint32_t pw = 0, ph = 0;
  uint16_t *px = read_png_rgb16(path, &pw, &ph);
  assert_non_null(px);
  assert_int_equal(pw, w);
  assert_int_equal(ph, h);
  for (uint32_t y = 0; y < h; y++)
    for (uint32_t x = 0; x < w; x++) {
      uint16_t rgb[3];
      want(pattern(x, y), rgb);
      const uint16_t *q = px + ((size_t)y * w + x) * 3;
      if (q[0] != rgb[0] || q[1] != rgb[1] || q[2] != rgb[2])
        fail_msg("pixel (%u,%u) is %04x %04x %04x, want %04x %04x %04x", x, y, q[0], q[1], q[2],
                 rgb[0], rgb[1], rgb[2]);
    }
  free(px);
  free(tiled);
  free(map);
}

static void rgb10a2_element(uint32_t p, void *out) {
  uint32_t v = rgb10a2_of(p);
  memcpy(out, &v, 4);
}

/* A 10-bit value v in a 16-bit PNG: v << 6 | v >> 4 (present.h). */
static void rgb10a2_want(uint32_t p, uint16_t rgb[3]) {
  uint32_t v = rgb10a2_of(p), c[3] = {v & 0x3ff, (v >> 10) & 0x3ff, (v >> 20) & 0x3ff};
  for (int k = 0; k < 3; k++) rgb[k] = (uint16_t)(c[k] << 6 | c[k] >> 4);
}

static void rgba16f_element(uint32_t p, void *out) {
  uint64_t v = (uint64_t)half_of((p >> 16) & 0xff) | (uint64_t)half_of((p >> 8) & 0xff) << 16 |
               (uint64_t)half_of(p & 0xff) << 32 | (uint64_t)0x3C00 << 48;
  memcpy(out, &v, 8);
}

/* v / 256 in [0, 1] scaled to 65535, rounded: (v * 65535 + 128) / 256. */
static void rgba16f_want(uint32_t p, uint16_t rgb[3]) {
  uint32_t c[3] = {(p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff};
  for (int k = 0; k < 3; k++) rgb[k] = (uint16_t)((c[k] * 65535u + 128) / 256);
}

/* Video out's R10G10B10A2 formats (red in the low bits) through the GPU detile and the PNG. */
static void test_tiled_rgb10a2(void **state) {
  (void)state;
  tiled_deep(PRESENT_FORMAT_A2B10G10R10, 4, 200, 120, rgb10a2_element, rgb10a2_want);
}

/* Video out's R16G16B16A16_FLOAT formats (red in the low half) likewise. */
static void test_tiled_rgba16f(void **state) {
  (void)state;
  tiled_deep(PRESENT_FORMAT_A16B16G16R16F, 8, 64, 64, rgba16f_element, rgba16f_want);
}

static void test_letterbox(void **state) {
  (void)state;
  struct display_rect r = display_letterbox(1920, 1080, 1920, 1080);
  assert_true(r.x == 0 && r.y == 0 && r.w == 1920 && r.h == 1080);
  r = display_letterbox(1920, 1080, 1000, 1000); /* taller window: bars above and below */
  assert_true(r.x == 0 && r.w == 1000 && r.h == 563 && r.y == 218);
  r = display_letterbox(1920, 1080, 2000, 900); /* wider window: bars left and right */
  assert_true(r.y == 0 && r.h == 900 && r.w == 1600 && r.x == 200);
  r = display_letterbox(640, 480, 640, 360);
  assert_true(r.h == 360 && r.w == 480 && r.x == 80 && r.y == 0);
  r = display_letterbox(1920, 1080, 1, 1); /* never an empty rectangle */
  assert_true(r.w == 1 && r.h == 1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_letterbox),        cmocka_unit_test(test_tiled_256),
      cmocka_unit_test(test_tiled_200x120),    cmocka_unit_test(test_linear_pitch),
      cmocka_unit_test(test_tiled_half_float), cmocka_unit_test(test_forget_range),
      cmocka_unit_test(test_tiled_rgb10a2),    cmocka_unit_test(test_tiled_rgba16f),
  };
  return test_skip_status(cmocka_run_group_tests(tests, setup, teardown));
}
