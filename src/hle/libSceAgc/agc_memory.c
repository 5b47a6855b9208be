/* Memory and flow builders (agc.h): DMA_DATA, COND_EXEC, PFP_SYNC_ME, and the GetSize
 * companions whose packets are known (EVENT_WRITE, the context state operations), COPY_DATA.
 * Headers and extents are those the console's library was measured writing; bodies follow AMD's
 * packet definitions (docs/agc.md). */
#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

uint64_t agc_dcb_event_write_get_size(uint8_t event_type) {
  return (event_type & ~1u) == 0x38 ? 16 : 8;
}

/* DMA_DATA: SRC 0x14, 0x24 and 0x64 name GPU counters read as registers (the source
 * address is the counter's, per engine); other selectors are the packet's fields. */
static uint64_t counter_source(uint8_t engine, uint8_t src, uint64_t given) {
  switch (src) {
    case 0x14: return engine == 1 ? 0x30148u : 0x30174u;
    case 0x24: return engine == 1 ? 0x30150u : 0x3017Cu;
    case 0x64: return engine == 1 ? 0x30158u : 0x30184u;
    default: return given;
  }
}

uint32_t *agc_dcb_dma_data(struct agc_cb *cb, uint8_t engine, uint8_t dst, uint8_t dst_cache_policy,
                           uint64_t dst_address, uint8_t src, uint8_t src_cache_policy,
                           uint64_t src_address_or_data, uint32_t bytes, uint8_t wait_for_previous,
                           uint8_t write_confirm, uint8_t block_engine) {
  bool counter = src == 0x14 || src == 0x24 || src == 0x64;
  if (engine > 1 || dst > 0xF || (src > 0xF && !counter) || bytes > 0x3FFFFFFu) return NULL;
  uint64_t s = counter_source(engine, src, src_address_or_data);
  uint32_t *p = agc_cb_alloc(cb, 7);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_DMA_DATA, 6);
  /* ENGINE_SEL 0, SRC_CACHE_POLICY 14:13, DST_SEL 21:20, DST_CACHE_POLICY 26:25, SRC_SEL 30:29,
   * CP_SYNC 31 */
  p[1] = engine | (src_cache_policy & 3u) << 13 | (dst & 3u) << 20 | (dst_cache_policy & 3u) << 25 |
         (src & 3u) << 29 | (uint32_t)(block_engine & 1u) << 31;
  p[2] = (uint32_t)s;
  p[3] = (uint32_t)(s >> 32);
  p[4] = (uint32_t)dst_address;
  p[5] = (uint32_t)(dst_address >> 32);
  /* BYTE_COUNT 25:0, SAS 26, DAS 27, SAIC 28, DAIC 29, RAW_WAIT 30, DIS_WC 31 */
  p[6] = bytes | (src & 4u) << 24 | (dst & 4u) << 25 | (src & 8u) << 25 | (dst & 8u) << 26 |
         (wait_for_previous & 1u) << 30 | (uint32_t)(write_confirm & 1u) << 31;
  return p;
}
uint32_t agc_dcb_dma_data_get_size(void) { return 7 * 4; }

uint32_t *agc_dcb_cond_exec(struct agc_cb *cb, uint64_t address, uint32_t count) {
  if (address == 0 || (address & 3) || count > 0x3FFF) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 5);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_COND_EXEC, 4);
  p[1] = (uint32_t)address;
  p[2] = (uint32_t)(address >> 32);
  p[3] = 0;
  p[4] = count; /* EXEC_COUNT */
  return p;
}
uint32_t agc_dcb_cond_exec_get_size(void) { return 5 * 4; }

uint32_t *agc_dcb_stall_command_buffer_parser(struct agc_cb *cb) {
  uint32_t *p = agc_cb_alloc(cb, 2);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_PFP_SYNC_ME, 1);
  p[1] = 0;
  return p;
}
uint32_t agc_dcb_stall_command_buffer_parser_get_size(void) { return 2 * 4; }

uint64_t agc_dcb_context_state_op_get_size(uint32_t operation) {
  static const uint32_t dwords[4] = {5, 27, 27, 32}; /* clear, push, pop, push and clear */
  return operation < 4 ? dwords[operation] * 4u : 0;
}

/* COPY_DATA (6): SRC_SEL (3:0), DST_SEL (11:8), SRC_CACHE_POLICY (14:13), COUNT_SEL (16),
 * WR_CONFIRM (20), DST_CACHE_POLICY (26:25), ENGINE_SEL (31:30); source address or immediate
 * lo, hi; destination lo, hi. */
static uint32_t *copy_data(struct agc_cb *cb, unsigned dst_sel, unsigned src_sel, unsigned engine,
                           uint8_t dst_cache_policy, uint64_t dst_address, uint8_t src_cache_policy,
                           uint64_t src, uint8_t item_size, uint8_t write_confirm) {
  if (dst_sel > 0xF || src_sel > 0xF || dst_cache_policy > 3 || src_cache_policy > 3 ||
      item_size > 1 || write_confirm > 1)
    return NULL;
  LOG_ONCE(hle, STUB,
           "sceAgc*CopyData: the selectors are read as one source reads them (docs/agc.md)");
  uint32_t *p = agc_cb_alloc(cb, 6);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_COPY_DATA, 5);
  p[1] = src_sel | dst_sel << 8 | (uint32_t)src_cache_policy << 13 | (uint32_t)item_size << 16 |
         (uint32_t)write_confirm << 20 | (uint32_t)dst_cache_policy << 25 | engine << 30;
  p[2] = (uint32_t)src;
  p[3] = (uint32_t)(src >> 32);
  p[4] = (uint32_t)dst_address;
  p[5] = (uint32_t)(dst_address >> 32);
  return p;
}

uint32_t *agc_acb_copy_data(struct agc_cb *cb, uint8_t dst, uint8_t dst_cache_policy,
                            uint64_t dst_address, uint8_t src, uint8_t src_cache_policy,
                            uint64_t src_address_or_immediate, uint8_t item_size,
                            uint8_t write_confirm) {
  return copy_data(cb, dst, src, 0, dst_cache_policy, dst_address, src_cache_policy,
                   src_address_or_immediate, item_size, write_confirm);
}

/* The graphics form: SRC and DST carry the selector above bit 0; SRC's bit 0 is ENGINE_SEL
 * (1: the prefetch parser). */
uint32_t *agc_dcb_copy_data(struct agc_cb *cb, uint8_t dst, uint8_t dst_cache_policy,
                            uint64_t dst_address, uint8_t src, uint8_t src_cache_policy,
                            uint64_t src_address_or_immediate, uint8_t item_size,
                            uint8_t write_confirm) {
  return copy_data(cb, (unsigned)dst >> 1, (unsigned)src >> 1, src & 1u, dst_cache_policy,
                   dst_address, src_cache_policy, src_address_or_immediate, item_size,
                   write_confirm);
}

/* CLEAR_STATE (2): CMD (3:0; 0 clear, 1 push, 2 pop, 3 push and clear). */
uint32_t *agc_dcb_clear_state(struct agc_cb *cb, uint32_t command) {
  if (command > 0xF) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 2);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_CLEAR_STATE, 1);
  p[1] = command;
  return p;
}

/* GET_LOD_STATS (5): the buffer's size in bytes; its address (64-byte aligned) lo, hi;
 * INTERVAL (9:2), RESET_CNT (17:10), RESET_FORCE (18), REPORT_AND_RESET (19), CACHE_POLICY
 * (29:28). */
uint32_t *agc_dcb_get_lod_stats(struct agc_cb *cb, uint8_t cache_policy, uint64_t buffer,
                                uint32_t buffer_bytes, uint32_t reset_count, uint8_t force_reset,
                                uint8_t report_and_reset, uint32_t interval_100k_clocks) {
  if (cache_policy > 3 || (buffer & 0x3F) || reset_count > 0xFF || force_reset > 1 ||
      report_and_reset > 1 || interval_100k_clocks > 0xFF)
    return NULL;
  uint32_t *p = agc_cb_alloc(cb, 5);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_GET_LOD_STATS, 4);
  p[1] = buffer_bytes;
  p[2] = (uint32_t)buffer;
  p[3] = (uint32_t)(buffer >> 32);
  p[4] = interval_100k_clocks << 2 | reset_count << 10 | (uint32_t)force_reset << 18 |
         (uint32_t)report_and_reset << 19 | (uint32_t)cache_policy << 28;
  return p;
}
