/* Process exit codes of the prospero executable (documented in README.md).
 * A guest that exits normally gives its own exit status (0-255) instead. */
#ifndef PROSPERO_COMMON_EXIT_CODES_H
#define PROSPERO_COMMON_EXIT_CODES_H

#define PROSPERO_EXIT_USAGE 64        /* bad command line (EX_USAGE) */
#define PROSPERO_EXIT_BAD_GAME 65     /* game folder/file missing, malformed or unsupported */
#define PROSPERO_EXIT_LINK 66         /* loading or linking failed */
#define PROSPERO_EXIT_INTERNAL 70     /* emulator fault (EX_SOFTWARE) */
#define PROSPERO_EXIT_GUEST_CRASH 134 /* guest fault or trapped syscall, after the report */

#endif
