/* `prospero-shader run SPEC.json [--interp]` (run.c). */
#ifndef PROSPERO_TOOLS_SHADER_RUN_H
#define PROSPERO_TOOLS_SHADER_RUN_H

#include <stdbool.h>

/* 0 on success, PROSPERO_EXIT_USAGE for a bad spec (the field named on stderr), 1 when the
 * dispatch fails. */
struct shader_run_options {
  bool interp;           /* through the IR interpreter instead of the device */
  const char *dump_dir;  /* --dump-shaders: words, disassembly, IR, SPIR-V of the shader */
  const char *cache_dir; /* --cache: the shader cache's folder (default: memory only) */
};
int shader_run_main(const char *spec_path, const struct shader_run_options *o);

#endif
