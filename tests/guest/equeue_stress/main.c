/* Two guest threads (pthread_create) trigger user events on, and two wait on, whichever queue is
 * current while the main thread creates a queue, makes it current and deletes the previous
 * one, 2000 times. Every call must end with one of the reference's answers for a live or a
 * deleted queue (SCE_OK, EBADF, ENOENT for an event not added yet, ETIMEDOUT), and events
 * must flow. */
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>

#define THREADS 4
static SceKernelEqueue current;
static int stop, unexpected;
static long triggered, received;

static void *trigger_loop(void *arg) {
  long i = (long)arg;
  while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
    SceKernelEqueue q = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    int r = sceKernelTriggerUserEvent(q, 1, (void *)i);
    if (r == SCE_OK) __atomic_add_fetch(&triggered, 1, __ATOMIC_RELAXED);
    else if (r != SCE_KERNEL_ERROR_EBADF && r != SCE_KERNEL_ERROR_ENOENT)
      __atomic_add_fetch(&unexpected, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void *wait_loop(void *arg) {
  (void)arg;
  SceKernelEvent ev[2];
  while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
    SceKernelEqueue q = __atomic_load_n(&current, __ATOMIC_ACQUIRE);
    int out = 0;
    SceKernelUseconds timo = 1000;
    int r = sceKernelWaitEqueue(q, ev, 2, &out, &timo);
    if (r == SCE_OK && out >= 1 && out <= 2 && sceKernelGetEventFilter(&ev[0]) == -11)
      __atomic_add_fetch(&received, out, __ATOMIC_RELAXED);
    else if (r != SCE_KERNEL_ERROR_EBADF && r != SCE_KERNEL_ERROR_ETIMEDOUT)
      __atomic_add_fetch(&unexpected, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

int main(void) {
  int failures = 0;
  SceKernelEqueue q;
  if (sceKernelCreateEqueue(&q, "stress") != SCE_OK) return 1;
  sceKernelAddUserEventEdge(q, 1);
  current = q;
  pthread_t threads[THREADS];
  for (long i = 0; i < THREADS; i++)
    failures += pthread_create(&threads[i], NULL, i < 2 ? trigger_loop : wait_loop, (void *)i) != 0;
  int bad_main = 0;
  for (int round = 0; round < 2000; round++) {
    SceKernelEqueue next;
    bad_main += sceKernelCreateEqueue(&next, "stress") != SCE_OK;
    bad_main += sceKernelAddUserEventEdge(next, 1) != SCE_OK;
    SceKernelEqueue old = __atomic_exchange_n(&current, next, __ATOMIC_ACQ_REL);
    bad_main += sceKernelDeleteEqueue(old) != SCE_OK;
    if (round % 100 == 0) sceKernelUsleep(500);
  }
  __atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
  for (int i = 0; i < THREADS; i++) failures += pthread_join(threads[i], NULL) != 0;
  bad_main += sceKernelDeleteEqueue(current) != SCE_OK;
  printf("threads started: %s\n", failures == 0 ? "yes" : "no");
  printf("2000 queues created and deleted under the threads: %s\n", bad_main == 0 ? "yes" : "no");
  printf("every call answered SCE_OK, EBADF, ENOENT or ETIMEDOUT: %s\n",
         unexpected == 0 ? "yes" : "no");
  printf("events were triggered and received: %s\n", triggered > 0 && received > 0 ? "yes" : "no");
  return failures + bad_main + (unexpected != 0) + !(triggered > 0 && received > 0);
}
