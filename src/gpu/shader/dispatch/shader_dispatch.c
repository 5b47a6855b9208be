#include "gpu/shader/dispatch/shader_dispatch.h"

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

uint32_t shader_dispatch_clock(vk_device *dev) {
  uint32_t f = vk_device_shader_clock(dev);
  return (f & 1 ? SPIRV_CLOCK_SUBGROUP : 0) | (f & 2 ? SPIRV_CLOCK_DEVICE : 0);
}

bool shader_dispatch_subgroup(vk_device *dev, uint32_t lanes) {
  VkPhysicalDeviceSubgroupProperties sg = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceProperties2 p = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                   .pNext = &sg};
  vkGetPhysicalDeviceProperties2(vk_device_physical(dev), &p);
  VkSubgroupFeatureFlags need = VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |
                                VK_SUBGROUP_FEATURE_SHUFFLE_BIT;
  uint32_t lo, hi; /* VK_EXT_subgroup_size_control: a pipeline can require the size */
  bool sized = vk_device_subgroup_sizes(dev, &lo, &hi) && lanes >= lo && lanes <= hi;
  return (sg.subgroupSize == lanes || sized) &&
         (sg.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
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
  if (!window || !window->data || !window->size) return fail(err, err_size, "bad arguments");
  struct shader_memory *mem = shader_memory_create(dev);
  if (!mem) return fail(err, err_size, "allocating the guest range table failed");
  /* one range: imported when the window is aligned for it (no copy), else a copy that is
   * uploaded now and downloaded after the run */
  uint64_t size = window->size & ~3ull;
  bool ok = size && shader_memory_map(mem, window->addr, window->data, size, true, err, err_size);
  if (!size) fail(err, err_size, "the guest window is smaller than a dword");
  if (ok)
    ok = shader_dispatch_memory(dev, words, count, states, wave_count, groups, mem, err, err_size);
  if (ok) shader_memory_download(mem, window->addr, size);
  shader_memory_destroy(mem);
  return ok;
}

bool shader_dispatch_memory(vk_device *dev, const uint32_t *words, size_t count,
                            const struct spirv_wave_state *states, uint32_t wave_count,
                            const uint32_t groups[3], struct shader_memory *mem, char *err,
                            size_t err_size) {
  if (!wave_count || wave_count > 32)
    return fail(err, err_size, "bad wave count (1..32 per workgroup)");
  const struct spirv_wave_state *state = states;
  if (!groups || !groups[0] || !groups[1] || !groups[2] || groups[0] > 65535 || groups[1] > 65535 ||
      groups[2] > 65535)
    return fail(err, err_size, "bad workgroup count (1..65535 per dimension)");
  if (!vk_device_has_address(dev))
    return fail(err, err_size, "the device has no buffer device address");
  if (!words || !count || !state || !mem) return fail(err, err_size, "bad arguments");
  struct vk_buffer st = {0};
  const struct vk_compute_pipeline *p = NULL;
  const struct vk_buffer *table = NULL;
  bool ok = false;
  /* binding 0: the waves' states, one after the other (the scalar part is read through the
   * descriptor, the junk area through the device address); binding 1: the range table */
  if (!vk_buffer_create(dev, sizeof *state * wave_count, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                        GPU_VK_MEMORY_HOST, &st)) {
    fail(err, err_size, "allocating the state buffer failed");
    goto out;
  }
  if (!st.address) {
    fail(err, err_size, "the state buffer has no device address");
    goto out;
  }
  memcpy(st.mapped, states, sizeof *state * wave_count);
  if (!shader_memory_prepare(mem, &table)) {
    fail(err, err_size, "preparing guest memory failed");
    goto out;
  }
  /* the device keeps the pipeline: one driver compile per module and range count */
  /* the range count and what the waves' start states let the module take as constants
   * (SPIRV_SPEC_*: guarded fences left out, a full EXEC, linear thread ids) */
  uint32_t spec[SPIRV_SPEC_COUNT];
  spirv_dispatch_spec(words, count, states, wave_count, shader_memory_count(mem), spec);
  spec[SPIRV_SPEC_FAULT_CHECK] = shader_memory_fault_check(mem); /* the table's choice */
  /* the subgroup path: subgroups of exactly one wave, required when the device lets a
   * pipeline say so (else its one size is the wave's: shader_dispatch_subgroup) */
  uint32_t lanes = spirv_subgroup_lanes(words, count), lo, hi;
  uint32_t sized =
      lanes && vk_device_subgroup_sizes(dev, &lo, &hi) && lanes >= lo && lanes <= hi ? lanes : 0;
  if (lanes && !sized && vk_device_subgroup_size(dev) != lanes) {
    fail(err, err_size, "the module needs subgroups of one wave, which the device cannot give");
    goto out;
  }
  p = vk_compute_pipeline_kept_sized(dev, words, count * 4, 2, sizeof(struct spirv_push), spec,
                                     SPIRV_SPEC_COUNT, sized);
  if (!p) {
    fail(err, err_size, "creating the compute pipeline failed (see the vk log)");
    goto out;
  }
  VkCommandBuffer cb = vk_device_begin(dev);
  if (!cb) {
    fail(err, err_size, "no command buffer");
    goto out;
  }
  const struct vk_buffer *bufs[2] = {&st, table};
  /* one Vulkan workgroup per workgroup, all its waves in it: wave w reads states[w] */
  struct spirv_push push = {.state = st.address};
  vk_cmd_dispatch(dev, cb, p, bufs, NULL, &push, groups[0], groups[1], groups[2]);
  vk_cmd_barrier(cb);
  if (!vk_device_submit_wait(dev, cb)) {
    fail(err, err_size, "the dispatch failed (submission, lost device or timeout)");
    goto out;
  }
  ok = true;
out:
  if (table) shader_memory_finish(mem);
  if (st.buffer) vk_buffer_destroy(dev, &st);
  return ok;
}
