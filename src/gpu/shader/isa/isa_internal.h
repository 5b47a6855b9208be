/* Internal tables of the GFX10 decoder: compiled opcode descriptors built from the
 * per-family X-macro tables (ops_<family>.def) by one builder (tables.c, with the metadata
 * rules of meta.c); the decoder (decode.c) and the printer (print*.c) only read them. */
#ifndef PROSPERO_GPU_SHADER_ISA_INTERNAL_H
#define PROSPERO_GPU_SHADER_ISA_INTERNAL_H

#include <stdatomic.h>

#include "gpu/shader/isa/isa.h"

/* Encoding fields an operand template refers to. */
enum isa_field {
  ISA_FIELD_NONE,
  ISA_FIELD_VD,  /* vdst (VOP*), may hold an SGPR for readlane / VOPC e64 sdst */
  ISA_FIELD_SD,  /* sdst (SOP*, VOP3B) */
  ISA_FIELD_S0,  /* src0 (9 bits in VOP*, 8 bits in SOP*) */
  ISA_FIELD_S1,
  ISA_FIELD_S2,
  ISA_FIELD_V1,  /* vsrc1 (VOP2/VOPC): a VGPR */
  ISA_FIELD_K,   /* 32-bit constant dword (v_madmk/madak, fmamk/fmaak) */
  ISA_FIELD_VCC, /* fixed text: vcc_lo (wave32) or vcc (wave64) */
  ISA_FIELD_K16, /* 16-bit immediate (SOPK, SOPP) */
  ISA_FIELD_A,   /* memory address VGPR(s): DS addr, FLAT/MUBUF vaddr */
  ISA_FIELD_D0,  /* DS data0 / FLAT data / MUBUF vdata */
  ISA_FIELD_D1,  /* DS data1 */
  ISA_FIELD_SDATA, /* SMEM sdata (file 'i': printed as a plain number, s_atc_probe) */
  ISA_FIELD_SBASE, /* SMEM sbase (SGPR pair index) */
  ISA_FIELD_OFF,   /* SMEM offset, or soffset register when one is given */
  ISA_FIELD_SA,    /* FLAT saddr */
  ISA_FIELD_TXT_OFF, /* fixed text "off" (no saddr / no vaddr) */
  ISA_FIELD_PARAM,   /* v_interp_mov parameter (p10, p20, p0) in the vsrc field */
  ISA_FIELD_SR,      /* MIMG srsrc (SGPR quad index) */
  ISA_FIELD_ATTR,    /* VOP3 interpolation attribute in src0: attr 5:0, chan 7:6, high 8 */
  ISA_FIELD_PARAM9,  /* VOP3 v_interp_mov parameter in src1 */
  ISA_FIELD_SS,      /* MIMG ssamp (SGPR quad index) */
  ISA_FIELD_COUNT
};

/* How a source prints a constant (inline constant or literal). */
enum isa_cls {
  ISA_CLS_B32, /* 32-bit: integers, f32 inline floats */
  ISA_CLS_F16,
  ISA_CLS_I16,
  ISA_CLS_F64,
  ISA_CLS_I64,
  ISA_CLS_V2F16,
};

/* 16-bit immediate printing kinds (SOPK/SOPP). */
enum isa_k16 {
  ISA_K16_HEX,     /* always 0x%x */
  ISA_K16_U16,     /* inline integer (0..64) in decimal, else 0x%x */
  ISA_K16_DEC,     /* unsigned decimal (branch targets, s_endpgm) */
  ISA_K16_WAITCNT,
  ISA_K16_SENDMSG,
  ISA_K16_DEPCTR,
  ISA_K16_HWREG,
  ISA_K16_VERSION,
};

#define ISA_OPND_MAX 6

/* Printer shortcuts (struct isa_op_desc.pflags). */
enum {
  ISA_PF_ATTR = 1,      /* has an interpolation attribute operand (VOP3) */
  ISA_PF_MIX = 2,       /* v_fma_mix*: neg_hi prints as abs, op_sel_hi default 0 */
  ISA_PF_PERMLANE = 4,  /* v_permlane*: op_sel:[fi,bound_ctrl] */
  ISA_PF_SWIZZLE = 8,   /* ds_swizzle_b32: symbolic offset */
  ISA_PF_V1 = 16,       /* has a vsrc1 operand */
  ISA_PF_GATHER4 = 32,  /* image_gather4*: four channels whatever the dmask */
};

/* Decoder shortcuts (struct isa_op_desc.dflags), computed once from the name/template. */
enum {
  ISA_DF_LOAD = 1,      /* name contains "load" (buffer vdata is a result) */
  ISA_DF_STORE = 2,     /* name contains "store" (MIMG vdata is a source) */
  ISA_DF_INV = 4,       /* buffer_gl*_inv: no vdata, no operands */
  ISA_DF_ATOMIC_FM = 8, /* flat fmin/fmax atomics (no dlc) */
  ISA_DF_SD = 16,       /* has an sdst operand (VOP3B) */
  ISA_DF_SS = 32,       /* has an ssamp operand (MIMG) */
};

/* MIMG table notes keys ("key=hexdigits;..."), by index into isa_op_desc.mimg_at. */
enum isa_mimg_key {
  ISA_MK_VD, ISA_MK_VH, ISA_MK_VT, ISA_MK_VTH, /* vdata widths: plain, d16, tfe, d16+tfe */
  ISA_MK_W, ISA_MK_N1, ISA_MK_N2, ISA_MK_N3,   /* address widths: plain, NSA 1..3 dwords */
  ISA_MK_G,                                    /* probed (vdata, vaddr) size pairs */
  ISA_MK_COUNT
};

/* MIMG modifiers set in a decoded instruction, bit i for the i-th of unorm glc slc dlc r128
 * a16 tfe lwe d16 (the table's mods bits 2i printed / 2i+1 accepted, see gen_tables.py). */
static inline unsigned isa_mimg_mods(const struct isa_inst *in, unsigned lwe) {
  return in->unorm | in->glc << 1 | in->slc << 2 | in->dlc << 3 | in->r128 << 4 |
         in->a16 << 5 | in->tfe << 6 | (lwe & 1) << 7 | in->d16 << 8;
}

/* How the decoder fills an operand (struct isa_opnd_desc.how), planned once per table entry
 * from its field and register file (the descriptor builder, tables.c). */
enum isa_opd_how {
  ISA_OPD_NONE,  /* nothing to decode (fixed text "off", MIMG fields, unknown) */
  ISA_OPD_SRC,   /* 9-bit source (src0..2): checked, may be a literal */
  ISA_OPD_VSRC1, /* VOP2/VOPC vsrc1: a VGPR, or an SGPR-space value marked 0x100 (SDWA) */
  ISA_OPD_IMM,   /* the field's value as an immediate (v_interp parameters, s_atc_probe) */
  ISA_OPD_ATTR,  /* VOP3 interpolation attribute (also sets attr / attr_chan) */
  ISA_OPD_OFF,   /* SMEM soffset register, or the offset immediate when soffset is null */
  ISA_OPD_VREG,  /* a VGPR field */
  ISA_OPD_SREG,  /* a scalar register field (checked like a source) */
  ISA_OPD_K,     /* 32-bit constant dword */
  ISA_OPD_K16,   /* 16-bit immediate (also sets simm16) */
  ISA_OPD_VCC,   /* vcc_lo / vcc, or the VOPC SDWA sdst */
};

/* Source encodings an operand cannot take (struct isa_opnd_desc.reject, decode.c's table):
 * NEVER at any width, NARROW_ONLY only as a single register. */
enum isa_src_reject { ISA_SRC_NEVER = 1, ISA_SRC_NARROW_ONLY = 2 };

struct isa_opnd_desc {
  uint8_t field;   /* enum isa_field */
  uint8_t how;     /* enum isa_opd_how */
  uint8_t vfield;  /* enum isa_field holding the operand's value (ATTR: S0, PARAM9: S1) */
  uint8_t nregs[2];  /* registers it spans in wave32 / wave64 (width, lane masks resolved) */
  uint8_t reject[2]; /* source encodings it cannot take in wave32 / wave64 (decode.c) */
  uint16_t slot;     /* byte offset of its struct isa_operand in struct isa_inst */
  char file;       /* 's' or 'v' as the probe printed it (VGPR-printing fields accept any) */
  uint8_t width;   /* registers; 0 = lane mask (1 in wave32, 2 in wave64) */
  uint8_t cls;     /* enum isa_cls for constant sources, enum isa_k16 for K16 */
  uint8_t plain;   /* a register here prints as just its name (no notes, no special field) */
  /* llvm-mc annotates an operand of a kind the operand's register class does not allow:
   * "imm" (constant: Invalid immediate) or a register class name, per kind. */
  const char *note_s, *note_v, *note_c;
};

/* One opcode of one family, compiled from its table line. */
struct isa_op_desc {
  struct isa_opcode_info info;
  const char *tmpl;     /* operand template text from the table */
  const char *cls_text; /* constant types text from the table */
  const char *notes;    /* notes text from the table (MIMG: address / vdata tables) */
  uint16_t mods_print;  /* modifier bits that print (see gen_tables.py) */
  uint16_t mods_ignore; /* modifier bits accepted but not printed */
  uint32_t memory_flags; /* ISA_F_* memory effects from the table (also in info.flags) */
  uint32_t zero_fields; /* 1 << enum isa_field: fields that must be zero */
  uint8_t nops;
  uint8_t supported;    /* template fully understood */
  uint8_t pflags;       /* ISA_PF_*: printer shortcuts computed once */
  uint8_t name_len;     /* strlen(info.name) */
  uint8_t dflags;       /* ISA_DF_*: decoder shortcuts computed once */
  /* MIMG: each notes key's hex digits as values (decoded when the table is built), the
   * offset of each key's digits in mimg_digits and their count (0: key absent) */
  const uint8_t *mimg_digits;
  uint16_t mimg_at[ISA_MK_COUNT], mimg_len[ISA_MK_COUNT];
  struct isa_opnd_desc ops[ISA_OPND_MAX];
  /* FLAT family: one descriptor per variant lds*4 + glc*2 + saddr-given (NULL: invalid) */
  struct isa_op_desc *sub[8];
};

/* Opcode index of one (family, variant slot) table: by_op[op] for op < nops, NULL where no
 * opcode exists; nops is 0 for a table that does not exist. Variant slots are enum
 * isa_variant, except FLAT, whose slot is the segment (0 flat, 1 scratch, 2 global). */
#define ISA_DESC_VARIANTS 5
struct isa_desc_index {
  const struct isa_op_desc **by_op;
  unsigned nops;
};
extern struct isa_desc_index isa_desc_index[ISA_FAMILY_COUNT][ISA_DESC_VARIANTS];

/* True once the opcode tables are compiled (release store after building them). */
extern _Atomic bool isa_tables_ready;

/* Compiles the opcode tables (once; thread-safe). */
void isa_tables_init(void);

/* The decoder's lookup: family < ISA_FAMILY_COUNT, slot < ISA_DESC_VARIANTS and the tables
 * built (isa_tables_ready). NULL when no opcode has this value. */
static inline const struct isa_op_desc *isa_desc_lookup(unsigned family, unsigned slot,
                                                        unsigned op) {
  const struct isa_desc_index *x = &isa_desc_index[family][slot];
  return op < x->nops ? x->by_op[op] : NULL;
}

/* Descriptor of (family, op) or NULL. Tables are compiled on first use (thread-safe). */
const struct isa_op_desc *isa_op_desc_get(enum isa_family family, unsigned op);

/* Descriptor of a DPP16/DPP8/SDWA form (variant), or NULL. */
const struct isa_op_desc *isa_op_desc_variant(enum isa_family family, enum isa_variant variant,
                                              unsigned op);

/* Metadata rules by mnemonic (meta.c), applied by the descriptor builder (tables.c): the
 * ISA_F_* flags of a table mnemonic, and the enum isa_type of an operand of it. */
uint32_t isa_meta_flags(const char *name);
uint8_t isa_meta_type(const struct isa_opnd_desc *o, const char *name);

/* The descriptor of the operand template entry for field, or NULL. */
const struct isa_opnd_desc *isa_op_desc_field(const struct isa_op_desc *d, enum isa_field f);

#endif
