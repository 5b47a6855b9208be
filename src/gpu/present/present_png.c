/* PNG output of scan-out images with libpng, one row converted at a time. */
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errmsg.h"
#include "gpu/present/present.h"

static float half_to_float(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  float v = e == 0    ? ldexpf((float)m, -24)
            : e == 31 ? (m ? NAN : INFINITY)
                      : ldexpf((float)(m | 0x400), e - 25);
  return (h & 0x8000) ? -v : v;
}

static uint16_t unorm16(float f) {
  if (!(f > 0.0f)) return 0; /* also NaN */
  if (f >= 1.0f) return 65535;
  return (uint16_t)lrintf(f * 65535.0f);
}

static void put16(uint8_t *p, uint16_t v) { /* PNG samples are big-endian */
  p[0] = (uint8_t)(v >> 8);
  p[1] = (uint8_t)v;
}

static void convert_row(const struct present_image *img, uint32_t y, uint8_t *out) {
  if (img->format == PRESENT_FORMAT_A16R16G16B16F || img->format == PRESENT_FORMAT_A16B16G16R16F) {
    const uint64_t *row = (const uint64_t *)img->pixels + (size_t)y * img->pitch_pixels;
    unsigned r = img->format == PRESENT_FORMAT_A16R16G16B16F ? 32 : 0, b = 32 - r;
    for (uint32_t x = 0; x < img->width; x++) {
      uint64_t w = row[x];
      put16(out + x * 6, unorm16(half_to_float((uint16_t)(w >> r))));
      put16(out + x * 6 + 2, unorm16(half_to_float((uint16_t)(w >> 16))));
      put16(out + x * 6 + 4, unorm16(half_to_float((uint16_t)(w >> b))));
    }
    return;
  }
  const uint32_t *row = (const uint32_t *)img->pixels + (size_t)y * img->pitch_pixels;
  for (uint32_t x = 0; x < img->width; x++) {
    uint32_t w = row[x];
    switch (img->format) {
      case PRESENT_FORMAT_A8R8G8B8:
        out[x * 3] = (uint8_t)(w >> 16);
        out[x * 3 + 1] = (uint8_t)(w >> 8);
        out[x * 3 + 2] = (uint8_t)w;
        break;
      case PRESENT_FORMAT_A8B8G8R8:
        out[x * 3] = (uint8_t)w;
        out[x * 3 + 1] = (uint8_t)(w >> 8);
        out[x * 3 + 2] = (uint8_t)(w >> 16);
        break;
      default: { /* A2R10G10B10, A2B10G10R10 */
        unsigned r = img->format == PRESENT_FORMAT_A2R10G10B10 ? 20 : 0, b = 20 - r;
        uint32_t c[3] = {(w >> r) & 0x3ff, (w >> 10) & 0x3ff, (w >> b) & 0x3ff};
        for (int k = 0; k < 3; k++) put16(out + x * 6 + k * 2, (uint16_t)(c[k] << 6 | c[k] >> 4));
      }
    }
  }
}

bool present_write_png(const char *path, const struct present_image *img, char *err, size_t cap) {
  if (!img || !img->pixels || !img->width || !img->height || img->pitch_pixels < img->width)
    return errmsg_fail(err, cap, "present: bad image for %s", path);
  bool deep = img->format != PRESENT_FORMAT_A8R8G8B8 && img->format != PRESENT_FORMAT_A8B8G8R8;
  FILE *f = fopen(path, "wb");
  if (!f) return errmsg_fail(err, cap, "present: cannot create %s: %s", path, strerror(errno));
  uint8_t *row = malloc((size_t)img->width * (deep ? 6 : 3));
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  volatile bool ok = false; /* read after a longjmp from libpng */
  if (!row || !info) goto done;
  if (setjmp(png_jmpbuf(png))) goto done;
  png_init_io(png, f);
  png_set_compression_level(png, 1); /* dumps are frequent: favour speed */
  png_set_IHDR(png, info, img->width, img->height, deep ? 16 : 8, PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (uint32_t y = 0; y < img->height; y++) {
    convert_row(img, y, row);
    png_write_row(png, row);
  }
  png_write_end(png, NULL);
  ok = true;
done:
  png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
  free(row);
  if (fclose(f) != 0) ok = false;
  if (!ok) return errmsg_fail(err, cap, "present: cannot write %s", path);
  return true;
}
