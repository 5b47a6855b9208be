/* Guest process queries: the SDK version compiled into the executable's process param
 * (the SDK's crt writes 0x04508101 unless built otherwise), the console's CPU mode values
 * and Neo mode. Exits with the number of failed checks. */
#include <kernel.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int failures = 0;
  uint32_t version = 0;
  int r = sceKernelGetCompiledSdkVersion(&version);
  printf("sceKernelGetCompiledSdkVersion: %d, version %#x\n", r, version);
  failures += r != 0 || version != 0x04508101u;

  /* the same value as the process param's u64 at offset 0x10 */
  const unsigned char *param = sceKernelGetProcParam();
  uint64_t in_param = 0;
  if (param) memcpy(&in_param, param + 0x10, sizeof in_param);
  int same = param && (uint32_t)in_param == version;
  printf("matches the process param: %s\n", same ? "yes" : "no");
  failures += !same;

  r = sceKernelGetCompiledSdkVersion(NULL);
  printf("sceKernelGetCompiledSdkVersion(NULL): %#x\n", (unsigned)r);
  failures += r != (int)0x80020016;

  int mode = sceKernelGetCpumode();
  printf("sceKernelGetCpumode: %d (7CPU_NORMAL %s)\n", mode,
         mode == SCE_KERNEL_CPUMODE_7CPU_NORMAL ? "yes" : "no");
  failures += mode != SCE_KERNEL_CPUMODE_7CPU_NORMAL;

  int neo = sceKernelIsNeoMode();
  printf("sceKernelIsNeoMode: %d\n", neo);
  failures += neo != 0;
  return failures;
}
