/* libScePlayGo: progressive installation (names and types as the console SDK spells them). */
#ifndef _PROSPERO_PLAYGO_H
#define _PROSPERO_PLAYGO_H

#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_PLAYGO_ERROR_UNKNOWN ((int)0x80B20001)
#define SCE_PLAYGO_ERROR_FATAL ((int)0x80B20002)
#define SCE_PLAYGO_ERROR_NO_MEMORY ((int)0x80B20003)
#define SCE_PLAYGO_ERROR_INVALID_ARGUMENT ((int)0x80B20004)
#define SCE_PLAYGO_ERROR_NOT_INITIALIZED ((int)0x80B20005)
#define SCE_PLAYGO_ERROR_ALREADY_INITIALIZED ((int)0x80B20006)
#define SCE_PLAYGO_ERROR_ALREADY_STARTED ((int)0x80B20007)
#define SCE_PLAYGO_ERROR_NOT_STARTED ((int)0x80B20008)
#define SCE_PLAYGO_ERROR_BAD_HANDLE ((int)0x80B20009)
#define SCE_PLAYGO_ERROR_BAD_POINTER ((int)0x80B2000A)
#define SCE_PLAYGO_ERROR_BAD_SIZE ((int)0x80B2000B)
#define SCE_PLAYGO_ERROR_BAD_CHUNK_ID ((int)0x80B2000C)
#define SCE_PLAYGO_ERROR_BAD_SPEED ((int)0x80B2000D)
#define SCE_PLAYGO_ERROR_NOT_SUPPORT_PLAYGO ((int)0x80B2000E)
#define SCE_PLAYGO_ERROR_EPERM ((int)0x80B2000F)
#define SCE_PLAYGO_ERROR_BAD_LOCUS ((int)0x80B20010)
#define SCE_PLAYGO_ERROR_NEED_DATA_DISC ((int)0x80B20011)

#define SCE_PLAYGO_HEAP_SIZE (2 * 1024 * 1024)

typedef uint32_t ScePlayGoHandle;
typedef uint16_t ScePlayGoChunkId;
typedef int8_t ScePlayGoLocus;
typedef int32_t ScePlayGoInstallSpeed;
typedef int64_t ScePlayGoEta;
typedef uint64_t ScePlayGoLanguageMask;

#define SCE_PLAYGO_LOCUS_NOT_DOWNLOADED 0
#define SCE_PLAYGO_LOCUS_LOCAL_SLOW 2
#define SCE_PLAYGO_LOCUS_LOCAL_FAST 3
#define SCE_PLAYGO_INSTALL_SPEED_SUSPENDED 0
#define SCE_PLAYGO_INSTALL_SPEED_TRICKLE 1
#define SCE_PLAYGO_INSTALL_SPEED_FULL 2

typedef struct ScePlayGoInitParams {
  const void *bufAddr;
  uint32_t bufSize;
  uint32_t reserved;
} ScePlayGoInitParams;

typedef struct ScePlayGoToDo {
  ScePlayGoChunkId chunkId;
  ScePlayGoLocus locus;
  int8_t reserved;
} ScePlayGoToDo;

typedef struct ScePlayGoProgress {
  uint64_t progressSize;
  uint64_t totalSize;
} ScePlayGoProgress;

int scePlayGoInitialize(const ScePlayGoInitParams *initParam);
int scePlayGoTerminate(void);
int scePlayGoOpen(ScePlayGoHandle *outHandle, const void *param);
int scePlayGoClose(ScePlayGoHandle handle);
int scePlayGoGetChunkId(ScePlayGoHandle handle, ScePlayGoChunkId *outChunkIdList,
                        uint32_t numberOfEntries, uint32_t *outEntries);
int scePlayGoGetLocus(ScePlayGoHandle handle, const ScePlayGoChunkId *chunkIds,
                      uint32_t numberOfEntries, ScePlayGoLocus *outLoci);
int scePlayGoGetProgress(ScePlayGoHandle handle, const ScePlayGoChunkId *chunkIds,
                         uint32_t numberOfEntries, ScePlayGoProgress *outProgress);
int scePlayGoGetEta(ScePlayGoHandle handle, const ScePlayGoChunkId *chunkIds,
                    uint32_t numberOfEntries, ScePlayGoEta *outEta);
int scePlayGoGetInstallSpeed(ScePlayGoHandle handle, ScePlayGoInstallSpeed *outSpeed);
int scePlayGoSetInstallSpeed(ScePlayGoHandle handle, ScePlayGoInstallSpeed speed);
int scePlayGoGetLanguageMask(ScePlayGoHandle handle, ScePlayGoLanguageMask *outLanguageMask);
int scePlayGoSetLanguageMask(ScePlayGoHandle handle, ScePlayGoLanguageMask languageMask);
int scePlayGoSetToDoList(ScePlayGoHandle handle, const ScePlayGoToDo *todoList,
                         uint32_t numberOfEntries);
int scePlayGoPrefetch(ScePlayGoHandle handle, const ScePlayGoChunkId *chunkIds,
                      uint32_t numberOfEntries, ScePlayGoLocus minimumLocus);
int scePlayGoGetToDoList(ScePlayGoHandle handle, ScePlayGoToDo *outTodoList,
                         uint32_t numberOfEntries, uint32_t *outEntries);

__PROSPERO_END_DECLS

#endif
