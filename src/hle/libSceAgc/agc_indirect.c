/* Register writes read from memory (agc.h): sceAgcDcbSet{Cx,Sh,Uc}RegistersIndirect write
 * LOAD_CONTEXT_REG_INDEX (0x9F), LOAD_SH_REG_INDEX (0x63) or LOAD_UCONFIG_REG_INDEX (0x64),
 * 5 dwords, the headers measured on the console: the list's address (INDEX 0, direct), the
 * data format word 0x80000000 (DATA_FORMAT 1: offset and value pairs, the SceAgcShaderRegister
 * layout) and the register count. The patch functions change a written packet's address or
 * count in place (docs/agc.md). */
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

static uint32_t *regs_indirect(struct agc_cb *cb, unsigned opcode, uint64_t regs, uint32_t count) {
  if (count > 0x3FFF) return NULL;
  uint32_t *p = agc_cb_alloc(cb, 5);
  if (!p) return NULL;
  p[0] = pm4_type3(opcode, 4);
  p[1] = (uint32_t)regs & ~3u;
  p[2] = (uint32_t)(regs >> 32);
  p[3] = 0x80000000u; /* DATA_FORMAT 1, register offset 0 */
  p[4] = count;
  return p;
}

uint32_t *agc_dcb_set_cx_registers_indirect(struct agc_cb *cb, uint64_t regs, uint32_t count) {
  return regs_indirect(cb, PM4_LOAD_CONTEXT_REG_INDEX, regs, count);
}
uint32_t *agc_dcb_set_sh_registers_indirect(struct agc_cb *cb, uint64_t regs, uint32_t count) {
  return regs_indirect(cb, PM4_LOAD_SH_REG_INDEX, regs, count);
}
uint32_t *agc_dcb_set_uc_registers_indirect(struct agc_cb *cb, uint64_t regs, uint32_t count) {
  return regs_indirect(cb, PM4_LOAD_UCONFIG_REG_INDEX, regs, count);
}
uint32_t agc_dcb_set_registers_indirect_get_size(void) { return 5 * 4; }

/* The list's address: dword 1 bits 31:2 (bits 1:0 kept), dword 2 the high 32 bits. */
static int set_address(uint32_t *cmd, unsigned opcode, uint64_t regs) {
  uint32_t *p = agc_packet_with_opcode(cmd, opcode);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  p[1] = (p[1] & 3u) | ((uint32_t)regs & ~3u);
  p[2] = (uint32_t)(regs >> 32);
  return 0;
}
/* The count: dword 4 bits 13:0 (bits 31:14 kept), set or added to (wrapping in 14 bits). */
static int set_count(uint32_t *cmd, unsigned opcode, uint32_t count, bool add) {
  uint32_t *p = agc_packet_with_opcode(cmd, opcode);
  if (!p) return AGC_ERROR_INVALID_PACKET;
  uint32_t n = ((add ? p[4] : 0) + count) & 0x3FFFu;
  p[4] = (p[4] & ~0x3FFFu) | n;
  return 0;
}

int agc_set_cx_reg_indirect_patch_set_address(uint32_t *cmd, uint64_t regs) {
  return set_address(cmd, PM4_LOAD_CONTEXT_REG_INDEX, regs);
}
int agc_set_sh_reg_indirect_patch_set_address(uint32_t *cmd, uint64_t regs) {
  return set_address(cmd, PM4_LOAD_SH_REG_INDEX, regs);
}
int agc_set_uc_reg_indirect_patch_set_address(uint32_t *cmd, uint64_t regs) {
  return set_address(cmd, PM4_LOAD_UCONFIG_REG_INDEX, regs);
}
int agc_set_cx_reg_indirect_patch_set_num_registers(uint32_t *cmd, uint32_t count) {
  return set_count(cmd, PM4_LOAD_CONTEXT_REG_INDEX, count, false);
}
int agc_set_sh_reg_indirect_patch_set_num_registers(uint32_t *cmd, uint32_t count) {
  return set_count(cmd, PM4_LOAD_SH_REG_INDEX, count, false);
}
int agc_set_uc_reg_indirect_patch_set_num_registers(uint32_t *cmd, uint32_t count) {
  return set_count(cmd, PM4_LOAD_UCONFIG_REG_INDEX, count, false);
}
int agc_set_cx_reg_indirect_patch_add_registers(uint32_t *cmd, uint32_t count) {
  return set_count(cmd, PM4_LOAD_CONTEXT_REG_INDEX, count, true);
}
int agc_set_sh_reg_indirect_patch_add_registers(uint32_t *cmd, uint32_t count) {
  return set_count(cmd, PM4_LOAD_SH_REG_INDEX, count, true);
}
int agc_set_uc_reg_indirect_patch_add_registers(uint32_t *cmd, uint32_t count) {
  return set_count(cmd, PM4_LOAD_UCONFIG_REG_INDEX, count, true);
}
