/* sceKernelLoadStartModule / StopUnloadModule / Dlsym / GetModuleInfo* / GetModuleList and
 * TLS across modules. Expected values come from what the test itself defines (the PRX
 * sources, the arguments it passes) and the console's documented behaviour: module handles
 * are non-negative, module_start's result reaches *pRes, a module loaded twice is one
 * module with two references, the last StopUnload runs module_stop and unloads it (its
 * handle then fails with ESRCH), each thread sees fresh copies of a module's TLS initialised
 * from its PT_TLS image (threads made with pthread_create), and a module loaded again starts
 * from its file's values. */
#include <kernel.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

extern __thread int st_tls; /* modstatic.prx: initial-exec from here (R_X86_64_TPOFF64) */
extern __thread int st_zero;
int *st_tls_here(void);
static __thread int my_tls = 3;

typedef int (*bump_fn)(int);
typedef void (*read_fn)(int out[5], char text[16]);
typedef int *(*addr_fn)(void);

static int failures;
static void check(const char *what, int ok) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  failures += !ok;
}

#define NTHREADS 4
struct job {
  int index;
  int before[5], after[5];
  char text_before[16], text_after[16];
  int bumped;
  int *tls_addr;
  int *st_addr;
  int st_seen;
};
static struct job jobs[NTHREADS];
static pthread_barrier_t arrived; /* workers wait until all have recorded: blocks coexist */
static bump_fn bump;
static read_fn readv5;
static addr_fn tls_addr;

static void *worker(void *arg) {
  struct job *j = arg;
  readv5(j->before, j->text_before);
  j->bumped = bump(100 * (j->index + 1));
  readv5(j->after, j->text_after);
  j->tls_addr = tls_addr();
  j->st_seen = st_tls;    /* this thread's copy of the static module's TLS */
  st_tls = 80 + j->index; /* must not reach any other thread */
  j->st_addr = st_tls_here();
  pthread_barrier_wait(&arrived);
  return NULL;
}

static void run_threads(void) {
  pthread_t t[NTHREADS];
  if (pthread_barrier_init(&arrived, NULL, NTHREADS) != 0) failures++;
  for (int i = 0; i < NTHREADS; i++) {
    jobs[i].index = i;
    if (pthread_create(&t[i], NULL, worker, &jobs[i]) != 0) failures++;
  }
  for (int i = 0; i < NTHREADS; i++)
    if (pthread_join(t[i], NULL) != 0) failures++;
  pthread_barrier_destroy(&arrived);
}

static int same5(const int *v, int a, int b, int c, int d) {
  return v[0] == a && v[1] == b && v[2] == c && v[3] == d && v[4] == 0;
}

static const SceKernelModuleSegmentInfo *segment_of(const SceKernelModuleSegmentInfo *s, unsigned n,
                                                    const void *p) {
  for (unsigned i = 0; i < n; i++)
    if ((const char *)p >= (const char *)s[i].baseAddr &&
        (const char *)p < (const char *)s[i].baseAddr + s[i].size)
      return &s[i];
  return NULL;
}

int main(void) {
  /* static TLS: the executable's own and a start-time module's */
  check("own TLS", my_tls == 3);
  check("static module TLS initialised and zero", st_tls == 77 && st_zero == 0);
  check("static module TLS: one address from both modules", &st_tls == st_tls_here());

  /* load errors */
  int res = -1;
  check("load missing file: ENOENT", sceKernelLoadStartModule("/app0/nosuch.prx", 0, NULL, 0, NULL,
                                                              &res) == SCE_KERNEL_ERROR_ENOENT);
  check("load outside every mount: ENOENT",
        sceKernelLoadStartModule("/nomount/modtls.prx", 0, NULL, 0, NULL, NULL) ==
            SCE_KERNEL_ERROR_ENOENT);
  check("load with flags: EINVAL",
        sceKernelLoadStartModule("modtls.prx", 0, NULL, 1, NULL, NULL) == SCE_KERNEL_ERROR_EINVAL);
  check("load NULL path: EFAULT",
        sceKernelLoadStartModule(NULL, 0, NULL, 0, NULL, NULL) == SCE_KERNEL_ERROR_EFAULT);
  check("load a file that is not a module: ENOEXEC",
        sceKernelLoadStartModule("/app0/sce_sys/param.json", 0, NULL, 0, NULL, NULL) ==
            SCE_KERNEL_ERROR_ENOEXEC);
  check("load wild path: EFAULT", sceKernelLoadStartModule((const char *)0x10, 0, NULL, 0, NULL,
                                                           NULL) == SCE_KERNEL_ERROR_EFAULT);
  check("load wild pRes: EFAULT", sceKernelLoadStartModule("modtls.prx", 0, NULL, 0, NULL,
                                                           (int *)0x10) == SCE_KERNEL_ERROR_EFAULT);
  check("failed loads leave pRes alone", res == -1);

  /* load, with arguments for module_start */
  SceKernelModule h = sceKernelLoadStartModule("modtls.prx", 6, "hello", 0, NULL, &res);
  check("load by bare name from /app0", h >= 0);
  printf("module_start result %d\n", res);

  int *starts = NULL;
  char *start_args = NULL;
  int *data = NULL;
  check("dlsym function", sceKernelDlsym(h, "tls_bump", (void **)&bump) == 0 && bump);
  check("dlsym functions", sceKernelDlsym(h, "tls_read", (void **)&readv5) == 0 &&
                               sceKernelDlsym(h, "tls_init_addr", (void **)&tls_addr) == 0);
  check("dlsym objects", sceKernelDlsym(h, "starts", (void **)&starts) == 0 &&
                             sceKernelDlsym(h, "start_args", (void **)&start_args) == 0 &&
                             sceKernelDlsym(h, "tls_data", (void **)&data) == 0);
  printf("module_start ran %d time(s) with \"%s\"\n", *starts, start_args);
  int (*call_dep)(void) = NULL;
  check("dlsym a function that calls the needed module",
        sceKernelDlsym(h, "call_dep", (void **)&call_dep) == 0);
  printf("dependency %d\n", call_dep());
  void *p = (void *)1;
  check("dlsym unknown symbol: ESRCH",
        sceKernelDlsym(h, "no_such_symbol", &p) == SCE_KERNEL_ERROR_ESRCH);
  check("dlsym unknown handle: ESRCH",
        sceKernelDlsym(12345, "tls_bump", &p) == SCE_KERNEL_ERROR_ESRCH);
  check("dlsym wild name: EFAULT",
        sceKernelDlsym(h, (const char *)0x10, &p) == SCE_KERNEL_ERROR_EFAULT);
  check("dlsym NULL result: EFAULT",
        sceKernelDlsym(h, "tls_bump", NULL) == SCE_KERNEL_ERROR_EFAULT);

  /* dynamic TLS on the main thread (which existed before the load) */
  int v[5];
  char text[16];
  readv5(v, text);
  check("dynamic TLS initialised, zero, local, imported",
        same5(v, 1234, 0, 7, 77) && strcmp(text, "per thread") == 0);
  printf("bump %d\n", bump(10));
  readv5(v, text);
  check("dynamic TLS written", same5(v, 1244, 1, 8, 77) && strcmp(text, "Ber thread") == 0);

  /* four threads: fresh copies each, nothing shared */
  run_threads();
  int fresh = 1, written = 1, distinct = 1, st_ok = 1;
  for (int i = 0; i < NTHREADS; i++) {
    struct job *j = &jobs[i];
    fresh &= same5(j->before, 1234, 0, 7, 77) && strcmp(j->text_before, "per thread") == 0;
    written &= j->bumped == 1234 + 100 * (i + 1) &&
               same5(j->after, 1234 + 100 * (i + 1), 1, 8, 77) &&
               strcmp(j->text_after, "Ber thread") == 0;
    distinct &= j->tls_addr != tls_addr() && j->st_addr != &st_tls;
    st_ok &= j->st_seen == 77;
    for (int k = 0; k < i; k++)
      distinct &= jobs[k].tls_addr != j->tls_addr && jobs[k].st_addr != j->st_addr;
  }
  check("threads: fresh dynamic TLS", fresh);
  check("threads: their own writes", written);
  check("threads: distinct blocks", distinct);
  check("threads: fresh static module TLS", st_ok);
  readv5(v, text);
  check("main thread's copies unchanged", same5(v, 1244, 1, 8, 77) && st_tls == 77);

  /* module information by handle */
  SceKernelModuleInfo info;
  memset(&info, 0xAA, sizeof info);
  info.size = sizeof info;
  check("GetModuleInfo", sceKernelGetModuleInfo(h, &info) == 0);
  printf("size 0x%zx name %s\n", info.size, info.name);
  check("segment count", info.numSegments >= 2 && info.numSegments <= 4);
  const SceKernelModuleSegmentInfo *code = segment_of(info.segmentInfo, info.numSegments, bump);
  const SceKernelModuleSegmentInfo *rw = segment_of(info.segmentInfo, info.numSegments, data);
  check("code segment holds tls_bump, executable", code &&
                                                       (code->prot & SCE_KERNEL_PROT_CPU_EXEC) &&
                                                       !(code->prot & SCE_KERNEL_PROT_CPU_WRITE));
  check("data segment holds tls_data, read-write",
        rw && (rw->prot & 3) == 3 && !(rw->prot & SCE_KERNEL_PROT_CPU_EXEC));
  int nonzero = 0;
  for (int i = 0; i < SCE_DBG_NUM_FINGERPRINT; i++) nonzero |= info.fingerprint[i];
  check("fingerprint present", nonzero != 0);
  info.size = 0x100;
  check("GetModuleInfo wrong size: EINVAL",
        sceKernelGetModuleInfo(h, &info) == SCE_KERNEL_ERROR_EINVAL);
  info.size = sizeof info;
  check("GetModuleInfo unknown handle: ESRCH",
        sceKernelGetModuleInfo(12345, &info) == SCE_KERNEL_ERROR_ESRCH);
  check("GetModuleInfo NULL: EFAULT", sceKernelGetModuleInfo(h, NULL) == SCE_KERNEL_ERROR_EFAULT);
  check("GetModuleInfo wild: EFAULT",
        sceKernelGetModuleInfo(h, (SceKernelModuleInfo *)0x10) == SCE_KERNEL_ERROR_EFAULT);

  /* by address */
  SceKernelModuleInfoEx ex, exs, exe;
  memset(&ex, 0, sizeof ex);
  check("FromAddr of tls_bump", sceKernelGetModuleInfoFromAddr((void *)bump, 2, &ex) == 0);
  printf("name %s, same handle %d\n", ex.name, ex.handle == h);
  check("dynamic TLS record", ex.tlsIndex != 0 && ex.tlsOffset == 0 &&
                                  ex.tlsSize >= 4 + 4 + 16 + 4 && ex.tlsInitSize <= ex.tlsSize &&
                                  ex.tlsInitSize >= 4 + 16 && ex.tlsAlign >= 4 &&
                                  (ex.tlsAlign & (ex.tlsAlign - 1)) == 0 && ex.refCount == 1);
  check("FromAddr of modstatic",
        sceKernelGetModuleInfoFromAddr((void *)st_tls_here, 1, &exs) == 0 &&
            strcmp(exs.name, "modstatic.prx") == 0);
  check("static TLS record: in the static area",
        exs.tlsIndex != 0 && exs.tlsOffset != 0 && exs.tlsSize == 8);
  check("FromAddr of main", sceKernelGetModuleInfoFromAddr((void *)main, 0, &exe) == 0 &&
                                strcmp(exe.name, "eboot.bin") == 0);
  check("executable's TLS first below the thread pointer",
        exe.tlsOffset != 0 && exe.tlsOffset < exs.tlsOffset);
  check("FromAddr flags 3: EINVAL",
        sceKernelGetModuleInfoFromAddr((void *)main, 3, &exe) == SCE_KERNEL_ERROR_EINVAL);
  check("FromAddr wild record: EFAULT",
        sceKernelGetModuleInfoFromAddr((void *)main, 0, (SceKernelModuleInfoEx *)0x10) ==
            SCE_KERNEL_ERROR_EFAULT);
  check("FromAddr outside modules: ESRCH",
        sceKernelGetModuleInfoFromAddr((void *)0x10000, 0, &exe) == SCE_KERNEL_ERROR_ESRCH);

  SceKernelModuleInfoForUnwind u;
  memset(&u, 0, sizeof u);
  u.size = sizeof u;
  check("ForUnwind of main", sceKernelGetModuleInfoForUnwind((void *)main, 0, &u) == 0 &&
                                 strcmp(u.name, "eboot.bin") == 0);
  check("unwind record: first segment holds main, eh_frame found",
        (char *)main >= (char *)u.seg0Addr && (char *)main < (char *)u.seg0Addr + u.seg0Size &&
            u.ehFrameHdrAddr && u.ehFrameAddr && u.ehFrameSize > 0);
  u.size = 0x100;
  check("ForUnwind small size: EINVAL",
        sceKernelGetModuleInfoForUnwind((void *)main, 0, &u) == SCE_KERNEL_ERROR_EINVAL);

  /* the list */
  SceKernelModule list[16];
  size_t n = 0;
  check("GetModuleList", sceKernelGetModuleList(list, 16, &n) == 0);
  int seen = 0;
  for (size_t i = 0; i < n; i++)
    seen |= (list[i] == exe.handle) | (list[i] == exs.handle) << 1 | (list[i] == h) << 2;
  printf("modules %zu (with moddep.prx), all three listed %d\n", n, seen == 7);
  check("GetModuleList too small: ENOMEM",
        sceKernelGetModuleList(list, 2, &n) == SCE_KERNEL_ERROR_ENOMEM);
  check("GetModuleList NULL count: EFAULT",
        sceKernelGetModuleList(list, 16, NULL) == SCE_KERNEL_ERROR_EFAULT);
  check("GetModuleList wild array: EFAULT",
        sceKernelGetModuleList((SceKernelModule *)0x10, 16, &n) == SCE_KERNEL_ERROR_EFAULT);

  /* two references: the first stop keeps the module */
  check("load again: same handle",
        sceKernelLoadStartModule("/app0/modtls.prx", 0, NULL, 0, NULL, NULL) == h);
  printf("module_start ran %d time(s)\n", *starts);
  check("stop with flags: EINVAL",
        sceKernelStopUnloadModule(h, 0, NULL, 1, NULL, NULL) == SCE_KERNEL_ERROR_EINVAL);
  check("first stop keeps it", sceKernelStopUnloadModule(h, 0, NULL, 0, NULL, &res) == 0 &&
                                   sceKernelDlsym(h, "tls_bump", &p) == 0);
  res = -1;
  check("last stop", sceKernelStopUnloadModule(h, 3, "abc", 0, NULL, &res) == 0);
  printf("module_stop result %d\n", res);
  check("stale handle: Dlsym ESRCH", sceKernelDlsym(h, "tls_bump", &p) == SCE_KERNEL_ERROR_ESRCH);
  check("stale handle: GetModuleInfo ESRCH",
        sceKernelGetModuleInfo(h, &info) == SCE_KERNEL_ERROR_ESRCH);
  check("stale handle: StopUnload ESRCH",
        sceKernelStopUnloadModule(h, 0, NULL, 0, NULL, NULL) == SCE_KERNEL_ERROR_ESRCH);
  check("GetModuleList after the unload", sceKernelGetModuleList(list, 16, &n) == 0);
  printf("modules %zu (moddep.prx unloaded too)\n", n);
  check("unloaded code has no module",
        sceKernelGetModuleInfoFromAddr((void *)bump, 0, &ex) == SCE_KERNEL_ERROR_ESRCH);
  check("the executable is not unloaded",
        sceKernelStopUnloadModule(exe.handle, 0, NULL, 0, NULL, NULL) == SCE_KERNEL_ERROR_EINVAL);

  /* loaded again: a new module with its file's values, fresh TLS on this thread too */
  res = -1;
  SceKernelModule h2 = sceKernelLoadStartModule("/app0/modtls.prx", 0, NULL, 0, NULL, &res);
  check("reload: a new handle", h2 >= 0 && h2 != h);
  printf("module_start result %d\n", res);
  check("reload: dlsym", sceKernelDlsym(h2, "tls_read", (void **)&readv5) == 0 &&
                             sceKernelDlsym(h2, "tls_bump", (void **)&bump) == 0 &&
                             sceKernelDlsym(h2, "call_dep", (void **)&call_dep) == 0);
  printf("dependency %d\n", call_dep());
  readv5(v, text);
  check("reload: TLS from the image again", same5(v, 1234, 0, 7, 77));
  printf("bump %d\n", bump(1));
  res = -1;
  check("reload: stop", sceKernelStopUnloadModule(h2, 0, NULL, 0, NULL, &res) == 0);
  printf("module_stop result %d\n", res);
  check("GetModuleList at the end", sceKernelGetModuleList(list, 16, &n) == 0);
  printf("modules %zu\n", n);
  printf("failures %d\n", failures);
  return failures;
}
