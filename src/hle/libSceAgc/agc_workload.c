/* The workload builders' cursor forms (agc_workload.h). As the console's library does: the
 * room the driver's packet takes is reserved (the buffer's callback may grow it), the driver's
 * builder writes there, and the cursor stays past the packet only when the builder accepted
 * its arguments. Control 0 is the graphics form, 1 the compute form (OpenAGC
 * analysis/agc_driver_workload_facts.md, "Cursor wrapper ABI"). */
#include "hle/libSceAgc/agc_workload.h"

#include <stddef.h>

#include "hle/libSceAgcDriver/agc_driver_workload.h"

#define CONTROL_DCB 0u
#define CONTROL_ACB 1u

/* A reservation of N dwords in CB: its start, or NULL. */
static uint32_t *reserve(struct agc_cb *cb, uint32_t n) { return agc_cb_alloc(cb, n); }

/* The builder's answer RC for the reservation P: P, or NULL with the cursor back at P. */
static uint32_t *settle(struct agc_cb *cb, uint32_t *p, int rc) {
  if (rc == 0) return p;
  cb->cursor_up = p;
  return NULL;
}

static uint32_t *active(struct agc_cb *cb, uint32_t control, uint32_t stream, const uint32_t *ids,
                        uint32_t count) {
  uint32_t *p = reserve(cb, agc_driver_get_set_workloads_active_packet_size());
  if (!p) return NULL;
  return settle(cb, p, agc_driver_set_workloads_active(p, control, stream, ids, count));
}

static uint32_t *complete(struct agc_cb *cb, uint32_t control, uint32_t stream, uint32_t id) {
  uint32_t *p = reserve(cb, agc_driver_get_set_workload_complete_packet_size());
  if (!p) return NULL;
  return settle(cb, p, agc_driver_set_workload_complete(p, control, stream, id));
}

static uint32_t *inactive(struct agc_cb *cb, uint32_t control, uint32_t stream) {
  uint32_t *p = reserve(cb, agc_driver_get_set_workload_stream_inactive_packet_size());
  if (!p) return NULL;
  return settle(cb, p, agc_driver_set_workload_stream_inactive(p, control, stream));
}

uint32_t *agc_dcb_set_workloads_active(struct agc_cb *cb, uint32_t stream, const uint32_t *ids,
                                       uint32_t count) {
  return active(cb, CONTROL_DCB, stream, ids, count);
}
uint32_t *agc_acb_set_workloads_active(struct agc_cb *cb, uint32_t stream, const uint32_t *ids,
                                       uint32_t count) {
  return active(cb, CONTROL_ACB, stream, ids, count);
}
uint32_t *agc_dcb_set_workload_complete(struct agc_cb *cb, uint32_t stream, uint32_t id) {
  return complete(cb, CONTROL_DCB, stream, id);
}
uint32_t *agc_acb_set_workload_complete(struct agc_cb *cb, uint32_t stream, uint32_t id) {
  return complete(cb, CONTROL_ACB, stream, id);
}
uint32_t *agc_dcb_set_workload_stream_inactive(struct agc_cb *cb, uint32_t stream) {
  return inactive(cb, CONTROL_DCB, stream);
}
uint32_t *agc_acb_set_workload_stream_inactive(struct agc_cb *cb, uint32_t stream) {
  return inactive(cb, CONTROL_ACB, stream);
}
