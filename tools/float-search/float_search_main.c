/* prospero-float-search: checks that the f64 algorithms of exp2, log2, sin(2 pi x) and
 * cos(2 pi x) (ir_float.c; the SPIR-V back end emits the same operations) give an f64
 * value that rounds to f32 like the exact value in every rounding direction, over every f32
 * input (--step 1, the default) or every Nth (--step N).
 *
 * For each input x the algorithm's value y is placed on the grid of f32 rounding
 * boundaries of its binade: the f32 values (the boundaries of the directed roundings) and
 * the midpoints between them (nearest even), i.e. the multiples of half an f32 ULP (the
 * denormal spacing below 2^-126; past 2^128 the grid of 2^127's binade, whose multiples
 * include the largest finite value and the overflow threshold). y and the exact value v
 * round alike in all four directions exactly when they lie strictly inside the same grid
 * interval, or are equal and on it.
 * - Inputs whose exact value is rational are checked for y equal to it: exp2 of an integer,
 *   log2 of a power of two, sin/cos of a multiple of a quarter turn (sin(2 pi x) is rational
 *   only where 12x is an integer, and 12x integer with x binary means 4x integer).
 * - Otherwise v is irrational, never on the grid. When y lies more than MARGIN half-ULPs
 *   from the grid (MARGIN = 2^-12), v lies in y's interval as long as |y - v| < MARGIN; the
 *   algorithm's error is checked against that bound on every SAMPLE-th input (long double
 *   references: exp2l, log2l, and sinl/cosl of the exactly reduced quarter-turn angle).
 * - When y lies within MARGIN of the grid, the long double reference decides: the case is
 *   a difference if it lies in another interval, undecided if it lies within 2^-30
 *   half-ULPs of the grid itself (long double's own error is about 2^-38 there).
 * - y on the grid (an f32 value) with v irrational: the side of v is known near +-1 (exp2
 *   of a tiny x: the sign of x; |sin|, |cos| < 1), and tiny inputs are decided from bounds
 *   of the exact function alone (see run). That side is the rule a directed narrowing of
 *   y must follow (docs/shader-float.md).
 * The ranges the algorithms clamp (exp2 of x < -151 or > 129, |x| > 256 for sin/cos) are
 * outside the search: their y (2^-151, 2^129, the range rule's constants) rounds like the
 * exact value by construction. Prints one line per function and "N passed, N failed". */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/ir/ir_float.h"

#define MARGIN 0x1p-12
#define SAMPLE 64u

enum fn { EXP2, LOG2, SIN, COS, FN_COUNT };
static const char *const fn_names[FN_COUNT] = {"exp2", "log2", "sin", "cos"};

struct result {
  uint64_t checked, exact, near, on_grid, differ, undecided, sampled;
  double max_err; /* in half-ULPs, over the sampled inputs */
  uint32_t max_err_at, first_bad;
};

struct job {
  enum fn fn;
  uint32_t first, stride;
  struct result r;
};

static float f_of(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* 2^k as a double (-1022 <= k <= 1023) */
static double pow2(int k) {
  uint64_t b = (uint64_t)(k + 1023) << 52;
  double d;
  memcpy(&d, &b, 8);
  return d;
}

/* the exponent of half an f32 ULP at |y| just below it (at a power of two, the binade
 * below): the denormal spacing's half below 2^-126, the 2^127 binade's above; y a normal
 * double */
static int half_ulp_exp(double y) {
  uint64_t b;
  memcpy(&b, &y, 8);
  int e = (int)((b >> 52) & 0x7ff) - 1023;
  if ((b & ((1ull << 52) - 1)) == 0) e--;
  if (e < -126) e = -126;
  if (e > 127) e = 127;
  return e - 24;
}

/* the algorithm's value and whether x's exact value is rational (then in *exact) */
static bool in_range(enum fn fn, uint32_t u) {
  uint32_t m = u & 0x7fffffffu;
  if (m >= 0x7f800000u) return false;          /* inf, NaN: rules, not the core */
  if (fn == LOG2) return u != 0 && !(u >> 31); /* positive finite */
  if (fn == EXP2) return f_of(m) <= 151.0f && (u >> 31 || f_of(m) <= 129.0f);
  return m <= 0x43800000u; /* |x| <= 256 */
}

/* the value both back ends use: the algorithm's, or its hard-case replacement (--raw: the
 * algorithm's alone) */
static bool raw;
static double core(enum fn fn, float x) {
  double y;
  switch (fn) {
    case EXP2: y = ir_float_exp2_core(x); break;
    case LOG2: y = ir_float_log2_core(x); break;
    case SIN: y = ir_float_turns_core(x, 0); break;
    default: y = ir_float_turns_core(x, 1); break;
  }
  uint32_t u;
  memcpy(&u, &x, 4);
  return raw ? y : ir_float_hard_fix((unsigned)fn, u, y);
}

static bool rational(enum fn fn, float x, long double *v) {
  switch (fn) {
    case EXP2:
      if (x != nearbyintf(x)) return false;
      *v = ldexpl(1.0L, (int)x);
      return true;
    case LOG2: {
      int e;
      float m = frexpf(x, &e);
      if (m != 0.5f) return false;
      *v = e - 1;
      return true;
    }
    default: {
      float q = 4.0f * (x - nearbyintf(x)); /* exact */
      if (q != nearbyintf(q)) return false;
      int k = ((int)q + (fn == COS)) & 3;
      *v = k == 0 || k == 2 ? 0.0L : k == 1 ? 1.0L : -1.0L;
      return true;
    }
  }
}

/* the long double reference (sin/cos: x - rint(x) = (q + f) / 4 exactly, then the angle
 * f pi/2 in long double) */
static long double reference(enum fn fn, float x) {
  switch (fn) {
    case EXP2: return exp2l(x);
    case LOG2: return log2l(x);
    default: {
      double r = (double)x - nearbyint(x), q4 = 4.0 * r, q = nearbyint(q4), f = q4 - q;
      long double th = (long double)f * 1.5707963267948966192313216916397514L;
      int k = ((int)q + (fn == COS)) & 3;
      long double v = k & 1 ? cosl(th) : sinl(th);
      return k & 2 ? -v : v;
    }
  }
}

/* The side of the exact value where y (or the long double reference) sits on the grid
 * point G (in half-ULP units H) and the exact value is irrational: +1 above, -1 below, 0
 * unknown. Known near +-1: exp2(x) > 1 exactly when x > 0 (1 is only reached for |x| < 2^-50
 * or so); |sin|, |cos| < 1 but at the quarter turns (the rational inputs). */
static int side_at(enum fn fn, float x, long double g) {
  if (fn == EXP2 && g == 1.0L) return x > 0 ? 1 : -1;
  if ((fn == SIN || fn == COS) && fabsl(g) == 1.0L) return g > 0 ? -1 : 1;
  return 0;
}

static void bad(struct result *r, uint32_t u) {
  fprintf(stderr, "differs at 0x%08x\n", u);
  r->differ++;
  if (r->first_bad == 0xffffffffu) r->first_bad = u;
}

static void *run(void *arg) {
  struct job *j = arg;
  struct result *r = &j->r;
  r->first_bad = 0xffffffffu;
  for (uint64_t i = j->first; i <= 0xffffffffull; i += j->stride) {
    uint32_t u = (uint32_t)i;
    if (!in_range(j->fn, u)) continue;
    float x = f_of(u);
    double y = core(j->fn, x);
    r->checked++;
    long double v;
    if (rational(j->fn, x, &v)) {
      r->exact++;
      if ((long double)y != v) bad(r, u);
      continue;
    }
    /* tiny inputs, decided without a reference: exp2(x) in (1, 1 + 2^-29) for 0 < x <
     * 2^-30, in (1 - 2^-30, 1) for -2^-30 < x < 0; cos(2 pi x) in (1 - 2^-33, 1) for
     * 0 < |x| < 2^-20 (1 - cos t < t^2 / 2). The value y must lie in the same interval
     * of the grid or be 1 with that side (the side rule). */
    if (j->fn == EXP2 && fabsf(x) < 0x1p-30f) {
      r->near++, r->on_grid += y == 1.0;
      if (x > 0 ? !(y >= 1.0 && y < 1.0 + 0x1p-29) : !(y <= 1.0 && y > 1.0 - 0x1p-30)) bad(r, u);
      continue;
    }
    if (j->fn == COS && fabsf(x) < 0x1p-20f) {
      r->near++, r->on_grid += y == 1.0;
      if (!(y <= 1.0 && y > 1.0 - 0x1p-33)) bad(r, u);
      continue;
    }
    /* H from just below |y|: at a power of two the finer grid of the binade below; the
     * distance first in double on the bits (exact: a scaling by a power of two and the
     * difference of two close doubles), long double only near the grid */
    int k = half_ulp_exp(y);
    double td = y * pow2(-k); /* exact */
    if (fabs(td - nearbyint(td)) > MARGIN && (r->checked % SAMPLE) != 0) continue;
    long double h = pow2(k), t = td, d = fabsl(t - nearbyintl(t));
    bool sample = (r->checked % SAMPLE) == 0;
    if (d > MARGIN && !sample) continue;
    long double ref = reference(j->fn, x), tr = ref / h;
    if (sample) {
      r->sampled++;
      double err = (double)fabsl(t - tr);
      if (err > r->max_err) r->max_err = err, r->max_err_at = u;
    }
    if (d > MARGIN) continue;
    r->near++;
    /* the grid interval of y: on a grid point, the known side's */
    long double iy = floorl(t);
    if (d == 0) {
      int s = side_at(j->fn, x, y);
      r->on_grid++;
      if (!s) {
        bad(r, u);
        continue;
      }
      iy = s > 0 ? t : t - 1;
    }
    /* the exact value's, by the reference; within 2^-30 of a grid point by the side */
    long double iv = floorl(tr), g = nearbyintl(tr);
    if (fabsl(tr - g) < 0x1p-30L) {
      int s = side_at(j->fn, x, g * h);
      if (!s) {
        r->undecided++;
        continue;
      }
      iv = s > 0 ? g : g - 1;
    }
    if (iy != iv) bad(r, u);
  }
  return NULL;
}

int main(int argc, char **argv) {
  uint32_t step = 1, threads = 2;
  int only = -1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--raw")) {
      raw = true;
    } else if (!strcmp(argv[i], "--step") && i + 1 < argc) {
      step = (uint32_t)strtoul(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
      threads = (uint32_t)strtoul(argv[++i], NULL, 0);
    } else if (!strcmp(argv[i], "--fn") && i + 1 < argc) {
      i++;
      for (int f = 0; f < FN_COUNT; f++)
        if (!strcmp(argv[i], fn_names[f])) only = f;
      if (only < 0) {
        fprintf(stderr, "prospero-float-search: unknown function %s\n", argv[i]);
        return 2;
      }
    } else {
      fprintf(stderr,
              "usage: prospero-float-search [--raw] [--step N] [--threads T] [--fn "
              "exp2|log2|sin|cos]\n");
      return 2;
    }
  }
  if (!step || !threads || threads > 64) {
    fprintf(stderr, "prospero-float-search: bad --step or --threads\n");
    return 2;
  }
  unsigned passed = 0, failed = 0;
  for (int f = 0; f < FN_COUNT; f++) {
    if (only >= 0 && f != only) continue;
    struct job jobs[64];
    pthread_t tid[64];
    for (uint32_t t = 0; t < threads; t++) {
      jobs[t] = (struct job){.fn = (enum fn)f, .first = t * step, .stride = threads * step};
      if (pthread_create(&tid[t], NULL, run, &jobs[t])) {
        fprintf(stderr, "prospero-float-search: pthread_create failed\n");
        return 2;
      }
    }
    struct result s = {.first_bad = 0xffffffffu};
    for (uint32_t t = 0; t < threads; t++) {
      pthread_join(tid[t], NULL);
      struct result *r = &jobs[t].r;
      s.checked += r->checked, s.exact += r->exact, s.near += r->near, s.on_grid += r->on_grid;
      s.differ += r->differ, s.undecided += r->undecided, s.sampled += r->sampled;
      if (r->max_err > s.max_err) s.max_err = r->max_err, s.max_err_at = r->max_err_at;
      if (r->first_bad < s.first_bad) s.first_bad = r->first_bad;
    }
    bool ok = !s.differ && !s.undecided && s.max_err < MARGIN;
    printf(
        "%s: %llu inputs (step %u), %llu exact, %llu within 2^-12 half-ULP of a boundary, "
        "%llu of them on it (side rule), %llu differ, %llu undecided; max error %.3g half-ULP "
        "(2^%.1f) at 0x%08x over %llu "
        "sampled%s",
        fn_names[f], (unsigned long long)s.checked, step, (unsigned long long)s.exact,
        (unsigned long long)s.near, (unsigned long long)s.on_grid, (unsigned long long)s.differ,
        (unsigned long long)s.undecided, s.max_err, s.max_err > 0 ? log2(s.max_err) : -1e9,
        s.max_err_at, (unsigned long long)s.sampled, ok ? "\n" : "");
    if (!ok) printf(": FAILED (first 0x%08x)\n", s.first_bad);
    ok ? passed++ : failed++;
  }
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}
