/* The global data share of one GPU (compute_gds.h). */
#include "gpu/shader/dispatch/compute_gds.h"

#include <stdlib.h>
#include <string.h>

#include "gpu/shader/isa/isa.h"

struct compute_gds *compute_gds_create(void) {
  struct compute_gds *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  g->data = aligned_alloc(4096, COMPUTE_GDS_BYTES);
  if (!g->data) {
    free(g);
    return NULL;
  }
  memset(g->data, 0, COMPUTE_GDS_BYTES);
  g->size = COMPUTE_GDS_BYTES;
  return g;
}

void compute_gds_destroy(struct compute_gds *g) {
  if (!g) return;
  free(g->data);
  free(g);
}

void *compute_gds_at(struct compute_gds *g, uint32_t offset, uint32_t size) {
  if (!g || offset > g->size || size > g->size - offset) return NULL;
  return g->data + offset;
}

bool compute_code_uses_gds(const uint32_t *words, size_t count, bool wave64) {
  size_t at = 0;
  while (at < count) {
    struct isa_inst in;
    if (!isa_decode_wave(words, count, at, wave64, &in, NULL)) return false;
    if (in.family == ISA_FAMILY_DS && in.gds) return true;
    at += in.size;
  }
  return false;
}
