#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/shader/dispatch/compute_regs.h"
#include "gpu/shader/dispatch/run_spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct run_spec s;
  char err[256] = "";
  if (!run_spec_parse((const char *)data, size, "base", &s, err, sizeof err)) {
    if (!err[0] || !strchr(err, ':')) abort(); /* a refusal names the field at fault */
    run_spec_free(&s);
    return 0;
  }
  if (!s.code || s.code_addr & 255 || (s.wave != 32 && s.wave != 64) || !s.tid_dims ||
      s.tid_dims > 3)
    abort();
  struct compute_regs r;
  run_spec_regs(&s, &r);
  struct compute_config c;
  if (compute_config_decode(&r, &c, err, sizeof err)) {
    if (c.pgm_addr != s.code_addr || c.wave_size != s.wave || c.user_sgprs != s.user_sgpr_count ||
        c.waves_per_group == 0 || c.waves_per_group > 32)
      abort();
    uint32_t g[3] = {0, 0, 0};
    struct compute_wave w;
    compute_wave_start(&c, g, s.groups, c.waves_per_group - 1, &w);
    if (!w.exec) abort(); /* every wave of a group has a thread */
  } else if (!err[0]) {
    abort();
  }
  run_spec_free(&s);
  return 0;
}
