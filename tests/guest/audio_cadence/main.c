/* sceAudioOutOutput's cadence (issue 13: "a guest's Output call returns once per period
 * ± 1 ms"): a guest that outputs in a loop is paced by the port, each call returning when
 * its buffer starts playing, i.e. at start + k periods (256 frames at 48 kHz: 16000/3 us).
 * Every return is compared with that grid (its phase is the median of the returns' own
 * offsets, so a late first return does not shift it) and must be within 1 ms. A host that
 * does not run the process in time makes returns late; the test's hook then reports the
 * starvation the emulator measured (a skip) instead of a pass or a failure. */
#include <audioout.h>
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LENGTH 256
#define CALLS 400
#define PERIOD_THIRDS_US 16000 /* one period, in thirds of a microsecond */
#define TOLERANCE_US 1000

static int64_t magnitude(int64_t v) { return v < 0 ? -v : v; }

/* V (thirds of a us) folded into [-half a period, +half a period) */
static int64_t fold(int64_t v) {
  int64_t m = ((v % PERIOD_THIRDS_US) + PERIOD_THIRDS_US) % PERIOD_THIRDS_US;
  return m >= PERIOD_THIRDS_US / 2 ? m - PERIOD_THIRDS_US : m;
}

static int cmp(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

int main(void) {
  static int16_t buf[LENGTH * 2];
  static uint64_t returns[CALLS];
  static int64_t offset[CALLS], sorted[CALLS];
  sceAudioOutInit();
  int h = sceAudioOutOpen(1, SCE_AUDIO_OUT_PORT_TYPE_MAIN, 0, LENGTH, 48000,
                          SCE_AUDIO_OUT_PARAM_FORMAT_S16_STEREO);
  if (h < 0) {
    printf("open: 0x%x\n", (unsigned)h);
    return 1;
  }
  int bad_rc = 0;
  for (int k = 0; k < CALLS; k++) {
    for (int f = 0; f < LENGTH * 2; f++) buf[f] = (int16_t)((k * LENGTH * 2 + f) * 97);
    if (sceAudioOutOutput(h, buf) != LENGTH * 2) bad_rc++;
    returns[k] = sceKernelGetProcessTime();
  }
  sceAudioOutOutput(h, NULL);
  sceAudioOutClose(h);
  printf("%d calls, %d returned something else than %d samples\n", CALLS, bad_rc, LENGTH * 2);
  /* each return's offset from the period grid (a period is 16000 thirds of a us), folded
   * into half a period either side: after an underrun (a guest the host did not run for
   * more than the mixer's slack) the port restarts on the same grid, periods later. The
   * grid's phase is the median offset from the first return, then every offset is taken
   * from that phase. */
  for (int k = 0; k < CALLS; k++)
    sorted[k] = offset[k] = fold((int64_t)(returns[k] - returns[0]) * 3);
  qsort(sorted, CALLS, sizeof sorted[0], cmp);
  int64_t phase = sorted[CALLS / 2];
  int off = 0, worst_at = 0;
  int64_t worst = 0;
  for (int k = 0; k < CALLS; k++) {
    int64_t d = fold(offset[k] - phase) / 3;
    if (d > TOLERANCE_US || d < -TOLERANCE_US) {
      off++;
      fprintf(stderr, "audio_cadence: call %d returned %+lld us off its period\n", k, (long long)d);
    }
    if (magnitude(d) > magnitude(worst)) worst = d, worst_at = k;
  }
  /* for comparison, the check this test replaces: the interval between two returns */
  int intervals_off = 0;
  for (int k = 1; k < CALLS; k++) {
    int64_t gap = (int64_t)(returns[k] - returns[k - 1]) * 3 - PERIOD_THIRDS_US;
    if (gap > TOLERANCE_US * 3 || gap < -TOLERANCE_US * 3) intervals_off++;
  }
  fprintf(stderr,
          "audio_cadence: worst return %+lld us off its period (call %d); %d returns off the "
          "schedule, %d intervals between returns off one period by more than 1 ms\n",
          (long long)worst, worst_at, off, intervals_off);
  if (!off) printf("cadence: every return within 1 ms of start + k periods of 5333.3 us\n");
  else
    printf("cadence: %d of %d returns more than 1 ms off start + k periods (worst %+lld us)\n", off,
           CALLS, (long long)worst);
  return 0;
}
