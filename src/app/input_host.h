/* Where the pad's input comes from: a replay file (--pad-replay) or the host's game
 * controllers and keyboard through SDL2 (with --keymap), on a thread of their own. */
#ifndef PROSPERO_APP_INPUT_HOST_H
#define PROSPERO_APP_INPUT_HOST_H

#include <stdbool.h>

#include "options.h"

/* False with a message on stderr for a bad replay or keymap file. */
bool app_input_setup(const struct app_options *opt);

#endif
