/* The per-opcode descriptors the translator computes once from mnemonics, pinned for every
 * opcode of the ISA tables: the IR form of each MIMG opcode outside the XL_OPS table
 * (sample/gather4 modifier sets, _pck, msaa_load, gather4h), the control flow and constant
 * tracker kind of every scalar opcode, and which SMEM opcodes leave their data registers
 * alone. The expectations are written out by name here, so a mistake in the name tables or
 * the caches (a wrong flag, a collision between families sharing an opcode value) fails. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "gpu/shader/translate/translate_ext.h"

/* ---- MIMG forms ------------------------------------------------------------------------- */

#define SAMPLE IR_OP_image_sample
#define GATHER IR_OP_image_gather
#define LOAD IR_OP_image_load
#define STORE IR_OP_image_store
#define C IR_IMAGE_COMPARE
#define D IR_IMAGE_DERIV
#define CD (IR_IMAGE_DERIV | IR_IMAGE_COARSE)
#define CL IR_IMAGE_CLAMP
#define L IR_IMAGE_LOD
#define B IR_IMAGE_BIAS
#define LZ IR_IMAGE_LOD_ZERO
#define O IR_IMAGE_OFFSET
#define G16 XL_IMAGE_G16
#define PCK IR_IMAGE_PACKED
#define SGN IR_IMAGE_SIGNED
#define ROW IR_IMAGE_ROW
#define FRAG IR_IMAGE_FRAGMENTS

/* Every MIMG opcode with a form, flags in the order of the name's suffixes; the opcodes
 * not listed (plain load/store/_mip, get_resinfo, get_lod, atomics) have none (their
 * XL_OPS rows translate them). */
static const struct {
  const char *name;
  enum ir_op op;
  uint64_t detail;
} image_forms[] = {
    {"image_load_pck", LOAD, PCK},
    {"image_load_pck_sgn", LOAD, PCK | SGN},
    {"image_load_mip_pck", LOAD, L | PCK},
    {"image_load_mip_pck_sgn", LOAD, L | PCK | SGN},
    {"image_store_pck", STORE, PCK},
    {"image_store_mip_pck", STORE, L | PCK},
    {"image_sample", SAMPLE, 0},
    {"image_sample_cl", SAMPLE, CL},
    {"image_sample_d", SAMPLE, D},
    {"image_sample_d_cl", SAMPLE, D | CL},
    {"image_sample_l", SAMPLE, L},
    {"image_sample_b", SAMPLE, B},
    {"image_sample_b_cl", SAMPLE, B | CL},
    {"image_sample_lz", SAMPLE, LZ},
    {"image_sample_c", SAMPLE, C},
    {"image_sample_c_cl", SAMPLE, C | CL},
    {"image_sample_c_d", SAMPLE, C | D},
    {"image_sample_c_d_cl", SAMPLE, C | D | CL},
    {"image_sample_c_l", SAMPLE, C | L},
    {"image_sample_c_b", SAMPLE, C | B},
    {"image_sample_c_b_cl", SAMPLE, C | B | CL},
    {"image_sample_c_lz", SAMPLE, C | LZ},
    {"image_sample_o", SAMPLE, O},
    {"image_sample_cl_o", SAMPLE, CL | O},
    {"image_sample_d_o", SAMPLE, D | O},
    {"image_sample_d_cl_o", SAMPLE, D | CL | O},
    {"image_sample_l_o", SAMPLE, L | O},
    {"image_sample_b_o", SAMPLE, B | O},
    {"image_sample_b_cl_o", SAMPLE, B | CL | O},
    {"image_sample_lz_o", SAMPLE, LZ | O},
    {"image_sample_c_o", SAMPLE, C | O},
    {"image_sample_c_cl_o", SAMPLE, C | CL | O},
    {"image_sample_c_d_o", SAMPLE, C | D | O},
    {"image_sample_c_d_cl_o", SAMPLE, C | D | CL | O},
    {"image_sample_c_l_o", SAMPLE, C | L | O},
    {"image_sample_c_b_o", SAMPLE, C | B | O},
    {"image_sample_c_b_cl_o", SAMPLE, C | B | CL | O},
    {"image_sample_c_lz_o", SAMPLE, C | LZ | O},
    {"image_gather4", GATHER, 0},
    {"image_gather4_cl", GATHER, CL},
    {"image_gather4_l", GATHER, L},
    {"image_gather4_b", GATHER, B},
    {"image_gather4_b_cl", GATHER, B | CL},
    {"image_gather4_lz", GATHER, LZ},
    {"image_gather4_c", GATHER, C},
    {"image_gather4_c_cl", GATHER, C | CL},
    {"image_gather4_c_l", GATHER, C | L},
    {"image_gather4_c_b", GATHER, C | B},
    {"image_gather4_c_b_cl", GATHER, C | B | CL},
    {"image_gather4_c_lz", GATHER, C | LZ},
    {"image_gather4_o", GATHER, O},
    {"image_gather4_cl_o", GATHER, CL | O},
    {"image_gather4_l_o", GATHER, L | O},
    {"image_gather4_b_o", GATHER, B | O},
    {"image_gather4_b_cl_o", GATHER, B | CL | O},
    {"image_gather4_lz_o", GATHER, LZ | O},
    {"image_gather4_c_o", GATHER, C | O},
    {"image_gather4_c_cl_o", GATHER, C | CL | O},
    {"image_gather4_c_l_o", GATHER, C | L | O},
    {"image_gather4_c_b_o", GATHER, C | B | O},
    {"image_gather4_c_b_cl_o", GATHER, C | B | CL | O},
    {"image_gather4_c_lz_o", GATHER, C | LZ | O},
    {"image_gather4h", GATHER, ROW},
    {"image_sample_cd", SAMPLE, CD},
    {"image_sample_cd_cl", SAMPLE, CD | CL},
    {"image_sample_c_cd", SAMPLE, C | CD},
    {"image_sample_c_cd_cl", SAMPLE, C | CD | CL},
    {"image_sample_cd_o", SAMPLE, CD | O},
    {"image_sample_cd_cl_o", SAMPLE, CD | CL | O},
    {"image_sample_c_cd_o", SAMPLE, C | CD | O},
    {"image_sample_c_cd_cl_o", SAMPLE, C | CD | CL | O},
    {"image_msaa_load", LOAD, FRAG},
    {"image_sample_d_g16", SAMPLE, D | G16},
    {"image_sample_d_cl_g16", SAMPLE, D | CL | G16},
    {"image_sample_c_d_g16", SAMPLE, C | D | G16},
    {"image_sample_c_d_cl_g16", SAMPLE, C | D | CL | G16},
    {"image_sample_d_o_g16", SAMPLE, D | O | G16},
    {"image_sample_d_cl_o_g16", SAMPLE, D | CL | O | G16},
    {"image_sample_c_d_o_g16", SAMPLE, C | D | O | G16},
    {"image_sample_c_d_cl_o_g16", SAMPLE, C | D | CL | O | G16},
    {"image_sample_cd_g16", SAMPLE, CD | G16},
    {"image_sample_cd_cl_g16", SAMPLE, CD | CL | G16},
    {"image_sample_c_cd_g16", SAMPLE, C | CD | G16},
    {"image_sample_c_cd_cl_g16", SAMPLE, C | CD | CL | G16},
    {"image_sample_cd_o_g16", SAMPLE, CD | O | G16},
    {"image_sample_cd_cl_o_g16", SAMPLE, CD | CL | O | G16},
    {"image_sample_c_cd_o_g16", SAMPLE, C | CD | O | G16},
    {"image_sample_c_cd_cl_o_g16", SAMPLE, C | CD | CL | O | G16},
};

struct op_row {
  unsigned op;
  const char *name;
};

static const struct op_row mimg_ops[] = {
#define X(op, name, ...) {op, name},
#include "gpu/shader/isa/ops_mimg.def"
#undef X
};

/* A decoded-instruction stand-in: what the descriptors read (family, opcode, metadata). */
static struct isa_inst inst_of(enum isa_family family, unsigned op) {
  struct isa_inst in;
  memset(&in, 0, sizeof in);
  in.family = (uint8_t)family;
  in.op = (uint16_t)op;
  in.info = isa_opcode_lookup(family, op);
  assert_non_null(in.info);
  return in;
}

static void every_mimg_opcode_form(void **state) {
  (void)state;
  size_t n_forms = sizeof image_forms / sizeof *image_forms, seen = 0;
  for (int pass = 0; pass < 2; pass++) { /* the first fills the cache, the second reads it */
    for (size_t r = 0; r < sizeof mimg_ops / sizeof *mimg_ops; r++) {
      struct isa_inst in = inst_of(ISA_FAMILY_MIMG, mimg_ops[r].op);
      size_t k = 0;
      while (k < n_forms && strcmp(image_forms[k].name, mimg_ops[r].name) != 0) k++;
      enum ir_op op = IR_OP_COUNT;
      uint64_t detail = ~0ull;
      bool has = xl_image_form_of(&in, &op, &detail);
      bool listed = k < n_forms;
      bool same = listed && op == image_forms[k].op && detail == image_forms[k].detail;
      if (has != listed || (has && !same))
        fail_msg("%s (0x%x, pass %d): form %d op %d detail 0x%llx", mimg_ops[r].name,
                 mimg_ops[r].op, pass, has, (int)op, (unsigned long long)detail);
      seen += k < n_forms;
    }
  }
  /* every listed form is an opcode of the table */
  assert_int_equal(seen, 2 * n_forms);
}

/* Another family's opcode with a MIMG opcode's value never reads the image cache. */
static void image_form_only_for_mimg(void **state) {
  (void)state;
  enum ir_op op;
  uint64_t detail;
  struct isa_inst mimg = inst_of(ISA_FAMILY_MIMG, 0x20), sop1 = inst_of(ISA_FAMILY_SOP1, 0x20);
  assert_true(xl_image_form_of(&mimg, &op, &detail)); /* image_sample, now cached */
  assert_false(xl_image_form_of(&sop1, &op, &detail));
  assert_true(xl_image_form_of(&mimg, &op, &detail));
  assert_int_equal(op, IR_OP_image_sample);
}

/* ---- scalar control flow and the constant tracker --------------------------------------- */

static const struct {
  enum isa_family family;
  const char *name;
  enum xl_flow flow;
  enum xl_track track;
} scalar_classes[] = {
    {ISA_FAMILY_SOPP, "s_branch", XL_FLOW_JUMP, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_cbranch_scc0", XL_FLOW_SCC0, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_cbranch_scc1", XL_FLOW_SCC1, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_cbranch_vccz", XL_FLOW_VCCZ, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_cbranch_vccnz", XL_FLOW_VCCNZ, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_cbranch_execz", XL_FLOW_EXECZ, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_cbranch_execnz", XL_FLOW_EXECNZ, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_endpgm", XL_FLOW_END, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_endpgm_saved", XL_FLOW_END, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_endpgm_ordered_ps_done", XL_FLOW_END, XL_TRACK_OTHER},
    {ISA_FAMILY_SOPP, "s_code_end", XL_FLOW_END, XL_TRACK_OTHER},
    /* s_cbranch_cdbg* fall through: they never fire without a debugger */
    {ISA_FAMILY_SOP1, "s_setpc_b64", XL_FLOW_SETPC, XL_TRACK_OTHER},
    {ISA_FAMILY_SOP1, "s_swappc_b64", XL_FLOW_SWAPPC, XL_TRACK_OTHER},
    {ISA_FAMILY_SOP1, "s_getpc_b64", XL_FLOW_NONE, XL_TRACK_GETPC},
    {ISA_FAMILY_SOP1, "s_mov_b32", XL_FLOW_NONE, XL_TRACK_MOV},
    {ISA_FAMILY_SOPK, "s_call_b64", XL_FLOW_CALL, XL_TRACK_OTHER},
    {ISA_FAMILY_SOP2, "s_add_u32", XL_FLOW_NONE, XL_TRACK_ADD},
    {ISA_FAMILY_SOP2, "s_addc_u32", XL_FLOW_NONE, XL_TRACK_ADDC},
    {ISA_FAMILY_SOP2, "s_sub_u32", XL_FLOW_NONE, XL_TRACK_SUB},
};

static const struct op_row sopp_ops[] = {
#define X(op, name, ...) {op, name},
#include "gpu/shader/isa/ops_sopp.def"
};
static const struct op_row sop1_ops[] = {
#include "gpu/shader/isa/ops_sop1.def"
};
static const struct op_row sopk_ops[] = {
#include "gpu/shader/isa/ops_sopk.def"
};
static const struct op_row sop2_ops[] = {
#include "gpu/shader/isa/ops_sop2.def"
};
static const struct op_row sopc_ops[] = {
#include "gpu/shader/isa/ops_sopc.def"
};
static const struct op_row smem_ops[] = {
#include "gpu/shader/isa/ops_smem.def"
#undef X
};

static void check_scalar_family(enum isa_family family, const struct op_row *rows, size_t n,
                                size_t *seen) {
  size_t n_classes = sizeof scalar_classes / sizeof *scalar_classes;
  for (int pass = 0; pass < 2; pass++) {
    for (size_t r = 0; r < n; r++) {
      struct isa_inst in = inst_of(family, rows[r].op);
      size_t k = 0;
      while (k < n_classes && (scalar_classes[k].family != family ||
                               strcmp(scalar_classes[k].name, rows[r].name) != 0))
        k++;
      enum xl_flow flow = k < n_classes ? scalar_classes[k].flow : XL_FLOW_NONE;
      enum xl_track track = k < n_classes ? scalar_classes[k].track : XL_TRACK_OTHER;
      if (xl_flow_of(&in) != flow || xl_track_of(&in) != track)
        fail_msg("%s (0x%x, pass %d): flow %d track %d, expected %d %d", rows[r].name, rows[r].op,
                 pass, (int)xl_flow_of(&in), (int)xl_track_of(&in), (int)flow, (int)track);
      *seen += k < n_classes;
    }
  }
}

static void every_scalar_opcode_flow(void **state) {
  (void)state;
  size_t seen = 0;
#define FAMILY(f, rows) check_scalar_family(f, rows, sizeof rows / sizeof *rows, &seen)
  FAMILY(ISA_FAMILY_SOPP, sopp_ops);
  FAMILY(ISA_FAMILY_SOP1, sop1_ops);
  FAMILY(ISA_FAMILY_SOPK, sopk_ops);
  FAMILY(ISA_FAMILY_SOP2, sop2_ops);
  FAMILY(ISA_FAMILY_SOPC, sopc_ops);
#undef FAMILY
  assert_int_equal(seen, 2 * sizeof scalar_classes / sizeof *scalar_classes);
  /* vector and memory families have neither, whatever their opcode value */
  struct isa_inst v = inst_of(ISA_FAMILY_VOP1, 1), m = inst_of(ISA_FAMILY_MIMG, 2);
  assert_int_equal(xl_flow_of(&v), XL_FLOW_NONE);
  assert_int_equal(xl_track_of(&m), XL_TRACK_OTHER);
}

/* The SMEM opcodes that only read their data registers: the stores. */
static void smem_data_registers(void **state) {
  (void)state;
  static const char *const stores[] = {
      "s_store_dword",         "s_store_dwordx2",         "s_store_dwordx4",
      "s_scratch_store_dword", "s_scratch_store_dwordx2", "s_scratch_store_dwordx4",
      "s_buffer_store_dword",  "s_buffer_store_dwordx2",  "s_buffer_store_dwordx4",
  };
  size_t seen = 0;
  for (size_t r = 0; r < sizeof smem_ops / sizeof *smem_ops; r++) {
    struct isa_inst in = inst_of(ISA_FAMILY_SMEM, smem_ops[r].op);
    bool store = false;
    for (size_t k = 0; k < sizeof stores / sizeof *stores; k++)
      store |= strcmp(stores[k], smem_ops[r].name) == 0;
    if (xl_smem_keeps_sdata(&in) != store)
      fail_msg("%s: keeps its data registers: %d", smem_ops[r].name, !store);
    seen += store;
  }
  assert_int_equal(seen, sizeof stores / sizeof *stores);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(every_mimg_opcode_form),
      cmocka_unit_test(image_form_only_for_mimg),
      cmocka_unit_test(every_scalar_opcode_flow),
      cmocka_unit_test(smem_data_registers),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
