/* libSceAudioOut: ports, handles and the calls. See audioout.h. */
#include "hle/libSceAudioOut/audioout.h"

#include <pthread.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceAudioOut/audioout_device.h"

/* The console's port numbers per type: a handle is 0x20000000 | type << 16 | port. */
static const struct {
  int type, first, count;
} port_ranges[] = {
    {AUDIOOUT_PORT_MAIN, 0, 8},      {AUDIOOUT_PORT_BGM, 8, 1},     {AUDIOOUT_PORT_VOICE, 9, 4},
    {AUDIOOUT_PORT_PERSONAL, 13, 4}, {AUDIOOUT_PORT_PADSPK, 17, 4}, {AUDIOOUT_PORT_AUDIO3D, 21, 1},
    {AUDIOOUT_PORT_AUX, 22, 1},
};
#define PORT_COUNT 23
#define HANDLE_TAG 0x20000000
#define HANDLE_TAG_MASK 0x3F000000
#define MAX_LENGTH 2048

/* SceAudioOutPortState.output */
#define STATE_OUTPUT_CONNECTED_PRIMARY 0x01
#define STATE_OUTPUT_CONNECTED_TERTIARY 0x04
#define STATE_OUTPUT_CONNECTED_HEADPHONE 0x40
#define STATE_OUTPUT_CONNECTED_EXTERNAL 0x80

struct guest_port_state { /* SceAudioOutPortState */
  uint16_t output;
  uint8_t channel;
  uint8_t reserved8;
  int16_t volume;
  uint16_t reroute_counter;
  uint64_t flag;
  uint64_t reserved64[2];
};
_Static_assert(sizeof(struct guest_port_state) == 32, "SceAudioOutPortState is 32 bytes");

struct guest_output_param { /* SceAudioOutOutputParam */
  int32_t handle;
  const void *ptr;
};

struct port {
  pthread_mutex_t lock; /* one Output at a time per port */
  bool open;
  int type, format, channels;
  uint32_t length;
  int32_t volume[AUDIOOUT_MAX_CHANNELS];
  int32_t mix_level; /* pad speaker ports: their share in the main mix */
  bool running;      /* a buffer is queued; next_frame is where the next one goes */
  uint64_t next_frame;
  uint64_t last_output_us;
  uint64_t paced; /* Output calls that queued a buffer since open (the cadence records' number) */
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;
static struct port ports[PORT_COUNT];
static pthread_once_t ports_once = PTHREAD_ONCE_INIT;

static void ports_init(void) {
  for (int i = 0; i < PORT_COUNT; i++) pthread_mutex_init(&ports[i].lock, NULL);
}

static int range_of(int type) {
  for (size_t i = 0; i < sizeof port_ranges / sizeof port_ranges[0]; i++)
    if (port_ranges[i].type == type) return (int)i;
  return -1;
}

static bool is_initialized(void) {
  pthread_mutex_lock(&table_lock);
  bool v = initialized;
  pthread_mutex_unlock(&table_lock);
  return v;
}

/* The port of HANDLE (open), or an error. */
static int port_of(int32_t handle, struct port **out) {
  if (!is_initialized()) return AUDIOOUT_ERROR_NOT_INIT;
  int id = handle & 0xFF;
  int type = (handle >> 16) & 0xFF;
  int r = range_of(type);
  if ((handle & HANDLE_TAG_MASK) != HANDLE_TAG || r < 0 || id < port_ranges[r].first ||
      id >= port_ranges[r].first + port_ranges[r].count || (handle & 0xFF00))
    return r < 0 && (handle & HANDLE_TAG_MASK) == HANDLE_TAG ? AUDIOOUT_ERROR_INVALID_PORT_TYPE
                                                             : AUDIOOUT_ERROR_INVALID_PORT;
  pthread_mutex_lock(&table_lock);
  bool open = ports[id].open;
  pthread_mutex_unlock(&table_lock);
  if (!open) return AUDIOOUT_ERROR_NOT_OPENED;
  *out = &ports[id];
  return 0;
}

int audioout_init(void) {
  pthread_once(&ports_once, ports_init);
  pthread_mutex_lock(&table_lock);
  int rc = initialized ? AUDIOOUT_ERROR_ALREADY_INIT : 0;
  initialized = true;
  pthread_mutex_unlock(&table_lock);
  return rc;
}

int audioout_open(int32_t user_id, int32_t type, int32_t index, uint32_t length, uint32_t freq,
                  uint32_t param) {
  (void)user_id; /* every user's ports go to the one host device */
  (void)index;   /* the console ignores it (must be 0) */
  if (!is_initialized()) return AUDIOOUT_ERROR_NOT_INIT;
  if (length == 0 || length > MAX_LENGTH || (length & 0xFF)) return AUDIOOUT_ERROR_INVALID_SIZE;
  if ((param & AUDIOOUT_PARAM_ATTR_MIX_TO_MAIN) && type != AUDIOOUT_PORT_PERSONAL)
    return AUDIOOUT_ERROR_INVALID_FORMAT;
  int r = range_of(type);
  if (r < 0) return AUDIOOUT_ERROR_INVALID_PORT_TYPE;
  if (freq != AUDIOOUT_RATE) return AUDIOOUT_ERROR_INVALID_SAMPLE_FREQ;
  int format = (int)(param & AUDIOOUT_PARAM_FORMAT_MASK);
  if (!audioout_format_channels(format)) return AUDIOOUT_ERROR_INVALID_FORMAT;
  if (!audioout_device_start()) return AUDIOOUT_ERROR_PORT_FULL;
  pthread_mutex_lock(&table_lock);
  int id = -1;
  for (int i = port_ranges[r].first; i < port_ranges[r].first + port_ranges[r].count; i++)
    if (!ports[i].open) {
      id = i;
      break;
    }
  if (id >= 0) {
    struct port *p = &ports[id];
    pthread_mutex_lock(&p->lock);
    p->open = true;
    p->type = type;
    p->format = format;
    p->channels = audioout_format_channels(format);
    p->length = length;
    for (int c = 0; c < AUDIOOUT_MAX_CHANNELS; c++) p->volume[c] = AUDIOOUT_VOLUME_0DB;
    p->mix_level = AUDIOOUT_MIXLEVEL_PADSPK_DEFAULT;
    p->running = false;
    p->next_frame = 0;
    p->last_output_us = 0;
    p->paced = 0;
    pthread_mutex_unlock(&p->lock);
  }
  pthread_mutex_unlock(&table_lock);
  if (id < 0) return AUDIOOUT_ERROR_PORT_FULL;
  int32_t handle = HANDLE_TAG | type << 16 | id;
  LOG(hle, INFO, "audio out: port %d (type %d, %u frames, format %d) opened as 0x%x", id, type,
      length, format, (unsigned)handle);
  return handle;
}

int audioout_close(int32_t handle) {
  struct port *p;
  int rc = port_of(handle, &p);
  if (rc) return rc;
  /* the table's lock first, then the port's: the order audioout_open takes them in */
  pthread_mutex_lock(&table_lock);
  pthread_mutex_lock(&p->lock);
  p->open = false;
  pthread_mutex_unlock(&p->lock);
  pthread_mutex_unlock(&table_lock);
  return 0;
}

/* Queues one buffer of P (lock held); returns the frame where it starts. A port that is
 * not running starts at START when it is not 0 (ports started by one sceAudioOutOutputs
 * call start together). */
static uint64_t submit_locked(struct port *p, const void *ptr, uint64_t start) {
  if (!p->running && start) {
    p->running = true;
    p->next_frame = start;
  }
  int32_t vol[AUDIOOUT_MAX_CHANNELS];
  memcpy(vol, p->volume, sizeof vol);
  if (p->type == AUDIOOUT_PORT_PADSPK) /* the controller's speaker is folded into the mix */
    for (int c = 0; c < AUDIOOUT_MAX_CHANNELS; c++)
      vol[c] = (int32_t)((int64_t)vol[c] * p->mix_level / AUDIOOUT_VOLUME_0DB);
  uint64_t at = audioout_device_submit(p->next_frame, !p->running, ptr, p->length, p->format, vol);
  p->running = true;
  p->next_frame = at + p->length;
  p->last_output_us = audioout_device_frame_time_us(at);
  return at;
}

int audioout_output(int32_t handle, const void *ptr) {
  struct port *p;
  int rc = port_of(handle, &p);
  if (rc) return rc;
  pthread_mutex_lock(&p->lock);
  if (!p->open) {
    pthread_mutex_unlock(&p->lock);
    return AUDIOOUT_ERROR_NOT_OPENED;
  }
  if (ptr) audioout_device_pace_enter();
  if (!ptr) { /* wait until what is queued has been played */
    uint64_t end = p->running ? p->next_frame : 0;
    pthread_mutex_unlock(&p->lock);
    if (!end) return 0;
    audioout_device_wait_frame(end, NULL);
    /* drained: the port's next buffer starts a new schedule (a pause the guest asked for
     * is not an underrun) unless another buffer was queued meanwhile */
    pthread_mutex_lock(&p->lock);
    if (p->running && p->next_frame == end) p->running = false;
    pthread_mutex_unlock(&p->lock);
    return 0;
  }
  uint64_t at = submit_locked(p, ptr, 0);
  int samples = (int)p->length * p->channels;
  struct audioout_pace pace = {(uint32_t)handle, p->paced++};
  pthread_mutex_unlock(&p->lock);
  /* the previous buffer is consumed when this one starts */
  audioout_device_wait_frame(at, &pace);
  return samples;
}

int audioout_outputs(void *params, uint32_t num) {
  if (!is_initialized()) return AUDIOOUT_ERROR_NOT_INIT;
  if (num == 0 || num > PORT_COUNT) return AUDIOOUT_ERROR_PORT_FULL;
  if (!params) return AUDIOOUT_ERROR_INVALID_POINTER;
  struct guest_output_param *op = params;
  struct port *list[PORT_COUNT];
  for (uint32_t i = 0; i < num; i++) {
    int rc = port_of(op[i].handle, &list[i]);
    if (rc) return rc;
    for (uint32_t j = 0; j < i; j++)
      if (op[j].handle == op[i].handle) return AUDIOOUT_ERROR_INVALID_PORT;
    if (list[i]->length != list[0]->length) return AUDIOOUT_ERROR_INVALID_SIZE;
  }
  audioout_device_pace_enter();
  uint64_t latest = 0, start = 0;
  struct audioout_pace pace = {0, 0}; /* named after the port that starts latest */
  for (uint32_t i = 0; i < num; i++) {
    if (!op[i].ptr) continue;
    pthread_mutex_lock(&list[i]->lock);
    bool starts = !list[i]->running;
    uint64_t at = list[i]->open ? submit_locked(list[i], op[i].ptr, start) : 0;
    uint64_t seq = list[i]->paced++;
    pthread_mutex_unlock(&list[i]->lock);
    if (starts && !start) start = at;
    if (at > latest) {
      latest = at;
      pace = (struct audioout_pace){(uint32_t)op[i].handle, seq};
    }
  }
  if (latest) audioout_device_wait_frame(latest, &pace);
  else audioout_device_pace_cancel(); /* nothing queued: no wait */
  return 0;
}

int audioout_set_volume(int32_t handle, int32_t flag, const int32_t *vol) {
  struct port *p;
  int rc = port_of(handle, &p);
  if (rc) return rc;
  if (!vol) return AUDIOOUT_ERROR_INVALID_POINTER;
  if ((uint32_t)flag & ~0xFFu) return AUDIOOUT_ERROR_INVALID_FLAG;
  for (int c = 0; c < AUDIOOUT_MAX_CHANNELS; c++)
    if ((flag & (1 << c)) && (vol[c] < 0 || vol[c] > AUDIOOUT_VOLUME_0DB))
      return AUDIOOUT_ERROR_INVALID_VOLUME;
  pthread_mutex_lock(&p->lock);
  for (int c = 0; c < AUDIOOUT_MAX_CHANNELS; c++)
    if (flag & (1 << c)) p->volume[c] = vol[c];
  pthread_mutex_unlock(&p->lock);
  return 0;
}

int audioout_get_port_state(int32_t handle, void *state) {
  struct port *p;
  int rc = port_of(handle, &p);
  if (rc) return rc;
  if (!state) return AUDIOOUT_ERROR_INVALID_POINTER;
  struct guest_port_state *s = state;
  memset(s, 0, sizeof *s);
  pthread_mutex_lock(&p->lock);
  s->volume = -1;
  switch (p->type) {
    case AUDIOOUT_PORT_VOICE:
    case AUDIOOUT_PORT_PERSONAL:
      s->output = STATE_OUTPUT_CONNECTED_HEADPHONE;
      s->channel = 1;
      break;
    case AUDIOOUT_PORT_PADSPK:
      s->output = STATE_OUTPUT_CONNECTED_TERTIARY;
      s->channel = 1;
      s->volume = 127;
      break;
    case AUDIOOUT_PORT_AUX: s->output = STATE_OUTPUT_CONNECTED_EXTERNAL; break;
    default: /* main, BGM, 3D audio: the host device, stereo */
      s->output = STATE_OUTPUT_CONNECTED_PRIMARY;
      s->channel = (uint8_t)(p->channels > 2 ? 2 : p->channels);
      break;
  }
  pthread_mutex_unlock(&p->lock);
  return 0;
}

int audioout_get_last_output_time(int32_t handle, uint64_t *time) {
  struct port *p;
  int rc = port_of(handle, &p);
  if (rc) return rc;
  if (!time) return AUDIOOUT_ERROR_INVALID_POINTER;
  pthread_mutex_lock(&p->lock);
  *time = p->last_output_us;
  pthread_mutex_unlock(&p->lock);
  return 0;
}

int audioout_set_mix_level_pad_spk(int32_t handle, int32_t level) {
  struct port *p;
  int rc = port_of(handle, &p);
  if (rc) return rc;
  if (p->type != AUDIOOUT_PORT_PADSPK) return AUDIOOUT_ERROR_INVALID_PORT_TYPE;
  if (level < 0 || level > AUDIOOUT_VOLUME_0DB) return AUDIOOUT_ERROR_INVALID_MIXLEVEL;
  pthread_mutex_lock(&p->lock);
  p->mix_level = level;
  pthread_mutex_unlock(&p->lock);
  return 0;
}
