/* IR -> SPIR-V for compute shaders: module set-up, control flow and the operations. The
 * lane model and the inputs are described in spirv_emit.h and docs/shader-spirv.md. */
#include "gpu/shader/spirv/spirv_emit.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/GLSL.std.450.h>

#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/spirv/spirv_builder.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"

_Static_assert(offsetof(struct spirv_wave_state, vcc) == SPIRV_STATE_VCC * 4, "state layout");
_Static_assert(offsetof(struct spirv_wave_state, exec) == SPIRV_STATE_EXEC * 4, "state layout");
_Static_assert(offsetof(struct spirv_wave_state, m0) == SPIRV_STATE_M0 * 4, "state layout");
_Static_assert(offsetof(struct spirv_wave_state, scc) == SPIRV_STATE_SCC * 4, "state layout");
_Static_assert(offsetof(struct spirv_wave_state, vgpr) == SPIRV_STATE_VGPR * 4, "state layout");
_Static_assert(offsetof(struct spirv_wave_state, junk) == SPIRV_STATE_JUNK * 4, "state layout");
_Static_assert(offsetof(struct spirv_wave_state, code_base) == SPIRV_STATE_CODE_BASE * 4,
               "state layout");
_Static_assert(offsetof(struct spirv_wave_state, border_base) == SPIRV_STATE_BORDER_BASE * 4,
               "state layout");
_Static_assert(sizeof(struct spirv_push) == 16, "push constant layout");

/* ---- memory ----------------------------------------------------------------------- */

static uint32_t psb_load(struct emit *e, uint32_t addr64) {
  uint32_t p = op1(e, SpvOpConvertUToPtr, e->t_psb_u32, addr64);
  uint32_t w[3] = {p, SpvMemoryAccessAlignedMask, 4};
  return spv_op(&e->b, SpvOpLoad, e->t_u32, w, 3);
}
static void psb_store(struct emit *e, uint32_t addr64, uint32_t v) {
  uint32_t p = op1(e, SpvOpConvertUToPtr, e->t_psb_u32, addr64);
  uint32_t w[4] = {p, v, SpvMemoryAccessAlignedMask, 4};
  inst(e, SpvOpStore, w, 4);
}
/* Sub-dword accesses of N bytes (1 or 2) at any alignment, byte by byte through 8-bit
 * pointers (StorageBuffer8BitAccess, Int8): a load zero-extends, a store writes the low
 * bytes; no read-modify-write, so neighbouring bytes of other lanes stay untouched. */
static uint32_t psb_u8(struct emit *e) {
  spv_capability(&e->b, SpvCapabilityStorageBuffer8BitAccess);
  if (e->b.version < 0x00010500) spv_extension(&e->b, "SPV_KHR_8bit_storage");
  return spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer,
                          spv_type_int(&e->b, 8, false));
}
static uint32_t psb_load_bytes(struct emit *e, uint32_t addr64, uint32_t n) {
  uint32_t pt = psb_u8(e), u8 = spv_type_int(&e->b, 8, false), r = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t p = op1(e, SpvOpConvertUToPtr, pt, i ? add64(e, addr64, cu64(e, i)) : addr64);
    uint32_t w[3] = {p, SpvMemoryAccessAlignedMask, 1};
    uint32_t b = op1(e, SpvOpUConvert, e->t_u32, spv_op(&e->b, SpvOpLoad, u8, w, 3));
    if (i) b = op2(e, SpvOpShiftLeftLogical, e->t_u32, b, cu32(e, 8 * i));
    r = r ? op2(e, SpvOpBitwiseOr, e->t_u32, r, b) : b;
  }
  return r;
}
static void psb_store_bytes(struct emit *e, uint32_t addr64, uint32_t v, uint32_t n) {
  uint32_t pt = psb_u8(e), u8 = spv_type_int(&e->b, 8, false);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t p = op1(e, SpvOpConvertUToPtr, pt, i ? add64(e, addr64, cu64(e, i)) : addr64);
    uint32_t b = op1(e, SpvOpUConvert, u8,
                     i ? op2(e, SpvOpShiftRightLogical, e->t_u32, v, cu32(e, 8 * i)) : v);
    uint32_t w[4] = {p, b, SpvMemoryAccessAlignedMask, 1};
    inst(e, SpvOpStore, w, 4);
  }
}

/* device address of guest address G64 for an access of BYTES bytes; *OK: the lane's
 * predicate in (0: active), whether the access happens out (spirv_emit_memory.c) */
static uint32_t guest_addr(struct emit *e, uint32_t g64, uint32_t bytes, uint32_t *ok) {
  return spirv_guest_addr(e, g64, bytes, ok);
}
/* dword I of the wave state (I a u32 value), through the storage buffer at binding 0: a
 * device reads a uniform index there once for the whole wave (lavapipe: one scalar load
 * instead of one load per lane, as a physical-storage-buffer pointer would cost) */
static uint32_t state_word(struct emit *e, uint32_t i) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassStorageBuffer, e->t_u32);
  if (e->waves > 1) /* the states of the workgroup's waves follow one another */
    i = op2(e, SpvOpIAdd, e->t_u32,
            op2(e, SpvOpIMul, e->t_u32, e->wave, cu32(e, sizeof(struct spirv_wave_state) / 4)), i);
  uint32_t w[3] = {e->state_buf, cu32(e, 0), i};
  return op1(e, SpvOpLoad, e->t_u32, spv_op(&e->b, SpvOpAccessChain, pt, w, 3));
}

uint32_t spirv_state_word(struct emit *e, uint32_t index) {
  return state_word(e, cu32(e, index));
}

/* Predicated accesses without control flow: a lane whose access must not happen (inactive,
 * or out of the V#'s range) reads or writes its own dword of the state's junk area instead,
 * so no block is split and the structure stays the IR's. A load gives 0 there. */
static uint32_t pred_addr(struct emit *e, uint32_t ok, uint32_t addr) {
  return sel(e, e->t_u64, ok, addr, e->junk);
}
static uint32_t pred_load(struct emit *e, uint32_t ok, uint32_t addr) {
  return sel(e, e->t_u32, ok, psb_load(e, pred_addr(e, ok, addr)), cu32(e, 0));
}

/* The V# range check and address of a dword buffer access (ir_interp_buffer.c has the
 * rules, docs/shader-ir.md "Buffer memory" their evidence). OFF_ID is the IR offset
 * operand: a buffer_offset's parts are the offset and soffset. */
void spirv_buffer_access(struct emit *e, const uint32_t *args, uint32_t payload64,
                         uint32_t *in_range, uint32_t *addr) {
  const struct ir_function *fn = e->fn;
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t vs = e->val[args[0]], d[4];
  for (uint32_t k = 0; k < 4; k++) {
    uint32_t w[2] = {vs, k};
    d[k] = spv_op(&e->b, SpvOpCompositeExtract, u32, w, 2);
  }
  uint32_t off = e->val[args[2]], soff = cu32(e, 0);
  if (fn->insts[args[2]].op == IR_OP_buffer_offset) {
    const uint32_t *parts = ir_inst_args(fn, args[2]);
    off = e->val[parts[0]];
    soff = e->val[parts[1]];
  }
  uint32_t base =
      op2(e, SpvOpBitwiseOr, u64, to_u64(e, d[0]),
          op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, bits32(e, d[1], 0, 16)), cu32(e, 32)));
  uint32_t stride = bits32(e, d[1], 16, 14);
  uint32_t swz = op2(e, SpvOpINotEqual, bl, bits32(e, d[1], 31, 1), cu32(e, 0));
  uint32_t nr = d[2];
  uint32_t istride = bits32(e, d[3], 21, 2);
  uint32_t add_tid = op2(e, SpvOpINotEqual, bl, bits32(e, d[3], 23, 1), cu32(e, 0));
  uint32_t oob = bits32(e, d[3], 28, 2);
  uint32_t index =
      sel(e, u32, add_tid, op2(e, SpvOpIAdd, u32, e->val[args[1]], e->lane), e->val[args[1]]);
  /* range: end = off + payload in 64 bits (a huge offset is out of range, no wrap) */
  uint32_t end64 = add64(e, to_u64(e, off), payload64);
  uint32_t idx_ok = op2(e, SpvOpULessThan, bl, index, nr);
  uint32_t off_ok = op2(e, SpvOpULessThanEqual, bl, end64, to_u64(e, stride));
  uint32_t structured_off = op2(e, SpvOpLogicalAnd, bl, idx_ok, off_ok);
  uint32_t nonempty = op2(e, SpvOpINotEqual, bl, nr, cu32(e, 0));
  uint32_t raw_ok =
      op2(e, SpvOpULessThanEqual, bl, add64(e, end64, to_u64(e, soff)), to_u64(e, nr));
  uint32_t swz_stride =
      op2(e, SpvOpLogicalAnd, bl, swz, op2(e, SpvOpINotEqual, bl, stride, cu32(e, 0)));
  uint32_t raw = sel(e, bl, swz_stride, structured_off, raw_ok);
  uint32_t r = sel(e, bl, op2(e, SpvOpIEqual, bl, oob, cu32(e, 2)), nonempty, raw);
  r = sel(e, bl, op2(e, SpvOpIEqual, bl, oob, cu32(e, 1)), idx_ok, r);
  *in_range = sel(e, bl, op2(e, SpvOpIEqual, bl, oob, cu32(e, 0)), structured_off, r);
  /* address: linear, or swizzled in blocks of index_stride records (element size 4) */
  uint32_t b0 = add64(e, base, to_u64(e, soff));
  uint32_t lin = add64(
      e, b0, add64(e, op2(e, SpvOpIMul, u64, to_u64(e, index), to_u64(e, stride)), to_u64(e, off)));
  uint32_t is = op2(e, SpvOpShiftLeftLogical, u32, cu32(e, 8), istride);
  uint32_t blk = add64(
      e, op2(e, SpvOpIMul, u64, to_u64(e, op2(e, SpvOpUDiv, u32, index, is)), to_u64(e, stride)),
      to_u64(e, op2(e, SpvOpBitwiseAnd, u32, off, cu32(e, ~3u))));
  uint32_t swzaddr = add64(e, b0, op2(e, SpvOpIMul, u64, blk, to_u64(e, is)));
  swzaddr = add64(e, swzaddr,
                  to_u64(e, op2(e, SpvOpIMul, u32, op2(e, SpvOpUMod, u32, index, is), cu32(e, 4))));
  swzaddr = add64(e, swzaddr, to_u64(e, op2(e, SpvOpBitwiseAnd, u32, off, cu32(e, 3))));
  *addr = sel(e, u64, swz, swzaddr, lin); /* a guest address */
}

static void buffer_access(struct emit *e, const uint32_t *args, uint32_t payload,
                          uint32_t *in_range, uint32_t *addr) {
  spirv_buffer_access(e, args, cu64(e, payload), in_range, addr);
}
/* for spirv_emit_image.c */
uint32_t spirv_psb_load_bytes(struct emit *e, uint32_t addr64, uint32_t n) {
  return psb_load_bytes(e, addr64, n);
}

/* A barrier among the lanes of the wave that also orders their buffer (PhysicalStorageBuffer:
 * uniform memory) and workgroup memory accesses (spirv_emit_lanes.c). */
static void barrier(struct emit *e) { spirv_lane_barrier(e); }

/* The lanes of a wave execute a memory instruction together, in program order; invocations
 * do not. A write to guest memory is therefore fenced on both sides (write-after-read and
 * read-after-write between lanes: lane A's earlier load, lane B's later load of A's data),
 * and consecutive fences merge (no access in between). */
static void write_begin(struct emit *e) {
  if (e->split && e->split[e->cur] == SPIRV_FENCE_COVERED) return; /* the fence just before */
  if (e->split && e->split[e->cur]) spirv_guarded_fence(e); /* a fence the dispatch may drop */
  else if (!e->fenced) barrier(e);
}
static void write_end(struct emit *e) {
  if (e->split_after && e->split_after[e->cur]) spirv_guarded_fence_after(e); /* may be dropped */
  else if (!e->follows || e->follows[e->cur]) barrier(e);
  else e->fenced = false; /* nothing follows before the next fence */
}
void spirv_write_begin(struct emit *e) { write_begin(e); }
void spirv_write_end(struct emit *e) { write_end(e); }
uint32_t spirv_psb_load(struct emit *e, uint32_t addr64) { return psb_load(e, addr64); }
void spirv_psb_store(struct emit *e, uint32_t addr64, uint32_t v) { psb_store(e, addr64, v); }
void spirv_psb_store_bytes(struct emit *e, uint32_t addr64, uint32_t v, uint32_t n) {
  psb_store_bytes(e, addr64, v, n);
}

static uint32_t wg_ptr(struct emit *e, uint32_t var, uint32_t index) {
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassWorkgroup, e->t_u32);
  uint32_t w[2] = {var, index};
  return spv_op(&e->b, SpvOpAccessChain, pt, w, 2);
}

/* ---- LDS -------------------------------------------------------------------------------
 * A workgroup array of dwords (plus a spare one, so an unaligned access's second dword is
 * always inside). A dword access at byte address A is in range when A + 4 <= the LDS size
 * (ir_interp.c's rule); it may be unaligned, spanning two dwords. Stores replace the bytes
 * they change in each dword with one atomic masked or, so lanes writing other bytes of the
 * same dwords in the same instruction do not disturb each other, and lanes writing the same
 * bytes leave one lane's value (with atomic AND then OR, two lanes' values were ORed). LDS
 * is not initialised (as on the hardware). */

/* Dword index of A (0 when out of range), the byte shift, and whether A is in range. */
static void lds_where(struct emit *e, uint32_t addr, uint32_t *idx, uint32_t *sh, uint32_t *ok) {
  uint32_t u32 = e->t_u32, bl = e->t_bool;
  uint32_t end = add64(e, to_u64(e, addr), cu64(e, 4));
  *ok = op2(e, SpvOpULessThanEqual, bl, end, cu64(e, e->lds_bytes));
  *idx = sel(e, u32, *ok, op2(e, SpvOpShiftRightLogical, u32, addr, cu32(e, 2)), cu32(e, 0));
  *sh = op2(e, SpvOpShiftLeftLogical, u32, op2(e, SpvOpBitwiseAnd, u32, addr, cu32(e, 3)),
            cu32(e, 3));
}

static uint32_t emit_load_lds(struct emit *e, uint32_t addr) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, idx, sh, ok;
  lds_where(e, addr, &idx, &sh, &ok);
  uint32_t w0 = op1(e, SpvOpLoad, u32, wg_ptr(e, e->lds_var, idx));
  uint32_t w1 =
      op1(e, SpvOpLoad, u32, wg_ptr(e, e->lds_var, op2(e, SpvOpIAdd, u32, idx, cu32(e, 1))));
  uint32_t aligned = op2(e, SpvOpIEqual, bl, sh, cu32(e, 0));
  uint32_t back =
      op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 32), sh), cu32(e, 31));
  uint32_t joined = op2(e, SpvOpBitwiseOr, u32, op2(e, SpvOpShiftRightLogical, u32, w0, sh),
                        op2(e, SpvOpShiftLeftLogical, u32, w1, back));
  e->fenced = false;
  return sel(e, u32, ok, sel(e, u32, aligned, w0, joined), cu32(e, 0));
}

/* MEM[IDX] = (MEM[IDX] & ~MASK) | (BITS & MASK) as one atomic step (the masked-or helper's
 * compare-and-swap loop, spirv_emit_atomic.c): lanes storing to the same dword in one
 * instruction leave one lane's bytes each, never a mix; mask 0 goes to the spare dword. */
static void lds_merge(struct emit *e, uint32_t idx, uint32_t mask, uint32_t bits) {
  uint32_t any = op2(e, SpvOpINotEqual, e->t_bool, mask, cu32(e, 0));
  uint32_t at = sel(e, e->t_u32, any, idx, cu32(e, e->lds_bytes / 4));
  spirv_atomic_call(e, SPIRV_ATOMIC_LDS, SPIRV_ATOMIC_MSKOR, at, mask,
                    op2(e, SpvOpBitwiseAnd, e->t_u32, bits, mask), 0);
}

static void emit_store_lds(struct emit *e, uint32_t addr, uint32_t v, uint32_t pred) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, idx, sh, ok;
  lds_where(e, addr, &idx, &sh, &ok);
  uint32_t go = op2(e, SpvOpLogicalAnd, bl, ok, pred);
  uint32_t aligned = op2(e, SpvOpIEqual, bl, sh, cu32(e, 0));
  uint32_t back =
      op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 32), sh), cu32(e, 31));
  uint32_t ones = cu32(e, ~0u), zero = cu32(e, 0);
  uint32_t m0 = sel(e, u32, go, op2(e, SpvOpShiftLeftLogical, u32, ones, sh), zero);
  uint32_t m1 = sel(e, u32, op2(e, SpvOpLogicalAnd, bl, go, op1(e, SpvOpLogicalNot, bl, aligned)),
                    op2(e, SpvOpShiftRightLogical, u32, ones, back), zero);
  uint32_t d0 = op2(e, SpvOpShiftLeftLogical, u32, v, sh);
  uint32_t d1 = op2(e, SpvOpShiftRightLogical, u32, v, back);
  write_begin(e);
  lds_merge(e, idx, m0, d0);
  lds_merge(e, op2(e, SpvOpIAdd, u32, idx, cu32(e, 1)), m1, d1);
  write_end(e);
}

/* ---- atomics ----------------------------------------------------------------------------
 * One SPIR-V atomic per lane at device (guest memory) or workgroup (LDS) scope, relaxed and
 * fenced as writes, where SPIR-V has the operation. The lanes' order is the device's: the
 * memory result of these commutative operations is the interpreter's (which applies lanes
 * in order), the pre-operation values a lane gets back may differ, as on the hardware,
 * where the order is not specified either. The others (inc/dec with their wrap, rsub,
 * float add/min/max, the float compare-and-swap, every 64-bit LDS atomic) call a helper
 * function emitted after main (spirv_emit_atomic.c), exact for any interleaving. */
static const SpvOp atomic_ops[] = {
    [IR_ATOMIC_SWAP] = SpvOpAtomicExchange, [IR_ATOMIC_ADD] = SpvOpAtomicIAdd,
    [IR_ATOMIC_SUB] = SpvOpAtomicISub,      [IR_ATOMIC_SMIN] = SpvOpAtomicSMin,
    [IR_ATOMIC_UMIN] = SpvOpAtomicUMin,     [IR_ATOMIC_SMAX] = SpvOpAtomicSMax,
    [IR_ATOMIC_UMAX] = SpvOpAtomicUMax,     [IR_ATOMIC_AND] = SpvOpAtomicAnd,
    [IR_ATOMIC_OR] = SpvOpAtomicOr,         [IR_ATOMIC_XOR] = SpvOpAtomicXor,
};
static bool native_atomic(uint32_t op) {
  return op < sizeof atomic_ops / sizeof *atomic_ops && atomic_ops[op];
}
/* the helper operation of an IR atomic immediate (cmpswap forms: imm 1 compares as floats) */
static uint32_t atomic_op_of(struct emit *e, uint64_t imm, bool cas) {
  if (cas) return imm & 1 ? SPIRV_ATOMIC_FCMPSWAP : SPIRV_ATOMIC_CMPSWAP;
  if (imm > IR_ATOMIC_RSUB) {
    unsupported(e, "atomic operation %u", (unsigned)imm);
    return SPIRV_ATOMIC_OPS;
  }
  return (uint32_t)imm;
}

/* OP (atomic_op_of) on the 32-bit value at pointer P / helper address ADDR of KIND, at
 * SCOPE, with data V and compare value C: the old value */
static uint32_t atomic32(struct emit *e, uint32_t op, enum spirv_atomic_kind kind, uint32_t p,
                         uint32_t addr, uint32_t scope, uint32_t v, uint32_t c) {
  if (op == SPIRV_ATOMIC_CMPSWAP) {
    uint32_t w[6] = {p, cu32(e, scope), cu32(e, 0), cu32(e, 0), v, c};
    return spv_op(&e->b, SpvOpAtomicCompareExchange, e->t_u32, w, 6);
  }
  if (native_atomic(op)) {
    uint32_t w[4] = {p, cu32(e, scope), cu32(e, 0), v};
    return spv_op(&e->b, atomic_ops[op], e->t_u32, w, 4);
  }
  return spirv_atomic_call(e, kind, op, addr, v, c, 0);
}
/* the new value of OP on OLD, V and C, computed in place (unaligned accesses) */
static uint32_t atomic_new(struct emit *e, uint32_t op, uint32_t t, uint32_t old, uint32_t v,
                           uint32_t c) {
  return spirv_atomic_new(e, op, t, old, v, c);
}

/* a 32-bit atomic at device address ADDR (an inactive lane's: its junk dword) */
static uint32_t emit_atomic(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c) {
  uint32_t p = op1(e, SpvOpConvertUToPtr, e->t_psb_u32, addr);
  write_begin(e);
  uint32_t r = atomic32(e, op, SPIRV_ATOMIC_GLOBAL, p, addr, SpvScopeDevice, v, c);
  write_end(e);
  return r;
}

/* for spirv_emit_image.c: a 32-bit atomic of IR atomic IMM (CAS: compare-and-swap) at
 * device address ADDR, fenced as a write */
uint32_t spirv_emit_atomic32(struct emit *e, uint64_t imm, bool cas, uint32_t addr, uint32_t v,
                             uint32_t c) {
  uint32_t op = atomic_op_of(e, imm, cas);
  if (op >= SPIRV_ATOMIC_OPS) return cu32(e, 0);
  return emit_atomic(e, op, addr, v, c ? c : cu32(e, 0));
}

/* A 64-bit atomic (atomic_op_of) at device address AT for a lane whose predicate is OK, with
 * data V and compare value C (0: none): at an 8-byte aligned address one 64-bit SPIR-V
 * atomic at device scope (Int64Atomics, requested only here) or a helper's loop on one; an
 * inactive lane's on the 8 bytes of the junk area holding its junk dword (the area and the
 * state are 8-byte aligned). At an address that is not, which the interpreter allows, the
 * lane's 8 bytes are read, combined and written back byte by byte, not atomic against
 * another lane touching them in the same instruction (as the LDS path). The old value; 0
 * for an inactive lane. */
static uint32_t atomic64_at(struct emit *e, uint32_t op, uint32_t at, uint32_t ok, uint32_t v,
                            uint32_t c) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  if (op >= SPIRV_ATOMIC_OPS) return cu64(e, 0);
  if (!c) c = cu64(e, 0);
  spv_capability(&e->b, SpvCapabilityInt64Atomics);
  uint32_t low = op2(e, SpvOpBitwiseAnd, u64, at, cu64(e, 7));
  uint32_t aligned = op2(e, SpvOpIEqual, bl, low, cu64(e, 0));
  uint32_t junk8 = op2(e, SpvOpBitwiseAnd, u64, e->junk, cu64(e, ~(uint64_t)7));
  uint32_t go_a = op2(e, SpvOpLogicalAnd, bl, ok, aligned);
  uint32_t un = op2(e, SpvOpLogicalAnd, bl, ok, op1(e, SpvOpLogicalNot, bl, aligned));
  uint32_t pt = spv_type_pointer(&e->b, SpvStorageClassPhysicalStorageBuffer, u64);
  write_begin(e);
  uint32_t da = sel(e, u64, go_a, at, junk8);
  uint32_t p = op1(e, SpvOpConvertUToPtr, pt, da), r;
  if (op == SPIRV_ATOMIC_CMPSWAP) {
    uint32_t w[6] = {p, cu32(e, SpvScopeDevice), cu32(e, 0), cu32(e, 0), v, c};
    r = spv_op(&e->b, SpvOpAtomicCompareExchange, u64, w, 6);
  } else if (native_atomic(op)) {
    uint32_t w[4] = {p, cu32(e, SpvScopeDevice), cu32(e, 0), v};
    r = spv_op(&e->b, atomic_ops[op], u64, w, 4);
  } else {
    r = spirv_atomic_call(e, SPIRV_ATOMIC_GLOBAL64, op, da, v, c, 0);
  }
  /* unaligned: read, apply, write the 8 bytes back (other lanes: their junk bytes) */
  uint32_t ua = sel(e, u64, un, at, junk8), ua4 = add64(e, ua, cu64(e, 4));
  uint32_t old =
      op2(e, SpvOpBitwiseOr, u64, to_u64(e, psb_load_bytes(e, ua, 4)),
          op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, psb_load_bytes(e, ua4, 4)), cu64(e, 32)));
  uint32_t nv = atomic_new(e, op, u64, old, v, c);
  psb_store_bytes(e, ua, op1(e, SpvOpUConvert, u32, nv), 4);
  psb_store_bytes(
      e, ua4, op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, nv, cu64(e, 32))), 4);
  write_end(e);
  return sel(e, u64, ok, sel(e, u64, aligned, r, old), cu64(e, 0));
}

/* atomic_global64 (address, data, active) and atomic_global_cmpswap64 (address, new,
 * compare, active) */
static uint32_t emit_atomic_global64(struct emit *e, const struct ir_inst *in, const uint32_t *a) {
  bool cas = in->op == IR_OP_atomic_global_cmpswap64;
  uint32_t op = atomic_op_of(e, in->imm, cas);
  uint32_t ok = a[cas ? 3 : 2], at = guest_addr(e, a[0], 8, &ok);
  return atomic64_at(e, op, at, ok, a[1], cas ? a[2] : 0);
}

/* atomic_lds / atomic_lds_cmpst (address, data or new, [compare,] active) with OP
 * (atomic_op_of): at an aligned address in range one workgroup atomic on its dword, or a
 * helper's loop on it (an inactive or outside lane's on the spare dword past the LDS, never
 * read as data); at an unaligned one (which the interpreter allows) the lane's bytes are
 * read and merged back as an LDS store does, not atomic against another lane's access to
 * the same bytes in the same instruction. The old value; 0 for an inactive lane or outside
 * the LDS. */
static uint32_t emit_atomic_lds(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                                uint32_t pred) {
  uint32_t u32 = e->t_u32, bl = e->t_bool, idx, sh, ok;
  if (op >= SPIRV_ATOMIC_OPS) return cu32(e, 0);
  if (!c) c = cu32(e, 0);
  lds_where(e, addr, &idx, &sh, &ok);
  uint32_t go = op2(e, SpvOpLogicalAnd, bl, ok, pred);
  uint32_t aligned = op2(e, SpvOpIEqual, bl, sh, cu32(e, 0));
  uint32_t spare = cu32(e, e->lds_bytes / 4);
  uint32_t at = sel(e, u32, op2(e, SpvOpLogicalAnd, bl, go, aligned), idx, spare);
  write_begin(e);
  uint32_t r =
      atomic32(e, op, SPIRV_ATOMIC_LDS, wg_ptr(e, e->lds_var, at), at, SpvScopeWorkgroup, v, c);
  /* unaligned: read, apply, merge the bytes back under the lane's predicate */
  uint32_t un = op2(e, SpvOpLogicalAnd, bl, go, op1(e, SpvOpLogicalNot, bl, aligned));
  uint32_t old = emit_load_lds(e, addr);
  emit_store_lds(e, addr, atomic_new(e, op, u32, old, v, c), un);
  write_end(e);
  return sel(e, u32, go, sel(e, u32, aligned, r, old), cu32(e, 0));
}

/* atomic_lds64 / atomic_lds_cmpst64 (address, data or new, [compare,] active): a helper
 * that takes the LDS lock (spirv_emit_atomic.c); in range when address + 8 <= the LDS size,
 * any alignment (the interpreter's rule). The old value; 0 for an inactive or outside lane. */
static uint32_t emit_atomic_lds64(struct emit *e, uint32_t op, uint32_t addr, uint32_t v,
                                  uint32_t c, uint32_t pred) {
  uint32_t bl = e->t_bool;
  if (op >= SPIRV_ATOMIC_OPS) return cu64(e, 0);
  uint32_t end = add64(e, to_u64(e, addr), cu64(e, 8));
  uint32_t ok = op2(e, SpvOpULessThanEqual, bl, end, cu64(e, e->lds_bytes));
  uint32_t go = op2(e, SpvOpLogicalAnd, bl, ok, pred);
  write_begin(e);
  uint32_t r = spirv_atomic_call(e, SPIRV_ATOMIC_LDS64, op, addr, v, c, go);
  write_end(e);
  return r;
}

/* ---- GDS -------------------------------------------------------------------------------
 * The caller maps the global data share as one more guest range at gds_addr: a GDS access
 * is a guest memory access there, in range when it ends within gds_bytes. */
static uint32_t gds_guest(struct emit *e, uint32_t a, uint32_t n, uint32_t *ok) {
  uint32_t end = add64(e, to_u64(e, a), cu64(e, n));
  uint32_t in = op2(e, SpvOpULessThanEqual, e->t_bool, end, cu64(e, e->gds_bytes));
  *ok = *ok ? op2(e, SpvOpLogicalAnd, e->t_bool, *ok, in) : in;
  return guest_addr(e, add64(e, cu64(e, e->gds_addr), to_u64(e, a)), n, ok);
}

/* ---- for the other LDS and GDS forms (spirv_emit_lds.c) --------------------------------- */

uint32_t spirv_lds_atomic(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                          uint32_t pred) {
  return emit_atomic_lds(e, op, addr, v, c, pred);
}
uint32_t spirv_lds_atomic64(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                            uint32_t pred) {
  return emit_atomic_lds64(e, op, addr, v, c, pred);
}
uint32_t spirv_gds_atomic(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                          uint32_t pred) {
  uint32_t ok = pred, at = gds_guest(e, addr, 4, &ok);
  return sel(e, e->t_u32, ok, emit_atomic(e, op, pred_addr(e, ok, at), v, c), cu32(e, 0));
}
uint32_t spirv_gds_atomic64(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                            uint32_t pred) {
  uint32_t ok = pred, at = gds_guest(e, addr, 8, &ok);
  return atomic64_at(e, op, at, ok, v, c);
}
uint32_t spirv_gds_load_bytes(struct emit *e, uint32_t addr, uint32_t n) {
  uint32_t ok = 0, at = gds_guest(e, addr, n, &ok), p = pred_addr(e, ok, at), v;
  e->fenced = false;
  if (n < 8) return sel(e, e->t_u32, ok, psb_load_bytes(e, p, n), cu32(e, 0));
  v = op2(e, SpvOpBitwiseOr, e->t_u64, to_u64(e, psb_load_bytes(e, p, 4)),
          op2(e, SpvOpShiftLeftLogical, e->t_u64,
              to_u64(e, psb_load_bytes(e, add64(e, p, cu64(e, 4)), 4)), cu32(e, 32)));
  return sel(e, e->t_u64, ok, v, cu64(e, 0));
}
void spirv_gds_store_bytes(struct emit *e, uint32_t addr, uint32_t v, uint32_t n, uint32_t pred) {
  uint32_t ok = pred, at = gds_guest(e, addr, n, &ok);
  uint32_t to = pred_addr(e, ok, at);
  write_begin(e);
  psb_store_bytes(e, to, v, n);
  write_end(e);
}

/* ---- operations --------------------------------------------------------------------- */

#define SUPPORTED_OPS(X)                                                                           \
  X(const)                                                                                         \
  X(undef)                                                                                         \
  X(phi)                                                                                           \
  X(code_base)                                                                                     \
  X(entry_reg)                                                                                     \
  X(copy) X(select) X(lane_id) X(lane_bit) X(ballot) X(read_first_lane) X(read_lane)               \
      X(lane_scatter) X(write_lane) X(wave_id) X(u16_of) X(u32_of_u16) X(pack_half) X(ffloor) X(   \
          fceil) X(ftrunc) X(frint) X(ffract) X(fsat) X(fflush) X(fclass) X(load_buffer_const)     \
          X(load_lds) X(store_lds) X(atomic_lds) X(atomic_lds_cmpst) X(atomic_lds64) X(            \
              atomic_lds_cmpst64) X(atomic_buffer64) X(atomic_buffer_cmpswap64)                    \
              X(atomic_global_cmpswap) X(atomic_global64) X(atomic_global_cmpswap64) X(            \
                  atomic_buffer_cmpswap) X(atomic_buffer) X(atomic_global) X(load_buffer_sub)      \
                  X(store_buffer_sub) X(load_global_sub) X(store_global_sub) X(bitcast_f32) X(     \
                      bitcast_u32) X(pack_u64) X(lo_u32) X(hi_u32) X(u1_to_u32) X(vec4_u32)        \
                      X(vec4_f32) X(extract_u32) X(extract_f32) X(iadd) X(isub) X(imul) X(umul_hi) \
                          X(smul_hi) X(iand) X(ior) X(ixor) X(inot) X(shl) X(lshr) X(ashr) X(umin) \
                              X(umax) X(smin) X(smax) X(ubfe) X(sbfe) X(bitcount) X(find_lsb)      \
                                  X(find_umsb) X(bitreverse) X(ieq) X(ine) X(ult) X(ule) X(slt)    \
                                      X(sle) X(iadd64) X(iand64) X(ior64) X(ixor64) X(inot64) X(   \
                                          shl64) X(lshr64) X(ieq64) X(ine64) X(bitcount64) X(band) \
                                          X(bor) X(bxor) X(bnot) X(fadd) X(fsub) X(fmul) X(fmin)   \
                                              X(fmax) X(                                           \
                                                  fneg) X(fabs) X(fcmp)                            \
                                                  X(cvt_f32_u32) X(cvt_f32_i32) X(cvt_u32_f32)     \
                                                      X(cvt_i32_f32) X(load_const) X(load_buffer)  \
                                                          X(store_buffer)                          \
                                                              X(buffer_offset) X(load_global) X(   \
                                                                  store_global) X(load_global_if)  \
                                                                  X(load_global_sub_if) X(barrier) \
                                                                      X(wait_counters) X(observe) X(bad_jump)  \
                                                                          X(br) X(cbr) X(ret)      \
                                                                              X(unreachable)

bool spirv_emit_supports(enum ir_op op) {
  switch (op) {
#define CASE_(o) case IR_OP_##o:
    SUPPORTED_OPS(CASE_)
#undef CASE_
    return true;
    default:
      return spirv_emit_float_supports(op) || spirv_emit_scratch_supports(op) ||
             spirv_div_supports(op) || spirv_format_supports(op) || spirv_lds_supports(op) ||
             spirv_emit_image_supports(op);
  }
}

uint32_t spirv_emit_fcmp(struct emit *e, uint32_t pred, uint32_t a, uint32_t b) {
  static const SpvOp ops[16] = {
      [IR_FCMP_OLT] = SpvOpFOrdLessThan,        [IR_FCMP_OEQ] = SpvOpFOrdEqual,
      [IR_FCMP_OLE] = SpvOpFOrdLessThanEqual,   [IR_FCMP_OGT] = SpvOpFOrdGreaterThan,
      [IR_FCMP_ONE] = SpvOpFOrdNotEqual,        [IR_FCMP_OGE] = SpvOpFOrdGreaterThanEqual,
      [IR_FCMP_ULT] = SpvOpFUnordLessThan,      [IR_FCMP_UEQ] = SpvOpFUnordEqual,
      [IR_FCMP_ULE] = SpvOpFUnordLessThanEqual, [IR_FCMP_UGT] = SpvOpFUnordGreaterThan,
      [IR_FCMP_UNE] = SpvOpFUnordNotEqual,      [IR_FCMP_UGE] = SpvOpFUnordGreaterThanEqual,
  };
  uint32_t bl = e->t_bool;
  switch (pred & 15) {
    case IR_FCMP_FALSE: return spv_const_bool(&e->b, false);
    case IR_FCMP_TRUE: return spv_const_bool(&e->b, true);
    case IR_FCMP_ORD:
    case IR_FCMP_UNO: {
      uint32_t n = op2(e, SpvOpLogicalOr, bl, op1(e, SpvOpIsNan, bl, a), op1(e, SpvOpIsNan, bl, b));
      return (pred & 15) == IR_FCMP_UNO ? n : op1(e, SpvOpLogicalNot, bl, n);
    }
    default: return op2(e, ops[pred & 15], bl, a, b);
  }
}

/* float -> u32/i32, saturating, NaN -> 0 (ir_opt.c's u32_of_f32_sat) */
static uint32_t cvt_f2i(struct emit *e, uint32_t f, bool is_signed) {
  uint32_t bl = e->t_bool, u32 = e->t_u32;
  float lo = is_signed ? -2147483648.0f : 0.0f, hi = is_signed ? 2147483647.0f : 4294967295.0f;
  uint32_t nan = op1(e, SpvOpIsNan, bl, f);
  uint32_t below = op2(e, SpvOpFOrdLessThanEqual, bl, f, cf32(e, lo));
  uint32_t above = op2(e, SpvOpFOrdGreaterThanEqual, bl, f, cf32(e, hi));
  uint32_t out = op2(e, SpvOpLogicalOr, bl, op2(e, SpvOpLogicalOr, bl, nan, below), above);
  uint32_t safe = sel(e, e->t_f32, out, cf32(e, 0.0f), f);
  uint32_t v = op1(e, is_signed ? SpvOpConvertFToS : SpvOpConvertFToU, u32, safe);
  v = sel(e, u32, below, cu32(e, is_signed ? 0x80000000u : 0), v);
  v = sel(e, u32, above, cu32(e, is_signed ? 0x7fffffffu : 0xffffffffu), v);
  return sel(e, u32, nan, cu32(e, 0), v);
}

/* A boolean specialization constant (default false) with its OpString "prospero.NAME <wave
 * size>" for the dispatch, declared on first use */
static uint32_t spec_flag(struct emit *e, uint32_t *id, uint32_t spec_id, const char *name) {
  if (!*id) {
    char text[48];
    snprintf(text, sizeof text, "prospero.%s %u", name, e->fn->wave_size);
    spv_string(&e->b, text);
    *id = spv_id(&e->b);
    uint32_t w[2] = {e->t_bool, *id};
    spv_inst(&e->b, SPV_SEC_GLOBAL, SpvOpSpecConstantFalse, w, 2);
    spv_decorate(&e->b, *id, SpvDecorationSpecId, &spec_id, 1);
    spv_name(&e->b, *id, name);
  }
  return *id;
}
static uint32_t exec_full(struct emit *e) {
  return spec_flag(e, &e->exec_full_spec, SPIRV_SPEC_EXEC_FULL, "exec_full");
}
static bool is_entry_exec(const struct ir_function *fn, uint32_t v) {
  for (uint32_t hops = 0; v < fn->inst_count && fn->insts[v].op == IR_OP_copy && hops < 64; hops++)
    v = ir_inst_args(fn, v)[0];
  return v < fn->inst_count && fn->insts[v].op == IR_OP_entry_reg &&
         fn->insts[v].imm == IR_REG_EXEC;
}

static void emit_entry_reg(struct emit *e, uint32_t id, uint32_t reg) {
  uint32_t v;
  if (reg == IR_REG_VCC || reg == IR_REG_EXEC) {
    uint32_t at = reg == IR_REG_VCC ? SPIRV_STATE_VCC : SPIRV_STATE_EXEC;
    uint32_t lo = state_word(e, cu32(e, at)), hi = state_word(e, cu32(e, at + 1));
    v = op2(e, SpvOpBitwiseOr, e->t_u64, to_u64(e, lo),
            op2(e, SpvOpShiftLeftLogical, e->t_u64, to_u64(e, hi), cu32(e, 32)));
    if (reg == IR_REG_EXEC) /* all lanes (SPIRV_SPEC_EXEC_FULL): a constant */
      v = sel(e, e->t_u64, exec_full(e), cu64(e, e->fn->wave_size == 64 ? ~0ull : 0xffffffffull),
              v);
  } else if (reg == IR_REG_SCC) {
    v = op2(e, SpvOpINotEqual, e->t_bool, state_word(e, cu32(e, SPIRV_STATE_SCC)), cu32(e, 0));
  } else if (reg == IR_REG_M0) {
    v = state_word(e, cu32(e, SPIRV_STATE_M0));
  } else if (reg >= IR_REG_SGPR0 && reg < IR_REG_VGPR0) {
    uint32_t dim = 3;
    for (uint32_t d = 0; d < 3; d++)
      if (e->tgid_sgpr[d] && e->tgid_sgpr[d] - 1 == reg - IR_REG_SGPR0) dim = d;
    if (spirv_scratch_offset(e, reg - IR_REG_SGPR0, &v)) {
      /* the scratch wave offset: the state's value plus the group's slot (spirv_emit_scratch.c) */
    } else if (dim < 3) { /* WorkgroupId plus the state's value: the base of a split grid */
      uint32_t w[2] = {op1(e, SpvOpLoad, spv_type_vector(&e->b, e->t_u32, 3), e->group_var), dim};
      v = op2(e, SpvOpIAdd, e->t_u32, spv_op(&e->b, SpvOpCompositeExtract, e->t_u32, w, 2),
              state_word(e, cu32(e, SPIRV_STATE_SGPR + reg - IR_REG_SGPR0)));
    } else {
      v = state_word(e, cu32(e, SPIRV_STATE_SGPR + reg - IR_REG_SGPR0));
    }
  } else if (reg >= IR_REG_VGPR0 && reg < IR_REG_COUNT) {
    uint32_t i =
        op2(e, SpvOpIAdd, e->t_u32, cu32(e, SPIRV_STATE_VGPR + (reg - IR_REG_VGPR0) * 64), e->lane);
    /* a VGPR without a start value: 0, as the state holds, without a load per lane */
    v = e->entry_vgprs && reg - IR_REG_VGPR0 >= e->entry_vgprs ? cu32(e, 0) : state_word(e, i);
    if (e->entry_vgprs && reg == IR_REG_VGPR0) { /* linear thread ids: computed, no load */
      uint32_t tid = op2(e, SpvOpIAdd, e->t_u32,
                         op2(e, SpvOpIMul, e->t_u32, e->wave, cu32(e, e->fn->wave_size)), e->lane);
      v = sel(e, e->t_u32, spec_flag(e, &e->tid_linear_spec, SPIRV_SPEC_TID_LINEAR, "tid_linear"),
              tid, v);
    }
  } else {
    unsupported(e, "entry_reg of register %u", reg);
    return;
  }
  uint32_t t = type_of(e, (enum ir_type)e->fn->insts[id].type);
  def(e, SpvOpCopyObject, t, e->val[id], &v, 1);
}

/* Emits instruction ID (not a phi, not a terminator) into the current block. */
static void emit_inst_body(struct emit *e, uint32_t id, const uint32_t *flushed);

/* value V of IR type T (f32, f16 bits in a u32, f64) with a denormal made a zero of its
 * sign (the float mode's denormal fields) */
static uint32_t flush_value(struct emit *e, enum ir_type t, uint32_t v) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  if (t == IR_TYPE_F64) {
    uint32_t u = op1(e, SpvOpBitcast, u64, v);
    uint32_t den = op2(e, SpvOpIEqual, bl,
                       op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, 0x7ff0000000000000ull)), cu64(e, 0));
    return op1(e, SpvOpBitcast, spv_type_float(&e->b, 64),
               sel(e, u64, den, op2(e, SpvOpBitwiseAnd, u64, u, cu64(e, 1ull << 63)), u));
  }
  uint32_t exp_mask = t == IR_TYPE_F16 ? 0x7c00u : 0x7f800000u;
  uint32_t sign = t == IR_TYPE_F16 ? 0x8000u : 0x80000000u;
  uint32_t u = t == IR_TYPE_F16 ? v : op1(e, SpvOpBitcast, u32, v);
  uint32_t den =
      op2(e, SpvOpIEqual, bl, op2(e, SpvOpBitwiseAnd, u32, u, cu32(e, exp_mask)), cu32(e, 0));
  uint32_t r = sel(e, u32, den, op2(e, SpvOpBitwiseAnd, u32, u, cu32(e, sign)), u);
  return t == IR_TYPE_F16 ? r : op1(e, SpvOpBitcast, e->t_f32, r);
}

/* One instruction, in its float mode's denormal fields (ir_mode.h): its f32, f16 and f64
 * operands and/or result flushed where the mode says so. */
static void emit_inst(struct emit *e, uint32_t id) {
  const struct ir_function *fn = e->fn;
  const struct ir_inst *in = &fn->insts[id];
  const struct ir_op_info *info = &ir_op_infos[in->op];
  uint32_t mode = IR_MODE_VALUE(e->modes[id]);
  if ((mode & 0xf0u) == 0xf0u) { /* denormals kept at every width: nothing to flush */
    emit_inst_body(e, id, NULL);
    return;
  }
  enum ir_op op = (enum ir_op)in->op;
  bool any = false;
  unsigned fin[8] = {0};
  for (uint32_t i = 0; i < in->arg_count && i < 8; i++) {
    fin[i] = ir_float_mode_flush(mode, op, (enum ir_type)info->args[i]) & IR_FLUSH_IN;
    any |= fin[i] != 0;
  }
  bool out = (ir_float_mode_flush(mode, op, (enum ir_type)in->type) & IR_FLUSH_OUT) &&
             (in->type == IR_TYPE_F32 || in->type == IR_TYPE_F16 || in->type == IR_TYPE_F64);
  if (!any && !out) {
    emit_inst_body(e, id, NULL);
    return;
  }
  const uint32_t *args = ir_inst_args(fn, id);
  uint32_t a[8] = {0};
  for (uint32_t i = 0; i < in->arg_count && i < 8; i++) {
    a[i] = args[i] < fn->inst_count ? e->val[args[i]] : 0;
    if (fin[i] && a[i]) a[i] = flush_value(e, (enum ir_type)info->args[i], a[i]);
  }
  uint32_t final = e->val[id];
  if (out) e->val[id] = spv_id(&e->b);
  emit_inst_body(e, id, a);
  if (out) {
    uint32_t v = flush_value(e, (enum ir_type)in->type, e->val[id]);
    e->val[id] = final;
    def(e, SpvOpCopyObject, type_of(e, (enum ir_type)in->type), final, &v, 1);
  }
}

static void emit_inst_body(struct emit *e, uint32_t id, const uint32_t *flushed) {
  const struct ir_function *fn = e->fn;
  const struct ir_inst *in = &fn->insts[id];
  const uint32_t *args = ir_inst_args(fn, id);
  uint32_t a[8] = {0};
  for (uint32_t i = 0; i < in->arg_count && i < 8; i++)
    a[i] = args[i] < fn->inst_count ? e->val[args[i]] : 0;
  if (flushed) memcpy(a, flushed, sizeof a);
  uint32_t t = in->type == IR_TYPE_VOID ? 0 : type_of(e, (enum ir_type)in->type);
  uint32_t r = e->val[id], u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool, f32 = e->t_f32;
  uint32_t v = 0; /* a computed value, copied to R at the end */
  SpvOp simple = SpvOpNop;
  if ((e->modes[id] & 0xf) && spirv_emit_round(e, id, a)) return; /* directed rounding */
  switch ((enum ir_op)in->op) {
    case IR_OP_const:
    case IR_OP_copy: return; /* mapped in advance */
    case IR_OP_undef: def(e, SpvOpUndef, t, r, NULL, 0); return;
    case IR_OP_entry_reg: emit_entry_reg(e, id, (uint32_t)in->imm); return;
    case IR_OP_select: simple = SpvOpSelect; break;
    case IR_OP_lane_id: v = e->lane; break;
    case IR_OP_wave_id: v = e->wave; break; /* s_get_waveid_in_workgroup */
    case IR_OP_code_base: /* the wave state's code address (lo, hi) */
      v = op2(e, SpvOpBitwiseOr, u64, to_u64(e, state_word(e, cu32(e, SPIRV_STATE_CODE_BASE))),
              op2(e, SpvOpShiftLeftLogical, u64,
                  to_u64(e, state_word(e, cu32(e, SPIRV_STATE_CODE_BASE + 1))), cu64(e, 32)));
      break;
    case IR_OP_lane_bit:
      v = op2(e, SpvOpINotEqual, bl,
              op2(e, SpvOpBitwiseAnd, u64, op2(e, SpvOpShiftRightLogical, u64, a[0], e->lane),
                  cu64(e, 1)),
              cu64(e, 0));
      if (is_entry_exec(fn, args[0])) /* every lane is in the entry EXEC when it is full */
        v = sel(e, bl, exec_full(e), spv_const_bool(&e->b, true), v);
      break;
    case IR_OP_ballot: v = spirv_emit_ballot(e, a[0]); break;
    case IR_OP_read_first_lane: v = spirv_emit_read_first_lane(e, a[0], a[1]); break;
    case IR_OP_read_lane: v = spirv_emit_read_lane(e, a[0], a[1]); break;
    case IR_OP_lane_scatter: v = spirv_emit_lane_scatter(e, a[0], a[1], a[2]); break;
    /* 16-bit integers live zero-extended in 32-bit values (no Int16 needed) */
    case IR_OP_u16_of:
      v = in->imm ? op2(e, SpvOpShiftRightLogical, u32, a[0], cu32(e, 16))
                  : op2(e, SpvOpBitwiseAnd, u32, a[0], cu32(e, 0xffff));
      break;
    case IR_OP_u32_of_u16: v = op2(e, SpvOpBitwiseAnd, u32, a[0], cu32(e, 0xffff)); break;
    case IR_OP_pack_half:
      v = op2(e, SpvOpBitwiseOr, u32, op2(e, SpvOpBitwiseAnd, u32, a[0], cu32(e, 0xffff)),
              op2(e, SpvOpShiftLeftLogical, u32, a[1], cu32(e, 16)));
      break;
    case IR_OP_write_lane: { /* lane (a2 mod wave) takes the value */
      uint32_t lane = op2(e, SpvOpUMod, u32, a[2], cu32(e, fn->wave_size));
      v = sel(e, u32, op2(e, SpvOpIEqual, bl, lane, e->lane), a[1], a[0]);
      break;
    }
    case IR_OP_bitcast_f32:
    case IR_OP_bitcast_u32: simple = SpvOpBitcast; break;
    case IR_OP_pack_u64:
      v = op2(e, SpvOpBitwiseOr, u64, to_u64(e, a[0]),
              op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, a[1]), cu32(e, 32)));
      break;
    case IR_OP_lo_u32: simple = SpvOpUConvert; break;
    case IR_OP_hi_u32:
      v = op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, a[0], cu32(e, 32)));
      break;
    case IR_OP_u1_to_u32: v = sel(e, u32, a[0], cu32(e, 1), cu32(e, 0)); break;
    case IR_OP_vec4_u32:
    case IR_OP_vec4_f32: simple = SpvOpCompositeConstruct; break;
    case IR_OP_extract_u32:
    case IR_OP_extract_f32: {
      uint32_t w[2] = {a[0], (uint32_t)in->imm & 3};
      def(e, SpvOpCompositeExtract, t, r, w, 2);
      return;
    }
    case IR_OP_iadd: simple = SpvOpIAdd; break;
    case IR_OP_isub: simple = SpvOpISub; break;
    case IR_OP_imul: simple = SpvOpIMul; break;
    case IR_OP_umul_hi:
    case IR_OP_smul_hi: {
      if (!e->t_mulext) { /* one struct type for both */
        uint32_t m[2] = {u32, u32};
        e->t_mulext = spv_type_struct(&e->b, m, 2);
      }
      uint32_t st = e->t_mulext;
      uint32_t x =
          op2(e, in->op == IR_OP_umul_hi ? SpvOpUMulExtended : SpvOpSMulExtended, st, a[0], a[1]);
      uint32_t w[2] = {x, 1};
      v = spv_op(&e->b, SpvOpCompositeExtract, u32, w, 2);
      break;
    }
    case IR_OP_iand: simple = SpvOpBitwiseAnd; break;
    case IR_OP_ior: simple = SpvOpBitwiseOr; break;
    case IR_OP_ixor: simple = SpvOpBitwiseXor; break;
    case IR_OP_inot: simple = SpvOpNot; break;
    case IR_OP_shl:
    case IR_OP_lshr:
    case IR_OP_ashr: { /* the count is taken mod 32 (SPIR-V leaves >= 32 undefined) */
      SpvOp o = in->op == IR_OP_shl    ? SpvOpShiftLeftLogical
                : in->op == IR_OP_lshr ? SpvOpShiftRightLogical
                                       : SpvOpShiftRightArithmetic;
      v = op2(e, o, u32, a[0], op2(e, SpvOpBitwiseAnd, u32, a[1], cu32(e, 31)));
      break;
    }
    case IR_OP_umin: v = sel(e, u32, op2(e, SpvOpULessThan, bl, a[0], a[1]), a[0], a[1]); break;
    case IR_OP_umax: v = sel(e, u32, op2(e, SpvOpUGreaterThan, bl, a[0], a[1]), a[0], a[1]); break;
    case IR_OP_smin: v = sel(e, u32, op2(e, SpvOpSLessThan, bl, a[0], a[1]), a[0], a[1]); break;
    case IR_OP_smax: v = sel(e, u32, op2(e, SpvOpSGreaterThan, bl, a[0], a[1]), a[0], a[1]); break;
    case IR_OP_ubfe:
    case IR_OP_sbfe: { /* (a >> (b & 31)) & ((1 << (c & 31)) - 1), sign-extended for sbfe */
      uint32_t w = op2(e, SpvOpBitwiseAnd, u32, a[2], cu32(e, 31));
      uint32_t s = op2(e, SpvOpShiftRightLogical, u32, a[0],
                       op2(e, SpvOpBitwiseAnd, u32, a[1], cu32(e, 31)));
      uint32_t mask =
          op2(e, SpvOpISub, u32, op2(e, SpvOpShiftLeftLogical, u32, cu32(e, 1), w), cu32(e, 1));
      v = op2(e, SpvOpBitwiseAnd, u32, s, mask);
      if (in->op == IR_OP_sbfe) { /* width 0 gives 0 whatever the shift */
        uint32_t k =
            op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpISub, u32, cu32(e, 32), w), cu32(e, 31));
        v = op2(e, SpvOpShiftRightArithmetic, u32, op2(e, SpvOpShiftLeftLogical, u32, v, k), k);
      }
      break;
    }
    case IR_OP_bitcount: simple = SpvOpBitCount; break;
    case IR_OP_find_lsb: v = glsl(e, u32, GLSL_FIND_ILSB, a[0], 0, 1); break;
    case IR_OP_find_umsb: /* from the top: 31 - msb, ~0 for 0 */
      v = sel(e, u32, op2(e, SpvOpIEqual, bl, a[0], cu32(e, 0)), cu32(e, ~0u),
              op2(e, SpvOpISub, u32, cu32(e, 31), glsl(e, u32, GLSL_FIND_UMSB, a[0], 0, 1)));
      break;
    case IR_OP_bitreverse: simple = SpvOpBitReverse; break;
    case IR_OP_ieq:
    case IR_OP_ieq64: simple = SpvOpIEqual; break;
    case IR_OP_ine:
    case IR_OP_ine64: simple = SpvOpINotEqual; break;
    case IR_OP_ult: simple = SpvOpULessThan; break;
    case IR_OP_ule: simple = SpvOpULessThanEqual; break;
    case IR_OP_slt: simple = SpvOpSLessThan; break;
    case IR_OP_sle: simple = SpvOpSLessThanEqual; break;
    case IR_OP_iadd64: simple = SpvOpIAdd; break;
    case IR_OP_iand64: simple = SpvOpBitwiseAnd; break;
    case IR_OP_ior64: simple = SpvOpBitwiseOr; break;
    case IR_OP_ixor64: simple = SpvOpBitwiseXor; break;
    case IR_OP_inot64: simple = SpvOpNot; break;
    case IR_OP_shl64:
    case IR_OP_lshr64:
      v = op2(e, in->op == IR_OP_shl64 ? SpvOpShiftLeftLogical : SpvOpShiftRightLogical, u64, a[0],
              op2(e, SpvOpBitwiseAnd, u32, a[1], cu32(e, 63)));
      break;
    case IR_OP_bitcount64: /* Vulkan: OpBitCount on 32-bit operands only */
      v = op2(
          e, SpvOpIAdd, u32, op1(e, SpvOpBitCount, u32, op1(e, SpvOpUConvert, u32, a[0])),
          op1(e, SpvOpBitCount, u32,
              op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, a[0], cu32(e, 32)))));
      break;
    case IR_OP_band: simple = SpvOpLogicalAnd; break;
    case IR_OP_bor: simple = SpvOpLogicalOr; break;
    case IR_OP_bxor: simple = SpvOpLogicalNotEqual; break;
    case IR_OP_bnot: simple = SpvOpLogicalNot; break;
    case IR_OP_fadd:
      simple = SpvOpFAdd;
      e->float_used = true;
      break;
    case IR_OP_fsub:
      simple = SpvOpFSub;
      e->float_used = true;
      break;
    case IR_OP_fmul:
      simple = SpvOpFMul;
      e->float_used = true;
      break;
    case IR_OP_fmin:
    case IR_OP_fmax: /* the non-NaN operand when one is NaN (fminf/fmaxf) */
      e->float_used = true;
      v = glsl(e, f32, in->op == IR_OP_fmin ? GLSL_NMIN : GLSL_NMAX, a[0], a[1], 2);
      break;
    case IR_OP_fneg:
    case IR_OP_fabs: { /* on the bits: exact for NaNs too */
      uint32_t bits = op1(e, SpvOpBitcast, u32, a[0]);
      bits = in->op == IR_OP_fneg ? op2(e, SpvOpBitwiseXor, u32, bits, cu32(e, 0x80000000u))
                                  : op2(e, SpvOpBitwiseAnd, u32, bits, cu32(e, 0x7fffffffu));
      v = op1(e, SpvOpBitcast, f32, bits);
      break;
    }
    case IR_OP_ffloor:
    case IR_OP_fceil:
    case IR_OP_ftrunc:
    case IR_OP_frint: { /* exact in IEEE arithmetic */
      e->float_used = true;
      uint32_t f = in->op == IR_OP_ffloor   ? GLSLstd450Floor
                   : in->op == IR_OP_fceil  ? GLSLstd450Ceil
                   : in->op == IR_OP_ftrunc ? GLSLstd450Trunc
                                            : GLSLstd450RoundEven;
      v = glsl(e, f32, f, a[0], 0, 1);
      break;
    }
    case IR_OP_fsat: { /* clamp to [0, 1]; NaN -> +0, -0 stays (ir_opt.c) */
      e->float_used = true;
      uint32_t low = op2(e, SpvOpFUnordLessThan, bl, a[0], cf32(e, 0.0f));
      uint32_t gt1 = op2(e, SpvOpFOrdGreaterThan, bl, a[0], cf32(e, 1.0f));
      v = sel(e, f32, gt1, cf32(e, 1.0f), sel(e, f32, low, cf32(e, 0.0f), a[0]));
      break;
    }
    case IR_OP_fflush: { /* a denormal becomes the zero of its sign (on the bits) */
      uint32_t bits = op1(e, SpvOpBitcast, u32, a[0]);
      uint32_t denorm = op2(e, SpvOpIEqual, bl,
                            op2(e, SpvOpBitwiseAnd, u32, bits, cu32(e, 0x7f800000u)), cu32(e, 0));
      v = op1(e, SpvOpBitcast, f32,
              sel(e, u32, denorm, op2(e, SpvOpBitwiseAnd, u32, bits, cu32(e, 0x80000000u)), bits));
      break;
    }
    case IR_OP_fclass: { /* the class's bit of the mask, classified on the bits */
      uint32_t bits = op1(e, SpvOpBitcast, u32, a[0]);
      uint32_t ex = bits32(e, bits, 23, 8), man = bits32(e, bits, 0, 23);
      uint32_t neg = op2(e, SpvOpINotEqual, bl, bits32(e, bits, 31, 1), cu32(e, 0));
      uint32_t man0 = op2(e, SpvOpIEqual, bl, man, cu32(e, 0));
      uint32_t quiet = op2(e, SpvOpINotEqual, bl, bits32(e, bits, 22, 1), cu32(e, 0));
      uint32_t special = sel(e, u32, man0, sel(e, u32, neg, cu32(e, 2), cu32(e, 9)),
                             sel(e, u32, quiet, cu32(e, 1), cu32(e, 0)));
      uint32_t small = sel(e, u32, man0, sel(e, u32, neg, cu32(e, 5), cu32(e, 6)),
                           sel(e, u32, neg, cu32(e, 4), cu32(e, 7)));
      uint32_t normal = sel(e, u32, neg, cu32(e, 3), cu32(e, 8));
      uint32_t bit = sel(e, u32, op2(e, SpvOpIEqual, bl, ex, cu32(e, 255)), special,
                         sel(e, u32, op2(e, SpvOpIEqual, bl, ex, cu32(e, 0)), small, normal));
      v = op2(
          e, SpvOpINotEqual, bl,
          op2(e, SpvOpBitwiseAnd, u32, op2(e, SpvOpShiftRightLogical, u32, a[1], bit), cu32(e, 1)),
          cu32(e, 0));
      break;
    }
    case IR_OP_load_buffer_const: { /* s_buffer_load: (offset & ~3) < max(stride, 1) * records */
      uint32_t d[4];
      for (uint32_t k = 0; k < 4; k++) {
        uint32_t w[2] = {a[0], k};
        d[k] = spv_op(&e->b, SpvOpCompositeExtract, u32, w, 2);
      }
      uint32_t base =
          op2(e, SpvOpBitwiseOr, u64, to_u64(e, d[0]),
              op2(e, SpvOpShiftLeftLogical, u64, to_u64(e, bits32(e, d[1], 0, 16)), cu32(e, 32)));
      uint32_t stride = bits32(e, d[1], 16, 14);
      stride = sel(e, u32, op2(e, SpvOpIEqual, bl, stride, cu32(e, 0)), cu32(e, 1), stride);
      uint32_t off = op2(e, SpvOpBitwiseAnd, u32, a[1], cu32(e, ~3u));
      uint32_t size = op2(e, SpvOpIMul, u64, to_u64(e, stride), to_u64(e, d[2]));
      uint32_t ok = op2(e, SpvOpULessThan, bl, to_u64(e, off), size);
      uint32_t at = guest_addr(e, add64(e, base, to_u64(e, off)), 4, &ok);
      v = pred_load(e, ok, at);
      e->fenced = false;
      break;
    }
    case IR_OP_fcmp:
      e->float_used = true;
      v = spirv_emit_fcmp(e, (uint32_t)in->imm, a[0], a[1]);
      break;
    case IR_OP_cvt_f32_u32:
      simple = SpvOpConvertUToF;
      e->float_used = true;
      break;
    case IR_OP_cvt_f32_i32:
      simple = SpvOpConvertSToF;
      e->float_used = true;
      break;
    case IR_OP_cvt_u32_f32:
    case IR_OP_cvt_i32_f32:
      e->float_used = true;
      v = cvt_f2i(e, a[0], in->op == IR_OP_cvt_i32_f32);
      break;
    case IR_OP_buffer_offset: simple = SpvOpIAdd; break;
    case IR_OP_load_const: /* (address + offset) & ~3, once per lane, uniform */
    {
      uint32_t ok = 0,
               at = guest_addr(
                   e, op2(e, SpvOpBitwiseAnd, u64, add64(e, a[0], to_u64(e, a[1])), cu64(e, ~3ull)),
                   4, &ok);
      v = pred_load(e, ok, at);
    }
      e->fenced = false;
      break;
    case IR_OP_load_global:
      /* no lane predicate in the IR: every lane reads (docs/shader-spirv.md) */
      {
        uint32_t ok = 0, at = guest_addr(e, a[0], 4, &ok);
        v = pred_load(e, ok, at);
        e->fenced = false;
      }
      break;
    case IR_OP_load_global_if: /* a lane whose predicate is off reads its junk dword: 0 */
    {
      uint32_t ok = a[1], at = guest_addr(e, a[0], 4, &ok);
      v = pred_load(e, ok, at);
    }
      e->fenced = false;
      break;
    case IR_OP_load_global_sub_if: { /* imm = bytes (1 or 2) */
      uint32_t n = (uint32_t)in->imm;
      if (n != 1 && n != 2) {
        unsupported(e, "%s of %u bytes", ir_op_infos[in->op].name, n);
        return;
      }
      uint32_t ok = a[1], at = guest_addr(e, a[0], n, &ok);
      v = sel(e, e->t_u32, ok, psb_load_bytes(e, pred_addr(e, ok, at), n), cu32(e, 0));
      e->fenced = false;
      break;
    }
    case IR_OP_store_global: {
      uint32_t ok = a[2], at = guest_addr(e, a[0], 4, &ok);
      uint32_t addr = pred_addr(e, ok, at);
      write_begin(e);
      psb_store(e, addr, a[1]);
      write_end(e);
      return;
    }
    case IR_OP_load_buffer:
    case IR_OP_store_buffer: {
      uint32_t ok, addr;
      buffer_access(e, args, 4, &ok, &addr);
      uint32_t go = op2(e, SpvOpLogicalAnd, bl, a[in->arg_count - 1], ok);
      addr = guest_addr(e, addr, 4, &go);
      if (in->op == IR_OP_store_buffer) {
        addr = pred_addr(e, go, addr);
        write_begin(e);
        psb_store(e, addr, a[3]);
        write_end(e);
        return;
      }
      v = pred_load(e, go, addr);
      e->fenced = false;
      break;
    }
    case IR_OP_load_buffer_sub:
    case IR_OP_store_buffer_sub: { /* imm = bytes (1 or 2) */
      uint32_t n = (uint32_t)in->imm, ok, addr;
      if (n != 1 && n != 2) {
        unsupported(e, "%s of %u bytes", ir_op_infos[in->op].name, n);
        return;
      }
      buffer_access(e, args, n, &ok, &addr);
      uint32_t go = op2(e, SpvOpLogicalAnd, bl, a[in->arg_count - 1], ok);
      addr = guest_addr(e, addr, n, &go);
      addr = pred_addr(e, go, addr);
      if (in->op == IR_OP_store_buffer_sub) {
        write_begin(e);
        psb_store_bytes(e, addr, a[3], n);
        write_end(e);
        return;
      }
      v = sel(e, u32, go, psb_load_bytes(e, addr, n), cu32(e, 0));
      e->fenced = false;
      break;
    }
    case IR_OP_load_global_sub:
    case IR_OP_store_global_sub: { /* imm = bytes (1 or 2); loads have no lane predicate */
      uint32_t n = (uint32_t)in->imm;
      if (n != 1 && n != 2) {
        unsupported(e, "%s of %u bytes", ir_op_infos[in->op].name, n);
        return;
      }
      if (in->op == IR_OP_store_global_sub) {
        uint32_t ok = a[2], at = guest_addr(e, a[0], n, &ok);
        uint32_t addr = pred_addr(e, ok, at);
        write_begin(e);
        psb_store_bytes(e, addr, a[1], n);
        write_end(e);
        return;
      }
      uint32_t ok = 0, at = guest_addr(e, a[0], n, &ok);
      v = sel(e, u32, ok, psb_load_bytes(e, pred_addr(e, ok, at), n), cu32(e, 0));
      e->fenced = false;
      break;
    }
    case IR_OP_atomic_buffer:           /* V#, index, offset, data, active; one 4-byte access */
    case IR_OP_atomic_buffer_cmpswap: { /* V#, index, offset, new, compare, active */
      bool cas = in->op == IR_OP_atomic_buffer_cmpswap;
      uint32_t ok, addr;
      buffer_access(e, args, 4, &ok, &addr);
      uint32_t go = op2(e, SpvOpLogicalAnd, bl, a[cas ? 5 : 4], ok);
      addr = guest_addr(e, addr, 4, &go);
      uint32_t op = atomic_op_of(e, in->imm, cas);
      v = sel(e, u32, go, emit_atomic(e, op, pred_addr(e, go, addr), a[3], cas ? a[4] : 0),
              cu32(e, 0));
      break;
    }
    case IR_OP_atomic_buffer64:           /* V#, index, offset, data, active; one 8-byte access */
    case IR_OP_atomic_buffer_cmpswap64: { /* V#, index, offset, new, compare, active */
      bool cas = in->op == IR_OP_atomic_buffer_cmpswap64;
      uint32_t ok, addr;
      buffer_access(e, args, 8, &ok, &addr);
      uint32_t go = op2(e, SpvOpLogicalAnd, bl, a[cas ? 5 : 4], ok);
      addr = guest_addr(e, addr, 8, &go);
      v = atomic64_at(e, atomic_op_of(e, in->imm, cas), addr, go, a[3], cas ? a[4] : 0);
      break;
    }
    case IR_OP_atomic_global:           /* address, data, active */
    case IR_OP_atomic_global_cmpswap: { /* address, new, compare, active */
      bool cas = in->op == IR_OP_atomic_global_cmpswap;
      uint32_t ok = a[cas ? 3 : 2], at = guest_addr(e, a[0], 4, &ok);
      uint32_t op = atomic_op_of(e, in->imm, cas);
      v = sel(e, u32, ok, emit_atomic(e, op, pred_addr(e, ok, at), a[1], cas ? a[2] : 0),
              cu32(e, 0));
      break;
    }
    case IR_OP_atomic_global64:
    case IR_OP_atomic_global_cmpswap64: v = emit_atomic_global64(e, in, a); break;
    case IR_OP_load_lds: v = emit_load_lds(e, a[0]); break;
    case IR_OP_atomic_lds:
      v = emit_atomic_lds(e, atomic_op_of(e, in->imm, false), a[0], a[1], 0, a[2]);
      break;
    case IR_OP_atomic_lds_cmpst:
      v = emit_atomic_lds(e, atomic_op_of(e, in->imm, true), a[0], a[1], a[2], a[3]);
      break;
    case IR_OP_atomic_lds64:
      v = emit_atomic_lds64(e, atomic_op_of(e, in->imm, false), a[0], a[1], 0, a[2]);
      break;
    case IR_OP_atomic_lds_cmpst64:
      v = emit_atomic_lds64(e, atomic_op_of(e, in->imm, true), a[0], a[1], a[2], a[3]);
      break;
    case IR_OP_store_lds: emit_store_lds(e, a[0], a[1], a[2]); return;
    case IR_OP_load_gds: { /* address */
      uint32_t ok = 0, at = gds_guest(e, a[0], 4, &ok);
      v = pred_load(e, ok, at);
      e->fenced = false;
      break;
    }
    case IR_OP_store_gds: { /* address, data, active */
      uint32_t ok = a[2], at = gds_guest(e, a[0], 4, &ok);
      uint32_t addr = pred_addr(e, ok, at);
      write_begin(e);
      psb_store(e, addr, a[1]);
      write_end(e);
      return;
    }
    case IR_OP_atomic_gds:         /* address, data, active */
    case IR_OP_atomic_gds_cmpst: { /* address, new, compare, active */
      bool cas = in->op == IR_OP_atomic_gds_cmpst;
      uint32_t ok = a[cas ? 3 : 2], at = gds_guest(e, a[0], 4, &ok);
      uint32_t op = atomic_op_of(e, in->imm, cas);
      v = sel(e, u32, ok, emit_atomic(e, op, pred_addr(e, ok, at), a[1], cas ? a[2] : 0),
              cu32(e, 0));
      break;
    }
    case IR_OP_atomic_gds64:
    case IR_OP_atomic_gds_cmpst64: {
      bool cas = in->op == IR_OP_atomic_gds_cmpst64;
      uint32_t ok = a[cas ? 3 : 2], at = gds_guest(e, a[0], 8, &ok);
      v = atomic64_at(e, atomic_op_of(e, in->imm, cas), at, ok, a[1], cas ? a[2] : 0);
      break;
    }
    case IR_OP_barrier: spirv_wave_barrier(e); return;
    case IR_OP_wait_counters:
    case IR_OP_observe: return; /* no effect on the GPU (observe is an interpreter hook) */
    case IR_OP_bad_jump: /* counted in the fault record; the block's ret ends the wave */
      spirv_fault_note(e, 0, spv_const_bool(&e->b, false), a[0], 0);
      return;
    default:
      if (spirv_emit_float(e, id, a) || spirv_emit_scratch(e, id, a) || spirv_emit_div(e, id, a) ||
          spirv_emit_format(e, id, a) || spirv_emit_lds(e, id, a) || spirv_emit_image(e, id, a))
        return;
      unsupported(e, "operation %s", ir_op_infos[in->op].name);
      return;
  }
  if (simple != SpvOpNop) {
    def(e, simple, t, r, a, in->arg_count);
    return;
  }
  if (v) def(e, SpvOpCopyObject, t, r, &v, 1);
}

/* ---- control flow ------------------------------------------------------------------- */

static uint32_t merge_label(struct emit *e, uint32_t node) {
  if (node != CFG_NONE && node < e->fn->block_count && cfg_graph_reachable(e->fn->cfg, node))
    return e->begin[node];
  /* the arms never meet (or the loop is left only by returns): an unreachable merge */
  uint32_t *p = realloc(e->late, (e->nlate + 1) * sizeof *p);
  if (!p) {
    e->b.failed = true;
    return 0;
  }
  e->late = p;
  return e->late[e->nlate++] = spv_id(&e->b);
}

static void emit_phi(struct emit *e, uint32_t id) {
  const struct ir_function *fn = e->fn;
  const struct ir_inst *in = &fn->insts[id];
  const uint32_t *args = ir_inst_args(fn, id);
  uint32_t t = type_of(e, (enum ir_type)in->type), n = 0;
  uint32_t w[2 + 2 * 64];
  w[n++] = t;
  w[n++] = e->val[id];
  uint32_t preds = cfg_graph_pred_count(fn->cfg, e->block);
  if (in->arg_count != preds || preds > 64) {
    unsupported(e, "phi %%%u with %u operands for %u predecessors", id, in->arg_count, preds);
    return;
  }
  for (uint32_t k = 0; k < preds; k++) {
    uint32_t p = cfg_graph_pred(fn->cfg, e->block, k);
    if (!cfg_graph_reachable(fn->cfg, p)) continue;
    uint32_t v = args[k] < fn->inst_count ? e->val[args[k]] : 0;
    if (!v) v = spv_op(&e->b, SpvOpUndef, t, NULL, 0); /* no value on that path */
    w[n++] = v;
    w[n++] = spirv_block_end(e, p); /* its last part when a guarded fence split it */
  }
  inst(e, SpvOpPhi, w, n);
}

static void emit_block(struct emit *e, uint32_t blk, bool entry) {
  const struct ir_function *fn = e->fn;
  const struct ir_block *b = &fn->blocks[blk];
  const struct cfg_node_shape *shape =
      blk < fn->structure.node_count ? &fn->structure.shapes[blk] : NULL;
  e->block = blk;
  inst(e, SpvOpLabel, &e->begin[blk], 1);
  e->fenced = e->dirty_in && !e->dirty_in[blk]; /* no access since the last fence */
  if (entry) { /* function variables come first in the first block */
    spirv_lanes_vars(e);
    spirv_fault_vars(e);
    if (e->dispatch) spirv_dispatch_vars(e);
  }
  spv_name_numbered(&e->b, e->begin[blk], "b", blk, b->pc != IR_NONE ? "_pc_" : NULL, b->pc);
  uint32_t i = 0;
  for (; i < b->count && fn->insts[b->insts[i]].op == IR_OP_phi; i++)
    if (!fn->insts[b->insts[i]].dead && !e->dispatch) emit_phi(e, b->insts[i]);
  if (e->dispatch) spirv_dispatch_block_start(e, blk);
  if (b->pc != IR_NONE) spv_line(&e->b, e->file, b->pc, 0);
  if (entry) {
    /* uniform inputs, loaded once */
    uint32_t pc_u64 = spv_type_pointer(&e->b, SpvStorageClassPushConstant, e->t_u64);
    uint32_t w0[2] = {e->iface[0], cu32(e, 0)};
    e->state = op1(e, SpvOpLoad, e->t_u64, spv_op(&e->b, SpvOpAccessChain, pc_u64, w0, 2));
    spirv_lanes_entry(e);
    uint32_t junk = op2(e, SpvOpIAdd, e->t_u32, e->lane, cu32(e, SPIRV_STATE_JUNK));
    e->junk = add64(e, e->state, op2(e, SpvOpIMul, e->t_u64, to_u64(e, junk), cu64(e, 4)));
    spv_name(&e->b, e->junk, "junk");
    spirv_guest_ranges_load(e);
  }
  uint32_t term = IR_NONE;
  for (; i < b->count; i++) {
    uint32_t id = b->insts[i];
    if (fn->insts[id].dead) continue;
    if (ir_op_infos[fn->insts[id].op].flags & IR_TERM) {
      term = id;
      break;
    }
    e->cur = id;
    emit_inst(e, id);
    if (e->dispatch) spirv_dispatch_defined(e, id);
  }
  if (term == IR_NONE) {
    unsupported(e, "block %u without a terminator", blk);
    return;
  }
  if (e->dispatch) {
    spirv_dispatch_terminator(e, blk, term, entry);
    return;
  }
  const struct ir_inst *t = &fn->insts[term];
  uint32_t nsucc = cfg_graph_succ_count(fn->cfg, blk);
  if (shape && shape->shape == CFG_SHAPE_LOOP) {
    uint32_t lm[3] = {merge_label(e, shape->merge), e->begin[shape->continue_to],
                      SpvLoopControlMaskNone};
    inst(e, SpvOpLoopMerge, lm, 3);
  } else if (shape && shape->shape == CFG_SHAPE_SELECTION && t->op == IR_OP_cbr) {
    uint32_t sm[2] = {merge_label(e, shape->merge), SpvSelectionControlMaskNone};
    inst(e, SpvOpSelectionMerge, sm, 2);
  }
  switch ((enum ir_op)t->op) {
    case IR_OP_br:
      if (nsucc != 1) break;
      inst(e, SpvOpBranch, &e->begin[cfg_graph_succ(fn->cfg, blk, 0)], 1);
      return;
    case IR_OP_cbr: {
      if (nsucc != 2) break;
      uint32_t w[3] = {e->val[ir_inst_args(fn, term)[0]], e->begin[cfg_graph_succ(fn->cfg, blk, 0)],
                       e->begin[cfg_graph_succ(fn->cfg, blk, 1)]};
      inst(e, SpvOpBranchConditional, w, 3);
      return;
    }
    case IR_OP_ret:
      spirv_fault_flush(e);
      spirv_wave_end(e);
      inst(e, SpvOpReturn, NULL, 0);
      return;
    case IR_OP_unreachable: inst(e, SpvOpUnreachable, NULL, 0); return;
    default: break;
  }
  unsupported(e, "terminator %s with %u successors (block %u)", ir_op_infos[t->op].name, nsucc,
              blk);
  inst(e, SpvOpUnreachable, NULL, 0);
}

/* ---- module ------------------------------------------------------------------------- */

static void setup(struct emit *e, const struct spirv_emit_options *opts) {
  struct spv_builder *b = &e->b;
  const struct ir_function *fn = e->fn;
  spv_memory_model(b, SpvAddressingModelPhysicalStorageBuffer64, SpvMemoryModelGLSL450);
  e->t_void = spv_type_void(b);
  e->t_bool = spv_type_bool(b);
  e->t_u32 = spv_type_int(b, 32, false);
  e->t_u64 = spv_type_int(b, 64, false);
  e->t_f32 = spv_type_float(b, 32);
  e->t_v4u32 = spv_type_vector(b, e->t_u32, 4);
  e->t_v4f32 = spv_type_vector(b, e->t_f32, 4);
  e->t_psb_u32 = spv_type_pointer(b, SpvStorageClassPhysicalStorageBuffer, e->t_u32);
  /* push constants { u64 state; u64 reserved; } */
  uint32_t m[2] = {e->t_u64, e->t_u64}, off0 = 0, off8 = 8;
  uint32_t pc = spv_type_struct(b, m, 2);
  spv_decorate(b, pc, SpvDecorationBlock, NULL, 0);
  spv_member_decorate(b, pc, 0, SpvDecorationOffset, &off0, 1);
  spv_member_decorate(b, pc, 1, SpvDecorationOffset, &off8, 1);
  spv_name(b, pc, "spirv_push");
  spv_member_name(b, pc, 0, "state");
  spv_member_name(b, pc, 1, "reserved");
  e->iface[e->niface++] = spv_variable(b, spv_type_pointer(b, SpvStorageClassPushConstant, pc),
                                       SpvStorageClassPushConstant);
  spv_name(b, e->iface[0], "push");
  spirv_lanes_setup(e, opts);
  /* the waves' states at set 0 binding 0 (struct spirv_push.state is the same buffer's
   * device address, for the junk area) */
  uint32_t rt = spv_type_runtime_array(b, e->t_u32), four = 4, zero = 0;
  spv_decorate(b, rt, SpvDecorationArrayStride, &four, 1);
  uint32_t sb = spv_type_struct(b, &rt, 1);
  spv_decorate(b, sb, SpvDecorationBlock, NULL, 0);
  spv_member_decorate(b, sb, 0, SpvDecorationOffset, &zero, 1);
  spv_name(b, sb, "dwords");
  if (b->version < 0x00010300) spv_extension(b, "SPV_KHR_storage_buffer_storage_class");
  e->state_buf = spv_variable(b, spv_type_pointer(b, SpvStorageClassStorageBuffer, sb),
                              SpvStorageClassStorageBuffer);
  spv_decorate(b, e->state_buf, SpvDecorationDescriptorSet, &zero, 1);
  spv_decorate(b, e->state_buf, SpvDecorationBinding, &zero, 1);
  spv_name(b, e->state_buf, "state");
  /* SPIR-V 1.4 lists every global an entry point uses; before, only inputs and outputs */
  if (b->version >= 0x00010400) e->iface[e->niface++] = e->state_buf;
  /* the guest range table (SPIRV_RANGES_*) at binding 1, the same block type */
  uint32_t one = 1;
  /* read as 64-bit words: one load per field (SPIRV_RANGES_* fields are 8-byte aligned) */
  uint32_t rt64 = spv_type_runtime_array(b, e->t_u64), eight = 8;
  spv_decorate(b, rt64, SpvDecorationArrayStride, &eight, 1);
  uint32_t sb64 = spv_type_struct(b, &rt64, 1);
  spv_decorate(b, sb64, SpvDecorationBlock, NULL, 0);
  spv_member_decorate(b, sb64, 0, SpvDecorationOffset, &zero, 1);
  spv_name(b, sb64, "qwords");
  e->ranges_var = spv_variable(b, spv_type_pointer(b, SpvStorageClassStorageBuffer, sb64),
                               SpvStorageClassStorageBuffer);
  spv_decorate(b, e->ranges_var, SpvDecorationDescriptorSet, &zero, 1);
  spv_decorate(b, e->ranges_var, SpvDecorationBinding, &one, 1);
  spv_name(b, e->ranges_var, "ranges");
  if (b->version >= 0x00010400) e->iface[e->niface++] = e->ranges_var;
  for (uint32_t d = 0; d < 3 && opts; d++) e->tgid_sgpr[d] = opts->tgid_sgpr[d];
  e->entry_vgprs = opts ? opts->entry_vgprs : 0;
  if (e->tgid_sgpr[0] || e->tgid_sgpr[1] || e->tgid_sgpr[2]) {
    uint32_t v3 = spv_type_vector(b, e->t_u32, 3);
    e->group_var =
        spv_variable(b, spv_type_pointer(b, SpvStorageClassInput, v3), SpvStorageClassInput);
    uint32_t wg = SpvBuiltInWorkgroupId;
    spv_decorate(b, e->group_var, SpvDecorationBuiltIn, &wg, 1);
    spv_name(b, e->group_var, "workgroup_id");
    e->iface[e->niface++] = e->group_var;
  }
  e->gds_addr = opts ? opts->gds_addr : 0;
  e->gds_bytes = opts ? opts->gds_bytes : 0;
  e->shader_clock = opts ? opts->shader_clock : 0;
  bool lds = false;
  for (uint32_t i = 0; i < fn->inst_count; i++)
    lds |= !fn->insts[i].dead && spirv_lds_uses((enum ir_op)fn->insts[i].op, false);
  if (lds) {
    e->lds_bytes = opts ? opts->lds_bytes : 0;
    uint32_t arr = spv_type_array(b, e->t_u32, e->lds_bytes / 4 + 1);
    e->lds_var = spv_variable(b, spv_type_pointer(b, SpvStorageClassWorkgroup, arr),
                              SpvStorageClassWorkgroup);
    spv_name(b, e->lds_var, "lds");
    e->iface[e->niface++] = e->lds_var;
    bool lds64 = false; /* the 64-bit atomics' lock (spirv_emit_atomic.c) */
    for (uint32_t i = 0; i < fn->inst_count; i++)
      lds64 |= !fn->insts[i].dead && spirv_lds_uses((enum ir_op)fn->insts[i].op, true);
    if (lds64) {
      e->lds_lock_var = spv_variable(b, spv_type_pointer(b, SpvStorageClassWorkgroup, e->t_u32),
                                     SpvStorageClassWorkgroup);
      spv_name(b, e->lds_lock_var, "lds_lock");
      e->iface[e->niface++] = e->lds_lock_var;
    }
  }
  spirv_scratch_setup(e, opts);
  e->file = spv_string(b, opts && opts->source_name ? opts->source_name : "shader");
  spv_source(b, e->file);
}

bool spirv_emit_compute(const struct ir_function *fn, const struct spirv_emit_options *opts,
                        struct spirv_module *out) {
  memset(out, 0, sizeof *out);
  if (!fn || fn->failed) {
    snprintf(out->error, sizeof out->error, "no function");
    return false;
  }
  if (!fn->ssa) {
    snprintf(out->error, sizeof out->error, "the function is not in SSA form");
    return false;
  }
  if (opts && opts->lds_bytes > 65536) {
    snprintf(out->error, sizeof out->error, "LDS size %u (at most 65536)", opts->lds_bytes);
    return false;
  }
  if (fn->wave_size != 32 && fn->wave_size != 64) {
    snprintf(out->error, sizeof out->error, "wave size %u", fn->wave_size);
    return false;
  }
  if (opts && (opts->waves > 32 || opts->waves * fn->wave_size > 1024 ||
               (opts->lanes && (!opts->subgroup || opts->lanes > fn->wave_size)))) {
    snprintf(out->error, sizeof out->error, "%u waves of %u lanes per workgroup", opts->waves,
             opts->lanes ? opts->lanes : fn->wave_size);
    return false;
  }
  /* everything the module would need, counted before any emission */
  for (uint32_t i = 0; i < fn->inst_count; i++) {
    char why[sizeof out->error];
    if (!fn->insts[i].dead && spirv_image_refusal(fn, i, why, sizeof why)) {
      if (!out->unsupported++) memcpy(out->error, why, sizeof why);
      continue;
    }
    if (fn->insts[i].dead || spirv_emit_supports((enum ir_op)fn->insts[i].op)) continue;
    if (opts && opts->gds_addr && spirv_gds_emitted((enum ir_op)fn->insts[i].op)) continue;
    if (!out->unsupported && spirv_gds_refusal(fn, i, out->error, sizeof out->error)) {
      out->unsupported++;
      continue;
    }
    if (!out->unsupported++)
      snprintf(out->error, sizeof out->error, "operation %s (%%%u) is not emitted yet",
               ir_op_infos[fn->insts[i].op].name, i);
  }
  /* the float mode of each instruction; one the module cannot compute exactly (or does not
   * know at compile time) is refused, not run wrong */
  uint16_t *modes = out->unsupported ? NULL : ir_float_modes_alloc(fn);
  if (!out->unsupported && !modes) {
    snprintf(out->error, sizeof out->error, "out of memory (float modes)");
    out->unsupported++;
  }
  for (uint32_t i = 0; modes && i < fn->inst_count && !out->unsupported; i++)
    if (ir_float_mode_refused_at(fn, modes, i, out->error, sizeof out->error) ||
        spirv_hwreg_refusal(fn, i, out->error, sizeof out->error) ||
        spirv_wave_refusal(fn, opts, i, out->error, sizeof out->error))
      out->unsupported++;
  if (out->unsupported) {
    free(modes);
    size_t len = strlen(out->error);
    snprintf(out->error + len, sizeof out->error - len, "; %u unsupported", out->unsupported);
    return false;
  }
  struct emit e = {.fn = fn, .out = out, .modes = modes};
  spv_builder_init(&e.b, opts && opts->version ? opts->version : 0x00010500);
  uint32_t nb = fn->block_count;
  /* about 13 words of code and 3 of names per IR instruction: no regrowth on the way */
  spv_builder_reserve(&e.b, SPV_SEC_FUNCTION, 16 * fn->inst_count + 1024);
  spv_builder_reserve(&e.b, SPV_SEC_DEBUG_NAME, 4 * fn->inst_count + 256);
  e.val = calloc(fn->inst_count ? fn->inst_count : 1, sizeof *e.val);
  e.begin = calloc(nb ? nb : 1, sizeof *e.begin);
  bool ok = e.val && e.begin;
  if (ok) setup(&e, opts);
  if (ok) ok = spirv_fence_plan(&e);
  /* without structure: the dispatcher form (spirv_emit_dispatch.c) */
  if (ok && !fn->structured) ok = spirv_dispatch_begin(&e);
  /* ids: constants (deduplicated), then every other value, then copies (their source) */
  for (uint32_t i = 0; ok && i < fn->inst_count; i++) {
    const struct ir_inst *in = &fn->insts[i];
    if (in->dead || in->type == IR_TYPE_VOID || in->op == IR_OP_copy) continue;
    if (in->op == IR_OP_const) {
      uint32_t t = type_of(&e, (enum ir_type)in->type);
      if (in->type == IR_TYPE_U1) e.val[i] = spv_const_bool(&e.b, in->imm & 1);
      else if (in->type == IR_TYPE_U64 || in->type == IR_TYPE_F64)
        e.val[i] = spv_const64(&e.b, t, in->imm);
      else if (in->type == IR_TYPE_U32 || in->type == IR_TYPE_F32)
        e.val[i] = spv_const(&e.b, t, (uint32_t)in->imm);
      else if (in->type == IR_TYPE_U16 || in->type == IR_TYPE_F16)
        e.val[i] = spv_const(&e.b, t, (uint32_t)in->imm & 0xffff);
      else unsupported(&e, "constant of type %s", ir_type_name((enum ir_type)in->type));
      continue;
    }
    e.val[i] = spv_id(&e.b);
    spv_name_numbered(&e.b, e.val[i], "v", i, NULL, 0);
  }
  for (uint32_t i = 0; ok && i < fn->inst_count; i++) {
    if (fn->insts[i].dead || fn->insts[i].op != IR_OP_copy) continue;
    uint32_t s = i, hops = 0;
    while (fn->insts[s].op == IR_OP_copy && hops++ < fn->inst_count) s = ir_inst_args(fn, s)[0];
    e.val[i] = s < fn->inst_count ? e.val[s] : 0;
  }
  for (uint32_t blk = 0; ok && blk < nb; blk++) e.begin[blk] = spv_id(&e.b);
  if (ok) ok = spirv_guard_plan(&e);
  if (ok) {
    uint32_t ft = spv_type_function(&e.b, e.t_void, NULL, 0), main_fn = spv_id(&e.b);
    uint32_t w[4] = {e.t_void, main_fn, SpvFunctionControlMaskNone, ft};
    inst(&e, SpvOpFunction, w, 4);
    spv_name(&e.b, main_fn, "main");
    uint32_t rpo = cfg_graph_rpo_count(fn->cfg);
    for (uint32_t i = 0; i < rpo; i++) {
      uint32_t blk = cfg_graph_rpo_node(fn->cfg, i);
      if (blk >= nb) {
        unsupported(&e, "CFG node %u without an IR block", blk);
        break;
      }
      emit_block(&e, blk, i == 0);
      if (e.dispatch && i == 0) spirv_dispatch_head(&e);
    }
    if (e.dispatch) spirv_dispatch_tail(&e);
    for (uint32_t i = 0; i < e.nlate; i++) {
      inst(&e, SpvOpLabel, &e.late[i], 1);
      inst(&e, SpvOpUnreachable, NULL, 0);
    }
    inst(&e, SpvOpFunctionEnd, NULL, 0);
    spv_entry_point(&e.b, SpvExecutionModelGLCompute, main_fn, "main", e.iface, e.niface);
    spirv_lanes_finish(&e, main_fn);
    spirv_atomic_fn_bodies(&e);
    spirv_lds_fn_bodies(&e);
    spirv_format_fn_bodies(&e);
    spirv_image_fn_body(&e);
    spirv_fault_fn_body(&e);
    /* IEEE as the interpreter: denormals kept, round to nearest even (when the device
     * lets the module say so) */
    uint32_t width = 32;
    if (e.float_used && opts && opts->denorm_preserve_f32) {
      spv_capability(&e.b, SpvCapabilityDenormPreserve);
      spv_execution_mode(&e.b, main_fn, SpvExecutionModeDenormPreserve, &width, 1);
    }
    if (e.float_used && opts && opts->rte_f32) {
      spv_capability(&e.b, SpvCapabilityRoundingModeRTE);
      spv_execution_mode(&e.b, main_fn, SpvExecutionModeRoundingModeRTE, &width, 1);
    }
    uint32_t width64 = 64;
    if (e.float64_used && opts && opts->denorm_preserve_f64) {
      spv_capability(&e.b, SpvCapabilityDenormPreserve);
      spv_execution_mode(&e.b, main_fn, SpvExecutionModeDenormPreserve, &width64, 1);
    }
    if (e.float64_used && opts && opts->rte_f64) {
      spv_capability(&e.b, SpvCapabilityRoundingModeRTE);
      spv_execution_mode(&e.b, main_fn, SpvExecutionModeRoundingModeRTE, &width64, 1);
    }
  }
  if (ok && !out->unsupported) ok = spv_builder_finish(&e.b, &out->words, &out->count);
  if (!ok && !out->error[0]) snprintf(out->error, sizeof out->error, "out of memory");
  if (out->unsupported && out->error[0]) {
    size_t len = strlen(out->error);
    snprintf(out->error + len, sizeof out->error - len, "; %u unsupported", out->unsupported);
  }
  free(e.val);
  free(e.begin);
  free(e.late);
  free(e.modes);
  spirv_dispatch_free(&e);
  spirv_fence_free(&e);
  spv_builder_free(&e.b);
  if (out->unsupported) {
    free(out->words);
    out->words = NULL;
    out->count = 0;
  }
  return out->words != NULL;
}

void spirv_module_free(struct spirv_module *m) {
  free(m->words);
  m->words = NULL;
  m->count = 0;
}
