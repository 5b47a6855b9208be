/* MIMG (image) instructions as IR: sample, gather4, load, store and atomics.
 *
 * Address VGPRs, in the GFX10 order: [offset] [bias] [z-compare] [d/dx, d/dy] coordinates
 * [lod or clamp], from one register range or the NSA registers.
 *  - A16: the coordinates and the lod/clamp are 16-bit, packed two per VGPR in order (low
 *    half first); the bias is an f16 in the low half of its own VGPR; the offset and the
 *    compare reference stay 32-bit.
 *  - G16 (`_g16` forms): each derivative direction is 16-bit, packed two per VGPR, every
 *    direction starting in a new VGPR (3D: dx.x dx.y | dx.z pad | dy.x dy.y | dy.z pad).
 *    A16 alone leaves the derivatives 32-bit (llvm-mc-19 sizes `_d` + a16 so).
 *  - D16: 16-bit data, two components per VGPR (low half first); the IR operation carries
 *    IR_IMAGE_D16 and gives / takes each component in the low half of its dword.
 * 16-bit float addresses and derivatives are widened to f32 exactly, 16-bit integer
 * coordinates (load/store/atomics) zero-extended.
 *  - TFE (and LWE on sampler operations): the fetch also returns a status dword, written to
 *    the VGPR after the data (after the packed data with D16) when it is not 0.
 * The special forms (_pck, image_msaa_load, image_gather4h) are flags of the plain IR
 * operations; docs/shader-ir.md "Images" gives the evidence for each reading.
 */
#include <string.h>

#include "gpu/shader/translate/translate_ext.h"
#include "gpu/shader/translate/translate_operands.h"

/* Coordinates per MIMG dimension (x, y, z/face/slice/fragment). */
static const uint8_t image_coords[8] = {1, 2, 3, 3, 2, 3, 3, 4};
/* Derivative values per direction (_d forms): the non-array coordinates; a cube map's
 * are those of its face (2). */
static const uint8_t image_grads[8] = {1, 2, 3, 2, 1, 2, 2, 2};

struct image_addr {
  uint32_t v[16];
  unsigned n, res; /* dwords read; index of the T# operand (XL_NONE: none) */
  unsigned first;  /* index of the first address operand */
};

static void image_read_addr(struct xl_state *x, const struct isa_inst *in, unsigned first,
                            struct image_addr *a) {
  unsigned i = first;
  a->n = 0;
  a->res = XL_NONE;
  a->first = first;
  for (; i < in->num_srcs && a->n < 16; i++) {
    const struct isa_operand *op = srcp(in, i);
    if (op->kind != ISA_OPK_VGPR) break;
    for (unsigned k = 0; k < op->count && a->n < 16; k++) a->v[a->n++] = src_dword(x, op, k, false);
  }
  if (i < in->num_srcs && in->srcs[i].kind == ISA_OPK_SGPR) a->res = i;
}

/* Address dwords up to NEED. A register range (not NSA) is read on as the hardware reads
 * it, whatever size the decoder gave the operand: llvm-objdump, which the decoder follows,
 * keeps its first-matched sizes for forms no LLVM variant has (gather4 with D16 and TFE). */
static bool image_addr_need(struct xl_state *x, const struct isa_inst *in, struct image_addr *a,
                            unsigned need) {
  if (a->n >= need) return true;
  if (in->nsa || need > 16 || a->first >= in->num_srcs || a->n == 0) return false;
  const struct isa_operand *op = srcp(in, a->first);
  for (; a->n < need; a->n++) a->v[a->n] = src_dword(x, op, a->n, false);
  return true;
}

/* The T#: eight SGPRs, or four with r128 (a 128-bit resource; dwords 4-7 then 0). */
static uint32_t image_tsharp(struct xl_state *x, const struct isa_inst *in, unsigned res) {
  const struct isa_operand *t = srcp(in, res);
  uint32_t td[8];
  for (unsigned k = 0; k < 8; k++)
    td[k] = k >= 4 && in->r128 ? c32(x, 0) : src_dword(x, t, k < t->count ? k : 0, false);
  return ir_vec8_u32(&x->b, td[0], td[1], td[2], td[3], td[4], td[5], td[6], td[7]);
}

static uint32_t image_ssharp(struct xl_state *x, const struct isa_operand *op) {
  uint32_t d[4];
  for (unsigned i = 0; i < 4; i++) d[i] = src_dword(x, op, i, false);
  return ir_vec4_u32(&x->b, d[0], d[1], d[2], d[3]);
}

/* Half H (0 low, 1 high) of V: as f32 bits (float addresses) or zero-extended. */
static uint32_t half_f32(struct xl_state *x, uint32_t v, unsigned h) {
  struct ir_builder *bd = &x->b;
  return ir_bitcast_u32(bd, ir_cvt_f32_f16(bd, ir_bitcast_f16(bd, ir_u16_of_i(bd, h, v))));
}

static uint32_t half_u32(struct xl_state *x, uint32_t v, unsigned h) {
  return ir_u32_of_u16(&x->b, ir_u16_of_i(&x->b, h, v));
}

/* Element K of a group of COUNT address values starting at dword *D, 16-bit packed or not;
 * FL: float values (f16 widened to f32 bits) or integers. */
static uint32_t addr_elem(struct xl_state *x, const struct image_addr *a, unsigned d, unsigned k,
                          bool packed, bool fl) {
  if (!packed) return a->v[d + k];
  uint32_t v = a->v[d + k / 2];
  return fl ? half_f32(x, v, k & 1) : half_u32(x, v, k & 1);
}

/* The decoded address of one instruction (all values U32 bits; floats as f32 bits). */
struct image_args {
  uint32_t co[4];     /* coordinates; [3] = lod, bias or clamp */
  uint32_t ex[8];     /* offset, compare, d/dx x y z, d/dy x y z */
  bool extras;
};

/* Reads the address VGPRs of the form DETAIL; false when there are too few. */
static bool image_args_of(struct xl_state *x, const struct isa_inst *in, uint64_t detail,
                          struct image_addr *a, bool fl, struct image_args *r) {
  unsigned dim = in->da_dim & 7, nc = image_coords[dim], d = 0;
  bool a16 = in->a16, g16 = (detail & XL_IMAGE_G16) != 0;
  unsigned ng = (detail & IR_IMAGE_DERIV) ? image_grads[dim] : 0;
  bool tail = (detail & (IR_IMAGE_LOD | IR_IMAGE_CLAMP)) != 0; /* a value after the coordinates */
  unsigned nd = a16 ? (nc + tail + 1) / 2 : nc + tail; /* coordinate dwords */
  unsigned gd = g16 ? (ng + 1) / 2 : ng;               /* dwords per derivative direction */
  unsigned need = !!(detail & IR_IMAGE_OFFSET) + !!(detail & IR_IMAGE_BIAS) +
                  !!(detail & IR_IMAGE_COMPARE) + 2 * gd + nd;
  if (!image_addr_need(x, in, a, need)) return false;
  for (unsigned k = 0; k < 4; k++) r->co[k] = c32(x, 0); /* 0 or 0.0f */
  for (unsigned k = 0; k < 8; k++) r->ex[k] = c32(x, 0);
  r->extras = (detail & (IR_IMAGE_OFFSET | IR_IMAGE_COMPARE | IR_IMAGE_DERIV)) != 0;
  if (detail & IR_IMAGE_OFFSET) r->ex[0] = a->v[d++];
  if (detail & IR_IMAGE_BIAS) {
    r->co[3] = a16 ? half_f32(x, a->v[d], 0) : a->v[d];
    d++;
  }
  if (detail & IR_IMAGE_COMPARE) r->ex[1] = a->v[d++];
  for (unsigned dir = 0; dir < 2 && ng; dir++, d += gd)
    for (unsigned k = 0; k < ng; k++) r->ex[2 + 3 * dir + k] = addr_elem(x, a, d, k, g16, true);
  /* a fourth coordinate (2D MSAA array: the fragment) takes component 3 (no tail then) */
  for (unsigned k = 0; k < nc && k < 4; k++) r->co[k] = addr_elem(x, a, d, k, a16, fl);
  if (tail) {
    uint32_t t = addr_elem(x, a, d, nc, a16, fl);
    int slot = ir_image_clamp_slot(dim | detail);
    if ((detail & IR_IMAGE_BIAS) && (detail & IR_IMAGE_CLAMP)) { /* _b_cl: the clamp's slot */
      if (slot < 0) return false;
      r->ex[slot] = t;
      r->extras = true;
    } else {
      r->co[3] = t;
    }
  }
  return true;
}

/* An implicit LOD (image_sample, image_gather4 and their _c, _o, _cl forms): the
 * derivatives come from the lane's quad, lanes 4k..4k+3 laid out 2x2 (4k top left, 4k+1
 * top right, 4k+2 bottom left), one pair per quad (coarse): d/dx = TR - TL and d/dy =
 * BL - TL of each coordinate the dimension differentiates, read from those lanes whatever
 * EXEC holds (docs/shader-spirv.md "Sampling"). The form becomes its _d form. */
static void quad_derivatives(struct xl_state *x, unsigned dim, struct image_args *r) {
  struct ir_builder *bd = &x->b;
  r->extras = true;
  if (dim == 3) { /* a cube: the derivatives of the lane's face coordinates */
    xl_cube_quad_derivatives(x, r->co, r->ex);
    return;
  }
  uint32_t tl = ir_iand(bd, ir_lane_id(bd), c32(x, ~3u));
  uint32_t tr = ir_iadd(bd, tl, c32(x, 1)), bl = ir_iadd(bd, tl, c32(x, 2));
  for (unsigned k = 0; k < image_grads[dim]; k++) {
    uint32_t f0 = ir_bitcast_f32(bd, ir_read_lane(bd, r->co[k], tl));
    uint32_t fx = ir_bitcast_f32(bd, ir_read_lane(bd, r->co[k], tr));
    uint32_t fy = ir_bitcast_f32(bd, ir_read_lane(bd, r->co[k], bl));
    r->ex[2 + k] = ir_bitcast_u32(bd, ir_fsub(bd, fx, f0));
    r->ex[5 + k] = ir_bitcast_u32(bd, ir_fsub(bd, fy, f0));
  }
}

/* _cd (coarse derivatives, "LOD per quad"): every lane of a quad takes the derivatives its
 * top left lane was given, read whatever EXEC holds as the quad's coordinates are
 * (docs/shader-spirv.md "Sampling"); the form becomes its _d form. */
static void quad_coarse(struct xl_state *x, unsigned dim, struct image_args *r) {
  struct ir_builder *bd = &x->b;
  uint32_t tl = ir_iand(bd, ir_lane_id(bd), c32(x, ~3u));
  for (unsigned k = 0; k < image_grads[dim]; k++) {
    r->ex[2 + k] = ir_read_lane(bd, r->ex[2 + k], tl);
    r->ex[5 + k] = ir_read_lane(bd, r->ex[5 + k], tl);
  }
}

/* Writes the result components (V: V4U32 or V4F32) selected by MASK to vdata, 32-bit or
 * (D16) two per register; with STATUS (TFE/LWE) the status dword follows the data. */
static void image_write_result(struct xl_state *x, const struct isa_inst *in, uint32_t v,
                               bool is_f32, unsigned mask, bool status) {
  struct ir_builder *bd = &x->b;
  if (!in->num_defs) return;
  if (status) { /* the VGPR after the data, written only when a status is returned */
    unsigned n = (unsigned)__builtin_popcount(mask), at = in->d16 ? (n + 1) / 2 : n;
    uint32_t st = ir_image_status(bd, v), old = src_dword(x, defp(in, 0), at, false);
    write_v32(x, defp(in, 0), at, ir_select(bd, ir_ine(bd, st, c32(x, 0)), st, old));
  }
  uint32_t c[4];
  unsigned n = 0;
  for (unsigned k = 0; k < 4; k++)
    if ((mask >> k) & 1)
      c[n++] = is_f32 ? ir_bitcast_u32(bd, ir_extract_f32_i(bd, k, v)) : ir_extract_u32_i(bd, k, v);
  if (!in->d16) {
    for (unsigned k = 0; k < n; k++) write_v32(x, defp(in, 0), k, c[k]);
    return;
  }
  for (unsigned k = 0; k < n; k += 2) { /* an odd last component leaves the high half 0 */
    uint32_t hi = k + 1 < n ? ir_u16_of_i(bd, 0, c[k + 1]) : ir_u16_of_i(bd, 0, c32(x, 0));
    write_v32(x, defp(in, 0), k / 2, ir_pack_half(bd, ir_u16_of_i(bd, 0, c[k]), hi));
  }
}

/* image_atomic_*: vdata (the destination register range) holds the operand (cmpswap: the
 * new value, then the compare value); with glc it receives the value before the operation. */
static void image_atomic(struct xl_state *x, const struct isa_inst *in, uint32_t pc,
                         struct image_addr *a, uint64_t flags, bool cmpswap) {
  struct ir_builder *bd = &x->b;
  unsigned nc = image_coords[in->da_dim & 7];
  unsigned want = in->a16 ? (nc + 1) / 2 : nc;
  if (!in->num_defs || in->dmask != (cmpswap ? 3 : 1) || !image_addr_need(x, in, a, want)) {
    /* 32-bit data only */
    xl_unsupported(x, in, pc);
    return;
  }
  uint32_t co[4];
  for (unsigned k = 0; k < 4; k++) co[k] = k < nc ? addr_elem(x, a, 0, k, in->a16, false) : c32(x, 0);
  uint32_t coords = ir_vec4_u32(bd, co[0], co[1], co[2], co[3]), t = image_tsharp(x, in, a->res);
  uint32_t data = src_dword(x, defp(in, 0), 0, false), act = lane_active(x), old;
  flags |= in->glc ? IR_IMAGE_GLC : 0;
  if (cmpswap)
    old = ir_image_atomic_cmpswap_i(bd, flags, t, coords, data, src_dword(x, defp(in, 0), 1, false), act);
  else
    old = ir_image_atomic_i(bd, flags, t, coords, data, act);
  if (in->glc) write_v32(x, defp(in, 0), 0, old);
}

/* True when the decoded form has no established semantics (docs/shader-ir.md, "Images"):
 * a status (TFE, or LWE on a sampler operation) of a store, atomic or query; dmask 0; a
 * one-component form (gather4h, msaa_load) whose dmask has several bits; msaa_load of a
 * non-MSAA surface; four coordinates (2D MSAA array) with sampling or an LOD. GFX10 MIMG
 * has no LDS bit and the decoder refuses D16 atomics (no D16 form in llvm-mc-19's tables). */
static bool image_unmodelled(const struct isa_inst *in, enum ir_op op, uint64_t detail,
                             bool status) {
  unsigned dim = in->da_dim & 7, dm = in->dmask & 0xf;
  bool fetch = op == IR_OP_image_load || op == IR_OP_image_sample || op == IR_OP_image_gather;
  bool sampler = op == IR_OP_image_sample || op == IR_OP_image_gather || op == IR_OP_image_get_lod;
  bool one = (detail & (IR_IMAGE_ROW | IR_IMAGE_FRAGMENTS)) != 0;
  return (status && !fetch) || dm == 0 || (one && (dm & (dm - 1))) ||
         ((detail & IR_IMAGE_FRAGMENTS) && dim < 6) ||
         (image_coords[dim] == 4 && (sampler || (detail & (IR_IMAGE_LOD | IR_IMAGE_CLAMP))));
}

static void translate_image(struct xl_state *x, const struct isa_inst *in, enum ir_op op,
                            uint64_t detail, uint32_t pc) {
  struct ir_builder *bd = &x->b;
  unsigned dim = in->da_dim & 7, store = op == IR_OP_image_store;
  bool cmpswap = op == IR_OP_image_atomic_cmpswap, atomic = op == IR_OP_image_atomic || cmpswap;
  bool sampler = op == IR_OP_image_sample || op == IR_OP_image_gather || op == IR_OP_image_get_lod;
  bool lwe = in->lwe_printed && sampler; /* LWE is ignored by non-sampler operations */
  bool status = in->tfe || lwe;
  if (image_unmodelled(in, op, detail, status) || in->lds || (in->d16 && atomic)) {
    xl_unsupported(x, in, pc);
    return;
  }
  /* operands: [vdata (store)], address VGPRs (one range, or NSA registers), T#, [S#] */
  struct image_addr a;
  image_read_addr(x, in, store, &a);
  uint64_t flags = dim | (detail & ~XL_IMAGE_G16) | (uint64_t)(in->dmask & 0xf) << IR_IMAGE_DMASK_SHIFT |
                   (in->unorm ? IR_IMAGE_UNORM : 0) | (in->d16 ? IR_IMAGE_D16 : 0) |
                   (in->tfe ? IR_IMAGE_TFE : 0) | (lwe ? IR_IMAGE_LWE : 0) |
                   (in->r128 ? IR_IMAGE_R128 : 0);
  if (a.res == XL_NONE) {
    xl_unsupported(x, in, pc);
    return;
  }
  if (atomic) {
    image_atomic(x, in, pc, &a, flags, cmpswap);
    return;
  }
  if (op == IR_OP_image_query) { /* image_get_resinfo: vaddr = the mip level */
    if (!a.n) {
      xl_unsupported(x, in, pc);
      return;
    }
    uint32_t mip = in->a16 ? half_u32(x, a.v[0], 0) : a.v[0];
    image_write_result(x, in, ir_image_query_i(bd, flags, image_tsharp(x, in, a.res), mip), false,
                       in->dmask, false);
    return;
  }
  bool gather = op == IR_OP_image_gather, lod = op == IR_OP_image_get_lod;
  bool fl = op == IR_OP_image_sample || gather || lod;
  struct image_args r;
  if (!image_args_of(x, in, detail, &a, fl, &r) || (fl && a.res + 1 >= in->num_srcs)) {
    xl_unsupported(x, in, pc);
    return;
  }
  /* an implicit LOD (plain, _b, _cl and get_lod) from the quad's derivatives; _cd as _d */
  if (fl && !(detail & (IR_IMAGE_LOD | IR_IMAGE_LOD_ZERO | IR_IMAGE_DERIV))) {
    quad_derivatives(x, dim, &r);
    flags |= IR_IMAGE_DERIV;
  } else if (detail & IR_IMAGE_COARSE) {
    quad_coarse(x, dim, &r);
    flags &= ~(uint64_t)IR_IMAGE_COARSE;
  }
  uint32_t tsharp = image_tsharp(x, in, a.res);
  if (fl) {
    uint32_t ssharp = image_ssharp(x, srcp(in, a.res + 1));
    uint32_t f[4];
    for (unsigned k = 0; k < 4; k++) f[k] = ir_bitcast_f32(bd, r.co[k]);
    uint32_t coords = ir_vec4_f32(bd, f[0], f[1], f[2], f[3]), v;
    if (r.extras) {
      uint32_t *q = r.ex;
      uint32_t extras = ir_vec8_u32(bd, q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]);
      v = lod      ? ir_image_get_lod_i(bd, flags, tsharp, ssharp, coords, extras)
          : gather ? ir_image_gather_ex_i(bd, flags, tsharp, ssharp, coords, extras)
                   : ir_image_sample_ex_i(bd, flags, tsharp, ssharp, coords, extras);
    } else {
      v = gather ? ir_image_gather_i(bd, flags, tsharp, ssharp, coords)
                 : ir_image_sample_i(bd, flags, tsharp, ssharp, coords);
    }
    /* gather4 returns the four texels of one component; sample the dmask's components */
    image_write_result(x, in, v, true, gather ? 0xf : in->dmask, status && !lod);
  } else if (op == IR_OP_image_load) {
    uint32_t v = ir_image_load_i(bd, flags, tsharp, ir_vec4_u32(bd, r.co[0], r.co[1], r.co[2], r.co[3]));
    /* msaa_load returns four values (samples) of one component, as gather4 does */
    image_write_result(x, in, v, false, (detail & IR_IMAGE_FRAGMENTS) ? 0xf : in->dmask, status);
  } else {
    uint32_t d[4], next = 0;
    for (unsigned k = 0; k < 4; k++) {
      if (!((in->dmask >> k) & 1)) {
        d[k] = c32(x, 0);
      } else if (in->d16) {
        d[k] = half_u32(x, src_dword(x, srcp(in, 0), next / 2, false), next & 1);
        next++;
      } else {
        d[k] = src_dword(x, srcp(in, 0), next++, false);
      }
    }
    ir_image_store_i(bd, flags, tsharp, ir_vec4_u32(bd, r.co[0], r.co[1], r.co[2], r.co[3]),
                     ir_vec4_u32(bd, d[0], d[1], d[2], d[3]), lane_active(x));
  }
}

void xl_translate_image(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                        uint32_t pc) {
  translate_image(x, in, e->op, e->detail, pc);
}

/* Load/store/fetch forms that are flags of the plain operations. */
static const struct {
  const char *name;
  enum ir_op op;
  uint64_t detail;
} image_flag_forms[] = {
    {"image_load_pck", IR_OP_image_load, IR_IMAGE_PACKED},
    {"image_load_pck_sgn", IR_OP_image_load, IR_IMAGE_PACKED | IR_IMAGE_SIGNED},
    {"image_load_mip_pck", IR_OP_image_load, IR_IMAGE_LOD | IR_IMAGE_PACKED},
    {"image_load_mip_pck_sgn", IR_OP_image_load, IR_IMAGE_LOD | IR_IMAGE_PACKED | IR_IMAGE_SIGNED},
    {"image_store_pck", IR_OP_image_store, IR_IMAGE_PACKED},
    {"image_store_mip_pck", IR_OP_image_store, IR_IMAGE_LOD | IR_IMAGE_PACKED},
    {"image_msaa_load", IR_OP_image_load, IR_IMAGE_FRAGMENTS},
    {"image_gather4h", IR_OP_image_gather, IR_IMAGE_ROW},
};

/* Sample and gather4 forms by name: image_sample / image_gather4 followed by the suffixes
 * _c (compare), _d / _cd (derivatives, coarse), _cl (clamp), _l, _b, _lz, _o, _g16; and the
 * flag forms above. Runs once per opcode (xl_image_form_of caches the result). */
static bool image_form_parse(const char *name, enum ir_op *op, uint64_t *detail) {
  for (unsigned i = 0; i < sizeof image_flag_forms / sizeof *image_flag_forms; i++)
    if (strcmp(name, image_flag_forms[i].name) == 0) {
      *op = image_flag_forms[i].op;
      *detail = image_flag_forms[i].detail;
      return true;
    }
  static const struct {
    const char *suffix;
    uint64_t flags;
  } sfx[] = {
      {"c", IR_IMAGE_COMPARE}, {"d", IR_IMAGE_DERIV},  {"cd", IR_IMAGE_DERIV | IR_IMAGE_COARSE},
      {"cl", IR_IMAGE_CLAMP},  {"l", IR_IMAGE_LOD},    {"b", IR_IMAGE_BIAS},
      {"lz", IR_IMAGE_LOD_ZERO}, {"o", IR_IMAGE_OFFSET}, {"g16", XL_IMAGE_G16},
  };
  const char *p;
  if (strncmp(name, "image_sample", 12) == 0) {
    *op = IR_OP_image_sample;
    p = name + 12;
  } else if (strncmp(name, "image_gather4", 13) == 0) {
    *op = IR_OP_image_gather;
    p = name + 13;
  } else {
    return false;
  }
  *detail = 0;
  while (*p) {
    if (*p++ != '_') return false;
    size_t len = strcspn(p, "_");
    unsigned i = 0;
    while (i < sizeof sfx / sizeof *sfx && (strlen(sfx[i].suffix) != len || strncmp(sfx[i].suffix, p, len)))
      i++;
    if (i == sizeof sfx / sizeof *sfx) return false;
    *detail |= sfx[i].flags;
    p += len;
  }
  /* g16 only with derivatives; the clamp never with an explicit LOD */
  return !((*detail & XL_IMAGE_G16) && !(*detail & IR_IMAGE_DERIV)) &&
         !((*detail & IR_IMAGE_CLAMP) && (*detail & IR_IMAGE_LOD));
}

/* Parsed forms per MIMG opcode (GFX10 opcodes are 8 bits): 0 not parsed yet, else bit 63
 * (parsed), bit 62 (a form), the IR operation in bits 61:48 and the detail in bits 47:0.
 * Concurrent fills store the same value. */
#define IMAGE_FORM_PARSED (1ull << 63)
#define IMAGE_FORM_VALID (1ull << 62)
#define IMAGE_FORM_OP_SHIFT 48
#define IMAGE_FORM_DETAIL ((1ull << IMAGE_FORM_OP_SHIFT) - 1)
_Static_assert(IR_OP_COUNT < (1u << 14), "the IR operation fits bits 61:48");
_Static_assert((IR_IMAGE_FRAGMENTS | IR_IMAGE_R128 | XL_IMAGE_G16) <= IMAGE_FORM_DETAIL,
               "the image form details fit bits 47:0");
static uint64_t image_form_cache[256];

bool xl_image_form_of(const struct isa_inst *in, enum ir_op *op, uint64_t *detail) {
  bool mimg = in->family == ISA_FAMILY_MIMG;
  uint64_t *slot = mimg && in->op < 256 ? &image_form_cache[in->op] : NULL;
  uint64_t v = slot ? __atomic_load_n(slot, __ATOMIC_RELAXED) : 0;
  if (!v) {
    enum ir_op o = IR_OP_COUNT;
    uint64_t d = 0;
    bool ok = mimg && image_form_parse(in->info->name, &o, &d);
    v = IMAGE_FORM_PARSED |
        (ok ? IMAGE_FORM_VALID | (uint64_t)o << IMAGE_FORM_OP_SHIFT | (d & IMAGE_FORM_DETAIL) : 0);
    if (slot) __atomic_store_n(slot, v, __ATOMIC_RELAXED);
  }
  if (!(v & IMAGE_FORM_VALID)) return false;
  *op = (enum ir_op)((v & ~(IMAGE_FORM_PARSED | IMAGE_FORM_VALID)) >> IMAGE_FORM_OP_SHIFT);
  *detail = v & IMAGE_FORM_DETAIL;
  return true;
}

bool xl_translate_image_ext(struct xl_state *x, const struct isa_inst *in, uint32_t pc) {
  enum ir_op op;
  uint64_t detail;
  if (!xl_image_form_of(in, &op, &detail)) return false;
  translate_image(x, in, op, detail, pc);
  return true;
}
