/* Directory entries (libkernel): struct dirent as the console's FreeBSD 11-based kernel
 * returns it from getdents/getdirentries (records of d_reclen bytes, 4-byte aligned). */
#ifndef _PROSPERO_DIRENT_H
#define _PROSPERO_DIRENT_H

#include <sys/types.h>

#include "_prospero_cdefs.h"

struct dirent {
  uint32_t d_fileno;
  uint16_t d_reclen;
  uint8_t d_type;
  uint8_t d_namlen;
  char d_name[255 + 1];
};

#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12

__PROSPERO_BEGIN_DECLS
int getdents(int fd, char *buf, int size);
int getdirentries(int fd, char *buf, int size, long *basep);
__PROSPERO_END_DECLS

#endif
