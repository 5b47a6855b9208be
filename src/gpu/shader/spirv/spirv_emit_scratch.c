/* Scratch (the lanes' private memory), the FLAT apertures and the refusal of GDS
 * (docs/shader-spirv.md, "Scratch and GDS").
 *
 * scratch_* instructions, FLAT accesses whose address lies in the private aperture and
 * their sub-dword forms reach the IR as load_scratch / store_scratch(_sub) at the lane's
 * private byte offset (translate_mem.c). Each invocation keeps its private memory in a
 * Function array of spirv_emit_options.scratch_lane_bytes bytes (plus a spare dword for the
 * second half of an unaligned access): an access of N bytes at offset A is in range when
 * A + N <= that size, else it reads 0 and its write is dropped (the interpreter's rule for
 * every memory it models). Scratch starts undefined, as on the hardware. Scratch atomics
 * (FLAT atomics whose address lies in the private aperture; GFX10 has no scratch_atomic_*)
 * are a read-modify-write of the lane's own bytes: no other invocation can reach them, so
 * no SPIR-V atomic is needed (SPIR-V has none on Function memory anyway). The integer
 * operations, 32- and 64-bit, and compare-and-swap; and the float ones (spirv_emit_atomic.c).
 *
 * MUBUF accesses through the private segment buffer V# (what LLVM emits for GFX10 by
 * default) are ordinary buffer accesses to guest memory with the scratch wave offset as
 * soffset: spirv_emit.c's buffer path, with the offset of spirv_emit_options.scratch_sgpr.
 *
 * aperture_hi: bits 63:32 of the shared (LDS) and private (scratch) aperture bases,
 * SH_MEM_BASES as amdgpu programs it for GFX9+ (shared 0x2000 << 48, private 0x1000 << 48:
 * IR_INTERP_SH_MEM_BASES, the interpreter's default). */
#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"

/* GDS (the global data share: ds_* with the gds bit, ds_gws_*) is not emulated on the
 * device: a shader that reaches it is refused, naming the operation and the guest pc of
 * its block. */
bool spirv_gds_emitted(enum ir_op op) {
  return op == IR_OP_load_gds || op == IR_OP_store_gds || op == IR_OP_atomic_gds ||
         op == IR_OP_atomic_gds_cmpst || op == IR_OP_atomic_gds64 ||
         op == IR_OP_atomic_gds_cmpst64 || spirv_lds_gds_emitted(op);
}

bool spirv_gds_refusal(const struct ir_function *fn, uint32_t i, char *err, size_t size) {
  static const char *const gws[] = {
      [IR_GWS_INIT] = "gws (ds_gws_init)",
      [IR_GWS_SEMA_V] = "gws (ds_gws_sema_v)",
      [IR_GWS_SEMA_BR] = "gws (ds_gws_sema_br)",
      [IR_GWS_SEMA_P] = "gws (ds_gws_sema_p)",
      [IR_GWS_SEMA_RELEASE_ALL] = "gws (ds_gws_sema_release_all)",
      [IR_GWS_BARRIER] = "gws (ds_gws_barrier)",
  };
  const char *name = ir_op_infos[fn->insts[i].op].name;
  if (strstr(name, "gds") == NULL && fn->insts[i].op != IR_OP_gws) return false;
  if (fn->insts[i].op == IR_OP_gws && fn->insts[i].imm < sizeof gws / sizeof *gws)
    name = gws[fn->insts[i].imm]; /* global wave sync: named by its instruction */
  uint32_t pc = IR_NONE;
  for (uint32_t b = 0; b < fn->block_count && pc == IR_NONE; b++)
    for (uint32_t k = 0; k < fn->blocks[b].count; k++)
      if (fn->blocks[b].insts[k] == i) pc = fn->blocks[b].pc;
  if (pc != IR_NONE)
    snprintf(err, size,
             "GDS: %s (%%%u, in the block at pc 0x%x) is not supported: the global data share is "
             "not mapped, or not in this form",
             name, i, pc);
  else
    snprintf(err, size,
             "GDS: %s (%%%u) is not supported: the global data share is not mapped, or not in "
             "this form",
             name, i);
  return true;
}

bool spirv_emit_scratch_supports(enum ir_op op) {
  return op == IR_OP_load_scratch || op == IR_OP_store_scratch || op == IR_OP_load_scratch_sub ||
         op == IR_OP_store_scratch_sub || op == IR_OP_aperture_hi || op == IR_OP_atomic_scratch ||
         op == IR_OP_atomic_scratch64 || op == IR_OP_atomic_scratch_cmpswap ||
         op == IR_OP_atomic_scratch_cmpswap64;
}

void spirv_scratch_setup(struct emit *e, const struct spirv_emit_options *opts) {
  if (!opts) return;
  e->scratch_bytes = opts->scratch_lane_bytes;
  if (e->scratch_bytes > SPIRV_MAX_SCRATCH_LANE_BYTES) { /* refused if the shader uses it */
    e->scratch_too_big = true;
    e->scratch_bytes = 0;
  }
  e->scratch_sgpr = opts->scratch_sgpr;
  e->scratch_group_bytes = opts->scratch_group_bytes;
  if (!e->scratch_sgpr) return;
  uint32_t v3 = spv_type_vector(&e->b, e->t_u32, 3);
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassInput, v3);
  if (!e->group_var) {
    e->group_var = spv_variable(&e->b, pt, SpvStorageClassInput);
    uint32_t wg = SpvBuiltInWorkgroupId;
    spv_decorate(&e->b, e->group_var, SpvDecorationBuiltIn, &wg, 1);
    spv_name(&e->b, e->group_var, "workgroup_id");
    e->iface[e->niface++] = e->group_var;
  }
  e->num_groups_var = spv_variable(&e->b, pt, SpvStorageClassInput);
  uint32_t nw = SpvBuiltInNumWorkgroups;
  spv_decorate(&e->b, e->num_groups_var, SpvDecorationBuiltIn, &nw, 1);
  spv_name(&e->b, e->num_groups_var, "num_workgroups");
  e->iface[e->niface++] = e->num_groups_var;
}

/* SGPR's start value when it is the scratch wave offset: the state's (the wave's part) plus
 * the slot of the workgroup, its linear index in the dispatch * bytes per group (the
 * dispatcher runs no more groups in one dispatch than the ring holds: compute_grid_part). */
bool spirv_scratch_offset(struct emit *e, uint32_t sgpr, uint32_t *v) {
  if (!e->scratch_sgpr || sgpr != e->scratch_sgpr - 1) return false;
  uint32_t u32 = e->t_u32, v3 = spv_type_vector(&e->b, u32, 3), id[3], n[3];
  uint32_t g = op1(e, SpvOpLoad, v3, e->group_var), ng = op1(e, SpvOpLoad, v3, e->num_groups_var);
  for (uint32_t d = 0; d < 3; d++) {
    uint32_t a[2] = {g, d}, b[2] = {ng, d};
    id[d] = spv_op(&e->b, SpvOpCompositeExtract, u32, a, 2);
    n[d] = spv_op(&e->b, SpvOpCompositeExtract, u32, b, 2);
  }
  uint32_t lin = op2(e, SpvOpIAdd, u32, op2(e, SpvOpIMul, u32, id[2], n[1]), id[1]);
  lin = op2(e, SpvOpIAdd, u32, op2(e, SpvOpIMul, u32, lin, n[0]), id[0]);
  uint32_t base = op2(e, SpvOpIMul, u32, lin, cu32(e, e->scratch_group_bytes));
  uint32_t off =
      op2(e, SpvOpIMul, e->t_u64, to_u64(e, cu32(e, SPIRV_STATE_SGPR + sgpr)), cu64(e, 4));
  uint32_t p = op1(e, SpvOpConvertUToPtr, e->t_psb_u32, add64(e, e->state, off));
  uint32_t lw[3] = {p, SpvMemoryAccessAlignedMask, 4};
  uint32_t st = spv_op(&e->b, SpvOpLoad, u32, lw, 3);
  *v = op2(e, SpvOpIAdd, u32, st, base);
  return true;
}

/* The Function array (in the entry block, with the other variables). */
void spirv_scratch_vars(struct emit *e) {
  if (!e->scratch_bytes) return;
  uint32_t arr = spv_type_array(&e->b, e->t_u32, e->scratch_bytes / 4 + 1);
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassFunction, arr);
  e->scratch_var = spv_id(&e->b);
  uint32_t w[3] = {pt, e->scratch_var, SpvStorageClassFunction};
  inst(e, SpvOpVariable, w, 3);
  spv_name(&e->b, e->scratch_var, "scratch");
}

static uint32_t fn_ptr(struct emit *e, uint32_t index) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassFunction, e->t_u32);
  uint32_t w[2] = {e->scratch_var, index};
  return spv_op(&e->b, SpvOpAccessChain, pt, w, 2);
}

/* The dword index (0 when out of range), the byte shift and the range check of N bytes at A. */
static void where(struct emit *e, uint32_t a, uint32_t n, uint32_t *idx, uint32_t *sh,
                  uint32_t *ok) {
  uint32_t u32 = e->t_u32;
  uint32_t end = add64(e, to_u64(e, a), cu64(e, n));
  *ok = op2(e, SpvOpULessThanEqual, e->t_bool, end, cu64(e, e->scratch_bytes));
  *idx = sel(e, u32, *ok, op2(e, SpvOpShiftRightLogical, u32, a, cu32(e, 2)), cu32(e, 0));
  *sh = op2(e, SpvOpShiftLeftLogical, u32, op2(e, SpvOpBitwiseAnd, u32, a, cu32(e, 3)), cu32(e, 3));
}

static uint32_t mask_of(uint32_t n) { return n >= 4 ? ~0u : (1u << (8 * n)) - 1; }

static void check_size(struct emit *e) {
  if (e->scratch_too_big)
    unsupported(e, "scratch of more than %u bytes per lane", SPIRV_MAX_SCRATCH_LANE_BYTES);
}

static uint32_t scratch_load(struct emit *e, uint32_t a, uint32_t n) {
  check_size(e);
  if (!e->scratch_bytes) return cu32(e, 0); /* no private memory: every access is outside */
  uint32_t u32 = e->t_u32, idx, sh, ok;
  where(e, a, n, &idx, &sh, &ok);
  uint32_t w0 = op1(e, SpvOpLoad, u32, fn_ptr(e, idx));
  uint32_t w1 = op1(e, SpvOpLoad, u32, fn_ptr(e, op2(e, SpvOpIAdd, u32, idx, cu32(e, 1))));
  uint32_t back =
      op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 32), sh), cu32(e, 31));
  uint32_t hi = sel(e, u32, op2(e, SpvOpIEqual, e->t_bool, sh, cu32(e, 0)), cu32(e, 0),
                    op2(e, SpvOpShiftLeftLogical, u32, w1, back));
  uint32_t v = op2(e, SpvOpBitwiseOr, u32, op2(e, SpvOpShiftRightLogical, u32, w0, sh), hi);
  if (n < 4) v = op2(e, SpvOpBitwiseAnd, u32, v, cu32(e, mask_of(n)));
  return sel(e, u32, ok, v, cu32(e, 0));
}

/* A read-modify-write of the (one or two) dwords the access covers: the invocation's own
 * memory, so nothing else can write them in between. */
static void scratch_store(struct emit *e, uint32_t a, uint32_t v, uint32_t pred, uint32_t n) {
  check_size(e);
  if (!e->scratch_bytes) return;
  uint32_t u32 = e->t_u32, bl = e->t_bool, idx, sh, ok;
  where(e, a, n, &idx, &sh, &ok);
  uint32_t go = op2(e, SpvOpLogicalAnd, bl, ok, pred), zero = cu32(e, 0), m = cu32(e, mask_of(n));
  uint32_t back =
      op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 32), sh), cu32(e, 31));
  uint32_t unaligned = op2(e, SpvOpINotEqual, bl, sh, zero);
  uint32_t m0 = sel(e, u32, go, op2(e, SpvOpShiftLeftLogical, u32, m, sh), zero);
  uint32_t m1 = sel(e, u32, op2(e, SpvOpLogicalAnd, bl, go, unaligned),
                    op2(e, SpvOpShiftRightLogical, u32, m, back), zero);
  uint32_t d0 = op2(e, SpvOpShiftLeftLogical, u32, v, sh);
  uint32_t d1 = op2(e, SpvOpShiftRightLogical, u32, v, back);
  uint32_t idx1 = op2(e, SpvOpIAdd, u32, idx, cu32(e, 1));
  uint32_t idxs[2] = {idx, idx1}, ms[2] = {m0, m1}, ds[2] = {d0, d1};
  for (int k = 0; k < 2; k++) {
    uint32_t p = fn_ptr(e, idxs[k]);
    uint32_t old = op1(e, SpvOpLoad, u32, p);
    uint32_t keep = op2(e, SpvOpBitwiseAnd, u32, old, op1(e, SpvOpNot, u32, ms[k]));
    uint32_t w[2] = {p,
                     op2(e, SpvOpBitwiseOr, u32, keep, op2(e, SpvOpBitwiseAnd, u32, ds[k], ms[k]))};
    inst(e, SpvOpStore, w, 2);
  }
}

/* The new memory value of atomic OP (enum ir_atomic) on OLD with operand V, both of type T
 * (u32 or u64); ir_interp.c's rules (the float ones in spirv_emit_atomic.c). */
uint32_t spirv_atomic_value(struct emit *e, uint64_t op, uint32_t t, uint32_t old, uint32_t v) {
  uint32_t bl = e->t_bool;
  bool wide = t == e->t_u64;
  uint32_t zero = wide ? cu64(e, 0) : cu32(e, 0), one = wide ? cu64(e, 1) : cu32(e, 1);
  switch ((enum ir_atomic)op) {
    case IR_ATOMIC_SWAP: return v;
    case IR_ATOMIC_ADD: return op2(e, SpvOpIAdd, t, old, v);
    case IR_ATOMIC_SUB: return op2(e, SpvOpISub, t, old, v);
    case IR_ATOMIC_RSUB: return op2(e, SpvOpISub, t, v, old);
    case IR_ATOMIC_SMIN: return sel(e, t, op2(e, SpvOpSLessThan, bl, v, old), v, old);
    case IR_ATOMIC_UMIN: return sel(e, t, op2(e, SpvOpULessThan, bl, v, old), v, old);
    case IR_ATOMIC_SMAX: return sel(e, t, op2(e, SpvOpSGreaterThan, bl, v, old), v, old);
    case IR_ATOMIC_UMAX: return sel(e, t, op2(e, SpvOpUGreaterThan, bl, v, old), v, old);
    case IR_ATOMIC_AND: return op2(e, SpvOpBitwiseAnd, t, old, v);
    case IR_ATOMIC_OR: return op2(e, SpvOpBitwiseOr, t, old, v);
    case IR_ATOMIC_XOR: return op2(e, SpvOpBitwiseXor, t, old, v);
    case IR_ATOMIC_INC: /* old >= v ? 0 : old + 1 */
      return sel(e, t, op2(e, SpvOpUGreaterThanEqual, bl, old, v), zero,
                 op2(e, SpvOpIAdd, t, old, one));
    case IR_ATOMIC_DEC: /* old == 0 || old > v ? v : old - 1 */
      return sel(e, t,
                 op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpIEqual, bl, old, zero),
                     op2(e, SpvOpUGreaterThan, bl, old, v)),
                 v, op2(e, SpvOpISub, t, old, one));
    default: return spirv_atomic_float_value(e, op, t, old, v);
  }
}

/* atomic_scratch(64) (address, data, active) and atomic_scratch_cmpswap(64) (address, new,
 * compare, active): the old value (0 when the lane is off or the access outside its memory),
 * the new one written when the lane is on and the whole access inside. */
static uint32_t scratch_atomic(struct emit *e, const struct ir_inst *in, const uint32_t *a) {
  bool wide = in->op == IR_OP_atomic_scratch64 || in->op == IR_OP_atomic_scratch_cmpswap64;
  bool cas = in->op == IR_OP_atomic_scratch_cmpswap || in->op == IR_OP_atomic_scratch_cmpswap64;
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool, t = wide ? u64 : u32;
  uint32_t pred = a[cas ? 3 : 2], n = wide ? 8 : 4;
  check_size(e);
  if (!e->scratch_bytes) return wide ? cu64(e, 0) : cu32(e, 0);
  uint32_t end = add64(e, to_u64(e, a[0]), cu64(e, n));
  uint32_t ok = op2(e, SpvOpULessThanEqual, bl, end, cu64(e, e->scratch_bytes));
  uint32_t a4 = op2(e, SpvOpIAdd, u32, a[0], cu32(e, 4));
  uint32_t old = scratch_load(e, a[0], 4);
  if (wide)
    old = op2(e, SpvOpBitwiseOr, u64, to_u64(e, old),
              op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, scratch_load(e, a4, 4)), cu64(e, 32)));
  uint32_t nv;
  if (cas) {
    uint32_t eq =
        in->imm & 1 ? spirv_float_equal(e, t, old, a[2]) : op2(e, SpvOpIEqual, bl, old, a[2]);
    nv = sel(e, t, eq, a[1], old);
  } else {
    nv = spirv_atomic_value(e, in->imm, t, old, a[1]);
  }
  uint32_t go = op2(e, SpvOpLogicalAnd, bl, ok, pred);
  if (wide) {
    scratch_store(e, a[0], op1(e, SpvOpUConvert, u32, nv), go, 4);
    scratch_store(e, a4,
                  op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, nv, cu64(e, 32))),
                  go, 4);
  } else {
    scratch_store(e, a[0], nv, go, 4);
  }
  return sel(e, t, go, old, wide ? cu64(e, 0) : cu32(e, 0));
}

bool spirv_emit_scratch(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_inst *in = &e->fn->insts[id];
  uint32_t v = 0, n = 4;
  switch ((enum ir_op)in->op) {
    case IR_OP_load_scratch_sub:
      n = (uint32_t)in->imm;
      /* fall through */
    case IR_OP_load_scratch:
      if (n != 1 && n != 2 && n != 4) break;
      v = scratch_load(e, a[0], n);
      break;
    case IR_OP_store_scratch_sub:
      n = (uint32_t)in->imm;
      /* fall through */
    case IR_OP_store_scratch:
      if (n != 1 && n != 2 && n != 4) break;
      scratch_store(e, a[0], a[1], a[2], n);
      return true;
    case IR_OP_atomic_scratch:
    case IR_OP_atomic_scratch64:
    case IR_OP_atomic_scratch_cmpswap:
    case IR_OP_atomic_scratch_cmpswap64: {
      bool wide = in->op == IR_OP_atomic_scratch64 || in->op == IR_OP_atomic_scratch_cmpswap64;
      uint32_t r = scratch_atomic(e, in, a);
      def(e, SpvOpCopyObject, wide ? e->t_u64 : e->t_u32, e->val[id], &r, 1);
      return true;
    }
    case IR_OP_aperture_hi: /* SH_MEM_BASES: private 15:0, shared 31:16 = bits 63:48 */
      v = cu32(e, (in->imm ? IR_INTERP_SH_MEM_BASES & 0xffff : IR_INTERP_SH_MEM_BASES >> 16) << 16);
      break;
    default: return false;
  }
  if (!v) {
    unsupported(e, "%s of %u bytes", ir_op_infos[in->op].name, n);
    return true;
  }
  uint32_t w[1] = {v};
  def(e, SpvOpCopyObject, e->t_u32, e->val[id], w, 1);
  return true;
}
