/* The audio_out test's waveform, shared by the guest (main.c) and the host program that
 * checks the captured WAV file (wav_check.c): integer formulas, so both sides compute the
 * same samples exactly. Part 1: S16 stereo, STEREO_BUFFERS buffers of 256 frames on a main
 * port at full volume. Part 2: float mono, MONO_BUFFERS buffers of 256 frames on a BGM port
 * at half volume (so the capture holds half of each sample, on both sides). */
#ifndef AUDIO_OUT_WAVEFORM_H
#define AUDIO_OUT_WAVEFORM_H

#include <stdint.h>

#define WAVE_LENGTH 256
#define STEREO_BUFFERS 200
#define MONO_BUFFERS 20

/* frame N (from 0) of part 1 */
static inline int16_t wave_left(uint32_t n) { return (int16_t)(((n * 331u) & 0xFFFFu) - 32768); }
static inline int16_t wave_right(uint32_t n) {
  return (int16_t)(((n * 173u + 1000u) & 0xFFFFu) - 32768);
}
/* frame N of part 2: a triangle of period 200 frames, -1..1 in steps of 1/50 */
static inline float wave_mono(uint32_t n) {
  uint32_t p = n % 200u;
  return (float)((int)(p < 100u ? p : 200u - p) - 50) / 50.0f;
}

#endif
