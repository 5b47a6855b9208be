/* scePadSetTriggerEffect's parameter (pad_trigger.c): the 120-byte ScePadTriggerEffectParam
 * laid out as the SDK defines it (mask at 0, command[L2] at 8 and command[R2] at 64, each a
 * u32 mode and the mode's bytes from +8), the SDK's documented ranges refused outside, and
 * the DualSense's trigger effect blocks. The expected blocks are written out by hand from
 * the controller's documented encoding: 0x05 off; 0x21 feedback and 0x26 vibration with a
 * 10-bit zone mask in bytes 1-2 and 3 bits of (level - 1) per zone in bytes 3-6 (vibration:
 * frequency in byte 9); 0x25 weapon with the start and end zone bits and strength - 1. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "hle/libScePad/pad_trigger.h"

static uint8_t param[PAD_TRIGGER_PARAM_SIZE];

/* A parameter with MASK, and for trigger T (0 L2, 1 R2) MODE and its first bytes DATA. */
static void set(uint8_t mask, int t, uint32_t mode, const uint8_t *data, size_t n) {
  param[0] = mask;
  uint8_t *c = param + 8 + 56 * t;
  c[0] = (uint8_t)mode, c[1] = (uint8_t)(mode >> 8), c[2] = (uint8_t)(mode >> 16),
  c[3] = (uint8_t)(mode >> 24);
  memset(c + 8, 0, 48);
  if (n) memcpy(c + 8, data, n);
}

static bool parse(struct pad_trigger_effect *e) {
  char err[128];
  return pad_trigger_parse(param, e, err, sizeof err);
}

static void test_feedback_and_off(void **state) {
  (void)state;
  memset(param, 0, sizeof param);
  struct pad_trigger_effect e;
  set(PAD_TRIGGER_MASK_R2, 1, PAD_TRIGGER_FEEDBACK, (const uint8_t[]){3, 5}, 2);
  assert_true(parse(&e));
  assert_int_equal(e.mask, PAD_TRIGGER_MASK_R2);
  assert_int_equal(e.mode[1], PAD_TRIGGER_FEEDBACK);
  /* zones 3-9 (0x3F8), level 5 -> 4 in each: 0x24924800 */
  static const uint8_t fb[11] = {0x21, 0xF8, 0x03, 0x00, 0x48, 0x92, 0x24, 0, 0, 0, 0};
  assert_memory_equal(e.block[1], fb, 11);
  static const uint8_t off[11] = {0x05};
  assert_memory_equal(e.block[0], off, 11); /* L2 not in the mask */
  /* strength 0 is the same as off */
  set(PAD_TRIGGER_MASK_R2, 1, PAD_TRIGGER_FEEDBACK, (const uint8_t[]){3, 0}, 2);
  assert_true(parse(&e));
  assert_memory_equal(e.block[1], off, 11);
}

static void test_weapon_vibration_slope(void **state) {
  (void)state;
  memset(param, 0, sizeof param);
  struct pad_trigger_effect e;
  set(PAD_TRIGGER_MASK_L2 | PAD_TRIGGER_MASK_R2, 0, PAD_TRIGGER_WEAPON, (const uint8_t[]){2, 6, 8},
      3);
  set(PAD_TRIGGER_MASK_L2 | PAD_TRIGGER_MASK_R2, 1, PAD_TRIGGER_VIBRATION,
      (const uint8_t[]){0, 8, 200}, 3);
  assert_true(parse(&e));
  static const uint8_t weapon[11] = {0x25, 0x44, 0x00, 0x07};
  assert_memory_equal(e.block[0], weapon, 11);
  /* every zone, amplitude 8 -> 7 in each (0x3FFFFFFF), 200 Hz */
  static const uint8_t vib[11] = {0x26, 0xFF, 0x03, 0xFF, 0xFF, 0xFF, 0x3F, 0, 0, 200, 0};
  assert_memory_equal(e.block[1], vib, 11);
  /* slope from zone 2 (strength 2) to zone 4 (strength 6), held after: levels 2, 4, 6, ...
   * -> 1 at zone 2, 3 at zone 3, 5 at zones 4-9: 0x2DB6D640, zones 0x3FC */
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_SLOPE_FEEDBACK, (const uint8_t[]){2, 4, 2, 6}, 4);
  assert_true(parse(&e));
  static const uint8_t slope[11] = {0x21, 0xFC, 0x03, 0x40, 0xD6, 0xB6, 0x2D};
  assert_memory_equal(e.block[0], slope, 11);
  /* multiple positions: feedback 8 at zone 0 and 1 at zone 9; vibration frequency 0 off */
  uint8_t points[10] = {8, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_MULTIPLE_POSITION_FEEDBACK, points, 10);
  assert_true(parse(&e));
  static const uint8_t multi[11] = {0x21, 0x01, 0x02, 0x07};
  assert_memory_equal(e.block[0], multi, 11);
  uint8_t vib_points[11] = {0, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8};
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_MULTIPLE_POSITION_VIBRATION, vib_points, 11);
  assert_true(parse(&e));
  static const uint8_t off[11] = {0x05};
  assert_memory_equal(e.block[0], off, 11);
}

static void test_out_of_range(void **state) {
  (void)state;
  memset(param, 0, sizeof param);
  struct pad_trigger_effect e;
  set(PAD_TRIGGER_MASK_L2, 0, 7, NULL, 0); /* no mode 7 */
  assert_false(parse(&e));
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_FEEDBACK, (const uint8_t[]){10, 1}, 2);
  assert_false(parse(&e));
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_FEEDBACK, (const uint8_t[]){0, 9}, 2);
  assert_false(parse(&e));
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_WEAPON, (const uint8_t[]){1, 5, 3}, 3); /* start 2-7 */
  assert_false(parse(&e));
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_WEAPON, (const uint8_t[]){4, 4, 3}, 3); /* end > start */
  assert_false(parse(&e));
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_WEAPON, (const uint8_t[]){7, 9, 3}, 3); /* end <= 8 */
  assert_false(parse(&e));
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_SLOPE_FEEDBACK, (const uint8_t[]){3, 3, 1, 8}, 4);
  assert_false(parse(&e));
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_SLOPE_FEEDBACK, (const uint8_t[]){0, 9, 0, 8}, 4);
  assert_false(parse(&e)); /* strengths 1-8 */
  uint8_t points[10] = {0, 0, 0, 0, 9};
  set(PAD_TRIGGER_MASK_L2, 0, PAD_TRIGGER_MULTIPLE_POSITION_FEEDBACK, points, 10);
  assert_false(parse(&e));
  /* a trigger outside the mask is not read */
  set(PAD_TRIGGER_MASK_R2, 0, 99, NULL, 0);
  set(PAD_TRIGGER_MASK_R2, 1, PAD_TRIGGER_OFF, NULL, 0);
  assert_true(parse(&e));
  assert_int_equal(e.mask, PAD_TRIGGER_MASK_R2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_feedback_and_off),
      cmocka_unit_test(test_weapon_vibration_slope),
      cmocka_unit_test(test_out_of_range),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
