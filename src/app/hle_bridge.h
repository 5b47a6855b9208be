/* Connects the runtime linker to the HLE tables, and the trap's guest system calls to the
 * system call table (the loader cannot depend on prospero_hle, which depends on the loader
 * for TLS and process exit). */
#ifndef PROSPERO_APP_HLE_BRIDGE_H
#define PROSPERO_APP_HLE_BRIDGE_H

#include "loader/linker.h"
#include "loader/trap.h"

extern const struct linker_hle_ops hle_bridge_ops;
extern const struct trap_syscall_ops hle_bridge_syscall_ops;

#endif
