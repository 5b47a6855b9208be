/* Host-side pieces of libSceSaveData and libSceNpTrophy: the dir name pattern (SQL LIKE
 * semantics: '%' any run, '_' one character; no case), slot names, the slot record on disk
 * (a damaged record is not a save), and the trophy package / configuration readers on
 * packages built here from the documented layout. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hle/libSceNpTrophy/trophy_set.h"
#include "hle/libSceNpUniversalDataSystem/uds_stats.h"
#include "hle/libSceSaveData/save_data.h"

static void test_pattern(void **state) {
  (void)state;
  assert_true(save_data_pattern_match("%", ""));
  assert_true(save_data_pattern_match("%", "SAVE01"));
  assert_true(save_data_pattern_match("", ""));
  assert_false(save_data_pattern_match("", "A"));
  assert_false(save_data_pattern_match("_", ""));
  assert_true(save_data_pattern_match("SAVE__", "SAVE01"));
  assert_false(save_data_pattern_match("SAVE__", "SAVE1"));
  assert_true(save_data_pattern_match("save%", "SAVE01"));
  assert_true(save_data_pattern_match("%0%1", "SAVE01"));
  assert_false(save_data_pattern_match("%2", "SAVE01"));
  assert_true(save_data_pattern_match("S%%E01", "SAVE01"));
  /* many '%' against a long name: linear work, and the right answer */
  char name[32];
  memset(name, 'A', 31);
  name[31] = 0;
  assert_false(save_data_pattern_match("%A%A%A%A%A%A%A%A%A%A%A%A%A%AB", name));
  assert_true(save_data_pattern_match("%A%A%A%A%A%A%A%A%A%A%A%A%A%AA", name));
}

static void test_dir_names(void **state) {
  (void)state;
  assert_true(save_data_dir_name_valid("SLOT_1", false));
  assert_true(save_data_dir_name_valid("a-b_C9", false));
  assert_false(save_data_dir_name_valid("", false));
  assert_false(save_data_dir_name_valid("..", false));
  assert_false(save_data_dir_name_valid("a/b", false));
  assert_false(save_data_dir_name_valid("a b", false));
  assert_false(save_data_dir_name_valid("sce_sdmemory", false));
  assert_true(save_data_dir_name_valid("sce_sdmemory", true));
  char n[40];
  memset(n, 'X', sizeof n);
  n[31] = 0;
  assert_true(save_data_dir_name_valid(n, false)); /* 31 characters */
  n[31] = 'X';
  assert_false(save_data_dir_name_valid(n, false)); /* no NUL within 32 bytes */
}

static void test_records(void **state) {
  (void)state;
  char root[] = "/tmp/prospero-savedata-XXXXXX";
  assert_non_null(mkdtemp(root));
  save_data_set_title_dir(root);
  assert_false(save_data_slot_exists(1, "ONE"));
  assert_true(save_data_slot_create(1, "ONE", 100));
  assert_true(save_data_slot_exists(1, "ONE"));
  struct save_data_record rec;
  assert_true(save_data_record_read(1, "ONE", &rec));
  assert_int_equal(rec.blocks, 100);
  assert_true(rec.param.mtime > 0);
  strcpy(rec.param.title, "T");
  rec.param.user_param = 9;
  assert_true(save_data_record_write(1, "ONE", &rec));
  memset(&rec, 0, sizeof rec);
  assert_true(save_data_record_read(1, "ONE", &rec));
  assert_string_equal(rec.param.title, "T");
  assert_int_equal(rec.param.user_param, 9);
  char names[4][SAVE_DATA_DIRNAME_SIZE];
  assert_int_equal(save_data_slot_list(1, names, 4), 1);
  assert_string_equal(names[0], "ONE");
  /* a damaged record: not a save, and not listed */
  char p[512];
  snprintf(p, sizeof p, "%s/savedata/1/ONE/sce_sys/param.bin", root);
  FILE *f = fopen(p, "r+b");
  assert_non_null(f);
  fputs("XXXX", f);
  fclose(f);
  assert_false(save_data_record_read(1, "ONE", &rec));
  assert_true(truncate(p, 20) == 0);
  assert_false(save_data_record_read(1, "ONE", &rec));
  assert_true(save_data_slot_delete(1, "ONE"));
  assert_false(save_data_slot_exists(1, "ONE"));
  assert_int_equal(save_data_slot_list(1, names, 4), 0);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  assert_int_equal(system(cmd), 0);
}

static const char sfm[] =
    "<trophyconf><title-name>Set</title-name>"
    "<trophy id=\"000\" hidden=\"no\" ttype=\"P\" pid=\"-1\"><name>All</name></trophy>"
    "<trophy id=\"001\" hidden=\"yes\" ttype=\"B\" pid=\"000\"><name>One</name>"
    "<detail>The first</detail></trophy>"
    "</trophyconf>";

static void put_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}
static void put_be64(uint8_t *p, uint64_t v) {
  put_be32(p, (uint32_t)(v >> 32));
  put_be32(p + 4, (uint32_t)v);
}

/* A package of one entry NAME holding DATA (the documented layout). */
static size_t make_trp(uint8_t *out, const char *name, const void *data, size_t len) {
  memset(out, 0, 0xA0 + len);
  put_be32(out, 0xDCA24D00u);
  put_be32(out + 4, 1);
  put_be64(out + 8, 0xA0 + len);
  put_be32(out + 16, 1);
  put_be32(out + 20, 0x40);
  memcpy(out + 0x60, name, strlen(name));
  put_be64(out + 0x60 + 32, 0xA0);
  put_be64(out + 0x60 + 40, len);
  memcpy(out + 0xA0, data, len);
  return 0xA0 + len;
}

static void test_trophy_set(void **state) {
  (void)state;
  static struct trophy_set set;
  char why[160];
  static uint8_t trp[4096];
  size_t n = make_trp(trp, "TROP.SFM", sfm, sizeof sfm - 1);
  assert_true(trophy_set_parse_trp(trp, n, &set, why, sizeof why));
  assert_int_equal(set.count, 2);
  assert_string_equal(set.title, "Set");
  assert_int_equal(set.defs[0].grade, TROPHY_GRADE_PLATINUM);
  assert_int_equal(set.defs[1].grade, TROPHY_GRADE_BRONZE);
  assert_int_equal(set.defs[1].platinum, 0);
  assert_true(set.defs[1].hidden);
  assert_string_equal(set.defs[1].name, "One");
  assert_string_equal(set.defs[1].detail, "The first");
  assert_string_equal(set.defs[0].detail, "");
  n = make_trp(trp, "TROP.ESFM", "\x01\x02", 2);
  assert_false(trophy_set_parse_trp(trp, n, &set, why, sizeof why));
  assert_non_null(strstr(why, "encrypted"));
  n = make_trp(trp, "TROP.SFM", sfm, sizeof sfm - 1);
  put_be64(trp + 0x60 + 40, 1u << 20); /* the entry runs past the end */
  assert_false(trophy_set_parse_trp(trp, n, &set, why, sizeof why));
  assert_false(trophy_set_parse_trp(trp, 40, &set, why, sizeof why));
  trp[0] = 0;
  assert_false(trophy_set_parse_trp(trp, n, &set, why, sizeof why));
  static const char gap[] =
      "<trophy id=\"000\" ttype=\"B\"></trophy><trophy id=\"002\" ttype=\"B\">";
  assert_false(trophy_set_parse_sfm(gap, sizeof gap - 1, &set, why, sizeof why));
  static const char twice[] = "<trophy id=\"000\" ttype=\"B\"><trophy id=\"000\" ttype=\"B\">";
  assert_false(trophy_set_parse_sfm(twice, sizeof twice - 1, &set, why, sizeof why));
  static const char big[] = "<trophy id=\"128\" ttype=\"B\">";
  assert_false(trophy_set_parse_sfm(big, sizeof big - 1, &set, why, sizeof why));
  assert_false(trophy_set_parse_sfm("", 0, &set, why, sizeof why));
}

/* A PS5 trophy file (.ucp, the layout in trophy_ucp.c) of N entries NAMES[i] holding
 * TEXTS[i]: header at 0, entry table at 0x20 (0x20 bytes, then 0x40-byte entries). */
static size_t make_ucp(uint8_t *out, size_t n, const char *const *names, const char *const *texts) {
  size_t off = 0x40 + 0x40 * n;
  memset(out, 0, off);
  put_be32(out, 0xB228C60Au);
  put_be32(out + 4, 1);
  put_be32(out + 0x10, (uint32_t)n);
  put_be32(out + 0x14, 0x20);
  for (size_t i = 0; i < n; i++) {
    uint8_t *e = out + 0x40 + 0x40 * i;
    size_t len = strlen(texts[i]);
    memcpy(e, names[i], strlen(names[i]));
    put_be64(e + 32, off);
    put_be64(e + 40, len);
    memcpy(out + off, texts[i], len);
    off += len;
  }
  put_be64(out + 8, off);
  return off;
}

static void test_trophy_ucp(void **state) {
  (void)state;
  static struct trophy_set set;
  static uint8_t ucp[4096];
  char why[160];
  static const char conf[] =
      "{\"defaultLanguage\":\"fr-FR\",\"trophies\":["
      "{\"id\":\"000\",\"grade\":\"P\"},"
      "{\"id\":1,\"grade\":\"S\",\"platinumTrophyId\":0,\"hidden\":true,"
      "\"unlockCondition\":{\"progressive\":true,\"targetValue\":25}},"
      "{\"id\":2,\"grade\":\"B\",\"groupId\":1}]}";
  static const char fr[] =
      "{\"metadata\":{\"titleMetadata\":{\"name\":\"Jeu\"},"
      "\"groupMetadata\":[{\"id\":1,\"name\":\"Groupe\"},{\"id\":-4,\"name\":\"x\"}],"
      "\"trophyMetadata\":[{\"id\":0,\"name\":\"Tout\"},{\"id\":\"002\",\"name\":\"Deux\","
      "\"detail\":\"Le second\"}]}}";
  static const char en[] = "{\"metadata\":{\"titleMetadata\":{\"name\":\"Game\"}}}";
  const char *names[] = {"tropmeta_en-US.json", "tropconf.json", "tropmeta_fr-FR.json"};
  const char *texts[] = {en, conf, fr};
  size_t n = make_ucp(ucp, 3, names, texts);
  assert_true(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  assert_true(set.known);
  assert_int_equal(set.count, 3);
  assert_string_equal(set.title, "Jeu"); /* the default language's names */
  assert_int_equal(set.defs[0].grade, TROPHY_GRADE_PLATINUM);
  assert_int_equal(set.defs[0].platinum, -1);
  assert_int_equal(set.defs[1].grade, TROPHY_GRADE_SILVER);
  assert_int_equal(set.defs[1].platinum, 0);
  assert_true(set.defs[1].hidden);
  assert_true(set.defs[1].progressive);
  assert_int_equal(set.defs[1].target, 25);
  assert_false(set.defs[2].progressive);
  assert_int_equal(set.defs[2].group, 1);
  assert_string_equal(set.defs[0].name, "Tout");
  assert_string_equal(set.defs[1].name, "");
  assert_string_equal(set.defs[2].name, "Deux");
  assert_string_equal(set.defs[2].detail, "Le second");
  assert_int_equal(set.group_names, 1); /* a negative group id is not a group */
  assert_int_equal(set.groups[0].id, 1);
  assert_string_equal(set.groups[0].name, "Groupe");
  /* without the default language's file: en-US */
  names[2] = "tropmeta_de-DE.json";
  n = make_ucp(ucp, 3, names, texts);
  assert_true(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  assert_string_equal(set.title, "Game");
  /* damaged: an entry past the end, a short file, a bad magic or version, no configuration,
   * a gap in the ids, a trophy without a grade, bad JSON */
  n = make_ucp(ucp, 3, names, texts);
  put_be64(ucp + 0x40 + 0x40 + 40, 1u << 20);
  assert_false(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  assert_non_null(strstr(why, "outside"));
  assert_false(set.known);
  n = make_ucp(ucp, 3, names, texts);
  assert_false(trophy_set_parse_ucp(ucp, 0x30, &set, why, sizeof why));
  put_be32(ucp + 4, 2);
  assert_false(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  ucp[0] = 0;
  assert_false(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  const char *only[] = {"tropmeta_en-US.json"};
  n = make_ucp(ucp, 1, only, texts);
  assert_false(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  assert_non_null(strstr(why, "tropconf.json"));
  const char *conf_name[] = {"tropconf.json"};
  const char *gap[] = {"{\"trophies\":[{\"id\":0,\"grade\":\"B\"},{\"id\":2,\"grade\":\"B\"}]}"};
  n = make_ucp(ucp, 1, conf_name, gap);
  assert_false(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  const char *nograde[] = {"{\"trophies\":[{\"id\":0}]}"};
  n = make_ucp(ucp, 1, conf_name, nograde);
  assert_false(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  const char *big[] = {"{\"trophies\":[{\"id\":1000,\"grade\":\"B\"}]}"};
  n = make_ucp(ucp, 1, conf_name, big);
  assert_false(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  /* a PS5 set may define up to 1000 trophies (SCE_NP_TROPHY2_NUM_MAX), beyond the PS4's 128 */
  static char many[200 * 32 + 64];
  size_t m = (size_t)snprintf(many, sizeof many, "{\"trophies\":[");
  for (int i = 0; i < 200; i++)
    m += (size_t)snprintf(many + m, sizeof many - m, "%s{\"id\":%d,\"grade\":\"B\"}", i ? "," : "",
                          i);
  snprintf(many + m, sizeof many - m, "]}");
  const char *many_text[] = {many};
  static uint8_t large[8192];
  n = make_ucp(large, 1, conf_name, many_text);
  assert_true(trophy_set_parse_ucp(large, n, &set, why, sizeof why));
  assert_int_equal(set.count, 200);
  assert_int_equal(set.defs[199].grade, TROPHY_GRADE_BRONZE);
  const char *bad[] = {"{\"trophies\":[{\"id\":0,"};
  n = make_ucp(ucp, 1, conf_name, bad);
  assert_false(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
}

/* tropconf.json's unlockCondition naming a UDS stat (public readers of the file: udsStatId,
 * comparator ge/gt/le/lt/eq, targetValue as a string), hasReward and groupId as a string,
 * tropmeta's reward name; the icons' entries. */
static void test_trophy_ucp_stats(void **state) {
  (void)state;
  static struct trophy_set set;
  static uint8_t ucp[4096];
  char why[160];
  static const char conf[] =
      "{\"trophies\":[{\"id\":0,\"grade\":\"B\",\"hasReward\":true,\"unlockCondition\":"
      "{\"udsStatId\":\"12\",\"comparator\":\"lt\",\"targetValue\":\"-3\"}},"
      "{\"id\":1,\"grade\":\"B\",\"unlockCondition\":{\"udsStatId\":7,\"targetValue\":\"40\","
      "\"progressive\":true}},"
      "{\"id\":2,\"grade\":\"B\",\"groupId\":\"003\",\"unlockCondition\":{\"udsStatId\":\"x\","
      "\"targetValue\":1}}]}";
  static const char meta[] =
      "{\"metadata\":{\"trophyMetadata\":[{\"id\":\"000\",\"name\":\"A\",\"reward\":\"Hat\"}]}}";
  const char *names[] = {"tropconf.json", "trop0001.png", "tropmeta_en-US.json"};
  const char *texts[] = {conf, "PNG1", meta};
  size_t n = make_ucp(ucp, 3, names, texts);
  assert_true(trophy_set_parse_ucp(ucp, n, &set, why, sizeof why));
  assert_true(set.defs[0].has_reward);
  assert_string_equal(set.defs[0].reward, "Hat");
  assert_string_equal(set.defs[1].reward, "");
  assert_int_equal(set.defs[2].group, 3); /* a group id written as a decimal string */
  assert_int_equal(set.defs[0].stat, 12);
  assert_int_equal(set.defs[0].compare, TROPHY_CMP_LT);
  assert_int_equal(set.defs[0].target, -3);
  assert_false(set.defs[0].progressive); /* no "progressive" */
  assert_false(set.defs[1].has_reward);
  assert_int_equal(set.defs[1].stat, 7);
  assert_int_equal(set.defs[1].compare, TROPHY_CMP_GE); /* no comparator */
  assert_true(set.defs[1].progressive);
  assert_int_equal(set.defs[1].target, 40);
  assert_int_equal(set.defs[2].stat, -1); /* not a stat id */
  size_t off, len;
  assert_true(trophy_ucp_entry(ucp, n, "trop0001.png", &off, &len));
  assert_int_equal(len, 4);
  assert_memory_equal(ucp + off, "PNG1", 4);
  assert_false(trophy_ucp_entry(ucp, n, "trop0000.png", &off, &len));
  assert_false(trophy_ucp_entry(ucp, 0x30, "trop0001.png", &off, &len));
  uint8_t cmp;
  assert_true(trophy_compare_parse(">=", &cmp) && cmp == TROPHY_CMP_GE);
  assert_true(trophy_compare_parse("eq", &cmp) && cmp == TROPHY_CMP_EQ);
  assert_false(trophy_compare_parse("~", &cmp));
}

/* uds00.ucp's stats: definitions, rules, and the guide's aggregation and condition rules. */
static void test_uds_stats(void **state) {
  (void)state;
  static uint8_t ucp[4096];
  char why[160];
  static const char defs[] =
      "{\"statDefinitionArray\":["
      "{\"statId\":1,\"dataType\":\"Uint32\",\"aggregation\":\"Sum\"},"
      "{\"statId\":\"2\",\"dataType\":\"Int32\",\"aggregation\":\"max\",\"initialValue\":\"100\","
      "\"maxValue\":\"500\"},"
      "{\"statId\":3,\"dataType\":\"Uint64\",\"aggregation\":\"count\"},"
      "{\"statId\":4,\"dataType\":\"Float64\",\"aggregation\":\"min\",\"minValue\":\"-1.5\"},"
      "{\"statId\":5,\"dataType\":\"Int64\",\"aggregation\":\"count\"},"
      "{\"statId\":6,\"dataType\":\"String\",\"aggregation\":\"latest\"},"
      "{\"statId\":1,\"dataType\":\"Uint32\",\"aggregation\":\"latest\"}]}";
  static const char rules[] =
      "{\"statsExtractionRuleArray\":["
      "{\"condition\":{\"eventName\":\"a\"},\"action\":{\"input\":\"$.v\",\"output\":{\"statId\":1}"
      "}},"
      "{\"condition\":{\"eventName\":\"b\",\"property\":{\"path\":\"$.k.x\",\"comparator\":\">=\","
      "\"value\":2}},\"action\":{\"output\":{\"statId\":3}}},"
      "{\"condition\":{\"eventName\":\"a\"},\"action\":{\"output\":{\"statId\":2}}},"
      "{\"condition\":{\"eventName\":\"a\"},\"action\":{\"input\":\"v\",\"output\":{\"statId\":9}}}"
      ","
      "{\"condition\":{\"eventName\":\"a\"},\"action\":{\"input\":\"v\",\"convert\":\"f\","
      "\"output\":{\"statId\":1}}},"
      "{\"condition\":{},\"action\":{\"output\":{\"statId\":3}}}]}";
  const char *names[] = {"stats_definition.json", "stats_extraction.json"};
  const char *texts[] = {defs, rules};
  size_t n = make_ucp(ucp, 2, names, texts);
  struct uds_stats_config c;
  uint32_t skipped;
  assert_true(uds_stats_parse(ucp, n, &c, &skipped, why, sizeof why));
  /* left out: Int64 count, a String stat, stat 1 twice; a rule without input for a max stat,
   * one for stat 9, one with a conversion, one without an event name */
  assert_int_equal(c.stat_count, 4);
  assert_int_equal(c.rule_count, 2);
  assert_int_equal(skipped, 7);
  assert_string_equal(c.rules[0].input, "v");
  assert_true(c.rules[1].has_condition);
  assert_string_equal(c.rules[1].cond_path, "k.x");
  assert_int_equal(c.rules[1].cond_compare, UDS_CMP_GE);
  assert_int_equal(c.rules[1].stat, 3);
  /* Sum clamps at the type's maximum (no overflow); integer types drop the fraction */
  const struct uds_stat_def *sum = &c.stats[0];
  assert_true(uds_stat_aggregate(sum, 4294967290.0L, 10) == 4294967295.0L);
  assert_true(uds_stat_aggregate(sum, 1, 2.75L) == 3);
  assert_true(uds_stat_aggregate(sum, 1, -5) == 0); /* unsigned: not below 0 */
  /* Max compares with the initial value (100), within the stat's maximum (500) */
  const struct uds_stat_def *max = &c.stats[1];
  assert_true(max->initial == 100);
  assert_true(uds_stat_aggregate(max, max->initial, 50) == 100);
  assert_true(uds_stat_aggregate(max, 100, 900) == 500);
  assert_true(uds_stat_aggregate(&c.stats[2], 7, 0) == 8); /* count */
  const struct uds_stat_def *min = &c.stats[3];
  assert_true(uds_stat_aggregate(min, 0, -0.25L) == -0.25L);
  assert_true(uds_stat_aggregate(min, 0, -9) == -1.5L);
  uds_stats_free(&c);
  /* conditions: == and != for strings and bools, the order only for numbers */
  struct uds_value a = {.kind = UDS_VALUE_STRING}, b = {.kind = UDS_VALUE_STRING};
  snprintf(a.string, sizeof a.string, "S");
  snprintf(b.string, sizeof b.string, "S");
  assert_true(uds_value_compare(&a, UDS_CMP_EQ, &b));
  assert_false(uds_value_compare(&a, UDS_CMP_NE, &b));
  assert_false(uds_value_compare(&a, UDS_CMP_LE, &b));
  struct uds_value x = {.kind = UDS_VALUE_NUMBER, .number = 2};
  struct uds_value y = {.kind = UDS_VALUE_NUMBER, .number = 3};
  assert_true(uds_value_compare(&x, UDS_CMP_LT, &y));
  assert_false(uds_value_compare(&x, UDS_CMP_GE, &y));
  assert_false(uds_value_compare(&x, UDS_CMP_EQ, &a)); /* kinds differ */
  /* not a UDS file, damaged, or without the rules */
  assert_false(uds_stats_parse(ucp, 0x20, &c, &skipped, why, sizeof why));
  const char *one[] = {"stats_definition.json"};
  n = make_ucp(ucp, 1, one, texts);
  assert_false(uds_stats_parse(ucp, n, &c, &skipped, why, sizeof why));
  assert_non_null(strstr(why, "stats_extraction.json"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_trophy_ucp_stats), cmocka_unit_test(test_uds_stats),
      cmocka_unit_test(test_pattern),          cmocka_unit_test(test_dir_names),
      cmocka_unit_test(test_records),          cmocka_unit_test(test_trophy_set),
      cmocka_unit_test(test_trophy_ucp),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
