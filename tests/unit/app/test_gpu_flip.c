/* Flips requested by the command stream (src/app/gpu_flip.c): the AGC flip packet (PM4 type 3
 * NOP, header 0xC004105C: 5 body dwords, sub-selector 0x17; body handle, buffer index, flip
 * mode, argument low/high, as the console's sceAgcDcbSetFlip writes it) run by the command
 * processor reaches video out's flip queue behind the CPU's flips and is paced like them: one
 * flip per vblank, in order; the flip status counts the GPU's pending ones in gcQueueNum.
 * A malformed packet or a refused flip is logged and changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <string.h>

#include "gpu/cp/cp.h"
#include "app/gpu_flip.h"
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceVideoOut/videoout.h"

#define W 16
#define H 8

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static struct videoout_frame seen[32];
static int seen_count;
static bool hold;

static void present(void *ctx, const struct videoout_frame *f) {
  (void)ctx;
  pthread_mutex_lock(&lock);
  if (seen_count < 32) seen[seen_count++] = *f;
  pthread_cond_broadcast(&cond);
  while (hold) pthread_cond_wait(&cond, &lock);
  pthread_mutex_unlock(&lock);
}

static void wait_seen(int n) {
  pthread_mutex_lock(&lock);
  while (seen_count < n) pthread_cond_wait(&cond, &lock);
  pthread_mutex_unlock(&lock);
}

static void set_hold(bool on) {
  pthread_mutex_lock(&lock);
  hold = on;
  pthread_cond_broadcast(&cond);
  pthread_mutex_unlock(&lock);
}

/* guest memory for the command processor: one host buffer at guest address 0x10000 */
#define MEM_BASE 0x10000ull
static uint32_t mem[256];

static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  (void)write;
  if (addr < MEM_BASE || addr + size > MEM_BASE + sizeof mem) return NULL;
  return (uint8_t *)mem + (addr - MEM_BASE);
}

static unsigned put_flip(uint32_t *p, int32_t handle, int32_t index, int32_t mode, int64_t arg) {
  p[0] = 0xC004105Cu; /* type 3, 5 body dwords, NOP (0x10), sub-selector 0x17 in bits 7:2 */
  p[1] = (uint32_t)handle;
  p[2] = (uint32_t)index;
  p[3] = (uint32_t)mode;
  p[4] = (uint32_t)(uint64_t)arg;
  p[5] = (uint32_t)((uint64_t)arg >> 32);
  return 6;
}

static uint32_t pixels[2][W * H];

static void test_gpu_flips_paced_like_cpu_flips(void **state) {
  (void)state;
  static const struct videoout_present_ops ops = {.present = present};
  videoout_set_present_ops(&ops);
  int h = videoout_open(255, 0, 0, NULL);
  assert_int_equal(h, 1);
  struct videoout_buffer_attribute a;
  videoout_set_buffer_attribute(&a, VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                VIDEOOUT_TILING_MODE_LINEAR, 0, W, H, W);
  void *addr[2] = {pixels[0], pixels[1]};
  assert_int_equal(videoout_register_buffers(h, 0, addr, 2, &a), 0);

  /* a CPU flip first; the presenter holds it, so nothing else is done meanwhile */
  set_hold(true);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 1), 0);
  wait_seen(1);

  struct cp_ops cops = {.mem_map = mem_map, .agc_packet = app_gpu_agc_packet};
  struct cp *cp = cp_create(&cops);
  assert_non_null(cp);
  unsigned n = 0;
  n += put_flip(mem + n, h, 1, VIDEOOUT_FLIP_MODE_VSYNC, 0x100000002ll); /* arg > 32 bits */
  n += put_flip(mem + n, h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 3);
  n += put_flip(mem + n, h, 9, VIDEOOUT_FLIP_MODE_VSYNC, 77);     /* a free slot: refused */
  n += put_flip(mem + n, h + 5, 0, VIDEOOUT_FLIP_MODE_VSYNC, 78); /* a bad handle: refused */
  mem[n++] = 0xC003105Cu; /* a flip packet one dword short: ignored */
  mem[n++] = (uint32_t)h;
  mem[n++] = 0;
  mem[n++] = 1;
  mem[n++] = 79;
  n += put_flip(mem + n, h, -1, VIDEOOUT_FLIP_MODE_VSYNC, 4); /* a blank flip */
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, MEM_BASE, n), 0);
  assert_true(cp_run_until_idle(cp, 100));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  /* then the CPU again */
  assert_int_equal(videoout_submit_flip(h, 1, VIDEOOUT_FLIP_MODE_VSYNC, 5), 0);

  struct videoout_flip_status st;
  assert_int_equal(videoout_get_flip_status(h, &st), 0);
  assert_int_equal(st.flip_pending_num, 4); /* 3 from the GPU, 1 from the CPU */
  assert_int_equal(st.gc_queue_num, 3);
  assert_int_equal(videoout_is_flip_pending(h), 4);

  set_hold(false);
  wait_seen(5); /* the blank flip reaches the presenter too, without an address */
  for (int tries = 0; tries < 200 && videoout_is_flip_pending(h); tries++) videoout_wait_vblank(h);
  assert_int_equal(videoout_get_flip_status(h, &st), 0);
  assert_int_equal(st.count, 5);
  assert_int_equal(st.flip_pending_num, 0);
  assert_int_equal(st.gc_queue_num, 0);
  assert_int_equal(st.flip_arg, 5);
  assert_int_equal(st.current_buffer, 1);
  /* order and pacing: buffer 0 (CPU, 1), 1 (GPU), 0 (GPU), blank (GPU), 1 (CPU, 5) */
  static const int32_t want_index[] = {0, 1, 0, -1, 1};
  int exact = 0;
  for (int i = 0; i < 5; i++) {
    assert_int_equal(seen[i].buffer_index, want_index[i]);
    assert_int_equal(seen[i].flip_count, (uint64_t)i + 1);
    assert_true((seen[i].address != NULL) == (want_index[i] >= 0));
    if (i > 1) { /* after the held frame: one flip per vblank */
      uint64_t d = seen[i].vblank_count - seen[i - 1].vblank_count;
      assert_true(d >= 1);
      exact += d == 1;
    }
  }
  assert_true(exact >= 2); /* at most one vblank missed by a loaded host */
  cp_destroy(cp);
  assert_int_equal(videoout_close(h), 0);
  videoout_set_present_ops(NULL);
}

/* WaitUntilSafeForRendering's packet (sceAgcDriverWaitUntilSafeForRendering) run by the
 * command processor against video out: the graphics queue waits while a flip of its buffer
 * is queued and not done (here: behind a frame the presenter holds), a compute queue waiting
 * on the buffer on screen (its flip done) goes on, and the graphics queue goes on once video
 * out has done the flip. */
static void test_wait_until_safe_for_rendering(void **state) {
  (void)state;
  static const struct videoout_present_ops ops = {.present = present};
  seen_count = 0;
  videoout_set_present_ops(&ops);
  int h = videoout_open(255, 0, 0, NULL);
  assert_int_equal(h, 1);
  struct videoout_buffer_attribute a;
  videoout_set_buffer_attribute(&a, VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                VIDEOOUT_TILING_MODE_LINEAR, 0, W, H, W);
  void *addr[2] = {pixels[0], pixels[1]};
  assert_int_equal(videoout_register_buffers(h, 0, addr, 2, &a), 0);
  set_hold(true);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 1), 0);
  wait_seen(1); /* buffer 0 on screen, held */
  assert_int_equal(videoout_submit_flip(h, 1, VIDEOOUT_FLIP_MODE_VSYNC, 2), 0); /* queued */
  assert_int_equal(videoout_buffer_flip_pending(h, 1), 1);
  assert_int_equal(videoout_buffer_flip_pending(h, 0), 0);
  assert_int_equal(videoout_buffer_flip_pending(h + 1, 0), VIDEOOUT_ERROR_INVALID_HANDLE);
  assert_int_equal(videoout_buffer_flip_pending(h, 16), VIDEOOUT_ERROR_INVALID_INDEX);

  struct cp_ops cops = {
      .mem_map = mem_map, .agc_packet = app_gpu_agc_packet, .flip_pending = app_gpu_flip_pending};
  struct cp *cp = cp_create(&cops);
  assert_non_null(cp);
  memset(mem, 0, sizeof mem);
  const uint32_t size = agc_driver_get_wait_rendering_packet_size_in_dwords();
  uint32_t *cur = mem;
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, size, 0, (uint32_t)h, 1), 0);
  /* WRITE_DATA (0x37) of 1 to the label at mem[200], memory (DST_SEL 5) */
  const uint64_t label = MEM_BASE + 200 * 4;
  cur[0] = 0xC0033700u;
  cur[1] = 5u << 8;
  cur[2] = (uint32_t)label;
  cur[3] = 0;
  cur[4] = 1;
  cur += 5;
  uint32_t gfx = (uint32_t)(cur - mem);
  uint32_t *c2 = cur;
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, size, 0, (uint32_t)h, 0), 0);
  cur[0] = 0xC0033700u;
  cur[1] = 5u << 8;
  cur[2] = (uint32_t)(label + 4);
  cur[3] = 0;
  cur[4] = 2;
  cur += 5;
  const unsigned cq = cp_compute_queue(2, 3);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, MEM_BASE, gfx), 0);
  assert_int_equal(cp_submit(cp, cq, MEM_BASE + (uint64_t)(c2 - mem) * 4, (uint32_t)(cur - c2)), 0);
  cp_run_until_idle(cp, 50);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(cp_queue_status(cp, cq), CP_QUEUE_IDLE);
  assert_int_equal(mem[200], 0);
  assert_int_equal(mem[201], 2);

  set_hold(false); /* video out does the flip of buffer 1 at a coming vblank */
  for (int tries = 0; tries < 200 && videoout_buffer_flip_pending(h, 1); tries++)
    videoout_wait_vblank(h);
  assert_int_equal(videoout_buffer_flip_pending(h, 1), 0);
  assert_true(cp_run_until_idle(cp, 50));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(mem[200], 1);
  cp_destroy(cp);
  assert_int_equal(videoout_close(h), 0);
  videoout_set_present_ops(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_gpu_flips_paced_like_cpu_flips),
                                     cmocka_unit_test(test_wait_until_safe_for_rendering)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
