// Tiled <-> linear conversion of one surface plane (level, slice, fragment) for every GFX10
// swizzle family: the per-family address equation arrives as XOR tables (x, y and slice
// terms) built on the host from the mode's equation, so one shader serves all families.
// Compiled once per unit size (ELEM_BYTES = 1, 2, 4, 8, 16), direction (TO_TILED) and tiled
// layout (TILED_LINEAR: SW_LINEAR rows). A unit is an element, or 2^unit_log2 elements that
// are contiguous in both the tiled and linear copies (for example four 4-byte elements of a
// standard-swizzle row moved as one 16-byte unit); one invocation moves 2^group_log2 units.
//
// Speed on CPU implementations (lavapipe): every buffer access at a per-invocation address
// is done lane by lane, and both sides of a branch run under a mask, so the direction and
// layout are compile-time choices and the workgroup is wide (256) to spread the per-group
// setup. The row (y) and slice (z) terms, and unit k's x term, are read at the same index
// by every invocation of a workgroup (a broadcast on GPUs); llvmpipe 22.3 still reads them
// lane by lane, as it treats only push-constant-derived addresses outside loops as uniform
// (docs/tiling.md; tiler_region.comp is built around that).
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
#extension GL_EXT_shader_8bit_storage : require
#extension GL_EXT_shader_16bit_storage : require

#if ELEM_BYTES == 1
#define ELEM uint8_t
#elif ELEM_BYTES == 2
#define ELEM uint16_t
#elif ELEM_BYTES == 4
#define ELEM uint
#elif ELEM_BYTES == 8
#define ELEM uvec2
#else
#define ELEM uvec4
#endif

layout(local_size_x = 256, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer Tiled { ELEM tiled[]; };
layout(std430, binding = 1) buffer Linear { ELEM linear[]; };
layout(std430, binding = 2) readonly buffer Tables {
  uint x_term[1024]; // in-block offset bits contributed by x (tail position included)
  uint y_term[1024]; // same for y
  uint z_term[256];  // same for the slice index
};

layout(push_constant) uniform Params {
  uint width, height;        // level size in elements
  uint tail_x, tail_y;       // position inside the mip-tail block (0 outside the tail)
  uint bw_log2, bh_log2;     // block size in elements
  uint blk_log2;             // block bytes, log2
  uint blocks_per_row;       // level pitch / block width
  uint tiled_base;           // bytes: slice-0 base + level block offset
  uint zs_term;              // equation term of the fragment (and the pipe/bank XOR)
  uint linear_base;          // bytes
  uint linear_pitch;         // bytes per linear row
  uint y_start;              // first row (rows below it are done by tiler_region.comp)
  uint tiled_pitch;
  uint x_start;              // first element of the row (likewise)
  uint unit_log2;            // elements per invocation, log2
  uint elem_log2;            // bytes per element, log2
  uint slab_bytes;           // tiled bytes between slabs of slices
  uint slab_log2;            // slices per slab, log2 (3D thick blocks hold several)
  uint linear_slice_bytes;   // linear bytes per slice
  uint group_log2;           // units per invocation, log2; the units of one invocation lie
                             // in one block and start aligned, so the x term of unit k is
                             // x_term[first x] ^ x_term[k units]
} pc;

void main() {
  uint xa = pc.x_start + (gl_GlobalInvocationID.x << (pc.unit_log2 + pc.group_log2));
  uint y = pc.y_start + gl_WorkGroupID.y;
  uint z = gl_WorkGroupID.z; // slice (array layer or 3D slice) of this level
  if (xa >= pc.width) return; // y and z come from the dispatch size
  uint tiled_base = pc.tiled_base + (z >> pc.slab_log2) * pc.slab_bytes;
#if TILED_LINEAR
  uint trow = tiled_base + ((y * pc.tiled_pitch) << pc.elem_log2);
#else
  uint block = (y >> pc.bh_log2) * pc.blocks_per_row + (xa >> pc.bw_log2);
  // y and z are the same for the whole workgroup: the same table entries in every lane
  uint x_row = x_term[(xa + pc.tail_x) & 1023u] ^ y_term[(y + pc.tail_y) & 1023u] ^
               (z == 0u ? 0u : z_term[z & 255u]) ^ pc.zs_term;
  uint tblock = tiled_base + (block << pc.blk_log2);
#endif
  uint lrow = pc.linear_base + z * pc.linear_slice_bytes + y * pc.linear_pitch;
  uint n = 1u << pc.group_log2;
  for (uint k = 0u; k < n; k++) {
    uint dx = k << pc.unit_log2; // the same for every invocation: one table entry for all lanes
    uint x = xa + dx;
    if (x >= pc.width) break;
#if TILED_LINEAR
    uint toff = trow + (x << pc.elem_log2);
#else
    uint toff = tblock + (x_row ^ x_term[dx]);
#endif
    uint loff = lrow + (x << pc.elem_log2);
#if TO_TILED
    tiled[toff / ELEM_BYTES] = linear[loff / ELEM_BYTES];
#else
    linear[loff / ELEM_BYTES] = tiled[toff / ELEM_BYTES];
#endif
  }
}
