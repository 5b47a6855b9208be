#include "gpu/shader/dispatch/compute_dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/isa/isa.h"
#include "gpu/shader/translate/translate.h"

size_t compute_code_extent(const uint32_t *words, size_t max, bool wave64) {
  size_t at = 0, reach = 0;
  /* the last s_getpc_b64: its low register and the byte offset it yields, for the
   * s_add_u32 of a call's target (functions placed after the entry's s_endpgm) */
  uint32_t getpc_reg = UINT32_MAX, getpc_at = 0;
  while (at < max) {
    struct isa_inst in;
    if (!isa_decode_wave(words, max, at, wave64, &in, NULL)) return at; /* translation says why */
    size_t next = at + in.size;
    if (in.info->flags & ISA_F_BRANCH) {
      int64_t target = (int64_t)next + (int16_t)in.simm16;
      if (target > (int64_t)reach) reach = (size_t)target;
    }
    uint16_t mn = in.info->mnemonic;
    if (mn == ISA_MN_s_getpc_b64 && in.num_defs == 1 && in.defs[0].kind == ISA_OPK_SGPR) {
      getpc_reg = in.defs[0].reg;
      getpc_at = (uint32_t)next * 4;
    } else if (mn == ISA_MN_s_add_u32 && getpc_reg != UINT32_MAX && in.num_defs == 1 &&
               in.num_srcs == 2 && in.defs[0].kind == ISA_OPK_SGPR && in.defs[0].reg == getpc_reg &&
               in.srcs[0].kind == ISA_OPK_SGPR && in.srcs[0].reg == getpc_reg &&
               (in.srcs[1].kind == ISA_OPK_LITERAL || in.srcs[1].kind == ISA_OPK_INLINE_INT)) {
      /* a forward target's first word; its function ends at a later s_setpc or s_endpgm,
       * which the scan reaches from there */
      int64_t target = ((int64_t)getpc_at + (int32_t)in.srcs[1].value) / 4 + 1;
      if (target > (int64_t)reach) reach = (size_t)target;
      getpc_reg = UINT32_MAX;
    }
    if (mn == ISA_MN_s_code_end) return next;
    if ((mn == ISA_MN_s_endpgm || mn == ISA_MN_s_endpgm_saved) && next > reach) return next;
    at = next;
  }
  return max;
}

static uint32_t min3(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t m = a < b ? a : b;
  return m < c ? m : c;
}

void compute_grid_part(const uint32_t groups[3], uint32_t ring, uint32_t part[3]) {
  uint32_t left = ring;
  bool whole = true; /* the dimensions so far are whole: the next may grow past 1 */
  for (int d = 0; d < 3; d++) {
    uint32_t n = groups[d] ? groups[d] : 1;
    if (!ring) { /* only Vulkan's bound, each dimension on its own */
      part[d] = n < COMPUTE_MAX_GRID_PART ? n : COMPUTE_MAX_GRID_PART;
      continue;
    }
    part[d] = whole && left ? min3(n, COMPUTE_MAX_GRID_PART, left) : 1;
    left /= part[d];
    whole = part[d] == n;
  }
}

void compute_wave_to_spirv(const struct compute_wave *w, struct spirv_wave_state *out) {
  memset(out, 0, sizeof *out);
  memcpy(out->sgpr, w->sgpr, sizeof out->sgpr);
  out->exec[0] = (uint32_t)w->exec;
  out->exec[1] = (uint32_t)(w->exec >> 32);
  for (int r = 0; r < 3; r++) memcpy(out->vgpr[r], w->vgpr[r], sizeof w->vgpr[r]);
}

bool compute_fault_check_due(uint64_t nth, bool faulted) {
  return faulted || nth < COMPUTE_FAULT_CHECK_FIRST || nth % COMPUTE_FAULT_CHECK_EVERY == 0;
}

/* Adds part P's record to the dispatch's *F (the first fault of the first part that has
 * one stays) */
static void fault_add(struct shader_fault *f, const struct shader_fault *p) {
  if (!p->count) return;
  uint32_t count = f->count;
  if (!count) *f = *p;
  f->count = count + p->count < count ? UINT32_MAX : count + p->count;
}

/* The warning about dispatch D's unmapped accesses (its fault and fault_text set) by the
 * shader at guest address PC (hash HASH): one per faulting dispatch up to
 * COMPUTE_FAULT_WARNINGS, then a summary every COMPUTE_FAULT_SUMMARY-th. */
static void fault_report(struct compute_dispatcher *d, uint64_t pc, const uint64_t hash[2]) {
  uint64_t n = ++d->faulting_dispatches;
  if (n <= COMPUTE_FAULT_WARNINGS)
    LOG(shader, WARN, "compute shader 0x%llx (hash %016llx%016llx%s%s): %s%s",
        (unsigned long long)pc, (unsigned long long)hash[0], (unsigned long long)hash[1],
        d->origin ? ", " : "", d->origin ? d->origin : "", d->fault_text,
        n == COMPUTE_FAULT_WARNINGS ? " (further faulting dispatches are summarised)" : "");
  else if (n % COMPUTE_FAULT_SUMMARY == 0)
    LOG(shader, WARN,
        "%llu compute dispatches so far accessed memory outside every mapped guest range; the "
        "last: shader 0x%llx%s%s: %s",
        (unsigned long long)n, (unsigned long long)pc, d->origin ? " on " : "",
        d->origin ? d->origin : "", d->fault_text);
}

bool compute_dispatch_direct(struct compute_dispatcher *d, const struct compute_regs *regs,
                             const uint32_t groups[3], struct shader_dispatch_window *window,
                             char *err, size_t err_size) {
  struct compute_config cfg;
  if (!compute_config_decode(regs, &cfg, err, err_size)) return false;
  if (!groups[0] || !groups[1] || !groups[2]) return true; /* an empty grid runs nothing */
  uint64_t pc = cfg.pgm_addr & ((1ull << 48) - 1);
  if (pc < window->addr || pc - window->addr >= window->size || (pc - window->addr) % 4) {
    snprintf(err, err_size, "COMPUTE_PGM_LO/HI: the code at 0x%llx is not in guest memory",
             (unsigned long long)cfg.pgm_addr);
    return false;
  }
  uint64_t avail = (window->size - (pc - window->addr)) / 4;
  if (avail > IR_TRANSLATE_MAX_DWORDS) avail = IR_TRANSLATE_MAX_DWORDS;
  /* the window's bytes are not necessarily dword aligned in host memory: the code is copied,
   * a growing prefix until its extent ends inside it (not the whole rest of the window) */
  uint32_t *code = NULL;
  size_t n = 0;
  for (uint64_t chunk = avail < 4096 ? avail : 4096;;
       chunk = chunk * 4 > avail ? avail : chunk * 4) {
    free(code);
    code = malloc(chunk * 4);
    if (!code) {
      snprintf(err, err_size, "out of memory");
      return false;
    }
    memcpy(code, window->data + (pc - window->addr), chunk * 4);
    n = compute_code_extent(code, chunk, cfg.wave_size == 64);
    if (n + 5 <= chunk || chunk == avail) break; /* 5: the longest instruction, cut at the end */
  }
  if (!n) n = 1; /* a first word that does not decode: the translation names it */
  /* the GDS is mapped, and the module compiled for it, only for code that reaches it: one
   * range fewer to test on every access of the others */
  bool gds = d->gds && compute_code_uses_gds(code, n, cfg.wave_size == 64);
  struct shader_spec spec = {
      .wave_size = cfg.wave_size,
      .float_mode = cfg.float_mode,
      .lds_bytes = cfg.lds_bytes,
      .entry_vgprs = (uint8_t)cfg.tid_dims}; /* the thread ids: the other VGPRs start undefined */
  for (int i = 0; i < 3; i++)
    spec.tgid_sgpr[i] = cfg.tgid_sgpr[i] >= 0 ? (uint32_t)cfg.tgid_sgpr[i] + 1 : 0;
  struct spirv_emit_options fc = {0};
  shader_dispatch_float_controls(d->dev, &fc);
  spec.denorm_preserve_f32 = fc.denorm_preserve_f32;
  spec.rte_f32 = fc.rte_f32;
  spec.shader_clock = (uint8_t)shader_dispatch_clock(d->dev);
  spec.waves = (uint8_t)cfg.waves_per_group;
  spec.subgroup = shader_dispatch_subgroup(d->dev, cfg.wave_size);
  if (cfg.scratch_sgpr >= 0) { /* the module adds the group's part of the wave offset */
    spec.scratch_sgpr = (uint32_t)cfg.scratch_sgpr + 1;
    spec.scratch_group_bytes = cfg.waves_per_group * cfg.scratch_wave_bytes;
  }
  spec.scratch_lane_bytes = cfg.scratch_wave_bytes / cfg.wave_size;
  if (gds) {
    spec.gds_addr = COMPUTE_GDS_ADDR;
    spec.gds_bytes = d->gds->size;
  }
  const struct shader_cache_entry *e = shader_cache_get(d->cache, code, n, &spec);
  free(code);
  if (!e) {
    snprintf(err, err_size, "out of memory");
    return false;
  }
  if (e->state != SHADER_CACHE_READY) {
    snprintf(err, err_size, "the shader at 0x%llx does not compile: %s", (unsigned long long)pc,
             e->error);
    return false;
  }
  /* the kept table, or one for this dispatch (with the GDS, the window and the GDS are two
   * ranges); its fault record says which accesses fell outside them */
  struct shader_memory *mem = d->mem, *own = NULL;
  d->fault = (struct shader_fault){0};
  d->fault_text[0] = 0;
  /* the fault checks, sampled (the entry's counts: a race between threads only shifts a
   * sample) */
  struct shader_cache_entry *ce = (struct shader_cache_entry *)e;
  uint64_t nth = __atomic_fetch_add(&ce->dispatches, 1, __ATOMIC_RELAXED);
  d->fault_checked =
      d->fault_checks == COMPUTE_FAULT_CHECKS_ALWAYS ||
      (d->fault_checks == COMPUTE_FAULT_CHECKS_SAMPLED &&
       compute_fault_check_due(nth, __atomic_load_n(&ce->faulted, __ATOMIC_RELAXED)));
  if (!mem && !(mem = own = shader_memory_create(d->dev))) {
    snprintf(err, err_size, "allocating the guest range table failed");
    return false;
  }
  struct spirv_wave_state *states = calloc(cfg.waves_per_group, sizeof *states);
  if (!states) {
    shader_memory_destroy(own);
    snprintf(err, err_size, "out of memory");
    return false;
  }
  /* Vulkan guarantees 65,535 workgroups per dimension, and a bounded scratch ring holds
   * only so many groups at once: the grid runs as parts (compute_grid_part), one dispatch
   * after the other, each wave's workgroup-id SGPRs holding the first group of its part
   * (the module adds WorkgroupId to them) and each group of a part taking the ring slot
   * of its index in the part (the module adds it to the scratch wave offset) */
  bool ok = true;
  uint32_t base[3], part[3], most[3];
  compute_grid_part(groups, cfg.scratch_sgpr >= 0 ? compute_scratch_ring_groups(&cfg) : 0, most);
  for (base[2] = 0; ok && base[2] < groups[2]; base[2] += part[2])
    for (base[1] = 0; ok && base[1] < groups[1]; base[1] += part[1])
      for (base[0] = 0; ok && base[0] < groups[0]; base[0] += part[0]) {
        for (int i = 0; i < 3; i++)
          part[i] = groups[i] - base[i] < most[i] ? groups[i] - base[i] : most[i];
        for (uint32_t w = 0; w < cfg.waves_per_group; w++) {
          struct compute_wave wave;
          compute_wave_start(&cfg, base, groups, w, &wave);
          compute_wave_to_spirv(&wave, &states[w]);
          /* the code's guest address: the base of s_getpc and of return addresses */
          states[w].code_base[0] = (uint32_t)pc;
          states[w].code_base[1] = (uint32_t)(pc >> 32);
          /* the sampler's border colour table (TA_CS_BC_BASE_ADDR/_HI) */
          states[w].border_base[0] = (uint32_t)cfg.border_color_base;
          states[w].border_base[1] = (uint32_t)(cfg.border_color_base >> 32);
          if (cfg.scratch_sgpr >= 0) states[w].sgpr[cfg.scratch_sgpr] = w * cfg.scratch_wave_bytes;
        }
        /* the kept table imports the window once */
        uint64_t size = window->size & ~3ull;
        shader_memory_set_fault_check(mem, d->fault_checked);
        ok = size &&
             shader_memory_use_window(mem, window->addr, window->data, size, err, err_size) &&
             (!gds || shader_memory_use_pinned(mem, COMPUTE_GDS_ADDR, d->gds->data, d->gds->size,
                                               err, err_size)) &&
             shader_dispatch_memory(d->dev, e->spirv, e->spirv_count, states, cfg.waves_per_group,
                                    part, mem, err, err_size);
        if (!size) snprintf(err, err_size, "the guest window is smaller than a dword");
        if (ok) shader_memory_download(mem, window->addr, size); /* copies only */
        if (ok && gds) shader_memory_download(mem, COMPUTE_GDS_ADDR, d->gds->size);
        struct shader_fault f;
        if (ok && shader_memory_fault(mem, &f)) {
          fault_add(&d->fault, &f);
          shader_memory_fault_text(mem, &d->fault, d->fault_text, sizeof d->fault_text);
        }
      }
  free(states);
  shader_memory_destroy(own);
  if (d->mem) shader_memory_set_fault_check(d->mem, true); /* the table's default */
  if (d->fault.count) {
    __atomic_store_n(&ce->faulted, true, __ATOMIC_RELAXED);
    fault_report(d, pc, e->hash);
  }
  return ok;
}

bool compute_dispatch_indirect(struct compute_dispatcher *d, const struct compute_regs *regs,
                               uint64_t args, struct shader_dispatch_window *window, char *err,
                               size_t err_size) {
  uint64_t a = args & ((1ull << 48) - 1);
  if (a < window->addr || a - window->addr > window->size ||
      window->size - (a - window->addr) < 12) {
    snprintf(err, err_size, "DISPATCH_INDIRECT: the group counts at 0x%llx are not in guest memory",
             (unsigned long long)args);
    return false;
  }
  uint32_t groups[3];
  memcpy(groups, window->data + (a - window->addr), sizeof groups);
  return compute_dispatch_direct(d, regs, groups, window, err, err_size);
}
