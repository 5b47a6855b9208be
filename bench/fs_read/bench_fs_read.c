/* File read throughput: a guest reads a 64 MiB file in /temp0 through sceKernelRead (1 MiB
 * calls into a malloc'd buffer; each call checks its buffer against the guest memory map and
 * goes through the descriptor table) against this program's read() of the same file with the same
 * chunk size, in the same run, both from the page cache: two rounds of (guest, host), best of 25
 * reads each, so both sample the machine's load alike. Goal: the guest gets at least 0.9 of the
 * host's rate.
 *   bench_fs_read PROSPERO GAME_FOLDER */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "../bench_goal.h"
#include "../bench_guest.h"

#define FILE_SIZE (64u << 20)
#define CHUNK (1u << 20)
#define RUNS 25

static double host_seconds(const char *path) {
  char *buf = aligned_alloc(4096, CHUNK); /* page-aligned, as the guest's large malloc blocks */
  int fd = open(path, O_RDONLY);
  if (!buf || fd < 0) return -1;
  double best = 1e30;
  for (int run = 0; run < RUNS; run++) {
    lseek(fd, 0, SEEK_SET);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    size_t total = 0;
    for (;;) {
      ssize_t n = read(fd, buf, CHUNK);
      if (n <= 0) break;
      total += (size_t)n;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (total != FILE_SIZE) best = -1;
    double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    if (best > 0 && s < best) best = s;
  }
  close(fd);
  free(buf);
  return best;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PROSPERO GAME_FOLDER\n", argv[0]);
    return 64;
  }
  char data[] = "/tmp/prospero-bench-fs-XXXXXX";
  if (!mkdtemp(data)) return 1;
  setenv("XDG_DATA_HOME", data, 1); /* the title's /temp0 lives under it */
  /* two rounds of guest then host, best of each, so both sample the machine's load alike */
  double guest = 1e30, host = 1e30;
  int status = 0;
  char file[256];
  snprintf(file, sizeof file, "%s/prospero/BNCH00064/temp0/bench.bin", data);
  for (int round = 0; round < 2 && status == 0; round++) {
    FILE *p = bench_guest_open(argv[1], argv[2]);
    if (!p) return 1;
    char line[256];
    double g = -1;
    while (fgets(line, sizeof line, p)) sscanf(line, "guest_read_seconds %lf", &g);
    status = pclose(p);
    double h = g > 0 && status == 0 ? host_seconds(file) : -1;
    if (g <= 0 || h <= 0) {
      guest = host = -1;
      break;
    }
    if (g < guest) guest = g;
    if (h < host) host = h;
  }
  unlink(file);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", data);
  if (system(cmd) != 0) fprintf(stderr, "bench_fs_read: could not remove %s\n", data);
  if (guest <= 0 || host <= 0) {
    fprintf(stderr, "bench_fs_read: no figure (guest %.6f s, host %.6f s, status %d)\n", guest,
            host, status);
    return 1;
  }
  double mib = FILE_SIZE / 1048576.0, ratio = host / guest;
  bench_goal("fs_read", ratio >= 0.9, ">= 0.9", "%.2f of the host's read rate", ratio);
  printf("fs_read: guest sceKernelRead %.0f MiB/s, host read() %.0f MiB/s (64 MiB, 1 MiB calls)\n",
         mib / guest, mib / host);
  return 0;
}
