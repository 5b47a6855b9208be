/* Where flipped frames go: --dump-frames DIR, --screenshot-at N FILE (PNG files through
 * gpu/present), and the vblank rate (--vblank-hz). Installs video out's present ops. */
#ifndef PROSPERO_APP_FRAMES_H
#define PROSPERO_APP_FRAMES_H

#include <stdbool.h>

#include "options.h"

/* False with a message on stderr for a bad option value. */
bool app_frames_setup(const struct app_options *opt);

#endif
