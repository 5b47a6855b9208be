/* The host side of guest.pthread_flat_rss: runs the pthread_flat guest under prospero and
 * reads the process's resident set size (/proc/PID/statm) at the guest's "phase before"
 * and "phase after" lines (the guest pauses after each). 10,000 thread create/join plus
 * 200 detached threads must not grow it by more than LIMIT_KIB: a leak of even 400 bytes
 * per thread would.
 *   pthread_flat_rss PROSPERO GAME_FOLDER */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define LIMIT_KIB (4 * 1024)

static long rss_kib(pid_t pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
  FILE *f = fopen(path, "r");
  long size = 0, resident = -1;
  if (f) {
    if (fscanf(f, "%ld %ld", &size, &resident) != 2) resident = -1;
    fclose(f);
  }
  return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PROSPERO GAME_FOLDER\n", argv[0]);
    return 64;
  }
  int fds[2];
  if (pipe(fds) != 0) return 1;
  pid_t pid = fork();
  if (pid < 0) return 1;
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    execl(argv[1], argv[1], "--log-level", "warn", "--game", argv[2], (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  FILE *out = fdopen(fds[0], "r");
  char line[256];
  long before = -1, after = -1;
  while (out && fgets(line, sizeof line, out)) {
    fputs(line, stdout);
    if (strcmp(line, "phase before\n") == 0) before = rss_kib(pid);
    if (strcmp(line, "phase after\n") == 0) after = rss_kib(pid);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || before < 0 || after < 0) {
    printf("pthread_flat_rss: the guest failed (status %#x) or no RSS was read\n", status);
    return 1;
  }
  long growth = after - before;
  printf("resident set: %ld KiB before, %ld KiB after, growth %ld KiB (limit %d KiB): %s\n", before,
         after, growth, LIMIT_KIB, growth <= LIMIT_KIB ? "ok" : "FAILED");
  return growth <= LIMIT_KIB ? 0 : 1;
}
