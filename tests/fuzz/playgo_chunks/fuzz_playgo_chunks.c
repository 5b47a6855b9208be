/* Fuzz target for the PlayGo chunk file reader (playgo_chunks.h): a parsed file holds at most
 * PLAYGO_CHUNKS_MAX chunks, each made of mchunks whose sizes fit 48 bits. */
#include <stdint.h>
#include <stdlib.h>

#include "hle/libScePlayGo/playgo_chunks.h"

static struct playgo_chunks set;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char why[160];
  if (!playgo_chunks_parse(data, size, &set, why, sizeof why)) return 0;
  if (set.count > PLAYGO_CHUNKS_MAX) abort();
  for (uint32_t i = 0; i < set.count; i++)
    if (set.chunk[i].size > (uint64_t)PLAYGO_MCHUNKS_MAX << 48) abort();
  return 0;
}
