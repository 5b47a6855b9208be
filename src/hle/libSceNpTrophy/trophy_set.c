/* Trophy packages and their configuration (see trophy_set.h). */
#include "hle/libSceNpTrophy/trophy_set.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRP_MAGIC 0xDCA24D00u
#define TRP_HEADER_SIZE 0x60 /* magic, version, u64 size, count, entry size, dev flag, sha1... */
#define TRP_ENTRY_SIZE 0x40  /* name[32], u64 offset, u64 size, u32 flags, pad[12] */
#define TRP_ENTRIES_MAX 4096

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint64_t be64(const uint8_t *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

const char *trophy_grade_name(int grade) {
  switch (grade) {
    case TROPHY_GRADE_PLATINUM: return "platinum";
    case TROPHY_GRADE_GOLD: return "gold";
    case TROPHY_GRADE_SILVER: return "silver";
    case TROPHY_GRADE_BRONZE: return "bronze";
    default: return "unknown";
  }
}

bool trophy_set_parse_trp(const uint8_t *data, size_t size, struct trophy_set *out, char *why,
                          size_t cap) {
  if (size < TRP_HEADER_SIZE || be32(data) != TRP_MAGIC) {
    snprintf(why, cap, "not a trophy package (no 0xDCA24D00 header)");
    return false;
  }
  uint32_t count = be32(data + 16), entry_size = be32(data + 20);
  if (entry_size != TRP_ENTRY_SIZE || count == 0 || count > TRP_ENTRIES_MAX ||
      (size - TRP_HEADER_SIZE) / TRP_ENTRY_SIZE < count) {
    snprintf(why, cap, "damaged trophy package (%u entries of %u bytes)", count, entry_size);
    return false;
  }
  bool encrypted = false;
  for (uint32_t i = 0; i < count; i++) {
    const uint8_t *e = data + TRP_HEADER_SIZE + (size_t)i * TRP_ENTRY_SIZE;
    char name[33];
    memcpy(name, e, 32);
    name[32] = 0;
    uint64_t off = be64(e + 32), len = be64(e + 40);
    if (off > size || len > size - off) {
      snprintf(why, cap, "damaged trophy package (entry %s outside the file)", name);
      return false;
    }
    if (strcmp(name, "TROP.ESFM") == 0 || strcmp(name, "TROPCONF.ESFM") == 0) encrypted = true;
    if (strcmp(name, "TROP.SFM") == 0 || strcmp(name, "TROPCONF.SFM") == 0)
      return trophy_set_parse_sfm((const char *)data + off, (size_t)len, out, why, cap);
  }
  snprintf(why, cap, "%s",
           encrypted ? "the trophy configuration is encrypted (TROP.ESFM)"
                     : "no trophy configuration in the package");
  return false;
}

/* The value of attribute NAME inside the tag [TAG, END): copied into OUT (CAP bytes). */
static bool attribute(const char *tag, const char *end, const char *name, char *out, size_t cap) {
  size_t n = strlen(name);
  for (const char *p = tag; p + n + 2 < end; p++) {
    if (memcmp(p, name, n) != 0 || p[n] != '=' || p[n + 1] != '"') continue;
    if (p > tag && p[-1] != ' ' && p[-1] != '\t' && p[-1] != '\n' && p[-1] != '\r') continue;
    const char *v = p + n + 2, *q = memchr(v, '"', (size_t)(end - v));
    if (!q || (size_t)(q - v) >= cap) return false;
    memcpy(out, v, (size_t)(q - v));
    out[q - v] = 0;
    return true;
  }
  return false;
}

/* The text between <ELEM> and </ELEM> within [P, END), copied (cut) into OUT. */
static bool element_text(const char *p, const char *end, const char *elem, char *out, size_t cap) {
  char open[40], close[40];
  snprintf(open, sizeof open, "<%s>", elem);
  snprintf(close, sizeof close, "</%s>", elem);
  size_t on = strlen(open), cn = strlen(close);
  for (const char *s = p; s + on <= end; s++) {
    if (memcmp(s, open, on) != 0) continue;
    const char *v = s + on;
    for (const char *e = v; e + cn <= end; e++) {
      if (memcmp(e, close, cn) != 0) continue;
      size_t n = (size_t)(e - v) < cap - 1 ? (size_t)(e - v) : cap - 1;
      memcpy(out, v, n);
      out[n] = 0;
      return true;
    }
    return false;
  }
  return false;
}

static const char *find(const char *p, const char *end, const char *needle) {
  size_t n = strlen(needle);
  for (; p + n <= end; p++)
    if (memcmp(p, needle, n) == 0) return p;
  return NULL;
}

static bool parse_int(const char *s, long lo, long hi, long *v) {
  char *e;
  long x = strtol(s, &e, 10);
  if (e == s || *e || x < lo || x > hi) return false;
  *v = x;
  return true;
}

bool trophy_set_parse_sfm(const char *xml, size_t len, struct trophy_set *out, char *why,
                          size_t cap) {
  memset(out, 0, sizeof *out);
  const char *end = xml + len;
  element_text(xml, end, "title-name", out->title, sizeof out->title);
  uint32_t defined = 0;
  for (const char *p = find(xml, end, "<trophy "); p; p = find(p + 1, end, "<trophy ")) {
    const char *tag_end = memchr(p, '>', (size_t)(end - p));
    if (!tag_end) break;
    char v[16];
    long id, pid = -1, gid = -1;
    if (!attribute(p, tag_end, "id", v, sizeof v) ||
        !parse_int(v, 0, TROPHY_PS4_NUM_MAX - 1, &id)) {
      snprintf(why, cap, "a trophy without an id in 0..%d", TROPHY_PS4_NUM_MAX - 1);
      return false;
    }
    struct trophy_def *d = &out->defs[id];
    if (d->defined) {
      snprintf(why, cap, "trophy %ld is defined twice", id);
      return false;
    }
    d->defined = true;
    defined++;
    d->platinum = -1;
    d->group = -1;
    d->stat = -1;
    if (attribute(p, tag_end, "pid", v, sizeof v) && parse_int(v, -1, TROPHY_PS4_NUM_MAX - 1, &pid))
      d->platinum = (int32_t)pid;
    if (attribute(p, tag_end, "gid", v, sizeof v) && parse_int(v, 0, 0x7fffffff, &gid))
      d->group = (int32_t)gid;
    d->hidden = attribute(p, tag_end, "hidden", v, sizeof v) && strcmp(v, "yes") == 0;
    d->grade = TROPHY_GRADE_UNKNOWN;
    if (attribute(p, tag_end, "ttype", v, sizeof v) && v[1] == 0)
      d->grade = v[0] == 'P'   ? TROPHY_GRADE_PLATINUM
                 : v[0] == 'G' ? TROPHY_GRADE_GOLD
                 : v[0] == 'S' ? TROPHY_GRADE_SILVER
                 : v[0] == 'B' ? TROPHY_GRADE_BRONZE
                               : TROPHY_GRADE_UNKNOWN;
    const char *close = find(tag_end, end, "</trophy>");
    element_text(tag_end, close ? close : end, "name", d->name, sizeof d->name);
    element_text(tag_end, close ? close : end, "detail", d->detail, sizeof d->detail);
    if ((uint32_t)id + 1 > out->count) out->count = (uint32_t)id + 1;
  }
  if (defined == 0 || defined != out->count) {
    snprintf(why, cap, defined ? "trophy ids are not 0..%u without gaps" : "no trophy defined",
             out->count ? out->count - 1 : 0);
    return false;
  }
  out->known = true;
  return true;
}
