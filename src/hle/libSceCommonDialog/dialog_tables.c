/* The tables of the dialog libraries: libSceCommonDialog, libSceMsgDialog,
 * libSceErrorDialog, libSceImeDialog and libSceSaveDataDialog. NIDs derive from the names
 * (checked by tests/unit/hle). The Open/Init lines are PARTIAL: nothing is drawn, the
 * answer is the host's (dialog.h). */
#include "hle/hle.h"
#include "hle/libSceCommonDialog/dialog.h"

static const struct hle_symbol common_dialog_symbols[] = {
    HLE_FUNC("uoUpLGNkygk", sceCommonDialogInitialize, common_dialog_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("BQ3tey0JmQM", sceCommonDialogIsUsed, common_dialog_is_used, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceCommonDialog = {
    .library_name = "libSceCommonDialog",
    .library_version = 1,
    .module_name = "libSceCommonDialog",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = common_dialog_symbols,
    .symbol_count = sizeof common_dialog_symbols / sizeof common_dialog_symbols[0],
};

static const struct hle_symbol msg_dialog_symbols[] = {
    HLE_FUNC("lDqxaY1UbEo", sceMsgDialogInitialize, msg_dialog_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("b06Hh0DPEaE", sceMsgDialogOpen, msg_dialog_open, HLE_PARTIAL),
    HLE_FUNC("6fIC3XKt2k0", sceMsgDialogUpdateStatus, msg_dialog_update_status, HLE_IMPLEMENTED),
    HLE_FUNC("CWVW78Qc3fI", sceMsgDialogGetStatus, msg_dialog_get_status, HLE_IMPLEMENTED),
    HLE_FUNC("Lr8ovHH9l6A", sceMsgDialogGetResult, msg_dialog_get_result, HLE_IMPLEMENTED),
    HLE_FUNC("HTrcDKlFKuM", sceMsgDialogClose, msg_dialog_close, HLE_IMPLEMENTED),
    HLE_FUNC("ePw-kqZmelo", sceMsgDialogTerminate, msg_dialog_terminate, HLE_IMPLEMENTED),
    HLE_FUNC("wTpfglkmv34", sceMsgDialogProgressBarSetValue, msg_dialog_progress_bar_set_value,
             HLE_IMPLEMENTED),
    HLE_FUNC("Gc5k1qcK4fs", sceMsgDialogProgressBarInc, msg_dialog_progress_bar_inc,
             HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceMsgDialog = {
    .library_name = "libSceMsgDialog",
    .library_version = 1,
    .module_name = "libSceMsgDialog",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = msg_dialog_symbols,
    .symbol_count = sizeof msg_dialog_symbols / sizeof msg_dialog_symbols[0],
};

static const struct hle_symbol error_dialog_symbols[] = {
    HLE_FUNC("I88KChlynSs", sceErrorDialogInitialize, error_dialog_initialize, HLE_IMPLEMENTED),
    HLE_FUNC("M2ZF-ClLhgY", sceErrorDialogOpen, error_dialog_open, HLE_PARTIAL),
    HLE_FUNC("WWiGuh9XfgQ", sceErrorDialogUpdateStatus, error_dialog_update_status,
             HLE_IMPLEMENTED),
    HLE_FUNC("t2FvHRXzgqk", sceErrorDialogGetStatus, error_dialog_get_status, HLE_IMPLEMENTED),
    HLE_FUNC("ekXHb1kDBl0", sceErrorDialogClose, error_dialog_close, HLE_IMPLEMENTED),
    HLE_FUNC("9XAxK2PMwk8", sceErrorDialogTerminate, error_dialog_terminate, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceErrorDialog = {
    .library_name = "libSceErrorDialog",
    .library_version = 1,
    .module_name = "libSceErrorDialog",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = error_dialog_symbols,
    .symbol_count = sizeof error_dialog_symbols / sizeof error_dialog_symbols[0],
};

static const struct hle_symbol ime_dialog_symbols[] = {
    HLE_FUNC("NUeBrN7hzf0", sceImeDialogInit, ime_dialog_init, HLE_PARTIAL),
    HLE_FUNC("IADmD4tScBY", sceImeDialogGetStatus, ime_dialog_get_status, HLE_IMPLEMENTED),
    HLE_FUNC("x01jxu+vxlc", sceImeDialogGetResult, ime_dialog_get_result, HLE_IMPLEMENTED),
    HLE_FUNC("oBmw4xrmfKs", sceImeDialogAbort, ime_dialog_abort, HLE_IMPLEMENTED),
    HLE_FUNC("gyTyVn+bXMw", sceImeDialogTerm, ime_dialog_term, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceImeDialog = {
    .library_name = "libSceImeDialog",
    .library_version = 1,
    .module_name = "libSceImeDialog",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = ime_dialog_symbols,
    .symbol_count = sizeof ime_dialog_symbols / sizeof ime_dialog_symbols[0],
};

static const struct hle_symbol save_data_dialog_symbols[] = {
    HLE_FUNC("s9e3+YpRnzw", sceSaveDataDialogInitialize, save_data_dialog_initialize,
             HLE_IMPLEMENTED),
    HLE_FUNC("4tPhsP6FpDI", sceSaveDataDialogOpen, save_data_dialog_open, HLE_PARTIAL),
    HLE_FUNC("KK3Bdg1RWK0", sceSaveDataDialogUpdateStatus, save_data_dialog_update_status,
             HLE_IMPLEMENTED),
    HLE_FUNC("ERKzksauAJA", sceSaveDataDialogGetStatus, save_data_dialog_get_status,
             HLE_IMPLEMENTED),
    HLE_FUNC("yEiJ-qqr6Cg", sceSaveDataDialogGetResult, save_data_dialog_get_result,
             HLE_IMPLEMENTED),
    HLE_FUNC("fH46Lag88XY", sceSaveDataDialogClose, save_data_dialog_close, HLE_IMPLEMENTED),
    HLE_FUNC("YuH2FA7azqQ", sceSaveDataDialogTerminate, save_data_dialog_terminate,
             HLE_IMPLEMENTED),
    HLE_FUNC("en7gNVnh878", sceSaveDataDialogIsReadyToDisplay, save_data_dialog_is_ready_to_display,
             HLE_IMPLEMENTED),
    HLE_FUNC("hay1CfTmLyA", sceSaveDataDialogProgressBarSetValue,
             save_data_dialog_progress_bar_set_value, HLE_IMPLEMENTED),
    HLE_FUNC("V-uEeFKARJU", sceSaveDataDialogProgressBarInc, save_data_dialog_progress_bar_inc,
             HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceSaveDataDialog = {
    .library_name = "libSceSaveDataDialog",
    .library_version = 1,
    .module_name = "libSceSaveDataDialog",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = save_data_dialog_symbols,
    .symbol_count = sizeof save_data_dialog_symbols / sizeof save_data_dialog_symbols[0],
};
