/* The Sony driver packets carried in NOP (agc_packets.def): the ones that stand for a GFX10
 * packet are rewritten into that packet's body (cp_internal.h, struct cp_agc_xlat) and run
 * as it. Body layouts (dwords after the NOP header):
 *   RELEASE_MEM (7): action (7:0) + cache policy (15:8); GCR_CNTL (15:0) + data select
 *     (23:16) + interrupt select (31:24); address lo, hi; data lo, hi; interrupt context id.
 *     -> RELEASE_MEM: EVENT_TYPE = action, EVENT_INDEX 5 (end of pipe), GCR_CNTL, DATA_SEL,
 *     INT_SEL, the same address, data and context id.
 *   ACQUIRE_MEM (7): the GFX10 ACQUIRE_MEM body itself (COHER_CNTL with the engine in bit
 *     31, size, size hi, base lo, base hi in 256-byte units, poll interval, GCR_CNTL).
 *   WRITE_DATA (3 + n): destination (7:0) + cache policy (15:8) + increment (23:16) + write
 *     confirm (31:24); address lo, hi; n data dwords. -> WRITE_DATA with DST_SEL =
 *     destination, WR_ONE_ADDR = !increment, WR_CONFIRM, CACHE_POLICY.
 *   WAIT_MEM_32 (6): address lo, hi; mask; reference; control (the WAIT_REG_MEM control
 *     dword, the engine in 9:8); poll interval. -> WAIT_REG_MEM (memory).
 *   WAIT_MEM_64 (8): address lo, hi; mask lo, hi; reference lo, hi; control; poll interval.
 *     -> WAIT_REG_MEM64.
 *   SH/CX/UC_REGS_INDIRECT (3): register count; table address lo, hi (the table: (offset in
 *     the space, value) pairs of dwords). -> LOAD_SH/CONTEXT/UCONFIG_REG_INDEX with
 *     DATA_FORMAT 1 (offset and data), the form the console's builders write themselves.
 *   DMA_DATA (7): destination (7:0) + destination cache policy (15:8) + source (23:16) +
 *     source cache policy (31:24); engine, wait, confirm, block (a byte each); byte count;
 *     destination lo, hi; source lo, hi (or the dword to fill with). -> DMA_DATA with
 *     DST_SEL = destination, SRC_SEL = source (0 memory, 1 GDS, 2 data, 3 memory through
 *     L2: the GFX10 values, our reading of the SDK's enums).
 *   DRAW_INDEX_AUTO (6; header 0xC0051010): index count; the draw modifier lo, hi; three
 *     reserved dwords (as KytyPS5's command processor reads the console's packet). ->
 *     DRAW_INDEX_AUTO with VGT_DRAW_INITIATOR 2 (SOURCE_SELECT auto index) and the modifier's
 *     fuse-draws bit (8) as initiator bit 5 unless its is-default bit (32) is set: the reading
 *     libSceAgc's builders write the GFX10 packet with (docs/agc.md).
 *   PUSH_MARKER / POP_MARKER: debug markers (a string, nothing): nothing runs. */
#include <stdio.h>

#include "gpu/cp/cp_internal.h"

const char *cp_agc_packet_name(unsigned sub) { return pm4_driver_packet_name(sub); }

int cp_agc_translate(unsigned sub, const uint32_t *b, unsigned nb, struct cp_agc_xlat *x, char *err,
                     size_t err_size) {
  *x = (struct cp_agc_xlat){0};
  switch (sub) {
    case PM4_DRV_RELEASE_MEM: {
      if (nb != 7) {
        snprintf(err, err_size, "%u body dwords (7 expected)", nb);
        return -1;
      }
      unsigned action = b[0] & 0xff, cache = (b[0] >> 8) & 0xff, gcr = b[1] & 0xffff;
      unsigned data_sel = (b[1] >> 16) & 0xff, int_sel = (b[1] >> 24) & 0xff;
      if (action > 0x3f || data_sel > 7 || int_sel > 7 || cache > 3 || gcr > 0xfff) {
        snprintf(err, err_size,
                 "field out of range (action 0x%x, cache policy %u, GCR 0x%x, data select %u, "
                 "interrupt select %u)",
                 action, cache, gcr, data_sel, int_sel);
        return -1;
      }
      x->opcode = PM4_RELEASE_MEM;
      x->n = 7;
      x->body[0] = action | 5u << 8 | gcr << 12 | cache << 25;
      x->body[1] = data_sel << 29 | int_sel << 24;
      for (unsigned i = 2; i < 7; i++) x->body[i] = b[i];
      return 1;
    }
    case PM4_DRV_ACQUIRE_MEM:
      if (nb != 7) {
        snprintf(err, err_size, "%u body dwords (7 expected)", nb);
        return -1;
      }
      x->opcode = PM4_ACQUIRE_MEM;
      x->n = 7;
      for (unsigned i = 0; i < 7; i++) x->body[i] = b[i];
      return 1;
    case PM4_DRV_WRITE_DATA: {
      if (nb < 3) {
        snprintf(err, err_size, "%u body dwords (3 or more expected)", nb);
        return -1;
      }
      unsigned dst = b[0] & 0xff, cache = (b[0] >> 8) & 0xff, inc = (b[0] >> 16) & 0xff;
      unsigned confirm = (b[0] >> 24) & 0xff;
      if (dst > 15 || cache > 3) {
        snprintf(err, err_size, "destination %u or cache policy %u out of range", dst, cache);
        return -1;
      }
      if (nb == 3) return 1; /* no data: nothing to write */
      x->opcode = PM4_WRITE_DATA;
      x->n = nb;
      x->same_body = true;
      x->body[0] = dst << 8 | (inc ? 0u : 1u << 16) | (confirm ? 1u << 20 : 0u) | cache << 25;
      return 1;
    }
    case PM4_DRV_WAIT_MEM_32:
      if (nb != 6) {
        snprintf(err, err_size, "%u body dwords (6 expected)", nb);
        return -1;
      }
      x->opcode = PM4_WAIT_REG_MEM;
      x->n = 6;
      x->body[0] = b[4] & ~(3u << 8); /* the engine (9:8): one engine here */
      x->body[1] = b[0];
      x->body[2] = b[1];
      x->body[3] = b[3];
      x->body[4] = b[2];
      x->body[5] = b[5];
      return 1;
    case PM4_DRV_WAIT_MEM_64:
      if (nb != 8) {
        snprintf(err, err_size, "%u body dwords (8 expected)", nb);
        return -1;
      }
      x->opcode = PM4_WAIT_REG_MEM64;
      x->n = 8;
      x->body[0] = b[6] & ~(3u << 8);
      x->body[1] = b[0];
      x->body[2] = b[1];
      x->body[3] = b[4];
      x->body[4] = b[5];
      x->body[5] = b[2];
      x->body[6] = b[3];
      x->body[7] = b[7];
      return 1;
    case PM4_DRV_SH_REGS_INDIRECT:
    case PM4_DRV_CX_REGS_INDIRECT:
    case PM4_DRV_UC_REGS_INDIRECT:
      if (nb != 3) {
        snprintf(err, err_size, "%u body dwords (3 expected)", nb);
        return -1;
      }
      if (b[0] > 0x3fff || b[1] & 3) {
        snprintf(err, err_size, "%u registers (16383 at most) from table 0x%08x%08x (4-aligned)",
                 b[0], b[2], b[1]);
        return -1;
      }
      x->opcode = sub == PM4_DRV_SH_REGS_INDIRECT   ? PM4_LOAD_SH_REG_INDEX
                  : sub == PM4_DRV_CX_REGS_INDIRECT ? PM4_LOAD_CONTEXT_REG_INDEX
                                                    : PM4_LOAD_UCONFIG_REG_INDEX;
      x->n = 4;
      x->body[0] = b[1];
      x->body[1] = b[2];
      x->body[2] = 1u << 31; /* DATA_FORMAT 1: offset and data pairs */
      x->body[3] = b[0];
      return 1;
    case PM4_DRV_DMA_DATA: {
      if (nb != 7) {
        snprintf(err, err_size, "%u body dwords (7 expected)", nb);
        return -1;
      }
      unsigned dst = b[0] & 0xff, src = (b[0] >> 16) & 0xff;
      if (dst > 3 || src > 3 || b[2] > CP_DMA_MAX_BYTES - 1) {
        snprintf(err, err_size, "destination %u, source %u (0-3) or %u bytes (< 2^26)", dst, src,
                 b[2]);
        return -1;
      }
      x->opcode = PM4_DMA_DATA;
      x->n = 6;
      x->body[0] = dst << 20 | src << 29;
      x->body[1] = b[5];
      x->body[2] = b[6];
      x->body[3] = b[3];
      x->body[4] = b[4];
      x->body[5] = b[2];
      return 1;
    }
    case PM4_DRV_DRAW_INDEX_AUTO:
      if (nb != 6) {
        snprintf(err, err_size, "%u body dwords (6 expected)", nb);
        return -1;
      }
      x->opcode = PM4_DRAW_INDEX_AUTO;
      x->n = 2;
      x->body[0] = b[0];
      x->body[1] = 2u | (b[2] & 1u ? 0u : (b[1] >> 3) & 0x20u); /* auto index, fuse draws */
      return 1;
    case PM4_DRV_PUSH_MARKER:
    case PM4_DRV_POP_MARKER: return 1;
    default: return 0;
  }
}
