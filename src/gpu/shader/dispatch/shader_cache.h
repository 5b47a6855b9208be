/* Compiled compute shaders, keyed by the code's hash (XXH3-128 of its words) and the
 * specialisation the module depends on (struct shader_spec: wave size, float mode, LDS size,
 * the workgroup-id SGPRs, the device's float controls, scratch, the GDS mapping). Each key is
 * compiled once (words -> IR -> SPIR-V) by a pool of worker threads; a caller asking for a key that
 * is being compiled waits for that compilation, never starts another, and every later caller gets
 * the module at once. Modules are kept in memory and, when a directory is given, on disk (one file
 * per key, read back before compiling), so a title's shaders survive a run. With a dump directory,
 * each compiled shader's words, disassembly, IR and SPIR-V are written there (prospero
 * --dump-shaders DIR).
 */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_SHADER_CACHE_H
#define PROSPERO_GPU_SHADER_DISPATCH_SHADER_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Everything besides the code that changes the module (all fields take part in the key). */
struct shader_spec {
  uint32_t wave_size;    /* 32 or 64 */
  uint32_t float_mode;   /* MODE bits 7:0 at wave start (PGM_RSRC1.FLOAT_MODE) */
  uint32_t lds_bytes;    /* the workgroup's LDS */
  uint32_t tgid_sgpr[3]; /* as spirv_emit_options.tgid_sgpr: SGPR + 1, 0 = not enabled */
  uint8_t denorm_preserve_f32, rte_f32; /* the device's float controls */
  uint8_t waves;                        /* waves per workgroup (0: 1) */
  uint8_t subgroup;     /* 1: the device's subgroup is one wave (spirv_emit_options.subgroup) */
  uint8_t entry_vgprs;  /* as spirv_emit_options.entry_vgprs (the thread-id VGPRs); 0: all */
  uint8_t shader_clock; /* as spirv_emit_options.shader_clock: the device's shader clock */
  uint8_t pad[2];
  /* scratch, as spirv_emit_options: the wave offset SGPR + 1, the bytes per group, the
   * private bytes per lane */
  uint32_t scratch_sgpr, scratch_group_bytes, scratch_lane_bytes;
  /* the global data share, as spirv_emit_options: its size and the guest address the
   * dispatch maps it at (0, 0: not mapped, GDS accesses refused) */
  uint32_t gds_bytes;
  uint64_t gds_addr;
};

struct shader_cache_config {
  const char *disk_dir; /* NULL: memory only; created when missing */
  const char *dump_dir; /* NULL: no dumps; created when missing */
  uint32_t workers;     /* compile threads; 0: compile in the calling thread */
};

enum shader_cache_state { SHADER_CACHE_PENDING, SHADER_CACHE_READY, SHADER_CACHE_FAILED };

/* One key's result; owned by the cache, valid until shader_cache_destroy. */
struct shader_cache_entry {
  uint64_t hash[2]; /* XXH3-128 of the code words */
  uint32_t code_dwords;
  struct shader_spec spec;
  enum shader_cache_state state;
  uint32_t *spirv; /* READY: the module */
  size_t spirv_count;
  bool uses_barrier; /* READY: the shader has s_barrier (waves of a group synchronise) */
  char error[200];   /* FAILED: why (translation or emission) */
  /* compute_dispatch's counts: dispatches run, and whether one touched memory outside every
   * range (which then keeps the fault checks on for it) */
  uint64_t dispatches;
  bool faulted;
  /* private */
  uint32_t *code; /* the words, until compiled */
  struct shader_cache_entry *next, *queue_next;
};

struct shader_cache_stats {
  uint64_t lookups, memory_hits, disk_hits, compiles, failures, waits;
};

struct shader_cache;

struct shader_cache *shader_cache_create(const struct shader_cache_config *cfg);
void shader_cache_destroy(struct shader_cache *c);

/* The module of WORDS[COUNT] under SPEC: compiled (or read from disk) once per key; waits
 * while a worker compiles it. Never NULL except on allocation failure; check ->state. */
const struct shader_cache_entry *shader_cache_get(struct shader_cache *c, const uint32_t *words,
                                                  size_t count, const struct shader_spec *spec);
/* Queues the compilation of WORDS under SPEC without waiting (no-op when known). */
void shader_cache_prefetch(struct shader_cache *c, const uint32_t *words, size_t count,
                           const struct shader_spec *spec);
void shader_cache_get_stats(struct shader_cache *c, struct shader_cache_stats *out);

/* Compiles WORDS under SPEC to SPIR-V without any cache (what a worker does). False with
 * ERR filled when translation or emission fails; *OUT is malloc'd; *USES_BARRIER
 * tells whether the IR has a barrier. DUMP_DIR: as above. */
bool shader_compile(const uint32_t *words, size_t count, const struct shader_spec *spec,
                    const char *dump_dir, uint32_t **out, size_t *out_count, bool *uses_barrier,
                    char *err, size_t err_size);

/* Reads an on-disk entry (DATA, SIZE: a whole file) for the key (HASH, CODE_DWORDS, SPEC):
 * false when it is not an entry of this format and key; else *SPIRV (malloc'd) and the rest
 * filled. Exposed for its fuzz target: the files are read back from disk. */
bool shader_cache_parse_entry(const uint8_t *data, size_t size, const uint64_t hash[2],
                              uint32_t code_dwords, const struct shader_spec *spec,
                              uint32_t **spirv, size_t *spirv_count, bool *uses_barrier);

#endif
