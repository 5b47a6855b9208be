/* The libc entry points on the guest heap, with the real guest_vm backing (the other heap and
 * runtime cases use a host backing). Not in the sanitizer configuration: ASan's shadow
 * memory covers the guest bands, so guest_vm_init() cannot reserve them there. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include "test_skip.h"

#include "hle/guest_errno.h"
#include "hle/libc/heap.h"
#include "hle/libc/libc.h"
#include "kernel/guest_vm.h"

static int setup(void **state) {
  (void)state;
  return guest_vm_init() ? 0 : -1; /* the libc entry points allocate on the guest heap */
}

/* The libc entry points on the guest heap (guest_vm backing). */
static void test_libc_guest_heap(void **state) {
  (void)state;
  char *p = libc_malloc(100);
  assert_non_null(p);
  uint64_t start = 0;
  const char *name = guest_vm_describe((uint64_t)(uintptr_t)p, &start);
  assert_non_null(name);
  assert_string_equal(name, "libc heap");
  assert_true(libc_malloc_usable_size(p) >= 100);
  char *d = libc_strdup("duplicate me");
  assert_string_equal(d, "duplicate me");
  assert_non_null(guest_vm_describe((uint64_t)(uintptr_t)d, &start));
  char *nd = libc_strndup("abcdef", 3);
  assert_string_equal(nd, "abc");
  void *al = NULL;
  assert_int_equal(libc_posix_memalign(&al, 3, 10), GUEST_EINVAL);
  assert_int_equal(libc_posix_memalign(&al, 4096, 10), 0);
  assert_int_equal((uintptr_t)al & 4095, 0);
  assert_null(libc_memalign(24, 10));
  assert_int_equal(*guest_errno_location(), GUEST_EINVAL);
  assert_null(libc_malloc(SIZE_MAX - 4));
  assert_int_equal(*guest_errno_location(), GUEST_ENOMEM);
  int *z = libc_calloc(10, sizeof(int));
  for (int i = 0; i < 10; i++) assert_int_equal(z[i], 0);
  p = libc_realloc(p, 5000);
  assert_non_null(p);
  libc_free(p);
  libc_free(d);
  libc_free(nd);
  libc_free(al);
  libc_free(z);
  libc_free(NULL);
  assert_true(heap_check(libc_heap()));
}

static void test_asprintf_on_guest_heap(void **state) {
  (void)state;
  char *s = NULL;
  assert_int_equal(libc_asprintf(&s, "%05.1f|%s", 3.14159, "ok"), 8);
  assert_string_equal(s, "003.1|ok");
  libc_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_libc_guest_heap),
      cmocka_unit_test(test_asprintf_on_guest_heap),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
