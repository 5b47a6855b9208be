/* libSceAgcDriver (src/hle/libSceAgcDriver): sceAgcDriverWaitUntilSafeForRendering's packet
 * (the console's 32 dwords as captured: a WAIT_REG_MEM64 on the buffer's flip label between
 * two tags), sceAgcDriverSetFlip's 64 dwords (the console's, with a RELEASE_MEM of the flip
 * label and the context id video out gave the flip), submission through
 * SubmitCommandBuffer(s), the queue objects of sceAgcDriverCreateQueue (hardware measurements
 * of CreateQueue(type, &queue, 0): 0 and a pointer to an object beginning 0x38, type,
 * 0x00020000, 0) and the retail library's resource registration (each entry point returns
 * 0x8A6C9018 and writes nothing, as measured on the console). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "hle/libSceAgcDriver/agc_driver.h"
#include "kernel/equeue.h"
#include "agc_submit_recorder.h"

/* The console's packet for (handle 0x4E100200, buffer 1) as captured in mihawk-99/PS5_Vulkan
 * golden/c1/c1-present-3.json (buffer 0: c1-present-1.json, b4/b4-marker-1.json with handle
 * 0x4E100100, c1-clear/c1-clear-1.json): the tag, WAIT_REG_MEM64 (0xC0079300 06000113) until
 * the 64 bits at the kernel's flip label 0xC_800040A8 are 0 (mask all ones, poll interval
 * 0x40), the closing tag, a NOP of 17 dwords. */
static const uint32_t console_wait_buffer1[32] = {
    0xC0017904u, 0x342u,      0xCB000001u, 0xC0079300u, 0x06000113u, 0x800040A8u, 0xCu,       0, 0,
    0xFFFFFFFFu, 0xFFFFFFFFu, 0x40u,       0xC0017904u, 0x342u,      0xCB000021u, 0xC00F1000u};

static void test_wait_until_safe_for_rendering(void **state) {
  (void)state;
  assert_int_equal(agc_driver_get_wait_rendering_packet_size_in_dwords(), 32);
  uint32_t buf[40];
  memset(buf, 0xAB, sizeof buf);
  uint32_t *cur = buf;
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, 32, 0, 0x4E100200u, 1), 0);
  assert_ptr_equal(cur, buf + 32);
  for (int i = 0; i < 32; i++)
    if (buf[i] != console_wait_buffer1[i])
      fail_msg("dword %d: 0x%08x, expected 0x%08x", i, buf[i], console_wait_buffer1[i]);
  assert_int_equal(buf[32], 0xABABABABu); /* nothing past the packet */

  /* buffer 3 of a larger reservation: the tags carry the buffer, the NOP covers the rest */
  memset(buf, 0xAB, sizeof buf);
  cur = buf;
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, 36, 0, 1, 3), 0);
  assert_ptr_equal(cur, buf + 36);
  assert_int_equal(buf[2], 0xCB000003u);
  assert_int_equal(buf[5], 0x800040B8u); /* buffer 3's label */
  assert_int_equal(buf[14], 0xCB000023u);
  assert_int_equal(buf[15], 0xC0131000u); /* NOP of 21 dwords */
  for (int i = 16; i < 36; i++) assert_int_equal(buf[i], 0);
  assert_int_equal(buf[36], 0xABABABABu);

  /* refused: too small, reserved not 0, a buffer outside 0..15, no cursor; nothing written */
  memset(buf, 0xAB, sizeof buf);
  cur = buf;
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, 31, 0, 1, 0),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, 32, 1, 1, 0),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, 32, 0, 1, 16),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&cur, 32, 0, 1, -1),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(NULL, 32, 0, 1, 0),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_ptr_equal(cur, buf);
  assert_int_equal(buf[0], 0xABABABABu);
  uint32_t *null_cur = NULL;
  assert_int_equal(agc_driver_wait_until_safe_for_rendering(&null_cur, 32, 0, 1, 0),
                   AGC_DRIVER_ERROR_EINVAL);
}

static void test_submit_command_buffer(void **state) {
  (void)state;
  memset(&subs, 0, sizeof subs);
  const struct agc_driver_ops ops = {.submit = fake_submit};
  agc_driver_set_ops(&ops);
  static uint32_t a[4], b[8];
  int queue_object = 0; /* whatever CreateQueue made: not read */
  struct agc_driver_submit p = {.addr = a, .dwords = 4};
  assert_int_equal(agc_driver_submit_command_buffer(&queue_object, &p), 0);
  assert_int_equal(subs.n, 1);
  assert_int_equal(subs.queue[0], AGC_DRIVER_GFX_QUEUE);
  assert_int_equal(subs.addr[0], (uint64_t)(uintptr_t)a);
  assert_int_equal(subs.dwords[0], 4);
  assert_int_equal(agc_driver_submit_command_buffer(&queue_object, NULL), AGC_DRIVER_ERROR_EINVAL);
  struct agc_driver_submit empty = {0};
  assert_int_equal(agc_driver_submit_command_buffer(&queue_object, &empty), 0);
  assert_int_equal(subs.n, 1);

  const uint32_t *addrs[3] = {a, NULL, b};
  uint32_t dwords[3] = {4, 0, 8};
  assert_int_equal(agc_driver_submit_multi_command_buffers(&queue_object, addrs, dwords, 3), 0);
  assert_int_equal(subs.n, 3); /* the NULL entry skipped */
  assert_int_equal(subs.addr[2], (uint64_t)(uintptr_t)b);
  assert_int_equal(subs.dwords[2], 8);
  dwords[2] = 0; /* an address with 0 dwords: refused before anything is queued */
  assert_int_equal(agc_driver_submit_multi_command_buffers(&queue_object, addrs, dwords, 3),
                   AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(subs.n, 3);
  agc_driver_set_ops(NULL);
}

/* CreateQueue: the measured object header; a type-0 queue runs its buffers on the graphics
 * queue, a type-3 one on a compute queue of its own (two type-3 queues: two queues), whose
 * SubmitMultiCommandBuffers go there too. DestroyQueue answers 0x8A6D0003 for a queue
 * CreateQueue made, the console's answer for every queue measured (obSCEne's checks
 * 166-agc/driver-create-queue and driver-queue-types, as the Orbistoun project records them),
 * and the queue stays usable; another object is refused (EINVAL, ours). */
static void test_create_queue(void **state) {
  (void)state;
  agc_driver_queues_reset();
  memset(&subs, 0, sizeof subs);
  const struct agc_driver_ops ops = {.submit = fake_submit};
  agc_driver_set_ops(&ops);
  void *gfx = NULL, *c1 = NULL, *c2 = NULL;
  assert_int_equal(agc_driver_create_queue(0, &gfx, 0), 0);
  assert_non_null(gfx);
  const uint32_t *h = gfx;
  assert_int_equal(h[0], 0x38);
  assert_int_equal(h[1], 0);
  assert_int_equal(h[2], 0x00020000u);
  assert_int_equal(h[3], 0);
  assert_int_equal(agc_driver_create_queue(3, &c1, 0), 0);
  assert_int_equal(((const uint32_t *)c1)[1], 3);
  assert_int_equal(agc_driver_create_queue(3, &c2, 0), 0);
  assert_ptr_not_equal(c1, c2);
  assert_int_equal(agc_driver_queue_of(gfx), AGC_DRIVER_GFX_QUEUE);
  int q1 = agc_driver_queue_of(c1), q2 = agc_driver_queue_of(c2);
  assert_true(q1 >= 1 && q1 <= 56 && q2 >= 1 && q2 <= 56 && q1 != q2);
  assert_int_equal(agc_driver_create_queue(0, NULL, 0), AGC_DRIVER_ERROR_EINVAL);

  static uint32_t a[4];
  struct agc_driver_submit p = {.addr = a, .dwords = 4};
  assert_int_equal(agc_driver_submit_command_buffer(gfx, &p), 0);
  assert_int_equal(agc_driver_submit_command_buffer(c1, &p), 0);
  const uint32_t *addrs[1] = {a};
  uint32_t dwords[1] = {4};
  assert_int_equal(agc_driver_submit_multi_command_buffers(c2, addrs, dwords, 1), 0);
  assert_int_equal(subs.n, 3);
  assert_int_equal(subs.queue[0], AGC_DRIVER_GFX_QUEUE);
  assert_int_equal(subs.queue[1], (unsigned)q1);
  assert_int_equal(subs.queue[2], (unsigned)q2);

  assert_int_equal(agc_driver_destroy_queue(c1), (int)0x8A6D0003u);
  assert_int_equal(agc_driver_destroy_queue(c1), (int)0x8A6D0003u);
  assert_int_equal(agc_driver_destroy_queue(gfx), (int)0x8A6D0003u);
  assert_int_equal(agc_driver_destroy_queue(&p), AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_destroy_queue(NULL), AGC_DRIVER_ERROR_EINVAL);
  assert_int_equal(agc_driver_queue_of(c1), q1); /* kept */
  assert_int_equal(agc_driver_submit_command_buffer(c1, &p), 0);
  assert_int_equal(subs.queue[3], (unsigned)q1);
  /* a new queue gets another compute queue */
  void *c3 = NULL;
  assert_int_equal(agc_driver_create_queue(1, &c3, 0), 0);
  int q3 = agc_driver_queue_of(c3);
  assert_true(q3 >= 1 && q3 <= 56 && q3 != q1 && q3 != q2);
  agc_driver_set_ops(NULL);
  agc_driver_queues_reset();
}

/* sceAgcDriverSetFlip (cursor, dwords, ?, handle, index, mode, argument): 64 dwords as the
 * console's GetSetFlipPacketSizeInDwords says, as the console's sceAgcDcbSetFlip (the driver
 * function with a third argument of 0) was captured writing them for (0x4E100200, buffer 1,
 * mode 1, 0x5053564C) in mihawk-99/PS5_Vulkan golden/c1/c1-present-4.json: dwords 10-17 the
 * RELEASE_MEM of the kernel's flip label 0xC_800040A8 with data 1 and an interrupt, its
 * context id (0x08000103 in that capture) one that video out registered for the flip; indices
 * outside -2..15 are video out's INVALID_INDEX (0x8029000A), as the console's function
 * returns. */
static void test_set_flip(void **state) {
  (void)state;
  assert_int_equal(agc_driver_get_set_flip_packet_size_in_dwords(), 64);
  const uint32_t console[64] = {0xC0027904u, 0x342u,      0xC7010109u, 0,           0xC0043704u,
                                0x06010000u, 0xC343u,     0,           0x5053564Cu, 0,
                                0xC0064900u, 0x06200504u, 0x42010000u, 0x800040A8u, 0xCu,
                                1u,          0,           0x08000103u, 0xC02C1000u};
  uint32_t buf[70];
  memset(buf, 0xAB, sizeof buf);
  uint32_t *cur = buf;
  assert_int_equal(agc_driver_set_flip(&cur, 64, 0, 0x4E100200u, 1, 1, 0x5053564C), 0);
  assert_ptr_equal(cur, buf + 64);
  for (int i = 0; i < 64; i++)
    if (i != 17 && buf[i] != console[i])
      fail_msg("dword %d: 0x%08x, expected 0x%08x", i, buf[i], console[i]);
  const uint32_t id = buf[17]; /* a flip id: 0x08000100 + n, 28 bits */
  assert_true(id >= 0x08000101u && id < 0x10000000u);
  assert_int_equal(buf[64], 0xABABABABu);
  /* a larger reservation: the closing NOP covers it; the argument's high half; the next
     flip's id follows */
  memset(buf, 0xAB, sizeof buf);
  cur = buf;
  assert_int_equal(agc_driver_set_flip(&cur, 66, 0, 1, 3, 1, 0x123456789ALL), 0);
  assert_ptr_equal(cur, buf + 66);
  assert_int_equal(buf[9], 0x12u);
  assert_int_equal(buf[13], 0x800040B8u); /* buffer 3's label */
  assert_int_equal(buf[17], id + 1);
  assert_int_equal(buf[18], 0xC02E1000u); /* NOP of 48 dwords */
  assert_int_equal(buf[66], 0xABABABABu);
  cur = buf;
  assert_int_equal(agc_driver_set_flip(&cur, 64, 0, 1, -1, 1, 0), 0); /* blank: label - 8 */
  assert_int_equal(buf[13], 0x80004098u);
  assert_int_equal(buf[14], 0xCu);
  cur = buf;
  assert_int_equal((uint32_t)agc_driver_set_flip(&cur, 64, 0, 1, 16, 1, 0), 0x8029000Au);
  assert_int_equal((uint32_t)agc_driver_set_flip(&cur, 64, 0, 1, -3, 1, 0), 0x8029000Au);
  assert_int_equal(agc_driver_set_flip(&cur, 63, 0, 1, 0, 1, 0), AGC_DRIVER_ERROR_EINVAL);
  assert_ptr_equal(cur, buf);
}

static void test_resource_registration(void **state) {
  (void)state;
  assert_int_equal((uint32_t)agc_driver_resource_registration_not_supported(), 0x8A6C9018u);
  /* SdmaCopyLinearBlocking: 0x8A6D0001, the constant the retail code returns on firmware 12.02
     (mpereiraesaa/ps5-homebrew-lab research/gpu/AGC_QUEUE_SUBMIT.md) */
  assert_int_equal((uint32_t)agc_driver_sdma_copy_linear_blocking(), 0x8A6D0001u);
  /* no capture, trace or validation here; a game that runs is not closed; the retail build's
     SysSubmitFlipHandleProxy / UserDataImmediateWrite return 0 */
  assert_int_equal(agc_driver_no_capture_trace_or_validation(), 0);
  assert_int_equal(agc_driver_game_not_closed(), 0);
  assert_int_equal(agc_driver_returns_zero(), 0);
}

/* An interrupting release posts one GRAPHICS event to each queue registered for it: ident the
 * id, filter -14, flags 0x20 (EV_CLEAR), fflags 0, data context id << 16 | 0xFF00, udata the
 * registration's (measured on the console: obSCEne's check 166-agc/driver-add-eq-event, the
 * 32-byte kevent for context 0x101 as the Orbistoun project records it: data 0x0101FF00). */
static void test_interrupt_event(void **state) {
  (void)state;
  assert_int_equal(agc_driver_event_data(0x101), 0x0101FF00);
  assert_int_equal(agc_driver_event_data(0), 0xFF00);
  assert_int_equal(agc_driver_event_data(0x08000101u), 0x08000101FF00ll);
  uint64_t eq = 0;
  assert_int_equal(equeue_create("agc eop", &eq), 0);
  static int tag;
  assert_int_equal(agc_driver_add_eq_event(eq, AGC_DRIVER_EVENT_GFX_EOP, &tag), 0);
  agc_driver_interrupt(AGC_DRIVER_GFX_QUEUE, 0x28, 1, 0x101);
  struct equeue_event ev[2];
  int got = 0;
  assert_int_equal(equeue_wait(eq, ev, 2, 0, &got), 0);
  assert_int_equal(got, 1);
  assert_int_equal(ev[0].ident, 0);
  assert_int_equal(ev[0].filter, -14);
  assert_int_equal(ev[0].flags, 0x20);
  assert_int_equal(ev[0].fflags, 0);
  assert_int_equal(ev[0].data, 0x0101FF00);
  assert_ptr_equal((void *)(uintptr_t)ev[0].udata, &tag);
  /* two interrupts before the guest collects: the later one's data (our reading) */
  agc_driver_interrupt(AGC_DRIVER_GFX_QUEUE, 0x28, 1, 0x08000102u);
  agc_driver_interrupt(AGC_DRIVER_GFX_QUEUE, 0x28, 1, 0);
  assert_int_equal(equeue_wait(eq, ev, 2, 0, &got), 0);
  assert_int_equal(got, 1);
  assert_int_equal(ev[0].data, 0xFF00);
  /* a compute queue's interrupt goes to its own id, not to this registration */
  agc_driver_interrupt(1, 0x28, 1, 0x101);
  assert_int_not_equal(equeue_wait(eq, ev, 2, 0, &got), 0);
  assert_int_equal(agc_driver_delete_eq_event(eq, AGC_DRIVER_EVENT_GFX_EOP), 0);
  assert_int_equal(equeue_delete(eq), 0);
  agc_driver_reset();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_interrupt_event),
      cmocka_unit_test(test_wait_until_safe_for_rendering),
      cmocka_unit_test(test_submit_command_buffer),
      cmocka_unit_test(test_create_queue),
      cmocka_unit_test(test_set_flip),
      cmocka_unit_test(test_resource_registration),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
