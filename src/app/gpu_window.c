/* The dispatch window over the guest memory map (gpu_window.h). */
#include "gpu_window.h"

#include <stdio.h>
#include <sys/mman.h>

#include "kernel/guest_vm.h"

bool app_gpu_guest_window(void *ctx, const struct compute_config *cfg,
                          struct shader_dispatch_window *out, char *err, size_t err_size) {
  (void)ctx;
  const int need = PROT_READ | PROT_WRITE;
  uint64_t start, len;
  int prot;
  if (!guest_vm_query(cfg->pgm_addr, &start, &len, &prot) || (prot & need) != need) {
    snprintf(err, err_size, "the shader code at 0x%llx is not in committed read/write guest memory",
             (unsigned long long)cfg->pgm_addr);
    return false;
  }
  /* the run around the code, walked no further than the maximum on either side of it */
  const uint64_t at = cfg->pgm_addr & ~0xfffull, max = APP_GPU_WINDOW_MAX;
  uint64_t lo = start, hi = start + len, s2, l2;
  while (at - lo < max && lo > 0 && guest_vm_query(lo - 1, &s2, &l2, &prot) &&
         (prot & need) == need && s2 + l2 == lo)
    lo = s2;
  while (hi - at < max && guest_vm_query(hi, &s2, &l2, &prot) && (prot & need) == need && s2 == hi)
    hi = s2 + l2;
  if (hi - lo > max) { /* the maximum, centred on the code's page as far as the run allows */
    uint64_t want = at - lo > max / 2 ? at - max / 2 : lo;
    lo = want < hi - max ? want : hi - max;
    hi = lo + max;
  }
  *out = (struct shader_dispatch_window){
      .addr = lo, .data = (uint8_t *)(uintptr_t)lo, .size = hi - lo};
  return true;
}
