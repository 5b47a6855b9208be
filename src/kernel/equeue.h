/* Event queues: FreeBSD's kqueue as the console's kernel has it (libkernel's
 * sceKernel*Equeue / *Event functions sit on it), and the host-side API through which other
 * parts of the emulator (the GPU's end-of-pipe, video out's flip and vblank) post events
 * into guest queues. docs/kernel-equeue.md describes the semantics and the lifetime rules.
 *
 * A queue is named by an opaque 64-bit handle (never 0; a deleted queue's handle is never
 * valid again). An event ("knote") in a queue is keyed by (filter, ident): adding the same
 * pair again updates it. Events are level triggered (they stay arrived while their condition
 * holds; user events added without EQUEUE_EV_CLEAR stay arrived until deleted) or edge
 * triggered (EQUEUE_EV_CLEAR: reset when a wait returns them). Waits return the arrived
 * events in arrival order, each at most once per wait.
 *
 * Results are 0 (or a count) or a negative FreeBSD errno (kernel/kernel_errno.h); every
 * function may be called from any thread. */
#ifndef PROSPERO_KERNEL_EQUEUE_H
#define PROSPERO_KERNEL_EQUEUE_H

#include <stdbool.h>
#include <stdint.h>

#define EQUEUE_MAX 256          /* queues an application may hold at once (then EMFILE) */
#define EQUEUE_EVENTS_MAX 20000 /* events over all queues of the process (then EAGAIN) */
#define EQUEUE_NAME_MAX 32      /* name bytes including the terminating NUL */

/* Filters: FreeBSD's numbers (sys/event.h) and the console's own. */
enum equeue_filter {
  EQUEUE_FILTER_READ = -1,
  EQUEUE_FILTER_WRITE = -2,
  EQUEUE_FILTER_AIO = -3,
  EQUEUE_FILTER_FILE = -4, /* FreeBSD's EVFILT_VNODE */
  EQUEUE_FILTER_PROC = -5,
  EQUEUE_FILTER_SIGNAL = -6,
  EQUEUE_FILTER_TIMER = -7,
  EQUEUE_FILTER_FS = -9,
  EQUEUE_FILTER_LIO = -10,
  EQUEUE_FILTER_USER = -11,
  EQUEUE_FILTER_POLLING = -12,
  EQUEUE_FILTER_VIDEO_OUT = -13, /* video out flip / vblank */
  EQUEUE_FILTER_GRAPHICS = -14,  /* GPU end-of-pipe and other graphics core events */
  EQUEUE_FILTER_HRTIMER = -15,   /* the console's one-shot high-resolution timer */
};

/* Event flags (FreeBSD sys/event.h). */
#define EQUEUE_EV_ADD 0x0001
#define EQUEUE_EV_DELETE 0x0002
#define EQUEUE_EV_ENABLE 0x0004
#define EQUEUE_EV_DISABLE 0x0008
#define EQUEUE_EV_ONESHOT 0x0010 /* removed from the queue once a wait returned it */
#define EQUEUE_EV_CLEAR 0x0020   /* edge triggered: data and fflags reset when returned */
#define EQUEUE_EV_ERROR 0x4000
#define EQUEUE_EV_EOF 0x8000

/* The console's SceKernelEvent: FreeBSD's struct kevent on amd64, 32 bytes. */
struct equeue_event {
  uint64_t ident;  /* +0x00 the id (or descriptor) the event was added with */
  int16_t filter;  /* +0x08 */
  uint16_t flags;  /* +0x0a EQUEUE_EV_* */
  uint32_t fflags; /* +0x0c filter-specific flags */
  int64_t data;    /* +0x10 filter-specific data (a timer's expiration count, ...) */
  uint64_t udata;  /* +0x18 the caller's opaque value */
};
_Static_assert(sizeof(struct equeue_event) == 32, "struct kevent is 32 bytes on amd64");

/* ---- Queues -------------------------------------------------------------------------- */

/* Creates a queue named NAME (NULL: -EINVAL; EQUEUE_NAME_MAX bytes or more: -ENAMETOOLONG;
 * EQUEUE_MAX queues live: -EMFILE) and writes its handle to *OUT. */
int equeue_create(const char *name, uint64_t *out);

/* Deletes queue EQ (-EBADF if it is not a live queue): its events go, every thread waiting
 * on it wakes and its wait fails with -EBADF; posts into it from then on are dropped. */
int equeue_delete(uint64_t eq);

/* Waits for events of queue EQ and stores up to NUM (>= 1) of them in OUT, their count in
 * *COUNT (0 on failure). TIMEOUT_US < 0 waits without limit, 0 only collects what has
 * already arrived. Returns 0 with at least one event, -ETIMEDOUT, -EBADF (no such
 * queue, or deleted during the wait), or -EINTR when the calling thread is interruptible
 * (sync_wait_set_interruptible) and a host signal or the thread layer's check ended the
 * sleep (no event is collected then; the caller acts on its cancellation or waits again).
 * With PS5_CPU_WAIT_DIAGNOSTICS a wait that sleeps is traced as "equeue" with the queue's
 * handle and name, its outcome and the thread whose post, trigger or deletion woke it. */
int equeue_wait(uint64_t eq, struct equeue_event *out, int num, int64_t timeout_us, int *count);

/* The queue's name (copied into NAME, EQUEUE_NAME_MAX bytes), for diagnostics. */
int equeue_name(uint64_t eq, char name[EQUEUE_NAME_MAX]);

/* Live events in queue EQ, or -EBADF; live events over all queues (tests, diagnostics). */
int equeue_event_count(uint64_t eq);
int equeue_events_total(void);

/* Removes the event (FILTER, IDENT) from EQ: -EBADF, -ENOENT if there is none. */
int equeue_delete_event(uint64_t eq, int16_t filter, uint64_t ident);

/* ---- Events the guest adds ----------------------------------------------------------- */

/* A user event IDENT (EQUEUE_FILTER_USER), edge triggered when EDGE. -EBADF, -EAGAIN. */
int equeue_add_user(uint64_t eq, uint64_t ident, bool edge);

/* Triggers user event IDENT with UDATA: -EBADF, -ENOENT. */
int equeue_trigger_user(uint64_t eq, uint64_t ident, uint64_t udata);

/* A periodic timer (EQUEUE_FILTER_TIMER) of PERIOD_NS: every wait that returns it reports
 * in data the expirations since the previous one (edge triggered). Adding it again
 * restarts it with the new period. -EBADF, -EAGAIN. */
int equeue_add_timer(uint64_t eq, uint64_t ident, uint64_t period_ns, uint64_t udata);

/* A one-shot timer (EQUEUE_FILTER_HRTIMER) firing DELAY_NS from now; it leaves the queue
 * when a wait returns it. -EBADF, -EAGAIN. */
int equeue_add_hrtimer(uint64_t eq, uint64_t ident, uint64_t delay_ns, uint64_t udata);

/* A read or write event (FILTER EQUEUE_FILTER_READ / _WRITE) on guest descriptor FD, level
 * triggered, as FreeBSD's filters define them: for a regular file, readable while the
 * offset is before the end (data: the bytes to the end), always writable (data 0); for
 * pipes, sockets and devices, readable while bytes wait (data: their count; EQUEUE_EV_EOF
 * once the other end closed), writable while there is room. Closing FD removes the event.
 * -EBADF (queue or descriptor), -EINVAL (another filter), -EAGAIN. */
int equeue_add_fd(uint64_t eq, int16_t filter, int fd, uint64_t udata);

/* File notes (FreeBSD's NOTE_* of EVFILT_VNODE) a file event may watch. */
#define EQUEUE_NOTE_DELETE 0x0001 /* unlinked */
#define EQUEUE_NOTE_WRITE 0x0002  /* written */
#define EQUEUE_NOTE_EXTEND 0x0004 /* grew */
#define EQUEUE_NOTE_ATTRIB 0x0008 /* attributes changed */
#define EQUEUE_NOTE_RENAME 0x0020 /* renamed */
#define EQUEUE_NOTE_FILE_ALL 0x002F

/* A file event (EQUEUE_FILTER_FILE) on guest descriptor FD watching WATCH (a non-empty set
 * of EQUEUE_NOTE_*, else -EINVAL): once a watched change happened the event has arrived,
 * with the changes or-ed into fflags, and stays arrived (level triggered, as FreeBSD's
 * vnode filter without EV_CLEAR). Changes are found by comparing the file's status (link
 * count, modification and change times, size, path) at every scan with the previous one
 * (the host's file times may be coarse: a write in the same tick as the previous change
 * that does not change the size can go unseen).
 * Adding it again updates WATCH and udata. -EBADF (queue or descriptor), -EAGAIN. */
int equeue_add_file(uint64_t eq, int fd, uint32_t watch, uint64_t udata);

/* ---- Host-side event sources --------------------------------------------------------
 * A producer (GPU end-of-pipe, a video out port) owns a source with a filter and an ident;
 * the guest's add-event call attaches it to a queue (with the guest's udata) and its
 * delete-event call detaches it; the producer posts from any host thread and every queue
 * the source is attached to receives the event. Posting never blocks on a waiter and is
 * safe while queues are being deleted; destroying a source removes its events from every
 * queue. Lock order inside: sources before queues. */
struct equeue_source;

/* How a post combines with the event's data: the merge function gets the event's current
 * data (0 before the first post, and again after a wait collected an edge-triggered event)
 * and the posted data, and returns the new data. NULL keeps the posted data (the newest
 * post wins). */
struct equeue_source_desc {
  int16_t filter; /* e.g. EQUEUE_FILTER_GRAPHICS; never USER, TIMER, HRTIMER, READ, WRITE, FILE */
  uint64_t ident;
  int64_t (*merge)(int64_t current, int64_t posted, void *ctx);
  void *ctx;
};

/* NULL if DESC's filter is one the queue manages itself, or out of memory. */
struct equeue_source *equeue_source_create(const struct equeue_source_desc *desc);

/* Attaches S to queue EQ with the guest's UDATA; FLAGS is 0 (level triggered) or
 * EQUEUE_EV_CLEAR (edge triggered: reset when collected); anything else is -EINVAL.
 * Attaching again updates udata and flags. -EBADF, -EAGAIN. */
int equeue_source_attach(struct equeue_source *s, uint64_t eq, uint64_t udata, uint16_t flags);

/* Detaches S from EQ: -EBADF, -ENOENT when it was not attached. */
int equeue_source_detach(struct equeue_source *s, uint64_t eq);

/* Posts an event: on every queue S is attached to, the event arrives (or stays arrived) with
 * FFLAGS or-ed into its fflags and data merged per the source's merge function. Returns
 * the number of queues that received it. */
int equeue_source_post(struct equeue_source *s, uint32_t fflags, int64_t data);

/* Detaches S from every queue and frees it. */
void equeue_source_destroy(struct equeue_source *s);

/* Deletes every queue (tests). */
void equeue_reset(void);

#endif
