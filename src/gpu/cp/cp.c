/* The command processor: queues, scheduler, submissions, the dump hook and the GPU thread
 * (cp.h). The packets themselves are executed in cp_exec.c. */
#include "gpu/cp/cp.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/log.h"
#include "gpu/cp/cp_internal.h"

const char *cp_queue_name(unsigned queue, char *buf, unsigned cap) {
  if (queue == CP_GFX_QUEUE) snprintf(buf, cap, "graphics");
  else if (queue < CP_QUEUES)
    snprintf(buf, cap, "compute %u.%u", (queue - 1) / CP_QUEUES_PER_PIPE,
             (queue - 1) % CP_QUEUES_PER_PIPE);
  else snprintf(buf, cap, "queue %u", queue);
  return buf;
}

struct cp *cp_create(const struct cp_ops *ops) {
  if (!ops || !ops->mem_map) return NULL;
  struct cp *cp = calloc(1, sizeof(*cp));
  if (!cp) return NULL;
  cp->ops = *ops;
  pthread_mutex_init(&cp->lock, NULL);
  pthread_mutex_init(&cp->turn_lock, NULL);
  pthread_cond_init(&cp->wake, NULL);
  pthread_cond_init(&cp->unmap_cond, NULL);
  for (unsigned i = 0; i < CP_QUEUES; i++) {
    cp->q[i].id = i;
    cp->q[i].cp = cp;
    cp_queue_new_state(&cp->q[i]);
  }
  return cp;
}

void cp_destroy(struct cp *cp) {
  if (!cp) return;
  cp_thread_stop(cp);
  for (unsigned i = 0; i < CP_QUEUES; i++) cp_ce_free(&cp->q[i]);
  pthread_mutex_destroy(&cp->lock);
  pthread_mutex_destroy(&cp->turn_lock);
  pthread_cond_destroy(&cp->wake);
  pthread_cond_destroy(&cp->unmap_cond);
  free(cp->dump_dir);
  free(cp);
}

static void dump_submission(struct cp *cp, unsigned queue, uint64_t addr, const uint32_t *w,
                            uint32_t n, uint64_t seq);

int cp_submit(struct cp *cp, unsigned queue, uint64_t addr, uint32_t dwords) {
  if (queue >= CP_QUEUES || dwords == 0) return -EINVAL;
  const uint32_t *w = cp->ops.mem_map(cp->ops.ctx, addr, (uint64_t)dwords * 4, false);
  if (!w) return -EFAULT;
  struct cp_queue *q = &cp->q[queue];
  pthread_mutex_lock(&cp->lock);
  if (__atomic_load_n(&q->status, __ATOMIC_ACQUIRE) == CP_QUEUE_STOPPED) {
    pthread_mutex_unlock(&cp->lock);
    return -EPIPE;
  }
  if (q->fifo_count == CP_SUBMIT_FIFO) {
    pthread_mutex_unlock(&cp->lock);
    return -EAGAIN;
  }
  struct cp_submission *s = &q->fifo[(q->fifo_head + q->fifo_count) % CP_SUBMIT_FIFO];
  s->addr = addr;
  s->dwords = dwords;
  q->fifo_count++;
  uint64_t seq = q->submitted++;
  if (__atomic_load_n(&q->status, __ATOMIC_ACQUIRE) == CP_QUEUE_IDLE)
    __atomic_store_n(&q->status, CP_QUEUE_READY, __ATOMIC_RELEASE);
  pthread_cond_signal(&cp->wake);
  bool dump = cp->dump_dir != NULL;
  pthread_mutex_unlock(&cp->lock);
  if (dump) dump_submission(cp, queue, addr, w, dwords, seq);
  return 0;
}

/* Takes the next submission of Q into its cursor; false when there is none. */
static bool next_submission(struct cp *cp, struct cp_queue *q) {
  pthread_mutex_lock(&cp->lock);
  if (q->fifo_count == 0) {
    if (__atomic_load_n(&q->status, __ATOMIC_ACQUIRE) != CP_QUEUE_STOPPED)
      __atomic_store_n(&q->status, CP_QUEUE_IDLE, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&cp->lock);
    return false;
  }
  struct cp_submission s = q->fifo[q->fifo_head];
  q->fifo_head = (q->fifo_head + 1) % CP_SUBMIT_FIFO;
  q->fifo_count--;
  pthread_mutex_unlock(&cp->lock);
  const uint32_t *w = cp->ops.mem_map(cp->ops.ctx, s.addr, (uint64_t)s.dwords * 4, false);
  q->depth = 0;
  q->stats.submissions++;
  if (!w) {
    /* unmapped since it was submitted */
    cp_queue_fail(q, NULL, "submission at 0x%" PRIx64 " (%" PRIu32 " dwords) is no longer mapped",
                  s.addr, s.dwords);
    return false;
  }
  q->frame[0] = (struct cp_frame){.w = w, .size = s.dwords, .pos = 0, .addr = s.addr};
  q->depth = 1;
  return true;
}

void cp_queue_fail(struct cp_queue *q, const struct cp_frame *f, const char *fmt, ...) {
  char msg[256], name[32], words[9 * 8 + 8] = "";
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  if (f && f->pos < f->size) {
    struct pm4_header h = pm4_header_decode(f->w[f->pos]);
    uint32_t n = h.dwords, left = f->size - f->pos;
    if (n > left) n = left;
    if (n > 8) n = 8;
    size_t o = 0;
    for (uint32_t i = 0; i < n; i++)
      o += (size_t)snprintf(words + o, sizeof(words) - o, " %08" PRIx32, f->w[f->pos + i]);
    if (h.dwords > n) snprintf(words + o, sizeof(words) - o, " ...");
    LOG(gpu, ERROR,
        "cp: %s queue stopped at 0x%" PRIx64 " (dword %" PRIu32 " of a %" PRIu32
        "-dword buffer at 0x%" PRIx64 ", indirect depth %u): %s; packet:%s",
        cp_queue_name(q->id, name, sizeof(name)), f->addr + (uint64_t)f->pos * 4, f->pos, f->size,
        f->addr, q->depth ? q->depth - 1 : 0, msg, words);
  } else {
    LOG(gpu, ERROR, "cp: %s queue stopped: %s", cp_queue_name(q->id, name, sizeof(name)), msg);
  }
  q->depth = 0;
  __atomic_store_n(&q->status, CP_QUEUE_STOPPED, __ATOMIC_RELEASE);
}

/* Runs Q for one turn, under turn_lock. True if it made progress. */
static bool run_queue(struct cp *cp, struct cp_queue *q) {
  bool progress = false;
  /* a guest unmap waiting for the turns goes first: the mutex is not fair, and the runner,
   * which takes it again at once, could otherwise hold an unmap off for many turns */
  if (__atomic_load_n(&cp->unmaps_waiting, __ATOMIC_ACQUIRE)) {
    pthread_mutex_lock(&cp->lock);
    while (__atomic_load_n(&cp->unmaps_waiting, __ATOMIC_ACQUIRE))
      pthread_cond_wait(&cp->unmap_cond, &cp->lock);
    pthread_mutex_unlock(&cp->lock);
  }
  pthread_mutex_lock(&cp->turn_lock);
  /* a guest unmap may have stopped it since the pass looked */
  enum cp_queue_status st = __atomic_load_n(&q->status, __ATOMIC_ACQUIRE);
  if (st == CP_QUEUE_STOPPED || st == CP_QUEUE_IDLE) {
    pthread_mutex_unlock(&cp->turn_lock);
    return false;
  }
  for (unsigned n = 0; n < CP_PACKETS_PER_TURN;) {
    if (q->depth == 0 && !next_submission(cp, q)) break;
    struct cp_frame *f = &q->frame[q->depth - 1];
    if (f->pos >= f->size) { /* end of this buffer: back to the one that called it */
      q->depth--;
      progress = true;
      n++;
      continue;
    }
    unsigned ran = 0;
    enum cp_step r = cp_exec_run(q, f, CP_PACKETS_PER_TURN - n, &ran);
    n += ran;
    if (ran && !progress) {
      if (r != CP_STEP_STOPPED) __atomic_store_n(&q->status, CP_QUEUE_READY, __ATOMIC_RELEASE);
      progress = true;
    }
    if (r == CP_STEP_BLOCKED) {
      __atomic_store_n(&q->status, CP_QUEUE_BLOCKED, __ATOMIC_RELEASE);
      q->stats.wait_polls++;
      break;
    }
    if (r == CP_STEP_STOPPED) {
      progress = true;
      break;
    }
  }
  pthread_mutex_unlock(&cp->turn_lock);
  return progress;
}

unsigned cp_unmap_begin(struct cp *cp, uint64_t addr, uint64_t size) {
  __atomic_add_fetch(&cp->unmaps_waiting, 1, __ATOMIC_ACQ_REL);
  pthread_mutex_lock(&cp->turn_lock);
  pthread_mutex_lock(&cp->lock);
  __atomic_sub_fetch(&cp->unmaps_waiting, 1, __ATOMIC_ACQ_REL);
  pthread_cond_broadcast(&cp->unmap_cond);
  pthread_mutex_unlock(&cp->lock);
  uint64_t end = size > UINT64_MAX - addr ? UINT64_MAX : addr + size;
  unsigned stopped = 0;
  for (unsigned i = 0; i < CP_QUEUES; i++) {
    struct cp_queue *q = &cp->q[i];
    for (unsigned d = 0; d < q->depth; d++) {
      const struct cp_frame *f = &q->frame[d];
      if (f->addr >= end || addr >= f->addr + (uint64_t)f->size * 4) continue;
      cp_queue_fail(q, NULL,
                    "the guest unmapped its command buffer at 0x%" PRIx64 " (%" PRIu32
                    " dwords, indirect depth %u) while it ran",
                    f->addr, f->size, d);
      stopped++;
      break;
    }
  }
  return stopped;
}

void cp_unmap_end(struct cp *cp) { pthread_mutex_unlock(&cp->turn_lock); }

bool cp_run(struct cp *cp) {
  bool progress = false;
  for (unsigned i = 0; i < CP_QUEUES; i++) {
    struct cp_queue *q = &cp->q[i];
    enum cp_queue_status st = __atomic_load_n(&q->status, __ATOMIC_ACQUIRE);
    if (st == CP_QUEUE_IDLE || st == CP_QUEUE_STOPPED) continue;
    if (run_queue(cp, q)) progress = true;
  }
  return progress;
}

bool cp_run_until_idle(struct cp *cp, unsigned max_passes) {
  for (unsigned p = 0; p < max_passes; p++)
    if (!cp_run(cp)) break;
  for (unsigned i = 0; i < CP_QUEUES; i++) {
    enum cp_queue_status st = cp_queue_status(cp, i);
    if (st == CP_QUEUE_READY || st == CP_QUEUE_BLOCKED) return false;
  }
  return true;
}

enum cp_queue_status cp_queue_status(const struct cp *cp, unsigned queue) {
  if (queue >= CP_QUEUES) return CP_QUEUE_STOPPED;
  return __atomic_load_n(&cp->q[queue].status, __ATOMIC_ACQUIRE);
}

void cp_queue_reset(struct cp *cp, unsigned queue) {
  if (queue >= CP_QUEUES) return;
  struct cp_queue *q = &cp->q[queue];
  pthread_mutex_lock(&cp->lock);
  q->fifo_count = 0;
  q->depth = 0;
  q->pred_active = false;
  cp_ce_drop_work(q);
  __atomic_store_n(&q->status, CP_QUEUE_IDLE, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&cp->lock);
}

void cp_reset(struct cp *cp) {
  pthread_mutex_lock(&cp->lock);
  for (unsigned i = 0; i < CP_QUEUES; i++) {
    cp_ce_free(&cp->q[i]);
    memset(&cp->q[i], 0, sizeof(cp->q[i]));
    cp->q[i].id = i;
    cp->q[i].cp = cp;
    cp_queue_new_state(&cp->q[i]);
  }
  pthread_mutex_unlock(&cp->lock);
}

uint32_t cp_reg(const struct cp *cp, unsigned queue, uint32_t reg) {
  if (queue >= CP_QUEUES) return 0;
  const uint32_t *p = cp_reg_slot((struct cp_queue *)&cp->q[queue], reg);
  return p ? *p : 0;
}

struct cp_stats cp_queue_stats(const struct cp *cp, unsigned queue) {
  struct cp_stats z = {0};
  return queue < CP_QUEUES ? cp->q[queue].stats : z;
}

/* ---- the dump hook ---- */

struct dump_read_ctx {
  struct cp *cp;
};

static bool dump_read(void *ctx, uint64_t addr, uint32_t *dst, uint32_t dwords) {
  struct cp *cp = ctx;
  const void *p = cp->ops.mem_map(cp->ops.ctx, addr, (uint64_t)dwords * 4, false);
  if (!p) return false;
  memcpy(dst, p, (size_t)dwords * 4);
  return true;
}

int cp_set_dump_dir(struct cp *cp, const char *dir) {
  char *copy = dir ? strdup(dir) : NULL;
  if (dir && !copy) return -ENOMEM;
  pthread_mutex_lock(&cp->lock);
  free(cp->dump_dir);
  cp->dump_dir = copy;
  pthread_mutex_unlock(&cp->lock);
  return 0;
}

static void dump_submission(struct cp *cp, unsigned queue, uint64_t addr, const uint32_t *w,
                            uint32_t n, uint64_t seq) {
  char path[4096], name[32];
  pthread_mutex_lock(&cp->lock);
  if (!cp->dump_dir) {
    pthread_mutex_unlock(&cp->lock);
    return;
  }
  snprintf(path, sizeof(path), "%s/pm4-q%02u-%06" PRIu64 ".txt", cp->dump_dir, queue, seq);
  pthread_mutex_unlock(&cp->lock);
  /* the raw dwords beside the listing, for prospero-pm4 and bug reports */
  size_t len = strlen(path);
  memcpy(path + len - 4, ".pm4", 4);
  pthread_mutex_lock(&cp->turn_lock); /* the guest memory stays mapped while it is read */
  FILE *raw = fopen(path, "wb");
  if (raw) {
    fwrite(w, 4, n, raw);
    fclose(raw);
  }
  memcpy(path + len - 4, ".txt", 4);
  FILE *f = raw ? fopen(path, "w") : NULL;
  if (!f) {
    pthread_mutex_unlock(&cp->turn_lock);
    LOG_ONCE(gpu, ERROR, "cp: --dump-pm4: cannot write %s: %s", path, strerror(errno));
    return;
  }
  fprintf(f, "# %s queue, submission %" PRIu64 ": %" PRIu32 " dwords at 0x%" PRIx64 "\n",
          cp_queue_name(queue, name, sizeof(name)), seq, n, addr);
  struct pm4_list_opts o = {.read = dump_read, .ctx = cp, .base = addr};
  unsigned bad = pm4_list(f, w, n, &o);
  if (bad) fprintf(f, "# %u malformed packets\n", bad);
  fclose(f);
  pthread_mutex_unlock(&cp->turn_lock);
}

/* ---- the GPU thread ---- */

static bool any_work(struct cp *cp, bool *blocked) {
  bool work = false;
  *blocked = false;
  for (unsigned i = 0; i < CP_QUEUES; i++) {
    enum cp_queue_status st = cp_queue_status(cp, i);
    if (st == CP_QUEUE_READY) work = true;
    if (st == CP_QUEUE_BLOCKED) *blocked = true;
  }
  return work;
}

static void *gpu_thread(void *arg) {
  struct cp *cp = arg;
  for (;;) {
    pthread_mutex_lock(&cp->lock);
    bool blocked;
    while (!cp->stop && !any_work(cp, &blocked)) {
      if (blocked) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 50 * 1000;
        if (ts.tv_nsec >= 1000000000) {
          ts.tv_sec++;
          ts.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&cp->wake, &cp->lock, &ts);
        break;
      }
      pthread_cond_wait(&cp->wake, &cp->lock);
    }
    bool stop = cp->stop;
    pthread_mutex_unlock(&cp->lock);
    if (stop) break;
    cp_run(cp);
  }
  return NULL;
}

int cp_thread_start(struct cp *cp) {
  if (cp->thread_running) return -EBUSY;
  cp->stop = false;
  int e = pthread_create(&cp->thread, NULL, gpu_thread, cp);
  if (e) return -e;
  cp->thread_running = true;
  return 0;
}

void cp_thread_stop(struct cp *cp) {
  if (!cp->thread_running) return;
  pthread_mutex_lock(&cp->lock);
  cp->stop = true;
  pthread_cond_broadcast(&cp->wake);
  pthread_mutex_unlock(&cp->lock);
  pthread_join(cp->thread, NULL);
  cp->thread_running = false;
}
