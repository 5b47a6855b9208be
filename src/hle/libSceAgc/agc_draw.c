/* The draw builders and the draw state they set (agc.h): GFX10 PM4 packets (DRAW_INDEX_AUTO,
 * DRAW_INDEX_2, DRAW_INDEX_OFFSET_2, DRAW_INDIRECT, DRAW_INDEX_INDIRECT, NUM_INSTANCES,
 * INDEX_BUFFER_SIZE, INDEX_BASE, SET_UCONFIG_REG_INDEX of VGT_INDEX_TYPE, SET_BASE). The packets'
 * headers and extents are those the console's library was measured writing; the bodies follow
 * AMD's packet definitions; how a draw modifier becomes the initiator and the user-data
 * locations is one public project's reading (docs/agc.md). */
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

#define DI_SRC_SEL_DMA 0u        /* VGT_DRAW_INITIATOR.SOURCE_SELECT: indices from memory */
#define DI_SRC_SEL_AUTO_INDEX 2u /* generated indices */
#define VGT_INDEX_TYPE_UC 0x243u /* user config offset of VGT_INDEX_TYPE (byte 0x3090C) */
#define NO_USER_DATA_LOC 0x280u  /* the location an indirect draw gets without one */

uint32_t agc_draw_modifier_initiator(uint64_t modifier) {
  if ((modifier >> 32) & 1) return 0;
  return ((uint32_t)modifier >> 3) & 0x20u;
}

/* ---- direct draws ---- */

uint32_t *agc_dcb_draw_index_auto(struct agc_cb *cb, uint32_t count, uint64_t modifier) {
  uint32_t *p = agc_cb_alloc(cb, 3);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_DRAW_INDEX_AUTO, 2);
  p[1] = count;
  p[2] = DI_SRC_SEL_AUTO_INDEX | agc_draw_modifier_initiator(modifier);
  return p;
}
uint32_t agc_dcb_draw_index_auto_get_size(void) { return 3 * 4; }

uint32_t *agc_dcb_draw_index(struct agc_cb *cb, uint32_t count, uint64_t index_address,
                             uint64_t modifier) {
  /* indices are 16 or 32 bits: the buffer is at least 2-byte aligned */
  if (index_address == 0 || (index_address & 1)) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 6);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_DRAW_INDEX_2, 5);
  p[1] = count ? count : 1; /* MAX_SIZE */
  p[2] = (uint32_t)index_address;
  p[3] = (uint32_t)(index_address >> 32);
  p[4] = count;
  p[5] = DI_SRC_SEL_DMA | agc_draw_modifier_initiator(modifier);
  return p;
}
uint32_t agc_dcb_draw_index_get_size(void) { return 6 * 4; }

uint32_t *agc_dcb_draw_index_offset(struct agc_cb *cb, uint32_t offset, uint32_t count,
                                    uint64_t modifier) {
  uint32_t *p = agc_cb_alloc(cb, 5);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_DRAW_INDEX_OFFSET_2, 4);
  p[1] = count ? count : 1; /* MAX_SIZE */
  p[2] = offset;
  p[3] = count;
  p[4] = DI_SRC_SEL_DMA | agc_draw_modifier_initiator(modifier);
  return p;
}
uint32_t agc_dcb_draw_index_offset_get_size(void) { return 5 * 4; }

/* ---- indirect draws ---- */

/* The SH offset of the first user-data register of the stage the modifier's bits 31:29
 * name (3 and 5: the HS's, 0x10C; the others: the GS's, 0x8C). */
static uint32_t user_data_base(uint32_t m) {
  uint32_t stage = m >> 29;
  return stage == 3 || stage == 5 ? 0x10Cu : 0x8Cu;
}

/* DRAW_INDIRECT / DRAW_INDEX_INDIRECT: the user-data registers the GPU writes the base vertex
 * (modifier bit 0, register in bits 13:9) and start instance (bit 2, bits 23:19) to; the indexed
 * form also the draw index (bit 1, bits 18:14). */
static uint32_t *draw_indirect(struct agc_cb *cb, unsigned opcode, uint32_t data_offset,
                               uint64_t modifier, bool indexed, unsigned dwords) {
  uint32_t m = (uint32_t)modifier, base = user_data_base(m);
  uint32_t vtx = m & 1 ? base + ((m >> 9) & 31) : NO_USER_DATA_LOC;
  uint32_t inst = m & 4 ? base + ((m >> 19) & 31) : NO_USER_DATA_LOC;
  if (indexed && (m & 2)) {
    vtx |= (base + ((m >> 14) & 31)) << 16;
    inst |= 1u << 27;
  }
  uint32_t *p = agc_cb_alloc(cb, dwords);
  if (!p) return NULL;
  p[0] = pm4_type3(opcode, dwords - 1);
  p[1] = data_offset;
  p[2] = vtx;
  p[3] = inst;
  p[dwords - 1] = DI_SRC_SEL_AUTO_INDEX | agc_draw_modifier_initiator(modifier);
  return p;
}

uint32_t *agc_dcb_draw_indirect(struct agc_cb *cb, uint32_t data_offset, uint64_t modifier) {
  return draw_indirect(cb, PM4_DRAW_INDIRECT, data_offset, modifier, false, 5);
}
uint32_t *agc_dcb_draw_index_indirect(struct agc_cb *cb, uint32_t data_offset, uint64_t modifier) {
  return draw_indirect(cb, PM4_DRAW_INDEX_INDIRECT, data_offset, modifier, true, 5);
}
uint32_t agc_dcb_draw_indirect_get_size(void) { return 5 * 4; }

/* ---- multi draws ---- */

#define MULTI_BEGIN_TAG 0xC6000008u
#define MULTI_END_TAG 0xC6000000u

/* DRAW_(INDEX_)INDIRECT_MULTI's body after the locations: the control dword, the count (or
 * the most, when COUNT_INDIRECT), the count's address (4-aligned), the stride, the initiator. */
static void multi_tail(uint32_t *p, uint32_t control, uint32_t max_count, uint64_t count_address,
                       uint32_t stride, uint64_t modifier) {
  p[4] = control;
  p[5] = max_count;
  p[6] = (uint32_t)count_address & ~3u;
  p[7] = (uint32_t)(count_address >> 32);
  p[8] = stride;
  p[9] = DI_SRC_SEL_AUTO_INDEX | agc_draw_modifier_initiator(modifier);
}

/* DRAW_INDIRECT_MULTI between two tag writes of the library's data register: its control
 * dword has the draw index's user-data register (modifier bit 3, bits 28:24; else 0x280) in
 * 15:0, the modifier's bit 4 in 27, COUNT_INDIRECT_ENABLE in 30, DRAW_INDEX_ENABLE (modifier
 * bit 3) in 31. */
uint32_t *agc_dcb_draw_indirect_multi(struct agc_cb *cb, uint32_t data_offset,
                                      uint32_t count_indirect, uint32_t max_count,
                                      uint64_t count_address, uint32_t stride, uint64_t modifier) {
  if (count_indirect > 1) return NULL;
  uint32_t m = (uint32_t)modifier, base = user_data_base(m);
  uint32_t vtx = m & 1 ? base + ((m >> 9) & 31) : NO_USER_DATA_LOC;
  uint32_t inst = m & 4 ? base + ((m >> 19) & 31) : NO_USER_DATA_LOC;
  uint32_t draw_index = m & 8 ? base + ((m >> 24) & 31) : NO_USER_DATA_LOC;
  uint32_t control = draw_index | (m & 0x10u) << 23 | count_indirect << 30 | (m & 8u) << 28;
  uint32_t *p = agc_cb_alloc(cb, 16);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_SET_UCONFIG_REG, 2);
  p[1] = AGC_DATA_REG_UC;
  p[2] = MULTI_BEGIN_TAG;
  uint32_t *d = p + 3;
  d[0] = pm4_type3(PM4_DRAW_INDIRECT_MULTI, 9);
  d[1] = data_offset;
  d[2] = vtx;
  d[3] = inst;
  multi_tail(d, control, max_count, count_address, stride, modifier);
  p[13] = pm4_type3(PM4_SET_UCONFIG_REG, 2);
  p[14] = AGC_DATA_REG_UC;
  p[15] = MULTI_END_TAG;
  return p;
}
uint32_t agc_dcb_draw_indirect_multi_get_size(void) { return 16 * 4; }

/* DRAW_INDEX_INDIRECT_MULTI: the locations as DrawIndexIndirect's, COUNT_INDIRECT_ENABLE (30)
 * the only control bit. */
uint32_t *agc_dcb_draw_index_indirect_multi(struct agc_cb *cb, uint32_t data_offset,
                                            uint32_t count_indirect, uint32_t max_count,
                                            uint64_t count_address, uint32_t stride,
                                            uint64_t modifier) {
  if (count_indirect > 1) return NULL;
  uint32_t *p = draw_indirect(cb, PM4_DRAW_INDEX_INDIRECT_MULTI, data_offset, modifier, true, 10);
  if (!p) return NULL;
  multi_tail(p, count_indirect << 30, max_count, count_address, stride, modifier);
  return p;
}
uint32_t agc_dcb_draw_index_indirect_multi_get_size(void) { return 10 * 4; }

/* ---- draw state ---- */

static uint32_t *one_dword(struct agc_cb *cb, unsigned opcode, uint32_t v) {
  uint32_t *p = agc_cb_alloc(cb, 2);
  if (!p) return NULL;
  p[0] = pm4_type3(opcode, 1);
  p[1] = v;
  return p;
}

uint32_t *agc_dcb_set_num_instances(struct agc_cb *cb, uint32_t instances) {
  return one_dword(cb, PM4_NUM_INSTANCES, instances);
}
uint32_t *agc_dcb_set_index_count(struct agc_cb *cb, uint32_t count) {
  return one_dword(cb, PM4_INDEX_BUFFER_SIZE, count);
}
uint32_t agc_dcb_set_state_get_size(void) { return 2 * 4; }

uint32_t *agc_dcb_set_index_buffer(struct agc_cb *cb, uint64_t address) {
  if (address & 1) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 3);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_INDEX_BASE, 2);
  p[1] = (uint32_t)address;
  p[2] = (uint32_t)(address >> 32);
  return p;
}
/* 12 bytes: the newer builds export the GetSize companion (its body returns 0xC). */
uint32_t agc_dcb_set_index_buffer_get_size(void) { return 3 * 4; }

/* VGT_INDEX_TYPE through SET_UCONFIG_REG_INDEX (INDEX 2 in the offset dword's bits 31:28):
 * INDEX_TYPE (1:0), the index cache policy (7:6) and bit 10 set. */
uint32_t *agc_dcb_set_index_size(struct agc_cb *cb, uint8_t index_size, uint8_t cache_policy) {
  uint32_t *p = agc_cb_alloc(cb, 3);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_SET_UCONFIG_REG_INDEX, 2);
  p[1] = 2u << 28 | VGT_INDEX_TYPE_UC;
  p[2] = 0x400u | (cache_policy & 3u) << 6 | (index_size & 3u);
  return p;
}
uint32_t agc_dcb_set_index_size_get_size(void) { return 3 * 4; }

uint32_t *agc_dcb_set_base_indirect_args(struct agc_cb *cb, uint32_t shader_type,
                                         uint64_t address) {
  if (shader_type > 1) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 4);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_SET_BASE, 3) | shader_type << 1; /* header bit 1: SHADER_TYPE */
  p[1] = 1;                                             /* BASE_INDEX: draw/dispatch indirect */
  p[2] = (uint32_t)address & ~7u;
  p[3] = (uint32_t)(address >> 32);
  return p;
}
uint32_t agc_dcb_set_base_indirect_args_get_size(void) { return 4 * 4; }

/* INDEX_ATTRIBUTES_INDIRECT (4): INDIRECT_MODE 0 + ATTRIBUTE_BASE_LO (31:4), the base's high
 * dword, ATTRIBUTE_INDEX (15:0) = OFFSET. */
uint32_t *agc_dcb_set_index_indirect_args(struct agc_cb *cb, uint64_t address, uint32_t offset) {
  if ((address & 0xF) || offset > 0xFFFF) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 4);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_INDEX_ATTRIBUTES_INDIRECT, 3);
  p[1] = (uint32_t)address;
  p[2] = (uint32_t)(address >> 32);
  p[3] = offset;
  return p;
}
