/* libkernel: guest thread priorities on the host scheduler.
 *
 * The console schedules guest threads by priority: 256 (highest) .. 767 (lowest) for SCHED_FIFO
 * and SCHED_RR, 768..959 for SCHED_OTHER (time-sharing, below every real-time one); 700 is the
 * default. An unprivileged Linux process has one lever per thread: its nice (Linux keeps a
 * nice per thread), which the fair scheduler turns into a CPU share (weight about 1.25^-nice;
 * nice +2 about 64% of nice 0's share, +8 about 17%). The highest band keeps the process's base
 * nice and every lower band gets a larger offset, so a game's audio thread at a high priority
 * gets several times the share of its busy workers at the default. The host cannot give a
 * thread more than the base without privilege, hence offsets upwards only.
 *
 * The policies share the table (SCHED_OTHER's range lies below the real-time ones anyway):
 * no host real-time policy, even with CAP_SYS_NICE, as a guest thread that spins at a
 * real-time priority would starve the host. Nor SCHED_IDLE for the lowest: a thread there that
 * holds a lock a higher one waits for can stall for long; nice keeps it moving.
 *
 * Each thread applies its nice itself as it starts (kernel_pthread.c, host thread id known),
 * a priority change applies it to the target's host thread. A thread's nice can be raised
 * freely; lowering it (a guest raising a priority) needs CAP_SYS_NICE or RLIMIT_NICE, else
 * the thread keeps its lower host priority (logged once). A new guest thread is created from a
 * nice it can reach its own from (host_sched_thread_create_for: its creator's, or the base when
 * the creator's is above its own and the host refuses lowering), so a low-priority creator
 * never drags it down. */
#define _GNU_SOURCE
#include <limits.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/host_sched.h"
#include "common/log.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/guest_vm.h"
#include "sce/sce_params.h"

/* Guest priority bands -> nice offset above the base. The top 128 levels (audio, input,
 * time-critical work) keep the base; from there one band of 128 and then bands of 64 levels,
 * two nice steps (x0.64 share) each, to the default 700 at +8 (a sixth of the top band's
 * share); SCHED_OTHER's range below that. */
static const struct {
  int lo, hi, offset;
} bands[] = {
    {256, 383, 0},  /* SCHED_FIFO / SCHED_RR: the highest, the base nice */
    {384, 511, 2},  /* 64% of the top band's share */
    {512, 575, 4},  /* 41% */
    {576, 639, 6},  /* 27% */
    {640, 703, 8},  /* 17%: the default 700 */
    {704, 767, 10}, /* 11%: the lowest real-time ones */
    {768, 863, 12}, /* SCHED_OTHER: 7% */
    {864, 959, 14}, /* 4% */
};
#define BAND_COUNT (sizeof bands / sizeof bands[0])

static atomic_bool enabled = true;

int kernel_sched_nice_offset(int prio) {
  for (size_t i = 0; i < BAND_COUNT; i++)
    if (prio >= bands[i].lo && prio <= bands[i].hi) return bands[i].offset;
  return -1;
}

int kernel_sched_host_nice(int prio) {
  int off = kernel_sched_nice_offset(prio);
  int n = host_sched_base_nice() + (off < 0 ? 0 : off);
  if (n > HOST_SCHED_NICE_MAX) n = HOST_SCHED_NICE_MAX;
  if (n < HOST_SCHED_NICE_MIN) n = HOST_SCHED_NICE_MIN;
  return n;
}

void kernel_sched_set_host_priorities(bool on) { atomic_store(&enabled, on); }

bool kernel_sched_host_priorities(void) { return atomic_load(&enabled); }

void kernel_sched_log_mapping(void) {
  if (!atomic_load(&enabled)) {
    LOG(hle, INFO, "host priorities: off (guest thread priorities are recorded, not applied)");
    return;
  }
  char text[256];
  size_t len = 0;
  for (size_t i = 0; i < BAND_COUNT && len < sizeof text; i++)
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%d-%d:+%d", i ? ", " : "",
                            bands[i].lo, bands[i].hi, bands[i].offset);
  int base = host_sched_base_nice();
  LOG(hle, INFO,
      "host priorities: guest priority -> nice offset above the base nice %d: %s (the "
      "policies share the table); a thread's priority raised later %s",
      base, text,
      host_sched_can_lower_to(base) ? "is applied (the host allows lowering a nice)"
                                    : "keeps its lower host priority (no CAP_SYS_NICE, "
                                      "RLIMIT_NICE too low)");
}

int kernel_sched_start_nice(const struct kthread *t) {
  return atomic_load(&enabled) ? kernel_sched_host_nice(t->attr.prio) : HOST_SCHED_NICE_MAX;
}

void kernel_sched_apply_locked(struct kthread *t) {
  if (!atomic_load(&enabled) || !t->tid || atomic_load(&t->done)) return;
  pid_t host = (pid_t)kernel_thread_host_tid(t->tid);
  int want = kernel_sched_host_nice(t->attr.prio);
  if (host_sched_get_nice(host) == want) return;
  if (host_sched_set_nice(host, want))
    LOG(hle, DEBUG, "host priorities: thread '%s' (host %d) priority %d -> nice %d", t->name,
        (int)host, t->attr.prio, want);
}

/* The process param's main thread priority, when the executable gives one that is valid and
 * readable (a pointer into its data). */
static bool param_main_priority(int *prio) {
  const struct sce_process_param *p = kernel_get_proc_param();
  if (!p || p->size < offsetof(struct sce_process_param, main_thread_priority) + 8 ||
      p->magic != SCE_PROC_PARAM_MAGIC || !p->main_thread_priority)
    return false;
  uint64_t at = (uint64_t)(uintptr_t)p->main_thread_priority;
  if (guest_vm_check_mapped(at & ~(uint64_t)(SCE_GUEST_PAGE_SIZE - 1), SCE_GUEST_PAGE_SIZE) != 0)
    return false;
  uint32_t v = *p->main_thread_priority;
  if (!kernel_pthread_prio_valid(KTHREAD_SCHED_FIFO, (int)v)) return false;
  *prio = (int)v;
  return true;
}

static _Atomic int main_prio = -1;

int kernel_sched_main_prio(void) { return atomic_load(&main_prio); }

void kernel_sched_main_thread_start(void) {
  host_sched_init(); /* the base is this thread's nice, before anything changes it */
  int prio;
  if (!param_main_priority(&prio)) prio = KTHREAD_PRIO_FIFO_DEFAULT;
  else LOG(hle, DEBUG, "main thread priority %d (the process param's)", prio);
  /* its thread object is made on first use (kernel_pthread_current) with this priority */
  atomic_store(&main_prio, prio);
  if (atomic_load(&enabled)) host_sched_set_nice(0, kernel_sched_host_nice(prio));
}
