/* Element addressing and CPU tiled <-> linear conversion.
 *
 * Address of element (x, y) of a level in slice z, fragment s (tiled modes):
 *   slice base + level block offset + block index * block bytes + equation(x', y', z, s)
 * where x' = x + tail_x and y' = y + tail_y for levels in the mip tail, the block index is
 * (y / block_height) * (level pitch / block_width) + x / block_width, and the equation is the
 * mode's XOR pattern (tiling_patterns.inc). The equation is linear over GF(2), so it splits
 * into per-coordinate tables whose XOR gives the in-block offset; the converters use one
 * column table (block column + x part) per level and one XOR term per row.
 */
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "common/log.h"
#include "gpu/tiling/tiling_internal.h"

static uint32_t table_from_bits(const uint32_t *from, uint32_t nbits, uint32_t v) {
  uint32_t off = 0;
  for (uint32_t b = 0; b < nbits; b++)
    if ((v >> b) & 1) off ^= from[b];
  return off;
}

bool tiling_get_xor_tables(const struct tiling_layout *layout, struct tiling_xor_tables *out) {
  const struct tiling_pattern *p = layout->pattern;
  if (!p) return false;
  /* Build each table incrementally: t[v] = t[v without its top bit] ^ from[top bit]. */
  out->x[0] = out->y[0] = out->z[0] = out->s[0] = 0;
  for (uint32_t v = 1; v < 1024; v++) {
    uint32_t top = 31u - (uint32_t)__builtin_clz(v);
    out->x[v] = out->x[v ^ (1u << top)] ^ p->from_x[top];
    out->y[v] = out->y[v ^ (1u << top)] ^ p->from_y[top];
    if (v < 256) out->z[v] = out->z[v ^ (1u << top)] ^ p->from_z[top];
    if (v < 8) out->s[v] = out->s[v ^ (1u << top)] ^ p->from_s[top];
  }
  return true;
}

/* Where (level, slice, fragment) starts, and the per-coordinate constant terms. */
struct plane_addr {
  uint64_t base;       /* slice base + level block offset */
  uint32_t blocks_per_row;
  uint32_t zs_term;    /* equation term of the slice and fragment */
};

static void plane_addr(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                       uint32_t frag, struct plane_addr *pa) {
  const struct tiling_level *lv = &l->level[level];
  const struct tiling_pattern *p = l->pattern;
  if (l->surface.mode == TILING_SW_LINEAR) {
    pa->base = l->slice_size * slice + lv->offset;
    pa->blocks_per_row = 0;
    pa->zs_term = 0;
    return;
  }
  uint64_t slice_base;
  if (l->thick)
    slice_base = l->slice_size * l->block_depth * (slice / l->block_depth);
  else
    slice_base = l->slice_size * slice;
  uint32_t z = slice + lv->tail_z;
  if (l->block_bytes_log2 == 8) z = 0; /* 256-byte modes ignore the slice in the equation */
  pa->base = slice_base + lv->macro_block_offset;
  pa->blocks_per_row = lv->pitch / l->block_width;
  pa->zs_term = table_from_bits(p->from_z, 16, z) ^ table_from_bits(p->from_s, 4, frag) ^
                l->surface.pipe_bank_xor;
}

uint64_t tiling_element_offset(const struct tiling_layout *l, uint32_t level, uint32_t x,
                               uint32_t y, uint32_t slice, uint32_t frag) {
  const struct tiling_level *lv = &l->level[level];
  struct plane_addr pa;
  plane_addr(l, level, slice, frag, &pa);
  if (l->surface.mode == TILING_SW_LINEAR)
    return pa.base + ((uint64_t)y * lv->pitch + x) * l->surface.bpe;
  const struct tiling_pattern *p = l->pattern;
  uint64_t block = (uint64_t)(y / l->block_height) * pa.blocks_per_row + x / l->block_width;
  uint32_t in_block = table_from_bits(p->from_x, 16, x + lv->tail_x) ^
                      table_from_bits(p->from_y, 16, y + lv->tail_y) ^ pa.zs_term;
  return pa.base + (block << l->block_bytes_log2) + in_block;
}

bool tiling_element_offset_checked(const struct tiling_layout *l, uint32_t level, uint32_t x,
                                   uint32_t y, uint32_t slice, uint32_t frag,
                                   uint64_t *out_offset) {
  if (level >= l->surface.levels) return false;
  const struct tiling_level *lv = &l->level[level];
  uint32_t slices = l->surface.dim == TILING_DIM_3D ? lv->depth : l->surface.depth;
  if (x >= lv->width || y >= lv->height || slice >= slices || frag >= l->surface.fragments)
    return false;
  *out_offset = tiling_element_offset(l, level, x, y, slice, frag);
  return true;
}

static uint32_t contiguous_x_log2(const struct tiling_layout *l);

bool tiling_get_plane(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                      uint32_t frag, struct tiling_plane *out) {
  uint64_t probe;
  if (!tiling_element_offset_checked(l, level, 0, 0, slice, frag, &probe)) return false;
  const struct tiling_level *lv = &l->level[level];
  struct plane_addr pa;
  plane_addr(l, level, slice, frag, &pa);
  out->base = pa.base;
  out->blocks_per_row = pa.blocks_per_row;
  out->zs_term = pa.zs_term;
  out->tail_x = lv->tail_x;
  out->tail_y = lv->tail_y;
  out->width = lv->width;
  out->height = lv->height;
  out->pitch = lv->pitch;
  out->bw_log2 = 31u - (uint32_t)__builtin_clz(l->block_width);
  out->bh_log2 = 31u - (uint32_t)__builtin_clz(l->block_height);
  out->block_log2 = l->block_bytes_log2;
  out->run_log2 = l->pattern ? (lv->tail_x ? 0 : contiguous_x_log2(l)) : 4;
  return true;
}

uint64_t tiling_linear_offset(const struct tiling_layout *l, uint32_t level, uint32_t slice) {
  const struct tiling_level *lv = &l->level[level];
  return lv->linear_offset +
         (uint64_t)slice * lv->width * lv->height * l->surface.bpe * l->surface.fragments;
}

/* True when no coordinate bit other than the first NX bits of x and the first NY bits of y
 * feeds the address bits in MASK (no z or sample bit at all). */
static bool mask_fed_only_by_low_xy(const struct tiling_pattern *p, uint32_t mask, uint32_t nx,
                                    uint32_t ny) {
  for (uint32_t b = 0; b < 16; b++)
    if (((b >= nx ? p->from_x[b] : 0) | (b >= ny ? p->from_y[b] : 0) | p->from_z[b]) & mask)
      return false;
  for (uint32_t b = 0; b < 4; b++)
    if (p->from_s[b] & mask) return false;
  return true;
}

/* Number of low x bits that map, in order, onto the address bits just above the element
 * bytes: 2^run elements of a row are then contiguous in the tiled block. */
static uint32_t contiguous_x_log2(const struct tiling_layout *l) {
  if (l->surface.mode == TILING_SW_LINEAR) return 0;
  const struct tiling_pattern *p = l->pattern;
  uint32_t e = p->elem_log2, run = 0;
  while (run < 4 && e + run < p->bits && p->from_x[run] == (1u << (e + run))) run++;
  /* Reject if any other coordinate bit also feeds those address bits. */
  return mask_fed_only_by_low_xy(p, ((1u << run) - 1) << e, run, 0) ? run : 0;
}

#if defined(__SSE2__)
/* Number of low y bits that map, in order, onto the address bits right above a run of
 * 2^run_log2 elements and feed nothing else: 2^g rows of such runs then form one contiguous
 * chunk of the tiled block, row after row. */
static uint32_t stacked_y_log2(const struct tiling_layout *l, uint32_t run_log2) {
  const struct tiling_pattern *p = l->pattern;
  const uint32_t first = p->elem_log2 + run_log2;
  uint32_t g = 0;
  while (g < 3 && first + g < p->bits && p->from_y[g] == (1u << (first + g))) g++;
  return mask_fed_only_by_low_xy(p, ((1u << g) - 1) << first, 0, g) ? g : 0;
}

/* True when the two address bits right above a chunk of 2^g stacked rows of runs are the
 * next x bit (the following run) and then the next y bit (the following row group): two
 * runs of two row groups then form one contiguous stretch of 4 chunks (S and D swizzles).
 * Only the write order depends on it, never the addresses. */
static bool groups_pair(const struct tiling_layout *l, uint32_t run_log2, uint32_t g) {
  const struct tiling_pattern *p = l->pattern;
  const uint32_t first = p->elem_log2 + run_log2 + g;
  return run_log2 < 16 && g < 16 && first + 2 <= p->bits &&
         p->from_x[run_log2] == (1u << first) && p->from_y[g] == (2u << first);
}

/* Bytes one pass over a row group writes in one sequential stretch: the chunk of 2^g rows
 * of a run (16 << g bytes), doubled for each following x bit that lands, in order, right
 * above it (the next runs of the same rows). */
static uint32_t group_stretch(const struct tiling_layout *l, uint32_t run_log2, uint32_t g) {
  const struct tiling_pattern *p = l->pattern;
  const uint32_t first = p->elem_log2 + run_log2 + g;
  uint32_t k = 0;
  while (run_log2 + k < 16 && first + k < p->bits &&
         p->from_x[run_log2 + k] == (1u << (first + k)))
    k++;
  return (16u << g) << k;
}

/* Tiles 16-byte runs of 2^g rows at once (y of the first row a multiple of 2^g): each
 * tiled chunk of 16 << g bytes is written whole, in order, with streaming stores. */
static void tile_rows16(uint8_t *tp, const uint8_t *lp, size_t row_pitch, const uint64_t *col,
                        uint32_t x0, uint32_t x1, uint32_t yterm, uint32_t bpe, uint32_t g) {
  const uint32_t run = 16 / bpe, rows = 1u << g;
  for (uint32_t x = x0; x + run <= x1; x += run) {
    uint8_t *dst = tp + (col[x] ^ yterm);
    const uint8_t *src = lp + (size_t)x * bpe;
    for (uint32_t r = 0; r < rows; r++)
      _mm_stream_si128((__m128i *)(dst + 16 * r),
                       _mm_loadu_si128((const __m128i *)(src + r * row_pitch)));
  }
}

/* Tiles two row groups (2^g rows from Y, then the next 2^g with row term YT1) two runs at a
 * time: the four chunks of a pair of runs are written in turn, one sequential stretch when
 * the address bits above a chunk are the next x bit and then the next y bit (S and D).
 * Returns the first element left (at most one run). */
static uint32_t tile_rows16_pair(uint8_t *tp, const uint8_t *lp, size_t row_pitch,
                                 const uint64_t *col, uint32_t x0, uint32_t x1, uint32_t yt0,
                                 uint32_t yt1, uint32_t bpe, uint32_t g) {
  const uint32_t run = 16 / bpe, rows = 1u << g;
  uint32_t x = x0;
  for (; x + 2 * run <= x1; x += 2 * run)
    for (uint32_t h = 0; h < 2; h++) {
      const uint8_t *group = lp + (size_t)h * rows * row_pitch;
      for (uint32_t q = 0; q < 2 * run; q += run) {
        uint8_t *dst = tp + (col[x + q] ^ (h ? yt1 : yt0));
        const uint8_t *src = group + (size_t)(x + q) * bpe;
        for (uint32_t r = 0; r < rows; r++)
          _mm_stream_si128((__m128i *)(dst + 16 * r),
                           _mm_loadu_si128((const __m128i *)(src + r * row_pitch)));
      }
    }
  return x;
}

/* True when the two lowest address bits above the element bytes are x0 then y0 and nothing
 * else feeds them (Z order with 4-byte elements): each 16 bytes of the tiled block then hold
 * a 2x2 quad, row y in the low half and row y + 1 in the high half. */
static bool quad_2x2(const struct tiling_layout *l) {
  const struct tiling_pattern *p = l->pattern;
  const uint32_t e = p->elem_log2;
  if (e + 2 > p->bits || p->from_x[0] != (1u << e) || p->from_y[0] != (2u << e)) return false;
  return mask_fed_only_by_low_xy(p, 3u << e, 1, 1);
}

/* True when, on top of quad_2x2(), x1 and y1 are the next two address bits: 4x4 elements
 * then fill 64 contiguous bytes (one cache line), quads ordered x then y. */
static bool quad_4x4(const struct tiling_layout *l) {
  const struct tiling_pattern *p = l->pattern;
  const uint32_t e = p->elem_log2;
  if (e + 4 > p->bits || p->from_x[1] != (4u << e) || p->from_y[1] != (8u << e)) return false;
  return mask_fed_only_by_low_xy(p, 12u << e, 2, 2);
}

/* Converts rows y and y + 1 (y even) of elements x0..x1-1 (x0 even) of a 2x2-quad block
 * with 4-byte elements: two quads side by side are four elements of each row, split and
 * joined with 64-bit unpacks. Returns the first element left for the caller. */
static uint32_t quad_rows(uint8_t *tp, uint8_t *lp0, uint8_t *lp1, const uint64_t *col,
                          uint32_t x0, uint32_t x1, uint32_t yterm, bool detile) {
  uint32_t x = x0;
  /* whole linear rows are written: streaming stores skip reading them first */
  const bool stream = detile && !((((uintptr_t)lp0 | (uintptr_t)lp1) + (size_t)x0 * 4) & 15);
  for (; x + 4 <= x1; x += 4) {
    uint8_t *qa = tp + (col[x] ^ yterm), *qb = tp + (col[x + 2] ^ yterm);
    if (detile) {
      const __m128i a = _mm_loadu_si128((const __m128i *)qa);
      const __m128i b = _mm_loadu_si128((const __m128i *)qb);
      __m128i *d0 = (__m128i *)(lp0 + (size_t)x * 4), *d1 = (__m128i *)(lp1 + (size_t)x * 4);
      if (stream) {
        _mm_stream_si128(d0, _mm_unpacklo_epi64(a, b));
        _mm_stream_si128(d1, _mm_unpackhi_epi64(a, b));
      } else {
        _mm_storeu_si128(d0, _mm_unpacklo_epi64(a, b));
        _mm_storeu_si128(d1, _mm_unpackhi_epi64(a, b));
      }
    } else {
      const __m128i r0 = _mm_loadu_si128((const __m128i *)(lp0 + (size_t)x * 4));
      const __m128i r1 = _mm_loadu_si128((const __m128i *)(lp1 + (size_t)x * 4));
      _mm_storeu_si128((__m128i *)qa, _mm_unpacklo_epi64(r0, r1));
      _mm_storeu_si128((__m128i *)qb, _mm_unpackhi_epi64(r0, r1));
    }
  }
  return x;
}

/* Detiles rows y..y+3 (y a multiple of 4) of elements x0..x1-1 (x0 a multiple of 4) of a
 * 4x4-line block with 4-byte elements: each line is read whole and gives 16 bytes of each
 * of the four rows (streaming stores when the rows are 16-aligned). Returns the first
 * element left for the caller. */
static uint32_t detile_lines4(const uint8_t *tp, uint8_t *lp, size_t row_pitch,
                              const uint64_t *col, uint32_t x0, uint32_t x1, uint32_t yterm) {
  uint32_t x = x0;
  const bool stream = !((((uintptr_t)lp | row_pitch) + (size_t)x0 * 4) & 15);
  for (; x + 4 <= x1; x += 4) {
    const __m128i *line = (const __m128i *)(tp + (col[x] ^ yterm));
    const __m128i q0 = _mm_loadu_si128(line), q1 = _mm_loadu_si128(line + 1);
    const __m128i q2 = _mm_loadu_si128(line + 2), q3 = _mm_loadu_si128(line + 3);
    __m128i *d = (__m128i *)(lp + (size_t)x * 4);
    const __m128i rows[4] = {_mm_unpacklo_epi64(q0, q1), _mm_unpackhi_epi64(q0, q1),
                             _mm_unpacklo_epi64(q2, q3), _mm_unpackhi_epi64(q2, q3)};
    for (uint32_t r = 0; r < 4; r++) {
      __m128i *dst = (__m128i *)((uint8_t *)d + r * row_pitch);
      if (stream)
        _mm_stream_si128(dst, rows[r]);
      else
        _mm_storeu_si128(dst, rows[r]);
    }
  }
  return x;
}

/* Writes one 64-byte 4x4 line of 4-byte elements at LINE_ADDR (16-aligned) from four
 * rows of 16 bytes at SRC, SRC + ROW_PITCH, ... with streaming stores. */
static inline void tile_line(uint8_t *line_addr, const uint8_t *src, size_t row_pitch) {
  const __m128i r0 = _mm_loadu_si128((const __m128i *)src);
  const __m128i r1 = _mm_loadu_si128((const __m128i *)(src + row_pitch));
  const __m128i r2 = _mm_loadu_si128((const __m128i *)(src + 2 * row_pitch));
  const __m128i r3 = _mm_loadu_si128((const __m128i *)(src + 3 * row_pitch));
  __m128i *line = (__m128i *)line_addr;
  _mm_stream_si128(line, _mm_unpacklo_epi64(r0, r1));
  _mm_stream_si128(line + 1, _mm_unpackhi_epi64(r0, r1));
  _mm_stream_si128(line + 2, _mm_unpacklo_epi64(r2, r3));
  _mm_stream_si128(line + 3, _mm_unpackhi_epi64(r2, r3));
}

/* Tiles rows y..y+3 (y a multiple of 4) of elements x0..x1-1 (x0 a multiple of 4) of a
 * 4x4-line block with 4-byte elements: each line is written whole with streaming stores.
 * Returns the first element left for the caller. */
static uint32_t tile_lines4(uint8_t *tp, const uint8_t *lp, size_t row_pitch,
                            const uint64_t *col, uint32_t x0, uint32_t x1, uint32_t yterm) {
  uint32_t x = x0;
  for (; x + 4 <= x1; x += 4) tile_line(tp + (col[x] ^ yterm), lp + (size_t)x * 4, row_pitch);
  return x;
}

/* Tiles rows y..y+7 (y a multiple of 4) of elements x0..x1-1 (x0 a multiple of 4) of a
 * 4x4-line block with 4-byte elements, 8x8 elements at a time: the four lines of an 8x8
 * square are written in turn (one 256-byte run when x2 and y2 follow the line bits).
 * YT0 and YT4 are the row terms of rows y and y + 4. Returns the first element left. */
static uint32_t tile_lines8(uint8_t *tp, const uint8_t *lp, size_t row_pitch,
                            const uint64_t *col, uint32_t x0, uint32_t x1, uint32_t yt0,
                            uint32_t yt4) {
  uint32_t x = x0;
  for (; x + 8 <= x1; x += 8)
    for (uint32_t h = 0; h < 2; h++) {
      const uint8_t *rows = lp + 4 * h * row_pitch;
      const uint32_t yt = h ? yt4 : yt0;
      for (uint32_t q = 0; q < 8; q += 4)
        tile_line(tp + (col[x + q] ^ yt), rows + (size_t)(x + q) * 4, row_pitch);
    }
  return x;
}
#endif

/* Copies N bytes; fixed sizes become single moves. */
static inline void copy_elem(uint8_t *dst, const uint8_t *src, uint32_t n) {
  switch (n) {
  case 1: *dst = *src; break;
  case 2: memcpy(dst, src, 2); break;
  case 4: memcpy(dst, src, 4); break;
  case 8: memcpy(dst, src, 8); break;
  case 16: memcpy(dst, src, 16); break;
  case 32: memcpy(dst, src, 32); break;
  case 64: memcpy(dst, src, 64); break;
  default: memcpy(dst, src, n); break;
  }
}

/* Copies elements x0..x1-1 of one row between the tiled block row TP and the linear row LP,
 * RUN elements at a time where they are contiguous in both. Each run size gets its own
 * loop so the copies compile to single moves. */
#define TILING_ROW_LOOP(N)                                                 \
  do {                                                                     \
    if (detile)                                                            \
      for (; x + run <= x1; x += run)                                      \
        memcpy(lp + (size_t)x * bpe, tp + (col[x] ^ yterm), N);            \
    else                                                                   \
      for (; x + run <= x1; x += run)                                      \
        memcpy(tp + (col[x] ^ yterm), lp + (size_t)x * bpe, N);            \
  } while (0)

static inline void copy_row(uint8_t *tp, uint8_t *lp, const uint64_t *col, uint32_t x0,
                            uint32_t x1, uint32_t yterm, uint32_t bpe, uint32_t run,
                            bool detile) {
  uint32_t x = x0;
#if defined(__SSE2__)
  /* 16-byte runs into an aligned linear row: streaming stores skip reading the destination
   * lines first (the row segment is written whole), which is most of memcpy's advantage. */
  if (detile && !(((uintptr_t)lp + (size_t)x0 * bpe) & 15)) {
    const uint32_t step = 16 / bpe; /* elements per 16-byte store */
    switch (bpe * run) {
    case 16:
      for (; x + run <= x1; x += run)
        _mm_stream_si128((__m128i *)(lp + (size_t)x * bpe),
                         _mm_loadu_si128((const __m128i *)(tp + (col[x] ^ yterm))));
      break;
    case 8: /* two 8-byte pieces per store */
      for (; x + step <= x1; x += step) {
        __m128i lo = _mm_loadl_epi64((const __m128i *)(tp + (col[x] ^ yterm)));
        __m128i hi = _mm_loadl_epi64((const __m128i *)(tp + (col[x + step / 2] ^ yterm)));
        _mm_stream_si128((__m128i *)(lp + (size_t)x * bpe), _mm_unpacklo_epi64(lo, hi));
      }
      break;
    case 4: /* four 4-byte pieces per store */
      for (; x + step <= x1; x += step) {
        const uint32_t q = step / 4;
        uint32_t a, b, c, d;
        memcpy(&a, tp + (col[x] ^ yterm), 4);
        memcpy(&b, tp + (col[x + q] ^ yterm), 4);
        memcpy(&c, tp + (col[x + 2 * q] ^ yterm), 4);
        memcpy(&d, tp + (col[x + 3 * q] ^ yterm), 4);
        _mm_stream_si128((__m128i *)(lp + (size_t)x * bpe),
                         _mm_set_epi32((int)d, (int)c, (int)b, (int)a));
      }
      break;
    default:
      break;
    }
  }
#endif
  switch (bpe * run) {
  case 1: TILING_ROW_LOOP(1); break;
  case 2: TILING_ROW_LOOP(2); break;
  case 4: TILING_ROW_LOOP(4); break;
  case 8: TILING_ROW_LOOP(8); break;
  case 16: TILING_ROW_LOOP(16); break;
  case 32: TILING_ROW_LOOP(32); break;
  case 64: TILING_ROW_LOOP(64); break;
  case 128: TILING_ROW_LOOP(128); break;
  case 256: TILING_ROW_LOOP(256); break;
  default: break;
  }
  for (; x < x1; x++) {
    uint8_t *t = tp + (col[x] ^ yterm), *l = lp + (size_t)x * bpe;
    copy_elem(detile ? l : t, detile ? t : l, bpe);
  }
}
#undef TILING_ROW_LOOP

#if defined(__SSE2__)
/* Whole-block detile. A block map gives, for each piece of a tiled block (pieces in tiled
 * order, offsets before the block's XOR term), where the piece lands in the block detiled
 * into a scratch rectangle of bh rows of row_bytes = bw * bpe bytes. Two piece kinds:
 *   BLOCK_ROWS16 - 16 tiled bytes are 16 contiguous bytes of one row (S, D, R families);
 *   BLOCK_LINES4 - 64 tiled bytes are a 4x4 quad of 4-byte elements (Z order, quad_4x4()).
 * The tiled block is read once, in order, the scattered writes stay in the cache-resident
 * scratch, and the rows then go out whole (streaming stores when the destination allows). */
enum block_kind { BLOCK_ROWS16, BLOCK_LINES4 };

struct block_map {
  enum block_kind kind;
  uint32_t piece_log2; /* 4 or 6 */
  uint32_t count;      /* pieces per block */
  uint32_t row_bytes;  /* bw * bpe, a multiple of 64 */
  uint32_t rows;       /* bh */
  uint8_t *scratch;    /* one block, 64-aligned */
  uint32_t entry[];    /* count scratch offsets */
};

static void block_map_free(struct block_map *m) {
  if (m) free(m->scratch);
  free(m);
}

/* Builds the map for the layout's block from the in-block tables. The piece kind must hold
 * for the equation (ROWS16: at least 16 bytes of x run contiguously, contiguous_x_log2();
 * LINES4: quad_4x4()), and the pieces must cover the block once each; otherwise NULL, and
 * the caller keeps the row-by-row path. */
static struct block_map *block_map_build(const struct tiling_layout *l,
                                         const struct tiling_xor_tables *t, bool lines4) {
  const uint32_t bpe = l->surface.bpe, bw = l->block_width, bh = l->block_height;
  const uint32_t piece_log2 = lines4 ? 6 : 4;
  const uint32_t count = (1u << l->block_bytes_log2) >> piece_log2;
  /* the block must be one 2D rectangle of elements (not thick, not MSAA) */
  if (bw > 1024 || bh > 1024 || (bw * bpe) % 64 || (lines4 && bpe != 4) ||
      (!lines4 && (bpe << contiguous_x_log2(l)) < 16) ||
      (uint64_t)bw * bh * bpe != (1ull << l->block_bytes_log2))
    return NULL;
  struct block_map *m = malloc(sizeof(*m) + sizeof(uint32_t) * count);
  if (!m) return NULL;
  m->kind = lines4 ? BLOCK_LINES4 : BLOCK_ROWS16;
  m->piece_log2 = piece_log2;
  m->count = count;
  m->row_bytes = bw * bpe;
  m->rows = bh;
  m->scratch = aligned_alloc(64, (size_t)1 << l->block_bytes_log2);
  if (!m->scratch) goto mismatch;
  memset(m->entry, 0xff, sizeof(uint32_t) * count);
  const uint32_t step_x = lines4 ? 4 : 16 / bpe, step_y = lines4 ? 4 : 1;
  for (uint32_t y = 0; y < bh; y += step_y)
    for (uint32_t x = 0; x < bw; x += step_x) {
      const uint32_t off = t->x[x] ^ t->y[y];
      if (off & ((1u << piece_log2) - 1) || (off >> piece_log2) >= count ||
          m->entry[off >> piece_log2] != UINT32_MAX)
        goto mismatch;
      m->entry[off >> piece_log2] = y * m->row_bytes + x * bpe;
    }
  return m;
mismatch:
  block_map_free(m);
  return NULL;
}

/* Detiles one whole block at TB (block XOR term BXOR, a multiple of the piece size and
 * below the block size) into the rows at LP, and reads ahead the block at NEXT (if any). */
static void detile_block(const struct block_map *m, const uint8_t *tb, uint32_t bxor,
                         const uint8_t *next, uint8_t *lp, size_t row_pitch) {
  const uint32_t n = m->count, rb = m->row_bytes;
  uint8_t *sc = m->scratch;
  if (m->kind == BLOCK_ROWS16) {
    const uint32_t k = bxor >> 4;
    for (uint32_t i = 0; i < n; i++)
      _mm_store_si128((__m128i *)(sc + m->entry[i ^ k]),
                      _mm_loadu_si128((const __m128i *)(tb + ((size_t)i << 4))));
  } else {
    const uint32_t k = bxor >> 6;
    for (uint32_t i = 0; i < n; i++) {
      const __m128i *line = (const __m128i *)(tb + ((size_t)i << 6));
      const __m128i q0 = _mm_loadu_si128(line), q1 = _mm_loadu_si128(line + 1);
      const __m128i q2 = _mm_loadu_si128(line + 2), q3 = _mm_loadu_si128(line + 3);
      uint8_t *d = sc + m->entry[i ^ k];
      _mm_store_si128((__m128i *)d, _mm_unpacklo_epi64(q0, q1));
      _mm_store_si128((__m128i *)(d + rb), _mm_unpackhi_epi64(q0, q1));
      _mm_store_si128((__m128i *)(d + 2 * rb), _mm_unpacklo_epi64(q2, q3));
      _mm_store_si128((__m128i *)(d + 3 * rb), _mm_unpackhi_epi64(q2, q3));
    }
  }
  /* whole rows are written: streaming stores skip reading them into the cache first */
  const bool stream = !(((uintptr_t)lp | row_pitch) & 15);
  for (uint32_t r = 0; r < m->rows; r++) {
    const __m128i *src = (const __m128i *)(sc + (size_t)r * rb);
    __m128i *dst = (__m128i *)(lp + (size_t)r * row_pitch);
    if (next) /* a row's share of the next block: all of it over the rows */
      for (uint32_t i = 0; i < rb; i += 64)
        _mm_prefetch((const char *)next + (size_t)r * rb + i, _MM_HINT_T0);
    if (!stream) {
      memcpy(dst, src, rb);
      continue;
    }
    for (uint32_t i = 0; i < rb / 16; i += 4) {
      _mm_stream_si128(dst + i, _mm_load_si128(src + i));
      _mm_stream_si128(dst + i + 1, _mm_load_si128(src + i + 1));
      _mm_stream_si128(dst + i + 2, _mm_load_si128(src + i + 2));
      _mm_stream_si128(dst + i + 3, _mm_load_si128(src + i + 3));
    }
  }
}
#endif

/* Rows converted between read-ahead requests. */
#define PREFETCH_ROWS 8u
/* Rows of one band when tiling in bands (two 8-row groups of tile_rows16_pair()). */
#define BAND_ROWS 16u

/* Requests the share of block NEXT that matches rows [row, row + count) of a block of BH
 * rows: over a whole strip of rows, the whole next block. */
static inline void prefetch_share(const uint8_t *next, uint32_t blk_log2, uint32_t bh,
                                  uint32_t row, uint32_t count) {
#if defined(__SSE2__)
  const size_t per_row = ((size_t)1 << blk_log2) / bh;
  const uint8_t *p = next + per_row * row, *end = p + per_row * count;
  for (; p < end; p += 64) _mm_prefetch((const char *)p, _MM_HINT_T0);
#else
  (void)next, (void)blk_log2, (void)bh, (void)row, (void)count;
#endif
}

/* What a layout's conversions share, built once: the equation tables, the column table
 * scratch and the whole-block detile map; and the path counters. */
struct tiling_converter {
  struct tiling_layout layout;
  struct tiling_xor_tables tables; /* filled for swizzled layouts */
  uint64_t *column; /* one entry per element of the widest rectangle row it converts (level
                     * 0's row; a one-shot rectangle's own width) */
#if defined(__SSE2__)
  struct block_map *map; /* whole-block detile map, built on first use (NULL: none fits) */
  bool map_tried;
#endif
  struct tiling_path_stats stats;
};

/* One plane (fragment) of a rectangle being converted: what its row paths need, fixed
 * before any row goes. */
struct plane_job {
  const struct tiling_xor_tables *t;
  const uint64_t *column; /* per x of the rectangle: block column and x part of the equation */
  uint64_t *count;        /* path counters (struct tiling_path_stats) */
  uint8_t *lin_plane;     /* the plane's first linear row (rectangle row ry) */
  size_t row_pitch;
  uint32_t ry, zs_term, tail_y, bpe;
  uint32_t run; /* elements of x contiguous in the tiled block (a power of two) */
  bool detile;
#if defined(__SSE2__)
  uint32_t g, rows; /* stacked rows: 2^g rows of 16-byte runs form one chunk (0: none) */
  bool pairs;       /* two row groups at a time (groups_pair) */
  bool quads;       /* Z order with 4-byte elements: rows in 2x2 quads */
  bool lines4;      /* ... and whole 4x4 lines of 64 bytes */
#endif
};

/* A row path: converts rows [y, ye) of elements [x0, x1) (relative to the rectangle) of the
 * block row at TP, every one of them. */
typedef void (*plane_rows_fn)(const struct plane_job *j, uint8_t *tp, uint32_t x0, uint32_t x1,
                              uint32_t y, uint32_t ye);

static inline uint8_t *job_row(const struct plane_job *j, uint32_t y) {
  return j->lin_plane + (size_t)(y - j->ry) * j->row_pitch;
}

static inline uint32_t job_yterm(const struct plane_job *j, uint32_t y) {
  return j->t->y[y & 1023] ^ j->zs_term;
}

/* Any swizzle: one row at a time, runs of RUN elements. */
static void rows_plain(const struct plane_job *j, uint8_t *tp, uint32_t x0, uint32_t x1,
                       uint32_t y, uint32_t ye) {
  j->count[TILING_PATH_ROW] += ye - y;
  for (; y < ye; y++) {
    const uint32_t yterm = j->t->y[(y + j->tail_y) & 1023] ^ j->zs_term;
    copy_row(tp, job_row(j, y), j->column, x0, x1, yterm, j->bpe, j->run, j->detile);
  }
}

#if defined(__SSE2__)
/* Tiling 16-byte runs whose rows stack into contiguous chunks (g > 0): each chunk of 2^g
 * rows is written whole, two row groups at a time where they pair. */
static void rows_stacked16(const struct plane_job *j, uint8_t *tp, uint32_t x0, uint32_t x1,
                           uint32_t y, uint32_t ye) {
  const uint32_t rows = j->rows, g = j->g, bpe = j->bpe;
  const uint32_t xr = x0 + ((x1 - x0) & ~(j->run - 1)); /* whole runs */
  for (; y < ye && (y & (rows - 1)); y++) { /* up to a row-group boundary */
    copy_row(tp, job_row(j, y), j->column, x0, x1, job_yterm(j, y), bpe, j->run, j->detile);
    j->count[TILING_PATH_ROW]++;
  }
  if (j->pairs) /* two row groups at a time */
    for (; y + 2 * rows <= ye; y += 2 * rows) {
      uint8_t *lp = job_row(j, y);
      const uint32_t yt0 = job_yterm(j, y), yt1 = job_yterm(j, y + rows);
      const uint32_t xp =
          tile_rows16_pair(tp, lp, j->row_pitch, j->column, x0, xr, yt0, yt1, bpe, g);
      tile_rows16(tp, lp, j->row_pitch, j->column, xp, xr, yt0, bpe, g);
      tile_rows16(tp, lp + rows * j->row_pitch, j->row_pitch, j->column, xp, xr, yt1, bpe, g);
      for (uint32_t k = 0; k < 2 * rows && xr < x1; k++)
        copy_row(tp, lp + k * j->row_pitch, j->column, xr, x1, job_yterm(j, y + k), bpe, 1,
                 j->detile);
      j->count[TILING_PATH_ROWS16_PAIR] += 2 * rows;
    }
  for (; y + rows <= ye; y += rows) {
    uint8_t *lp = job_row(j, y);
    tile_rows16(tp, lp, j->row_pitch, j->column, x0, xr, job_yterm(j, y), bpe, g);
    for (uint32_t k = 0; k < rows && xr < x1; k++)
      copy_row(tp, lp + k * j->row_pitch, j->column, xr, x1, job_yterm(j, y + k), bpe, 1,
               j->detile);
    j->count[TILING_PATH_ROWS16] += rows;
  }
  rows_plain(j, tp, x0, x1, y, ye);
}

/* Z order with 4-byte elements: whole 4x4 lines where they fit (eight rows at a time when
 * tiling), then pairs of rows from 2x2 quads. */
static void rows_quads(const struct plane_job *j, uint8_t *tp, uint32_t x0, uint32_t x1,
                       uint32_t y, uint32_t ye) {
  const uint32_t bpe = j->bpe;
  const size_t pitch = j->row_pitch;
  if (j->lines4) {
    for (; y < ye && (y & 3); y++) { /* up to a line boundary */
      copy_row(tp, job_row(j, y), j->column, x0, x1, job_yterm(j, y), bpe, 1, j->detile);
      j->count[TILING_PATH_ROW]++;
    }
    if (!j->detile) /* eight rows at a time */
      for (; y + 8 <= ye; y += 8) {
        uint8_t *lp = job_row(j, y);
        const uint32_t xr = tile_lines8(tp, lp, pitch, j->column, x0, x1, job_yterm(j, y),
                                        job_yterm(j, y + 4));
        for (uint32_t k = 0; k < 8 && xr < x1; k++)
          copy_row(tp, lp + k * pitch, j->column, xr, x1, job_yterm(j, y + k), bpe, 1,
                   j->detile);
        j->count[TILING_PATH_LINES8] += 8;
      }
    for (; y + 4 <= ye; y += 4) {
      uint8_t *lp = job_row(j, y);
      const uint32_t yt = job_yterm(j, y);
      const uint32_t xr = j->detile ? detile_lines4(tp, lp, pitch, j->column, x0, x1, yt)
                                    : tile_lines4(tp, lp, pitch, j->column, x0, x1, yt);
      for (uint32_t k = 0; k < 4 && xr < x1; k++)
        copy_row(tp, lp + k * pitch, j->column, xr, x1, job_yterm(j, y + k), bpe, 1,
                 j->detile);
      j->count[TILING_PATH_LINES4] += 4;
    }
  }
  if (y < ye && (y & 1)) { /* up to a quad boundary */
    copy_row(tp, job_row(j, y), j->column, x0, x1, job_yterm(j, y), bpe, 1, j->detile);
    j->count[TILING_PATH_ROW]++;
    y++;
  }
  for (; y + 2 <= ye; y += 2) {
    const uint32_t yt = job_yterm(j, y), yt1 = job_yterm(j, y + 1);
    uint8_t *lp0 = job_row(j, y), *lp1 = lp0 + pitch;
    const uint32_t xr = quad_rows(tp, lp0, lp1, j->column, x0, x1, yt, j->detile);
    copy_row(tp, lp0, j->column, xr, x1, yt, bpe, 1, j->detile);
    copy_row(tp, lp1, j->column, xr, x1, yt1, bpe, 1, j->detile);
    j->count[TILING_PATH_QUADS] += 2;
  }
  rows_plain(j, tp, x0, x1, y, ye);
}
#endif

/* SW_LINEAR: each row of the rectangle is one contiguous copy. */
static void convert_linear_plane(const struct tiling_layout *l, uint32_t level,
                                 const struct plane_addr *pa, const struct tiling_rect *r,
                                 uint8_t *tiled, uint8_t *lin_plane, size_t row_pitch,
                                 bool detile, uint64_t *count) {
  const struct tiling_level *lv = &l->level[level];
  const uint32_t bpe = l->surface.bpe;
  for (uint32_t y = 0; y < r->height; y++) {
    uint8_t *tp = tiled + pa->base + ((uint64_t)(r->y + y) * lv->pitch + r->x) * bpe;
    uint8_t *lp = lin_plane + (size_t)y * row_pitch;
    if (detile)
      memcpy(lp, tp, (size_t)r->width * bpe);
    else
      memcpy(tp, lp, (size_t)r->width * bpe);
  }
  count[TILING_PATH_LINEAR] += r->height;
}

/* A swizzled mode: the row path is picked once for the plane from its layout, alignment
 * and direction (plane_job); blocks are then visited in order, whole blocks of a detile
 * through the block map when one fits. */
static void convert_swizzled_plane(struct tiling_converter *c, uint32_t level,
                                   const struct plane_addr *pa, const struct tiling_rect *r,
                                   uint8_t *tiled, uint8_t *lin_plane, size_t row_pitch,
                                   bool detile) {
  const struct tiling_layout *l = &c->layout;
  const struct tiling_xor_tables *t = &c->tables;
  uint64_t *column = c->column;
  uint64_t *count = c->stats.count;
  const struct tiling_level *lv = &l->level[level];
  const uint32_t bpe = l->surface.bpe;
  const uint32_t rx = r->x, ry = r->y, rw = r->width, rh = r->height;
  const uint32_t blk_log2 = l->block_bytes_log2;
  const uint32_t bw_log2 = 31u - (uint32_t)__builtin_clz(l->block_width);
  /* column[i]: block column and x part of the equation for x = rx + i */
  for (uint32_t i = 0; i < rw; i++)
    column[i] = ((uint64_t)((rx + i) >> bw_log2) << blk_log2) |
                t->x[(rx + i + lv->tail_x) & 1023];

  uint32_t run_log2 = lv->tail_x ? 0 : contiguous_x_log2(l);
  if (rx & ((1u << run_log2) - 1)) run_log2 = 0; /* runs must start on a run boundary */
  const uint32_t bw = l->block_width, bh = l->block_height;
  struct plane_job job = {.t = t, .column = column, .count = count, .lin_plane = lin_plane,
                          .row_pitch = row_pitch, .ry = ry, .zs_term = pa->zs_term,
                          .tail_y = lv->tail_y, .bpe = bpe, .run = 1u << run_log2,
                          .detile = detile};
  plane_rows_fn convert_rows = rows_plain;
#if defined(__SSE2__)
  /* Tiling 16-byte runs whose rows stack into contiguous chunks: write each chunk whole. */
  job.g = (!detile && bpe * job.run == 16 && !lv->tail_y && !lv->tail_x &&
           !((uintptr_t)(tiled + pa->base) & 15))
              ? stacked_y_log2(l, run_log2)
              : 0;
  job.rows = 1u << job.g;
  job.pairs = job.g && groups_pair(l, run_log2, job.g);
  /* Z order with 4-byte elements: pairs of rows from 2x2 quads, or four rows from whole
   * 4x4 lines (64 bytes in a row; tiling writes them with streaming stores, so the tiled
   * side must then be 16-aligned). (Stacked 16-byte runs and quads never meet: quads have
   * runs of at most 2 elements of 4 bytes.) */
  job.quads = bpe == 4 && !lv->tail_x && !lv->tail_y && !(rx & 1) && quad_2x2(l);
  job.lines4 = job.quads && !(rx & 3) &&
               (detile || !((uintptr_t)(tiled + pa->base) & 15)) && quad_4x4(l);
  if (job.g) convert_rows = rows_stacked16;
  else if (job.quads) convert_rows = rows_quads;
  /* Detile of whole blocks through a block map (built once per call, for the first plane
   * whose rectangle holds at least two whole blocks, so small levels skip its cost). */
  const bool whole_blocks = detile && !lv->tail_x && !lv->tail_y &&
                            (uint64_t)rw * rh >= 2ull * l->block_width * l->block_height;
  if (whole_blocks && !c->map_tried) {
    c->map = block_map_build(l, t, quad_4x4(l));
    c->map_tried = true;
  }
  const struct block_map *map = whole_blocks ? c->map : NULL;
  const uint32_t piece_mask = map ? (1u << map->piece_log2) - 1 : 0;
  /* Tiling with whole-chunk streaming stores: nothing of the tiled side has to stay
   * cached, so bands of rows go across the whole rectangle and the linear side is read
   * like a plain copy reads, row after row. Worth it when a block column strip would
   * read 32 rows or more at once (more streams than the prefetchers follow) and a band
   * pass writes stretches of 256 bytes or more (shorter scattered streaming writes cost
   * more than the reads gain); docs/tiling.md has the measurements. */
  const bool bands = !detile && l->block_height >= 2 * BAND_ROWS &&
                     (job.lines4 || job.pairs ||
                      (job.g && group_stretch(l, run_log2, job.g) >= 256));
#else
  const bool bands = false;
#endif
  const uint32_t chunk_rows = bands ? BAND_ROWS : PREFETCH_ROWS;
  /* Otherwise block order: one block column strip of one block row at a time, so the
   * tiled side stays inside one block (cache resident) while linear rows go in runs. */
  for (uint32_t by = ry / bh; by * bh < ry + rh; by++) {
    const uint32_t y0 = by * bh > ry ? by * bh : ry;
    const uint32_t y1 = by * bh + bh < ry + rh ? by * bh + bh : ry + rh;
    uint8_t *tp = tiled + pa->base + (((uint64_t)by * pa->blocks_per_row) << blk_log2);
    for (uint32_t bx = rx / bw; bx * bw < rx + rw; bx++) {
      /* strip of the rectangle inside block column bx, relative to rx (bands: the
       * whole width, in one pass) */
      const uint32_t x0 = bands ? 0 : (bx * bw > rx ? bx * bw : rx) - rx;
      const uint32_t x1 = bands ? rw : (bx * bw + bw < rx + rw ? bx * bw + bw : rx + rw) - rx;
      /* the block this loop visits next (NULL after the last one), for read-ahead */
      const uint8_t *next_visited =
          (bx + 1) * bw < rx + rw ? tp + ((uint64_t)(bx + 1) << blk_log2)
          : y1 < ry + rh          ? tp + (((uint64_t)pa->blocks_per_row + rx / bw) << blk_log2)
                                  : NULL;
#if defined(__SSE2__)
      if (map && x1 - x0 == bw && y1 - y0 == bh) {
        const uint32_t bxor = t->x[(bx * bw) & 1023] ^ t->y[(by * bh) & 1023] ^ pa->zs_term;
        if (!(bxor & piece_mask) && !(bxor >> blk_log2)) {
          /* the next block is read ahead while this one's rows go out */
          detile_block(map, tp + ((uint64_t)bx << blk_log2), bxor, next_visited,
                       lin_plane + (size_t)(y0 - ry) * row_pitch + (size_t)x0 * bpe,
                       row_pitch);
          count[TILING_PATH_BLOCK_MAP]++;
          continue;
        }
      }
      /* Z-order detile of blocks the block map did not take: the next block this loop
       * visits is read ahead, a share per chunk of rows, as Z order is the swizzle the
       * hardware prefetchers follow worst. (On this row path, measured neutral to slightly
       * negative for the S/D/R families, so they do without.) */
      const uint8_t *next = detile && job.quads ? next_visited : NULL;
#else
      const uint8_t *next = NULL;
      (void)next_visited;
#endif
      for (uint32_t yc = y0; yc < y1;) {
        const uint32_t chunk_end = (yc | (chunk_rows - 1)) + 1;
        const uint32_t ye = chunk_end < y1 ? chunk_end : y1;
        if (next) prefetch_share(next, blk_log2, bh, yc - by * bh, ye - yc);
        if (bands) count[TILING_PATH_BANDS] += ye - yc;
        convert_rows(&job, tp, x0, x1, yc, ye);
        yc = ye;
      }
      if (bands) break;
    }
  }
}

/* Converts rectangle R of one (level, slice): DETILE copies tiled -> linear, otherwise
 * linear -> tiled. LINEAR holds the rectangle (row y at y * row_pitch, fragment planes of
 * R->height rows one after another). Counts the paths taken in C's statistics. */
static void convert_plane(struct tiling_converter *c, uint32_t level, uint32_t slice,
                          const struct tiling_rect *r, uint8_t *tiled, uint8_t *linear,
                          size_t row_pitch, bool detile) {
  const struct tiling_layout *l = &c->layout;
  const bool linear_mode = l->surface.mode == TILING_SW_LINEAR;
  for (uint32_t f = 0; f < l->surface.fragments; f++) {
    struct plane_addr pa;
    plane_addr(l, level, slice, f, &pa);
    uint8_t *lin_plane = linear + (size_t)f * r->height * row_pitch;
    if (linear_mode)
      convert_linear_plane(l, level, &pa, r, tiled, lin_plane, row_pitch, detile,
                           c->stats.count);
    else
      convert_swizzled_plane(c, level, &pa, r, tiled, lin_plane, row_pitch, detile);
  }
}

static bool check_plane_args(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                             const struct tiling_rect *r, size_t tiled_size, size_t row_pitch,
                             size_t linear_size) {
  if (level >= l->surface.levels) {
    LOG(tiling, ERROR, "level %u out of range (%u levels)", level, l->surface.levels);
    return false;
  }
  const struct tiling_level *lv = &l->level[level];
  uint32_t slices = l->surface.dim == TILING_DIM_3D ? lv->depth : l->surface.depth;
  if (slice >= slices) {
    LOG(tiling, ERROR, "slice %u out of range (%u slices)", slice, slices);
    return false;
  }
  if (!r->width || !r->height || r->x >= lv->width || r->y >= lv->height ||
      r->width > lv->width - r->x || r->height > lv->height - r->y) {
    LOG(tiling, ERROR, "rectangle %ux%u at (%u,%u) outside level %u (%ux%u)", r->width,
        r->height, r->x, r->y, level, lv->width, lv->height);
    return false;
  }
  if (tiled_size < l->size) {
    LOG(tiling, ERROR, "tiled buffer of %zu bytes is smaller than the surface (%llu)",
        tiled_size, (unsigned long long)l->size);
    return false;
  }
  size_t row = (size_t)r->width * l->surface.bpe;
  if (row_pitch < row ||
      linear_size < row_pitch * ((size_t)r->height * l->surface.fragments - 1) + row) {
    LOG(tiling, ERROR, "linear buffer too small for level %u (%zu bytes, pitch %zu)", level,
        linear_size, row_pitch);
    return false;
  }
  return true;
}

/* A converter whose rectangles are at most COLUMNS elements wide (checked by the callers'
 * argument checks before any conversion). */
static struct tiling_converter *converter_new(const struct tiling_layout *layout,
                                              uint32_t columns) {
  struct tiling_converter *c = calloc(1, sizeof(*c));
  if (c) c->column = malloc(sizeof(uint64_t) * (columns ? columns : 1));
  if (!c || !c->column) {
    free(c);
    LOG(tiling, ERROR, "out of memory creating a converter");
    return NULL;
  }
  c->layout = *layout;
  if (layout->pattern) tiling_get_xor_tables(layout, &c->tables);
  return c;
}

struct tiling_converter *tiling_converter_create(const struct tiling_layout *layout) {
  return converter_new(layout, layout->surface.width);
}

void tiling_converter_destroy(struct tiling_converter *c) {
  if (!c) return;
  free(c->column);
#if defined(__SSE2__)
  block_map_free(c->map);
#endif
  free(c);
}

void tiling_converter_stats(const struct tiling_converter *c, struct tiling_path_stats *out) {
  *out = c->stats;
}

void tiling_converter_reset_stats(struct tiling_converter *c) {
  memset(&c->stats, 0, sizeof(c->stats));
}

static const struct {
  const char *name, *text;
} path_names[TILING_PATH_COUNT] = {
#define TILING_PATH_NAME_(name, text) {#name, text},
    TILING_PATHS(TILING_PATH_NAME_)
#undef TILING_PATH_NAME_
};

const char *tiling_path_name(enum tiling_path path) {
  return (unsigned)path < TILING_PATH_COUNT ? path_names[path].name : NULL;
}

const char *tiling_path_text(enum tiling_path path) {
  return (unsigned)path < TILING_PATH_COUNT ? path_names[path].text : NULL;
}

static bool convert_level(struct tiling_converter *c, uint32_t level, uint32_t slice,
                          const struct tiling_rect *rect, uint8_t *tiled, size_t tiled_size,
                          uint8_t *linear, size_t row_pitch, size_t linear_size, bool detile) {
  const struct tiling_layout *l = &c->layout;
  struct tiling_rect whole = {0, 0, 0, 0};
  if (!rect) { /* the whole level (an invalid level is reported by the check) */
    if (level < l->surface.levels) {
      whole.width = l->level[level].width;
      whole.height = l->level[level].height;
    }
    rect = &whole;
  }
  if (!check_plane_args(l, level, slice, rect, tiled_size, row_pitch, linear_size))
    return false;
  convert_plane(c, level, slice, rect, tiled, linear, row_pitch, detile);
#if defined(__SSE2__)
  _mm_sfence(); /* order the streaming stores before the caller reads the copy */
#endif
  return true;
}

static bool convert_all(struct tiling_converter *c, uint8_t *tiled, size_t tiled_size,
                        uint8_t *linear, size_t linear_size, bool detile) {
  const struct tiling_layout *l = &c->layout;
  if (tiled_size < l->size || linear_size < l->linear_size) {
    LOG(tiling, ERROR, "buffers too small: tiled %zu of %llu, linear %zu of %llu bytes",
        tiled_size, (unsigned long long)l->size, linear_size,
        (unsigned long long)l->linear_size);
    return false;
  }
  for (uint32_t i = 0; i < l->surface.levels; i++) {
    const struct tiling_level *lv = &l->level[i];
    uint32_t slices = l->surface.dim == TILING_DIM_3D ? lv->depth : l->surface.depth;
    const struct tiling_rect whole = {0, 0, lv->width, lv->height};
    for (uint32_t s = 0; s < slices; s++)
      convert_plane(c, i, s, &whole, tiled, linear + tiling_linear_offset(l, i, s),
                    (size_t)lv->width * l->surface.bpe, detile);
  }
#if defined(__SSE2__)
  _mm_sfence(); /* order the streaming stores before the caller reads the copy */
#endif
  return true;
}

bool tiling_converter_detile(struct tiling_converter *c, const void *tiled, size_t tiled_size,
                             void *linear, size_t linear_size) {
  return convert_all(c, (uint8_t *)(uintptr_t)tiled, tiled_size, linear, linear_size, true);
}

bool tiling_converter_tile(struct tiling_converter *c, const void *linear, size_t linear_size,
                           void *tiled, size_t tiled_size) {
  return convert_all(c, tiled, tiled_size, (uint8_t *)(uintptr_t)linear, linear_size, false);
}

bool tiling_converter_detile_rect(struct tiling_converter *c, uint32_t level, uint32_t slice,
                                  const struct tiling_rect *rect, const void *tiled,
                                  size_t tiled_size, void *linear, size_t row_pitch,
                                  size_t linear_size) {
  return convert_level(c, level, slice, rect, (uint8_t *)(uintptr_t)tiled, tiled_size, linear,
                       row_pitch, linear_size, true);
}

bool tiling_converter_tile_rect(struct tiling_converter *c, uint32_t level, uint32_t slice,
                                const struct tiling_rect *rect, const void *linear,
                                size_t row_pitch, size_t linear_size, void *tiled,
                                size_t tiled_size) {
  return convert_level(c, level, slice, rect, tiled, tiled_size, (uint8_t *)(uintptr_t)linear,
                       row_pitch, linear_size, false);
}

/* One-shot conversions: a converter for the call, its column table only as wide as the
 * rectangle (or level): a small update of a wide surface allocates little. */
enum one_shot { DETILE_ALL, TILE_ALL, DETILE_RECT, TILE_RECT };

static bool one_shot(const struct tiling_layout *l, enum one_shot kind, uint32_t level,
                     uint32_t slice, const struct tiling_rect *rect, const void *src,
                     size_t src_size, void *dst, size_t dst_size, size_t row_pitch) {
  uint32_t columns = l->surface.width; /* whole surfaces: level 0 */
  if (kind == DETILE_RECT || kind == TILE_RECT)
    columns = rect ? rect->width : level < l->surface.levels ? l->level[level].width : 0;
  struct tiling_converter *c = converter_new(l, columns);
  if (!c) return false;
  bool ok = false;
  switch (kind) {
  case DETILE_ALL: ok = tiling_converter_detile(c, src, src_size, dst, dst_size); break;
  case TILE_ALL: ok = tiling_converter_tile(c, src, src_size, dst, dst_size); break;
  case DETILE_RECT:
    ok = tiling_converter_detile_rect(c, level, slice, rect, src, src_size, dst, row_pitch,
                                      dst_size);
    break;
  case TILE_RECT:
    ok = tiling_converter_tile_rect(c, level, slice, rect, src, row_pitch, src_size, dst,
                                    dst_size);
    break;
  }
  tiling_converter_destroy(c);
  return ok;
}

bool tiling_detile(const struct tiling_layout *l, const void *tiled, size_t tiled_size,
                   void *linear, size_t linear_size) {
  return one_shot(l, DETILE_ALL, 0, 0, NULL, tiled, tiled_size, linear, linear_size, 0);
}

bool tiling_tile(const struct tiling_layout *l, const void *linear, size_t linear_size,
                 void *tiled, size_t tiled_size) {
  return one_shot(l, TILE_ALL, 0, 0, NULL, linear, linear_size, tiled, tiled_size, 0);
}

bool tiling_detile_level(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                         const void *tiled, size_t tiled_size, void *linear,
                         size_t row_pitch, size_t linear_size) {
  return one_shot(l, DETILE_RECT, level, slice, NULL, tiled, tiled_size, linear, linear_size,
                  row_pitch);
}

bool tiling_tile_level(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                       const void *linear, size_t row_pitch, size_t linear_size, void *tiled,
                       size_t tiled_size) {
  return one_shot(l, TILE_RECT, level, slice, NULL, linear, linear_size, tiled, tiled_size,
                  row_pitch);
}

bool tiling_detile_rect(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                        const struct tiling_rect *rect, const void *tiled, size_t tiled_size,
                        void *linear, size_t row_pitch, size_t linear_size) {
  if (!rect) return false;
  return one_shot(l, DETILE_RECT, level, slice, rect, tiled, tiled_size, linear, linear_size,
                  row_pitch);
}

bool tiling_tile_rect(const struct tiling_layout *l, uint32_t level, uint32_t slice,
                      const struct tiling_rect *rect, const void *linear, size_t row_pitch,
                      size_t linear_size, void *tiled, size_t tiled_size) {
  if (!rect) return false;
  return one_shot(l, TILE_RECT, level, slice, rect, linear, linear_size, tiled, tiled_size,
                  row_pitch);
}
