/* AIO batches under concurrency: 8 guest threads, two per file, each in its own region of
 * the file. A round writes a batch under one submit ID, reads it back under one ID per
 * request (queued after the writes of the same file, so they see the written bytes), waits
 * for the reads with WAIT_AND and a budget, then for the writes, checks every byte, result
 * and state, and deletes the IDs. */
#include <fcntl.h>
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define THREADS 8
#define ROUNDS 150
#define BATCH 8
#define REC 256

static int fds[4];

static void *worker(void *arg) {
  int me = (int)(long)arg;
  int fd = fds[me % 4];
  off_t base = (off_t)(me / 4) * 65536;
  static __thread unsigned char out[BATCH][REC], in[BATCH][REC];
  SceKernelAioResult wres[BATCH], rres[BATCH];
  for (int round = 0; round < ROUNDS; round++) {
    int n = 1 + (round + me) % BATCH;
    SceKernelAioRWRequest w[BATCH], r[BATCH];
    for (int i = 0; i < n; i++) {
      memset(out[i], (me * 29 + round * 5 + i) & 0xff, REC);
      memset(in[i], 0, REC);
      off_t off = base + ((round * BATCH + i) % 200) * REC;
      w[i] = (SceKernelAioRWRequest){off, REC, out[i], &wres[i], fd};
      r[i] = (SceKernelAioRWRequest){off, REC, in[i], &rres[i], fd};
    }
    SceKernelAioSubmitId wid, rids[BATCH];
    if (sceKernelAioSubmitWriteCommands(w, n, SCE_KERNEL_AIO_PRIORITY_MID, &wid) != 0)
      return (void *)1;
    if (sceKernelAioSubmitReadCommandsMultiple(r, n, SCE_KERNEL_AIO_PRIORITY_MID, rids) != 0)
      return (void *)2;
    int st[BATCH];
    SceKernelUseconds usec = 30000000;
    if (sceKernelAioWaitRequests(rids, n, st, SCE_KERNEL_AIO_WAIT_AND, &usec) != 0)
      return (void *)3;
    for (int i = 0; i < n; i++)
      if (st[i] != SCE_KERNEL_AIO_STATE_COMPLETED) return (void *)4;
    if (sceKernelAioWaitRequest(wid, st, NULL) != 0 || st[0] != SCE_KERNEL_AIO_STATE_COMPLETED)
      return (void *)5;
    for (int i = 0; i < n; i++)
      if (wres[i].returnValue != REC || rres[i].returnValue != REC ||
          rres[i].state != SCE_KERNEL_AIO_STATE_COMPLETED || memcmp(in[i], out[i], REC) != 0)
        return (void *)6;
    int ret[BATCH];
    if (sceKernelAioDeleteRequests(rids, n, ret) != 0) return (void *)7;
    for (int i = 0; i < n; i++)
      if (ret[i] != 0) return (void *)8;
    if (sceKernelAioDeleteRequest(wid, ret) != 0 || ret[0] != 0) return (void *)9;
  }
  return NULL;
}

int main(void) {
  char name[32];
  for (int i = 0; i < 4; i++) {
    snprintf(name, sizeof name, "/temp0/stress%d", i);
    fds[i] = sceKernelOpen(name, O_RDWR | O_CREAT | O_TRUNC, 0644);
  }
  pthread_t t[THREADS];
  int started = 0;
  for (long i = 0; i < THREADS; i++) started += pthread_create(&t[i], NULL, worker, (void *)i) == 0;
  printf("threads started: %s\n", started == THREADS ? "ok" : "FAILED");
  int failures = started != THREADS;
  for (int i = 0; i < started; i++) {
    void *r;
    pthread_join(t[i], &r);
    if (r) {
      printf("thread %d failed at step %ld\n", i, (long)r);
      failures++;
    }
  }
  printf("8 threads x 150 batches, every byte checked: %s\n", failures ? "FAILED" : "ok");
  for (int i = 0; i < 4; i++) sceKernelClose(fds[i]);
  printf("%d failures\n", failures);
  return failures;
}
