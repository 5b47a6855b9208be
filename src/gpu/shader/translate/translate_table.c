/* The translation table: for each mnemonic (enum isa_mnemonic, without its _e32/_e64/_dpp/
 * _sdwa suffix) that has a table translation, its handler kind, IR operation and detail (SCC
 * rule, operand order, float predicate ...). Rows are keyed by the ISA generator's mnemonic
 * ids (ISA_MN_<name>, gen/gen_tables.py mnemonics): a misspelled or unknown name does not
 * compile, and a name given twice is an initializer override (-Wextra, an error). Compares
 * (v_cmp*, v_cmpx*, s_cmp*) are parsed from their name against the predicate tables of
 * translate_cmp.c; image forms outside the table from theirs (translate_image.c).
 *
 * Register conventions (see ir.h): SGPRs/VGPRs are 32-bit registers, 64-bit operands are
 * register pairs; VCC and EXEC are 64-bit lane masks of which wave32 uses the low half;
 * SCC is a U1.
 */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_mem_ops.h"

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

const struct xl_entry xl_table[ISA_MN_COUNT] = {
#define XL_ROW_(n, k, o, d) [ISA_MN_##n] = {#n, K_##k, IR_OP_##o, (uint32_t)(d)},
    XL_OPS(XL_ROW_)
    XL_MEM_OPS(XL_ROW_)
#undef XL_ROW_
};
