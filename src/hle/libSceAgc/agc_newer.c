/* Entry points of newer libSceAgc builds (FW 11.60 compatibility libraries titles bundle) and
 * NID-only exports whose bodies OpenAGC read from the SPRX (docs/agc.md "Newer-build exports"):
 * the GS primitive payload query, the four-argument index-size builder, the three
 * INDIRECT_BUFFER field patchers and the 11.60 interpolant mappers. The fields, offsets and
 * codes are OpenAGC's record of those bodies; the register offsets of the mappers follow the
 * console measurement of sceAgcCreateInterpolantMapping (0x191 + n) instead. */
#include <stddef.h>

#include "gpu/cp/pm4.h"
#include "hle/libSceAgc/agc.h"

/* ---- the GS primitive payload ---- */

/* Context register 0x1C2 (byte 0x28708: SPI_SHADER_IDX_FORMAT in AMD's GFX10 register map);
 * its low nibble is the primitive index export format, 2 two 32-bit components. */
#define GS_IDX_FORMAT_CX 0x1C2u
#define GS_IDX_FORMAT_TWO_DWORDS 2u

int agc_get_gs_prim_payload(uint32_t *out, const struct agc_shader *gs) {
  if (!out || !gs) return AGC_ERROR_INVALID_ARGUMENT;
  *out = 0;
  if (gs->num_cx_registers == 0) return 0;
  if (!gs->cx_registers) return AGC_ERROR_INVALID_ARGUMENT;
  for (unsigned i = 0; i < gs->num_cx_registers; i++) {
    const struct agc_shader_register *r = &gs->cx_registers[i];
    if (r->offset != GS_IDX_FORMAT_CX) continue;
    if ((r->value & 0xFu) == GS_IDX_FORMAT_TWO_DWORDS) *out = 8;
    break; /* the first entry decides */
  }
  return 0;
}

/* ---- the four-argument index size ---- */

/* sceAgcDcbSetIndexSize's packet (VGT_INDEX_TYPE through SET_UCONFIG_REG_INDEX, INDEX 2) with
 * a fourth argument's low bit in bit 14 of the value. */
#define VGT_INDEX_TYPE_UC 0x243u

uint32_t *agc_dcb_set_index_size_ex(struct agc_cb *cb, uint32_t index_size, uint32_t cache_policy,
                                    uint32_t bit14) {
  uint32_t *p = agc_cb_alloc(cb, 3);
  if (!p) return NULL;
  p[0] = pm4_type3(PM4_SET_UCONFIG_REG_INDEX, 2);
  p[1] = 2u << 28 | VGT_INDEX_TYPE_UC;
  p[2] = 0x400u | (bit14 & 1u) << 14 | (cache_policy & 3u) << 6 | (index_size & 3u);
  return p;
}

/* ---- INDIRECT_BUFFER field patchers ---- */

/* The INDIRECT_BUFFER (or COND_INDIRECT_BUFFER: the same opcode) at CMD, whatever its length:
 * the SPRX checks the opcode byte (header bits 15:8) only. A buffer's three dwords from AT:
 * the address (bits 1:0 kept), its high half (all 32 bits), IB_SIZE (19:0) and CACHE_POLICY
 * (29:28), the other bits of that dword kept. */
static int patch_ib_fields(uint32_t *cmd, unsigned at, uint32_t cache_policy, uint64_t address,
                           uint32_t dwords) {
  if (!agc_packet_with_opcode(cmd, PM4_INDIRECT_BUFFER)) return AGC_ERROR_INVALID_PACKET;
  cmd[at] = (cmd[at] & 3u) | ((uint32_t)address & ~3u);
  cmd[at + 1] = (uint32_t)(address >> 32);
  cmd[at + 2] = (cmd[at + 2] & 0xCFF00000u) | (dwords & 0xFFFFFu) | (cache_policy & 3u) << 28;
  return 0;
}

/* 7Wa3aeJgeVU: CbBranch's then buffer (dwords 8-10). */
int agc_ib_patch_fields_at8(uint32_t *cmd, uint32_t cache_policy, uint64_t address,
                            uint32_t dwords) {
  return patch_ib_fields(cmd, 8, cache_policy, address, dwords);
}

/* rP5xLdOf26k: CbBranch's else buffer (dwords 11-13). */
int agc_ib_patch_fields_at11(uint32_t *cmd, uint32_t cache_policy, uint64_t address,
                             uint32_t dwords) {
  return patch_ib_fields(cmd, 11, cache_policy, address, dwords);
}

/* Ikfdt-rIqCE: a plain INDIRECT_BUFFER's (DcbJump's) buffer (dwords 1-3). */
int agc_ib_patch_fields_at1(uint32_t *cmd, uint32_t cache_policy, uint64_t address,
                            uint32_t dwords) {
  return patch_ib_fields(cmd, 1, cache_policy, address, dwords);
}

/* ---- the FW 11.60 interpolant mappers ---- */

#define SPI_PS_INPUT_CNTL_0_CX 0x191u /* byte 0x28644 */

/* Semantic fields (agc_prim.c): IS_F16 (21:20), IS_FLAT_SHADED (22), IS_CUSTOM (24),
 * DEFAULT_VALUE (29:28), DEFAULT_VALUE_HI (31:30); the hardware mapping (12:8). */
#define SEM_FLAT 0x00400000u
#define SEM_CUSTOM 0x01000000u

/* SPI_PS_INPUT_CNTL_n of a PS input semantic PS, matched (GS non-NULL) to the geometry output
 * *GS or not: the 11.60 transform as OpenAGC records it. IS_F16 is a mode: 0 a 32-bit input
 * (OFFSET 0x20, the default, unless matched and not custom; DEFAULT_VAL from DEFAULT_VALUE);
 * otherwise ATTR0/ATTR1_VALID from the IS_F16 bits, FP16_INTERP_MODE set, OFFSET bit 5 when the
 * bit of IS_F16 the mode names (bit 21 for mode 2, bit 20 else) is not set in both semantics,
 * and for modes 1 and 3 USE_DEFAULT_ATTR1 when bit 21 is not; DEFAULT_VAL and DEFAULT_VAL_ATTR1
 * both from DEFAULT_VALUE_HI. Then, matched, OFFSET's low bits are the output's hardware
 * mapping and FLAT_SHADE is set for a flat or custom input. */
static uint32_t cntl_1160(uint32_t ps, const uint32_t *gs) {
  unsigned mode = (ps >> 20) & 3u;
  uint32_t v;
  if (mode == 0) {
    v = (!gs || (ps & SEM_CUSTOM)) ? 0x20u : 0;
    v |= ((ps >> 28) & 3u) << 8;
  } else {
    uint32_t not_common = ~(gs ? ps & *gs : 0);
    v = ((ps << 4) & 0x03000000u) | 0x00080000u;
    if (mode == 2) {
      v |= (not_common >> 16) & 0x20u;
    } else {
      v |= (not_common >> 15) & 0x20u;
      v |= (not_common >> 1) & 0x00100000u;
    }
    v |= ((ps >> 30) & 3u) << 8 | ((ps >> 30) & 3u) << 21;
  }
  if (gs) {
    v |= (*gs >> 8) & 0x1Fu;
    if (ps & (SEM_FLAT | SEM_CUSTOM)) v |= 0x400u;
  }
  return v;
}

static const uint32_t *find_output(const struct agc_shader *gs, uint32_t semantic) {
  const uint32_t *out = gs->output_semantics;
  for (unsigned i = 0; i < gs->num_output_semantics; i++)
    if ((out[i] & 0xFF) == semantic) return &out[i];
  return NULL;
}

/* The registers of PS's inputs; with IDENTITY_TAIL the rest (all 32 without inputs) are the
 * identity (register n: attribute n), without it they are left as they are. */
static int map_1160(struct agc_shader_register *regs, const struct agc_shader *gs,
                    const struct agc_shader *ps, bool identity_tail) {
  if (!regs || !ps) return AGC_ERROR_INVALID_ARGUMENT;
  unsigned n = ps->num_input_semantics;
  if (n > 32) return AGC_ERROR_INVALID_ARGUMENT;
  if (n) {
    if (!gs || !ps->input_semantics) return AGC_ERROR_INVALID_ARGUMENT;
    if (gs->num_output_semantics && !gs->output_semantics) return AGC_ERROR_INVALID_ARGUMENT;
  }
  const uint32_t *in = ps->input_semantics;
  for (unsigned i = 0; i < n; i++)
    regs[i] = (struct agc_shader_register){SPI_PS_INPUT_CNTL_0_CX + i,
                                           cntl_1160(in[i], find_output(gs, in[i] & 0xFF))};
  if (identity_tail)
    for (unsigned i = n; i < 32; i++)
      regs[i] = (struct agc_shader_register){SPI_PS_INPUT_CNTL_0_CX + i, i};
  return 0;
}

int agc_create_interpolant_mapping_1160(struct agc_shader_register *regs,
                                        const struct agc_shader *gs, const struct agc_shader *ps) {
  return map_1160(regs, gs, ps, true);
}

int agc_update_interpolant_mapping_1160(struct agc_shader_register *regs,
                                        const struct agc_shader *gs, const struct agc_shader *ps) {
  return map_1160(regs, gs, ps, false);
}
