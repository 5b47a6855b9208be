/* Guest path namespace: mount points ("/app0", "/temp0", ...) mapped to host folders.
 * The file-system HLE resolves every guest path through here, and no lookup can leave the
 * mount it starts in:
 *   - a guest path is normalised as the console's kernel would walk it from its root ("."
 *     and empty components dropped, ".." climbs one level, never above "/"), then matched
 *     against the mount points; what is left outside every mount does not exist (ENOENT),
 *     so "/temp0/../../etc" and absolute host paths name nothing;
 *   - the host lookup below the mount's folder is done with openat2(RESOLVE_BENEATH |
 *     RESOLVE_NO_MAGICLINKS) from a descriptor of that folder: a symbolic link that points
 *     outside (absolute, or climbing with "..") fails, and is reported as ENOENT too;
 *   - paths of SCE_KERNEL_PATH_MAX (1024) bytes or more, or with a component over NAME_MAX
 *     (255), are ENAMETOOLONG; a guest string ends at its first NUL, so nothing after an
 *     embedded NUL is ever looked at.
 * Mounts flagged MOUNT_CASE_FOLD (the game package, /app0) retry a lookup that fails with
 * ENOENT with a case-insensitive match of each component, as the console's package file
 * system does not care about case. Results are >= 0 or -(host errno). */
#ifndef PROSPERO_KERNEL_MOUNTS_H
#define PROSPERO_KERNEL_MOUNTS_H

#include <stdbool.h>
#include <stddef.h>

#define MOUNTS_MAX 32        /* the game's mounts, /savedata0..15 and room to spare */
#define MOUNTS_PATH_MAX 1024 /* SCE_KERNEL_PATH_MAX: bytes of a path with its NUL */
#define MOUNTS_NAME_MAX 255  /* SCE_KERNEL_NAME_MAX: bytes of one component */

#define MOUNT_READ_ONLY 0x1u /* writes, creation, removal: EROFS */
#define MOUNT_CASE_FOLD 0x2u /* lookups fall back to a case-insensitive match */
#define MOUNT_PFS 0x4u       /* the game package: read() on a directory gives PFS records */

/* Adds GUEST_POINT (e.g. "/app0", no trailing slash) -> HOST_DIR. False if the table is full,
 * the point is malformed or already mounted. */
bool mounts_add(const char *guest_point, const char *host_dir, bool read_only);
bool mounts_add_flags(const char *guest_point, const char *host_dir, unsigned flags);

/* Removes GUEST_POINT (exactly as it was added). False when it is not mounted. A lookup
 * made before the removal may still use the mount's folder descriptor: it is closed only
 * after MOUNTS_RETIRED_MAX further removals (a lookup never takes that long). */
#define MOUNTS_RETIRED_MAX 64
bool mounts_remove(const char *guest_point);

/* Normalises absolute guest path IN into OUT (MOUNTS_PATH_MAX bytes): 0, -EFAULT (NULL),
 * -ENOENT (empty or relative), -ENAMETOOLONG. IN is read up to its NUL or MOUNTS_PATH_MAX bytes. */
int mounts_normalize(const char *in, char *out);

/* A guest path resolved to its mount. */
struct mount_path {
  int root_fd;                /* O_PATH descriptor of the mount's folder (the table's) */
  unsigned flags;             /* MOUNT_* */
  char rel[MOUNTS_PATH_MAX];  /* below the mount folder: "a/b", or "." for the folder */
  char norm[MOUNTS_PATH_MAX]; /* the normalised guest path */
};

/* Resolves GUEST_PATH to its mount: 0, -ENOENT (outside every mount, or the mount's folder
 * cannot be opened), -ENAMETOOLONG. */
int mounts_lookup(const char *guest_path, struct mount_path *out);

/* Opens REL below MP's folder (openat2 beneath it; HOW_FLAGS are host open flags, MODE for
 * O_CREAT), with the case-insensitive retry on MOUNT_CASE_FOLD mounts. A host descriptor or
 * -(host errno); an escape is -ENOENT. */
int mounts_open_beneath(const struct mount_path *mp, const char *rel, int how_flags, int mode);

/* Opens the folder holding MP's last component (O_PATH) and points *LEAF at that component
 * inside MP->rel. -EBUSY when MP is the mount's folder itself (it has no parent here). */
int mounts_open_parent(const struct mount_path *mp, const char **leaf);

/* Translates an absolute guest path into a host path string in OUT (CAP bytes), for callers
 * that hand the path to host code (the loader). READ_ONLY (optional) tells whether the
 * mount is read-only. False when no mount matches or OUT is too small. Symbolic links are
 * not checked here: file access goes through mounts_lookup. */
bool mounts_resolve(const char *guest_path, char *out, size_t cap, bool *read_only);

/* Forgets every mount (tests). */
void mounts_clear(void);

#endif
