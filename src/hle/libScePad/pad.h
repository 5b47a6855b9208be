/* libScePad: the console's controller. prospero has one pad, user 1's (the console's one
 * logged-in user, see libSceUserService). Its state comes from the host (game controllers and
 * the keyboard through SDL2, src/app/input_sdl.c) or from a replay file of timed events
 * (--pad-replay, pad_replay.h): both edit the state with pad_input_edit. Every edit is one
 * sample of the pad, time-stamped and kept in a history of PAD_MAX_DATA_NUM samples that
 * scePadRead returns in order. docs/input-audio.md. */
#ifndef PROSPERO_HLE_LIBSCEPAD_PAD_H
#define PROSPERO_HLE_LIBSCEPAD_PAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Error codes (the console's SCE_PAD_ERROR_*) */
#define PAD_ERROR_INVALID_ARG ((int)0x80920001)
#define PAD_ERROR_INVALID_PORT ((int)0x80920002)
#define PAD_ERROR_INVALID_HANDLE ((int)0x80920003)
#define PAD_ERROR_ALREADY_OPENED ((int)0x80920004)
#define PAD_ERROR_NOT_INITIALIZED ((int)0x80920005)
#define PAD_ERROR_INVALID_LIGHTBAR_SETTING ((int)0x80920006)
#define PAD_ERROR_DEVICE_NOT_CONNECTED ((int)0x80920007)
#define PAD_ERROR_DEVICE_NO_HANDLE ((int)0x80920008)
#define PAD_ERROR_FATAL ((int)0x809200FF)
/* libSceUserService's device errors, which scePadOpen returns for a bad user */
#define PAD_ERROR_INVALID_USER ((int)0x809B0001)
#define PAD_ERROR_USER_NOT_LOGIN ((int)0x809B0081)

/* Port types (SCE_PAD_PORT_TYPE_*) */
#define PAD_PORT_TYPE_STANDARD 0
#define PAD_PORT_TYPE_SPECIAL 2
#define PAD_PORT_TYPE_REMOTE_CONTROL 16

#define PAD_MAX_DATA_NUM 64 /* scePadRead's limit and the history's length */
#define PAD_MAX_TOUCH_NUM 2

/* Buttons (ScePadButtonDataOffset) */
#define PAD_BUTTON_L3 0x00000002u
#define PAD_BUTTON_R3 0x00000004u
#define PAD_BUTTON_OPTIONS 0x00000008u
#define PAD_BUTTON_UP 0x00000010u
#define PAD_BUTTON_RIGHT 0x00000020u
#define PAD_BUTTON_DOWN 0x00000040u
#define PAD_BUTTON_LEFT 0x00000080u
#define PAD_BUTTON_L2 0x00000100u
#define PAD_BUTTON_R2 0x00000200u
#define PAD_BUTTON_L1 0x00000400u
#define PAD_BUTTON_R1 0x00000800u
#define PAD_BUTTON_TRIANGLE 0x00001000u
#define PAD_BUTTON_CIRCLE 0x00002000u
#define PAD_BUTTON_CROSS 0x00004000u
#define PAD_BUTTON_SQUARE 0x00008000u
#define PAD_BUTTON_TOUCH_PAD 0x00100000u
#define PAD_BUTTON_INTERCEPTED 0x80000000u

/* The touch pad's resolution (ScePadTouchPadInformation) */
#define PAD_TOUCH_RESOLUTION_X 1920
#define PAD_TOUCH_RESOLUTION_Y 943

/* The pad's state as the host reports it. */
struct pad_input_state {
  uint32_t buttons;       /* PAD_BUTTON_* */
  uint8_t left_x, left_y; /* sticks: 0..255, 128 at rest, y grows downwards */
  uint8_t right_x, right_y;
  uint8_t l2, r2;            /* analog triggers 0..255 */
  float orientation[4];      /* quaternion x, y, z, w; (0, 0, 0, 1) at rest */
  float acceleration[3];     /* in g */
  float angular_velocity[3]; /* radians per second */
  uint8_t touch_count;       /* 0..2, the first touch_count entries are valid */
  struct {
    uint16_t x, y;
    uint8_t id;
  } touch[PAD_MAX_TOUCH_NUM];
  bool connected;
};

/* The state of a pad at rest (sticks centred, orientation identity), connected or not. */
void pad_input_rest(struct pad_input_state *s, bool connected);

/* One sample: FN edits the current state under the pad's lock; the result is recorded with
 * TIMESTAMP_US (process time in microseconds, sceKernelGetProcessTime's clock; 0 = now)
 * and a connection that comes up counts in connectedCount. */
typedef void (*pad_input_edit_fn)(struct pad_input_state *s, void *ctx);
void pad_input_edit(pad_input_edit_fn fn, void *ctx, uint64_t timestamp_us);

/* The host's side of the pad: vibration and light bar requests go there (NULL: none). */
struct pad_host_ops {
  void (*set_vibration)(void *ctx, uint8_t large_motor, uint8_t small_motor);
  void (*set_light_bar)(void *ctx, uint8_t r, uint8_t g, uint8_t b);
  /* The adaptive triggers: the controller's trigger effect blocks (pad_trigger.h) for the
   * triggers in MASK (PAD_TRIGGER_MASK_L2, _R2) */
  void (*set_trigger_effect)(void *ctx, uint8_t mask, const uint8_t l2[11], const uint8_t r2[11]);
  void *ctx;
};
void pad_set_host_ops(const struct pad_host_ops *ops);

/* Called once, on the guest's first scePadInit (the host input starts only then). */
void pad_set_init_hook(void (*fn)(void *ctx), void *ctx);

/* Called with the process time of the first scePadOpen (the replay's time origin). */
void pad_set_open_hook(void (*fn)(uint64_t now_us, void *ctx), void *ctx);

/* The guest's view (tests): the sample count and the last vibration and light bar set. */
uint64_t pad_sample_count(void);

/* Back to the state before scePadInit (tests). */
void pad_reset(void);

/* The exports (the console's prototypes; see sdk/include/pad.h) */
int pad_init(void);
int pad_open(int32_t user_id, int32_t type, int32_t index, const void *param);
int pad_open_ext(int32_t user_id, int32_t type, int32_t index, const void *param);
int pad_close(int32_t handle);
int pad_get_handle(int32_t user_id, int32_t type, int32_t index);
int pad_read(int32_t handle, void *data, int32_t num);
int pad_read_state(int32_t handle, void *data);
int pad_set_vibration(int32_t handle, const void *param);
int pad_set_light_bar(int32_t handle, const void *param);
int pad_reset_light_bar(int32_t handle);
int pad_set_trigger_effect(int32_t handle, const void *param);
int pad_get_controller_information(int32_t handle, void *info);
int pad_get_ext_controller_information(int32_t handle, void *info);
int pad_set_motion_sensor_state(int32_t handle, bool enable);
int pad_set_tilt_correction_state(int32_t handle, bool enable);
int pad_set_angular_velocity_deadband_state(int32_t handle, bool enable);
int pad_reset_orientation(int32_t handle);
int pad_device_class_get_extended_information(int32_t handle, void *info);
int pad_device_class_parse_data(int32_t handle, const void *data, void *class_data);

#endif
