/* The virtual vblank and the flip pacing. A host thread sleeps to absolute deadlines on
 * CLOCK_MONOTONIC (start + n * period), so a late wake-up never shifts the following ones;
 * deadlines missed entirely are counted as vblanks (the count follows the clock). At each
 * vblank at most one queued flip is done, when the flip rate allows it and the presenter has
 * finished with the previous frame (a slow presenter delays flips, never the vblank). The
 * presenter thread runs the app's present ops outside the port lock. */
#include <errno.h>
#include <sched.h>
#include <sys/prctl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/host_sched.h"
#include "common/log.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libSceVideoOut/videoout_internal.h"

static struct videoout_present_ops present_ops;
static bool present_installed;
static unsigned vblank_hz = 60;
static videoout_vblank_observer observer;
static void *observer_ctx;

static pthread_t vblank_thread, present_thread;
static bool threads_running, threads_stop;
static bool present_busy;     /* the presenter holds a frame */
static bool present_has_work; /* PRESENT_FRAME waits for the presenter */
static struct videoout_frame present_frame;
static pthread_cond_t present_cond = PTHREAD_COND_INITIALIZER;

void videoout_set_present_ops(const struct videoout_present_ops *ops) {
  present_installed = ops && ops->present;
  if (present_installed) present_ops = *ops;
}

bool videoout_set_vblank_hz(unsigned hz) {
  if (hz < 1 || hz > 1000) return false;
  vblank_hz = hz;
  return true;
}

unsigned videoout_vblank_hz(void) { return vblank_hz; }

void videoout_set_vblank_observer(videoout_vblank_observer fn, void *ctx) {
  pthread_mutex_lock(&videoout_lock);
  observer = fn;
  observer_ctx = ctx;
  pthread_mutex_unlock(&videoout_lock);
}

static uint64_t mono_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Event data as the console packs it: bits 16-63 the flip argument (or 0), bits 12-15 the
 * number of posts since the guest last collected the event (saturating at 15). */
static int64_t event_merge(int64_t current, int64_t posted, void *ctx) {
  (void)ctx;
  uint64_t count = (((uint64_t)current >> 12) & 0xf) + 1;
  if (count > 15) count = 15;
  return (int64_t)(((uint64_t)posted & ~(uint64_t)0xffff) | count << 12);
}

struct equeue_source *videoout_source_create(uint64_t ident) {
  struct equeue_source_desc d = {
      .filter = EQUEUE_FILTER_VIDEO_OUT, .ident = ident, .merge = event_merge};
  return equeue_source_create(&d);
}

/* One vblank (LATE_BY extra deadlines passed), under the lock. Returns true and fills *FLIP
 * with the flip done, if any. */
static bool vblank_tick(uint64_t missed, struct videoout_flip_request *done) {
  struct videoout_port *p = &videoout_port;
  p->vblank.count += 1 + missed;
  p->vblank.process_time = kernel_get_process_time();
  p->vblank.tsc = kernel_read_tsc();
  pthread_cond_broadcast(&videoout_vblank_cond);
  if (!p->queue_len) return false;
  if (p->flip.count && p->vblank.count - p->last_flip_vblank < (uint64_t)p->flip_rate + 1)
    return false;
  if (present_installed && present_busy) return false;
  *done = p->queue[p->queue_head];
  p->queue_head = (p->queue_head + 1) % VIDEOOUT_FLIP_QUEUE_MAX;
  p->queue_len--;
  p->last_flip_vblank = p->vblank.count;
  p->flip.count++;
  p->flip.process_time = p->vblank.process_time;
  p->flip.tsc = p->vblank.tsc;
  p->flip.flip_arg = done->arg;
  p->flip.current_buffer = done->index;
  p->flip.flip_pending_num--;
  if (done->gpu) p->flip.gc_queue_num--;
  videoout_labels_sync_locked(p, done->index); /* 0 unless another flip of it is queued */
  if (present_installed) {
    struct videoout_frame f = {
        .buffer_index = done->index, .flip_count = p->flip.count, .vblank_count = p->vblank.count};
    if (done->index >= 0) {
      const struct videoout_slot *s = &p->slot[done->index];
      const struct videoout_buffer_attribute *a = &p->group[s->group].attr;
      f.address = s->address;
      f.pixel_format = a->pixel_format;
      f.pixel_format2 = p->group[s->group].pixel_format2;
      f.tiling_mode = a->tiling_mode;
      f.width = a->width;
      f.height = a->height;
      f.pitch_in_pixel = a->pitch_in_pixel;
    }
    present_frame = f;
    present_busy = true;
    present_has_work = true;
    pthread_cond_signal(&present_cond);
  }
  return true;
}

/* The vblank thread asks for a real-time priority (granted only with CAP_SYS_NICE or an
 * rtprio limit; otherwise it stays a normal thread, logged) and the finest timer slack, so
 * busy guest threads delay its wake-ups as little as the host allows. */
static void vblank_thread_tune(void) {
  prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
  struct sched_param sp = {.sched_priority = sched_get_priority_min(SCHED_FIFO)};
  int r = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
  if (r) LOG_ONCE(hle, DEBUG, "videoout: no real-time priority for the vblank thread (%d)", r);
}

static void *vblank_main(void *arg) {
  (void)arg;
  vblank_thread_tune();
  uint64_t period = 1000000000u / vblank_hz;
  uint64_t start = mono_ns(), n = 0;
  for (;;) {
    uint64_t deadline = start + ++n * period;
    struct timespec ts = {.tv_sec = (time_t)(deadline / 1000000000u),
                          .tv_nsec = (long)(deadline % 1000000000u)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {
    }
    uint64_t woke = mono_ns();
    uint64_t missed = woke > deadline ? (woke - deadline) / period : 0;
    n += missed;
    pthread_mutex_lock(&videoout_lock);
    if (threads_stop) {
      pthread_mutex_unlock(&videoout_lock);
      break;
    }
    struct videoout_flip_request done;
    bool flipped = vblank_tick(missed, &done);
    struct equeue_source *fs = videoout_port.flip_source, *vs = videoout_port.vblank_source;
    videoout_vblank_observer obs = observer;
    void *obs_ctx = observer_ctx;
    /* posting under the port lock keeps the sources alive (close destroys them under it) */
    if (flipped) equeue_source_post(fs, 0, (int64_t)((uint64_t)done.arg << 16));
    equeue_source_post(vs, 0, 0);
    pthread_mutex_unlock(&videoout_lock);
    if (obs) obs(deadline, woke, obs_ctx);
  }
  return NULL;
}

static void *present_main(void *arg) {
  (void)arg;
  pthread_mutex_lock(&videoout_lock);
  for (;;) {
    while (!present_has_work && !threads_stop) pthread_cond_wait(&present_cond, &videoout_lock);
    if (!present_has_work) break;
    struct videoout_frame f = present_frame;
    present_has_work = false;
    pthread_mutex_unlock(&videoout_lock);
    present_ops.present(present_ops.ctx, &f);
    pthread_mutex_lock(&videoout_lock);
    present_busy = false;
  }
  pthread_mutex_unlock(&videoout_lock);
  return NULL;
}

bool videoout_threads_start(void) {
  pthread_mutex_lock(&videoout_lock);
  bool running = threads_running;
  threads_stop = false;
  present_busy = present_has_work = false;
  pthread_mutex_unlock(&videoout_lock);
  if (running) return true;
  if (present_installed && host_sched_thread_create(&present_thread, NULL, present_main, NULL)) {
    LOG(hle, ERROR, "videoout: cannot start the presenter thread");
    return false;
  }
  if (host_sched_thread_create(&vblank_thread, NULL, vblank_main, NULL)) {
    LOG(hle, ERROR, "videoout: cannot start the vblank thread");
    if (present_installed) {
      pthread_mutex_lock(&videoout_lock);
      threads_stop = true;
      pthread_cond_broadcast(&present_cond);
      pthread_mutex_unlock(&videoout_lock);
      pthread_join(present_thread, NULL);
    }
    return false;
  }
  threads_running = true;
  return true;
}

/* The presenter finishes the frame it holds (a flip it already reported) before it stops. */
void videoout_threads_stop(void) {
  if (!threads_running) return;
  pthread_mutex_lock(&videoout_lock);
  threads_stop = true;
  pthread_cond_broadcast(&present_cond);
  pthread_mutex_unlock(&videoout_lock);
  pthread_join(vblank_thread, NULL);
  if (present_installed) pthread_join(present_thread, NULL);
  threads_running = false;
}
