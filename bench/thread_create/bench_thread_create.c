/* Thread create+join: a guest creating and joining threads through scePthreadCreate /
 * scePthreadJoin versus a host program doing pthread_create / pthread_join in the same run
 * (both: a thread that returns at once; best of 10 runs of 300). Goal: guest/host <= 2.
 *   bench_thread_create PROSPERO GAME_FOLDER */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "../bench_goal.h"
#include "../bench_guest.h"

#define THREADS 300

static void *nothing(void *p) { return p; }

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double host_ns_per_thread(void) {
  double best = 1e30;
  for (int run = 0; run < 10; run++) {
    double t0 = now_ns();
    for (int i = 0; i < THREADS; i++) {
      pthread_t t;
      if (pthread_create(&t, NULL, nothing, NULL) != 0) return -1;
      pthread_join(t, NULL);
    }
    double ns = (now_ns() - t0) / THREADS;
    if (ns < best) best = ns;
  }
  return best;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PROSPERO GAME_FOLDER\n", argv[0]);
    return 64;
  }
  double host = host_ns_per_thread();
  FILE *p = bench_guest_open(argv[1], argv[2]);
  if (!p || host < 0) return 1;
  char line[256];
  double guest = -1;
  while (fgets(line, sizeof line, p))
    if (sscanf(line, "guest_ns_per_thread %lf", &guest) == 1) break;
  while (fgets(line, sizeof line, p)) {
  }
  int status = pclose(p);
  if (guest < 0 || status != 0) {
    fprintf(stderr, "bench_thread_create: the guest did not report (status %d)\n", status);
    return 1;
  }
  double again = host_ns_per_thread();
  if (again > 0 && again < host) host = again;
  bench_goal("thread_create", guest / host <= 2.0, "<= 2x", "guest/host create+join ratio %.2fx",
             guest / host);
  printf("thread_create: guest %.1f us per create+join, host %.1f us\n", guest / 1000, host / 1000);
  return 0;
}
