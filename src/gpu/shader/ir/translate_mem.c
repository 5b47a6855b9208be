/* Memory, image, interpolation and export instructions as IR (see translate_ops.c for the
 * table that routes them here). */
#include "gpu/shader/ir/translate_ext.h"
#include "gpu/shader/ir/translate_operands.h"

/* ---- memory -------------------------------------------------------------------------- */

static uint32_t desc4(struct xl_state *x, const struct isa_operand *op) {
  uint32_t d[4];
  for (unsigned i = 0; i < 4; i++) d[i] = src_dword(x, op, i, false);
  return ir_vec4_u32(&x->b, d[0], d[1], d[2], d[3]);
}

/* SMEM offset: an immediate (signed byte offset) or an SGPR. */
static uint32_t smem_offset(struct xl_state *x, const struct isa_inst *in, unsigned i) {
  if (srcp(in, i)->kind == ISA_OPK_IMM || srcp(in, i)->kind == ISA_OPK_NONE)
    return c32(x, (uint32_t)in->offset);
  return src32(x, in, i);
}

static uint32_t active_pred(struct xl_state *x) { return lane_active(x); }

/* MUBUF/MTBUF addressing: vaddr holds the index (idxen) then the offset (offen). */
static void buffer_address(struct xl_state *x, const struct isa_inst *in, unsigned vaddr,
                           unsigned soffset, uint32_t *index, uint32_t *offset) {
  const struct isa_operand *va = srcp(in, vaddr);
  unsigned k = 0;
  *index = in->idxen ? src_dword(x, va, k++, false) : c32(x, 0);
  uint32_t off = in->offen ? src_dword(x, va, k, false) : c32(x, 0);
  off = ir_iadd(&x->b, off, src32(x, in, soffset));
  *offset = ir_iadd(&x->b, off, c32(x, (uint32_t)in->offset));
}

/* FLAT/GLOBAL address: saddr (64-bit SGPR pair) + 32-bit vaddr, or a 64-bit vaddr. */
static uint32_t global_address(struct xl_state *x, const struct isa_inst *in, unsigned vaddr,
                               unsigned saddr) {
  struct ir_builder *bd = &x->b;
  uint32_t a;
  if (srcp(in, saddr)->kind == ISA_OPK_SGPR)
    a = ir_iadd64(bd, src64(x, in, saddr, false),
                  ir_pack_u64(bd, src_dword(x, srcp(in, vaddr), 0, false), c32(x, 0)));
  else
    a = src64(x, in, vaddr, false);
  int64_t off = in->offset;
  return ir_iadd64(bd, a, c64(x, (uint64_t)off));
}

static uint32_t plus(struct xl_state *x, uint32_t v, uint32_t k) {
  return k ? ir_iadd(&x->b, v, c32(x, k)) : v;
}

static uint32_t plus64(struct xl_state *x, uint32_t v, uint64_t k) {
  return k ? ir_iadd64(&x->b, v, c64(x, k)) : v;
}

void xl_translate_memory(struct xl_state *x, const struct isa_inst *in,
                             const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  unsigned n = e->detail & 0xff;
  uint32_t index, offset, addr;
  switch (e->kind) {
    case K_SLOAD: /* srcs: sdata, sbase (pair), offset */
      addr = src64(x, in, 1, false);
      offset = smem_offset(x, in, 2);
      for (unsigned i = 0; i < n; i++)
        write_sdword(x, srcp(in, 0), i, ir_load_const(bd, addr, plus(x, offset, 4 * i)));
      break;
    case K_SBUFLOAD: /* srcs: sdata, V#, offset */
      addr = desc4(x, srcp(in, 1));
      offset = smem_offset(x, in, 2);
      for (unsigned i = 0; i < n; i++)
        write_sdword(x, srcp(in, 0), i, ir_load_buffer_const(bd, addr, plus(x, offset, 4 * i)));
      break;
    case K_BUFLOAD: /* defs: vdata; srcs: vaddr, V#, soffset */
      buffer_address(x, in, 0, 2, &index, &offset);
      addr = desc4(x, srcp(in, 1));
      for (unsigned i = 0; i < n && in->num_defs; i++)
        write_v32(x, defp(in, 0), i, ir_load_buffer(bd, addr, index, plus(x, offset, 4 * i)));
      break;
    case K_BUFSTORE: /* srcs: vdata, vaddr, V#, soffset */
      buffer_address(x, in, 1, 3, &index, &offset);
      addr = desc4(x, srcp(in, 2));
      for (unsigned i = 0; i < n; i++)
        ir_store_buffer(bd, addr, index, plus(x, offset, 4 * i),
                        src_dword(x, srcp(in, 0), i, false), active_pred(x));
      break;
    case K_BUFLOADFMT:
    case K_TBUFLOADFMT: { /* converted through the V# format (MUBUF) or the instruction's */
      buffer_address(x, in, 0, 2, &index, &offset);
      addr = desc4(x, srcp(in, 1));
      uint64_t fmt = e->kind == K_TBUFLOADFMT ? in->format : 0;
      uint32_t v = ir_load_buffer_fmt_i(bd, fmt, addr, index, offset);
      for (unsigned i = 0; i < n && in->num_defs; i++)
        write_v32(x, defp(in, 0), i, ir_bitcast_u32(bd, ir_extract_f32_i(bd, i, v)));
      break;
    }
    case K_GLOAD: /* defs: vdst; srcs: vaddr, saddr */
      addr = global_address(x, in, 0, 1);
      for (unsigned i = 0; i < n && in->num_defs; i++)
        write_v32(x, defp(in, 0), i, ir_load_global(bd, plus64(x, addr, 4 * i)));
      break;
    case K_GSTORE: /* srcs: vaddr, vdata, saddr */
      addr = global_address(x, in, 0, 2);
      for (unsigned i = 0; i < n; i++)
        ir_store_global(bd, plus64(x, addr, 4 * i), src_dword(x, srcp(in, 1), i, false),
                        active_pred(x));
      break;
    case K_DSREAD: /* defs: vdst; srcs: addr */
      addr = plus(x, src32(x, in, 0), (uint32_t)in->offset);
      for (unsigned i = 0; i < n && in->num_defs; i++)
        write_v32(x, defp(in, 0), i, ir_load_lds(bd, plus(x, addr, 4 * i)));
      break;
    case K_DSWRITE: /* srcs: addr, data */
      addr = plus(x, src32(x, in, 0), (uint32_t)in->offset);
      for (unsigned i = 0; i < n; i++)
        ir_store_lds(bd, plus(x, addr, 4 * i), src_dword(x, srcp(in, 1), i, false), active_pred(x));
      break;
    case K_DSREAD2:
    case K_DSWRITE2: { /* two elements at offset0 and offset1 (x stride: size or 64 x size) */
      uint32_t stride = 4 * n * ((e->detail & SIGNED) ? 64 : 1);
      uint32_t base = src32(x, in, 0);
      uint32_t offs[2] = {(uint32_t)in->offset & 0xff, in->offset1};
      for (unsigned h = 0; h < 2; h++) {
        uint32_t a = plus(x, base, offs[h] * stride);
        for (unsigned i = 0; i < n; i++) {
          if (e->kind == K_DSREAD2) {
            if (in->num_defs) write_v32(x, defp(in, 0), h * n + i, ir_load_lds(bd, plus(x, a, 4 * i)));
          } else {
            ir_store_lds(bd, plus(x, a, 4 * i), src_dword(x, srcp(in, 1 + h), i, false),
                         active_pred(x));
          }
        }
      }
      break;
    }
    case K_DSATOMIC: { /* srcs: addr, data; returns the old value with _rtn */
      addr = plus(x, src32(x, in, 0), (uint32_t)in->offset);
      if (e->op == IR_OP_atomic_lds_cmpst) { /* srcs: addr, data0 (compare), data1 (new) */
        uint32_t old = ir_atomic_lds_cmpst_i(bd, e->detail & 0xff, addr, src32(x, in, 2),
                                             src32(x, in, 1), active_pred(x));
        if ((e->detail & RTN) && in->num_defs) write_vdst(x, in, old);
        break;
      }
      if (e->op == IR_OP_atomic_lds_cmpst64) {
        uint32_t old = ir_atomic_lds_cmpst64_i(bd, e->detail & 0xff, addr, src64(x, in, 2, false),
                                               src64(x, in, 1, false), active_pred(x));
        if (e->detail & RTN) write_vdst64(x, in, old);
        break;
      }
      if (e->op == IR_OP_atomic_lds64) {
        uint32_t old = ir_atomic_lds64_i(bd, e->detail & 0xff, addr, src64(x, in, 1, false),
                                         active_pred(x));
        if (e->detail & RTN) write_vdst64(x, in, old);
        break;
      }
      uint32_t old = ir_atomic_lds_i(bd, e->detail & 0xff, addr, src32(x, in, 1), active_pred(x));
      if ((e->detail & RTN) && in->num_defs) write_vdst(x, in, old);
      break;
    }
    default: break;
  }
}

/* ---- buffer and global atomics ------------------------------------------------------ */

/* MUBUF: srcs vdata, vaddr, V#, soffset; with glc the old value goes back into vdata.
 * GLOBAL/FLAT: srcs vaddr, data, saddr; with glc a separate vdst (def 0). */
void xl_translate_atomic(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  bool w64 = e->detail & W64;
  uint64_t op = e->detail & 0xff;
  uint32_t old;
  const struct isa_operand *ret;
  if (e->kind == (enum xl_kind)K_BUF_ATOMIC) {
    uint32_t index, offset;
    buffer_address(x, in, 1, 3, &index, &offset);
    uint32_t v = desc4(x, srcp(in, 2));
    old = w64 ? ir_atomic_buffer64_i(bd, op, v, index, offset, src64(x, in, 0, false), active_pred(x))
              : ir_atomic_buffer_i(bd, op, v, index, offset, src32(x, in, 0), active_pred(x));
    ret = srcp(in, 0);
  } else {
    uint32_t a = global_address(x, in, 0, 2);
    old = w64 ? ir_atomic_global64_i(bd, op, a, src64(x, in, 1, false), active_pred(x))
              : ir_atomic_global_i(bd, op, a, src32(x, in, 1), active_pred(x));
    ret = in->num_defs ? defp(in, 0) : NULL;
  }
  if (!in->glc || !ret) return;
  if (w64) {
    write_v32(x, ret, 0, ir_lo_u32(bd, old));
    write_v32(x, ret, 1, ir_hi_u32(bd, old));
  } else {
    write_v32(x, ret, 0, old);
  }
}

/* ---- sub-dword memory -------------------------------------------------------------- */

/* The value a sub-dword load writes: the loaded bytes zero- or sign-extended to 32 bits,
 * or (D16) extended to 16 bits and placed in one half of the destination, whose other half
 * keeps its value. */
static void write_subdword_load(struct xl_state *x, const struct isa_inst *in, uint32_t detail,
                                uint32_t v) {
  struct ir_builder *bd = &x->b;
  uint32_t bits = 8 * (detail & 0xff);
  if (detail & SIGNED) v = ir_sbfe(bd, v, c32(x, 0), c32(x, bits));
  if (!(detail & SUB_D16)) {
    write_vdst(x, in, v);
    return;
  }
  uint32_t half = ir_u16_of_i(bd, 0, v);
  uint32_t old = src_dword(x, defp(in, 0), 0, false);
  write_vdst(x, in, (detail & SUB_HI) ? ir_pack_half(bd, ir_u16_of_i(bd, 0, old), half)
                                      : ir_pack_half(bd, half, ir_u16_of_i(bd, 1, old)));
}

/* The data a sub-dword store writes: the low bytes of the register, or (_d16_hi) of its
 * high half. */
static uint32_t subdword_store_data(struct xl_state *x, const struct isa_operand *op,
                                    uint32_t detail) {
  uint32_t v = src_dword(x, op, 0, false);
  return (detail & SUB_HI) ? ir_lshr(&x->b, v, c32(x, 16)) : v;
}

void xl_translate_subdword(struct xl_state *x, const struct isa_inst *in,
                           const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  uint64_t bytes = e->detail & 0xff;
  uint32_t index, offset, addr, v;
  switch ((int)e->kind) {
    case K_DS_SUB_LOAD: /* defs: vdst; srcs: addr */
      addr = plus(x, src32(x, in, 0), (uint32_t)in->offset);
      if (in->num_defs) write_subdword_load(x, in, e->detail, ir_load_lds_sub_i(bd, bytes, addr));
      break;
    case K_DS_SUB_STORE: /* srcs: addr, data */
      addr = plus(x, src32(x, in, 0), (uint32_t)in->offset);
      ir_store_lds_sub_i(bd, bytes, addr, subdword_store_data(x, srcp(in, 1), e->detail),
                         active_pred(x));
      break;
    case K_BUF_SUB_LOAD: /* defs: vdata; srcs: vaddr, V#, soffset */
      buffer_address(x, in, 0, 2, &index, &offset);
      v = ir_load_buffer_sub_i(bd, bytes, desc4(x, srcp(in, 1)), index, offset);
      if (in->num_defs) write_subdword_load(x, in, e->detail, v);
      break;
    case K_BUF_SUB_STORE: /* srcs: vdata, vaddr, V#, soffset */
      buffer_address(x, in, 1, 3, &index, &offset);
      ir_store_buffer_sub_i(bd, bytes, desc4(x, srcp(in, 2)), index, offset,
                            subdword_store_data(x, srcp(in, 0), e->detail), active_pred(x));
      break;
    case K_G_SUB_LOAD: /* defs: vdst; srcs: vaddr, saddr */
      v = ir_load_global_sub_i(bd, bytes, global_address(x, in, 0, 1));
      if (in->num_defs) write_subdword_load(x, in, e->detail, v);
      break;
    case K_G_SUB_STORE: /* srcs: vaddr, vdata, saddr */
      ir_store_global_sub_i(bd, bytes, global_address(x, in, 0, 2),
                            subdword_store_data(x, srcp(in, 1), e->detail), active_pred(x));
      break;
    default: break;
  }
}

/* ---- interpolation, exports, images ------------------------------------------------- */

void xl_translate_interp(struct xl_state *x, const struct isa_inst *in,
                             const struct xl_entry *e) {
  struct ir_builder *bd = &x->b;
  uint64_t param = (uint64_t)in->attr * 4 + in->attr_chan;
  uint32_t m0 = get(x, IR_REG_M0), r;
  if (e->detail == 2) { /* v_interp_mov: 0 P10, 1 P20, 2 P0 */
    uint32_t sel = in->num_srcs ? in->srcs[0].value : 2;
    r = sel == 0 ? ir_attr_p10_i(bd, param, m0) : sel == 1 ? ir_attr_p20_i(bd, param, m0)
                                                            : ir_attr_p0_i(bd, param, m0);
  } else if (e->detail == 0) {
    r = ir_ffma(bd, fsrc(x, in, 0), ir_attr_p10_i(bd, param, m0), ir_attr_p0_i(bd, param, m0));
  } else {
    uint32_t d = ir_bitcast_f32(bd, src_dword(x, defp(in, 0), 0, false));
    r = ir_ffma(bd, fsrc(x, in, 0), ir_attr_p20_i(bd, param, m0), d);
  }
  write_vdst(x, in, ir_bitcast_u32(bd, r));
}

void xl_translate_export(struct xl_state *x, const struct isa_inst *in) {
  struct ir_builder *bd = &x->b;
  uint32_t c[4];
  for (unsigned i = 0; i < 4; i++) c[i] = ir_b_const_f32(bd, 0.0f);
  if (in->exp_compr) {
    /* two f16 channels per register: channels 0-1 in vsrc0, 2-3 in vsrc1 (the encoding's
     * fields, which the decoder lists as sources 0 and 1) */
    for (unsigned i = 0; i < 4; i++)
      if ((in->exp_en >> i) & 1 && i / 2 < in->num_srcs) {
        uint32_t h = ir_u16_of_i(bd, i & 1, src32(x, in, i / 2));
        c[i] = ir_cvt_f32_f16(bd, ir_bitcast_f16(bd, h));
      }
  } else {
    for (unsigned i = 0; i < 4 && i < in->num_srcs; i++)
      if ((in->exp_en >> i) & 1) c[i] = ir_bitcast_f32(bd, src32(x, in, i));
  }
  ir_export_i(bd, IR_EXPORT_IMM(in->exp_target, in->exp_en, in->exp_compr, in->exp_done, in->exp_vm),
              ir_vec4_f32(bd, c[0], c[1], c[2], c[3]), lane_active(x));
}

/* Coordinates per MIMG dimension (x, y, z/face/slice/fragment). */
static const uint8_t image_coords[8] = {1, 2, 3, 3, 2, 3, 3, 4};
/* Derivative values per direction (_d forms): the non-array coordinates; a cube map's
 * are those of its face (2). */
static const uint8_t image_grads[8] = {1, 2, 3, 2, 1, 2, 2, 2};

/* Address VGPRs of a MIMG instruction in the GFX10 order: [offset] [bias] [z-compare]
 * [d/dx, d/dy] coordinates [lod or lod clamp]; read from one register range or the NSA registers. */
struct image_addr {
  uint32_t v[8];
  unsigned n, res; /* dwords read; index of the T# operand (XL_NONE: none) */
};

static void image_read_addr(struct xl_state *x, const struct isa_inst *in, unsigned first,
                            struct image_addr *a) {
  unsigned i = first;
  a->n = 0;
  a->res = XL_NONE;
  for (; i < in->num_srcs && a->n < 8; i++) {
    const struct isa_operand *op = srcp(in, i);
    if (op->kind != ISA_OPK_VGPR) break;
    for (unsigned k = 0; k < op->count && a->n < 8; k++) a->v[a->n++] = src_dword(x, op, k, false);
  }
  if (i < in->num_srcs && in->srcs[i].kind == ISA_OPK_SGPR) a->res = i;
}

static uint32_t image_tsharp(struct xl_state *x, const struct isa_inst *in, unsigned res) {
  const struct isa_operand *t = srcp(in, res);
  uint32_t td[8];
  for (unsigned k = 0; k < 8; k++) td[k] = src_dword(x, t, k < t->count ? k : 0, false);
  return ir_vec8_u32(&x->b, td[0], td[1], td[2], td[3], td[4], td[5], td[6], td[7]);
}

/* image_atomic_*: vdata (the destination register range) holds the operand; with glc it
 * receives the value before the operation. */
static void image_atomic(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                         uint32_t pc, const struct image_addr *a, uint64_t flags) {
  struct ir_builder *bd = &x->b;
  unsigned nc = image_coords[in->da_dim & 7];
  if (!in->num_defs || a->n < nc || in->dmask != 1) { /* 32-bit atomics only (dmask 1) */
    xl_unsupported(x, in, pc);
    return;
  }
  uint32_t co[4];
  for (unsigned k = 0; k < 4; k++) co[k] = k < nc ? a->v[k] : c32(x, 0);
  uint32_t data = src_dword(x, defp(in, 0), 0, false);
  uint32_t old = ir_image_atomic_i(bd, flags | (in->glc ? IR_IMAGE_GLC : 0) | e->detail,
                                   image_tsharp(x, in, a->res),
                                   ir_vec4_u32(bd, co[0], co[1], co[2], co[3]), data,
                                   lane_active(x));
  if (in->glc) write_v32(x, defp(in, 0), 0, old);
}

void xl_translate_image(struct xl_state *x, const struct isa_inst *in,
                            const struct xl_entry *e, uint32_t pc) {
  struct ir_builder *bd = &x->b;
  unsigned dim = in->da_dim & 7, store = e->op == IR_OP_image_store;
  if (in->a16 || in->d16 || in->tfe || in->lds || (in->dmask & 0xf) == 0 || image_coords[dim] == 4) {
    xl_unsupported(x, in, pc);
    return;
  }
  /* operands: [vdata (store)], address VGPRs (one range, or NSA registers), T#, [S#] */
  struct image_addr a;
  image_read_addr(x, in, store, &a);
  uint64_t flags = dim | (e->detail & 0xffff) | (uint64_t)(in->dmask & 0xf) << IR_IMAGE_DMASK_SHIFT |
                   (in->unorm ? IR_IMAGE_UNORM : 0);
  if (a.res == XL_NONE) {
    xl_unsupported(x, in, pc);
    return;
  }
  if (e->op == IR_OP_image_atomic) {
    image_atomic(x, in, e, pc, &a, flags);
    return;
  }
  unsigned nc = image_coords[dim];
  unsigned has_off = (e->detail & IR_IMAGE_OFFSET) ? 1 : 0;
  unsigned has_bias = (e->detail & IR_IMAGE_BIAS) ? 1 : 0;
  unsigned has_cmp = (e->detail & IR_IMAGE_COMPARE) ? 1 : 0;
  unsigned ng = (e->detail & IR_IMAGE_DERIV) ? image_grads[dim] : 0;
  unsigned at_grad = has_off + has_bias + has_cmp, first = at_grad + 2 * ng; /* coordinates */
  unsigned want = first + nc + ((e->detail & (IR_IMAGE_LOD | IR_IMAGE_CLAMP)) ? 1 : 0);
  if (a.n < want) {
    xl_unsupported(x, in, pc);
    return;
  }
  bool gather = e->op == IR_OP_image_gather, fl = e->op == IR_OP_image_sample || gather;
  uint32_t co[4];
  for (unsigned k = 0; k < 4; k++) co[k] = fl ? ir_b_const_f32(bd, 0.0f) : c32(x, 0);
  for (unsigned k = 0; k < nc && k < 3; k++)
    co[k] = fl ? ir_bitcast_f32(bd, a.v[first + k]) : a.v[first + k];
  if (has_bias) co[3] = ir_bitcast_f32(bd, a.v[has_off]);
  if (e->detail & (IR_IMAGE_LOD | IR_IMAGE_CLAMP)) /* the LOD or clamp follows them */
    co[3] = fl ? ir_bitcast_f32(bd, a.v[first + nc]) : a.v[first + nc];
  uint32_t tsharp = image_tsharp(x, in, a.res);
  if (fl) {
    if (a.res + 1 >= in->num_srcs) {
      xl_unsupported(x, in, pc);
      return;
    }
    uint32_t ssharp = desc4(x, srcp(in, a.res + 1)), coords = ir_vec4_f32(bd, co[0], co[1], co[2], co[3]);
    uint32_t v;
    if (has_off || has_cmp || ng) {
      uint32_t ex[8];
      for (unsigned k = 0; k < 8; k++) ex[k] = c32(x, 0);
      if (has_off) ex[0] = a.v[0];
      if (has_cmp) ex[1] = a.v[has_off + has_bias];
      for (unsigned k = 0; k < ng; k++) {
        ex[2 + k] = a.v[at_grad + k];
        ex[5 + k] = a.v[at_grad + ng + k];
      }
      uint32_t extras = ir_vec8_u32(bd, ex[0], ex[1], ex[2], ex[3], ex[4], ex[5], ex[6], ex[7]);
      v = gather ? ir_image_gather_ex_i(bd, flags, tsharp, ssharp, coords, extras)
                 : ir_image_sample_ex_i(bd, flags, tsharp, ssharp, coords, extras);
    } else {
      v = gather ? ir_image_gather_i(bd, flags, tsharp, ssharp, coords)
                 : ir_image_sample_i(bd, flags, tsharp, ssharp, coords);
    }
    /* gather4 returns the four texels of one component; sample the dmask's components */
    unsigned out = 0;
    for (unsigned k = 0; k < 4; k++)
      if ((gather || (in->dmask >> k) & 1) && in->num_defs)
        write_v32(x, defp(in, 0), out++, ir_bitcast_u32(bd, ir_extract_f32_i(bd, k, v)));
  } else if (e->op == IR_OP_image_load) {
    uint32_t v = ir_image_load_i(bd, flags, tsharp, ir_vec4_u32(bd, co[0], co[1], co[2], co[3]));
    unsigned out = 0;
    for (unsigned k = 0; k < 4; k++)
      if ((in->dmask >> k) & 1 && in->num_defs)
        write_v32(x, defp(in, 0), out++, ir_extract_u32_i(bd, k, v));
  } else {
    uint32_t d[4], next = 0;
    for (unsigned k = 0; k < 4; k++)
      d[k] = (in->dmask >> k) & 1 ? src_dword(x, srcp(in, 0), next++, false) : c32(x, 0);
    ir_image_store_i(bd, flags, tsharp, ir_vec4_u32(bd, co[0], co[1], co[2], co[3]),
                     ir_vec4_u32(bd, d[0], d[1], d[2], d[3]), lane_active(x));
  }
}
