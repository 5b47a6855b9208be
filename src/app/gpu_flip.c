/* Flips from the command stream (gpu_flip.h). */
#include "gpu_flip.h"

#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceVideoOut/videoout.h"

void app_gpu_agc_packet(void *ctx, unsigned queue, unsigned sub, const uint32_t *body, unsigned n) {
  (void)ctx;
  if (sub != PM4_DRV_FLIP) {
    LOG_ONCE(gpu, STUB, "cp: queue %u: driver packet 0x%02x (%u dwords) is not run yet", queue, sub,
             n);
    return;
  }
  if (n != APP_AGC_FLIP_BODY_DWORDS) {
    LOG(gpu, GAME_ERROR, "cp: flip packet with %u body dwords (5 expected) on queue %u: ignored", n,
        queue);
    return;
  }
  int32_t handle = (int32_t)body[0], index = (int32_t)body[1], mode = (int32_t)body[2];
  int64_t arg = (int64_t)((uint64_t)body[3] | (uint64_t)body[4] << 32);
  int r = videoout_submit_flip_gpu(handle, index, mode, arg);
  if (r)
    LOG(gpu, GAME_ERROR,
        "cp: flip packet (handle %d, buffer %d, mode %d, arg %lld) on queue %u refused: 0x%08x",
        handle, index, mode, (long long)arg, queue, (unsigned)r);
}

int app_gpu_flip_pending(void *ctx, uint32_t handle, uint32_t index) {
  (void)ctx;
  int r = videoout_buffer_flip_pending((int32_t)handle, (int32_t)index);
  return r < 0 ? -1 : r;
}

void app_gpu_interrupt_context(void *ctx, unsigned queue, uint32_t context_id) {
  (void)ctx;
  if (!videoout_is_eop_flip_id(context_id)) {
    LOG_ONCE(gpu, DEBUG, "cp: queue %u: interrupt context id 0x%08x is not a flip's: no action",
             queue, context_id);
    return;
  }
  videoout_eop_flip(context_id); /* an unknown id or a refused flip is logged there */
}
