/* The command processor's compute dispatch op (struct cp_ops.dispatch): the COMPUTE_* SH
 * registers of the dispatching queue become a struct compute_regs, and the grid runs through
 * the compute dispatch entry point (gpu/shader/dispatch/compute_dispatch.h) on the Vulkan
 * device against a window of guest memory that WINDOW chooses.
 *
 * Limits (those of the dispatch layer): the shader sees one contiguous window of guest
 * memory per dispatch (kept imported across dispatches while the guest keeps it mapped, as it
 * is where the device allows it; otherwise uploaded whole before the
 * dispatch and written back whole after it, and then CPU writes to the window during a
 * dispatch are lost); accesses outside it do not reach guest memory. A failed dispatch is logged
 * with its reason and counted; the queue goes on. */
#ifndef PROSPERO_APP_GPU_COMPUTE_H
#define PROSPERO_APP_GPU_COMPUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu_guard.h"
#include "gpu/cp/cp.h"
#include "gpu/shader/dispatch/compute_dispatch.h"

/* The guest memory window for a dispatch of REGS (its code at PGM_ADDR). False with ERR
 * filled when there is none. */
typedef bool (*app_gpu_window_fn)(void *ctx, const struct compute_config *cfg,
                                  struct shader_dispatch_window *out, char *err, size_t err_size);

struct app_gpu_compute {
  vk_device *dev; /* NULL: created on the first dispatch (vk_device_create) */
  bool own_dev, dev_failed;
  struct shader_cache *cache; /* created on the first dispatch */
  /* the shader cache's folders (struct shader_cache_config): compiled modules kept across runs
   * (the per-title data folder's shader_cache) and --dump-shaders; NULL: none */
  const char *cache_dir, *dump_dir;
  /* the table of guest ranges kept across dispatches (created on the first dispatch): each
   * window is imported once and dropped when the guest unmaps it (the kernel's unmap
   * notification through app_gpu_compute_unmapped) */
  struct shader_memory *mem;
  /* the GPU's global data share (64 KiB, compute_gds.h), shared by the dispatches of every
   * queue and the GDS forms of the packets (app_gpu_compute_gds_map); made on first use */
  struct compute_gds *gds;
  app_gpu_window_fn window;
  void *window_ctx;
  /* the guard that keeps the window mapped while the dispatch runs (gpu_guard.h); NULL: none
     (tests whose memory is not the guest's) */
  struct app_gpu_guard *guard;
  /* the unmapped-access checks (--shader-fault-checks) and the warnings logged so far, kept
   * across dispatches so that the dispatcher's rate limit holds for the whole run */
  enum compute_fault_checks fault_checks;
  uint64_t faulting_dispatches;
  uint64_t dispatched, failed;
};

/* The dispatch registers: the COMPUTE_* ones of SH (PM4_SH_COUNT dwords, sh[reg -
 * PM4_SH_BASE]), the user-config ones (TA_CS_BC_BASE_ADDR/_HI) of UC (PM4_UCONFIG_COUNT
 * dwords, uc[reg - PM4_UCONFIG_BASE]; NULL: 0), with DISPATCH_INITIATOR = INITIATOR. */
void app_gpu_compute_regs(const uint32_t *sh, const uint32_t *uc, uint32_t initiator,
                          struct compute_regs *out);

/* The cp_ops.dispatch op; CTX is a struct app_gpu_compute. */
void app_gpu_compute_dispatch(void *ctx, const struct cp_dispatch *d);

/* The cp_ops.gds_map op (CTX a struct app_gpu_compute): host view of GDS bytes
 * [OFFSET, OFFSET + SIZE) or NULL past its end (or without memory for it). The command
 * processor calls it between dispatches, on the thread that runs them. */
void *app_gpu_compute_gds_map(void *ctx, uint32_t offset, uint32_t size);

/* The kernel's unmap notification (a guest_vm unmap observer, added by app/gpu_bridge.c with
 * CTX the struct app_gpu_compute): the kept table drops its imports of those pages before
 * the next dispatch. Safe from any thread. */
void app_gpu_compute_unmapped(uint64_t addr, uint64_t size, void *ctx);

/* Frees the cache, the kept table, the GDS and the device when it made them (remove its unmap
 * observer first). */
void app_gpu_compute_fini(struct app_gpu_compute *c);

#endif
