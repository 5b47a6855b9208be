/* Shader objects (the header the shader compiler writes, made usable), the register
 * defaults (agc.h; the tables are in agc_register_defaults.c) and the library's version
 * gates. */
#include <stdatomic.h>
#include <stddef.h>

#include "common/log.h"
#include "hle/libSceAgc/agc.h"

/* A self-relative pointer: the value stored plus the pointer's own address (0 stays NULL). */
static void relocate(void *slot) {
  uint64_t v;
  __builtin_memcpy(&v, slot, 8);
  if (v) v += (uint64_t)(uintptr_t)slot;
  __builtin_memcpy(slot, &v, 8);
}

/* The SH registers holding a stage's code address (dword offsets in the SH space): PS, ES
 * (the NGG/ES stage), LS/HS and compute, each the low then the high half. */
static const uint32_t pgm_lo[] = {0x008, 0x0C8, 0x148, 0x20C};

int agc_create_shader(struct agc_shader **out, void *header, const void *code) {
  if (!out || !header || !code) return AGC_ERROR_INVALID_ARGUMENT;
  struct agc_shader *s = header;
  uint64_t addr = (uint64_t)(uintptr_t)code;
  if (s->magic != AGC_SHADER_MAGIC || s->version != AGC_SHADER_VERSION) {
    LOG(hle, WARN, "sceAgcCreateShader: header magic 0x%08x version 0x%x (0x%08x 0x%x expected)",
        s->magic, s->version, AGC_SHADER_MAGIC, AGC_SHADER_VERSION);
    return AGC_ERROR_INVALID_ARGUMENT;
  }
  if (addr & 0xFFFF0000000000FFull) return AGC_ERROR_INVALID_ARGUMENT; /* PGM_LO/HI's reach */
  relocate(&s->user_data);
  relocate(&s->cx_registers);
  relocate(&s->sh_registers);
  relocate(&s->specials);
  relocate(&s->input_semantics);
  relocate(&s->output_semantics);
  if (s->user_data) {
    relocate(&s->user_data->direct_resource_offset);
    for (int i = 0; i < 4; i++) relocate(&s->user_data->sharp_resource_offset[i]);
  }
  s->code = code;
  for (unsigned i = 0; s->sh_registers && i < s->num_sh_registers; i++) {
    struct agc_shader_register *r = &s->sh_registers[i];
    for (size_t k = 0; k < sizeof pgm_lo / sizeof pgm_lo[0]; k++) {
      if (r->offset == pgm_lo[k]) r->value = (uint32_t)(addr >> 8);
      if (r->offset == pgm_lo[k] + 1) r->value = (uint32_t)(addr >> 40) & 0xff;
    }
  }
  *out = s;
  return 0;
}

struct agc_register_defaults *agc_register_defaults_find(uint32_t version, int internal) {
  for (const struct agc_register_defaults_version *v = agc_register_defaults_versions; v->record;
       v++)
    if (v->version == version && (int)v->internal == internal) return v->record;
  return NULL;
}

/* VERSION's record (8, 0xC and 0xD walked; 0, 4, 5, 7 and 9-11 OpenAGC's); for a version no
 * source covers (1-3, 6, above 13), version 8's (logged once). */
static struct agc_register_defaults *defaults(uint32_t version, int internal, const char *fn) {
  struct agc_register_defaults *d = agc_register_defaults_find(version, internal);
  if (d) return d;
  if (internal) /* one log line for each function */
    LOG_ONCE(hle, WARN,
             "%s: register defaults version %u are not known (0, 4, 5 and 7-13 are), "
             "version 8's are returned",
             fn, version);
  else
    LOG_ONCE(hle, WARN,
             "%s: register defaults version %u are not known (0, 4, 5 and 7-13 are), "
             "version 8's are returned",
             fn, version);
  return agc_register_defaults_find(8, internal);
}

struct agc_register_defaults *agc_get_register_defaults2(uint32_t version) {
  return defaults(version, 0, "sceAgcGetRegisterDefaults2");
}

struct agc_register_defaults *agc_get_register_defaults2_internal(uint32_t version) {
  return defaults(version, 1, "sceAgcGetRegisterDefaults2Internal");
}

/* The version gates, as the console answers them (obSCEne's checks 166-agc/init-alias-7e41 and
 * init-raw-gate-7e52, as the Orbistoun project records them in its libSceAgc knowledge file):
 * sceAgcInit_0090 (23LRUSvYu1M, the name OpenAGC's NID list gives it and which hashes to it;
 * (state, version)) keeps the first version it is given and
 * answers 0; afterwards 0 for that version and AGC_ERROR_VERSION for another. sceAgcInit
 * (state, version) answers 0 (measured for 12, 13 and 14 before any gate call), and
 * AGC_ERROR_VERSION for a version other than the one the gate kept. Neither writes through
 * STATE. */
static _Atomic uint32_t kept_version; /* 0: none kept yet (the versions are 8 and up) */

/* The version the last successful initialisation was given (-1: none yet). The console's
 * initializer stores it in the library's runtime record (+0x44), where the no-argument
 * sceAgcGetRegisterDefaults(Internal) read it before calling the versioned functions
 * (OpenAGC analysis/agc_register_defaults_facts.md, read from the SPRX of every firmware). */
static _Atomic int64_t init_version = -1;

int agc_init_gate(void *state, uint32_t version) {
  (void)state;
  uint32_t none = 0;
  if (version == 0) return AGC_ERROR_VERSION; /* not a version the library knows (ours) */
  if (atomic_compare_exchange_strong(&kept_version, &none, version)) {
    if (version != 8 && version != 13)
      LOG_ONCE(hle, WARN, "sceAgcInit_0090: version %u kept (measured for 8 and 13 only)", version);
  } else if (atomic_load(&kept_version) != version) {
    return AGC_ERROR_VERSION;
  }
  atomic_store(&init_version, version);
  return 0;
}

int agc_init(void *state, uint32_t version) {
  (void)state;
  uint32_t kept = atomic_load(&kept_version);
  if (kept && kept != version) return AGC_ERROR_VERSION;
  if (version < 12 || version > 14)
    LOG_ONCE(hle, WARN, "sceAgcInit: version %u (measured for 12, 13 and 14 only)", version);
  atomic_store(&init_version, version);
  return 0;
}

void agc_init_reset(void) {
  atomic_store(&kept_version, 0);
  atomic_store(&init_version, -1);
}

static struct agc_register_defaults *defaults_of_init(int internal, const char *fn) {
  int64_t v = atomic_load(&init_version);
  if (v >= 0) return defaults((uint32_t)v, internal, fn);
  LOG_ONCE(hle, WARN,
           "%s before sceAgcInit: no version was given (the console reads its runtime record), "
           "version 8's defaults are returned",
           fn);
  return agc_register_defaults_find(8, internal);
}

struct agc_register_defaults *agc_get_register_defaults(void) {
  return defaults_of_init(0, "sceAgcGetRegisterDefaults");
}

struct agc_register_defaults *agc_get_register_defaults_internal(void) {
  return defaults_of_init(1, "sceAgcGetRegisterDefaultsInternal");
}
