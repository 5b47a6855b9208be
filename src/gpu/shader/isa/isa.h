/* GFX10 (gfx1013, the PS5 GPU) instruction decoder and disassembler.
 *
 * Words in, decoded instructions out:
 *
 *   struct isa_inst in;
 *   struct isa_error err;
 *   if (!isa_decode(words, count, offset, &in, &err)) { ... err.offset, err.code ... }
 *   char text[256];
 *   isa_print(&in, NULL, text, sizeof text);     // LLVM AMDGPU syntax (llvm-mc-19)
 *   offset += in.size;                           // size in dwords (1..5)
 *
 * One opcode table per encoding family (isa_ops_<family>.def) drives decoding, printing and
 * the metadata below (operand types and widths, side effects, control flow). The API is
 * stable: later changes only add fields, enum values or functions.
 */
#ifndef PROSPERO_GPU_SHADER_ISA_ISA_H
#define PROSPERO_GPU_SHADER_ISA_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------------------------------- */
/* Encoding families. X(name, lower-case name)                                               */

#define ISA_FAMILIES(X) \
  X(SOP2, sop2)         \
  X(SOPK, sopk)         \
  X(SOP1, sop1)         \
  X(SOPC, sopc)         \
  X(SOPP, sopp)         \
  X(SMEM, smem)         \
  X(VOP2, vop2)         \
  X(VOP1, vop1)         \
  X(VOPC, vopc)         \
  X(VOP3, vop3)         \
  X(VOP3P, vop3p)       \
  X(VINTRP, vintrp)     \
  X(DS, ds)             \
  X(MUBUF, mubuf)       \
  X(MTBUF, mtbuf)       \
  X(MIMG, mimg)         \
  X(FLAT, flat)         \
  X(EXP, exp)

enum isa_family {
#define ISA_FAMILY_ENUM_(n, l) ISA_FAMILY_##n,
  ISA_FAMILIES(ISA_FAMILY_ENUM_)
#undef ISA_FAMILY_ENUM_
  ISA_FAMILY_COUNT
};

/* How a VOP1/VOP2/VOPC/VOP3 opcode was encoded (the opcode itself is the same). */
enum isa_variant {
  ISA_VARIANT_NATIVE = 0, /* the family's own encoding (_e32 for VOP1/2/C) */
  ISA_VARIANT_VOP3,       /* VOP1/VOP2/VOPC opcode promoted to the VOP3 encoding (_e64) */
  ISA_VARIANT_DPP16,      /* src0 = 0xFA: extra DPP16 dword */
  ISA_VARIANT_DPP8,       /* src0 = 0xE9/0xEA: extra DPP8 dword */
  ISA_VARIANT_SDWA,       /* src0 = 0xF9: extra SDWA dword */
};

/* FLAT family segments (FLAT bits 15:14). */
enum isa_flat_seg { ISA_SEG_FLAT = 0, ISA_SEG_SCRATCH = 1, ISA_SEG_GLOBAL = 2 };

/* ---------------------------------------------------------------------------------------- */
/* Operand data types (what the instruction reads or writes). Width in bits follows.         */

#define ISA_TYPES(X)  \
  X(NONE, 0)          \
  X(B16, 16)          \
  X(I16, 16)          \
  X(U16, 16)          \
  X(F16, 16)          \
  X(B32, 32)          \
  X(I32, 32)          \
  X(U32, 32)          \
  X(F32, 32)          \
  X(V2I16, 32)        \
  X(V2F16, 32)        \
  X(B64, 64)          \
  X(I64, 64)          \
  X(U64, 64)          \
  X(F64, 64)          \
  X(B96, 96)          \
  X(B128, 128)        \
  X(B160, 160)        \
  X(B256, 256)        \
  X(B512, 512)        \
  X(MASK, 0) /* lane mask: 32 bits in wave32, 64 in wave64 (VCC, VOPC sdst, carries) */

enum isa_type {
#define ISA_TYPE_ENUM_(n, bits) ISA_TYPE_##n,
  ISA_TYPES(ISA_TYPE_ENUM_)
#undef ISA_TYPE_ENUM_
  ISA_TYPE_COUNT
};

/* ---------------------------------------------------------------------------------------- */
/* Operands                                                                                  */

enum isa_operand_kind {
  ISA_OPK_NONE = 0,
  ISA_OPK_SGPR,         /* s[reg .. reg+count-1] */
  ISA_OPK_VGPR,         /* v[reg .. reg+count-1] */
  ISA_OPK_SPECIAL,      /* vcc, exec, m0, null, scc, execz, vccz, ttmp, shared_base...: reg holds
                           the 9-bit source encoding (e.g. 106 vcc_lo, 124 m0, 126 exec_lo) */
  ISA_OPK_INLINE_INT,   /* integer inline constant -16..64: value holds the sign-extended int */
  ISA_OPK_INLINE_FLOAT, /* float inline constant (0.5, 1.0, ..., 1/(2*pi)): value holds the
                           constant's bits at the operand's type width (low 32 bits; for a 64-bit
                           type value64 holds all bits) */
  ISA_OPK_LITERAL,      /* 32-bit literal dword following the instruction: value */
  ISA_OPK_IMM,          /* immediate field of the encoding (simm16, offsets): value */
};

/* Operand modifier bits (struct isa_operand.mods). */
enum {
  ISA_MOD_NEG = 1u << 0,    /* -x (float), VOP3/VOP3P neg, SDWA neg */
  ISA_MOD_ABS = 1u << 1,    /* |x| (float) */
  ISA_MOD_SEXT = 1u << 2,   /* SDWA sext() (integer) */
  ISA_MOD_NEG_HI = 1u << 3, /* VOP3P neg_hi */
};

/* Raw 9-bit source operand encodings used by several families. */
enum {
  ISA_SRC_VCC_LO = 106,
  ISA_SRC_VCC_HI = 107,
  ISA_SRC_TTMP0 = 108,
  ISA_SRC_M0 = 124,
  ISA_SRC_NULL = 125,
  ISA_SRC_EXEC_LO = 126,
  ISA_SRC_EXEC_HI = 127,
  ISA_SRC_ZERO = 128,
  ISA_SRC_DPP8 = 233,
  ISA_SRC_DPP8_FI = 234,
  ISA_SRC_SHARED_BASE = 235,
  ISA_SRC_SHARED_LIMIT = 236,
  ISA_SRC_PRIVATE_BASE = 237,
  ISA_SRC_PRIVATE_LIMIT = 238,
  ISA_SRC_POPS_EXITING_WAVE_ID = 239,
  ISA_SRC_INV_2PI = 248,
  ISA_SRC_SDWA = 249,
  ISA_SRC_DPP16 = 250,
  ISA_SRC_VCCZ = 251,
  ISA_SRC_EXECZ = 252,
  ISA_SRC_SCC = 253,
  ISA_SRC_LDS_DIRECT = 254,
  ISA_SRC_LITERAL = 255,
  ISA_SRC_VGPR0 = 256,
};

struct isa_operand {
  uint8_t kind;     /* enum isa_operand_kind */
  uint8_t type;     /* enum isa_type as the instruction uses it */
  uint8_t count;    /* registers in the range (dwords) for SGPR/VGPR/SPECIAL ranges */
  uint8_t mods;     /* ISA_MOD_* */
  uint16_t reg;     /* first register (SGPR 0..105, VGPR 0..255, SPECIAL: 9-bit encoding) */
  uint16_t raw;     /* the operand's raw field value in the encoding */
  uint32_t value;   /* constant value (see kinds) */
  uint64_t value64; /* 64-bit constant value for 64-bit typed inline constants */
};

/* ---------------------------------------------------------------------------------------- */
/* Per-opcode metadata                                                                        */

/* Flags of an opcode (struct isa_opcode_info.flags). */
enum {
  ISA_F_BRANCH = 1u << 0,       /* direct branch (SOPP simm16 target) */
  ISA_F_CONDITIONAL = 1u << 1,  /* branch taken on a condition (SCC, VCCZ, EXECZ, ...) */
  ISA_F_INDIRECT = 1u << 2,     /* jumps through a register (s_setpc, s_swappc) */
  ISA_F_CALL = 1u << 3,         /* saves a return address (s_swappc, s_call) */
  ISA_F_TERMINATOR = 1u << 4,   /* ends a basic block (branches, s_endpgm, s_setpc, ...) */
  ISA_F_ENDPGM = 1u << 5,       /* ends the program (s_endpgm*) */
  ISA_F_WRITES_SCC = 1u << 6,   /* scalar op that sets SCC */
  ISA_F_READS_SCC = 1u << 7,    /* reads SCC (s_cselect, s_addc, s_cbranch_scc*) */
  ISA_F_WRITES_VCC = 1u << 8,   /* implicit VCC write (VOPC _e32, carry-out _e32) */
  ISA_F_READS_VCC = 1u << 9,    /* implicit VCC read (v_cndmask_b32_e32, carry-in _e32) */
  ISA_F_WRITES_EXEC = 1u << 10, /* v_cmpx_*, s_*_saveexec, writes of exec */
  ISA_F_LOAD = 1u << 11,        /* memory read */
  ISA_F_STORE = 1u << 12,       /* memory write */
  ISA_F_ATOMIC = 1u << 13,      /* read-modify-write memory operation */
  ISA_F_BARRIER = 1u << 14,     /* synchronisation (s_barrier, s_waitcnt*, buffer_gl*_inv) */
  ISA_F_VECTOR = 1u << 15,      /* executes per lane (VALU or vector memory) */
  ISA_F_SIDE_EFFECTS = 1u << 16,/* anything else that must not be removed (sendmsg, trap...) */
  ISA_F_FLOAT = 1u << 17,       /* float arithmetic: honours the float mode, has abs/neg mods */
  ISA_F_HAS_RETURN = 1u << 18,  /* atomic with glc returns the pre-op value */
};

#define ISA_MAX_DEFS 2
#define ISA_MAX_SRCS 16 /* MIMG NSA address VGPRs plus resource/sampler */

/* Mnemonics without their encoding suffix (_e32, _e64, _dpp, _sdwa), one id for all the
 * encodings of an operation across families: ISA_MN_v_add_f32 names v_add_f32_e32,
 * v_add_f32_e64, v_add_f32_dpp and v_add_f32_sdwa. gen/gen_tables.py lists them from the
 * opcode tables (mnemonics.def), so code keyed by ISA_MN_<name> does not compile with a
 * name no table has. */
enum isa_mnemonic {
#define X(name) ISA_MN_##name,
#include "gpu/shader/isa/mnemonics.def"
#undef X
  ISA_MN_COUNT
};

/* The text of a mnemonic id ("?" when out of range). */
const char *isa_mnemonic_name(enum isa_mnemonic mn);

/* Static description of one opcode of one family. */
struct isa_opcode_info {
  const char *name;  /* the table's mnemonic, encoding suffix included, e.g. "v_add_f32_e32" */
  uint16_t mnemonic; /* enum isa_mnemonic: NAME without its encoding suffix */
  uint8_t family;    /* enum isa_family */
  uint16_t op;       /* opcode value in the family's encoding */
  uint32_t flags;    /* ISA_F_* */
  uint8_t num_defs;  /* results written (registers) */
  uint8_t num_srcs;  /* sources read (not counting memory descriptors of memory families) */
  uint8_t def_type[ISA_MAX_DEFS]; /* enum isa_type of each result */
  uint8_t src_type[3];            /* enum isa_type of src0..src2 (ALU families) */
};

/* ---------------------------------------------------------------------------------------- */
/* Decoded instruction                                                                       */

struct isa_inst {
  uint8_t family;   /* enum isa_family of the opcode */
  uint8_t variant;  /* enum isa_variant */
  uint8_t size;     /* size in dwords including literal / DPP / SDWA / NSA dwords (1..5) */
  uint8_t wave64;   /* decoded for wave64 (lane masks are 64-bit) */
  uint16_t op;      /* opcode value in its family */
  const struct isa_opcode_info *info; /* table metadata (never NULL after a good decode) */
  uint32_t words[5];                  /* the encoding */

  uint8_t num_defs, num_srcs;

  /* VALU modifiers */
  uint8_t clamp, omod;          /* omod: 0 none, 1 *2, 2 *4, 3 /2 */
  uint8_t op_sel, op_sel_hi;    /* VOP3 op_sel[3:0] (bit 3 = dst), VOP3P op_sel / op_sel_hi */
  uint8_t neg_lo, neg_hi;       /* VOP3P neg / neg_hi bits per source */
  /* DPP16: ctrl 9 bits, masks, bound_ctrl, fi. DPP8: 8 3-bit selects in dpp8. */
  uint16_t dpp_ctrl;
  uint8_t row_mask, bank_mask, bound_ctrl, fi;
  uint32_t dpp8;
  /* SDWA selects (0..6 = BYTE_0..3, WORD_0..1, DWORD), dst_unused (0 pad, 1 sext, 2 preserve) */
  uint8_t sdwa_dst_sel, sdwa_dst_unused, sdwa_src0_sel, sdwa_src1_sel;

  /* Scalar immediates (SOPK / SOPP simm16) */
  uint16_t simm16;

  /* Memory (SMEM, DS, MUBUF, MTBUF, MIMG, FLAT) */
  int32_t offset;               /* byte offset (signed for FLAT global/scratch, SMEM) */
  uint8_t offset1;              /* DS offset1 */
  uint8_t glc, slc, dlc, gds, lds, tfe, offen, idxen, a16, d16, unorm, r128, da_dim;
  uint8_t seg;                  /* enum isa_flat_seg */
  uint8_t format;               /* MTBUF unified format */
  uint8_t dmask;                /* MIMG */
  uint8_t nsa;                  /* MIMG NSA: number of extra address dwords */

  uint8_t lwe_printed;          /* MIMG lwe */

  /* EXP */
  uint8_t exp_target, exp_en, exp_compr, exp_done, exp_vm;
  /* VINTRP */
  uint8_t attr, attr_chan;

  /* Last, so that a decode writes the fields above in one piece and the operands as far as
   * it uses them (the translator keeps an instruction's decode for each one it translates).
   * Only defs[0..num_defs) and srcs[0..num_srcs) are defined after a decode. */
  struct isa_operand defs[ISA_MAX_DEFS]; /* vdst/sdst/vdata-out; defs[1] is the VOP3B sdst */
  struct isa_operand srcs[ISA_MAX_SRCS]; /* in assembly order after the defs */
};

/* ---------------------------------------------------------------------------------------- */
/* Errors                                                                                    */

enum isa_error_code {
  ISA_OK = 0,
  ISA_ERR_TRUNCATED,      /* the instruction needs more dwords than available */
  ISA_ERR_UNKNOWN_OPCODE, /* no instruction with this opcode in its family */
  ISA_ERR_BAD_ENCODING,   /* reserved field / operand value the hardware does not accept */
  ISA_ERR_UNSUPPORTED,    /* family not handled by this decoder yet */
};

struct isa_error {
  enum isa_error_code code;
  size_t offset;  /* dword offset of the instruction that failed */
  uint32_t word;  /* its first dword */
  char msg[96];   /* human-readable reason */
};

/* ---------------------------------------------------------------------------------------- */
/* API                                                                                       */

/* Decode the instruction at words[offset] (wave32). Returns false and fills *err (if given)
 * when it is undecodable or truncated; *out is then unspecified. Never reads past count. */
bool isa_decode(const uint32_t *words, size_t count, size_t offset, struct isa_inst *out,
                struct isa_error *err);

/* Same with an explicit wave size (wave64 widens lane-mask operands such as VCC to 64 bits). */
bool isa_decode_wave(const uint32_t *words, size_t count, size_t offset, bool wave64,
                     struct isa_inst *out, struct isa_error *err);

struct isa_print_opts {
  bool show_encoding; /* append "; [0x..,0x..]" bytes like llvm-mc -show-encoding */
};

/* Print one instruction in LLVM AMDGPU syntax (as llvm-mc-19 -disassemble prints it) into
 * buf (always NUL-terminated when size > 0). Returns the length it needed (snprintf-like). */
size_t isa_print(const struct isa_inst *inst, const struct isa_print_opts *opts, char *buf,
                 size_t size);

/* Opcode metadata by family and opcode value, NULL when the opcode does not exist. */
const struct isa_opcode_info *isa_opcode_lookup(enum isa_family family, unsigned op);

/* Names for messages. */
const char *isa_family_name(enum isa_family family);
const char *isa_type_name(enum isa_type type);
unsigned isa_type_bits(enum isa_type type, bool wave64);
const char *isa_error_name(enum isa_error_code code);

#endif
