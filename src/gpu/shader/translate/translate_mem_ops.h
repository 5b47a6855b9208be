/* Rows of the translation table (translate_table.c's xl_table) for the memory forms that
 * translate_mem.c handles itself: kind MEM_EXT, detail MX(sub-kind) | count or ir_atomic |
 * flags (translate_ext.h). Keyed by mnemonic id like every row. X(name, kind, IR op,
 * detail) as XL_OPS. Private to translate_table.c. */
#ifndef PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_MEM_OPS_H
#define PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_MEM_OPS_H

#include "gpu/shader/translate/translate_ext.h"

/* clang-format off */
#define XM_ATOMIC(a) ((uint32_t)IR_ATOMIC_##a)

/* scratch_* (FLAT segment 1): as global, through the lane's private memory */
#define XL_MEM_SCRATCH(X) \
  X(scratch_load_dword, MEM_EXT, load_scratch, MX(MX_SCRATCH) | 1) \
  X(scratch_load_dwordx2, MEM_EXT, load_scratch, MX(MX_SCRATCH) | 2) \
  X(scratch_load_dwordx3, MEM_EXT, load_scratch, MX(MX_SCRATCH) | 3) \
  X(scratch_load_dwordx4, MEM_EXT, load_scratch, MX(MX_SCRATCH) | 4) \
  X(scratch_store_dword, MEM_EXT, store_scratch, MX(MX_SCRATCH) | 1) \
  X(scratch_store_dwordx2, MEM_EXT, store_scratch, MX(MX_SCRATCH) | 2) \
  X(scratch_store_dwordx3, MEM_EXT, store_scratch, MX(MX_SCRATCH) | 3) \
  X(scratch_store_dwordx4, MEM_EXT, store_scratch, MX(MX_SCRATCH) | 4) \
  X(scratch_load_ubyte, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 1) \
  X(scratch_load_sbyte, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 1 | SIGNED) \
  X(scratch_load_ushort, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 2) \
  X(scratch_load_sshort, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 2 | SIGNED) \
  X(scratch_load_ubyte_d16, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 1 | SUB_D16) \
  X(scratch_load_ubyte_d16_hi, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 1 | SUB_D16 | SUB_HI) \
  X(scratch_load_sbyte_d16, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 1 | SIGNED | SUB_D16) \
  X(scratch_load_sbyte_d16_hi, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 1 | SIGNED | SUB_D16 | SUB_HI) \
  X(scratch_load_short_d16, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 2 | SUB_D16) \
  X(scratch_load_short_d16_hi, MEM_EXT, load_scratch_sub, MX(MX_SCRATCH) | 2 | SUB_D16 | SUB_HI) \
  X(scratch_store_byte, MEM_EXT, store_scratch_sub, MX(MX_SCRATCH) | 1) \
  X(scratch_store_short, MEM_EXT, store_scratch_sub, MX(MX_SCRATCH) | 2) \
  X(scratch_store_byte_d16_hi, MEM_EXT, store_scratch_sub, MX(MX_SCRATCH) | 1 | SUB_HI) \
  X(scratch_store_short_d16_hi, MEM_EXT, store_scratch_sub, MX(MX_SCRATCH) | 2 | SUB_HI)

/* compare-and-swap of one family P (buffer, global, flat): bit 0 compares as floats */
#define XL_MEM_CMPSWAP(X, p) \
  X(p##_atomic_cmpswap, MEM_EXT, copy, MX(MX_CMPSWAP)) \
  X(p##_atomic_cmpswap_x2, MEM_EXT, copy, MX(MX_CMPSWAP) | W64) \
  X(p##_atomic_fcmpswap, MEM_EXT, copy, MX(MX_CMPSWAP) | 1) \
  X(p##_atomic_fcmpswap_x2, MEM_EXT, copy, MX(MX_CMPSWAP) | 1 | W64)

/* scalar atomics of one family P (s, s_buffer; F = MX_BUF or 0): 32- and 64-bit */
#define XL_MEM_SATOMIC1(X, p, F, n, a) \
  X(p##_atomic_##n, MEM_EXT, copy, MX(MX_SATOMIC) | (F) | (a)) \
  X(p##_atomic_##n##_x2, MEM_EXT, copy, MX(MX_SATOMIC) | (F) | (a) | W64)
#define XL_MEM_SATOMIC(X, p, F) \
  XL_MEM_SATOMIC1(X, p, F, swap, XM_ATOMIC(SWAP)) XL_MEM_SATOMIC1(X, p, F, cmpswap, MX_CAS) \
  XL_MEM_SATOMIC1(X, p, F, add, XM_ATOMIC(ADD)) XL_MEM_SATOMIC1(X, p, F, sub, XM_ATOMIC(SUB)) \
  XL_MEM_SATOMIC1(X, p, F, smin, XM_ATOMIC(SMIN)) XL_MEM_SATOMIC1(X, p, F, umin, XM_ATOMIC(UMIN)) \
  XL_MEM_SATOMIC1(X, p, F, smax, XM_ATOMIC(SMAX)) XL_MEM_SATOMIC1(X, p, F, umax, XM_ATOMIC(UMAX)) \
  XL_MEM_SATOMIC1(X, p, F, and, XM_ATOMIC(AND)) XL_MEM_SATOMIC1(X, p, F, or, XM_ATOMIC(OR)) \
  XL_MEM_SATOMIC1(X, p, F, xor, XM_ATOMIC(XOR)) XL_MEM_SATOMIC1(X, p, F, inc, XM_ATOMIC(INC)) \
  XL_MEM_SATOMIC1(X, p, F, dec, XM_ATOMIC(DEC))

/* DS _src2 forms: the operation of MEM[B] into MEM[A]; the integer set of one width W (32,
 * 64; F = W64 for 64) */
#define XL_MEM_SRC2(X, n, t, a, F) X(ds_##n##_src2_##t, MEM_EXT, copy, MX(MX_SRC2) | XM_ATOMIC(a) | (F))
#define XL_MEM_SRC2_INT(X, W, F) \
  XL_MEM_SRC2(X, add, u##W, ADD, F) XL_MEM_SRC2(X, sub, u##W, SUB, F) \
  XL_MEM_SRC2(X, rsub, u##W, RSUB, F) XL_MEM_SRC2(X, inc, u##W, INC, F) \
  XL_MEM_SRC2(X, dec, u##W, DEC, F) XL_MEM_SRC2(X, min, i##W, SMIN, F) \
  XL_MEM_SRC2(X, max, i##W, SMAX, F) XL_MEM_SRC2(X, min, u##W, UMIN, F) \
  XL_MEM_SRC2(X, max, u##W, UMAX, F) XL_MEM_SRC2(X, and, b##W, AND, F) \
  XL_MEM_SRC2(X, or, b##W, OR, F) XL_MEM_SRC2(X, xor, b##W, XOR, F) \
  XL_MEM_SRC2(X, write, b##W, SWAP, F)

/* formatted buffer accesses of one family P (buffer: K = MX_FORMAT, the V#'s format;
 * tbuffer: MX_TFORMAT, the instruction's): the IR op is the access, detail = components |
 * SUB_D16 (16-bit components, two per VGPR) | SUB_HI (_d16_hi_x: the high half) */
#define XL_MEM_FMT4(X, name, op, D) \
  X(name##x, MEM_EXT, op, (D) | 1) X(name##xy, MEM_EXT, op, (D) | 2) \
  X(name##xyz, MEM_EXT, op, (D) | 3) X(name##xyzw, MEM_EXT, op, (D) | 4)
#define XL_MEM_FORMAT(X, p, K) \
  XL_MEM_FMT4(X, p##_load_format_, load_buffer_fmt, MX(K)) \
  XL_MEM_FMT4(X, p##_store_format_, store_buffer_fmt, MX(K)) \
  XL_MEM_FMT4(X, p##_load_format_d16_, load_buffer_fmt, MX(K) | SUB_D16) \
  XL_MEM_FMT4(X, p##_store_format_d16_, store_buffer_fmt, MX(K) | SUB_D16)

/* GDS-only forms (translate_gds.c; without the gds bit they are counted) */
#define XL_MEM_GWS(X, n, g, F) X(ds_gws_##n, MEM_EXT, gws, MX(MX_GWS) | (uint32_t)IR_GWS_##g | (F))
#define XL_MEM_GDS(X) \
  XL_MEM_GWS(X, init, INIT, MX_GWS_DATA) XL_MEM_GWS(X, sema_v, SEMA_V, 0) \
  XL_MEM_GWS(X, sema_br, SEMA_BR, MX_GWS_DATA) XL_MEM_GWS(X, sema_p, SEMA_P, 0) \
  XL_MEM_GWS(X, sema_release_all, SEMA_RELEASE_ALL, 0) XL_MEM_GWS(X, barrier, BARRIER, MX_GWS_DATA) \
  X(ds_ordered_count, MEM_EXT, atomic_gds, MX(MX_ORDERED))

#define XL_MEM_OPS(X) \
  XL_MEM_SCRATCH(X) \
  XL_MEM_FORMAT(X, buffer, MX_FORMAT) XL_MEM_FORMAT(X, tbuffer, MX_TFORMAT) \
  X(buffer_load_format_d16_hi_x, MEM_EXT, load_buffer_fmt, MX(MX_FORMAT) | SUB_D16 | SUB_HI | 1) \
  X(buffer_store_format_d16_hi_x, MEM_EXT, store_buffer_fmt, MX(MX_FORMAT) | SUB_D16 | SUB_HI | 1) \
  XL_MEM_CMPSWAP(X, buffer) XL_MEM_CMPSWAP(X, global) XL_MEM_CMPSWAP(X, flat) \
  XL_MEM_SATOMIC(X, s, 0) XL_MEM_SATOMIC(X, s_buffer, MX_BUF) \
  X(s_store_dword, MEM_EXT, copy, MX(MX_SSTORE) | 1) X(s_store_dwordx2, MEM_EXT, copy, MX(MX_SSTORE) | 2) \
  X(s_store_dwordx4, MEM_EXT, copy, MX(MX_SSTORE) | 4) \
  X(s_buffer_store_dword, MEM_EXT, copy, MX(MX_SSTORE) | MX_BUF | 1) \
  X(s_buffer_store_dwordx2, MEM_EXT, copy, MX(MX_SSTORE) | MX_BUF | 2) \
  X(s_buffer_store_dwordx4, MEM_EXT, copy, MX(MX_SSTORE) | MX_BUF | 4) \
  X(s_scratch_load_dword, MEM_EXT, load_global, MX(MX_SSCRATCH) | RTN | 1) \
  X(s_scratch_load_dwordx2, MEM_EXT, load_global, MX(MX_SSCRATCH) | RTN | 2) \
  X(s_scratch_load_dwordx4, MEM_EXT, load_global, MX(MX_SSCRATCH) | RTN | 4) \
  X(s_scratch_store_dword, MEM_EXT, store_global, MX(MX_SSCRATCH) | 1) \
  X(s_scratch_store_dwordx2, MEM_EXT, store_global, MX(MX_SSCRATCH) | 2) \
  X(s_scratch_store_dwordx4, MEM_EXT, store_global, MX(MX_SSCRATCH) | 4) \
  X(s_get_waveid_in_workgroup, MEM_EXT, wave_id, MX(MX_WAVEID)) \
  X(ds_bpermute_b32, MEM_EXT, read_lane, MX(MX_BPERMUTE)) \
  X(ds_permute_b32, MEM_EXT, lane_scatter, MX(MX_PERMUTE)) \
  X(ds_swizzle_b32, MEM_EXT, read_lane, MX(MX_SWIZZLE)) \
  X(ds_mskor_b32, MEM_EXT, atomic_lds_mskor, MX(MX_MSKOR)) \
  X(ds_mskor_rtn_b32, MEM_EXT, atomic_lds_mskor, MX(MX_MSKOR) | RTN) \
  X(ds_mskor_b64, MEM_EXT, atomic_lds_mskor64, MX(MX_MSKOR) | W64) \
  X(ds_mskor_rtn_b64, MEM_EXT, atomic_lds_mskor64, MX(MX_MSKOR) | W64 | RTN) \
  X(ds_wrxchg2_rtn_b32, MEM_EXT, atomic_lds, MX(MX_WRXCHG2)) \
  X(ds_wrxchg2st64_rtn_b32, MEM_EXT, atomic_lds, MX(MX_WRXCHG2) | SIGNED) \
  X(ds_wrxchg2_rtn_b64, MEM_EXT, atomic_lds64, MX(MX_WRXCHG2) | W64) \
  X(ds_wrxchg2st64_rtn_b64, MEM_EXT, atomic_lds64, MX(MX_WRXCHG2) | W64 | SIGNED) \
  X(ds_rsub_u32, DSATOMIC, atomic_lds, IR_ATOMIC_RSUB) \
  X(ds_rsub_rtn_u32, DSATOMIC, atomic_lds, IR_ATOMIC_RSUB | RTN) \
  X(ds_rsub_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_RSUB) \
  X(ds_rsub_rtn_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_RSUB | RTN) \
  XL_MEM_SRC2_INT(X, 32, 0) XL_MEM_SRC2_INT(X, 64, W64) \
  XL_MEM_SRC2(X, min, f32, FMIN, 0) XL_MEM_SRC2(X, max, f32, FMAX, 0) XL_MEM_SRC2(X, add, f32, FADD, 0) \
  XL_MEM_SRC2(X, min, f64, FMIN, W64) XL_MEM_SRC2(X, max, f64, FMAX, W64) \
  X(ds_wrap_rtn_b32, MEM_EXT, atomic_lds_wrap, MX(MX_WRAP)) \
  X(ds_read_addtid_b32, MEM_EXT, load_lds, MX(MX_ADDTID) | RTN) \
  X(ds_write_addtid_b32, MEM_EXT, store_lds, MX(MX_ADDTID)) \
  X(ds_append, MEM_EXT, atomic_lds, MX(MX_APPEND) | XM_ATOMIC(ADD)) \
  X(ds_consume, MEM_EXT, atomic_lds, MX(MX_APPEND) | XM_ATOMIC(SUB)) \
  XL_MEM_GDS(X) \
  X(ds_condxchg32_rtn_b64, MEM_EXT, atomic_lds_mskor, MX(MX_CONDXCHG) | RTN)
/* clang-format on */

#endif
