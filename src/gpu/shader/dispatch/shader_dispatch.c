#include "gpu/shader/dispatch/shader_dispatch.h"

#include "gpu/shader/dispatch/dispatch_resources.h"

#include <stdio.h>
#include <string.h>

static bool fail(char *err, size_t size, const char *what) {
  snprintf(err, size, "%s", what);
  return false;
}

void shader_dispatch_float_controls(vk_device *dev, struct spirv_emit_options *opts) {
  VkPhysicalDeviceFloatControlsProperties fc = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FLOAT_CONTROLS_PROPERTIES};
  VkPhysicalDeviceProperties2 p = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                   .pNext = &fc};
  vkGetPhysicalDeviceProperties2(vk_device_physical(dev), &p);
  opts->denorm_preserve_f32 = fc.shaderDenormPreserveFloat32;
  opts->rte_f32 = fc.shaderRoundingModeRTEFloat32;
  opts->denorm_preserve_f64 = fc.shaderDenormPreserveFloat64;
  opts->rte_f64 = fc.shaderRoundingModeRTEFloat64;
}

bool shader_dispatch_subgroup(vk_device *dev, uint32_t lanes) {
  VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceProperties2 p = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                   .pNext = &sg};
  vkGetPhysicalDeviceProperties2(vk_device_physical(dev), &p);
  VkSubgroupFeatureFlags need = VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |
                                VK_SUBGROUP_FEATURE_SHUFFLE_BIT;
  return sg.subgroupSize == lanes && (sg.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
         (sg.supportedOperations & need) == need;
}

bool shader_dispatch_wave(vk_device *dev, const uint32_t *words, size_t count,
                          const struct spirv_wave_state *state,
                          struct shader_dispatch_window *window, char *err, size_t err_size) {
  static const uint32_t one[3] = {1, 1, 1};
  return shader_dispatch_grid(dev, words, count, state, one, window, err, err_size);
}

bool shader_dispatch_grid(vk_device *dev, const uint32_t *words, size_t count,
                          const struct spirv_wave_state *state, const uint32_t groups[3],
                          struct shader_dispatch_window *window, char *err, size_t err_size) {
  return shader_dispatch_waves(dev, words, count, state, 1, groups, window, err, err_size);
}

bool shader_dispatch_waves(vk_device *dev, const uint32_t *words, size_t count,
                           const struct spirv_wave_state *states, uint32_t wave_count,
                           const uint32_t groups[3], struct shader_dispatch_window *window,
                           char *err, size_t err_size) {
  if (!wave_count || wave_count > 32)
    return fail(err, err_size, "bad wave count (1..32 per workgroup)");
  const struct spirv_wave_state *state = states;
  if (!groups || !groups[0] || !groups[1] || !groups[2] || groups[0] > 65535 || groups[1] > 65535 ||
      groups[2] > 65535)
    return fail(err, err_size, "bad workgroup count (1..65535 per dimension)");
  if (!vk_device_has_address(dev))
    return fail(err, err_size, "the device has no buffer device address");
  if (!words || !count || !state || !window || !window->data || !window->size)
    return fail(err, err_size, "bad arguments");
  if (window->addr >> 48 || window->size > (1ull << 48) - window->addr)
    return fail(err, err_size, "the guest window is not inside the 48-bit address space");
  struct vk_buffer st = {0}, mem = {0};
  const struct vk_compute_pipeline *p = NULL;
  bool ok = false;
  /* binding 0 (the state buffer) is not read through the descriptor: the pipeline layout
   * of the device layer wants at least one buffer to push */
  if (!vk_buffer_create(dev, sizeof *state * wave_count, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                        GPU_VK_MEMORY_HOST, &st) ||
      !dispatch_window_acquire(dev, window, &mem)) { /* imported, or a copy */
    fail(err, err_size, "allocating the state or memory buffer failed");
    goto out;
  }
  if (!st.address || !mem.address) {
    fail(err, err_size, "a buffer has no device address");
    goto out;
  }
  memcpy(st.mapped, states, sizeof *state * wave_count);
  /* the device keeps the pipeline: one driver compile per module */
  p = vk_compute_pipeline_kept(dev, words, count * 4, 1, sizeof(struct spirv_push));
  if (!p) {
    fail(err, err_size, "creating the compute pipeline failed (see the vk log)");
    goto out;
  }
  VkCommandBuffer cb = vk_device_begin(dev);
  if (!cb) {
    fail(err, err_size, "no command buffer");
    goto out;
  }
  const struct vk_buffer *bufs[1] = {&st};
  /* one Vulkan workgroup per workgroup, all its waves in it: wave w reads states[w] */
  struct spirv_push push = {.state = st.address, .memory_delta = mem.address - window->addr};
  vk_cmd_dispatch(dev, cb, p, bufs, NULL, &push, groups[0], groups[1], groups[2]);
  vk_cmd_barrier(cb);
  if (!vk_device_submit_wait(dev, cb)) {
    fail(err, err_size, "the dispatch failed (submission, lost device or timeout)");
    goto out;
  }
  ok = true;
out:
  dispatch_window_release(dev, window, &mem, ok); /* a copy is written back after success */
  if (st.buffer) vk_buffer_destroy(dev, &st);
  return ok;
}
