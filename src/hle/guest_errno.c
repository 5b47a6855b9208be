/* The guest's errno: storage, host translation and messages (tables in guest_errno.h). */
#include "hle/guest_errno.h"

#include <errno.h>
#include <stddef.h>

static _Thread_local int guest_errno_value;

int *hle_errno_location(void) { return &guest_errno_value; }

int hle_errno_from_host(int e) {
  switch (e) {
/* NAME is already the host's number here (errno.h macros expand inside the argument) */
#define GUEST_ERRNO_MAP_HOST(name, num) \
  case name: return num;
#define GUEST_ERRNO_MAP_GUEST_ONLY(name, num)
#define GUEST_ERRNO_MAP_(num, name, host, msg) GUEST_ERRNO_MAP_##host(name, num)
    GUEST_ERRNOS(GUEST_ERRNO_MAP_)
#undef GUEST_ERRNO_MAP_
#undef GUEST_ERRNO_MAP_GUEST_ONLY
#undef GUEST_ERRNO_MAP_HOST
    default: return GUEST_EINVAL;
  }
}

static const char *const messages[] = {
#define GUEST_ERRNO_MESSAGE_(num, name, host, msg) [num] = msg,
    GUEST_ERRNOS(GUEST_ERRNO_MESSAGE_)
#undef GUEST_ERRNO_MESSAGE_
};

const char *hle_errno_message(int e) {
  if (e < 0 || (size_t)e >= sizeof messages / sizeof messages[0]) return NULL;
  return messages[e];
}
