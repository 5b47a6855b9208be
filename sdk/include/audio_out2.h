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
#define SCE_AUDIO_OUT2_ERROR_NOT_READY ((int)0x80268008)
#define SCE_AUDIO_OUT2_ERROR_INVALID_PORT ((int)0x80268009)

typedef uint64_t SceAudioOut2ContextHandle;
typedef uint64_t SceAudioOut2PortHandle;
typedef uint64_t SceAudioOut2UserHandle;
#define SCE_AUDIO_OUT2_CONTEXT_HANDLE_INVALID ((SceAudioOut2ContextHandle)~0ull)
#define SCE_AUDIO_OUT2_PORT_HANDLE_INVALID ((SceAudioOut2PortHandle)~0ull)

#define SCE_AUDIO_OUT2_PORT_TYPE_MAIN 0
#define SCE_AUDIO_OUT2_PORT_TYPE_BGM 1
#define SCE_AUDIO_OUT2_PORT_TYPE_VOICE 2

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

__PROSPERO_END_DECLS

#endif
