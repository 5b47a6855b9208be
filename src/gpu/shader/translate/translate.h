/* GFX10 machine code -> control-flow graph -> typed IR.
 *
 *   struct ir_translate_error err;
 *   struct ir_function *fn = ir_translate(words, count, &opts, &err);
 *
 * Code is discovered from dword 0 by following branches (data after s_endpgm or s_code_end
 * is never decoded). Basic blocks split at branch targets and after branches; SOPP branches,
 * s_setpc_b64 / s_swappc_b64 whose target is a constant built in the same block from
 * s_getpc_b64 plus s_add/s_addc/s_sub/s_mov, and s_endpgm end blocks. A call's return point
 * is followed; a s_setpc through a return address (or a s_swappc through a kept callee
 * address) becomes a compare chain over the shader's return points (callees), a value
 * matching none a bad_jump fault that ends the wave (docs/shader-ir.md, "Calls and
 * returns"). The graph is
 * structured (cfg_structure.h); when that fails fn->structured is false and
 * fn->structure.reason says why (the dispatcher form is then required).
 *
 * Instructions become IR with the hardware's semantics: VALU results are written only to
 * lanes active in EXEC (others keep their value), SALU ops set SCC as the ISA defines,
 * compares write lane masks (and EXEC for v_cmpx), float modifiers (neg, abs, clamp, omod)
 * are applied. An instruction without a translation becomes an `unsupported` IR operation
 * carrying its byte offset (counted in unsupported_count and logged once per opcode).
 */
#ifndef PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_H
#define PROSPERO_GPU_SHADER_TRANSLATE_TRANSLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpu/shader/ir/ir.h"

/* Why an s_setpc_b64 / s_swappc_b64 target could not be resolved (the jump becomes an
 * `unsupported` operation and the path ends there). Discovery follows targets that are
 * constants built in the same block (s_getpc_b64 plus s_add/s_addc/s_sub/s_mov), and makes
 * INCOMING and COMPUTED ones multi-way branches when the shader has calls (returns) or
 * constant callees (s_swappc); the rest keep their reason. */
#define IR_INDIRECT_JUMPS(X)                                                                   \
  X(NONE, "no unresolved indirect jump")                                                       \
  X(LOADED, "the target is loaded from memory (a jump table or a function pointer)")            \
  X(COMPUTED, "the target is computed by an instruction the constant tracker does not follow") \
  X(INCOMING, "the target is set before the block (a return address, an argument or a value "  \
              "from another path)")                                                            \
  X(NOT_SGPR_PAIR, "the target operand is not a scalar register pair")

enum ir_indirect_jump {
#define IR_INDIRECT_ENUM_(name, text) IR_INDIRECT_##name,
  IR_INDIRECT_JUMPS(IR_INDIRECT_ENUM_)
#undef IR_INDIRECT_ENUM_
};

const char *ir_indirect_jump_name(enum ir_indirect_jump r);

struct ir_translate_options {
  uint32_t wave_size; /* 32 (default when 0) or 64 */
  /* MODE register bits at wave start (round modes 3:0, denormal modes 7:4), as the stage's
   * PGM_RSRC1 FLOAT_MODE field sets them; recorded in ir_function.float_mode. 0: the IR's
   * default 0xf0 (nearest even, denormals kept); a FLOAT_MODE of 0 itself (every denormal
   * flushed) is IR_FLOAT_MODE_GIVEN | 0, as the dispatcher passes every field value. */
  uint32_t float_mode;
  bool run_passes;    /* SSA, constant folding, DCE (validated between passes in debug) */
  /* Registers (enum ir_reg) whose final value each `ret` reports through an `observe`
   * operation (keeps them live through DCE; used by tests and the interpreter). */
  const uint32_t *observe;
  uint32_t observe_count;
};

struct ir_translate_error {
  uint32_t offset;    /* byte offset of the offending instruction */
  char msg[160];
};

struct ir_translate_stats {
  uint32_t instructions;      /* decoded guest instructions */
  uint32_t unsupported_count; /* of them, without an IR translation */
  uint32_t blocks;            /* guest basic blocks (before structuring) */
};

/* Returns NULL with ERR filled when the code cannot be translated at all (undecodable word
 * on a reachable path, branch outside the code, too large). STATS may be NULL. */
struct ir_function *ir_translate(const uint32_t *words, size_t count,
                                 const struct ir_translate_options *opts,
                                 struct ir_translate_error *err,
                                 struct ir_translate_stats *stats);

/* Upper bound on the code size accepted (dwords). */
#define IR_TRANSLATE_MAX_DWORDS (1u << 20)

#endif
