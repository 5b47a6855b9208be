/* Flipped frames to the window and PNG files. Runs on video out's presenter thread: the
 * frame stays on screen (the next flip waits) while it is shown or written, so the guest
 * cannot overwrite it. The GPU scan-out (gpu/display: the window, tiled buffers detiled by the
 * compute tiler) is in the full build; the UBSan build of prospero (src/app/CMakeLists.txt)
 * writes linear buffers with the CPU and logs tiled ones once. A blank flip writes nothing. */
#include "frames.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/log.h"
#include "gpu/present/present.h"
#include "gpu_bridge.h"
#include "gpu_guard.h"
#include "hle/libSceVideoOut/videoout.h"
#include "kernel/guest_vm.h"
#include "kernel/title.h"
#ifdef PROSPERO_APP_COMPUTE
#include "gpu/display/display.h"
#endif

static const char *dump_dir;
static unsigned long long shot_at;
static const char *shot_file;
static bool want_window, want_fullscreen;
#ifdef PROSPERO_APP_COMPUTE
static struct display *the_display;
static bool display_failed;
#endif

/* The presenter's layout of frame F's pixel format (the 32-bit one, else the attribute-2
 * one: docs/videoout.md). */
static bool format_of(const struct videoout_frame *f, enum present_format *out) {
  switch (f->pixel_format) {
    case VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB: *out = PRESENT_FORMAT_A8R8G8B8; return true;
    case VIDEOOUT_PIXEL_FORMAT_A8B8G8R8_SRGB: *out = PRESENT_FORMAT_A8B8G8R8; return true;
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10:
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_SRGB:
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_BT2020_PQ:
      *out = PRESENT_FORMAT_A2R10G10B10;
      return true;
    case VIDEOOUT_PIXEL_FORMAT_A16R16G16B16_FLOAT: *out = PRESENT_FORMAT_A16R16G16B16F; return true;
    default: break;
  }
  switch (f->pixel_format2) {
    case VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2:
    case VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2_SRGB:
    case VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2_BT2100_PQ:
      *out = PRESENT_FORMAT_A2B10G10R10;
      return true;
    case VIDEOOUT_PIXEL_FORMAT2_R16G16B16A16_FLOAT:
    case VIDEOOUT_PIXEL_FORMAT2_R16G16B16A16_FLOAT_BT2100_PQ:
      *out = PRESENT_FORMAT_A16B16G16R16F;
      return true;
    case VIDEOOUT_PIXEL_FORMAT2_B16G16R16A16_FLOAT_BT2100_PQ:
      *out = PRESENT_FORMAT_A16R16G16B16F;
      return true;
    default: return false;
  }
}

static void write_png(const char *path, const struct present_image *img) {
  char err[256];
  if (!present_write_png(path, img, err, sizeof err)) LOG(present, ERROR, "%s", err);
}

#ifdef PROSPERO_APP_COMPUTE
/* The GPU path: the window (made at start) or, headless, a device made at the first frame
 * that needs one. False when there is none (the CPU path then writes what it can). */
static bool display_frame(const struct videoout_frame *f, const char *const *png, unsigned n) {
  if (!the_display && !display_failed) {
    char err[256];
    __atomic_store_n(&the_display,
                     display_create(&(struct display_options){.window = false}, err, sizeof err),
                     __ATOMIC_RELEASE);
    if (!the_display) {
      display_failed = true;
      LOG(present, ERROR, "%s: tiled frames are not written", err);
    }
  }
  if (!the_display) return false;
  struct display_frame df = {.pixels = f->address,
                             .width = f->width,
                             .height = f->height,
                             .pitch_pixels = f->pitch_in_pixel,
                             .tiled = f->tiling_mode == VIDEOOUT_TILING_MODE_TILE,
                             .flip_count = f->flip_count};
  if (!format_of(f, &df.format)) return true;
  display_present(the_display, &df, png, n);
  return true;
}
#endif

/* The bytes of F's buffer: pitch x height pixels, or whole 64 KiB tiles of 128 x 128 pixels
 * (128 x 64 at 8 bytes a pixel) for a tiled one. */
static uint64_t frame_bytes(const struct videoout_frame *f) {
  uint64_t bpp = f->pixel_format == VIDEOOUT_PIXEL_FORMAT_A16R16G16B16_FLOAT ? 8 : 4;
  if (f->tiling_mode != VIDEOOUT_TILING_MODE_TILE)
    return (uint64_t)f->pitch_in_pixel * f->height * bpp;
  uint64_t bh = bpp == 8 ? 64 : 128;
  return ((f->width + 127) / 128) * ((f->height + bh - 1) / bh) * 65536u;
}

static void show_frame(const struct videoout_frame *f);

/* The frame's buffer stays mapped while it is read (app/gpu_guard.h): a guest unmap of it
 * waits until the frame is shown; a buffer the guest unmapped before is not read. */
static void present_frame(void *ctx, const struct videoout_frame *f) {
  (void)ctx;
  if (!f->address) return;
  struct app_gpu_guard *g = app_gpu_guard();
  uint64_t lo = (uint64_t)(uintptr_t)f->address, hi = lo + frame_bytes(f);
  for (;;) {
    uint64_t epoch = app_gpu_guard_epoch(g);
    if (!app_gpu_mem_map(NULL, lo, hi - lo, false)) {
      LOG(present, GAME_ERROR,
          "frames: frame %llu: its buffer at 0x%llx is no longer mapped: not shown",
          (unsigned long long)f->flip_count, (unsigned long long)lo);
      return;
    }
    if (app_gpu_guard_use_begin(g, lo, hi, epoch)) break;
  }
  show_frame(f);
  app_gpu_guard_use_end(g, lo, hi);
}

static void show_frame(const struct videoout_frame *f) {
  bool dump = dump_dir != NULL, shot = shot_file && f->flip_count == shot_at;
#ifdef PROSPERO_APP_COMPUTE
  char dump_path[4096];
  const char *png[2];
  unsigned n = 0;
  if (dump) {
    snprintf(dump_path, sizeof dump_path, "%s/frame_%06llu.png", dump_dir,
             (unsigned long long)f->flip_count);
    png[n++] = dump_path;
  }
  if (shot) png[n++] = shot_file;
  bool gpu = the_display && display_has_window(the_display);
  if ((gpu || f->tiling_mode == VIDEOOUT_TILING_MODE_TILE) && (gpu || n) &&
      display_frame(f, png, n))
    return;
#endif
  if (!dump && !shot) return;
  if (f->tiling_mode != VIDEOOUT_TILING_MODE_LINEAR) {
    LOG_ONCE(present, WARN, "frames: tiled scan-out buffers are not written yet (frame %llu)",
             (unsigned long long)f->flip_count);
    return;
  }
  struct present_image img = {.pixels = f->address,
                              .width = f->width,
                              .height = f->height,
                              .pitch_pixels = f->pitch_in_pixel};
  if (!format_of(f, &img.format)) return;
  if (dump) {
    char path[4096];
    snprintf(path, sizeof path, "%s/frame_%06llu.png", dump_dir, (unsigned long long)f->flip_count);
    write_png(path, &img);
  }
  if (shot) write_png(shot_file, &img);
}

/* The memory map's unmap observer (any guest thread): video out's registered buffers in the
 * range leave their slots and the display drops its imports of it, so memory the guest
 * unmapped is never scanned out (docs/videoout.md). */
static void on_guest_unmap(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  videoout_forget_range(addr, size);
#ifdef PROSPERO_APP_COMPUTE
  struct display *d = __atomic_load_n(&the_display, __ATOMIC_ACQUIRE);
  if (d) display_forget_range(d, addr, size);
#endif
}

bool app_frames_setup(const struct app_options *opt) {
  guest_vm_add_unmap_observer(on_guest_unmap, NULL);
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
  const char *x11 = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
  bool have_display = (x11 && *x11) || (wl && *wl);
  want_fullscreen = opt->fullscreen_count > 0;
  want_window = !opt->headless_count && have_display;
  if (!opt->headless_count && !have_display)
    LOG(present, INFO, "no display (DISPLAY and WAYLAND_DISPLAY unset): running headless");
  if (want_fullscreen && !want_window) LOG(present, WARN, "--fullscreen without a window: ignored");
  if (dump_dir || shot_file || want_window) {
    static const struct videoout_present_ops ops = {.present = present_frame};
    videoout_set_present_ops(&ops);
  }
  return true;
}

#ifdef PROSPERO_APP_COMPUTE
/* The close button ends the guest as the console's close does: no guest code runs after it
 * (its atexit handlers and destructors do not run), the log says so, the exit status is 0. */
static void on_window_closed(void *ctx) {
  (void)ctx;
  LOG(core, INFO, "window closed: ending the guest (exit status 0)");
  fflush(NULL);
  log_close();
  _exit(0);
}
#endif

void app_frames_start(void) {
  if (!want_window) return;
#ifdef PROSPERO_APP_COMPUTE
  char err[256];
  struct display_options o = {.window = true,
                              .fullscreen = want_fullscreen,
                              .title = title_get()->title_id,
                              .width = 1280,
                              .height = 720,
                              .on_close = on_window_closed};
  __atomic_store_n(&the_display, display_create(&o, err, sizeof err), __ATOMIC_RELEASE);
  if (!the_display) LOG(present, WARN, "%s: running headless", err);
#else
  LOG(present, INFO, "this build has no window (sanitizer build): running headless");
#endif
}
