/* A PRX loaded while the game runs (sceKernelLoadStartModule), never linked into the
 * executable: reached only through sceKernelDlsym. Its TLS is dynamic: initialised and zero
 * variables, a local one (local-dynamic: DTPMOD64 against symbol 0), and an import of
 * modstatic.prx's TLS. */
#include <stddef.h>
#include <string.h>

__thread int tls_init = 1234;
__thread int tls_zero;
__thread char tls_text[16] = "per thread";
static __thread int tls_local = 7;
extern __thread int st_tls;
int dep_value(void); /* moddep.prx, loaded with this module */

int starts;          /* module_start calls in this image */
char start_args[32]; /* what module_start received */
int tls_data = 5;    /* a data object for the segment checks */

int module_start(size_t args, const void *argp) {
  starts++;
  if (args && args <= sizeof start_args) memcpy(start_args, argp, args);
  return (int)args * 10 + starts;
}

int module_stop(size_t args, const void *argp) {
  (void)argp;
  return 900 + (int)args;
}

/* Adds BY to this thread's copies; returns tls_init afterwards. */
int tls_bump(int by) {
  tls_init += by;
  tls_zero += 1;
  tls_local += 1;
  tls_text[0] = (char)('A' + tls_zero);
  return tls_init;
}

/* This thread's values, packed for the caller. */
void tls_read(int out[5], char text[16]) {
  out[0] = tls_init;
  out[1] = tls_zero;
  out[2] = tls_local;
  out[3] = st_tls;
  out[4] = (int)(((unsigned long)&tls_init) & 3); /* alignment of an int: 0 */
  memcpy(text, tls_text, 16);
}

int *tls_init_addr(void) { return &tls_init; }

int call_dep(void) { return dep_value(); }
