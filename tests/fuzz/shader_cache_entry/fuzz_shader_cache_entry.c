#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/dispatch/shader_cache.h"

/* The header's layout (shader_cache.c, struct disk_header): magic, version, hash[2] at 8,
 * code_dwords at 24, struct shader_spec (56 bytes, 8-byte aligned: its gds_addr) at 32,
 * spirv_count at 88, uses_barrier at 92: 96. */
#define HEADER 96
#define SPEC_AT 32
_Static_assert(sizeof(struct shader_spec) == 56, "the header layout above");

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  uint64_t hash[2] = {0, 0};
  uint32_t code_dwords = 0;
  struct shader_spec spec;
  memset(&spec, 0, sizeof spec);
  if (size >= HEADER) { /* the key the bytes claim (a wrong key is the unit test's case) */
    memcpy(hash, data + 8, 16);
    memcpy(&code_dwords, data + 24, 4);
    memcpy(&spec, data + SPEC_AT, sizeof spec);
  }
  uint32_t *spirv;
  size_t count;
  bool barrier;
  if (shader_cache_parse_entry(data, size, hash, code_dwords, &spec, &spirv, &count, &barrier)) {
    if (!spirv || count < 5 || HEADER + count * 4 != size || spirv[0] != 0x07230203u) abort();
    free(spirv);
  } else if (spirv) {
    abort();
  }
  return 0;
}
