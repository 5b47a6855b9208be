/* UDS Stats of the running title: its uds00.ucp (read by uds_stats_rules.c), the values per
 * user on disk, the trophies they unlock (see uds_stats.h). */
#include "hle/libSceNpUniversalDataSystem/uds_stats.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/host_dirs.h"
#include "common/log.h"
#include "hle/libSceNpTrophy/np_trophy.h"

#define UCP_MAX_BYTES (64u << 20)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct uds_stats_config config;
static long double *values; /* one per config.stats, the loaded user's */
static int32_t loaded_user = -1;
static char store_dir[PATH_MAX]; /* <data>/uds */

void uds_stats_set_title(const char *title_data_dir, const char *game_folder) {
  pthread_mutex_lock(&lock);
  uds_stats_free(&config);
  free(values);
  values = NULL;
  loaded_user = -1;
  snprintf(store_dir, sizeof store_dir, "%.4000s/uds", title_data_dir);
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%.4000s/sce_sys/uds/uds00.ucp", game_folder);
  FILE *f = fopen(path, "rb");
  uint8_t *data = f ? malloc(UCP_MAX_BYTES) : NULL;
  size_t n = data ? fread(data, 1, UCP_MAX_BYTES, f) : 0;
  if (f) fclose(f);
  char why[160];
  uint32_t skipped = 0;
  if (!f) LOG(hle, INFO, "uds: no sce_sys/uds/uds00.ucp: no custom stats");
  else if (!data || !uds_stats_parse(data, n, &config, &skipped, why, sizeof why))
    LOG(hle, WARN, "uds: %s: %s; no custom stats", path, data ? why : "out of memory");
  else {
    values = calloc(config.stat_count + 1, sizeof *values);
    LOG(hle, INFO, "uds: %u stats, %u extraction rules from %s", config.stat_count,
        config.rule_count, path);
    if (skipped)
      LOG(hle, WARN,
          "uds: %u stat definitions or rules left out (unknown type or aggregation, a rule "
          "without its stat, or with a conversion)",
          skipped);
  }
  free(data);
  pthread_mutex_unlock(&lock);
}

static void stats_path(int32_t user, char *out, size_t cap) {
  snprintf(out, cap, "%s/%d/stats.txt", store_dir, (int)user);
}

/* The user's values (lock held): the initial values, then the file's. */
static void load(int32_t user) {
  if (loaded_user == user) return;
  loaded_user = user;
  for (uint32_t i = 0; i < config.stat_count; i++) values[i] = config.stats[i].initial;
  char path[PATH_MAX], line[160];
  stats_path(user, path, sizeof path);
  FILE *f = fopen(path, "r");
  while (f && fgets(line, sizeof line, f)) {
    long long id;
    char text[80];
    if (sscanf(line, "%lld %79s", &id, text) != 2) continue;
    char *end;
    long double v = strtold(text, &end);
    if (*end || isnan(v)) continue; /* not a number: the stat keeps its value */
    for (uint32_t i = 0; i < config.stat_count; i++)
      if (config.stats[i].id == id)
        values[i] = v < config.stats[i].min   ? config.stats[i].min
                    : v > config.stats[i].max ? config.stats[i].max
                                              : v;
  }
  if (f) fclose(f);
}

static void save(int32_t user) {
  char path[PATH_MAX], tmp[PATH_MAX + 8], dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s/%d", store_dir, (int)user);
  stats_path(user, path, sizeof path);
  snprintf(tmp, sizeof tmp, "%s.new", path);
  FILE *f = host_dirs_make(dir) ? fopen(tmp, "w") : NULL;
  for (uint32_t i = 0; f && i < config.stat_count; i++)
    fprintf(f, "%lld %.21Lg\n", (long long)config.stats[i].id, values[i]);
  if (!f || fclose(f) != 0 || rename(tmp, path) != 0)
    LOG(hle, ERROR, "uds: cannot write %s: %s", path, strerror(errno));
}

void uds_stats_apply(int32_t user, const char *name, const struct uds_event *event) {
  struct changed {
    int32_t stat;
    long double value;
  } *changed = NULL;
  uint32_t n_changed = 0;
  pthread_mutex_lock(&lock);
  if (config.rule_count && values) {
    load(user);
    changed = calloc(config.rule_count, sizeof *changed);
  }
  for (uint32_t k = 0; changed && k < config.rule_count; k++) {
    const struct uds_rule *r = &config.rules[k];
    struct uds_value have, input = {.kind = UDS_VALUE_NUMBER};
    if (strcmp(r->event, name) != 0) continue;
    if (r->has_condition && (!uds_event_value(event, r->cond_path, &have) ||
                             !uds_value_compare(&have, r->cond_compare, &r->cond_value)))
      continue;
    if (r->input[0] &&
        (!uds_event_value(event, r->input, &input) || (input.kind == UDS_VALUE_STRING))) {
      LOG(hle, GAME_ERROR, "uds: event %s lacks the number %s its stat %lld reads", name, r->input,
          (long long)r->stat);
      continue;
    }
    if (input.kind == UDS_VALUE_BOOL) input.number = input.boolean;
    uint32_t i = 0;
    while (config.stats[i].id != r->stat) i++; /* the parser kept only rules with their stat */
    long double v = uds_stat_aggregate(&config.stats[i], values[i], input.number);
    if (v == values[i]) continue;
    values[i] = v;
    LOG(hle, INFO, "uds: stat %lld = %.21Lg (event %s)", (long long)r->stat, v, name);
    changed[n_changed++] = (struct changed){(int32_t)r->stat, v};
  }
  if (n_changed) save(user);
  pthread_mutex_unlock(&lock);
  for (uint32_t k = 0; k < n_changed; k++)
    np_trophy_stat_changed(user, changed[k].stat, changed[k].value);
  free(changed);
}
