/* The HLE printf engine against the host's glibc snprintf: every format in the tables below
 * with every value of its kind must give the same bytes and the same return value. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include <cmocka.h>

#include "hle/libc/format.h"

/* Formats through the engine with a real host va_list (the same System V structure the
 * guest passes), exercising the register save area and the overflow area. */
__attribute__((format(printf, 3, 4))) static int eng_snprintf(char *buf, size_t cap,
                                                               const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  struct format_sink s;
  format_sink_memory(&s, buf, cap);
  int err = 0;
  int r = format_run(&s, fmt, (struct guest_va_list *)ap, &err);
  va_end(ap);
  return r;
}

static int failures;

#define CHECK(fmt, ...)                                                              \
  do {                                                                               \
    char want[4096], got[4096];                                                      \
    memset(got, 0x55, sizeof got);                                                   \
    int rw = snprintf(want, sizeof want, fmt, __VA_ARGS__);                          \
    int rg = eng_snprintf(got, sizeof got, fmt, __VA_ARGS__);                        \
    size_t cmp_ = rw < 0 ? strlen(want) : (size_t)(rw < 4095 ? rw : 4095);          \
    if (rw != rg || memcmp(want, got, cmp_ + 1) != 0) {                              \
      if (failures++ < 40)                                                           \
        print_error("format \"%s\": want %d \"%s\", got %d \"%s\"\n", fmt, rw, want, \
                    rg, got);                                                        \
    }                                                                                \
  } while (0)

static const char *const int_formats[] = {
    "%d", "%i", "%5d", "%-5d", "%05d", "%+d", "% d", "%+05d", "%.3d", "%8.3d", "%-8.3d",
    "%08.3d", "%.0d", "%+.0d", "% 8d", "%-+8d", "%u", "%x", "%X", "%#x", "%#X", "%o",
    "%#o", "%#.0o", "%#5o", "%#08x", "%-#8x", "%#.5x", "%.0x", "%#.0x", "%10.4u", "%c",
    "%5c", "%-5c", "%hhd", "%hd", "%hhu", "%hu", "%hhx", "%hx", "%'d", "%I d", "%%d",
};

static const char *const long_formats[] = {
    "%ld", "%lld", "%li", "%lu", "%llu", "%lx", "%llX", "%#lo", "%jd", "%ju", "%zd", "%zu",
    "%zx", "%td", "%qd", "%Ld", "%20ld", "%-20lld|", "%+.25ld", "%#.20lx", "%020lu", "%Zu",
};

static const char *const double_formats[] = {
    "%f", "%e", "%g", "%a", "%F", "%E", "%G", "%A", "%.0f", "%.0e", "%.0g", "%.0a", "%.1f",
    "%.1e", "%.1g", "%.1a", "%.2f", "%.3e", "%.3g", "%.3a", "%.10f", "%.15e", "%.17g",
    "%.20a", "%.30f", "%.40e", "%.60g", "%#f", "%#.0f", "%#.0e", "%#g", "%#.0g", "%#.3g",
    "%#a", "%#.0a", "%+f", "% e", "%+g", "% a", "%12f", "%-12e|", "%012g", "%012a", "%+012f",
    "%-+14.3e|", "% 014.5g", "%20.10a", "%lf", "%.100f", "%.340f", "%.330e", "%.999g",
    "%5.0f", "%#5.0f", "%.4g", "%g.", "%.*f|",
};

static const char *const long_double_formats[] = {
    "%Lf", "%Le", "%Lg", "%La", "%LA", "%.0Lf", "%.0Le", "%.0La", "%.3La", "%.20Le",
    "%.25Lg", "%#La", "%+.10Lf", "%030.18Lg", "%-30.5Le|", "%.60Lf", "%.4950Lf", "%.20La",
};

static const char *const string_formats[] = {
    "%s", "%10s", "%-10s|", "%.3s", "%10.3s", "%-10.0s|", "%.0s", "%.10s", "%010s", "%5s",
};

/* Compared with glibc for non-NULL pointers without sign flags (where glibc and FreeBSD
 * agree); NULL and the sign flags follow FreeBSD (test_pointers_freebsd). */
static const char *const pointer_formats[] = {"%p", "%20p", "%-20p|", "%.8p", "%020p", "%#p"};

/* %p as FreeBSD's libc (the console's base) documents and prints it: the pointer as by
 * %#lx but with "0x" even for NULL (glibc prints "(nil)"), never a sign. */
#define CHECK_WANT(want, fmt, ...)                                                  \
  do {                                                                              \
    char got[256];                                                                  \
    int rg = eng_snprintf(got, sizeof got, fmt, __VA_ARGS__);                       \
    if (rg != (int)strlen(want) || strcmp(got, want) != 0) {                        \
      if (failures++ < 40)                                                          \
        print_error("format \"%s\": want \"%s\", got %d \"%s\"\n", fmt, want, rg, got); \
    }                                                                               \
  } while (0)

static void test_pointers_freebsd(void **state) {
  (void)state;
  failures = 0;
  CHECK_WANT("0x0", "%p", (void *)0);
  CHECK_WANT("[                 0x0]", "[%20p]", (void *)0);
  CHECK_WANT("[0x0                 ]", "[%-20p]", (void *)0);
  CHECK_WANT("0x0", "%#p", (void *)0);
  CHECK_WANT("0x00000000", "%.8p", (void *)0);
  CHECK_WANT("0x000000000000000000", "%020p", (void *)0);
  CHECK_WANT("0x1234", "%+p", (void *)0x1234);
  CHECK_WANT("0x1234", "% p", (void *)0x1234);
  CHECK_WANT("0x0", "%+p", (void *)0);
  assert_int_equal(failures, 0);
}

static void test_integers(void **state) {
  (void)state;
  failures = 0;
  static const int ints[] = {0, 1, -1, 7, 42, -42, 100, 255, 256, 65535, 65536, 123456789,
                             INT_MAX, INT_MIN, -128, 127, -32768, 32767};
  for (size_t f = 0; f < sizeof int_formats / sizeof *int_formats; f++)
    for (size_t v = 0; v < sizeof ints / sizeof *ints; v++) CHECK(int_formats[f], ints[v]);
  static const long long longs[] = {0, 1, -1, LLONG_MAX, LLONG_MIN, 4294967296LL,
                                    -4294967297LL, 0x123456789abcdefLL, 1000000000000LL};
  for (size_t f = 0; f < sizeof long_formats / sizeof *long_formats; f++)
    for (size_t v = 0; v < sizeof longs / sizeof *longs; v++) CHECK(long_formats[f], longs[v]);
  assert_int_equal(failures, 0);
}

static void test_doubles(void **state) {
  (void)state;
  failures = 0;
  static const double doubles[] = {
      0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, 0.25, 0.125, 0.1, 0.2, 0.3, 1e-5, 1e-4, 9.5,
      99.5, 999.9999, 123456.789, 1e6, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23, 1e100, 1e300,
      1e308, DBL_MAX, DBL_MIN, DBL_TRUE_MIN, 4.9406564584124654e-324, 2.2250738585072009e-308,
      M_PI, -M_PI, M_E, 1.0 / 3.0, 2.0 / 3.0, 0.0009765625, 5e-324, 0.05, 0.15, 0.35,
      1.0e-10, 123.456e-300, 9.999999999999999e22, 0.999999, 0.9999995, 9.9999995e-5,
      1152921504606846976.0, 0x1.fffffffffffffp+0, 0x1.0000000000001p+0, 0x1.8p+1, 15.5,
      0x1.fp-1030, INFINITY, -INFINITY, NAN, -NAN, 65536.0, 4096.5, 1e-7, 3e-10,
  };
  for (size_t f = 0; f < sizeof double_formats / sizeof *double_formats; f++) {
    for (size_t v = 0; v < sizeof doubles / sizeof *doubles; v++) {
      if (strstr(double_formats[f], "*")) CHECK(double_formats[f], 7, doubles[v]);
      else CHECK(double_formats[f], doubles[v]);
    }
  }
  assert_int_equal(failures, 0);
}

/* Deterministic pseudo-random bit patterns: every exponent range, every format kind. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t rng_next(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static void test_random_doubles(void **state) {
  (void)state;
  failures = 0;
  static const char *const fmts[] = {"%.17g", "%a", "%.3a", "%e", "%.0e", "%.25f", "%g",
                                     "%#.8g", "%.12e", "%f"};
  for (int i = 0; i < 3000; i++) {
    uint64_t bits = rng_next();
    double d;
    memcpy(&d, &bits, sizeof d);
    CHECK(fmts[i % 10], d);
    long double ld = (long double)d * (long double)(rng_next() % 1000 + 1) / 7.0L;
    CHECK("%.30Lg|%La|%.5La|%Le", ld, ld, ld, ld);
  }
  assert_int_equal(failures, 0);
}

/* Random directives (every flag, width, precision and length combination that glibc
 * defines) with random values, each compared with glibc. */
#define CHECK_STARS(fmt, ws, ps, w, pr, val)  \
  do {                                         \
    if (ws && ps) CHECK(fmt, w, pr, val);      \
    else if (ws) CHECK(fmt, w, val);           \
    else if (ps) CHECK(fmt, pr, val);          \
    else CHECK(fmt, val);                      \
  } while (0)

static void test_random_directives(void **state) {
  (void)state;
  failures = 0;
  static const char *const int_convs[] = {"d", "i", "u", "o", "x", "X", "hhd", "hd", "ld", "lld",
                                          "jd", "zu", "tx", "hhx", "hu", "lo", "llX", "c"};
  static const char *const fp_convs[] = {"f", "F", "e", "E", "g", "G", "a", "A"};
  for (int iter = 0; iter < 20000; iter++) {
    char fmt[64];
    size_t n = 0;
    fmt[n++] = '[';
    fmt[n++] = '%';
    uint64_t r = rng_next();
    const char *flags = "-+ #0";
    for (int f = 0; f < 5; f++)
      if ((r >> f) & 1) fmt[n++] = flags[f];
    bool ws = false, ps = false;
    int w = (int)((r >> 8) % 41) - 10, pr = (int)((r >> 16) % 50) - 5;
    switch ((r >> 24) % 3) {
      case 0: break;
      case 1: n += (size_t)snprintf(fmt + n, sizeof fmt - n, "%d", (int)((r >> 28) % 30)); break;
      default: fmt[n++] = '*', ws = true; break;
    }
    switch ((r >> 32) % 4) {
      case 0: break;
      case 1: fmt[n++] = '.'; break;
      case 2: n += (size_t)snprintf(fmt + n, sizeof fmt - n, ".%d", (int)((r >> 36) % 45)); break;
      default: fmt[n++] = '.', fmt[n++] = '*', ps = true; break;
    }
    uint64_t bits = rng_next();
    int kind = (int)((r >> 44) % 4);
    if (kind <= 1) {
      const char *c = int_convs[(r >> 48) % (sizeof int_convs / sizeof *int_convs)];
      snprintf(fmt + n, sizeof fmt - n, "%s]", c);
      long long v = (long long)bits >> ((r >> 56) % 64);
      if (c[0] == 'l' || c[0] == 'j' || c[0] == 'z' || c[0] == 't') CHECK_STARS(fmt, ws, ps, w, pr, v);
      else CHECK_STARS(fmt, ws, ps, w, pr, (int)v);
    } else if (kind == 2) {
      const char *c = fp_convs[(r >> 48) % 8];
      snprintf(fmt + n, sizeof fmt - n, "%s]", c);
      double d;
      memcpy(&d, &bits, sizeof d);
      if ((r >> 52) & 1) d = (double)(int64_t)bits / (double)(1u << ((r >> 53) % 31));
      CHECK_STARS(fmt, ws, ps, w, pr, d);
    } else {
      const char *c = fp_convs[(r >> 48) % 8];
      snprintf(fmt + n, sizeof fmt - n, "L%s]", c);
      long double d = (long double)(int64_t)bits * 1e-9L / (long double)((r >> 53) % 1000 + 1);
      CHECK_STARS(fmt, ws, ps, w, pr, d);
    }
  }
  assert_int_equal(failures, 0);
}

static void test_long_doubles(void **state) {
  (void)state;
  failures = 0;
  static const long double lds[] = {
      0.0L, -0.0L, 1.0L, -1.5L, 0.1L, 1e-10L, 1e100L, 3.0L, 15.9L, 1e4000L, -1e-4000L,
      LDBL_MAX, LDBL_MIN, LDBL_TRUE_MIN, LDBL_EPSILON, 0.5L, 2.5L, 123456789.123456789L,
      INFINITY, -INFINITY, NAN, 0x1p-16400L, 0xf.fffffffffffffffp+0L, 0x8.0000000000001p-3L,
  };
  for (size_t f = 0; f < sizeof long_double_formats / sizeof *long_double_formats; f++)
    for (size_t v = 0; v < sizeof lds / sizeof *lds; v++) CHECK(long_double_formats[f], lds[v]);
  assert_int_equal(failures, 0);
}

static void test_strings_pointers(void **state) {
  (void)state;
  failures = 0;
  static const char *const strs[] = {"", "a", "hello", "hello, world", "exactly10!", NULL};
  for (size_t f = 0; f < sizeof string_formats / sizeof *string_formats; f++)
    for (size_t v = 0; v < sizeof strs / sizeof *strs; v++) CHECK(string_formats[f], strs[v]);
  static void *const ptrs[] = {(void *)1, (void *)0x1234, (void *)0x900001000,
                               (void *)UINTPTR_MAX};
  for (size_t f = 0; f < sizeof pointer_formats / sizeof *pointer_formats; f++)
    for (size_t v = 0; v < sizeof ptrs / sizeof *ptrs; v++) CHECK(pointer_formats[f], ptrs[v]);
  CHECK("%lc|%5lc|%-3lc|", (wint_t)'A', (wint_t)'b', (wint_t)'c');
  CHECK("%ls|%8ls|%.2ls|%-6ls|", L"wide", L"abc", L"xyz", L"q");
  CHECK("%C%S", (wint_t)'Z', L"zz");
  CHECK("[%lc|%3lc|%c|%-3c]", (wint_t)0, (wint_t)0, 0, 0);
  assert_int_equal(failures, 0);
}

static void test_mixed_arguments(void **state) {
  (void)state;
  failures = 0;
  /* More than 6 integer and 8 vector arguments: the overflow area interleaves them. */
  CHECK("%d %f %d %f %d %f %d %f %d %f %d %f %d %f %d %f %d %f %s %Lf %d", 1, 1.5, 2, 2.5, 3,
        3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, "ten", 10.25L, 11);
  CHECK("%*d|%-*d|%.*f|%*.*e|%.*s|%*s|", 8, 42, 8, 42, 3, M_PI, 15, 4, 1e10, 3, "abcdef", -6,
        "ab");
  CHECK("%.*d|%.*f|", -1, 5, -3, 2.5);
  CHECK("%s %c %ld %5.1f%% %#o %e", "mix", 'x', -5L, 99.44, 8u, 0.000123);
  CHECK("%hhd %hd %hhu %hu", 300, 70000, -1, -1);
  CHECK("[%05c] [%05s] [%-05d] [%+5s] [%#5c] [%0-5d] [% 05s] [%05%]", 'c', "ab", 7, "s", 'q', 3,
        "t");
  CHECK("[%#.3o] [%#.0x] [%#5.0o] [%+u] [% u] [%+x] [%+c] [%+.0e] [%#.0e] [% .0a]", 8u, 0u, 0u,
        5u, 5u, 5u, 'c', 1.5, 2.5, 3.0);
  CHECK("[%.0Lf] [%.0Lf] [%.1Lf] [%.1Lf] [%Lg] [%#Lx]", 0.5L, 1.5L, 0.25L, 0.35L, 1e-5L, 255ull);
  CHECK("[%y] [%-08.3y] [%hhy] [%#5.2Q] [%%5%] [% 5%] [%']", 1);
  /* positional arguments, in any order, reused, with positional '*' */
  CHECK("%2$s %1$d %2$s %3$.2f", 42, "two", 3.14159);
  CHECK("%3$*1$.*2$f|%4$-*1$s|%5$Lg|%6$c%%", 12, 3, 2.718281828, "left", 1.5L, 'z');
  CHECK("%1$d %9$f %8$d %7$f %6$d %5$f %4$d %3$f %2$d %10$s %11$f %12$d %13$f %14$d %15$f "
        "%16$d %17$f %18$d %19$f %20$s",
        1, 2, 3.0, 4, 5.0, 6, 7.0, 8, 9.0, "ten", 11.0, 12, 13.0, 14, 15.0, 16, 17.0, 18, 19.0,
        "twenty");
  assert_int_equal(failures, 0);
}

static void test_counts_and_truncation(void **state) {
  (void)state;
  int n1 = -1;
  signed char n2 = -1;
  long n3 = -1;
  char buf[8];
  assert_int_equal(eng_snprintf(buf, sizeof buf, "abc%n%hhnxyz%ln1234", &n1, &n2, &n3), 10);
  assert_int_equal(n1, 3);
  assert_int_equal(n2, 3);
  assert_int_equal(n3, 6);
  assert_string_equal(buf, "abcxyz1");
  assert_int_equal(eng_snprintf(buf, 1, "%d", 12345), 5);
  assert_string_equal(buf, "");
  assert_int_equal(eng_snprintf(NULL, 0, "%s-%d", "abc", 12), 6);
  assert_int_equal(eng_snprintf(NULL, 100, "%s-%d", "abc", 12), 6); /* NULL buffer: measure */
  /* A very wide field is counted without being stored. */
  assert_int_equal(eng_snprintf(buf, sizeof buf, "%100000000d", 1), 100000000);
  assert_string_equal(buf, "       ");
}

static void test_errors(void **state) {
  (void)state;
  char buf[32];
  struct format_sink s;
  int err = 0;
  struct guest_va_list none = {GUEST_VA_GP_END, GUEST_VA_FP_END, NULL, NULL};
  format_sink_memory(&s, buf, sizeof buf);
  assert_int_equal(format_run(&s, "abc%", &none, &err), -1);
  assert_int_equal(err, 22); /* EINVAL: the string ends inside a directive */
  assert_string_equal(buf, "abc");
  format_sink_memory(&s, buf, sizeof buf);
  assert_int_equal(format_run(&s, "%99999999999d", &none, &err), -1);
  assert_int_equal(err, 84); /* EOVERFLOW */
  assert_int_equal(eng_snprintf(buf, sizeof buf, "%lc", (wint_t)0xE9), -1);
  assert_int_equal(eng_snprintf(buf, sizeof buf, "%1$d %d", 5, 6), -1); /* mixed */
  assert_int_equal(eng_snprintf(buf, sizeof buf, "%d %1$d", 5), -1);      /* mixed */
  assert_int_equal(eng_snprintf(buf, sizeof buf, "%5000$d", 5), -1);      /* beyond NL_ARGMAX */
  assert_int_equal(eng_snprintf(buf, sizeof buf, "%1$s %1$f", "x", 1.0), -1); /* two types */
  assert_int_equal(eng_snprintf(buf, sizeof buf, "%1$d %1$*1$d", 5), 7); /* same type: ok */
  assert_string_equal(buf, "5     5");
  assert_int_equal(eng_snprintf(buf, sizeof buf, "%2147483647d%2147483647d", 1, 2), -1);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_integers),
      cmocka_unit_test(test_pointers_freebsd),         cmocka_unit_test(test_doubles),
      cmocka_unit_test(test_long_doubles),     cmocka_unit_test(test_random_doubles),
      cmocka_unit_test(test_random_directives),     cmocka_unit_test(test_strings_pointers),
      cmocka_unit_test(test_mixed_arguments),  cmocka_unit_test(test_counts_and_truncation),
      cmocka_unit_test(test_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
