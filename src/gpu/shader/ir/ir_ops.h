/* The IR opcode table: the one place an IR operation is defined.
 *
 *   X(name, result type, flags, operand count, (operand types))
 *
 * Types are enum ir_type names without the IR_TYPE_ prefix. ANY as a result means "the
 * type of the first ANY operand" (or, for operations without operands, the type the builder
 * is given); ANY as an operand accepts any non-void type, except that every ANY operand of
 * one instruction must have the result type (phi, select). Flags:
 *   PURE   no side effect: removable when unused, foldable when its operands are constant
 *   COMM   commutative (operands 0 and 1)
 *   IMM    uses the instruction's immediate (printed in brackets)
 *   VAR    variable operand count (phi: one per predecessor)
 *   TERM   block terminator
 *   MEM    reads memory (removable when unused, never folded)
 *   SIDE   writes state or memory: always kept
 *   PRE    only legal before SSA construction (register access)
 *
 * Per-lane semantics: one IR invocation is one lane of the wave. U1 is a per-lane boolean,
 * a lane mask (EXEC, VCC, compare results) is a U64 with bit L for lane L. Scalar values
 * are ordinary values that happen to be the same in every lane.
 */
#ifndef PROSPERO_GPU_SHADER_IR_IR_OPS_H
#define PROSPERO_GPU_SHADER_IR_IR_OPS_H

/* Immediate bit of load_buffer_fmt / store_buffer_fmt: 16-bit (D16) components. */
#define IR_FMT_D16 (1ull << 32)

#define IR_TYPES(X) \
  X(VOID, "void")   \
  X(U1, "u1")       \
  X(U16, "u16")     \
  X(U32, "u32")     \
  X(U64, "u64")     \
  X(F16, "f16")     \
  X(F32, "f32")     \
  X(F64, "f64")     \
  X(V4U32, "v4u32") \
  X(V8U32, "v8u32") \
  X(V4F32, "v4f32") \
  X(ANY, "any")

/* clang-format off */
#define IR_OPS(X) \
  /* values and registers */ \
  X(const,          ANY,  PURE | IMM,        0, ()) \
  X(undef,          ANY,  PURE,              0, ()) \
  X(phi,            ANY,  PURE | VAR,        0, ()) \
  X(get_reg,        ANY,  PRE | IMM,         0, ()) /* imm = enum ir_reg */ \
  X(set_reg,        VOID, PRE | IMM | SIDE,  1, (ANY)) \
  X(entry_reg,      ANY,  PURE | IMM,        0, ()) /* register value at wave start */ \
  X(copy,           ANY,  PURE,              1, (ANY)) \
  X(select,         ANY,  PURE,              3, (U1, ANY, ANY)) /* a0 ? a1 : a2 */ \
  /* lanes and waves */ \
  X(lane_id,        U32,  PURE,              0, ()) \
  /* the shader's guest code address (COMPUTE_PGM_LO/HI << 8), an input: s_getpc and the \
   * return addresses of calls are this plus a byte offset (docs/shader-ir.md, Calls) */ \
  X(code_base,      U64,  PURE,              0, ()) \
  X(lane_bit,       U1,   PURE,              1, (U64)) /* bit lane_id of a mask */ \
  X(ballot,         U64,  PURE,              1, (U1)) /* mask of lanes (all invocations) */ \
  X(read_first_lane,U32,  PURE,              2, (U32, U64)) /* value, EXEC */ \
  X(read_lane,      U32,  PURE,              2, (U32, U32)) \
  X(write_lane,     U32,  PURE,              3, (U32, U32, U32)) /* old, value, lane */ \
  /* scatter: each lane gets the value of the highest lane whose (lane, active) operands \
   * name it and are active; 0 when none does (ds_permute_b32) */ \
  X(lane_scatter,   U32,  PURE,              3, (U32, U32, U1)) /* value, target lane, active */ \
  /* bit casts and packing */ \
  X(bitcast_f32,    F32,  PURE,              1, (U32)) \
  X(bitcast_u32,    U32,  PURE,              1, (F32)) \
  X(bitcast_f64,    F64,  PURE,              1, (U64)) \
  X(bitcast_u64,    U64,  PURE,              1, (F64)) \
  X(pack_u64,       U64,  PURE,              2, (U32, U32)) /* lo, hi */ \
  X(lo_u32,         U32,  PURE,              1, (U64)) \
  X(hi_u32,         U32,  PURE,              1, (U64)) \
  X(u16_of,         U16,  PURE | IMM,        1, (U32)) /* imm 0: low half, 1: high half */ \
  X(u32_of_u16,     U32,  PURE,              1, (U16)) /* zero-extended */ \
  X(bitcast_f16,    F16,  PURE,              1, (U16)) \
  X(bitcast_u16,    U16,  PURE,              1, (F16)) \
  X(pack_half,      U32,  PURE,              2, (U16, U16)) /* lo, hi */ \
  X(u1_to_u32,      U32,  PURE,              1, (U1)) \
  X(vec4_u32,       V4U32,PURE,              4, (U32, U32, U32, U32)) \
  X(vec8_u32,       V8U32,PURE,              8, (U32, U32, U32, U32, U32, U32, U32, U32)) \
  X(vec4_f32,       V4F32,PURE,              4, (F32, F32, F32, F32)) \
  X(extract_u32,    U32,  PURE | IMM,        1, (V4U32)) \
  X(extract_f32,    F32,  PURE | IMM,        1, (V4F32)) \
  /* 32-bit integer */ \
  X(iadd,           U32,  PURE | COMM,       2, (U32, U32)) \
  X(isub,           U32,  PURE,              2, (U32, U32)) \
  X(imul,           U32,  PURE | COMM,       2, (U32, U32)) \
  X(umul_hi,        U32,  PURE | COMM,       2, (U32, U32)) \
  X(smul_hi,        U32,  PURE | COMM,       2, (U32, U32)) \
  X(iand,           U32,  PURE | COMM,       2, (U32, U32)) \
  X(ior,            U32,  PURE | COMM,       2, (U32, U32)) \
  X(ixor,           U32,  PURE | COMM,       2, (U32, U32)) \
  X(inot,           U32,  PURE,              1, (U32)) \
  X(shl,            U32,  PURE,              2, (U32, U32)) /* shift count & 31 */ \
  X(lshr,           U32,  PURE,              2, (U32, U32)) \
  X(ashr,           U32,  PURE,              2, (U32, U32)) \
  X(umin,           U32,  PURE | COMM,       2, (U32, U32)) \
  X(umax,           U32,  PURE | COMM,       2, (U32, U32)) \
  X(smin,           U32,  PURE | COMM,       2, (U32, U32)) \
  X(smax,           U32,  PURE | COMM,       2, (U32, U32)) \
  X(ubfe,           U32,  PURE,              3, (U32, U32, U32)) /* value, offset, width */ \
  X(sbfe,           U32,  PURE,              3, (U32, U32, U32)) \
  X(bitcount,       U32,  PURE,              1, (U32)) \
  X(find_lsb,       U32,  PURE,              1, (U32)) /* ~0 when zero */ \
  X(find_umsb,      U32,  PURE,              1, (U32)) /* bit index from the top, ~0 */ \
  X(bitreverse,     U32,  PURE,              1, (U32)) \
  X(ieq,            U1,   PURE | COMM,       2, (U32, U32)) \
  X(ine,            U1,   PURE | COMM,       2, (U32, U32)) \
  X(ult,            U1,   PURE,              2, (U32, U32)) \
  X(ule,            U1,   PURE,              2, (U32, U32)) \
  X(slt,            U1,   PURE,              2, (U32, U32)) \
  X(sle,            U1,   PURE,              2, (U32, U32)) \
  /* 64-bit integer and masks */ \
  X(iadd64,         U64,  PURE | COMM,       2, (U64, U64)) \
  X(iand64,         U64,  PURE | COMM,       2, (U64, U64)) \
  X(ior64,          U64,  PURE | COMM,       2, (U64, U64)) \
  X(ixor64,         U64,  PURE | COMM,       2, (U64, U64)) \
  X(inot64,         U64,  PURE,              1, (U64)) \
  X(shl64,          U64,  PURE,              2, (U64, U32)) \
  X(lshr64,         U64,  PURE,              2, (U64, U32)) \
  X(ieq64,          U1,   PURE | COMM,       2, (U64, U64)) \
  X(ine64,          U1,   PURE | COMM,       2, (U64, U64)) \
  X(bitcount64,     U32,  PURE,              1, (U64)) \
  /* booleans */ \
  X(band,           U1,   PURE | COMM,       2, (U1, U1)) \
  X(bor,            U1,   PURE | COMM,       2, (U1, U1)) \
  X(bxor,           U1,   PURE | COMM,       2, (U1, U1)) \
  X(bnot,           U1,   PURE,              1, (U1)) \
  /* 32-bit float (the function's float mode applies) */ \
  X(fadd,           F32,  PURE | COMM,       2, (F32, F32)) \
  X(fsub,           F32,  PURE,              2, (F32, F32)) \
  X(fmul,           F32,  PURE | COMM,       2, (F32, F32)) \
  X(ffma,           F32,  PURE,              3, (F32, F32, F32)) \
  X(fmin,           F32,  PURE | COMM,       2, (F32, F32)) \
  X(fmax,           F32,  PURE | COMM,       2, (F32, F32)) \
  X(fneg,           F32,  PURE,              1, (F32)) \
  X(fabs,           F32,  PURE,              1, (F32)) \
  X(fsat,           F32,  PURE,              1, (F32)) /* clamp to [0, 1] */ \
  X(fflush,         F32,  PURE,              1, (F32)) /* denormal -> zero of the same sign */ \
  X(ffloor,         F32,  PURE,              1, (F32)) \
  X(fceil,          F32,  PURE,              1, (F32)) \
  X(ftrunc,         F32,  PURE,              1, (F32)) \
  X(frint,          F32,  PURE,              1, (F32)) /* round to nearest even */ \
  X(ffract,         F32,  PURE,              1, (F32)) \
  X(fsqrt,          F32,  PURE,              1, (F32)) \
  X(frsq,           F32,  PURE,              1, (F32)) \
  X(frcp,           F32,  PURE,              1, (F32)) \
  X(fexp2,          F32,  PURE,              1, (F32)) \
  X(flog2,          F32,  PURE,              1, (F32)) \
  X(fsin,           F32,  PURE,              1, (F32)) /* argument in turns (x 2 pi) */ \
  X(fcos,           F32,  PURE,              1, (F32)) \
  X(fldexp,         F32,  PURE,              2, (F32, U32)) \
  X(fcmp,           U1,   PURE | IMM,        2, (F32, F32)) /* imm = enum ir_fcmp */ \
  X(fclass,         U1,   PURE,              2, (F32, U32)) /* class in mask: bit 0 sNaN, */ \
  /* 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf */ \
  X(cvt_f32_u32,    F32,  PURE,              1, (U32)) \
  X(cvt_f32_i32,    F32,  PURE,              1, (U32)) \
  X(cvt_u32_f32,    U32,  PURE,              1, (F32)) /* saturating, NaN -> 0 */ \
  X(cvt_i32_f32,    U32,  PURE,              1, (F32)) \
  X(cvt_f32_f16,    F32,  PURE,              1, (F16)) \
  X(cvt_f16_f32,    F16,  PURE,              1, (F32)) \
  X(cvt_f16_f32_rtz,F16,  PURE,              1, (F32)) /* round toward zero */ \
  X(cvt_f64_f32,    F64,  PURE,              1, (F32)) \
  X(cvt_f32_f64,    F32,  PURE,              1, (F64)) \
  /* 16-bit float */ \
  X(hadd,           F16,  PURE | COMM,       2, (F16, F16)) \
  X(hmul,           F16,  PURE | COMM,       2, (F16, F16)) \
  X(hfma,           F16,  PURE,              3, (F16, F16, F16)) \
  X(hneg,           F16,  PURE,              1, (F16)) \
  X(habs,           F16,  PURE,              1, (F16)) \
  X(hmin,           F16,  PURE | COMM,       2, (F16, F16)) \
  X(hmax,           F16,  PURE | COMM,       2, (F16, F16)) \
  /* 64-bit float */ \
  X(dadd,           F64,  PURE | COMM,       2, (F64, F64)) \
  X(dmul,           F64,  PURE | COMM,       2, (F64, F64)) \
  X(dfma,           F64,  PURE,              3, (F64, F64, F64)) \
  X(dmin,           F64,  PURE | COMM,       2, (F64, F64)) \
  X(dmax,           F64,  PURE | COMM,       2, (F64, F64)) \
  X(dneg,           F64,  PURE,              1, (F64)) \
  X(dabs,           F64,  PURE,              1, (F64)) \
  X(dcmp,           U1,   PURE | IMM,        2, (F64, F64)) \
  X(drcp,           F64,  PURE,              1, (F64)) \
  X(drsq,           F64,  PURE,              1, (F64)) \
  X(dsqrt,          F64,  PURE,              1, (F64)) \
  X(dfloor,         F64,  PURE,              1, (F64)) \
  X(dceil,          F64,  PURE,              1, (F64)) \
  X(dtrunc,         F64,  PURE,              1, (F64)) \
  X(drint,          F64,  PURE,              1, (F64)) /* round to nearest even */ \
  /* division helpers (v_div_scale): s0 scaled by 2^+-64 (f32) / 2^+-128 (f64) when the \
   * quotient s2/s1 would lose range or precision; _flag is its VCC bit (s1, s2) */ \
  X(fdiv_scale,     F32,  PURE,              3, (F32, F32, F32)) \
  X(fdiv_scale_flag,U1,   PURE,              2, (F32, F32)) \
  X(ddiv_scale,     F64,  PURE,              3, (F64, F64, F64)) \
  X(ddiv_scale_flag,U1,   PURE,              2, (F64, F64)) \
  /* memory: buffers take (descriptor, index, byte offset); vector buffer loads, stores and \
   * atomics take the lane-active predicate last (an inactive lane neither reads nor \
   * faults; its load gives 0) */ \
  X(load_const,     U32,  MEM,               2, (U64, U32)) /* SMEM: address, byte offset */ \
  X(load_buffer_const,U32,MEM,               2, (V4U32, U32)) /* SMEM buffer: V#, offset */ \
  X(load_buffer,    U32,  MEM,               4, (V4U32, U32, U32, U1)) \
  X(store_buffer,   VOID, SIDE,              5, (V4U32, U32, U32, U32, U1)) \
  /* formatted: imm = unified format (0: the V#'s), | IR_FMT_D16 (bit 32): 16-bit \
   * components, each in the low half of its dword; components are f32 or integer bits by \
   * the format's class */ \
  X(load_buffer_fmt,V4F32,MEM | IMM,         4, (V4U32, U32, U32, U1)) \
  X(store_buffer_fmt,VOID,SIDE | IMM,        5, (V4U32, U32, U32, V4F32, U1)) \
  X(atomic_buffer,  U32,  SIDE | IMM,        5, (V4U32, U32, U32, U32, U1)) /* imm: ir_atomic */ \
  X(load_global,    U32,  MEM,               1, (U64)) \
  X(store_global,   VOID, SIDE,              3, (U64, U32, U1)) \
  X(atomic_global,  U32,  SIDE | IMM,        3, (U64, U32, U1)) \
  X(atomic_buffer64,U64,  SIDE | IMM,        5, (V4U32, U32, U32, U64, U1)) /* 64-bit data */ \
  X(atomic_global64,U64,  SIDE | IMM,        3, (U64, U64, U1)) \
  /* compare-and-swap (MUBUF/GLOBAL/FLAT/scratch): ..., new value (the data register's first \
   * half, "src"), compare value (second half, "cmp"), active; imm 1 compares as floats */ \
  X(atomic_buffer_cmpswap,  U32, SIDE | IMM, 6, (V4U32, U32, U32, U32, U32, U1)) \
  X(atomic_buffer_cmpswap64,U64, SIDE | IMM, 6, (V4U32, U32, U32, U64, U64, U1)) \
  X(atomic_global_cmpswap,  U32, SIDE | IMM, 4, (U64, U32, U32, U1)) \
  X(atomic_global_cmpswap64,U64, SIDE | IMM, 4, (U64, U64, U64, U1)) \
  /* FLAT address-space dispatch: aperture_hi = bits 63:32 of the shared (imm 0) or private \
   * (imm 1) aperture base, a shader input (SH_MEM_BASES); global loads of a FLAT access \
   * take a predicate (lanes outside global memory read nothing and give 0) */ \
  X(aperture_hi,    U32,  MEM | IMM,         0, ()) \
  X(load_global_if, U32,  MEM,               2, (U64, U1)) \
  X(load_global_sub_if,U32,MEM | IMM,        2, (U64, U1)) /* imm = bytes */ \
  X(load_lds,       U32,  MEM,               1, (U32)) \
  X(store_lds,      VOID, SIDE,              3, (U32, U32, U1)) \
  X(atomic_lds,     U32,  SIDE | IMM,        3, (U32, U32, U1)) \
  X(atomic_lds64,   U64,  SIDE | IMM,        3, (U32, U64, U1)) /* 64-bit: address, data */ \
  /* compare-and-store: address, new value, compare value; imm 1 compares as float */ \
  X(atomic_lds_cmpst,  U32, SIDE | IMM,      4, (U32, U32, U32, U1)) \
  X(atomic_lds_cmpst64,U64, SIDE | IMM,      4, (U32, U64, U64, U1)) \
  /* masked or (ds_mskor): MEM = (MEM & ~mask) | value; operands address, mask, value */ \
  X(atomic_lds_mskor,  U32, SIDE,            4, (U32, U32, U32, U1)) \
  X(atomic_lds_mskor64,U64, SIDE,            4, (U32, U64, U64, U1)) \
  /* ds_*_src2: MEM[a0] = MEM[a0] op MEM[a1], each lane reading MEM[a1] when it applies \
   * (lanes in order); imm: ir_atomic. ds_wrap: old >= a1 ? old - a1 : old + a2, returns old */ \
  X(atomic_lds_src2,  VOID, SIDE | IMM,       3, (U32, U32, U1)) \
  X(atomic_lds_src2_64,VOID,SIDE | IMM,       3, (U32, U32, U1)) \
  X(atomic_lds_wrap,  U32,  SIDE,             4, (U32, U32, U32, U1)) \
  X(wave_id,          U32,  MEM,              0, ()) /* s_get_waveid_in_workgroup: an input */ \
  X(load_scratch,   U32,  MEM,               1, (U32)) \
  X(store_scratch,  VOID, SIDE,              3, (U32, U32, U1)) \
  /* scratch = the lane's private memory, addressed by its private (aperture) offset */ \
  X(load_scratch_sub,U32, MEM | IMM,         1, (U32)) /* imm = bytes */ \
  X(store_scratch_sub,VOID,SIDE | IMM,       3, (U32, U32, U1)) \
  X(atomic_scratch, U32,  SIDE | IMM,        3, (U32, U32, U1)) /* imm: ir_atomic */ \
  X(atomic_scratch64,U64, SIDE | IMM,        3, (U32, U64, U1)) \
  X(atomic_scratch_cmpswap,  U32, SIDE | IMM, 4, (U32, U32, U32, U1)) /* new, compare */ \
  X(atomic_scratch_cmpswap64,U64, SIDE | IMM, 4, (U32, U64, U64, U1)) \
  /* sub-dword accesses: imm = bytes (1 or 2); loads zero-extend, stores write the low bytes */ \
  X(load_buffer_sub,U32,  MEM | IMM,         4, (V4U32, U32, U32, U1)) \
  X(store_buffer_sub,VOID,SIDE | IMM,        5, (V4U32, U32, U32, U32, U1)) \
  /* the byte offset operand of MUBUF/MTBUF operations: offset (voffset + instruction \
   * offset) + soffset; its value is the sum, the interpreter reads the parts (soffset is \
   * added after swizzling and is not part of the structured range check) */ \
  X(buffer_offset,  U32,  PURE,              2, (U32, U32)) \
  X(load_global_sub,U32,  MEM | IMM,         1, (U64)) \
  X(store_global_sub,VOID,SIDE | IMM,        3, (U64, U32, U1)) \
  X(load_lds_sub,   U32,  MEM | IMM,         1, (U32)) \
  X(store_lds_sub,  VOID, SIDE | IMM,        3, (U32, U32, U1)) \
  /* GDS, the global data share: operands as the LDS forms, the address an absolute GDS \
   * byte address (the translation adds M0's base and drops what lies past M0's size); \
   * imm: ir_atomic, for cmpst 1 compares as floats */ \
  X(load_gds,       U32,  MEM,               1, (U32)) \
  X(store_gds,      VOID, SIDE,              3, (U32, U32, U1)) \
  X(atomic_gds,     U32,  SIDE | IMM,        3, (U32, U32, U1)) \
  X(atomic_gds_cmpst,U32, SIDE | IMM,        4, (U32, U32, U32, U1)) \
  X(atomic_gds64,   U64,  SIDE | IMM,        3, (U32, U64, U1)) \
  X(atomic_gds_cmpst64,U64,SIDE | IMM,       4, (U32, U64, U64, U1)) \
  /* the sub-dword, mskor, src2 and wrap forms in GDS, operands as their LDS forms; src2's \
   * second address 0xffffffff (past any GDS) reads 0 */ \
  X(load_gds_sub,   U32,  MEM | IMM,         1, (U32)) \
  X(store_gds_sub,  VOID, SIDE | IMM,        3, (U32, U32, U1)) \
  X(atomic_gds_mskor,  U32, SIDE,            4, (U32, U32, U32, U1)) \
  X(atomic_gds_mskor64,U64, SIDE,            4, (U32, U64, U64, U1)) \
  X(atomic_gds_src2,  VOID, SIDE | IMM,       3, (U32, U32, U1)) \
  X(atomic_gds_src2_64,VOID,SIDE | IMM,       3, (U32, U32, U1)) \
  X(atomic_gds_wrap,  U32,  SIDE,             4, (U32, U32, U32, U1)) \
  /* global wave sync: one operation per wave on resource a0 (0-63) with the value a1 (the \
   * first active lane's); imm = enum ir_gws */ \
  X(gws,            VOID, SIDE | IMM,        2, (U32, U32)) \
  /* images: T#, S#, coordinates (x, y, z/layer, lod/bias); imm = enum ir_image_flags */ \
  X(image_sample,   V4F32,MEM | IMM,         3, (V8U32, V4U32, V4F32)) \
  X(image_gather,   V4F32,MEM | IMM,         3, (V8U32, V4U32, V4F32)) \
  X(image_load,     V4U32,MEM | IMM,         2, (V8U32, V4U32)) \
  /* sample/gather with compare, offset or derivatives: extras = (offset, compare reference, \
   * d/dx x y z, d/dy x y z), unused ones 0 */ \
  X(image_sample_ex,V4F32,MEM | IMM,         4, (V8U32, V4U32, V4F32, V8U32)) \
  X(image_gather_ex,V4F32,MEM | IMM,         4, (V8U32, V4U32, V4F32, V8U32)) \
  X(image_store,    VOID, SIDE | IMM,        4, (V8U32, V4U32, V4U32, U1)) \
  X(image_atomic,   U32,  SIDE | IMM,        4, (V8U32, V4U32, U32, U1)) /* returns old */ \
  /* T#, coordinates, new value (vdata[0]), compare value (vdata[1]), active; returns old */ \
  X(image_atomic_cmpswap,U32,SIDE | IMM,     5, (V8U32, V4U32, U32, U32, U1)) \
  X(image_query,    V4U32,PURE | IMM,        2, (V8U32, U32)) /* T#, mip level */ \
  /* T#, S#, coordinates, extras (d/dx, d/dy of the lane's quad in [2..7], as _ex); returns \
   * x the clamped LOD, y the LOD before the clamps, z = w = 0 */ \
  X(image_get_lod,  V4F32,MEM | IMM,         4, (V8U32, V4U32, V4F32, V8U32)) \
  /* the status dword of an image fetch made with IR_IMAGE_TFE/LWE (operand: its result) */ \
  X(image_status,   U32,  MEM,               1, (ANY)) \
  /* interpolation inputs: attribute parameter P0, P1-P0, P2-P0; imm = attr*4 + channel */ \
  X(attr_p0,        F32,  PURE | IMM,        1, (U32)) /* M0 (LDS parameter base) */ \
  X(attr_p10,       F32,  PURE | IMM,        1, (U32)) \
  X(attr_p20,       F32,  PURE | IMM,        1, (U32)) \
  /* outputs and wave state */ \
  X(export,         VOID, SIDE | IMM,        2, (V4F32, U1)) /* imm: IR_EXPORT_IMM() */ \
  X(set_float_mode, VOID, SIDE | IMM,        0, ()) /* imm: MODE bits low, write mask high */ \
  X(read_clock,     U64,  MEM | IMM,         0, ()) /* imm 0: s_memtime (shader clock), \
                                                       1: s_memrealtime (real-time counter) */ \
  X(get_hwreg,      U32,  MEM | IMM,         0, ()) /* s_getreg: imm = hwreg id 5:0, offset \
                                                       10:6, size-1 15:11 */ \
  X(set_hwreg,      VOID, SIDE | IMM,        1, (U32)) /* s_setreg of a register value (same imm) */ \
  X(send_msg,       VOID, SIDE | IMM,        1, (U32)) /* s_sendmsg: imm = simm16 | halt << 16; M0 */ \
  X(barrier,        VOID, SIDE,              0, ()) \
  X(wait_counters,  VOID, SIDE | IMM,        0, ()) \
  X(kill,           VOID, SIDE,              1, (U1)) /* discard the lanes where true */ \
  X(trap,           VOID, SIDE | IMM,        0, ()) \
  X(bad_jump,       VOID, SIDE | IMM,        1, (U64)) /* a return through a register to no \
                                                       return point: a fault of kind jump \
                                                       (the value as its address), the wave's; \
                                                       imm = instruction offset */ \
  X(unsupported,    VOID, SIDE | IMM,        0, ()) /* imm = instruction offset */ \
  X(observe,        VOID, SIDE | IMM,        1, (ANY)) /* test hook: register imm's final value */ \
  /* terminators (targets are the block's CFG successors) */ \
  X(br,             VOID, TERM,              0, ()) \
  X(cbr,            VOID, TERM,              1, (U1)) /* true: successor 0 */ \
  X(ret,            VOID, TERM,              0, ()) \
  X(unreachable,    VOID, TERM,              0, ())
/* clang-format on */

#endif
