/* The GFX10 compute dispatch registers (COMPUTE_* SH registers) and what a dispatch of them
 * gives each wave: the registers and their fields are data (compute_regs.def); this module
 * decodes them (compute_config_decode) and builds a wave's start state exactly as the
 * hardware does (compute_wave_start). No Vulkan here: the dispatcher (compute_dispatch.h)
 * and the IR interpreter both start waves from struct compute_wave.
 *
 * Hardware set-up of a compute wave (RDNA ISA "initial state", LLVM AMDGPUUsage):
 *   SGPRs: USER_SGPR user-data registers s0..s(n-1) = COMPUTE_USER_DATA_0..; then, each only
 *   when enabled in PGM_RSRC2, the workgroup id X, Y, Z (TGID_*_EN), the thread-group info
 *   (TG_SIZE_EN: bits 5:0 waves in the group, 11:6 this wave's index on GFX10.1), the scratch
 *   wave offset (SCRATCH_EN).
 *   VGPRs: v0 = thread id X, v1 = Y when TIDIG_COMP_CNT >= 1, v2 = Z when >= 2 (separate
 *   registers on GFX10). Threads are numbered X fastest, then Y, then Z; wave w of a group
 *   holds threads w*wave_size.. and EXEC enables those that exist (the last wave of a group
 *   may be partial). */
#ifndef PROSPERO_GPU_SHADER_DISPATCH_COMPUTE_REGS_H
#define PROSPERO_GPU_SHADER_DISPATCH_COMPUTE_REGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum compute_reg {
#define REG(name, offset) COMPUTE_##name,
#define UCONFIG(name, offset) COMPUTE_##name,
#define FIELD(reg, name, shift, width)
#include "gpu/shader/dispatch/compute_regs.def"
#undef REG
#undef UCONFIG
#undef FIELD
  COMPUTE_REG_COUNT
};

enum compute_field {
#define REG(name, offset)
#define UCONFIG(name, offset)
#define FIELD(reg, name, shift, width) COMPUTE_##reg##__##name,
#include "gpu/shader/dispatch/compute_regs.def"
#undef REG
#undef UCONFIG
#undef FIELD
  COMPUTE_FIELD_COUNT
};

struct compute_reg_info {
  const char *name;
  uint32_t offset; /* byte offset, e.g. 0xB848 for COMPUTE_PGM_RSRC1, 0x30E00 for
                      TA_CS_BC_BASE_ADDR (a user-config register) */
};
struct compute_field_info {
  enum compute_reg reg;
  const char *name;
  uint8_t shift, width;
};
extern const struct compute_reg_info compute_reg_table[COMPUTE_REG_COUNT];
extern const struct compute_field_info compute_field_table[COMPUTE_FIELD_COUNT];

/* The registers' values, indexed by enum compute_reg (what SET_SH_REG, for the user-config
 * ones SET_UCONFIG_REG, left there). */
struct compute_regs {
  uint32_t r[COMPUTE_REG_COUNT];
};

uint32_t compute_get(const struct compute_regs *regs, enum compute_field f);
/* Sets field F to VALUE (truncated to the field's width). */
void compute_set(struct compute_regs *regs, enum compute_field f, uint32_t value);
/* The enum compute_reg at byte offset OFFSET, or -1 when it is not a dispatch register. */
int compute_reg_at(uint32_t offset);
/* What SET_SH_REG does to a dispatch register: false when OFFSET is not one of them. */
bool compute_regs_write(struct compute_regs *regs, uint32_t offset, uint32_t value);

#define COMPUTE_MAX_USER_SGPRS 16
#define COMPUTE_MAX_THREADS 1024 /* per workgroup */

/* A dispatch's decoded registers. */
struct compute_config {
  uint64_t pgm_addr;   /* (PGM_HI.DATA << 40) | (PGM_LO << 8): the first instruction */
  uint32_t wave_size;  /* 32 when DISPATCH_INITIATOR.CS_W32_EN, else 64 */
  uint32_t vgprs;      /* allocated per lane: (VGPRS + 1) granules of 8 (wave32) or 4 */
  uint32_t float_mode; /* MODE bits 7:0 at wave start (round 3:0, denormals 7:4) */
  bool dx10_clamp, ieee_mode;
  uint32_t user_sgprs;         /* USER_SGPR: s0.. hold USER_DATA_0.. */
  bool tgid_en[3];             /* TGID_X/Y/Z_EN */
  bool tg_size_en;             /* TG_SIZE_EN */
  bool scratch_en;             /* SCRATCH_EN */
  uint32_t tid_dims;           /* TIDIG_COMP_CNT + 1: thread ids in v0..v(tid_dims-1) */
  uint32_t lds_bytes;          /* LDS_SIZE * 512 (the GFX7+ granule of 128 dwords) */
  uint32_t scratch_wave_bytes; /* TMPRING_SIZE.WAVESIZE * 1024 */
  uint32_t scratch_ring_waves; /* TMPRING_SIZE.WAVES: slots of the scratch ring (0: unbounded) */
  uint32_t threads[3];         /* NUM_THREAD_X/Y/Z.NUM_THREAD_FULL */
  uint32_t group_threads;      /* threads[0] * threads[1] * threads[2] */
  uint32_t waves_per_group;
  uint32_t user_data[COMPUTE_MAX_USER_SGPRS];
  /* the border colour table (S# BORDER_COLOR_TYPE 3): TA_CS_BC_BASE_ADDR << 8 |
   * TA_CS_BC_BASE_ADDR_HI.ADDRESS << 40; entry BORDER_COLOR_PTR at + 16 * BORDER_COLOR_PTR */
  uint64_t border_color_base;
  /* the SGPR of each system value, or -1: tgid[d], tg_size, scratch_offset */
  int tgid_sgpr[3], tg_size_sgpr, scratch_sgpr;
};

/* Decodes REGS. False with ERR naming the register and field when the dispatch cannot be
 * run as described (no threads, more than 1,024 per group, USER_SGPR above 16, LDS above
 * 64 KiB, a non-zero START_X/Y/Z without FORCE_START_AT_000 or USE_THREAD_DIMENSIONS,
 * which are not supported yet). */
bool compute_config_decode(const struct compute_regs *regs, struct compute_config *cfg, char *err,
                           size_t err_size);

/* A wave's registers at start (the values the hardware loads). */
struct compute_wave {
  uint32_t sgpr[106];
  uint32_t vgpr[3][64]; /* v0..v2 per lane (0 where not set) */
  uint64_t exec;        /* the lanes whose threads exist */
  uint32_t lanes;       /* popcount of exec */
};

/* The start state of wave WAVE (0..waves_per_group-1) of workgroup GROUP[3] (GROUPS[3]:
 * the grid). The scratch wave offset (when enabled) is the wave's slot in a ring of
 * scratch_wave_bytes per wave. With a bounded ring (compute_scratch_ring_groups not 0) the
 * hardware hands a starting wave any free slot, so the offset depends on what else runs;
 * here it is WAVE * scratch_wave_bytes, the offset of the group's waves when the group
 * runs alone (the ring's first slots), as the interpreter runs groups one at a time; the
 * device's module adds the slot of the group in its dispatch (compute_grid_part). With an
 * unbounded ring (WAVES 0): slot G * waves_per_group + WAVE, G the group's linear index. */
void compute_wave_start(const struct compute_config *cfg, const uint32_t group[3],
                        const uint32_t groups[3], uint32_t wave, struct compute_wave *out);
/* How many whole groups the scratch ring holds at once: TMPRING_SIZE.WAVES / waves per
 * group (a group's waves start together here, so a group takes the slots of all its
 * waves), 0 when WAVES is 0 (no bound). */
uint32_t compute_scratch_ring_groups(const struct compute_config *cfg);

#endif
