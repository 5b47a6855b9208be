/* Guest sscanf through the HLE libc, checked against glibc's answers (expected.stdout is
 * this file built for the host). */
#include <stdarg.h>
#include <stdio.h>

int sscanf(const char *input, const char *format, ...); /* not in the SDK headers yet */
int vsscanf(const char *input, const char *format, va_list ap);

static int my_vsscanf(const char *input, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int r = vsscanf(input, format, ap);
  va_end(ap);
  return r;
}

int main(void) {
  int a = 0, b = 0, c = 0, n = 0;
  unsigned u = 0;
  long long ll = 0;
  double d = 0;
  float f = 0;
  long double ld = 0;
  char word[32] = "", rest[32] = "", ch[4] = "";
  short h = 0;

  int r = sscanf("  42 -17 0x1f", "%d %d %i", &a, &b, &c);
  printf("ints: %d -> %d %d %d\n", r, a, b, c);
  r = sscanf("ff 0777 4294967295", "%x %o %u", &u, &a, &u);
  printf("bases: %d -> %d %u\n", r, a, u);
  r = sscanf("123456789012345 70000", "%lld %hd", &ll, &h);
  printf("lengths: %d -> %lld %d\n", r, ll, h);
  r = sscanf("3.25 -1e10 0x1.8p1", "%lf %f %Lf", &d, &f, &ld);
  printf("floats: %d -> %.2f %.1f %.2Lf\n", r, d, f, ld);
  r = sscanf("key=value; tail", "%31[^=]=%31[^;];%n", word, rest, &n);
  printf("scanset: %d -> [%s] [%s] consumed %d\n", r, word, rest, n);
  r = sscanf("abcdef", "%3c%s", ch, rest);
  ch[3] = 0;
  printf("chars: %d -> [%s] [%s]\n", r, ch, rest);
  r = sscanf("12345", "%2d%*2d%d", &a, &b);
  printf("widths/suppress: %d -> %d %d\n", r, a, b);
  r = sscanf("100%", "%d%%", &a);
  printf("percent: %d -> %d\n", r, a);
  r = sscanf("abc", "%d", &a);
  printf("no match: %d\n", r);
  r = sscanf("", "%d", &a);
  printf("empty input: %d\n", r);
  r = my_vsscanf("7 8", "%d %d", &a, &b);
  printf("vsscanf: %d -> %d %d\n", r, a, b);
  return 0;
}
