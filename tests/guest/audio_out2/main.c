/* AudioOut2 conformance: the context and port parameters' checks, handles, attributes,
 * the queue (Advance stages an entry, Push sends the staged ones, GetQueueLevel counts
 * them), then the audio_out test's known waveform (../audio_out/waveform.h) played through
 * a context: S16 stereo on one port, then float mono at gain 0.5 on another, captured by
 * --audio-dump and compared sample for sample by the same checker (wav_check). Expected
 * values: the console's structures and checks as public SDK-based code and a reverse
 * engineering of the console's library describe them (docs/input-audio.md). */
#include <audio_out2.h>
#include <kernel.h>
#include <stdio.h>
#include <string.h>

#include "../audio_out/waveform.h"

static unsigned char memory[0x10000];

static int set_pcm(SceAudioOut2PortHandle port, const void *data) {
  SceAudioOut2Pcm pcm = {.data = data};
  SceAudioOut2Attribute a = {
      .attributeId = SCE_AUDIO_OUT2_PORT_ATTRIBUTE_ID_PCM, .value = &pcm, .valueSize = sizeof pcm};
  return sceAudioOut2PortSetAttributes(port, &a, 1);
}

int main(void) {
  printf("initialize: 0x%x\n", (unsigned)sceAudioOut2Initialize());
  SceAudioOut2ContextParam cp;
  memset(&cp, 0x5a, sizeof cp);
  printf("reset param: 0x%x\n", (unsigned)sceAudioOut2ContextResetParam(&cp));
  printf("defaults: ports %u objects %u guaranteed %u queue %u grains %u flags %u\n", cp.maxPorts,
         cp.maxObjectPorts, cp.guaranteeObjectPorts, cp.queueDepth, cp.numGrains, cp.flags);
  printf("reset null: 0x%x\n", (unsigned)sceAudioOut2ContextResetParam(NULL));
  cp.queueDepth = 2;
  size_t size = 0;
  printf("query: 0x%x, size given: %d\n", (unsigned)sceAudioOut2ContextQueryMemory(&cp, &size),
         size > 0 && size <= sizeof memory);
  SceAudioOut2ContextParam bad = cp;
  bad.numGrains = 300;
  printf("query 300 grains: 0x%x\n", (unsigned)sceAudioOut2ContextQueryMemory(&bad, &size));
  bad = cp;
  bad.queueDepth = 0;
  SceAudioOut2ContextHandle ctx = 0;
  printf("create queue 0: 0x%x, handle invalid: %d\n",
         (unsigned)sceAudioOut2ContextCreate(&bad, memory, size, &ctx),
         ctx == SCE_AUDIO_OUT2_CONTEXT_HANDLE_INVALID);
  bad = cp;
  bad.maxPorts = 33;
  printf("create 33 ports: 0x%x\n", (unsigned)sceAudioOut2ContextCreate(&bad, memory, size, &ctx));
  printf("create short memory: 0x%x\n",
         (unsigned)sceAudioOut2ContextCreate(&cp, memory, size - 1, &ctx));
  printf("create: 0x%x\n", (unsigned)sceAudioOut2ContextCreate(&cp, memory, size, &ctx));

  SceAudioOut2PortParam pp;
  memset(&pp, 0, sizeof pp);
  pp.portType = SCE_AUDIO_OUT2_PORT_TYPE_MAIN;
  pp.dataFormat = 1u | 3u << 8; /* three channels */
  pp.samplingFreq = 48000;
  SceAudioOut2PortHandle port = 0;
  printf("port 3 channels: 0x%x, handle invalid: %d\n",
         (unsigned)sceAudioOut2PortCreate(ctx, &pp, &port),
         port == SCE_AUDIO_OUT2_PORT_HANDLE_INVALID);
  pp.dataFormat = SCE_AUDIO_OUT2_DATA_FORMAT_I16_STEREO;
  pp.samplingFreq = 44100;
  printf("port 44100 Hz: 0x%x\n", (unsigned)sceAudioOut2PortCreate(ctx, &pp, &port));
  pp.samplingFreq = 48000;
  pp.portType = 7;
  printf("port type 7: 0x%x\n", (unsigned)sceAudioOut2PortCreate(ctx, &pp, &port));
  pp.portType = SCE_AUDIO_OUT2_PORT_TYPE_MAIN;
  printf("port: 0x%x\n", (unsigned)sceAudioOut2PortCreate(ctx, &pp, &port));
  printf("port handle: context %d, tag 0x%x, number %u\n", (uint32_t)(port >> 32) == (uint32_t)ctx,
         (unsigned)(port & 0x80000000u), (unsigned)(port & 0x7FFFFFFFu));

  int16_t stereo[WAVE_LENGTH * 2];
  memset(stereo, 0, sizeof stereo);
  SceAudioOut2Pcm null_pcm = {.data = NULL};
  SceAudioOut2Attribute a = {.attributeId = SCE_AUDIO_OUT2_PORT_ATTRIBUTE_ID_PCM,
                             .value = &null_pcm,
                             .valueSize = sizeof null_pcm};
  printf("attributes null: 0x%x, none: 0x%x\n",
         (unsigned)sceAudioOut2PortSetAttributes(port, NULL, 1),
         (unsigned)sceAudioOut2PortSetAttributes(port, &a, 0));
  printf("attribute on a bad port: 0x%x\n", (unsigned)set_pcm(port + 5, stereo));
  printf("PCM null: 0x%x\n", (unsigned)sceAudioOut2PortSetAttributes(port, &a, 1));
  float gain[2] = {1.0f, 1.0f};
  SceAudioOut2Attribute g = {.attributeId = SCE_AUDIO_OUT2_PORT_ATTRIBUTE_ID_GAIN,
                             .value = gain,
                             .valueSize = sizeof(float)};
  printf("gain of one channel on a stereo port: 0x%x\n",
         (unsigned)sceAudioOut2PortSetAttributes(port, &g, 1));
  g.valueSize = sizeof gain;
  printf("gain: 0x%x\n", (unsigned)sceAudioOut2PortSetAttributes(port, &g, 1));

  uint32_t level = 99, avail = 99;
  printf("queue level, no pointers: 0x%x\n",
         (unsigned)sceAudioOut2ContextGetQueueLevel(ctx, NULL, NULL));
  int rc = sceAudioOut2ContextGetQueueLevel(ctx, &level, &avail);
  printf("queue: 0x%x level %u available %u\n", (unsigned)rc, level, avail);
  printf("push nothing: 0x%x, push blocking 2: 0x%x\n", (unsigned)sceAudioOut2ContextPush(ctx, 1),
         (unsigned)sceAudioOut2ContextPush(ctx, 2));

  /* part 1: S16 stereo, one entry a frame; the first two are staged before the push */
  int bad_rc = 0;
  for (uint32_t b = 0; b < STEREO_BUFFERS; b++) {
    for (uint32_t f = 0; f < WAVE_LENGTH; f++) {
      stereo[2 * f] = wave_left(b * WAVE_LENGTH + f);
      stereo[2 * f + 1] = wave_right(b * WAVE_LENGTH + f);
    }
    if (set_pcm(port, stereo)) bad_rc++;
    if (sceAudioOut2ContextAdvance(ctx)) bad_rc++;
    if (b == 0) {
      rc = sceAudioOut2ContextGetQueueLevel(ctx, &level, &avail);
      printf("staged one: 0x%x level %u available %u\n", (unsigned)rc, level, avail);
      continue;
    }
    if (b == 1) {
      rc = sceAudioOut2ContextGetQueueLevel(ctx, &level, &avail);
      printf("staged two: 0x%x level %u available %u\n", (unsigned)rc, level, avail);
      printf("a third: 0x%x\n", (unsigned)sceAudioOut2ContextAdvance(ctx));
    }
    if (sceAudioOut2ContextPush(ctx, SCE_AUDIO_OUT2_BLOCKING_SYNC)) bad_rc++;
  }
  printf("stereo: %d calls failed\n", bad_rc);
  printf("destroy port: 0x%x, again: 0x%x\n", (unsigned)sceAudioOut2PortDestroy(port),
         (unsigned)sceAudioOut2PortDestroy(port));

  /* part 2: float mono at gain 0.5 on a new port */
  sceKernelUsleep(30000);
  pp.dataFormat = SCE_AUDIO_OUT2_DATA_FORMAT_FLOAT_MONO;
  SceAudioOut2PortHandle mono_port;
  printf("mono port: 0x%x\n", (unsigned)sceAudioOut2PortCreate(ctx, &pp, &mono_port));
  float half = 0.5f;
  g.value = &half;
  g.valueSize = sizeof half;
  printf("mono gain 0.5: 0x%x\n", (unsigned)sceAudioOut2PortSetAttributes(mono_port, &g, 1));
  float mono[WAVE_LENGTH];
  bad_rc = 0;
  for (uint32_t b = 0; b < MONO_BUFFERS; b++) {
    for (uint32_t f = 0; f < WAVE_LENGTH; f++) mono[f] = wave_mono(b * WAVE_LENGTH + f);
    if (set_pcm(mono_port, mono) || sceAudioOut2ContextAdvance(ctx) ||
        sceAudioOut2ContextPush(ctx, SCE_AUDIO_OUT2_BLOCKING_SYNC))
      bad_rc++;
  }
  printf("mono: %d calls failed\n", bad_rc);
  sceKernelUsleep(30000); /* the last entries play */
  printf("destroy: 0x%x, again: 0x%x\n", (unsigned)sceAudioOut2ContextDestroy(ctx),
         (unsigned)sceAudioOut2ContextDestroy(ctx));
  printf("advance destroyed: 0x%x\n", (unsigned)sceAudioOut2ContextAdvance(ctx));
  return 0;
}
