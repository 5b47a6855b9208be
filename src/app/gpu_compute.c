/* The command processor's compute dispatch op (gpu_compute.h). */
#include "gpu_compute.h"

#include <stdio.h>

#include "common/log.h"

void app_gpu_compute_regs(const uint32_t *sh, const uint32_t *uc, uint32_t initiator,
                          struct compute_regs *out) {
  *out = (struct compute_regs){0};
  for (int r = 0; r < COMPUTE_REG_COUNT; r++) {
    uint32_t dword = compute_reg_table[r].offset / 4;
    if (dword >= PM4_SH_BASE && dword < PM4_SH_BASE + PM4_SH_COUNT)
      out->r[r] = sh[dword - PM4_SH_BASE];
    else if (uc && dword >= PM4_UCONFIG_BASE && dword < PM4_UCONFIG_BASE + PM4_UCONFIG_COUNT)
      out->r[r] = uc[dword - PM4_UCONFIG_BASE];
  }
  out->r[COMPUTE_DISPATCH_INITIATOR] = initiator;
}

void app_gpu_compute_unmapped(uint64_t addr, uint64_t size, void *ctx) {
  struct app_gpu_compute *c = ctx;
  struct shader_memory *m = __atomic_load_n(&c->mem, __ATOMIC_ACQUIRE);
  if (m) shader_memory_unmapped(m, addr, size); /* thread safe: applied before the next use */
}

void *app_gpu_compute_gds_map(void *ctx, uint32_t offset, uint32_t size) {
  struct app_gpu_compute *c = ctx;
  if (!c->gds) c->gds = compute_gds_create();
  return compute_gds_at(c->gds, offset, size);
}

static bool ready(struct app_gpu_compute *c) {
  if (!c->gds) c->gds = compute_gds_create(); /* NULL: GDS shaders refused, not the others */
  if (!c->dev && !c->dev_failed) {
    c->dev = vk_device_create(NULL);
    c->own_dev = c->dev != NULL;
    c->dev_failed = c->dev == NULL;
  }
  if (c->dev && !c->cache) {
    const struct shader_cache_config cfg = {.disk_dir = c->cache_dir, .dump_dir = c->dump_dir};
    c->cache = shader_cache_create(&cfg);
  }
  if (c->dev && !c->mem) __atomic_store_n(&c->mem, shader_memory_create(c->dev), __ATOMIC_RELEASE);
  return c->dev && c->cache && c->mem;
}

void app_gpu_compute_dispatch(void *ctx, const struct cp_dispatch *d) {
  struct app_gpu_compute *c = ctx;
  struct compute_regs regs;
  app_gpu_compute_regs(d->sh, d->uc, d->initiator, &regs);
  char err[256] = "";
  struct compute_config cfg;
  struct shader_dispatch_window win;
  bool ok = false;
  if (!ready(c)) snprintf(err, sizeof err, "no Vulkan device or shader cache");
  else if (compute_config_decode(&regs, &cfg, err, sizeof err))
    for (;;) {
      /* the window stays mapped while the dispatch reads it: a guest unmap of it waits, and
         one that ended since the window was found makes it be found again */
      uint64_t epoch = c->guard ? app_gpu_guard_epoch(c->guard) : 0;
      if (!c->window(c->window_ctx, &cfg, &win, err, sizeof err)) break;
      if (c->guard && !app_gpu_guard_use_begin(c->guard, win.addr, win.addr + win.size, epoch))
        continue;
      /* the CP read DISPATCH_INDIRECT's dimensions from memory already: both run direct */
      char origin[24];
      snprintf(origin, sizeof origin, "queue %u", d->queue);
      struct compute_dispatcher disp = {.dev = c->dev,
                                        .cache = c->cache,
                                        .mem = c->mem,
                                        .gds = c->gds,
                                        .fault_checks = c->fault_checks,
                                        .origin = origin,
                                        .faulting_dispatches = c->faulting_dispatches};
      ok = compute_dispatch_direct(&disp, &regs, d->dim, &win, err, sizeof err);
      c->faulting_dispatches = disp.faulting_dispatches;
      if (c->guard) app_gpu_guard_use_end(c->guard, win.addr, win.addr + win.size);
      break;
    }
  if (ok) {
    c->dispatched++;
    return;
  }
  c->failed++;
  LOG(gpu, ERROR, "cp: queue %u: dispatch %ux%ux%u of the shader at PGM 0x%08x_%08x failed: %s",
      d->queue, d->dim[0], d->dim[1], d->dim[2], regs.r[COMPUTE_PGM_HI], regs.r[COMPUTE_PGM_LO],
      err);
}

void app_gpu_compute_fini(struct app_gpu_compute *c) {
  if (c->mem) { /* the unmap notification must not reach it any more (its hook removed) */
    struct shader_memory *m = c->mem;
    __atomic_store_n(&c->mem, NULL, __ATOMIC_RELEASE);
    shader_memory_destroy(m);
  }
  if (c->cache) shader_cache_destroy(c->cache);
  compute_gds_destroy(c->gds);
  c->gds = NULL;
  if (c->own_dev) vk_device_destroy(c->dev);
  c->cache = NULL;
  c->dev = NULL;
  c->own_dev = false;
}
