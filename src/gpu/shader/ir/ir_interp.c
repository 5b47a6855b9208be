#include "gpu/shader/ir/ir_interp.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/ir/ir_float.h"
#include "gpu/shader/ir/ir_mode.h"
#include "gpu/shader/ir/ir_internal.h"
#include "gpu/shader/ir/ir_interp_buffer.h"

struct interp {
  const struct ir_function *fn;
  struct ir_interp_wave *w;
  uint32_t lanes;
  uint64_t *val; /* inst_count * lanes */
  uint32_t *vec; /* image results: 4 dwords and the status per lane per instruction (allocated
                    on use; IMG_SLOT dwords each) */
  char *err;
  size_t err_size;
};

static bool stop(struct interp *it, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool stop(struct interp *it, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(it->err, it->err_size, fmt, ap);
  va_end(ap);
  return false;
}

static uint64_t *V(struct interp *it, uint32_t id) { return &it->val[(size_t)id * it->lanes]; }

static float f32(uint64_t b) {
  uint32_t u = (uint32_t)b;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static uint64_t bf32(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static double f64(uint64_t b) {
  double d;
  memcpy(&d, &b, 8);
  return d;
}
static uint64_t bf64(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}

/* IEEE binary16 <-> float (ir_interp_buffer.h). */
static float half_to_float(uint16_t h) { return ir_small_float_value(h, 10, true); }
static uint16_t double_to_half(double d, bool rtz) { return (uint16_t)ir_small_float_bits(d, 10, true, rtz); }

static double h2d(uint64_t bits) { return (double)half_to_float((uint16_t)bits); }

/* X (f32 or f64 by WIDE) times 2^K in the round field ROUND */
static double scaled(double x, int k, bool wide, unsigned round) {
  uint64_t bits = wide ? bf64(x) : bf32((float)x);
  uint64_t r = ir_float_scale_round(bits, wide, k, round);
  return wide ? f64(r) : (double)f32(r);
}

/* v_div_scale per the ISA: the case analysis on numerator N (s2) and denominator D (s1)
 * in single (T = float) or double precision; returns the result bits and sets *FLAG (VCC).
 * "1/D is denormal" is tested in double precision for both (so never for an f32 D), "N/D
 * is denormal" in T, with the host's IEEE division. The scalings by 2^+-SCALE are
 * v_ldexp's in the round field ROUND (ir_float_scale_round: exact but past the range). */
#define DIV_SCALE(name, T, BITS, EXPBITS, MANBITS, LIMIT, SCALE, TINY, WIDE)                       \
  static uint64_t name(T s0, T d, T n, unsigned round, bool *flag) {                                       \
    BITS bd, bn;                                                                             \
    memcpy(&bd, &d, sizeof d);                                                               \
    memcpy(&bn, &n, sizeof n);                                                               \
    int ed = (int)((bd >> MANBITS) & ((1u << EXPBITS) - 1));                                 \
    int en = (int)((bn >> MANBITS) & ((1u << EXPBITS) - 1));                                 \
    T r = s0;                                                                                \
    *flag = false;                                                                           \
    if (n == 0 || d == 0) {                                                                  \
      r = (T)NAN;                                                                            \
    } else if (en - ed >= LIMIT) {                                                           \
      *flag = true;                                                                          \
      if (s0 == d) r = scaled(s0, SCALE, WIDE, round);                                                     \
    } else if (fpclassify(d) == FP_SUBNORMAL) {                                              \
      r = scaled(s0, SCALE, WIDE, round);                                                                  \
    } else if (fpclassify(1.0 / (double)d) == FP_SUBNORMAL && fpclassify(n / d) == FP_SUBNORMAL) { \
      *flag = true;                                                                          \
      if (s0 == d) r = scaled(s0, SCALE, WIDE, round);                                                     \
    } else if (fpclassify(1.0 / (double)d) == FP_SUBNORMAL) {                                       \
      r = scaled(s0, -(SCALE), WIDE, round);                                                               \
    } else if (fpclassify(n / d) == FP_SUBNORMAL) {                                          \
      *flag = true;                                                                          \
      if (s0 == n) r = scaled(s0, SCALE, WIDE, round);                                                     \
    } else if (en <= TINY) {                                                                 \
      r = scaled(s0, SCALE, WIDE, round);                                                                  \
    }                                                                                        \
    BITS out;                                                                                \
    memcpy(&out, &r, sizeof r);                                                              \
    return out;                                                                              \
  }
DIV_SCALE(div_scale_f32, float, uint32_t, 8, 23, 96, 64, 23, false)
DIV_SCALE(div_scale_f64, double, uint64_t, 11, 52, 768, 128, 53, true)
#undef DIV_SCALE

/* v_div_scale_f32/f64 and their flags in MODE (the f32 or f16/f64 round field scales) */
static bool eval_div_scale(uint32_t mode, enum ir_op op, const uint64_t *c, uint64_t *out) {
  if (op != IR_OP_fdiv_scale && op != IR_OP_fdiv_scale_flag && op != IR_OP_ddiv_scale &&
      op != IR_OP_ddiv_scale_flag)
    return false;
  bool flag, wide = op == IR_OP_ddiv_scale || op == IR_OP_ddiv_scale_flag;
  bool is_flag = op == IR_OP_fdiv_scale_flag || op == IR_OP_ddiv_scale_flag;
  unsigned round = wide ? (mode >> 2) & 3 : mode & 3;
  /* the flag forms take (d, n): s0 does not matter for the flag */
  const uint64_t s0 = c[0], d = is_flag ? c[0] : c[1], nn = is_flag ? c[1] : c[2];
  uint64_t r = wide ? div_scale_f64(f64(s0), f64(d), f64(nn), round, &flag)
                    : div_scale_f32(f32(s0), f32(d), f32(nn), round, &flag);
  *out = is_flag ? flag : r;
  return true;
}

/* Per-lane evaluation of operations the folder does not evaluate. */
static bool eval_extra(enum ir_op op, uint64_t imm, const uint64_t *c, uint64_t *out) {
  float a = f32(c[0]), b = f32(c[1]);
  switch (op) {
    case IR_OP_undef: *out = 0; return true;
    case IR_OP_ffract: *out = ir_float_fract32((uint32_t)c[0]); return true;
    case IR_OP_frcp: *out = bf32(1.0f / a); return true;
    /* the rules of docs/shader-float.md (ir_float.c) */
    case IR_OP_frsq: *out = ir_float_rsq32((uint32_t)c[0]); return true;
    case IR_OP_fexp2: *out = ir_float_exp2_32((uint32_t)c[0]); return true;
    case IR_OP_flog2: *out = ir_float_log2_32((uint32_t)c[0]); return true;
    case IR_OP_fsin: *out = ir_float_sin32((uint32_t)c[0]); return true;
    case IR_OP_fcos: *out = ir_float_cos32((uint32_t)c[0]); return true;
    case IR_OP_fldexp: *out = ir_float_ldexp32((uint32_t)c[0], (int32_t)(uint32_t)c[1]); return true;
    case IR_OP_cvt_f32_f16: *out = bf32(half_to_float((uint16_t)c[0])); return true;
    case IR_OP_cvt_f16_f32: *out = double_to_half(a, false); return true;
    case IR_OP_cvt_f16_f32_rtz: *out = double_to_half(a, true); return true;
    /* f16 arithmetic through double: sums and products of halves are exact there (fma may
     * round twice in extreme exponent ranges) */
    case IR_OP_hadd: *out = double_to_half(h2d(c[0]) + h2d(c[1]), false); return true;
    case IR_OP_hmul: *out = double_to_half(h2d(c[0]) * h2d(c[1]), false); return true;
    case IR_OP_hfma: *out = ir_float_fma16((uint16_t)c[0], (uint16_t)c[1], (uint16_t)c[2]); return true;
    case IR_OP_hmin: *out = double_to_half(fmin(h2d(c[0]), h2d(c[1])), false); return true;
    case IR_OP_hmax: *out = double_to_half(fmax(h2d(c[0]), h2d(c[1])), false); return true;
    case IR_OP_hneg: *out = (c[0] ^ 0x8000) & 0xffff; return true;
    case IR_OP_habs: *out = c[0] & 0x7fff; return true;
    case IR_OP_cvt_f64_f32: *out = bf64((double)a); return true;
    case IR_OP_cvt_f32_f64: *out = bf32((float)f64(c[0])); return true;
    case IR_OP_bitcast_f16:
    case IR_OP_bitcast_u16: *out = c[0] & 0xffff; return true;
    case IR_OP_dadd: *out = bf64(f64(c[0]) + f64(c[1])); return true;
    case IR_OP_dmul: *out = bf64(f64(c[0]) * f64(c[1])); return true;
    case IR_OP_dfma: *out = ir_float_fma64(c[0], c[1], c[2]); return true; /* NaN rule */
    case IR_OP_dmin: *out = bf64(fmin(f64(c[0]), f64(c[1]))); return true;
    case IR_OP_dmax: *out = bf64(fmax(f64(c[0]), f64(c[1]))); return true;
    case IR_OP_dneg: *out = c[0] ^ (1ull << 63); return true;
    case IR_OP_dabs: *out = c[0] & ~(1ull << 63); return true;
    case IR_OP_dcmp: {
      double x = f64(c[0]), y = f64(c[1]);
      /* reuse the f32 predicate evaluator through exact comparisons */
      uint64_t cx = bf32(x < y ? -1.0f : x > y ? 1.0f : x == y ? 0.0f : NAN);
      uint64_t zero = bf32(0.0f), o;
      ir_eval_op(IR_OP_fcmp, imm, (const uint64_t[]){cx, zero, 0}, &o);
      *out = o;
      return true;
    }
    case IR_OP_drcp: *out = bf64(1.0 / f64(c[0])); return true;
    case IR_OP_drsq: *out = ir_float_rsq64(c[0]); return true; /* correctly rounded */
    case IR_OP_dsqrt: *out = ir_float_sqrt64(c[0]); return true; /* with its NaN rule */
    case IR_OP_dfloor: *out = bf64(floor(f64(c[0]))); return true;
    case IR_OP_dceil: *out = bf64(ceil(f64(c[0]))); return true;
    case IR_OP_dtrunc: *out = bf64(trunc(f64(c[0]))); return true;
    case IR_OP_drint: *out = bf64(nearbyint(f64(c[0]))); return true;
    default: (void)b; return false;
  }
}

static uint64_t reg_read(const struct ir_interp_wave *w, uint32_t reg, uint32_t lane) {
  if (reg == IR_REG_SCC) return w->scc;
  if (reg == IR_REG_VCC) return w->vcc;
  if (reg == IR_REG_EXEC) return w->exec;
  if (reg == IR_REG_M0) return w->m0;
  if (reg < IR_REG_VGPR0) return w->sgpr[reg - IR_REG_SGPR0];
  return w->vgpr[reg - IR_REG_VGPR0][lane];
}

static bool uniform(struct interp *it, uint32_t id, uint64_t *v) {
  const uint64_t *x = V(it, id);
  for (uint32_t l = 1; l < it->lanes; l++)
    if (x[l] != x[0]) return false;
  *v = x[0];
  return true;
}

static bool reg_write(struct interp *it, uint32_t reg, uint32_t id) {
  struct ir_interp_wave *w = it->w;
  const uint64_t *x = V(it, id);
  uint64_t u;
  if (reg >= IR_REG_VGPR0) {
    for (uint32_t l = 0; l < it->lanes; l++) w->vgpr[reg - IR_REG_VGPR0][l] = (uint32_t)x[l];
    return true;
  }
  if (!uniform(it, id, &u)) return stop(it, "%%%u: non-uniform value written to a scalar register", id);
  if (reg == IR_REG_SCC) w->scc = u & 1;
  else if (reg == IR_REG_VCC) w->vcc = u;
  else if (reg == IR_REG_EXEC) w->exec = u;
  else if (reg == IR_REG_M0) w->m0 = (uint32_t)u;
  else w->sgpr[reg - IR_REG_SGPR0] = (uint32_t)u;
  return true;
}

/* Float atomics on the bits of OLD (memory) and V (data), BITS 32 or 64 (docs/shader-spirv.md,
 * *Float atomics*): fadd is the IEEE sum rounded to nearest even, denormals kept, a NaN
 * operand quieted (the memory one first), an invalid sum (inf - inf) the default NaN;
 * fmin/fmax are IEEE 754-2019 minimumNumber/maximumNumber: a NaN operand gives the other,
 * two NaNs the memory one quieted, -0 below +0, denormals compared as they are. */
static uint64_t float_atomic(enum ir_atomic op, unsigned bits, uint64_t old, uint64_t v) {
  uint64_t sign = bits == 64 ? 1ull << 63 : 1ull << 31;
  uint64_t inf = bits == 64 ? 0x7ff0000000000000ull : 0x7f800000ull;
  uint64_t quiet = bits == 64 ? 1ull << 51 : 1ull << 22;
  bool nan_o = (old & ~sign) > inf, nan_v = (v & ~sign) > inf;
  if (op == IR_ATOMIC_FADD) {
    if (nan_o) return old | quiet;
    if (nan_v) return v | quiet;
    uint64_t r;
    if (bits == 64) {
      double a, b;
      memcpy(&a, &old, 8);
      memcpy(&b, &v, 8);
      a += b;
      memcpy(&r, &a, 8);
      return a != a ? 0x7ff8000000000000ull : r;
    }
    float a, b;
    uint32_t ao = (uint32_t)old, bo = (uint32_t)v, ro;
    memcpy(&a, &ao, 4);
    memcpy(&b, &bo, 4);
    a += b;
    memcpy(&ro, &a, 4);
    return a != a ? 0x7fc00000u : ro;
  }
  if (nan_o && nan_v) return old | quiet;
  if (nan_o) return v;
  if (nan_v) return old;
  /* a total order on the non-NaN bits: negative values reversed below the positive ones */
  uint64_t ko = old & sign ? ~old & (sign | (sign - 1)) : old | sign;
  uint64_t kv = v & sign ? ~v & (sign | (sign - 1)) : v | sign;
  bool v_less = kv < ko;
  return (op == IR_ATOMIC_FMIN) == v_less ? v : old;
}

/* One atomic read-modify-write on a BITS-wide (32 or 64) memory value: *r = OLD op V. */
static bool atomic_apply(enum ir_atomic op, unsigned bits, uint64_t old, uint64_t v, uint64_t *r) {
  uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
  switch (op) {
    case IR_ATOMIC_SWAP: *r = v; break;
    case IR_ATOMIC_ADD: *r = old + v; break;
    case IR_ATOMIC_SUB: *r = old - v; break;
    case IR_ATOMIC_SMIN:
    case IR_ATOMIC_SMAX: {
      int64_t so = bits == 64 ? (int64_t)old : (int32_t)old;
      int64_t sv = bits == 64 ? (int64_t)v : (int32_t)v;
      *r = (uint64_t)((op == IR_ATOMIC_SMIN ? sv < so : sv > so) ? sv : so);
      break;
    }
    case IR_ATOMIC_UMIN: *r = v < old ? v : old; break;
    case IR_ATOMIC_UMAX: *r = v > old ? v : old; break;
    case IR_ATOMIC_AND: *r = old & v; break;
    case IR_ATOMIC_OR: *r = old | v; break;
    case IR_ATOMIC_XOR: *r = old ^ v; break;
    case IR_ATOMIC_INC: *r = old >= v ? 0 : old + 1; break;
    case IR_ATOMIC_DEC: *r = (old == 0 || old > v) ? v : old - 1; break;
    case IR_ATOMIC_RSUB: *r = v - old; break;
    case IR_ATOMIC_FADD:
    case IR_ATOMIC_FMIN:
    case IR_ATOMIC_FMAX: *r = float_atomic(op, bits, old & mask, v & mask); break;
    default: return false;
  }
  *r &= mask;
  return true;
}

bool ir_interp_atomic32(uint32_t op, uint32_t old, uint32_t v, uint32_t *r) {
  uint64_t r64;
  if (!atomic_apply((enum ir_atomic)op, 32, old, v, &r64)) return false;
  *r = (uint32_t)r64;
  return true;
}

/* ---- memory ----------------------------------------------------------------------------
 * Every load, store and atomic the interpreter executes, by address space and form. */
enum mem_space { MS_LDS, MS_SCRATCH, MS_GLOBAL, MS_GDS };
enum mem_form { MF_LOAD, MF_STORE, MF_ATOMIC, MF_CMPSWAP, MF_MSKOR, MF_SRC2, MF_WRAP };
struct mem_op {
  bool is_mem;               /* false: not a memory op (the rest is zero) */
  uint8_t space, form, size; /* size 0: the immediate (sub-dword) */
  uint8_t pred;              /* operand index of the lane predicate, 0: none */
  bool cmp_imm;              /* compare-and-swap: imm 1 compares as floats */
};
/* Indexed by op, so the per-instruction test in exec_inst is one load. */
#define MEM_OP(o, sp, f, sz, pr, ci) [IR_OP_##o] = {true, sp, f, sz, pr, ci},
static const struct mem_op mem_ops[IR_OP_COUNT] = {
    MEM_OP(load_lds, MS_LDS, MF_LOAD, 4, 0, false)
    MEM_OP(load_lds_sub, MS_LDS, MF_LOAD, 0, 0, false)
    MEM_OP(store_lds, MS_LDS, MF_STORE, 4, 2, false)
    MEM_OP(store_lds_sub, MS_LDS, MF_STORE, 0, 2, false)
    MEM_OP(atomic_lds, MS_LDS, MF_ATOMIC, 4, 2, false)
    MEM_OP(atomic_lds64, MS_LDS, MF_ATOMIC, 8, 2, false)
    MEM_OP(atomic_lds_cmpst, MS_LDS, MF_CMPSWAP, 4, 3, true)
    MEM_OP(atomic_lds_cmpst64, MS_LDS, MF_CMPSWAP, 8, 3, true)
    MEM_OP(atomic_lds_mskor, MS_LDS, MF_MSKOR, 4, 3, false)
    MEM_OP(atomic_lds_mskor64, MS_LDS, MF_MSKOR, 8, 3, false)
    MEM_OP(atomic_lds_src2, MS_LDS, MF_SRC2, 4, 2, false)
    MEM_OP(atomic_lds_src2_64, MS_LDS, MF_SRC2, 8, 2, false)
    MEM_OP(atomic_lds_wrap, MS_LDS, MF_WRAP, 4, 3, false)
    MEM_OP(load_scratch, MS_SCRATCH, MF_LOAD, 4, 0, false)
    MEM_OP(load_scratch_sub, MS_SCRATCH, MF_LOAD, 0, 0, false)
    MEM_OP(store_scratch, MS_SCRATCH, MF_STORE, 4, 2, false)
    MEM_OP(store_scratch_sub, MS_SCRATCH, MF_STORE, 0, 2, false)
    MEM_OP(atomic_scratch, MS_SCRATCH, MF_ATOMIC, 4, 2, false)
    MEM_OP(atomic_scratch64, MS_SCRATCH, MF_ATOMIC, 8, 2, false)
    MEM_OP(atomic_scratch_cmpswap, MS_SCRATCH, MF_CMPSWAP, 4, 3, true)
    MEM_OP(atomic_scratch_cmpswap64, MS_SCRATCH, MF_CMPSWAP, 8, 3, true)
    MEM_OP(load_global, MS_GLOBAL, MF_LOAD, 4, 0, false)
    MEM_OP(load_global_if, MS_GLOBAL, MF_LOAD, 4, 1, false)
    MEM_OP(load_global_sub, MS_GLOBAL, MF_LOAD, 0, 0, false)
    MEM_OP(load_global_sub_if, MS_GLOBAL, MF_LOAD, 0, 1, false)
    MEM_OP(store_global, MS_GLOBAL, MF_STORE, 4, 2, false)
    MEM_OP(store_global_sub, MS_GLOBAL, MF_STORE, 0, 2, false)
    MEM_OP(atomic_global, MS_GLOBAL, MF_ATOMIC, 4, 2, false)
    MEM_OP(atomic_global64, MS_GLOBAL, MF_ATOMIC, 8, 2, false)
    MEM_OP(atomic_global_cmpswap, MS_GLOBAL, MF_CMPSWAP, 4, 3, true)
    MEM_OP(atomic_global_cmpswap64, MS_GLOBAL, MF_CMPSWAP, 8, 3, true)
    MEM_OP(load_gds, MS_GDS, MF_LOAD, 4, 0, false)
    MEM_OP(store_gds, MS_GDS, MF_STORE, 4, 2, false)
    MEM_OP(atomic_gds, MS_GDS, MF_ATOMIC, 4, 2, false)
    MEM_OP(atomic_gds_cmpst, MS_GDS, MF_CMPSWAP, 4, 3, true)
    MEM_OP(atomic_gds64, MS_GDS, MF_ATOMIC, 8, 2, false)
    MEM_OP(atomic_gds_cmpst64, MS_GDS, MF_CMPSWAP, 8, 3, true)
    MEM_OP(load_gds_sub, MS_GDS, MF_LOAD, 0, 0, false)
    MEM_OP(store_gds_sub, MS_GDS, MF_STORE, 0, 2, false)
    MEM_OP(atomic_gds_mskor, MS_GDS, MF_MSKOR, 4, 3, false)
    MEM_OP(atomic_gds_mskor64, MS_GDS, MF_MSKOR, 8, 3, false)
    MEM_OP(atomic_gds_src2, MS_GDS, MF_SRC2, 4, 2, false)
    MEM_OP(atomic_gds_src2_64, MS_GDS, MF_SRC2, 8, 2, false)
    MEM_OP(atomic_gds_wrap, MS_GDS, MF_WRAP, 4, 3, false)
};
#undef MEM_OP

static const struct mem_op *mem_op_of(enum ir_op op) {
  return (unsigned)op < IR_OP_COUNT && mem_ops[op].is_mem ? &mem_ops[op] : NULL;
}

/* Counts an access of KIND by LANE outside memory (ir_interp_wave.fault) */
static void note_fault(struct interp *it, uint32_t id, uint64_t addr, uint32_t size,
                       uint32_t kind, uint32_t lane) {
  struct ir_interp_fault *f = &it->w->fault;
  /* the wave's: once */
  if ((kind == IR_INTERP_FAULT_SCALAR || kind == IR_INTERP_FAULT_JUMP) && lane) return;
  if (f->count++) return;
  f->addr = addr & 0xffffffffffffull;
  f->kind = kind;
  f->bytes = size;
  f->pc = ir_inst_pc(it->fn, id);
  f->lane = lane;
}

/* SIZE bytes at ADDR in SPACE for LANE, or NULL outside the buffer. */
static uint8_t *mem_at(const struct ir_interp_wave *w, enum mem_space sp, uint32_t lane,
                       uint64_t addr, uint32_t size) {
  uint8_t *base;
  uint64_t limit;
  if (sp == MS_LDS) {
    base = w->lds, limit = w->lds_size;
  } else if (sp == MS_GDS) {
    base = w->gds, limit = w->gds_size;
  } else if (sp == MS_SCRATCH) {
    base = w->scratch ? w->scratch + (size_t)lane * w->scratch_size : NULL;
    limit = w->scratch_size;
  } else {
    base = w->global, limit = w->global_size;
    addr -= w->global_base; /* wraps far out of range below the window */
  }
  if (!base || limit < size || addr > limit - size) return NULL;
  return base + addr;
}

/* MEM == CMP, as integers or (FL) as floats of SIZE bytes: -0 equals +0, NaN never equal. */
static bool mem_equal(uint64_t mem, uint64_t cmp, uint32_t size, bool fl) {
  if (!fl) return mem == cmp;
  if (size == 8) {
    double a, b;
    memcpy(&a, &mem, 8);
    memcpy(&b, &cmp, 8);
    return a == b;
  }
  uint32_t ao = (uint32_t)mem, bo = (uint32_t)cmp;
  float a, b;
  memcpy(&a, &ao, 4);
  memcpy(&b, &bo, 4);
  return a == b;
}

bool ir_interp_float_equal32(uint32_t a, uint32_t b) { return mem_equal(a, b, 4, true); }

/* Lanes in order (atomics see the earlier lanes' updates); values little-endian. */
static bool exec_mem(struct interp *it, uint32_t id, const struct mem_op *m) {
  const struct ir_inst *in = &it->fn->insts[id];
  const uint32_t *args = ir_inst_args(it->fn, id);
  uint64_t *out = V(it, id);
  uint32_t size = m->size ? m->size : (uint32_t)in->imm;
  if (size != 1 && size != 2 && size != 4 && size != 8)
    return stop(it, "%%%u: memory access of %u bytes", id, size);
  for (uint32_t l = 0; l < it->lanes; l++) {
    out[l] = 0;
    if (m->pred && !(V(it, args[m->pred])[l] & 1)) continue;
    uint64_t addr = V(it, args[0])[l];
    if (m->space != MS_GLOBAL) addr = (uint32_t)addr;
    if (m->space == MS_GLOBAL && !it->w->global)
      return stop(it, "%%%u: global memory access without a global window", id);
    uint8_t *p = mem_at(it->w, m->space, l, addr, size);
    if (!p && m->space == MS_GLOBAL) /* outside the window: as the device's fault record */
      note_fault(it, id, addr, size,
                 !m->pred                  ? IR_INTERP_FAULT_SCALAR
                 : m->form == MF_LOAD      ? IR_INTERP_FAULT_LOAD
                 : m->form == MF_STORE     ? IR_INTERP_FAULT_STORE
                                           : IR_INTERP_FAULT_ATOMIC,
                 l);
    if (!p) continue; /* outside: reads 0, writes dropped */
    uint64_t old = 0, v = m->form == MF_LOAD ? 0 : V(it, args[1])[l], r;
    memcpy(&old, p, size);
    if (m->form == MF_SRC2) { /* the operand is MEM[a1] as this lane finds it */
      const uint8_t *q = mem_at(it->w, m->space, l, (uint32_t)v, size);
      v = 0;
      if (q) memcpy(&v, q, size);
    }
    switch (m->form) {
      case MF_LOAD: out[l] = old; break;
      case MF_STORE: memcpy(p, &v, size); break;
      case MF_ATOMIC:
      case MF_SRC2:
        if (!atomic_apply((enum ir_atomic)in->imm, size * 8, old, v, &r))
          return stop(it, "%%%u: atomic %u", id, (unsigned)in->imm);
        memcpy(p, &r, size);
        out[l] = old;
        break;
      case MF_MSKOR: /* operands: address, mask, value */
        r = (old & ~v) | V(it, args[2])[l];
        memcpy(p, &r, size);
        out[l] = old;
        break;
      case MF_WRAP: /* operands: address, data0, data1 */
        r = old >= v ? old - v : old + V(it, args[2])[l];
        memcpy(p, &r, size);
        out[l] = old;
        break;
      case MF_CMPSWAP: /* operands: address, new value, compare value */
        if (mem_equal(old, V(it, args[2])[l], size, m->cmp_imm && in->imm)) memcpy(p, &v, size);
        out[l] = old;
        break;
    }
  }
  return true;
}

/* ---- global wave sync ------------------------------------------------------------------
 * The ds_gws_* operations of this wave on the caller's 64 resources, after the RDNA 3.5 ISA
 * guide's pseudocode (13.4.4): the wave runs alone, so an operation that would queue it
 * until another wave acts is a deadlock, reported as an error. A barrier releases when the
 * arriving wave finds the counter at 0 (the count holds "waves minus one", as the guide's
 * text and LLVM's int_amdgcn_ds_gws_init say) and then takes the next count. */
static bool exec_gws(struct interp *it, uint32_t id) {
  const uint32_t *args = ir_inst_args(it->fn, id);
  struct ir_interp_wave *w = it->w;
  uint64_t rid, value;
  if (!uniform(it, args[0], &rid) || !uniform(it, args[1], &value) || rid > 63)
    return stop(it, "%%%u: GWS resource or value not uniform (or resource > 63)", id);
  int32_t *c = &w->gws_counter[rid];
  switch ((enum ir_gws)it->fn->insts[id].imm) {
    case IR_GWS_INIT: *c = (int32_t)value, w->gws_flags &= ~(1ull << rid); return true;
    case IR_GWS_SEMA_V: *c += 1; return true;
    case IR_GWS_SEMA_BR: *c += (int32_t)value; return true;
    case IR_GWS_SEMA_RELEASE_ALL: return true; /* no other wave is queued */
    case IR_GWS_SEMA_P:
      if (*c <= 0)
        return stop(it, "%%%u: ds_gws_sema_p on resource %u (counter %d) waits for another "
                    "wave: deadlock", id, (unsigned)rid, *c);
      *c -= 1;
      return true;
    case IR_GWS_BARRIER:
      if (*c > 0)
        return stop(it, "%%%u: ds_gws_barrier on resource %u waits for %d more waves: deadlock",
                    id, (unsigned)rid, *c);
      *c = (int32_t)value, w->gws_flags ^= 1ull << rid;
      return true;
  }
  return stop(it, "%%%u: gws operation %u", id, (unsigned)it->fn->insts[id].imm);
}

/* ---- vectors and images ------------------------------------------------------------------
 * vec4/vec8 values are read back from their operands where they are used; the results of
 * image operations (four dwords per lane, then the TFE/LWE status) live in it->vec. */
enum { IMG_SLOT = 5 };
/* it->vec, allocated on first use; false (stopped) without memory */
static bool vec_alloc(struct interp *it) {
  if (!it->vec) it->vec = calloc((size_t)it->fn->inst_count * it->lanes * IMG_SLOT, sizeof *it->vec);
  return it->vec || stop(it, "out of memory");
}

static bool is_image_result(enum ir_op op) {
  return op == IR_OP_image_sample || op == IR_OP_image_sample_ex || op == IR_OP_image_gather ||
         op == IR_OP_image_gather_ex || op == IR_OP_image_load || op == IR_OP_image_query ||
         op == IR_OP_image_get_lod;
}

/* The N components of vector value ID in LANE; false when it is not a readable vector. */
static bool vec_read(struct interp *it, uint32_t id, uint32_t lane, unsigned n, uint32_t *out) {
  const struct ir_inst *in = &it->fn->insts[id];
  if (in->op == IR_OP_vec4_u32 || in->op == IR_OP_vec4_f32 || in->op == IR_OP_vec8_u32) {
    const uint32_t *a = ir_inst_args(it->fn, id);
    for (unsigned k = 0; k < n; k++) out[k] = k < in->arg_count ? (uint32_t)V(it, a[k])[lane] : 0;
    return true;
  }
  if (!(is_image_result(in->op) || in->op == IR_OP_load_buffer_fmt) || !it->vec || n > 4) return false;
  memcpy(out, &it->vec[((size_t)id * it->lanes + lane) * IMG_SLOT], n * sizeof *out);
  return true;
}

static bool exec_image(struct interp *it, uint32_t id) {
  const struct ir_inst *in = &it->fn->insts[id];
  const uint32_t *args = ir_inst_args(it->fn, id);
  struct ir_interp_wave *w = it->w;
  if (!w->image) return stop(it, "%%%u: image operation without an image model", id);
  bool sampler = in->op == IR_OP_image_sample || in->op == IR_OP_image_sample_ex ||
                 in->op == IR_OP_image_gather || in->op == IR_OP_image_gather_ex ||
                 in->op == IR_OP_image_get_lod;
  bool query = in->op == IR_OP_image_query; /* coordinates: the mip level in coords[0] */
  bool ex = in->op == IR_OP_image_sample_ex || in->op == IR_OP_image_gather_ex ||
            in->op == IR_OP_image_get_lod;
  unsigned ci = sampler ? 2 : 1; /* coordinates operand */
  if (is_image_result(in->op) && !vec_alloc(it)) return false;
  for (uint32_t l = 0; l < it->lanes; l++) {
    struct ir_interp_image op = {
        .op = in->op, .imm = in->imm, .lane = l, .pc = ir_inst_pc(it->fn, id)};
    uint32_t r[IMG_SLOT] = {0, 0, 0, 0, 0};
    V(it, id)[l] = 0;
    if (!is_image_result(in->op) && !(V(it, args[in->arg_count - 1])[l] & 1)) continue;
    if (query) op.coords[0] = (uint32_t)V(it, args[1])[l];
    bool ok = vec_read(it, args[0], l, 8, op.tsharp) &&
              (query || vec_read(it, args[ci], l, 4, op.coords)) &&
              (!sampler || vec_read(it, args[1], l, 4, op.ssharp)) &&
              (!ex || vec_read(it, args[3], l, 8, op.extras));
    if (in->op == IR_OP_image_store) ok = ok && vec_read(it, args[2], l, 4, op.data);
    if (in->op == IR_OP_image_atomic || in->op == IR_OP_image_atomic_cmpswap)
      op.data[0] = (uint32_t)V(it, args[2])[l];
    if (in->op == IR_OP_image_atomic_cmpswap) op.data[1] = (uint32_t)V(it, args[3])[l];
    if (!ok) return stop(it, "%%%u: image operand the interpreter cannot read", id);
    if (!w->image(w->image_ctx, &op, r)) return stop(it, "%%%u: the image model failed", id);
    if (is_image_result(in->op)) memcpy(&it->vec[((size_t)id * it->lanes + l) * IMG_SLOT], r, sizeof r);
    else V(it, id)[l] = r[0];
  }
  return true;
}

/* image_status: the status dword the model returned with the fetch that is the operand
 * (0 for a lane the fetch did not reach). */
static bool exec_image_status(struct interp *it, uint32_t id) {
  uint32_t src = ir_inst_args(it->fn, id)[0];
  if (!is_image_result(it->fn->insts[src].op))
    return stop(it, "%%%u: image_status of %%%u, which is not an image fetch", id, src);
  for (uint32_t l = 0; l < it->lanes; l++)
    V(it, id)[l] = it->vec ? it->vec[((size_t)src * it->lanes + l) * IMG_SLOT + 4] : 0;
  return true;
}

/* ---- buffer (V#) and constant memory ------------------------------------------------------
 * Buffer operands: V#, index, byte offset (a buffer_offset of voffset + instruction offset
 * and soffset, whose parts are read here; any other value is an offset with soffset 0),
 * then data (stores, atomics) and the lane predicate (every vector form, loads too; the
 * scalar forms have none: they run once per wave whatever EXEC holds). Each IR access is
 * range checked as a whole under the V#'s OOB_SELECT; the translator splits
 * buffer_load/store_dword(xN) into one access per dword, which is the hardware's per-dword
 * check, while formatted accesses and atomics are one access ("all or nothing"). Out of range: loads give 0 (format
 * loads: the dst_sel rule), stores and atomics are dropped. An access in range, and every
 * constant (s_load) access, must lie inside the caller's memory map. */
enum buf_form { BF_LOAD, BF_STORE, BF_ATOMIC, BF_CMPSWAP, BF_FMT_LOAD, BF_FMT_STORE, BF_SCALAR,
                BF_CONST, BF_OFFSET };
struct buf_op {
  bool is_buf;
  uint8_t form, size; /* size 0: the immediate (sub-dword bytes); formats: the format's */
};
#define BUF_OP(o, f, sz) [IR_OP_##o] = {true, f, sz},
static const struct buf_op buf_ops[IR_OP_COUNT] = {
    BUF_OP(load_buffer, BF_LOAD, 4)
    BUF_OP(load_buffer_sub, BF_LOAD, 0)
    BUF_OP(store_buffer, BF_STORE, 4)
    BUF_OP(store_buffer_sub, BF_STORE, 0)
    BUF_OP(atomic_buffer, BF_ATOMIC, 4)
    BUF_OP(atomic_buffer64, BF_ATOMIC, 8)
    BUF_OP(atomic_buffer_cmpswap, BF_CMPSWAP, 4)
    BUF_OP(atomic_buffer_cmpswap64, BF_CMPSWAP, 8)
    BUF_OP(load_buffer_fmt, BF_FMT_LOAD, 0)
    BUF_OP(store_buffer_fmt, BF_FMT_STORE, 0)
    BUF_OP(load_buffer_const, BF_SCALAR, 4)
    BUF_OP(load_const, BF_CONST, 4)
    BUF_OP(buffer_offset, BF_OFFSET, 0)
};
#undef BUF_OP

/* SIZE bytes at guest address ADDR in the caller's memory map, or NULL (run stopped).
 * GFX10 virtual addresses have 48 bits; bits 63:48 are ignored (RADV's 32-bit descriptor
 * addresses carry 0xffff8000 as their high dword, bit 47 sign-extended). */
static uint8_t *mem_map(struct interp *it, uint32_t id, uint64_t addr, uint32_t size,
                        uint32_t kind, uint32_t lane) {
  const struct ir_interp_wave *w = it->w;
  addr &= 0xffffffffffffull;
  for (uint32_t i = 0; i < w->mem_count; i++) {
    const struct ir_interp_memory *m = &w->mem[i];
    if (m->data && addr >= m->addr && m->size >= size && addr - m->addr <= m->size - size)
      return m->data + (addr - m->addr);
  }
  if (w->tolerate_unmapped) /* reads 0, drops the store: counted */
    note_fault(it, id, addr, size, kind, lane);
  else
    stop(it, "%%%u: %u bytes at 0x%llx are outside the memory map", id, size, (unsigned long long)addr);
  return NULL;
}

/* The format *F of a formatted access: IMM's (IMM: format | IR_FMT_D16), or the V#'s when
 * that is 0; false (stopped) for a format the texture unit does not convert. */
static bool buf_format(struct interp *it, uint32_t id, const struct ir_vsharp *v, uint64_t imm,
                       struct ir_buffer_format *f) {
  uint32_t fmt = (uint32_t)(imm & 0x7f) ? (uint32_t)(imm & 0x7f) : v->format;
  *f = ir_buffer_format_of(fmt);
  if (!f->comps) return stop(it, "%%%u: buffer format %u is invalid or reserved", id, fmt);
  return true;
}

static bool exec_buffer_lane(struct interp *it, uint32_t id, const struct buf_op *b, uint32_t l) {
  const struct ir_inst *in = &it->fn->insts[id];
  const uint32_t *args = ir_inst_args(it->fn, id);
  uint64_t *out = &V(it, id)[l];
  uint32_t d[4];
  struct ir_vsharp v;
  uint8_t *p;
  *out = 0;
  if (b->form == BF_OFFSET) { /* its value: the sum */
    *out = (uint32_t)(V(it, args[0])[l] + V(it, args[1])[l]);
    return true;
  }
  if (b->form == BF_CONST) { /* address + offset, dword aligned */
    p = mem_map(it, id, (V(it, args[0])[l] + (uint32_t)V(it, args[1])[l]) & ~3ull, 4,
                IR_INTERP_FAULT_SCALAR, l);
    if (p) memcpy(out, p, 4);
    return p != NULL || it->w->tolerate_unmapped;
  }
  bool fmt = b->form == BF_FMT_LOAD || b->form == BF_FMT_STORE, d16 = in->imm & IR_FMT_D16;
  uint32_t *vec = b->form == BF_FMT_LOAD ? &it->vec[((size_t)id * it->lanes + l) * IMG_SLOT] : NULL;
  if (vec) memset(vec, 0, 4 * sizeof *vec);
  /* vector accesses: an inactive lane reads nothing and faults nowhere (its load gives 0,
   * which the translation's EXEC-masked register write discards) */
  if (b->form != BF_SCALAR && !(V(it, args[in->arg_count - 1])[l] & 1)) return true;
  if (!vec_read(it, args[0], l, 4, d)) return stop(it, "%%%u: a V# the interpreter cannot read", id);
  ir_vsharp_decode(d, &v);
  if (b->form == BF_SCALAR) {
    uint32_t off = (uint32_t)V(it, args[1])[l];
    if (!ir_buffer_scalar_in_range(&v, off)) return true;
    p = mem_map(it, id, v.base + (off & ~3u), 4, IR_INTERP_FAULT_SCALAR, l);
    if (p) memcpy(out, p, 4);
    return p != NULL || it->w->tolerate_unmapped;
  }
  struct ir_buffer_format f = {0, {0, 0, 0, 0}, 0};
  if (fmt && !buf_format(it, id, &v, in->imm, &f)) return false;
  bool data = b->form != BF_LOAD && b->form != BF_FMT_LOAD; /* operand 3 is data */
  uint32_t size = fmt ? ir_buffer_format_bytes(&f) : b->size ? b->size : (uint32_t)in->imm;
  uint32_t index = ir_buffer_index(&v, (uint32_t)V(it, args[1])[l], l);
  uint32_t off = (uint32_t)V(it, args[2])[l], soff = 0, c[4] = {0, 0, 0, 0};
  if (it->fn->insts[args[2]].op == IR_OP_buffer_offset) {
    const uint32_t *parts = ir_inst_args(it->fn, args[2]);
    off = (uint32_t)V(it, parts[0])[l];
    soff = (uint32_t)V(it, parts[1])[l];
  }
  bool in_range = ir_buffer_in_range(&v, index, off, soff, size);
  if (!in_range) {
    if (vec) ir_buffer_dst_sel(&v, &f, false, c, vec);
    for (unsigned k = 0; vec && d16 && k < 4; k++) vec[k] = ir_buffer_to_d16(&f, vec[k]);
    return true;
  }
  if (size != 1 && size != 2 && size != 4 && size != 8 && !fmt)
    return stop(it, "%%%u: buffer access of %u bytes", id, size);
  uint32_t kind = b->form == BF_LOAD || b->form == BF_FMT_LOAD     ? IR_INTERP_FAULT_LOAD
                  : b->form == BF_STORE || b->form == BF_FMT_STORE ? IR_INTERP_FAULT_STORE
                                                                   : IR_INTERP_FAULT_ATOMIC;
  if (!(p = mem_map(it, id, ir_buffer_address(&v, index, off, soff), size, kind, l)))
    return it->w->tolerate_unmapped; /* tolerated: reads 0, the store dropped */
  uint64_t old = 0, val = data && !fmt ? V(it, args[3])[l] : 0, r;
  if (!fmt) memcpy(&old, p, size);
  switch (b->form) {
    case BF_LOAD: *out = old; break;
    case BF_STORE: memcpy(p, &val, size); break;
    case BF_ATOMIC:
      if (!atomic_apply((enum ir_atomic)in->imm, size * 8, old, val, &r))
        return stop(it, "%%%u: atomic %u", id, (unsigned)in->imm);
      memcpy(p, &r, size);
      *out = old;
      break;
    case BF_CMPSWAP: /* new value, compare value */
      if (mem_equal(old, V(it, args[4])[l], size, in->imm)) memcpy(p, &val, size);
      *out = old;
      break;
    case BF_FMT_LOAD:
      ir_buffer_format_load(&f, p, c);
      ir_buffer_dst_sel(&v, &f, true, c, vec);
      for (unsigned k = 0; d16 && k < 4; k++) vec[k] = ir_buffer_to_d16(&f, vec[k]);
      break;
    default: /* BF_FMT_STORE: the four components of a vec4 */
      if (!vec_read(it, args[3], l, 4, c)) return stop(it, "%%%u: store data the interpreter cannot read", id);
      for (unsigned k = 0; d16 && k < 4; k++) c[k] = ir_buffer_from_d16(&f, c[k]);
      ir_buffer_format_store(&f, c, p);
      break;
  }
  return true;
}

/* Lanes in order (atomics see the earlier lanes' updates). */
static bool exec_buffer(struct interp *it, uint32_t id, const struct buf_op *b) {
  if (b->form == BF_FMT_LOAD && !vec_alloc(it)) return false;
  for (uint32_t l = 0; l < it->lanes; l++)
    if (!exec_buffer_lane(it, id, b, l)) return false;
  return true;
}

static bool exec_inst(struct interp *it, uint32_t id) {
  const struct ir_function *fn = it->fn;
  const struct ir_inst *in = &fn->insts[id];
  const uint32_t *args = ir_inst_args(fn, id);
  uint64_t *out = V(it, id);
  uint32_t n = it->lanes;
  struct ir_interp_wave *w = it->w;
  const struct mem_op *m = mem_op_of(in->op);
  if (m) return exec_mem(it, id, m);
  if ((unsigned)in->op < IR_OP_COUNT && buf_ops[in->op].is_buf) return exec_buffer(it, id, &buf_ops[in->op]);
  switch (in->op) {
    case IR_OP_const:
      for (uint32_t l = 0; l < n; l++) out[l] = in->imm;
      return true;
    case IR_OP_get_reg:
    case IR_OP_entry_reg:
      for (uint32_t l = 0; l < n; l++) out[l] = reg_read(w, (uint32_t)in->imm, l);
      return true;
    case IR_OP_set_reg:
    case IR_OP_observe: return reg_write(it, (uint32_t)in->imm, args[0]);
    case IR_OP_lane_id:
      for (uint32_t l = 0; l < n; l++) out[l] = l;
      return true;
    case IR_OP_lane_bit:
      for (uint32_t l = 0; l < n; l++) out[l] = (V(it, args[0])[l] >> l) & 1;
      return true;
    case IR_OP_ballot: {
      uint64_t m = 0;
      for (uint32_t l = 0; l < n; l++) m |= (V(it, args[0])[l] & 1) << l;
      for (uint32_t l = 0; l < n; l++) out[l] = m;
      return true;
    }
    case IR_OP_read_first_lane: {
      uint64_t exec = V(it, args[1])[0], v = V(it, args[0])[0];
      for (uint32_t l = 0; l < n; l++)
        if ((exec >> l) & 1) {
          v = V(it, args[0])[l];
          break;
        }
      for (uint32_t l = 0; l < n; l++) out[l] = (uint32_t)v;
      return true;
    }
    case IR_OP_read_lane:
      for (uint32_t l = 0; l < n; l++) out[l] = V(it, args[0])[V(it, args[1])[l] % n];
      return true;
    case IR_OP_lane_scatter: /* highest active source lane wins; unnamed lanes get 0 */
      for (uint32_t l = 0; l < n; l++) out[l] = 0;
      for (uint32_t l = 0; l < n; l++)
        if (V(it, args[2])[l] & 1) out[V(it, args[1])[l] % n] = (uint32_t)V(it, args[0])[l];
      return true;
    case IR_OP_write_lane:
      for (uint32_t l = 0; l < n; l++)
        out[l] = V(it, args[2])[l] % n == l ? V(it, args[1])[l] : V(it, args[0])[l];
      return true;
    case IR_OP_attr_p0:
    case IR_OP_attr_p10:
    case IR_OP_attr_p20: {
      uint32_t which = in->op == IR_OP_attr_p0 ? 0 : in->op == IR_OP_attr_p10 ? 1 : 2;
      if (in->imm >= 32 * 4) return stop(it, "%%%u: attribute parameter %u", id, (unsigned)in->imm);
      for (uint32_t l = 0; l < n; l++) out[l] = bf32(w->attr_params[in->imm][which]);
      return true;
    }
    case IR_OP_vec4_f32:
    case IR_OP_vec4_u32:
    case IR_OP_vec8_u32: /* read back from their operands where used (vec_read) */
      return true;
    case IR_OP_extract_u32:
    case IR_OP_extract_f32:
      for (uint32_t l = 0; l < n; l++) {
        uint32_t c[4];
        if (in->imm > 3 || !vec_read(it, args[0], l, 4, c))
          return stop(it, "%%%u: extract from a vector the interpreter cannot read", id);
        out[l] = c[in->imm];
      }
      return true;
    case IR_OP_image_sample:
    case IR_OP_image_sample_ex:
    case IR_OP_image_gather:
    case IR_OP_image_gather_ex:
    case IR_OP_image_load:
    case IR_OP_image_store:
    case IR_OP_image_atomic:
    case IR_OP_image_atomic_cmpswap:
    case IR_OP_image_query:
    case IR_OP_image_get_lod: return exec_image(it, id);
    case IR_OP_image_status: return exec_image_status(it, id);
    case IR_OP_export: {
      if (w->export_count >= 8) return stop(it, "%%%u: more than 8 exports", id);
      const uint32_t *vargs = ir_inst_args(fn, args[0]);
      if (fn->insts[args[0]].op != IR_OP_vec4_f32)
        return stop(it, "%%%u: export of a value the interpreter cannot read", id);
      typeof(w->exports[0]) *e = &w->exports[w->export_count++];
      e->target = in->imm & 0x3f;
      e->en = (in->imm >> 8) & 0xf;
      e->done = (in->imm >> 13) & 1;
      e->lanes = 0;
      for (uint32_t l = 0; l < n; l++) {
        if (!(V(it, args[1])[l] & 1)) continue;
        e->lanes |= 1ull << l;
        for (uint32_t c = 0; c < 4; c++) e->value[c][l] = (uint32_t)V(it, vargs[c])[l];
      }
      return true;
    }
    case IR_OP_set_float_mode: { /* imm: MODE bits low, their mask high; the float operations
                                    after it compute in the new mode (ir_mode.h) */
      uint32_t mask = (uint32_t)(in->imm >> 32);
      w->hwreg[1] = (w->hwreg[1] & ~mask) | ((uint32_t)in->imm & mask);
      return true;
    }
    case IR_OP_get_hwreg:
    case IR_OP_set_hwreg: {
      uint32_t hw = (uint32_t)in->imm & 63, off = ((uint32_t)in->imm >> 6) & 31;
      uint32_t size = (((uint32_t)in->imm >> 11) & 31) + 1;
      uint32_t mask = (uint32_t)(((size >= 32 ? 0xffffffffull : (1ull << size) - 1)) << off);
      if (in->op == IR_OP_get_hwreg) {
        for (uint32_t l = 0; l < n; l++) out[l] = (w->hwreg[hw] & mask) >> off;
      } else {
        uint64_t v;
        if (!uniform(it, args[0], &v)) return stop(it, "%%%u: non-uniform s_setreg value", id);
        w->hwreg[hw] = (w->hwreg[hw] & ~mask) | (((uint32_t)v << off) & mask);
      }
      return true;
    }
    case IR_OP_send_msg: {
      uint64_t m0;
      if (w->msg_count >= 8) return stop(it, "%%%u: more than 8 messages", id);
      if (!uniform(it, args[0], &m0)) return stop(it, "%%%u: non-uniform M0 of a message", id);
      w->msgs[w->msg_count].imm = (uint32_t)in->imm;
      w->msgs[w->msg_count++].m0 = (uint32_t)m0;
      return true;
    }
    case IR_OP_read_clock:
      for (uint32_t l = 0; l < n; l++) out[l] = w->clock[in->imm & 1];
      return true;
    case IR_OP_wave_id:
      for (uint32_t l = 0; l < n; l++) out[l] = w->wave_id;
      return true;
    case IR_OP_code_base:
      for (uint32_t l = 0; l < n; l++) out[l] = w->code_base;
      return true;
    case IR_OP_aperture_hi: /* SH_MEM_BASES: private 15:0, shared 31:16 = bits 63:48 */
      for (uint32_t l = 0; l < n; l++)
        out[l] = (in->imm ? w->hwreg[15] & 0xffff : w->hwreg[15] >> 16) << 16;
      return true;
    case IR_OP_barrier:
    case IR_OP_wait_counters: return true;
    case IR_OP_bad_jump: { /* the block's ret ends the wave */
      uint64_t v;
      if (!uniform(it, args[0], &v)) return stop(it, "%%%u: non-uniform jump target", id);
      note_fault(it, id, v, 0, IR_INTERP_FAULT_JUMP, 0);
      return true;
    }
    case IR_OP_gws: return exec_gws(it, id);
    default: break;
  }
  const struct ir_op_info *info = &ir_op_infos[in->op];
  if (!(info->flags & IR_PURE) || in->arg_count > 3)
    return stop(it, "%%%u: the interpreter does not execute %s", id, info->name);
  /* the wave's float mode now (MODE 7:0, ir_mode.h; the same at every run of this
   * instruction wherever the operation depends on it, or run_init refused the function):
   * f32 operands and result flushed, a directed f32 rounding */
  uint32_t mode = w->hwreg[1] & 0xffu;
  enum ir_op op = (enum ir_op)in->op;
  unsigned fout = ir_float_mode_flush(mode, op, (enum ir_type)info->result) & IR_FLUSH_OUT;
  unsigned fin[3] = {0, 0, 0};
  for (uint32_t k = 0; k < in->arg_count; k++)
    fin[k] = ir_float_mode_flush(mode, op, (enum ir_type)info->args[k]) & IR_FLUSH_IN;
  for (uint32_t l = 0; l < n; l++) {
    uint64_t c[3] = {0, 0, 0};
    for (uint32_t k = 0; k < in->arg_count; k++) {
      c[k] = V(it, args[k])[l];
      if (fin[k]) c[k] = ir_float_flush_bits((enum ir_type)info->args[k], c[k]);
    }
    if (!ir_float_round32_eval(mode, op, c, &out[l]) &&
        !ir_float_round16_eval(mode, op, c, &out[l]) &&
        !eval_div_scale(mode, op, c, &out[l]) && !ir_eval_op(in->op, in->imm, c, &out[l]) &&
        !eval_extra(in->op, in->imm, c, &out[l]))
      return stop(it, "%%%u: the interpreter does not execute %s", id, info->name);
    if (fout) out[l] = ir_float_flush_bits((enum ir_type)info->result, out[l]);
  }
  return true;
}

/* One wave's run, resumable after a barrier (ir_interp_run_group). */
struct interp_run {
  struct interp it;
  uint64_t *phi_tmp;
  uint32_t block, from, pos; /* the block, where it came from, the next instruction in it */
};
enum run_status { RUN_ERROR, RUN_DONE, RUN_BARRIER };

static bool run_init(struct interp_run *r, const struct ir_function *fn, struct ir_interp_wave *w,
                     char *err, size_t err_size) {
  *r = (struct interp_run){.it = {.fn = fn, .w = w, .lanes = fn->wave_size == 64 ? 64 : 32,
                                  .err = err, .err_size = err_size}};
  if (err && err_size) err[0] = 0;
  char why[200];
  if (ir_float_mode_refusal(fn, why, sizeof why)) { /* as the back end: not run wrong */
    if (err && err_size) snprintf(err, err_size, "%s", why);
    return false;
  }
  r->it.val = calloc((size_t)fn->inst_count * r->it.lanes + 1, sizeof *r->it.val);
  r->phi_tmp = malloc(sizeof(uint64_t) * r->it.lanes * (fn->inst_count + 1));
  if (!r->it.val || !r->phi_tmp) return stop(&r->it, "out of memory");
  r->block = cfg_graph_entry(fn->cfg);
  r->from = CFG_NONE;
  w->steps = 0;
  w->insts = 0;
  w->hwreg[1] = (w->hwreg[1] & ~0xffu) | (fn->float_mode & 0xff);
  if (!w->hwreg[15]) w->hwreg[15] = IR_INTERP_SH_MEM_BASES;
  return true;
}

static void run_free(struct interp_run *r) {
  free(r->it.val);
  free(r->it.vec);
  free(r->phi_tmp);
}

/* Runs until `ret` (RUN_DONE), an error, or (AT_BARRIER) just after a barrier. */
static enum run_status run_wave(struct interp_run *r, uint32_t max_blocks, bool at_barrier) {
  struct interp *it = &r->it;
  const struct ir_function *fn = it->fn;
  struct ir_interp_wave *w = it->w;
  for (;;) {
    uint32_t block = r->block;
    const struct ir_block *b = &fn->blocks[block];
    if (!r->pos) {
      if (w->steps++ >= max_blocks) {
        stop(it, "stopped after %u blocks", max_blocks);
        return RUN_ERROR;
      }
      /* phis read the values at the end of the predecessor, all at once */
      uint32_t pi = r->from == CFG_NONE ? CFG_NONE : cfg_graph_pred_index(fn->cfg, block, r->from);
      uint32_t nphi = 0;
      for (uint32_t i = 0; i < b->count; i++) {
        const struct ir_inst *in = &fn->insts[b->insts[i]];
        if (in->dead || in->op != IR_OP_phi) continue;
        if (pi == CFG_NONE) {
          stop(it, "^%u: phi without an incoming edge", block);
          return RUN_ERROR;
        }
        memcpy(&r->phi_tmp[(size_t)nphi++ * it->lanes], V(it, ir_inst_args(fn, b->insts[i])[pi]),
               it->lanes * sizeof *r->phi_tmp);
      }
      nphi = 0;
      for (uint32_t i = 0; i < b->count; i++) {
        uint32_t id = b->insts[i];
        if (fn->insts[id].dead || fn->insts[id].op != IR_OP_phi) continue;
        memcpy(V(it, id), &r->phi_tmp[(size_t)nphi++ * it->lanes], it->lanes * sizeof *r->phi_tmp);
      }
    }
    uint32_t next = CFG_NONE;
    for (uint32_t i = r->pos; i < b->count; i++) {
      uint32_t id = b->insts[i];
      const struct ir_inst *in = &fn->insts[id];
      if (in->dead || in->op == IR_OP_phi) continue;
      if (w->max_insts && w->insts >= w->max_insts) {
        stop(it, "stopped after %u instructions", w->max_insts);
        return RUN_ERROR;
      }
      w->insts++;
      if (in->op == IR_OP_br) {
        next = cfg_graph_succ(fn->cfg, block, 0);
      } else if (in->op == IR_OP_cbr) {
        uint64_t c;
        if (!uniform(it, ir_inst_args(fn, id)[0], &c)) {
          stop(it, "^%u: divergent branch condition", block);
          return RUN_ERROR;
        }
        next = cfg_graph_succ(fn->cfg, block, c & 1 ? 0 : 1);
      } else if (in->op == IR_OP_ret) {
        return RUN_DONE;
      } else if (in->op == IR_OP_unreachable) {
        stop(it, "^%u: reached unreachable", block);
        return RUN_ERROR;
      } else if (!exec_inst(it, id)) {
        return RUN_ERROR;
      } else if (in->op == IR_OP_barrier && at_barrier) {
        r->pos = i + 1;
        return RUN_BARRIER;
      }
    }
    if (next == CFG_NONE) {
      stop(it, "^%u: no terminator", block);
      return RUN_ERROR;
    }
    r->from = block;
    r->block = next;
    r->pos = 0;
  }
}

bool ir_interp_run(const struct ir_function *fn, struct ir_interp_wave *w, uint32_t max_blocks,
                   char *err, size_t err_size) {
  struct interp_run r;
  bool ok = run_init(&r, fn, w, err, err_size) && run_wave(&r, max_blocks, false) == RUN_DONE;
  run_free(&r);
  return ok;
}

bool ir_interp_run_group(const struct ir_function *fn, struct ir_interp_wave *const *waves,
                         uint32_t count, uint32_t max_blocks, char *err, size_t err_size) {
  if (!count || count > IR_INTERP_MAX_WAVES) {
    snprintf(err, err_size, "%u waves in a workgroup (1..%u)", count, IR_INTERP_MAX_WAVES);
    return false;
  }
  struct interp_run *r = calloc(count, sizeof *r);
  bool *done = calloc(count, sizeof *done);
  bool ok = r && done;
  if (!ok) snprintf(err, err_size, "out of memory");
  uint32_t started = 0;
  for (; ok && started < count; started++) ok = run_init(&r[started], fn, waves[started], err, err_size);
  /* rounds: every wave that has not ended runs to its next barrier (or its end); a barrier
   * releases when every wave has reached it or ended, as the hardware's */
  for (uint32_t live = count; ok && live;) {
    for (uint32_t i = 0; ok && i < count; i++) {
      if (done[i]) continue;
      enum run_status st = run_wave(&r[i], max_blocks, true);
      if (st == RUN_ERROR) {
        char tmp[200];
        snprintf(tmp, sizeof tmp, "%s", err);
        snprintf(err, err_size, "wave %u: %s", i, tmp);
        ok = false;
      } else if (st == RUN_DONE) {
        done[i] = true;
        live--;
      }
    }
  }
  for (uint32_t i = 0; r && i < started; i++) run_free(&r[i]);
  free(r);
  free(done);
  return ok;
}
