/* Keyboard maps of the pad. See pad_keymap.h. */
#include "hle/libScePad/pad_keymap.h"

#include <stdio.h>
#include <string.h>

#include "hle/libScePad/pad_replay.h"

const char pad_keymap_default[] =
    "# prospero's default keyboard map of the pad\n"
    "Up = up\nDown = down\nLeft = left\nRight = right\n"
    "K = cross\nL = circle\nJ = square\nI = triangle\n"
    "Q = l1\nE = r1\nU = l2_full\nO = r2_full\n"
    "F = l3\nH = r3\nReturn = options\nT = touchpad\n"
    "W = left_y-\nS = left_y+\nA = left_x-\nD = left_x+\n"
    "Keypad 8 = right_y-\nKeypad 5 = right_y+\nKeypad 4 = right_x-\nKeypad 6 = right_x+\n";

static bool parse_action(const char *s, struct pad_key_action *a) {
  uint32_t bit = pad_button_from_name(s);
  if (bit) {
    *a = (struct pad_key_action){.kind = PAD_KEY_BUTTON, .button = bit};
    return true;
  }
  if (!strcmp(s, "l2_full") || !strcmp(s, "r2_full")) {
    *a = (struct pad_key_action){.kind = PAD_KEY_TRIGGER,
                                 .stick = s[0] == 'r',
                                 .button = s[0] == 'r' ? PAD_BUTTON_R2 : PAD_BUTTON_L2};
    return true;
  }
  static const char *const sticks[] = {"left_", "right_"};
  for (int st = 0; st < 2; st++) {
    size_t n = strlen(sticks[st]);
    if (strncmp(s, sticks[st], n)) continue;
    const char *r = s + n;
    if ((r[0] == 'x' || r[0] == 'y') && (r[1] == '-' || r[1] == '+') && !r[2]) {
      *a = (struct pad_key_action){.kind = PAD_KEY_STICK,
                                   .stick = st,
                                   .axis = r[0] == 'y',
                                   .direction = r[1] == '+' ? 1 : -1};
      return true;
    }
  }
  return false;
}

/* S without leading and trailing blanks (in place). */
static char *trim(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = 0;
  return s;
}

bool pad_keymap_parse(const char *text, size_t len, struct pad_keymap *map, char *err, size_t cap) {
  map->count = 0;
  size_t pos = 0;
  int line_no = 0;
  while (pos < len) {
    line_no++;
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    char line[128];
    size_t n = end - pos;
    if (n >= sizeof line) {
      snprintf(err, cap, "line %d: longer than %zu bytes", line_no, sizeof line - 1);
      return false;
    }
    memcpy(line, text + pos, n);
    line[n] = 0;
    pos = end + 1;
    if (memchr(line, 0, n)) {
      snprintf(err, cap, "line %d: a NUL byte", line_no);
      return false;
    }
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *t = trim(line);
    if (!*t) continue;
    char *eq = strchr(t, '=');
    if (!eq) {
      snprintf(err, cap, "line %d: expected KEY = ACTION", line_no);
      return false;
    }
    *eq = 0;
    char *key = trim(t), *action = trim(eq + 1);
    if (!*key || strlen(key) >= PAD_KEY_NAME_MAX) {
      snprintf(err, cap, "line %d: a key name of 1 to %d bytes is needed", line_no,
               PAD_KEY_NAME_MAX - 1);
      return false;
    }
    if (map->count == PAD_KEYMAP_MAX) {
      snprintf(err, cap, "line %d: more than %d keys", line_no, PAD_KEYMAP_MAX);
      return false;
    }
    struct pad_key_action a;
    if (!parse_action(action, &a)) {
      snprintf(err, cap, "line %d: unknown action '%s'", line_no, action);
      return false;
    }
    snprintf(map->entries[map->count].key, PAD_KEY_NAME_MAX, "%s", key);
    map->entries[map->count].action = a;
    map->count++;
  }
  return true;
}

void pad_key_apply(struct pad_input_state *s, const struct pad_key_action *a, bool down) {
  switch (a->kind) {
    case PAD_KEY_BUTTON:
      if (down) s->buttons |= a->button;
      else s->buttons &= ~a->button;
      break;
    case PAD_KEY_TRIGGER:
      if (a->stick) s->r2 = down ? 255 : 0;
      else s->l2 = down ? 255 : 0;
      if (down) s->buttons |= a->button;
      else s->buttons &= ~a->button;
      break;
    case PAD_KEY_STICK: {
      uint8_t *v =
          a->stick ? (a->axis ? &s->right_y : &s->right_x) : (a->axis ? &s->left_y : &s->left_x);
      *v = down ? (a->direction > 0 ? 255 : 0) : 128;
      break;
    }
  }
}
