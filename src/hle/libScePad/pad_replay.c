/* Pad replay files: the parser and the thread that plays them. See pad_replay.h. */
#include "hle/libScePad/pad_replay.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/host_sched.h"
#include "common/log.h"
#include "hle/libScePad/pad.h"
#include "hle/libkernel/libkernel.h"

enum op {
  OP_PRESS,
  OP_RELEASE,
  OP_STICK_LEFT,
  OP_STICK_RIGHT,
  OP_TRIGGER_L2,
  OP_TRIGGER_R2,
  OP_TOUCH,
  OP_UNTOUCH,
  OP_ORIENTATION,
  OP_ACCEL,
  OP_GYRO,
  OP_CONNECT,
  OP_DISCONNECT,
};

struct event {
  uint64_t time_us;
  enum op op;
  uint32_t buttons;
  int ints[3];
  float floats[4];
};

struct pad_replay {
  struct event *events;
  size_t count, cap;
};

static const struct {
  const char *name;
  uint32_t bit;
} button_names[] = {
    {"l3", PAD_BUTTON_L3},           {"r3", PAD_BUTTON_R3},
    {"options", PAD_BUTTON_OPTIONS}, {"up", PAD_BUTTON_UP},
    {"right", PAD_BUTTON_RIGHT},     {"down", PAD_BUTTON_DOWN},
    {"left", PAD_BUTTON_LEFT},       {"l2", PAD_BUTTON_L2},
    {"r2", PAD_BUTTON_R2},           {"l1", PAD_BUTTON_L1},
    {"r1", PAD_BUTTON_R1},           {"triangle", PAD_BUTTON_TRIANGLE},
    {"circle", PAD_BUTTON_CIRCLE},   {"cross", PAD_BUTTON_CROSS},
    {"square", PAD_BUTTON_SQUARE},   {"touchpad", PAD_BUTTON_TOUCH_PAD},
};

uint32_t pad_button_from_name(const char *name) {
  for (size_t i = 0; i < sizeof button_names / sizeof button_names[0]; i++)
    if (strcmp(name, button_names[i].name) == 0) return button_names[i].bit;
  return 0;
}

/* ---- Parser ----------------------------------------------------------------------------- */

#define MAX_WORDS 8
#define MAX_LINE 256
#define MAX_TIME_MS 86400000.0 /* a day */

static bool parse_int(const char *s, long lo, long hi, int *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi) return false;
  *out = (int)v;
  return true;
}

static bool parse_float(const char *s, float *out) {
  char *end;
  errno = 0;
  float v = strtof(s, &end);
  if (errno || end == s || *end || !isfinite(v)) return false;
  *out = v;
  return true;
}

static bool parse_double(const char *s, double *out) {
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (errno || end == s || *end || !isfinite(v)) return false;
  *out = v;
  return true;
}

/* One line split in words: false with a message in ERR. */
static bool parse_words(char **w, int n, struct event *ev, char *err, size_t cap) {
  const char *cmd = w[1];
  int argc = n - 2;
  char **a = w + 2;
  if (!strcmp(cmd, "press") || !strcmp(cmd, "release")) {
    ev->op = cmd[0] == 'p' ? OP_PRESS : OP_RELEASE;
    if (argc < 1) return snprintf(err, cap, "%s needs a button name", cmd), false;
    for (int i = 0; i < argc; i++) {
      uint32_t bit = pad_button_from_name(a[i]);
      if (!bit) return snprintf(err, cap, "unknown button '%s'", a[i]), false;
      ev->buttons |= bit;
    }
    return true;
  }
  if (!strcmp(cmd, "stick")) {
    if (argc != 3 || (strcmp(a[0], "left") && strcmp(a[0], "right")))
      return snprintf(err, cap, "expected: stick left|right X Y"), false;
    ev->op = a[0][0] == 'l' ? OP_STICK_LEFT : OP_STICK_RIGHT;
    if (!parse_int(a[1], 0, 255, &ev->ints[0]) || !parse_int(a[2], 0, 255, &ev->ints[1]))
      return snprintf(err, cap, "stick values are 0..255"), false;
    return true;
  }
  if (!strcmp(cmd, "trigger")) {
    if (argc != 2 || (strcmp(a[0], "l2") && strcmp(a[0], "r2")))
      return snprintf(err, cap, "expected: trigger l2|r2 V"), false;
    ev->op = a[0][0] == 'l' ? OP_TRIGGER_L2 : OP_TRIGGER_R2;
    if (!parse_int(a[1], 0, 255, &ev->ints[0]))
      return snprintf(err, cap, "trigger values are 0..255"), false;
    return true;
  }
  if (!strcmp(cmd, "touch")) {
    ev->op = OP_TOUCH;
    if (argc != 3 || !parse_int(a[0], 0, 255, &ev->ints[0]) ||
        !parse_int(a[1], 0, PAD_TOUCH_RESOLUTION_X - 1, &ev->ints[1]) ||
        !parse_int(a[2], 0, PAD_TOUCH_RESOLUTION_Y - 1, &ev->ints[2]))
      return snprintf(err, cap, "expected: touch ID(0..255) X(0..%d) Y(0..%d)",
                      PAD_TOUCH_RESOLUTION_X - 1, PAD_TOUCH_RESOLUTION_Y - 1),
             false;
    return true;
  }
  if (!strcmp(cmd, "untouch")) {
    ev->op = OP_UNTOUCH;
    if (argc != 1 || !parse_int(a[0], 0, 255, &ev->ints[0]))
      return snprintf(err, cap, "expected: untouch ID(0..255)"), false;
    return true;
  }
  int nf = 0;
  if (!strcmp(cmd, "orientation")) ev->op = OP_ORIENTATION, nf = 4;
  else if (!strcmp(cmd, "accel")) ev->op = OP_ACCEL, nf = 3;
  else if (!strcmp(cmd, "gyro")) ev->op = OP_GYRO, nf = 3;
  if (nf) {
    if (argc != nf) return snprintf(err, cap, "%s takes %d numbers", cmd, nf), false;
    for (int i = 0; i < nf; i++)
      if (!parse_float(a[i], &ev->floats[i]))
        return snprintf(err, cap, "'%s' is not a finite number", a[i]), false;
    return true;
  }
  if (!strcmp(cmd, "connect") || !strcmp(cmd, "disconnect")) {
    ev->op = cmd[0] == 'c' ? OP_CONNECT : OP_DISCONNECT;
    if (argc) return snprintf(err, cap, "%s takes no argument", cmd), false;
    return true;
  }
  return snprintf(err, cap, "unknown command '%s'", cmd), false;
}

struct pad_replay *pad_replay_parse(const char *text, size_t len, char *err, size_t cap) {
  struct pad_replay *r = calloc(1, sizeof *r);
  if (!r) return snprintf(err, cap, "out of memory"), NULL;
  size_t pos = 0;
  int line_no = 0;
  uint64_t last_time = 0;
  char msg[160];
  while (pos < len) {
    line_no++;
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    size_t n = end - pos;
    char line[MAX_LINE + 1];
    if (n > MAX_LINE) {
      snprintf(err, cap, "line %d: longer than %d bytes", line_no, MAX_LINE);
      goto fail;
    }
    memcpy(line, text + pos, n);
    line[n] = 0;
    pos = end + 1;
    if (memchr(line, 0, n)) {
      snprintf(err, cap, "line %d: a NUL byte", line_no);
      goto fail;
    }
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *w[MAX_WORDS + 1];
    int nw = 0;
    for (char *tok = strtok(line, " \t\r"); tok; tok = strtok(NULL, " \t\r")) {
      if (nw == MAX_WORDS + 1) break;
      w[nw++] = tok;
    }
    if (nw == 0) continue;
    if (nw > MAX_WORDS) {
      snprintf(err, cap, "line %d: more than %d words", line_no, MAX_WORDS);
      goto fail;
    }
    double ms;
    if (!parse_double(w[0], &ms) || ms < 0 || ms > MAX_TIME_MS) {
      snprintf(err, cap, "line %d: '%s' is not a time in milliseconds (0..%.0f)", line_no, w[0],
               MAX_TIME_MS);
      goto fail;
    }
    if (nw < 2) {
      snprintf(err, cap, "line %d: a command is missing after the time", line_no);
      goto fail;
    }
    struct event ev = {.time_us = (uint64_t)(ms * 1000.0 + 0.5)};
    if (ev.time_us < last_time) {
      snprintf(err, cap, "line %d: the time goes back (%.3f ms after %.3f ms)", line_no, ms,
               (double)last_time / 1000.0);
      goto fail;
    }
    if (!parse_words(w, nw, &ev, msg, sizeof msg)) {
      snprintf(err, cap, "line %d: %s", line_no, msg);
      goto fail;
    }
    last_time = ev.time_us;
    if (r->count == r->cap) {
      size_t nc = r->cap ? r->cap * 2 : 64;
      struct event *ne = realloc(r->events, nc * sizeof *ne);
      if (!ne) {
        snprintf(err, cap, "out of memory");
        goto fail;
      }
      r->events = ne, r->cap = nc;
    }
    r->events[r->count++] = ev;
  }
  return r;
fail:
  pad_replay_free(r);
  return NULL;
}

size_t pad_replay_event_count(const struct pad_replay *r) { return r->count; }

uint64_t pad_replay_duration_us(const struct pad_replay *r) {
  return r->count ? r->events[r->count - 1].time_us : 0;
}

void pad_replay_free(struct pad_replay *r) {
  if (!r) return;
  free(r->events);
  free(r);
}

/* ---- Playing ---------------------------------------------------------------------------- */

static void apply_event(struct pad_input_state *s, const struct event *ev) {
  switch (ev->op) {
    case OP_PRESS: s->buttons |= ev->buttons; break;
    case OP_RELEASE: s->buttons &= ~ev->buttons; break;
    case OP_STICK_LEFT: s->left_x = (uint8_t)ev->ints[0], s->left_y = (uint8_t)ev->ints[1]; break;
    case OP_STICK_RIGHT:
      s->right_x = (uint8_t)ev->ints[0], s->right_y = (uint8_t)ev->ints[1];
      break;
    case OP_TRIGGER_L2: s->l2 = (uint8_t)ev->ints[0]; break;
    case OP_TRIGGER_R2: s->r2 = (uint8_t)ev->ints[0]; break;
    case OP_TOUCH: {
      int i = 0;
      while (i < s->touch_count && s->touch[i].id != ev->ints[0]) i++;
      if (i == s->touch_count) {
        if (s->touch_count == PAD_MAX_TOUCH_NUM) {
          LOG(hle, WARN, "pad replay: a third finger is ignored (the pad reports two)");
          break;
        }
        s->touch_count++;
      }
      s->touch[i].id = (uint8_t)ev->ints[0];
      s->touch[i].x = (uint16_t)ev->ints[1];
      s->touch[i].y = (uint16_t)ev->ints[2];
      break;
    }
    case OP_UNTOUCH:
      for (int i = 0; i < s->touch_count; i++)
        if (s->touch[i].id == ev->ints[0]) {
          for (int j = i; j + 1 < s->touch_count; j++) s->touch[j] = s->touch[j + 1];
          s->touch_count--;
          break;
        }
      break;
    case OP_ORIENTATION: memcpy(s->orientation, ev->floats, sizeof s->orientation); break;
    case OP_ACCEL: memcpy(s->acceleration, ev->floats, sizeof s->acceleration); break;
    case OP_GYRO: memcpy(s->angular_velocity, ev->floats, sizeof s->angular_velocity); break;
    case OP_CONNECT: s->connected = true; break;
    case OP_DISCONNECT: s->connected = false; break;
  }
}

struct group {
  const struct event *first;
  size_t count;
};

static void apply_group(struct pad_input_state *s, void *ctx) {
  const struct group *g = ctx;
  for (size_t i = 0; i < g->count; i++) apply_event(s, &g->first[i]);
}

/* Calls FN for each group of events with the same time. */
static void for_each_group(const struct pad_replay *r, uint64_t origin_us,
                           void (*fn)(const struct group *, uint64_t when_us)) {
  for (size_t i = 0; i < r->count;) {
    size_t j = i;
    while (j < r->count && r->events[j].time_us == r->events[i].time_us) j++;
    struct group g = {&r->events[i], j - i};
    fn(&g, origin_us + r->events[i].time_us);
    i = j;
  }
}

static void apply_now(const struct group *g, uint64_t when_us) {
  pad_input_edit(apply_group, (void *)g, when_us);
}

void pad_replay_apply_all(const struct pad_replay *r, uint64_t origin_us) {
  for_each_group(r, origin_us, apply_now);
}

/* The process time (microseconds) is CLOCK_MONOTONIC minus the process start, so a
 * deadline in process time becomes a CLOCK_MONOTONIC one with this offset. */
static uint64_t monotonic_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void apply_at(const struct group *g, uint64_t when_us) {
  uint64_t now = kernel_get_process_time();
  if (when_us > now) {
    uint64_t target = monotonic_us() + (when_us - now);
    struct timespec ts = {.tv_sec = (time_t)(target / 1000000u),
                          .tv_nsec = (long)(target % 1000000u) * 1000};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
    }
  }
  pad_input_edit(apply_group, (void *)g, when_us);
}

struct runner {
  struct pad_replay *replay;
  uint64_t origin_us;
  pthread_mutex_t lock;
  pthread_cond_t cond;
  bool started;
};

static struct runner runner = {.lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};

static void on_first_open(uint64_t now_us, void *ctx) {
  struct runner *rn = ctx;
  pthread_mutex_lock(&rn->lock);
  rn->origin_us = now_us;
  rn->started = true;
  pthread_cond_signal(&rn->cond);
  pthread_mutex_unlock(&rn->lock);
}

static void *runner_main(void *arg) {
  struct runner *rn = arg;
  pthread_mutex_lock(&rn->lock);
  while (!rn->started) pthread_cond_wait(&rn->cond, &rn->lock);
  uint64_t origin = rn->origin_us;
  pthread_mutex_unlock(&rn->lock);
  LOG(hle, INFO, "pad replay: %zu events over %.3f ms from the first scePadOpen", rn->replay->count,
      (double)pad_replay_duration_us(rn->replay) / 1000.0);
  for_each_group(rn->replay, origin, apply_at);
  LOG(hle, INFO, "pad replay: done");
  return NULL;
}

bool pad_replay_start(struct pad_replay *r) {
  runner.replay = r;
  pad_set_open_hook(on_first_open, &runner);
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  int rc = host_sched_thread_create(&t, &attr, runner_main, &runner);
  pthread_attr_destroy(&attr);
  if (rc) {
    pad_set_open_hook(NULL, NULL);
    return false;
  }
  return true;
}
