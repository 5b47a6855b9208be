/* Typed SSA IR of the shader recompiler.
 *
 * A function is a control-flow graph (struct cfg_graph: block I is node I) whose blocks
 * hold instructions. An instruction is a value: its index in fn->insts is its id, printed
 * %id. Operands are value ids. Every operation is defined once in ir_ops.h; the enum, the
 * builders below, the printer and the validator are generated from that table.
 *
 * Translation first produces register accesses (get_reg / set_reg on the GPU register file:
 * SGPRs, VGPRs, VCC, EXEC, SCC, M0); ir_pass_ssa() turns them into SSA values and phis.
 * Passes mark removed instructions dead; ids stay stable.
 *
 * Other modules read these structures (the SPIR-V back end walks them) but build and change
 * them only through the functions here.
 */
#ifndef PROSPERO_GPU_SHADER_IR_IR_H
#define PROSPERO_GPU_SHADER_IR_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gpu/shader/ir/cfg_graph.h"
#include "gpu/shader/ir/cfg_structure.h"
#include "gpu/shader/ir/ir_ops.h"

#define IR_NONE UINT32_MAX

enum ir_type {
#define IR_TYPE_ENUM_(name, text) IR_TYPE_##name,
  IR_TYPES(IR_TYPE_ENUM_)
#undef IR_TYPE_ENUM_
  IR_TYPE_COUNT
};

enum ir_op {
#define IR_OP_ENUM_(name, res, flags, n, types) IR_OP_##name,
  IR_OPS(IR_OP_ENUM_)
#undef IR_OP_ENUM_
  IR_OP_COUNT
};

enum ir_op_flag {
  IR_PURE = 1 << 0,
  IR_COMM = 1 << 1,
  IR_IMM = 1 << 2,
  IR_VAR = 1 << 3,
  IR_TERM = 1 << 4,
  IR_MEM = 1 << 5,
  IR_SIDE = 1 << 6,
  IR_PRE = 1 << 7,
};

struct ir_op_info {
  const char *name;
  uint8_t result;      /* enum ir_type */
  uint8_t flags;       /* enum ir_op_flag */
  uint8_t arg_count;
  uint8_t args[8];     /* enum ir_type */
};
extern const struct ir_op_info ir_op_infos[IR_OP_COUNT];
const char *ir_type_name(enum ir_type t);

/* Float comparison predicates (ordered: false when either is NaN; unordered: true). */
enum ir_fcmp {
  IR_FCMP_FALSE, IR_FCMP_OLT, IR_FCMP_OEQ, IR_FCMP_OLE, IR_FCMP_OGT, IR_FCMP_ONE,
  IR_FCMP_OGE, IR_FCMP_ORD, IR_FCMP_UNO, IR_FCMP_ULT, IR_FCMP_UEQ, IR_FCMP_ULE,
  IR_FCMP_UGT, IR_FCMP_UNE, IR_FCMP_UGE, IR_FCMP_TRUE,
};

enum ir_atomic {
  IR_ATOMIC_SWAP, IR_ATOMIC_ADD, IR_ATOMIC_SUB, IR_ATOMIC_SMIN, IR_ATOMIC_UMIN,
  IR_ATOMIC_SMAX, IR_ATOMIC_UMAX, IR_ATOMIC_AND, IR_ATOMIC_OR, IR_ATOMIC_XOR,
  IR_ATOMIC_INC, IR_ATOMIC_DEC,
  /* float operations on the bits (f32, or f64 in 64-bit atomics): IEEE add (round to
   * nearest even); min/max return the non-NaN operand when one is NaN */
  IR_ATOMIC_FADD, IR_ATOMIC_FMIN, IR_ATOMIC_FMAX,
  IR_ATOMIC_RSUB, /* data - memory (ds_rsub) */
};

/* Immediate of `gws`: the ds_gws_* operation (docs/shader-ir.md, GDS and GWS). */
enum ir_gws {
  IR_GWS_INIT, IR_GWS_SEMA_V, IR_GWS_SEMA_BR, IR_GWS_SEMA_P, IR_GWS_SEMA_RELEASE_ALL,
  IR_GWS_BARRIER,
};

/* Immediate of image operations: dimension (GFX10 MIMG dim encoding: 0 1D, 1 2D, 2 3D,
 * 3 cube, 4 1D array, 5 2D array, 6 2D MSAA, 7 2D MSAA array), how component 3 of the
 * coordinates is used, the dmask and unnormalised addressing. */
enum ir_image_flags {
  IR_IMAGE_DIM_MASK = 7,
  IR_IMAGE_LOD = 1 << 3,      /* coordinate 3 is an explicit LOD (sample_l, load_mip) */
  IR_IMAGE_LOD_ZERO = 1 << 4, /* sample at LOD 0 (sample_lz) */
  IR_IMAGE_BIAS = 1 << 5,     /* coordinate 3 is an LOD bias (sample_b) */
  IR_IMAGE_UNORM = 1 << 6,
  IR_IMAGE_CLAMP = 1 << 7,    /* coordinate 3 is an LOD clamp (_cl; not with LOD or bias) */
  IR_IMAGE_DMASK_SHIFT = 8,   /* 4 bits; gather4: the one component gathered */
  IR_IMAGE_COMPARE = 1 << 12, /* depth compare (_c): extras[1] is the reference (f32 bits) */
  IR_IMAGE_OFFSET = 1 << 13,  /* texel offset (_o): extras[0] packs x 5:0, y 13:8, z 21:16 */
  IR_IMAGE_GLC = 1 << 14,     /* atomics: the pre-operation value is returned */
  IR_IMAGE_DERIV = 1 << 15,   /* explicit derivatives (_d): extras[2..4] d/dx, [5..7] d/dy */
  IR_IMAGE_ATOMIC_SHIFT = 16, /* image_atomic: enum ir_atomic in bits 23:16 */
  IR_IMAGE_COARSE = 1 << 24,  /* _cd: the derivatives are per quad (coarse), else as _d */
  IR_IMAGE_D16 = 1 << 25,     /* 16-bit data: each component in the low half of its dword */
  /* with IR_IMAGE_BIAS | IR_IMAGE_CLAMP (_b_cl) coordinate 3 is the bias and the clamp is
   * in extras[ir_image_clamp_slot()]; an image_atomic with imm bits 23:16 =
   * IR_ATOMIC_FMIN/FMAX is a float one */
  IR_IMAGE_TFE = 1 << 26,     /* texel fault enable: the fetch returns a status (image_status) */
  IR_IMAGE_LWE = 1 << 27,     /* LOD warning enable (sampler operations): a status as TFE */
  IR_IMAGE_PACKED = 1 << 28,  /* _pck load/store: the element's bits, no format conversion */
  IR_IMAGE_SIGNED = 1 << 29,  /* _pck_sgn: 8- and 16-bit elements sign-extended */
  IR_IMAGE_ROW = 1 << 30,     /* image_gather4h: one component of 4x1 texels of a row */
};
/* image_load of image_msaa_load: one component (the dmask's one bit) of up to four samples
 * from the fragment index in the last coordinate, returned as four values */
#define IR_IMAGE_FRAGMENTS (1ull << 32)
/* r128: a 128-bit T# (four SGPRs); the T# operand's dwords 4-7 are 0 (not read) */
#define IR_IMAGE_R128 (1ull << 33)

/* The extras slot of the LOD clamp of a _b_cl form (IR_IMAGE_BIAS | IR_IMAGE_CLAMP, coordinate
 * 3 the bias, the derivatives in extras[2..7]): d/dx z (4) when the dimension differentiates
 * fewer than three values; 3D and cube: the offset's slot (0) without _o, else the
 * reference's (1) without _c; -1 when none is free (3D or cube with both _o and _c). */
static inline int ir_image_clamp_slot(uint64_t flags) {
  uint64_t dim = flags & IR_IMAGE_DIM_MASK;
  if (dim != 2 && dim != 3) return 4;
  return !(flags & IR_IMAGE_OFFSET) ? 0 : !(flags & IR_IMAGE_COMPARE) ? 1 : -1;
}

/* Immediate of `export`: target, channel enables, compressed source, done, valid mask. */
#define IR_EXPORT_IMM(target, en, compr, done, vm)                                  \
  ((uint64_t)(target) | (uint64_t)(en) << 8 | (uint64_t)(compr) << 12 |            \
   (uint64_t)(done) << 13 | (uint64_t)(vm) << 14)

/* The GPU register file as SSA variables. 32-bit SGPR/VGPR; VCC and EXEC are 64-bit lane
 * masks (wave32 uses the low half); SCC is a U1; M0 a U32. */
enum ir_reg {
  IR_REG_SCC = 0,
  IR_REG_VCC = 1,
  IR_REG_EXEC = 2,
  IR_REG_M0 = 3,
  IR_REG_SGPR0 = 4,                       /* s0..s105 */
  IR_REG_VGPR0 = IR_REG_SGPR0 + 106,      /* v0..v255 */
  IR_REG_COUNT = IR_REG_VGPR0 + 256,
};
/* The type of a register's value (VOID for no register). */
static inline enum ir_type ir_reg_type(uint32_t reg) {
  switch (reg) {
    case IR_REG_SCC: return IR_TYPE_U1;
    case IR_REG_VCC:
    case IR_REG_EXEC: return IR_TYPE_U64;
    default: return reg < IR_REG_COUNT ? IR_TYPE_U32 : IR_TYPE_VOID;
  }
}
/* Writes "s12", "v3", "vcc", ... into BUF. */
const char *ir_reg_name(uint32_t reg, char *buf, size_t size);

struct ir_inst {
  uint16_t op;        /* enum ir_op */
  uint8_t type;       /* enum ir_type of the result */
  uint8_t dead;       /* removed by a pass */
  uint32_t block;
  uint32_t arg_count;
  uint32_t args_at;   /* first operand in fn->args */
  uint64_t imm;
};

struct ir_block {
  uint32_t *insts;    /* instruction ids in order: phis first, terminator last */
  uint32_t count, cap;
  uint32_t pc;        /* byte offset of the first guest instruction, or IR_NONE */
};

struct ir_function {
  struct ir_inst *insts;
  uint32_t inst_count, inst_cap;
  uint32_t *args;
  uint32_t arg_count, arg_cap;
  struct ir_block *blocks;
  uint32_t block_count;
  struct cfg_graph *cfg;          /* owned; block I is node I */
  struct cfg_structure structure; /* merge/continue per block, or the fallback reason */
  bool structured;                /* false: emit the dispatcher form */
  /* s_setpc/s_swappc through a register whose value the translator cannot tell: how many,
   * and the first one's reason (enum ir_indirect_jump, translate.h), byte offset and SGPR */
  struct { uint32_t count, reason, offset, sgpr; } indirect_jumps;
  bool ssa;                       /* register accesses have been replaced */
  uint32_t wave_size;             /* 32 or 64 */
  uint32_t float_mode;            /* MODE bits at wave start; set_float_mode changes them */
  bool failed;                    /* an allocation failed: the function is not usable */
  struct ir_chunk *arena;         /* storage of the block lists */
  /* the guest instruction each translated instruction came from: instructions [first, end)
   * from the one at byte offset pc, in increasing order (ir_note_pc, ir_inst_pc) */
  struct ir_pc_span { uint32_t first, end, pc; } *pcs;
  uint32_t pc_count, pc_cap;
};

/* Creates an empty function over CFG (taking ownership), one block per node. */
struct ir_function *ir_function_create(struct cfg_graph *cfg, uint32_t wave_size);
void ir_function_destroy(struct ir_function *fn);

/* Records that instructions [FIRST, fn->inst_count) come from the guest instruction at byte
 * offset PC (the translator, after each one; FIRST at least the last span's end). */
void ir_note_pc(struct ir_function *fn, uint32_t first, uint32_t pc);
/* The byte offset of the guest instruction instruction ID came from (IR_NONE: unknown, such
 * as an instruction a pass added). */
uint32_t ir_inst_pc(const struct ir_function *fn, uint32_t id);

/* Reserves room for INSTS instructions and ARGS operands (avoids regrowth). */
bool ir_function_reserve(struct ir_function *fn, uint32_t insts, uint32_t args);
/* Appends an instruction to BLOCK and returns its id (IR_NONE on allocation failure).
 * TYPE is used for ANY results without ANY operands; otherwise it is derived. */
uint32_t ir_emit(struct ir_function *fn, uint32_t block, enum ir_op op, enum ir_type type,
                 uint64_t imm, uint32_t arg_count, const uint32_t *args);
/* Room for INSTS instructions in BLOCK's list (avoids regrowth; false on a bad block or
 * allocation failure, which also marks the function failed). */
bool ir_block_reserve(struct ir_function *fn, uint32_t block, uint32_t insts);
/* Inserts a phi with ARG_COUNT operands (all IR_NONE) at the start of BLOCK. */
uint32_t ir_emit_phi(struct ir_function *fn, uint32_t block, enum ir_type type,
                     uint32_t arg_count);
static inline uint32_t *ir_inst_args(const struct ir_function *fn, uint32_t id) {
  return &fn->args[fn->insts[id].args_at];
}
static inline const struct ir_op_info *ir_info(const struct ir_function *fn, uint32_t id) {
  return &ir_op_infos[fn->insts[id].op];
}
static inline bool ir_is_const(const struct ir_function *fn, uint32_t id) {
  return id < fn->inst_count && fn->insts[id].op == IR_OP_const;
}
/* The block's terminator, or IR_NONE. */
uint32_t ir_block_terminator(const struct ir_function *fn, uint32_t block);

/* Builder: a function and the block being filled. */
struct ir_builder {
  struct ir_function *fn;
  uint32_t block;
};

/* The result type of an operation whose result is ANY: the type of its first ANY-typed
 * operand, else TYPE. */
enum ir_type ir_any_result(const struct ir_function *fn, enum ir_op op, enum ir_type type,
                           uint32_t n, const uint32_t *args);
/* ir_emit, with its common case inline (the function and block have room). RESULT is the
 * table's result type of OP: a constant in the generated builders below, where with OP and
 * N also constant the operand copy unrolls and the type derivation folds away. Always
 * inlined: out of line it was about a sixth of the translation's instructions (see the
 * Performance section of docs/shader-ir.md). */
static inline __attribute__((always_inline)) uint32_t ir_b_emit_r(
    struct ir_builder *b, enum ir_op op, enum ir_type result, enum ir_type type, uint64_t imm,
    uint32_t n, const uint32_t *args) {
  struct ir_function *fn = b->fn;
  uint32_t block = b->block;
  if (block < fn->block_count && !fn->failed && fn->inst_count < fn->inst_cap &&
      n <= fn->arg_cap - fn->arg_count && fn->blocks[block].count < fn->blocks[block].cap) {
    if (result == IR_TYPE_ANY) result = n ? ir_any_result(fn, op, type, n, args) : type;
    uint32_t id = fn->inst_count++;
    fn->insts[id] = (struct ir_inst){.op = (uint16_t)op, .type = (uint8_t)result,
                                     .block = block, .arg_count = n,
                                     .args_at = fn->arg_count, .imm = imm};
    for (uint32_t i = 0; i < n; i++) fn->args[fn->arg_count + i] = args[i];
    fn->arg_count += n;
    struct ir_block *bl = &fn->blocks[block];
    bl->insts[bl->count++] = id;
    return id;
  }
  return ir_emit(fn, block, op, type, imm, n, args);
}
/* The same for an operation known only at run time. */
static inline uint32_t ir_b_emit(struct ir_builder *b, enum ir_op op, enum ir_type type,
                                 uint64_t imm, uint32_t n, const uint32_t *args) {
  if ((unsigned)op >= IR_OP_COUNT) return ir_emit(b->fn, b->block, op, type, imm, n, args);
  return ir_b_emit_r(b, op, (enum ir_type)ir_op_infos[op].result, type, imm, n, args);
}
static inline uint32_t ir_b_const(struct ir_builder *b, enum ir_type t, uint64_t bits) {
  return ir_b_emit_r(b, IR_OP_const, IR_TYPE_ANY, t, bits, 0, NULL);
}
uint32_t ir_b_const_f32(struct ir_builder *b, float f);
static inline uint32_t ir_b_get_reg(struct ir_builder *b, uint32_t reg) {
  return ir_b_emit_r(b, IR_OP_get_reg, IR_TYPE_ANY, ir_reg_type(reg), reg, 0, NULL);
}
static inline uint32_t ir_b_set_reg(struct ir_builder *b, uint32_t reg, uint32_t v) {
  return ir_b_emit_r(b, IR_OP_set_reg, IR_TYPE_VOID, IR_TYPE_VOID, reg, 1, &v);
}

/* Generated builders for every fixed-arity operation: ir_<op>(b, operands...) and, for
 * operations that use the immediate, ir_<op>_i(b, imm, operands...). */
#define IR_BUILD_ARGS_0()
#define IR_BUILD_ARGS_1() , uint32_t a0
#define IR_BUILD_ARGS_2() , uint32_t a0, uint32_t a1
#define IR_BUILD_ARGS_3() , uint32_t a0, uint32_t a1, uint32_t a2
#define IR_BUILD_ARGS_4() , uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3
#define IR_BUILD_ARGS_5() IR_BUILD_ARGS_4(), uint32_t a4
#define IR_BUILD_ARGS_6() IR_BUILD_ARGS_5(), uint32_t a5
#define IR_BUILD_ARGS_8() IR_BUILD_ARGS_6(), uint32_t a6, uint32_t a7
#define IR_BUILD_LIST_0() NULL
#define IR_BUILD_LIST_1() (const uint32_t[]){a0}
#define IR_BUILD_LIST_2() (const uint32_t[]){a0, a1}
#define IR_BUILD_LIST_3() (const uint32_t[]){a0, a1, a2}
#define IR_BUILD_LIST_4() (const uint32_t[]){a0, a1, a2, a3}
#define IR_BUILD_LIST_5() (const uint32_t[]){a0, a1, a2, a3, a4}
#define IR_BUILD_LIST_6() (const uint32_t[]){a0, a1, a2, a3, a4, a5}
#define IR_BUILD_LIST_8() (const uint32_t[]){a0, a1, a2, a3, a4, a5, a6, a7}
#define IR_BUILDER_(name, res, flags, n, types)                                          \
  static inline uint32_t ir_##name(struct ir_builder *b IR_BUILD_ARGS_##n()) { \
    return ir_b_emit_r(b, IR_OP_##name, IR_TYPE_##res, IR_TYPE_##res, 0, n, IR_BUILD_LIST_##n()); \
  }                                                                                      \
  static inline uint32_t ir_##name##_i(struct ir_builder *b, uint64_t imm IR_BUILD_ARGS_##n()) { \
    return ir_b_emit_r(b, IR_OP_##name, IR_TYPE_##res, IR_TYPE_##res, imm, n, IR_BUILD_LIST_##n()); \
  }
IR_OPS(IR_BUILDER_)
#undef IR_BUILDER_

/* Printing: one line per instruction, blocks with their structure. */
void ir_print_inst(FILE *out, const struct ir_function *fn, uint32_t id);
void ir_print_function(FILE *out, const struct ir_function *fn);

/* Checks operand counts and types, block layout (phis first, one terminator matching the
 * successor count), phi arity, and after SSA that every definition dominates its uses.
 * Returns true if valid; otherwise writes the first problem into ERR. */
bool ir_validate(const struct ir_function *fn, char *err, size_t err_size);

/* Passes. Each returns false on failure (allocation, or the validator rejecting its
 * result in debug builds, which is logged). */
bool ir_pass_ssa(struct ir_function *fn);
bool ir_pass_const_fold(struct ir_function *fn);
bool ir_pass_dce(struct ir_function *fn);
/* ssa + const_fold + dce, with the validator between passes in debug builds. */
bool ir_run_passes(struct ir_function *fn);
/* Validate after every pass (default: on in debug and sanitizer builds, off in release). */
extern bool ir_debug_validate;
/* Counts live (not dead) instructions. */
uint32_t ir_live_count(const struct ir_function *fn);

#endif
