/* Command-line options of the prospero executable: one X-macro table generates the parser,
 * --help and docs/options.md (`prospero --options-markdown`).
 *
 * X(id, long name, argument name or NULL, repeatable, help text). An argument name of two
 * words ("N FILE") takes two arguments; the second is stored in id_second. */
#ifndef PROSPERO_APP_OPTIONS_H
#define PROSPERO_APP_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#define APP_OPTIONS(X)                                                                          \
  X(game, "game", "PATH", false,                                                                \
    "Game to run: a folder holding eboot.bin (and sce_sys/param.json, sce_module/), or an "     \
    "executable file (SELF or Sony ELF).")                                                      \
  X(log_level, "log-level", "SPEC", false,                                                      \
    "Log threshold: a level (trace, debug, info, stub, warn, game_error, error, off) or "       \
    "CAT=LEVEL[,CAT=LEVEL...] per category. Default: info.")                                    \
  X(log_file, "log-file", "PATH", false,                                                        \
    "Write the emulator log to PATH (appending) instead of stderr.")                            \
  X(guest_log, "guest-log", "FILE", false,                                                      \
    "Write the guest's debug text (sceKernelDebugOutText, system call 601 command 7: the "      \
    "console's debug console, homebrew's log) to FILE (appending) instead of stdout.")          \
  X(trace_hle, "trace-hle", "LIB", true,                                                        \
    "Log every call into the HLE library LIB (e.g. libkernel). Repeatable.")                    \
  X(seccomp, "seccomp", NULL, false,                                                            \
    "Safety net: trap system calls issued from guest memory with a seccomp filter, also "       \
    "for code the load-time rewriter did not reach (costs every host system call a little; "    \
    "see bench/seccomp).")                                                                      \
  X(strict_syscalls, "strict-syscalls", NULL, false,                                            \
    "A guest system call with no handler stops the process with a report (default: logged "     \
    "once by name, the call fails with ENOSYS). For debugging a port; docs/syscalls.md "        \
    "lists the handled calls.")                                                                 \
  X(dump_pm4, "dump-pm4", "DIR", false,                                                         \
    "Write a decoded listing (packet and register names, indirect buffers followed) of "        \
    "every PM4 submission to the GPU command processor into DIR (made if missing), one file "   \
    "per submission: pm4-q<queue>-<sequence>.txt, with its dwords beside it as .pm4.")          \
  X(dump_shaders, "dump-shaders", "DIR", false,                                                 \
    "Write the words, disassembly, IR and SPIR-V of every shader the shader cache compiles "    \
    "into DIR (created when missing). The command processor does not dispatch shaders yet, so " \
    "only `prospero-shader run --dump-shaders DIR` compiles shaders today.")                    \
  X(check, "check", NULL, false,                                                                \
    "Load and link the game without running it, print every imported library with the "         \
    "counts of functions implemented, partial, stub, provided by the game's PRXs and "          \
    "missing, then the missing ones by NID and name; exit 0 (1 when something is missing). "    \
    "The same summary is logged at the start of every run.")                                    \
  X(json, "json", NULL, false, "With --check: print the report as one JSON object.")            \
  X(system_param, "system-param", "NAME=VALUE", true,                                           \
    "A system setting the guest reads (sceSystemServiceParamGetInt): lang (a language "         \
    "number or code such as en-US, ja-JP), date_format (ymd, dmy, mdy), time_format (12, "      \
    "24), time_zone (minutes east of UTC), summertime (0, 1), game_parental_level (0-11), "     \
    "enter_button (cross, circle). Defaults: en-US, ymd, 24, the host's time zone and "         \
    "summer time, 0, cross. Repeatable.")                                                       \
  X(user_name, "user-name", "NAME", false,                                                      \
    "Name of the console's one logged-in user (sceUserServiceGetUserName; at most 16 "          \
    "bytes). Default: User.")                                                                   \
  X(dialog_answer, "dialog-answer", "ANSWER", false,                                            \
    "How the system dialogs (message, save data, error, text input) are answered, as no "      \
    "dialog is drawn: yes, no or cancel. Default: yes. A text input dialog asks on the "        \
    "terminal instead when standard input is one.")                                             \
  X(vblank_hz, "vblank-hz", "HZ", false,                                                        \
    "Rate of the virtual vblank (1..1000, default 60): video out flips and vblank events "      \
    "follow it.")                                                                               \
  X(headless, "headless", NULL, false,                                                          \
    "Run without a window (the default when no display exists: DISPLAY and WAYLAND_DISPLAY "     \
    "unset, or the window cannot be made).")                                                    \
  X(fullscreen, "fullscreen", NULL, false,                                                      \
    "Show the window fullscreen (on the desktop's resolution, the frame letterboxed).")         \
  X(dump_frames, "dump-frames", "DIR", false,                                                   \
    "Write every flipped frame as DIR/frame_NNNNNN.png (NNNNNN: the flip count from 1).")       \
  X(screenshot_at, "screenshot-at", "N FILE", false,                                            \
    "Write the N-th flipped frame (from 1) as the PNG file FILE.")                              \
  X(audio, "audio", "SINK", false,                                                              \
    "Where the guest's sound goes: sdl (the host's audio device through SDL2) or null "         \
    "(nowhere; the ports keep the console's pace by the clock). Default: sdl, null with "       \
    "--headless or when no audio device opens.")                                                \
  X(audio_dump, "audio-dump", "FILE", false,                                                    \
    "Also write the mixed sound (48 kHz, stereo, 32-bit float) to the WAV file FILE; periods "  \
    "no port played in are left out (docs/input-audio.md).")                                    \
  X(pad_replay, "pad-replay", "FILE", false,                                                    \
    "Drive the pad from FILE, timed events from the guest's first scePadOpen, instead of the "  \
    "host's controllers and keyboard (format: docs/input-audio.md).")                           \
  X(keymap, "keymap", "FILE", false,                                                            \
    "Keyboard map of the pad: lines KEY = ACTION (an SDL key name; a button or stick "          \
    "direction). Default: the map in docs/input-audio.md.")                                     \
  X(host_priorities, "host-priorities", "on|off", false,                                        \
    "Give guest threads host CPU shares by their priority (a per-thread nice: the highest "     \
    "guest priorities keep the process's nice, lower ones get less CPU; table in "              \
    "docs/kernel-threads.md). Default: on; off leaves every thread at the process's nice.")     \
  X(shader_fault_checks, "shader-fault-checks", "MODE", false,                                  \
    "Which compute dispatches check for shader accesses outside every mapped guest range (read " \
    "as 0 and dropped either way; a checked dispatch that makes one logs a warning): sampled "  \
    "(the default: a shader's first 16 dispatches, every 64th, all once it faulted), always "   \
    "(every dispatch: nothing missed, memory-bound shaders slower) or off.")                    \
  X(help, "help", NULL, false, "Print this help and exit.")                                     \
  X(version, "version", NULL, false, "Print the version and exit.")                             \
  X(options_markdown, "options-markdown", NULL, false,                                          \
    "Print this option table as Markdown (generates docs/options.md) and exit.")

#define APP_MAX_REPEAT 16

struct app_options {
#define APP_OPT_FIELD_(id, name, arg, rep, help) \
  const char *id[APP_MAX_REPEAT];                \
  const char *id##_second[APP_MAX_REPEAT];       \
  int id##_count;
  APP_OPTIONS(APP_OPT_FIELD_)
#undef APP_OPT_FIELD_
  int guest_argc; /* arguments after "--" */
  char **guest_argv;
};

/* Parses ARGV into OPT. False with a message in ERR on unknown/duplicate/missing-argument. */
bool app_options_parse(int argc, char **argv, struct app_options *opt, char *err, size_t cap);
void app_options_print_help(FILE *out);
void app_options_print_markdown(FILE *out);

#endif
