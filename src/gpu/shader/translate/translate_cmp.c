/* Compares of the GFX10 -> IR translation: s_cmp*, s_cmpk*, s_bitcmp*, v_cmp*, v_cmpx*
 * (VOPC, its VOP3 and SDWA forms). The opcode's name is parsed once per (family, opcode)
 * into a descriptor (xl_compare_of) against the predicate tables below; xl_translate_compare
 * emits SCC for the scalar ones and a lane mask for the vector ones. */
#include <string.h>

#include "gpu/shader/translate/translate_operands.h"

/* Float compare predicates by name (GFX10 v_cmp_<pred>_f32/f64). */
static const struct {
  const char *name;
  enum ir_fcmp pred;
} fpreds[] = {
    {"f", IR_FCMP_FALSE}, {"lt", IR_FCMP_OLT},  {"eq", IR_FCMP_OEQ},  {"le", IR_FCMP_OLE},
    {"gt", IR_FCMP_OGT},  {"lg", IR_FCMP_ONE},  {"ge", IR_FCMP_OGE},  {"o", IR_FCMP_ORD},
    {"u", IR_FCMP_UNO},   {"nge", IR_FCMP_ULT}, {"nlg", IR_FCMP_UEQ}, {"ngt", IR_FCMP_ULE},
    {"nle", IR_FCMP_UGT}, {"neq", IR_FCMP_UNE}, {"nlt", IR_FCMP_UGE}, {"tru", IR_FCMP_TRUE},
};

/* Integer predicates (v_cmp_<pred>_i32/u32/i64/u64, s_cmp_<pred>_i32/u32). */
enum ipred { IP_F, IP_LT, IP_EQ, IP_LE, IP_GT, IP_NE, IP_GE, IP_T };
static const struct {
  const char *name;
  enum ipred pred;
} ipreds[] = {
    {"f", IP_F},  {"lt", IP_LT}, {"eq", IP_EQ}, {"le", IP_LE}, {"gt", IP_GT},
    {"ne", IP_NE}, {"lg", IP_NE}, {"ge", IP_GE}, {"t", IP_T},
};

/* Integer compare of A and B (U32 or U64) per predicate. */
static uint32_t icmp(struct xl_state *x, enum ipred p, bool is_signed, bool wide, uint32_t a,
                     uint32_t b) {
  struct ir_builder *bd = &x->b;
  if (wide) {
    /* 64-bit: compare high halves, then low halves unsigned */
    if (p == IP_EQ) return ir_ieq64(bd, a, b);
    if (p == IP_NE) return ir_ine64(bd, a, b);
    if (p == IP_F || p == IP_T) return ir_b_const(bd, IR_TYPE_U1, p == IP_T);
    uint32_t ah = ir_hi_u32(bd, a), bh = ir_hi_u32(bd, b);
    uint32_t al = ir_lo_u32(bd, a), bl = ir_lo_u32(bd, b);
    bool swap = p == IP_GT || p == IP_LE;
    if (swap) {
      uint32_t t = ah; ah = bh; bh = t;
      t = al; al = bl; bl = t;
    }
    /* lt = hi < hi' || (hi == hi' && lo < lo') */
    uint32_t hlt = is_signed ? ir_slt(bd, ah, bh) : ir_ult(bd, ah, bh);
    uint32_t lt = ir_bor(bd, hlt, ir_band(bd, ir_ieq(bd, ah, bh), ir_ult(bd, al, bl)));
    /* LT: a<b. GT (swapped): b<a. GE: !(a<b). LE (swapped): !(b<a) */
    return p == IP_LT || p == IP_GT ? lt : ir_bnot(bd, lt);
  }
  switch (p) {
    case IP_F: return ir_b_const(bd, IR_TYPE_U1, 0);
    case IP_T: return ir_b_const(bd, IR_TYPE_U1, 1);
    case IP_EQ: return ir_ieq(bd, a, b);
    case IP_NE: return ir_ine(bd, a, b);
    case IP_LT: return is_signed ? ir_slt(bd, a, b) : ir_ult(bd, a, b);
    case IP_LE: return is_signed ? ir_sle(bd, a, b) : ir_ule(bd, a, b);
    case IP_GT: return is_signed ? ir_slt(bd, b, a) : ir_ult(bd, b, a);
    case IP_GE: return is_signed ? ir_sle(bd, b, a) : ir_ule(bd, b, a);
  }
  return ir_b_const(bd, IR_TYPE_U1, 0);
}

static bool parse_ipred(const char *s, size_t len, enum ipred *p) {
  for (size_t i = 0; i < sizeof ipreds / sizeof *ipreds; i++)
    if (strlen(ipreds[i].name) == len && strncmp(ipreds[i].name, s, len) == 0)
      return *p = ipreds[i].pred, true;
  return false;
}

static bool type_is(const char *ty, const char *a, const char *b) {
  return strcmp(ty, a) == 0 || (b && strcmp(ty, b) == 0);
}

static struct cmp_desc parse_scalar_compare(const char *base) {
  struct cmp_desc d = {CMP_NONE, 0, 0};
  if (strncmp(base, "s_bitcmp", 8) == 0) {
    d.kind = CMP_SBIT;
    d.flags = (uint8_t)((base[8] == '1' ? CMPF_WANT1 : 0) | (strstr(base, "b64") ? CMPF_WIDE : 0));
    return d;
  }
  bool k = strncmp(base, "s_cmpk_", 7) == 0;
  if (!k && strncmp(base, "s_cmp_", 6) != 0) return d;
  const char *p = base + (k ? 7 : 6), *us = strchr(p, '_');
  enum ipred pred;
  if (!us || !parse_ipred(p, (size_t)(us - p), &pred)) return d;
  const char *ty = us + 1;
  d.kind = k ? CMP_SK : CMP_S;
  d.pred = (uint8_t)pred;
  d.flags = (uint8_t)((ty[0] == 'i' ? CMPF_SIGNED : 0) | (strcmp(ty, "u64") == 0 ? CMPF_WIDE : 0));
  return d;
}

static struct cmp_desc parse_vector_compare(const char *base) {
  struct cmp_desc d = {CMP_NONE, 0, 0};
  bool cmpx = strncmp(base, "v_cmpx_", 7) == 0;
  if (!cmpx && strncmp(base, "v_cmp_", 6) != 0) return d;
  const char *p = base + (cmpx ? 7 : 6), *us = strrchr(p, '_');
  if (!us || us == p) return d;
  size_t plen = (size_t)(us - p);
  const char *ty = us + 1;
  uint8_t flags = (uint8_t)((cmpx ? CMPF_CMPX : 0) | (ty[0] == 'i' ? CMPF_SIGNED : 0) |
                            (ty[0] && ty[1] == '6' ? CMPF_WIDE : 0));
  enum ipred ip;
  if (plen == 5 && strncmp(p, "class", 5) == 0 && strcmp(ty, "f32") == 0) {
    d.kind = CMP_VCLASS;
  } else if (plen == 5 && strncmp(p, "class", 5) == 0 && strcmp(ty, "f16") == 0) {
    d.kind = CMP_VCLASS16;
  } else if (plen == 5 && strncmp(p, "class", 5) == 0 && strcmp(ty, "f64") == 0) {
    d.kind = CMP_VCLASS64;
  } else if (type_is(ty, "f32", "f64") || (type_is(ty, "f16", NULL) && plen != 5)) {
    for (size_t i = 0; i < sizeof fpreds / sizeof *fpreds; i++)
      if (strlen(fpreds[i].name) == plen && strncmp(fpreds[i].name, p, plen) == 0) {
        d.kind = ty[1] == '1' ? CMP_VF16 : CMP_VFLOAT;
        d.pred = (uint8_t)fpreds[i].pred;
      }
  } else if (type_is(ty, "i16", "u16") && parse_ipred(p, plen, &ip)) {
    d.kind = CMP_VINT16;
    d.pred = (uint8_t)ip;
  } else if ((type_is(ty, "i32", "u32") || type_is(ty, "i64", "u64")) &&
             parse_ipred(p, plen, &ip)) {
    d.kind = CMP_VINT;
    d.pred = (uint8_t)ip;
  }
  d.flags = flags;
  return d;
}

/* Parsed compares per (family, opcode): bit 31 set once filled, then kind, pred, flags in
 * bytes 0..2. Concurrent fills store the same value. */
static uint32_t compare_cache[ISA_FAMILY_COUNT][1024];

struct cmp_desc xl_compare_of(const struct isa_inst *in) {
  uint32_t *slot = in->family < ISA_FAMILY_COUNT && in->op < 1024
                       ? &compare_cache[in->family][in->op]
                       : NULL;
  uint32_t v = slot ? __atomic_load_n(slot, __ATOMIC_RELAXED) : 0;
  if (v) return (struct cmp_desc){(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16)};
  const char *base = isa_mnemonic_name((enum isa_mnemonic)in->info->mnemonic);
  struct cmp_desc d = parse_scalar_compare(base);
  if (d.kind == CMP_NONE) d = parse_vector_compare(base);
  if (slot)
    __atomic_store_n(slot, 1u << 31 | d.kind | (uint32_t)d.pred << 8 | (uint32_t)d.flags << 16,
                     __ATOMIC_RELAXED);
  return d;
}

/* s_cmp_<pred>_<i32|u32|u64>, s_cmpk_<pred>_<i32|u32>, s_bitcmp{0,1}_b{32,64} */
static bool scalar_compare(struct xl_state *x, const struct isa_inst *in, struct cmp_desc d) {
  bool wide = d.flags & CMPF_WIDE, is_signed = d.flags & CMPF_SIGNED;
  if (d.kind == CMP_SBIT) {
    uint32_t bit = ir_iand(&x->b, src32(x, in, 1), c32(x, wide ? 63 : 31));
    uint32_t v = wide ? ir_lo_u32(&x->b, ir_lshr64(&x->b, src64(x, in, 0, false), bit))
                      : ir_lshr(&x->b, src32(x, in, 0), bit);
    uint32_t set1 = ir_ine(&x->b, ir_iand(&x->b, v, c32(x, 1)), c32(x, 0));
    set(x, IR_REG_SCC, (d.flags & CMPF_WANT1) ? set1 : ir_bnot(&x->b, set1));
    return true;
  }
  if (d.kind != CMP_S && d.kind != CMP_SK) return false;
  uint32_t a, b;
  if (wide) {
    a = src64(x, in, 0, false);
    b = src64(x, in, 1, false);
  } else if (d.kind == CMP_SK) {
    a = src32(x, in, 0);
    uint32_t imm = in->simm16;
    b = c32(x, is_signed ? (uint32_t)(int32_t)(int16_t)imm : imm);
  } else {
    a = src32(x, in, 0);
    b = src32(x, in, 1);
  }
  set(x, IR_REG_SCC, icmp(x, (enum ipred)d.pred, is_signed, wide, a, b));
  return true;
}
/* Whether the f16 value H (bits, zero-extended) is in one of the classes of MASK (bit 0
 * sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal,
 * 9 +inf). Worked on the bits: an f16 denormal is a normal f32, so fclass cannot be used. */
static uint32_t f16_class(struct xl_state *x, uint32_t h, uint32_t mask) {
  struct ir_builder *bd = &x->b;
  uint32_t e = ir_ubfe(bd, h, c32(x, 10), c32(x, 5)), m = ir_iand(bd, h, c32(x, 0x3ff));
  uint32_t m0 = ir_ieq(bd, m, c32(x, 0)), e0 = ir_ieq(bd, e, c32(x, 0));
  uint32_t quiet = ir_ine(bd, ir_iand(bd, m, c32(x, 0x200)), c32(x, 0));
  /* positive class index (6 +0, 7 +denormal, 8 +normal, 9 +inf); a negative one is 11 - it */
  uint32_t pos = ir_select(bd, e0, ir_select(bd, m0, c32(x, 6), c32(x, 7)), c32(x, 8));
  pos = ir_select(bd, ir_ieq(bd, e, c32(x, 31)), c32(x, 9), pos);
  uint32_t idx = ir_select(bd, ir_ine(bd, ir_ubfe(bd, h, c32(x, 15), c32(x, 1)), c32(x, 0)),
                           ir_isub(bd, c32(x, 11), pos), pos);
  uint32_t nan = ir_band(bd, ir_ieq(bd, e, c32(x, 31)), ir_bnot(bd, m0));
  idx = ir_select(bd, nan, ir_select(bd, quiet, c32(x, 1), c32(x, 0)), idx);
  return ir_ine(bd, ir_iand(bd, ir_lshr(bd, mask, idx), c32(x, 1)), c32(x, 0));
}

/* The same classes for the f64 bits B (U64): exponent and sign in the high dword, the
 * quiet bit is bit 51. */
static uint32_t f64_class(struct xl_state *x, uint32_t b, uint32_t mask) {
  struct ir_builder *bd = &x->b;
  uint32_t hi = ir_hi_u32(bd, b);
  uint32_t e = ir_ubfe(bd, hi, c32(x, 20), c32(x, 11));
  uint32_t m0 = ir_ieq64(bd, ir_iand64(bd, b, c64(x, 0x000fffffffffffffull)), c64(x, 0));
  uint32_t e0 = ir_ieq(bd, e, c32(x, 0)), emax = ir_ieq(bd, e, c32(x, 2047));
  uint32_t quiet = ir_ine(bd, ir_iand(bd, hi, c32(x, 0x00080000u)), c32(x, 0));
  uint32_t pos = ir_select(bd, e0, ir_select(bd, m0, c32(x, 6), c32(x, 7)), c32(x, 8));
  pos = ir_select(bd, emax, c32(x, 9), pos);
  uint32_t idx = ir_select(bd, ir_ine(bd, ir_lshr(bd, hi, c32(x, 31)), c32(x, 0)),
                           ir_isub(bd, c32(x, 11), pos), pos);
  idx = ir_select(bd, ir_band(bd, emax, ir_bnot(bd, m0)), ir_select(bd, quiet, c32(x, 1), c32(x, 0)), idx);
  return ir_ine(bd, ir_iand(bd, ir_lshr(bd, mask, idx), c32(x, 1)), c32(x, 0));
}

/* v_cmp[x]_<pred>_<f32|f64|i32|u32|i64|u64>: the mask of active lanes where the compare
 * holds goes to the destination (VCC for _e32) or, for v_cmpx, to EXEC. */
static bool vector_compare(struct xl_state *x, const struct isa_inst *in, struct cmp_desc d) {
  bool cmpx = d.flags & CMPF_CMPX, wide = d.flags & CMPF_WIDE, sx = d.flags & CMPF_SIGNED;
  uint32_t cond = IR_NONE;
  switch ((enum cmp_kind)d.kind) {
    case CMP_VCLASS: /* src1 is a mask of IEEE classes (see ir_ops.h fclass) */
      cond = ir_fclass(&x->b, fsrc(x, in, 0), src32(x, in, 1));
      break;
    case CMP_VFLOAT:
      cond = wide ? ir_dcmp_i(&x->b, (enum ir_fcmp)d.pred, dsrc(x, in, 0), dsrc(x, in, 1))
                  : ir_fcmp_i(&x->b, (enum ir_fcmp)d.pred, fsrc(x, in, 0), fsrc(x, in, 1));
      break;
    case CMP_VCLASS16:
      cond = f16_class(x, ir_u32_of_u16(&x->b, ir_bitcast_u16(&x->b, h16_fsrc(x, in, 0))),
                       src32(x, in, 1));
      break;
    case CMP_VCLASS64:
      cond = f64_class(x, ir_bitcast_u64(&x->b, dsrc(x, in, 0)), src32(x, in, 1));
      break;
    case CMP_VF16: /* exact through f32 (every f16 value is an f32 value; class is not:
                    * denormals differ) */
      cond = ir_fcmp_i(&x->b, (enum ir_fcmp)d.pred, ir_cvt_f32_f16(&x->b, h16_fsrc(x, in, 0)),
                       ir_cvt_f32_f16(&x->b, h16_fsrc(x, in, 1)));
      break;
    case CMP_VINT16:
      cond = icmp(x, (enum ipred)d.pred, sx, false, h16_isrc(x, in, 0, sx), h16_isrc(x, in, 1, sx));
      break;
    case CMP_VINT:
      cond = wide ? icmp(x, (enum ipred)d.pred, sx, true, src64(x, in, 0, false),
                         src64(x, in, 1, false))
                  : icmp(x, (enum ipred)d.pred, sx, false, src32(x, in, 0), src32(x, in, 1));
      break;
    default: break;
  }
  if (cond == IR_NONE) return false;
  /* inactive lanes produce 0 */
  uint32_t mask = ir_iand64(&x->b, ir_ballot(&x->b, cond), get(x, IR_REG_EXEC));
  if (cmpx) {
    set(x, IR_REG_EXEC, mask);
  } else if (in->num_defs) {
    write_mask(x, defp(in, 0), mask);
  } else {
    write_mask(x, &(struct isa_operand){.kind = ISA_OPK_SPECIAL, .reg = ISA_SRC_VCC_LO,
                                        .count = (uint8_t)(x->wave64 ? 2 : 1)},
               mask);
  }
  return true;
}

bool xl_translate_compare(struct xl_state *x, const struct isa_inst *in, struct cmp_desc d) {
  return scalar_compare(x, in, d) || vector_compare(x, in, d);
}
