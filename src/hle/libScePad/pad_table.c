/* The libScePad table. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libScePad/pad.h"

static const struct hle_symbol pad_symbols[] = {
    HLE_FUNC("hv1luiJrqQM", scePadInit, pad_init, HLE_IMPLEMENTED),
    /* PARTIAL: the handle numbers are prospero's own (from 1); the special and remote
     * control ports open but never have a device */
    HLE_FUNC("xk0AcarP3V4", scePadOpen, pad_open, HLE_PARTIAL),
    HLE_FUNC("WFIiSfXGUq8", scePadOpenExt, pad_open_ext, HLE_PARTIAL),
    HLE_FUNC("6ncge5+l5Qs", scePadClose, pad_close, HLE_IMPLEMENTED),
    HLE_FUNC("u1GRHp+oWoY", scePadGetHandle, pad_get_handle, HLE_IMPLEMENTED),
    /* PARTIAL: with nothing new it returns the latest sample again (unverified; logged) */
    HLE_FUNC("q1cHNfGycLI", scePadRead, pad_read, HLE_PARTIAL),
    HLE_FUNC("YndgXqQVV7c", scePadReadState, pad_read_state, HLE_IMPLEMENTED),
    HLE_FUNC("yFVnOdGxvZY", scePadSetVibration, pad_set_vibration, HLE_IMPLEMENTED),
    HLE_FUNC("RR4novUEENY", scePadSetLightBar, pad_set_light_bar, HLE_IMPLEMENTED),
    HLE_FUNC("DscD1i9HX1w", scePadResetLightBar, pad_reset_light_bar, HLE_IMPLEMENTED),
    /* PARTIAL: the SDK's ranges are checked, but the console's error for a value outside
     * them is not known (INVALID_ARG here); the slope mode's steps between its two points
     * are rounded linearly, as the controller cannot be asked */
    HLE_FUNC("2JgFB2n9oUM", scePadSetTriggerEffect, pad_set_trigger_effect, HLE_PARTIAL),
    /* PARTIAL: dead zones and pixel density are representative, not measured */
    HLE_FUNC("gjP9-KQzoUk", scePadGetControllerInformation, pad_get_controller_information,
             HLE_PARTIAL),
    HLE_FUNC("hGbf2QTBmqc", scePadGetExtControllerInformation, pad_get_ext_controller_information,
             HLE_PARTIAL),
    HLE_FUNC("clVvL4ZDntw", scePadSetMotionSensorState, pad_set_motion_sensor_state,
             HLE_IMPLEMENTED),
    /* PARTIAL: recorded, the host's sensor data is used unfiltered (logged once) */
    HLE_FUNC("vDLMoJLde8I", scePadSetTiltCorrectionState, pad_set_tilt_correction_state,
             HLE_PARTIAL),
    HLE_FUNC("r44mAxdSG+U", scePadSetAngularVelocityDeadbandState,
             pad_set_angular_velocity_deadband_state, HLE_PARTIAL),
    HLE_FUNC("rIZnR6eSpvk", scePadResetOrientation, pad_reset_orientation, HLE_IMPLEMENTED),
    /* PARTIAL: the standard controller only (no special devices): its class data is empty */
    HLE_FUNC("AcslpN1jHR8", scePadDeviceClassGetExtendedInformation,
             pad_device_class_get_extended_information, HLE_PARTIAL),
    HLE_FUNC("IHPqcbc0zCA", scePadDeviceClassParseData, pad_device_class_parse_data, HLE_PARTIAL),
};

const struct hle_library hle_library_libScePad = {
    .library_name = "libScePad",
    .library_version = 1,
    .module_name = "libScePad",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = pad_symbols,
    .symbol_count = sizeof pad_symbols / sizeof pad_symbols[0],
};
