/* libSceAgc's compatibility exports (src/hle/libSceAgc/agc_compat.c). Expected fields and codes
 * are OpenAGC's readings of the bundled SPRX (docs/agc.md "Compatibility exports"), written
 * out by hand from the GFX10 packet layouts: WRITE_DATA's CONTROL dword has DST_SEL in bits
 * 11:8, CACHE_POLICY in 26:25, ENGINE_SEL in 31:30; ACQUIRE_MEM's ENGINE_SEL is bit 31. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "hle/hle.h"
#include "hle/libSceAgc/agc.h"

/* A WRITE_DATA header (opcode 0x37, count 3) and an ACQUIRE_MEM header (opcode 0x58). */
#define WRITE_DATA_HEADER 0xC0033700u
#define ACQUIRE_MEM_HEADER 0xC0055800u
#define NOP_HEADER 0xC0001000u

/* The function libSceAgc's table gives export NAME (the Async patchers share the graphics
 * forms' bodies: they are reached through the table, as a guest reaches them). */
static void *export_of(const char *name) {
  const struct hle_library *lib = hle_library_find("libSceAgc");
  assert_non_null(lib);
  for (size_t i = 0; i < lib->symbol_count; i++)
    if (lib->symbols[i].name && strcmp(lib->symbols[i].name, name) == 0)
      return lib->symbols[i].address;
  fail_msg("%s is not in libSceAgc's table", name);
  return NULL;
}
typedef int (*patch64_fn)(uint32_t *, uint64_t);
typedef int (*patch32_fn)(uint32_t *, uint32_t);
#define ASYNC_ADDRESS ((patch64_fn)export_of("sceAgcAsyncWriteDataPatchSetAddressOrOffset"))
#define ASYNC_CACHE_POLICY ((patch32_fn)export_of("sceAgcAsyncWriteDataPatchSetCachePolicy"))

static void test_write_data_patchers(void **state) {
  (void)state;
  uint32_t p[5] = {WRITE_DATA_HEADER, 0xFFFFFFFFu, 0x11111111u, 0x22222222u, 0x33333333u};
  assert_int_equal(agc_write_data_patch_set_address_or_offset(p, 0x0000001234567890ull), 0);
  assert_int_equal(p[2], 0x34567890u);
  assert_int_equal(p[3], 0x12u);
  assert_int_equal(p[4], 0x33333333u);
  assert_int_equal(agc_write_data_patch_set_cache_policy(p, 1), 0);
  assert_int_equal(p[1], 0xFBFFFFFFu); /* bits 26:25 = 01 */
  assert_int_equal(agc_write_data_patch_set_cache_policy(p, 6), 0);
  assert_int_equal(p[1], 0xFDFFFFFFu); /* only the low two bits: 10 */

  /* the graphics destination: bit 0 to bit 30, bits 4:1 to DST_SEL */
  p[1] = 0xFFFFFFFFu;
  assert_int_equal(agc_write_data_patch_set_dst(p, 0x0B), 0); /* 0b01011: bit 30 1, DST_SEL 5 */
  assert_int_equal(p[1], 0x7FFFF5FFu);
  p[1] = 0;
  assert_int_equal(agc_write_data_patch_set_dst(p, 0x1E), 0); /* bit 30 0, DST_SEL 0xF */
  assert_int_equal(p[1], 0x00000F00u);

  /* the async forms */
  uint32_t a[5] = {WRITE_DATA_HEADER, 0, 0, 0, 0};
  assert_int_equal(ASYNC_ADDRESS(a, 0xFFFFFFFF00000004ull), 0);
  assert_int_equal(a[2], 4u);
  assert_int_equal(a[3], 0xFFFFFFFFu);
  assert_int_equal(ASYNC_CACHE_POLICY(a, 3), 0);
  assert_int_equal(a[1], 0x06000000u);
  a[1] = 0xFFFFFFFFu;
  assert_int_equal(agc_async_write_data_patch_set_dst(a, 0x15), 0); /* four bits: 5 */
  assert_int_equal(a[1], 0xFFFFF5FFu);

  /* a packet of another kind: the compatibility error, nothing changed */
  uint32_t n[5] = {NOP_HEADER, 7, 7, 7, 7};
  assert_int_equal(agc_async_write_data_patch_set_dst(n, 1), (int)0x8A6C000Cu);
  assert_int_equal(ASYNC_ADDRESS(n, 1), (int)0x8A6C000Cu);
  assert_int_equal(agc_write_data_patch_set_cache_policy(n, 1), (int)0x8A6C000Cu);
  assert_int_equal(agc_write_data_patch_set_dst(NULL, 1), (int)0x8A6C000Cu);
  for (int i = 1; i < 5; i++) assert_int_equal(n[i], 7);
}

static void test_acquire_mem_engine(void **state) {
  (void)state;
  uint32_t p[8] = {ACQUIRE_MEM_HEADER, 0x12345678u};
  assert_int_equal(agc_acquire_mem_set_engine(p, 1), 0);
  assert_int_equal(p[1], 0x92345678u);
  assert_int_equal(agc_acquire_mem_set_engine(p, 2), 0); /* bit 0 of the engine only */
  assert_int_equal(p[1], 0x12345678u);
  uint32_t w[5] = {WRITE_DATA_HEADER, 0};
  assert_int_equal(agc_acquire_mem_set_engine(w, 1), (int)0x8A6C000Cu);
  assert_int_equal(w[1], 0u);
}

static void test_trinity_and_instrumentation(void **state) {
  (void)state;
  uint8_t b = 0xAA;
  agc_get_is_trinity_mode(&b);
  assert_int_equal(b, 0); /* a standard PS5 */
  agc_get_is_trinity_mode(NULL);
  agc_compat_reset();
  assert_int_equal(agc_get_shader_instrumentation(), 0);
  assert_int_equal(agc_set_shader_instrumentation(0x80000005u), 0);
  assert_int_equal(agc_get_shader_instrumentation(), 0x80000005u); /* kept as given */
  agc_compat_reset();
}

static void test_amm_semaphore_labels(void **state) {
  (void)state;
  agc_compat_reset();
  void *label = NULL;
  assert_int_equal(agc_get_semaphore_label(0, &label), (int)0x8A6C0049u); /* no memory yet */
  uint8_t *mem = aligned_alloc(0x4000, 0x8000);
  assert_non_null(mem);
  memset(mem, 0xCD, 0x8000);
  /* NULL, an unaligned base, an unaligned size, a zero size: the alignment code */
  assert_int_equal(agc_set_amm_semaphore_memory(NULL, 0x4000), (int)0x8A6C0002u);
  assert_int_equal(agc_set_amm_semaphore_memory(mem + 0x100, 0x4000), (int)0x8A6C0002u);
  assert_int_equal(agc_set_amm_semaphore_memory(mem, 0x4100), (int)0x8A6C0002u);
  assert_int_equal(agc_set_amm_semaphore_memory(mem, 0), (int)0x8A6C0002u);
  assert_int_equal(mem[0], 0xCD); /* refused: untouched */
  assert_int_equal(agc_set_amm_semaphore_memory(mem, 0x4000), 0);
  assert_int_equal(mem[0], 0);
  assert_int_equal(mem[0x3FFF], 0);
  assert_int_equal(mem[0x4000], 0xCD); /* cleared up to the size only */
  assert_int_equal(agc_set_amm_semaphore_memory(mem, 0x4000), (int)0x8A6C0048u); /* twice */
  /* 32-byte labels: 0x4000 / 32 = 512 of them */
  assert_int_equal(agc_get_semaphore_label(0, &label), 0);
  assert_ptr_equal(label, mem);
  assert_int_equal(agc_get_semaphore_label(511, &label), 0);
  assert_ptr_equal(label, mem + 511 * 32);
  label = NULL;
  assert_int_equal(agc_get_semaphore_label(512, &label), (int)0x8A6C000Bu);
  assert_null(label);
  assert_int_equal(agc_get_semaphore_label(0xFFFFFFFFu, &label), (int)0x8A6C000Bu);
  assert_int_equal(agc_get_semaphore_label(1, NULL), (int)0x8A6C0002u);
  agc_compat_reset();
  free(mem);
}

static void test_payload_address_0090(void **state) {
  (void)state;
  /* the 0.90 name shares the current body: TYPE 0 after the header, other TYPEs after two */
  uint32_t p[4] = {0xC0021000u, 1, 2, 3};
  uint32_t *out = NULL;
  assert_int_equal(agc_get_data_packet_payload_address(&out, p, 0), 0);
  assert_ptr_equal(out, p + 1);
  assert_int_equal(agc_get_data_packet_payload_address(&out, p, 1), 0);
  assert_ptr_equal(out, p + 2);
  uint32_t nop = 0xFFFF1000u; /* header-only NOP: no payload */
  assert_int_equal(agc_get_data_packet_payload_address(&out, &nop, 0), 0);
  assert_null(out);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_write_data_patchers),
      cmocka_unit_test(test_acquire_mem_engine),
      cmocka_unit_test(test_trinity_and_instrumentation),
      cmocka_unit_test(test_amm_semaphore_labels),
      cmocka_unit_test(test_payload_address_0090),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
