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
#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/ir/ir_texel.h"

struct shader_image_model {
  uint8_t *mem; /* the window: guest [base, base + size) */
  uint64_t base, size;
  /* optional: where a load or sample of a format the model does not decode (ir_texel_decoded)
   * is counted, as the device's fault record counts it (kind IR_INTERP_FAULT_FORMAT, the
   * format in addr); such an access reads 0 as on the device */
  struct ir_interp_fault *fault;
  /* the sampler's border colour table (compute_config.border_color_base): an S# of
   * BORDER_COLOR_TYPE 3 reads its border colour at + 16 × BORDER_COLOR_PTR */
  uint64_t border_color_base;
};

/* ir_interp_image_fn with CTX a struct shader_image_model: image_load, image_store,
 * image_query, image_atomic(_cmpswap), image_sample(_ex), image_gather(_ex) and image_get_lod
 * in the forms shader_image_sample models; false (the run stops) for the others. */
bool shader_image_model(void *ctx, const struct ir_interp_image *op, uint32_t result[5]);

struct ir_tsharp;
struct ir_buffer_format;
/* a format with an element of 1, 2, 4, 8 or 16 bytes (the ones images lay out) */
bool shader_image_format_ok(const struct ir_buffer_format *f);

/* A T# format as the image model reads it: the row's layout (special formats: four
 * components of their class), the ir_texel.h entry, the element's bytes and whether its
 * texels are decoded (ok). The 96-bit formats (32_32_32_*: 12 bytes) are decoded on linear
 * surfaces only (SW_MODE 0; docs/shader-spirv.md "Images"): T's mode decides. */
struct shader_image_fmt {
  struct ir_buffer_format f;
  struct ir_texel_format x;
  uint32_t bpe;
  bool ok;
};
void shader_image_fmt_of(const struct ir_tsharp *t, struct shader_image_fmt *o);
/* The components of texel (X, Y, SLICE) of absolute level LEVEL of T (format F) — the
 * element holding it (special formats: x / texels per element ...) decoded — or false (no
 * layout, not mapped, format not decoded; C all 0). The coordinates are not checked. */
bool shader_image_fetch(struct shader_image_model *m, const struct ir_tsharp *t,
                        const struct shader_image_fmt *f, uint32_t x, uint32_t y, uint32_t slice,
                        uint32_t level, uint32_t c[4]);
/* Counts an access of lane LANE at instruction offset PC to format FORMAT, which the model
 * does not decode, in M's fault record (when it has one) */
void shader_image_format_fault(struct shader_image_model *m, uint32_t format, uint32_t pc,
                               uint32_t lane);
/* the bytes of element (X, Y, SLICE) of absolute level LEVEL of T (BPE bytes an element;
 * 12: a 96-bit texel of a linear surface) in M's window, or NULL (no layout, not mapped); the
 * coordinates are not checked */
uint8_t *shader_image_texel(struct shader_image_model *m, const struct ir_tsharp *t, uint32_t bpe,
                            uint32_t x, uint32_t y, uint32_t slice, uint32_t level);
/* image_sample(_ex), image_gather(_ex) or image_get_lod of one lane (image_sample.c, the rules of
 * docs/shader-spirv.md "Sampling"): false for the forms and S# settings not modelled (the run
 * stops) */
bool shader_image_sample(struct shader_image_model *m, const struct ir_interp_image *op,
                         const struct ir_tsharp *t, uint32_t result[5]);

#endif
