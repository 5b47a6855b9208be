/* Guest virtual memory bands (FACTS.md "Process start"): reserved PROT_NONE at start-up,
 * then committed piecewise. Every guest-visible allocation (images, stacks, TLS blocks, the
 * libc heap) comes from here so the guest sees console-like addresses.
 * Protections use the console's bits: CPU R 0x01, W 0x02, X 0x04 (GPU bits ignored here). */
#ifndef PROSPERO_KERNEL_GUEST_VM_H
#define PROSPERO_KERNEL_GUEST_VM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GUEST_PROT_CPU_READ 0x01
#define GUEST_PROT_CPU_WRITE 0x02
#define GUEST_PROT_CPU_EXEC 0x04
#define GUEST_PROT_GPU_READ 0x10
#define GUEST_PROT_GPU_WRITE 0x20

/* The host window: a hole in the system-reserved band, just below the executable base
 * 0x9_0000_0000, where the prospero executable is linked (non-PIE, src/app/CMakeLists.txt)
 * with room above it for its brk heap (randomised up to 1 GiB past the image). Keeping host
 * code this close to guest code makes guest->HLE branches cheap (docs/perf-hle-calls.md).
 * The guest can never map, protect or free anything in it. */
#define GUEST_VM_HOST_WINDOW_START 0x880000000ull
#define GUEST_VM_HOST_WINDOW_END 0x900000000ull

/* Reserves the guest bands, minus the host window. Returns false (and logs why) if the host
 * refuses, or if the host executable sits inside the bands but outside the host window.
 * Idempotent. */
bool guest_vm_init(void);

/* Commits [addr, addr+size) at exactly ADDR (page aligned, inside a band, not in use). */
bool guest_vm_map_fixed(uint64_t addr, uint64_t size, int prot, const char *name);

/* Commits SIZE bytes anywhere in the user band, aligned to ALIGN (a power of two, at least
 * the 16 KiB guest page). Returns 0 on failure. NAME labels the range for fault reports. */
uint64_t guest_vm_alloc(uint64_t size, uint64_t align, int prot, const char *name);

bool guest_vm_protect(uint64_t addr, uint64_t size, int prot);
bool guest_vm_free(uint64_t addr, uint64_t size);

/* Name of the committed range holding ADDR (for fault reports), or NULL. */
const char *guest_vm_describe(uint64_t addr, uint64_t *range_start);

/* The committed range holding ADDR: its start, size and protection. False if none. */
bool guest_vm_query(uint64_t addr, uint64_t *start, uint64_t *size, int *prot);

/* The first committed range that ends above ADDR (it may start above ADDR). False if none. */
bool guest_vm_query_next(uint64_t addr, uint64_t *start, uint64_t *size, int *prot);

#endif
