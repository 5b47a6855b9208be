/* libSceAudioOut: the console's audio output ports. A port takes buffers of `length`
 * sample frames at 48 kHz; sceAudioOutOutput queues one and returns when the previous one
 * has been consumed, so a guest that outputs in a loop is paced at one buffer per period.
 * Ports are mixed into one stereo stream (audioout_device.c) that goes to the host through
 * the sink the app installs (SDL2, a WAV file, nothing; src/app/audio_host.c).
 * docs/input-audio.md. */
#ifndef PROSPERO_HLE_LIBSCEAUDIOOUT_AUDIOOUT_H
#define PROSPERO_HLE_LIBSCEAUDIOOUT_AUDIOOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Error codes (the console's SCE_AUDIO_OUT_ERROR_*) */
#define AUDIOOUT_ERROR_NOT_OPENED ((int)0x80260001)
#define AUDIOOUT_ERROR_BUSY ((int)0x80260002)
#define AUDIOOUT_ERROR_INVALID_PORT ((int)0x80260003)
#define AUDIOOUT_ERROR_INVALID_POINTER ((int)0x80260004)
#define AUDIOOUT_ERROR_PORT_FULL ((int)0x80260005)
#define AUDIOOUT_ERROR_INVALID_SIZE ((int)0x80260006)
#define AUDIOOUT_ERROR_INVALID_FORMAT ((int)0x80260007)
#define AUDIOOUT_ERROR_INVALID_SAMPLE_FREQ ((int)0x80260008)
#define AUDIOOUT_ERROR_INVALID_VOLUME ((int)0x80260009)
#define AUDIOOUT_ERROR_INVALID_PORT_TYPE ((int)0x8026000A)
#define AUDIOOUT_ERROR_ALREADY_INIT ((int)0x8026000E)
#define AUDIOOUT_ERROR_NOT_INIT ((int)0x8026000F)
#define AUDIOOUT_ERROR_INVALID_FLAG ((int)0x80260013)
#define AUDIOOUT_ERROR_INVALID_MIXLEVEL ((int)0x80260014)

/* Port types (SCE_AUDIO_OUT_PORT_TYPE_*) */
#define AUDIOOUT_PORT_MAIN 0
#define AUDIOOUT_PORT_BGM 1
#define AUDIOOUT_PORT_VOICE 2
#define AUDIOOUT_PORT_PERSONAL 3
#define AUDIOOUT_PORT_PADSPK 4
#define AUDIOOUT_PORT_AUDIO3D 126
#define AUDIOOUT_PORT_AUX 127

/* Data formats (SCE_AUDIO_OUT_PARAM_FORMAT_*, bits 0-7 of the open parameter) */
#define AUDIOOUT_FORMAT_S16_MONO 0
#define AUDIOOUT_FORMAT_S16_STEREO 1
#define AUDIOOUT_FORMAT_S16_8CH 2
#define AUDIOOUT_FORMAT_FLOAT_MONO 3
#define AUDIOOUT_FORMAT_FLOAT_STEREO 4
#define AUDIOOUT_FORMAT_FLOAT_8CH 5
#define AUDIOOUT_FORMAT_S16_8CH_STD 6
#define AUDIOOUT_FORMAT_FLOAT_8CH_STD 7
#define AUDIOOUT_PARAM_FORMAT_MASK 0xFFu
#define AUDIOOUT_PARAM_ATTR_RESTRICTED 0x00010000u
#define AUDIOOUT_PARAM_ATTR_MIX_TO_MAIN 0x00020000u

#define AUDIOOUT_RATE 48000
#define AUDIOOUT_VOLUME_0DB 32768
#define AUDIOOUT_MIXLEVEL_PADSPK_DEFAULT 11626 /* -9 dB */
#define AUDIOOUT_MAX_CHANNELS 8

/* ---- Mixing (audioout_mix.c, pure functions) ---------------------------------------- */

/* Channels of FORMAT (1, 2 or 8) and bytes per sample (2 or 4); 0 for an unknown format. */
int audioout_format_channels(int format);
int audioout_format_sample_bytes(int format);
/* Adds FRAMES frames of SRC (in FORMAT) to DST (interleaved stereo float), each source
 * channel scaled by VOLUME[channel] / 32768 (channels in the console's order L, R, C, LFE,
 * LS, RS, LE, RE for the 8-channel formats; the _STD formats store LE, RE before LS, RS).
 * Mono goes to both sides; 7.1 is folded to stereo with the ITU-R BS.775 coefficients
 * (centre and surrounds at -3 dB, LFE left out). */
void audioout_mix_add(float *dst, const void *src, size_t frames, int format,
                      const int32_t volume[AUDIOOUT_MAX_CHANNELS]);

/* ---- The mixed stream and its host sink (audioout_device.c) ------------------------- */

#define AUDIOOUT_DEVICE_PERIOD 256 /* frames the mixer hands to the sink at a time */

struct audioout_sink_ops {
  /* Once, when the guest opens its first port (the host device is opened only then). */
  void (*start)(void *ctx);
  /* On the mixer thread, once per device period: COUNT interleaved stereo float frames.
   * HAS_DATA is false when no port had a buffer in the period (silence). */
  void (*write)(void *ctx, const float *frames, size_t count, bool has_data);
  void *ctx;
};
/* Before the guest runs (NULL: nothing; the stream is still paced by the clock). */
void audioout_set_sink(const struct audioout_sink_ops *ops);

/* Mixes what the ports still hold into the sink and stops the mixer (process exit). */
void audioout_shutdown(void);

/* How Output's returns kept their schedule (each at its buffer's start), since start; the
 * figures of the cadence test and the log lines at exit. Each paced return k is measured on
 * the device clock: its lateness L (the return after its buffer's start) and the host's
 * share H of it, which the emulator measures without the guest's help:
 *   - the call came before its buffer's start and slept: the wake-up's lateness (the timer
 *     expired at the start; only a host that did not run the thread makes it late);
 *   - the call came after it: the time the thread did not run since the previous return
 *     (without blocking: the run queue and a stopped virtual CPU; when it blocked, its run-
 *     queue wait), plus the previous return's own host delay (a return woken 8 ms late
 *     pushes the guest's next step, its work and this call, 8 ms later); at most L;
 *   - plus, found at the thread's next call, the host's share of the stretch after the
 *     return (a guest that reads the clock after the return sees it).
 * A return whose L exceeds the host's share by more than AUDIOOUT_CADENCE_LATE_NS is the
 * emulator's own lateness ("unexplained"). docs/input-audio.md, "Cadence figures". */
#define AUDIOOUT_CADENCE_LATE_NS 1000000u   /* a return later than this is off the period */
#define AUDIOOUT_CADENCE_STARVED_NS 500000u /* the host kept the thread off more than this */
struct audioout_cadence {
  uint64_t returns;       /* paced returns of Output / Outputs / AudioOut2 pushes */
  uint64_t late;          /* returns more than AUDIOOUT_CADENCE_LATE_NS after their time */
  uint64_t worst_late_ns; /* the latest return's lateness */
  uint64_t host_delayed;  /* returns the host delayed more than AUDIOOUT_CADENCE_STARVED_NS */
  uint64_t worst_host_ns; /* the longest of those host delays */
  uint64_t unexplained;   /* returns later than the host's share + AUDIOOUT_CADENCE_LATE_NS */
  uint64_t worst_unexplained_ns; /* the largest lateness beyond the host's share */
};
struct audioout_cadence audioout_cadence(void);

/* One paced return, kept when the host delayed it more than AUDIOOUT_CADENCE_STARVED_NS or
 * it came more than AUDIOOUT_CADENCE_STARVED_NS after its buffer's start (the first
 * AUDIOOUT_CADENCE_RECORDS of a run; each is logged at exit). */
#define AUDIOOUT_CADENCE_RECORDS 4096
struct audioout_return_record {
  uint64_t id;      /* the port's handle (AudioOut) or the context's (AudioOut2) */
  uint64_t seq;     /* that port's paced return number, from 0 (a guest's call number) */
  uint64_t late_ns; /* L: after its buffer's start, on the device clock */
  uint64_t host_ns; /* H: the host's share (see above) */
};
/* Copies up to MAX records into OUT in the order of the returns; returns how many. */
size_t audioout_cadence_records(struct audioout_return_record *out, size_t max);

/* Periods a port's buffer arrived too late for (the gap was silence), since start. */
uint64_t audioout_underrun_count(void);

/* ---- The exports (the console's prototypes; see sdk/include/audioout.h) ------------- */
int audioout_init(void);
int audioout_open(int32_t user_id, int32_t type, int32_t index, uint32_t length, uint32_t freq,
                  uint32_t param);
int audioout_close(int32_t handle);
int audioout_output(int32_t handle, const void *ptr);
int audioout_outputs(void *params, uint32_t num);
int audioout_set_volume(int32_t handle, int32_t flag, const int32_t *vol);
int audioout_get_port_state(int32_t handle, void *state);
int audioout_get_last_output_time(int32_t handle, uint64_t *time);
int audioout_set_mix_level_pad_spk(int32_t handle, int32_t level);

#endif
