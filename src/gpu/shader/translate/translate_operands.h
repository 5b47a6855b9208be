/* Operand access for the GFX10 -> IR translation: reading sources (registers, inline and
 * literal constants, modifiers), writing destinations (EXEC-masked VGPR writes, scalar and
 * lane-mask writes), and the per-block caches of the translator. Private to translate*.c. */
#ifndef PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_OPERANDS_H
#define PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_OPERANDS_H

#include "common/log.h"
#include "gpu/shader/translate/translate_internal.h"

/* Operand slots beyond num_srcs / num_defs are undefined after a decode: reading one gives
 * an operand of kind NONE (reads as 0, writes are dropped). */
static const struct isa_operand xl_no_operand;
static inline const struct isa_operand *srcp(const struct isa_inst *in, unsigned i) {
  return i < in->num_srcs && i < ISA_MAX_SRCS ? &in->srcs[i] : &xl_no_operand;
}
static inline const struct isa_operand *defp(const struct isa_inst *in, unsigned i) {
  return i < in->num_defs && i < ISA_MAX_DEFS ? &in->defs[i] : &xl_no_operand;
}

/* The caches below are split into an inlined hit test and an out-of-line miss (emits the
 * instruction and fills the slot): hits are the common case while translating a block. */
static inline uint32_t konst_slot(enum ir_type t, uint64_t v) {
  return ((uint32_t)((v * 0x9e3779b97f4a7c15ull) >> 58) ^ (uint32_t)t) & 63;
}
static inline __attribute__((noinline)) uint32_t konst_miss(struct xl_state *x, enum ir_type t,
                                                     uint64_t v) {
  uint32_t h = konst_slot(t, v);
  uint32_t id = ir_b_const(&x->b, t, v);
  x->konst[h].gen = x->gen;
  x->konst[h].type = (uint8_t)t;
  x->konst[h].bits = v;
  x->konst[h].id = id;
  return id;
}
/* A constant of this block (reused while translating the block). */
static inline uint32_t konst(struct xl_state *x, enum ir_type t, uint64_t v) {
  uint32_t h = konst_slot(t, v);
  if (x->konst[h].gen == x->gen && x->konst[h].type == t && x->konst[h].bits == v)
    return x->konst[h].id;
  return konst_miss(x, t, v);
}
static inline uint32_t c32(struct xl_state *x, uint32_t v) { return konst(x, IR_TYPE_U32, v); }
static inline uint32_t c64(struct xl_state *x, uint64_t v) { return konst(x, IR_TYPE_U64, v); }
static inline __attribute__((noinline)) uint32_t get_miss(struct xl_state *x, uint32_t reg) {
  uint32_t v = ir_b_get_reg(&x->b, reg);
  x->cache_gen[reg] = x->gen;
  x->cache_val[reg] = v;
  return v;
}
static inline uint32_t get(struct xl_state *x, uint32_t reg) {
  if (x->cache_gen[reg] == x->gen) return x->cache_val[reg];
  return get_miss(x, reg);
}

static inline void set(struct xl_state *x, uint32_t reg, uint32_t v) {
  ir_b_set_reg(&x->b, reg, v);
  x->cache_gen[reg] = x->gen;
  x->cache_val[reg] = v;
  if (reg == IR_REG_EXEC) x->active_gen = 0;
}

/* Inline float constants by source encoding 240..248 (0.5, -0.5, 1, -1, 2, -2, 4, -4,
 * 1/(2*pi)) as f32 and f64 bits. */
static const uint32_t inline_f32[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
                                       0x40000000, 0xc0000000, 0x40800000, 0xc0800000,
                                       0x3e22f983};
static const uint64_t inline_f64[9] = {
    0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
    0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
    0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull};

static inline uint32_t inline_float_index(const struct isa_operand *op) {
  uint32_t raw = op->raw;
  return raw >= 240 && raw <= 248 ? raw - 240 : 2;
}

/* The same constants as f16 bits. */
static const uint16_t inline_f16[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                       0xc000, 0x4400, 0xc400, 0x3118};

/* Inline constants of 16-bit operations (GFX10; sources in docs/shader-ir.md, "Inline
 * constants of 16-bit operations"). The operand is a 32-bit value whose halves op_sel /
 * op_sel_hi (or an SDWA select) pick exactly as they pick a register's halves:
 *   integer constants (-16..64): the sign-extended 32-bit value (high half 0 or 0xffff);
 *   float constants of f16 operations (packed or not) and of unpacked 16-bit integer
 *     operations: the f16 value in bits 15:0, zero in bits 31:16;
 *   float constants of packed integer operations (v_pk_*_u16/i16/b16): the f32 bits. */
enum xl_const16 { C16_F16 /* f16 value, zero above */, C16_F32 /* f32 bit pattern */ };

static inline uint32_t inline_float_dword16(const struct isa_operand *op, enum xl_const16 cls) {
  uint32_t k = inline_float_index(op);
  return cls == C16_F32 ? inline_f32[k] : inline_f16[k];
}

/* A 32-bit scalar special register source (9-bit encoding). */
static inline uint32_t read_special32(struct xl_state *x, uint32_t enc) {
  switch (enc) {
    case ISA_SRC_VCC_LO: return ir_lo_u32(&x->b, get(x, IR_REG_VCC));
    case ISA_SRC_VCC_HI: return ir_hi_u32(&x->b, get(x, IR_REG_VCC));
    case ISA_SRC_EXEC_LO: return ir_lo_u32(&x->b, get(x, IR_REG_EXEC));
    case ISA_SRC_EXEC_HI: return ir_hi_u32(&x->b, get(x, IR_REG_EXEC));
    case ISA_SRC_M0: return get(x, IR_REG_M0);
    case ISA_SRC_NULL: return c32(x, 0);
    case ISA_SRC_SCC: return ir_u1_to_u32(&x->b, get(x, IR_REG_SCC));
    case ISA_SRC_VCCZ: return ir_u1_to_u32(&x->b, ir_ieq64(&x->b, get(x, IR_REG_VCC), c64(x, 0)));
    case ISA_SRC_EXECZ:
      return ir_u1_to_u32(&x->b, ir_ieq64(&x->b, get(x, IR_REG_EXEC), c64(x, 0)));
    default:
      LOG_ONCE(shader, WARN, "special source register %u read as 0", enc);
      return c32(x, 0);
  }
}

/* Dword I (0 or 1) of source operand OP as U32 raw bits. FLOAT64 selects how constants
 * widen: f64 literals are the high dword, f64 inline constants their own bit patterns. */
static inline uint32_t src_dword(struct xl_state *x, const struct isa_operand *op, unsigned i,
                          bool float64) {
  switch (op->kind) {
    case ISA_OPK_SGPR: return get(x, IR_REG_SGPR0 + ((op->reg + i) % 106));
    case ISA_OPK_VGPR: return get(x, IR_REG_VGPR0 + ((op->reg + i) & 255));
    case ISA_OPK_SPECIAL:
      if (i == 1 && (op->reg == ISA_SRC_VCC_LO || op->reg == ISA_SRC_EXEC_LO))
        return read_special32(x, op->reg + 1);
      /* src_shared_base / src_private_base: the 64-bit aperture base (4 GiB aligned, so the
       * low dword, also what a 32-bit read gives, is 0) */
      if (op->reg == ISA_SRC_SHARED_BASE || op->reg == ISA_SRC_PRIVATE_BASE)
        return i ? ir_aperture_hi_i(&x->b, op->reg == ISA_SRC_PRIVATE_BASE) : c32(x, 0);
      return i ? c32(x, 0) : read_special32(x, op->reg);
    case ISA_OPK_INLINE_INT: {
      int32_t v = (int32_t)op->value;
      return c32(x, i ? (v < 0 ? 0xffffffffu : 0) : (uint32_t)v);
    }
    case ISA_OPK_INLINE_FLOAT: {
      uint32_t k = inline_float_index(op);
      if (float64) return c32(x, (uint32_t)(inline_f64[k] >> (32 * i)));
      return c32(x, i ? 0 : inline_f32[k]);
    }
    case ISA_OPK_LITERAL:
      if (float64) return c32(x, i ? op->value : 0);
      return c32(x, i ? 0 : op->value);
    case ISA_OPK_IMM: return c32(x, i ? 0 : op->value);
    default: return c32(x, 0);
  }
}

static inline uint32_t src32(struct xl_state *x, const struct isa_inst *in, unsigned i) {
  if (i == 0 && x->dpp_src0 != IR_NONE) return x->dpp_src0;
  if (i < 2 && x->sdwa_src[i] != IR_NONE) return x->sdwa_src[i];
  return src_dword(x, srcp(in, i), 0, false);
}

/* A 64-bit source as U64. An inline float constant of a 64-bit operand is the f64 value
 * (1.0 -> 0x3ff0000000000000) for integer operands too, an inline integer is sign-extended;
 * a literal is the high dword of an f64 (F64) or a zero-extended integer. */
static inline uint32_t src64(struct xl_state *x, const struct isa_inst *in, unsigned i, bool f64) {
  const struct isa_operand *op = srcp(in, i);
  if (op->kind == ISA_OPK_INLINE_FLOAT) f64 = true;
  if (op->kind == ISA_OPK_SPECIAL && op->reg == ISA_SRC_VCC_LO && op->count == 2)
    return get(x, IR_REG_VCC);
  if (op->kind == ISA_OPK_SPECIAL && op->reg == ISA_SRC_EXEC_LO && op->count == 2)
    return get(x, IR_REG_EXEC);
  return ir_pack_u64(&x->b, src_dword(x, op, 0, f64), src_dword(x, op, 1, f64));
}

/* A lane-mask source (32 bits in wave32, 64 in wave64) as U64. */
static inline uint32_t src_mask(struct xl_state *x, const struct isa_operand *op) {
  if (op->kind == ISA_OPK_SPECIAL && op->reg == ISA_SRC_VCC_LO)
    return x->wave64 ? get(x, IR_REG_VCC) : ir_iand64(&x->b, get(x, IR_REG_VCC), c64(x, 0xffffffffu));
  if (op->kind == ISA_OPK_SPECIAL && op->reg == ISA_SRC_EXEC_LO)
    return x->wave64 ? get(x, IR_REG_EXEC)
                     : ir_iand64(&x->b, get(x, IR_REG_EXEC), c64(x, 0xffffffffu));
  uint32_t lo = src_dword(x, op, 0, false);
  uint32_t hi = x->wave64 ? src_dword(x, op, 1, false) : c32(x, 0);
  return ir_pack_u64(&x->b, lo, hi);
}

/* Source modifiers: from the decoder, else from the VOP3 or SDWA encoding bits.
 * SDWA dword (words[1]): src0 VGPR 7:0, dst_sel 10:8, dst_unused 12:11, clamp 13,
 * omod 15:14, src0 sel 18:16 sext 19 neg 20 abs 21, src1 sel 26:24 sext 27 neg 28 abs 29. */
static inline bool mod_bit(const struct isa_inst *in, unsigned i, unsigned mod) {
  if (srcp(in, i)->mods & mod) return true;
  if (in->variant == ISA_VARIANT_SDWA && i < 2) {
    if (mod == ISA_MOD_NEG) return (in->words[1] >> (20 + 8 * i)) & 1;
    if (mod == ISA_MOD_ABS) return (in->words[1] >> (21 + 8 * i)) & 1;
    return false;
  }
  if (in->family != ISA_FAMILY_VOP3 || i > 2) return false;
  /* VOP3 (not VOP3B): abs in word0 bits 10:8, neg in word1 bits 31:29 */
  if (mod == ISA_MOD_ABS) return (in->words[0] >> (8 + i)) & 1;
  if (mod == ISA_MOD_NEG) return (in->words[1] >> (29 + i)) & 1;
  return false;
}

/* The f32 view of a u32 value, made once per block. */
static inline __attribute__((noinline)) uint32_t as_f32_miss(struct xl_state *x, uint32_t u) {
  uint32_t h = (u * 2654435761u) >> 26;
  uint32_t f;
  if (ir_is_const(x->b.fn, u)) /* a constant: an f32 constant directly */
    f = konst(x, IR_TYPE_F32, x->b.fn->insts[u].imm);
  else
    f = ir_bitcast_f32(&x->b, u);
  x->f32view[h].gen = x->gen;
  x->f32view[h].from = u;
  x->f32view[h].to = f;
  return f;
}
static inline uint32_t as_f32(struct xl_state *x, uint32_t u) {
  uint32_t h = (u * 2654435761u) >> 26;
  if (x->f32view[h].gen == x->gen && x->f32view[h].from == u) return x->f32view[h].to;
  return as_f32_miss(x, u);
}

/* Float source with its abs/neg modifiers applied. */
static inline uint32_t fsrc(struct xl_state *x, const struct isa_inst *in, unsigned i) {
  uint32_t v = as_f32(x, src32(x, in, i));
  if (mod_bit(in, i, ISA_MOD_ABS)) v = ir_fabs(&x->b, v);
  if (mod_bit(in, i, ISA_MOD_NEG)) v = ir_fneg(&x->b, v);
  return v;
}

static inline uint32_t dsrc(struct xl_state *x, const struct isa_inst *in, unsigned i) {
  uint32_t v = ir_bitcast_f64(&x->b, src64(x, in, i, true));
  if (mod_bit(in, i, ISA_MOD_ABS)) v = ir_dabs(&x->b, v);
  if (mod_bit(in, i, ISA_MOD_NEG)) v = ir_dneg(&x->b, v);
  return v;
}

/* ---- sources of 16-bit operations (VOP3 op_sel picks a source's high half; VOP1/VOP2/
 * VOPC sources use the low half) */
static inline bool h16_op_sel(const struct isa_inst *in, unsigned bit) {
  return in->family == ISA_FAMILY_VOP3 && ((in->op_sel >> bit) & 1);
}

/* Source I of a 16-bit operation as its 32-bit operand dword, before a half is chosen:
 * registers and literals as they are, inline float constants by the 16-bit rule of
 * translate_operands.h (integer ones are sign-extended by src32). DPP and SDWA sources
 * were prepared before (sdwa_prepare applies the same rule before its select). */
static inline uint32_t src16_dword(struct xl_state *x, const struct isa_inst *in, unsigned i,
                            enum xl_const16 cls) {
  const struct isa_operand *op = srcp(in, i);
  bool prepared = (i == 0 && x->dpp_src0 != IR_NONE) || (i < 2 && x->sdwa_src[i] != IR_NONE);
  if (op->kind == ISA_OPK_INLINE_FLOAT && !prepared) return c32(x, inline_float_dword16(op, cls));
  return src32(x, in, i);
}

/* Source I as U16 raw bits: the half VOP3 op_sel picks (the low one elsewhere). */
static inline uint32_t h16_src(struct xl_state *x, const struct isa_inst *in, unsigned i) {
  return ir_u16_of_i(&x->b, h16_op_sel(in, i), src16_dword(x, in, i, C16_F16));
}

/* f16 source with abs/neg applied. */
static inline uint32_t h16_fsrc(struct xl_state *x, const struct isa_inst *in, unsigned i) {
  uint32_t v = ir_bitcast_f16(&x->b, h16_src(x, in, i));
  if (mod_bit(in, i, ISA_MOD_ABS)) v = ir_habs(&x->b, v);
  if (mod_bit(in, i, ISA_MOD_NEG)) v = ir_hneg(&x->b, v);
  return v;
}

/* 16-bit integer source zero- or sign-extended to U32. */
static inline uint32_t h16_isrc(struct xl_state *x, const struct isa_inst *in, unsigned i, bool sext) {
  uint32_t v = ir_u32_of_u16(&x->b, h16_src(x, in, i));
  return sext ? ir_sbfe(&x->b, v, c32(x, 0), c32(x, 16)) : v;
}

static inline uint32_t lane_active(struct xl_state *x) {
  if (x->active_gen != x->gen) {
    x->active = ir_lane_bit(&x->b, get(x, IR_REG_EXEC));
    x->active_gen = x->gen;
  }
  return x->active;
}


/* Writes one dword of a scalar destination. */
static inline void write_sdword(struct xl_state *x, const struct isa_operand *d, unsigned i,
                         uint32_t v) {
  if (d->kind == ISA_OPK_SGPR) {
    if (d->reg + i < 106) set(x, IR_REG_SGPR0 + d->reg + i, v);
    return;
  }
  /* null takes every dword of a wider write (its dword 1 is not EXEC_LO) */
  if (d->kind != ISA_OPK_SPECIAL || d->reg == ISA_SRC_NULL) return;
  uint32_t enc = d->reg + i;
  uint32_t reg = enc == ISA_SRC_VCC_LO || enc == ISA_SRC_VCC_HI     ? IR_REG_VCC
                 : enc == ISA_SRC_EXEC_LO || enc == ISA_SRC_EXEC_HI ? IR_REG_EXEC
                                                                    : IR_NONE;
  if (enc == ISA_SRC_M0) {
    set(x, IR_REG_M0, v);
  } else if (reg != IR_NONE) {
    uint32_t old = get(x, reg);
    bool hi = enc == ISA_SRC_VCC_HI || enc == ISA_SRC_EXEC_HI;
    uint32_t keep = hi ? ir_lo_u32(&x->b, old) : ir_hi_u32(&x->b, old);
    set(x, reg, hi ? ir_pack_u64(&x->b, keep, v) : ir_pack_u64(&x->b, v, keep));
  } else {
    LOG_ONCE(shader, WARN, "write to special register %u ignored", enc);
  }
}

static inline void write_s32(struct xl_state *x, const struct isa_inst *in, uint32_t v) {
  if (in->num_defs) write_sdword(x, defp(in, 0), 0, v);
}

static inline void write_s64(struct xl_state *x, const struct isa_operand *d, uint32_t v64) {
  if (d->kind == ISA_OPK_SPECIAL && d->reg == ISA_SRC_VCC_LO) {
    set(x, IR_REG_VCC, v64);
  } else if (d->kind == ISA_OPK_SPECIAL && d->reg == ISA_SRC_EXEC_LO) {
    set(x, IR_REG_EXEC, v64);
  } else {
    write_sdword(x, d, 0, ir_lo_u32(&x->b, v64));
    write_sdword(x, d, 1, ir_hi_u32(&x->b, v64));
  }
}

/* Writes a lane mask (U64) to a mask destination: 32 bits in wave32, 64 in wave64. */
static inline void write_mask(struct xl_state *x, const struct isa_operand *d, uint32_t mask) {
  if (x->wave64) {
    write_s64(x, d, mask);
  } else {
    write_sdword(x, d, 0, ir_lo_u32(&x->b, mask));
  }
}

/* The value an SDWA instruction leaves in VGPR REG (IR register) for the result V: a
 * byte or word placed by dst_sel, the rest by dst_unused; V outside SDWA. */
static inline uint32_t sdwa_dst_value(struct xl_state *x, uint32_t reg, uint32_t v) {
  if (!x->sdwa || x->sdwa_dst_sel >= 6) return v;
  struct ir_builder *bd = &x->b;
  uint32_t width = x->sdwa_dst_sel < 4 ? 8 : 16;
  uint32_t off = x->sdwa_dst_sel < 4 ? 8u * x->sdwa_dst_sel : 16u * (x->sdwa_dst_sel - 4u);
  uint32_t field = ir_shl(bd, ir_ubfe(bd, v, c32(x, 0), c32(x, width)), c32(x, off));
  uint32_t mask = ((1u << width) - 1u) << off;
  if (x->sdwa_dst_unused == 2) /* preserve the other bits */
    return ir_ior(bd, ir_iand(bd, get(x, reg), c32(x, ~mask)), field);
  if (x->sdwa_dst_unused == 1) /* sign-extend upwards, zeros below */
    return ir_shl(bd, ir_sbfe(bd, v, c32(x, 0), c32(x, width)), c32(x, off));
  return field;
}

/* U1: this lane writes its VGPR destination (EXEC, and the DPP write predicate) */
static inline uint32_t vgpr_write_pred(struct xl_state *x) {
  uint32_t pred = lane_active(x);
  return x->dpp_write != IR_NONE ? ir_band(&x->b, pred, x->dpp_write) : pred;
}

/* VGPR destination: only lanes active in EXEC change (VOP3 sdst-as-vdst for readlane is a
 * scalar write, handled by the caller). */
static inline void write_v32(struct xl_state *x, const struct isa_operand *d, unsigned i, uint32_t v) {
  if (d->kind != ISA_OPK_VGPR) {
    write_sdword(x, d, i, v);
    return;
  }
  uint32_t reg = IR_REG_VGPR0 + ((d->reg + i) & 255);
  if (i == 0) v = sdwa_dst_value(x, reg, v);
  set(x, reg, ir_select(&x->b, vgpr_write_pred(x), v, get(x, reg)));
}

static inline void write_vdst(struct xl_state *x, const struct isa_inst *in, uint32_t v) {
  if (in->num_defs) write_v32(x, defp(in, 0), 0, v);
}

static inline void write_vdst64(struct xl_state *x, const struct isa_inst *in, uint32_t v64) {
  if (!in->num_defs) return;
  write_v32(x, defp(in, 0), 0, ir_lo_u32(&x->b, v64));
  write_v32(x, defp(in, 0), 1, ir_hi_u32(&x->b, v64));
}

/* clamp and output modifier of a float result */
static inline uint32_t fresult(struct xl_state *x, const struct isa_inst *in, uint32_t f) {
  static const uint32_t omod_factor[4] = {0, 0x40000000u, 0x40800000u, 0x3f000000u};
  unsigned omod = in->omod & 3, clamp = in->clamp;
  if (in->variant == ISA_VARIANT_SDWA) {
    omod = (in->words[1] >> 14) & 3;
    clamp = (in->words[1] >> 13) & 1;
  }
  if (omod) f = ir_fmul(&x->b, f, ir_b_const(&x->b, IR_TYPE_F32, omod_factor[omod]));
  if (clamp) f = ir_fsat(&x->b, f);
  return ir_bitcast_u32(&x->b, f);
}

/* clamp and output modifier of an f64 result, as fresult does them for f32: omod first,
 * then clamp to [0, 1] (NaN and negatives give +0); returns U64 bits. */
static inline uint32_t dresult(struct xl_state *x, const struct isa_inst *in, uint32_t d) {
  static const uint64_t omod_factor[4] = {0, 0x4000000000000000ull, 0x4010000000000000ull,
                                          0x3fe0000000000000ull};
  struct ir_builder *bd = &x->b;
  if (in->omod & 3) d = ir_dmul(bd, d, konst(x, IR_TYPE_F64, omod_factor[in->omod & 3]));
  if (in->clamp) {
    uint32_t zero = konst(x, IR_TYPE_F64, 0);
    d = ir_select(bd, ir_dcmp_i(bd, IR_FCMP_ULT, d, zero), zero,
                  ir_dmin(bd, d, konst(x, IR_TYPE_F64, 0x3ff0000000000000ull)));
  }
  return ir_bitcast_u64(bd, d);
}

#endif
