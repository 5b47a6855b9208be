/* The libkernel table: one line per symbol (NID, name, implementation, status), kept in one
 * fragment per area (table_*.inc) so areas grow without touching each other.
 * NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_aio.h"
#include "hle/libkernel/libkernel_equeue.h"
#include "hle/libkernel/libkernel_file.h"
#include "hle/libkernel/libkernel_module.h"
#include "hle/libkernel/libkernel_signal.h"
#include "hle/libkernel/libkernel_sync.h"
#include "hle/libkernel/libkernel_thread.h"
#include "loader/tls.h"

static const struct hle_symbol libkernel_symbols[] = {
#include "hle/libkernel/table_process.inc"
#include "hle/libkernel/table_memory.inc"
#include "hle/libkernel/table_time.inc"
#include "hle/libkernel/table_file.inc"
#include "hle/libkernel/table_thread.inc"
#include "hle/libkernel/table_sync.inc"
#include "hle/libkernel/table_equeue.inc"
#include "hle/libkernel/table_aio.inc"
#include "hle/libkernel/table_module.inc"
#include "hle/libkernel/table_signal.inc"
};

const struct hle_library hle_library_libkernel = {
    .library_name = "libkernel",
    .library_version = 1,
    .module_name = "libkernel",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = libkernel_symbols,
    .symbol_count = sizeof libkernel_symbols / sizeof libkernel_symbols[0],
};
