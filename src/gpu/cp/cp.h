/* The GPU command processor: 57 queues (queue 0 graphics, queues 1..56 the compute queues
 * of 7 pipes x 8), each with its own register banks (SH, context, user config), submission
 * FIFO and resumable PM4 cursor (a stack of indirect buffers). A round-robin scheduler runs
 * every queue with work; a queue waiting on WAIT_REG_MEM(_64) is re-checked on each pass and
 * never holds the others up. An unknown, malformed or unsupported packet is logged with the
 * queue, the offset and the packet's dwords, and stops that queue alone.
 *
 * The command processor is a GPU-side module (it uses common only): guest memory, event
 * posting and compute dispatch are reached through struct cp_ops, which the app fills.
 * docs/gpu-cp.md describes the packets and what each does. */
#ifndef PROSPERO_GPU_CP_CP_H
#define PROSPERO_GPU_CP_CP_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu/cp/pm4.h"

#define CP_COMPUTE_PIPES 7
#define CP_QUEUES_PER_PIPE 8
#define CP_QUEUES (1 + CP_COMPUTE_PIPES * CP_QUEUES_PER_PIPE) /* 57 */
#define CP_GFX_QUEUE 0u
/* The queue number of compute pipe PIPE (0..6), queue Q (0..7). */
static inline unsigned cp_compute_queue(unsigned pipe, unsigned q) {
  return 1u + pipe * CP_QUEUES_PER_PIPE + q;
}

#define CP_IB_DEPTH 8               /* indirect buffers nested below a submission */
#define CP_SUBMIT_FIFO 256          /* submissions waiting per queue */
#define CP_PACKETS_PER_TURN 4096    /* packets a queue runs before the scheduler moves on */
#define CP_DMA_MAX_BYTES (1u << 26) /* DMA_DATA BYTE_COUNT is 26 bits */

/* A compute dispatch: the grid and the queue's SH registers (COMPUTE_PGM_*, COMPUTE_NUM_
 * THREAD_*, COMPUTE_USER_DATA_*...) and user-config registers (TA_CS_BC_BASE_ADDR/_HI, the
 * sampler's border colour table) as they are when the packet runs. */
struct cp_dispatch {
  unsigned queue;
  uint32_t dim[3];    /* thread groups (COMPUTE_DIM_X/Y/Z) */
  uint32_t initiator; /* COMPUTE_DISPATCH_INITIATOR */
  bool indirect;      /* the dimensions came from memory (DISPATCH_INDIRECT) */
  const uint32_t *sh; /* PM4_SH_COUNT dwords: sh[reg - PM4_SH_BASE] */
  const uint32_t *uc; /* PM4_UCONFIG_COUNT dwords: uc[reg - PM4_UCONFIG_BASE] */
};

/* A draw packet, recorded for the graphics work. */
struct cp_draw {
  unsigned queue;
  unsigned opcode;        /* PM4_DRAW_* */
  uint32_t count;         /* index or vertex count (direct draws), 0 for indirect ones */
  uint32_t instances;     /* NUM_INSTANCES state */
  uint32_t index_type;    /* INDEX_TYPE state */
  uint64_t index_base;    /* INDEX_BASE state (or DRAW_INDEX_2's address) */
  uint32_t index_size;    /* INDEX_BUFFER_SIZE state (indices) */
  uint32_t prim_type;     /* VGT_PRIMITIVE_TYPE */
  uint32_t initiator;     /* VGT_DRAW_INITIATOR (the packet's last dword) */
  uint64_t indirect_addr; /* indirect draws: SET_BASE base + the packet's offset */
};

struct cp_ops {
  void *ctx;
  /* Host pointer to guest range [ADDR, ADDR+SIZE), readable (and writable when WRITE), or
   * NULL when any byte of it is not. Required. */
  void *(*mem_map)(void *ctx, uint64_t addr, uint64_t size, bool write);
  /* An end-of-pipe/end-of-shader interrupt (INT_SEL of RELEASE_MEM / EVENT_WRITE_EOP): the
   * event type, the data the packet wrote (0 when none) and the packet's context id
   * (RELEASE_MEM's INT_CTXID, 28 bits; 0 for EVENT_WRITE_EOP and a 6-dword RELEASE_MEM). The
   * app posts it as a GRAPHICS event. NULL: counted only. */
  void (*interrupt)(void *ctx, unsigned queue, unsigned event, uint64_t data, uint32_t context_id);
  /* The INT_CTXID of a RELEASE_MEM that sent an interrupt, when it is not 0, right after the
   * interrupt op (the packet's write done, before the next packet): the console's flip
   * sequence names the flip the kernel does on the interrupt this way (the app hands those
   * ids to video out, docs/gpu-cp.md). NULL: ignored. */
  void (*interrupt_context)(void *ctx, unsigned queue, uint32_t context_id);
  /* DISPATCH_DIRECT/INDIRECT. NULL: counted, logged once. */
  void (*dispatch)(void *ctx, const struct cp_dispatch *d);
  /* Draw packets. NULL: counted. */
  void (*draw)(void *ctx, const struct cp_draw *d);
  /* ACQUIRE_MEM: memory in [BASE, BASE+SIZE) (SIZE 0: all) must be re-read by the GPU
   * side (the guest's CPU wrote it). NULL: nothing to do. */
  void (*acquire)(void *ctx, unsigned queue, uint64_t base, uint64_t size);
  /* WAIT_FLIP_DONE (driver packet 0x06): > 0 while a flip of display buffer INDEX of video
   * out port HANDLE is queued and not done (the queue waits on the packet, re-checked on
   * every pass like WAIT_REG_MEM; the other queues go on), 0 when none is, < 0 when the port
   * or the buffer does not exist (logged, no wait). NULL: never waits. */
  int (*flip_pending)(void *ctx, uint32_t handle, uint32_t index);
  /* A Sony driver packet carried in a NOP (sub-selector != 0) that the command processor
   * does not run itself. NULL: logged. */
  void (*agc_packet)(void *ctx, unsigned queue, unsigned sub, const uint32_t *body, unsigned n);
  /* The GPU clock for timestamps. NULL: the host's monotonic clock at 100 MHz. */
  uint64_t (*gpu_clock)(void *ctx);
  /* The global data share the dispatches' shaders see (GDS byte addresses): a host view of
   * [OFFSET, OFFSET+SIZE), or NULL when any byte is past its end. The GDS forms of DMA_DATA,
   * WRITE_DATA, COPY_DATA, RELEASE_MEM and EVENT_WRITE_EOS read and write it in packet
   * order, between dispatches (cp_exec_gds.c). NULL: those forms stop the queue. */
  void *(*gds_map)(void *ctx, uint32_t offset, uint32_t size);
};

enum cp_queue_status {
  CP_QUEUE_IDLE,    /* no work */
  CP_QUEUE_READY,   /* work to run */
  CP_QUEUE_BLOCKED, /* waiting on WAIT_REG_MEM(_64) or WAIT_FLIP_DONE */
  CP_QUEUE_STOPPED, /* stopped by an error (cp_queue_reset restarts it) */
};

struct cp_stats {
  uint64_t packets, dwords, reg_writes, draws, dispatches, agc_packets, events, interrupts,
      wait_polls, predicated_skips, submissions;
  uint64_t ce_packets; /* packets the constant engine ran (graphics queue) */
};

struct cp;

/* A command processor with OPS (copied). NULL on allocation failure or without mem_map.
 * Every queue starts as a new queue: context registers at the GFX10 clear state (the state
 * the system loads on the graphics ring before a game runs), the other registers zero. */
struct cp *cp_create(const struct cp_ops *ops);
void cp_destroy(struct cp *cp);

/* Queues DWORDS dwords of PM4 at guest ADDR on QUEUE. 0, or -EINVAL (bad queue, 0 dwords),
 * -EFAULT (not mapped), -EAGAIN (FIFO full), -EPIPE (the queue is stopped). Thread-safe. */
int cp_submit(struct cp *cp, unsigned queue, uint64_t addr, uint32_t dwords);

/* One scheduler pass: every queue with work runs until it is empty, blocked, stopped or has
 * run CP_PACKETS_PER_TURN packets. True if any queue made progress. One runner at a time
 * (the GPU thread, or a test). */
bool cp_run(struct cp *cp);
/* Passes until no queue makes progress or MAX_PASSES are done. True when every queue is
 * idle or stopped (none ready or blocked). */
bool cp_run_until_idle(struct cp *cp, unsigned max_passes);

enum cp_queue_status cp_queue_status(const struct cp *cp, unsigned queue);
/* Clears a stopped queue: its cursor, pending submissions, predication and status
 * (registers stay). Not for a queue the GPU thread may be running (ready or blocked). */
void cp_queue_reset(struct cp *cp, unsigned queue);
/* Every queue back to its state after cp_create: no work, counters zero, the context
 * registers at the GFX10 clear state and the other registers zero (docs/gpu-cp.md).
 * Not while the GPU thread runs. */
void cp_reset(struct cp *cp);
/* Register REG (absolute dword offset) of QUEUE; 0 outside the banks. */
uint32_t cp_reg(const struct cp *cp, unsigned queue, uint32_t reg);
struct cp_stats cp_queue_stats(const struct cp *cp, unsigned queue);
/* "graphics" or "compute p.q" into BUF. */
const char *cp_queue_name(unsigned queue, char *buf, unsigned cap);

/* A guest unmap of [ADDR, ADDR+SIZE) (called before the pages change, with cp_unmap_end after
 * it): waits for the queue turn running now to end and holds the next ones until
 * cp_unmap_end, so no queue reads guest memory while it changes; a queue whose submission or
 * indirect buffer being run lies in the span is stopped (logged: the guest unmapped its
 * command buffer), as a GPU page fault stops the console's queue. Submissions still queued
 * are checked when they start. Answers how many queues it stopped. Not from the runner's
 * thread inside a turn (ops callbacks). */
unsigned cp_unmap_begin(struct cp *cp, uint64_t addr, uint64_t size);
void cp_unmap_end(struct cp *cp);

/* --dump-pm4: every submission is listed (pm4_list, following indirect buffers) into
 * DIR/pm4-q<queue>-<sequence>.txt when it is submitted, its dwords written beside it as
 * .pm4 (prospero-pm4 reads them). NULL stops. 0 or -errno. */
int cp_set_dump_dir(struct cp *cp, const char *dir);

/* The GPU thread: runs the scheduler whenever there is work (blocked queues are re-checked
 * every 50 us). cp_destroy stops it. 0 or -errno. */
int cp_thread_start(struct cp *cp);
void cp_thread_stop(struct cp *cp);

#endif
