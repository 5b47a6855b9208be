/* Event queues (equeue.h): a table of queues named by handles, each holding its events
 * ("knotes") in one list and the arrived ones in a FIFO, a mutex and a wake-up sequence word
 * (kernel/sync_wait.h): a waiter reads the word under the mutex, releases it and sleeps on the
 * word while it is unchanged; every change that may satisfy a waiter bumps the word and wakes
 * all sleepers, so a wake between the release and the sleep is never lost. The sleep is the
 * sync module's interruptible one: the thread layer's cancellation ends it (equeue_wait
 * returns -EINTR), and PS5_CPU_WAIT_DIAGNOSTICS traces it.
 *
 * Lifetime: the table holds one reference to each queue and every call working on a queue
 * pins it (one more reference, taken under the table lock), so a queue's memory lives until
 * the last caller has left even when it is deleted meanwhile. Deleting removes the handle
 * from the table first (no new caller can reach it), then, under the queue lock, marks it
 * closing, frees its events and wakes every waiter, which sees the mark and fails with
 * EBADF. Host sources reach queues through their attached events, not through handles;
 * every link between a source and an event is guarded by one lock (source_lock), always
 * taken before a queue's lock, so a post never touches an event or queue being freed.
 *
 * Timers are evaluated by the waits themselves: a wait computes the expirations since the
 * last evaluation and sleeps at most until the next deadline, so no timer thread exists and
 * nothing fires into a queue nobody waits on. Read and write events are evaluated the same
 * way, polling their descriptor at every scan (and every EQUEUE_FD_POLL_NS while a wait
 * sleeps with such events present), which is the millisecond precision the console's
 * reference gives its waits. */
#define _GNU_SOURCE
#include "kernel/equeue.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "kernel/files.h"
#include "kernel/kernel_errno.h"
#include "kernel/sync_wait.h"

#define EQUEUE_FD_POLL_NS 1000000ull /* re-check of read/write events while a wait sleeps */
#define NS_FOREVER UINT64_MAX

enum knote_kind { KNOTE_USER, KNOTE_TIMER, KNOTE_HRTIMER, KNOTE_FD, KNOTE_FILE, KNOTE_SOURCE };

struct knote {
  struct knote *prev, *next;   /* the queue's list of events */
  struct knote *aprev, *anext; /* the queue's arrived events, in arrival order */
  struct knote *snext;         /* the source's list of attached events */
  struct equeue *q;
  struct equeue_source *src; /* KNOTE_SOURCE */
  enum knote_kind kind;
  bool active;
  struct equeue_event ev;
  uint64_t period_ns;       /* KNOTE_TIMER */
  uint64_t deadline_ns;     /* KNOTE_TIMER, KNOTE_HRTIMER (HRTIMER: 0 once fired) */
  int fd;                   /* KNOTE_FD, KNOTE_FILE: the guest descriptor (also ev.ident) */
  struct file_status *seen; /* KNOTE_FILE: the status at the previous scan */
};

/* What a file event compares between scans. */
struct file_status {
  uint64_t dev, ino, nlink;
  int64_t size;
  struct timespec mtime, ctime;
  char path[256];
  uint32_t watch;
};

struct equeue {
  pthread_mutex_t lock;
  uint32_t seq;  /* bumped (under lock) by every wake-up; waiters sleep on it */
  int32_t waker; /* the host thread of the latest wake-up (for the wait trace) */
  char name[EQUEUE_NAME_MAX];
  uint64_t handle;
  int refs; /* under table_lock */
  bool closing;
  struct knote *head;
  struct knote *ahead, *atail;
  int count, active, timers, fds;
};

struct equeue_source {
  struct equeue_source_desc d;
  struct knote *head; /* under source_lock */
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
  struct equeue *q;
  uint32_t gen;
} table[EQUEUE_MAX];
static pthread_mutex_t source_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_int events_live;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ---- Handles and references ---------------------------------------------------------- */

static struct equeue *pin(uint64_t h) {
  uint64_t slot = (h & 0xFFFFFFFFu) - 1;
  struct equeue *q = NULL;
  pthread_mutex_lock(&table_lock);
  if (slot < EQUEUE_MAX && table[slot].q && table[slot].q->handle == h) {
    q = table[slot].q;
    q->refs++;
  }
  pthread_mutex_unlock(&table_lock);
  return q;
}

static void unpin(struct equeue *q) {
  pthread_mutex_lock(&table_lock);
  int left = --q->refs;
  pthread_mutex_unlock(&table_lock);
  if (left) return;
  pthread_mutex_destroy(&q->lock);
  free(q);
}

/* Wakes every waiter of Q (q->lock held). */
static void wake_all(struct equeue *q) {
  q->waker = sync_self_tid();
  __atomic_store_n(&q->seq, q->seq + 1, __ATOMIC_RELEASE);
  sync_futex_wake(&q->seq, INT32_MAX);
}

int equeue_create(const char *name, uint64_t *out) {
  if (!name || !out) return -KERNEL_EINVAL;
  if (strnlen(name, EQUEUE_NAME_MAX) >= EQUEUE_NAME_MAX) return -KERNEL_ENAMETOOLONG;
  struct equeue *q = calloc(1, sizeof *q);
  if (!q) return -KERNEL_ENOMEM;
  pthread_mutex_init(&q->lock, NULL);
  strcpy(q->name, name);
  q->refs = 1; /* the table's */
  pthread_mutex_lock(&table_lock);
  int slot = 0;
  while (slot < EQUEUE_MAX && table[slot].q) slot++;
  if (slot == EQUEUE_MAX) {
    pthread_mutex_unlock(&table_lock);
    pthread_mutex_destroy(&q->lock);
    free(q);
    return -KERNEL_EMFILE;
  }
  table[slot].gen++;
  q->handle = (uint64_t)table[slot].gen << 32 | (uint64_t)(slot + 1);
  table[slot].q = q;
  pthread_mutex_unlock(&table_lock);
  *out = q->handle;
  return 0;
}

/* ---- Events of a queue (q->lock held) ------------------------------------------------ */

static void activate(struct equeue *q, struct knote *k) {
  if (k->active) return;
  k->active = true;
  k->anext = NULL;
  k->aprev = q->atail;
  if (q->atail) q->atail->anext = k;
  else q->ahead = k;
  q->atail = k;
  q->active++;
}

static void deactivate(struct equeue *q, struct knote *k) {
  if (!k->active) return;
  k->active = false;
  if (k->aprev) k->aprev->anext = k->anext;
  else q->ahead = k->anext;
  if (k->anext) k->anext->aprev = k->aprev;
  else q->atail = k->aprev;
  q->active--;
}

static struct knote *find(struct equeue *q, int16_t filter, uint64_t ident) {
  for (struct knote *k = q->head; k; k = k->next)
    if (k->ev.filter == filter && k->ev.ident == ident) return k;
  return NULL;
}

/* A new event in Q (counted against EQUEUE_EVENTS_MAX), or NULL. */
static struct knote *knote_new(struct equeue *q, enum knote_kind kind, int16_t filter,
                               uint64_t ident) {
  if (atomic_fetch_add(&events_live, 1) >= EQUEUE_EVENTS_MAX) {
    atomic_fetch_sub(&events_live, 1);
    return NULL;
  }
  struct knote *k = calloc(1, sizeof *k);
  if (!k) {
    atomic_fetch_sub(&events_live, 1);
    return NULL;
  }
  k->q = q;
  k->kind = kind;
  k->ev.filter = filter;
  k->ev.ident = ident;
  k->next = q->head;
  if (q->head) q->head->prev = k;
  q->head = k;
  q->count++;
  q->timers += kind == KNOTE_TIMER || kind == KNOTE_HRTIMER;
  q->fds += kind == KNOTE_FD || kind == KNOTE_FILE;
  return k;
}

static void source_unlink(struct knote *k) {
  for (struct knote **p = &k->src->head; *p; p = &(*p)->snext)
    if (*p == k) {
      *p = k->snext;
      break;
    }
  k->src = NULL;
}

/* Frees K (source_lock held too when K belongs to a source). */
static void knote_free(struct equeue *q, struct knote *k) {
  deactivate(q, k);
  if (k->prev) k->prev->next = k->next;
  else q->head = k->next;
  if (k->next) k->next->prev = k->prev;
  if (k->src) source_unlink(k);
  q->count--;
  q->timers -= k->kind == KNOTE_TIMER || k->kind == KNOTE_HRTIMER;
  q->fds -= k->kind == KNOTE_FD || k->kind == KNOTE_FILE;
  free(k->seen);
  free(k);
  atomic_fetch_sub(&events_live, 1);
}

/* ---- Deleting ------------------------------------------------------------------------ */

static void queue_close(struct equeue *q) {
  pthread_mutex_lock(&source_lock);
  pthread_mutex_lock(&q->lock);
  q->closing = true;
  while (q->head) knote_free(q, q->head);
  wake_all(q);
  pthread_mutex_unlock(&q->lock);
  pthread_mutex_unlock(&source_lock);
}

int equeue_delete(uint64_t h) {
  uint64_t slot = (h & 0xFFFFFFFFu) - 1;
  struct equeue *q = NULL;
  pthread_mutex_lock(&table_lock);
  if (slot < EQUEUE_MAX && table[slot].q && table[slot].q->handle == h) {
    q = table[slot].q;
    table[slot].q = NULL;
  }
  pthread_mutex_unlock(&table_lock);
  if (!q) return -KERNEL_EBADF;
  queue_close(q);
  unpin(q); /* the table's reference; pinned callers keep the memory until they leave */
  return 0;
}

void equeue_reset(void) {
  for (int i = 0; i < EQUEUE_MAX; i++) {
    pthread_mutex_lock(&table_lock);
    uint64_t h = table[i].q ? table[i].q->handle : 0;
    pthread_mutex_unlock(&table_lock);
    if (h) equeue_delete(h);
  }
}

int equeue_name(uint64_t h, char name[EQUEUE_NAME_MAX]) {
  struct equeue *q = pin(h);
  if (!q) return -KERNEL_EBADF;
  memcpy(name, q->name, EQUEUE_NAME_MAX);
  unpin(q);
  return 0;
}

int equeue_event_count(uint64_t h) {
  struct equeue *q = pin(h);
  if (!q) return -KERNEL_EBADF;
  pthread_mutex_lock(&q->lock);
  int n = q->count;
  pthread_mutex_unlock(&q->lock);
  unpin(q);
  return n;
}

int equeue_events_total(void) { return atomic_load(&events_live); }

int equeue_delete_event(uint64_t h, int16_t filter, uint64_t ident) {
  struct equeue *q = pin(h);
  if (!q) return -KERNEL_EBADF;
  pthread_mutex_lock(&source_lock);
  pthread_mutex_lock(&q->lock);
  struct knote *k = q->closing ? NULL : find(q, filter, ident);
  int r = q->closing ? -KERNEL_EBADF : k ? 0 : -KERNEL_ENOENT;
  if (k) knote_free(q, k);
  pthread_mutex_unlock(&q->lock);
  pthread_mutex_unlock(&source_lock);
  unpin(q);
  return r;
}

/* ---- Evaluating timers and descriptors (q->lock held) -------------------------------- */

/* The state of read/write event K: false when its descriptor is gone. */
static bool fd_poll(struct knote *k, bool *ready) {
  int hfd = files_host_fd(k->fd);
  struct stat st;
  if (hfd < 0 || fstat(hfd, &st) != 0) return false;
  bool read = k->ev.filter == EQUEUE_FILTER_READ;
  k->ev.flags &= (uint16_t)~EQUEUE_EV_EOF;
  if (S_ISREG(st.st_mode)) { /* FreeBSD's vnode filters */
    if (read) {
      off_t pos = lseek(hfd, 0, SEEK_CUR);
      k->ev.data = pos < 0 ? 0 : (int64_t)st.st_size - (int64_t)pos;
      *ready = k->ev.data != 0;
    } else {
      k->ev.data = 0;
      *ready = true;
    }
    return true;
  }
  struct pollfd p = {.fd = hfd, .events = read ? POLLIN : POLLOUT};
  if (poll(&p, 1, 0) < 0) p.revents = 0;
  int queued = 0;
  if (ioctl(hfd, FIONREAD, &queued) != 0) queued = 0;
  if (read) {
    k->ev.data = queued;
    *ready = (p.revents & (POLLIN | POLLHUP | POLLERR)) != 0;
    if (p.revents & POLLHUP) k->ev.flags |= EQUEUE_EV_EOF;
  } else {
    int size = S_ISFIFO(st.st_mode) ? fcntl(hfd, F_GETPIPE_SZ) : -1;
    k->ev.data = size > queued ? size - queued : 0;
    *ready = (p.revents & (POLLOUT | POLLERR | POLLHUP)) != 0;
    if (p.revents & (POLLERR | POLLHUP)) k->ev.flags |= EQUEUE_EV_EOF;
  }
  return true;
}

/* The status of guest descriptor FD, false when it is gone. */
static bool file_status_read(int fd, struct file_status *out) {
  int hfd = files_host_fd(fd);
  struct stat st;
  if (hfd < 0 || fstat(hfd, &st) != 0) return false;
  out->dev = st.st_dev;
  out->ino = st.st_ino;
  out->nlink = st.st_nlink;
  out->size = st.st_size;
  out->mtime = st.st_mtim;
  out->ctime = st.st_ctim;
  char link[32];
  snprintf(link, sizeof link, "/proc/self/fd/%d", hfd);
  ssize_t n = readlink(link, out->path, sizeof out->path - 1);
  out->path[n > 0 ? n : 0] = 0;
  return true;
}

static bool ts_differ(struct timespec a, struct timespec b) {
  return a.tv_sec != b.tv_sec || a.tv_nsec != b.tv_nsec;
}

/* The changes to K's file since the previous scan (FreeBSD's vnode notes), or -1 when its
 * descriptor is gone. */
static int file_notes(struct knote *k) {
  struct file_status now;
  if (!file_status_read(k->fd, &now)) return -1;
  struct file_status *was = k->seen;
  uint32_t notes = 0;
  if (now.nlink == 0 && was->nlink != 0) notes |= EQUEUE_NOTE_DELETE;
  if (ts_differ(now.mtime, was->mtime) || now.size != was->size) notes |= EQUEUE_NOTE_WRITE;
  if (now.size > was->size) notes |= EQUEUE_NOTE_EXTEND;
  bool renamed = strcmp(now.path, was->path) != 0 && now.nlink != 0;
  if (renamed) notes |= EQUEUE_NOTE_RENAME;
  /* the change time moves with every change: alone, it is an attribute change */
  if (ts_differ(now.ctime, was->ctime) && !notes && now.nlink == was->nlink)
    notes |= EQUEUE_NOTE_ATTRIB;
  now.watch = was->watch;
  *was = now;
  return (int)(notes & was->watch);
}

static void evaluate(struct equeue *q, uint64_t now) {
  if (!q->timers && !q->fds) return;
  for (struct knote *k = q->head, *next; k; k = next) {
    next = k->next;
    if (k->kind == KNOTE_TIMER && now >= k->deadline_ns) {
      uint64_t n = 1 + (now - k->deadline_ns) / k->period_ns;
      k->ev.data += (int64_t)n;
      k->deadline_ns += n * k->period_ns;
      activate(q, k);
    } else if (k->kind == KNOTE_HRTIMER && k->deadline_ns && now >= k->deadline_ns) {
      k->deadline_ns = 0;
      k->ev.data = 1;
      activate(q, k);
    } else if (k->kind == KNOTE_FILE) {
      int notes = file_notes(k);
      if (notes < 0) {
        knote_free(q, k); /* closing a descriptor removes its events (FreeBSD) */
      } else {
        k->ev.fflags |= (uint32_t)notes;
        if (k->ev.fflags) activate(q, k);
      }
    } else if (k->kind == KNOTE_FD) {
      bool ready = false;
      if (!fd_poll(k, &ready))
        knote_free(q, k); /* closing a descriptor removes its events (FreeBSD) */
      else if (ready) activate(q, k);
      else deactivate(q, k);
    }
  }
}

/* When the wait must look again at timers and descriptors. */
static uint64_t next_check(struct equeue *q, uint64_t now) {
  uint64_t t = q->fds ? now + EQUEUE_FD_POLL_NS : NS_FOREVER;
  if (!q->timers) return t;
  for (struct knote *k = q->head; k; k = k->next)
    if ((k->kind == KNOTE_TIMER || k->kind == KNOTE_HRTIMER) && k->deadline_ns &&
        k->deadline_ns < t)
      t = k->deadline_ns;
  return t;
}

/* Moves up to NUM arrived events into OUT, each at most once: edge-triggered ones are
 * reset, one-shot ones leave the queue, level-triggered ones go to the back of the FIFO. */
static int collect(struct equeue *q, struct equeue_event *out, int num) {
  int n = 0, pending = q->active;
  while (n < num && pending-- > 0) {
    struct knote *k = q->ahead;
    out[n++] = k->ev;
    if (k->ev.flags & EQUEUE_EV_ONESHOT) {
      knote_free(q, k); /* only timers and user events: none belongs to a source */
    } else if (k->ev.flags & EQUEUE_EV_CLEAR) {
      k->ev.data = 0;
      k->ev.fflags = 0;
      deactivate(q, k);
    } else {
      deactivate(q, k);
      activate(q, k);
    }
  }
  return n;
}

int equeue_wait(uint64_t h, struct equeue_event *out, int num, int64_t timeout_us, int *count) {
  if (count) *count = 0;
  if (!out || num < 1) return -KERNEL_EINVAL;
  struct equeue *q = pin(h);
  if (!q) return -KERNEL_EBADF;
  pthread_mutex_lock(&q->lock);
  uint64_t now = now_ns();
  uint64_t deadline = timeout_us < 0 ? NS_FOREVER : now + (uint64_t)timeout_us * 1000u;
  struct sync_trace_object what = {"equeue", (const void *)(uintptr_t)h, q->name};
  bool traced = false; /* traced once it sleeps: a wait that returns at once is no wait */
  int64_t trace_start = 0;
  int32_t waker = 0;
  int r;
  for (;;) {
    if (q->closing) {
      r = -KERNEL_EBADF;
      break;
    }
    evaluate(q, now);
    int n = collect(q, out, num);
    if (n > 0) {
      if (count) *count = n;
      r = 0;
      break;
    }
    if (now >= deadline) {
      r = -KERNEL_ETIMEDOUT;
      break;
    }
    uint64_t wake = next_check(q, now);
    if (deadline < wake) wake = deadline;
    if (!traced && sync_trace_enabled()) {
      struct sync_deadline td = {deadline == NS_FOREVER ? SYNC_CLOCK_NONE : SYNC_CLOCK_MONOTONIC,
                                 (int64_t)deadline};
      trace_start = sync_trace_begin(&what, &td);
      traced = true;
    }
    uint32_t seen = q->seq;
    pthread_mutex_unlock(&q->lock);
    struct sync_deadline d = {wake == NS_FOREVER ? SYNC_CLOCK_NONE : SYNC_CLOCK_MONOTONIC,
                              wake > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)wake};
    int s = sync_futex_wait_interruptible(&q->seq, seen, &d);
    pthread_mutex_lock(&q->lock);
    if (q->seq != seen) waker = q->waker; /* woken by a post, a trigger or the deletion */
    if (s == -KERNEL_EINTR) {             /* the thread layer's cancellation (or a host signal) */
      r = -KERNEL_EINTR;
      break;
    }
    now = now_ns();
  }
  pthread_mutex_unlock(&q->lock);
  if (traced) sync_trace_end(&what, trace_start, r, r == -KERNEL_ETIMEDOUT ? 0 : waker);
  unpin(q);
  return r;
}

/* ---- Events the guest adds ----------------------------------------------------------- */

/* Runs BODY_ on queue H_ pinned, locked and open (setting r), and wakes the waiters when
 * it succeeded. */
#define WITH_QUEUE(h_, body_)       \
  do {                              \
    struct equeue *q = pin(h_);     \
    if (!q) return -KERNEL_EBADF;   \
    int r = 0;                      \
    pthread_mutex_lock(&q->lock);   \
    if (q->closing) {               \
      r = -KERNEL_EBADF;            \
    } else {                        \
      body_;                        \
      if (r == 0) wake_all(q);      \
    }                               \
    pthread_mutex_unlock(&q->lock); \
    unpin(q);                       \
    return r;                       \
  } while (0)

int equeue_add_user(uint64_t h, uint64_t ident, bool edge) {
  WITH_QUEUE(h, {
    struct knote *k = find(q, EQUEUE_FILTER_USER, ident);
    if (!k) k = knote_new(q, KNOTE_USER, EQUEUE_FILTER_USER, ident);
    if (!k) r = -KERNEL_EAGAIN;
    else k->ev.flags = edge ? EQUEUE_EV_CLEAR : 0;
  });
}

int equeue_trigger_user(uint64_t h, uint64_t ident, uint64_t udata) {
  WITH_QUEUE(h, {
    struct knote *k = find(q, EQUEUE_FILTER_USER, ident);
    if (!k) {
      r = -KERNEL_ENOENT;
    } else {
      k->ev.udata = udata;
      activate(q, k);
    }
  });
}

static int add_timer(uint64_t h, enum knote_kind kind, int16_t filter, uint64_t ident, uint64_t ns,
                     uint64_t udata) {
  WITH_QUEUE(h, {
    struct knote *k = find(q, filter, ident);
    if (!k) k = knote_new(q, kind, filter, ident);
    if (!k) {
      r = -KERNEL_EAGAIN;
    } else { /* new, or restarted with the new time */
      deactivate(q, k);
      k->ev.flags = kind == KNOTE_TIMER ? EQUEUE_EV_CLEAR : EQUEUE_EV_ONESHOT | EQUEUE_EV_CLEAR;
      k->ev.data = 0;
      k->ev.udata = udata;
      k->period_ns = ns ? ns : 1000; /* a zero period is 1 us, FreeBSD's one unit */
      k->deadline_ns = now_ns() + k->period_ns;
    }
  });
}

int equeue_add_timer(uint64_t h, uint64_t ident, uint64_t period_ns, uint64_t udata) {
  return add_timer(h, KNOTE_TIMER, EQUEUE_FILTER_TIMER, ident, period_ns, udata);
}

int equeue_add_hrtimer(uint64_t h, uint64_t ident, uint64_t delay_ns, uint64_t udata) {
  return add_timer(h, KNOTE_HRTIMER, EQUEUE_FILTER_HRTIMER, ident, delay_ns, udata);
}

int equeue_add_fd(uint64_t h, int16_t filter, int fd, uint64_t udata) {
  if (filter != EQUEUE_FILTER_READ && filter != EQUEUE_FILTER_WRITE) return -KERNEL_EINVAL;
  WITH_QUEUE(h, {
    if (fd < 0 || files_host_fd(fd) < 0) {
      r = -KERNEL_EBADF;
    } else {
      struct knote *k = find(q, filter, (uint64_t)fd);
      if (!k) k = knote_new(q, KNOTE_FD, filter, (uint64_t)fd);
      if (!k) {
        r = -KERNEL_EAGAIN;
      } else {
        k->fd = fd;
        k->ev.udata = udata;
      }
    }
  });
}

int equeue_add_file(uint64_t h, int fd, uint32_t watch, uint64_t udata) {
  if (!watch || (watch & ~(uint32_t)EQUEUE_NOTE_FILE_ALL)) return -KERNEL_EINVAL;
  WITH_QUEUE(h, {
    struct file_status st;
    struct knote *k = NULL;
    if (fd < 0 || !file_status_read(fd, &st)) {
      r = -KERNEL_EBADF;
    } else {
      k = find(q, EQUEUE_FILTER_FILE, (uint64_t)fd);
      if (!k) {
        k = knote_new(q, KNOTE_FILE, EQUEUE_FILTER_FILE, (uint64_t)fd);
        if (k) k->seen = malloc(sizeof *k->seen);
        if (k && !k->seen) {
          knote_free(q, k);
          k = NULL;
        }
        if (k) *k->seen = st;
      }
      if (!k) {
        r = -KERNEL_EAGAIN;
      } else {
        k->fd = fd;
        k->seen->watch = watch;
        k->ev.udata = udata;
      }
    }
  });
}

/* ---- Host sources -------------------------------------------------------------------- */

static bool queue_owned_filter(int16_t f) {
  return f == EQUEUE_FILTER_USER || f == EQUEUE_FILTER_TIMER || f == EQUEUE_FILTER_HRTIMER ||
         f == EQUEUE_FILTER_READ || f == EQUEUE_FILTER_WRITE || f == EQUEUE_FILTER_FILE;
}

struct equeue_source *equeue_source_create(const struct equeue_source_desc *desc) {
  if (!desc || queue_owned_filter(desc->filter)) return NULL;
  struct equeue_source *s = calloc(1, sizeof *s);
  if (s) s->d = *desc;
  return s;
}

int equeue_source_attach(struct equeue_source *s, uint64_t h, uint64_t udata, uint16_t flags) {
  if (!s || (flags & ~EQUEUE_EV_CLEAR)) return -KERNEL_EINVAL;
  struct equeue *q = pin(h);
  if (!q) return -KERNEL_EBADF;
  int r = 0;
  pthread_mutex_lock(&source_lock);
  pthread_mutex_lock(&q->lock);
  if (q->closing) {
    r = -KERNEL_EBADF;
  } else {
    struct knote *k = find(q, s->d.filter, s->d.ident);
    if (k && k->src != s) source_unlink(k); /* another source of the same key: now S's */
    if (!k) k = knote_new(q, KNOTE_SOURCE, s->d.filter, s->d.ident);
    if (!k) {
      r = -KERNEL_EAGAIN;
    } else {
      if (!k->src) {
        k->src = s;
        k->snext = s->head;
        s->head = k;
      }
      k->ev.udata = udata;
      k->ev.flags = flags;
    }
  }
  pthread_mutex_unlock(&q->lock);
  pthread_mutex_unlock(&source_lock);
  unpin(q);
  return r;
}

int equeue_source_detach(struct equeue_source *s, uint64_t h) {
  if (!s) return -KERNEL_EINVAL;
  struct equeue *q = pin(h);
  if (!q) return -KERNEL_EBADF;
  pthread_mutex_lock(&source_lock);
  pthread_mutex_lock(&q->lock);
  struct knote *k = q->closing ? NULL : find(q, s->d.filter, s->d.ident);
  int r = q->closing ? -KERNEL_EBADF : k && k->src == s ? 0 : -KERNEL_ENOENT;
  if (r == 0) knote_free(q, k);
  pthread_mutex_unlock(&q->lock);
  pthread_mutex_unlock(&source_lock);
  unpin(q);
  return r;
}

int equeue_source_post(struct equeue_source *s, uint32_t fflags, int64_t data) {
  if (!s) return 0;
  int n = 0;
  pthread_mutex_lock(&source_lock);
  for (struct knote *k = s->head; k; k = k->snext) {
    struct equeue *q = k->q;
    pthread_mutex_lock(&q->lock);
    if (!q->closing) {
      k->ev.data = s->d.merge ? s->d.merge(k->ev.data, data, s->d.ctx) : data;
      k->ev.fflags |= fflags;
      activate(q, k);
      wake_all(q);
      n++;
    }
    pthread_mutex_unlock(&q->lock);
  }
  pthread_mutex_unlock(&source_lock);
  return n;
}

void equeue_source_destroy(struct equeue_source *s) {
  if (!s) return;
  pthread_mutex_lock(&source_lock);
  while (s->head) {
    struct knote *k = s->head;
    struct equeue *q = k->q;
    pthread_mutex_lock(&q->lock);
    knote_free(q, k); /* unlinks K from S */
    pthread_mutex_unlock(&q->lock);
  }
  pthread_mutex_unlock(&source_lock);
  free(s);
}
