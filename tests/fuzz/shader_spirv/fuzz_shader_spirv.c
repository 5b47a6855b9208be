/* Fuzzing the SPIR-V back end: data[0] bit 0 selects wave64, bit 1 turns words with a zero
 * top nibble into branches (as fuzz_shader_ir does) for arbitrary control flow; the rest is
 * shader words. A function the emitter accepts must give a module SPIRV-Tools validates;
 * one it refuses must say why.
 *
 * Every module counts, whatever its control flow: a structured one (the structuriser
 * gives out only structures that pass cfg_structure_check_entries, SPIR-V's single-entry
 * and structured-exit rules) or the dispatcher form (everything else). A module the
 * validator rejects aborts; seed corpus/structure_gap_exit_to_outer_merge is the loop
 * that once exited straight to the outer loop's merge.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/translate/translate.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "spv_check.h"

static void branchify(uint32_t *words, size_t count) {
  for (size_t i = 0; i < count; i++) {
    uint32_t w = words[i];
    if ((w >> 28) == 0) { /* s_branch, s_cbranch_scc0/scc1/vccz/execz/execnz (SOPP) */
      static const uint32_t ops[] = {2, 4, 5, 6, 8, 9};
      uint32_t op = ops[((w >> 16) & 0xff) % 6];
      int32_t off = (int32_t)((w & 0xffff) % (2 * count + 3)) - (int32_t)count - 1;
      words[i] = 0xbf800000u | op << 16 | ((uint32_t)off & 0xffff);
    } else if ((w >> 24) == 0x7f) {
      words[i] = 0xbf810000u; /* s_endpgm */
    }
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int quiet;
  if (!quiet) {
    log_set_level(LOG_LEVEL_OFF);
    quiet = 1;
  }
  if (size < 5) return 0;
  size_t count = (size - 1) / 4;
  if (count > 4096) return 0;
  uint32_t *words = malloc(count * sizeof *words);
  if (!words) return 0;
  memcpy(words, data + 1, count * 4);
  if (data[0] & 2) branchify(words, count);
  struct ir_translate_options o = {.wave_size = (data[0] & 1) ? 64 : 32, .run_passes = true};
  struct ir_translate_error err;
  struct ir_function *fn = ir_translate(words, count, &o, &err, NULL);
  if (fn) {
    struct spirv_module m;
    /* the first byte also picks the lane model: bit 4 several waves (bit 5: 4, else 2),
     * bit 6 the subgroup path, bit 7 private memory and LDS */
    struct spirv_emit_options opts = {.denorm_preserve_f32 = data[0] & 4, .rte_f32 = data[0] & 8};
    if (data[0] & 0x10) opts.waves = data[0] & 0x20 ? 4 : 2;
    opts.subgroup = data[0] & 0x40;
    if (data[0] & 0x80) {
      opts.scratch_lane_bytes = 64;
      opts.lds_bytes = 256;
    }
    if (spirv_emit_compute(fn, &opts, &m)) {
      char why[512] = "";
      bool valid = spv_check_validate(m.words, m.count, why, sizeof why, false);
      if (!valid) {
        fprintf(stderr, "spirv-val: %s\n", why);
        char *dis = spv_check_disassemble(m.words, m.count);
        fprintf(stderr, "%s\n", dis ? dis : "");
        free(dis);
        abort();
      }
      spirv_module_free(&m);
    } else if (!m.error[0] || m.words) {
      abort(); /* a refusal says why and gives no module */
    }
    ir_function_destroy(fn);
  }
  free(words);
  return 0;
}
