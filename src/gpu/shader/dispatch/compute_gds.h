/* The global data share (GDS) of one GPU: the memory that ds_* instructions with the gds bit
 * reach, shared by every workgroup of every dispatch and by the command processor's GDS
 * packet forms (docs/shader-dispatch.md, "GDS").
 *
 * GFX10 has 64 KiB of it (the Linux amdgpu driver's gds_size for Navi, 0x10000). A shader
 * chooses its window with M0 (bits 31:16 the base, 15:0 the size; the translation applies
 * it, docs/shader-ir.md); the whole 64 KiB is the partition here (the console's system
 * software gives a title its GDS partition; how much is not public). Dispatches whose code
 * has a DS instruction with the gds bit map it as one more guest range at COMPUTE_GDS_ADDR
 * (the emitter's spirv_emit_options.gds_addr): the top 64 KiB of the 48-bit GPU address
 * space, which no guest mapping reaches (the guest's user space ends at 2^47). */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_COMPUTE_GDS_H
#define PROSPERO_GPU_SHADER_DISPATCH_COMPUTE_GDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define COMPUTE_GDS_BYTES 0x10000u
#define COMPUTE_GDS_ADDR (0x1000000000000ull - COMPUTE_GDS_BYTES) /* 0xffffffff0000 */

struct compute_gds {
  uint8_t *data; /* COMPUTE_GDS_BYTES, page aligned (imported as it is where the device can) */
  uint32_t size;
};

/* A GDS of COMPUTE_GDS_BYTES zero bytes (the console's contents at start are not public;
 * drivers clear what they use). NULL on allocation failure. */
struct compute_gds *compute_gds_create(void);
void compute_gds_destroy(struct compute_gds *g);
/* Host view of GDS bytes [OFFSET, OFFSET + SIZE), or NULL when any is past its end. The
 * device sees host writes at the next dispatch and the host sees the device's when a
 * dispatch returned (compute_dispatch_direct maps it so). */
void *compute_gds_at(struct compute_gds *g, uint32_t offset, uint32_t size);

/* Whether the shader WORDS[COUNT] (decoded linearly as compute_code_extent does) has a DS
 * instruction with the gds bit: GDS loads, stores and atomics, ds_gws_*, ds_ordered_count. */
bool compute_code_uses_gds(const uint32_t *words, size_t count, bool wave64);

#endif
