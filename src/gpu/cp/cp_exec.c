/* PM4 packet execution for one queue (cp_internal.h). Packet layouts are the public GFX10
 * PM4 definitions (docs/gpu-cp.md lists each packet's dwords and what runs). Every guest
 * address goes through ops.mem_map with its full size: no guest pointer is used unchecked. */
#include <inttypes.h>
#include <string.h>
#include <time.h>

#include "common/log.h"
#include "gpu/cp/cp_internal.h"

uint32_t *cp_reg_slot(struct cp_queue *q, uint32_t reg) {
  switch (pm4_space_of(reg)) {
    case PM4_SPACE_SH: return &q->sh[reg - PM4_SH_BASE];
    case PM4_SPACE_CONTEXT: return &q->ctx[reg - PM4_CONTEXT_BASE];
    case PM4_SPACE_UCONFIG: return &q->uc[reg - PM4_UCONFIG_BASE];
    case PM4_SPACE_CONFIG: return &q->cfg[reg - PM4_CONFIG_BASE];
    default: return NULL;
  }
}

static void *map(struct cp_queue *q, uint64_t addr, uint64_t size, bool write) {
  return q->cp->ops.mem_map(q->cp->ops.ctx, addr, size, write);
}

static uint64_t gpu_clock(struct cp_queue *q) {
  if (q->cp->ops.gpu_clock) return q->cp->ops.gpu_clock(q->cp->ops.ctx);
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ((uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec) / 10u; /* 100 MHz */
}

/* Writes N bytes at guest ADDR; false if the range is not writable. Guest memory is shared
 * with guest CPU threads that poll labels: aligned dwords and qwords are stored one by one,
 * in order, each a release store, so a label becomes visible after everything written
 * before it (labels written in order, and the data a packet wrote before its label). */
static bool mem_write(struct cp_queue *q, uint64_t addr, const void *src, size_t n) {
  void *p = map(q, addr, n, true);
  if (!p) return false;
  if (n == 8 && !(addr & 7)) {
    uint64_t v;
    memcpy(&v, src, 8);
    __atomic_store_n((uint64_t *)p, v, __ATOMIC_RELEASE);
  } else if (!(n & 3) && !(addr & 3)) {
    for (size_t i = 0; i < n / 4; i++) {
      uint32_t v;
      memcpy(&v, (const uint8_t *)src + i * 4, 4);
      __atomic_store_n((uint32_t *)p + i, v, __ATOMIC_RELEASE);
    }
  } else {
    memcpy(p, src, n);
  }
  return true;
}

/* Reads N bytes at guest ADDR; aligned dwords and qwords with acquire loads (a label the
 * guest CPU sets, then the data it wrote before). */
static bool mem_read(struct cp_queue *q, uint64_t addr, void *dst, size_t n) {
  const void *p = map(q, addr, n, false);
  if (!p) return false;
  if (n == 8 && !(addr & 7)) {
    uint64_t v = __atomic_load_n((const uint64_t *)p, __ATOMIC_ACQUIRE);
    memcpy(dst, &v, 8);
  } else if (!(n & 3) && !(addr & 3)) {
    for (size_t i = 0; i < n / 4; i++) {
      uint32_t v = __atomic_load_n((const uint32_t *)p + i, __ATOMIC_ACQUIRE);
      memcpy((uint8_t *)dst + i * 4, &v, 4);
    }
  } else {
    memcpy(dst, p, n);
  }
  return true;
}

/* Writes COUNT registers from REG; false (nothing written) when any is outside the banks. */
static bool reg_write_seq(struct cp_queue *q, uint32_t reg, const uint32_t *v, uint32_t count) {
  if (count == 0) return true;
  enum pm4_space s = pm4_space_of(reg);
  /* type 0 into the config space: privileged registers (SET_CONFIG_REG reaches them) */
  if (s == PM4_SPACE_NONE || s == PM4_SPACE_CONFIG || pm4_space_of(reg + count - 1) != s)
    return false;
  memcpy(cp_reg_slot(q, reg), v, (size_t)count * 4);
  q->stats.reg_writes += count;
  return true;
}

/* ---- registers ---- */

static enum cp_step set_regs(struct cp_queue *q, struct cp_frame *f, const uint32_t *b, unsigned nb,
                             uint32_t *bank, uint32_t span, const char *what) {
  if (nb < 1) CP_FAIL("%s without a register offset", what);
  uint32_t off = b[0] & 0xffff;
  /* the index field (bits 31:28) selects how the CP applies some registers (e.g. the CU
   * mask of COMPUTE_STATIC_THREAD_MGMT_SE*); the values are stored as written */
  if (off + (nb - 1) > span)
    CP_FAIL("%s writes %u registers from offset 0x%x, past the end of the space (0x%x)", what,
            nb - 1, off, span);
  uint32_t *dst = bank + off;
  if (nb <= 5) { /* the common short writes, without a library call */
    for (unsigned i = 1; i < nb; i++) dst[i - 1] = b[i];
  } else {
    memcpy(dst, &b[1], (size_t)(nb - 1) * 4);
  }
  q->stats.reg_writes += nb - 1;
  return CP_STEP_DONE;
}

/* LOAD_CONFIG/SH/CONTEXT/UCONFIG_REG (without INDEX): BASE_ADDRESS lo (31:2), hi, then
 * (REG_OFFSET (15:0), NUM_DWORDS (13:0)) pairs, one or more. The memory is an image of the
 * register space: register REG_OFFSET + i is read from BASE_ADDRESS + (REG_OFFSET + i) * 4
 * (AMD's drivers subtract the first offset from the address they put in the packet). Every
 * range is checked, in the space and in memory, before any register is written. */
static enum cp_step load_regs(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                              unsigned nb, uint32_t base, uint32_t span, const char *what) {
  if (nb < 4 || (nb - 2) % 2)
    CP_FAIL("%s with %u body dwords (address lo, hi, then offset/count pairs expected)", what, nb);
  uint64_t addr = cp_addr64(b[0] & ~3u, b[1] & 0xffff);
  for (unsigned i = 2; i < nb; i += 2) {
    uint32_t off = b[i] & 0xffff, n = b[i + 1] & 0x3fff;
    if (off + n > span)
      CP_FAIL("%s range %u: %u registers from offset 0x%x past the end of the space (0x%x)", what,
              (i - 2) / 2, n, off, span);
    if (n && !map(q, addr + (uint64_t)off * 4, (uint64_t)n * 4, false))
      CP_FAIL("%s range %u: 0x%" PRIx64 " (%u dwords) is not mapped", what, (i - 2) / 2,
              addr + (uint64_t)off * 4, n);
  }
  for (unsigned i = 2; i < nb; i += 2) {
    uint32_t off = b[i] & 0xffff, n = b[i + 1] & 0x3fff;
    if (n) mem_read(q, addr + (uint64_t)off * 4, cp_reg_slot(q, base + off), (size_t)n * 4);
    q->stats.reg_writes += n;
  }
  return CP_STEP_DONE;
}

/* DRAW_RESET (a DCB) and ACB_RESET (an ACB), the driver packets sceAgcDcbResetQueue /
 * sceAgcAcbResetQueue write (one reserved body dword): the queue's state is back to a new
 * queue's (cp_queue_new_state: the context registers at the GFX10 clear state, every other
 * register and the draw state zero; our reading, docs/gpu-cp.md). */
static enum cp_step reset_queue_state(struct cp_queue *q, struct cp_frame *f, unsigned sub,
                                      unsigned nb) {
  if (nb != 1)
    CP_FAIL("driver packet %s with %u body dwords (1 expected)", cp_agc_packet_name(sub), nb);
  cp_queue_new_state(q);
  q->stats.agc_packets++;
  return CP_STEP_DONE;
}

/* ---- waits and conditions ---- */

static bool compare(unsigned func, uint64_t v, uint64_t ref) {
  switch (func) {
    case 0: return true;
    case 1: return v < ref;
    case 2: return v <= ref;
    case 3: return v == ref;
    case 4: return v != ref;
    case 5: return v >= ref;
    case 6: return v > ref;
    default: return false;
  }
}

static enum cp_step wait_reg_mem(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                 unsigned nb, bool wide) {
  if (nb != (wide ? 8u : 6u))
    CP_FAIL("WAIT_REG_MEM%s with %u body dwords (%u expected)", wide ? "64" : "", nb, wide ? 8 : 6);
  unsigned func = b[0] & 7, space = (b[0] >> 4) & 3, op = (b[0] >> 6) & 3;
  if (func == 7) CP_FAIL("WAIT_REG_MEM compare function 7 is reserved");
  /* operation 0 waits, 3 waits preemptably (the same here); 1 writes a register first */
  if (op != 0 && op != 3) CP_FAIL("WAIT_REG_MEM operation %u not supported", op);
  if (space > 1) CP_FAIL("WAIT_REG_MEM memory space %u not supported", space);
  bool mem = space == 1;
  uint64_t ref = wide ? cp_addr64(b[3], b[4]) : b[3];
  uint64_t mask = wide ? cp_addr64(b[5], b[6]) : b[4];
  uint64_t v = 0;
  if (mem) {
    uint64_t addr = cp_addr64(b[1], b[2]);
    if (addr & (wide ? 7 : 3)) CP_FAIL("WAIT_REG_MEM address 0x%" PRIx64 " misaligned", addr);
    if (!mem_read(q, addr, &v, wide ? 8 : 4))
      CP_FAIL("WAIT_REG_MEM address 0x%" PRIx64 " is not mapped", addr);
  } else {
    uint32_t reg = b[1] & 0x3ffff; /* REG_POLL_ADDR, 18 bits */
    uint32_t *r = cp_reg_slot(q, reg);
    if (!r) CP_FAIL("WAIT_REG_MEM register 0x%x outside the register banks", reg);
    v = *r;
    if (wide) {
      uint32_t *r2 = cp_reg_slot(q, reg + 1);
      v |= (uint64_t)(r2 ? *r2 : 0) << 32;
    }
  }
  if (!compare(func, v & mask, ref)) return CP_STEP_BLOCKED;
  return CP_STEP_DONE;
}

/* ---- events ---- */

static bool write_selected(struct cp_queue *q, uint64_t addr, unsigned data_sel, uint32_t lo,
                           uint32_t hi, uint64_t *written) {
  uint64_t v;
  switch (data_sel) {
    case 0: *written = 0; return true;
    case 1: *written = lo; return mem_write(q, addr, &lo, 4);
    case 2: v = cp_addr64(lo, hi); break;
    case 3: /* GPU clock */
    case 4: /* system clock: the same host clock */ v = gpu_clock(q); break;
    default: return false;
  }
  *written = v;
  return mem_write(q, addr, &v, 8);
}

static void interrupt(struct cp_queue *q, unsigned event, uint64_t data, uint32_t context_id) {
  q->stats.interrupts++;
  if (q->cp->ops.interrupt) q->cp->ops.interrupt(q->cp->ops.ctx, q->id, event, data, context_id);
}

static enum cp_step release_mem(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                unsigned nb) {
  if (nb != 6 && nb != 7) CP_FAIL("RELEASE_MEM with %u body dwords (6 or 7 expected)", nb);
  unsigned event = b[0] & 0x3f, data_sel = b[1] >> 29, int_sel = (b[1] >> 24) & 7;
  uint64_t addr = cp_addr64(b[2], b[3]), written = 0;
  q->stats.events++;
  if (data_sel > 5) CP_FAIL("RELEASE_MEM DATA_SEL %u is not defined on GFX10", data_sel);
  /* INT_SEL 1 interrupt only, 2 after the write is confirmed, 3 data and confirm, 4 with the
   * context id; 5 and 6 send it only when a 32/64-bit compare holds, with a function no public
   * definition gives (docs/gpu-cp.md); 7 is not defined */
  if (int_sel == 5 || int_sel == 6)
    CP_FAIL(
        "RELEASE_MEM INT_SEL %u (interrupt on a %u-bit compare) not supported: its compare "
        "function is not public",
        int_sel, int_sel == 5 ? 32 : 64);
  if (int_sel > 6) CP_FAIL("RELEASE_MEM INT_SEL %u is not defined", int_sel);
  if (data_sel == 5) { /* GDS to memory (cp_exec_gds.c) */
    if (!cp_exec_gds_to_mem(q, f, "RELEASE_MEM", addr, b[4], &written)) return CP_STEP_STOPPED;
  } else if (data_sel && (addr & (data_sel == 1 ? 3 : 7))) {
    CP_FAIL("RELEASE_MEM address 0x%" PRIx64 " misaligned for data select %u", addr, data_sel);
  } else if (!write_selected(q, addr, data_sel, b[4], b[5], &written))
    CP_FAIL("RELEASE_MEM address 0x%" PRIx64 " is not writable", addr);
  if (int_sel) {
    uint32_t context = nb == 7 ? b[6] & 0x0FFFFFFFu : 0; /* INT_CTXID, 28 bits */
    interrupt(q, event, written, context);
    if (context && q->cp->ops.interrupt_context)
      q->cp->ops.interrupt_context(q->cp->ops.ctx, q->id, context);
  }
  return CP_STEP_DONE;
}

static enum cp_step event_write_eop(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                    unsigned nb) {
  if (nb != 5) CP_FAIL("EVENT_WRITE_EOP with %u body dwords (5 expected)", nb);
  unsigned event = b[0] & 0x3f, data_sel = b[2] >> 29, int_sel = (b[2] >> 24) & 3;
  uint64_t addr = cp_addr64(b[1], b[2] & 0xffff), written = 0;
  q->stats.events++;
  if (data_sel > 4) CP_FAIL("EVENT_WRITE_EOP data select %u not supported", data_sel);
  if (data_sel && (addr & (data_sel == 1 ? 3 : 7)))
    CP_FAIL("EVENT_WRITE_EOP address 0x%" PRIx64 " misaligned", addr);
  if (!write_selected(q, addr, data_sel, b[3], b[4], &written))
    CP_FAIL("EVENT_WRITE_EOP address 0x%" PRIx64 " is not writable", addr);
  if (int_sel) interrupt(q, event, written, 0);
  return CP_STEP_DONE;
}

static enum cp_step event_write_eos(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                    unsigned nb) {
  if (nb != 4) CP_FAIL("EVENT_WRITE_EOS with %u body dwords (4 expected)", nb);
  unsigned cmd = b[2] >> 29;
  uint64_t addr = cp_addr64(b[1], b[2] & 0xffff);
  q->stats.events++;
  uint64_t first;
  if (cmd == 1) /* store GDS data (cp_exec_gds.c) */
    return cp_exec_gds_to_mem(q, f, "EVENT_WRITE_EOS", addr, b[3], &first) ? CP_STEP_DONE
                                                                           : CP_STEP_STOPPED;
  if (cmd == 0) /* "store append count to memory": which counter, and its width, not public */
    CP_FAIL(
        "EVENT_WRITE_EOS COMMAND 0 (store append count) not supported: the counter it "
        "stores is not public");
  if (cmd != 2) CP_FAIL("EVENT_WRITE_EOS COMMAND %u is not defined (0-2 are)", cmd);
  if (addr & 3) CP_FAIL("EVENT_WRITE_EOS address 0x%" PRIx64 " misaligned", addr);
  if (!mem_write(q, addr, &b[3], 4))
    CP_FAIL("EVENT_WRITE_EOS address 0x%" PRIx64 " is not writable", addr);
  return CP_STEP_DONE;
}

static enum cp_step event_write(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                unsigned nb) {
  if (nb != 1 && nb != 3) CP_FAIL("EVENT_WRITE with %u body dwords (1 or 3 expected)", nb);
  unsigned event = b[0] & 0x3f;
  q->stats.events++;
  /* The CP runs each packet to completion before the next, so the flush and partial-flush
   * events are already satisfied. Events that sample counters into memory (ZPASS_DONE,
   * SAMPLE_PIPELINESTAT, SAMPLE_STREAMOUTSTATS*) have no counters to sample yet. */
  if (nb == 3) {
    const char *name = pm4_event_name(event);
    LOG_ONCE(gpu, STUB, "cp: EVENT_WRITE %s with an address: no counters are sampled yet",
             name ? name : "?");
  }
  return CP_STEP_DONE;
}

/* ---- memory ---- */

/* WRITE_DATA with control dword CTL (the body's dword 0, or a driver packet's translation). */
static enum cp_step write_data_ctl(struct cp_queue *q, struct cp_frame *f, uint32_t ctl,
                                   const uint32_t *b, unsigned nb) {
  if (nb < 4) CP_FAIL("WRITE_DATA with %u body dwords (4 or more expected)", nb);
  unsigned dst = (ctl >> 8) & 0xf;
  bool one = (ctl >> 16) & 1;
  uint32_t n = nb - 3;
  const uint32_t *data = &b[3];
  if (dst == 0) { /* register */
    uint32_t reg = b[1] & 0xffff;
    for (uint32_t i = 0; i < n; i++) {
      uint32_t *r = cp_reg_slot(q, one ? reg : reg + i);
      if (!r) CP_FAIL("WRITE_DATA register 0x%x outside the register banks", one ? reg : reg + i);
      *r = data[i];
      q->stats.reg_writes++;
    }
    return CP_STEP_DONE;
  }
  if (dst == 3) return cp_exec_write_data_gds(q, f, one, b, nb);
  if (dst == 6) /* the MEC's "memory mapped ADC persistent state": no public meaning */
    CP_FAIL("WRITE_DATA destination 6 (ADC persistent state) not supported: not public");
  if (dst != 1 && dst != 2 && dst != 5)
    CP_FAIL("WRITE_DATA destination %u is not defined on GFX10", dst);
  uint64_t addr = cp_addr64(b[1], b[2]);
  if (addr & 3) CP_FAIL("WRITE_DATA address 0x%" PRIx64 " misaligned", addr);
  if (one) {
    for (uint32_t i = 0; i < n; i++)
      if (!mem_write(q, addr, &data[i], 4))
        CP_FAIL("WRITE_DATA address 0x%" PRIx64 " is not writable", addr);
  } else if (!mem_write(q, addr, data, (size_t)n * 4)) {
    CP_FAIL("WRITE_DATA range 0x%" PRIx64 " (%u dwords) is not writable", addr, n);
  }
  return CP_STEP_DONE;
}

static enum cp_step write_data(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                               unsigned nb) {
  return write_data_ctl(q, f, nb ? b[0] : 0, b, nb);
}

static enum cp_step copy_data(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                              unsigned nb) {
  if (nb != 5) CP_FAIL("COPY_DATA with %u body dwords (5 expected)", nb);
  unsigned src = b[0] & 0xf, dst = (b[0] >> 8) & 0xf;
  bool wide = (b[0] >> 16) & 1;
  size_t size = wide ? 8 : 4;
  uint64_t v = 0;
  switch (src) {
    case 0: { /* register */
      uint32_t *r = cp_reg_slot(q, b[1] & 0xffff);
      if (!r) CP_FAIL("COPY_DATA source register 0x%x outside the register banks", b[1] & 0xffff);
      v = *r;
      if (wide) {
        uint32_t *r2 = cp_reg_slot(q, (b[1] & 0xffff) + 1);
        if (!r2) CP_FAIL("COPY_DATA source register 0x%x outside the banks", (b[1] & 0xffff) + 1);
        v |= (uint64_t)*r2 << 32;
      }
      break;
    }
    case 1:
    case 2: { /* memory */
      uint64_t a = cp_addr64(b[1], b[2]);
      if (a & (size - 1)) CP_FAIL("COPY_DATA source 0x%" PRIx64 " misaligned", a);
      if (!mem_read(q, a, &v, size)) CP_FAIL("COPY_DATA source 0x%" PRIx64 " is not mapped", a);
      break;
    }
    case 3: /* GDS */
      if (!cp_gds_read(q, f, "COPY_DATA source", b[1] & 0xffff, &v, (uint32_t)size))
        return CP_STEP_STOPPED;
      break;
    case 5: /* immediate */ v = wide ? cp_addr64(b[1], b[2]) : b[1]; break;
    case 6: /* atomic return data: what the last ATOMIC_MEM found (cp_exec_mem.c) */
      v = wide ? q->atomic_return : (uint32_t)q->atomic_return;
      break;
    case 9:  /* GPU clock count */
    case 10: /* system clock count: the same host clock, as EVENT_WRITE_EOP's DATA_SEL 4 */
      v = gpu_clock(q);
      break;
    case 4: CP_FAIL("COPY_DATA source 4 (performance counters) not supported: none are modelled");
    case 7:
    case 8: /* GDS_ATOMIC_RETURN_DATA0/1: what the last ATOMIC_GDS returned */
      CP_FAIL(
          "COPY_DATA source %u (GDS atomic return data %u) not supported: ATOMIC_GDS does not "
          "run",
          src, src - 7);
    default: CP_FAIL("COPY_DATA source %u is not defined on GFX10", src);
  }
  if (dst == 0) {
    uint32_t reg = b[3] & 0xffff;
    uint32_t vv[2] = {(uint32_t)v, (uint32_t)(v >> 32)};
    if (!reg_write_seq(q, reg, vv, wide ? 2 : 1))
      CP_FAIL("COPY_DATA destination register 0x%x outside the register banks", reg);
    return CP_STEP_DONE;
  }
  if (dst == 3) /* GDS */
    return cp_gds_write(q, f, "COPY_DATA destination", b[3] & 0xffff, &v, (uint32_t)size)
               ? CP_STEP_DONE
               : CP_STEP_STOPPED;
  if (dst == 4)
    CP_FAIL("COPY_DATA destination 4 (performance counters) not supported: none are modelled");
  if (dst != 1 && dst != 2 && dst != 5)
    CP_FAIL("COPY_DATA destination %u is not defined on GFX10", dst);
  uint64_t a = cp_addr64(b[3], b[4]);
  if (a & (size - 1)) CP_FAIL("COPY_DATA destination 0x%" PRIx64 " misaligned", a);
  if (!mem_write(q, a, &v, size)) CP_FAIL("COPY_DATA destination 0x%" PRIx64 " is not writable", a);
  return CP_STEP_DONE;
}

static enum cp_step dma_data(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                             unsigned nb) {
  if (nb != 6) CP_FAIL("DMA_DATA with %u body dwords (6 expected)", nb);
  unsigned dst_sel = (b[0] >> 20) & 3, src_sel = (b[0] >> 29) & 3;
  uint32_t cmd = b[5], bytes = cmd & 0x3ffffff;
  bool sas = (cmd >> 26) & 1, das = (cmd >> 27) & 1, saic = (cmd >> 28) & 1, daic = (cmd >> 29) & 1;
  if (dst_sel == 1 || src_sel == 1) return cp_exec_dma_data_gds(q, f, b, nb); /* cp_exec_gds.c */
  if (dst_sel == 2) CP_FAIL("DMA_DATA to nowhere (DST_SEL 2) not supported");
  if (das || sas || daic || (saic && src_sel != 2))
    CP_FAIL("DMA_DATA to or from registers (SAS %u DAS %u SAIC %u DAIC %u) not supported", sas, das,
            saic, daic);
  uint64_t dst = cp_addr64(b[3], b[4]);
  if (bytes == 0) return CP_STEP_DONE;
  uint8_t *d = map(q, dst, bytes, true);
  if (!d) CP_FAIL("DMA_DATA destination 0x%" PRIx64 " (%u bytes) is not writable", dst, bytes);
  if (src_sel == 2) { /* DATA: fill with the dword */
    if (bytes & 3) CP_FAIL("DMA_DATA fill of %u bytes (a multiple of 4 expected)", bytes);
    for (uint32_t i = 0; i < bytes; i += 4) memcpy(d + i, &b[1], 4);
  } else {
    uint64_t src = cp_addr64(b[1], b[2]);
    const uint8_t *s = map(q, src, bytes, false);
    if (!s) CP_FAIL("DMA_DATA source 0x%" PRIx64 " (%u bytes) is not mapped", src, bytes);
    memmove(d, s, bytes);
  }
  return CP_STEP_DONE;
}

static enum cp_step acquire_mem(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                unsigned nb) {
  if (nb != 6 && nb != 7) CP_FAIL("ACQUIRE_MEM with %u body dwords (6 or 7 expected)", nb);
  /* dw1 COHER_CNTL, dw2 COHER_SIZE (256-byte units), dw3 COHER_SIZE_HI, dw4 COHER_BASE_LO,
   * dw5 COHER_BASE_HI (256-byte units), dw6 POLL_INTERVAL, dw7 GCR_CNTL (GFX10) */
  uint64_t size = cp_addr64(b[1], b[2] & 0xff) << 8, base = cp_addr64(b[3], b[4] & 0xffffff) << 8;
  if (q->cp->ops.acquire) q->cp->ops.acquire(q->cp->ops.ctx, q->id, base, size);
  return CP_STEP_DONE;
}

/* ---- dispatch and draw ---- */

static void dispatch(struct cp_queue *q, const uint32_t dim[3], uint32_t initiator, bool ind) {
  q->sh[PM4_REG_COMPUTE_DIM_X - PM4_SH_BASE] = dim[0];
  q->sh[PM4_REG_COMPUTE_DIM_Y - PM4_SH_BASE] = dim[1];
  q->sh[PM4_REG_COMPUTE_DIM_Z - PM4_SH_BASE] = dim[2];
  q->sh[PM4_REG_COMPUTE_DISPATCH_INITIATOR - PM4_SH_BASE] = initiator;
  q->stats.dispatches++;
  struct cp_dispatch d = {.queue = q->id,
                          .dim = {dim[0], dim[1], dim[2]},
                          .initiator = initiator,
                          .indirect = ind,
                          .sh = q->sh,
                          .uc = q->uc};
  if (q->cp->ops.dispatch) q->cp->ops.dispatch(q->cp->ops.ctx, &d);
  else LOG_ONCE(gpu, WARN, "cp: no compute dispatch installed: dispatches are counted, not run");
}

static enum cp_step dispatch_indirect(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                      unsigned nb) {
  uint64_t addr;
  uint32_t initiator;
  if (nb == 3) { /* compute queues: the address */
    addr = cp_addr64(b[0], b[1]);
    initiator = b[2];
  } else if (nb == 2) { /* graphics: an offset from SET_BASE's base */
    addr = q->draw_base + b[0];
    initiator = b[1];
  } else {
    CP_FAIL("DISPATCH_INDIRECT with %u body dwords (2 or 3 expected)", nb);
  }
  uint32_t dim[3];
  if (addr & 3) CP_FAIL("DISPATCH_INDIRECT arguments at 0x%" PRIx64 " misaligned", addr);
  if (!mem_read(q, addr, dim, sizeof(dim)))
    CP_FAIL("DISPATCH_INDIRECT arguments at 0x%" PRIx64 " are not mapped", addr);
  dispatch(q, dim, initiator, true);
  return CP_STEP_DONE;
}

static enum cp_step draw(struct cp_queue *q, struct cp_frame *f, unsigned op, const uint32_t *b,
                         unsigned nb) {
  struct cp_draw d = {.queue = q->id,
                      .opcode = op,
                      .instances = q->instances,
                      /* set by INDEX_TYPE or a write of VGT_INDEX_TYPE (libSceAgc's way) */
                      .index_type = q->uc[PM4_REG_VGT_INDEX_TYPE - PM4_UCONFIG_BASE] & 3,
                      .index_base = q->index_base,
                      .index_size = q->index_size,
                      .prim_type = q->uc[PM4_REG_VGT_PRIMITIVE_TYPE - PM4_UCONFIG_BASE]};
  unsigned want = 0;
  switch (op) {
    case PM4_DRAW_INDEX_AUTO: /* count, initiator */
      want = 2;
      d.count = b[0];
      break;
    case PM4_DRAW_INDEX_2: /* max size, base lo, base hi, count, initiator */
      want = 5;
      d.index_base = cp_addr64(b[1], b[2]);
      d.count = b[3];
      break;
    case PM4_DRAW_INDEX_OFFSET_2: /* max size, offset, count, initiator */
      want = 4;
      d.count = b[2];
      break;
    case PM4_DRAW_INDIRECT:
    case PM4_DRAW_INDEX_INDIRECT: /* offset, base vertex reg, start instance reg, initiator */
      want = 4;
      d.indirect_addr = q->draw_base + b[0];
      break;
    case PM4_DRAW_INDIRECT_MULTI:
    case PM4_DRAW_INDEX_INDIRECT_MULTI:
      want = nb >= 8 ? nb : 8;
      d.indirect_addr = q->draw_base + b[0];
      break;
    default: /* DRAW_INDEX_MULTI_AUTO and other forms: recorded with their initiator */
      want = nb ? nb : 1;
      break;
  }
  if (nb != want) CP_FAIL("%s with %u body dwords (%u expected)", pm4_opcode_name(op), nb, want);
  d.initiator = b[nb - 1];
  q->stats.draws++;
  if (q->cp->ops.draw) q->cp->ops.draw(q->cp->ops.ctx, &d);
  return CP_STEP_DONE;
}

/* ---- flow ---- */

static enum cp_step indirect_buffer(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                    unsigned nb, uint32_t packet_dwords);

/* COND_INDIRECT_BUFFER (INDIRECT_BUFFER's opcode, 13 body dwords): MODE (1:0) 1 if-then, 2
 * if-then-else; FUNCTION (10:8) as WAIT_REG_MEM's on (the 64-bit value at the 8-aligned
 * address & mask) against the reference; the chosen buffer (address, IB_SIZE 19:0) is called. */
static enum cp_step cond_indirect_buffer(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                         uint32_t packet_dwords) {
  unsigned mode = b[0] & 3, func = (b[0] >> 8) & 7;
  if (mode != 1 && mode != 2) CP_FAIL("COND_INDIRECT_BUFFER mode %u (1 or 2 expected)", mode);
  if (func == 7) CP_FAIL("COND_INDIRECT_BUFFER function 7 (reserved)");
  uint64_t addr = cp_addr64(b[1] & ~7u, b[2]), v;
  if (!mem_read(q, addr, &v, 8))
    CP_FAIL("COND_INDIRECT_BUFFER value 0x%" PRIx64 " is not mapped", addr);
  bool pass = compare(func, v & cp_addr64(b[3], b[4]), cp_addr64(b[5], b[6]));
  if (!pass && mode == 1) {
    f->pos += packet_dwords;
    return CP_STEP_DONE;
  }
  const uint32_t *ib = pass ? &b[7] : &b[10];
  const uint32_t call[3] = {ib[0] & ~3u, ib[1] & 0xffff, ib[2] & 0xfffff};
  return indirect_buffer(q, f, call, 3, packet_dwords);
}

static enum cp_step indirect_buffer(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                    unsigned nb, uint32_t packet_dwords) {
  if (nb == 13) return cond_indirect_buffer(q, f, b, packet_dwords);
  if (nb != 3) CP_FAIL("INDIRECT_BUFFER with %u body dwords (3 or 13 expected)", nb);
  uint64_t addr = cp_addr64(b[0] & ~3u, b[1] & 0xffff);
  uint32_t size = b[2] & 0xfffff;
  bool chain = (b[2] >> 20) & 1;
  if (size == 0) {
    f->pos += packet_dwords;
    return CP_STEP_DONE;
  }
  const uint32_t *w = map(q, addr, (uint64_t)size * 4, false);
  if (!w) CP_FAIL("INDIRECT_BUFFER 0x%" PRIx64 " (%u dwords) is not mapped", addr, size);
  if (chain) { /* the rest of this buffer is replaced */
    *f = (struct cp_frame){.w = w, .size = size, .pos = 0, .addr = addr};
    return CP_STEP_DONE;
  }
  if (q->depth >= 1 + CP_IB_DEPTH)
    CP_FAIL("INDIRECT_BUFFER nested deeper than %u levels", CP_IB_DEPTH);
  f->pos += packet_dwords; /* return address */
  q->frame[q->depth++] = (struct cp_frame){.w = w, .size = size, .pos = 0, .addr = addr};
  return CP_STEP_DONE;
}

static enum cp_step set_predication(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                    unsigned nb) {
  if (nb != 3) CP_FAIL("SET_PREDICATION with %u body dwords (3 expected)", nb);
  unsigned op = (b[0] >> 16) & 7;
  bool draw_visible = (b[0] >> 8) & 1;
  uint64_t addr = cp_addr64(b[1], b[2]);
  if (op == 0) {
    q->pred_active = false;
    return CP_STEP_DONE;
  }
  if (op != 3 && op != 4)
    CP_FAIL("SET_PREDICATION operation %u (occlusion/primitive counts) not supported", op);
  uint64_t v = 0;
  if (addr & (op == 3 ? 7 : 3)) CP_FAIL("SET_PREDICATION address 0x%" PRIx64 " misaligned", addr);
  if (!mem_read(q, addr, &v, op == 3 ? 8 : 4))
    CP_FAIL("SET_PREDICATION address 0x%" PRIx64 " is not mapped", addr);
  /* boolean predication: with DRAW_VISIBLE, predicated packets run when the value is
   * non-zero; without it, when the value is zero */
  q->pred_active = true;
  q->pred_pass = draw_visible ? v != 0 : v == 0;
  return CP_STEP_DONE;
}

static enum cp_step cond_exec(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                              unsigned nb, uint32_t packet_dwords) {
  if (nb != 4) CP_FAIL("COND_EXEC with %u body dwords (4 expected)", nb);
  uint64_t addr = cp_addr64(b[0] & ~3u, b[1]);
  uint32_t count = b[3] & 0x3fff, v;
  if (!mem_read(q, addr, &v, 4)) CP_FAIL("COND_EXEC address 0x%" PRIx64 " is not mapped", addr);
  if (v == 0) {
    if ((uint64_t)f->pos + packet_dwords + count > f->size)
      CP_FAIL("COND_EXEC skips %u dwords past the end of the buffer", count);
    f->pos += count;
  }
  f->pos += packet_dwords;
  return CP_STEP_DONE;
}

/* PRED_EXEC (1 body dword): EXEC_COUNT (13:0), DEVICE_SELECT (31:24) (PAL's PFP header). The
 * next EXEC_COUNT dwords run only when DEVICE_SELECT has this GPU's bit; otherwise they are
 * skipped. The bit of a GPU instance is 1 << its index (the Linux amdgpu header's GFX 9.4.3
 * name for the field, VIRTUAL_XCC_ID_SELECT, and the drivers that write it: one bit per
 * accelerator instance, instance i at bit i); the PS5's GPU is one instance, index 0: bit 0
 * (CP_PRED_EXEC_SELF). A count past the end of the buffer is an error whether or not the
 * dwords are skipped. */
#define CP_PRED_EXEC_SELF 0x01u
static enum cp_step pred_exec(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                              unsigned nb, uint32_t packet_dwords) {
  if (nb != 1) CP_FAIL("PRED_EXEC with %u body dwords (1 expected)", nb);
  const uint32_t count = b[0] & 0x3fff, select = b[0] >> 24;
  if ((uint64_t)f->pos + packet_dwords + count > f->size)
    CP_FAIL("PRED_EXEC covers %u dwords past the end of the buffer", count);
  if (!(select & CP_PRED_EXEC_SELF)) f->pos += count;
  f->pos += packet_dwords;
  return CP_STEP_DONE;
}

static enum cp_step exec_type3(struct cp_queue *q, struct cp_frame *f, const struct pm4_header *h,
                               const uint32_t *b, unsigned nb);

/* A Sony driver packet in a NOP (agc_packets.def): the ones standing for a GFX10 packet run
 * as it (cp_agc.c), the others go to ops.agc_packet. */
/* WAIT_FLIP_DONE (the packet sceAgcDcbWaitUntilSafeForRendering writes): video out handle,
 * display buffer index, then reserved dwords (6 in the console's packet, header 0xC0051018;
 * the first two are all the packet needs). The queue waits while a flip of that buffer is
 * queued and not done, as WAIT_REG_MEM does on a label: the cursor stays on the packet. */
static enum cp_step wait_flip_done(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                   unsigned nb) {
  if (nb < 2) CP_FAIL("driver packet WAIT_FLIP_DONE with %u body dwords (2 or more expected)", nb);
  int pending = q->cp->ops.flip_pending ? q->cp->ops.flip_pending(q->cp->ops.ctx, b[0], b[1]) : 0;
  if (pending > 0) return CP_STEP_BLOCKED;
  if (pending < 0)
    LOG(gpu, GAME_ERROR,
        "cp: queue %u: WAIT_FLIP_DONE on video out handle %d, buffer %d, which do not exist: "
        "not waited on",
        q->id, (int)b[0], (int)b[1]);
  q->stats.agc_packets++;
  return CP_STEP_DONE;
}

static enum cp_step agc_nop(struct cp_queue *q, struct cp_frame *f, const struct pm4_header *h,
                            const uint32_t *b, unsigned nb) {
  if (h->sub == PM4_DRV_WAIT_FLIP_DONE) return wait_flip_done(q, f, b, nb);
  if (h->sub == PM4_DRV_DRAW_RESET || h->sub == PM4_DRV_ACB_RESET)
    return reset_queue_state(q, f, h->sub, nb);
  q->stats.agc_packets++;
  struct cp_agc_xlat x;
  char err[160];
  int t = cp_agc_translate(h->sub, b, nb, &x, err, sizeof err);
  if (t < 0) CP_FAIL("driver packet %s (NOP 0x%02x): %s", cp_agc_packet_name(h->sub), h->sub, err);
  if (t > 0) {
    if (!x.opcode) return CP_STEP_DONE;
    if (x.same_body) return write_data_ctl(q, f, x.body[0], b, nb);
    struct pm4_header th = {.type = 3, .opcode = x.opcode, .count = x.n - 1, .dwords = x.n + 1};
    return exec_type3(q, f, &th, x.body, x.n);
  }
  if (q->cp->ops.agc_packet) q->cp->ops.agc_packet(q->cp->ops.ctx, q->id, h->sub, b, nb);
  else
    LOG(gpu, DEBUG, "cp: driver packet 0x%02x in a NOP (%u dwords): not decoded yet", h->sub, nb);
  return CP_STEP_DONE;
}

/* ---- the packet switch ---- */

static enum cp_step exec_type3(struct cp_queue *q, struct cp_frame *f, const struct pm4_header *h,
                               const uint32_t *b, unsigned nb) {
  switch (h->opcode) {
    case PM4_NOP:
      if (h->sub && nb) return agc_nop(q, f, h, b, nb);
      return CP_STEP_DONE;
    case PM4_SET_CONTEXT_REG:
    case PM4_SET_CONTEXT_REG_INDEX:
      return set_regs(q, f, b, nb, q->ctx, PM4_CONTEXT_COUNT, "SET_CONTEXT_REG");
    case PM4_SET_SH_REG:
    case PM4_SET_SH_REG_INDEX: return set_regs(q, f, b, nb, q->sh, PM4_SH_COUNT, "SET_SH_REG");
    case PM4_SET_UCONFIG_REG:
    case PM4_SET_UCONFIG_REG_INDEX:
      return set_regs(q, f, b, nb, q->uc, PM4_UCONFIG_COUNT, "SET_UCONFIG_REG");
    case PM4_SET_CONFIG_REG:
      return set_regs(q, f, b, nb, q->cfg, PM4_CONFIG_COUNT, "SET_CONFIG_REG");
    case PM4_LOAD_CONFIG_REG:
      return load_regs(q, f, b, nb, PM4_CONFIG_BASE, PM4_CONFIG_COUNT, "LOAD_CONFIG_REG");
    case PM4_LOAD_SH_REG: return load_regs(q, f, b, nb, PM4_SH_BASE, PM4_SH_COUNT, "LOAD_SH_REG");
    case PM4_LOAD_CONTEXT_REG:
      return load_regs(q, f, b, nb, PM4_CONTEXT_BASE, PM4_CONTEXT_COUNT, "LOAD_CONTEXT_REG");
    case PM4_LOAD_UCONFIG_REG:
      return load_regs(q, f, b, nb, PM4_UCONFIG_BASE, PM4_UCONFIG_COUNT, "LOAD_UCONFIG_REG");
    case PM4_LOAD_SH_REG_INDEX:
      return cp_exec_load_regs_index(q, f, b, nb, PM4_SH_BASE, PM4_SH_COUNT);
    case PM4_LOAD_CONTEXT_REG_INDEX:
      return cp_exec_load_regs_index(q, f, b, nb, PM4_CONTEXT_BASE, PM4_CONTEXT_COUNT);
    case PM4_LOAD_UCONFIG_REG_INDEX:
      return cp_exec_load_regs_index(q, f, b, nb, PM4_UCONFIG_BASE, PM4_UCONFIG_COUNT);
    case PM4_SET_CONTEXT_REG_INDIRECT: return cp_exec_set_context_reg_indirect(q, f, b, nb);
    case PM4_INDEX_ATTRIBUTES_INDIRECT: return cp_exec_index_attributes_indirect(q, f, b, nb);
    case PM4_GET_LOD_STATS: return cp_exec_get_lod_stats(q, f, b, nb);
    case PM4_WAIT_REG_MEM: return wait_reg_mem(q, f, b, nb, false);
    case PM4_WAIT_REG_MEM64: return wait_reg_mem(q, f, b, nb, true);
    case PM4_EVENT_WRITE: return event_write(q, f, b, nb);
    case PM4_EVENT_WRITE_EOP: return event_write_eop(q, f, b, nb);
    case PM4_EVENT_WRITE_EOS: return event_write_eos(q, f, b, nb);
    case PM4_RELEASE_MEM: return release_mem(q, f, b, nb);
    case PM4_WRITE_DATA: return write_data(q, f, b, nb);
    case PM4_COPY_DATA: return copy_data(q, f, b, nb);
    case PM4_DMA_DATA: return dma_data(q, f, b, nb);
    case PM4_ACQUIRE_MEM: return acquire_mem(q, f, b, nb);
    case PM4_SET_PREDICATION: return set_predication(q, f, b, nb);
    case PM4_DISPATCH_DIRECT:
      if (nb != 4) CP_FAIL("DISPATCH_DIRECT with %u body dwords (4 expected)", nb);
      dispatch(q, b, b[3], false);
      return CP_STEP_DONE;
    case PM4_DISPATCH_INDIRECT: return dispatch_indirect(q, f, b, nb);
    case PM4_DRAW_INDEX_AUTO:
    case PM4_DRAW_INDEX_2:
    case PM4_DRAW_INDEX_OFFSET_2:
    case PM4_DRAW_INDIRECT:
    case PM4_DRAW_INDEX_INDIRECT:
    case PM4_DRAW_INDIRECT_MULTI:
    case PM4_DRAW_INDEX_INDIRECT_MULTI:
    case PM4_DRAW_INDEX_MULTI_AUTO: return draw(q, f, h->opcode, b, nb);
    case PM4_SET_BASE: return cp_exec_set_base(q, f, b, nb);
    case PM4_INDEX_BASE:
      if (nb != 2) CP_FAIL("INDEX_BASE with %u body dwords (2 expected)", nb);
      q->index_base = cp_addr64(b[0] & ~1u, b[1]);
      return CP_STEP_DONE;
    case PM4_INDEX_BUFFER_SIZE:
      if (nb != 1) CP_FAIL("INDEX_BUFFER_SIZE with %u body dwords (1 expected)", nb);
      q->index_size = b[0];
      return CP_STEP_DONE;
    case PM4_INDEX_TYPE:
      if (nb != 1) CP_FAIL("INDEX_TYPE with %u body dwords (1 expected)", nb);
      q->index_type = b[0] & 3;
      q->uc[PM4_REG_VGT_INDEX_TYPE - PM4_UCONFIG_BASE] = q->index_type;
      return CP_STEP_DONE;
    case PM4_NUM_INSTANCES:
      if (nb != 1) CP_FAIL("NUM_INSTANCES with %u body dwords (1 expected)", nb);
      q->instances = b[0];
      return CP_STEP_DONE;
    case PM4_REWIND: /* waits until the packet's VALID bit (31) is set (by the CPU) */
      if (nb != 1) CP_FAIL("REWIND with %u body dwords (1 expected)", nb);
      return __atomic_load_n(&b[0], __ATOMIC_ACQUIRE) >> 31 ? CP_STEP_DONE : CP_STEP_BLOCKED;
    case PM4_CONTEXT_CONTROL:
    case PM4_PFP_SYNC_ME:
    case PM4_PREAMBLE_CNTL:
      /* register shadowing control and engine syncs: one engine, nothing is shadowed */
      return CP_STEP_DONE;
    case PM4_CLEAR_STATE: return cp_exec_clear_state(q, f, b, nb);
    /* cp_exec_mem.c */
    case PM4_ATOMIC_MEM: return cp_exec_atomic_mem(q, f, b, nb);
    case PM4_COND_WRITE: return cp_exec_cond_write(q, f, b, nb);
    case PM4_REG_RMW: return cp_exec_reg_rmw(q, f, b, nb);
    case PM4_CONTEXT_REG_RMW: return cp_exec_context_reg_rmw(q, f, b, nb);
    case PM4_SET_SH_REG_OFFSET: return cp_exec_set_sh_reg_offset(q, f, b, nb);
    case PM4_MEM_SEMAPHORE: return cp_exec_mem_semaphore(q, f, b, nb);
    case PM4_ATOMIC_GDS:
      /* The layout is public (pm4_fields.def) but not what ATOM_OP's values mean: no public
       * definition lists them and no public driver writes the packet (docs/gpu-cp.md). */
      if (nb != 10) CP_FAIL("ATOMIC_GDS with %u body dwords (10 expected)", nb);
      CP_FAIL(
          "ATOMIC_GDS (ATOM_OP 0x%02x) not supported: the encoding of its operations is not "
          "public",
          b[0] & 0xff);
    case PM4_PRIME_UTCL2: /* primes the GPU's address translation cache: nothing to do here */
      if (nb != 4) CP_FAIL("PRIME_UTCL2 with %u body dwords (4 expected)", nb);
      return CP_STEP_DONE;
    case PM4_GFX_PIPE_LOCK: /* syncs the CP's engines with the context manager / DMA: one engine */
    case PM4_FRAME_CONTROL: /* the kernel's frame begin/end and TMZ: no protected memory here */
    case PM4_INVALIDATE_TLBS: /* no GPU address translation to invalidate */
    case PM4_HDP_FLUSH:       /* the host data path has no write buffer to flush here */
      if (nb != 1) CP_FAIL("%s with %u body dwords (1 expected)", pm4_opcode_name(h->opcode), nb);
      return CP_STEP_DONE;
    /* the constant engine and its counters (cp_exec_ce.c) */
    case PM4_INDIRECT_BUFFER_CNST:
    case PM4_LOAD_CONST_RAM:
    case PM4_WRITE_CONST_RAM:
    case PM4_DUMP_CONST_RAM:
    case PM4_DUMP_CONST_RAM_OFFSET:
    case PM4_INCREMENT_CE_COUNTER:
    case PM4_INCREMENT_DE_COUNTER:
    case PM4_WAIT_ON_CE_COUNTER:
    case PM4_WAIT_ON_DE_COUNTER_DIFF:
    case PM4_SWITCH_BUFFER: return cp_exec_ce_packet(q, f, h, b, nb);
    default: {
      const char *name = pm4_opcode_name(h->opcode);
      if (name) CP_FAIL("packet %s (0x%02x) is not supported yet", name, h->opcode);
      CP_FAIL("unknown packet opcode 0x%02x", h->opcode);
    }
  }
}

enum cp_step cp_exec_packet(struct cp_queue *q, struct cp_frame *f) {
  struct pm4_header h = pm4_header_decode(f->w[f->pos]);
  if (h.type == 1) CP_FAIL("type-1 packet header (reserved)");
  if (h.type == 2) {
    q->stats.packets++;
    q->stats.dwords++;
    f->pos++;
    return CP_STEP_DONE;
  }
  if ((uint64_t)f->pos + h.dwords > f->size)
    CP_FAIL("truncated packet: %u dwords, %u left in the buffer", h.dwords, f->size - f->pos);
  const uint32_t *b = &f->w[f->pos + 1];
  unsigned nb = h.dwords - 1;
  if (h.type == 0) {
    if (!reg_write_seq(q, h.reg, b, nb))
      CP_FAIL("type-0 write of %u registers from 0x%x outside the register banks", nb, h.reg);
    q->stats.packets++;
    q->stats.dwords += h.dwords;
    f->pos += h.dwords;
    return CP_STEP_DONE;
  }
  if (h.predicate && q->pred_active && !q->pred_pass) {
    q->stats.predicated_skips++;
    f->pos += h.dwords;
    return CP_STEP_DONE;
  }
  enum cp_step r;
  /* packets that move the cursor themselves */
  if (h.opcode == PM4_INDIRECT_BUFFER) {
    r = indirect_buffer(q, f, b, nb, h.dwords);
  } else if (h.opcode == PM4_COND_EXEC) {
    r = cond_exec(q, f, b, nb, h.dwords);
  } else if (h.opcode == PM4_PRED_EXEC) {
    r = pred_exec(q, f, b, nb, h.dwords);
  } else {
    r = exec_type3(q, f, &h, b, nb);
    if (r == CP_STEP_DONE) f->pos += h.dwords;
  }
  if (r == CP_STEP_DONE) {
    q->stats.packets++;
    q->stats.dwords += h.dwords;
  }
  return r;
}

enum cp_step cp_exec_run(struct cp_queue *q, struct cp_frame *f, unsigned budget, unsigned *ran) {
  const unsigned depth = q->depth;
  unsigned n = 0;
  enum cp_step r = CP_STEP_DONE;
  while (n < budget && f->pos < f->size) {
    const uint32_t h = f->w[f->pos];
    if ((h & 0xC0000001u) == 0xC0000000u) { /* type 3, not predicated */
      const unsigned op = (h >> 8) & 0xff;
      uint32_t *bank = NULL, span = 0;
      if (op == PM4_SET_SH_REG) {
        bank = q->sh;
        span = PM4_SH_COUNT;
      } else if (op == PM4_SET_CONTEXT_REG) {
        bank = q->ctx;
        span = PM4_CONTEXT_COUNT;
      } else if (op == PM4_SET_UCONFIG_REG) {
        bank = q->uc;
        span = PM4_UCONFIG_COUNT;
      }
      const uint32_t values = (h >> 16) & 0x3fff; /* body dwords - 1 */
      if (bank && (uint64_t)f->pos + values + 2 <= f->size) {
        const uint32_t *b = &f->w[f->pos + 1];
        const uint32_t off = b[0] & 0xffff;
        if (off + values <= span) {
          uint32_t *dst = bank + off;
          if (values <= 4)
            for (uint32_t i = 0; i < values; i++) dst[i] = b[1 + i];
          else memcpy(dst, &b[1], (size_t)values * 4);
          f->pos += values + 2;
          q->stats.packets++;
          q->stats.dwords += values + 2;
          q->stats.reg_writes += values;
          n++;
          continue;
        }
      }
    }
    /* everything else, and the errors of the short path's packets */
    r = cp_exec_packet(q, f);
    if (r != CP_STEP_DONE) break;
    n++;
    if (q->depth != depth) break; /* an indirect buffer was pushed */
  }
  *ran = n;
  return r;
}

void *cp_mem_map(struct cp_queue *q, uint64_t addr, uint64_t size, bool write) {
  return map(q, addr, size, write);
}
bool cp_mem_read(struct cp_queue *q, uint64_t addr, void *dst, size_t n) {
  return mem_read(q, addr, dst, n);
}
bool cp_mem_write(struct cp_queue *q, uint64_t addr, const void *src, size_t n) {
  return mem_write(q, addr, src, n);
}
bool cp_compare(unsigned func, uint64_t v, uint64_t ref) { return compare(func, v, ref); }
