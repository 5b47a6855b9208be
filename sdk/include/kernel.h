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
#define SCE_KERNEL_ERROR_EINVAL ((int)0x80020016)
#define SCE_KERNEL_ERROR_EFAULT ((int)0x8002000E)

__PROSPERO_BEGIN_DECLS
int sceKernelUsleep(SceKernelUseconds usec);
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
__PROSPERO_END_DECLS

#endif
