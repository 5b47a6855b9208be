/* Flips requested by the command stream: the AGC flip packet (a PM4 NOP with sub-selector
 * 0x17, written by sceAgcDcbSetFlip) reaches video out's flip queue when the command
 * processor runs it, i.e. after the work submitted before it. */
#ifndef PROSPERO_APP_GPU_FLIP_H
#define PROSPERO_APP_GPU_FLIP_H

#include <stdint.h>

/* The flip packet's body (sub-selector PM4_DRV_FLIP, gpu/cp/agc_packets.def): video out
 * handle, display buffer index (-1: blank), flip mode, flip argument low and high dwords. */
#define APP_AGC_FLIP_BODY_DWORDS 5u

/* The cp_ops.agc_packet op: runs the flip packet; the other driver packets the command
 * processor hands on are not run yet (logged once, docs/agc.md). */
void app_gpu_agc_packet(void *ctx, unsigned queue, unsigned sub, const uint32_t *body, unsigned n);

#endif
