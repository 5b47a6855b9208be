#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "gpu/shader/ir/cfg_structure.h"
#include "gpu/shader/ir/ir_interp.h"
#include "gpu/shader/ir/translate.h"

static void fuzz_graph(const uint8_t *data, size_t size) {
  uint32_t n = 1 + data[0] % 48;
  struct cfg_graph *g = cfg_graph_create(n, 0);
  if (!g) abort();
  for (size_t i = 1; i + 1 < size; i += 2) cfg_graph_add_edge(g, data[i] % n, data[i + 1] % n);
  struct cfg_structure s;
  bool ok = cfg_structurize(g, &s);
  if (ok) {
    for (uint32_t b = 0; b < s.node_count; b++) {
      uint32_t m = s.shapes[b].merge;
      if (m != CFG_NONE && cfg_graph_reachable(g, b) && !cfg_graph_dominates(g, b, m)) abort();
    }
  } else if (s.fallback == CFG_FALLBACK_NONE || !s.reason[0]) {
    abort();
  }
  cfg_structure_free(&s);
  cfg_graph_destroy(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int quiet;
  if (!quiet) {
    log_set_level(LOG_LEVEL_OFF);
    ir_debug_validate = true;
    quiet = 1;
  }
  if (size < 1) return 0;
  if (data[0] & 1) {
    if (size < 2) return 0;
    fuzz_graph(data + 1, size - 1);
    return 0;
  }
  size_t count = (size - 1) / 4;
  if (count == 0 || count > 4096) return 0;
  uint32_t *words = malloc(count * sizeof *words);
  memcpy(words, data + 1, count * 4);
  struct ir_translate_options o = {.wave_size = (data[0] & 2) ? 64 : 32, .run_passes = true};
  struct ir_translate_error err;
  struct ir_function *fn = ir_translate(words, count, &o, &err, NULL);
  if (fn) {
    char msg[256];
    if (!ir_validate(fn, msg, sizeof msg)) {
      fprintf(stderr, "invalid IR: %s\n", msg);
      abort();
    }
    struct ir_interp_wave *w = calloc(1, sizeof *w);
    w->exec = ~0ull;
    ir_interp_run(fn, w, 256, msg, sizeof msg);
    free(w);
    ir_function_destroy(fn);
  } else if (!err.msg[0]) {
    abort(); /* a failure always says why */
  }
  free(words);
  return 0;
}
