/* File status (libkernel): struct stat as the console's FreeBSD 11-based kernel lays it out
 * (amd64, 120 bytes), the S_IF* types and permission bits. */
#ifndef _PROSPERO_SYS_STAT_H
#define _PROSPERO_SYS_STAT_H

#include <sys/types.h>
#include <time.h>

#include "../_prospero_cdefs.h"

struct stat {
  dev_t st_dev;
  ino_t st_ino;
  mode_t st_mode;
  nlink_t st_nlink;
  uid_t st_uid;
  gid_t st_gid;
  dev_t st_rdev;
  struct timespec st_atim;
  struct timespec st_mtim;
  struct timespec st_ctim;
  off_t st_size;
  blkcnt_t st_blocks;
  blksize_t st_blksize;
  fflags_t st_flags;
  uint32_t st_gen;
  int32_t st_lspare;
  struct timespec st_birthtim;
};

#define S_IFMT 0170000
#define S_IFIFO 0010000
#define S_IFCHR 0020000
#define S_IFDIR 0040000
#define S_IFBLK 0060000
#define S_IFREG 0100000
#define S_IFLNK 0120000
#define S_IFSOCK 0140000
#define S_ISDIR(m) (((m)&S_IFMT) == S_IFDIR)
#define S_ISREG(m) (((m)&S_IFMT) == S_IFREG)
#define S_ISCHR(m) (((m)&S_IFMT) == S_IFCHR)
#define S_ISLNK(m) (((m)&S_IFMT) == S_IFLNK)
#define S_IRWXU 0000700
#define S_IRUSR 0000400
#define S_IWUSR 0000200
#define S_IXUSR 0000100
#define S_IRWXG 0000070
#define S_IRGRP 0000040
#define S_IWGRP 0000020
#define S_IXGRP 0000010
#define S_IRWXO 0000007
#define S_IROTH 0000004
#define S_IWOTH 0000002
#define S_IXOTH 0000001

__PROSPERO_BEGIN_DECLS
int stat(const char *path, struct stat *st);
int fstat(int fd, struct stat *st);
int mkdir(const char *path, mode_t mode);
int chmod(const char *path, mode_t mode);
__PROSPERO_END_DECLS

#endif
