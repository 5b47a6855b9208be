/* The emitter's shared state and small helpers, for the parts of the emitter that live in
 * their own files (spirv_emit.c: set-up, structured control flow, the operations;
 * spirv_emit_dispatch.c: the dispatcher form). Internal to src/gpu/shader/spirv. */
#ifndef PROSPERO_GPU_SHADER_SPIRV_SPIRV_EMIT_INTERNAL_H
#define PROSPERO_GPU_SHADER_SPIRV_SPIRV_EMIT_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <spirv/unified1/GLSL.std.450.h>

#include "gpu/shader/ir/ir_interp_buffer.h"
#include "gpu/shader/spirv/spirv_builder.h"
#include "gpu/shader/spirv/spirv_emit.h"

struct spirv_dispatch;

/* GLSL.std.450 numbers used here (from the official header) */
enum {
  GLSL_FIND_ILSB = GLSLstd450FindILsb,
  GLSL_FIND_UMSB = GLSLstd450FindUMsb,
  GLSL_NMIN = GLSLstd450NMin,
  GLSL_NMAX = GLSLstd450NMax
};

struct emit {
  const struct ir_function *fn;
  struct spv_builder b;
  struct spirv_module *out;
  uint32_t *val;   /* IR value -> SPIR-V id */
  uint32_t *begin; /* per block: its label */
  uint32_t block;
  uint32_t t_mulext64; /* {u64, u64}: OpUMulExtended on 64 bits (spirv_emit_exact.c) */
  uint32_t t_mulext, t_void, t_bool, t_u32, t_u64, t_f32, t_v4u32, t_v4f32, t_psb_u32, t_psb_ptr;
  uint32_t lane, state, junk; /* values computed in the entry block */
  uint32_t state_buf;         /* the wave states' storage buffer (binding 0) */
  uint32_t entry_vgprs;       /* spirv_emit_options.entry_vgprs */
  uint32_t ranges_var;        /* the guest range table (binding 1) */
  uint32_t range_base[SPIRV_RANGE_SLOTS], range_size[SPIRV_RANGE_SLOTS],
      range_dev[SPIRV_RANGE_SLOTS];
  uint32_t range_live[SPIRV_RANGE_SLOTS];    /* spec constant: slot < the range count */
  uint32_t wave;                             /* the wave's index in its workgroup (entry block) */
  uint32_t waves, lanes;                     /* waves per workgroup, invocations per wave */
  bool subgroup;                             /* cross-lane operations through subgroup operations */
  uint32_t lane_in, wave_in;                 /* the built-ins lane and wave come from */
  uint32_t atomic_fn[4][IR_ATOMIC_RSUB + 5]; /* atomic helpers (spirv_emit_atomic.c); 0: none */
  uint32_t lds_fn[2][IR_ATOMIC_RSUB + 1];    /* LDS src2 helpers (spirv_emit_lds.c); 0: none */
  uint32_t lds_lock_var;                     /* the 64-bit LDS atomics' lock (0: none) */
  uint32_t image_addr_fn;                    /* the image address helper (0: none) */
  uint32_t image_fetch_fn;                   /* the texel decode helper (0: none) */
  uint32_t image_foot_fn;                    /* the footprint address helper (0: none) */
  uint32_t texel_fn; /* the special formats' texel helper (spirv_emit_texel.c; 0: none) */
  uint64_t gds_addr; /* spirv_emit_options.gds_addr, gds_bytes */
  uint32_t gds_bytes;
  uint32_t shader_clock;               /* spirv_emit_options.shader_clock */
  uint32_t bar_var, bar_count, bar_fn; /* s_barrier between waves: counters, count, function */
  uint32_t scratch_var, scratch_bytes; /* the lane's private memory (spirv_emit_scratch.c) */
  uint32_t scratch_sgpr, scratch_group_bytes, num_groups_var; /* the wave offset */
  bool scratch_too_big;
  uint32_t iface[20], niface;
  uint32_t ballot_var, ballot_count; /* workgroup slots of ballot (3 x 2 dwords), counter */
  uint32_t rfl_var, rfl_count;       /* workgroup rows of read_first_lane (2 x wave), counter */
  uint32_t scatter_var;              /* lane_scatter: owners, spare, values, losers (4 x wave) */
  uint32_t tgid_sgpr[3], group_var;  /* workgroup id SGPRs (+1), the WorkgroupId input */
  uint32_t lds_var, lds_bytes;       /* LDS: workgroup dwords (one spare at the end) */
  uint32_t file;
  uint32_t *late, nlate; /* unreachable merge blocks, emitted last */
  bool float_used;
  uint16_t *modes;                 /* per instruction, the float mode in force (ir_float_modes) */
  bool fenced;                     /* a barrier and no guest memory access since */
  bool float64_used;               /* 64-bit float arithmetic (spirv_emit_float.c) */
  struct spirv_dispatch *dispatch; /* the dispatcher form's state (spirv_emit_dispatch.c) */
  /* fences around writes (spirv_emit_memory.c): per instruction, whether a memory access
   * may follow it before the next fence; per block, whether one may have happened since
   * the last fence at its start; the instruction being emitted */
  bool *follows, *dirty_in;
  uint32_t cur;
  /* guarded fences (spirv_emit_memory.c): per instruction, the label of the block that
   * follows its guarded fence (0: none); per block, the label of its last part (0: its
   * own); the specialization constant that runs them */
  uint32_t *split, *end;
  /* per instruction, the label of the block that follows the guarded fence after a write
   * (0: none); SPIRV_FENCE_COVERED in split: the guarded fence after the access just before
   * this write stands for the one before it */
  uint32_t *split_after;
  uint32_t fences_spec;
  uint32_t exec_full_spec;  /* SPIRV_SPEC_EXEC_FULL (0 until the entry EXEC is read) */
  uint32_t tid_linear_spec; /* SPIRV_SPEC_TID_LINEAR (0 until v0 is read) */
  uint32_t format_table;    /* the unified formats' layouts (spirv_emit_format.c; 0: none yet) */
  uint32_t srgb_table;      /* the SRGB decode values and encode thresholds (0: none yet) */
  uint32_t format_fn[5];    /* run-time format helper functions (spirv_emit_format.c; 0: none) */
  uint32_t fault_fn;        /* the fault record's flush helper (spirv_emit_fault.c; 0: none) */
  uint32_t fault_note_fn;   /* the note helper (0: none) */
  uint32_t fault_count, fault_addr, fault_info; /* the lane's faults so far (variables) */
  uint32_t fault_check;                         /* SPIRV_SPEC_FAULT_CHECK */
  uint32_t fault_lane;                          /* lane | wave << 8 (entry block) */
  uint32_t fault_lane0; /* lane == 0: the lane that reports a scalar access (entry block) */
};

/* ---- errors ----------------------------------------------------------------------- */

static inline void unsupported(struct emit *e, const char *fmt, ...) {
  if (!e->out->unsupported++) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->out->error, sizeof e->out->error, fmt, ap);
    va_end(ap);
  }
}

/* ---- small emitters --------------------------------------------------------------- */

static inline void inst(struct emit *e, SpvOp op, const uint32_t *w, uint32_t n) {
  spv_inst(&e->b, SPV_SEC_FUNCTION, op, w, n);
}
/* a helper function's parameter of type TYPE (its id), a block's label, a branch */
static inline uint32_t param(struct emit *e, uint32_t type) {
  uint32_t id = spv_id(&e->b), w[2] = {type, id};
  inst(e, SpvOpFunctionParameter, w, 2);
  return id;
}
static inline void label(struct emit *e, uint32_t id) { inst(e, SpvOpLabel, &id, 1); }
static inline void branch(struct emit *e, uint32_t to) { inst(e, SpvOpBranch, &to, 1); }
/* OP TYPE ID ARGS with a given result id */
static inline void def(struct emit *e, SpvOp op, uint32_t type, uint32_t id, const uint32_t *a,
                       uint32_t n) {
  uint32_t w[12] = {type, id};
  for (uint32_t i = 0; i < n && i < 10; i++) w[2 + i] = a[i];
  inst(e, op, w, n + 2);
}
static inline uint32_t op1(struct emit *e, SpvOp op, uint32_t t, uint32_t a) {
  return spv_op(&e->b, op, t, &a, 1);
}
static inline uint32_t op2(struct emit *e, SpvOp op, uint32_t t, uint32_t a, uint32_t b) {
  uint32_t w[2] = {a, b};
  return spv_op(&e->b, op, t, w, 2);
}
static inline uint32_t op3(struct emit *e, SpvOp op, uint32_t t, uint32_t a, uint32_t b,
                           uint32_t c) {
  uint32_t w[3] = {a, b, c};
  return spv_op(&e->b, op, t, w, 3);
}
static inline uint32_t glsl(struct emit *e, uint32_t t, uint32_t f, uint32_t a, uint32_t b,
                            uint32_t n) {
  uint32_t w[4] = {spv_glsl_std(&e->b), f, a, b};
  return spv_op(&e->b, SpvOpExtInst, t, w, 2 + n);
}
static inline uint32_t cu32(struct emit *e, uint32_t v) { return spv_const(&e->b, e->t_u32, v); }
static inline uint32_t cu64(struct emit *e, uint64_t v) { return spv_const64(&e->b, e->t_u64, v); }
static inline uint32_t cf32(struct emit *e, float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return spv_const(&e->b, e->t_f32, u);
}
static inline uint32_t sel(struct emit *e, uint32_t t, uint32_t c, uint32_t a, uint32_t b) {
  return op3(e, SpvOpSelect, t, c, a, b);
}
static inline uint32_t to_u64(struct emit *e, uint32_t v) {
  return op1(e, SpvOpUConvert, e->t_u64, v);
}
static inline uint32_t add64(struct emit *e, uint32_t a, uint32_t b) {
  return op2(e, SpvOpIAdd, e->t_u64, a, b);
}
static inline uint32_t bits32(struct emit *e, uint32_t v, unsigned lo, unsigned n) {
  uint32_t s = lo ? op2(e, SpvOpShiftRightLogical, e->t_u32, v, cu32(e, lo)) : v;
  return n < 32 ? op2(e, SpvOpBitwiseAnd, e->t_u32, s, cu32(e, (1u << n) - 1)) : s;
}

static inline uint32_t type_of(struct emit *e, enum ir_type t) {
  switch (t) {
    case IR_TYPE_U1: return e->t_bool;
    case IR_TYPE_U16: /* zero-extended in 32 bits */
    case IR_TYPE_F16: /* its bits, zero-extended in 32 bits */
    case IR_TYPE_U32: return e->t_u32;
    case IR_TYPE_U64: return e->t_u64;
    case IR_TYPE_F64: return spv_type_float(&e->b, 64);
    case IR_TYPE_F32: return e->t_f32;
    case IR_TYPE_V4U32: return e->t_v4u32;
    case IR_TYPE_V4F32: return e->t_v4f32;
    case IR_TYPE_V8U32: return spv_type_array(&e->b, e->t_u32, 8); /* a T# */
    default: unsupported(e, "type %s", ir_type_name(t)); return e->t_u32;
  }
}

/* The sixteen IR float-compare predicates (IR_FCMP_*) on A and B of any float width: a bool.
 * ORD/UNO go through IsNan. In spirv_emit.c; f32 and f64 compares share it. */
uint32_t spirv_emit_fcmp(struct emit *e, uint32_t pred, uint32_t a, uint32_t b);

/* ---- the lane model (spirv_emit_lanes.c) ------------------------------------------------ */

void spirv_lanes_setup(struct emit *e, const struct spirv_emit_options *opts);
void spirv_lanes_vars(struct emit *e);
void spirv_lanes_entry(struct emit *e);
void spirv_lanes_finish(struct emit *e, uint32_t main_fn);
void spirv_lane_barrier(struct emit *e);
void spirv_wave_barrier(struct emit *e);
void spirv_wave_end(struct emit *e);
uint32_t spirv_emit_ballot(struct emit *e, uint32_t pred);
uint32_t spirv_emit_read_lane(struct emit *e, uint32_t v, uint32_t lane);
uint32_t spirv_emit_read_first_lane(struct emit *e, uint32_t v, uint32_t exec);
uint32_t spirv_emit_lane_scatter(struct emit *e, uint32_t v, uint32_t target, uint32_t active);

/* ---- scratch and the FLAT apertures (spirv_emit_scratch.c) ------------------------------ */

bool spirv_emit_scratch_supports(enum ir_op op);
void spirv_scratch_setup(struct emit *e, const struct spirv_emit_options *opts);
void spirv_scratch_vars(struct emit *e);
bool spirv_scratch_offset(struct emit *e, uint32_t sgpr, uint32_t *v);
/* The GDS operations emitted when the caller maps the GDS (spirv_emit_options.gds_addr) */
bool spirv_gds_emitted(enum ir_op op);
/* When instruction I of FN reaches GDS (ds_* with gds, ds_gws_*): the refusal in ERR. */
bool spirv_gds_refusal(const struct ir_function *fn, uint32_t i, char *err, size_t size);
bool spirv_emit_scratch(struct emit *e, uint32_t id, const uint32_t *a);
/* The new value of atomic OP (enum ir_atomic) on OLD and V of type T (u32 or u64); the float
 * ones through spirv_atomic_float_value */
uint32_t spirv_atomic_value(struct emit *e, uint64_t op, uint32_t t, uint32_t old, uint32_t v);

/* ---- atomics without a SPIR-V instruction (spirv_emit_atomic.c) ------------------------- */

/* the compare-and-swap forms as helper operations, after enum ir_atomic; then masked or
 * (ds_mskor: (old & ~V) | C) and wrap (ds_wrap: old >= V ? old - V : old + C) */
enum {
  SPIRV_ATOMIC_CMPSWAP = IR_ATOMIC_RSUB + 1,
  SPIRV_ATOMIC_FCMPSWAP,
  SPIRV_ATOMIC_MSKOR,
  SPIRV_ATOMIC_WRAP,
  SPIRV_ATOMIC_OPS
};
/* where a helper works: ADDR is a device address (GLOBAL: 4-byte aligned, GLOBAL64: 8), an
 * LDS dword index (LDS) or an LDS byte address (LDS64, taken under the LDS lock) */
enum spirv_atomic_kind {
  SPIRV_ATOMIC_GLOBAL,
  SPIRV_ATOMIC_GLOBAL64,
  SPIRV_ATOMIC_LDS,
  SPIRV_ATOMIC_LDS64,
  SPIRV_ATOMIC_KINDS
};
_Static_assert(SPIRV_ATOMIC_OPS == IR_ATOMIC_RSUB + 5, "atomic_fn size");
/* A call of the helper of OP (an enum ir_atomic or SPIRV_ATOMIC_*CMPSWAP) on ADDR with data V
 * and compare value C (0: none); GO (LDS64 only) whether the lane does it. The old value. */
uint32_t spirv_atomic_call(struct emit *e, enum spirv_atomic_kind kind, uint32_t op, uint32_t addr,
                           uint32_t v, uint32_t c, uint32_t go);
void spirv_atomic_fn_bodies(struct emit *e);
/* the name of helper operation OP ("add", "mskor", ...) */
const char *spirv_atomic_op_name(uint32_t op);
/* The new value of OP (an enum ir_atomic or a SPIRV_ATOMIC_* above) on OLD, V and C of type T */
uint32_t spirv_atomic_new(struct emit *e, uint32_t op, uint32_t t, uint32_t old, uint32_t v,
                          uint32_t c);
uint32_t spirv_atomic_float_value(struct emit *e, uint64_t op, uint32_t t, uint32_t old,
                                  uint32_t v);
/* float equality of the bits (f32 in u32, f64 in u64): -0 == +0, NaN never equal */
uint32_t spirv_float_equal(struct emit *e, uint32_t t, uint32_t a, uint32_t b);

/* ---- 64-bit float (spirv_emit_float.c) ------------------------------------------------ */

bool spirv_emit_float_supports(enum ir_op op);
/* f32 value F -> f16 bits (low 16 of a u32) rounded by ROUND: 0 nearest even, 1 toward +inf,
 * 2 toward -inf, 3 toward zero (spirv_emit_float.c) */
uint32_t spirv_f32_to_half(struct emit *e, uint32_t f, unsigned round);
/* hadd/hmul/hfma (operand ids A: f16 bits in u32) rounded to f16 by a directed ROUND */
uint32_t spirv_half_round(struct emit *e, enum ir_op op, const uint32_t *a, unsigned round);
/* Whether instruction ID is an access to a hardware register the module does not model
 * (anything but MODE bits 7:0): false, or true with the reason in ERR. */
bool spirv_hwreg_refusal(const struct ir_function *fn, uint32_t id, char *err, size_t size);
bool spirv_emit_float(struct emit *e, uint32_t id, const uint32_t *a);
/* frcp and fsqrt correctly rounded to nearest even: f32 value A -> f32 value */
uint32_t spirv_exact_rcp32(struct emit *e, uint32_t a);
uint32_t spirv_exact_sqrt32(struct emit *e, uint32_t a);
/* exact ffma, frsq, fldexp and the hfma core (spirv_emit_exact.c) */
bool spirv_exact_supports(enum ir_op op);
bool spirv_emit_exact(struct emit *e, uint32_t id, const uint32_t *a);
uint32_t spirv_exact_fma_odd32(struct emit *e, uint32_t a, uint32_t b, uint32_t c);
/* f32 bits -> f64 value and f64 value -> f32 bits (nearest even), exact on the bits */
uint32_t spirv_exact_widen(struct emit *e, uint32_t bits);
uint32_t spirv_exact_narrow(struct emit *e, uint32_t d);
/* the same rounded by MODE's f32 round field ROUND (0 nearest even, 1 +inf, 2 -inf, 3 zero) */
uint32_t spirv_exact_narrow_round(struct emit *e, uint32_t d, unsigned round);
/* f64 A * B + C rounded to odd (the product exact, the sum's error normal or 0) */
uint32_t spirv_exact_fma_odd64(struct emit *e, uint32_t a, uint32_t b, uint32_t c);
/* f32 arithmetic under a directed f32 round mode (spirv_emit_round.c): false when ID is not
 * one of the operations it computes */
bool spirv_emit_round(struct emit *e, uint32_t id, const uint32_t *a);
/* integer helpers: the top set bit of a nonzero u64 (as u32); |f64 bits U| = A 2^ea with a
 * 53-bit A (denormals normalised); the 128-bit product of two u64 */
uint32_t spirv_exact_msb64(struct emit *e, uint32_t v);
void spirv_exact_f64_parts(struct emit *e, uint32_t u, uint32_t *A, uint32_t *ea);
void spirv_exact_mulx(struct emit *e, uint32_t a, uint32_t b, uint32_t *lo, uint32_t *hi);
/* dfma exactly, on integers (spirv_emit_dfma.c): f64 values A, B, C -> f64 value */
uint32_t spirv_exact_dfma(struct emit *e, uint32_t a, uint32_t b, uint32_t c);
/* dsqrt / drcp / drsq (f64 operand A) rounded by ROUND (0 nearest even, 1 toward +inf, 2 toward
 * -inf, 3 toward zero): the nearest-even result, then one step to the side of the exact
 * value the direction asks (spirv_emit_exact.c) */
uint32_t spirv_exact_dsqrt_round(struct emit *e, uint32_t a, unsigned round);
uint32_t spirv_exact_drcp_round(struct emit *e, uint32_t a, unsigned round);
uint32_t spirv_exact_drsq_round(struct emit *e, uint32_t a, unsigned round);
/* fexp2 flog2 fsin fcos (OP, f32 operand A) rounded by ROUND: the f64 algorithm narrowed in
 * the direction, the exact value's side where y = +-1 (an f32 result) */
uint32_t spirv_exact_transcendental_round(struct emit *e, enum ir_op op, uint32_t a,
                                          unsigned round);
/* frsq (f32 operand A) rounded by ROUND the same way (an f32 result) */
uint32_t spirv_exact_rsq32_round(struct emit *e, uint32_t a, unsigned round);
/* The same rounded by ROUND (0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero);
 * MUL: C is the -0 of a product alone, whose zero keeps the product's sign. */
uint32_t spirv_exact_dfma_round(struct emit *e, uint32_t a, uint32_t b, uint32_t c, unsigned round,
                                bool mul);

/* ---- division helpers (spirv_emit_div.c): fdiv_scale, ddiv_scale and their flags ------ */

bool spirv_div_supports(enum ir_op op);
bool spirv_emit_div(struct emit *e, uint32_t id, const uint32_t *a);

/* ---- memory (spirv_emit_memory.c) ------------------------------------------------------ */

bool spirv_fence_plan(struct emit *e);
/* The device address of guest address G64 for an access of BYTES bytes by a lane whose
 * predicate is *ACTIVE (0: every lane); *ACTIVE becomes the predicate of the access (the
 * lane is active and the address is mapped). spirv_guest_ranges_load reads the table in
 * the entry block. */
uint32_t spirv_guest_addr(struct emit *e, uint32_t g64, uint32_t bytes, uint32_t *active);
void spirv_guest_ranges_load(struct emit *e);
/* Qword INDEX / 2 of the range table (INDEX: a dword, even), loaded */
uint32_t spirv_ranges_u64(struct emit *e, uint32_t index);
/* Accesses outside every range (spirv_emit_fault.c): the lane's variables (first in the entry
 * block); the count of the access being emitted at masked guest address G of
 * BYTES bytes (0: a run-time size) by a lane whose predicate is ACTIVE (0: every lane) that
 * hits a range when MAPPED; the flush before each return; the helpers' bodies (after main) */
void spirv_fault_vars(struct emit *e);
void spirv_fault_note(struct emit *e, uint32_t active, uint32_t mapped, uint32_t g, uint32_t bytes);
/* the same with the record's kind KIND (enum spirv_fault_kind) given, G any u64 value */
void spirv_fault_note_kind(struct emit *e, uint32_t kind, uint32_t active, uint32_t mapped,
                           uint32_t g, uint32_t bytes);
void spirv_fault_flush(struct emit *e);
void spirv_fault_fn_body(struct emit *e);
/* The same for an access of a run-time number of bytes BYTES64 (a u64 value; any size,
 * a range smaller than the access holds none of it) */
uint32_t spirv_guest_addr_n(struct emit *e, uint32_t g64, uint32_t bytes64, uint32_t *active);
void spirv_fence_free(struct emit *e);
/* Plans the guarded fences (after spirv_fence_plan, with the block labels allocated) and
 * records their guards in the module; structured functions only. */
bool spirv_guard_plan(struct emit *e);
#define SPIRV_FENCE_COVERED UINT32_MAX
/* The fence before the write being emitted when it is guarded (e->split[e->cur]). */
void spirv_guarded_fence(struct emit *e);
/* The fence after the write being emitted when it is guarded (e->split_after[e->cur]). */
void spirv_guarded_fence_after(struct emit *e);
/* The label a successor's phi names for block B (its last part). */
static inline uint32_t spirv_block_end(const struct emit *e, uint32_t b) {
  return e->end && e->end[b] ? e->end[b] : e->begin[b];
}

/* ---- buffer memory helpers of spirv_emit.c, for spirv_emit_format.c ------------------- */

/* The V# range check and guest address of a buffer access of PAYLOAD64 bytes (a u64 value):
 * ARGS are the IR operands V#, index, offset (a buffer_offset's parts are the offset and
 * soffset); *IN_RANGE a bool, *ADDR a u64 guest address. */
void spirv_buffer_access(struct emit *e, const uint32_t *args, uint32_t payload64,
                         uint32_t *in_range, uint32_t *addr);
/* a dword at a 4-byte aligned device address; N (1..4) bytes at any address */
uint32_t spirv_psb_load(struct emit *e, uint32_t addr64);
void spirv_psb_store(struct emit *e, uint32_t addr64, uint32_t v);
void spirv_psb_store_bytes(struct emit *e, uint32_t addr64, uint32_t v, uint32_t n);
/* the fences around a write to guest memory (docs/shader-spirv.md, "Memory order") */
void spirv_write_begin(struct emit *e);
void spirv_write_end(struct emit *e);

/* ---- format conversions (spirv_emit_format.c) -----------------------------------------
 * The GFX10 unified formats of the texture unit (layouts: ir/buffer_formats.def through
 * ir_buffer_format_of, the interpreter's table; rules: ir_interp_buffer.c). A format is
 * either known when the module is built (an MTBUF instruction's: only its class's code is
 * emitted) or a run-time u32 value (a V#'s FORMAT field: the layout is read from a table in
 * the module, every class's conversion is computed and the format's is selected). These
 * are the entry points any memory path converting through a unified format uses (the
 * formatted buffer accesses here; images later): set a struct spirv_format up once per
 * access, then decode / encode. Values are SPIR-V ids of u32 values (bool where said). */
struct spirv_format {
  bool known;                /* the format is a compile-time constant ... */
  struct ir_buffer_format f; /* ... with this layout (comps > 0) */
  uint32_t valid;            /* bool: the format has components (run time: not 0, 78..127) */
  uint32_t cls;              /* enum ir_buffer_class */
  uint32_t bits[4], lo[4];   /* per component: width (0: absent) and first bit in the element */
  uint32_t bytes64;          /* the element's size in bytes, a u64 value */
  bool srgb;                 /* run time: the SRGB rows can occur (a T#'s format) */
};
/* FORMAT (1..127) known at compile time; false (and nothing set up) for a value without
 * components (0, 78..127) */
bool spirv_format_known(struct emit *e, uint32_t format, struct spirv_format *f);
/* the format in u32 value FORMAT at run time (rows 0..144, IR_BUFFER_FORMAT_ROWS; larger
 * values have no components); set f->srgb after it where the SRGB rows can occur (images) */
void spirv_format_dynamic(struct emit *e, uint32_t format, struct spirv_format *f);
/* the module's SRGB table (made on first use; call it from main before a helper function
 * decodes or encodes a format with f->srgb: its variable is in the entry point's interface) */
uint32_t spirv_format_srgb_table(struct emit *e);
/* RAW: the element's dwords as u32 values (little endian, component c at bits lo[c] and
 * up; dwords past the element's size are not read: pass 0). OUT: the four components as
 * u32 bit patterns (f32 bits for the float classes UNORM/SNORM/USCALED/SSCALED/FLOAT, the
 * zero- or sign-extended integer for UINT/SINT); components the format lacks: x, y, z 0, w
 * one (spirv_format_one). */
void spirv_format_decode(struct emit *e, const struct spirv_format *f, const uint32_t raw[4],
                         uint32_t out[4]);
/* IN: four components as u32 bit patterns (as decode gives them; those the format lacks are
 * ignored) -> RAW: the element's dwords (bits past the element 0), clamped and rounded as
 * ir_buffer_format_store does */
void spirv_format_encode(struct emit *e, const struct spirv_format *f, const uint32_t in[4],
                         uint32_t raw[4]);
/* "one" of F's class: 1.0f as bits, or 1 for UINT/SINT */
uint32_t spirv_format_one(struct emit *e, const struct spirv_format *f);
/* D16: a component value of F's class to its 16-bit form (binary16 nearest even for the float
 * classes, the low 16 bits for UINT/SINT) and back (exact widening; SINT sign-extends) */
uint32_t spirv_format_to_d16(struct emit *e, const struct spirv_format *f, uint32_t v);
uint32_t spirv_format_from_d16(struct emit *e, const struct spirv_format *f, uint32_t v);
/* the IR operations: load_buffer_fmt, store_buffer_fmt */
bool spirv_format_supports(enum ir_op op);
bool spirv_emit_format(struct emit *e, uint32_t id, const uint32_t *a);
/* the bodies of the run-time format helpers the accesses called (after main) */
void spirv_format_fn_bodies(struct emit *e);
/* a Private u32 table of the N values V named NAME (made from main: it joins the entry
 * point's interface), and element I (a u32 id) of table T */
uint32_t spirv_private_table(struct emit *e, const uint32_t *v, uint32_t n, const char *name);
uint32_t spirv_table_load(struct emit *e, uint32_t t, uint32_t i);

/* ---- the special image formats' texels (spirv_emit_texel.c; ir_texel.h) ----------------
 * spirv_texel_info: FORMAT's ir_texel_info word at run time (0: a plain format).
 * spirv_texel_decode: the texel SUB ((y & 3) << 2 | (x & 3) inside the element) of the
 * element's dwords RAW of a special format INFO as the dwords OUT of an element of its plain
 * format (info bits 23:16), through one helper function per module. */
uint32_t spirv_texel_info(struct emit *e, uint32_t format);
void spirv_texel_decode(struct emit *e, uint32_t info, const uint32_t raw[4], uint32_t sub,
                        uint32_t out[4]);
void spirv_texel_fn_body(struct emit *e);
/* the BC6H and BC7 helpers (spirv_emit_bptc.c): (info, r0..r3, texel) -> the plain element;
 * the texel helper calls them in branches of their own and emits their bodies after it */
void spirv_bptc_fn_bodies(struct emit *e, uint32_t bc6h_fn, uint32_t bc7_fn);

/* ---- sub-dword LDS, mskor/src2/wrap in LDS and GDS, clock and messages (spirv_emit_lds.c) */

bool spirv_lds_supports(enum ir_op op);
/* The GDS forms of spirv_emit_lds.c, emitted when the caller maps the GDS */
bool spirv_lds_gds_emitted(enum ir_op op);
/* Whether OP needs the LDS array (LOCK false) or the LDS lock (LOCK true) */
bool spirv_lds_uses(enum ir_op op, bool lock);
/* Whether the emission of OP (one of spirv_emit_lds.c's) ends with spirv_write_end */
bool spirv_lds_ends_with_fence(enum ir_op op);
/* When instruction I (read_clock, send_msg) cannot be emitted under OPTS: the reason in ERR */
bool spirv_wave_refusal(const struct ir_function *fn, const struct spirv_emit_options *opts,
                        uint32_t i, char *err, size_t size);
bool spirv_emit_lds(struct emit *e, uint32_t id, const uint32_t *a);
/* 4 (WIDE: 8) bytes at LDS byte address X, any alignment: read with atomic loads of the
 * dwords they cover; written with atomic AND/OR of the bytes in each dword (the other bytes
 * stay as they are). Dword indices past the LDS go to its spare dword. Callers that need the
 * read-modify-write to be one step hold the LDS lock (the 64-bit LDS atomics, src2). */
uint32_t spirv_lds_read_bytes(struct emit *e, bool wide, uint32_t x);
void spirv_lds_write_bytes(struct emit *e, bool wide, uint32_t x, uint32_t v);
void spirv_lds_fn_bodies(struct emit *e);
/* spirv_emit.c's pieces they are made of (the fences around a write: above): an LDS atomic (OP as
 * spirv_atomic_call's, PRED the lane's predicate), 32- and 64-bit; the same in the GDS; N (1,
 * 2) bytes read from / written to GDS address ADDR */
uint32_t spirv_lds_atomic(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                          uint32_t pred);
uint32_t spirv_lds_atomic64(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                            uint32_t pred);
uint32_t spirv_gds_atomic(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                          uint32_t pred);
uint32_t spirv_gds_atomic64(struct emit *e, uint32_t op, uint32_t addr, uint32_t v, uint32_t c,
                            uint32_t pred);
uint32_t spirv_gds_load_bytes(struct emit *e, uint32_t addr, uint32_t n);
void spirv_gds_store_bytes(struct emit *e, uint32_t addr, uint32_t v, uint32_t n, uint32_t pred);

/* ---- images (spirv_emit_image.c) ------------------------------------------------------- */

bool spirv_emit_image_supports(enum ir_op op);
/* Whether instruction I of FN is an image operation (or form) not emitted: true with the
 * reason in ERR. */
bool spirv_image_refusal(const struct ir_function *fn, uint32_t i, char *err, size_t size);
bool spirv_emit_image(struct emit *e, uint32_t id, const uint32_t *a);
/* the bodies of the image helpers (address, texel fetch), after main (when called) */
void spirv_image_fn_body(struct emit *e);
/* sampling's texel fetch: the T# and its element size, set up once per instruction */
struct spirv_texel_src {
  uint32_t t, bpe, fmt_ok;
  uint32_t bwl, bhl; /* log2 texels per element in x, y (special formats; else 0) */
  uint32_t format;   /* the T#'s format (u32) */
  uint32_t plain;    /* the format whose conversions apply (special formats: their plain one) */
};
void spirv_image_texel_src(struct emit *e, uint32_t t, struct spirv_texel_src *src);
/* the elements (x[i], y[j], slice[k]) of absolute level LEVEL at OUT[4k + 2j + i] for the
 * first COUNT indices, each a v4u32 of components decoded by the format (0 without a
 * layout or mapping) */
void spirv_image_footprint(struct emit *e, const struct spirv_texel_src *src, const uint32_t x[2],
                           const uint32_t y[2], const uint32_t slice[2], uint32_t level,
                           uint32_t is3d, unsigned count, uint32_t out[8]);
/* the elements (x[k], y[k], slice[k]) of absolute level LEVEL of a 2D (array) surface at
 * OUT[k], k = 0, 1: two elements of any places, one footprint helper call */
void spirv_image_texel_pair(struct emit *e, const struct spirv_texel_src *src, const uint32_t x[2],
                            const uint32_t y[2], const uint32_t slice[2], uint32_t level,
                            uint32_t out[2]);
/* cube maps in sampling (spirv_emit_sample_cube.c) */
struct spirv_cube {
  uint32_t face, slice0; /* u32: the face 0 .. 5, the slice of the layer's face 0 */
  uint32_t seamless, in; /* bool: DISABLE_CUBE_WRAP clear; the T# holds a whole cube */
  uint32_t steps;        /* u32: the face's row of ir_cube_steps, a byte an edge */
};
/* the address's s, t (1 .. 2 across the face) and q (face + 8 × layer) against the T#'s
 * level-0 WIDTH, HEIGHT, DEPTH (fields + 1) and BASE_ARRAY: UV the f32 face coordinates
 * 0 .. 1, C the face and its slices */
void spirv_cube_coords(struct emit *e, const uint32_t co[3], uint32_t width, uint32_t height,
                       uint32_t depth, uint32_t base_array, uint32_t seamless, struct spirv_cube *c,
                       uint32_t uv[2]);
/* the four texels T4[2 dy + dx] (v4u32, memory components) of the bilinear footprint at
 * I0 (i, j signed) on faces of N texels at level L: seamless, across the edges and the mean
 * at a corner (clamped to the face unless LINEAR); otherwise the face's texels IDX as the
 * address modes gave them, with their border flags BD (cleared when seamless) */
void spirv_cube_footprint(struct emit *e, const struct spirv_texel_src *src,
                          const struct spirv_cube *c, const uint32_t i0[2], uint32_t n, uint32_t l,
                          uint32_t linear, uint32_t is_int, uint32_t idx[][2], uint32_t bd[3][2],
                          uint32_t t4[4]);
/* image_sample(_ex) (spirv_emit_sample.c): the refusal of the forms not emitted, and the
 * v4u32 bits of the result */
bool spirv_sample_refusal(const struct ir_inst *in, uint32_t i, char *err, size_t size);
uint32_t spirv_emit_sample(struct emit *e, const struct ir_inst *in, const uint32_t *a);
/* dword INDEX (SPIRV_STATE_*) of the wave's start state (spirv_emit.c) */
uint32_t spirv_state_word(struct emit *e, uint32_t index);
/* N (1 or 2) bytes at any device address, zero-extended (spirv_emit.c) */
uint32_t spirv_psb_load_bytes(struct emit *e, uint32_t addr64, uint32_t n);
/* a 32-bit atomic of IR atomic IMM (CAS: compare-and-swap) at device address ADDR, fenced
 * as a write (spirv_emit.c) */
uint32_t spirv_emit_atomic32(struct emit *e, uint64_t imm, bool cas, uint32_t addr, uint32_t v,
                             uint32_t c);

/* ---- the dispatcher form (spirv_emit_dispatch.c) ------------------------------------ */

bool spirv_dispatch_begin(struct emit *e);
void spirv_dispatch_free(struct emit *e);
void spirv_dispatch_vars(struct emit *e);
void spirv_dispatch_block_start(struct emit *e, uint32_t blk);
void spirv_dispatch_defined(struct emit *e, uint32_t id);
void spirv_dispatch_terminator(struct emit *e, uint32_t blk, uint32_t term, bool entry);
void spirv_dispatch_head(struct emit *e);
void spirv_dispatch_tail(struct emit *e);

#endif
