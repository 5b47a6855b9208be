/* Code rewrite time (issue 14): code discovery and rewriting of one 64 MiB executable segment,
 * half code, half data, laid out as console executables are (.text, then .rodata). The code
 * half is 524,288 synthetic 64-byte functions (prologue, fs:[0] load, loads, a call to the
 * next function, a conditional branch, the stack guard's fs:[0x28] load, epilogue, int3
 * padding); half of them are described by FDE ranges, a quarter by sized symbols and a quarter
 * are reached only by recursive descent through the calls. The data half is xorshift64*
 * bytes. The same-run baseline is one plain Zydis decode pass over the whole segment (what
 * the former linear sweep had to do at the least); memcpy of 64 MiB is printed for scale.
 * Goal: the rewrite takes at most 1.0x the baseline. Also checked: every data byte is
 * unchanged and every function's two FS accesses were rewritten. */
#include <Zydis/Zydis.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/log.h"
#include "loader/code_map.h"
#include "../bench_goal.h"
#include "../bench_time.h"

#define SEG_SIZE (64u << 20)
#define CODE_SIZE (SEG_SIZE / 2)
#define FN_SIZE 64
#define FUNCTIONS (CODE_SIZE / FN_SIZE)
#define BASE 0x900000000ull
#define RUNS 3

static void write_function(uint8_t *seg, size_t i) {
  static const uint8_t tpl[] = {
      0x55,                                           /* push rbp */
      0x48, 0x89, 0xE5,                               /* mov rbp, rsp */
      0x64, 0x48, 0x8B, 0x04, 0x25, 0, 0, 0, 0,       /* mov rax, fs:[0] */
      0x8B, 0x47, 0x08,                               /* mov eax, [rdi+8] */
      0x48, 0x8B, 0x4C, 0x24, 0x10,                   /* mov rcx, [rsp+0x10] */
      0x01, 0xC8,                                     /* add eax, ecx */
      0xE8, 0, 0, 0, 0,                               /* call next (offset 24) */
      0x85, 0xC0,                                     /* test eax, eax */
      0x74, 0x05,                                     /* jz +5 */
      0x48, 0x8D, 0x44, 0x24, 0x08,                   /* lea rax, [rsp+8] */
      0x64, 0x48, 0x8B, 0x0C, 0x25, 0x28, 0, 0, 0,    /* mov rcx, fs:[0x28] */
      0x48, 0x31, 0xC8,                               /* xor rax, rcx */
      0x5D,                                           /* pop rbp */
      0xC3,                                           /* ret */
  };
  uint8_t *f = seg + i * FN_SIZE;
  memset(f, 0xCC, FN_SIZE);
  memcpy(f, tpl, sizeof tpl);
  size_t next = ((i + 1) % FUNCTIONS) * FN_SIZE;
  int32_t rel = (int32_t)((int64_t)next - (int64_t)(i * FN_SIZE + 28));
  memcpy(f + 24, &rel, 4);
}

int main(void) {
  log_set_level(LOG_LEVEL_WARN);
  uint8_t *pristine = malloc(SEG_SIZE), *seg = malloc(SEG_SIZE);
  struct code_seed *seeds = calloc(FUNCTIONS + 1, sizeof *seeds);
  if (!pristine || !seg || !seeds) return 1;
  size_t nseed = 0;
  for (size_t i = 0; i < FUNCTIONS; i++) {
    write_function(pristine, i);
    uint64_t a = BASE + i * FN_SIZE;
    if (i % 4 < 2) seeds[nseed++] = (struct code_seed){a, a + 51, CODE_SEED_FDE};
    else if (i % 4 == 2) seeds[nseed++] = (struct code_seed){a, a + 51, CODE_SEED_SYMBOL};
  }
  seeds[nseed++] = (struct code_seed){BASE, BASE, CODE_SEED_ENTRY};
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (size_t i = CODE_SIZE; i < SEG_SIZE; i++) {
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    pristine[i] = (uint8_t)((x * 0x2545F4914F6CDD1Dull) >> 56);
  }

  /* baselines: memcpy, and one plain Zydis decode pass over the whole segment */
  double t_copy = 1e9, t_decode = 1e9, t_rewrite = 1e9;
  uint64_t decoded = 0;
  for (int r = 0; r < RUNS; r++) {
    double t0 = bench_now_s();
    memcpy(seg, pristine, SEG_SIZE);
    double t = bench_now_s() - t0;
    if (t < t_copy) t_copy = t;
    ZydisDecoder dec;
    ZydisDecoderInit(&dec, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
    ZydisDecodedInstruction ins;
    decoded = 0;
    t0 = bench_now_s();
    for (size_t off = 0; off < SEG_SIZE;) {
      if (ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&dec, NULL, seg + off, SEG_SIZE - off, &ins)))
        off += ins.length, decoded++;
      else
        off++;
    }
    t = bench_now_s() - t0;
    if (t < t_decode) t_decode = t;
  }
  struct code_map_stats st;
  for (int r = 0; r < RUNS; r++) {
    memcpy(seg, pristine, SEG_SIZE);
    memset(&st, 0, sizeof st);
    double t0 = bench_now_s();
    if (!code_map_rewrite(seg, BASE, SEG_SIZE, seeds, nseed, &st, NULL, NULL, NULL)) return 1;
    double t = bench_now_s() - t0;
    if (t < t_rewrite) t_rewrite = t;
  }
  /* the result is right: data untouched, both FS accesses of every function rewritten */
  if (memcmp(seg + CODE_SIZE, pristine + CODE_SIZE, SEG_SIZE - CODE_SIZE) != 0 ||
      st.insn.fs_rewritten != 2ull * FUNCTIONS || st.code_bytes != (uint64_t)FUNCTIONS * 51) {
    fprintf(stderr, "bench_rewrite: wrong result: FS rewritten %llu, code bytes %llu\n",
            (unsigned long long)st.insn.fs_rewritten, (unsigned long long)st.code_bytes);
    return 1;
  }
  double ratio = t_rewrite / t_decode;
  bench_goal("rewrite", ratio <= 1.0, "<= 1.0x",
             "%.2fx a plain Zydis decode pass over the segment (%.1f ms vs %.1f ms)", ratio,
             t_rewrite * 1e3, t_decode * 1e3);
  printf("rewrite: 64 MiB executable segment (32 MiB code in %u functions: %llu by FDE, %llu by "
         "symbol, %llu by descent; 32 MiB data); %llu instructions decoded; memcpy %.1f ms\n",
         FUNCTIONS, (unsigned long long)st.fde_ranges, (unsigned long long)st.symbol_ranges,
         (unsigned long long)st.descent_paths, (unsigned long long)decoded, t_copy * 1e3);
  free(pristine);
  free(seg);
  free(seeds);
  return ratio <= 1.0 ? 0 : 1;
}
