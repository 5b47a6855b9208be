/* Where flipped frames go: the window (gpu/display), --dump-frames DIR, --screenshot-at N
 * FILE (PNG files), and the vblank rate (--vblank-hz). Installs video out's present ops. */
#ifndef PROSPERO_APP_FRAMES_H
#define PROSPERO_APP_FRAMES_H

#include <stdbool.h>

#include "options.h"

/* False with a message on stderr for a bad option value. */
bool app_frames_setup(const struct app_options *opt);
/* Opens the window when there is a display and no --headless (after the title is known:
 * its id goes into the title bar). A window that cannot be made leaves the run headless. */
void app_frames_start(void);

#endif
