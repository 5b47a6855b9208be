/* `prospero-shader run SPEC.json [--interp]` (run.c). */
#ifndef PROSPERO_TOOLS_SHADER_RUN_H
#define PROSPERO_TOOLS_SHADER_RUN_H

#include <stdbool.h>

/* 0 on success, PROSPERO_EXIT_USAGE for a bad spec (the field named on stderr), 1 when the
 * dispatch fails, SHADER_RUN_EXIT_FAULT with --fail-on-fault when an access fell outside
 * every guest range (always reported on stderr; the run goes on as the emulator's does:
 * such loads read 0 and stores are dropped). */
#define SHADER_RUN_EXIT_FAULT 3
struct shader_run_options {
  bool interp;           /* through the IR interpreter instead of the device */
  const char *dump_dir;  /* --dump-shaders: words, disassembly, IR, SPIR-V of the shader */
  const char *cache_dir; /* --cache: the shader cache's folder (default: memory only) */
  bool fail_on_fault;    /* --fail-on-fault: exit SHADER_RUN_EXIT_FAULT after an unmapped access */
};
int shader_run_main(const char *spec_path, const struct shader_run_options *o);

#endif
