// Tiled <-> linear conversion of one surface plane (level, slice, fragment) by regions: one
// single-invocation workgroup moves a region of REGION_ROWS rows x REGION_UNITS units, a
// unit being UNIT_BYTES (8, 16 or 32) bytes that are contiguous in both copies. Same address
// equation as tiler.comp (x and y XOR terms inside a block, block index outside), but every
// address is made of push constants and constants only. Used on CPU devices (lavapipe); GPUs
// use tiler.comp, whose lanes work in parallel.
//
// Why the odd shape (measured on llvmpipe, Mesa 22.3; docs/tiling.md has the figures):
// llvmpipe runs 8 invocations as one SIMD vector and has no vector gather/scatter for storage
// buffers. A load or store whose address it cannot prove uniform becomes a loop over the 8
// lanes, with a bounds check and a branch per lane and per component. Its proof is purely
// syntactic (nir_src_is_always_uniform): constants, push-constant loads and arithmetic on
// those, outside any branch or loop. Such accesses become one scalar load or store per
// component (64 bits here). gl_WorkGroupID does not qualify, so its bits are turned into
// push-constant loads through the identity table id[] (pc.id[g & 7] == g & 7); the region
// body is unrolled by the macros below, so there is no loop and no branch in the shader.
// The addresses are still per-workgroup values, so the shader is correct on any device.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require

#if UNIT_BYTES == 8
#define UNIT uint64_t
#define UNIT_LOG2 3u
#elif UNIT_BYTES == 16
#define UNIT u64vec2
#define UNIT_LOG2 4u
#else
#define UNIT u64vec4
#define UNIT_LOG2 5u
#endif
#ifndef REGION_UNITS_LOG2
#define REGION_UNITS_LOG2 3 // units per region row, log2 (tiler: REGION_X_LOG2)
#define REGION_ROWS_LOG2 4  // rows per region, log2 (tiler: REGION_Y_LOG2)
#endif

layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer Tiled { UNIT tiled[]; };
layout(std430, binding = 1) buffer Linear { UNIT linear[]; };

layout(push_constant) uniform Params {
  uint id[8];          // 0..7: see above
  uint tiled_base;     // bytes: slice base + level block offset (block aligned)
  uint xor_base;       // in-block term of the slice, the fragment and the pipe/bank XOR
  uint linear_base;    // bytes: this slice and fragment of the level
  uint linear_pitch;   // bytes per linear row
  uint blocks_per_row;
  uint shifts;         // block bytes | block width | block height | elements per unit (log2,
                       // one byte each from the low end)
  uint x_terms[5];     // in-block offset bits contributed by x bit b (b = 0..9), 16 bits each
  uint y_terms[5];     // the same for y
} pc;

// Workgroup id bits 0..11 rebuilt from push-constant loads (4096 regions per dimension).
#define ID12(g) (pc.id[(g) & 7u] | (pc.id[((g) >> 3) & 7u] << 3) | \
                 (pc.id[((g) >> 6) & 7u] << 6) | (pc.id[((g) >> 9) & 7u] << 9))
#define XT(b) ((pc.x_terms[(b) >> 1] >> (((b) & 1u) << 4)) & 0xFFFFu)
#define YT(b) ((pc.y_terms[(b) >> 1] >> (((b) & 1u) << 4)) & 0xFFFFu)
// term of a 10-bit coordinate: the XOR of the terms of its set bits
#define BIT(v, b) (0u - (((v) >> (b)) & 1u))
#define TERM10(T, v) ((T(0u) & BIT(v, 0u)) ^ (T(1u) & BIT(v, 1u)) ^ (T(2u) & BIT(v, 2u)) ^ \
                      (T(3u) & BIT(v, 3u)) ^ (T(4u) & BIT(v, 4u)) ^ (T(5u) & BIT(v, 5u)) ^ \
                      (T(6u) & BIT(v, 6u)) ^ (T(7u) & BIT(v, 7u)) ^ (T(8u) & BIT(v, 8u)) ^ \
                      (T(9u) & BIT(v, 9u)))

void main() {
  const uint blk_log2 = pc.shifts & 255u;
  const uint bw_log2 = (pc.shifts >> 8) & 255u;
  const uint bh_log2 = (pc.shifts >> 16) & 255u;
  const uint ue_log2 = pc.shifts >> 24; // elements per unit
  const uint x0 = ID12(gl_WorkGroupID.x) << (uint(REGION_UNITS_LOG2) + ue_log2);
  const uint y0 = ID12(gl_WorkGroupID.y) << uint(REGION_ROWS_LOG2);
  // Region origin: block offset plus the in-block terms of (x0, y0); the region lies in one
  // block and its origin is aligned to its size, so unit (j, r) adds the terms of
  // (j units, r rows) by XOR.
  const uint block = (y0 >> bh_log2) * pc.blocks_per_row + (x0 >> bw_log2);
  const uint t0 = pc.tiled_base + (block << blk_log2) +
                  (TERM10(XT, x0 & 1023u) ^ TERM10(YT, y0 & 1023u) ^ pc.xor_base);
  const uint l0 = pc.linear_base + y0 * pc.linear_pitch + (x0 << (UNIT_LOG2 - ue_log2));
  const uint cx1 = XT(ue_log2), cx2 = XT(ue_log2 + 1u), cx4 = XT(ue_log2 + 2u);
  const uint cx8 = XT(ue_log2 + 3u), cx16 = XT(ue_log2 + 4u);
  const uint cy1 = YT(0u), cy2 = YT(1u), cy4 = YT(2u), cy8 = YT(3u), cy16 = YT(4u);
  const uint pitch = pc.linear_pitch;

// unit j of region row r: constant j and r select the terms at compile time
#define CX(j) ((cx1 & BIT(j, 0u)) ^ (cx2 & BIT(j, 1u)) ^ (cx4 & BIT(j, 2u)) ^ \
               (cx8 & BIT(j, 3u)) ^ (cx16 & BIT(j, 4u)))
#define CY(r) ((cy1 & BIT(r, 0u)) ^ (cy2 & BIT(r, 1u)) ^ (cy4 & BIT(r, 2u)) ^ (cy8 & BIT(r, 3u)) ^ \
               (cy16 & BIT(r, 4u)))
#if TO_TILED
#define MOVE(j, r) tiled[(t0 ^ CX(j) ^ CY(r)) >> UNIT_LOG2] = \
    linear[(l0 + (r) * pitch + ((j) << UNIT_LOG2)) >> UNIT_LOG2];
#else
#define MOVE(j, r) linear[(l0 + (r) * pitch + ((j) << UNIT_LOG2)) >> UNIT_LOG2] = \
    tiled[(t0 ^ CX(j) ^ CY(r)) >> UNIT_LOG2];
#endif
#define ROW8(r, j) MOVE(j + 0u, r) MOVE(j + 1u, r) MOVE(j + 2u, r) MOVE(j + 3u, r) \
                   MOVE(j + 4u, r) MOVE(j + 5u, r) MOVE(j + 6u, r) MOVE(j + 7u, r)
#if REGION_UNITS_LOG2 == 3
#define ROW(r) ROW8(r, 0u)
#elif REGION_UNITS_LOG2 == 4
#define ROW(r) ROW8(r, 0u) ROW8(r, 8u)
#else
#define ROW(r) ROW8(r, 0u) ROW8(r, 8u) ROW8(r, 16u) ROW8(r, 24u)
#endif
  ROW(0u) ROW(1u) ROW(2u) ROW(3u)
#if REGION_ROWS_LOG2 >= 3
  ROW(4u) ROW(5u) ROW(6u) ROW(7u)
#endif
#if REGION_ROWS_LOG2 >= 4
  ROW(8u) ROW(9u) ROW(10u) ROW(11u) ROW(12u) ROW(13u) ROW(14u) ROW(15u)
#endif
#if REGION_ROWS_LOG2 >= 5
  ROW(16u) ROW(17u) ROW(18u) ROW(19u) ROW(20u) ROW(21u) ROW(22u) ROW(23u)
  ROW(24u) ROW(25u) ROW(26u) ROW(27u) ROW(28u) ROW(29u) ROW(30u) ROW(31u)
#endif
}
