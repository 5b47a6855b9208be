/* printf engine, floating point: %e %f %g by exact decimal expansion of the binary value
 * (a base-1e9 big integer m * 2^e or m * 5^k), rounded half to even on the exact digits
 * like glibc in the default rounding mode; %a from the bits. Double and x87 long double. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hle/libc/format_internal.h"

/* ---- floating point: exact decimal expansion ---------------------------------------- */

/* A finite binary value m * 2^e, with the sign apart. */
struct fp_value {
  bool negative, inf, nan;
  uint64_t mant;
  int exp2;
  bool is_long; /* x87 80-bit (affects %a only) */
  int biased;   /* biased exponent field, for %a */
};

static struct fp_value fp_from_double(double d) {
  uint64_t bits;
  memcpy(&bits, &d, 8);
  struct fp_value v = {.negative = bits >> 63};
  int e = (int)((bits >> 52) & 0x7FF);
  uint64_t frac = bits & ((UINT64_C(1) << 52) - 1);
  v.biased = e;
  if (e == 0x7FF) {
    v.inf = frac == 0;
    v.nan = frac != 0;
  } else if (e == 0) {
    v.mant = frac;
    v.exp2 = -1074;
  } else {
    v.mant = frac | (UINT64_C(1) << 52);
    v.exp2 = e - 1075;
  }
  return v;
}

static struct fp_value fp_from_x87(const uint8_t b[10]) {
  struct fp_value v = {.is_long = true};
  memcpy(&v.mant, b, 8);
  unsigned se = (unsigned)b[8] | (unsigned)b[9] << 8;
  v.negative = se >> 15;
  int e = (int)(se & 0x7FFF);
  v.biased = e;
  if (e == 0x7FFF) {
    v.inf = (v.mant << 1) == 0;
    v.nan = !v.inf;
  } else if (e != 0 && !(v.mant >> 63)) {
    v.nan = true; /* unnormal: an invalid operand on x87, printed as nan like glibc */
  } else {
    v.exp2 = (e == 0 ? 1 : e) - 16383 - 63;
  }
  return v;
}

/* Big integer in base 1e9, little-endian limbs, in caller-provided storage. */
#define BIG_BASE 1000000000u
struct big {
  uint32_t *limb;
  size_t n, cap;
};

static void big_set(struct big *b, uint64_t v) {
  b->n = 0;
  while (v) {
    b->limb[b->n++] = (uint32_t)(v % BIG_BASE);
    v /= BIG_BASE;
  }
}

static void big_mul(struct big *b, uint32_t m) {
  uint64_t carry = 0;
  for (size_t i = 0; i < b->n; i++) {
    uint64_t t = (uint64_t)b->limb[i] * m + carry;
    b->limb[i] = (uint32_t)(t % BIG_BASE);
    carry = t / BIG_BASE;
  }
  while (carry && b->n < b->cap) {
    b->limb[b->n++] = (uint32_t)(carry % BIG_BASE);
    carry /= BIG_BASE;
  }
}

/* Limbs needed for the exact value of V: m * 2^e has at most 20 + 0.302 e decimal digits,
 * m * 5^k at most 20 + 0.699 k. */
static size_t big_limbs_for(const struct fp_value *v) {
  long digits = v->exp2 >= 0 ? 20 + (long)v->exp2 * 302 / 1000 + 1
                             : 20 + (long)-v->exp2 * 699 / 1000 + 1;
  return (size_t)digits / 9 + 2;
}

/* Decimal digits of a value: value = 0.d[0]d[1]...d[nd-1] x 10^dexp, no trailing zeros;
 * nd == 0 means zero. D holds 9 digits per limb of the big integer plus a margin. */
struct decimal {
  char *d;
  int nd;
  int dexp;
};

/* Every double fits the on-stack storage (at most ~770 digits, 88 limbs); only x87 long
 * doubles of large magnitude need the heap. */
#define STACK_LIMBS 96
#define DIGITS_FOR(limbs) ((limbs) * 9 + 32)

static void decimal_from_fp(struct decimal *dc, struct big *b, const struct fp_value *v) {
  dc->nd = 0;
  dc->dexp = 1;
  if (v->mant == 0) return;
  big_set(b, v->mant);
  int k = 0;
  if (v->exp2 >= 0) {
    int e = v->exp2;
    for (; e >= 29; e -= 29) big_mul(b, UINT32_C(1) << 29);
    if (e) big_mul(b, UINT32_C(1) << e);
  } else {
    k = -v->exp2; /* m / 2^k = m * 5^k / 10^k */
    int e = k;
    for (; e >= 13; e -= 13) big_mul(b, 1220703125u); /* 5^13 */
    uint32_t p = 1;
    while (e--) p *= 5;
    if (p > 1) big_mul(b, p);
  }
  /* most significant limb without leading zeros, the rest 9 digits each */
  int n = 0;
  char tmp[10];
  uint32_t top = b->limb[b->n - 1];
  int tl = 0;
  do {
    tmp[tl++] = (char)('0' + top % 10);
    top /= 10;
  } while (top);
  while (tl) dc->d[n++] = tmp[--tl];
  for (size_t i = b->n - 1; i-- > 0;) {
    uint32_t l = b->limb[i];
    for (int j = 8; j >= 0; j--) {
      dc->d[n + j] = (char)('0' + l % 10);
      l /= 10;
    }
    n += 9;
  }
  dc->dexp = n - k;
  while (n > 0 && dc->d[n - 1] == '0') n--;
  dc->nd = n;
}

/* Keeps the first N digits, rounding half to even on the exact value. */
static void decimal_round(struct decimal *dc, int n) {
  if (n >= dc->nd) return;
  if (n < 0) {
    dc->nd = 0;
    return;
  }
  char next = dc->d[n];
  bool rest = dc->nd > n + 1; /* trailing zeros were stripped: anything left is nonzero */
  bool odd = n > 0 && ((dc->d[n - 1] - '0') & 1);
  bool up = next > '5' || (next == '5' && (rest || odd));
  dc->nd = n;
  if (up) {
    int i = n - 1;
    while (i >= 0 && dc->d[i] == '9') i--;
    if (i < 0) {
      dc->d[0] = '1';
      dc->nd = 1;
      dc->dexp += 1;
      return;
    }
    dc->d[i]++;
    dc->nd = i + 1;
  }
  while (dc->nd > 0 && dc->d[dc->nd - 1] == '0') dc->nd--;
}

/* Emits digits at positions [from, to) of DC (zeros outside the stored ones). */
static void emit_digits(struct format_sink *s, const struct decimal *dc, long from, long to) {
  if (from >= to) return;
  if (from < 0) {
    long z = (to < 0 ? to : 0) - from;
    hle_format_sink_pad(s, '0', (size_t)z);
    from += z;
  }
  if (from < dc->nd && from < to) {
    long end = to < dc->nd ? to : dc->nd;
    hle_format_sink_put(s, dc->d + from, (size_t)(end - from));
    from = end;
  }
  if (from < to) hle_format_sink_pad(s, '0', (size_t)(to - from));
}

static size_t sign_prefix(const struct fmt_spec *sp, bool negative, char *out) {
  if (negative) return out[0] = '-', 1;
  if (sp->plus) return out[0] = '+', 1;
  if (sp->space) return out[0] = ' ', 1;
  return 0;
}

/* Emits a number laid out as [sign][int digits][.][frac digits][suffix] with padding. */
struct fp_layout {
  char sign[4];
  size_t sign_len;
  long int_from, int_to;   /* digit positions of the integer part (empty: print "0") */
  bool point;
  long frac_from, frac_to; /* digit positions of the fraction */
  char suffix[16];         /* exponent part */
  size_t suffix_len;
};

static void emit_fp_layout(struct format_sink *s, const struct fmt_spec *sp,
                           const struct decimal *dc, const struct fp_layout *l) {
  size_t int_len = l->int_to > l->int_from ? (size_t)(l->int_to - l->int_from) : 1;
  size_t frac_len = l->frac_to > l->frac_from ? (size_t)(l->frac_to - l->frac_from) : 0;
  size_t len = l->sign_len + int_len + (l->point ? 1 : 0) + frac_len + l->suffix_len;
  size_t pad = (size_t)sp->width > len ? (size_t)sp->width - len : 0;
  if (!sp->left && !sp->zero) hle_format_sink_pad(s, ' ', pad);
  hle_format_sink_put(s, l->sign, l->sign_len);
  if (!sp->left && sp->zero) hle_format_sink_pad(s, '0', pad);
  if (l->int_to > l->int_from) emit_digits(s, dc, l->int_from, l->int_to);
  else hle_format_sink_char(s, '0');
  if (l->point) hle_format_sink_char(s, '.');
  emit_digits(s, dc, l->frac_from, l->frac_to);
  hle_format_sink_put(s, l->suffix, l->suffix_len);
  if (sp->left) hle_format_sink_pad(s, ' ', pad);
}

static size_t exponent_suffix(char *out, char e, int x, int min_digits) {
  size_t n = 0;
  out[n++] = e;
  out[n++] = x < 0 ? '-' : '+';
  unsigned ux = x < 0 ? (unsigned)-x : (unsigned)x;
  char tmp[12];
  int tl = 0;
  do {
    tmp[tl++] = (char)('0' + ux % 10);
    ux /= 10;
  } while (ux);
  while (tl < min_digits) tmp[tl++] = '0';
  while (tl) out[n++] = tmp[--tl];
  return n;
}

static void emit_inf_nan(struct format_sink *s, const struct fmt_spec *sp,
                         const struct fp_value *v, bool upper) {
  char prefix[2];
  size_t pl = sign_prefix(sp, v->negative, prefix);
  const char *body = v->inf ? (upper ? "INF" : "inf") : (upper ? "NAN" : "nan");
  hle_format_emit_field(s, sp, prefix, pl, 0, body, 3, false);
}

static void emit_decimal_fp(struct format_sink *s, const struct fmt_spec *sp,
                            const struct fp_value *v, struct decimal *dc, struct big *b) {
  char conv = sp->conv;
  bool upper = conv == 'E' || conv == 'F' || conv == 'G';
  decimal_from_fp(dc, b, v);
  long prec = sp->prec < 0 ? 6 : sp->prec;
  struct fp_layout l = {0};
  l.sign_len = sign_prefix(sp, v->negative, l.sign);

  bool style_e = conv == 'e' || conv == 'E';
  bool strip = false;
  if (conv == 'g' || conv == 'G') {
    if (prec == 0) prec = 1;
    long x0 = dc->nd == 0 ? 0 : dc->dexp - 1;
    decimal_round(dc, (int)(prec > INT_MAX - 1 ? INT_MAX - 1 : prec));
    long x = dc->nd == 0 ? 0 : dc->dexp - 1;
    if (prec > x && x >= -4) {
      prec = prec - 1 - x;
    } else {
      style_e = true;
      /* glibc quirk kept for identical output: when rounding carries the value from
       * fixed into exponent style (999.9999 with "%#.3g"), it prints no fraction digits:
       * "1.e+03" rather than "1.00e+03". Only visible with '#'. */
      prec = (x0 < prec && x == prec) ? 0 : prec - 1;
    }
    strip = !sp->alt;
  }

  if (style_e) {
    long keep = prec + 1;
    decimal_round(dc, (int)(keep > INT_MAX - 1 ? INT_MAX - 1 : keep));
    int x = dc->nd == 0 ? 0 : dc->dexp - 1;
    l.int_from = 0;
    l.int_to = 1;
    l.frac_from = 1;
    l.frac_to = 1 + prec;
    if (strip) l.frac_to = dc->nd > 1 ? (dc->nd < l.frac_to ? dc->nd : l.frac_to) : 1;
    l.suffix_len = exponent_suffix(l.suffix, upper ? 'E' : 'e', x, 2);
  } else {
    long keep = (long)dc->dexp + prec;
    decimal_round(dc, (int)(keep > INT_MAX - 1 ? INT_MAX - 1 : keep));
    if (dc->nd == 0) dc->dexp = 1;
    l.int_from = dc->dexp > 0 ? 0 : 1;
    l.int_to = dc->dexp > 0 ? dc->dexp : 1;
    if (dc->dexp <= 0) l.int_from = l.int_to = 0; /* prints "0" */
    l.frac_from = dc->dexp;
    l.frac_to = (long)dc->dexp + prec;
    if (strip) {
      long last = dc->nd; /* one past the last nonzero digit */
      if (last < l.frac_to) l.frac_to = last > l.frac_from ? last : l.frac_from;
    }
  }
  l.point = l.frac_to > l.frac_from || sp->alt;
  emit_fp_layout(s, sp, dc, &l);
}

/* %a / %A: hexadecimal significand, binary exponent. A double prints as 1.xxx (0.xxx for
 * denormals); an x87 long double prints its 64-bit significand as 16 nibbles (x.xxx with
 * the explicit integer bit in the leading nibble), like glibc. */
static void emit_hex_fp(struct format_sink *s, const struct fmt_spec *sp,
                        const struct fp_value *v) {
  bool upper = sp->conv == 'A';
  const char *hex = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  unsigned lead;
  uint64_t frac;  /* fraction nibbles, most significant first, left aligned */
  int nibbles;    /* fraction nibbles available */
  long exp;
  if (v->is_long) {
    lead = (unsigned)(v->mant >> 60);
    frac = v->mant << 4;
    nibbles = 15;
    exp = v->mant == 0 ? 0 : (v->biased == 0 ? 1 : v->biased) - 16383 - 3;
  } else {
    lead = v->biased == 0 ? 0 : 1;
    frac = (v->mant & ((UINT64_C(1) << 52) - 1)) << 12;
    nibbles = 13;
    exp = v->mant == 0 ? 0 : (v->biased == 0 ? -1022 : v->biased - 1023);
  }
  int used = nibbles; /* significant nibbles without trailing zeros */
  while (used > 0 && ((frac >> (64 - 4 * used)) & 0xF) == 0) used--;

  long prec = sp->prec;
  if (prec >= 0 && prec < used) {
    int keep = (int)prec;
    uint64_t kept = keep ? frac >> (64 - 4 * keep) : 0;
    uint64_t rest = keep ? frac << (4 * keep) : frac; /* dropped bits, left aligned */
    bool half = rest >> 63;
    bool more = (rest << 1) != 0;
    bool odd = keep ? (kept & 1) : (lead & 1);
    if (half && (more || odd)) {
      kept++;
      if (keep == 0 || kept >> (4 * keep)) {
        kept = keep ? kept & ((UINT64_C(1) << (4 * keep)) - 1) : 0;
        lead++;
        if (lead == 16) {
          lead = 1;
          exp += 4;
        }
      }
    }
    frac = keep ? kept << (64 - 4 * keep) : 0;
    used = keep;
  }
  long digits = prec >= 0 ? prec : used;

  char body[32];
  size_t bl = 0;
  body[bl++] = hex[lead];
  bool point = digits > 0 || sp->alt;
  if (point) body[bl++] = '.';
  long stored = digits < used ? digits : used;
  for (long i = 0; i < stored; i++) body[bl++] = hex[(frac >> (60 - 4 * i)) & 0xF];
  size_t trailing = (size_t)(digits - stored);
  char suffix[16];
  size_t sl = exponent_suffix(suffix, upper ? 'P' : 'p', (int)exp, 1);

  char prefix[4];
  size_t pl = sign_prefix(sp, v->negative, prefix);
  prefix[pl++] = '0';
  prefix[pl++] = upper ? 'X' : 'x';
  size_t len = pl + bl + trailing + sl;
  size_t pad = (size_t)sp->width > len ? (size_t)sp->width - len : 0;
  if (!sp->left && !sp->zero) hle_format_sink_pad(s, ' ', pad);
  hle_format_sink_put(s, prefix, pl);
  if (!sp->left && sp->zero) hle_format_sink_pad(s, '0', pad);
  hle_format_sink_put(s, body, bl);
  hle_format_sink_pad(s, '0', trailing);
  hle_format_sink_put(s, suffix, sl);
  if (sp->left) hle_format_sink_pad(s, ' ', pad);
}

bool hle_format_emit_float(struct format_sink *s, const struct fmt_spec *sp, double d,
                           const uint8_t *x87) {
  struct fp_value v = x87 ? fp_from_x87(x87) : fp_from_double(d);
  bool upper = sp->conv == 'E' || sp->conv == 'F' || sp->conv == 'G' || sp->conv == 'A';
  if (v.inf || v.nan) {
    emit_inf_nan(s, sp, &v, upper);
    return true;
  }
  if (sp->conv == 'a' || sp->conv == 'A') {
    emit_hex_fp(s, sp, &v);
    return true;
  }
  uint32_t stack_limbs[STACK_LIMBS];
  char stack_digits[DIGITS_FOR(STACK_LIMBS)];
  struct big b = {stack_limbs, 0, STACK_LIMBS};
  struct decimal dc = {stack_digits, 0, 1};
  size_t need = big_limbs_for(&v);
  void *heap = NULL;
  if (need > STACK_LIMBS) {
    heap = malloc(need * sizeof(uint32_t) + DIGITS_FOR(need));
    if (!heap) return false;
    b.limb = heap;
    b.cap = need;
    dc.d = (char *)heap + need * sizeof(uint32_t);
  }
  emit_decimal_fp(s, sp, &v, &dc, &b);
  free(heap);
  return true;
}

