/* Inside the command processor: queue state shared by cp.c (scheduler) and cp_exec.c
 * (packets). Not for other modules. */
#ifndef PROSPERO_GPU_CP_CP_INTERNAL_H
#define PROSPERO_GPU_CP_CP_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

#include "gpu/cp/cp.h"

struct cp_submission {
  uint64_t addr;
  uint32_t dwords;
};

/* One buffer of the cursor stack: the submission (depth 0) or an indirect buffer. W is the
 * host view of [ADDR, ADDR + SIZE*4), range-checked by mem_map when it was pushed. */
struct cp_frame {
  const uint32_t *w;
  uint32_t size, pos;
  uint64_t addr;
};

struct cp_ce;

struct cp_queue {
  struct cp *cp;
  unsigned id;
  int status; /* enum cp_queue_status, atomic */
  /* submissions, under cp->lock */
  struct cp_submission fifo[CP_SUBMIT_FIFO];
  unsigned fifo_head, fifo_count;
  uint64_t submitted;
  /* the runner's state */
  struct cp_frame frame[1 + CP_IB_DEPTH];
  unsigned depth; /* frames in use; 0: no submission running */
  uint32_t sh[PM4_SH_COUNT], ctx[PM4_CONTEXT_COUNT], uc[PM4_UCONFIG_COUNT];
  uint32_t cfg[PM4_CONFIG_COUNT]; /* config registers (SET_CONFIG_REG, LOAD_CONFIG_REG) */
  /* the context registers CLEAR_STATE pushed (cp_clear_state.c) */
  uint32_t ctx_saved[PM4_CONTEXT_COUNT];
  bool ctx_pushed;
  /* draw state set by packets */
  uint64_t draw_base; /* SET_BASE index 1: draw/dispatch indirect base */
  /* the other SET_BASE bases (cp_exec_indirect.c): 0 the patch table SET_CONTEXT_REG_INDIRECT
   * reads, 4 the base of LOAD_*_REG_INDEX's offset form, 5 the indirect data base */
  uint64_t patch_table_base, load_reg_base, indirect_data_base;
  /* GET_LOD_STATS: the last buffer and control the queue was given (cp_exec_lod.c) */
  struct {
    uint64_t base;
    uint32_t bytes, control;
  } lod_stats;
  uint64_t index_base; /* INDEX_BASE */
  uint32_t index_size, index_type, instances;
  /* SET_PREDICATION */
  bool pred_active, pred_pass;
  /* ATOMIC_MEM: the value the last returning atomic found (COPY_DATA source 6) */
  uint64_t atomic_return;
  /* the constant engine (cp_exec_ce.c): graphics queue only, made on its first CE packet */
  struct cp_ce *ce;
  struct cp_stats stats;
};

struct cp {
  struct cp_ops ops;
  pthread_mutex_t lock;
  /* held by the runner for a queue's turn (every read of guest memory by the queues happens
     in one) and by cp_unmap_begin .. cp_unmap_end around a guest unmap */
  pthread_mutex_t turn_lock;
  /* guest unmaps waiting for turn_lock: the runner lets them have it before its next turn,
     waiting on unmap_cond (under lock) until none is left */
  unsigned unmaps_waiting;
  pthread_cond_t unmap_cond;
  pthread_cond_t wake;
  char *dump_dir;
  pthread_t thread;
  bool thread_running, stop;
  struct cp_queue q[CP_QUEUES];
};

enum cp_step {
  CP_STEP_DONE,    /* the packet ran (the cursor moved) */
  CP_STEP_BLOCKED, /* a wait is not satisfied: the cursor stays, try again later */
  CP_STEP_STOPPED, /* an error stopped the queue */
};

/* Runs the packet at F's cursor on Q. */
enum cp_step cp_exec_packet(struct cp_queue *q, struct cp_frame *f);
/* Runs packets of F (the top of Q's stack) until BUDGET have run, the buffer ends, one
 * pushes an indirect buffer, blocks or stops Q; *RAN counts the packets that ran. The plain
 * SET_SH/CONTEXT/UCONFIG_REG packets take a short path here. */
enum cp_step cp_exec_run(struct cp_queue *q, struct cp_frame *f, unsigned budget, unsigned *ran);
/* The bank slot of register REG (absolute dword offset), or NULL outside the banks. */
uint32_t *cp_reg_slot(struct cp_queue *q, uint32_t reg);
/* Host view of guest [ADDR, ADDR+SIZE) through ops.mem_map, or NULL (cp_exec.c). */
void *cp_mem_map(struct cp_queue *q, uint64_t addr, uint64_t size, bool write);
/* N bytes at guest ADDR into DST, aligned dwords and qwords as acquire loads; false when the
 * range is not mapped (cp_exec.c). */
bool cp_mem_read(struct cp_queue *q, uint64_t addr, void *dst, size_t n);

/* N bytes from SRC to guest ADDR, aligned dwords and qwords as release stores; false when the
 * range is not writable (cp_exec.c). */
bool cp_mem_write(struct cp_queue *q, uint64_t addr, const void *src, size_t n);
/* WAIT_REG_MEM's compare: FUNC 0 always, 1 <, 2 <=, 3 ==, 4 !=, 5 >=, 6 >; 7 (reserved) false. */
bool cp_compare(unsigned func, uint64_t v, uint64_t ref);

/* Packets of cp_exec_mem.c (memory atomics, conditional and read-modify-write register
 * writes, SET_SH_REG_OFFSET, MEM_SEMAPHORE); docs/gpu-cp.md describes each. */
enum cp_step cp_exec_atomic_mem(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                unsigned nb);
enum cp_step cp_exec_cond_write(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                unsigned nb);
enum cp_step cp_exec_reg_rmw(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                             unsigned nb);
enum cp_step cp_exec_context_reg_rmw(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                     unsigned nb);
enum cp_step cp_exec_set_sh_reg_offset(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                       unsigned nb);
enum cp_step cp_exec_mem_semaphore(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                   unsigned nb);

/* The constant engine (cp_exec_ce.c): a CE packet, INDIRECT_BUFFER_CNST or a CE/DE counter
 * packet met by the queue's stream (H its header, at F's cursor); the CE's state of Q freed;
 * its pending work and counters dropped (cp_queue_reset; CE RAM stays, as registers do). */
enum cp_step cp_exec_ce_packet(struct cp_queue *q, struct cp_frame *f, const struct pm4_header *h,
                               const uint32_t *b, unsigned nb);
void cp_ce_free(struct cp_queue *q);
void cp_ce_drop_work(struct cp_queue *q);

/* Packets of cp_exec_indirect.c (state read from memory, addresses from SET_BASE's bases)
 * and cp_exec_lod.c; B is the body, NB its dwords; docs/gpu-cp.md describes each. */
enum cp_step cp_exec_set_base(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                              unsigned nb);
enum cp_step cp_exec_load_regs_index(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                     unsigned nb, uint32_t base, uint32_t span);
enum cp_step cp_exec_set_context_reg_indirect(struct cp_queue *q, struct cp_frame *f,
                                              const uint32_t *b, unsigned nb);
enum cp_step cp_exec_index_attributes_indirect(struct cp_queue *q, struct cp_frame *f,
                                               const uint32_t *b, unsigned nb);
enum cp_step cp_exec_get_lod_stats(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                   unsigned nb);

/* The GDS forms (cp_exec_gds.c; ops.gds_map, GDS byte addresses). The bool ones stop Q
 * (naming WHAT) and answer false when the GDS is missing or the range past its end:
 * N bytes of GDS at OFF read or written; RELEASE_MEM DATA_SEL 5 / EVENT_WRITE_EOS COMMAND 1
 * (SEL: GDS dword offset 15:0, dword count 31:16) copying GDS to guest ADDR, *FIRST the
 * first dword written; WRITE_DATA DST_SEL 3 (ONE: WR_ONE_ADDR); DMA_DATA with SRC_SEL or
 * DST_SEL 1 (its six body dwords checked by the caller). */
bool cp_gds_read(struct cp_queue *q, struct cp_frame *f, const char *what, uint32_t off, void *dst,
                 uint32_t n);
bool cp_gds_write(struct cp_queue *q, struct cp_frame *f, const char *what, uint32_t off,
                  const void *src, uint32_t n);
bool cp_exec_gds_to_mem(struct cp_queue *q, struct cp_frame *f, const char *what, uint64_t addr,
                        uint32_t sel, uint64_t *first);
enum cp_step cp_exec_write_data_gds(struct cp_queue *q, struct cp_frame *f, bool one,
                                    const uint32_t *b, unsigned nb);
enum cp_step cp_exec_dma_data_gds(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                  unsigned nb);

/* Logs the error with the queue, the offset and the packet's dwords; stops Q. */
__attribute__((format(printf, 3, 4))) void cp_queue_fail(struct cp_queue *q,
                                                         const struct cp_frame *f, const char *fmt,
                                                         ...);

/* The packet handlers' error exit: in a handler of queue `q` at frame `f`, fails the queue
 * with the message (cp_queue_fail) and returns CP_STEP_STOPPED. */
#define CP_FAIL(...)                  \
  do {                                \
    cp_queue_fail(q, f, __VA_ARGS__); \
    return CP_STEP_STOPPED;           \
  } while (0)

/* The 64-bit address of a packet's LO and HI dwords. */
static inline uint64_t cp_addr64(uint32_t lo, uint32_t hi) { return ((uint64_t)hi << 32) | lo; }

/* The clear state (cp_clear_state.c): CTX (the context bank) at the GFX10 clear-state
 * values; Q's state a new queue's (context registers at the clear state, the other banks,
 * the saved context and the draw state zero); the CLEAR_STATE packet with body B. */
void cp_clear_state_load(uint32_t ctx[PM4_CONTEXT_COUNT]);
void cp_queue_new_state(struct cp_queue *q);
enum cp_step cp_exec_clear_state(struct cp_queue *q, struct cp_frame *f, const uint32_t *b,
                                 unsigned nb);

/* A driver packet rewritten as the GFX10 packet it stands for (cp_agc.c). OPCODE 0: nothing
 * to run (markers). SAME_BODY: the packet's own body with dword 0 replaced by BODY[0]
 * (WRITE_DATA, whose data follows); otherwise BODY holds the N dwords to run. */
struct cp_agc_xlat {
  unsigned opcode, n;
  bool same_body;
  uint32_t body[8];
};
/* 1 when SUB is a translated packet (X filled), 0 when it is not (hand it to
 * ops.agc_packet), -1 when its body is malformed (ERR says why). */
int cp_agc_translate(unsigned sub, const uint32_t *b, unsigned nb, struct cp_agc_xlat *x, char *err,
                     size_t err_size);
/* The name of driver packet SUB, or NULL. */
const char *cp_agc_packet_name(unsigned sub);

#endif
