/* Guest virtual memory bands (FACTS.md "Process start"): reserved PROT_NONE at start-up,
 * then committed piecewise. Every guest-visible allocation (images, stacks, TLS blocks, the
 * libc heap) comes from here so the guest sees console-like addresses.
 * Protections use the console's bits: CPU R 0x01, W 0x02, X 0x04 (GPU bits ignored here). */
#ifndef PROSPERO_KERNEL_GUEST_VM_H
#define PROSPERO_KERNEL_GUEST_VM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sce/sce_elf.h" /* SCE_GUEST_PAGE_SIZE, the unit of every mapping below */

#define GUEST_PROT_CPU_READ 0x01
#define GUEST_PROT_CPU_WRITE 0x02
#define GUEST_PROT_CPU_EXEC 0x04
#define GUEST_PROT_GPU_READ 0x10
#define GUEST_PROT_GPU_WRITE 0x20

/* The runtime address map (FACTS.md "Process start"): the executable is loaded at
 * GUEST_VM_EXEC_BASE, each later module at the next GUEST_VM_MODULE_ALIGN multiple past the
 * previous one; unresolved data imports point into the no-access GUEST_VM_INVALID_PAGE. */
#define GUEST_VM_EXEC_BASE 0x900000000ull
#define GUEST_VM_MODULE_ALIGN 0x10000000ull /* 256 MiB */
#define GUEST_VM_INVALID_PAGE 0x840000000ull

/* The host window: a hole in the system-reserved band, just below the executable base
 * 0x9_0000_0000, where the prospero executable is linked (non-PIE, src/app/CMakeLists.txt)
 * with room above it for its brk heap (randomised up to 1 GiB past the image). Keeping host
 * code this close to guest code makes guest->HLE branches cheap (docs/perf-hle-calls.md).
 * The guest can never map, protect or free anything in it. */
#define GUEST_VM_HOST_WINDOW_START 0x880000000ull
#define GUEST_VM_HOST_WINDOW_END GUEST_VM_EXEC_BASE

/* The low band for fixed-address executables: ELF ET_EXEC / ET_SCE_EXEC images are linked for
 * fixed addresses, and the public PS5 homebrew SDK's app linker script starts them at one
 * 16 KiB page (0x4000, its MAXPAGESIZE), below the system-managed band. Page 0 is never
 * mapped (null pointers must fault). The band is reserved at start-up from the lowest address
 * the host lets a process map (Linux vm.mmap_min_addr) upwards. */
#define GUEST_VM_FIXED_LOW_START 0x4000ull
/* The end of the guest address space (the user band's end). */
#define GUEST_VM_ADDRESS_END 0xFC00000000ull
#define GUEST_VM_FIXED_LOW_END 0x40000ull

/* Reserves the guest bands, minus the host window. Returns false (and logs why) if the host
 * refuses, or if the host executable sits inside the bands but outside the host window.
 * Idempotent. */
bool guest_vm_init(void);

/* The address map's decision for a fixed-address executable image [START, END): true if it
 * can be committed there (with guest_vm_map_fixed), else false with a sentence in WHY naming
 * the range and what it collides with (the null page, the host's lowest mappable address,
 * the host window, the end of the guest address space, or a committed range such as the
 * invalid page). */
bool guest_vm_check_fixed(uint64_t start, uint64_t end, char *why, size_t cap);

/* Commits [addr, addr+size) at exactly ADDR (page aligned, inside a band, not in use). */
bool guest_vm_map_fixed(uint64_t addr, uint64_t size, int prot, const char *name);

/* Commits SIZE bytes anywhere in the user band, aligned to ALIGN (a power of two, at least
 * the 16 KiB guest page). Returns 0 on failure. NAME labels the range for fault reports. */
uint64_t guest_vm_alloc(uint64_t size, uint64_t align, int prot, const char *name);

bool guest_vm_protect(uint64_t addr, uint64_t size, int prot);
bool guest_vm_free(uint64_t addr, uint64_t size);
/* Marks the committed system ranges inside [ADDR, ADDR+SIZE) as a thread stack (VirtualQuery
 * reports isStack for them). False if the span is not wholly committed. */
bool guest_vm_mark_stack(uint64_t addr, uint64_t size);

/* ---- The guest's own memory map (libkernel's mmap family; kernel services) -----------
 * Every range the guest can see is one row of the table: system ranges made by the
 * functions above (images, stacks, TLS, the libc heap), flexible memory (anonymous
 * mappings, charged to the title's flexible memory budget, kernel/title.h), direct memory
 * (views of the physical pool, kernel/dmem.h: aliases share bytes) and reserved ranges
 * (address space held PROT_NONE until a fixed mapping replaces it). The guest_vm_map family
 * returns 0 or a negative kernel errno (kernel_errno.h). */
enum guest_vm_kind {
  GUEST_VM_KIND_SYSTEM,
  GUEST_VM_KIND_FLEXIBLE,
  GUEST_VM_KIND_DIRECT,
  GUEST_VM_KIND_RESERVED,
  GUEST_VM_KIND_POOL_RESERVED, /* a memory pool's address space, nothing committed */
  GUEST_VM_KIND_POOLED,        /* pool pages committed into it (phys: their pool offset) */
  GUEST_VM_KIND_FILE,          /* a view of a host file (phys: its file offset) */
  GUEST_VM_KIND_STACK,         /* anonymous memory mapped as a stack (mmap MAP_STACK) */
};

#define GUEST_VM_NAME_SIZE 32                /* names keep at most 31 characters */
#define GUEST_VM_SEARCH_START 0x200000000ull /* where hint-less mappings start (FACTS.md) */
#define GUEST_VM_MAP_FIXED 0x10              /* the console's map flag values */
#define GUEST_VM_MAP_NO_OVERWRITE 0x80
#define GUEST_VM_MAP_NO_COALESCE 0x400000 /* never merged with its neighbours */

/* Neighbouring ranges merge into one (as the console's map coalesces entries) when they touch
 * and have the same kind (not SYSTEM nor FILE), protection, name and memory type, neither was
 * mapped NO_COALESCE, and, for direct and pooled memory, their physical pages follow on. */

struct guest_vm_request {
  uint64_t addr;  /* FIXED: exactly here (16 KiB aligned); else a hint, 0 for none */
  uint64_t size;  /* > 0, 16 KiB multiple */
  uint64_t align; /* 0 or a power of two (at least 16 KiB is used) */
  int prot;
  unsigned flags; /* GUEST_VM_MAP_FIXED, GUEST_VM_MAP_NO_OVERWRITE */
  enum guest_vm_kind kind;
  uint64_t phys; /* DIRECT: offset in the physical pool */
  int mtype;     /* DIRECT: memory type reported by queries */
  const char *name;
  int host_fd;     /* FILE: the host file to view (phys: the offset in it); not kept */
  bool shared;     /* FILE: MAP_SHARED (writes reach the file) rather than MAP_PRIVATE */
  bool keep_apart; /* not merged with its neighbours at map time (later changes may merge) */
};

/* Maps REQ; *OUT receives the address. -EINVAL on bad arguments (misaligned, outside the
 * bands, in the host window), -ENOMEM when nothing fits, when NO_OVERWRITE meets a mapping
 * (reserved ranges do not count) or when flexible memory would exceed the budget. A FIXED
 * mapping without NO_OVERWRITE replaces whatever it covers. */
int guest_vm_map(const struct guest_vm_request *req, uint64_t *out);
/* Unmaps every page of [ADDR, ADDR+SIZE) that is mapped (holes are fine, as in FreeBSD);
 * the address space stays reserved for the guest. -EINVAL on a bad range or one that covers
 * part of a pool reservation (the console unmaps those whole). */
int guest_vm_unmap(uint64_t addr, uint64_t size);
/* Unmap notifications for higher modules (video out's registered buffers, the display's and
 * the GPU's imports of guest memory): FN(ADDR, SIZE, CTX) runs after [ADDR, ADDR+SIZE) stopped
 * holding what the guest mapped there (guest_vm_unmap, guest_vm_free, a FIXED mapping over
 * mapped pages, direct memory released, pool commit/decommit), once per call that unmapped
 * (one span covering every piece), outside the map's lock, on the thread that did it. At most
 * GUEST_VM_UNMAP_OBSERVERS at once: adding returns false (logged) when full. Removing takes
 * the same FN and CTX. */
#define GUEST_VM_UNMAP_OBSERVERS 4
typedef void (*guest_vm_unmap_observer)(uint64_t addr, uint64_t size, void *ctx);
bool guest_vm_add_unmap_observer(guest_vm_unmap_observer fn, void *ctx);
void guest_vm_remove_unmap_observer(guest_vm_unmap_observer fn, void *ctx);
/* Unmap guards, for modules whose jobs read guest memory on their own threads (a GPU dispatch,
 * the scan-out of a frame): BEGIN(ADDR, SIZE, CTX) runs before any page of [ADDR, ADDR+SIZE)
 * may stop holding what the guest mapped there, END with the same span after the change and
 * after the observers above, whether or not anything was unmapped; both outside the map's
 * lock, on the thread that unmaps. A guard whose BEGIN waits until its jobs using the span
 * end keeps them from reading pages the guest gave back (app/gpu_guard.h). The span is the
 * one asked for (guest_vm_free/unmap, a FIXED mapping, pool commit/decommit); releasing
 * direct memory (guest_vm_unmap_direct) guards the whole address space. At most
 * GUEST_VM_UNMAP_GUARDS; removing takes the same BEGIN, END and CTX. */
#define GUEST_VM_UNMAP_GUARDS 2
struct guest_vm_unmap_guard {
  void (*begin)(uint64_t addr, uint64_t size, void *ctx);
  void (*end)(uint64_t addr, uint64_t size, void *ctx);
  void *ctx;
};
bool guest_vm_add_unmap_guard(const struct guest_vm_unmap_guard *g);
void guest_vm_remove_unmap_guard(const struct guest_vm_unmap_guard *g);
/* Changes the protection of every mapped range in [ADDR, ADDR+SIZE); holes and reservations
 * in the span are skipped (FreeBSD's mprotect; the console's too). -EACCES when the host
 * refuses (a shared mapping of a read-only file made writable; nothing changes); -EINVAL
 * when the span touches pool space and is not 64 KiB aligned (the SDK reference). */
int guest_vm_mprotect(uint64_t addr, uint64_t size, int prot);
/* mprotect that also sets the memory type of the direct and pooled ranges it covers
 * (mtypeprotect); -EOPNOTSUPP, changing nothing, when the span holds flexible memory. */
int guest_vm_mtypeprotect(uint64_t addr, uint64_t size, int mtype, int prot);
/* Renames every mapped range inside [ADDR, ADDR+SIZE) (splitting at the edges). */
int guest_vm_set_name(uint64_t addr, uint64_t size, const char *name);
/* Unmaps every direct mapping of the physical pages [PHYS, PHYS+LEN) (dmem_release). */
void guest_vm_unmap_direct(uint64_t phys, uint64_t len);
/* True when a direct range maps any page of [PHYS, PHYS+LEN) (the EBUSY rule for aliases). */
bool guest_vm_direct_mapped(uint64_t phys, uint64_t len);
/* Every page of [ADDR, ADDR+SIZE) is mapped readable or executable (not a hole, not a
 * reservation, not PROT_NONE): 0, else -ENOMEM (FreeBSD's mlock: vm_map_wire without
 * HOLESOK). -EINVAL on a range outside the bands. */
int guest_vm_check_mapped(uint64_t addr, uint64_t size);

/* ---- Memory pools (kernel/mempool.h drives these) ---- */
struct guest_vm_pool_run {
  uint64_t phys, size; /* pool pages */
  int prot, mtype;
};
/* Commits RUNS (their sizes add up to SIZE) one after another into [ADDR, ADDR+SIZE), which
 * must lie wholly in the pool space of one reservation (-EINVAL otherwise) and hold nothing
 * committed (-EBUSY); nothing changes on an error. */
int guest_vm_pool_commit(uint64_t addr, uint64_t size, const struct guest_vm_pool_run *runs,
                         size_t n);
/* Checks [ADDR, ADDR+SIZE) lies wholly in the pool space (POOL_RESERVED / POOLED ranges) of
 * one reservation (-EINVAL otherwise, nothing changes) and, with REQUIRE_COMMITTED, wholly in
 * POOLED ones. Unless CHECK_ONLY,
 * turns it back into POOL_RESERVED and stores the pool pages it held in *RUNS (malloc'd,
 * *N entries, in address order). */
int guest_vm_pool_decommit(uint64_t addr, uint64_t size, bool require_committed, bool check_only,
                           struct guest_vm_pool_run **runs, size_t *n);
/* The pool reservation holding ADDR: its extent [*START, *END) (one reserve call's address
 * space; guest_vm_unmap refuses to cut one: -EINVAL). -EINVAL when ADDR is not pool space. */
int guest_vm_pool_extent(uint64_t addr, uint64_t *start, uint64_t *end);
/* True when a committed pool range lies (partly) in [ADDR, ADDR+SIZE). */
bool guest_vm_pool_committed_in(uint64_t addr, uint64_t size);
/* Bytes of pool memory committed with memory type MTYPE (block statistics). */
uint64_t guest_vm_pool_committed_bytes(int mtype);
/* The pool pages whose committed ranges were unmapped some other way (munmap, a fixed mapping
 * over them) since the last call: *RUNS (malloc'd, or NULL) and their count. */
size_t guest_vm_take_orphaned_pool_runs(struct guest_vm_pool_run **runs);

/* Flexible memory mapped now, and the budget (the title's flexibleMemorySize). */
uint64_t guest_vm_flexible_used(void);
uint64_t guest_vm_flexible_budget(void);

struct guest_vm_info {
  uint64_t start, end; /* [start, end) */
  uint64_t phys;       /* DIRECT: physical offset of start */
  int prot;
  int mtype;
  enum guest_vm_kind kind;
  char name[GUEST_VM_NAME_SIZE];
};
/* The range holding ADDR, or with FIND_NEXT the first range at or above ADDR. -EACCES when
 * there is none. */
int guest_vm_virtual_query(uint64_t addr, bool find_next, struct guest_vm_info *out);
/* Number of ranges in the table (for tests and benchmarks). */
size_t guest_vm_range_count(void);

/* Name of the committed range holding ADDR (for fault reports), or NULL. */
const char *guest_vm_describe(uint64_t addr, uint64_t *range_start);

/* The committed range holding ADDR: its start, size and protection. False if none. */
bool guest_vm_query(uint64_t addr, uint64_t *start, uint64_t *size, int *prot);

/* The first committed range that ends above ADDR (it may start above ADDR). False if none. */
bool guest_vm_query_next(uint64_t addr, uint64_t *start, uint64_t *size, int *prot);

#endif
