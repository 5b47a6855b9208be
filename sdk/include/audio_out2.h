/* AudioOut2 (the PS5's output API, in the libSceAudioOut module): a context owns ports and
 * a queue; each frame, set the ports' samples, advance the context, push it. Names and
 * types as the console SDK spells them; what prospero does: docs/input-audio.md. */
#ifndef _PROSPERO_AUDIO_OUT2_H
#define _PROSPERO_AUDIO_OUT2_H

#include <stddef.h>
#include <stdint.h>

#include "_prospero_cdefs.h"

__PROSPERO_BEGIN_DECLS

#define SCE_AUDIO_OUT2_ERROR_INVALID_PARAM ((int)0x80268001)
#define SCE_AUDIO_OUT2_ERROR_OUT_OF_RESOURCE ((int)0x80268002)
#define SCE_AUDIO_OUT2_ERROR_BUSY ((int)0x80268007)
#define SCE_AUDIO_OUT2_ERROR_NOT_READY ((int)0x80268008)
#define SCE_AUDIO_OUT2_ERROR_INVALID_PORT ((int)0x80268009)
#define SCE_AUDIO_OUT2_ERROR_INVALID_USER ((int)0x80268010)

typedef uint64_t SceAudioOut2ContextHandle;
typedef uint64_t SceAudioOut2PortHandle;
typedef uint64_t SceAudioOut2UserHandle;
#define SCE_AUDIO_OUT2_CONTEXT_HANDLE_INVALID ((SceAudioOut2ContextHandle)~0ull)
#define SCE_AUDIO_OUT2_PORT_HANDLE_INVALID ((SceAudioOut2PortHandle)~0ull)
#define SCE_AUDIO_OUT2_USER_HANDLE_INVALID ((SceAudioOut2UserHandle)~0ull)

#define SCE_AUDIO_OUT2_PORT_TYPE_MAIN 0
#define SCE_AUDIO_OUT2_PORT_TYPE_BGM 1
#define SCE_AUDIO_OUT2_PORT_TYPE_VOICE 2
#define SCE_AUDIO_OUT2_PORT_TYPE_PADSPK 3
#define SCE_AUDIO_OUT2_PORT_TYPE_PERSONAL 4
#define SCE_AUDIO_OUT2_PORT_TYPE_AUX 5
#define SCE_AUDIO_OUT2_PORT_TYPE_VIBRATION 6

/* SceAudioOut2PortState.output: where the port's samples go */
#define SCE_AUDIO_OUT2_PORT_STATE_OUTPUT_UNKNOWN 0x00
#define SCE_AUDIO_OUT2_PORT_STATE_OUTPUT_CONNECTED_PRIMARY 0x01
#define SCE_AUDIO_OUT2_PORT_STATE_OUTPUT_CONNECTED_TERTIARY 0x04
#define SCE_AUDIO_OUT2_PORT_STATE_OUTPUT_CONNECTED_HEADPHONE 0x40
#define SCE_AUDIO_OUT2_PORT_STATE_OUTPUT_CONNECTED_EXTERNAL 0x80
#define SCE_AUDIO_OUT2_PORT_STATE_FLAG_3D_AVAILABLE 0x1

#define SCE_AUDIO_OUT2_SPEAKER_TYPE_TV 0
#define SCE_AUDIO_OUT2_SPEAKER_TYPE_AV_RECEIVER 1
#define SCE_AUDIO_OUT2_SPEAKER_TYPE_SOUND_BAR 2
#define SCE_AUDIO_OUT2_SPEAKER_TYPE_HEADPHONE 3
#define SCE_AUDIO_OUT2_SPEAKER_INFO_FLAG_3D_AVAILABLE 0x1
#define SCE_AUDIO_OUT2_SPEAKER_MAX 16

/* data formats: bits 0-6 the sample type (0 float, 1 16-bit), bit 7 the standard 8-channel
 * order, bits 8-11 the channel count */
#define SCE_AUDIO_OUT2_DATA_FORMAT_I16_MONO (1u | 1u << 8)
#define SCE_AUDIO_OUT2_DATA_FORMAT_I16_STEREO (1u | 2u << 8)
#define SCE_AUDIO_OUT2_DATA_FORMAT_I16_8CH (1u | 8u << 8)
#define SCE_AUDIO_OUT2_DATA_FORMAT_I16_8CH_STD (1u | 1u << 7 | 8u << 8)
#define SCE_AUDIO_OUT2_DATA_FORMAT_FLOAT_MONO (1u << 8)
#define SCE_AUDIO_OUT2_DATA_FORMAT_FLOAT_STEREO (2u << 8)
#define SCE_AUDIO_OUT2_DATA_FORMAT_FLOAT_8CH (8u << 8)
#define SCE_AUDIO_OUT2_DATA_FORMAT_FLOAT_8CH_STD (1u << 7 | 8u << 8)

#define SCE_AUDIO_OUT2_PORT_ATTRIBUTE_ID_PCM 0
#define SCE_AUDIO_OUT2_PORT_ATTRIBUTE_ID_GAIN 1 /* a float per channel */

#define SCE_AUDIO_OUT2_BLOCKING_ASYNC 0
#define SCE_AUDIO_OUT2_BLOCKING_SYNC 1

typedef struct SceAudioOut2ContextParam {
  uint32_t maxPorts;
  uint32_t maxObjectPorts;
  uint32_t guaranteeObjectPorts;
  uint32_t queueDepth;
  uint32_t numGrains; /* frames an entry (48 kHz): a multiple of 256 */
  uint32_t flags;
  uint32_t reserved[10];
} SceAudioOut2ContextParam;

typedef struct SceAudioOut2PortParam {
  uint16_t portType;
  uint16_t pad;
  uint32_t dataFormat;
  uint32_t samplingFreq; /* 48000 */
  uint32_t flags;
  SceAudioOut2UserHandle userHandle;
  uint32_t reserved[10];
} SceAudioOut2PortParam;

typedef struct SceAudioOut2Attribute {
  uint32_t attributeId;
  uint32_t pad;
  const void *value;
  size_t valueSize;
} SceAudioOut2Attribute;

typedef struct SceAudioOut2Pcm {
  const void *data;
} SceAudioOut2Pcm;

typedef struct SceAudioOut2PortState { /* 0x40 bytes */
  uint16_t output;                     /* SCE_AUDIO_OUT2_PORT_STATE_OUTPUT_* */
  uint8_t numChannels;
  uint8_t pad1;
  int16_t volume;
  uint16_t rerouteCounter;
  uint32_t flags; /* SCE_AUDIO_OUT2_PORT_STATE_FLAG_* */
  uint32_t pad2;
  uint64_t reserved[6];
} SceAudioOut2PortState;

typedef struct SceAudioOut2SpeakerAngle {
  int16_t azimuth; /* degrees, negative to the left */
  int16_t elevation;
} SceAudioOut2SpeakerAngle;

typedef struct SceAudioOut2SpeakerInfo { /* 0x50 bytes */
  uint8_t type;                          /* SCE_AUDIO_OUT2_SPEAKER_TYPE_* */
  uint8_t pad1;
  uint16_t pad2;
  uint32_t availableBits; /* which speakers below are present: bit 0 front left, 1 right */
  uint32_t flags;         /* SCE_AUDIO_OUT2_SPEAKER_INFO_FLAG_* */
  uint32_t pad3;
  SceAudioOut2SpeakerAngle speakerAngle[SCE_AUDIO_OUT2_SPEAKER_MAX];
} SceAudioOut2SpeakerInfo;

typedef struct SceAudioOut2SystemState { /* 0x40 bytes */
  float loudness;
  uint32_t reserved[15];
} SceAudioOut2SystemState;

int sceAudioOut2Initialize(void);
int sceAudioOut2ContextResetParam(SceAudioOut2ContextParam *param);
int sceAudioOut2ContextQueryMemory(const SceAudioOut2ContextParam *param, size_t *memorySize);
int sceAudioOut2ContextCreate(const SceAudioOut2ContextParam *param, void *memory,
                              size_t memorySize, SceAudioOut2ContextHandle *context);
int sceAudioOut2ContextDestroy(SceAudioOut2ContextHandle context);
int sceAudioOut2ContextAdvance(SceAudioOut2ContextHandle context);
int sceAudioOut2ContextPush(SceAudioOut2ContextHandle context, uint32_t blocking);
int sceAudioOut2ContextGetQueueLevel(SceAudioOut2ContextHandle context, uint32_t *queueLevel,
                                     uint32_t *availableQueues);
int sceAudioOut2PortCreate(SceAudioOut2ContextHandle context, const SceAudioOut2PortParam *param,
                           SceAudioOut2PortHandle *port);
int sceAudioOut2PortDestroy(SceAudioOut2PortHandle port);
int sceAudioOut2PortSetAttributes(SceAudioOut2PortHandle port,
                                  const SceAudioOut2Attribute *attributes, uint32_t count);
int sceAudioOut2PortGetState(SceAudioOut2PortHandle port, SceAudioOut2PortState *state);
/* userId: a logged-in user or SCE_USER_SERVICE_USER_ID_SYSTEM (255); the same user again
 * gives the same handle */
int sceAudioOut2UserCreate(int32_t userId, SceAudioOut2UserHandle *user);
/* SCE_AUDIO_OUT2_ERROR_BUSY while another creator of the same user holds the handle */
int sceAudioOut2UserDestroy(SceAudioOut2UserHandle user);
int sceAudioOut2GetSpeakerInfo(SceAudioOut2SpeakerInfo *info, uint32_t flags);
/* context attribute ids 0-4; prospero checks them and they have no effect */
int sceAudioOut2ContextSetAttributes(SceAudioOut2ContextHandle context,
                                     const SceAudioOut2Attribute *attributes, uint32_t count);
int sceAudioOut2GetSystemState(SceAudioOut2SystemState *state);

__PROSPERO_END_DECLS

#endif
