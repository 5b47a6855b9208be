/* S# fields (ir_ssharp.h). */
#include "gpu/shader/ir/ir_ssharp.h"

const struct ir_ssharp_field_info ir_ssharp_fields[IR_SSHARP_FIELD_COUNT] = {
#define IR_SSHARP_INFO_(name, dw, l, n) [IR_SSHARP_##name] = {#name, dw, l, n},
    IR_SSHARP_FIELDS(IR_SSHARP_INFO_)
#undef IR_SSHARP_INFO_
};

static uint32_t mask_of(unsigned bits) { return bits >= 32 ? ~0u : (1u << bits) - 1; }

const uint8_t ir_ssharp_bc_channel[8][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}, {3, 2, 1, 0}, {3, 0, 1, 2},
                                            {2, 1, 0, 3}, {1, 0, 3, 2}, {0, 1, 2, 3}, {0, 1, 2, 3}};

uint32_t ir_ssharp_get(const uint32_t w[4], enum ir_ssharp_field f) {
  const struct ir_ssharp_field_info *i = &ir_ssharp_fields[f];
  return (w[i->dword] >> i->lo) & mask_of(i->bits);
}

void ir_ssharp_set(uint32_t w[4], enum ir_ssharp_field f, uint32_t v) {
  const struct ir_ssharp_field_info *i = &ir_ssharp_fields[f];
  uint32_t m = mask_of(i->bits) << i->lo;
  w[i->dword] = (w[i->dword] & ~m) | ((v << i->lo) & m);
}

void ir_ssharp_decode(const uint32_t w[4], struct ir_ssharp *s) {
  for (unsigned k = 0; k < 3; k++) s->clamp[k] = (uint8_t)ir_ssharp_get(w, IR_SSHARP_clamp_x + k);
  s->mag_filter = (uint8_t)ir_ssharp_get(w, IR_SSHARP_xy_mag_filter);
  s->min_filter = (uint8_t)ir_ssharp_get(w, IR_SSHARP_xy_min_filter);
  s->z_filter = (uint8_t)ir_ssharp_get(w, IR_SSHARP_z_filter);
  s->mip_filter = (uint8_t)ir_ssharp_get(w, IR_SSHARP_mip_filter);
  s->border_type = (uint8_t)ir_ssharp_get(w, IR_SSHARP_border_color_type);
  s->depth_compare = (uint8_t)ir_ssharp_get(w, IR_SSHARP_depth_compare_func);
  s->filter_mode = (uint8_t)ir_ssharp_get(w, IR_SSHARP_filter_mode);
  s->max_aniso = (uint8_t)ir_ssharp_get(w, IR_SSHARP_max_aniso_ratio);
  s->force_unnormalized = ir_ssharp_get(w, IR_SSHARP_force_unnormalized) != 0;
  s->min_lod = (uint16_t)ir_ssharp_get(w, IR_SSHARP_min_lod);
  s->max_lod = (uint16_t)ir_ssharp_get(w, IR_SSHARP_max_lod);
  uint32_t b = ir_ssharp_get(w, IR_SSHARP_lod_bias);
  s->lod_bias = (int16_t)(b & 0x2000 ? (int32_t)b - 0x4000 : (int32_t)b);
  s->border_ptr = (uint16_t)ir_ssharp_get(w, IR_SSHARP_border_color_ptr);
}

void ir_ssharp_encode(const struct ir_ssharp *s, uint32_t w[4]) {
  for (unsigned k = 0; k < 4; k++) w[k] = 0;
  for (unsigned k = 0; k < 3; k++) ir_ssharp_set(w, IR_SSHARP_clamp_x + k, s->clamp[k]);
  ir_ssharp_set(w, IR_SSHARP_xy_mag_filter, s->mag_filter);
  ir_ssharp_set(w, IR_SSHARP_xy_min_filter, s->min_filter);
  ir_ssharp_set(w, IR_SSHARP_z_filter, s->z_filter);
  ir_ssharp_set(w, IR_SSHARP_mip_filter, s->mip_filter);
  ir_ssharp_set(w, IR_SSHARP_border_color_type, s->border_type);
  ir_ssharp_set(w, IR_SSHARP_depth_compare_func, s->depth_compare);
  ir_ssharp_set(w, IR_SSHARP_filter_mode, s->filter_mode);
  ir_ssharp_set(w, IR_SSHARP_max_aniso_ratio, s->max_aniso);
  ir_ssharp_set(w, IR_SSHARP_force_unnormalized, s->force_unnormalized);
  ir_ssharp_set(w, IR_SSHARP_min_lod, s->min_lod);
  ir_ssharp_set(w, IR_SSHARP_max_lod, s->max_lod);
  ir_ssharp_set(w, IR_SSHARP_lod_bias, (uint32_t)(int32_t)s->lod_bias & 0x3fff);
  ir_ssharp_set(w, IR_SSHARP_border_color_ptr, s->border_ptr);
}
