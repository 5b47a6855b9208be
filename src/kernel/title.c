#include "kernel/title.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct title_info current;
static bool current_set;

static bool fail(char *err, size_t cap, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, cap, fmt, ap);
  va_end(ap);
  return false;
}

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
  if (!v) return required ? fail(err, ecap, "param.json has no \"%s\"", key) : true;
  if (!cJSON_IsString(v)) return fail(err, ecap, "param.json: \"%s\" is not a string", key);
  if (strlen(v->valuestring) >= cap)
    return fail(err, ecap, "param.json: \"%s\" is longer than %zu characters", key, cap - 1);
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
    return fail(err, cap, "param.json is not valid JSON (error near byte %ld)", off);
  }
  bool ok = true;
  if (!cJSON_IsObject(root)) ok = fail(err, cap, "param.json is not a JSON object");
  if (ok) ok = copy_string(root, "titleId", out->title_id, sizeof out->title_id, true, err, cap);
  if (ok && !title_id_valid(out->title_id))
    ok = fail(err, cap, "param.json: titleId \"%s\" is not four capital letters and five digits",
              out->title_id);
  if (ok) ok = copy_string(root, "contentId", out->content_id, sizeof out->content_id, false, err, cap);
  if (ok) ok = copy_string(root, "appVersion", out->app_version, sizeof out->app_version, false, err, cap);
  if (ok) {
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(root, "kernel");
    const cJSON *fm = k ? cJSON_GetObjectItemCaseSensitive(k, "flexibleMemorySize") : NULL;
    if (k && !cJSON_IsObject(k)) ok = fail(err, cap, "param.json: \"kernel\" is not an object");
    else if (fm) {
      if (!cJSON_IsNumber(fm) || fm->valuedouble < 0 ||
          fm->valuedouble > (double)TITLE_MAX_FLEXIBLE_MEMORY ||
          fm->valuedouble != (double)(uint64_t)fm->valuedouble)
        ok = fail(err, cap, "param.json: kernel.flexibleMemorySize must be a whole number of "
                  "bytes up to 13.5 GiB");
      else
        out->flexible_memory = (uint64_t)fm->valuedouble;
    }
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
