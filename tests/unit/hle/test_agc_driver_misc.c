/* libSceAgcDriver's entry points beside submission (src/hle/libSceAgcDriver/agc_driver_misc.h):
 * the exports the retail library compiles to a constant answer, the GRAPHICS event's
 * accessors, the tessellation ring and the async graphics ring. The expected values are the
 * OpenAGC project's readings of the console's libSceAgcDriver.sprx, written out here:
 *   - 0x8A6D0001 ("permission insufficient"): GetPaDebugInterfaceVersion
 *     (analysis/sprx_pa_debug_disasm.md, measured on FW 5.50 too), the Direct suspend, TF-ring
 *     and HS-offchip exports (analysis/agc_driver_suspend_facts.md, agc_driver_ring_facts.md),
 *     SubmitMultiCommandBuffersDirect (analysis/sony_export_forwarding_550.md), GetGpuRefClks
 *     and IsSuspendPointInFlight (analysis/agc_known_nids.tsv);
 *   - 0x8A6C1000: RequestCaptureStart/Stop, TriggerCapture (analysis/game_agc_usage.md);
 *   - 0: IsPaDebug (sprx_pa_debug_disasm.md: xor eax, eax; ret), GetTraceInitiator
 *     (agc_known_nids.tsv);
 *   - 0x8A6D0003: AgrSubmitDcb while the driver's AGR flag is clear (src/game_compat.c's
 *     reading of the FW 5.50 body);
 *   - SetTFRing's checks: a 256-byte aligned address, a size multiple of 4
 *     (agc_driver_ring_facts.tsv: address-0x100, size-4);
 *   - GetRegShadowInfo: 0x8A6D0003 for a NULL output, else 40 bytes (a public reading of the
 *     FW 12.02 body); the driver's two register-shadow descriptors in its 2 MiB aperture
 *     (analysis/agc_driver_shadow_facts.md, fw1160_register_shadow_20260729.md: address =
 *     aperture + 0x8000 / + 0x21000, size 0x19000, words 0 0x3BF 0x2000 0x2281 0x2400 0x2843, 0);
 *   - GetEqContextId: the event's data >> 16, with the data the console posts (context id <<
 *     16 | 0xFF00, docs/agc.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/hle.h"
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceAgcDriver/agc_driver_misc.h"
#include "kernel/equeue.h"
#include "agc_submit_recorder.h"

/* The table's function for NAME, called without arguments (these ignore theirs). */
static int call_by_name(const char *name) {
  const struct hle_library *lib = hle_library_find("libSceAgcDriver");
  assert_non_null(lib);
  for (size_t i = 0; i < lib->symbol_count; i++) {
    const struct hle_symbol *s = &lib->symbols[i];
    if (s->name && strcmp(s->name, name) == 0) {
      assert_int_equal(s->status, HLE_IMPLEMENTED);
      int (*fn)(void) = (int (*)(void))s->address;
      return fn();
    }
  }
  fail_msg("%s is not in libSceAgcDriver's table", name);
  return 0;
}

static void test_constant_answers(void **state) {
  (void)state;
  static const char *const permission[] = {
      "sceAgcDriverGetPaDebugInterfaceVersion",
      "sceAgcDriverGetGpuRefClks",
      "sceAgcDriverSubmitMultiCommandBuffersDirect",
      "sceAgcDriverSuspendPointSubmitDirect",
      "sceAgcDriverIsSuspendPointInFlight",
      "sceAgcDriverIsSuspendPointInFlightDirect",
      "sceAgcDriverSetTFRingDirect",
      "sceAgcDriverSetHsOffchipParamDirect",
  };
  for (size_t i = 0; i < sizeof permission / sizeof permission[0]; i++) {
    /* twice: the answer does not change once the refusal was logged */
    assert_int_equal((uint32_t)call_by_name(permission[i]), 0x8A6D0001u);
    assert_int_equal((uint32_t)call_by_name(permission[i]), 0x8A6D0001u);
  }
  assert_int_equal((uint32_t)call_by_name("sceAgcDriverRequestCaptureStart"), 0x8A6C1000u);
  assert_int_equal((uint32_t)call_by_name("sceAgcDriverRequestCaptureStop"), 0x8A6C1000u);
  assert_int_equal((uint32_t)call_by_name("sceAgcDriverTriggerCapture"), 0x8A6C1000u);
  assert_int_equal(call_by_name("sceAgcDriverIsPaDebug"), 0);
  assert_int_equal(call_by_name("sceAgcDriverGetTraceInitiator"), 0);
  /* the newer builds' submit-validation controls: 0x8A6C1000 whatever the arguments */
  static const char *const validation[] = {
      "sceAgcDriverSetSubmitValidationMode",           "sceAgcDriverGetSubmitValidationMode",
      "sceAgcDriverSetSubmitValidationConfig",         "sceAgcDriverGetSubmitValidationConfig",
      "sceAgcDriverSetValidationErrorOutputFrequency",
  };
  for (size_t i = 0; i < sizeof validation / sizeof validation[0]; i++)
    assert_int_equal((uint32_t)call_by_name(validation[i]), 0x8A6C1000u);
  assert_int_equal(call_by_name("sceAgcDriverGetShaderDebuggingStatus"), 1);
}

/* The event of an interrupting release with context 0x101 (data 0x0101FF00, as measured):
 * GetEqContextId answers 0x101, GetEqEventType the id registered (0, the graphics queue's end
 * of pipe; a compute queue's id for its queue). */
static void test_event_accessors(void **state) {
  (void)state;
  uint64_t eq = 0;
  assert_int_equal(equeue_create("agc accessors", &eq), 0);
  assert_int_equal(agc_driver_add_eq_event(eq, AGC_DRIVER_EVENT_GFX_EOP, NULL), 0);
  assert_int_equal(agc_driver_add_eq_event(eq, 0x21, NULL), 0);
  agc_driver_interrupt(AGC_DRIVER_GFX_QUEUE, 0x28, 1, 0x101);
  struct equeue_event ev[2];
  int got = 0;
  assert_int_equal(equeue_wait(eq, ev, 2, 0, &got), 0);
  assert_int_equal(got, 1);
  assert_int_equal(agc_driver_get_eq_context_id(&ev[0]), 0x101u);
  assert_int_equal(agc_driver_get_eq_event_type(&ev[0]), 0);
  /* compute queue 2 (command processor numbering) is ACB queue id 0x21 */
  agc_driver_interrupt(2, 0x28, 1, 0x08000103u);
  assert_int_equal(equeue_wait(eq, ev, 2, 0, &got), 0);
  assert_int_equal(got, 1);
  assert_int_equal(agc_driver_get_eq_context_id(&ev[0]), 0x08000103u);
  assert_int_equal(agc_driver_get_eq_event_type(&ev[0]), 0x21);
  assert_int_equal(agc_driver_delete_eq_event(eq, AGC_DRIVER_EVENT_GFX_EOP), 0);
  assert_int_equal(agc_driver_delete_eq_event(eq, 0x21), 0);
  assert_int_equal(equeue_delete(eq), 0);
  agc_driver_reset();

  /* an event written by hand: the top 48 bits of the data are the context id */
  struct equeue_event e = {.ident = 0, .filter = EQUEUE_FILTER_GRAPHICS, .data = 0xFF00};
  assert_int_equal(agc_driver_get_eq_context_id(&e), 0);
  e.data = 0x0101FF00;
  assert_int_equal(agc_driver_get_eq_context_id(&e), 0x101u);
  /* a NULL event answers 0 (logged) instead of crashing */
  assert_int_equal(agc_driver_get_eq_context_id(NULL), 0);
  assert_int_equal(agc_driver_get_eq_event_type(NULL), 0);
}

static void test_tf_ring(void **state) {
  (void)state;
  agc_driver_async_reset();
  uint64_t base = 1;
  uint32_t size = 1;
  assert_int_equal(agc_driver_tf_ring(&base, &size), -1);
  /* a 256-byte aligned address and a size in dwords */
  assert_int_equal(agc_driver_set_tf_ring((const void *)(uintptr_t)0x200100000ull, 0x20000), 0);
  assert_int_equal(agc_driver_tf_ring(&base, &size), 0);
  assert_int_equal(base, 0x200100000ull);
  assert_int_equal(size, 0x20000);
  /* refused, the recorded ring kept: an address off 256 bytes, a size off a dword */
  assert_int_equal(agc_driver_set_tf_ring((const void *)(uintptr_t)0x200100080ull, 0x20000),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_set_tf_ring((const void *)(uintptr_t)0x200100001ull, 0x20000),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_set_tf_ring((const void *)(uintptr_t)0x200200000ull, 0x20002),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_tf_ring(&base, &size), 0);
  assert_int_equal(base, 0x200100000ull);
  assert_int_equal(size, 0x20000);
  agc_driver_async_reset();
}

/* AgrSubmit*: 0x8A6D0003 and nothing queued while the AGR flag is clear (before any
 * SetupAsyncGraphics, and after one with flag 0); the graphics queue after SetupAsyncGraphics
 * with a non-zero flag (our reading). SetupAsyncGraphics itself answers 0. */
static void test_async_graphics(void **state) {
  (void)state;
  agc_driver_async_reset();
  memset(&subs, 0, sizeof subs);
  const struct agc_driver_ops ops = {.submit = fake_submit};
  agc_driver_set_ops(&ops);
  static uint32_t a[4], b[6];
  struct agc_driver_submit p = {.addr = a, .dwords = 4};
  const uint32_t *addrs[2] = {a, b};
  const uint32_t dwords[2] = {4, 6};

  assert_int_equal((uint32_t)agc_driver_agr_submit_dcb(&p), 0x8A6D0003u);
  assert_int_equal((uint32_t)agc_driver_agr_submit_dcb(NULL), 0x8A6D0003u); /* flag first */
  assert_int_equal((uint32_t)agc_driver_agr_submit_multi_dcbs(addrs, dwords, 2), 0x8A6D0003u);
  assert_int_equal(agc_driver_setup_async_graphics(0), 0);
  assert_int_equal((uint32_t)agc_driver_agr_submit_dcb(&p), 0x8A6D0003u);
  assert_int_equal(subs.n, 0);

  assert_int_equal(agc_driver_setup_async_graphics(1), 0);
  assert_int_equal(agc_driver_agr_submit_dcb(&p), 0);
  assert_int_equal(subs.n, 1);
  assert_int_equal(subs.queue[0], AGC_DRIVER_GFX_QUEUE);
  assert_int_equal(subs.addr[0], (uint64_t)(uintptr_t)a);
  assert_int_equal(subs.dwords[0], 4);
  assert_int_equal(agc_driver_agr_submit_multi_dcbs(addrs, dwords, 2), 0);
  assert_int_equal(subs.n, 3);
  assert_int_equal(subs.addr[2], (uint64_t)(uintptr_t)b);
  assert_int_equal(subs.dwords[2], 6);
  /* the submit's own checks then apply */
  assert_int_equal(agc_driver_agr_submit_dcb(NULL), AGC_DRIVER_ERROR_EINVAL);
  /* a later call with flag 0 closes the path again */
  assert_int_equal(agc_driver_setup_async_graphics(0), 0);
  assert_int_equal((uint32_t)agc_driver_agr_submit_dcb(&p), 0x8A6D0003u);
  assert_int_equal(subs.n, 3);
  agc_driver_set_ops(NULL);
  agc_driver_async_reset();
}

/* The 40 bytes as ten dwords, the aperture's address split into the first two. */
static void expect_descriptor(const uint32_t got[10], uint64_t address) {
  const uint32_t want[10] = {(uint32_t)address,
                             (uint32_t)(address >> 32),
                             0x19000u,
                             0,
                             0x3BFu,
                             0x2000u,
                             0x2281u,
                             0x2400u,
                             0x2843u,
                             0};
  for (int i = 0; i < 10; i++)
    if (got[i] != want[i]) fail_msg("dword %d: 0x%08x, expected 0x%08x", i, got[i], want[i]);
}

static void test_reg_shadow_info(void **state) {
  (void)state;
  assert_int_equal((uint32_t)agc_driver_get_reg_shadow_info(NULL), 0x8A6D0003u);
  assert_int_equal((uint32_t)agc_driver_get_reg_shadow_info_agr(NULL), 0x8A6D0003u);
  uint64_t aperture = agc_driver_shadow_aperture();
  assert_int_not_equal(aperture, 0);
  assert_int_equal(aperture % 0x200000u, 0);                /* 2 MiB aligned */
  assert_int_equal(agc_driver_shadow_aperture(), aperture); /* made once */
  uint32_t out[12];
  memset(out, 0xA5, sizeof out);
  assert_int_equal(agc_driver_get_reg_shadow_info((struct agc_driver_shadow_info *)out), 0);
  expect_descriptor(out, aperture + 0x8000u);
  assert_int_equal(out[10], 0xA5A5A5A5u); /* 40 bytes, nothing more */
  memset(out, 0xA5, sizeof out);
  assert_int_equal(agc_driver_get_reg_shadow_info_agr((struct agc_driver_shadow_info *)out), 0);
  expect_descriptor(out, aperture + 0x21000u);
  assert_int_equal(out[10], 0xA5A5A5A5u);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_constant_answers), cmocka_unit_test(test_event_accessors),
      cmocka_unit_test(test_tf_ring),          cmocka_unit_test(test_async_graphics),
      cmocka_unit_test(test_reg_shadow_info),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
