/* Stands for a system module a game ships in sce_module; says when it starts and stops. */
#include <stddef.h>
#include <stdio.h>

int module_start(size_t args, const void *argp) {
  (void)argp;
  printf("libSceFace module_start (%d argument bytes)\n", (int)args);
  return 0;
}

int module_stop(size_t args, const void *argp) {
  (void)args, (void)argp;
  printf("libSceFace module_stop\n");
  return 0;
}
