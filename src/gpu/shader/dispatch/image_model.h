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
 * image_query, image_atomic(_cmpswap), image_sample(_ex), image_gather(_ex) and image_get_lod
 * in the forms shader_image_sample models; false (the run stops) for the others. */
bool shader_image_model(void *ctx, const struct ir_interp_image *op, uint32_t result[5]);

struct ir_tsharp;
struct ir_buffer_format;
/* a format with an element of 1, 2, 4, 8 or 16 bytes (the ones images lay out) */
bool shader_image_format_ok(const struct ir_buffer_format *f);
/* the bytes of element (X, Y, SLICE) of absolute level LEVEL of T (BPE bytes an element) in
 * M's window, or NULL (no layout, not mapped); the coordinates are not checked */
uint8_t *shader_image_texel(struct shader_image_model *m, const struct ir_tsharp *t, uint32_t bpe,
                            uint32_t x, uint32_t y, uint32_t slice, uint32_t level);
/* image_sample(_ex), image_gather(_ex) or image_get_lod of one lane (image_sample.c, the rules of
 * docs/shader-spirv.md "Sampling"): false for the forms and S# settings not modelled (the run
 * stops) */
bool shader_image_sample(struct shader_image_model *m, const struct ir_interp_image *op,
                         const struct ir_tsharp *t, uint32_t result[5]);

#endif
