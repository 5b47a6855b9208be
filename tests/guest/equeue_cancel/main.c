/* sceKernelWaitEqueue and thread cancellation (see CMakeLists.txt). */
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../guest_check.h"

static char trail[16];
static int trail_len;
static void mark(void *p) {
  if (trail_len < (int)sizeof trail - 1) trail[trail_len++] = (char)(long)p;
}

static volatile int started, go;
static volatile int wait_result;

static void wait_started(void) {
  while (!__atomic_load_n(&started, __ATOMIC_ACQUIRE)) sceKernelUsleep(1000);
  __atomic_store_n(&started, 0, __ATOMIC_RELEASE);
}

/* Blocks in the wait with no timeout; only the cancel ends it. */
static void *blocked_waiter(void *p) {
  SceKernelEqueue eq = p;
  SceKernelEvent ev;
  int out = -1;
  pthread_cleanup_push(mark, (void *)'A');
  pthread_cleanup_push(mark, (void *)'B');
  __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
  wait_result = sceKernelWaitEqueue(eq, &ev, 1, &out, NULL);
  pthread_cleanup_pop(0);
  pthread_cleanup_pop(0);
  return (void *)55;
}

/* Cancellation disabled around the wait: the request neither ends nor shortens it. */
static void *disabled_waiter(void *p) {
  SceKernelEqueue eq = p;
  SceKernelEvent ev;
  int out = -1, old;
  pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
  pthread_cleanup_push(mark, (void *)'D');
  __atomic_store_n(&started, 1, __ATOMIC_RELEASE);
  while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE)) sceKernelUsleep(1000); /* cancelled by now */
  SceKernelUseconds timo = 200 * 1000;
  uint64_t t0 = sceKernelGetProcessTime();
  wait_result = sceKernelWaitEqueue(eq, &ev, 1, &out, &timo);
  uint64_t waited = sceKernelGetProcessTime() - t0;
  check("  disabled: the wait ran its whole timeout", waited >= 190 * 1000, 1);
  check("  disabled: ETIMEDOUT", wait_result, SCE_KERNEL_ERROR_ETIMEDOUT);
  check("  disabled: *out is 0", out, 0);
  /* an event that arrived is returned, the request still pending */
  sceKernelTriggerUserEvent(eq, 7, (void *)0x77);
  wait_result = sceKernelWaitEqueue(eq, &ev, 1, &out, NULL);
  check("  disabled: the triggered event is returned",
        wait_result == 0 && out == 1 && ev.udata == (void *)0x77, 1);
  pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
  /* a request pending at entry acts at once, before any event is taken */
  sceKernelTriggerUserEvent(eq, 7, (void *)0x78);
  sceKernelWaitEqueue(eq, &ev, 1, &out, NULL);
  pthread_cleanup_pop(0);
  return (void *)66;
}

static void *trigger_later(void *p) {
  sceKernelUsleep(30 * 1000);
  sceKernelTriggerUserEvent(p, 3, (void *)0x33);
  return NULL;
}

int main(void) {
  SceKernelEqueue eq;
  check("create cancel_q", sceKernelCreateEqueue(&eq, "cancel_q"), 0);
  check("add user event", sceKernelAddUserEventEdge(eq, 1), 0);
  pthread_t t;
  check("blocked waiter: create", pthread_create(&t, NULL, blocked_waiter, eq), 0);
  wait_started();
  sceKernelUsleep(50 * 1000); /* well inside the wait */
  uint64_t t0 = sceKernelGetProcessTime();
  check("pthread_cancel", pthread_cancel(t), 0);
  void *value = NULL;
  check("join", pthread_join(t, &value), 0);
  check("  value is PTHREAD_CANCELED", (long)value, (long)PTHREAD_CANCELED);
  check("  ended promptly (under 1 s)", sceKernelGetProcessTime() - t0 < 1000 * 1000, 1);
  trail[trail_len] = 0;
  check("  handlers B then A ran", strcmp(trail, "BA"), 0);
  check("delete cancel_q", sceKernelDeleteEqueue(eq), 0);

  trail_len = 0;
  check("create disabled_q", sceKernelCreateEqueue(&eq, "disabled_q"), 0);
  check("add user event", sceKernelAddUserEvent(eq, 7), 0);
  check("disabled waiter: create", pthread_create(&t, NULL, disabled_waiter, eq), 0);
  wait_started();
  check("pthread_cancel while disabled", pthread_cancel(t), 0);
  __atomic_store_n(&go, 1, __ATOMIC_RELEASE); /* let it start waiting */
  check("join", pthread_join(t, &value), 0);
  check("  value is PTHREAD_CANCELED", (long)value, (long)PTHREAD_CANCELED);
  trail[trail_len] = 0;
  check("  handler D ran", strcmp(trail, "D"), 0);
  check("delete disabled_q", sceKernelDeleteEqueue(eq), 0);

  check("create traced_q", sceKernelCreateEqueue(&eq, "traced_q"), 0);
  check("add user event", sceKernelAddUserEventEdge(eq, 3), 0);
  check("trigger thread: create", pthread_create(&t, NULL, trigger_later, eq), 0);
  SceKernelEvent ev;
  int out = 0;
  check("a wait woken by another thread", sceKernelWaitEqueue(eq, &ev, 1, &out, NULL), 0);
  check("  one event", out, 1);
  check("join", pthread_join(t, NULL), 0);
  check("delete traced_q", sceKernelDeleteEqueue(eq), 0);

  printf("%s\n", failures ? "FAILED" : "all ok");
  return failures ? 1 : 0;
}
