/* Private state of the GFX10 -> IR translation (translate*.c). */
#ifndef PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_INTERNAL_H
#define PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_INTERNAL_H

#include "gpu/shader/translate/translate.h"
#include "gpu/shader/isa/isa.h"

#define XL_NONE UINT32_MAX
/* At most this many compare nodes for the multi-way returns and calls of one shader. */
#define XL_MAX_DISPATCH_NODES 65536u

/* How an instruction affects control flow. */
enum xl_flow {
  XL_FLOW_NONE,       /* falls through */
  XL_FLOW_JUMP,       /* s_branch */
  XL_FLOW_SCC0,       /* conditional branches: taken when ... */
  XL_FLOW_SCC1,
  XL_FLOW_VCCZ,
  XL_FLOW_VCCNZ,
  XL_FLOW_EXECZ,
  XL_FLOW_EXECNZ,
  XL_FLOW_END,        /* s_endpgm and friends */
  XL_FLOW_SETPC,      /* s_setpc_b64 with a constant target */
  XL_FLOW_SWAPPC,     /* s_swappc_b64 with a constant target */
  XL_FLOW_CALL,       /* s_call_b64 */
  XL_FLOW_UNRESOLVED, /* s_setpc/s_swappc through a register we cannot evaluate */
  XL_FLOW_RETURN,     /* s_setpc through a register to one of the return points (a
                       * multi-way branch: xl_code.disp_*) */
  XL_FLOW_ICALL,      /* s_swappc through a register to one of the callees (the entries of
                       * the constant-target calls), the same multi-way form */
};

struct xl_decoded {
  uint32_t dword;     /* offset in dwords */
  uint32_t target;    /* branch target (dword) or XL_NONE; XL_FLOW_RETURN: its first
                       * dispatch node (a CFG node after the guest blocks) */
  uint32_t block;
  enum xl_flow flow;
  uint8_t indirect;   /* XL_FLOW_UNRESOLVED: enum ir_indirect_jump */
  uint8_t size;       /* in->size, for the block and graph builders */
  const struct isa_inst *in; /* its decode, in xl_code.inst_store */
};

struct xl_code {
  const uint32_t *words;
  uint32_t count;
  bool wave64;
  struct ir_translate_error *err;
  uint8_t *leader;          /* per dword */
  uint32_t *inst_at;        /* per dword: index into insts or XL_NONE */
  struct xl_decoded *insts;
  uint32_t inst_count;
  /* The decodes, one after the other, each as long as the operands it uses (struct
   * isa_inst ends with its operand arrays): a third of the full structures' bytes, which
   * the translation reads back after building the graph. Room for COUNT full ones. */
  unsigned char *inst_store;
  size_t store_used;
  uint32_t *order;          /* instruction indices in address order */
  uint32_t ordered;
  uint32_t *block_first;    /* per block: first position in order[]; [block_count] = end */
  uint32_t block_count;
  struct cfg_graph *graph;
  /* Calls: the return points (dwords after each s_swappc with a constant target), in
   * discovery order; every return through a register may go to any of them. */
  uint32_t *ret_points;
  uint32_t ret_count;
  uint32_t *callees; /* the distinct targets of s_swappc with a constant target */
  uint32_t callee_count;
  /* Dispatch nodes of the returns (CFG nodes block_count + i): node i compares the SGPR
   * pair disp_reg[i] with return point disp_cand[i] (branch there, else to node i + 1);
   * disp_cand[i] == XL_NONE is the no-match node (a bad_jump fault, the wave ends). */
  uint32_t *disp_reg, *disp_cand, *disp_pc;
  uint32_t disp_count;
};

/* Scalar instructions the constant tracker of code discovery evaluates. */
enum xl_track {
  XL_TRACK_OTHER,
  XL_TRACK_GETPC, /* s_getpc_b64 */
  XL_TRACK_MOV,   /* s_mov_b32 */
  XL_TRACK_ADD,   /* s_add_u32 */
  XL_TRACK_ADDC,  /* s_addc_u32 */
  XL_TRACK_SUB,   /* s_sub_u32 */
};

/* Flow and tracker kind of an opcode, by its mnemonic id (translate_cfg.c). */
enum xl_flow xl_flow_of(const struct isa_inst *in);
enum xl_track xl_track_of(const struct isa_inst *in);
/* SMEM: true when the opcode only reads its data registers (the stores); loads, returning
 * atomics and s_memtime and the like write them. From the opcode's ISA_F_* flags. */
bool xl_smem_keeps_sdata(const struct isa_inst *in);
bool xl_discover(struct xl_code *c);
bool xl_build_blocks(struct xl_code *c);
bool xl_build_graph(struct xl_code *c);
uint32_t xl_block_of_dword(const struct xl_code *c, uint32_t dword);

/* Instruction semantics (translate_ops.c dispatches to the handlers of translate_ext.h). */
struct xl_state {
  struct ir_builder b;
  /* Per-block register cache: the value a register holds in the block being translated,
   * valid when cache_gen[reg] == gen (a new block bumps gen). Saves get_reg round trips. */
  uint32_t gen;
  uint32_t cache_gen[IR_REG_COUNT];
  uint32_t cache_val[IR_REG_COUNT];
  uint32_t active, active_gen; /* lane_bit(EXEC) of the current EXEC value */
  /* DPP: the cross-lane source 0 and the extra write predicate of the current
   * instruction (IR_NONE outside DPP instructions). */
  uint32_t dpp_src0, dpp_write;
  /* SDWA: selected sources 0/1 (IR_NONE when not overridden) and the destination rule */
  uint32_t sdwa_src[2];
  bool sdwa;
  uint8_t sdwa_dst_sel, sdwa_dst_unused;
  /* Per-block f32 views of u32 values (bitcasts), direct-mapped by the u32 value id. */
  struct { uint32_t gen, from, to; } f32view[64];
  /* Per-block constants, direct-mapped by value and type: {gen, type, bits, id}. */
  struct { uint32_t gen; uint8_t type; uint64_t bits; uint32_t id; } konst[64];
  bool wave64;
  uint32_t unsupported;
  const uint32_t *observe;
  uint32_t observe_count;
};
/* Starts translating BLOCK (clears the per-block register cache). */
void xl_begin_block(struct xl_state *x, uint32_t block);
/* Emits the IR of one non-branch instruction at byte offset PC. */
void xl_translate_inst(struct xl_state *x, const struct isa_inst *in, uint32_t pc);
/* The branch condition (U1, true = taken) of a conditional SOPP branch. */
uint32_t xl_branch_condition(struct xl_state *x, enum xl_flow flow);

/* ---- the semantics table (translate_table.c) ------------------------------------------
 * Handler kinds (enum xl_kind) and struct xl_entry are in translate_ext.h. */
struct xl_entry;

enum xl_scc { SCC_KEEP, SCC_NZ, SCC_CARRY, SCC_BORROW, SCC_SADD, SCC_SSUB, SCC_LT, SCC_GT };
enum xl_logic { L_AND, L_OR, L_XOR, L_ANDN2, L_ORN2, L_NAND, L_NOR, L_XNOR, L_ANDN1, L_ORN1 };
/* detail flags for vector binary ops */
enum { REV = 1 << 8, SIGNED = 1 << 9, INV = 1 << 10 /* invert the result */, RTN = 1 << 11 };


/* ---- compares (translate_cmp.c) ------------------------------------------------------ */
/* A compare opcode's name parsed into what its translation needs. Names are parsed once
 * per (family, opcode) and cached (xl_compare_of), not once per instruction. */
enum cmp_kind {
  CMP_NONE,    /* not a compare this translator knows */
  CMP_S,       /* s_cmp_<pred>_<i32|u32|u64> */
  CMP_SK,      /* s_cmpk_<pred>_<i32|u32>: src1 is the 16-bit immediate */
  CMP_SBIT,    /* s_bitcmp{0,1}_b{32,64} */
  CMP_VCLASS,  /* v_cmp[x]_class_f32 */
  CMP_VFLOAT,  /* v_cmp[x]_<pred>_<f32|f64> */
  CMP_VF16,    /* v_cmp[x]_<pred>_f16 */
  CMP_VINT16,  /* v_cmp[x]_<pred>_<i16|u16> */
  CMP_VINT,    /* v_cmp[x]_<pred>_<i32|u32|i64|u64> */
  CMP_VCLASS16, /* v_cmp[x]_class_f16 */
  CMP_VCLASS64, /* v_cmp[x]_class_f64 */
};
enum { CMPF_SIGNED = 1, CMPF_WIDE = 2, CMPF_CMPX = 4, CMPF_WANT1 = 8 };
struct cmp_desc {
  uint8_t kind;  /* enum cmp_kind */
  uint8_t pred;  /* enum ipred or enum ir_fcmp */
  uint8_t flags; /* CMPF_* */
};
/* The descriptor of IN's opcode (kind CMP_NONE when it is no compare). */
struct cmp_desc xl_compare_of(const struct isa_inst *in);
/* Emits the compare D of IN (SCC, or the lane mask to its destination / EXEC); false when
 * D is no compare this translator knows. */
bool xl_translate_compare(struct xl_state *x, const struct isa_inst *in, struct cmp_desc d);

/* Handlers of the dispatcher (translate_ops.c) in their own files: translate_mem.c,
 * translate_interp.c, translate_export.c, translate_image.c, translate_gds.c. */
void xl_unsupported(struct xl_state *x, const struct isa_inst *in, uint32_t pc);
void xl_translate_memory(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                         uint32_t pc);
void xl_translate_interp(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e);
void xl_translate_export(struct xl_state *x, const struct isa_inst *in);
void xl_translate_image(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e,
                        uint32_t pc);
/* A DS instruction with gds (E: its table row or NULL); false when not modelled. */
bool xl_translate_gds(struct xl_state *x, const struct isa_inst *in, const struct xl_entry *e);
/* DS helpers of translate_mem.c that the GDS forms share: the two addresses of a _src2 form
 * (A, B), the value a sub-dword load writes (extension, D16 half) and the data a sub-dword
 * store writes. */
void xl_src2_addresses(struct xl_state *x, const struct isa_inst *in, uint32_t detail, uint32_t *a,
                       uint32_t *b);
void xl_write_subdword_load(struct xl_state *x, const struct isa_inst *in, uint32_t detail, uint32_t v);
uint32_t xl_subdword_store_data(struct xl_state *x, const struct isa_operand *op, uint32_t detail);
/* ds_condxchg32_rtn_b64: the first address (A0, the second is A0 + 4) and per dword the
 * mask and value of the mskor it amounts to. */
uint32_t xl_condxchg_operands(struct xl_state *x, const struct isa_inst *in, uint32_t mask[2],
                              uint32_t value[2]);
/* The pre-op value of a 32- or 64-bit (DETAIL & W64) DS atomic into vdst: RTN forms only. */
void xl_write_ds_old(struct xl_state *x, const struct isa_inst *in, uint32_t detail, uint32_t old);
/* The two pre-op values of a two-address DS form (wrxchg2, condxchg) into vdst, one or two
 * (W64) dwords each. */
void xl_write_ds_pair(struct xl_state *x, const struct isa_inst *in, const uint32_t old[2], bool w64);

#endif
