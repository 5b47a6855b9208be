/* The pad's SDL2 input (src/app/input_host.c) with SDL's virtual game controllers standing
 * in for real ones: the controller mapping of docs/input-audio.md (A is cross, Start is
 * options, the left stick's full right is 255, a trigger at full travel is 255 and sets its
 * button), and hot-plug: with two controllers attached the first drives the pad; when it is
 * removed the pad goes back to rest and the second takes over. Key events (pushed into
 * SDL's queue, as a window would deliver them) go through the default keyboard map. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <SDL.h>
#include <string.h>

#include "test_skip.h"
#include "hle/libScePad/pad.h"
#include "input_host.h"

struct data { /* the start of ScePadData */
  uint32_t buttons;
  uint8_t lx, ly, rx, ry, l2, r2;
  uint8_t rest[110];
};

static int handle;

/* Waits (up to 3 s) until the pad's state satisfies WANT. */
static bool wait_for(bool (*want)(const struct data *), struct data *d) {
  for (int i = 0; i < 300; i++) {
    assert_int_equal(pad_read_state(handle, d), 0);
    if (want(d)) return true;
    SDL_Delay(10);
  }
  return false;
}

static int attach(void) {
  SDL_VirtualJoystickDesc desc;
  memset(&desc, 0, sizeof desc);
  desc.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION;
  desc.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
  desc.naxes = SDL_CONTROLLER_AXIS_MAX;
  desc.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
  desc.name = "prospero test pad";
  return SDL_JoystickAttachVirtualEx(&desc);
}

static bool cross(const struct data *d) { return d->buttons == PAD_BUTTON_CROSS; }
static bool stick_and_trigger(const struct data *d) {
  return d->lx == 255 && d->r2 == 255 && (d->buttons & PAD_BUTTON_R2);
}
static bool at_rest(const struct data *d) { return d->buttons == 0 && d->lx == 128 && d->r2 == 0; }
static bool options(const struct data *d) { return d->buttons == PAD_BUTTON_OPTIONS; }
static bool options_and_cross(const struct data *d) {
  return d->buttons == (PAD_BUTTON_OPTIONS | PAD_BUTTON_CROSS);
}
static bool stick_right(const struct data *d) {
  return d->buttons == PAD_BUTTON_OPTIONS && d->lx == 255;
}

/* A key event as a window would deliver it (none exists: pushed into SDL's queue). */
static void key(SDL_Keycode sym, bool down) {
  SDL_Event e;
  memset(&e, 0, sizeof e);
  e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
  e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
  e.key.keysym.sym = sym;
  assert_true(SDL_PushEvent(&e) == 1);
}

static void test_controllers(void **state) {
  (void)state;
  struct app_options opt;
  memset(&opt, 0, sizeof opt);
  assert_true(app_input_setup(&opt)); /* the default keymap; SDL starts with scePadInit */
  assert_int_equal(pad_init(), 0);
  handle = pad_open(1, PAD_PORT_TYPE_STANDARD, 0, NULL);
  assert_true(handle > 0);
  for (int i = 0; i < 300 && !SDL_WasInit(SDL_INIT_GAMECONTROLLER); i++) SDL_Delay(10);
  if (!SDL_WasInit(SDL_INIT_GAMECONTROLLER)) {
    skip_because("SDL's game controller subsystem did not start");
    return;
  }
  int first = attach();
  assert_true(first >= 0);
  SDL_Joystick *j1 = SDL_JoystickOpen(first);
  assert_non_null(j1);
  SDL_JoystickID id1 = SDL_JoystickInstanceID(j1);
  SDL_Delay(200); /* the input thread sees the controller arrive */
  struct data d;
  SDL_JoystickSetVirtualButton(j1, SDL_CONTROLLER_BUTTON_A, 1);
  assert_true(wait_for(cross, &d));
  SDL_JoystickSetVirtualButton(j1, SDL_CONTROLLER_BUTTON_A, 0);
  SDL_JoystickSetVirtualAxis(j1, SDL_CONTROLLER_AXIS_LEFTX, 32767);
  SDL_JoystickSetVirtualAxis(j1, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 32767);
  assert_true(wait_for(stick_and_trigger, &d));

  /* a second controller is kept in reserve: its buttons do not reach the pad */
  int second = attach();
  assert_true(second >= 0);
  SDL_Joystick *j2 = SDL_JoystickOpen(second);
  assert_non_null(j2);
  SDL_Delay(200);
  SDL_JoystickSetVirtualButton(j2, SDL_CONTROLLER_BUTTON_START, 1);
  SDL_Delay(200);
  assert_int_equal(pad_read_state(handle, &d), 0);
  assert_false(options(&d));

  /* the first leaves: the pad rests, then the second drives it */
  SDL_JoystickClose(j1);
  int index1 = -1;
  for (int i = 0; i < SDL_NumJoysticks(); i++)
    if (SDL_JoystickGetDeviceInstanceID(i) == id1) index1 = i;
  assert_true(index1 >= 0);
  assert_int_equal(SDL_JoystickDetachVirtual(index1), 0);
  assert_true(wait_for(at_rest, &d));
  SDL_JoystickSetVirtualButton(j2, SDL_CONTROLLER_BUTTON_START, 0);
  SDL_Delay(50);
  SDL_JoystickSetVirtualButton(j2, SDL_CONTROLLER_BUTTON_START, 1);
  assert_true(wait_for(options, &d));

  /* the default keyboard map edits the same pad: K is cross, D the left stick's right */
  key(SDLK_k, true);
  assert_true(wait_for(options_and_cross, &d));
  key(SDLK_k, false);
  key(SDLK_d, true);
  assert_true(wait_for(stick_right, &d));
  key(SDLK_d, false);
  SDL_JoystickClose(j2);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_controllers)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
