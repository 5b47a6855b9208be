/* The GRAPHICS event's accessors (agc_driver_misc.h). The event is the one agc_driver.c posts
 * for an end-of-pipe interrupt: ident the id AddEqEvent registered, filter GRAPHICS, data the
 * interrupt's context id << 16 | 0xFF00 (as measured on the console, docs/agc.md).
 *
 * GetEqContextId: the console's function calls an internal accessor and shifts its result
 * right by 16 (OpenAGC's reading of libSceAgcDriver.sprx, src/game_compat.c's note): with the
 * measured data that is the context id. GetEqEventType: no reading of its body is public;
 * ours answers the registered event id for a GRAPHICS event (what two public HLEs answer)
 * and the data for another filter (PARTIAL, docs/agc.md). The console dereferences the event
 * unchecked; a NULL event here answers 0 (logged). */
#include "common/log.h"
#include "hle/libSceAgcDriver/agc_driver_misc.h"

uint32_t agc_driver_get_eq_context_id(const struct equeue_event *ev) {
  if (!ev) {
    LOG_ONCE(hle, GAME_ERROR, "sceAgcDriverGetEqContextId: NULL event");
    return 0;
  }
  return (uint32_t)((uint64_t)ev->data >> 16);
}

int agc_driver_get_eq_event_type(const struct equeue_event *ev) {
  if (!ev) {
    LOG_ONCE(hle, GAME_ERROR, "sceAgcDriverGetEqEventType: NULL event");
    return 0;
  }
  if (ev->filter == EQUEUE_FILTER_GRAPHICS) return (int)ev->ident;
  LOG_ONCE(hle, WARN, "sceAgcDriverGetEqEventType: an event of filter %d (not GRAPHICS): its data",
           ev->filter);
  return (int)ev->data;
}
