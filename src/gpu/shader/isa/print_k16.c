/* Symbolic 16-bit immediates of SOPP/SOPK instructions: s_waitcnt counters, s_sendmsg
 * messages, s_getreg/s_setreg hardware registers, s_waitcnt_depctr fields, s_version. The
 * field layouts and names are GFX10 facts (RDNA ISA guide); the printing rules follow what
 * llvm-mc-19 prints for gfx1013. */
#include <stdio.h>

#include "gpu/shader/isa/isa_internal.h"
#include "gpu/shader/isa/print_internal.h"

/* s_waitcnt: vmcnt 3:0 + 15:14, expcnt 6:4, lgkmcnt 13:8. Counters at their maximum are
 * left out unless all are. */
void isa_print_waitcnt(struct isa_out *o, unsigned v) {
  unsigned vm = (v & 0xF) | ((v >> 14) & 3) << 4, exp = (v >> 4) & 7, lgkm = (v >> 8) & 0x3F;
  bool all = vm == 63 && exp == 7 && lgkm == 63;
  const char *sep = "";
  if (vm != 63 || all) { isa_put(o, "vmcnt(%u)", vm); sep = " "; }
  if (exp != 7 || all) { isa_put(o, "%sexpcnt(%u)", sep, exp); sep = " "; }
  if (lgkm != 63 || all) isa_put(o, "%slgkmcnt(%u)", sep, lgkm);
}

/* s_sendmsg: message id 3:0, operation 6:4, GS stream 9:8. */
#define SENDMSG_IDS(X)                     \
  X(1, "MSG_INTERRUPT", 0)                 \
  X(2, "MSG_GS", 1)                        \
  X(3, "MSG_GS_DONE", 1)                   \
  X(4, "MSG_SAVEWAVE", 0)                  \
  X(5, "MSG_STALL_WAVE_GEN", 0)            \
  X(6, "MSG_HALT_WAVES", 0)                \
  X(7, "MSG_ORDERED_PS_DONE", 0)           \
  X(8, "MSG_EARLY_PRIM_DEALLOC", 0)        \
  X(9, "MSG_GS_ALLOC_REQ", 0)              \
  X(10, "MSG_GET_DOORBELL", 0)             \
  X(11, "MSG_GET_DDID", 0)                 \
  X(15, "MSG_SYSMSG", 1)

static const char *const gs_ops[4] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
static const char *const sys_ops[5] = {NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                       NULL, "SYSMSG_OP_TTRACE_PC"};

void isa_print_sendmsg(struct isa_out *o, unsigned v) {
  unsigned id = v & 0xF, op = (v >> 4) & 7, stream = (v >> 8) & 3;
  const char *name = NULL;
  bool needs_op = false;
  switch (id) {
#define C_(i, n, r) case i: name = n; needs_op = r; break;
    SENDMSG_IDS(C_)
#undef C_
  }
  const char *opname = NULL;
  bool valid = name != NULL, with_stream = false;
  if (valid && needs_op) {
    if (id == 2 || id == 3) { /* GS, GS_DONE: NOP only for GS_DONE; stream with a real op */
      valid = op <= 3 && (op != 0 || id == 3);
      opname = valid ? gs_ops[op] : NULL;
      with_stream = op != 0;
      if (op == 0 && stream) valid = false;
    } else { /* SYSMSG */
      valid = op < 5 && sys_ops[op];
      opname = valid ? sys_ops[op] : NULL;
      if (stream) valid = false;
    }
  } else if (valid) {
    valid = op == 0 && stream == 0;
  }
  if (valid) {
    isa_put(o, "sendmsg(%s", name);
    if (opname) isa_put(o, ", %s", opname);
    if (with_stream) isa_put(o, ", %u", stream);
    isa_put(o, ")");
  } else if ((id | op << 4 | stream << 8) == v) {
    isa_put(o, "sendmsg(%u, %u, %u)", id, op, stream);
  } else {
    isa_put(o, "%u", v);
  }
}

/* s_getreg/s_setreg: hwreg(id 5:0, offset 10:6, size-1 15:11). */
static const char *hwreg_name(unsigned id) {
  static const struct { unsigned id; const char *name; } names[] = {
      {1, "HW_REG_MODE"},         {2, "HW_REG_STATUS"},        {3, "HW_REG_TRAPSTS"},
      {5, "HW_REG_GPR_ALLOC"},    {6, "HW_REG_LDS_ALLOC"},     {7, "HW_REG_IB_STS"},
      {15, "HW_REG_SH_MEM_BASES"}, {16, "HW_REG_TBA_LO"},      {17, "HW_REG_TBA_HI"},
      {18, "HW_REG_TMA_LO"},      {19, "HW_REG_TMA_HI"},       {20, "HW_REG_FLAT_SCR_LO"},
      {21, "HW_REG_FLAT_SCR_HI"}, {22, "HW_REG_XNACK_MASK"},   {23, "HW_REG_HW_ID1"},
      {24, "HW_REG_HW_ID2"},      {25, "HW_REG_POPS_PACKER"},
  };
  for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
    if (names[i].id == id) return names[i].name;
  return NULL;
}

void isa_print_hwreg(struct isa_out *o, unsigned v) {
  unsigned id = v & 0x3F, off = (v >> 6) & 0x1F, size = ((v >> 11) & 0x1F) + 1;
  const char *n = hwreg_name(id);
  isa_put(o, "hwreg(");
  if (n) isa_put(o, "%s", n); else isa_put(o, "%u", id);
  if (off != 0 || size != 32) isa_put(o, ", %u, %u", off, size);
  isa_put(o, ")");
}

/* s_waitcnt_depctr fields in print order: name, shift, bits (default = all ones). */
static const struct { const char *name; unsigned shift, bits; } depctr_fields[] = {
    {"depctr_sa_sdst", 0, 1},  {"depctr_va_vdst", 12, 4}, {"depctr_va_sdst", 9, 3},
    {"depctr_va_ssrc", 8, 1},  {"depctr_va_vcc", 1, 1},   {"depctr_vm_vsrc", 2, 3},
};

void isa_print_depctr(struct isa_out *o, unsigned v) {
  if (v & 0xE0) { /* bits 7:5 belong to no field */
    isa_put(o, "0x%x", v);
    return;
  }
  unsigned n = sizeof(depctr_fields) / sizeof(depctr_fields[0]);
  bool nondefault = false;
  for (unsigned i = 0; i < n; i++) {
    unsigned mask = (1u << depctr_fields[i].bits) - 1;
    if (((v >> depctr_fields[i].shift) & mask) != mask) nondefault = true;
  }
  const char *sep = "";
  for (unsigned i = 0; i < n; i++) {
    unsigned mask = (1u << depctr_fields[i].bits) - 1;
    unsigned f = (v >> depctr_fields[i].shift) & mask;
    if (f == mask && nondefault) continue;
    isa_put(o, "%s%s(%u)", sep, depctr_fields[i].name, f);
    sep = " ";
  }
}

/* s_version: version 7:0 (named GFX generations), flags W64 13, W32 14, MDP 15. */
void isa_print_version(struct isa_out *o, unsigned v) {
  if (v & 0x1F00) {
    isa_put(o, "0x%x", v);
    return;
  }
  static const char *const flags[3] = {"UC_VERSION_W64_BIT", "UC_VERSION_W32_BIT",
                                       "UC_VERSION_MDP_BIT"};
  unsigned nflags = 0;
  for (unsigned i = 0; i < 3; i++) nflags += (v >> (13 + i)) & 1;
  for (unsigned i = 1; i < nflags; i++) isa_put(o, "(");
  unsigned ver = v & 0xFF;
  const char *name = ver == 0 ? "UC_VERSION_GFX7" : ver == 4 ? "UC_VERSION_GFX10"
                   : ver == 6 ? "UC_VERSION_GFX11" : ver == 9 ? "UC_VERSION_GFX12" : NULL;
  if (name) isa_put(o, "%s", name); else isa_put(o, "%u", ver);
  unsigned done = 0;
  for (unsigned i = 0; i < 3; i++) {
    if (!((v >> (13 + i)) & 1)) continue;
    isa_put(o, "|%s", flags[i]);
    if (++done < nflags) isa_put(o, ")");
  }
}
