/* Guest memory as shaders see it: a table of guest ranges (docs/shader-dispatch.md,
 * "Guest memory: the range table").
 *
 * Each range is SIZE bytes of guest memory at guest address ADDR, held at host address
 * HOST, and backed by one Vulkan buffer with a device address:
 *   - imported (VK_EXT_external_memory_host) when the device can import host memory and
 *     HOST and SIZE are aligned to its import granule: the device reads and writes the
 *     host bytes themselves, coherently; nothing is ever copied;
 *   - else a copy: a buffer of its own, filled when mapped. The host says which bytes it
 *     wrote (shader_memory_host_wrote: those pages are uploaded before the next dispatch)
 *     and asks for the device's writes (shader_memory_download: the ranges a dispatch ran
 *     against since their last download are copied back).
 * The module reads the table from a storage buffer (binding 1): a guest address is
 * translated by the first range holding the whole access; an address in no range reads 0
 * and drops its store or atomic, and counts in the fault record (the console's GPU faults
 * there: docs; shader_memory_fault). At most
 * SHADER_MEMORY_MAX_RANGES ranges (the module tests each slot inline). */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_SHADER_MEMORY_H
#define PROSPERO_GPU_SHADER_DISPATCH_SHADER_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/spirv/spirv_emit.h"
#include "gpu/vk/vk_device.h"

#define SHADER_MEMORY_MAX_RANGES SPIRV_RANGE_SLOTS
#define SHADER_MEMORY_PAGE 4096u /* dirty tracking granule of copied ranges */

struct shader_memory;

struct shader_memory *shader_memory_create(vk_device *dev);
void shader_memory_destroy(struct shader_memory *m);

/* Maps [ADDR, ADDR + SIZE) (bits 47:0; SIZE a multiple of 4, at least 4) held at HOST.
 * Ranges must not overlap. ALLOW_IMPORT false forces the copy backing. False with ERR
 * filled on bad arguments, an overlap, a full table or a device failure. */
bool shader_memory_map(struct shader_memory *m, uint64_t addr, void *host, uint64_t size,
                       bool allow_import, char *err, size_t err_size);
/* Whether the range holding ADDR is imported (false: copied, or no range). */
bool shader_memory_is_imported(const struct shader_memory *m, uint64_t addr);
uint32_t shader_memory_count(const struct shader_memory *m);
/* The device address guest address ADDR has in its range's buffer (0: in no range). */
uint64_t shader_memory_device_address(const struct shader_memory *m, uint64_t addr);

/* The host wrote [ADDR, ADDR + SIZE): its pages of copied ranges are uploaded before the
 * next dispatch (imported ranges need nothing). */
void shader_memory_host_wrote(struct shader_memory *m, uint64_t addr, uint64_t size);
/* Copies the device's bytes of the copied ranges that meet [ADDR, ADDR + SIZE) and that a
 * dispatch ran against since their last download back to the host. */
void shader_memory_download(struct shader_memory *m, uint64_t addr, uint64_t size);

/* ---- a table kept across dispatches ----
 * The emulator keeps one table for all its dispatches: each dispatch's window of guest
 * memory becomes a range once and stays imported while the guest keeps it mapped. */

/* Drops every range that meets [ADDR, ADDR + SIZE) (their buffers are destroyed). */
void shader_memory_unmap(struct shader_memory *m, uint64_t addr, uint64_t size);
/* The guest stopped mapping [ADDR, ADDR + SIZE): safe from any thread (the kernel's unmap
 * notification); the ranges meeting it are dropped before the table is next used
 * (shader_memory_use_window, shader_memory_prepare). */
void shader_memory_unmapped(struct shader_memory *m, uint64_t addr, uint64_t size);
/* Makes [ADDR, ADDR + SIZE) held at HOST a range of the table for the next dispatch: the
 * range already there when it is the same (an imported one is reused as it is; a copied one
 * is marked for a whole upload, the host having written it at will), else the ranges it
 * meets are dropped and it is mapped (imported when aligned for it), the least recently used
 * range making room when the table is full. False with ERR filled as shader_memory_map. */
bool shader_memory_use_window(struct shader_memory *m, uint64_t addr, void *host, uint64_t size,
                              char *err, size_t err_size);
/* The same for memory that is not the guest's and stays for every later dispatch (the
 * global data share, compute_dispatch.h): the range is pinned, never dropped to make room
 * for a window nor by a guest unmap (shader_memory_unmapped); shader_memory_unmap still drops
 * it. A copied one is marked for a whole upload, as a window. */
bool shader_memory_use_pinned(struct shader_memory *m, uint64_t addr, void *host, uint64_t size,
                              char *err, size_t err_size);
/* Host memory imported so far (for tests: a range reused is not imported again). */
uint64_t shader_memory_imports(const struct shader_memory *m);

/* Before a dispatch: uploads the pages the host marked, refreshes the table; *TABLE is the
 * buffer to bind at binding 1. */
bool shader_memory_prepare(struct shader_memory *m, const struct vk_buffer **table);
/* After a dispatch: the copied ranges may hold device writes. */
void shader_memory_finish(struct shader_memory *m);

/* ---- accesses outside every range (docs/shader-dispatch.md, "Unmapped accesses") ----
 * The table carries a fault record (SPIRV_RANGES_FAULT) that shader_memory_prepare clears:
 * after the dispatch it says how many accesses of the run fell outside every range (they
 * read 0 and dropped their stores) and which was first. */
struct shader_fault {
  uint32_t count; /* lane accesses outside every range (0: none) */
  uint64_t addr;  /* the first one's guest address (bits 47:0) */
  uint32_t kind;  /* enum spirv_fault_kind */
  uint32_t bytes; /* its size (0: unknown) */
  uint32_t pc;    /* its instruction's byte offset in the shader (UINT32_MAX: unknown) */
  uint32_t lane, wave;
};
/* Whether the next dispatches against M count such accesses (SPIRV_SPEC_FAULT_CHECK; a new
 * table: true). Off, they cost nothing and the record stays clear. */
void shader_memory_set_fault_check(struct shader_memory *m, bool on);
bool shader_memory_fault_check(const struct shader_memory *m);
/* The record of the last dispatch against M (after shader_memory_finish): false when no
 * access faulted. */
bool shader_memory_fault(const struct shader_memory *m, struct shader_fault *out);
/* One line about F (no newline): the count, the first access, and the mapped range nearest
 * to its address in M ("no range mapped" when none). */
void shader_memory_fault_text(const struct shader_memory *m, const struct shader_fault *f,
                              char *text, size_t size);

#endif
