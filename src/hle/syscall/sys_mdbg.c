/* System call 601, mdbg_service (the console's own): command 7 is the kernel debug-text
 * output PS5 homebrew uses as its log; the same service as sceKernelDebugOutText
 * (kernel/debug_text.h). Other commands: ENOSYS, logged once per command. */
#include "hle/syscall/sys_internal.h"
#include "kernel/debug_text.h"

int64_t sys_mdbg_service(const uint64_t a[6]) { return kernel_sys_mdbg_service(a[0], a[1], a[2]); }
