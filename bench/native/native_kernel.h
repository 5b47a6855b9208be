/* The CPU-bound kernel measured by bench/native, compiled both for the guest (prospero-cc)
 * and for the host: FNV-1a over a buffer (a serial byte-wise dependency chain) and a
 * multiply-xorshift word mixer (a 64-bit multiply chain), several rounds, returning a
 * checksum both sides must agree on. Times are taken in TSC ticks on both sides. */
#ifndef PROSPERO_BENCH_NATIVE_KERNEL_H
#define PROSPERO_BENCH_NATIVE_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#define NATIVE_BUFFER_SIZE (1u << 20)
#define NATIVE_ROUNDS 2
#define NATIVE_RUNS 25

static inline void native_fill(uint8_t *buf, size_t n) {
  uint64_t s = 0x243F6A8885A308D3ull;
  for (size_t i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    buf[i] = (uint8_t)s;
  }
}

static inline uint64_t native_kernel(const uint8_t *buf, size_t n, int rounds) {
  uint64_t sum = 0;
  for (int r = 0; r < rounds; r++) {
    uint64_t h = 0xCBF29CE484222325ull ^ (uint64_t)r;
    for (size_t i = 0; i < n; i++) {
      h ^= buf[i];
      h *= 0x100000001B3ull;
    }
    uint64_t m = h;
    for (size_t i = 0; i + 8 <= n; i += 8) {
      uint64_t w = (uint64_t)buf[i] | (uint64_t)buf[i + 1] << 8 | (uint64_t)buf[i + 2] << 16 |
                   (uint64_t)buf[i + 3] << 24 | (uint64_t)buf[i + 4] << 32 |
                   (uint64_t)buf[i + 5] << 40 | (uint64_t)buf[i + 6] << 48 |
                   (uint64_t)buf[i + 7] << 56;
      m = (m ^ w) * 0x9E3779B97F4A7C15ull;
      m ^= m >> 29;
    }
    sum += h ^ m;
  }
  return sum;
}

#endif
