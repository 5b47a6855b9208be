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
  assert_int_equal(t.flexible_memory, TITLE_DEFAULT_FLEXIBLE_MEMORY);
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_param_valid),
      cmocka_unit_test(test_param_malformed),
      cmocka_unit_test(test_mounts),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
