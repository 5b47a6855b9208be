/* libkernel: the console's kernel interface (names and types as the console SDK spells
 * them). Error returns are SCE error codes (0x8002xxxx = 0x80020000 + FreeBSD errno). */
#ifndef _PROSPERO_KERNEL_H
#define _PROSPERO_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"

typedef unsigned int SceKernelUseconds;
typedef int32_t SceKernelClockid;

typedef struct SceKernelTimespec {
  int64_t tv_sec;
  int64_t tv_nsec;
} SceKernelTimespec;

#define SCE_OK 0
#define SCE_KERNEL_ERROR_ENOENT ((int)0x80020002)
#define SCE_KERNEL_ERROR_ENOMEM ((int)0x8002000C)
#define SCE_KERNEL_ERROR_EACCES ((int)0x8002000D)
#define SCE_KERNEL_ERROR_EFAULT ((int)0x8002000E)
#define SCE_KERNEL_ERROR_EBUSY ((int)0x80020010)
#define SCE_KERNEL_ERROR_EINVAL ((int)0x80020016)
#define SCE_KERNEL_ERROR_EAGAIN ((int)0x80020023)

/* Memory: 16 KiB pages; protection bits, map flags and memory types. */
#define SCE_KERNEL_PAGE_SIZE 16384
#define SCE_KERNEL_PROT_CPU_READ 0x01
#define SCE_KERNEL_PROT_CPU_WRITE 0x02
#define SCE_KERNEL_PROT_CPU_RW 0x02
#define SCE_KERNEL_PROT_CPU_EXEC 0x04
#define SCE_KERNEL_PROT_GPU_READ 0x10
#define SCE_KERNEL_PROT_GPU_WRITE 0x20
#define SCE_KERNEL_PROT_GPU_RW 0x30
#define SCE_KERNEL_MAP_FIXED 0x10
#define SCE_KERNEL_MAP_NO_OVERWRITE 0x80
#define SCE_KERNEL_MAP_NO_COALESCE 0x400000
/* Memory types (the PS5 SDK's SceKernelMemoryType): 0 behaves as SCE_KERNEL_MTYPE_C_SHARED;
 * a PS5 title may set 0, SCE_KERNEL_MTYPE_C and SCE_KERNEL_MTYPE_C_SHARED, nothing else. */
typedef enum SceKernelMemoryType {
  SCE_KERNEL_MTYPE_C = 11,        /* CPU write-back; GPU GL2 cached, read/write, not shared */
  SCE_KERNEL_MTYPE_C_SHARED = 12, /* CPU write-back; GPU GL2 cached, read/write, shared */
} SceKernelMemoryType;
/* The PS4 SDK's names, for code shared with PS4 titles: a PS5 title's WC_GARLIC and
 * WB_GARLIC are EINVAL (only a PS4 title may set types 1..10). */
#define SCE_KERNEL_WB_ONION 0
#define SCE_KERNEL_WC_GARLIC 3
#define SCE_KERNEL_WB_GARLIC 10
#define SCE_KERNEL_VQ_FIND_NEXT 1
#define SCE_KERNEL_VIRTUAL_RANGE_NAME_SIZE 32

typedef struct SceKernelVirtualQueryInfo { /* 72 bytes */
  void *start;
  void *end;
  off_t offset;
  int protection;
  int memoryType;
  unsigned int isFlexibleMemory : 1;
  unsigned int isDirectMemory : 1;
  unsigned int isStack : 1;
  unsigned int isPooledMemory : 1;
  unsigned int isCommitted : 1;
  char name[SCE_KERNEL_VIRTUAL_RANGE_NAME_SIZE];
} SceKernelVirtualQueryInfo;

#define SCE_KERNEL_MAP_OP_MAP_DIRECT 0
#define SCE_KERNEL_MAP_OP_UNMAP 1
#define SCE_KERNEL_MAP_OP_PROTECT 2
#define SCE_KERNEL_MAP_OP_MAP_FLEXIBLE 3
#define SCE_KERNEL_MAP_OP_TYPE_PROTECT 4

/* sceKernelGetCpumode: bit 0 set = seven CPUs for the game (else six); bit 2 = the seventh
 * at normal priority (else low). */
#define SCE_KERNEL_CPUMODE_6CPU 0
#define SCE_KERNEL_CPUMODE_7CPU_LOW 1
#define SCE_KERNEL_CPUMODE_7CPU_NORMAL 5

typedef struct SceKernelBatchMapEntry { /* 32 bytes */
  void *start;
  off_t offset;
  size_t length;
  char protection;
  char type;
  short reserved;
  int operation;
} SceKernelBatchMapEntry;

__PROSPERO_BEGIN_DECLS
int sceKernelUsleep(SceKernelUseconds usec);
int sceKernelSleep(unsigned int seconds);
/* nanosleep with the SCE error codes; RMTP is written only if a signal ends the sleep. */
int sceKernelNanosleep(const SceKernelTimespec *rqtp, SceKernelTimespec *rmtp);
__PROSPERO_NORETURN void sceKernelExitProcess(int status);
uint64_t sceKernelGetProcessTime(void);          /* microseconds since process start */
uint64_t sceKernelGetProcessTimeCounter(void);
uint64_t sceKernelGetProcessTimeCounterFrequency(void);
uint64_t sceKernelReadTsc(void);
uint64_t sceKernelGetTscFrequency(void);
int sceKernelClockGettime(SceKernelClockid clock, SceKernelTimespec *ts);
ssize_t sceKernelWrite(int fd, const void *buf, size_t size);
/* The kernel debug-text channel (the debug console; prospero: stdout or --guest-log). */
int sceKernelDebugOutText(int channel, const char *text);
/* The executable's process param block (PT_SCE_PROCPARAM). */
const void *sceKernelGetProcParam(void);
/* The SDK version the executable was built with (its process param). */
int sceKernelGetCompiledSdkVersion(uint32_t *version);
int sceKernelGetCpumode(void); /* SCE_KERNEL_CPUMODE_* */
int sceKernelIsNeoMode(void);  /* 1 in PS4 Pro mode; 0 on PS5 */

int sceKernelAllocateDirectMemory(off_t searchStart, off_t searchEnd, size_t len,
                                  size_t alignment, int memoryType, off_t *physAddrOut);
int sceKernelAllocateMainDirectMemory(size_t len, size_t alignment, int memoryType,
                                      off_t *physAddrOut);
int sceKernelReleaseDirectMemory(off_t start, size_t len);
int sceKernelCheckedReleaseDirectMemory(off_t start, size_t len);
size_t sceKernelGetDirectMemorySize(void);
int sceKernelAvailableDirectMemorySize(off_t searchStart, off_t searchEnd, size_t alignment,
                                       off_t *startOut, size_t *sizeOut);
int sceKernelGetDirectMemoryType(off_t start, int *memoryTypeOut, off_t *regionStartOut,
                                 off_t *regionEndOut);
int sceKernelMapDirectMemory(void **addr, size_t len, int prot, int flags,
                             off_t directMemoryStart, size_t alignment);
int sceKernelMapDirectMemory2(void **addr, size_t len, int memoryType, int prot, int flags,
                              off_t directMemoryStart, size_t alignment);
int sceKernelMapNamedDirectMemory(void **addr, size_t len, int prot, int flags,
                                  off_t directMemoryStart, size_t alignment, const char *name);
int sceKernelMapFlexibleMemory(void **addrInOut, size_t len, int prot, int flags);
int sceKernelMapNamedFlexibleMemory(void **addrInOut, size_t len, int prot, int flags,
                                    const char *name);
int sceKernelReleaseFlexibleMemory(void *addr, size_t len);
int sceKernelAvailableFlexibleMemorySize(size_t *sizeOut);
int sceKernelMmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset,
                  void **res);
int sceKernelMunmap(void *addr, size_t len);
int sceKernelMprotect(const void *addr, size_t len, int prot);
int sceKernelMtypeprotect(const void *addr, size_t len, int memoryType, int prot);
int sceKernelBatchMap(SceKernelBatchMapEntry *entries, int numEntries, int *numEntriesOut);
int sceKernelBatchMap2(SceKernelBatchMapEntry *entries, int numEntries, int *numEntriesOut,
                       int flags);
int sceKernelReserveVirtualRange(void **addr, size_t len, int flags, size_t alignment);
int sceKernelQueryMemoryProtection(void *addr, void **start, void **end, int *prot);
int sceKernelVirtualQuery(const void *addr, int flags, SceKernelVirtualQueryInfo *info,
                          size_t infoSize);
int sceKernelSetVirtualRangeName(const void *addr, size_t len, const char *name);
__PROSPERO_END_DECLS

/* The areas below live in parts of their own. */
#include "_prospero_kernel_memory_pool.h"
#include "_prospero_kernel_thread.h"
#include "_prospero_kernel_sync.h"
#include "_prospero_kernel_equeue.h"
#include "_prospero_kernel_file.h"
#include "_prospero_kernel_aio.h"
#include "_prospero_kernel_module.h"

#endif
