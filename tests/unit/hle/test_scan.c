/* The HLE scanf engine against glibc's sscanf: same return value and the same bytes stored
 * through every pointer, for a table of inputs and formats. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include <cmocka.h>

#include "hle/libc/scan.h"

static int eng_sscanf(const char *in, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int err = 0;
  int r = scan_run(in, fmt, (struct guest_va_list *)ap, &err);
  va_end(ap);
  return r;
}

struct scan_case {
  const char *input;
  const char *format;
};

static const struct scan_case cases[] = {
    {"42", "%d"}, {"  -17 rest", "%d"}, {"+5", "%d"}, {"12345", "%3d%d"},
    {"abc", "%d"}, {"", "%d"}, {"   ", "%d"}, {"-", "%d"}, {"0x1F", "%x"},
    {"0x1F", "%i"}, {"017", "%i"}, {"-0x10", "%i"}, {"ff", "%X"}, {"777", "%o"},
    {"4294967295", "%u"}, {"-1", "%u"}, {"300", "%hhd"}, {"70000", "%hd"},
    {"123456789012", "%lld"}, {"99999999999999999999", "%lld"}, {"1 2 3", "%d %d %d"},
    {"1,2,3", "%d,%d,%d"}, {"1, 2", "%d,%d"}, {"1 ,2", "%d ,%d"}, {"key=value", "%[^=]=%s"},
    {"hello world", "%s %s"}, {"hello world", "%5s%s"}, {"abcdef", "%3c%c"},
    {"xy", "%5c"}, {"  a", "%c"}, {"  a", " %c"}, {"abc123", "%[a-z]%d"},
    {"]x", "%[]x]"}, {"a-b", "%[a-]"}, {"ABCdef", "%[^a-z]%s"}, {"3.25", "%f"},
    {"3.25", "%lf"}, {"-1e10", "%le"}, {"0x1.8p1", "%la"}, {"inf", "%lf"}, {"nan", "%f"},
    {"1.5e", "%lf%s"}, {"12.5kg", "%lf%s"}, {"1e400", "%lf"}, {"2.5", "%Lf"},
    {"100%", "%d%%"}, {"100 %", "%d %%"}, {"abc", "abc%n"}, {"12 34", "%d%n %d"},
    {"12 34", "%*d %d"}, {"12", "%*d%d"}, {"0x", "%x"}, {"0xg", "%x%s"}, {"08", "%i%s"},
    {"0", "%p"}, {"0x1234", "%p"}, {"  42  ", " %d "}, {"a", "b"}, {"", "abc"},
    {"12abc", "%2d%s"}, {"-12", "%1d%s"}, {"1.2.3", "%f.%d"}, {"  \t\n7", "%d"},
    {"x", "%d%c"}, {"5 apples", "%d %6[a-z]"}, {"tab\there", "%s%s"},
};

static void test_against_glibc(void **state) {
  (void)state;
  int failures = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    unsigned char want[4][64], got[4][64];
    memset(want, 0xA5, sizeof want);
    memset(got, 0xA5, sizeof got);
    int rw = sscanf(cases[i].input, cases[i].format, want[0], want[1], want[2], want[3]);
    int rg = eng_sscanf(cases[i].input, cases[i].format, got[0], got[1], got[2], got[3]);
    if (rw != rg || memcmp(want, got, sizeof want) != 0) {
      failures++;
      print_error("sscanf(\"%s\", \"%s\"): want %d, got %d%s\n", cases[i].input,
                  cases[i].format, rw, rg,
                  memcmp(want, got, sizeof want) ? " (stored values differ)" : "");
    }
  }
  assert_int_equal(failures, 0);
}

/* Every conversion with widths 0-5 over tricky inputs, then the rest as a string. */
static void test_widths_and_prefixes(void **state) {
  (void)state;
  static const char *const inputs[] = {"-0x1aG", "+077 9", "  12e3x", "0X", "-", "0x",
                                       "1e+", "0.5e-2z", "  +.5", "ffz", "-inf!", "0x1p3q",
                                       "123456", "a b", "", "  \t"};
  static const char *const convs[] = {"d", "i", "x", "o", "u", "lf", "f", "s", "c",
                                      "[0-9a-f]", "hhi", "lli", "Lf", "p"};
  int failures = 0;
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++)
    for (size_t c = 0; c < sizeof convs / sizeof *convs; c++)
      for (int w = 0; w <= 5; w++) {
        char fmt[32];
        if (w) snprintf(fmt, sizeof fmt, "%%%d%s%%n%%s", w, convs[c]);
        else snprintf(fmt, sizeof fmt, "%%%s%%n%%s", convs[c]);
        unsigned char want[3][64], got[3][64];
        memset(want, 0xA5, sizeof want);
        memset(got, 0xA5, sizeof got);
        int rw = sscanf(inputs[i], fmt, want[0], want[1], want[2]);
        int rg = eng_sscanf(inputs[i], fmt, got[0], got[1], got[2]);
        if (rw != rg || memcmp(want, got, sizeof want) != 0) {
          if (failures++ < 30)
            print_error("sscanf(\"%s\", \"%s\"): want %d, got %d%s\n", inputs[i], fmt, rw, rg,
                        memcmp(want, got, sizeof want) ? " (stored values differ)" : "");
        }
      }
  assert_int_equal(failures, 0);
}

static void test_bad_formats(void **state) {
  (void)state;
  char buf[16];
  int err = 0;
  struct guest_va_list none = {GUEST_VA_GP_END, GUEST_VA_FP_END, NULL, NULL};
  assert_int_equal(scan_run("abc", "%", &none, &err), -1);
  assert_int_equal(err, 22);
  assert_int_equal(eng_sscanf("abc", "%[abc", buf), -1);
  assert_int_equal(eng_sscanf("abc", "%y", buf), -1);
  assert_int_equal(scan_run(NULL, "%d", &none, &err), -1);
}

/* Wide conversions in the C locale: one 32-bit wchar_t per byte, as glibc stores them (the
 * host's wchar_t is 32-bit like the guest's). */
static void test_wide(void **state) {
  (void)state;
  static const char *const inputs[] = {"hello abc,x", "wide  cab,,", "a b", "", "x"};
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
    wchar_t gs[16], gset[16], gc[3], es[16], eset[16], ec[3];
    memset(gs, 0x55, sizeof gs), memset(gset, 0x55, sizeof gset), memset(gc, 0x55, sizeof gc);
    memcpy(es, gs, sizeof es), memcpy(eset, gset, sizeof eset), memcpy(ec, gc, sizeof ec);
    int rg = sscanf(inputs[i], "%ls %l[a-c],%2lc", gs, gset, gc);
    int re = eng_sscanf(inputs[i], "%ls %l[a-c],%2lc", es, eset, ec);
    assert_int_equal(re, rg);
    assert_memory_equal(es, gs, sizeof gs);
    assert_memory_equal(eset, gset, sizeof gset);
    assert_memory_equal(ec, gc, sizeof gc);
  }
  wchar_t one = 0;
  assert_int_equal(eng_sscanf("Z", "%lc", &one), 1);
  assert_int_equal(one, L'Z');
}

/* Positional arguments and the allocating %m are not implemented (sscanf is partial): a
 * clear EINVAL, nothing stored. */
static void test_refused(void **state) {
  (void)state;
  int a = 7;
  char *m = NULL;
  assert_int_equal(eng_sscanf("5", "%1$d", &a), -1);
  assert_int_equal(a, 7);
  assert_int_equal(eng_sscanf("text", "%ms", &m), -1);
  assert_null(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_against_glibc),
      cmocka_unit_test(test_widths_and_prefixes),
      cmocka_unit_test(test_bad_formats),
      cmocka_unit_test(test_wide),
      cmocka_unit_test(test_refused),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
