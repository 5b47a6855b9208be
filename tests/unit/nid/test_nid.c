/* NID derivation and "NID#L#M" symbol names, checked against the public check values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "common/nid.h"

static const struct {
  const char *name;
  const char *nid;
} known[] = {
    {"printf", "hcuQgD53UxM"},
    {"sceKernelUsleep", "1jfXLRVzisc"},
    {"exit", "uMei1W9uyNo"},
    {"__tls_get_addr", "vNe1w4diLCs"},
    {"module_start", "BaOKcng8g88"},
    {"__stack_chk_fail", "Ou3iL1abvng"},
    {"sceKernelExitProcess", "FnBKHp+gr04"},
    {"Need_sceLibc", "P330P3dFF68"},
};

static void test_check_values(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
    char nid[NID_BUF_SIZE];
    nid_from_name(known[i].name, nid);
    assert_string_equal(nid, known[i].nid);
    assert_true(nid_is_valid(nid));
  }
}

static void test_validity(void **state) {
  (void)state;
  assert_true(nid_is_valid("hcuQgD53UxM"));
  assert_false(nid_is_valid(NULL));
  assert_false(nid_is_valid(""));
  assert_false(nid_is_valid("hcuQgD53Ux"));    /* too short */
  assert_false(nid_is_valid("hcuQgD53UxMA"));  /* too long */
  assert_false(nid_is_valid("hcuQgD53U/M"));   /* '/' is not in the alphabet */
  assert_false(nid_is_valid("hcuQgD53UxN"));   /* last digit has bits beyond 64 */
}

static void test_encode_id(void **state) {
  (void)state;
  char buf[8];
  assert_int_equal(nid_encode_id(0, buf), 1);
  assert_string_equal(buf, "A");
  assert_int_equal(nid_encode_id(1, buf), 1);
  assert_string_equal(buf, "B");
  assert_int_equal(nid_encode_id(63, buf), 1);
  assert_string_equal(buf, "-");
  assert_int_equal(nid_encode_id(64, buf), 2);
  assert_string_equal(buf, "BA");
  assert_int_equal(nid_encode_id(0xFFFF, buf), 3);
  assert_string_equal(buf, "P--");
  unsigned v = 0;
  assert_true(nid_decode_id("P--", 3, &v));
  assert_int_equal(v, 0xFFFF);
  assert_false(nid_decode_id("---", 3, &v)); /* beyond 16 bits */
  assert_false(nid_decode_id("BAAA", 4, &v));
  assert_false(nid_decode_id("", 0, &v));
  assert_false(nid_decode_id("#", 1, &v));
}

static void test_symbol_round_trip(void **state) {
  (void)state;
  const unsigned ids[] = {0, 1, 2, 63, 64, 65, 4095, 4096, 0xFFFF};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
    for (size_t j = 0; j < sizeof ids / sizeof ids[0]; j++) {
      char sym[NID_SYMBOL_MAX];
      nid_format_symbol("hcuQgD53UxM", ids[i], ids[j], sym, sizeof sym);
      char nid[NID_BUF_SIZE];
      unsigned l = 99, m = 99;
      assert_true(nid_parse_symbol(sym, nid, &l, &m));
      assert_string_equal(nid, "hcuQgD53UxM");
      assert_int_equal(l, ids[i]);
      assert_int_equal(m, ids[j]);
    }
  }
  char sym[NID_SYMBOL_MAX];
  nid_format_symbol("uMei1W9uyNo", 2, 64, sym, sizeof sym);
  assert_string_equal(sym, "uMei1W9uyNo#C#BA");
}

static void test_symbol_rejects(void **state) {
  (void)state;
  static const char *bad[] = {
      "printf", "hcuQgD53UxM", "hcuQgD53UxM#", "hcuQgD53UxM#B", "hcuQgD53UxM#B#",
      "hcuQgD53UxM##B", "hcuQgD53UxM#B#C#D", "hcuQgD53Ux#B#C", "hcuQgD53U.M#B#C",
      "hcuQgD53UxM#BAAA#C", "hcuQgD53UxM#B#C ", "",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char nid[NID_BUF_SIZE] = "untouched";
    unsigned l = 7, m = 7;
    assert_false(nid_parse_symbol(bad[i], nid, &l, &m));
    assert_string_equal(nid, "untouched");
    assert_int_equal(l, 7);
    assert_int_equal(m, 7);
  }
  assert_false(nid_parse_symbol(NULL, NULL, NULL, NULL));
}

static void test_format_truncates(void **state) {
  (void)state;
  char small[8];
  nid_format_symbol("hcuQgD53UxM", 1, 1, small, sizeof small);
  assert_string_equal(small, "hcuQgD5");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_check_values),   cmocka_unit_test(test_validity),
      cmocka_unit_test(test_encode_id),      cmocka_unit_test(test_symbol_round_trip),
      cmocka_unit_test(test_symbol_rejects), cmocka_unit_test(test_format_truncates),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
