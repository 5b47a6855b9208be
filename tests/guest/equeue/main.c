/* Event queues as the console's reference documents them: the SceKernelEvent record (FreeBSD's
 * struct kevent), creation and its errors, waits (timeout 0 only collects, ETIMEDOUT with
 * *out 0, EBADF/EFAULT/EINVAL on bad arguments), user events (level: stay arrived until
 * deleted; edge: reset when received; udata from the trigger), a periodic timer counting
 * its expirations, a one-shot HR timer (100 us to under 100 s) that leaves the queue when
 * received, a read event on a file (data: bytes from the offset to the end), events looked
 * up by filter and id, stale queues, and a queue deleted while a thread (pthread_create)
 * waits on it. */
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

long write(int fd, const void *buf, unsigned long n);

static int failures;

static void check(const char *what, int got, int want) {
  printf("%s: %#x%s\n", what, (unsigned)got, got == want ? "" : " (UNEXPECTED)");
  failures += got != want;
}

static void fact(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "yes" : "no");
  failures += !ok;
}

/* a thread that waits without a timeout on a queue another thread deletes */
static SceKernelEqueue doomed;
static int waiter_result = 1, waiter_out = -1;
static int waiter_done;

static void *waiter(void *arg) {
  (void)arg;
  SceKernelEvent ev;
  waiter_result = sceKernelWaitEqueue(doomed, &ev, 1, &waiter_out, NULL);
  __atomic_store_n(&waiter_done, 1, __ATOMIC_RELEASE);
  return NULL;
}

int main(void) {
  printf("SceKernelEvent: %d bytes, filter +%d, flags +%d, fflags +%d, data +%d, udata +%d\n",
         (int)sizeof(SceKernelEvent), (int)offsetof(SceKernelEvent, filter),
         (int)offsetof(SceKernelEvent, flags), (int)offsetof(SceKernelEvent, fflags),
         (int)offsetof(SceKernelEvent, data), (int)offsetof(SceKernelEvent, udata));

  SceKernelEqueue eq;
  check("create, NULL name", sceKernelCreateEqueue(&eq, NULL), SCE_KERNEL_ERROR_EINVAL);
  check("create, 40-byte name",
        sceKernelCreateEqueue(&eq, "a name that is far longer than 32 bytes"),
        SCE_KERNEL_ERROR_ENAMETOOLONG);
  check("create", sceKernelCreateEqueue(&eq, "main queue"), SCE_OK);

  SceKernelEvent ev[4];
  int out = -1;
  SceKernelUseconds zero = 0, second = 1000000;
  check("wait, NULL queue", sceKernelWaitEqueue(NULL, ev, 4, &out, &zero), SCE_KERNEL_ERROR_EBADF);
  check("wait, NULL events", sceKernelWaitEqueue(eq, NULL, 4, &out, &zero),
        SCE_KERNEL_ERROR_EFAULT);
  check("wait, num 0", sceKernelWaitEqueue(eq, ev, 0, &out, &zero), SCE_KERNEL_ERROR_EINVAL);
  out = -1;
  check("wait, nothing arrived, timeout 0", sceKernelWaitEqueue(eq, ev, 4, &out, &zero),
        SCE_KERNEL_ERROR_ETIMEDOUT);
  printf("out after a timeout: %d\n", out);

  /* user events */
  check("trigger, no such event", sceKernelTriggerUserEvent(eq, 1, NULL), SCE_KERNEL_ERROR_ENOENT);
  check("add user event 1 (level)", sceKernelAddUserEvent(eq, 1), SCE_OK);
  check("add user event 2 (edge)", sceKernelAddUserEventEdge(eq, 2), SCE_OK);
  check("trigger 2", sceKernelTriggerUserEvent(eq, 2, (void *)0x2222), SCE_OK);
  check("trigger 1", sceKernelTriggerUserEvent(eq, 1, (void *)0x1111), SCE_OK);
  check("wait", sceKernelWaitEqueue(eq, ev, 4, &out, &zero), SCE_OK);
  printf("out %d\n", out);
  for (int i = 0; i < out; i++)
    printf("  event: filter %d id %lu udata %p\n", sceKernelGetEventFilter(&ev[i]),
           (unsigned long)sceKernelGetEventId(&ev[i]), sceKernelGetEventUserData(&ev[i]));
  check("wait again", sceKernelWaitEqueue(eq, ev, 4, &out, &zero), SCE_OK);
  printf("out %d: id %lu (the level event stays, the edge one was reset)\n", out,
         (unsigned long)sceKernelGetEventId(&ev[0]));
  check("error of a user event", sceKernelGetEventError(&ev[0]), 0);
  check("delete user event 1", sceKernelDeleteUserEvent(eq, 1), SCE_OK);
  check("delete user event 1 again", sceKernelDeleteUserEvent(eq, 1), SCE_KERNEL_ERROR_ENOENT);
  check("wait after the delete, timeout 0", sceKernelWaitEqueue(eq, ev, 4, &out, &zero),
        SCE_KERNEL_ERROR_ETIMEDOUT);
  check("trigger 2 again", sceKernelTriggerUserEvent(eq, 2, (void *)0x2223), SCE_OK);
  check("wait, 1 s timeout", sceKernelWaitEqueue(eq, ev, 4, &out, &second), SCE_OK);
  printf("out %d: id %lu udata %p\n", out, (unsigned long)sceKernelGetEventId(&ev[0]),
         sceKernelGetEventUserData(&ev[0]));

  /* a periodic timer: 10 ms */
  uint64_t added = sceKernelGetProcessTime();
  check("add timer 7, 10 ms", sceKernelAddTimerEvent(eq, 7, 10000, (void *)0x7777), SCE_OK);
  check("delete user event 7 (a timer has that id)", sceKernelDeleteUserEvent(eq, 7),
        SCE_KERNEL_ERROR_ENOENT);
  check("delete timer 2 (a user event has that id)", sceKernelDeleteTimerEvent(eq, 2),
        SCE_KERNEL_ERROR_ENOENT);
  sceKernelUsleep(55000);
  check("wait for the timer", sceKernelWaitEqueue(eq, ev, 4, &out, &second), SCE_OK);
  printf("out %d: filter %d id %lu udata %p\n", out, sceKernelGetEventFilter(&ev[0]),
         (unsigned long)sceKernelGetEventId(&ev[0]), sceKernelGetEventUserData(&ev[0]));
  long count = (long)sceKernelGetEventData(&ev[0]);
  long periods = (long)((sceKernelGetProcessTime() - added) / 10000);
  fact("timer data counts every expiration since the add (at least 5)",
       count >= 5 && count <= periods + 1);
  check("wait for the next period", sceKernelWaitEqueue(eq, ev, 4, &out, &second), SCE_OK);
  fact("one more expiration", out == 1 && sceKernelGetEventData(&ev[0]) >= 1);
  check("delete timer 7", sceKernelDeleteTimerEvent(eq, 7), SCE_OK);
  check("delete timer 7 again", sceKernelDeleteTimerEvent(eq, 7), SCE_KERNEL_ERROR_ENOENT);

  /* a one-shot high-resolution timer */
  SceKernelTimespec ts = {0, 50000};
  check("HR timer of 50 us", sceKernelAddHRTimerEvent(eq, 9, &ts, NULL), SCE_KERNEL_ERROR_EINVAL);
  ts.tv_sec = 100;
  ts.tv_nsec = 0;
  check("HR timer of 100 s", sceKernelAddHRTimerEvent(eq, 9, &ts, NULL), SCE_KERNEL_ERROR_EINVAL);
  ts.tv_sec = 0;
  ts.tv_nsec = 2000000;
  check("HR timer of 2 ms", sceKernelAddHRTimerEvent(eq, 9, &ts, (void *)0x9999), SCE_OK);
  uint64_t t0 = sceKernelGetProcessTime();
  check("wait for it", sceKernelWaitEqueue(eq, ev, 4, &out, &second), SCE_OK);
  uint64_t t1 = sceKernelGetProcessTime();
  printf("out %d: filter %d id %lu udata %p\n", out, sceKernelGetEventFilter(&ev[0]),
         (unsigned long)sceKernelGetEventId(&ev[0]), sceKernelGetEventUserData(&ev[0]));
  fact("it came after at least 2 ms", t1 - t0 >= 2000);
  check("delete it after it was received", sceKernelDeleteHRTimerEvent(eq, 9),
        SCE_KERNEL_ERROR_ENOENT);

  /* a read event on a file: arrived unless the offset is at the end */
  int fd = sceKernelOpen("/temp0/equeue.txt", 0x2 | 0x200 | 0x400 /* RDWR CREAT TRUNC */, 0644);
  fact("file opened", fd >= 3);
  write(fd, "0123456789", 10);
  sceKernelLseek(fd, 4, 0);
  check("read event, bad descriptor", sceKernelAddReadEvent(eq, 999, 0, NULL),
        SCE_KERNEL_ERROR_EBADF);
  check("read event", sceKernelAddReadEvent(eq, fd, 0, (void *)0x5555), SCE_OK);
  check("wait", sceKernelWaitEqueue(eq, ev, 4, &out, &zero), SCE_OK);
  printf("out %d: filter %d, id is the descriptor: %s, data %ld, udata %p\n", out,
         sceKernelGetEventFilter(&ev[0]),
         sceKernelGetEventId(&ev[0]) == (uintptr_t)fd ? "yes" : "no",
         (long)sceKernelGetEventData(&ev[0]), sceKernelGetEventUserData(&ev[0]));
  sceKernelLseek(fd, 0, 2 /* SEEK_END */);
  check("wait at the end of the file", sceKernelWaitEqueue(eq, ev, 4, &out, &zero),
        SCE_KERNEL_ERROR_ETIMEDOUT);
  check("delete read event", sceKernelDeleteReadEvent(eq, fd), SCE_OK);
  check("delete write event (none)", sceKernelDeleteWriteEvent(eq, fd), SCE_KERNEL_ERROR_ENOENT);
  check("file event, watch 0", sceKernelAddFileEvent(eq, fd, 0, NULL), SCE_KERNEL_ERROR_EINVAL);
  check("file event on writes and growth",
        sceKernelAddFileEvent(eq, fd, SCE_KERNEL_EVNOTE_WRITE | SCE_KERNEL_EVNOTE_EXTEND,
                              (void *)0x4444),
        SCE_OK);
  check("wait before any change", sceKernelWaitEqueue(eq, ev, 4, &out, &zero),
        SCE_KERNEL_ERROR_ETIMEDOUT);
  write(fd, "ab", 2);
  check("wait after a write at the end", sceKernelWaitEqueue(eq, ev, 4, &out, &zero), SCE_OK);
  printf("out %d: filter %d fflags %#lx udata %p\n", out, sceKernelGetEventFilter(&ev[0]),
         (unsigned long)sceKernelGetEventFflags(&ev[0]), sceKernelGetEventUserData(&ev[0]));
  check("delete file event", sceKernelDeleteFileEvent(eq, fd), SCE_OK);
  sceKernelClose(fd);

  /* a deleted queue is no queue */
  check("delete queue", sceKernelDeleteEqueue(eq), SCE_OK);
  check("delete it again", sceKernelDeleteEqueue(eq), SCE_KERNEL_ERROR_EBADF);
  check("wait on it", sceKernelWaitEqueue(eq, ev, 4, &out, &zero), SCE_KERNEL_ERROR_EBADF);
  check("add a user event to it", sceKernelAddUserEvent(eq, 1), SCE_KERNEL_ERROR_EBADF);
  check("add a timer to it", sceKernelAddTimerEvent(eq, 1, 1000, NULL), SCE_KERNEL_ERROR_EBADF);

  /* deleted while a thread waits on it without a timeout */
  check("create another", sceKernelCreateEqueue(&doomed, "doomed"), SCE_OK);
  sceKernelAddUserEvent(doomed, 1);
  pthread_t waiter_thread;
  check("pthread_create", pthread_create(&waiter_thread, NULL, waiter, NULL), 0);
  sceKernelUsleep(50000);
  fact("the thread still waits", __atomic_load_n(&waiter_done, __ATOMIC_ACQUIRE) == 0);
  check("delete it under the waiter", sceKernelDeleteEqueue(doomed), SCE_OK);
  check("join the waiter", pthread_join(waiter_thread, NULL), 0);
  check("the waiter's result", waiter_result, SCE_KERNEL_ERROR_EBADF);
  printf("the waiter's out: %d\n", waiter_out);
  return failures;
}
