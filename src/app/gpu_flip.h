/* Flips requested by the command stream: the AGC flip packet (a PM4 NOP with sub-selector
 * 0x17, written by sceAgcDcbSetFlip) reaches video out's flip queue when the command
 * processor runs it, i.e. after the work submitted before it; WAIT_FLIP_DONE (0x06, written
 * by WaitUntilSafeForRendering) holds its queue while video out has a flip of the buffer
 * queued. */
#ifndef PROSPERO_APP_GPU_FLIP_H
#define PROSPERO_APP_GPU_FLIP_H

#include <stdint.h>

/* The flip packet's body (sub-selector PM4_DRV_FLIP, gpu/cp/agc_packets.def): video out
 * handle, display buffer index (-1: blank), flip mode, flip argument low and high dwords. */
#define APP_AGC_FLIP_BODY_DWORDS 5u

/* The cp_ops.agc_packet op: runs the flip packet; the other driver packets the command
 * processor hands on are not run yet (logged once, docs/agc.md). */
void app_gpu_agc_packet(void *ctx, unsigned queue, unsigned sub, const uint32_t *body, unsigned n);

/* The cp_ops.flip_pending op (WAIT_FLIP_DONE): whether video out still has a flip of the
 * buffer queued (videoout_buffer_flip_pending): 1, 0, or -1 for no such port or buffer. */
int app_gpu_flip_pending(void *ctx, uint32_t handle, uint32_t index);

#endif
