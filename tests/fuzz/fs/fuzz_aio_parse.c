/* Fuzz target for the parsing of guest AIO batches (libkernel's kernel_aio_parse_requests):
 * the input is an array of SceKernelAioRWRequest records (40 bytes each, up to 128) whose
 * pointers are checked against a pretend guest window: a request accepted without an error
 * must have its buffer and result inside the window, one with a bad buffer must carry an
 * error value, a batch with a result outside it must be refused. Nothing is dereferenced
 * here, as nothing is in the HLE before the checks pass. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hle/libkernel/libkernel_aio.h"

#define WINDOW_BASE 0x100000000ull
#define WINDOW_SIZE 0x10000000ull

static bool in_window(uint64_t addr, uint64_t len, bool write) {
  (void)write;
  if (len == 0) return true;
  if (addr + len < addr) return false;
  return addr >= WINDOW_BASE && addr + len <= WINDOW_BASE + WINDOW_SIZE;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  bool write = data[0] & 1;
  size_t n = (size - 1) / sizeof(struct kernel_aio_rw_request);
  if (n == 0) return 0;
  if (n > AIO_REQUESTS_MAX) n = AIO_REQUESTS_MAX;
  struct kernel_aio_rw_request req[AIO_REQUESTS_MAX];
  memcpy(req, data + 1, n * sizeof req[0]);
  struct aio_request out[AIO_REQUESTS_MAX];
  int r = kernel_aio_parse_requests(req, (int)n, write, out, in_window);
  bool results_ok = true;
  for (size_t i = 0; i < n; i++) results_ok &= in_window(req[i].result, 16, true);
  if ((r == 0) != results_ok) abort();
  if (r != 0) return 0;
  for (size_t i = 0; i < n; i++) {
    if (out[i].fd != req[i].fd || out[i].offset != req[i].offset || out[i].nbyte != req[i].nbyte)
      abort();
    bool buf_ok = req[i].nbyte <= INT64_MAX && in_window(req[i].buf, req[i].nbyte, !write);
    if (buf_ok != (out[i].error == 0)) abort();
    if (out[i].error > 0) abort(); /* error values are negative SCE codes */
  }
  return 0;
}
