/* A stand-in for the command processor's submission op (struct agc_driver_ops.submit) that
 * records what the driver hands it: `subs.n` counts every submission, the first
 * AGC_SUBMIT_RECORDS keep their queue, address and dwords. Clear `subs` before a case. */
#ifndef PROSPERO_TEST_AGC_SUBMIT_RECORDER_H
#define PROSPERO_TEST_AGC_SUBMIT_RECORDER_H

#include <stdint.h>

#define AGC_SUBMIT_RECORDS 8

static struct {
  unsigned n, queue[AGC_SUBMIT_RECORDS];
  uint64_t addr[AGC_SUBMIT_RECORDS];
  uint32_t dwords[AGC_SUBMIT_RECORDS];
} subs;

static int fake_submit(void *ctx, unsigned queue, uint64_t addr, uint32_t dwords) {
  (void)ctx;
  if (subs.n < AGC_SUBMIT_RECORDS) {
    subs.queue[subs.n] = queue;
    subs.addr[subs.n] = addr;
    subs.dwords[subs.n] = dwords;
  }
  subs.n++;
  return 0;
}

#endif
