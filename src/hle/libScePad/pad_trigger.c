/* scePadSetTriggerEffect's parameter. See pad_trigger.h.
 *
 * Layout (the SDK's pad_trigger_effect.h): triggerMask at 0, 7 bytes of padding, then
 * command[2] (L2, R2) of 56 bytes each: mode (u32) at 0, 4 bytes of padding, and the
 * mode's parameters in the 48 bytes from 8. The ranges are the SDK's: feedback position
 * 0-9 and strength 0-8; weapon start 2-7, end start+1-8, strength 0-8; vibration position
 * 0-9, amplitude 0-8, frequency 0-255 Hz; multiple position feedback 0-8 at each of 10
 * points; slope feedback start 0-end, end start+1-9, strengths 1-8; multiple position
 * vibration frequency 0-255 and 0-8 at each point. A strength, amplitude or frequency of
 * 0 is the same as off.
 *
 * Encoding (the DualSense's trigger effect block, as documented by the controller's
 * reverse engineering): byte 0 the effect (0x05 off, 0x21 zoned feedback, 0x25 weapon,
 * 0x26 zoned vibration); feedback and vibration carry a 10-bit mask of active zones (the
 * trigger's travel in 10 positions) in bytes 1-2 and a 3-bit value (strength - 1) per zone
 * in bytes 3-6, vibration its frequency in byte 9; weapon the start and end zones as bits
 * in bytes 1-2 and strength - 1 in byte 3. */
#include "hle/libScePad/pad_trigger.h"

#include <stdio.h>
#include <string.h>

#define COMMAND_AT 8
#define COMMAND_SIZE 56
#define DATA_AT 8 /* in a command */

#define BLOCK_OFF 0x05
#define BLOCK_FEEDBACK 0x21
#define BLOCK_WEAPON 0x25
#define BLOCK_VIBRATION 0x26

static uint32_t le32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void block_off(uint8_t b[PAD_TRIGGER_BLOCK_SIZE]) {
  memset(b, 0, PAD_TRIGGER_BLOCK_SIZE);
  b[0] = BLOCK_OFF;
}

/* Zones with a level 1..8 each (0: inactive) as the zoned block of effect KIND. */
static void block_zones(uint8_t b[PAD_TRIGGER_BLOCK_SIZE], uint8_t kind,
                        const uint8_t level[PAD_TRIGGER_POINTS]) {
  uint32_t active = 0, values = 0;
  for (int i = 0; i < PAD_TRIGGER_POINTS; i++)
    if (level[i]) {
      active |= 1u << i;
      values |= (uint32_t)(level[i] - 1) << (3 * i);
    }
  if (!active) {
    block_off(b);
    return;
  }
  memset(b, 0, PAD_TRIGGER_BLOCK_SIZE);
  b[0] = kind;
  b[1] = (uint8_t)active;
  b[2] = (uint8_t)(active >> 8);
  for (int i = 0; i < 4; i++) b[3 + i] = (uint8_t)(values >> (8 * i));
}

static bool fail(char *err, size_t size, const char *trigger, const char *what, int value) {
  snprintf(err, size, "%s: %s %d out of range", trigger, what, value);
  return false;
}

/* One trigger's command at C into MODE and B. */
static bool parse_command(const uint8_t *c, const char *name, uint8_t *mode,
                          uint8_t b[PAD_TRIGGER_BLOCK_SIZE], char *err, size_t size) {
  uint32_t m = le32(c);
  const uint8_t *d = c + DATA_AT;
  uint8_t level[PAD_TRIGGER_POINTS] = {0};
  if (m > PAD_TRIGGER_MULTIPLE_POSITION_VIBRATION) return fail(err, size, name, "mode", (int)m);
  *mode = (uint8_t)m;
  switch (m) {
    case PAD_TRIGGER_OFF: block_off(b); return true;
    case PAD_TRIGGER_FEEDBACK: /* position, strength: from the position to the end */
      if (d[0] > 9) return fail(err, size, name, "feedback position", d[0]);
      if (d[1] > 8) return fail(err, size, name, "feedback strength", d[1]);
      for (int i = d[0]; i < PAD_TRIGGER_POINTS; i++) level[i] = d[1];
      block_zones(b, BLOCK_FEEDBACK, level);
      return true;
    case PAD_TRIGGER_WEAPON: /* start, end, strength */
      if (d[0] < 2 || d[0] > 7) return fail(err, size, name, "weapon start", d[0]);
      if (d[1] <= d[0] || d[1] > 8) return fail(err, size, name, "weapon end", d[1]);
      if (d[2] > 8) return fail(err, size, name, "weapon strength", d[2]);
      if (!d[2]) {
        block_off(b);
        return true;
      }
      memset(b, 0, PAD_TRIGGER_BLOCK_SIZE);
      b[0] = BLOCK_WEAPON;
      b[1] = (uint8_t)((1u << d[0] | 1u << d[1]) & 0xFF);
      b[2] = (uint8_t)((1u << d[0] | 1u << d[1]) >> 8);
      b[3] = (uint8_t)(d[2] - 1);
      return true;
    case PAD_TRIGGER_VIBRATION: /* position, amplitude, frequency */
      if (d[0] > 9) return fail(err, size, name, "vibration position", d[0]);
      if (d[1] > 8) return fail(err, size, name, "vibration amplitude", d[1]);
      if (d[2]) /* frequency 0: off */
        for (int i = d[0]; i < PAD_TRIGGER_POINTS; i++) level[i] = d[1];
      block_zones(b, BLOCK_VIBRATION, level);
      if (b[0] == BLOCK_VIBRATION) b[9] = d[2];
      return true;
    case PAD_TRIGGER_MULTIPLE_POSITION_FEEDBACK: /* strength[10] */
      for (int i = 0; i < PAD_TRIGGER_POINTS; i++) {
        if (d[i] > 8) return fail(err, size, name, "feedback strength", d[i]);
        level[i] = d[i];
      }
      block_zones(b, BLOCK_FEEDBACK, level);
      return true;
    case PAD_TRIGGER_SLOPE_FEEDBACK: { /* start, end, start strength, end strength */
      if (d[1] < 1 || d[1] > 9) return fail(err, size, name, "slope end", d[1]);
      if (d[0] >= d[1]) return fail(err, size, name, "slope start", d[0]);
      if (d[2] < 1 || d[2] > 8) return fail(err, size, name, "slope start strength", d[2]);
      if (d[3] < 1 || d[3] > 8) return fail(err, size, name, "slope end strength", d[3]);
      /* from the start, the strength goes linearly (to the nearest step) from the start's
       * to the end's, and stays at the end's past the end */
      int span = d[1] - d[0];
      for (int i = d[0]; i < PAD_TRIGGER_POINTS; i++) {
        int along = i < d[1] ? i - d[0] : span;
        int num = d[2] * span + (d[3] - d[2]) * along;
        level[i] = (uint8_t)((2 * num + span) / (2 * span));
      }
      block_zones(b, BLOCK_FEEDBACK, level);
      return true;
    }
    case PAD_TRIGGER_MULTIPLE_POSITION_VIBRATION: /* frequency, amplitude[10] */
      for (int i = 0; i < PAD_TRIGGER_POINTS; i++) {
        if (d[1 + i] > 8) return fail(err, size, name, "vibration amplitude", d[1 + i]);
        level[i] = d[0] ? d[1 + i] : 0;
      }
      block_zones(b, BLOCK_VIBRATION, level);
      if (b[0] == BLOCK_VIBRATION) b[9] = d[0];
      return true;
    default: return fail(err, size, name, "mode", (int)m);
  }
}

bool pad_trigger_parse(const uint8_t param[PAD_TRIGGER_PARAM_SIZE], struct pad_trigger_effect *out,
                       char *err, size_t err_size) {
  static const char *const names[2] = {"L2", "R2"};
  memset(out, 0, sizeof *out);
  out->mask = param[0] & (PAD_TRIGGER_MASK_L2 | PAD_TRIGGER_MASK_R2);
  for (int t = 0; t < 2; t++) {
    block_off(out->block[t]);
    if (!(out->mask & (1u << t))) continue;
    if (!parse_command(param + COMMAND_AT + t * COMMAND_SIZE, names[t], &out->mode[t],
                       out->block[t], err, err_size))
      return false;
  }
  return true;
}
