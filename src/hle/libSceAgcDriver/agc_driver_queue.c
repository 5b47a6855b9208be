/* The queue objects of sceAgcDriverCreateQueue / DestroyQueue (agc_driver.h): each created
 * queue is one of the command processor's queues, and SubmitCommandBuffer(s) with its object
 * run there.
 *
 * What is known of the console (docs/agc.md): CreateQueue(type, &queue, flags) returns 0 and
 * writes a pointer to a 0x38-byte object that begins with the dwords 0x38 (its size), TYPE,
 * 0x00020000, 0 (hardware measurements of types 0 and 3, flags 0); type 0 is the graphics
 * queue homebrew draws through. Where the console keeps the object, what its other bytes hold
 * and what the other types are is not public: ours live in this module, the rest is zero, type
 * 0 is the graphics queue (the command processor's queue 0, shared by every type-0 object, as
 * SubmitDcb is) and any other type gets a compute queue of its own, taken from the last one
 * down so that the ids SubmitAcb names from 0x20 up are met last (our reading). */
#include <pthread.h>
#include <string.h>

#include "common/log.h"
#include "hle/libSceAgcDriver/agc_driver.h"

#define COMPUTE_QUEUES (AGC_DRIVER_ACB_QUEUE_END - AGC_DRIVER_ACB_QUEUE_FIRST) /* 56 */
#define MAX_QUEUES (COMPUTE_QUEUES + 8u) /* the compute queues and some type-0 objects */

struct queue_object {
  uint32_t words[AGC_DRIVER_QUEUE_OBJECT_SIZE / 4]; /* what the guest may read */
};
_Static_assert(sizeof(struct queue_object) == 0x38, "the console's queue object is 0x38 bytes");

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static struct queue_object objects[MAX_QUEUES];
static struct {
  bool used;
  unsigned cp_queue;
} slots[MAX_QUEUES];

/* The command processor's compute queue n (1..56) is free when no slot holds it. */
static bool compute_free_locked(unsigned q) {
  for (unsigned i = 0; i < MAX_QUEUES; i++)
    if (slots[i].used && slots[i].cp_queue == q) return false;
  return true;
}

int agc_driver_create_queue(uint32_t type, void **out, uint32_t flags) {
  if (!out) return AGC_DRIVER_ERROR_EINVAL;
  if (flags != 0)
    LOG_ONCE(hle, WARN, "sceAgcDriverCreateQueue: flags 0x%x are not known (ignored)", flags);
  pthread_mutex_lock(&queue_lock);
  int slot = -1;
  for (unsigned i = 0; i < MAX_QUEUES && slot < 0; i++)
    if (!slots[i].used) slot = (int)i;
  unsigned cpq = AGC_DRIVER_GFX_QUEUE;
  if (slot >= 0 && type != AGC_DRIVER_QUEUE_TYPE_GRAPHICS) {
    cpq = 0;
    for (unsigned q = COMPUTE_QUEUES; q >= 1 && !cpq; q--)
      if (compute_free_locked(q)) cpq = q;
    if (!cpq) slot = -1;
  }
  if (slot < 0) {
    pthread_mutex_unlock(&queue_lock);
    LOG(hle, GAME_ERROR, "sceAgcDriverCreateQueue: no queue left for type %u", type);
    return AGC_DRIVER_ERROR_EAGAIN;
  }
  slots[slot].used = true;
  slots[slot].cp_queue = cpq;
  struct queue_object *o = &objects[slot];
  memset(o, 0, sizeof *o);
  o->words[0] = AGC_DRIVER_QUEUE_OBJECT_SIZE;
  o->words[1] = type;
  o->words[2] = AGC_DRIVER_QUEUE_OBJECT_WORD2;
  pthread_mutex_unlock(&queue_lock);
  if (type != AGC_DRIVER_QUEUE_TYPE_GRAPHICS)
    LOG_ONCE(hle, WARN,
             "sceAgcDriverCreateQueue: type %u is not known: a compute queue of its own "
             "(command processor queue %u, event id 0x%x)",
             type, cpq, AGC_DRIVER_ACB_QUEUE_FIRST + cpq - 1);
  *out = o;
  return 0;
}

/* The slot of object QUEUE, or -1 (under queue_lock). */
static int slot_of_locked(const void *queue) {
  const struct queue_object *o = queue;
  if (o < objects || o >= objects + MAX_QUEUES) return -1;
  int i = (int)(o - objects);
  return (const void *)&objects[i] == queue && slots[i].used ? i : -1;
}

/* The console answered 0x8A6D0003 for every queue CreateQueue had just made (types 0 to 4, in
 * every sweep of obSCEne's checks 166-agc/driver-create-queue and driver-queue-types, as the
 * Orbistoun project records them in its libSceAgcDriver knowledge file); when it accepts a
 * destroy is not known, so the queue is kept, usable, and the answer is that code. */
int agc_driver_destroy_queue(void *queue) {
  pthread_mutex_lock(&queue_lock);
  int i = slot_of_locked(queue);
  pthread_mutex_unlock(&queue_lock);
  if (i < 0) {
    LOG(hle, GAME_ERROR, "sceAgcDriverDestroyQueue: %p is not a queue CreateQueue made", queue);
    return AGC_DRIVER_ERROR_EINVAL;
  }
  LOG_ONCE(hle, WARN,
           "sceAgcDriverDestroyQueue: 0x8A6D0003, the console's answer for the queues measured; "
           "the queue is kept (docs/agc.md)");
  return AGC_DRIVER_ERROR_DESTROY_QUEUE;
}

int agc_driver_queue_of(const void *queue) {
  pthread_mutex_lock(&queue_lock);
  int i = slot_of_locked(queue);
  int q = i >= 0 ? (int)slots[i].cp_queue : -1;
  pthread_mutex_unlock(&queue_lock);
  return q;
}

void agc_driver_queues_reset(void) {
  pthread_mutex_lock(&queue_lock);
  memset(slots, 0, sizeof slots);
  memset(objects, 0, sizeof objects);
  pthread_mutex_unlock(&queue_lock);
}
