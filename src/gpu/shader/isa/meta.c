/* Opcode metadata derived from the tables: control flow, implicit SCC/VCC/EXEC effects,
 * operand types. Pure functions of a mnemonic and an operand, called by the descriptor
 * builder (tables.c) only. Rules are by mnemonic pattern (each line one fact of the RDNA ISA) so that
 * adding an opcode to a table gives it its metadata. Memory effects are a column of the
 * tables (written by gen/gen_tables.py, set by tables.c), not rules here. */
#include <string.h>

#include "gpu/shader/isa/isa_internal.h"

/* X(prefix, flags): every mnemonic starting with prefix gets flags (all matches apply).
 * The memory column adds its flags on top (BARRIER of s_dcache_* and s_gl1_inv among them). */
#define ISA_FLAG_RULES(X)                                                                  \
  X("s_branch", ISA_F_BRANCH | ISA_F_TERMINATOR)                                            \
  X("s_cbranch_scc", ISA_F_BRANCH | ISA_F_CONDITIONAL | ISA_F_TERMINATOR | ISA_F_READS_SCC) \
  X("s_cbranch_vcc", ISA_F_BRANCH | ISA_F_CONDITIONAL | ISA_F_TERMINATOR | ISA_F_READS_VCC) \
  X("s_cbranch_exec", ISA_F_BRANCH | ISA_F_CONDITIONAL | ISA_F_TERMINATOR)                 \
  X("s_cbranch_cdbg", ISA_F_BRANCH | ISA_F_CONDITIONAL | ISA_F_TERMINATOR)                 \
  X("s_endpgm", ISA_F_ENDPGM | ISA_F_TERMINATOR)                                            \
  X("s_code_end", ISA_F_TERMINATOR | ISA_F_SIDE_EFFECTS)                                   \
  X("s_setpc_b64", ISA_F_INDIRECT | ISA_F_TERMINATOR)                                       \
  X("s_swappc_b64", ISA_F_INDIRECT | ISA_F_CALL)                                            \
  X("s_call_b64", ISA_F_BRANCH | ISA_F_CALL)                                                \
  X("s_rfe_b64", ISA_F_INDIRECT | ISA_F_TERMINATOR)                                         \
  X("s_subvector_loop", ISA_F_BRANCH | ISA_F_CONDITIONAL | ISA_F_TERMINATOR)                \
  X("s_waitcnt", ISA_F_BARRIER)                                                              \
  X("s_barrier", ISA_F_BARRIER)                                                              \
  X("s_wait_idle", ISA_F_BARRIER)                                                            \
  X("s_icache_inv", ISA_F_BARRIER)                                                           \
  X("buffer_gl", ISA_F_BARRIER)                                                              \
  X("s_sendmsg", ISA_F_SIDE_EFFECTS)                                                         \
  X("s_trap", ISA_F_SIDE_EFFECTS)                                                            \
  X("s_sethalt", ISA_F_SIDE_EFFECTS)                                                         \
  X("s_setkill", ISA_F_SIDE_EFFECTS)                                                         \
  X("s_sleep", ISA_F_SIDE_EFFECTS)                                                           \
  X("s_setprio", ISA_F_SIDE_EFFECTS)                                                         \
  X("s_setreg", ISA_F_SIDE_EFFECTS)                                                          \
  X("s_round_mode", ISA_F_SIDE_EFFECTS)                                                      \
  X("s_denorm_mode", ISA_F_SIDE_EFFECTS)                                                     \
  X("s_ttrace", ISA_F_SIDE_EFFECTS)                                                          \
  X("s_incperflevel", ISA_F_SIDE_EFFECTS)                                                    \
  X("s_decperflevel", ISA_F_SIDE_EFFECTS)                                                    \
  X("s_cselect", ISA_F_READS_SCC)                                                            \
  X("s_cmov", ISA_F_READS_SCC)                                                               \
  X("s_addc", ISA_F_READS_SCC | ISA_F_WRITES_SCC)                                           \
  X("s_subb", ISA_F_READS_SCC | ISA_F_WRITES_SCC)                                           \
  X("s_cmp", ISA_F_WRITES_SCC)                                                               \
  X("s_bitcmp", ISA_F_WRITES_SCC)                                                            \
  X("s_add", ISA_F_WRITES_SCC)                                                               \
  X("s_sub", ISA_F_WRITES_SCC)                                                               \
  X("s_min", ISA_F_WRITES_SCC)                                                               \
  X("s_max", ISA_F_WRITES_SCC)                                                               \
  X("s_and", ISA_F_WRITES_SCC)                                                               \
  X("s_or", ISA_F_WRITES_SCC)                                                                \
  X("s_xor", ISA_F_WRITES_SCC)                                                               \
  X("s_nand", ISA_F_WRITES_SCC)                                                              \
  X("s_nor", ISA_F_WRITES_SCC)                                                               \
  X("s_xnor", ISA_F_WRITES_SCC)                                                              \
  X("s_lshl", ISA_F_WRITES_SCC)                                                              \
  X("s_lshr", ISA_F_WRITES_SCC)                                                              \
  X("s_ashr", ISA_F_WRITES_SCC)                                                              \
  X("s_bfe", ISA_F_WRITES_SCC)                                                               \
  X("s_absdiff", ISA_F_WRITES_SCC)                                                           \
  X("s_abs_", ISA_F_WRITES_SCC)                                                              \
  X("s_not", ISA_F_WRITES_SCC)                                                               \
  X("s_wqm", ISA_F_WRITES_SCC)                                                               \
  X("s_bcnt", ISA_F_WRITES_SCC)                                                              \
  X("s_quadmask", ISA_F_WRITES_SCC)                                                          \
  X("s_mulk", 0)                                                                             \
  X("s_addk", ISA_F_WRITES_SCC)                                                              \
  X("v_cmpx_", ISA_F_WRITES_EXEC | ISA_F_VECTOR)                                            \
  X("v_cndmask_b32_e32", ISA_F_READS_VCC)                                                    \
  X("v_cndmask_b32_dpp", ISA_F_READS_VCC)                                                    \
  X("v_cndmask_b32_sdwa", ISA_F_READS_VCC)                                                   \
  X("v_div_fmas", ISA_F_READS_VCC)                                                           \
  X("v_readfirstlane", ISA_F_VECTOR)                                                         \
  X("v_", ISA_F_VECTOR)

static bool has_prefix(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

static bool contains(const char *s, const char *p) { return strstr(s, p) != NULL; }

uint32_t isa_meta_flags(const char *name) {
  uint32_t f = 0;
#define R_(p, fl) if (has_prefix(name, p)) f |= (fl);
  ISA_FLAG_RULES(R_)
#undef R_
  /* mnemonic-wide facts */
  if (contains(name, "saveexec") || contains(name, "wrexec")) f |= ISA_F_WRITES_EXEC;
  if (has_prefix(name, "s_bfm") || has_prefix(name, "s_mul_") || has_prefix(name, "s_pack"))
    f &= ~(uint32_t)ISA_F_WRITES_SCC;
  if (has_prefix(name, "s_andn") || has_prefix(name, "s_orn")) f |= ISA_F_WRITES_SCC;
  if (has_prefix(name, "v_") && (contains(name, "_f16") || contains(name, "_f32") ||
                                 contains(name, "_f64") || contains(name, "_legacy")))
    f |= ISA_F_FLOAT;
  if (has_prefix(name, "v_cmp_") && (contains(name, "_e32") || contains(name, "_sdwa")))
    f |= ISA_F_WRITES_VCC;
  if (contains(name, "_co_ci_") && !contains(name, "_e64"))
    f |= ISA_F_READS_VCC | ISA_F_WRITES_VCC;
  return f;
}

uint8_t isa_meta_type(const struct isa_opnd_desc *o, const char *name) {
  if (o->field == ISA_FIELD_VCC || o->width == 0) return ISA_TYPE_MASK;
  if (o->field == ISA_FIELD_K16) return ISA_TYPE_B16;
  bool fp = contains(name, "_f");
  switch (o->width) {
    case 1:
      if (o->cls == ISA_CLS_F16) return ISA_TYPE_F16;
      if (o->cls == ISA_CLS_I16) return ISA_TYPE_I16;
      if (o->cls == ISA_CLS_V2F16) return ISA_TYPE_V2F16;
      return fp && contains(name, "f32") ? ISA_TYPE_F32 : ISA_TYPE_B32;
    case 2: return o->cls == ISA_CLS_F64 || contains(name, "f64") ? ISA_TYPE_F64 : ISA_TYPE_B64;
    case 3: return ISA_TYPE_B96;
    case 4: return ISA_TYPE_B128;
    case 5: return ISA_TYPE_B160;
    case 8: return ISA_TYPE_B256;
    default: return ISA_TYPE_B512;
  }
}
