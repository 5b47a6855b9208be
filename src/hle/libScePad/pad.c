/* libScePad: one pad (user 1's), its sample history, handles. See pad.h. */
#include "hle/libScePad/pad.h"

#include <pthread.h>
#include <string.h>

#include "common/log.h"
#include "hle/libScePad/pad_trigger.h"
#include "hle/libSceUserService/user_service.h"
#include "hle/libkernel/libkernel.h"

/* ---- The console's structures (sdk/include/pad.h spells them for guests) ------------- */

struct guest_pad_touch {
  uint16_t x, y;
  uint8_t id;
  uint8_t reserve[3];
};

struct guest_pad_data { /* ScePadData */
  uint32_t buttons;
  uint8_t left_x, left_y, right_x, right_y;
  uint8_t l2, r2, analog_padding[2];
  float orientation[4];
  float acceleration[3];
  float angular_velocity[3];
  uint8_t touch_num;
  uint8_t touch_reserve[3];
  uint32_t touch_reserve1;
  struct guest_pad_touch touch[PAD_MAX_TOUCH_NUM];
  bool connected;
  uint64_t timestamp;
  uint32_t extension_unit_id;
  uint8_t extension_reserve[1];
  uint8_t extension_data_length;
  uint8_t extension_data[10];
  uint8_t connected_count;
  uint8_t reserve[2];
  uint8_t device_unique_data_len;
  uint8_t device_unique_data[12];
};
_Static_assert(sizeof(struct guest_pad_data) == 0x78, "ScePadData is 120 bytes");
_Static_assert(offsetof(struct guest_pad_data, orientation) == 12, "ScePadData.orientation");
_Static_assert(offsetof(struct guest_pad_data, touch_num) == 52, "ScePadData.touchData");
_Static_assert(offsetof(struct guest_pad_data, connected) == 76, "ScePadData.connected");
_Static_assert(offsetof(struct guest_pad_data, timestamp) == 80, "ScePadData.timestamp");
_Static_assert(offsetof(struct guest_pad_data, connected_count) == 104, "connectedCount");

struct guest_pad_controller_information { /* ScePadControllerInformation */
  float pixel_density;
  uint16_t resolution_x, resolution_y;
  uint8_t dead_zone_left, dead_zone_right;
  uint8_t connection_type;
  uint8_t connected_count;
  bool connected;
  int32_t device_class;
  uint8_t reserve[8];
};
_Static_assert(sizeof(struct guest_pad_controller_information) == 28, "28 bytes");
_Static_assert(offsetof(struct guest_pad_controller_information, device_class) == 16, "class");

struct guest_pad_ext_controller_information { /* ScePadExtendedControllerInformation */
  struct guest_pad_controller_information base;
  uint16_t pad_type1, pad_type2;
  uint8_t capability;
  union {
    uint8_t quantity_of_selector_switch;
    int32_t max_physical_wheel_angle;
    uint8_t data[8];
  } u;
};
_Static_assert(sizeof(struct guest_pad_ext_controller_information) == 44, "44 bytes");

struct guest_pad_device_class_ext_information { /* ScePadDeviceClassExtendedInformation */
  int32_t device_class;
  uint8_t reserved[4];
  uint8_t class_data[12];
};
_Static_assert(sizeof(struct guest_pad_device_class_ext_information) == 20, "20 bytes");

struct guest_pad_device_class_data { /* ScePadDeviceClassData */
  int32_t device_class;
  bool data_valid;
  uint8_t class_data[16] __attribute__((aligned(4)));
};
_Static_assert(sizeof(struct guest_pad_device_class_data) == 24, "24 bytes");

struct guest_pad_light_bar_param {
  uint8_t r, g, b, reserve;
};
struct guest_pad_vibration_param {
  uint8_t large_motor, small_motor;
};

/* The values GetControllerInformation reports: a DualSense on a local connection. The dead
 * zones and the pixel density are representative figures, not measured on a console. */
#define PAD_PIXEL_DENSITY 44.86f
#define PAD_DEAD_ZONE 13
#define PAD_CONNECTION_TYPE_LOCAL 0
#define PAD_DEVICE_CLASS_STANDARD 0
/* scePadSetLightBar refuses a colour whose three components are all below this */
#define PAD_LIGHT_BAR_MIN 13
/* The light bar colour of the console's first user (blue) */
static const uint8_t user_colour[3] = {0, 0, 255};
#define PAD_SYSTEM_USER_ID 0xFF

/* ---- State ------------------------------------------------------------------------------ */

struct sample {
  struct pad_input_state s;
  uint64_t timestamp;
  uint8_t connected_count;
};

#define MAX_HANDLES 4

struct handle_slot {
  bool open;
  int32_t handle, user_id, type, index;
  uint64_t read_seq; /* the next sample scePadRead returns (samples are numbered from 0) */
  bool motion_enabled, tilt_correction, deadband;
  float reference[4]; /* scePadResetOrientation: the orientation that reads as identity */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;
static struct sample history[PAD_MAX_DATA_NUM];
static uint64_t latest_seq; /* samples recorded so far; history[(seq - 1) % N] is the latest */
static struct pad_input_state current;
static uint8_t connected_count;
static bool state_ready;
static struct handle_slot handles[MAX_HANDLES];
static int32_t next_handle = 1;
static struct pad_host_ops host_ops;
static void (*open_hook)(uint64_t, void *);
static void *open_hook_ctx;
static bool open_hook_called;
static void (*init_hook)(void *);
static void *init_hook_ctx;

void pad_input_rest(struct pad_input_state *s, bool connected) {
  memset(s, 0, sizeof *s);
  s->left_x = s->left_y = s->right_x = s->right_y = 128;
  s->orientation[3] = 1.0f;
  s->connected = connected;
}

/* Before any host edit the pad is connected and at rest. Caller holds the lock. */
static void ensure_state_locked(void) {
  if (state_ready) return;
  state_ready = true;
  pad_input_rest(&current, true);
  connected_count = 1;
  latest_seq = 1;
  history[0] = (struct sample){
      .s = current, .timestamp = kernel_get_process_time(), .connected_count = connected_count};
}

void pad_input_edit(pad_input_edit_fn fn, void *ctx, uint64_t timestamp_us) {
  pthread_mutex_lock(&lock);
  ensure_state_locked();
  bool was_connected = current.connected;
  fn(&current, ctx);
  if (current.touch_count > PAD_MAX_TOUCH_NUM) current.touch_count = PAD_MAX_TOUCH_NUM;
  if (current.connected && !was_connected) connected_count++;
  struct sample *smp = &history[latest_seq % PAD_MAX_DATA_NUM];
  smp->s = current;
  smp->timestamp = timestamp_us ? timestamp_us : kernel_get_process_time();
  smp->connected_count = connected_count;
  latest_seq++;
  pthread_mutex_unlock(&lock);
}

void pad_set_host_ops(const struct pad_host_ops *ops) {
  pthread_mutex_lock(&lock);
  if (ops) host_ops = *ops;
  else memset(&host_ops, 0, sizeof host_ops);
  pthread_mutex_unlock(&lock);
}

void pad_set_init_hook(void (*fn)(void *), void *ctx) {
  pthread_mutex_lock(&lock);
  init_hook = fn;
  init_hook_ctx = ctx;
  pthread_mutex_unlock(&lock);
}

void pad_set_open_hook(void (*fn)(uint64_t, void *), void *ctx) {
  pthread_mutex_lock(&lock);
  open_hook = fn;
  open_hook_ctx = ctx;
  open_hook_called = false;
  pthread_mutex_unlock(&lock);
}

uint64_t pad_sample_count(void) {
  pthread_mutex_lock(&lock);
  uint64_t n = latest_seq;
  pthread_mutex_unlock(&lock);
  return n;
}

void pad_reset(void) {
  pthread_mutex_lock(&lock);
  initialized = false;
  state_ready = false;
  latest_seq = 0;
  connected_count = 0;
  memset(handles, 0, sizeof handles);
  next_handle = 1;
  open_hook_called = false;
  pthread_mutex_unlock(&lock);
}

/* ---- Helpers ---------------------------------------------------------------------------- */

static struct handle_slot *find_handle_locked(int32_t handle) {
  for (int i = 0; i < MAX_HANDLES; i++)
    if (handles[i].open && handles[i].handle == handle) return &handles[i];
  return NULL;
}

/* q = a * b (Hamilton product; x, y, z, w order) */
static void quat_mul(float q[4], const float a[4], const float b[4]) {
  float x = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
  float y = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
  float z = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
  float w = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
  q[0] = x, q[1] = y, q[2] = z, q[3] = w;
}

/* Fills D from a sample as handle H sees it: a handle of another port type has no device
 * behind it (disconnected); motion data only while the motion sensor is enabled. */
static void fill_data(struct guest_pad_data *d, const struct sample *smp,
                      const struct handle_slot *h) {
  memset(d, 0, sizeof *d);
  struct pad_input_state s = smp->s;
  bool device = h->type == PAD_PORT_TYPE_STANDARD;
  if (!device || !s.connected) {
    pad_input_rest(&s, false);
    d->left_x = d->left_y = d->right_x = d->right_y = 0;
  } else {
    d->left_x = s.left_x, d->left_y = s.left_y;
    d->right_x = s.right_x, d->right_y = s.right_y;
  }
  d->buttons = s.buttons;
  d->l2 = s.l2, d->r2 = s.r2;
  d->orientation[3] = 1.0f;
  if (h->motion_enabled && s.connected && device) {
    float conj[4] = {-h->reference[0], -h->reference[1], -h->reference[2], h->reference[3]};
    quat_mul(d->orientation, conj, s.orientation);
    memcpy(d->acceleration, s.acceleration, sizeof d->acceleration);
    memcpy(d->angular_velocity, s.angular_velocity, sizeof d->angular_velocity);
  }
  d->touch_num = s.touch_count;
  for (int i = 0; i < s.touch_count && i < PAD_MAX_TOUCH_NUM; i++) {
    d->touch[i].x = s.touch[i].x;
    d->touch[i].y = s.touch[i].y;
    d->touch[i].id = s.touch[i].id;
  }
  d->connected = device && s.connected;
  d->timestamp = smp->timestamp;
  d->connected_count = device ? smp->connected_count : 0;
}

/* ---- Exports ---------------------------------------------------------------------------- */

int pad_init(void) {
  pthread_mutex_lock(&lock);
  ensure_state_locked();
  void (*hook)(void *) = initialized ? NULL : init_hook;
  initialized = true; /* a second call succeeds, as on the console */
  pthread_mutex_unlock(&lock);
  if (hook) hook(init_hook_ctx);
  return 0;
}

int pad_open(int32_t user_id, int32_t type, int32_t index, const void *param) {
  (void)param; /* ScePadOpenParam: reserved, must be NULL */
  pthread_mutex_lock(&lock);
  int rc;
  if (!initialized) {
    rc = PAD_ERROR_NOT_INITIALIZED;
  } else if (user_id < 0) {
    rc = PAD_ERROR_INVALID_USER;
  } else if (user_id == PAD_SYSTEM_USER_ID ? type != PAD_PORT_TYPE_REMOTE_CONTROL
                                           : type == PAD_PORT_TYPE_REMOTE_CONTROL) {
    rc = user_id == PAD_SYSTEM_USER_ID ? PAD_ERROR_INVALID_USER : PAD_ERROR_INVALID_ARG;
  } else if (type != PAD_PORT_TYPE_STANDARD && type != PAD_PORT_TYPE_SPECIAL &&
             type != PAD_PORT_TYPE_REMOTE_CONTROL) {
    rc = PAD_ERROR_INVALID_ARG;
  } else if (index != 0) {
    rc = PAD_ERROR_INVALID_ARG;
  } else if (user_id != PAD_SYSTEM_USER_ID && user_id != USER_SERVICE_INITIAL_USER_ID) {
    rc = PAD_ERROR_USER_NOT_LOGIN;
  } else {
    rc = PAD_ERROR_FATAL;
    struct handle_slot *free_slot = NULL;
    for (int i = 0; i < MAX_HANDLES; i++) {
      if (handles[i].open && handles[i].user_id == user_id && handles[i].type == type) {
        free_slot = NULL;
        rc = PAD_ERROR_ALREADY_OPENED;
        break;
      }
      if (!handles[i].open && !free_slot) free_slot = &handles[i];
    }
    if (free_slot) {
      *free_slot = (struct handle_slot){.open = true,
                                        .handle = next_handle++,
                                        .user_id = user_id,
                                        .type = type,
                                        .index = index,
                                        .read_seq = latest_seq - 1,
                                        .deadband = true,
                                        .reference = {0, 0, 0, 1}};
      rc = free_slot->handle;
    }
  }
  void (*hook)(uint64_t, void *) = NULL;
  if (rc > 0 && !open_hook_called && open_hook) {
    open_hook_called = true;
    hook = open_hook;
  }
  pthread_mutex_unlock(&lock);
  if (hook) hook(kernel_get_process_time(), open_hook_ctx);
  if (rc > 0) LOG(hle, INFO, "pad: user %d type %d opened as handle %d", user_id, type, rc);
  return rc;
}

int pad_open_ext(int32_t user_id, int32_t type, int32_t index, const void *param) {
  /* ScePadOpenExtParam names a special device by vendor and product: none exists here */
  (void)param;
  return pad_open(user_id, type, index, NULL);
}

int pad_close(int32_t handle) {
  pthread_mutex_lock(&lock);
  int rc = 0;
  struct handle_slot *h = initialized ? find_handle_locked(handle) : NULL;
  if (!initialized) rc = PAD_ERROR_NOT_INITIALIZED;
  else if (!h) rc = PAD_ERROR_INVALID_HANDLE;
  else h->open = false;
  pthread_mutex_unlock(&lock);
  return rc;
}

int pad_get_handle(int32_t user_id, int32_t type, int32_t index) {
  pthread_mutex_lock(&lock);
  int rc = PAD_ERROR_DEVICE_NO_HANDLE;
  if (!initialized) {
    rc = PAD_ERROR_NOT_INITIALIZED;
  } else {
    for (int i = 0; i < MAX_HANDLES; i++)
      if (handles[i].open && handles[i].user_id == user_id && handles[i].type == type &&
          handles[i].index == index)
        rc = handles[i].handle;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

/* Common checks of the calls taking a handle: the handle's slot (lock held) or an error. */
static int lookup_locked(int32_t handle, struct handle_slot **out) {
  if (!initialized) return PAD_ERROR_NOT_INITIALIZED;
  *out = find_handle_locked(handle);
  return *out ? 0 : PAD_ERROR_INVALID_HANDLE;
}

int pad_read(int32_t handle, void *data, int32_t num) {
  if (!data || num < 1 || num > PAD_MAX_DATA_NUM) return PAD_ERROR_INVALID_ARG;
  struct guest_pad_data *out = data;
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  if (rc == 0) {
    uint64_t pending = latest_seq - h->read_seq;
    if (pending > PAD_MAX_DATA_NUM) { /* the oldest samples were overwritten */
      h->read_seq = latest_seq - PAD_MAX_DATA_NUM;
      pending = PAD_MAX_DATA_NUM;
    }
    if (pending == 0) { /* nothing new: the latest sample again */
      LOG_ONCE(hle, DEBUG,
               "pad: scePadRead with nothing new returns the latest sample (the "
               "console's answer here is not verified)");
      fill_data(out, &history[(latest_seq - 1) % PAD_MAX_DATA_NUM], h);
      rc = 1;
    } else {
      int n = pending < (uint64_t)num ? (int)pending : num;
      for (int i = 0; i < n; i++)
        fill_data(&out[i], &history[(h->read_seq + (uint64_t)i) % PAD_MAX_DATA_NUM], h);
      h->read_seq += (uint64_t)n;
      rc = n;
    }
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int pad_read_state(int32_t handle, void *data) {
  if (!data) return PAD_ERROR_INVALID_ARG;
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  if (rc == 0) fill_data(data, &history[(latest_seq - 1) % PAD_MAX_DATA_NUM], h);
  pthread_mutex_unlock(&lock);
  return rc;
}

int pad_set_vibration(int32_t handle, const void *param) {
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  if (rc == 0 && !param) rc = PAD_ERROR_INVALID_ARG;
  struct pad_host_ops ops = host_ops;
  bool device = rc == 0 && h->type == PAD_PORT_TYPE_STANDARD;
  pthread_mutex_unlock(&lock);
  if (rc) return rc;
  const struct guest_pad_vibration_param *p = param;
  LOG(hle, DEBUG, "pad: vibration large %u small %u", p->large_motor, p->small_motor);
  if (ops.set_vibration && device) ops.set_vibration(ops.ctx, p->large_motor, p->small_motor);
  return 0;
}

int pad_set_trigger_effect(int32_t handle, const void *param) {
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  if (rc == 0 && !param) rc = PAD_ERROR_INVALID_ARG;
  struct pad_host_ops ops = host_ops;
  bool device = rc == 0 && h->type == PAD_PORT_TYPE_STANDARD;
  pthread_mutex_unlock(&lock);
  if (rc) return rc;
  struct pad_trigger_effect e;
  char err[128];
  if (!pad_trigger_parse(param, &e, err, sizeof err)) {
    LOG(hle, WARN, "pad: scePadSetTriggerEffect: %s", err);
    return PAD_ERROR_INVALID_ARG;
  }
  LOG(hle, DEBUG, "pad: trigger effect mask %u, L2 mode %u, R2 mode %u", e.mask, e.mode[0],
      e.mode[1]);
  if (ops.set_trigger_effect && device && e.mask)
    ops.set_trigger_effect(ops.ctx, e.mask, e.block[PAD_TRIGGER_L2], e.block[PAD_TRIGGER_R2]);
  return 0;
}

static int light_bar(int32_t handle, const uint8_t rgb[3], bool check) {
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  if (rc == 0 && check && rgb[0] < PAD_LIGHT_BAR_MIN && rgb[1] < PAD_LIGHT_BAR_MIN &&
      rgb[2] < PAD_LIGHT_BAR_MIN)
    rc = PAD_ERROR_INVALID_LIGHTBAR_SETTING;
  struct pad_host_ops ops = host_ops;
  pthread_mutex_unlock(&lock);
  if (rc) return rc;
  LOG(hle, DEBUG, "pad: light bar %u %u %u", rgb[0], rgb[1], rgb[2]);
  if (ops.set_light_bar) ops.set_light_bar(ops.ctx, rgb[0], rgb[1], rgb[2]);
  return 0;
}

int pad_set_light_bar(int32_t handle, const void *param) {
  if (!param) {
    pthread_mutex_lock(&lock);
    struct handle_slot *h;
    int rc = lookup_locked(handle, &h);
    pthread_mutex_unlock(&lock);
    return rc ? rc : PAD_ERROR_INVALID_ARG;
  }
  const struct guest_pad_light_bar_param *p = param;
  const uint8_t rgb[3] = {p->r, p->g, p->b};
  return light_bar(handle, rgb, true);
}

int pad_reset_light_bar(int32_t handle) { return light_bar(handle, user_colour, false); }

int pad_get_controller_information(int32_t handle, void *info) {
  if (!info) return PAD_ERROR_INVALID_ARG;
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  if (rc == 0) {
    struct guest_pad_controller_information *ci = info;
    memset(ci, 0, sizeof *ci);
    bool device = h->type == PAD_PORT_TYPE_STANDARD;
    ci->pixel_density = PAD_PIXEL_DENSITY;
    ci->resolution_x = PAD_TOUCH_RESOLUTION_X;
    ci->resolution_y = PAD_TOUCH_RESOLUTION_Y;
    ci->dead_zone_left = ci->dead_zone_right = PAD_DEAD_ZONE;
    ci->connection_type = PAD_CONNECTION_TYPE_LOCAL;
    ci->connected_count = device ? connected_count : 0;
    ci->connected = device && current.connected;
    ci->device_class = PAD_DEVICE_CLASS_STANDARD;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int pad_get_ext_controller_information(int32_t handle, void *info) {
  if (!info) return PAD_ERROR_INVALID_ARG;
  struct guest_pad_ext_controller_information *ei = info;
  memset(ei, 0, sizeof *ei);
  return pad_get_controller_information(handle, &ei->base);
}

static int set_flag(int32_t handle, int which, bool enable) {
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  if (rc == 0) {
    if (which == 0) h->motion_enabled = enable;
    else if (which == 1) h->tilt_correction = enable;
    else h->deadband = enable;
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int pad_set_motion_sensor_state(int32_t handle, bool enable) { return set_flag(handle, 0, enable); }

/* Tilt correction and the angular velocity dead band filter the console's raw sensor data;
 * the host's data is already filtered, so both are recorded and change nothing. */
int pad_set_tilt_correction_state(int32_t handle, bool enable) {
  LOG_ONCE(hle, WARN, "pad: tilt correction is recorded, the host's orientation is used as is");
  return set_flag(handle, 1, enable);
}

int pad_set_angular_velocity_deadband_state(int32_t handle, bool enable) {
  LOG_ONCE(hle, WARN, "pad: the angular velocity dead band is recorded, not applied");
  return set_flag(handle, 2, enable);
}

int pad_reset_orientation(int32_t handle) {
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  if (rc == 0) memcpy(h->reference, current.orientation, sizeof h->reference);
  pthread_mutex_unlock(&lock);
  return rc;
}

/* The pad is the standard controller: its class has no extended information nor class data
 * (the special devices, wheels, guitars, are not emulated). */
int pad_device_class_get_extended_information(int32_t handle, void *info) {
  if (!info) return PAD_ERROR_INVALID_ARG;
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  pthread_mutex_unlock(&lock);
  if (rc) return rc;
  struct guest_pad_device_class_ext_information *ei = info;
  memset(ei, 0, sizeof *ei);
  ei->device_class = PAD_DEVICE_CLASS_STANDARD;
  return 0;
}

int pad_device_class_parse_data(int32_t handle, const void *data, void *class_data) {
  if (!data || !class_data) return PAD_ERROR_INVALID_ARG;
  pthread_mutex_lock(&lock);
  struct handle_slot *h;
  int rc = lookup_locked(handle, &h);
  pthread_mutex_unlock(&lock);
  if (rc) return rc;
  struct guest_pad_device_class_data *cd = class_data;
  memset(cd, 0, sizeof *cd);
  cd->device_class = PAD_DEVICE_CLASS_STANDARD;
  cd->data_valid = false;
  return 0;
}
