#include "gpu/shader/spirv/spirv_builder.h"

#include <stdlib.h>
#include <string.h>

void spv_builder_init(struct spv_builder *b, uint32_t version) {
  memset(b, 0, sizeof *b);
  b->version = version;
  b->next_id = 1;
  spv_capability(b, SpvCapabilityShader);
}

void spv_builder_free(struct spv_builder *b) {
  for (int s = 0; s < SPV_SEC_COUNT; s++) free(b->sec[s].w);
  free(b->dedup);
  free(b->caps);
  memset(b, 0, sizeof *b);
}

uint32_t spv_id(struct spv_builder *b) { return b->failed ? 0 : b->next_id++; }

static bool words_reserve(struct spv_builder *b, struct spv_words *w, uint32_t n) {
  if (b->failed) return false;
  if (w->count + n <= w->cap) return true;
  uint32_t cap = w->cap ? w->cap : 64;
  while (cap < w->count + n) cap *= 2;
  uint32_t *p = realloc(w->w, (size_t)cap * sizeof *p);
  if (!p) {
    b->failed = true;
    return false;
  }
  w->w = p;
  w->cap = cap;
  return true;
}

void spv_inst(struct spv_builder *b, enum spv_section s, SpvOp op, const uint32_t *ops,
              uint32_t n) {
  struct spv_words *w = &b->sec[s];
  if (n >= 0xffff || !words_reserve(b, w, n + 1)) {
    b->failed = true;
    return;
  }
  w->w[w->count++] = (n + 1) << 16 | (uint32_t)op;
  for (uint32_t i = 0; i < n; i++) w->w[w->count++] = ops[i];
}

uint32_t spv_op(struct spv_builder *b, SpvOp op, uint32_t result_type, const uint32_t *args,
                uint32_t n) {
  uint32_t id = spv_id(b);
  struct spv_words *w = &b->sec[SPV_SEC_FUNCTION];
  if (n >= 0xfff0 || !words_reserve(b, w, n + 3)) {
    b->failed = true;
    return 0;
  }
  w->w[w->count++] = (n + 3) << 16 | (uint32_t)op;
  w->w[w->count++] = result_type;
  w->w[w->count++] = id;
  for (uint32_t i = 0; i < n; i++) w->w[w->count++] = args[i];
  return id;
}

void spv_inst_str(struct spv_builder *b, enum spv_section s, SpvOp op, const uint32_t *pre,
                  uint32_t npre, const char *str, const uint32_t *post, uint32_t npost) {
  size_t len = strlen(str), sw = len / 4 + 1; /* nul-terminated, padded with zeros */
  if (len > 0x3ffff) {
    b->failed = true;
    return;
  }
  uint32_t n = npre + (uint32_t)sw + npost;
  struct spv_words *w = &b->sec[s];
  if (!words_reserve(b, w, n + 1)) return;
  w->w[w->count++] = (n + 1) << 16 | (uint32_t)op;
  for (uint32_t i = 0; i < npre; i++) w->w[w->count++] = pre[i];
  memset(&w->w[w->count], 0, sw * 4);
  memcpy(&w->w[w->count], str, len);
  w->count += (uint32_t)sw;
  for (uint32_t i = 0; i < npost; i++) w->w[w->count++] = post[i];
}

/* ---- capabilities and extensions ------------------------------------------------------- */

bool spv_has_capability(const struct spv_builder *b, SpvCapability cap) {
  for (uint32_t i = 0; i < b->cap_count; i++)
    if (b->caps[i] == (uint32_t)cap) return true;
  return false;
}

void spv_capability(struct spv_builder *b, SpvCapability cap) {
  if (b->failed || spv_has_capability(b, cap)) return;
  if (b->cap_count == b->cap_cap) {
    uint32_t n = b->cap_cap ? b->cap_cap * 2 : 8;
    uint32_t *p = realloc(b->caps, n * sizeof *p);
    if (!p) {
      b->failed = true;
      return;
    }
    b->caps = p;
    b->cap_cap = n;
  }
  b->caps[b->cap_count++] = (uint32_t)cap;
  uint32_t w = (uint32_t)cap;
  spv_inst(b, SPV_SEC_CAPABILITY, SpvOpCapability, &w, 1);
}

/* Whether the section S holds an instruction OP whose first string operand (after SKIP
 * words) is NAME. */
static bool has_string_inst(const struct spv_builder *b, enum spv_section s, SpvOp op,
                            uint32_t skip, const char *name) {
  const struct spv_words *w = &b->sec[s];
  size_t len = strlen(name);
  for (uint32_t i = 0; i < w->count;) {
    uint32_t n = w->w[i] >> 16;
    if (!n) break;
    if ((w->w[i] & 0xffff) == (uint32_t)op && (n - 1 - skip) * 4 > len &&
        !memcmp(&w->w[i + 1 + skip], name, len + 1))
      return true;
    i += n;
  }
  return false;
}

void spv_extension(struct spv_builder *b, const char *name) {
  if (b->failed || has_string_inst(b, SPV_SEC_EXTENSION, SpvOpExtension, 0, name)) return;
  spv_inst_str(b, SPV_SEC_EXTENSION, SpvOpExtension, NULL, 0, name, NULL, 0);
  b->ext_count++;
}

uint32_t spv_glsl_std(struct spv_builder *b) {
  if (!b->glsl_std) {
    b->glsl_std = spv_id(b);
    spv_inst_str(b, SPV_SEC_EXT_INST_IMPORT, SpvOpExtInstImport, &b->glsl_std, 1, "GLSL.std.450",
                 NULL, 0);
  }
  return b->glsl_std;
}

void spv_memory_model(struct spv_builder *b, SpvAddressingModel am, SpvMemoryModel mm) {
  if (am == SpvAddressingModelPhysicalStorageBuffer64) {
    spv_capability(b, SpvCapabilityPhysicalStorageBufferAddresses);
    if (b->version < 0x00010500) spv_extension(b, "SPV_KHR_physical_storage_buffer");
  }
  if (mm == SpvMemoryModelVulkan) {
    spv_capability(b, SpvCapabilityVulkanMemoryModel);
    if (b->version < 0x00010500) spv_extension(b, "SPV_KHR_vulkan_memory_model");
  }
  b->sec[SPV_SEC_MEMORY_MODEL].count = 0; /* one memory model: the last one set */
  uint32_t w[2] = {(uint32_t)am, (uint32_t)mm};
  spv_inst(b, SPV_SEC_MEMORY_MODEL, SpvOpMemoryModel, w, 2);
  b->memory_model_set = 1;
}

void spv_entry_point(struct spv_builder *b, SpvExecutionModel model, uint32_t fn, const char *name,
                     const uint32_t *interface, uint32_t n) {
  uint32_t pre[2] = {(uint32_t)model, fn};
  spv_inst_str(b, SPV_SEC_ENTRY_POINT, SpvOpEntryPoint, pre, 2, name, interface, n);
}

void spv_execution_mode(struct spv_builder *b, uint32_t fn, SpvExecutionMode mode,
                        const uint32_t *lits, uint32_t n) {
  uint32_t w[8] = {fn, (uint32_t)mode};
  if (n > 6) {
    b->failed = true;
    return;
  }
  for (uint32_t i = 0; i < n; i++) w[2 + i] = lits[i];
  spv_inst(b, SPV_SEC_EXECUTION_MODE, SpvOpExecutionMode, w, n + 2);
}

/* ---- debug information and annotations ------------------------------------------------- */

uint32_t spv_string(struct spv_builder *b, const char *text) {
  uint32_t id = spv_id(b);
  spv_inst_str(b, SPV_SEC_DEBUG_STRING, SpvOpString, &id, 1, text, NULL, 0);
  return id;
}

void spv_source(struct spv_builder *b, uint32_t file_string) {
  uint32_t w[3] = {SpvSourceLanguageUnknown, 0, file_string};
  spv_inst(b, SPV_SEC_DEBUG_STRING, SpvOpSource, w, 3);
}

void spv_name(struct spv_builder *b, uint32_t id, const char *name) {
  spv_inst_str(b, SPV_SEC_DEBUG_NAME, SpvOpName, &id, 1, name, NULL, 0);
}

/* Appends the decimal digits of N at P; returns the end. */
static char *put_decimal(char *p, uint32_t n) {
  static const char pairs[201] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  uint32_t digits = n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : n < 100000 ? 5 : 6;
  for (uint32_t t = n / 1000000; t; t /= 10) digits++;
  uint32_t i = digits;
  for (; n >= 100; n /= 100) {
    i -= 2;
    memcpy(&p[i], &pairs[2 * (n % 100)], 2);
  }
  if (n >= 10) memcpy(&p[i - 2], &pairs[2 * n], 2);
  else p[i - 1] = (char)('0' + n);
  return p + digits;
}

void spv_name_numbered(struct spv_builder *b, uint32_t id, const char *prefix, uint32_t n,
                       const char *hex_tag, uint32_t h) {
  uint32_t words[16] = {0}; /* the literal, nul-terminated and zero-padded */
  char *text = (char *)words, *p = text;
  for (uint32_t i = 0; prefix[i] && i < 16; i++) *p++ = prefix[i];
  p = put_decimal(p, n);
  if (hex_tag) {
    for (uint32_t i = 0; hex_tag[i] && i < 16; i++) *p++ = hex_tag[i];
    uint32_t digits = 4;
    while (digits < 8 && h >> (4 * digits)) digits++;
    for (uint32_t i = digits; i-- > 0; h >>= 4) p[i] = "0123456789abcdef"[h & 15];
    p += digits;
  }
  uint32_t sw = (uint32_t)(p - text) / 4 + 1;
  struct spv_words *w = &b->sec[SPV_SEC_DEBUG_NAME];
  if (!words_reserve(b, w, sw + 2)) return;
  w->w[w->count++] = (sw + 2) << 16 | (uint32_t)SpvOpName;
  w->w[w->count++] = id;
  memcpy(&w->w[w->count], words, sw * sizeof *words);
  w->count += sw;
}

bool spv_builder_reserve(struct spv_builder *b, enum spv_section s, uint32_t words) {
  return words_reserve(b, &b->sec[s], words);
}

void spv_member_name(struct spv_builder *b, uint32_t type, uint32_t member, const char *name) {
  uint32_t pre[2] = {type, member};
  spv_inst_str(b, SPV_SEC_DEBUG_NAME, SpvOpMemberName, pre, 2, name, NULL, 0);
}

void spv_line(struct spv_builder *b, uint32_t file_string, uint32_t line, uint32_t column) {
  uint32_t w[3] = {file_string, line, column};
  spv_inst(b, SPV_SEC_FUNCTION, SpvOpLine, w, 3);
}

void spv_decorate(struct spv_builder *b, uint32_t id, SpvDecoration d, const uint32_t *lits,
                  uint32_t n) {
  uint32_t w[8] = {id, (uint32_t)d};
  if (n > 6) {
    b->failed = true;
    return;
  }
  for (uint32_t i = 0; i < n; i++) w[2 + i] = lits[i];
  spv_inst(b, SPV_SEC_ANNOTATION, SpvOpDecorate, w, n + 2);
}

void spv_member_decorate(struct spv_builder *b, uint32_t type, uint32_t member, SpvDecoration d,
                         const uint32_t *lits, uint32_t n) {
  uint32_t w[9] = {type, member, (uint32_t)d};
  if (n > 6) {
    b->failed = true;
    return;
  }
  for (uint32_t i = 0; i < n; i++) w[3 + i] = lits[i];
  spv_inst(b, SPV_SEC_ANNOTATION, SpvOpMemberDecorate, w, n + 3);
}

/* ---- deduplicated global instructions ----------------------------------------------------
 * KEY is the instruction with its result id left out: opcode word, then the operands. An
 * existing instruction matches when its words, without its result id (at word RESULT_AT),
 * are the key. */

static uint32_t hash_words(const uint32_t *w, uint32_t n) {
  uint32_t h = 2166136261u;
  for (uint32_t i = 0; i < n; i++) h = (h ^ w[i]) * 16777619u;
  return h ? h : 1;
}

static bool entry_matches(const struct spv_builder *b, const struct spv_dedup_entry *e,
                          const uint32_t *key, uint32_t n, uint32_t result_at) {
  const uint32_t *g = &b->sec[SPV_SEC_GLOBAL].w[e->at];
  if ((g[0] & 0xffff) != (key[0] & 0xffff) || (g[0] >> 16) != n + 1) return false;
  for (uint32_t i = 1, k = 1; i <= n; i++) {
    if (i == result_at) continue;
    if (g[i] != key[k++]) return false;
  }
  return true;
}

static bool dedup_grow(struct spv_builder *b) {
  uint32_t cap = b->dedup_cap ? b->dedup_cap * 2 : 256;
  struct spv_dedup_entry *t = calloc(cap, sizeof *t);
  if (!t) {
    b->failed = true;
    return false;
  }
  for (uint32_t i = 0; i < b->dedup_cap; i++) {
    if (!b->dedup[i].id) continue;
    uint32_t j = b->dedup[i].hash & (cap - 1);
    while (t[j].id) j = (j + 1) & (cap - 1);
    t[j] = b->dedup[i];
  }
  free(b->dedup);
  b->dedup = t;
  b->dedup_cap = cap;
  return true;
}

/* Returns the id of the global instruction OP with operands OPS (N words, the result id
 * not included, inserted at position RESULT_AT of the operands: 0 for types, 1 for
 * constants), adding it if it is new. */
static uint32_t dedup_global(struct spv_builder *b, SpvOp op, const uint32_t *ops, uint32_t n,
                             uint32_t result_at) {
  if (b->failed || n > 14) {
    b->failed = true;
    return 0;
  }
  uint32_t key[16];
  key[0] = (uint32_t)op;
  if (n) memcpy(&key[1], ops, n * sizeof *ops);
  uint32_t h = hash_words(key, n + 1);
  if ((b->dedup_count + 1) * 2 > b->dedup_cap && !dedup_grow(b)) return 0;
  uint32_t j = h & (b->dedup_cap - 1);
  for (; b->dedup[j].id; j = (j + 1) & (b->dedup_cap - 1))
    if (b->dedup[j].hash == h && entry_matches(b, &b->dedup[j], key, n + 1, result_at + 1))
      return b->dedup[j].id;
  uint32_t id = spv_id(b), full[16];
  for (uint32_t i = 0, k = 0; i <= n; i++) full[i] = i == result_at ? id : ops[k++];
  uint32_t at = b->sec[SPV_SEC_GLOBAL].count;
  spv_inst(b, SPV_SEC_GLOBAL, op, full, n + 1);
  if (b->failed) return 0;
  b->dedup[j] = (struct spv_dedup_entry){.hash = h, .at = at, .id = id};
  b->dedup_count++;
  return id;
}

uint32_t spv_type_void(struct spv_builder *b) { return dedup_global(b, SpvOpTypeVoid, NULL, 0, 0); }
uint32_t spv_type_bool(struct spv_builder *b) { return dedup_global(b, SpvOpTypeBool, NULL, 0, 0); }

uint32_t spv_type_int(struct spv_builder *b, uint32_t width, bool is_signed) {
  if (width == 64) spv_capability(b, SpvCapabilityInt64);
  if (width == 16) spv_capability(b, SpvCapabilityInt16);
  if (width == 8) spv_capability(b, SpvCapabilityInt8);
  uint32_t w[2] = {width, is_signed};
  return dedup_global(b, SpvOpTypeInt, w, 2, 0);
}

uint32_t spv_type_float(struct spv_builder *b, uint32_t width) {
  if (width == 64) spv_capability(b, SpvCapabilityFloat64);
  if (width == 16) spv_capability(b, SpvCapabilityFloat16);
  return dedup_global(b, SpvOpTypeFloat, &width, 1, 0);
}

uint32_t spv_type_vector(struct spv_builder *b, uint32_t component, uint32_t n) {
  uint32_t w[2] = {component, n};
  return dedup_global(b, SpvOpTypeVector, w, 2, 0);
}

uint32_t spv_type_array(struct spv_builder *b, uint32_t element, uint32_t length) {
  uint32_t w[2] = {element, spv_const_u32(b, length)};
  return dedup_global(b, SpvOpTypeArray, w, 2, 0);
}

uint32_t spv_type_runtime_array(struct spv_builder *b, uint32_t element) {
  return dedup_global(b, SpvOpTypeRuntimeArray, &element, 1, 0);
}

uint32_t spv_type_pointer(struct spv_builder *b, SpvStorageClass sc, uint32_t pointee) {
  if (sc == SpvStorageClassPhysicalStorageBuffer) {
    spv_capability(b, SpvCapabilityPhysicalStorageBufferAddresses);
    if (b->version < 0x00010500) spv_extension(b, "SPV_KHR_physical_storage_buffer");
  }
  uint32_t w[2] = {(uint32_t)sc, pointee};
  return dedup_global(b, SpvOpTypePointer, w, 2, 0);
}

uint32_t spv_type_function(struct spv_builder *b, uint32_t ret, const uint32_t *params,
                           uint32_t n) {
  uint32_t w[14];
  if (n > 13) {
    b->failed = true;
    return 0;
  }
  w[0] = ret;
  for (uint32_t i = 0; i < n; i++) w[1 + i] = params[i];
  return dedup_global(b, SpvOpTypeFunction, w, n + 1, 0);
}

uint32_t spv_type_struct(struct spv_builder *b, const uint32_t *members, uint32_t n) {
  uint32_t id = spv_id(b), w[32];
  if (n > 31) {
    b->failed = true;
    return 0;
  }
  w[0] = id;
  for (uint32_t i = 0; i < n; i++) w[1 + i] = members[i];
  spv_inst(b, SPV_SEC_GLOBAL, SpvOpTypeStruct, w, n + 1);
  return id;
}

uint32_t spv_const(struct spv_builder *b, uint32_t type, uint32_t value) {
  /* a hit is the id dedup_global gave for the same operands: types and constants stay */
  struct spv_const_hit *hit = &b->const_hits[(value * 0x9e3779b1u + type) >> 24];
  if (hit->id && hit->type == type && hit->value == value && !b->failed) return hit->id;
  uint32_t w[2] = {type, value};
  uint32_t id = dedup_global(b, SpvOpConstant, w, 2, 1);
  if (id) *hit = (struct spv_const_hit){type, value, id};
  return id;
}

uint32_t spv_const64(struct spv_builder *b, uint32_t type, uint64_t value) {
  uint32_t w[3] = {type, (uint32_t)value, (uint32_t)(value >> 32)};
  return dedup_global(b, SpvOpConstant, w, 3, 1);
}

uint32_t spv_const_u32(struct spv_builder *b, uint32_t value) {
  return spv_const(b, spv_type_int(b, 32, false), value);
}

uint32_t spv_const_bool(struct spv_builder *b, bool value) {
  uint32_t t = spv_type_bool(b);
  return dedup_global(b, value ? SpvOpConstantTrue : SpvOpConstantFalse, &t, 1, 1);
}

uint32_t spv_const_composite(struct spv_builder *b, uint32_t type, const uint32_t *parts,
                             uint32_t n) {
  uint32_t w[14];
  if (n > 13) {
    b->failed = true;
    return 0;
  }
  w[0] = type;
  for (uint32_t i = 0; i < n; i++) w[1 + i] = parts[i];
  return dedup_global(b, SpvOpConstantComposite, w, n + 1, 1);
}

uint32_t spv_const_null(struct spv_builder *b, uint32_t type) {
  return dedup_global(b, SpvOpConstantNull, &type, 1, 1);
}

uint32_t spv_variable(struct spv_builder *b, uint32_t ptr_type, SpvStorageClass sc) {
  uint32_t id = spv_id(b);
  uint32_t w[3] = {ptr_type, id, (uint32_t)sc};
  spv_inst(b, SPV_SEC_GLOBAL, SpvOpVariable, w, 3);
  return id;
}

/* ---- the module ---------------------------------------------------------------------- */

bool spv_builder_finish(struct spv_builder *b, uint32_t **words, size_t *count) {
  *words = NULL;
  *count = 0;
  if (b->failed || !b->memory_model_set) return false;
  size_t n = 5;
  for (int s = 0; s < SPV_SEC_COUNT; s++) n += b->sec[s].count;
  uint32_t *w = malloc(n * sizeof *w);
  if (!w) return false;
  /* header: magic, version, generator (0: unregistered), bound, schema */
  w[0] = SpvMagicNumber;
  w[1] = b->version;
  w[2] = 0;
  w[3] = b->next_id;
  w[4] = 0;
  size_t at = 5;
  for (int s = 0; s < SPV_SEC_COUNT; s++) {
    if (b->sec[s].count) memcpy(&w[at], b->sec[s].w, b->sec[s].count * sizeof *w);
    at += b->sec[s].count;
  }
  *words = w;
  *count = n;
  return true;
}
