/* Handler kinds of the translation table and the detail flags of their entries: one enum
 * for every translate*.c handler. xl_translate_inst (translate_ops.c) dispatches with one
 * switch over this enum, one handler call per case and no default case, so -Wswitch (an
 * error with -Werror) rejects a kind without a case there: a new kind is appended below and
 * given a case in that switch; no dispatch depends on the order of the kinds. Private to
 * translate*.c. */
#ifndef PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_EXT_H
#define PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_EXT_H

#include "gpu/shader/translate/translate_internal.h"

enum xl_kind {
  K_SMOV32, K_SMOV64, K_SCMOV32, K_SCMOV64, K_SCSELECT32, K_SCSELECT64,
  K_SBIN32,   /* d = op(s0, s1), SCC rule in detail */
  K_SBIN64,   /* 64-bit bitwise: detail bit 0 invert s1, bit 1 invert result; SCC = d != 0 */
  K_SSHIFT64, /* 64-bit shifts, SCC = d != 0 */
  K_SADDC, K_SSUBB,
  K_SUN32,    /* d = op(s0), SCC rule */
  K_SNOT64, K_SBCNT64, K_SSEXT, K_SABS, K_SBFE32, K_SBFM32, K_SLSHLADD, K_SPACK,
  K_SAVEEXEC, /* detail: XL_LOGIC_* */
  K_SMOVK, K_SCMOVK, K_SADDK, K_SMULK,
  K_SNOP, K_SGETPC, K_SBARRIER, K_SSETREG, K_SROUND, K_SDENORM, K_SMEMTIME,
  K_VMOV, K_VF32_BIN, K_VF32_UN, K_VF32_FMA, K_VF32_MAD, K_VF32_MAC, K_VF32_MADMK,
  K_VF32_MADAK, K_VF32_3, /* min3/max3/med3 */
  K_VF32_LEGACY, /* DX9 multiply: 0 * anything = 0; detail 0 mul, 1 mac, 2 mad */
  K_VU32_BIN, K_VU32_UN, K_VU32_3, K_VU24_MUL, K_VCNDMASK, K_VADDCO, K_VADDCI,
  K_VBFE, K_VBFI, K_VCVT, K_VF64_BIN, K_VF64_FMA, K_VREADFIRST, K_VREADLANE, K_VWRITELANE,
  K_VPKRTZ, K_VLDEXP, K_VMAD_U64,
  /* memory: detail = dwords (or components) */
  K_SLOAD, K_SBUFLOAD, K_BUFLOAD, K_BUFSTORE, K_GLOAD, K_GSTORE,
  K_DSREAD, K_DSWRITE, K_DSREAD2, K_DSWRITE2, K_DSATOMIC, /* DS atomics: detail = ir_atomic | RTN */
  K_PKF16,  /* VOP3P f16 pairs: IR f16 op, detail = operand count */
  K_PKI16,  /* VOP3P 16-bit integer pairs: IR u32 op on the extended halves; detail flags */
  K_FMIX,   /* v_fma_mix_f32 / mixlo_f16 / mixhi_f16: detail 0 / 1 / 2 */
  K_SAD,    /* sums of absolute differences: detail 0 v_sad_u8, 1 _hi_u8, 2 _u16, 3 _u32,
             * 4 v_msad_u8 */
  K_INTERP, /* VINTRP: detail 0 p1, 1 p2, 2 mov; VOP3 f16: 3 p1ll, 4 p1lv, 5 p2_f16 */
  K_EXPORT,
  K_IMAGE,  /* MIMG sample/load/store: IR op, detail = IR_IMAGE_* flags of the variant */
  /* 16-bit VALU (translate_16bit.c) */
  K_H16_BIN,      /* f16 binary: detail INV negates source 1, REV swaps */
  K_H16_FMA,      /* v_fma/fmamk/fmaak: fma(s0, s1, s2); detail 1: v_fmac (addend = dest) */
  K_H16_3,        /* min3/max3 (detail 0), med3 (detail 1) */
  K_H16_LDEXP,    /* s0 * 2^s1 (s1: signed 16-bit) */
  K_H16_UN,       /* f16 unary through the f32 operation; detail 1: fract (below 1.0) */
  K_H16_FROM_F32, K_H16_TO_F32, K_H16_FROM_INT, K_H16_TO_INT,
  K_H16_FIXUP,    /* v_div_fixup_f16 */
  K_I16_BIN,      /* 16-bit integer on the extended halves; REV: shift count in s0 */
  K_I16_MAD,      /* s0 * s1 + s2: detail 16 (16-bit result) or 32 (32-bit result) */
  K_I16_3,        /* min3/max3 (detail 0), med3 (detail 1) */
  K_H16_FREXP,    /* v_frexp_mant_f16 (detail 0), v_frexp_exp_i16_f16 (detail 1) */
  K_H16_SATPK,    /* v_sat_pk_u8_i16: both i16 halves saturated to u8, packed in 16 bits */
  /* sub-dword memory: detail = bytes (1, 2) | SIGNED | SUB_D16 | SUB_HI */
  K_DS_SUB_LOAD, K_DS_SUB_STORE, K_BUF_SUB_LOAD, K_BUF_SUB_STORE, K_G_SUB_LOAD, K_G_SUB_STORE,
  /* division helpers and cube maps (translate_div.c): detail 1 = f64; cube: 0 id, 1 sc,
   * 2 tc, 3 ma */
  K_VDIV_SCALE, K_VDIV_FMAS, K_VDIV_FIXUP, K_VCUBE,
  K_VF64_UN,      /* f64 unary (rcp, rsq, sqrt, rounding): IR op */
  /* wave state (translate_salu.c) */
  K_SGETREG, K_SSENDMSG,
  /* buffer/global atomics (translate_mem.c): detail = ir_atomic | W64 (64-bit data) */
  K_BUF_ATOMIC, K_G_ATOMIC,
  /* integer, bit-field, lane-mask and cross-lane ALU (translate_alu.c): detail = xl_alu_ext */
  K_ALU_EXT,
  /* M0-relative register moves (translate_movrel.c): detail = xl_movrel */
  K_MOVREL,
  /* memory forms of translate_mem_ops.h (translate_mem.c): detail = MX(xl_mem_ext) | flags */
  K_MEM_EXT,
};

enum xl_movrel {
  MR_SREAD32, MR_SREAD64,   /* s_movrels: D = SGPR[S + M0] */
  MR_SWRITE32, MR_SWRITE64, /* s_movreld: SGPR[D + M0] = S */
  MR_SMOVE2,                /* s_movrelsd_2: SGPR[D + M0[25:16]] = SGPR[S + M0[9:0]] */
  MR_VREAD,                 /* v_movrels: D = VGPR[S + M0] */
  MR_VWRITE,                /* v_movreld: VGPR[D + M0] = S */
  MR_VMOVE,                 /* v_movrelsd: VGPR[D + M0] = VGPR[S + M0] */
  MR_VMOVE2,                /* v_movrelsd_2: VGPR[D + M0[25:16]] = VGPR[S + M0[9:0]] */
  MR_VSWAP,                 /* v_swaprel: swap VGPR[D + M0[25:16]] and VGPR[S + M0[9:0]] */
};

enum xl_alu_ext {
  AX_WQM32, AX_WQM64, AX_BFM64, AX_FF1_64, AX_FF0_32, AX_FF0_64, AX_FLBIT64, AX_FLBIT_I32,
  AX_FLBIT_I64, AX_BCNT0_32, AX_BCNT0_64, AX_BREV64, AX_BITSET0_32, AX_BITSET1_32,
  AX_BITSET0_64, AX_BITSET1_64, AX_QUADMASK32, AX_QUADMASK64, AX_BITREPLICATE, AX_SASHR64,
  AX_BFE_U64, AX_BFE_I64, AX_ABSDIFF, AX_ANDN1_WREXEC, AX_ANDN2_WREXEC,
  AX_VSHL64, AX_VLSHR64, AX_VASHR64, AX_PERMLANE16, AX_PERMLANEX16, AX_MBCNT_LO, AX_MBCNT_HI,
  AX_BCNT, AX_VBFM, AX_ALIGNBIT, AX_ALIGNBYTE, AX_PERM, AX_MAD_U24, AX_MAD_I24, AX_XAD,
  AX_ADD_I32, AX_SUB_I32, AX_SWAP, AX_CVT_FLR, AX_CVT_RPI,
  AX_CVT_F64_I32, AX_CVT_F64_U32, AX_CVT_I32_F64, AX_CVT_U32_F64, AX_PK_U16_U32, AX_PK_I16_I32,
  AX_PACK_F16, AX_FREXP_MANT32, AX_FREXP_EXP32, AX_FREXP_MANT64, AX_FREXP_EXP64, AX_FRACT64,
  AX_LDEXP64, AX_LERP_U8, AX_CVT_OFF_I4, AX_DOT2_I16, AX_DOT2_U16, AX_DOT4_I8, AX_DOT8_I4,
  AX_DOT4C_I8, AX_MAD_I64,
  AX_DOT2C_F16, AX_PKNORM_I16_F32, AX_PKNORM_U16_F32, AX_PKNORM_I16_F16, AX_PKNORM_U16_F16,
  AX_CVT_PK_U8, AX_MULLIT, AX_QSAD, AX_MQSAD_PK, AX_MQSAD_U32, AX_TRIG_PREOP,
};

enum { W64 = 1 << 12 };

/* Sub-kinds of K_MEM_EXT, in bits 23:16 of the detail (MX); bits 7:0 and the flags below
 * them are as for the core kinds (count or ir_atomic, SIGNED, RTN, W64, SUB_*). */
enum xl_mem_ext {
  MX_SCRATCH,   /* scratch_*: the IR op is the access, detail bytes/dwords as global */
  MX_CMPSWAP,   /* buffer/global/flat (f)cmpswap: bit 0 float compare, W64 */
  MX_BPERMUTE, MX_PERMUTE, MX_SWIZZLE,
  MX_MSKOR,     /* ds_mskor_*: W64, RTN */
  MX_WRXCHG2,   /* ds_wrxchg2(st64)_rtn: W64, SIGNED = st64 */
  MX_SSTORE,    /* s_(buffer_)store_dword*: dwords, MX_BUF */
  MX_SATOMIC,   /* s_(buffer_)atomic_*: ir_atomic (MX_CAS: cmpswap), W64, MX_BUF */
  MX_SRC2,      /* ds_*_src2_*: ir_atomic, W64 */
  MX_WRAP,      /* ds_wrap_rtn_b32 */
  MX_ADDTID,    /* ds_read/write_addtid_b32: RTN = read */
  MX_APPEND,    /* ds_append (ADD) / ds_consume (SUB): ir_atomic */
  MX_SSCRATCH,  /* s_scratch_load/store_dword*: dwords, RTN = load */
  MX_WAVEID,    /* s_get_waveid_in_workgroup */
  MX_FORMAT,    /* buffer_load/store_format_*: the V#'s format; components, SUB_D16, SUB_HI */
  MX_TFORMAT,   /* tbuffer_load/store_format_*: the instruction's format; as MX_FORMAT */
  MX_GWS,       /* ds_gws_* (gds): enum ir_gws, MX_GWS_DATA */
  MX_ORDERED,   /* ds_ordered_count (gds) */
  MX_CONDXCHG,  /* ds_condxchg32_rtn_b64 */
};
#define MX(k) ((uint32_t)(k) << 16)
#define MX_KIND(d) (((d) >> 16) & 0xff)
enum { MX_BUF = 1 << 14, MX_CAS = 1 << 15 };
enum { MX_GWS_DATA = 1 << 8 }; /* MX_GWS: the form takes a data VGPR (in the addr field) */

/* D16 loads write 16 bits into one half of the destination and keep the other half; HI
 * selects the high half (loads) or stores the high half of the data register. */
enum { SUB_D16 = 1 << 12, SUB_HI = 1 << 13 };

/* detail flag of v_pk_fmac_f16: the addend is the destination (translate_16bit.c) */
enum { PK_ACC = 1 << 14 };
/* detail flag of v_cvt_norm_{i16,u16}_f16: a normalized conversion (xl_norm16) */
enum { H16_NORM = 1 << 13 };

/* One row of the translation table: mnemonic (NULL: no row), handler kind, IR operation,
 * detail. */
struct xl_entry {
  const char *name;
  enum xl_kind kind;
  enum ir_op op;
  uint32_t detail;
};

/* The translation table (translate_table.c), indexed by enum isa_mnemonic. */
extern const struct xl_entry xl_table[ISA_MN_COUNT];

/* The row of IN's mnemonic, or NULL when it has none. */
static inline const struct xl_entry *xl_lookup(const struct isa_inst *in) {
  const struct xl_entry *e = &xl_table[in->info->mnemonic];
  return e->name ? e : NULL;
}

/* ---- handlers per family: E is IN's row; a kind not of the handler's family is
 * translated as unsupported (the dispatcher, translate_ops.c, never routes one there) ---- */
/* scalar ALU, wave state and mode registers (translate_salu.c) */
void xl_translate_salu(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                       uint32_t pc);
/* 32- and 64-bit vector ALU (translate_valu.c) */
void xl_translate_valu(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                       uint32_t pc);
/* 16-bit vector ALU, packed pairs, mixed-precision fma (translate_16bit.c) */
void xl_translate_16bit(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                        uint32_t pc);
void xl_translate_packed(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                         uint32_t pc);
void xl_translate_fma_mix(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e);
/* division helpers, f64 unary, cube maps (translate_div.c) */
void xl_translate_div_cube(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                           uint32_t pc);
/* v_ldexp_f64: the f64 value D times 2^N (U32, signed), rounded once (translate_alu.c) */
uint32_t xl_ldexp64(struct xl_state *x, uint32_t d, uint32_t n);
/* v_div_fixup_f32 of the f32 values Q, DEN, NUM as U32 bits (translate_div.c) */
uint32_t xl_div_fixup_f32_bits(struct xl_state *x, uint32_t q, uint32_t den, uint32_t num);

/* DPP / SDWA source forms (translate_lanes.c): prepare the state of the instruction's
 * cross-lane source 0 / selected sources; false when the form is not modelled (the state is
 * then not to be used). */
bool xl_dpp_prepare(struct xl_state *x, const struct isa_inst *in);
bool xl_sdwa_prepare(struct xl_state *x, const struct isa_inst *in);

/* Shared ALU helpers (translate_valu.c): the median of three with the IR min / max
 * operations of type T, and the max operation matching a min one. */
uint32_t xl_med3(struct xl_state *x, enum ir_op min, enum ir_op max, enum ir_type t, uint32_t a,
                 uint32_t b, uint32_t c);
enum ir_op xl_max_of(enum ir_op min);
/* The lane mask of the wave size (U64: 32 or 64 ones) (translate_salu.c). */
uint32_t xl_wave_mask(struct xl_state *x);

void xl_translate_atomic(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e);

/* The K_MEM_EXT rows (translate_mem_ops.h). */
void xl_translate_mem_row(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                          uint32_t pc);
/* A MIMG instruction outside the XL_OPS table, its form parsed from its name
 * (translate_image.c): true when translated, false when the opcode has no such form. */
bool xl_translate_image_ext(struct xl_state *x, const struct isa_inst *in, uint32_t pc);
/* The IR operation and detail of a MIMG opcode outside the XL_OPS table (sample/gather4
 * suffix forms, _pck, msaa_load, gather4h), parsed from its name once per opcode; false when
 * the opcode has no such form (translate_image.c). XL_IMAGE_G16 is a translation-only
 * detail bit above the IR image flags: 16-bit derivatives (_g16). */
#define XL_IMAGE_G16 (1ull << 40)
bool xl_image_form_of(const struct isa_inst *in, enum ir_op *op, uint64_t *detail);
/* The quad's derivatives of a cube map's face coordinates from the lane's address values
 * CO (s, t, face) into EX[2..3] (d/dx) and EX[5..6] (d/dy), as IR values (u32 bits);
 * translate_image_cube.c. */
void xl_cube_quad_derivatives(struct xl_state *x, const uint32_t co[3], uint32_t ex[8]);

void xl_translate_alu_ext(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                          uint32_t pc);
/* The f32 F as a 16-bit normalized integer (translate_alu.c): F * 32767 (signed) or
 * F * 65535 rounded to f32, then to the nearest integer (ties to even), clamped to
 * [-32767, 32767] / [0, 65535]; NaN gives 0. A U32 (signed: sign-extended). */
uint32_t xl_norm16(struct xl_state *x, uint32_t f, bool sgn);
/* Sum of |A[k] - B[k]| over the unsigned WIDTH-bit fields (8, 16 or 32) of A and B;
 * MASKED skips the fields where B is 0 (v_msad). The additions wrap (translate_alu.c). */
uint32_t xl_sad_sum(struct xl_state *x, uint32_t a, uint32_t b, unsigned width, bool masked);
/* frexp of the f32 bits B: *MANT the f32 bits in [0.5, 1) with B's sign, *EXP the exponent
 * (translate_alu.c) */
void xl_frexp32(struct xl_state *x, uint32_t b, uint32_t *mant, uint32_t *exp);

void xl_translate_movrel(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                         uint32_t pc);
/* The M0-relative source register's value of v_movrels / v_movrelsd / v_movrelsd_2 (the
 * operand their DPP and SDWA forms select from); IR_NONE for the other forms. */
uint32_t xl_movrel_source(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e);

void xl_translate_subdword(struct xl_state *x, const struct isa_inst *in,
                           const struct xl_entry *e, uint32_t pc);

#endif
