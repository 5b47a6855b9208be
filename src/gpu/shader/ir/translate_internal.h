/* Private state of the GFX10 -> IR translation (translate*.c). */
#ifndef PROSPERO_GPU_SHADER_IR_TRANSLATE_INTERNAL_H
#define PROSPERO_GPU_SHADER_IR_TRANSLATE_INTERNAL_H

#include "gpu/shader/ir/translate.h"
#include "gpu/shader/isa/isa.h"

#define XL_NONE UINT32_MAX

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
};

struct xl_decoded {
  struct isa_inst in;
  uint32_t dword;     /* offset in dwords */
  uint32_t target;    /* branch target (dword) or XL_NONE */
  uint32_t block;
  enum xl_flow flow;
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
  uint32_t *order;          /* instruction indices in address order */
  uint32_t ordered;
  uint32_t *block_first;    /* per block: first position in order[]; [block_count] = end */
  uint32_t block_count;
  struct cfg_graph *graph;
};

enum xl_flow xl_flow_of(const struct isa_inst *in);
bool xl_discover(struct xl_code *c);
bool xl_build_blocks(struct xl_code *c);
bool xl_build_graph(struct xl_code *c);
uint32_t xl_block_of_dword(const struct xl_code *c, uint32_t dword);

/* Instruction semantics (translate_ops.c). */
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

#endif
