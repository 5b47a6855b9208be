/* libkernel: thread attribute objects (pthread_attr_* and scePthreadAttr*). As on the
 * console (FreeBSD libthr), pthread_attr_t / ScePthreadAttr is a pointer: Init allocates the
 * object and stores its address, Destroy frees it and clears the handle; every other call
 * takes the address of the handle and refuses a null or uninitialised one with EINVAL.
 * Defaults: joinable, SCHED_FIFO at priority 700, PTHREAD_INHERIT_SCHED, system scope, a
 * 1 MiB stack allocated by the system, a 16 KiB guard, every CPU of the title. */
#include <stdlib.h>
#include <string.h>

#include "hle/guest_errno.h"
#include "hle/libkernel/kernel_pthread_internal.h"
#include "hle/libkernel/libkernel.h"
#include "hle/libkernel/libkernel_thread.h"

uint64_t kernel_pthread_cpu_mask_all(void) {
  /* bit 0 of the CPU mode: seven CPUs for the game, else six (unverified on PS5 titles) */
  return (kernel_get_cpumode() & 1) ? 0x7F : 0x3F;
}

void kernel_pthread_attr_defaults(struct kthread_attr *a) {
  memset(a, 0, sizeof *a);
  a->magic = KTHREAD_ATTR_MAGIC;
  a->detached = 0;
  a->policy = KTHREAD_SCHED_FIFO;
  a->prio = KTHREAD_PRIO_FIFO_DEFAULT;
  a->inherit = KTHREAD_INHERIT_SCHED;
  a->scope = KTHREAD_SCOPE_SYSTEM;
  a->stacksize = KTHREAD_STACK_DEFAULT;
  a->guardsize = KTHREAD_GUARD_DEFAULT;
  a->affinity = kernel_pthread_cpu_mask_all();
}

static struct kthread_attr *get(const kthread_attr_t *a) {
  if (!a || !*a || (*a)->magic != KTHREAD_ATTR_MAGIC) return NULL;
  return *a;
}

static int sce(int e) { return e ? SCE_KERNEL_ERROR(e) : 0; }

int kernel_pthread_attr_init(kthread_attr_t *a) {
  if (!a) return GUEST_EINVAL;
  struct kthread_attr *o = malloc(sizeof *o);
  if (!o) return GUEST_ENOMEM;
  kernel_pthread_attr_defaults(o);
  *a = o;
  return 0;
}

int kernel_pthread_attr_destroy(kthread_attr_t *a) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  o->magic = 0;
  free(o);
  *a = NULL;
  return 0;
}

int kernel_pthread_attr_get_np(kthread_t t, kthread_attr_t *a) {
  struct kthread_attr *o = get(a);
  if (!t || !o) return GUEST_EINVAL;
  return kernel_pthread_attr_snapshot(t, o);
}

#define GETTER(name_, field_, type_)                                      \
  int kernel_pthread_attr_get##name_(const kthread_attr_t *a, type_ *v) { \
    struct kthread_attr *o = get(a);                                      \
    if (!o || !v) return GUEST_EINVAL;                                    \
    *v = o->field_;                                                       \
    return 0;                                                             \
  }
GETTER(detachstate, detached, int)
GETTER(guardsize, guardsize, uint64_t)
GETTER(inheritsched, inherit, int)
GETTER(schedpolicy, policy, int)
GETTER(scope, scope, int)
GETTER(stackaddr, stackaddr, uint64_t)
GETTER(stacksize, stacksize, uint64_t)
GETTER(affinity, affinity, uint64_t)
#undef GETTER

int kernel_pthread_attr_getschedparam(const kthread_attr_t *a, struct kthread_sched_param *v) {
  struct kthread_attr *o = get(a);
  if (!o || !v) return GUEST_EINVAL;
  v->sched_priority = o->prio;
  return 0;
}

int kernel_pthread_attr_getstack(const kthread_attr_t *a, uint64_t *addr, uint64_t *size) {
  struct kthread_attr *o = get(a);
  if (!o || !addr || !size) return GUEST_EINVAL;
  *addr = o->stackaddr;
  *size = o->stacksize;
  return 0;
}

int kernel_pthread_attr_setdetachstate(kthread_attr_t *a, int v) {
  struct kthread_attr *o = get(a);
  if (!o || (v != 0 && v != KTHREAD_CREATE_DETACHED)) return GUEST_EINVAL;
  o->detached = v;
  return 0;
}

/* FreeBSD pthread_attr_setcreatesuspend_np: threads made with ATTR start suspended, and run
 * their start routine once pthread_resume_np / scePthreadResume is called for them. */
int kernel_pthread_attr_setcreatesuspend_np(kthread_attr_t *a) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  o->create_suspended = true;
  return 0;
}

/* FreeBSD keeps any guard size (rounded to pages when the stack is made). */
int kernel_pthread_attr_setguardsize(kthread_attr_t *a, uint64_t v) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  o->guardsize = v;
  return 0;
}

int kernel_pthread_attr_setinheritsched(kthread_attr_t *a, int v) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  if (v != KTHREAD_INHERIT_SCHED && v != KTHREAD_EXPLICIT_SCHED) return GUEST_EOPNOTSUPP;
  o->inherit = v;
  return 0;
}

/* A new policy brings its default priority (libthr). */
int kernel_pthread_attr_setschedpolicy(kthread_attr_t *a, int v) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  switch (v) {
    case KTHREAD_SCHED_FIFO:
    case KTHREAD_SCHED_RR: o->prio = KTHREAD_PRIO_FIFO_DEFAULT; break;
    case KTHREAD_SCHED_OTHER: o->prio = KTHREAD_PRIO_OTHER_DEFAULT; break;
    default: return GUEST_EOPNOTSUPP;
  }
  o->policy = v;
  return 0;
}

int kernel_pthread_attr_setschedparam(kthread_attr_t *a, const struct kthread_sched_param *v) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  if (!v) return GUEST_EOPNOTSUPP;
  if (!kernel_pthread_prio_valid(o->policy, v->sched_priority)) return GUEST_EOPNOTSUPP;
  o->prio = v->sched_priority;
  return 0;
}

int kernel_pthread_attr_setscope(kthread_attr_t *a, int v) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  if (v != KTHREAD_SCOPE_SYSTEM && v != KTHREAD_SCOPE_PROCESS) return GUEST_EINVAL;
  o->scope = v;
  return 0;
}

int kernel_pthread_attr_setstack(kthread_attr_t *a, uint64_t addr, uint64_t size) {
  struct kthread_attr *o = get(a);
  if (!o || !addr || size < KTHREAD_STACK_MIN) return GUEST_EINVAL;
  o->stackaddr = addr;
  o->stacksize = size;
  return 0;
}

int kernel_pthread_attr_setstackaddr(kthread_attr_t *a, uint64_t v) {
  struct kthread_attr *o = get(a);
  if (!o || !v) return GUEST_EINVAL;
  o->stackaddr = v;
  return 0;
}

int kernel_pthread_attr_setstacksize(kthread_attr_t *a, uint64_t v) {
  struct kthread_attr *o = get(a);
  if (!o || v < KTHREAD_STACK_MIN) return GUEST_EINVAL;
  o->stacksize = v;
  return 0;
}

int kernel_pthread_attr_setaffinity(kthread_attr_t *a, uint64_t mask) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  if ((mask & kernel_pthread_cpu_mask_all()) == 0) return GUEST_EINVAL;
  o->affinity = mask & kernel_pthread_cpu_mask_all();
  return 0;
}

int kernel_pthread_attr_getaffinity_np(const kthread_attr_t *a, size_t size, void *set) {
  struct kthread_attr *o = get(a);
  if (!o || !set || size == 0) return GUEST_EINVAL;
  memset(set, 0, size);
  memcpy(set, &o->affinity, size < sizeof o->affinity ? size : sizeof o->affinity);
  return 0;
}

int kernel_pthread_attr_setaffinity_np(kthread_attr_t *a, size_t size, const void *set) {
  struct kthread_attr *o = get(a);
  if (!o) return GUEST_EINVAL;
  if (!set || size == 0) { /* FreeBSD: no set means every CPU */
    o->affinity = kernel_pthread_cpu_mask_all();
    return 0;
  }
  uint64_t mask = 0;
  memcpy(&mask, set, size < sizeof mask ? size : sizeof mask);
  return kernel_pthread_attr_setaffinity(a, mask);
}

/* the Sony faces */
int kernel_pthread_sce_attr_init(kthread_attr_t *a) { return sce(kernel_pthread_attr_init(a)); }
int kernel_pthread_sce_attr_destroy(kthread_attr_t *a) {
  return sce(kernel_pthread_attr_destroy(a));
}
int kernel_pthread_sce_attr_get(kthread_t t, kthread_attr_t *a) {
  return sce(kernel_pthread_attr_get_np(t, a));
}
#define SCE2(name_, t1_, t2_)                         \
  int kernel_pthread_sce_attr_##name_(t1_ a, t2_ v) { \
    return sce(kernel_pthread_attr_##name_(a, v));    \
  }
SCE2(getdetachstate, const kthread_attr_t *, int *)
SCE2(setdetachstate, kthread_attr_t *, int)
SCE2(getguardsize, const kthread_attr_t *, uint64_t *)
SCE2(setguardsize, kthread_attr_t *, uint64_t)
SCE2(getinheritsched, const kthread_attr_t *, int *)
SCE2(setinheritsched, kthread_attr_t *, int)
SCE2(getschedparam, const kthread_attr_t *, struct kthread_sched_param *)
SCE2(setschedparam, kthread_attr_t *, const struct kthread_sched_param *)
SCE2(getschedpolicy, const kthread_attr_t *, int *)
SCE2(setschedpolicy, kthread_attr_t *, int)
SCE2(getscope, const kthread_attr_t *, int *)
SCE2(setscope, kthread_attr_t *, int)
SCE2(getstackaddr, const kthread_attr_t *, uint64_t *)
SCE2(setstackaddr, kthread_attr_t *, uint64_t)
SCE2(getstacksize, const kthread_attr_t *, uint64_t *)
SCE2(setstacksize, kthread_attr_t *, uint64_t)
SCE2(getaffinity, const kthread_attr_t *, uint64_t *)
SCE2(setaffinity, kthread_attr_t *, uint64_t)
#undef SCE2
int kernel_pthread_sce_attr_getstack(const kthread_attr_t *a, uint64_t *addr, uint64_t *size) {
  return sce(kernel_pthread_attr_getstack(a, addr, size));
}
int kernel_pthread_sce_attr_setstack(kthread_attr_t *a, uint64_t addr, uint64_t size) {
  return sce(kernel_pthread_attr_setstack(a, addr, size));
}
