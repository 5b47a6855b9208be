/* The guest heap allocator: alignment, reuse, realloc, memalign, large blocks, bad frees,
 * threads (on a host backing; the real guest_vm backing is in test_guest_heap.c). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <cmocka.h>

#include "hle/guest_errno.h"
#include "hle/libc/heap.h"
#include "hle/libc/libc.h"

static uint64_t host_map(uint64_t size, void *ctx) {
  (void)ctx;
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? 0 : (uint64_t)(uintptr_t)p;
}

static bool host_unmap(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  return munmap((void *)(uintptr_t)addr, size) == 0;
}

static const struct heap_backing host_backing = {host_map, host_unmap, NULL};

static int setup(void **state) {
  *state = heap_create(&host_backing);
  return *state ? 0 : -1;
}

static int teardown(void **state) {
  heap_destroy(*state);
  return 0;
}

static void test_malloc_basics(void **state) {
  struct heap *h = *state;
  void *p[64];
  for (int i = 0; i < 64; i++) {
    size_t n = (size_t)i * 37 + 1;
    p[i] = heap_malloc(h, n);
    assert_non_null(p[i]);
    assert_int_equal((uintptr_t)p[i] & 15, 0);
    assert_true(heap_usable_size(h, p[i]) >= n);
    memset(p[i], i, n);
  }
  for (int i = 0; i < 64; i++) {
    size_t n = (size_t)i * 37 + 1;
    for (size_t k = 0; k < n; k++) assert_int_equal(((unsigned char *)p[i])[k], i);
  }
  for (int i = 0; i < 64; i += 2) heap_free(h, p[i]);
  assert_true(heap_check(h));
  for (int i = 1; i < 64; i += 2) heap_free(h, p[i]);
  assert_true(heap_check(h));
  struct heap_stats st;
  heap_get_stats(h, &st);
  assert_int_equal(st.bytes_in_use, 0);
  assert_int_equal(st.arenas, 1);
  /* everything merged back: a block of almost the whole arena fits again */
  void *big = heap_malloc(h, 3 * 1024 * 1024);
  assert_non_null(big);
  heap_get_stats(h, &st);
  assert_int_equal(st.arenas, 1);
  heap_free(h, big);
  assert_non_null(heap_malloc(h, 0)); /* malloc(0) gives a unique pointer */
}

static void test_calloc_and_overflow(void **state) {
  struct heap *h = *state;
  unsigned char *p = heap_calloc(h, 100, 7);
  assert_non_null(p);
  for (int i = 0; i < 700; i++) assert_int_equal(p[i], 0);
  assert_null(heap_calloc(h, SIZE_MAX / 2, 3));
  assert_null(heap_malloc(h, SIZE_MAX - 8));
  heap_free(h, p);
}

static void test_realloc_moves_and_grows(void **state) {
  struct heap *h = *state;
  char *p = heap_realloc(h, NULL, 10);
  assert_non_null(p);
  memcpy(p, "0123456789", 10);
  for (size_t n = 20; n < 200000; n = n * 3 / 2) {
    p = heap_realloc(h, p, n);
    assert_non_null(p);
    assert_memory_equal(p, "0123456789", 10);
    assert_true(heap_check(h));
  }
  p = heap_realloc(h, p, 5);
  assert_memory_equal(p, "01234", 5);
  /* growing in place into a free neighbour keeps the pointer */
  char *a = heap_malloc(h, 64), *b = heap_malloc(h, 256), *c = heap_malloc(h, 64);
  heap_free(h, b);
  assert_ptr_equal(heap_realloc(h, a, 200), a);
  assert_true(heap_check(h));
  heap_free(h, a);
  heap_free(h, c);
  heap_free(h, p);
  assert_true(heap_check(h));
}

static void test_memalign(void **state) {
  struct heap *h = *state;
  static const size_t aligns[] = {16, 32, 64, 128, 256, 4096, 16384, 65536, 2 * 1024 * 1024};
  void *p[9];
  for (int i = 0; i < 9; i++) {
    p[i] = heap_memalign(h, aligns[i], 100 + (size_t)i * 1000);
    assert_non_null(p[i]);
    assert_int_equal((uintptr_t)p[i] & (aligns[i] - 1), 0);
    memset(p[i], 0xAB, 100 + (size_t)i * 1000);
    assert_true(heap_check(h));
  }
  for (int i = 0; i < 9; i++) heap_free(h, p[i]);
  assert_null(heap_memalign(h, 48, 10)); /* not a power of two */
  assert_true(heap_check(h));
  struct heap_stats st;
  heap_get_stats(h, &st);
  assert_int_equal(st.bytes_in_use, 0);
  assert_int_equal(st.large_blocks, 0);
}

static void test_large_blocks(void **state) {
  struct heap *h = *state;
  struct heap_stats st;
  char *p = heap_malloc(h, 8 * 1024 * 1024);
  assert_non_null(p);
  p[0] = 1;
  p[8 * 1024 * 1024 - 1] = 2;
  heap_get_stats(h, &st);
  assert_int_equal(st.large_blocks, 1);
  p = heap_realloc(h, p, 16 * 1024 * 1024);
  assert_non_null(p);
  assert_int_equal(p[0], 1);
  assert_int_equal(p[8 * 1024 * 1024 - 1], 2);
  heap_free(h, p);
  heap_get_stats(h, &st);
  assert_int_equal(st.large_blocks, 0);
  assert_int_equal(st.bytes_in_use, 0);
}

static void test_bad_frees_are_contained(void **state) {
  struct heap *h = *state;
  char local[32];
  char *p = heap_malloc(h, 40);
  heap_free(h, p);
  heap_free(h, p);         /* double free */
  heap_free(h, local + 16); /* not from the heap */
  char *q = heap_malloc(h, 100);
  heap_free(h, q + 16);     /* interior pointer */
  struct heap_stats st;
  heap_get_stats(h, &st);
  assert_int_equal(st.bad_frees, 3);
  assert_true(heap_check(h));
  assert_null(heap_realloc(h, local, 10));
  assert_false(heap_owns(h, local));
  assert_true(heap_owns(h, q));
  heap_free(h, q);
  assert_true(heap_check(h));
}

/* Arenas that become empty go back to the backing; one stays. */
static void test_empty_arenas_returned(void **state) {
  struct heap *h = *state;
  enum { N = 100 };
  void *p[N];
  for (int i = 0; i < N; i++) {
    p[i] = heap_malloc(h, 900 * 1024); /* below the large-block size: arena memory */
    assert_non_null(p[i]);
  }
  struct heap_stats st;
  heap_get_stats(h, &st);
  size_t arenas = st.arenas, mapped = st.bytes_mapped;
  assert_true(arenas >= 3);
  for (int i = 0; i < N; i++) heap_free(h, p[i]);
  heap_get_stats(h, &st);
  assert_int_equal(st.arenas, 1);
  assert_true(st.bytes_mapped < mapped);
  assert_int_equal(st.bytes_in_use, 0);
  assert_true(heap_check(h));
  assert_non_null(heap_malloc(h, 100)); /* and the heap still works */
  assert_true(heap_check(h));
}

/* Pointers into a block's data are refused even when the data imitates chunk headers. */
static void test_interior_pointers_refused(void **state) {
  struct heap *h = *state;
  enum { BLOCKS = 200 };
  uint64_t *blk[BLOCKS];
  for (int i = 0; i < BLOCKS; i++) {
    blk[i] = heap_malloc(h, 256);
    for (int k = 0; k < 32; k++) blk[i][k] = 0x40 | 3; /* size 64, in use, previous in use */
  }
  for (int i = 0; i < BLOCKS; i++)
    for (int k = 2; k < 32; k += 2) heap_free(h, blk[i] + k);
  struct heap_stats st;
  heap_get_stats(h, &st);
  assert_int_equal(st.bad_frees, BLOCKS * 15);
  assert_true(heap_check(h));
  for (int i = 0; i < BLOCKS; i++) heap_free(h, blk[i]);
  heap_get_stats(h, &st);
  assert_int_equal(st.bytes_in_use, 0);
  assert_true(heap_check(h));
}

/* Random operations against a model: contents never change under other operations. */
static void test_random_operations(void **state) {
  struct heap *h = *state;
  enum { SLOTS = 512 };
  static unsigned char *ptr[SLOTS];
  static size_t len[SLOTS];
  uint64_t x = 12345;
  for (int step = 0; step < 40000; step++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    int s = (int)(x % SLOTS);
    size_t n = (x >> 20) % ((x >> 40) % 8 == 0 ? 70000 : 600);
    if (ptr[s]) {
      for (size_t k = 0; k < len[s]; k++)
        if (ptr[s][k] != (unsigned char)(s + k)) fail_msg("slot %d damaged at %zu", s, k);
      if ((x >> 33) & 1) {
        heap_free(h, ptr[s]);
        ptr[s] = NULL;
        continue;
      }
      unsigned char *q = heap_realloc(h, ptr[s], n);
      assert_non_null(q);
      ptr[s] = q;
      if (len[s] > n) len[s] = n;
      for (size_t k = len[s]; k < n; k++) q[k] = (unsigned char)(s + k);
      len[s] = n;
    } else {
      size_t al = (size_t)16 << ((x >> 50) % 6);
      ptr[s] = (x >> 35) & 1 ? heap_memalign(h, al, n) : heap_malloc(h, n);
      assert_non_null(ptr[s]);
      assert_int_equal((uintptr_t)ptr[s] & 15, 0);
      for (size_t k = 0; k < n; k++) ptr[s][k] = (unsigned char)(s + k);
      len[s] = n;
    }
    if (step % 5000 == 0) assert_true(heap_check(h));
  }
  for (int s = 0; s < SLOTS; s++) heap_free(h, ptr[s]), ptr[s] = NULL;
  assert_true(heap_check(h));
  struct heap_stats st;
  heap_get_stats(h, &st);
  assert_int_equal(st.bytes_in_use, 0);
}

static void *thread_body(void *arg) {
  struct heap *h = arg;
  void *keep[64] = {0};
  uint64_t x = (uint64_t)(uintptr_t)&keep;
  for (int i = 0; i < 20000; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    int s = (int)(x % 64);
    heap_free(h, keep[s]);
    keep[s] = heap_malloc(h, (x >> 16) % 2000);
    if (!keep[s]) return (void *)1;
    memset(keep[s], s, (x >> 16) % 2000);
  }
  for (int s = 0; s < 64; s++) heap_free(h, keep[s]);
  return NULL;
}

static void test_threads(void **state) {
  struct heap *h = *state;
  pthread_t t[4];
  for (int i = 0; i < 4; i++) assert_int_equal(pthread_create(&t[i], NULL, thread_body, h), 0);
  for (int i = 0; i < 4; i++) {
    void *r;
    pthread_join(t[i], &r);
    assert_null(r);
  }
  assert_true(heap_check(h));
  struct heap_stats st;
  heap_get_stats(h, &st);
  assert_int_equal(st.bytes_in_use, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_malloc_basics, setup, teardown),
      cmocka_unit_test_setup_teardown(test_calloc_and_overflow, setup, teardown),
      cmocka_unit_test_setup_teardown(test_realloc_moves_and_grows, setup, teardown),
      cmocka_unit_test_setup_teardown(test_memalign, setup, teardown),
      cmocka_unit_test_setup_teardown(test_large_blocks, setup, teardown),
      cmocka_unit_test_setup_teardown(test_bad_frees_are_contained, setup, teardown),
      cmocka_unit_test_setup_teardown(test_empty_arenas_returned, setup, teardown),
      cmocka_unit_test_setup_teardown(test_interior_pointers_refused, setup, teardown),
      cmocka_unit_test_setup_teardown(test_random_operations, setup, teardown),
      cmocka_unit_test_setup_teardown(test_threads, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
