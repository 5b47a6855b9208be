/* sceAgc{Dcb,Acb}SetMarker (agc_workload.h). No source records the words the console's
 * library writes for a set marker (its push and pop markers are measured: agc_packets.c).
 * Ours is a 3-dword NOP whose body holds the colour and 0, so the command processor passes
 * over it and --dump-pm4 shows the call; the text is not read. PARTIAL (docs/agc.md). */
#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc_workload.h"

static uint32_t *set_marker(struct agc_cb *cb, const char *name, uint32_t colour) {
  LOG_ONCE(hle, STUB,
           "%s: the console's words are not known; a 3-dword NOP with the colour stands for "
           "them (docs/agc.md)",
           name);
  uint32_t *p = agc_cb_alloc(cb, AGC_SET_MARKER_DWORDS);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_NOP, AGC_SET_MARKER_DWORDS - 1);
  p[1] = colour;
  p[2] = 0;
  return p;
}

uint32_t *agc_dcb_set_marker(struct agc_cb *cb, const char *text, uint32_t colour) {
  (void)text;
  return set_marker(cb, "sceAgcDcbSetMarker", colour);
}

uint32_t *agc_acb_set_marker(struct agc_cb *cb, const char *text, uint32_t colour) {
  (void)text;
  return set_marker(cb, "sceAgcAcbSetMarker", colour);
}

/* The Span forms of newer builds (cb, text, length, colour: OpenAGC's reading of a retail
 * bundle's SPRX) take the text's length instead of its terminator. The text is not in the
 * words we write (nor in the measured push marker's), so each writes its sibling's words. */
uint32_t *agc_dcb_set_marker_span(struct agc_cb *cb, const char *text, uint32_t length,
                                  uint32_t colour) {
  (void)text;
  (void)length;
  return set_marker(cb, "sceAgcDcbSetMarkerSpan", colour);
}

uint32_t *agc_acb_set_marker_span(struct agc_cb *cb, const char *text, uint32_t length,
                                  uint32_t colour) {
  (void)text;
  (void)length;
  return set_marker(cb, "sceAgcAcbSetMarkerSpan", colour);
}

uint32_t *agc_dcb_push_marker_span(struct agc_cb *cb, const char *text, uint32_t length,
                                   uint32_t colour) {
  (void)length;
  (void)colour;
  return agc_dcb_push_marker(cb, text);
}

uint32_t *agc_acb_push_marker_span(struct agc_cb *cb, const char *text, uint32_t length,
                                   uint32_t colour) {
  (void)length;
  (void)colour;
  return agc_acb_push_marker(cb, text);
}
