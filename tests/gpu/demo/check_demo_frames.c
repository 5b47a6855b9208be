/* check_demo_frames DIR W H N: the PNG files DIR/frame_000001.png .. frame_N.png that
 * `prospero --dump-frames DIR` wrote for the GPU demo (guests/gpu_demo) must be, bit for bit,
 * the demo's frames 0 .. N-1 as its shader defines them (the formula below, written here from
 * the shader's instructions, not taken from any output): pixel (x, y) of frame T is
 *   R = (x + 4T) & 0xFF, G = (y + 2T) & 0xFF, B = ((x ^ y) + T) & 0xFF.
 * Exit 0 when all match, 1 with the first differences otherwise. */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void want_rgb(uint32_t x, uint32_t y, uint32_t t, uint8_t out[3]) {
  out[0] = (uint8_t)(x + 4 * t);
  out[1] = (uint8_t)(y + 2 * t);
  out[2] = (uint8_t)((x ^ y) + t);
}

int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: check_demo_frames DIR W H N\n");
    return 2;
  }
  uint32_t w = (uint32_t)atoi(argv[2]), h = (uint32_t)atoi(argv[3]);
  int n = atoi(argv[4]), bad_frames = 0;
  for (int k = 1; k <= n; k++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/frame_%06d.png", argv[1], k);
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, path)) {
      printf("%s: cannot read (%s)\n", path, img.message);
      bad_frames++;
      continue;
    }
    if (img.width != w || img.height != h || img.format != PNG_FORMAT_RGB) {
      printf("%s: %ux%u format %u, want %ux%u RGB\n", path, img.width, img.height, img.format, w,
             h);
      png_image_free(&img);
      bad_frames++;
      continue;
    }
    uint8_t *px = malloc(PNG_IMAGE_SIZE(img));
    if (!px || !png_image_finish_read(&img, NULL, px, 0, NULL)) {
      printf("%s: cannot decode\n", path);
      free(px);
      bad_frames++;
      continue;
    }
    long bad = 0;
    for (uint32_t y = 0; y < h; y++)
      for (uint32_t x = 0; x < w; x++) {
        uint8_t want[3];
        const uint8_t *got = px + ((size_t)y * w + x) * 3;
        want_rgb(x, y, (uint32_t)(k - 1), want);
        if (memcmp(got, want, 3) && bad++ < 3)
          printf("%s: pixel (%u,%u) is %02x%02x%02x, want %02x%02x%02x\n", path, x, y, got[0],
                 got[1], got[2], want[0], want[1], want[2]);
      }
    free(px);
    if (bad) {
      printf("%s: %ld pixels differ\n", path, bad);
      bad_frames++;
    }
  }
  if (bad_frames) return 1;
  printf("%d frames of %ux%u: bit exact\n", n, w, h);
  return 0;
}
