/* The compute dispatch entry point the command processor calls for DISPATCH_DIRECT and
 * DISPATCH_INDIRECT: the COMPUTE_* registers (compute_regs.h) say where the code is, how
 * big a workgroup is and how its waves start; the code is read from guest memory, compiled
 * through the shader cache (once per code and specialisation) and run on the Vulkan device
 * for every wave of every workgroup.
 *
 * A workgroup of several waves is one Vulkan workgroup of waves x wave_size invocations
 * (the lane model of docs/shader-spirv.md): each wave from its own start state (thread ids,
 * EXEC of a partial last wave, TG_SIZE's wave index), all sharing the group's LDS and
 * meeting at s_barrier.
 */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_COMPUTE_DISPATCH_H
#define PROSPERO_GPU_SHADER_DISPATCH_COMPUTE_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/dispatch/compute_gds.h"
#include "gpu/shader/dispatch/compute_regs.h"
#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/vk/vk_device.h"

/* Workgroups per dimension of one Vulkan dispatch (maxComputeWorkGroupCount's guaranteed
 * minimum); larger grids are split. */
#define COMPUTE_MAX_GRID_PART 65535u

/* The largest part (workgroups per dimension) a grid of GROUPS[3] runs as, one Vulkan
 * dispatch after the other: at most COMPUTE_MAX_GRID_PART per dimension and, when RING (the
 * scratch ring's whole groups, compute_scratch_ring_groups) is not 0, at most RING
 * workgroups in all, whole rows of X first, so that the groups of one dispatch never need
 * more slots than the ring has: group (x, y, z) of a part takes slot (z * py + y) * px + x
 * (docs/shader-dispatch.md, "Scratch"). */
void compute_grid_part(const uint32_t groups[3], uint32_t ring, uint32_t part[3]);

enum compute_fault_checks {
  COMPUTE_FAULT_CHECKS_SAMPLED,
  COMPUTE_FAULT_CHECKS_ALWAYS,
  COMPUTE_FAULT_CHECKS_OFF,
};

struct compute_dispatcher {
  vk_device *dev;
  struct shader_cache *cache;
  /* a table of guest ranges kept across dispatches (shader_memory_use_window: each window
   * imported once while the guest keeps it mapped); NULL: one made per dispatch */
  struct shader_memory *mem;
  /* the GPU's global data share (compute_gds.h): a shader with GDS instructions gets it
   * mapped (through MEM, or a table made for the dispatch) and compiled for it; NULL: such
   * a shader is refused, naming its first GDS operation */
  struct compute_gds *gds;
  /* accesses outside every mapped guest range (docs/shader-dispatch.md, "Unmapped
   * accesses"): whether the last dispatch checked for them, its record (count 0: none), its
   * line of text, and how many warnings were logged so far (one per faulting dispatch,
   * COMPUTE_FAULT_WARNINGS in all, then every COMPUTE_FAULT_SUMMARY-th faulting dispatch as a
   * summary) */
  bool fault_checked;
  /* which dispatches run with the checks: COMPUTE_FAULT_CHECKS_SAMPLED (0, the default: see
   * COMPUTE_FAULT_CHECK_FIRST), _ALWAYS (every one: slower, nothing missed) or _OFF */
  enum compute_fault_checks fault_checks;
  /* where the dispatch came from, named in the warning ("queue 3"); NULL: not named */
  const char *origin;
  struct shader_fault fault;
  char fault_text[320];
  uint64_t faulting_dispatches;
};
#define COMPUTE_FAULT_WARNINGS 8
#define COMPUTE_FAULT_SUMMARY 1000
/* The fault checks are sampled (they cost lavapipe up to a third of a memory-bound kernel's
 * speed): a shader's first COMPUTE_FAULT_CHECK_FIRST dispatches, then every
 * COMPUTE_FAULT_CHECK_EVERY-th, and all of them once one faulted, run with them. */
#define COMPUTE_FAULT_CHECK_FIRST 16
#define COMPUTE_FAULT_CHECK_EVERY 64
/* Whether a shader's dispatch number NTH (from 0) runs with the checks, FAULTED: one of its
 * dispatches touched memory outside every range. */
bool compute_fault_check_due(uint64_t nth, bool faulted);

/* DISPATCH_DIRECT: GROUPS[3] workgroups (0 in any dimension: nothing runs). WINDOW holds
 * the guest memory the shader reaches, its code included. False with ERR filled when the
 * registers are not runnable, the code is not in the window, the shader does not compile,
 * or the device fails. */
bool compute_dispatch_direct(struct compute_dispatcher *d, const struct compute_regs *regs,
                             const uint32_t groups[3], struct shader_dispatch_window *window,
                             char *err, size_t err_size);
/* DISPATCH_INDIRECT: the group counts are the three dwords at guest address ARGS. */
bool compute_dispatch_indirect(struct compute_dispatcher *d, const struct compute_regs *regs,
                               uint64_t args, struct shader_dispatch_window *window, char *err,
                               size_t err_size);

/* The dwords of the shader starting at WORDS[0] (at most MAX): decoded linearly up to the
 * s_endpgm that no earlier branch (or s_getpc_b64 + s_add_u32 call target) reaches past,
 * or to s_code_end; what a cache key hashes. */
size_t compute_code_extent(const uint32_t *words, size_t max, bool wave64);

/* The start state of a wave in the form the SPIR-V module reads. */
void compute_wave_to_spirv(const struct compute_wave *w, struct spirv_wave_state *out);

#endif
