/* prospero-shader: GFX10 shader binary -> control-flow graph, typed IR and SPIR-V.
 *
 *   prospero-shader --ir FILE      print the IR after SSA, folding and DCE
 *   options: --raw (IR before the passes), --wave64, --cfg (blocks and structure only)
 *   prospero-shader --stage cs FILE -o OUT.spv [--wave64] [--lds BYTES]
 *                                  compile a compute shader to SPIR-V (docs/shader-spirv.md)
 *   prospero-shader run SPEC.json [--interp] [--dump-shaders DIR] [--cache DIR]
 *                       [--fail-on-fault]
 *                                  replay one dispatch described by SPEC.json (run_spec.h)
 * FILE holds raw little-endian instruction words; "-" reads standard input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/exit_codes.h"
#include "common/log.h"
#include "gpu/shader/spirv/spirv_emit.h"
#include "gpu/shader/translate/translate.h"
#include "run.h"

static void usage(FILE *out) {
  fprintf(out,
          "usage: prospero-shader --ir [--raw] [--wave64] [--cfg] FILE\n"
          "       prospero-shader --stage cs [--wave64] [--lds BYTES] FILE -o OUT.spv\n"
          "       prospero-shader run SPEC.json [--interp] [--dump-shaders DIR] [--cache DIR]\n"
          "                              [--fail-on-fault]\n"
          "  --ir      print the typed SSA IR of the shader in FILE (raw LE words, - = stdin)\n"
          "  --raw     print the IR as translated, before SSA construction and passes\n"
          "  --wave64  translate for 64-lane waves (default 32)\n"
          "  --cfg     print only blocks, successors and the recovered structure\n"
          "  --stage cs  compile the compute shader in FILE to SPIR-V, written to OUT.spv\n"
          "  --lds     the workgroup's LDS size in bytes (default 0)\n"
          "  run       replay the dispatch SPEC.json describes on the Vulkan device and write its\n"
          "            dump blocks (docs/shader-spirv.md); --interp: through the IR interpreter;\n"
          "            --dump-shaders: words, disassembly, IR and SPIR-V of the shader into DIR;\n"
          "            --cache: keep compiled shaders in DIR; accesses outside every mapped\n"
          "            range (read as 0, stores dropped) are reported on stderr, and with\n"
          "            --fail-on-fault the exit status is 3\n");
}

static uint32_t *read_words(const char *path, size_t *count) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  unsigned char *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      unsigned char *p = realloc(buf, cap * 2);
      if (!p) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = p;
      cap *= 2;
    }
  }
  if (f != stdin) fclose(f);
  if (!buf) return NULL;
  *count = n / 4;
  uint32_t *w = malloc((*count + 1) * sizeof *w);
  for (size_t i = 0; w && i < *count; i++)
    w[i] = (uint32_t)buf[4 * i] | (uint32_t)buf[4 * i + 1] << 8 | (uint32_t)buf[4 * i + 2] << 16 |
           (uint32_t)buf[4 * i + 3] << 24;
  if (n % 4) fprintf(stderr, "prospero-shader: ignoring %zu trailing bytes\n", n % 4);
  free(buf);
  return w;
}

/* Emits FN as SPIR-V into PATH; 0, or 1 with the reason on stderr. */
static int write_spirv(const struct ir_function *fn, const char *in, const char *path,
                       uint32_t lds) {
  struct spirv_module m;
  if (!spirv_emit_compute(fn, &(struct spirv_emit_options){.source_name = in, .lds_bytes = lds}, &m)) {
    fprintf(stderr, "prospero-shader: %s: no SPIR-V: %s\n", in, m.error);
    return 1;
  }
  FILE *f = fopen(path, "wb");
  bool ok = f && fwrite(m.words, 4, m.count, f) == m.count;
  if (f && fclose(f) != 0) ok = false;
  spirv_module_free(&m);
  if (!ok) {
    fprintf(stderr, "prospero-shader: cannot write %s\n", path);
    return 1;
  }
  return 0;
}

static void print_cfg(const struct ir_function *fn) {
  const struct cfg_graph *g = fn->cfg;
  printf("cfg: %u blocks (%u inserted in %u rounds), %u loops, %s\n", cfg_graph_node_count(g),
         fn->structure.inserted, fn->structure.rounds, cfg_graph_loop_count(g),
         fn->structured ? "structured" : fn->structure.reason);
  for (uint32_t r = 0; r < cfg_graph_rpo_count(g); r++) {
    uint32_t b = cfg_graph_rpo_node(g, r);
    printf("^%u", b);
    if (fn->blocks[b].pc != IR_NONE) printf(" pc 0x%x", fn->blocks[b].pc);
    printf(" ->");
    for (uint32_t i = 0; i < cfg_graph_succ_count(g, b); i++) printf(" ^%u", cfg_graph_succ(g, b, i));
    if (fn->structured && b < fn->structure.node_count) {
      const struct cfg_node_shape *s = &fn->structure.shapes[b];
      printf("  [%s", cfg_shape_name(s->shape));
      if (s->merge != CFG_NONE) printf(" merge ^%u", s->merge);
      if (s->shape == CFG_SHAPE_LOOP) printf(" continue ^%u", s->continue_to);
      printf("]");
    }
    printf("\n");
  }
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "run") == 0) {
    struct shader_run_options o = {0};
    const char *spec = NULL;
    for (int i = 2; i < argc; i++) {
      if (strcmp(argv[i], "--interp") == 0) o.interp = true;
      else if (strcmp(argv[i], "--dump-shaders") == 0 && i + 1 < argc) o.dump_dir = argv[++i];
      else if (strcmp(argv[i], "--cache") == 0 && i + 1 < argc) o.cache_dir = argv[++i];
      else if (strcmp(argv[i], "--fail-on-fault") == 0) o.fail_on_fault = true;
      else if (argv[i][0] == '-' || spec) {
        usage(stderr);
        return PROSPERO_EXIT_USAGE;
      } else spec = argv[i];
    }
    if (!spec) {
      usage(stderr);
      return PROSPERO_EXIT_USAGE;
    }
    return shader_run_main(spec, &o);
  }
  bool ir = false, raw = false, cfg = false;
  struct ir_translate_options opts = {.wave_size = 32, .run_passes = true};
  const char *path = NULL, *out = NULL, *stage = NULL;
  uint32_t lds = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--ir") == 0) ir = true;
    else if (strcmp(argv[i], "--stage") == 0 && i + 1 < argc) stage = argv[++i];
    else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
    else if (strcmp(argv[i], "--lds") == 0 && i + 1 < argc) {
      char *end;
      unsigned long v = strtoul(argv[++i], &end, 0);
      if (*end || v > 65536) {
        fprintf(stderr, "prospero-shader: --lds %s: a byte count up to 65536\n", argv[i]);
        return PROSPERO_EXIT_USAGE;
      }
      lds = (uint32_t)v;
    }
    else if (strcmp(argv[i], "--raw") == 0) raw = true;
    else if (strcmp(argv[i], "--cfg") == 0) cfg = true;
    else if (strcmp(argv[i], "--wave64") == 0) opts.wave_size = 64;
    else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      usage(stdout);
      return 0;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "prospero-shader: unknown option %s\n", argv[i]);
      usage(stderr);
      return PROSPERO_EXIT_USAGE;
    } else path = argv[i];
  }
  if (stage && strcmp(stage, "cs") != 0) {
    fprintf(stderr, "prospero-shader: --stage %s: only compute shaders (cs) are compiled yet\n", stage);
    return PROSPERO_EXIT_USAGE;
  }
  if (!path || (!ir && !cfg && !stage) || (stage && !out) || (out && !stage)) {
    usage(stderr);
    return PROSPERO_EXIT_USAGE;
  }
  size_t count = 0;
  uint32_t *words = read_words(path, &count);
  if (!words) {
    fprintf(stderr, "prospero-shader: cannot read %s\n", path);
    return PROSPERO_EXIT_USAGE;
  }
  opts.run_passes = !raw;
  struct ir_translate_error err;
  struct ir_translate_stats stats;
  struct ir_function *fn = ir_translate(words, count, &opts, &err, &stats);
  free(words);
  if (!fn) {
    fprintf(stderr, "prospero-shader: %s: at 0x%x: %s\n", path, err.offset, err.msg);
    return 1;
  }
  int status = 0;
  if (stage) status = write_spirv(fn, path, out, lds);
  if (cfg) print_cfg(fn);
  if (ir) {
    printf("; %u instructions, %u blocks, %u without translation\n", stats.instructions,
           stats.blocks, stats.unsupported_count);
    ir_print_function(stdout, fn);
  }
  ir_function_destroy(fn);
  return status;
}
