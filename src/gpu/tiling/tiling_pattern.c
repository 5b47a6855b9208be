/* Swizzle equations: parses the data lines of tiling_patterns.inc once into per-coordinate
 * bit masks. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/tiling/tiling_internal.h"
#include "gpu/tiling/tiling_patterns.inc"

struct pattern_source {
  uint32_t mode;
  enum tiling_kind kind;
  uint8_t elem_log2;
  uint8_t frags;
  const char *equation;
};

static const struct pattern_source sources[] = {
#define TILING_PATTERN_ROW_(m, k, e, f, eq) \
  {TILING_##m, TILING_KIND_##k, e, f, eq},
    TILING_PATTERNS(TILING_PATTERN_ROW_)
#undef TILING_PATTERN_ROW_
};

#define PATTERN_COUNT (sizeof(sources) / sizeof(sources[0]))

static struct tiling_pattern patterns[PATTERN_COUNT];
static bool patterns_ok;
static pthread_once_t patterns_once = PTHREAD_ONCE_INIT;

/* Parses one "x3^y7" term list for address bit BIT into P. Returns false on a malformed
 * line (a defect in the table, reported once). */
static bool parse_bit(struct tiling_pattern *p, uint32_t bit, const char *s, size_t len) {
  if (len == 1 && s[0] == '0') return true;
  size_t i = 0;
  while (i < len) {
    char c = s[i++];
    char *end;
    long idx = strtol(s + i, &end, 10);
    if (end == s + i || idx < 0) return false;
    i = (size_t)(end - s);
    uint32_t *dst;
    long limit;
    switch (c) {
    case 'x': dst = p->from_x; limit = 16; break;
    case 'y': dst = p->from_y; limit = 16; break;
    case 'z': dst = p->from_z; limit = 16; break;
    case 's': dst = p->from_s; limit = 4; break;
    default: return false;
    }
    if (idx >= limit) return false;
    dst[idx] ^= 1u << bit;
    if (i < len) {
      if (s[i] != '^') return false;
      i++;
    }
  }
  return true;
}

static bool parse_pattern(const struct pattern_source *src, struct tiling_pattern *p) {
  memset(p, 0, sizeof(*p));
  p->mode = src->mode;
  p->kind = src->kind;
  p->elem_log2 = src->elem_log2;
  p->frags = src->frags;
  const char *s = src->equation;
  uint32_t bit = 0;
  while (*s) {
    while (*s == ' ') s++;
    if (!*s) break;
    size_t len = strcspn(s, " ");
    if (bit >= 16 || !parse_bit(p, bit, s, len)) return false;
    bit++;
    s += len;
  }
  p->bits = (uint8_t)bit;
  return bit == 8 || bit == 12 || bit == 16;
}

static void patterns_init(void) {
  patterns_ok = true;
  for (size_t i = 0; i < PATTERN_COUNT; i++) {
    if (!parse_pattern(&sources[i], &patterns[i])) {
      LOG(tiling, ERROR, "malformed swizzle equation %zu (%s): \"%s\"", i,
          tiling_mode_name(sources[i].mode), sources[i].equation);
      patterns_ok = false;
    }
  }
}

const struct tiling_pattern *tiling_pattern_find(uint32_t mode, enum tiling_kind kind,
                                                 uint32_t elem_log2, uint32_t frags) {
  pthread_once(&patterns_once, patterns_init);
  if (!patterns_ok) return NULL;
  for (size_t i = 0; i < PATTERN_COUNT; i++) {
    const struct tiling_pattern *p = &patterns[i];
    if (p->mode == mode && p->kind == kind && p->elem_log2 == elem_log2 && p->frags == frags)
      return p;
  }
  return NULL;
}

uint32_t tiling_pattern_eval(const struct tiling_pattern *p, uint32_t x, uint32_t y,
                             uint32_t z, uint32_t s) {
  uint32_t off = 0;
  for (uint32_t b = 0; b < 16; b++) {
    if ((x >> b) & 1) off ^= p->from_x[b];
    if ((y >> b) & 1) off ^= p->from_y[b];
    if ((z >> b) & 1) off ^= p->from_z[b];
  }
  for (uint32_t b = 0; b < 4; b++)
    if ((s >> b) & 1) off ^= p->from_s[b];
  return off;
}

uint32_t tiling_layout_pattern_id(const struct tiling_layout *layout) {
  const struct tiling_pattern *p = layout->pattern;
  if (!p || p < patterns || p >= patterns + PATTERN_COUNT) return 0;
  return (uint32_t)(p - patterns) + 1;
}

_Static_assert(PATTERN_COUNT < TILING_PATTERN_ID_LIMIT, "pattern ids must stay below the limit");
