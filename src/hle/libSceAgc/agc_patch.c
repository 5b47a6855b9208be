/* Predication and the patch functions of the GFX10 packets the builders write (agc.h): they
 * change a packet already in a command buffer. A patch of a packet of another kind returns
 * AGC_ERROR_INVALID_PACKET and changes nothing (docs/agc.md). */
#include <stddef.h>

#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

/* The packet at CMD when it is a type-3 OPCODE packet of DWORDS dwords, else NULL. */
static uint32_t *packet(uint32_t *cmd, unsigned opcode, unsigned dwords) {
  if (!cmd || (cmd[0] & ~1u) != pm4_type3(opcode, dwords - 1)) return NULL;
  return cmd;
}

/* SET_PREDICATION: PRED_BOOL (8) = CONDITION, HINT (12) = WAIT_OP, PRED_OP (18:16) = OP; the
 * 16-byte aligned address. COUNT is not part of the packet. */
uint32_t *agc_dcb_set_predication(struct agc_cb *cb, uint8_t condition, uint8_t op, uint8_t wait_op,
                                  uint64_t address, uint32_t count) {
  (void)count;
  if (condition > 1 || op > 7 || wait_op > 1) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 4);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_SET_PREDICATION, 3);
  p[1] = (uint32_t)condition << 8 | (uint32_t)wait_op << 12 | (uint32_t)op << 16;
  p[2] = (uint32_t)address & ~0xFu;
  p[3] = (uint32_t)(address >> 32);
  return p;
}

/* The dwords of the packet at P: a type-3 header's count + 2, 1 for a header-only NOP (count
 * 0x3FFF), a type-0 header's count + 2, 1 for a type-2 filler; 0 for a type-1 header. */
static uint32_t packet_dwords(const uint32_t *p) {
  uint32_t h = p[0], type = h >> 30, count = (h >> 16) & 0x3FFF;
  if (type == 2) return 1;
  if (type == 1) return 0;
  if (type == 3 && count == 0x3FFF) return 1;
  return count + 2;
}

/* A type-3 packet's dwords: count + 2, 1 for a header-only NOP (opcode 0x10, count 0x3FFF);
 * 0 for another header. */
uint32_t agc_get_packet_size(const uint32_t *packet_at) {
  if (!packet_at || packet_at[0] >> 30 != 3) return 0;
  if ((packet_at[0] & 0x3FFFFF00u) == 0x3FFF1000u) return 1;
  return ((packet_at[0] >> 16) & 0x3FFF) + 2;
}

int agc_set_packet_predication(uint32_t *packet_at, uint32_t predication) {
  if (!packet_at || packet_at[0] >> 30 != 3) return AGC_ERROR_INVALID_PACKET;
  packet_at[0] = (packet_at[0] & ~1u) | ((predication & 0xFF) == 1); /* PREDICATE (bit 0) */
  return 0;
}

int agc_set_range_predication(uint32_t *start, const uint32_t *end, uint32_t predication) {
  if (!start || !end) return AGC_ERROR_INVALID_PACKET;
  /* check the whole range first: a range that does not end on a packet changes nothing */
  const uint32_t *q = start;
  while (q < end) {
    uint32_t n = packet_dwords(q);
    if (n == 0 || q[0] >> 30 != 3) return AGC_ERROR_INVALID_PACKET;
    q += n;
  }
  if (q != end) return AGC_ERROR_INVALID_PACKET;
  for (uint32_t *p = start; p < end; p += packet_dwords(p))
    agc_set_packet_predication(p, predication);
  return 0;
}

int agc_dma_data_patch_set_dst(uint32_t *cmd, uint64_t address) {
  uint32_t *p = agc_packet_with_opcode(cmd, PM4_DMA_DATA);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[4] = (uint32_t)address;
  p[5] = (uint32_t)(address >> 32);
  return 0;
}

int agc_dma_data_patch_set_src(uint32_t *cmd, uint64_t address_or_data) {
  uint32_t *p = agc_packet_with_opcode(cmd, PM4_DMA_DATA);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[2] = (uint32_t)address_or_data;
  p[3] = (uint32_t)(address_or_data >> 32);
  return 0;
}

/* COND_EXEC's address: dword 1 bits 31:2 (bits 1:0 kept), dword 2 the high 32 bits. */
int agc_cond_exec_patch_set_command_address(uint32_t *cmd, uint64_t address) {
  uint32_t *p = agc_packet_with_opcode(cmd, PM4_COND_EXEC);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[1] = (p[1] & 3u) | ((uint32_t)address & ~3u);
  p[2] = (uint32_t)(address >> 32);
  return 0;
}

/* EXEC_COUNT = the dwords from the end of the packet to END. */
int agc_cond_exec_patch_set_end(uint32_t *cmd, const uint32_t *end) {
  uint32_t *p = packet(cmd, PM4_COND_EXEC, 5);
  if (!p || !end || end < p + 5 || end - (p + 5) > 0x3FFF) return AGC_ERROR_INVALID_PACKET;
  p[4] = (p[4] & ~0x3FFFu) | (uint32_t)(end - (p + 5));
  return 0;
}

/* REWIND: the command processor waits at the packet until its VALID bit (31) is set; the
 * initial state is that bit, RewindPatchSetRewindState sets or clears it later. */
uint32_t *agc_dcb_rewind(struct agc_cb *cb, uint32_t initial_state) {
  if (initial_state > 1) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 2);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_REWIND, 1);
  p[1] = initial_state << 31;
  return p;
}
uint32_t agc_dcb_rewind_get_size(void) { return 2 * 4; }

int agc_rewind_patch_set_rewind_state(uint32_t *cmd, uint8_t state) {
  uint32_t *p = packet(cmd, PM4_REWIND, 2);
  if (!p || state > 1) return AGC_ERROR_INVALID_PACKET;
  __atomic_store_n(&p[1], (p[1] & 0x7FFFFFFFu) | (uint32_t)state << 31, __ATOMIC_RELEASE);
  return 0;
}

/* COND_INDIRECT_BUFFER (INDIRECT_BUFFER's opcode with 13 body dwords): MODE (1 then, 2
 * then-else) and FUNCTION; the 8-aligned address of the 64-bit value, mask, reference; then
 * the two buffers (address, IB_SIZE 19:0 + CACHE_POLICY 29:28), each called like
 * INDIRECT_BUFFER's. */
uint32_t *agc_cb_branch(struct agc_cb *cb, uint8_t mode, uint8_t func, uint64_t compare_address,
                        uint64_t mask, uint64_t reference, uint8_t cache_policy1, uint64_t then_ib,
                        uint32_t then_dwords, uint8_t cache_policy2, uint64_t else_ib,
                        uint32_t else_dwords) {
  if (mode < 1 || mode > 2 || func > 6 || cache_policy1 > 3 || cache_policy2 > 3) return NULL;
  if ((compare_address & 7) || then_dwords > 0xFFFFF || else_dwords > 0xFFFFF) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 14);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_INDIRECT_BUFFER, 13);
  p[1] = mode | (uint32_t)func << 8;
  p[2] = (uint32_t)compare_address;
  p[3] = (uint32_t)(compare_address >> 32);
  p[4] = (uint32_t)mask;
  p[5] = (uint32_t)(mask >> 32);
  p[6] = (uint32_t)reference;
  p[7] = (uint32_t)(reference >> 32);
  p[8] = (uint32_t)then_ib & ~3u;
  p[9] = (uint32_t)(then_ib >> 32);
  p[10] = then_dwords | (uint32_t)cache_policy1 << 28;
  p[11] = (uint32_t)else_ib & ~3u;
  p[12] = (uint32_t)(else_ib >> 32);
  p[13] = else_dwords | (uint32_t)cache_policy2 << 28;
  return p;
}
uint32_t agc_cb_branch_get_size(void) { return 14 * 4; }

/* CbBranch's COND_INDIRECT_BUFFER: the compare address (8-aligned), the then buffer (dwords
 * 8-10) or the else buffer (11-13), their cache policies kept. */
int agc_branch_patch_set_compare_address(uint32_t *cmd, uint64_t address) {
  uint32_t *p = packet(cmd, PM4_INDIRECT_BUFFER, 14);
  if (!p || (address & 7)) return AGC_ERROR_INVALID_PACKET;
  p[2] = (uint32_t)address;
  p[3] = (uint32_t)(address >> 32);
  return 0;
}

static int branch_target(uint32_t *cmd, unsigned at, uint64_t target, uint32_t dwords) {
  uint32_t *p = packet(cmd, PM4_INDIRECT_BUFFER, 14);
  if (!p || (target & 3) || dwords > 0xFFFFF) return AGC_ERROR_INVALID_PACKET;
  p[at] = (uint32_t)target;
  p[at + 1] = (uint32_t)(target >> 32);
  p[at + 2] = (p[at + 2] & 0xFFF00000u) | dwords;
  return 0;
}

int agc_branch_patch_set_then_target(uint32_t *cmd, uint64_t target, uint32_t dwords) {
  return branch_target(cmd, 8, target, dwords);
}

int agc_branch_patch_set_else_target(uint32_t *cmd, uint64_t target, uint32_t dwords) {
  return branch_target(cmd, 11, target, dwords);
}

/* The INDIRECT_BUFFER DcbJump wrote: its target (dword aligned) and IB_SIZE. */
int agc_jump_patch_set_target(uint32_t *cmd, uint64_t target, uint32_t dwords) {
  uint32_t *p = packet(cmd, PM4_INDIRECT_BUFFER, 4);
  if (!p || (target & 3) || dwords > 0xFFFFF) return AGC_ERROR_INVALID_PACKET;
  p[1] = (uint32_t)target;
  p[2] = (p[2] & 0xFFFF0000u) | ((uint32_t)(target >> 32) & 0xFFFFu);
  p[3] = (p[3] & 0xFFF00000u) | dwords;
  return 0;
}

/* Where a packet's data starts: TYPE 0 after the header (NULL for a header-only NOP, count
 * 0x3FFF), any other TYPE after the header and the register offset (SET_*_REG's values). */
int agc_get_data_packet_payload_address(uint32_t **out, uint32_t *cmd, int type) {
  if (!out || !cmd) return AGC_ERROR_INVALID_ARGUMENT;
  if (type != 0) *out = cmd + 2;
  else *out = (~cmd[0] & 0x3FFF0000u) ? cmd + 1 : NULL;
  return 0;
}
