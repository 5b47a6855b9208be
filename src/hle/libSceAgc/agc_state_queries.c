/* libSceAgc's state queries (docs/agc.md "State queries (agc_state_queries.c)"):
 * sceAgcGetDataPacketPayloadRange and sceAgcGetGsOversubscription, written from the OpenAGC
 * project's record of the console library's bodies (the rules below are that record's; what
 * it leaves open is marked "ours"). */
#include <stddef.h>
#include <stdint.h>

#include "hle/libSceAgc/agc.h"

/* ---- sceAgcGetDataPacketPayloadRange ---- */

/* A type 3 header's count field (bits 29:16): body dwords - 1; all ones marks the header-only
 * NOP. */
#define PM4_COUNT(h) (((h) >> 16) & 0x3FFFu)
#define PM4_COUNT_ALL_ONES 0x3FFFu

int agc_get_data_packet_payload_range(struct agc_memory_range *range, uint32_t *cmd,
                                      uint32_t type) {
  if (!range || !cmd) return AGC_ERROR_INVALID_ARGUMENT; /* ours */
  uint32_t count = PM4_COUNT(cmd[0]);
  if (type != 0) {
    /* past the header and the register offset: the body's other COUNT dwords */
    range->base = cmd + 2;
    range->size = (uint64_t)count * 4u;
  } else if (count == PM4_COUNT_ALL_ONES) {
    range->base = NULL;
    range->size = 0;
  } else {
    /* the whole body */
    range->base = cmd + 1;
    range->size = ((uint64_t)count + 1u) * 4u;
  }
  return 0;
}

/* ---- sceAgcGetGsOversubscription ---- */

/* The two registers it answers: GE_PC_ALLOC (user config 0x260, byte 0x30980: OVERSUB_EN bit 0,
 * NUM_PC_LINES 10:1) and SPI_SHADER_PGM_RSRC4_GS (persistent 0x81, byte 0x2C204: LATE_ALLOC
 * 22:16). */
#define GE_PC_ALLOC_UC 0x260u
#define PGM_RSRC4_GS_SH 0x81u
#define PC_ALLOC_ALL 0x7FFu /* OVERSUB_EN with all 0x3FF lines */
#define LATE_ALLOC_MAX 0x7Fu
#define LATE_ALLOC_SHIFT 16

/* The context registers it reads from the geometry shader's list (the first entry of each). */
#define VGT_GS_ONCHIP_CNTL_CX 0x291u         /* GS_PRIMS_PER_SUBGRP 21:11 */
#define GE_NGG_SUBGRP_CNTL_CX 0x2D3u         /* PRIM_AMP_FACTOR 8:0 */
#define SPI_VS_OUT_CONFIG_CX 0x1B1u          /* export count field 5:2, NO_PC_EXPORT bit 7 */
#define PA_CL_VS_OUT_CNTL_CX 0x207u          /* bits 21, 22, 23 each add a divisor step */
#define GE_MAX_OUTPUT_PER_SUBGROUP_CX 0x1FFu /* MAX_VERTS 9:0 as the library reads it */
/* VGT_SHADER_STAGES_EN (the specials' second register) bit 22: the geometry stage is wave32. */
#define STAGES_GS_W32 (1u << 22)

/* The record's constants: parameter-cache lines (2048 without oversubscription, 4096 with),
 * position-buffer entries (128 and 382, times 4), and the ceiling of the answer (1024). */
#define PC_LINES_BASE 2048u
#define PC_LINES_MAX 4096u
#define POS_BASE 128u
#define POS_MAX 382u
#define OCCUPANCY_CEILING 1024u

static const struct agc_shader_register *find_cx(const struct agc_shader *gs, uint32_t offset) {
  for (uint32_t i = 0; i < gs->num_cx_registers; i++)
    if (gs->cx_registers[i].offset == offset) return &gs->cx_registers[i];
  return NULL;
}

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

static uint32_t groups_of_32(uint32_t n) { return (n + 31u) >> 5; }

/* interpolation × span, truncated. A product that is not a number or lies outside
 * [0, 2^32) counts as 0 (ours: the record does not say what the library does there). */
static uint32_t scaled_span(float interpolation, uint32_t span) {
  float x = interpolation * (float)span;
  if (!(x >= 0.0f) || !(x < 4294967296.0f)) return 0;
  return (uint32_t)x;
}

int agc_get_gs_oversubscription(struct agc_shader_register out[2], const struct agc_shader *gs,
                                uint32_t limit, float interpolation) {
  if (!out) return AGC_ERROR_INVALID_ARGUMENT; /* ours */
  /* The answer without oversubscription: both values 0 (the bundled library's defaults). */
  out[0] = (struct agc_shader_register){GE_PC_ALLOC_UC, 0};
  out[1] = (struct agc_shader_register){PGM_RSRC4_GS_SH, 0};
  if (limit == 0) return 0;
  if (limit == UINT32_MAX) {
    out[0].value = PC_ALLOC_ALL;
    out[1].value = LATE_ALLOC_MAX << LATE_ALLOC_SHIFT;
    return 0;
  }
  if (!gs || !gs->cx_registers || !gs->specials) return AGC_ERROR_INVALID_ARGUMENT;
  const struct agc_shader_register *onchip = find_cx(gs, VGT_GS_ONCHIP_CNTL_CX);
  const struct agc_shader_register *ngg = find_cx(gs, GE_NGG_SUBGRP_CNTL_CX);
  const struct agc_shader_register *vs_out = find_cx(gs, SPI_VS_OUT_CONFIG_CX);
  const struct agc_shader_register *pa_out = find_cx(gs, PA_CL_VS_OUT_CNTL_CX);
  const struct agc_shader_register *max_out = find_cx(gs, GE_MAX_OUTPUT_PER_SUBGROUP_CX);
  if (!onchip || !ngg || !vs_out || !pa_out || !max_out) return AGC_ERROR_INVALID_ARGUMENT;

  /* Subgroups of 32 vertices: the fewer of what the primitives amplify to and the most a
   * subgroup outputs; halved for a wave64 stage, and at least 1 (a count of 0 or 1 gains
   * one). */
  uint32_t gs_prims = (onchip->value >> 11) & 0x7FFu;
  uint32_t prim_amp = ngg->value & 0x1FFu;
  uint32_t max_groups = groups_of_32(max_out->value & 0x3FFu);
  uint32_t groups = min_u32(groups_of_32(prim_amp * gs_prims), max_groups);
  const struct agc_shader_specials *sp = gs->specials;
  int wave32 = (sp->vgt_shader_stages_en.value & STAGES_GS_W32) != 0;
  if (!wave32) groups >>= 1;
  if (groups <= 1) groups++;
  if (max_groups == 0) return AGC_ERROR_INVALID_ARGUMENT;

  uint32_t pa = pa_out->value;
  uint32_t pos_divisor = 1u + ((pa >> 21) & 1u) + ((pa >> 22) & 1u) + ((pa >> 23) & 1u);
  uint32_t pc_base = PC_LINES_BASE, pc_max = PC_LINES_BASE;
  if (!(vs_out->value & 0x80u)) {
    uint32_t pc_divisor = 2u * (((vs_out->value >> 2) & 0xFu) + 1u);
    pc_base = PC_LINES_BASE / pc_divisor;
    pc_max = PC_LINES_MAX / pc_divisor;
  }
  /* The bounds, per subgroup then times the groups: parameter cache and position buffer, each
   * without oversubscription (base) and at its most (max). */
  pc_base = pc_base / max_groups * groups;
  pc_max = pc_max / max_groups * groups;
  uint32_t pos_base = POS_BASE / pos_divisor * 4u / max_groups * groups;
  uint32_t pos_max = POS_MAX / pos_divisor * 4u / max_groups * groups;

  uint32_t base = min_u32(pc_base, pos_base);
  uint32_t maximum = min_u32(pc_max, pos_max);
  maximum = min_u32(maximum, limit >> (wave32 ? 5 : 6));
  maximum = min_u32(maximum, OCCUPANCY_CEILING);
  uint32_t span = maximum > base ? maximum - base : 0;
  uint32_t target = base + scaled_span(interpolation, span);
  if (target <= base) return 0;

  if (target < pos_base) {
    /* within the position buffer: oversubscribe the parameter cache, lines in 1/1024ths of
     * its range above the base, minus one */
    uint32_t range = pc_max > pc_base ? pc_max - pc_base : 1u;
    uint64_t lines = ((uint64_t)(target - pc_base) << 10) / range;
    if (lines > 1024u) lines = 1024u;
    if (lines) lines--;
    out[0].value = 1u | (uint32_t)lines << 1;
    out[1].value = LATE_ALLOC_MAX << LATE_ALLOC_SHIFT;
  } else {
    /* past it: every cache line, late allocation in 1/127ths of the position range */
    uint32_t range = pos_max > pos_base ? pos_max - pos_base : 1u;
    uint64_t late = (uint64_t)(target - pos_base) * LATE_ALLOC_MAX / range;
    if (late > LATE_ALLOC_MAX) late = LATE_ALLOC_MAX;
    out[0].value = PC_ALLOC_ALL;
    out[1].value = (uint32_t)late << LATE_ALLOC_SHIFT;
  }
  return 0;
}
