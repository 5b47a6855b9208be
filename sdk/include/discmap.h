/* libSceDiscMap: where the parts of a disc game's files lie (names and types as the console
 * SDK spells them). Installed games have no disc map. */
#ifndef _PROSPERO_DISCMAP_H
#define _PROSPERO_DISCMAP_H

#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_DISC_MAP_ERROR_NO_BITMAP_INFO ((int)0x81100004)

int sceDiscMapIsRequestOnHDD(const char *path, int64_t offset, int64_t nbytes, int *ret);
int sceDiscMapGetPackageSize(int64_t flags, void *a, void *b);

__PROSPERO_END_DECLS

#endif
