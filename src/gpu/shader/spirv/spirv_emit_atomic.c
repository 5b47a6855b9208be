/* The atomics SPIR-V has no instruction for, exactly (docs/shader-spirv.md, *Atomics without a
 * SPIR-V instruction*):
 * inc/dec with their wrap, rsub, the float operations (fadd, fmin, fmax) and the float
 * compare-and-swap, 32- and 64-bit, on guest memory and in LDS, and every 64-bit LDS
 * atomic. Each is a call of a helper function emitted after main, so main keeps the IR's
 * structure:
 * - guest memory (32/64-bit at an aligned device address) and 32-bit LDS: a loop on a
 *   compare-and-swap until the value did not change between its read and the swap:
 *     old = *p; do { got = cas(p, f(old, v, c), old); done = got == old; old = got }
 *     while (!done)
 * - 64-bit LDS: the LDS is an array of dwords (a workgroup variable cannot be viewed both
 *   as dwords and as qwords without VK_KHR_workgroup_memory_explicit_layout), so a lane
 *   takes the workgroup's LDS lock (a compare-and-swap 0 -> 1, acquire), reads its 8 bytes
 *   at any alignment, writes the new value (the bytes merged with atomic AND/OR, as an LDS
 *   store) and releases the lock in the same iteration of its loop, which keeps lanes of
 *   one subgroup executing in lockstep from waiting on each other.
 * The new value f is the interpreter's (ir_interp.c atomic_apply): integer rules in
 * spirv_atomic_value, the float ones below on the bits. */
#include "gpu/shader/spirv/spirv_emit_internal.h"

/* ---- the float rules, on the bits ------------------------------------------------------ */

/* float equality of the bits A and B (f32 in u32, f64 in u64): -0 == +0, NaN never equal */
uint32_t spirv_float_equal(struct emit *e, uint32_t t, uint32_t a, uint32_t b) {
  bool wide = t == e->t_u64;
  uint32_t bl = e->t_bool;
  uint32_t mag = wide ? cu64(e, ~(1ull << 63)) : cu32(e, 0x7fffffffu);
  uint32_t inf = wide ? cu64(e, 0x7ff0000000000000ull) : cu32(e, 0x7f800000u);
  uint32_t zero = wide ? cu64(e, 0) : cu32(e, 0);
  uint32_t ma = op2(e, SpvOpBitwiseAnd, t, a, mag), mb = op2(e, SpvOpBitwiseAnd, t, b, mag);
  uint32_t nan = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpUGreaterThan, bl, ma, inf),
                     op2(e, SpvOpUGreaterThan, bl, mb, inf));
  uint32_t same = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpIEqual, bl, a, b),
                      op2(e, SpvOpLogicalAnd, bl, op2(e, SpvOpIEqual, bl, ma, zero),
                          op2(e, SpvOpIEqual, bl, mb, zero)));
  return op2(e, SpvOpLogicalAnd, bl, same, op1(e, SpvOpLogicalNot, bl, nan));
}

/* fadd (f32 only: GFX10 has no 64-bit float add atomic), fmin, fmax of OLD (memory) and V
 * (data): fadd the IEEE sum (nearest even, denormals kept), a NaN operand quieted (the memory one
 * first), inf - inf the default NaN 0x7fc00000; fmin/fmax IEEE 754-2019 minimumNumber/maximumNumber
 * on a total order of the bits (-0 below +0), a NaN operand giving the other, two NaNs the memory
 * one quieted. */
uint32_t spirv_atomic_float_value(struct emit *e, uint64_t op, uint32_t t, uint32_t old,
                                  uint32_t v) {
  bool wide = t == e->t_u64;
  uint32_t bl = e->t_bool;
  uint32_t sign = wide ? cu64(e, 1ull << 63) : cu32(e, 1u << 31);
  uint32_t mag = wide ? cu64(e, ~(1ull << 63)) : cu32(e, 0x7fffffffu);
  uint32_t inf = wide ? cu64(e, 0x7ff0000000000000ull) : cu32(e, 0x7f800000u);
  uint32_t quiet = wide ? cu64(e, 1ull << 51) : cu32(e, 1u << 22);
  uint32_t zero = wide ? cu64(e, 0) : cu32(e, 0);
  uint32_t nan_o = op2(e, SpvOpUGreaterThan, bl, op2(e, SpvOpBitwiseAnd, t, old, mag), inf);
  uint32_t nan_v = op2(e, SpvOpUGreaterThan, bl, op2(e, SpvOpBitwiseAnd, t, v, mag), inf);
  uint32_t old_q = op2(e, SpvOpBitwiseOr, t, old, quiet);
  if (op == IR_ATOMIC_FADD) {
    if (wide) {
      unsupported(e, "64-bit float add atomic");
      return zero;
    }
    /* exactly, whatever the device does with f32 denormals: the two f32 values widened to
     * f64 on the bits, added there (a sum of multiples of 2^-149 below 2^129, so an f64
     * normal number or 0, rounded once) and narrowed to f32 on the bits, nearest even; the
     * two roundings give the correctly rounded f32 sum (53 >= 2 x 24 + 2) */
    e->float64_used = true;
    uint32_t f64 = spv_type_float(&e->b, 64);
    uint32_t f = op2(e, SpvOpFAdd, f64, spirv_exact_widen(e, old), spirv_exact_widen(e, v));
    spv_decorate(&e->b, f, SpvDecorationNoContraction, NULL, 0);
    uint32_t r = spirv_exact_narrow(e, f);
    uint32_t nan_r = op2(e, SpvOpUGreaterThan, bl, op2(e, SpvOpBitwiseAnd, t, r, mag), inf);
    r = sel(e, t, nan_r, cu32(e, 0x7fc00000u), r);
    r = sel(e, t, nan_v, op2(e, SpvOpBitwiseOr, t, v, quiet), r);
    return sel(e, t, nan_o, old_q, r);
  }
  if (op != IR_ATOMIC_FMIN && op != IR_ATOMIC_FMAX) {
    unsupported(e, "atomic operation %u", (unsigned)op);
    return zero;
  }
  /* the order key: negative values (sign set) reversed below the positive ones */
  uint32_t ko = sel(e, t, op2(e, SpvOpINotEqual, bl, op2(e, SpvOpBitwiseAnd, t, old, sign), zero),
                    op1(e, SpvOpNot, t, old), op2(e, SpvOpBitwiseOr, t, old, sign));
  uint32_t kv = sel(e, t, op2(e, SpvOpINotEqual, bl, op2(e, SpvOpBitwiseAnd, t, v, sign), zero),
                    op1(e, SpvOpNot, t, v), op2(e, SpvOpBitwiseOr, t, v, sign));
  uint32_t v_less = op2(e, SpvOpULessThan, bl, kv, ko);
  uint32_t pick_v = op == IR_ATOMIC_FMIN ? v_less : op1(e, SpvOpLogicalNot, bl, v_less);
  uint32_t r = sel(e, t, pick_v, v, old);
  r = sel(e, t, nan_v, old, r);
  r = sel(e, t, nan_o, v, r);
  return sel(e, t, op2(e, SpvOpLogicalAnd, bl, nan_o, nan_v), old_q, r);
}

/* The new value of OP (enum ir_atomic or a SPIRV_ATOMIC_* compare) on OLD, V and C */
uint32_t spirv_atomic_new(struct emit *e, uint32_t op, uint32_t t, uint32_t old, uint32_t v,
                          uint32_t c) {
  if (op == SPIRV_ATOMIC_FCMPSWAP) return sel(e, t, spirv_float_equal(e, t, old, c), v, old);
  if (op == SPIRV_ATOMIC_CMPSWAP) return sel(e, t, op2(e, SpvOpIEqual, e->t_bool, old, c), v, old);
  if (op == SPIRV_ATOMIC_MSKOR) /* ds_mskor: V the mask, C the value */
    return op2(e, SpvOpBitwiseOr, t, op2(e, SpvOpBitwiseAnd, t, old, op1(e, SpvOpNot, t, v)), c);
  if (op == SPIRV_ATOMIC_WRAP) /* ds_wrap_rtn_b32: V data0, C data1 */
    return sel(e, t, op2(e, SpvOpUGreaterThanEqual, e->t_bool, old, v),
               op2(e, SpvOpISub, t, old, v), op2(e, SpvOpIAdd, t, old, c));
  return spirv_atomic_value(e, op, t, old, v);
}
static uint32_t new_value(struct emit *e, uint32_t op, uint32_t t, uint32_t old, uint32_t v,
                          uint32_t c) {
  return spirv_atomic_new(e, op, t, old, v, c);
}

/* ---- the helpers' calls ------------------------------------------------------------------ */

static const char *const kind_names[SPIRV_ATOMIC_KINDS] = {"global", "global64", "lds", "lds64"};
static const char *const op_names[SPIRV_ATOMIC_OPS] = {
    [IR_ATOMIC_SWAP] = "swap",
    [IR_ATOMIC_ADD] = "add",
    [IR_ATOMIC_SUB] = "sub",
    [IR_ATOMIC_SMIN] = "smin",
    [IR_ATOMIC_UMIN] = "umin",
    [IR_ATOMIC_SMAX] = "smax",
    [IR_ATOMIC_UMAX] = "umax",
    [IR_ATOMIC_AND] = "and",
    [IR_ATOMIC_OR] = "or",
    [IR_ATOMIC_XOR] = "xor",
    [IR_ATOMIC_INC] = "inc",
    [IR_ATOMIC_DEC] = "dec",
    [IR_ATOMIC_FADD] = "fadd",
    [IR_ATOMIC_FMIN] = "fmin",
    [IR_ATOMIC_FMAX] = "fmax",
    [IR_ATOMIC_RSUB] = "rsub",
    [SPIRV_ATOMIC_CMPSWAP] = "cmpswap",
    [SPIRV_ATOMIC_FCMPSWAP] = "fcmpswap",
    [SPIRV_ATOMIC_MSKOR] = "mskor",
    [SPIRV_ATOMIC_WRAP] = "wrap",
};

const char *spirv_atomic_op_name(uint32_t op) {
  return op < SPIRV_ATOMIC_OPS && op_names[op] ? op_names[op] : "op";
}

uint32_t spirv_atomic_call(struct emit *e, enum spirv_atomic_kind kind, uint32_t op, uint32_t addr,
                           uint32_t v, uint32_t c, uint32_t go) {
  bool wide = kind == SPIRV_ATOMIC_GLOBAL64 || kind == SPIRV_ATOMIC_LDS64;
  uint32_t t = wide ? e->t_u64 : e->t_u32;
  if (op >= SPIRV_ATOMIC_OPS) {
    unsupported(e, "atomic operation %u", (unsigned)op);
    return wide ? cu64(e, 0) : cu32(e, 0);
  }
  if (!c) c = wide ? cu64(e, 0) : cu32(e, 0);
  if (!e->atomic_fn[kind][op]) e->atomic_fn[kind][op] = spv_id(&e->b);
  uint32_t w[5] = {e->atomic_fn[kind][op], addr, v, c, go};
  return spv_op(&e->b, SpvOpFunctionCall, t, w, kind == SPIRV_ATOMIC_LDS64 ? 5 : 4);
}

/* ---- the helpers' bodies ------------------------------------------------------------------ */

static uint32_t lds_ptr(struct emit *e, uint32_t idx) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassWorkgroup, e->t_u32);
  uint32_t w[2] = {e->lds_var, idx};
  return spv_op(&e->b, SpvOpAccessChain, pt, w, 2);
}

/* The compare-and-swap loop on pointer P (scope SCOPE) of the value type T */
static uint32_t cas_loop(struct emit *e, uint32_t op, uint32_t t, uint32_t p, uint32_t first,
                         uint32_t scope, uint32_t v, uint32_t c, uint32_t entry) {
  uint32_t head = spv_id(&e->b), body = spv_id(&e->b), cont = spv_id(&e->b), merge = spv_id(&e->b),
           old = spv_id(&e->b), got = spv_id(&e->b);
  branch(e, head);
  label(e, head);
  uint32_t phi[6] = {t, old, first, entry, got, cont};
  inst(e, SpvOpPhi, phi, 6);
  uint32_t lm[3] = {merge, cont, SpvLoopControlMaskNone};
  inst(e, SpvOpLoopMerge, lm, 3);
  branch(e, body);
  label(e, body);
  uint32_t nv = new_value(e, op, t, old, v, c);
  uint32_t cw[8] = {t, got, p, cu32(e, scope), cu32(e, 0), cu32(e, 0), nv, old};
  inst(e, SpvOpAtomicCompareExchange, cw, 8);
  uint32_t bc[3] = {op2(e, SpvOpIEqual, e->t_bool, got, old), merge, cont};
  inst(e, SpvOpBranchConditional, bc, 3);
  label(e, cont);
  branch(e, head);
  label(e, merge);
  return old;
}

/* the 8 bytes at LDS byte address A (any alignment; dwords I, I+1, I+2 with the byte shift
 * SH, I+2 at most the spare dword) */

/* The 64-bit LDS helper: (byte address, data, compare, go) -> the old value (0 unless go) */
static void lds64_body(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                       uint32_t go, uint32_t entry) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t head = spv_id(&e->b), body = spv_id(&e->b), crit = spv_id(&e->b), after = spv_id(&e->b),
           cont = spv_id(&e->b), merge = spv_id(&e->b);
  uint32_t done = spv_id(&e->b), res = spv_id(&e->b), mine = spv_id(&e->b), r = spv_id(&e->b);
  uint32_t not_go = op1(e, SpvOpLogicalNot, bl, go);
  branch(e, head);
  label(e, head);
  uint32_t p1[6] = {bl, done, not_go, entry, mine, cont};
  inst(e, SpvOpPhi, p1, 6);
  uint32_t p2[6] = {u64, res, cu64(e, 0), entry, r, cont};
  inst(e, SpvOpPhi, p2, 6);
  uint32_t lm[3] = {merge, cont, SpvLoopControlMaskNone};
  inst(e, SpvOpLoopMerge, lm, 3);
  uint32_t bc[3] = {done, merge, body};
  inst(e, SpvOpBranchConditional, bc, 3);
  label(e, body);
  /* relaxed: lavapipe turns acquire/release semantics into a barrier, which inside this
   * divergent loop loses updates and drops later stores (seen with llvmpipe 15); the
   * lane's accesses between the two are atomic loads and AND/OR on the same words */
  uint32_t acq = 0, rel = 0;
  uint32_t cw[6] = {e->lds_lock_var, cu32(e, SpvScopeWorkgroup),
                    cu32(e, acq),    cu32(e, 0),
                    cu32(e, 1),      cu32(e, 0)};
  uint32_t held = spv_op(&e->b, SpvOpAtomicCompareExchange, u32, cw, 6);
  uint32_t mw[4] = {bl, mine, held, cu32(e, 0)};
  inst(e, SpvOpIEqual, mw, 4);
  uint32_t sm[2] = {after, SpvSelectionControlMaskNone};
  inst(e, SpvOpSelectionMerge, sm, 2);
  uint32_t bm[3] = {mine, crit, after};
  inst(e, SpvOpBranchConditional, bm, 3);
  label(e, crit);
  uint32_t old = spirv_lds_read_bytes(e, true, addr);
  spirv_lds_write_bytes(e, true, addr, new_value(e, op, u64, old, v, c));
  uint32_t sw[4] = {e->lds_lock_var, cu32(e, SpvScopeWorkgroup), cu32(e, rel), cu32(e, 0)};
  inst(e, SpvOpAtomicStore, sw, 4);
  branch(e, after);
  label(e, after);
  uint32_t pr[6] = {u64, r, old, crit, res, body};
  inst(e, SpvOpPhi, pr, 6);
  branch(e, cont);
  label(e, cont);
  branch(e, head);
  label(e, merge);
  inst(e, SpvOpReturnValue, &res, 1);
}

void spirv_atomic_fn_bodies(struct emit *e) {
  for (uint32_t kind = 0; kind < SPIRV_ATOMIC_KINDS; kind++)
    for (uint32_t op = 0; op < SPIRV_ATOMIC_OPS; op++) {
      uint32_t fn = e->atomic_fn[kind][op];
      if (!fn) continue;
      bool wide = kind == SPIRV_ATOMIC_GLOBAL64 || kind == SPIRV_ATOMIC_LDS64;
      bool lds = kind == SPIRV_ATOMIC_LDS || kind == SPIRV_ATOMIC_LDS64;
      uint32_t t = wide ? e->t_u64 : e->t_u32, at = lds ? e->t_u32 : e->t_u64;
      uint32_t params[4] = {at, t, t, e->t_bool};
      uint32_t np = kind == SPIRV_ATOMIC_LDS64 ? 4 : 3;
      uint32_t ft = spv_type_function(&e->b, t, params, np);
      uint32_t f[4] = {t, fn, SpvFunctionControlMaskNone, ft};
      inst(e, SpvOpFunction, f, 4);
      char name[48];
      snprintf(name, sizeof name, "atomic_%s_%s", op_names[op], kind_names[kind]);
      spv_name(&e->b, fn, name);
      uint32_t addr = param(e, at), v = param(e, t), c = param(e, t);
      uint32_t go = kind == SPIRV_ATOMIC_LDS64 ? param(e, e->t_bool) : 0;
      uint32_t entry = spv_id(&e->b);
      label(e, entry);
      if (kind == SPIRV_ATOMIC_LDS64) {
        lds64_body(e, op, addr, v, c, go, entry);
      } else {
        uint32_t p, first, scope;
        if (lds) {
          p = lds_ptr(e, addr);
          first = op1(e, SpvOpLoad, t, p);
          scope = SpvScopeWorkgroup;
        } else {
          uint32_t pt = wide ? spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, t)
                             : e->t_psb_u32;
          p = op1(e, SpvOpConvertUToPtr, pt, addr);
          uint32_t lw[3] = {p, SpvMemoryAccessAlignedMask, wide ? 8 : 4};
          first = spv_op(&e->b, SpvOpLoad, t, lw, 3);
          scope = SpvScopeDevice;
        }
        uint32_t old = cas_loop(e, op, t, p, first, scope, v, c, entry);
        inst(e, SpvOpReturnValue, &old, 1);
      }
      inst(e, SpvOpFunctionEnd, NULL, 0);
    }
}
