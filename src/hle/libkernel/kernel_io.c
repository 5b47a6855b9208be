/* libkernel: the debug-text channel. (write and sceKernelWrite are file exports:
 * kernel_file_api.c.) */
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel.h"
#include "kernel/debug_text.h"

/* sceKernelDebugOutText(channel, text): the kernel debug-text channel (kernel/debug_text.h),
 * the same output as system call 601 command 7. The console has one debug console; the
 * channel number does not change where the text goes. */
int kernel_debug_out_text(int channel, const char *text) {
  (void)channel;
  return (int)hle_sce_result(kernel_debug_text_from_guest((uint64_t)(uintptr_t)text));
}
