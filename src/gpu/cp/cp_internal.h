/* Inside the command processor: queue state shared by cp.c (scheduler) and cp_exec.c
 * (packets). Not for other modules. */
#ifndef PROSPERO_GPU_CP_CP_INTERNAL_H
#define PROSPERO_GPU_CP_CP_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>

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
  uint64_t draw_base;  /* SET_BASE index 1: draw/dispatch indirect base */
  uint64_t index_base; /* INDEX_BASE */
  uint32_t index_size, index_type, instances;
  /* SET_PREDICATION */
  bool pred_active, pred_pass;
  struct cp_stats stats;
};

struct cp {
  struct cp_ops ops;
  pthread_mutex_t lock;
  /* held by the runner for a queue's turn (every read of guest memory by the queues happens
     in one) and by cp_unmap_begin .. cp_unmap_end around a guest unmap */
  pthread_mutex_t turn_lock;
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
/* Logs the error with the queue, the offset and the packet's dwords; stops Q. */
__attribute__((format(printf, 3, 4))) void cp_queue_fail(struct cp_queue *q,
                                                         const struct cp_frame *f, const char *fmt,
                                                         ...);

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
