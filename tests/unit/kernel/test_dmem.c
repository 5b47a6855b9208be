/* Direct memory allocator (kernel/dmem.h): first fit from the search start at the requested
 * alignment, the console's argument errors, checked and unchecked release, types, the
 * largest free range. Expected values are worked out by hand from those rules on a 1 MiB
 * pool. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>

#include <cmocka.h>

#include "kernel/dmem.h"
#include "kernel/kernel_errno.h"

#define K 1024ull
#define POOL (1024 * K)

static int setup(void **state) {
  (void)state;
  return dmem_init(POOL) == 0 && dmem_size() == POOL ? 0 : -1;
}

static void release_all(void) { assert_int_equal(dmem_release(0, POOL, false), 0); }

static void test_first_fit_and_alignment(void **state) {
  (void)state;
  uint64_t a, b, c, d;
  assert_int_equal(dmem_allocate(0, POOL, 64 * K, 0, 3, &a), 0);
  assert_int_equal(a, 0);
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 256 * K, 0, &b), 0);
  assert_int_equal(b, 256 * K);
  assert_int_equal(dmem_allocate(32 * K, POOL, 16 * K, 0, 0, &c), 0);
  assert_int_equal(c, 64 * K); /* first free page at or above 32 KiB */
  assert_int_equal(dmem_allocate(0, 200 * K, 128 * K, 0, 0, &d), -KERNEL_EAGAIN); /* ends past 200 KiB */
  assert_int_equal(dmem_allocate(0, 256 * K, 128 * K, 0, 0, &d), 0);
  assert_int_equal(d, 80 * K); /* the gap [80 KiB, 256 KiB) */
  /* window [0, 256 KiB) now holds one free 48 KiB hole at 208 KiB */
  assert_int_equal(dmem_allocate(0, 256 * K, 64 * K, 0, 0, &d), -KERNEL_EAGAIN);
  assert_int_equal(dmem_allocate(0, 256 * K, 48 * K, 0, 0, &d), 0);
  assert_int_equal(d, 208 * K);
  /* a search end beyond the pool is clamped, not an error */
  assert_int_equal(dmem_allocate(0, 1ull << 40, 16 * K, 512 * K, 0, &d), 0);
  assert_int_equal(d, 512 * K);
  release_all();
}

static void test_argument_errors(void **state) {
  (void)state;
  uint64_t a;
  assert_int_equal(dmem_allocate(0, POOL, 0, 0, 0, &a), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate(0, POOL, 4 * K, 0, 0, &a), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 48 * K, 0, &a), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 8 * K, 0, &a), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate(64 * K, 64 * K, 16 * K, 0, 0, &a), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate((uint64_t)-16384, POOL, 16 * K, 0, 0, &a), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 0, DMEM_MEMORY_TYPE_MAX + 1, &a), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 0, -1, &a), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 0, 0, NULL), -KERNEL_EINVAL);
  assert_int_equal(dmem_allocate(0, POOL, POOL + 16 * K, 0, 0, &a), -KERNEL_EAGAIN);
  assert_int_equal(dmem_allocate(POOL, 2 * POOL, 16 * K, 0, 0, &a), -KERNEL_EAGAIN);
  assert_int_equal(dmem_release(8 * K, 16 * K, false), -KERNEL_EINVAL);
  assert_int_equal(dmem_release(0, 0, false), -KERNEL_EINVAL);
}

static void test_release_and_query(void **state) {
  (void)state;
  uint64_t a, b;
  assert_int_equal(dmem_allocate(0, POOL, 64 * K, 0, 10, &a), 0);
  assert_int_equal(dmem_allocate(0, POOL, 32 * K, 0, 3, &b), 0);
  assert_int_equal(b, 64 * K);
  int type;
  uint64_t s, e;
  assert_int_equal(dmem_query(16 * K, &type, &s, &e), 0);
  assert_int_equal(type, 10);
  assert_int_equal(s, 0);
  assert_int_equal(e, 64 * K);
  assert_int_equal(dmem_query(96 * K, &type, &s, &e), -KERNEL_ENOENT);
  /* checked release refuses a range with a free page and changes nothing */
  assert_int_equal(dmem_release(64 * K, 48 * K, true), -KERNEL_ENOENT);
  assert_true(dmem_allocated(64 * K, 32 * K));
  /* releasing the middle of an allocation splits it */
  assert_int_equal(dmem_release(16 * K, 16 * K, true), 0);
  assert_int_equal(dmem_query(0, &type, &s, &e), 0);
  assert_int_equal(e, 16 * K);
  assert_int_equal(dmem_query(32 * K, &type, &s, &e), 0);
  assert_int_equal(s, 32 * K);
  assert_int_equal(type, 10);
  assert_false(dmem_allocated(0, 48 * K));
  /* the freed hole is found again */
  uint64_t c;
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 0, 0, &c), 0);
  assert_int_equal(c, 16 * K);
  /* unchecked release frees what is allocated and ignores the rest */
  assert_int_equal(dmem_release(0, POOL, false), 0);
  assert_false(dmem_allocated(0, 16 * K));
  assert_int_equal(dmem_query(0, &type, &s, &e), -KERNEL_ENOENT);
}

static void test_available_and_type(void **state) {
  (void)state;
  uint64_t s, n, a;
  assert_int_equal(dmem_available(0, POOL, 0, &s, &n), 0);
  assert_int_equal(s, 0);
  assert_int_equal(n, POOL);
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 0, 0, &a), 0);
  assert_int_equal(dmem_allocate(512 * K, POOL, 16 * K, 0, 0, &a), 0);
  /* free: [16 KiB, 512 KiB) = 496 KiB and [528 KiB, 1 MiB) = 496 KiB: the lower one wins */
  assert_int_equal(dmem_available(0, POOL, 0, &s, &n), 0);
  assert_int_equal(s, 16 * K);
  assert_int_equal(n, 496 * K);
  /* aligned to 256 KiB: [256 KiB, 512 KiB) and [768 KiB, 1 MiB), 256 KiB each */
  assert_int_equal(dmem_available(0, POOL, 256 * K, &s, &n), 0);
  assert_int_equal(s, 256 * K);
  assert_int_equal(n, 256 * K);
  assert_int_equal(dmem_available(0, 16 * K, 0, &s, &n), -KERNEL_ENOMEM);
  assert_int_equal(dmem_set_type(0, 16 * K, 10), 0);
  int type;
  assert_int_equal(dmem_query(0, &type, NULL, NULL), 0);
  assert_int_equal(type, 10);
  assert_int_equal(dmem_set_type(16 * K, 16 * K, 10), -KERNEL_EACCES);
  release_all();
}

static void test_pool_bytes_shared(void **state) {
  (void)state;
  /* two views of one offset of the memfd see the same bytes; released pages read zero */
  uint64_t a;
  assert_int_equal(dmem_allocate(0, POOL, 16 * K, 0, 0, &a), 0);
  int fd = dmem_fd();
  assert_true(fd >= 0);
  volatile uint32_t *v1 = mmap(NULL, 16 * K, PROT_READ | PROT_WRITE, MAP_SHARED, fd, (off_t)a);
  volatile uint32_t *v2 = mmap(NULL, 16 * K, PROT_READ, MAP_SHARED, fd, (off_t)a);
  assert_true(v1 != MAP_FAILED && v2 != MAP_FAILED);
  v1[7] = 0x12345678u;
  assert_int_equal(v2[7], 0x12345678u);
  release_all();
  assert_int_equal(v2[7], 0);
  munmap((void *)v1, 16 * K);
  munmap((void *)v2, 16 * K);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_first_fit_and_alignment),
      cmocka_unit_test(test_argument_errors),
      cmocka_unit_test(test_release_and_query),
      cmocka_unit_test(test_available_and_type),
      cmocka_unit_test(test_pool_bytes_shared),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
