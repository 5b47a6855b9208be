/* Direct memory: the console's physical memory pool as the game sees it. One memfd backs the
 * whole pool, so every virtual mapping of a physical range (guest_vm_map with
 * GUEST_VM_KIND_DIRECT) shares the same bytes. The allocator hands out 16 KiB-granular,
 * aligned ranges from a search window, each tagged with a memory type, as
 * sceKernelAllocateDirectMemory does; releasing a range unmaps every virtual range using it.
 * Sizes come from FACTS.md "Kernel numbers": physical memory 13.5 GiB, direct memory is
 * what the title's flexible memory budget leaves. All functions return 0 or a negative
 * kernel errno (kernel_errno.h) and are thread-safe. */
#ifndef PROSPERO_KERNEL_DMEM_H
#define PROSPERO_KERNEL_DMEM_H

#include <stdbool.h>
#include <stdint.h>

#define DMEM_PAGE 0x4000ull
#define DMEM_PHYSICAL_MEMORY 0x360000000ull /* 13.5 GiB */
/* The largest memory type stored (PS4 types 0..10, PS5 types 11 and 12); which types a
 * title may set is the HLE layer's table (hle/libkernel/kernel_mtype.c). */
#define DMEM_MEMORY_TYPE_MAX 12

/* Creates the pool of SIZE bytes (16 KiB multiple) if it does not exist yet; later calls
 * return its existing state. 0 or a negative errno. */
int dmem_init(uint64_t size);
/* The pool size: what dmem_init was given, or (before it) physical memory minus the title's
 * flexible memory budget. Creates the pool on first use. */
uint64_t dmem_size(void);
/* The memfd backing the pool (created on first use), or -1 if it cannot be created. */
int dmem_fd(void);

/* Allocates LEN bytes (16 KiB multiple, > 0) at the lowest address A with A % ALIGN == 0
 * (ALIGN 0 means 16 KiB; else a power of two, 16 KiB multiple), SEARCH_START <= A and
 * A + LEN <= SEARCH_END (clamped to the pool size). -EINVAL on bad arguments or type,
 * -EAGAIN when nothing fits. */
int dmem_allocate(uint64_t search_start, uint64_t search_end, uint64_t len, uint64_t align,
                  int type, uint64_t *out);

/* As dmem_allocate, for the memory pool (sceKernelMemoryPoolExpand): the pages are taken out
 * of direct memory for good (they are not direct memory for dmem_query, dmem_allocated,
 * dmem_set_type nor dmem_release) and -ENOMEM (not -EAGAIN) says nothing fits. */
int dmem_pool_allocate(uint64_t search_start, uint64_t search_end, uint64_t len, uint64_t align,
                       uint64_t *out);
/* Releases [START, START+LEN) (16 KiB aligned, LEN > 0). CHECKED: every page must be
 * allocated, else -ENOENT and nothing changes; unchecked: releases what is allocated.
 * Unmaps every virtual range mapping the released pages. */
int dmem_release(uint64_t start, uint64_t len, bool checked);

/* The allocation holding ADDR: its type and [*start, *end), touching allocations of the same
 * type counted as one (the console's map coalesces them). -ENOENT if ADDR is free. */
int dmem_query(uint64_t addr, int *type, uint64_t *start, uint64_t *end);
/* As dmem_query, or when ADDR is free the first allocation above it. */
int dmem_query_next(uint64_t addr, int *type, uint64_t *start, uint64_t *end);

/* The largest free range inside [SEARCH_START, SEARCH_END) once its start is aligned to
 * ALIGN (as dmem_allocate): *START and *SIZE. -ENOMEM when there is none. */
int dmem_available(uint64_t search_start, uint64_t search_end, uint64_t align,
                   uint64_t *start, uint64_t *size);

/* True when every page of [START, START+LEN) is allocated. */
bool dmem_allocated(uint64_t start, uint64_t len);

/* Sets the memory type of every allocated page of [START, START+LEN) (MapDirectMemory2). */
int dmem_set_type(uint64_t start, uint64_t len, int type);

#endif
