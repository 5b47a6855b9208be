#include "common/errmsg.h"

#include <stdarg.h>
#include <stdio.h>

bool errmsg_fail(char *err, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, cap, fmt, ap);
  va_end(ap);
  return false;
}
