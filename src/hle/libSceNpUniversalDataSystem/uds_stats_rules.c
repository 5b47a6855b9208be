/* UDS Stats' definitions and rules: the uds00.ucp reader, the aggregations and the
 * conditions' comparisons (see uds_stats.h). No state: the fuzz target links it alone. */
#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hle/libSceNpTrophy/trophy_set.h"
#include "hle/libSceNpUniversalDataSystem/uds_stats.h"

/* ---- parsing -------------------------------------------------------------------------- */

static bool fail(char *why, size_t cap, const char *what) {
  snprintf(why, cap, "%s", what);
  return false;
}

/* A number, or a string holding one (the files write values as strings). */
static bool json_number(const cJSON *v, long double *out) {
  if (cJSON_IsNumber(v)) {
    *out = v->valuedouble;
    return true;
  }
  if (!cJSON_IsString(v) || !v->valuestring[0]) return false;
  char *end;
  errno = 0;
  long double x = strtold(v->valuestring, &end);
  if (*end || errno || isnan(x) || isinf(x)) return false;
  *out = x;
  return true;
}

static bool json_id(const cJSON *v, int64_t *out) {
  long double x;
  if (!json_number(v, &x) || x < 0 || x > INT32_MAX || x != floorl(x)) return false;
  *out = (int64_t)x;
  return true;
}

static int lookup(const char *text, const char *const *names, int n) {
  for (int i = 0; text && i < n; i++)
    if (strcasecmp(text, names[i]) == 0) return i;
  return -1;
}

static const char *json_string(const cJSON *o, const char *key) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

static void type_range(uint8_t type, long double *lo, long double *hi) {
  switch (type) {
    case UDS_STAT_INT32: *lo = INT32_MIN, *hi = INT32_MAX; break;
    case UDS_STAT_INT64: *lo = (long double)INT64_MIN, *hi = (long double)INT64_MAX; break;
    case UDS_STAT_UINT32: *lo = 0, *hi = UINT32_MAX; break;
    case UDS_STAT_UINT64: *lo = 0, *hi = (long double)UINT64_MAX; break;
    case UDS_STAT_FLOAT32: *lo = -3.40282347e38L, *hi = 3.40282347e38L; break;
    default: *lo = -1.79769313486231570e308L, *hi = 1.79769313486231570e308L; break;
  }
}

static bool read_stat(const cJSON *item, struct uds_stat_def *d) {
  static const char *const types[] = {"int32", "int64", "uint32", "uint64", "float32", "float64"};
  static const char *const aggs[] = {"latest", "max", "min", "sum", "count"};
  int type = lookup(json_string(item, "dataType"), types, 6);
  int agg = lookup(json_string(item, "aggregation"), aggs, 5);
  if (!json_id(cJSON_GetObjectItemCaseSensitive(item, "statId"), &d->id) || type < 0 || agg < 0)
    return false;
  /* the aggregations each type allows (the guide): sum for unsigned, count for UInt64 */
  if ((agg == UDS_AGG_SUM && type != UDS_STAT_UINT32 && type != UDS_STAT_UINT64) ||
      (agg == UDS_AGG_COUNT && type != UDS_STAT_UINT64))
    return false;
  d->type = (uint8_t)type;
  d->aggregation = (uint8_t)agg;
  long double lo, hi, v;
  type_range(d->type, &lo, &hi);
  d->min = json_number(cJSON_GetObjectItemCaseSensitive(item, "minValue"), &v) && v > lo ? v : lo;
  d->max = json_number(cJSON_GetObjectItemCaseSensitive(item, "maxValue"), &v) && v < hi ? v : hi;
  if (d->min > d->max) return false;
  d->initial = json_number(cJSON_GetObjectItemCaseSensitive(item, "initialValue"), &v) ? v : 0;
  d->initial = d->initial < d->min ? d->min : d->initial > d->max ? d->max : d->initial;
  return true;
}

/* A condition's or an input's property path: "$.a.b" or "a.b", copied without "$.". */
static bool copy_path(const char *text, char *out, size_t cap) {
  if (!text) return false;
  if (strncmp(text, "$.", 2) == 0) text += 2;
  size_t n = strlen(text);
  if (n == 0 || n >= cap) return false;
  memcpy(out, text, n + 1);
  return true;
}

static bool json_value(const cJSON *v, struct uds_value *out) {
  memset(out, 0, sizeof *out);
  if (cJSON_IsBool(v)) {
    out->kind = UDS_VALUE_BOOL;
    out->boolean = cJSON_IsTrue(v);
  } else if (cJSON_IsNumber(v)) {
    out->kind = UDS_VALUE_NUMBER;
    out->number = v->valuedouble;
  } else if (cJSON_IsString(v) && strlen(v->valuestring) < sizeof out->string) {
    out->kind = UDS_VALUE_STRING;
    snprintf(out->string, sizeof out->string, "%s", v->valuestring);
  } else return false;
  return true;
}

static bool read_rule(const cJSON *item, struct uds_rule *r, bool *converted) {
  static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">="};
  static const char *const words[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  memset(r, 0, sizeof *r);
  const cJSON *cond = cJSON_GetObjectItemCaseSensitive(item, "condition");
  const cJSON *action = cJSON_GetObjectItemCaseSensitive(item, "action");
  const char *event = json_string(cond, "eventName");
  if (!event || !event[0] || strlen(event) >= sizeof r->event) return false;
  snprintf(r->event, sizeof r->event, "%s", event);
  const cJSON *prop = cJSON_GetObjectItemCaseSensitive(cond, "property");
  if (prop) {
    const char *cmp = json_string(prop, "comparator");
    int op = lookup(cmp, ops, 6);
    if (op < 0) op = lookup(cmp, words, 6);
    if (op < 0 || !copy_path(json_string(prop, "path"), r->cond_path, sizeof r->cond_path) ||
        !json_value(cJSON_GetObjectItemCaseSensitive(prop, "value"), &r->cond_value))
      return false;
    r->has_condition = true;
    r->cond_compare = (uint8_t)op;
  }
  const char *convert = json_string(action, "convert");
  *converted = convert && convert[0];
  const char *input = json_string(action, "input");
  if (input && input[0] && !copy_path(input, r->input, sizeof r->input)) return false;
  return json_id(cJSON_GetObjectItemCaseSensitive(
                     cJSON_GetObjectItemCaseSensitive(action, "output"), "statId"),
                 &r->stat);
}

static cJSON *entry_json(const uint8_t *data, size_t size, const char *name) {
  size_t off, len;
  if (!trophy_ucp_entry(data, size, name, &off, &len)) return NULL;
  return cJSON_ParseWithLength((const char *)data + off, len);
}

static const struct uds_stat_def *find_stat(const struct uds_stats_config *c, int64_t id) {
  for (uint32_t i = 0; i < c->stat_count; i++)
    if (c->stats[i].id == id) return &c->stats[i];
  return NULL;
}

void uds_stats_free(struct uds_stats_config *config) {
  free(config->stats);
  free(config->rules);
  memset(config, 0, sizeof *config);
}

bool uds_stats_parse(const uint8_t *data, size_t size, struct uds_stats_config *out,
                     uint32_t *skipped, char *why, size_t cap) {
  memset(out, 0, sizeof *out);
  *skipped = 0;
  size_t off, len;
  if (!trophy_ucp_entry(data, size, "stats_definition.json", &off, &len))
    return fail(why, cap, "not a UDS file with stats_definition.json");
  cJSON *defs = entry_json(data, size, "stats_definition.json");
  cJSON *rules = entry_json(data, size, "stats_extraction.json");
  const cJSON *darr = cJSON_GetObjectItemCaseSensitive(defs, "statDefinitionArray");
  const cJSON *rarr = cJSON_GetObjectItemCaseSensitive(rules, "statsExtractionRuleArray");
  bool ok = false;
  if (!cJSON_IsArray(darr)) fail(why, cap, "stats_definition.json has no statDefinitionArray");
  else if (!cJSON_IsArray(rarr))
    fail(why, cap, "stats_extraction.json missing or without statsExtractionRuleArray");
  else {
    int nd = cJSON_GetArraySize(darr), nr = cJSON_GetArraySize(rarr);
    if (nd > UDS_STATS_MAX || nr > UDS_RULES_MAX)
      fail(why, cap, "more stats or rules than allowed");
    else {
      out->stats = calloc((size_t)nd + 1, sizeof *out->stats);
      out->rules = calloc((size_t)nr + 1, sizeof *out->rules);
      ok = out->stats && out->rules;
      if (!ok) fail(why, cap, "out of memory");
    }
  }
  const cJSON *item, *none = NULL;
  const cJSON *dlist = ok ? darr : none, *rlist = ok ? rarr : none;
  cJSON_ArrayForEach(item, dlist) {
    struct uds_stat_def *d = &out->stats[out->stat_count];
    if (!read_stat(item, d) || find_stat(out, d->id)) {
      (*skipped)++;
      continue;
    }
    out->stat_count++;
  }
  cJSON_ArrayForEach(item, rlist) {
    struct uds_rule *r = &out->rules[out->rule_count];
    bool converted = false;
    const struct uds_stat_def *d = NULL;
    if (!read_rule(item, r, &converted) || converted || !(d = find_stat(out, r->stat)) ||
        (!r->input[0] && d->aggregation != UDS_AGG_COUNT)) {
      (*skipped)++;
      continue;
    }
    out->rule_count++;
  }
  cJSON_Delete(defs);
  cJSON_Delete(rules);
  if (!ok) uds_stats_free(out);
  return ok;
}

long double uds_stat_aggregate(const struct uds_stat_def *def, long double value,
                               long double input) {
  if (def->type < UDS_STAT_FLOAT32) input = truncl(input);
  long double v = value;
  switch (def->aggregation) {
    case UDS_AGG_LATEST: v = input; break;
    case UDS_AGG_MAX: v = input > value ? input : value; break;
    case UDS_AGG_MIN: v = input < value ? input : value; break;
    case UDS_AGG_SUM: v = value + input; break;
    default: v = value + 1; break;
  }
  return v < def->min ? def->min : v > def->max ? def->max : v;
}

bool uds_value_compare(const struct uds_value *a, uint8_t how, const struct uds_value *b) {
  if (a->kind != b->kind) return false;
  if (a->kind != UDS_VALUE_NUMBER) {
    bool same =
        a->kind == UDS_VALUE_BOOL ? a->boolean == b->boolean : strcmp(a->string, b->string) == 0;
    return how == UDS_CMP_EQ ? same : how == UDS_CMP_NE ? !same : false;
  }
  long double x = a->number, y = b->number;
  switch (how) {
    case UDS_CMP_EQ: return x == y;
    case UDS_CMP_NE: return x != y;
    case UDS_CMP_LT: return x < y;
    case UDS_CMP_LE: return x <= y;
    case UDS_CMP_GT: return x > y;
    default: return x >= y;
  }
}
