/* The guest window as a device buffer (dispatch_resources.h). */
#include "gpu/shader/dispatch/dispatch_resources.h"

#include <string.h>

bool dispatch_window_acquire(vk_device *dev, const struct shader_dispatch_window *window,
                             struct vk_buffer *out) {
  uint64_t align = vk_device_host_import_alignment(dev);
  if (align && (uintptr_t)window->data % align == 0 && window->size % align == 0 &&
      vk_buffer_import_host(dev, window->data, window->size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                            out) &&
      out->address)
    return true;
  if (out->buffer) vk_buffer_destroy(dev, out);
  if (!vk_buffer_create(dev, window->size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST,
                        out))
    return false;
  memcpy(out->mapped, window->data, window->size);
  return true;
}

void dispatch_window_release(vk_device *dev, const struct shader_dispatch_window *window,
                             struct vk_buffer *buf, bool write_back) {
  if (!buf->buffer) return;
  if (write_back && buf->mapped) memcpy(window->data, buf->mapped, window->size); /* a copy */
  vk_buffer_destroy(dev, buf);
}
