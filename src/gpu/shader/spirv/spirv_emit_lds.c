/* The LDS and GDS forms besides dword loads/stores and the common atomics, and two small
 * scalar operations (docs/shader-spirv.md, *Sub-dword LDS, masked or, src2 and wrap* and
 * *Clock and messages*):
 * - load_lds_sub / store_lds_sub (ds_read_u8/i8/u16/i16 and their _d16/_d16_hi forms,
 *   ds_write_b8/b16 and _d16_hi; the translation extends and places the value): N = 1 or 2
 *   bytes at any LDS byte address A, in range when A + N <= the LDS size (ir_interp.c). The
 *   LDS is a workgroup array of dwords, so a store changes bytes of one or two dwords: each
 *   dword through the masked-or helper below, a compare-and-swap loop, so a lane writing
 *   other bytes of the same dword in the same instruction (or another wave) keeps its bytes.
 * - atomic_lds_mskor(64) and atomic_lds_wrap: helper operations SPIRV_ATOMIC_MSKOR / _WRAP of
 *   spirv_emit_atomic.c (a compare-and-swap loop; 64-bit under the LDS lock), through the
 *   LDS atomic path of spirv_emit.c (range, alignment, the old value returned).
 * - atomic_lds_src2(_64): MEM[A] = MEM[A] op MEM[B]. A helper takes the workgroup's LDS lock,
 *   reads B (0 outside the LDS) and A and writes A, so each lane's read of B and update of A
 *   are one step: the memory is that of some serial order of the lanes (the interpreter's,
 *   lanes in order, when no lane's B is another lane's A).
 * - the GDS forms (only when the caller maps the GDS: spirv_emit_options.gds_addr): sub-dword
 *   loads and stores byte by byte through 8-bit pointers (no read-modify-write), mskor and
 *   wrap as the GDS atomics; src2 reads B once, then applies the operation to A atomically
 *   (exact unless another lane's A is this lane's B in the same instruction: there is no
 *   device-wide lock).
 * - read_clock: s_memtime / s_memrealtime through SPV_KHR_shader_clock (OpReadClockKHR), lane
 *   0's value given to the whole wave (a scalar value); refused without the device feature it
 *   needs (spirv_emit_options.shader_clock).
 * - send_msg: the messages that mean nothing to a compute wave are no-ops, others refused. */
#include "gpu/shader/spirv/spirv_emit_internal.h"

/* ---- which operations ------------------------------------------------------------------- */

bool spirv_lds_supports(enum ir_op op) {
  switch (op) {
    case IR_OP_load_lds_sub:
    case IR_OP_store_lds_sub:
    case IR_OP_atomic_lds_mskor:
    case IR_OP_atomic_lds_mskor64:
    case IR_OP_atomic_lds_src2:
    case IR_OP_atomic_lds_src2_64:
    case IR_OP_atomic_lds_wrap:
    case IR_OP_read_clock: /* refused by spirv_wave_refusal without the clock */
    case IR_OP_send_msg: return true;
    default: return false;
  }
}

bool spirv_lds_gds_emitted(enum ir_op op) {
  switch (op) {
    case IR_OP_load_gds_sub:
    case IR_OP_store_gds_sub:
    case IR_OP_atomic_gds_mskor:
    case IR_OP_atomic_gds_mskor64:
    case IR_OP_atomic_gds_src2:
    case IR_OP_atomic_gds_src2_64:
    case IR_OP_atomic_gds_wrap: return true;
    default: return false;
  }
}

bool spirv_lds_uses(enum ir_op op, bool lock) {
  switch (op) {
    case IR_OP_atomic_lds64:
    case IR_OP_atomic_lds_cmpst64:
    case IR_OP_atomic_lds_mskor64:
    case IR_OP_atomic_lds_src2:
    case IR_OP_atomic_lds_src2_64: return true;
    case IR_OP_load_lds:
    case IR_OP_store_lds:
    case IR_OP_atomic_lds:
    case IR_OP_atomic_lds_cmpst:
    case IR_OP_load_lds_sub:
    case IR_OP_store_lds_sub:
    case IR_OP_atomic_lds_mskor:
    case IR_OP_atomic_lds_wrap: return !lock;
    default: return false;
  }
}

bool spirv_lds_ends_with_fence(enum ir_op op) {
  switch (op) {
    case IR_OP_load_lds_sub:
    case IR_OP_load_gds_sub:
    case IR_OP_read_clock:
    case IR_OP_send_msg: return false;
    default: return spirv_lds_supports(op) || spirv_lds_gds_emitted(op);
  }
}

/* ---- refusals: the clock without the feature, messages ---------------------------------- */

/* s_sendmsg message types of GFX10 (simm16 3:0; LLVM's AMDGPU assembler syntax for gfx10 and
 * SIDefines.h). NOOP: addressed to the geometry, primitive or pixel pipeline, they carry
 * nothing a compute wave has (no GS stream, no primitives, no ordered pixel export), so the
 * wave does not depend on them. */
static const struct {
  const char *name;
  bool noop;
} messages[16] = {
    [1] = {"MSG_INTERRUPT", false},      [2] = {"MSG_GS", true},
    [3] = {"MSG_GS_DONE", true},         [4] = {"MSG_SAVEWAVE", false},
    [5] = {"MSG_STALL_WAVE_GEN", false}, [6] = {"MSG_HALT_WAVES", false},
    [7] = {"MSG_ORDERED_PS_DONE", true}, [8] = {"MSG_EARLY_PRIM_DEALLOC", true},
    [9] = {"MSG_GS_ALLOC_REQ", true},    [10] = {"MSG_GET_DOORBELL", false},
    [11] = {"MSG_GET_DDID", false},      [15] = {"MSG_SYSMSG", false},
};

bool spirv_wave_refusal(const struct ir_function *fn, const struct spirv_emit_options *opts,
                        uint32_t i, char *err, size_t size) {
  const struct ir_inst *in = &fn->insts[i];
  if (in->dead) return false;
  if (in->op == IR_OP_read_clock) {
    uint32_t clock = opts ? opts->shader_clock : 0;
    bool real = in->imm & 1;
    if (clock & SPIRV_CLOCK_DEVICE) return false;
    if (!real && (clock & SPIRV_CLOCK_SUBGROUP)) return false;
    snprintf(err, size,
             "%s (%%%u) needs the device's %s (VK_KHR_shader_clock), which it does not offer",
             real ? "s_memrealtime" : "s_memtime", i,
             real ? "shaderDeviceClock" : "shaderSubgroupClock or shaderDeviceClock");
    return true;
  }
  if (in->op != IR_OP_send_msg) return false;
  uint32_t id = (uint32_t)in->imm & 15;
  if (in->imm >> 16 & 1) {
    snprintf(err, size,
             "s_sendmsghalt (%%%u, message %u): halts the wave until the host resumes it, which a "
             "compute dispatch here never does",
             i, id);
    return true;
  }
  if (messages[id].noop) return false;
  snprintf(err, size,
           "s_sendmsg of message %u (%s, simm16 0x%x, %%%u) in a compute shader: not emitted (only "
           "the GS, primitive and pixel messages, no-ops for a compute wave, are)",
           id, messages[id].name ? messages[id].name : "no GFX10 message",
           (uint32_t)in->imm & 0xffff, i);
  return true;
}

/* ---- sub-dword LDS ------------------------------------------------------------------------ */

static uint32_t wg_ptr(struct emit *e, uint32_t idx) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassWorkgroup, e->t_u32);
  uint32_t w[2] = {e->lds_var, idx};
  return spv_op(&e->b, SpvOpAccessChain, pt, w, 2);
}

/* N bytes at A: the dword index (0 when out of range), the byte shift and the range check */
static void where(struct emit *e, uint32_t a, uint32_t n, uint32_t *idx, uint32_t *sh,
                  uint32_t *ok) {
  uint32_t u32 = e->t_u32;
  uint32_t end = add64(e, to_u64(e, a), cu64(e, n));
  *ok = op2(e, SpvOpULessThanEqual, e->t_bool, end, cu64(e, e->lds_bytes));
  *idx = sel(e, u32, *ok, op2(e, SpvOpShiftRightLogical, u32, a, cu32(e, 2)), cu32(e, 0));
  *sh = op2(e, SpvOpShiftLeftLogical, u32, op2(e, SpvOpBitwiseAnd, u32, a, cu32(e, 3)), cu32(e, 3));
}

/* LDS dword index I + K, clamped to the array (the spare dword is its last) */
static uint32_t word_at(struct emit *e, uint32_t idx, uint32_t k) {
  uint32_t i = k ? op2(e, SpvOpIAdd, e->t_u32, idx, cu32(e, k)) : idx;
  uint32_t last = cu32(e, e->lds_bytes / 4);
  return sel(e, e->t_u32, op2(e, SpvOpULessThan, e->t_bool, i, last), i, last);
}
/* load_lds_sub: zero-extended, 0 outside the LDS */
static uint32_t load_sub(struct emit *e, uint32_t a, uint32_t n) {
  uint32_t u32 = e->t_u32, idx, sh, ok;
  where(e, a, n, &idx, &sh, &ok);
  uint32_t w0 = op1(e, SpvOpLoad, u32, wg_ptr(e, idx));
  /* the next dword (clamped: with an LDS size not a multiple of 4 it may not exist) */
  uint32_t w1 = op1(e, SpvOpLoad, u32, wg_ptr(e, word_at(e, idx, 1)));
  uint32_t back =
      op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 32), sh), cu32(e, 31));
  uint32_t hi = sel(e, u32, op2(e, SpvOpIEqual, e->t_bool, sh, cu32(e, 0)), cu32(e, 0),
                    op2(e, SpvOpShiftLeftLogical, u32, w1, back));
  uint32_t v = op2(e, SpvOpBitwiseOr, u32, op2(e, SpvOpShiftRightLogical, u32, w0, sh), hi);
  v = op2(e, SpvOpBitwiseAnd, u32, v, cu32(e, (1u << (8 * n)) - 1));
  e->fenced = false;
  return sel(e, u32, ok, v, cu32(e, 0));
}

/* store_lds_sub: the bytes of each dword the access covers replaced through the masked-or
 * helper (MEM = (MEM & ~mask) | bits), atomically per dword; a lane that writes nothing
 * (inactive, outside, or no byte in the second dword) works on the spare dword past the
 * LDS with mask 0, which leaves it as it is. */
static void store_sub(struct emit *e, uint32_t a, uint32_t v, uint32_t pred, uint32_t n) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, idx, sh, ok;
  where(e, a, n, &idx, &sh, &ok);
  uint32_t go = op2(e, SpvOpLogicalAnd, bl, ok, pred), zero = cu32(e, 0);
  uint32_t m = cu32(e, (1u << (8 * n)) - 1), spare = cu32(e, e->lds_bytes / 4);
  uint32_t back =
      op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 32), sh), cu32(e, 31));
  uint32_t unaligned = op2(e, SpvOpINotEqual, bl, sh, zero);
  uint32_t m0 = sel(e, u32, go, op2(e, SpvOpShiftLeftLogical, u32, m, sh), zero);
  uint32_t m1 = sel(e, u32, op2(e, SpvOpLogicalAnd, bl, go, unaligned),
                    op2(e, SpvOpShiftRightLogical, u32, m, back), zero);
  uint32_t d0 = op2(e, SpvOpShiftLeftLogical, u32, v, sh);
  uint32_t d1 = op2(e, SpvOpShiftRightLogical, u32, v, back);
  uint32_t idx1 = op2(e, SpvOpIAdd, u32, idx, cu32(e, 1));
  uint32_t at0 = sel(e, u32, op2(e, SpvOpINotEqual, bl, m0, zero), idx, spare);
  uint32_t at1 = sel(e, u32, op2(e, SpvOpINotEqual, bl, m1, zero), idx1, spare);
  spirv_write_begin(e);
  spirv_atomic_call(e, SPIRV_ATOMIC_LDS, SPIRV_ATOMIC_MSKOR, at0, m0,
                    op2(e, SpvOpBitwiseAnd, u32, d0, m0), 0);
  spirv_atomic_call(e, SPIRV_ATOMIC_LDS, SPIRV_ATOMIC_MSKOR, at1, m1,
                    op2(e, SpvOpBitwiseAnd, u32, d1, m1), 0);
  spirv_write_end(e);
}

/* ---- src2 in LDS: a helper under the LDS lock ------------------------------------------ */

static uint32_t src2_call(struct emit *e, bool wide, uint64_t op, uint32_t a, uint32_t b,
                          uint32_t go) {
  if (op > IR_ATOMIC_RSUB) {
    unsupported(e, "src2 atomic operation %u", (unsigned)op);
    return 0;
  }
  uint32_t *fn = &e->lds_fn[wide][op];
  if (!*fn) *fn = spv_id(&e->b);
  uint32_t w[4] = {*fn, a, b, go};
  return spv_op(&e->b, SpvOpFunctionCall, e->t_void, w, 4);
}

static uint32_t atomic_load(struct emit *e, uint32_t idx) {
  uint32_t a[3] = {wg_ptr(e, idx), cu32(e, SpvScopeWorkgroup), cu32(e, 0)};
  return spv_op(&e->b, SpvOpAtomicLoad, e->t_u32, a, 3);
}
/* 4 (or, WIDE, 8) bytes at LDS byte address X, read with atomic loads: a u32 (u64) */
uint32_t spirv_lds_read_bytes(struct emit *e, bool wide, uint32_t x) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64;
  uint32_t idx = op2(e, SpvOpShiftRightLogical, u32, x, cu32(e, 2));
  uint32_t sh =
      op2(e, SpvOpShiftLeftLogical, u32, op2(e, SpvOpBitwiseAnd, u32, x, cu32(e, 3)), cu32(e, 3));
  uint32_t w[3];
  for (uint32_t k = 0; k < (wide ? 3u : 2u); k++) w[k] = atomic_load(e, word_at(e, idx, k));
  /* the words as a u64 (two) or u64 + the third word, shifted right by SH */
  uint32_t q = op2(e, SpvOpBitwiseOr, u64, to_u64(e, w[0]),
                   op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, w[1]), cu32(e, 32)));
  uint32_t r = op2(e, SpvOpShiftRightLogical, u64, q, sh);
  if (!wide) return op1(e, SpvOpUConvert, u32, r);
  uint32_t back =
      op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 64), sh), cu32(e, 63));
  uint32_t top = op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, w[2]), back);
  return sel(e, u64, op2(e, SpvOpIEqual, e->t_bool, sh, cu32(e, 0)), q,
             op2(e, SpvOpBitwiseOr, u64, r, top));
}
static void merge_word(struct emit *e, uint32_t idx, uint32_t mask, uint32_t bits) {
  uint32_t sc = cu32(e, SpvScopeWorkgroup), sem = cu32(e, 0), p = wg_ptr(e, idx);
  uint32_t a[4] = {p, sc, sem, op1(e, SpvOpNot, e->t_u32, mask)};
  spv_op(&e->b, SpvOpAtomicAnd, e->t_u32, a, 4);
  uint32_t o[4] = {p, sc, sem, op2(e, SpvOpBitwiseAnd, e->t_u32, bits, mask)};
  spv_op(&e->b, SpvOpAtomicOr, e->t_u32, o, 4);
}
/* V (u32, or WIDE u64) written at LDS byte address X (inside the LDS) with atomic AND/OR of
 * the bytes it covers in each dword: the bytes of other lanes' dwords stay theirs */
void spirv_lds_write_bytes(struct emit *e, bool wide, uint32_t x, uint32_t v) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64;
  uint32_t idx = op2(e, SpvOpShiftRightLogical, u32, x, cu32(e, 2));
  uint32_t sh =
      op2(e, SpvOpShiftLeftLogical, u32, op2(e, SpvOpBitwiseAnd, u32, x, cu32(e, 3)), cu32(e, 3));
  /* the value and its mask shifted into a 96-bit window: low u64 and the third word */
  uint32_t v64 = wide ? v : to_u64(e, v);
  uint32_t m64 = cu64(e, wide ? ~0ull : 0xffffffffull);
  uint32_t lo = op2(e, SpvOpShiftLeftLogical, u64, v64, sh);
  uint32_t mlo = op2(e, SpvOpShiftLeftLogical, u64, m64, sh);
  uint32_t d[3], m[3];
  for (uint32_t k = 0; k < 2; k++) {
    uint32_t s = cu32(e, 32 * k);
    d[k] = op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, lo, s));
    m[k] = op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, mlo, s));
  }
  uint32_t n = 2;
  if (wide) { /* bytes shifted past bit 63 land in the third word */
    uint32_t back =
        op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 64), sh), cu32(e, 63));
    uint32_t zero = op2(e, SpvOpIEqual, e->t_bool, sh, cu32(e, 0));
    d[2] = sel(e, u32, zero, cu32(e, 0),
               op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, v64, back)));
    m[2] = sel(e, u32, zero, cu32(e, 0),
               op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, m64, back)));
    n = 3;
  }
  for (uint32_t k = 0; k < n; k++) merge_word(e, word_at(e, idx, k), m[k], d[k]);
}

/* (A, B, go): each lane whose go is set takes the lock (a relaxed compare-and-swap 0 -> 1,
 * as the 64-bit LDS atomics: spirv_emit_atomic.c), reads B (0 when B + size is past the
 * LDS) and A, writes A op B to A and releases the lock in the same loop iteration */
static void src2_body(struct emit *e, bool wide, uint32_t op) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, t = wide ? e->t_u64 : u32;
  uint32_t params[3] = {u32, u32, bl};
  uint32_t ft = spv_type_function(&e->b, e->t_void, params, 3);
  uint32_t f[4] = {e->t_void, e->lds_fn[wide][op], SpvFunctionControlMaskNone, ft};
  inst(e, SpvOpFunction, f, 4);
  char name[40];
  snprintf(name, sizeof name, "lds_src2_%s_%s", spirv_atomic_op_name(op), wide ? "64" : "32");
  spv_name(&e->b, e->lds_fn[wide][op], name);
  uint32_t a = param(e, u32), b = param(e, u32), go = param(e, bl);
  uint32_t entry = spv_id(&e->b), head = spv_id(&e->b), body = spv_id(&e->b), crit = spv_id(&e->b),
           after = spv_id(&e->b), cont = spv_id(&e->b), merge = spv_id(&e->b), done = spv_id(&e->b),
           mine = spv_id(&e->b);
  label(e, entry);
  uint32_t not_go = op1(e, SpvOpLogicalNot, bl, go);
  branch(e, head);
  label(e, head);
  uint32_t p1[6] = {bl, done, not_go, entry, mine, cont};
  inst(e, SpvOpPhi, p1, 6);
  uint32_t lm[3] = {merge, cont, SpvLoopControlMaskNone};
  inst(e, SpvOpLoopMerge, lm, 3);
  uint32_t bc[3] = {done, merge, body};
  inst(e, SpvOpBranchConditional, bc, 3);
  label(e, body);
  uint32_t cw[6] = {e->lds_lock_var, cu32(e, SpvScopeWorkgroup), cu32(e, 0), cu32(e, 0), cu32(e, 1),
                    cu32(e, 0)};
  uint32_t held = spv_op(&e->b, SpvOpAtomicCompareExchange, u32, cw, 6);
  uint32_t mw[4] = {bl, mine, held, cu32(e, 0)};
  inst(e, SpvOpIEqual, mw, 4);
  uint32_t sm[2] = {after, SpvSelectionControlMaskNone};
  inst(e, SpvOpSelectionMerge, sm, 2);
  uint32_t bm[3] = {mine, crit, after};
  inst(e, SpvOpBranchConditional, bm, 3);
  label(e, crit);
  uint32_t n = wide ? 8 : 4;
  uint32_t b_ok =
      op2(e, SpvOpULessThanEqual, bl, add64(e, to_u64(e, b), cu64(e, n)), cu64(e, e->lds_bytes));
  uint32_t zero = wide ? cu64(e, 0) : cu32(e, 0);
  uint32_t vb =
      sel(e, t, b_ok, spirv_lds_read_bytes(e, wide, sel(e, u32, b_ok, b, cu32(e, 0))), zero);
  uint32_t va = spirv_lds_read_bytes(e, wide, a);
  spirv_lds_write_bytes(e, wide, a, spirv_atomic_value(e, op, t, va, vb));
  uint32_t sw[4] = {e->lds_lock_var, cu32(e, SpvScopeWorkgroup), cu32(e, 0), cu32(e, 0)};
  inst(e, SpvOpAtomicStore, sw, 4);
  branch(e, after);
  label(e, after);
  branch(e, cont);
  label(e, cont);
  branch(e, head);
  label(e, merge);
  inst(e, SpvOpReturn, NULL, 0);
  inst(e, SpvOpFunctionEnd, NULL, 0);
}

void spirv_lds_fn_bodies(struct emit *e) {
  for (uint32_t w = 0; w < 2; w++)
    for (uint32_t op = 0; op <= IR_ATOMIC_RSUB; op++)
      if (e->lds_fn[w][op]) src2_body(e, w != 0, op);
}

/* atomic_lds_src2(_64) (A, B, active): A in range when A + size <= the LDS size */
static void lds_src2(struct emit *e, bool wide, uint64_t op, const uint32_t *a) {
  uint32_t bl = e->t_bool;
  uint32_t end = add64(e, to_u64(e, a[0]), cu64(e, wide ? 8 : 4));
  uint32_t ok = op2(e, SpvOpULessThanEqual, bl, end, cu64(e, e->lds_bytes));
  spirv_write_begin(e);
  src2_call(e, wide, op, a[0], a[1], op2(e, SpvOpLogicalAnd, bl, ok, a[2]));
  spirv_write_end(e);
}

/* atomic_gds_src2(_64) (A, B, active): B read once (0 outside the GDS), then A updated by
 * one atomic with it */
static void gds_src2(struct emit *e, bool wide, uint64_t op, const uint32_t *a) {
  if (op > IR_ATOMIC_RSUB) {
    unsupported(e, "src2 atomic operation %u", (unsigned)op);
    return;
  }
  if (wide) {
    spirv_gds_atomic64(e, (uint32_t)op, a[0], spirv_gds_load_bytes(e, a[1], 8), 0, a[2]);
  } else {
    spirv_gds_atomic(e, (uint32_t)op, a[0], spirv_gds_load_bytes(e, a[1], 4), 0, a[2]);
  }
}

/* ---- the clock ---------------------------------------------------------------------------- */

/* read_clock: OpReadClockKHR at device scope (subgroup scope for s_memtime when that is all
 * the device has), the first lane's value for every lane */
static uint32_t read_clock(struct emit *e, bool real) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64;
  spv_capability(&e->b, SpvCapabilityShaderClockKHR);
  spv_extension(&e->b, "SPV_KHR_shader_clock");
  bool device = real || (e->shader_clock & SPIRV_CLOCK_DEVICE);
  uint32_t scope = cu32(e, device ? SpvScopeDevice : SpvScopeSubgroup);
  uint32_t c = spv_op(&e->b, SpvOpReadClockKHR, u64, &scope, 1);
  uint32_t lo = spirv_emit_read_lane(e, op1(e, SpvOpUConvert, u32, c), cu32(e, 0));
  uint32_t hi = spirv_emit_read_lane(
      e, op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, c, cu32(e, 32))),
      cu32(e, 0));
  return op2(e, SpvOpBitwiseOr, u64, to_u64(e, lo),
             op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, hi), cu32(e, 32)));
}

/* ---- emission ------------------------------------------------------------------------------ */

bool spirv_emit_lds(struct emit *e, uint32_t id, const uint32_t *a) {
  const struct ir_inst *in = &e->fn->insts[id];
  uint32_t u32 = e->t_u32, u64 = e->t_u64, v = 0, t = u32, n = (uint32_t)in->imm;
  switch ((enum ir_op)in->op) {
    case IR_OP_load_lds_sub: /* address; imm = bytes */
    case IR_OP_load_gds_sub:
      if (n != 1 && n != 2) break;
      v = in->op == IR_OP_load_lds_sub ? load_sub(e, a[0], n) : spirv_gds_load_bytes(e, a[0], n);
      break;
    case IR_OP_store_lds_sub: /* address, data, active; imm = bytes */
    case IR_OP_store_gds_sub:
      if (n != 1 && n != 2) break;
      if (in->op == IR_OP_store_lds_sub) store_sub(e, a[0], a[1], a[2], n);
      else spirv_gds_store_bytes(e, a[0], a[1], n, a[2]);
      return true;
    case IR_OP_atomic_lds_mskor: /* address, mask, value, active */
      v = spirv_lds_atomic(e, SPIRV_ATOMIC_MSKOR, a[0], a[1], a[2], a[3]);
      break;
    case IR_OP_atomic_lds_mskor64:
      v = spirv_lds_atomic64(e, SPIRV_ATOMIC_MSKOR, a[0], a[1], a[2], a[3]), t = u64;
      break;
    case IR_OP_atomic_lds_wrap: /* address, data0, data1, active */
      v = spirv_lds_atomic(e, SPIRV_ATOMIC_WRAP, a[0], a[1], a[2], a[3]);
      break;
    case IR_OP_atomic_gds_mskor:
      v = spirv_gds_atomic(e, SPIRV_ATOMIC_MSKOR, a[0], a[1], a[2], a[3]);
      break;
    case IR_OP_atomic_gds_mskor64:
      v = spirv_gds_atomic64(e, SPIRV_ATOMIC_MSKOR, a[0], a[1], a[2], a[3]), t = u64;
      break;
    case IR_OP_atomic_gds_wrap:
      v = spirv_gds_atomic(e, SPIRV_ATOMIC_WRAP, a[0], a[1], a[2], a[3]);
      break;
    case IR_OP_atomic_lds_src2: lds_src2(e, false, in->imm, a); return true;
    case IR_OP_atomic_lds_src2_64: lds_src2(e, true, in->imm, a); return true;
    case IR_OP_atomic_gds_src2: gds_src2(e, false, in->imm, a); return true;
    case IR_OP_atomic_gds_src2_64: gds_src2(e, true, in->imm, a); return true;
    case IR_OP_read_clock: v = read_clock(e, in->imm & 1), t = u64; break;
    case IR_OP_send_msg: return true; /* a no-op message (spirv_wave_refusal refused the rest) */
    default: return false;
  }
  if (!v) {
    unsupported(e, "%s of %u bytes", ir_op_infos[in->op].name, n);
    return true;
  }
  def(e, SpvOpCopyObject, t, e->val[id], &v, 1);
  return true;
}
