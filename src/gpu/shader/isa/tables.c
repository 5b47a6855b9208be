#define _GNU_SOURCE
/* The descriptor builder: the opcode tables (one X-macro table per family,
 * ops_<family>.def) compiled once into descriptors indexed by opcode value. Each descriptor
 * is built here in one pass: its operand template parsed, its metadata derived (the rules of
 * meta.c), its mnemonic id found and its decoding planned. The decoder and the printer only
 * read finished descriptors; nothing here calls back into them. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/isa/isa_internal.h"

struct isa_raw_op {
  uint16_t op;
  const char *name, *tmpl, *cls;
  uint16_t mods_print, mods_ignore;
  const char *notes;
  uint32_t memory; /* ISA_F_* memory effects (the tables' last column) */
};

#define X(op, name, tmpl, cls, mp, mi, notes, mem) {op, name, tmpl, cls, mp, mi, notes, mem},
static const struct isa_raw_op raw_sop2[] = {
#include "gpu/shader/isa/ops_sop2.def"
};
static const struct isa_raw_op raw_sopk[] = {
#include "gpu/shader/isa/ops_sopk.def"
};
static const struct isa_raw_op raw_sop1[] = {
#include "gpu/shader/isa/ops_sop1.def"
};
static const struct isa_raw_op raw_sopc[] = {
#include "gpu/shader/isa/ops_sopc.def"
};
static const struct isa_raw_op raw_sopp[] = {
#include "gpu/shader/isa/ops_sopp.def"
};
static const struct isa_raw_op raw_vop2[] = {
#include "gpu/shader/isa/ops_vop2.def"
};
static const struct isa_raw_op raw_vop1[] = {
#include "gpu/shader/isa/ops_vop1.def"
};
static const struct isa_raw_op raw_vopc[] = {
#include "gpu/shader/isa/ops_vopc.def"
};
static const struct isa_raw_op raw_vop3[] = {
#include "gpu/shader/isa/ops_vop3.def"
};
static const struct isa_raw_op raw_vop3p[] = {
#include "gpu/shader/isa/ops_vop3p.def"
};
static const struct isa_raw_op raw_ds[] = {
#include "gpu/shader/isa/ops_ds.def"
};
static const struct isa_raw_op raw_smem[] = {
#include "gpu/shader/isa/ops_smem.def"
};
static const struct isa_raw_op raw_flat[] = {
#include "gpu/shader/isa/ops_flat.def"
};
static const struct isa_raw_op raw_scratch[] = {
#include "gpu/shader/isa/ops_scratch.def"
};
static const struct isa_raw_op raw_global[] = {
#include "gpu/shader/isa/ops_global.def"
};
static const struct isa_raw_op raw_mubuf[] = {
#include "gpu/shader/isa/ops_mubuf.def"
};
static const struct isa_raw_op raw_mtbuf[] = {
#include "gpu/shader/isa/ops_mtbuf.def"
};
static const struct isa_raw_op raw_vintrp[] = {
#include "gpu/shader/isa/ops_vintrp.def"
};
static const struct isa_raw_op raw_exp[] = {
#include "gpu/shader/isa/ops_exp.def"
};
static const struct isa_raw_op raw_mimg[] = {
#include "gpu/shader/isa/ops_mimg.def"
};
static const struct isa_raw_op raw_vop2_dpp16[] = {
#include "gpu/shader/isa/ops_vop2_dpp16.def"
};
static const struct isa_raw_op raw_vop2_dpp8[] = {
#include "gpu/shader/isa/ops_vop2_dpp8.def"
};
static const struct isa_raw_op raw_vop2_sdwa[] = {
#include "gpu/shader/isa/ops_vop2_sdwa.def"
};
static const struct isa_raw_op raw_vop1_dpp16[] = {
#include "gpu/shader/isa/ops_vop1_dpp16.def"
};
static const struct isa_raw_op raw_vop1_dpp8[] = {
#include "gpu/shader/isa/ops_vop1_dpp8.def"
};
static const struct isa_raw_op raw_vop1_sdwa[] = {
#include "gpu/shader/isa/ops_vop1_sdwa.def"
};
static const struct isa_raw_op raw_vopc_sdwa[] = {
#include "gpu/shader/isa/ops_vopc_sdwa.def"
};
#undef X

struct isa_family_table {
  const struct isa_raw_op *raw;
  size_t count;
  unsigned nops; /* opcode space size */
};

#define T_(arr, n) {arr, sizeof(arr) / sizeof(arr[0]), n}
static const struct isa_family_table family_tables[ISA_FAMILY_COUNT] = {
    [ISA_FAMILY_SOP2] = T_(raw_sop2, 128),   [ISA_FAMILY_SOPK] = T_(raw_sopk, 32),
    [ISA_FAMILY_SOP1] = T_(raw_sop1, 256),   [ISA_FAMILY_SOPC] = T_(raw_sopc, 128),
    [ISA_FAMILY_SOPP] = T_(raw_sopp, 128),   [ISA_FAMILY_VOP2] = T_(raw_vop2, 64),
    [ISA_FAMILY_VOP1] = T_(raw_vop1, 256),   [ISA_FAMILY_VOPC] = T_(raw_vopc, 256),
    [ISA_FAMILY_VOP3] = T_(raw_vop3, 1024),  [ISA_FAMILY_VOP3P] = T_(raw_vop3p, 128),
    [ISA_FAMILY_DS] = T_(raw_ds, 256),       [ISA_FAMILY_SMEM] = T_(raw_smem, 256),
    [ISA_FAMILY_MUBUF] = T_(raw_mubuf, 256), [ISA_FAMILY_MTBUF] = T_(raw_mtbuf, 16),
    [ISA_FAMILY_VINTRP] = T_(raw_vintrp, 4), [ISA_FAMILY_EXP] = T_(raw_exp, 1),
    [ISA_FAMILY_MIMG] = T_(raw_mimg, 256),   [ISA_FAMILY_FLAT] = T_(raw_flat, 128),
};
/* DPP16 / DPP8 / SDWA forms of VOP1, VOP2, VOPC (VOPC has no DPP on GFX10). */
#define NV_ 5
static const struct isa_family_table variant_tables[ISA_FAMILY_COUNT][NV_] = {
    [ISA_FAMILY_VOP2] = {[ISA_VARIANT_DPP16] = T_(raw_vop2_dpp16, 64),
                         [ISA_VARIANT_DPP8] = T_(raw_vop2_dpp8, 64),
                         [ISA_VARIANT_SDWA] = T_(raw_vop2_sdwa, 64)},
    [ISA_FAMILY_VOP1] = {[ISA_VARIANT_DPP16] = T_(raw_vop1_dpp16, 256),
                         [ISA_VARIANT_DPP8] = T_(raw_vop1_dpp8, 256),
                         [ISA_VARIANT_SDWA] = T_(raw_vop1_sdwa, 256)},
    [ISA_FAMILY_VOPC] = {[ISA_VARIANT_SDWA] = T_(raw_vopc_sdwa, 256)},
    /* FLAT segments: variant slot = seg (0 flat: the native table, 1 scratch, 2 global) */
    [ISA_FAMILY_FLAT] = {[1] = T_(raw_scratch, 128), [2] = T_(raw_global, 128)},
};
#undef T_

static struct isa_op_desc *descs[ISA_FAMILY_COUNT][NV_];
static const struct isa_op_desc **index_of[ISA_FAMILY_COUNT][NV_];
_Static_assert(NV_ == ISA_DESC_VARIANTS, "variant slots of the opcode index");
struct isa_desc_index isa_desc_index[ISA_FAMILY_COUNT][ISA_DESC_VARIANTS];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static enum isa_field field_of(const char *s, size_t n) {
  static const struct { const char *name; enum isa_field f; } names[] = {
      {"VD", ISA_FIELD_VD}, {"SD", ISA_FIELD_SD}, {"S0", ISA_FIELD_S0},
      {"S1", ISA_FIELD_S1}, {"S2", ISA_FIELD_S2}, {"V1", ISA_FIELD_V1},
      {"K16", ISA_FIELD_K16}, {"K", ISA_FIELD_K},
      {"A", ISA_FIELD_A},     {"D0", ISA_FIELD_D0},   {"D1", ISA_FIELD_D1},
      {"SDATA", ISA_FIELD_SDATA}, {"SBASE", ISA_FIELD_SBASE}, {"OFF", ISA_FIELD_OFF},
      {"SA", ISA_FIELD_SA},   {"PARAM", ISA_FIELD_PARAM}, {"SR", ISA_FIELD_SR},
      {"SS", ISA_FIELD_SS},   {"ATTR", ISA_FIELD_ATTR}, {"PARAM9", ISA_FIELD_PARAM9},
  };
  for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (strlen(names[i].name) == n && memcmp(names[i].name, s, n) == 0) return names[i].f;
  return ISA_FIELD_NONE;
}

static uint8_t cls_of(const char *s) {
  if (!strncmp(s, "b32", 3)) return ISA_CLS_B32;
  if (!strncmp(s, "f16", 3)) return ISA_CLS_F16;
  if (!strncmp(s, "i16", 3)) return ISA_CLS_I16;
  if (!strncmp(s, "f64", 3)) return ISA_CLS_F64;
  if (!strncmp(s, "i64", 3)) return ISA_CLS_I64;
  if (!strncmp(s, "v2f16", 5)) return ISA_CLS_V2F16;
  return ISA_CLS_B32;
}

static uint8_t k16_of(const char *s, size_t n) {
  static const char *kinds[] = {"hex", "u16", "dec", "waitcnt", "sendmsg", "depctr",
                                "hwreg", "version"};
  for (unsigned i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
    if (strlen(kinds[i]) <= n && !strncmp(kinds[i], s, strlen(kinds[i]))) return (uint8_t)i;
  return ISA_K16_HEX;
}

/* Register-class names are kept in a small interned list so descriptors can point at them. */
static const char *intern(const char *s, size_t n) {
  static char pool[32][32];
  static unsigned used;
  for (unsigned i = 0; i < used; i++)
    if (strlen(pool[i]) == n && !memcmp(pool[i], s, n)) return pool[i];
  if (used == 32 || n >= 32) return "?";
  memcpy(pool[used], s, n);
  pool[used][n] = 0;
  return pool[used++];
}

/* Mnemonic ids (enum isa_mnemonic): mnemonics.def is sorted, so a name is found by
 * bisection. */
static const char *const mnemonic_names[ISA_MN_COUNT] = {
#define X(name) #name,
#include "gpu/shader/isa/mnemonics.def"
#undef X
};

const char *isa_mnemonic_name(enum isa_mnemonic mn) {
  return (unsigned)mn < ISA_MN_COUNT ? mnemonic_names[mn] : "?";
}

/* The id of NAME without its encoding suffix (_e32, _e64, _dpp, _sdwa). Every table row has
 * one (gen_tables.py lists them from the same tables): a miss is a build of mismatched
 * tables. */
static uint16_t mnemonic_of(const char *name) {
  size_t n = strlen(name);
  static const char *const suffixes[] = {"_e32", "_e64", "_dpp", "_sdwa"};
  for (unsigned i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
    size_t k = strlen(suffixes[i]);
    if (n > k && !strcmp(name + n - k, suffixes[i])) {
      n -= k;
      break;
    }
  }
  unsigned lo = 0, hi = ISA_MN_COUNT;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    int c = strncmp(mnemonic_names[mid], name, n);
    if (c == 0 && mnemonic_names[mid][n]) c = 1;
    if (c == 0) return (uint16_t)mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  FATAL("isa: opcode %s has no mnemonic id (regenerate mnemonics.def: gen_tables.py mnemonics)",
        name);
}

/* Leading template operands that are results (the rest are sources). SOPK compares and
 * waits name their SGPR in sdst but read it. */
static unsigned defs_of(const struct isa_op_desc *d) {
  static const char *const reads_sdst[] = {"s_cmpk_", "s_waitcnt_", "s_setreg"};
  for (unsigned i = 0; i < sizeof(reads_sdst) / sizeof(reads_sdst[0]); i++)
    if (!strncmp(d->info.name, reads_sdst[i], strlen(reads_sdst[i]))) return 0;
  unsigned n = 0;
  while (n < d->nops && n < ISA_MAX_DEFS &&
         (d->ops[n].field == ISA_FIELD_VD || d->ops[n].field == ISA_FIELD_SD ||
          d->ops[n].field == ISA_FIELD_VCC))
    n++;
  return n;
}

/* How the decoder fills each operand (struct isa_opnd_desc how, vfield, nregs, reject,
 * slot); needs info.num_defs. */
static void plan_decode(struct isa_op_desc *d) {
  unsigned ndefs = d->info.num_defs;
  for (unsigned i = 0; i < d->nops; i++) {
    struct isa_opnd_desc *o = &d->ops[i];
    uint8_t how = ISA_OPD_NONE;
    o->vfield = o->field;
    /* defs first, then sources in template order (ndefs <= ISA_MAX_DEFS, nops <=
     * ISA_OPND_MAX <= ISA_MAX_SRCS) */
    size_t op_size = sizeof(struct isa_operand);
    size_t at = i < ndefs ? offsetof(struct isa_inst, defs) + i * op_size
                          : offsetof(struct isa_inst, srcs) + (i - ndefs) * op_size;
    o->slot = (uint16_t)at;
    for (unsigned w64 = 0; w64 < 2; w64++) {
      o->nregs[w64] = o->width ? o->width : (uint8_t)(w64 ? 2 : 1);
      o->reject[w64] = o->nregs[w64] >= 2 ? ISA_SRC_NEVER | ISA_SRC_NARROW_ONLY : ISA_SRC_NEVER;
    }
    switch (o->field) {
      case ISA_FIELD_S0: case ISA_FIELD_S1: case ISA_FIELD_S2: how = ISA_OPD_SRC; break;
      case ISA_FIELD_V1: how = ISA_OPD_VSRC1; break;
      case ISA_FIELD_PARAM: how = ISA_OPD_IMM; break;
      case ISA_FIELD_ATTR: how = ISA_OPD_ATTR, o->vfield = ISA_FIELD_S0; break;
      case ISA_FIELD_PARAM9: how = ISA_OPD_IMM, o->vfield = ISA_FIELD_S1; break;
      case ISA_FIELD_OFF: how = ISA_OPD_OFF; break;
      case ISA_FIELD_SDATA:
        if (o->file == 'i') {
          how = ISA_OPD_IMM;
          break;
        }
        /* fall through: a register */
      case ISA_FIELD_VD: case ISA_FIELD_SD: case ISA_FIELD_A: case ISA_FIELD_D0:
      case ISA_FIELD_D1: case ISA_FIELD_SBASE: case ISA_FIELD_SA:
        how = o->file == 'v' ? ISA_OPD_VREG : ISA_OPD_SREG;
        break;
      case ISA_FIELD_K: how = ISA_OPD_K; break;
      case ISA_FIELD_K16: how = ISA_OPD_K16; break;
      case ISA_FIELD_VCC: how = ISA_OPD_VCC, o->vfield = ISA_FIELD_SD; break; /* SDWA sdst */
      default: break;
    }
    o->how = how;
  }
}

/* The derived metadata (flags, types, def/src counts) and the decoding plan of a compiled
 * descriptor. */
static void finish(struct isa_op_desc *d) {
  struct isa_opcode_info *in = &d->info;
  in->flags |= isa_meta_flags(in->name);
  unsigned ndefs = defs_of(d);
  in->num_defs = (uint8_t)ndefs;
  in->num_srcs = (uint8_t)(d->nops - ndefs);
  for (unsigned i = 0; i < ndefs && i < ISA_MAX_DEFS; i++)
    in->def_type[i] = isa_meta_type(&d->ops[i], in->name);
  unsigned s = 0;
  for (unsigned i = ndefs; i < d->nops && s < 3; i++) in->src_type[s++] = isa_meta_type(&d->ops[i], in->name);
  plan_decode(d); /* after num_defs: the plan places defs and sources */
}

/* Parse "FIELD/<file><width>[@class]" or "=vcc" or "!FIELD" or "K16/kind[/z]". */
static void compile_one(struct isa_op_desc *d, const struct isa_raw_op *r, enum isa_family fam) {
  d->info.name = r->name;
  d->info.mnemonic = mnemonic_of(r->name);
  d->info.family = (uint8_t)fam;
  d->info.op = r->op;
  d->tmpl = r->tmpl;
  d->cls_text = r->cls;
  d->mods_print = r->mods_print;
  d->mods_ignore = r->mods_ignore;
  d->memory_flags = r->memory;
  d->info.flags |= r->memory;
  d->supported = 1;
  const char *p = r->tmpl;
  while (*p) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (p[0] == '!') {
      d->zero_fields |= 1u << field_of(p + 1, n - 1);
    } else if (p[0] == '=') {
      uint8_t fld = !strncmp(p, "=off", 4) ? ISA_FIELD_TXT_OFF : ISA_FIELD_VCC;
      if (d->nops < ISA_OPND_MAX) d->ops[d->nops++] = (struct isa_opnd_desc){.field = fld};
    } else if (p[0] == '#') {
      /* base extra dword used by the generator's probe: documentation only */
    } else if (p[0] == '?') {
      d->supported = 0;
    } else if (d->nops < ISA_OPND_MAX) {
      const char *slash = memchr(p, '/', n);
      size_t fl = slash ? (size_t)(slash - p) : n;
      struct isa_opnd_desc o = {.field = (uint8_t)field_of(p, fl), .width = 1};
      if (o.field == ISA_FIELD_K16 && slash) {
        o.cls = k16_of(slash + 1, n - fl - 1);
        o.width = memmem(slash + 1, n - fl - 1, "/z", 2) ? 0 : 1; /* 0: omitted when zero */
      } else if (slash) {
        o.file = slash[1];
        o.width = slash[2] == 'm' ? 0 : (uint8_t)atoi(slash + 2);

      }
      if (o.field == ISA_FIELD_NONE) d->supported = 0;
      d->ops[d->nops++] = o;
    }
    p += n;
    if (*p == ',') p++;
  }
  /* constant types: "S0:b32 S1:f16@imm ..." */
  for (const char *c = r->cls; *c;) {
    const char *e = strchr(c, ' ');
    size_t n = e ? (size_t)(e - c) : strlen(c);
    enum isa_field f = field_of(c, 2);
    for (unsigned i = 0; i < d->nops; i++) {
      if (d->ops[i].field != f) continue;
      d->ops[i].cls = cls_of(c + 3);
    }
    c += n;
    if (*c == ' ') c++;
  }
  /* notes: "S0:s=VGPR_32 VD:c=imm ..." (MIMG keeps address tables there instead) */
  d->notes = r->notes;
  for (const char *c = fam == ISA_FAMILY_MIMG ? "" : r->notes; *c;) {
    const char *e = strchr(c, ' ');
    size_t n = e ? (size_t)(e - c) : strlen(c);
    enum isa_field f = field_of(c, (size_t)(strchr(c, ':') - c));
    const char *eq = strchr(c, '=');
    const char *name = intern(eq + 1, (size_t)(c + n - eq - 1));
    for (unsigned i = 0; i < d->nops; i++) {
      if (d->ops[i].field != f) continue;
      char kind = eq[-1];
      if (kind == 's') d->ops[i].note_s = name;
      if (kind == 'v') d->ops[i].note_v = name;
      if (kind == 'c') d->ops[i].note_c = name;
    }
    c += n;
    if (*c == ' ') c++;
  }
  for (unsigned i = 0; i < d->nops; i++) {
    struct isa_opnd_desc *o = &d->ops[i];
    switch (o->field) {
      case ISA_FIELD_K16: case ISA_FIELD_TXT_OFF: case ISA_FIELD_SA: case ISA_FIELD_ATTR:
      case ISA_FIELD_PARAM: case ISA_FIELD_PARAM9: case ISA_FIELD_SBASE: case ISA_FIELD_SDATA:
      case ISA_FIELD_OFF:
        break;
      default:
        o->plain = !o->note_s && !o->note_v && !o->note_c;
    }
  }
  if (isa_op_desc_field(d, ISA_FIELD_ATTR)) d->pflags |= ISA_PF_ATTR;
  if (isa_op_desc_field(d, ISA_FIELD_V1)) d->pflags |= ISA_PF_V1;
  if (!strncmp(r->name, "v_fma_mix", 9)) d->pflags |= ISA_PF_MIX;
  if (!strncmp(r->name, "v_permlane", 10)) d->pflags |= ISA_PF_PERMLANE;
  if (!strcmp(r->name, "ds_swizzle_b32")) d->pflags |= ISA_PF_SWIZZLE;
  d->name_len = (uint8_t)strlen(r->name);
  if (!strncmp(r->name, "image_gather4", 13)) d->pflags |= ISA_PF_GATHER4;
  if (strstr(r->name, "load")) d->dflags |= ISA_DF_LOAD;
  if (strstr(r->name, "store")) d->dflags |= ISA_DF_STORE;
  if (!isa_op_desc_field(d, ISA_FIELD_D0) && strstr(r->name, "_inv")) d->dflags |= ISA_DF_INV;
  if (strstr(r->name, "_atomic_fm")) d->dflags |= ISA_DF_ATOMIC_FM;
  if (isa_op_desc_field(d, ISA_FIELD_SD)) d->dflags |= ISA_DF_SD;
  if (isa_op_desc_field(d, ISA_FIELD_SS)) d->dflags |= ISA_DF_SS;
  if (fam == ISA_FAMILY_MIMG && d->notes) {
    static const char *const keys[ISA_MK_COUNT] = {"vd=", "vh=", "vt=", "vth=", "w=",
                                                   "n1=", "n2=", "n3=", "g="};
    /* each key's hex digits decoded once into mimg_digits (a non-hex character reads as 0) */
    uint8_t *digits = malloc(strlen(d->notes) + 1);
    if (!digits) FATAL("isa: out of memory building the MIMG tables");
    size_t used = 0;
    for (unsigned k = 0; k < ISA_MK_COUNT; k++) {
      const char *at = strstr(d->notes, keys[k]);
      if (!at) continue;
      at += strlen(keys[k]);
      size_t n = strcspn(at, ";");
      if (n > 0xFFFF || used > 0xFFFF) /* tables are small */
        FATAL("isa: MIMG notes of %s too long", r->name);
      d->mimg_at[k] = (uint16_t)used;
      d->mimg_len[k] = (uint16_t)n;
      for (size_t i = 0; i < n; i++) {
        char c = at[i];
        digits[used++] = c >= '0' && c <= '9'   ? (uint8_t)(c - '0')
                         : c >= 'a' && c <= 'f' ? (uint8_t)(c - 'a' + 10)
                                                : 0;
      }
    }
    d->mimg_digits = digits;
  }
  /* K (madmk/madak literal) prints like src0 */
  for (unsigned i = 0; i < d->nops; i++)
    if (d->ops[i].field == ISA_FIELD_K) {
      const struct isa_opnd_desc *s0 = isa_op_desc_field(d, ISA_FIELD_S0);
      d->ops[i].cls = s0 ? s0->cls : ISA_CLS_B32;
    }
}

/* A table line holding one template per variant ('|'-separated, X = invalid): the line's
 * descriptor carries the name, each variant its own compiled descriptor. */
static void compile_split(struct isa_op_desc *d, const struct isa_raw_op *r, enum isa_family fam) {
  struct isa_raw_op part = *r;
  part.tmpl = "";
  compile_one(d, &part, fam);
  finish(d);
  const char *p = r->tmpl;
  for (unsigned k = 0; k < 8 && p; k++) {
    const char *e = strchr(p, '|');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (!(n == 1 && p[0] == 'X')) {
      char *text = strndup(p, n);
      struct isa_op_desc *s = calloc(1, sizeof *s);
      if (!text || !s) FATAL("isa: out of memory building the opcode tables");
      part.tmpl = text;
      compile_one(s, &part, fam);
      finish(s);
      d->sub[k] = s;
    }
    p = e ? e + 1 : NULL;
  }
}

static void table_build(int f, int v, const struct isa_family_table *t) {
  if (!t->raw || !t->count) return;
  descs[f][v] = calloc(t->count, sizeof(struct isa_op_desc));
  index_of[f][v] = calloc(t->nops, sizeof(struct isa_op_desc *));
  if (!descs[f][v] || !index_of[f][v]) FATAL("isa: out of memory building the opcode tables");
  for (size_t i = 0; i < t->count; i++) {
    if (strchr(t->raw[i].tmpl, '|')) {
      compile_split(&descs[f][v][i], &t->raw[i], (enum isa_family)f);
      if (t->raw[i].op < t->nops) index_of[f][v][t->raw[i].op] = &descs[f][v][i];
      continue;
    }
    compile_one(&descs[f][v][i], &t->raw[i], (enum isa_family)f);
    finish(&descs[f][v][i]);
    if (t->raw[i].op < t->nops) index_of[f][v][t->raw[i].op] = &descs[f][v][i];
  }
  isa_desc_index[f][v] = (struct isa_desc_index){index_of[f][v], t->nops};
}

static void tables_build(void) {
  for (int f = 0; f < ISA_FAMILY_COUNT; f++) {
    table_build(f, ISA_VARIANT_NATIVE, &family_tables[f]);
    for (int v = 1; v < NV_; v++) table_build(f, v, &variant_tables[f][v]);
  }
}

_Atomic bool isa_tables_ready;

static void tables_build_once(void) {
  tables_build();
  atomic_store_explicit(&isa_tables_ready, true, memory_order_release);
}

void isa_tables_init(void) { pthread_once(&tables_once, tables_build_once); }

const struct isa_op_desc *isa_op_desc_variant(enum isa_family family, enum isa_variant variant,
                                              unsigned op) {
  if (!atomic_load_explicit(&isa_tables_ready, memory_order_acquire)) isa_tables_init();
  if ((unsigned)family >= ISA_FAMILY_COUNT || (unsigned)variant >= NV_) return NULL;
  if (!index_of[family][variant]) return NULL;
  const struct isa_family_table *t =
      variant == ISA_VARIANT_NATIVE ? &family_tables[family] : &variant_tables[family][variant];
  if (op >= t->nops) return NULL;
  return index_of[family][variant][op];
}

const struct isa_op_desc *isa_op_desc_get(enum isa_family family, unsigned op) {
  return isa_op_desc_variant(family, ISA_VARIANT_NATIVE, op);
}

const struct isa_opnd_desc *isa_op_desc_field(const struct isa_op_desc *d, enum isa_field f) {
  for (unsigned i = 0; i < d->nops; i++)
    if (d->ops[i].field == f) return &d->ops[i];
  return NULL;
}

const struct isa_opcode_info *isa_opcode_lookup(enum isa_family family, unsigned op) {
  const struct isa_op_desc *d = isa_op_desc_get(family, op);
  return d ? &d->info : NULL;
}

const char *isa_family_name(enum isa_family family) {
  static const char *names[] = {
#define N_(n, l) #n,
      ISA_FAMILIES(N_)
#undef N_
  };
  return (unsigned)family < ISA_FAMILY_COUNT ? names[family] : "?";
}

const char *isa_type_name(enum isa_type type) {
  static const char *names[] = {
#define N_(n, b) #n,
      ISA_TYPES(N_)
#undef N_
  };
  return (unsigned)type < ISA_TYPE_COUNT ? names[type] : "?";
}

unsigned isa_type_bits(enum isa_type type, bool wave64) {
  static const unsigned bits[] = {
#define B_(n, b) b,
      ISA_TYPES(B_)
#undef B_
  };
  if (type == ISA_TYPE_MASK) return wave64 ? 64 : 32;
  return (unsigned)type < ISA_TYPE_COUNT ? bits[type] : 0;
}

const char *isa_error_name(enum isa_error_code code) {
  switch (code) {
    case ISA_OK: return "ok";
    case ISA_ERR_TRUNCATED: return "truncated";
    case ISA_ERR_UNKNOWN_OPCODE: return "unknown opcode";
    case ISA_ERR_BAD_ENCODING: return "bad encoding";
    case ISA_ERR_UNSUPPORTED: return "unsupported";
  }
  return "?";
}
