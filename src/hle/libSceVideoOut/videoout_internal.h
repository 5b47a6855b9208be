/* The video out port shared by the library functions (videoout.c) and the vblank and
 * presenter threads (videoout_vblank.c). Everything here is guarded by videoout_lock. */
#ifndef PROSPERO_HLE_VIDEOOUT_VIDEOOUT_INTERNAL_H
#define PROSPERO_HLE_VIDEOOUT_VIDEOOUT_INTERNAL_H

#include <pthread.h>

#include "hle/libSceVideoOut/videoout.h"
#include "kernel/equeue.h"

struct videoout_slot {
  void *address;
  int group; /* -1: free */
};

struct videoout_group {
  bool used;
  struct videoout_buffer_attribute attr; /* pixel_format 0: an attribute-2 format without twin */
  uint64_t pixel_format2;                /* the attribute-2 format (RegisterBuffers2), else 0 */
  uint32_t bytes_per_pixel;              /* 4 or 8 */
};

struct videoout_flip_request {
  int32_t index; /* -1: blank */
  int64_t arg;
  bool gpu; /* requested by the command stream (counted in gcQueueNum until done) */
};

struct videoout_port {
  bool open;
  struct videoout_slot slot[VIDEOOUT_BUFFERS_MAX];
  struct videoout_group group[VIDEOOUT_GROUPS_MAX];
  struct videoout_flip_request queue[VIDEOOUT_FLIP_QUEUE_MAX];
  int queue_head, queue_len;
  int flip_rate;             /* 0, 1, 2: a flip at most every 1, 2, 3 vblanks */
  uint64_t last_flip_vblank; /* vblank count of the last flip (valid once a flip happened) */
  struct videoout_flip_status flip;
  struct videoout_vblank_status vblank;
  struct equeue_source *flip_source, *vblank_source;
};

#define VIDEOOUT_MAIN_HANDLE 1 /* the one port's handle */

extern pthread_mutex_t videoout_lock;
extern pthread_cond_t videoout_vblank_cond; /* broadcast at every vblank and at close */
extern struct videoout_port videoout_port;

/* A VIDEO_OUT event source with IDENT (flip or vblank) and the console's data packing. */
struct equeue_source *videoout_source_create(uint64_t ident);

/* Queues a flip (videoout_submit_flip's checks and errors; GPU: requested by the command
 * stream). With videoout_lock held. */
int videoout_submit_flip_locked(int32_t handle, int32_t index, int32_t mode, int64_t arg, bool gpu);

/* videoout_labels.c, with videoout_lock held: the flip label of INDEX (-2..15) becomes 1 when a
 * flip of it is queued and 0 when none is; every label 0 (the port closed). No page: nothing. */
void videoout_labels_sync_locked(const struct videoout_port *p, int32_t index);
void videoout_labels_clear_locked(void);

/* Starts the vblank (and, with present ops, the presenter) thread; stops them. Called with
 * videoout_lock NOT held. */
bool videoout_threads_start(void);
void videoout_threads_stop(void);

#endif
