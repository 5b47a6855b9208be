/* PM4 encoding for the CP unit tests, from AMD's public PM4 definitions: PKT3 a type-3
 * header (bits 31:30 = 3, 29:16 the body's dwords - 1, 15:8 the opcode), PKT0 a type-0 one
 * (29:16 the body's dwords - 1, 15:0 the register), DRV a driver packet (a NOP whose header
 * carries the sub-selector SUB from bit 2), LO/HI an address's dwords, and a register's
 * dword offset in the SH, context, user config and config spaces (byte address R); the
 * type-3 opcodes. */
#ifndef PROSPERO_TEST_CP_PM4_H
#define PROSPERO_TEST_CP_PM4_H

#include <stdint.h>

#define PKT3(op, body) (0xC0000000u | ((((body)-1u) & 0x3fffu) << 16) | ((op) << 8))
#define PKT0(reg, body) (((((body)-1u) & 0x3fffu) << 16) | (reg))
#define DRV(sub, body) (PKT3(0x10u, body) | (sub) << 2)
#define LO(a) ((uint32_t)(a))
#define HI(a) ((uint32_t)((a) >> 32))

/* the type-3 opcodes the tests use (AMD's PM4 packet definitions, GFX10) */
enum {
  NOP = 0x10,
  SET_BASE = 0x11,
  CLEAR_STATE = 0x12,
  DISPATCH_DIRECT = 0x15,
  DISPATCH_INDIRECT = 0x16,
  ATOMIC_MEM = 0x1E,
  SET_PREDICATION = 0x20,
  REG_RMW = 0x21,
  COND_EXEC = 0x22,
  PRED_EXEC = 0x23,
  DRAW_INDIRECT = 0x24,
  INDEX_BASE = 0x26,
  DRAW_INDEX_2 = 0x27,
  INDEX_TYPE = 0x2A,
  DRAW_INDEX_AUTO = 0x2D,
  NUM_INSTANCES = 0x2F,
  INDIRECT_BUFFER_CNST = 0x33,
  DRAW_INDEX_OFFSET_2 = 0x35,
  WRITE_DATA = 0x37,
  MEM_SEMAPHORE = 0x39,
  WAIT_REG_MEM = 0x3C,
  INDIRECT_BUFFER = 0x3F,
  COPY_DATA = 0x40,
  COND_WRITE = 0x45,
  EVENT_WRITE = 0x46,
  EVENT_WRITE_EOP = 0x47,
  EVENT_WRITE_EOS = 0x48,
  RELEASE_MEM = 0x49,
  DMA_DATA = 0x50,
  CONTEXT_REG_RMW = 0x51,
  ACQUIRE_MEM = 0x58,
  PRIME_UTCL2 = 0x5D,
  LOAD_UCONFIG_REG = 0x5E,
  LOAD_SH_REG = 0x5F,
  LOAD_CONFIG_REG = 0x60,
  LOAD_CONTEXT_REG = 0x61,
  LOAD_SH_REG_INDEX = 0x63,
  LOAD_UCONFIG_REG_INDEX = 0x64,
  SET_CONFIG_REG = 0x68,
  SET_CONTEXT_REG = 0x69,
  SET_CONTEXT_REG_INDEX = 0x6A,
  SET_CONTEXT_REG_INDIRECT = 0x73,
  GFX_PIPE_LOCK = 0x75,
  SET_SH_REG = 0x76,
  SET_SH_REG_OFFSET = 0x77,
  SET_UCONFIG_REG = 0x79,
  SET_UCONFIG_REG_INDEX = 0x7A,
  LOAD_CONST_RAM = 0x80,
  WRITE_CONST_RAM = 0x81,
  DUMP_CONST_RAM = 0x83,
  INCREMENT_CE_COUNTER = 0x84,
  INCREMENT_DE_COUNTER = 0x85,
  WAIT_ON_CE_COUNTER = 0x86,
  WAIT_ON_DE_COUNTER_DIFF = 0x88,
  SWITCH_BUFFER = 0x8B,
  GET_LOD_STATS = 0x8E,
  FRAME_CONTROL = 0x90,
  INDEX_ATTRIBUTES_INDIRECT = 0x91,
  WAIT_REG_MEM64 = 0x93,
  HDP_FLUSH = 0x95,
  INVALIDATE_TLBS = 0x98,
  SET_SH_REG_INDEX = 0x9B,
  DUMP_CONST_RAM_OFFSET = 0x9E,
  LOAD_CONTEXT_REG_INDEX = 0x9F,
};

#define SH_OFF(r) (((r)-0xB000u) / 4)
#define CTX_OFF(r) (((r)-0x28000u) / 4)
#define UC_OFF(r) (((r)-0x30000u) / 4)
#define CFG_OFF(r) (((r)-0x8000u) / 4)

#endif
