/* Keyboard maps of the pad (--keymap FILE): lines `KEY = ACTION`, '#' starts a comment.
 * KEY is a host key name as SDL spells it (SDL_GetKeyFromName: "K", "Return", "Left
 * Shift", "Keypad 8"); the app resolves it. ACTION is a button name (pad_button_from_name:
 * cross, circle, ..., options, touchpad), a stick direction (left_x-, left_x+, left_y-,
 * left_y+, right_x-, right_x+, right_y-, right_y+: the stick goes to that end while the key
 * is down) or an analog trigger at full travel (l2_full, r2_full, which also set the L2/R2
 * button). The default map is pad_keymap_default. docs/input-audio.md. */
#ifndef PROSPERO_HLE_LIBSCEPAD_PAD_KEYMAP_H
#define PROSPERO_HLE_LIBSCEPAD_PAD_KEYMAP_H

#include <stddef.h>
#include <stdint.h>

#include "hle/libScePad/pad.h"

enum pad_key_action_kind {
  PAD_KEY_BUTTON,  /* value: PAD_BUTTON_* */
  PAD_KEY_STICK,   /* stick 0 left / 1 right, axis 0 x / 1 y, value -1 or +1 */
  PAD_KEY_TRIGGER, /* stick 0 l2 / 1 r2 */
};

struct pad_key_action {
  enum pad_key_action_kind kind;
  uint32_t button;
  int stick, axis, direction;
};

#define PAD_KEYMAP_MAX 64
#define PAD_KEY_NAME_MAX 32

struct pad_keymap {
  size_t count;
  struct {
    char key[PAD_KEY_NAME_MAX];
    struct pad_key_action action;
  } entries[PAD_KEYMAP_MAX];
};

/* Parses TEXT (LEN bytes). False with a message naming the line in ERR. */
bool pad_keymap_parse(const char *text, size_t len, struct pad_keymap *map, char *err, size_t cap);
/* The default map's text (documented in docs/input-audio.md). */
extern const char pad_keymap_default[];

/* Applies ACTION (key DOWN or up) to S: buttons set/cleared, sticks to an end or back to
 * the centre, triggers to 255 or 0. */
void pad_key_apply(struct pad_input_state *s, const struct pad_key_action *action, bool down);

#endif
