/* Conversion of the console's sample formats into the stereo float mix. See audioout.h. */
#include <string.h>

#include "hle/libSceAudioOut/audioout.h"

int audioout_format_channels(int format) {
  switch (format) {
    case AUDIOOUT_FORMAT_S16_MONO:
    case AUDIOOUT_FORMAT_FLOAT_MONO: return 1;
    case AUDIOOUT_FORMAT_S16_STEREO:
    case AUDIOOUT_FORMAT_FLOAT_STEREO: return 2;
    case AUDIOOUT_FORMAT_S16_8CH:
    case AUDIOOUT_FORMAT_FLOAT_8CH:
    case AUDIOOUT_FORMAT_S16_8CH_STD:
    case AUDIOOUT_FORMAT_FLOAT_8CH_STD: return 8;
    default: return 0;
  }
}

int audioout_format_sample_bytes(int format) {
  switch (format) {
    case AUDIOOUT_FORMAT_S16_MONO:
    case AUDIOOUT_FORMAT_S16_STEREO:
    case AUDIOOUT_FORMAT_S16_8CH:
    case AUDIOOUT_FORMAT_S16_8CH_STD: return 2;
    case AUDIOOUT_FORMAT_FLOAT_MONO:
    case AUDIOOUT_FORMAT_FLOAT_STEREO:
    case AUDIOOUT_FORMAT_FLOAT_8CH:
    case AUDIOOUT_FORMAT_FLOAT_8CH_STD: return 4;
    default: return 0;
  }
}

/* -3 dB, the ITU-R BS.775 fold-down gain of the centre and surround channels */
#define FOLD_GAIN 0.70710678f

void audioout_mix_add(float *dst, const void *src, size_t frames, int format,
                      const int32_t volume[AUDIOOUT_MAX_CHANNELS]) {
  int ch = audioout_format_channels(format);
  int bytes = audioout_format_sample_bytes(format);
  if (!ch) return;
  float gain[AUDIOOUT_MAX_CHANNELS];
  for (int c = 0; c < ch; c++) gain[c] = (float)volume[c] / (float)AUDIOOUT_VOLUME_0DB;
  const unsigned char *p = src;
  for (size_t f = 0; f < frames; f++) {
    float s[AUDIOOUT_MAX_CHANNELS];
    for (int c = 0; c < ch; c++, p += bytes) {
      if (bytes == 2) {
        int16_t v;
        memcpy(&v, p, 2);
        s[c] = (float)v / 32768.0f;
      } else {
        memcpy(&s[c], p, 4);
      }
      s[c] *= gain[c];
    }
    float l, r;
    if (ch == 1) {
      l = r = s[0];
    } else if (ch == 2) {
      l = s[0], r = s[1];
    } else { /* L R C LFE and two surround pairs; the LFE is not folded in */
      l = s[0] + FOLD_GAIN * (s[2] + s[4] + s[6]);
      r = s[1] + FOLD_GAIN * (s[2] + s[5] + s[7]);
    }
    dst[2 * f] += l;
    dst[2 * f + 1] += r;
  }
}
