// Tiled <-> linear conversion of one surface plane (level, slice, fragment) by regions: one
// single-invocation workgroup moves a region of 2^REGION_LOG2 units, 2^rx units wide and
// 2^(REGION_LOG2 - rx) rows high (rx chosen per plane), a unit being UNIT_BYTES (8, 16 or
// 32) bytes that are contiguous in both copies. Same address
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

// PAIR: 16-byte units whose tiled copy stacks rows y and y+1 (y even) as 32 contiguous
// bytes; 2x2 units then move as two 32-byte accesses on each side instead of four 16-byte
// ones (llvmpipe pays per access, not only per component).
#if UNIT_BYTES == 8
#define UNIT uint64_t
#define UNIT_LOG2 3u
#elif UNIT_BYTES == 16 && !PAIR
#define UNIT u64vec2
#define UNIT_LOG2 4u
#else
#define UNIT u64vec4
#define UNIT_LOG2 5u
#endif
#if UNIT_BYTES == 8 // log2 of the unit of the address equation (PAIR: half of UNIT)
#define ADDR_LOG2 3u
#elif UNIT_BYTES == 16
#define ADDR_LOG2 4u
#else
#define ADDR_LOG2 5u
#endif
// REGION_LOG2: units per region, log2, from src/gpu/vk/CMakeLists.txt (also given to
// vk_tiler.c); the unrolled body below covers 6 to 8.
#if !defined(REGION_LOG2) || REGION_LOG2 < 6 || REGION_LOG2 > 8
#error "REGION_LOG2 must be 6, 7 or 8"
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
  uint shifts;         // log2 of: block bytes (bits 0-7), block width (8-15), block height
                       // (16-23), elements per unit (24-27), units per region row (28-31)
  uint x_terms[5];     // in-block offset bits contributed by x bit b (b = 0..9), 16 bits each
  uint y_terms[5];     // the same for y
} pc;

// Workgroup id bits 0..11 rebuilt from push-constant loads (4096 regions per dimension).
#define ID12(g) (pc.id[(g) & 7u] | (pc.id[((g) >> 3) & 7u] << 3) | \
                 (pc.id[((g) >> 6) & 7u] << 6) | (pc.id[((g) >> 9) & 7u] << 9))
#define XT(b) ((pc.x_terms[min(b, 9u) >> 1] >> ((min(b, 9u) & 1u) << 4)) & 0xFFFFu)
#define YT(b) ((pc.y_terms[min(b, 9u) >> 1] >> ((min(b, 9u) & 1u) << 4)) & 0xFFFFu)
// all ones if bit b of v is set: selects a term without a branch
#define BIT(v, b) (0u - (((v) >> (b)) & 1u))
// term of a 10-bit coordinate: the XOR of the terms of its set bits
#define TERM10(T, v) ((T(0u) & BIT(v, 0u)) ^ (T(1u) & BIT(v, 1u)) ^ (T(2u) & BIT(v, 2u)) ^ \
                      (T(3u) & BIT(v, 3u)) ^ (T(4u) & BIT(v, 4u)) ^ (T(5u) & BIT(v, 5u)) ^ \
                      (T(6u) & BIT(v, 6u)) ^ (T(7u) & BIT(v, 7u)) ^ (T(8u) & BIT(v, 8u)) ^ \
                      (T(9u) & BIT(v, 9u)))

void main() {
  const uint blk_log2 = pc.shifts & 255u;
  const uint bw_log2 = (pc.shifts >> 8) & 255u;
  const uint bh_log2 = (pc.shifts >> 16) & 255u;
  const uint ue_log2 = (pc.shifts >> 24) & 15u; // elements per unit
  const uint rx = pc.shifts >> 28;               // units per region row
  const uint x0 = ID12(gl_WorkGroupID.x) << (rx + ue_log2);
  const uint y0 = ID12(gl_WorkGroupID.y) << (uint(REGION_LOG2) - rx);
  // Region origin: block offset plus the in-block terms of (x0, y0). The region lies in one
  // block and its origin is aligned to its size, so unit k adds, by XOR, the terms of the
  // x or y bit that each bit of k stands for: bits below rx count units along the row,
  // the others rows.
  const uint block = (y0 >> bh_log2) * pc.blocks_per_row + (x0 >> bw_log2);
  const uint t0 = pc.tiled_base + (block << blk_log2) +
                  (TERM10(XT, x0 & 1023u) ^ TERM10(YT, y0 & 1023u) ^ pc.xor_base);
  const uint l0 = pc.linear_base + y0 * pc.linear_pitch + (x0 << (ADDR_LOG2 - ue_log2));
  // bit i of the unit index: tiled term t_i and linear offset l_i
#define IS_X(i) (0u - uint((i) < rx))
#define TT(i) ((XT(ue_log2 + (i)) & IS_X(i)) | (YT((i) - rx) & ~IS_X(i)))
#define LT(i) (((1u << ((i) + ADDR_LOG2)) & IS_X(i)) | \
               ((pc.linear_pitch << min((i) - rx, 31u)) & ~IS_X(i)))
#if PAIR
  // pair block k (a constant): units (j, r), (j + 1, r), (j, r + 1), (j + 1, r + 1) with j
  // and r even; bit i of k stands for unit-index bit i + 1 (x) or i + 2 (y)
#define IS_XP(i) (0u - uint((i) + 1u < rx))
#define TP(i) ((TT((i) + 1u) & IS_XP(i)) | (TT((i) + 2u) & ~IS_XP(i)))
#define LP(i) ((LT((i) + 1u) & IS_XP(i)) | (LT((i) + 2u) & ~IS_XP(i)))
  const uint t_0 = TP(0u), t_1 = TP(1u), t_2 = TP(2u), t_3 = TP(3u), t_4 = TP(4u);
  const uint l_0 = LP(0u), l_1 = LP(1u), l_2 = LP(2u), l_3 = LP(3u), l_4 = LP(4u);
  const uint t_5 = 0u, t_6 = 0u, t_7 = 0u, l_5 = 0u, l_6 = 0u, l_7 = 0u;
  const uint next_x = XT(ue_log2), next_row = pc.linear_pitch;
#else
  const uint t_0 = TT(0u), t_1 = TT(1u), t_2 = TT(2u), t_3 = TT(3u);
  const uint t_4 = TT(4u), t_5 = TT(5u), t_6 = TT(6u), t_7 = TT(7u);
  const uint l_0 = LT(0u), l_1 = LT(1u), l_2 = LT(2u), l_3 = LT(3u);
  const uint l_4 = LT(4u), l_5 = LT(5u), l_6 = LT(6u), l_7 = LT(7u);
#endif
  // unit (or pair block) k, a constant: its terms are selected at compile time
#define TK(k) ((t_0 & BIT(k, 0u)) ^ (t_1 & BIT(k, 1u)) ^ (t_2 & BIT(k, 2u)) ^ \
               (t_3 & BIT(k, 3u)) ^ (t_4 & BIT(k, 4u)) ^ (t_5 & BIT(k, 5u)) ^ \
               (t_6 & BIT(k, 6u)) ^ (t_7 & BIT(k, 7u)))
#define LK(k) ((l_0 & BIT(k, 0u)) + (l_1 & BIT(k, 1u)) + (l_2 & BIT(k, 2u)) + \
               (l_3 & BIT(k, 3u)) + (l_4 & BIT(k, 4u)) + (l_5 & BIT(k, 5u)) + \
               (l_6 & BIT(k, 6u)) + (l_7 & BIT(k, 7u)))
#if PAIR && TO_TILED
#define MOVE(k) { \
    const u64vec4 p = linear[(l0 + LK(k)) >> 5u], q = linear[(l0 + LK(k) + next_row) >> 5u]; \
    tiled[(t0 ^ TK(k)) >> 5u] = u64vec4(p.xy, q.xy); \
    tiled[(t0 ^ TK(k) ^ next_x) >> 5u] = u64vec4(p.zw, q.zw); }
#elif PAIR
#define MOVE(k) { \
    const u64vec4 a = tiled[(t0 ^ TK(k)) >> 5u], b = tiled[(t0 ^ TK(k) ^ next_x) >> 5u]; \
    linear[(l0 + LK(k)) >> 5u] = u64vec4(a.xy, b.xy); \
    linear[(l0 + LK(k) + next_row) >> 5u] = u64vec4(a.zw, b.zw); }
#elif TO_TILED
#define MOVE(k) tiled[(t0 ^ TK(k)) >> UNIT_LOG2] = linear[(l0 + LK(k)) >> UNIT_LOG2];
#else
#define MOVE(k) linear[(l0 + LK(k)) >> UNIT_LOG2] = tiled[(t0 ^ TK(k)) >> UNIT_LOG2];
#endif
#define MOVE8(k) MOVE(k) MOVE(k + 1u) MOVE(k + 2u) MOVE(k + 3u) \
                 MOVE(k + 4u) MOVE(k + 5u) MOVE(k + 6u) MOVE(k + 7u)
#define MOVE32(k) MOVE8(k) MOVE8(k + 8u) MOVE8(k + 16u) MOVE8(k + 24u)
#if PAIR // REGION_LOG2 units in 2^(REGION_LOG2 - 2) pair blocks
  MOVE8(0u)
#if REGION_LOG2 >= 6
  MOVE8(8u)
#endif
#if REGION_LOG2 >= 7
  MOVE8(16u) MOVE8(24u)
#endif
#if REGION_LOG2 >= 8
  MOVE32(32u)
#endif
#else
  MOVE32(0u) MOVE32(32u)
#if REGION_LOG2 >= 7
  MOVE32(64u) MOVE32(96u)
#endif
#if REGION_LOG2 >= 8
  MOVE32(128u) MOVE32(160u) MOVE32(192u) MOVE32(224u)
#endif
#endif
}
