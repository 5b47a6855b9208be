/* GPU demo frame time (label bench): the emulator's CPU time per frame of the GPU demo's
 * work (guests/gpu_demo) at 1920x1080, outside the shader itself: the command processor
 * parsing the DCB (SH registers, DISPATCH_DIRECT, the flip packet), the compute dispatch op
 * (the guest memory window, the shader cache, the Vulkan submission and its wait, the
 * window's write-back) and the flip into video out's queue, all on the thread that runs the
 * command processor, measured with its thread CPU clock. The shader's own execution runs on
 * the Vulkan device's threads (lavapipe's) and is not in it; the wall time per frame, which
 * includes it, is printed beside. Same-run baseline: one memcpy of a 1920x1080 frame.
 * Goal: < 2 ms per frame. `bench_demo_frame FRAMES` (default 20). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "../bench_goal.h"
#include "gpu/cp/cp.h"
#include "gpu_compute.h"
#include "gpu_flip.h"
#include "gpu_window.h"
#include "hle/libSceVideoOut/videoout.h"
#include "kernel/guest_vm.h"

#define W 1920u
#define H 1080u

/* guests/gpu_demo's shader (see its source for the instructions) */
static const uint32_t shader[] = {
    0x8f068504u, 0x4a020006u, 0x8f078202u, 0x4a040207u, 0x360404ffu, 0x000000ffu, 0x8f088102u,
    0x80080508u, 0x8708ff08u, 0x000000ffu, 0x3a060205u, 0x4a060602u, 0x360606ffu, 0x000000ffu,
    0x34040490u, 0x8f088808u, 0x8808ff08u, 0xff000000u, 0xd7720002u, 0x040c1102u, 0x93090305u,
    0x4a020209u, 0x34020282u, 0xdc708000u, 0x00000201u, 0xbf810000u};

static double thread_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double wall_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  uint64_t start, len;
  int prot, need = PROT_READ | (write ? PROT_WRITE : 0);
  if (!guest_vm_query(addr, &start, &len, &prot) || (prot & need) != need ||
      addr + size > start + len)
    return NULL;
  return (void *)(uintptr_t)addr;
}

#define PKT3(op, body) (0xC0000000u | ((uint32_t)(body)-1u) << 16 | (uint32_t)(op) << 8)

static uint32_t put_sh(uint32_t *p, uint32_t reg, const uint32_t *v, uint32_t n) {
  p[0] = PKT3(0x76, n + 1);
  p[1] = reg;
  memcpy(p + 2, v, n * 4);
  return n + 2;
}

/* The demo's DCB for frame T into BUF, flipping buffer INDEX of video out handle 1. */
static uint32_t build(uint32_t *d, uint64_t pgm, uint64_t buf, int index, uint32_t t) {
  uint32_t n = 0;
  n += put_sh(d + n, 0x20C, (uint32_t[]){(uint32_t)(pgm >> 8), (uint32_t)(pgm >> 40)}, 2);
  n += put_sh(d + n, 0x212, (uint32_t[]){0, 4u << 1 | 1u << 7 | 1u << 8}, 2);
  n += put_sh(d + n, 0x207, (uint32_t[]){32, 1, 1}, 3);
  n += put_sh(d + n, 0x240, (uint32_t[]){(uint32_t)buf, (uint32_t)(buf >> 32), t, W}, 4);
  d[n++] = PKT3(0x15, 4); /* DISPATCH_DIRECT, wave32 */
  d[n++] = W / 32;
  d[n++] = H;
  d[n++] = 1;
  d[n++] = 0x8041u;
  d[n++] = 0xC004105Cu; /* the AGC flip packet */
  d[n++] = 1;
  d[n++] = (uint32_t)index;
  d[n++] = 1;
  d[n++] = t;
  d[n++] = 0;
  return n;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  int frames = argc > 1 ? atoi(argv[1]) : 20;
  if (frames < 2 || frames > 1000) frames = 20;
  if (!guest_vm_init()) return 1;
  /* code, DCB and two frames back to back in one read/write range, as in the demo */
  const uint64_t fb = (uint64_t)W * H * 4, size = 65536 + 2 * fb;
  uint64_t base = guest_vm_alloc(size, 65536, PROT_READ | PROT_WRITE, "demo");
  if (!base) return 1;
  memcpy((void *)(uintptr_t)base, shader, sizeof shader);
  uint32_t *dcb = (uint32_t *)(uintptr_t)(base + 4096);
  uint64_t buf[2] = {base + 65536, base + 65536 + fb};

  struct app_gpu_compute gc = {.window = app_gpu_guest_window};
  struct cp_ops ops = {.mem_map = mem_map,
                       .ctx = &gc,
                       .dispatch = app_gpu_compute_dispatch,
                       .agc_packet = app_gpu_agc_packet};
  struct cp *cp = cp_create(&ops);
  videoout_set_vblank_hz(1000);
  int h = videoout_open(255, 0, 0, NULL);
  struct videoout_buffer_attribute a;
  videoout_set_buffer_attribute(&a, VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                VIDEOOUT_TILING_MODE_LINEAR, 0, W, H, W);
  void *addr[2] = {(void *)(uintptr_t)buf[0], (void *)(uintptr_t)buf[1]};
  if (!cp || h != 1 || videoout_register_buffers(h, 0, addr, 2, &a) != 0) return 1;

  const int warm = 2; /* the first dispatch compiles the shader */
  double *cpu = calloc((size_t)frames, sizeof *cpu), wall_sum = 0;
  for (int f = -warm; f < frames; f++) {
    uint32_t t = (uint32_t)(f + warm);
    uint32_t n = build(dcb, base, buf[t & 1], (int)(t & 1), t);
    double c0 = thread_ms(), w0 = wall_ms();
    cp_submit(cp, CP_GFX_QUEUE, (uint64_t)(uintptr_t)dcb, n);
    cp_run_until_idle(cp, 1000);
    double c1 = thread_ms(), w1 = wall_ms();
    while (videoout_is_flip_pending(h) > 0) videoout_wait_vblank(h);
    if (f >= 0) {
      cpu[f] = c1 - c0;
      wall_sum += w1 - w0;
    }
  }
  if (gc.failed || gc.dispatched != (uint64_t)(frames + warm)) {
    printf("bench.demo_frame: %llu of %d dispatches failed (no Vulkan device?)\n",
           (unsigned long long)gc.failed, frames + warm);
    return BENCH_SKIP_EXIT;
  }
  /* the frame must be the last frame's image (the dispatch really ran) */
  uint32_t last = (uint32_t)(frames + warm - 1);
  const uint32_t *px = (const uint32_t *)(uintptr_t)buf[last & 1];
  uint32_t x = 1234, y = 567;
  uint32_t want = 0xFF000000u | ((x + 4 * last) & 0xff) << 16 | ((y + 2 * last) & 0xff) << 8 |
                  (((x ^ y) + last) & 0xff);
  if (px[y * W + x] != want) {
    printf("bench.demo_frame: the frame is wrong (0x%08x, want 0x%08x)\n", px[y * W + x], want);
    return 1;
  }
  /* baseline: one memcpy of a frame, same run */
  void *s = malloc(fb), *d = malloc(fb);
  memset(s, 1, fb);
  memset(d, 2, fb);
  double m0 = wall_ms();
  for (int i = 0; i < 10; i++) {
    ((volatile uint8_t *)s)[i] = (uint8_t)i; /* a different copy each time, kept */
    memcpy(d, s, fb);
    __asm__ volatile("" : : "r"(d) : "memory");
  }
  double memcpy_ms = (wall_ms() - m0) / 10;
  qsort(cpu, (size_t)frames, sizeof *cpu, cmp);
  double sum = 0;
  for (int i = 0; i < frames; i++) sum += cpu[i];
  double mean = sum / frames,
         p99 = cpu[(frames * 99) / 100 < frames ? (frames * 99) / 100 : frames - 1];
  bench_goal("demo_frame_cpu", mean < 2.0, "< 2 ms", "%.3f ms CPU per frame (mean over %d frames)",
             mean, frames);
  printf("  p99 %.3f ms, median %.3f ms; wall per frame (with the shader on %s) %.1f ms\n", p99,
         cpu[frames / 2], "the Vulkan device", wall_sum / frames);
  printf(
      "  baseline: one 1920x1080 frame memcpy %.3f ms: the emulator's CPU per frame is %.2fx it\n",
      memcpy_ms, mean / memcpy_ms);
  free(s);
  free(d);
  free(cpu);
  videoout_close(h);
  cp_destroy(cp);
  return 0;
}
