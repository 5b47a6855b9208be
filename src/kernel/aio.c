#define _GNU_SOURCE
/* Asynchronous file I/O (aio.h): one lock over the ID table and the lanes; a condition
 * variable per lane wakes its worker, one shared condition variable wakes waiters whenever
 * an ID changes state. */
#include "kernel/aio.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/host_sched.h"
#include "common/log.h"

#define PRIORITIES 3

struct job {
  struct job *next;
  struct aio_request req;
  bool write;
  bool cancelled;
  uint32_t slot; /* ID slot and the ID it was queued for */
  int32_t id;
};

struct slot {
  int32_t id; /* 0: free */
  uint32_t generation;
  int state;     /* AIO_STATE_SUBMITTED .. ABORTED */
  bool notified; /* a terminal state was reported once */
  int queued;    /* requests not started */
  int running;   /* requests started, not finished */
};

struct lane {
  struct job *head[PRIORITIES], *tail[PRIORITIES];
  pthread_cond_t work;
  pthread_t thread;
};

static pthread_mutex_t aio_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t aio_changed;
static struct slot slots[AIO_SLOTS];
static struct lane lanes[AIO_LANES];
static uint32_t next_slot;
static bool started;
static aio_io_fn aio_io;

void aio_set_io(aio_io_fn io) {
  pthread_mutex_lock(&aio_lock);
  aio_io = io;
  pthread_mutex_unlock(&aio_lock);
}

/* ID = (generation << 13) | (slot + 1): slot + 1 is 1..4096 in the low 13 bits, the 18-bit
 * generation above keeps the ID positive and tells a deleted ID from its slot's next one. */
#define ID_SLOT_BITS 13
_Static_assert(AIO_SLOTS <= (1 << ID_SLOT_BITS), "slot numbers fit their bits");
static int32_t make_id(uint32_t s, uint32_t gen) {
  return (int32_t)(((gen & 0x3FFFFu) << ID_SLOT_BITS) | (s + 1));
}

static struct slot *find(int32_t id) {
  if (id <= 0) return NULL;
  uint32_t s = ((uint32_t)id & ((1u << ID_SLOT_BITS) - 1)) - 1;
  if (s >= AIO_SLOTS || slots[s].id != id) return NULL;
  return &slots[s];
}

/* The value, then the state that publishes it (a guest may poll the record itself). A
 * misaligned record (the guest's choice) is written with plain copies after a fence. */
static void write_result(struct aio_result *r, int64_t value, uint32_t state) {
  if (((uintptr_t)r & 7) == 0) {
    __atomic_store_n(&r->value, value, __ATOMIC_RELAXED);
    __atomic_store_n(&r->state, state, __ATOMIC_RELEASE);
    return;
  }
  memcpy((char *)r + offsetof(struct aio_result, value), &value, sizeof value);
  __atomic_thread_fence(__ATOMIC_RELEASE);
  memcpy((char *)r + offsetof(struct aio_result, state), &state, sizeof state);
}

static struct job *lane_pop(struct lane *l) {
  for (int p = PRIORITIES - 1; p >= 0; p--) {
    struct job *j = l->head[p];
    if (!j) continue;
    l->head[p] = j->next;
    if (!l->head[p]) l->tail[p] = NULL;
    return j;
  }
  return NULL;
}

static void *worker(void *arg) {
  struct lane *l = arg;
  pthread_mutex_lock(&aio_lock);
  for (;;) {
    struct job *j = lane_pop(l);
    if (!j) {
      pthread_cond_wait(&l->work, &aio_lock);
      continue;
    }
    if (j->cancelled) { /* its ID was aborted; the result already says so */
      free(j);
      continue;
    }
    struct slot *s = &slots[j->slot];
    s->queued--;
    s->running++;
    if (s->state == AIO_STATE_SUBMITTED) {
      s->state = AIO_STATE_PROCESSING;
      pthread_cond_broadcast(&aio_changed);
    }
    aio_io_fn io = aio_io;
    pthread_mutex_unlock(&aio_lock);
    int64_t v = j->req.error;
    if (!v) v = io ? io(j->req.fd, j->req.buf, j->req.nbyte, j->req.offset, j->write) : -ENOSYS;
    write_result(j->req.result, v, AIO_STATE_COMPLETED);
    pthread_mutex_lock(&aio_lock);
    s->running--;
    if (s->queued == 0 && s->running == 0) {
      s->state = AIO_STATE_COMPLETED;
      pthread_cond_broadcast(&aio_changed);
    }
    free(j);
  }
  return NULL;
}

/* Starts the workers (under the lock). False if none could start. */
static bool start_workers(void) {
  if (started) return true;
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_cond_init(&aio_changed, &ca);
  pthread_condattr_destroy(&ca);
  int ok = 0;
  for (int i = 0; i < AIO_LANES; i++) {
    pthread_cond_init(&lanes[i].work, NULL);
    if (host_sched_thread_create(&lanes[i].thread, NULL, worker, &lanes[i]) == 0) {
      pthread_setname_np(lanes[i].thread, "aio-worker");
      ok++;
    }
  }
  if (ok < AIO_LANES) {
    LOG(kernel, ERROR, "aio: only %d of %d worker threads started", ok, AIO_LANES);
    if (ok == 0) return false;
  }
  started = true;
  return true;
}

/* A free slot (under the lock), or -1. */
static int alloc_slot(void) {
  for (uint32_t k = 0; k < AIO_SLOTS; k++) {
    uint32_t s = (next_slot + k) % AIO_SLOTS;
    if (slots[s].id == 0) {
      next_slot = (s + 1) % AIO_SLOTS;
      return (int)s;
    }
  }
  return -1;
}

int aio_submit(const struct aio_request *reqs, int n, int prio, bool write, bool multiple,
               int32_t *ids) {
  if (n < 1 || n > AIO_REQUESTS_MAX) return -EINVAL;
  if (prio < AIO_PRIORITY_LOW || prio > AIO_PRIORITY_HIGH) return -EINVAL;
  struct job *jobs[AIO_REQUESTS_MAX];
  for (int i = 0; i < n; i++) {
    jobs[i] = calloc(1, sizeof *jobs[i]);
    if (!jobs[i]) {
      while (i-- > 0) free(jobs[i]);
      return -ENOMEM;
    }
  }
  pthread_mutex_lock(&aio_lock);
  int want = multiple ? n : 1, got = 0;
  int taken[AIO_REQUESTS_MAX];
  bool ok = start_workers();
  for (; ok && got < want; got++) {
    taken[got] = alloc_slot();
    if (taken[got] < 0) break;
    slots[taken[got]].id = -1; /* reserved while the rest are found */
  }
  if (!ok || got < want) {
    for (int i = 0; i < got; i++) slots[taken[i]].id = 0;
    pthread_mutex_unlock(&aio_lock);
    for (int i = 0; i < n; i++) free(jobs[i]);
    return ok ? -EAGAIN : -ENOMEM;
  }
  for (int i = 0; i < want; i++) {
    struct slot *s = &slots[taken[i]];
    s->generation++;
    s->id = make_id((uint32_t)taken[i], s->generation);
    s->state = AIO_STATE_SUBMITTED;
    s->notified = false;
    s->queued = multiple ? 1 : n;
    s->running = 0;
    ids[i] = s->id;
  }
  for (int i = 0; i < n; i++) {
    struct job *j = jobs[i];
    j->req = reqs[i];
    j->write = write;
    j->slot = (uint32_t)taken[multiple ? i : 0];
    j->id = slots[j->slot].id;
    write_result(j->req.result, 0, AIO_STATE_SUBMITTED);
    struct lane *l = &lanes[(unsigned)j->req.fd % AIO_LANES];
    int p = prio - 1;
    if (l->tail[p]) l->tail[p]->next = j;
    else l->head[p] = j;
    l->tail[p] = j;
    pthread_cond_signal(&l->work);
  }
  pthread_mutex_unlock(&aio_lock);
  return 0;
}

static bool terminal(int state) {
  return state == AIO_STATE_COMPLETED || state == AIO_STATE_ABORTED;
}

/* The reported state of ID (under the lock); a terminal one is marked notified when
 * NOTIFY. */
static int32_t report(int32_t id, bool notify) {
  struct slot *s = find(id);
  if (!s) return -ESRCH;
  int32_t v = s->state | (s->notified ? AIO_STATE_NOTIFIED : 0);
  if (notify && terminal(s->state)) s->notified = true;
  return v;
}

int aio_poll(const int32_t *ids, int n, int32_t *states) {
  if (n < 1 || n > AIO_IDS_MAX) return -EINVAL;
  pthread_mutex_lock(&aio_lock);
  for (int i = 0; i < n; i++) states[i] = report(ids[i], true);
  pthread_mutex_unlock(&aio_lock);
  return 0;
}

/* True when a wait on IDS is satisfied (under the lock). */
static bool wait_done(const int32_t *ids, int n, int mode) {
  bool all = true, fresh = false;
  for (int i = 0; i < n; i++) {
    struct slot *s = find(ids[i]);
    if (!s) continue; /* reported as ESRCH in its slot */
    if (!terminal(s->state)) all = false;
    else if (!s->notified) fresh = true;
  }
  return all || (mode == AIO_WAIT_OR && fresh);
}

static uint64_t now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000u + (uint64_t)t.tv_nsec / 1000u;
}

int aio_wait(const int32_t *ids, int n, int32_t *states, int mode, uint32_t *usec) {
  if (n < 1 || n > AIO_IDS_MAX) return -EINVAL;
  if (n == 1) mode = AIO_WAIT_AND;
  else if (mode != AIO_WAIT_AND && mode != AIO_WAIT_OR) return -EINVAL;
  uint64_t start = now_us();
  uint64_t deadline = usec ? start + *usec : 0;
  struct timespec abs;
  if (usec) {
    abs.tv_sec = (time_t)(deadline / 1000000u);
    abs.tv_nsec = (long)(deadline % 1000000u) * 1000;
  }
  pthread_mutex_lock(&aio_lock);
  if (!started) start_workers(); /* aio_changed must exist */
  int r = 0;
  while (!wait_done(ids, n, mode)) {
    if (usec && now_us() >= deadline) {
      r = -ETIMEDOUT;
      break;
    }
    if (usec) pthread_cond_timedwait(&aio_changed, &aio_lock, &abs);
    else pthread_cond_wait(&aio_changed, &aio_lock);
  }
  /* the notifying scan: one waiter (or poller) sees each terminal state first */
  for (int i = 0; i < n; i++) states[i] = report(ids[i], r == 0);
  pthread_mutex_unlock(&aio_lock);
  if (usec) {
    uint64_t spent = now_us() - start;
    *usec = r ? 0 : spent >= *usec ? 0 : (uint32_t)(*usec - spent);
  }
  return r;
}

int aio_cancel(const int32_t *ids, int n, int32_t *states) {
  if (n < 1 || n > AIO_IDS_MAX) return -EINVAL;
  pthread_mutex_lock(&aio_lock);
  for (int i = 0; i < n; i++) {
    struct slot *s = find(ids[i]);
    if (s && s->state == AIO_STATE_SUBMITTED) {
      for (int l = 0; l < AIO_LANES; l++)
        for (int p = 0; p < PRIORITIES; p++)
          for (struct job *j = lanes[l].head[p]; j; j = j->next)
            if (!j->cancelled && j->id == s->id) {
              j->cancelled = true;
              write_result(j->req.result, 0, AIO_STATE_ABORTED);
            }
      s->queued = 0;
      s->state = AIO_STATE_ABORTED;
      pthread_cond_broadcast(&aio_changed);
    }
    states[i] = report(ids[i], false);
  }
  pthread_mutex_unlock(&aio_lock);
  return 0;
}

int aio_delete(const int32_t *ids, int n, int32_t *results) {
  if (n < 1 || n > AIO_IDS_MAX) return -EINVAL;
  pthread_mutex_lock(&aio_lock);
  for (int i = 0; i < n; i++) {
    struct slot *s = find(ids[i]);
    if (!s) results[i] = -ESRCH;
    else if (!terminal(s->state)) results[i] = -EBUSY;
    else {
      s->id = 0;
      results[i] = 0;
    }
  }
  pthread_mutex_unlock(&aio_lock);
  return 0;
}
