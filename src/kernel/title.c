#include "kernel/title.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/errmsg.h"
#include "common/log.h"

static struct title_info current;
static bool current_set;

void title_defaults(struct title_info *out) {
  memset(out, 0, sizeof *out);
  snprintf(out->title_id, sizeof out->title_id, "%s", TITLE_ID_UNKNOWN);
  out->flexible_memory = TITLE_DEFAULT_FLEXIBLE_MEMORY;
}

/* Title ids are four capital letters and five digits ("PPSA01234"); they name a host folder,
 * so anything else is refused. */
static bool title_id_valid(const char *s) {
  if (strlen(s) != 9) return false;
  for (int i = 0; i < 4; i++)
    if (!isupper((unsigned char)s[i])) return false;
  for (int i = 4; i < 9; i++)
    if (!isdigit((unsigned char)s[i])) return false;
  return true;
}

static bool copy_string(const cJSON *root, const char *key, char *out, size_t cap, bool required,
                        char *err, size_t ecap) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
  if (!v) return required ? errmsg_fail(err, ecap, "param.json has no \"%s\"", key) : true;
  if (!cJSON_IsString(v)) return errmsg_fail(err, ecap, "param.json: \"%s\" is not a string", key);
  if (strlen(v->valuestring) >= cap)
    return errmsg_fail(err, ecap, "param.json: \"%s\" is longer than %zu characters", key, cap - 1);
  snprintf(out, cap, "%s", v->valuestring);
  return true;
}

bool title_parse_param_json(const char *text, size_t len, struct title_info *out, char *err,
                            size_t cap) {
  title_defaults(out);
  cJSON *root = cJSON_ParseWithLength(text, len);
  if (!root) {
    const char *at = cJSON_GetErrorPtr();
    long off = at && at >= text && at <= text + len ? (long)(at - text) : -1;
    return errmsg_fail(err, cap, "param.json is not valid JSON (error near byte %ld)", off);
  }
  bool ok = true;
  if (!cJSON_IsObject(root)) ok = errmsg_fail(err, cap, "param.json is not a JSON object");
  if (ok) ok = copy_string(root, "titleId", out->title_id, sizeof out->title_id, true, err, cap);
  if (ok && !title_id_valid(out->title_id))
    ok = errmsg_fail(err, cap,
                     "param.json: titleId \"%s\" is not four capital letters and five digits",
                     out->title_id);
  if (ok) ok = copy_string(root, "contentId", out->content_id, sizeof out->content_id, false, err, cap);
  if (ok) ok = copy_string(root, "appVersion", out->app_version, sizeof out->app_version, false, err, cap);
  if (ok) {
    out->flexible_memory = TITLE_PS5_DEFAULT_FLEXIBLE_MEMORY;
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(root, "kernel");
    const cJSON *fm = k ? cJSON_GetObjectItemCaseSensitive(k, "flexibleMemorySize") : NULL;
    if (k && !cJSON_IsObject(k))
      ok = errmsg_fail(err, cap, "param.json: \"kernel\" is not an object");
    else if (fm) {
      if (!cJSON_IsNumber(fm) || fm->valuedouble < 0 ||
          fm->valuedouble > (double)TITLE_MAX_FLEXIBLE_MEMORY ||
          fm->valuedouble != (double)(uint64_t)fm->valuedouble)
        ok = errmsg_fail(err, cap,
                         "param.json: kernel.flexibleMemorySize must be a whole number of "
                         "bytes up to 13.5 GiB");
      else if (fm->valuedouble != 0) {
        out->flexible_memory = (uint64_t)fm->valuedouble;
        /* Sizes a retail console would not give are kept (the title may run in development
         * mode, which allows 2 GiB), with a warning so a user knows why memory differs. */
        if (out->flexible_memory > TITLE_PS5_RETAIL_MAX_FLEXIBLE_MEMORY)
          LOG(kernel, WARN,
              "param.json: kernel.flexibleMemorySize %llu MiB is above a retail console's 1 GiB; "
              "kept as given",
              (unsigned long long)(out->flexible_memory >> 20));
        if (out->flexible_memory % TITLE_PS5_FLEXIBLE_MEMORY_STEP)
          LOG(kernel, WARN,
              "param.json: kernel.flexibleMemorySize %llu is not a multiple of 2 MiB; kept as "
              "given",
              (unsigned long long)out->flexible_memory);
      }
    }
  }
  for (int i = 0; ok && i < 4; i++) {
    char key[24];
    snprintf(key, sizeof key, "userDefinedParam%d", i + 1);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!v) continue;
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= -2147483648.0) ||
        v->valuedouble > 2147483647.0 || v->valuedouble != (double)(int32_t)v->valuedouble)
      ok = errmsg_fail(err, cap, "param.json: %s must be a 32-bit whole number", key);
    else
      out->user_param[i] = (int32_t)v->valuedouble;
  }
  cJSON_Delete(root);
  return ok;
}

void title_set(const struct title_info *info) {
  current = *info;
  current_set = true;
}

const struct title_info *title_get(void) {
  if (!current_set) {
    title_defaults(&current);
    current_set = true;
  }
  return &current;
}

/* param.sfo (PS4 system file object), little endian:
 *   header 20 bytes: magic "\0PSF", u32 version, u32 key table offset, u32 data table offset,
 *                    u32 entry count
 *   entry  16 bytes: u16 key offset (in the key table), u16 format (0x0004 UTF-8 special,
 *                    0x0204 UTF-8, 0x0404 u32), u32 used length, u32 max length,
 *                    u32 data offset (in the data table) */
#define SFO_MAGIC 0x46535000u
#define SFO_HEADER_SIZE 20
#define SFO_ENTRY_SIZE 16
#define SFO_FMT_UTF8_SPECIAL 0x0004
#define SFO_FMT_UTF8 0x0204
#define SFO_FMT_U32 0x0404
#define SFO_MAX_ENTRIES 1024

static uint32_t sfo_u32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint16_t sfo_u16(const uint8_t *p) { uint16_t v; memcpy(&v, p, 2); return v; }

/* Where each key we read goes. */
#define SFO_KEYS(X)                         \
  X("TITLE_ID", title_id)                   \
  X("APP_VER", app_version)                 \
  X("CONTENT_ID", content_id)

bool title_parse_param_sfo(const uint8_t *d, size_t size, struct title_info *out, char *err,
                           size_t cap) {
  title_defaults(out);
  out->title_id[0] = '\0';
  if (size < SFO_HEADER_SIZE || sfo_u32(d) != SFO_MAGIC)
    return errmsg_fail(err, cap, "param.sfo: not a system file object (bad magic or too small)");
  uint32_t keys = sfo_u32(d + 8), data = sfo_u32(d + 12), n = sfo_u32(d + 16);
  if (n > SFO_MAX_ENTRIES || (uint64_t)SFO_HEADER_SIZE + (uint64_t)n * SFO_ENTRY_SIZE > size ||
      keys > size || data > size)
    return errmsg_fail(err, cap, "param.sfo: header tables (%u entries) do not fit the file", n);
  for (uint32_t i = 0; i < n; i++) {
    const uint8_t *e = d + SFO_HEADER_SIZE + (size_t)i * SFO_ENTRY_SIZE;
    uint64_t koff = (uint64_t)keys + sfo_u16(e), doff = (uint64_t)data + sfo_u32(e + 12);
    uint16_t fmt = sfo_u16(e + 2);
    uint32_t len = sfo_u32(e + 4);
    if (koff >= size || !memchr(d + koff, 0, size - koff) || doff > size || len > size - doff)
      return errmsg_fail(err, cap, "param.sfo: entry %u points outside the file", i);
    const char *key = (const char *)d + koff;
#define SFO_COPY_(name, field)                                                          \
  if (strcmp(key, name) == 0) {                                                         \
    if (fmt != SFO_FMT_UTF8 && fmt != SFO_FMT_UTF8_SPECIAL)                             \
      return errmsg_fail(err, cap, "param.sfo: %s is not a string", name);              \
    size_t l = strnlen((const char *)d + doff, len);                                    \
    if (l >= sizeof out->field)                                                         \
      return errmsg_fail(err, cap, "param.sfo: %s is longer than %zu characters", name, \
                         sizeof out->field - 1);                                        \
    memcpy(out->field, d + doff, l);                                                    \
    out->field[l] = '\0';                                                               \
  }
    SFO_KEYS(SFO_COPY_)
#undef SFO_COPY_
    if (strncmp(key, "USER_DEFINED_PARAM_", 19) == 0 && key[19] >= '1' && key[19] <= '4' &&
        !key[20]) {
      if (fmt != SFO_FMT_U32 || len != 4)
        return errmsg_fail(err, cap, "param.sfo: %s is not a 32-bit integer", key);
      out->user_param[key[19] - '1'] = (int32_t)sfo_u32(d + doff);
    }
  }
  if (!out->title_id[0]) return errmsg_fail(err, cap, "param.sfo has no TITLE_ID");
  if (!title_id_valid(out->title_id))
    return errmsg_fail(err, cap,
                       "param.sfo: TITLE_ID \"%s\" is not four capital letters and five digits",
                       out->title_id);
  return true;
}

enum title_platform title_platform_decide(bool has_param_json, bool has_param_sfo,
                                          const uint8_t *exec_ident, unsigned exec_type,
                                          const char **why) {
  /* e_ident bytes and Sony types (FACTS.md "ELF header") */
  enum { IDENT_OSABI = 7, IDENT_ABIVERSION = 8, OSABI_FREEBSD = 9 };
  const char *unused;
  if (!why) why = &unused;
  if (has_param_json) {
    *why = "sce_sys/param.json";
    return TITLE_PLATFORM_PS5;
  }
  if (has_param_sfo) {
    *why = "sce_sys/param.sfo";
    return TITLE_PLATFORM_PS4;
  }
  if (exec_ident && exec_ident[IDENT_ABIVERSION] == 2) {
    *why = "the executable's ELF ABI version 2";
    return TITLE_PLATFORM_PS5;
  }
  bool sony_type = exec_type == 0xFE00 || exec_type == 0xFE10 || exec_type == 0xFE18;
  if (exec_ident && exec_ident[IDENT_ABIVERSION] == 0 && sony_type &&
      exec_ident[IDENT_OSABI] == OSABI_FREEBSD) {
    *why = "the executable's ELF ABI version 0 (a Sony FreeBSD executable)";
    return TITLE_PLATFORM_PS4;
  }
  *why = "no title metadata and a generic executable: the default";
  return TITLE_PLATFORM_PS5;
}

const char *title_platform_name(enum title_platform p) {
  return p == TITLE_PLATFORM_PS4 ? "PS4" : "PS5";
}
