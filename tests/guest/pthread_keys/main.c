/* Guest thread-specific data and pthread_once (see CMakeLists.txt). */
#include <errno.h>
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../guest_check.h"

static pthread_key_t k_plain, k_again;
static int plain_calls;
static void *plain_value;
static int again_calls;

static void plain_dtor(void *v) {
  __atomic_add_fetch(&plain_calls, 1, __ATOMIC_RELAXED);
  plain_value = v;
}

/* sets its value again every time: destroyed once per round */
static void again_dtor(void *v) {
  __atomic_add_fetch(&again_calls, 1, __ATOMIC_RELAXED);
  pthread_setspecific(k_again, v);
}

static void *worker(void *p) {
  long seen_before = (long)pthread_getspecific(k_plain);
  pthread_setspecific(k_plain, p);
  pthread_setspecific(k_again, (void *)1);
  return (void *)(long)(seen_before == 0 && pthread_getspecific(k_plain) == p);
}

static int once_runs;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static ScePthreadOnce sce_once = SCE_PTHREAD_ONCE_INIT;
static void once_init(void) {
  sceKernelUsleep(10000); /* others arrive while it runs */
  __atomic_add_fetch(&once_runs, 1, __ATOMIC_RELAXED);
}
static void *once_racer(void *p) {
  (void)p;
  pthread_once(&once, once_init);
  return (void *)(long)__atomic_load_n(&once_runs, __ATOMIC_RELAXED);
}

/* exit order: cleanup handlers, the thread destructor routine, key destructors */
static char order[8];
static int order_len;
static pthread_key_t k_order;
static void note_c(void *p) { order[order_len++] = (char)(long)p; }
static void note_d(void) { order[order_len++] = 'D'; }
static void *ordered(void *p) {
  pthread_setspecific(k_order, (void *)'K');
  pthread_cleanup_push(note_c, (void *)'C');
  pthread_exit(p);
  pthread_cleanup_pop(0);
  return NULL;
}

static int sce_once_runs;
static void sce_once_init(void) { sce_once_runs++; }

int main(void) {
  check("key_create", pthread_key_create(&k_plain, plain_dtor), 0);
  check("scePthreadKeyCreate", scePthreadKeyCreate(&k_again, again_dtor), 0);
  check("keys differ", k_plain != k_again, 1);
  check("main sets its value", pthread_setspecific(k_plain, (void *)0x1111), 0);

  pthread_t t;
  void *ret;
  check("worker: create", pthread_create(&t, NULL, worker, (void *)0x2222), 0);
  check("worker: join", pthread_join(t, &ret), 0);
  check("  the worker started with NULL and read its own value", (long)ret, 1);
  check("  plain destructor: once", plain_calls, 1);
  check("  with the worker's value", (long)plain_value, 0x2222);
  check("  re-setting destructor: 4 rounds", again_calls, PTHREAD_DESTRUCTOR_ITERATIONS);
  check("main's value untouched", (long)pthread_getspecific(k_plain), 0x1111);

  check("key_delete", pthread_key_delete(k_plain), 0);
  check("deleted key reads NULL", (long)pthread_getspecific(k_plain), 0);
  check("setspecific on a deleted key: EINVAL", pthread_setspecific(k_plain, (void *)1), EINVAL);
  check("key_delete twice: EINVAL", pthread_key_delete(k_plain), EINVAL);
  check("scePthreadKeyDelete twice", scePthreadKeyDelete(k_plain), SCE_KERNEL_ERROR_EINVAL);
  check("key_delete out of range: EINVAL", pthread_key_delete(100000), EINVAL);
  pthread_key_t reused;
  check("key_create after delete", pthread_key_create(&reused, NULL), 0);
  check("  a reused slot shows no old value", (long)pthread_getspecific(reused), 0);
  check("scePthreadKeyCreate(NULL)", scePthreadKeyCreate(NULL, NULL), SCE_KERNEL_ERROR_EINVAL);
  check("scePthreadSetspecific on a bad key", scePthreadSetspecific(-1, NULL),
        SCE_KERNEL_ERROR_EINVAL);

  /* the table holds PTHREAD_KEYS_MAX keys: two are live (k_again, reused) */
  int made = 0, r;
  pthread_key_t k;
  while ((r = pthread_key_create(&k, NULL)) == 0) made++;
  check("keys until the table is full", made, PTHREAD_KEYS_MAX - 2);
  check("  then EAGAIN", r, EAGAIN);
  check("scePthreadKeyCreate when full", scePthreadKeyCreate(&k, NULL), SCE_KERNEL_ERROR_EAGAIN);

  check("free a slot", pthread_key_delete(reused), 0);
  check("key for the exit order", pthread_key_create(&k_order, note_c), 0);
  _sceKernelSetThreadDtors(note_d);
  check("ordered: create", pthread_create(&t, NULL, ordered, NULL), 0);
  check("ordered: join", pthread_join(t, NULL), 0);
  _sceKernelSetThreadDtors(NULL);
  check("  cleanup, thread destructors, key destructors", strcmp(order, "CDK"), 0);

  enum { RACERS = 4 };
  pthread_t th[RACERS];
  for (int i = 0; i < RACERS; i++) pthread_create(&th[i], NULL, once_racer, NULL);
  int all_after = 1;
  for (int i = 0; i < RACERS; i++) {
    pthread_join(th[i], &ret);
    all_after &= (long)ret == 1; /* each returned after the routine had finished */
  }
  check("pthread_once: the routine ran once", once_runs, 1);
  check("  every caller returned after it finished", all_after, 1);
  check("pthread_once again", pthread_once(&once, once_init), 0);
  check("  still once", once_runs, 1);
  check("scePthreadOnce", scePthreadOnce(&sce_once, sce_once_init), 0);
  check("scePthreadOnce again", scePthreadOnce(&sce_once, sce_once_init), 0);
  check("  ran once", sce_once_runs, 1);
  check("scePthreadOnce(NULL)", scePthreadOnce(NULL, sce_once_init), SCE_KERNEL_ERROR_EINVAL);

  printf("%s\n", failures ? "FAILED" : "all ok");
  return failures != 0;
}
