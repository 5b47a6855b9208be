/* Guest malloc family and string functions through the HLE libc. Prints only facts that
 * do not depend on addresses, so the output is the same on every run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(cond)                                          \
  do {                                                       \
    if (!(cond)) {                                           \
      printf("FAILED line %d: %s\n", __LINE__, #cond);       \
      failures++;                                            \
    }                                                        \
  } while (0)

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static void heap(void) {
  /* many sizes, all 16-aligned and independent */
  enum { N = 200 };
  unsigned char *p[N];
  for (int i = 0; i < N; i++) {
    size_t n = (size_t)(i * 97 % 5000) + 1;
    p[i] = malloc(n);
    CHECK(p[i] != NULL);
    CHECK(((uintptr_t)p[i] & 15) == 0);
    CHECK(malloc_usable_size(p[i]) >= n);
    memset(p[i], i & 0xFF, n);
  }
  int intact = 1;
  for (int i = 0; i < N; i++) {
    size_t n = (size_t)(i * 97 % 5000) + 1;
    for (size_t k = 0; k < n; k++) intact &= p[i][k] == (unsigned char)(i & 0xFF);
  }
  CHECK(intact);
  for (int i = 0; i < N; i++) free(p[i]);
  printf("malloc: %d blocks written and freed\n", N);

  int *z = calloc(1000, sizeof(int));
  int zero = 1;
  for (int i = 0; i < 1000; i++) zero &= z[i] == 0;
  CHECK(zero);
  CHECK(calloc((size_t)-1 / 2, 4) == NULL);
  printf("calloc: zeroed %d, overflow refused\n", zero);

  char *r = malloc(8);
  strcpy(r, "realloc");
  for (size_t n = 16; n <= 1 << 20; n *= 4) {
    r = realloc(r, n);
    CHECK(r != NULL && strcmp(r, "realloc") == 0);
  }
  r = realloc(r, 4);
  CHECK(memcmp(r, "real", 4) == 0);
  free(r);
  printf("realloc: contents kept from 8 bytes to 1 MiB and back\n");

  void *a = memalign(4096, 100);
  void *b = aligned_alloc(64, 64);
  void *c = NULL;
  int rc = posix_memalign(&c, 256, 1000);
  CHECK(((uintptr_t)a & 4095) == 0 && ((uintptr_t)b & 63) == 0 && ((uintptr_t)c & 255) == 0);
  printf("alignment: memalign 4096 ok, aligned_alloc 64 ok, posix_memalign %d\n", rc);
  printf("posix_memalign bad alignment: %d\n", posix_memalign(&c, 3, 10));
  free(a);
  free(b);
  free(c);

  void *big = malloc(32 << 20);
  CHECK(big != NULL);
  memset(big, 0x5A, 32 << 20);
  free(big);
  printf("large block: 32 MiB\n");
}

static void strings(void) {
  char buf[64];
  strcpy(buf, "hello");
  strcat(buf, ", world");
  printf("strcpy/strcat: %s (%zu)\n", buf, strlen(buf));
  printf("strncmp: %d %d %d\n", strncmp("abcd", "abce", 3) == 0, strcmp("a", "b") < 0,
         strcmp("b", "a") > 0);
  printf("strchr: %s | strrchr: %s | strstr: %s\n", strchr(buf, 'o'), strrchr(buf, 'o'),
         strstr(buf, "wor"));
  printf("strspn: %zu strcspn: %zu strpbrk: %s\n", strspn("aabbcc", "ab"),
         strcspn("hello", "lo"), strpbrk("find-the-dash", "-"));
  memset(buf, 'x', 10);
  buf[10] = 0;
  printf("memset: %s\n", buf);
  memmove(buf + 2, buf, 5);
  memcpy(buf, "AB", 2);
  printf("memmove/memcpy: %s memcmp: %d memchr: %s\n", buf, memcmp("abc", "abd", 3) < 0,
         (char *)memchr("needle", 'd', 6));
  char *d = strdup("duplicated");
  char *nd = strndup("truncated", 5);
  printf("strdup: %s strndup: %s\n", d, nd);
  free(d);
  free(nd);
  char *end;
  printf("strtol: %ld %ld %lu atoi: %d atoll: %lld\n", strtol("  -123xyz", &end, 10),
         strtol("ff", NULL, 16), strtoul("0777", NULL, 0), atoi("42"), atoll("-9000000000"));
  printf("strtol end: %s strtod: %.3f\n", end, strtod("2.5e3", NULL));
  int v[] = {5, 3, 9, 1, 7};
  qsort(v, 5, sizeof v[0], cmp_int);
  int key = 7;
  int *found = bsearch(&key, v, 5, sizeof v[0], cmp_int);
  printf("qsort: %d %d %d %d %d bsearch: %d\n", v[0], v[1], v[2], v[3], v[4],
         found ? (int)(found - v) : -1);
  char tok[] = "a,b,,c";
  char *save = NULL;
  printf("strtok_r:");
  for (char *t = strtok_r(tok, ",", &save); t; t = strtok_r(NULL, ",", &save)) printf(" %s", t);
  printf("\n");
}

int main(void) {
  heap();
  strings();
  printf("failures: %d\n", failures);
  return failures ? 1 : 0;
}
