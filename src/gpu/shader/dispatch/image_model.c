/* The interpreter's image model (image_model.h). */
#include "gpu/shader/dispatch/image_model.h"

#include <string.h>

#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/ir/ir_texel.h"
#include "gpu/shader/ir/ir_tsharp.h"
#include "gpu/tiling/tiling.h"

/* block bytes of a swizzle mode value (linear: 256, the pitch alignment; unused) */
static uint64_t image_model_block(uint32_t mode) {
  if (mode < 4) return 256;
  return (mode >> 2) == 1 || (mode >> 2) == 5 ? 4096 : 65536;
}

/* a format with an element of 1, 2, 4, 8 or 16 bytes (the 96-bit ones: shader_image_fmt_of) */
bool shader_image_format_ok(const struct ir_buffer_format *f) {
  uint32_t b = ir_buffer_format_bytes(f);
  return f->comps && b && b <= 16 && !(b & (b - 1));
}

/* the bytes of element (x, y, slice, fragment FRAG) of level LEVEL (absolute) in the window,
 * or NULL (no layout, not mapped: *UNMAPPED tells which, when given); the caller checks the
 * coordinates. MSAA types: one level, 2^LAST_LEVEL fragments (tiling_surface_from_tsharp). */
static uint8_t *image_model_texel(struct shader_image_model *m, const struct ir_tsharp *t,
                                  uint32_t bpe, uint32_t x, uint32_t y, uint32_t slice,
                                  uint32_t frag, uint32_t level, bool *unmapped) {
  bool is3d = t->type == IR_TSHARP_3D;
  bool msaa = t->type == IR_TSHARP_2D_MSAA || t->type == IR_TSHARP_2D_MSAA_ARRAY;
  if (msaa && t->last_level > 3) return NULL;
  bool xor_mode = t->sw_mode >= 16;
  uint64_t blk = image_model_block(t->sw_mode), base = t->base;
  /* 96-bit texels: a linear surface of 4-byte elements three times as wide (addrlib's
   * ADDR_EXPANDED: the width times 3, the element 32 bits), the texel at element 3x */
  uint32_t x3 = bpe == 12 ? 3 : 1;
  if (x3 == 3 && t->sw_mode != 0) return NULL;
  struct tiling_surface sf = {.mode = t->sw_mode,
                              .bpe = x3 == 3 ? 4 : bpe,
                              .width = t->width * x3,
                              .height = t->height,
                              .depth = t->depth,
                              .levels = msaa ? 1 : t->levels,
                              .fragments = msaa ? 1u << t->last_level : 1,
                              .dim = is3d ? TILING_DIM_3D : TILING_DIM_2D};
  if (xor_mode) {
    sf.pipe_bank_xor = (uint32_t)(base & (blk - 1));
    base &= ~(blk - 1);
  }
  struct tiling_layout lay;
  if (!tiling_compute_layout(&sf, &lay)) return NULL;
  uint64_t a = base + tiling_element_offset(&lay, level, x * x3, y, slice, frag);
  if (a < m->base || a + bpe > m->base + m->size) {
    if (unmapped) *unmapped = true;
    return NULL;
  }
  return m->mem + (a - m->base);
}

uint8_t *shader_image_texel(struct shader_image_model *m, const struct ir_tsharp *t, uint32_t bpe,
                            uint32_t x, uint32_t y, uint32_t slice, uint32_t level) {
  return image_model_texel(m, t, bpe, x, y, slice, 0, level, NULL);
}

void shader_image_fmt_of(const struct ir_tsharp *t, struct shader_image_fmt *o) {
  uint32_t format = t->format;
  o->f = ir_buffer_format_of(format);
  o->x = ir_texel_format_of(format);
  if (o->x.kind != IR_TEXEL_PLAIN) { /* four components of the format's class */
    o->f = (struct ir_buffer_format){4, {0, 0, 0, 0}, o->x.cls};
    o->bpe = 1u << o->x.bytes_log2;
    o->ok = true;
    return;
  }
  o->ok = shader_image_format_ok(&o->f);
  if (o->f.comps && ir_buffer_format_bytes(&o->f) == 12) o->ok = t->sw_mode == 0; /* linear */
  o->bpe = o->ok ? ir_buffer_format_bytes(&o->f) : 4;
}

/* the texel (X, Y) of T as F's element holds it, decoded into C: plain formats the element
 * (fragment FRAG), special ones the element of the element grid holding it; false when not
 * read (*UNMAPPED as image_model_texel) */
static bool image_model_fetch(struct shader_image_model *m, const struct ir_tsharp *t,
                              const struct shader_image_fmt *f, uint32_t x, uint32_t y,
                              uint32_t slice, uint32_t frag, uint32_t level, uint32_t c[4],
                              bool *unmapped) {
  c[0] = c[1] = c[2] = c[3] = 0;
  if (!f->ok) return false;
  if (f->x.kind == IR_TEXEL_PLAIN) {
    uint8_t *p = image_model_texel(m, t, f->bpe, x, y, slice, frag, level, unmapped);
    if (p) ir_buffer_format_load(&f->f, p, c);
    return p != NULL;
  }
  /* the element grid: the texels per element side by side (the tiling's element) */
  struct ir_tsharp g = *t;
  uint32_t bw = f->x.bw_log2, bh = f->x.bh_log2;
  g.width = (t->width + (1u << bw) - 1) >> bw;
  g.height = (t->height + (1u << bh) - 1) >> bh;
  uint8_t *p = image_model_texel(m, &g, f->bpe, x >> bw, y >> bh, slice, frag, level, unmapped);
  if (p) ir_texel_decode(&f->x, p, x & ((1u << bw) - 1), y & ((1u << bh) - 1), c);
  return p != NULL;
}

bool shader_image_fetch(struct shader_image_model *m, const struct ir_tsharp *t,
                        const struct shader_image_fmt *f, uint32_t x, uint32_t y, uint32_t slice,
                        uint32_t level, uint32_t c[4]) {
  return image_model_fetch(m, t, f, x, y, slice, 0, level, c, NULL);
}

void shader_image_format_fault(struct shader_image_model *m, uint32_t format, uint32_t pc,
                               uint32_t lane) {
  struct ir_interp_fault *f = m->fault;
  if (!f || f->count++) return;
  *f = (struct ir_interp_fault){
      .count = 1, .addr = format, .kind = IR_INTERP_FAULT_FORMAT, .pc = pc, .lane = lane};
}

/* the element's coordinates of OP in T — x, y, slice, fragment, absolute level — or false
 * (outside the image, the layers, the levels or the fragments). The coordinates by the
 * dimension: x, [y], [layer or z], [mip]; 2D MSAA x, y, fragment, [mip]; 2D MSAA array x,
 * y, layer, fragment (docs/shader-spirv.md, *Images*). */
static bool image_model_coords(const struct ir_interp_image *op, const struct ir_tsharp *t,
                               uint32_t at[5]) {
  unsigned dim = (unsigned)(op->imm & IR_IMAGE_DIM_MASK);
  bool msaa = dim >= 6;
  uint32_t x = op->coords[0], y = dim == 0 || dim == 4 ? 0 : op->coords[1];
  uint32_t s = dim == 4                                       ? op->coords[1]
               : dim == 2 || dim == 3 || dim == 5 || dim == 7 ? op->coords[2]
                                                              : 0;
  uint32_t frag = dim == 6 ? op->coords[2] : dim == 7 ? op->coords[3] : 0;
  bool lod = (op->imm & IR_IMAGE_LOD) && dim != 7 &&
             (op->op == IR_OP_image_load || op->op == IR_OP_image_store);
  uint32_t mip = lod ? op->coords[3] : 0, level = msaa ? mip : t->base_level + mip;
  bool is3d = t->type == IR_TSHARP_3D;
  bool msaa_type = t->type == IR_TSHARP_2D_MSAA || t->type == IR_TSHARP_2D_MSAA_ARRAY;
  if (msaa) {
    if (!msaa_type || mip || t->last_level > 3 || frag >= 1u << t->last_level) return false;
  } else {
    if (t->type < IR_TSHARP_1D || msaa_type) return false;
    if (mip >= 16 || level > t->last_level || level >= t->levels) return false;
  }
  uint32_t lw = t->width >> level ? t->width >> level : 1;
  uint32_t lh = t->height >> level ? t->height >> level : 1;
  uint32_t ld = t->depth >> level ? t->depth >> level : 1;
  if (x >= lw || y >= lh) return false;
  uint32_t slice;
  if (is3d) {
    if (s >= ld) return false;
    slice = s;
  } else {
    slice = t->base_array + s;
    if (slice < s || slice >= t->depth) return false;
  }
  at[0] = x, at[1] = y, at[2] = slice, at[3] = frag, at[4] = level;
  return true;
}

/* the element's bytes in the window, or NULL (outside the image, no layout, not mapped;
 * *UNMAPPED set for an element inside the image, with a layout, outside the window) */
static uint8_t *image_model_element(struct shader_image_model *m, const struct ir_interp_image *op,
                                    const struct ir_tsharp *t, uint32_t bpe, bool *unmapped) {
  uint32_t at[5];
  if (!image_model_coords(op, t, at)) return NULL;
  return image_model_texel(m, t, bpe, at[0], at[1], at[2], at[3], at[4], unmapped);
}

/* the forms this model has no rules for (the SPIR-V back end refuses them too):
 * image_msaa_load (which four samples) and packed (_pck) data (how the element's bits map
 * to the registers) */
static bool image_model_unmodelled(const struct ir_interp_image *op) {
  return (op->imm & (IR_IMAGE_FRAGMENTS | IR_IMAGE_PACKED)) != 0;
}

/* 32-bit image atomics: integer ones on 32_UINT / 32_SINT elements, float ones (fcmpswap,
 * fmin, fmax) on 32_FLOAT (docs/shader-spirv.md, *Images*) */
static bool image_model_atomic(const struct ir_interp_image *op, const struct ir_tsharp *t,
                               uint8_t *p, uint32_t result[5]) {
  bool cas = op->op == IR_OP_image_atomic_cmpswap;
  uint32_t aop = (uint32_t)(op->imm >> IR_IMAGE_ATOMIC_SHIFT) & 0xff;
  bool fl = cas ? aop == 1 : aop == IR_ATOMIC_FMIN || aop == IR_ATOMIC_FMAX;
  if (!p || (fl ? t->format != 22 : t->format != 20 && t->format != 21)) return true;
  uint32_t old, nv;
  memcpy(&old, p, 4);
  if (cas) {
    bool same = fl ? ir_interp_float_equal32(old, op->data[1]) : old == op->data[1];
    nv = same ? op->data[0] : old;
  } else if (!ir_interp_atomic32(aop, old, op->data[0], &nv)) {
    return false;
  }
  memcpy(p, &nv, 4);
  result[0] = old;
  return true;
}

bool shader_image_model(void *ctx, const struct ir_interp_image *op, uint32_t result[5]) {
  struct shader_image_model *m = ctx;
  struct ir_tsharp t;
  ir_tsharp_decode(op->tsharp, &t);
  memset(result, 0, 5 * sizeof *result);
  if (op->op == IR_OP_image_query) {
    ir_tsharp_resinfo(&t, op->coords[0], result);
    return true;
  }
  if (op->op == IR_OP_image_sample || op->op == IR_OP_image_sample_ex ||
      op->op == IR_OP_image_gather || op->op == IR_OP_image_gather_ex ||
      op->op == IR_OP_image_get_lod)
    return shader_image_sample(m, op, &t, result);
  if (op->op != IR_OP_image_load && op->op != IR_OP_image_store && op->op != IR_OP_image_atomic &&
      op->op != IR_OP_image_atomic_cmpswap)
    return false;
  if (image_model_unmodelled(op)) return false;
  struct shader_image_fmt sf;
  shader_image_fmt_of(&t, &sf);
  struct ir_buffer_format f = sf.f;
  bool unmapped = false;
  struct ir_vsharp v = {0};
  memcpy(v.dst_sel, t.dst_sel, 4);
  if (op->op == IR_OP_image_load) { /* the texel, decoded (special formats too) */
    uint32_t c[4] = {0, 0, 0, 0}, at[5];
    bool in = image_model_coords(op, &t, at), got = false;
    if (in && sf.ok)
      got = image_model_fetch(m, &t, &sf, at[0], at[1], at[2], at[3], at[4], c, &unmapped);
    else if (in && t.format) shader_image_format_fault(m, t.format, op->pc, op->lane);
    ir_buffer_dst_sel(&v, &f, got, c, result);
    for (unsigned k = 0; (op->imm & IR_IMAGE_D16) && k < 4; k++)
      result[k] = ir_buffer_to_d16(&f, result[k]);
    /* TFE: not resident (our reading, docs/shader-spirv.md *Images*) when the element is
     * inside the image and laid out but not in mapped memory; 0 otherwise */
    result[4] = (op->imm & IR_IMAGE_TFE) && unmapped ? 1 : 0;
    return true;
  }
  /* stores and atomics: the plain formats' elements (special ones: dropped) */
  bool ok = sf.ok && sf.x.kind == IR_TEXEL_PLAIN;
  uint8_t *p = ok ? image_model_element(m, op, &t, sf.bpe, &unmapped) : NULL;
  if (op->op == IR_OP_image_store) {
    if (!p) return true;
    uint32_t c[4];
    for (unsigned j = 0; j < 4; j++) {
      c[j] = 0;
      for (int k = 3; k >= 0; k--)
        if (t.dst_sel[k] == IR_SEL_X + j)
          c[j] = op->imm & IR_IMAGE_D16 ? ir_buffer_from_d16(&f, op->data[k]) : op->data[k];
    }
    ir_buffer_format_store(&f, c, p);
    return true;
  }
  return image_model_atomic(op, &t, p, result);
}
