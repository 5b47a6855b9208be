/* Where audio out's mixed stream goes: the host's device through SDL2 (--audio sdl), nowhere
 * (--audio null), and a WAV file beside either (--audio-dump). Installs audio out's sink. */
#ifndef PROSPERO_APP_AUDIO_HOST_H
#define PROSPERO_APP_AUDIO_HOST_H

#include <stdbool.h>

#include "options.h"

/* False with a message on stderr for a bad option value or a dump file that cannot be made. */
bool app_audio_setup(const struct app_options *opt);

/* At process exit: drains the ports and completes the WAV file. */
void app_audio_finish(void);

#endif
