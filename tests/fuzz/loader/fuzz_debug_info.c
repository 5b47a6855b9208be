/* Fuzz target: a module's debug-info sidecar (loader/debug_info.h) on untrusted bytes: ELF
 * headers, program headers, symbol tables and DWARF line tables (through libelf/libdw), then
 * lookups over the tables built. A malformed sidecar must give a warning, never a crash. */
#include <stdint.h>
#include <string.h>

#include "common/log.h"
#include "loader/debug_info.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int once;
  if (!once) {
    once = 1;
    log_set_level(LOG_LEVEL_OFF);
  }
  /* with a code match against the input itself (file offsets as addresses) and without */
  struct debug_info_image img = {(uint64_t)(uintptr_t)data, 0, size};
  for (int pass = 0; pass < 2; pass++) {
    struct debug_info *d = debug_info_from_memory(data, size, "fuzz", pass ? &img : NULL);
    if (!d) continue;
    struct debug_info_stats st;
    debug_info_get_stats(d, &st);
    struct debug_location loc;
    for (uint64_t a = 0; a < 0x10000; a += 0x33) debug_info_lookup(d, a, &loc);
    debug_info_lookup(d, UINT64_MAX, &loc);
    debug_info_free(d);
  }
  return 0;
}
