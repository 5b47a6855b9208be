/* libSceAgcDriver's submissions and GPU events (agc_driver.h). */
#include "hle/libSceAgcDriver/agc_driver.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>

#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "kernel/equeue.h"
#include "kernel/kernel_errno.h"

/* Event ids: 0 the graphics queue, ACB_QUEUE_FIRST + n compute queue n (its queue id). */
#define EVENT_IDS ((int)AGC_DRIVER_ACB_QUEUE_END)

static pthread_mutex_t driver_lock = PTHREAD_MUTEX_INITIALIZER;
static struct agc_driver_ops driver_ops;
static struct equeue_source *sources[EVENT_IDS];

void agc_driver_set_ops(const struct agc_driver_ops *ops) {
  pthread_mutex_lock(&driver_lock);
  driver_ops = ops ? *ops : (struct agc_driver_ops){0};
  pthread_mutex_unlock(&driver_lock);
}

static int submit_result(int r) {
  switch (r) {
    case 0: return 0;
    case -EFAULT: return AGC_DRIVER_ERROR_EFAULT; /* the op's results are host errnos */
    case -EAGAIN: return AGC_DRIVER_ERROR_EAGAIN;
    case -EPIPE: return AGC_DRIVER_ERROR_EPIPE;
    default: return AGC_DRIVER_ERROR_EINVAL;
  }
}

/* Queues one buffer; 0 or an error code. */
static int submit(unsigned queue, const uint32_t *addr, uint32_t dwords, const char *fn) {
  pthread_mutex_lock(&driver_lock);
  struct agc_driver_ops ops = driver_ops;
  pthread_mutex_unlock(&driver_lock);
  if (!ops.submit) {
    LOG_ONCE(hle, ERROR, "%s: no GPU command processor is attached", fn);
    return AGC_DRIVER_ERROR_ENODEV;
  }
  int r = ops.submit(ops.ctx, queue, (uint64_t)(uintptr_t)addr, dwords);
  if (r != 0)
    LOG(hle, WARN, "%s: submission of %u dwords at %p to queue %u failed (%d)", fn, dwords,
        (const void *)addr, queue, r);
  return submit_result(r);
}

int agc_driver_submit_dcb(const struct agc_driver_submit *packet) {
  if (!packet) return AGC_DRIVER_ERROR_EINVAL;
  if (!packet->addr || packet->dwords == 0) return 0; /* an empty submission: nothing to run */
  return submit(AGC_DRIVER_GFX_QUEUE, packet->addr, packet->dwords, "sceAgcDriverSubmitDcb");
}

/* Checks every entry, then queues them in order on QUEUE (NULL addresses skipped). */
static int submit_multi(unsigned queue, const uint32_t *const *addrs, const uint32_t *dwords,
                        uint32_t count, const char *fn) {
  if (count == 0) return 0;
  if (!addrs || !dwords) return AGC_DRIVER_ERROR_EINVAL;
  for (uint32_t i = 0; i < count; i++) /* checked whole before any is queued */
    if (addrs[i] && dwords[i] == 0) return AGC_DRIVER_ERROR_EINVAL;
  for (uint32_t i = 0; i < count; i++) {
    if (!addrs[i]) continue;
    int r = submit(queue, addrs[i], dwords[i], fn);
    if (r) return r;
  }
  return 0;
}

int agc_driver_submit_multi_dcbs(const uint32_t *const *addrs, const uint32_t *dwords,
                                 uint32_t count) {
  return submit_multi(AGC_DRIVER_GFX_QUEUE, addrs, dwords, count, "sceAgcDriverSubmitMultiDcbs");
}

/* The command processor's queue of ACB queue id QUEUE (0x20 + pipe * 8 + queue). */
static unsigned acb_queue(uint32_t queue) { return 1u + (queue - AGC_DRIVER_ACB_QUEUE_FIRST); }

int agc_driver_submit_acb(uint32_t queue, const struct agc_driver_submit *packet) {
  if (queue < AGC_DRIVER_ACB_QUEUE_FIRST || queue >= AGC_DRIVER_ACB_QUEUE_END || !packet)
    return AGC_DRIVER_ERROR_EINVAL;
  if (!packet->addr || packet->dwords == 0) return 0;
  return submit(acb_queue(queue), packet->addr, packet->dwords, "sceAgcDriverSubmitAcb");
}

int agc_driver_submit_multi_acbs(uint32_t queue, const uint32_t *const *addrs,
                                 const uint32_t *dwords, uint32_t count) {
  if (queue < AGC_DRIVER_ACB_QUEUE_FIRST || queue >= AGC_DRIVER_ACB_QUEUE_END)
    return AGC_DRIVER_ERROR_EINVAL;
  return submit_multi(acb_queue(queue), addrs, dwords, count, "sceAgcDriverSubmitMultiAcbs");
}

/* The command processor queue the buffers of QUEUE (a CreateQueue object) run on: its own,
 * or the graphics queue for an object CreateQueue did not make (logged once). */
static unsigned command_buffer_queue(const void *queue, const char *fn) {
  int q = agc_driver_queue_of(queue);
  if (q >= 0) return (unsigned)q;
  LOG_ONCE(hle, WARN,
           "%s: %p is not a queue sceAgcDriverCreateQueue made: the buffers go to the graphics "
           "queue",
           fn, queue);
  return AGC_DRIVER_GFX_QUEUE;
}

int agc_driver_submit_command_buffer(const void *queue, const struct agc_driver_submit *packet) {
  unsigned q = command_buffer_queue(queue, "sceAgcDriverSubmitCommandBuffer");
  if (!packet) return AGC_DRIVER_ERROR_EINVAL;
  if (!packet->addr || packet->dwords == 0) return 0;
  return submit(q, packet->addr, packet->dwords, "sceAgcDriverSubmitCommandBuffer");
}

int agc_driver_submit_multi_command_buffers(const void *queue, const uint32_t *const *addrs,
                                            const uint32_t *dwords, uint32_t count) {
  unsigned q = command_buffer_queue(queue, "sceAgcDriverSubmitMultiCommandBuffers");
  return submit_multi(q, addrs, dwords, count, "sceAgcDriverSubmitMultiCommandBuffers");
}

uint32_t agc_driver_get_wait_rendering_packet_size_in_dwords(void) {
  return AGC_DRIVER_WAIT_RENDERING_DWORDS;
}

/* A PM4 type-3 header: BODY dwords after it. */
static uint32_t pkt3(unsigned opcode, unsigned sub, uint32_t body) {
  return 0xC0000000u | ((body - 1u) & 0x3fffu) << 16 | opcode << 8 | sub << 2;
}

/* The console's packet (mihawk-99/PS5_Vulkan golden/b4/b4-marker-1.json, c1/c1-present-1.json
 * and -3, c1-clear/c1-clear-1.json: handles 0x4E100100 and 0x4E100200, buffers 0 and 1):
 *   0  SET_UCONFIG_REG (header bit 2 set) of 0x342: tag 0xCB000000 | index
 *   3  WAIT_REG_MEM64 (9) until the kernel's flip label of the buffer (0xC_800040A0 + index * 8)
 *      is 0: ours is the WAIT_FLIP_DONE driver packet (7) and a NOP (2)
 *  12  SET_UCONFIG_REG of 0x342: tag 0xCB000020 | index
 *  15  NOP over the rest (17 dwords of 32) */
#define WAIT_AT 3u          /* where the console's WAIT_REG_MEM64 starts */
#define WAIT_END_TAG_AT 12u /* the closing tag */
#define WAIT_NOP_AT 15u     /* the NOP over the rest */

static void write_tag(uint32_t *p, uint32_t tag) {
  p[0] = pkt3(PM4_SET_UCONFIG_REG, 1, 2);
  p[1] = 0x342u;
  p[2] = tag;
}

int agc_driver_wait_until_safe_for_rendering(uint32_t **cmd, uint32_t dwords, uint32_t reserved,
                                             uint32_t handle, int32_t index) {
  /* the NOP over the rest has at most 0x4000 body dwords */
  if (!cmd || !*cmd || dwords < AGC_DRIVER_WAIT_RENDERING_DWORDS ||
      dwords > WAIT_NOP_AT + 1u + 0x4000u || reserved != 0 || index < 0 || index > 15) {
    LOG(hle, GAME_ERROR,
        "sceAgcDriverWaitUntilSafeForRendering: refused (cursor %p, %u dwords, reserved %u, "
        "buffer %d; %u dwords, reserved 0 and a buffer 0-15 expected)",
        (void *)cmd, dwords, reserved, index, AGC_DRIVER_WAIT_RENDERING_DWORDS);
    return AGC_DRIVER_ERROR_EINVAL;
  }
  LOG_ONCE(hle, STUB,
           "sceAgcDriverWaitUntilSafeForRendering: the WAIT_FLIP_DONE driver packet stands for "
           "the console's WAIT_REG_MEM64 on the kernel's flip label (docs/agc.md)");
  uint32_t *p = *cmd;
  for (uint32_t i = 0; i < dwords; i++) p[i] = 0;
  write_tag(p, 0xCB000000u | (uint32_t)index);
  uint32_t *w = p + WAIT_AT;
  w[0] = pkt3(PM4_NOP, PM4_DRV_WAIT_FLIP_DONE, AGC_DRIVER_WAIT_FLIP_DONE_DWORDS - 1);
  w[1] = handle;
  w[2] = (uint32_t)index;
  w[AGC_DRIVER_WAIT_FLIP_DONE_DWORDS] = pkt3(PM4_NOP, 0, 1); /* to the console's 9 dwords */
  write_tag(p + WAIT_END_TAG_AT, 0xCB000020u | (uint32_t)index);
  p[WAIT_NOP_AT] = pkt3(PM4_NOP, 0, dwords - WAIT_NOP_AT - 1);
  *cmd = p + dwords;
  return 0;
}

uint32_t agc_driver_get_set_flip_packet_size_in_dwords(void) { return AGC_DRIVER_SET_FLIP_DWORDS; }

/* The console's flip sequence, as sceAgcDcbSetFlip (which calls this function with a third
 * argument of 0, in one public reading of the two libraries) was captured writing it
 * (mihawk-99/PS5_Vulkan golden/c1/c1-present-2.json, -4.json and b4/m2-solid-1.json: handle
 * 0x4E100200, mode 1, buffers 0 and 1; the RELEASE_MEM's context id differs per flip):
 *   0  SET_UCONFIG_REG (header bit 2 set) of 0x342-0x343: tag 0xC7010101 | index << 3, 0
 *   4  WRITE_DATA (header bit 2 set) to register 0xC343, control 0x06010000 (a register, one
 *      address, cache policy 3): argument lo, hi
 *  10  RELEASE_MEM (8) of the kernel's flip label, 1 and an interrupt: ours is the FLIP
 *      driver packet (6) and a NOP (2)
 *  18  NOP over the rest (46 dwords of 64) */
#define FLIP_AT 10u /* where the console's RELEASE_MEM starts */
#define FLIP_NOP_AT 18u

int agc_driver_set_flip(uint32_t **cmd, uint32_t dwords, uint32_t reserved, uint32_t handle,
                        int32_t index, uint32_t mode, int64_t arg) {
  (void)reserved; /* the console's third argument (0 from sceAgcDcbSetFlip); not known */
  if (index < -2 || index > 15) return AGC_DRIVER_ERROR_INVALID_INDEX;
  if (!cmd || !*cmd || dwords < AGC_DRIVER_SET_FLIP_DWORDS || dwords > FLIP_NOP_AT + 1u + 0x4000u) {
    LOG(hle, GAME_ERROR, "sceAgcDriverSetFlip: refused (cursor %p, %u dwords; %u or more expected)",
        (void *)cmd, dwords, AGC_DRIVER_SET_FLIP_DWORDS);
    return AGC_DRIVER_ERROR_EINVAL;
  }
  LOG_ONCE(hle, STUB,
           "sceAgc*SetFlip: the FLIP driver packet stands for the console's RELEASE_MEM of the "
           "kernel's flip label; the tag is measured for flip mode 1 only (docs/agc.md)");
  uint32_t *p = *cmd;
  for (uint32_t i = 0; i < dwords; i++) p[i] = 0;
  p[0] = pkt3(PM4_SET_UCONFIG_REG, 1, 3);
  p[1] = 0x342u;
  p[2] = 0xC7010101u | ((uint32_t)index & 0x1Fu) << 3;
  p[4] = pkt3(PM4_WRITE_DATA, 1, 5);
  p[5] = 0x06010000u;
  p[6] = 0xC343u;
  p[8] = (uint32_t)(uint64_t)arg;
  p[9] = (uint32_t)((uint64_t)arg >> 32);
  uint32_t *f = p + FLIP_AT;
  f[0] = pkt3(PM4_NOP, PM4_DRV_FLIP, AGC_DRIVER_FLIP_DWORDS - 1);
  f[1] = handle;
  f[2] = (uint32_t)index;
  f[3] = mode;
  f[4] = (uint32_t)(uint64_t)arg;
  f[5] = (uint32_t)((uint64_t)arg >> 32);
  f[AGC_DRIVER_FLIP_DWORDS] = pkt3(PM4_NOP, 0, 1); /* to the console's 8 dwords */
  p[FLIP_NOP_AT] = pkt3(PM4_NOP, 0, dwords - FLIP_NOP_AT - 1);
  *cmd = p + dwords;
  return 0;
}

int agc_driver_resource_registration_not_supported(void) {
  return AGC_DRIVER_ERROR_RESOURCE_REGISTRATION_NOT_SUPPORTED;
}

/* Event data: the number of interrupts since the guest last collected the event. */
static int64_t count_posts(int64_t current, int64_t posted, void *ctx) {
  (void)posted;
  (void)ctx;
  return current + 1;
}

int agc_driver_add_eq_event(uint64_t eq, int32_t id, void *udata) {
  if (id < 0 || id >= EVENT_IDS) return AGC_DRIVER_ERROR_EINVAL;
  pthread_mutex_lock(&driver_lock);
  if (!sources[id]) {
    struct equeue_source_desc d = {
        .filter = EQUEUE_FILTER_GRAPHICS, .ident = (uint64_t)id, .merge = count_posts};
    sources[id] = equeue_source_create(&d);
  }
  struct equeue_source *s = sources[id];
  pthread_mutex_unlock(&driver_lock);
  if (!s) return AGC_DRIVER_ERROR_EAGAIN;
  if (id != AGC_DRIVER_EVENT_GFX_EOP && id < (int32_t)AGC_DRIVER_ACB_QUEUE_FIRST)
    LOG_ONCE(hle, WARN,
             "sceAgcDriverAddEqEvent: event id %d is accepted but never posted (ids 0 and "
             "0x20-0x57, the queues' end of pipe, are)",
             id);
  int r = equeue_source_attach(s, eq, (uint64_t)(uintptr_t)udata, EQUEUE_EV_CLEAR);
  if (r == -KERNEL_EBADF) return AGC_DRIVER_ERROR_EBADF;
  return r < 0 ? AGC_DRIVER_ERROR_EAGAIN : 0;
}

int agc_driver_delete_eq_event(uint64_t eq, int32_t id) {
  if (id < 0 || id >= EVENT_IDS) return AGC_DRIVER_ERROR_EINVAL;
  pthread_mutex_lock(&driver_lock);
  struct equeue_source *s = sources[id];
  pthread_mutex_unlock(&driver_lock);
  if (!s) return AGC_DRIVER_ERROR_ENOENT;
  int r = equeue_source_detach(s, eq);
  if (r == -KERNEL_EBADF) return AGC_DRIVER_ERROR_EBADF;
  return r < 0 ? AGC_DRIVER_ERROR_ENOENT : 0;
}

void agc_driver_interrupt(unsigned queue, unsigned event, uint64_t data) {
  (void)event;
  (void)data;
  /* the graphics queue posts id 0, compute queue n (1..56) its ACB queue id */
  unsigned id = queue == AGC_DRIVER_GFX_QUEUE ? AGC_DRIVER_EVENT_GFX_EOP
                                              : AGC_DRIVER_ACB_QUEUE_FIRST + (queue - 1);
  if (id >= (unsigned)EVENT_IDS) return;
  pthread_mutex_lock(&driver_lock);
  struct equeue_source *s = sources[id];
  pthread_mutex_unlock(&driver_lock);
  if (s) equeue_source_post(s, 0, 1);
}

void agc_driver_reset(void) {
  pthread_mutex_lock(&driver_lock);
  for (int i = 0; i < EVENT_IDS; i++) {
    if (sources[i]) equeue_source_destroy(sources[i]);
    sources[i] = NULL;
  }
  pthread_mutex_unlock(&driver_lock);
}
