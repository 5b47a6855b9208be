/* The GDS forms of the packets: the global data share the dispatches' shaders see, reached
 * through ops.gds_map (docs/gpu-cp.md, "GDS"). Layouts from AMD's PAL GFX10 packet headers
 * (ME/MEC), the Linux amdgpu Navi header (nvd.h) and Mesa's sid.h; how the fields count:
 *   - DMA_DATA SRC_SEL / DST_SEL 1: the GDS byte address in SRC_ADDR_LO / DST_ADDR_LO (Mesa's
 *     GFX10 streamout writes dword i of GDS at DST_ADDR_LO = 4 * i); the HI dword is not
 *     read. The GDS side's SAS/DAS bit is not read either (Mesa leaves it 0 on GFX10; its
 *     older sid.h note asks for 1 with GDS).
 *   - RELEASE_MEM DATA_SEL 5 and EVENT_WRITE_EOS COMMAND 1 (store GDS data to memory): the
 *     data dword is a GDS dword offset (15:0) and a dword count (31:16), written to the
 *     packet's address (PAL's GFX10 RELEASE_MEM names the field dw_offset, Mesa's GFX10
 *     streamout copies GDS dword i with EOP_DATA_GDS(i, 1); PAL's GFX9 header calls it a
 *     byte offset, not followed). PAL hands EOS and RELEASE_MEM the same GDS index.
 *   - WRITE_DATA DST_SEL 3 and COPY_DATA SRC_SEL / DST_SEL 3: a 16-bit GDS address
 *     (dst_gds_addr, src/dst_gds_addr_lo): read as a byte address, as DMA_DATA's (our
 *     reading: no public text gives its unit; 16 bits span the 64 KiB exactly in bytes).
 * GDS accesses past its end stop the queue, as an unmapped guest address does. */
#include <inttypes.h>
#include <string.h>

#include "gpu/cp/cp_internal.h"

/* Host view of GDS bytes [OFF, OFF + N), or NULL (the queue is then stopped, naming WHAT). */
static uint8_t *gds_view(struct cp_queue *q, struct cp_frame *f, const char *what, uint32_t off,
                         uint32_t n) {
  if (!q->cp->ops.gds_map) {
    cp_queue_fail(q, f, "%s: the GDS is not available (no GDS installed)", what);
    return NULL;
  }
  uint8_t *p = q->cp->ops.gds_map(q->cp->ops.ctx, off, n);
  if (!p) cp_queue_fail(q, f, "%s: GDS bytes 0x%x..+%u are past the end of the GDS", what, off, n);
  return p;
}

bool cp_gds_read(struct cp_queue *q, struct cp_frame *f, const char *what, uint32_t off, void *dst,
                 uint32_t n) {
  const uint8_t *p = gds_view(q, f, what, off, n);
  if (p) memcpy(dst, p, n);
  return p != NULL;
}

bool cp_gds_write(struct cp_queue *q, struct cp_frame *f, const char *what, uint32_t off,
                  const void *src, uint32_t n) {
  uint8_t *p = gds_view(q, f, what, off, n);
  if (p) memcpy(p, src, n);
  return p != NULL;
}

bool cp_exec_gds_to_mem(struct cp_queue *q, struct cp_frame *f, const char *what, uint64_t addr,
                        uint32_t sel, uint64_t *first) {
  uint32_t off = (sel & 0xffff) * 4u, n = sel >> 16;
  *first = 0;
  if (n == 0) {
    cp_queue_fail(q, f, "%s: a GDS copy of 0 dwords (dword offset %u)", what, sel & 0xffff);
    return false;
  }
  if (addr & 3) {
    cp_queue_fail(q, f, "%s address 0x%" PRIx64 " misaligned", what, addr);
    return false;
  }
  const uint8_t *s = gds_view(q, f, what, off, n * 4u);
  if (!s) return false;
  uint32_t *d = cp_mem_map(q, addr, (uint64_t)n * 4, true);
  if (!d) {
    cp_queue_fail(q, f, "%s address 0x%" PRIx64 " (%u dwords) is not writable", what, addr, n);
    return false;
  }
  /* dword by dword, release stores in order: a guest polling the last dword (a label)
   * sees the ones before it, as the CP's other memory writes */
  for (uint32_t i = 0; i < n; i++) {
    uint32_t v;
    memcpy(&v, s + 4 * i, 4);
    if (i == 0) *first = v;
    __atomic_store_n(&d[i], v, __ATOMIC_RELEASE);
  }
  return true;
}

enum cp_step cp_exec_write_data_gds(struct cp_queue *q, struct cp_frame *f, bool one,
                                    const uint32_t *b, unsigned nb) {
  uint32_t off = b[1] & 0xffff, n = nb - 3; /* any byte address, as DMA_DATA's GDS side */
  if (one) { /* WR_ONE_ADDR: every dword to the same GDS dword, the last one stays */
    if (!cp_gds_write(q, f, "WRITE_DATA", off, &b[2 + n], 4)) return CP_STEP_STOPPED;
    return CP_STEP_DONE;
  }
  if (!cp_gds_write(q, f, "WRITE_DATA", off, &b[3], n * 4u)) return CP_STEP_STOPPED;
  return CP_STEP_DONE;
}

enum cp_step cp_exec_dma_data_gds(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                  unsigned nb) {
  (void)nb; /* six body dwords, checked by the caller */
  unsigned dst_sel = (b[0] >> 20) & 3, src_sel = (b[0] >> 29) & 3;
  uint32_t cmd = b[5], bytes = cmd & 0x3ffffff;
  bool sas = (cmd >> 26) & 1, das = (cmd >> 27) & 1, saic = (cmd >> 28) & 1, daic = (cmd >> 29) & 1;
  if (dst_sel == 2) CP_FAIL("DMA_DATA from GDS to nowhere (DST_SEL 2) not supported");
  /* the memory side's register forms and the non-incrementing forms stay refused, as for
     memory to memory (a fill, SRC_SEL 2, keeps its one dword: SAIC accepted) */
  if ((sas && src_sel != 1 && src_sel != 2) || (das && dst_sel != 1) || daic ||
      (saic && src_sel != 2))
    CP_FAIL(
        "DMA_DATA with GDS to or from registers or without increment (SAS %u DAS %u SAIC %u "
        "DAIC %u) not supported",
        sas, das, saic, daic);
  if (bytes == 0) return CP_STEP_DONE;
  const uint8_t *s = NULL;
  if (src_sel == 1) {
    if (!(s = gds_view(q, f, "DMA_DATA source", b[1], bytes))) return CP_STEP_STOPPED;
  } else if (src_sel != 2) {
    uint64_t src = ((uint64_t)b[2] << 32) | b[1];
    if (!(s = cp_mem_map(q, src, bytes, false)))
      CP_FAIL("DMA_DATA source 0x%" PRIx64 " (%u bytes) is not mapped", src, bytes);
  } else if (bytes & 3) {
    CP_FAIL("DMA_DATA fill of %u bytes (a multiple of 4 expected)", bytes);
  }
  uint8_t *d;
  if (dst_sel == 1) {
    if (!(d = gds_view(q, f, "DMA_DATA destination", b[3], bytes))) return CP_STEP_STOPPED;
  } else {
    uint64_t dst = ((uint64_t)b[4] << 32) | b[3];
    if (!(d = cp_mem_map(q, dst, bytes, true)))
      CP_FAIL("DMA_DATA destination 0x%" PRIx64 " (%u bytes) is not writable", dst, bytes);
  }
  if (src_sel == 2)
    for (uint32_t i = 0; i < bytes; i += 4) memcpy(d + i, &b[1], 4);
  else memmove(d, s, bytes); /* GDS to GDS may overlap */
  return CP_STEP_DONE;
}
