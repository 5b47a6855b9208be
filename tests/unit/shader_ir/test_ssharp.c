/* The S# (sampler descriptor) decode against hand-encoded descriptors: each field's bits
 * written here from the GFX10 register layout (SQ_IMG_SAMP_WORD0..3: Mesa's sid.h, AMD's
 * PAL), the words computed by hand, then decoded, re-encoded and read field by field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "gpu/shader/ir/ir_ssharp.h"

/* word 0: CLAMP_X 2 (2:0), CLAMP_Y 6 (5:3), CLAMP_Z 1 (8:6), MAX_ANISO_RATIO 4 (11:9),
 * DEPTH_COMPARE_FUNC 3 (14:12), FORCE_UNNORMALIZED (15), FILTER_MODE 2 (30:29):
 * 0x2 + 0x30 + 0x40 + 0x800 + 0x3000 + 0x8000 + 0x40000000.
 * word 1: MIN_LOD 1.5 = 0x180 (11:0), MAX_LOD 13.25 = 0xd40 (23:12).
 * word 2: LOD_BIAS -2.5 = -640 = 0x3d80 in 14 bits (13:0), XY_MAG_FILTER 1 (21:20),
 * XY_MIN_FILTER 3 (23:22), Z_FILTER 2 (25:24), MIP_FILTER 2 (27:26).
 * word 3: BORDER_COLOR_PTR 0x123 (11:0), BORDER_COLOR_TYPE 2 (31:30). */
static const uint32_t words[4] = {0x4000b872u, 0x00d40180u, 0x0ad03d80u, 0x80000123u};

static void decode_hand_encoded(void **state) {
  (void)state;
  struct ir_ssharp s;
  ir_ssharp_decode(words, &s);
  assert_int_equal(s.clamp[0], IR_CLAMP_LAST_TEXEL);
  assert_int_equal(s.clamp[1], IR_CLAMP_BORDER);
  assert_int_equal(s.clamp[2], IR_CLAMP_MIRROR);
  assert_int_equal(s.max_aniso, 4);
  assert_int_equal(s.depth_compare, 3);
  assert_true(s.force_unnormalized);
  assert_int_equal(s.filter_mode, 2);
  assert_int_equal(s.min_lod, 0x180);
  assert_int_equal(s.max_lod, 0xd40);
  assert_int_equal(s.lod_bias, -640);
  assert_int_equal(s.mag_filter, IR_XY_BILINEAR);
  assert_int_equal(s.min_filter, IR_XY_ANISO_BILINEAR);
  assert_int_equal(s.z_filter, 2);
  assert_int_equal(s.mip_filter, 2);
  assert_int_equal(s.border_ptr, 0x123);
  assert_int_equal(s.border_type, IR_BORDER_OPAQUE_WHITE);
  /* the fields the struct does not carry (all 0 here) */
  assert_int_equal(ir_ssharp_get(words, IR_SSHARP_aniso_threshold), 0);
  assert_int_equal(ir_ssharp_get(words, IR_SSHARP_lod_bias_sec), 0);
  uint32_t back[4];
  ir_ssharp_encode(&s, back);
  assert_memory_equal(back, words, sizeof words);
}

static void fields_do_not_overlap(void **state) {
  (void)state;
  uint32_t seen[4] = {0, 0, 0, 0};
  for (unsigned f = 0; f < IR_SSHARP_FIELD_COUNT; f++) {
    const struct ir_ssharp_field_info *i = &ir_ssharp_fields[f];
    assert_true(i->dword < 4 && i->bits && i->lo + i->bits <= 32);
    uint32_t m = (i->bits == 32 ? ~0u : (1u << i->bits) - 1) << i->lo;
    assert_int_equal(seen[i->dword] & m, 0);
    seen[i->dword] |= m;
    uint32_t w[4] = {0, 0, 0, 0};
    ir_ssharp_set(w, (enum ir_ssharp_field)f, ~0u);
    assert_int_equal(w[i->dword], m);
    assert_int_equal(ir_ssharp_get(w, (enum ir_ssharp_field)f), m >> i->lo);
  }
}

static void positive_bias_and_black_border(void **state) {
  (void)state;
  /* LOD_BIAS +31.99 = 0x1fff, MAG point, MIN bilinear, MIP point; border opaque black */
  const uint32_t w[4] = {0, 0xfff000u, 0x1fffu | 1u << 22 | 1u << 26, 1u << 30};
  struct ir_ssharp s;
  ir_ssharp_decode(w, &s);
  assert_int_equal(s.lod_bias, 0x1fff);
  assert_int_equal(s.max_lod, 0xfff);
  assert_int_equal(s.min_lod, 0);
  assert_int_equal(s.mag_filter, IR_XY_POINT);
  assert_int_equal(s.min_filter, IR_XY_BILINEAR);
  assert_int_equal(s.mip_filter, 1);
  assert_int_equal(s.border_type, IR_BORDER_OPAQUE_BLACK);
  assert_false(s.force_unnormalized);
}

/* The border colour table's S# fields (radv: BORDER_COLOR_TYPE 3, the slot in
 * BORDER_COLOR_PTR 11:0) and BC_SWIZZLE's channels: each of the six names a permutation of
 * the four channels, alpha where PAL's names put W (XYZW, XWYZ, WZYX, WXYZ, ZYXW, YXWZ). */
static void border_table_fields(void **state) {
  (void)state;
  const uint32_t w[4] = {0, 0, 0, 3u << 30 | 4095};
  struct ir_ssharp s;
  ir_ssharp_decode(w, &s);
  assert_int_equal(s.border_type, IR_BORDER_REGISTER);
  assert_int_equal(s.border_ptr, 4095);
  static const char *const names[6] = {"XYZW", "XWYZ", "WZYX", "WXYZ", "ZYXW", "YXWZ"};
  for (unsigned b = 0; b < 8; b++)
    for (unsigned k = 0; k < 4; k++) {
      const char *n = names[b < 6 ? b : 0]; /* 6, 7: as XYZW */
      assert_int_equal(ir_ssharp_bc_channel[b][k], (unsigned)(n[k] == 'W' ? 3 : n[k] - 'X'));
    }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(decode_hand_encoded),
      cmocka_unit_test(fields_do_not_overlap),
      cmocka_unit_test(positive_bias_and_black_border),
      cmocka_unit_test(border_table_fields),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
