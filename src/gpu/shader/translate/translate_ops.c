/* Semantics of GFX10 instructions as IR.
 *
 * XL_OPS below is the one table from mnemonic to semantics: a handler kind, an IR operation
 * and a detail (SCC rule, operand order, float predicate ...). The mnemonic is the decoder's
 * name without the _e32/_e64 encoding suffix. Compares (v_cmp*, v_cmpx*, s_cmp*) are parsed
 * from their name against the predicate tables further down.
 *
 * Register conventions (see ir.h): SGPRs/VGPRs are 32-bit registers, 64-bit operands are
 * register pairs; VCC and EXEC are 64-bit lane masks of which wave32 uses the low half;
 * SCC is a U1.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_mem_ops.h"
#include "gpu/shader/translate/translate_operands.h"

/* ---- the table ----------------------------------------------------------------------- */


/* detail flag of v_pk_fmac_f16: the addend is the destination (see translate_packed) */
enum { PK_ACC = 1 << 14 };
/* detail flag of v_cvt_norm_{i16,u16}_f16: a normalized conversion (xl_norm16) */
enum { H16_NORM = 1 << 13 };

/* clang-format off */
/* MUBUF / GLOBAL / FLAT sub-dword loads and stores of one family P (kinds K_<F>_SUB_*) */
#define XL_SUB_MEM(X, p, F, load, store) \
  X(p##_load_ubyte, F##_SUB_LOAD, load, 1) \
  X(p##_load_sbyte, F##_SUB_LOAD, load, 1 | SIGNED) \
  X(p##_load_ushort, F##_SUB_LOAD, load, 2) \
  X(p##_load_sshort, F##_SUB_LOAD, load, 2 | SIGNED) \
  X(p##_load_ubyte_d16, F##_SUB_LOAD, load, 1 | SUB_D16) \
  X(p##_load_ubyte_d16_hi, F##_SUB_LOAD, load, 1 | SUB_D16 | SUB_HI) \
  X(p##_load_sbyte_d16, F##_SUB_LOAD, load, 1 | SIGNED | SUB_D16) \
  X(p##_load_sbyte_d16_hi, F##_SUB_LOAD, load, 1 | SIGNED | SUB_D16 | SUB_HI) \
  X(p##_load_short_d16, F##_SUB_LOAD, load, 2 | SUB_D16) \
  X(p##_load_short_d16_hi, F##_SUB_LOAD, load, 2 | SUB_D16 | SUB_HI) \
  X(p##_store_byte, F##_SUB_STORE, store, 1) \
  X(p##_store_short, F##_SUB_STORE, store, 2) \
  X(p##_store_byte_d16_hi, F##_SUB_STORE, store, 1 | SUB_HI) \
  X(p##_store_short_d16_hi, F##_SUB_STORE, store, 2 | SUB_HI)
/* shorthands of the image table rows */
#define IMC IR_IMAGE_COMPARE
#define IMO IR_IMAGE_OFFSET
#define IMZ IR_IMAGE_LOD_ZERO
#define IML IR_IMAGE_LOD
#define IMB IR_IMAGE_BIAS
#define IMD IR_IMAGE_DERIV
#define IMCL IR_IMAGE_CLAMP
#define IMA(a) ((uint32_t)IR_ATOMIC_##a << IR_IMAGE_ATOMIC_SHIFT)

#define XL_OPS(X) \
  /* scalar moves and selects */ \
  X(s_mov_b32, SMOV32, copy, 0) X(s_mov_b64, SMOV64, copy, 0) \
  X(s_cmov_b32, SCMOV32, copy, 0) X(s_cmov_b64, SCMOV64, copy, 0) \
  X(s_cselect_b32, SCSELECT32, select, 0) X(s_cselect_b64, SCSELECT64, select, 0) \
  /* scalar arithmetic: SCC rule per the ISA */ \
  X(s_add_u32, SBIN32, iadd, SCC_CARRY) X(s_sub_u32, SBIN32, isub, SCC_BORROW) \
  X(s_add_i32, SBIN32, iadd, SCC_SADD) X(s_sub_i32, SBIN32, isub, SCC_SSUB) \
  X(s_addc_u32, SADDC, iadd, 0) X(s_subb_u32, SSUBB, isub, 0) \
  X(s_min_i32, SBIN32, smin, SCC_LT | SIGNED) X(s_min_u32, SBIN32, umin, SCC_LT) \
  X(s_max_i32, SBIN32, smax, SCC_GT | SIGNED) X(s_max_u32, SBIN32, umax, SCC_GT) \
  X(s_and_b32, SBIN32, iand, SCC_NZ) X(s_or_b32, SBIN32, ior, SCC_NZ) \
  X(s_xor_b32, SBIN32, ixor, SCC_NZ) \
  X(s_andn2_b32, SBIN32, iand, SCC_NZ | REV) X(s_orn2_b32, SBIN32, ior, SCC_NZ | REV) \
  X(s_nand_b32, SBIN32, iand, SCC_NZ | INV) X(s_nor_b32, SBIN32, ior, SCC_NZ | INV) \
  X(s_xnor_b32, SBIN32, ixor, SCC_NZ | INV) \
  X(s_lshl_b32, SBIN32, shl, SCC_NZ) X(s_lshr_b32, SBIN32, lshr, SCC_NZ) \
  X(s_ashr_i32, SBIN32, ashr, SCC_NZ) X(s_mul_i32, SBIN32, imul, SCC_KEEP) \
  X(s_mul_hi_u32, SBIN32, umul_hi, SCC_KEEP) X(s_mul_hi_i32, SBIN32, smul_hi, SCC_KEEP) \
  X(s_and_b64, SBIN64, iand64, 0) X(s_or_b64, SBIN64, ior64, 0) X(s_xor_b64, SBIN64, ixor64, 0) \
  X(s_andn2_b64, SBIN64, iand64, 1) X(s_orn2_b64, SBIN64, ior64, 1) \
  X(s_nand_b64, SBIN64, iand64, 2) X(s_nor_b64, SBIN64, ior64, 2) X(s_xnor_b64, SBIN64, ixor64, 2) \
  X(s_lshl_b64, SSHIFT64, shl64, 0) X(s_lshr_b64, SSHIFT64, lshr64, 0) \
  X(s_not_b32, SUN32, inot, SCC_NZ) X(s_brev_b32, SUN32, bitreverse, SCC_KEEP) \
  X(s_bcnt1_i32_b32, SUN32, bitcount, SCC_NZ) X(s_ff1_i32_b32, SUN32, find_lsb, SCC_KEEP) \
  X(s_flbit_i32_b32, SUN32, find_umsb, SCC_KEEP) \
  X(s_not_b64, SNOT64, inot64, 0) X(s_bcnt1_i32_b64, SBCNT64, bitcount64, 0) \
  X(s_sext_i32_i8, SSEXT, sbfe, 8) X(s_sext_i32_i16, SSEXT, sbfe, 16) \
  X(s_abs_i32, SABS, smax, 0) \
  X(s_bfe_u32, SBFE32, ubfe, 0) X(s_bfe_i32, SBFE32, sbfe, 0) X(s_bfm_b32, SBFM32, shl, 0) \
  X(s_lshl1_add_u32, SLSHLADD, iadd, 1) X(s_lshl2_add_u32, SLSHLADD, iadd, 2) \
  X(s_lshl3_add_u32, SLSHLADD, iadd, 3) X(s_lshl4_add_u32, SLSHLADD, iadd, 4) \
  X(s_pack_ll_b32_b16, SPACK, pack_half, 0x00) X(s_pack_lh_b32_b16, SPACK, pack_half, 0x10) \
  X(s_pack_hh_b32_b16, SPACK, pack_half, 0x11) \
  /* EXEC manipulation: d = EXEC; EXEC = f(s0, EXEC); SCC = EXEC != 0 */ \
  X(s_and_saveexec_b32, SAVEEXEC, iand64, L_AND) X(s_or_saveexec_b32, SAVEEXEC, ior64, L_OR) \
  X(s_xor_saveexec_b32, SAVEEXEC, ixor64, L_XOR) X(s_andn2_saveexec_b32, SAVEEXEC, iand64, L_ANDN2) \
  X(s_orn2_saveexec_b32, SAVEEXEC, ior64, L_ORN2) X(s_nand_saveexec_b32, SAVEEXEC, iand64, L_NAND) \
  X(s_nor_saveexec_b32, SAVEEXEC, ior64, L_NOR) X(s_xnor_saveexec_b32, SAVEEXEC, ixor64, L_XNOR) \
  X(s_andn1_saveexec_b32, SAVEEXEC, iand64, L_ANDN1) X(s_orn1_saveexec_b32, SAVEEXEC, ior64, L_ORN1) \
  X(s_and_saveexec_b64, SAVEEXEC, iand64, L_AND) X(s_or_saveexec_b64, SAVEEXEC, ior64, L_OR) \
  X(s_xor_saveexec_b64, SAVEEXEC, ixor64, L_XOR) X(s_andn2_saveexec_b64, SAVEEXEC, iand64, L_ANDN2) \
  X(s_orn2_saveexec_b64, SAVEEXEC, ior64, L_ORN2) X(s_nand_saveexec_b64, SAVEEXEC, iand64, L_NAND) \
  X(s_nor_saveexec_b64, SAVEEXEC, ior64, L_NOR) X(s_xnor_saveexec_b64, SAVEEXEC, ixor64, L_XNOR) \
  X(s_andn1_saveexec_b64, SAVEEXEC, iand64, L_ANDN1) X(s_orn1_saveexec_b64, SAVEEXEC, ior64, L_ORN1) \
  /* SOPK */ \
  X(s_movk_i32, SMOVK, copy, 0) X(s_cmovk_i32, SCMOVK, copy, 0) \
  X(s_addk_i32, SADDK, iadd, 0) X(s_mulk_i32, SMULK, imul, 0) \
  /* no effect on the IR (scheduling, counters the IR does not model) */ \
  X(s_nop, SNOP, copy, 0) X(ds_nop, SNOP, copy, 0) X(s_waitcnt, SNOP, copy, 0) X(s_waitcnt_vscnt, SNOP, copy, 0) \
  X(s_waitcnt_vmcnt, SNOP, copy, 0) X(s_waitcnt_expcnt, SNOP, copy, 0) \
  X(s_waitcnt_lgkmcnt, SNOP, copy, 0) X(s_waitcnt_depctr, SNOP, copy, 0) \
  X(s_clause, SNOP, copy, 0) X(s_inst_prefetch, SNOP, copy, 0) X(s_sleep, SNOP, copy, 0) \
  X(s_icache_inv, SNOP, copy, 0) X(s_setprio, SNOP, copy, 0) /* a scheduling hint */ \
  X(s_cbranch_cdbgsys, SNOP, copy, 0) X(s_cbranch_cdbguser, SNOP, copy, 0) \
  X(s_cbranch_cdbgsys_or_user, SNOP, copy, 0) X(s_cbranch_cdbgsys_and_user, SNOP, copy, 0) \
  X(v_nop, SNOP, copy, 0) X(v_pipeflush, SNOP, copy, 0) \
  X(s_version, SNOP, copy, 0) /* a marker for tools */ \
  X(v_clrexcp, SNOP, copy, 0) /* clears the exception mode bits (not modelled) */ \
  /* performance and trace hints, and waits/wake-ups the IR's in-order waves never need */ \
  X(s_incperflevel, SNOP, copy, 0) X(s_decperflevel, SNOP, copy, 0) \
  X(s_ttracedata, SNOP, copy, 0) X(s_ttracedata_imm, SNOP, copy, 0) \
  X(s_wait_idle, SNOP, copy, 0) X(s_wakeup, SNOP, copy, 0) \
  X(s_barrier, SBARRIER, barrier, 0) X(s_getpc_b64, SGETPC, const, 0) \
  X(s_round_mode, SROUND, set_float_mode, 0) X(s_denorm_mode, SDENORM, set_float_mode, 0) \
  X(s_setreg_b32, SSETREG, set_float_mode, 0) X(s_setreg_imm32_b32, SSETREG, set_float_mode, 0) \
  X(s_getreg_b32, SGETREG, get_hwreg, 0) \
  X(s_sendmsg, SSENDMSG, send_msg, 0) X(s_sendmsghalt, SSENDMSG, send_msg, 1) \
  /* vector float */ \
  X(v_mov_b32, VMOV, copy, 0) \
  X(v_add_f32, VF32_BIN, fadd, 0) X(v_sub_f32, VF32_BIN, fsub, 0) \
  X(v_subrev_f32, VF32_BIN, fsub, REV) X(v_mul_f32, VF32_BIN, fmul, 0) \
  X(v_min_f32, VF32_BIN, fmin, 0) X(v_max_f32, VF32_BIN, fmax, 0) \
  X(v_fma_f32, VF32_FMA, ffma, 0) X(v_mad_f32, VF32_MAD, ffma, 0) \
  X(v_mac_f32, VF32_MAC, ffma, 0) X(v_fmac_f32, VF32_MAC, ffma, 1) \
  X(v_madmk_f32, VF32_MADMK, ffma, 0) X(v_madak_f32, VF32_MADAK, ffma, 0) \
  X(v_mul_legacy_f32, VF32_LEGACY, fmul, 0) X(v_mac_legacy_f32, VF32_LEGACY, fmul, 1) \
  X(v_mad_legacy_f32, VF32_LEGACY, fmul, 2) \
  X(v_fmamk_f32, VF32_MADMK, ffma, 1) X(v_fmaak_f32, VF32_MADAK, ffma, 1) \
  X(v_min3_f32, VF32_3, fmin, 0) X(v_max3_f32, VF32_3, fmax, 0) X(v_med3_f32, VF32_3, fmin, 1) \
  X(v_fract_f32, VF32_UN, ffract, 0) X(v_trunc_f32, VF32_UN, ftrunc, 0) \
  X(v_ceil_f32, VF32_UN, fceil, 0) X(v_rndne_f32, VF32_UN, frint, 0) \
  X(v_floor_f32, VF32_UN, ffloor, 0) X(v_exp_f32, VF32_UN, fexp2, 0) \
  X(v_log_f32, VF32_UN, flog2, 0) X(v_rcp_f32, VF32_UN, frcp, 0) \
  X(v_rcp_iflag_f32, VF32_UN, frcp, 0) X(v_rsq_f32, VF32_UN, frsq, 0) \
  X(v_sqrt_f32, VF32_UN, fsqrt, 0) X(v_sin_f32, VF32_UN, fsin, 0) X(v_cos_f32, VF32_UN, fcos, 0) \
  X(v_ldexp_f32, VLDEXP, fldexp, 0) \
  X(v_cvt_f32_i32, VCVT, cvt_f32_i32, 0) X(v_cvt_f32_u32, VCVT, cvt_f32_u32, 0) \
  X(v_cvt_u32_f32, VCVT, cvt_u32_f32, 0) X(v_cvt_i32_f32, VCVT, cvt_i32_f32, 0) \
  X(v_cvt_f64_f32, VCVT, cvt_f64_f32, 0) \
  X(v_cvt_f32_f64, VCVT, cvt_f32_f64, 0) \
  X(v_cvt_f32_ubyte0, VCVT, cvt_f32_u32, 8) X(v_cvt_f32_ubyte1, VCVT, cvt_f32_u32, 9) \
  X(v_cvt_f32_ubyte2, VCVT, cvt_f32_u32, 10) X(v_cvt_f32_ubyte3, VCVT, cvt_f32_u32, 11) \
  X(v_cvt_pkrtz_f16_f32, VPKRTZ, cvt_f16_f32, 0) \
  X(v_add_f64, VF64_BIN, dadd, 0) X(v_mul_f64, VF64_BIN, dmul, 0) \
  X(v_min_f64, VF64_BIN, dmin, 0) X(v_max_f64, VF64_BIN, dmax, 0) X(v_fma_f64, VF64_FMA, dfma, 0) \
  /* vector integer */ \
  X(v_add_nc_u32, VU32_BIN, iadd, 0) X(v_sub_nc_u32, VU32_BIN, isub, 0) \
  X(v_subrev_nc_u32, VU32_BIN, isub, REV) \
  X(v_and_b32, VU32_BIN, iand, 0) X(v_or_b32, VU32_BIN, ior, 0) X(v_xor_b32, VU32_BIN, ixor, 0) \
  X(v_xnor_b32, VU32_BIN, ixor, INV) \
  X(v_lshlrev_b32, VU32_BIN, shl, REV) X(v_lshrrev_b32, VU32_BIN, lshr, REV) \
  X(v_ashrrev_i32, VU32_BIN, ashr, REV) \
  X(v_min_i32, VU32_BIN, smin, 0) X(v_max_i32, VU32_BIN, smax, 0) \
  X(v_min_u32, VU32_BIN, umin, 0) X(v_max_u32, VU32_BIN, umax, 0) \
  X(v_mul_lo_u32, VU32_BIN, imul, 0) X(v_mul_lo_i32, VU32_BIN, imul, 0) \
  X(v_mul_hi_u32, VU32_BIN, umul_hi, 0) X(v_mul_hi_i32, VU32_BIN, smul_hi, 0) \
  X(v_mul_u32_u24, VU24_MUL, imul, 0) X(v_mul_hi_u32_u24, VU24_MUL, umul_hi, 0) \
  X(v_mul_i32_i24, VU24_MUL, imul, SIGNED) X(v_mul_hi_i32_i24, VU24_MUL, smul_hi, SIGNED) \
  X(v_not_b32, VU32_UN, inot, 0) X(v_bfrev_b32, VU32_UN, bitreverse, 0) \
  X(v_ffbh_u32, VU32_UN, find_umsb, 0) X(v_ffbl_b32, VU32_UN, find_lsb, 0) \
  X(v_min3_i32, VU32_3, smin, 0) X(v_max3_i32, VU32_3, smax, 0) \
  X(v_min3_u32, VU32_3, umin, 0) X(v_max3_u32, VU32_3, umax, 0) \
  X(v_med3_i32, VU32_3, smin, 1) X(v_med3_u32, VU32_3, umin, 1) \
  X(v_xor3_b32, VU32_3, ixor, 2) X(v_or3_b32, VU32_3, ior, 2) X(v_add3_u32, VU32_3, iadd, 2) \
  X(v_lshl_add_u32, VU32_3, shl, 3) X(v_add_lshl_u32, VU32_3, iadd, 4) \
  X(v_and_or_b32, VU32_3, iand, 5) X(v_lshl_or_b32, VU32_3, shl, 6) \
  X(v_cndmask_b32, VCNDMASK, select, 0) \
  X(v_add_co_u32, VADDCO, iadd, 0) X(v_sub_co_u32, VADDCO, isub, 0) \
  X(v_subrev_co_u32, VADDCO, isub, REV) \
  X(v_add_co_ci_u32, VADDCI, iadd, 0) X(v_sub_co_ci_u32, VADDCI, isub, 0) \
  X(v_subrev_co_ci_u32, VADDCI, isub, REV) \
  X(v_bfe_u32, VBFE, ubfe, 0) X(v_bfe_i32, VBFE, sbfe, 0) X(v_bfi_b32, VBFI, ior, 0) \
  X(v_sad_u8, SAD, iadd, 0) X(v_sad_hi_u8, SAD, iadd, 1) X(v_sad_u16, SAD, iadd, 2) \
  X(v_sad_u32, SAD, iadd, 3) X(v_msad_u8, SAD, iadd, 4) \
  X(v_mad_u64_u32, VMAD_U64, imul, 0) \
  /* scalar memory: s_load from a 64-bit address, s_buffer_load through a V# */ \
  X(s_load_dword, SLOAD, load_const, 1) X(s_load_dwordx2, SLOAD, load_const, 2) \
  X(s_load_dwordx4, SLOAD, load_const, 4) X(s_load_dwordx8, SLOAD, load_const, 8) \
  X(s_load_dwordx16, SLOAD, load_const, 16) \
  X(s_buffer_load_dword, SBUFLOAD, load_buffer_const, 1) \
  X(s_buffer_load_dwordx2, SBUFLOAD, load_buffer_const, 2) \
  X(s_buffer_load_dwordx4, SBUFLOAD, load_buffer_const, 4) \
  X(s_buffer_load_dwordx8, SBUFLOAD, load_buffer_const, 8) \
  X(s_buffer_load_dwordx16, SBUFLOAD, load_buffer_const, 16) \
  X(s_dcache_inv, SNOP, copy, 0) X(s_gl1_inv, SNOP, copy, 0) \
  X(s_memtime, SMEMTIME, copy, 0) X(s_memrealtime, SMEMTIME, copy, 1) /* detail 1: real time */ \
  X(s_dcache_wb, SNOP, copy, 0) X(s_dcache_discard, SNOP, copy, 0) \
  X(s_dcache_discard_x2, SNOP, copy, 0) \
  X(s_atc_probe, SNOP, copy, 0) X(s_atc_probe_buffer, SNOP, copy, 0) /* hints */ \
  /* buffers (MUBUF/MTBUF) */ \
  X(buffer_load_dword, BUFLOAD, load_buffer, 1) X(buffer_load_dwordx2, BUFLOAD, load_buffer, 2) \
  X(buffer_load_dwordx3, BUFLOAD, load_buffer, 3) X(buffer_load_dwordx4, BUFLOAD, load_buffer, 4) \
  X(buffer_store_dword, BUFSTORE, store_buffer, 1) X(buffer_store_dwordx2, BUFSTORE, store_buffer, 2) \
  X(buffer_store_dwordx3, BUFSTORE, store_buffer, 3) X(buffer_store_dwordx4, BUFSTORE, store_buffer, 4) \
  X(buffer_gl0_inv, SNOP, copy, 0) X(buffer_gl1_inv, SNOP, copy, 0) \
  /* global / flat (flat: per-lane LDS / scratch / global dispatch in translate_mem.c) */ \
  X(global_load_dword, GLOAD, load_global, 1) X(global_load_dwordx2, GLOAD, load_global, 2) \
  X(global_load_dwordx3, GLOAD, load_global, 3) X(global_load_dwordx4, GLOAD, load_global, 4) \
  X(global_store_dword, GSTORE, store_global, 1) X(global_store_dwordx2, GSTORE, store_global, 2) \
  X(global_store_dwordx3, GSTORE, store_global, 3) X(global_store_dwordx4, GSTORE, store_global, 4) \
  X(flat_load_dword, GLOAD, load_global, 1) X(flat_load_dwordx2, GLOAD, load_global, 2) \
  X(flat_load_dwordx3, GLOAD, load_global, 3) X(flat_load_dwordx4, GLOAD, load_global, 4) \
  X(flat_store_dword, GSTORE, store_global, 1) X(flat_store_dwordx2, GSTORE, store_global, 2) \
  X(flat_store_dwordx3, GSTORE, store_global, 3) X(flat_store_dwordx4, GSTORE, store_global, 4) \
  /* LDS */ \
  X(ds_read_b32, DSREAD, load_lds, 1) X(ds_read_b64, DSREAD, load_lds, 2) \
  X(ds_read_b96, DSREAD, load_lds, 3) X(ds_read_b128, DSREAD, load_lds, 4) \
  X(ds_write_b32, DSWRITE, store_lds, 1) X(ds_write_b64, DSWRITE, store_lds, 2) \
  X(ds_write_b96, DSWRITE, store_lds, 3) X(ds_write_b128, DSWRITE, store_lds, 4) \
  X(ds_read2_b32, DSREAD2, load_lds, 1) X(ds_read2_b64, DSREAD2, load_lds, 2) \
  X(ds_read2st64_b32, DSREAD2, load_lds, 1 | SIGNED) X(ds_read2st64_b64, DSREAD2, load_lds, 2 | SIGNED) \
  X(ds_write2_b32, DSWRITE2, store_lds, 1) X(ds_write2_b64, DSWRITE2, store_lds, 2) \
  X(ds_write2st64_b32, DSWRITE2, store_lds, 1 | SIGNED) X(ds_write2st64_b64, DSWRITE2, store_lds, 2 | SIGNED) \
  /* buffer/global/flat atomics, 32- and 64-bit (_x2); glc returns the old value */ \
  X(buffer_atomic_swap, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_SWAP) \
  X(buffer_atomic_swap_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_SWAP | W64) \
  X(buffer_atomic_add, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_ADD) \
  X(buffer_atomic_add_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_ADD | W64) \
  X(buffer_atomic_sub, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_SUB) \
  X(buffer_atomic_sub_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_SUB | W64) \
  X(buffer_atomic_smin, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_SMIN) \
  X(buffer_atomic_smin_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_SMIN | W64) \
  X(buffer_atomic_umin, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_UMIN) \
  X(buffer_atomic_umin_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_UMIN | W64) \
  X(buffer_atomic_smax, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_SMAX) \
  X(buffer_atomic_smax_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_SMAX | W64) \
  X(buffer_atomic_umax, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_UMAX) \
  X(buffer_atomic_umax_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_UMAX | W64) \
  X(buffer_atomic_and, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_AND) \
  X(buffer_atomic_and_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_AND | W64) \
  X(buffer_atomic_or, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_OR) \
  X(buffer_atomic_or_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_OR | W64) \
  X(buffer_atomic_xor, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_XOR) \
  X(buffer_atomic_xor_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_XOR | W64) \
  X(buffer_atomic_inc, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_INC) \
  X(buffer_atomic_inc_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_INC | W64) \
  X(buffer_atomic_dec, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_DEC) \
  X(buffer_atomic_dec_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_DEC | W64) \
  X(buffer_atomic_fmin, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_FMIN) \
  X(buffer_atomic_fmin_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_FMIN | W64) \
  X(buffer_atomic_fmax, BUF_ATOMIC, atomic_buffer, IR_ATOMIC_FMAX) \
  X(buffer_atomic_fmax_x2, BUF_ATOMIC, atomic_buffer64, IR_ATOMIC_FMAX | W64) \
  X(global_atomic_swap, G_ATOMIC, atomic_global, IR_ATOMIC_SWAP) \
  X(global_atomic_swap_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_SWAP | W64) \
  X(global_atomic_add, G_ATOMIC, atomic_global, IR_ATOMIC_ADD) \
  X(global_atomic_add_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_ADD | W64) \
  X(global_atomic_sub, G_ATOMIC, atomic_global, IR_ATOMIC_SUB) \
  X(global_atomic_sub_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_SUB | W64) \
  X(global_atomic_smin, G_ATOMIC, atomic_global, IR_ATOMIC_SMIN) \
  X(global_atomic_smin_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_SMIN | W64) \
  X(global_atomic_umin, G_ATOMIC, atomic_global, IR_ATOMIC_UMIN) \
  X(global_atomic_umin_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_UMIN | W64) \
  X(global_atomic_smax, G_ATOMIC, atomic_global, IR_ATOMIC_SMAX) \
  X(global_atomic_smax_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_SMAX | W64) \
  X(global_atomic_umax, G_ATOMIC, atomic_global, IR_ATOMIC_UMAX) \
  X(global_atomic_umax_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_UMAX | W64) \
  X(global_atomic_and, G_ATOMIC, atomic_global, IR_ATOMIC_AND) \
  X(global_atomic_and_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_AND | W64) \
  X(global_atomic_or, G_ATOMIC, atomic_global, IR_ATOMIC_OR) \
  X(global_atomic_or_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_OR | W64) \
  X(global_atomic_xor, G_ATOMIC, atomic_global, IR_ATOMIC_XOR) \
  X(global_atomic_xor_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_XOR | W64) \
  X(global_atomic_inc, G_ATOMIC, atomic_global, IR_ATOMIC_INC) \
  X(global_atomic_inc_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_INC | W64) \
  X(global_atomic_dec, G_ATOMIC, atomic_global, IR_ATOMIC_DEC) \
  X(global_atomic_dec_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_DEC | W64) \
  X(global_atomic_fmin, G_ATOMIC, atomic_global, IR_ATOMIC_FMIN) \
  X(global_atomic_fmin_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_FMIN | W64) \
  X(global_atomic_fmax, G_ATOMIC, atomic_global, IR_ATOMIC_FMAX) \
  X(global_atomic_fmax_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_FMAX | W64) \
  X(flat_atomic_swap, G_ATOMIC, atomic_global, IR_ATOMIC_SWAP) \
  X(flat_atomic_swap_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_SWAP | W64) \
  X(flat_atomic_add, G_ATOMIC, atomic_global, IR_ATOMIC_ADD) \
  X(flat_atomic_add_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_ADD | W64) \
  X(flat_atomic_sub, G_ATOMIC, atomic_global, IR_ATOMIC_SUB) \
  X(flat_atomic_sub_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_SUB | W64) \
  X(flat_atomic_smin, G_ATOMIC, atomic_global, IR_ATOMIC_SMIN) \
  X(flat_atomic_smin_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_SMIN | W64) \
  X(flat_atomic_umin, G_ATOMIC, atomic_global, IR_ATOMIC_UMIN) \
  X(flat_atomic_umin_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_UMIN | W64) \
  X(flat_atomic_smax, G_ATOMIC, atomic_global, IR_ATOMIC_SMAX) \
  X(flat_atomic_smax_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_SMAX | W64) \
  X(flat_atomic_umax, G_ATOMIC, atomic_global, IR_ATOMIC_UMAX) \
  X(flat_atomic_umax_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_UMAX | W64) \
  X(flat_atomic_and, G_ATOMIC, atomic_global, IR_ATOMIC_AND) \
  X(flat_atomic_and_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_AND | W64) \
  X(flat_atomic_or, G_ATOMIC, atomic_global, IR_ATOMIC_OR) \
  X(flat_atomic_or_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_OR | W64) \
  X(flat_atomic_xor, G_ATOMIC, atomic_global, IR_ATOMIC_XOR) \
  X(flat_atomic_xor_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_XOR | W64) \
  X(flat_atomic_inc, G_ATOMIC, atomic_global, IR_ATOMIC_INC) \
  X(flat_atomic_inc_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_INC | W64) \
  X(flat_atomic_dec, G_ATOMIC, atomic_global, IR_ATOMIC_DEC) \
  X(flat_atomic_dec_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_DEC | W64) \
  X(flat_atomic_fmin, G_ATOMIC, atomic_global, IR_ATOMIC_FMIN) \
  X(flat_atomic_fmin_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_FMIN | W64) \
  X(flat_atomic_fmax, G_ATOMIC, atomic_global, IR_ATOMIC_FMAX) \
  X(flat_atomic_fmax_x2, G_ATOMIC, atomic_global64, IR_ATOMIC_FMAX | W64) \
  /* compare-and-store: data0 is the compare value, data1 the new one; detail 1: float */ \
  X(ds_cmpst_b32, DSATOMIC, atomic_lds_cmpst, 0) X(ds_cmpst_f32, DSATOMIC, atomic_lds_cmpst, 1) \
  X(ds_cmpst_rtn_b32, DSATOMIC, atomic_lds_cmpst, RTN) \
  X(ds_cmpst_rtn_f32, DSATOMIC, atomic_lds_cmpst, 1 | RTN) \
  X(ds_cmpst_b64, DSATOMIC, atomic_lds_cmpst64, 0) X(ds_cmpst_f64, DSATOMIC, atomic_lds_cmpst64, 1) \
  X(ds_cmpst_rtn_b64, DSATOMIC, atomic_lds_cmpst64, RTN) \
  X(ds_cmpst_rtn_f64, DSATOMIC, atomic_lds_cmpst64, 1 | RTN) \
  X(ds_add_f32, DSATOMIC, atomic_lds, IR_ATOMIC_FADD) X(ds_min_f32, DSATOMIC, atomic_lds, IR_ATOMIC_FMIN) \
  X(ds_max_f32, DSATOMIC, atomic_lds, IR_ATOMIC_FMAX) \
  X(ds_add_rtn_f32, DSATOMIC, atomic_lds, IR_ATOMIC_FADD | RTN) \
  X(ds_min_rtn_f32, DSATOMIC, atomic_lds, IR_ATOMIC_FMIN | RTN) \
  X(ds_max_rtn_f32, DSATOMIC, atomic_lds, IR_ATOMIC_FMAX | RTN) \
  X(ds_inc_u32, DSATOMIC, atomic_lds, IR_ATOMIC_INC) X(ds_dec_u32, DSATOMIC, atomic_lds, IR_ATOMIC_DEC) \
  X(ds_inc_rtn_u32, DSATOMIC, atomic_lds, IR_ATOMIC_INC | RTN) \
  X(ds_dec_rtn_u32, DSATOMIC, atomic_lds, IR_ATOMIC_DEC | RTN) \
  /* 64-bit LDS atomics (data and returned value in register pairs) */ \
  X(ds_add_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_ADD) X(ds_sub_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_SUB) \
  X(ds_min_i64, DSATOMIC, atomic_lds64, IR_ATOMIC_SMIN) X(ds_max_i64, DSATOMIC, atomic_lds64, IR_ATOMIC_SMAX) \
  X(ds_min_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_UMIN) X(ds_max_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_UMAX) \
  X(ds_and_b64, DSATOMIC, atomic_lds64, IR_ATOMIC_AND) X(ds_or_b64, DSATOMIC, atomic_lds64, IR_ATOMIC_OR) \
  X(ds_xor_b64, DSATOMIC, atomic_lds64, IR_ATOMIC_XOR) \
  X(ds_inc_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_INC) X(ds_dec_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_DEC) \
  X(ds_add_rtn_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_ADD | RTN) \
  X(ds_sub_rtn_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_SUB | RTN) \
  X(ds_min_rtn_i64, DSATOMIC, atomic_lds64, IR_ATOMIC_SMIN | RTN) \
  X(ds_max_rtn_i64, DSATOMIC, atomic_lds64, IR_ATOMIC_SMAX | RTN) \
  X(ds_min_rtn_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_UMIN | RTN) \
  X(ds_max_rtn_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_UMAX | RTN) \
  X(ds_and_rtn_b64, DSATOMIC, atomic_lds64, IR_ATOMIC_AND | RTN) \
  X(ds_or_rtn_b64, DSATOMIC, atomic_lds64, IR_ATOMIC_OR | RTN) \
  X(ds_xor_rtn_b64, DSATOMIC, atomic_lds64, IR_ATOMIC_XOR | RTN) \
  X(ds_inc_rtn_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_INC | RTN) \
  X(ds_dec_rtn_u64, DSATOMIC, atomic_lds64, IR_ATOMIC_DEC | RTN) \
  X(ds_wrxchg_rtn_b64, DSATOMIC, atomic_lds64, IR_ATOMIC_SWAP | RTN) \
  X(ds_min_f64, DSATOMIC, atomic_lds64, IR_ATOMIC_FMIN) X(ds_max_f64, DSATOMIC, atomic_lds64, IR_ATOMIC_FMAX) \
  X(ds_min_rtn_f64, DSATOMIC, atomic_lds64, IR_ATOMIC_FMIN | RTN) \
  X(ds_max_rtn_f64, DSATOMIC, atomic_lds64, IR_ATOMIC_FMAX | RTN) \
  X(ds_add_u32, DSATOMIC, atomic_lds, IR_ATOMIC_ADD) X(ds_sub_u32, DSATOMIC, atomic_lds, IR_ATOMIC_SUB) \
  X(ds_min_i32, DSATOMIC, atomic_lds, IR_ATOMIC_SMIN) X(ds_max_i32, DSATOMIC, atomic_lds, IR_ATOMIC_SMAX) \
  X(ds_min_u32, DSATOMIC, atomic_lds, IR_ATOMIC_UMIN) X(ds_max_u32, DSATOMIC, atomic_lds, IR_ATOMIC_UMAX) \
  X(ds_and_b32, DSATOMIC, atomic_lds, IR_ATOMIC_AND) X(ds_or_b32, DSATOMIC, atomic_lds, IR_ATOMIC_OR) \
  X(ds_xor_b32, DSATOMIC, atomic_lds, IR_ATOMIC_XOR) \
  X(ds_add_rtn_u32, DSATOMIC, atomic_lds, IR_ATOMIC_ADD | RTN) \
  X(ds_sub_rtn_u32, DSATOMIC, atomic_lds, IR_ATOMIC_SUB | RTN) \
  X(ds_min_rtn_i32, DSATOMIC, atomic_lds, IR_ATOMIC_SMIN | RTN) \
  X(ds_max_rtn_i32, DSATOMIC, atomic_lds, IR_ATOMIC_SMAX | RTN) \
  X(ds_min_rtn_u32, DSATOMIC, atomic_lds, IR_ATOMIC_UMIN | RTN) \
  X(ds_max_rtn_u32, DSATOMIC, atomic_lds, IR_ATOMIC_UMAX | RTN) \
  X(ds_and_rtn_b32, DSATOMIC, atomic_lds, IR_ATOMIC_AND | RTN) \
  X(ds_or_rtn_b32, DSATOMIC, atomic_lds, IR_ATOMIC_OR | RTN) \
  X(ds_xor_rtn_b32, DSATOMIC, atomic_lds, IR_ATOMIC_XOR | RTN) \
  X(ds_wrxchg_rtn_b32, DSATOMIC, atomic_lds, IR_ATOMIC_SWAP | RTN) \
  /* packed 16-bit (VOP3P): each half computed on its selected source halves; detail: \
   * operand count (integer: 0 means 2), PK_ACC: v_pk_fmac_f16 (VOP2, addend = destination) */ \
  X(v_pk_add_f16, PKF16, hadd, 2) X(v_pk_mul_f16, PKF16, hmul, 2) X(v_pk_fma_f16, PKF16, hfma, 3) \
  X(v_pk_fmac_f16, PKF16, hfma, 3 | PK_ACC) \
  X(v_pk_mad_u16, PKI16, imul, 3) X(v_pk_mad_i16, PKI16, imul, 3 | SIGNED) \
  X(v_fma_mix_f32, FMIX, ffma, 0) X(v_fma_mixlo_f16, FMIX, ffma, 1) X(v_fma_mixhi_f16, FMIX, ffma, 2) \
  X(v_pk_min_f16, PKF16, hmin, 2) X(v_pk_max_f16, PKF16, hmax, 2) \
  X(v_pk_add_u16, PKI16, iadd, 0) X(v_pk_sub_u16, PKI16, isub, 0) \
  X(v_pk_add_i16, PKI16, iadd, SIGNED) X(v_pk_sub_i16, PKI16, isub, SIGNED) \
  X(v_pk_mul_lo_u16, PKI16, imul, 0) \
  X(v_pk_min_u16, PKI16, umin, 0) X(v_pk_max_u16, PKI16, umax, 0) \
  X(v_pk_min_i16, PKI16, smin, SIGNED) X(v_pk_max_i16, PKI16, smax, SIGNED) \
  X(v_pk_lshlrev_b16, PKI16, shl, REV) X(v_pk_lshrrev_b16, PKI16, lshr, REV) \
  X(v_pk_ashrrev_i16, PKI16, ashr, REV | SIGNED) \
  /* interpolation: P0 + I * P10, then + J * P20 (parameters from LDS through M0) */ \
  X(v_interp_p1_f32, INTERP, ffma, 0) X(v_interp_p2_f32, INTERP, ffma, 1) \
  X(v_interp_mov_f32, INTERP, copy, 2) \
  /* 16-bit interpolation (f16 parameter halves, translate_mem.c translate_interp16) */ \
  X(v_interp_p1ll_f16, INTERP, ffma, 3) X(v_interp_p1lv_f16, INTERP, ffma, 4) \
  X(v_interp_p2_f16, INTERP, ffma, 5) \
  X(exp, EXPORT, export, 0) \
  /* images (further forms are parsed from their names in translate_image.c) */ \
  X(image_sample, IMAGE, image_sample, 0) X(image_sample_lz, IMAGE, image_sample, IR_IMAGE_LOD_ZERO) \
  X(image_sample_l, IMAGE, image_sample, IR_IMAGE_LOD) X(image_sample_b, IMAGE, image_sample, IR_IMAGE_BIAS) \
  X(image_load, IMAGE, image_load, 0) X(image_load_mip, IMAGE, image_load, IR_IMAGE_LOD) \
  X(image_store, IMAGE, image_store, 0) X(image_store_mip, IMAGE, image_store, IR_IMAGE_LOD) \
  /* compare (_c) and offset (_o) forms, gather4 (see xl_translate_image) */ \
  X(image_sample_c, IMAGE, image_sample, IMC) X(image_sample_c_lz, IMAGE, image_sample, IMC | IMZ) \
  X(image_sample_c_l, IMAGE, image_sample, IMC | IML) X(image_sample_c_b, IMAGE, image_sample, IMC | IMB) \
  X(image_sample_o, IMAGE, image_sample, IMO) X(image_sample_lz_o, IMAGE, image_sample, IMO | IMZ) \
  X(image_sample_l_o, IMAGE, image_sample, IMO | IML) X(image_sample_b_o, IMAGE, image_sample, IMO | IMB) \
  X(image_sample_c_o, IMAGE, image_sample, IMC | IMO) \
  X(image_sample_c_lz_o, IMAGE, image_sample, IMC | IMO | IMZ) \
  X(image_sample_c_l_o, IMAGE, image_sample, IMC | IMO | IML) \
  X(image_sample_c_b_o, IMAGE, image_sample, IMC | IMO | IMB) \
  X(image_sample_d, IMAGE, image_sample, IMD) X(image_sample_c_d, IMAGE, image_sample, IMC | IMD) \
  X(image_sample_d_o, IMAGE, image_sample, IMD | IMO) \
  X(image_sample_c_d_o, IMAGE, image_sample, IMC | IMD | IMO) \
  X(image_sample_cl, IMAGE, image_sample, IMCL) X(image_sample_c_cl, IMAGE, image_sample, IMC | IMCL) \
  X(image_sample_d_cl, IMAGE, image_sample, IMD | IMCL) \
  X(image_sample_c_d_cl, IMAGE, image_sample, IMC | IMD | IMCL) \
  X(image_sample_cl_o, IMAGE, image_sample, IMO | IMCL) \
  X(image_sample_c_cl_o, IMAGE, image_sample, IMC | IMO | IMCL) \
  X(image_sample_d_cl_o, IMAGE, image_sample, IMD | IMO | IMCL) \
  X(image_sample_c_d_cl_o, IMAGE, image_sample, IMC | IMD | IMO | IMCL) \
  X(image_gather4_cl, IMAGE, image_gather, IMCL) X(image_gather4_c_cl, IMAGE, image_gather, IMC | IMCL) \
  X(image_gather4_cl_o, IMAGE, image_gather, IMO | IMCL) \
  X(image_gather4_c_cl_o, IMAGE, image_gather, IMC | IMO | IMCL) \
  X(image_gather4, IMAGE, image_gather, 0) X(image_gather4_lz, IMAGE, image_gather, IMZ) \
  X(image_gather4_l, IMAGE, image_gather, IML) X(image_gather4_b, IMAGE, image_gather, IMB) \
  X(image_gather4_c, IMAGE, image_gather, IMC) X(image_gather4_c_lz, IMAGE, image_gather, IMC | IMZ) \
  X(image_gather4_c_l, IMAGE, image_gather, IMC | IML) X(image_gather4_c_b, IMAGE, image_gather, IMC | IMB) \
  X(image_gather4_o, IMAGE, image_gather, IMO) X(image_gather4_lz_o, IMAGE, image_gather, IMO | IMZ) \
  X(image_gather4_l_o, IMAGE, image_gather, IMO | IML) X(image_gather4_b_o, IMAGE, image_gather, IMO | IMB) \
  X(image_gather4_c_o, IMAGE, image_gather, IMC | IMO) \
  X(image_gather4_c_lz_o, IMAGE, image_gather, IMC | IMO | IMZ) \
  X(image_gather4_c_l_o, IMAGE, image_gather, IMC | IMO | IML) \
  X(image_gather4_c_b_o, IMAGE, image_gather, IMC | IMO | IMB) \
  /* image atomics (32-bit; the data register receives the old value with glc) */ \
  X(image_atomic_swap, IMAGE, image_atomic, IMA(SWAP)) X(image_atomic_add, IMAGE, image_atomic, IMA(ADD)) \
  X(image_atomic_sub, IMAGE, image_atomic, IMA(SUB)) X(image_atomic_smin, IMAGE, image_atomic, IMA(SMIN)) \
  X(image_atomic_umin, IMAGE, image_atomic, IMA(UMIN)) X(image_atomic_smax, IMAGE, image_atomic, IMA(SMAX)) \
  X(image_atomic_umax, IMAGE, image_atomic, IMA(UMAX)) X(image_atomic_and, IMAGE, image_atomic, IMA(AND)) \
  X(image_atomic_or, IMAGE, image_atomic, IMA(OR)) X(image_atomic_xor, IMAGE, image_atomic, IMA(XOR)) \
  X(image_atomic_inc, IMAGE, image_atomic, IMA(INC)) X(image_atomic_dec, IMAGE, image_atomic, IMA(DEC)) \
  /* compare-and-swap (fcmpswap compares as floats: imm bits 23:16 = 1), float min/max */ \
  X(image_atomic_cmpswap, IMAGE, image_atomic_cmpswap, 0) \
  X(image_atomic_fcmpswap, IMAGE, image_atomic_cmpswap, 1u << IR_IMAGE_ATOMIC_SHIFT) \
  X(image_atomic_fmin, IMAGE, image_atomic, IMA(FMIN)) X(image_atomic_fmax, IMAGE, image_atomic, IMA(FMAX)) \
  /* queries: size / mip count (x width, y height, z depth or layers, w mip levels) by the \
   * mip level in vaddr; the LOD a sample would use (x clamped, y unclamped) */ \
  X(image_get_resinfo, IMAGE, image_query, 0) X(image_get_lod, IMAGE, image_get_lod, 0) \
  /* 16-bit VALU (VOP1/VOP2/VOP3): halves chosen by VOP3 op_sel, the other half of the \
   * destination kept (see h16_write) */ \
  X(v_add_f16, H16_BIN, hadd, 0) X(v_sub_f16, H16_BIN, hadd, INV) \
  X(v_subrev_f16, H16_BIN, hadd, INV | REV) X(v_mul_f16, H16_BIN, hmul, 0) \
  X(v_min_f16, H16_BIN, hmin, 0) X(v_max_f16, H16_BIN, hmax, 0) \
  X(v_fma_f16, H16_FMA, hfma, 0) X(v_fmac_f16, H16_FMA, hfma, 1) \
  X(v_fmamk_f16, H16_FMA, hfma, 0) X(v_fmaak_f16, H16_FMA, hfma, 0) \
  X(v_min3_f16, H16_3, hmin, 0) X(v_max3_f16, H16_3, hmax, 0) X(v_med3_f16, H16_3, hmin, 1) \
  X(v_ldexp_f16, H16_LDEXP, fldexp, 0) \
  X(v_floor_f16, H16_UN, ffloor, 0) X(v_ceil_f16, H16_UN, fceil, 0) \
  X(v_trunc_f16, H16_UN, ftrunc, 0) X(v_rndne_f16, H16_UN, frint, 0) \
  X(v_fract_f16, H16_UN, ffract, 1) X(v_sqrt_f16, H16_UN, fsqrt, 0) \
  X(v_rcp_f16, H16_UN, frcp, 0) X(v_rsq_f16, H16_UN, frsq, 0) X(v_exp_f16, H16_UN, fexp2, 0) \
  X(v_log_f16, H16_UN, flog2, 0) X(v_sin_f16, H16_UN, fsin, 0) X(v_cos_f16, H16_UN, fcos, 0) \
  X(v_cvt_f16_f32, H16_FROM_F32, cvt_f16_f32, 0) X(v_cvt_f32_f16, H16_TO_F32, cvt_f32_f16, 0) \
  X(v_cvt_f16_u16, H16_FROM_INT, cvt_f32_u32, 0) X(v_cvt_f16_i16, H16_FROM_INT, cvt_f32_i32, SIGNED) \
  X(v_cvt_u16_f16, H16_TO_INT, cvt_u32_f32, 0) X(v_cvt_i16_f16, H16_TO_INT, cvt_i32_f32, SIGNED) \
  X(v_div_fixup_f16, H16_FIXUP, fmul, 0) \
  X(v_frexp_mant_f16, H16_FREXP, copy, 0) X(v_frexp_exp_i16_f16, H16_FREXP, copy, 1) \
  X(v_sat_pk_u8_i16, H16_SATPK, copy, 0) \
  X(v_add_nc_u16, I16_BIN, iadd, 0) X(v_sub_nc_u16, I16_BIN, isub, 0) \
  X(v_add_nc_i16, I16_BIN, iadd, SIGNED) X(v_sub_nc_i16, I16_BIN, isub, SIGNED) \
  X(v_mul_lo_u16, I16_BIN, imul, 0) \
  X(v_min_u16, I16_BIN, umin, 0) X(v_max_u16, I16_BIN, umax, 0) \
  X(v_min_i16, I16_BIN, smin, SIGNED) X(v_max_i16, I16_BIN, smax, SIGNED) \
  X(v_lshlrev_b16, I16_BIN, shl, REV) X(v_lshrrev_b16, I16_BIN, lshr, REV) \
  X(v_ashrrev_i16, I16_BIN, ashr, REV | SIGNED) \
  X(v_mad_u16, I16_MAD, imul, 16) X(v_mad_i16, I16_MAD, imul, 16 | SIGNED) \
  X(v_mad_u32_u16, I16_MAD, imul, 32) X(v_mad_i32_i16, I16_MAD, imul, 32 | SIGNED) \
  X(v_min3_u16, I16_3, umin, 0) X(v_max3_u16, I16_3, umax, 0) X(v_med3_u16, I16_3, umin, 1) \
  X(v_min3_i16, I16_3, smin, SIGNED) X(v_max3_i16, I16_3, smax, SIGNED) \
  X(v_med3_i16, I16_3, smin, 1 | SIGNED) \
  /* division helpers (v_rcp + Newton steps between them) and cube-map coordinates */ \
  X(v_div_scale_f32, VDIV_SCALE, fdiv_scale, 0) X(v_div_scale_f64, VDIV_SCALE, ddiv_scale, 1) \
  X(v_div_fmas_f32, VDIV_FMAS, ffma, 0) X(v_div_fmas_f64, VDIV_FMAS, dfma, 1) \
  X(v_div_fixup_f32, VDIV_FIXUP, fmul, 0) X(v_div_fixup_f64, VDIV_FIXUP, dmul, 1) \
  X(v_cubeid_f32, VCUBE, fmax, 0) X(v_cubesc_f32, VCUBE, fmax, 1) \
  X(v_cubetc_f32, VCUBE, fmax, 2) X(v_cubema_f32, VCUBE, fmax, 3) \
  X(v_rcp_f64, VF64_UN, drcp, 0) X(v_rsq_f64, VF64_UN, drsq, 0) X(v_sqrt_f64, VF64_UN, dsqrt, 0) \
  X(v_floor_f64, VF64_UN, dfloor, 0) X(v_ceil_f64, VF64_UN, dceil, 0) \
  X(v_trunc_f64, VF64_UN, dtrunc, 0) X(v_rndne_f64, VF64_UN, drint, 0) \
  /* sub-dword memory: bytes | SIGNED | SUB_D16 | SUB_HI */ \
  X(ds_read_u8, DS_SUB_LOAD, load_lds_sub, 1) X(ds_read_i8, DS_SUB_LOAD, load_lds_sub, 1 | SIGNED) \
  X(ds_read_u16, DS_SUB_LOAD, load_lds_sub, 2) X(ds_read_i16, DS_SUB_LOAD, load_lds_sub, 2 | SIGNED) \
  X(ds_read_u8_d16, DS_SUB_LOAD, load_lds_sub, 1 | SUB_D16) \
  X(ds_read_u8_d16_hi, DS_SUB_LOAD, load_lds_sub, 1 | SUB_D16 | SUB_HI) \
  X(ds_read_i8_d16, DS_SUB_LOAD, load_lds_sub, 1 | SIGNED | SUB_D16) \
  X(ds_read_i8_d16_hi, DS_SUB_LOAD, load_lds_sub, 1 | SIGNED | SUB_D16 | SUB_HI) \
  X(ds_read_u16_d16, DS_SUB_LOAD, load_lds_sub, 2 | SUB_D16) \
  X(ds_read_u16_d16_hi, DS_SUB_LOAD, load_lds_sub, 2 | SUB_D16 | SUB_HI) \
  X(ds_write_b8, DS_SUB_STORE, store_lds_sub, 1) X(ds_write_b16, DS_SUB_STORE, store_lds_sub, 2) \
  X(ds_write_b8_d16_hi, DS_SUB_STORE, store_lds_sub, 1 | SUB_HI) \
  X(ds_write_b16_d16_hi, DS_SUB_STORE, store_lds_sub, 2 | SUB_HI) \
  XL_SUB_MEM(X, buffer, BUF, load_buffer_sub, store_buffer_sub) \
  XL_SUB_MEM(X, global, G, load_global_sub, store_global_sub) \
  XL_SUB_MEM(X, flat, G, load_global_sub, store_global_sub) \
  /* cross-lane */ \
  X(v_readfirstlane_b32, VREADFIRST, read_first_lane, 0) \
  X(v_readlane_b32, VREADLANE, read_lane, 0) X(v_writelane_b32, VWRITELANE, write_lane, 0) \
  /* further integer, bit-field, lane-mask and cross-lane ALU (translate_alu.c) */ \
  X(s_wqm_b32, ALU_EXT, copy, AX_WQM32) X(s_wqm_b64, ALU_EXT, copy, AX_WQM64) \
  X(s_bfm_b64, ALU_EXT, copy, AX_BFM64) X(s_ff1_i32_b64, ALU_EXT, copy, AX_FF1_64) \
  X(s_ff0_i32_b32, ALU_EXT, copy, AX_FF0_32) X(s_ff0_i32_b64, ALU_EXT, copy, AX_FF0_64) \
  X(s_flbit_i32_b64, ALU_EXT, copy, AX_FLBIT64) X(s_flbit_i32, ALU_EXT, copy, AX_FLBIT_I32) \
  X(s_flbit_i32_i64, ALU_EXT, copy, AX_FLBIT_I64) \
  X(s_bcnt0_i32_b32, ALU_EXT, copy, AX_BCNT0_32) X(s_bcnt0_i32_b64, ALU_EXT, copy, AX_BCNT0_64) \
  X(s_brev_b64, ALU_EXT, copy, AX_BREV64) \
  X(s_bitset0_b32, ALU_EXT, copy, AX_BITSET0_32) X(s_bitset1_b32, ALU_EXT, copy, AX_BITSET1_32) \
  X(s_bitset0_b64, ALU_EXT, copy, AX_BITSET0_64) X(s_bitset1_b64, ALU_EXT, copy, AX_BITSET1_64) \
  X(s_quadmask_b32, ALU_EXT, copy, AX_QUADMASK32) X(s_quadmask_b64, ALU_EXT, copy, AX_QUADMASK64) \
  X(s_bitreplicate_b64_b32, ALU_EXT, copy, AX_BITREPLICATE) \
  X(s_ashr_i64, ALU_EXT, copy, AX_SASHR64) \
  X(s_bfe_u64, ALU_EXT, copy, AX_BFE_U64) X(s_bfe_i64, ALU_EXT, copy, AX_BFE_I64) \
  X(s_absdiff_i32, ALU_EXT, copy, AX_ABSDIFF) \
  X(s_andn1_wrexec_b32, ALU_EXT, copy, AX_ANDN1_WREXEC) \
  X(s_andn1_wrexec_b64, ALU_EXT, copy, AX_ANDN1_WREXEC) \
  X(s_andn2_wrexec_b32, ALU_EXT, copy, AX_ANDN2_WREXEC) \
  X(s_andn2_wrexec_b64, ALU_EXT, copy, AX_ANDN2_WREXEC) \
  X(v_lshlrev_b64, ALU_EXT, copy, AX_VSHL64) X(v_lshrrev_b64, ALU_EXT, copy, AX_VLSHR64) \
  X(v_ashrrev_i64, ALU_EXT, copy, AX_VASHR64) \
  X(v_permlane16_b32, ALU_EXT, copy, AX_PERMLANE16) X(v_permlanex16_b32, ALU_EXT, copy, AX_PERMLANEX16) \
  X(v_mbcnt_lo_u32_b32, ALU_EXT, copy, AX_MBCNT_LO) X(v_mbcnt_hi_u32_b32, ALU_EXT, copy, AX_MBCNT_HI) \
  X(v_bcnt_u32_b32, ALU_EXT, copy, AX_BCNT) X(v_bfm_b32, ALU_EXT, copy, AX_VBFM) \
  X(v_alignbit_b32, ALU_EXT, copy, AX_ALIGNBIT) X(v_alignbyte_b32, ALU_EXT, copy, AX_ALIGNBYTE) \
  X(v_perm_b32, ALU_EXT, copy, AX_PERM) \
  X(v_mad_u32_u24, ALU_EXT, copy, AX_MAD_U24) X(v_mad_i32_i24, ALU_EXT, copy, AX_MAD_I24) \
  X(v_xad_u32, ALU_EXT, copy, AX_XAD) \
  X(v_add_nc_i32, ALU_EXT, copy, AX_ADD_I32) X(v_sub_nc_i32, ALU_EXT, copy, AX_SUB_I32) \
  X(v_ffbh_i32, ALU_EXT, copy, AX_FLBIT_I32) X(v_swap_b32, ALU_EXT, copy, AX_SWAP) \
  X(v_cvt_flr_i32_f32, ALU_EXT, copy, AX_CVT_FLR) X(v_cvt_rpi_i32_f32, ALU_EXT, copy, AX_CVT_RPI) \
  X(v_cvt_f64_i32, ALU_EXT, copy, AX_CVT_F64_I32) X(v_cvt_f64_u32, ALU_EXT, copy, AX_CVT_F64_U32) \
  X(v_cvt_i32_f64, ALU_EXT, copy, AX_CVT_I32_F64) X(v_cvt_u32_f64, ALU_EXT, copy, AX_CVT_U32_F64) \
  X(v_cvt_pk_u16_u32, ALU_EXT, copy, AX_PK_U16_U32) X(v_cvt_pk_i16_i32, ALU_EXT, copy, AX_PK_I16_I32) \
  X(v_pack_b32_f16, ALU_EXT, copy, AX_PACK_F16) \
  X(v_frexp_mant_f32, ALU_EXT, copy, AX_FREXP_MANT32) X(v_frexp_exp_i32_f32, ALU_EXT, copy, AX_FREXP_EXP32) \
  X(v_frexp_mant_f64, ALU_EXT, copy, AX_FREXP_MANT64) X(v_frexp_exp_i32_f64, ALU_EXT, copy, AX_FREXP_EXP64) \
  X(v_fract_f64, ALU_EXT, copy, AX_FRACT64) X(v_ldexp_f64, ALU_EXT, copy, AX_LDEXP64) \
  X(v_lerp_u8, ALU_EXT, copy, AX_LERP_U8) X(v_cvt_off_f32_i4, ALU_EXT, copy, AX_CVT_OFF_I4) \
  X(v_dot2_i32_i16, ALU_EXT, copy, AX_DOT2_I16) X(v_dot2_u32_u16, ALU_EXT, copy, AX_DOT2_U16) \
  X(v_dot4_i32_i8, ALU_EXT, copy, AX_DOT4_I8) X(v_dot8_i32_i4, ALU_EXT, copy, AX_DOT8_I4) \
  X(v_dot4c_i32_i8, ALU_EXT, copy, AX_DOT4C_I8) X(v_mad_i64_i32, ALU_EXT, copy, AX_MAD_I64) \
  X(v_dot2c_f32_f16, ALU_EXT, copy, AX_DOT2C_F16) \
  X(v_cvt_pknorm_i16_f32, ALU_EXT, copy, AX_PKNORM_I16_F32) \
  X(v_cvt_pknorm_u16_f32, ALU_EXT, copy, AX_PKNORM_U16_F32) \
  X(v_cvt_pknorm_i16_f16, ALU_EXT, copy, AX_PKNORM_I16_F16) \
  X(v_cvt_pknorm_u16_f16, ALU_EXT, copy, AX_PKNORM_U16_F16) \
  X(v_cvt_norm_i16_f16, H16_TO_INT, cvt_i32_f32, SIGNED | H16_NORM) \
  X(v_cvt_norm_u16_f16, H16_TO_INT, cvt_u32_f32, H16_NORM) \
  X(v_cvt_pk_u8_f32, ALU_EXT, copy, AX_CVT_PK_U8) X(v_mullit_f32, ALU_EXT, copy, AX_MULLIT) \
  X(v_qsad_pk_u16_u8, ALU_EXT, copy, AX_QSAD) X(v_mqsad_pk_u16_u8, ALU_EXT, copy, AX_MQSAD_PK) \
  X(v_mqsad_u32_u8, ALU_EXT, copy, AX_MQSAD_U32) X(v_trig_preop_f64, ALU_EXT, copy, AX_TRIG_PREOP) \
  /* M0-relative register moves (translate_movrel.c) */ \
  X(s_movrels_b32, MOVREL, copy, MR_SREAD32) X(s_movrels_b64, MOVREL, copy, MR_SREAD64) \
  X(s_movreld_b32, MOVREL, copy, MR_SWRITE32) X(s_movreld_b64, MOVREL, copy, MR_SWRITE64) \
  X(s_movrelsd_2_b32, MOVREL, copy, MR_SMOVE2) \
  X(v_movrels_b32, MOVREL, copy, MR_VREAD) X(v_movreld_b32, MOVREL, copy, MR_VWRITE) \
  X(v_movrelsd_b32, MOVREL, copy, MR_VMOVE) X(v_movrelsd_2_b32, MOVREL, copy, MR_VMOVE2) \
  X(v_swaprel_b32, MOVREL, copy, MR_VSWAP)
/* clang-format on */

static const struct xl_entry xl_entries[] = {
#define XL_ENTRY_(n, k, o, d) {#n, K_##k, IR_OP_##o, (uint32_t)(d)},
    XL_OPS(XL_ENTRY_)
    XL_MEM_OPS(XL_ENTRY_)
#undef XL_ENTRY_
};

/* ---- lookup -------------------------------------------------------------------------- */

void xl_base_name(const char *name, char *out, size_t size) {
  size_t n = strlen(name);
  if (n >= size) n = size - 1;
  memcpy(out, name, n);
  out[n] = 0;
  if (n > 4 && (strcmp(out + n - 4, "_e32") == 0 || strcmp(out + n - 4, "_e64") == 0 ||
                strcmp(out + n - 4, "_dpp") == 0))
    out[n - 4] = 0;
  else if (n > 5 && strcmp(out + n - 5, "_sdwa") == 0)
    out[n - 5] = 0;
}

static const struct xl_entry *lookup_name(const char *base) {
  for (size_t i = 0; i < sizeof xl_entries / sizeof *xl_entries; i++)
    if (strcmp(xl_entries[i].name, base) == 0) return &xl_entries[i];
  return NULL;
}

/* Cache of the name lookup per (family, opcode): 0 not looked up yet, 1 no entry, else the
 * entry index + 2. Concurrent fills store the same value. */
static uint16_t entry_cache[ISA_FAMILY_COUNT][1024];

/* The first lookup of an opcode: by name, then cached in SLOT (if any). */
static __attribute__((noinline)) const struct xl_entry *lookup_miss(const struct isa_inst *in,
                                                                    uint16_t *slot) {
  char base[64];
  xl_base_name(in->info->name, base, sizeof base);
  const struct xl_entry *e = lookup_name(base);
  if (slot) __atomic_store_n(slot, (uint16_t)(e ? e - xl_entries + 2 : 1), __ATOMIC_RELAXED);
  return e;
}

static inline const struct xl_entry *lookup(const struct isa_inst *in) {
  /* FLAT, GLOBAL and scratch share the FLAT family and its 7-bit opcodes: the segment is
   * part of the key (flat_load_dword and scratch_load_dword are different entries) */
  unsigned key = in->op + (in->family == ISA_FAMILY_FLAT ? 128u * (in->seg & 3) : 0);
  uint16_t *slot = in->family < ISA_FAMILY_COUNT && key < 1024 ? &entry_cache[in->family][key]
                                                               : NULL;
  uint16_t v = slot ? __atomic_load_n(slot, __ATOMIC_RELAXED) : 0;
  if (v) return v == 1 ? NULL : &xl_entries[v - 2];
  return lookup_miss(in, slot);
}

/* ---- handlers ------------------------------------------------------------------------ */

static void set_scc(struct xl_state *x, uint32_t v) { set(x, IR_REG_SCC, v); }

static uint32_t nz32(struct xl_state *x, uint32_t v) { return ir_ine(&x->b, v, c32(x, 0)); }
static uint32_t nz64(struct xl_state *x, uint32_t v) { return ir_ine64(&x->b, v, c64(x, 0)); }

static uint32_t sign_bit(struct xl_state *x, uint32_t v) {
  return ir_ine(&x->b, ir_lshr(&x->b, v, c32(x, 31)), c32(x, 0));
}

static void scalar_bin32(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  uint32_t a = src32(x, in, 0), b = src32(x, in, 1);
  uint32_t rule = e->detail & 0xff;
  bool rev = e->detail & REV, inv = e->detail & INV;
  uint32_t bb = rev ? ir_inot(&x->b, b) : b; /* andn2 / orn2 */
  uint32_t d = ir_b_emit(&x->b, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, bb});
  if (inv) d = ir_inot(&x->b, d); /* nand / nor / xnor */
  write_s32(x, in, d);
  switch (rule) {
    case SCC_NZ: set_scc(x, nz32(x, d)); break;
    case SCC_CARRY: set_scc(x, ir_ult(&x->b, d, a)); break;
    case SCC_BORROW: set_scc(x, ir_ult(&x->b, a, b)); break;
    case SCC_SADD: /* overflow: both operands' signs differ from the result's */
      set_scc(x, sign_bit(x, ir_iand(&x->b, ir_ixor(&x->b, a, d), ir_ixor(&x->b, b, d))));
      break;
    case SCC_SSUB:
      set_scc(x, sign_bit(x, ir_iand(&x->b, ir_ixor(&x->b, a, b), ir_ixor(&x->b, a, d))));
      break;
    case SCC_LT: set_scc(x, (e->detail & SIGNED) ? ir_slt(&x->b, a, b) : ir_ult(&x->b, a, b)); break;
    case SCC_GT: set_scc(x, (e->detail & SIGNED) ? ir_slt(&x->b, b, a) : ir_ult(&x->b, b, a)); break;
    default: break;
  }
}

static uint32_t logic64(struct xl_state *x, enum xl_logic l, uint32_t a, uint32_t b) {
  struct ir_builder *bd = &x->b;
  switch (l) {
    case L_AND: return ir_iand64(bd, a, b);
    case L_OR: return ir_ior64(bd, a, b);
    case L_XOR: return ir_ixor64(bd, a, b);
    case L_ANDN2: return ir_iand64(bd, a, ir_inot64(bd, b));
    case L_ORN2: return ir_ior64(bd, a, ir_inot64(bd, b));
    case L_NAND: return ir_inot64(bd, ir_iand64(bd, a, b));
    case L_NOR: return ir_inot64(bd, ir_ior64(bd, a, b));
    case L_XNOR: return ir_inot64(bd, ir_ixor64(bd, a, b));
    case L_ANDN1: return ir_iand64(bd, ir_inot64(bd, a), b);
    case L_ORN1: return ir_ior64(bd, ir_inot64(bd, a), b);
  }
  return a;
}

static uint32_t wave_mask(struct xl_state *x) {
  return c64(x, x->wave64 ? ~0ull : 0xffffffffull);
}

static void saveexec(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  uint32_t exec = get(x, IR_REG_EXEC);
  uint32_t s = src_mask(x, srcp(in, 0));
  uint32_t n = ir_iand64(&x->b, logic64(x, (enum xl_logic)e->detail, s, exec), wave_mask(x));
  if (in->num_defs) write_mask(x, defp(in, 0), exec);
  set_scc(x, nz64(x, n));
  /* wave32 writes exec_lo only; exec_hi keeps its value */
  if (!x->wave64)
    n = ir_ior64(&x->b, n, ir_iand64(&x->b, exec, c64(x, 0xffffffff00000000ull)));
  set(x, IR_REG_EXEC, n);
}

/* ---- 16-bit VALU ----------------------------------------------------------------------
 * GFX10 rule for the destination of a 16-bit VALU operation (VOP1/VOP2/VOP3, not packed):
 * the result goes to the low half, or to the high half when VOP3 op_sel[3] is set, and the
 * other half of the register keeps its value (GFX8 zeroed the high half; GFX9 zeroes it
 * for most opcodes; GFX10 preserves it for all). VOP3 op_sel[0..2] pick the high half of
 * sources 0..2; VOP1/VOP2/VOPC sources use the low half. */

/* The destination half the instruction writes, as U16 bits (the old value of the other
 * half is kept; v_fmac reads its addend from the same half). */
static uint32_t h16_dst_old(struct xl_state *x, const struct isa_inst *in) {
  return ir_u16_of_i(&x->b, h16_op_sel(in, 3), src_dword(x, defp(in, 0), 0, false));
}

static void h16_write(struct xl_state *x, const struct isa_inst *in, uint32_t v16) {
  struct ir_builder *bd = &x->b;
  if (x->sdwa) { /* the SDWA destination rule places the 16-bit result (write_v32) */
    write_vdst(x, in, ir_u32_of_u16(bd, v16));
    return;
  }
  bool hi = h16_op_sel(in, 3);
  uint32_t other = ir_u16_of_i(bd, !hi, src_dword(x, defp(in, 0), 0, false));
  write_vdst(x, in, hi ? ir_pack_half(bd, other, v16) : ir_pack_half(bd, v16, other));
}

/* omod and clamp of an f16 result; returns U16 bits. */
static uint32_t h16_result(struct xl_state *x, const struct isa_inst *in, uint32_t f) {
  static const uint16_t omod_factor[4] = {0, 0x4000, 0x4400, 0x3800};
  struct ir_builder *bd = &x->b;
  if (in->omod & 3) f = ir_hmul(bd, f, konst(x, IR_TYPE_F16, omod_factor[in->omod & 3]));
  if (in->clamp) f = ir_cvt_f16_f32(bd, ir_fsat(bd, ir_cvt_f32_f16(bd, f)));
  return ir_bitcast_u16(bd, f);
}

/* Saturates an extended 16-bit integer result (clamp bit of add/sub/mul/mad). */
static uint32_t i16_saturate(struct xl_state *x, uint32_t v, bool sext) {
  struct ir_builder *bd = &x->b;
  if (!sext) return ir_umin(bd, v, c32(x, 0xffff));
  return ir_smax(bd, ir_smin(bd, v, c32(x, 0x7fff)), c32(x, 0xffff8000u));
}

/* The same for the result R of OP on two extended 16-bit values: an unsigned difference
 * below zero (a wrapped 32-bit value) saturates to 0, not to 0xffff. */
static uint32_t i16_saturate_op(struct xl_state *x, enum ir_op op, uint32_t r, bool sext) {
  if (op == IR_OP_isub && !sext) r = ir_smax(&x->b, r, c32(x, 0));
  return i16_saturate(x, r, sext);
}

/* f32 median of three: max(min(a, b), min(max(a, b), c)) */
static uint32_t med3(struct xl_state *x, enum ir_op min, enum ir_op max, enum ir_type t,
                     uint32_t a, uint32_t b, uint32_t c) {
  struct ir_builder *bd = &x->b;
  uint32_t lo = ir_b_emit(bd, min, t, 0, 2, (const uint32_t[]){a, b});
  uint32_t hi = ir_b_emit(bd, max, t, 0, 2, (const uint32_t[]){a, b});
  uint32_t m = ir_b_emit(bd, min, t, 0, 2, (const uint32_t[]){hi, c});
  return ir_b_emit(bd, max, t, 0, 2, (const uint32_t[]){lo, m});
}

static enum ir_op max_of(enum ir_op min) {
  return min == IR_OP_smin ? IR_OP_smax : min == IR_OP_umin ? IR_OP_umax : IR_OP_fmax;
}

static void vector_u32_3(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  uint32_t a = src32(x, in, 0), b = src32(x, in, 1), c = src32(x, in, 2), r;
  switch (e->detail) {
    case 0: { /* min3 / max3 */
      uint32_t t = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){t, c});
      break;
    }
    case 1: r = med3(x, e->op, max_of(e->op), IR_TYPE_U32, a, b, c); break;
    case 2: { /* xor3 / or3 / add3 */
      uint32_t t = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){t, c});
      break;
    }
    case 3: r = ir_iadd(bd, ir_shl(bd, a, b), c); break; /* lshl_add */
    case 4: r = ir_shl(bd, ir_iadd(bd, a, b), c); break; /* add_lshl */
    case 5: r = ir_ior(bd, ir_iand(bd, a, b), c); break; /* and_or */
    default: r = ir_ior(bd, ir_shl(bd, a, b), c); break; /* lshl_or */
  }
  write_vdst(x, in, r);
}


/* VOP3P: half H (0 lo, 1 hi) of source I as selected by op_sel (lo) / op_sel_hi (hi) from
 * the operand dword (an inline constant's dword depends on the operation: see
 * inline_float_dword16). VOP2 (v_pk_fmac_f16) has no op_sel: half H from half H. */
static uint32_t pk_half(struct xl_state *x, const struct isa_inst *in, unsigned i, unsigned h,
                        enum xl_const16 cls) {
  uint8_t sel = in->family != ISA_FAMILY_VOP3P ? (h ? 0x7 : 0) : h ? in->op_sel_hi : in->op_sel;
  return ir_u16_of_i(&x->b, (sel >> i) & 1, src16_dword(x, in, i, cls));
}

/* Operand count of a packed entry. */
static unsigned pk_operands(const struct xl_entry *e) {
  unsigned n = e->detail & 0xff;
  return n ? n : 2;
}

/* Packed integer clamp: add/sub/mad saturate (to the unsigned or signed 16-bit range, as
 * the unpacked v_add/sub_nc and v_mad_u16/i16), min/max cannot leave it; for mul_lo and
 * the shifts its effect is not established. */
static bool pk_clamp_known(const struct xl_entry *e) {
  if (e->op == IR_OP_imul) return pk_operands(e) == 3;
  return e->op == IR_OP_iadd || e->op == IR_OP_isub || e->op == IR_OP_umin ||
         e->op == IR_OP_umax || e->op == IR_OP_smin || e->op == IR_OP_smax;
}

static void translate_packed(struct xl_state *x, const struct isa_inst *in,
                             const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  enum xl_const16 cls = e->kind == K_PKF16 ? C16_F16 : C16_F32;
  bool sext = e->detail & SIGNED;
  uint32_t half[2];
  for (unsigned h = 0; h < 2; h++) {
    uint32_t a[3];
    unsigned n = pk_operands(e);
    for (unsigned i = 0; i < n; i++) {
      uint32_t v = (e->detail & PK_ACC) && i == 2
                       ? ir_u16_of_i(bd, h, src_dword(x, defp(in, 0), 0, false))
                       : pk_half(x, in, i, h, cls);
      if (e->kind == K_PKF16) {
        v = ir_bitcast_f16(bd, v);
        if ((((h ? in->neg_hi : in->neg_lo) >> i) & 1)) v = ir_hneg(bd, v);
      } else {
        v = ir_u32_of_u16(bd, v);
        if (sext) v = ir_sbfe(bd, v, c32(x, 0), c32(x, 16));
      }
      a[i] = v;
    }
    uint32_t r;
    if (e->kind == K_PKF16) {
      r = ir_b_emit(bd, e->op, IR_TYPE_F16, 0, n, a);
      if (in->clamp) r = ir_cvt_f16_f32(bd, ir_fsat(bd, ir_cvt_f32_f16(bd, r)));
      half[h] = ir_bitcast_u16(bd, r);
    } else {
      if (e->detail & REV) { /* shift: count from src0's low 4 bits, value src1 */
        uint32_t t = a[0];
        a[0] = a[1];
        a[1] = ir_iand(bd, t, c32(x, 15));
      }
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, a);
      if (n == 3) r = ir_iadd(bd, r, a[2]); /* mad: s0 * s1 + s2 */
      if (in->clamp) r = i16_saturate_op(x, e->op, r, sext);
      half[h] = ir_u16_of_i(bd, 0, r);
    }
  }
  write_vdst(x, in, ir_pack_half(bd, half[0], half[1]));
}

/* v_sad_u8 / _hi_u8 / _u16 / _u32 / v_msad_u8 (detail 0..4): S2 plus the sum of
 * |S0[k] - S1[k]| over the unsigned bytes (v_sad_hi_u8: that sum shifted left by 16),
 * halves or whole dwords; v_msad_u8 skips the bytes where the reference S1 is 0 (Mesa's
 * nir msad_4x8, "equivalent to v_msad_u8", masks on its first source, which its LLVM
 * lowering passes as S1). The additions wrap. clamp: not established (unsupported). */
static void translate_sad(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  static const uint8_t width[5] = {8, 8, 16, 32, 8};
  unsigned w = width[e->detail % 5];
  uint32_t sum = xl_sad_sum(x, src32(x, in, 0), src32(x, in, 1), w, e->detail == 4);
  if (e->detail == 1) sum = ir_shl(bd, sum, c32(x, 16));
  write_vdst(x, in, ir_iadd(bd, sum, src32(x, in, 2)));
}

/* v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16 (VOP3P; detail 0 / 1 / 2): source I is
 * the f32 of its operand (op_sel_hi[I] = 0) or the f16 half op_sel[I] picks, widened
 * exactly (op_sel_hi[I] = 1); neg_lo negates, neg_hi takes the absolute value; the f32 fma
 * is fused. An inline constant is a 32-bit operand in f32 mode and a 16-bit one in f16
 * mode (the sizes Mesa ACO gives these operands: f32 constants, resp. the 16-bit rule of
 * inline_float_dword16). mixlo/mixhi round the f32 result to f16 (clamp then to [0, 1]) —
 * the fold LLVM makes of fptrunc(fmuladd.f32) — into the low / high half and keep the other. */
static void translate_fma_mix(struct xl_state *x, const struct isa_inst *in,
                              const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  uint32_t s[3];
  for (unsigned i = 0; i < 3; i++) {
    uint32_t v;
    if ((in->op_sel_hi >> i) & 1)
      v = ir_cvt_f32_f16(bd, ir_bitcast_f16(bd, ir_u16_of_i(bd, (in->op_sel >> i) & 1,
                                                             src16_dword(x, in, i, C16_F16))));
    else
      v = as_f32(x, src32(x, in, i));
    if ((in->neg_hi >> i) & 1) v = ir_fabs(bd, v);
    if ((in->neg_lo >> i) & 1) v = ir_fneg(bd, v);
    s[i] = v;
  }
  uint32_t r = ir_ffma(bd, s[0], s[1], s[2]);
  if (e->detail == 0) {
    write_vdst(x, in, fresult(x, in, r));
    return;
  }
  uint32_t h = ir_cvt_f16_f32(bd, r);
  if (in->clamp) h = ir_cvt_f16_f32(bd, ir_fsat(bd, ir_cvt_f32_f16(bd, h)));
  bool hi = e->detail == 2;
  uint32_t other = ir_u16_of_i(bd, !hi, src_dword(x, defp(in, 0), 0, false));
  h = ir_bitcast_u16(bd, h);
  write_vdst(x, in, hi ? ir_pack_half(bd, other, h) : ir_pack_half(bd, h, other));
}

static uint32_t div_fixup_f32_bits(struct xl_state *x, uint32_t q, uint32_t den, uint32_t num);

static void translate_16bit(struct xl_state *x, const struct isa_inst *in,
                            const struct xl_entry *e, uint32_t pc) {
  struct ir_builder *bd = &x->b;
  bool sext = e->detail & SIGNED;
  uint32_t a, b, c, r;
  switch (e->kind) {
    case K_H16_BIN:
      a = h16_fsrc(x, in, 0);
      b = h16_fsrc(x, in, 1);
      if (e->detail & REV) {
        uint32_t t = a; a = b; b = t;
      }
      if (e->detail & INV) b = ir_hneg(bd, b); /* a - b = a + -b (exact) */
      r = ir_b_emit(bd, e->op, IR_TYPE_F16, 0, 2, (const uint32_t[]){a, b});
      h16_write(x, in, h16_result(x, in, r));
      break;
    case K_H16_FMA:
      a = h16_fsrc(x, in, 0);
      b = h16_fsrc(x, in, 1);
      c = e->detail ? ir_bitcast_f16(bd, h16_dst_old(x, in)) : h16_fsrc(x, in, 2);
      h16_write(x, in, h16_result(x, in, ir_hfma(bd, a, b, c)));
      break;
    case K_H16_3:
      a = h16_fsrc(x, in, 0);
      b = h16_fsrc(x, in, 1);
      c = h16_fsrc(x, in, 2);
      if (e->detail) {
        r = med3(x, IR_OP_hmin, IR_OP_hmax, IR_TYPE_F16, a, b, c);
      } else {
        r = ir_b_emit(bd, e->op, IR_TYPE_F16, 0, 2, (const uint32_t[]){a, b});
        r = ir_b_emit(bd, e->op, IR_TYPE_F16, 0, 2, (const uint32_t[]){r, c});
      }
      h16_write(x, in, h16_result(x, in, r));
      break;
    case K_H16_LDEXP: /* exact in f32 for every f16 input, one rounding to f16 */
      a = ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0));
      b = ir_sbfe(bd, ir_u32_of_u16(bd, h16_src(x, in, 1)), c32(x, 0), c32(x, 16));
      h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, ir_fldexp(bd, a, b))));
      break;
    case K_H16_UN: {
      /* floor/ceil/trunc/rndne are exact through f32; the transcendental ones round twice
       * (they are approximations on the hardware too) */
      a = ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0));
      r = ir_cvt_f16_f32(bd, ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 1, &a));
      if (e->detail == 1) /* fract stays below 1.0: at most 0x3bff */
        r = ir_hmin(bd, r, konst(x, IR_TYPE_F16, 0x3bff));
      h16_write(x, in, h16_result(x, in, r));
      break;
    }
    case K_H16_FROM_F32:
      h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, fsrc(x, in, 0))));
      break;
    case K_H16_TO_F32:
      write_vdst(x, in, fresult(x, in, ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0))));
      break;
    case K_H16_FROM_INT: /* exact in f32, one rounding to f16 */
      a = h16_isrc(x, in, 0, sext);
      r = ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 1, &a);
      h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, r)));
      break;
    case K_H16_TO_INT: /* saturating to the 16-bit range, NaN -> 0 */
      a = ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0));
      if (e->detail & H16_NORM) { /* exact widening, then the f32 rule */
        h16_write(x, in, ir_u16_of_i(bd, 0, xl_norm16(x, a, sext)));
        break;
      }
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 1, &a);
      h16_write(x, in, ir_u16_of_i(bd, 0, i16_saturate(x, r, sext)));
      break;
    case K_H16_FIXUP: /* the f32 rules on the (exactly) widened operands */
      r = div_fixup_f32_bits(x, ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0)),
                             ir_cvt_f32_f16(bd, h16_fsrc(x, in, 1)),
                             ir_cvt_f32_f16(bd, h16_fsrc(x, in, 2)));
      h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, ir_bitcast_f32(bd, r))));
      break;
    case K_I16_BIN:
      a = h16_isrc(x, in, 0, sext);
      b = h16_isrc(x, in, 1, sext);
      if (e->detail & REV) { /* shifts: value s1, count s0[3:0] */
        uint32_t t = a;
        a = b;
        b = ir_iand(bd, t, c32(x, 15));
      }
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      if (in->clamp && (e->op == IR_OP_iadd || e->op == IR_OP_isub || e->op == IR_OP_imul))
        r = i16_saturate_op(x, e->op, r, sext);
      h16_write(x, in, ir_u16_of_i(bd, 0, r));
      break;
    case K_I16_MAD:
      a = h16_isrc(x, in, 0, sext);
      b = h16_isrc(x, in, 1, sext);
      if ((e->detail & 0xff) == 32 && in->clamp) { /* 32-bit saturation: not established */
        xl_unsupported(x, in, pc);
        break;
      }
      if ((e->detail & 0xff) == 32) { /* 32-bit addend and result */
        write_vdst(x, in, ir_iadd(bd, ir_imul(bd, a, b), src32(x, in, 2)));
        break;
      }
      r = ir_iadd(bd, ir_imul(bd, a, b), h16_isrc(x, in, 2, sext));
      if (in->clamp) r = i16_saturate(x, r, sext);
      h16_write(x, in, ir_u16_of_i(bd, 0, r));
      break;
    case K_I16_3:
      a = h16_isrc(x, in, 0, sext);
      b = h16_isrc(x, in, 1, sext);
      c = h16_isrc(x, in, 2, sext);
      if (e->detail & 1) {
        r = med3(x, e->op, max_of(e->op), IR_TYPE_U32, a, b, c);
      } else {
        r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
        r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){r, c});
      }
      h16_write(x, in, ir_u16_of_i(bd, 0, r));
      break;
    case K_H16_FREXP: { /* through f32: every f16 (denormals too) is an f32 normal */
      uint32_t m, ex;
      xl_frexp32(x, ir_bitcast_u32(bd, ir_cvt_f32_f16(bd, h16_fsrc(x, in, 0))), &m, &ex);
      if (e->detail == 0) h16_write(x, in, h16_result(x, in, ir_cvt_f16_f32(bd, ir_bitcast_f32(bd, m))));
      else h16_write(x, in, ir_u16_of_i(bd, 0, ex));
      break;
    }
    case K_H16_SATPK: { /* {sat_u8(S0.i16[1]), sat_u8(S0.i16[0])} */
      a = src32(x, in, 0);
      uint32_t lo = ir_sbfe(bd, a, c32(x, 0), c32(x, 16)), hi = ir_sbfe(bd, a, c32(x, 16), c32(x, 16));
      lo = ir_smax(bd, ir_smin(bd, lo, c32(x, 255)), c32(x, 0));
      hi = ir_smax(bd, ir_smin(bd, hi, c32(x, 255)), c32(x, 0));
      h16_write(x, in, ir_u16_of_i(bd, 0, ir_ior(bd, lo, ir_shl(bd, hi, c32(x, 8)))));
      break;
    }
    default: xl_unsupported(x, in, pc); break;
  }
}

/* ---- division helpers and cube maps ------------------------------------------------ */

/* Float view of the bits of one precision (U32 for f32, U64 for f64). */
struct fprec {
  bool d;
  enum ir_type bits;
};

static uint32_t fp_bits(struct xl_state *x, struct fprec p, uint32_t f) {
  return p.d ? ir_bitcast_u64(&x->b, f) : ir_bitcast_u32(&x->b, f);
}
static uint32_t fp_const(struct xl_state *x, struct fprec p, uint64_t v32, uint64_t v64) {
  return konst(x, p.d ? IR_TYPE_U64 : IR_TYPE_U32, p.d ? v64 : v32);
}
static uint32_t fp_or(struct xl_state *x, struct fprec p, uint32_t a, uint32_t b) {
  return p.d ? ir_ior64(&x->b, a, b) : ir_ior(&x->b, a, b);
}
static uint32_t fp_and(struct xl_state *x, struct fprec p, uint32_t a, uint32_t b) {
  return p.d ? ir_iand64(&x->b, a, b) : ir_iand(&x->b, a, b);
}
static uint32_t fp_cmp(struct xl_state *x, struct fprec p, enum ir_fcmp c, uint32_t a, uint32_t b) {
  return p.d ? ir_dcmp_i(&x->b, c, a, b) : ir_fcmp_i(&x->b, c, a, b);
}
static uint32_t fp_abs(struct xl_state *x, struct fprec p, uint32_t a) {
  return p.d ? ir_dabs(&x->b, a) : ir_fabs(&x->b, a);
}
static uint32_t fp_of_bits(struct xl_state *x, struct fprec p, uint32_t b) {
  return p.d ? ir_bitcast_f64(&x->b, b) : ir_bitcast_f32(&x->b, b);
}
/* biased exponent as U32 */
static uint32_t fp_exponent(struct xl_state *x, struct fprec p, uint32_t bits) {
  if (p.d) return ir_ubfe(&x->b, ir_hi_u32(&x->b, bits), c32(x, 20), c32(x, 11));
  return ir_ubfe(&x->b, bits, c32(x, 23), c32(x, 8));
}

/* v_div_fixup: S0 quotient, S1 denominator, S2 numerator; special cases in the ISA's order
 * (NaN inputs, 0/0 and inf/inf, x/0 and inf/y, x/inf and 0/y, exponent underflow), else
 * |S0| with the quotient's sign. */
static uint32_t div_fixup(struct xl_state *x, struct fprec p, uint32_t q, uint32_t den,
                          uint32_t num) {
  struct ir_builder *bd = &x->b;
  uint32_t bq = fp_bits(x, p, q), b1 = fp_bits(x, p, den), b2 = fp_bits(x, p, num);
  uint32_t sign_mask = fp_const(x, p, 0x80000000u, 1ull << 63);
  uint32_t sign = fp_and(x, p, p.d ? ir_ixor64(bd, b1, b2) : ir_ixor(bd, b1, b2), sign_mask);
  uint32_t zero = fp_of_bits(x, p, fp_const(x, p, 0, 0));
  uint32_t inf = fp_of_bits(x, p, fp_const(x, p, 0x7f800000u, 0x7ff0000000000000ull));
  uint32_t nan = fp_const(x, p, 0xffc00000u, 0xfff8000000000000ull); /* the guide's NaN */
  uint32_t quiet = fp_const(x, p, 0x00400000u, 1ull << 51);
  uint32_t den0 = fp_cmp(x, p, IR_FCMP_OEQ, den, zero), num0 = fp_cmp(x, p, IR_FCMP_OEQ, num, zero);
  uint32_t den_inf = fp_cmp(x, p, IR_FCMP_OEQ, fp_abs(x, p, den), inf);
  uint32_t num_inf = fp_cmp(x, p, IR_FCMP_OEQ, fp_abs(x, p, num), inf);
  /* from the last case to the first: each select overrides what follows it */
  uint32_t mag_q = fp_and(x, p, bq, p.d ? ir_inot64(bd, sign_mask) : ir_inot(bd, sign_mask));
  uint32_t r = fp_or(x, p, mag_q, sign);
  /* a NaN quotient left by an overflowing Newton step (no NaN input reaches here): +-inf */
  r = ir_select(bd, fp_cmp(x, p, IR_FCMP_UNO, q, q), fp_or(x, p, fp_bits(x, p, inf), sign), r);
  uint32_t ediff = ir_isub(bd, fp_exponent(x, p, b2), fp_exponent(x, p, b1));
  uint32_t under = ir_slt(bd, ediff, c32(x, p.d ? (uint32_t)-1075 : (uint32_t)-150));
  r = ir_select(bd, ir_bor(bd, under, ir_bor(bd, den_inf, num0)), sign, r); /* +-0 */
  r = ir_select(bd, ir_bor(bd, den0, num_inf), fp_or(x, p, fp_bits(x, p, inf), sign), r);
  r = ir_select(bd, ir_bor(bd, ir_band(bd, den0, num0), ir_band(bd, den_inf, num_inf)), nan, r);
  r = ir_select(bd, fp_cmp(x, p, IR_FCMP_UNO, den, den), fp_or(x, p, b1, quiet), r);
  r = ir_select(bd, fp_cmp(x, p, IR_FCMP_UNO, num, num), fp_or(x, p, b2, quiet), r);
  return r;
}

static uint32_t div_fixup_f32_bits(struct xl_state *x, uint32_t q, uint32_t den, uint32_t num) {
  return div_fixup(x, (struct fprec){.d = false, .bits = IR_TYPE_U32}, q, den, num);
}

/* cube-map face selection: the major axis is z if |z| >= |x|, |y|, else y if |y| >= |x|,
 * else x. id = 2 * axis + (negative); sc/tc the face coordinates; ma = 2 * major. */
static uint32_t cube(struct xl_state *x, unsigned which, uint32_t cx, uint32_t cy, uint32_t cz) {
  struct ir_builder *bd = &x->b;
  uint32_t ax = ir_fabs(bd, cx), ay = ir_fabs(bd, cy), az = ir_fabs(bd, cz);
  uint32_t zmaj = ir_band(bd, ir_fcmp_i(bd, IR_FCMP_OGE, az, ax), ir_fcmp_i(bd, IR_FCMP_OGE, az, ay));
  uint32_t ymaj = ir_fcmp_i(bd, IR_FCMP_OGE, ay, ax);
  uint32_t zero = ir_b_const_f32(bd, 0.0f);
  uint32_t xneg = ir_fcmp_i(bd, IR_FCMP_OLT, cx, zero), yneg = ir_fcmp_i(bd, IR_FCMP_OLT, cy, zero);
  uint32_t zneg = ir_fcmp_i(bd, IR_FCMP_OLT, cz, zero);
  uint32_t fz, fy, fx;
  switch (which) {
    case 0: {
      fz = ir_select(bd, zneg, ir_b_const_f32(bd, 5.0f), ir_b_const_f32(bd, 4.0f));
      fy = ir_select(bd, yneg, ir_b_const_f32(bd, 3.0f), ir_b_const_f32(bd, 2.0f));
      fx = ir_select(bd, xneg, ir_b_const_f32(bd, 1.0f), zero);
      break;
    }
    case 1:
      fz = ir_select(bd, zneg, ir_fneg(bd, cx), cx);
      fy = cx;
      fx = ir_select(bd, xneg, cz, ir_fneg(bd, cz));
      break;
    case 2:
      fz = ir_fneg(bd, cy);
      fy = ir_select(bd, yneg, ir_fneg(bd, cz), cz);
      fx = ir_fneg(bd, cy);
      break;
    default: {
      uint32_t two = ir_b_const_f32(bd, 2.0f);
      fz = ir_fmul(bd, two, cz);
      fy = ir_fmul(bd, two, cy);
      fx = ir_fmul(bd, two, cx);
      break;
    }
  }
  return ir_select(bd, zmaj, fz, ir_select(bd, ymaj, fy, fx));
}

/* v_div_scale takes neg but no abs (VOP3B: the abs field holds the carry destination) */
static uint32_t div_scale_src(struct xl_state *x, const struct isa_inst *in, unsigned i, bool d) {
  uint32_t v = d ? ir_bitcast_f64(&x->b, src64(x, in, i, true)) : as_f32(x, src32(x, in, i));
  if (mod_bit(in, i, ISA_MOD_NEG)) v = d ? ir_dneg(&x->b, v) : ir_fneg(&x->b, v);
  return v;
}

static void translate_div_cube(struct xl_state *x, const struct isa_inst *in,
                               const struct xl_entry *e, uint32_t pc) {
  struct ir_builder *bd = &x->b;
  struct fprec p = {.d = e->detail == 1 && e->kind != K_VCUBE};
  p.bits = p.d ? IR_TYPE_U64 : IR_TYPE_U32;
  uint32_t a, b, c, r;
  switch (e->kind) {
    case K_VDIV_SCALE: { /* defs: vdst, sdst (VCC mask) */
      a = div_scale_src(x, in, 0, p.d);
      b = div_scale_src(x, in, 1, p.d);
      c = div_scale_src(x, in, 2, p.d);
      r = p.d ? ir_ddiv_scale(bd, a, b, c) : ir_fdiv_scale(bd, a, b, c);
      uint32_t flag = p.d ? ir_ddiv_scale_flag(bd, b, c) : ir_fdiv_scale_flag(bd, b, c);
      if (p.d) write_vdst64(x, in, dresult(x, in, r));
      else write_vdst(x, in, fresult(x, in, r));
      if (in->num_defs > 1)
        write_mask(x, defp(in, 1), ir_iand64(bd, ir_ballot(bd, flag), get(x, IR_REG_EXEC)));
      break;
    }
    case K_VDIV_FMAS: { /* fma, scaled by 2^+-64 (f32) / 2^+-128 (f64) in lanes with VCC set:
                         * up when |s2| >= 2 (biased exponent above the bias), else down */
      uint32_t vcc = ir_lane_bit(bd, get(x, IR_REG_VCC));
      if (p.d) {
        a = dsrc(x, in, 0), b = dsrc(x, in, 1), c = dsrc(x, in, 2);
        r = ir_dfma(bd, a, b, c);
        uint32_t big = ir_dcmp_i(bd, IR_FCMP_OGE, ir_dabs(bd, c), konst(x, IR_TYPE_F64, 0x4000000000000000ull));
        uint32_t k = ir_select(bd, big, konst(x, IR_TYPE_F64, 0x47f0000000000000ull),
                               konst(x, IR_TYPE_F64, 0x37f0000000000000ull));
        r = ir_select(bd, vcc, ir_dmul(bd, r, k), r);
        write_vdst64(x, in, dresult(x, in, r));
      } else {
        a = fsrc(x, in, 0), b = fsrc(x, in, 1), c = fsrc(x, in, 2);
        r = ir_ffma(bd, a, b, c);
        uint32_t big = ir_fcmp_i(bd, IR_FCMP_OGE, ir_fabs(bd, c), ir_b_const_f32(bd, 2.0f));
        uint32_t k = ir_select(bd, big, konst(x, IR_TYPE_F32, 0x5f800000u), konst(x, IR_TYPE_F32, 0x1f800000u));
        r = ir_select(bd, vcc, ir_fmul(bd, r, k), r);
        write_vdst(x, in, fresult(x, in, r));
      }
      break;
    }
    case K_VDIV_FIXUP:
      if (p.d) {
        r = div_fixup(x, p, dsrc(x, in, 0), dsrc(x, in, 1), dsrc(x, in, 2));
        write_vdst64(x, in, dresult(x, in, ir_bitcast_f64(bd, r)));
      } else {
        r = div_fixup(x, p, fsrc(x, in, 0), fsrc(x, in, 1), fsrc(x, in, 2));
        write_vdst(x, in, fresult(x, in, ir_bitcast_f32(bd, r)));
      }
      break;
    case K_VF64_UN: /* exact in the IR like the f32 ones */
      a = dsrc(x, in, 0);
      write_vdst64(x, in, dresult(x, in, ir_b_emit(bd, e->op, IR_TYPE_F64, 0, 1, &a)));
      break;
    case K_VCUBE:
      r = cube(x, e->detail, fsrc(x, in, 0), fsrc(x, in, 1), fsrc(x, in, 2));
      write_vdst(x, in, fresult(x, in, r));
      break;
    default: break;
  }
}

void xl_unsupported(struct xl_state *x, const struct isa_inst *in, uint32_t pc) {
  LOG(shader, DEBUG, "no IR translation for %s at 0x%x", in->info->name, pc);
  ir_unsupported_i(&x->b, pc);
  x->unsupported++;
}

/* The value DPP and SDWA select from for source 0: the M0-relative register of the
 * v_movrels / v_movrelsd forms (translate_movrel.c), IR_NONE for every other operation
 * (the register source 0 names). */
static uint32_t rel_source(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  return e->kind == K_MOVREL ? xl_movrel_source(x, in, e) : IR_NONE;
}

/* DPP: source 0 is read from another lane of the same row (DPP16) or group of 8 (DPP8).
 * A source lane out of its row, or inactive without `fi`, is invalid: DPP16 then writes 0
 * with bound_ctrl and leaves the destination alone without it; DPP8 reads 0. row_mask and
 * bank_mask (DPP16) select which rows / 4-lane banks write at all. */
static bool dpp_prepare(struct xl_state *x, const struct isa_inst *in, uint32_t value) {
  struct ir_builder *bd = &x->b;
  uint32_t lane = ir_lane_id(bd), src, valid = IR_NONE;
  uint32_t row_base = ir_iand(bd, lane, c32(x, ~15u)), in_row = ir_iand(bd, lane, c32(x, 15));
  if (in->variant == ISA_VARIANT_DPP8) {
    uint32_t sel = ir_iand(bd, ir_lshr(bd, c32(x, in->dpp8), ir_imul(bd, ir_iand(bd, lane, c32(x, 7)), c32(x, 3))),
                           c32(x, 7));
    src = ir_iadd(bd, ir_iand(bd, lane, c32(x, ~7u)), sel);
  } else {
    uint32_t ctrl = in->dpp_ctrl, n = ctrl & 15;
    if (ctrl <= 0xff) { /* quad_perm */
      uint32_t sh = ir_shl(bd, ir_iand(bd, lane, c32(x, 3)), c32(x, 1));
      src = ir_iadd(bd, ir_iand(bd, lane, c32(x, ~3u)),
                    ir_iand(bd, ir_lshr(bd, c32(x, ctrl), sh), c32(x, 3)));
    } else if (ctrl >= 0x101 && ctrl <= 0x10f) { /* row_shl */
      uint32_t t = ir_iadd(bd, in_row, c32(x, n));
      valid = ir_ult(bd, t, c32(x, 16));
      src = ir_iadd(bd, row_base, t);
    } else if (ctrl >= 0x111 && ctrl <= 0x11f) { /* row_shr */
      valid = ir_ule(bd, c32(x, n), in_row);
      src = ir_isub(bd, lane, c32(x, n));
    } else if (ctrl >= 0x121 && ctrl <= 0x12f) { /* row_ror */
      src = ir_iadd(bd, row_base, ir_iand(bd, ir_isub(bd, in_row, c32(x, n)), c32(x, 15)));
    } else if (ctrl == 0x140) { /* row_mirror */
      src = ir_iadd(bd, row_base, ir_isub(bd, c32(x, 15), in_row));
    } else if (ctrl == 0x141) { /* row_half_mirror */
      src = ir_iadd(bd, ir_iand(bd, lane, c32(x, ~7u)),
                    ir_isub(bd, c32(x, 7), ir_iand(bd, lane, c32(x, 7))));
    } else if (ctrl >= 0x150 && ctrl <= 0x15f) { /* row_share */
      src = ir_iadd(bd, row_base, c32(x, n));
    } else if (ctrl >= 0x160 && ctrl <= 0x16f) { /* row_xmask */
      src = ir_iadd(bd, row_base, ir_ixor(bd, in_row, c32(x, n)));
    } else {
      return false;
    }
  }
  src = ir_iand(bd, src, c32(x, x->wave64 ? 63 : 31));
  uint32_t v = ir_read_lane(bd, value != IR_NONE ? value : src_dword(x, srcp(in, 0), 0, false), src);
  uint32_t ok = valid;
  if (!in->fi) {
    uint32_t active = ir_ine(bd, ir_lo_u32(bd, ir_iand64(bd, ir_lshr64(bd, get(x, IR_REG_EXEC), src),
                                                         c64(x, 1))), c32(x, 0));
    ok = ok == IR_NONE ? active : ir_band(bd, ok, active);
  }
  x->dpp_src0 = ok == IR_NONE ? v : ir_select(bd, ok, v, c32(x, 0));
  if (in->variant == ISA_VARIANT_DPP16) {
    uint32_t w = in->bound_ctrl || ok == IR_NONE ? IR_NONE : ok;
    unsigned rows = x->wave64 ? 0xf : 0x3;
    if ((in->row_mask & rows) != rows) {
      uint32_t bit = ir_ine(bd, ir_iand(bd, ir_lshr(bd, c32(x, in->row_mask), ir_lshr(bd, lane, c32(x, 4))),
                                        c32(x, 1)), c32(x, 0));
      w = w == IR_NONE ? bit : ir_band(bd, w, bit);
    }
    if ((in->bank_mask & 0xf) != 0xf) {
      uint32_t bank = ir_iand(bd, ir_lshr(bd, lane, c32(x, 2)), c32(x, 3));
      uint32_t bit = ir_ine(bd, ir_iand(bd, ir_lshr(bd, c32(x, in->bank_mask), bank), c32(x, 1)),
                            c32(x, 0));
      w = w == IR_NONE ? bit : ir_band(bd, w, bit);
    }
    x->dpp_write = w;
  }
  return true;
}

/* SDWA (VOP1/VOP2/VOPC): sources 0/1 are a byte or word of their operand dword, zero- or
 * sign-extended (selects 0-3 bytes, 4-5 words, 6 the dword); VOP1/VOP2 results then go
 * through the destination rule of write_v32, compares write their mask to VCC or to the
 * SGPR(s) of sdst like any compare. A 16-bit result is placed by a byte or word dst_sel;
 * with dst_sel DWORD what fills its high half is not established (unsupported). Only the
 * operations listed here take SDWA; false leaves the state untouched. */
/* The VOP1/VOP2 operations of translate_alu.c that read their sources through src32/fsrc
 * and write one dword through write_vdst, so SDWA selects and destinations apply. */
static bool sdwa_alu_ext(const struct xl_entry *e) {
  if (e->kind != K_ALU_EXT) return false;
  switch ((enum xl_alu_ext)e->detail) {
    case AX_CVT_FLR: case AX_CVT_RPI: case AX_FLBIT_I32: case AX_FREXP_MANT32:
    case AX_FREXP_EXP32: case AX_CVT_OFF_I4:
      return true;
    default: return false;
  }
}

static bool sdwa_prepare(struct xl_state *x, const struct isa_inst *in) {
  const struct xl_entry *e = lookup(in);
  bool vopc = in->family == ISA_FAMILY_VOPC, h16[2] = {false, false};
  if (vopc) {
    struct cmp_desc d = xl_compare_of(in);
    if (d.kind == CMP_NONE || (d.flags & CMPF_WIDE)) return false;
    h16[0] = d.kind == CMP_VF16 || d.kind == CMP_VINT16 || d.kind == CMP_VCLASS16;
    h16[1] = d.kind == CMP_VF16 || d.kind == CMP_VINT16; /* class: src1 is a 32-bit mask */
  } else if (!e) {
    return false;
  } else {
    enum xl_kind k = e->kind;
    bool result16 = k == K_H16_BIN || k == K_H16_UN || k == K_H16_LDEXP || k == K_H16_FROM_F32 ||
                    k == K_H16_FROM_INT || k == K_H16_TO_INT || k == K_H16_FREXP || k == K_H16_SATPK;
    if (!result16 && k != K_VMOV && k != K_VF32_BIN && k != K_VF32_UN && k != K_VU32_BIN &&
        k != K_VU32_UN && k != K_VCVT && k != K_VU24_MUL && k != K_H16_TO_F32 &&
        k != K_VCNDMASK && k != K_VADDCI && k != K_VPKRTZ && !sdwa_alu_ext(e) &&
        !(k == K_MOVREL && e->detail != MR_VSWAP) &&
        !(k == K_VF32_LEGACY && e->detail == 0))
      return false;
    if (result16 && ((in->words[1] >> 8) & 7) == 6) return false;
    h16[0] = (result16 && k != K_H16_FROM_F32 && k != K_H16_SATPK) || k == K_H16_TO_F32;
    h16[1] = k == K_H16_BIN || k == K_H16_LDEXP;
  }
  uint32_t w1 = in->words[1], dst_sel = (w1 >> 8) & 7, dst_unused = (w1 >> 11) & 3;
  if (!vopc && (dst_sel > 6 || dst_unused > 2)) return false;
  uint32_t sel[2] = {(w1 >> 16) & 7, (w1 >> 24) & 7};
  if (sel[0] > 6 || sel[1] > 6) return false;
  for (unsigned i = 0; i < 2 && i < in->num_srcs; i++) {
    if (sel[i] == 6) continue;
    const struct isa_operand *op = srcp(in, i);
    uint32_t width = sel[i] < 4 ? 8 : 16, off = sel[i] < 4 ? 8 * sel[i] : 16 * (sel[i] - 4);
    uint32_t rel = i == 0 && e ? rel_source(x, in, e) : IR_NONE;
    uint32_t raw = rel != IR_NONE                              ? rel
                   : op->kind == ISA_OPK_INLINE_FLOAT && h16[i] ? c32(x, inline_float_dword16(op, C16_F16))
                                                                : src_dword(x, op, 0, false);
    x->sdwa_src[i] = (w1 >> (19 + 8 * i)) & 1 ? ir_sbfe(&x->b, raw, c32(x, off), c32(x, width))
                                              : ir_ubfe(&x->b, raw, c32(x, off), c32(x, width));
  }
  if (!vopc) {
    x->sdwa = true;
    x->sdwa_dst_sel = (uint8_t)dst_sel;
    x->sdwa_dst_unused = (uint8_t)dst_unused;
  }
  return true;
}

void xl_translate_inst(struct xl_state *x, const struct isa_inst *in, uint32_t pc) {
  x->dpp_src0 = x->dpp_write = IR_NONE;
  x->sdwa = false;
  x->sdwa_src[0] = x->sdwa_src[1] = IR_NONE;
  if ((in->variant == ISA_VARIANT_DPP16 || in->variant == ISA_VARIANT_DPP8) &&
      in->family == ISA_FAMILY_VOPC) {
    /* GFX10 has no DPP form of VOPC (llvm-mc-19 refuses it, the decoder rejects the
     * encoding): nothing decoded reaches this */
    xl_unsupported(x, in, pc);
    return;
  }
  if (in->variant == ISA_VARIANT_SDWA && !sdwa_prepare(x, in)) {
    x->sdwa_src[0] = x->sdwa_src[1] = IR_NONE;
    xl_unsupported(x, in, pc);
    return;
  }
  if (in->variant == ISA_VARIANT_DPP16 || in->variant == ISA_VARIANT_DPP8) {
    const struct xl_entry *de = lookup(in);
    if (!de || in->num_srcs == 0 || !dpp_prepare(x, in, rel_source(x, in, de))) {
      xl_unsupported(x, in, pc);
      return;
    }
  }
  if (in->family == ISA_FAMILY_DS && in->gds) { /* GDS, GWS, ordered count: translate_gds.c */
    if (!xl_translate_gds(x, in, lookup(in))) xl_unsupported(x, in, pc);
    return;
  }
  const struct xl_entry *e = lookup(in);
  if (!e) {
    /* compares are parsed from their names (descriptor cached per opcode, so this test is
     * cheap and comes first); the other image forms are matched by name; anything else has
     * no translation. No compare name is also an image name. */
    struct cmp_desc d = xl_compare_of(in);
    if (d.kind != CMP_NONE) {
      if (!xl_translate_compare(x, in, d)) xl_unsupported(x, in, pc);
      return;
    }
    if (in->family != ISA_FAMILY_MIMG || !xl_translate_image_ext(x, in, pc))
      xl_unsupported(x, in, pc);
    return;
  }
  struct ir_builder *bd = &x->b;
  uint32_t a, b, c, r;
  switch (e->kind) {
    /* kinds with a handler of their own (one case per kind; no default, so -Wswitch makes
     * a kind without a case a build error) */
    case K_SGETREG: write_s32(x, in, ir_get_hwreg_i(bd, in->simm16 & 0xffff)); break;
    case K_SSENDMSG: /* M0 carries data for some messages (GS, alloc) */
      ir_send_msg_i(bd, (in->simm16 & 0xffffu) | e->detail << 16, get(x, IR_REG_M0));
      break;
    case K_BUF_ATOMIC: case K_G_ATOMIC: xl_translate_atomic(x, in, e); break;
    case K_ALU_EXT: xl_translate_alu_ext(x, in, e, pc); break;
    case K_MOVREL: xl_translate_movrel(x, in, e, pc); break;
    case K_MEM_EXT: xl_translate_mem_row(x, in, e, pc); break;
    case K_VDIV_SCALE: case K_VDIV_FMAS: case K_VDIV_FIXUP: case K_VCUBE: case K_VF64_UN:
      translate_div_cube(x, in, e, pc);
      break;
    case K_DS_SUB_LOAD: case K_DS_SUB_STORE: case K_BUF_SUB_LOAD: case K_BUF_SUB_STORE:
    case K_G_SUB_LOAD: case K_G_SUB_STORE:
      xl_translate_subdword(x, in, e, pc);
      break;
    case K_H16_BIN: case K_H16_FMA: case K_H16_3: case K_H16_LDEXP: case K_H16_UN:
    case K_H16_FROM_F32: case K_H16_TO_F32: case K_H16_FROM_INT: case K_H16_TO_INT:
    case K_H16_FIXUP: case K_I16_BIN: case K_I16_MAD: case K_I16_3: case K_H16_FREXP:
    case K_H16_SATPK:
      translate_16bit(x, in, e, pc);
      break;
    /* the shared kinds, inline */
    case K_SMOV32: write_s32(x, in, src32(x, in, 0)); break;
    case K_SMOV64: write_s64(x, defp(in, 0), src64(x, in, 0, false)); break;
    case K_SCMOV32: {
      uint32_t old = src_dword(x, defp(in, 0), 0, false);
      write_s32(x, in, ir_select(bd, get(x, IR_REG_SCC), src32(x, in, 0), old));
      break;
    }
    case K_SCMOV64: {
      uint32_t old = ir_pack_u64(bd, src_dword(x, defp(in, 0), 0, false),
                                 src_dword(x, defp(in, 0), 1, false));
      write_s64(x, defp(in, 0), ir_select(bd, get(x, IR_REG_SCC), src64(x, in, 0, false), old));
      break;
    }
    case K_SCSELECT32:
      write_s32(x, in, ir_select(bd, get(x, IR_REG_SCC), src32(x, in, 0), src32(x, in, 1)));
      break;
    case K_SCSELECT64:
      write_s64(x, defp(in, 0), ir_select(bd, get(x, IR_REG_SCC), src64(x, in, 0, false),
                                           src64(x, in, 1, false)));
      break;
    case K_SBIN32: scalar_bin32(x, in, e); break;
    case K_SBIN64: {
      a = src64(x, in, 0, false);
      b = src64(x, in, 1, false);
      if (e->detail & 1) b = ir_inot64(bd, b);
      r = ir_b_emit(bd, e->op, IR_TYPE_U64, 0, 2, (const uint32_t[]){a, b});
      if (e->detail & 2) r = ir_inot64(bd, r);
      write_s64(x, defp(in, 0), r);
      set_scc(x, nz64(x, r));
      break;
    }
    case K_SSHIFT64:
      r = ir_b_emit(bd, e->op, IR_TYPE_U64, 0, 2,
                    (const uint32_t[]){src64(x, in, 0, false),
                                       ir_iand(bd, src32(x, in, 1), c32(x, 63))});
      write_s64(x, defp(in, 0), r);
      set_scc(x, nz64(x, r));
      break;
    case K_SADDC:
    case K_SSUBB: {
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      uint32_t cin = ir_u1_to_u32(bd, get(x, IR_REG_SCC));
      if (e->kind == K_SADDC) {
        uint32_t t = ir_iadd(bd, a, b);
        r = ir_iadd(bd, t, cin);
        set_scc(x, ir_bor(bd, ir_ult(bd, t, a), ir_ult(bd, r, t)));
      } else {
        uint32_t t = ir_isub(bd, a, b);
        r = ir_isub(bd, t, cin);
        set_scc(x, ir_bor(bd, ir_ult(bd, a, b), ir_ult(bd, t, cin)));
      }
      write_s32(x, in, r);
      break;
    }
    case K_SUN32:
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 1, (const uint32_t[]){src32(x, in, 0)});
      write_s32(x, in, r);
      if (e->detail == SCC_NZ) set_scc(x, nz32(x, r));
      break;
    case K_SNOT64:
      r = ir_inot64(bd, src64(x, in, 0, false));
      write_s64(x, defp(in, 0), r);
      set_scc(x, nz64(x, r));
      break;
    case K_SBCNT64:
      r = ir_bitcount64(bd, src64(x, in, 0, false));
      write_s32(x, in, r);
      set_scc(x, nz32(x, r));
      break;
    case K_SSEXT: write_s32(x, in, ir_sbfe(bd, src32(x, in, 0), c32(x, 0), c32(x, e->detail))); break;
    case K_SABS:
      a = src32(x, in, 0);
      r = ir_smax(bd, a, ir_isub(bd, c32(x, 0), a));
      write_s32(x, in, r);
      set_scc(x, nz32(x, r));
      break;
    case K_SBFE32: /* s1[4:0] offset, s1[22:16] width */
      b = src32(x, in, 1);
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 3,
                    (const uint32_t[]){src32(x, in, 0), ir_iand(bd, b, c32(x, 31)),
                                       ir_ubfe(bd, b, c32(x, 16), c32(x, 7))});
      write_s32(x, in, r);
      set_scc(x, nz32(x, r));
      break;
    case K_SBFM32: /* ((1 << s0[4:0]) - 1) << s1[4:0] */
      r = ir_shl(bd, ir_isub(bd, ir_shl(bd, c32(x, 1), src32(x, in, 0)), c32(x, 1)),
                 src32(x, in, 1));
      write_s32(x, in, r);
      break;
    case K_SLSHLADD:
      a = src32(x, in, 0);
      r = ir_iadd(bd, ir_shl(bd, a, c32(x, e->detail)), src32(x, in, 1));
      write_s32(x, in, r);
      /* carry out of the 64-bit (s0 << n) + s1 */
      set_scc(x, ir_bor(bd, ir_ine(bd, ir_lshr(bd, a, c32(x, 32 - e->detail)), c32(x, 0)),
                        ir_ult(bd, r, src32(x, in, 1))));
      break;
    case K_SPACK: {
      a = ir_u16_of_i(bd, (e->detail >> 4) & 1, src32(x, in, 0));
      b = ir_u16_of_i(bd, e->detail & 1, src32(x, in, 1));
      write_s32(x, in, ir_pack_half(bd, a, b));
      break;
    }
    case K_SAVEEXEC: saveexec(x, in, e); break;
    case K_SMOVK: write_s32(x, in, c32(x, (uint32_t)(int32_t)(int16_t)in->simm16)); break;
    case K_SCMOVK: {
      uint32_t old = src_dword(x, defp(in, 0), 0, false);
      write_s32(x, in, ir_select(bd, get(x, IR_REG_SCC),
                                 c32(x, (uint32_t)(int32_t)(int16_t)in->simm16), old));
      break;
    }
    case K_SADDK:
    case K_SMULK: {
      a = src_dword(x, defp(in, 0), 0, false);
      b = c32(x, (uint32_t)(int32_t)(int16_t)in->simm16);
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      write_s32(x, in, r);
      if (e->kind == K_SADDK)
        set_scc(x, sign_bit(x, ir_iand(bd, ir_ixor(bd, a, r), ir_ixor(bd, b, r))));
      break;
    }
    case K_SNOP: break;
    case K_SMEMTIME: { /* the 64-bit clock into the sdata pair (SMEM: listed as source 0) */
      uint32_t t = ir_read_clock_i(bd, e->detail);
      write_sdword(x, srcp(in, 0), 0, ir_lo_u32(bd, t));
      write_sdword(x, srcp(in, 0), 1, ir_hi_u32(bd, t));
      break;
    }
    case K_SBARRIER: ir_barrier(bd); break;
    case K_SGETPC: /* the byte address of the next instruction (code base 0) */
      write_s64(x, defp(in, 0), c64(x, pc + in->size * 4u));
      break;
    /* set_float_mode imm: MODE bits written in the low word, their mask in the high word
     * (MODE 3:0 round modes, 7:4 denormal modes) */
    case K_SROUND: ir_set_float_mode_i(bd, 0xfull << 32 | (in->simm16 & 0xf)); break;
    case K_SDENORM: ir_set_float_mode_i(bd, 0xf0ull << 32 | (in->simm16 & 0xf) << 4); break;
    case K_SSETREG: { /* hwreg: id 5:0, offset 10:6, size-1 15:11 */
      uint32_t id = in->simm16 & 63, off = (in->simm16 >> 6) & 31, size = ((in->simm16 >> 11) & 31) + 1;
      const struct isa_operand *v = in->num_srcs > 1 ? srcp(in, 1) : NULL;
      bool konst_v = v && (v->kind == ISA_OPK_LITERAL || v->kind == ISA_OPK_INLINE_INT);
      if (id == 1 && konst_v) { /* MODE with a constant: a float mode change */
        uint64_t mask = (size >= 32 ? 0xffffffffull : ((1ull << size) - 1)) << off;
        mask &= 0xffffffffull;
        ir_set_float_mode_i(bd, mask << 32 | (((uint64_t)v->value << off) & mask));
      } else if (v) { /* any register from a value (MODE too: a dynamic float mode) */
        ir_set_hwreg_i(bd, in->simm16 & 0xffff, src_dword(x, v, 0, false));
      } else {
        xl_unsupported(x, in, pc);
      }
      break;
    }
    case K_VMOV: write_vdst(x, in, src32(x, in, 0)); break;
    case K_VF32_BIN:
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      if (e->detail & REV) {
        uint32_t t = a; a = b; b = t;
      }
      write_vdst(x, in, fresult(x, in, ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 2, (const uint32_t[]){a, b})));
      break;
    case K_VF32_UN:
      write_vdst(x, in, fresult(x, in, ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 1, (const uint32_t[]){fsrc(x, in, 0)})));
      break;
    case K_VF32_FMA:
      write_vdst(x, in, fresult(x, in, ir_ffma(bd, fsrc(x, in, 0), fsrc(x, in, 1), fsrc(x, in, 2))));
      break;
    case K_VF32_MAD: /* not fused: the product is rounded; MAD flushes denormals */
      r = ir_fadd(bd, ir_fflush(bd, ir_fmul(bd, ir_fflush(bd, fsrc(x, in, 0)), ir_fflush(bd, fsrc(x, in, 1)))),
                  ir_fflush(bd, fsrc(x, in, 2)));
      write_vdst(x, in, fresult(x, in, ir_fflush(bd, r)));
      break;
    case K_VF32_MAC: {
      uint32_t d = ir_bitcast_f32(bd, src_dword(x, defp(in, 0), 0, false));
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      if (e->detail) {
        r = ir_ffma(bd, a, b, d);
      } else { /* v_mac: MAD semantics, denormals flushed */
        r = ir_fflush(bd, ir_fadd(bd, ir_fflush(bd, ir_fmul(bd, ir_fflush(bd, a), ir_fflush(bd, b))),
                                  ir_fflush(bd, d)));
      }
      write_vdst(x, in, fresult(x, in, r));
      break;
    }
    case K_VF32_LEGACY: {
      /* the product is +0 when either factor is zero (even with inf or NaN); mac/mad add
       * with MAD rules (denormals flushed) */
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      uint32_t zero = ir_b_const_f32(bd, 0.0f);
      uint32_t any0 = ir_bor(bd, ir_fcmp_i(bd, IR_FCMP_OEQ, a, zero), ir_fcmp_i(bd, IR_FCMP_OEQ, b, zero));
      if (e->detail == 0) {
        r = ir_select(bd, any0, zero, ir_fmul(bd, a, b));
      } else {
        uint32_t p = ir_select(bd, any0, zero,
                               ir_fflush(bd, ir_fmul(bd, ir_fflush(bd, a), ir_fflush(bd, b))));
        c = e->detail == 1 ? ir_bitcast_f32(bd, src_dword(x, defp(in, 0), 0, false)) : fsrc(x, in, 2);
        r = ir_fflush(bd, ir_fadd(bd, p, ir_fflush(bd, c)));
      }
      write_vdst(x, in, fresult(x, in, r));
      break;
    }
    case K_VF32_MADMK: /* s0 * K + s1, K is source 1 in assembly order */
    case K_VF32_MADAK: /* s0 * s1 + K */
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      c = fsrc(x, in, 2);
      if (e->detail) {
        r = ir_ffma(bd, a, b, c);
      } else { /* madmk/madak: MAD semantics, denormals flushed */
        r = ir_fflush(bd, ir_fadd(bd, ir_fflush(bd, ir_fmul(bd, ir_fflush(bd, a), ir_fflush(bd, b))),
                                  ir_fflush(bd, c)));
      }
      write_vdst(x, in, fresult(x, in, r));
      break;
    case K_VF32_3:
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      c = fsrc(x, in, 2);
      if (e->detail) {
        r = med3(x, IR_OP_fmin, IR_OP_fmax, IR_TYPE_F32, a, b, c);
      } else {
        r = ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 2, (const uint32_t[]){a, b});
        r = ir_b_emit(bd, e->op, IR_TYPE_F32, 0, 2, (const uint32_t[]){r, c});
      }
      write_vdst(x, in, fresult(x, in, r));
      break;
    case K_VLDEXP: write_vdst(x, in, fresult(x, in, ir_fldexp(bd, fsrc(x, in, 0), src32(x, in, 1)))); break;
    case K_VU32_BIN:
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      if (e->detail & REV) {
        uint32_t t = a; a = b; b = t;
      }
      if (in->clamp && e->op != IR_OP_iadd && e->op != IR_OP_isub) { /* not encodable */
        xl_unsupported(x, in, pc);
        break;
      }
      r = ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b});
      if (e->detail & INV) r = ir_inot(bd, r); /* xnor */
      if (in->clamp) /* v_add/sub/subrev_nc_u32: unsigned saturation */
        r = e->op == IR_OP_iadd ? ir_select(bd, ir_ult(bd, r, a), c32(x, ~0u), r)
                                : ir_select(bd, ir_ult(bd, a, b), c32(x, 0), r);
      write_vdst(x, in, r);
      break;
    case K_VU32_UN:
      write_vdst(x, in, ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 1, (const uint32_t[]){src32(x, in, 0)}));
      break;
    case K_VU32_3: vector_u32_3(x, in, e); break;
    case K_VU24_MUL: {
      if (in->clamp) { /* saturation of the 24-bit products: not established */
        xl_unsupported(x, in, pc);
        break;
      }
      uint32_t w = c32(x, 24), z = c32(x, 0);
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      a = (e->detail & SIGNED) ? ir_sbfe(bd, a, z, w) : ir_ubfe(bd, a, z, w);
      b = (e->detail & SIGNED) ? ir_sbfe(bd, b, z, w) : ir_ubfe(bd, b, z, w);
      write_vdst(x, in, ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 2, (const uint32_t[]){a, b}));
      break;
    }
    case K_VCNDMASK: {
      /* d = lane's bit of the mask ? s1 : s0; abs/neg apply to the float view in VOP3 */
      uint32_t m = in->num_srcs > 2 ? src_mask(x, srcp(in, 2)) : get(x, IR_REG_VCC);
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      if (mod_bit(in, 0, ISA_MOD_ABS) || mod_bit(in, 0, ISA_MOD_NEG)) a = ir_bitcast_u32(bd, fsrc(x, in, 0));
      if (mod_bit(in, 1, ISA_MOD_ABS) || mod_bit(in, 1, ISA_MOD_NEG)) b = ir_bitcast_u32(bd, fsrc(x, in, 1));
      write_vdst(x, in, ir_select(bd, ir_lane_bit(bd, m), b, a));
      break;
    }
    case K_VADDCO:
    case K_VADDCI: {
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      if (e->detail & REV) {
        uint32_t t = a; a = b; b = t;
      }
      uint32_t cin = c32(x, 0);
      if (e->kind == K_VADDCI) {
        uint32_t m = in->num_srcs > 2 ? src_mask(x, srcp(in, 2)) : get(x, IR_REG_VCC);
        cin = ir_u1_to_u32(bd, ir_lane_bit(bd, m));
      }
      uint32_t carry;
      if (e->op == IR_OP_iadd) {
        uint32_t t = ir_iadd(bd, a, b);
        r = ir_iadd(bd, t, cin);
        carry = ir_bor(bd, ir_ult(bd, t, a), ir_ult(bd, r, t));
      } else {
        uint32_t t = ir_isub(bd, a, b);
        r = ir_isub(bd, t, cin);
        carry = ir_bor(bd, ir_ult(bd, a, b), ir_ult(bd, t, cin));
      }
      if (in->clamp) /* unsigned saturation; the carry / borrow mask is still written */
        r = ir_select(bd, carry, c32(x, e->op == IR_OP_iadd ? ~0u : 0), r);
      write_vdst(x, in, r);
      uint32_t mask = ir_iand64(bd, ir_ballot(bd, carry), get(x, IR_REG_EXEC));
      if (in->num_defs > 1) write_mask(x, defp(in, 1), mask);
      break;
    }
    case K_VBFE:
      write_vdst(x, in, ir_b_emit(bd, e->op, IR_TYPE_U32, 0, 3,
                                  (const uint32_t[]){src32(x, in, 0),
                                                     ir_iand(bd, src32(x, in, 1), c32(x, 31)),
                                                     ir_iand(bd, src32(x, in, 2), c32(x, 31))}));
      break;
    case K_VBFI: /* (s0 & s1) | (~s0 & s2) */
      a = src32(x, in, 0);
      write_vdst(x, in, ir_ior(bd, ir_iand(bd, a, src32(x, in, 1)),
                               ir_iand(bd, ir_inot(bd, a), src32(x, in, 2))));
      break;
    case K_VCVT: {
      const struct ir_op_info *info = &ir_op_infos[e->op];
      uint32_t s;
      if (info->args[0] == IR_TYPE_F32) s = fsrc(x, in, 0);
      else if (info->args[0] == IR_TYPE_F64) s = dsrc(x, in, 0);
      else if (info->args[0] == IR_TYPE_F16) s = ir_bitcast_f16(bd, ir_u16_of_i(bd, 0, src32(x, in, 0)));
      else if (e->detail >= 8) s = ir_ubfe(bd, src32(x, in, 0), c32(x, (e->detail - 8) * 8), c32(x, 8));
      else s = src32(x, in, 0);
      r = ir_b_emit(bd, e->op, info->result, 0, 1, &s);
      if (info->result == IR_TYPE_F32) write_vdst(x, in, fresult(x, in, r));
      else if (info->result == IR_TYPE_F64) write_vdst64(x, in, dresult(x, in, r));
      else write_vdst(x, in, r);
      break;
    }
    case K_VPKRTZ: {
      /* two f32 -> f16 with round toward zero, packed lo/hi; clamp to [0, 1] (NaN -> 0)
       * gives the same halves before or after the conversion (RTZ keeps [0, 1] inside) */
      a = fsrc(x, in, 0);
      b = fsrc(x, in, 1);
      if (in->clamp) {
        a = ir_fsat(bd, a);
        b = ir_fsat(bd, b);
      }
      a = ir_bitcast_u16(bd, ir_cvt_f16_f32_rtz(bd, a));
      b = ir_bitcast_u16(bd, ir_cvt_f16_f32_rtz(bd, b));
      write_vdst(x, in, ir_pack_half(bd, a, b));
      break;
    }
    case K_VF64_BIN:
      r = ir_b_emit(bd, e->op, IR_TYPE_F64, 0, 2, (const uint32_t[]){dsrc(x, in, 0), dsrc(x, in, 1)});
      write_vdst64(x, in, dresult(x, in, r));
      break;
    case K_VF64_FMA:
      r = ir_dfma(bd, dsrc(x, in, 0), dsrc(x, in, 1), dsrc(x, in, 2));
      write_vdst64(x, in, dresult(x, in, r));
      break;
    case K_VMAD_U64: { /* {d1, d0} = s0 * s1 + {s2}; carry mask to defs[1] */
      if (in->clamp) { /* saturation of the 64-bit result: not established */
        xl_unsupported(x, in, pc);
        break;
      }
      a = src32(x, in, 0);
      b = src32(x, in, 1);
      uint32_t prod = ir_pack_u64(bd, ir_imul(bd, a, b), ir_umul_hi(bd, a, b));
      uint32_t acc = src64(x, in, 2, false);
      r = ir_iadd64(bd, prod, acc);
      write_vdst64(x, in, r);
      /* carry: result < addend (unsigned 64-bit) */
      uint32_t rh = ir_hi_u32(bd, r), ah = ir_hi_u32(bd, acc);
      uint32_t lt = ir_bor(bd, ir_ult(bd, rh, ah),
                           ir_band(bd, ir_ieq(bd, rh, ah), ir_ult(bd, ir_lo_u32(bd, r), ir_lo_u32(bd, acc))));
      if (in->num_defs > 1)
        write_mask(x, defp(in, 1), ir_iand64(bd, ir_ballot(bd, lt), get(x, IR_REG_EXEC)));
      break;
    }
    case K_VREADFIRST:
      write_s32(x, in, ir_read_first_lane(bd, src32(x, in, 0), get(x, IR_REG_EXEC)));
      break;
    case K_VREADLANE:
      write_s32(x, in, ir_read_lane(bd, src32(x, in, 0),
                                    ir_iand(bd, src32(x, in, 1), c32(x, x->wave64 ? 63 : 31))));
      break;
    case K_INTERP: xl_translate_interp(x, in, e); break;
    case K_EXPORT: xl_translate_export(x, in); break;
    case K_IMAGE: xl_translate_image(x, in, e, pc); break;
    case K_PKF16:
    case K_PKI16:
      if (e->kind == K_PKI16 && in->clamp && !pk_clamp_known(e)) {
        xl_unsupported(x, in, pc);
        break;
      }
      translate_packed(x, in, e);
      break;
    case K_FMIX: translate_fma_mix(x, in, e); break;
    case K_SAD:
      if (in->clamp) xl_unsupported(x, in, pc);
      else translate_sad(x, in, e);
      break;
    case K_SLOAD: case K_SBUFLOAD: case K_BUFLOAD: case K_BUFSTORE:
    case K_GLOAD: case K_GSTORE: case K_DSREAD: case K_DSWRITE:
    case K_DSREAD2: case K_DSWRITE2: case K_DSATOMIC:
      xl_translate_memory(x, in, e, pc);
      break;
    case K_VWRITELANE: { /* writes one lane regardless of EXEC */
      const struct isa_operand *d = defp(in, 0);
      if (d->kind != ISA_OPK_VGPR) break;
      uint32_t reg = IR_REG_VGPR0 + d->reg;
      set(x, reg, ir_write_lane(bd, get(x, reg), src32(x, in, 0),
                                ir_iand(bd, src32(x, in, 1), c32(x, x->wave64 ? 63 : 31))));
      break;
    }
  }
}

uint32_t xl_branch_condition(struct xl_state *x, enum xl_flow flow) {
  struct ir_builder *bd = &x->b;
  switch (flow) {
    case XL_FLOW_SCC0: return ir_bnot(bd, get(x, IR_REG_SCC));
    case XL_FLOW_SCC1: return get(x, IR_REG_SCC);
    case XL_FLOW_VCCZ: return ir_ieq64(bd, ir_iand64(bd, get(x, IR_REG_VCC), wave_mask(x)), c64(x, 0));
    case XL_FLOW_VCCNZ: return ir_ine64(bd, ir_iand64(bd, get(x, IR_REG_VCC), wave_mask(x)), c64(x, 0));
    /* wave32 tests exec_lo only */
    case XL_FLOW_EXECZ: return ir_ieq64(bd, ir_iand64(bd, get(x, IR_REG_EXEC), wave_mask(x)), c64(x, 0));
    case XL_FLOW_EXECNZ: return ir_ine64(bd, ir_iand64(bd, get(x, IR_REG_EXEC), wave_mask(x)), c64(x, 0));
    default: return ir_b_const(bd, IR_TYPE_U1, 1);
  }
}
