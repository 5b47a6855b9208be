/* libScePlayGo: progressive installation. A game run by prospero is installed in full, so
 * every chunk is local (the fast locus), nothing is left to download and nothing is to do.
 * The chunks are the title's (sce_sys/playgo-chunk.dat, playgo_chunks.h): their ids, sizes,
 * and BAD_CHUNK_ID for an id it does not define. A title without that file (the PS5's own
 * chunk definition format is not known publicly) gets chunk 0 alone, and any chunk id it
 * asks about is answered as installed. */
#ifndef PROSPERO_HLE_LIBSCEPLAYGO_PLAYGO_H
#define PROSPERO_HLE_LIBSCEPLAYGO_PLAYGO_H

#include <stdint.h>

/* Error codes (the console's SCE_PLAYGO_ERROR_*) */
#define PLAYGO_ERROR_NOT_INITIALIZED ((int)0x80B20005)
#define PLAYGO_ERROR_ALREADY_INITIALIZED ((int)0x80B20006)
#define PLAYGO_ERROR_BAD_HANDLE ((int)0x80B20009)
#define PLAYGO_ERROR_BAD_POINTER ((int)0x80B2000A)
#define PLAYGO_ERROR_BAD_SIZE ((int)0x80B2000B)
#define PLAYGO_ERROR_BAD_CHUNK_ID ((int)0x80B2000C)
#define PLAYGO_ERROR_BAD_SPEED ((int)0x80B2000D)

#define PLAYGO_BUFFER_MIN 0x200000 /* ScePlayGoInitParams.bufSize at least 2 MiB */
#define PLAYGO_ERROR_BAD_LOCUS ((int)0x80B20010)
#define PLAYGO_LOCUS_NOT_DOWNLOADED 0
#define PLAYGO_LOCUS_LOCAL_SLOW 2
#define PLAYGO_LOCUS_LOCAL_FAST 3
#define PLAYGO_INSTALL_SPEED_FULL 2

/* The exports (the console's prototypes; see sdk/include/playgo.h) */
int playgo_initialize(const void *params);
int playgo_terminate(void);
int playgo_open(uint32_t *handle, const void *param);
int playgo_close(uint32_t handle);
int playgo_get_chunk_id(uint32_t handle, uint16_t *ids, uint32_t count, uint32_t *entries);
int playgo_get_locus(uint32_t handle, const uint16_t *ids, uint32_t count, int8_t *loci);
int playgo_get_progress(uint32_t handle, const uint16_t *ids, uint32_t count, void *progress);
int playgo_get_eta(uint32_t handle, const uint16_t *ids, uint32_t count, int64_t *eta);
int playgo_get_install_speed(uint32_t handle, int32_t *speed);
int playgo_set_install_speed(uint32_t handle, int32_t speed);
int playgo_get_language_mask(uint32_t handle, uint64_t *mask);
int playgo_set_language_mask(uint32_t handle, uint64_t mask);
int playgo_prefetch(uint32_t handle, const uint16_t *ids, uint32_t count, int8_t min_locus);
int playgo_set_to_do_list(uint32_t handle, const void *list, uint32_t count);
int playgo_get_to_do_list(uint32_t handle, void *list, uint32_t count, uint32_t *entries);

#endif
