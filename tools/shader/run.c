/* prospero-shader run SPEC.json [--interp]: one compute dispatch replayed from a spec file
 * (src/gpu/shader/dispatch/run_spec.h) on the Vulkan device, or through the IR interpreter. */
#include "run.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/exit_codes.h"
#include "gpu/shader/dispatch/compute_dispatch.h"
#include "gpu/shader/dispatch/image_model.h"
#include "gpu/shader/dispatch/run_spec.h"
#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/translate/translate.h"

#define MAX_SPAN (256ull << 20)
#define ADDR48(a) ((a) & ((1ull << 48) - 1))

static uint8_t *read_file(const char *path, size_t *size, size_t limit) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  uint8_t *buf = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n == cap) {
      cap = cap ? cap * 2 : 65536;
      uint8_t *p = cap > limit + 65536 ? NULL : realloc(buf, cap);
      if (!p) {
        free(buf);
        fclose(f);
        return NULL;
      }
      buf = p;
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (!got) break;
  }
  fclose(f);
  *size = n;
  return buf;
}

struct window {
  uint64_t addr, size;
  uint8_t *data;
  struct compute_gds *gds; /* the blocks at COMPUTE_GDS_ADDR and up */
};

/* Whether block B is in the GDS (at COMPUTE_GDS_ADDR, the top 64 KiB of the 48-bit space,
 * where the dispatch maps it): false when it is not, or when it does not fit (ERR named). */
static bool gds_block(const struct run_spec_block *b, const char *what, uint32_t i, bool *bad) {
  uint64_t a = ADDR48(b->addr);
  if (a < COMPUTE_GDS_ADDR) return false;
  if (b->size > COMPUTE_GDS_BYTES - (a - COMPUTE_GDS_ADDR)) {
    fprintf(stderr, "prospero-shader: %s[%u]: 0x%llx bytes at 0x%llx pass the end of the GDS\n",
            what, i, (unsigned long long)b->size, (unsigned long long)a);
    *bad = true;
  }
  return true;
}

/* The host bytes of block B (in the window or the GDS). */
static uint8_t *block_at(const struct window *w, const struct run_spec_block *b) {
  uint64_t a = ADDR48(b->addr);
  return a >= COMPUTE_GDS_ADDR ? w->gds->data + (a - COMPUTE_GDS_ADDR) : w->data + (a - w->addr);
}

/* The one span of guest memory that holds the code and every block, and the GDS. */
static bool build_window(const struct run_spec *s, const uint8_t *code, size_t code_size,
                         struct window *w) {
  uint64_t lo = ADDR48(s->code_addr), hi = lo + code_size;
  bool bad = false;
  for (uint32_t i = 0; i < s->memory_count + s->dump_count; i++) {
    bool mem = i < s->memory_count;
    const struct run_spec_block *b = mem ? &s->memory[i] : &s->dump[i - s->memory_count];
    if (gds_block(b, mem ? "memory" : "dump", mem ? i : i - s->memory_count, &bad)) continue;
    uint64_t a = ADDR48(b->addr);
    if (a < lo) lo = a;
    if (a + b->size > hi) hi = a + b->size;
  }
  lo &= ~0xfffull;
  if (bad) return false;
  if (hi - lo > MAX_SPAN) {
    fprintf(stderr,
            "prospero-shader: memory: the code and blocks span 0x%llx bytes from 0x%llx (at most "
            "256 MiB)\n",
            (unsigned long long)(hi - lo), (unsigned long long)lo);
    return false;
  }
  w->addr = lo;
  w->size = (hi - lo + 0xfff) & ~0xfffull;
  w->data = calloc(1, w->size);
  w->gds = compute_gds_create();
  if (!w->data || !w->gds) return false;
  memcpy(w->data + (ADDR48(s->code_addr) - lo), code, code_size);
  for (uint32_t i = 0; i < s->memory_count; i++) {
    const struct run_spec_block *b = &s->memory[i];
    uint8_t *at = block_at(w, b);
    if (b->file) {
      FILE *f = fopen(b->file, "rb");
      size_t got = f ? fread(at, 1, b->size, f) : 0;
      if (f) fclose(f);
      if (got != b->size) {
        fprintf(stderr, "prospero-shader: memory[%u].file: cannot read %s\n", i, b->file);
        return false;
      }
    } else {
      for (uint64_t k = 0; k < b->size; k++) at[k] = (uint8_t)(b->fill >> (8 * (k & 3)));
    }
  }
  return true;
}

/* Runs every wave of every group through the IR interpreter, in order. */
static bool run_interp(const struct run_spec *s, const struct compute_regs *regs,
                       struct window *win, bool *faulted) {
  char err[256];
  struct compute_config cfg;
  if (!compute_config_decode(regs, &cfg, err, sizeof err)) {
    fprintf(stderr, "prospero-shader: %s\n", err);
    return false;
  }
  uint64_t off = ADDR48(s->code_addr) - win->addr, avail = (win->size - off) / 4;
  uint32_t *code = malloc(avail * 4);
  if (!code) return false;
  memcpy(code, win->data + off, avail * 4);
  size_t n = compute_code_extent(code, avail, cfg.wave_size == 64);
  struct ir_translate_options o = {.wave_size = cfg.wave_size,
                                   .float_mode = cfg.float_mode | IR_FLOAT_MODE_GIVEN,
                                   .run_passes = true};
  struct ir_translate_error terr;
  struct ir_function *fn = ir_translate(code, n ? n : 1, &o, &terr, NULL);
  free(code);
  if (!fn) {
    fprintf(stderr, "prospero-shader: code: at 0x%x: %s\n", terr.offset, terr.msg);
    return false;
  }
  /* the waves of a group run together (ir_interp_run_group): they share the LDS and meet
   * at s_barrier */
  uint32_t nw = cfg.waves_per_group;
  struct ir_interp_wave *w = calloc(nw, sizeof *w);
  struct ir_interp_wave *waves[IR_INTERP_MAX_WAVES];
  uint8_t *lds = calloc(1, cfg.lds_bytes ? cfg.lds_bytes : 1);
  /* scratch_* private memory: the wave's scratch bytes shared out among its lanes */
  uint32_t lane_bytes = cfg.scratch_wave_bytes / cfg.wave_size;
  uint8_t *priv = calloc((size_t)nw * cfg.wave_size, lane_bytes ? lane_bytes : 1);
  bool ok = w && lds && priv && nw <= IR_INTERP_MAX_WAVES;
  struct ir_interp_fault fault = {0};
  uint32_t fault_wave = 0;
  struct ir_interp_memory map = {.addr = win->addr, .data = win->data, .size = win->size};
  struct shader_image_model images = {.mem = win->data,
                                      .base = win->addr,
                                      .size = win->size,
                                      .border_color_base = cfg.border_color_base};
  for (uint32_t z = 0; ok && z < s->groups[2]; z++)
    for (uint32_t y = 0; ok && y < s->groups[1]; y++)
      for (uint32_t x = 0; ok && x < s->groups[0]; x++) {
        uint32_t group[3] = {x, y, z};
        memset(lds, 0, cfg.lds_bytes ? cfg.lds_bytes : 1);
        for (uint32_t wave = 0; wave < nw; wave++) {
          struct compute_wave start;
          compute_wave_start(&cfg, group, s->groups, wave, &start);
          struct ir_interp_wave *iw = waves[wave] = &w[wave];
          memset(iw, 0, sizeof *iw);
          memcpy(iw->sgpr, start.sgpr, sizeof iw->sgpr);
          for (int r = 0; r < 3; r++) memcpy(iw->vgpr[r], start.vgpr[r], sizeof start.vgpr[r]);
          iw->exec = start.exec;
          iw->mem = &map;
          iw->mem_count = 1;
          iw->tolerate_unmapped = true; /* as the device: read 0, store dropped, reported */
          iw->global = win->data;
          iw->global_base = win->addr;
          iw->global_size = (uint32_t)win->size;
          iw->lds = cfg.lds_bytes ? lds : NULL;
          iw->lds_size = cfg.lds_bytes;
          iw->wave_id = wave;
          iw->code_base = ADDR48(s->code_addr); /* s_getpc's base, as the device's */
          iw->scratch = lane_bytes ? priv + (size_t)wave * cfg.wave_size * lane_bytes : NULL;
          iw->scratch_size = lane_bytes;
          iw->image = shader_image_model;
          iw->image_ctx = &images;
          iw->gds = win->gds->data;
          iw->gds_size = win->gds->size;
        }
        if (!ir_interp_run_group(fn, waves, nw, 1u << 24, err, sizeof err)) {
          fprintf(stderr, "prospero-shader: interpreter, group (%u, %u, %u): %s\n", x, y, z, err);
          ok = false;
        }
        for (uint32_t wave = 0; wave < nw; wave++) { /* the dispatch's first, and the count */
          const struct ir_interp_fault *f = &w[wave].fault;
          if (!f->count) continue;
          if (!fault.count) fault = *f, fault_wave = wave;
          else fault.count += f->count;
        }
      }
  if (fault.count) {
    char pc[24] = "?";
    if (fault.pc != UINT32_MAX) snprintf(pc, sizeof pc, "0x%x", fault.pc);
    fprintf(stderr,
            "prospero-shader: unmapped access: %u access%s outside every mapped guest range (read "
            "as 0, stores dropped); first: %u-byte %s at 0x%llx, shader offset %s, lane %u of wave "
            "%u; the window is 0x%llx-0x%llx\n",
            fault.count, fault.count == 1 ? "" : "es", fault.bytes,
            spirv_fault_kind_name(fault.kind), (unsigned long long)fault.addr, pc, fault.lane,
            fault_wave, (unsigned long long)win->addr, (unsigned long long)(win->addr + win->size));
    *faulted = true;
  }
  free(priv);
  free(lds);
  free(w);
  ir_function_destroy(fn);
  return ok;
}

static bool run_device(const struct compute_regs *regs, const struct run_spec *s,
                       struct window *win, const struct shader_run_options *o, bool *faulted) {
  vk_device *dev = vk_device_create(NULL);
  if (!dev) {
    fprintf(stderr,
            "prospero-shader: no Vulkan device (see the vk log); --interp runs without one\n");
    return false;
  }
  struct shader_cache *cache = shader_cache_create(&(struct shader_cache_config){
      .workers = 0, .disk_dir = o->cache_dir, .dump_dir = o->dump_dir});
  struct compute_dispatcher d = {.dev = dev, .cache = cache, .gds = win->gds};
  struct shader_dispatch_window sw = {.addr = win->addr, .data = win->data, .size = win->size};
  char err[256];
  bool ok = cache && compute_dispatch_direct(&d, regs, s->groups, &sw, err, sizeof err);
  if (!ok) fprintf(stderr, "prospero-shader: %s\n", cache ? err : "out of memory");
  if (d.fault.count) { /* the log has it too; this line is the tool's own, always printed */
    fprintf(stderr, "prospero-shader: unmapped access: %s\n", d.fault_text);
    *faulted = true;
  }
  shader_cache_destroy(cache);
  vk_device_destroy(dev);
  return ok;
}

int shader_run_main(const char *spec_path, const struct shader_run_options *o) {
  size_t len;
  char *text = (char *)read_file(spec_path, &len, 16u << 20);
  if (!text) {
    fprintf(stderr, "prospero-shader: cannot read %s\n", spec_path);
    return PROSPERO_EXIT_USAGE;
  }
  char *dup = strdup(spec_path);
  struct run_spec s;
  memset(&s, 0, sizeof s);
  char err[256];
  bool ok = dup && run_spec_parse(text, len, dirname(dup), &s, err, sizeof err);
  free(text);
  free(dup);
  if (!ok) {
    fprintf(stderr, "prospero-shader: %s: %s\n", spec_path, err);
    run_spec_free(&s);
    return PROSPERO_EXIT_USAGE;
  }
  for (uint32_t i = 0; i < s.memory_count; i++) {
    if (!s.memory[i].file) continue;
    FILE *f = fopen(s.memory[i].file, "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0 || ftell(f) <= 0) {
      fprintf(stderr, "prospero-shader: memory[%u].file: cannot read %s (or it is empty)\n", i,
              s.memory[i].file);
      if (f) fclose(f);
      run_spec_free(&s);
      return PROSPERO_EXIT_USAGE;
    }
    s.memory[i].size = (uint64_t)ftell(f);
    fclose(f);
  }
  size_t code_size;
  uint8_t *code = read_file(s.code, &code_size, MAX_SPAN);
  if (!code || code_size < 4) {
    fprintf(stderr, "prospero-shader: code: cannot read %s (or it holds no instruction word)\n",
            s.code);
    free(code);
    run_spec_free(&s);
    return PROSPERO_EXIT_USAGE;
  }
  struct window win = {0};
  struct compute_regs regs;
  run_spec_regs(&s, &regs);
  ok = build_window(&s, code, code_size & ~(size_t)3, &win);
  free(code);
  bool faulted = false;
  if (ok)
    ok = o->interp ? run_interp(&s, &regs, &win, &faulted)
                   : run_device(&regs, &s, &win, o, &faulted);
  for (uint32_t i = 0; ok && i < s.dump_count; i++) {
    const struct run_spec_block *b = &s.dump[i];
    FILE *f = fopen(b->file, "wb");
    bool wrote = f && fwrite(block_at(&win, b), 1, b->size, f) == b->size;
    if (f && fclose(f) != 0) wrote = false;
    if (!wrote) {
      fprintf(stderr, "prospero-shader: dump[%u].file: cannot write %s\n", i, b->file);
      ok = false;
    }
  }
  free(win.data);
  compute_gds_destroy(win.gds);
  run_spec_free(&s);
  return !ok ? 1 : faulted && o->fail_on_fault ? SHADER_RUN_EXIT_FAULT : 0;
}
