/* Fuzz target: PS4 sce_sys/param.sfo parsing. */
#include <stddef.h>
#include <stdint.h>

#include "kernel/title.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct title_info t;
  char err[256];
  title_parse_param_sfo(data, size, &t, err, sizeof err);
  return 0;
}
