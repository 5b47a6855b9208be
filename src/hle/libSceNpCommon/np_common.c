/* libSceNpCommon: helpers shared by the Np libraries; here the comparisons of online ids and
 * NP ids (SceNpId: SceNpOnlineId handle (char data[16], term, 3 padding), uint8 opt[8],
 * uint8 reserved[8]). Two ids match when their online-id strings (at most 16 characters)
 * and their opt and reserved bytes are equal; the ordered form compares them in that order.
 * NIDs derive from the names (checked by tests/unit/hle). */
#include <stdint.h>
#include <string.h>

#include "hle/hle.h"

#define NP_ERROR_INVALID_ARGUMENT ((int)0x80550003)
#define NP_UTIL_ERROR_NOT_MATCH ((int)0x80550609)

#define ONLINE_ID_MAX 16
#define OFF_OPT 20 /* after the SceNpOnlineId (16 + 1 + 3 bytes) */
#define OPT_AND_RESERVED 16

static int sign(int v) { return (v > 0) - (v < 0); }

/* The order of two NP ids: the online ids as strings, then opt and reserved bytes. */
static int np_id_order(const uint8_t *a, const uint8_t *b) {
  int c = strncmp((const char *)a, (const char *)b, ONLINE_ID_MAX);
  if (c) return sign(c);
  return sign(memcmp(a + OFF_OPT, b + OFF_OPT, OPT_AND_RESERVED));
}

static int np_common_cmp_online_id(const char *a, const char *b) {
  if (!a || !b) return NP_ERROR_INVALID_ARGUMENT;
  return strncmp(a, b, ONLINE_ID_MAX) ? NP_UTIL_ERROR_NOT_MATCH : 0;
}

static int np_common_cmp_np_id(const uint8_t *a, const uint8_t *b) {
  if (!a || !b) return NP_ERROR_INVALID_ARGUMENT;
  return np_id_order(a, b) ? NP_UTIL_ERROR_NOT_MATCH : 0;
}

/* *RESULT: -1, 0 or 1 as A sorts before, with or after B. */
static int np_common_cmp_np_id_in_order(const uint8_t *a, const uint8_t *b, int32_t *result) {
  if (!a || !b || !result) return NP_ERROR_INVALID_ARGUMENT;
  *result = np_id_order(a, b);
  return 0;
}

static const struct hle_symbol np_common_symbols[] = {
    HLE_FUNC("dj+O5aD2a0Q", sceNpCmpOnlineId, np_common_cmp_online_id, HLE_IMPLEMENTED),
    HLE_FUNC("i8UmXTSq7N4", sceNpCmpNpId, np_common_cmp_np_id, HLE_IMPLEMENTED),
    HLE_FUNC("TcwEFnakiSc", sceNpCmpNpIdInOrder, np_common_cmp_np_id_in_order, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libSceNpCommon = {
    .library_name = "libSceNpCommon",
    .library_version = 1,
    .module_name = "libSceNpCommon",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = np_common_symbols,
    .symbol_count = sizeof np_common_symbols / sizeof np_common_symbols[0],
};
