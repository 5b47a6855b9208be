/* The flip labels and the end-of-pipe flips (videoout.h "Flip labels").
 *
 * The label page is the kernel's mapping at 0xC_8000_4000 that the console's flip sequence
 * addresses (captured: sceAgcDriverSetFlip's RELEASE_MEM writes 1 to 0xC_800040A0 + index * 8
 * with an interrupt, WaitUntilSafeForRendering's WAIT_REG_MEM64 waits until those 64 bits are
 * 0; docs/videoout.md). It is committed in guest memory when the guest bands exist, so the
 * guest and the command processor (through the app's memory op) see it at that address; a
 * host without the bands (the sanitizer builds' unit tests) gets a host page that
 * videoout_labels_host() hands to the command processor's memory op instead.
 *
 * Every label word is written under videoout_lock; the unmap guard takes the page away under
 * it before a guest unmap changes the pages, so a label write never reaches a page the guest
 * gave back. */
#include <inttypes.h>
#include <sys/mman.h>

#include "common/log.h"
#include "hle/libSceVideoOut/videoout_internal.h"
#include "kernel/guest_vm.h"

static pthread_mutex_t map_lock = PTHREAD_MUTEX_INITIALIZER;
static bool map_tried;
static uint64_t *label_page; /* the page (guarded by videoout_lock); NULL: none */

/* The registered end-of-pipe flips: id FIRST + n in slot n % VIDEOOUT_EOP_FLIPS. */
struct eop_flip {
  uint32_t id; /* 0: free */
  uint32_t handle, mode;
  int32_t index;
  int64_t arg;
  bool retired; /* its interrupt came at least once */
};
static struct eop_flip eop_flips[VIDEOOUT_EOP_FLIPS]; /* guarded by videoout_lock */
static uint32_t eop_next = VIDEOOUT_EOP_FLIP_ID_FIRST;

/* A guest unmap over the label page: video out stops writing it (logged). */
static void labels_unmap_begin(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  if (addr >= VIDEOOUT_LABEL_PAGE + VIDEOOUT_LABEL_PAGE_SIZE || VIDEOOUT_LABEL_PAGE >= addr + size)
    return;
  pthread_mutex_lock(&videoout_lock);
  bool had = label_page != NULL;
  label_page = NULL;
  pthread_mutex_unlock(&videoout_lock);
  if (had)
    LOG(hle, GAME_ERROR,
        "videoout: the guest unmapped the flip label page 0x%" PRIx64
        ": flips no longer clear their labels, and waits on them do not end",
        (uint64_t)VIDEOOUT_LABEL_PAGE);
}

static void labels_unmap_end(uint64_t addr, uint64_t size, void *ctx) {
  (void)addr, (void)size, (void)ctx;
}

/* The page in guest memory when the bands exist and nothing holds the address, else a host
 * page (no bands) or none (the address is taken: logged). */
static uint64_t *map_page(void) {
  char why[200];
  const int prot =
      GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE | GUEST_PROT_GPU_READ | GUEST_PROT_GPU_WRITE;
  if (guest_vm_check_fixed(VIDEOOUT_LABEL_PAGE, VIDEOOUT_LABEL_PAGE + VIDEOOUT_LABEL_PAGE_SIZE, why,
                           sizeof why)) {
    if (!guest_vm_map_fixed(VIDEOOUT_LABEL_PAGE, VIDEOOUT_LABEL_PAGE_SIZE, prot,
                            "SceVideoOutFlipLabels"))
      return NULL;
    const struct guest_vm_unmap_guard g = {.begin = labels_unmap_begin, .end = labels_unmap_end};
    if (!guest_vm_add_unmap_guard(&g))
      LOG(hle, WARN, "videoout: no unmap guard left for the flip label page");
    return (uint64_t *)(uintptr_t)VIDEOOUT_LABEL_PAGE;
  }
  uint64_t s, n;
  int p;
  if (guest_vm_query(VIDEOOUT_LABEL_PAGE, &s, &n, &p)) { /* the guest's own mapping is there */
    LOG(hle, ERROR, "videoout: the flip label page cannot be mapped: %s", why);
    return NULL;
  }
  void *h = mmap(NULL, VIDEOOUT_LABEL_PAGE_SIZE, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (h == MAP_FAILED) return NULL;
  LOG(hle, DEBUG, "videoout: the flip labels are a host page (%s)", why);
  return h;
}

bool videoout_labels_map(void) {
  pthread_mutex_lock(&map_lock);
  if (!map_tried) {
    map_tried = true;
    uint64_t *page = map_page();
    pthread_mutex_lock(&videoout_lock);
    label_page = page;
    pthread_mutex_unlock(&videoout_lock);
  }
  pthread_mutex_unlock(&map_lock);
  pthread_mutex_lock(&videoout_lock);
  bool ok = label_page != NULL;
  pthread_mutex_unlock(&videoout_lock);
  return ok;
}

void *videoout_labels_host(uint64_t addr, uint64_t size) {
  if (addr < VIDEOOUT_LABEL_PAGE || size > VIDEOOUT_LABEL_PAGE_SIZE ||
      addr - VIDEOOUT_LABEL_PAGE > VIDEOOUT_LABEL_PAGE_SIZE - size)
    return NULL;
  pthread_mutex_lock(&videoout_lock);
  void *p = label_page ? (uint8_t *)label_page + (addr - VIDEOOUT_LABEL_PAGE) : NULL;
  pthread_mutex_unlock(&videoout_lock);
  return p;
}

/* The label word of INDEX, or NULL (no page, or an index without a label). */
static uint64_t *label_of(int32_t index) {
  if (!label_page || index < VIDEOOUT_LABEL_INDEX_MIN || index >= VIDEOOUT_BUFFERS_MAX) return NULL;
  return label_page + (videoout_label_address(index) - VIDEOOUT_LABEL_PAGE) / 8;
}

void videoout_labels_sync_locked(const struct videoout_port *p, int32_t index) {
  uint64_t *l = label_of(index);
  if (!l) return;
  uint64_t queued = 0;
  for (int i = 0; i < p->queue_len && !queued; i++)
    queued = p->queue[(p->queue_head + i) % VIDEOOUT_FLIP_QUEUE_MAX].index == index;
  __atomic_store_n(l, queued, __ATOMIC_RELEASE);
}

void videoout_labels_clear_locked(void) {
  for (int32_t i = VIDEOOUT_LABEL_INDEX_MIN; i < VIDEOOUT_BUFFERS_MAX; i++) {
    uint64_t *l = label_of(i);
    if (l) __atomic_store_n(l, 0, __ATOMIC_RELEASE);
  }
}

uint64_t videoout_label_value(int32_t index) {
  pthread_mutex_lock(&videoout_lock);
  uint64_t *l = label_of(index);
  uint64_t v = l ? __atomic_load_n(l, __ATOMIC_ACQUIRE) : UINT64_MAX;
  pthread_mutex_unlock(&videoout_lock);
  return v;
}

uint32_t videoout_register_eop_flip(uint32_t handle, int32_t index, uint32_t mode, int64_t arg) {
  videoout_labels_map(); /* the packet's label must exist even before sceVideoOutOpen */
  pthread_mutex_lock(&videoout_lock);
  uint32_t id = eop_next;
  eop_next = eop_next + 1 == VIDEOOUT_EOP_FLIP_ID_END ? VIDEOOUT_EOP_FLIP_ID_FIRST : eop_next + 1;
  struct eop_flip *e = &eop_flips[(id - VIDEOOUT_EOP_FLIP_ID_FIRST) % VIDEOOUT_EOP_FLIPS];
  if (e->id && !e->retired)
    LOG_ONCE(hle, WARN,
             "videoout: more than %d end-of-pipe flips were built and not run: the oldest "
             "(id 0x%08x) is forgotten",
             VIDEOOUT_EOP_FLIPS, e->id);
  *e = (struct eop_flip){.id = id, .handle = handle, .mode = mode, .index = index, .arg = arg};
  pthread_mutex_unlock(&videoout_lock);
  return id;
}

bool videoout_is_eop_flip_id(uint32_t id) {
  return id >= VIDEOOUT_EOP_FLIP_ID_FIRST && id < VIDEOOUT_EOP_FLIP_ID_END;
}

int videoout_eop_flip(uint32_t id) {
  pthread_mutex_lock(&videoout_lock);
  struct eop_flip *e = NULL;
  if (videoout_is_eop_flip_id(id)) {
    e = &eop_flips[(id - VIDEOOUT_EOP_FLIP_ID_FIRST) % VIDEOOUT_EOP_FLIPS];
    if (e->id != id) e = NULL;
  }
  if (!e) {
    pthread_mutex_unlock(&videoout_lock);
    LOG(hle, GAME_ERROR,
        "videoout: end-of-pipe flip interrupt with context id 0x%08x, which no SetFlip "
        "registered (or which was forgotten): no flip",
        id);
    return VIDEOOUT_ERROR_INVALID_VALUE;
  }
  e->retired = true;
  struct eop_flip f = *e;
  int r = videoout_submit_flip_locked((int32_t)f.handle, f.index, (int32_t)f.mode, f.arg, true);
  /* the stream wrote 1 before the interrupt: the label now says whether a flip is queued, so
   * a refused flip leaves no wait hanging */
  if (f.handle == (uint32_t)VIDEOOUT_MAIN_HANDLE && videoout_port.open)
    videoout_labels_sync_locked(&videoout_port, f.index);
  else {
    uint64_t *l = label_of(f.index);
    if (l) __atomic_store_n(l, 0, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&videoout_lock);
  if (r)
    LOG(hle, GAME_ERROR,
        "videoout: end-of-pipe flip 0x%08x (handle %d, buffer %d, mode %u, arg %" PRId64
        ") refused: 0x%08x",
        id, (int32_t)f.handle, f.index, f.mode, f.arg, (unsigned)r);
  return r;
}
