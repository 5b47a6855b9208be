/* The builders (agc.h): each writes one packet into the command buffer. Layouts: the GFX10
 * PM4 packets (gpu/cp/pm4.h: header (3 << 30) | (body - 1) << 16 | opcode << 8) and Sony's
 * driver packets in a NOP (gpu/cp/agc_packets.def, sub-selector in header bits 7:2); the
 * argument checks are the console library's (docs/agc.md). A builder that refuses its
 * arguments or finds no room returns NULL and writes nothing. */
#include <string.h>

#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceVideoOut/videoout.h"

/* A NOP header carrying driver packet SUB with BODY dwords. */
static uint32_t nop_header(unsigned sub, unsigned body) {
  return pm4_type3(PM4_NOP, body) | (sub & 0x3fu) << 2;
}

/* COMPUTE_DISPATCH_INITIATOR as the library builds it from a dispatch modifier: the
 * modifier's bits 3-5 (ORDERED_APPEND_ENBL, ORDERED_APPEND_MODE, USE_THREAD_DIMENSIONS),
 * 13 and 15 (CS_W32_EN) kept; COMPUTE_SHADER_EN (0) and ORDER_MODE (6) set. */
static uint32_t dispatch_initiator(uint32_t modifier) { return (modifier & 0xA038u) | 0x41u; }

/* ---- register writes ---- */

static uint32_t *set_register(struct agc_cb *cb, unsigned opcode, uint64_t reg) {
  uint32_t off = AGC_REG_OFFSET(reg);
  if (off > 0xffff) return NULL; /* the packet's offset field is 16 bits */
  uint32_t *p = agc_cb_alloc(cb, 3);
  if (!p) return NULL;
  p[0] = pm4_type3(opcode, 2);
  p[1] = off;
  p[2] = AGC_REG_VALUE(reg);
  return p;
}

uint32_t *agc_dcb_set_cf_register_direct(struct agc_cb *cb, uint64_t reg) {
  return set_register(cb, PM4_SET_CONFIG_REG, reg);
}
uint32_t *agc_dcb_set_cx_register_direct(struct agc_cb *cb, uint64_t reg) {
  return set_register(cb, PM4_SET_CONTEXT_REG, reg);
}
uint32_t *agc_dcb_set_sh_register_direct(struct agc_cb *cb, uint64_t reg) {
  return set_register(cb, PM4_SET_SH_REG, reg);
}
uint32_t *agc_dcb_set_uc_register_direct(struct agc_cb *cb, uint64_t reg) {
  return set_register(cb, PM4_SET_UCONFIG_REG, reg);
}
uint32_t agc_dcb_set_register_direct_get_size(void) { return 3 * 4; }

/* One SET_*_REG of COUNT consecutive registers from OFFSET; VALUES NULL reserves the values
 * (left as they are, for the caller to fill). */
static uint32_t *set_range(struct agc_cb *cb, unsigned opcode, uint32_t offset,
                           const uint32_t *values, uint32_t count) {
  if (count == 0 || count > 0x3fff - 1 || offset > 0xffff || offset + count - 1 > 0xffff)
    return NULL;
  uint32_t *p = agc_cb_alloc(cb, count + 2);
  if (!p) return NULL;
  p[0] = pm4_type3(opcode, count + 1);
  p[1] = offset;
  if (values) memcpy(&p[2], values, (size_t)count * 4);
  return p;
}

uint32_t *agc_dcb_set_cf_register_range_direct(struct agc_cb *cb, uint32_t offset,
                                               const uint32_t *values, uint32_t count) {
  return set_range(cb, PM4_SET_CONFIG_REG, offset, values, count);
}
uint32_t *agc_cb_set_sh_register_range_direct(struct agc_cb *cb, uint32_t offset,
                                              const uint32_t *values, uint32_t count) {
  return set_range(cb, PM4_SET_SH_REG, offset, values, count);
}
uint32_t *agc_cb_set_uc_register_range_direct(struct agc_cb *cb, uint32_t offset,
                                              const uint32_t *values, uint32_t count) {
  return set_range(cb, PM4_SET_UCONFIG_REG, offset, values, count);
}
uint32_t agc_cb_set_register_range_direct_get_size(uint32_t count) { return (count + 2) * 4; }

/* A list of registers: each run of consecutive offsets becomes one packet. */
static uint32_t *set_list(struct agc_cb *cb, unsigned opcode, const struct agc_shader_register *r,
                          uint32_t count) {
  if (!cb || !r || count == 0) return NULL;
  uint32_t need = 0;
  for (uint32_t i = 0; i < count;) {
    if (r[i].offset > 0xffff) return NULL;
    uint32_t n = 1;
    while (i + n < count && r[i + n].offset == r[i].offset + n && n < 0x3ffe) n++;
    need += n + 2;
    i += n;
  }
  uint32_t *p = agc_cb_alloc(cb, need), *w = p;
  if (!p) return NULL;
  for (uint32_t i = 0; i < count;) {
    uint32_t n = 1;
    while (i + n < count && r[i + n].offset == r[i].offset + n && n < 0x3ffe) n++;
    *w++ = pm4_type3(opcode, n + 1);
    *w++ = r[i].offset;
    for (uint32_t k = 0; k < n; k++) *w++ = r[i + k].value;
    i += n;
  }
  return p;
}

uint32_t *agc_cb_set_sh_registers_direct(struct agc_cb *cb, const struct agc_shader_register *regs,
                                         uint32_t count) {
  return set_list(cb, PM4_SET_SH_REG, regs, count);
}
uint32_t *agc_cb_set_uc_registers_direct(struct agc_cb *cb, const struct agc_shader_register *regs,
                                         uint32_t count) {
  return set_list(cb, PM4_SET_UCONFIG_REG, regs, count);
}
uint32_t agc_cb_set_registers_direct_get_size(uint32_t count) {
  return count * 12; /* every register in its own packet: the most it can take */
}

/* ---- dispatch ---- */

uint32_t *agc_cb_dispatch(struct agc_cb *cb, uint32_t x, uint32_t y, uint32_t z,
                          uint32_t modifier) {
  uint32_t *p = agc_cb_alloc(cb, 5);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_DISPATCH_DIRECT, 4);
  p[1] = x;
  p[2] = y;
  p[3] = z;
  p[4] = dispatch_initiator(modifier);
  return p;
}
uint32_t agc_cb_dispatch_get_size(void) { return 5 * 4; }

uint32_t *agc_dcb_dispatch_indirect(struct agc_cb *cb, uint32_t data_offset, uint32_t modifier) {
  uint32_t *p = agc_cb_alloc(cb, 3);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_DISPATCH_INDIRECT, 2);
  p[1] = data_offset;
  p[2] = dispatch_initiator(modifier);
  return p;
}
uint32_t agc_dcb_dispatch_indirect_get_size(void) { return 3 * 4; }

uint32_t *agc_acb_dispatch_indirect(struct agc_cb *cb, uint64_t args, uint32_t modifier) {
  uint32_t *p = agc_cb_alloc(cb, 4);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_DISPATCH_INDIRECT, 3);
  p[1] = (uint32_t)args;
  p[2] = (uint32_t)(args >> 32);
  p[3] = dispatch_initiator(modifier);
  return p;
}
uint32_t agc_acb_dispatch_indirect_get_size(void) { return 4 * 4; }

/* ---- memory, labels, events ---- */

uint32_t *agc_cb_release_mem(struct agc_cb *cb, uint8_t action, uint16_t gcr_cntl, uint8_t dst,
                             uint8_t cache_policy, uint64_t address, uint8_t data_sel,
                             uint64_t data, uint16_t gds_offset, uint16_t gds_size,
                             uint8_t interrupt, uint32_t interrupt_ctx_id) {
  /* the library's checks: memory or GDS destination, data selects 0-3, no GDS offset,
   * interrupt selects 0-6 (4-6 without cache actions), 5 and 6 with an aligned address */
  if (dst > 1 || data_sel > 3 || gds_offset != 0 || gds_size > 2 || interrupt > 6) return NULL;
  if (interrupt >= 4 && gcr_cntl != 0) return NULL;
  if (interrupt == 5 && (address == 0 || (address & 3))) return NULL;
  if (interrupt == 6 && (address == 0 || (address & 7))) return NULL;
  /* ours: values the packet's fields cannot hold (an event type is 6 bits, GCR_CNTL 12,
   * CACHE_POLICY 2) */
  if (action > 0x3f || gcr_cntl > 0xfff || cache_policy > 3) return NULL;
  if (interrupt == 4) address = data = 0; /* interrupt only */
  LOG_ONCE(hle, STUB,
           "sceAgcCbReleaseMem: RELEASE_MEM as measured for the cache policy 0, data selects 0-1 "
           "and no interrupt; the other fields are mapped onto the GFX10 fields of their name "
           "(docs/agc.md)");
  uint32_t *p = agc_cb_alloc(cb, 8);
  if (!p) return NULL;
  /* header; event dword; DST_SEL (17:16), INT_SEL (26:24), DATA_SEL (31:29); address lo, hi;
   * data lo, hi; INT_CTXID */
  p[0] = pm4_type3(PM4_RELEASE_MEM, 7);
  p[1] = agc_release_mem_event(action, gcr_cntl, cache_policy);
  p[2] = (uint32_t)dst << 16 | (uint32_t)interrupt << 24 | (uint32_t)data_sel << 29;
  p[3] = (uint32_t)address;
  p[4] = (uint32_t)(address >> 32);
  p[5] = (uint32_t)data;
  p[6] = (uint32_t)(data >> 32);
  p[7] = interrupt_ctx_id & 0x0fffffffu; /* INT_CTXID, 28 bits (PAL; the console's 0x08000102) */
  return p;
}
uint32_t agc_cb_queue_end_of_pipe_action_get_size(void) { return 8 * 4; }

uint32_t *agc_dcb_write_data(struct agc_cb *cb, uint8_t dst, uint8_t cache_policy, uint64_t address,
                             const uint32_t *data, uint32_t count, uint8_t increment,
                             uint8_t write_confirm) {
  if (address == 0 || !data || count > 0x3ffd) return NULL;
  uint32_t *p = agc_cb_alloc(cb, count + 4);
  if (!p) return NULL;
  p[0] = nop_header(PM4_DRV_WRITE_DATA, count + 3);
  p[1] =
      dst | (uint32_t)cache_policy << 8 | (uint32_t)increment << 16 | (uint32_t)write_confirm << 24;
  p[2] = (uint32_t)address;
  p[3] = (uint32_t)(address >> 32);
  memcpy(&p[4], data, (size_t)count * 4);
  return p;
}
uint32_t agc_dcb_write_data_get_size(uint32_t count) { return (count + 4) * 4; }

uint32_t *agc_dcb_acquire_mem(struct agc_cb *cb, uint8_t engine, uint32_t cb_db_op,
                              uint32_t gcr_cntl, uint64_t base, uint64_t size,
                              uint32_t poll_cycles) {
  bool whole = size == UINT64_MAX; /* no range: everything */
  if (engine > 1 || (base & 0xff) || (base >> 40)) return NULL;
  if (!whole && ((size & 0xff) || (size >> 40))) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 8);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_ACQUIRE_MEM, 7); /* the GFX10 packet itself (measured header) */
  p[1] = (uint32_t)engine << 31 | cb_db_op;
  p[2] = whole ? 0 : (uint32_t)(size >> 8);
  p[3] = 0;
  p[4] = (uint32_t)(base >> 8);
  p[5] = 0;
  p[6] = poll_cycles / 40;
  p[7] = gcr_cntl;
  return p;
}
uint32_t agc_dcb_acquire_mem_get_size(void) { return 8 * 4; }

uint32_t *agc_acb_acquire_mem(struct agc_cb *cb, uint32_t gcr_cntl, uint64_t base, uint64_t size,
                              uint32_t poll_cycles) {
  return agc_dcb_acquire_mem(cb, 1, 0, gcr_cntl, base, size, poll_cycles);
}

uint32_t *agc_cb_nop(struct agc_cb *cb, uint32_t dwords) {
  if (dwords < 2 || dwords > 0x4001) return NULL;
  uint32_t *p = agc_cb_alloc(cb, dwords);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_NOP, dwords - 1);
  memset(&p[1], 0, (size_t)(dwords - 1) * 4);
  return p;
}
uint32_t agc_cb_nop_get_size(uint32_t dwords) { return dwords * 4; }

/* The marker register the console's builders tag: user config 0x342 (SQ_THREAD_TRACE_USERDATA_2
 * in AMD's register headers), written with SET_UCONFIG_REG whose header has bit 2
 * (RESET_FILTER_CAM) set in the graphics forms and clear in the compute forms (measured:
 * obSCEne's checks 166-agc/dcb-push-marker and acb-push-marker, as the Orbistoun project,
 * project-oops/Orbistoun, records them in crates/orbistoun-hle/data/knowledge/libSceAgc.toml
 * and its packet builders). */
#define MARKER_REG 0x342u
#define MARKER_HEADER_DCB 0xC0017904u
#define MARKER_HEADER_ACB 0xC0017900u
#define MARKER_PAIR_HEADER_DCB 0xC0027904u
#define MARKER_PAIR_HEADER_ACB 0xC0027900u
#define MARKER_PUSH 0xC1000000u /* PushMarker's value (measured, one call) */
#define MARKER_POP 0xC2000000u  /* PopMarker's value (measured) */

static uint32_t *marker(struct agc_cb *cb, uint32_t header, uint32_t value) {
  uint32_t *p = agc_cb_alloc(cb, 3);
  if (!p) return NULL;
  p[0] = header;
  p[1] = MARKER_REG;
  p[2] = value;
  return p;
}

/* Push/PopMarker: the console writes 12 bytes, the marker register's tag alone; the string is
 * not in the packet (it is not read here). */
uint32_t *agc_dcb_push_marker(struct agc_cb *cb, const char *name) {
  (void)name;
  LOG_ONCE(hle, STUB,
           "sceAgcDcbPushMarker: the marker value 0xC1000000 is measured for one call; whether "
           "the string or a colour argument changes it is not known (docs/agc.md)");
  return marker(cb, MARKER_HEADER_DCB, MARKER_PUSH);
}

uint32_t *agc_dcb_pop_marker(struct agc_cb *cb) {
  return marker(cb, MARKER_HEADER_DCB, MARKER_POP);
}

uint32_t *agc_acb_push_marker(struct agc_cb *cb, const char *name) {
  (void)name;
  LOG_ONCE(hle, STUB,
           "sceAgcAcbPushMarker: the compute form's header is measured, its value is the graphics "
           "form's (docs/agc.md)");
  return marker(cb, MARKER_HEADER_ACB, MARKER_PUSH);
}

uint32_t *agc_acb_pop_marker(struct agc_cb *cb) {
  LOG_ONCE(hle, STUB,
           "sceAgcAcbPopMarker: the compute form's header is measured, its value is the graphics "
           "form's (docs/agc.md)");
  return marker(cb, MARKER_HEADER_ACB, MARKER_POP);
}

/* sceAgcDcbSetFlip: sceAgcDriverSetFlip's 64 dwords with its third argument 0 (the console's
 * library calls the driver's function so, in one public reading of the two libraries; the
 * captured words agree: agc_driver.c). An index the driver refuses writes nothing. So does a
 * flip of a display buffer with no buffer registered, or of a port that is not open: the
 * console writes nothing and answers NULL (obSCEne's check 166-agc/dcb-set-flip: index 4 with
 * two buffers registered, and no port; as the Orbistoun project records it). The blank
 * indices -1 and -2 need no buffer. */
uint32_t *agc_dcb_set_flip(struct agc_cb *cb, uint32_t handle, int32_t index, uint32_t mode,
                           int64_t arg) {
  if (index < -2 || index > 15) return NULL;
  struct videoout_flip_status status;
  if (videoout_get_flip_status((int32_t)handle, &status) != 0) {
    LOG_ONCE(hle, GAME_ERROR, "sceAgcDcbSetFlip: video out handle %u is not open: nothing written",
             handle);
    return NULL;
  }
  if (index >= 0 && videoout_buffer_registered((int32_t)handle, index) != 1) {
    LOG_ONCE(hle, GAME_ERROR,
             "sceAgcDcbSetFlip: no buffer is registered at display buffer %d: nothing written",
             index);
    return NULL;
  }
  uint32_t *p = agc_cb_alloc(cb, AGC_DRIVER_SET_FLIP_DWORDS);
  if (!p) return NULL;
  uint32_t *cursor = p;
  if (agc_driver_set_flip(&cursor, AGC_DRIVER_SET_FLIP_DWORDS, 0, handle, index, mode, arg) != 0)
    return NULL; /* not reached: the arguments were checked */
  return p;
}

/* sceAgcDcbWaitUntilSafeForRendering: sceAgcDriverWaitUntilSafeForRendering's 32 dwords (the
 * console's form writes the same words: obSCEne's check 166-agc/dcb-wait-until-safe-for-
 * rendering with a port open, buffers 0, 1 and 4, as the Orbistoun project records it in
 * crates/orbistoun-hle/data/knowledge/libSceAgc.toml; the cursor advances 32 dwords and the
 * packet's address is returned). With no port open at HANDLE the console writes nothing and
 * answers NULL (measured); so does this one. */
uint32_t *agc_dcb_wait_until_safe_for_rendering(struct agc_cb *cb, uint32_t handle,
                                                uint32_t index) {
  if (index > 15) return NULL; /* not a display buffer (ours: the driver's refusal) */
  struct videoout_flip_status status;
  if (videoout_get_flip_status((int32_t)handle, &status) != 0) return NULL;
  uint32_t *p = agc_cb_alloc(cb, AGC_DRIVER_WAIT_RENDERING_DWORDS);
  if (!p) return NULL;
  uint32_t *cursor = p;
  if (agc_driver_wait_until_safe_for_rendering(&cursor, AGC_DRIVER_WAIT_RENDERING_DWORDS, 0, handle,
                                               (int32_t)index) != 0)
    return NULL; /* not reached: the arguments were checked */
  return p;
}

/* sceAgcAcbWaitUntilSafeForRendering: WAIT_FLIP_DONE (7): video out handle, display buffer
 * index, 4 reserved dwords; the command processor holds the queue there while a flip of the
 * buffer is queued (docs/agc.md). The console's words for the compute form are not measured. */
uint32_t *agc_acb_wait_until_safe_for_rendering(struct agc_cb *cb, uint32_t handle,
                                                uint32_t index) {
  if (index > 15) return NULL; /* not a display buffer */
  LOG_ONCE(hle, STUB,
           "sceAgcAcbWaitUntilSafeForRendering: the driver packet WAIT_FLIP_DONE stands for the "
           "console's words, which are not known (docs/agc.md)");
  uint32_t *p = agc_cb_alloc(cb, 7);
  if (!p) return NULL;
  p[0] = nop_header(PM4_DRV_WAIT_FLIP_DONE, 6);
  p[1] = handle;
  p[2] = index;
  p[3] = p[4] = p[5] = p[6] = 0;
  return p;
}

/* WaitRegMem as the console writes it (obSCEne's check 166-agc/dcb-wait-reg-mem, measured one
 * argument at a time, and the three packets' headers at zero arguments for both forms, as the
 * Orbistoun project records them: its knowledge file and crates/orbistoun-gpu packet builder
 * wait_reg_mem):
 *   0  SET_UCONFIG_REG of 0x342-0x343: tag 0xC8010000 (32 bits) / 0xC8020000 (64 bits), the
 *      poll address's low 32 bits as given
 *   4  WAIT_REG_MEM (7) / WAIT_REG_MEM64 (9): control = MEM_SPACE 1 (bit 4) | FUNCTION (2:0) |
 *      OPERATION | CACHE_POLICY (26:25); the address (4 / 8 aligned) lo, its high dword's 18
 *      bits; the reference; the mask (each lo, hi for 64 bits); the poll interval = cycles / 16
 *      (at most 0xFFFF). OPERATION's two low bits go to 9:8 in the 32-bit form (measured) and
 *      its bits 3:2 to 7:6; in the 64-bit form its bit 0 goes to 8 and bits 2:1 to 7:6 (the
 *      OpenAGC project's reading of the library, which also gives the 64-bit order and the
 *      refusals: size > 1, function > 7, operation > 4, cache policy > 3)
 *  11/13  SET_UCONFIG_REG of 0x342: 0xC8000000
 * 14 or 16 dwords. The compute form's headers have bit 2 clear (measured). */
#define WAIT_TAG 0xC8000000u
#define WAIT_AT 4u /* where the WAIT_REG_MEM starts */

static uint32_t *wait_reg_mem(struct agc_cb *cb, bool dcb, uint32_t size, uint32_t func,
                              uint32_t operation, uint32_t cache_policy, uint64_t address,
                              uint64_t reference, uint64_t mask, uint32_t poll_cycles) {
  if (size > 1 || func > 7 || operation > 4 || cache_policy > 3) return NULL;
  const bool wide = size == 1;
  const uint32_t poll = poll_cycles >> 4 > 0xffff ? 0xffff : poll_cycles >> 4;
  const uint32_t n = wide ? 16 : 14;
  uint32_t *p = agc_cb_alloc(cb, n);
  if (!p) return NULL;
  p[0] = dcb ? MARKER_PAIR_HEADER_DCB : MARKER_PAIR_HEADER_ACB;
  p[1] = MARKER_REG;
  p[2] = WAIT_TAG | (wide ? 0x20000u : 0x10000u);
  p[3] = (uint32_t)address;
  uint32_t *w = p + WAIT_AT;
  const uint64_t aligned = address & (wide ? ~7ull : ~3ull);
  w[0] = pm4_type3(wide ? PM4_WAIT_REG_MEM64 : PM4_WAIT_REG_MEM, wide ? 8 : 6);
  const uint32_t op = wide ? (operation & 1u) << 8 | (operation & 6u) << 5
                           : (operation & 3u) << 8 | (operation & 0xcu) << 4;
  w[1] = 0x10u | (func & 7u) | op | (cache_policy & 3u) << 25;
  w[2] = (uint32_t)aligned;
  w[3] = (uint32_t)(aligned >> 32) & 0x3ffffu;
  if (wide) {
    w[4] = (uint32_t)reference;
    w[5] = (uint32_t)(reference >> 32);
    w[6] = (uint32_t)mask;
    w[7] = (uint32_t)(mask >> 32);
    w[8] = poll;
  } else {
    w[4] = (uint32_t)reference;
    w[5] = (uint32_t)mask;
    w[6] = poll;
  }
  uint32_t *end = p + n - 3;
  end[0] = dcb ? MARKER_HEADER_DCB : MARKER_HEADER_ACB;
  end[1] = MARKER_REG;
  end[2] = WAIT_TAG;
  return p;
}

uint32_t *agc_dcb_wait_reg_mem(struct agc_cb *cb, uint32_t size, uint32_t func, uint32_t operation,
                               uint32_t cache_policy, uint64_t address, uint64_t reference,
                               uint64_t mask, uint32_t poll_cycles) {
  return wait_reg_mem(cb, true, size, func, operation, cache_policy, address, reference, mask,
                      poll_cycles);
}

uint32_t *agc_acb_wait_reg_mem(struct agc_cb *cb, uint32_t size, uint32_t func,
                               uint32_t cache_policy, uint64_t address, uint64_t reference,
                               uint64_t mask, uint32_t poll_cycles) {
  return wait_reg_mem(cb, false, size, func, 0, cache_policy, address, reference, mask,
                      poll_cycles);
}

uint32_t *agc_dcb_event_write(struct agc_cb *cb, uint8_t event_type, uint64_t address) {
  bool sample = (event_type & ~1u) == 0x38; /* the two counter-sampling types */
  if (event_type > 0x3f || (address && !sample)) return NULL;
  uint32_t *p = agc_cb_alloc(cb, sample ? 4 : 2);
  if (!p) return NULL;
  /* the partial flushes (CS 0x07, VS 0x0F, PS 0x10) carry EVENT_INDEX 4 */
  bool partial_flush = event_type == 0x07 || event_type == 0x0F || event_type == 0x10;
  p[0] = pm4_type3(PM4_EVENT_WRITE, sample ? 3 : 1);
  p[1] = event_type | (sample ? 1u << 8 : partial_flush ? 4u << 8 : 0);
  if (sample) {
    p[2] = (uint32_t)address & ~7u;
    p[3] = (uint32_t)(address >> 32);
  }
  return p;
}

uint32_t *agc_dcb_jump(struct agc_cb *cb, uint32_t mode, uint32_t cache_policy, uint64_t target,
                       uint32_t size) {
  if (mode > 1 || cache_policy > 3) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 4);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_INDIRECT_BUFFER, 3);
  p[1] = (uint32_t)target;
  p[2] = (uint32_t)(target >> 32) & 0xffffu;
  /* IB_SIZE (19:0), CHAIN (20), the library's constant bits 21 and 27:24, CACHE_POLICY */
  p[3] = 0x0F200000u | cache_policy << 28 | mode << 20 | (size & 0xfffffu);
  return p;
}
uint32_t agc_dcb_jump_get_size(void) { return 4 * 4; }
