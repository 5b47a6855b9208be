/* Vulkan device layer (see vk_device.h). */
#include "gpu/vk/vk_device.h"

#include <stdlib.h>
#include <string.h>

#include "common/log.h"

struct vk_device {
  VkInstance instance;
  VkPhysicalDevice physical;
  VkDevice device;
  VkQueue queue;
  uint32_t queue_family;
  VkCommandPool pool;
  VkPhysicalDeviceProperties props;
  VkPhysicalDeviceMemoryProperties mem;
  bool has_address;
  bool has_int64_atomics; /* shaderBufferInt64Atomics enabled */
  uint32_t shader_clock;  /* VK_KHR_shader_clock: 1 subgroup clock, 2 device clock (bits) */
  uint32_t subgroup_size;
  /* VK_EXT_subgroup_size_control for compute (0, 0: not available) and the pipelines built
   * with a required subgroup size */
  uint32_t subgroup_min, subgroup_max;
  uint64_t sized_pipelines;
  PFN_vkCmdPushDescriptorSetKHR push_descriptor;
  PFN_vkGetMemoryHostPointerPropertiesEXT host_pointer_props;
  uint64_t host_import_align; /* 0: no VK_EXT_external_memory_host */
  uint64_t timeout_ns;
  struct kept_pipeline *kept; /* vk_compute_pipeline_kept, VK_PIPELINES_KEPT at most */
  uint32_t n_kept;
  uint64_t kept_clock;
};

struct kept_pipeline {
  uint64_t hash, used;
  uint32_t *spirv;
  size_t bytes;
  uint32_t buffer_count, push_size;
  uint32_t spec[8], spec_count; /* specialization constants 0.. */
  uint32_t subgroup;            /* required subgroup size, 0: the device's choice */
  struct vk_compute_pipeline p;
};

/* Device-type preference, best first. */
static int type_rank(VkPhysicalDeviceType t, bool prefer_cpu) {
  switch (t) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return prefer_cpu ? 1 : 4;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return prefer_cpu ? 1 : 3;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return prefer_cpu ? 1 : 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return prefer_cpu ? 5 : 1;
    default: return 0;
  }
}

static bool has_extension(VkPhysicalDevice pd, const char *name) {
  uint32_t n = 0;
  vkEnumerateDeviceExtensionProperties(pd, NULL, &n, NULL);
  VkExtensionProperties *ext = calloc(n ? n : 1, sizeof(*ext));
  if (!ext) return false;
  vkEnumerateDeviceExtensionProperties(pd, NULL, &n, ext);
  bool found = false;
  for (uint32_t i = 0; i < n && !found; i++) found = strcmp(ext[i].extensionName, name) == 0;
  free(ext);
  return found;
}

static bool find_compute_family(VkPhysicalDevice pd, uint32_t *out) {
  uint32_t n = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, NULL);
  VkQueueFamilyProperties *q = calloc(n ? n : 1, sizeof(*q));
  if (!q) return false;
  vkGetPhysicalDeviceQueueFamilyProperties(pd, &n, q);
  bool found = false;
  /* a family with graphics+compute first (the renderer's queue), else any compute family */
  for (uint32_t i = 0; i < n && !found; i++)
    if ((q[i].queueFlags & VK_QUEUE_COMPUTE_BIT) && (q[i].queueFlags & VK_QUEUE_GRAPHICS_BIT)) {
      *out = i;
      found = true;
    }
  for (uint32_t i = 0; i < n && !found; i++)
    if (q[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      *out = i;
      found = true;
    }
  free(q);
  return found;
}

static bool pick_physical(vk_device *dev, const struct vk_device_options *o) {
  uint32_t n = 0;
  VkResult r = vkEnumeratePhysicalDevices(dev->instance, &n, NULL);
  if (r != VK_SUCCESS || n == 0) {
    LOG(vk, ERROR, "no Vulkan physical device (vkEnumeratePhysicalDevices: %d, %u devices)", r, n);
    return false;
  }
  VkPhysicalDevice *pds = calloc(n, sizeof(*pds));
  if (!pds) return false;
  vkEnumeratePhysicalDevices(dev->instance, &n, pds);
  const char *filter = o->name_filter ? o->name_filter : getenv("PROSPERO_VK_DEVICE");
  int best_rank = -1;
  for (uint32_t i = 0; i < n; i++) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(pds[i], &p);
    uint32_t family;
    if (p.apiVersion < VK_API_VERSION_1_2 || !find_compute_family(pds[i], &family) ||
        !has_extension(pds[i], VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME) ||
        (o->swapchain && !has_extension(pds[i], VK_KHR_SWAPCHAIN_EXTENSION_NAME)))
      continue;
    if (filter && *filter && !strstr(p.deviceName, filter)) continue;
    int rank = type_rank(p.deviceType, o->prefer_cpu);
    if (rank > best_rank) {
      best_rank = rank;
      dev->physical = pds[i];
      dev->queue_family = family;
      dev->props = p;
    }
  }
  free(pds);
  if (best_rank < 0) {
    LOG(vk, ERROR, "no Vulkan 1.2 device with compute and push descriptors%s%s",
        filter && *filter ? " matching " : "", filter && *filter ? filter : "");
    return false;
  }
  return true;
}

vk_device *vk_device_create(const struct vk_device_options *options) {
  struct vk_device_options defaults = {0};
  const struct vk_device_options *o = options ? options : &defaults;
  vk_device *dev = calloc(1, sizeof(*dev));
  if (!dev) return NULL;

  VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = o->app_name ? o->app_name : "prospero",
      .pEngineName = "prospero",
      .apiVersion = VK_API_VERSION_1_2,
  };
  VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                              .pApplicationInfo = &app,
                              .enabledExtensionCount = o->instance_extension_count,
                              .ppEnabledExtensionNames = o->instance_extensions};
  VkResult r = vkCreateInstance(&ici, NULL, &dev->instance);
  if (r != VK_SUCCESS) {
    LOG(vk, ERROR, "vkCreateInstance failed (%d): no Vulkan loader or driver", r);
    free(dev);
    return NULL;
  }
  if (!pick_physical(dev, o)) {
    vk_device_destroy(dev);
    return NULL;
  }
  vkGetPhysicalDeviceMemoryProperties(dev->physical, &dev->mem);

  VkPhysicalDeviceSubgroupProperties sub = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceProperties2 props2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                        .pNext = &sub};
  vkGetPhysicalDeviceProperties2(dev->physical, &props2);
  dev->subgroup_size = sub.subgroupSize;

  /* Ask for what the supported features offer: device addresses, 8/16-bit storage. */
  VkPhysicalDeviceVulkan12Features f12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan11Features f11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, .pNext = &f12};
  VkPhysicalDeviceSubgroupSizeControlFeaturesEXT fsc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT};
  bool size_control = has_extension(dev->physical, VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
  if (size_control) f12.pNext = &fsc;
  /* the shader clock (s_memtime, s_memrealtime) */
  VkPhysicalDeviceShaderClockFeaturesKHR fclk = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR};
  bool clock = has_extension(dev->physical, VK_KHR_SHADER_CLOCK_EXTENSION_NAME);
  if (clock) fclk.pNext = f11.pNext, f11.pNext = &fclk;
  VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                  .pNext = &f11};
  vkGetPhysicalDeviceFeatures2(dev->physical, &f2);
  /* subgroup size control: required sizes in compute, with full subgroups */
  VkPhysicalDeviceSubgroupSizeControlPropertiesEXT psc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES_EXT};
  if (size_control) {
    VkPhysicalDeviceProperties2 pp = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                      .pNext = &psc};
    vkGetPhysicalDeviceProperties2(dev->physical, &pp);
  }
  size_control = size_control && fsc.subgroupSizeControl && fsc.computeFullSubgroups &&
                 (psc.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
  VkPhysicalDeviceSubgroupSizeControlFeaturesEXT want_sc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT,
      .subgroupSizeControl = VK_TRUE,
      .computeFullSubgroups = VK_TRUE};
  VkPhysicalDeviceVulkan12Features want12 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      .bufferDeviceAddress = f12.bufferDeviceAddress,
      .storageBuffer8BitAccess = f12.storageBuffer8BitAccess,
      .shaderInt8 = f12.shaderInt8,
      /* 64-bit atomics on global memory (and on LDS, when the emitter does them) */
      .shaderBufferInt64Atomics = f12.shaderBufferInt64Atomics,
      .shaderSharedInt64Atomics = f12.shaderSharedInt64Atomics,
  };
  if (size_control) want12.pNext = &want_sc;
  VkPhysicalDeviceVulkan11Features want11 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
      .pNext = &want12,
      .storageBuffer16BitAccess = f11.storageBuffer16BitAccess,
  };
  clock = clock && (fclk.shaderSubgroupClock || fclk.shaderDeviceClock);
  VkPhysicalDeviceShaderClockFeaturesKHR want_clk = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR,
      .shaderSubgroupClock = fclk.shaderSubgroupClock,
      .shaderDeviceClock = fclk.shaderDeviceClock};
  if (clock) want_clk.pNext = want11.pNext, want11.pNext = &want_clk;
  VkPhysicalDeviceFeatures2 want = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                    .pNext = &want11};
  want.features.shaderInt16 = f2.features.shaderInt16;
  want.features.shaderInt64 = f2.features.shaderInt64;
  want.features.shaderFloat64 = f2.features.shaderFloat64; /* f64 shader arithmetic */
  dev->has_address = f12.bufferDeviceAddress;
  dev->has_int64_atomics = f12.shaderBufferInt64Atomics;

  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                 .queueFamilyIndex = dev->queue_family,
                                 .queueCount = 1,
                                 .pQueuePriorities = &prio};
  const char *exts[5] = {VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
  uint32_t n_exts = 1;
  if (clock) exts[n_exts++] = VK_KHR_SHADER_CLOCK_EXTENSION_NAME;
  if (size_control) exts[n_exts++] = VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME;
  bool host_import = has_extension(dev->physical, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
  if (host_import) exts[n_exts++] = VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME;
  if (o->swapchain) exts[n_exts++] = VK_KHR_SWAPCHAIN_EXTENSION_NAME;
  VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                            .pNext = &want,
                            .queueCreateInfoCount = 1,
                            .pQueueCreateInfos = &qci,
                            .enabledExtensionCount = n_exts,
                            .ppEnabledExtensionNames = exts};
  r = vkCreateDevice(dev->physical, &dci, NULL, &dev->device);
  if (r != VK_SUCCESS) {
    LOG(vk, ERROR, "vkCreateDevice failed on %s (%d)", dev->props.deviceName, r);
    vk_device_destroy(dev);
    return NULL;
  }
  vkGetDeviceQueue(dev->device, dev->queue_family, 0, &dev->queue);
  if (clock) dev->shader_clock = (fclk.shaderSubgroupClock ? 1u : 0) | (fclk.shaderDeviceClock ? 2u : 0);
  if (size_control) {
    dev->subgroup_min = psc.minSubgroupSize;
    dev->subgroup_max = psc.maxSubgroupSize;
  }
  dev->push_descriptor =
      (PFN_vkCmdPushDescriptorSetKHR)vkGetDeviceProcAddr(dev->device, "vkCmdPushDescriptorSetKHR");
  if (host_import) {
    VkPhysicalDeviceExternalMemoryHostPropertiesEXT hp = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
    VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                      .pNext = &hp};
    vkGetPhysicalDeviceProperties2(dev->physical, &p2);
    dev->host_pointer_props = (PFN_vkGetMemoryHostPointerPropertiesEXT)vkGetDeviceProcAddr(
        dev->device, "vkGetMemoryHostPointerPropertiesEXT");
    if (dev->host_pointer_props) dev->host_import_align = hp.minImportedHostPointerAlignment;
  }
  VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                 .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
                                 .queueFamilyIndex = dev->queue_family};
  if (!dev->push_descriptor ||
      vkCreateCommandPool(dev->device, &pci, NULL, &dev->pool) != VK_SUCCESS) {
    LOG(vk, ERROR, "command pool / push descriptor setup failed on %s", dev->props.deviceName);
    vk_device_destroy(dev);
    return NULL;
  }
  const char *t = getenv("PROSPERO_VK_TIMEOUT_MS");
  dev->timeout_ns = (t && atoll(t) > 0 ? (uint64_t)atoll(t) : 60000ull) * 1000000ull;
  LOG(vk, INFO, "using %s (%s, subgroup %u%s)", dev->props.deviceName,
      vk_device_is_cpu(dev) ? "CPU" : "GPU", dev->subgroup_size,
      dev->has_address ? ", device addresses" : "");
  return dev;
}

void vk_device_destroy(vk_device *dev) {
  if (!dev) return;
  if (dev->device) {
    vkDeviceWaitIdle(dev->device);
    for (uint32_t i = 0; i < dev->n_kept; i++) {
      vk_compute_pipeline_destroy(dev, &dev->kept[i].p);
      free(dev->kept[i].spirv);
    }
    free(dev->kept);
    if (dev->pool) vkDestroyCommandPool(dev->device, dev->pool, NULL);
    vkDestroyDevice(dev->device, NULL);
  }
  if (dev->instance) vkDestroyInstance(dev->instance, NULL);
  free(dev);
}

VkDevice vk_device_handle(const vk_device *dev) { return dev->device; }
VkPhysicalDevice vk_device_physical(const vk_device *dev) { return dev->physical; }
const char *vk_device_name(const vk_device *dev) { return dev->props.deviceName; }
bool vk_device_is_cpu(const vk_device *dev) {
  return dev->props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
}
bool vk_device_has_address(const vk_device *dev) { return dev->has_address; }
bool vk_device_has_int64_atomics(const vk_device *dev) { return dev->has_int64_atomics; }
uint32_t vk_device_shader_clock(const vk_device *dev) { return dev->shader_clock; }
uint32_t vk_device_subgroup_size(const vk_device *dev) { return dev->subgroup_size; }
VkInstance vk_device_instance(const vk_device *dev) { return dev->instance; }
VkQueue vk_device_queue(const vk_device *dev) { return dev->queue; }
uint32_t vk_device_queue_family(const vk_device *dev) { return dev->queue_family; }
VkDeviceSize vk_device_host_import_alignment(const vk_device *dev) {
  return dev->host_import_align;
}

static bool find_memory_type(const vk_device *dev, uint32_t bits, VkMemoryPropertyFlags want,
                             uint32_t *out) {
  for (uint32_t i = 0; i < dev->mem.memoryTypeCount; i++)
    if ((bits & (1u << i)) && (dev->mem.memoryTypes[i].propertyFlags & want) == want) {
      *out = i;
      return true;
    }
  return false;
}

/* USAGE and what every buffer may serve: transfers both ways and, where the device has
 * buffer addresses, the shaders' loads and stores through one. */
static VkBufferUsageFlags buffer_usage(const vk_device *dev, VkBufferUsageFlags usage) {
  usage |= VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  if (dev->has_address) usage |= VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
  return usage;
}

/* The last step of making OUT with its memory bound: its device address (where the device
 * has them) and size. */
static void buffer_finish(const vk_device *dev, struct vk_buffer *out, VkDeviceSize size) {
  if (dev->has_address) {
    VkBufferDeviceAddressInfo ai = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
                                    .buffer = out->buffer};
    out->address = vkGetBufferDeviceAddress(dev->device, &ai);
  }
  out->size = size;
}

bool vk_buffer_create(vk_device *dev, VkDeviceSize size, VkBufferUsageFlags usage,
                      enum vk_memory memory, struct vk_buffer *out) {
  memset(out, 0, sizeof(*out));
  if (size == 0) {
    LOG(vk, ERROR, "zero-sized buffer requested");
    return false;
  }
  usage = buffer_usage(dev, usage);
  VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                            .size = size,
                            .usage = usage,
                            .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
  if (vkCreateBuffer(dev->device, &bci, NULL, &out->buffer) != VK_SUCCESS) {
    LOG(vk, ERROR, "vkCreateBuffer(%llu bytes) failed", (unsigned long long)size);
    return false;
  }
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(dev->device, out->buffer, &req);
  VkMemoryPropertyFlags want =
      memory == GPU_VK_MEMORY_HOST
          ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
          : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  uint32_t type;
  if (!find_memory_type(dev, req.memoryTypeBits, want, &type) &&
      !(memory == GPU_VK_MEMORY_DEVICE && find_memory_type(dev, req.memoryTypeBits, 0, &type))) {
    LOG(vk, ERROR, "no memory type for a %s buffer",
        memory == GPU_VK_MEMORY_HOST ? "host-visible" : "device");
    vk_buffer_destroy(dev, out);
    return false;
  }
  VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                     .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
  VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .pNext = dev->has_address ? &flags : NULL,
                              .allocationSize = req.size,
                              .memoryTypeIndex = type};
  if (vkAllocateMemory(dev->device, &mai, NULL, &out->memory) != VK_SUCCESS ||
      vkBindBufferMemory(dev->device, out->buffer, out->memory, 0) != VK_SUCCESS) {
    LOG(vk, ERROR, "allocating %llu bytes of buffer memory failed", (unsigned long long)req.size);
    vk_buffer_destroy(dev, out);
    return false;
  }
  if (memory == GPU_VK_MEMORY_HOST &&
      vkMapMemory(dev->device, out->memory, 0, VK_WHOLE_SIZE, 0, &out->mapped) != VK_SUCCESS) {
    LOG(vk, ERROR, "mapping a host buffer failed");
    vk_buffer_destroy(dev, out);
    return false;
  }
  buffer_finish(dev, out, size);
  return true;
}

bool vk_buffer_import_host(vk_device *dev, void *ptr, VkDeviceSize size, VkBufferUsageFlags usage,
                           struct vk_buffer *out) {
  memset(out, 0, sizeof(*out));
  uint64_t align = dev->host_import_align;
  if (!align || !ptr || !size || (uintptr_t)ptr % align || size % align) {
    LOG(vk, ERROR, "host memory import of %llu bytes at %p: %s", (unsigned long long)size, ptr,
        align ? "not aligned" : "the device cannot import host memory");
    return false;
  }
  const VkExternalMemoryHandleTypeFlagBits ht =
      VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
  VkMemoryHostPointerPropertiesEXT hp = {.sType =
                                             VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
  if (dev->host_pointer_props(dev->device, ht, ptr, &hp) != VK_SUCCESS) {
    LOG(vk, ERROR, "host memory at %p cannot be imported", ptr);
    return false;
  }
  usage = buffer_usage(dev, usage);
  VkExternalMemoryBufferCreateInfo ebi = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO, .handleTypes = ht};
  VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                            .pNext = &ebi,
                            .size = size,
                            .usage = usage,
                            .sharingMode = VK_SHARING_MODE_EXCLUSIVE};
  if (vkCreateBuffer(dev->device, &bci, NULL, &out->buffer) != VK_SUCCESS) {
    LOG(vk, ERROR, "vkCreateBuffer(%llu imported bytes) failed", (unsigned long long)size);
    return false;
  }
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(dev->device, out->buffer, &req);
  uint32_t type;
  if (!find_memory_type(dev, req.memoryTypeBits & hp.memoryTypeBits, 0, &type)) {
    LOG(vk, ERROR, "no memory type for imported host memory");
    vk_buffer_destroy(dev, out);
    return false;
  }
  VkImportMemoryHostPointerInfoEXT imp = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
      .handleType = ht,
      .pHostPointer = ptr};
  VkMemoryAllocateFlagsInfo flags = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                     .pNext = &imp,
                                     .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
  VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                              .pNext = dev->has_address ? (void *)&flags : (void *)&imp,
                              .allocationSize = size,
                              .memoryTypeIndex = type};
  if (vkAllocateMemory(dev->device, &mai, NULL, &out->memory) != VK_SUCCESS ||
      vkBindBufferMemory(dev->device, out->buffer, out->memory, 0) != VK_SUCCESS) {
    LOG(vk, ERROR, "importing %llu bytes of host memory failed", (unsigned long long)size);
    vk_buffer_destroy(dev, out);
    return false;
  }
  buffer_finish(dev, out, size);
  return true;
}

void vk_buffer_destroy(vk_device *dev, struct vk_buffer *buf) {
  if (!buf) return;
  if (buf->mapped) vkUnmapMemory(dev->device, buf->memory);
  if (buf->buffer) vkDestroyBuffer(dev->device, buf->buffer, NULL);
  if (buf->memory) vkFreeMemory(dev->device, buf->memory, NULL);
  memset(buf, 0, sizeof(*buf));
}

VkCommandBuffer vk_device_begin(vk_device *dev) {
  VkCommandBufferAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                    .commandPool = dev->pool,
                                    .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                    .commandBufferCount = 1};
  VkCommandBuffer cb = VK_NULL_HANDLE;
  if (vkAllocateCommandBuffers(dev->device, &ai, &cb) != VK_SUCCESS) {
    LOG(vk, ERROR, "vkAllocateCommandBuffers failed");
    return VK_NULL_HANDLE;
  }
  VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                 .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
  if (vkBeginCommandBuffer(cb, &bi) != VK_SUCCESS) {
    LOG(vk, ERROR, "vkBeginCommandBuffer failed");
    vkFreeCommandBuffers(dev->device, dev->pool, 1, &cb);
    return VK_NULL_HANDLE;
  }
  return cb;
}

bool vk_device_submit_wait(vk_device *dev, VkCommandBuffer cb) {
  if (cb == VK_NULL_HANDLE) return false;
  bool ok = false;
  VkFence fence = VK_NULL_HANDLE;
  VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO, .commandBufferCount = 1, .pCommandBuffers = &cb};
  VkResult r = vkEndCommandBuffer(cb);
  if (r == VK_SUCCESS) r = vkCreateFence(dev->device, &fci, NULL, &fence);
  if (r == VK_SUCCESS) r = vkQueueSubmit(dev->queue, 1, &si, fence);
  if (r == VK_SUCCESS) {
    r = vkWaitForFences(dev->device, 1, &fence, VK_TRUE, dev->timeout_ns);
    if (r == VK_TIMEOUT)
      LOG(vk, ERROR, "GPU work did not finish within %llu ms",
          (unsigned long long)(dev->timeout_ns / 1000000));
    else if (r != VK_SUCCESS) LOG(vk, ERROR, "waiting for GPU work failed (%d)", r);
    ok = r == VK_SUCCESS;
    if (r == VK_TIMEOUT) vkDeviceWaitIdle(dev->device); /* never free work in flight */
  } else {
    LOG(vk, ERROR, "submitting GPU work failed (%d)", r);
  }
  if (fence) vkDestroyFence(dev->device, fence, NULL);
  vkFreeCommandBuffers(dev->device, dev->pool, 1, &cb);
  return ok;
}

void vk_cmd_barrier(VkCommandBuffer cb) {
  VkMemoryBarrier mb = {.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
                        .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                        .dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                                         VK_ACCESS_TRANSFER_READ_BIT |
                                         VK_ACCESS_TRANSFER_WRITE_BIT};
  vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                       &mb, 0, NULL, 0, NULL);
}

bool vk_compute_pipeline_create(vk_device *dev, const uint32_t *spirv, size_t spirv_bytes,
                                uint32_t buffer_count, uint32_t push_size,
                                struct vk_compute_pipeline *out) {
  return vk_compute_pipeline_create_spec(dev, spirv, spirv_bytes, buffer_count, push_size, NULL, 0,
                                         out);
}

bool vk_compute_pipeline_create_spec(vk_device *dev, const uint32_t *spirv, size_t spirv_bytes,
                                     uint32_t buffer_count, uint32_t push_size,
                                     const uint32_t *spec, uint32_t spec_count,
                                     struct vk_compute_pipeline *out) {
  return vk_compute_pipeline_create_sized(dev, spirv, spirv_bytes, buffer_count, push_size, spec,
                                          spec_count, 0, out);
}

bool vk_device_subgroup_sizes(const vk_device *dev, uint32_t *min, uint32_t *max) {
  if (min) *min = dev->subgroup_min;
  if (max) *max = dev->subgroup_max;
  return dev->subgroup_max != 0;
}

uint64_t vk_device_sized_pipelines(const vk_device *dev) { return dev->sized_pipelines; }

bool vk_compute_pipeline_create_sized(vk_device *dev, const uint32_t *spirv, size_t spirv_bytes,
                                      uint32_t buffer_count, uint32_t push_size,
                                      const uint32_t *spec, uint32_t spec_count, uint32_t subgroup,
                                      struct vk_compute_pipeline *out) {
  memset(out, 0, sizeof(*out));
  if (subgroup && (subgroup < dev->subgroup_min || subgroup > dev->subgroup_max)) {
    LOG(vk, ERROR, "compute pipeline: subgroups of %u invocations are not available (%u..%u)",
        subgroup, dev->subgroup_min, dev->subgroup_max);
    return false;
  }
  VkPipelineShaderStageRequiredSubgroupSizeCreateInfoEXT sized = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO_EXT,
      .requiredSubgroupSize = subgroup};
  VkSpecializationMapEntry map[8];
  if (spec_count > 8) spec_count = 8;
  for (uint32_t i = 0; i < spec_count; i++)
    map[i] = (VkSpecializationMapEntry){.constantID = i, .offset = 4 * i, .size = 4};
  VkSpecializationInfo si = {
      .mapEntryCount = spec_count, .pMapEntries = map, .dataSize = 4 * spec_count, .pData = spec};
  if (buffer_count > 8 || push_size > 128 || !spirv || spirv_bytes % 4) {
    LOG(vk, ERROR, "compute pipeline: bad arguments (%u buffers, %u push bytes)", buffer_count,
        push_size);
    return false;
  }
  VkDescriptorSetLayoutBinding b[8];
  for (uint32_t i = 0; i < buffer_count; i++)
    b[i] = (VkDescriptorSetLayoutBinding){.binding = i,
                                          .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                          .descriptorCount = 1,
                                          .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
  VkDescriptorSetLayoutCreateInfo dl = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
      .bindingCount = buffer_count,
      .pBindings = b};
  VkPushConstantRange pr = {.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT, .size = push_size};
  VkPipelineLayoutCreateInfo pl = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                   .setLayoutCount = 1,
                                   .pushConstantRangeCount = push_size ? 1 : 0,
                                   .pPushConstantRanges = &pr};
  VkShaderModuleCreateInfo smi = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = spirv_bytes,
                                  .pCode = spirv};
  VkShaderModule module = VK_NULL_HANDLE;
  VkResult r = vkCreateDescriptorSetLayout(dev->device, &dl, NULL, &out->set_layout);
  pl.pSetLayouts = &out->set_layout;
  if (r == VK_SUCCESS) r = vkCreatePipelineLayout(dev->device, &pl, NULL, &out->layout);
  if (r == VK_SUCCESS) r = vkCreateShaderModule(dev->device, &smi, NULL, &module);
  if (r == VK_SUCCESS) {
    VkComputePipelineCreateInfo ci = {
        .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
        .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                  .pNext = subgroup ? &sized : NULL,
                  /* a required size comes with full subgroups: every wave whole */
                  .flags =
                      subgroup ? VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT : 0,
                  .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                  .module = module,
                  .pName = "main",
                  .pSpecializationInfo = spec_count ? &si : NULL},
        .layout = out->layout};
    r = vkCreateComputePipelines(dev->device, VK_NULL_HANDLE, 1, &ci, NULL, &out->pipeline);
  }
  if (module) vkDestroyShaderModule(dev->device, module, NULL);
  if (r != VK_SUCCESS) {
    LOG(vk, ERROR, "creating a compute pipeline failed (%d)", r);
    vk_compute_pipeline_destroy(dev, out);
    return false;
  }
  out->buffer_count = buffer_count;
  out->push_size = push_size;
  if (subgroup) dev->sized_pipelines++;
  return true;
}

void vk_compute_pipeline_destroy(vk_device *dev, struct vk_compute_pipeline *p) {
  if (!p) return;
  if (p->pipeline) vkDestroyPipeline(dev->device, p->pipeline, NULL);
  if (p->layout) vkDestroyPipelineLayout(dev->device, p->layout, NULL);
  if (p->set_layout) vkDestroyDescriptorSetLayout(dev->device, p->set_layout, NULL);
  memset(p, 0, sizeof(*p));
}

void vk_cmd_dispatch(vk_device *dev, VkCommandBuffer cb, const struct vk_compute_pipeline *p,
                     const struct vk_buffer *const *buffers, const uint64_t *offsets,
                     const void *push, uint32_t groups_x, uint32_t groups_y, uint32_t groups_z) {
  VkDescriptorBufferInfo info[8];
  VkWriteDescriptorSet w[8];
  for (uint32_t i = 0; i < p->buffer_count; i++) {
    info[i] = (VkDescriptorBufferInfo){
        .buffer = buffers[i]->buffer, .offset = offsets ? offsets[i] : 0, .range = VK_WHOLE_SIZE};
    w[i] = (VkWriteDescriptorSet){.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                  .dstBinding = i,
                                  .descriptorCount = 1,
                                  .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                  .pBufferInfo = &info[i]};
  }
  vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->pipeline);
  dev->push_descriptor(cb, VK_PIPELINE_BIND_POINT_COMPUTE, p->layout, 0, p->buffer_count, w);
  if (p->push_size)
    vkCmdPushConstants(cb, p->layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, p->push_size, push);
  vkCmdDispatch(cb, groups_x, groups_y, groups_z);
}

const struct vk_compute_pipeline *vk_compute_pipeline_kept(vk_device *dev, const uint32_t *spirv,
                                                           size_t spirv_bytes,
                                                           uint32_t buffer_count,
                                                           uint32_t push_size) {
  return vk_compute_pipeline_kept_spec(dev, spirv, spirv_bytes, buffer_count, push_size, NULL, 0);
}

const struct vk_compute_pipeline *vk_compute_pipeline_kept_spec(
    vk_device *dev, const uint32_t *spirv, size_t spirv_bytes, uint32_t buffer_count,
    uint32_t push_size, const uint32_t *spec, uint32_t spec_count) {
  return vk_compute_pipeline_kept_sized(dev, spirv, spirv_bytes, buffer_count, push_size, spec,
                                        spec_count, 0);
}

const struct vk_compute_pipeline *vk_compute_pipeline_kept_sized(
    vk_device *dev, const uint32_t *spirv, size_t spirv_bytes, uint32_t buffer_count,
    uint32_t push_size, const uint32_t *spec, uint32_t spec_count, uint32_t subgroup) {
  if (!spirv || !spirv_bytes || spec_count > 8) return NULL;
  uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a over the words */
  for (size_t i = 0; i < spirv_bytes / 4; i++) h = (h ^ spirv[i]) * 0x100000001b3ull;
  struct kept_pipeline *victim = NULL;
  for (uint32_t i = 0; i < dev->n_kept; i++) {
    struct kept_pipeline *k = &dev->kept[i];
    if (k->hash == h && k->bytes == spirv_bytes && k->buffer_count == buffer_count &&
        k->push_size == push_size && k->spec_count == spec_count && k->subgroup == subgroup &&
        (!spec_count || memcmp(k->spec, spec, 4 * spec_count) == 0) &&
        memcmp(k->spirv, spirv, spirv_bytes) == 0) {
      k->used = ++dev->kept_clock;
      return &k->p;
    }
    if (!victim || k->used < victim->used) victim = k;
  }
  if (!dev->kept) {
    dev->kept = calloc(VK_PIPELINES_KEPT, sizeof *dev->kept);
    if (!dev->kept) return NULL;
  }
  struct kept_pipeline *k = dev->n_kept < VK_PIPELINES_KEPT ? &dev->kept[dev->n_kept] : victim;
  uint32_t *copy = malloc(spirv_bytes);
  struct vk_compute_pipeline p;
  if (!copy || !vk_compute_pipeline_create_sized(dev, spirv, spirv_bytes, buffer_count, push_size,
                                                 spec, spec_count, subgroup, &p)) {
    free(copy);
    return NULL;
  }
  if (k == victim) { /* the least recently used one goes */
    vk_compute_pipeline_destroy(dev, &k->p);
    free(k->spirv);
  } else {
    dev->n_kept++;
  }
  memcpy(copy, spirv, spirv_bytes);
  *k = (struct kept_pipeline){.hash = h,
                              .used = ++dev->kept_clock,
                              .spirv = copy,
                              .bytes = spirv_bytes,
                              .buffer_count = buffer_count,
                              .push_size = push_size,
                              .spec_count = spec_count,
                              .subgroup = subgroup,
                              .p = p};
  if (spec_count) memcpy(k->spec, spec, 4 * spec_count);
  return &k->p;
}
