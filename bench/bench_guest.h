/* Runs a benchmark's guest under prospero and hands back its standard output, from which
 * the benchmark reads the figures the guest printed. */
#ifndef PROSPERO_BENCH_GUEST_H
#define PROSPERO_BENCH_GUEST_H

#include <stdio.h>

/* Starts `PROSPERO --log-level warn --game GAME` with its stdout readable from the stream
 * returned (close it with pclose, whose status is the run's); NULL (after a message) if the
 * command cannot be started. */
static inline FILE *bench_guest_open(const char *prospero, const char *game) {
  char cmd[8192];
  snprintf(cmd, sizeof cmd, "'%s' --log-level warn --game '%s'", prospero, game);
  FILE *p = popen(cmd, "r");
  if (!p) perror("popen");
  return p;
}

#endif
