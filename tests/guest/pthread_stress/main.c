/* Thread lifecycle under concurrency: 4 creator threads each create and join 300 children
 * (each child starts one detached grandchild), while the main thread cancels a stream of
 * sleeping threads and renames live ones. Every child and grandchild runs exactly once,
 * every join returns its child's value, every cancelled sleeper ends PTHREAD_CANCELED. */
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>

enum { CREATORS = 4, CHILDREN = 300, SLEEPERS = 50 };

static int children_ran, grandchildren_ran, bad_values, failures;

static void *grandchild(void *p) {
  (void)p;
  __atomic_add_fetch(&grandchildren_ran, 1, __ATOMIC_RELAXED);
  return NULL;
}

static void *child(void *p) {
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_t g;
  if (pthread_create(&g, &a, grandchild, NULL) != 0)
    __atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
  pthread_attr_destroy(&a);
  __atomic_add_fetch(&children_ran, 1, __ATOMIC_RELAXED);
  return (void *)((long)p * 3);
}

static void *creator(void *p) {
  long base = (long)p * CHILDREN;
  for (long i = 0; i < CHILDREN; i++) {
    pthread_t t;
    void *ret = NULL;
    if (pthread_create(&t, NULL, child, (void *)(base + i)) != 0 || pthread_join(t, &ret) != 0) {
      __atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);
      continue;
    }
    if ((long)ret != (base + i) * 3) __atomic_add_fetch(&bad_values, 1, __ATOMIC_RELAXED);
  }
  return NULL;
}

static void *sleeper(void *p) {
  (void)p;
  sceKernelUsleep(30 * 1000 * 1000);
  return (void *)2;
}

int main(void) {
  pthread_t c[CREATORS];
  for (long i = 0; i < CREATORS; i++)
    if (pthread_create(&c[i], NULL, creator, (void *)i) != 0) failures++;
  int cancelled = 0;
  for (int i = 0; i < SLEEPERS; i++) {
    pthread_t s;
    void *ret = NULL;
    if (pthread_create(&s, NULL, sleeper, NULL) != 0) {
      failures++;
      continue;
    }
    scePthreadRename(s, "sleeper");
    pthread_cancel(s);
    pthread_join(s, &ret);
    cancelled += ret == PTHREAD_CANCELED;
  }
  for (int i = 0; i < CREATORS; i++) pthread_join(c[i], NULL);
  /* detached grandchildren may still be finishing */
  for (int i = 0;
       i < 500 && __atomic_load_n(&grandchildren_ran, __ATOMIC_ACQUIRE) < CREATORS * CHILDREN; i++)
    sceKernelUsleep(10000);
  printf("children ran: %d\n", children_ran);
  printf("grandchildren ran: %d\n", __atomic_load_n(&grandchildren_ran, __ATOMIC_ACQUIRE));
  printf("joined values wrong: %d\n", bad_values);
  printf("sleepers cancelled: %d\n", cancelled);
  printf("failures: %d\n", failures);
  return failures || bad_values || cancelled != SLEEPERS;
}
