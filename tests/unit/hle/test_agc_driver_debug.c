/* libSceAgcDriver's exports added in session 27 (src/hle/libSceAgcDriver/agc_driver_debug.c
 * and their table lines). The expected values are written out from the records:
 *   - the NIDs: the OpenAGC project's analysis/agc_known_nids.tsv (the sceAgd* debug exports,
 *     Hp3dLock, the tool memory for GPU reset, the capture interface, ReleaseRazorACQ,
 *     SetTargetRingForDiag, GetResourceRegistrationMaxNameLength, oFb2hMcoJa4) and
 *     analysis/agc_nids_version_variants.tsv (the FW 3.20 sceAgcSdma* exports); each is looked
 *     up by that string, not by our hash of the name;
 *   - GetResourceRegistrationMaxNameLength: 32 (OpenAGC include/agcdriver.h, src/game_compat.c);
 *   - oFb2hMcoJa4: a stub line (its bit has no reader here: docs/agc.md);
 *   - GetReservedDmemForAgc (Um-jkyDy9rI): 0x8A6D0003 for a NULL output, else 0 with the base
 *     0x40000 into the driver's 2 MiB window and the size 0x1B0000 (the same reading,
 *     research/gpu/AGC_ANALYSIS.md, and a console's answer 0x...40000 / 0x1b0000);
 *   - SuspendPointSubmit (QcmHLO2n7mk): SubmitDcb's packet (address +0, dwords +8) submitted
 *     under the driver's submit lock (OpenAGC REFERENCE_FINDINGS.md's strings, SharpEmu's
 *     reading of the offsets): the buffer goes to the graphics queue;
 *   - PatchClearState (lYz7vbL4W4A): 0x8A6D0003 for a count above 0x400, checked before the
 *     array is read (REFERENCE_FINDINGS.md; SharpEmu's reading of the argument order). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/hle.h"
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceAgcDriver/agc_driver_misc.h"
#include "agc_submit_recorder.h"

/* The libSceAgcDriver table line of NID (the record's string). */
static const struct hle_symbol *line_of(const char *nid) {
  const struct hle_library *lib = hle_library_find("libSceAgcDriver");
  assert_non_null(lib);
  for (size_t i = 0; i < lib->symbol_count; i++)
    if (strcmp(lib->symbols[i].nid, nid) == 0) return &lib->symbols[i];
  fail_msg("NID %s is not in libSceAgcDriver's table", nid);
  return NULL;
}

static void test_recorded_nids(void **state) {
  (void)state;
  static const struct {
    const char *nid, *name;
    enum hle_status status;
  } rows[] = {
      {"KKrEe-LWNG8", "sceAgdGetApplicationGpuDebug", HLE_STUB},
      {"qDjJ+CgiMzs", "sceAgdGetSystemGpuDebug", HLE_STUB},
      {"Dg-D0+2-m8g", "sceAgdResetGpu", HLE_STUB},
      {"4JOwdjYqMpU", "sceAgdSetApplicationGpuDebug", HLE_STUB},
      {"SOo3Lwyglfo", "sceAgcDriverHp3dLockStart", HLE_STUB},
      {"u2g5VER9UnM", "sceAgcDriverHp3dLockEnd", HLE_STUB},
      {"T8xEHO2Y+XU", "sceAgcDriverAllocateToolMemoryForGpuReset", HLE_STUB},
      {"4XJkjqVrJrs", "sceAgcDriverGetAllocatedToolMemoryForGpuReset", HLE_STUB},
      {"oz3Yd--lAEE", "sceAgcDriverRegisterCaptureInterface", HLE_STUB},
      {"qR+S4WqJvUM", "sceAgcDriverDeregisterCaptureInterface", HLE_STUB},
      {"TEOAw-eLjNo", "sceAgcDriverReleaseRazorACQ", HLE_STUB},
      {"l0Jxfl0DEdo", "sceAgcDriverSetTargetRingForDiag", HLE_STUB},
      {"uJziRsODk1c", "sceAgcDriverGetResourceRegistrationMaxNameLength", HLE_PARTIAL},
      {"OYBiWgeGpPo", "sceAgcSdmaClose", HLE_STUB},
      {"CmlLiND79W8", "sceAgcSdmaConstFill", HLE_STUB},
      {"7HmaD1MaWQs", "sceAgcSdmaCopyLinear", HLE_STUB},
      {"DBZMYLxXRYA", "sceAgcSdmaCopyTiledBC", HLE_STUB},
      {"hBsEOmOR3qQ", "sceAgcSdmaCopyTiledGen2", HLE_STUB},
      {"oWyZFLUVjcI", "sceAgcSdmaCopyWindowBC", HLE_STUB},
      {"f4aTpX9UhD0", "sceAgcSdmaCopyWindowGen2", HLE_STUB},
      {"GOP1R6vumsg", "sceAgcSdmaFlush", HLE_STUB},
      {"aYySApdZmtE", "sceAgcSdmaOpen", HLE_STUB},
      {"scA1QSh8cfE", "sceAgcSdmaSetTileModesBC", HLE_STUB},
      {"oFb2hMcoJa4", NULL, HLE_STUB},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    const struct hle_symbol *s = line_of(rows[i].nid);
    assert_int_equal(s->kind, HLE_FUNCTION);
    assert_int_equal(s->status, rows[i].status);
    assert_non_null(s->address);
    if (rows[i].name) assert_string_equal(s->name, rows[i].name);
    else assert_null(s->name);
  }
}

static void test_max_name_length(void **state) {
  (void)state;
  uint32_t (*fn)(void) = (uint32_t(*)(void))line_of("uJziRsODk1c")->address;
  assert_int_equal(fn(), 32);
  assert_int_equal(fn(), 32);
}

static void test_reserved_dmem(void **state) {
  (void)state;
  const struct hle_symbol *s = line_of("Um-jkyDy9rI");
  assert_int_equal(s->status, HLE_IMPLEMENTED);
  int (*fn)(uint64_t *, uint32_t *) = (int (*)(uint64_t *, uint32_t *))s->address;
  uint64_t base = 0x1111;
  uint32_t size = 0x2222;
  assert_int_equal((uint32_t)fn(NULL, &size), 0x8A6D0003u);
  assert_int_equal((uint32_t)fn(&base, NULL), 0x8A6D0003u);
  assert_int_equal((uint32_t)fn(NULL, NULL), 0x8A6D0003u);
  assert_int_equal(base, 0x1111); /* nothing written on a refusal */
  assert_int_equal(size, 0x2222);
  assert_int_equal(fn(&base, &size), 0);
  assert_int_equal(size, 0x1B0000);
  /* the window is the driver's 2 MiB allocation (2 MiB aligned): the base is 0x40000 into it,
     where libSceAgc's constructor expects its table (0xFE0040000 at the hint) */
  assert_int_equal(base & 0x1FFFFFu, 0x40000);
  assert_int_equal(base - 0x40000, agc_driver_shadow_aperture());
  assert_true(base + size <= agc_driver_shadow_aperture() + 0x200000);
  /* above the two register-shadow ranges (+0x8000 and +0x21000, 0x19000 bytes each) */
  assert_true(base >= agc_driver_shadow_aperture() + 0x21000 + 0x19000);
  /* the same answer every time */
  uint64_t again = 0;
  uint32_t again_size = 0;
  assert_int_equal(fn(&again, &again_size), 0);
  assert_int_equal(again, base);
  assert_int_equal(again_size, 0x1B0000);
}

static void test_suspend_point_submit(void **state) {
  (void)state;
  const struct hle_symbol *s = line_of("QcmHLO2n7mk");
  assert_string_equal(s->name, "sceAgcDriverSuspendPointSubmit");
  assert_int_equal(s->status, HLE_PARTIAL);
  int (*fn)(const void *) = (int (*)(const void *))s->address;
  memset(&subs, 0, sizeof subs);
  const struct agc_driver_ops ops = {.submit = fake_submit};
  agc_driver_set_ops(&ops);
  static uint32_t dcb[6];
  /* the packet's bytes as the console reads them: address +0, dwords +8, queue byte +0xC */
  uint8_t packet[16] = {0};
  uint64_t addr = (uint64_t)(uintptr_t)dcb;
  uint32_t dwords = 6;
  memcpy(packet, &addr, 8);
  memcpy(packet + 8, &dwords, 4);
  assert_int_equal(fn(packet), 0);
  assert_int_equal(subs.n, 1);
  assert_int_equal(subs.queue[0], AGC_DRIVER_GFX_QUEUE);
  assert_int_equal(subs.addr[0], addr);
  assert_int_equal(subs.dwords[0], 6);
  /* a NULL packet is refused (SubmitDcb's code, ours), nothing queued */
  assert_int_equal(fn(NULL), AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(subs.n, 1);
  agc_driver_set_ops(NULL);
}

static void test_patch_clear_state(void **state) {
  (void)state;
  const struct hle_symbol *s = line_of("lYz7vbL4W4A");
  assert_string_equal(s->name, "sceAgcDriverPatchClearState");
  assert_int_equal(s->status, HLE_PARTIAL);
  int (*fn)(const void *, uint32_t) = (int (*)(const void *, uint32_t))s->address;
  static uint32_t values[2 * 0x401];
  /* above 0x400 entries: 0x8A6D0003, before the array is read (a NULL array too) */
  assert_int_equal((uint32_t)fn(values, 0x401), 0x8A6D0003u);
  assert_int_equal((uint32_t)fn(NULL, 0x401), 0x8A6D0003u);
  assert_int_equal((uint32_t)fn(values, 0xFFFFFFFFu), 0x8A6D0003u);
  /* up to 0x400: accepted */
  assert_int_equal(fn(values, 0x400), 0);
  assert_int_equal(fn(values, 1), 0);
  assert_int_equal(fn(NULL, 0), 0);
  /* a NULL array with entries: EINVAL (ours; the console would read through it) */
  assert_int_equal(fn(NULL, 1), AGC_DRIVER_ERROR_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_recorded_nids),     cmocka_unit_test(test_max_name_length),
      cmocka_unit_test(test_reserved_dmem),     cmocka_unit_test(test_suspend_point_submit),
      cmocka_unit_test(test_patch_clear_state),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
