/* The app's side of the GPU command processor (gpu_bridge.h). */
#include "gpu_bridge.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "common/log.h"
#include "gpu/cp/cp.h"
#ifdef PROSPERO_APP_COMPUTE
#include "gpu_compute.h"
#endif
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceVideoOut/videoout.h"
#include "kernel/guest_vm.h"

static struct cp *the_cp;
#ifdef PROSPERO_APP_COMPUTE
static struct app_gpu_compute the_compute;

/* The largest window a dispatch uploads and writes back. */
#define APP_GPU_WINDOW_MAX (256ull << 20)

/* The dispatch window: the run of back-to-back committed read/write ranges holding the
 * shader's code, at most APP_GPU_WINDOW_MAX bytes around it. A shader whose buffers lie in
 * another run does not see them (gpu_compute.h). */
static bool guest_window(void *ctx, const struct compute_config *cfg,
                         struct shader_dispatch_window *out, char *err, size_t err_size) {
  (void)ctx;
  const int need = PROT_READ | PROT_WRITE;
  uint64_t start, len;
  int prot;
  if (!guest_vm_query(cfg->pgm_addr, &start, &len, &prot) || (prot & need) != need) {
    snprintf(err, err_size, "the shader code at 0x%llx is not in committed read/write guest memory",
             (unsigned long long)cfg->pgm_addr);
    return false;
  }
  uint64_t lo = start, hi = start + len, s2, l2;
  while (hi - lo < APP_GPU_WINDOW_MAX && lo > 0 && guest_vm_query(lo - 1, &s2, &l2, &prot) &&
         (prot & need) == need && s2 + l2 == lo)
    lo = s2;
  while (hi - lo < APP_GPU_WINDOW_MAX && guest_vm_query(hi, &s2, &l2, &prot) &&
         (prot & need) == need && s2 == hi)
    hi = s2 + l2;
  if (hi - lo > APP_GPU_WINDOW_MAX) { /* keep the code inside, clip the rest */
    uint64_t half = APP_GPU_WINDOW_MAX / 2, at = cfg->pgm_addr & ~0xfffull;
    lo = at - lo > half ? at - half : lo;
    hi = hi - lo > APP_GPU_WINDOW_MAX ? lo + APP_GPU_WINDOW_MAX : hi;
  }
  *out = (struct shader_dispatch_window){
      .addr = lo, .data = (uint8_t *)(uintptr_t)lo, .size = hi - lo};
  return true;
}
#endif

void *app_gpu_mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  if (size == 0 || addr + size < addr) return NULL;
  const int need = PROT_READ | (write ? PROT_WRITE : 0);
  uint64_t at = addr, end = addr + size;
  while (at < end) { /* every byte in committed ranges with the access, back to back */
    uint64_t start, len;
    int prot;
    if (!guest_vm_query(at, &start, &len, &prot)) return NULL;
    if ((prot & need) != need) return NULL;
    at = start + len;
  }
  return (void *)(uintptr_t)addr; /* guest memory is mapped at its guest address */
}

static void start_gpu_thread(void) {
  int r = cp_thread_start(the_cp);
  if (r != 0) LOG(gpu, ERROR, "cp: the GPU thread cannot start (%d)", r);
}

/* End-of-pipe interrupts become GRAPHICS events of the AGC driver (guest event queues). */
static void on_interrupt(void *ctx, unsigned queue, unsigned event, uint64_t data) {
  (void)ctx;
  agc_driver_interrupt(queue, event, data);
}

/* Driver packets the command processor hands on: FLIP (sceAgcDcbSetFlip: port handle,
 * buffer index, flip mode, argument lo/hi) is a video out flip requested when the packet
 * runs; the others are not run yet (docs/agc.md). */
static void on_agc_packet(void *ctx, unsigned queue, unsigned sub, const uint32_t *b, unsigned n) {
  (void)ctx;
  if (sub == PM4_DRV_FLIP && n == 5) {
    int64_t arg = (int64_t)((uint64_t)b[3] | (uint64_t)b[4] << 32);
    int r = videoout_submit_flip((int32_t)b[0], (int32_t)b[1], (int32_t)b[2], arg);
    if (r != 0)
      LOG(gpu, WARN,
          "cp: queue %u: flip of buffer %d requested by the command stream failed (0x%x)", queue,
          (int32_t)b[1], (unsigned)r);
    return;
  }
  LOG_ONCE(gpu, STUB, "cp: queue %u: driver packet 0x%02x (%u dwords) is not run yet", queue, sub,
           n);
}

/* The AGC driver's submissions: queued on the command processor, whose GPU thread is started
 * by the first one. */
static int agc_submit(void *ctx, unsigned queue, uint64_t addr, uint32_t dwords) {
  (void)ctx;
  static pthread_once_t started = PTHREAD_ONCE_INIT;
  pthread_once(&started, start_gpu_thread);
  return cp_submit(the_cp, queue, addr, dwords);
}

bool app_gpu_init(const char *dump_dir) {
  if (dump_dir && mkdir(dump_dir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "prospero: --dump-pm4: cannot make '%s': %s\n", dump_dir, strerror(errno));
    return false;
  }
  struct stat st;
  if (dump_dir && (stat(dump_dir, &st) != 0 || !S_ISDIR(st.st_mode))) {
    fprintf(stderr, "prospero: --dump-pm4: '%s' is not a folder\n", dump_dir);
    return false;
  }
#ifdef PROSPERO_APP_COMPUTE
  the_compute = (struct app_gpu_compute){.window = guest_window};
  const struct cp_ops ops = {.mem_map = app_gpu_mem_map,
                             .interrupt = on_interrupt,
                             .agc_packet = on_agc_packet,
                             .ctx = &the_compute,
                             .dispatch = app_gpu_compute_dispatch};
#else /* the UBSan build of prospero (src/app/CMakeLists.txt): dispatches are counted only */
  const struct cp_ops ops = {
      .mem_map = app_gpu_mem_map, .interrupt = on_interrupt, .agc_packet = on_agc_packet};
#endif
  the_cp = cp_create(&ops);
  if (!the_cp) {
    fprintf(stderr, "prospero: cannot create the GPU command processor\n");
    return false;
  }
  if (dump_dir && cp_set_dump_dir(the_cp, dump_dir) != 0) return false;
  const struct agc_driver_ops agc = {.submit = agc_submit};
  agc_driver_set_ops(&agc);
  return true;
}

struct cp *app_gpu_cp(void) {
  return the_cp;
}
