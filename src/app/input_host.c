/* The pad's host input: replay files, SDL2 game controllers (hot-plug, sensors, touch pad,
 * rumble, light bar) and the keyboard map. See input_host.h and docs/input-audio.md. */
#include "input_host.h"

#include <SDL.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "common/log.h"
#include "hle/libScePad/pad.h"
#include "hle/libScePad/pad_keymap.h"
#include "hle/libScePad/pad_replay.h"
#include "hle/libScePad/pad_trigger.h"

#define MAX_FILE (1u << 20)
#define STANDARD_GRAVITY 9.80665f

/* The whole of PATH (at most MAX_FILE bytes) in a malloc'd buffer, or NULL. */
static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = malloc(MAX_FILE + 1);
  size_t n = buf ? fread(buf, 1, MAX_FILE + 1, f) : 0;
  fclose(f);
  if (!buf || n > MAX_FILE) {
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

/* ---- SDL2 ----------------------------------------------------------------------------- */

static struct {
  struct pad_keymap keymap;
  SDL_Keycode keys[PAD_KEYMAP_MAX];
  SDL_GameController *gc;
  SDL_JoystickID gc_id;
  pthread_mutex_t gc_lock; /* gc, for the vibration and light bar calls of guest threads */
} in = {.gc_lock = PTHREAD_MUTEX_INITIALIZER};

struct sdl_edit {
  const SDL_Event *e;
  float gyro_dt; /* seconds since the last gyro sample, for the orientation */
};

static uint8_t stick_value(Sint16 v) { return (uint8_t)((v + 32768) >> 8); }
static uint8_t trigger_value(Sint16 v) { return (uint8_t)(v <= 0 ? 0 : (v * 255 + 16383) / 32767); }

static uint32_t button_of(Uint8 b) {
  switch (b) {
    case SDL_CONTROLLER_BUTTON_A: return PAD_BUTTON_CROSS;
    case SDL_CONTROLLER_BUTTON_B: return PAD_BUTTON_CIRCLE;
    case SDL_CONTROLLER_BUTTON_X: return PAD_BUTTON_SQUARE;
    case SDL_CONTROLLER_BUTTON_Y: return PAD_BUTTON_TRIANGLE;
    case SDL_CONTROLLER_BUTTON_START: return PAD_BUTTON_OPTIONS;
    case SDL_CONTROLLER_BUTTON_BACK:
    case SDL_CONTROLLER_BUTTON_TOUCHPAD: return PAD_BUTTON_TOUCH_PAD;
    case SDL_CONTROLLER_BUTTON_LEFTSTICK: return PAD_BUTTON_L3;
    case SDL_CONTROLLER_BUTTON_RIGHTSTICK: return PAD_BUTTON_R3;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return PAD_BUTTON_L1;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return PAD_BUTTON_R1;
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return PAD_BUTTON_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return PAD_BUTTON_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return PAD_BUTTON_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return PAD_BUTTON_RIGHT;
    default: return 0;
  }
}

/* Integrates the angular velocity W (rad/s) over DT seconds into the quaternion Q. */
static void integrate(float q[4], const float w[3], float dt) {
  float dq[4] = {0.5f * dt * (q[3] * w[0] + q[1] * w[2] - q[2] * w[1]),
                 0.5f * dt * (q[3] * w[1] + q[2] * w[0] - q[0] * w[2]),
                 0.5f * dt * (q[3] * w[2] + q[0] * w[1] - q[1] * w[0]),
                 -0.5f * dt * (q[0] * w[0] + q[1] * w[1] + q[2] * w[2])};
  float n = 0;
  for (int i = 0; i < 4; i++) q[i] += dq[i], n += q[i] * q[i];
  n = sqrtf(n);
  if (n > 0)
    for (int i = 0; i < 4; i++) q[i] /= n;
}

static void touch_set(struct pad_input_state *s, uint8_t id, float x, float y, bool down) {
  int i = 0;
  while (i < s->touch_count && s->touch[i].id != id) i++;
  if (!down) {
    if (i < s->touch_count) {
      for (int j = i; j + 1 < s->touch_count; j++) s->touch[j] = s->touch[j + 1];
      s->touch_count--;
    }
    return;
  }
  if (i == s->touch_count) {
    if (i == PAD_MAX_TOUCH_NUM) return;
    s->touch_count++;
  }
  s->touch[i].id = id;
  s->touch[i].x = (uint16_t)fminf(x * PAD_TOUCH_RESOLUTION_X, PAD_TOUCH_RESOLUTION_X - 1);
  s->touch[i].y = (uint16_t)fminf(y * PAD_TOUCH_RESOLUTION_Y, PAD_TOUCH_RESOLUTION_Y - 1);
}

static void apply_sdl(struct pad_input_state *s, void *ctx) {
  const struct sdl_edit *ed = ctx;
  const SDL_Event *e = ed->e;
  switch (e->type) {
    case SDL_CONTROLLERBUTTONDOWN: s->buttons |= button_of(e->cbutton.button); break;
    case SDL_CONTROLLERBUTTONUP: s->buttons &= ~button_of(e->cbutton.button); break;
    case SDL_CONTROLLERAXISMOTION: {
      Sint16 v = e->caxis.value;
      switch (e->caxis.axis) {
        case SDL_CONTROLLER_AXIS_LEFTX: s->left_x = stick_value(v); break;
        case SDL_CONTROLLER_AXIS_LEFTY: s->left_y = stick_value(v); break;
        case SDL_CONTROLLER_AXIS_RIGHTX: s->right_x = stick_value(v); break;
        case SDL_CONTROLLER_AXIS_RIGHTY: s->right_y = stick_value(v); break;
        case SDL_CONTROLLER_AXIS_TRIGGERLEFT:
          s->l2 = trigger_value(v);
          s->buttons = s->l2 ? s->buttons | PAD_BUTTON_L2 : s->buttons & ~PAD_BUTTON_L2;
          break;
        case SDL_CONTROLLER_AXIS_TRIGGERRIGHT:
          s->r2 = trigger_value(v);
          s->buttons = s->r2 ? s->buttons | PAD_BUTTON_R2 : s->buttons & ~PAD_BUTTON_R2;
          break;
        default: break;
      }
      break;
    }
    case SDL_CONTROLLERSENSORUPDATE:
      if (e->csensor.sensor == SDL_SENSOR_ACCEL) {
        for (int i = 0; i < 3; i++) s->acceleration[i] = e->csensor.data[i] / STANDARD_GRAVITY;
      } else if (e->csensor.sensor == SDL_SENSOR_GYRO) {
        for (int i = 0; i < 3; i++) s->angular_velocity[i] = e->csensor.data[i];
        if (ed->gyro_dt > 0) integrate(s->orientation, s->angular_velocity, ed->gyro_dt);
      }
      break;
    case SDL_CONTROLLERTOUCHPADDOWN:
    case SDL_CONTROLLERTOUCHPADMOTION:
    case SDL_CONTROLLERTOUCHPADUP:
      touch_set(s, (uint8_t)e->ctouchpad.finger, e->ctouchpad.x, e->ctouchpad.y,
                e->type != SDL_CONTROLLERTOUCHPADUP);
      break;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
      for (size_t i = 0; i < in.keymap.count; i++)
        if (in.keys[i] == e->key.keysym.sym)
          pad_key_apply(s, &in.keymap.entries[i].action, e->type == SDL_KEYDOWN);
      break;
    default: break;
  }
}

static void to_rest(struct pad_input_state *s, void *ctx) {
  (void)ctx;
  pad_input_rest(s, true);
}

static void open_controller(int index) {
  SDL_GameController *gc = SDL_GameControllerOpen(index);
  if (!gc) return;
  pthread_mutex_lock(&in.gc_lock);
  if (in.gc) { /* one is in use: keep it */
    pthread_mutex_unlock(&in.gc_lock);
    SDL_GameControllerClose(gc);
    return;
  }
  in.gc = gc;
  in.gc_id = SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(gc));
  pthread_mutex_unlock(&in.gc_lock);
  SDL_GameControllerSetSensorEnabled(gc, SDL_SENSOR_ACCEL, SDL_TRUE);
  SDL_GameControllerSetSensorEnabled(gc, SDL_SENSOR_GYRO, SDL_TRUE);
  LOG(core, INFO, "pad: host controller '%s'", SDL_GameControllerName(gc));
  pad_input_edit(to_rest, NULL, 0);
}

static void close_controller(SDL_JoystickID id) {
  pthread_mutex_lock(&in.gc_lock);
  SDL_GameController *gc = in.gc && in.gc_id == id ? in.gc : NULL;
  if (gc) in.gc = NULL;
  pthread_mutex_unlock(&in.gc_lock);
  if (!gc) return;
  LOG(core, INFO, "pad: host controller removed; the keyboard drives the pad");
  SDL_GameControllerClose(gc);
  pad_input_edit(to_rest, NULL, 0);
  for (int i = 0; i < SDL_NumJoysticks() && !in.gc; i++)
    if (SDL_IsGameController(i)) open_controller(i);
}

static void host_vibration(void *ctx, uint8_t large, uint8_t small) {
  (void)ctx;
  pthread_mutex_lock(&in.gc_lock);
  if (in.gc)
    SDL_GameControllerRumble(in.gc, (Uint16)(large * 257), (Uint16)(small * 257), UINT32_MAX);
  pthread_mutex_unlock(&in.gc_lock);
}

static void host_light_bar(void *ctx, uint8_t r, uint8_t g, uint8_t b) {
  (void)ctx;
  pthread_mutex_lock(&in.gc_lock);
  if (in.gc) SDL_GameControllerSetLED(in.gc, r, g, b);
  pthread_mutex_unlock(&in.gc_lock);
}

/* The adaptive triggers go to a DualSense through SDL's effect packet for PS5 controllers
 * (the effects part of the controller's output report: two enable bytes, the motors and
 * audio settings, then the right trigger's 11-byte block at 10 and the left's at 21; the
 * enable bits 0x04 and 0x08 select the right and left trigger). Other controllers have no
 * such triggers (logged once). */
#define DS5_EFFECTS_SIZE 47
#define DS5_ENABLE_RIGHT_TRIGGER 0x04
#define DS5_ENABLE_LEFT_TRIGGER 0x08
#define DS5_RIGHT_TRIGGER_AT 10
#define DS5_LEFT_TRIGGER_AT 21

static void host_trigger_effect(void *ctx, uint8_t mask, const uint8_t l2[11],
                                const uint8_t r2[11]) {
  (void)ctx;
  uint8_t packet[DS5_EFFECTS_SIZE] = {0};
  if (mask & PAD_TRIGGER_MASK_R2) {
    packet[0] |= DS5_ENABLE_RIGHT_TRIGGER;
    memcpy(&packet[DS5_RIGHT_TRIGGER_AT], r2, PAD_TRIGGER_BLOCK_SIZE);
  }
  if (mask & PAD_TRIGGER_MASK_L2) {
    packet[0] |= DS5_ENABLE_LEFT_TRIGGER;
    memcpy(&packet[DS5_LEFT_TRIGGER_AT], l2, PAD_TRIGGER_BLOCK_SIZE);
  }
  pthread_mutex_lock(&in.gc_lock);
  bool dualsense = in.gc && SDL_GameControllerGetType(in.gc) == SDL_CONTROLLER_TYPE_PS5;
  int rc = dualsense ? SDL_GameControllerSendEffect(in.gc, packet, sizeof packet) : -1;
  pthread_mutex_unlock(&in.gc_lock);
  if (!dualsense)
    LOG_ONCE(core, INFO, "pad: trigger effects need a DualSense; this controller has none");
  else if (rc != 0)
    LOG_ONCE(core, WARN, "pad: the DualSense refused a trigger effect: %s", SDL_GetError());
}

/* The input thread reads the devices every POLL_NS (a pump takes microseconds): it asks
 * for a real-time priority and the finest timer slack so that a busy host does not stretch
 * those sleeps (granted with CAP_SYS_NICE or an rtprio limit; otherwise it stays a normal
 * thread, logged). */
#define POLL_NS 500000L
static void input_thread_tune(void) {
  prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
  struct sched_param sp = {.sched_priority = sched_get_priority_min(SCHED_FIFO)};
  int r = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
  if (r) LOG(core, DEBUG, "pad: no real-time priority for the input thread (%d)", r);
}

/* One SDL event: a controller arriving or leaving, or a change of the pad's controller (or
 * a key) applied to the pad as one sample. */
static void handle_event(const SDL_Event *e, uint64_t *last_gyro) {
  struct sdl_edit ed = {.e = e};
  switch (e->type) {
    case SDL_CONTROLLERDEVICEADDED: open_controller(e->cdevice.which); return;
    case SDL_CONTROLLERDEVICEREMOVED: close_controller(e->cdevice.which); return;
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP:
    case SDL_CONTROLLERAXISMOTION:
    case SDL_CONTROLLERTOUCHPADDOWN:
    case SDL_CONTROLLERTOUCHPADMOTION:
    case SDL_CONTROLLERTOUCHPADUP:
      if (e->cbutton.which != in.gc_id) return; /* another controller's */
      break;
    case SDL_CONTROLLERSENSORUPDATE:
      if (e->csensor.which != in.gc_id) return;
      if (e->csensor.sensor == SDL_SENSOR_GYRO) {
        uint64_t t = SDL_GetTicks64();
        ed.gyro_dt = *last_gyro ? (float)(t - *last_gyro) / 1000.0f : 0;
        *last_gyro = t;
      }
      break;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
      if (e->key.repeat) return;
      break;
    default: return;
  }
  pad_input_edit(apply_sdl, &ed, 0);
}

static void *sdl_main(void *arg) {
  (void)arg;
  input_thread_tune();
  SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
  if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) != 0) {
    LOG(core, INFO, "pad: no SDL input (%s); the pad stays at rest", SDL_GetError());
    return NULL;
  }
  static const struct pad_host_ops ops = {.set_vibration = host_vibration,
                                          .set_light_bar = host_light_bar,
                                          .set_trigger_effect = host_trigger_effect};
  pad_set_host_ops(&ops);
  uint64_t last_gyro = 0;
  struct timespec next;
  clock_gettime(CLOCK_MONOTONIC, &next);
  for (;;) {
    /* the devices are read every POLL_NS (SDL reads them in its pump; without a window it
     * has no way to wait for them): a change reaches the pad within that */
    SDL_PumpEvents();
    SDL_Event e;
    while (SDL_PeepEvents(&e, 1, SDL_GETEVENT, SDL_FIRSTEVENT, SDL_LASTEVENT) == 1)
      handle_event(&e, &last_gyro);
    next.tv_nsec += POLL_NS;
    if (next.tv_nsec >= 1000000000L) next.tv_sec++, next.tv_nsec -= 1000000000L;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > next.tv_sec || (now.tv_sec == next.tv_sec && now.tv_nsec > next.tv_nsec))
      next = now; /* late (a starved host): the next read is one period from now */
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL) == EINTR) {
    }
  }
  return NULL;
}

/* The pad's init hook: SDL's input thread starts with the guest's first scePadInit. */
static void start_sdl(void *ctx) {
  (void)ctx;
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  bool ok = pthread_create(&t, &attr, sdl_main, NULL) == 0;
  pthread_attr_destroy(&attr);
  if (!ok) LOG(core, WARN, "pad: cannot start the input thread; the pad stays at rest");
}

static bool load_keymap(const char *path) {
  char err[256];
  size_t len = strlen(pad_keymap_default);
  char *text = NULL;
  if (path && !(text = read_file(path, &len))) {
    fprintf(stderr, "prospero: --keymap: cannot read '%s' (at most 1 MiB)\n", path);
    return false;
  }
  bool ok = pad_keymap_parse(text ? text : pad_keymap_default, len, &in.keymap, err, sizeof err);
  free(text);
  if (!ok) {
    fprintf(stderr, "prospero: --keymap %s: %s\n", path ? path : "(default)", err);
    return false;
  }
  for (size_t i = 0; i < in.keymap.count; i++) {
    in.keys[i] = SDL_GetKeyFromName(in.keymap.entries[i].key);
    if (in.keys[i] == SDLK_UNKNOWN) {
      fprintf(stderr, "prospero: --keymap: SDL knows no key named '%s'\n",
              in.keymap.entries[i].key);
      return false;
    }
  }
  return true;
}

bool app_input_setup(const struct app_options *opt) {
  if (opt->pad_replay_count) {
    size_t len;
    char err[256];
    char *text = read_file(opt->pad_replay[0], &len);
    if (!text) {
      fprintf(stderr, "prospero: --pad-replay: cannot read '%s' (at most 1 MiB)\n",
              opt->pad_replay[0]);
      return false;
    }
    struct pad_replay *r = pad_replay_parse(text, len, err, sizeof err);
    free(text);
    if (!r) {
      fprintf(stderr, "prospero: --pad-replay %s: %s\n", opt->pad_replay[0], err);
      return false;
    }
    if (!pad_replay_start(r)) {
      fprintf(stderr, "prospero: --pad-replay: cannot start its thread\n");
      pad_replay_free(r);
      return false;
    }
    return true;
  }
  if (!load_keymap(opt->keymap_count ? opt->keymap[0] : NULL)) return false;
  pad_set_init_hook(start_sdl, NULL);
  return true;
}
