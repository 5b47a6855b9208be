/* The DualSense's adaptive triggers: scePadSetTriggerEffect's parameter (the console's
 * ScePadTriggerEffectParam, 120 bytes: a trigger mask, then one command per trigger, L2
 * and R2, each a mode and 48 bytes of that mode's parameters) checked against the ranges
 * the SDK documents, and encoded as the controller's own trigger effect blocks (11 bytes
 * per trigger in its output report) for the host. Pure functions. docs/input-audio.md. */
#ifndef PROSPERO_HLE_LIBSCEPAD_PAD_TRIGGER_H
#define PROSPERO_HLE_LIBSCEPAD_PAD_TRIGGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PAD_TRIGGER_PARAM_SIZE 120
#define PAD_TRIGGER_MASK_L2 0x01 /* SCE_PAD_TRIGGER_EFFECT_TRIGGER_MASK_L2 */
#define PAD_TRIGGER_MASK_R2 0x02
#define PAD_TRIGGER_L2 0 /* SCE_PAD_TRIGGER_EFFECT_PARAM_INDEX_FOR_L2 */
#define PAD_TRIGGER_R2 1
#define PAD_TRIGGER_POINTS 10 /* SCE_PAD_TRIGGER_EFFECT_CONTROL_POINT_NUM */

/* ScePadTriggerEffectMode */
enum pad_trigger_mode {
  PAD_TRIGGER_OFF = 0,
  PAD_TRIGGER_FEEDBACK = 1,
  PAD_TRIGGER_WEAPON = 2,
  PAD_TRIGGER_VIBRATION = 3,
  PAD_TRIGGER_MULTIPLE_POSITION_FEEDBACK = 4,
  PAD_TRIGGER_SLOPE_FEEDBACK = 5,
  PAD_TRIGGER_MULTIPLE_POSITION_VIBRATION = 6,
};

/* The controller's trigger effect block (the output report's 11 bytes per trigger) */
#define PAD_TRIGGER_BLOCK_SIZE 11

struct pad_trigger_effect {
  uint8_t mask;                             /* the triggers the command applies to */
  uint8_t mode[2];                          /* per trigger, enum pad_trigger_mode */
  uint8_t block[2][PAD_TRIGGER_BLOCK_SIZE]; /* per trigger, the controller's encoding */
};

/* Reads the 120 bytes at PARAM into OUT. False with a message in ERR for a mode or a value
 * outside the documented ranges (only the triggers in the mask are read). */
bool pad_trigger_parse(const uint8_t param[PAD_TRIGGER_PARAM_SIZE], struct pad_trigger_effect *out,
                       char *err, size_t err_size);

#endif
