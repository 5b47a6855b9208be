/* The PS5's trophy file, sce_sys/trophy2/trophy00.ucp (see trophy_set.h). Layout, as public
 * readers of the format describe it (big-endian): at 0 the magic 0xB228C60A, at 4 the version
 * (1), at 8 the file's size (u64), at 0x10 the entry count (u32), at 0x14 the offset of the
 * entry table (u32); the entries start 0x20 bytes into the table, 0x40 bytes each: name[32]
 * (NUL-padded), u64 offset, u64 size, then bytes this reader does not use. Entries used:
 *   tropconf.json   {"defaultLanguage": "en-US", "trophies": [{"id": 0, "grade": "P|G|S|B",
 *                    "platinumTrophyId": 0, "groupId": "001", "hidden": true,
 *                    "unlockCondition": {"progressive": true, "targetValue": 10}}, ...]}
 *                   (ids as numbers or as decimal strings such as "001")
 *   tropmeta_<locale>.json  {"metadata": {"titleMetadata": {"name": ".."},
 *                    "trophyMetadata": [{"id": 0, "name": "..", "detail": "..",
 *                                        "reward": ".."}, ...],
 *                    "groupMetadata": [{"id": 1, "name": ".."}, ...]}}
 *   icon0_<locale>.png, trop<id, 4 digits>.png  the set's and the trophies' icons (PNG)
 * tropconf.json's trophies may carry "hasReward" and an unlockCondition
 * {"udsStatId", "comparator" (ge gt le lt eq), "targetValue" (a decimal string or a number),
 * "progressive"}: the UDS stat that unlocks them (uds_stats.c). */
#include <cjson/cJSON.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hle/libSceNpTrophy/trophy_set.h"

#define UCP_MAGIC 0xB228C60Au
#define UCP_VERSION 1u
#define UCP_HEADER_SIZE 0x40
#define UCP_TABLE_SKIP 0x20 /* bytes before the first entry in the entry table */
#define UCP_ENTRY_SIZE 0x40 /* name[32], u64 offset, u64 size, 16 bytes not read */
#define UCP_ENTRIES_MAX 4096

static uint32_t be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static uint64_t be64(const uint8_t *p) { return (uint64_t)be32(p) << 32 | be32(p + 4); }

struct ucp_file {
  const uint8_t *data;
  size_t size;
};

/* The entry named NAME of the checked container: true with *OUT set. */
static bool ucp_find(const uint8_t *data, uint64_t table, uint32_t count, const char *name,
                     struct ucp_file *out) {
  size_t n = strlen(name);
  for (uint32_t i = 0; i < count; i++) {
    const uint8_t *e = data + table + UCP_TABLE_SKIP + (uint64_t)i * UCP_ENTRY_SIZE;
    if (n > 32 || memcmp(e, name, n) != 0 || (n < 32 && e[n] != 0)) continue;
    out->data = data + be64(e + 32);
    out->size = (size_t)be64(e + 40);
    return true;
  }
  return false;
}

/* A trophy id: a number or a decimal string, 0..TROPHY_NUM_MAX-1; -1 otherwise. */
static int json_id(const cJSON *v) {
  double d;
  if (cJSON_IsNumber(v)) d = v->valuedouble;
  else if (cJSON_IsString(v) && v->valuestring[0]) {
    char *end;
    long x = strtol(v->valuestring, &end, 10);
    if (*end || v->valuestring[0] == '-' || v->valuestring[0] == '+') return -1;
    d = (double)x;
  } else return -1;
  if (d < 0 || d >= TROPHY_NUM_MAX || d != (double)(int)d) return -1;
  return (int)d;
}

/* A number, or a decimal string of one (targetValue is a string in the files): true with *OUT. */
static bool json_int(const cJSON *v, int64_t *out) {
  if (cJSON_IsNumber(v)) {
    if (v->valuedouble < -9.2e18 || v->valuedouble > 9.2e18) return false;
    *out = (int64_t)v->valuedouble;
    return (double)*out == v->valuedouble;
  }
  if (!cJSON_IsString(v) || !v->valuestring[0]) return false;
  char *end;
  errno = 0;
  long long x = strtoll(v->valuestring, &end, 10);
  if (*end || errno) return false;
  *out = x;
  return true;
}

bool trophy_compare_parse(const char *text, uint8_t *out) {
  static const struct {
    const char *a, *b;
    uint8_t cmp;
  } names[] = {{"ge", ">=", TROPHY_CMP_GE},
               {"gt", ">", TROPHY_CMP_GT},
               {"le", "<=", TROPHY_CMP_LE},
               {"lt", "<", TROPHY_CMP_LT},
               {"eq", "==", TROPHY_CMP_EQ}};
  for (size_t i = 0; text && i < sizeof names / sizeof names[0]; i++)
    if (strcmp(text, names[i].a) == 0 || strcmp(text, names[i].b) == 0) {
      *out = names[i].cmp;
      return true;
    }
  return false;
}

/* unlockCondition: the UDS stat, its comparator and target; progressive trophies show their
 * progress towards the target (1..INT32_MAX). */
static void read_condition(const cJSON *cond, struct trophy_def *d) {
  int64_t target = 0, stat = -1;
  bool has_target = json_int(cJSON_GetObjectItemCaseSensitive(cond, "targetValue"), &target);
  if (json_int(cJSON_GetObjectItemCaseSensitive(cond, "udsStatId"), &stat) && stat >= 0 &&
      stat <= INT32_MAX && has_target)
    d->stat = (int32_t)stat;
  const cJSON *cmp = cJSON_GetObjectItemCaseSensitive(cond, "comparator");
  if (!cJSON_IsString(cmp) || !trophy_compare_parse(cmp->valuestring, &d->compare))
    d->compare = TROPHY_CMP_GE;
  if (has_target) d->target = target;
  if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cond, "progressive")) && has_target &&
      target >= 1 && target <= INT32_MAX)
    d->progressive = true;
}

static cJSON *parse_entry(const uint8_t *data, uint64_t table, uint32_t count, const char *name) {
  struct ucp_file f;
  if (!ucp_find(data, table, count, name, &f)) return NULL;
  return cJSON_ParseWithLength((const char *)f.data, f.size);
}

static bool fail(char *why, size_t cap, const char *what) {
  snprintf(why, cap, "%s", what);
  return false;
}

/* Fills the definitions from tropconf.json's "trophies". */
static bool read_conf(const cJSON *conf, struct trophy_set *out, char *why, size_t cap) {
  const cJSON *list = cJSON_GetObjectItemCaseSensitive(conf, "trophies");
  if (!cJSON_IsArray(list)) return fail(why, cap, "tropconf.json has no \"trophies\" array");
  uint32_t defined = 0;
  const cJSON *t;
  cJSON_ArrayForEach(t, list) {
    int id = json_id(cJSON_GetObjectItemCaseSensitive(t, "id"));
    const cJSON *grade = cJSON_GetObjectItemCaseSensitive(t, "grade");
    if (id < 0) {
      snprintf(why, cap, "a trophy without an id in 0..%d", TROPHY_NUM_MAX - 1);
      return false;
    }
    struct trophy_def *d = &out->defs[id];
    if (d->defined) {
      snprintf(why, cap, "trophy %d is defined twice", id);
      return false;
    }
    const char *g = cJSON_IsString(grade) ? grade->valuestring : "";
    d->grade = strcmp(g, "P") == 0   ? TROPHY_GRADE_PLATINUM
               : strcmp(g, "G") == 0 ? TROPHY_GRADE_GOLD
               : strcmp(g, "S") == 0 ? TROPHY_GRADE_SILVER
               : strcmp(g, "B") == 0 ? TROPHY_GRADE_BRONZE
                                     : TROPHY_GRADE_UNKNOWN;
    if (d->grade == TROPHY_GRADE_UNKNOWN) {
      snprintf(why, cap, "trophy %d has no grade P, G, S or B", id);
      return false;
    }
    d->defined = true;
    defined++;
    const cJSON *pid = cJSON_GetObjectItemCaseSensitive(t, "platinumTrophyId");
    d->platinum = pid ? json_id(pid) : -1;
    int64_t gid; /* a number or a decimal string ("001" in the files) */
    d->group = json_int(cJSON_GetObjectItemCaseSensitive(t, "groupId"), &gid) && gid >= 0 &&
                       gid < INT32_MAX
                   ? (int32_t)gid
                   : -1;
    d->hidden = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "hidden"));
    d->has_reward = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(t, "hasReward"));
    read_condition(cJSON_GetObjectItemCaseSensitive(t, "unlockCondition"), d);
    if ((uint32_t)id + 1 > out->count) out->count = (uint32_t)id + 1;
  }
  if (defined == 0 || defined != out->count) {
    snprintf(why, cap, defined ? "trophy ids are not 0..%u without gaps" : "no trophy defined",
             out->count ? out->count - 1 : 0);
    return false;
  }
  return true;
}

/* Copies the title and the trophies' names from a tropmeta file, when it has them. */
static void read_meta(const cJSON *meta, struct trophy_set *out) {
  const cJSON *m = cJSON_GetObjectItemCaseSensitive(meta, "metadata");
  const cJSON *title = cJSON_GetObjectItemCaseSensitive(
      cJSON_GetObjectItemCaseSensitive(m, "titleMetadata"), "name");
  if (cJSON_IsString(title)) snprintf(out->title, sizeof out->title, "%s", title->valuestring);
  const cJSON *t;
  cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(m, "trophyMetadata")) {
    int id = json_id(cJSON_GetObjectItemCaseSensitive(t, "id"));
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(t, "name");
    const cJSON *detail = cJSON_GetObjectItemCaseSensitive(t, "detail");
    const cJSON *reward = cJSON_GetObjectItemCaseSensitive(t, "reward");
    if (id < 0 || !out->defs[id].defined) continue;
    if (cJSON_IsString(reward))
      snprintf(out->defs[id].reward, sizeof out->defs[id].reward, "%s", reward->valuestring);
    if (cJSON_IsString(name))
      snprintf(out->defs[id].name, sizeof out->defs[id].name, "%s", name->valuestring);
    if (cJSON_IsString(detail))
      snprintf(out->defs[id].detail, sizeof out->defs[id].detail, "%s", detail->valuestring);
  }
  cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(m, "groupMetadata")) {
    const cJSON *gid = cJSON_GetObjectItemCaseSensitive(t, "id");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(t, "name");
    int id = json_id(gid); /* group ids are small numbers too (at most 50 groups) */
    if (id < 0 || !cJSON_IsString(name) || out->group_names >= TROPHY_GROUPS_MAX) continue;
    struct trophy_group_name *g = &out->groups[out->group_names++];
    g->id = id;
    snprintf(g->name, sizeof g->name, "%s", name->valuestring);
  }
}

/* Checks the container's header and entry table: true with *TABLE and *COUNT set. */
static bool ucp_check(const uint8_t *data, size_t size, uint64_t *table, uint32_t *count, char *why,
                      size_t cap) {
  if (size < UCP_HEADER_SIZE || be32(data) != UCP_MAGIC)
    return fail(why, cap, "not a trophy file (no 0xB228C60A header)");
  uint64_t total = be64(data + 8);
  *table = be32(data + 0x14);
  *count = be32(data + 0x10);
  if (be32(data + 4) != UCP_VERSION || total < UCP_HEADER_SIZE || total > size || *count == 0 ||
      *count > UCP_ENTRIES_MAX || *table > total ||
      (total - *table) < UCP_TABLE_SKIP + (uint64_t)*count * UCP_ENTRY_SIZE) {
    snprintf(why, cap, "damaged trophy file (version %u, %u entries)", be32(data + 4), *count);
    return false;
  }
  for (uint32_t i = 0; i < *count; i++) {
    const uint8_t *e = data + *table + UCP_TABLE_SKIP + (uint64_t)i * UCP_ENTRY_SIZE;
    uint64_t off = be64(e + 32), len = be64(e + 40);
    if (off > total || len > total - off) {
      snprintf(why, cap, "damaged trophy file (entry %u outside the file)", i);
      return false;
    }
  }
  return true;
}

bool trophy_ucp_entry(const uint8_t *data, size_t size, const char *name, size_t *off,
                      size_t *len) {
  uint64_t table;
  uint32_t count;
  char why[96];
  struct ucp_file f;
  if (!ucp_check(data, size, &table, &count, why, sizeof why) ||
      !ucp_find(data, table, count, name, &f))
    return false;
  *off = (size_t)(f.data - data);
  *len = f.size;
  return true;
}

bool trophy_set_parse_ucp(const uint8_t *data, size_t size, struct trophy_set *out, char *why,
                          size_t cap) {
  memset(out, 0, sizeof *out);
  uint64_t table;
  uint32_t count;
  if (!ucp_check(data, size, &table, &count, why, cap)) return false;
  cJSON *conf = parse_entry(data, table, count, "tropconf.json");
  if (!conf) return fail(why, cap, "no readable tropconf.json in the trophy file");
  for (int i = 0; i < TROPHY_NUM_MAX; i++) out->defs[i].platinum = out->defs[i].stat = -1;
  bool ok = read_conf(conf, out, why, cap);
  if (ok) {
    const cJSON *lang = cJSON_GetObjectItemCaseSensitive(conf, "defaultLanguage");
    char name[40];
    cJSON *meta = NULL;
    if (cJSON_IsString(lang) && strlen(lang->valuestring) < 16) {
      snprintf(out->language, sizeof out->language, "%s", lang->valuestring);
      snprintf(name, sizeof name, "tropmeta_%s.json", lang->valuestring);
      meta = parse_entry(data, table, count, name);
    }
    if (!meta) meta = parse_entry(data, table, count, "tropmeta_en-US.json");
    if (meta) read_meta(meta, out);
    cJSON_Delete(meta);
    out->known = true;
  } else memset(out, 0, sizeof *out);
  cJSON_Delete(conf);
  return ok;
}
