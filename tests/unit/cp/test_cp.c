/* Command processor tests: PM4 streams built in memory, run through the scheduler. Packets
 * are encoded here from the public PM4 definitions (PKT3 below: type 3 in bits 31:30, body
 * dwords - 1 in 29:16, opcode in 15:8), not with the module's helpers; expected values
 * follow from what each packet is defined to do. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/log.h"
#include "gpu/cp/cp.h"
#include "cp_test_pm4.h"

/* byte addresses of registers (GFX10 register database) */
#define R_COMPUTE_DISPATCH_INITIATOR 0xB800u
#define R_COMPUTE_DIM_X 0xB804u
#define R_COMPUTE_NUM_THREAD_X 0xB81Cu
#define R_COMPUTE_PGM_LO 0xB830u
#define R_COMPUTE_PGM_RSRC2 0xB84Cu
#define R_COMPUTE_USER_DATA_0 0xB900u
#define R_COMPUTE_STATIC_THREAD_MGMT_SE0 0xB858u
#define R_CB_COLOR0_INFO 0x28C70u
#define R_DB_DEPTH_CONTROL 0x28800u
#define R_VGT_PRIMITIVE_TYPE 0x30908u
/* the border colour table of compute work (Mesa's sid.h R_030E00 / R_030E04) */
#define R_TA_CS_BC_BASE_ADDR 0x30E00u
#define R_TA_CS_BC_BASE_ADDR_HI 0x30E04u

/* ---- guest memory: one flat range ---- */
#define MEM_BASE 0x200000000ull
#define MEM_SIZE (1u << 20)
#include "cp_test_harness.h"

static uint64_t rd64(uint64_t addr) {
  uint64_t v;
  memcpy(&v, mem + (addr - MEM_BASE), 8);
  return v;
}

/* ---- recording ops ---- */
struct rec {
  unsigned interrupts, last_int_queue, last_int_event;
  uint64_t last_int_data;
  uint32_t int_contexts[4]; /* the context id of each interrupt, in order */
  unsigned dispatches;
  struct cp_dispatch last_dispatch;
  uint32_t last_pgm_lo, last_user0, last_num_thread_x;
  uint32_t last_bc_base, last_bc_base_hi; /* TA_CS_BC_BASE_ADDR/_HI through cp_dispatch.uc */
  unsigned draws;
  struct cp_draw last_draw;
  unsigned agc, agc_sub, agc_n;
  uint32_t agc_first;
  unsigned acquires;
  uint64_t acq_base, acq_size;
};
static struct rec rec;

static void on_interrupt(void *ctx, unsigned queue, unsigned event, uint64_t data,
                         uint32_t context_id) {
  if (rec.interrupts < 4) rec.int_contexts[rec.interrupts] = context_id;
  rec.interrupts++;
  rec.last_int_queue = queue;
  rec.last_int_event = event;
  rec.last_int_data = data;
}
static void on_dispatch(void *ctx, const struct cp_dispatch *d) {
  rec.dispatches++;
  rec.last_dispatch = *d;
  rec.last_pgm_lo = d->sh[SH_OFF(R_COMPUTE_PGM_LO)];
  rec.last_user0 = d->sh[SH_OFF(R_COMPUTE_USER_DATA_0)];
  rec.last_num_thread_x = d->sh[SH_OFF(R_COMPUTE_NUM_THREAD_X)];
  rec.last_bc_base = d->uc[UC_OFF(R_TA_CS_BC_BASE_ADDR)];
  rec.last_bc_base_hi = d->uc[UC_OFF(R_TA_CS_BC_BASE_ADDR_HI)];
}
static void on_draw(void *ctx, const struct cp_draw *d) {
  rec.draws++;
  rec.last_draw = *d;
}
static void on_agc(void *ctx, unsigned queue, unsigned sub, const uint32_t *b, unsigned n) {
  rec.agc++;
  rec.agc_sub = sub;
  rec.agc_n = n;
  rec.agc_first = b[0];
}
static void on_acquire(void *ctx, unsigned queue, uint64_t base, uint64_t size) {
  rec.acquires++;
  rec.acq_base = base;
  rec.acq_size = size;
}
static uint64_t fixed_clock(void *ctx) { return 0x123456789abcull; }

static int setup(void **state) {
  memset(&rec, 0, sizeof(rec));
  const struct cp_ops ops = {.mem_map = mem_map,
                             .interrupt = on_interrupt,
                             .dispatch = on_dispatch,
                             .draw = on_draw,
                             .agc_packet = on_agc,
                             .acquire = on_acquire,
                             .gpu_clock = fixed_clock};
  return cp_test_setup(&ops);
}

/* A stream being built at a guest address. */
struct stream {
  uint64_t addr;
  uint32_t n;
};
static struct stream stream_at(uint64_t addr) { return (struct stream){addr, 0}; }
static void put(struct stream *s, uint32_t v) { dw(s->addr)[s->n++] = v; }
static void putv(struct stream *s, unsigned n, ...) {
  va_list ap;
  va_start(ap, n);
  for (unsigned i = 0; i < n; i++) put(s, va_arg(ap, uint32_t));
  va_end(ap);
}
static void submit(unsigned queue, struct stream *s) {
  assert_int_equal(cp_submit(cp, queue, s->addr, s->n), 0);
}
static void run(void) { assert_true(cp_run_until_idle(cp, 100)); }

/* ---- tests ---- */

static void test_header(void **state) {
  struct pm4_header h = pm4_header_decode(0xC0037600u | 2u | 1u);
  assert_int_equal(h.type, 3);
  assert_int_equal(h.count, 3);
  assert_int_equal(h.opcode, 0x76);
  assert_true(h.compute);
  assert_true(h.predicate);
  assert_int_equal(h.dwords, 5);
  h = pm4_header_decode(PKT0(0x2C07, 3));
  assert_int_equal(h.type, 0);
  assert_int_equal(h.reg, 0x2C07);
  assert_int_equal(h.dwords, 4);
  /* GFX10's type-0 BASE_INDEX is bits 15:0 (Navi PM4 header, Mesa sid.h): no one-reg flag */
  h = pm4_header_decode(PKT0(0xA31C, 1));
  assert_int_equal(h.reg, 0xA31C);
  assert_int_equal(h.dwords, 2);
  assert_int_equal(pm4_header_decode(0x80000000u).dwords, 1);
  assert_int_equal(pm4_header_decode(0xFFFF1000u).dwords, 1); /* the NOP pad */
  assert_string_equal(pm4_opcode_name(0x49), "RELEASE_MEM");
  assert_string_equal(pm4_opcode_name(0x93), "WAIT_REG_MEM64");
  assert_null(pm4_opcode_name(0x01));
  /* GFX10 opcodes (PAL, Navi PM4 header); 0x57 (ONE_REG_WRITE of older chips) is not one */
  assert_string_equal(pm4_opcode_name(0x5C), "INDIRECT_BUFFER_PASID");
  assert_string_equal(pm4_opcode_name(0x64), "LOAD_UCONFIG_REG_INDEX");
  assert_null(pm4_opcode_name(0x57));
  /* VGT_EVENT_TYPE: 0x3F DRAW_DONE, 0x09 reserved on GFX10 */
  assert_string_equal(pm4_event_name(0x3F), "DRAW_DONE");
  assert_string_equal(pm4_event_name(0x2F), "CS_DONE");
  assert_null(pm4_event_name(0x09));
  assert_string_equal(pm4_event_name(0x28), "BOTTOM_OF_PIPE_TS");
  assert_string_equal(pm4_reg_name(R_COMPUTE_PGM_RSRC2 / 4), "COMPUTE_PGM_RSRC2");
  assert_int_equal(pm4_reg_by_name("VGT_PRIMITIVE_TYPE"), R_VGT_PRIMITIVE_TYPE / 4);
  /* COMPUTE_PGM_RSRC2: USER_SGPR is bits 5:1, TGID_X_EN bit 7, LDS_SIZE bits 23:15 */
  uint32_t v = (12u << 1) | (1u << 7) | (0x40u << 15);
  assert_int_equal(PM4_GET(v, COMPUTE_PGM_RSRC2, USER_SGPR), 12);
  assert_int_equal(PM4_GET(v, COMPUTE_PGM_RSRC2, TGID_X_EN), 1);
  assert_int_equal(PM4_GET(v, COMPUTE_PGM_RSRC2, LDS_SIZE), 0x40);
}

/* The register table's own consistency: each address is a dword of the SH, context or user
 * config space (bases of the GFX10 register map), names round-trip, fields fit their
 * register and do not overlap (the database's fields are disjoint). */
static void test_reg_table(void **state) {
  static const struct {
    const char *name;
    uint32_t addr;
  } regs[] = {
#define REG(name, addr) {#name, addr},
#define FIELD(reg, name, shift, width)
#include "gpu/cp/cp_regs.def"
#undef REG
#undef FIELD
  };
  for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++) {
    uint32_t r = regs[i].addr / 4;
    assert_int_equal(regs[i].addr % 4, 0);
    enum pm4_space sp = pm4_space_of(r);
    assert_true(sp == PM4_SPACE_SH || sp == PM4_SPACE_CONTEXT || sp == PM4_SPACE_UCONFIG);
    assert_string_equal(pm4_reg_name(r), regs[i].name);
    assert_int_equal(pm4_reg_by_name(regs[i].name), r);
    size_t n = 0;
    const struct pm4_field *f = pm4_reg_fields(r, &n);
    uint64_t used = 0;
    for (size_t k = 0; k < n; k++) {
      assert_true(f[k].width >= 1 && f[k].shift + f[k].width <= 32);
      uint64_t m = ((1ull << f[k].width) - 1u) << f[k].shift;
      assert_int_equal(used & m, 0);
      used |= m;
    }
  }
}

static void test_set_regs(void **state) {
  struct stream s = stream_at(MEM_BASE);
  putv(&s, 5, PKT3(SET_SH_REG, 4), SH_OFF(R_COMPUTE_NUM_THREAD_X), 64, 2, 1);
  putv(&s, 3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_DB_DEPTH_CONTROL), 0x76);
  putv(&s, 3, PKT3(SET_UCONFIG_REG_INDEX, 2), UC_OFF(R_VGT_PRIMITIVE_TYPE) | (1u << 28), 4);
  /* type 0: two registers at absolute dword 0x2E40 (COMPUTE_USER_DATA_0) */
  putv(&s, 3, PKT0(R_COMPUTE_USER_DATA_0 / 4, 2), 0xAAAA, 0xBBBB);
  /* type 0 at a context register: dword 0xA31C has bit 15 set, part of the 16-bit index */
  putv(&s, 2, PKT0(R_CB_COLOR0_INFO / 4, 1), 0x1234);
  put(&s, 0x80000000u); /* type-2 filler */
  submit(CP_GFX_QUEUE, &s);
  run();
  assert_int_equal(cp_reg(cp, 0, R_COMPUTE_NUM_THREAD_X / 4), 64);
  assert_int_equal(cp_reg(cp, 0, R_COMPUTE_NUM_THREAD_X / 4 + 1), 2);
  assert_int_equal(cp_reg(cp, 0, R_COMPUTE_NUM_THREAD_X / 4 + 2), 1);
  assert_int_equal(cp_reg(cp, 0, R_DB_DEPTH_CONTROL / 4), 0x76);
  /* Z_ENABLE bit 1, Z_WRITE_ENABLE bit 2, ZFUNC bits 6:4 */
  assert_int_equal(PM4_GET(0x76, DB_DEPTH_CONTROL, ZFUNC), 7);
  assert_int_equal(cp_reg(cp, 0, R_VGT_PRIMITIVE_TYPE / 4), 4);
  assert_int_equal(cp_reg(cp, 0, R_COMPUTE_USER_DATA_0 / 4), 0xAAAA);
  assert_int_equal(cp_reg(cp, 0, R_COMPUTE_USER_DATA_0 / 4 + 1), 0xBBBB);
  assert_int_equal(cp_reg(cp, 0, R_CB_COLOR0_INFO / 4), 0x1234);
  /* another queue's registers are its own */
  assert_int_equal(cp_reg(cp, 1, R_COMPUTE_NUM_THREAD_X / 4), 0);
  struct cp_stats st = cp_queue_stats(cp, 0);
  assert_int_equal(st.reg_writes, 3 + 1 + 1 + 2 + 1);
  assert_int_equal(st.packets, 6);
}

static void test_set_reg_index_forms(void **state) {
  uint64_t data = MEM_BASE + 0x8000;
  dw(data)[0] = 0xC0FFEE;
  struct stream s = stream_at(MEM_BASE);
  /* SET_SH_REG_INDEX, index 3 (apply the driver's CU mask): the value is the register's */
  putv(&s, 3, PKT3(SET_SH_REG_INDEX, 2), SH_OFF(R_COMPUTE_STATIC_THREAD_MGMT_SE0) | (3u << 28),
       0xFFFF);
  putv(&s, 3, PKT3(SET_CONTEXT_REG_INDEX, 2), CTX_OFF(R_CB_COLOR0_INFO), 0x5C);
  /* LOAD_CONTEXT_REG_INDEX: one register from memory, direct address */
  putv(&s, 5, PKT3(LOAD_CONTEXT_REG_INDEX, 4), LO(data), HI(data), CTX_OFF(R_DB_DEPTH_CONTROL), 1);
  /* COPY_DATA 64-bit immediate into two registers (dst 0) */
  putv(&s, 6, PKT3(COPY_DATA, 5), 5u | (0u << 8) | (1u << 16), 0x11, 0x22,
       R_COMPUTE_USER_DATA_0 / 4 + 4, 0);
  submit(cp_compute_queue(3, 0), &s);
  run();
  unsigned q = cp_compute_queue(3, 0);
  assert_int_equal(cp_reg(cp, q, R_COMPUTE_STATIC_THREAD_MGMT_SE0 / 4), 0xFFFF);
  assert_int_equal(cp_reg(cp, q, R_CB_COLOR0_INFO / 4), 0x5C);
  /* CB_COLOR0_INFO: FORMAT bits 6:2 */
  assert_int_equal(PM4_GET(0x5C, CB_COLOR0_INFO, FORMAT), 0x17);
  assert_int_equal(cp_reg(cp, q, R_DB_DEPTH_CONTROL / 4), 0xC0FFEE);
  assert_int_equal(cp_reg(cp, q, R_COMPUTE_USER_DATA_0 / 4 + 4), 0x11);
  assert_int_equal(cp_reg(cp, q, R_COMPUTE_USER_DATA_0 / 4 + 5), 0x22);
}

static void test_load_sh_reg_index(void **state) {
  uint64_t data = MEM_BASE + 0x8000;
  dw(data)[0] = 0x1111;
  dw(data)[1] = 0x2222;
  struct stream s = stream_at(MEM_BASE);
  putv(&s, 5, PKT3(LOAD_SH_REG_INDEX, 4), LO(data), HI(data), SH_OFF(R_COMPUTE_USER_DATA_0), 2);
  submit(1, &s);
  run();
  assert_int_equal(cp_reg(cp, 1, R_COMPUTE_USER_DATA_0 / 4), 0x1111);
  assert_int_equal(cp_reg(cp, 1, R_COMPUTE_USER_DATA_0 / 4 + 1), 0x2222);
}

static void test_write_copy_dma(void **state) {
  uint64_t a = MEM_BASE + 0x4000, b = MEM_BASE + 0x5000, c = MEM_BASE + 0x6000;
  struct stream s = stream_at(MEM_BASE);
  /* WRITE_DATA dst_sel 5 (memory): three dwords */
  putv(&s, 7, PKT3(WRITE_DATA, 6), 5u << 8, LO(a), HI(a), 1, 2, 3);
  /* WRITE_DATA WR_ONE_ADDR: the last value stays */
  putv(&s, 6, PKT3(WRITE_DATA, 5), (5u << 8) | (1u << 16), LO(a + 16), HI(a + 16), 7, 9);
  /* WRITE_DATA dst_sel 0 (register COMPUTE_PGM_LO) */
  putv(&s, 5, PKT3(WRITE_DATA, 4), 0, R_COMPUTE_PGM_LO / 4, 0, 0xC0DE);
  /* COPY_DATA immediate 64-bit (src 5, COUNT_SEL) to memory (dst 5) */
  putv(&s, 6, PKT3(COPY_DATA, 5), 5u | (5u << 8) | (1u << 16), 0x89ABCDEF, 0x01234567, LO(b),
       HI(b));
  /* COPY_DATA register (COMPUTE_PGM_LO) to memory */
  putv(&s, 6, PKT3(COPY_DATA, 5), 0u | (5u << 8), R_COMPUTE_PGM_LO / 4, 0, LO(b + 8), HI(b + 8));
  /* COPY_DATA memory (src 1) to register COMPUTE_USER_DATA_0 */
  putv(&s, 6, PKT3(COPY_DATA, 5), 1u | (0u << 8), LO(a + 4), HI(a + 4), R_COMPUTE_USER_DATA_0 / 4,
       0);
  /* COPY_DATA GPU clock (src 9) to memory, 64-bit */
  putv(&s, 6, PKT3(COPY_DATA, 5), 9u | (5u << 8) | (1u << 16), 0, 0, LO(b + 16), HI(b + 16));
  /* COPY_DATA system clock count (src 10), 64-bit: the same clock here (EOP DATA_SEL 4's rule) */
  putv(&s, 6, PKT3(COPY_DATA, 5), 10u | (5u << 8) | (1u << 16), 0, 0, LO(b + 24), HI(b + 24));
  /* DMA_DATA memory to memory, 12 bytes (SRC_SEL 0, DST_SEL 0) */
  putv(&s, 7, PKT3(DMA_DATA, 6), 0, LO(a), HI(a), LO(c), HI(c), 12);
  /* DMA_DATA fill (SRC_SEL 2 = DATA) 16 bytes */
  putv(&s, 7, PKT3(DMA_DATA, 6), 2u << 29, 0x5A5A5A5A, 0, LO(c + 32), HI(c + 32), 16);
  submit(CP_GFX_QUEUE, &s);
  run();
  assert_int_equal(dw(a)[0], 1);
  assert_int_equal(dw(a)[1], 2);
  assert_int_equal(dw(a)[2], 3);
  assert_int_equal(dw(a)[4], 9);
  assert_int_equal(dw(a)[5], 0);
  assert_int_equal(cp_reg(cp, 0, R_COMPUTE_PGM_LO / 4), 0xC0DE);
  assert_int_equal(rd64(b), 0x0123456789ABCDEFull);
  assert_int_equal(dw(b)[2], 0xC0DE);
  assert_int_equal(cp_reg(cp, 0, R_COMPUTE_USER_DATA_0 / 4), 2);
  assert_int_equal(rd64(b + 16), 0x123456789abcull);
  assert_int_equal(rd64(b + 24), 0x123456789abcull);
  assert_memory_equal(dw(c), dw(a), 12);
  for (int i = 0; i < 4; i++) assert_int_equal(dw(c + 32)[i], 0x5A5A5A5A);
  assert_int_equal(dw(c + 32)[4], 0);
}

static void test_events(void **state) {
  uint64_t l = MEM_BASE + 0x7000;
  struct stream s = stream_at(MEM_BASE);
  /* RELEASE_MEM BOTTOM_OF_PIPE_TS (0x28, index 5), DATA_SEL 1 (32-bit), no interrupt */
  putv(&s, 8, PKT3(RELEASE_MEM, 7), 0x28u | (5u << 8), 1u << 29, LO(l), HI(l), 0xAAAA5555,
       0xFFFFFFFF, 0);
  /* DATA_SEL 2 (64-bit), INT_SEL 2 (interrupt after the write), INT_CTXID 0x8000101 (its
   * 28 bits; the top nibble of the dword is not part of it) */
  putv(&s, 8, PKT3(RELEASE_MEM, 7), 0x14u | (5u << 8), (2u << 29) | (2u << 24), LO(l + 8),
       HI(l + 8), 0x11112222, 0x33334444, 0xF8000101u);
  /* DATA_SEL 3 (GPU clock) */
  putv(&s, 8, PKT3(RELEASE_MEM, 7), 0x28u | (5u << 8), 3u << 29, LO(l + 16), HI(l + 16), 0, 0, 0);
  /* EVENT_WRITE_EOP: DATA_SEL 1, INT_SEL 1 in dw3 with the high address bits */
  putv(&s, 6, PKT3(EVENT_WRITE_EOP, 5), 0x04u | (5u << 8), LO(l + 24),
       (HI(l + 24) & 0xffff) | (1u << 29) | (1u << 24), 0xE0E0, 0);
  /* EVENT_WRITE_EOS: CS_DONE (0x2F, index 6), COMMAND 2 (32-bit data) */
  putv(&s, 5, PKT3(EVENT_WRITE_EOS, 4), 0x2Fu | (6u << 8), LO(l + 32),
       (HI(l + 32) & 0xffff) | (2u << 29), 0xE05);
  /* EVENT_WRITE CS_PARTIAL_FLUSH (0x07, index 4) */
  putv(&s, 2, PKT3(EVENT_WRITE, 1), 0x07u | (4u << 8));
  submit(cp_compute_queue(2, 3), &s);
  run();
  assert_int_equal(dw(l)[0], 0xAAAA5555);
  assert_int_equal(dw(l)[1], 0); /* 32-bit write only */
  assert_int_equal(rd64(l + 8), 0x3333444411112222ull);
  assert_int_equal(rd64(l + 16), 0x123456789abcull);
  assert_int_equal(dw(l + 24)[0], 0xE0E0);
  assert_int_equal(dw(l + 32)[0], 0xE05);
  assert_int_equal(rec.interrupts, 2);
  assert_int_equal(rec.last_int_queue, 1 + 2 * 8 + 3);
  assert_int_equal(rec.last_int_event, 0x04);
  assert_int_equal(rec.last_int_data, 0xE0E0);
  assert_int_equal(rec.int_contexts[0], 0x08000101); /* the RELEASE_MEM's INT_CTXID */
  assert_int_equal(rec.int_contexts[1], 0);          /* EVENT_WRITE_EOP has none */
  struct cp_stats st = cp_queue_stats(cp, cp_compute_queue(2, 3));
  assert_int_equal(st.events, 6);
  assert_int_equal(st.interrupts, 2);
}

static void test_indirect_buffers(void **state) {
  uint64_t ib1 = MEM_BASE + 0x10000, ib2 = MEM_BASE + 0x11000, ib3 = MEM_BASE + 0x12000;
  uint64_t out = MEM_BASE + 0x13000;
  struct stream s2 = stream_at(ib2); /* nested: writes 2 */
  putv(&s2, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 4), HI(out + 4), 2);
  struct stream s3 = stream_at(ib3); /* chained from ib1: writes 4 */
  putv(&s3, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 12), HI(out + 12), 4);
  struct stream s1 = stream_at(ib1);
  putv(&s1, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out), HI(out), 1);
  putv(&s1, 4, PKT3(INDIRECT_BUFFER, 3), LO(ib2), HI(ib2), s2.n | (1u << 23));
  putv(&s1, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 8), HI(out + 8), 3);
  /* CHAIN (bit 20): ib1 continues in ib3, the rest of ib1 is not run */
  putv(&s1, 4, PKT3(INDIRECT_BUFFER, 3), LO(ib3), HI(ib3), s3.n | (1u << 20) | (1u << 23));
  putv(&s1, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 16), HI(out + 16), 0xBAD);
  struct stream top = stream_at(MEM_BASE);
  putv(&top, 4, PKT3(INDIRECT_BUFFER, 3), LO(ib1), HI(ib1), s1.n | (1u << 23));
  /* back at the top after ib1 (and the chained ib3) return */
  putv(&top, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 20), HI(out + 20), 6);
  submit(CP_GFX_QUEUE, &top);
  run();
  assert_int_equal(cp_queue_status(cp, 0), CP_QUEUE_IDLE);
  assert_int_equal(dw(out)[0], 1);
  assert_int_equal(dw(out)[1], 2);
  assert_int_equal(dw(out)[2], 3);
  assert_int_equal(dw(out)[3], 4);
  assert_int_equal(dw(out)[4], 0);
  assert_int_equal(dw(out)[5], 6);
}

static void test_indirect_depth_and_unmapped(void **state) {
  /* an IB that calls itself: nesting past CP_IB_DEPTH stops the queue */
  uint64_t ib = MEM_BASE + 0x20000;
  struct stream s = stream_at(ib);
  putv(&s, 4, PKT3(INDIRECT_BUFFER, 3), LO(ib), HI(ib), 4u | (1u << 23));
  submit(1, &s);
  /* an IB outside guest memory */
  struct stream t = stream_at(MEM_BASE + 0x21000);
  putv(&t, 4, PKT3(INDIRECT_BUFFER, 3), 0x1000, 0x7, 16u | (1u << 23));
  submit(2, &t);
  /* queue 3 runs meanwhile */
  struct stream u = stream_at(MEM_BASE + 0x22000);
  putv(&u, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(MEM_BASE + 0x23000), HI(MEM_BASE + 0x23000), 77);
  submit(3, &u);
  run();
  assert_int_equal(cp_queue_status(cp, 1), CP_QUEUE_STOPPED);
  assert_int_equal(cp_queue_status(cp, 2), CP_QUEUE_STOPPED);
  assert_int_equal(cp_queue_status(cp, 3), CP_QUEUE_IDLE);
  assert_int_equal(dw(MEM_BASE + 0x23000)[0], 77);
}

static void test_chain_loop_does_not_hang(void **state) {
  /* an IB that chains to itself never ends (as on hardware) but only uses its queue's turns */
  uint64_t ib = MEM_BASE + 0x20000;
  struct stream s = stream_at(ib);
  putv(&s, 4, PKT3(INDIRECT_BUFFER, 3), LO(ib), HI(ib), 4u | (1u << 20) | (1u << 23));
  submit(1, &s);
  struct stream u = stream_at(MEM_BASE + 0x22000);
  putv(&u, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(MEM_BASE + 0x23000), HI(MEM_BASE + 0x23000), 5);
  submit(4, &u);
  assert_false(cp_run_until_idle(cp, 3));
  assert_int_equal(cp_queue_status(cp, 1), CP_QUEUE_READY);
  assert_int_equal(cp_queue_status(cp, 4), CP_QUEUE_IDLE);
  assert_int_equal(dw(MEM_BASE + 0x23000)[0], 5);
}

static void test_wait_blocks_one_queue(void **state) {
  uint64_t label = MEM_BASE + 0x30000, out = MEM_BASE + 0x31000;
  uint64_t label64 = MEM_BASE + 0x30008;
  struct stream a = stream_at(MEM_BASE);
  /* WAIT_REG_MEM: memory space (bit 4), function 3 (==), ref 1, mask 0xFF */
  putv(&a, 7, PKT3(WAIT_REG_MEM, 6), 3u | (1u << 4), LO(label), HI(label), 1, 0xFF, 10);
  putv(&a, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out), HI(out), 0xA);
  /* WAIT_REG_MEM64: function 5 (>=), ref 0x1_0000_0000 */
  /* WAIT_REG_MEM64, operation 3 (a preemptable wait: the same wait) */
  putv(&a, 9, PKT3(WAIT_REG_MEM64, 8), 5u | (1u << 4) | (3u << 6), LO(label64), HI(label64), 0, 1,
       0xFFFFFFFF, 0xFFFFFFFF, 10);
  putv(&a, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 4), HI(out + 4), 0xB);
  submit(cp_compute_queue(0, 0), &a);
  struct stream b = stream_at(MEM_BASE + 0x1000);
  putv(&b, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 8), HI(out + 8), 0xC);
  submit(cp_compute_queue(6, 7), &b);
  assert_false(cp_run_until_idle(cp, 10));
  assert_int_equal(cp_queue_status(cp, 1), CP_QUEUE_BLOCKED);
  assert_int_equal(cp_queue_status(cp, 56), CP_QUEUE_IDLE);
  assert_int_equal(dw(out)[0], 0);
  assert_int_equal(dw(out)[2], 0xC);
  /* masked compare: 0x301 & 0xFF == 1 */
  dw(label)[0] = 0x301;
  assert_false(cp_run_until_idle(cp, 10));
  assert_int_equal(dw(out)[0], 0xA);
  assert_int_equal(dw(out)[1], 0);
  assert_int_equal(cp_queue_status(cp, 1), CP_QUEUE_BLOCKED);
  /* the 64-bit wait compares all 64 bits: 0xFFFFFFFF is not >= 1<<32 */
  dw(label64)[0] = 0xFFFFFFFF;
  assert_false(cp_run_until_idle(cp, 10));
  dw(label64)[1] = 1;
  dw(label64)[0] = 0;
  /* now 0x1_0000_0000 >= 0x1_0000_0000 */
  run();
  assert_int_equal(dw(out)[1], 0xB);
  assert_true(cp_queue_stats(cp, 1).wait_polls >= 2);
}

static void test_wait_on_register(void **state) {
  struct stream a = stream_at(MEM_BASE);
  /* WAIT_REG_MEM on register COMPUTE_USER_DATA_0 (memory space 0), function 4 (!=), ref 0 */
  putv(&a, 7, PKT3(WAIT_REG_MEM, 6), 4u, R_COMPUTE_USER_DATA_0 / 4, 0, 0, 0xFFFFFFFF, 10);
  putv(&a, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(MEM_BASE + 0x100), HI(MEM_BASE + 0x100), 1);
  submit(5, &a);
  assert_false(cp_run_until_idle(cp, 5));
  assert_int_equal(cp_queue_status(cp, 5), CP_QUEUE_BLOCKED);
  /* registers are per queue, so only the queue itself can satisfy this wait: reset it and
   * set the register before the wait */
  cp_queue_reset(cp, 5);
  struct stream b = stream_at(MEM_BASE + 0x400);
  putv(&b, 3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 9);
  submit(5, &b);
  submit(5, &a);
  run();
  assert_int_equal(dw(MEM_BASE + 0x100)[0], 1);
}

static void test_cond_exec_and_predication(void **state) {
  uint64_t cond = MEM_BASE + 0x40000, out = MEM_BASE + 0x41000, pred = MEM_BASE + 0x42000;
  dw(cond)[0] = 0;
  dw(cond)[1] = 5;
  dw(pred)[0] = 0;
  dw(pred)[1] = 0;
  dw(pred)[2] = 1;
  struct stream s = stream_at(MEM_BASE);
  /* COND_EXEC: the value at COND is 0 -> the next 5 dwords (one WRITE_DATA) are skipped */
  putv(&s, 5, PKT3(COND_EXEC, 4), LO(cond), HI(cond), 0, 5);
  putv(&s, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out), HI(out), 1);
  /* non-zero: executed */
  putv(&s, 5, PKT3(COND_EXEC, 4), LO(cond + 4), HI(cond + 4), 0, 5);
  putv(&s, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 4), HI(out + 4), 2);
  /* SET_PREDICATION BOOL64 (op 3 << 16), DRAW_VISIBLE (1 << 8): 64-bit zero -> predicated
   * packets are skipped */
  putv(&s, 4, PKT3(SET_PREDICATION, 3), (3u << 16) | (1u << 8), LO(pred), HI(pred));
  putv(&s, 5, PKT3(WRITE_DATA, 4) | 1u, 5u << 8, LO(out + 8), HI(out + 8), 3);
  putv(&s, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out + 12), HI(out + 12), 4); /* not predicated */
  /* non-zero value (at pred+8) -> predicated packets run */
  putv(&s, 4, PKT3(SET_PREDICATION, 3), (3u << 16) | (1u << 8), LO(pred + 8), HI(pred + 8));
  putv(&s, 5, PKT3(WRITE_DATA, 4) | 1u, 5u << 8, LO(out + 16), HI(out + 16), 5);
  /* DRAW_NOT_VISIBLE with a non-zero value: skipped */
  putv(&s, 4, PKT3(SET_PREDICATION, 3), (3u << 16), LO(pred + 8), HI(pred + 8));
  putv(&s, 5, PKT3(WRITE_DATA, 4) | 1u, 5u << 8, LO(out + 20), HI(out + 20), 6);
  /* clear (op 0): predicated packets run again */
  putv(&s, 4, PKT3(SET_PREDICATION, 3), 0, 0, 0);
  putv(&s, 5, PKT3(WRITE_DATA, 4) | 1u, 5u << 8, LO(out + 24), HI(out + 24), 7);
  submit(CP_GFX_QUEUE, &s);
  run();
  assert_int_equal(dw(out)[0], 0);
  assert_int_equal(dw(out)[1], 2);
  assert_int_equal(dw(out)[2], 0);
  assert_int_equal(dw(out)[3], 4);
  assert_int_equal(dw(out)[4], 5);
  assert_int_equal(dw(out)[5], 0);
  assert_int_equal(dw(out)[6], 7);
  assert_int_equal(cp_queue_stats(cp, 0).predicated_skips, 2);
}

static void test_dispatch(void **state) {
  uint64_t args = MEM_BASE + 0x50000;
  dw(args)[0] = 7;
  dw(args)[1] = 8;
  dw(args)[2] = 9;
  struct stream s = stream_at(MEM_BASE);
  putv(&s, 4, PKT3(SET_SH_REG, 3) | 2u, SH_OFF(R_COMPUTE_PGM_LO), 0x1000, 0x2);
  putv(&s, 3, PKT3(SET_SH_REG, 2) | 2u, SH_OFF(R_COMPUTE_USER_DATA_0), 0xD00D);
  putv(&s, 5, PKT3(SET_SH_REG, 4) | 2u, SH_OFF(R_COMPUTE_NUM_THREAD_X), 64, 1, 1);
  /* the border colour table at 0x12_3456_7800, as radv's compute preamble writes it */
  putv(&s, 4, PKT3(SET_UCONFIG_REG, 3), UC_OFF(R_TA_CS_BC_BASE_ADDR), 0x12345678u, 0x12u);
  putv(&s, 5, PKT3(DISPATCH_DIRECT, 4) | 2u, 4, 3, 2, 1);
  submit(cp_compute_queue(1, 1), &s);
  run();
  assert_int_equal(rec.dispatches, 1);
  assert_int_equal(rec.last_dispatch.queue, 1 + 8 + 1);
  assert_int_equal(rec.last_dispatch.dim[0], 4);
  assert_int_equal(rec.last_dispatch.dim[1], 3);
  assert_int_equal(rec.last_dispatch.dim[2], 2);
  assert_int_equal(rec.last_dispatch.initiator, 1);
  assert_false(rec.last_dispatch.indirect);
  assert_int_equal(rec.last_pgm_lo, 0x1000);
  assert_int_equal(rec.last_user0, 0xD00D);
  assert_int_equal(rec.last_num_thread_x, 64);
  /* the user-config registers reach the dispatch (cp_dispatch.uc) */
  assert_non_null(rec.last_dispatch.uc);
  assert_int_equal(rec.last_bc_base, 0x12345678u);
  assert_int_equal(rec.last_bc_base_hi, 0x12u);
  /* the dispatch packet sets COMPUTE_DIM_X..Z and COMPUTE_DISPATCH_INITIATOR */
  assert_int_equal(cp_reg(cp, 10, R_COMPUTE_DIM_X / 4), 4);
  assert_int_equal(cp_reg(cp, 10, R_COMPUTE_DISPATCH_INITIATOR / 4), 1);
  /* DISPATCH_INDIRECT, compute form: address lo/hi, initiator */
  struct stream t = stream_at(MEM_BASE + 0x800);
  putv(&t, 4, PKT3(DISPATCH_INDIRECT, 3) | 2u, LO(args), HI(args), 1);
  submit(cp_compute_queue(1, 1), &t);
  /* graphics form: SET_BASE index 1, then an offset */
  struct stream g = stream_at(MEM_BASE + 0x900);
  putv(&g, 4, PKT3(SET_BASE, 3), 1, LO(args - 0x10), HI(args - 0x10));
  putv(&g, 3, PKT3(DISPATCH_INDIRECT, 2), 0x10, 1);
  submit(CP_GFX_QUEUE, &g);
  run();
  assert_int_equal(rec.dispatches, 3);
  assert_true(rec.last_dispatch.indirect);
  assert_int_equal(rec.last_dispatch.dim[0], 7);
  assert_int_equal(rec.last_dispatch.dim[1], 8);
  assert_int_equal(rec.last_dispatch.dim[2], 9);
}

static void test_draws_and_agc(void **state) {
  struct stream s = stream_at(MEM_BASE);
  putv(&s, 3, PKT3(SET_UCONFIG_REG, 2), UC_OFF(R_VGT_PRIMITIVE_TYPE), 4 /* triangle list */);
  putv(&s, 2, PKT3(NUM_INSTANCES, 1), 3);
  putv(&s, 2, PKT3(INDEX_TYPE, 1), 1 /* 32-bit */);
  putv(&s, 3, PKT3(DRAW_INDEX_AUTO, 2), 36, 2);
  putv(&s, 6, PKT3(DRAW_INDEX_2, 5), 100, 0x1000, 0x2, 60, 0);
  /* a driver packet in a NOP the command processor hands on: sub-selector 0x3E in header
   * bits 7:2 (5, DRAW_RESET, it runs itself: test_cp_load_regs.c) */
  putv(&s, 3, PKT3(NOP, 2) | (0x3Eu << 2), 0xFEED, 0xBEEF);
  putv(&s, 3, PKT3(NOP, 2), 1, 2); /* plain NOP */
  put(&s, 0xFFFF1000u);            /* NOP pad */
  submit(CP_GFX_QUEUE, &s);
  run();
  assert_int_equal(rec.draws, 2);
  assert_int_equal(rec.last_draw.opcode, DRAW_INDEX_2);
  assert_int_equal(rec.last_draw.count, 60);
  assert_int_equal(rec.last_draw.index_base, 0x200001000ull);
  assert_int_equal(rec.last_draw.instances, 3);
  assert_int_equal(rec.last_draw.index_type, 1);
  assert_int_equal(rec.last_draw.prim_type, 4);
  assert_int_equal(cp_queue_stats(cp, 0).draws, 2);
  assert_int_equal(rec.agc, 1);
  assert_int_equal(rec.agc_sub, 0x3E);
  assert_int_equal(rec.agc_n, 2);
  assert_int_equal(rec.agc_first, 0xFEED);
  assert_int_equal(cp_queue_status(cp, 0), CP_QUEUE_IDLE);
  /* DRAW_INDEX_OFFSET_2: max size, offset, count, initiator; DRAW_INDIRECT: an offset from
   * SET_BASE's base */
  struct stream t = stream_at(MEM_BASE + 0x1000);
  putv(&t, 5, PKT3(DRAW_INDEX_OFFSET_2, 4), 100, 6, 12, 0);
  putv(&t, 4, PKT3(SET_BASE, 3), 1, 0x5000, 0x3);
  putv(&t, 5, PKT3(DRAW_INDIRECT, 4), 0x40, 0, 0, 2);
  submit(CP_GFX_QUEUE, &t);
  run();
  assert_int_equal(rec.draws, 4);
  assert_int_equal(rec.last_draw.opcode, DRAW_INDIRECT);
  assert_int_equal(rec.last_draw.indirect_addr, 0x300005040ull);
  assert_int_equal(rec.last_draw.initiator, 2);
}

static void test_acquire_mem(void **state) {
  struct stream s = stream_at(MEM_BASE);
  /* GFX10 ACQUIRE_MEM: COHER_CNTL, COHER_SIZE (256 B units), SIZE_HI, BASE_LO, BASE_HI (256 B
   * units), POLL_INTERVAL, GCR_CNTL */
  putv(&s, 8, PKT3(ACQUIRE_MEM, 7), 0, 0x10, 0, 0x20000, 0, 10, 0);
  submit(1, &s);
  run();
  assert_int_equal(rec.acquires, 1);
  assert_int_equal(rec.acq_size, 0x1000);
  assert_int_equal(rec.acq_base, 0x2000000);
}

static void expect_stopped(unsigned queue, struct stream *bad) {
  submit(queue, bad);
  struct stream ok = stream_at(MEM_BASE + 0x60000);
  putv(&ok, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(MEM_BASE + 0x61000), HI(MEM_BASE + 0x61000), queue);
  submit(queue == 0 ? 1 : 0, &ok);
  run();
  assert_int_equal(cp_queue_status(cp, queue), CP_QUEUE_STOPPED);
  assert_int_equal(dw(MEM_BASE + 0x61000)[0], queue);
  /* a stopped queue refuses work until it is reset */
  assert_int_equal(cp_submit(cp, queue, bad->addr, bad->n), -EPIPE);
  cp_queue_reset(cp, queue);
  assert_int_equal(cp_queue_status(cp, queue), CP_QUEUE_IDLE);
}

static void test_malformed(void **state) {
  struct stream s;
  s = stream_at(MEM_BASE); /* unknown opcode 0x01 */
  putv(&s, 2, PKT3(0x01, 1), 0);
  expect_stopped(2, &s);
  s = stream_at(MEM_BASE); /* type 1 */
  put(&s, 0x40000000u);
  expect_stopped(3, &s);
  s = stream_at(MEM_BASE); /* truncated: 5 body dwords announced, 2 present */
  putv(&s, 3, PKT3(WRITE_DATA, 5), 5u << 8, 0);
  expect_stopped(4, &s);
  s = stream_at(MEM_BASE); /* truncated SET_SH_REG: 4 values announced, 1 present */
  putv(&s, 3, PKT3(SET_SH_REG, 5), SH_OFF(R_COMPUTE_USER_DATA_0), 1);
  expect_stopped(13, &s);
  assert_int_equal(cp_reg(cp, 13, R_COMPUTE_USER_DATA_0 / 4), 0);
  s = stream_at(MEM_BASE); /* RELEASE_MEM with a wrong length */
  putv(&s, 3, PKT3(RELEASE_MEM, 2), 0, 0);
  expect_stopped(5, &s);
  s = stream_at(MEM_BASE); /* SET_CONTEXT_REG past the end of the context space */
  putv(&s, 4, PKT3(SET_CONTEXT_REG, 3), 0x3FF, 1, 2);
  expect_stopped(6, &s);
  s = stream_at(MEM_BASE); /* a write outside guest memory */
  putv(&s, 5, PKT3(WRITE_DATA, 4), 5u << 8, 0, 0x10, 1);
  expect_stopped(7, &s);
  s = stream_at(MEM_BASE); /* a known packet not supported yet */
  putv(&s, 3, PKT3(0x80 /* LOAD_CONST_RAM */, 2), 0, 0);
  expect_stopped(0, &s);
  s = stream_at(MEM_BASE); /* WAIT_REG_MEM with the reserved function 7 */
  putv(&s, 7, PKT3(WAIT_REG_MEM, 6), 7u | (1u << 4), LO(MEM_BASE), HI(MEM_BASE), 0, 0, 0);
  expect_stopped(8, &s);
  s = stream_at(MEM_BASE); /* type 0 into the config space (privileged) */
  putv(&s, 2, PKT0(0x2000, 1), 1);
  expect_stopped(10, &s);
  s = stream_at(MEM_BASE); /* SET_PREDICATION ZPASS (op 1): occlusion queries not there yet */
  putv(&s, 4, PKT3(SET_PREDICATION, 3), 1u << 16, LO(MEM_BASE), HI(MEM_BASE));
  expect_stopped(11, &s);
  s = stream_at(MEM_BASE); /* COND_EXEC skipping past the end of its buffer */
  dw(MEM_BASE + 0x100)[0] = 0;
  putv(&s, 5, PKT3(COND_EXEC, 4), LO(MEM_BASE + 0x100), HI(MEM_BASE + 0x100), 0, 9);
  expect_stopped(12, &s);
  s = stream_at(MEM_BASE); /* RELEASE_MEM INT_SEL 5 (interrupt on a 32-bit compare) */
  putv(&s, 8, PKT3(RELEASE_MEM, 7), 0x28u | (5u << 8), (1u << 29) | (5u << 24), LO(MEM_BASE + 64),
       HI(MEM_BASE + 64), 1, 0, 0);
  expect_stopped(9, &s);
  assert_int_equal(rec.interrupts, 0);
  /* submissions that are refused */
  assert_int_equal(cp_submit(cp, CP_QUEUES, MEM_BASE, 1), -EINVAL);
  assert_int_equal(cp_submit(cp, 0, MEM_BASE, 0), -EINVAL);
  assert_int_equal(cp_submit(cp, 0, 0x1000, 4), -EFAULT);
  assert_int_equal(cp_submit(cp, 0, MEM_BASE + MEM_SIZE - 4, 2), -EFAULT);
}

static void test_reset(void **state) {
  struct stream s = stream_at(MEM_BASE);
  putv(&s, 3, PKT3(SET_SH_REG, 2), SH_OFF(R_COMPUTE_USER_DATA_0), 5);
  putv(&s, 2, PKT3(0x01, 1), 0); /* stops the queue */
  submit(1, &s);
  run();
  assert_int_equal(cp_queue_status(cp, 1), CP_QUEUE_STOPPED);
  assert_int_equal(cp_reg(cp, 1, R_COMPUTE_USER_DATA_0 / 4), 5);
  cp_reset(cp);
  assert_int_equal(cp_queue_status(cp, 1), CP_QUEUE_IDLE);
  assert_int_equal(cp_reg(cp, 1, R_COMPUTE_USER_DATA_0 / 4), 0);
  assert_int_equal(cp_queue_stats(cp, 1).packets, 0);
}

static void test_fifo_full(void **state) {
  struct stream s = stream_at(MEM_BASE);
  putv(&s, 2, PKT3(NOP, 1), 0);
  for (unsigned i = 0; i < CP_SUBMIT_FIFO; i++) submit(9, &s);
  assert_int_equal(cp_submit(cp, 9, s.addr, s.n), -EAGAIN);
  run();
  assert_int_equal(cp_queue_stats(cp, 9).submissions, CP_SUBMIT_FIFO);
}

static void test_dump_and_listing(void **state) {
  char dir[] = "/tmp/prospero-cp-dumpXXXXXX";
  assert_non_null(mkdtemp(dir));
  assert_int_equal(cp_set_dump_dir(cp, dir), 0);
  uint64_t ib = MEM_BASE + 0x70000;
  struct stream i = stream_at(ib);
  putv(&i, 3, PKT3(SET_CONTEXT_REG, 2), CTX_OFF(R_DB_DEPTH_CONTROL), 0x76);
  struct stream s = stream_at(MEM_BASE);
  putv(&s, 5, PKT3(SET_SH_REG, 4), SH_OFF(R_COMPUTE_NUM_THREAD_X), 64, 1, 1);
  putv(&s, 4, PKT3(INDIRECT_BUFFER, 3), LO(ib), HI(ib), i.n | (1u << 23));
  submit(cp_compute_queue(0, 2), &s);
  char path[256];
  snprintf(path, sizeof(path), "%s/pm4-q03-000000.txt", dir);
  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char text[8192];
  size_t n = fread(text, 1, sizeof(text) - 1, f);
  text[n] = 0;
  fclose(f);
  assert_non_null(strstr(text, "SET_SH_REG"));
  assert_non_null(strstr(text, "COMPUTE_NUM_THREAD_X"));
  assert_non_null(strstr(text, "NUM_THREAD_FULL=64"));
  assert_non_null(strstr(text, "INDIRECT_BUFFER"));
  assert_non_null(strstr(text, "DB_DEPTH_CONTROL")); /* followed into the IB */
  assert_non_null(strstr(text, "ZFUNC=7"));
  unlink(path);
  /* the raw dwords beside it */
  snprintf(path, sizeof(path), "%s/pm4-q03-000000.pm4", dir);
  f = fopen(path, "rb");
  assert_non_null(f);
  uint32_t raw[16];
  assert_int_equal(fread(raw, 4, 16, f), s.n);
  fclose(f);
  assert_memory_equal(raw, dw(MEM_BASE), s.n * 4);
  unlink(path);
  rmdir(dir);
  cp_set_dump_dir(cp, NULL);
  /* the lister counts malformed packets */
  uint32_t bad[] = {0x40000000u, PKT3(0x01, 1), 0, PKT3(WRITE_DATA, 5), 0};
  FILE *null = fopen("/dev/null", "w");
  assert_int_equal(pm4_list(null, bad, 5, NULL), 3);
  fclose(null);
}

static void test_gpu_thread(void **state) {
  assert_int_equal(cp_thread_start(cp), 0);
  uint64_t label = MEM_BASE + 0x80000, out = MEM_BASE + 0x81000;
  struct stream s = stream_at(MEM_BASE);
  putv(&s, 7, PKT3(WAIT_REG_MEM, 6), 3u | (1u << 4), LO(label), HI(label), 1, 0xFFFFFFFF, 10);
  putv(&s, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(out), HI(out), 0x77);
  submit(1, &s);
  usleep(2000);
  assert_int_equal(__atomic_load_n(dw(out), __ATOMIC_ACQUIRE), 0);
  __atomic_store_n(dw(label), 1, __ATOMIC_RELEASE);
  for (int i = 0; i < 2000 && __atomic_load_n(dw(out), __ATOMIC_ACQUIRE) != 0x77; i++) usleep(1000);
  assert_int_equal(__atomic_load_n(dw(out), __ATOMIC_ACQUIRE), 0x77);
  cp_thread_stop(cp);
}

/* Host threads submitting to their own queues while the GPU thread runs: every submission
 * runs once, in order within its queue (each one adds its sequence number to a per-queue
 * sum and checks the previous one through WAIT_REG_MEM). */
#define STRESS_THREADS 4
#define STRESS_SUBMITS 200
struct stress_arg {
  unsigned queue, index;
};
static void *stress_submitter(void *p) {
  const struct stress_arg *a = p;
  /* each thread's streams and counter live in its own 64 KiB slice */
  uint64_t slice = MEM_BASE + 0x80000 + (uint64_t)a->index * 0x10000;
  uint64_t counter = slice;
  for (unsigned i = 0; i < STRESS_SUBMITS; i++) {
    struct stream s = stream_at(slice + 0x100 + (uint64_t)i * 64);
    /* the previous submission has run: counter == i; then counter = i + 1 */
    putv(&s, 7, PKT3(WAIT_REG_MEM, 6), 3u | (1u << 4), LO(counter), HI(counter), i, 0xFFFFFFFF, 10);
    putv(&s, 5, PKT3(WRITE_DATA, 4), 5u << 8, LO(counter), HI(counter), i + 1);
    int r;
    while ((r = cp_submit(cp, a->queue, s.addr, s.n)) == -EAGAIN) usleep(100);
    if (r != 0) return (void *)1;
  }
  return NULL;
}

static void test_gpu_thread_stress(void **state) {
  assert_int_equal(cp_thread_start(cp), 0);
  pthread_t t[STRESS_THREADS];
  struct stress_arg args[STRESS_THREADS];
  for (unsigned i = 0; i < STRESS_THREADS; i++) {
    args[i] =
        (struct stress_arg){.queue = i == 0 ? CP_GFX_QUEUE : cp_compute_queue(i, i), .index = i};
    assert_int_equal(pthread_create(&t[i], NULL, stress_submitter, &args[i]), 0);
  }
  for (unsigned i = 0; i < STRESS_THREADS; i++) {
    void *ret;
    pthread_join(t[i], &ret);
    assert_null(ret);
  }
  for (unsigned i = 0; i < STRESS_THREADS; i++) {
    uint64_t counter = MEM_BASE + 0x80000 + (uint64_t)i * 0x10000;
    for (int k = 0; k < 5000 && __atomic_load_n(dw(counter), __ATOMIC_ACQUIRE) != STRESS_SUBMITS;
         k++)
      usleep(1000);
    assert_int_equal(__atomic_load_n(dw(counter), __ATOMIC_ACQUIRE), STRESS_SUBMITS);
  }
  cp_thread_stop(cp);
  for (unsigned i = 0; i < STRESS_THREADS; i++) {
    assert_int_equal(cp_queue_stats(cp, args[i].queue).submissions, STRESS_SUBMITS);
    assert_int_not_equal(cp_queue_status(cp, args[i].queue), CP_QUEUE_STOPPED);
  }
}

int main(void) {
  log_set_level(LOG_LEVEL_OFF);
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_header),
      cmocka_unit_test(test_reg_table),
      cmocka_unit_test_setup_teardown(test_set_regs, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_load_sh_reg_index, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_set_reg_index_forms, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_write_copy_dma, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_events, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_indirect_buffers, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_indirect_depth_and_unmapped, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_chain_loop_does_not_hang, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_wait_blocks_one_queue, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_wait_on_register, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_cond_exec_and_predication, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_dispatch, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_draws_and_agc, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_acquire_mem, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_malformed, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_reset, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_fifo_full, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_dump_and_listing, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_gpu_thread, setup, cp_test_teardown),
      cmocka_unit_test_setup_teardown(test_gpu_thread_stress, setup, cp_test_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
