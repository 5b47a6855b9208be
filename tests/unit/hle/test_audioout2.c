/* AudioOut2's queue from the host side (audioout2.c), with the mixer thread running: a
 * context with a queue of 2 entries of 256 frames, one S16 stereo port whose samples are a
 * constant; Advance stages an entry, a third staged entry is NOT_READY, Push sends them and
 * (synchronous) returns when the queue has room; the sink receives the entries' frames as
 * value / 32768 on both sides; GetQueueLevel read from a second thread meanwhile (for
 * ThreadSanitizer). Expected values: the queue rules in audioout2.h and S16's definition. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "hle/libSceAudioOut/audioout.h"
#include "hle/libSceAudioOut/audioout2.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static size_t frames_seen, frames_wrong;

static void sink(void *ctx, const float *frames, size_t count, bool has_data) {
  (void)ctx;
  if (!has_data) return;
  pthread_mutex_lock(&lock);
  for (size_t f = 0; f < count; f++)
    if (frames[2 * f] != 1000.0f / 32768.0f || frames[2 * f + 1] != -1000.0f / 32768.0f)
      frames_wrong++;
  frames_seen += count;
  pthread_mutex_unlock(&lock);
}

static atomic_bool stop;
static uint64_t context;

static void *poll_level(void *arg) {
  (void)arg;
  while (!atomic_load(&stop)) {
    uint32_t level, available;
    audioout2_context_get_queue_level(context, &level, &available);
  }
  return NULL;
}

static void test_queue(void **state) {
  (void)state;
  static const struct audioout_sink_ops ops = {.write = sink};
  audioout_set_sink(&ops);
  assert_int_equal(audioout2_initialize(), 0);
  uint32_t param[16];
  assert_int_equal(audioout2_context_reset_param(param), 0);
  param[3] = 2; /* queueDepth */
  size_t size;
  assert_int_equal(audioout2_context_query_memory(param, &size), 0);
  static unsigned char memory[1 << 20];
  assert_true(size <= sizeof memory);
  assert_int_equal(audioout2_context_create(param, memory, size, &context), 0);
  struct {
    uint16_t type, pad;
    uint32_t format, freq, flags;
    uint64_t user;
    uint32_t reserved[10];
  } port_param = {.format = 1u | 2u << 8, .freq = 48000};
  uint64_t port;
  assert_int_equal(audioout2_port_create(context, &port_param, &port), 0);
  static int16_t samples[512];
  for (int i = 0; i < 256; i++) samples[2 * i] = 1000, samples[2 * i + 1] = -1000;
  const void *pcm = samples;
  struct {
    uint32_t id, pad;
    const void *value;
    uint64_t size;
  } attr = {.id = 0, .value = &pcm, .size = sizeof pcm};
  assert_int_equal(audioout2_port_set_attributes(port, &attr, 1), 0);

  pthread_t poller;
  atomic_store(&stop, false);
  pthread_create(&poller, NULL, poll_level, NULL);
  assert_int_equal(audioout2_context_advance(context), 0);
  assert_int_equal(audioout2_context_advance(context), 0);
  assert_int_equal(audioout2_context_advance(context), AUDIOOUT2_ERROR_NOT_READY);
  uint32_t level, available;
  assert_int_equal(audioout2_context_get_queue_level(context, &level, &available),
                   AUDIOOUT2_ERROR_NOT_READY);
  assert_int_equal(level, 2);
  assert_int_equal(available, 0);
  assert_int_equal(audioout2_context_push(context, 1), 0);
  /* the synchronous push returned with room for one entry at least */
  assert_int_equal(audioout2_context_get_queue_level(context, &level, NULL), 0);
  assert_true(level < 2);
  for (int k = 0; k < 8; k++) {
    assert_int_equal(audioout2_context_advance(context), 0);
    assert_int_equal(audioout2_context_push(context, 1), 0);
  }
  atomic_store(&stop, true);
  pthread_join(poller, NULL);
  assert_int_equal(audioout2_port_destroy(port), 0);
  assert_int_equal(audioout2_context_destroy(context), 0);
  audioout_shutdown(); /* what was pushed is mixed out */
  pthread_mutex_lock(&lock);
  assert_int_equal(frames_seen, 10 * 256);
  assert_int_equal(frames_wrong, 0);
  pthread_mutex_unlock(&lock);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_queue)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
