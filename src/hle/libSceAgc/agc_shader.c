/* Shader objects (the header the shader compiler writes, made usable) and the register
 * defaults (agc.h; the tables are in agc_register_defaults.c). */
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

static void check_version(uint32_t version, const char *fn) {
  if (version != 8)
    LOG_ONCE(hle, WARN,
             "%s: register defaults version %u: only version 8's tables are known, they are "
             "returned",
             fn, version);
}

struct agc_register_defaults *agc_get_register_defaults2(uint32_t version) {
  check_version(version, "sceAgcGetRegisterDefaults2");
  return &agc_register_defaults_public;
}

struct agc_register_defaults *agc_get_register_defaults2_internal(uint32_t version) {
  check_version(version, "sceAgcGetRegisterDefaults2Internal");
  return &agc_register_defaults_internal;
}
