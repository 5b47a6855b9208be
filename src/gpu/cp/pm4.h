/* PM4, the packet format of the GFX10 command processor: header decoding, the packet, event
 * and register names (tables: pm4_packets.def, pm4_events.def, cp_regs.def) and a decoder
 * that lists a stream as text (prospero-pm4, --dump-pm4). No execution here: see cp.h.
 *
 * A stream is little-endian dwords. The top two bits of a header give its type:
 *   type 0: COUNT [29:16] (body dwords - 1), BASE_INDEX [15:0] (first register, dwords);
 *           the body is written to consecutive registers. BASE_INDEX is 16 bits on GFX10:
 *           bit 15 is not a "one register" flag (docs/gpu-cp.md, "Type-0 headers").
 *   type 1: reserved (an error).
 *   type 2: a one-dword filler (0x80000000; bits 29:0 ignored).
 *   type 3: COUNT [29:16] (body dwords - 1), IT_OPCODE [15:8], bits 7:2 a sub-selector
 *           (zero in AMD's packets; Sony's driver packets carried in NOP use it), SHADER_TYPE
 *           [1] (1 = compute), PREDICATE [0] (the packet obeys SET_PREDICATION).
 *           NOP with COUNT 0x3FFF is a one-dword pad (no body). */
#ifndef PROSPERO_GPU_CP_PM4_H
#define PROSPERO_GPU_CP_PM4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum pm4_opcode {
#define X(name, op) PM4_##name = op,
#include "pm4_packets.def"
#undef X
};

enum pm4_event {
#define X(name, v) PM4_EV_##name = v,
#include "pm4_events.def"
#undef X
};

/* Sony's driver packets carried in NOP: PM4_DRV_<NAME> = the NOP's sub-selector. */
enum pm4_driver_packet {
#define X(name, sub, tr) PM4_DRV_##name = sub,
#include "agc_packets.def"
#undef X
};

struct pm4_header {
  uint32_t raw;
  unsigned type;   /* 0..3 */
  unsigned count;  /* COUNT field (body dwords - 1 for types 0 and 3) */
  unsigned opcode; /* type 3 */
  unsigned sub;    /* type 3: bits 7:2 */
  bool compute;    /* type 3: SHADER_TYPE */
  bool predicate;  /* type 3: PREDICATE */
  unsigned reg;    /* type 0: BASE_INDEX */
  uint32_t dwords; /* the whole packet, header included */
};

static inline struct pm4_header pm4_header_decode(uint32_t h) {
  struct pm4_header p = {.raw = h, .type = h >> 30, .count = (h >> 16) & 0x3fff};
  switch (p.type) {
    case 0:
      p.reg = h & 0xffff;
      p.dwords = p.count + 2;
      break;
    case 2: p.dwords = 1; break;
    case 3:
      p.opcode = (h >> 8) & 0xff;
      p.sub = (h >> 2) & 0x3f;
      p.compute = (h >> 1) & 1;
      p.predicate = h & 1;
      /* a NOP with COUNT 0x3FFF is a one-dword pad */
      p.dwords = (p.opcode == 0x10 && p.count == 0x3fff) ? 1 : p.count + 2;
      break;
    default: p.dwords = 1; break;
  }
  return p;
}

/* A type-3 header: BODY dwords follow it (BODY >= 1). */
static inline uint32_t pm4_type3(unsigned opcode, unsigned body) {
  return 0xC0000000u | (((body - 1u) & 0x3fffu) << 16) | ((opcode & 0xffu) << 8);
}
/* A type-0 header writing BODY registers from dword register REG. */
static inline uint32_t pm4_type0(unsigned reg, unsigned body) {
  return (((body - 1u) & 0x3fffu) << 16) | (reg & 0xffffu);
}
#define PM4_TYPE2_FILLER 0x80000000u

/* Name of a type-3 opcode, or NULL. */
const char *pm4_opcode_name(unsigned opcode);
/* Name of the Sony driver packet a NOP with sub-selector SUB carries (agc_packets.def), or
 * NULL. */
const char *pm4_driver_packet_name(unsigned sub);
/* The name of the AGC libraries' tag VALUE in SQ_THREAD_TRACE_USERDATA_2 (agc_tags.def, by its
 * top byte), or NULL. */
const char *pm4_agc_tag_name(uint32_t value);
/* Name of a VGT event type, or NULL. */
const char *pm4_event_name(unsigned event);

/* Register spaces, by dword register offset (byte address / 4). */
enum pm4_space {
  PM4_SPACE_NONE,
  PM4_SPACE_CONFIG,
  PM4_SPACE_SH,
  PM4_SPACE_CONTEXT,
  PM4_SPACE_UCONFIG
};
#define PM4_CONFIG_BASE 0x2000u /* dwords: byte 0x8000 */
#define PM4_CONFIG_COUNT 0xC00u /* up to the SH space */
#define PM4_SH_BASE 0x2C00u     /* byte 0xB000 */
#define PM4_SH_COUNT 0x400u
#define PM4_CONTEXT_BASE 0xA000u /* byte 0x28000 */
#define PM4_CONTEXT_COUNT 0x400u
#define PM4_UCONFIG_BASE 0xC000u /* byte 0x30000 */
#define PM4_UCONFIG_COUNT 0x4000u

enum pm4_space pm4_space_of(uint32_t reg);
const char *pm4_space_name(enum pm4_space s);

/* Register names: by dword register offset (absolute), NULL when unnamed. */
const char *pm4_reg_name(uint32_t reg);
/* Register by name (absolute dword offset), or 0 when unknown. */
uint32_t pm4_reg_by_name(const char *name);

struct pm4_field {
  const char *reg;
  const char *name;
  uint8_t shift, width;
};
/* The fields of register REG (absolute dword offset): *N of them (0 when none). */
const struct pm4_field *pm4_reg_fields(uint32_t reg, size_t *n);
static inline uint32_t pm4_field_get(uint32_t value, const struct pm4_field *f) {
  return f->width >= 32 ? value : (value >> f->shift) & ((1u << f->width) - 1u);
}

/* Named register constants: PM4_REG_<NAME> is the absolute dword offset. */
enum pm4_reg {
#define REG(name, addr) PM4_REG_##name = (addr) / 4,
#define FIELD(reg, name, shift, width)
#include "cp_regs.def"
#undef REG
#undef FIELD
};
/* Field extraction by name: PM4_GET(value, COMPUTE_PGM_RSRC2, USER_SGPR). */
enum pm4_field_consts {
#define REG(name, addr)
#define FIELD(reg, name, shift, width) \
  PM4_##reg##__##name##_SHIFT = shift, PM4_##reg##__##name##_WIDTH = width,
#include "cp_regs.def"
#undef REG
#undef FIELD
};
#define PM4_GET(v, reg, field)                       \
  (((uint32_t)(v) >> PM4_##reg##__##field##_SHIFT) & \
   (uint32_t)((PM4_##reg##__##field##_WIDTH >= 32)   \
                  ? 0xffffffffu                      \
                  : ((1ull << PM4_##reg##__##field##_WIDTH) - 1u)))

/* ---- listing ---- */
/* Reads DWORDS at ADDR (guest address) into DST; false if not readable. Used by the
 * decoder to follow INDIRECT_BUFFER packets (NULL: not followed). */
typedef bool (*pm4_read_fn)(void *ctx, uint64_t addr, uint32_t *dst, uint32_t dwords);

struct pm4_list_opts {
  pm4_read_fn read; /* NULL: indirect buffers are named, not followed */
  void *ctx;
  unsigned max_depth; /* indirect buffer nesting followed (0: default 4) */
  uint64_t base;      /* guest address of the stream (printed offsets are relative) */
};

/* Writes one line per packet (offset, raw header, name, fields; register writes with
 * their names and named fields) of the N dwords at W to OUT. Returns the number of
 * malformed or truncated packets met (the listing goes on after a bad header with the next
 * dword; a truncated packet ends it). */
unsigned pm4_list(FILE *out, const uint32_t *w, size_t n, const struct pm4_list_opts *o);

#endif
