/* Pad latency (label bench): from a host input event to the guest's next scePadReadState
 * that sees it, through the whole host path: an SDL2 virtual game controller stands for the
 * device, the app's SDL input thread (src/app/input_host.c, as prospero runs it) picks the
 * change up and edits the pad, and a guest thread (the HLE function, as a guest calls it)
 * polls scePadReadState every POLL_US. A host thread makes EVENTS button changes (argument;
 * default 300) 7-13 ms apart and notes when. The figure is the p99 of event-to-seen, and of
 * its part beyond the guest's own wait for its next ReadState (how long before the previous
 * ReadState, which missed it, the event had happened); beside it the host path's own part
 * (event to the sample's timestamp: when the pad changed) and the same with a busy thread on
 * every core. Goal: p99 < 1 ms + the poll interval, i.e. beyond the wait < 1 ms.
 * Exit 77 (a skip) when SDL's game controller subsystem cannot start. */
#include <SDL.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../bench_goal.h"
#include "hle/libScePad/pad.h"
#include "hle/libkernel/libkernel.h"
#include "input_host.h"

#define POLL_US 4000
#define MAX_EVENTS 5000

static atomic_uint_fast64_t event_us; /* process time of the latest event */
static atomic_uint expected;          /* the buttons the latest event set */
static atomic_bool stop, guest_stop;
static double latency_us[MAX_EVENTS], delivery_us[MAX_EVENTS], beyond_us[MAX_EVENTS];
static atomic_int seen;
static atomic_int late_polls; /* polls that came more than MIN_SPACING_US after the previous */

#define MIN_SPACING_US 7000 /* events are 7-13 ms apart */

struct guest_data { /* ScePadData: buttons at 0, timestamp at 80 */
  uint32_t buttons;
  uint8_t before_timestamp[76];
  uint64_t timestamp;
  uint8_t rest[32];
};
_Static_assert(sizeof(struct guest_data) == 120, "ScePadData is 120 bytes");

static void *guest(void *arg) {
  int h = *(int *)arg;
  uint32_t last = 0;
  uint64_t previous = 0; /* when the previous ReadState was called */
  while (!atomic_load(&guest_stop)) {
    struct guest_data d;
    uint64_t called = kernel_get_process_time();
    pad_read_state(h, &d);
    if (d.buttons != last && d.buttons == atomic_load(&expected)) {
      uint64_t t = kernel_get_process_time(), e = atomic_load(&event_us);
      int i = atomic_fetch_add(&seen, 1);
      if (i < MAX_EVENTS) {
        latency_us[i] = (double)(t - e);
        delivery_us[i] = d.timestamp > e ? (double)(d.timestamp - e) : 0;
        /* beyond the guest's own wait: the previous ReadState came after the event and
         * did not see it (0 when the event came after it: then this is the next one) */
        beyond_us[i] = previous > e ? (double)(previous - e) : 0;
      }
      last = d.buttons;
    }
    /* a poll the host delayed past the events' spacing may miss one (the guest's, not the
     * pad's): counted, and such a miss does not count against the goal */
    if (previous && called - previous > MIN_SPACING_US) atomic_fetch_add(&late_polls, 1);
    previous = called;
    usleep(POLL_US);
  }
  return NULL;
}

static void *spin(void *arg) {
  (void)arg;
  volatile uint64_t x = 0;
  while (!atomic_load_explicit(&stop, memory_order_relaxed)) x = x * 3 + 1;
  return NULL;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double p99(double *v, int n) {
  qsort(v, (size_t)n, sizeof v[0], cmp);
  return n ? v[(size_t)((n - 1) * 0.99)] : 0;
}

struct figures {
  double p99, max, delivery_p99, delivery_max, beyond_p99, beyond_max;
  int seen, late_polls;
};

static struct figures run(SDL_Joystick *js, int h, int events, int spinners) {
  pthread_t t[256], g;
  atomic_store(&stop, false);
  atomic_store(&guest_stop, false);
  atomic_store(&seen, 0);
  atomic_store(&late_polls, 0);
  for (int i = 0; i < spinners; i++) pthread_create(&t[i], NULL, spin, NULL);
  pthread_create(&g, NULL, guest, &h);
  unsigned seed = 1;
  for (int e = 0; e < events; e++) {
    /* cross and circle in turn: one button goes up, the other down, in one update */
    bool odd = e & 1;
    atomic_store(&expected, odd ? PAD_BUTTON_CROSS : PAD_BUTTON_CIRCLE);
    atomic_store(&event_us, kernel_get_process_time());
    SDL_LockJoysticks();
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_A, odd);
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_B, !odd);
    SDL_UnlockJoysticks();
    seed = seed * 1103515245u + 12345u;
    usleep(7000 + (seed >> 16) % 6000);
  }
  atomic_store(&guest_stop, true);
  pthread_join(g, NULL);
  atomic_store(&stop, true);
  for (int i = 0; i < spinners; i++) pthread_join(t[i], NULL);
  struct figures f = {0};
  f.seen = atomic_load(&seen);
  f.late_polls = atomic_load(&late_polls);
  if (f.seen > MAX_EVENTS) f.seen = MAX_EVENTS;
  f.p99 = p99(latency_us, f.seen);
  f.max = f.seen ? latency_us[f.seen - 1] : 0;
  f.delivery_p99 = p99(delivery_us, f.seen);
  f.delivery_max = f.seen ? delivery_us[f.seen - 1] : 0;
  f.beyond_p99 = p99(beyond_us, f.seen);
  f.beyond_max = f.seen ? beyond_us[f.seen - 1] : 0;
  return f;
}

int main(int argc, char **argv) {
  int events = argc > 1 ? atoi(argv[1]) : 300;
  if (events < 10 || events > MAX_EVENTS) events = 300;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  if (cores < 1) cores = 1;
  if (cores > 256) cores = 256;
  struct app_options opt;
  memset(&opt, 0, sizeof opt);
  if (!app_input_setup(&opt)) return 1; /* the default keymap; SDL starts with scePadInit */
  pad_init();
  int h = pad_open(1, PAD_PORT_TYPE_STANDARD, 0, NULL);
  if (h < 0) {
    fprintf(stderr, "bench_pad: open failed %#x\n", (unsigned)h);
    return 1;
  }
  for (int i = 0; i < 300 && !SDL_WasInit(SDL_INIT_GAMECONTROLLER); i++) usleep(10000);
  if (!SDL_WasInit(SDL_INIT_GAMECONTROLLER)) {
    printf("bench.pad_latency: SKIP (SDL's game controller subsystem did not start)\n");
    return 77;
  }
  SDL_VirtualJoystickDesc desc;
  memset(&desc, 0, sizeof desc);
  desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
  desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
  desc.naxes = SDL_CONTROLLER_AXIS_MAX;
  desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
  desc.name = "prospero bench pad";
  int index = SDL_JoystickAttachVirtualEx(&desc);
  SDL_Joystick *js = index >= 0 ? SDL_JoystickOpen(index) : NULL;
  if (!js) {
    printf("bench.pad_latency: SKIP (no SDL virtual controller: %s)\n", SDL_GetError());
    return 77;
  }
  usleep(300000); /* the input thread sees the controller arrive */
  struct figures plain = run(js, h, events, 0);
  struct figures busy = run(js, h, events / 3, (int)cores);
  /* the goal, < 1 ms plus the guest's poll interval: the latency beyond the guest's own
   * wait for its next ReadState (which a busy host stretches; the raw figure beside it) */
  bench_goal("pad_latency", plain.beyond_p99 < 1000.0 && plain.seen + plain.late_polls >= events,
             "< 1 ms + the poll interval",
             "p99 %.0f us from a host event (an SDL controller) to the guest's next ReadState "
             "that sees it, polling every %d us: %.0f us beyond the guest's own wait (%d of "
             "%d seen; %d polls the host delayed past the events' spacing)",
             plain.p99, POLL_US, plain.beyond_p99, plain.seen, events, plain.late_polls);
  printf(
      "  max %.0f us (beyond the wait %.0f us); the host path (event to the pad's sample): "
      "p99 %.0f us, max %.0f us\n",
      plain.max, plain.beyond_max, plain.delivery_p99, plain.delivery_max);
  printf(
      "  with a busy thread on each of %ld cores: p99 %.0f us, beyond the wait p99 %.0f us "
      "(max %.0f), host path p99 %.0f us (max %.0f) over %d of %d events (a guest poll the "
      "host delays past the next event misses one); ratio busy/plain p99 %.2f\n",
      cores, busy.p99, busy.beyond_p99, busy.beyond_max, busy.delivery_p99, busy.delivery_max,
      busy.seen, events / 3, plain.p99 > 0 ? busy.p99 / plain.p99 : 0.0);
  double load[1];
  if (getloadavg(load, 1) == 1)
    printf("  host load average %.1f on %ld cores (other processes share them)\n", load[0], cores);
  return 0;
}
