/* libSceAgcDriver's entry points that the retail library compiles to a constant answer
 * (agc_driver_misc.h). What the console's module does, as the OpenAGC project read it from
 * libSceAgcDriver.sprx (every active firmware 3.20-12.70 unless said):
 *   - GetPaDebugInterfaceVersion (FW 5.50: a 39-byte body that logs "permission insufficient"
 *     and the function's name, then returns 0x8A6D0001, no ioctl; measured on hardware too),
 *     the Direct forms of suspend-point submit and query, of SetTFRing and of
 *     SetHsOffchipParam (one 39-byte permission stub in all 39 images), the Direct multi
 *     command-buffer submit (FW 5.50), GetGpuRefClks and IsSuspendPointInFlight (stubs that
 *     return 0x8A6D0001): PERMISSION_INSUFFICIENT, nothing else done;
 *   - RequestCaptureStart, RequestCaptureStop, TriggerCapture: 0x8A6C1000;
 *   - IsPaDebug (`xor eax, eax; ret`) and GetTraceInitiator: 0;
 *   - the five submit-validation controls of the newer builds titles bundle (Set/Get
 *     SubmitValidationMode, Set/GetSubmitValidationConfig, SetValidationErrorOutputFrequency:
 *     `mov eax, 0x8A6C1000; ret`, no argument read, nothing written): 0x8A6C1000;
 *   - GetShaderDebuggingStatus (FW 5.50): 1. */
#include "common/log.h"
#include "hle/libSceAgcDriver/agc_driver_misc.h"

/* The console logs the refusal on every call; ours logs each function once. */
#define PERMISSION_STUB(fn_, name_)                                                             \
  int fn_(void) {                                                                               \
    LOG_ONCE(hle, WARN, "%s: permission insufficient (0x8A6D0001, the retail module's answer)", \
             name_);                                                                            \
    return AGC_DRIVER_ERROR_PERMISSION_INSUFFICIENT;                                            \
  }

PERMISSION_STUB(agc_driver_get_pa_debug_interface_version, "sceAgcDriverGetPaDebugInterfaceVersion")
PERMISSION_STUB(agc_driver_get_gpu_ref_clks, "sceAgcDriverGetGpuRefClks")
PERMISSION_STUB(agc_driver_submit_multi_command_buffers_direct,
                "sceAgcDriverSubmitMultiCommandBuffersDirect")
PERMISSION_STUB(agc_driver_suspend_point_submit_direct, "sceAgcDriverSuspendPointSubmitDirect")
PERMISSION_STUB(agc_driver_is_suspend_point_in_flight, "sceAgcDriverIsSuspendPointInFlight")
PERMISSION_STUB(agc_driver_is_suspend_point_in_flight_direct,
                "sceAgcDriverIsSuspendPointInFlightDirect")
PERMISSION_STUB(agc_driver_set_tf_ring_direct, "sceAgcDriverSetTFRingDirect")
PERMISSION_STUB(agc_driver_set_hs_offchip_param_direct, "sceAgcDriverSetHsOffchipParamDirect")

int agc_driver_capture_unavailable(void) { return AGC_DRIVER_ERROR_CAPTURE_UNAVAILABLE; }

int agc_driver_constant_zero(void) { return 0; }

int agc_driver_validation_unavailable(void) { return AGC_DRIVER_ERROR_CAPTURE_UNAVAILABLE; }

int agc_driver_get_shader_debugging_status(void) { return 1; }
