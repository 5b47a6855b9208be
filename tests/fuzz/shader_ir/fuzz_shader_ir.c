#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/ir/cfg_structure.h"
#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/translate/translate.h"
#include "gpu/shader/isa/isa.h"

/* SOPP opcodes with a simm16 branch target (ISA_F_BRANCH in the opcode table: s_branch,
 * s_cbranch_* and the debugger-conditional branches), in opcode order; filled once. */
static uint8_t branch_ops[128];
static unsigned branch_op_count;

static void find_branch_ops(void) {
  for (unsigned op = 0; op < 128; op++) {
    const struct isa_opcode_info *info = isa_opcode_lookup(ISA_FAMILY_SOPP, op);
    if (info && (info->flags & ISA_F_BRANCH)) branch_ops[branch_op_count++] = (uint8_t)op;
  }
  if (branch_op_count == 0) abort();
}

/* Branch-heavy mode: random words rarely decode as branches, so every word whose top nibble
 * is zero (1 in 16) becomes a SOPP branch whose target lands mostly inside the program, and
 * every word whose top byte is 0x7f becomes s_endpgm. This feeds the CFG builder, the
 * structuriser and SSA with arbitrary reducible and irreducible graphs of real code. */
static void branchify(uint32_t *words, size_t count) {
  for (size_t i = 0; i < count; i++) {
    uint32_t w = words[i];
    if ((w >> 28) == 0) {
      uint32_t op = branch_ops[((w >> 16) & 0xff) % branch_op_count];
      int32_t off = (int32_t)((w & 0xffff) % (2 * count + 3)) - (int32_t)count - 1;
      words[i] = 0xbf800000u | op << 16 | ((uint32_t)off & 0xffff);
    } else if ((w >> 24) == 0x7f) {
      words[i] = 0xbf810000u; /* s_endpgm */
    }
  }
}

/* The round a predicted finish of the structuriser skipped agreed with it (it runs with
 * cfg_structure_check_rounds set). */
static void check_rounds(void) {
  if (cfg_structure_round_mismatches() != 0) {
    fprintf(stderr, "a predicted structuriser finish differs from the round it skipped\n");
    abort();
  }
}

static void fuzz_graph(const uint8_t *data, size_t size) {
  uint32_t n = 1 + data[0] % 48;
  struct cfg_graph *g = cfg_graph_create(n, 0);
  if (!g) abort();
  for (size_t i = 1; i + 1 < size; i += 2) cfg_graph_add_edge(g, data[i] % n, data[i + 1] % n);
  struct cfg_structure s;
  bool ok = cfg_structurize(g, &s);
  char err[160];
  if (ok) {
    if (!cfg_structure_check(g, &s, err, sizeof err)) {
      fprintf(stderr, "bad structure: %s\n", err);
      abort();
    }
  } else if (s.fallback == CFG_FALLBACK_NONE || !s.reason[0]) {
    abort();
  }
  /* structured or not, the entry is no branch target (SSA reads the incoming values there) */
  if (s.fallback != CFG_FALLBACK_NO_MEMORY && cfg_graph_pred_count(g, cfg_graph_entry(g)) != 0) {
    fprintf(stderr, "entry block with predecessors (%s)\n", s.reason);
    abort();
  }
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
  check_rounds();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int quiet;
  if (!quiet) {
    log_set_level(LOG_LEVEL_OFF);
    ir_debug_validate = true;
    cfg_structure_check_rounds = true; /* a predicted finish must match the skipped round */
    find_branch_ops();
    quiet = 1;
  }
  if (size < 1) return 0;
  if (data[0] & 1) {
    if (size < 2) return 0;
    fuzz_graph(data + 1, size - 1);
    return 0;
  }
  size_t count = (size - 1) / 4;
  if (count == 0 || count > 4096) return 0;
  uint32_t *words = malloc(count * sizeof *words);
  memcpy(words, data + 1, count * 4);
  if (data[0] & 8) branchify(words, count);
  /* Differential check of the passes: the IR as translated and the IR after SSA, folding
   * and DCE must leave the same observed registers when the interpreter runs both. */
  static uint32_t observe[4 + 16 + 16];
  for (uint32_t i = 0; i < 4; i++) observe[i] = i; /* scc vcc exec m0 */
  for (uint32_t i = 0; i < 16; i++) {
    observe[4 + i] = IR_REG_SGPR0 + i;
    observe[20 + i] = IR_REG_VGPR0 + i;
  }
  struct ir_translate_options o = {.wave_size = (data[0] & 2) ? 64 : 32, .run_passes = true,
                                   .observe = observe, .observe_count = 36};
  struct ir_translate_error err;
  struct ir_function *fn = ir_translate(words, count, &o, &err, NULL);
  if (fn) {
    char msg[256];
    if (!ir_validate(fn, msg, sizeof msg)) {
      fprintf(stderr, "invalid IR: %s\n", msg);
      abort();
    }
    if (fn->structured && !cfg_structure_check(fn->cfg, &fn->structure, msg, sizeof msg)) {
      fprintf(stderr, "bad structure: %s\n", msg);
      abort();
    }
    o.run_passes = false;
    struct ir_function *raw = ir_translate(words, count, &o, &err, NULL);
    if (!raw) abort(); /* the same words translated once already */
    struct ir_interp_wave *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    a->exec = (data[0] & 4) ? 0x0f0f0f0f0f0f0f0full : ~0ull;
    for (uint32_t r = 0; r < 106; r++) a->sgpr[r] = r * 0x9e3779b9u;
    for (uint32_t r = 0; r < 256; r++)
      for (uint32_t l = 0; l < IR_INTERP_MAX_LANES; l++) a->vgpr[r][l] = r * 977u + l;
    /* every instruction may run about twice: straight-line code always completes, a loop
     * around a large block (v_movreld expands to ~1,000 instructions) stops early */
    a->max_insts = 2 * raw->inst_count + 256;
    *b = *a;
    char m1[256], m2[256];
    bool ok1 = ir_interp_run(raw, a, 256, m1, sizeof m1);
    bool ok2 = ir_interp_run(fn, b, 256, m2, sizeof m2);
    if (ok1 && ok2) {
      for (uint32_t i = 0; i < 36; i++) {
        uint32_t reg = observe[i];
        bool same;
        if (reg >= IR_REG_VGPR0)
          same = memcmp(a->vgpr[reg - IR_REG_VGPR0], b->vgpr[reg - IR_REG_VGPR0],
                        sizeof a->vgpr[0]) == 0;
        else if (reg >= IR_REG_SGPR0)
          same = a->sgpr[reg - IR_REG_SGPR0] == b->sgpr[reg - IR_REG_SGPR0];
        else
          same = a->scc == b->scc && a->vcc == b->vcc && a->exec == b->exec && a->m0 == b->m0;
        if (!same) {
          char name[16];
          fprintf(stderr, "passes changed the result in %s\n", ir_reg_name(reg, name, sizeof name));
          abort();
        }
      }
    }
    free(a);
    free(b);
    ir_function_destroy(raw);
    ir_function_destroy(fn);
  } else if (!err.msg[0]) {
    abort(); /* a failure always says why */
  }
  check_rounds();
  free(words);
  return 0;
}
