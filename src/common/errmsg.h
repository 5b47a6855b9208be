/* Error messages into a caller's buffer: the convention of the parsers and loaders that take
 * (char *err, size_t cap) and return false on failure. */
#ifndef PROSPERO_COMMON_ERRMSG_H
#define PROSPERO_COMMON_ERRMSG_H

#include <stdbool.h>
#include <stddef.h>

/* Formats FMT into ERR (at most CAP bytes, always terminated when CAP > 0) and returns false,
 * so that a failing check reads `return errmsg_fail(err, cap, "...", ...);`. */
bool errmsg_fail(char *err, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
