/* kernel.h, part: asynchronous I/O. Included by kernel.h; include <kernel.h>, not this file.
 * Read and write requests are queued under submit IDs (one per call, or one per request with
 * the Multiple forms) and waited for or polled by ID; see docs/kernel-files.md. */
#ifndef _PROSPERO_KERNEL_AIO_H
#define _PROSPERO_KERNEL_AIO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"

#define SCE_KERNEL_AIO_PRIORITY_LOW 1
#define SCE_KERNEL_AIO_PRIORITY_MID 2
#define SCE_KERNEL_AIO_PRIORITY_HIGH 3
#define SCE_KERNEL_AIO_STATE_NOTIFIED 0x10000
#define SCE_KERNEL_AIO_STATE_SUBMITTED 1
#define SCE_KERNEL_AIO_STATE_PROCESSING 2
#define SCE_KERNEL_AIO_STATE_COMPLETED 3
#define SCE_KERNEL_AIO_STATE_ABORTED 4
#define SCE_KERNEL_AIO_WAIT_AND 0x01
#define SCE_KERNEL_AIO_WAIT_OR 0x02
#define SCE_KERNEL_AIO_SCHED_WINDOW_MAX 128
#define SCE_KERNEL_AIO_DELAYED_COUNT_MAX 128
#define SCE_KERNEL_AIO_DISABLE_SPLIT 0
#define SCE_KERNEL_AIO_ENABLE_SPLIT 1
#define SCE_KERNEL_AIO_SPLIT_SIZE_DEFAULT 0x100000
#define SCE_KERNEL_AIO_SPLIT_CHUNK_SIZE_DEFAULT 0x100000
#define SCE_KERNEL_AIO_REQUEST_NUM_MAX 128
#define SCE_KERNEL_AIO_ID_NUM_MAX 128

#define SCE_KERNEL_ERROR_ESRCH ((int)0x80020003)
#define SCE_KERNEL_ERROR_ETIMEDOUT ((int)0x8002003C)

typedef struct SceKernelAioResult {
  int64_t returnValue; /* bytes done, or an SCE error code */
  uint32_t state;      /* SCE_KERNEL_AIO_STATE_* */
} SceKernelAioResult;

typedef int SceKernelAioSubmitId;

typedef struct SceKernelAioRWRequest {
  off_t offset;
  size_t nbyte;
  void *buf;
  SceKernelAioResult *result;
  int fd;
} SceKernelAioRWRequest;

typedef struct SceKernelAioSchedulingParam {
  int schedulingWindowSize;
  int delayedCountLimit;
  uint32_t enableSplit;
  uint32_t splitSize;
  uint32_t splitChunkSize;
} SceKernelAioSchedulingParam;

typedef struct SceKernelAioParam {
  SceKernelAioSchedulingParam low;
  SceKernelAioSchedulingParam mid;
  SceKernelAioSchedulingParam high;
} SceKernelAioParam;

__PROSPERO_BEGIN_DECLS
int sceKernelAioSubmitReadCommands(SceKernelAioRWRequest req[], int size, int prio,
                                   SceKernelAioSubmitId *id);
int sceKernelAioSubmitReadCommandsMultiple(SceKernelAioRWRequest req[], int size, int prio,
                                           SceKernelAioSubmitId id[]);
int sceKernelAioSubmitWriteCommands(SceKernelAioRWRequest req[], int size, int prio,
                                    SceKernelAioSubmitId *id);
int sceKernelAioSubmitWriteCommandsMultiple(SceKernelAioRWRequest req[], int size, int prio,
                                            SceKernelAioSubmitId id[]);
int sceKernelAioPollRequest(SceKernelAioSubmitId id, int *state);
int sceKernelAioPollRequests(SceKernelAioSubmitId id[], int num, int state[]);
int sceKernelAioWaitRequest(SceKernelAioSubmitId id, int *state, SceKernelUseconds *usec);
int sceKernelAioWaitRequests(SceKernelAioSubmitId id[], int num, int state[], uint32_t mode,
                             SceKernelUseconds *usec);
int sceKernelAioCancelRequest(SceKernelAioSubmitId id, int *state);
int sceKernelAioCancelRequests(SceKernelAioSubmitId id[], int num, int state[]);
int sceKernelAioDeleteRequest(SceKernelAioSubmitId id, int *ret);
int sceKernelAioDeleteRequests(SceKernelAioSubmitId id[], int num, int ret[]);
void sceKernelAioInitializeParam(SceKernelAioParam *param);
int sceKernelAioSetParam(SceKernelAioSchedulingParam *param, int schedulingWindowSize,
                         int delayedCountLimit, uint32_t enableSplit, uint32_t splitSize,
                         uint32_t splitChunkSize);
int sceKernelAioInitializeImpl(void *param, int size);
#define sceKernelAioInitialize(param) \
  sceKernelAioInitializeImpl((void *)(param), (int)sizeof(SceKernelAioParam))
__PROSPERO_END_DECLS

#endif
