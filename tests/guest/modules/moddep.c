/* A PRX that modtls.prx needs (DT_NEEDED), copied into /app0 beside it and never linked into
 * the executable: loaded before modtls.prx, started first, unloaded after it. */
#include <stddef.h>

__thread int dep_tls = 21;

int dep_value(void) { return dep_tls * 2; }
