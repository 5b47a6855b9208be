/* NID -> name for reports (prospero --check, unresolved-import logs): the named lines of
 * every HLE table plus a list of names of functions prospero does not implement yet
 * (names/known_names.inc). Each NID is computed from its name, so the list is verifiable. */
#ifndef PROSPERO_HLE_HLE_NAMES_H
#define PROSPERO_HLE_HLE_NAMES_H

#include <stddef.h>

/* The name whose NID is NID, or NULL when none is known. Thread-safe. */
const char *hle_known_name(const char *nid);

/* Number of names of the list (names/known_names.inc), for tests. */
size_t hle_known_name_list_count(void);
/* Name I of that list (NULL when out of range). */
const char *hle_known_name_list_at(size_t i);

#endif
