/* The app's side of the GPU command processor (src/gpu/cp): the ops it needs from the CPU
 * modules (guest memory, later event posting and compute dispatch) and the one command
 * processor of the process. */
#ifndef PROSPERO_APP_GPU_BRIDGE_H
#define PROSPERO_APP_GPU_BRIDGE_H

#include <stdbool.h>
#include <stdint.h>

struct cp;

/* The command processor and its ops. PM4_DUMP_DIR: --dump-pm4 (NULL: none; it receives a
 * listing of every submission, the folder made if missing); SHADER_CACHE_DIR and
 * SHADER_DUMP_DIR: the compute shader cache's disk folder and --dump-shaders (NULL: none; the
 * strings must outlive the GPU). False with a message on stderr. */
bool app_gpu_init(const char *pm4_dump_dir, const char *shader_cache_dir,
                  const char *shader_dump_dir);
/* --shader-fault-checks: which compute dispatches check for accesses outside every mapped
 * guest range, MODE "sampled" (the default), "always" or "off"; called before app_gpu_init.
 * False for another MODE. */
bool app_gpu_set_shader_fault_checks(const char *mode);
/* The command processor (NULL before app_gpu_init). */
struct cp *app_gpu_cp(void);

/* The guest memory op: a host pointer to [ADDR, ADDR+SIZE) when every byte of it is in
 * committed guest ranges with read (and, when WRITE, write) access; NULL otherwise. */
void *app_gpu_mem_map(void *ctx, uint64_t addr, uint64_t size, bool write);

#endif
