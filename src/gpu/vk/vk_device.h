/* Vulkan device layer: one instance + device + compute-capable queue, buffers (with device
 * addresses when the device has them), one-shot command submission, and compute pipelines
 * built from SPIR-V with storage buffers passed as push descriptors.
 *
 * Meant to be shared by every GPU part (detiler, renderer, shader tests):
 *
 *   struct vk_device *dev = vk_device_create(NULL);         // NULL: defaults
 *   struct vk_buffer buf;
 *   vk_buffer_create(dev, size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GPU_VK_MEMORY_HOST, &buf);
 *   VkCommandBuffer cb = vk_device_begin(dev);
 *   ... record ...
 *   vk_device_submit_wait(dev, cb);                         // ends, submits, waits, frees
 *
 * Selection prefers a discrete GPU, then integrated, virtual, and the CPU device (lavapipe)
 * last; PROSPERO_VK_DEVICE=<substring> picks a device by name. All failures are logged once
 * (category vk) and returned; nothing aborts. A device (its queue and command pool) is used
 * from one thread at a time; threads that record in parallel need their own vk_device for
 * now.
 */
#ifndef PROSPERO_GPU_VK_DEVICE_H
#define PROSPERO_GPU_VK_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

/* Handle: the device and its queue. */
typedef struct vk_device vk_device;

struct vk_device_options {
  const char *app_name;    /* NULL: "prospero" */
  const char *name_filter; /* substring of the device name; NULL: PROSPERO_VK_DEVICE or best */
  bool prefer_cpu;         /* pick the CPU device (lavapipe) even if a GPU exists */
  /* A window's surface extensions (SDL_Vulkan_GetInstanceExtensions), enabled on the
   * instance; swapchain: only devices with VK_KHR_swapchain, which is enabled. */
  const char *const *instance_extensions;
  uint32_t instance_extension_count;
  bool swapchain;
};

/* Returns NULL (logged) when there is no usable Vulkan 1.2+ device. */
vk_device *vk_device_create(const struct vk_device_options *options);
void vk_device_destroy(vk_device *dev);

VkDevice vk_device_handle(const vk_device *dev);
VkPhysicalDevice vk_device_physical(const vk_device *dev);
const char *vk_device_name(const vk_device *dev);
bool vk_device_is_cpu(const vk_device *dev);
bool vk_device_has_address(const vk_device *dev); /* buffer device addresses usable */
/* 64-bit integer atomics on buffer (device-address) memory usable (shaderBufferInt64Atomics) */
bool vk_device_has_int64_atomics(const vk_device *dev);
/* VK_KHR_shader_clock as enabled: bit 0 shaderSubgroupClock, bit 1 shaderDeviceClock */
uint32_t vk_device_shader_clock(const vk_device *dev);
uint32_t vk_device_subgroup_size(const vk_device *dev);
VkInstance vk_device_instance(const vk_device *dev);
VkQueue vk_device_queue(const vk_device *dev);
uint32_t vk_device_queue_family(const vk_device *dev);
/* Alignment of host memory vk_buffer_import_host takes (VK_EXT_external_memory_host's
 * minImportedHostPointerAlignment); 0 when the device cannot import host memory. */
VkDeviceSize vk_device_host_import_alignment(const vk_device *dev);

/* Host-visible memory is mapped for the buffer's lifetime; device memory is not mapped. Named
 * with the module's prefix (GPU_VK_), not Khronos's (VK_), which the Vulkan headers own. */
enum vk_memory { GPU_VK_MEMORY_HOST, GPU_VK_MEMORY_DEVICE };

struct vk_buffer {
  VkBuffer buffer;
  VkDeviceMemory memory;
  VkDeviceSize size;
  void *mapped;            /* host memory only */
  VkDeviceAddress address; /* 0 when the device has no buffer device address */
};

/* USAGE gets TRANSFER_SRC/DST added; SHADER_DEVICE_ADDRESS when supported. */
bool vk_buffer_create(vk_device *dev, VkDeviceSize size, VkBufferUsageFlags usage,
                      enum vk_memory memory, struct vk_buffer *out);
void vk_buffer_destroy(vk_device *dev, struct vk_buffer *buf);
/* A buffer over existing host memory [PTR, PTR+SIZE) (VK_EXT_external_memory_host): the GPU
 * reads and writes that memory itself, no copy. PTR and SIZE must be multiples of
 * vk_device_host_import_alignment; the memory must stay mapped until the buffer is destroyed
 * (vk_buffer_destroy, which leaves the host memory alone). mapped stays NULL. False (logged)
 * when the device cannot import it. */
bool vk_buffer_import_host(vk_device *dev, void *ptr, VkDeviceSize size, VkBufferUsageFlags usage,
                           struct vk_buffer *out);

/* One-shot command buffers: begin returns a recording buffer (VK_NULL_HANDLE on error);
 * submit_wait ends, submits, waits (PROSPERO_VK_TIMEOUT_MS, default 60000) and frees it.
 * Returns false on a submission error, a lost device or a timeout. */
VkCommandBuffer vk_device_begin(vk_device *dev);
bool vk_device_submit_wait(vk_device *dev, VkCommandBuffer cb);

/* Records a full-buffer barrier: all earlier shader/transfer writes visible to later
 * shader/transfer reads and writes. */
void vk_cmd_barrier(VkCommandBuffer cb);

/* A compute pipeline whose bindings 0..buffer_count-1 are storage buffers (set 0, pushed
 * per dispatch) and which takes push_size bytes of push constants. */
struct vk_compute_pipeline {
  VkPipeline pipeline;
  VkPipelineLayout layout;
  VkDescriptorSetLayout set_layout;
  uint32_t buffer_count;
  uint32_t push_size;
};

bool vk_compute_pipeline_create(vk_device *dev, const uint32_t *spirv, size_t spirv_bytes,
                                uint32_t buffer_count, uint32_t push_size,
                                struct vk_compute_pipeline *out);
/* The same with the specialization constants 0..SPEC_COUNT-1 (at most 8, u32 each) set to
 * SPEC[0..]. */
bool vk_compute_pipeline_create_spec(vk_device *dev, const uint32_t *spirv, size_t spirv_bytes,
                                     uint32_t buffer_count, uint32_t push_size,
                                     const uint32_t *spec, uint32_t spec_count,
                                     struct vk_compute_pipeline *out);
/* The same with a required subgroup size (VK_EXT_subgroup_size_control, with full
 * subgroups: the local size X must be a multiple of it); SUBGROUP 0: the device's choice.
 * False (logged) when the device cannot give subgroups of that size. */
bool vk_compute_pipeline_create_sized(vk_device *dev, const uint32_t *spirv, size_t spirv_bytes,
                                      uint32_t buffer_count, uint32_t push_size,
                                      const uint32_t *spec, uint32_t spec_count, uint32_t subgroup,
                                      struct vk_compute_pipeline *out);
/* Whether compute pipelines can require a subgroup size (VK_EXT_subgroup_size_control with
 * computeFullSubgroups), and the sizes they can require. */
bool vk_device_subgroup_sizes(const vk_device *dev, uint32_t *min, uint32_t *max);
/* Pipelines built with a required subgroup size so far (for tests). */
uint64_t vk_device_sized_pipelines(const vk_device *dev);
void vk_compute_pipeline_destroy(vk_device *dev, struct vk_compute_pipeline *p);
/* The same pipeline, kept by the device: the first call for a module (same SPIR-V words,
 * buffer count and push size) builds it, later ones return it (no driver compile). It lives
 * until vk_device_destroy or until the device has kept VK_PIPELINES_KEPT others used more
 * recently (then it is destroyed at the next build: use the pointer before the next call).
 * NULL (logged) on failure. */
#define VK_PIPELINES_KEPT 128
/* The same with specialization constants (as vk_compute_pipeline_create_spec), part of the
 * key. */
const struct vk_compute_pipeline *vk_compute_pipeline_kept_spec(
    vk_device *dev, const uint32_t *spirv, size_t spirv_bytes, uint32_t buffer_count,
    uint32_t push_size, const uint32_t *spec, uint32_t spec_count);
/* The same with a required subgroup size (as vk_compute_pipeline_create_sized), part of the
 * key. */
const struct vk_compute_pipeline *vk_compute_pipeline_kept_sized(
    vk_device *dev, const uint32_t *spirv, size_t spirv_bytes, uint32_t buffer_count,
    uint32_t push_size, const uint32_t *spec, uint32_t spec_count, uint32_t subgroup);
const struct vk_compute_pipeline *vk_compute_pipeline_kept(vk_device *dev, const uint32_t *spirv,
                                                           size_t spirv_bytes,
                                                           uint32_t buffer_count,
                                                           uint32_t push_size);

/* Binds P, pushes BUFFERS (buffer_count of them, each bound from OFFSETS[i] to its end;
 * OFFSETS may be NULL for 0, and must respect minStorageBufferOffsetAlignment) and PUSH,
 * then dispatches. */
void vk_cmd_dispatch(vk_device *dev, VkCommandBuffer cb, const struct vk_compute_pipeline *p,
                     const struct vk_buffer *const *buffers, const uint64_t *offsets,
                     const void *push, uint32_t groups_x, uint32_t groups_y, uint32_t groups_z);

#endif
