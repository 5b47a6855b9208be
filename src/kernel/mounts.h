/* Guest path namespace: mount points ("/app0", "/temp0", ...) mapped to host folders.
 * The file-system HLE resolves every guest path through here. */
#ifndef PROSPERO_KERNEL_MOUNTS_H
#define PROSPERO_KERNEL_MOUNTS_H

#include <stdbool.h>
#include <stddef.h>

#define MOUNTS_MAX 16

/* Adds GUEST_POINT (e.g. "/app0", no trailing slash) -> HOST_DIR. False if the table is full,
 * the point is malformed or already mounted. */
bool mounts_add(const char *guest_point, const char *host_dir, bool read_only);

/* Translates an absolute guest path into a host path in OUT (CAP bytes). Rejects paths that
 * climb out of the mount with "..". READ_ONLY (optional) tells whether the mount is
 * read-only. False when no mount matches or OUT is too small. */
bool mounts_resolve(const char *guest_path, char *out, size_t cap, bool *read_only);

/* Forgets every mount (tests). */
void mounts_clear(void);

#endif
