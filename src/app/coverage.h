/* Import coverage: what a linked game imports and how much of it prospero provides.
 *
 * For every loaded module (the executable and its PRXs) and every library it imports: the
 * number of imported symbols the HLE implements, implements partially, stubs, that a
 * loaded PRX exports, and that nothing provides ("missing"), then the missing ones by NID
 * and, where known (hle/hle_names.h), by name. Classification follows the runtime linker's
 * resolution order (linker_resolve), so the report says what the run binds.
 * `prospero --check` prints it (text or --json); every run logs it before the guest starts. */
#ifndef PROSPERO_APP_COVERAGE_H
#define PROSPERO_APP_COVERAGE_H

#include <stdbool.h>
#include <stdio.h>

/* Prints the report over every registered module to OUT, as text or as one JSON object.
 * Returns the number of missing imports (0: everything imported is provided). */
unsigned app_coverage_print(FILE *out, bool json);

/* Logs the same summary (INFO, category app): one line per module and imported library,
 * then one line per missing import. */
void app_coverage_log(void);

#endif
