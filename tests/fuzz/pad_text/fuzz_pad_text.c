/* Fuzz target for the pad's text parsers: the first byte picks the parser (even: a replay
 * file, odd: a keyboard map), the rest is the file. A parsed replay is applied to the pad,
 * so its events are checked too. */
#include <stddef.h>
#include <stdint.h>

#include "hle/libScePad/pad.h"
#include "hle/libScePad/pad_keymap.h"
#include "hle/libScePad/pad_replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  const char *text = (const char *)data + 1;
  char err[256];
  if (data[0] & 1) {
    static struct pad_keymap map;
    pad_keymap_parse(text, size - 1, &map, err, sizeof err);
    return 0;
  }
  struct pad_replay *r = pad_replay_parse(text, size - 1, err, sizeof err);
  if (r) {
    pad_replay_apply_all(r, 1);
    pad_replay_free(r);
  }
  return 0;
}
