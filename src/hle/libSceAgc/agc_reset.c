/* The queue resets (agc.h): sceAgcDcbResetQueue and sceAgcAcbResetQueue write Sony's driver
 * packets DRAW_RESET / ACB_RESET, a NOP with sub-selector 0x05 / 0x09 and one reserved dword
 * (headers 0xC0001014 / 0xC0001024), which the command processor runs as a reset of the
 * queue's registers and draw state (docs/gpu-cp.md). The packets and the arguments are those
 * public PS5 emulator projects give the console's builders (facts only; docs/agc.md). */
#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

static uint32_t *reset_packet(struct agc_cb *cb, unsigned sub) {
  uint32_t *p = agc_cb_alloc(cb, 2);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_NOP, 1) | (sub & 0x3fu) << 2;
  p[1] = 0;
  return p;
}

/* OP 0x3FF and STATE 0 are the values the readings saw the console's library called with;
 * what other values change in its packet is not known (one reading writes CLEAR_STATE with
 * STATE's low four bits instead): the packet is the same, logged once. */
uint32_t *agc_dcb_reset_queue(struct agc_cb *cb, uint32_t op, uint32_t state) {
  if (op != 0x3FF || state != 0)
    LOG_ONCE(hle, STUB,
             "sceAgcDcbResetQueue(op 0x%x, state 0x%x): only op 0x3FF, state 0 are known; "
             "the whole queue is reset",
             op, state);
  return reset_packet(cb, PM4_DRV_DRAW_RESET);
}

/* OP: one reading accepts the bits 0x1C2 only; their meaning is not known (logged once when
 * others are set). */
uint32_t *agc_acb_reset_queue(struct agc_cb *cb, uint32_t op) {
  if (op & ~0x1C2u)
    LOG_ONCE(hle, STUB,
             "sceAgcAcbResetQueue(op 0x%x): bits outside 0x1C2 are not known; the whole queue "
             "is reset",
             op);
  return reset_packet(cb, PM4_DRV_ACB_RESET);
}
