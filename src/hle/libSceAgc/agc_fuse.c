/* Fused shader stages (agc.h): the shader compiler splits a merged hardware stage (ES+GS or
 * LS+HS) into a front half (the ES or LS code) and a back half (the GS or HS record, which holds
 * the stage's registers); sceAgcFuseShaderHalves makes one shader of them and
 * sceAgcGetFusedShaderSize says how much scratch memory that needs for the copy of the back
 * half's SH registers. What the console's library does is OpenAGC's reading of the FW 5.50
 * SPRX (docs/agc.md "Fused shaders"). */
#include <stddef.h>

#include "common/log.h"
#include "hle/libSceAgc/agc.h"

/* The halves' binary types (the header's type byte) and the fused types they make. */
#define TYPE_GS 2u
#define TYPE_HS 3u
#define TYPE_GS_FRONT 4u
#define TYPE_HS_FRONT 5u
#define TYPE_GS_BACK 6u
#define TYPE_HS_BACK 7u

/* The SH registers the fusion changes, per fused stage (dword offsets in the SH space). */
struct fuse_stage {
  uint32_t checksum;  /* SPI_SHADER_PGM_CHKSUM_GS / _HS */
  uint32_t rsrc1;     /* SPI_SHADER_PGM_RSRC1_GS / _HS */
  uint32_t rsrc2;     /* SPI_SHADER_PGM_RSRC2_GS / _HS */
  uint32_t pgm_lo;    /* SPI_SHADER_PGM_LO_ES / _LS, followed by its HI */
  uint32_t stage_bit; /* the VGT_SHADER_STAGES_EN bit both halves must agree on */
  uint32_t fused_type;
  unsigned rsrc1_max_shift; /* RSRC1's two-bit field taken as the larger of the two */
  int gs;
};
static const struct fuse_stage fuse_gs = {0x080, 0x08A, 0x08B, 0x0C8, 1u << 22, TYPE_GS, 29, 1};
static const struct fuse_stage fuse_hs = {0x100, 0x10A, 0x10B, 0x148, 1u << 21, TYPE_HS, 28, 0};

/* The stage a front/back pair makes, or NULL when the types are not a pair. */
static const struct fuse_stage *fuse_pair(const struct agc_shader *front,
                                          const struct agc_shader *back) {
  if (front->type == TYPE_GS_FRONT && back->type == TYPE_GS_BACK) return &fuse_gs;
  if (front->type == TYPE_HS_FRONT && back->type == TYPE_HS_BACK) return &fuse_hs;
  return NULL;
}

int agc_get_fused_shader_size(struct agc_size_align *out, const struct agc_shader *front,
                              const struct agc_shader *back) {
  if (!out || !front || !back) return AGC_ERROR_INVALID_ARGUMENT;
  if (!fuse_pair(front, back)) return AGC_ERROR_INVALID_SHADER_HALVES;
  out->size = (uint64_t)back->num_sh_registers * sizeof(struct agc_shader_register);
  out->align = 4;
  return 0;
}

/* The OCCURRENCE-th (from 0) register OFFSET of a list, or NULL. */
static struct agc_shader_register *find_reg(struct agc_shader_register *regs, unsigned count,
                                            uint32_t offset, unsigned occurrence) {
  for (unsigned i = 0; regs && i < count; i++)
    if (regs[i].offset == offset && occurrence-- == 0) return &regs[i];
  return NULL;
}

static uint32_t max_field(uint32_t dst, uint32_t src, unsigned shift, uint32_t mask) {
  uint32_t a = (dst >> shift) & mask, b = (src >> shift) & mask;
  return (dst & ~(mask << shift)) | (a > b ? a : b) << shift;
}

static uint32_t copy_bits(uint32_t dst, uint32_t src, uint32_t mask) {
  return (dst & ~mask) | (src & mask);
}

/* RSRC2's shared VGPR field (31:28) as the later export computes it from both halves' VGPR
 * blocks (RSRC1 5:0) and shared VGPRs: each half needs its VGPRs plus 8 per shared unit; when
 * the larger VGPR count covers both no shared VGPRs are needed, else the difference of the
 * halves' needs, rounded up to units of 64 (OpenAGC's reading of fd5Bp5tGTgo). */
static uint32_t shared_vgprs_0200(uint32_t front1, uint32_t front2, uint32_t back1,
                                  uint32_t back2) {
  uint32_t fv = (front1 & 0x3Fu) * 4 + 4, bv = (back1 & 0x3Fu) * 4 + 4;
  uint32_t ft = fv + (front2 >> 28) * 8, bt = bv + (back2 >> 28) * 8;
  uint32_t most = ft > bt ? ft : bt, least = ft < bt ? ft : bt;
  if ((fv > bv ? fv : bv) >= most) return 0;
  return (((most - least + 7) >> 6) & 0xFu) << 28;
}

/* The fusion; LATER selects the later export's (fd5Bp5tGTgo) shared VGPRs and user data. */
static int fuse(struct agc_shader *fused, const struct agc_shader *front,
                const struct agc_shader *back, void *scratch, int later, const char *fn) {
  if (!fused || !front || !back) return AGC_ERROR_INVALID_ARGUMENT;
  const struct fuse_stage *st = fuse_pair(front, back);
  if (!st) return AGC_ERROR_INVALID_SHADER_HALVES;
  if (!front->specials || !back->specials || (back->num_sh_registers && !back->sh_registers)) {
    LOG_ONCE(hle, WARN, "%s: a half without specials or SH registers (the console reads them)", fn);
    return AGC_ERROR_INVALID_SHADER_HALVES;
  }
  const struct agc_shader_specials *fs = front->specials, *bs = back->specials;
  if ((fs->vgt_shader_stages_en.value ^ bs->vgt_shader_stages_en.value) & st->stage_bit)
    return AGC_ERROR_INVALID_SHADER_HALVES;

  /* The registers the fusion changes, looked up before anything is written. */
  struct agc_shader_register *fregs = front->sh_registers;
  struct agc_shader_register *b1 =
      find_reg(back->sh_registers, back->num_sh_registers, st->rsrc1, 0);
  struct agc_shader_register *b2 =
      find_reg(back->sh_registers, back->num_sh_registers, st->rsrc2, 0);
  struct agc_shader_register *f1 = find_reg(fregs, front->num_sh_registers, st->rsrc1, 0);
  struct agc_shader_register *f2 = find_reg(fregs, front->num_sh_registers, st->rsrc2, 0);
  struct agc_shader_register *lo =
      find_reg(back->sh_registers, back->num_sh_registers, st->pgm_lo, 0);
  if (!b1 || !b2 || !f1 || !f2 || !lo || lo + 1 >= back->sh_registers + back->num_sh_registers ||
      lo[1].offset != st->pgm_lo + 1) {
    LOG_ONCE(hle, WARN,
             "%s: a half without its RSRC1/RSRC2 or the back half without PGM_LO/HI "
             "(what the console does then is not known)",
             fn);
    return AGC_ERROR_INVALID_SHADER_HALVES;
  }

  *fused = *back;
  fused->type = (uint8_t)st->fused_type;
  struct agc_shader_register *regs = back->sh_registers;
  if (scratch) { /* the fused shader's own copy of the back half's SH registers */
    __builtin_memcpy(scratch, regs, back->num_sh_registers * sizeof *regs);
    regs = scratch;
    fused->sh_registers = regs;
  }
  unsigned n = fused->num_sh_registers;
  /* Re-find in the list the fused shader uses (the copy, or the back half's own). */
  struct agc_shader_register *r1 = find_reg(regs, n, st->rsrc1, 0);
  struct agc_shader_register *r2 = find_reg(regs, n, st->rsrc2, 0);
  lo = find_reg(regs, n, st->pgm_lo, 0);

  /* The front half's two checksums (where both lists have them). */
  for (unsigned k = 0; k < 2; k++) {
    struct agc_shader_register *d = find_reg(regs, n, st->checksum, k);
    struct agc_shader_register *s = find_reg(fregs, front->num_sh_registers, st->checksum, k);
    if (d && s) d->value = s->value;
  }

  uint32_t v1 = r1->value, v2 = r2->value, fv1 = f1->value, fv2 = f2->value;
  uint32_t n1 = max_field(v1, fv1, 0, 0x3F); /* VGPRS */
  uint32_t n2 = later ? (v2 & 0x0FFFFFFFu) | shared_vgprs_0200(fv1, fv2, v1, v2)
                      : max_field(v2, fv2, 28, 0xF); /* shared VGPRs */
  n1 = max_field(n1, fv1, st->rsrc1_max_shift, 0x3);
  if (st->gs) n2 = max_field(n2, fv2, 16, 0x3);
  n2 = copy_bits(n2, fv2, 0x0800003Eu);
  if (st->gs) n2 = copy_bits(n2, fv2, 0x00040000u);
  r1->value = n1;
  r2->value = n2;

  /* The fused stage starts at the front half's code (PGM_LO = address >> 8, HI's low byte =
   * address >> 40). */
  uint64_t code = (uint64_t)(uintptr_t)front->code;
  lo[0].value = (uint32_t)(code >> 8);
  lo[1].value = (lo[1].value & 0xFFFFFF00u) | ((uint32_t)(code >> 40) & 0xFFu);

  fused->user_data = later ? NULL : front->user_data;
  return 0;
}

int agc_fuse_shader_halves(struct agc_shader *fused, const struct agc_shader *front,
                           const struct agc_shader *back, void *scratch) {
  return fuse(fused, front, back, scratch, 0, "sceAgcFuseShaderHalves");
}

int agc_fuse_shader_halves_0200(struct agc_shader *fused, const struct agc_shader *front,
                                const struct agc_shader *back, void *scratch) {
  return fuse(fused, front, back, scratch, 1, "sceAgcFuseShaderHalves_0200");
}
