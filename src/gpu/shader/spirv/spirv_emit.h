/* IR -> SPIR-V for compute shaders (docs/shader-spirv.md).
 *
 * Lane model (BRIEF.md decision 7): one invocation per lane; a workgroup of wave_size
 * invocations is one wave, LocalInvocationIndex the lane. IR values are per-lane values;
 * scalar (SGPR) values are the same in every invocation because they are computed from
 * uniform inputs, and control flow is uniform (the IR branches on scalar state only), so
 * barriers are legal anywhere. EXEC is a per-lane predicate: the IR already carries it as
 * lane_bit(exec) selects and as the active operand of memory operations: a lane whose
 * access must not happen (inactive, or outside the V#'s range) is sent to its own dword of
 * the state's junk area instead, so the module's control flow is exactly the IR's.
 * Cross-lane operations go through workgroup memory (ballot, read_first_lane), which works
 * whatever the host's subgroup size, or through subgroup operations when the device's
 * subgroup is exactly a wave. A workgroup of several waves is one Vulkan workgroup
 * (spirv_emit_lanes.c).
 *
 * Inputs: the wave's register file at start (struct spirv_wave_state: SGPRs, VCC, EXEC,
 * M0, SCC, and the VGPRs of every lane), a storage buffer at set 0 binding 0 whose device
 * address is also in the push constants (struct spirv_push); and the table of guest
 * ranges (SPIRV_RANGES_*), a storage buffer at binding 1: guest address A (bits 47:0;
 * 63:48 are ignored as the GPU does) is the device address of the first range holding the
 * whole access plus A's offset in it; an address in no range reads 0 and drops its store
 * (docs/shader-dispatch.md, "Guest memory: the range table").
 *
 * Only a subset of the IR is emitted yet; a function that uses anything else gives no
 * module, and the error counts the operations not emitted and names the first one.
 */
#ifndef PROSPERO_GPU_SHADER_SPIRV_SPIRV_EMIT_H
#define PROSPERO_GPU_SHADER_SPIRV_SPIRV_EMIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/ir/ir.h"

/* The push constant block of an emitted module (std430: offsets 0 and 8). */
struct spirv_push {
  uint64_t state;    /* device address of the struct spirv_wave_state at binding 0 */
  uint64_t reserved; /* 0 */
};

/* The guest range table at binding 1 (dwords): the number of ranges, then
 * SPIRV_RANGE_SLOTS entries of SPIRV_RANGE_DWORDS: guest address, size in bytes (at least
 * 4), device address (u64 each, low dword first). An unused slot has a guest address of
 * SPIRV_RANGE_UNUSED (above the 48-bit space: no address matches) and size 4. */
#define SPIRV_RANGES_COUNT 0
#define SPIRV_RANGES_FIRST 8
#define SPIRV_RANGE_DWORDS 8
#define SPIRV_RANGE_SLOTS 4
#define SPIRV_RANGE_UNUSED (1ull << 63)
/* Dwords 2-3 (qword SPIRV_RANGES_FAULT / 2): the device address of the fault record, 0 for
 * none. An access by an active lane whose address no range holds (after the V# check: a
 * buffer access out of its records is no fault) still reads 0 and drops its store or
 * atomic, and counts in the record: SPIRV_FAULT_DWORDS dwords the dispatch clears before
 * and reads after the run (docs/shader-dispatch.md, "Unmapped accesses"). The count goes
 * up once per lane and access (each dword of a wide access; a scalar access once per
 * wave); the access that took the count from 0 writes the details of the first. */
#define SPIRV_RANGES_FAULT 2
#define SPIRV_FAULT_COUNT 0 /* accesses outside every range (modulo 2^32) */
#define SPIRV_FAULT_ADDR 2  /* the first one's guest address, bits 47:0 (lo, hi) */
#define SPIRV_FAULT_KIND 4  /* enum spirv_fault_kind in bits 7:0, its bytes in bits 15:8 */
#define SPIRV_FAULT_PC 5    /* its instruction's byte offset in the shader (~0: unknown) */
#define SPIRV_FAULT_LANE 6  /* its lane in bits 7:0, its wave in the workgroup in 15:8 */
#define SPIRV_FAULT_DWORDS 8 /* the rest: 0 */
enum spirv_fault_kind {
  SPIRV_FAULT_NONE = 0,
  SPIRV_FAULT_LOAD,   /* vector memory (global, flat, buffer) */
  SPIRV_FAULT_STORE,
  SPIRV_FAULT_ATOMIC,
  SPIRV_FAULT_SCALAR, /* s_load / s_buffer_load */
  SPIRV_FAULT_IMAGE,  /* an image access's texels */
  SPIRV_FAULT_JUMP,   /* a return through a register to no return point (the wave ends) */
  SPIRV_FAULT_FORMAT, /* an image load or sample of a format not decoded: read as 0, the
                         record's address is the T#'s format (docs/shader-spirv.md, "Images") */
  SPIRV_FAULT_KINDS
};
/* "load", "store", ... ("?" for none or an unknown value) */
const char *spirv_fault_kind_name(uint32_t kind);
/* After the slots, at dword SPIRV_RANGES_PATTERNS: the GFX10 swizzle equations for image
 * accesses (tiling.h tiling_gpu_table, 64-bit words; at most SPIRV_PATTERN_WORDS): word
 * SPIRV_PATTERN_INDEX(mode, kind, elem_log2) gives where an equation's 16 words start (0:
 * none; kinds 0-2 as tiling.h, 3-5 2D with 2, 4, 8 fragments), each word b the in-block bits
 * flipped by bit b of x (15:0), y (31:16), z (47:32) and, b < 4, the fragment (63:48).
 * The dispatch fills it once (shader_memory.c, which checks the two headers agree). */
#define SPIRV_RANGES_PATTERNS (SPIRV_RANGES_FIRST + SPIRV_RANGE_DWORDS * SPIRV_RANGE_SLOTS)
#define SPIRV_PATTERN_INDEX(mode, kind, elem_log2) (((mode) * 6u + (kind)) * 5u + (elem_log2))
#define SPIRV_PATTERN_WORDS (32u * 6u * 5u + 16u * 192u)
/* Specialization constant 0: the number of ranges in the table (default SPIRV_RANGE_SLOTS);
 * the slots past it are not tested (the pipeline compiler removes their code). */
#define SPIRV_SPEC_RANGE_COUNT 0
/* Specialization constant 1 (bool, default true): whether the module's guarded fences run.
 * A fence before a store to guest memory that only orders it against earlier accesses of
 * the same wave at addresses of the form SGPR pair + a 32-bit offset whose lane-varying part
 * the emitter bounds is guarded: the module carries the guards (an OpString, see
 * spirv_guarded_fences) and a dispatch whose waves' SGPRs put every such pair of accesses
 * of different lanes apart sets the constant to false, so the pipeline has no barrier
 * there (docs/shader-spirv.md, "Memory order between lanes"). */
#define SPIRV_SPEC_GUARDED_FENCES 1
/* Specialization constant 2 (bool, default false): every wave starts with all its lanes in
 * EXEC (32 or 64 ones, the rest 0). The module then takes its entry EXEC and the lane bits
 * of it as constants, so the pipeline compiler drops the EXEC selects of the straight-line
 * code; the module carries "prospero.exec_full <wave size>" (OpString) for
 * spirv_exec_full. */
#define SPIRV_SPEC_EXEC_FULL 2
/* Specialization constant 3 (bool, default false): in every wave, v0 of lane l of wave w is
 * w * wave size + l (1-D thread ids, as a dispatch of groups X threads wide sets them). The
 * module then computes v0 from its invocation index instead of loading it per lane; it
 * carries "prospero.tid_linear <wave size>" (OpString) for spirv_tid_linear. */
#define SPIRV_SPEC_TID_LINEAR 3
/* Specialization constant 4 (bool, default true): accesses outside every range are counted
 * in the fault record (SPIRV_RANGES_FAULT). False: the pipeline has no trace of the checks
 * (on lavapipe they cost a kernel of one load and one store per lane about a third of its
 * speed, every dispatch); such accesses still read 0 and drop their stores. */
#define SPIRV_SPEC_FAULT_CHECK 4
#define SPIRV_SPEC_COUNT 5 /* the specialization constants above */
/* The thread-id VGPRs a guard assumes (spirv_emit_options.entry_vgprs) hold at most this. */
#define SPIRV_GUARD_TID_MAX 1023

/* The register file at wave start as the module reads it (dwords). */
#define SPIRV_STATE_SGPR 0      /* s0..s105 */
#define SPIRV_STATE_VCC 106     /* lo, hi */
#define SPIRV_STATE_EXEC 108    /* lo, hi */
#define SPIRV_STATE_M0 110
#define SPIRV_STATE_SCC 111     /* 0 or 1 */
#define SPIRV_STATE_VGPR 112    /* v[r] of lane l at SPIRV_STATE_VGPR + r * 64 + l */
#define SPIRV_STATE_JUNK (112 + 256 * 64) /* one dword per lane, written by dropped stores */
/* the shader's guest code address (COMPUTE_PGM_LO/HI << 8; lo, hi): s_getpc_b64 gives it
 * plus the next instruction's byte offset, a call's return address it plus the return
 * point's; a run-time input, so one module serves the same code at any address */
#define SPIRV_STATE_CODE_BASE (SPIRV_STATE_JUNK + 64)
/* the sampler's border colour table (lo, hi: compute_config.border_color_base, from
 * TA_CS_BC_BASE_ADDR/_HI): an S# of BORDER_COLOR_TYPE 3 takes its border colour from the 16
 * bytes at this address + 16 * BORDER_COLOR_PTR (docs/shader-spirv.md, "Sampling"); a
 * run-time input, as the code base */
#define SPIRV_STATE_BORDER_BASE (SPIRV_STATE_CODE_BASE + 2)
struct spirv_wave_state {
  uint32_t sgpr[106];
  uint32_t vcc[2], exec[2];
  uint32_t m0, scc;
  uint32_t vgpr[256][64];
  uint32_t junk[64];
  uint32_t code_base[2];
  uint32_t border_base[2];
};

struct spirv_emit_options {
  uint32_t version;        /* SPIR-V version word; 0: 1.5 (Vulkan 1.2) */
  const char *source_name; /* the OpString that OpLine refers to; NULL: "shader" */
  /* float controls the device supports (VkPhysicalDeviceFloatControlsProperties): when
   * set and the shader does float arithmetic, f32 denormals are declared preserved /
   * rounding declared to nearest even, as the interpreter computes. Without them the
   * device's defaults apply (lavapipe flushes f32 denormals: docs/shader-spirv.md). */
  bool denorm_preserve_f32;
  bool rte_f32;
  bool denorm_preserve_f64; /* the same for 64-bit float arithmetic */
  bool rte_f64;
  /* the workgroup's LDS allocation in bytes (up to 65536): accesses past it read 0 and
   * drop writes, as the hardware's range check */
  uint32_t lds_bytes;
  /* workgroup ids (COMPUTE_PGM_RSRC2 TGID_X/Y/Z_EN): the SGPR that receives the id of
   * dimension d is tgid_sgpr[d] - 1 (0: not enabled); those SGPRs read WorkgroupId plus
   * the state's value (the first group of a grid split into several dispatches, else 0),
   * so one module runs a grid of workgroups, one wave each */
  uint32_t tgid_sgpr[3];
  /* VGPRs the wave starts with a value in (v0..v(entry_vgprs-1): the thread ids); the
   * others start as 0 without a load (the hardware leaves them undefined, the dispatch's
   * state holds 0). 0: every VGPR is read from the state (tests that set them all). */
  uint32_t entry_vgprs;
  /* waves per workgroup (0 or 1: one; at most 32 and 1,024 invocations): the workgroup's
   * waves are one Vulkan workgroup of waves x wave_size invocations, sharing LDS and
   * meeting at s_barrier; wave w reads its start state at push.state + w * sizeof(struct
   * spirv_wave_state) */
  uint32_t waves;
  /* the device's subgroup is exactly one wave (subgroupSize == wave size, with ballot and
   * shuffle in compute): cross-lane operations through subgroup operations and fences at
   * subgroup scope, else through workgroup memory */
  bool subgroup;
  /* test mode of the subgroup path (with `subgroup`): waves of LANES invocations (fewer than
   * wave_size, e.g. lavapipe's 8), for kernels whose lanes past LANES are never active nor
   * read; 0: wave_size */
  uint32_t lanes;
  /* private (scratch) memory per lane in bytes, at most SPIRV_MAX_SCRATCH_LANE_BYTES
   * (COMPUTE_TMPRING_SIZE.WAVESIZE / wave size): scratch_* and FLAT private accesses past
   * it read 0 and drop writes; 0: none */
  uint32_t scratch_lane_bytes;
  /* the scratch wave offset SGPR + 1 (COMPUTE_PGM_RSRC2.SCRATCH_EN; 0: none): it reads the
   * state's value (the wave's part) plus G * scratch_group_bytes, G the workgroup's linear
   * index in the dispatch, so the groups of one dispatch use distinct slots of the scratch
   * ring (MUBUF scratch through the private segment buffer V#); the dispatcher keeps a
   * dispatch within the ring (compute_grid_part) */
  uint32_t scratch_sgpr, scratch_group_bytes;
  /* GDS (ds_* with the gds bit; the translation applies M0's base and size): the guest
   * address at which the caller maps the global data share's gds_bytes bytes as one more
   * guest range (0: GDS accesses are refused); a GDS access of N bytes at address A is in
   * range when A + N <= gds_bytes, else it reads 0 and writes nothing (the interpreter's
   * rule). The ds_gws_* forms stay refused. */
  uint64_t gds_addr;
  uint32_t gds_bytes;
  /* the device's VK_KHR_shader_clock features (SPIRV_CLOCK_* bits; 0: none): s_memtime
   * needs either, s_memrealtime the device clock, else they are refused */
  uint32_t shader_clock;
};
#define SPIRV_CLOCK_SUBGROUP 1u /* shaderSubgroupClock */
#define SPIRV_CLOCK_DEVICE 2u   /* shaderDeviceClock */
#define SPIRV_MAX_SCRATCH_LANE_BYTES 16384u

struct spirv_module {
  uint32_t *words;        /* malloc'd; NULL when emission failed */
  size_t count;
  uint32_t unsupported;   /* IR instructions (or features) that are not emitted yet */
  char error[200];        /* why there is no module: the first unsupported operation... */
};

/* Emits FN (SSA form, structured) as a GLCompute entry point "main" with local size
 * wave_size x 1 x 1. Returns false (OUT->words NULL, OUT->error filled) when FN uses
 * anything not emitted yet, or on allocation failure. */
bool spirv_emit_compute(const struct ir_function *fn, const struct spirv_emit_options *opts,
                        struct spirv_module *out);
void spirv_module_free(struct spirv_module *m);

/* The value of SPIRV_SPEC_GUARDED_FENCES for a dispatch of the module WORDS[COUNT] whose
 * waves start from STATES[WAVES]: 0 when the module carries fence guards and every guard
 * holds for every wave (the guarded accesses of different lanes never meet, and the
 * thread-id VGPRs are at most SPIRV_GUARD_TID_MAX), else 1 (the fences run). */
uint32_t spirv_guarded_fences(const uint32_t *words, size_t count,
                              const struct spirv_wave_state *states, uint32_t waves);

/* The value of SPIRV_SPEC_EXEC_FULL for a dispatch of WORDS[COUNT] from STATES[WAVES]: 1
 * when the module asks and every wave's EXEC is all lanes of the wave, else 0. */
uint32_t spirv_exec_full(const uint32_t *words, size_t count, const struct spirv_wave_state *states,
                         uint32_t waves);

/* The value of SPIRV_SPEC_TID_LINEAR for a dispatch of WORDS[COUNT] from STATES[WAVES]: 1
 * when the module asks and v0 of every lane of every wave is its linear thread id. */
uint32_t spirv_tid_linear(const uint32_t *words, size_t count, const struct spirv_wave_state *states,
                          uint32_t waves);
/* The subgroup size a module emitted for the subgroup path needs (spirv_emit_options.lanes
 * or the wave size; the module carries "prospero.subgroup_lanes <n>"), 0 for the
 * workgroup-memory path. */
uint32_t spirv_subgroup_lanes(const uint32_t *words, size_t count);
/* All of SPIRV_SPEC_* for a dispatch of WORDS[COUNT] from STATES[WAVES] against a table of
 * RANGES guest ranges, in SPEC[SPIRV_SPEC_COUNT] (constant i at index i). */
void spirv_dispatch_spec(const uint32_t *words, size_t count, const struct spirv_wave_state *states,
                         uint32_t waves, uint32_t ranges, uint32_t spec[SPIRV_SPEC_COUNT]);

/* Whether OP is emitted (for documentation and coverage counts). */
bool spirv_emit_supports(enum ir_op op);

#endif
