/* libSceAgc's state queries (src/hle/libSceAgc/agc_state_queries.c). The expected values are
 * worked out by hand, in the comments beside them, from the OpenAGC project's record of the
 * console library's bodies (docs/agc.md "State queries"): the payload range of a type 3
 * packet (header 0xC0000000 | count << 16 | opcode << 8, count = body dwords - 1), and the GS
 * occupancy calculation's bounds (2048/4096 parameter-cache lines, 128/382 position entries
 * times 4, subgroups of 32 vertices, the ceiling 1024). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hle/libSceAgc/agc.h"

/* ---- sceAgcGetDataPacketPayloadRange ---- */

static void test_range_nop(void **state) {
  (void)state;
  uint32_t p[4] = {0xC0021000u, 1, 2, 3}; /* NOP, three body dwords */
  struct agc_memory_range r = {NULL, 0xDEAD};
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 0), 0);
  assert_ptr_equal(r.base, &p[1]); /* the whole body */
  assert_int_equal(r.size, 12);
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 1), 0);
  assert_ptr_equal(r.base, &p[2]); /* past the body's first dword */
  assert_int_equal(r.size, 8);
}

static void test_range_set_reg(void **state) {
  (void)state;
  /* SET_CONTEXT_REG (0x69): the offset and four values */
  uint32_t p[6] = {0xC0046900u, 0x291, 10, 11, 12, 13};
  struct agc_memory_range r = {NULL, 0};
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 1), 0);
  assert_ptr_equal(r.base, &p[2]); /* the four values */
  assert_int_equal(r.size, 16);
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 7), 0); /* any non-zero type */
  assert_ptr_equal(r.base, &p[2]);
  assert_int_equal(r.size, 16);
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 0), 0);
  assert_ptr_equal(r.base, &p[1]);
  assert_int_equal(r.size, 20);
}

static void test_range_header_only(void **state) {
  (void)state;
  /* count 0x3FFF marks the header-only NOP: type 0 has no payload */
  uint32_t p[2] = {0xFFFF1000u, 0};
  struct agc_memory_range r = {p, 0xDEAD};
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 0), 0);
  assert_null(r.base);
  assert_int_equal(r.size, 0);
  /* only bits 29:16 are looked at: a type 0 header with them all set is the same */
  p[0] = 0x3FFF0000u;
  r.base = p;
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 0), 0);
  assert_null(r.base);
  /* the other types do not single it out: 0x3FFF dwords past the first */
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 1), 0);
  assert_ptr_equal(r.base, &p[2]);
  assert_int_equal(r.size, 0xFFFC);
  /* one below: 0x3FFF body dwords */
  p[0] = 0xFFFE1000u;
  assert_int_equal(agc_get_data_packet_payload_range(&r, p, 0), 0);
  assert_ptr_equal(r.base, &p[1]);
  assert_int_equal(r.size, 0xFFFC);
}

static void test_range_null(void **state) {
  (void)state;
  uint32_t p[2] = {0xC0001000u, 0};
  struct agc_memory_range r = {p, 5};
  assert_int_equal(agc_get_data_packet_payload_range(NULL, p, 0), AGC_ERROR_INVALID_ARGUMENT);
  assert_int_equal(agc_get_data_packet_payload_range(&r, NULL, 0), AGC_ERROR_INVALID_ARGUMENT);
  assert_ptr_equal(r.base, p); /* untouched */
  assert_int_equal(r.size, 5);
}

/* ---- sceAgcGetGsOversubscription ---- */

#define GE_PC_ALLOC 0x260u
#define RSRC4_GS 0x81u
#define W32 (1u << 22) /* VGT_SHADER_STAGES_EN.GS_W32_EN */

/* A geometry shader with the five context registers the query reads. */
struct gs_fixture {
  struct agc_shader_register cx[6];
  struct agc_shader_specials specials;
  struct agc_shader gs;
};

static void gs_init(struct gs_fixture *f, uint32_t onchip, uint32_t ngg, uint32_t vs_out,
                    uint32_t pa_out, uint32_t max_out, uint32_t stages) {
  memset(f, 0, sizeof *f);
  f->cx[0] = (struct agc_shader_register){0x291, onchip};  /* VGT_GS_ONCHIP_CNTL */
  f->cx[1] = (struct agc_shader_register){0x2D3, ngg};     /* GE_NGG_SUBGRP_CNTL */
  f->cx[2] = (struct agc_shader_register){0x1B1, vs_out};  /* SPI_VS_OUT_CONFIG */
  f->cx[3] = (struct agc_shader_register){0x207, pa_out};  /* PA_CL_VS_OUT_CNTL */
  f->cx[4] = (struct agc_shader_register){0x1FF, max_out}; /* GE_MAX_OUTPUT_PER_SUBGROUP */
  f->specials.vgt_shader_stages_en = (struct agc_shader_register){0x2D5, stages};
  f->gs.cx_registers = f->cx;
  f->gs.num_cx_registers = 5;
  f->gs.specials = &f->specials;
}

static void expect_out(const struct agc_shader_register *out, uint32_t pc_alloc, uint32_t rsrc4) {
  assert_int_equal(out[0].offset, GE_PC_ALLOC);
  assert_int_equal(out[0].value, pc_alloc);
  assert_int_equal(out[1].offset, RSRC4_GS);
  assert_int_equal(out[1].value, rsrc4);
}

static void test_gs_limits(void **state) {
  (void)state;
  struct agc_shader_register out[2] = {{~0u, ~0u}, {~0u, ~0u}};
  /* limit 0: the defaults, no shader needed */
  assert_int_equal(agc_get_gs_oversubscription(out, NULL, 0, 0.5f), 0);
  expect_out(out, 0, 0);
  /* limit 0xFFFFFFFF: OVERSUB_EN with all 0x3FF lines, LATE_ALLOC 0x7F */
  assert_int_equal(agc_get_gs_oversubscription(out, NULL, UINT32_MAX, 0.5f), 0);
  expect_out(out, 0x7FF, 0x007F0000);
}

/* The record's worked case: GS_PRIMS 128, PRIM_AMP 4, export field 3, MAX_VERTS 256, wave64.
 * max groups ceil(256/32) = 8, amplified ceil(512/32) = 16, fewer 8, halved 4; divisors: PA 1,
 * parameter cache 2 * (3 + 1) = 8. pc base 2048/8/8*4 = 128, pc max 4096/8/8*4 = 256, position
 * base 128*4/8*4 = 256, position max 382*4/8*4 = 191*4 = 764. base min(128, 256) = 128,
 * maximum min(256, 764, 65536 >> 6 = 1024, 1024) = 256, span 128, target 128 + 64 = 192 below
 * 256: lines (64 << 10) / 128 = 512, minus one 511: 1 | 511 << 1 = 0x3FF. */
static void test_gs_parameter_cache(void **state) {
  (void)state;
  struct gs_fixture f;
  gs_init(&f, 128u << 11, 4, 3u << 2, 0, 256, 0);
  struct agc_shader_register out[2];
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 0.5f), 0);
  expect_out(out, 0x3FF, 0x007F0000);
}

/* The same with NO_PC_EXPORT (bit 7): pc base = pc max = 2048/8*4 = 1024. base min(1024, 256)
 * = 256, maximum min(1024, 764) = 764, span 508, target 256 + 254 = 510, not below 256: every
 * line, late allocation (510 - 256) * 127 / (764 - 256) = 32258 / 508 = 63. */
static void test_gs_late_alloc(void **state) {
  (void)state;
  struct gs_fixture f;
  gs_init(&f, 128u << 11, 4, 0x80u | 3u << 2, 0, 256, 0);
  struct agc_shader_register out[2];
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 0.5f), 0);
  expect_out(out, 0x7FF, 63u << 16);
  /* interpolation 1: target 764, (764 - 256) * 127 / 508 = 127 */
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 1.0f), 0);
  expect_out(out, 0x7FF, 0x007F0000);
}

/* Wave32 (not halved, limit >> 5): groups 8. pc base 2048/8/8*8 = 256, pc max 512, position
 * base 512, position max 1528. maximum min(512, 1528, 12288 >> 5 = 384) = 384, span 128,
 * target 256 + 32 = 288 below 512: lines (32 << 10) / 256 = 128, minus one 127: 0xFF. */
static void test_gs_wave32_limit(void **state) {
  (void)state;
  struct gs_fixture f;
  gs_init(&f, 128u << 11, 4, 3u << 2, 0, 256, W32);
  struct agc_shader_register out[2];
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 12288, 0.25f), 0);
  expect_out(out, 0xFF, 0x007F0000);
}

/* One vertex subgroup (GS_PRIMS 1, PRIM_AMP 1, MAX_VERTS 32: 1 group, wave32 so not halved,
 * then 1 gains one: 2); PA bits 21 and 23: divisor 3; export field 0: divisor 2. pc base
 * 1024/1*2 = 2048, pc max 4096, position base 128/3*4 = 168 * 2 = 336, position max 382/3*4 =
 * 508 * 2 = 1016. base 336, maximum min(4096, 1016, 25600 >> 5 = 800) = 800, span 464, target
 * 336 + 232 = 568: late (568 - 336) * 127 / (1016 - 336) = 29464 / 680 = 43. (With 1 group
 * the maximum would be 508 and the answer 63.) */
static void test_gs_small_groups(void **state) {
  (void)state;
  struct gs_fixture f;
  gs_init(&f, 1u << 11, 1, 0, 1u << 21 | 1u << 23, 32, W32);
  struct agc_shader_register out[2];
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 25600, 0.5f), 0);
  expect_out(out, 0x7FF, 43u << 16);
}

/* No room to oversubscribe: the defaults. */
static void test_gs_no_span(void **state) {
  (void)state;
  struct gs_fixture f;
  gs_init(&f, 128u << 11, 4, 3u << 2, 0, 256, 0);
  struct agc_shader_register out[2] = {{~0u, ~0u}, {~0u, ~0u}};
  /* interpolation 0: target = base 128 */
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 0.0f), 0);
  expect_out(out, 0, 0);
  /* limit 64 >> 6 = 1 below the base 128: span 0 */
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 64, 0.5f), 0);
  expect_out(out, 0, 0);
  /* a negative interpolation counts as 0 (ours) */
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, -0.5f), 0);
  expect_out(out, 0, 0);
}

static void test_gs_first_entry(void **state) {
  (void)state;
  struct gs_fixture f;
  gs_init(&f, 128u << 11, 4, 3u << 2, 0, 256, 0);
  /* a second SPI_VS_OUT_CONFIG after the five is not read (NO_PC_EXPORT there would give
   * the late-allocation answer) */
  f.cx[5] = (struct agc_shader_register){0x1B1, 0x80u | 3u << 2};
  f.gs.num_cx_registers = 6;
  struct agc_shader_register out[2];
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 0.5f), 0);
  expect_out(out, 0x3FF, 0x007F0000);
}

static void test_gs_errors(void **state) {
  (void)state;
  struct gs_fixture f;
  struct agc_shader_register out[2] = {{~0u, ~0u}, {~0u, ~0u}};
  assert_int_equal(agc_get_gs_oversubscription(NULL, NULL, 0, 0.5f), AGC_ERROR_INVALID_ARGUMENT);
  assert_int_equal(agc_get_gs_oversubscription(out, NULL, 65536, 0.5f), AGC_ERROR_INVALID_ARGUMENT);
  expect_out(out, 0, 0); /* the defaults are written first */
  gs_init(&f, 128u << 11, 4, 3u << 2, 0, 256, 0);
  f.gs.specials = NULL;
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 0.5f),
                   AGC_ERROR_INVALID_ARGUMENT);
  gs_init(&f, 128u << 11, 4, 3u << 2, 0, 256, 0);
  f.gs.num_cx_registers = 4; /* GE_MAX_OUTPUT_PER_SUBGROUP missing */
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 0.5f),
                   AGC_ERROR_INVALID_ARGUMENT);
  gs_init(&f, 128u << 11, 4, 3u << 2, 0, 0, 0); /* MAX_VERTS 0: no vertex group */
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 0.5f),
                   AGC_ERROR_INVALID_ARGUMENT);
  gs_init(&f, 128u << 11, 4, 3u << 2, 0, 256, 0);
  f.gs.cx_registers = NULL;
  assert_int_equal(agc_get_gs_oversubscription(out, &f.gs, 65536, 0.5f),
                   AGC_ERROR_INVALID_ARGUMENT);
  expect_out(out, 0, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_range_nop),         cmocka_unit_test(test_range_set_reg),
      cmocka_unit_test(test_range_header_only), cmocka_unit_test(test_range_null),
      cmocka_unit_test(test_gs_limits),         cmocka_unit_test(test_gs_parameter_cache),
      cmocka_unit_test(test_gs_late_alloc),     cmocka_unit_test(test_gs_wave32_limit),
      cmocka_unit_test(test_gs_small_groups),   cmocka_unit_test(test_gs_no_span),
      cmocka_unit_test(test_gs_first_entry),    cmocka_unit_test(test_gs_errors),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
