/* UDS Stats: the title's statistics, fed by its events (the SDK's Universal Data System
 * Guide, "UDS Stats"). A stat has an id, a data type (Int32, Int64, UInt32, UInt64, Float32,
 * Float64), an aggregation (latest, max, min, sum, count), a range and an initial value;
 * extraction rules say which event (by name, optionally with one property compared to a
 * value) feeds which stat, from which property (the input; count needs none). Trophies of
 * the PS5's set name the stat that unlocks them (tropconf.json's unlockCondition), so a
 * game's own events unlock trophies through these rules.
 *
 * The definitions are the title's sce_sys/uds/uds00.ucp, the trophy file's container
 * (trophy_set.h) holding stats_definition.json ({"statDefinitionArray": [{"statId", "dataType",
 * "aggregation", "minValue", "maxValue", "initialValue"}]}) and stats_extraction.json
 * ({"statsExtractionRuleArray": [{"ruleId", "condition": {"eventName", "property": {"path",
 * "comparator", "value"}}, "action": {"input", "output": {"statId"}}}]}), as public readers of
 * the file describe it; Sony publishes no layout. Values are kept per user in
 * <data>/uds/<user>/stats.txt ("statId value" lines) across runs. Parser of untrusted bytes:
 * tests/fuzz/trophy_set. uds_stats_rules.c: the reader, aggregations and comparisons;
 * uds_stats.c: the running title's values. */
#ifndef PROSPERO_HLE_LIBSCENPUNIVERSALDATASYSTEM_UDS_STATS_H
#define PROSPERO_HLE_LIBSCENPUNIVERSALDATASYSTEM_UDS_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UDS_STATS_MAX 1512 /* 512 custom + 1000 generated for trophies (the guide's limits) */
#define UDS_RULES_MAX 3048 /* 2048 custom + 1000 generated */
#define UDS_PATH_MAX 128

enum uds_stat_type {
  UDS_STAT_INT32,
  UDS_STAT_INT64,
  UDS_STAT_UINT32,
  UDS_STAT_UINT64,
  UDS_STAT_FLOAT32,
  UDS_STAT_FLOAT64,
};
enum uds_stat_aggregation {
  UDS_AGG_LATEST,
  UDS_AGG_MAX,
  UDS_AGG_MIN,
  UDS_AGG_SUM,
  UDS_AGG_COUNT,
};
/* A property condition's comparison (== != < <= > >=) */
enum uds_compare { UDS_CMP_EQ, UDS_CMP_NE, UDS_CMP_LT, UDS_CMP_LE, UDS_CMP_GT, UDS_CMP_GE };

struct uds_stat_def {
  int64_t id;
  uint8_t type, aggregation;
  long double min, max, initial; /* long double holds every 64-bit integer exactly */
};

/* A value read from an event's property (or a condition's value) */
struct uds_value {
  enum { UDS_VALUE_NUMBER, UDS_VALUE_BOOL, UDS_VALUE_STRING } kind;
  long double number;
  bool boolean;
  char string[256];
};

struct uds_rule {
  char event[128];
  bool has_condition;
  char cond_path[UDS_PATH_MAX];
  uint8_t cond_compare;
  struct uds_value cond_value;
  char input[UDS_PATH_MAX]; /* empty: none (count) */
  int64_t stat;             /* output statId */
};

struct uds_stats_config {
  uint32_t stat_count, rule_count;
  struct uds_stat_def *stats; /* malloc'd */
  struct uds_rule *rules;     /* malloc'd */
};

/* Reads a uds00.ucp image: true with OUT filled (free with uds_stats_free); false with a
 * reason in WHY. Rules naming a stat that is not defined, or with a conversion (action.convert,
 * whose forms are not public), are left out and counted in *SKIPPED. */
bool uds_stats_parse(const uint8_t *data, size_t size, struct uds_stats_config *out,
                     uint32_t *skipped, char *why, size_t cap);
void uds_stats_free(struct uds_stats_config *config);

/* Applies AGG of a stat of type and range DEF to VALUE with INPUT: the new value (clamped to the
 * type's and the stat's range; integer types drop the fraction). */
long double uds_stat_aggregate(const struct uds_stat_def *def, long double value,
                               long double input);
/* Whether A compares to B as HOW (enum uds_compare); false for kinds that cannot be compared
 * that way (the guide: such a condition is not satisfied). */
bool uds_value_compare(const struct uds_value *a, uint8_t how, const struct uds_value *b);

/* The title's uds00.ucp (in GAME_FOLDER) and where values are kept (TITLE_DATA_DIR/uds); called
 * before the guest runs. */
void uds_stats_set_title(const char *title_data_dir, const char *game_folder);

/* Property lookup of a posted event (uds_event.c): the value at PATH ("$.a.b" or "a.b") of the
 * live event EVENT; false when absent or not a number, bool or string. */
struct uds_event;
bool uds_event_value(const struct uds_event *event, const char *path, struct uds_value *out);

/* The rules for the event NAME (posted for USER): each matching rule feeds its stat, and the
 * trophies linked to a changed stat are updated (np_trophy_stat_changed). Values are written
 * to disk when they change. */
void uds_stats_apply(int32_t user, const char *name, const struct uds_event *event);

#endif
