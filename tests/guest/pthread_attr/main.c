/* Guest thread attributes (see CMakeLists.txt). */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../guest_check.h"

struct seen {
  ScePthreadAttr attr;
  int get_result;
  size_t stacksize;
  void *stackaddr;
  int prio;
  int policy;
  int detach;
  SceKernelCpumask affinity;
  char *local;
  int guard_result;
  int guard_prot;
};

static void *inspect(void *p) {
  struct seen *s = p;
  char local = 1;
  s->local = &local;
  scePthreadAttrInit(&s->attr);
  s->get_result = scePthreadAttrGet(scePthreadSelf(), &s->attr);
  scePthreadAttrGetstacksize(&s->attr, &s->stacksize);
  scePthreadAttrGetstackaddr(&s->attr, &s->stackaddr);
  SceKernelSchedParam sp;
  scePthreadAttrGetschedparam(&s->attr, &sp);
  s->prio = sp.sched_priority;
  scePthreadAttrGetschedpolicy(&s->attr, &s->policy);
  scePthreadAttrGetdetachstate(&s->attr, &s->detach);
  scePthreadAttrGetaffinity(&s->attr, &s->affinity);
  s->guard_result =
      sceKernelQueryMemoryProtection((char *)s->stackaddr - 1, NULL, NULL, &s->guard_prot);
  scePthreadAttrDestroy(&s->attr);
  return NULL;
}

/* a detached thread that stays until released, so that a join finds it alive (it may start
 * and end before its creator's next call otherwise) */
static volatile int release_detached;
static void *stays(void *p) {
  while (!release_detached) sceKernelUsleep(1000);
  return p;
}

static int in_range(const void *p, const void *lo, size_t n) {
  return (const char *)p >= (const char *)lo && (const char *)p < (const char *)lo + n;
}

static char guest_stack[64 * 1024] __attribute__((aligned(16)));

int main(void) {
  ScePthreadAttr a = NULL;
  check("scePthreadAttrInit", scePthreadAttrInit(&a), 0);
  check("attr is a pointer to an object", a != NULL, 1);
  int v = -1;
  size_t sz = 0;
  void *addr = (void *)1;
  SceKernelSchedParam sp = {0};
  check("default detachstate", (scePthreadAttrGetdetachstate(&a, &v), v),
        SCE_PTHREAD_CREATE_JOINABLE);
  check("default guardsize", (scePthreadAttrGetguardsize(&a, &sz), (long)sz), 16384);
  check("default inheritsched", (scePthreadAttrGetinheritsched(&a, &v), v),
        SCE_PTHREAD_INHERIT_SCHED);
  check("default policy", (scePthreadAttrGetschedpolicy(&a, &v), v), SCE_KERNEL_SCHED_FIFO);
  check("default priority", (scePthreadAttrGetschedparam(&a, &sp), sp.sched_priority), 700);
  check("default stacksize", (scePthreadAttrGetstacksize(&a, &sz), (long)sz), 1 << 20);
  check("default stackaddr", (scePthreadAttrGetstackaddr(&a, &addr), (long)addr), 0);
  check("default scope", (scePthreadAttrGetscope(&a, &v), v), 2 /* PTHREAD_SCOPE_SYSTEM */);

  check("setstacksize 64 KiB", scePthreadAttrSetstacksize(&a, 65536), 0);
  check("getstacksize", (scePthreadAttrGetstacksize(&a, &sz), (long)sz), 65536);
  check("setstacksize below the minimum", scePthreadAttrSetstacksize(&a, 16383),
        SCE_KERNEL_ERROR_EINVAL);
  check("setstacksize the minimum", scePthreadAttrSetstacksize(&a, 16384), 0);
  check("setdetachstate 2", scePthreadAttrSetdetachstate(&a, 2), SCE_KERNEL_ERROR_EINVAL);
  check("setinheritsched 1", scePthreadAttrSetinheritsched(&a, 1), SCE_KERNEL_ERROR_ENOTSUP);
  check("setschedpolicy 5", scePthreadAttrSetschedpolicy(&a, 5), SCE_KERNEL_ERROR_ENOTSUP);
  sp.sched_priority = 256;
  check("setschedparam 256", scePthreadAttrSetschedparam(&a, &sp), 0);
  sp.sched_priority = 767;
  check("setschedparam 767", scePthreadAttrSetschedparam(&a, &sp), 0);
  sp.sched_priority = 255;
  check("setschedparam 255", scePthreadAttrSetschedparam(&a, &sp), SCE_KERNEL_ERROR_ENOTSUP);
  sp.sched_priority = 768;
  check("setschedparam 768", scePthreadAttrSetschedparam(&a, &sp), SCE_KERNEL_ERROR_ENOTSUP);
  check("getschedparam keeps the last good one",
        (scePthreadAttrGetschedparam(&a, &sp), sp.sched_priority), 767);
  check("setguardsize 0", scePthreadAttrSetguardsize(&a, 0), 0);
  check("getguardsize", (scePthreadAttrGetguardsize(&a, &sz), (long)sz), 0);
  check("setaffinity 0", scePthreadAttrSetaffinity(&a, 0), SCE_KERNEL_ERROR_EINVAL);
  check("setaffinity 3", scePthreadAttrSetaffinity(&a, 3), 0);
  SceKernelCpumask m = 0;
  check("getaffinity", (scePthreadAttrGetaffinity(&a, &m), (long)m), 3);

  check("get with a null attr", scePthreadAttrGetstacksize(NULL, &sz), SCE_KERNEL_ERROR_EINVAL);
  ScePthreadAttr none = NULL;
  check("get with an uninitialised attr", scePthreadAttrGetstacksize(&none, &sz),
        SCE_KERNEL_ERROR_EINVAL);
  check("get with a null output", scePthreadAttrGetstacksize(&a, NULL), SCE_KERNEL_ERROR_EINVAL);
  check("scePthreadAttrDestroy", scePthreadAttrDestroy(&a), 0);
  check("destroy clears the handle", a == NULL, 1);
  check("destroy again", scePthreadAttrDestroy(&a), SCE_KERNEL_ERROR_EINVAL);
  check("scePthreadAttrInit(NULL)", scePthreadAttrInit(NULL), SCE_KERNEL_ERROR_EINVAL);

  /* a system stack of 64 KiB, explicit priority 300, affinity 1 */
  scePthreadAttrInit(&a);
  scePthreadAttrSetstacksize(&a, 65536);
  scePthreadAttrSetinheritsched(&a, SCE_PTHREAD_EXPLICIT_SCHED);
  sp.sched_priority = 300;
  scePthreadAttrSetschedparam(&a, &sp);
  scePthreadAttrSetaffinity(&a, 1);
  struct seen s;
  memset(&s, 0, sizeof s);
  ScePthread t;
  check("create with attributes", scePthreadCreate(&t, &a, inspect, &s, "attr"), 0);
  check("join", scePthreadJoin(t, NULL), 0);
  check("scePthreadAttrGet on the running thread", s.get_result, 0);
  check("  its stacksize", (long)s.stacksize, 65536);
  check("  its stack holds its locals", in_range(s.local, s.stackaddr, s.stacksize), 1);
  check("  its priority", s.prio, 300);
  check("  its policy", s.policy, SCE_KERNEL_SCHED_FIFO);
  check("  its detachstate", s.detach, SCE_PTHREAD_CREATE_JOINABLE);
  check("  its affinity", (long)s.affinity, 1);
  check("  the page below its stack: queried", s.guard_result, 0);
  check("  the page below its stack: no access (guard)", s.guard_prot, 0);

  /* a stack given by the guest */
  check("setstack", scePthreadAttrSetstack(&a, guest_stack, sizeof guest_stack), 0);
  check("getstack", (scePthreadAttrGetstack(&a, &addr, &sz), addr == guest_stack && sz == 65536),
        1);
  check("setstack below the minimum", scePthreadAttrSetstack(&a, guest_stack, 4096),
        SCE_KERNEL_ERROR_EINVAL);
  memset(&s, 0, sizeof s);
  check("create on a guest stack", scePthreadCreate(&t, &a, inspect, &s, "own stack"), 0);
  check("join", scePthreadJoin(t, NULL), 0);
  check("  runs on the given stack", in_range(s.local, guest_stack, sizeof guest_stack), 1);
  check("  reports the given stack", s.stackaddr == guest_stack && s.stacksize == 65536, 1);
  scePthreadAttrDestroy(&a);

  /* inheritance (the default): the creator's priority, not the attribute's */
  check("setprio self 400", scePthreadSetprio(scePthreadSelf(), 400), 0);
  memset(&s, 0, sizeof s);
  check("create inheriting", scePthreadCreate(&t, NULL, inspect, &s, "inherit"), 0);
  check("join", scePthreadJoin(t, NULL), 0);
  check("  inherited priority", s.prio, 400);
  check("  default stacksize", (long)s.stacksize, 1 << 20);
  scePthreadSetprio(scePthreadSelf(), 700);

  /* detached by attribute; pthread_attr_get_np reports the detach state */
  pthread_attr_t pa;
  check("pthread_attr_init", pthread_attr_init(&pa), 0);
  check("pthread_attr_setdetachstate", pthread_attr_setdetachstate(&pa, PTHREAD_CREATE_DETACHED),
        0);
  check("pthread_attr_setdetachstate 7", pthread_attr_setdetachstate(&pa, 7), EINVAL);
  check("pthread_attr_getstacksize(NULL attr)", pthread_attr_getstacksize(NULL, &sz), EINVAL);
  pthread_t d;
  memset(&s, 0, sizeof s);
  check("create detached", pthread_create(&d, &pa, stays, &s), 0);
  check("join a detached thread", pthread_join(d, NULL), EINVAL);
  release_detached = 1;
  pthread_attr_destroy(&pa);
  check("pthread_attr_get_np of self",
        (pthread_attr_init(&pa), pthread_attr_get_np(pthread_self(), &pa)), 0);
  check("  self is joinable", (pthread_attr_getdetachstate(&pa, &v), v), PTHREAD_CREATE_JOINABLE);
  check("pthread_attr_get_np of a bad handle", pthread_attr_get_np((pthread_t)&v, &pa), ESRCH);
  pthread_attr_destroy(&pa);

  printf("%s\n", failures ? "FAILED" : "all ok");
  return failures != 0;
}
