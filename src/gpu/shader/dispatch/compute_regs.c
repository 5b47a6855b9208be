#include "gpu/shader/dispatch/compute_regs.h"

#include <stdio.h>
#include <string.h>

const struct compute_reg_info compute_reg_table[COMPUTE_REG_COUNT] = {
#define REG(name, offset) [COMPUTE_##name] = {"COMPUTE_" #name, offset},
#define UCONFIG(name, offset) [COMPUTE_##name] = {#name, offset},
#define FIELD(reg, name, shift, width)
#include "gpu/shader/dispatch/compute_regs.def"
#undef REG
#undef UCONFIG
#undef FIELD
};

const struct compute_field_info compute_field_table[COMPUTE_FIELD_COUNT] = {
#define REG(name, offset)
#define UCONFIG(name, offset)
#define FIELD(reg, name, shift, width) \
  [COMPUTE_##reg##__##name] = {COMPUTE_##reg, #name, shift, width},
#include "gpu/shader/dispatch/compute_regs.def"
#undef REG
#undef UCONFIG
#undef FIELD
};

static uint32_t field_mask(const struct compute_field_info *f) {
  return f->width >= 32 ? 0xffffffffu : ((1u << f->width) - 1);
}

uint32_t compute_get(const struct compute_regs *regs, enum compute_field f) {
  const struct compute_field_info *i = &compute_field_table[f];
  return (regs->r[i->reg] >> i->shift) & field_mask(i);
}

void compute_set(struct compute_regs *regs, enum compute_field f, uint32_t value) {
  const struct compute_field_info *i = &compute_field_table[f];
  uint32_t m = field_mask(i);
  regs->r[i->reg] = (regs->r[i->reg] & ~(m << i->shift)) | ((value & m) << i->shift);
}

int compute_reg_at(uint32_t offset) {
  for (int r = 0; r < COMPUTE_REG_COUNT; r++)
    if (compute_reg_table[r].offset == offset) return r;
  return -1;
}

bool compute_regs_write(struct compute_regs *regs, uint32_t offset, uint32_t value) {
  int r = compute_reg_at(offset);
  if (r < 0) return false;
  regs->r[r] = value;
  return true;
}

#define FIELD_NAME(f) \
  compute_reg_table[compute_field_table[f].reg].name, compute_field_table[f].name

static bool refuse(char *err, size_t size, enum compute_field f, uint32_t value, const char *why) {
  snprintf(err, size, "%s.%s = %u: %s", FIELD_NAME(f), value, why);
  return false;
}

bool compute_config_decode(const struct compute_regs *regs, struct compute_config *cfg, char *err,
                           size_t err_size) {
  memset(cfg, 0, sizeof *cfg);
  cfg->pgm_addr = (uint64_t)compute_get(regs, COMPUTE_PGM_HI__DATA) << 40 |
                  (uint64_t)regs->r[COMPUTE_PGM_LO] << 8;
  cfg->wave_size = compute_get(regs, COMPUTE_DISPATCH_INITIATOR__CS_W32_EN) ? 32 : 64;
  cfg->vgprs = (compute_get(regs, COMPUTE_PGM_RSRC1__VGPRS) + 1) * (cfg->wave_size == 32 ? 8 : 4);
  cfg->float_mode = compute_get(regs, COMPUTE_PGM_RSRC1__FLOAT_MODE);
  cfg->dx10_clamp = compute_get(regs, COMPUTE_PGM_RSRC1__DX10_CLAMP);
  cfg->ieee_mode = compute_get(regs, COMPUTE_PGM_RSRC1__IEEE_MODE);
  cfg->user_sgprs = compute_get(regs, COMPUTE_PGM_RSRC2__USER_SGPR);
  if (cfg->user_sgprs > COMPUTE_MAX_USER_SGPRS)
    return refuse(err, err_size, COMPUTE_PGM_RSRC2__USER_SGPR, cfg->user_sgprs,
                  "a compute wave has 16 user-data registers");
  cfg->tgid_en[0] = compute_get(regs, COMPUTE_PGM_RSRC2__TGID_X_EN);
  cfg->tgid_en[1] = compute_get(regs, COMPUTE_PGM_RSRC2__TGID_Y_EN);
  cfg->tgid_en[2] = compute_get(regs, COMPUTE_PGM_RSRC2__TGID_Z_EN);
  cfg->tg_size_en = compute_get(regs, COMPUTE_PGM_RSRC2__TG_SIZE_EN);
  cfg->scratch_en = compute_get(regs, COMPUTE_PGM_RSRC2__SCRATCH_EN);
  uint32_t tidig = compute_get(regs, COMPUTE_PGM_RSRC2__TIDIG_COMP_CNT);
  if (tidig > 2)
    return refuse(err, err_size, COMPUTE_PGM_RSRC2__TIDIG_COMP_CNT, tidig,
                  "thread ids have three components (0..2)");
  cfg->tid_dims = tidig + 1;
  uint32_t lds = compute_get(regs, COMPUTE_PGM_RSRC2__LDS_SIZE);
  if (lds > 128)
    return refuse(err, err_size, COMPUTE_PGM_RSRC2__LDS_SIZE, lds,
                  "a workgroup has at most 64 KiB of LDS (128 granules of 512 bytes)");
  cfg->lds_bytes = lds * 512;
  cfg->scratch_wave_bytes = compute_get(regs, COMPUTE_TMPRING_SIZE__WAVESIZE) * 1024;
  cfg->scratch_ring_waves = compute_get(regs, COMPUTE_TMPRING_SIZE__WAVES);
  static const enum compute_field nt[3] = {COMPUTE_NUM_THREAD_X__NUM_THREAD_FULL,
                                           COMPUTE_NUM_THREAD_Y__NUM_THREAD_FULL,
                                           COMPUTE_NUM_THREAD_Z__NUM_THREAD_FULL};
  for (int d = 0; d < 3; d++) {
    cfg->threads[d] = compute_get(regs, nt[d]);
    if (!cfg->threads[d] || cfg->threads[d] > COMPUTE_MAX_THREADS)
      return refuse(err, err_size, nt[d], cfg->threads[d],
                    "a workgroup has 1..1024 threads per dimension");
  }
  uint64_t total = (uint64_t)cfg->threads[0] * cfg->threads[1] * cfg->threads[2];
  if (total > COMPUTE_MAX_THREADS)
    return refuse(err, err_size, nt[2], cfg->threads[2], "a workgroup has at most 1024 threads");
  cfg->group_threads = (uint32_t)total;
  cfg->waves_per_group = (cfg->group_threads + cfg->wave_size - 1) / cfg->wave_size;
  if (cfg->scratch_en && cfg->scratch_ring_waves && cfg->scratch_ring_waves < cfg->waves_per_group)
    return refuse(err, err_size, COMPUTE_TMPRING_SIZE__WAVES, cfg->scratch_ring_waves,
                  "the scratch ring holds fewer waves than one workgroup has");
  /* FORCE_START_AT_000 (what drivers set for every ordinary dispatch) ignores START_X/Y/Z */
  static const enum compute_reg start[3] = {COMPUTE_START_X, COMPUTE_START_Y, COMPUTE_START_Z};
  bool force_000 = compute_get(regs, COMPUTE_DISPATCH_INITIATOR__FORCE_START_AT_000);
  for (int d = 0; d < 3 && !force_000; d++)
    if (regs->r[start[d]]) {
      snprintf(err, err_size,
               "%s = %u: dispatches that do not start at workgroup 0 are not supported yet",
               compute_reg_table[start[d]].name, regs->r[start[d]]);
      return false;
    }
  if (compute_get(regs, COMPUTE_DISPATCH_INITIATOR__USE_THREAD_DIMENSIONS))
    return refuse(err, err_size, COMPUTE_DISPATCH_INITIATOR__USE_THREAD_DIMENSIONS, 1,
                  "dimensions in threads (partial workgroups) are not supported yet");
  for (uint32_t i = 0; i < COMPUTE_MAX_USER_SGPRS; i++)
    cfg->user_data[i] = regs->r[COMPUTE_USER_DATA_0 + i];
  uint64_t bc_hi = compute_get(regs, COMPUTE_TA_CS_BC_BASE_ADDR_HI__ADDRESS);
  cfg->border_color_base = bc_hi << 40 | (uint64_t)regs->r[COMPUTE_TA_CS_BC_BASE_ADDR] << 8;
  /* the system SGPRs after the user SGPRs, in the hardware's order */
  int s = (int)cfg->user_sgprs;
  for (int d = 0; d < 3; d++) cfg->tgid_sgpr[d] = cfg->tgid_en[d] ? s++ : -1;
  cfg->tg_size_sgpr = cfg->tg_size_en ? s++ : -1;
  cfg->scratch_sgpr = cfg->scratch_en ? s++ : -1;
  return true;
}

uint32_t compute_scratch_ring_groups(const struct compute_config *cfg) {
  return cfg->scratch_ring_waves ? cfg->scratch_ring_waves / cfg->waves_per_group : 0;
}

void compute_wave_start(const struct compute_config *cfg, const uint32_t group[3],
                        const uint32_t groups[3], uint32_t wave, struct compute_wave *out) {
  memset(out, 0, sizeof *out);
  memcpy(out->sgpr, cfg->user_data, cfg->user_sgprs * sizeof(uint32_t));
  for (int d = 0; d < 3; d++)
    if (cfg->tgid_sgpr[d] >= 0) out->sgpr[cfg->tgid_sgpr[d]] = group[d];
  /* GFX10.1: waves in the group in 5:0, the wave's (ordered) index in 11:6 */
  if (cfg->tg_size_sgpr >= 0)
    out->sgpr[cfg->tg_size_sgpr] = (cfg->waves_per_group & 63) | (wave & 63) << 6;
  if (cfg->scratch_sgpr >= 0) {
    uint64_t slot = ((uint64_t)group[2] * groups[1] + group[1]) * groups[0] + group[0];
    if (compute_scratch_ring_groups(cfg)) slot = 0; /* alone: the first free slot */
    out->sgpr[cfg->scratch_sgpr] =
        (uint32_t)((slot * cfg->waves_per_group + wave) * cfg->scratch_wave_bytes);
  }
  uint32_t nx = cfg->threads[0], nxy = cfg->threads[0] * cfg->threads[1];
  for (uint32_t l = 0; l < cfg->wave_size; l++) {
    uint32_t t = wave * cfg->wave_size + l;
    if (t >= cfg->group_threads) break;
    out->exec |= 1ull << l;
    out->lanes++;
    out->vgpr[0][l] = t % nx;
    if (cfg->tid_dims > 1) out->vgpr[1][l] = (t / nx) % cfg->threads[1];
    if (cfg->tid_dims > 2) out->vgpr[2][l] = t / nxy;
  }
}
