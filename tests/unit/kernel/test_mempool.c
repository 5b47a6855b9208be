/* Memory pools (kernel/mempool.h) and the memory map's merging rule (kernel/guest_vm.h):
 * blocks of 64 KiB taken from direct memory first fit, 2 MiB reservations, commits take the
 * lowest free blocks (several runs when scattered), decommitted blocks read zeros when
 * committed again, a move keeps the bytes; neighbours merge when kind, protection, name and
 * memory type match and direct pages follow on, never across NO_COALESCE or keep_apart.
 * Expected values follow those rules (docs/kernel-memory.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/dmem.h"
#include "kernel/guest_vm.h"
#include "kernel/kernel_errno.h"
#include "kernel/mempool.h"
#include "kernel/title.h"

#define K 1024ull
#define M (1024 * K)
#define BASE GUEST_VM_SEARCH_START
#define RW (GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE)

static int setup(void **state) {
  (void)state;
  struct title_info t;
  title_defaults(&t);
  t.flexible_memory = 1 * M;
  title_set(&t);
  return guest_vm_init() && dmem_init(4 * M) == 0 ? 0 : -1;
}

static struct guest_vm_info query(uint64_t addr) {
  struct guest_vm_info i;
  memset(&i, 0, sizeof i);
  assert_int_equal(guest_vm_virtual_query(addr, false, &i), 0);
  return i;
}

static void test_pool(void **state) {
  (void)state;
  uint64_t phys = 1, d = 0;
  assert_int_equal(mempool_expand(0, 4 * M, 16 * K, 0, &phys), -KERNEL_EINVAL);
  assert_int_equal(mempool_expand(0, 4 * M, 64 * K, 32 * K, &phys), -KERNEL_EINVAL);
  assert_int_equal(mempool_expand(0, 64 * K, 128 * K, 0, &phys), -KERNEL_ENOMEM);
  assert_int_equal(dmem_allocate(0, 4 * M, 16 * K, 0, 0, &d), 0); /* [0, 16 KiB) is direct */
  assert_int_equal(mempool_expand(0, 4 * M, 256 * K, 0, &phys), 0);
  assert_int_equal(phys, 64 * K); /* the next 64 KiB boundary */
  assert_int_equal(mempool_expand(0, 4 * M, 8 * M, 0, &phys), -KERNEL_ENOMEM);
  assert_false(dmem_allocated(64 * K, 16 * K)); /* pool memory is not direct memory */

  uint64_t r = 0;
  assert_int_equal(mempool_reserve(0, 1 * M, 0, 0, &r), -KERNEL_EINVAL);
  assert_int_equal(mempool_reserve(BASE + 16 * K, 2 * M, 0, 0, &r), 0);
  assert_int_equal(r, BASE + 2 * M); /* a hint is rounded up to the 2 MiB alignment */
  struct guest_vm_info i = query(r);
  assert_int_equal(i.kind, GUEST_VM_KIND_POOL_RESERVED);
  assert_int_equal(i.end, r + 2 * M);

  assert_int_equal(mempool_commit(r + 16 * K, 64 * K, 0, RW), -KERNEL_EINVAL);
  assert_int_equal(mempool_commit(r, 64 * K, DMEM_MEMORY_TYPE_MAX + 1, RW), -KERNEL_EINVAL);
  assert_int_equal(mempool_commit(r, 512 * K, 0, RW), -KERNEL_ENOMEM);
  assert_int_equal(mempool_commit(r, 192 * K, 3, RW), 0);
  i = query(r + 100 * K);
  assert_int_equal(i.kind, GUEST_VM_KIND_POOLED);
  assert_int_equal(i.start, r);
  assert_int_equal(i.end, r + 192 * K);
  assert_int_equal(i.phys, 64 * K);
  assert_int_equal(i.mtype, 3);
  struct mempool_stats st;
  mempool_get_stats(&st);
  assert_int_equal(st.free_blocks, 1);
  assert_int_equal(st.committed_blocks, 3);

  memset((void *)(uintptr_t)r, 0x77, 192 * K);
  assert_int_equal(mempool_decommit(r + 64 * K, 64 * K), 0);
  assert_int_equal(query(r + 64 * K).kind, GUEST_VM_KIND_POOL_RESERVED);
  /* two free blocks, scattered: one commit, two runs, two records */
  assert_int_equal(mempool_commit(r + 1 * M, 128 * K, 3, RW), 0);
  i = query(r + 1 * M);
  assert_int_equal(i.end, r + 1 * M + 64 * K);
  assert_int_equal(i.phys, 128 * K);
  i = query(r + 1 * M + 64 * K);
  assert_int_equal(i.phys, 256 * K);
  assert_int_equal(((volatile uint8_t *)(uintptr_t)r)[1 * M + 5], 0); /* freshly committed */
  assert_int_equal(((volatile uint8_t *)(uintptr_t)r)[5], 0x77);

  /* move: the bytes go with the blocks */
  assert_int_equal(mempool_move(r + 1536 * K, r, 64 * K), 0);
  assert_int_equal(((volatile uint8_t *)(uintptr_t)r)[1536 * K + 5], 0x77);
  assert_int_equal(query(r).kind, GUEST_VM_KIND_POOL_RESERVED);
  assert_int_equal(mempool_move(r + 1536 * K, r, 64 * K), -KERNEL_EINVAL); /* r not committed */

  /* decommit refuses memory outside pools */
  uint64_t f = 0;
  struct guest_vm_request req = {.size = 64 * K, .prot = RW, .kind = GUEST_VM_KIND_FLEXIBLE};
  assert_int_equal(guest_vm_map(&req, &f), 0);
  assert_int_equal(mempool_decommit(f, 64 * K), -KERNEL_EINVAL);
  /* the SDK reference: a memory type is not set on flexible memory (EOPNOTSUPP) and a
   * protection change over pool space needs a 64 KiB aligned span (EINVAL) */
  assert_int_equal(guest_vm_mtypeprotect(f, 64 * K, 12, RW), -KERNEL_EOPNOTSUPP);
  assert_int_equal(guest_vm_mprotect(r + 1 * M + 16 * K, 64 * K, RW), -KERNEL_EINVAL);
  assert_int_equal(guest_vm_mprotect(r + 1 * M, 48 * K, RW), -KERNEL_EINVAL);
  assert_int_equal(guest_vm_mtypeprotect(r + 1 * M, 64 * K, 12, GUEST_PROT_CPU_READ), 0);
  assert_int_equal(query(r + 1 * M).mtype, 12);
  assert_int_equal(query(r + 1 * M).prot, GUEST_PROT_CPU_READ);
  assert_int_equal(guest_vm_unmap(f, 64 * K), 0);
  assert_int_equal(mempool_decommit(r, 2 * M), 0);
  mempool_get_stats(&st);
  assert_int_equal(st.free_blocks, 4);
  assert_int_equal(st.committed_blocks, 0);
  i = query(r);
  assert_int_equal(i.end, r + 2 * M); /* one reservation again */
  /* munmap of committed pool memory gives the blocks back too */
  assert_int_equal(mempool_commit(r, 128 * K, 0, RW), 0);
  assert_int_equal(guest_vm_unmap(r, 1 * M), -KERNEL_EINVAL); /* a part of a reservation */
  assert_int_equal(guest_vm_unmap(r, 2 * M), 0);
  mempool_get_stats(&st);
  assert_int_equal(st.free_blocks, 4);
  assert_int_equal(st.cached_free_blocks, 2); /* last committed with memory type 0 */
  assert_int_equal(st.committed_blocks, 0);

  /* the SDK reference's rules: EBUSY over committed memory, moves that overlap their source,
   * spans in one reservation, release of a whole reservation only */
  uint64_t r2 = 0;
  assert_int_equal(mempool_reserve(0, 2 * M, 0, 0, &r), 0);
  assert_int_equal(mempool_reserve(r + 2 * M, 2 * M, 0, GUEST_VM_MAP_FIXED, &r2), 0);
  assert_int_equal(r2, r + 2 * M);
  assert_int_equal(mempool_commit(r, 128 * K, 0, RW), 0);
  assert_int_equal(mempool_commit(r + 64 * K, 64 * K, 0, RW), -KERNEL_EBUSY);
  assert_int_equal(mempool_commit(r + 2 * M - 64 * K, 128 * K, 0, RW), -KERNEL_EINVAL);
  assert_int_equal(mempool_commit(r + 1 * M, 64 * K, 3, RW), 0);
  ((volatile uint8_t *)(uintptr_t)r)[5] = 0xA5;
  assert_int_equal(mempool_move(r + 1 * M - 64 * K, r, 128 * K), -KERNEL_EBUSY);
  assert_int_equal(mempool_move(r2, r, 64 * K), -KERNEL_EINVAL); /* another reservation */
  assert_int_equal(mempool_move(r + 64 * K, r, 128 * K), 0);     /* overlapping */
  assert_int_equal(((volatile uint8_t *)(uintptr_t)r)[64 * K + 5], 0xA5);
  assert_int_equal(query(r).kind, GUEST_VM_KIND_POOL_RESERVED);
  assert_int_equal(query(r + 64 * K).kind, GUEST_VM_KIND_POOLED);
  mempool_get_stats(&st);
  assert_int_equal(st.committed_blocks, 3);
  assert_int_equal(st.committed_type0_blocks, 2);
  assert_int_equal(mempool_release(r, 1 * M), -KERNEL_EINVAL);
  assert_int_equal(mempool_release(r, 4 * M), -KERNEL_EINVAL);
  assert_int_equal(mempool_release(r, 2 * M), 0);
  assert_int_equal(guest_vm_virtual_query(r, false, &i), -KERNEL_EACCES);
  assert_int_equal(query(r2).kind, GUEST_VM_KIND_POOL_RESERVED);
  mempool_get_stats(&st);
  assert_int_equal(st.free_blocks, 4);
  assert_int_equal(st.cached_free_blocks, 2);
  assert_int_equal(mempool_release(r2, 2 * M), 0);
}

static uint64_t map(uint64_t addr, unsigned flags, enum guest_vm_kind kind, uint64_t phys,
                    const char *name, bool keep_apart) {
  struct guest_vm_request r = {.addr = addr,
                               .size = 16 * K,
                               .prot = RW,
                               .flags = flags,
                               .kind = kind,
                               .phys = phys,
                               .name = name,
                               .keep_apart = keep_apart};
  uint64_t at = 0;
  assert_int_equal(guest_vm_map(&r, &at), 0);
  return at;
}

static void test_merges(void **state) {
  (void)state;
  uint64_t a = map(0, 0, GUEST_VM_KIND_FLEXIBLE, 0, "n", false);
  map(0, 0, GUEST_VM_KIND_FLEXIBLE, 0, "n", false);
  assert_int_equal(query(a).end, a + 32 * K);
  map(0, 0, GUEST_VM_KIND_FLEXIBLE, 0, "other", false);
  assert_int_equal(query(a).end, a + 32 * K);
  assert_int_equal(guest_vm_set_name(a + 32 * K, 16 * K, "n"), 0);
  assert_int_equal(query(a).end, a + 48 * K);
  map(0, GUEST_VM_MAP_NO_COALESCE, GUEST_VM_KIND_FLEXIBLE, 0, "n", false);
  assert_int_equal(query(a).end, a + 48 * K);
  assert_int_equal(query(a + 48 * K).end, a + 64 * K);
  /* a write-only protection reads too, and equal protections merge again */
  assert_int_equal(guest_vm_mprotect(a + 16 * K, 16 * K, GUEST_PROT_CPU_READ), 0);
  assert_int_equal(query(a).end, a + 16 * K);
  assert_int_equal(guest_vm_mprotect(a + 16 * K, 16 * K, GUEST_PROT_CPU_WRITE), 0);
  assert_int_equal(query(a).end, a + 48 * K);
  assert_int_equal(query(a).prot, RW);
  assert_int_equal(guest_vm_unmap(a, 64 * K), 0);

  uint64_t p = 0;
  assert_int_equal(dmem_allocate(0, 4 * M, 128 * K, 0, 0, &p), 0);
  uint64_t v = map(0, 0, GUEST_VM_KIND_DIRECT, p, "", false);
  map(0, 0, GUEST_VM_KIND_DIRECT, p + 16 * K, "", false); /* consecutive pages: merge */
  map(0, 0, GUEST_VM_KIND_DIRECT, p + 48 * K, "", false); /* a gap in the pages: apart */
  map(0, 0, GUEST_VM_KIND_DIRECT, p + 64 * K, "", true);  /* consecutive, but keep_apart */
  assert_int_equal(query(v).end, v + 32 * K);
  assert_int_equal(query(v + 32 * K).end, v + 48 * K);
  assert_int_equal(query(v + 48 * K).start, v + 48 * K);
  assert_int_equal(query(v + 48 * K).end, v + 64 * K);
  assert_true(guest_vm_direct_mapped(p + 16 * K, 16 * K));
  assert_false(guest_vm_direct_mapped(p + 32 * K, 16 * K));
  assert_int_equal(dmem_release(p, 128 * K, true), 0);
  struct guest_vm_info i;
  assert_int_equal(guest_vm_virtual_query(v, false, &i), -KERNEL_EACCES);

  /* reservations merge; mlock's check wants mapped pages */
  uint64_t r = map(0, 0, GUEST_VM_KIND_RESERVED, 0, "", false);
  map(0, 0, GUEST_VM_KIND_RESERVED, 0, "", false);
  assert_int_equal(query(r).end, r + 32 * K);
  assert_int_equal(guest_vm_check_mapped(r, 16 * K), -KERNEL_ENOMEM);
  uint64_t f = map(0, 0, GUEST_VM_KIND_FLEXIBLE, 0, "", false);
  assert_int_equal(guest_vm_check_mapped(f, 16 * K), 0);
  assert_int_equal(guest_vm_check_mapped(f, 32 * K), -KERNEL_ENOMEM);
  assert_int_equal(guest_vm_unmap(r, 48 * K), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_pool),
      cmocka_unit_test(test_merges),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
