/* AudioOut2: contexts, ports, the queue. See audioout2.h.
 *
 * What is known of the console (the SDK's structures as public SDK-based code uses them,
 * and a public reverse engineering of the 4.03 library): SceAudioOut2ContextParam (0x40
 * bytes) is maxPorts (at most 32), maxObjectPorts, guaranteeObjectPorts, queueDepth (not 0),
 * numGrains (frames per entry at 48 kHz: 256 or more, a multiple of 256), flags, reserved;
 * ResetParam's defaults are 8 ports, a queue of 1, 256 grains. SceAudioOut2PortParam (0x40)
 * is portType (u16: 0-6, objects 0x100, 0x102, 0x104), dataFormat (bits 0-6: 0 float, 1
 * 16-bit; bit 7: the standard 8-channel order; bits 8-11: 1, 2 or 8 channels), 48000 Hz,
 * flags, the user handle. A port handle is the context's low 32 bits << 32 | 0x80000000 |
 * the port's number. SceAudioOut2Attribute is 24 bytes: id (u32), value (pointer, at 8),
 * size (at 16); the PCM attribute (0; 47 is its alias) holds a SceAudioOut2Pcm (the
 * samples' pointer), the gain (1) a float per channel. Advance stages one entry (NOT_READY
 * when the staged and pushed entries fill the queue); Push (0 asynchronous, 1 synchronous)
 * sends them (nothing staged: success); GetQueueLevel reports staged + waiting and the
 * room left (NOT_READY with no room), either pointer may be NULL but not both.
 *
 * Prospero's own choices (PARTIAL in the table): the context handle numbers, the memory
 * size asked for (the console's depends on the parameters), the error for an unknown
 * context (INVALID_PARAM), an entry leaves the queue when it starts playing (as an
 * AudioOut buffer does), object ports are mixed as plain ports, and the port attributes
 * other than PCM and gain are accepted and have no effect (logged once). */
#include "hle/libSceAudioOut/audioout2.h"

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceAudioOut/audioout.h"
#include "hle/libSceAudioOut/audioout_device.h"
#include "hle/libSceUserService/user_service.h"

#define MAX_CONTEXTS 16
#define MAX_PORTS 32
#define MAX_GRAINS 8192 /* prospero's bound on one entry's frames */
#define MAX_QUEUE 64    /* prospero's bound on the queue */
#define MEMORY_SIZE 0x10000u
#define PORT_TAG 0x80000000u

#define ATTR_PCM 0
#define ATTR_GAIN 1
#define ATTR_LAST_KNOWN 10 /* MIX_TO_MAIN_GAIN */
#define ATTR_PCM_ALIAS 47

struct guest_context_param { /* SceAudioOut2ContextParam */
  uint32_t max_ports, max_object_ports, guarantee_object_ports, queue_depth, num_grains, flags;
  uint32_t reserved[10];
};
_Static_assert(sizeof(struct guest_context_param) == 0x40, "SceAudioOut2ContextParam");

struct guest_port_param { /* SceAudioOut2PortParam */
  uint16_t port_type, pad;
  uint32_t data_format, sampling_freq, flags;
  uint64_t user_handle;
  uint32_t reserved[10];
};
_Static_assert(sizeof(struct guest_port_param) == 0x40, "SceAudioOut2PortParam");

struct guest_attribute { /* SceAudioOut2Attribute */
  uint32_t id, pad;
  const void *value;
  uint64_t size;
};
_Static_assert(sizeof(struct guest_attribute) == 24, "SceAudioOut2Attribute");

struct port {
  bool used;
  uint16_t type;        /* SceAudioOut2PortParam.portType */
  int format, channels; /* AudioOut's format number, its channel count */
  const void *pcm;      /* NULL until the PCM attribute is set: silence */
  int32_t volume[AUDIOOUT_MAX_CHANNELS];
};

struct context {
  bool used;
  uint32_t max_ports, depth, grains;
  struct port ports[MAX_PORTS];
  float *staged;              /* depth entries of grains stereo float frames */
  uint32_t staged_count;      /* entries advanced, not pushed */
  bool running;               /* pushed entries are scheduled from next_frame */
  uint64_t next_frame;        /* where the next pushed entry starts */
  uint64_t starts[MAX_QUEUE]; /* the start frames of the last pushed entries, a ring */
  uint32_t pushed;            /* how many entries were pushed in all */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct context contexts[MAX_CONTEXTS];

/* Users (sceAudioOut2UserCreate): one handle per user id, shared by its creators */
#define MAX_USERS 8
#define USER_TAG 0x55000000u /* prospero's user handles: USER_TAG | the user id */
static struct {
  int32_t id;
  uint32_t references; /* 0: free */
} users[MAX_USERS];

/* Whether HANDLE is a user handle UserCreate gave and not yet released (lock held). */
static bool user_live_locked(uint64_t handle) {
  if ((handle & ~(uint64_t)0xFFFFFF) != USER_TAG) return false;
  for (int i = 0; i < MAX_USERS; i++)
    if (users[i].references && users[i].id == (int32_t)(handle & 0xFFFFFF)) return true;
  return false;
}

static int format_of(uint32_t data_format, int *channels) {
  uint32_t type = data_format & 0x7F, standard = data_format >> 7 & 1, n = data_format >> 8 & 0xF;
  if (data_format & ~0xFFFu || type > 1) return -1;
  *channels = (int)n;
  bool s16 = type == 1;
  switch (n) {
    case 1: return standard ? -1 : s16 ? AUDIOOUT_FORMAT_S16_MONO : AUDIOOUT_FORMAT_FLOAT_MONO;
    case 2: return standard ? -1 : s16 ? AUDIOOUT_FORMAT_S16_STEREO : AUDIOOUT_FORMAT_FLOAT_STEREO;
    case 8:
      if (standard) return s16 ? AUDIOOUT_FORMAT_S16_8CH_STD : AUDIOOUT_FORMAT_FLOAT_8CH_STD;
      return s16 ? AUDIOOUT_FORMAT_S16_8CH : AUDIOOUT_FORMAT_FLOAT_8CH;
    default: return -1;
  }
}

static bool param_valid(const struct guest_context_param *p) {
  return p && p->num_grains >= 256 && p->num_grains % 256 == 0 && p->num_grains <= MAX_GRAINS &&
         p->max_ports >= 1 && p->max_ports <= MAX_PORTS && p->queue_depth >= 1 &&
         p->queue_depth <= MAX_QUEUE;
}

/* The context of HANDLE (lock held), or NULL. */
static struct context *context_of(uint64_t handle) {
  if (handle == 0 || handle > MAX_CONTEXTS) return NULL;
  struct context *c = &contexts[handle - 1];
  return c->used ? c : NULL;
}

static struct port *port_of(uint64_t handle, struct context **ctx_out) {
  if ((handle & PORT_TAG) == 0 || (handle & 0x7FFFFFFFu) >= MAX_PORTS) return NULL;
  struct context *c = context_of(handle >> 32);
  if (!c) return NULL;
  struct port *p = &c->ports[handle & 0x7FFFFFFFu];
  if (!p->used) return NULL;
  if (ctx_out) *ctx_out = c;
  return p;
}

/* Entries pushed that have not started playing (lock held). */
static uint32_t waiting_locked(const struct context *c, uint64_t now) {
  uint32_t n = 0, have = c->pushed < c->depth ? c->pushed : c->depth;
  for (uint32_t i = 0; i < have; i++)
    if (c->starts[(c->pushed - 1 - i) % MAX_QUEUE] > now) n++;
  return n;
}

int audioout2_initialize(void) {
  /* the console's answer to a second call is not known: it succeeds here */
  return audioout_device_start() ? 0 : AUDIOOUT2_ERROR_OUT_OF_RESOURCE;
}

int audioout2_context_reset_param(void *param) {
  if (!param) return AUDIOOUT2_ERROR_INVALID_PARAM;
  struct guest_context_param p = {.max_ports = 8, .queue_depth = 1, .num_grains = 256};
  memcpy(param, &p, sizeof p);
  return 0;
}

int audioout2_context_query_memory(const void *param, size_t *size) {
  if (!size || !param_valid(param)) return AUDIOOUT2_ERROR_INVALID_PARAM;
  *size = MEMORY_SIZE;
  return 0;
}

int audioout2_context_create(const void *param, void *memory, size_t size, uint64_t *context) {
  if (!context) return AUDIOOUT2_ERROR_INVALID_PARAM;
  *context = AUDIOOUT2_HANDLE_INVALID;
  const struct guest_context_param *p = param;
  if (!param_valid(p) || !memory || size < MEMORY_SIZE) return AUDIOOUT2_ERROR_INVALID_PARAM;
  if (!audioout_device_start()) return AUDIOOUT2_ERROR_OUT_OF_RESOURCE;
  float *staged = calloc((size_t)p->queue_depth * p->num_grains * 2, sizeof(float));
  if (!staged) return AUDIOOUT2_ERROR_OUT_OF_RESOURCE;
  pthread_mutex_lock(&lock);
  int i = 0;
  while (i < MAX_CONTEXTS && contexts[i].used) i++;
  if (i == MAX_CONTEXTS) {
    pthread_mutex_unlock(&lock);
    free(staged);
    return AUDIOOUT2_ERROR_OUT_OF_RESOURCE;
  }
  struct context *c = &contexts[i];
  memset(c, 0, sizeof *c);
  c->used = true;
  c->max_ports = p->max_ports;
  c->depth = p->queue_depth;
  c->grains = p->num_grains;
  c->staged = staged;
  *context = (uint64_t)i + 1;
  pthread_mutex_unlock(&lock);
  LOG(hle, INFO, "audio out2: context %d (%u ports, queue %u, %u frames an entry)", i + 1,
      p->max_ports, p->queue_depth, p->num_grains);
  return 0;
}

int audioout2_context_destroy(uint64_t context) {
  pthread_mutex_lock(&lock);
  struct context *c = context_of(context);
  float *staged = c ? c->staged : NULL;
  if (c) memset(c, 0, sizeof *c);
  pthread_mutex_unlock(&lock);
  free(staged);
  return c ? 0 : AUDIOOUT2_ERROR_INVALID_PARAM;
}

int audioout2_port_create(uint64_t context, const void *param, uint64_t *port) {
  if (!port) return AUDIOOUT2_ERROR_INVALID_PARAM;
  *port = AUDIOOUT2_HANDLE_INVALID;
  const struct guest_port_param *p = param;
  if (!p) return AUDIOOUT2_ERROR_INVALID_PARAM;
  int channels, format = format_of(p->data_format, &channels);
  uint16_t type = p->port_type;
  bool type_ok = type <= 6 || type == 0x100 || type == 0x102 || type == 0x104;
  if (format < 0 || !type_ok || p->sampling_freq != AUDIOOUT_RATE)
    return AUDIOOUT2_ERROR_INVALID_PARAM;
  pthread_mutex_lock(&lock);
  struct context *c = context_of(context);
  int rc = c ? 0 : AUDIOOUT2_ERROR_INVALID_PARAM;
  /* the port's user: a handle UserCreate gave, or 0 (no user: prospero accepts it, the
   * console's answer is not known) */
  if (c && p->user_handle && !user_live_locked(p->user_handle)) rc = AUDIOOUT2_ERROR_INVALID_USER;
  if (c && !rc) {
    uint32_t i = 0;
    while (i < c->max_ports && c->ports[i].used) i++;
    if (i == c->max_ports) {
      rc = AUDIOOUT2_ERROR_OUT_OF_RESOURCE;
    } else {
      struct port *pt = &c->ports[i];
      memset(pt, 0, sizeof *pt);
      pt->used = true;
      pt->type = type;
      pt->format = format;
      pt->channels = channels;
      for (int ch = 0; ch < AUDIOOUT_MAX_CHANNELS; ch++) pt->volume[ch] = AUDIOOUT_VOLUME_0DB;
      *port = (context & 0xFFFFFFFFu) << 32 | PORT_TAG | i;
    }
  }
  pthread_mutex_unlock(&lock);
  if (!rc && !p->user_handle)
    LOG_ONCE(hle, STUB, "audio out2: a port with no user handle plays as the system user's");
  if (type >= 0x100) LOG_ONCE(hle, STUB, "audio out2: object ports are mixed as plain ports");
  return rc;
}

int audioout2_port_destroy(uint64_t port) {
  pthread_mutex_lock(&lock);
  struct port *p = port_of(port, NULL);
  if (p) memset(p, 0, sizeof *p);
  pthread_mutex_unlock(&lock);
  return p ? 0 : AUDIOOUT2_ERROR_INVALID_PORT;
}

int audioout2_port_set_attributes(uint64_t port, const void *attributes, uint32_t count) {
  if (!attributes || count == 0) return AUDIOOUT2_ERROR_INVALID_PARAM;
  const struct guest_attribute *a = attributes;
  pthread_mutex_lock(&lock);
  struct port *p = port_of(port, NULL);
  int rc = p ? 0 : AUDIOOUT2_ERROR_INVALID_PORT;
  /* every attribute is checked before any is applied */
  for (uint32_t i = 0; rc == 0 && i < count; i++) {
    uint32_t id = a[i].id == ATTR_PCM_ALIAS ? ATTR_PCM : a[i].id;
    if (id == ATTR_PCM) {
      if (!a[i].value || a[i].size < sizeof(void *) || !*(const void *const *)a[i].value)
        rc = AUDIOOUT2_ERROR_INVALID_PARAM;
    } else if (id == ATTR_GAIN) {
      if (!a[i].value || a[i].size != (uint64_t)p->channels * sizeof(float)) {
        rc = AUDIOOUT2_ERROR_INVALID_PARAM;
      } else {
        const float *g = a[i].value;
        for (int ch = 0; ch < p->channels; ch++)
          if (!isfinite(g[ch]) || g[ch] < 0) rc = AUDIOOUT2_ERROR_INVALID_PARAM;
      }
    } else if (id > ATTR_LAST_KNOWN) {
      rc = AUDIOOUT2_ERROR_INVALID_PARAM;
    }
  }
  bool other = false;
  for (uint32_t i = 0; rc == 0 && i < count; i++) {
    uint32_t id = a[i].id == ATTR_PCM_ALIAS ? ATTR_PCM : a[i].id;
    if (id == ATTR_PCM) {
      p->pcm = *(const void *const *)a[i].value;
    } else if (id == ATTR_GAIN) {
      const float *g = a[i].value;
      for (int ch = 0; ch < p->channels; ch++) {
        float v = g[ch] > 4.0f ? 4.0f : g[ch];
        p->volume[ch] = (int32_t)(v * AUDIOOUT_VOLUME_0DB + 0.5f);
      }
    } else {
      other = true;
    }
  }
  pthread_mutex_unlock(&lock);
  if (other)
    LOG_ONCE(hle, STUB,
             "audio out2: port attributes other than PCM and gain are accepted, no effect");
  return rc;
}

int audioout2_context_advance(uint64_t context) {
  pthread_mutex_lock(&lock);
  struct context *c = context_of(context);
  int rc = c ? 0 : AUDIOOUT2_ERROR_INVALID_PARAM;
  if (c) {
    uint32_t waiting = c->running ? waiting_locked(c, audioout_device_now_frame()) : 0;
    if (c->staged_count + waiting + 1 > c->depth) {
      rc = AUDIOOUT2_ERROR_NOT_READY;
    } else {
      /* each port's next grain of samples, mixed into the staged entry */
      float *entry = &c->staged[(size_t)c->staged_count * c->grains * 2];
      memset(entry, 0, (size_t)c->grains * 2 * sizeof(float));
      for (uint32_t i = 0; i < c->max_ports; i++)
        if (c->ports[i].used && c->ports[i].pcm)
          audioout_mix_add(entry, c->ports[i].pcm, c->grains, c->ports[i].format,
                           c->ports[i].volume);
      c->staged_count++;
    }
  }
  pthread_mutex_unlock(&lock);
  return rc;
}

int audioout2_context_push(uint64_t context, uint32_t blocking) {
  if (blocking > 1) return AUDIOOUT2_ERROR_INVALID_PARAM;
  static const int32_t unity[AUDIOOUT_MAX_CHANNELS] = {
      AUDIOOUT_VOLUME_0DB, AUDIOOUT_VOLUME_0DB, AUDIOOUT_VOLUME_0DB, AUDIOOUT_VOLUME_0DB,
      AUDIOOUT_VOLUME_0DB, AUDIOOUT_VOLUME_0DB, AUDIOOUT_VOLUME_0DB, AUDIOOUT_VOLUME_0DB};
  if (blocking) audioout_device_pace_enter();
  pthread_mutex_lock(&lock);
  struct context *c = context_of(context);
  if (!c) {
    pthread_mutex_unlock(&lock);
    if (blocking) audioout_device_pace_cancel();
    return AUDIOOUT2_ERROR_INVALID_PARAM;
  }
  for (uint32_t e = 0; e < c->staged_count; e++) {
    uint64_t at =
        audioout_device_submit(c->next_frame, !c->running, &c->staged[(size_t)e * c->grains * 2],
                               c->grains, AUDIOOUT_FORMAT_FLOAT_STEREO, unity);
    c->running = true;
    c->next_frame = at + c->grains;
    c->starts[c->pushed % MAX_QUEUE] = at;
    c->pushed++;
  }
  c->staged_count = 0;
  /* synchronous: until the queue has room again (its oldest waiting entry started) */
  bool waited = false;
  while (blocking) {
    uint64_t now = audioout_device_now_frame();
    uint32_t waiting = waiting_locked(c, now);
    if (waiting < c->depth) break;
    uint64_t oldest = c->starts[(c->pushed - waiting) % MAX_QUEUE];
    /* named after the context and the entry it waits for */
    struct audioout_pace pace = {context, c->pushed - waiting};
    pthread_mutex_unlock(&lock);
    audioout_device_wait_frame(oldest, &pace);
    waited = true;
    pthread_mutex_lock(&lock);
    c = context_of(context);
    if (!c) break; /* destroyed meanwhile */
  }
  pthread_mutex_unlock(&lock);
  if (blocking && !waited) audioout_device_pace_cancel();
  return 0;
}

int audioout2_context_get_queue_level(uint64_t context, uint32_t *level, uint32_t *available) {
  if (!level && !available) return AUDIOOUT2_ERROR_INVALID_PARAM;
  pthread_mutex_lock(&lock);
  struct context *c = context_of(context);
  uint32_t n = 0, depth = 0;
  if (c) {
    n = c->staged_count + (c->running ? waiting_locked(c, audioout_device_now_frame()) : 0);
    depth = c->depth;
  }
  pthread_mutex_unlock(&lock);
  if (!c) return AUDIOOUT2_ERROR_INVALID_PARAM;
  if (level) *level = n;
  if (available) *available = depth > n ? depth - n : 0;
  return depth > n ? 0 : AUDIOOUT2_ERROR_NOT_READY;
}

/* ---- Users, port state, speaker information ----------------------------------------- */

int audioout2_user_create(int32_t user_id, uint64_t *handle) {
  if (!handle) return AUDIOOUT2_ERROR_INVALID_PARAM;
  /* the system user and the one logged-in user (the console's code for another id is not
   * known: INVALID_PARAM, logged) */
  if (user_id != AUDIOOUT2_USER_ID_SYSTEM && user_id != USER_SERVICE_INITIAL_USER_ID) {
    LOG_ONCE(hle, WARN, "audio out2: UserCreate for user %d, who is not logged in", user_id);
    return AUDIOOUT2_ERROR_INVALID_PARAM;
  }
  pthread_mutex_lock(&lock);
  int free_slot = -1, found = -1;
  for (int i = 0; i < MAX_USERS; i++) {
    if (users[i].references && users[i].id == user_id) found = i;
    if (!users[i].references && free_slot < 0) free_slot = i;
  }
  int rc = 0;
  if (found >= 0) {
    users[found].references++; /* the same handle again (public SDK-based code relies on it) */
  } else if (free_slot >= 0) {
    users[free_slot].id = user_id;
    users[free_slot].references = 1;
  } else {
    rc = AUDIOOUT2_ERROR_OUT_OF_RESOURCE;
  }
  pthread_mutex_unlock(&lock);
  if (!rc) *handle = USER_TAG | (uint32_t)user_id;
  return rc;
}

int audioout2_user_destroy(uint64_t handle) {
  /* a handle no UserCreate gave: INVALID_USER, as a console answered (public observation) */
  if ((handle & ~(uint64_t)0xFFFFFF) != USER_TAG) return AUDIOOUT2_ERROR_INVALID_USER;
  int32_t user_id = (int32_t)(handle & 0xFFFFFF);
  pthread_mutex_lock(&lock);
  int rc = AUDIOOUT2_ERROR_INVALID_USER;
  for (int i = 0; i < MAX_USERS; i++)
    if (users[i].references && users[i].id == user_id) {
      /* another creator of the same user still holds the handle: BUSY, one reference less */
      rc = --users[i].references ? AUDIOOUT2_ERROR_BUSY : 0;
      break;
    }
  pthread_mutex_unlock(&lock);
  return rc;
}

struct guest_port_state { /* SceAudioOut2PortState */
  uint16_t output;
  uint8_t num_channels;
  uint8_t pad1;
  int16_t volume;
  uint16_t reroute_counter;
  uint32_t flags;
  uint32_t pad2;
  uint64_t reserved[6];
};
_Static_assert(sizeof(struct guest_port_state) == 0x40, "SceAudioOut2PortState is 0x40 bytes");

int audioout2_port_get_state(uint64_t port, void *state) {
  if (!state) return AUDIOOUT2_ERROR_INVALID_PARAM;
  pthread_mutex_lock(&lock);
  struct port *p = port_of(port, NULL);
  uint16_t type = p ? p->type : 0;
  pthread_mutex_unlock(&lock);
  if (!p) return AUDIOOUT2_ERROR_INVALID_PORT;
  struct guest_port_state s;
  memset(&s, 0, sizeof s);
  /* where the port's samples go in prospero: everything reaches the one stereo host device;
   * the connection is reported per type as sceAudioOutGetPortState does (no headphone or
   * controller detection), no 3D output (flags 0), volume 127 (the console's value is not
   * known) */
  s.volume = 127;
  switch (type) {
    case AUDIOOUT2_PORT_TYPE_VOICE:
    case AUDIOOUT2_PORT_TYPE_PERSONAL:
      s.output = AUDIOOUT2_STATE_OUTPUT_HEADPHONE;
      s.num_channels = 2;
      break;
    case AUDIOOUT2_PORT_TYPE_PADSPK:
      s.output = AUDIOOUT2_STATE_OUTPUT_TERTIARY;
      s.num_channels = 1;
      break;
    case AUDIOOUT2_PORT_TYPE_AUX:
      s.output = AUDIOOUT2_STATE_OUTPUT_EXTERNAL;
      s.num_channels = 2;
      break;
    case AUDIOOUT2_PORT_TYPE_VIBRATION: /* no controller motor: not connected */ break;
    default: /* main, BGM, the object ports: the host device, stereo */
      s.output = AUDIOOUT2_STATE_OUTPUT_PRIMARY;
      s.num_channels = 2;
      break;
  }
  memcpy(state, &s, sizeof s);
  return 0;
}

struct guest_speaker_info { /* SceAudioOut2SpeakerInfo */
  uint8_t type;
  uint8_t pad1;
  uint16_t pad2;
  uint32_t available_bits;
  uint32_t flags;
  uint32_t pad3;
  struct {
    int16_t azimuth, elevation;
  } angle[16];
};
_Static_assert(sizeof(struct guest_speaker_info) == 0x50, "SceAudioOut2SpeakerInfo is 0x50 bytes");

int audioout2_get_speaker_info(void *info, uint32_t flags) {
  if (!info) return AUDIOOUT2_ERROR_INVALID_PARAM;
  if (flags) LOG_ONCE(hle, STUB, "audio out2: GetSpeakerInfo flags 0x%x have no effect", flags);
  /* the host device as a TV's stereo pair: front left and right at -30 and +30 degrees
   * (ITU-R BS.775), level; no 3D output */
  struct guest_speaker_info s;
  memset(&s, 0, sizeof s);
  s.type = AUDIOOUT2_SPEAKER_TYPE_TV;
  s.available_bits = 0x3;
  s.angle[0].azimuth = -30;
  s.angle[1].azimuth = 30;
  memcpy(info, &s, sizeof s);
  return 0;
}

/* ---- Context attributes, system state ------------------------------------------------ */

#define CONTEXT_ATTR_LAST_KNOWN 4 /* ids 0-4 are the context attributes public code names */

int audioout2_context_set_attributes(uint64_t context, const void *attributes, uint32_t count) {
  if (!attributes && count) return AUDIOOUT2_ERROR_INVALID_PARAM;
  const struct guest_attribute *a = attributes;
  for (uint32_t i = 0; i < count; i++)
    if (a[i].id > CONTEXT_ATTR_LAST_KNOWN) return AUDIOOUT2_ERROR_INVALID_PARAM;
  pthread_mutex_lock(&lock);
  bool known = context_of(context) != NULL;
  pthread_mutex_unlock(&lock);
  if (!known) return AUDIOOUT2_ERROR_INVALID_PARAM;
  /* what the context attributes do on the console is not known: checked, no effect */
  if (count) LOG_ONCE(hle, STUB, "audio out2: context attributes are accepted, no effect");
  return 0;
}

struct guest_system_state { /* SceAudioOut2SystemState */
  float loudness;
  uint32_t reserved[15];
};
_Static_assert(sizeof(struct guest_system_state) == 0x40, "SceAudioOut2SystemState is 0x40 bytes");

int audioout2_get_system_state(void *state) {
  if (!state) return AUDIOOUT2_ERROR_INVALID_PARAM;
  /* no loudness meter runs on the mix: the loudness reads 0 (the console's scale and
   * the rest of the structure are not known) */
  LOG_ONCE(hle, STUB, "audio out2: GetSystemState reports a loudness of 0 (no meter)");
  struct guest_system_state s;
  memset(&s, 0, sizeof s);
  memcpy(state, &s, sizeof s);
  return 0;
}
