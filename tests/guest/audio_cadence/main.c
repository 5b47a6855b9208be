/* sceAudioOutOutput's cadence (issue 13: "a guest's Output call returns once per period
 * ± 1 ms"): a guest that outputs in a loop is paced by the port, each call returning when
 * its buffer starts playing, i.e. at start + k periods (256 frames at 48 kHz: 16000/3 us).
 * The guest does nothing between calls but fill its buffer; it records when each call
 * returned (sceKernelGetProcessTime) and prints the 400 times on stderr. The test's hook
 * (starvation.cmake) places the period grid and judges every return against it (within
 * 1 ms), matching each one that is off with the emulator's own measurement of the host's
 * delay of that same call (docs/input-audio.md, "Cadence figures"). */
#include <audioout.h>
#include <kernel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LENGTH 256
#define CALLS 400
#define PERIOD_THIRDS_US 16000 /* one period, in thirds of a microsecond */
#define TOLERANCE_US 1000

int main(void) {
  static int16_t buf[LENGTH * 2];
  static uint64_t returns[CALLS];
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
  /* the handle the emulator names the port by (the first main port) */
  printf("port handle 0x%x\n", (unsigned)h);
  /* every return, in microseconds after the first (the hook's input) */
  fprintf(stderr, "audio_cadence: return times:");
  for (int k = 0; k < CALLS; k++)
    fprintf(stderr, " %llu", (unsigned long long)(returns[k] - returns[0]));
  fprintf(stderr, "\n");
  /* for comparison, the check the grid replaces: the interval between two returns (a late
   * return makes its interval long and the next one short: counted twice) */
  int intervals_off = 0;
  for (int k = 1; k < CALLS; k++) {
    int64_t gap = (int64_t)(returns[k] - returns[k - 1]) * 3 - PERIOD_THIRDS_US;
    if (gap > TOLERANCE_US * 3 || gap < -TOLERANCE_US * 3) intervals_off++;
  }
  fprintf(stderr, "audio_cadence: %d intervals between returns off one period by more than 1 ms\n",
          intervals_off);
  printf("cadence: %d return times recorded\n", CALLS);
  return 0;
}
