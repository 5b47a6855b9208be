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
#define AUDIOOUT2_ERROR_NOT_READY ((int)0x80268008)
#define AUDIOOUT2_ERROR_INVALID_PORT ((int)0x80268009)

#define AUDIOOUT2_HANDLE_INVALID UINT64_MAX /* the context and port handles naming nothing */

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

#endif
