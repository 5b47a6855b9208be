/* Synchronisation cost: an uncontended mutex lock+unlock and a condition-variable ping-pong
 * round trip from a guest under prospero, against glibc's pthread_mutex / pthread_cond in
 * this host program, measured in the same run. Goals: guest/host <= 1.5 for both.
 *   bench_sync PROSPERO GAME_FOLDER */
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "../bench_goal.h"
#include "../bench_guest.h"

#define PAIRS 2000000
#define ROUNDS 50000

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static double host_mutex_ns(void) {
  pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
  double best = 1e30;
  for (int run = 0; run < 20; run++) {
    double t0 = now_ns();
    for (int i = 0; i < PAIRS; i++) {
      pthread_mutex_lock(&m);
      pthread_mutex_unlock(&m);
    }
    double ns = (now_ns() - t0) / PAIRS;
    if (ns < best) best = ns;
  }
  return best;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int turn;

static void *pong(void *arg) {
  (void)arg;
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    while (turn != 1) pthread_cond_wait(&cond, &lock);
    turn = 0;
    pthread_cond_signal(&cond);
    pthread_mutex_unlock(&lock);
  }
  return NULL;
}

static double host_pingpong_ns(void) {
  pthread_t t;
  turn = 0;
  if (pthread_create(&t, NULL, pong, NULL) != 0) return -1;
  double t0 = now_ns();
  for (int i = 0; i < ROUNDS; i++) {
    pthread_mutex_lock(&lock);
    turn = 1;
    pthread_cond_signal(&cond);
    while (turn != 0) pthread_cond_wait(&cond, &lock);
    pthread_mutex_unlock(&lock);
  }
  double ns = (now_ns() - t0) / ROUNDS;
  pthread_join(t, NULL);
  return ns;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PROSPERO GAME_FOLDER\n", argv[0]);
    return 64;
  }
  double host_mutex = host_mutex_ns();
  double host_pp = host_pingpong_ns();
  FILE *p = bench_guest_open(argv[1], argv[2]);
  if (!p) return 1;
  char line[256];
  double guest_mutex = -1, guest_pp = -1;
  while (fgets(line, sizeof line, p)) {
    sscanf(line, "guest_mutex_ns %lf", &guest_mutex);
    sscanf(line, "guest_pingpong_ns %lf", &guest_pp);
  }
  int status = pclose(p);
  if (guest_mutex < 0 || guest_pp < 0 || status != 0) {
    fprintf(stderr, "bench_sync: the guest did not report (status %d)\n", status);
    return 1;
  }
  /* the host figures again after the guest ran: the best of both, as the guest's are */
  double again = host_mutex_ns();
  if (again < host_mutex) host_mutex = again;
  again = host_pingpong_ns();
  if (again > 0 && again < host_pp) host_pp = again;
  bench_goal("sync_mutex", guest_mutex / host_mutex <= 1.5, "<= 1.5x",
             "guest/host uncontended mutex lock+unlock %.2fx", guest_mutex / host_mutex);
  bench_goal("sync_condvar", guest_pp / host_pp <= 1.5, "<= 1.5x",
             "guest/host condition-variable ping-pong round trip %.2fx", guest_pp / host_pp);
  printf("sync: mutex lock+unlock guest %.2f ns, host (glibc) %.2f ns\n", guest_mutex, host_mutex);
  printf("sync: ping-pong round trip guest %.0f ns, host (glibc) %.0f ns\n", guest_pp, host_pp);
  return 0;
}
