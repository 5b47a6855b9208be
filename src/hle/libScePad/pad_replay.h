/* Pad replay files (--pad-replay FILE): timed host events that drive the pad instead of the
 * host's devices, so tests are scripted. The format (docs/input-audio.md):
 *
 *   # a comment; blank lines are ignored
 *   TIME COMMAND ARGUMENTS...
 *
 * TIME is in milliseconds (a decimal number, fractions allowed) from the guest's first
 * scePadOpen, never decreasing from one line to the next. Lines with the same TIME are one
 * sample. Commands:
 *   press NAME...           buttons down (names: pad_button_from_name)
 *   release NAME...         buttons up
 *   stick left|right X Y    a stick, 0..255 each (128 at rest)
 *   trigger l2|r2 V         an analog trigger, 0..255
 *   touch ID X Y            a finger down or moved (ID 0..255, X 0..1919, Y 0..1079);
 *                           at most two at once
 *   untouch ID              a finger up
 *   orientation X Y Z W     the orientation quaternion
 *   accel X Y Z             acceleration in g
 *   gyro X Y Z              angular velocity in radians per second
 *   connect | disconnect    the pad's connection */
#ifndef PROSPERO_HLE_LIBSCEPAD_PAD_REPLAY_H
#define PROSPERO_HLE_LIBSCEPAD_PAD_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pad_replay;

/* The button bit (PAD_BUTTON_*) of a name such as "cross", "l1", "options", "touchpad"
 * (lower case), or 0 for an unknown name. */
uint32_t pad_button_from_name(const char *name);

/* Parses TEXT (LEN bytes, not necessarily terminated). NULL with a message naming the line
 * in ERR on a bad line. */
struct pad_replay *pad_replay_parse(const char *text, size_t len, char *err, size_t cap);
size_t pad_replay_event_count(const struct pad_replay *r);
/* The time of the last event in microseconds after the first scePadOpen. */
uint64_t pad_replay_duration_us(const struct pad_replay *r);
void pad_replay_free(struct pad_replay *r);

/* Plays R from the guest's first scePadOpen on a thread of its own (R then belongs to the
 * pad). False when the thread cannot be made. */
bool pad_replay_start(struct pad_replay *r);
/* Applies every event of R at once, each sample stamped with ORIGIN_US + its time (tests). */
void pad_replay_apply_all(const struct pad_replay *r, uint64_t origin_us);

#endif
