/* param.json parsing and guest path mounts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "kernel/mounts.h"
#include "kernel/title.h"

static void test_param_valid(void **state) {
  (void)state;
  const char *j = "{\"titleId\":\"PPSA01234\",\"contentId\":\"UP0000-PPSA01234_00-X\","
                  "\"appVersion\":\"01.002\",\"kernel\":{\"flexibleMemorySize\":536870912},"
                  "\"other\":[1,2]}";
  struct title_info t;
  char err[256] = "";
  assert_true(title_parse_param_json(j, strlen(j), &t, err, sizeof err));
  assert_string_equal(t.title_id, "PPSA01234");
  assert_string_equal(t.app_version, "01.002");
  assert_int_equal(t.flexible_memory, 512ull << 20);
  const char *minimal = "{\"titleId\":\"ABCD00001\"}";
  assert_true(title_parse_param_json(minimal, strlen(minimal), &t, err, sizeof err));
  assert_int_equal(t.flexible_memory, 448ull << 20); /* SDK 12.000: omitted -> 448 MiB */
  const char *zero = "{\"titleId\":\"ABCD00001\",\"kernel\":{\"flexibleMemorySize\":0}}";
  assert_true(title_parse_param_json(zero, strlen(zero), &t, err, sizeof err));
  assert_int_equal(t.flexible_memory, 448ull << 20); /* 0 -> the default too */
  const char *big = "{\"titleId\":\"ABCD00001\",\"kernel\":{\"flexibleMemorySize\":2147483648}}";
  assert_true(title_parse_param_json(big, strlen(big), &t, err, sizeof err));
  assert_int_equal(t.flexible_memory, 2ull << 30); /* development-mode size: kept, warned */
  assert_int_equal(t.user_param[0], 0); /* absent: 0 */
  const char *user = "{\"titleId\":\"ABCD00001\",\"userDefinedParam1\":7,"
                     "\"userDefinedParam3\":-2147483648,\"userDefinedParam4\":2147483647}";
  assert_true(title_parse_param_json(user, strlen(user), &t, err, sizeof err));
  assert_int_equal(t.user_param[0], 7);
  assert_int_equal(t.user_param[1], 0);
  assert_int_equal(t.user_param[2], INT32_MIN);
  assert_int_equal(t.user_param[3], INT32_MAX);
}

static void test_param_malformed(void **state) {
  (void)state;
  struct {
    const char *json, *expect;
  } cases[] = {
      {"{\"titleId\":", "not valid JSON"},
      {"[1,2]", "not a JSON object"},
      {"{}", "no \"titleId\""},
      {"{\"titleId\":5}", "not a string"},
      {"{\"titleId\":\"../../etc\"}", "four capital letters"},
      {"{\"titleId\":\"PPSA01234\",\"kernel\":{\"flexibleMemorySize\":-1}}", "flexibleMemorySize"},
      {"{\"titleId\":\"PPSA01234\",\"kernel\":{\"flexibleMemorySize\":1e30}}", "flexibleMemorySize"},
      {"{\"titleId\":\"PPSA01234\",\"kernel\":3}", "not an object"},
      {"{\"titleId\":\"PPSA01234\",\"appVersion\":\"0123456789012345678\"}", "longer than"},
      {"{\"titleId\":\"PPSA01234\",\"userDefinedParam2\":\"1\"}", "userDefinedParam2"},
      {"{\"titleId\":\"PPSA01234\",\"userDefinedParam1\":1.5}", "userDefinedParam1"},
      {"{\"titleId\":\"PPSA01234\",\"userDefinedParam4\":2147483648}", "userDefinedParam4"},
      {"{\"titleId\":\"PPSA01234\",\"userDefinedParam3\":1e30}", "userDefinedParam3"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct title_info t;
    char err[256] = "";
    if (title_parse_param_json(cases[i].json, strlen(cases[i].json), &t, err, sizeof err))
      fail_msg("accepted %s", cases[i].json);
    if (!strstr(err, cases[i].expect)) fail_msg("'%s' lacks '%s'", err, cases[i].expect);
  }
}

static void test_mounts(void **state) {
  (void)state;
  mounts_clear();
  assert_true(mounts_add("/app0", "/games/x", true));
  assert_true(mounts_add("/temp0", "/data/t", false));
  assert_false(mounts_add("/app0", "/other", true));
  assert_false(mounts_add("app0", "/other", true));
  char out[256];
  bool ro = false;
  assert_true(mounts_resolve("/app0/sce_module/libc.prx", out, sizeof out, &ro));
  assert_string_equal(out, "/games/x/sce_module/libc.prx");
  assert_true(ro);
  assert_true(mounts_resolve("/temp0", out, sizeof out, &ro));
  assert_string_equal(out, "/data/t");
  assert_false(ro);
  assert_false(mounts_resolve("/app01/x", out, sizeof out, NULL));
  assert_false(mounts_resolve("/app0/../etc/passwd", out, sizeof out, NULL));
  assert_false(mounts_resolve("relative", out, sizeof out, NULL));
  assert_false(mounts_resolve("/app0/long", out, 8, NULL));
  mounts_clear();
}

/* Writes a param.sfo with the given string entries into BUF; returns its size. */
static size_t make_sfo(uint8_t *buf, const char *const *keys, const char *const *vals, int n) {
  memset(buf, 0, 1024);
  uint32_t hdr[5] = {0x46535000u, 0x101, 20 + 16 * (uint32_t)n, 0, (uint32_t)n};
  size_t kat = hdr[2], kt = 0;
  for (int i = 0; i < n; i++) kt += strlen(keys[i]) + 1;
  hdr[3] = (uint32_t)((kat + kt + 3) & ~3u);
  memcpy(buf, hdr, sizeof hdr);
  size_t koff = 0, doff = 0;
  for (int i = 0; i < n; i++) {
    uint16_t ko = (uint16_t)koff, fmt = 0x0204;
    uint32_t len = (uint32_t)strlen(vals[i]) + 1, max = (len + 3) & ~3u, dofs = (uint32_t)doff;
    uint8_t *e = buf + 20 + 16 * i;
    memcpy(e, &ko, 2);
    memcpy(e + 2, &fmt, 2);
    memcpy(e + 4, &len, 4);
    memcpy(e + 8, &max, 4);
    memcpy(e + 12, &dofs, 4);
    strcpy((char *)buf + kat + koff, keys[i]);
    strcpy((char *)buf + hdr[3] + doff, vals[i]);
    koff += strlen(keys[i]) + 1;
    doff += max;
  }
  return hdr[3] + doff;
}

static void test_param_sfo(void **state) {
  (void)state;
  uint8_t buf[1024];
  const char *keys[] = {"CATEGORY", "TITLE_ID", "APP_VER", "CONTENT_ID"};
  const char *vals[] = {"gd", "CUSA01234", "01.05", "UP0000-CUSA01234_00-0000000000000000"};
  size_t n = make_sfo(buf, keys, vals, 4);
  struct title_info t;
  char err[256] = "";
  if (!title_parse_param_sfo(buf, n, &t, err, sizeof err)) fail_msg("%s", err);
  assert_string_equal(t.title_id, "CUSA01234");
  assert_string_equal(t.app_version, "01.05");
  assert_string_equal(t.content_id, "UP0000-CUSA01234_00-0000000000000000");
  assert_int_equal(t.flexible_memory, TITLE_DEFAULT_FLEXIBLE_MEMORY);
  /* malformed: truncated, bad magic, entry out of the file, no title id, bad title id */
  assert_false(title_parse_param_sfo(buf, 10, &t, err, sizeof err));
  assert_non_null(strstr(err, "bad magic"));
  assert_false(title_parse_param_sfo(buf, 40, &t, err, sizeof err));
  assert_non_null(strstr(err, "do not fit"));
  uint8_t bad[1024];
  memcpy(bad, buf, sizeof bad);
  uint32_t far = 0x7FFFFFF0;
  memcpy(bad + 20 + 12, &far, 4);
  assert_false(title_parse_param_sfo(bad, n, &t, err, sizeof err));
  assert_non_null(strstr(err, "outside the file"));
  n = make_sfo(buf, keys, vals, 1);
  assert_false(title_parse_param_sfo(buf, n, &t, err, sizeof err));
  assert_non_null(strstr(err, "no TITLE_ID"));
  const char *badv[] = {"gd", "../x"};
  n = make_sfo(buf, keys, badv, 2);
  assert_false(title_parse_param_sfo(buf, n, &t, err, sizeof err));
  assert_non_null(strstr(err, "four capital letters"));
  /* USER_DEFINED_PARAM_2: a u32 entry (format 0x0404, 4 bytes) */
  const char *ukeys[] = {"TITLE_ID", "USER_DEFINED_PARAM_2"};
  const char *uvals[] = {"CUSA01234", "abc"};
  n = make_sfo(buf, ukeys, uvals, 2);
  assert_false(title_parse_param_sfo(buf, n, &t, err, sizeof err)); /* a string: refused */
  assert_non_null(strstr(err, "USER_DEFINED_PARAM_2"));
  uint8_t *e = buf + 20 + 16;
  uint16_t fmt = 0x0404;
  uint32_t data_table, dofs, value = 0xFFFFFFFEu;
  memcpy(e + 2, &fmt, 2);
  memcpy(&data_table, buf + 12, 4);
  memcpy(&dofs, e + 12, 4);
  memcpy(buf + data_table + dofs, &value, 4);
  if (!title_parse_param_sfo(buf, n, &t, err, sizeof err)) fail_msg("%s", err);
  assert_int_equal(t.user_param[1], -2);
  assert_int_equal(t.user_param[0], 0);
}

/* PS5 or PS4 is the metadata's decision, then the executable's ELF header's; never the SELF
 * magic (which is not even an input). */
static void test_platform_rule(void **state) {
  (void)state;
  uint8_t ps5_ident[16] = {0x7F, 'E', 'L', 'F', 2, 1, 1, 9, 2};
  uint8_t ps4_ident[16] = {0x7F, 'E', 'L', 'F', 2, 1, 1, 9, 0};
  uint8_t sysv_ident[16] = {0x7F, 'E', 'L', 'F', 2, 1, 1, 0, 0};
  const char *why;
  /* metadata first, whatever the executable says */
  assert_int_equal(title_platform_decide(true, false, ps4_ident, 0xFE10, &why), TITLE_PLATFORM_PS5);
  assert_string_equal(why, "sce_sys/param.json");
  assert_int_equal(title_platform_decide(false, true, ps5_ident, 0xFE10, &why), TITLE_PLATFORM_PS4);
  assert_string_equal(why, "sce_sys/param.sfo");
  /* no metadata: the ELF header */
  assert_int_equal(title_platform_decide(false, false, ps5_ident, 2, NULL), TITLE_PLATFORM_PS5);
  assert_int_equal(title_platform_decide(false, false, ps4_ident, 0xFE10, NULL), TITLE_PLATFORM_PS4);
  assert_int_equal(title_platform_decide(false, false, ps4_ident, 0xFE00, NULL), TITLE_PLATFORM_PS4);
  /* a generic static executable (ET_EXEC, System V ABI) is homebrew for prospero's platform */
  assert_int_equal(title_platform_decide(false, false, sysv_ident, 2, &why), TITLE_PLATFORM_PS5);
  assert_int_equal(title_platform_decide(false, false, ps4_ident, 2, NULL), TITLE_PLATFORM_PS5);
  assert_int_equal(title_platform_decide(false, false, NULL, 0, NULL), TITLE_PLATFORM_PS5);
  assert_string_equal(title_platform_name(TITLE_PLATFORM_PS4), "PS4");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_platform_rule),
      cmocka_unit_test(test_param_valid),
      cmocka_unit_test(test_param_malformed),
      cmocka_unit_test(test_param_sfo),
      cmocka_unit_test(test_mounts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
