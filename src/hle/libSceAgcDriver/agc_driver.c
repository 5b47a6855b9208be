/* libSceAgcDriver's submissions and GPU events (agc_driver.h). */
#include "hle/libSceAgcDriver/agc_driver.h"

#include <errno.h>
#include <pthread.h>
#include <stddef.h>

#include "common/log.h"
#include "gpu/cp/pm4.h"
#include "hle/libSceVideoOut/videoout.h"
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
 * and -3, c1-clear/c1-clear-1.json: handles 0x4E100100 and 0x4E100200, buffers 0 and 1; the
 * handle changes no word):
 *   0  SET_UCONFIG_REG (header bit 2 set) of 0x342: tag 0xCB000000 | index
 *   3  WAIT_REG_MEM64 (9): control 0x06000113 (function 3 "equal", memory, the PFP, cache
 *      policy 3) until the 64 bits of the buffer's flip label (video out's page,
 *      0xC_800040A0 + index * 8) & all ones are 0, poll interval 0x40
 *  12  SET_UCONFIG_REG of 0x342: tag 0xCB000020 | index
 *  15  NOP over the rest (17 dwords of 32) */
#define WAIT_AT 3u          /* where the WAIT_REG_MEM64 starts */
#define WAIT_END_TAG_AT 12u /* the closing tag */
#define WAIT_NOP_AT 15u     /* the NOP over the rest */
#define WAIT_CONTROL 0x06000113u
#define WAIT_POLL_INTERVAL 0x40u

static void write_tag(uint32_t *p, uint32_t tag) {
  p[0] = pkt3(PM4_SET_UCONFIG_REG, 1, 2);
  p[1] = 0x342u;
  p[2] = tag;
}

int agc_driver_wait_until_safe_for_rendering(uint32_t **cmd, uint32_t dwords, uint32_t reserved,
                                             uint32_t handle, int32_t index) {
  (void)handle; /* the console's words do not hold it: one label page for every port */
  /* the NOP over the rest has at most 0x4000 body dwords */
  if (!cmd || !*cmd || dwords < AGC_DRIVER_WAIT_RENDERING_DWORDS ||
      dwords > WAIT_NOP_AT + 1u + 0x4000u || reserved != 0 || index < 0 || index > 15) {
    LOG(hle, GAME_ERROR,
        "sceAgcDriverWaitUntilSafeForRendering: refused (cursor %p, %u dwords, reserved %u, "
        "buffer %d; %u dwords, reserved 0 and a buffer 0-15 expected)",
        (void *)cmd, dwords, reserved, index, AGC_DRIVER_WAIT_RENDERING_DWORDS);
    return AGC_DRIVER_ERROR_EINVAL;
  }
  videoout_labels_map(); /* the label the packet waits on (mapped once) */
  uint32_t *p = *cmd;
  for (uint32_t i = 0; i < dwords; i++) p[i] = 0;
  write_tag(p, 0xCB000000u | (uint32_t)index);
  const uint64_t label = videoout_label_address(index);
  uint32_t *w = p + WAIT_AT;
  w[0] = pkt3(PM4_WAIT_REG_MEM64, 0, 8);
  w[1] = WAIT_CONTROL;
  w[2] = (uint32_t)label;
  w[3] = (uint32_t)(label >> 32);
  w[4] = w[5] = 0;           /* reference: 0 */
  w[6] = w[7] = 0xFFFFFFFFu; /* mask: all 64 bits */
  w[8] = WAIT_POLL_INTERVAL;
  write_tag(p + WAIT_END_TAG_AT, 0xCB000020u | (uint32_t)index);
  p[WAIT_NOP_AT] = pkt3(PM4_NOP, 0, dwords - WAIT_NOP_AT - 1);
  *cmd = p + dwords;
  return 0;
}

uint32_t agc_driver_get_set_flip_packet_size_in_dwords(void) { return AGC_DRIVER_SET_FLIP_DWORDS; }

/* The console's flip sequence, as sceAgcDcbSetFlip (which calls this function with a third
 * argument of 0, in one public reading of the two libraries) was captured writing it
 * (mihawk-99/PS5_Vulkan golden/c1/c1-present-2.json, -4.json and b4/m2-solid-1.json: handle
 * 0x4E100200, mode 1, buffers 0 and 1):
 *   0  SET_UCONFIG_REG (header bit 2 set) of 0x342-0x343: tag 0xC7010101 | index << 3, 0
 *   4  WRITE_DATA (header bit 2 set) to register 0xC343, control 0x06010000 (a register, one
 *      address, cache policy 3): argument lo, hi
 *  10  RELEASE_MEM (8): event 4 with EVENT_INDEX 5, GCR_CNTL 0x200, cache policy 3
 *      (0x06200504); DST_SEL 1, INT_SEL 2, DATA_SEL 2 (0x42010000); the buffer's flip label
 *      (0xC_800040A0 + index * 8); data 1; INT_CTXID the id video out gave the flip when it was
 *      registered (the console's driver calls video out's SubmitEopFlip while building, in
 *      the same reading; the captures show consecutive ids 0x08000101-0x08000103)
 *  18  NOP over the rest (46 dwords of 64) */
#define FLIP_RELEASE_AT 10u /* where the RELEASE_MEM starts */
#define FLIP_NOP_AT 18u
#define FLIP_RELEASE_EVENT 0x06200504u
#define FLIP_RELEASE_SELECT 0x42010000u

int agc_driver_set_flip(uint32_t **cmd, uint32_t dwords, uint32_t reserved, uint32_t handle,
                        int32_t index, uint32_t mode, int64_t arg) {
  (void)reserved; /* the console's third argument (0 from sceAgcDcbSetFlip); not known */
  if (index < -2 || index > 15) return AGC_DRIVER_ERROR_INVALID_INDEX;
  if (!cmd || !*cmd || dwords < AGC_DRIVER_SET_FLIP_DWORDS || dwords > FLIP_NOP_AT + 1u + 0x4000u) {
    LOG(hle, GAME_ERROR, "sceAgcDriverSetFlip: refused (cursor %p, %u dwords; %u or more expected)",
        (void *)cmd, dwords, AGC_DRIVER_SET_FLIP_DWORDS);
    return AGC_DRIVER_ERROR_EINVAL;
  }
  if (mode != 1)
    LOG_ONCE(hle, STUB,
             "sceAgc*SetFlip: the tag is measured for flip mode 1 only; mode %u is written with "
             "the same tag (docs/agc.md)",
             mode);
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
  const uint64_t label = videoout_label_address(index);
  uint32_t *r = p + FLIP_RELEASE_AT;
  r[0] = pkt3(PM4_RELEASE_MEM, 0, 7);
  r[1] = FLIP_RELEASE_EVENT;
  r[2] = FLIP_RELEASE_SELECT;
  r[3] = (uint32_t)label;
  r[4] = (uint32_t)(label >> 32);
  r[5] = 1; /* data lo; hi 0 */
  r[7] = videoout_register_eop_flip(handle, index, mode, arg);
  p[FLIP_NOP_AT] = pkt3(PM4_NOP, 0, dwords - FLIP_NOP_AT - 1);
  *cmd = p + dwords;
  return 0;
}

int agc_driver_resource_registration_not_supported(void) {
  return AGC_DRIVER_ERROR_RESOURCE_REGISTRATION_NOT_SUPPORTED;
}

int agc_driver_sdma_copy_linear_blocking(void) {
  LOG_ONCE(hle, GAME_ERROR,
           "sceAgcDriverSdmaCopyLinearBlocking: not supported by the retail module (0x8A6D0001)");
  return AGC_DRIVER_ERROR_SDMA_NOT_SUPPORTED;
}

/* Event data: the latest interrupt's (two interrupts before the guest collects the event
 * leave the second's: our reading, the console's merge is not measured). */
static int64_t latest_post(int64_t current, int64_t posted, void *ctx) {
  (void)current;
  (void)ctx;
  return posted;
}

int agc_driver_add_eq_event(uint64_t eq, int32_t id, void *udata) {
  if (id < 0 || id >= EVENT_IDS) return AGC_DRIVER_ERROR_EINVAL;
  pthread_mutex_lock(&driver_lock);
  if (!sources[id]) {
    struct equeue_source_desc d = {
        .filter = EQUEUE_FILTER_GRAPHICS, .ident = (uint64_t)id, .merge = latest_post};
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

int64_t agc_driver_event_data(uint32_t context_id) {
  return (int64_t)((uint64_t)context_id << 16 | 0xFF00u);
}

void agc_driver_interrupt(unsigned queue, unsigned event, uint64_t data, uint32_t context_id) {
  (void)event;
  (void)data;
  /* the graphics queue posts id 0, compute queue n (1..56) its ACB queue id */
  unsigned id = queue == AGC_DRIVER_GFX_QUEUE ? AGC_DRIVER_EVENT_GFX_EOP
                                              : AGC_DRIVER_ACB_QUEUE_FIRST + (queue - 1);
  if (id >= (unsigned)EVENT_IDS) return;
  pthread_mutex_lock(&driver_lock);
  struct equeue_source *s = sources[id];
  pthread_mutex_unlock(&driver_lock);
  if (s) equeue_source_post(s, 0, agc_driver_event_data(context_id));
}

void agc_driver_reset(void) {
  pthread_mutex_lock(&driver_lock);
  for (int i = 0; i < EVENT_IDS; i++) {
    if (sources[i]) equeue_source_destroy(sources[i]);
    sources[i] = NULL;
  }
  pthread_mutex_unlock(&driver_lock);
}
