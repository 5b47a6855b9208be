/* libSceAudioOut: audio output ports (names and types as the console SDK spells them). */
#ifndef _PROSPERO_AUDIOOUT_H
#define _PROSPERO_AUDIOOUT_H

#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_AUDIO_OUT_ERROR_NOT_OPENED ((int)0x80260001)
#define SCE_AUDIO_OUT_ERROR_BUSY ((int)0x80260002)
#define SCE_AUDIO_OUT_ERROR_INVALID_PORT ((int)0x80260003)
#define SCE_AUDIO_OUT_ERROR_INVALID_POINTER ((int)0x80260004)
#define SCE_AUDIO_OUT_ERROR_PORT_FULL ((int)0x80260005)
#define SCE_AUDIO_OUT_ERROR_INVALID_SIZE ((int)0x80260006)
#define SCE_AUDIO_OUT_ERROR_INVALID_FORMAT ((int)0x80260007)
#define SCE_AUDIO_OUT_ERROR_INVALID_SAMPLE_FREQ ((int)0x80260008)
#define SCE_AUDIO_OUT_ERROR_INVALID_VOLUME ((int)0x80260009)
#define SCE_AUDIO_OUT_ERROR_INVALID_PORT_TYPE ((int)0x8026000A)
#define SCE_AUDIO_OUT_ERROR_ALREADY_INIT ((int)0x8026000E)
#define SCE_AUDIO_OUT_ERROR_NOT_INIT ((int)0x8026000F)
#define SCE_AUDIO_OUT_ERROR_INVALID_FLAG ((int)0x80260013)
#define SCE_AUDIO_OUT_ERROR_INVALID_MIXLEVEL ((int)0x80260014)

#define SCE_AUDIO_OUT_PORT_TYPE_MAIN 0
#define SCE_AUDIO_OUT_PORT_TYPE_BGM 1
#define SCE_AUDIO_OUT_PORT_TYPE_VOICE 2
#define SCE_AUDIO_OUT_PORT_TYPE_PERSONAL 3
#define SCE_AUDIO_OUT_PORT_TYPE_PADSPK 4
#define SCE_AUDIO_OUT_PORT_TYPE_AUX 127

#define SCE_AUDIO_OUT_PARAM_FORMAT_S16_MONO 0
#define SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO 1
#define SCE_AUDIO_OUT_PARAM_FORMAT_S16_8CH 2
#define SCE_AUDIO_OUT_PARAM_FORMAT_FLOAT_MONO 3
#define SCE_AUDIO_OUT_PARAM_FORMAT_FLOAT_STEREO 4
#define SCE_AUDIO_OUT_PARAM_FORMAT_FLOAT_8CH 5
#define SCE_AUDIO_OUT_PARAM_FORMAT_S16_8CH_STD 6
#define SCE_AUDIO_OUT_PARAM_FORMAT_FLOAT_8CH_STD 7
#define SCE_AUDIO_OUT_PARAM_ATTR_RESTRICTED 0x00010000
#define SCE_AUDIO_OUT_PARAM_ATTR_MIX_TO_MAIN 0x00020000

#define SCE_AUDIO_VOLUME_SHIFT 15
#define SCE_AUDIO_VOLUME_0DB (1 << SCE_AUDIO_VOLUME_SHIFT)
#define SCE_AUDIO_VOLUME_FLAG_L_CH (1 << 0)
#define SCE_AUDIO_VOLUME_FLAG_R_CH (1 << 1)
#define SCE_AUDIO_VOLUME_FLAG_C_CH (1 << 2)
#define SCE_AUDIO_VOLUME_FLAG_LFE_CH (1 << 3)
#define SCE_AUDIO_VOLUME_FLAG_LS_CH (1 << 4)
#define SCE_AUDIO_VOLUME_FLAG_RS_CH (1 << 5)
#define SCE_AUDIO_VOLUME_FLAG_LE_CH (1 << 6)
#define SCE_AUDIO_VOLUME_FLAG_RE_CH (1 << 7)

#define SCE_AUDIO_OUT_MIXLEVEL_PADSPK_DEFAULT 11626
#define SCE_AUDIO_OUT_MIXLEVEL_PADSPK_0DB 32768

#define SCE_AUDIO_OUT_STATE_OUTPUT_UNKNOWN 0x00
#define SCE_AUDIO_OUT_STATE_OUTPUT_CONNECTED_PRIMARY 0x01
#define SCE_AUDIO_OUT_STATE_OUTPUT_CONNECTED_SECONDARY 0x02
#define SCE_AUDIO_OUT_STATE_OUTPUT_CONNECTED_TERTIARY 0x04
#define SCE_AUDIO_OUT_STATE_OUTPUT_CONNECTED_HEADPHONE 0x40
#define SCE_AUDIO_OUT_STATE_OUTPUT_CONNECTED_EXTERNAL 0x80

typedef struct SceAudioOutOutputParam {
  int32_t handle;
  const void *ptr;
} SceAudioOutOutputParam;

typedef struct SceAudioOutPortState {
  uint16_t output;
  uint8_t channel;
  uint8_t reserved8_1[1];
  int16_t volume;
  uint16_t rerouteCounter;
  uint64_t flag;
  uint64_t reserved64[2];
} SceAudioOutPortState;

int sceAudioOutInit(void);
int sceAudioOutOpen(int32_t userId, int32_t type, int32_t index, uint32_t len, uint32_t freq,
                    uint32_t param);
int sceAudioOutClose(int32_t handle);
int sceAudioOutOutput(int32_t handle, const void *ptr);
int sceAudioOutOutputs(SceAudioOutOutputParam *param, uint32_t num);
int sceAudioOutSetVolume(int32_t handle, int32_t flag, int32_t *vol);
int sceAudioOutGetPortState(int32_t handle, SceAudioOutPortState *state);
int sceAudioOutGetLastOutputTime(int32_t handle, uint64_t *outputTime);
int sceAudioOutSetMixLevelPadSpk(int32_t handle, int32_t mixLevel);

__PROSPERO_END_DECLS

#endif
