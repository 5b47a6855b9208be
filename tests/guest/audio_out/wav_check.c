/* Host side of the audio_out guest test: reads the WAV file --audio-dump wrote and
 * compares it sample for sample with waveform.h (computed here from the same formulas,
 * converted as the console's formats define: S16 / 32768, float as is, mono on both
 * sides, then the port volume). Exit 0 on a match, 1 with the first difference. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "waveform.h"

static unsigned u32(const unsigned char *p) {
  return p[0] | p[1] << 8 | p[2] << 16 | (unsigned)p[3] << 24;
}

int main(int argc, char **argv) {
  if (argc != 2) return fprintf(stderr, "usage: wav_check FILE.wav\n"), 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f) return fprintf(stderr, "wav_check: cannot open %s\n", argv[1]), 1;
  static unsigned char buf[1 << 22];
  size_t n = fread(buf, 1, sizeof buf, f);
  fclose(f);
  if (n < 12 || memcmp(buf, "RIFF", 4) || memcmp(buf + 8, "WAVE", 4))
    return fprintf(stderr, "wav_check: not a WAV file\n"), 1;
  const unsigned char *data = NULL, *fmt = NULL;
  size_t data_len = 0;
  for (size_t at = 12; at + 8 <= n;) {
    size_t len = u32(buf + at + 4);
    if (at + 8 + len > n) break;
    if (!memcmp(buf + at, "fmt ", 4)) fmt = buf + at + 8;
    if (!memcmp(buf + at, "data", 4)) data = buf + at + 8, data_len = len;
    at += 8 + len + (len & 1);
  }
  if (!fmt || !data) return fprintf(stderr, "wav_check: no fmt or data chunk\n"), 1;
  unsigned tag = fmt[0] | fmt[1] << 8, channels = fmt[2] | fmt[3] << 8, rate = u32(fmt + 4),
           bits = fmt[14] | fmt[15] << 8;
  if (tag != 3 || channels != 2 || rate != 48000 || bits != 32)
    return fprintf(stderr, "wav_check: format %u, %u channels, %u Hz, %u bits\n", tag, channels,
                   rate, bits),
           1;
  size_t frames = data_len / 8;
  size_t want = (size_t)(STEREO_BUFFERS + MONO_BUFFERS) * WAVE_LENGTH;
  if (frames != want)
    return fprintf(stderr, "wav_check: %zu frames, expected %zu\n", frames, want), 1;
  for (size_t i = 0; i < frames; i++) {
    float s[2]; /* the data chunk need not be aligned */
    memcpy(s, data + 8 * i, sizeof s);
    float l, r;
    if (i < (size_t)STEREO_BUFFERS * WAVE_LENGTH) {
      l = (float)wave_left((uint32_t)i) / 32768.0f;
      r = (float)wave_right((uint32_t)i) / 32768.0f;
    } else {
      l = r = wave_mono((uint32_t)(i - (size_t)STEREO_BUFFERS * WAVE_LENGTH)) * 0.5f;
    }
    if (s[0] != l || s[1] != r)
      return fprintf(stderr, "wav_check: frame %zu is %g %g, expected %g %g\n", i, s[0], s[1], l,
                     r),
             1;
  }
  printf("wav_check: %zu frames match\n", frames);
  return 0;
}
