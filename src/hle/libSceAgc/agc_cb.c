/* The command buffer: space reserved from CURSOR_UP, grown through the guest's callback
 * (agc.h). */
#include "hle/libSceAgc/agc.h"

#include <stddef.h>

static uint32_t free_dwords(const struct agc_cb *cb) {
  if (!cb->cursor_up || !cb->cursor_down || cb->cursor_down < cb->cursor_up) return 0;
  uint64_t avail = (uint64_t)(cb->cursor_down - cb->cursor_up);
  return avail > cb->reserved_dw ? (uint32_t)(avail - cb->reserved_dw) : 0;
}

uint32_t *agc_cb_alloc(struct agc_cb *cb, uint32_t n) {
  if (!cb || n == 0) return NULL;
  if (n > free_dwords(cb)) {
    /* the callback is guest code (System V, as this function): it may move the buffer */
    if (!cb->callback || !cb->callback(cb, n + cb->reserved_dw, cb->user_data)) return NULL;
    if (n > free_dwords(cb)) return NULL;
  }
  uint32_t *p = cb->cursor_up;
  cb->cursor_up += n;
  return p;
}
