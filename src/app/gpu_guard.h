/* Guest memory that jobs on the emulator's own threads read (a GPU dispatch over its window,
 * the scan-out of a flipped frame) kept mapped while they read it: the guard is a guest_vm
 * unmap guard (kernel/guest_vm.h) whose BEGIN waits until the jobs using the span have ended,
 * and jobs starting while a span is being unmapped wait for the unmap to end and then look at
 * the memory map again. Without it a guest thread's munmap replaces the pages (PROT_NONE)
 * while the job still reads them: the GPU thread faults or reads memory the guest gave back.
 *
 * A job:
 *   for (;;) {
 *     uint64_t epoch = app_gpu_guard_epoch(g);
 *     ...find the span in the memory map (it may be gone: no job)...
 *     if (app_gpu_guard_use_begin(g, lo, hi, epoch)) break;   // else the map changed: again
 *   }
 *   ...read [lo, hi)...
 *   app_gpu_guard_use_end(g, lo, hi);
 * A job must not unmap guest memory while it holds a use (its own unmap would wait for it). */
#ifndef PROSPERO_APP_GPU_GUARD_H
#define PROSPERO_APP_GPU_GUARD_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#define APP_GPU_GUARD_USES 8    /* jobs at once (the GPU thread, the presenter) */
#define APP_GPU_GUARD_UNMAPS 16 /* unmapping calls at once (guest threads) */

struct app_gpu_span {
  uint64_t lo, hi; /* [lo, hi) */
};

struct app_gpu_guard {
  pthread_mutex_t lock;
  pthread_cond_t cond;
  struct app_gpu_span use[APP_GPU_GUARD_USES], unmap[APP_GPU_GUARD_UNMAPS];
  bool use_busy[APP_GPU_GUARD_USES], unmap_busy[APP_GPU_GUARD_UNMAPS];
  uint64_t epoch; /* unmapping calls ended */
  uint64_t waits; /* unmapping calls that waited for a job (tests, logs) */
};

void app_gpu_guard_init(struct app_gpu_guard *g);
void app_gpu_guard_fini(struct app_gpu_guard *g);
/* The process's guard (app_gpu_init installs it as a guest_vm unmap guard). */
struct app_gpu_guard *app_gpu_guard(void);

uint64_t app_gpu_guard_epoch(struct app_gpu_guard *g);
/* Registers a job reading [LO, HI): waits while an unmap of an overlapping span is under
 * way; true when registered and no unmap ended since EPOCH (the job's view of the map is
 * current), false (nothing registered) when the job must look at the map again. */
bool app_gpu_guard_use_begin(struct app_gpu_guard *g, uint64_t lo, uint64_t hi, uint64_t epoch);
void app_gpu_guard_use_end(struct app_gpu_guard *g, uint64_t lo, uint64_t hi);

/* The guest_vm guard's calls (CTX a struct app_gpu_guard): BEGIN records the span and waits
 * for the jobs using it; END forgets it, counts an epoch and wakes waiting jobs. */
void app_gpu_guard_unmap_begin(uint64_t addr, uint64_t size, void *ctx);
void app_gpu_guard_unmap_end(uint64_t addr, uint64_t size, void *ctx);

#endif
