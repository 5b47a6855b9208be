/* libSceAudioOut's conversion into the stereo mix, from the formats' definitions: S16 is
 * value / 32768, float as is; mono goes to both sides; 7.1 folds to stereo with the
 * ITU-R BS.775 gains (centre and surrounds at 1/sqrt(2), LFE left out); the port volume
 * scales each channel by volume / 32768; buffers add up. And the device: buffers of two
 * ports starting together are summed into the sink's periods, a period no port played in
 * is marked as silence. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hle/libSceAudioOut/audioout.h"

static const int32_t full[8] = {32768, 32768, 32768, 32768, 32768, 32768, 32768, 32768};

static void test_formats(void **state) {
  (void)state;
  assert_int_equal(audioout_format_channels(AUDIOOUT_FORMAT_S16_MONO), 1);
  assert_int_equal(audioout_format_channels(AUDIOOUT_FORMAT_FLOAT_STEREO), 2);
  assert_int_equal(audioout_format_channels(AUDIOOUT_FORMAT_S16_8CH_STD), 8);
  assert_int_equal(audioout_format_sample_bytes(AUDIOOUT_FORMAT_FLOAT_8CH), 4);
  assert_int_equal(audioout_format_channels(8), 0);
  assert_int_equal(audioout_format_sample_bytes(-1), 0);
}

static void test_s16_stereo_and_mono(void **state) {
  (void)state;
  float out[4] = {0};
  const int16_t st[4] = {-32768, 16384, 32767, -1};
  audioout_mix_add(out, st, 2, AUDIOOUT_FORMAT_S16_STEREO, full);
  assert_true(out[0] == -1.0f && out[1] == 0.5f);
  assert_true(out[2] == 32767.0f / 32768.0f && out[3] == -1.0f / 32768.0f);
  const int16_t mono[2] = {8192, -8192};
  memset(out, 0, sizeof out);
  audioout_mix_add(out, mono, 2, AUDIOOUT_FORMAT_S16_MONO, full);
  assert_true(out[0] == 0.25f && out[1] == 0.25f && out[2] == -0.25f && out[3] == -0.25f);
  /* a second buffer adds up */
  audioout_mix_add(out, mono, 2, AUDIOOUT_FORMAT_S16_MONO, full);
  assert_true(out[0] == 0.5f && out[3] == -0.5f);
}

static void test_volume(void **state) {
  (void)state;
  const float st[2] = {0.5f, 0.5f};
  const int32_t vol[8] = {16384, 8192};
  float out[2] = {0};
  audioout_mix_add(out, st, 1, AUDIOOUT_FORMAT_FLOAT_STEREO, vol);
  assert_true(out[0] == 0.25f && out[1] == 0.125f);
}

static void test_fold_down(void **state) {
  (void)state;
  /* L R C LFE and the two surround pairs */
  const float ch[8] = {0.1f, 0.2f, 0.3f, 0.9f, 0.01f, 0.02f, 0.001f, 0.002f};
  float out[2] = {0};
  audioout_mix_add(out, ch, 1, AUDIOOUT_FORMAT_FLOAT_8CH, full);
  const double g = 1.0 / sqrt(2.0);
  assert_true(fabs(out[0] - (0.1 + g * (0.3 + 0.01 + 0.001))) < 1e-6);
  assert_true(fabs(out[1] - (0.2 + g * (0.3 + 0.02 + 0.002))) < 1e-6);
  const int16_t s[8] = {0, 0, 0, 32767, 0, 0, 0, 0}; /* the LFE alone: silence */
  out[0] = out[1] = 0;
  audioout_mix_add(out, s, 1, AUDIOOUT_FORMAT_S16_8CH_STD, full);
  assert_true(out[0] == 0.0f && out[1] == 0.0f);
}

/* ---- the device, through the exports ---- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static float captured[48000 * 2];
static size_t captured_frames, silent_periods;

static void sink(void *ctx, const float *frames, size_t count, bool has_data) {
  (void)ctx;
  pthread_mutex_lock(&lock);
  if (!has_data) silent_periods++;
  else if (captured_frames + count <= 48000) {
    memcpy(&captured[captured_frames * 2], frames, count * 2 * sizeof(float));
    captured_frames += count;
  }
  pthread_mutex_unlock(&lock);
}

/* One run of two ports mixed into the sink; returns the underruns the device counted (a
 * host too busy to wake the mixer in time: the periods then land elsewhere on the clock). */
static uint64_t two_ports_run(void) {
  static const struct audioout_sink_ops ops = {.write = sink};
  pthread_mutex_lock(&lock);
  captured_frames = silent_periods = 0;
  pthread_mutex_unlock(&lock);
  uint64_t before = audioout_underrun_count(); /* the device's count is the process's */
  audioout_set_sink(&ops);
  static bool initialised; /* once per process, as on the console */
  if (!initialised) assert_int_equal(audioout_init(), 0);
  initialised = true;
  int a = audioout_open(1, AUDIOOUT_PORT_MAIN, 0, 512, 48000, AUDIOOUT_FORMAT_S16_MONO);
  int b = audioout_open(1, AUDIOOUT_PORT_MAIN, 0, 512, 48000, AUDIOOUT_FORMAT_FLOAT_STEREO);
  assert_true(a > 0 && b > 0 && a != b);
  static int16_t mono[512];
  static float st[1024];
  for (int i = 0; i < 512; i++)
    mono[i] = (int16_t)(i * 64), st[2 * i] = 0.25f, st[2 * i + 1] = -0.25f;
  struct {
    int32_t handle;
    const void *ptr;
  } both[2] = {{a, mono}, {b, st}};
  for (int k = 0; k < 4; k++) assert_int_equal(audioout_outputs(both, 2), 0);
  assert_int_equal(audioout_output(a, NULL), 0);
  uint64_t late = audioout_underrun_count() - before;
  audioout_shutdown();
  assert_int_equal(audioout_close(a), 0);
  assert_int_equal(audioout_close(b), 0);
  return late;
}

static void test_two_ports_mix(void **state) {
  (void)state;
  /* The mix is exact only when the mixer kept its clock; on an overloaded host a run may
   * see an underrun, and is then repeated (at most 5 runs; one must be on time). */
  uint64_t late = 0;
  for (int run = 0; run < 5; run++) {
    late = two_ports_run();
    if (late == 0) break;
    fprintf(stderr, "run %d: %llu underruns (host busy); again\n", run, (unsigned long long)late);
  }
  assert_int_equal(late, 0);
  assert_int_equal(captured_frames, 4 * 512);
  for (size_t f = 0; f < captured_frames; f++) {
    float m = (float)(int16_t)((f % 512) * 64) / 32768.0f;
    assert_true(captured[2 * f] == m + 0.25f);
    assert_true(captured[2 * f + 1] == m - 0.25f);
  }
}

/* A port drained by Output(NULL) is idle: the next buffer, even long after, starts a new
 * schedule and is not an underrun (a pause the guest asked for). Returns the underruns. */
static uint64_t drain_pause_run(void) {
  static const struct audioout_sink_ops ops = {.write = sink};
  audioout_set_sink(&ops);
  static bool initialised;
  if (!initialised) audioout_init(); /* may already be (the process's library) */
  initialised = true;
  int h = audioout_open(1, AUDIOOUT_PORT_MAIN, 0, 256, 48000, AUDIOOUT_FORMAT_S16_STEREO);
  assert_true(h > 0);
  static int16_t buf[512];
  uint64_t before = audioout_underrun_count();
  assert_int_equal(audioout_output(h, buf), 512);
  assert_int_equal(audioout_output(h, buf), 512);
  assert_int_equal(audioout_output(h, NULL), 0);
  /* longer than the mixer's slack: the periods after the drained buffer have been taken */
  struct timespec pause = {0, 40 * 1000 * 1000};
  nanosleep(&pause, NULL);
  assert_int_equal(audioout_output(h, buf), 512);
  assert_int_equal(audioout_output(h, NULL), 0);
  uint64_t late = audioout_underrun_count() - before;
  audioout_shutdown();
  assert_int_equal(audioout_close(h), 0);
  return late;
}

static void test_drain_then_pause_is_not_an_underrun(void **state) {
  (void)state;
  uint64_t late = 0;
  for (int run = 0; run < 5; run++) { /* a starved host may make a run late; one must not be */
    late = drain_pause_run();
    if (late == 0) break;
    fprintf(stderr, "run %d: %llu underruns (host busy); again\n", run, (unsigned long long)late);
  }
  assert_int_equal(late, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_formats),
      cmocka_unit_test(test_s16_stereo_and_mono),
      cmocka_unit_test(test_volume),
      cmocka_unit_test(test_fold_down),
      cmocka_unit_test(test_two_ports_mix),
      cmocka_unit_test(test_drain_then_pause_is_not_an_underrun),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
