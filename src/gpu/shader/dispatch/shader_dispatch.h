/* Runs a compute module emitted by spirv_emit_compute() on a Vulkan device, one workgroup
 * of wave_size invocations per wave. The register file at wave start is a storage buffer
 * (binding 0); guest memory is a table of guest ranges (shader_memory.h, binding 1), each a
 * buffer the module reaches through its device address. shader_dispatch_memory takes the
 * table; the window forms map one window of guest memory as a table of one range (imported
 * when aligned for it, else copied in and out around the run). The command processor's
 * entry point (compute_dispatch.h) builds on them. */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_SHADER_DISPATCH_H
#define PROSPERO_GPU_SHADER_DISPATCH_SHADER_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/dispatch/shader_memory.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "gpu/vk/vk_device.h"

/* SIZE bytes of guest memory at guest address ADDR (bits 47:0), held at DATA. */
struct shader_dispatch_window {
  uint64_t addr;
  uint8_t *data;
  uint64_t size;
};

/* Runs WORDS (a module from spirv_emit_compute) once with STATE; WINDOW's bytes are
 * uploaded before and replaced by the device's after. Returns false with ERR filled when
 * the device cannot run it (no buffer device address, pipeline or submission failure). */
bool shader_dispatch_wave(vk_device *dev, const uint32_t *words, size_t count,
                          const struct spirv_wave_state *state,
                          struct shader_dispatch_window *window, char *err, size_t err_size);
/* The same for a grid of GROUPS[0] x [1] x [2] workgroups of one wave each, all starting
 * from STATE except for the workgroup-id SGPRs (spirv_emit_options.tgid_sgpr). */
bool shader_dispatch_grid(vk_device *dev, const uint32_t *words, size_t count,
                          const struct spirv_wave_state *state, const uint32_t groups[3],
                          struct shader_dispatch_window *window, char *err, size_t err_size);

/* The same for WAVE_COUNT waves per workgroup (a module emitted with
 * spirv_emit_options.waves = WAVE_COUNT): wave W of every group starts from STATES[W].
 * WINDOW is one guest range (imported when aligned for it, else copied in and out around
 * the run). */
bool shader_dispatch_waves(vk_device *dev, const uint32_t *words, size_t count,
                           const struct spirv_wave_state *states, uint32_t wave_count,
                           const uint32_t groups[3], struct shader_dispatch_window *window,
                           char *err, size_t err_size);

/* The same against the guest range table MEM (shader_memory.h): nothing is copied for
 * imported ranges; copied ranges get the host's marked writes uploaded first and are
 * marked as written by the device (shader_memory_download brings them back). */
bool shader_dispatch_memory(vk_device *dev, const uint32_t *words, size_t count,
                            const struct spirv_wave_state *states, uint32_t wave_count,
                            const uint32_t groups[3], struct shader_memory *mem, char *err,
                            size_t err_size);

/* Whether DEV's subgroups can be exactly LANES invocations (its subgroup size, or one a
 * pipeline can require through VK_EXT_subgroup_size_control, which shader_dispatch_memory
 * then requires for a module of the subgroup path) with basic, ballot and shuffle
 * operations in compute shaders: spirv_emit_options.subgroup for waves of LANES. */
bool shader_dispatch_subgroup(vk_device *dev, uint32_t lanes);

/* The float controls DEV supports, as spirv_emit_options wants them. */
void shader_dispatch_float_controls(vk_device *dev, struct spirv_emit_options *opts);
/* The device's shader clock as spirv_emit_options.shader_clock (SPIRV_CLOCK_* bits) */
uint32_t shader_dispatch_clock(vk_device *dev);

#endif
