/* Locating a game from --game, reading its param.json and setting up the guest mounts. */
#ifndef PROSPERO_APP_GAME_H
#define PROSPERO_APP_GAME_H

#include <limits.h>
#include <stdbool.h>

#include "kernel/title.h"

struct app_game {
  char eboot[PATH_MAX];       /* executable */
  char folder[PATH_MAX];      /* game folder (/app0) */
  char module_dir[PATH_MAX];  /* folder/sce_module */
  char data_dir[PATH_MAX];    /* per-title writable data */
  /* what the GPU's shader cache (gpu/shader/dispatch/shader_cache.h) is created with: its
   * on-disk folder data_dir/shader_cache, and --dump-shaders (empty: no dumps) */
  char shader_cache_dir[PATH_MAX];
  char shader_dump_dir[PATH_MAX];
  struct title_info title;
};

/* Resolves PATH (folder with eboot.bin, or a file) and reads sce_sys/param.json. Returns a
 * PROSPERO_EXIT_* code on error (logged), 0 on success. */
int app_game_locate(const char *path, struct app_game *g);

/* Creates the per-title folders under $XDG_DATA_HOME/prospero/<titleid>/ and mounts /app0
 * (read-only), /hostapp, /download0, /temp0 and /temp. */
int app_game_mount(struct app_game *g);

#endif
