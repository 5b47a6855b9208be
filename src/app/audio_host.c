/* Audio out's sink: SDL2 queue, WAV file, or nothing. See audio_host.h. */
#include "audio_host.h"

#include <SDL.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceAudioOut/audioout.h"

#define CHANNELS 2
#define PREFILL_PERIODS 2    /* silence queued ahead of the first period: the device's slack */
#define MAX_QUEUED_PERIODS 8 /* beyond this the host device is slower than the clock: drop */

static struct {
  FILE *wav;
  uint64_t wav_frames;
  SDL_AudioDeviceID dev;
  bool dev_started;
  uint64_t dropped;
} host;

/* ---- WAV (RIFF, WAVE_FORMAT_IEEE_FLOAT with a fact chunk) ------------------------------- */

static void put_u32(unsigned char *p, uint32_t v) {
  p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8), p[2] = (unsigned char)(v >> 16),
  p[3] = (unsigned char)(v >> 24);
}
static void put_u16(unsigned char *p, uint16_t v) {
  p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
}

#define WAV_HEADER 58 /* RIFF 12 + fmt 26 + fact 12 + data 8 */

static void wav_header(unsigned char h[WAV_HEADER], uint64_t frames) {
  uint32_t data = (uint32_t)(frames * CHANNELS * 4);
  memcpy(h, "RIFF", 4);
  put_u32(h + 4, WAV_HEADER - 8 + data);
  memcpy(h + 8, "WAVEfmt ", 8);
  put_u32(h + 16, 18);
  put_u16(h + 20, 3); /* WAVE_FORMAT_IEEE_FLOAT */
  put_u16(h + 22, CHANNELS);
  put_u32(h + 24, AUDIOOUT_RATE);
  put_u32(h + 28, AUDIOOUT_RATE * CHANNELS * 4);
  put_u16(h + 32, CHANNELS * 4);
  put_u16(h + 34, 32);
  put_u16(h + 36, 0);
  memcpy(h + 38, "fact", 4);
  put_u32(h + 42, 4);
  put_u32(h + 46, (uint32_t)frames);
  memcpy(h + 50, "data", 4);
  put_u32(h + 54, data);
}

static void sink_write(void *ctx, const float *frames, size_t count, bool has_data) {
  (void)ctx;
  if (host.wav && has_data) {
    if (fwrite(frames, sizeof(float) * CHANNELS, count, host.wav) == count)
      host.wav_frames += count;
    else LOG_ONCE(core, ERROR, "--audio-dump: write failed");
  }
  if (host.dev) {
    uint32_t period_bytes = (uint32_t)(count * CHANNELS * sizeof(float));
    if (!host.dev_started) {
      static float silence[AUDIOOUT_DEVICE_PERIOD * CHANNELS];
      for (int i = 0; i < PREFILL_PERIODS; i++)
        SDL_QueueAudio(host.dev, silence, (uint32_t)sizeof silence);
      SDL_PauseAudioDevice(host.dev, 0);
      host.dev_started = true;
    }
    if (SDL_GetQueuedAudioSize(host.dev) > MAX_QUEUED_PERIODS * period_bytes) {
      host.dropped++;
      LOG_ONCE(core, WARN, "audio: the host device plays slower than 48 kHz; periods dropped");
    } else if (SDL_QueueAudio(host.dev, frames, period_bytes) != 0) {
      LOG_ONCE(core, ERROR, "audio: SDL_QueueAudio: %s", SDL_GetError());
    }
  }
}

/* The sink's start: the device opens with the guest's first port. */
static void start_sdl(void *ctx) {
  (void)ctx;
  if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
    LOG(core, INFO, "audio: no SDL audio (%s): nothing plays (the ports keep their pace)",
        SDL_GetError());
    return;
  }
  SDL_AudioSpec want = {.freq = AUDIOOUT_RATE,
                        .format = AUDIO_F32SYS,
                        .channels = CHANNELS,
                        .samples = AUDIOOUT_DEVICE_PERIOD},
                have;
  host.dev = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
  if (!host.dev) {
    LOG(core, INFO, "audio: no audio device (%s): nothing plays (the ports keep their pace)",
        SDL_GetError());
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
    return;
  }
  LOG(core, INFO, "audio: SDL device (%s driver), 48 kHz stereo float",
      SDL_GetCurrentAudioDriver());
}

bool app_audio_setup(const struct app_options *opt) {
  const char *sink = opt->audio_count ? opt->audio[0] : (opt->headless_count ? "null" : "sdl");
  if (strcmp(sink, "sdl") && strcmp(sink, "null")) {
    fprintf(stderr, "prospero: --audio: expected sdl or null, got '%s'\n", sink);
    return false;
  }
  if (opt->audio_dump_count) {
    host.wav = fopen(opt->audio_dump[0], "wb");
    unsigned char h[WAV_HEADER];
    wav_header(h, 0);
    if (!host.wav || fwrite(h, sizeof h, 1, host.wav) != 1) {
      fprintf(stderr, "prospero: --audio-dump: cannot write '%s'\n", opt->audio_dump[0]);
      if (host.wav) fclose(host.wav);
      host.wav = NULL;
      return false;
    }
  }
  static const struct audioout_sink_ops sdl_ops = {.start = start_sdl, .write = sink_write},
                                        null_ops = {.write = sink_write};
  audioout_set_sink(strcmp(sink, "sdl") ? &null_ops : &sdl_ops);
  return true;
}

void app_audio_finish(void) {
  audioout_shutdown();
  if (host.wav) {
    unsigned char h[WAV_HEADER];
    wav_header(h, host.wav_frames);
    if (fseek(host.wav, 0, SEEK_SET) != 0 || fwrite(h, sizeof h, 1, host.wav) != 1)
      LOG(core, ERROR, "--audio-dump: cannot complete the WAV header");
    fclose(host.wav);
    host.wav = NULL;
  }
  if (host.dev) {
    SDL_CloseAudioDevice(host.dev);
    host.dev = 0;
  }
  if (host.dropped)
    LOG(core, INFO, "audio: %llu periods dropped", (unsigned long long)host.dropped);
}
