/* The window (display.h): SDL2 with a Vulkan swapchain, on a thread of its own that owns SDL
 * and the Vulkan device. Frames arrive from display_present (video out's presenter thread):
 * the frame is put on the GPU (display_scanout_record), copied into the window's image of
 * the last frame, and blitted into the swapchain image letterboxed (the aspect kept, black
 * bars) with a 1:1 copy when the sizes agree. A resize rebuilds the swapchain and redraws
 * the last frame from that image. The title shows the title id and the frames per second;
 * the close button calls the owner's on_close. */
#include <SDL2/SDL.h>
#include <SDL2/SDL_vulkan.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/errmsg.h"
#include "common/log.h"
#include "gpu/display/display_internal.h"

#define SWAP_MAX 8

struct display_window {
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t cond;
  /* start-up result */
  bool started, start_ok;
  char start_err[256];
  /* a frame handed over by display_present */
  const struct display_frame *frame;
  const char *const *png;
  unsigned n_png;
  bool frame_done, frame_ok, stop;
  /* owned by the window thread */
  SDL_Window *sdl;
  VkSurfaceKHR surface;
  VkSwapchainKHR swapchain;
  VkFormat swap_format;
  VkExtent2D extent;
  uint32_t n_images;
  VkImage images[SWAP_MAX];
  bool rebuild;
  VkCommandPool pool;
  VkCommandBuffer cb;
  VkFence fence;
  VkSemaphore acquired, rendered;
  /* the last frame, as the window shows it */
  VkImage last;
  VkDeviceMemory last_mem;
  VkFormat last_format;
  uint32_t last_w, last_h;
  bool have_last;
  struct vk_buffer fp16; /* half-float frames reordered to R, G, B, A */
  /* frames per second in the title */
  uint64_t fps_start_ns, fps_frames;
};

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static VkFormat vk_format_of(enum present_format f) {
  switch (f) {
    case PRESENT_FORMAT_A8R8G8B8: return VK_FORMAT_B8G8R8A8_UNORM; /* bytes B, G, R, A */
    case PRESENT_FORMAT_A8B8G8R8: return VK_FORMAT_R8G8B8A8_UNORM; /* bytes R, G, B, A */
    case PRESENT_FORMAT_A2R10G10B10: return VK_FORMAT_A2R10G10B10_UNORM_PACK32;
    case PRESENT_FORMAT_A2B10G10R10: return VK_FORMAT_A2B10G10R10_UNORM_PACK32;
    default: return VK_FORMAT_R16G16B16A16_SFLOAT; /* A16R16G16B16F after the B<->R reorder */
  }
}

static void set_title(struct display *d, double fps) {
  struct display_window *w = d->win;
  char t[160];
  const char *name = d->opt.title && *d->opt.title ? d->opt.title : "prospero";
  if (fps < 0) snprintf(t, sizeof t, "prospero - %s", name);
  else snprintf(t, sizeof t, "prospero - %s - %.0f fps", name, fps);
  SDL_SetWindowTitle(w->sdl, t);
}

static void destroy_swapchain(struct display *d) {
  struct display_window *w = d->win;
  VkDevice dev = vk_device_handle(d->dev);
  vkDeviceWaitIdle(dev);
  if (w->swapchain) vkDestroySwapchainKHR(dev, w->swapchain, NULL);
  w->swapchain = VK_NULL_HANDLE;
  w->n_images = 0;
}

static bool build_swapchain(struct display *d) {
  struct display_window *w = d->win;
  VkDevice dev = vk_device_handle(d->dev);
  VkPhysicalDevice pd = vk_device_physical(d->dev);
  VkSurfaceCapabilitiesKHR caps;
  if (vkGetPhysicalDeviceSurfaceCapabilitiesKHR(pd, w->surface, &caps) != VK_SUCCESS) return false;
  int dw = 0, dh = 0;
  SDL_Vulkan_GetDrawableSize(w->sdl, &dw, &dh);
  VkExtent2D e = caps.currentExtent;
  if (e.width == UINT32_MAX) e = (VkExtent2D){(uint32_t)dw, (uint32_t)dh};
  if (e.width < caps.minImageExtent.width) e.width = caps.minImageExtent.width;
  if (e.height < caps.minImageExtent.height) e.height = caps.minImageExtent.height;
  if (e.width > caps.maxImageExtent.width) e.width = caps.maxImageExtent.width;
  if (e.height > caps.maxImageExtent.height) e.height = caps.maxImageExtent.height;
  if (!e.width || !e.height) return false; /* minimised */
  uint32_t nf = 0;
  vkGetPhysicalDeviceSurfaceFormatsKHR(pd, w->surface, &nf, NULL);
  VkSurfaceFormatKHR fmts[64];
  if (nf > 64) nf = 64;
  vkGetPhysicalDeviceSurfaceFormatsKHR(pd, w->surface, &nf, fmts);
  if (!nf) return false;
  /* UNORM: the window shows the stored values, as the PNG files do (no colour conversion) */
  VkSurfaceFormatKHR fmt = fmts[0];
  for (uint32_t i = 0; i < nf; i++)
    if (fmts[i].format == VK_FORMAT_B8G8R8A8_UNORM || fmts[i].format == VK_FORMAT_R8G8B8A8_UNORM) {
      fmt = fmts[i];
      break;
    }
  uint32_t np = 0;
  VkPresentModeKHR modes[16], mode = VK_PRESENT_MODE_FIFO_KHR;
  vkGetPhysicalDeviceSurfacePresentModesKHR(pd, w->surface, &np, NULL);
  if (np > 16) np = 16;
  vkGetPhysicalDeviceSurfacePresentModesKHR(pd, w->surface, &np, modes);
  /* video out paces the flips: the swapchain should not wait for another vblank */
  for (uint32_t i = 0; i < np; i++)
    if (modes[i] == VK_PRESENT_MODE_MAILBOX_KHR) mode = modes[i];
  if (mode == VK_PRESENT_MODE_FIFO_KHR)
    for (uint32_t i = 0; i < np; i++)
      if (modes[i] == VK_PRESENT_MODE_IMMEDIATE_KHR) mode = modes[i];
  uint32_t count = caps.minImageCount + 1;
  if (caps.maxImageCount && count > caps.maxImageCount) count = caps.maxImageCount;
  VkSwapchainKHR old = w->swapchain;
  VkSwapchainCreateInfoKHR ci = {
      .sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR,
      .surface = w->surface,
      .minImageCount = count,
      .imageFormat = fmt.format,
      .imageColorSpace = fmt.colorSpace,
      .imageExtent = e,
      .imageArrayLayers = 1,
      .imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
      .imageSharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .preTransform = caps.currentTransform,
      .compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR,
      .presentMode = mode,
      .clipped = VK_TRUE,
      .oldSwapchain = old};
  vkDeviceWaitIdle(dev);
  VkSwapchainKHR sc;
  if (vkCreateSwapchainKHR(dev, &ci, NULL, &sc) != VK_SUCCESS) return false;
  if (old) vkDestroySwapchainKHR(dev, old, NULL);
  w->swapchain = sc;
  w->swap_format = fmt.format;
  w->extent = e;
  w->n_images = SWAP_MAX;
  vkGetSwapchainImagesKHR(dev, sc, &w->n_images, w->images);
  w->rebuild = false;
  pthread_mutex_lock(&d->stats_lock);
  d->stats.swapchain_rebuilds++;
  pthread_mutex_unlock(&d->stats_lock);
  LOG(present, DEBUG, "window: swapchain %ux%u, %u images", e.width, e.height, w->n_images);
  return true;
}

static void image_barrier(VkCommandBuffer cb, VkImage img, VkImageLayout from, VkImageLayout to,
                          VkAccessFlags src, VkAccessFlags dst) {
  VkImageMemoryBarrier b = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                            .srcAccessMask = src,
                            .dstAccessMask = dst,
                            .oldLayout = from,
                            .newLayout = to,
                            .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                            .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                            .image = img,
                            .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                       0, 0, NULL, 0, NULL, 1, &b);
}

/* The image holding the last frame, remade when the size or format changes. */
static bool ensure_last(struct display *d, VkFormat fmt, uint32_t wd, uint32_t ht) {
  struct display_window *w = d->win;
  VkDevice dev = vk_device_handle(d->dev);
  if (w->last && w->last_format == fmt && w->last_w == wd && w->last_h == ht) return true;
  if (w->last) vkDestroyImage(dev, w->last, NULL);
  if (w->last_mem) vkFreeMemory(dev, w->last_mem, NULL);
  w->last = VK_NULL_HANDLE;
  w->last_mem = VK_NULL_HANDLE;
  w->have_last = false;
  VkImageCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = fmt,
      .extent = {wd, ht, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED};
  if (vkCreateImage(dev, &ci, NULL, &w->last) != VK_SUCCESS) return false;
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(dev, w->last, &req);
  VkPhysicalDeviceMemoryProperties mp;
  vkGetPhysicalDeviceMemoryProperties(vk_device_physical(d->dev), &mp);
  uint32_t type = UINT32_MAX;
  for (uint32_t i = 0; i < mp.memoryTypeCount && type == UINT32_MAX; i++)
    if (req.memoryTypeBits & (1u << i)) type = i;
  VkMemoryAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                             .allocationSize = req.size,
                             .memoryTypeIndex = type};
  if (type == UINT32_MAX || vkAllocateMemory(dev, &ai, NULL, &w->last_mem) != VK_SUCCESS ||
      vkBindImageMemory(dev, w->last, w->last_mem, 0) != VK_SUCCESS)
    return false;
  w->last_format = fmt;
  w->last_w = wd;
  w->last_h = ht;
  return true;
}

/* Records: the last-frame image into swapchain image IMG, letterboxed on black. */
static void record_blit(struct display *d, VkImage img) {
  struct display_window *w = d->win;
  image_barrier(w->cb, img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                VK_ACCESS_TRANSFER_WRITE_BIT);
  VkClearColorValue black = {.float32 = {0, 0, 0, 1}};
  VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  vkCmdClearColorImage(w->cb, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &range);
  if (w->have_last) {
    VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                          .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                          .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT};
    vkCmdPipelineBarrier(w->cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                         1, &mb, 0, NULL, 0, NULL);
    struct display_rect r =
        display_letterbox(w->last_w, w->last_h, w->extent.width, w->extent.height);
    VkImageBlit blit = {.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .srcOffsets = {{0, 0, 0}, {(int32_t)w->last_w, (int32_t)w->last_h, 1}},
                        .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                        .dstOffsets = {{r.x, r.y, 0}, {r.x + (int32_t)r.w, r.y + (int32_t)r.h, 1}}};
    bool same = r.w == w->last_w && r.h == w->last_h;
    vkCmdBlitImage(w->cb, w->last, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, img,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit,
                   same ? VK_FILTER_NEAREST : VK_FILTER_LINEAR);
  }
  image_barrier(w->cb, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
                VK_ACCESS_TRANSFER_WRITE_BIT, 0);
}

/* Records: the frame's pixels into the last-frame image. */
static bool record_upload(struct display *d, const struct display_frame *f,
                          struct display_linear *out) {
  struct display_window *w = d->win;
  struct display_linear l;
  if (!display_scanout_record(d, w->cb, f, &l)) return false;
  *out = l;
  VkFormat fmt = vk_format_of(f->format);
  if (!ensure_last(d, fmt, f->width, f->height)) {
    LOG(present, ERROR, "window: cannot make a %ux%u image", f->width, f->height);
    return false;
  }
  struct display_linear src = l;
  if (f->format == PRESENT_FORMAT_A16R16G16B16F) { /* B, G, R, A halves -> R, G, B, A */
    uint64_t bytes = (uint64_t)l.row_pixels * f->height * 8;
    if (!w->fp16.buffer || w->fp16.size < bytes) {
      vk_buffer_destroy(d->dev, &w->fp16);
      if (!vk_buffer_create(d->dev, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_DEVICE,
                            &w->fp16))
        return false;
    }
    VkBufferCopy c = {.srcOffset = l.offset, .dstOffset = 0, .size = bytes};
    vkCmdCopyBuffer(w->cb, l.buf->buffer, w->fp16.buffer, 1, &c);
    vk_cmd_barrier(w->cb);
    static const uint8_t perm[4] = {2, 1, 0, 3};
    if (!vk_tiler_cmd_swizzle(d->tiler, w->cb, &w->fp16, 0,
                              (uint32_t)((uint64_t)l.row_pixels * f->height), 2, perm))
      return false;
    vk_cmd_barrier(w->cb);
    src = (struct display_linear){.buf = &w->fp16, .offset = 0, .row_pixels = l.row_pixels};
  }
  image_barrier(w->cb, w->last, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                VK_ACCESS_TRANSFER_WRITE_BIT);
  VkBufferImageCopy region = {.bufferOffset = src.offset,
                              .bufferRowLength = src.row_pixels,
                              .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                              .imageExtent = {f->width, f->height, 1}};
  vkCmdCopyBufferToImage(w->cb, src.buf->buffer, w->last, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                         &region);
  image_barrier(w->cb, w->last, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_ACCESS_TRANSFER_WRITE_BIT,
                VK_ACCESS_TRANSFER_READ_BIT);
  w->have_last = true;
  return true;
}

/* One picture in the window: F (NULL: the last frame again, after a resize). The GPU work
 * is waited for, so the guest buffer is no longer read when this returns. */
static bool draw(struct display *d, const struct display_frame *f, struct display_linear *l) {
  struct display_window *w = d->win;
  VkDevice dev = vk_device_handle(d->dev);
  if ((w->rebuild || !w->swapchain) && !build_swapchain(d)) w->rebuild = true;
  uint32_t index = 0;
  bool have_image = false;
  if (w->swapchain) {
    VkResult r =
        vkAcquireNextImageKHR(dev, w->swapchain, UINT64_MAX, w->acquired, VK_NULL_HANDLE, &index);
    if (r == VK_ERROR_OUT_OF_DATE_KHR) {
      w->rebuild = true;
      if (build_swapchain(d))
        r = vkAcquireNextImageKHR(dev, w->swapchain, UINT64_MAX, w->acquired, VK_NULL_HANDLE,
                                  &index);
    }
    have_image = r == VK_SUCCESS || r == VK_SUBOPTIMAL_KHR;
    if (r == VK_SUBOPTIMAL_KHR) w->rebuild = true;
  }
  if (!have_image && !f) return true; /* minimised: nothing to redraw */
  vkResetCommandBuffer(w->cb, 0);
  VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                 .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
  vkBeginCommandBuffer(w->cb, &bi);
  bool ok = true;
  if (f) ok = record_upload(d, f, l);
  if (ok && have_image) record_blit(d, w->images[index]);
  vkEndCommandBuffer(w->cb);
  VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
  VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                     .waitSemaphoreCount = have_image ? 1 : 0,
                     .pWaitSemaphores = &w->acquired,
                     .pWaitDstStageMask = &stage,
                     .commandBufferCount = 1,
                     .pCommandBuffers = &w->cb,
                     .signalSemaphoreCount = have_image ? 1 : 0,
                     .pSignalSemaphores = &w->rendered};
  vkResetFences(dev, 1, &w->fence);
  if (vkQueueSubmit(vk_device_queue(d->dev), 1, &si, w->fence) != VK_SUCCESS) {
    LOG(present, ERROR, "window: submitting a frame failed");
    vkDeviceWaitIdle(dev);
    return false;
  }
  if (vkWaitForFences(dev, 1, &w->fence, VK_TRUE, 60000000000ull) != VK_SUCCESS) {
    LOG(present, ERROR, "window: a frame did not finish within 60 s");
    vkDeviceWaitIdle(dev);
    return false;
  }
  if (have_image) {
    VkPresentInfoKHR pi = {.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR,
                           .waitSemaphoreCount = 1,
                           .pWaitSemaphores = &w->rendered,
                           .swapchainCount = 1,
                           .pSwapchains = &w->swapchain,
                           .pImageIndices = &index};
    VkResult r = vkQueuePresentKHR(vk_device_queue(d->dev), &pi);
    if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR) w->rebuild = true;
    if (ok && f) {
      pthread_mutex_lock(&d->stats_lock);
      d->stats.window_frames++;
      pthread_mutex_unlock(&d->stats_lock);
    }
  }
  return ok;
}

/* Counts a shown frame (FRAME) and, once a second, puts the rate in the title: called on
 * every turn of the window's loop, so a guest that stops flipping reads 0 fps. */
static void count_fps(struct display *d, bool frame) {
  struct display_window *w = d->win;
  uint64_t t = now_ns();
  if (frame) w->fps_frames++;
  if (t - w->fps_start_ns >= 1000000000ull) {
    set_title(d, (double)w->fps_frames * 1e9 / (double)(t - w->fps_start_ns));
    w->fps_start_ns = t;
    w->fps_frames = 0;
  }
}

static bool window_start(struct display *d, char *err, size_t cap) {
  struct display_window *w = d->win;
  if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0)
    return errmsg_fail(err, cap, "window: SDL video: %s", SDL_GetError());
  uint32_t flags = SDL_WINDOW_VULKAN | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
  int ww = d->opt.width ? (int)d->opt.width : 1280, wh = d->opt.height ? (int)d->opt.height : 720;
  int wx = SDL_WINDOWPOS_CENTERED, wy = SDL_WINDOWPOS_CENTERED;
  SDL_DisplayMode desk;
  if (d->opt.fullscreen && SDL_GetDesktopDisplayMode(0, &desk) == 0) {
    /* the desktop's size at its origin, borderless, as well as the fullscreen flag: without a
     * window manager (which would honour the flag) the window covers the screen all the same */
    flags |= SDL_WINDOW_FULLSCREEN_DESKTOP | SDL_WINDOW_BORDERLESS;
    ww = desk.w;
    wh = desk.h;
    wx = wy = 0;
  }
  w->sdl = SDL_CreateWindow("prospero", wx, wy, ww, wh, flags);
  if (!w->sdl) return errmsg_fail(err, cap, "window: %s", SDL_GetError());
  set_title(d, -1);
  unsigned n = 0;
  const char *exts[16];
  if (!SDL_Vulkan_GetInstanceExtensions(w->sdl, &n, NULL) || n > 16 ||
      !SDL_Vulkan_GetInstanceExtensions(w->sdl, &n, exts))
    return errmsg_fail(err, cap, "window: no Vulkan surface extensions: %s", SDL_GetError());
  d->dev = vk_device_create(&(struct vk_device_options){.app_name = "prospero display",
                                                        .instance_extensions = exts,
                                                        .instance_extension_count = n,
                                                        .swapchain = true});
  if (!d->dev) return errmsg_fail(err, cap, "window: no Vulkan device with a swapchain");
  d->tiler = vk_tiler_create(d->dev);
  if (!d->tiler) return errmsg_fail(err, cap, "window: the compute tiler cannot be made");
  if (!SDL_Vulkan_CreateSurface(w->sdl, vk_device_instance(d->dev), &w->surface))
    return errmsg_fail(err, cap, "window: no Vulkan surface: %s", SDL_GetError());
  VkBool32 can_present = VK_FALSE;
  vkGetPhysicalDeviceSurfaceSupportKHR(vk_device_physical(d->dev), vk_device_queue_family(d->dev),
                                       w->surface, &can_present);
  if (!can_present)
    return errmsg_fail(err, cap, "window: %s cannot present to the window", vk_device_name(d->dev));
  VkDevice dev = vk_device_handle(d->dev);
  VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                 .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                 .queueFamilyIndex = vk_device_queue_family(d->dev)};
  VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
  if (vkCreateCommandPool(dev, &pci, NULL, &w->pool) != VK_SUCCESS)
    return errmsg_fail(err, cap, "window: no command pool");
  VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                    .commandPool = w->pool,
                                    .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                    .commandBufferCount = 1};
  if (vkAllocateCommandBuffers(dev, &ai, &w->cb) != VK_SUCCESS ||
      vkCreateFence(dev, &fci, NULL, &w->fence) != VK_SUCCESS ||
      vkCreateSemaphore(dev, &sci, NULL, &w->acquired) != VK_SUCCESS ||
      vkCreateSemaphore(dev, &sci, NULL, &w->rendered) != VK_SUCCESS)
    return errmsg_fail(err, cap, "window: no command buffer or synchronisation objects");
  if (!build_swapchain(d)) return errmsg_fail(err, cap, "window: no swapchain");
  draw(d, NULL, NULL); /* black until the first flip */
  w->fps_start_ns = now_ns();
  LOG(present, INFO, "window: %dx%d%s on %s", ww, wh, d->opt.fullscreen ? " (fullscreen)" : "",
      vk_device_name(d->dev));
  return true;
}

static void window_end(struct display *d) {
  struct display_window *w = d->win;
  if (d->dev) {
    VkDevice dev = vk_device_handle(d->dev);
    vkDeviceWaitIdle(dev);
    destroy_swapchain(d);
    if (w->last) vkDestroyImage(dev, w->last, NULL);
    if (w->last_mem) vkFreeMemory(dev, w->last_mem, NULL);
    vk_buffer_destroy(d->dev, &w->fp16);
    if (w->acquired) vkDestroySemaphore(dev, w->acquired, NULL);
    if (w->rendered) vkDestroySemaphore(dev, w->rendered, NULL);
    if (w->fence) vkDestroyFence(dev, w->fence, NULL);
    if (w->pool) vkDestroyCommandPool(dev, w->pool, NULL);
    if (w->surface) vkDestroySurfaceKHR(vk_device_instance(d->dev), w->surface, NULL);
    display_scanout_release(d);
    vk_tiler_destroy(d->tiler);
    vk_device_destroy(d->dev);
    d->dev = NULL;
    d->tiler = NULL;
  }
  if (w->sdl) SDL_DestroyWindow(w->sdl);
  SDL_QuitSubSystem(SDL_INIT_VIDEO);
}

static void *window_main(void *arg) {
  struct display *d = arg;
  struct display_window *w = d->win;
  char err[256] = "";
  bool ok = window_start(d, err, sizeof err);
  pthread_mutex_lock(&w->lock);
  w->started = true;
  w->start_ok = ok;
  snprintf(w->start_err, sizeof w->start_err, "%s", err);
  pthread_cond_broadcast(&w->cond);
  pthread_mutex_unlock(&w->lock);
  if (!ok) {
    window_end(d);
    return NULL;
  }
  bool closed = false;
  for (;;) {
    SDL_Event ev;
    bool redraw = false;
    while (SDL_PollEvent(&ev)) {
      if ((ev.type == SDL_QUIT ||
           (ev.type == SDL_WINDOWEVENT && ev.window.event == SDL_WINDOWEVENT_CLOSE)) &&
          !closed) {
        closed = true;
        LOG(present, INFO, "window: %s",
            ev.type == SDL_QUIT ? "quit requested (close button, SIGINT or SIGTERM)"
                                : "closed by the user");
        if (d->opt.on_close) d->opt.on_close(d->opt.ctx);
      }
      if (ev.type == SDL_WINDOWEVENT && (ev.window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
                                         ev.window.event == SDL_WINDOWEVENT_EXPOSED)) {
        w->rebuild = w->rebuild || ev.window.event == SDL_WINDOWEVENT_SIZE_CHANGED;
        redraw = true;
      }
    }
    pthread_mutex_lock(&w->lock);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 4000000; /* events are polled every 4 ms at most */
    if (until.tv_nsec >= 1000000000) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000;
    }
    if (!w->frame && !w->stop && !redraw) pthread_cond_timedwait(&w->cond, &w->lock, &until);
    const struct display_frame *f = w->frame;
    bool stop = w->stop;
    pthread_mutex_unlock(&w->lock);
    if (stop) break;
    if (f) {
      struct display_linear l = {0};
      bool fok = draw(d, f, &l);
      if (fok && w->n_png) fok = display_write_pngs(f, &l, w->png, w->n_png);
      count_fps(d, true);
      pthread_mutex_lock(&w->lock);
      w->frame = NULL;
      w->frame_ok = fok;
      w->frame_done = true;
      pthread_cond_broadcast(&w->cond);
      pthread_mutex_unlock(&w->lock);
    } else {
      if (redraw) draw(d, NULL, NULL);
      count_fps(d, false);
    }
  }
  window_end(d);
  return NULL;
}

bool display_window_create(struct display *d, char *err, size_t cap) {
  struct display_window *w = calloc(1, sizeof *w);
  if (!w) return errmsg_fail(err, cap, "window: out of memory");
  d->win = w;
  pthread_mutex_init(&w->lock, NULL);
  pthread_cond_init(&w->cond, NULL);
  if (pthread_create(&w->thread, NULL, window_main, d) != 0) {
    free(w);
    d->win = NULL;
    return errmsg_fail(err, cap, "window: cannot start its thread");
  }
  pthread_mutex_lock(&w->lock);
  while (!w->started) pthread_cond_wait(&w->cond, &w->lock);
  bool ok = w->start_ok;
  pthread_mutex_unlock(&w->lock);
  if (!ok) {
    pthread_join(w->thread, NULL);
    errmsg_fail(err, cap, "%s", w->start_err);
    pthread_mutex_destroy(&w->lock);
    pthread_cond_destroy(&w->cond);
    free(w);
    d->win = NULL;
  }
  return ok;
}

void display_window_destroy(struct display *d) {
  struct display_window *w = d->win;
  pthread_mutex_lock(&w->lock);
  w->stop = true;
  pthread_cond_broadcast(&w->cond);
  pthread_mutex_unlock(&w->lock);
  pthread_join(w->thread, NULL);
  pthread_mutex_destroy(&w->lock);
  pthread_cond_destroy(&w->cond);
  free(w);
  d->win = NULL;
}

bool display_window_present(struct display *d, const struct display_frame *f,
                            const char *const *png, unsigned n_png) {
  struct display_window *w = d->win;
  pthread_mutex_lock(&w->lock);
  while (w->frame && !w->stop) pthread_cond_wait(&w->cond, &w->lock);
  if (w->stop) {
    pthread_mutex_unlock(&w->lock);
    return false;
  }
  w->frame = f;
  w->png = png;
  w->n_png = n_png;
  w->frame_done = false;
  pthread_cond_broadcast(&w->cond);
  while (!w->frame_done && !w->stop) pthread_cond_wait(&w->cond, &w->lock);
  bool ok = w->frame_done && w->frame_ok;
  pthread_mutex_unlock(&w->lock);
  return ok;
}
