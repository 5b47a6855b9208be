/* PRX crt: the module param block and default module_start / module_stop (a module may
 * define its own). The loader runs the module's init arrays before module_start and its
 * fini arrays after module_stop. */
#include <stddef.h>

#include "sce/sce_params.h"

__attribute__((section(".sce_module_param"), used, aligned(8)))
const struct sce_module_param prospero_module_param = {
    .size = sizeof(struct sce_module_param),
    .magic = SCE_MODULE_PARAM_MAGIC,
    .sdk_version = PROSPERO_GUEST_SDK_VERSION,
};

__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;

__attribute__((weak)) int module_start(size_t args, const void *argp) {
  (void)args;
  (void)argp;
  return 0;
}

__attribute__((weak)) int module_stop(size_t args, const void *argp) {
  (void)args;
  (void)argp;
  return 0;
}
