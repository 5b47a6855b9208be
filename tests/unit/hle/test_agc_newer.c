/* libSceAgc's exports of newer builds and NID-only exports (src/hle/libSceAgc/agc_newer*.c).
 * The expected dwords are written out by hand from OpenAGC's record of the SPRX bodies
 * (docs/agc.md "Newer-build exports") and the GFX10 PM4 headers (type 3: 0xC0000000 | count
 * << 16 | opcode << 8, count = body dwords - 1): SET_UCONFIG_REG_INDEX 0x7A, INDIRECT_BUFFER
 * 0x3F, COND_EXEC 0x22, RELEASE_MEM 0x49, ATOMIC_MEM 0x1E, CONTEXT_CONTROL 0x28, CLEAR_STATE
 * 0x12, LOAD_CONTEXT_REG_INDEX 0x9F. The interpolant values are worked out by hand below from
 * the recorded transform, field by field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hle/libSceAgc/agc.h"

#include "agc_cb_expect.h"

#define INVALID_PACKET ((int)0x8A6C000Cu)

/* ---- sceAgcGetGsPrimPayload ---- */

static void test_gs_prim_payload(void **state) {
  (void)state;
  struct agc_shader_register cx[3] = {{0x1C3, 2}, {0x1C2, 0x12}, {0x1C2, 1}};
  struct agc_shader gs = {.cx_registers = cx, .num_cx_registers = 3};
  uint32_t out = 0xDEADu;
  assert_int_equal(agc_get_gs_prim_payload(&out, &gs), 0);
  assert_int_equal(out, 8); /* 0x1C2's low nibble is 2 (0x1C3 is not looked at) */
  cx[1].value = 0x21;       /* low nibble 1 */
  out = 0xDEADu;
  assert_int_equal(agc_get_gs_prim_payload(&out, &gs), 0);
  assert_int_equal(out, 0);
  cx[1].value = 1; /* the first 0x1C2 decides, the second (2) is not read */
  cx[2].value = 2;
  assert_int_equal(agc_get_gs_prim_payload(&out, &gs), 0);
  assert_int_equal(out, 0);
  gs.num_cx_registers = 1; /* no 0x1C2 at all */
  out = 0xDEADu;
  assert_int_equal(agc_get_gs_prim_payload(&out, &gs), 0);
  assert_int_equal(out, 0);

  /* no context registers: 0 without reading the list */
  struct agc_shader none = {.cx_registers = NULL, .num_cx_registers = 0};
  out = 0xDEADu;
  assert_int_equal(agc_get_gs_prim_payload(&out, &none), 0);
  assert_int_equal(out, 0);
  none.num_cx_registers = 2;
  assert_int_equal(agc_get_gs_prim_payload(&out, &none), AGC_ERROR_INVALID_ARGUMENT);
  assert_int_equal(agc_get_gs_prim_payload(NULL, &gs), AGC_ERROR_INVALID_ARGUMENT);
  assert_int_equal(agc_get_gs_prim_payload(&out, NULL), AGC_ERROR_INVALID_ARGUMENT);
}

/* ---- -KRzWekV120 ---- */

static void test_index_size_ex(void **state) {
  (void)state;
  /* 32-bit indices (1), cache policy 2 (7:6), bit 14 set, bit 10 always */
  EXPECT(agc_dcb_set_index_size_ex(&cb, 1, 2, 1), 0xC0017A00u, 0x20000243u, 0x00004481u);
}

static void test_index_size_ex_masks(void **state) {
  (void)state;
  /* only two bits of the type and the policy, one of the fourth argument */
  EXPECT(agc_dcb_set_index_size_ex(&cb, 6, 5, 2), 0xC0017A00u, 0x20000243u, 0x00000442u);
}

static void test_index_size_ex_full(void **state) {
  (void)state;
  cb.top = cb.cursor_down = buf + 2; /* two dwords free */
  assert_null(agc_dcb_set_index_size_ex(&cb, 0, 0, 0));
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(buf[0], FILL);
}

/* ---- the INDIRECT_BUFFER field patchers ---- */

static void test_ib_patch_then_else(void **state) {
  (void)state;
  uint32_t p[14];
  for (int i = 0; i < 14; i++) p[i] = 0xFFFFFFFFu;
  p[0] = 0xC00C3F00u; /* COND_INDIRECT_BUFFER */
  assert_int_equal(agc_ib_patch_fields_at8(p, 1, 0xAABBCCDD11223344ull, 0x12345), 0);
  assert_int_equal(p[8], 0x11223347u);  /* bits 1:0 kept (11) */
  assert_int_equal(p[9], 0xAABBCCDDu);  /* all 32 high bits */
  assert_int_equal(p[10], 0xDFF12345u); /* 31:30, 27:20 kept; policy 1 in 29:28 */
  for (int i = 1; i < 8; i++) assert_int_equal(p[i], 0xFFFFFFFFu);
  for (int i = 11; i < 14; i++) assert_int_equal(p[i], 0xFFFFFFFFu);

  uint32_t q[14] = {0xC00C3F00u};
  assert_int_equal(agc_ib_patch_fields_at11(q, 7, 0x100000007ull, 0x1FFFFF), 0);
  assert_int_equal(q[11], 4u);          /* address bits 1:0 dropped, the old ones (0) kept */
  assert_int_equal(q[12], 1u);          /* high half */
  assert_int_equal(q[13], 0x300FFFFFu); /* 20 size bits, two policy bits */
  for (int i = 1; i < 11; i++) assert_int_equal(q[i], 0);
}

static void test_ib_patch_jump(void **state) {
  (void)state;
  uint32_t p[4] = {0xC0023F00u, 0x00000002u, 0xFFFF0000u, 0xC0812345u};
  assert_int_equal(agc_ib_patch_fields_at1(p, 2, 0x0000123487654320ull, 0x400), 0);
  assert_int_equal(p[1], 0x87654322u); /* bit 1 kept */
  assert_int_equal(p[2], 0x00001234u);
  assert_int_equal(p[3], 0xE0800400u); /* 31:30 and 27:20 (0x08) kept, policy 2 */
}

static void test_ib_patch_wrong_packet(void **state) {
  (void)state;
  uint32_t n[14] = {0xC0001000u, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}; /* a NOP */
  assert_int_equal(agc_ib_patch_fields_at1(n, 1, 0x1000, 4), INVALID_PACKET);
  assert_int_equal(agc_ib_patch_fields_at8(n, 1, 0x1000, 4), INVALID_PACKET);
  assert_int_equal(agc_ib_patch_fields_at11(n, 1, 0x1000, 4), INVALID_PACKET);
  for (int i = 1; i < 14; i++) assert_int_equal(n[i], 7);
  assert_int_equal(agc_ib_patch_fields_at1(NULL, 1, 0x1000, 4), INVALID_PACKET);
}

/* ---- the FW 11.60 interpolant mappers ---- */

/* Semantics: SEMANTIC (7:0), hardware mapping (12:8), IS_F16 (21:20), flat (22), custom (24),
 * DEFAULT_VALUE (29:28), DEFAULT_VALUE_HI (31:30). */
static const uint32_t gs_out[4] = {
    0x00000305u, /* 5 -> attribute 3, 32-bit */
    0x00100706u, /* 6 -> 7, IS_F16 01 */
    0x00300209u, /* 9 -> 2, IS_F16 11 */
    0x0020040Au, /* 10 -> 4, IS_F16 10 */
};
static const uint32_t ps_in[8] = {
    0x20400005u, /* 5, flat, default 2 */
    0x10000008u, /* 8 (no output), default 1 */
    0x01000005u, /* 5, custom */
    0xC0100006u, /* 6, IS_F16 01, default hi 3 */
    0x00200009u, /* 9, IS_F16 10 */
    0x4070000Au, /* 10, IS_F16 11, flat, default hi 1 */
    0x0010000Bu, /* 11 (no output), IS_F16 01 */
    0x0020000Cu, /* 12 (no output), IS_F16 10 */
};
/* The registers, worked out by hand (OFFSET 5:0, DEFAULT_VAL 9:8, FLAT_SHADE 10,
 * FP16_INTERP_MODE 19, USE_DEFAULT_ATTR1 20, DEFAULT_VAL_ATTR1 22:21, ATTR0_VALID 24,
 * ATTR1_VALID 25). */
static const uint32_t want_cntl[8] = {
    0x00000603u, /* attribute 3, DEFAULT_VAL 2, flat */
    0x00000120u, /* the default (0x20), DEFAULT_VAL 1 */
    0x00000423u, /* custom: bit 5 kept, attribute 3, FLAT_SHADE */
    /* mode 1: ATTR0_VALID, FP16; both have bit 20 (no bit 5), neither bit 21 (USE_DEFAULT_ATTR1);
       defaults from the high value 3 (9:8 and 22:21); attribute 7 */
    0x01780307u,
    0x02080002u, /* mode 2: ATTR1_VALID, FP16, both have bit 21 (no bit 5); attribute 2 */
    /* mode 3: both valid, FP16; the output lacks bit 20 (bit 5), both have 21; defaults 1;
       attribute 4; flat */
    0x03280524u, 0x01180020u, /* mode 1 unmatched: ATTR0_VALID, FP16, bit 5, USE_DEFAULT_ATTR1 */
    0x02080020u,              /* mode 2 unmatched: ATTR1_VALID, FP16, bit 5 */
};

static void shaders(struct agc_shader *gs, struct agc_shader *ps, unsigned inputs) {
  memset(gs, 0, sizeof *gs);
  memset(ps, 0, sizeof *ps);
  gs->output_semantics = (void *)gs_out;
  gs->num_output_semantics = 4;
  ps->input_semantics = (void *)ps_in;
  ps->num_input_semantics = inputs;
}

static void test_interpolants_create(void **state) {
  (void)state;
  struct agc_shader gs, ps;
  shaders(&gs, &ps, 8);
  struct agc_shader_register r[32];
  memset(r, 0xAA, sizeof r);
  assert_int_equal(agc_create_interpolant_mapping_1160(r, &gs, &ps), 0);
  for (unsigned i = 0; i < 32; i++) {
    assert_int_equal(r[i].offset, 0x191 + i); /* SPI_PS_INPUT_CNTL_n, as measured */
    assert_int_equal(r[i].value, i < 8 ? want_cntl[i] : i);
  }
}

static void test_interpolants_update(void **state) {
  (void)state;
  struct agc_shader gs, ps;
  shaders(&gs, &ps, 8);
  struct agc_shader_register r[32];
  for (unsigned i = 0; i < 32; i++) r[i] = (struct agc_shader_register){0xDEAD, 0xBEEF};
  assert_int_equal(agc_update_interpolant_mapping_1160(r, &gs, &ps), 0);
  for (unsigned i = 0; i < 8; i++) {
    assert_int_equal(r[i].offset, 0x191 + i);
    assert_int_equal(r[i].value, want_cntl[i]);
  }
  for (unsigned i = 8; i < 32; i++) { /* the tail is not touched */
    assert_int_equal(r[i].offset, 0xDEAD);
    assert_int_equal(r[i].value, 0xBEEF);
  }
}

static void test_interpolants_no_inputs(void **state) {
  (void)state;
  struct agc_shader gs, ps;
  shaders(&gs, &ps, 0);
  struct agc_shader_register r[32];
  for (unsigned i = 0; i < 32; i++) r[i] = (struct agc_shader_register){0xDEAD, 0xBEEF};
  assert_int_equal(agc_update_interpolant_mapping_1160(r, NULL, &ps), 0);
  for (unsigned i = 0; i < 32; i++) assert_int_equal(r[i].offset, 0xDEAD);
  assert_int_equal(agc_create_interpolant_mapping_1160(r, NULL, &ps), 0); /* no GS needed */
  for (unsigned i = 0; i < 32; i++) {
    assert_int_equal(r[i].offset, 0x191 + i);
    assert_int_equal(r[i].value, i);
  }
}

static void test_interpolants_errors(void **state) {
  (void)state;
  struct agc_shader gs, ps;
  shaders(&gs, &ps, 8);
  struct agc_shader_register r[32];
  memset(r, 0x55, sizeof r);
  assert_int_equal(agc_create_interpolant_mapping_1160(NULL, &gs, &ps), AGC_ERROR_INVALID_ARGUMENT);
  assert_int_equal(agc_create_interpolant_mapping_1160(r, &gs, NULL), AGC_ERROR_INVALID_ARGUMENT);
  assert_int_equal(agc_update_interpolant_mapping_1160(r, NULL, &ps), AGC_ERROR_INVALID_ARGUMENT);
  ps.num_input_semantics = 33;
  assert_int_equal(agc_create_interpolant_mapping_1160(r, &gs, &ps), AGC_ERROR_INVALID_ARGUMENT);
  ps.num_input_semantics = 8;
  gs.output_semantics = NULL;
  assert_int_equal(agc_create_interpolant_mapping_1160(r, &gs, &ps), AGC_ERROR_INVALID_ARGUMENT);
  for (unsigned i = 0; i < 32; i++) assert_int_equal(r[i].offset, 0x55555555u);
}

/* ---- qj7QZpgr9Uw ---- */

static uint64_t *block;
static uint64_t label; /* the block's address: the label, then the pairs at +8 */
static uint32_t pairs;

static int setup_context(void **state) {
  setup(state);
  size_t bytes = agc_context_state_bytes();
  block = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
  if (!block || agc_context_state_place(block, bytes) != 0) return -1;
  label = (uint64_t)(uintptr_t)block;
  pairs = (uint32_t)((bytes - 8) / 8);
  return 0;
}

static int teardown_context(void **state) {
  (void)state;
  agc_context_state_reset();
  free(block);
  return 0;
}

#define LO(a) ((uint32_t)(a))
#define HI(a) ((uint32_t)((a) >> 32))

static void test_context_block(void **state) {
  (void)state;
  const uint32_t *w = (const uint32_t *)block;
  assert_int_equal(w[0], 0); /* the label {0, 1} */
  assert_int_equal(w[1], 1);
  /* every context register of version 8's public defaults, once: the record's count */
  const struct agc_register_defaults *d = agc_register_defaults_find(8, 0);
  assert_non_null(d);
  assert_int_equal(pairs, d->length[0]);
  for (uint32_t i = 0; i < pairs; i++) assert_true(w[2 + 2 * i] < 0x400); /* context offsets */
}

static void test_context_restore(void **state) {
  (void)state;
  EXPECT(agc_dcb_context_state_transition(&cb, 0), 0xC0039F00u, LO(label + 8), HI(label + 8),
         0x80000000u, pairs);
}

static void test_context_op1(void **state) {
  (void)state;
  EXPECT(agc_dcb_context_state_transition(&cb, 1),
         /* COND_EXEC on the label's first dword over 8 dwords */
         0xC0032200u, LO(label), HI(label), 0, 8,
         /* RELEASE_MEM: bottom of pipe (0x28), EVENT_INDEX 5, CACHE_POLICY 3; DST_SEL 1, INT_SEL
            4; no address, no data; context id 0x08100001 */
         0xC0064900u, 0x06000528u, 0x04010000u, 0, 0, 0, 0, 0x08100001u,
         /* ATOMIC_MEM 64-bit swap without return, COMMAND 2, ENGINE_SEL 1: 1 into the label */
         0xC0071E00u, 0x40000267u, LO(label), HI(label), 1, 0, 0, 0, 6,
         /* CONTEXT_CONTROL, CLEAR_STATE 1 (push) */
         0xC0012800u, 0, 0x80018001u, 0xC0001200u, 1);
}

static void test_context_op2(void **state) {
  (void)state;
  EXPECT(agc_dcb_context_state_transition(&cb, 2), 0xC0012800u, 0, 0x80018003u,
         /* the label's second dword */
         0xC0032200u, LO(label + 4), HI(label + 4), 0, 8, 0xC0064900u, 0x06000528u, 0x04010000u, 0,
         0, 0, 0, 0x08100002u,
         /* 1 into the second dword */
         0xC0071E00u, 0x40000267u, LO(label), HI(label), 0, 1, 0, 0, 6,
         /* CLEAR_STATE 2 (pop) */
         0xC0001200u, 2);
}

static void test_context_op3(void **state) {
  (void)state;
  EXPECT(agc_dcb_context_state_transition(&cb, 3), 0xC0032200u, LO(label), HI(label), 0, 8,
         0xC0064900u, 0x06000528u, 0x04010000u, 0, 0, 0, 0, 0x08100003u, 0xC0071E00u, 0x40000267u,
         LO(label), HI(label), 1, 0, 0, 0, 6, 0xC0012800u, 0, 0x80018001u, 0xC0001200u, 1,
         /* then the restore */
         0xC0039F00u, LO(label + 8), HI(label + 8), 0x80000000u, pairs);
}

static void test_context_refused(void **state) {
  (void)state;
  assert_null(agc_dcb_context_state_transition(&cb, 4));
  cb.top = cb.cursor_down = buf + 31; /* one dword short of operation 3 */
  assert_null(agc_dcb_context_state_transition(&cb, 3));
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(buf[0], FILL);
  assert_int_equal(agc_context_state_place(block, 8), AGC_ERROR_INVALID_ARGUMENT); /* too small */
}

/* Without a placed block the builder makes one in guest memory; with no guest address space
 * (this test does not reserve one) that fails: NULL, nothing written (logged). */
static void test_context_no_guest_memory(void **state) {
  (void)state;
  agc_context_state_reset();
  assert_null(agc_dcb_context_state_transition(&cb, 0));
  assert_ptr_equal(cb.cursor_up, buf);
  assert_int_equal(buf[0], FILL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gs_prim_payload),
      cmocka_unit_test_setup(test_index_size_ex, setup),
      cmocka_unit_test_setup(test_index_size_ex_masks, setup),
      cmocka_unit_test_setup(test_index_size_ex_full, setup),
      cmocka_unit_test(test_ib_patch_then_else),
      cmocka_unit_test(test_ib_patch_jump),
      cmocka_unit_test(test_ib_patch_wrong_packet),
      cmocka_unit_test(test_interpolants_create),
      cmocka_unit_test(test_interpolants_update),
      cmocka_unit_test(test_interpolants_no_inputs),
      cmocka_unit_test(test_interpolants_errors),
      cmocka_unit_test_setup_teardown(test_context_block, setup_context, teardown_context),
      cmocka_unit_test_setup_teardown(test_context_restore, setup_context, teardown_context),
      cmocka_unit_test_setup_teardown(test_context_op1, setup_context, teardown_context),
      cmocka_unit_test_setup_teardown(test_context_op2, setup_context, teardown_context),
      cmocka_unit_test_setup_teardown(test_context_op3, setup_context, teardown_context),
      cmocka_unit_test_setup_teardown(test_context_refused, setup_context, teardown_context),
      cmocka_unit_test_setup(test_context_no_guest_memory, setup),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
