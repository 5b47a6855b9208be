/* Host scheduling: per-thread nice values and creation of host threads at the base nice
 * (host_sched.h). The helper thread waits for one creation request at a time; a caller at the
 * base nice (the common case: the emulator's own threads, guest threads never reniced)
 * creates its thread itself. */
#define _GNU_SOURCE
#include "common/host_sched.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <linux/capability.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "common/log.h"

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int base_nice;
static int lower_floor; /* the lowest nice this process may set (CAP_SYS_NICE, RLIMIT_NICE) */

/* the helper thread's one request slot (req_lock) */
static pthread_mutex_t req_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t req_serial = PTHREAD_MUTEX_INITIALIZER; /* one request at a time */
static pthread_cond_t req_cond = PTHREAD_COND_INITIALIZER;
static struct {
  bool pending, done;
  pthread_t *thread;
  const pthread_attr_t *attr;
  void *(*fn)(void *);
  void *arg;
  sigset_t mask; /* the caller's signal mask, which the new thread inherits from the helper */
  int result;
} req;
static bool helper_running;

static void *helper_main(void *arg) {
  (void)arg;
  pthread_setname_np(pthread_self(), "host-spawner");
  pthread_mutex_lock(&req_lock);
  for (;;) {
    while (!req.pending) pthread_cond_wait(&req_cond, &req_lock);
    sigset_t own;
    pthread_sigmask(SIG_SETMASK, &req.mask, &own);
    req.result = pthread_create(req.thread, req.attr, req.fn, req.arg);
    pthread_sigmask(SIG_SETMASK, &own, NULL);
    req.pending = false;
    req.done = true;
    pthread_cond_broadcast(&req_cond);
  }
  return NULL;
}

static int read_nice(pid_t tid) {
  errno = 0;
  int n = getpriority(PRIO_PROCESS, (id_t)tid);
  return n == -1 && errno ? INT_MIN : n;
}

static int lowest_allowed(void);

static void init(void) {
  int n = read_nice(0);
  base_nice = n == INT_MIN ? 0 : n;
  lower_floor = lowest_allowed();
  /* started before any thread's nice is raised (every setter runs this first), so it
   * inherits the base */
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setstacksize(&a, 64u << 10);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_t t;
  helper_running = pthread_create(&t, &a, helper_main, NULL) == 0;
  pthread_attr_destroy(&a);
  if (!helper_running)
    LOG(core, WARN, "host scheduling: no helper thread; threads inherit their creator's nice");
}

void host_sched_init(void) { pthread_once(&init_once, init); }

int host_sched_base_nice(void) {
  host_sched_init();
  return base_nice;
}

int host_sched_get_nice(pid_t tid) { return read_nice(tid); }

static bool has_cap_sys_nice(void) {
  struct __user_cap_header_struct h = {.version = _LINUX_CAPABILITY_VERSION_3, .pid = 0};
  struct __user_cap_data_struct d[2];
  memset(d, 0, sizeof d);
  if (syscall(SYS_capget, &h, d) != 0) return false;
  return (d[CAP_SYS_NICE / 32].effective >> (CAP_SYS_NICE % 32)) & 1u;
}

static int lowest_allowed(void) {
  if (has_cap_sys_nice()) return HOST_SCHED_NICE_MIN;
  struct rlimit r;
  if (getrlimit(RLIMIT_NICE, &r) != 0) return HOST_SCHED_NICE_MAX + 1;
  if (r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= 40) return HOST_SCHED_NICE_MIN;
  return 20 - (int)r.rlim_cur; /* RLIMIT_NICE r allows nice 20 - r and above */
}

bool host_sched_can_lower_to(int nice) { return nice >= lowest_allowed(); }

bool host_sched_set_nice(pid_t tid, int nice) {
  host_sched_init();
  if (nice < HOST_SCHED_NICE_MIN) nice = HOST_SCHED_NICE_MIN;
  if (nice > HOST_SCHED_NICE_MAX) nice = HOST_SCHED_NICE_MAX;
  if (setpriority(PRIO_PROCESS, (id_t)tid, nice) == 0) return true;
  int e = errno;
  if (e == EPERM || e == EACCES)
    LOG_ONCE(core, INFO,
             "host scheduling: the host refuses to lower a thread's nice (to %d: %s); without "
             "CAP_SYS_NICE or an RLIMIT_NICE of at least %d (ulimit -e) a thread whose priority "
             "is raised later keeps its lower host priority",
             nice, strerror(e), 20 - nice);
  else if (e != ESRCH)
    LOG_ONCE(core, WARN, "host scheduling: setpriority(%d, %d) failed: %s", (int)tid, nice,
             strerror(e));
  return false;
}

/* Has the helper thread create the thread (it runs at the base nice). */
static int create_by_helper(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
                            void *arg) {
  pthread_mutex_lock(&req_serial);
  pthread_mutex_lock(&req_lock);
  req.thread = thread;
  req.attr = attr;
  req.fn = fn;
  req.arg = arg;
  pthread_sigmask(SIG_SETMASK, NULL, &req.mask);
  req.done = false;
  req.pending = true;
  pthread_cond_broadcast(&req_cond);
  while (!req.done) pthread_cond_wait(&req_cond, &req_lock);
  int r = req.result;
  pthread_mutex_unlock(&req_lock);
  pthread_mutex_unlock(&req_serial);
  return r;
}

int host_sched_thread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
                             void *arg) {
  host_sched_init();
  int mine = read_nice(0);
  if (!helper_running || mine == INT_MIN || mine <= base_nice)
    return pthread_create(thread, attr, fn, arg);
  return create_by_helper(thread, attr, fn, arg);
}

int host_sched_thread_create_for(pthread_t *thread, const pthread_attr_t *attr, void *(*fn)(void *),
                                 void *arg, int target) {
  host_sched_init();
  int mine = read_nice(0);
  /* here when the thread can reach TARGET from this thread's nice: upwards, or downwards where
   * the host allows it (the common cases: a creator at the default priority making more of
   * them, or a privileged process), else from the helper's base */
  if (!helper_running || mine == INT_MIN || mine <= target || target >= lower_floor)
    return pthread_create(thread, attr, fn, arg);
  return create_by_helper(thread, attr, fn, arg);
}
