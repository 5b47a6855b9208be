/* An image model for the IR interpreter (ir_interp.h ir_interp_image_fn): the rules of the
 * SPIR-V back end's images (docs/shader-spirv.md, "Images") on the C side — the T# through
 * ir_tsharp.h, the layout and element offsets through the tiling library, the format
 * conversions through the buffer formats (ir_interp_buffer.h) — over one window of guest
 * memory. `prospero-shader run --interp` and gpu.shader_image use it. */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_IMAGE_MODEL_H
#define PROSPERO_GPU_SHADER_DISPATCH_IMAGE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu/shader/ir/ir_interp.h"

struct shader_image_model {
  uint8_t *mem; /* the window: guest [base, base + size) */
  uint64_t base, size;
};

/* ir_interp_image_fn with CTX a struct shader_image_model: image_load, image_store,
 * image_query, image_atomic(_cmpswap); false (the run stops) for sampling. */
bool shader_image_model(void *ctx, const struct ir_interp_image *op, uint32_t result[5]);

#endif
