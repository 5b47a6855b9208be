/* The title's PlayGo chunk definitions, sce_sys/playgo-chunk.dat (the package tools' binary
 * form, as public readers of the format describe it; little-endian):
 *   header, 0x100 bytes: at 0 the magic "plgo", at 0x0A the chunk count (u16, at most 1000),
 *   at 0x0C the count of mchunks (the pieces chunks are made of; u16, at most 8000), then
 *   from 0xC0 eight tables, each (u32 offset, u32 length) from the file's start: chunk
 *   attributes (0xC0), chunk mchunk lists (0xC8), chunk labels (0xD0), mchunk attributes
 *   (0xD8), then the scenario tables this reader does not use.
 *   chunk attribute, 0x20 bytes: at 2 the required locus (u8), at 0x0E its mchunk count
 *   (u16), at 0x10 its language mask (u64), at 0x18 where its mchunk list starts in the list
 *   table (u32: u16 mchunk ids), at 0x1C its label's offset in the label table.
 *   mchunk attribute, 0x10 bytes: u64 location, then u64 whose low 48 bits are its size.
 * Every offset, length and id is checked against the file; bad bytes are an error. */
#ifndef PROSPERO_HLE_LIBSCEPLAYGO_PLAYGO_CHUNKS_H
#define PROSPERO_HLE_LIBSCEPLAYGO_PLAYGO_CHUNKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PLAYGO_CHUNKS_MAX 1000
#define PLAYGO_MCHUNKS_MAX 8000

struct playgo_chunk {
  uint64_t size;          /* the sum of its mchunks' sizes */
  uint64_t language_mask; /* the languages it is for (bit 63 - language number) */
  uint8_t req_locus;
};

struct playgo_chunks {
  uint32_t count;
  struct playgo_chunk chunk[PLAYGO_CHUNKS_MAX];
};

/* Parses SIZE bytes of playgo-chunk.dat into OUT; false with ERR set on bad input. */
bool playgo_chunks_parse(const uint8_t *data, size_t size, struct playgo_chunks *out, char *err,
                         size_t cap);

#endif
