/* Guest thread priority, policy, affinity and names (see CMakeLists.txt). */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "../guest_check.h"

static void check_str(const char *what, const char *got, const char *want) {
  if (strcmp(got, want) == 0) {
    printf("%s: ok\n", what);
  } else {
    printf("%s: got '%s', want '%s'\n", what, got, want);
    failures++;
  }
}

static volatile int go, ready;
static char inside_name[32];
static int inside_cpu_ok;

static void *named(void *p) {
  (void)p;
  scePthreadGetname(scePthreadSelf(), inside_name);
  for (int i = 0; i < 100; i++) {
    int cpu = sceKernelGetCurrentCpu();
    inside_cpu_ok += cpu == 1; /* its mask holds CPU 1 only */
  }
  __atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
  while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE)) sceKernelUsleep(1000);
  return NULL;
}

int main(void) {
  ScePthread self = scePthreadSelf();
  int prio = 0, policy = 0;
  check("main thread priority", (scePthreadGetprio(self, &prio), prio), 700);
  check("setprio 256", scePthreadSetprio(self, 256), 0);
  check("getprio", (scePthreadGetprio(self, &prio), prio), 256);
  check("setprio 767", scePthreadSetprio(self, 767), 0);
  check("setprio 255", scePthreadSetprio(self, 255), SCE_KERNEL_ERROR_EINVAL);
  check("setprio 768", scePthreadSetprio(self, 768), SCE_KERNEL_ERROR_EINVAL);
  check("priority kept after refusals", (scePthreadGetprio(self, &prio), prio), 767);
  check("getprio with a null output", scePthreadGetprio(self, NULL), SCE_KERNEL_ERROR_EINVAL);
  check("getprio of a bad handle", scePthreadGetprio((ScePthread)&prio, &prio),
        SCE_KERNEL_ERROR_ESRCH);
  check("pthread_setprio 700", pthread_setprio(pthread_self(), 700), 0);
  check("pthread_getprio", pthread_getprio(pthread_self()), 700);
  check("pthread_setprio 100: EINVAL", pthread_setprio(pthread_self(), 100), EINVAL);

  SceKernelSchedParam sp = {0};
  check("getschedparam", scePthreadGetschedparam(self, &policy, &sp), 0);
  check("  policy FIFO", policy, SCE_KERNEL_SCHED_FIFO);
  check("  priority", sp.sched_priority, 700);
  sp.sched_priority = 900;
  check("setschedparam OTHER 900", scePthreadSetschedparam(self, SCE_KERNEL_SCHED_OTHER, &sp), 0);
  check("  reads back",
        (scePthreadGetschedparam(self, &policy, &sp), policy * 10000 + sp.sched_priority),
        SCE_KERNEL_SCHED_OTHER * 10000 + 900);
  sp.sched_priority = 700;
  check("setschedparam OTHER 700", scePthreadSetschedparam(self, SCE_KERNEL_SCHED_OTHER, &sp),
        SCE_KERNEL_ERROR_EINVAL);
  check("setschedparam policy 9", scePthreadSetschedparam(self, 9, &sp), SCE_KERNEL_ERROR_EINVAL);
  struct sched_param psp = {700};
  check("pthread_setschedparam FIFO 700", pthread_setschedparam(pthread_self(), SCHED_FIFO, &psp),
        0);
  check("sched_get_priority_max FIFO", sched_get_priority_max(SCHED_FIFO), 767);
  check("sched_get_priority_min FIFO", sched_get_priority_min(SCHED_FIFO), 256);
  check("sched_get_priority_max RR", sched_get_priority_max(SCHED_RR), 767);
  check("sched_get_priority_max 9", sched_get_priority_max(9), -1);
  check("  errno EINVAL", errno, EINVAL);
  check("sched_yield", sched_yield(), 0);

  SceKernelCpumask m = 0;
  check("getaffinity", scePthreadGetaffinity(self, &m), 0);
  check("  the default mask holds CPU 0 and 1", (long)(m & 3), 3);
  check("setaffinity 2", scePthreadSetaffinity(self, 2), 0);
  check("  reads back", (scePthreadGetaffinity(self, &m), (long)m), 2);
  check("  current CPU inside the mask", sceKernelGetCurrentCpu(), 1);
  check("setaffinity 0", scePthreadSetaffinity(self, 0), SCE_KERNEL_ERROR_EINVAL);
  check("setaffinity of a bad handle", scePthreadSetaffinity((ScePthread)&m, 1),
        SCE_KERNEL_ERROR_ESRCH);
  uint64_t set[2] = {~0ull, ~0ull};
  check("pthread_getaffinity_np", pthread_getaffinity_np(pthread_self(), sizeof set, set), 0);
  check("  mask in the first word, the rest zero", set[0] == 2 && set[1] == 0, 1);
  set[0] = 3;
  check("pthread_setaffinity_np", pthread_setaffinity_np(pthread_self(), sizeof set, set), 0);
  check("  reads back", (scePthreadGetaffinity(self, &m), (long)m), 3);

  ScePthreadAttr a;
  scePthreadAttrInit(&a);
  scePthreadAttrSetaffinity(&a, 2);
  ScePthread t;
  check("create named", scePthreadCreate(&t, &a, named, NULL, "worker-1"), 0);
  scePthreadAttrDestroy(&a);
  while (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE)) sceKernelUsleep(1000);
  char name[32];
  memset(name, 'x', sizeof name);
  check("scePthreadGetname", scePthreadGetname(t, name), 0);
  check_str("  the creation name", name, "worker-1");
  check("rename", scePthreadRename(t, "a-name-that-is-longer-than-thirty-one-chars"), 0);
  check("scePthreadGetname", scePthreadGetname(t, name), 0);
  check_str("  31 characters kept", name, "a-name-that-is-longer-than-thir");
  pthread_set_name_np(t, "posix-name");
  check("pthread_get_name_np", pthread_get_name_np(t, name), 0);
  check_str("  set by pthread_set_name_np", name, "posix-name");
  check("scePthreadGetname(NULL buffer)", scePthreadGetname(t, NULL), SCE_KERNEL_ERROR_EINVAL);
  go = 1;
  check("join", scePthreadJoin(t, NULL), 0);
  check_str("the thread read its own name", inside_name, "worker-1");
  check("its CPU was inside its mask every time", inside_cpu_ok, 100);
  check("rename a joined thread", scePthreadRename(t, "x"), SCE_KERNEL_ERROR_ESRCH);
  check("getname of a joined thread", scePthreadGetname(t, name), SCE_KERNEL_ERROR_ESRCH);
  check("pthread_rename_np of a joined thread", pthread_rename_np((pthread_t)t, "x"), ESRCH);

  printf("%s\n", failures ? "FAILED" : "all ok");
  return failures != 0;
}
