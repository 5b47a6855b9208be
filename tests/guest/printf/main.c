/* Guest printf family: formats from the guest's own va_lists, checked byte for byte
 * against glibc's output (expected.stdout was produced by this file built for the host),
 * except the "pointers" line: %p of NULL follows FreeBSD's libc ("0x0", glibc "(nil)"). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int my_vprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vprintf(fmt, ap);
  va_end(ap);
  return r;
}

static int my_vsnprintf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(buf, n, fmt, ap);
  va_end(ap);
  return r;
}

int main(void) {
  printf("ints: [%d] [%i] [%5d] [%-5d|] [%05d] [%+d] [% d] [%.3d] [%8.3d] [%.0d]\n", 42, -42, 7,
         7, -7, 3, 3, 5, -5, 0);
  printf("unsigned: [%u] [%x] [%X] [%#x] [%#o] [%o] [%#.0o] [%#08x]\n", 4000000000u, 255u,
         255u, 255u, 8u, 8u, 0u, 0xbeefu);
  printf("lengths: [%hhd] [%hd] [%ld] [%lld] [%jd] [%zu] [%td] [%hhu] [%hu]\n", 300, 70000,
         -1234567890123L, -9223372036854775807LL - 1, (long)1 << 40, (size_t)12345,
         (long)-77, 255 + 3, 65535 + 9);
  printf("star: [%*d] [%-*d|] [%.*f] [%*.*e] [%.*s]\n", 6, 1, 6, 2, 2, 3.14159, 12, 3, 12345.678,
         3, "abcdef");
  printf("floats: [%f] [%e] [%g] [%a] [%F] [%E] [%G] [%A]\n", 1.5, 1.5, 1.5, 1.5, -2.25,
         -2.25, 1e-10, 0.1);
  printf("more floats: [%.0f] [%.0f] [%.0f] [%.1f] [%.2e] [%.3g] [%#.3g] [%#.0f] [%g] [%g]\n",
         0.5, 1.5, 2.5, 0.25, 12345.6789, 999.9999, 1.0, 3.0, 100000.0, 1000000.0);
  printf("big: [%.3f] [%e] [%.20g] [%.40f]\n", 1e300, 1.7976931348623157e308, 0.1, 1.0 / 3.0);
  printf("tiny: [%g] [%.10e] [%a]\n", 4.9406564584124654e-324, 2.2250738585072014e-308,
         4.9406564584124654e-324);
  printf("special: [%f] [%F] [%e] [%g] [%5.1f] [%-6f|] [%+f]\n", 1.0 / 0.0, -1.0 / 0.0,
         __builtin_nan(""), -__builtin_nan(""), 1.0 / 0.0, 1.0 / 0.0, 0.0);
  printf("flags: [%+.3e] [% 010.2f] [%-12g|] [%012.4a] [%#x] [%#X]\n", 6.02e23, 3.14159,
         2.5e-5, 1.0, 0u, 0xabcu);
  printf("long double: [%Lf] [%.3Le] [%Lg] [%La] [%.25Lf]\n", 1.5L, 12345.6789L, 1e-300L,
         1.0L, 0.1L);
  printf("strings: [%s] [%10s] [%-10s|] [%.2s] [%c] [%3c] [%-3c|] [%%]\n", "hello", "right",
         "left", "truncate", 'x', 'y', 'z');
  printf("many: %d %d %d %d %d %d %d %d %f %f %f %f %f %f %f %f %f %f %s %Lf %d\n", 1, 2, 3,
         4, 5, 6, 7, 8, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, "overflow", 11.25L,
         12);
  int n1 = 0, n2 = 0;
  printf("count%n here%n\n", &n1, &n2);
  printf("counts: %d %d\n", n1, n2);
  printf("pointers: [%p] [%10p]\n", (void *)0, (void *)0);

  char buf[32];
  int r = snprintf(buf, sizeof buf, "%s-%05d-%.2f", "snprintf", 42, 2.345);
  printf("snprintf: %d [%s]\n", r, buf);
  r = snprintf(buf, 8, "%s", "truncated text");
  printf("truncated: %d [%s]\n", r, buf);
  r = snprintf(NULL, 0, "%d%d", 123, 456);
  printf("measure: %d\n", r);
  r = sprintf(buf, "%x:%o", 48879u, 8u);
  printf("sprintf: %d [%s]\n", r, buf);
  r = my_vsnprintf(buf, sizeof buf, "%s %d %.1f", "vsnprintf", 7, 7.25);
  printf("vsnprintf: %d [%s]\n", r, buf);
  r = my_vprintf("vprintf: %d %s %g %Lg\n", -1, "va", 0.125, 2.5L);
  printf("vprintf returned %d\n", r);
  r = fprintf(stdout, "fprintf to stdout: %u\n", 77u);
  printf("fprintf returned %d\n", r);
  fprintf(stderr, "this goes to stderr, not stdout\n");
  puts("puts adds a newline");
  fputs("fputs does not\n", stdout);
  putchar('p');
  putchar('\n');
  fwrite("fwrite 12345\n", 1, 13, stdout);
  fflush(stdout);
  return 0;
}
