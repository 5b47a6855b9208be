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

/* a format with an element of 1, 2, 4, 8 or 16 bytes (the 96-bit ones have no layout) */
bool shader_image_format_ok(const struct ir_buffer_format *f) {
  uint32_t b = ir_buffer_format_bytes(f);
  return f->comps && b && b <= 16 && !(b & (b - 1));
}

/* the bytes of element (x, y, slice) of level LEVEL (absolute) in the window, or NULL (no
 * layout, not mapped); the caller checks the coordinates */
uint8_t *shader_image_texel(struct shader_image_model *m, const struct ir_tsharp *t, uint32_t bpe,
                            uint32_t x, uint32_t y, uint32_t slice, uint32_t level) {
  bool is3d = t->type == IR_TSHARP_3D;
  bool xor_mode = t->sw_mode >= 16;
  uint64_t blk = image_model_block(t->sw_mode), base = t->base;
  struct tiling_surface sf = {.mode = t->sw_mode,
                              .bpe = bpe,
                              .width = t->width,
                              .height = t->height,
                              .depth = t->depth,
                              .levels = t->levels,
                              .fragments = 1,
                              .dim = is3d ? TILING_DIM_3D : TILING_DIM_2D};
  if (xor_mode) {
    sf.pipe_bank_xor = (uint32_t)(base & (blk - 1));
    base &= ~(blk - 1);
  }
  struct tiling_layout lay;
  if (!tiling_compute_layout(&sf, &lay)) return NULL;
  uint64_t a = base + tiling_element_offset(&lay, level, x, y, slice, 0);
  if (a < m->base || a + bpe > m->base + m->size) return NULL;
  return m->mem + (a - m->base);
}

void shader_image_fmt_of(uint32_t format, struct shader_image_fmt *o) {
  o->f = ir_buffer_format_of(format);
  o->x = ir_texel_format_of(format);
  if (o->x.kind != IR_TEXEL_PLAIN) { /* four components of the format's class */
    o->f = (struct ir_buffer_format){4, {0, 0, 0, 0}, o->x.cls};
    o->bpe = 1u << o->x.bytes_log2;
    o->ok = true;
    return;
  }
  o->ok = shader_image_format_ok(&o->f);
  o->bpe = o->ok ? ir_buffer_format_bytes(&o->f) : 4;
}

bool shader_image_fetch(struct shader_image_model *m, const struct ir_tsharp *t,
                        const struct shader_image_fmt *f, uint32_t x, uint32_t y, uint32_t slice,
                        uint32_t level, uint32_t c[4]) {
  c[0] = c[1] = c[2] = c[3] = 0;
  if (!f->ok) return false;
  if (f->x.kind == IR_TEXEL_PLAIN) {
    uint8_t *p = shader_image_texel(m, t, f->bpe, x, y, slice, level);
    if (p) ir_buffer_format_load(&f->f, p, c);
    return p != NULL;
  }
  /* the element grid: the texels per element side by side (the tiling's element) */
  struct ir_tsharp g = *t;
  uint32_t bw = f->x.bw_log2, bh = f->x.bh_log2;
  g.width = (t->width + (1u << bw) - 1) >> bw;
  g.height = (t->height + (1u << bh) - 1) >> bh;
  uint8_t *p = shader_image_texel(m, &g, f->bpe, x >> bw, y >> bh, slice, level);
  if (p) ir_texel_decode(&f->x, p, x & ((1u << bw) - 1), y & ((1u << bh) - 1), c);
  return p != NULL;
}

void shader_image_format_fault(struct shader_image_model *m, uint32_t format, uint32_t pc,
                               uint32_t lane) {
  struct ir_interp_fault *f = m->fault;
  if (!f || f->count++) return;
  *f = (struct ir_interp_fault){
      .count = 1, .addr = format, .kind = IR_INTERP_FAULT_FORMAT, .pc = pc, .lane = lane};
}

/* the element's coordinates (x, y, slice, absolute level) of OP in T, or false (outside the
 * image, the layers or the levels) */
static bool image_model_coords(const struct ir_interp_image *op, const struct ir_tsharp *t,
                               uint32_t xyzl[4]) {
  unsigned dim = (unsigned)(op->imm & IR_IMAGE_DIM_MASK);
  uint32_t x = op->coords[0], y = dim == 0 || dim == 4 ? 0 : op->coords[1];
  uint32_t s = dim == 4 ? op->coords[1] : dim == 2 || dim == 3 || dim == 5 ? op->coords[2] : 0;
  bool lod = (op->imm & IR_IMAGE_LOD) && op->op == IR_OP_image_load;
  lod |= (op->imm & IR_IMAGE_LOD) && op->op == IR_OP_image_store;
  uint32_t mip = lod ? op->coords[3] : 0, level = t->base_level + mip;
  bool is3d = t->type == IR_TSHARP_3D;
  if (t->type < IR_TSHARP_1D || t->type >= IR_TSHARP_2D_MSAA) return false;
  if (mip >= 16 || level > t->last_level || level >= t->levels) return false;
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
  xyzl[0] = x, xyzl[1] = y, xyzl[2] = slice, xyzl[3] = level;
  return true;
}

/* the element's bytes in the window, or NULL (outside the image, no layout, not mapped) */
static uint8_t *image_model_element(struct shader_image_model *m, const struct ir_interp_image *op,
                                    const struct ir_tsharp *t, uint32_t bpe) {
  uint32_t c[4];
  if (!image_model_coords(op, t, c)) return NULL;
  return shader_image_texel(m, t, bpe, c[0], c[1], c[2], c[3]);
}

static uint32_t image_model_atomic(uint32_t op, uint32_t old, uint32_t v) {
  switch (op) {
    case IR_ATOMIC_SWAP: return v;
    case IR_ATOMIC_ADD: return old + v;
    case IR_ATOMIC_SUB: return old - v;
    case IR_ATOMIC_SMIN: return (int32_t)v < (int32_t)old ? v : old;
    case IR_ATOMIC_UMIN: return v < old ? v : old;
    case IR_ATOMIC_SMAX: return (int32_t)v > (int32_t)old ? v : old;
    case IR_ATOMIC_UMAX: return v > old ? v : old;
    case IR_ATOMIC_AND: return old & v;
    case IR_ATOMIC_OR: return old | v;
    case IR_ATOMIC_XOR: return old ^ v;
    case IR_ATOMIC_INC: return old >= v ? 0 : old + 1;
    case IR_ATOMIC_DEC: return old == 0 || old > v ? v : old - 1;
    default: return old;
  }
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
      op->op == IR_OP_image_gather || op->op == IR_OP_image_gather_ex)
    return shader_image_sample(m, op, &t, result);
  if (op->op != IR_OP_image_load && op->op != IR_OP_image_store && op->op != IR_OP_image_atomic &&
      op->op != IR_OP_image_atomic_cmpswap)
    return false;
  struct shader_image_fmt sf;
  shader_image_fmt_of(t.format, &sf);
  struct ir_buffer_format f = sf.f;
  struct ir_vsharp v = {0};
  memcpy(v.dst_sel, t.dst_sel, 4);
  if (op->op == IR_OP_image_load) { /* the texel, decoded (special formats too) */
    uint32_t c[4] = {0, 0, 0, 0}, at[4];
    bool in = image_model_coords(op, &t, at), got = false;
    if (in && sf.ok) got = shader_image_fetch(m, &t, &sf, at[0], at[1], at[2], at[3], c);
    else if (in && t.format) shader_image_format_fault(m, t.format, op->pc, op->lane);
    ir_buffer_dst_sel(&v, &f, got, c, result);
    for (unsigned k = 0; (op->imm & IR_IMAGE_D16) && k < 4; k++)
      result[k] = ir_buffer_to_d16(&f, result[k]);
    return true;
  }
  /* stores and atomics: the plain formats' elements (special ones: dropped) */
  bool ok = sf.ok && sf.x.kind == IR_TEXEL_PLAIN;
  uint8_t *p = ok ? image_model_element(m, op, &t, sf.bpe) : NULL;
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
  if (!p || (t.format != 20 && t.format != 21)) return true; /* 32_UINT, 32_SINT */
  uint32_t old;
  memcpy(&old, p, 4);
  uint32_t nv = op->op == IR_OP_image_atomic_cmpswap
                    ? (old == op->data[1] ? op->data[0] : old)
                    : image_model_atomic((uint32_t)(op->imm >> IR_IMAGE_ATOMIC_SHIFT) & 0xff, old,
                                         op->data[0]);
  memcpy(p, &nv, 4);
  result[0] = old;
  return true;
}
