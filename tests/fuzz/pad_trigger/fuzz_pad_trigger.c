/* Fuzz target for scePadSetTriggerEffect's parameter (pad_trigger.c): the first 120 bytes
 * are the guest's ScePadTriggerEffectParam (shorter inputs are padded with zeros). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hle/libScePad/pad_trigger.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint8_t param[PAD_TRIGGER_PARAM_SIZE] = {0};
  memcpy(param, data, size < sizeof param ? size : sizeof param);
  struct pad_trigger_effect e;
  char err[128];
  pad_trigger_parse(param, &e, err, sizeof err);
  return 0;
}
