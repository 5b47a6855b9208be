/* The libSceAgc table: one line per known entry point (see hle/hle.h). NIDs derive from the
 * names (checked by tests/unit/hle); the names are those public PS5 projects give the
 * console library's exports. docs/agc.md says what each builder writes. */
#include "hle/hle.h"
#include "hle/libSceAgc/agc.h"
#include "hle/libSceAgc/agc_workload.h"

/* Entry points not implemented yet: each logs once and returns 0 (NULL for the builders). */
HLE_STUB_DEFINE(agc_stub_acb_atomic_gds, sceAgcAcbAtomicGds, 0)
HLE_STUB_DEFINE(agc_stub_acb_atomic_mem, sceAgcAcbAtomicMem, 0)
HLE_STUB_DEFINE(agc_stub_acb_dma_data, sceAgcAcbDmaData, 0)
HLE_STUB_DEFINE(agc_stub_acb_jump, sceAgcAcbJump, 0)
HLE_STUB_DEFINE(agc_stub_acb_mem_semaphore, sceAgcAcbMemSemaphore, 0)
HLE_STUB_DEFINE(agc_stub_acb_prime_utcl2, sceAgcAcbPrimeUtcl2, 0)
HLE_STUB_DEFINE(agc_stub_acb_rewind, sceAgcAcbRewind, 0)
HLE_STUB_DEFINE(agc_stub_dcb_atomic_gds, sceAgcDcbAtomicGds, 0)
HLE_STUB_DEFINE(agc_stub_dcb_context_state_op, sceAgcDcbContextStateOp, 0)
HLE_STUB_DEFINE(agc_stub_dcb_draw_index_multi_instanced, sceAgcDcbDrawIndexMultiInstanced, 0)
HLE_STUB_DEFINE(agc_stub_dcb_draw_index_multi_instanced_get_size,
                sceAgcDcbDrawIndexMultiInstancedGetSize, 0)
HLE_STUB_DEFINE(agc_stub_set_submit_mode, sceAgcSetSubmitMode, 0)
HLE_STUB_DEFINE(agc_stub_suspend_point, sceAgcSuspendPoint, 0)
HLE_STUB_DEFINE(agc_stub_suspend_point_and_check_status, sceAgcSuspendPointAndCheckStatus, 0)
HLE_STUB_DEFINE(agc_stub_update_interpolant_mapping, sceAgcUpdateInterpolantMapping, 0)
HLE_STUB_DEFINE(agc_stub_update_interpolant_mapping_0100, sceAgcUpdateInterpolantMapping_0100, 0)
/* The console fills through a compute shader of its own that nobody has recorded (OpenAGC binds
 * its own kernel there): NULL, the full-buffer answer, until its packets are known. */
HLE_STUB_DEFINE(agc_stub_cb_memset_exclusive, sceAgcCbMemsetExclusive, 0)

static const struct hle_symbol agc_symbols[] = {
    HLE_FUNC("KT-hTp-Ch14", sceAgcAcbAcquireMem, agc_acb_acquire_mem, HLE_IMPLEMENTED),
    HLE_FUNC("ewobAQeMo5k", sceAgcAcbAcquireMemGetSize, agc_dcb_acquire_mem_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("cduV1f0dcGQ", sceAgcAcbAtomicGds, agc_stub_acb_atomic_gds, HLE_STUB),
    HLE_FUNC("hcIxS8pmXF4", sceAgcAcbAtomicGdsGetSize, agc_atomic_gds_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("gQkqkLttcpw", sceAgcAcbAtomicGds_0900, agc_acb_atomic_gds_0900, HLE_IMPLEMENTED),
    HLE_FUNC("XKKuA6VkSRc", sceAgcAcbAtomicMem, agc_stub_acb_atomic_mem, HLE_STUB),
    HLE_FUNC("da1Sm8-QDoU", sceAgcAcbAtomicMemGetSize, agc_atomic_mem_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("qyM2bxYFPAk", sceAgcAcbCondExec, agc_dcb_cond_exec, HLE_IMPLEMENTED),
    HLE_FUNC("ozKzBP4aki4", sceAgcAcbCondExecGetSize, agc_dcb_cond_exec_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("qzMN2XKGA4k", sceAgcAcbCopyData, agc_acb_copy_data, HLE_PARTIAL),
    HLE_FUNC("CbQh3DKMSno", sceAgcAcbCopyDataGetSize, agc_copy_data_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("j3EtxFkSIhQ", sceAgcAcbDispatchIndirect, agc_acb_dispatch_indirect, HLE_IMPLEMENTED),
    HLE_FUNC("PxKWV2fVAps", sceAgcAcbDispatchIndirectGetSize, agc_acb_dispatch_indirect_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("-RnpfpxIhec", sceAgcAcbDmaData, agc_stub_acb_dma_data, HLE_STUB),
    HLE_FUNC("M0ttm8h7SKA", sceAgcAcbDmaDataGetSize, agc_dcb_dma_data_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("cFazmnXpJOE", sceAgcAcbEventWrite, agc_dcb_event_write, HLE_IMPLEMENTED),
    HLE_FUNC("Y-5vneiBtzk", sceAgcAcbEventWriteGetSize, agc_dcb_event_write_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("e1DFTg+Sd8U", sceAgcAcbJump, agc_stub_acb_jump, HLE_STUB),
    HLE_FUNC("b-oySn+G2tE", sceAgcAcbJumpGetSize, agc_acb_jump_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("q4VuU-QsLOE", sceAgcAcbMemSemaphore, agc_stub_acb_mem_semaphore, HLE_STUB),
    /* PARTIAL: the header is measured, the value is the graphics form's. */
    HLE_FUNC("6mFxkVqdmbQ", sceAgcAcbPopMarker, agc_acb_pop_marker, HLE_PARTIAL),
    HLE_FUNC("szG7hz2yEhA", sceAgcAcbPrimeUtcl2, agc_stub_acb_prime_utcl2, HLE_STUB),
    HLE_FUNC("eCjKaqeeQ5s", sceAgcAcbPrimeUtcl2GetSize, agc_prime_utcl2_get_size, HLE_IMPLEMENTED),
    /* PARTIAL: the header is measured, the value is the graphics form's. */
    HLE_FUNC("cpCILPya5Zk", sceAgcAcbPushMarker, agc_acb_push_marker, HLE_PARTIAL),
    /* PARTIAL: the words of its sibling (the text and length are not in them). */
    HLE_FUNC("8Kly1JrJUlw", sceAgcAcbPushMarkerSpan, agc_acb_push_marker_span, HLE_PARTIAL),
    HLE_FUNC("F8NLhWvFemI", sceAgcAcbQueueEndOfShaderActionGetSize,
             agc_queue_end_of_shader_action_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("JrtiDtKeS38", sceAgcAcbResetQueue, agc_acb_reset_queue, HLE_PARTIAL),
    HLE_FUNC("DwICrVxerkY", sceAgcAcbRewind, agc_stub_acb_rewind, HLE_STUB),
    HLE_FUNC("0ZOG0jc9nRg", sceAgcAcbRewindGetSize, agc_dcb_rewind_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("ebixW91gpPw", sceAgcAcbSetFlip, agc_dcb_set_flip, HLE_PARTIAL),
    /* PARTIAL: the console's words are not known (a NOP with the colour stands for them). */
    HLE_FUNC("xAeBOa0A3kk", sceAgcAcbSetMarker, agc_acb_set_marker, HLE_PARTIAL),
    /* PARTIAL: the words of its sibling (the text and length are not in them). */
    HLE_FUNC("pxx-GoOSdw4", sceAgcAcbSetMarkerSpan, agc_acb_set_marker_span, HLE_PARTIAL),
    /* PARTIAL (the three workload forms): the words and the cursor rule are the console's; which
       driver check refuses what, the slot's address and the inactive form's stream check are
       ours (docs/agc.md "Workloads"). */
    HLE_FUNC("opR1JeJZCBU", sceAgcAcbSetWorkloadComplete, agc_acb_set_workload_complete,
             HLE_PARTIAL),
    HLE_FUNC("FcgdDM3MB+k", sceAgcAcbSetWorkloadStreamInactive,
             agc_acb_set_workload_stream_inactive, HLE_PARTIAL),
    HLE_FUNC("rVOmPz2RBlg", sceAgcAcbSetWorkloadsActive, agc_acb_set_workloads_active, HLE_PARTIAL),
    HLE_FUNC("idlaArvdXEs", sceAgcAcbWaitOnAddressGetSize, agc_wait_on_address_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("htn36gPnBk4", sceAgcAcbWaitRegMem, agc_acb_wait_reg_mem, HLE_IMPLEMENTED),
    /* PARTIAL: the driver packet WAIT_FLIP_DONE stands for the console's words (not known). */
    HLE_FUNC("GPbUp9jXQa8", sceAgcAcbWaitUntilSafeForRendering,
             agc_acb_wait_until_safe_for_rendering, HLE_PARTIAL),
    HLE_FUNC("eZ4+17OQz4Q", sceAgcAcbWriteData, agc_dcb_write_data, HLE_IMPLEMENTED),
    HLE_FUNC("3ZWa3AoyWZQ", sceAgcAsyncCondExecPatchSetCommandAddress,
             agc_cond_exec_patch_set_command_address, HLE_PARTIAL),
    HLE_FUNC("k-JpyR2dYAM", sceAgcAsyncCondExecPatchSetEnd, agc_cond_exec_patch_set_end,
             HLE_PARTIAL),
    HLE_FUNC("eWaWyFegzgQ", sceAgcAsyncRewindPatchSetRewindState, agc_rewind_patch_set_rewind_state,
             HLE_PARTIAL),
    /* PARTIAL: the console's answer to an unaligned address or a size above 20 bits is not
       known (docs/agc.md). */
    HLE_FUNC("GXBlM-ekzrI", sceAgcBranchPatchSetCompareAddress,
             agc_branch_patch_set_compare_address, HLE_PARTIAL),
    HLE_FUNC("QmfvaYpsOcI", sceAgcBranchPatchSetElseTarget, agc_branch_patch_set_else_target,
             HLE_PARTIAL),
    HLE_FUNC("xb8VgcXQhvI", sceAgcBranchPatchSetThenTarget, agc_branch_patch_set_then_target,
             HLE_PARTIAL),
    /* PARTIAL: refusals where one reading of the library masks (docs/agc.md). */
    HLE_FUNC("w1KFAHVqpaU", sceAgcCbBranch, agc_cb_branch, HLE_PARTIAL),
    HLE_FUNC("uZW-mqsxkrM", sceAgcCbBranchGetSize, agc_cb_branch_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("7toV+elXqNM", sceAgcCbCondWrite, agc_cb_cond_write, HLE_IMPLEMENTED),
    HLE_FUNC("FuVbkyKlf+s", sceAgcCbCondWriteGetSize, agc_cb_cond_write_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("k3GhuSNmBLU", sceAgcCbDispatch, agc_cb_dispatch, HLE_IMPLEMENTED),
    HLE_FUNC("Abendgtz+3o", sceAgcCbDispatchGetSize, agc_cb_dispatch_get_size, HLE_IMPLEMENTED),
    /* PARTIAL: the record places the arguments two ways (docs/agc.md). */
    HLE_FUNC("vHX9guneRBY", sceAgcCbMemSemaphore, agc_cb_mem_semaphore, HLE_PARTIAL),
    HLE_FUNC("LtTouSCZjHM", sceAgcCbNop, agc_cb_nop, HLE_IMPLEMENTED),
    HLE_FUNC("t7PlZ9nt5Lc", sceAgcCbNopGetSize, agc_cb_nop_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("hL7C0IRpWZI", sceAgcCbQueueEndOfPipeActionGetSize,
             agc_cb_queue_end_of_pipe_action_get_size, HLE_IMPLEMENTED),
    /* PARTIAL: the console writes RELEASE_MEM (measured); a driver packet stands for it. */
    HLE_FUNC("wr23dPKyWc0", sceAgcCbReleaseMem, agc_cb_release_mem, HLE_PARTIAL),
    HLE_FUNC("n2fD4A+pb+g", sceAgcCbSetShRegisterRangeDirect, agc_cb_set_sh_register_range_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("bxGoVxpdSPQ", sceAgcCbSetShRegisterRangeDirectGetSize,
             agc_cb_set_register_range_direct_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("UZbQjYAwwXM", sceAgcCbSetShRegistersDirect, agc_cb_set_sh_registers_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("yUBESvCCJ4I", sceAgcCbSetShRegistersDirectGetSize,
             agc_cb_set_registers_direct_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("MDLD5Ly94Xk", sceAgcCbSetUcRegisterRangeDirect, agc_cb_set_uc_register_range_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("JOWmDrl+j20", sceAgcCbSetUcRegisterRangeDirectGetSize,
             agc_cb_set_register_range_direct_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("03RZmELWWzw", sceAgcCbSetUcRegistersDirect, agc_cb_set_uc_registers_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("TGEZzUWLbrc", sceAgcCbSetUcRegistersDirectGetSize,
             agc_cb_set_registers_direct_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("YWTKOju587o", sceAgcCondExecPatchSetCommandAddress,
             agc_cond_exec_patch_set_command_address, HLE_IMPLEMENTED),
    /* PARTIAL: the error code is one source's (docs/agc.md). */
    HLE_FUNC("ORWsxIbk4TE", sceAgcCondExecPatchSetEnd, agc_cond_exec_patch_set_end, HLE_PARTIAL),
    /* PARTIAL: 16-bit and custom inputs from one source; our error codes (docs/agc.md). */
    HLE_FUNC("pdEV7bI6COI", sceAgcCreateInterpolantMapping, agc_create_interpolant_mapping,
             HLE_PARTIAL),
    /* The same function under its older name (OpenAGC: the FW 5.50 export at 0xdd60 has the same
       three-argument ABI; imported by PPSA02453). PARTIAL as the current export. */
    HLE_FUNC("HV4j+E0MBHE", sceAgcCreateInterpolantMapping_0100, agc_create_interpolant_mapping,
             HLE_PARTIAL),
    /* PARTIAL: one source for the lists beyond the measured primitive type; our error codes
       (docs/agc.md). */
    HLE_FUNC("D9sr1xGUriE", sceAgcCreatePrimState, agc_create_prim_state, HLE_PARTIAL),
    /* PARTIAL: the error codes are ours (docs/agc.md). */
    HLE_FUNC("f3dg2CSgRKY", sceAgcCreateShader, agc_create_shader, HLE_PARTIAL),
    HLE_FUNC("57labkp+rSQ", sceAgcDcbAcquireMem, agc_dcb_acquire_mem, HLE_IMPLEMENTED),
    HLE_FUNC("-vnlTPPXPrw", sceAgcDcbAcquireMemGetSize, agc_dcb_acquire_mem_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("pH3-dfRpfA0", sceAgcDcbAtomicGds, agc_stub_dcb_atomic_gds, HLE_STUB),
    HLE_FUNC("1tB0xkLNjcw", sceAgcDcbAtomicGdsGetSize, agc_atomic_gds_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("zARR5aCmkoY", sceAgcDcbAtomicGds_0900, agc_dcb_atomic_gds_0900, HLE_IMPLEMENTED),
    /* PARTIAL: dword 1's rest and dword 8 are not settled (docs/agc.md). */
    HLE_FUNC("1-gUn1PI4Sw", sceAgcDcbAtomicMem, agc_dcb_atomic_mem, HLE_PARTIAL),
    HLE_FUNC("oz6zQq1JwCE", sceAgcDcbAtomicMemGetSize, agc_atomic_mem_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("ms1xVoZ-Vwc", sceAgcDcbBeginOcclusionQueryGetSize,
             agc_dcb_begin_occlusion_query_get_size, HLE_PARTIAL),
    HLE_FUNC("PxEFhy0d5v8", sceAgcDcbClearState, agc_dcb_clear_state, HLE_IMPLEMENTED),
    HLE_FUNC("BIPexNBSGog", sceAgcDcbCondExec, agc_dcb_cond_exec, HLE_IMPLEMENTED),
    HLE_FUNC("ou16V5hh5sg", sceAgcDcbCondExecGetSize, agc_dcb_cond_exec_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("HabmgqPwPw0", sceAgcDcbContextStateOp, agc_stub_dcb_context_state_op, HLE_STUB),
    HLE_FUNC("H6vHS5cidSA", sceAgcDcbContextStateOpGetSize, agc_dcb_context_state_op_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("1rZSWUv1IRc", sceAgcDcbCopyData, agc_dcb_copy_data, HLE_PARTIAL),
    HLE_FUNC("b5u0Jzm8TF8", sceAgcDcbCopyDataGetSize, agc_copy_data_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("CtB+A9-VxO0", sceAgcDcbDispatchIndirect, agc_dcb_dispatch_indirect, HLE_IMPLEMENTED),
    HLE_FUNC("w8HVkEeXPv8", sceAgcDcbDispatchIndirectGetSize, agc_dcb_dispatch_indirect_get_size,
             HLE_IMPLEMENTED),
    /* PARTIAL: the counter sources 0x14/0x24/0x64 from one source (docs/agc.md). */
    HLE_FUNC("WmAc2MEj6Io", sceAgcDcbDmaData, agc_dcb_dma_data, HLE_PARTIAL),
    HLE_FUNC("2ccJz9LQI+w", sceAgcDcbDmaDataGetSize, agc_dcb_dma_data_get_size, HLE_IMPLEMENTED),
    /* PARTIAL: MAX_SIZE for count 0 and the modifier's bits from one source; the rest captured
       (docs/agc.md). */
    HLE_FUNC("q88lQ+GP5Yk", sceAgcDcbDrawIndex, agc_dcb_draw_index, HLE_PARTIAL),
    HLE_FUNC("Yw0jKSqop+E", sceAgcDcbDrawIndexAuto, agc_dcb_draw_index_auto, HLE_IMPLEMENTED),
    HLE_FUNC("WrdP9Zxx3lQ", sceAgcDcbDrawIndexAutoGetSize, agc_dcb_draw_index_auto_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("6ee9Hd3EWXQ", sceAgcDcbDrawIndexGetSize, agc_dcb_draw_index_get_size,
             HLE_IMPLEMENTED),
    /* PARTIAL: the user-data locations from one source (docs/agc.md). */
    HLE_FUNC("t1vNu082-jM", sceAgcDcbDrawIndexIndirect, agc_dcb_draw_index_indirect, HLE_PARTIAL),
    HLE_FUNC("mStuvI0zOtc", sceAgcDcbDrawIndexIndirectGetSize, agc_dcb_draw_indirect_get_size,
             HLE_IMPLEMENTED),
    /* PARTIAL: one source's layout (docs/agc.md). */
    HLE_FUNC("ypVBz4uPKcQ", sceAgcDcbDrawIndexIndirectMulti, agc_dcb_draw_index_indirect_multi,
             HLE_PARTIAL),
    /* PARTIAL: the size of one source's layout (docs/agc.md). */
    HLE_FUNC("r98I08t+LOg", sceAgcDcbDrawIndexIndirectMultiGetSize,
             agc_dcb_draw_index_indirect_multi_get_size, HLE_PARTIAL),
    HLE_FUNC("Rlx+bykm0r0", sceAgcDcbDrawIndexMultiInstanced,
             agc_stub_dcb_draw_index_multi_instanced, HLE_STUB),
    HLE_FUNC("mR9j7+SfM34", sceAgcDcbDrawIndexMultiInstancedGetSize,
             agc_stub_dcb_draw_index_multi_instanced_get_size, HLE_STUB),
    /* PARTIAL: MAX_SIZE and the initiator from one source (docs/agc.md). */
    HLE_FUNC("B+aG9DUnTKA", sceAgcDcbDrawIndexOffset, agc_dcb_draw_index_offset, HLE_PARTIAL),
    HLE_FUNC("qMlfB1ZhMDc", sceAgcDcbDrawIndexOffsetGetSize, agc_dcb_draw_index_offset_get_size,
             HLE_IMPLEMENTED),
    /* PARTIAL: the user-data locations from one source (docs/agc.md). */
    HLE_FUNC("1q1titRBL6o", sceAgcDcbDrawIndirect, agc_dcb_draw_indirect, HLE_PARTIAL),
    HLE_FUNC("cxPZ4Wgvdj8", sceAgcDcbDrawIndirectGetSize, agc_dcb_draw_indirect_get_size,
             HLE_IMPLEMENTED),
    /* PARTIAL: one source's layout (docs/agc.md). */
    HLE_FUNC("kUlvghKs-mA", sceAgcDcbDrawIndirectMulti, agc_dcb_draw_indirect_multi, HLE_PARTIAL),
    /* PARTIAL: the size of one source's layout (docs/agc.md). */
    HLE_FUNC("pYoKs3lPy88", sceAgcDcbDrawIndirectMultiGetSize, agc_dcb_draw_indirect_multi_get_size,
             HLE_PARTIAL),
    HLE_FUNC("P1CugZ99Uzc", sceAgcDcbEndOcclusionQueryGetSize, agc_dcb_end_occlusion_query_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("aJf+j5yntiU", sceAgcDcbEventWrite, agc_dcb_event_write, HLE_IMPLEMENTED),
    HLE_FUNC("C4l9fB17t8w", sceAgcDcbEventWriteGetSize, agc_dcb_event_write_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("vuSXe69VILM", sceAgcDcbGetLodStats, agc_dcb_get_lod_stats, HLE_IMPLEMENTED),
    HLE_FUNC("rUuVjyR+Rd4", sceAgcDcbGetLodStatsGetSize, agc_dcb_get_lod_stats_get_size,
             HLE_IMPLEMENTED),
    /* PARTIAL: the target's low bits and the refusals (docs/agc.md). */
    HLE_FUNC("xSAR0LTcRKM", sceAgcDcbJump, agc_dcb_jump, HLE_PARTIAL),
    HLE_FUNC("VEGu4dixjUg", sceAgcDcbJumpGetSize, agc_dcb_jump_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("G0jrLdvEqDw", sceAgcDcbMemSemaphore, agc_dcb_mem_semaphore, HLE_IMPLEMENTED),
    HLE_FUNC("H7uZqCoNuWk", sceAgcDcbPopMarker, agc_dcb_pop_marker, HLE_IMPLEMENTED),
    HLE_FUNC("jt3pl7EN17o", sceAgcDcbPrimeUtcl2, agc_dcb_prime_utcl2, HLE_IMPLEMENTED),
    HLE_FUNC("KjPeVduz6jU", sceAgcDcbPrimeUtcl2GetSize, agc_prime_utcl2_get_size, HLE_IMPLEMENTED),
    /* PARTIAL: the value is measured for one call (whether the string changes it is not known). */
    HLE_FUNC("+kSrjIVxKFE", sceAgcDcbPushMarker, agc_dcb_push_marker, HLE_PARTIAL),
    /* PARTIAL: the words of its sibling (the text and length are not in them). */
    HLE_FUNC("N7M3+N-sBCw", sceAgcDcbPushMarkerSpan, agc_dcb_push_marker_span, HLE_PARTIAL),
    HLE_FUNC("zg6u-N6Otxs", sceAgcDcbQueueEndOfShaderActionGetSize,
             agc_queue_end_of_shader_action_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("TRO721eVt4g", sceAgcDcbResetQueue, agc_dcb_reset_queue, HLE_PARTIAL),
    /* PARTIAL: the argument is one source's reading (docs/agc.md). */
    HLE_FUNC("zfcxg-ewMK8", sceAgcDcbRewind, agc_dcb_rewind, HLE_PARTIAL),
    HLE_FUNC("QIXCsbipds0", sceAgcDcbRewindGetSize, agc_dcb_rewind_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("9S4noWrUI0s", sceAgcDcbSetBaseDispatchIndirectArgsGetSize,
             agc_dcb_set_base_indirect_args_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("MMlmJAL7N5w", sceAgcDcbSetBaseDrawIndirectArgsGetSize,
             agc_dcb_set_base_indirect_args_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("RmaJwLtc8rY", sceAgcDcbSetBaseIndirectArgs, agc_dcb_set_base_indirect_args,
             HLE_IMPLEMENTED),
    HLE_FUNC("yheJGN-ay+A", sceAgcDcbSetBoolPredicationEnableGetSize, agc_dcb_predication_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("73ZZdojLIgs", sceAgcDcbSetCfRegisterDirect, agc_dcb_set_cf_register_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("BVFg3CWU6Eo", sceAgcDcbSetCfRegisterRangeDirect, agc_dcb_set_cf_register_range_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("LHFXRrlTPD8", sceAgcDcbSetCxRegisterDirect, agc_dcb_set_cx_register_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("1DeUNpRIDDA", sceAgcDcbSetCxRegisterDirectGetSize,
             agc_dcb_set_register_direct_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("ZvwO9euwYzc", sceAgcDcbSetCxRegistersIndirect, agc_dcb_set_cx_registers_indirect,
             HLE_IMPLEMENTED),
    HLE_FUNC("GBCh3zCihoU", sceAgcDcbSetCxRegistersIndirectGetSize,
             agc_dcb_set_registers_indirect_get_size, HLE_IMPLEMENTED),
    /* PARTIAL: the console's 64 dwords (captured, the flip registered with video out and its
       label written by RELEASE_MEM); the tag measured for mode 1 only (docs/agc.md). */
    HLE_FUNC("YUeqkyT7mEQ", sceAgcDcbSetFlip, agc_dcb_set_flip, HLE_PARTIAL),
    HLE_FUNC("8N2tmT3jmC8", sceAgcDcbSetIndexCount, agc_dcb_set_index_count, HLE_IMPLEMENTED),
    HLE_FUNC("mljzuGDZRQ4", sceAgcDcbSetIndexCountGetSize, agc_dcb_set_state_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("0o3VDdtA6nM", sceAgcDcbSetIndexIndirectArgs, agc_dcb_set_index_indirect_args,
             HLE_IMPLEMENTED),
    HLE_FUNC("AFIh8SQkYlQ", sceAgcDcbSetIndexIndirectArgsGetSize,
             agc_dcb_set_index_indirect_args_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("l4fM9K-Lyks", sceAgcDcbSetIndexBuffer, agc_dcb_set_index_buffer, HLE_IMPLEMENTED),
    HLE_FUNC("j4emHHndCPY", sceAgcDcbSetIndexBufferGetSize, agc_dcb_set_index_buffer_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("GIIW2J37e70", sceAgcDcbSetIndexSize, agc_dcb_set_index_size, HLE_IMPLEMENTED),
    HLE_FUNC("ca4KPvp0qLQ", sceAgcDcbSetIndexSizeGetSize, agc_dcb_set_index_size_get_size,
             HLE_IMPLEMENTED),
    /* PARTIAL: the console's words are not known (a NOP with the colour stands for them). */
    HLE_FUNC("QhCbS4X9Rl8", sceAgcDcbSetMarker, agc_dcb_set_marker, HLE_PARTIAL),
    /* PARTIAL: the words of its sibling (the text and length are not in them). */
    HLE_FUNC("BYcSvEsINWU", sceAgcDcbSetMarkerSpan, agc_dcb_set_marker_span, HLE_PARTIAL),
    HLE_FUNC("tSBxhAPyytQ", sceAgcDcbSetNumInstances, agc_dcb_set_num_instances, HLE_IMPLEMENTED),
    HLE_FUNC("6DFuRKT4C9w", sceAgcDcbSetNumInstancesGetSize, agc_dcb_set_state_get_size,
             HLE_IMPLEMENTED),
    /* PARTIAL: the argument order is one source's (docs/agc.md). */
    HLE_FUNC("bbFueFP+J4k", sceAgcDcbSetPredication, agc_dcb_set_predication, HLE_PARTIAL),
    HLE_FUNC("vLrBL8DQiz8", sceAgcDcbSetPredicationDisableGetSize, agc_dcb_predication_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("pFLArOT53+w", sceAgcDcbSetShRegisterDirect, agc_dcb_set_sh_register_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("QhPDD513V0w", sceAgcDcbSetShRegisterDirectGetSize,
             agc_dcb_set_register_direct_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("-HOOCn0JY48", sceAgcDcbSetShRegistersIndirect, agc_dcb_set_sh_registers_indirect,
             HLE_IMPLEMENTED),
    HLE_FUNC("nNlUtdDDvZ0", sceAgcDcbSetShRegistersIndirectGetSize,
             agc_dcb_set_registers_indirect_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("w4-d0n60hdo", sceAgcDcbSetUcRegisterDirect, agc_dcb_set_uc_register_direct,
             HLE_IMPLEMENTED),
    HLE_FUNC("aP1Ki9G3++4", sceAgcDcbSetUcRegisterDirectGetSize,
             agc_dcb_set_register_direct_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("hvUfkUIQcOE", sceAgcDcbSetUcRegistersIndirect, agc_dcb_set_uc_registers_indirect,
             HLE_IMPLEMENTED),
    HLE_FUNC("UQGTw4xRlcM", sceAgcDcbSetUcRegistersIndirectGetSize,
             agc_dcb_set_registers_indirect_get_size, HLE_IMPLEMENTED),
    /* PARTIAL: as the Acb forms (docs/agc.md "Workloads"). */
    HLE_FUNC("hEK26Wdny6s", sceAgcDcbSetWorkloadComplete, agc_dcb_set_workload_complete,
             HLE_PARTIAL),
    HLE_FUNC("FneFypEDRgY", sceAgcDcbSetWorkloadStreamInactive,
             agc_dcb_set_workload_stream_inactive, HLE_PARTIAL),
    HLE_FUNC("LFSPFmGc9Hg", sceAgcDcbSetWorkloadsActive, agc_dcb_set_workloads_active, HLE_PARTIAL),
    HLE_FUNC("XN+Iuu7XsM8", sceAgcDcbSetZPassPredicationEnableGetSize, agc_dcb_predication_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("u2T2DiA5hRI", sceAgcDcbStallCommandBufferParser, agc_dcb_stall_command_buffer_parser,
             HLE_IMPLEMENTED),
    HLE_FUNC("+u6dKSLWM2o", sceAgcDcbStallCommandBufferParserGetSize,
             agc_dcb_stall_command_buffer_parser_get_size, HLE_IMPLEMENTED),
    HLE_FUNC("43WJ08sSugE", sceAgcDcbWaitOnAddressGetSize, agc_wait_on_address_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("VmW0Tdpy420", sceAgcDcbWaitRegMem, agc_dcb_wait_reg_mem, HLE_IMPLEMENTED),
    HLE_FUNC("MWiElSNE8j8", sceAgcDcbWaitUntilSafeForRendering,
             agc_dcb_wait_until_safe_for_rendering, HLE_IMPLEMENTED),
    HLE_FUNC("i1jyy49AjXU", sceAgcDcbWriteData, agc_dcb_write_data, HLE_IMPLEMENTED),
    HLE_FUNC("p9tI+yTvx68", sceAgcDcbWriteDataGetSize, agc_dcb_write_data_get_size,
             HLE_IMPLEMENTED),
    HLE_FUNC("IxYiarKlXxM", sceAgcDmaDataPatchSetDstAddressOrOffset, agc_dma_data_patch_set_dst,
             HLE_IMPLEMENTED),
    HLE_FUNC("cdDRpqcFGbU", sceAgcDmaDataPatchSetSrcAddressOrOffsetOrImmediate,
             agc_dma_data_patch_set_src, HLE_IMPLEMENTED),
    /* PARTIAL: a half without the registers the fusion changes, or without specials, is refused
       (ours; the console's behaviour there is not recorded) (docs/agc.md). */
    HLE_FUNC("nApJjpKNBl4", sceAgcFuseShaderHalves, agc_fuse_shader_halves, HLE_PARTIAL),
    HLE_FUNC("fd5Bp5tGTgo", sceAgcFuseShaderHalves_0200, agc_fuse_shader_halves_0200, HLE_PARTIAL),
    /* PARTIAL: the sources disagree on the header-only NOP; NULL's error is ours (docs/agc.md). */
    HLE_FUNC("CQsSq6l6+kA", sceAgcGetDataPacketPayloadAddress, agc_get_data_packet_payload_address,
             HLE_PARTIAL),
    /* The same body under the 0.90 version's name (OpenAGC: a forwarding wrapper). */
    HLE_FUNC("V++UgBtQhn0", sceAgcGetDataPacketPayloadAddress_0090,
             agc_get_data_packet_payload_address, HLE_PARTIAL),
    /* Compatibility exports of newer builds (agc_compat.c; OpenAGC's SPRX readings). PARTIAL:
     * the graphics WRITE_DATA patchers' wrong-packet code is ours (the async ones' is read). */
    HLE_FUNC("fPSCdQxgpSw", sceAgcWriteDataPatchSetAddressOrOffset,
             agc_write_data_patch_set_address_or_offset, HLE_PARTIAL),
    HLE_FUNC("eAy8eGNsCuU", sceAgcWriteDataPatchSetCachePolicy,
             agc_write_data_patch_set_cache_policy, HLE_PARTIAL),
    HLE_FUNC("tmy-+rBpspY", sceAgcWriteDataPatchSetDst, agc_write_data_patch_set_dst, HLE_PARTIAL),
    HLE_FUNC("d4NZIlguzv0", sceAgcAsyncWriteDataPatchSetAddressOrOffset,
             agc_write_data_patch_set_address_or_offset, HLE_IMPLEMENTED),
    HLE_FUNC("y5K5tPktiL8", sceAgcAsyncWriteDataPatchSetCachePolicy,
             agc_write_data_patch_set_cache_policy, HLE_IMPLEMENTED),
    HLE_FUNC("EJBA4dbmvfg", sceAgcAsyncWriteDataPatchSetDst, agc_async_write_data_patch_set_dst,
             HLE_IMPLEMENTED),
    HLE_FUNC("W0WEyog0f74", sceAgcAcquireMemSetEngine, agc_acquire_mem_set_engine, HLE_IMPLEMENTED),
    HLE_FUNC("BfBDZGbti7A", sceAgcGetIsTrinityMode, agc_get_is_trinity_mode, HLE_IMPLEMENTED),
    HLE_FUNC("SwI6QxqwAC0", sceAgcGetShaderInstrumentation, agc_get_shader_instrumentation,
             HLE_IMPLEMENTED),
    HLE_FUNC("RTpj-tIlvZc", sceAgcSetShaderInstrumentation, agc_set_shader_instrumentation,
             HLE_IMPLEMENTED),
    HLE_FUNC("OQTgEXyihvA", sceAgcSetAmmSemaphoreMemory, agc_set_amm_semaphore_memory,
             HLE_IMPLEMENTED),
    HLE_FUNC("hFQ9pUxoLQ4", sceAgcGetSemaphoreLabel, agc_get_semaphore_label, HLE_IMPLEMENTED),
    /* Newer-build and NID-only exports (agc_newer*.c; OpenAGC's readings of the SPRX bodies,
     * docs/agc.md "Newer-build exports"). The NID-only lines' official names are not known. */
    HLE_FUNC("ICkECTBxrMw", sceAgcGetGsPrimPayload, agc_get_gs_prim_payload, HLE_IMPLEMENTED),
    HLE_NID_FUNC("-KRzWekV120", agc_dcb_set_index_size_ex, HLE_IMPLEMENTED),
    HLE_NID_FUNC("7Wa3aeJgeVU", agc_ib_patch_fields_at8, HLE_IMPLEMENTED),
    HLE_NID_FUNC("rP5xLdOf26k", agc_ib_patch_fields_at11, HLE_IMPLEMENTED),
    HLE_NID_FUNC("Ikfdt-rIqCE", agc_ib_patch_fields_at1, HLE_IMPLEMENTED),
    /* PARTIAL: the register offsets follow the console measurement of the FW 5.50 create
     * function (0x191 + n), OpenAGC's record of these bodies has 0x10000000 + n; the transform
     * is that record's, not measured. */
    HLE_NID_FUNC("dbOlWdppb4o", agc_create_interpolant_mapping_1160, HLE_PARTIAL),
    HLE_NID_FUNC("vieBRwlh1Lw", agc_update_interpolant_mapping_1160, HLE_PARTIAL),
    /* PARTIAL: ATOMIC_MEM's opcode is GFX10's (the record leaves it open), the label block is
     * ours (the console's library allocates its own), the kernel's answer to the interrupt is
     * not known. */
    /* The two-argument (cb, operation) form; the name sceAgcDcbContextStateOp_0100 hashes to
     * the NID. */
    HLE_FUNC("qj7QZpgr9Uw", sceAgcDcbContextStateOp_0100, agc_dcb_context_state_transition,
             HLE_PARTIAL),
    HLE_FUNC("6nths4DHNrs", sceAgcCbMemsetExclusive, agc_stub_cb_memset_exclusive, HLE_STUB),
    /* State queries (agc_state_queries.c; OpenAGC's record of the bodies, docs/agc.md "State
     * queries"). PARTIAL: one record; NULL's error is ours; the header-only NOP case is the one
     * the sources disagree on for GetDataPacketPayloadAddress. */
    HLE_FUNC("s+VGAMDQ0AQ", sceAgcGetDataPacketPayloadRange, agc_get_data_packet_payload_range,
             HLE_PARTIAL),
    /* PARTIAL: the record is of the bundled compatibility library, whose answer without
     * oversubscription is 0, 0; the system library's (runtime defaults) is not recorded, nor its
     * errors (ours) or a negative or huge interpolation product (ours: 0). */
    HLE_FUNC("NKIzURsgV7I", sceAgcGetGsOversubscription, agc_get_gs_oversubscription, HLE_PARTIAL),
    /* The console hands the exception to a debugger; there is none here: a stub (logged once
       with its arguments). */
    HLE_FUNC("T6xuVw0KUJo", sceAgcDebugRaiseException, agc_debug_raise_exception, HLE_STUB),
    /* PARTIAL: the size and alignment are the reference HLEs' reading, not the SPRX's. */
    HLE_FUNC("nQT5kYLv0cg", sceAgcGetFusedShaderSize, agc_get_fused_shader_size, HLE_PARTIAL),
    HLE_FUNC("dolOmWH+huQ", sceAgcGetFusedShaderSize_0080, agc_get_fused_shader_size, HLE_PARTIAL),
    HLE_FUNC("Lkf86B98qPc", sceAgcGetPacketSize, agc_get_packet_size, HLE_IMPLEMENTED),
    /* PARTIAL: the versioned function's tables; before any sceAgcInit, version 8's (ours). */
    HLE_FUNC("Wi82ArQtAwg", sceAgcGetRegisterDefaults, agc_get_register_defaults, HLE_PARTIAL),
    /* PARTIAL: versions 8, 0xC and 0xD as the console's walks give them, 0, 4, 5, 7 and 9-11
     * as OpenAGC's tables (not walked); another version gets version 8's (logged). */
    HLE_FUNC("2JtWUUiYBXs", sceAgcGetRegisterDefaults2, agc_get_register_defaults2, HLE_PARTIAL),
    /* PARTIAL: versions 8, 0xC and 0xD as the console's walks give them, 0, 4, 5, 7 and 9-11
     * as OpenAGC's tables (not walked); another version gets version 8's (logged). */
    HLE_FUNC("wRbq6ZjNop4", sceAgcGetRegisterDefaults2Internal, agc_get_register_defaults2_internal,
             HLE_PARTIAL),
    HLE_FUNC("uIwxsqDlHRc", sceAgcGetRegisterDefaultsInternal, agc_get_register_defaults_internal,
             HLE_PARTIAL),
    /* PARTIAL: measured for versions 12-14 (and after the gate kept 8); others answer 0. */
    HLE_FUNC("kW3GLb7QfPg", sceAgcInit, agc_init, HLE_PARTIAL),
    /* The version gate retail titles import beside sceAgcInit (a different entry point, measured;
       the name is OpenAGC's NID list's and hashes to the NID). PARTIAL: a first version other
       than 8 or 13 is not measured. */
    HLE_FUNC("23LRUSvYu1M", sceAgcInit_0090, agc_init_gate, HLE_PARTIAL),
    /* PARTIAL: one source; the error code is its (docs/agc.md). */
    HLE_FUNC("2BS4EtAaF28", sceAgcJumpPatchSetTarget, agc_jump_patch_set_target, HLE_PARTIAL),
    /* PARTIAL: the composition of the two builders is our reading of the measured layout. */
    HLE_FUNC("MqAdbRMdNz4", sceAgcLinkShaders, agc_link_shaders, HLE_PARTIAL),
    HLE_FUNC("0fWWK5uG9rQ", sceAgcQueueEndOfPipeActionPatchAddress,
             agc_queue_end_of_pipe_action_patch_address, HLE_PARTIAL),
    HLE_FUNC("MlEw1feXcjg", sceAgcQueueEndOfPipeActionPatchData,
             agc_queue_end_of_pipe_action_patch_data, HLE_PARTIAL),
    HLE_FUNC("J8YCgfKAMQs", sceAgcQueueEndOfPipeActionPatchGcrCntl,
             agc_queue_end_of_pipe_action_patch_gcr_cntl, HLE_PARTIAL),
    HLE_FUNC("T9fjQIINoeE", sceAgcQueueEndOfPipeActionPatchType,
             agc_queue_end_of_pipe_action_patch_type, HLE_PARTIAL),
    /* PARTIAL: the error code is one source's (docs/agc.md). */
    HLE_FUNC("ziVA3whp3p4", sceAgcRewindPatchSetRewindState, agc_rewind_patch_set_rewind_state,
             HLE_PARTIAL),
    HLE_FUNC("d-6uF9sZDIU", sceAgcSetCxRegIndirectPatchAddRegisters,
             agc_set_cx_reg_indirect_patch_add_registers, HLE_IMPLEMENTED),
    HLE_FUNC("vcmNN+AAXnY", sceAgcSetCxRegIndirectPatchSetAddress,
             agc_set_cx_reg_indirect_patch_set_address, HLE_IMPLEMENTED),
    HLE_FUNC("whb1RL7K4Ss", sceAgcSetCxRegIndirectPatchSetNumRegisters,
             agc_set_cx_reg_indirect_patch_set_num_registers, HLE_IMPLEMENTED),
    HLE_FUNC("K2mciNVxUCE", sceAgcSetNop, agc_set_nop, HLE_IMPLEMENTED),
    /* PARTIAL: the error code is one source's (docs/agc.md). */
    HLE_FUNC("w6Dj1VJt5qY", sceAgcSetPacketPredication, agc_set_packet_predication, HLE_PARTIAL),
    /* PARTIAL: the error code is one source's (docs/agc.md). */
    HLE_FUNC("n8vgpaQg6dA", sceAgcSetRangePredication, agc_set_range_predication, HLE_PARTIAL),
    HLE_FUNC("z2duB-hHQSM", sceAgcSetShRegIndirectPatchAddRegisters,
             agc_set_sh_reg_indirect_patch_add_registers, HLE_IMPLEMENTED),
    HLE_FUNC("Qrj4c+61z4A", sceAgcSetShRegIndirectPatchSetAddress,
             agc_set_sh_reg_indirect_patch_set_address, HLE_IMPLEMENTED),
    HLE_FUNC("nCUgItdN2ms", sceAgcSetShRegIndirectPatchSetNumRegisters,
             agc_set_sh_reg_indirect_patch_set_num_registers, HLE_IMPLEMENTED),
    HLE_FUNC("-DtvmQ-tgEA", sceAgcSetSubmitMode, agc_stub_set_submit_mode, HLE_STUB),
    HLE_FUNC("vRoArM9zaIk", sceAgcSetUcRegIndirectPatchAddRegisters,
             agc_set_uc_reg_indirect_patch_add_registers, HLE_IMPLEMENTED),
    HLE_FUNC("6lNcCp+fxi4", sceAgcSetUcRegIndirectPatchSetAddress,
             agc_set_uc_reg_indirect_patch_set_address, HLE_IMPLEMENTED),
    HLE_FUNC("fRG-JOH5+sI", sceAgcSetUcRegIndirectPatchSetNumRegisters,
             agc_set_uc_reg_indirect_patch_set_num_registers, HLE_IMPLEMENTED),
    HLE_FUNC("h9z6+0hEydk", sceAgcSuspendPoint, agc_stub_suspend_point, HLE_STUB),
    HLE_FUNC("b+fis+WZ3Ig", sceAgcSuspendPointAndCheckStatus,
             agc_stub_suspend_point_and_check_status, HLE_STUB),
    HLE_FUNC("SbuY2jN+axQ", sceAgcUpdateInterpolantMapping, agc_stub_update_interpolant_mapping,
             HLE_STUB),
    HLE_FUNC("k0E7vkgqAuE", sceAgcUpdateInterpolantMapping_0100,
             agc_stub_update_interpolant_mapping_0100, HLE_STUB),
    /* PARTIAL: one source for the output primitive part (docs/agc.md). */
    HLE_FUNC("Y3ymLfZ1384", sceAgcUpdatePrimState, agc_update_prim_state, HLE_PARTIAL),
    HLE_FUNC("3KDcnM3lrcU", sceAgcWaitRegMemPatchAddress, agc_wait_reg_mem_patch_address,
             HLE_PARTIAL),
    HLE_FUNC("n485EBnIWmk", sceAgcWaitRegMemPatchCompareFunction,
             agc_wait_reg_mem_patch_compare_function, HLE_IMPLEMENTED),
    HLE_FUNC("hXAnLgDHCoI", sceAgcWaitRegMemPatchMask, agc_wait_reg_mem_patch_mask,
             HLE_IMPLEMENTED),
    HLE_FUNC("7nOoijNPvEU", sceAgcWaitRegMemPatchReference, agc_wait_reg_mem_patch_reference,
             HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceAgc = {
    .library_name = "libSceAgc",
    .library_version = 1,
    .module_name = "libSceAgc",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbol_count = sizeof agc_symbols / sizeof agc_symbols[0],
    .symbols = agc_symbols,
};
