/* libc: the malloc family on the guest heap (heap.c) backed by guest_vm. */
#include <pthread.h>

#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/libc/heap.h"
#include "hle/libc/libc.h"
#include "kernel/guest_vm.h"

static uint64_t guest_heap_map(uint64_t size, void *ctx) {
  (void)ctx;
  return guest_vm_alloc(size, 16 * 1024, GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE,
                        "libc heap");
}

static bool guest_heap_unmap(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  return guest_vm_free(addr, size);
}

static struct heap *guest_heap;
static pthread_once_t guest_heap_once = PTHREAD_ONCE_INIT;

static void guest_heap_init(void) {
  static const struct heap_backing backing = {guest_heap_map, guest_heap_unmap, NULL};
  guest_heap = hle_heap_create(&backing);
  if (!guest_heap) LOG(hle, ERROR, "cannot create the guest heap");
}

struct heap *libc_heap(void) {
  pthread_once(&guest_heap_once, guest_heap_init);
  return guest_heap;
}

static void *result(void *p, size_t n) {
  if (!p) {
    hle_errno_set(GUEST_ENOMEM);
    LOG(hle, WARN, "guest heap: allocation of %zu bytes failed", n);
  }
  return p;
}

void *libc_malloc(size_t n) {
  struct heap *h = libc_heap();
  return result(h ? hle_heap_malloc(h, n) : NULL, n);
}

void *libc_calloc(size_t count, size_t size) {
  struct heap *h = libc_heap();
  return result(h ? hle_heap_calloc(h, count, size) : NULL, count * size);
}

void *libc_realloc(void *p, size_t n) {
  struct heap *h = libc_heap();
  return result(h ? hle_heap_realloc(h, p, n) : NULL, n);
}

void libc_free(void *p) {
  struct heap *h = libc_heap();
  if (h) hle_heap_free(h, p);
}

void *libc_memalign(size_t align, size_t n) {
  if (align == 0 || (align & (align - 1))) {
    hle_errno_set(GUEST_EINVAL);
    return NULL;
  }
  struct heap *h = libc_heap();
  return result(h ? hle_heap_memalign(h, align, n) : NULL, n);
}

int libc_posix_memalign(void **out, size_t align, size_t n) {
  if (!out || align < sizeof(void *) || (align & (align - 1))) return GUEST_EINVAL;
  struct heap *h = libc_heap();
  void *p = h ? hle_heap_memalign(h, align, n) : NULL;
  if (!p) return GUEST_ENOMEM;
  *out = p;
  return 0;
}

void *libc_aligned_alloc(size_t align, size_t n) { return libc_memalign(align, n); }

size_t libc_malloc_usable_size(void *p) {
  struct heap *h = libc_heap();
  return h ? hle_heap_usable_size(h, p) : 0;
}
