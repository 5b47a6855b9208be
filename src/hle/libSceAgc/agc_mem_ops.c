/* The memory-operation builders (agc.h): DcbAtomicMem (ATOMIC_MEM), Dcb/CbMemSemaphore
 * (MEM_SEMAPHORE), DcbPrimeUtcl2 (PRIME_UTCL2), CbCondWrite (COND_WRITE), Dcb/AcbAtomicGds_0900
 * (ATOMIC_GDS), and sceAgcSetNop,
 * which turns a written packet into a NOP. What each writes is what the OpenAGC project read
 * in the console's libSceAgc (FW 5.50): the header, which argument lands in which dword and the
 * masks applied (docs/agc.md names its files); the fields' names are AMD's (PAL's GFX10 PM4
 * packet definitions), whose packets these are. The command processor runs all but ATOMIC_GDS
 * (gpu/cp/cp_exec_mem.c, cp_exec.c), which stops the queue with the reason. */
#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

/* ATOMIC_MEM (9 dwords, header 0xC0071E00): dword 1 = ENGINE_SEL (31:30) | COMMAND (11:8) |
 * ATOMIC (6:0); the address, the source data and the compare data (lo, hi each); dword 8 (the
 * loop interval in AMD's packet) 0. The record's reading of dword 1 ends in an unread "(...)"
 * and says two things of dword 8 (the loop count clamped to 0xFFF, and a reserved 0): PARTIAL,
 * logged once. */
uint32_t *agc_dcb_atomic_mem(struct agc_cb *cb, uint32_t engine, uint32_t atomic, uint32_t command,
                             uint64_t address, uint64_t data, uint64_t compare) {
  LOG_ONCE(hle, STUB,
           "sceAgcDcbAtomicMem: dword 1 and the last dword as one reading of the console's "
           "library has them (docs/agc.md)");
  uint32_t *p = agc_cb_alloc(cb, 9);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_ATOMIC_MEM, 8);
  p[1] = (engine & 3u) << 30 | (command & 0xfu) << 8 | (atomic & 0x7fu);
  p[2] = (uint32_t)address;
  p[3] = (uint32_t)(address >> 32);
  p[4] = (uint32_t)data;
  p[5] = (uint32_t)(data >> 32);
  p[6] = (uint32_t)compare;
  p[7] = (uint32_t)(compare >> 32);
  p[8] = 0;
  return p;
}

/* MEM_SEMAPHORE (4 dwords, header 0xC0023900): the address (8-byte aligned) lo, hi; then
 * SEM_SEL (31:29, 6 signal, 7 wait) | SIGNAL_TYPE (20) | USE_MAILBOX (16). */
static uint32_t *mem_semaphore(struct agc_cb *cb, uint64_t address, uint32_t use_mailbox,
                               uint32_t signal_type, uint32_t sem_sel) {
  uint32_t *p = agc_cb_alloc(cb, 4);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_MEM_SEMAPHORE, 3);
  p[1] = (uint32_t)address & ~7u;
  p[2] = (uint32_t)(address >> 32);
  p[3] = (sem_sel & 7u) << 29 | (signal_type & 1u) << 20 | (use_mailbox & 1u) << 16;
  return p;
}

uint32_t *agc_dcb_mem_semaphore(struct agc_cb *cb, uint64_t address, uint32_t use_mailbox,
                                uint32_t signal_type, uint32_t sem_sel) {
  return mem_semaphore(cb, address, use_mailbox, signal_type, sem_sel);
}

/* The record gives the Cb form the Dcb form's words in one place and its last three arguments
 * in another order in another (SEM_SEL from the fourth, SIGNAL_TYPE from the fifth): the Dcb
 * form's is written, PARTIAL, logged once. */
uint32_t *agc_cb_mem_semaphore(struct agc_cb *cb, uint64_t address, uint32_t use_mailbox,
                               uint32_t signal_type, uint32_t sem_sel) {
  LOG_ONCE(hle, STUB,
           "sceAgcCbMemSemaphore: the arguments are placed as sceAgcDcbMemSemaphore's (the "
           "reading of the console's library disagrees with itself; docs/agc.md)");
  return mem_semaphore(cb, address, use_mailbox, signal_type, sem_sel);
}

/* PRIME_UTCL2 (5 dwords, header 0xC0035D00): ENGINE_SEL 1 (bit 30) | PRIME_MODE (3) |
 * CACHE_PERM (2:0); the address with its low 14 bits clear, its high dword; REQUESTED_PAGES
 * (13:0). */
uint32_t *agc_dcb_prime_utcl2(struct agc_cb *cb, uint32_t cache_perm, uint32_t prime_mode,
                              uint64_t address, uint32_t pages) {
  uint32_t *p = agc_cb_alloc(cb, 5);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_PRIME_UTCL2, 4);
  p[1] = 1u << 30 | (prime_mode & 1u) << 3 | (cache_perm & 7u);
  p[2] = (uint32_t)address & ~0x3fffu;
  p[3] = (uint32_t)(address >> 32);
  p[4] = pages & 0x3fffu;
  return p;
}

/* COND_WRITE (9 dwords, header 0xC0074500): WRITE_SPACE (9:8) | POLL_SPACE 1 (bit 4, memory) |
 * FUNCTION (2:0); the poll address lo, hi; the reference; the mask; the write address lo, hi;
 * the data. */
uint32_t *agc_cb_cond_write(struct agc_cb *cb, uint32_t func, uint32_t write_space,
                            uint64_t write_address, uint32_t data, uint64_t poll_address,
                            uint32_t reference, uint32_t mask) {
  uint32_t *p = agc_cb_alloc(cb, 9);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_COND_WRITE, 8);
  p[1] = (write_space & 3u) << 8 | 0x10u | (func & 7u);
  p[2] = (uint32_t)poll_address;
  p[3] = (uint32_t)(poll_address >> 32);
  p[4] = reference;
  p[5] = mask;
  p[6] = (uint32_t)write_address;
  p[7] = (uint32_t)(write_address >> 32);
  p[8] = data;
  return p;
}

/* ATOMIC_GDS (11 dwords, header 0xC0091D00), the _0900 builders (the FW 5.50 and 11.60 bodies,
 * as OpenAGC reads them). Dword 1 from CONTROL and MODE: CONTROL's bits 7:0, its bit 9 in 16,
 * bit 5 in 18, bit 6 in 20, and bit 17 when MODE is 1 and CONTROL's bit 5 clear (AMD's
 * ATOM_OP, ATOM_CMP_SWAP, ATOM_READ, ATOM_RD_CNTL, ATOM_COMPLETE); the graphics form adds
 * ENGINE in 31:30. Dword 2: GDS_OP bit 0 in 8, SRC's 6 bits in 5:0; then OFFSET, INDEX (16
 * bits each), MASK & 0x00FF00FF, DATA, COMPARE (lo, hi), EXTRA (lo, hi). */
static uint32_t *atomic_gds(struct agc_cb *cb, uint32_t engine, uint32_t control, uint32_t mode,
                            uint32_t gds_op, uint32_t src, uint16_t offset, uint16_t index,
                            uint32_t mask, uint32_t data, uint64_t compare, uint64_t extra) {
  uint32_t *p = agc_cb_alloc(cb, 11);
  if (!p) return NULL;
  uint32_t c = (engine & 3u) << 30 | (control & 0xffu) | (control << 7 & 0x10000u) |
               (control & 0x20u) << 13 | (control & 0x40u) << 14;
  if (mode == 1 && !(control & 0x20u)) c |= 0x20000u;
  p[0] = pm4_type3(PM4_ATOMIC_GDS, 10);
  p[1] = c;
  p[2] = (gds_op & 1u) << 8 | (src & 0x3fu);
  p[3] = offset;
  p[4] = index;
  p[5] = mask & 0x00ff00ffu;
  p[6] = data;
  p[7] = (uint32_t)compare;
  p[8] = (uint32_t)(compare >> 32);
  p[9] = (uint32_t)extra;
  p[10] = (uint32_t)(extra >> 32);
  return p;
}

uint32_t *agc_dcb_atomic_gds_0900(struct agc_cb *cb, uint32_t engine, uint32_t control,
                                  uint32_t mode, uint32_t gds_op, uint32_t src, uint16_t offset,
                                  uint16_t index, uint32_t mask, uint32_t data, uint64_t compare,
                                  uint64_t extra) {
  return atomic_gds(cb, engine, control, mode, gds_op, src, offset, index, mask, data, compare,
                    extra);
}

uint32_t *agc_acb_atomic_gds_0900(struct agc_cb *cb, uint32_t control, uint32_t mode,
                                  uint32_t gds_op, uint32_t src, uint16_t offset, uint16_t index,
                                  uint32_t mask, uint32_t data, uint64_t compare, uint64_t extra) {
  return atomic_gds(cb, 0, control, mode, gds_op, src, offset, index, mask, data, compare, extra);
}

/* The console's function writes 0x10 (NOP) into the second byte of the dword at CMD (a type-3
 * header's opcode) and returns NULL; the packet keeps its length. A NULL CMD: nothing written
 * (ours; the console's function would fault). */
uint32_t *agc_set_nop(uint32_t *cmd) {
  if (!cmd) return NULL;
  ((uint8_t *)cmd)[1] = PM4_NOP;
  return NULL;
}
