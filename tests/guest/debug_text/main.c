/* sceKernelDebugOutText: the text goes, as written, to the debug-text output (prospero's
 * stdout, in call order with the guest's own stdout; or the --guest-log file). */
#include <kernel.h>
#include <stdio.h>

int main(void) {
  printf("stdout before\n");
  int r = sceKernelDebugOutText(0, "debug text, channel 0\n");
  printf("result %d\n", r);
  r = sceKernelDebugOutText(1, "no newline added; ");
  r |= sceKernelDebugOutText(1, "next call continues the line\n");
  printf("result %d\n", r);
  return 0;
}
