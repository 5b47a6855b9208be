/* The guest's malloc heap: a boundary-tag allocator with segregated free lists, growing in
 * arenas obtained from a backing (guest_vm_alloc for the guest heap), with large blocks in
 * their own mappings. Thread-safe (one lock per heap). Bad frees (pointers the heap never
 * returned, double frees) are reported as guest errors and ignored instead of corrupting
 * the heap. */
#ifndef PROSPERO_HLE_LIBC_HEAP_H
#define PROSPERO_HLE_LIBC_HEAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct heap_backing {
  /* Returns SIZE bytes of zeroed read/write memory aligned to 16 KiB, or 0. */
  uint64_t (*map)(uint64_t size, void *ctx);
  bool (*unmap)(uint64_t addr, uint64_t size, void *ctx);
  void *ctx;
};

struct heap_stats {
  size_t arenas;          /* arena mappings held */
  size_t large_blocks;    /* blocks in their own mapping */
  size_t bytes_mapped;    /* all mapped bytes */
  size_t bytes_in_use;    /* chunk bytes handed out (incl. headers) */
  size_t bad_frees;       /* invalid or double frees seen */
};

struct heap; /* handle */

struct heap *hle_heap_create(const struct heap_backing *backing);
void hle_heap_destroy(struct heap *h); /* returns every mapping to the backing */

void *hle_heap_malloc(struct heap *h, size_t size);
void *hle_heap_calloc(struct heap *h, size_t count, size_t size);
void *hle_heap_realloc(struct heap *h, void *ptr, size_t size);
/* ALIGN must be a power of two; smaller than 16 behaves as 16. NULL on bad ALIGN. */
void *hle_heap_memalign(struct heap *h, size_t align, size_t size);
void hle_heap_free(struct heap *h, void *ptr);
/* Usable bytes of an allocated block (0 for NULL or a pointer the heap does not own). */
size_t hle_heap_usable_size(struct heap *h, const void *ptr);
bool hle_heap_owns(struct heap *h, const void *ptr);

void hle_heap_get_stats(struct heap *h, struct heap_stats *out);
/* Walks every arena checking the chunk chain and free lists; false (logged) on damage. */
bool hle_heap_check(struct heap *h);

#endif
