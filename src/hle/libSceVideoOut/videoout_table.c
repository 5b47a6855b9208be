/* The libSceVideoOut table: one line per symbol (see hle/hle.h). NIDs derive from the names
 * (checked by tests/unit/hle). docs/videoout.md says what each PARTIAL leaves out. */
#include "hle/hle.h"
#include "hle/libSceVideoOut/videoout.h"

static const struct hle_symbol videoout_symbols[] = {
    /* PARTIAL: the main bus only (other bus types: INVALID_VALUE, logged); open parameters
     * ignored (logged). */
    HLE_FUNC("Up36PTk687E", sceVideoOutOpen, videoout_open, HLE_PARTIAL),
    HLE_FUNC("uquVH4-Du78", sceVideoOutClose, videoout_close, HLE_IMPLEMENTED),
    HLE_FUNC("i6-sR91Wt-4", sceVideoOutSetBufferAttribute, videoout_set_buffer_attribute,
             HLE_IMPLEMENTED),
    /* PARTIAL: the order of the argument checks is ours (unverified). */
    HLE_FUNC("w3BY+tAEiQY", sceVideoOutRegisterBuffers, videoout_register_buffers, HLE_PARTIAL),
    HLE_FUNC("PjS5uASwcV8", sceVideoOutSetBufferAttribute2, videoout_set_buffer_attribute2,
             HLE_IMPLEMENTED),
    /* PARTIAL: three pixel formats (the 8-bit ones and B10G10R10A2); DCC-compressed buffers and
     * the option record are not supported (refused / ignored, logged); the checks' order is
     * ours. */
    HLE_FUNC("rKBUtgRrtbk", sceVideoOutRegisterBuffers2, videoout_register_buffers2, HLE_PARTIAL),
    HLE_FUNC("N5KDtkIjjJ4", sceVideoOutUnregisterBuffers, videoout_unregister_buffers,
             HLE_IMPLEMENTED),
    /* PARTIAL: HSYNC / WINDOW / VSYNC_MULTI flips are done at the vblank like VSYNC (logged). */
    HLE_FUNC("U46NwOiJpys", sceVideoOutSubmitFlip, videoout_submit_flip, HLE_PARTIAL),
    HLE_FUNC("zgXifHT9ErY", sceVideoOutIsFlipPending, videoout_is_flip_pending, HLE_IMPLEMENTED),
    /* PARTIAL: before the first flip, flipArg and currentBuffer -1 (other reimplementations'
     * reading, unverified); the TSC fields count the host's TSC. */
    HLE_FUNC("SbU3dwp80lQ", sceVideoOutGetFlipStatus, videoout_get_flip_status, HLE_PARTIAL),
    HLE_FUNC("1FZBKy8HeNU", sceVideoOutGetVblankStatus, videoout_get_vblank_status,
             HLE_IMPLEMENTED),
    /* PARTIAL: a fixed 1920x1080 display at --vblank-hz. */
    HLE_FUNC("6kPnj51T62Y", sceVideoOutGetResolutionStatus, videoout_get_resolution_status,
             HLE_PARTIAL),
    HLE_FUNC("j6RaAUlaLv0", sceVideoOutWaitVblank, videoout_wait_vblank, HLE_IMPLEMENTED),
    HLE_FUNC("CBiu4mCE1DA", sceVideoOutSetFlipRate, videoout_set_flip_rate, HLE_IMPLEMENTED),
    HLE_FUNC("HXzjK9yI30k", sceVideoOutAddFlipEvent, videoout_add_flip_event, HLE_IMPLEMENTED),
    HLE_FUNC("-Ozn0F1AFRg", sceVideoOutDeleteFlipEvent, videoout_delete_flip_event,
             HLE_IMPLEMENTED),
    HLE_FUNC("Xru92wHJRmg", sceVideoOutAddVblankEvent, videoout_add_vblank_event, HLE_IMPLEMENTED),
    HLE_FUNC("oNOQn3knW6s", sceVideoOutDeleteVblankEvent, videoout_delete_vblank_event,
             HLE_IMPLEMENTED),
    HLE_FUNC("U2JJtSqNKZI", sceVideoOutGetEventId, videoout_get_event_id, HLE_IMPLEMENTED),
    HLE_FUNC("rWUTcKdkUzQ", sceVideoOutGetEventData, videoout_get_event_data, HLE_IMPLEMENTED),
    HLE_FUNC("Mt4QHHkxkOc", sceVideoOutGetEventCount, videoout_get_event_count, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceVideoOut = {
    .library_name = "libSceVideoOut",
    .library_version = 1,
    .module_name = "libSceVideoOut",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbol_count = sizeof videoout_symbols / sizeof videoout_symbols[0],
    .symbols = videoout_symbols,
};
