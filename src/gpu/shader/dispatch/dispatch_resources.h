/* The guest window of a dispatch as a device buffer, without a copy where the device allows
 * it: imported host memory when the device has VK_EXT_external_memory_host and the window is
 * aligned to its import granule (guest ranges are 16 KiB pages), else a host buffer the
 * window is copied into and back from. */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_DISPATCH_RESOURCES_H
#define PROSPERO_GPU_SHADER_DISPATCH_DISPATCH_RESOURCES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/vk/vk_device.h"

/* The window as a buffer: imported (OUT->mapped NULL: the GPU works on the guest memory
 * itself) or a copy of it. dispatch_window_release writes a copy back and destroys the
 * buffer. False when neither can be made. */
bool dispatch_window_acquire(vk_device *dev, const struct shader_dispatch_window *window,
                             struct vk_buffer *out);
void dispatch_window_release(vk_device *dev, const struct shader_dispatch_window *window,
                             struct vk_buffer *buf, bool write_back);

#endif
