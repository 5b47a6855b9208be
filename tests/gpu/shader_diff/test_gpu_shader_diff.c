/* Differential test of the SPIR-V back end against the IR interpreter.
 *
 * A program is a random structure of segments — straight code, a scalar if (a random
 * s_cmp, s_cbranch_scc0), an EXEC if (a random v_cmp, s_and_saveexec, s_cbranch_execz) and
 * a counted loop — filled with random instruction words as the IR fuzzer's generator makes
 * them (tests/fuzz/shader_ir: random words, kept when they decode), here kept only when
 * they are scalar or vector ALU that writes s0..s39, v0..v31, VCC, EXEC or M0 (so the
 * structure's own registers, and termination, are safe). The program ends by storing
 * v0..v31 and s0..s47 (with EXEC, VCC, M0 and SCC copied there) of every lane to memory.
 * Memory segments (ds_write/ds_read on LDS, global_store/global_load on a global area) use
 * per-lane addresses lane * 4 XOR a random constant; LDS is zeroed first (the device's starts
 * undefined) and copied to memory at the end; the whole window is compared. An EXEC if may
 * end with a global load through v59, which holds a random (wild) address in every lane at
 * the start: lanes the if leaves inactive must not access it.
 * It is assembled by llvm-mc-19 (random words as .long), translated, emitted, run for one
 * wave on the device and, from the same random start, in the IR interpreter; the stored
 * bytes must be equal. A program the back end does not emit yet is counted, not failed.
 * A disagreement is minimised (random instructions removed while it persists) and printed
 * as assembly; fixed ones are kept in cases/ (first line "; seed N wave W [waves K]": the
 * start state's seed, K waves per group) and replayed on every run.
 * Each program also runs as a group of MAX_WAVES waves in one workgroup (each wave from its
 * own random start, its own LDS, global and output areas through s_get_waveid_in_workgroup
 * and its start v61), against the interpreter running the group's waves together.
 *
 * Floats: lavapipe flushes f32 denormals (docs/shader-spirv.md), which random bits hit
 * constantly, so float instructions are generated only when the device preserves
 * denormals. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>

#include "common/log.h"
#include "gpu/shader/dispatch/shader_cache.h"
#include "gpu/shader/dispatch/shader_dispatch.h"
#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/isa/isa.h"
#include "gpu/shader/translate/translate.h"
#include "vk_test_device.h"

#define WINDOW 0x100000u
#define WINDOW_SIZE 0x10000u
#define OUT_VGPRS 32
#define OUT_SGPRS 48
/* memory the programs use: LDS, a global area (s[50:51]) and where LDS is copied at the end
 * (s[52:53]); every lane's address is lane * 4 XOR a constant, so no two lanes of one
 * instruction touch the same dword (their order is not defined) */
#define LDS_BYTES 256
/* several waves per group (the same program, each wave from its own random start): wave w's
 * lane addresses are w * 256 + lane * 4 XOR a constant below 256, its outputs at WINDOW +
 * w * WAVE_OUT, its LDS copy at LDS_COPY + w * 256 */
#define MAX_WAVES 2
#define WAVE_OUT 0xa000u
#define GLOBAL_AREA (WINDOW + 0x8000u)
#define LDS_COPY (WINDOW + 0x9000u)

static vk_device *dev;
static bool floats;
static unsigned long not_emitted; /* candidate instructions left out: not emitted yet */
static char tmpdir[] = "/tmp/prospero-diff-XXXXXX";

static uint64_t rng_next(uint64_t *s) {
  uint64_t x = *s;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *s = x;
  return x * 0x2545f4914f6cdd1dull;
}

/* ---- the generator --------------------------------------------------------------------- */

static bool name_excluded(const char *n) {
  static const char *const prefixes[] = {
      "s_getpc", "s_setpc", "s_swappc", "s_rfe", "s_movrel", "s_getreg", "s_setreg", "s_call",
      "s_subvector", "s_version", "s_waitcnt", "v_movrel", "v_interp", "s_cbranch", "s_trap",
      "s_sendmsg",
      /* writes its source register too (v63, the store address) */
      "v_swap"};
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (strncmp(n, prefixes[i], strlen(prefixes[i])) == 0) return true;
  return false;
}

static bool is_float_type(uint8_t t) {
  return t == ISA_TYPE_F16 || t == ISA_TYPE_F32 || t == ISA_TYPE_F64 || t == ISA_TYPE_V2F16;
}

static bool special_ok(uint16_t reg, bool def) {
  switch (reg) {
    case ISA_SRC_VCC_LO:
    case ISA_SRC_VCC_HI:
    case ISA_SRC_EXEC_LO:
    case ISA_SRC_EXEC_HI:
    case ISA_SRC_M0:
    case ISA_SRC_NULL: return true;
    case ISA_SRC_SCC:
    case ISA_SRC_VCCZ:
    case ISA_SRC_EXECZ:
    case ISA_SRC_ZERO: return !def;
    default: return false;
  }
}

static bool operand_ok(const struct isa_operand *o, bool def) {
  switch (o->kind) {
    case ISA_OPK_NONE: return true;
    case ISA_OPK_SGPR: return def ? o->reg + o->count <= 40 : o->reg + o->count <= 106;
    case ISA_OPK_VGPR: return def ? o->reg + o->count <= OUT_VGPRS : true;
    case ISA_OPK_SPECIAL:
      for (unsigned i = 0; i < (o->count ? o->count : 1); i++)
        if (!special_ok((uint16_t)(o->reg + i), def)) return false;
      return true;
    case ISA_OPK_INLINE_INT:
    case ISA_OPK_INLINE_FLOAT:
    case ISA_OPK_LITERAL:
    case ISA_OPK_IMM: return !def;
    default: return false;
  }
}

/* A 9-bit source field: VGPRs folded into v0..v31 (and v63), other values kept. */
static uint32_t src9(uint32_t v, uint64_t r) {
  return v >= 256 ? 256 + ((r & 32) ? 63 : (uint32_t)(r % 32)) : v;
}

/* Random words of family F, register fields steered into the generator's ranges (the
 * remaining bits random: opcode, modifiers, constants, special registers). */
static void random_words(uint64_t *rng, int f, uint32_t w[3]) {
  uint32_t a = (uint32_t)rng_next(rng), b = (uint32_t)rng_next(rng), c = (uint32_t)rng_next(rng);
  uint64_t r = rng_next(rng);
  uint32_t sdst = (uint32_t)(r % 48);
  if (sdst >= 40) sdst = (const uint32_t[]){106, 106, 107, 124, 124, 125, 126, 127}[sdst - 40];
  switch (f) {
    case ISA_FAMILY_SOP2: w[0] = 0x80000000u | (a & 0x3f80ffffu) | sdst << 16; break;
    case ISA_FAMILY_SOPK: w[0] = 0xb0000000u | (a & 0x0f80ffffu) | sdst << 16; break;
    case ISA_FAMILY_SOP1: w[0] = 0xbe800000u | (a & 0x0000ffffu) | sdst << 16; break;
    case ISA_FAMILY_SOPC: w[0] = 0xbf000000u | (a & 0x007fffffu); break;
    case ISA_FAMILY_VOP1:
      w[0] =
          0x7e000000u | (a & 0x0001fe00u) | (uint32_t)(r >> 8) % 32 << 17 | src9(a & 511, r >> 16);
      break;
    case ISA_FAMILY_VOPC:
      w[0] =
          0x7c000000u | (a & 0x01fe0000u) | (uint32_t)(r >> 8) % 32 << 9 | src9(a & 511, r >> 16);
      break;
    case ISA_FAMILY_VOP2:
      w[0] = (a & 0x7e000000u) | (uint32_t)(r >> 8) % 32 << 17 | (uint32_t)(r >> 24) % 32 << 9 |
             src9(a & 511, r >> 16);
      break;
    case ISA_FAMILY_VOP3:
    case ISA_FAMILY_VOP3P:
      w[0] = (f == ISA_FAMILY_VOP3 ? 0xd4000000u : 0xcc000000u) | (a & 0x03ffff00u) |
             (uint32_t)(r >> 8) % 32;
      b = (b & 0xf8000000u) | src9(b & 511, r >> 16) | src9((b >> 9) & 511, r >> 24) << 9 |
          src9((b >> 18) & 511, r >> 32) << 18;
      break;
  }
  if (f != ISA_FAMILY_VOP3 && f != ISA_FAMILY_VOP3P) b = src9(b & 511, r >> 40) | (b & ~511u);
  w[1] = b;
  w[2] = c;
}

/* A random ALU instruction of family WANT (ISA_FAMILY_COUNT: any allowed) into TEXT as
 * .long directives; false when none was found. */
static bool random_inst(uint64_t *rng, bool wave64, int want, char *text, size_t size) {
  static const int families[] = {
      ISA_FAMILY_SOP1, ISA_FAMILY_SOP2, ISA_FAMILY_SOP2, ISA_FAMILY_SOPK,
      ISA_FAMILY_SOPC, ISA_FAMILY_VOP1, ISA_FAMILY_VOP1, ISA_FAMILY_VOP2,
      ISA_FAMILY_VOP2, ISA_FAMILY_VOP2, ISA_FAMILY_VOPC, ISA_FAMILY_VOP3,
      ISA_FAMILY_VOP3, ISA_FAMILY_VOP3, ISA_FAMILY_VOP3, ISA_FAMILY_VOP3P};
  int f = want != ISA_FAMILY_COUNT ? want : families[rng_next(rng) % 16];
  for (int tries = 0; tries < 200000; tries++) {
    uint32_t w[4] = {0};
    random_words(rng, f, w);
    struct isa_inst in;
    if (!isa_decode_wave(w, 3, 0, wave64, &in, NULL)) continue;
    uint8_t fam = in.family;
    bool alu = fam == ISA_FAMILY_SOP1 || fam == ISA_FAMILY_SOP2 || fam == ISA_FAMILY_SOPK ||
               fam == ISA_FAMILY_SOPC || fam == ISA_FAMILY_VOP1 || fam == ISA_FAMILY_VOP2 ||
               fam == ISA_FAMILY_VOPC || fam == ISA_FAMILY_VOP3 || fam == ISA_FAMILY_VOP3P;
    if (!alu || (in.family != f && !(f == ISA_FAMILY_VOP3 && in.variant == ISA_VARIANT_VOP3)))
      continue;
    if (want == ISA_FAMILY_VOPC && in.variant != ISA_VARIANT_NATIVE) continue;
    const char *name = isa_mnemonic_name(in.info->mnemonic);
    if (want == ISA_FAMILY_VOPC && strncmp(name, "v_cmpx", 6) == 0) continue;
    if (in.info->flags &
        (ISA_F_BRANCH | ISA_F_INDIRECT | ISA_F_CALL | ISA_F_TERMINATOR | ISA_F_ENDPGM | ISA_F_LOAD |
         ISA_F_STORE | ISA_F_ATOMIC | ISA_F_BARRIER | ISA_F_SIDE_EFFECTS))
      continue;
    if (name_excluded(name)) continue;
    bool ok = true;
    for (unsigned i = 0; ok && i < in.num_defs; i++)
      ok = operand_ok(&in.defs[i], true) && (floats || !is_float_type(in.defs[i].type));
    for (unsigned i = 0; ok && i < in.num_srcs; i++)
      ok = operand_ok(&in.srcs[i], false) && (floats || !is_float_type(in.srcs[i].type));
    if (!ok || (!floats && (in.info->flags & ISA_F_FLOAT))) continue;
    /* only what the back end emits: the instruction alone, then s_endpgm */
    uint32_t alone[6];
    memcpy(alone, w, in.size * 4);
    alone[in.size] = 0xbf810000u;
    uint32_t *spv;
    size_t spv_count;
    bool barrier;
    char why[200];
    struct shader_spec spec = {.wave_size = wave64 ? 64 : 32, .float_mode = 0xf0};
    if (!shader_compile(alone, in.size + 1u, &spec, NULL, &spv, &spv_count, &barrier, why,
                        sizeof why)) {
      not_emitted++;
      continue;
    }
    free(spv);
    int n = 0;
    for (unsigned i = 0; i < in.size; i++)
      n += snprintf(text + n, size - (size_t)n, "%s0x%08x", i ? ", " : ".long ", w[i]);
    char dis[200];
    isa_print(&in, &(struct isa_print_opts){0}, dis, sizeof dis);
    snprintf(text + n, size - (size_t)n, " ; %s", dis);
    return true;
  }
  return false;
}

/* A program: lines of assembly; random ones can be removed by the minimiser. */
#define MAX_LINES 512
struct program {
  char *line[MAX_LINES];
  bool removable[MAX_LINES];
  int count;
  bool wave64;
  uint64_t seed;
  uint32_t waves; /* per group: 1, or MAX_WAVES */
};

__attribute__((format(printf, 3, 4))) static void add(struct program *p, bool removable,
                                                      const char *fmt, ...) {
  if (p->count == MAX_LINES) return;
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  p->removable[p->count] = removable;
  p->line[p->count++] = strdup(buf);
}

static void straight(struct program *p, uint64_t *rng, int n) {
  char text[300];
  for (int i = 0; i < n; i++)
    if (random_inst(rng, p->wave64, ISA_FAMILY_COUNT, text, sizeof text)) add(p, true, "%s", text);
}

static void epilogue(struct program *p) {
  if (p->wave64) add(p, false, "s_mov_b64 s[44:45], exec");
  else {
    add(p, false, "s_mov_b32 s44, exec_lo");
    add(p, false, "s_mov_b32 s45, exec_hi");
  }
  add(p, false, "s_mov_b32 s46, vcc_lo");
  add(p, false, "s_mov_b32 s47, vcc_hi");
  add(p, false, "s_mov_b32 s43, m0");
  add(p, false, "s_cselect_b32 s42, 1, 0");
  add(p, false, "s_mov_b32 exec_lo, -1");
  if (p->wave64) add(p, false, "s_mov_b32 exec_hi, -1");
  /* the store address again from scratch: a wild store would reach host memory */
  add(p, false, "s_mov_b32 s48, 0x%x", WINDOW);
  add(p, false, "s_mov_b32 s49, 0");
  add(p, false, "s_get_waveid_in_workgroup s54"); /* several waves: each its own areas */
  add(p, false, "s_mul_i32 s55, s54, 0x%x", WAVE_OUT);
  add(p, false, "s_add_u32 s48, s48, s55");
  add(p, false, "s_lshl_b32 s55, s54, 8");
  add(p, false, "v_mbcnt_lo_u32_b32 v63, -1, 0");
  if (p->wave64) add(p, false, "v_mbcnt_hi_u32_b32 v63, -1, v63");
  add(p, false, "v_lshlrev_b32 v63, 2, v63");
  add(p, false, "v_add_nc_u32 v58, s55, v63");
  add(p, false, "s_mov_b32 s52, 0x%x", LDS_COPY);
  add(p, false, "s_mov_b32 s53, 0");
  add(p, false, "ds_read_b32 v62, v58");
  add(p, false, "s_waitcnt lgkmcnt(0)");
  add(p, false, "global_store_dword v58, v62, s[52:53]");
  if (!p->wave64) {
    add(p, false, "ds_read_b32 v62, v58 offset:128");
    add(p, false, "s_waitcnt lgkmcnt(0)");
    add(p, false, "global_store_dword v58, v62, s[52:53] offset:128");
  }
  for (int r = 0; r < OUT_VGPRS + OUT_SGPRS; r++) {
    if (r < OUT_VGPRS) add(p, false, "global_store_dword v63, v%d, s[48:49]", r);
    else {
      add(p, false, "v_mov_b32 v62, s%d", r - OUT_VGPRS);
      add(p, false, "global_store_dword v63, v62, s[48:49]");
    }
    add(p, false, "s_add_u32 s48, s48, %d", p->wave64 ? 256 : 128);
    add(p, false, "s_addc_u32 s49, s49, 0");
  }
  add(p, false, "s_endpgm");
}

static void generate(struct program *p, uint64_t seed, bool wave64) {
  memset(p, 0, sizeof *p);
  p->wave64 = wave64;
  p->seed = seed;
  p->waves = 1;
  uint64_t rng = seed * 0x9e3779b97f4a7c15ull + 1;
  char text[300];
  /* LDS starts undefined on the hardware (and the device), zero in the interpreter */
  add(p, false, "v_mov_b32 v60, 0");
  add(p, false, "ds_write_b32 v61, v60");
  if (!wave64) add(p, false, "ds_write_b32 v61, v60 offset:128");
  add(p, false, "s_waitcnt lgkmcnt(0)");
  int segments = 3 + (int)(rng_next(&rng) % 6);
  for (int s = 0; s < segments; s++) {
    int n = 1 + (int)(rng_next(&rng) % 5);
    switch (rng_next(&rng) % 5) {
      case 0: straight(p, &rng, n); break;
      case 4: {
        uint32_t c = (uint32_t)rng_next(&rng) & 0xfc, reg = (uint32_t)rng_next(&rng) % 32;
        add(p, true, "v_xor_b32 v60, 0x%x, v61", c);
        switch (rng_next(&rng) % 4) {
          case 0: add(p, true, "ds_write_b32 v60, v%u", reg); break;
          case 1:
            add(p, true, "ds_read_b32 v%u, v60", reg);
            add(p, true, "s_waitcnt lgkmcnt(0)");
            break;
          case 2: add(p, true, "global_store_dword v60, v%u, s[50:51]", reg); break;
          default:
            add(p, true, "global_load_dword v%u, v60, s[50:51]", reg);
            add(p, true, "s_waitcnt vmcnt(0)");
            break;
        }
        break;
      }
      case 1:
        if (random_inst(&rng, wave64, ISA_FAMILY_SOPC, text, sizeof text)) add(p, true, "%s", text);
        add(p, false, "s_cbranch_scc0 skip%d", s);
        straight(p, &rng, n);
        add(p, false, "skip%d:", s);
        break;
      case 2:
        if (random_inst(&rng, wave64, ISA_FAMILY_VOPC, text, sizeof text)) add(p, true, "%s", text);
        add(p, false,
            wave64 ? "s_and_saveexec_b64 s[40:41], vcc" : "s_and_saveexec_b32 s40, vcc_lo");
        add(p, false, "s_cbranch_execz skip%d", s);
        straight(p, &rng, n);
        if (rng_next(&rng) & 1) { /* inactive lanes keep v59's random start: no access for them */
          add(p, true, "v_xor_b32 v59, 0x%x, v61", (uint32_t)rng_next(&rng) & 0xfc);
          add(p, true, "global_load_dword v%u, v59, s[50:51]", (uint32_t)rng_next(&rng) % 32);
          add(p, true, "s_waitcnt vmcnt(0)");
        }
        add(p, false, "skip%d:", s);
        add(p, false, wave64 ? "s_or_b64 exec, exec, s[40:41]" : "s_or_b32 exec_lo, exec_lo, s40");
        break;
      default:
        add(p, false, "s_mov_b32 s42, %d", 1 + (int)(rng_next(&rng) % 4));
        add(p, false, "loop%d:", s);
        straight(p, &rng, n);
        add(p, false, "s_sub_u32 s42, s42, 1");
        add(p, false, "s_cmp_lg_u32 s42, 0");
        add(p, false, "s_cbranch_scc1 loop%d", s);
        break;
    }
  }
  epilogue(p);
}

static void program_free(struct program *p) {
  for (int i = 0; i < p->count; i++) free(p->line[i]);
  p->count = 0;
}

static char *program_text(const struct program *p, const bool *drop) {
  size_t size = 64;
  for (int i = 0; i < p->count; i++) size += strlen(p->line[i]) + 1;
  char *t = malloc(size), *at = t;
  at += sprintf(at, "; seed %llu wave %d waves %u\n", (unsigned long long)p->seed,
                p->wave64 ? 64 : 32, p->waves);
  for (int i = 0; i < p->count; i++)
    if (!drop || !drop[i]) at += sprintf(at, "%s\n", p->line[i]);
  return t;
}

/* ---- running ----------------------------------------------------------------------------- */

static uint32_t *assemble_text(const char *text, bool wave64, size_t *count) {
  char path[600], cmd[2048];
  snprintf(path, sizeof path, "%s/p.s", tmpdir);
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  fputs(text, f);
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "llvm-mc-19 -arch=amdgcn -mcpu=gfx1013 %s -filetype=obj %s -o %s/p.o 2>%s/mc.err && "
           "llvm-objcopy-19 -O binary --only-section=.text %s/p.o %s/p.bin",
           wave64 ? "-mattr=+wavefrontsize64" : "", path, tmpdir, tmpdir, tmpdir, tmpdir);
  if (system(cmd) != 0) return NULL;
  snprintf(path, sizeof path, "%s/p.bin", tmpdir);
  f = fopen(path, "rb");
  if (!f) return NULL;
  uint32_t *w = malloc(65536 * 4);
  *count = fread(w, 4, 65536, f);
  fclose(f);
  return w;
}

enum outcome { AGREE, REFUSED, DISAGREE, BROKEN };

static void start_state(uint64_t seed, bool wave64, uint32_t wave, struct ir_interp_wave *w,
                        struct spirv_wave_state *s) {
  uint64_t rng = (seed ^ 0x5bd1e995u) + wave * 0x9e3779b9ull;
  memset(w, 0, sizeof *w);
  memset(s, 0, sizeof *s);
  uint32_t lanes = wave64 ? 64 : 32;
  for (int r = 0; r < 48; r++) w->sgpr[r] = (uint32_t)rng_next(&rng);
  w->sgpr[48] = WINDOW;
  w->sgpr[49] = 0;
  w->vcc = rng_next(&rng);
  w->m0 = (uint32_t)rng_next(&rng);
  w->scc = rng_next(&rng) & 1;
  w->exec = wave64 ? ~0ull : 0xffffffffull;
  if (!wave64) w->vcc &= 0xffffffffull;
  for (int r = 0; r < OUT_VGPRS; r++)
    for (uint32_t l = 0; l < lanes; l++) w->vgpr[r][l] = (uint32_t)rng_next(&rng);
  for (uint32_t l = 0; l < lanes; l++) {
    w->vgpr[63][l] = l * 4;
    w->vgpr[61][l] = wave * 256 + l * 4;
    w->vgpr[59][l] = (uint32_t)rng_next(&rng); /* an address no inactive lane may use */
  }
  w->sgpr[50] = GLOBAL_AREA;
  w->sgpr[51] = 0;
  memcpy(s->sgpr, w->sgpr, sizeof s->sgpr);
  s->vcc[0] = (uint32_t)w->vcc;
  s->vcc[1] = (uint32_t)(w->vcc >> 32);
  s->exec[0] = (uint32_t)w->exec;
  s->exec[1] = (uint32_t)(w->exec >> 32);
  s->m0 = w->m0;
  s->scc = w->scc;
  for (int r = 0; r < 64; r++) memcpy(s->vgpr[r], w->vgpr[r], sizeof s->vgpr[r]);
}

/* Runs TEXT both ways as a group of WAVES waves; DETAIL gets the first differing dword. */
static enum outcome run_text(const char *text, uint64_t seed, bool wave64, uint32_t waves,
                             char *detail, size_t dsize) {
  size_t n;
  uint32_t *words = assemble_text(text, wave64, &n);
  if (!words) {
    snprintf(detail, dsize, "llvm-mc-19 rejected the program");
    return BROKEN;
  }
  struct shader_spec spec = {.wave_size = wave64 ? 64 : 32,
                             .float_mode = 0xf0,
                             .lds_bytes = LDS_BYTES * waves,
                             .waves = (uint8_t)waves};
  struct spirv_emit_options fc = {0};
  shader_dispatch_float_controls(dev, &fc);
  spec.denorm_preserve_f32 = fc.denorm_preserve_f32;
  spec.rte_f32 = fc.rte_f32;
  uint32_t *spv;
  size_t spv_count;
  bool barrier;
  if (!shader_compile(words, n, &spec, NULL, &spv, &spv_count, &barrier, detail, dsize)) {
    free(words);
    return REFUSED;
  }
  struct ir_translate_options o = {
      .wave_size = spec.wave_size, .float_mode = spec.float_mode, .run_passes = true};
  struct ir_translate_error terr;
  struct ir_function *fn = ir_translate(words, n, &o, &terr, NULL);
  free(words);
  struct ir_interp_wave *w = malloc(waves * sizeof *w), *group[MAX_WAVES];
  struct spirv_wave_state *s = malloc(waves * sizeof *s);
  uint8_t *imem = calloc(1, WINDOW_SIZE), *gmem = calloc(1, WINDOW_SIZE),
          *lds = calloc(1, LDS_BYTES * MAX_WAVES);
  enum outcome r = BROKEN;
  if (!fn || !w || !s || !imem || !gmem || !lds) {
    snprintf(detail, dsize, "translation failed or out of memory");
    goto out;
  }
  struct ir_interp_memory map = {.addr = WINDOW, .data = imem, .size = WINDOW_SIZE};
  for (uint32_t k = 0; k < waves; k++) {
    start_state(seed, wave64, k, &w[k], &s[k]);
    w[k].mem = &map;
    w[k].mem_count = 1;
    w[k].global = imem;
    w[k].global_base = WINDOW;
    w[k].global_size = WINDOW_SIZE;
    w[k].lds = lds;
    w[k].lds_size = LDS_BYTES * waves;
    w[k].wave_id = k;
    group[k] = &w[k];
  }
  char err[256];
  if (!ir_interp_run_group(fn, group, waves, 100000, err, sizeof err)) {
    snprintf(detail, dsize, "interpreter: %s", err);
    goto out;
  }
  struct shader_dispatch_window win = {.addr = WINDOW, .data = gmem, .size = WINDOW_SIZE};
  if (!shader_dispatch_waves(dev, spv, spv_count, s, waves, (const uint32_t[3]){1, 1, 1}, &win, err,
                             sizeof err)) {
    snprintf(detail, dsize, "device: %s", err);
    goto out;
  }
  r = AGREE;
  uint32_t lanes = wave64 ? 64 : 32;
  for (uint32_t i = 0; i < (OUT_VGPRS + OUT_SGPRS) * lanes; i++) {
    uint32_t a, b;
    memcpy(&a, gmem + 4 * i, 4);
    memcpy(&b, imem + 4 * i, 4);
    if (a != b) {
      uint32_t reg = i / lanes, lane = i % lanes;
      snprintf(detail, dsize, "%s%u lane %u: device 0x%08x, interpreter 0x%08x",
               reg < OUT_VGPRS ? "v" : "s", reg < OUT_VGPRS ? reg : reg - OUT_VGPRS, lane, a, b);
      r = DISAGREE;
      break;
    }
  }
  for (uint32_t i = 0; r == AGREE && i < WINDOW_SIZE; i += 4)
    if (memcmp(gmem + i, imem + i, 4) != 0) {
      uint32_t a, b;
      memcpy(&a, gmem + i, 4);
      memcpy(&b, imem + i, 4);
      snprintf(detail, dsize, "%s 0x%x: device 0x%08x, interpreter 0x%08x",
               i >= LDS_COPY - WINDOW ? "LDS copy at" : "guest", WINDOW + i, a, b);
      r = DISAGREE;
    }
out:
  if (fn) ir_function_destroy(fn);
  free(spv);
  free(w);
  free(s);
  free(imem);
  free(gmem);
  free(lds);
  return r;
}

/* Removes random instructions while the disagreement persists; prints the result. */
static void minimise(struct program *p) {
  bool drop[MAX_LINES] = {0};
  char detail[300];
  for (int pass = 0; pass < 2; pass++)
    for (int i = p->count - 1; i >= 0; i--) {
      if (!p->removable[i] || drop[i]) continue;
      drop[i] = true;
      char *t = program_text(p, drop);
      if (run_text(t, p->seed, p->wave64, p->waves, detail, sizeof detail) != DISAGREE)
        drop[i] = false;
      free(t);
    }
  char *t = program_text(p, drop);
  run_text(t, p->seed, p->wave64, p->waves, detail, sizeof detail);
  fprintf(stderr, "minimised (%s):\n%s\n", detail, t);
  const char *outdir = getenv("PROSPERO_DIFF_OUT");
  char path[600];
  snprintf(path, sizeof path, "%s/diff_seed%llu_w%d_x%u.s", outdir ? outdir : "/tmp",
           (unsigned long long)p->seed, p->wave64 ? 64 : 32, p->waves);
  FILE *f = fopen(path, "w");
  if (f) {
    fputs(t, f);
    fclose(f);
    fprintf(stderr, "written to %s (add it to tests/gpu/shader_diff/cases once fixed)\n", path);
  }
  free(t);
}

/* Replays the kept cases of DIR: each must agree. */
static int replay_cases(const char *dir, unsigned *agreed) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  int failures = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (len < 3 || strcmp(e->d_name + len - 2, ".s") != 0) continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    char *text = calloc(1, 1 << 20);
    size_t got = fread(text, 1, (1 << 20) - 1, f);
    fclose(f);
    text[got] = 0;
    unsigned long long seed;
    int wave;
    unsigned waves = 1;
    char detail[300];
    if (sscanf(text, "; seed %llu wave %d waves %u", &seed, &wave, &waves) < 2 || !waves ||
        waves > MAX_WAVES) {
      fprintf(stderr, "case %s: no \"; seed N wave W\" line\n", e->d_name);
      failures++;
    } else {
      enum outcome r = run_text(text, seed, wave == 64, waves, detail, sizeof detail);
      if (r == AGREE) (*agreed)++;
      else {
        fprintf(stderr, "case %s: %s\n", e->d_name, detail);
        failures++;
      }
    }
    free(text);
  }
  closedir(d);
  return failures;
}

int main(int argc, char **argv) {
  log_set_level(LOG_LEVEL_ERROR);
  if (system(
          "command -v llvm-mc-19 >/dev/null 2>&1 && command -v llvm-objcopy-19 >/dev/null 2>&1") !=
      0) {
    printf("SKIP: llvm-mc-19/llvm-objcopy-19 not installed\n");
    return 77;
  }
  if (!(dev = vk_test_device())) return 77;
  if (!mkdtemp(tmpdir)) return 1;
  cfg_structure_check_rounds = true; /* the structuriser's predicted finishes are checked */
  struct spirv_emit_options fc = {0};
  shader_dispatch_float_controls(dev, &fc);
  floats = fc.denorm_preserve_f32;
  unsigned long long first = 1, count = 6;
  const char *env = getenv("PROSPERO_DIFF_SEEDS");
  if (env && sscanf(env, "%llu:%llu", &first, &count) != 2) {
    fprintf(stderr, "PROSPERO_DIFF_SEEDS=%s: FIRST:COUNT expected\n", env);
    return 2;
  }
  unsigned cases_agreed = 0;
  int failures = argc > 1 ? replay_cases(argv[1], &cases_agreed) : 0;
  unsigned stats[4] = {0};
  for (unsigned long long seed = first; seed < first + count; seed++)
    for (int mode = 0; mode < 4; mode++) { /* wave32, wave64; one wave, then MAX_WAVES */
      int w64 = mode & 1;
      struct program p;
      generate(&p, seed, w64);
      p.waves = mode & 2 ? MAX_WAVES : 1;
      char *t = program_text(&p, NULL);
      if (getenv("PROSPERO_DIFF_PRINT")) fprintf(stderr, "%s\n", t);
      char detail[300];
      enum outcome r = run_text(t, seed, w64, p.waves, detail, sizeof detail);
      stats[r]++;
      if (r == DISAGREE || r == BROKEN) {
        fprintf(stderr, "seed %llu wave%d x%u: %s\n", seed, w64 ? 64 : 32, p.waves, detail);
        if (r == DISAGREE) minimise(&p);
        else fprintf(stderr, "%s\n", t);
        failures++;
      } else if (r == REFUSED && getenv("PROSPERO_DIFF_VERBOSE")) {
        fprintf(stderr, "seed %llu wave%d x%u not emitted: %s\n", seed, w64 ? 64 : 32, p.waves,
                detail);
      }
      free(t);
      program_free(&p);
    }
  printf(
      "shader_diff: %u random programs (seeds %llu..%llu, wave32 and wave64, groups of 1 and %d "
      "waves, floats %s): %u agree "
      "byte for "
      "byte, %u not emitted yet, %u disagree, %u broken; %u kept cases agree; %lu random "
      "instructions "
      "left out because the back end does not emit them yet\n",
      stats[0] + stats[1] + stats[2] + stats[3], first, first + count - 1, MAX_WAVES,
      floats ? "on" : "off (device flushes denormals)", stats[AGREE], stats[REFUSED],
      stats[DISAGREE], stats[BROKEN], cases_agreed, not_emitted);
  printf(
      "shader_diff: %u predicted structuriser finishes checked, %u changed by the round "
      "they skipped\n",
      cfg_structure_round_checks(), cfg_structure_round_mismatches());
  if (cfg_structure_round_mismatches()) failures++;
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  if (system(cmd) != 0) failures++;
  vk_device_destroy(dev);
  return failures ? 1 : 0;
}
