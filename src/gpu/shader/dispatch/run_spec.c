#include "gpu/shader/dispatch/run_spec.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((format(printf, 4, 5))) static bool bad(char *err, size_t size, const char *field,
                                                      const char *fmt, ...) {
  int n = snprintf(err, size, "%s: ", field);
  va_list ap;
  va_start(ap, fmt);
  if (n >= 0 && (size_t)n < size) vsnprintf(err + n, size - (size_t)n, fmt, ap);
  va_end(ap);
  return false;
}

/* An unsigned integer up to MAX from a JSON integer or a C-notation string. */
static bool get_uint(const cJSON *v, uint64_t max, const char *field, uint64_t *out, char *err,
                     size_t size) {
  if (cJSON_IsNumber(v)) {
    double d = v->valuedouble;
    if (!(d >= 0) || d != floor(d) || d > 9007199254740992.0 || (uint64_t)d > max)
      return bad(err, size, field, "%g is not an integer in 0..%llu", d, (unsigned long long)max);
    *out = (uint64_t)d;
    return true;
  }
  if (cJSON_IsString(v)) {
    const char *s = v->valuestring;
    char *end;
    errno = 0;
    if (!*s || *s == '-' || *s == '+' || *s == ' ')
      return bad(err, size, field, "\"%.40s\" is not an unsigned number", s);
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end || end == s)
      return bad(err, size, field, "\"%.40s\" is not an unsigned number", s);
    if (x > max) return bad(err, size, field, "%s is above %llu", s, (unsigned long long)max);
    *out = x;
    return true;
  }
  return bad(err, size, field, "a number or a string such as \"0x200000\" is expected");
}

static bool get_u32(const cJSON *v, uint32_t max, const char *field, uint32_t *out, char *err,
                    size_t size) {
  uint64_t x;
  if (!get_uint(v, max, field, &x, err, size)) return false;
  *out = (uint32_t)x;
  return true;
}

static char *resolve(const char *base, const char *path) {
  size_t bl = base ? strlen(base) : 0, pl = strlen(path);
  char *r = malloc(bl + pl + 2);
  if (!r) return NULL;
  if (bl && path[0] != '/') snprintf(r, bl + pl + 2, "%s/%s", base, path);
  else memcpy(r, path, pl + 1);
  return r;
}

static bool get_triple(const cJSON *root, const char *key, uint32_t lo, uint32_t hi,
                       uint32_t out[3], char *err, size_t size) {
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, key);
  if (!a) return bad(err, size, key, "missing (an array [x, y, z])");
  if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != 3)
    return bad(err, size, key, "an array [x, y, z] is expected");
  for (int i = 0; i < 3; i++) {
    char field[32];
    snprintf(field, sizeof field, "%s[%d]", key, i);
    if (!get_u32(cJSON_GetArrayItem(a, i), hi, field, &out[i], err, size)) return false;
    if (out[i] < lo) return bad(err, size, field, "%u is below %u", out[i], lo);
  }
  return true;
}

static bool get_blocks(const cJSON *root, const char *key, bool dump, const char *base,
                       struct run_spec_block *out, uint32_t *count, char *err, size_t size) {
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, key);
  if (!a) return true;
  if (!cJSON_IsArray(a)) return bad(err, size, key, "an array of blocks is expected");
  if (cJSON_GetArraySize(a) > RUN_SPEC_MAX_BLOCKS)
    return bad(err, size, key, "at most %d blocks", RUN_SPEC_MAX_BLOCKS);
  int i = 0;
  for (const cJSON *b = a->child; b; b = b->next, i++) {
    char field[64];
    struct run_spec_block *blk = &out[(*count)++];
    snprintf(field, sizeof field, "%s[%d]", key, i);
    if (!cJSON_IsObject(b)) return bad(err, size, field, "an object {addr, ...} is expected");
    for (const cJSON *m = b->child; m; m = m->next)
      if (strcmp(m->string, "addr") && strcmp(m->string, "file") && strcmp(m->string, "size") &&
          (dump || strcmp(m->string, "fill"))) {
        snprintf(field, sizeof field, "%s[%d].%.20s", key, i, m->string);
        return bad(err, size, field, "unknown field (%s)",
                   dump ? "addr, size, file" : "addr, file or size + fill");
      }
    const cJSON *addr = cJSON_GetObjectItemCaseSensitive(b, "addr");
    const cJSON *file = cJSON_GetObjectItemCaseSensitive(b, "file");
    const cJSON *sz = cJSON_GetObjectItemCaseSensitive(b, "size");
    const cJSON *fill = cJSON_GetObjectItemCaseSensitive(b, "fill");
    snprintf(field, sizeof field, "%s[%d].addr", key, i);
    if (!addr) return bad(err, size, field, "missing");
    if (!get_uint(addr, UINT64_MAX, field, &blk->addr, err, size)) return false;
    snprintf(field, sizeof field, "%s[%d].file", key, i);
    if (file) {
      if (!cJSON_IsString(file) || !file->valuestring[0])
        return bad(err, size, field, "a path is expected");
      if (!dump && sz) return bad(err, size, field, "give either file or size + fill");
      if (!(blk->file = resolve(base, file->valuestring)))
        return bad(err, size, field, "out of memory");
    } else if (dump) return bad(err, size, field, "missing");
    snprintf(field, sizeof field, "%s[%d].size", key, i);
    if (sz) {
      if (!get_uint(sz, 1ull << 32, field, &blk->size, err, size)) return false;
      if (!blk->size) return bad(err, size, field, "0 bytes");
    } else if (dump || !file) return bad(err, size, field, "missing");
    if (fill) {
      snprintf(field, sizeof field, "%s[%d].fill", key, i);
      if (file) return bad(err, size, field, "a block from a file has no fill");
      if (!get_u32(fill, UINT32_MAX, field, &blk->fill, err, size)) return false;
    }
    snprintf(field, sizeof field, "%s[%d]", key, i);
    if (blk->size && blk->addr + blk->size < blk->addr)
      return bad(err, size, field, "the block wraps around");
    if ((blk->addr & ((1ull << 48) - 1)) + blk->size > (1ull << 48))
      return bad(err, size, field, "the block passes the 48-bit address space");
  }
  return true;
}

static const char *const known_keys[] = {
    "code",     "code_addr", "wave",   "threads",           "groups", "user_sgprs", "tgid",
    "tid_dims", "lds_bytes", "memory", "border_color_base", "dump"};

bool run_spec_parse(const char *text, size_t len, const char *base_dir, struct run_spec *s,
                    char *err, size_t size) {
  memset(s, 0, sizeof *s);
  s->wave = 64;
  s->tid_dims = 1;
  cJSON *root = cJSON_ParseWithLength(text, len);
  if (!root) {
    const char *at = cJSON_GetErrorPtr();
    size_t off = at && at >= text && at <= text + len ? (size_t)(at - text) : 0;
    return bad(err, size, "SPEC", "not valid JSON (near byte %zu)", off);
  }
  bool ok = false;
  if (!cJSON_IsObject(root)) {
    bad(err, size, "SPEC", "a JSON object is expected");
    goto out;
  }
  for (const cJSON *m = root->child; m; m = m->next) {
    bool known = false;
    for (size_t k = 0; k < sizeof known_keys / sizeof *known_keys; k++)
      known |= strcmp(m->string, known_keys[k]) == 0;
    if (!known) {
      char field[48];
      snprintf(field, sizeof field, "%.40s", m->string);
      bad(err, size, field, "unknown field");
      goto out;
    }
  }
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "code");
  if (!v || !cJSON_IsString(v) || !v->valuestring[0]) {
    bad(err, size, "code", v ? "a path is expected" : "missing (the file of raw shader words)");
    goto out;
  }
  if (!(s->code = resolve(base_dir, v->valuestring))) goto oom;
  v = cJSON_GetObjectItemCaseSensitive(root, "code_addr");
  if (!v) {
    bad(err, size, "code_addr", "missing");
    goto out;
  }
  if (!get_uint(v, (1ull << 48) - 1, "code_addr", &s->code_addr, err, size)) goto out;
  if (s->code_addr & 255) {
    bad(err, size, "code_addr", "0x%llx is not 256-byte aligned (COMPUTE_PGM_LO holds bits 39:8)",
        (unsigned long long)s->code_addr);
    goto out;
  }
  if ((v = cJSON_GetObjectItemCaseSensitive(root, "wave"))) {
    if (!get_u32(v, 64, "wave", &s->wave, err, size)) goto out;
    if (s->wave != 32 && s->wave != 64) {
      bad(err, size, "wave", "%u: 32 or 64", s->wave);
      goto out;
    }
  }
  if (!get_triple(root, "threads", 1, COMPUTE_MAX_THREADS, s->threads, err, size)) goto out;
  if ((uint64_t)s->threads[0] * s->threads[1] * s->threads[2] > COMPUTE_MAX_THREADS) {
    bad(err, size, "threads", "%u x %u x %u is above 1024 threads per workgroup", s->threads[0],
        s->threads[1], s->threads[2]);
    goto out;
  }
  if (!get_triple(root, "groups", 0, 65535, s->groups, err, size)) goto out;
  if ((v = cJSON_GetObjectItemCaseSensitive(root, "user_sgprs"))) {
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) > COMPUTE_MAX_USER_SGPRS) {
      bad(err, size, "user_sgprs", "an array of at most 16 values is expected");
      goto out;
    }
    for (const cJSON *e = v->child; e; e = e->next) {
      char field[32];
      snprintf(field, sizeof field, "user_sgprs[%u]", s->user_sgpr_count);
      if (!get_u32(e, UINT32_MAX, field, &s->user_sgprs[s->user_sgpr_count], err, size)) goto out;
      s->user_sgpr_count++;
    }
  }
  if ((v = cJSON_GetObjectItemCaseSensitive(root, "tgid"))) {
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 3) {
      bad(err, size, "tgid", "an array of three booleans is expected");
      goto out;
    }
    for (int i = 0; i < 3; i++) {
      const cJSON *e = cJSON_GetArrayItem(v, i);
      if (!cJSON_IsBool(e)) {
        char field[16];
        snprintf(field, sizeof field, "tgid[%d]", i);
        bad(err, size, field, "true or false is expected");
        goto out;
      }
      s->tgid[i] = cJSON_IsTrue(e);
    }
  }
  if ((v = cJSON_GetObjectItemCaseSensitive(root, "tid_dims"))) {
    if (!get_u32(v, 3, "tid_dims", &s->tid_dims, err, size)) goto out;
    if (!s->tid_dims) {
      bad(err, size, "tid_dims", "1, 2 or 3");
      goto out;
    }
  }
  if ((v = cJSON_GetObjectItemCaseSensitive(root, "lds_bytes")) &&
      !get_u32(v, 65536, "lds_bytes", &s->lds_bytes, err, size))
    goto out;
  if ((v = cJSON_GetObjectItemCaseSensitive(root, "border_color_base"))) {
    if (!get_uint(v, (1ull << 48) - 1, "border_color_base", &s->border_color_base, err, size))
      goto out;
    if (s->border_color_base & 255) {
      bad(err, size, "border_color_base",
          "0x%llx is not 256-byte aligned (TA_CS_BC_BASE_ADDR holds bits 39:8)",
          (unsigned long long)s->border_color_base);
      goto out;
    }
  }
  if (!get_blocks(root, "memory", false, base_dir, s->memory, &s->memory_count, err, size) ||
      !get_blocks(root, "dump", true, base_dir, s->dump, &s->dump_count, err, size))
    goto out;
  ok = true;
  goto out;
oom:
  bad(err, size, "SPEC", "out of memory");
out:
  cJSON_Delete(root);
  return ok;
}

void run_spec_free(struct run_spec *s) {
  free(s->code);
  for (uint32_t i = 0; i < s->memory_count; i++) free(s->memory[i].file);
  for (uint32_t i = 0; i < s->dump_count; i++) free(s->dump[i].file);
  memset(s, 0, sizeof *s);
}

void run_spec_regs(const struct run_spec *s, struct compute_regs *r) {
  memset(r, 0, sizeof *r);
  compute_set(r, COMPUTE_DISPATCH_INITIATOR__COMPUTE_SHADER_EN, 1);
  compute_set(r, COMPUTE_DISPATCH_INITIATOR__CS_W32_EN, s->wave == 32);
  r->r[COMPUTE_PGM_LO] = (uint32_t)(s->code_addr >> 8);
  compute_set(r, COMPUTE_PGM_HI__DATA, (uint32_t)(s->code_addr >> 40));
  r->r[COMPUTE_TA_CS_BC_BASE_ADDR] = (uint32_t)(s->border_color_base >> 8);
  compute_set(r, COMPUTE_TA_CS_BC_BASE_ADDR_HI__ADDRESS, (uint32_t)(s->border_color_base >> 40));
  compute_set(r, COMPUTE_PGM_RSRC1__VGPRS, 63);
  compute_set(r, COMPUTE_PGM_RSRC1__FLOAT_MODE, 0xf0); /* round to nearest, denormals kept */
  compute_set(r, COMPUTE_PGM_RSRC2__USER_SGPR, s->user_sgpr_count);
  compute_set(r, COMPUTE_PGM_RSRC2__TGID_X_EN, s->tgid[0]);
  compute_set(r, COMPUTE_PGM_RSRC2__TGID_Y_EN, s->tgid[1]);
  compute_set(r, COMPUTE_PGM_RSRC2__TGID_Z_EN, s->tgid[2]);
  compute_set(r, COMPUTE_PGM_RSRC2__TIDIG_COMP_CNT, s->tid_dims - 1);
  compute_set(r, COMPUTE_PGM_RSRC2__LDS_SIZE, (s->lds_bytes + 511) / 512);
  compute_set(r, COMPUTE_NUM_THREAD_X__NUM_THREAD_FULL, s->threads[0]);
  compute_set(r, COMPUTE_NUM_THREAD_Y__NUM_THREAD_FULL, s->threads[1]);
  compute_set(r, COMPUTE_NUM_THREAD_Z__NUM_THREAD_FULL, s->threads[2]);
  for (uint32_t i = 0; i < s->user_sgpr_count; i++)
    r->r[COMPUTE_USER_DATA_0 + i] = s->user_sgprs[i];
}
