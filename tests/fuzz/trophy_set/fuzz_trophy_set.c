/* Fuzz target for the trophy file readers (trophy_set.h): the input is read as a PS4 trophy
 * package, as a configuration (XML) on its own and as a PS5 trophy file (.ucp). A parsed set
 * must be consistent: ids 0..count-1 all defined, names terminated. The container is also read
 * as a UDS file (uds00.ucp: stats and extraction rules). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hle/libSceNpTrophy/trophy_set.h"
#include "hle/libSceNpUniversalDataSystem/uds_stats.h"

static struct trophy_set set;

static void check(void) {
  if (!set.known) return;
  if (set.count == 0 || set.count > TROPHY_NUM_MAX) abort();
  for (uint32_t i = 0; i < set.count; i++) {
    const struct trophy_def *d = &set.defs[i];
    if (!d->defined || memchr(d->name, 0, sizeof d->name) == NULL || d->grade > 4) abort();
    if (memchr(d->detail, 0, sizeof d->detail) == NULL) abort();
    if (memchr(d->reward, 0, sizeof d->reward) == NULL) abort();
    if (d->platinum < -1 || d->platinum >= TROPHY_NUM_MAX) abort();
    if (d->progressive && d->target < 1) abort();
  }
  if (memchr(set.title, 0, sizeof set.title) == NULL) abort();
  if (set.group_names > TROPHY_GROUPS_MAX) abort();
  for (uint32_t k = 0; k < set.group_names; k++)
    if (set.groups[k].id < 0 || memchr(set.groups[k].name, 0, sizeof set.groups[k].name) == NULL)
      abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char why[160];
  if (trophy_set_parse_trp(data, size, &set, why, sizeof why)) check();
  if (trophy_set_parse_sfm((const char *)data, size, &set, why, sizeof why)) check();
  if (trophy_set_parse_ucp(data, size, &set, why, sizeof why)) check();
  /* the same container as a UDS file: stats and rules consistent */
  struct uds_stats_config c;
  uint32_t skipped;
  if (uds_stats_parse(data, size, &c, &skipped, why, sizeof why)) {
    if (c.stat_count > UDS_STATS_MAX || c.rule_count > UDS_RULES_MAX) abort();
    for (uint32_t i = 0; i < c.stat_count; i++)
      if (c.stats[i].min > c.stats[i].max || c.stats[i].initial < c.stats[i].min ||
          c.stats[i].initial > c.stats[i].max)
        abort();
    for (uint32_t i = 0; i < c.rule_count; i++)
      if (!memchr(c.rules[i].event, 0, sizeof c.rules[i].event) || !c.rules[i].event[0]) abort();
    uds_stats_free(&c);
  }
  return 0;
}
