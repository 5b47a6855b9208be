/* Fuzz target for AIO batches (kernel/aio.h): the input is a list of commands, each a byte
 * (operation), a count byte and parameter bytes, run against the engine with memory-backed
 * files. Every reported state must be a known state (possibly with NOTIFIED) or -ESRCH; an
 * AND wait without a budget must end with every known ID terminal; the last wait drains. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/aio.h"

#define FILE_SIZE 4096
static uint8_t files[8][FILE_SIZE];
static uint8_t bufs[AIO_REQUESTS_MAX][64];
static struct aio_result results[AIO_REQUESTS_MAX];

static int64_t io(int fd, void *buf, uint64_t n, int64_t off, bool write) {
  if (fd < 0 || fd >= 8) return -9;
  if (off < 0 || off > FILE_SIZE || n > (uint64_t)(FILE_SIZE - off)) return -22;
  if (write) memcpy(files[fd] + off, buf, n);
  else memcpy(buf, files[fd] + off, n);
  return (int64_t)n;
}

static void valid_state(int32_t s) {
  if (s == -ESRCH) return;
  int base = s & ~AIO_STATE_NOTIFIED;
  if (base < AIO_STATE_SUBMITTED || base > AIO_STATE_ABORTED) abort();
  if ((s & AIO_STATE_NOTIFIED) && base != AIO_STATE_COMPLETED && base != AIO_STATE_ABORTED) abort();
}

#define KNOWN 256
static int32_t known[KNOWN];
static int nknown;

static void remember(const int32_t *ids, int n) {
  for (int i = 0; i < n; i++) known[(nknown++) % KNOWN] = ids[i];
}

/* The batch of IDs a command names: known ones or raw values from the input. */
static int pick_ids(const uint8_t *p, size_t avail, int n, int32_t *ids) {
  for (int i = 0; i < n; i++) {
    uint8_t b = i < (int)avail ? p[i] : 0;
    int known_count = nknown < KNOWN ? nknown : KNOWN;
    ids[i] = (b & 0x80) || !known_count ? (int32_t)(b * 0x01010101u) : known[b % known_count];
  }
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int ready;
  if (!ready) {
    aio_set_io(io);
    ready = 1;
  }
  nknown = 0;
  int32_t ids[AIO_IDS_MAX + 8], st[AIO_IDS_MAX + 8];
  size_t at = 0;
  while (at + 2 <= size) {
    uint8_t op = data[at], cnt = data[at + 1];
    at += 2;
    const uint8_t *p = data + at;
    size_t avail = size - at;
    int n = cnt % (AIO_IDS_MAX + 3); /* includes out-of-range counts */
    switch (op % 6) {
      case 0:
      case 1: { /* submit: n requests */
        int k = cnt % (AIO_REQUESTS_MAX + 2);
        struct aio_request reqs[AIO_REQUESTS_MAX + 2];
        for (int i = 0; i < k && i < AIO_REQUESTS_MAX; i++) {
          uint8_t b = i < (int)avail ? p[i] : (uint8_t)i;
          reqs[i] = (struct aio_request){.fd = b % 9,
                                         .offset = (int64_t)(b * 17) - 8,
                                         .nbyte = b % 65,
                                         .buf = bufs[i],
                                         .result = &results[i]};
        }
        int prio = op >> 4;
        bool multiple = op & 0x08;
        if (aio_submit(reqs, k, prio, op & 1, multiple, ids) == 0) remember(ids, multiple ? k : 1);
        at += (size_t)k < avail ? (size_t)k : avail;
        break;
      }
      case 2:
        pick_ids(p, avail, n < AIO_IDS_MAX ? n : AIO_IDS_MAX, ids);
        if (aio_poll(ids, n, st) == 0)
          for (int i = 0; i < n; i++) valid_state(st[i]);
        at += (size_t)n < avail ? (size_t)n : avail;
        break;
      case 3: {
        pick_ids(p, avail, n < AIO_IDS_MAX ? n : AIO_IDS_MAX, ids);
        uint32_t usec = 0; /* zero budget: never blocks */
        int r = aio_wait(ids, n, st, op >> 4, &usec);
        if (r == 0 || r == -ETIMEDOUT)
          for (int i = 0; i < n; i++) valid_state(st[i]);
        at += (size_t)n < avail ? (size_t)n : avail;
        break;
      }
      case 4:
        pick_ids(p, avail, n < AIO_IDS_MAX ? n : AIO_IDS_MAX, ids);
        if (aio_cancel(ids, n, st) == 0)
          for (int i = 0; i < n; i++) valid_state(st[i]);
        at += (size_t)n < avail ? (size_t)n : avail;
        break;
      default:
        pick_ids(p, avail, n < AIO_IDS_MAX ? n : AIO_IDS_MAX, ids);
        if (aio_delete(ids, n, st) == 0)
          for (int i = 0; i < n; i++)
            if (st[i] != 0 && st[i] != -ESRCH && st[i] != -EBUSY) abort();
        at += (size_t)n < avail ? (size_t)n : avail;
        break;
    }
  }
  /* drain: every known ID ends terminal, then is deleted */
  int count = nknown < KNOWN ? nknown : KNOWN;
  for (int i = 0; i < count; i += AIO_IDS_MAX) {
    int k = count - i < AIO_IDS_MAX ? count - i : AIO_IDS_MAX;
    if (aio_wait(known + i, k, st, AIO_WAIT_AND, NULL) != 0) abort();
    for (int j = 0; j < k; j++) {
      valid_state(st[j]);
      int base = st[j] & ~AIO_STATE_NOTIFIED;
      if (st[j] != -ESRCH && base != AIO_STATE_COMPLETED && base != AIO_STATE_ABORTED) abort();
    }
    aio_delete(known + i, k, st);
  }
  return 0;
}
