/* The libSceAgcDriver table: one line per known entry point (see hle/hle.h). NIDs derive
 * from the names (checked by tests/unit/hle). docs/agc.md says what each PARTIAL leaves out. */
#include "hle/hle.h"
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceAgcDriver/agc_driver_workload.h"
#include "hle/libSceAgcDriver/agc_driver_misc.h"

/* Entry points not implemented yet: each logs once and returns 0 (NULL for the builders). */
HLE_STUB_DEFINE(agc_driver_stub_o_fb2h_mco_ja4, libSceAgcDriver oFb2hMcoJa4, 0)
HLE_STUB_DEFINE(agc_driver_stub_register_gpu_reset_callbacks, sceAgcDriverRegisterGpuResetCallbacks,
                0)
HLE_STUB_DEFINE(agc_driver_stub_unregister_gpu_reset_callbacks,
                sceAgcDriverUnregisterGpuResetCallbacks, 0)
HLE_STUB_DEFINE(agc_driver_stub_user_data_immediate_write_packet,
                sceAgcDriverUserDataImmediateWritePacket, 0)
HLE_STUB_DEFINE(agc_driver_stub_acquire_razor_acq, sceAgcDriverAcquireRazorACQ, 0)
HLE_STUB_DEFINE(agc_driver_stub_cwsr_resume_acq, sceAgcDriverCwsrResumeAcq, 0)
HLE_STUB_DEFINE(agc_driver_stub_cwsr_suspend_acq, sceAgcDriverCwsrSuspendAcq, 0)
HLE_STUB_DEFINE(agc_driver_stub_debug_hardware_status, sceAgcDriverDebugHardwareStatus, 0)
HLE_STUB_DEFINE(agc_driver_stub_get_hs_offchip_param, sceAgcDriverGetHsOffchipParam, 0)
HLE_STUB_DEFINE(agc_driver_stub_get_tf_ring, sceAgcDriverGetTFRing, 0)
HLE_STUB_DEFINE(agc_driver_stub_idhs_submit, sceAgcDriverIDHSSubmit, 0)
HLE_STUB_DEFINE(agc_driver_stub_module_registration, sceAgcDriverModuleRegistration, 0)
HLE_STUB_DEFINE(agc_driver_stub_notify_default_states, sceAgcDriverNotifyDefaultStates, 0)
HLE_STUB_DEFINE(agc_driver_stub_pass_info_downward, sceAgcDriverPassInfoDownward, 0)
HLE_STUB_DEFINE(agc_driver_stub_setup_register_shadow, sceAgcDriverSetupRegisterShadow, 0)
HLE_STUB_DEFINE(agc_driver_stub_submit_to_hdr_scopes_acq, sceAgcDriverSubmitToHDRScopesACQ, 0)
HLE_STUB_DEFINE(agc_driver_stub_submit_to_razor_acq, sceAgcDriverSubmitToRazorACQ, 0)
HLE_STUB_DEFINE(agc_driver_stub_sys_enable_submit_done45_exception,
                sceAgcDriverSysEnableSubmitDone45Exception, 0)
HLE_STUB_DEFINE(agc_driver_stub_sys_get_client_number, sceAgcDriverSysGetClientNumber, 0)
HLE_STUB_DEFINE(agc_driver_stub_tmp_init_idhs, sceAgcDriverTmpInitIdhs, 0)
HLE_STUB_DEFINE(agc_driver_stub_user_data_write_push_marker, sceAgcDriverUserDataWritePushMarker, 0)
HLE_STUB_DEFINE(agc_driver_stub_user_data_write_set_marker, sceAgcDriverUserDataWriteSetMarker, 0)
HLE_STUB_DEFINE(agc_driver_stub_set_hs_offchip_param, sceAgcDriverSetHsOffchipParam, 0)

/* Session 27 (agc_driver_debug.c's area): exports named in OpenAGC's NID records
 * (analysis/agc_known_nids.tsv, agc_nids_version_variants.tsv) whose bodies no public source
 * records: each logs once and returns 0 (docs/agc.md "The driver's other exports"). */
HLE_STUB_DEFINE(agc_driver_stub_agd_get_application_gpu_debug, sceAgdGetApplicationGpuDebug, 0)
HLE_STUB_DEFINE(agc_driver_stub_agd_get_system_gpu_debug, sceAgdGetSystemGpuDebug, 0)
HLE_STUB_DEFINE(agc_driver_stub_agd_reset_gpu, sceAgdResetGpu, 0)
HLE_STUB_DEFINE(agc_driver_stub_agd_set_application_gpu_debug, sceAgdSetApplicationGpuDebug, 0)
HLE_STUB_DEFINE(agc_driver_stub_hp3d_lock_start, sceAgcDriverHp3dLockStart, 0)
HLE_STUB_DEFINE(agc_driver_stub_hp3d_lock_end, sceAgcDriverHp3dLockEnd, 0)
HLE_STUB_DEFINE(agc_driver_stub_allocate_tool_memory_for_gpu_reset,
                sceAgcDriverAllocateToolMemoryForGpuReset, 0)
HLE_STUB_DEFINE(agc_driver_stub_get_allocated_tool_memory_for_gpu_reset,
                sceAgcDriverGetAllocatedToolMemoryForGpuReset, 0)
HLE_STUB_DEFINE(agc_driver_stub_register_capture_interface, sceAgcDriverRegisterCaptureInterface, 0)
HLE_STUB_DEFINE(agc_driver_stub_deregister_capture_interface,
                sceAgcDriverDeregisterCaptureInterface, 0)
HLE_STUB_DEFINE(agc_driver_stub_release_razor_acq, sceAgcDriverReleaseRazorACQ, 0)
HLE_STUB_DEFINE(agc_driver_stub_set_target_ring_for_diag, sceAgcDriverSetTargetRingForDiag, 0)
/* The FW 3.20 SDMA exports (names from the 3.20 stub list; FW 5.50 and later do not export
 * them, their successor SdmaCopyLinearBlocking refuses every call). */
HLE_STUB_DEFINE(agc_driver_stub_sdma_close, sceAgcSdmaClose, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_const_fill, sceAgcSdmaConstFill, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_copy_linear, sceAgcSdmaCopyLinear, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_copy_tiled_bc, sceAgcSdmaCopyTiledBC, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_copy_tiled_gen2, sceAgcSdmaCopyTiledGen2, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_copy_window_bc, sceAgcSdmaCopyWindowBC, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_copy_window_gen2, sceAgcSdmaCopyWindowGen2, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_flush, sceAgcSdmaFlush, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_open, sceAgcSdmaOpen, 0)
HLE_STUB_DEFINE(agc_driver_stub_sdma_set_tile_modes_bc, sceAgcSdmaSetTileModesBC, 0)

static const struct hle_symbol agc_driver_symbols[] = {
    HLE_FUNC("MetMOQVd8HY", sceAgcDriverAcquireRazorACQ, agc_driver_stub_acquire_razor_acq,
             HLE_STUB),
    /* PARTIAL: ids other than 0 and the compute queue ids are never posted (logged); the event data
       is our reading. */
    HLE_FUNC("w2rJhmD+dsE", sceAgcDriverAddEqEvent, agc_driver_add_eq_event, HLE_PARTIAL),
    /* PARTIAL: 0x8A6D0003 while the driver's AGR flag is clear (the console's answer); which call
       sets it is not recorded: here SetupAsyncGraphics with a non-zero flag, then the graphics
       queue (docs/agc.md). */
    HLE_FUNC("AhGvpITrf4M", sceAgcDriverAgrSubmitDcb, agc_driver_agr_submit_dcb, HLE_PARTIAL),
    /* PARTIAL: as AgrSubmitDcb, with SubmitMultiDcbs's three arguments. */
    HLE_FUNC("+T8Xo6LtFJI", sceAgcDriverAgrSubmitMultiDcbs, agc_driver_agr_submit_multi_dcbs,
             HLE_PARTIAL),
    /* PARTIAL: the object's other bytes, the types other than 0 (a compute queue of its own)
       and the error codes are ours (docs/agc.md). */
    HLE_FUNC("zP4ZNlXLBVg", sceAgcDriverCreateQueue, agc_driver_create_queue, HLE_PARTIAL),
    HLE_FUNC("1DXIHxWHZAQ", sceAgcDriverCwsrResumeAcq, agc_driver_stub_cwsr_resume_acq, HLE_STUB),
    HLE_FUNC("SOAMmdlyaIc", sceAgcDriverCwsrSuspendAcq, agc_driver_stub_cwsr_suspend_acq, HLE_STUB),
    HLE_FUNC("1BUTwixUG5Y", sceAgcDriverDebugHardwareStatus, agc_driver_stub_debug_hardware_status,
             HLE_STUB),
    /* PARTIAL: the error codes are ours. */
    HLE_FUNC("DL2RXaXOy88", sceAgcDriverDeleteEqEvent, agc_driver_delete_eq_event, HLE_PARTIAL),
    /* PARTIAL: 0x8A6D0003 as measured, the queue kept (when the console accepts a destroy is not
       known); the error code for an unknown object is ours. */
    HLE_FUNC("XNbrdwCsZ9A", sceAgcDriverDestroyQueue, agc_driver_destroy_queue, HLE_PARTIAL),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("5l3IfCFJxBs", sceAgcDriverFindResourcesPublic,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* The retail code is `mov eax, 0x8A6C9018; ret` (a public reading of the firmware 12.02
       module, which titles import beside the resource registration). */
    HLE_FUNC("F0ZXt5q0ZTA", sceAgcDriverGetDefaultOwner,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* The event's data >> 16, as the console's body computes it: the context id. */
    HLE_FUNC("Zw7uUVPulbw", sceAgcDriverGetEqContextId, agc_driver_get_eq_context_id,
             HLE_IMPLEMENTED),
    /* PARTIAL: the registered event id (ident) of a GRAPHICS event: our reading, the console's
       body is not recorded. */
    HLE_FUNC("5CdQTZIQPxM", sceAgcDriverGetEqEventType, agc_driver_get_eq_event_type, HLE_PARTIAL),
    /* 0x8A6D0001: the retail body is a stub returning it (OpenAGC's NID record). */
    HLE_FUNC("g68eYcZS7PY", sceAgcDriverGetGpuRefClks, agc_driver_get_gpu_ref_clks,
             HLE_IMPLEMENTED),
    HLE_FUNC("r28hEh6cNH0", sceAgcDriverGetHsOffchipParam, agc_driver_stub_get_hs_offchip_param,
             HLE_STUB),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("LepGrgk77sM", sceAgcDriverGetOwnerName,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0x8A6D0001 after logging "permission insufficient", no ioctl (FW 5.50 body at 0x2B0,
       measured on hardware). */
    HLE_FUNC("Pqxglq1oKec", sceAgcDriverGetPaDebugInterfaceVersion,
             agc_driver_get_pa_debug_interface_version, HLE_IMPLEMENTED),
    /* PARTIAL: NULL output 0x8A6D0003 and a 40-byte copy, as the console's body; that the copy is
       the driver's first register-shadow descriptor is our reading (docs/agc.md). */
    HLE_FUNC("CP-kVAMmWVw", sceAgcDriverGetRegShadowInfo, agc_driver_get_reg_shadow_info,
             HLE_PARTIAL),
    /* PARTIAL: as GetRegShadowInfo with the second descriptor (our reading: its body is not
       recorded). */
    HLE_FUNC("ME1eUot7+Qw", sceAgcDriverGetRegShadowInfoAgr, agc_driver_get_reg_shadow_info_agr,
             HLE_PARTIAL),
    /* 0x8A6D0003 for a NULL output, else the driver window + 0x40000 and 0x1B0000 (the FW
       12.02 body and a console's answer, docs/agc.md); the window is the register-shadow
       aperture (at 0xFE0000000 when free). */
    HLE_FUNC("Um-jkyDy9rI", sceAgcDriverGetReservedDmemForAgc, agc_driver_get_reserved_dmem_for_agc,
             HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("NghWEUXp1qM", sceAgcDriverGetResourceBaseAddressAndSizeInBytes,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("M9yBzRKkjPc", sceAgcDriverGetResourceName,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("mXn+K9E-wOA", sceAgcDriverGetResourceShaderGuid,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("rI9lNAXPMIw", sceAgcDriverGetResourceType,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("ls4jfY576lw", sceAgcDriverGetResourceUserData,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    HLE_FUNC("2PrsbRYyZi4", sceAgcDriverGetSetFlipPacketSizeInDwords,
             agc_driver_get_set_flip_packet_size_in_dwords, HLE_IMPLEMENTED),
    /* 12 and 18 dwords: read from every firmware's module and measured (docs/agc.md). */
    HLE_FUNC("WNyjOWq8-Vk", sceAgcDriverGetSetWorkloadCompletePacketSize,
             agc_driver_get_set_workload_complete_packet_size, HLE_IMPLEMENTED),
    /* PARTIAL: 9, the dwords the inactive builder writes; the export's answer is not recorded. */
    HLE_FUNC("k8rLr8nq-hE", sceAgcDriverGetSetWorkloadStreamInactivePacketSize,
             agc_driver_get_set_workload_stream_inactive_packet_size, HLE_PARTIAL),
    HLE_FUNC("gyVTZWyySpM", sceAgcDriverGetSetWorkloadsActivePacketSize,
             agc_driver_get_set_workloads_active_packet_size, HLE_IMPLEMENTED),
    HLE_FUNC("e-YMQ+2tj9M", sceAgcDriverGetTFRing, agc_driver_stub_get_tf_ring, HLE_STUB),
    /* 0: the retail body is a stub returning it (OpenAGC's NID record). */
    HLE_FUNC("xDPdCurOujQ", sceAgcDriverGetTraceInitiator, agc_driver_constant_zero,
             HLE_IMPLEMENTED),
    HLE_FUNC("0MtUJ3BpGhE", sceAgcDriverGetWaitRenderingPacketSizeInDwords,
             agc_driver_get_wait_rendering_packet_size_in_dwords, HLE_IMPLEMENTED),
    /* PARTIAL: the arguments are two public readings', the codes and stream 0's answer ours;
       what is copied (32 bytes at most, the slot's value) is the console's (docs/agc.md). */
    HLE_FUNC("t8PLXbBCiRA", sceAgcDriverGetWorkloadStreamInfo, agc_driver_get_workload_stream_info,
             HLE_PARTIAL),
    HLE_FUNC("C2yjkNdzbW4", sceAgcDriverIDHSSubmit, agc_driver_stub_idhs_submit, HLE_STUB),
    HLE_FUNC("F0Y42t-3e18", sceAgcDriverInitResourceRegistration,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0: no capture, trace or submit validation exists here. */
    HLE_FUNC("Ddwk4gLT5j0", sceAgcDriverIsCaptureInProgress,
             agc_driver_no_capture_trace_or_validation, HLE_IMPLEMENTED),
    /* 0: `xor eax, eax; ret` in the FW 5.50 body. */
    HLE_FUNC("HMnVBVUyajk", sceAgcDriverIsPaDebug, agc_driver_constant_zero, HLE_IMPLEMENTED),
    /* 1: the FW 5.50 body's constant. */
    HLE_FUNC("rJUyMrDdxJg", sceAgcDriverGetShaderDebuggingStatus,
             agc_driver_get_shader_debugging_status, HLE_IMPLEMENTED),
    /* 0x8A6C1000: the newer builds' submit-validation controls read no argument and write
       nothing (OpenAGC's reading of a bundled libSceAgcDriver.sprx). */
    HLE_FUNC("+iAOE3jCnkk", sceAgcDriverSetSubmitValidationMode, agc_driver_validation_unavailable,
             HLE_IMPLEMENTED),
    HLE_FUNC("WHIOMbb+iIU", sceAgcDriverGetSubmitValidationMode, agc_driver_validation_unavailable,
             HLE_IMPLEMENTED),
    HLE_FUNC("chJWZcNSzjk", sceAgcDriverSetSubmitValidationConfig,
             agc_driver_validation_unavailable, HLE_IMPLEMENTED),
    HLE_FUNC("ICaGtkEIXTk", sceAgcDriverGetSubmitValidationConfig,
             agc_driver_validation_unavailable, HLE_IMPLEMENTED),
    HLE_FUNC("8F5j7U-Bq6s", sceAgcDriverSetValidationErrorOutputFrequency,
             agc_driver_validation_unavailable, HLE_IMPLEMENTED),
    /* The retail module's bodies return 0 and do nothing else (OpenAGC's SPRX reading): ours
       too, but a function that only answers success is counted as a stub. */
    HLE_FUNC("KtIXf8La96k", sceAgcDriverRegisterGpuResetCallbacks,
             agc_driver_stub_register_gpu_reset_callbacks, HLE_STUB),
    HLE_FUNC("DDCQA2fPQj0", sceAgcDriverUnregisterGpuResetCallbacks,
             agc_driver_stub_unregister_gpu_reset_callbacks, HLE_STUB),
    HLE_FUNC("tLTma0k0U3E", sceAgcDriverUserDataImmediateWritePacket,
             agc_driver_stub_user_data_immediate_write_packet, HLE_STUB),
    /* 0: no capture, trace or submit validation exists here. */
    HLE_FUNC("qspAL8bgcBY", sceAgcDriverIsSubmitValidationEnabled,
             agc_driver_no_capture_trace_or_validation, HLE_IMPLEMENTED),
    /* 0x8A6D0001: the retail query is a permission stub (OpenAGC's NID record). */
    HLE_FUNC("K15VxhSJOfc", sceAgcDriverIsSuspendPointInFlight,
             agc_driver_is_suspend_point_in_flight, HLE_IMPLEMENTED),
    /* 0x8A6D0001: the Direct export is a permission stub in every firmware 3.20-12.70. */
    HLE_FUNC("I6elAJxk6Jo", sceAgcDriverIsSuspendPointInFlightDirect,
             agc_driver_is_suspend_point_in_flight_direct, HLE_IMPLEMENTED),
    /* 0: no capture, trace or submit validation exists here. */
    HLE_FUNC("+TN0oRTBxJQ", sceAgcDriverIsTraceInProgress,
             agc_driver_no_capture_trace_or_validation, HLE_IMPLEMENTED),
    HLE_FUNC("04JRU1Uf8Ms", sceAgcDriverModuleRegistration, agc_driver_stub_module_registration,
             HLE_STUB),
    HLE_FUNC("nR6xhiFsOoc", sceAgcDriverNotifyDefaultStates, agc_driver_stub_notify_default_states,
             HLE_STUB),
    HLE_FUNC("aCfbPzyjU90", sceAgcDriverPassInfoDownward, agc_driver_stub_pass_info_downward,
             HLE_STUB),
    /* PARTIAL: 0x8A6D0003 above 0x400 entries, as the console's body; the patch is not applied
       to the clear state (its entries' layout is not recorded). */
    HLE_FUNC("lYz7vbL4W4A", sceAgcDriverPatchClearState, agc_driver_patch_clear_state, HLE_PARTIAL),
    HLE_FUNC("AOLcoIkQDgM", sceAgcDriverQueryResourceRegistrationUserMemoryRequirements,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    /* `mov eax, 0x8A6C9018; ret` in the retail code (the same reading as GetDefaultOwner). */
    HLE_FUNC("U9ueyEhSkF4", sceAgcDriverRegisterDefaultOwner,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    HLE_FUNC("emP3ckeS2uo", sceAgcDriverRegisterGdsResource,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* The retail library's resource registration returns 0x8A6C9018 and writes nothing. */
    HLE_FUNC("X-Nm5KLREeg", sceAgcDriverRegisterOwner,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    HLE_FUNC("W5z4eZrjEas", sceAgcDriverRegisterResource,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* PARTIAL: the error codes and the refusal of a registered stream are our reading. */
    HLE_FUNC("3AyTaWcF-H8", sceAgcDriverRegisterWorkloadStream, agc_driver_register_workload_stream,
             HLE_PARTIAL),
    /* 0x8A6C1000: the retail capture controls are stubs returning it. */
    HLE_FUNC("SAfhzJPcjuk", sceAgcDriverRequestCaptureStart, agc_driver_capture_unavailable,
             HLE_IMPLEMENTED),
    /* 0x8A6C1000: the retail capture controls are stubs returning it. */
    HLE_FUNC("FOwvmNlFLjM", sceAgcDriverRequestCaptureStop, agc_driver_capture_unavailable,
             HLE_IMPLEMENTED),
    /* The retail code logs the unsupported path and returns 0x8A6D0001 (a public reading of
       the firmware 12.02 module). */
    HLE_FUNC("bQ+En9GY3PM", sceAgcDriverSdmaCopyLinearBlocking,
             agc_driver_sdma_copy_linear_blocking, HLE_IMPLEMENTED),
    /* PARTIAL: the console's 64 dwords (captured, the RELEASE_MEM of the flip label with the id
       of the flip registered with video out), but the tag is measured for flip mode 1 only and
       the third argument is not known (ignored); EINVAL is ours. */
    HLE_FUNC("cwbxjPSJ7WQ", sceAgcDriverSetFlip, agc_driver_set_flip, HLE_PARTIAL),
    HLE_FUNC("MM4IZSEYytQ", sceAgcDriverSetHsOffchipParam, agc_driver_stub_set_hs_offchip_param,
             HLE_STUB),
    /* 0x8A6D0001: the Direct export is a permission stub in every firmware 3.20-12.70. */
    HLE_FUNC("DPcAnsOlTQs", sceAgcDriverSetHsOffchipParamDirect,
             agc_driver_set_hs_offchip_param_direct, HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("VOMSpd9+vxU", sceAgcDriverSetResourceUserData,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* PARTIAL: the console's alignment checks (base 256 bytes, size 4); the refusal's code is
       ours and the ring is recorded, not used (no tessellation). */
    HLE_FUNC("XlNp7jzGiPo", sceAgcDriverSetTFRing, agc_driver_set_tf_ring, HLE_PARTIAL),
    /* PARTIAL (the three builders): the words, ranges and codes are the console's; which check
       returns which code, the slot's address and the inactive form's arguments are ours
       (docs/agc.md "Workloads"). */
    HLE_FUNC("i6bfTi13ApA", sceAgcDriverSetWorkloadComplete, agc_driver_set_workload_complete,
             HLE_PARTIAL),
    HLE_FUNC("AU87qNukGi4", sceAgcDriverSetWorkloadStreamInactive,
             agc_driver_set_workload_stream_inactive, HLE_PARTIAL),
    HLE_FUNC("UM9b9NunSrE", sceAgcDriverSetWorkloadsActive, agc_driver_set_workloads_active,
             HLE_PARTIAL),
    /* PARTIAL: 0 and the flag recorded, as the console's body; the AGR and interrupt paths it
       selects there are modelled only by AgrSubmit* (docs/agc.md). */
    HLE_FUNC("Vlaj1gwmIFA", sceAgcDriverSetupAsyncGraphics, agc_driver_setup_async_graphics,
             HLE_PARTIAL),
    /* 0x8A6D0001: the Direct export is a permission stub in every firmware 3.20-12.70. */
    HLE_FUNC("16IjQxB-Heo", sceAgcDriverSetTFRingDirect, agc_driver_set_tf_ring_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("Hj4eWnDektQ", sceAgcDriverSetupRegisterShadow, agc_driver_stub_setup_register_shadow,
             HLE_STUB),
    /* PARTIAL: the error codes are ours (docs/agc.md). */
    HLE_FUNC("gSRnr79F8tQ", sceAgcDriverSubmitAcb, agc_driver_submit_acb, HLE_PARTIAL),
    /* PARTIAL: an object CreateQueue did not make goes to the graphics queue; the error codes
       are ours (docs/agc.md). */
    HLE_FUNC("b4fpgH5ZXxQ", sceAgcDriverSubmitCommandBuffer, agc_driver_submit_command_buffer,
             HLE_PARTIAL),
    /* PARTIAL: the error codes are ours (docs/agc.md). */
    HLE_FUNC("UglJIZjGssM", sceAgcDriverSubmitDcb, agc_driver_submit_dcb, HLE_PARTIAL),
    /* PARTIAL: the error codes are ours; the buffers are queued one after the other. */
    HLE_FUNC("HF3YllT3mXU", sceAgcDriverSubmitMultiAcbs, agc_driver_submit_multi_acbs, HLE_PARTIAL),
    /* PARTIAL: as SubmitCommandBuffer; the buffers are queued one after the other. */
    HLE_FUNC("Fj7r9EHzF38", sceAgcDriverSubmitMultiCommandBuffers,
             agc_driver_submit_multi_command_buffers, HLE_PARTIAL),
    /* 0x8A6D0001: the FW 5.50 export is a permission stub (logged on hardware). */
    HLE_FUNC("xmWi73o1BR0", sceAgcDriverSubmitMultiCommandBuffersDirect,
             agc_driver_submit_multi_command_buffers_direct, HLE_IMPLEMENTED),
    /* PARTIAL: the error codes are ours; the buffers are queued one after the other. */
    HLE_FUNC("6UzEidRZwkg", sceAgcDriverSubmitMultiDcbs, agc_driver_submit_multi_dcbs, HLE_PARTIAL),
    HLE_FUNC("lOYHtoUcJD4", sceAgcDriverSubmitToHDRScopesACQ,
             agc_driver_stub_submit_to_hdr_scopes_acq, HLE_STUB),
    HLE_FUNC("jJyVJyhi5h8", sceAgcDriverSubmitToRazorACQ, agc_driver_stub_submit_to_razor_acq,
             HLE_STUB),
    /* PARTIAL: SubmitDcb's packet, submitted as SubmitDcb (the console's body reads the same
       packet and submits under the driver's lock); the suspend point itself is not modelled. */
    HLE_FUNC("QcmHLO2n7mk", sceAgcDriverSuspendPointSubmit, agc_driver_suspend_point_submit,
             HLE_PARTIAL),
    /* 0x8A6D0001: the Direct export is a permission stub in every firmware 3.20-12.70. */
    HLE_FUNC("ZV04pRl7cWU", sceAgcDriverSuspendPointSubmitDirect,
             agc_driver_suspend_point_submit_direct, HLE_IMPLEMENTED),
    HLE_FUNC("x3K61sY5m8Q", sceAgcDriverSysEnableSubmitDone45Exception,
             agc_driver_stub_sys_enable_submit_done45_exception, HLE_STUB),
    HLE_FUNC("kuE1uTiWfuk", sceAgcDriverSysGetClientNumber, agc_driver_stub_sys_get_client_number,
             HLE_STUB),
    /* 0: a closed game does not run on (app/frames.c). */
    HLE_FUNC("ftf-xlfBQpo", sceAgcDriverSysIsGameClosed, agc_driver_game_not_closed,
             HLE_IMPLEMENTED),
    /* 0: the retail build returns 0 (a public listing of the module). */
    HLE_FUNC("BbI8si4o-fA", sceAgcDriverSysSubmitFlipHandleProxy, agc_driver_returns_zero,
             HLE_PARTIAL),
    HLE_FUNC("UM8rn9hRWrY", sceAgcDriverTmpInitIdhs, agc_driver_stub_tmp_init_idhs, HLE_STUB),
    /* 0x8A6C1000: the retail capture controls are stubs returning it. */
    HLE_FUNC("Xq5WmbwPTnQ", sceAgcDriverTriggerCapture, agc_driver_capture_unavailable,
             HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("SCoAN5fYlUM", sceAgcDriverUnregisterAllResourcesForOwner,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("ZLJk9r2+2Aw", sceAgcDriverUnregisterOwnerAndResources,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* 0x8A6C9018, as a public listing of the retail module gives it (the measured siblings
       below return the same). */
    HLE_FUNC("pWLG7WOpVcw", sceAgcDriverUnregisterResource,
             agc_driver_resource_registration_not_supported, HLE_IMPLEMENTED),
    /* PARTIAL: the error codes are our reading. */
    HLE_FUNC("n5ElQVYsU1A", sceAgcDriverUnregisterWorkloadStream,
             agc_driver_unregister_workload_stream, HLE_PARTIAL),
    /* PARTIAL: the formula read for the driver's user-data size helper; that this export is
       that helper (for sizes other than 0) is one project's model. */
    HLE_FUNC("VhLnEiTuuWo", sceAgcDriverUserDataGetPacketSize, agc_driver_user_data_get_packet_size,
             HLE_PARTIAL),
    /* 0: the retail build returns 0 (a public listing of the module). */
    HLE_FUNC("t30LG1ibIJE", sceAgcDriverUserDataImmediateWrite, agc_driver_returns_zero,
             HLE_PARTIAL),
    /* PARTIAL: the arguments are two public readings'; the words are the console's for 0 and 8
       bytes (the workload builders' prefix), the same rule for other sizes (ours). */
    HLE_FUNC("-vc-xL+G8u0", sceAgcDriverUserDataWritePacket, agc_driver_user_data_write_packet,
             HLE_PARTIAL),
    /* PARTIAL: the arguments are two public readings'; the 3 dwords are DcbPopMarker's measured
       words (tag 0xC2000000). */
    HLE_FUNC("LEnn-4ARRJM", sceAgcDriverUserDataWritePopMarker,
             agc_driver_user_data_write_pop_marker, HLE_PARTIAL),
    HLE_FUNC("+b34-CLWc0s", sceAgcDriverUserDataWritePushMarker,
             agc_driver_stub_user_data_write_push_marker, HLE_STUB),
    HLE_FUNC("zmw2uVSEj94", sceAgcDriverUserDataWriteSetMarker,
             agc_driver_stub_user_data_write_set_marker, HLE_STUB),
    /* The console's 32 dwords (captured: WAIT_REG_MEM64 on video out's flip label); the error
       code of a refused call is ours (docs/agc.md). */
    HLE_FUNC("u8BkdHb1+Po", sceAgcDriverWaitUntilSafeForRendering,
             agc_driver_wait_until_safe_for_rendering, HLE_IMPLEMENTED),
    /* ---- Session 27 (agc_driver_debug.c; docs/agc.md "The driver's other exports") ---- */
    HLE_FUNC("KKrEe-LWNG8", sceAgdGetApplicationGpuDebug,
             agc_driver_stub_agd_get_application_gpu_debug, HLE_STUB),
    HLE_FUNC("qDjJ+CgiMzs", sceAgdGetSystemGpuDebug, agc_driver_stub_agd_get_system_gpu_debug,
             HLE_STUB),
    HLE_FUNC("Dg-D0+2-m8g", sceAgdResetGpu, agc_driver_stub_agd_reset_gpu, HLE_STUB),
    HLE_FUNC("4JOwdjYqMpU", sceAgdSetApplicationGpuDebug,
             agc_driver_stub_agd_set_application_gpu_debug, HLE_STUB),
    HLE_FUNC("SOo3Lwyglfo", sceAgcDriverHp3dLockStart, agc_driver_stub_hp3d_lock_start, HLE_STUB),
    HLE_FUNC("u2g5VER9UnM", sceAgcDriverHp3dLockEnd, agc_driver_stub_hp3d_lock_end, HLE_STUB),
    HLE_FUNC("T8xEHO2Y+XU", sceAgcDriverAllocateToolMemoryForGpuReset,
             agc_driver_stub_allocate_tool_memory_for_gpu_reset, HLE_STUB),
    HLE_FUNC("4XJkjqVrJrs", sceAgcDriverGetAllocatedToolMemoryForGpuReset,
             agc_driver_stub_get_allocated_tool_memory_for_gpu_reset, HLE_STUB),
    HLE_FUNC("oz3Yd--lAEE", sceAgcDriverRegisterCaptureInterface,
             agc_driver_stub_register_capture_interface, HLE_STUB),
    HLE_FUNC("qR+S4WqJvUM", sceAgcDriverDeregisterCaptureInterface,
             agc_driver_stub_deregister_capture_interface, HLE_STUB),
    HLE_FUNC("TEOAw-eLjNo", sceAgcDriverReleaseRazorACQ, agc_driver_stub_release_razor_acq,
             HLE_STUB),
    HLE_FUNC("l0Jxfl0DEdo", sceAgcDriverSetTargetRingForDiag,
             agc_driver_stub_set_target_ring_for_diag, HLE_STUB),
    /* PARTIAL: 32 is OpenAGC's record from a reference HLE, not read from the SPRX; two other
       public HLEs write 256 through a pointer, and the retail siblings answer 0x8A6C9018. */
    HLE_FUNC("uJziRsODk1c", sceAgcDriverGetResourceRegistrationMaxNameLength,
             agc_driver_get_resource_registration_max_name_length, HLE_PARTIAL),
    HLE_FUNC("OYBiWgeGpPo", sceAgcSdmaClose, agc_driver_stub_sdma_close, HLE_STUB),
    HLE_FUNC("CmlLiND79W8", sceAgcSdmaConstFill, agc_driver_stub_sdma_const_fill, HLE_STUB),
    HLE_FUNC("7HmaD1MaWQs", sceAgcSdmaCopyLinear, agc_driver_stub_sdma_copy_linear, HLE_STUB),
    HLE_FUNC("DBZMYLxXRYA", sceAgcSdmaCopyTiledBC, agc_driver_stub_sdma_copy_tiled_bc, HLE_STUB),
    HLE_FUNC("hBsEOmOR3qQ", sceAgcSdmaCopyTiledGen2, agc_driver_stub_sdma_copy_tiled_gen2,
             HLE_STUB),
    HLE_FUNC("oWyZFLUVjcI", sceAgcSdmaCopyWindowBC, agc_driver_stub_sdma_copy_window_bc, HLE_STUB),
    HLE_FUNC("f4aTpX9UhD0", sceAgcSdmaCopyWindowGen2, agc_driver_stub_sdma_copy_window_gen2,
             HLE_STUB),
    HLE_FUNC("GOP1R6vumsg", sceAgcSdmaFlush, agc_driver_stub_sdma_flush, HLE_STUB),
    HLE_FUNC("aYySApdZmtE", sceAgcSdmaOpen, agc_driver_stub_sdma_open, HLE_STUB),
    HLE_FUNC("scA1QSh8cfE", sceAgcSdmaSetTileModesBC, agc_driver_stub_sdma_set_tile_modes_bc,
             HLE_STUB),
    /* Name unknown; libSceAgc's initialiser calls it. The FW 12.02 body sets or clears the
       default queues' bit 0x20000 by its argument, a bit only the console's submit path reads
       (into a register our command processor does not have): nothing here to set, so a stub
       answering 0 (docs/agc.md). */
    HLE_NID_FUNC("oFb2hMcoJa4", agc_driver_stub_o_fb2h_mco_ja4, HLE_STUB),
};

const struct hle_library hle_library_libSceAgcDriver = {
    .library_name = "libSceAgcDriver",
    .library_version = 1,
    .module_name = "libSceAgcDriver",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbol_count = sizeof agc_driver_symbols / sizeof agc_driver_symbols[0],
    .symbols = agc_driver_symbols,
};
