/* Packets that change memory or registers from what they find there: ATOMIC_MEM (integer and
 * float), COND_WRITE, REG_RMW, CONTEXT_REG_RMW, SET_SH_REG_OFFSET (an SH register from an
 * address the CP computes) and MEM_SEMAPHORE. Facts: AMD's GFX10 PM4 packet definitions as PAL
 * publishes them (the ME/PFP packet headers, the TC_OP atomic opcodes of the register database's
 * enum header), the older SI/CI/VI header's notes on SET_SH_REG_OFFSET and PAL's use of it, Mesa's
 * CONTEXT_REG_RMW writer for that packet's mask rule; docs/gpu-cp.md lists the readings. */
#include <inttypes.h>
#include <string.h>

#include "gpu/cp/cp_internal.h"

/* ---- ATOMIC_MEM ---- */

/* The integer operations of the TC_OP encoding: bits 4:0 of the opcode name the operation,
 * bit 5 (0x20) makes it 64-bit, bit 6 (0x40) drops the return (the register database's
 * TC_OP and TC_OP_MASKS enums: ADD_RTN_32 0x0F, ADD_RTN_64 0x2F, ADD_32 0x4F, ADD_64 0x6F). */
enum atomic_kind {
  AT_NONE,
  AT_SWAP,
  AT_CMPSWAP,
  AT_ADD,
  AT_SUB,
  AT_SMIN,
  AT_UMIN,
  AT_SMAX,
  AT_UMAX,
  AT_AND,
  AT_OR,
  AT_XOR,
  AT_INC,
  AT_DEC,
  AT_FCMPSWAP, /* the float ones (below), also in their flush-denorm forms */
  AT_FMIN,
  AT_FMAX,
};

static enum atomic_kind atomic_kind(unsigned op) {
  switch (op & 0x1f) {
    case 0x07: return AT_SWAP;
    case 0x08: return AT_CMPSWAP;
    case 0x0F: return AT_ADD;
    case 0x10: return AT_SUB;
    case 0x11: return AT_SMIN;
    case 0x12: return AT_UMIN;
    case 0x13: return AT_SMAX;
    case 0x14: return AT_UMAX;
    case 0x15: return AT_AND;
    case 0x16: return AT_OR;
    case 0x17: return AT_XOR;
    case 0x18: return AT_INC;
    case 0x19: return AT_DEC;
    case 0x01:
    case 0x09: return AT_FCMPSWAP;
    case 0x02:
    case 0x0A: return AT_FMIN;
    case 0x03:
    case 0x0B: return AT_FMAX;
    default: return AT_NONE; /* reads, writes, cache operations, reserved codes */
  }
}

/* The float operations' rule (docs/gpu-cp.md, ATOMIC_MEM): the ISA's pseudo-code of the
 * buffer atomics these TC_OPs stand for (FMIN/FMAX store the smaller/larger of the memory
 * value and DATA, FCMPSWAP stores DATA when the memory value equals CMP), with the NaN, zero and
 * denormal choices prospero makes for the shaders' float atomics on the same L2 atomic unit
 * (docs/shader-spirv.md, Float atomics): FMIN/FMAX are IEEE 754-2019 minimumNumber /
 * maximumNumber (a NaN operand gives the other one unchanged, two NaNs the memory one
 * quieted, -0 below +0), FCMPSWAP compares as floats (-0 equals +0, a NaN equals nothing).
 * The FLUSH_DENORM forms (0x09-0x0B) first take a denormal operand as the zero of its sign
 * (our reading of the name: what is stored is the flushed operand). All on the bits. */
static bool f_nan(uint64_t v, unsigned bits) {
  const uint64_t sign = 1ull << (bits - 1), inf = bits == 64 ? 0x7ff0000000000000ull : 0x7f800000u;
  return (v & ~sign) > inf;
}
static uint64_t f_flush(uint64_t v, unsigned bits) {
  const uint64_t sign = 1ull << (bits - 1), inf = bits == 64 ? 0x7ff0000000000000ull : 0x7f800000u;
  return (v & inf) == 0 ? v & sign : v; /* exponent 0: a denormal (or a zero) */
}
/* A key ordering the non-NaN values of BITS bits as their numbers (-0 just below +0). */
static uint64_t f_key(uint64_t v, unsigned bits) {
  const uint64_t sign = 1ull << (bits - 1), all = sign | (sign - 1);
  return v & sign ? ~v & all : v | sign;
}
/* FCMPSWAP's compare: A equals B as floats (after the flush of a FLUSH_DENORM form). */
static bool f_equal(uint64_t a, uint64_t b, unsigned bits, bool flush) {
  const uint64_t sign = 1ull << (bits - 1);
  if (flush) {
    a = f_flush(a, bits);
    b = f_flush(b, bits);
  }
  if (f_nan(a, bits) || f_nan(b, bits)) return false;
  return a == b || ((a | b) & ~sign) == 0; /* -0 == +0 */
}
static uint64_t float_apply(enum atomic_kind k, uint64_t old, uint64_t s, uint64_t c, unsigned bits,
                            bool flush) {
  const uint64_t quiet = 1ull << (bits == 64 ? 51 : 22);
  if (k == AT_FCMPSWAP) return f_equal(old, c, bits, flush) ? (flush ? f_flush(s, bits) : s) : old;
  if (flush) {
    old = f_flush(old, bits);
    s = f_flush(s, bits);
  }
  const bool nan_o = f_nan(old, bits), nan_s = f_nan(s, bits);
  if (nan_o && nan_s) return old | quiet;
  if (nan_o) return s;
  if (nan_s) return old;
  const bool s_less = f_key(s, bits) < f_key(old, bits);
  return (k == AT_FMIN) == s_less ? s : old;
}

/* The new value of an operand of BITS bits (32 or 64; the value and operands are zero-extended)
 * after operation K with the packet's source S and compare value C (FLUSH: a float operation's
 * FLUSH_DENORM form). INC and DEC wrap as the
 * buffer atomics do (the ISA's pseudo-code): INC gives 0 once the old value reaches S, DEC
 * gives S when the old value is 0 or above S. */
static uint64_t atomic_apply(enum atomic_kind k, uint64_t old, uint64_t s, uint64_t c,
                             unsigned bits, bool flush) {
  const uint64_t m = bits == 64 ? ~0ull : 0xffffffffull;
  const int64_t so = bits == 64 ? (int64_t)old : (int64_t)(int32_t)old;
  const int64_t ss = bits == 64 ? (int64_t)s : (int64_t)(int32_t)s;
  switch (k) {
    case AT_SWAP: return s;
    case AT_CMPSWAP: return old == c ? s : old;
    case AT_ADD: return (old + s) & m;
    case AT_SUB: return (old - s) & m;
    case AT_SMIN: return so < ss ? old : s;
    case AT_UMIN: return old < s ? old : s;
    case AT_SMAX: return so > ss ? old : s;
    case AT_UMAX: return old > s ? old : s;
    case AT_AND: return old & s;
    case AT_OR: return old | s;
    case AT_XOR: return old ^ s;
    case AT_INC: return old >= s ? 0 : old + 1;
    case AT_DEC: return (old == 0 || old > s) ? s : old - 1;
    case AT_FCMPSWAP:
    case AT_FMIN:
    case AT_FMAX: return float_apply(k, old, s, c, bits, flush);
    default: return old;
  }
}

/* Whether the compare of a compare-and-swap holds: integer equality, float equality for
 * FCMPSWAP (COMMAND 1 loops until it does). */
static bool compare_holds(enum atomic_kind k, uint64_t old, uint64_t c, unsigned bits, bool flush) {
  return k == AT_FCMPSWAP ? f_equal(old, c, bits, flush) : old == c;
}

/* ATOMIC_MEM (8 body dwords): ATOMIC (6:0, a TC_OP) + COMMAND (11:8) + CACHE_POLICY (26:25) +
 * ENGINE_SEL (31:30); ADDR_LO, ADDR_HI; SRC_DATA_LO, HI; CMP_DATA_LO, HI; LOOP_INTERVAL
 * (12:0). COMMAND 0 single pass, 2 wait for write confirmation and 3 send and continue run the
 * operation once (it is done when the packet ends here); 1 loops until the compare of a
 * compare-and-swap (integer or float) holds: the queue waits on the packet (re-checked every pass,
 * like WAIT_REG_MEM) while the value differs from CMP_DATA. The operation is one host atomic (guest
 * CPU threads may touch the same memory); a returning operation (bit 6 clear) keeps the value it
 * found for COPY_DATA's source 6 (atomic return data). */
enum cp_step cp_exec_atomic_mem(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                unsigned nb) {
  if (nb != 8) CP_FAIL("ATOMIC_MEM with %u body dwords (8 expected)", nb);
  const unsigned op = b[0] & 0x7f, cmd = (b[0] >> 8) & 0xf;
  const enum atomic_kind k = atomic_kind(op);
  const bool wide = op & 0x20, returns = !(op & 0x40);
  const unsigned bytes = wide ? 8 : 4;
  if (k == AT_NONE)
    CP_FAIL(
        "ATOMIC_MEM operation 0x%02x is not a GFX10 atomic operation (TC_OP: a read, a write, a "
        "cache operation or a reserved code; the float add, 0x05/0x0D, is GFX11's)",
        op);
  const bool flush = (op & 0x1f) >= 0x09 && (op & 0x1f) <= 0x0B; /* FLUSH_DENORM forms */
  if (cmd > 3) CP_FAIL("ATOMIC_MEM command %u is not defined (0-3)", cmd);
  if (cmd == 1 && k != AT_CMPSWAP && k != AT_FCMPSWAP)
    CP_FAIL("ATOMIC_MEM loop-until-compare (command 1) with operation 0x%02x, which has no compare",
            op);
  const uint64_t addr = cp_addr64(b[1], b[2]);
  if (addr & (bytes - 1))
    CP_FAIL("ATOMIC_MEM address 0x%" PRIx64 " misaligned for a %u-byte operation", addr, bytes);
  void *p = cp_mem_map(q, addr, bytes, true);
  if (!p) CP_FAIL("ATOMIC_MEM address 0x%" PRIx64 " is not writable", addr);
  const uint64_t m = wide ? ~0ull : 0xffffffffull;
  const uint64_t s = cp_addr64(b[3], b[4]) & m, c = cp_addr64(b[5], b[6]) & m;
  uint64_t old;
  if (wide) {
    uint64_t *w = p, o = __atomic_load_n(w, __ATOMIC_ACQUIRE), n;
    do {
      if (cmd == 1 && !compare_holds(k, o, c, 64, flush)) return CP_STEP_BLOCKED;
      n = atomic_apply(k, o, s, c, 64, flush);
    } while (!__atomic_compare_exchange_n(w, &o, n, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    old = o;
  } else {
    uint32_t *w = p, o = __atomic_load_n(w, __ATOMIC_ACQUIRE), n;
    do {
      if (cmd == 1 && !compare_holds(k, o, c, 32, flush)) return CP_STEP_BLOCKED;
      n = (uint32_t)atomic_apply(k, o, s, c, 32, flush);
    } while (!__atomic_compare_exchange_n(w, &o, n, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
    old = o;
  }
  if (returns) q->atomic_return = old;
  return CP_STEP_DONE;
}

/* ---- conditional and read-modify-write register writes ---- */

/* COND_WRITE (8 body dwords): FUNCTION (2:0) + POLL_SPACE (4) + WRITE_SPACE (9:8) + WR_CONFIRM
 * (20); POLL_ADDRESS lo, hi (a register's dword offset in lo with POLL_SPACE 0); REFERENCE;
 * MASK; WRITE_ADDRESS lo, hi (a register with WRITE_SPACE 0); WRITE_DATA. When
 * (polled value & MASK) FUNCTION REFERENCE holds (WAIT_REG_MEM's functions), WRITE_DATA is
 * written; otherwise nothing is (the packet does not wait). WRITE_SPACE 2 (the CP's scratch
 * RAM, not modelled) and 3 stop the queue, as does function 7 (reserved). */
enum cp_step cp_exec_cond_write(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                unsigned nb) {
  if (nb != 8) CP_FAIL("COND_WRITE with %u body dwords (8 expected)", nb);
  const unsigned func = b[0] & 7, poll_mem = (b[0] >> 4) & 1, wspace = (b[0] >> 8) & 3;
  if (func == 7) CP_FAIL("COND_WRITE compare function 7 is reserved");
  if (wspace > 1)
    CP_FAIL(
        "COND_WRITE write space %u not supported (0 register, 1 memory; 2 is the CP's scratch "
        "RAM)",
        wspace);
  uint32_t v;
  if (poll_mem) {
    const uint64_t a = cp_addr64(b[1], b[2]);
    if (a & 3) CP_FAIL("COND_WRITE poll address 0x%" PRIx64 " misaligned", a);
    if (!cp_mem_read(q, a, &v, 4))
      CP_FAIL("COND_WRITE poll address 0x%" PRIx64 " is not mapped", a);
  } else {
    const uint32_t *r = cp_reg_slot(q, b[1] & 0x3ffff);
    if (!r) CP_FAIL("COND_WRITE poll register 0x%x outside the register banks", b[1] & 0x3ffff);
    v = *r;
  }
  /* the destination is checked whatever the compare gives: a bad one is a bad packet */
  uint32_t *dst_reg = NULL;
  const uint64_t wa = cp_addr64(b[5], b[6]);
  if (wspace == 0) {
    dst_reg = cp_reg_slot(q, b[5] & 0x3ffff);
    if (!dst_reg) CP_FAIL("COND_WRITE register 0x%x outside the register banks", b[5] & 0x3ffff);
  } else {
    if (wa & 3) CP_FAIL("COND_WRITE write address 0x%" PRIx64 " misaligned", wa);
    if (!cp_mem_map(q, wa, 4, true))
      CP_FAIL("COND_WRITE write address 0x%" PRIx64 " is not writable", wa);
  }
  if (!cp_compare(func, v & b[4], b[3])) return CP_STEP_DONE;
  if (dst_reg) {
    *dst_reg = b[7];
    q->stats.reg_writes++;
  } else {
    cp_mem_write(q, wa, &b[7], 4);
  }
  return CP_STEP_DONE;
}

/* REG_RMW (3 body dwords): MOD_ADDR (17:0, the register's dword offset) + SHADOW_BASE_SEL
 * (25:24) + OR_MASK_SRC (30) + AND_MASK_SRC (31); AND_MASK (or, with AND_MASK_SRC 1, AND_ADDR
 * 17:0, the register holding it); OR_MASK (or OR_ADDR). The register becomes
 * (register & AND_MASK) | OR_MASK. SHADOW_BASE_SEL asks the CP to update its register shadow
 * in memory too: nothing is shadowed here (CONTEXT_CONTROL). */
enum cp_step cp_exec_reg_rmw(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                             unsigned nb) {
  if (nb != 3) CP_FAIL("REG_RMW with %u body dwords (3 expected)", nb);
  uint32_t *r = cp_reg_slot(q, b[0] & 0x3ffff);
  if (!r) CP_FAIL("REG_RMW register 0x%x outside the register banks", b[0] & 0x3ffff);
  uint32_t and_mask = b[1], or_mask = b[2];
  if (b[0] >> 31) {
    const uint32_t *m = cp_reg_slot(q, b[1] & 0x3ffff);
    if (!m) CP_FAIL("REG_RMW AND mask register 0x%x outside the register banks", b[1] & 0x3ffff);
    and_mask = *m;
  }
  if ((b[0] >> 30) & 1) {
    const uint32_t *m = cp_reg_slot(q, b[2] & 0x3ffff);
    if (!m) CP_FAIL("REG_RMW OR mask register 0x%x outside the register banks", b[2] & 0x3ffff);
    or_mask = *m;
  }
  *r = (*r & and_mask) | or_mask;
  q->stats.reg_writes++;
  return CP_STEP_DONE;
}

/* CONTEXT_REG_RMW (3 body dwords): REG_OFFSET (15:0) in the context space, REG_MASK, REG_DATA:
 * the bits of REG_MASK take REG_DATA's, the others stay ((reg & ~mask) | (data & mask), the
 * rule Mesa's register tracker applies to the packets it writes). */
enum cp_step cp_exec_context_reg_rmw(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                     unsigned nb) {
  if (nb != 3) CP_FAIL("CONTEXT_REG_RMW with %u body dwords (3 expected)", nb);
  const uint32_t off = b[0] & 0xffff;
  if (off >= PM4_CONTEXT_COUNT)
    CP_FAIL("CONTEXT_REG_RMW offset 0x%x past the end of the context space (0x%x)", off,
            PM4_CONTEXT_COUNT);
  q->ctx[off] = (q->ctx[off] & ~b[1]) | (b[2] & b[1]);
  q->stats.reg_writes++;
  return CP_STEP_DONE;
}

/* SET_SH_REG_OFFSET (3 body dwords): REG_OFFSET (15:0) in the SH space + INDEX (31:30); then
 * by INDEX:
 * - 0 (normal): IB_OFFSET, dwords from the start of the command buffer holding the packet
 *   (22 bits in AMD's SI/CI/VI header), and DRIVER_DATA (31:16 of the third dword): two SH
 *   registers take the address of that data, REG_OFFSET its low 32 bits, REG_OFFSET + 1 its
 *   bits 47:32 with DRIVER_DATA in 31:16 (the ME form of the packet carries exactly these:
 *   CALCULATED_LO, CALCULATED_HI 15:0, DRIVER_DATA 31:16; PAL's optimizer marks two
 *   registers written for this index).
 * - 2 (data indirect, one dword): DATA_OFFSET; the register takes the low 32 bits of SET_BASE
 *   5's indirect data base + DATA_OFFSET (PAL: "the CP adds this data to the indirect base
 *   address set via SET_BASE and writes it to regAddr", its index 1 on GFX9, which GFX10
 *   renumbered as the one-dword form).
 * - 1 (GFX10's "2 dwords, 256 bytes" indirect form): what it writes is not public; 3 is not
 *   defined. Both stop the queue. */
enum cp_step cp_exec_set_sh_reg_offset(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                       unsigned nb) {
  if (nb != 3) CP_FAIL("SET_SH_REG_OFFSET with %u body dwords (3 expected)", nb);
  const uint32_t off = b[0] & 0xffff;
  const unsigned index = b[0] >> 30;
  if (index == 0) {
    if (off + 2 > PM4_SH_COUNT)
      CP_FAIL("SET_SH_REG_OFFSET writes 2 registers from offset 0x%x, past the SH space (0x%x)",
              off, PM4_SH_COUNT);
    const uint64_t a = f->addr + (uint64_t)(b[1] & 0x3fffff) * 4;
    q->sh[off] = (uint32_t)a;
    q->sh[off + 1] = ((uint32_t)(a >> 32) & 0xffff) | (b[2] & 0xffff0000u);
    q->stats.reg_writes += 2;
    return CP_STEP_DONE;
  }
  if (index == 2) {
    if (off >= PM4_SH_COUNT)
      CP_FAIL("SET_SH_REG_OFFSET offset 0x%x past the SH space (0x%x)", off, PM4_SH_COUNT);
    q->sh[off] = (uint32_t)(q->indirect_data_base + b[1]);
    q->stats.reg_writes++;
    return CP_STEP_DONE;
  }
  CP_FAIL(
      "SET_SH_REG_OFFSET index %u not supported (0 an address in the command buffer, 2 SET_BASE "
      "5's base + offset; 1, GFX10's two-dword 256-byte form, is not public; 3 is not defined)",
      index);
}

/* ---- MEM_SEMAPHORE ---- */

/* MEM_SEMAPHORE (GFX10: 3 body dwords): ADDRESS_LO (31:3, the 8-byte aligned address of a
 * 64-bit semaphore; bits 2:0 reserved, ignored), ADDRESS_HI, then USE_MAILBOX (16) +
 * SIGNAL_TYPE (20) + SEM_SEL (31:29) (PAL's GFX10 ME header). SEM_SEL 6 signals: SIGNAL_TYPE 0
 * adds one to the value, 1 writes 1. SEM_SEL 7 waits: while the value is 0 the queue blocks on
 * the packet (re-checked every pass, like WAIT_REG_MEM: the other queues go on); once it is not,
 * one is taken from it and the queue goes on. That a wait consumes one signal is our reading of
 * the Linux radeon/amdgpu drivers' bookkeeping of the packets they write (each wait needs a
 * signal of its own: "more waiters than signalers, hardware lockup imminent"); docs/gpu-cp.md.
 * USE_MAILBOX (a signal waiting for the CP's mailbox to be written) is not modelled: the queue
 * stops, as for another SEM_SEL. Both forms change the value with one host atomic. */
enum cp_step cp_exec_mem_semaphore(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                   unsigned nb) {
  if (nb != 3) CP_FAIL("MEM_SEMAPHORE with %u body dwords (3 expected)", nb);
  const unsigned mailbox = (b[2] >> 16) & 1, write_one = (b[2] >> 20) & 1, sel = b[2] >> 29;
  if (sel != 6 && sel != 7)
    CP_FAIL("MEM_SEMAPHORE SEM_SEL %u is not defined (6 signal, 7 wait)", sel);
  if (mailbox)
    CP_FAIL("MEM_SEMAPHORE with USE_MAILBOX not supported (the CP mailbox is not modelled)");
  const uint64_t addr = cp_addr64(b[0] & ~7u, b[1]);
  uint64_t *p = cp_mem_map(q, addr, 8, true);
  if (!p) CP_FAIL("MEM_SEMAPHORE semaphore 0x%" PRIx64 " is not writable", addr);
  if (sel == 6) {
    if (write_one) __atomic_store_n(p, 1, __ATOMIC_RELEASE);
    else __atomic_fetch_add(p, 1, __ATOMIC_ACQ_REL);
    return CP_STEP_DONE;
  }
  uint64_t v = __atomic_load_n(p, __ATOMIC_ACQUIRE);
  do {
    if (v == 0) return CP_STEP_BLOCKED;
  } while (!__atomic_compare_exchange_n(p, &v, v - 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE));
  return CP_STEP_DONE;
}
