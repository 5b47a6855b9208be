/* kernel.h, part: modules. Included by kernel.h; include <kernel.h>, not this file. */
#ifndef _PROSPERO_KERNEL_MODULE_H
#define _PROSPERO_KERNEL_MODULE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#ifndef SCE_KERNEL_ERROR_ESRCH
#define SCE_KERNEL_ERROR_ESRCH ((int)0x80020003)
#endif
#ifndef SCE_KERNEL_ERROR_ENOEXEC
#define SCE_KERNEL_ERROR_ENOEXEC ((int)0x80020008)
#endif

typedef int32_t SceKernelModule;

#define SCE_DBG_MAX_NAME_LENGTH 256
#define SCE_DBG_MAX_SEGMENTS 4
#define SCE_DBG_NUM_FINGERPRINT 20

typedef struct SceKernelLoadModuleOpt {
  size_t size;
} SceKernelLoadModuleOpt;

typedef struct SceKernelUnloadModuleOpt {
  size_t size;
} SceKernelUnloadModuleOpt;

typedef struct SceKernelModuleSegmentInfo { /* 16 bytes */
  void *baseAddr;
  uint32_t size;
  int32_t prot; /* SCE_KERNEL_PROT_CPU_* */
} SceKernelModuleSegmentInfo;

typedef struct SceKernelModuleInfo { /* 0x160 bytes; set size before the call */
  size_t size;
  char name[SCE_DBG_MAX_NAME_LENGTH];
  SceKernelModuleSegmentInfo segmentInfo[SCE_DBG_MAX_SEGMENTS];
  uint32_t numSegments;
  uint8_t fingerprint[SCE_DBG_NUM_FINGERPRINT];
} SceKernelModuleInfo;

typedef struct SceKernelModuleInfoEx { /* 0x1A8 bytes; set size before the call */
  size_t size;
  char name[SCE_DBG_MAX_NAME_LENGTH];
  int32_t handle;
  uint32_t tlsIndex;
  void *tlsInit;
  uint32_t tlsInitSize;
  uint32_t tlsSize;
  uint32_t tlsOffset;
  uint32_t tlsAlign;
  void *initProc;
  void *finiProc;
  uint64_t reserved1;
  uint64_t reserved2;
  void *ehFrameHdr;
  void *ehFrame;
  uint32_t ehFrameHdrSize;
  uint32_t ehFrameSize;
  SceKernelModuleSegmentInfo segmentInfo[SCE_DBG_MAX_SEGMENTS];
  uint32_t segmentCount;
  uint32_t refCount;
} SceKernelModuleInfoEx;

typedef struct SceKernelModuleInfoForUnwind { /* 0x130 bytes; set size before the call */
  size_t size;
  char name[SCE_DBG_MAX_NAME_LENGTH];
  void *ehFrameHdrAddr;
  void *ehFrameAddr;
  size_t ehFrameSize;
  void *seg0Addr;
  size_t seg0Size;
} SceKernelModuleInfoForUnwind;

/* Loads a module file (an absolute guest path, or a bare name looked for in /app0), links it
 * and runs its initialisers and module_start(args, argp), whose result goes to *pRes. Returns
 * the module's handle, or SCE_KERNEL_ERROR_ENOENT / ENOEXEC / EINVAL (flags) / EFAULT. */
SceKernelModule sceKernelLoadStartModule(const char *moduleFileName, size_t args, const void *argp,
                                         uint32_t flags, const SceKernelLoadModuleOpt *pOpt,
                                         int *pRes);
/* Drops a reference; the last one runs module_stop(args, argp) (result in *pRes) and the
 * finalisers, then unloads the module. */
int sceKernelStopUnloadModule(SceKernelModule handle, size_t args, const void *argp, uint32_t flags,
                              const SceKernelUnloadModuleOpt *pOpt, int *pRes);
/* The address of the function or object SYMBOL (a name) that module HANDLE exports. */
int sceKernelDlsym(SceKernelModule handle, const char *symbol, void **addrp);
int sceKernelGetModuleInfo(SceKernelModule handle, SceKernelModuleInfo *info);
int sceKernelGetModuleInfo2(SceKernelModule handle, SceKernelModuleInfo *info);
int sceKernelGetModuleInfoInternal(SceKernelModule handle, SceKernelModuleInfoEx *info);
int sceKernelGetModuleInfoFromAddr(const void *addr, int flags, SceKernelModuleInfoEx *info);
int sceKernelGetModuleInfoForUnwind(void *addr, int flags, SceKernelModuleInfoForUnwind *info);
/* Writes the handles of the loaded modules; SCE_KERNEL_ERROR_ENOMEM if NUMARRAY is too small. */
int sceKernelGetModuleList(SceKernelModule *array, size_t numArray, size_t *actualNum);
int sceKernelGetModuleList2(SceKernelModule *array, size_t numArray, size_t *actualNum);

__PROSPERO_END_DECLS

#endif
