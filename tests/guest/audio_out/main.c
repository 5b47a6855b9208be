/* libSceAudioOut conformance: the errors before sceAudioOutInit and on bad arguments, port
 * handles and states, volume checks, then a known waveform (waveform.h) played through a
 * main port (S16 stereo) and a BGM port (float mono at half volume), captured by
 * --audio-dump and compared sample for sample by wav_check (see CMakeLists.txt). The
 * schedule is checked: the port's buffers start one period apart (256 frames at 48 kHz,
 * 5333 us; sceAudioOutGetLastOutputTime after each call, the median interval). When each
 * call returns is guest.audio_cadence's test (per call, against the host's measured delays),
 * since a busy host delays returns. */
#include <audioout.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>

#include "waveform.h"

#define PERIOD_US 5333

int main(void) {
  int16_t stereo[WAVE_LENGTH * 2];
  printf("open before init: 0x%x\n",
         (unsigned)sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_MAIN, 0, WAVE_LENGTH, 48000,
                                   SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO));
  printf("output before init: 0x%x\n", (unsigned)sceAudioOutOutput(0x20000000, stereo));
  printf("init: 0x%x, again: 0x%x\n", (unsigned)sceAudioOutInit(), (unsigned)sceAudioOutInit());
  printf("open length 100: 0x%x\n",
         (unsigned)sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_MAIN, 0, 100, 48000,
                                   SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO));
  printf("open length 4096: 0x%x\n",
         (unsigned)sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_MAIN, 0, 4096, 48000,
                                   SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO));
  printf("open 44100 Hz: 0x%x\n",
         (unsigned)sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_MAIN, 0, WAVE_LENGTH, 44100,
                                   SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO));
  printf("open type 9: 0x%x\n", (unsigned)sceAudioOutOpen(1, 9, 0, WAVE_LENGTH, 48000,
                                                          SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO));
  printf("open format 8: 0x%x\n",
         (unsigned)sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_MAIN, 0, WAVE_LENGTH, 48000, 8));
  printf("open main with mix-to-main: 0x%x\n",
         (unsigned)sceAudioOutOpen(
             1, SCE_AUDIO_OUT_PORT_TYPE_MAIN, 0, WAVE_LENGTH, 48000,
             SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO | SCE_AUDIO_OUT_PARAM_ATTR_MIX_TO_MAIN));

  int h = sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_MAIN, 0, WAVE_LENGTH, 48000,
                          SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO);
  printf("main port: tag 0x%x type %d\n", (unsigned)h & 0xFF000000u, (h >> 16) & 0xFF);
  int bgm = sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_BGM, 0, WAVE_LENGTH, 48000,
                            SCE_AUDIO_OUT_PARAM_FORMAT_FLOAT_MONO);
  printf("bgm port: tag 0x%x type %d\n", (unsigned)bgm & 0xFF000000u, (bgm >> 16) & 0xFF);
  printf("second bgm port: 0x%x\n",
         (unsigned)sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_BGM, 0, WAVE_LENGTH, 48000,
                                   SCE_AUDIO_OUT_PARAM_FORMAT_FLOAT_MONO));

  SceAudioOutPortState st;
  memset(&st, 0x5a, sizeof st);
  int rc = sceAudioOutGetPortState(h, &st);
  printf("state: rc 0x%x output 0x%x channel %u volume %d reroute %u flag %llu\n", (unsigned)rc,
         st.output, st.channel, st.volume, st.rerouteCounter, (unsigned long long)st.flag);
  printf("state null: 0x%x, bad handle: 0x%x\n", (unsigned)sceAudioOutGetPortState(h, NULL),
         (unsigned)sceAudioOutGetPortState(0x12345678, &st));

  int32_t vol[8];
  for (int i = 0; i < 8; i++) vol[i] = SCE_AUDIO_VOLUME_0DB + 1;
  printf("volume too loud: 0x%x\n",
         (unsigned)sceAudioOutSetVolume(h, SCE_AUDIO_VOLUME_FLAG_L_CH, vol));
  printf("volume null: 0x%x, bad flag: 0x%x\n",
         (unsigned)sceAudioOutSetVolume(h, SCE_AUDIO_VOLUME_FLAG_L_CH, NULL),
         (unsigned)sceAudioOutSetVolume(h, 0x100, vol));
  for (int i = 0; i < 8; i++) vol[i] = SCE_AUDIO_VOLUME_0DB / 2;
  printf("bgm at half volume: 0x%x\n",
         (unsigned)sceAudioOutSetVolume(bgm, SCE_AUDIO_VOLUME_FLAG_L_CH, vol));
  printf("mix level of a main port: 0x%x\n", (unsigned)sceAudioOutSetMixLevelPadSpk(h, 100));

  /* part 1: S16 stereo, the cadence measured */
  uint64_t returns[STEREO_BUFFERS], starts[STEREO_BUFFERS];
  int bad_rc = 0;
  for (uint32_t b = 0; b < STEREO_BUFFERS; b++) {
    for (uint32_t f = 0; f < WAVE_LENGTH; f++) {
      stereo[2 * f] = wave_left(b * WAVE_LENGTH + f);
      stereo[2 * f + 1] = wave_right(b * WAVE_LENGTH + f);
    }
    rc = sceAudioOutOutput(h, stereo);
    returns[b] = sceKernelGetProcessTime();
    if (rc != WAVE_LENGTH * 2) bad_rc++;
    if (sceAudioOutGetLastOutputTime(h, &starts[b]) != 0) bad_rc++;
  }
  printf("stereo output: %d calls returned something else than 512 samples\n", bad_rc);
  printf("drain: 0x%x\n", (unsigned)sceAudioOutOutput(h, NULL));
  uint64_t last;
  printf("last output time: rc 0x%x\n", (unsigned)sceAudioOutGetLastOutputTime(h, &last));
  /* one period between the starts of consecutive buffers: the median within 0.2 ms of
   * 5333 us (a buffer that came after its time, on a starved host, starts periods later:
   * the median holds). The returns' intervals are printed to stderr for comparison. */
  int64_t d[STEREO_BUFFERS], r[STEREO_BUFFERS];
  int within = 0, total = 0;
  for (int b = 2; b < STEREO_BUFFERS; b++, total++) {
    d[total] = (int64_t)(starts[b] - starts[b - 1]);
    r[total] = (int64_t)(returns[b] - returns[b - 1]);
    if (r[total] >= PERIOD_US - 1000 && r[total] <= PERIOD_US + 1000) within++;
  }
  for (int i = 1; i < total; i++) /* insertion sorts for the medians */
    for (int j = i; j > 0 && d[j - 1] > d[j]; j--) {
      int64_t t = d[j];
      d[j] = d[j - 1], d[j - 1] = t;
    }
  for (int i = 1; i < total; i++)
    for (int j = i; j > 0 && r[j - 1] > r[j]; j--) {
      int64_t t = r[j];
      r[j] = r[j - 1], r[j - 1] = t;
    }
  int64_t median = d[total / 2];
  int ok = median >= PERIOD_US - 200 && median <= PERIOD_US + 200;
  printf("cadence: %s\n", ok ? "one buffer per period" : "OFF");
  fprintf(stderr,
          "audio_out: buffers start a median %lld us apart; returns: %d of %d intervals within "
          "1 ms of a period, median %lld us\n",
          (long long)median, within, total, (long long)r[total / 2]);
  if (!ok) printf("  buffers start a median %lld us apart\n", (long long)median);

  /* part 2: float mono at half volume, through Outputs */
  sceKernelUsleep(20000);
  float mono[WAVE_LENGTH];
  for (uint32_t b = 0; b < MONO_BUFFERS; b++) {
    for (uint32_t f = 0; f < WAVE_LENGTH; f++) mono[f] = wave_mono(b * WAVE_LENGTH + f);
    SceAudioOutOutputParam p = {.handle = bgm, .ptr = mono};
    rc = sceAudioOutOutputs(&p, 1);
    if (rc) printf("outputs: 0x%x\n", (unsigned)rc);
  }
  SceAudioOutOutputParam twice[2] = {{bgm, mono}, {bgm, mono}};
  printf("outputs with a port twice: 0x%x, none: 0x%x\n", (unsigned)sceAudioOutOutputs(twice, 2),
         (unsigned)sceAudioOutOutputs(twice, 0));
  printf("drain bgm: 0x%x\n", (unsigned)sceAudioOutOutput(bgm, NULL));

  printf("close: 0x%x, again: 0x%x\n", (unsigned)sceAudioOutClose(h),
         (unsigned)sceAudioOutClose(h));
  printf("output closed: 0x%x\n", (unsigned)sceAudioOutOutput(h, stereo));
  printf("close bgm: 0x%x\n", (unsigned)sceAudioOutClose(bgm));
  return 0;
}
