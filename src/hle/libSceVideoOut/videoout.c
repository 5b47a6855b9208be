/* libSceVideoOut's functions: argument checks with the console's error codes, the port's
 * buffers and flip queue, event registration. The vblank and the flips themselves happen on
 * the vblank thread (videoout_vblank.c). One port: the main bus, handle 1. */
#include <inttypes.h>
#include <string.h>

#include "common/log.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libSceVideoOut/videoout_internal.h"
#include "kernel/kernel_errno.h"

pthread_mutex_t videoout_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t videoout_vblank_cond = PTHREAD_COND_INITIALIZER;
struct videoout_port videoout_port;

/* The port for HANDLE, or NULL; call with the lock held. */
static struct videoout_port *port_of(int32_t handle) {
  return handle == VIDEOOUT_MAIN_HANDLE && videoout_port.open ? &videoout_port : NULL;
}

int videoout_open(int32_t user_id, int32_t bus_type, int32_t index, const void *param) {
  (void)user_id; /* the system user 255 or a logged-in user: one display either way */
  if (bus_type != VIDEOOUT_BUS_TYPE_MAIN) {
    LOG(hle, WARN, "sceVideoOutOpen: bus type %d is not supported (main bus only)", bus_type);
    return VIDEOOUT_ERROR_INVALID_VALUE;
  }
  if (index != 0) return VIDEOOUT_ERROR_INVALID_VALUE;
  if (param) LOG_ONCE(hle, WARN, "sceVideoOutOpen: open parameters ignored");
  if (!videoout_labels_map())
    LOG_ONCE(hle, ERROR,
             "sceVideoOutOpen: no flip label page: flips from the command stream "
             "cannot be waited on");
  struct equeue_source *fs = videoout_source_create(VIDEOOUT_IDENT_FLIP);
  struct equeue_source *vs = videoout_source_create(VIDEOOUT_IDENT_VBLANK);
  pthread_mutex_lock(&videoout_lock);
  if (videoout_port.open || !fs || !vs) {
    bool busy = videoout_port.open;
    pthread_mutex_unlock(&videoout_lock);
    if (fs) equeue_source_destroy(fs);
    if (vs) equeue_source_destroy(vs);
    return busy ? VIDEOOUT_ERROR_RESOURCE_BUSY : VIDEOOUT_ERROR_INVALID_VALUE;
  }
  struct videoout_port *p = &videoout_port;
  memset(p, 0, sizeof *p);
  for (int i = 0; i < VIDEOOUT_BUFFERS_MAX; i++) p->slot[i].group = -1;
  p->flip.flip_arg = -1;
  p->flip.current_buffer = -1;
  p->flip_source = fs;
  p->vblank_source = vs;
  p->open = true;
  pthread_mutex_unlock(&videoout_lock);
  if (!videoout_threads_start()) {
    videoout_close(VIDEOOUT_MAIN_HANDLE);
    return VIDEOOUT_ERROR_INVALID_VALUE;
  }
  return VIDEOOUT_MAIN_HANDLE;
}

int videoout_close(int32_t handle) {
  pthread_mutex_lock(&videoout_lock);
  if (!port_of(handle)) {
    pthread_mutex_unlock(&videoout_lock);
    return VIDEOOUT_ERROR_INVALID_HANDLE;
  }
  pthread_mutex_unlock(&videoout_lock);
  videoout_threads_stop();
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = &videoout_port;
  struct equeue_source *fs = p->flip_source, *vs = p->vblank_source;
  p->open = false;
  p->flip_source = p->vblank_source = NULL;
  videoout_labels_clear_locked(); /* the queue is gone: no flip is pending */
  pthread_cond_broadcast(&videoout_vblank_cond);
  pthread_mutex_unlock(&videoout_lock);
  equeue_source_destroy(fs);
  equeue_source_destroy(vs);
  return 0;
}

void videoout_reset(void) { videoout_close(VIDEOOUT_MAIN_HANDLE); }

void videoout_set_buffer_attribute(struct videoout_buffer_attribute *attr, uint32_t pixel_format,
                                   uint32_t tiling_mode, uint32_t aspect_ratio, uint32_t width,
                                   uint32_t height, uint32_t pitch_in_pixel) {
  if (!attr) {
    LOG_ONCE(hle, GAME_ERROR, "sceVideoOutSetBufferAttribute: NULL attribute");
    return;
  }
  memset(attr, 0, sizeof *attr);
  attr->pixel_format = pixel_format;
  attr->tiling_mode = (int32_t)tiling_mode;
  attr->aspect_ratio = (int32_t)aspect_ratio;
  attr->width = width;
  attr->height = height;
  attr->pitch_in_pixel = pitch_in_pixel;
}

static bool pixel_format_known(uint32_t f) {
  switch (f) {
    case VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB:
    case VIDEOOUT_PIXEL_FORMAT_A8B8G8R8_SRGB:
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10:
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_SRGB:
    case VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_BT2020_PQ:
    case VIDEOOUT_PIXEL_FORMAT_A16R16G16B16_FLOAT: return true;
    default: return false;
  }
}

/* The checks after the pixel format's. */
static int check_layout(const struct videoout_buffer_attribute *a) {
  if (a->tiling_mode != VIDEOOUT_TILING_MODE_TILE && a->tiling_mode != VIDEOOUT_TILING_MODE_LINEAR)
    return VIDEOOUT_ERROR_INVALID_TILING_MODE;
  if (a->aspect_ratio != 0) return VIDEOOUT_ERROR_INVALID_ASPECT_RATIO;
  if (!a->width || !a->height || a->width > 7680 || a->height > 4320)
    return VIDEOOUT_ERROR_INVALID_RESOLUTION;
  if (a->pitch_in_pixel < a->width) return VIDEOOUT_ERROR_INVALID_PITCH;
  return 0;
}

static int check_attribute(const struct videoout_buffer_attribute *a) {
  if (a->reserved0 || a->reserved1) return VIDEOOUT_ERROR_INVALID_VALUE;
  if (!pixel_format_known(a->pixel_format)) return VIDEOOUT_ERROR_INVALID_PIXEL_FORMAT;
  return check_layout(a);
}

/* Registers NUM buffers from slot START into group G (-1: the first free one) with the
 * checked attribute ATTR; the group index, or an error. */
static int register_group(int32_t handle, int g, int32_t start, void *const *addresses, int32_t num,
                          const struct videoout_buffer_attribute *attr, uint64_t pixel_format2,
                          uint32_t bytes_per_pixel) {
  int r = 0;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  if (!p) {
    r = VIDEOOUT_ERROR_INVALID_HANDLE;
    goto out;
  }
  if (g < 0) {
    g = 0;
    while (g < VIDEOOUT_GROUPS_MAX && p->group[g].used) g++;
    if (g == VIDEOOUT_GROUPS_MAX) {
      r = VIDEOOUT_ERROR_NO_EMPTY_SLOT;
      goto out;
    }
  } else if (p->group[g].used) {
    r = VIDEOOUT_ERROR_SLOT_OCCUPIED;
    goto out;
  }
  for (int32_t i = 0; i < num; i++)
    if (p->slot[start + i].group >= 0) {
      r = VIDEOOUT_ERROR_SLOT_OCCUPIED;
      goto out;
    }
  p->group[g].used = true;
  p->group[g].attr = *attr;
  p->group[g].pixel_format2 = pixel_format2;
  p->group[g].bytes_per_pixel = bytes_per_pixel;
  for (int32_t i = 0; i < num; i++) {
    p->slot[start + i] = (struct videoout_slot){addresses[i], g};
    videoout_labels_sync_locked(p, start + i); /* a new buffer's label is 0 */
  }
  r = g;
out:
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

int videoout_register_buffers(int32_t handle, int32_t start, void *const *addresses, int32_t num,
                              const struct videoout_buffer_attribute *attr) {
  if (!addresses || !attr) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  if (start < 0 || num < 1 || start >= VIDEOOUT_BUFFERS_MAX || num > VIDEOOUT_BUFFERS_MAX - start)
    return VIDEOOUT_ERROR_INVALID_VALUE;
  for (int32_t i = 0; i < num; i++)
    if (!addresses[i]) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  int r = check_attribute(attr);
  if (r) return r;
  uint32_t bpp = attr->pixel_format == VIDEOOUT_PIXEL_FORMAT_A16R16G16B16_FLOAT ? 8 : 4;
  return register_group(handle, -1, start, addresses, num, attr, 0, bpp);
}

void videoout_set_buffer_attribute2(struct videoout_buffer_attribute2 *attr, uint64_t pixel_format,
                                    uint32_t tiling_mode, uint32_t width, uint32_t height,
                                    uint64_t option, uint32_t dcc_control,
                                    uint64_t dcc_cb_register_clear_color) {
  if (!attr) return;
  memset(attr, 0, sizeof *attr);
  attr->pixel_format = pixel_format;
  attr->tiling_mode = tiling_mode;
  attr->width = width;
  attr->height = height;
  attr->option = option;
  attr->dcc_control = dcc_control;
  attr->dcc_cb_register_clear_color = dcc_cb_register_clear_color;
}

/* The attribute-2 pixel formats: the 32-bit twin (0: none) and the bytes per pixel. */
static const struct {
  uint64_t format2;
  uint32_t twin;
  uint32_t bytes_per_pixel;
} formats2[] = {
    {VIDEOOUT_PIXEL_FORMAT2_R8G8B8A8_SRGB, VIDEOOUT_PIXEL_FORMAT_A8B8G8R8_SRGB, 4},
    {VIDEOOUT_PIXEL_FORMAT2_B8G8R8A8_SRGB, VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB, 4},
    {VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2, 0, 4},
    {VIDEOOUT_PIXEL_FORMAT2_B10G10R10A2, VIDEOOUT_PIXEL_FORMAT_A2R10G10B10, 4},
    {VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2_SRGB, 0, 4},
    {VIDEOOUT_PIXEL_FORMAT2_B10G10R10A2_SRGB, VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_SRGB, 4},
    {VIDEOOUT_PIXEL_FORMAT2_R10G10B10A2_BT2100_PQ, 0, 4},
    {VIDEOOUT_PIXEL_FORMAT2_B10G10R10A2_BT2100_PQ, VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_BT2020_PQ, 4},
    {VIDEOOUT_PIXEL_FORMAT2_R16G16B16A16_FLOAT, 0, 8},
    {VIDEOOUT_PIXEL_FORMAT2_B16G16R16A16_FLOAT, VIDEOOUT_PIXEL_FORMAT_A16R16G16B16_FLOAT, 8},
    {VIDEOOUT_PIXEL_FORMAT2_R16G16B16A16_FLOAT_BT2100_PQ, 0, 8},
    {VIDEOOUT_PIXEL_FORMAT2_B16G16R16A16_FLOAT_BT2100_PQ, 0, 8},
};

int videoout_register_buffers2(int32_t handle, int32_t set_index, int32_t start,
                               const struct videoout_buffers *buffers, int32_t num,
                               const struct videoout_buffer_attribute2 *attr, int32_t category,
                               const void *option) {
  if (!buffers || !attr) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  if (set_index < 0 || set_index >= VIDEOOUT_GROUPS_MAX || start < 0 || num < 1 ||
      start >= VIDEOOUT_BUFFERS_MAX || num > VIDEOOUT_BUFFERS_MAX - start)
    return VIDEOOUT_ERROR_INVALID_VALUE;
  void *addresses[VIDEOOUT_BUFFERS_MAX];
  bool compressed = category != 0 || attr->dcc_control != 0;
  for (int32_t i = 0; i < num; i++) {
    if (!buffers[i].data) return VIDEOOUT_ERROR_INVALID_ADDRESS;
    compressed |= buffers[i].metadata != NULL;
    addresses[i] = (void *)(uintptr_t)buffers[i].data;
  }
  if (compressed) {
    LOG(hle, WARN,
        "sceVideoOutRegisterBuffers2: DCC-compressed display buffers (category %d, DCC control "
        "0x%x) are not supported: refused",
        category, attr->dcc_control);
    return VIDEOOUT_ERROR_INVALID_VALUE;
  }
  if (option) LOG_ONCE(hle, WARN, "sceVideoOutRegisterBuffers2: the option record is ignored");
  if (attr->reserved0 || attr->pad0 || attr->reserved1[0] || attr->reserved1[1] ||
      attr->reserved1[2] || attr->option >> 32)
    return VIDEOOUT_ERROR_INVALID_VALUE;
  size_t k = 0;
  while (k < sizeof formats2 / sizeof formats2[0] && formats2[k].format2 != attr->pixel_format) k++;
  if (k == sizeof formats2 / sizeof formats2[0]) return VIDEOOUT_ERROR_INVALID_PIXEL_FORMAT;
  struct videoout_buffer_attribute a = {
      .pixel_format = formats2[k].twin,
      .tiling_mode = (int32_t)attr->tiling_mode,
      .aspect_ratio = (int32_t)attr->aspect_ratio,
      .width = attr->width,
      .height = attr->height,
      .pitch_in_pixel = attr->pitch_in_pixel ? attr->pitch_in_pixel : attr->width,
      .option = (uint32_t)attr->option};
  int r = check_layout(&a);
  if (r) return r;
  r = register_group(handle, set_index, start, addresses, num, &a, attr->pixel_format,
                     formats2[k].bytes_per_pixel);
  return r < 0 ? r : 0;
}

/* Bytes a registered buffer spans: pitch rows, or a GFX10 SW_64KB_R_X surface's 64 KiB
 * blocks (128x128 pixels of 4 bytes, 128x64 of 8). */
static uint64_t buffer_bytes(const struct videoout_group *g) {
  const struct videoout_buffer_attribute *a = &g->attr;
  uint64_t bpp = g->bytes_per_pixel;
  if (a->tiling_mode != VIDEOOUT_TILING_MODE_TILE)
    return (uint64_t)a->pitch_in_pixel * a->height * bpp;
  uint64_t bw = 128, bh = bpp == 8 ? 64 : 128;
  return ((a->width + bw - 1) / bw) * ((a->height + bh - 1) / bh) * 65536u;
}

int videoout_forget_range(uint64_t addr, uint64_t size) {
  int n = 0;
  if (!size) return 0;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = &videoout_port;
  for (int i = 0; p->open && i < VIDEOOUT_BUFFERS_MAX; i++) {
    int g = p->slot[i].group;
    if (g < 0) continue;
    uint64_t b = (uint64_t)(uintptr_t)p->slot[i].address, len = buffer_bytes(&p->group[g]);
    if (b >= addr + size || addr >= b + len) continue;
    LOG(hle, WARN,
        "videoout: display buffer %d at 0x%" PRIx64
        " was unmapped by the guest: it leaves its "
        "slot",
        i, b);
    p->slot[i] = (struct videoout_slot){NULL, -1};
    for (int k = 0; k < p->queue_len; k++) { /* queued flips of it show nothing */
      struct videoout_flip_request *q = &p->queue[(p->queue_head + k) % VIDEOOUT_FLIP_QUEUE_MAX];
      if (q->index == i) q->index = -1;
    }
    videoout_labels_sync_locked(p, i);
    videoout_labels_sync_locked(p, -1);
    n++;
  }
  /* a group left without buffers is free again */
  for (int g = 0; n && g < VIDEOOUT_GROUPS_MAX; g++) {
    bool any = false;
    for (int i = 0; i < VIDEOOUT_BUFFERS_MAX; i++) any |= p->slot[i].group == g;
    if (p->group[g].used && !any) p->group[g].used = false;
  }
  pthread_mutex_unlock(&videoout_lock);
  return n;
}

/* A group whose buffer is on screen or queued for a flip is busy (RESOURCE_BUSY). */
static bool group_in_use(const struct videoout_port *p, int g) {
  if (p->flip.current_buffer >= 0 && p->slot[p->flip.current_buffer].group == g) return true;
  for (int i = 0; i < p->queue_len; i++) {
    int32_t idx = p->queue[(p->queue_head + i) % VIDEOOUT_FLIP_QUEUE_MAX].index;
    if (idx >= 0 && p->slot[idx].group == g) return true;
  }
  return false;
}

int videoout_unregister_buffers(int32_t handle, int32_t group) {
  int r = 0;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  if (!p) r = VIDEOOUT_ERROR_INVALID_HANDLE;
  else if (group < 0 || group >= VIDEOOUT_GROUPS_MAX || !p->group[group].used)
    r = VIDEOOUT_ERROR_INVALID_VALUE;
  else if (group_in_use(p, group)) r = VIDEOOUT_ERROR_RESOURCE_BUSY;
  else {
    p->group[group].used = false;
    for (int i = 0; i < VIDEOOUT_BUFFERS_MAX; i++)
      if (p->slot[i].group == group) p->slot[i] = (struct videoout_slot){NULL, -1};
  }
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

/* One flip into the queue, from the CPU (SubmitFlip) or the command stream (GPU); the
 * buffer's flip label says a flip of it is queued. Called with videoout_lock held. */
int videoout_submit_flip_locked(int32_t handle, int32_t index, int32_t mode, int64_t arg,
                                bool gpu) {
  if (mode < VIDEOOUT_FLIP_MODE_VSYNC || mode > VIDEOOUT_FLIP_MODE_WINDOW_2)
    return VIDEOOUT_ERROR_INVALID_FLIP_MODE;
  if (mode != VIDEOOUT_FLIP_MODE_VSYNC)
    LOG_ONCE(hle, WARN, "videoout: flip mode %d is done at the vblank like VSYNC", mode);
  struct videoout_port *p = port_of(handle);
  if (!p) return VIDEOOUT_ERROR_INVALID_HANDLE;
  if (index < -1 || index >= VIDEOOUT_BUFFERS_MAX || (index >= 0 && p->slot[index].group < 0))
    return VIDEOOUT_ERROR_INVALID_INDEX;
  if (p->queue_len == VIDEOOUT_FLIP_QUEUE_MAX) return VIDEOOUT_ERROR_FLIP_QUEUE_FULL;
  int tail = (p->queue_head + p->queue_len) % VIDEOOUT_FLIP_QUEUE_MAX;
  p->queue[tail] = (struct videoout_flip_request){index, arg, gpu};
  p->queue_len++;
  p->flip.flip_pending_num++;
  if (gpu) p->flip.gc_queue_num++;
  p->flip.submit_tsc = kernel_read_tsc();
  videoout_labels_sync_locked(p, index);
  return 0;
}

static int submit_flip(int32_t handle, int32_t index, int32_t mode, int64_t arg, bool gpu) {
  pthread_mutex_lock(&videoout_lock);
  int r = videoout_submit_flip_locked(handle, index, mode, arg, gpu);
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

int videoout_submit_flip(int32_t handle, int32_t index, int32_t mode, int64_t arg) {
  return submit_flip(handle, index, mode, arg, false);
}

int videoout_submit_flip_gpu(int32_t handle, int32_t index, int32_t mode, int64_t arg) {
  return submit_flip(handle, index, mode, arg, true);
}

int videoout_buffer_flip_pending(int32_t handle, int32_t index) {
  int r = 0;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  if (!p) r = VIDEOOUT_ERROR_INVALID_HANDLE;
  else if (index < 0 || index >= VIDEOOUT_BUFFERS_MAX) r = VIDEOOUT_ERROR_INVALID_INDEX;
  else
    for (int i = 0; i < p->queue_len && !r; i++)
      r = p->queue[(p->queue_head + i) % VIDEOOUT_FLIP_QUEUE_MAX].index == index;
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

int videoout_buffer_registered(int32_t handle, int32_t index) {
  int r;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  if (!p) r = VIDEOOUT_ERROR_INVALID_HANDLE;
  else if (index < 0 || index >= VIDEOOUT_BUFFERS_MAX) r = VIDEOOUT_ERROR_INVALID_INDEX;
  else r = p->slot[index].group >= 0;
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

int videoout_is_flip_pending(int32_t handle) {
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  int r = p ? p->flip.flip_pending_num : VIDEOOUT_ERROR_INVALID_HANDLE;
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

int videoout_get_flip_status(int32_t handle, struct videoout_flip_status *out) {
  if (!out) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  if (p) *out = p->flip;
  pthread_mutex_unlock(&videoout_lock);
  return p ? 0 : VIDEOOUT_ERROR_INVALID_HANDLE;
}

int videoout_get_vblank_status(int32_t handle, struct videoout_vblank_status *out) {
  if (!out) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  if (p) *out = p->vblank;
  pthread_mutex_unlock(&videoout_lock);
  return p ? 0 : VIDEOOUT_ERROR_INVALID_HANDLE;
}

/* The emulated display: 1920x1080 at the vblank rate (3 = 59.94 Hz, the console's code for a
 * 60 Hz display), a 50-inch screen. */
int videoout_get_resolution_status(int32_t handle, struct videoout_resolution_status *out) {
  if (!out) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  pthread_mutex_unlock(&videoout_lock);
  if (!p) return VIDEOOUT_ERROR_INVALID_HANDLE;
  memset(out, 0, sizeof *out);
  out->full_width = out->pane_width = 1920;
  out->full_height = out->pane_height = 1080;
  unsigned hz = videoout_vblank_hz();
  out->refresh_rate = hz == 60 ? 3 : hz == 120 ? 13 : hz == 50 ? 2 : 0;
  out->screen_size_in_inch = 50.0f;
  return 0;
}

int videoout_wait_vblank(int32_t handle) {
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  if (!p) {
    pthread_mutex_unlock(&videoout_lock);
    return VIDEOOUT_ERROR_INVALID_HANDLE;
  }
  uint64_t count = p->vblank.count;
  while (videoout_port.open && videoout_port.vblank.count == count)
    pthread_cond_wait(&videoout_vblank_cond, &videoout_lock);
  pthread_mutex_unlock(&videoout_lock);
  return 0;
}

int videoout_set_flip_rate(int32_t handle, int32_t rate) {
  int r = 0;
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  if (!p) r = VIDEOOUT_ERROR_INVALID_HANDLE;
  else if (rate < 0 || rate > 2) r = VIDEOOUT_ERROR_INVALID_VALUE;
  else p->flip_rate = rate;
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

static int event_result(int r) {
  if (r == -KERNEL_EBADF) return VIDEOOUT_ERROR_INVALID_EVENT_QUEUE;
  if (r == -KERNEL_ENOENT) return VIDEOOUT_ERROR_INVALID_EVENT;
  if (r < 0) return VIDEOOUT_ERROR_INVALID_VALUE;
  return 0;
}

static int add_event(uint64_t eq, int32_t handle, void *udata, bool flip) {
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  int r = VIDEOOUT_ERROR_INVALID_HANDLE;
  if (p)
    r = event_result(equeue_source_attach(flip ? p->flip_source : p->vblank_source, eq,
                                          (uint64_t)(uintptr_t)udata, EQUEUE_EV_CLEAR));
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

static int delete_event(uint64_t eq, int32_t handle, bool flip) {
  pthread_mutex_lock(&videoout_lock);
  struct videoout_port *p = port_of(handle);
  int r = VIDEOOUT_ERROR_INVALID_HANDLE;
  if (p) r = event_result(equeue_source_detach(flip ? p->flip_source : p->vblank_source, eq));
  pthread_mutex_unlock(&videoout_lock);
  return r;
}

int videoout_add_flip_event(uint64_t eq, int32_t handle, void *udata) {
  return add_event(eq, handle, udata, true);
}
int videoout_delete_flip_event(uint64_t eq, int32_t handle) {
  return delete_event(eq, handle, true);
}
int videoout_add_vblank_event(uint64_t eq, int32_t handle, void *udata) {
  return add_event(eq, handle, udata, false);
}
int videoout_delete_vblank_event(uint64_t eq, int32_t handle) {
  return delete_event(eq, handle, false);
}

int videoout_get_event_id(const void *ev) {
  const struct equeue_event *e = ev;
  if (!e) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  if (e->filter != EQUEUE_FILTER_VIDEO_OUT) return VIDEOOUT_ERROR_INVALID_EVENT;
  if (e->ident == VIDEOOUT_IDENT_FLIP) return VIDEOOUT_EVENT_FLIP;
  if (e->ident == VIDEOOUT_IDENT_VBLANK) return VIDEOOUT_EVENT_VBLANK;
  return VIDEOOUT_ERROR_INVALID_EVENT;
}

/* The flip argument (bits 16-63, sign-extended) of a flip event; the same bits of others. */
int videoout_get_event_data(const void *ev, int64_t *data) {
  const struct equeue_event *e = ev;
  if (!e || !data) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  if (e->filter != EQUEUE_FILTER_VIDEO_OUT) return VIDEOOUT_ERROR_INVALID_EVENT;
  *data = e->data >> 16; /* arithmetic: sign-extends the 48-bit argument */
  return 0;
}

int videoout_get_event_count(const void *ev) {
  const struct equeue_event *e = ev;
  if (!e) return VIDEOOUT_ERROR_INVALID_ADDRESS;
  if (e->filter != EQUEUE_FILTER_VIDEO_OUT) return VIDEOOUT_ERROR_INVALID_EVENT;
  return (int)(((uint64_t)e->data >> 12) & 0xf);
}
