/* The mixed stream of every port (internal to libSceAudioOut): a ring of stereo float frames
 * indexed by the device's frame clock (48 kHz from CLOCK_MONOTONIC since the first port
 * opened), a mixer thread that hands each period of AUDIOOUT_DEVICE_PERIOD frames to the
 * sink when its time has passed, and the waits that pace the ports. */
#ifndef PROSPERO_HLE_LIBSCEAUDIOOUT_AUDIOOUT_DEVICE_H
#define PROSPERO_HLE_LIBSCEAUDIOOUT_AUDIOOUT_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Starts the clock and the mixer thread (once). False when the thread cannot be made. */
bool audioout_device_start(void);

/* Mixes FRAMES frames of SRC into the stream from frame WANT, or, when WANT is already
 * consumed (the port is late or starts: RESTART), from the period after the mixer's next;
 * returns the frame where the buffer starts. A late port counts an underrun unless
 * RESTART. */
uint64_t audioout_device_submit(uint64_t want, bool restart, const void *src, size_t frames,
                                int format, const int32_t *volume);

/* A paced wait's name in the cadence records: the port (or context) and its call number. */
struct audioout_pace {
  uint64_t id, seq;
};

/* Marks the start of a paced call on this thread, before its buffer is submitted: the time
 * from here to the wait is part of the call's measured lateness (see audioout_cadence). */
void audioout_device_pace_enter(void);
/* The call started by audioout_device_pace_enter does not wait after all. */
void audioout_device_pace_cancel(void);

/* Sleeps until the device clock reaches FRAME (an absolute deadline: a late wake-up does
 * not move the next one). PACE: the return of an Output (or a synchronous push), measured
 * in audioout_cadence() and its records; NULL: a wait that is not paced (a drain). */
void audioout_device_wait_frame(uint64_t frame, const struct audioout_pace *pace);

/* The device clock's frame now (after audioout_device_start). */
uint64_t audioout_device_now_frame(void);

/* The process time (microseconds, sceKernelGetProcessTime's clock) of FRAME. */
uint64_t audioout_device_frame_time_us(uint64_t frame);

#endif
