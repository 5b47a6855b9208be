/* Flipped frames to PNG files. Runs on video out's presenter thread: the frame stays on
 * screen (the next flip waits) while it is written, so the guest cannot overwrite it. Linear
 * buffers only: a tiled scan-out buffer is logged once and skipped (detiling it needs the
 * console's display tiling mode, not wired yet). A blank flip writes nothing. */
#include "frames.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "common/log.h"
#include "gpu/present/present.h"
#include "hle/libSceVideoOut/videoout.h"

static const char *dump_dir;
static unsigned long long shot_at;
static const char *shot_file;

static bool format_of(uint32_t pixel_format, enum present_format *out) {
  switch (pixel_format) {
    case VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB: *out = PRESENT_FORMAT_A8R8G8B8; return true;
    case VIDEOOUT_PIXEL_FORMAT_A8B8G8R8_SRGB: *out = PRESENT_FORMAT_A8B8G8R8; return true;
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10:
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_SRGB:
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_BT2020_PQ:
      *out = PRESENT_FORMAT_A2R10G10B10;
      return true;
    case VIDEOOUT_PIXEL_FORMAT_A16R16G16B16_FLOAT: *out = PRESENT_FORMAT_A16R16G16B16F; return true;
    default: return false;
  }
}

static void write_png(const char *path, const struct present_image *img) {
  char err[256];
  if (!present_write_png(path, img, err, sizeof err)) LOG(present, ERROR, "%s", err);
}

static void present_frame(void *ctx, const struct videoout_frame *f) {
  (void)ctx;
  bool dump = dump_dir != NULL, shot = shot_file && f->flip_count == shot_at;
  if (!f->address || (!dump && !shot)) return;
  if (f->tiling_mode != VIDEOOUT_TILING_MODE_LINEAR) {
    LOG_ONCE(present, WARN, "frames: tiled scan-out buffers are not written yet (frame %llu)",
             (unsigned long long)f->flip_count);
    return;
  }
  struct present_image img = {.pixels = f->address,
                              .width = f->width,
                              .height = f->height,
                              .pitch_pixels = f->pitch_in_pixel};
  if (!format_of(f->pixel_format, &img.format)) return;
  if (dump) {
    char path[4096];
    snprintf(path, sizeof path, "%s/frame_%06llu.png", dump_dir, (unsigned long long)f->flip_count);
    write_png(path, &img);
  }
  if (shot) write_png(shot_file, &img);
}

bool app_frames_setup(const struct app_options *opt) {
  if (opt->vblank_hz_count) {
    char *end;
    unsigned long hz = strtoul(opt->vblank_hz[0], &end, 10);
    if (*end || end == opt->vblank_hz[0] || !videoout_set_vblank_hz((unsigned)hz)) {
      fprintf(stderr, "prospero: --vblank-hz: '%s' is not a rate of 1..1000 Hz\n",
              opt->vblank_hz[0]);
      return false;
    }
  }
  if (opt->dump_frames_count) {
    dump_dir = opt->dump_frames[0];
    if (mkdir(dump_dir, 0777) != 0 && errno != EEXIST) {
      fprintf(stderr, "prospero: --dump-frames: cannot create '%s'\n", dump_dir);
      return false;
    }
  }
  if (opt->screenshot_at_count) {
    char *end;
    shot_at = strtoull(opt->screenshot_at[0], &end, 10);
    if (*end || end == opt->screenshot_at[0] || shot_at == 0) {
      fprintf(stderr, "prospero: --screenshot-at: '%s' is not a frame number (from 1)\n",
              opt->screenshot_at[0]);
      return false;
    }
    shot_file = opt->screenshot_at_second[0];
  }
  if (!opt->headless_count) LOG(present, INFO, "no window yet: running headless");
  if (dump_dir || shot_file) {
    static const struct videoout_present_ops ops = {.present = present_frame};
    videoout_set_present_ops(&ops);
  }
  return true;
}
