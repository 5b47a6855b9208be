/* Command processor tests: ATOMIC_MEM, COND_WRITE, REG_RMW, CONTEXT_REG_RMW, SET_SH_REG_OFFSET
 * and the packets with nothing to do here. Packets are encoded here from AMD's public PM4
 * definitions (PAL's GFX10 ME/PFP packet headers; the TC_OP atomic opcodes of the register
 * database's enum header); every expected value is worked out from those definitions by hand, in
 * the comments:
 * - ATOMIC_MEM (0x1E, 8 body dwords): ATOMIC (6:0) + COMMAND (11:8: 0 single pass, 1 loop
 *   until the compare holds, 2 wait for write confirmation, 3 send and continue), ADDR lo, hi,
 *   SRC_DATA lo, hi, CMP_DATA lo, hi, LOOP_INTERVAL (12:0). TC_OP: SWAP_RTN_32 0x07,
 *   CMPSWAP_RTN_32 0x08, ADD 0x0F, SUB 0x10, SMIN 0x11, UMIN 0x12, SMAX 0x13, UMAX 0x14,
 *   AND 0x15, OR 0x16, XOR 0x17, INC 0x18, DEC 0x19, the floats FCMPSWAP 0x01, FMIN 0x02, FMAX
 *   0x03 and their FLUSH_DENORM forms 0x09-0x0B; + 0x20 64-bit, + 0x40 without return. The
 *   float rule is docs/gpu-cp.md's reading (the ISA's pseudo-code with IEEE minimumNumber /
 *   maximumNumber, -0 below +0, a float compare for FCMPSWAP, a denormal taken as the zero of
 *   its sign by the FLUSH_DENORM forms): the expected bits below are worked out by hand.
 * - COPY_DATA (0x40) SRC_SEL 6: the atomic's return data.
 * - COND_WRITE (0x45, 8): FUNCTION (2:0) + POLL_SPACE (4) + WRITE_SPACE (9:8), POLL_ADDRESS lo,
 *   hi, REFERENCE, MASK, WRITE_ADDRESS lo, hi, WRITE_DATA.
 * - REG_RMW (0x21, 3): MOD_ADDR (17:0) + OR_MASK_SRC (30) + AND_MASK_SRC (31), AND_MASK or
 *   AND_ADDR, OR_MASK or OR_ADDR: reg = (reg & and) | or.
 * - CONTEXT_REG_RMW (0x51, 3): REG_OFFSET, REG_MASK, REG_DATA: reg = (reg & ~mask) | data.
 * - SET_SH_REG_OFFSET (0x77, 3): REG_OFFSET (15:0) + INDEX (31:30); index 0: IB_OFFSET (dwords
 *   from the start of the command buffer) and DRIVER_DATA (31:16): two registers, the address's
 *   low 32 bits and (bits 47:32 | DRIVER_DATA << 16); index 2: DATA_OFFSET added to SET_BASE
 *   5's base, one register.
 * - PRIME_UTCL2 (0x5D, 4), GFX_PIPE_LOCK (0x75, 1), FRAME_CONTROL (0x90, 1), INVALIDATE_TLBS
 *   (0x98, 1), HDP_FLUSH (0x95, 1): nothing for this CP to act on. */

#include "cp_test_pm4.h"

/* byte addresses of registers (GFX10 register database) */
#define R_COMPUTE_USER_DATA_0 0xB900u
#define R_SPI_SHADER_USER_DATA_PS_0 0xB030u
#define R_DB_DEPTH_CONTROL 0x28800u

#define MEM_BASE 0x400000000ull
#define MEM_SIZE (1u << 20)
#define STREAM MEM_BASE
#define DATA (MEM_BASE + 0x10000)  /* atomics' targets */
#define OUT (MEM_BASE + 0x20000)   /* COPY_DATA results */
#define IB (MEM_BASE + 0x30000)    /* an indirect buffer */
#define IDATA (MEM_BASE + 0x40000) /* SET_BASE 5 */
#include "cp_test_harness.h"

static uint64_t *qw(uint64_t addr) { return (uint64_t *)(mem + (addr - MEM_BASE)); }
static int setup(void **state) {
  (void)state;
  const struct cp_ops ops = {.mem_map = mem_map};
  return cp_test_setup(&ops);
}
static void atomic(unsigned op, unsigned cmd, uint64_t addr, uint64_t src, uint64_t cmp) {
  putv(9, PKT3(ATOMIC_MEM, 8), op | cmd << 8, LO(addr), HI(addr), LO(src), HI(src), LO(cmp),
       HI(cmp), 10u);
}
/* COPY_DATA of the atomic return data (SRC_SEL 6) to OUT + 8 * i, 64 bits */
static void copy_return(unsigned i) {
  putv(6, PKT3(COPY_DATA, 5), 6u | 2u << 8 | 1u << 16, 0u, 0u, LO(OUT + 8 * i), HI(OUT + 8 * i));
}
/* WRITE_DATA of 0x5EED to OUT + 0x100: a mark that the packets before it ran */
static void write_data_mark(void) {
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT + 0x100), HI(OUT + 0x100), 0x5EEDu);
}

/* Each 32-bit operation on its own dword, the value before it read back through COPY_DATA's
 * atomic return data. */
static void test_atomic_32(void **state) {
  (void)state;
  static const struct {
    unsigned op;
    uint32_t before, src, cmp, after;
  } t[] = {
      {0x07, 5, 9, 0, 9},                     /* swap */
      {0x08, 5, 9, 5, 9},                     /* cmpswap, equal: swapped */
      {0x08, 5, 9, 4, 5},                     /* cmpswap, not equal: kept */
      {0x0F, 0xFFFFFFFEu, 3, 0, 1},           /* add wraps in 32 bits */
      {0x10, 2, 3, 0, 0xFFFFFFFFu},           /* sub */
      {0x11, 0xFFFFFFFFu, 1, 0, 0xFFFFFFFFu}, /* smin: -1 < 1 */
      {0x12, 0xFFFFFFFFu, 1, 0, 1},           /* umin */
      {0x13, 0xFFFFFFFFu, 1, 0, 1},           /* smax */
      {0x14, 0xFFFFFFFFu, 1, 0, 0xFFFFFFFFu}, /* umax */
      {0x15, 0xF0F0u, 0xFF00u, 0, 0xF000u},   /* and */
      {0x16, 0xF0F0u, 0x0F0Fu, 0, 0xFFFFu},   /* or */
      {0x17, 0xF0F0u, 0xFFFFu, 0, 0x0F0Fu},   /* xor */
      {0x18, 6, 9, 0, 7},                     /* inc below the limit */
      {0x18, 9, 9, 0, 0},                     /* inc at the limit: 0 */
      {0x19, 6, 9, 0, 5},                     /* dec */
      {0x19, 0, 9, 0, 9},                     /* dec from 0: the limit */
      {0x19, 12, 9, 0, 9},                    /* dec above the limit: the limit */
      {0x4F, 40, 2, 0, 42},                   /* add without return */
  };
  const unsigned k = sizeof t / sizeof t[0];
  for (unsigned i = 0; i < k; i++) {
    dw(DATA)[2 * i] = t[i].before;
    dw(DATA)[2 * i + 1] = 0xABABABABu; /* the next dword is not touched */
    atomic(t[i].op, 0, DATA + 8 * i, t[i].src | 0xDEAD00000000ull, t[i].cmp);
    copy_return(i);
  }
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  for (unsigned i = 0; i < k; i++) {
    assert_int_equal(dw(DATA)[2 * i], t[i].after);
    assert_int_equal(dw(DATA)[2 * i + 1], 0xABABABABu);
    /* the value found; the no-return form leaves the previous one (the dec above, 12) */
    assert_int_equal(*qw(OUT + 8 * i), t[i].op & 0x40 ? 12u : t[i].before);
  }
}

/* 64-bit operations: the carry crosses the dwords, signed compares see the whole value. */
static void test_atomic_64(void **state) {
  (void)state;
  *qw(DATA) = 0x00000001FFFFFFFFull;
  *qw(DATA + 8) = 0xFFFFFFFF00000000ull;
  *qw(DATA + 16) = 0x123456789ull;
  *qw(DATA + 24) = 7;
  atomic(0x2F, 0, DATA, 1, 0); /* add: 0x0000000200000000 */
  copy_return(0);
  atomic(0x31, 0, DATA + 8, 5, 0);                             /* smin(-2^32, 5): kept */
  atomic(0x28, 2, DATA + 16, 0xCAFEull << 32, 0x123456789ull); /* cmpswap, equal */
  atomic(0x78, 3, DATA + 24, 7, 0); /* inc at the limit: 0, without return */
  copy_return(1);                   /* still the compare-and-swap's 0x123456789 */
  assert_int_equal(run_on(cp_compute_queue(2, 5)), CP_QUEUE_IDLE);
  assert_int_equal(*qw(DATA), 0x0000000200000000ull);
  assert_int_equal(*qw(OUT), 0x00000001FFFFFFFFull);
  assert_int_equal(*qw(DATA + 8), 0xFFFFFFFF00000000ull);
  assert_int_equal(*qw(DATA + 16), 0xCAFEull << 32);
  assert_int_equal(*qw(DATA + 24), 0);
  assert_int_equal(*qw(OUT + 8), 0x123456789ull);
}

/* The float operations, 32-bit, each on its own dword: the value stored and the value found
 * (COPY_DATA source 6), worked out by hand from the rule in the header comment. */
static void test_atomic_float_32(void **state) {
  (void)state;
  static const struct {
    unsigned op;
    uint32_t before, src, cmp, after;
  } t[] = {
      {0x02, 0x3FC00000u, 0xC0000000u, 0, 0xC0000000u}, /* fmin(1.5, -2) = -2 */
      {0x03, 0x3FC00000u, 0xC0000000u, 0, 0x3FC00000u}, /* fmax(1.5, -2) = 1.5 */
      {0x02, 0x00000000u, 0x80000000u, 0, 0x80000000u}, /* fmin(+0, -0) = -0 */
      {0x03, 0x80000000u, 0x00000000u, 0, 0x00000000u}, /* fmax(-0, +0) = +0 */
      {0x02, 0x7FC00001u, 0x40400000u, 0, 0x40400000u}, /* fmin(qNaN, 3) = 3 */
      {0x03, 0x40400000u, 0x7F800001u, 0, 0x40400000u}, /* fmax(3, sNaN) = 3 */
      {0x02, 0x7F800001u, 0xFFC00000u, 0, 0x7FC00001u}, /* two NaNs: the memory one, quiet */
      {0x02, 0x00000001u, 0x00000000u, 0, 0x00000000u}, /* denormal kept: +0 is smaller */
      {0x0A, 0x80000001u, 0x00000000u, 0, 0x80000000u}, /* flushed: fmin(-0, +0) = -0 */
      {0x0B, 0x3F800000u, 0x00400000u, 0, 0x3F800000u}, /* flushed: fmax(1, +0) = 1 */
      {0x0B, 0x00000005u, 0x80000000u, 0, 0x00000000u}, /* flushed: fmax(+0, -0) = +0 */
      {0x01, 0x3F800000u, 0x40000000u, 0x3F800000u, 0x40000000u}, /* fcmpswap 1 == 1 */
      {0x01, 0x00000000u, 0x40000000u, 0x80000000u, 0x40000000u}, /* +0 == -0 */
      {0x01, 0x7FC00000u, 0x40000000u, 0x7FC00000u, 0x7FC00000u}, /* NaN equals nothing */
      {0x01, 0x00000001u, 0x40000000u, 0x00000000u, 0x00000001u}, /* denormal != 0 */
      {0x09, 0x00000001u, 0x00000002u, 0x00000000u, 0x00000000u}, /* flushed: equal, +0 in */
      {0x42, 0x40A00000u, 0x40800000u, 0, 0x40800000u},           /* fmin(5, 4) = 4, no return */
  };
  const unsigned k = sizeof t / sizeof t[0];
  for (unsigned i = 0; i < k; i++) {
    dw(DATA)[2 * i] = t[i].before;
    dw(DATA)[2 * i + 1] = 0xABABABABu;
    atomic(t[i].op, 0, DATA + 8 * i, t[i].src | 0xDEAD00000000ull, t[i].cmp);
    copy_return(i);
  }
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  for (unsigned i = 0; i < k; i++) {
    assert_int_equal(dw(DATA)[2 * i], t[i].after);
    assert_int_equal(dw(DATA)[2 * i + 1], 0xABABABABu);
    /* the value found; the no-return form leaves the previous one (0x00000001) */
    assert_int_equal(*qw(OUT + 8 * i), t[i].op & 0x40 ? 0x00000001u : t[i].before);
  }
}

/* 64-bit float operations and the loop form of FCMPSWAP (a float compare: the CPU's -0 meets
 * the packet's +0). */
static void test_atomic_float_64(void **state) {
  (void)state;
  *qw(DATA) = 0x3FF0000000000000ull;      /* 1.0 */
  *qw(DATA + 8) = 0x8000000000000000ull;  /* -0.0 */
  *qw(DATA + 16) = 0x4004000000000000ull; /* 2.5 */
  *qw(DATA + 24) = 0x000FFFFFFFFFFFFFull; /* the largest denormal */
  *qw(DATA + 32) = 0x3FF0000000000000ull;
  atomic(0x22, 0, DATA, 0xBFF0000000000000ull, 0); /* fmin(1, -1) = -1 */
  copy_return(0);
  atomic(0x63, 0, DATA + 8, 0, 0); /* fmax(-0, +0) = +0, no return */
  atomic(0x21, 0, DATA + 16, 0x401C000000000000ull, 0x4004000000000000ull); /* 2.5 == 2.5: 7 */
  atomic(0x2B, 0, DATA + 24, 0x8000000000000001ull, 0); /* flushed: fmax(+0, -0) = +0 */
  atomic(0x21, 1, DATA + 32, 0x4000000000000000ull, 0); /* loop until the value is 0 */
  write_data_mark();
  assert_false(cp_test_submit_run(CP_GFX_QUEUE));
  n = 0;
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(*qw(DATA), 0xBFF0000000000000ull);
  assert_int_equal(*qw(OUT), 0x3FF0000000000000ull);
  assert_int_equal(*qw(DATA + 8), 0);
  assert_int_equal(*qw(DATA + 16), 0x401C000000000000ull);
  assert_int_equal(*qw(DATA + 24), 0);
  assert_int_equal(*qw(DATA + 32), 0x3FF0000000000000ull);
  assert_int_equal(dw(OUT + 0x100)[0], 0);
  __atomic_store_n(qw(DATA + 32), 0x8000000000000000ull, __ATOMIC_RELEASE); /* -0 */
  assert_true(cp_run_until_idle(cp, 20));
  assert_int_equal(*qw(DATA + 32), 0x4000000000000000ull);
  assert_int_equal(dw(OUT + 0x100)[0], 0x5EEDu);
}

/* COMMAND 1 (loop until the compare holds): the queue waits on the packet while the value
 * differs, another queue runs meanwhile; once the CPU stores the compare value the swap
 * happens and the queue goes on. */
static void test_atomic_loop(void **state) {
  (void)state;
  const unsigned a = cp_compute_queue(0, 1), b = cp_compute_queue(3, 3);
  dw(DATA)[0] = 1;
  atomic(0x08, 1, DATA, 0x77, 0);
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT), HI(OUT), 0x5EEDu);
  assert_int_equal(cp_submit(cp, a, STREAM, n), 0);
  const uint32_t first = n;
  putv(5, PKT3(WRITE_DATA, 4), 5u << 8, LO(OUT + 4), HI(OUT + 4), 0xB0B0u);
  assert_int_equal(cp_submit(cp, b, STREAM + first * 4, n - first), 0);
  assert_false(cp_run_until_idle(cp, 20));
  assert_int_equal(cp_queue_status(cp, a), CP_QUEUE_BLOCKED);
  assert_int_equal(cp_queue_status(cp, b), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[1], 0xB0B0u);
  assert_int_equal(dw(OUT)[0], 0);
  assert_int_equal(dw(DATA)[0], 1);
  dw(DATA)[0] = 0;
  assert_true(cp_run_until_idle(cp, 20));
  assert_int_equal(dw(DATA)[0], 0x77u);
  assert_int_equal(dw(OUT)[0], 0x5EEDu);
  n = 0;
}

/* Bad ATOMIC_MEM packets stop their queue alone, nothing written: reserved float codes and
 * non-atomic operations, the loop form without a compare, an undefined command, misaligned and
 * unmapped addresses, another length, a truncated packet. */
static void test_atomic_errors(void **state) {
  (void)state;
  const unsigned other = cp_compute_queue(6, 7);
  dw(DATA)[0] = 3;
  const uint32_t bad[][3] = {
      {0x04, 0, 0}, /* RESERVED_FOP_RTN_32_0 */
      {0x0D, 0, 0}, /* reserved on GFX10 (GFX11's FADD_FLUSH_DENORM_RTN_32) */
      {0x0E, 0, 0}, /* RESERVED_FOP_FLUSH_DENORM_RTN_32_2 */
      {0x00, 0, 0}, /* READ */
      {0x20, 0, 0}, /* WRITE */
      {0x1A, 0, 0}, /* a cache operation */
      {0x0F, 1, 0}, /* add, loop */
      {0x0F, 4, 0}, /* command 4 */
      {0x0F, 0, 2}, /* misaligned */
      {0x2F, 0, 4}, /* 64-bit, 4-aligned */
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    atomic(bad[i][0], bad[i][1], DATA + bad[i][2], 1, 0);
    assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    assert_int_equal(dw(DATA)[0], 3);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  atomic(0x0F, 0, MEM_BASE + MEM_SIZE, 1, 0);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(8, PKT3(ATOMIC_MEM, 7), 0x0Fu, LO(DATA), HI(DATA), 1u, 0u, 0u, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  cp_queue_reset(cp, CP_GFX_QUEUE);
  putv(5, PKT3(ATOMIC_MEM, 8), 0x0Fu, LO(DATA), HI(DATA), 1u); /* 4 of 9 dwords */
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
  assert_int_equal(dw(DATA)[0], 3);
  atomic(0x0F, 0, DATA, 4, 0);
  assert_int_equal(run_on(other), CP_QUEUE_IDLE);
  assert_int_equal(dw(DATA)[0], 7);
}

/* COND_WRITE: memory and register polls under the mask and each function's result; a false
 * compare writes nothing; scratch RAM, function 7, an unmapped poll or write address, a
 * register outside the banks and another length stop the queue. */
static void test_cond_write(void **state) {
  (void)state;
  dw(DATA)[0] = 0x1234;
  /* (0x1234 & 0xFF00) == 0x1200: written */
  putv(9, PKT3(COND_WRITE, 8), 3u | 1u << 4 | 1u << 8, LO(DATA), HI(DATA), 0x1200u, 0xFF00u,
       LO(OUT), HI(OUT), 0xAAu);
  /* (0x1234 & 0xFFFF) < 0x1000: false, nothing */
  putv(9, PKT3(COND_WRITE, 8), 1u | 1u << 4 | 1u << 8, LO(DATA), HI(DATA), 0x1000u, 0xFFFFu,
       LO(OUT + 4), HI(OUT + 4), 0xBBu);
  /* register poll: USER_DATA_0 = 10 > 9: written into register USER_DATA_1 */
  putv(3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 10u);
  putv(9, PKT3(COND_WRITE, 8), 6u, R_COMPUTE_USER_DATA_0 / 4, 0u, 9u, 0xFFFFFFFFu,
       R_COMPUTE_USER_DATA_0 / 4 + 1, 0u, 0xCCu);
  /* always (function 0) */
  putv(9, PKT3(COND_WRITE, 8), 0u | 1u << 4 | 1u << 8, LO(DATA), HI(DATA), 0u, 0u, LO(OUT + 8),
       HI(OUT + 8), 0xDDu);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(dw(OUT)[0], 0xAAu);
  assert_int_equal(dw(OUT)[1], 0);
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0 + 4), 0xCCu);
  assert_int_equal(dw(OUT)[2], 0xDDu);
  const uint32_t bad[][8] = {
      {0u | 1u << 4 | 2u << 8, LO(DATA), HI(DATA), 0, 0, 0, 0, 1}, /* scratch */
      {7u | 1u << 4 | 1u << 8, LO(DATA), HI(DATA), 0, 0, LO(OUT), HI(OUT), 1},
      {0u | 1u << 4 | 1u << 8, LO(MEM_BASE + MEM_SIZE), HI(MEM_BASE), 0, 0, LO(OUT), HI(OUT), 1},
      {1u | 1u << 4 | 1u << 8, LO(DATA), HI(DATA), 0, 0, LO(MEM_BASE + MEM_SIZE), HI(MEM_BASE), 1},
      {0u, 0x10u, 0, 0, 0, LO(OUT), HI(OUT), 1}, /* a register outside the banks */
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    putv(1, PKT3(COND_WRITE, 8));
    for (unsigned j = 0; j < 8; j++) putv(1, bad[i][j]);
    assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  assert_int_equal(dw(OUT)[0], 0xAAu);
  putv(8, PKT3(COND_WRITE, 7), 0u, 0u, 0u, 0u, 0u, 0u, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

/* REG_RMW with immediate masks and masks from registers; CONTEXT_REG_RMW's masked insert. */
static void test_reg_rmw(void **state) {
  (void)state;
  const uint32_t ud0 = R_COMPUTE_USER_DATA_0 / 4;
  putv(5, PKT3(SET_SH_REG, 4), SH_OFF(R_COMPUTE_USER_DATA_0), 0x12345678u, 0xFFFF0000u,
       0x000000ABu);
  /* USER_DATA_0 = (0x12345678 & 0x0000FFFF) | 0x00AB0000 = 0x00AB5678 */
  putv(4, PKT3(REG_RMW, 3), ud0, 0x0000FFFFu, 0x00AB0000u);
  /* USER_DATA_0 = (0x00AB5678 & USER_DATA_1 0xFFFF0000) | USER_DATA_2 0xAB = 0x00AB00AB */
  putv(4, PKT3(REG_RMW, 3), ud0 | 1u << 31 | 1u << 30, ud0 + 1, ud0 + 2);
  putv(3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_DB_DEPTH_CONTROL), 0xF0F0F0F0u);
  /* (0xF0F0F0F0 & ~0x0000FF00) | (0x12345678 & 0x0000FF00) = 0xF0F056F0 */
  putv(4, PKT3(CONTEXT_REG_RMW, 3), CTX_OFF(R_DB_DEPTH_CONTROL), 0x0000FF00u, 0x12345678u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), 0x00AB00ABu);
  assert_int_equal(reg(0, R_DB_DEPTH_CONTROL), 0xF0F056F0u);
  const uint32_t bad[][4] = {
      {PKT3(REG_RMW, 3), 0x10u, 0, 0},
      {PKT3(REG_RMW, 3), ud0 | 1u << 31, 0x10u, 0},
      {PKT3(REG_RMW, 3), ud0 | 1u << 30, 0, 0x3FFFFu},
      {PKT3(CONTEXT_REG_RMW, 3), 0x400u, 0xFFFFFFFFu, 0},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    putv(4, bad[i][0], bad[i][1], bad[i][2], bad[i][3]);
    assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), 0x00AB00ABu);
  putv(3, PKT3(REG_RMW, 2), ud0, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

/* SET_SH_REG_OFFSET: index 0 inside an indirect buffer at IB: IB + 6 dwords = 0x400030018,
 * the second register 0x4 | DRIVER_DATA 0xBEEF << 16; index 2: SET_BASE 5's base + 0x123;
 * index 1 and 3 and a pair past the SH space stop the queue. */
static void test_set_sh_reg_offset(void **state) {
  (void)state;
  const uint32_t ib[] = {PKT3(SET_SH_REG_OFFSET, 3), SH_OFF(R_SPI_SHADER_USER_DATA_PS_0), 6u,
                         0xBEEF0000u | 0x1234u};
  memcpy(dw(IB), ib, sizeof ib);
  putv(4, PKT3(INDIRECT_BUFFER, 3), LO(IB), HI(IB), 4u);
  putv(4, PKT3(SET_BASE, 3), 5u, LO(IDATA), HI(IDATA));
  putv(4, PKT3(SET_SH_REG_OFFSET, 3), SH_OFF(R_COMPUTE_USER_DATA_0) | 2u << 30, 0x123u, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(reg(0, R_SPI_SHADER_USER_DATA_PS_0), 0x00030018u);
  assert_int_equal(reg(0, R_SPI_SHADER_USER_DATA_PS_0 + 4), 0xBEEF0004u);
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), LO(IDATA + 0x123));
  const uint32_t bad[][3] = {
      {SH_OFF(R_COMPUTE_USER_DATA_0) | 1u << 30, 0, 0},
      {SH_OFF(R_COMPUTE_USER_DATA_0) | 3u << 30, 0, 0},
      {0x3FFu, 0, 0},
  };
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    putv(4, PKT3(SET_SH_REG_OFFSET, 3), bad[i][0], bad[i][1], bad[i][2]);
    assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
  assert_int_equal(reg(0, R_COMPUTE_USER_DATA_0), LO(IDATA + 0x123));
  putv(3, PKT3(SET_SH_REG_OFFSET, 2), 0u, 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
}

/* PRIME_UTCL2 (4 body dwords), GFX_PIPE_LOCK (0x75), FRAME_CONTROL (0x90), INVALIDATE_TLBS
 * (0x98) and HDP_FLUSH (0x95; 1 each) run (nothing to act on here); another length stops the queue.
 */
static void test_nothing_to_do(void **state) {
  (void)state;
  putv(5, PKT3(PRIME_UTCL2, 4), 1u << 3, LO(DATA), HI(DATA), 4u);
  putv(2, PKT3(GFX_PIPE_LOCK, 1), 3u);
  putv(2, PKT3(FRAME_CONTROL, 1), 1u << 28 | 1u);
  putv(2, PKT3(INVALIDATE_TLBS, 1), 0u);
  putv(2, PKT3(HDP_FLUSH, 1), 0u);
  assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(cp_queue_stats(cp, 0).packets, 5);
  const uint32_t bad[][2] = {{PKT3(PRIME_UTCL2, 3), 4},
                             {PKT3(GFX_PIPE_LOCK, 2), 3},
                             {PKT3(FRAME_CONTROL, 2), 3},
                             {PKT3(INVALIDATE_TLBS, 2), 3},
                             {PKT3(HDP_FLUSH, 2), 3}};
  for (unsigned i = 0; i < 5; i++) {
    putv(1, bad[i][0]);
    for (unsigned j = 1; j < bad[i][1]; j++) putv(1, 0u);
    assert_int_equal(run_on(CP_GFX_QUEUE), CP_QUEUE_STOPPED);
    cp_queue_reset(cp, CP_GFX_QUEUE);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_atomic_32, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_atomic_64, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_atomic_float_32, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_atomic_float_64, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_atomic_loop, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_atomic_errors, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_cond_write, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_reg_rmw, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_set_sh_reg_offset, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_nothing_to_do, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
