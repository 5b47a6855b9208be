/* T# fields (ir_tsharp.h). */
#include "gpu/shader/ir/ir_tsharp.h"

const struct ir_tsharp_field_info ir_tsharp_fields[IR_TSHARP_FIELD_COUNT] = {
#define IR_TSHARP_INFO_(name, dw, l, n) [IR_TSHARP_##name] = {#name, dw, l, n},
    IR_TSHARP_FIELDS(IR_TSHARP_INFO_)
#undef IR_TSHARP_INFO_
};

static uint32_t mask_of(unsigned bits) { return bits >= 32 ? ~0u : (1u << bits) - 1; }

uint32_t ir_tsharp_get(const uint32_t w[8], enum ir_tsharp_field f) {
  const struct ir_tsharp_field_info *i = &ir_tsharp_fields[f];
  return (w[i->dword] >> i->lo) & mask_of(i->bits);
}

void ir_tsharp_set(uint32_t w[8], enum ir_tsharp_field f, uint32_t v) {
  const struct ir_tsharp_field_info *i = &ir_tsharp_fields[f];
  uint32_t m = mask_of(i->bits) << i->lo;
  w[i->dword] = (w[i->dword] & ~m) | ((v << i->lo) & m);
}

void ir_tsharp_decode(const uint32_t w[8], struct ir_tsharp *t) {
  t->base =
      ((uint64_t)ir_tsharp_get(w, IR_TSHARP_base_hi) << 32 | ir_tsharp_get(w, IR_TSHARP_base_lo))
      << 8;
  t->format = ir_tsharp_get(w, IR_TSHARP_format);
  t->type = ir_tsharp_get(w, IR_TSHARP_type);
  t->sw_mode = ir_tsharp_get(w, IR_TSHARP_sw_mode);
  t->width = (ir_tsharp_get(w, IR_TSHARP_width_lo) | ir_tsharp_get(w, IR_TSHARP_width_hi) << 2) + 1;
  t->height = ir_tsharp_get(w, IR_TSHARP_height) + 1;
  t->depth = ir_tsharp_get(w, IR_TSHARP_depth) + 1;
  t->base_array = ir_tsharp_get(w, IR_TSHARP_base_array);
  t->base_level = ir_tsharp_get(w, IR_TSHARP_base_level);
  t->last_level = ir_tsharp_get(w, IR_TSHARP_last_level);
  t->levels = ir_tsharp_get(w, IR_TSHARP_max_mip) + 1;
  for (unsigned k = 0; k < 4; k++)
    t->dst_sel[k] = (uint8_t)ir_tsharp_get(w, IR_TSHARP_dst_sel_x + k);
}

void ir_tsharp_encode(const struct ir_tsharp *t, uint32_t w[8]) {
  for (unsigned k = 0; k < 8; k++) w[k] = 0;
  ir_tsharp_set(w, IR_TSHARP_base_lo, (uint32_t)(t->base >> 8));
  ir_tsharp_set(w, IR_TSHARP_base_hi, (uint32_t)(t->base >> 40));
  ir_tsharp_set(w, IR_TSHARP_format, t->format);
  ir_tsharp_set(w, IR_TSHARP_type, t->type);
  ir_tsharp_set(w, IR_TSHARP_sw_mode, t->sw_mode);
  ir_tsharp_set(w, IR_TSHARP_width_lo, (t->width - 1) & 3);
  ir_tsharp_set(w, IR_TSHARP_width_hi, (t->width - 1) >> 2);
  ir_tsharp_set(w, IR_TSHARP_height, t->height - 1);
  ir_tsharp_set(w, IR_TSHARP_resource_level, 1);
  ir_tsharp_set(w, IR_TSHARP_depth, t->depth - 1);
  ir_tsharp_set(w, IR_TSHARP_base_array, t->base_array);
  ir_tsharp_set(w, IR_TSHARP_base_level, t->base_level);
  ir_tsharp_set(w, IR_TSHARP_last_level, t->last_level);
  ir_tsharp_set(w, IR_TSHARP_max_mip, t->levels - 1);
  for (unsigned k = 0; k < 4; k++) ir_tsharp_set(w, IR_TSHARP_dst_sel_x + k, t->dst_sel[k]);
}

static uint32_t level_size(uint32_t s, uint32_t l) { return l >= 32 || !(s >> l) ? 1 : s >> l; }

void ir_tsharp_resinfo(const struct ir_tsharp *t, uint32_t mip, uint32_t out[4]) {
  uint32_t l = t->base_level + mip;
  uint32_t layers = t->depth > t->base_array ? t->depth - t->base_array : 0;
  out[0] = level_size(t->width, l);
  out[1] = t->type == IR_TSHARP_1D_ARRAY ? layers
           : t->type == IR_TSHARP_1D     ? 1
                                         : level_size(t->height, l);
  out[2] = t->type == IR_TSHARP_3D ? level_size(t->depth, l)
           : (t->type == IR_TSHARP_2D_ARRAY || t->type == IR_TSHARP_CUBE ||
              t->type == IR_TSHARP_2D_MSAA_ARRAY)
               ? layers
               : 1;
  out[3] = t->last_level >= t->base_level ? t->last_level - t->base_level + 1 : 0;
}
