/* Guest TLS on the main thread: initialised and zero-initialised thread-locals (the block
 * below the TCB, reached through fs: accesses the loader rewrote to gs:), plus the
 * stack-protector guard at fs:[0x28] (built with -fstack-protector-all). */
#include <stdio.h>
#include <string.h>

static __thread int tls_init = 1234;
static __thread int tls_zero;
static __thread char tls_buf[64];
__thread long long tls_big[4] = {1, 2, 3, 0x1122334455667788LL};

static int fill(char *dst, const char *src) {
  char local[32];
  strcpy(local, src); /* a canary-protected frame */
  strcpy(dst, local);
  return (int)strlen(dst);
}

int main(void) {
  printf("initialised %d, zero %d, buffer empty %d\n", tls_init, tls_zero, tls_buf[0] == 0);
  printf("big %lld %llx\n", tls_big[0], (unsigned long long)tls_big[3]);
  tls_init += 1;
  tls_zero = 7;
  int n = fill(tls_buf, "thread local");
  printf("after writes %d %d %s (%d)\n", tls_init, tls_zero, tls_buf, n);
  int *p = &tls_init;
  *p = 99;
  printf("through a pointer %d\n", tls_init);
  return 0;
}
