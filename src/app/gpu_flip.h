/* Flips requested by the command stream: the console's end-of-pipe flip (a RELEASE_MEM with
 * an interrupt whose context id names a flip video out registered, below); and, for older
 * streams, the AGC flip packet (a PM4 NOP with sub-selector 0x17, which sceAgcDcbSetFlip
 * wrote before session 26) reaching video out's flip queue when the command processor runs
 * it, i.e. after the work submitted before it, and WAIT_FLIP_DONE (0x06) holding its queue
 * while video out has a flip of the buffer queued. */
#ifndef PROSPERO_APP_GPU_FLIP_H
#define PROSPERO_APP_GPU_FLIP_H

#include <stdint.h>

/* The console's flip sequence (sceAgcDriverSetFlip): its RELEASE_MEM writes 1 to the
 * buffer's flip label and interrupts with the context id video out gave the flip; the
 * cp_ops.interrupt_context op hands such an id to video out (videoout_eop_flip), which queues
 * the flip and clears the label once it is done. Other ids: nothing (logged once). */
void app_gpu_interrupt_context(void *ctx, unsigned queue, uint32_t context_id);

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
