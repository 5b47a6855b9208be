/* Printer: decoded instruction -> LLVM AMDGPU assembly text (as llvm-mc-19 prints it). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "gpu/shader/isa/isa_internal.h"
#include "gpu/shader/isa/print_internal.h"

#define out isa_out

/* Appends go through a struct out that lives in isa_print's frame. The hot helpers are
 * forced inline and every out-of-line call works on a copy (OUT_CALL), so the struct's
 * address never escapes: the compiler keeps buf/len in registers instead of reloading len
 * from memory after every byte store (a char store may alias anything in memory). */
#define HOT static inline __attribute__((always_inline))
#define OUT_CALL(o, fn, ...)        \
  do {                              \
    struct out call_t_ = *(o);      \
    fn(&call_t_, __VA_ARGS__);      \
    *(o) = call_t_;                 \
  } while (0)
#define put(o, ...) OUT_CALL(o, isa_put, __VA_ARGS__)

/* A small formatter for the printer's needs (%s %c %d %u %x, optional 0-padded width):
 * much cheaper than vsnprintf on the hot path. Output beyond size is counted, not written. */
HOT void out_char(struct out *o, char c) {
  if (o->len + 1 < o->size) o->buf[o->len] = c;
  o->len++;
}

HOT void out_uint(struct out *o, unsigned long long v, unsigned base, unsigned width) {
  char tmp[24];
  unsigned n = 0;
  if (base == 16) {
    do {
      unsigned d = (unsigned)(v & 15);
      tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
      v >>= 4;
    } while (v);
  } else {
    do { /* constant divisor: compiled to a multiply */
      tmp[n++] = (char)('0' + v % 10);
      v /= 10;
    } while (v);
  }
  while (n < width) tmp[n++] = '0';
  if (o->len + n < o->size) {
    char *dst = o->buf + o->len;
    for (unsigned i = 0; i < n; i++) dst[i] = tmp[n - 1 - i];
    o->len += n;
  } else {
    while (n) out_char(o, tmp[--n]);
  }
}

HOT void out_mem(struct out *o, const char *s, size_t n) {
  if (o->len + n < o->size) {
    memcpy(o->buf + o->len, s, n); /* constant n (literals): a few moves */
    o->len += n;
  } else {
    for (size_t i = 0; i < n; i++) out_char(o, s[i]); /* truncating: counts, stops writing */
  }
}

/* A string literal: its length is known at compile time. */
#define OUT_LIT(o, lit) out_mem((o), "" lit, sizeof(lit) - 1)

HOT void out_str(struct out *o, const char *s) { out_mem(o, s, strlen(s)); }

HOT void out_hex(struct out *o, uint32_t v) {
  OUT_LIT(o, "0x");
  out_uint(o, v, 16, 0);
}

HOT void out_int(struct out *o, int32_t v) {
  if (v < 0) out_char(o, '-');
  out_uint(o, v < 0 ? (uint32_t)-(int64_t)v : (uint32_t)v, 10, 0);
}

void isa_put(struct out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  for (const char *p = fmt; *p; p++) {
    if (*p != '%') {
      out_char(o, *p);
      continue;
    }
    p++;
    unsigned width = 0;
    while (*p >= '0' && *p <= '9') width = width * 10 + (unsigned)(*p++ - '0');
    switch (*p) {
      case 's':
        for (const char *s = va_arg(ap, const char *); *s; s++) out_char(o, *s);
        break;
      case 'c':
        out_char(o, (char)va_arg(ap, int));
        break;
      case 'd': {
        int v = va_arg(ap, int);
        if (v < 0) out_char(o, '-');
        out_uint(o, v < 0 ? (unsigned long long)-(long long)v : (unsigned long long)v, 10, width);
        break;
      }
      case 'u':
        out_uint(o, va_arg(ap, unsigned), 10, width);
        break;
      case 'x':
        out_uint(o, va_arg(ap, unsigned), 16, width);
        break;
      case '%':
        out_char(o, '%');
        break;
      default: /* unsupported conversion: print it literally */
        out_char(o, '%');
        if (*p) out_char(o, *p); else p--;
        break;
    }
  }
  va_end(ap);
  if (o->size) o->buf[o->len < o->size ? o->len : o->size - 1] = 0;
}

/* ---- constants ------------------------------------------------------------------------- */

/* Float inline constants 240..247 and 1/(2*pi) (248): text and bits per width. */
static const struct {
  const char *text;
  uint8_t len;
  uint16_t f16;
  uint32_t f32;
  uint64_t f64;
} inline_floats[9] = {
    {"0.5", 3, 0x3800, 0x3F000000, 0x3FE0000000000000ull},
    {"-0.5", 4, 0xB800, 0xBF000000, 0xBFE0000000000000ull},
    {"1.0", 3, 0x3C00, 0x3F800000, 0x3FF0000000000000ull},
    {"-1.0", 4, 0xBC00, 0xBF800000, 0xBFF0000000000000ull},
    {"2.0", 3, 0x4000, 0x40000000, 0x4000000000000000ull},
    {"-2.0", 4, 0xC000, 0xC0000000, 0xC000000000000000ull},
    {"4.0", 3, 0x4400, 0x40800000, 0x4010000000000000ull},
    {"-4.0", 4, 0xC400, 0xC0800000, 0xC010000000000000ull},
    {"0.15915494", 10, 0x3118, 0x3E22F983, 0x3FC45F306DC9C882ull},
};
static const char inv2pi_f64[] = "0.15915494309189532";

static bool inline_int(int64_t v) { return v >= -16 && v <= 64; }

/* Index of the inline float with these bits, or -1. */
static int float_index32(uint32_t v) {
  for (int i = 0; i < 9; i++)
    if (inline_floats[i].f32 == v) return i;
  return -1;
}
static int float_index16(uint32_t v) {
  for (int i = 0; i < 9; i++)
    if (inline_floats[i].f16 == v) return i;
  return -1;
}
static int float_index64(uint64_t v) {
  for (int i = 0; i < 9; i++)
    if (inline_floats[i].f64 == v) return i;
  return -1;
}

/* Text of inline float i (64-bit operands print 1/(2*pi) with more digits). */
HOT void out_float(struct out *o, unsigned i, bool wide) {
  if (wide && i == 8)
    out_mem(o, inv2pi_f64, sizeof inv2pi_f64 - 1);
  else
    out_mem(o, inline_floats[i].text, inline_floats[i].len);
}

HOT void print_inline_float(struct out *o, unsigned raw, uint8_t cls) {
  unsigned i = raw - 240;
  if (cls == ISA_CLS_I16)
    out_hex(o, inline_floats[i].f16);
  else
    out_float(o, i, cls == ISA_CLS_F64 || cls == ISA_CLS_I64);
}

HOT void print_literal(struct out *o, uint32_t lit, uint8_t cls) {
  int32_t s = (int32_t)lit;
  int n;
  switch (cls) {
    case ISA_CLS_F16: {
      int16_t v = (int16_t)(lit & 0xFFFF);
      if (inline_int(v)) { out_int(o, v); return; }
      if ((n = float_index16(lit & 0xFFFF)) >= 0) { out_float(o, (unsigned)n, false); return; }
      out_hex(o, lit & 0xFFFF);
      return;
    }
    case ISA_CLS_I16:
      if (inline_int(s)) { out_int(o, s); return; }
      if ((n = float_index32(lit)) >= 0) { out_float(o, (unsigned)n, false); return; }
      out_hex(o, lit & 0xFFFF);
      return;
    case ISA_CLS_F64: {
      uint64_t v = (uint64_t)lit << 32;
      if (v == 0) { OUT_LIT(o, "0"); return; }
      if ((n = float_index64(v)) >= 0) { out_float(o, (unsigned)n, true); return; }
      out_hex(o, lit);
      return;
    }
    case ISA_CLS_I64:
      if (lit <= 64) { out_uint(o, lit, 10, 0); return; }
      out_hex(o, lit);
      return;
    case ISA_CLS_V2F16:
      if (inline_int(s)) { out_int(o, s); return; }
      if (lit >> 16 == 0 && (n = float_index16(lit)) >= 0) { out_float(o, (unsigned)n, false); return; }
      out_hex(o, lit);
      return;
    default:
      if (inline_int(s)) { out_int(o, s); return; }
      if ((n = float_index32(lit)) >= 0) { out_float(o, (unsigned)n, false); return; }
      out_hex(o, lit);
      return;
  }
}

/* ---- registers ------------------------------------------------------------------------- */

/* Decimal text of 0..511 (register numbers); its length is 1, 2 or 3 digits. */
#define DEC10_(p) p "0", p "1", p "2", p "3", p "4", p "5", p "6", p "7", p "8", p "9"
static const char dec_text[512][4] = {
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    DEC10_("1"), DEC10_("2"), DEC10_("3"), DEC10_("4"), DEC10_("5"), DEC10_("6"),
    DEC10_("7"), DEC10_("8"), DEC10_("9"),
    DEC10_("10"), DEC10_("11"), DEC10_("12"), DEC10_("13"), DEC10_("14"), DEC10_("15"),
    DEC10_("16"), DEC10_("17"), DEC10_("18"), DEC10_("19"), DEC10_("20"), DEC10_("21"),
    DEC10_("22"), DEC10_("23"), DEC10_("24"), DEC10_("25"), DEC10_("26"), DEC10_("27"),
    DEC10_("28"), DEC10_("29"), DEC10_("30"), DEC10_("31"), DEC10_("32"), DEC10_("33"),
    DEC10_("34"), DEC10_("35"), DEC10_("36"), DEC10_("37"), DEC10_("38"), DEC10_("39"),
    DEC10_("40"), DEC10_("41"), DEC10_("42"), DEC10_("43"), DEC10_("44"), DEC10_("45"),
    DEC10_("46"), DEC10_("47"), DEC10_("48"), DEC10_("49"), DEC10_("50"),
    "510", "511",
};
#undef DEC10_

HOT void out_reg_num(struct out *o, unsigned v) {
  if (v < 512 && o->len + 4 < o->size) {
    memcpy(o->buf + o->len, dec_text[v], 4);
    o->len += v < 10 ? 1 : v < 100 ? 2 : 3;
  } else {
    out_uint(o, v, 10, 0);
  }
}

HOT void print_range(struct out *o, const char *prefix, size_t plen, unsigned first,
                        unsigned count) {
  out_mem(o, prefix, plen);
  if (count == 1) {
    out_reg_num(o, first);
    return;
  }
  out_char(o, '[');
  out_reg_num(o, first);
  out_char(o, ':');
  out_reg_num(o, first + count - 1);
  out_char(o, ']');
}

static unsigned align_sgpr(unsigned r, unsigned count) {
  if (count == 2) return r & ~1u;
  if (count >= 4) return r & ~3u;
  return r;
}

static const char *special_name(unsigned raw) {
  switch (raw) {
    case ISA_SRC_M0: return "m0";
    case ISA_SRC_NULL: return "null";
    case ISA_SRC_SHARED_BASE: return "src_shared_base";
    case ISA_SRC_SHARED_LIMIT: return "src_shared_limit";
    case ISA_SRC_PRIVATE_BASE: return "src_private_base";
    case ISA_SRC_PRIVATE_LIMIT: return "src_private_limit";
    case ISA_SRC_POPS_EXITING_WAVE_ID: return "src_pops_exiting_wave_id";
    case ISA_SRC_VCCZ: return "src_vccz";
    case ISA_SRC_EXECZ: return "src_execz";
    case ISA_SRC_SCC: return "src_scc";
    case ISA_SRC_LDS_DIRECT: return "src_lds_direct";
  }
  return NULL;
}

HOT void print_reg(struct out *o, const struct isa_operand *x) {
  unsigned raw = x->raw, n = x->count;
  if (x->kind == ISA_OPK_VGPR) {
    print_range(o, "v", 1, x->reg, n);
  } else if (x->kind == ISA_OPK_SGPR) {
    print_range(o, "s", 1, align_sgpr(x->reg, n), n);
  } else if (raw == ISA_SRC_VCC_LO || raw == ISA_SRC_VCC_HI) {
    if (n >= 2) OUT_LIT(o, "vcc");
    else if (raw == ISA_SRC_VCC_LO) OUT_LIT(o, "vcc_lo");
    else OUT_LIT(o, "vcc_hi");
  } else if (raw == ISA_SRC_EXEC_LO || raw == ISA_SRC_EXEC_HI) {
    if (n >= 2) OUT_LIT(o, "exec");
    else if (raw == ISA_SRC_EXEC_LO) OUT_LIT(o, "exec_lo");
    else OUT_LIT(o, "exec_hi");
  } else if (raw >= ISA_SRC_TTMP0 && raw < ISA_SRC_M0) {
    print_range(o, "ttmp", 4, align_sgpr(raw - ISA_SRC_TTMP0, n), n);
  } else {
    const char *s = special_name(raw);
    if (s)
      out_str(o, s);
    else
      put(o, "<unknown%u>", raw);
  }
}

/* SMEM register-class notes: sbase of a buffer op must be an SGPR quad, sdata may not be m0
 * or exec. */
static const char *smem_note(const struct isa_operand *x, const struct isa_opnd_desc *d) {
  if (x->kind != ISA_OPK_SPECIAL) return NULL;
  unsigned r = x->raw;
  if ((d->field == ISA_FIELD_SBASE || d->field == ISA_FIELD_SDATA) && x->count == 4 &&
      (r == ISA_SRC_VCC_LO || r == ISA_SRC_EXEC_LO))
    return "SReg_128";
  if (d->field == ISA_FIELD_SDATA) {
    if (x->count == 1 && (r == ISA_SRC_M0 || r == ISA_SRC_EXEC_LO || r == ISA_SRC_EXEC_HI))
      return "SReg_32_XM0_XEXEC";
    if (x->count == 2 && r == ISA_SRC_EXEC_LO) return "SReg_64_XEXEC";
  }
  return NULL;
}

static const char *flat_note(const struct isa_operand *x, const struct isa_opnd_desc *d) {
  if (d->field == ISA_FIELD_SA && x->count == 1 && x->raw == ISA_SRC_EXEC_HI)
    return "SReg_32_XEXEC_HI";
  return NULL;
}

HOT void print_note(struct out *o, const char *note) {
  if (!note) return;
  if (!strcmp(note, "imm"))
    OUT_LIT(o, "/*Invalid immediate*/");
  else
    put(o, "/*Invalid register, operand has '%s' register class*/", note);
}

HOT void print_operand(struct out *o, const struct isa_operand *x,
                          const struct isa_opnd_desc *d, bool scalar) {
  switch (x->kind) {
    case ISA_OPK_INLINE_INT:
      out_int(o, (int32_t)x->value);
      break;
    case ISA_OPK_INLINE_FLOAT:
      print_inline_float(o, x->raw, d->cls);
      break;
    case ISA_OPK_LITERAL:
      if (d->field == ISA_FIELD_K && d->cls == ISA_CLS_F16 && x->value >> 16)
        out_hex(o, x->value); /* 16-bit K with high bits set prints whole */
      else
        print_literal(o, x->value, d->cls);
      break;
    default:
      print_reg(o, x);
      if (x->kind == ISA_OPK_VGPR)
        print_note(o, d->note_v);
      else if (scalar && x->raw == ISA_SRC_LDS_DIRECT) /* scalar sources are SReg_32 */
        OUT_LIT(o, "/*Invalid register, operand has 'SReg_32' register class*/");
      else if (d->note_s && (x->raw < 128 || x->raw == ISA_SRC_LDS_DIRECT))
        print_note(o, d->note_s); /* (src_* specials pass) */
      else if (x->kind == ISA_OPK_SPECIAL &&
               (d->field == ISA_FIELD_SBASE || d->field == ISA_FIELD_SDATA))
        print_note(o, smem_note(x, d));
      else if (d->field == ISA_FIELD_SA)
        print_note(o, flat_note(x, d));
      return;
  }
  print_note(o, d->note_c);
}

/* ---- 16-bit immediates ----------------------------------------------------------------- */

HOT void print_k16(struct out *o, unsigned v, uint8_t kind) {
  switch (kind) {
    case ISA_K16_U16:
      if (v <= 64) out_uint(o, v, 10, 0); else out_hex(o, v);
      return;
    case ISA_K16_DEC:
      out_uint(o, v, 10, 0);
      return;
    case ISA_K16_WAITCNT: OUT_CALL(o, isa_print_waitcnt, v); return;
    case ISA_K16_SENDMSG: OUT_CALL(o, isa_print_sendmsg, v); return;
    case ISA_K16_HWREG: OUT_CALL(o, isa_print_hwreg, v); return;
    case ISA_K16_DEPCTR: OUT_CALL(o, isa_print_depctr, v); return;
    case ISA_K16_VERSION: OUT_CALL(o, isa_print_version, v); return;
    default:
      out_hex(o, v);
      return;
  }
}

/* ---- modifiers ------------------------------------------------------------------------- */

/* Index of a source field among S0..S2, or -1. */
static int src_index(uint8_t field) {
  if (field == ISA_FIELD_S0) return 0;
  if (field == ISA_FIELD_S1) return 1;
  if (field == ISA_FIELD_S2) return 2;
  return -1;
}

HOT void print_bits(struct out *o, const char *name, unsigned bits, unsigned n) {
  out_char(o, ' ');
  out_str(o, name);
  OUT_LIT(o, ":[");
  for (unsigned i = 0; i < n; i++) {
    if (i) out_char(o, ',');
    out_char(o, (char)('0' + (bits >> i & 1)));
  }
  out_char(o, ']');
}

HOT void print_signed_hex(struct out *o, int32_t v) {
  if (v < 0)
    out_char(o, '-'), out_hex(o, (uint32_t)-(int64_t)v);
  else
    out_hex(o, (uint32_t)v);
}

/* ds_swizzle_b32 offset: QUAD_PERM (bit 15 set, 8 bits of 2-bit lane selects) or a 5-bit
 * and/or/xor BITMASK_PERM (bit 15 clear) shown as SWAP, REVERSE, BROADCAST or the mask. */
HOT void print_swizzle(struct out *o, unsigned v) {
  OUT_LIT(o, " offset:");
  if ((v & 0xFF00) == 0x8000) {
    put(o, "swizzle(QUAD_PERM,%u,%u,%u,%u)", v & 3, (v >> 2) & 3, (v >> 4) & 3, (v >> 6) & 3);
  } else if (!(v & 0x8000)) {
    unsigned and_m = v & 0x1F, or_m = (v >> 5) & 0x1F, xor_m = (v >> 10) & 0x1F;
    unsigned group = 0x1F - and_m + 1;
    if (and_m == 0x1F && or_m == 0 && xor_m && !(xor_m & (xor_m - 1))) {
      put(o, "swizzle(SWAP,%u)", xor_m);
    } else if (and_m == 0x1F && or_m == 0 && xor_m && !((xor_m + 1) & xor_m)) {
      put(o, "swizzle(REVERSE,%u)", xor_m + 1);
    } else if (group > 1 && !(group & (group - 1)) && or_m < group && xor_m == 0) {
      put(o, "swizzle(BROADCAST,%u,%u)", group, or_m);
    } else {
      /* per lane-id bit: ((id & and) | or) ^ xor: the id bit kept (p) or inverted (i), or a
       * constant (or ^ xor) when the and bit is clear or the or bit set */
      put(o, "swizzle(BITMASK_PERM,\"");
      for (unsigned m = 0x10; m; m >>= 1)
        put(o, "%c", (and_m & m) && !(or_m & m) ? ((xor_m & m) ? 'i' : 'p')
                                                 : (((or_m ^ xor_m) & m) ? '1' : '0'));
      put(o, "\")");
    }
  } else {
    put(o, "%u", v);
  }
}

/* DPP16 dpp_ctrl (9 bits). */
HOT void print_dpp_ctrl(struct out *o, unsigned c) {
  if (c <= 0xFF)
  {
    char q[] = "quad_perm:[0,0,0,0]";
    q[11] = (char)('0' + (c & 3)), q[13] = (char)('0' + ((c >> 2) & 3));
    q[15] = (char)('0' + ((c >> 4) & 3)), q[17] = (char)('0' + ((c >> 6) & 3));
    out_mem(o, q, sizeof q - 1);
  }
  else if (c >= 0x101 && c <= 0x10F)
    OUT_LIT(o, "row_shl:"), out_uint(o, c & 0xF, 10, 0);
  else if (c >= 0x111 && c <= 0x11F)
    OUT_LIT(o, "row_shr:"), out_uint(o, c & 0xF, 10, 0);
  else if (c >= 0x121 && c <= 0x12F)
    OUT_LIT(o, "row_ror:"), out_uint(o, c & 0xF, 10, 0);
  else if (c == 0x140)
    OUT_LIT(o, "row_mirror");
  else if (c == 0x141)
    OUT_LIT(o, "row_half_mirror");
  else if (c >= 0x150 && c <= 0x15F)
    OUT_LIT(o, "row_share:"), out_uint(o, c & 0xF, 10, 0);
  else if (c >= 0x160 && c <= 0x16F)
    OUT_LIT(o, "row_xmask:"), out_uint(o, c & 0xF, 10, 0);
  else if (c == 0x130)
    OUT_LIT(o, "/* wave_shl is not supported starting from GFX10 */");
  else if (c == 0x134)
    OUT_LIT(o, "/* wave_rol is not supported starting from GFX10 */");
  else if (c == 0x138)
    OUT_LIT(o, "/* wave_shr is not supported starting from GFX10 */");
  else if (c == 0x13C)
    OUT_LIT(o, "/* wave_ror is not supported starting from GFX10 */");
  else if (c == 0x142 || c == 0x143)
    OUT_LIT(o, "/* row_bcast is not supported starting from GFX10 */");
  else
    OUT_LIT(o, "/* Invalid dpp_ctrl value */");
}

static const char *const mtbuf_formats[128] = {
#define F(v, n) [v] = n,
#include "gpu/shader/isa/mtbuf_formats.def"
#undef F
};

/* EXP: target name, four sources (compressed: two 16-bit pairs, each printed twice as its
 * enable bits say), then done / compr / vm. */
static __attribute__((noinline)) void print_exp(struct out *o, const struct isa_inst *in) {
  unsigned t = in->exp_target;
  put(o, "%s ", in->info->name);
  if (t <= 7) put(o, "mrt%u", t);
  else if (t == 8) OUT_LIT(o, "mrtz");
  else if (t == 9) OUT_LIT(o, "null");
  else if (t >= 12 && t <= 16) put(o, "pos%u", t - 12);
  else if (t == 20) OUT_LIT(o, "prim");
  else if (t >= 32) put(o, "param%u", t - 32);
  else put(o, "invalid_target_%u", t);
  for (unsigned i = 0; i < 4; i++) {
    out_str(o, i ? ", " : " ");
    unsigned src = in->exp_compr ? (i < 2 ? 0 : 1) : i;
    if (in->exp_en >> i & 1) put(o, "v%u", in->srcs[src].reg); else OUT_LIT(o, "off");
  }
  if (in->exp_done) OUT_LIT(o, " done");
  if (in->exp_compr) OUT_LIT(o, " compr");
  if (in->exp_vm) OUT_LIT(o, " vm");
}

/* MIMG: vdata, vaddr (range, or [list] for NSA), srsrc, [ssamp], then the modifiers. */
static __attribute__((noinline)) void print_mimg(struct out *o, const struct isa_inst *in) {
  const struct isa_op_desc *d = (const struct isa_op_desc *)in->info;
  static const struct isa_opnd_desc none = {0};
  out_mem(o, d->info.name, d->name_len);
  out_char(o, ' ');
  const struct isa_operand *vdata = in->num_defs ? &in->defs[0] : &in->srcs[0];
  unsigned s = in->num_defs ? 0 : 1;
  print_operand(o, vdata, &none, false);
  OUT_LIT(o, ", ");
  unsigned nrsrc = d->dflags & ISA_DF_SS ? 2 : 1;
  unsigned naddr = in->num_srcs - s - nrsrc;
  if (in->nsa) OUT_LIT(o, "[");
  for (unsigned i = 0; i < naddr; i++) {
    if (i) OUT_LIT(o, ", ");
    print_operand(o, &in->srcs[s + i], &none, false);
  }
  if (in->nsa) OUT_LIT(o, "]");
  for (unsigned i = 0; i < nrsrc; i++) {
    OUT_LIT(o, ", ");
    print_operand(o, &in->srcs[s + naddr + i], &none, false);
  }
  static const char *const dims[8] = {"1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY",
                                      "2D_MSAA", "2D_MSAA_ARRAY"};
  if (in->dmask) OUT_LIT(o, " dmask:0x"), out_char(o, "0123456789abcdef"[in->dmask & 15]);
  OUT_LIT(o, " dim:SQ_RSRC_IMG_");
  out_str(o, dims[in->da_dim & 7]);
  uint32_t acc = d->mods_print | (uint32_t)d->mods_ignore << 16;
  static const char *const names[9] = {"unorm", "glc", "slc", "dlc", "r128", "a16", "tfe",
                                       "lwe", "d16"}; /* isa_mimg_mods() order */
  unsigned set = isa_mimg_mods(in, in->lwe_printed);
  for (unsigned i = 0; i < 9; i++)
    if ((set >> i & 1) && (acc >> (2 * i) & 1)) out_char(o, ' '), out_str(o, names[i]);
}

/* MUBUF / MTBUF: operands built by decode_buffer(), then the modifiers in LLVM's order. */
static __attribute__((noinline)) void print_buffer(struct out *o, const struct isa_inst *in) {
  out_mem(o, in->info->name, ((const struct isa_op_desc *)in->info)->name_len);
  if (!in->num_defs && !in->num_srcs) return; /* buffer_gl*_inv */
  const struct isa_operand *all[4];
  unsigned n = 0;
  for (unsigned i = 0; i < in->num_defs; i++) all[n++] = &in->defs[i];
  for (unsigned i = 0; i < in->num_srcs && n < 4; i++) all[n++] = &in->srcs[i];
  static const struct isa_opnd_desc soff_desc = {.field = ISA_FIELD_S0};
  for (unsigned i = 0; i < n; i++) {
    out_str(o, i ? ", " : " ");
    if (all[i]->kind == ISA_OPK_NONE)
      OUT_LIT(o, "off");
    else
      print_operand(o, all[i], &soff_desc, i == n - 1);
  }
  if (in->family == ISA_FAMILY_MTBUF) {
    const char *f = mtbuf_formats[in->format & 0x7F];
    if (f && f[0] == '#')
      put(o, " format:%s", f + 1);
    else if (f && f[0])
      put(o, " format:[%s]", f);
  }
  if (in->idxen) OUT_LIT(o, " idxen");
  if (in->offen) OUT_LIT(o, " offen");
  if (in->offset) OUT_LIT(o, " offset:"), out_int(o, in->offset);
  if (in->glc) OUT_LIT(o, " glc");
  if (in->slc) OUT_LIT(o, " slc");
  if (in->dlc) OUT_LIT(o, " dlc");
  if (in->lds) OUT_LIT(o, " lds");
  if (in->tfe) OUT_LIT(o, " tfe");
}

/* Output modifier text by omod (0 prints nothing); all are 6 characters. */
static const char omod_text[4][7] = {"", " mul:2", " mul:4", " div:2"};

/* SDWA select names (0..6). */
HOT void out_sel(struct out *o, unsigned sel) {
  static const char text[7][7] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                  "WORD_0", "WORD_1", "DWORD"};
  sel %= 7;
  out_mem(o, text[sel], sel == 6 ? 5 : 6);
}

size_t isa_print(const struct isa_inst *in, const struct isa_print_opts *opts, char *buf,
                 size_t size) {
  struct out o = {buf, size, 0};
  if (size) buf[0] = 0;
  if (!in || !in->info) return 0;
  const struct isa_op_desc *d = (const struct isa_op_desc *)in->info;
  if (in->family == ISA_FAMILY_MUBUF || in->family == ISA_FAMILY_MTBUF) {
    OUT_CALL(&o, print_buffer, in);
    goto encoding;
  }
  if (in->family == ISA_FAMILY_EXP) {
    OUT_CALL(&o, print_exp, in);
    goto encoding;
  }
  if (in->family == ISA_FAMILY_MIMG) {
    OUT_CALL(&o, print_mimg, in);
    goto encoding;
  }
  bool vop3 = in->family == ISA_FAMILY_VOP3, vop3p = in->family == ISA_FAMILY_VOP3P;
  bool mix = vop3p && (d->pflags & ISA_PF_MIX);
  bool dpp16 = in->variant == ISA_VARIANT_DPP16, sdwa = in->variant == ISA_VARIANT_SDWA;
  out_mem(&o, d->info.name, d->name_len);
  unsigned nsrc = 0, printed = 0;
  for (unsigned i = 0; i < d->nops; i++) {
    const struct isa_opnd_desc *od = &d->ops[i];
    const struct isa_operand *x = i < in->num_defs ? &in->defs[i] : &in->srcs[i - in->num_defs];
    if (od->field == ISA_FIELD_K16 && od->width == 0 && x->value == 0) continue;
    if (printed++) OUT_LIT(&o, ", "); else out_char(&o, ' ');
    int si = src_index(od->field);
    if (si >= 0) nsrc++;
    bool neg = false, abs = false, sext = false;
    if (si >= 0 && (vop3 || mix)) {
      neg = in->neg_lo >> si & 1;
      abs = in->neg_hi >> si & 1;
      if (neg && (d->mods_print >> (13 + si) & 1)) sext = true, neg = false;
    } else if (dpp16 || sdwa) {
      int vi = od->field == ISA_FIELD_S0 ? 0 : od->field == ISA_FIELD_V1 ? 1 : -1;
      if (vi >= 0) {
        neg = in->neg_lo >> vi & 1;
        abs = in->neg_hi >> vi & 1;
        sext = sdwa && (in->op_sel >> vi & 1);
        if (dpp16 && neg && (d->mods_print >> (8 + vi) & 1)) sext = true, neg = false;
      }
    }
    if (od->plain && !(neg | abs | sext)) { /* fast path: a plain register */
      if (x->kind == ISA_OPK_VGPR) {
        print_range(&o, "v", 1, x->reg, x->count);
        continue;
      }
      if (x->kind == ISA_OPK_SGPR) {
        print_range(&o, "s", 1, align_sgpr(x->reg, x->count), x->count);
        continue;
      }
    }
    bool is_imm = x->kind == ISA_OPK_INLINE_INT || x->kind == ISA_OPK_INLINE_FLOAT ||
                  x->kind == ISA_OPK_LITERAL;
    bool neg_fn = neg && !abs && is_imm; /* "-" before a constant would be ambiguous */
    if (sext) OUT_LIT(&o, "sext(");
    if (neg && neg_fn) OUT_LIT(&o, "neg(");
    else if (neg) out_char(&o, '-');
    if (abs) OUT_LIT(&o, "|");
    if (od->field == ISA_FIELD_K16)
      print_k16(&o, x->value, od->cls);
    else if (od->field == ISA_FIELD_TXT_OFF ||
             (od->field == ISA_FIELD_SA && in->lds && x->raw == ISA_SRC_EXEC_HI))
      OUT_LIT(&o, "off"); /* (scratch lds form prints saddr exec_hi as off) */
    else if (od->field == ISA_FIELD_ATTR)
      OUT_LIT(&o, "attr"), out_uint(&o, x->value & 0x3F, 10, 0), out_char(&o, '.'),
        out_char(&o, "xyzw"[(x->value >> 6) & 3]);
    else if (od->field == ISA_FIELD_PARAM || od->field == ISA_FIELD_PARAM9)
      put(&o, x->value == 0 ? "p10" : x->value == 1 ? "p20" : x->value == 2 ? "p0"
              : "invalid_param_%u", x->value);
    else if (x->kind == ISA_OPK_IMM && od->field == ISA_FIELD_OFF && x->value == 0)
      OUT_LIT(&o, "null"); /* SMEM offset 0 without soffset: LLVM 19 prints the null soffset */
    else if (x->kind == ISA_OPK_IMM && od->field == ISA_FIELD_OFF)
      print_signed_hex(&o, (int32_t)x->value);
    else if (x->kind == ISA_OPK_IMM && x->value <= 64)
      out_uint(&o, x->value, 10, 0);
    else if (x->kind == ISA_OPK_IMM)
      out_hex(&o, x->value);
    else
      print_operand(&o, x, od, in->family <= ISA_FAMILY_SOPP);
    if (abs) OUT_LIT(&o, "|");
    if (neg_fn || sext) OUT_LIT(&o, ")");
  }
  if (in->family == ISA_FAMILY_VINTRP) {
    OUT_LIT(&o, ", attr"), out_uint(&o, in->attr, 10, 0), out_char(&o, '.');
    out_char(&o, "xyzw"[in->attr_chan & 3]);
  } else if (in->family == ISA_FAMILY_FLAT) {
    if (in->offset) OUT_LIT(&o, " offset:"), out_int(&o, in->offset);
    if (in->glc) OUT_LIT(&o, " glc");
    if (in->slc) OUT_LIT(&o, " slc");
    if (in->dlc) OUT_LIT(&o, " dlc");
    if (in->lds) OUT_LIT(&o, " lds");
  } else if (in->family == ISA_FAMILY_SMEM) {
    unsigned m = d->mods_print;
    if ((in->words[1] >> 25) != ISA_SRC_NULL && in->offset && isa_op_desc_field(d, ISA_FIELD_OFF)) {
      OUT_LIT(&o, " offset:");
      print_signed_hex(&o, in->offset);
    }
    if (in->glc && (m & 1)) OUT_LIT(&o, " glc");
    if (in->dlc && (m & 4)) OUT_LIT(&o, " dlc");
  } else if (in->family == ISA_FAMILY_DS) {
    unsigned m = d->mods_print, off = (unsigned)in->offset & 0xFFFF;
    if ((m & 1) && off && (d->pflags & ISA_PF_SWIZZLE))
      print_swizzle(&o, off);
    else if ((m & 1) && off)
      OUT_LIT(&o, " offset:"), out_uint(&o, off, 10, 0);
    if (!(m & 1) && (m & 4)) {
      if (off & 0xFF) OUT_LIT(&o, " offset0:"), out_uint(&o, off & 0xFF, 10, 0);
      if (off >> 8) OUT_LIT(&o, " offset1:"), out_uint(&o, off >> 8, 10, 0);
    }
    if (in->gds && (m & 0x10)) OUT_LIT(&o, " gds");
  } else if (dpp16) {
    OUT_LIT(&o, " ");
    print_dpp_ctrl(&o, in->dpp_ctrl);
    OUT_LIT(&o, " row_mask:0x");
    out_char(&o, "0123456789abcdef"[in->row_mask & 15]);
    OUT_LIT(&o, " bank_mask:0x");
    out_char(&o, "0123456789abcdef"[in->bank_mask & 15]);
    if (in->bound_ctrl) OUT_LIT(&o, " bound_ctrl:1");
    if (in->fi) OUT_LIT(&o, " fi:1");
  } else if (in->variant == ISA_VARIANT_DPP8) {
    OUT_LIT(&o, " dpp8:[");
    for (unsigned i = 0; i < 8; i++) {
      if (i) out_char(&o, ',');
      out_char(&o, (char)('0' + ((in->dpp8 >> (3 * i)) & 7)));
    }
    OUT_LIT(&o, "]");
    if (in->fi) OUT_LIT(&o, " fi:1");
  } else if (sdwa) {
    static const char *unused[4] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE",
                                    "UNUSED_PAD"};
    static const uint8_t unused_len[4] = {10, 11, 15, 10};
    if (in->clamp) OUT_LIT(&o, " clamp");
    if (in->omod & 3) out_mem(&o, omod_text[in->omod & 3], 6);
    if (in->family != ISA_FAMILY_VOPC) {
      OUT_LIT(&o, " dst_sel:");
      out_sel(&o, in->sdwa_dst_sel);
      OUT_LIT(&o, " dst_unused:");
      out_mem(&o, unused[in->sdwa_dst_unused & 3], unused_len[in->sdwa_dst_unused & 3]);
    }
    OUT_LIT(&o, " src0_sel:");
    out_sel(&o, in->sdwa_src0_sel);
    if (d->pflags & ISA_PF_V1) {
      OUT_LIT(&o, " src1_sel:");
      out_sel(&o, in->sdwa_src1_sel);
    }
  } else if (vop3) {
    if (in->op_sel && (d->pflags & ISA_PF_PERMLANE)) {
      print_bits(&o, "op_sel", in->op_sel & 3, 2); /* op_sel:[fi,bound_ctrl] */
    } else if (in->op_sel) {
      unsigned bits = (in->op_sel & ((1u << nsrc) - 1)) | ((in->op_sel >> 3) & 1) << nsrc;
      print_bits(&o, "op_sel", bits, nsrc + 1);
    }
    if (in->clamp) OUT_LIT(&o, " clamp");
    if (in->omod & 3) out_mem(&o, omod_text[in->omod & 3], 6);
  } else if (vop3p) {
    unsigned all = (1u << nsrc) - 1;
    if (in->op_sel & all) print_bits(&o, "op_sel", in->op_sel, nsrc);
    unsigned hi_default = mix ? 0 : all; /* v_fma_mix* default op_sel_hi is 0 */
    if ((in->op_sel_hi & all) != hi_default) print_bits(&o, "op_sel_hi", in->op_sel_hi, nsrc);
    if (!mix) {
      if (in->neg_lo & all) print_bits(&o, "neg_lo", in->neg_lo, nsrc);
      if (in->neg_hi & all) print_bits(&o, "neg_hi", in->neg_hi, nsrc);
    }
    if (in->clamp) OUT_LIT(&o, " clamp");
  }
encoding:
  if (size) buf[o.len < size ? o.len : size - 1] = 0;
  if (opts && opts->show_encoding) {
    OUT_LIT(&o, " ; encoding: [");
    for (unsigned i = 0; i < in->size; i++)
      for (unsigned b = 0; b < 4; b++) {
        if (i || b) out_char(&o, ',');
        OUT_LIT(&o, "0x");
        out_uint(&o, (in->words[i] >> (8 * b)) & 0xFF, 16, 2);
      }
    OUT_LIT(&o, "]");
    if (size) buf[o.len < size ? o.len : size - 1] = 0; /* appends do not terminate */
  }
  return o.len;
}
