#include "gpu/shader/dispatch/shader_cache.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "common/log.h"
#include "gpu/shader/ir/ir.h"
#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/isa/isa.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "gpu/shader/translate/translate.h"

#define BUCKETS 4096u
#define MAX_WORKERS 16u
/* the on-disk entry: magic, format version, then the key, the word count and the words; the
 * version also changes when the emitter's modules do (4: the specialization constants and
 * OpStrings the dispatch reads, spirv_dispatch_spec), so older modules are compiled again */
#define DISK_MAGIC 0x43535250u /* "PRSC" */
/* 8: modules report accesses outside every guest range (fault record); 9: images compute the
 * level layout before the element (sampling); 10: v_ldexp_f64's denormal and overflow results
 * (also in v_div_fmas_f64); 11: the format table has the SRGB image rows (131 entries) and
 * image modules carry the SRGB table; 12: the GPU equation table has the MSAA equations (its
 * index layout and the address helper's parameters changed); 13: calls and returns through
 * registers are translated (compare chains, the jump fault); 14: image modules carry the texel
 * helper of the packed, subsampled and BC formats and the image-format fault; 15: s_getpc and
 * return addresses add the code base the wave state carries (SPIRV_STATE_CODE_BASE); 16: sampling
 * applies FILTER_MODE min/max, the half-border modes and the T#'s MIN_LOD; 17: the wave state
 * carries the border colour table's base (SPIRV_STATE_BORDER_BASE: a larger state, which
 * multi-wave modules index) and sampling reads its entry under BORDER_COLOR_TYPE 3; 18: the
 * format table has the depth-stencil rows 140..144, the texel helper X24_8_32 and 96-bit linear
 * images; 19: a cube's implicit LOD takes the derivatives of the lane's face coordinates
 * (Vulkan's cube transformation); 20: the texel helper decodes BC6H and BC7 (their own helper
 * functions) */
#define DISK_VERSION 20u

struct shader_cache {
  pthread_mutex_t lock;
  pthread_cond_t done, work;
  struct shader_cache_entry *bucket[BUCKETS];
  struct shader_cache_entry *queue_head, *queue_tail;
  pthread_t threads[MAX_WORKERS];
  uint32_t workers;
  bool stop;
  char *disk_dir, *dump_dir;
  struct shader_cache_stats stats;
};

static bool make_dirs(const char *path) {
  char buf[PATH_MAX];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) return false;
    *p = '/';
  }
  return mkdir(buf, 0755) == 0 || errno == EEXIST;
}

static void key_name(const uint64_t hash[2], const struct shader_spec *spec, char *out,
                     size_t size) {
  snprintf(out, size, "%016llx%016llx-%016llx", (unsigned long long)hash[0],
           (unsigned long long)hash[1], (unsigned long long)XXH3_64bits(spec, sizeof *spec));
}

/* ---- compiling ------------------------------------------------------------------------- */

static void dump_file(const char *dir, const char *name, const char *ext, const void *data,
                      size_t size) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size) LOG(shader, WARN, "cannot write %s", path);
  if (f) fclose(f);
}

static void dump_text(const char *dir, const char *name, const uint32_t *words, size_t count,
                      const struct shader_spec *spec, const struct ir_function *fn) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/%s.s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f) {
    LOG(shader, WARN, "cannot write %s", path);
    return;
  }
  /* linear disassembly: what follows s_endpgm may be data, printed until a word fails */
  struct isa_print_opts opts = {.show_encoding = true};
  for (size_t at = 0; at < count;) {
    struct isa_inst in;
    char text[256];
    if (!isa_decode_wave(words, count, at, spec->wave_size == 64, &in, NULL)) {
      fprintf(f, "/*%06zx*/ .long 0x%08x\n", at * 4, words[at]);
      at++;
      continue;
    }
    isa_print(&in, &opts, text, sizeof text);
    fprintf(f, "/*%06zx*/ %s\n", at * 4, text);
    at += in.size;
  }
  fclose(f);
  if (!fn) return;
  snprintf(path, sizeof path, "%s/%s.ir", dir, name);
  f = fopen(path, "w");
  if (!f) return;
  ir_print_function(f, fn);
  fclose(f);
}

bool shader_compile(const uint32_t *words, size_t count, const struct shader_spec *spec,
                    const char *dump_dir, uint32_t **out, size_t *out_count, bool *uses_barrier,
                    char *err, size_t err_size) {
  *out = NULL;
  *uses_barrier = false;
  *out_count = 0;
  struct ir_translate_options o = {.wave_size = spec->wave_size,
                                   .float_mode = spec->float_mode | IR_FLOAT_MODE_GIVEN,
                                   .run_passes = true};
  struct ir_translate_error terr;
  struct ir_translate_stats st;
  struct ir_function *fn = ir_translate(words, count, &o, &terr, &st);
  char name[80];
  uint64_t hash[2];
  XXH128_hash_t h = XXH3_128bits(words, count * 4);
  hash[0] = h.high64;
  hash[1] = h.low64;
  key_name(hash, spec, name, sizeof name);
  if (dump_dir) {
    dump_file(dump_dir, name, "bin", words, count * 4);
    dump_text(dump_dir, name, words, count, spec, fn);
  }
  if (!fn) {
    snprintf(err, err_size, "translation: %s at 0x%x", terr.msg, terr.offset);
    return false;
  }
  struct spirv_emit_options eo = {.lds_bytes = spec->lds_bytes,
                                  .denorm_preserve_f32 = spec->denorm_preserve_f32,
                                  .rte_f32 = spec->rte_f32,
                                  .shader_clock = spec->shader_clock,
                                  .entry_vgprs = spec->entry_vgprs,
                                  .waves = spec->waves,
                                  .subgroup = spec->subgroup != 0,
                                  .scratch_sgpr = spec->scratch_sgpr,
                                  .scratch_group_bytes = spec->scratch_group_bytes,
                                  .scratch_lane_bytes = spec->scratch_lane_bytes,
                                  .gds_addr = spec->gds_addr,
                                  .gds_bytes = spec->gds_bytes,
                                  .source_name = name};
  memcpy(eo.tgid_sgpr, spec->tgid_sgpr, sizeof eo.tgid_sgpr);
  for (uint32_t i = 0; i < fn->inst_count; i++)
    if (!fn->insts[i].dead && fn->insts[i].op == IR_OP_barrier) *uses_barrier = true;
  struct spirv_module m;
  bool ok = spirv_emit_compute(fn, &eo, &m);
  ir_function_destroy(fn);
  if (!ok) {
    snprintf(err, err_size, "%s", m.error);
    return false;
  }
  if (dump_dir) dump_file(dump_dir, name, "spv", m.words, m.count * 4);
  *out = m.words;
  *out_count = m.count;
  return true;
}

/* ---- disk -------------------------------------------------------------------------------- */

static void disk_path(const struct shader_cache *c, const struct shader_cache_entry *e, char *out,
                      size_t size) {
  char name[80];
  key_name(e->hash, &e->spec, name, sizeof name);
  snprintf(out, size, "%s/%s.spvc", c->disk_dir, name);
}

struct disk_header {
  uint32_t magic, version;
  uint64_t hash[2];
  uint32_t code_dwords;
  struct shader_spec spec;
  uint32_t spirv_count;
  uint32_t uses_barrier;
};

bool shader_cache_parse_entry(const uint8_t *data, size_t size, const uint64_t hash[2],
                              uint32_t code_dwords, const struct shader_spec *spec,
                              uint32_t **spirv, size_t *spirv_count, bool *uses_barrier) {
  struct disk_header h;
  *spirv = NULL;
  *spirv_count = 0;
  if (size < sizeof h) return false;
  memcpy(&h, data, sizeof h);
  if (h.magic != DISK_MAGIC || h.version != DISK_VERSION || h.hash[0] != hash[0] ||
      h.hash[1] != hash[1] || h.code_dwords != code_dwords ||
      memcmp(&h.spec, spec, sizeof h.spec) != 0 || h.spirv_count < 5 ||
      (size - sizeof h) / 4 != h.spirv_count || (size - sizeof h) % 4 || h.uses_barrier > 1)
    return false;
  uint32_t *w = malloc((size_t)h.spirv_count * 4);
  if (!w) return false;
  memcpy(w, data + sizeof h, (size_t)h.spirv_count * 4);
  if (w[0] != 0x07230203u) {
    free(w);
    return false;
  }
  *spirv = w;
  *spirv_count = h.spirv_count;
  *uses_barrier = h.uses_barrier != 0;
  return true;
}

static bool disk_read(const struct shader_cache *c, struct shader_cache_entry *e) {
  char path[PATH_MAX];
  disk_path(c, e, path, sizeof path);
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  uint8_t *data = NULL;
  long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
  bool ok = size > 0 && size < (64l << 20) && fseek(f, 0, SEEK_SET) == 0 &&
            (data = malloc((size_t)size)) && fread(data, 1, (size_t)size, f) == (size_t)size;
  fclose(f);
  ok = ok && shader_cache_parse_entry(data, (size_t)size, e->hash, e->code_dwords, &e->spec,
                                      &e->spirv, &e->spirv_count, &e->uses_barrier);
  free(data);
  if (!ok)
    LOG(shader, WARN, "shader cache: ignoring %s (not a cache entry of this version and key)",
        path);
  return ok;
}

static void disk_write(const struct shader_cache *c, const struct shader_cache_entry *e) {
  char path[PATH_MAX], tmp[PATH_MAX + 32];
  disk_path(c, e, path, sizeof path);
  snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
  struct disk_header h;
  memset(&h, 0, sizeof h); /* no uninitialised padding on disk */
  h.magic = DISK_MAGIC;
  h.version = DISK_VERSION;
  h.code_dwords = e->code_dwords;
  h.spec = e->spec;
  h.spirv_count = (uint32_t)e->spirv_count;
  h.uses_barrier = e->uses_barrier;
  h.hash[0] = e->hash[0];
  h.hash[1] = e->hash[1];
  FILE *f = fopen(tmp, "wb");
  bool ok = f && fwrite(&h, sizeof h, 1, f) == 1 &&
            fwrite(e->spirv, 4, e->spirv_count, f) == e->spirv_count;
  if (f && fclose(f) != 0) ok = false;
  if (!ok || rename(tmp, path) != 0) {
    LOG(shader, WARN, "shader cache: cannot write %s", path);
    unlink(tmp);
  }
}

/* ---- the table and the workers ------------------------------------------------------------ */

static void compile_entry(struct shader_cache *c, struct shader_cache_entry *e) {
  bool from_disk = c->disk_dir && disk_read(c, e);
  if (!from_disk) {
    uint32_t *w;
    size_t n;
    if (shader_compile(e->code, e->code_dwords, &e->spec, c->dump_dir, &w, &n, &e->uses_barrier,
                       e->error, sizeof e->error)) {
      e->spirv = w;
      e->spirv_count = n;
      if (c->disk_dir) disk_write(c, e);
      LOG(shader, INFO, "shader %016llx%016llx compiled (%zu SPIR-V words)",
          (unsigned long long)e->hash[0], (unsigned long long)e->hash[1], n);
    } else {
      LOG(shader, WARN, "shader %016llx%016llx not compiled: %s", (unsigned long long)e->hash[0],
          (unsigned long long)e->hash[1], e->error);
    }
  } else {
    LOG(shader, INFO, "shader %016llx%016llx read from the disk cache",
        (unsigned long long)e->hash[0], (unsigned long long)e->hash[1]);
  }
  pthread_mutex_lock(&c->lock);
  if (from_disk) c->stats.disk_hits++;
  else c->stats.compiles++;
  if (!e->spirv) c->stats.failures++;
  e->state = e->spirv ? SHADER_CACHE_READY : SHADER_CACHE_FAILED;
  free(e->code);
  e->code = NULL;
  pthread_cond_broadcast(&c->done);
  pthread_mutex_unlock(&c->lock);
}

static void *worker(void *arg) {
  struct shader_cache *c = arg;
  pthread_mutex_lock(&c->lock);
  for (;;) {
    while (!c->stop && !c->queue_head) pthread_cond_wait(&c->work, &c->lock);
    if (c->stop) break;
    struct shader_cache_entry *e = c->queue_head;
    c->queue_head = e->queue_next;
    if (!c->queue_head) c->queue_tail = NULL;
    pthread_mutex_unlock(&c->lock);
    compile_entry(c, e);
    pthread_mutex_lock(&c->lock);
  }
  pthread_mutex_unlock(&c->lock);
  return NULL;
}

struct shader_cache *shader_cache_create(const struct shader_cache_config *cfg) {
  struct shader_cache *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  pthread_mutex_init(&c->lock, NULL);
  pthread_cond_init(&c->done, NULL);
  pthread_cond_init(&c->work, NULL);
  if (cfg && cfg->disk_dir) {
    if (make_dirs(cfg->disk_dir)) c->disk_dir = strdup(cfg->disk_dir);
    else
      LOG(shader, WARN, "shader cache: cannot create %s: %s (memory only)", cfg->disk_dir,
          strerror(errno));
  }
  if (cfg && cfg->dump_dir) {
    if (make_dirs(cfg->dump_dir)) c->dump_dir = strdup(cfg->dump_dir);
    else
      LOG(shader, WARN, "cannot create the shader dump folder %s: %s", cfg->dump_dir,
          strerror(errno));
  }
  uint32_t n = cfg ? cfg->workers : 0;
  if (n > MAX_WORKERS) n = MAX_WORKERS;
  for (uint32_t i = 0; i < n; i++) {
    if (pthread_create(&c->threads[i], NULL, worker, c) != 0) break;
    c->workers++;
  }
  return c;
}

void shader_cache_destroy(struct shader_cache *c) {
  if (!c) return;
  pthread_mutex_lock(&c->lock);
  c->stop = true;
  pthread_cond_broadcast(&c->work);
  pthread_mutex_unlock(&c->lock);
  for (uint32_t i = 0; i < c->workers; i++) pthread_join(c->threads[i], NULL);
  for (uint32_t b = 0; b < BUCKETS; b++)
    for (struct shader_cache_entry *e = c->bucket[b], *n; e; e = n) {
      n = e->next;
      free(e->spirv);
      free(e->code);
      free(e);
    }
  pthread_cond_destroy(&c->done);
  pthread_cond_destroy(&c->work);
  pthread_mutex_destroy(&c->lock);
  free(c->disk_dir);
  free(c->dump_dir);
  free(c);
}

/* Finds or creates (and queues) the entry; called with the lock held. *CREATED tells the
 * caller it must compile the entry itself (no workers). */
static struct shader_cache_entry *lookup(struct shader_cache *c, const uint32_t *words,
                                         size_t count, const struct shader_spec *spec,
                                         bool *created) {
  *created = false;
  XXH128_hash_t h = XXH3_128bits(words, count * 4);
  uint32_t b = (uint32_t)(h.low64 ^ XXH3_64bits(spec, sizeof *spec)) % BUCKETS;
  c->stats.lookups++;
  for (struct shader_cache_entry *e = c->bucket[b]; e; e = e->next)
    if (e->hash[0] == h.high64 && e->hash[1] == h.low64 && e->code_dwords == count &&
        memcmp(&e->spec, spec, sizeof *spec) == 0)
      return e;
  struct shader_cache_entry *e = calloc(1, sizeof *e);
  uint32_t *code = e ? malloc(count * 4 + 4) : NULL;
  if (!code) {
    free(e);
    return NULL;
  }
  memcpy(code, words, count * 4);
  e->hash[0] = h.high64;
  e->hash[1] = h.low64;
  e->code_dwords = (uint32_t)count;
  e->spec = *spec;
  e->code = code;
  e->state = SHADER_CACHE_PENDING;
  e->next = c->bucket[b];
  c->bucket[b] = e;
  *created = true;
  if (c->workers) {
    if (c->queue_tail) c->queue_tail->queue_next = e;
    else c->queue_head = e;
    c->queue_tail = e;
    pthread_cond_signal(&c->work);
  }
  return e;
}

const struct shader_cache_entry *shader_cache_get(struct shader_cache *c, const uint32_t *words,
                                                  size_t count, const struct shader_spec *spec) {
  pthread_mutex_lock(&c->lock);
  bool created;
  struct shader_cache_entry *e = lookup(c, words, count, spec, &created);
  if (e && created && !c->workers) {
    pthread_mutex_unlock(&c->lock);
    compile_entry(c, e);
    return e;
  }
  if (e && !created && e->state != SHADER_CACHE_PENDING) c->stats.memory_hits++;
  if (e && e->state == SHADER_CACHE_PENDING) {
    c->stats.waits++;
    while (e->state == SHADER_CACHE_PENDING) pthread_cond_wait(&c->done, &c->lock);
  }
  pthread_mutex_unlock(&c->lock);
  return e;
}

void shader_cache_prefetch(struct shader_cache *c, const uint32_t *words, size_t count,
                           const struct shader_spec *spec) {
  pthread_mutex_lock(&c->lock);
  bool created;
  struct shader_cache_entry *e = lookup(c, words, count, spec, &created);
  pthread_mutex_unlock(&c->lock);
  if (e && created && !c->workers) compile_entry(c, e);
}

void shader_cache_get_stats(struct shader_cache *c, struct shader_cache_stats *out) {
  pthread_mutex_lock(&c->lock);
  *out = c->stats;
  pthread_mutex_unlock(&c->lock);
}
