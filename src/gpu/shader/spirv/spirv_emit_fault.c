/* Accesses outside every guest range: the fault record (docs/shader-spirv.md, "Guest
 * memory"; docs/shader-dispatch.md, "Unmapped accesses").
 *
 * An access whose address no range holds reads 0 and drops its store as before
 * (spirv_guest_addr); the lane also counts it in function variables (selects only:
 * spirv_fault_note), and before it returns hands its count to the record (SPIRV_FAULT_*)
 * through the flush helper: one atomic add for a lane that faulted, and the details of its
 * first fault when its add found 0. The checks run when specialization constant
 * SPIRV_SPEC_FAULT_CHECK is true (the dispatch samples them). */
#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/spirv/spirv_emit_internal.h"

_Static_assert(IR_INTERP_FAULT_LOAD == SPIRV_FAULT_LOAD &&
                   IR_INTERP_FAULT_STORE == SPIRV_FAULT_STORE &&
                   IR_INTERP_FAULT_ATOMIC == SPIRV_FAULT_ATOMIC &&
                   IR_INTERP_FAULT_SCALAR == SPIRV_FAULT_SCALAR &&
                   IR_INTERP_FAULT_IMAGE == SPIRV_FAULT_IMAGE &&
                   IR_INTERP_FAULT_JUMP == SPIRV_FAULT_JUMP &&
                   IR_INTERP_FAULT_FORMAT == SPIRV_FAULT_FORMAT,
               "the interpreter's fault kinds are the record's");

const char *spirv_fault_kind_name(uint32_t kind) {
  static const char *const names[SPIRV_FAULT_KINDS] = {
      "?", "load", "store", "atomic", "scalar load", "image", "jump", "image format"};
  return kind < SPIRV_FAULT_KINDS ? names[kind] : "?";
}

/* The kind of fault an access of OP is (SPIRV_FAULT_NONE: the GDS, not guest memory; an
 * image_status, whose fetch counted it) */
static uint32_t fault_kind(enum ir_op op) {
  switch (op) {
    case IR_OP_load_global: /* without a lane predicate: s_scratch_load, the wave's */
    case IR_OP_load_global_sub:
    case IR_OP_load_const:
    case IR_OP_load_buffer_const: return SPIRV_FAULT_SCALAR;
    case IR_OP_store_global:
    case IR_OP_store_global_sub:
    case IR_OP_store_buffer:
    case IR_OP_store_buffer_sub:
    case IR_OP_store_buffer_fmt: return SPIRV_FAULT_STORE;
    case IR_OP_atomic_global:
    case IR_OP_atomic_global64:
    case IR_OP_atomic_global_cmpswap:
    case IR_OP_atomic_global_cmpswap64:
    case IR_OP_atomic_buffer:
    case IR_OP_atomic_buffer64:
    case IR_OP_atomic_buffer_cmpswap:
    case IR_OP_atomic_buffer_cmpswap64: return SPIRV_FAULT_ATOMIC;
    case IR_OP_image_sample:
    case IR_OP_image_gather:
    case IR_OP_image_load:
    case IR_OP_image_sample_ex:
    case IR_OP_image_gather_ex:
    case IR_OP_image_store:
    case IR_OP_image_atomic:
    case IR_OP_image_atomic_cmpswap:
    case IR_OP_image_get_lod: return SPIRV_FAULT_IMAGE;
    case IR_OP_bad_jump: return SPIRV_FAULT_JUMP;
    case IR_OP_image_status: return SPIRV_FAULT_NONE; /* its fetch counted the access */
    default: return spirv_gds_emitted(op) ? SPIRV_FAULT_NONE : SPIRV_FAULT_LOAD;
  }
}

/* The lane's record so far, in three function variables of the entry point (declared first
 * in its entry block): its count, and its first fault's address and information (kind in bits
 * 3:0, bytes in 7:4, the instruction's offset in 31:8, 0xffffff unknown); and the
 * specialization constant that turns the checks on. */
void spirv_fault_vars(struct emit *e) {
  uint32_t *vars[3] = {&e->fault_count, &e->fault_addr, &e->fault_info};
  static const char *const names[3] = {"fault_count", "fault_addr", "fault_info"};
  for (int v = 0; v < 3; v++) {
    uint32_t t = v == 1 ? e->t_u64 : e->t_u32;
    *vars[v] = spv_id(&e->b);
    uint32_t w[4] = {spv_type_pointer(&e->b, SpvStorageClassFunction, t), *vars[v],
                     SpvStorageClassFunction, v == 1 ? cu64(e, 0) : cu32(e, 0)};
    inst(e, SpvOpVariable, w, 4);
    spv_name(&e->b, *vars[v], names[v]);
  }
  e->fault_check = spv_id(&e->b);
  uint32_t id = SPIRV_SPEC_FAULT_CHECK;
  spv_inst(&e->b, SPV_SEC_GLOBAL, SpvOpSpecConstantTrue, (uint32_t[]){e->t_bool, e->fault_check},
           2);
  spv_decorate(&e->b, e->fault_check, SpvDecorationSpecId, &id, 1);
  spv_name(&e->b, e->fault_check, "fault_check");
}

/* The access being emitted (e->cur) at masked guest address G of BYTES bytes (0: a run-time
 * size), by a lane whose predicate is ACTIVE (0: every lane), hits a range when MAPPED: a
 * call of the note helper (one instruction and the information's constant per access), which
 * on a miss counts it and, when the count was 0, makes it the first. Selects only, no memory
 * access, no control flow: lavapipe runs the body of any branch masked, so a branch to code
 * that counts with an atomic cost the bandwidth kernel 2.5 times its time. */
void spirv_fault_note(struct emit *e, uint32_t active, uint32_t mapped, uint32_t g,
                      uint32_t bytes) {
  spirv_fault_note_kind(e, fault_kind((enum ir_op)e->fn->insts[e->cur].op), active, mapped, g,
                        bytes);
}

void spirv_fault_note_kind(struct emit *e, uint32_t kind, uint32_t active, uint32_t mapped,
                           uint32_t g, uint32_t bytes) {
  if (kind == SPIRV_FAULT_NONE || !e->fault_count || !e->fault_lane) return;
  /* a scalar access is the wave's: every invocation makes it, lane 0 reports it */
  if (kind == SPIRV_FAULT_SCALAR || kind == SPIRV_FAULT_JUMP)
    active = active ? op2(e, SpvOpLogicalAnd, e->t_bool, active, e->fault_lane0) : e->fault_lane0;
  uint32_t pc = ir_inst_pc(e->fn, e->cur);
  uint32_t info = kind | (bytes < 16 ? bytes : 0) << 4 | (pc < 0xffffff ? pc : 0xffffff) << 8;
  if (!e->fault_note_fn) e->fault_note_fn = spv_id(&e->b);
  uint32_t w[10] = {e->t_void,        spv_id(&e->b),
                    e->fault_note_fn, active ? active : spv_const_bool(&e->b, true),
                    mapped,           g,
                    cu32(e, info),    e->fault_count,
                    e->fault_addr,    e->fault_info};
  inst(e, SpvOpFunctionCall, w, 10);
}

/* if (COND) { ...the caller's code... }: opens the then-block, returns the merge block */
static uint32_t if_open(struct emit *e, uint32_t cond) {
  uint32_t then = spv_id(&e->b), merge = spv_id(&e->b);
  uint32_t sm[2] = {merge, SpvSelectionControlMaskNone};
  inst(e, SpvOpSelectionMerge, sm, 2);
  uint32_t bc[3] = {cond, then, merge};
  inst(e, SpvOpBranchConditional, bc, 3);
  label(e, then);
  return merge;
}
static void if_close(struct emit *e, uint32_t merge) {
  inst(e, SpvOpBranch, &merge, 1);
  label(e, merge);
}
static void record_store(struct emit *e, uint32_t rec, uint32_t dword, uint32_t v) {
  uint32_t at = op2(e, SpvOpIAdd, e->t_u64, rec, cu64(e, 4ull * dword));
  uint32_t w[4] = {op1(e, SpvOpConvertUToPtr, e->t_psb_u32, at), v, SpvMemoryAccessAlignedMask, 4};
  inst(e, SpvOpStore, w, 4);
}

void spirv_fault_flush(struct emit *e) {
  if (!e->fault_count || !e->fault_lane) return;
  if (!e->fault_fn) e->fault_fn = spv_id(&e->b);
  uint32_t w[7] = {e->t_void,
                   spv_id(&e->b),
                   e->fault_fn,
                   op1(e, SpvOpLoad, e->t_u32, e->fault_count),
                   op1(e, SpvOpLoad, e->t_u64, e->fault_addr),
                   op1(e, SpvOpLoad, e->t_u32, e->fault_info),
                   e->fault_lane};
  inst(e, SpvOpFunctionCall, w, 7);
}

/* flush(count, address, information, lane | wave << 8): with the checks on, a lane that
 * faulted adds its count to the record's (one atomic), and the lane whose add found 0 writes
 * its first fault. With them off (SPIRV_SPEC_FAULT_CHECK false) the pipeline compiler drops
 * the body, the variables and the selects that feed them. */
/* note(active, mapped, guest address, information, the three variables): the selects on
 * the lane's variables, passed by pointer (after inlining, the pipeline compiler keeps them
 * in registers, or drops them with the checks off) */
static void note_fn_body(struct emit *e) {
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t p32 = spv_type_pointer(&e->b, SpvStorageClassFunction, u32);
  uint32_t p64 = spv_type_pointer(&e->b, SpvStorageClassFunction, u64);
  uint32_t params[7] = {bl, bl, u64, u32, p32, p64, p32};
  uint32_t ft = spv_type_function(&e->b, e->t_void, params, 7);
  uint32_t f[4] = {e->t_void, e->fault_note_fn, SpvFunctionControlMaskNone, ft};
  inst(e, SpvOpFunction, f, 4);
  spv_name(&e->b, e->fault_note_fn, "fault_note");
  uint32_t active = param(e, bl), mapped = param(e, bl), g = param(e, u64), info = param(e, u32);
  uint32_t vcount = param(e, p32), vaddr = param(e, p64), vinfo = param(e, p32);
  label(e, spv_id(&e->b));
  uint32_t miss = op2(e, SpvOpLogicalAnd, bl, active, op1(e, SpvOpLogicalNot, bl, mapped));
  uint32_t count = op1(e, SpvOpLoad, u32, vcount);
  uint32_t first = op2(e, SpvOpLogicalAnd, bl, miss, op2(e, SpvOpIEqual, bl, count, cu32(e, 0)));
  uint32_t w[2] = {vcount,
                   op2(e, SpvOpIAdd, u32, count, sel(e, u32, miss, cu32(e, 1), cu32(e, 0)))};
  inst(e, SpvOpStore, w, 2);
  w[0] = vaddr;
  w[1] = sel(e, u64, first, g, op1(e, SpvOpLoad, u64, vaddr));
  inst(e, SpvOpStore, w, 2);
  w[0] = vinfo;
  w[1] = sel(e, u32, first, info, op1(e, SpvOpLoad, u32, vinfo));
  inst(e, SpvOpStore, w, 2);
  inst(e, SpvOpReturn, NULL, 0);
  inst(e, SpvOpFunctionEnd, NULL, 0);
}

void spirv_fault_fn_body(struct emit *e) {
  if (e->fault_note_fn) note_fn_body(e);
  if (!e->fault_fn) return;
  uint32_t u32 = e->t_u32, u64 = e->t_u64, bl = e->t_bool;
  uint32_t params[4] = {u32, u64, u32, u32};
  uint32_t ft = spv_type_function(&e->b, e->t_void, params, 4);
  uint32_t f[4] = {e->t_void, e->fault_fn, SpvFunctionControlMaskNone, ft};
  inst(e, SpvOpFunction, f, 4);
  spv_name(&e->b, e->fault_fn, "fault_flush");
  uint32_t count = param(e, u32), g = param(e, u64), info = param(e, u32), lane = param(e, u32);
  label(e, spv_id(&e->b));
  uint32_t m1 = if_open(e, op2(e, SpvOpLogicalAnd, bl, e->fault_check,
                               op2(e, SpvOpINotEqual, bl, count, cu32(e, 0))));
  uint32_t rec = spirv_ranges_u64(e, SPIRV_RANGES_FAULT);
  uint32_t m2 = if_open(e, op2(e, SpvOpINotEqual, bl, rec, cu64(e, 0)));
  uint32_t p = op1(e, SpvOpConvertUToPtr, e->t_psb_u32, rec);
  uint32_t aw[4] = {p, cu32(e, SpvScopeDevice), cu32(e, 0), count};
  uint32_t old = spv_op(&e->b, SpvOpAtomicIAdd, u32, aw, 4);
  uint32_t m3 = if_open(e, op2(e, SpvOpIEqual, bl, old, cu32(e, 0)));
  record_store(e, rec, SPIRV_FAULT_ADDR, op1(e, SpvOpUConvert, u32, g));
  record_store(e, rec, SPIRV_FAULT_ADDR + 1,
               op1(e, SpvOpUConvert, u32, op2(e, SpvOpShiftRightLogical, u64, g, cu32(e, 32))));
  uint32_t kind = op2(e, SpvOpBitwiseAnd, u32, info, cu32(e, 0xf));
  uint32_t bytes = op2(e, SpvOpBitwiseAnd, u32,
                       op2(e, SpvOpShiftRightLogical, u32, info, cu32(e, 4)), cu32(e, 0xf));
  record_store(
      e, rec, SPIRV_FAULT_KIND,
      op2(e, SpvOpBitwiseOr, u32, kind, op2(e, SpvOpShiftLeftLogical, u32, bytes, cu32(e, 8))));
  uint32_t pc = op2(e, SpvOpShiftRightLogical, u32, info, cu32(e, 8));
  record_store(e, rec, SPIRV_FAULT_PC,
               sel(e, u32, op2(e, SpvOpIEqual, bl, pc, cu32(e, 0xffffff)), cu32(e, ~0u), pc));
  record_store(e, rec, SPIRV_FAULT_LANE, lane);
  if_close(e, m3);
  if_close(e, m2);
  if_close(e, m1);
  inst(e, SpvOpReturn, NULL, 0);
  inst(e, SpvOpFunctionEnd, NULL, 0);
}
