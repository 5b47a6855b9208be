/* Packets that take register values or draw state from guest memory, at a direct address or
 * at an offset from a base SET_BASE set (cp_internal.h; docs/gpu-cp.md). Facts: AMD's PM4
 * definitions as PAL publishes them (the GFX10 PFP/ME packet headers; the older SI/CI/VI
 * header for the SET_BASE indices and the patch-table form of SET_CONTEXT_REG_INDIRECT). */
#include <inttypes.h>
#include <string.h>

#include "gpu/cp/cp_internal.h"

/* SET_BASE (3): BASE_INDEX (3:0), ADDRESS_LO (31:3, 8-byte aligned), ADDRESS_HI. Bases: 0 the
 * display list patch table (SET_CONTEXT_REG_INDIRECT), 1 draw/dispatch indirect arguments,
 * 4 LOAD_*_REG_INDEX's offset form, 5 indirect data (SET_SH_REG_OFFSET's indirect forms,
 * recorded). 2 and 3 (GDS and constant engine partitions) stop the queue. */
enum cp_step cp_exec_set_base(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                              unsigned nb) {
  if (nb != 3) CP_FAIL("SET_BASE with %u body dwords (3 expected)", nb);
  uint64_t a = cp_addr64(b[1] & ~7u, b[2]);
  switch (b[0] & 0xf) {
    case 0: q->patch_table_base = a; break;
    case 1: q->draw_base = a; break;
    case 4: q->load_reg_base = a; break;
    case 5: q->indirect_data_base = a; break;
    default:
      CP_FAIL(
          "SET_BASE index %u not supported (0 patch table, 1 draw/dispatch indirect, 4 register "
          "loads, 5 indirect data)",
          b[0] & 0xf);
  }
  return CP_STEP_DONE;
}

/* LOAD_SH/CONTEXT/UCONFIG_REG_INDEX (4): INDEX (0) with MEM_ADDR_LO (31:2), MEM_ADDR_HI (its
 * low 16 bits) or, with INDEX 1, ADDR_OFFSET from SET_BASE's base 4 (MEM_ADDR_LO ignored);
 * REG_OFFSET (15:0) + DATA_FORMAT (31); NUM_DWORDS (13:0). DATA_FORMAT 0: NUM_DWORDS values
 * for the registers from REG_OFFSET on; 1: NUM_DWORDS (offset in the space, value) pairs
 * (how the console's sceAgcDcbSet*RegistersIndirect load a register table), every offset
 * checked before any register is written. Bit 1 of the first dword is reserved on GFX10.1
 * (GFX10.3 made INDEX two bits, 2 an indirect address): a set bit 1 stops the queue. */
enum cp_step cp_exec_load_regs_index(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                     unsigned nb, uint32_t base, uint32_t span) {
  if (nb != 4) CP_FAIL("LOAD_*_REG_INDEX with %u body dwords (4 expected)", nb);
  unsigned index = b[0] & 3;
  bool pairs = b[2] >> 31;
  uint32_t off = b[2] & 0xffff, n = b[3] & 0x3fff;
  uint64_t addr;
  if (index == 0) {
    addr = cp_addr64(b[0] & ~3u, b[1] & 0xffff);
  } else if (index == 1) {
    addr = q->load_reg_base + b[1];
    if (addr & 3)
      CP_FAIL("LOAD_*_REG_INDEX offset 0x%" PRIx32 " from base 0x%" PRIx64 " is not dword aligned",
              b[1], q->load_reg_base);
  } else {
    CP_FAIL(
        "LOAD_*_REG_INDEX index %u (0 direct address, 1 offset from SET_BASE 4; bit 1 is "
        "reserved on GFX10.1)",
        index);
  }
  if (pairs) {
    if (!n) return CP_STEP_DONE;
    const uint32_t *p = cp_mem_map(q, addr, (uint64_t)n * 8, false);
    if (!p) CP_FAIL("LOAD_*_REG_INDEX pairs at 0x%" PRIx64 " (%u) are not mapped", addr, n);
    for (uint32_t i = 0; i < n; i++) {
      uint32_t o = __atomic_load_n(&p[2 * i], __ATOMIC_ACQUIRE);
      if (o >= span) CP_FAIL("LOAD_*_REG_INDEX pair %u: register offset 0x%x past the space", i, o);
    }
    for (uint32_t i = 0; i < n; i++)
      *cp_reg_slot(q, base + __atomic_load_n(&p[2 * i], __ATOMIC_ACQUIRE)) =
          __atomic_load_n(&p[2 * i + 1], __ATOMIC_ACQUIRE);
    q->stats.reg_writes += n;
    return CP_STEP_DONE;
  }
  if (off + n > span) CP_FAIL("LOAD_*_REG_INDEX of %u registers from 0x%x past the space", n, off);
  if (n && !cp_mem_read(q, addr, cp_reg_slot(q, base + off), (size_t)n * 4))
    CP_FAIL("LOAD_*_REG_INDEX source 0x%" PRIx64 " (%u dwords) is not mapped", addr, n);
  q->stats.reg_writes += n;
  return CP_STEP_DONE;
}

/* SET_CONTEXT_REG_INDIRECT (1 + n): REG_OFFSET (15:0) + INDEX (31:28) as SET_CONTEXT_REG's,
 * then n dword offsets into the patch table (SET_BASE's base 0): context register
 * REG_OFFSET + i takes the dword at base + offset_i * 4. Every source is checked (mapped,
 * the registers inside the space) before any register is written. */
enum cp_step cp_exec_set_context_reg_indirect(struct cp_queue *q, struct cp_frame *f,
                                              const uint32_t *b, unsigned nb) {
  if (nb < 1) CP_FAIL("SET_CONTEXT_REG_INDIRECT without a register offset");
  uint32_t off = b[0] & 0xffff, n = nb - 1;
  if (off + n > PM4_CONTEXT_COUNT)
    CP_FAIL(
        "SET_CONTEXT_REG_INDIRECT writes %u registers from offset 0x%x, past the end of the "
        "context space (0x%x)",
        n, off, PM4_CONTEXT_COUNT);
  const uint64_t table = q->patch_table_base;
  for (uint32_t i = 0; i < n; i++)
    if (!cp_mem_map(q, table + (uint64_t)b[1 + i] * 4, 4, false))
      CP_FAIL("SET_CONTEXT_REG_INDIRECT value %u at 0x%" PRIx64 " (patch table 0x%" PRIx64
              " + dword 0x%" PRIx32 ") is not mapped",
              i, table + (uint64_t)b[1 + i] * 4, table, b[1 + i]);
  for (uint32_t i = 0; i < n; i++)
    cp_mem_read(q, table + (uint64_t)b[1 + i] * 4, &q->ctx[off + i], 4);
  q->stats.reg_writes += n;
  return CP_STEP_DONE;
}

/* INDEX_ATTRIBUTES_INDIRECT (3): INDIRECT_MODE (0) + ATTRIBUTE_BASE_LO (31:4), the base's high
 * dword (or, with INDIRECT_MODE, an offset), ATTRIBUTE_INDEX (15:0). Entry ATTRIBUTE_INDEX of
 * the array at the 16-byte aligned base holds the index buffer's address lo, hi, its size in
 * indices and its index type (AMD's PAL lays the entry out so); the type is taken as
 * VGT_INDEX_TYPE's (0 16-bit, 1 32-bit, 2 8-bit), our reading. The indirect mode's offset is
 * from a base the public definitions do not name: it stops the queue. */
enum cp_step cp_exec_index_attributes_indirect(struct cp_queue *q, struct cp_frame *f,
                                               const uint32_t *b, unsigned nb) {
  if (nb != 3) CP_FAIL("INDEX_ATTRIBUTES_INDIRECT with %u body dwords (3 expected)", nb);
  if (b[0] & 1)
    CP_FAIL(
        "INDEX_ATTRIBUTES_INDIRECT with INDIRECT_MODE (an offset from a base the public PM4 "
        "definitions do not name) not supported");
  uint64_t entry = cp_addr64(b[0] & ~0xfu, b[1]) + (uint64_t)(b[2] & 0xffff) * 16;
  uint32_t e[4];
  if (!cp_mem_read(q, entry, e, sizeof e))
    CP_FAIL("INDEX_ATTRIBUTES_INDIRECT entry %u at 0x%" PRIx64 " is not mapped", b[2] & 0xffff,
            entry);
  q->index_base = cp_addr64(e[0] & ~1u, e[1]);
  q->index_size = e[2];
  q->index_type = e[3] & 3;
  q->uc[PM4_REG_VGT_INDEX_TYPE - PM4_UCONFIG_BASE] = q->index_type;
  return CP_STEP_DONE;
}
