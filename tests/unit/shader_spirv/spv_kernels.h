/* GFX10 wave32 compute kernels (llvm-mc-19 assembly) used by both SPIR-V back-end tests:
 * tests/unit/shader_spirv validates their modules, tests/gpu/shader_spirv runs them on the
 * device and checks the values. Layout: v0 holds the lane id, v9 = lane * 4 is the offset
 * into the output buffer whose V# is s[4:7]; s[8:11] is the input buffer's V#, s[0:1] the
 * address of a global output. */
#ifndef PROSPERO_TESTS_SPV_KERNELS_H
#define PROSPERO_TESTS_SPV_KERNELS_H

/* Integer and float ALU (add, multiply low/high, xor, bit-field extracts, min/max, ffbh,
 * bcnt, float convert/add/mul/max with abs and neg modifiers) on the lane id and the user
 * SGPR values s0 and s1. */
#define SPV_KERNEL_ALU                           \
  "v_lshlrev_b32 v9, 2, v0\n"                    \
  "v_add_nc_u32 v1, v0, s0\n"                    \
  "v_mul_lo_u32 v2, v1, v1\n"                    \
  "v_mul_hi_u32 v3, v2, s1\n"                    \
  "v_xor_b32 v1, v1, v3\n"                       \
  "v_bfe_u32 v2, v2, 3, 7\n"                     \
  "v_bfe_i32 v3, v1, 4, 9\n"                     \
  "v_max_i32 v1, v1, v2\n"                       \
  "v_min_u32 v1, v1, v3\n"                       \
  "v_ffbh_u32 v2, v1\n"                          \
  "v_bcnt_u32_b32 v1, v1, v2\n"                  \
  "v_cvt_f32_u32 v4, v0\n"                       \
  "v_add_f32 v4, 0.5, v4\n"                      \
  "v_mul_f32 v4, v4, -v4\n"                      \
  "v_max_f32 v4, |v4|, 1.0\n"                    \
  "v_cvt_u32_f32 v5, v4\n"                       \
  "v_add_nc_u32 v1, v1, v5\n"                    \
  "buffer_store_dword v1, v9, s[4:7], 0 offen\n" \
  "s_endpgm\n"

/* Buffer load (range checked) of input dword L + 1, plus the first lane's value
 * (readfirstlane), stored to the output buffer and through the global address s[0:1]. */
#define SPV_KERNEL_LOAD                                   \
  "v_lshlrev_b32 v9, 2, v0\n"                             \
  "buffer_load_dword v1, v9, s[8:11], 0 offen offset:4\n" \
  "s_waitcnt vmcnt(0)\n"                                  \
  "v_readfirstlane_b32 s2, v1\n"                          \
  "v_add_nc_u32 v1, s2, v1\n"                             \
  "v_add_co_u32 v2, vcc_lo, s0, v9\n"                     \
  "v_add_co_ci_u32_e64 v3, s12, s1, 0, vcc_lo\n"          \
  "global_store_dword v[2:3], v1, off\n"                  \
  "buffer_store_dword v1, v9, s[4:7], 0 offen\n"          \
  "s_endpgm\n"

#endif
