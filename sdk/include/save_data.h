/* libSceSaveData: save data mounts, parameters, search, icons and memory save data (names
 * and types as the console SDK spells them). */
#ifndef _PROSPERO_SAVE_DATA_H
#define _PROSPERO_SAVE_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_SAVE_DATA_ERROR_PARAMETER ((int)0x809F0000)
#define SCE_SAVE_DATA_ERROR_NOT_INITIALIZED ((int)0x809F0001)
#define SCE_SAVE_DATA_ERROR_OUT_OF_MEMORY ((int)0x809F0002)
#define SCE_SAVE_DATA_ERROR_BUSY ((int)0x809F0003)
#define SCE_SAVE_DATA_ERROR_NOT_MOUNTED ((int)0x809F0004)
#define SCE_SAVE_DATA_ERROR_NO_PERMISSION ((int)0x809F0005)
#define SCE_SAVE_DATA_ERROR_FINGERPRINT_MISMATCH ((int)0x809F0006)
#define SCE_SAVE_DATA_ERROR_EXISTS ((int)0x809F0007)
#define SCE_SAVE_DATA_ERROR_NOT_FOUND ((int)0x809F0008)
#define SCE_SAVE_DATA_ERROR_NO_SPACE_FS ((int)0x809F000A)
#define SCE_SAVE_DATA_ERROR_INTERNAL ((int)0x809F000B)
#define SCE_SAVE_DATA_ERROR_MOUNT_FULL ((int)0x809F000C)
#define SCE_SAVE_DATA_ERROR_BAD_MOUNTED ((int)0x809F000D)
#define SCE_SAVE_DATA_ERROR_FILE_NOT_FOUND ((int)0x809F000E)
#define SCE_SAVE_DATA_ERROR_BROKEN ((int)0x809F000F)
#define SCE_SAVE_DATA_ERROR_INVALID_LOGIN_USER ((int)0x809F0011)
#define SCE_SAVE_DATA_ERROR_MEMORY_NOT_READY ((int)0x809F0012)
#define SCE_SAVE_DATA_ERROR_BACKUP_BUSY ((int)0x809F0013)

#define SCE_SAVE_DATA_TITLE_ID_DATA_SIZE 10
#define SCE_SAVE_DATA_DIRNAME_DATA_MAXSIZE 32
#define SCE_SAVE_DATA_MOUNT_POINT_DATA_MAXSIZE 16
#define SCE_SAVE_DATA_FINGERPRINT_DATA_SIZE 65
#define SCE_SAVE_DATA_TITLE_MAXSIZE 128
#define SCE_SAVE_DATA_SUBTITLE_MAXSIZE 128
#define SCE_SAVE_DATA_DETAIL_MAXSIZE 1024
#define SCE_SAVE_DATA_BLOCK_SIZE 32768
#define SCE_SAVE_DATA_BLOCKS_MIN2 96
#define SCE_SAVE_DATA_BLOCKS_MAX 32768

typedef uint64_t SceSaveDataBlocks;
typedef int32_t SceUserServiceUserId;

typedef uint32_t SceSaveDataMountMode;
#define SCE_SAVE_DATA_MOUNT_MODE_RDONLY 0x00000001
#define SCE_SAVE_DATA_MOUNT_MODE_RDWR 0x00000002
#define SCE_SAVE_DATA_MOUNT_MODE_CREATE 0x00000004
#define SCE_SAVE_DATA_MOUNT_MODE_DESTRUCT_OFF 0x00000008
#define SCE_SAVE_DATA_MOUNT_MODE_COPY_ICON 0x00000010
#define SCE_SAVE_DATA_MOUNT_MODE_CREATE2 0x00000020
typedef uint32_t SceSaveDataMountStatus;
#define SCE_SAVE_DATA_MOUNT_STATUS_CREATED 0x00000001

typedef uint32_t SceSaveDataParamType;
#define SCE_SAVE_DATA_PARAM_TYPE_ALL 0
#define SCE_SAVE_DATA_PARAM_TYPE_TITLE 1
#define SCE_SAVE_DATA_PARAM_TYPE_SUB_TITLE 2
#define SCE_SAVE_DATA_PARAM_TYPE_DETAIL 3
#define SCE_SAVE_DATA_PARAM_TYPE_USER_PARAM 4
#define SCE_SAVE_DATA_PARAM_TYPE_MTIME 5

typedef uint32_t SceSaveDataSortKey;
#define SCE_SAVE_DATA_SORT_KEY_DIRNAME 0
#define SCE_SAVE_DATA_SORT_KEY_USER_PARAM 1
#define SCE_SAVE_DATA_SORT_KEY_BLOCKS 2
#define SCE_SAVE_DATA_SORT_KEY_MTIME 3
#define SCE_SAVE_DATA_SORT_KEY_FREE_BLOCKS 5
typedef uint32_t SceSaveDataSortOrder;
#define SCE_SAVE_DATA_SORT_ORDER_ASCENT 0
#define SCE_SAVE_DATA_SORT_ORDER_DESCENT 1

typedef uint32_t SceSaveDataMemoryOption;
#define SCE_SAVE_DATA_MEMORY_OPTION_NONE 0x00000000
#define SCE_SAVE_DATA_MEMORY_OPTION_SET_PARAM 0x00000001

typedef struct SceSaveDataTitleId {
  char data[SCE_SAVE_DATA_TITLE_ID_DATA_SIZE];
  char padding[6];
} SceSaveDataTitleId;

typedef struct SceSaveDataDirName {
  char data[SCE_SAVE_DATA_DIRNAME_DATA_MAXSIZE];
} SceSaveDataDirName;

typedef struct SceSaveDataMountPoint {
  char data[SCE_SAVE_DATA_MOUNT_POINT_DATA_MAXSIZE];
} SceSaveDataMountPoint;

typedef struct SceSaveDataFingerprint {
  char data[SCE_SAVE_DATA_FINGERPRINT_DATA_SIZE];
  char padding[15];
} SceSaveDataFingerprint;

typedef struct SceSaveDataInitParams3 {
  uint8_t reserved[32];
} SceSaveDataInitParams3;

typedef struct SceSaveDataMount {
  SceUserServiceUserId userId;
  int32_t pad;
  const SceSaveDataTitleId *titleId;
  const SceSaveDataDirName *dirName;
  const SceSaveDataFingerprint *fingerprint;
  SceSaveDataBlocks blocks;
  SceSaveDataMountMode mountMode;
  uint8_t reserved[32];
} SceSaveDataMount;

typedef struct SceSaveDataMount2 {
  SceUserServiceUserId userId;
  int32_t pad;
  const SceSaveDataDirName *dirName;
  SceSaveDataBlocks blocks;
  SceSaveDataMountMode mountMode;
  uint8_t reserved[32];
  int32_t pad2;
} SceSaveDataMount2;

typedef int32_t SceSaveDataTransactionResourceId;
typedef struct SceSaveDataMount3 {
  SceUserServiceUserId userId;
  int32_t pad;
  const SceSaveDataDirName *dirName;
  SceSaveDataBlocks blocks;
  SceSaveDataBlocks systemBlocks;
  SceSaveDataMountMode mountMode;
  int32_t pad2;
  SceSaveDataTransactionResourceId resource;
  uint8_t reserved[32];
} SceSaveDataMount3;

typedef struct SceSaveDataMountResult {
  SceSaveDataMountPoint mountPoint;
  SceSaveDataBlocks requiredBlocks;
  uint32_t unused;
  SceSaveDataMountStatus mountStatus;
  uint8_t reserved[28];
  int32_t pad;
} SceSaveDataMountResult;

typedef struct SceSaveDataMountInfo {
  SceSaveDataBlocks blocks;
  SceSaveDataBlocks freeBlocks;
  uint8_t reserved[32];
} SceSaveDataMountInfo;

typedef struct SceSaveDataParam {
  char title[SCE_SAVE_DATA_TITLE_MAXSIZE];
  char subTitle[SCE_SAVE_DATA_SUBTITLE_MAXSIZE];
  char detail[SCE_SAVE_DATA_DETAIL_MAXSIZE];
  uint32_t userParam;
  int32_t pad;
  int64_t mtime; /* time_t */
  uint8_t reserved[32];
} SceSaveDataParam;

typedef struct SceSaveDataIcon {
  void *buf;
  size_t bufSize;
  size_t dataSize;
  uint8_t reserved[32];
} SceSaveDataIcon;

typedef struct SceSaveDataDelete {
  SceUserServiceUserId userId;
  int32_t pad;
  const SceSaveDataTitleId *titleId;
  const SceSaveDataDirName *dirName;
  uint32_t unused;
  uint8_t reserved[32];
  int32_t pad2;
} SceSaveDataDelete;

typedef struct SceSaveDataDirNameSearchCond {
  SceUserServiceUserId userId;
  int32_t pad;
  const SceSaveDataTitleId *titleId;
  const SceSaveDataDirName *dirName; /* '%': any run of characters, '_': one character */
  SceSaveDataSortKey key;
  SceSaveDataSortOrder order;
  uint8_t reserved[32];
} SceSaveDataDirNameSearchCond;

typedef struct SceSaveDataSearchInfo {
  SceSaveDataBlocks blocks;
  SceSaveDataBlocks freeBlocks;
  uint8_t reserved[32];
} SceSaveDataSearchInfo;

typedef struct SceSaveDataDirNameSearchResult {
  uint32_t hitNum;
  int32_t pad;
  SceSaveDataDirName *dirNames;
  uint32_t dirNamesNum;
  uint32_t setNum;
  SceSaveDataParam *params;
  SceSaveDataSearchInfo *infos;
  uint8_t reserved[12];
  int32_t pad2;
} SceSaveDataDirNameSearchResult;

typedef struct SceSaveDataMemoryData {
  void *buf;
  size_t bufSize;
  int64_t offset;
  uint8_t reserved[40];
} SceSaveDataMemoryData;

typedef struct SceSaveDataMemorySetup2 {
  SceSaveDataMemoryOption option;
  SceUserServiceUserId userId;
  size_t memorySize;
  size_t iconMemorySize;
  const SceSaveDataParam *initParam;
  const SceSaveDataIcon *initIcon;
  uint32_t slotId;
  uint8_t reserved[20];
} SceSaveDataMemorySetup2;

typedef struct SceSaveDataMemorySetupResult {
  size_t existedMemorySize;
  uint8_t reserved[16];
} SceSaveDataMemorySetupResult;

typedef struct SceSaveDataMemoryGet2 {
  SceUserServiceUserId userId;
  uint8_t padding[4];
  SceSaveDataMemoryData *data;
  SceSaveDataParam *param;
  SceSaveDataIcon *icon;
  uint32_t slotId;
  uint8_t reserved[28];
} SceSaveDataMemoryGet2;

typedef struct SceSaveDataMemorySet2 {
  SceUserServiceUserId userId;
  uint8_t padding[4];
  const SceSaveDataMemoryData *data;
  const SceSaveDataParam *param;
  const SceSaveDataIcon *icon;
  uint32_t dataNum;
  uint32_t slotId;
  uint8_t reserved[24];
} SceSaveDataMemorySet2;

typedef struct SceSaveDataMemorySync {
  SceUserServiceUserId userId;
  uint32_t slotId;
  uint32_t option;
  uint8_t reserved[28];
} SceSaveDataMemorySync;

/* The transaction calls' prototypes beyond their first argument are not public: these are
 * prospero's reading of them (docs/savedata-trophy.md). */
typedef struct SceSaveDataCommitParam SceSaveDataCommitParam;

int sceSaveDataInitialize(const void *init);
int sceSaveDataInitialize2(const void *init);
int sceSaveDataInitialize3(const SceSaveDataInitParams3 *init);
int sceSaveDataTerminate(void);
int sceSaveDataMount(const SceSaveDataMount *mount, SceSaveDataMountResult *mountResult);
int sceSaveDataMount2(const SceSaveDataMount2 *mount, SceSaveDataMountResult *mountResult);
int sceSaveDataMount3(const SceSaveDataMount3 *mount, SceSaveDataMountResult *mountResult);
int sceSaveDataUmount(const SceSaveDataMountPoint *mountPoint);
int sceSaveDataUmount2(uint32_t mode, const SceSaveDataMountPoint *mountPoint);
int sceSaveDataUmountWithBackup(const SceSaveDataMountPoint *mountPoint);
int sceSaveDataGetMountInfo(const SceSaveDataMountPoint *mountPoint, SceSaveDataMountInfo *info);
int sceSaveDataGetParam(const SceSaveDataMountPoint *mountPoint, SceSaveDataParamType paramType,
                        void *paramBuf, size_t paramBufSize, size_t *gotSize);
int sceSaveDataSetParam(const SceSaveDataMountPoint *mountPoint, SceSaveDataParamType paramType,
                        const void *paramBuf, size_t paramBufSize);
int sceSaveDataDirNameSearch(const SceSaveDataDirNameSearchCond *cond,
                             SceSaveDataDirNameSearchResult *result);
int sceSaveDataDelete(const SceSaveDataDelete *del);
int sceSaveDataSaveIcon(const SceSaveDataMountPoint *mountPoint, const SceSaveDataIcon *param);
int sceSaveDataLoadIcon(const SceSaveDataMountPoint *mountPoint, SceSaveDataIcon *param);
int sceSaveDataSetupSaveDataMemory(SceUserServiceUserId userId, size_t memorySize,
                                   const SceSaveDataParam *param);
int sceSaveDataGetSaveDataMemory(SceUserServiceUserId userId, void *buf, size_t bufSize,
                                 int64_t offset);
int sceSaveDataSetSaveDataMemory(SceUserServiceUserId userId, const void *buf, size_t bufSize,
                                 int64_t offset);
int sceSaveDataSetupSaveDataMemory2(const SceSaveDataMemorySetup2 *setupParam,
                                    SceSaveDataMemorySetupResult *result);
int sceSaveDataGetSaveDataMemory2(SceSaveDataMemoryGet2 *getParam);
int sceSaveDataSetSaveDataMemory2(const SceSaveDataMemorySet2 *setParam);
int sceSaveDataSyncSaveDataMemory(const SceSaveDataMemorySync *syncParam);
int sceSaveDataCreateTransactionResource(size_t memorySize);
int sceSaveDataDeleteTransactionResource(SceSaveDataTransactionResourceId resource);
int sceSaveDataPrepare(const SceSaveDataMountPoint *mountPoint, uint32_t type,
                       SceSaveDataTransactionResourceId resource);
int sceSaveDataCommit(const SceSaveDataCommitParam *commitParam);

__PROSPERO_END_DECLS

#endif
