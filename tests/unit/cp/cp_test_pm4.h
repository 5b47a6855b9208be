/* PM4 encoding for the CP unit tests, from AMD's public PM4 definitions: PKT3 a type-3
 * header (bits 31:30 = 3, 29:16 the body's dwords - 1, 15:8 the opcode), PKT0 a type-0 one
 * (29:16 the body's dwords - 1, 15:0 the register), DRV a driver packet (a NOP whose header
 * carries the sub-selector SUB from bit 2), LO/HI an address's dwords, and a register's
 * dword offset in the SH, context, user config and config spaces (byte address R). */
#ifndef PROSPERO_TEST_CP_PM4_H
#define PROSPERO_TEST_CP_PM4_H

#include <stdint.h>

#define PKT3(op, body) (0xC0000000u | ((((body)-1u) & 0x3fffu) << 16) | ((op) << 8))
#define PKT0(reg, body) (((((body)-1u) & 0x3fffu) << 16) | (reg))
#define DRV(sub, body) (PKT3(0x10u, body) | (sub) << 2)
#define LO(a) ((uint32_t)(a))
#define HI(a) ((uint32_t)((a) >> 32))

#define SH_OFF(r) (((r)-0xB000u) / 4)
#define CTX_OFF(r) (((r)-0x28000u) / 4)
#define UC_OFF(r) (((r)-0x30000u) / 4)
#define CFG_OFF(r) (((r)-0x8000u) / 4)

#endif
