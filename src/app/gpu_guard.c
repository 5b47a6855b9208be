/* Jobs reading guest memory against the guest's unmaps (gpu_guard.h). */
#include "gpu_guard.h"

void app_gpu_guard_init(struct app_gpu_guard *g) {
  *g = (struct app_gpu_guard){0};
  pthread_mutex_init(&g->lock, NULL);
  pthread_cond_init(&g->cond, NULL);
}

void app_gpu_guard_fini(struct app_gpu_guard *g) {
  pthread_cond_destroy(&g->cond);
  pthread_mutex_destroy(&g->lock);
}

static struct app_gpu_guard the_guard;
static pthread_once_t the_guard_once = PTHREAD_ONCE_INIT;
static void make_the_guard(void) { app_gpu_guard_init(&the_guard); }

struct app_gpu_guard *app_gpu_guard(void) {
  pthread_once(&the_guard_once, make_the_guard);
  return &the_guard;
}

static bool overlaps(uint64_t lo, uint64_t hi, const struct app_gpu_span *s) {
  return lo < s->hi && s->lo < hi;
}

static struct app_gpu_span span_of(uint64_t addr, uint64_t size) {
  return (struct app_gpu_span){addr, size > UINT64_MAX - addr ? UINT64_MAX : addr + size};
}

uint64_t app_gpu_guard_epoch(struct app_gpu_guard *g) {
  pthread_mutex_lock(&g->lock);
  uint64_t e = g->epoch;
  pthread_mutex_unlock(&g->lock);
  return e;
}

bool app_gpu_guard_use_begin(struct app_gpu_guard *g, uint64_t lo, uint64_t hi, uint64_t epoch) {
  pthread_mutex_lock(&g->lock);
  int slot;
  for (;;) {
    bool blocked = false;
    for (int i = 0; !blocked && i < APP_GPU_GUARD_UNMAPS; i++)
      blocked = g->unmap_busy[i] && overlaps(lo, hi, &g->unmap[i]);
    slot = -1;
    for (int i = 0; slot < 0 && i < APP_GPU_GUARD_USES; i++)
      if (!g->use_busy[i]) slot = i;
    if (!blocked && slot >= 0) break;
    pthread_cond_wait(&g->cond, &g->lock);
  }
  bool current = g->epoch == epoch;
  if (current) {
    g->use_busy[slot] = true;
    g->use[slot] = (struct app_gpu_span){lo, hi};
  }
  pthread_mutex_unlock(&g->lock);
  return current;
}

void app_gpu_guard_use_end(struct app_gpu_guard *g, uint64_t lo, uint64_t hi) {
  pthread_mutex_lock(&g->lock);
  for (int i = 0; i < APP_GPU_GUARD_USES; i++)
    if (g->use_busy[i] && g->use[i].lo == lo && g->use[i].hi == hi) {
      g->use_busy[i] = false;
      break;
    }
  pthread_cond_broadcast(&g->cond);
  pthread_mutex_unlock(&g->lock);
}

void app_gpu_guard_unmap_begin(uint64_t addr, uint64_t size, void *ctx) {
  struct app_gpu_guard *g = ctx;
  struct app_gpu_span s = span_of(addr, size);
  pthread_mutex_lock(&g->lock);
  int slot;
  for (;;) {
    slot = -1;
    for (int i = 0; slot < 0 && i < APP_GPU_GUARD_UNMAPS; i++)
      if (!g->unmap_busy[i]) slot = i;
    if (slot >= 0) break;
    pthread_cond_wait(&g->cond, &g->lock);
  }
  /* recorded first: jobs starting from now on wait for the end */
  g->unmap_busy[slot] = true;
  g->unmap[slot] = s;
  bool waited = false;
  for (;;) {
    bool used = false;
    for (int i = 0; !used && i < APP_GPU_GUARD_USES; i++)
      used = g->use_busy[i] && overlaps(s.lo, s.hi, &g->use[i]);
    if (!used) break;
    waited = true;
    pthread_cond_wait(&g->cond, &g->lock);
  }
  if (waited) g->waits++;
  pthread_mutex_unlock(&g->lock);
}

void app_gpu_guard_unmap_end(uint64_t addr, uint64_t size, void *ctx) {
  struct app_gpu_guard *g = ctx;
  struct app_gpu_span s = span_of(addr, size);
  pthread_mutex_lock(&g->lock);
  for (int i = 0; i < APP_GPU_GUARD_UNMAPS; i++)
    if (g->unmap_busy[i] && g->unmap[i].lo == s.lo && g->unmap[i].hi == s.hi) {
      g->unmap_busy[i] = false;
      break;
    }
  g->epoch++;
  pthread_cond_broadcast(&g->cond);
  pthread_mutex_unlock(&g->lock);
}
