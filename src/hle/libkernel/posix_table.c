/* The libScePosix table: the POSIX names (pthread_*, sem_*, ...) that module libkernel also
 * exports under library libScePosix. One fragment per area (posix_*.inc), like
 * libkernel_table.c. NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_aio.h"
#include "hle/libkernel/libkernel_equeue.h"
#include "hle/libkernel/libkernel_file.h"
#include "hle/libkernel/libkernel_module.h"
#include "hle/libkernel/libkernel_signal.h"
#include "hle/libkernel/libkernel_sync.h"
#include "hle/libkernel/libkernel_thread.h"

static const struct hle_symbol posix_symbols[] = {
#include "hle/libkernel/posix_thread.inc"
#include "hle/libkernel/posix_signal.inc"
#include "hle/libkernel/posix_sync.inc"
#include "hle/libkernel/posix_file.inc"
#include "hle/libkernel/posix_memory.inc"
#include "hle/libkernel/posix_time.inc"
};

const struct hle_library hle_library_libScePosix = {
    .library_name = "libScePosix",
    .library_version = 1,
    .module_name = "libkernel",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = posix_symbols,
    .symbol_count = sizeof posix_symbols / sizeof posix_symbols[0],
};
