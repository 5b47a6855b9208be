/* libSceSaveData: the console's save data. A save is a folder ("slot") kept on the host under
 * the per-title data folder, <data>/savedata/<user id>/<dir name>/, holding the game's files
 * and sce_sys/ (param.bin: our record of the save's parameters; icon0.png). Mounting a slot
 * adds it to the kernel's mount table as /savedata0../savedata15 (read-only mounts refuse
 * writes with EROFS there). Memory save data lives in the reserved slot sce_sdmemory<N>.
 * Layouts and numbers are the console SDK's (docs/savedata-trophy.md names the sources). */
#ifndef PROSPERO_HLE_LIBSCESAVEDATA_SAVE_DATA_H
#define PROSPERO_HLE_LIBSCESAVEDATA_SAVE_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Error codes (the console's SCE_SAVE_DATA_ERROR_*) */
#define SAVE_DATA_ERROR_PARAMETER ((int)0x809F0000)
#define SAVE_DATA_ERROR_NOT_INITIALIZED ((int)0x809F0001)
#define SAVE_DATA_ERROR_OUT_OF_MEMORY ((int)0x809F0002)
#define SAVE_DATA_ERROR_BUSY ((int)0x809F0003)
#define SAVE_DATA_ERROR_NOT_MOUNTED ((int)0x809F0004)
#define SAVE_DATA_ERROR_NO_PERMISSION ((int)0x809F0005)
#define SAVE_DATA_ERROR_EXISTS ((int)0x809F0007)
#define SAVE_DATA_ERROR_NOT_FOUND ((int)0x809F0008)
#define SAVE_DATA_ERROR_NO_SPACE_FS ((int)0x809F000A)
#define SAVE_DATA_ERROR_INTERNAL ((int)0x809F000B)
#define SAVE_DATA_ERROR_MOUNT_FULL ((int)0x809F000C)
#define SAVE_DATA_ERROR_BAD_MOUNTED ((int)0x809F000D)
#define SAVE_DATA_ERROR_BROKEN ((int)0x809F000F)
#define SAVE_DATA_ERROR_INVALID_LOGIN_USER ((int)0x809F0011)
#define SAVE_DATA_ERROR_MEMORY_NOT_READY ((int)0x809F0012)

/* Sizes */
#define SAVE_DATA_TITLE_ID_SIZE 10 /* SceSaveDataTitleId: char data[10], padding[6] */
#define SAVE_DATA_DIRNAME_SIZE 32  /* SceSaveDataDirName: char data[32] */
#define SAVE_DATA_MOUNT_POINT_SIZE 16
#define SAVE_DATA_TITLE_SIZE 128
#define SAVE_DATA_SUBTITLE_SIZE 128
#define SAVE_DATA_DETAIL_SIZE 1024
#define SAVE_DATA_BLOCK_SIZE 32768
#define SAVE_DATA_BLOCKS_MIN2 96
#define SAVE_DATA_BLOCKS_MAX 32768
#define SAVE_DATA_MOUNT_MAX 16
#define SAVE_DATA_MEMORY_SLOTS 4 /* memory save data slot ids 0..3 */

/* SceSaveDataMountMode bits */
#define SAVE_DATA_MOUNT_MODE_RDONLY 0x01u
#define SAVE_DATA_MOUNT_MODE_RDWR 0x02u
#define SAVE_DATA_MOUNT_MODE_CREATE 0x04u
#define SAVE_DATA_MOUNT_MODE_DESTRUCT_OFF 0x08u
#define SAVE_DATA_MOUNT_MODE_COPY_ICON 0x10u
#define SAVE_DATA_MOUNT_MODE_CREATE2 0x20u
#define SAVE_DATA_MOUNT_STATUS_CREATED 1u

/* SceSaveDataParamType, SceSaveDataSortKey, SceSaveDataSortOrder */
enum {
  SAVE_DATA_PARAM_ALL = 0,
  SAVE_DATA_PARAM_TITLE = 1,
  SAVE_DATA_PARAM_SUB_TITLE = 2,
  SAVE_DATA_PARAM_DETAIL = 3,
  SAVE_DATA_PARAM_USER_PARAM = 4,
  SAVE_DATA_PARAM_MTIME = 5,
};
enum {
  SAVE_DATA_SORT_DIRNAME = 0,
  SAVE_DATA_SORT_USER_PARAM = 1,
  SAVE_DATA_SORT_BLOCKS = 2,
  SAVE_DATA_SORT_MTIME = 3,
  SAVE_DATA_SORT_FREE_BLOCKS = 5,
};
enum { SAVE_DATA_ORDER_ASCENT = 0, SAVE_DATA_ORDER_DESCENT = 1 };

/* The guest's structures (x86-64 System V layout, as the SDK declares them). */
struct save_data_param { /* SceSaveDataParam, 0x530 bytes */
  char title[SAVE_DATA_TITLE_SIZE];
  char sub_title[SAVE_DATA_SUBTITLE_SIZE];
  char detail[SAVE_DATA_DETAIL_SIZE];
  uint32_t user_param;
  int32_t pad;
  int64_t mtime; /* time_t, seconds since 1970 */
  uint8_t reserved[32];
};

struct save_data_icon { /* SceSaveDataIcon */
  void *buf;
  size_t buf_size;
  size_t data_size;
  uint8_t reserved[32];
};

struct save_data_mount_result { /* SceSaveDataMountResult, 0x40 bytes */
  char mount_point[SAVE_DATA_MOUNT_POINT_SIZE];
  uint64_t required_blocks;
  uint32_t unused;
  uint32_t mount_status;
  uint8_t reserved[28];
  int32_t pad;
};

struct save_data_mount { /* SceSaveDataMount (the first form, with title id and fingerprint) */
  int32_t user_id;
  int32_t pad;
  const char *title_id;
  const char *dir_name;
  const char *fingerprint;
  uint64_t blocks;
  uint32_t mount_mode;
  uint8_t reserved[32];
};

struct save_data_mount2 { /* SceSaveDataMount2 */
  int32_t user_id;
  int32_t pad;
  const char *dir_name;
  uint64_t blocks;
  uint32_t mount_mode;
  uint8_t reserved[32];
  int32_t pad2;
};

struct save_data_mount3 { /* SceSaveDataMount3 (the PS5's) */
  int32_t user_id;
  int32_t pad;
  const char *dir_name;
  uint64_t blocks;
  uint64_t system_blocks;
  uint32_t mount_mode;
  int32_t pad2;
  int32_t resource; /* a transaction resource id, or 0 */
  uint8_t reserved[32];
};

struct save_data_mount_info { /* SceSaveDataMountInfo */
  uint64_t blocks;
  uint64_t free_blocks;
  uint8_t reserved[32];
};

struct save_data_delete { /* SceSaveDataDelete */
  int32_t user_id;
  int32_t pad;
  const char *title_id;
  const char *dir_name;
  uint32_t unused;
  uint8_t reserved[32];
  int32_t pad2;
};

struct save_data_search_cond { /* SceSaveDataDirNameSearchCond */
  int32_t user_id;
  int32_t pad;
  const char *title_id;
  const char *dir_name; /* a pattern: '%' any run of characters, '_' one character */
  uint32_t key;
  uint32_t order;
  uint8_t reserved[32];
};

struct save_data_search_info { /* SceSaveDataSearchInfo */
  uint64_t blocks;
  uint64_t free_blocks;
  uint8_t reserved[32];
};

struct save_data_search_result { /* SceSaveDataDirNameSearchResult */
  uint32_t hit_num;
  int32_t pad;
  char (*dir_names)[SAVE_DATA_DIRNAME_SIZE];
  uint32_t dir_names_num;
  uint32_t set_num;
  struct save_data_param *params;
  struct save_data_search_info *infos;
  uint8_t reserved[12];
  int32_t pad2;
};

struct save_data_memory_data { /* SceSaveDataMemoryData */
  void *buf;
  size_t buf_size;
  int64_t offset;
  uint8_t reserved[40];
};

struct save_data_memory_setup2 { /* SceSaveDataMemorySetup2 */
  uint32_t option;
  int32_t user_id;
  size_t memory_size;
  size_t icon_memory_size;
  const struct save_data_param *init_param;
  const struct save_data_icon *init_icon;
  uint32_t slot_id;
  uint8_t reserved[20];
};

struct save_data_memory_setup_result { /* SceSaveDataMemorySetupResult */
  size_t existed_memory_size;
  uint8_t reserved[16];
};

struct save_data_memory_get2 { /* SceSaveDataMemoryGet2 */
  int32_t user_id;
  uint8_t pad[4];
  struct save_data_memory_data *data;
  struct save_data_param *param;
  struct save_data_icon *icon;
  uint32_t slot_id;
  uint8_t reserved[28];
};

struct save_data_memory_set2 { /* SceSaveDataMemorySet2 */
  int32_t user_id;
  uint8_t pad[4];
  const struct save_data_memory_data *data;
  const struct save_data_param *param;
  const struct save_data_icon *icon;
  uint32_t data_num;
  uint32_t slot_id;
  uint8_t reserved[24];
};

/* Where the title's saves live: <TITLE_DATA_DIR>/savedata (called before the guest runs). */
void save_data_set_title_dir(const char *title_data_dir);

/* ---- The slot store (save_data_store.c): host folders, no guest state ---------------- */

/* The record kept in <slot>/sce_sys/param.bin. */
struct save_data_record {
  uint64_t blocks;
  struct save_data_param param;
};

/* True when NAME (at most SAVE_DATA_DIRNAME_SIZE bytes read) is a valid slot name: 1..31 of
 * A-Z a-z 0-9 '_' '-', not starting with "sce_" unless RESERVED_OK. */
bool save_data_dir_name_valid(const char *name, bool reserved_ok);
/* The host folder of USER's slot NAME (or the user folder when NAME is NULL) into OUT. */
bool save_data_slot_path(int32_t user, const char *name, char *out, size_t cap);
bool save_data_slot_exists(int32_t user, const char *name);
/* Creates the slot with its record (BLOCKS, empty param, mtime now). False on a host error. */
bool save_data_slot_create(int32_t user, const char *name, uint64_t blocks);
/* Reads/writes the slot's record. Read: false when missing or malformed (logged). */
bool save_data_record_read(int32_t user, const char *name, struct save_data_record *rec);
bool save_data_record_write(int32_t user, const char *name, const struct save_data_record *rec);
/* Bytes used by the slot's files, in whole blocks (rounded up). */
uint64_t save_data_slot_used_blocks(int32_t user, const char *name);
bool save_data_slot_delete(int32_t user, const char *name);
/* Icon (sce_sys/icon0.png): write the bytes; read up to CAP bytes into BUF, *SIZE = the
 * file's size. -1 on a host error, 0 when there is no icon, 1 when read. */
bool save_data_icon_write(int32_t user, const char *name, const void *data, size_t size);
int save_data_icon_read(int32_t user, const char *name, void *buf, size_t cap, size_t *size);
/* Names of USER's slots (reserved sce_ ones left out), up to MAX; returns the count. */
size_t save_data_slot_list(int32_t user, char (*names)[SAVE_DATA_DIRNAME_SIZE], size_t max);
/* The console's dir name pattern: '%' matches any run (also empty), '_' any one character,
 * letters compared without case. */
bool save_data_pattern_match(const char *pattern, const char *name);

/* ---- The exports (the console's prototypes; see sdk/include/save_data.h) ------------- */
int save_data_initialize(const void *init);
int save_data_initialize3(const void *init);
int save_data_terminate(void);
int save_data_mount(const struct save_data_mount *m, struct save_data_mount_result *r);
int save_data_mount2(const struct save_data_mount2 *m, struct save_data_mount_result *r);
int save_data_mount3(const struct save_data_mount3 *m, struct save_data_mount_result *r);
int save_data_umount(const char *mount_point);
int save_data_umount2(uint32_t mode, const char *mount_point);
int save_data_umount_with_backup(const char *mount_point);
int save_data_get_mount_info(const char *mount_point, struct save_data_mount_info *info);
int save_data_get_param(const char *mount_point, uint32_t type, void *buf, size_t size,
                        size_t *got);
int save_data_set_param(const char *mount_point, uint32_t type, const void *buf, size_t size);
int save_data_dir_name_search(const struct save_data_search_cond *cond,
                              struct save_data_search_result *result);
int save_data_delete(const struct save_data_delete *del);
int save_data_save_icon(const char *mount_point, const struct save_data_icon *icon);
int save_data_load_icon(const char *mount_point, struct save_data_icon *icon);

/* memory save data (save_data_memory.c) */
int save_data_setup_memory(int32_t user_id, size_t size, const struct save_data_param *param);
int save_data_get_memory(int32_t user_id, void *buf, size_t size, int64_t offset);
int save_data_set_memory(int32_t user_id, const void *buf, size_t size, int64_t offset);
int save_data_setup_memory2(const struct save_data_memory_setup2 *setup,
                            struct save_data_memory_setup_result *result);
int save_data_get_memory2(struct save_data_memory_get2 *get);
int save_data_set_memory2(const struct save_data_memory_set2 *set);
/* Shared with save_data.c: the library is initialised; USER is the logged-in user. */
int save_data_check_ready(int32_t user);
int save_data_check_initialized(void);
/* 0 when USER's memory slot SLOT is set up, else the error (NOT_READY, PARAMETER, ...). */
int save_data_memory_ready(int32_t user, uint32_t slot);
/* transactions and sync (save_data_transaction.c) */
int save_data_create_transaction_resource(uint64_t memory_size);
int save_data_delete_transaction_resource(int32_t resource);
int save_data_prepare(const char *mount_point);
int save_data_commit(const void *param);
int save_data_sync_memory(const void *sync);
/* Forgets the set-up memory slots (Terminate). */
void save_data_memory_reset(void);

#endif
