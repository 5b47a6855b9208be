/* The directory image the console's packaged file system (PFS, the read-only game package
 * mounted at /app0) returns when a game calls read() on a directory descriptor: a run of
 * records, each
 *   u32 fileno, u32 type (2 file, 4 directory), u32 namlen, u32 reclen, name, NUL,
 *   zero padding to reclen = (16 + namlen + 1) rounded up to 8,
 * starting with "." and ".." (both directories), the whole padded with zeros to the
 * package's 64 KiB block size, which is also the size fstat reports for the directory. */
#ifndef PROSPERO_KERNEL_PFS_DIR_H
#define PROSPERO_KERNEL_PFS_DIR_H

#include <stddef.h>
#include <stdint.h>

#define PFS_DIR_BLOCK 0x10000u
#define PFS_DIR_TYPE_FILE 2u
#define PFS_DIR_TYPE_DIR 4u
#define PFS_DIR_RECORD_HEADER 16u

struct pfs_dir {
  uint8_t *image; /* the records (size bytes); the zeros after them are not stored */
  size_t used;    /* bytes of records */
  size_t size;    /* the directory's size: used rounded up to PFS_DIR_BLOCK (at least one) */
};

/* Builds the image of the host directory open at DIR_FD (entries sorted by name, so the
 * order does not depend on the host). 0 or -(host errno). */
int pfs_dir_build(int dir_fd, struct pfs_dir *out);

/* Copies up to N bytes of the image at OFF into BUF (zeros past the records); returns the
 * count, 0 at or past the end. */
size_t pfs_dir_read(const struct pfs_dir *d, uint64_t off, void *buf, size_t n);

void pfs_dir_free(struct pfs_dir *d);

#endif
