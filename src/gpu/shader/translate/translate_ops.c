/* The dispatcher of the GFX10 -> IR translation: one decoded instruction to the handler of
 * its table row (translate_table.c), after the DPP / SDWA source forms are prepared
 * (translate_lanes.c). Instructions without a row are compares (translate_cmp.c), image forms
 * matched by name (translate_image.c) or unsupported. Each case of the switch below is one
 * call; it has no default, so -Wswitch (an error with -Werror) rejects a kind without one. */
#include "common/log.h"
#include "gpu/shader/translate/translate_ext.h"

/* Mnemonics already logged as untranslated (one bit each): the message comes once per
 * opcode (all encodings of a mnemonic), however often the code uses it. A bit is only
 * taken while the message is enabled. */
static uint8_t unsupported_logged[(ISA_MN_COUNT + 7) / 8];

void xl_unsupported(struct xl_state *x, const struct isa_inst *in, uint32_t pc) {
  unsigned mn = in->info->mnemonic;
  uint8_t bit = (uint8_t)(1u << (mn & 7));
  if (log_enabled(LOG_CAT_shader, LOG_LEVEL_DEBUG) && mn < ISA_MN_COUNT &&
      !(__atomic_fetch_or(&unsupported_logged[mn / 8], bit, __ATOMIC_RELAXED) & bit))
    LOG(shader, DEBUG, "no IR translation for %s (first at 0x%x)", in->info->name, pc);
  ir_unsupported_i(&x->b, pc);
  x->unsupported++;
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
  if (in->variant == ISA_VARIANT_SDWA && !xl_sdwa_prepare(x, in)) {
    x->sdwa_src[0] = x->sdwa_src[1] = IR_NONE;
    xl_unsupported(x, in, pc);
    return;
  }
  if (in->variant == ISA_VARIANT_DPP16 || in->variant == ISA_VARIANT_DPP8) {
    if (!xl_dpp_prepare(x, in)) {
      xl_unsupported(x, in, pc);
      return;
    }
  }
  if (in->family == ISA_FAMILY_DS && in->gds) { /* GDS, GWS, ordered count: translate_gds.c */
    if (!xl_translate_gds(x, in, xl_lookup(in))) xl_unsupported(x, in, pc);
    return;
  }
  const struct xl_entry *e = xl_lookup(in);
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
  switch (e->kind) {
    case K_SMOV32: case K_SMOV64: case K_SCMOV32: case K_SCMOV64: case K_SCSELECT32:
    case K_SCSELECT64: case K_SBIN32: case K_SBIN64: case K_SSHIFT64: case K_SADDC:
    case K_SSUBB: case K_SUN32: case K_SNOT64: case K_SBCNT64: case K_SSEXT: case K_SABS:
    case K_SBFE32: case K_SBFM32: case K_SLSHLADD: case K_SPACK: case K_SAVEEXEC:
    case K_SMOVK: case K_SCMOVK: case K_SADDK: case K_SMULK: case K_SNOP: case K_SGETPC:
    case K_SBARRIER: case K_SSETREG: case K_SROUND: case K_SDENORM: case K_SMEMTIME:
    case K_SGETREG: case K_SSENDMSG:
      xl_translate_salu(x, in, e, pc);
      break;
    case K_VMOV: case K_VF32_BIN: case K_VF32_UN: case K_VF32_FMA: case K_VF32_MAD:
    case K_VF32_MAC: case K_VF32_MADMK: case K_VF32_MADAK: case K_VF32_3: case K_VF32_LEGACY:
    case K_VU32_BIN: case K_VU32_UN: case K_VU32_3: case K_VU24_MUL: case K_VCNDMASK:
    case K_VADDCO: case K_VADDCI: case K_VBFE: case K_VBFI: case K_VCVT: case K_VF64_BIN:
    case K_VF64_FMA: case K_VREADFIRST: case K_VREADLANE: case K_VWRITELANE: case K_VPKRTZ:
    case K_VLDEXP: case K_VMAD_U64: case K_SAD:
      xl_translate_valu(x, in, e, pc);
      break;
    case K_H16_BIN: case K_H16_FMA: case K_H16_3: case K_H16_LDEXP: case K_H16_UN:
    case K_H16_FROM_F32: case K_H16_TO_F32: case K_H16_FROM_INT: case K_H16_TO_INT:
    case K_H16_FIXUP: case K_I16_BIN: case K_I16_MAD: case K_I16_3: case K_H16_FREXP:
    case K_H16_SATPK:
      xl_translate_16bit(x, in, e, pc);
      break;
    case K_PKF16: case K_PKI16: xl_translate_packed(x, in, e, pc); break;
    case K_FMIX: xl_translate_fma_mix(x, in, e); break;
    case K_VDIV_SCALE: case K_VDIV_FMAS: case K_VDIV_FIXUP: case K_VCUBE: case K_VF64_UN:
      xl_translate_div_cube(x, in, e, pc);
      break;
    case K_ALU_EXT: xl_translate_alu_ext(x, in, e, pc); break;
    case K_MOVREL: xl_translate_movrel(x, in, e, pc); break;
    case K_SLOAD: case K_SBUFLOAD: case K_BUFLOAD: case K_BUFSTORE: case K_GLOAD:
    case K_GSTORE: case K_DSREAD: case K_DSWRITE: case K_DSREAD2: case K_DSWRITE2:
    case K_DSATOMIC:
      xl_translate_memory(x, in, e, pc);
      break;
    case K_DS_SUB_LOAD: case K_DS_SUB_STORE: case K_BUF_SUB_LOAD: case K_BUF_SUB_STORE:
    case K_G_SUB_LOAD: case K_G_SUB_STORE:
      xl_translate_subdword(x, in, e, pc);
      break;
    case K_BUF_ATOMIC: case K_G_ATOMIC: xl_translate_atomic(x, in, e); break;
    case K_MEM_EXT: xl_translate_mem_row(x, in, e, pc); break;
    case K_IMAGE: xl_translate_image(x, in, e, pc); break;
    case K_INTERP: xl_translate_interp(x, in, e); break;
    case K_EXPORT: xl_translate_export(x, in); break;
  }
}
