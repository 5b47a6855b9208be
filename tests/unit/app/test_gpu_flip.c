/* Flips requested by the command stream (src/app/gpu_flip.c), run by the command processor
 * against the real video out:
 * - the console's flip sequence (sceAgcDriverSetFlip: a RELEASE_MEM of 1 to the buffer's flip
 *   label at 0xC_800040A0 + index * 8 with an interrupt whose context id names the flip video
 *   out registered; WaitUntilSafeForRendering: WAIT_REG_MEM64 until that label is 0): the
 *   label is 1 from the end of the pipe until video out has done the flip at a vblank, then 0;
 *   a wait on it holds its queue alone; an interrupt with an id no SetFlip gave is logged and
 *   flips nothing;
 * - the AGC flip packet of older streams (PM4 type 3 NOP, header 0xC004105C: 5 body dwords,
 *   sub-selector 0x17; body handle, buffer index, flip mode, argument low/high) reaches video
 *   out's flip queue behind the CPU's flips and is paced like them: one flip per vblank, in
 *   order; the flip status counts the GPU's pending ones in gcQueueNum. A malformed packet or
 *   a refused flip is logged and changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"
#include "gpu/cp/cp.h"
#include "app/gpu_flip.h"
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceVideoOut/videoout.h"
#include "videoout_test_port.h"

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

/* guest memory for the command processor: one host buffer at guest address 0x10000, and video
 * out's flip label page (as the app's memory op reaches it) */
#define MEM_BASE 0x10000ull
static uint32_t mem[512];

static void *mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  (void)write;
  void *label = videoout_labels_host(addr, size);
  if (label) return label;
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

/* The main port with two buffers, its frames recorded by present() (seen[] emptied). */
static int presented_port(void) {
  static const struct videoout_present_ops ops = {.present = present};
  seen_count = 0;
  videoout_set_present_ops(&ops);
  int h = videoout_test_port(2);
  assert_int_equal(h, 1);
  return h;
}

static void test_gpu_flips_paced_like_cpu_flips(void **state) {
  (void)state;
  int h = presented_port();

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
 * is queued and not done (here a CPU flip, behind a frame the presenter holds: its label is 1
 * too, our reading), a compute queue waiting on the buffer on screen (its flip done) goes on,
 * and the graphics queue goes on once video out has done the flip. */
static void test_wait_until_safe_for_rendering(void **state) {
  (void)state;
  int h = presented_port();
  set_hold(true);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 1), 0);
  wait_seen(1); /* buffer 0 on screen, held */
  assert_int_equal(videoout_submit_flip(h, 1, VIDEOOUT_FLIP_MODE_VSYNC, 2), 0); /* queued */
  assert_int_equal(videoout_buffer_flip_pending(h, 1), 1);
  assert_int_equal(videoout_buffer_flip_pending(h, 0), 0);
  assert_int_equal(videoout_buffer_flip_pending(h + 1, 0), VIDEOOUT_ERROR_INVALID_HANDLE);
  assert_int_equal(videoout_buffer_flip_pending(h, 16), VIDEOOUT_ERROR_INVALID_INDEX);

  struct cp_ops cops = {.mem_map = mem_map,
                        .agc_packet = app_gpu_agc_packet,
                        .flip_pending = app_gpu_flip_pending,
                        .interrupt_context = app_gpu_interrupt_context};
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

/* WRITE_DATA (0x37) of V to mem[I], memory (DST_SEL 5) */
static unsigned put_write(uint32_t *p, unsigned i, uint32_t v) {
  p[0] = 0xC0033700u;
  p[1] = 5u << 8;
  p[2] = (uint32_t)(MEM_BASE + i * 4u);
  p[3] = 0;
  p[4] = v;
  return 5;
}

/* Video out's vblanks until buffer INDEX's label is V (at most 200); its value then. */
static uint64_t wait_label(int h, int32_t index, uint64_t v) {
  for (int tries = 0; tries < 200 && videoout_label_value(index) != v; tries++)
    videoout_wait_vblank(h);
  return videoout_label_value(index);
}

/* The console's flip sequence end to end: WaitUntilSafe(0), a write, SetFlip(0), a write,
 * WaitUntilSafe(0) again, a write. The first wait passes (label 0); SetFlip's RELEASE_MEM
 * writes 1 and its interrupt queues the flip (behind a frame the presenter holds), so the
 * second wait holds the graphics queue while a compute queue runs; once video out has done
 * the flip at a vblank the label is 0 and the graphics queue goes on. */
static void test_eop_flip_labels(void **state) {
  (void)state;
  int h = presented_port();
  assert_true(videoout_labels_map());
  set_hold(true);
  assert_int_equal(videoout_submit_flip(h, 1, VIDEOOUT_FLIP_MODE_VSYNC, 1), 0);
  wait_seen(1); /* buffer 1 on screen, held: no other flip is done meanwhile */
  assert_int_equal(wait_label(h, 1, 0), 0);
  assert_int_equal(videoout_label_value(0), 0);

  struct cp_ops cops = {.mem_map = mem_map, .interrupt_context = app_gpu_interrupt_context};
  struct cp *cp = cp_create(&cops);
  assert_non_null(cp);
  memset(mem, 0, sizeof mem);
  const uint32_t wait_size = agc_driver_get_wait_rendering_packet_size_in_dwords();
  const uint32_t flip_size = agc_driver_get_set_flip_packet_size_in_dwords();
  uint32_t *cur = mem;
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, wait_size, 0, (uint32_t)h, 0), 0);
  cur += put_write(cur, 300, 1);
  uint32_t *flip = cur;
  assert_int_equal(
      agc_driver_set_flip(&cur, flip_size, 0, (uint32_t)h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 0x77), 0);
  assert_int_equal(flip[10], 0xC0064900u); /* the console's RELEASE_MEM of the label */
  cur += put_write(cur, 301, 2);
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, wait_size, 0, (uint32_t)h, 0), 0);
  cur += put_write(cur, 302, 3);
  const uint32_t gfx = (uint32_t)(cur - mem);
  uint32_t *c2 = cur;
  cur += put_write(cur, 310, 9);
  const unsigned cq = cp_compute_queue(1, 2);
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, MEM_BASE, gfx), 0);
  assert_false(cp_run_until_idle(cp, 50)); /* the graphics queue waits */
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(mem[300], 1);
  assert_int_equal(mem[301], 2);
  assert_int_equal(mem[302], 0);
  assert_int_equal(videoout_label_value(0), 1); /* written at the end of the pipe */
  assert_int_equal(cp_queue_stats(cp, CP_GFX_QUEUE).interrupts, 1);
  struct videoout_flip_status st;
  assert_int_equal(videoout_get_flip_status(h, &st), 0);
  assert_int_equal(st.flip_pending_num, 1); /* the interrupt queued the flip */
  assert_int_equal(st.gc_queue_num, 1);
  assert_int_equal(st.count, 1);
  /* another queue is not held by the wait */
  assert_int_equal(cp_submit(cp, cq, MEM_BASE + (uint64_t)(c2 - mem) * 4, (uint32_t)(cur - c2)), 0);
  cp_run_until_idle(cp, 20);
  assert_int_equal(cp_queue_status(cp, cq), CP_QUEUE_IDLE);
  assert_int_equal(mem[310], 9);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_BLOCKED);
  assert_int_equal(mem[302], 0);

  set_hold(false); /* video out does the flip of buffer 0 at a coming vblank */
  assert_int_equal(wait_label(h, 0, 0), 0);
  wait_seen(2);
  assert_int_equal(seen[1].buffer_index, 0);
  assert_int_equal(videoout_get_flip_status(h, &st), 0);
  assert_int_equal(st.count, 2);
  assert_int_equal(st.current_buffer, 0);
  assert_int_equal(st.flip_arg, 0x77);
  assert_int_equal(st.flip_pending_num, 0);
  assert_int_equal(st.gc_queue_num, 0);
  assert_true(cp_run_until_idle(cp, 50));
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(mem[302], 3);
  cp_destroy(cp);
  assert_int_equal(videoout_close(h), 0);
  videoout_set_present_ops(NULL);
}

/* A RELEASE_MEM with an interrupt whose context id is in the flips' range but was never
 * registered: a logged error naming the id, no flip, the queue goes on; a flip of a port that
 * is not open is refused (logged) and its label is 0 again, so no wait on it hangs. */
static void test_eop_flip_unknown_id(void **state) {
  (void)state;
  int h = videoout_open(255, 0, 0, NULL);
  assert_int_equal(h, 1);
  assert_true(videoout_labels_map());
  char path[] = "/tmp/prospero-eop-flip-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  close(fd);
  assert_true(log_open_file(path));

  struct cp_ops cops = {.mem_map = mem_map, .interrupt_context = app_gpu_interrupt_context};
  struct cp *cp = cp_create(&cops);
  assert_non_null(cp);
  memset(mem, 0, sizeof mem);
  const uint64_t label = videoout_label_address(2);
  const uint32_t release[8] = {
      0xC0064900u, 0x06200504u, 0x42010000u, (uint32_t)label, (uint32_t)(label >> 32),
      1,           0,           0x080FFFF0u};
  memcpy(mem, release, sizeof release);
  unsigned n = 8;
  n += put_write(mem + n, 300, 5);
  /* a registered flip of a handle that is not open: refused when the interrupt comes */
  uint32_t *cur = mem + n;
  assert_int_equal(agc_driver_set_flip(&cur, 64, 0, (uint32_t)h + 7, 3, 1, 0), 0);
  n += 64;
  assert_int_equal(cp_submit(cp, CP_GFX_QUEUE, MEM_BASE, n), 0);
  assert_true(cp_run_until_idle(cp, 20));
  log_open_file(NULL);
  assert_int_equal(cp_queue_status(cp, CP_GFX_QUEUE), CP_QUEUE_IDLE);
  assert_int_equal(mem[300], 5);
  assert_int_equal(cp_queue_stats(cp, CP_GFX_QUEUE).interrupts, 2);
  assert_int_equal(videoout_is_flip_pending(h), 0);
  assert_int_equal(videoout_label_value(3), 0);
  assert_int_equal(videoout_eop_flip(0x080FFFF0u), VIDEOOUT_ERROR_INVALID_VALUE);

  FILE *f = fopen(path, "r");
  assert_non_null(f);
  char text[8192];
  size_t got = fread(text, 1, sizeof text - 1, f);
  text[got] = 0;
  fclose(f);
  unlink(path);
  if (!strstr(text, "context id 0x080ffff0, which no SetFlip registered"))
    fail_msg("no error for the unknown id in the log:\n%s", text);
  if (!strstr(text, "refused: 0x8029000b")) /* INVALID_HANDLE */
    fail_msg("no error for the refused flip in the log:\n%s", text);
  cp_destroy(cp);
  assert_int_equal(videoout_close(h), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_gpu_flips_paced_like_cpu_flips),
                                     cmocka_unit_test(test_wait_until_safe_for_rendering),
                                     cmocka_unit_test(test_eop_flip_labels),
                                     cmocka_unit_test(test_eop_flip_unknown_id)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
