/* The same start for one wave in the IR interpreter (W) and on the device (S), for the
 * tests that run a kernel on both: every one of LANES lanes on (EXEC), v0 = the lane, the
 * SGPRs the caller put in W copied to S; the interpreter's guest window DATA of SIZE bytes
 * at guest address ADDR (described by *MAP, which must outlive the run) and PRIV_BYTES of
 * private memory per lane at PRIV. */
#ifndef PROSPERO_TESTS_SHADER_SPIRV_WAVE_START_H
#define PROSPERO_TESTS_SHADER_SPIRV_WAVE_START_H

#include <stdint.h>
#include <string.h>

#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/spirv/spirv_emit.h"

static inline void wave_start(struct ir_interp_wave *w, struct spirv_wave_state *s, uint32_t lanes,
                              struct ir_interp_memory *map, uint8_t *data, uint64_t addr,
                              uint32_t size, uint8_t *priv, uint32_t priv_bytes) {
  w->exec = lanes == 64 ? ~0ull : 0xffffffffull;
  for (uint32_t l = 0; l < lanes; l++) w->vgpr[0][l] = s->vgpr[0][l] = l;
  memcpy(s->sgpr, w->sgpr, sizeof s->sgpr);
  s->exec[0] = (uint32_t)w->exec;
  s->exec[1] = (uint32_t)(w->exec >> 32);
  *map = (struct ir_interp_memory){.addr = addr, .data = data, .size = size};
  w->mem = map;
  w->mem_count = 1;
  w->global = data;
  w->global_base = addr;
  w->global_size = size;
  w->scratch = priv;
  w->scratch_size = priv_bytes;
}

#endif
