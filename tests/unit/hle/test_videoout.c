/* Video out's flip pacing, from the host side (no guest): flips queued together are done in
 * submission order, one per vblank at flip rate 0 and every 2 / 3 vblanks at rates 1 / 2 (a
 * vblank missed by a loaded host may add one); a presenter that holds a frame delays the
 * following flips but never the vblanks; the flip queue holds 16 requests, then
 * FLIP_QUEUE_FULL; closing finishes the frame being presented. The expected behaviour is the
 * console's documented one (a flip waits for the vblank and its turn; the flip rate divides
 * the refresh rate). The flip labels (test_flip_labels): the 64-bit word of buffer i at
 * 0xC_800040A0 + i * 8 (the address the console's captured flip sequence uses) is 1 while a
 * flip of the buffer is queued and 0 once none is; the end-of-pipe flips' ids. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "hle/libSceVideoOut/videoout.h"

#define W 16
#define H 8

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static struct videoout_frame seen[64];
static int seen_count;
static bool hold;   /* the presenter keeps the frame until released */
static int hold_at; /* and keeps the HOLD_AT-th frame (from 1; 0: none) until it is 0 again */

static void present(void *ctx, const struct videoout_frame *f) {
  (void)ctx;
  pthread_mutex_lock(&lock);
  if (seen_count < 64) seen[seen_count++] = *f;
  pthread_cond_broadcast(&cond);
  while (hold || (hold_at && seen_count == hold_at)) pthread_cond_wait(&cond, &lock);
  pthread_mutex_unlock(&lock);
}

static void wait_seen(int n) {
  pthread_mutex_lock(&lock);
  while (seen_count < n) pthread_cond_wait(&cond, &lock);
  pthread_mutex_unlock(&lock);
}

static uint32_t pixels[4][W * H];

static int open_with_buffers(void) {
  static const struct videoout_present_ops ops = {.present = present};
  videoout_set_present_ops(&ops);
  seen_count = 0;
  int h = videoout_open(255, 0, 0, NULL);
  assert_int_equal(h, 1);
  struct videoout_buffer_attribute a;
  videoout_set_buffer_attribute(&a, VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                VIDEOOUT_TILING_MODE_LINEAR, 0, W, H, W);
  void *addr[4] = {pixels[0], pixels[1], pixels[2], pixels[3]};
  assert_int_equal(videoout_register_buffers(h, 0, addr, 4, &a), 0);
  return h;
}

static void check_rate(int rate) {
  int h = open_with_buffers();
  assert_int_equal(videoout_set_flip_rate(h, rate), 0);
  assert_int_equal(videoout_wait_vblank(h), 0);
  for (int i = 0; i < 4; i++)
    assert_int_equal(videoout_submit_flip(h, i, VIDEOOUT_FLIP_MODE_VSYNC, 10 + i), 0);
  wait_seen(4);
  int exact = 0;
  for (int i = 0; i < 4; i++) {
    assert_int_equal(seen[i].buffer_index, i); /* submission order */
    assert_int_equal(seen[i].flip_count, (uint64_t)i + 1);
    if (i) {
      uint64_t d = seen[i].vblank_count - seen[i - 1].vblank_count;
      assert_true(d >= (uint64_t)rate + 1);
      exact += d == (uint64_t)rate + 1;
    }
  }
  assert_true(exact >= 2); /* at most one vblank missed by a loaded host */
  struct videoout_flip_status st;
  assert_int_equal(videoout_get_flip_status(h, &st), 0);
  assert_int_equal(st.count, 4);
  assert_int_equal(st.flip_arg, 13);
  assert_int_equal(st.current_buffer, 3);
  assert_int_equal(st.flip_pending_num, 0);
  assert_int_equal(videoout_close(h), 0);
}

static void test_flip_rates(void **state) {
  (void)state;
  check_rate(0);
  check_rate(1);
  check_rate(2);
}

static void test_slow_presenter(void **state) {
  (void)state;
  int h = open_with_buffers();
  pthread_mutex_lock(&lock);
  hold = true;
  pthread_mutex_unlock(&lock);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 0), 0);
  wait_seen(1); /* the presenter now holds flip 1 */
  for (int i = 0; i < VIDEOOUT_FLIP_QUEUE_MAX; i++)
    assert_int_equal(videoout_submit_flip(h, i % 4, VIDEOOUT_FLIP_MODE_VSYNC, i), 0);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 99),
                   VIDEOOUT_ERROR_FLIP_QUEUE_FULL);
  /* vblanks go on while the flips wait */
  struct videoout_vblank_status v0, v1;
  assert_int_equal(videoout_get_vblank_status(h, &v0), 0);
  for (int i = 0; i < 3; i++) assert_int_equal(videoout_wait_vblank(h), 0);
  assert_int_equal(videoout_get_vblank_status(h, &v1), 0);
  assert_true(v1.count >= v0.count + 3);
  assert_int_equal(videoout_is_flip_pending(h), VIDEOOUT_FLIP_QUEUE_MAX);
  pthread_mutex_lock(&lock);
  hold = false;
  pthread_cond_broadcast(&cond);
  pthread_mutex_unlock(&lock);
  wait_seen(1 + VIDEOOUT_FLIP_QUEUE_MAX);
  for (int i = 1; i <= VIDEOOUT_FLIP_QUEUE_MAX; i++)
    assert_int_equal(seen[i].buffer_index, (i - 1) % 4);
  assert_int_equal(videoout_close(h), 0);
  videoout_set_present_ops(NULL);
}

/* RegisterBuffers2 with the PS5 attribute (80 bytes; its fields at the offsets public
 * reimplementations give: tiling 4, width 12, height 16, pitch 20, option 24, pixel format
 * 32, DCC clear colour 40, DCC control 48): the caller's group index, 0 on success; the 64-bit
 * pixel formats map to their 32-bit twins (B8G8R8A8 sRGB = A8R8G8B8_SRGB, R8G8B8A8 sRGB =
 * A8B8G8R8_SRGB); pitch 0 is the width; compressed (DCC) buffers are refused. */
static void test_register_buffers2(void **state) {
  (void)state;
  static const struct videoout_present_ops ops = {.present = present};
  videoout_set_present_ops(&ops);
  seen_count = 0;
  int h = videoout_open(255, 0, 0, NULL);
  assert_int_equal(h, 1);
  struct videoout_buffer_attribute2 a;
  memset(&a, 0xEE, sizeof a);
  videoout_set_buffer_attribute2(&a, VIDEOOUT_PIXEL_FORMAT2_R8G8B8A8_SRGB,
                                 VIDEOOUT_TILING_MODE_LINEAR, W, H, 0, 0, 0);
  const uint8_t *raw = (const uint8_t *)&a;
  uint64_t pf;
  uint32_t u;
  memcpy(&pf, raw + 32, 8);
  assert_true(pf == 0x8000000022000000ull);
  memcpy(&u, raw + 4, 4);
  assert_int_equal(u, VIDEOOUT_TILING_MODE_LINEAR);
  memcpy(&u, raw + 12, 4);
  assert_int_equal(u, W);
  memcpy(&u, raw + 16, 4);
  assert_int_equal(u, H);
  for (size_t i = 48; i < 80; i++) assert_int_equal(raw[i], 0);
  struct videoout_buffers b[2] = {{.data = pixels[0]}, {.data = pixels[1]}};
  assert_int_equal(videoout_register_buffers2(h, 2, 3, b, 2, &a, 0, NULL), 0);
  assert_int_equal(videoout_register_buffers2(h, 2, 5, b, 1, &a, 0, NULL),
                   VIDEOOUT_ERROR_SLOT_OCCUPIED); /* group 2 is taken */
  assert_int_equal(videoout_register_buffers2(h, 4, 5, b, 1, &a, 0, NULL),
                   VIDEOOUT_ERROR_INVALID_VALUE);
  struct videoout_buffers dcc = {.data = pixels[2], .metadata = pixels[3]};
  assert_int_equal(videoout_register_buffers2(h, 1, 5, &dcc, 1, &a, 1, NULL),
                   VIDEOOUT_ERROR_INVALID_VALUE);
  struct videoout_buffer_attribute2 bad = a;
  bad.pixel_format = 0x1234;
  assert_int_equal(videoout_register_buffers2(h, 1, 5, b, 1, &bad, 0, NULL),
                   VIDEOOUT_ERROR_INVALID_PIXEL_FORMAT);
  assert_int_equal(videoout_register_buffers2(h, 1, 5, NULL, 1, &a, 0, NULL),
                   VIDEOOUT_ERROR_INVALID_ADDRESS);
  assert_int_equal(videoout_submit_flip(h, 4, VIDEOOUT_FLIP_MODE_VSYNC, 7), 0);
  wait_seen(1);
  assert_int_equal(seen[0].buffer_index, 4);
  assert_ptr_equal(seen[0].address, pixels[1]);
  assert_int_equal(seen[0].pixel_format, VIDEOOUT_PIXEL_FORMAT_A8B8G8R8_SRGB);
  assert_int_equal(seen[0].pitch_in_pixel, W);
  assert_int_equal(videoout_unregister_buffers(h, 2), VIDEOOUT_ERROR_RESOURCE_BUSY); /* shown */
  assert_int_equal(videoout_close(h), 0);
  videoout_set_present_ops(NULL);
}

/* Every attribute-2 pixel format of the public SDK headers registers (docs/videoout.md: the
 * twelve values SCE_VIDEO_OUT_PIXEL_FORMAT2_*): the frame carries the 64-bit format and the
 * 32-bit format of the same name where the 32-bit API has one (B10G10R10A2_SRGB is
 * A2R10G10B10_SRGB, B16G16R16A16_FLOAT A16R16G16B16_FLOAT, ...), 0 where it has none. A
 * half-float buffer spans 8 bytes a pixel: unmapping its second half forgets it. */
static void test_register_buffers2_formats(void **state) {
  (void)state;
  static const struct {
    uint64_t f2;
    uint32_t f;
  } cases[] = {
      {0x8000000022000000ull, VIDEOOUT_PIXEL_FORMAT_A8B8G8R8_SRGB},
      {0x8000000000000000ull, VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB},
      {0x8100000622000000ull, 0},
      {0x8100000600000000ull, VIDEOOUT_PIXEL_FORMAT_A2R10G10B10},
      {0x8100000022000000ull, 0},
      {0x8100000000000000ull, VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_SRGB},
      {0x8100070422000000ull, 0},
      {0x8100070400000000ull, VIDEOOUT_PIXEL_FORMAT_A2R10G10B10_BT2020_PQ},
      {0xC001000622000000ull, 0},
      {0xC001000600000000ull, VIDEOOUT_PIXEL_FORMAT_A16R16G16B16_FLOAT},
      {0xC001070722000000ull, 0},
      {0xC001070700000000ull, 0},
  };
  static const struct videoout_present_ops ops = {.present = present};
  videoout_set_present_ops(&ops);
  seen_count = 0;
  int h = videoout_open(255, 0, 0, NULL);
  assert_int_equal(h, 1);
  static uint64_t big[W * H]; /* room for 8-byte pixels */
  struct videoout_buffers b = {.data = big};
  struct videoout_buffer_attribute2 a;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    videoout_set_buffer_attribute2(&a, cases[i].f2, VIDEOOUT_TILING_MODE_LINEAR, W, H, 0, 0, 0);
    assert_int_equal(videoout_register_buffers2(h, 0, 0, &b, 1, &a, 0, NULL), 0);
    assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, (int64_t)i), 0);
    wait_seen((int)i + 1);
    assert_true(seen[i].pixel_format2 == cases[i].f2);
    assert_int_equal(seen[i].pixel_format, cases[i].f);
    assert_ptr_equal(seen[i].address, big);
    /* the flip is done once the next vblank comes: then the group may go */
    assert_int_equal(videoout_submit_flip(h, -1, VIDEOOUT_FLIP_MODE_VSYNC, 0), 0);
    wait_seen((int)i + 2); /* the blank flip is done: the buffer is off screen */
    assert_int_equal(videoout_unregister_buffers(h, 0), 0);
    pthread_mutex_lock(&lock);
    seen_count = (int)i + 1; /* the blank frame's entry is reused */
    pthread_mutex_unlock(&lock);
  }
  videoout_set_buffer_attribute2(&a, 0x8100000500000000ull, VIDEOOUT_TILING_MODE_LINEAR, W, H, 0, 0,
                                 0);
  assert_int_equal(videoout_register_buffers2(h, 0, 0, &b, 1, &a, 0, NULL),
                   VIDEOOUT_ERROR_INVALID_PIXEL_FORMAT);
  videoout_set_buffer_attribute2(&a, 0xC001000622000000ull, VIDEOOUT_TILING_MODE_LINEAR, W, H, 0, 0,
                                 0);
  assert_int_equal(videoout_register_buffers2(h, 0, 0, &b, 1, &a, 0, NULL), 0);
  uint64_t half = (uint64_t)(uintptr_t)big + W * H * 4; /* past 4 bytes a pixel */
  assert_int_equal(videoout_forget_range(half, 8), 1);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 0),
                   VIDEOOUT_ERROR_INVALID_INDEX);
  assert_int_equal(videoout_close(h), 0);
  videoout_set_present_ops(NULL);
}

/* The guest unmapped memory holding registered buffers: they leave their slots (a flip of
 * them is INVALID_INDEX), a flip of one already queued shows nothing (a blank flip), the
 * others stay, a group left empty is free again. */
static void test_forget_range(void **state) {
  (void)state;
  int h = open_with_buffers(); /* buffers 0-3 in group 0: pixels[0..3] */
  pthread_mutex_lock(&lock);
  hold = true;
  pthread_mutex_unlock(&lock);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 0), 0);
  wait_seen(1);
  assert_int_equal(videoout_submit_flip(h, 2, VIDEOOUT_FLIP_MODE_VSYNC, 1), 0); /* queued */
  /* unmap the bytes of pixels[1] and pixels[2] (a span covering their last/first dwords) */
  uint64_t lo = (uint64_t)(uintptr_t)&pixels[1][W * H - 1], hi = (uint64_t)(uintptr_t)&pixels[2][1];
  assert_int_equal(videoout_forget_range(lo, hi - lo), 2);
  assert_int_equal(videoout_submit_flip(h, 1, VIDEOOUT_FLIP_MODE_VSYNC, 2),
                   VIDEOOUT_ERROR_INVALID_INDEX);
  assert_int_equal(videoout_submit_flip(h, 3, VIDEOOUT_FLIP_MODE_VSYNC, 3), 0);
  assert_int_equal(videoout_forget_range(lo, 0), 0);
  pthread_mutex_lock(&lock);
  hold = false;
  pthread_cond_broadcast(&cond);
  pthread_mutex_unlock(&lock);
  wait_seen(3);
  assert_int_equal(seen[1].buffer_index, -1); /* the queued flip of buffer 2 */
  assert_null(seen[1].address);
  assert_int_equal(seen[2].buffer_index, 3);
  /* the rest of the group leaves too: the group is free for a new registration */
  for (int tries = 0; tries < 200 && videoout_is_flip_pending(h); tries++) videoout_wait_vblank(h);
  assert_int_equal(videoout_forget_range((uint64_t)(uintptr_t)pixels, sizeof pixels), 2);
  struct videoout_buffer_attribute a;
  videoout_set_buffer_attribute(&a, VIDEOOUT_PIXEL_FORMAT_A8R8G8B8_SRGB,
                                VIDEOOUT_TILING_MODE_LINEAR, 0, W, H, W);
  void *addr[1] = {pixels[0]};
  assert_int_equal(videoout_register_buffers(h, 0, addr, 1, &a), 0); /* group 0 again */
  assert_int_equal(videoout_close(h), 0);
  videoout_set_present_ops(NULL);
}

static void set_hold(bool on, int at) {
  pthread_mutex_lock(&lock);
  hold = on;
  hold_at = at;
  pthread_cond_broadcast(&cond);
  pthread_mutex_unlock(&lock);
}

/* The labels follow the queue: a queued flip (CPU or end-of-pipe) sets its buffer's label,
 * the vblank doing the last queued flip of it clears it (two queued flips of one buffer: 1
 * until the second), a flip turned blank by an unmap clears it, a close clears every label.
 * The page is reached at the console's address (videoout_labels_host). End-of-pipe flips:
 * consecutive ids from the 0x08000101 form, an id never given and one out of the range are
 * refused, a registered flip of a free slot is refused with its label 0. */
static void test_flip_labels(void **state) {
  (void)state;
  int h = open_with_buffers();
  assert_true(videoout_labels_map());
  uint64_t *l0 = videoout_labels_host(0xC800040A0ull, 8);
  uint64_t *l2 = videoout_labels_host(0xC800040B0ull, 8);
  assert_non_null(l0);
  assert_ptr_equal(l2, l0 + 2);
  assert_null(videoout_labels_host(0xC80003FF8ull, 8)); /* outside the page */
  assert_null(videoout_labels_host(0xC80007FFCull, 8));
  assert_int_equal(videoout_label_address(-1), 0xC80004098ull);
  for (int i = -2; i < 16; i++) assert_int_equal(videoout_label_value(i), 0);

  set_hold(true, 0);
  assert_int_equal(videoout_submit_flip(h, 1, VIDEOOUT_FLIP_MODE_VSYNC, 0), 0);
  wait_seen(1); /* buffer 1 on screen, held */
  for (int tries = 0; tries < 200 && videoout_label_value(1) != 0; tries++) videoout_wait_vblank(h);
  assert_int_equal(videoout_label_value(1), 0);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 1), 0);
  assert_int_equal(videoout_submit_flip(h, 2, VIDEOOUT_FLIP_MODE_VSYNC, 2), 0);
  assert_int_equal(videoout_submit_flip(h, 0, VIDEOOUT_FLIP_MODE_VSYNC, 3), 0);
  assert_int_equal(*l0, 1);
  assert_int_equal(*l2, 1);
  assert_int_equal(videoout_label_value(3), 0);
  /* an end-of-pipe flip of buffer 3, and one of a free slot */
  uint32_t id = videoout_register_eop_flip((uint32_t)h, 3, VIDEOOUT_FLIP_MODE_VSYNC, 4);
  uint32_t bad = videoout_register_eop_flip((uint32_t)h, 9, VIDEOOUT_FLIP_MODE_VSYNC, 5);
  assert_true(id >= 0x08000101u && id < 0x08100000u);
  assert_int_equal(bad, id + 1);
  assert_int_equal(videoout_eop_flip(id), 0);
  assert_int_equal(videoout_label_value(3), 1);
  assert_int_equal(videoout_eop_flip(bad), VIDEOOUT_ERROR_INVALID_INDEX);
  assert_int_equal(videoout_label_value(9), 0);
  assert_int_equal(videoout_eop_flip(id + 2), VIDEOOUT_ERROR_INVALID_VALUE); /* never given */
  assert_int_equal(videoout_eop_flip(0x12345u), VIDEOOUT_ERROR_INVALID_VALUE);
  /* the flip ids end below 0x08100000: sceAgcDcbContextStateOp_0100's interrupts
   * (0x08100001 / 0x08100002) are no flip's */
  assert_true(videoout_is_eop_flip_id(0x08000101u));
  assert_true(videoout_is_eop_flip_id(0x080FFFFFu));
  assert_false(videoout_is_eop_flip_id(0x08100001u));
  assert_false(videoout_is_eop_flip_id(0x08100002u));
  /* the unmap of buffer 2 turns its queued flip blank: its label is 0, the blank's 1 */
  assert_int_equal(videoout_forget_range((uint64_t)(uintptr_t)pixels[2], sizeof pixels[2]), 1);
  assert_int_equal(*l2, 0);
  assert_int_equal(videoout_label_value(-1), 1);
  struct videoout_flip_status st;
  assert_int_equal(videoout_get_flip_status(h, &st), 0);
  assert_int_equal(st.flip_pending_num, 4);
  assert_int_equal(st.gc_queue_num, 1);

  set_hold(false, 3); /* flips 0 and the blank; the presenter holds the blank */
  wait_seen(3);       /* so the second flip of buffer 0 is still queued */
  assert_int_equal(seen[1].buffer_index, 0);
  assert_int_equal(*l0, 1);
  set_hold(false, 0); /* then 0 and 3 */
  for (int tries = 0; tries < 200 && videoout_is_flip_pending(h); tries++) videoout_wait_vblank(h);
  assert_int_equal(videoout_is_flip_pending(h), 0);
  for (int i = -2; i < 16; i++) assert_int_equal(videoout_label_value(i), 0);
  wait_seen(5); /* the presenter has the last frame */
  assert_int_equal(seen[2].buffer_index, -1);
  assert_int_equal(seen[4].buffer_index, 3);
  assert_int_equal(videoout_get_flip_status(h, &st), 0);
  assert_int_equal(st.flip_arg, 4);
  assert_int_equal(st.gc_queue_num, 0);

  /* a close clears every label: one left queued behind a held frame */
  set_hold(true, 0);
  assert_int_equal(videoout_submit_flip(h, 1, VIDEOOUT_FLIP_MODE_VSYNC, 6), 0);
  wait_seen(6);
  assert_int_equal(videoout_submit_flip(h, 3, VIDEOOUT_FLIP_MODE_VSYNC, 7), 0);
  assert_int_equal(videoout_label_value(3), 1);
  set_hold(false, 0);
  assert_int_equal(videoout_close(h), 0);
  assert_int_equal(videoout_label_value(3), 0);
  videoout_set_present_ops(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_flip_rates),        cmocka_unit_test(test_slow_presenter),
      cmocka_unit_test(test_register_buffers2), cmocka_unit_test(test_register_buffers2_formats),
      cmocka_unit_test(test_forget_range),      cmocka_unit_test(test_flip_labels)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
