/* prospero: runs a PS5 game folder. */
#include <stdio.h>
#include <string.h>

#include "common/exit_codes.h"
#include "common/host_dirs.h"
#include "common/host_sched.h"
#include "common/log.h"
#include "audio_host.h"
#include "coverage.h"
#include "frames.h"
#include "game.h"
#include "kernel/debug_text.h"
#include "hle/hle.h"
#include "gpu_bridge.h"
#include "hle/libSceCommonDialog/dialog.h"
#include "hle/libSceNpTrophy/np_trophy.h"
#include "hle/libSceNpUniversalDataSystem/uds_stats.h"
#include "hle/libSceSaveData/save_data.h"
#include "hle/libSceSystemService/system_service.h"
#include "hle/libSceUserService/user_service.h"
#include "hle/libkernel/libkernel_thread.h"
#include "hle_bridge.h"
#include "input_host.h"
#include "loader/loader.h"
#include "loader/process.h"
#include "options.h"

#ifndef PROSPERO_VERSION
#define PROSPERO_VERSION "0.0.0"
#endif

static bool link_only; /* --check */

static void on_linked(const struct loader_module *exec) {
  hle_kernel_set_proc_param((void *)(uintptr_t)exec->proc_param);
  app_coverage_log();
  if (!link_only) kernel_sched_main_thread_start(); /* this thread runs the guest's main */
}

/* --system-param NAME=VALUE and --user-name: the settings the HLE libraries answer with. */
static bool apply_system_settings(const struct app_options *opt) {
  for (int i = 0; i < opt->system_param_count; i++) {
    char name[64], err[256];
    const char *a = opt->system_param[i], *eq = strchr(a, '=');
    if (!eq || (size_t)(eq - a) >= sizeof name) {
      fprintf(stderr, "prospero: --system-param: expected NAME=VALUE, got '%s'\n", a);
      return false;
    }
    memcpy(name, a, (size_t)(eq - a));
    name[eq - a] = 0;
    if (!system_service_set_param(name, eq + 1, err, sizeof err)) {
      fprintf(stderr, "prospero: --system-param: %s\n", err);
      return false;
    }
  }
  if (opt->user_name_count && !user_service_set_user_name(opt->user_name[0])) {
    fprintf(stderr, "prospero: --user-name: a name of 1 to %d bytes is needed\n",
            USER_SERVICE_MAX_USER_NAME_LENGTH);
    return false;
  }
  if (opt->dialog_answer_count && !dialog_set_answer(opt->dialog_answer[0])) {
    fprintf(stderr, "prospero: --dialog-answer: yes, no or cancel, not '%s'\n",
            opt->dialog_answer[0]);
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  struct app_options opt;
  char err[256];
  if (!app_options_parse(argc, argv, &opt, err, sizeof err)) {
    fprintf(stderr, "prospero: %s\n", err);
    return PROSPERO_EXIT_USAGE;
  }
  if (opt.help_count) {
    app_options_print_help(stdout);
    return 0;
  }
  if (opt.version_count) {
    printf("prospero %s\n", PROSPERO_VERSION);
    return 0;
  }
  if (opt.options_markdown_count) {
    app_options_print_markdown(stdout);
    return 0;
  }
  if (opt.log_level_count && !log_parse_levels(opt.log_level[0])) {
    fprintf(stderr, "prospero: --log-level: unknown level or category in '%s'\n", opt.log_level[0]);
    return PROSPERO_EXIT_USAGE;
  }
  if (opt.log_file_count && !log_open_file(opt.log_file[0])) {
    fprintf(stderr, "prospero: --log-file: cannot open '%s'\n", opt.log_file[0]);
    return PROSPERO_EXIT_USAGE;
  }
  if (opt.guest_log_count && !kernel_debug_text_open(opt.guest_log[0])) {
    fprintf(stderr, "prospero: --guest-log: cannot open '%s'\n", opt.guest_log[0]);
    return PROSPERO_EXIT_USAGE;
  }
  for (int i = 0; i < opt.trace_hle_count; i++)
    if (!hle_trace_enable(opt.trace_hle[i])) {
      fprintf(stderr, "prospero: --trace-hle: no HLE library named '%s'\n", opt.trace_hle[i]);
      return PROSPERO_EXIT_USAGE;
    }
  if (!apply_system_settings(&opt)) return PROSPERO_EXIT_USAGE;
  if (opt.host_priorities_count) {
    const char *v = opt.host_priorities[0];
    if (strcmp(v, "on") && strcmp(v, "off")) {
      fprintf(stderr, "prospero: --host-priorities: on or off, not '%s'\n", v);
      return PROSPERO_EXIT_USAGE;
    }
    kernel_sched_set_host_priorities(strcmp(v, "on") == 0);
  }
  if (opt.shader_fault_checks_count &&
      !app_gpu_set_shader_fault_checks(opt.shader_fault_checks[0])) {
    fprintf(stderr, "prospero: --shader-fault-checks: sampled, always or off, not '%s'\n",
            opt.shader_fault_checks[0]);
    return PROSPERO_EXIT_USAGE;
  }
  host_sched_init(); /* the base nice: this thread's, before any guest thread changes one */
  if (!opt.check_count) kernel_sched_log_mapping();
  if (opt.json_count && !opt.check_count) {
    fprintf(stderr, "prospero: --json goes with --check\n");
    return PROSPERO_EXIT_USAGE;
  }
  if (!app_frames_setup(&opt)) return PROSPERO_EXIT_USAGE;
  if (!opt.game_count) {
    fprintf(stderr, "prospero: --game PATH is required (see --help)\n");
    return PROSPERO_EXIT_USAGE;
  }
  /* the host's sound and input (not for --check, which runs nothing) */
  if (!opt.check_count && (!app_audio_setup(&opt) || !app_input_setup(&opt)))
    return PROSPERO_EXIT_USAGE;
  process_set_exit_hook(app_audio_finish);
  static struct app_game game;
  int rc = app_game_locate(opt.game[0], &game);
  if (rc) return rc;
  title_set(&game.title);
  if ((rc = app_game_mount(&game))) return rc;
  save_data_set_title_dir(game.data_dir);
  np_trophy_set_title(game.data_dir, game.folder);
  uds_stats_set_title(game.data_dir, game.folder);
  if (opt.dump_shaders_count) {
    if (!host_dirs_make(opt.dump_shaders[0])) {
      fprintf(stderr, "prospero: --dump-shaders: cannot create '%s'\n", opt.dump_shaders[0]);
      return PROSPERO_EXIT_USAGE;
    }
    snprintf(game.shader_dump_dir, sizeof game.shader_dump_dir, "%s", opt.dump_shaders[0]);
    LOG(core, INFO, "shader dumps go to %s (shader cache in %s)", game.shader_dump_dir,
        game.shader_cache_dir);
  }
  if (!app_gpu_init(opt.dump_pm4_count ? opt.dump_pm4[0] : NULL, game.shader_cache_dir,
                    game.shader_dump_dir[0] ? game.shader_dump_dir : NULL))
    return PROSPERO_EXIT_USAGE;
  if (!opt.check_count) app_frames_start();
  linker_set_hle(&app_hle_bridge_ops);
  trap_set_syscall_ops(&app_hle_bridge_syscall_ops, opt.strict_syscalls_count > 0);
  link_only = opt.check_count > 0;
  struct loader_game lg = {
      .eboot_path = game.eboot,
      .module_dir = game.module_dir,
      .argc = opt.guest_argc,
      .argv = (const char *const *)opt.guest_argv,
      .on_linked = on_linked,
      .seccomp = opt.seccomp_count > 0,
      .link_only = opt.check_count > 0,
  };
  rc = loader_run_game(&lg);
  if (rc || !opt.check_count) return rc;
  /* --check: the game is loaded and linked, nothing of it ran */
  unsigned missing = app_coverage_print(stdout, opt.json_count > 0);
  fflush(stdout);
  return missing ? 1 : 0;
}
