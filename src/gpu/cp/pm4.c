/* PM4 names and the stream lister (pm4.h). */
#include "gpu/cp/pm4.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

const char *pm4_opcode_name(unsigned opcode) {
  switch (opcode) {
#define X(name, op) \
  case op:          \
    return #name;
#include "pm4_packets.def"
#undef X
    default: return NULL;
  }
}

/* Sony's driver packets carried in NOP (agc_packets.def), by sub-selector. */
static const struct {
  unsigned sub;
  const char *name;
} driver_packets[] = {
#define X(name, sub, tr) {sub, #name},
#include "gpu/cp/agc_packets.def"
#undef X
};

const char *pm4_driver_packet_name(unsigned sub) {
  for (size_t i = 0; i < sizeof driver_packets / sizeof driver_packets[0]; i++)
    if (driver_packets[i].sub == sub) return driver_packets[i].name;
  return NULL;
}

const char *pm4_agc_tag_name(uint32_t value) {
  switch (value >> 24) {
#define X(name, top) \
  case top:          \
    return #name;
#include "gpu/cp/agc_tags.def"
#undef X
    default: return NULL;
  }
}

const char *pm4_event_name(unsigned event) {
  switch (event) {
#define X(name, v) \
  case v:          \
    return #name;
#include "pm4_events.def"
#undef X
    default: return NULL;
  }
}

enum pm4_space pm4_space_of(uint32_t reg) {
  if (reg >= PM4_SH_BASE && reg < PM4_SH_BASE + PM4_SH_COUNT) return PM4_SPACE_SH;
  if (reg >= PM4_CONTEXT_BASE && reg < PM4_CONTEXT_BASE + PM4_CONTEXT_COUNT)
    return PM4_SPACE_CONTEXT;
  if (reg >= PM4_UCONFIG_BASE && reg < PM4_UCONFIG_BASE + PM4_UCONFIG_COUNT)
    return PM4_SPACE_UCONFIG;
  if (reg >= PM4_CONFIG_BASE && reg < PM4_SH_BASE) return PM4_SPACE_CONFIG;
  return PM4_SPACE_NONE;
}

const char *pm4_space_name(enum pm4_space s) {
  static const char *const names[] = {"NONE", "CONFIG", "SH", "CONTEXT", "UCONFIG"};
  return (unsigned)s < 5 ? names[s] : "?";
}

struct reg_entry {
  uint32_t reg;
  const char *name;
};
static const struct reg_entry reg_table[] = {
#define REG(name, addr) {(addr) / 4, #name},
#define FIELD(reg, name, shift, width)
#include "cp_regs.def"
#undef REG
#undef FIELD
};
static const struct pm4_field field_table[] = {
#define REG(name, addr)
#define FIELD(reg, name, shift, width) {#reg, #name, shift, width},
#include "cp_regs.def"
#undef REG
#undef FIELD
};
struct pkt_field {
  uint8_t opcode, dw, shift, width;
  const char *name;
};
static const struct pkt_field pkt_fields[] = {
#define F(op, dw, name, shift, width) {PM4_##op, dw, shift, width, #name},
#include "pm4_fields.def"
#undef F
};
#define NPKTFIELDS (sizeof(pkt_fields) / sizeof(pkt_fields[0]))
#define NREGS (sizeof(reg_table) / sizeof(reg_table[0]))
#define NFIELDS (sizeof(field_table) / sizeof(field_table[0]))

const char *pm4_reg_name(uint32_t reg) {
  for (size_t i = 0; i < NREGS; i++)
    if (reg_table[i].reg == reg) return reg_table[i].name;
  return NULL;
}

uint32_t pm4_reg_by_name(const char *name) {
  for (size_t i = 0; i < NREGS; i++)
    if (strcmp(reg_table[i].name, name) == 0) return reg_table[i].reg;
  return 0;
}

const struct pm4_field *pm4_reg_fields(uint32_t reg, size_t *n) {
  *n = 0;
  const char *name = pm4_reg_name(reg);
  if (!name) return NULL;
  /* the fields of one register are contiguous in the table */
  for (size_t i = 0; i < NFIELDS; i++) {
    if (strcmp(field_table[i].reg, name) != 0) continue;
    size_t j = i;
    while (j < NFIELDS && strcmp(field_table[j].reg, name) == 0) j++;
    *n = j - i;
    return &field_table[i];
  }
  return NULL;
}

/* ---- listing ---- */

static uint32_t space_first(enum pm4_space s) {
  switch (s) {
    case PM4_SPACE_CONFIG: return PM4_CONFIG_BASE;
    case PM4_SPACE_SH: return PM4_SH_BASE;
    case PM4_SPACE_CONTEXT: return PM4_CONTEXT_BASE;
    case PM4_SPACE_UCONFIG: return PM4_UCONFIG_BASE;
    default: return 0;
  }
}

static void list_reg(FILE *out, uint32_t reg, uint32_t value) {
  const char *name = pm4_reg_name(reg);
  enum pm4_space sp = pm4_space_of(reg);
  if (name) fprintf(out, "        %-34s = 0x%08" PRIx32, name, value);
  else
    fprintf(out, "        %-7s+0x%04" PRIx32 " (0x%05" PRIx32 ")%13s= 0x%08" PRIx32,
            pm4_space_name(sp), reg - space_first(sp), reg * 4, "", value);
  size_t nf;
  const struct pm4_field *f = pm4_reg_fields(reg, &nf);
  for (size_t i = 0; i < nf; i++)
    fprintf(out, " %s=%" PRIu32, f[i].name, pm4_field_get(value, &f[i]));
  const char *tag = reg == PM4_REG_SQ_THREAD_TRACE_USERDATA_2 ? pm4_agc_tag_name(value) : NULL;
  if (tag) {
    fprintf(out, " AGC_TAG=%s", tag);
    if (value >> 24 == 0xCC || value >> 24 == 0xCD) fprintf(out, " STREAM=%" PRIu32, value & 0x1f);
    if (value >> 24 == 0xCD) fprintf(out, " WORKLOAD=%" PRIu32, (value >> 5) & 0x3f);
  }
  fputc('\n', out);
}

static uint32_t space_base(unsigned opcode) {
  switch (opcode) {
    case PM4_SET_CONTEXT_REG:
    case PM4_SET_CONTEXT_REG_INDEX: return PM4_CONTEXT_BASE;
    case PM4_SET_SH_REG:
    case PM4_SET_SH_REG_INDEX: return PM4_SH_BASE;
    case PM4_SET_UCONFIG_REG:
    case PM4_SET_UCONFIG_REG_INDEX: return PM4_UCONFIG_BASE;
    case PM4_SET_CONFIG_REG: return PM4_CONFIG_BASE;
    default: return 0;
  }
}

static unsigned list_stream(FILE *out, const uint32_t *w, size_t n, const struct pm4_list_opts *o,
                            uint64_t base, unsigned depth);

static unsigned list_ib(FILE *out, const struct pm4_list_opts *o, uint64_t addr, uint32_t size,
                        unsigned depth) {
  unsigned max = o->max_depth ? o->max_depth : 4;
  if (!o->read || depth >= max || size == 0) return 0;
  if (size > (1u << 20)) {
    fprintf(out, "%*s  (indirect buffer of %" PRIu32 " dwords not listed: over 1 Mi dwords)\n",
            (int)depth * 2, "", size);
    return 0;
  }
  uint32_t *buf = malloc((size_t)size * 4);
  if (!buf) return 0;
  unsigned bad = 0;
  if (o->read(o->ctx, addr, buf, size)) {
    fprintf(out, "%*s  --- indirect buffer 0x%" PRIx64 ", %" PRIu32 " dwords ---\n", (int)depth * 2,
            "", addr, size);
    bad = list_stream(out, buf, size, o, addr, depth + 1);
    fprintf(out, "%*s  --- end of indirect buffer ---\n", (int)depth * 2, "");
  } else {
    fprintf(out, "%*s  (indirect buffer 0x%" PRIx64 " not readable)\n", (int)depth * 2, "", addr);
  }
  free(buf);
  return bad;
}

static unsigned list_stream(FILE *out, const uint32_t *w, size_t n, const struct pm4_list_opts *o,
                            uint64_t base, unsigned depth) {
  unsigned bad = 0;
  size_t i = 0;
  while (i < n) {
    struct pm4_header h = pm4_header_decode(w[i]);
    fprintf(out, "%*s%08zx: %08" PRIx32 "  ", (int)depth * 2, "", i * 4, w[i]);
    if (h.type == 1) {
      fprintf(out, "ERROR: type-1 header (reserved)\n");
      bad++;
      i++;
      continue;
    }
    if (h.type == 2) {
      fprintf(out, "TYPE2 filler\n");
      i++;
      continue;
    }
    if (i + h.dwords > n) {
      fprintf(out, "ERROR: truncated %s packet: %" PRIu32 " dwords, %zu left\n",
              h.type == 0 ? "type-0"
                          : (pm4_opcode_name(h.opcode) ? pm4_opcode_name(h.opcode) : "type-3"),
              h.dwords, n - i);
      return bad + 1;
    }
    const uint32_t *b = &w[i + 1];
    unsigned nb = h.dwords - 1;
    if (h.type == 0) {
      fprintf(out, "TYPE0 %u registers from 0x%05x\n", nb, h.reg * 4);
      for (unsigned k = 0; k < nb; k++) list_reg(out, h.reg + k, b[k]);
      i += h.dwords;
      continue;
    }
    const char *name = pm4_opcode_name(h.opcode);
    if (name) fprintf(out, "%s", name);
    else {
      fprintf(out, "UNKNOWN_0x%02x", h.opcode);
      bad++;
    }
    fprintf(out, " (%u dwords%s%s", nb, h.compute ? ", compute" : "",
            h.predicate ? ", predicated" : "");
    if (h.sub && h.opcode == PM4_NOP) {
      const char *drv = pm4_driver_packet_name(h.sub);
      fprintf(out, ", driver packet %s 0x%02x", drv ? drv : "UNKNOWN", h.sub);
    } else if (h.sub) {
      fprintf(out, ", sub 0x%02x", h.sub);
    }
    fputc(')', out);
    switch (h.opcode) {
      case PM4_SET_CONTEXT_REG:
      case PM4_SET_CONTEXT_REG_INDEX:
      case PM4_SET_SH_REG:
      case PM4_SET_SH_REG_INDEX:
      case PM4_SET_UCONFIG_REG:
      case PM4_SET_UCONFIG_REG_INDEX:
      case PM4_SET_CONFIG_REG: {
        uint32_t reg = space_base(h.opcode) + (b[0] & 0xffff);
        unsigned index = b[0] >> 28;
        if (index) fprintf(out, " index %u", index);
        fputc('\n', out);
        for (unsigned k = 1; k < nb; k++) list_reg(out, reg + k - 1, b[k]);
        break;
      }
      case PM4_INDIRECT_BUFFER:
      case PM4_INDIRECT_BUFFER_CNST:
        if (nb == 13) { /* the conditional form: compare, then the two buffers */
          const uint64_t ib1 = ((uint64_t)(b[8] & 0xffff) << 32) | (b[7] & ~3u),
                         ib2 = ((uint64_t)(b[11] & 0xffff) << 32) | (b[10] & ~3u);
          fprintf(out,
                  " conditional MODE=%u FUNCTION=%u COMPARE_ADDR=0x%" PRIx64 " MASK=0x%" PRIx64
                  " REFERENCE=0x%" PRIx64 " IB1=0x%" PRIx64 " SIZE1=0x%x IB2=0x%" PRIx64
                  " SIZE2=0x%x\n",
                  b[0] & 3, (b[0] >> 8) & 7, ((uint64_t)b[2] << 32) | (b[1] & ~7u),
                  ((uint64_t)b[4] << 32) | b[3], ((uint64_t)b[6] << 32) | b[5], ib1, b[9] & 0xfffff,
                  ib2, b[12] & 0xfffff);
          bad += list_ib(out, o, ib1, b[9] & 0xfffff, depth);
          bad += list_ib(out, o, ib2, b[12] & 0xfffff, depth);
          break;
        }
        /* fall through: the plain form's fields */
      default: {
        /* the event name, then the packet's fields from pm4_fields.def, else raw dwords */
        if (h.opcode == PM4_EVENT_WRITE || h.opcode == PM4_EVENT_WRITE_EOP ||
            h.opcode == PM4_EVENT_WRITE_EOS || h.opcode == PM4_RELEASE_MEM) {
          const char *ev = pm4_event_name(b[0] & 0x3f);
          fprintf(out, " %s", ev ? ev : "?");
        }
        bool named = false;
        unsigned covered = 0; /* body dwords the fields describe */
        for (size_t k = 0; k < NPKTFIELDS; k++) {
          const struct pkt_field *pf = &pkt_fields[k];
          if (pf->opcode != h.opcode || pf->dw >= nb) continue;
          if (pf->dw + 1u > covered) covered = pf->dw + 1u;
          uint32_t v =
              pf->width >= 32 ? b[pf->dw] : (b[pf->dw] >> pf->shift) & ((1u << pf->width) - 1u);
          fprintf(out, pf->width > 8 ? " %s=0x%" PRIx32 : " %s=%" PRIu32, pf->name, v);
          named = true;
        }
        if (named && covered < nb) fprintf(out, " data:");
        for (unsigned k = named ? covered : 0; k < nb && k < covered + 8u; k++)
          fprintf(out, " %08" PRIx32, b[k]);
        if (nb > covered + 8u) fprintf(out, " ...");
        if (h.opcode == PM4_NOP && h.dwords == 1) fprintf(out, " pad");
        fputc('\n', out);
        /* the constant engine's buffers are listed too */
        if ((h.opcode == PM4_INDIRECT_BUFFER || h.opcode == PM4_INDIRECT_BUFFER_CNST) && nb >= 3)
          bad += list_ib(out, o, ((uint64_t)(b[1] & 0xffff) << 32) | (b[0] & ~3u), b[2] & 0xfffff,
                         depth);
        break;
      }
    }
    i += h.dwords;
  }
  return bad;
}

unsigned pm4_list(FILE *out, const uint32_t *w, size_t n, const struct pm4_list_opts *o) {
  struct pm4_list_opts def = {0};
  if (!o) o = &def;
  return list_stream(out, w, n, o, o->base, 0);
}
