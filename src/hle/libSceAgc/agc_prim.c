/* Primitive state and interpolant mappings (agc.h): register lists the application then sets
 * with the register builders. sceAgcCreatePrimState fills the context pair VGT_SHADER_STAGES_EN,
 * VGT_GS_OUT_PRIM_TYPE and the user config triple GE_CNTL, GE_USER_VGPR_EN, VGT_PRIMITIVE_TYPE
 * from the shaders' special registers (struct agc_shader_specials) and the primitive type;
 * sceAgcCreateInterpolantMapping fills the 32 SPI_PS_INPUT_CNTL_n registers that route the
 * geometry stage's outputs to the pixel shader's inputs by semantic (docs/agc.md). */
#include <stddef.h>

#include "common/log.h"
#include "hle/libSceAgc/agc.h"

#define VGT_GS_OUT_PRIM_TYPE_CX 0x29Bu /* byte 0x28A6C */
#define VGT_PRIMITIVE_TYPE_UC 0x242u   /* byte 0x30908 */
#define SPI_PS_INPUT_CNTL_0_CX 0x191u  /* byte 0x28644 */
#define STAGES_GS_EN 0x20u             /* VGT_SHADER_STAGES_EN.GS_EN */
#define STAGES_HS_EN 0x04u             /* VGT_SHADER_STAGES_EN.HS_EN */

/* VGT_GS_OUT_PRIM_TYPE.OUTPRIM_TYPE for a primitive type without a geometry shader deciding
 * it: points 0, lines 1, triangles 2, RECT_2D 3 (rect list 7), RECTLIST 4 (the legacy rect list
 * 17). */
static uint32_t gs_out_prim(uint32_t prim) {
  switch (prim) {
    case 1: return 0; /* point list */
    case 2:
    case 3:
    case 10:
    case 11:
    case 18: return 1; /* lines (adjacency, loop) */
    case 7: return 3;
    case 17: return 4;
    default: return 2;
  }
}

static const struct agc_shader_specials *specials(const struct agc_shader *s) {
  return (const struct agc_shader_specials *)s->specials;
}

int agc_create_prim_state(struct agc_shader_register *cx, struct agc_shader_register *uc,
                          const struct agc_shader *hs, const struct agc_shader *gs, uint32_t prim) {
  if (!cx && !uc) return 0;
  /* The shaders' types are not checked (OpenAGC's reading of the FW 5.50 function at 0xe2d0);
   * missing specials, which the console reads unchecked, are refused (ours). */
  if (!gs || !gs->specials) return AGC_ERROR_INVALID_ARGUMENT;
  if (hs && !hs->specials) return AGC_ERROR_INVALID_ARGUMENT;
  const struct agc_shader_specials *g = specials(gs), *h = hs ? specials(hs) : NULL;
  if (cx) {
    cx[0] = g->vgt_shader_stages_en;
    if (cx[0].value & STAGES_GS_EN) cx[1] = g->vgt_gs_out_prim_type;
    else cx[1] = (struct agc_shader_register){VGT_GS_OUT_PRIM_TYPE_CX, gs_out_prim(prim)};
    if (h) {
      cx[0].value |= h->vgt_shader_stages_en.value;
      if (!(cx[0].value & STAGES_GS_EN)) cx[1] = h->vgt_gs_out_prim_type;
    }
  }
  if (uc) {
    uc[0] = g->ge_cntl;
    uc[1] = h ? h->ge_user_vgpr_en : g->ge_user_vgpr_en;
    uc[2] = (struct agc_shader_register){VGT_PRIMITIVE_TYPE_UC, prim};
  }
  return 0;
}

int agc_update_prim_state(struct agc_shader_register *cx, struct agc_shader_register *uc,
                          uint32_t prim) {
  if (cx && !(cx[0].value & (STAGES_GS_EN | STAGES_HS_EN)))
    cx[1].value = (cx[1].value & ~7u) | gs_out_prim(prim);
  if (uc) uc[2].value = (uc[2].value & ~0x1Fu) | (prim & 0x1Fu);
  return 0;
}

/* ---- interpolants ---- */

/* A semantic (SceAgcShaderSemantic, one dword): SEMANTIC (7:0), HARDWARE_MAPPING (15:8), size
 * (19:16), IS_F16 (21:20), IS_FLAT_SHADED (22), IS_LINEAR (23), IS_CUSTOM (24), ...,
 * DEFAULT_VALUE (29:28), DEFAULT_VALUE_HI (31:30). */
#define SEM_F16 0x00300000u
#define SEM_FLAT 0x00400000u
#define SEM_CUSTOM 0x01000000u

/* SPI_PS_INPUT_CNTL_n: OFFSET (5:0; 0x20 = the default value), DEFAULT_VAL (9:8), FLAT_SHADE
 * (10), FP16_INTERP_MODE (19), USE_DEFAULT_ATTR1 (20), DEFAULT_VAL_ATTR1 (22:21), ATTR0_VALID
 * (24), ATTR1_VALID (25). */
#define CNTL_DEFAULT 0x20u

static const uint32_t *find_output(const struct agc_shader *gs, uint32_t semantic) {
  const uint32_t *out = gs->output_semantics;
  for (unsigned i = 0; out && i < gs->num_output_semantics; i++)
    if ((out[i] & 0xFF) == semantic) return &out[i];
  return NULL;
}

static uint32_t input_cntl(uint32_t ps, const uint32_t *gs_sem) {
  uint32_t v;
  if (ps & SEM_F16) { /* 16-bit: ATTR0/ATTR1_VALID from IS_F16, the halves' defaults */
    v = (ps << 4) & 0x03000000u;
    if (!gs_sem) {
      v |= 0x00180020u; /* FP16_INTERP_MODE, USE_DEFAULT_ATTR1, the default */
    } else {
      uint32_t common = ps & *gs_sem;
      v = (v & 0xFFF7FFDFu) | ((common >> 15) & 0x20u);
      v ^= 0x00080020u;
      v = (v & ~0x00100000u) | ((~common >> 1) & 0x00100000u);
    }
    v = (v & ~0x00600000u) | ((ps >> 30) & 3u) << 21; /* DEFAULT_VAL_ATTR1 */
  } else {
    v = (ps & SEM_CUSTOM) || !gs_sem ? CNTL_DEFAULT : 0;
  }
  v &= ~0x41Fu; /* OFFSET's low bits and FLAT_SHADE: set below */
  if (gs_sem) {
    v |= (*gs_sem >> 8) & 0x1Fu; /* the attribute the geometry stage writes it to */
    if (ps & (SEM_FLAT | SEM_CUSTOM)) v |= 0x400u;
  }
  return (v & ~0x300u) | ((ps >> 28) & 3u) << 8; /* DEFAULT_VAL */
}

/* LinkShaders: the interpolant mapping and the primitive state in one list pair (the layout:
 * agc.h). Either list may be NULL; the console's function returns 0 on every path and writes
 * defaults where a shader is missing (one public reading of it), which defaults is not known:
 * a part whose builder refuses its shaders is left as it was here (logged once). */
int agc_link_shaders(struct agc_shader_register *cx, struct agc_shader_register *uc,
                     const struct agc_shader *hs, const struct agc_shader *gs,
                     const struct agc_shader *ps, uint32_t prim) {
  if ((cx && agc_create_interpolant_mapping(cx, gs, ps) != 0) ||
      agc_create_prim_state(cx ? cx + 32 : NULL, uc, hs, gs, prim) != 0)
    LOG_ONCE(hle, WARN,
             "sceAgcLinkShaders: missing or unusable shaders: the part they decide is left as it "
             "was (the console writes defaults there, not known; docs/agc.md)");
  return 0;
}

int agc_create_interpolant_mapping(struct agc_shader_register *regs, const struct agc_shader *gs,
                                   const struct agc_shader *ps) {
  if (!regs) return AGC_ERROR_INVALID_ARGUMENT;
  unsigned n = ps ? ps->num_input_semantics : 0;
  if (n > 32 || (n && (!ps->input_semantics || !gs))) return AGC_ERROR_INVALID_ARGUMENT;
  if (n && gs->num_output_semantics && !gs->output_semantics) return AGC_ERROR_INVALID_ARGUMENT;
  const uint32_t *in = n ? ps->input_semantics : NULL;
  for (unsigned i = 0; i < 32; i++) {
    uint32_t v = i < n ? input_cntl(in[i], find_output(gs, in[i] & 0xFF)) : i;
    regs[i] = (struct agc_shader_register){SPI_PS_INPUT_CNTL_0_CX + i, v};
  }
  return 0;
}
