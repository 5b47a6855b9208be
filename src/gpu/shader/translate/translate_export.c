/* Exports (EXP) as IR: the four channels (compressed: two f16 per register) with the
 * target, enable mask and done / vm bits, written by the lanes active in EXEC. */
#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

void xl_translate_export(struct xl_state *x, const struct isa_inst *in) {
  struct ir_builder *bd = &x->b;
  uint32_t c[4];
  for (unsigned i = 0; i < 4; i++) c[i] = ir_b_const_f32(bd, 0.0f);
  if (in->exp_compr) {
    /* two f16 channels per register: channels 0-1 in vsrc0, 2-3 in vsrc1 (the encoding's
     * fields, which the decoder lists as sources 0 and 1) */
    for (unsigned i = 0; i < 4; i++)
      if ((in->exp_en >> i) & 1 && i / 2 < in->num_srcs) {
        uint32_t h = ir_u16_of_i(bd, i & 1, src32(x, in, i / 2));
        c[i] = ir_cvt_f32_f16(bd, ir_bitcast_f16(bd, h));
      }
  } else {
    for (unsigned i = 0; i < 4 && i < in->num_srcs; i++)
      if ((in->exp_en >> i) & 1) c[i] = ir_bitcast_f32(bd, src32(x, in, i));
  }
  ir_export_i(bd, IR_EXPORT_IMM(in->exp_target, in->exp_en, in->exp_compr, in->exp_done, in->exp_vm),
              ir_vec4_f32(bd, c[0], c[1], c[2], c[3]), lane_active(x));
}
