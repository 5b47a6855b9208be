/* The patches of the label and wait packets (agc.h): sceAgcQueueEndOfPipeActionPatch* change
 * the packet sceAgcCbReleaseMem wrote (the GFX10 RELEASE_MEM, as the console's library
 * writes it: agc_packets.c), sceAgcWaitRegMemPatch* the WAIT_REG_MEM(64) sceAgc*WaitRegMem
 * wrote (given the three packets' start, as the builder returns it; the address patch also
 * takes the wait itself; docs/agc.md). A packet of another kind or a value the field cannot hold
 * returns AGC_ERROR_INVALID_PACKET and changes nothing. */
#include <stddef.h>

#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

/* RELEASE_MEM (7 body dwords, its PREDICATE bit aside): the event dword (EVENT_TYPE 5:0,
 * EVENT_INDEX 11:8, GCR_CNTL 23:12, CACHE_POLICY 26:25); DST_SEL + INT_SEL + DATA_SEL
 * (31:29); address lo, hi; data lo, hi; INT_CTXID. */
static uint32_t *release_mem(uint32_t *cmd) {
  if (!cmd || (cmd[0] & ~1u) != pm4_type3(PM4_RELEASE_MEM, 7)) return NULL;
  return cmd;
}

int agc_queue_end_of_pipe_action_patch_address(uint32_t *cmd, uint64_t address) {
  uint32_t *p = release_mem(cmd);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[3] = (uint32_t)address;
  p[4] = (uint32_t)(address >> 32);
  return 0;
}

int agc_queue_end_of_pipe_action_patch_data(uint32_t *cmd, uint32_t context_id, uint32_t data_sel,
                                            uint64_t data) {
  uint32_t *p = release_mem(cmd);
  if (!p || data_sel > 3) return AGC_ERROR_INVALID_PACKET; /* the builder's data selects */
  p[2] = (p[2] & ~0xE0000000u) | data_sel << 29;
  p[5] = (uint32_t)data;
  p[6] = (uint32_t)(data >> 32);
  p[7] = context_id & 0x0fffffffu; /* INT_CTXID: 28 bits */
  return 0;
}

int agc_queue_end_of_pipe_action_patch_gcr_cntl(uint32_t *cmd, uint16_t gcr_cntl) {
  uint32_t *p = release_mem(cmd);
  if (!p || gcr_cntl > 0xFFF) return AGC_ERROR_INVALID_PACKET; /* a 12-bit field */
  p[1] = (p[1] & ~0x00FFF000u) | (uint32_t)gcr_cntl << 12;
  return 0;
}

/* The action is the event type; its EVENT_INDEX follows it as the builder's does. */
int agc_queue_end_of_pipe_action_patch_type(uint32_t *cmd, uint8_t action) {
  uint32_t *p = release_mem(cmd);
  if (!p || action > 0x3F) return AGC_ERROR_INVALID_PACKET; /* an event type */
  p[1] = (p[1] & ~0x00000F3Fu) | (agc_release_mem_event(action, 0, 0) & 0xF3Fu);
  return 0;
}

/* The WAIT_REG_MEM (control; address lo, hi; reference; mask; poll) or WAIT_REG_MEM64
 * (control; address lo, hi; reference lo, hi; mask lo, hi; poll) at CMD, or after the
 * SET_UCONFIG_REG of the marker register 0x342-0x343 that opens WaitRegMem's packets (4
 * dwords, either form's header); *WIDE tells which size. The PREDICATE bit aside. */
static uint32_t *wait_mem(uint32_t *cmd, bool *wide) {
  if (!cmd) return NULL;
  if (((cmd[0] & ~4u) == pm4_type3(PM4_SET_UCONFIG_REG, 3)) && cmd[1] == 0x342u) cmd += 4;
  const uint32_t h = cmd[0] & ~1u;
  *wide = h == pm4_type3(PM4_WAIT_REG_MEM64, 8);
  return *wide || h == pm4_type3(PM4_WAIT_REG_MEM, 6) ? cmd : NULL;
}

/* The reference, mask and function patches as the OpenAGC project reads the console's
 * (FW 5.50): CMD must be a packet whose opcode byte is 0x79 (SET_UCONFIG_REG: the marker
 * packet the builder returns), the wait is the packet after it (stepped by its length), and
 * its opcode byte must be 0x3C or 0x93; anything else, NULL included, is refused. */
static uint32_t *wait_after_marker(uint32_t *cmd, bool *wide) {
  if (!cmd || ((cmd[0] >> 8) & 0xffu) != PM4_SET_UCONFIG_REG) return NULL;
  uint32_t *w = cmd + ((cmd[0] >> 16) & 0x3fffu) + 2;
  const unsigned op = (w[0] >> 8) & 0xffu;
  *wide = op == PM4_WAIT_REG_MEM64;
  return *wide || op == PM4_WAIT_REG_MEM ? w : NULL;
}

/* The address (aligned as the builder aligns it); the marker register's copy of it in the
 * opening packet is left as it was (what the console's patch does with it is not known). */
int agc_wait_reg_mem_patch_address(uint32_t *cmd, uint64_t address) {
  bool wide;
  uint32_t *p = wait_mem(cmd, &wide);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  const uint64_t aligned = address & (wide ? ~7ull : ~3ull);
  p[2] = (uint32_t)aligned;
  p[3] = (uint32_t)(aligned >> 32);
  return 0;
}

/* The library changes the low 32 bits of the reference and of the mask only, for both
 * sizes (docs/agc.md). */
int agc_wait_reg_mem_patch_reference(uint32_t *cmd, uint64_t reference) {
  bool wide;
  uint32_t *p = wait_after_marker(cmd, &wide);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[4] = (uint32_t)reference;
  return 0;
}

int agc_wait_reg_mem_patch_mask(uint32_t *cmd, uint64_t mask) {
  bool wide;
  uint32_t *p = wait_after_marker(cmd, &wide);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[wide ? 6 : 5] = (uint32_t)mask;
  return 0;
}

/* The function's three bits go to the control dword's 2:0 (the others are dropped). */
int agc_wait_reg_mem_patch_compare_function(uint32_t *cmd, uint8_t func) {
  bool wide;
  uint32_t *p = wait_after_marker(cmd, &wide);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[1] = (p[1] & ~7u) | (func & 7u);
  return 0;
}
