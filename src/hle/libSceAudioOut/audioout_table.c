/* The libSceAudioOut table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libSceAudioOut/audioout.h"

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
