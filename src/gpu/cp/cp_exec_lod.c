/* GET_LOD_STATS (cp_internal.h; docs/gpu-cp.md). Facts: AMD's PM4 definitions as PAL
 * publishes them (PM4_ME_GET_LOD_STATS). */
#include <inttypes.h>

#include "common/log.h"
#include "gpu/cp/cp_internal.h"

/* GET_LOD_STATS (4): BU_SIZE (the buffer's bytes), BASE_LO (31:6, 64-byte aligned), BASE_HI,
 * then INTERVAL (9:2), RESET_CNT (17:10), RESET_FORCE (18), REPORT_AND_RESET (19),
 * CACHE_POLICY (29:28). The texture units count the LOD levels sampled and the CP writes the
 * counts to the buffer every INTERVAL; this GPU has no such counters, so the queue records the
 * buffer and the control (a later packet replaces them) after checking the buffer is writable
 * guest memory, and nothing is written to it (logged once). */
enum cp_step cp_exec_get_lod_stats(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                   unsigned nb) {
  if (nb != 4) CP_FAIL("GET_LOD_STATS with %u body dwords (4 expected)", nb);
  uint64_t base = ((uint64_t)b[2] << 32) | (b[1] & ~0x3fu);
  if (b[0] && !cp_mem_map(q, base, b[0], true))
    CP_FAIL("GET_LOD_STATS buffer 0x%" PRIx64 " (%" PRIu32 " bytes) is not writable guest memory",
            base, b[0]);
  q->lod_stats.base = base;
  q->lod_stats.bytes = b[0];
  q->lod_stats.control = b[3];
  LOG_ONCE(gpu, STUB,
           "cp: GET_LOD_STATS: no LOD statistics are collected here; the buffer is checked and "
           "recorded, not written");
  return CP_STEP_DONE;
}
