/* The GFX10 clear state (cp_clear_state.def) and the packets that load it: CLEAR_STATE with its
 * command (clear, push, pop, push and clear) and the queue resets (DRAW_RESET, ACB_RESET and
 * a new queue). docs/gpu-cp.md "CLEAR_STATE". */
#include <string.h>

#include "common/log.h"
#include "gpu/cp/cp_internal.h"

struct cs_value {
  uint16_t offset;
  uint32_t value;
};

static const struct cs_value cs_values[] = {
#define CS_EXTENT(first, count)
#define CS(name, offset, value) {(offset), (value)},
#include "gpu/cp/cp_clear_state.def"
#undef CS
#undef CS_EXTENT
};

#define CS_COUNT (sizeof cs_values / sizeof cs_values[0])

void cp_clear_state_load(uint32_t ctx[PM4_CONTEXT_COUNT]) {
  memset(ctx, 0, sizeof(uint32_t) * PM4_CONTEXT_COUNT);
  for (size_t i = 0; i < CS_COUNT; i++) ctx[cs_values[i].offset] = cs_values[i].value;
}

void cp_queue_new_state(struct cp_queue *q) {
  memset(q->sh, 0, sizeof q->sh);
  memset(q->uc, 0, sizeof q->uc);
  memset(q->cfg, 0, sizeof q->cfg);
  cp_clear_state_load(q->ctx);
  q->ctx_pushed = false;
  q->draw_base = q->index_base = 0;
  q->patch_table_base = q->load_reg_base = q->indirect_data_base = 0;
  memset(&q->lod_stats, 0, sizeof q->lod_stats);
  q->index_size = q->index_type = q->instances = 0;
  q->pred_active = q->pred_pass = false;
}

/* CLEAR_STATE: CMD (3:0) of the one body dword, AMD's PM4 definitions' values: 0 loads the
 * clear state into the context registers, 1 saves the context registers, 2 restores the saved
 * ones, 3 saves them then loads the clear state. The saved copy is one per queue (the packet
 * carries no address: the CP keeps it; a push replaces an earlier one). A pop with nothing
 * pushed changes nothing (logged). Bits 31:4 are reserved. */
enum cp_step cp_exec_clear_state(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                 unsigned nb) {
  if (nb != 1) {
    cp_queue_fail(q, f, "CLEAR_STATE with %u body dwords (1 expected)", nb);
    return CP_STEP_STOPPED;
  }
  unsigned cmd = b[0] & 0xf;
  switch (cmd) {
    case 0: cp_clear_state_load(q->ctx); break;
    case 1:
    case 3:
      memcpy(q->ctx_saved, q->ctx, sizeof q->ctx);
      q->ctx_pushed = true;
      if (cmd == 3) cp_clear_state_load(q->ctx);
      break;
    case 2:
      if (!q->ctx_pushed) {
        LOG(gpu, GAME_ERROR,
            "cp: queue %u: CLEAR_STATE pop with no context state pushed: registers unchanged",
            q->id);
        break;
      }
      memcpy(q->ctx, q->ctx_saved, sizeof q->ctx);
      q->ctx_pushed = false;
      break;
    default:
      cp_queue_fail(q, f,
                    "CLEAR_STATE command %u is not defined (0 clear, 1 push, 2 pop, 3 push "
                    "and clear)",
                    cmd);
      return CP_STEP_STOPPED;
  }
  return CP_STEP_DONE;
}
