/* libSceAgcDriver's entry points beside submission (agc_driver.h): the ones the retail library
 * compiles to a constant answer (agc_driver_fixed.c), the event accessors (agc_driver_eq.c),
 * the tessellation ring and the async graphics ring (agc_driver_async.c), the register-shadow
 * aperture (agc_driver_shadow.c), the resource-name limit and the default queues'
 * configuration bit (agc_driver_debug.c). docs/agc.md gives the source of each fact. */
#ifndef PROSPERO_HLE_LIBSCEAGCDRIVER_AGC_DRIVER_MISC_H
#define PROSPERO_HLE_LIBSCEAGCDRIVER_AGC_DRIVER_MISC_H

#include <stdbool.h>
#include <stdint.h>

#include "hle/libSceAgcDriver/agc_driver.h"
#include "kernel/equeue.h"

/* The retail library's answers (read from the console's libSceAgcDriver.sprx, OpenAGC's
 * records): the debug-only exports log "permission insufficient" and return
 * PERMISSION_INSUFFICIENT; the async graphics ring's submits answer AGR_NOT_SET_UP while the
 * driver's AGR flag is clear; the capture controls answer CAPTURE_UNAVAILABLE. */
#define AGC_DRIVER_ERROR_PERMISSION_INSUFFICIENT ((int)0x8A6D0001u)
#define AGC_DRIVER_ERROR_AGR_NOT_SET_UP ((int)0x8A6D0003u)
#define AGC_DRIVER_ERROR_CAPTURE_UNAVAILABLE ((int)0x8A6C1000u)
/* GetRegShadowInfo's answer for a NULL output (the same value as AGR_NOT_SET_UP). */
#define AGC_DRIVER_ERROR_NULL_OUTPUT ((int)0x8A6D0003u)

/* ---- agc_driver_fixed.c: constant answers ------------------------------------------- */
/* Each logs its name once and returns PERMISSION_INSUFFICIENT. */
int agc_driver_get_pa_debug_interface_version(void);
int agc_driver_get_gpu_ref_clks(void);
int agc_driver_submit_multi_command_buffers_direct(void);
int agc_driver_suspend_point_submit_direct(void);
int agc_driver_is_suspend_point_in_flight(void);
int agc_driver_is_suspend_point_in_flight_direct(void);
int agc_driver_set_tf_ring_direct(void);
int agc_driver_set_hs_offchip_param_direct(void);
/* RequestCaptureStart / RequestCaptureStop / TriggerCapture: CAPTURE_UNAVAILABLE. */
int agc_driver_capture_unavailable(void);
/* IsPaDebug and GetTraceInitiator: 0. */
int agc_driver_constant_zero(void);
/* The submit-validation controls of newer builds: CAPTURE_UNAVAILABLE's value (0x8A6C1000). */
int agc_driver_validation_unavailable(void);
/* GetShaderDebuggingStatus: 1. */
int agc_driver_get_shader_debugging_status(void);

/* ---- agc_driver_eq.c: the GRAPHICS event's fields ------------------------------------ */
/* sceAgcDriverGetEqContextId(ev): the context id of the interrupt that posted EV, the event's
 * data >> 16 (the console's function shifts the event's data right by 16). */
uint32_t agc_driver_get_eq_context_id(const struct equeue_event *ev);
/* sceAgcDriverGetEqEventType(ev): the event id AddEqEvent registered (the event's ident) for a
 * GRAPHICS event, the data for another filter (our reading; PARTIAL). */
int agc_driver_get_eq_event_type(const struct equeue_event *ev);

/* ---- agc_driver_async.c: tessellation ring, async graphics ring ---------------------- */
/* sceAgcDriverSetTFRing(base, size): BASE 256-byte aligned and SIZE a multiple of 4 (the
 * console's checks), else EINVAL (ours); the ring is recorded for the GPU. */
#define AGC_DRIVER_TF_RING_ALIGN 0x100u
#define AGC_DRIVER_TF_RING_SIZE_ALIGN 4u
int agc_driver_set_tf_ring(const void *base, uint32_t size);
/* The ring SetTFRing recorded: 0 and *BASE, *SIZE, or -1 when none was set. */
int agc_driver_tf_ring(uint64_t *base, uint32_t *size);
/* sceAgcDriverSetupAsyncGraphics(flag): 0; the first call sets the ring up, every call
 * records FLAG != 0 (the console selects its AGR submit path by it). */
int agc_driver_setup_async_graphics(uint32_t flag);
/* sceAgcDriverAgrSubmitDcb(packet) / AgrSubmitMultiDcbs(addrs, dwords, count):
 * AGR_NOT_SET_UP (nothing queued) until SetupAsyncGraphics was given a non-zero flag, then
 * as SubmitDcb / SubmitMultiDcbs on the graphics queue (our reading; PARTIAL). */
int agc_driver_agr_submit_dcb(const struct agc_driver_submit *packet);
int agc_driver_agr_submit_multi_dcbs(const uint32_t *const *addrs, const uint32_t *dwords,
                                     uint32_t count);
/* ---- agc_driver_shadow.c: the register-shadow aperture ------------------------------ */
/* The console driver's 2 MiB aperture (address hint, size and alignment) and its two
 * register-shadow ranges (offsets, size); the 40-byte descriptor of one range. */
#define AGC_DRIVER_SHADOW_HINT 0xFE0000000ull
#define AGC_DRIVER_SHADOW_SIZE 0x200000u
#define AGC_DRIVER_SHADOW_FIRST 0x8000u
#define AGC_DRIVER_SHADOW_SECOND 0x21000u
#define AGC_DRIVER_SHADOW_RANGE_SIZE 0x19000u
struct agc_driver_shadow_info {
  uint64_t address;   /* +0x00 */
  uint32_t size;      /* +0x08 */
  uint32_t ranges[6]; /* +0x0C */
  uint32_t reserved;  /* +0x24 */
};
_Static_assert(sizeof(struct agc_driver_shadow_info) == 40, "the descriptor is 40 bytes");
/* The aperture's guest address, committed on the first call; 0 without memory. */
uint64_t agc_driver_shadow_aperture(void);
/* Descriptor WHICH (0 the first range, 1 the second) into *OUT; false without memory. */
bool agc_driver_shadow_descriptor(unsigned which, struct agc_driver_shadow_info *out);
/* sceAgcDriverGetRegShadowInfo(out) / GetRegShadowInfoAgr(out): NULL_OUTPUT for a NULL OUT,
 * else the first (the AGR form: the second) descriptor copied to OUT and 0 (PARTIAL). */
int agc_driver_get_reg_shadow_info(struct agc_driver_shadow_info *out);
int agc_driver_get_reg_shadow_info_agr(struct agc_driver_shadow_info *out);

/* Forgets the ring and the async state (tests). */
void agc_driver_async_reset(void);

/* ---- agc_driver_debug.c: resource-name limit, the default queues' configuration bit ----- */
/* sceAgcDriverGetResourceRegistrationMaxNameLength(): 32 (OpenAGC's record, from a reference
 * HLE, not the SPRX: PARTIAL). */
#define AGC_DRIVER_RESOURCE_NAME_MAX 32u
uint32_t agc_driver_get_resource_registration_max_name_length(void);
/* sceAgcDriverGetReservedDmemForAgc(base_out, size_out): NULL_OUTPUT (0x8A6D0003) when either
 * pointer is NULL, else 0 with *BASE_OUT = the driver's 2 MiB window (the register-shadow
 * aperture above) + 0x40000 and *SIZE_OUT = 0x1B0000, the window's fifth region, where
 * libSceAgc's constructor puts its table (0xFE0040000 when the window is at its hint). */
#define AGC_DRIVER_RESERVED_DMEM_OFFSET 0x40000u
#define AGC_DRIVER_RESERVED_DMEM_SIZE 0x1B0000u
int agc_driver_get_reserved_dmem_for_agc(uint64_t *base_out, uint32_t *size_out);
/* sceAgcDriverSuspendPointSubmit(packet): the console's body reads SubmitDcb's 16-byte packet
 * (address, dwords, queue byte) and submits it under the driver's submit lock; here it is
 * SubmitDcb on the graphics queue (the suspend point itself is not modelled: PARTIAL). */
int agc_driver_suspend_point_submit(const struct agc_driver_submit *packet);
/* sceAgcDriverPatchClearState(values, count): 0x8A6D0003 (the console's) for COUNT above 0x400,
 * before reading VALUES; EINVAL (ours) for NULL values with a count; else 0, the patch not
 * applied to the command processor's clear state (PARTIAL). */
#define AGC_DRIVER_CLEAR_STATE_PATCH_MAX 0x400u
#define AGC_DRIVER_ERROR_PATCH_COUNT ((int)0x8A6D0003u)
int agc_driver_patch_clear_state(const void *values, uint32_t count);

#endif
