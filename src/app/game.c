#include "game.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/exit_codes.h"
#include "common/host_dirs.h"
#include "common/log.h"
#include "kernel/mounts.h"
#include "loader/loader.h"
#include "sce/sce_file.h"

static bool is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The executable's ELF identification and type (through a SELF header), for the platform
 * rule when a title has no metadata. False if it cannot be read (the loader says why). */
static bool exec_header(const char *eboot, uint8_t ident[EI_NIDENT], unsigned *type) {
  unsigned char *data;
  size_t size;
  if (!loader_read_file(eboot, &data, &size)) return false;
  struct sce_file *f = calloc(1, sizeof *f);
  bool ok = f && sce_file_parse(f, data, size);
  if (ok) {
    memcpy(ident, f->ehdr.e_ident, EI_NIDENT);
    *type = f->ehdr.e_type;
  }
  free(f);
  free(data);
  return ok;
}

/* title_platform_decide, logged with the deciding fact. */
static void decide_platform(struct app_game *g, bool have_json, bool have_sfo) {
  uint8_t ident[EI_NIDENT];
  unsigned type = 0;
  bool known = have_json || have_sfo || exec_header(g->eboot, ident, &type);
  const char *why;
  g->title.platform =
      title_platform_decide(have_json, have_sfo, known && !have_json && !have_sfo ? ident : NULL,
                            type, &why);
  LOG(core, INFO, "title %s: %s title (%s; the SELF magic does not decide)", g->title.title_id,
      title_platform_name(g->title.platform), why);
}

int app_game_locate(const char *path, struct app_game *g) {
  memset(g, 0, sizeof *g);
  char real[PATH_MAX];
  if (!realpath(path, real)) {
    LOG(core, ERROR, "--game %s: %s", path, strerror(errno));
    return PROSPERO_EXIT_BAD_GAME;
  }
  if (is_dir(real)) {
    snprintf(g->folder, sizeof g->folder, "%s", real);
    if (snprintf(g->eboot, sizeof g->eboot, "%s/eboot.bin", real) >= (int)sizeof g->eboot)
      return PROSPERO_EXIT_BAD_GAME;
    struct stat st;
    if (stat(g->eboot, &st) != 0) {
      LOG(core, ERROR, "--game %s: the folder has no eboot.bin", path);
      return PROSPERO_EXIT_BAD_GAME;
    }
  } else {
    snprintf(g->eboot, sizeof g->eboot, "%s", real);
    snprintf(g->folder, sizeof g->folder, "%s", real);
    char *slash = strrchr(g->folder, '/');
    if (slash == g->folder) slash[1] = '\0'; else if (slash) *slash = '\0';
  }
  snprintf(g->module_dir, sizeof g->module_dir, "%.4000s/sce_module", g->folder);
  /* PS5 titles carry sce_sys/param.json, PS4 titles sce_sys/param.sfo */
  char param[PATH_MAX], sfo[PATH_MAX];
  snprintf(param, sizeof param, "%.4000s/sce_sys/param.json", g->folder);
  snprintf(sfo, sizeof sfo, "%.4000s/sce_sys/param.sfo", g->folder);
  struct stat st;
  bool have_json = stat(param, &st) == 0, have_sfo = !have_json && stat(sfo, &st) == 0;
  if (!have_json && !have_sfo) {
    LOG(core, WARN, "%s not found: title id %s, default settings", param, TITLE_ID_UNKNOWN);
    title_defaults(&g->title);
    decide_platform(g, false, false);
    return 0;
  }
  const char *meta = have_json ? param : sfo;
  unsigned char *text;
  size_t len;
  if (!loader_read_file(meta, &text, &len)) return PROSPERO_EXIT_BAD_GAME;
  char err[256];
  bool ok = have_json ? title_parse_param_json((const char *)text, len, &g->title, err, sizeof err)
                      : title_parse_param_sfo(text, len, &g->title, err, sizeof err);
  free(text);
  if (!ok) {
    LOG(core, ERROR, "%s: %s", meta, err);
    return PROSPERO_EXIT_BAD_GAME;
  }
  LOG(core, INFO, "title %s version %s, flexible memory %llu MiB", g->title.title_id,
      g->title.app_version[0] ? g->title.app_version : "?",
      (unsigned long long)(g->title.flexible_memory >> 20));
  decide_platform(g, have_json, have_sfo);
  return 0;
}

int app_game_mount(struct app_game *g) {
  const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
  char base[PATH_MAX];
  if (xdg && xdg[0] == '/') snprintf(base, sizeof base, "%.4000s/prospero", xdg);
  else if (home && home[0] == '/') snprintf(base, sizeof base, "%.4000s/.local/share/prospero", home);
  else {
    LOG(core, ERROR, "neither XDG_DATA_HOME nor HOME is set: nowhere to keep per-title data");
    return PROSPERO_EXIT_BAD_GAME;
  }
  snprintf(g->data_dir, sizeof g->data_dir, "%.4000s/%s", base, g->title.title_id);
  snprintf(g->shader_cache_dir, sizeof g->shader_cache_dir, "%.4000s/shader_cache", g->data_dir);
  /* the package: read-only, case-insensitive, PFS directory records (kernel/mounts.h) */
  static const char *const writable[] = {"download0", "temp0", "temp", "data"};
  bool ok = mounts_add_flags("/app0", g->folder, MOUNT_READ_ONLY | MOUNT_CASE_FOLD | MOUNT_PFS) &&
            mounts_add("/hostapp", g->folder, false);
  for (size_t i = 0; ok && i < sizeof writable / sizeof writable[0]; i++) {
    char dir[PATH_MAX], point[32];
    snprintf(dir, sizeof dir, "%.4000s/%s", g->data_dir, writable[i]);
    snprintf(point, sizeof point, "/%s", writable[i]);
    if (!host_dirs_make(dir)) {
      LOG(core, ERROR, "cannot create %s: %s", dir, strerror(errno));
      return PROSPERO_EXIT_BAD_GAME;
    }
    ok = mounts_add(point, dir, false);
  }
  return ok ? 0 : PROSPERO_EXIT_INTERNAL;
}
