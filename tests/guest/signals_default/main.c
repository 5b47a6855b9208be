/* Default actions (FreeBSD sigaction(2)): SIGCHLD is ignored by default, so raising it does
 * nothing; SIGUSR1's default ends the process before raise returns. */
#include <signal.h>
#include <stdio.h>

int main(void) {
  printf("raise(SIGCHLD): %d\n", raise(SIGCHLD));
  fflush(stdout);
  raise(SIGUSR1);
  printf("still running after raise(SIGUSR1)\n");
  return 0;
}
