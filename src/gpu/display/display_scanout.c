/* Scan-out on the GPU (display.h): guest buffers imported into Vulkan, tiled ones detiled by
 * the compute tiler; the headless path (PNG files) and the shared entry points. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/errmsg.h"
#include "common/log.h"
#include "gpu/display/display_internal.h"
#include "gpu/tiling/tiling.h"

uint32_t display_bytes_per_pixel(enum present_format f) {
  return f == PRESENT_FORMAT_A16R16G16B16F || f == PRESENT_FORMAT_A16B16G16R16F ? 8 : 4;
}

struct display_rect display_letterbox(uint32_t fw, uint32_t fh, uint32_t ww, uint32_t wh) {
  struct display_rect r = {0, 0, ww, wh};
  if (!fw || !fh || !ww || !wh) return r;
  /* the frame's aspect: width / height; wider window -> bars left and right */
  if ((uint64_t)ww * fh > (uint64_t)wh * fw) {
    r.w = (uint32_t)(((uint64_t)wh * fw + fh / 2) / fh);
    if (!r.w) r.w = 1;
  } else {
    r.h = (uint32_t)(((uint64_t)ww * fh + fw / 2) / fw);
    if (!r.h) r.h = 1;
  }
  r.x = (int32_t)((ww - r.w) / 2);
  r.y = (int32_t)((wh - r.h) / 2);
  return r;
}

static bool surface_layout(const struct display_frame *f, struct tiling_layout *l) {
  struct tiling_surface s = {.mode = DISPLAY_TILED_MODE,
                             .bpe = display_bytes_per_pixel(f->format),
                             .width = f->width,
                             .height = f->height,
                             .depth = 1,
                             .levels = 1,
                             .fragments = 1,
                             .dim = TILING_DIM_2D};
  return tiling_compute_layout(&s, l);
}

static uint64_t frame_bytes(const struct display_frame *f, const struct tiling_layout *l) {
  if (f->tiled) return l->size;
  uint64_t bpp = display_bytes_per_pixel(f->format);
  return ((uint64_t)f->pitch_pixels * (f->height - 1) + f->width) * bpp;
}

static bool ensure_buffer(struct display *d, struct vk_buffer *b, uint64_t size) {
  if (b->buffer && b->size >= size) return true;
  vk_buffer_destroy(d->dev, b);
  return vk_buffer_create(d->dev, size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST, b);
}

void display_forget_range(struct display *d, uint64_t addr, uint64_t size) {
  if (!d || !size) return;
  pthread_mutex_lock(&d->stats_lock);
  bool hit = false; /* only a span holding an import is queued */
  for (int i = 0; !hit && i < DISPLAY_SOURCES; i++)
    hit = d->src[i].size && addr < d->src[i].base + d->src[i].size && d->src[i].base < addr + size;
  if (hit && d->forget_n < DISPLAY_FORGET) {
    d->forget[d->forget_n].addr = addr;
    d->forget[d->forget_n].size = size;
    d->forget_n++;
  } else if (hit) {
    d->forget_all = true;
  }
  pthread_mutex_unlock(&d->stats_lock);
}

/* Drops the imports of the spans display_forget_range queued (on the recording thread,
 * which owns src[]; the frames recorded before have completed). */
static void drop_forgotten(struct display *d) {
  pthread_mutex_lock(&d->stats_lock);
  for (int i = 0; (d->forget_n || d->forget_all) && i < DISPLAY_SOURCES; i++) {
    struct display_source *s = &d->src[i];
    if (!s->buf.buffer) continue;
    bool hit = d->forget_all;
    for (unsigned k = 0; !hit && k < d->forget_n; k++)
      hit =
          d->forget[k].addr < s->base + s->size && s->base < d->forget[k].addr + d->forget[k].size;
    if (!hit || !s->size) continue;
    vk_buffer_destroy(d->dev, &s->buf);
    *s = (struct display_source){0};
    d->stats.imports_dropped++;
  }
  d->forget_n = 0;
  d->forget_all = false;
  pthread_mutex_unlock(&d->stats_lock);
}

/* The guest range [P, P+SIZE) as a GPU buffer: an import of the pages around it (kept for
 * the next frames), or a staging copy. *OFFSET: where P lies in it. */
static const struct vk_buffer *source_of(struct display *d, const void *p, uint64_t size,
                                         uint64_t *offset) {
  drop_forgotten(d);
  uint64_t align = vk_device_host_import_alignment(d->dev);
  if (align) {
    uintptr_t base = (uintptr_t)p / align * align;
    uint64_t len = ((uintptr_t)p + size - base + align - 1) / align * align;
    struct display_source *victim = &d->src[0];
    for (int i = 0; i < DISPLAY_SOURCES; i++) {
      struct display_source *s = &d->src[i];
      if (s->buf.buffer && s->base == base && s->size == len) {
        s->last_use = ++d->use_clock;
        *offset = (uintptr_t)p - base;
        pthread_mutex_lock(&d->stats_lock);
        d->stats.imported++;
        pthread_mutex_unlock(&d->stats_lock);
        return &s->buf;
      }
      if (!s->buf.buffer || s->last_use < victim->last_use) victim = s;
    }
    if (victim->buf.buffer) vk_buffer_destroy(d->dev, &victim->buf);
    pthread_mutex_lock(&d->stats_lock); /* base and size are read by display_forget_range */
    victim->base = 0;
    victim->size = 0;
    pthread_mutex_unlock(&d->stats_lock);
    if (vk_buffer_import_host(d->dev, (void *)base, len, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                              &victim->buf)) {
      victim->last_use = ++d->use_clock;
      *offset = (uintptr_t)p - base;
      pthread_mutex_lock(&d->stats_lock);
      victim->base = base;
      victim->size = len;
      d->stats.imported++;
      d->stats.imports_made++;
      pthread_mutex_unlock(&d->stats_lock);
      return &victim->buf;
    }
  }
  LOG_ONCE(present, WARN,
           "display: guest memory cannot be imported by %s: one CPU copy per "
           "frame",
           vk_device_name(d->dev));
  if (!ensure_buffer(d, &d->staging, size)) return NULL;
  memcpy(d->staging.mapped, p, size);
  *offset = 0;
  pthread_mutex_lock(&d->stats_lock);
  d->stats.copied++;
  pthread_mutex_unlock(&d->stats_lock);
  return &d->staging;
}

bool display_scanout_record(struct display *d, VkCommandBuffer cb, const struct display_frame *f,
                            struct display_linear *out) {
  struct tiling_layout l;
  if (f->tiled && !surface_layout(f, &l)) {
    LOG(present, ERROR, "display: no SW_64KB_R_X layout for a %ux%u frame", f->width, f->height);
    return false;
  }
  uint64_t off, size = frame_bytes(f, &l);
  const struct vk_buffer *src = source_of(d, f->pixels, size, &off);
  if (!src) return false;
  if (!f->tiled) {
    *out = (struct display_linear){
        .buf = src, .offset = off, .row_pixels = f->pitch_pixels, .host = f->pixels};
    return true;
  }
  if (!ensure_buffer(d, &d->linear, l.linear_size)) return false;
  if (!vk_tiler_cmd_detile(d->tiler, cb, &l, src, off, &d->linear, 0)) return false;
  vk_cmd_barrier(cb);
  VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT,
                        .dstAccessMask = VK_ACCESS_HOST_READ_BIT};
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                       &mb, 0, NULL, 0, NULL);
  pthread_mutex_lock(&d->stats_lock);
  d->stats.gpu_detiles++;
  pthread_mutex_unlock(&d->stats_lock);
  *out = (struct display_linear){
      .buf = &d->linear, .offset = 0, .row_pixels = f->width, .host = d->linear.mapped};
  return true;
}

bool display_write_pngs(const struct display_frame *f, const struct display_linear *l,
                        const char *const *png, unsigned n_png) {
  bool ok = true;
  struct present_image img = {.pixels = l->host,
                              .format = f->format,
                              .width = f->width,
                              .height = f->height,
                              .pitch_pixels = l->row_pixels};
  for (unsigned i = 0; i < n_png; i++) {
    char err[256];
    if (!png[i]) continue;
    if (!present_write_png(png[i], &img, err, sizeof err)) {
      LOG(present, ERROR, "%s", err);
      ok = false;
    }
  }
  return ok;
}

void display_scanout_release(struct display *d) {
  for (int i = 0; i < DISPLAY_SOURCES; i++) vk_buffer_destroy(d->dev, &d->src[i].buf);
  vk_buffer_destroy(d->dev, &d->linear);
  vk_buffer_destroy(d->dev, &d->staging);
}

static bool headless_present(struct display *d, const struct display_frame *f,
                             const char *const *png, unsigned n_png) {
  if (!n_png) return true;
  if (!f->tiled) { /* the PNG encoder reads the guest buffer itself: nothing for the GPU */
    struct display_linear l = {.row_pixels = f->pitch_pixels, .host = f->pixels};
    return display_write_pngs(f, &l, png, n_png);
  }
  VkCommandBuffer cb = vk_device_begin(d->dev);
  struct display_linear l;
  if (cb == VK_NULL_HANDLE) return false;
  if (!display_scanout_record(d, cb, f, &l)) {
    vk_device_submit_wait(d->dev, cb); /* frees it */
    return false;
  }
  if (!vk_device_submit_wait(d->dev, cb)) return false;
  return display_write_pngs(f, &l, png, n_png);
}

bool display_present(struct display *d, const struct display_frame *f, const char *const *png,
                     unsigned n_png) {
  if (!f->pixels || !f->width || !f->height || (!f->tiled && f->pitch_pixels < f->width)) {
    LOG(present, ERROR, "display: bad frame %llu (%ux%u, pitch %u)",
        (unsigned long long)f->flip_count, f->width, f->height, f->pitch_pixels);
    return false;
  }
  bool ok = d->win ? display_window_present(d, f, png, n_png) : headless_present(d, f, png, n_png);
  pthread_mutex_lock(&d->stats_lock);
  d->stats.frames++;
  pthread_mutex_unlock(&d->stats_lock);
  return ok;
}

struct display *display_create(const struct display_options *o, char *err, size_t cap) {
  struct display *d = calloc(1, sizeof *d);
  if (!d) {
    errmsg_fail(err, cap, "display: out of memory");
    return NULL;
  }
  d->opt = *o;
  pthread_mutex_init(&d->stats_lock, NULL);
  if (o->window) {
    if (!display_window_create(d, err, cap)) {
      pthread_mutex_destroy(&d->stats_lock);
      free(d);
      return NULL;
    }
    return d;
  }
  d->dev = vk_device_create(&(struct vk_device_options){.app_name = "prospero display"});
  d->tiler = d->dev ? vk_tiler_create(d->dev) : NULL;
  if (!d->tiler) {
    errmsg_fail(err, cap, "display: no Vulkan device for the scan-out");
    display_destroy(d);
    return NULL;
  }
  return d;
}

void display_destroy(struct display *d) {
  if (!d) return;
  if (d->win) {
    display_window_destroy(d); /* releases the scan-out and the device on its thread */
  } else if (d->dev) {
    display_scanout_release(d);
    vk_tiler_destroy(d->tiler);
    vk_device_destroy(d->dev);
  }
  pthread_mutex_destroy(&d->stats_lock);
  free(d);
}

bool display_has_window(const struct display *d) { return d->win != NULL; }

void display_get_stats(const struct display *d, struct display_stats *out) {
  pthread_mutex_lock((pthread_mutex_t *)&d->stats_lock);
  *out = d->stats;
  pthread_mutex_unlock((pthread_mutex_t *)&d->stats_lock);
}
