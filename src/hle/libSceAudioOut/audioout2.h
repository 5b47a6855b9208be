/* The PS5's AudioOut2 (exported by the libSceAudioOut module): contexts that own ports and
 * a queue. A frame is: set each port's samples (the PCM attribute: a pointer the port
 * reads from) and gain, sceAudioOut2ContextAdvance (the context reads every port's next
 * grain of samples into a staged queue entry), sceAudioOut2ContextPush (the staged entries
 * go to the output; synchronous: returns when the queue has room again). The entries go
 * into the same mixed stream as AudioOut's ports (audioout_device.c). docs/input-audio.md. */
#ifndef PROSPERO_HLE_LIBSCEAUDIOOUT_AUDIOOUT2_H
#define PROSPERO_HLE_LIBSCEAUDIOOUT_AUDIOOUT2_H

#include <stddef.h>
#include <stdint.h>

/* Error codes (SCE_AUDIO_OUT2_ERROR_*) */
#define AUDIOOUT2_ERROR_INVALID_PARAM ((int)0x80268001)
#define AUDIOOUT2_ERROR_OUT_OF_RESOURCE ((int)0x80268002)
#define AUDIOOUT2_ERROR_BUSY ((int)0x80268007)
#define AUDIOOUT2_ERROR_NOT_READY ((int)0x80268008)
#define AUDIOOUT2_ERROR_INVALID_PORT ((int)0x80268009)
#define AUDIOOUT2_ERROR_INVALID_USER ((int)0x80268010)

#define AUDIOOUT2_HANDLE_INVALID UINT64_MAX /* the context and port handles naming nothing */

#define AUDIOOUT2_USER_ID_SYSTEM 255 /* SCE_USER_SERVICE_USER_ID_SYSTEM */

/* Port types (SCE_AUDIO_OUT2_PORT_TYPE_*; the object ports are 0x100, 0x102, 0x104) */
#define AUDIOOUT2_PORT_TYPE_MAIN 0
#define AUDIOOUT2_PORT_TYPE_BGM 1
#define AUDIOOUT2_PORT_TYPE_VOICE 2
#define AUDIOOUT2_PORT_TYPE_PADSPK 3
#define AUDIOOUT2_PORT_TYPE_PERSONAL 4
#define AUDIOOUT2_PORT_TYPE_AUX 5
#define AUDIOOUT2_PORT_TYPE_VIBRATION 6

/* SceAudioOut2PortState.output bits */
#define AUDIOOUT2_STATE_OUTPUT_PRIMARY 0x01
#define AUDIOOUT2_STATE_OUTPUT_TERTIARY 0x04
#define AUDIOOUT2_STATE_OUTPUT_HEADPHONE 0x40
#define AUDIOOUT2_STATE_OUTPUT_EXTERNAL 0x80

/* SceAudioOut2SpeakerInfo.type */
#define AUDIOOUT2_SPEAKER_TYPE_TV 0

int audioout2_initialize(void);
int audioout2_context_reset_param(void *param);
int audioout2_context_query_memory(const void *param, size_t *size);
int audioout2_context_create(const void *param, void *memory, size_t size, uint64_t *context);
int audioout2_context_destroy(uint64_t context);
int audioout2_context_advance(uint64_t context);
int audioout2_context_push(uint64_t context, uint32_t blocking);
int audioout2_context_get_queue_level(uint64_t context, uint32_t *level, uint32_t *available);
int audioout2_port_create(uint64_t context, const void *param, uint64_t *port);
int audioout2_port_destroy(uint64_t port);
int audioout2_port_set_attributes(uint64_t port, const void *attributes, uint32_t count);
/* A user's handle: the same handle for the same user id, one reference per call */
int audioout2_user_create(int32_t user_id, uint64_t *handle);
/* One reference less: BUSY while another creator of the same user holds it; INVALID_USER for
 * a handle no UserCreate gave */
int audioout2_user_destroy(uint64_t handle);
/* SceAudioOut2PortState (0x40 bytes) of PORT */
int audioout2_port_get_state(uint64_t port, void *state);
/* SceAudioOut2SpeakerInfo (0x50 bytes) of the output */
int audioout2_get_speaker_info(void *info, uint32_t flags);
/* The context attributes (ids 0-4, 24-byte SceAudioOut2Attribute each): checked, no effect */
int audioout2_context_set_attributes(uint64_t context, const void *attributes, uint32_t count);
/* SceAudioOut2SystemState (0x40 bytes): the loudness (a float at 0), 0 here */
int audioout2_get_system_state(void *state);

#endif
