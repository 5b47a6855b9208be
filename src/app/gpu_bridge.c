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
#include "gpu_window.h"
#endif
#include "gpu_flip.h"
#include "gpu_guard.h"
#include "hle/libSceAgcDriver/agc_driver.h"
#include "hle/libSceVideoOut/videoout.h"
#include "kernel/guest_vm.h"

static struct cp *the_cp;
#ifdef PROSPERO_APP_COMPUTE
static struct app_gpu_compute the_compute;
static enum compute_fault_checks fault_checks = COMPUTE_FAULT_CHECKS_SAMPLED;
#endif

bool app_gpu_set_shader_fault_checks(const char *mode) {
  static const char *const names[] = {"sampled", "always", "off"};
  for (int i = 0; i < 3; i++)
    if (strcmp(mode, names[i]) == 0) {
#ifdef PROSPERO_APP_COMPUTE
      fault_checks = (enum compute_fault_checks)i; /* the enum's order */
#endif
      return true;
    }
  return false;
}

void *app_gpu_mem_map(void *ctx, uint64_t addr, uint64_t size, bool write) {
  (void)ctx;
  if (size == 0 || addr + size < addr) return NULL;
  void *label = videoout_labels_host(addr, size); /* video out's flip labels, wherever they are */
  if (label) return label;
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
static void on_interrupt(void *ctx, unsigned queue, unsigned event, uint64_t data,
                         uint32_t context_id) {
  (void)ctx;
  agc_driver_interrupt(queue, event, data, context_id);
}

/* The AGC driver's submissions: queued on the command processor, whose GPU thread is started
 * by the first one. */
static int agc_submit(void *ctx, unsigned queue, uint64_t addr, uint32_t dwords) {
  (void)ctx;
  static pthread_once_t started = PTHREAD_ONCE_INIT;
  pthread_once(&started, start_gpu_thread);
  return cp_submit(the_cp, queue, addr, dwords);
}

/* The guest_vm unmap guard: first the command processor's turns (cp_unmap_begin waits for
 * the running one, stops queues whose command buffers are in the span and holds the next
 * turns), then the jobs of gpu_guard.h (a dispatch runs inside a turn, so it has ended). The
 * order matters: a dispatch waiting for a registered unmap inside a turn that the unmap waits
 * for would never end. */
static void guard_unmap_begin(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  if (the_cp) cp_unmap_begin(the_cp, addr, size);
  app_gpu_guard_unmap_begin(addr, size, app_gpu_guard());
}

static void guard_unmap_end(uint64_t addr, uint64_t size, void *ctx) {
  (void)ctx;
  app_gpu_guard_unmap_end(addr, size, app_gpu_guard());
  if (the_cp) cp_unmap_end(the_cp);
}

bool app_gpu_init(const char *dump_dir, const char *shader_cache_dir, const char *shader_dump_dir) {
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
  the_compute = (struct app_gpu_compute){.window = app_gpu_guest_window,
                                         .guard = app_gpu_guard(),
                                         .cache_dir = shader_cache_dir,
                                         .dump_dir = shader_dump_dir,
                                         .fault_checks = fault_checks};
  /* the GPU's imports of guest memory go when the guest unmaps it */
  guest_vm_add_unmap_observer(app_gpu_compute_unmapped, &the_compute);
  const struct cp_ops ops = {.mem_map = app_gpu_mem_map,
                             .interrupt = on_interrupt,
                             .ctx = &the_compute,
                             .dispatch = app_gpu_compute_dispatch,
                             .gds_map = app_gpu_compute_gds_map,
                             .flip_pending = app_gpu_flip_pending,
                             .agc_packet = app_gpu_agc_packet,
                             .interrupt_context = app_gpu_interrupt_context};
#else /* the UBSan build of prospero (src/app/CMakeLists.txt): dispatches are counted only */
  (void)shader_cache_dir, (void)shader_dump_dir;
  const struct cp_ops ops = {.mem_map = app_gpu_mem_map,
                             .interrupt = on_interrupt,
                             .flip_pending = app_gpu_flip_pending,
                             .agc_packet = app_gpu_agc_packet,
                             .interrupt_context = app_gpu_interrupt_context};
#endif
  the_cp = cp_create(&ops);
  if (!the_cp) {
    fprintf(stderr, "prospero: cannot create the GPU command processor\n");
    return false;
  }
  if (dump_dir && cp_set_dump_dir(the_cp, dump_dir) != 0) return false;
  /* the command processor's queues and the jobs reading guest memory on the GPU and
     presenter threads (gpu_guard.h) keep it mapped while they read it */
  const struct guest_vm_unmap_guard guard = {.begin = guard_unmap_begin, .end = guard_unmap_end};
  if (!guest_vm_add_unmap_guard(&guard)) return false;
  const struct agc_driver_ops agc = {.submit = agc_submit};
  agc_driver_set_ops(&agc);
  return true;
}

struct cp *app_gpu_cp(void) {
  return the_cp;
}
