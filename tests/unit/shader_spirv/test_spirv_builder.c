/* The SPIR-V module builder: section order, deduplication, capabilities and extensions on
 * demand, debug names; every module is checked by SPIRV-Tools' validator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gpu/shader/spirv/spirv_builder.h"
#include "spv_check.h"

/* A compute entry point "main" with local size X; returns the function id and leaves the
 * function open (its first block started). */
static uint32_t begin_main(struct spv_builder *b, uint32_t x, const uint32_t *iface, uint32_t ni) {
  uint32_t v = spv_type_void(b), ft = spv_type_function(b, v, NULL, 0), fn = spv_id(b);
  uint32_t w[4] = {v, fn, SpvFunctionControlMaskNone, ft};
  spv_inst(b, SPV_SEC_FUNCTION, SpvOpFunction, w, 4);
  uint32_t label = spv_id(b);
  spv_inst(b, SPV_SEC_FUNCTION, SpvOpLabel, &label, 1);
  spv_entry_point(b, SpvExecutionModelGLCompute, fn, "main", iface, ni);
  uint32_t size[3] = {x, 1, 1};
  spv_execution_mode(b, fn, SpvExecutionModeLocalSize, size, 3);
  return fn;
}

static void end_main(struct spv_builder *b) {
  spv_inst(b, SPV_SEC_FUNCTION, SpvOpReturn, NULL, 0);
  spv_inst(b, SPV_SEC_FUNCTION, SpvOpFunctionEnd, NULL, 0);
}

static void finish_valid(struct spv_builder *b, uint32_t **words, size_t *count) {
  assert_true(spv_builder_finish(b, words, count));
  assert_true(spv_check_valid(*words, *count));
}

/* The smallest compute module: Shader only, no extension, sections in order. */
static void minimal_module_is_valid(void **state) {
  (void)state;
  struct spv_builder b;
  spv_builder_init(&b, 0x00010600);
  spv_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
  begin_main(&b, 64, NULL, 0);
  end_main(&b);
  uint32_t *w;
  size_t n;
  finish_valid(&b, &w, &n);
  assert_int_equal(w[0], 0x07230203u); /* the magic number, from the specification */
  assert_int_equal(w[1], 0x00010600u);
  char *dis = spv_check_disassemble(w, n);
  assert_non_null(dis);
  assert_int_equal(spv_check_count(dis, "OpCapability"), 1);
  assert_non_null(strstr(dis, "OpCapability Shader"));
  assert_int_equal(spv_check_count(dis, "OpExtension"), 0);
  assert_non_null(strstr(dis, "LocalSize 64 1 1\n"));
  /* the sections in the specification's order */
  const char *order[] = {"OpCapability", "OpMemoryModel", "OpEntryPoint", "OpExecutionMode",
                         "OpTypeVoid", "OpFunction "};
  for (int i = 1; i < 6; i++) assert_true(strstr(dis, order[i - 1]) < strstr(dis, order[i]));
  free(dis);
  free(w);
  spv_builder_free(&b);
}

/* Types and constants asked for twice are one declaration; structs stay distinct. */
static void types_and_constants_are_deduplicated(void **state) {
  (void)state;
  struct spv_builder b;
  spv_builder_init(&b, 0x00010600);
  uint32_t u32 = spv_type_int(&b, 32, false);
  assert_int_equal(spv_type_int(&b, 32, false), u32);
  assert_int_not_equal(spv_type_int(&b, 32, true), u32);
  uint32_t f32 = spv_type_float(&b, 32);
  assert_int_not_equal(f32, u32);
  assert_int_equal(spv_type_float(&b, 32), f32);
  uint32_t v4 = spv_type_vector(&b, u32, 4);
  assert_int_equal(spv_type_vector(&b, u32, 4), v4);
  assert_int_not_equal(spv_type_vector(&b, u32, 2), v4);
  uint32_t c7 = spv_const(&b, u32, 7);
  assert_int_equal(spv_const_u32(&b, 7), c7);
  assert_int_not_equal(spv_const(&b, f32, 7), c7); /* same bits, other type */
  assert_int_not_equal(spv_const_u32(&b, 8), c7);
  assert_int_equal(spv_const_bool(&b, true), spv_const_bool(&b, true));
  assert_int_not_equal(spv_const_bool(&b, true), spv_const_bool(&b, false));
  uint32_t arr = spv_type_array(&b, u32, 7);
  assert_int_equal(spv_type_array(&b, u32, 7), arr);
  uint32_t p = spv_type_pointer(&b, SpvStorageClassFunction, u32);
  assert_int_equal(spv_type_pointer(&b, SpvStorageClassFunction, u32), p);
  assert_int_not_equal(spv_type_pointer(&b, SpvStorageClassPrivate, u32), p);
  uint32_t s1 = spv_type_struct(&b, &u32, 1), s2 = spv_type_struct(&b, &u32, 1);
  assert_int_not_equal(s1, s2);
  uint32_t parts[4] = {c7, c7, c7, c7};
  uint32_t cc = spv_const_composite(&b, v4, parts, 4);
  assert_int_equal(spv_const_composite(&b, v4, parts, 4), cc);
  /* many constants: the table grows and still finds each one */
  uint32_t ids[1000];
  for (uint32_t i = 0; i < 1000; i++) ids[i] = spv_const(&b, u32, i * 977u);
  for (uint32_t i = 0; i < 1000; i++) assert_int_equal(spv_const(&b, u32, i * 977u), ids[i]);
  uint32_t u64 = spv_type_int(&b, 64, false);
  uint32_t big = spv_const64(&b, u64, 0x123456789abcdefull);
  assert_int_equal(spv_const64(&b, u64, 0x123456789abcdefull), big);
  assert_int_not_equal(spv_const64(&b, u64, 0x0123456789abcdeeull), big);
  spv_memory_model(&b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
  begin_main(&b, 1, NULL, 0);
  end_main(&b);
  uint32_t *w;
  size_t n;
  finish_valid(&b, &w, &n);
  char *dis = spv_check_disassemble(w, n);
  assert_non_null(dis);
  /* one declaration each: the 32-bit unsigned int, the vec4 */
  assert_int_equal(spv_check_count(dis, "OpTypeInt 32 0"), 1);
  assert_int_equal(spv_check_count(dis, "OpTypeVector"), 2);
  assert_int_equal(spv_check_count(dis, "OpConstantTrue"), 1);
  assert_int_equal(spv_check_count(dis, "OpTypeStruct"), 2);
  free(dis);
  free(w);
  spv_builder_free(&b);
}

/* Capabilities and extensions appear only when used, once each. */
static void capabilities_and_extensions_on_demand(void **state) {
  (void)state;
  for (int version = 0; version < 2; version++) {
    struct spv_builder b;
    spv_builder_init(&b, version ? 0x00010600 : 0x00010300);
    spv_memory_model(&b, SpvAddressingModelPhysicalStorageBuffer64, SpvMemoryModelGLSL450);
    assert_false(spv_has_capability(&b, SpvCapabilityInt64));
    uint32_t u32 = spv_type_int(&b, 32, false), u64 = spv_type_int(&b, 64, false);
    spv_type_int(&b, 64, false);
    assert_true(spv_has_capability(&b, SpvCapabilityInt64));
    assert_false(spv_has_capability(&b, SpvCapabilityFloat64));
    /* push constant block { uint64 address; } */
    uint32_t pc = spv_type_struct(&b, &u64, 1);
    spv_decorate(&b, pc, SpvDecorationBlock, NULL, 0);
    uint32_t zero = 0;
    spv_member_decorate(&b, pc, 0, SpvDecorationOffset, &zero, 1);
    spv_name(&b, pc, "Params");
    spv_member_name(&b, pc, 0, "address");
    uint32_t pc_ptr = spv_type_pointer(&b, SpvStorageClassPushConstant, pc);
    uint32_t var = spv_variable(&b, pc_ptr, SpvStorageClassPushConstant);
    spv_name(&b, var, "params");
    uint32_t psb = spv_type_pointer(&b, SpvStorageClassPhysicalStorageBuffer, u32);
    spv_type_pointer(&b, SpvStorageClassPhysicalStorageBuffer, u32);
    uint32_t u64_ptr = spv_type_pointer(&b, SpvStorageClassPushConstant, u64);
    uint32_t file = spv_string(&b, "kernel.s");
    spv_source(&b, file);
    /* SPIR-V 1.3 lists only Input/Output variables in the interface; 1.4+ all of them */
    begin_main(&b, 32, &var, version ? 1 : 0);
    spv_line(&b, file, 0x40, 0);
    uint32_t a[2] = {var, spv_const_u32(&b, 0)};
    uint32_t p = spv_op(&b, SpvOpAccessChain, u64_ptr, a, 2);
    uint32_t addr = spv_op(&b, SpvOpLoad, u64, &p, 1);
    uint32_t ptr = spv_op(&b, SpvOpConvertUToPtr, psb, &addr, 1);
    uint32_t st[4] = {ptr, spv_const_u32(&b, 0x1234), SpvMemoryAccessAlignedMask, 4};
    spv_inst(&b, SPV_SEC_FUNCTION, SpvOpStore, st, 4);
    end_main(&b);
    uint32_t *w;
    size_t n;
    finish_valid(&b, &w, &n);
    char *dis = spv_check_disassemble(w, n);
    assert_non_null(dis);
    assert_int_equal(spv_check_count(dis, "OpCapability Int64"), 1);
    assert_int_equal(spv_check_count(dis, "OpCapability PhysicalStorageBufferAddresses"), 1);
    assert_int_equal(spv_check_count(dis, "OpCapability Float64"), 0);
    assert_int_equal(spv_check_count(dis, "OpExtension \"SPV_KHR_physical_storage_buffer\""),
                     version ? 0 : 1);
    assert_non_null(strstr(dis, "OpName %params \"params\""));
    assert_non_null(strstr(dis, "OpMemberName %Params 0 \"address\""));
    /* the OpLine names the OpString of the source and the line given (the guest pc) */
    char line[64];
    snprintf(line, sizeof line, "OpLine %%%u 64 0\n", file);
    assert_non_null(strstr(dis, line));
    snprintf(line, sizeof line, "%%%u = OpString \"kernel.s\"", file);
    assert_non_null(strstr(dis, line));
    free(dis);
    free(w);
    spv_builder_free(&b);
  }
}

/* Without a memory model there is no module. */
static void finish_requires_memory_model(void **state) {
  (void)state;
  struct spv_builder b;
  spv_builder_init(&b, 0x00010600);
  uint32_t *w;
  size_t n;
  assert_false(spv_builder_finish(&b, &w, &n));
  assert_null(w);
  spv_builder_free(&b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(minimal_module_is_valid),
      cmocka_unit_test(types_and_constants_are_deduplicated),
      cmocka_unit_test(capabilities_and_extensions_on_demand),
      cmocka_unit_test(finish_requires_memory_model),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
