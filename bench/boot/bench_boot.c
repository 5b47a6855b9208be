/* Boot time: from process start to the guest's entry point for a synthetic executable with
 * 5,000 imports and 200,000 relocations, against a baseline guest with none, in the same run.
 * The guests are written here with the unit tests' Sony ELF builder (PS5 SELF form); their
 * entry point exits at once through a raw `exit` system call (trapped and emulated), so the
 * measured time is exec + load + link + rewrite + protect + entry + exit. Goal: < 50 ms.
 *   bench_boot PROSPERO WORK_DIR */
#include "../bench_goal.h"
#include "../bench_time.h"
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/nid.h"
#include "hle/hle.h"
#include "sce/sce_elf.h"
#include "sce_builder.h"

#define IMPORTS 5000
#define RELOCS 200000
#define LIBRARIES 20
#define RUNS 15

extern char **environ;

static int write_game(const char *dir, int imports, int relocs) {
  struct sce_builder *b = sb_new(false, "eboot");
  /* mov eax, 1 (FreeBSD exit); xor edi, edi; syscall */
  static const uint8_t code[] = {0xB8, 0x01, 0, 0, 0, 0x31, 0xFF, 0x0F, 0x05, 0xCC};
  sb_set_code(b, code, sizeof code);
  sb_set_entry(b, SB_CODE_VADDR);
  sb_set_data(b, (size_t)(relocs ? relocs : 1) * 8);
  unsigned syms[IMPORTS];
  /* the HLE's own functions first (resolved exactly), then unknown NIDs spread over
   * LIBRARIES libraries (bound to thunks) */
  int n = 0;
  for (size_t li = 0; li < hle_library_count() && n < imports; li++) {
    const struct hle_library *l = hle_library_at(li);
    unsigned lib = sb_add_library(b, l->library_name, l->library_version, false);
    unsigned mod = sb_add_module(b, l->module_name, l->module_version_major, l->module_version_minor);
    for (size_t k = 0; k < l->symbol_count && n < imports; k++)
      if (l->symbols[k].kind == HLE_FUNCTION) syms[n++] = sb_add_import(b, l->symbols[k].nid, lib, mod, false);
  }
  unsigned libs[LIBRARIES], mods[LIBRARIES];
  for (int i = 0; i < LIBRARIES; i++) {
    char name[32];
    snprintf(name, sizeof name, "libBench%02d", i);
    libs[i] = sb_add_library(b, name, 1, false);
    mods[i] = sb_add_module(b, name, 1, 1);
  }
  for (int i = 0; n < imports; i++) {
    char name[48], nid[12];
    snprintf(name, sizeof name, "bench_import_%d", i);
    nid_from_name(name, nid);
    syms[n++] = sb_add_import(b, nid, libs[i % LIBRARIES], mods[i % LIBRARIES], false);
  }
  /* one JUMP_SLOT per import, then GLOB_DAT and R_X86_64_64 to imports, the rest RELATIVE */
  for (int r = 0; r < relocs; r++) {
    uint64_t off = SB_DATA_VADDR + (uint64_t)r * 8;
    if (r < imports) sb_add_rela(b, off, SCE_R_X86_64_JUMP_SLOT, syms[r], 0, true);
    else if (r < 4 * imports) sb_add_rela(b, off, r & 1 ? SCE_R_X86_64_GLOB_DAT : SCE_R_X86_64_64,
                                          syms[r % imports], 0, false);
    else sb_add_rela(b, off, SCE_R_X86_64_RELATIVE, 0, r, false);
  }
  uint8_t *file;
  size_t size = sb_build(b, SB_SELF_PS5, &file);
  sb_free(b);
  char path[4096];
  mkdir(dir, 0755);
  snprintf(path, sizeof path, "%s/eboot.bin", dir);
  FILE *f = fopen(path, "wb");
  int ok = f && fwrite(file, 1, size, f) == size;
  if (f) fclose(f);
  free(file);
  if (!ok) fprintf(stderr, "bench_boot: cannot write %s\n", path);
  return ok ? 0 : -1;
}

/* Best-of-RUNS wall time of one prospero run; -1 if it failed. */
static double run_ms(const char *prospero, const char *game, const char *data_dir) {
  double best = 1e30;
  char *argv[] = {(char *)prospero, "--log-level", "warn", "--game", (char *)game, NULL};
  setenv("XDG_DATA_HOME", data_dir, 1);
  for (int i = 0; i < RUNS; i++) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", 1, 0);
    pid_t pid;
    double t0 = bench_now_s();
    if (posix_spawn(&pid, prospero, &fa, NULL, argv, environ) != 0) return -1;
    int st;
    waitpid(pid, &st, 0);
    double t = (bench_now_s() - t0) * 1e3;
    posix_spawn_file_actions_destroy(&fa);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      fprintf(stderr, "bench_boot: %s exited with status 0x%x\n", game, st);
      return -1;
    }
    if (t < best) best = t;
  }
  return best;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PROSPERO WORK_DIR\n", argv[0]);
    return 64;
  }
  char small[4096], big[4096], data[4096];
  mkdir(argv[2], 0755);
  snprintf(small, sizeof small, "%s/boot_small", argv[2]);
  snprintf(big, sizeof big, "%s/boot_big", argv[2]);
  snprintf(data, sizeof data, "%s/data", argv[2]);
  if (write_game(small, 0, 0) || write_game(big, IMPORTS, RELOCS)) return 1;
  double base = run_ms(argv[1], small, data);
  double full = run_ms(argv[1], big, data);
  if (base < 0 || full < 0) return 1;
  bench_goal("boot", full < 50.0, "< 50 ms", "%.2f ms start-to-entry-and-exit with %d imports + %d "
             "relocations", full, IMPORTS, RELOCS);
  printf("boot: empty guest %.2f ms; linking cost %.2f ms\n", base, full - base);
  return full < 50.0 ? 0 : 1;
}
