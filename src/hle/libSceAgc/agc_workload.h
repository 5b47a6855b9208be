/* libSceAgc's workload and marker builders (agc_workload.c, agc_marker.c): the console's
 * cursor forms, which append to a command buffer (struct agc_cb, agc.h) and return the
 * packet's first dword, or NULL with the cursor unchanged. docs/agc.md "Workloads" and the
 * markers' row. */
#ifndef PROSPERO_HLE_LIBSCEAGC_AGC_WORKLOAD_H
#define PROSPERO_HLE_LIBSCEAGC_AGC_WORKLOAD_H

#include <stdint.h>

#include "hle/libSceAgc/agc.h"

/* sceAgc{Dcb,Acb}SetWorkloadsActive(cb, stream, ids, count), ...SetWorkloadComplete(cb,
 * stream, id), ...SetWorkloadStreamInactive(cb, stream): the driver's packets (18, 12 and 9
 * dwords; agc_driver_workload.h) with control 0 (Dcb) or 1 (Acb). */
uint32_t *agc_dcb_set_workloads_active(struct agc_cb *cb, uint32_t stream, const uint32_t *ids,
                                       uint32_t count);
uint32_t *agc_acb_set_workloads_active(struct agc_cb *cb, uint32_t stream, const uint32_t *ids,
                                       uint32_t count);
uint32_t *agc_dcb_set_workload_complete(struct agc_cb *cb, uint32_t stream, uint32_t id);
uint32_t *agc_acb_set_workload_complete(struct agc_cb *cb, uint32_t stream, uint32_t id);
uint32_t *agc_dcb_set_workload_stream_inactive(struct agc_cb *cb, uint32_t stream);
uint32_t *agc_acb_set_workload_stream_inactive(struct agc_cb *cb, uint32_t stream);

/* sceAgc{Dcb,Acb}SetMarker(cb, text, colour) (agc_marker.c): a 3-dword NOP holding the colour
 * (the console's words are not known; docs/agc.md). */
#define AGC_SET_MARKER_DWORDS 3u
uint32_t *agc_dcb_set_marker(struct agc_cb *cb, const char *text, uint32_t colour);
uint32_t *agc_acb_set_marker(struct agc_cb *cb, const char *text, uint32_t colour);
/* The Span forms (text, length, colour): the words of SetMarker / Push*Marker. */
uint32_t *agc_dcb_set_marker_span(struct agc_cb *cb, const char *text, uint32_t length,
                                  uint32_t colour);
uint32_t *agc_acb_set_marker_span(struct agc_cb *cb, const char *text, uint32_t length,
                                  uint32_t colour);
uint32_t *agc_dcb_push_marker_span(struct agc_cb *cb, const char *text, uint32_t length,
                                   uint32_t colour);
uint32_t *agc_acb_push_marker_span(struct agc_cb *cb, const char *text, uint32_t length,
                                   uint32_t colour);

#endif
