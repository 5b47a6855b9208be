/* The libSceAudioOut table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceAudioOut/audioout.h"
#include "hle/libSceAudioOut/audioout2.h"

static const struct hle_symbol audioout_symbols[] = {
    HLE_FUNC("JfEPXVxhFqA", sceAudioOutInit, audioout_init, HLE_IMPLEMENTED),
    /* PARTIAL: every user's ports go to the one host device; the console's per-user
     * routing and the restricted attribute are not modelled */
    HLE_FUNC("ekNvsT22rsY", sceAudioOutOpen, audioout_open, HLE_PARTIAL),
    HLE_FUNC("s1--uE9mBFw", sceAudioOutClose, audioout_close, HLE_IMPLEMENTED),
    HLE_FUNC("QOQtbeDqsT4", sceAudioOutOutput, audioout_output, HLE_IMPLEMENTED),
    HLE_FUNC("w3PdaSTSwGE", sceAudioOutOutputs, audioout_outputs, HLE_IMPLEMENTED),
    HLE_FUNC("b+uAV89IlxE", sceAudioOutSetVolume, audioout_set_volume, HLE_IMPLEMENTED),
    /* PARTIAL: the connection reported is fixed per port type (no headphone detection) */
    HLE_FUNC("GrQ9s4IrNaQ", sceAudioOutGetPortState, audioout_get_port_state, HLE_PARTIAL),
    HLE_FUNC("Ptlts326pds", sceAudioOutGetLastOutputTime, audioout_get_last_output_time,
             HLE_IMPLEMENTED),
    /* PARTIAL: the pad speaker is folded into the host's mix at this level */
    HLE_FUNC("wVwPU50pS1c", sceAudioOutSetMixLevelPadSpk, audioout_set_mix_level_pad_spk,
             HLE_PARTIAL),
    /* AudioOut2 (audioout2.c). PARTIAL throughout: the structures and checks come from
     * public SDK-based code and a reverse engineering of the console's library, not from the
     * console; the handle numbers, the memory size, the error for an unknown context, the
     * moment an entry leaves the queue (when it starts playing) are prospero's; object
     * ports are mixed as plain ports; a second Initialize succeeds */
    HLE_FUNC("g2tViFIohHE", sceAudioOut2Initialize, audioout2_initialize, HLE_PARTIAL),
    HLE_FUNC("t5YrizufpQc", sceAudioOut2ContextResetParam, audioout2_context_reset_param,
             HLE_PARTIAL),
    HLE_FUNC("pDmme7Bgm6E", sceAudioOut2ContextQueryMemory, audioout2_context_query_memory,
             HLE_PARTIAL),
    HLE_FUNC("0x6o1VVAYSY", sceAudioOut2ContextCreate, audioout2_context_create, HLE_PARTIAL),
    HLE_FUNC("on6ZH7Abo10", sceAudioOut2ContextDestroy, audioout2_context_destroy, HLE_PARTIAL),
    HLE_FUNC("PE2zHMqLSHs", sceAudioOut2ContextAdvance, audioout2_context_advance, HLE_PARTIAL),
    HLE_FUNC("aII9h5nli9U", sceAudioOut2ContextPush, audioout2_context_push, HLE_PARTIAL),
    HLE_FUNC("R7d0F1g2qsU", sceAudioOut2ContextGetQueueLevel, audioout2_context_get_queue_level,
             HLE_PARTIAL),
    HLE_FUNC("JK2wamZPzwM", sceAudioOut2PortCreate, audioout2_port_create, HLE_PARTIAL),
    HLE_FUNC("cd+Rtw+D1x8", sceAudioOut2PortDestroy, audioout2_port_destroy, HLE_PARTIAL),
    HLE_FUNC("8XTArSPyWHk", sceAudioOut2PortSetAttributes, audioout2_port_set_attributes,
             HLE_PARTIAL),
    /* PARTIAL: the handle numbers, which user ids are accepted (the system user and the
     * logged-in one) and the error for another, BUSY from the public SDK-based code's
     * comment, its value from another reimplementation; a user's ports are not checked */
    HLE_FUNC("xywYcRB7nbQ", sceAudioOut2UserCreate, audioout2_user_create, HLE_PARTIAL),
    HLE_FUNC("IaZXJ9M79uo", sceAudioOut2UserDestroy, audioout2_user_destroy, HLE_PARTIAL),
    /* PARTIAL: the connection per port type as sceAudioOutGetPortState reports it (no
     * headphone or controller detection), volume 127 and reroute counter 0 (prospero's),
     * no 3D output */
    HLE_FUNC("gatEUKG+Ea4", sceAudioOut2PortGetState, audioout2_port_get_state, HLE_PARTIAL),
    /* PARTIAL: the host device as a TV's stereo pair; the flags argument has no effect */
    HLE_FUNC("DImz2Ft9E2g", sceAudioOut2GetSpeakerInfo, audioout2_get_speaker_info, HLE_PARTIAL),
    /* context attributes: checked (ids 0-4), no effect (logged); system state: loudness 0
     * (no meter, logged) */
    HLE_FUNC("4dq2rblWlg0", sceAudioOut2ContextSetAttributes, audioout2_context_set_attributes,
             HLE_PARTIAL),
    HLE_FUNC("bkBN+CMLwRc", sceAudioOut2GetSystemState, audioout2_get_system_state, HLE_PARTIAL),
};

const struct hle_library hle_library_libSceAudioOut = {
    .library_name = "libSceAudioOut",
    .library_version = 1,
    .module_name = "libSceAudioOut",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = audioout_symbols,
    .symbol_count = sizeof audioout_symbols / sizeof audioout_symbols[0],
};
