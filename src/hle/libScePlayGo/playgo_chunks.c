/* The reader of sce_sys/playgo-chunk.dat (layout in playgo_chunks.h). */
#include "hle/libScePlayGo/playgo_chunks.h"

#include <string.h>

#include "common/errmsg.h"

#define HEADER_SIZE 0x100
#define CHUNK_ATTR_SIZE 0x20
#define MCHUNK_ATTR_SIZE 0x10
#define OFF_CHUNK_COUNT 0x0A
#define OFF_MCHUNK_COUNT 0x0C
#define OFF_CHUNK_ATTRS 0xC0
#define OFF_CHUNK_MCHUNKS 0xC8
#define OFF_MCHUNK_ATTRS 0xD8
#define SIZE_MASK ((1ull << 48) - 1)

static uint16_t u16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t u32(const uint8_t *p) { return (uint32_t)u16(p) | (uint32_t)u16(p + 2) << 16; }
static uint64_t u64(const uint8_t *p) { return (uint64_t)u32(p) | (uint64_t)u32(p + 4) << 32; }

struct table {
  const uint8_t *at;
  uint32_t length;
};

/* The table whose (offset, length) pair is at OFF of the header, if it lies in the file. */
static bool table(const uint8_t *d, size_t size, size_t off, struct table *t) {
  uint32_t o = u32(d + off), l = u32(d + off + 4);
  if ((uint64_t)o + l > size) return false;
  t->at = d + o;
  t->length = l;
  return true;
}

bool playgo_chunks_parse(const uint8_t *d, size_t size, struct playgo_chunks *out, char *err,
                         size_t cap) {
  out->count = 0;
  if (size < HEADER_SIZE || memcmp(d, "plgo", 4) != 0)
    return errmsg_fail(err, cap, "playgo-chunk.dat: not a PlayGo chunk file (bad magic or size)");
  uint32_t chunks = u16(d + OFF_CHUNK_COUNT), mchunks = u16(d + OFF_MCHUNK_COUNT);
  if (chunks > PLAYGO_CHUNKS_MAX || mchunks > PLAYGO_MCHUNKS_MAX)
    return errmsg_fail(err, cap, "playgo-chunk.dat: %u chunks, %u mchunks: more than allowed",
                       chunks, mchunks);
  struct table attrs, lists, mattrs;
  if (!table(d, size, OFF_CHUNK_ATTRS, &attrs) || !table(d, size, OFF_CHUNK_MCHUNKS, &lists) ||
      !table(d, size, OFF_MCHUNK_ATTRS, &mattrs))
    return errmsg_fail(err, cap, "playgo-chunk.dat: a table lies outside the file");
  if ((uint64_t)chunks * CHUNK_ATTR_SIZE > attrs.length ||
      (uint64_t)mchunks * MCHUNK_ATTR_SIZE > mattrs.length)
    return errmsg_fail(err, cap, "playgo-chunk.dat: the attribute tables are too short");
  for (uint32_t i = 0; i < chunks; i++) {
    const uint8_t *a = attrs.at + (size_t)i * CHUNK_ATTR_SIZE;
    uint32_t n = u16(a + 0x0E), list = u32(a + 0x18);
    if ((uint64_t)list + (uint64_t)n * 2 > lists.length)
      return errmsg_fail(err, cap, "playgo-chunk.dat: chunk %u's mchunk list is outside its table",
                         i);
    struct playgo_chunk *c = &out->chunk[i];
    c->req_locus = a[2];
    c->language_mask = u64(a + 0x10);
    c->size = 0;
    for (uint32_t j = 0; j < n; j++) {
      uint32_t id = u16(lists.at + list + (size_t)j * 2);
      if (id >= mchunks)
        return errmsg_fail(err, cap, "playgo-chunk.dat: chunk %u names mchunk %u of %u", i, id,
                           mchunks);
      c->size += u64(mattrs.at + (size_t)id * MCHUNK_ATTR_SIZE + 8) & SIZE_MASK;
    }
  }
  out->count = chunks;
  return true;
}
