/* The guest memory a compute dispatch sees (the window op of gpu_compute.h): the run of
 * back-to-back committed read/write ranges holding the shader's code, at most
 * APP_GPU_WINDOW_MAX bytes around it. A shader whose buffers lie in another run does not see
 * them (gpu_compute.h). */
#ifndef PROSPERO_APP_GPU_WINDOW_H
#define PROSPERO_APP_GPU_WINDOW_H

#include "gpu_compute.h"

/* The largest window a dispatch uploads and writes back. */
#define APP_GPU_WINDOW_MAX (256ull << 20)

/* app_gpu_window_fn over the guest memory map (kernel/guest_vm.h); CTX unused. False with
 * ERR filled when the code is not in committed read/write memory. A run longer than
 * APP_GPU_WINDOW_MAX is clipped to that size around the code's page (the code inside). */
bool app_gpu_guest_window(void *ctx, const struct compute_config *cfg,
                          struct shader_dispatch_window *out, char *err, size_t err_size);

#endif
