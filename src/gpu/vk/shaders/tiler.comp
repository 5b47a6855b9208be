// Tiled <-> linear conversion of one surface plane (level, slice, fragment) for every GFX10
// swizzle family: the per-family address equation arrives as two XOR tables (x and y terms)
// built on the host from the mode's equation, so one shader serves all families. Compiled
// once per unit size (ELEM_BYTES = 1, 2, 4, 8, 16); one invocation moves one unit: an
// element, or 2^unit_log2 elements that are contiguous in both the tiled and linear copies
// (for example four 4-byte elements of a standard-swizzle row moved as one 16-byte unit).
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

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

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
  uint to_tiled;             // 0: detile (tiled -> linear), 1: tile
  uint tiled_is_linear;      // SW_LINEAR: row-major with tiled_pitch elements per row
  uint tiled_pitch;
  uint x_start;              // first column of this dispatch
  uint unit_log2;            // elements per invocation, log2
  uint elem_log2;            // bytes per element, log2
  uint slab_bytes;           // tiled bytes between slabs of slices
  uint slab_log2;            // slices per slab, log2 (3D thick blocks hold several)
  uint linear_slice_bytes;   // linear bytes per slice
} pc;

void main() {
  uint x = pc.x_start + (gl_GlobalInvocationID.x << pc.unit_log2);
  uint y = gl_GlobalInvocationID.y;
  uint z = gl_GlobalInvocationID.z; // slice (array layer or 3D slice) of this level
  if (x >= pc.width || y >= pc.height) return;
  uint tiled_base = pc.tiled_base + (z >> pc.slab_log2) * pc.slab_bytes;
  uint toff;
  if (pc.tiled_is_linear != 0u) {
    toff = tiled_base + ((y * pc.tiled_pitch + x) << pc.elem_log2);
  } else {
    uint block = (y >> pc.bh_log2) * pc.blocks_per_row + (x >> pc.bw_log2);
    uint in_block = x_term[(x + pc.tail_x) & 1023u] ^ y_term[(y + pc.tail_y) & 1023u] ^
                    z_term[z & 255u] ^ pc.zs_term;
    toff = tiled_base + (block << pc.blk_log2) + in_block;
  }
  uint loff = pc.linear_base + z * pc.linear_slice_bytes + y * pc.linear_pitch + (x << pc.elem_log2);
  if (pc.to_tiled != 0u)
    tiled[toff / ELEM_BYTES] = linear[loff / ELEM_BYTES];
  else
    linear[loff / ELEM_BYTES] = tiled[toff / ELEM_BYTES];
}
