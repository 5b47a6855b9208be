/* libkernel: POSIX semaphores (sem_*: -1 and errno), the console's kernel semaphores
 * (sceKernel*Sema) and event flags (sceKernel*EventFlag), which return SCE codes. A sem_t is
 * an 8-byte handle, a SceKernelSema a 32-bit id (the console's kernel object id), a
 * SceKernelEventFlag an 8-byte handle. Timeouts of the Sony calls are microsecond budgets
 * that are rewritten with what remains. Priority-ordered objects (TH_PRIO) queue waiters by
 * their thread's priority (FIFO among equals). */
#include <string.h>

#include "common/log.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/kernel_sync_common.h"
#include "hle/libkernel/libkernel_sync.h"
#include "hle/libkernel/libkernel_thread.h"
#include "kernel/kernel_errno.h"
#include "kernel/guest_vm.h"
#include "kernel/sync_evf.h"
#include "kernel/sync_sema.h"

#define NAME_MAX_LEN 31 /* names are 32 bytes with the NUL */

/* The calling thread's priority (the console's numbers: smaller is more urgent) for objects
 * that queue by priority; 0 (arrival order) otherwise. */
static int waiter_priority(uint32_t attr, uint32_t prio_bit) {
  if (!(attr & prio_bit)) return 0;
  struct kthread *t = kernel_pthread_current();
  return t ? __atomic_load_n(&t->attr.prio, __ATOMIC_RELAXED) : 0;
}

/* ---- POSIX semaphores ------------------------------------------------------------------------ */

static struct sync_sem *sem_get(uint64_t *sp) {
  return sp ? sync_object_lookup(__atomic_load_n(sp, __ATOMIC_ACQUIRE), SYNC_KIND_SEM) : NULL;
}

int kernel_sem_init(uint64_t *sem, int pshared, unsigned value) {
  (void)pshared; /* the console has one process */
  if (!sem || value > SYNC_SEM_VALUE_MAX) return (int)hle_posix_result(-GUEST_EINVAL);
  struct sync_sem *s = sync_object_new(SYNC_KIND_SEM, sizeof *s);
  if (!s) return (int)hle_posix_result(-GUEST_ENOSPC);
  sync_sem_init(s, value);
  *sem = (uint64_t)(uintptr_t)s;
  return 0;
}

int kernel_sem_destroy(uint64_t *sem) {
  struct sync_sem *s = sem_get(sem);
  if (!s) return (int)hle_posix_result(-GUEST_EINVAL);
  int r = sync_sem_check_destroy(s);
  if (r) return (int)hle_posix_result(r);
  *sem = 0;
  sync_object_delete(s);
  return 0;
}

/* sem_wait and sem_timedwait are cancellation points: pthread_cancel interrupts the sleep,
 * the thread acts on it. A guest signal runs its handler during the wait; then, as FreeBSD's
 * umtx semaphore wait (ERESTART is restarted for an absolute or no timeout), the wait resumes
 * when every handler that ran was installed with SA_RESTART and ends with EINTR otherwise.
 * Any other interruption resumes the wait (same deadline). */
static int sem_wait_cancellable(struct sync_sem *s, const struct sync_deadline *d) {
  kernel_thread_cancel_wait_begin();
  unsigned prev = kernel_thread_wait_begin(KTHREAD_WAIT_CANCEL | KTHREAD_WAIT_SIGNAL);
  int r;
  while ((r = sync_sem_wait(s, d)) == -KERNEL_EINTR) {
    kernel_thread_wait_restore(prev);
    kernel_thread_testcancel();
    bool stop = kernel_thread_deliver_signals() & KTHREAD_SIGNALS_NO_RESTART;
    kernel_thread_wait_begin(KTHREAD_WAIT_CANCEL | KTHREAD_WAIT_SIGNAL);
    if (stop) break;
  }
  kernel_thread_wait_restore(prev);
  kernel_thread_cancel_wait_end();
  return r;
}

int kernel_sem_wait(uint64_t *sem) {
  struct sync_sem *s = sem_get(sem);
  return (int)hle_posix_result(s ? sem_wait_cancellable(s, NULL) : -GUEST_EINVAL);
}

int kernel_sem_trywait(uint64_t *sem) {
  struct sync_sem *s = sem_get(sem);
  return (int)hle_posix_result(s ? sync_sem_trywait(s) : -GUEST_EINVAL);
}

int kernel_sem_timedwait(uint64_t *sem, const struct guest_timespec *abstime) {
  struct sync_sem *s = sem_get(sem);
  if (!s) return (int)hle_posix_result(-GUEST_EINVAL);
  if (sync_sem_trywait(s) == 0) return 0; /* the timeout is checked only when needed */
  struct sync_deadline d;
  int r = sync_guest_abstime(abstime, SYNC_CLOCK_REALTIME, &d);
  return (int)hle_posix_result(r ? r : sem_wait_cancellable(s, &d));
}

int kernel_sem_post(uint64_t *sem) {
  struct sync_sem *s = sem_get(sem);
  return (int)hle_posix_result(s ? sync_sem_post(s) : -GUEST_EINVAL);
}

int kernel_sem_getvalue(uint64_t *sem, int *value) {
  struct sync_sem *s = sem_get(sem);
  if (!s || !value) return (int)hle_posix_result(-GUEST_EINVAL);
  *value = sync_sem_getvalue(s);
  return 0;
}

int kernel_sem_reltimedwait_np(uint64_t *sem, uint32_t usec) {
  struct sync_sem *s = sem_get(sem);
  if (!s) return (int)hle_posix_result(-GUEST_EINVAL);
  struct sync_deadline d = sync_deadline_after_us(usec);
  return (int)hle_posix_result(sem_wait_cancellable(s, &d));
}

int kernel_sem_setname(uint64_t *sem, const char *name) {
  /* the console keeps the name for its debugger only; nothing reads it back */
  return (int)hle_posix_result(sem_get(sem) && name ? 0 : -GUEST_EINVAL);
}

/* The Sony names of the same semaphores (SCE codes; FLAG must be 0; a relative timeout). */
static int sem_sce(int posix_result) {
  return posix_result == 0 ? 0 : SCE_KERNEL_ERROR(*hle_errno_location());
}
int kernel_sce_sem_init(uint64_t *sem, int flag, unsigned value, const char *name) {
  (void)name;
  if (flag != 0) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  return sem_sce(kernel_sem_init(sem, 0, value));
}
int kernel_sce_sem_destroy(uint64_t *sem) { return sem_sce(kernel_sem_destroy(sem)); }
int kernel_sce_sem_wait(uint64_t *sem) { return sem_sce(kernel_sem_wait(sem)); }
int kernel_sce_sem_trywait(uint64_t *sem) { return sem_sce(kernel_sem_trywait(sem)); }
int kernel_sce_sem_timedwait(uint64_t *sem, uint32_t usec) {
  return sem_sce(kernel_sem_reltimedwait_np(sem, usec));
}
int kernel_sce_sem_post(uint64_t *sem) { return sem_sce(kernel_sem_post(sem)); }
int kernel_sce_sem_getvalue(uint64_t *sem, int *value) {
  return sem_sce(kernel_sem_getvalue(sem, value));
}

/* ---- Guest pointers of the kernel calls ------------------------------------------------------
 * The console's kernel semaphores and event flags are system calls: a pointer the kernel
 * cannot read or write gives EFAULT. NULL is "not given" where the call allows it. */

static bool user_ok(const void *p, size_t len, bool write) {
  uint64_t addr = (uint64_t)(uintptr_t)p, end = addr + len;
  int need = GUEST_PROT_CPU_READ | (write ? GUEST_PROT_CPU_WRITE : 0);
  if (end < addr) return false;
  while (addr < end) {
    uint64_t start, size;
    int prot;
    if (!guest_vm_query(addr, &start, &size, &prot) || (prot & need) != need) return false;
    addr = start + size;
  }
  return true;
}

static bool opt_ok(const void *p, size_t len) { return !p || user_ok(p, len, true); }

/* A name: readable up to its NUL or NAME_MAX_LEN + 1 bytes, whichever comes first. */
static bool name_ok(const char *name) {
  uint64_t start, size;
  int prot;
  uint64_t addr = (uint64_t)(uintptr_t)name;
  if (!guest_vm_query(addr, &start, &size, &prot) || !(prot & GUEST_PROT_CPU_READ)) return false;
  size_t avail = (size_t)(start + size - addr);
  if (avail > NAME_MAX_LEN + 1) return true; /* the length check reads no further */
  return memchr(name, 0, avail) != NULL || user_ok(name + avail, NAME_MAX_LEN + 1 - avail, false);
}

#define EFAULT_SCE SCE_KERNEL_ERROR(GUEST_EFAULT)

/* ---- Kernel semaphores ----------------------------------------------------------------------- */

static int check_name(const char *name) {
  if (!name) return -KERNEL_EINVAL;
  return strnlen(name, NAME_MAX_LEN + 1) > NAME_MAX_LEN ? -KERNEL_ENAMETOOLONG : 0;
}

int kernel_create_sema(uint32_t *sema, const char *name, uint32_t attr, int init, int max,
                       const void *opt) {
  if (!sema || opt) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!user_ok(sema, sizeof *sema, true) || (name && !name_ok(name))) return EFAULT_SCE;
  int r = check_name(name);
  if (r) return sync_sce(r);
  struct sync_sema *s = sync_object_new(SYNC_KIND_SEMA, sizeof *s);
  if (!s) return SCE_KERNEL_ERROR(GUEST_ENOMEM);
  if ((r = sync_sema_init(s, name, attr, init, max))) {
    sync_object_delete(s);
    return sync_sce(r);
  }
  *sema = sync_object_id(s);
  return 0;
}

/* A guest signal interrupted a wait of the console's kernel objects: its handler runs and the
 * wait goes on with the time that remains. Whether the console ends these waits instead
 * (EINTR) is not recorded in any source we read. */
static void signal_in_wait(const char *what) {
  if (kernel_thread_deliver_signals())
    LOG_ONCE(hle, WARN,
             "%s: a guest signal's handler ran during the wait, which resumes "
             "(unverified against the console)",
             what);
}

static struct sync_sema *sema_get(uint32_t id) { return sync_object_from_id(id, SYNC_KIND_SEMA); }

int kernel_wait_sema(uint32_t sema, int need, uint32_t *timeout_us) {
  struct sync_sema *s = sema_get(sema);
  if (!s) return SCE_KERNEL_ERROR(GUEST_ESRCH);
  if (!opt_ok(timeout_us, sizeof *timeout_us)) return EFAULT_SCE;
  int prio = waiter_priority(s->attr, SYNC_SEMA_TH_PRIO), r;
  unsigned prev = kernel_thread_wait_begin(KTHREAD_WAIT_SIGNAL);
  while ((r = sync_sema_wait(s, need, timeout_us, prio)) == -KERNEL_EINTR) {
    kernel_thread_wait_restore(prev);
    signal_in_wait("sceKernelWaitSema");
    kernel_thread_wait_begin(KTHREAD_WAIT_SIGNAL);
  }
  kernel_thread_wait_restore(prev);
  return sync_sce(r);
}

int kernel_poll_sema(uint32_t sema, int need) {
  struct sync_sema *s = sema_get(sema);
  return s ? sync_sce(sync_sema_poll(s, need)) : SCE_KERNEL_ERROR(GUEST_ESRCH);
}

int kernel_signal_sema(uint32_t sema, int count) {
  struct sync_sema *s = sema_get(sema);
  return s ? sync_sce(sync_sema_signal(s, count)) : SCE_KERNEL_ERROR(GUEST_ESRCH);
}

int kernel_cancel_sema(uint32_t sema, int count, int *waiters) {
  if (!opt_ok(waiters, sizeof *waiters)) return EFAULT_SCE;
  struct sync_sema *s = sema_get(sema);
  return s ? sync_sce(sync_sema_cancel(s, count, waiters)) : SCE_KERNEL_ERROR(GUEST_ESRCH);
}

int kernel_delete_sema(uint32_t sema) {
  struct sync_sema *s = sema_get(sema);
  if (!s) return SCE_KERNEL_ERROR(GUEST_ESRCH);
  sync_sema_delete(s); /* waiters leave with EACCES */
  sync_object_delete(s);
  return 0;
}

/* ---- Event flags ------------------------------------------------------------------------------
 */

int kernel_create_event_flag(uint64_t *evf, const char *name, uint32_t attr, uint64_t bits,
                             const void *opt) {
  if (!evf || opt) return SCE_KERNEL_ERROR(GUEST_EINVAL);
  if (!user_ok(evf, sizeof *evf, true) || (name && !name_ok(name))) return EFAULT_SCE;
  int r = check_name(name);
  if (r) return sync_sce(r);
  struct sync_evf *e = sync_object_new(SYNC_KIND_EVF, sizeof *e);
  if (!e) return SCE_KERNEL_ERROR(GUEST_ENOMEM);
  if ((r = sync_evf_init(e, name, attr, bits))) {
    sync_object_delete(e);
    return sync_sce(r);
  }
  *evf = (uint64_t)(uintptr_t)e;
  return 0;
}

static struct sync_evf *evf_get(uint64_t h) { return sync_object_lookup(h, SYNC_KIND_EVF); }

int kernel_wait_event_flag(uint64_t evf, uint64_t pattern, uint32_t mode, uint64_t *result,
                           uint32_t *timeout_us) {
  struct sync_evf *e = evf_get(evf);
  if (!e) return SCE_KERNEL_ERROR(GUEST_ESRCH);
  if (!opt_ok(result, sizeof *result) || !opt_ok(timeout_us, sizeof *timeout_us)) return EFAULT_SCE;
  int prio = waiter_priority(e->attr, SYNC_EVF_ATTR_TH_PRIO), r;
  unsigned prev = kernel_thread_wait_begin(KTHREAD_WAIT_SIGNAL);
  while ((r = sync_evf_wait(e, pattern, mode, result, timeout_us, prio)) == -KERNEL_EINTR) {
    kernel_thread_wait_restore(prev);
    signal_in_wait("sceKernelWaitEventFlag");
    kernel_thread_wait_begin(KTHREAD_WAIT_SIGNAL);
  }
  kernel_thread_wait_restore(prev);
  return sync_sce(r);
}

int kernel_poll_event_flag(uint64_t evf, uint64_t pattern, uint32_t mode, uint64_t *result) {
  if (!opt_ok(result, sizeof *result)) return EFAULT_SCE;
  struct sync_evf *e = evf_get(evf);
  return e ? sync_sce(sync_evf_poll(e, pattern, mode, result)) : SCE_KERNEL_ERROR(GUEST_ESRCH);
}

int kernel_set_event_flag(uint64_t evf, uint64_t pattern) {
  struct sync_evf *e = evf_get(evf);
  return e ? sync_sce(sync_evf_set(e, pattern)) : SCE_KERNEL_ERROR(GUEST_ESRCH);
}

int kernel_clear_event_flag(uint64_t evf, uint64_t pattern) {
  struct sync_evf *e = evf_get(evf);
  return e ? sync_sce(sync_evf_clear(e, pattern)) : SCE_KERNEL_ERROR(GUEST_ESRCH);
}

int kernel_cancel_event_flag(uint64_t evf, uint64_t pattern, int *waiters) {
  if (!opt_ok(waiters, sizeof *waiters)) return EFAULT_SCE;
  struct sync_evf *e = evf_get(evf);
  return e ? sync_sce(sync_evf_cancel(e, pattern, waiters)) : SCE_KERNEL_ERROR(GUEST_ESRCH);
}

int kernel_delete_event_flag(uint64_t evf) {
  struct sync_evf *e = evf_get(evf);
  if (!e) return SCE_KERNEL_ERROR(GUEST_ESRCH);
  sync_evf_delete(e);
  sync_object_delete(e);
  return 0;
}
