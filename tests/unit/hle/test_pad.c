/* libScePad from the host side: the replay and keymap parsers (accepted lines and the
 * errors that name the line), replay samples applied in order with their own timestamps,
 * scePadRead's history of 64 samples (older ones dropped, oldest first), and the keyboard
 * actions. Expected values come from the formats' definitions (pad_replay.h, pad_keymap.h)
 * and the console's ScePadData layout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "hle/libScePad/pad.h"
#include "hle/libScePad/pad_keymap.h"
#include "hle/libScePad/pad_replay.h"

/* The first fields of ScePadData (120 bytes), as the guest sees them */
struct data {
  uint32_t buttons;
  uint8_t lx, ly, rx, ry, l2, r2, pad[2];
  float orientation[4], accel[3], gyro[3];
  uint8_t touch_num, touch_reserve[3];
  uint32_t reserve1;
  struct {
    uint16_t x, y;
    uint8_t id, reserve[3];
  } touch[2];
  uint8_t connected;
  uint64_t timestamp;
  uint8_t rest[32];
};

static struct pad_replay *parse(const char *text, char *err) {
  return pad_replay_parse(text, strlen(text), err, 256);
}

static void test_replay_errors(void **state) {
  (void)state;
  static const struct {
    const char *text, *message;
  } bad[] = {
      {"0 press\n", "line 1: press needs a button name"},
      {"0 press cross\n0 press sqare\n", "line 2: unknown button 'sqare'"},
      {"10 press cross\n5 release cross\n",
       "line 2: the time goes back (5.000 ms after 10.000 ms)"},
      {"x press cross\n", "line 1: 'x' is not a time in milliseconds (0..86400000)"},
      {"-1 press cross\n", "line 1: '-1' is not a time in milliseconds (0..86400000)"},
      {"0 stick left 256 0\n", "line 1: stick values are 0..255"},
      {"0 stick middle 1 2\n", "line 1: expected: stick left|right X Y"},
      {"0 trigger l2\n", "line 1: expected: trigger l2|r2 V"},
      {"0 touch 1 1920 0\n", "line 1: expected: touch ID(0..255) X(0..1919) Y(0..942)"},
      {"0 orientation 0 0 1\n", "line 1: orientation takes 4 numbers"},
      {"0 accel 0 nan 0\n", "line 1: 'nan' is not a finite number"},
      {"0 connect now\n", "line 1: connect takes no argument"},
      {"0 jump\n", "line 1: unknown command 'jump'"},
      {"5\n", "line 1: a command is missing after the time"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char err[256] = "";
    assert_null(parse(bad[i].text, err));
    assert_string_equal(err, bad[i].message);
  }
  char err[256];
  char nul[] = "0 press cross\n1 pre\0ss\n";
  assert_null(pad_replay_parse(nul, sizeof nul - 1, err, sizeof err));
  assert_string_equal(err, "line 2: a NUL byte");
}

static void test_replay_applies_in_order(void **state) {
  (void)state;
  pad_reset();
  assert_int_equal(pad_init(), 0);
  int h = pad_open(1, 0, 0, NULL);
  assert_true(h > 0);
  assert_int_equal(pad_set_motion_sensor_state(h, true), 0);
  char err[256];
  struct pad_replay *r = parse(
      "# a comment\n\n0 press cross square # both\n0 stick right 1 2\n2.5 release cross\n"
      "2.5 trigger r2 77\n7 touch 9 10 20\n7 accel 0.5 -1 2\n9 disconnect\n10 connect\n",
      err);
  assert_non_null(r);
  assert_int_equal(pad_replay_event_count(r), 8);
  assert_int_equal(pad_replay_duration_us(r), 10000);
  pad_replay_apply_all(r, 1000000);
  pad_replay_free(r);

  struct data d[64];
  int n = pad_read(h, d, 64);
  assert_int_equal(n, 6); /* the state at open, then five samples */
  assert_int_equal(d[1].buttons, PAD_BUTTON_CROSS | PAD_BUTTON_SQUARE);
  assert_int_equal(d[1].rx, 1);
  assert_int_equal(d[1].ry, 2);
  assert_int_equal(d[1].timestamp, 1000000);
  assert_int_equal(d[2].buttons, PAD_BUTTON_SQUARE);
  assert_int_equal(d[2].r2, 77);
  assert_int_equal(d[2].timestamp, 1002500);
  assert_int_equal(d[3].touch_num, 1);
  assert_int_equal(d[3].touch[0].id, 9);
  assert_int_equal(d[3].touch[0].x, 10);
  assert_int_equal(d[3].touch[0].y, 20);
  assert_true(d[3].accel[0] == 0.5f && d[3].accel[1] == -1.0f && d[3].accel[2] == 2.0f);
  assert_int_equal(d[4].connected, 0);
  assert_int_equal(d[4].buttons, 0);
  assert_int_equal(d[5].connected, 1);
  assert_int_equal(d[5].buttons, PAD_BUTTON_SQUARE); /* the state survives a reconnection */
  assert_int_equal(d[5].timestamp, 1010000);
}

static void press(struct pad_input_state *s, void *ctx) { s->buttons = (uint32_t)(uintptr_t)ctx; }

static void test_read_history(void **state) {
  (void)state;
  pad_reset();
  pad_init();
  int h = pad_open(1, 0, 0, NULL);
  struct data d[64];
  assert_int_equal(pad_read(h, d, 64), 1); /* the state at open */
  for (uintptr_t i = 1; i <= 70; i++) pad_input_edit(press, (void *)i, 5000 + i);
  /* 70 samples since the last read: the 64 newest remain, oldest first, in two reads */
  assert_int_equal(pad_read(h, d, 10), 10);
  assert_int_equal(d[0].buttons, 7);
  assert_int_equal(d[9].buttons, 16);
  assert_int_equal(pad_read(h, d, 64), 54);
  assert_int_equal(d[53].buttons, 70);
  assert_int_equal(d[53].timestamp, 5070);
  /* nothing new: the latest sample again */
  assert_int_equal(pad_read(h, d, 64), 1);
  assert_int_equal(d[0].buttons, 70);
  struct data st;
  assert_int_equal(pad_read_state(h, &st), 0);
  assert_int_equal(st.buttons, 70);
  assert_int_equal(pad_read(h + 1, d, 1), PAD_ERROR_INVALID_HANDLE);
}

static void test_keymap(void **state) {
  (void)state;
  struct pad_keymap map;
  char err[256];
  assert_true(
      pad_keymap_parse(pad_keymap_default, strlen(pad_keymap_default), &map, err, sizeof err));
  assert_int_equal(map.count, 24);
  const char *text = "  Left Shift = l1  # a key with a space\nKeypad 8=right_y-\nU = l2_full\n";
  assert_true(pad_keymap_parse(text, strlen(text), &map, err, sizeof err));
  assert_int_equal(map.count, 3);
  assert_string_equal(map.entries[0].key, "Left Shift");
  assert_int_equal(map.entries[0].action.button, PAD_BUTTON_L1);
  struct pad_input_state s;
  pad_input_rest(&s, true);
  pad_key_apply(&s, &map.entries[1].action, true);
  assert_int_equal(s.right_y, 0);
  pad_key_apply(&s, &map.entries[2].action, true);
  assert_int_equal(s.l2, 255);
  assert_int_equal(s.buttons, PAD_BUTTON_L2);
  pad_key_apply(&s, &map.entries[1].action, false);
  pad_key_apply(&s, &map.entries[2].action, false);
  assert_int_equal(s.right_y, 128);
  assert_int_equal(s.l2, 0);
  assert_int_equal(s.buttons, 0);
  static const struct {
    const char *text, *message;
  } bad[] = {
      {"K cross\n", "line 1: expected KEY = ACTION"},
      {"K = jump\n", "line 1: unknown action 'jump'"},
      {"K = left_z+\n", "line 1: unknown action 'left_z+'"},
      {" = cross\n", "line 1: a key name of 1 to 31 bytes is needed"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_false(pad_keymap_parse(bad[i].text, strlen(bad[i].text), &map, err, sizeof err));
    assert_string_equal(err, bad[i].message);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_replay_errors),
      cmocka_unit_test(test_replay_applies_in_order),
      cmocka_unit_test(test_read_history),
      cmocka_unit_test(test_keymap),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
