/* libSceAgcDriver's state queries and the entry points the retail library compiles to a
 * constant (agc_driver.h). What each returns on the console: the resource registration family
 * answers 0x8A6C9018 (four of them measured on hardware, the others from a public listing of
 * the module's functions that gives the same constant for each); SysSubmitFlipHandleProxy and
 * UserDataImmediateWrite return 0 in the retail build (the same listing). The state queries
 * answer for this emulator: no GPU capture or trace tool and no submit validation exist, and
 * a game closed by the window's close button does not run on (app/frames.c). */
#include "hle/libSceAgcDriver/agc_driver.h"

int agc_driver_returns_zero(void) { return 0; }

int agc_driver_no_capture_trace_or_validation(void) { return 0; }

int agc_driver_game_not_closed(void) { return 0; }
