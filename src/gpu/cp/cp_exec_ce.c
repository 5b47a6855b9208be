/* The constant engine (CE) of the graphics queue: its 64 KiB of CE RAM, the CE command stream
 * (INDIRECT_BUFFER_CNST buffers and the CE packets met in the queue's own stream) and the CE/DE
 * counters that order it against the draw engine (DE, the queue's stream). Facts: AMD's GFX10
 * CE and ME packet definitions as PAL publishes them (layouts, CE SET_BASE index 2 as
 * DUMP_CONST_RAM_OFFSET's base), PAL's notes on the counter packets ("stall the DE until the CE
 * counter is positive, then decrement the CE counter"; "stall the CE until it is less than the
 * specified number of draws ahead of the DE"), the Linux amdgpu driver's GFX10 CE RAM size
 * (65536 bytes). docs/gpu-cp.md, "The constant engine", gives the model and our readings.
 *
 * The model: the hardware runs the CE beside the DE, as far ahead as the counters let it. Here
 * the CE runs inside the queue's turn, eagerly: whenever the DE meets a CE-related packet (a CE
 * buffer or CE packet to queue, a counter increment or wait) the CE runs its pending work until
 * it is done or waits on WAIT_ON_DE_COUNTER_DIFF. Every CE packet thus runs no later than the
 * point the counters require. The CE's work is what the DE handed over, and, when the DE waits
 * on the CE with nothing left to run, the CE packets further on in the submission (the
 * hardware's CE reads the stream beside the DE, ahead of it). A DE wait (WAIT_ON_CE_COUNTER)
 * that is not satisfied blocks the queue like WAIT_REG_MEM: re-checked each pass, never
 * holding other queues up. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/cp/cp_internal.h"

#define CE_RAM_BYTES 65536u /* GFX10 (the Linux amdgpu driver's ce_ram_size for GFX10) */
#define CE_FIFO 64u         /* CE buffers handed over by the DE and not yet run */
#define CE_DEPTH 4u         /* CE indirect buffers nested inside a CE buffer */
#define CE_BUDGET 4096u     /* CE packets per run (a CE buffer chaining to itself never ends) */

/* A CE buffer: the guest range, re-mapped at every packet (a turn holds the unmap guard off,
 * but the CE's work may outlive the turn that queued it). */
struct ce_buf {
  uint64_t addr;
  uint32_t size, pos;
};

struct cp_ce {
  uint32_t ram[CE_RAM_BYTES / 4];
  struct ce_buf fifo[CE_FIFO];
  unsigned head, count;
  struct ce_buf stack[CE_DEPTH];
  unsigned depth;
  /* ce_total / de_total: increments of the CE / DE counters since the queue started;
   * ce_counter: the CE counter WAIT_ON_CE_COUNTER waits on and decrements */
  uint64_t ce_total, de_total, ce_counter;
  uint64_t dst_base; /* CE SET_BASE 2: DUMP_CONST_RAM_OFFSET's base */
  /* how far the CE has read the submission ahead of the DE (ce_scan_ahead): the buffer at the
   * cursor's bottom (frame 0: its address and the queue's submission count) and the position
   * up to which its CE packets were handed over */
  uint64_t scan_sub, scan_addr;
  uint32_t scan_pos;
};

void cp_ce_free(struct cp_queue *q) {
  free(q->ce);
  q->ce = NULL;
}

void cp_ce_drop_work(struct cp_queue *q) {
  struct cp_ce *ce = q->ce;
  if (!ce) return;
  ce->count = ce->head = ce->depth = 0;
  ce->ce_total = ce->de_total = ce->ce_counter = 0;
  ce->scan_sub = ce->scan_addr = ce->scan_pos = 0;
}

enum ce_step { CE_DONE, CE_WAIT, CE_STOP };

/* A CE packet's CE RAM range: byte offset OFF (dword aligned), N dwords, inside CE RAM. */
static bool ram_range(uint32_t off, uint32_t n) {
  return !(off & 3) && (uint64_t)off + (uint64_t)n * 4 <= CE_RAM_BYTES;
}

/* Pushes (or, with CHAIN, replaces the top with) a CE buffer from an INDIRECT_BUFFER_CNST body
 * inside the CE stream. */
static enum ce_step ce_indirect(struct cp_queue *q, struct cp_ce *ce, const struct cp_frame *f,
                                const uint32_t *b, unsigned nb, uint32_t packet_dwords) {
  struct ce_buf *top = &ce->stack[ce->depth - 1];
  if (nb == 13) { /* COND_INDIRECT_BUFFER_CNST: the chosen buffer is called */
    const unsigned mode = b[0] & 3, func = (b[0] >> 8) & 7;
    if ((mode != 1 && mode != 2) || func == 7) {
      cp_queue_fail(q, f,
                    "constant engine: COND_INDIRECT_BUFFER_CNST mode %u function %u (mode 1 or "
                    "2, function 0-6 expected)",
                    mode, func);
      return CE_STOP;
    }
    const uint64_t ca = cp_addr64(b[1] & ~7u, b[2]);
    uint64_t v;
    if (!cp_mem_read(q, ca, &v, 8)) {
      cp_queue_fail(q, f,
                    "constant engine: COND_INDIRECT_BUFFER_CNST compare value 0x%" PRIx64
                    " is not mapped",
                    ca);
      return CE_STOP;
    }
    const bool pass = cp_compare(func, v & cp_addr64(b[3], b[4]), cp_addr64(b[5], b[6]));
    if (!pass && mode == 1) {
      top->pos += packet_dwords;
      return CE_DONE;
    }
    const uint32_t *ib = pass ? &b[7] : &b[10];
    const uint32_t call[3] = {ib[0], ib[1], ib[2] & 0xfffff};
    return ce_indirect(q, ce, f, call, 3, packet_dwords);
  }
  if (nb != 3) {
    cp_queue_fail(q, f,
                  "constant engine: INDIRECT_BUFFER_CNST with %u body dwords (3, or 13 for the "
                  "conditional form, expected)",
                  nb);
    return CE_STOP;
  }
  const uint64_t a = cp_addr64(b[0] & ~3u, b[1] & 0xffff);
  const uint32_t size = b[2] & 0xfffff;
  const bool chain = (b[2] >> 20) & 1;
  top->pos += packet_dwords;
  if (!size) return CE_DONE;
  if (!cp_mem_map(q, a, (uint64_t)size * 4, false)) {
    cp_queue_fail(q, f,
                  "constant engine: INDIRECT_BUFFER_CNST 0x%" PRIx64 " (%u dwords) is not mapped",
                  a, size);
    return CE_STOP;
  }
  if (chain) {
    *top = (struct ce_buf){.addr = a, .size = size};
    return CE_DONE;
  }
  if (ce->depth >= CE_DEPTH) {
    cp_queue_fail(q, f, "constant engine: INDIRECT_BUFFER_CNST nested deeper than %u levels",
                  CE_DEPTH - 1);
    return CE_STOP;
  }
  ce->stack[ce->depth++] = (struct ce_buf){.addr = a, .size = size};
  return CE_DONE;
}

static void ce_count(struct cp_ce *ce, bool ce_counter, bool cs_counter) {
  if (ce_counter) {
    ce->ce_total++;
    ce->ce_counter++;
  }
  if (cs_counter)
    LOG_ONCE(gpu, STUB,
             "cp: constant engine: the CS partition counter (INCREMENT_CE_COUNTER / DUMP_CONST_RAM "
             "with it selected) is not modelled: not counted");
}

/* One CE packet at F's cursor (F a view of the CE buffer on top of the stack). */
static enum ce_step ce_packet(struct cp_queue *q, struct cp_ce *ce, const struct cp_frame *f) {
#define CE_FAIL(...)                  \
  do {                                \
    cp_queue_fail(q, f, __VA_ARGS__); \
    return CE_STOP;                   \
  } while (0)
  struct ce_buf *top = &ce->stack[ce->depth - 1];
  const struct pm4_header h = pm4_header_decode(f->w[f->pos]);
  if (h.type == 2) {
    top->pos++;
    return CE_DONE;
  }
  if (h.type != 3) CE_FAIL("constant engine: type-%u packet header", h.type);
  if ((uint64_t)f->pos + h.dwords > f->size)
    CE_FAIL("constant engine: truncated packet: %u dwords, %u left in the buffer", h.dwords,
            f->size - f->pos);
  const uint32_t *b = &f->w[f->pos + 1];
  const unsigned nb = h.dwords - 1;
  const char *name = pm4_opcode_name(h.opcode);
  switch (h.opcode) {
    case PM4_NOP:
    case PM4_SWITCH_BUFFER:
    case PM4_CONTEXT_CONTROL:
    case PM4_FRAME_CONTROL:
    case PM4_PRIME_UTCL2:
      /* no CE state to change: register shadowing, buffer switches, TMZ frame marks and address
       * translation priming have nothing to act on here */
      break;
    case PM4_WRITE_CONST_RAM: { /* OFFSET (15:0, bytes), then the data */
      if (nb < 1) CE_FAIL("constant engine: WRITE_CONST_RAM without an offset");
      const uint32_t off = b[0] & 0xffff, n = nb - 1;
      if (!ram_range(off, n))
        CE_FAIL(
            "constant engine: WRITE_CONST_RAM of %u dwords at byte 0x%x (dword aligned, inside "
            "the %u-byte CE RAM expected)",
            n, off, CE_RAM_BYTES);
      memcpy(&ce->ram[off / 4], &b[1], (size_t)n * 4);
      break;
    }
    case PM4_LOAD_CONST_RAM: { /* ADDR lo, hi, NUM_DW (14:0), START_ADDR (15:0, bytes) */
      if (nb != 4) CE_FAIL("constant engine: LOAD_CONST_RAM with %u body dwords (4 expected)", nb);
      const uint64_t a = cp_addr64(b[0], b[1]);
      const uint32_t n = b[2] & 0x7fff, off = b[3] & 0xffff;
      if (!ram_range(off, n))
        CE_FAIL(
            "constant engine: LOAD_CONST_RAM of %u dwords at byte 0x%x of CE RAM (dword "
            "aligned, inside the %u bytes expected)",
            n, off, CE_RAM_BYTES);
      if (a & 3) CE_FAIL("constant engine: LOAD_CONST_RAM source 0x%" PRIx64 " misaligned", a);
      if (n && !cp_mem_read(q, a, &ce->ram[off / 4], (size_t)n * 4))
        CE_FAIL("constant engine: LOAD_CONST_RAM source 0x%" PRIx64 " (%u dwords) is not mapped", a,
                n);
      break;
    }
    case PM4_DUMP_CONST_RAM: /* OFFSET + INCREMENT_CE (30) + INCREMENT_CS (31), NUM_DW,
                                ADDR lo, hi */
    case PM4_DUMP_CONST_RAM_OFFSET: /* the same with ADDR_OFFSET from CE SET_BASE 2 */ {
      const bool off_form = h.opcode == PM4_DUMP_CONST_RAM_OFFSET;
      if (nb != (off_form ? 3u : 4u))
        CE_FAIL("constant engine: %s with %u body dwords (%u expected)", name, nb,
                off_form ? 3 : 4);
      const uint32_t off = b[0] & 0xffff, n = b[1] & 0x7fff;
      const uint64_t a = off_form ? ce->dst_base + b[2] : cp_addr64(b[2], b[3]);
      if (!ram_range(off, n))
        CE_FAIL(
            "constant engine: %s of %u dwords from byte 0x%x of CE RAM (dword aligned, inside "
            "the %u bytes expected)",
            name, n, off, CE_RAM_BYTES);
      if (a & 3) CE_FAIL("constant engine: %s destination 0x%" PRIx64 " misaligned", name, a);
      if (n && !cp_mem_write(q, a, &ce->ram[off / 4], (size_t)n * 4))
        CE_FAIL("constant engine: %s destination 0x%" PRIx64 " (%u dwords) is not writable", name,
                a, n);
      ce_count(ce, (b[0] >> 30) & 1, b[0] >> 31);
      break;
    }
    case PM4_INCREMENT_CE_COUNTER: { /* CNTRSEL (1:0): 1 CE, 2 CS partition, 3 both */
      if (nb != 1)
        CE_FAIL("constant engine: INCREMENT_CE_COUNTER with %u body dwords (1 expected)", nb);
      const unsigned sel = b[0] & 3;
      if (!sel) CE_FAIL("constant engine: INCREMENT_CE_COUNTER counter select 0 is invalid");
      ce_count(ce, sel & 1, sel & 2);
      break;
    }
    case PM4_WAIT_ON_DE_COUNTER_DIFF: /* DIFF: wait while the CE is DIFF or more ahead */
      if (nb != 1)
        CE_FAIL("constant engine: WAIT_ON_DE_COUNTER_DIFF with %u body dwords (1 expected)", nb);
      if ((int64_t)(ce->ce_total - ce->de_total) >= (int64_t)b[0]) return CE_WAIT;
      break;
    case PM4_SET_BASE: /* BASE_INDEX (3:0): 2 the dump base, ADDRESS lo (31:3), hi */
      if (nb != 3) CE_FAIL("constant engine: SET_BASE with %u body dwords (3 expected)", nb);
      if ((b[0] & 0xf) != 2)
        CE_FAIL(
            "constant engine: SET_BASE index %u not supported (2, the DUMP_CONST_RAM_OFFSET "
            "base; 3, the CS partition bases, is not modelled)",
            b[0] & 0xf);
      ce->dst_base = cp_addr64(b[1] & ~7u, b[2]);
      break;
    case PM4_INDIRECT_BUFFER_CNST: {
      enum ce_step r = ce_indirect(q, ce, f, b, nb, h.dwords);
      if (r == CE_DONE) q->stats.ce_packets++;
      return r;
    }
    case PM4_WRITE_DATA: { /* DST_SEL (11:8) 5 memory + ADDR_INCR (16: 1 one address), lo, hi */
      if (nb < 4) CE_FAIL("constant engine: WRITE_DATA with %u body dwords (4 or more)", nb);
      const unsigned dst = (b[0] >> 8) & 0xf;
      if (dst != 5)
        CE_FAIL("constant engine: WRITE_DATA destination %u not supported (5, memory)", dst);
      const uint64_t a = cp_addr64(b[1], b[2]);
      if (a & 3) CE_FAIL("constant engine: WRITE_DATA address 0x%" PRIx64 " misaligned", a);
      const bool one = (b[0] >> 16) & 1;
      if (!cp_mem_map(q, a, one ? 4 : (uint64_t)(nb - 3) * 4, true))
        CE_FAIL("constant engine: WRITE_DATA address 0x%" PRIx64 " is not writable", a);
      if (one)
        for (unsigned i = 3; i < nb; i++) cp_mem_write(q, a, &b[i], 4);
      else cp_mem_write(q, a, &b[3], (size_t)(nb - 3) * 4);
      break;
    }
    case PM4_COPY_DATA: { /* SRC_SEL (3:0) 1/2 memory, 5 immediate; DST_SEL (11:8) 2/5 memory;
                             COUNT_SEL (16) 64 bits; source lo, hi; destination lo, hi */
      if (nb != 5) CE_FAIL("constant engine: COPY_DATA with %u body dwords (5 expected)", nb);
      const unsigned src = b[0] & 0xf, dst = (b[0] >> 8) & 0xf;
      const size_t size = (b[0] >> 16) & 1 ? 8 : 4;
      uint64_t v = 0;
      if (src == 5) {
        v = size == 8 ? cp_addr64(b[1], b[2]) : b[1];
      } else if (src == 1 || src == 2) {
        const uint64_t a = cp_addr64(b[1], b[2]);
        if ((a & (size - 1)) || !cp_mem_read(q, a, &v, size))
          CE_FAIL("constant engine: COPY_DATA source 0x%" PRIx64 " misaligned or not mapped", a);
      } else {
        CE_FAIL("constant engine: COPY_DATA source %u not supported (1/2 memory, 5 immediate)",
                src);
      }
      if (dst != 2 && dst != 5)
        CE_FAIL("constant engine: COPY_DATA destination %u not supported (2/5 memory)", dst);
      const uint64_t d = cp_addr64(b[3], b[4]);
      if ((d & (size - 1)) || !cp_mem_write(q, d, &v, size))
        CE_FAIL("constant engine: COPY_DATA destination 0x%" PRIx64 " misaligned or not writable",
                d);
      break;
    }
    case PM4_COND_EXEC: { /* ADDR lo (31:2), hi, reserved, EXEC_COUNT (13:0) */
      if (nb != 4) CE_FAIL("constant engine: COND_EXEC with %u body dwords (4 expected)", nb);
      const uint64_t a = cp_addr64(b[0] & ~3u, b[1]);
      const uint32_t count = b[3] & 0x3fff;
      uint32_t v;
      if (!cp_mem_read(q, a, &v, 4))
        CE_FAIL("constant engine: COND_EXEC address 0x%" PRIx64 " is not mapped", a);
      if (!v) {
        if ((uint64_t)f->pos + h.dwords + count > f->size)
          CE_FAIL("constant engine: COND_EXEC skips %u dwords past the end of the buffer", count);
        top->pos += count;
      }
      break;
    }
    default:
      if (name)
        CE_FAIL("constant engine: packet %s (0x%02x) is not a constant engine packet", name,
                h.opcode);
      CE_FAIL("constant engine: unknown packet opcode 0x%02x", h.opcode);
  }
  top->pos += h.dwords;
  q->stats.ce_packets++;
  return CE_DONE;
#undef CE_FAIL
}

/* Runs Q's CE until its work is done, it waits on the DE counter or CE_BUDGET packets have run.
 * False when an error stopped the queue (the CE's work is dropped). */
static bool ce_run(struct cp_queue *q) {
  struct cp_ce *ce = q->ce;
  for (unsigned n = 0; n < CE_BUDGET;) {
    if (!ce->depth) {
      if (!ce->count) return true;
      ce->stack[0] = ce->fifo[ce->head];
      ce->head = (ce->head + 1) % CE_FIFO;
      ce->count--;
      ce->depth = 1;
    }
    struct ce_buf *top = &ce->stack[ce->depth - 1];
    if (top->pos >= top->size) {
      ce->depth--;
      continue;
    }
    const uint32_t *w = cp_mem_map(q, top->addr, (uint64_t)top->size * 4, false);
    if (!w) {
      cp_queue_fail(q, NULL,
                    "constant engine: its buffer at 0x%" PRIx64 " (%u dwords) is no longer mapped",
                    top->addr, top->size);
      cp_ce_drop_work(q);
      return false;
    }
    const struct cp_frame view = {.w = w, .size = top->size, .pos = top->pos, .addr = top->addr};
    enum ce_step r = ce_packet(q, ce, &view);
    if (r == CE_STOP) {
      cp_ce_drop_work(q);
      return false;
    }
    if (r == CE_WAIT) return true;
    n++;
  }
  return true;
}

/* Queues the CE buffer [ADDR, ADDR + SIZE*4). False when the FIFO is full. */
static bool ce_queue(struct cp_ce *ce, uint64_t addr, uint32_t size) {
  if (ce->count == CE_FIFO) return false;
  ce->fifo[(ce->head + ce->count++) % CE_FIFO] = (struct ce_buf){.addr = addr, .size = size};
  return true;
}

/* The CE packets of the queue's own stream: the CE RAM and counter packets the CE runs, and
 * INDIRECT_BUFFER_CNST (either form). */
static bool ce_stream_packet(unsigned opcode) {
  switch (opcode) {
    case PM4_INDIRECT_BUFFER_CNST:
    case PM4_LOAD_CONST_RAM:
    case PM4_WRITE_CONST_RAM:
    case PM4_DUMP_CONST_RAM:
    case PM4_DUMP_CONST_RAM_OFFSET:
    case PM4_INCREMENT_CE_COUNTER:
    case PM4_WAIT_ON_DE_COUNTER_DIFF: return true;
    default: return false;
  }
}

/* True when the scan of the submission Q is running (frame 0) has position POS behind it. */
static bool ce_scanned(const struct cp_queue *q, const struct cp_ce *ce, uint32_t pos) {
  return q->depth && ce->scan_sub == q->stats.submissions && ce->scan_addr == q->frame[0].addr &&
         pos < ce->scan_pos;
}

/* The CE reads the submission beside the DE, skipping the DE's packets and buffers, so it can
 * be ahead of it: when the DE waits on the CE, the CE packets and buffers further on in the
 * submission (the bottom of the cursor, frame 0) are handed over, as far as the FIFO has room;
 * the DE skips them when it gets there. The scan stops at a malformed header (the DE reports
 * it when it reaches it). */
static void ce_scan_ahead(struct cp_queue *q, struct cp_ce *ce) {
  if (!q->depth) return;
  const struct cp_frame *r = &q->frame[0];
  if (ce->scan_sub != q->stats.submissions || ce->scan_addr != r->addr) {
    ce->scan_sub = q->stats.submissions;
    ce->scan_addr = r->addr;
    ce->scan_pos = 0;
  }
  uint32_t pos = ce->scan_pos > r->pos ? ce->scan_pos : r->pos;
  /* the DE's own packet at its cursor (the wait) is not the CE's */
  while (pos < r->size) {
    const struct pm4_header h = pm4_header_decode(r->w[pos]);
    if (h.type == 1 || (uint64_t)pos + h.dwords > r->size) break;
    if (h.type == 3 && ce_stream_packet(h.opcode)) {
      const uint32_t *b = &r->w[pos + 1];
      bool queued;
      if (h.opcode == PM4_INDIRECT_BUFFER_CNST && h.dwords == 4)
        queued =
            !(b[2] & 0xfffff) || ce_queue(ce, cp_addr64(b[0] & ~3u, b[1] & 0xffff), b[2] & 0xfffff);
      else queued = ce_queue(ce, r->addr + (uint64_t)pos * 4, h.dwords);
      if (!queued) break;
    }
    pos += h.dwords;
  }
  ce->scan_pos = pos;
}

enum cp_step cp_exec_ce_packet(struct cp_queue *q, struct cp_frame *f, const struct pm4_header *h,
                               const uint32_t *b, unsigned nb) {
  const char *name = pm4_opcode_name(h->opcode);
  if (q->id != CP_GFX_QUEUE)
    CP_FAIL("%s: the constant engine and its counters exist on the graphics queue only", name);
  if (!q->ce && !(q->ce = calloc(1, sizeof *q->ce)))
    CP_FAIL("%s: no memory for the constant engine's state", name);
  struct cp_ce *ce = q->ce;
  /* a CE packet of the submission the CE read ahead of the DE: handed over already */
  if (ce_stream_packet(h->opcode) && f == &q->frame[0] && ce_scanned(q, ce, f->pos))
    return CP_STEP_DONE;
  switch (h->opcode) {
    case PM4_SWITCH_BUFFER: /* the DE's side of a CE buffer switch: nothing to do */
      if (nb != 1) CP_FAIL("SWITCH_BUFFER with %u body dwords (1 expected)", nb);
      return CP_STEP_DONE;
    case PM4_INCREMENT_DE_COUNTER:
      if (nb != 1) CP_FAIL("INCREMENT_DE_COUNTER with %u body dwords (1 expected)", nb);
      ce->de_total++;
      return ce_run(q) ? CP_STEP_DONE : CP_STEP_STOPPED;
    case PM4_WAIT_ON_CE_COUNTER: /* COND_SURFACE_SYNC (0), FORCE_SYNC (1): cache actions */
      if (nb != 1) CP_FAIL("WAIT_ON_CE_COUNTER with %u body dwords (1 expected)", nb);
      if (!ce_run(q)) return CP_STEP_STOPPED;
      if (!ce->ce_counter) { /* the CE may have work further on in the submission */
        ce_scan_ahead(q, ce);
        if (!ce_run(q)) return CP_STEP_STOPPED;
        if (!ce->ce_counter) return CP_STEP_BLOCKED;
      }
      ce->ce_counter--;
      return CP_STEP_DONE;
    case PM4_INDIRECT_BUFFER_CNST: {
      /* the conditional form (13 body dwords) is handed over as it is: the CE evaluates it */
      if (nb == 13) goto hand_over;
      if (nb != 3) CP_FAIL("INDIRECT_BUFFER_CNST with %u body dwords (3 or 13 expected)", nb);
      const uint64_t a = cp_addr64(b[0] & ~3u, b[1] & 0xffff);
      const uint32_t size = b[2] & 0xfffff;
      if (size && !cp_mem_map(q, a, (uint64_t)size * 4, false))
        CP_FAIL("INDIRECT_BUFFER_CNST 0x%" PRIx64 " (%u dwords) is not mapped", a, size);
      if (size && !ce_queue(ce, a, size)) {
        /* the CE is that far behind: let it run, else wait for the DE to let it go on */
        if (!ce_run(q)) return CP_STEP_STOPPED;
        if (!ce_queue(ce, a, size)) return CP_STEP_BLOCKED;
      }
      return ce_run(q) ? CP_STEP_DONE : CP_STEP_STOPPED;
    }
    default: /* a CE packet in the queue's stream: the CE runs it in its turn */
    hand_over:
      if (!ce_queue(ce, f->addr + (uint64_t)f->pos * 4, h->dwords)) {
        if (!ce_run(q)) return CP_STEP_STOPPED;
        if (!ce_queue(ce, f->addr + (uint64_t)f->pos * 4, h->dwords)) return CP_STEP_BLOCKED;
      }
      return ce_run(q) ? CP_STEP_DONE : CP_STEP_STOPPED;
  }
}
