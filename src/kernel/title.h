/* Title metadata of the running game, from sce_sys/param.json (FACTS.md "Mounts"): title id,
 * content id, application version and flexible memory size. Set once by the prospero
 * executable before the guest starts; read by the kernel HLE. */
#ifndef PROSPERO_KERNEL_TITLE_H
#define PROSPERO_KERNEL_TITLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TITLE_DEFAULT_FLEXIBLE_MEMORY (1ull << 30)  /* 1 GiB: no metadata (FACTS.md) */
/* A PS5 title whose param.json omits kernel.flexibleMemorySize or gives 0 gets 448 MiB; a
 * retail console allows at most 1 GiB, in 2 MiB steps (PS5 SDK 12.000 kernel reference). */
#define TITLE_PS5_DEFAULT_FLEXIBLE_MEMORY (448ull << 20)
#define TITLE_PS5_RETAIL_MAX_FLEXIBLE_MEMORY (1ull << 30)
#define TITLE_PS5_FLEXIBLE_MEMORY_STEP (2ull << 20)
#define TITLE_MAX_FLEXIBLE_MEMORY 0x360000000ull    /* 13.5 GiB: all physical memory */
#define TITLE_ID_UNKNOWN "UNKNOWN00"

/* Whether a title is a PS5 or a PS4 one, decided as the console decides it: by the title's
 * metadata (PS5 apps carry sce_sys/param.json, PS4 apps sce_sys/param.sfo) and, without
 * either, by the executable's ELF header; never by the SELF magic (the public PS5 homebrew
 * SDK's writer puts the PS4 magic on PS5 apps). See title_platform_decide. */
enum title_platform { TITLE_PLATFORM_PS5, TITLE_PLATFORM_PS4 };

struct title_info {
  char title_id[16];    /* e.g. "PPSA01234" */
  char content_id[64];  /* may be empty */
  char app_version[16]; /* may be empty */
  uint64_t flexible_memory;
  enum title_platform platform;
  /* The four user-defined parameters (sceAppContentAppParamGetInt ids 1-4): param.json's
   * userDefinedParam1..4, param.sfo's USER_DEFINED_PARAM_1..4; 0 when absent. */
  int32_t user_param[4];
};

/* The rule, in order: param.json -> PS5; param.sfo -> PS4; otherwise the executable's ELF
 * header (EXEC_IDENT, its e_ident, and EXEC_TYPE, its e_type; NULL when unknown): ABI
 * version 2 -> PS5; ABI version 0 on a Sony type (0xFE00, 0xFE10, 0xFE18) with OS/ABI
 * FreeBSD -> PS4; anything else -> PS5 (homebrew linked by generic tools). WHY gets the
 * deciding fact (a static string). */
enum title_platform title_platform_decide(bool has_param_json, bool has_param_sfo,
                                          const uint8_t *exec_ident, unsigned exec_type,
                                          const char **why);
const char *title_platform_name(enum title_platform p);

/* Parses param.json TEXT (LEN bytes). Unknown keys are ignored; a missing titleId, a wrong
 * type or an out-of-range value is an error described in ERR. */
bool title_parse_param_json(const char *text, size_t len, struct title_info *out, char *err,
                            size_t cap);

/* Parses a PS4 title's sce_sys/param.sfo (SIZE bytes): TITLE_ID, APP_VER, CONTENT_ID and
 * USER_DEFINED_PARAM_1..4 (32-bit integers).
 * Every offset and length is checked; errors are described in ERR. */
bool title_parse_param_sfo(const uint8_t *data, size_t size, struct title_info *out, char *err,
                           size_t cap);

/* Defaults used when a game has no param.json. */
void title_defaults(struct title_info *out);

void title_set(const struct title_info *info);
const struct title_info *title_get(void);

#endif
