/* Folders on the host: the emulator's own stores (trophies, save data, statistics, shader
 * dumps) are made on first use. */
#ifndef PROSPERO_COMMON_HOST_DIRS_H
#define PROSPERO_COMMON_HOST_DIRS_H

#include <stdbool.h>

/* Makes the host folder PATH and each missing folder above it (mode 0755), as `mkdir -p`
 * does: true when PATH is then a folder (made now or before); false with errno set when a
 * folder cannot be made or PATH is longer than PATH_MAX (ENAMETOOLONG). */
bool host_dirs_make(const char *path);

#endif
