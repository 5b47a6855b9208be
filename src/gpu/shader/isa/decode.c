/* GFX10 instruction decoder: family from the top bits, fields by the family's fixed layout,
 * operands and validity from the opcode table. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "gpu/shader/isa/isa_internal.h"

/* Family of a first dword (bits 31:23 / 31:26 prefixes of the GFX10 encodings). */
static int family_of(uint32_t w, unsigned *op) {
  if (!(w >> 31)) {
    unsigned o = (w >> 25) & 0x3F;
    if (o == 0x3E) { *op = (w >> 17) & 0xFF; return ISA_FAMILY_VOPC; }
    if (o == 0x3F) { *op = (w >> 9) & 0xFF; return ISA_FAMILY_VOP1; }
    *op = o;
    return ISA_FAMILY_VOP2;
  }
  if ((w >> 30) == 2) {
    switch (w >> 23) {
      case 0x17D: *op = (w >> 8) & 0xFF; return ISA_FAMILY_SOP1;
      case 0x17E: *op = (w >> 16) & 0x7F; return ISA_FAMILY_SOPC;
      case 0x17F: *op = (w >> 16) & 0x7F; return ISA_FAMILY_SOPP;
    }
    if ((w >> 28) == 0xB) { *op = (w >> 23) & 0x1F; return ISA_FAMILY_SOPK; }
    *op = (w >> 23) & 0x7F;
    return ISA_FAMILY_SOP2;
  }
  switch (w >> 26) {
    case 0x33: /* VOP3P: bits 31:23 = 0x198 */
      *op = (w >> 16) & 0x7F;
      return (w >> 23) == 0x198 ? ISA_FAMILY_VOP3P : -1;
    case 0x35: *op = (w >> 16) & 0x3FF; return ISA_FAMILY_VOP3;
    case 0x36: *op = (w >> 18) & 0xFF; return ISA_FAMILY_DS;
    case 0x37: *op = (w >> 18) & 0x7F; return ISA_FAMILY_FLAT;
    case 0x38: *op = (w >> 18) & 0xFF; return ISA_FAMILY_MUBUF;
    case 0x3A: *op = (w >> 16) & 0x7; return ISA_FAMILY_MTBUF;
    case 0x3C: *op = ((w >> 18) & 0x7F) | (w & 1) << 7; return ISA_FAMILY_MIMG;
    case 0x3D: *op = (w >> 18) & 0xFF; return ISA_FAMILY_SMEM;
    case 0x3E: *op = 0; return ISA_FAMILY_EXP;
    case 0x32: *op = (w >> 16) & 0x3; return ISA_FAMILY_VINTRP;
  }
  return -1;
}

/* Out of line: the decoder's hot path only branches here. */
__attribute__((cold, noinline)) static bool fail(struct isa_error *err, enum isa_error_code code,
                                                 size_t offset, uint32_t word, const char *why) {
  if (err) {
    err->code = code;
    err->offset = offset;
    err->word = word;
    snprintf(err->msg, sizeof err->msg, "%s at dword %zu (0x%08x): %s", isa_error_name(code),
             offset, word, why);
  }
  return false;
}

/* Fill an operand from a 9-bit source encoding (8-bit scalar fields use the same values).
 * *x is zeroed: only the fields of its kind are set. Tested in order of frequency.
 * Returns whether the register range fits its file (register_range_error says why not):
 * VGPRs up to v255; SGPR ranges, aligned down to 2 (4 from four registers up), up to s105;
 * ttmp ranges of more than two registers, aligned down to 4, up to ttmp15. */
static inline bool operand_from_src(struct isa_operand *x, unsigned raw, uint8_t width) {
  x->raw = (uint16_t)raw;
  x->count = width;
  if (raw >= ISA_SRC_VGPR0) {
    x->kind = ISA_OPK_VGPR;
    x->reg = (uint16_t)(raw - ISA_SRC_VGPR0);
    return x->reg + width <= 256;
  } else if (raw <= 105) {
    x->kind = ISA_OPK_SGPR;
    x->reg = (uint16_t)raw;
    return width <= 1 || (raw & ~(width >= 4 ? 3u : 1u)) + width <= 106;
  } else if (raw >= 128 && raw <= 208) {
    x->kind = ISA_OPK_INLINE_INT;
    x->value = raw <= 192 ? raw - 128 : (uint32_t)(192 - (int)raw);
  } else if (raw >= 240 && raw <= 248) {
    x->kind = ISA_OPK_INLINE_FLOAT;
  } else if (raw == ISA_SRC_LITERAL) {
    x->kind = ISA_OPK_LITERAL;
  } else {
    x->kind = ISA_OPK_SPECIAL;
    x->reg = (uint16_t)raw;
    return !(width > 2 && raw >= ISA_SRC_TTMP0 && raw < ISA_SRC_M0 &&
             ((raw - ISA_SRC_TTMP0) & ~3u) + width > 16);
  }
  return true;
}

/* Why operand_from_src() refused a range. */
static const char *register_range_error(const struct isa_operand *x) {
  switch (x->kind) {
    case ISA_OPK_VGPR: return "VGPR range past v255";
    case ISA_OPK_SGPR: return "SGPR range past s105";
    default: return "ttmp range past ttmp15";
  }
}

/* Source encodings an operand cannot take, by 9-bit encoding (enum isa_src_reject): one
 * load per operand. 209..234 are reserved or DPP8 markers, 249/250 the SDWA/DPP16 markers;
 * 64-bit and wider operands cannot start at vcc_hi, m0, exec_hi or lds_direct. */
static const uint8_t src_reject[512] = {
    [209 ... 234] = ISA_SRC_NEVER,
    [ISA_SRC_SDWA] = ISA_SRC_NEVER,
    [ISA_SRC_DPP16] = ISA_SRC_NEVER,
    [ISA_SRC_VCC_HI] = ISA_SRC_NARROW_ONLY,
    [ISA_SRC_M0] = ISA_SRC_NARROW_ONLY,
    [ISA_SRC_EXEC_HI] = ISA_SRC_NARROW_ONLY,
    [ISA_SRC_LDS_DIRECT] = ISA_SRC_NARROW_ONLY,
};

/* Whether a source encoding names an operand of width registers. */
static inline bool src_raw_valid(unsigned raw, unsigned width) {
  return !(src_reject[raw & 0x1FF] & (width >= 2 ? ISA_SRC_NEVER | ISA_SRC_NARROW_ONLY : ISA_SRC_NEVER));
}

/* Field values of one instruction, by enum isa_field. */
struct fields {
  uint32_t v[ISA_FIELD_COUNT];
  uint16_t mods; /* modifier bit vector in the table's order (VOP3 / VOP3P) */
};

static bool extract(struct isa_inst *in, struct fields *f, size_t avail) {
  uint32_t w = in->words[0], w1 = avail > 1 ? in->words[1] : 0;
  switch (in->family) {
    case ISA_FAMILY_SOP2:
      f->v[ISA_FIELD_SD] = (w >> 16) & 0x7F;
      f->v[ISA_FIELD_S1] = (w >> 8) & 0xFF;
      f->v[ISA_FIELD_S0] = w & 0xFF;
      return true;
    case ISA_FAMILY_SOPK:
      f->v[ISA_FIELD_SD] = (w >> 16) & 0x7F;
      f->v[ISA_FIELD_K16] = w & 0xFFFF;
      return true;
    case ISA_FAMILY_SOP1:
      f->v[ISA_FIELD_SD] = (w >> 16) & 0x7F;
      f->v[ISA_FIELD_S0] = w & 0xFF;
      return true;
    case ISA_FAMILY_SOPC:
      f->v[ISA_FIELD_S1] = (w >> 8) & 0xFF;
      f->v[ISA_FIELD_S0] = w & 0xFF;
      return true;
    case ISA_FAMILY_SOPP:
      f->v[ISA_FIELD_K16] = w & 0xFFFF;
      return true;
    case ISA_FAMILY_VOP2:
      f->v[ISA_FIELD_VD] = (w >> 17) & 0xFF;
      f->v[ISA_FIELD_V1] = (w >> 9) & 0xFF;
      f->v[ISA_FIELD_S0] = w & 0x1FF;
      return true;
    case ISA_FAMILY_VOP1:
      f->v[ISA_FIELD_VD] = (w >> 17) & 0xFF;
      f->v[ISA_FIELD_S0] = w & 0x1FF;
      return true;
    case ISA_FAMILY_VOPC:
      f->v[ISA_FIELD_V1] = (w >> 9) & 0xFF;
      f->v[ISA_FIELD_S0] = w & 0x1FF;
      return true;
    case ISA_FAMILY_VOP3:
      /* w0: vdst 7:0, abs 10:8 | sdst 14:8 (VOP3B), op_sel 14:11, clamp 15, op 25:16
       * w1: src0 8:0, src1 17:9, src2 26:18, omod 28:27, neg 31:29 */
      f->v[ISA_FIELD_VD] = w & 0xFF;
      f->v[ISA_FIELD_SD] = (w >> 8) & 0x7F;
      f->v[ISA_FIELD_S0] = w1 & 0x1FF;
      f->v[ISA_FIELD_S1] = (w1 >> 9) & 0x1FF;
      f->v[ISA_FIELD_S2] = (w1 >> 18) & 0x1FF;
      f->mods = (uint16_t)((w1 >> 29) | ((w >> 8) & 7) << 3 | ((w >> 15) & 1) << 6 |
                           ((w1 >> 27) & 3) << 7 | ((w >> 11) & 0xF) << 9);
      return true;
    case ISA_FAMILY_VOP3P: {
      /* w0: vdst 7:0, neg_hi 10:8, op_sel 13:11, op_sel_hi[2] 14, clamp 15, op 22:16
       * w1: src0, src1, src2, op_sel_hi[1:0] 28:27, neg 31:29 */
      f->v[ISA_FIELD_VD] = w & 0xFF;
      f->v[ISA_FIELD_S0] = w1 & 0x1FF;
      f->v[ISA_FIELD_S1] = (w1 >> 9) & 0x1FF;
      f->v[ISA_FIELD_S2] = (w1 >> 18) & 0x1FF;
      unsigned hi = ((w1 >> 27) & 3) | ((w >> 14) & 1) << 2;
      f->mods = (uint16_t)((w1 >> 29) | ((w >> 8) & 7) << 3 | ((w >> 15) & 1) << 6 |
                           ((w >> 11) & 7) << 7 | ((~hi) & 7) << 10);
      return true;
    }
    case ISA_FAMILY_DS:
      /* w0: offset0 7:0, offset1 15:8, gds 17, op 25:18; w1: addr, data0, data1, vdst */
      f->v[ISA_FIELD_A] = w1 & 0xFF;
      f->v[ISA_FIELD_D0] = (w1 >> 8) & 0xFF;
      f->v[ISA_FIELD_D1] = (w1 >> 16) & 0xFF;
      f->v[ISA_FIELD_VD] = w1 >> 24;
      in->offset = (int32_t)(w & 0xFFFF);
      in->offset1 = (w >> 8) & 0xFF;
      in->gds = (w >> 17) & 1;
      return true;
    case ISA_FAMILY_SMEM:
      /* w0: sbase 5:0 (pair), sdata 12:6, dlc 14, glc 16, op 25:18;
       * w1: offset 20:0 (signed), soffset 31:25 (null: none) */
      f->v[ISA_FIELD_SBASE] = (w & 0x3F) * 2;
      f->v[ISA_FIELD_SDATA] = (w >> 6) & 0x7F;
      f->v[ISA_FIELD_OFF] = w1 >> 25;
      in->offset = (int32_t)(w1 << 11) >> 11;
      in->glc = (w >> 16) & 1;
      in->dlc = (w >> 14) & 1;
      return true;
    case ISA_FAMILY_MUBUF:
    case ISA_FAMILY_MTBUF:
    case ISA_FAMILY_MIMG:
      return true; /* decode_buffer(), decode_mimg() */
    case ISA_FAMILY_VINTRP:
      /* vsrc 7:0, attrchan 9:8, attr 15:10, op 17:16, vdst 25:18 */
      f->v[ISA_FIELD_V1] = w & 0xFF;
      f->v[ISA_FIELD_PARAM] = w & 0xFF;
      f->v[ISA_FIELD_VD] = (w >> 18) & 0xFF;
      in->attr = (w >> 10) & 0x3F;
      in->attr_chan = (w >> 8) & 3;
      return true;
    case ISA_FAMILY_EXP:
      /* w0: en 3:0, target 9:4, compr 10, done 11, vm 12; w1: vsrc0..3 */
      in->exp_en = w & 0xF;
      in->exp_target = (w >> 4) & 0x3F;
      in->exp_compr = (w >> 10) & 1;
      in->exp_done = (w >> 11) & 1;
      in->exp_vm = (w >> 12) & 1;
      for (unsigned i = 0; i < 4; i++) {
        struct isa_operand x = {0};
        operand_from_src(&x, ISA_SRC_VGPR0 + ((w1 >> (8 * i)) & 0xFF), 1);
        in->srcs[in->num_srcs++] = x;
      }
      return true;
    case ISA_FAMILY_FLAT: {
      f->v[ISA_FIELD_A] = w1 & 0xFF;
      f->v[ISA_FIELD_D0] = (w1 >> 8) & 0xFF;
      f->v[ISA_FIELD_SA] = (w1 >> 16) & 0x7F;
      f->v[ISA_FIELD_VD] = w1 >> 24;
      in->seg = (w >> 14) & 3;
      in->offset = in->seg ? (int32_t)(w << 20) >> 20 : (int32_t)(w & 0xFFF);
      in->dlc = (w >> 12) & 1;
      in->lds = (w >> 13) & 1;
      in->glc = (w >> 16) & 1;
      in->slc = (w >> 17) & 1;
      return true;
    }
    default:
      return false;
  }
}

/* A descriptor of n SGPRs named by a 5-bit quad index (buffer/image srsrc, ssamp):
 * s[4q..] up to s105 or ttmp[4q-108..] up to ttmp15 (operand_from_src's range rules); m0 and
 * above name no descriptor. */
static bool quad_operand(struct isa_operand *x, unsigned quad, uint8_t n) {
  unsigned raw = quad * 4;
  *x = (struct isa_operand){0};
  return operand_from_src(x, raw, n) && raw < ISA_SRC_M0;
}

/* MUBUF / MTBUF (both dwords are in in->words):
 *   w0: offset 11:0, offen 12, idxen 13, glc 14, dlc 15, lds 16 (MUBUF) | op[2:0] 18:16 and
 *       format 25:19 (MTBUF), op 24:18 (MUBUF)
 *   w1: vaddr 7:0, vdata 15:8, srsrc 20:16 (quad), op[3] 21 (MTBUF), slc 22, tfe 23,
 *       soffset 31:24
 * Operands: [vdata (+1 with tfe; none with lds)], vaddr (off / v / v[a:a+1] by idxen,offen),
 * srsrc, soffset. Table mods bits: 0 lds, 2 tfe, 4 glc, 6 slc, 8 dlc (odd: accepted). */
static bool decode_buffer(struct isa_inst *in, const struct isa_op_desc *d, size_t avail,
                          uint32_t w2) {
  uint32_t w = in->words[0], w1 = in->words[1];
  bool mtbuf = in->family == ISA_FAMILY_MTBUF;
  unsigned m = d->mods_print;
  in->offset = (int32_t)(w & 0xFFF);
  in->offen = (w >> 12) & 1;
  in->idxen = (w >> 13) & 1;
  in->glc = (w >> 14) & 1;
  in->dlc = (w >> 15) & 1;
  in->lds = mtbuf ? 0 : (w >> 16) & 1;
  in->format = mtbuf ? (w >> 19) & 0x7F : 0;
  in->slc = (w1 >> 22) & 1;
  in->tfe = (w1 >> 23) & 1;
  if ((in->lds && !(m & 0x3)) || (in->tfe && !(m & 0xC)) || (in->glc && !(m & 0x30)) ||
      (in->slc && !(m & 0xC0)) || (in->dlc && !(m & 0x300)))
    return false;
  if (in->lds && in->tfe) return false;
  in->size = 2;
  in->info = &d->info;
  if (d->dflags & ISA_DF_INV) /* buffer_gl*_inv: no operands, no vaddr */
    return !in->idxen && !in->offen;
  const struct isa_opnd_desc *vd = isa_op_desc_field(d, ISA_FIELD_D0);
  struct isa_operand x = {0};
  bool load = d->dflags & ISA_DF_LOAD;
  if (vd && !in->lds) {
    unsigned n = vd->width + in->tfe;
    if (!operand_from_src(&x, ISA_SRC_VGPR0 + ((w1 >> 8) & 0xFF), (uint8_t)n)) return false;
    if (load) in->defs[in->num_defs++] = x; else in->srcs[in->num_srcs++] = x;
  }
  memset(&x, 0, sizeof x);
  if (in->offen || in->idxen) {
    unsigned n = in->offen && in->idxen ? 2 : 1;
    if (!operand_from_src(&x, ISA_SRC_VGPR0 + (w1 & 0xFF), (uint8_t)n)) return false;
  } else {
    x.kind = ISA_OPK_NONE; /* prints "off" */
  }
  in->srcs[in->num_srcs++] = x;
  /* s[0:3]..s[100:103], ttmp[0:3]..ttmp[12:15] */
  if (!quad_operand(&x, (w1 >> 16) & 0x1F, 4)) return false;
  in->srcs[in->num_srcs++] = x;
  memset(&x, 0, sizeof x);
  unsigned soff = w1 >> 24;
  if (!src_raw_valid(soff, 1)) return false;
  operand_from_src(&x, soff, 1);
  if (x.kind == ISA_OPK_LITERAL) {
    if (avail < 3) return false;
    x.value = in->words[2] = w2;
    in->size = 3;
  }
  in->srcs[in->num_srcs++] = x;
  return true;
}

/* Digit i of the "key=hexdigits" entry of a MIMG table notes string (0 when absent); the
 * digits were decoded once when the table was built. */
static unsigned mimg_table(const struct isa_op_desc *d, enum isa_mimg_key key, unsigned i) {
  return i < d->mimg_len[key] ? d->mimg_digits[d->mimg_at[key] + i] : 0;
}

/* MIMG (GFX10):
 *   w0: op[7] 0, nsa 2:1 (extra address dwords), dim 5:3, dlc 7, dmask 11:8, unorm 12, glc 13,
 *       r128 15, tfe 16, lwe 17, op[6:0] 24:18, slc 25
 *   w1: vaddr 7:0, vdata 15:8, srsrc 20:16 (quad), ssamp 25:21 (quad), a16 30, d16 31
 *   NSA dwords: four address VGPRs each.
 * vdata and address widths per dmask / dim / a16 / NSA size come from the table notes. */
static bool decode_mimg(struct isa_inst *in, const struct isa_op_desc *d, const uint32_t *w,
                        size_t avail) {
  uint32_t w0 = w[0], w1 = w[1];
  unsigned nsa = (w0 >> 1) & 3, dim = (w0 >> 3) & 7;
  if (avail < 2 + nsa) return false;
  in->nsa = (uint8_t)nsa;
  in->da_dim = (uint8_t)dim;
  in->dmask = (w0 >> 8) & 0xF;
  in->dlc = (w0 >> 7) & 1;
  in->unorm = (w0 >> 12) & 1;
  in->glc = (w0 >> 13) & 1;
  in->r128 = (w0 >> 15) & 1;
  in->tfe = (w0 >> 16) & 1;
  in->slc = (w0 >> 25) & 1;
  in->a16 = (w1 >> 30) & 1;
  in->d16 = (w1 >> 31) & 1;
  unsigned lwe = (w0 >> 17) & 1;
  /* modifier acceptance: bits 2i (printed) / 2i+1 (accepted) per isa_mimg_mods() bit i */
  uint32_t acc = d->mods_print | (uint32_t)d->mods_ignore << 16;
  for (unsigned set = isa_mimg_mods(in, lwe); set; set &= set - 1)
    if (!((acc >> (2 * __builtin_ctz(set))) & 3)) return false;
  in->lwe_printed = 0;
  unsigned vd = mimg_table(d, (enum isa_mimg_key)(ISA_MK_VD + in->d16 + 2 * in->tfe), in->dmask);
  if (!vd) return false; /* lwe adds no register */
  unsigned ai = dim + 8 * in->a16;
  unsigned na = nsa ? mimg_table(d, (enum isa_mimg_key)(ISA_MK_W + nsa), ai)
                    : mimg_table(d, ISA_MK_W, ai);
  if (!na) return false;
  /* NSA with fewer address slots than the dim needs: llvm keeps the decoded form, whose
   * vdata size is the plain one-channel size */
  if (nsa && na < mimg_table(d, ISA_MK_W, ai)) vd = mimg_table(d, ISA_MK_VD, 1);
  /* The sizes llvm prints for this NSA size / dim / a16 and requested vdata size (it keeps
   * its first-matched sizes when no instruction variant has the requested pair). */
  unsigned req = d->pflags & ISA_PF_GATHER4 ? 4 : (unsigned)__builtin_popcount(in->dmask);
  if (!req) req = 1;
  if (in->d16) req = (req + 1) / 2;
  req += in->tfe;
  if (req <= 5) {
    unsigned gi = ((nsa * 16 + ai) * 5 + req - 1) * 2;
    unsigned gv = mimg_table(d, ISA_MK_G, gi), ga = mimg_table(d, ISA_MK_G, gi + 1);
    if (gv && ga) vd = gv, na = ga;
  }
  /* widened registers that would run past v255: llvm keeps its first-matched sizes (one
   * channel, the 1D address size) */
  unsigned vdata_reg = (w1 >> 8) & 0xFF, vaddr_reg = w1 & 0xFF;
  if (vdata_reg + vd > 256 || (!nsa && vaddr_reg + na > 256)) {
    vd = mimg_table(d, ISA_MK_VD, 1);
    if (!nsa) na = mimg_table(d, ISA_MK_W, 0);
  }
  for (unsigned i = 0; i < 2 + nsa; i++) in->words[i] = w[i];
  in->size = (uint8_t)(2 + nsa);
  in->info = &d->info;
  bool store = d->dflags & ISA_DF_STORE;
  struct isa_operand x = {0};
  if (!operand_from_src(&x, ISA_SRC_VGPR0 + ((w1 >> 8) & 0xFF), (uint8_t)vd)) return false;
  if (store) in->srcs[in->num_srcs++] = x; else in->defs[in->num_defs++] = x;
  if (!nsa) {
    memset(&x, 0, sizeof x);
    if (!operand_from_src(&x, ISA_SRC_VGPR0 + (w1 & 0xFF), (uint8_t)na)) return false;
    in->srcs[in->num_srcs++] = x;
  } else {
    for (unsigned i = 0; i < na && in->num_srcs < ISA_MAX_SRCS - 2; i++) {
      unsigned r = i == 0 ? (w1 & 0xFF) : (w[2 + (i - 1) / 4] >> (8 * ((i - 1) % 4))) & 0xFF;
      memset(&x, 0, sizeof x);
      operand_from_src(&x, ISA_SRC_VGPR0 + r, 1);
      in->srcs[in->num_srcs++] = x;
    }
  }
  /* resource: 8 SGPRs from a quad index (s[0:7]..s[96:103]) or ttmp[0:7]/ttmp[4:11]/... */
  if (!quad_operand(&x, (w1 >> 16) & 0x1F, 8)) return false;
  in->srcs[in->num_srcs++] = x;
  unsigned samp = (w1 >> 21) & 0x1F;
  if (d->dflags & ISA_DF_SS) {
    if (!quad_operand(&x, samp, 4)) return false;
    in->srcs[in->num_srcs++] = x;
  } else if (samp) {
    return false; /* no sampler: ssamp must be zero */
  }
  in->lwe_printed = (uint8_t)lwe;
  return true;
}

/* Memory-family checks of modifier fields against the table flags (see gen_tables.py). */
static bool check_memory(struct isa_inst *in, const struct isa_op_desc *d) {
  unsigned m = d->mods_print;
  if (in->family == ISA_FAMILY_FLAT && in->seg == 0 && in->dlc && (d->dflags & ISA_DF_ATOMIC_FM))
    return false; /* flat fmin/fmax atomics take no dlc */
  if (in->family == ISA_FAMILY_SMEM) {
    if (in->glc && !(m & 0x3)) return false;
    if (in->dlc && !(m & 0xC)) return false;
    if ((in->words[1] >> 25) != ISA_SRC_NULL && !(m & 0x30)) return false;
  }
  if (in->family == ISA_FAMILY_DS) {
    bool offsets = (m & 1) || (m & 4) || (m & 2) || (m & 8);
    if (!offsets && (in->offset & 0xFFFF)) return false;
    if (in->gds && !(m & 0x30)) return false;
    if (!in->gds && (m & 0x40)) return false; /* GWS / ordered count: gds required */
  }
  return true;
}

/* DPP16 / DPP8 / SDWA dword (words[1]) of a VOP1/VOP2/VOPC instruction. src0 comes from it;
 * the modifier bits are checked against the table's masks (bit order as in gen_tables.py).
 *   DPP16: src0 7:0, dpp_ctrl 16:8, fi 18, bound_ctrl 19, neg0 20, abs0 21, neg1 22, abs1 23,
 *          bank_mask 27:24, row_mask 31:28
 *   DPP8:  src0 7:0, eight 3-bit lane selects 31:8 (fi when src0 field = 0xEA)
 *   SDWA:  src0 7:0, dst_sel 10:8, dst_unused 12:11, clamp 13, omod 15:14 (VOPC: sdst 14:8,
 *          sd 15), src0_sel 18:16, sext0 19, neg0 20, abs0 21, s0 23, src1_sel 26:24,
 *          sext1 27, neg1 28, abs1 29, s1 31 */
static bool extract_variant(struct isa_inst *in, const struct isa_op_desc *d, struct fields *f) {
  uint32_t x = in->words[1];
  uint16_t mods = 0;
  bool vopc = in->family == ISA_FAMILY_VOPC;
  switch (in->variant) {
    case ISA_VARIANT_DPP16:
      f->v[ISA_FIELD_S0] = ISA_SRC_VGPR0 + (x & 0xFF);
      in->dpp_ctrl = (x >> 8) & 0x1FF;
      in->fi = (x >> 18) & 1;
      in->bound_ctrl = (x >> 19) & 1;
      in->bank_mask = (x >> 24) & 0xF;
      in->row_mask = (x >> 28) & 0xF;
      mods = (x >> 20) & 0xF;
      break;
    case ISA_VARIANT_DPP8:
      f->v[ISA_FIELD_S0] = ISA_SRC_VGPR0 + (x & 0xFF);
      in->dpp8 = x >> 8;
      in->fi = (in->words[0] & 0x1FF) == ISA_SRC_DPP8_FI;
      break;
    case ISA_VARIANT_SDWA: {
      bool s0 = (x >> 23) & 1, s1 = (x >> 31) & 1;
      f->v[ISA_FIELD_S0] = s0 ? (x & 0xFF) : ISA_SRC_VGPR0 + (x & 0xFF);
      if (s1) f->v[ISA_FIELD_V1] |= 0x100; /* marks an SGPR-space vsrc1 */
      in->sdwa_src0_sel = (x >> 16) & 7;
      in->sdwa_src1_sel = (x >> 24) & 7;
      if (!vopc) {
        in->sdwa_dst_sel = (x >> 8) & 7;
        in->sdwa_dst_unused = (x >> 11) & 3;
        mods |= (uint16_t)(((x >> 13) & 7));
      } else if ((x >> 15) & 1) {
        mods |= 1u << 11;
        f->v[ISA_FIELD_SD] = (x >> 8) & 0x7F;
      } else if (x & 0x7F00) {
        return false;
      }
      mods |= (uint16_t)(((x >> 19) & 7) << 3 | (uint16_t)s0 << 6 | ((x >> 27) & 7) << 7 |
                         (uint16_t)s1 << 10);
      /* select 7 has no meaning (llvm-objdump-19 crashes on it); dst_unused 3 prints as
       * UNUSED_PAD; bits 22 and 30 are ignored */
      if (in->sdwa_src0_sel > 6 || in->sdwa_src1_sel > 6 || in->sdwa_dst_sel > 6) return false;
      if (!isa_op_desc_field(d, ISA_FIELD_V1) && (x >> 24)) return false;
      if (!isa_op_desc_field(d, ISA_FIELD_VD) && !vopc && (x & 0x1F00)) return false;
      break;
    }
    default:
      break;
  }
  if (mods & ~(d->mods_print | d->mods_ignore)) return false;
  f->mods = mods & d->mods_print;
  return true;
}

/* Encoded size of the family's base instruction in dwords. */
static unsigned base_size(int family) {
  switch (family) {
    case ISA_FAMILY_VOP3: case ISA_FAMILY_VOP3P: case ISA_FAMILY_SMEM: case ISA_FAMILY_DS:
    case ISA_FAMILY_MUBUF: case ISA_FAMILY_MTBUF: case ISA_FAMILY_MIMG: case ISA_FAMILY_FLAT:
    case ISA_FAMILY_EXP:
      return 2;
    default:
      return 1;
  }
}

bool isa_decode_wave(const uint32_t *words, size_t count, size_t offset, bool wave64,
                     struct isa_inst *in, struct isa_error *err) {
  if (!words || !in || offset >= count)
    return fail(err, ISA_ERR_TRUNCATED, offset, 0, "no dword at this offset");
  const uint32_t *w = words + offset;
  size_t avail = count - offset;
  /* zero everything but the operand arrays (only [0, num) of them is ever read) */
  _Static_assert(offsetof(struct isa_inst, srcs) + sizeof in->srcs == sizeof *in,
                 "the operand arrays end the instruction");
  memset(in, 0, offsetof(struct isa_inst, defs));
  unsigned op = 0;
  int fam = family_of(w[0], &op);
  if (fam < 0) return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "no encoding family");
  in->family = (uint8_t)fam;
  in->op = (uint16_t)op;
  in->wave64 = wave64;
  unsigned size = base_size(fam);
  if (avail < size) return fail(err, ISA_ERR_TRUNCATED, offset, w[0], "instruction cut short");
  for (unsigned i = 0; i < size; i++) in->words[i] = w[i];

  enum isa_variant variant = ISA_VARIANT_NATIVE;
  if (fam == ISA_FAMILY_VOP1 || fam == ISA_FAMILY_VOP2 || fam == ISA_FAMILY_VOPC) {
    unsigned s0 = w[0] & 0x1FF;
    if (s0 == ISA_SRC_SDWA) variant = ISA_VARIANT_SDWA;
    if (s0 == ISA_SRC_DPP16) variant = ISA_VARIANT_DPP16;
    if (s0 == ISA_SRC_DPP8 || s0 == ISA_SRC_DPP8_FI) variant = ISA_VARIANT_DPP8;
    if (variant != ISA_VARIANT_NATIVE) {
      if (avail < 2) return fail(err, ISA_ERR_TRUNCATED, offset, w[0], "DPP/SDWA dword missing");
      in->words[1] = w[1];
      size = 2;
    }
  }
  unsigned seg = 0;
  if (fam == ISA_FAMILY_FLAT) {
    seg = (w[0] >> 14) & 3;
    if (seg == 3) return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "FLAT segment 3");
    variant = (enum isa_variant)seg; /* table slot of the segment */
  }
  if (fam == ISA_FAMILY_MTBUF) op |= ((w[1] >> 21) & 1) << 3; /* op bit 3 is in dword 1 */
  in->op = (uint16_t)op;
  in->variant = (uint8_t)(fam == ISA_FAMILY_FLAT ? ISA_VARIANT_NATIVE : variant);
  if (!atomic_load_explicit(&isa_tables_ready, memory_order_acquire)) isa_tables_init();
  const struct isa_op_desc *d = isa_desc_lookup((unsigned)fam, variant, op);
  if (!d) return fail(err, ISA_ERR_UNKNOWN_OPCODE, offset, w[0], isa_family_name(fam));
  if (fam == ISA_FAMILY_FLAT) {
    /* w0: offset 11:0, dlc 12, lds 13, seg 15:14, glc 16, slc 17, op 24:18;
     * w1: addr 7:0, data 15:8, saddr 22:16, nv 23, vdst 31:24 */
    unsigned saddr = (w[1] >> 16) & 0x7F;
    bool sa = saddr != ISA_SRC_NULL;
    unsigned k = ((w[0] >> 13) & 1) * 4 + ((w[0] >> 16) & 1) * 2 + sa;
    if (!d->sub[k] || (w[1] >> 23 & 1))
      return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "FLAT form not allowed");
    d = d->sub[k];
  }
  if (!d->supported) return fail(err, ISA_ERR_UNSUPPORTED, offset, w[0], d->info.name);
  struct fields f = {0};
  if (!extract(in, &f, avail)) return fail(err, ISA_ERR_UNSUPPORTED, offset, w[0], "family");
  if (variant != ISA_VARIANT_NATIVE && !extract_variant(in, d, &f))
    return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "DPP/SDWA control not allowed");
  for (uint32_t z = d->zero_fields; z; z &= z - 1)
    if (f.v[__builtin_ctz(z)])
      return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "reserved field not zero");
  if (fam == ISA_FAMILY_VOP3 || fam == ISA_FAMILY_VOP3P) {
    uint16_t mods = f.mods;
    if (fam == ISA_FAMILY_VOP3 && (d->dflags & ISA_DF_SD))
      mods &= (uint16_t)~(0x38u | 0x1E00u); /* VOP3B: bits 14:8 are sdst */
    if (mods & ~(d->mods_print | d->mods_ignore))
      return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "modifier not allowed");
    f.mods = mods & d->mods_print;
  }

  if (fam == ISA_FAMILY_MIMG) {
    if (!decode_mimg(in, d, w, avail))
      return fail(err, avail < 2u + ((w[0] >> 1) & 3) ? ISA_ERR_TRUNCATED : ISA_ERR_BAD_ENCODING,
                  offset, w[0], "image form not allowed");
    return true;
  }
  if (fam == ISA_FAMILY_MUBUF || fam == ISA_FAMILY_MTBUF) {
    if (!decode_buffer(in, d, avail, avail > 2 ? w[2] : 0)) {
      if (avail < 3 && w[1] >> 24 == ISA_SRC_LITERAL) /* the literal soffset is checked last */
        return fail(err, ISA_ERR_TRUNCATED, offset, w[0], "literal missing");
      return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "buffer form not allowed");
    }
    return true;
  }
  if (fam == ISA_FAMILY_EXP) {
    in->info = &d->info;
    in->size = 2;
    return true;
  }
  if ((fam == ISA_FAMILY_FLAT || fam == ISA_FAMILY_SMEM || fam == ISA_FAMILY_DS) &&
      !check_memory(in, d))
    return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "modifier not allowed");

  /* operands */
  in->info = &d->info;
  unsigned ndefs = d->info.num_defs, nops = d->nops;
  _Static_assert(ISA_OPND_MAX <= ISA_MAX_SRCS, "every template operand has a slot");
  in->num_defs = (uint8_t)ndefs; /* ndefs <= ISA_MAX_DEFS (the descriptor builder) */
  in->num_srcs = (uint8_t)(nops - ndefs);
  bool literal = false;
  uint8_t lane_width = wave64 ? 2 : 1;
  bool sdwa_sdst = variant == ISA_VARIANT_SDWA && (f.mods >> 11 & 1);
  for (unsigned i = 0; i < nops; i++) {
    const struct isa_opnd_desc *o = &d->ops[i];
    uint8_t width = o->nregs[wave64];
    /* built in place, in the slot the plan gave it */
    struct isa_operand *x = (struct isa_operand *)((char *)in + o->slot);
    *x = (struct isa_operand){0};
    /* one load of the field's value per operand (not one per case: the compiler would
     * hoist those out of the loop and pay for all of them on every instruction) */
    unsigned raw = f.v[o->vfield];
    switch (o->how) {
      case ISA_OPD_SRC:
        if (src_reject[raw & 0x1FF] & o->reject[wave64])
          return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "reserved operand encoding");
        if (!operand_from_src(x, raw, width)) goto bad_range;
        if (x->kind == ISA_OPK_LITERAL) literal = true;
        break;
      case ISA_OPD_VSRC1:
        if (!operand_from_src(x, raw & 0x100 ? raw & 0xFF : ISA_SRC_VGPR0 + raw, width))
          goto bad_range;
        break;
      case ISA_OPD_IMM:
        x->kind = ISA_OPK_IMM;
        x->value = raw;
        break;
      case ISA_OPD_ATTR:
        x->kind = ISA_OPK_IMM;
        x->value = raw;
        in->attr = raw & 0x3F;
        in->attr_chan = (raw >> 6) & 3;
        break;
      case ISA_OPD_OFF:
        if (raw != ISA_SRC_NULL) {
          if (!operand_from_src(x, raw, 1)) goto bad_range;
        } else {
          x->kind = ISA_OPK_IMM;
          x->value = (uint32_t)in->offset;
        }
        break;
      case ISA_OPD_VREG:
        if (!operand_from_src(x, ISA_SRC_VGPR0 + raw, width)) goto bad_range;
        break;
      case ISA_OPD_SREG:
        if (src_reject[raw & 0x1FF] & o->reject[wave64])
          return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], "reserved operand encoding");
        if (!operand_from_src(x, raw, width)) goto bad_range;
        break;
      case ISA_OPD_K:
        x->kind = ISA_OPK_LITERAL;
        literal = true;
        break;
      case ISA_OPD_K16:
        x->kind = ISA_OPK_IMM;
        x->value = raw;
        in->simm16 = (uint16_t)raw;
        break;
      case ISA_OPD_VCC:
        if (i == 0 && sdwa_sdst) {
          if (!operand_from_src(x, raw, lane_width)) goto bad_range; /* VOPC SDWA sdst */
        } else { /* vcc_lo / vcc: operand_from_src(x, ISA_SRC_VCC_LO, lane_width) */
          x->kind = ISA_OPK_SPECIAL;
          x->reg = x->raw = ISA_SRC_VCC_LO;
          x->count = lane_width;
        }
        break;
      default:
        break;
    }
    continue;
  bad_range:
    return fail(err, ISA_ERR_BAD_ENCODING, offset, w[0], register_range_error(x));
  }
  if (literal) {
    if (avail < size + 1) return fail(err, ISA_ERR_TRUNCATED, offset, w[0], "literal missing");
    in->words[size] = w[size];
    for (unsigned i = 0; i < in->num_srcs; i++)
      if (in->srcs[i].kind == ISA_OPK_LITERAL) in->srcs[i].value = w[size];
    for (unsigned i = 0; i < in->num_defs; i++)
      if (in->defs[i].kind == ISA_OPK_LITERAL) in->defs[i].value = w[size];
    size++;
  }
  in->size = (uint8_t)size;
  if (variant == ISA_VARIANT_DPP16) {
    in->neg_lo = (uint8_t)((f.mods & 1) | (f.mods >> 1 & 2));
    in->neg_hi = (uint8_t)((f.mods >> 1 & 1) | (f.mods >> 2 & 2)); /* abs */
  } else if (variant == ISA_VARIANT_SDWA) {
    in->clamp = f.mods & 1;
    in->omod = f.mods >> 1 & 3;
    in->neg_lo = (uint8_t)((f.mods >> 4 & 1) | (f.mods >> 7 & 2));
    in->neg_hi = (uint8_t)((f.mods >> 5 & 1) | (f.mods >> 8 & 2));
    in->op_sel = (uint8_t)((f.mods >> 3 & 1) | (f.mods >> 6 & 2)); /* sext bits */
  } else if (fam == ISA_FAMILY_VOP3) {
    in->clamp = f.mods >> 6 & 1;
    in->omod = f.mods >> 7 & 3;
    in->op_sel = f.mods >> 9 & 0xF;
    for (unsigned i = 0; i < 3; i++) in->neg_lo |= (uint8_t)((f.mods >> i & 1) << i);
    in->neg_hi = f.mods >> 3 & 7; /* abs bits (printed as |x|) */
  } else if (fam == ISA_FAMILY_VOP3P) {
    in->neg_lo = f.mods & 7;
    in->neg_hi = f.mods >> 3 & 7;
    in->clamp = f.mods >> 6 & 1;
    in->op_sel = f.mods >> 7 & 7;
    in->op_sel_hi = (uint8_t)(~(f.mods >> 10) & 7);
  }
  return true;
}

bool isa_decode(const uint32_t *words, size_t count, size_t offset, struct isa_inst *out,
                struct isa_error *err) {
  return isa_decode_wave(words, count, offset, false, out, err);
}
