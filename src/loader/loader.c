#define _GNU_SOURCE
#include "loader/loader.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/exit_codes.h"
#include "common/log.h"
#include "kernel/guest_vm.h"
#include "loader/debug_info.h"
#include "loader/syscall_gate.h"
#include "sce/sce_elf.h"
#include "loader/trap.h"

void loader_jump_entry(uint64_t entry, uint64_t params, uint64_t exit_fn, uint64_t sp)
    __attribute__((noreturn));

#define LOADER_MAX_FILE (4ull << 30)
#define LOADER_MAX_GUEST_ARGS 256
#define LOADER_MAX_GUEST_ARG_BYTES (64u << 10) /* strings copied to the top of the stack */
#define LOADER_GUEST_EXEC_PATH "/app0/eboot.bin" /* argv[0] and AT_EXECPATH */

bool loader_read_file(const char *path, unsigned char **data, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    LOG(loader, ERROR, "cannot open %s: %s", path, strerror(errno));
    return false;
  }
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > LOADER_MAX_FILE) {
    LOG(loader, ERROR, "%s is not a regular file of at most 4 GiB", path);
    fclose(f);
    return false;
  }
  unsigned char *buf = malloc(st.st_size ? (size_t)st.st_size : 1);
  bool ok = buf && fread(buf, 1, (size_t)st.st_size, f) == (size_t)st.st_size;
  fclose(f);
  if (!ok) {
    LOG(loader, ERROR, "cannot read %s", path);
    free(buf);
    return false;
  }
  *data = buf;
  *size = (size_t)st.st_size;
  return true;
}

/* Maps a whole file read-only (no copy: the page cache backs it). */
static bool map_file(const char *path, const unsigned char **data, size_t *size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    LOG(loader, ERROR, "cannot open %s: %s", path, strerror(errno));
    return false;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > LOADER_MAX_FILE ||
      st.st_size == 0) {
    LOG(loader, ERROR, "%s is not a non-empty regular file of at most 4 GiB", path);
    close(fd);
    return false;
  }
  void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  close(fd);
  if (p == MAP_FAILED) {
    LOG(loader, ERROR, "cannot map %s: %s", path, strerror(errno));
    return false;
  }
  *data = p;
  *size = (size_t)st.st_size;
  return true;
}

/* Undoes a load: TLS slot, registry entry, guest memory (image and gate page), tables. */
void loader_release_module(struct loader_module *m) {
  if (!m) return;
  if (m->tls_index) tls_module_unregister(m->tls_index);
  module_unregister(m);
  if (m->gate_size && !guest_vm_free(m->gate_start, m->gate_size))
    LOG(loader, WARN, "%s: cannot unmap its system call gates", m->name);
  if (m->map_size && !guest_vm_free(m->map_start, m->map_size))
    LOG(loader, WARN, "%s: cannot unmap its image", m->name);
  module_free(m);
  free(m);
}

struct loader_module *loader_load_module(const char *path, const char *name) {
  const unsigned char *buf;
  size_t size;
  if (!map_file(path, &buf, &size)) return NULL;
  struct loader_module *m = calloc(1, sizeof *m);
  char err[256];
  bool ok = m && module_parse(m, buf, size, name, err, sizeof err);
  bool registered = false;
  if (ok && !(registered = module_register(m))) {
    snprintf(err, sizeof err, "%s: too many modules", name);
    ok = false;
  }
  if (ok && !module_map(m, err, sizeof err)) ok = false;
  munmap((void *)buf, size); /* module_map copied what it needs */
  if (!ok) {
    LOG(loader, ERROR, "%s", m ? err : "out of memory");
    if (m && !registered) {
      module_free(m);
      free(m);
    } else if (m) {
      loader_release_module(m);
    }
    return NULL;
  }
  /* the sidecar prospero-cc keeps beside its output (docs/sdk.md), checked against the code
   * just placed (before relocation and code rewriting) */
  char dpath[4096];
  if ((size_t)snprintf(dpath, sizeof dpath, "%s%s", path, LOADER_DEBUG_SUFFIX) < sizeof dpath) {
    struct debug_info_image img = {m->base, m->image_min, m->image_max};
    m->debug = debug_info_load(dpath, name, &img);
  }
  if (m->tls_memsz) {
    /* static TLS while no thread exists (the executable and its PRXs), else dynamic */
    m->tls_index = tls_module_register(m->tls_image, m->tls_filesz, m->tls_memsz, m->tls_align,
                                       true);
    if (!m->tls_index) {
      loader_release_module(m);
      return NULL;
    }
  }
  return m;
}

/* Relocation, code rewriting and final protections of one mapped module. */
int loader_link_module(struct loader_module *m) {
  char err[256];
  if (!linker_relocate(m, err, sizeof err)) {
    LOG(linker, ERROR, "%s", err);
    return PROSPERO_EXIT_LINK;
  }
  linker_log_summary(m);
  module_rewrite_code(m, NULL, NULL);
  syscall_gate_patch(m);
  if (!module_protect(m)) {
    LOG(loader, ERROR, "%s: cannot apply segment protections", m->name);
    return PROSPERO_EXIT_INTERNAL;
  }
  return 0;
}

static const char *start_module_dir;

const char *loader_module_dir(void) { return start_module_dir; }

static bool module_loaded(const char *name) {
  for (size_t i = 0; i < module_count(); i++)
    if (strcmp(module_at(i)->name, name) == 0) return true;
  return false;
}

/* Loads NAME from DIR if it is there (also trying .prx for .sprx and back). */
static bool load_from_dir(const char *dir, const char *name, bool *failed) {
  char path[4096], alt[256];
  snprintf(alt, sizeof alt, "%s", name);
  char *dot = strrchr(alt, '.');
  for (int attempt = 0; attempt < 2; attempt++) {
    if (attempt == 1) {
      if (!dot) break;
      snprintf(dot, sizeof alt - (size_t)(dot - alt), "%s",
               strcmp(dot, ".sprx") == 0 ? ".prx" : ".sprx");
    }
    const char *n = attempt ? alt : name;
    if (module_loaded(n)) return true;
    snprintf(path, sizeof path, "%s/%s", dir, n);
    struct stat st;
    if (stat(path, &st) != 0) continue;
    if (!loader_load_module(path, n)) *failed = true;
    return true;
  }
  return false;
}

static bool load_prxs(const char *dir) {
  bool failed = false;
  if (!dir) return true;
  load_from_dir(dir, "libc.prx", &failed); /* first, as the reference does */
  /* breadth-first over DT_NEEDED of every loaded module (the list grows as we go) */
  for (size_t i = 0; i < module_count() && !failed; i++) {
    const struct loader_module *m = module_at(i);
    for (size_t k = 0; k < m->dyn.needed_count && !failed; k++)
      if (!load_from_dir(dir, m->dyn.needed[k], &failed))
        LOG(loader, DEBUG, "%s needs %s: not in sce_module, left to the HLE libraries", m->name,
            m->dyn.needed[k]);
  }
  return !failed;
}

/* FACTS.md thread defaults: MXCSR 0x9FC0, x87 control word 0x37F */
static void set_fp_defaults(void) {
  uint32_t mxcsr = 0x9FC0;
  uint16_t fcw = 0x37F;
  __asm__ volatile("ldmxcsr %0" ::"m"(mxcsr));
  __asm__ volatile("fldcw %0" ::"m"(fcw));
}

bool loader_thread_attach(void) {
  if (!tls_thread_init() || !trap_thread_init()) return false;
  set_fp_defaults();
  return true;
}

void loader_thread_detach(void) {
  tls_thread_exit();
  stack_t ss = {.ss_flags = SS_DISABLE}, old;
  if (sigaltstack(&ss, &old) == 0 && old.ss_sp) free(old.ss_sp);
}

struct guest_start {
  struct loader_module *exec;
  uint64_t params;
  uint64_t sp;
};

static void guest_main(void *arg) {
  struct guest_start *s = arg;
  pthread_setname_np(pthread_self(), "guest main");
  set_fp_defaults();
  /* PRXs first (in load order: libc.prx leads), then the executable */
  for (size_t i = 0; i < module_count(); i++)
    if (!module_at(i)->is_exec) process_start_module(module_at(i), 0, NULL);
  process_start_module(s->exec, 0, NULL);
  LOG(loader, INFO, "entering %s at 0x%llx", s->exec->name, (unsigned long long)s->exec->entry);
  loader_jump_entry(s->exec->entry, s->params, (uint64_t)(uintptr_t)process_guest_exit_function,
                    s->sp);
}

/* The argument block the entry finds at its stack pointer, built the way FreeBSD's kernel
 * (and so the console's) lays out a new process's stack, growing down from TOP:
 *
 *   rsp+0                 argc (8 bytes: the params block's i32 argc + u32 pad 0)
 *   rsp+8                 argv[0] .. argv[argc-1], NULL
 *   then                  envp[0] .. NULL (the console passes no environment: just NULL)
 *   then                  auxv: {u64 type, u64 value} pairs, FreeBSD sys/elf_common.h AT_*
 *                         numbers: AT_PHDR 3, AT_PHENT 4, AT_PHNUM 5, AT_PAGESZ 6,
 *                         AT_ENTRY 9, AT_EXECPATH 15, then AT_NULL 0
 *   above                 a copy of the program headers when no segment maps them, the
 *                         strings; the top of the main stack
 *
 * The block starts 16-aligned (the x86-64 psABI's process entry). It is also the console's
 * params block {i32 argc; u32 pad; const char *argv[]} that rdi points at, so one layout
 * serves both: start code reading argc/argv from rsp and the Sony crt reading them via rdi.
 * Returns the block's address. */
#define AUX_NULL 0
#define AUX_PHDR 3
#define AUX_PHENT 4
#define AUX_PHNUM 5
#define AUX_PAGESZ 6
#define AUX_ENTRY 9
#define AUX_EXECPATH 15
#define AUX_PAIRS 7

static uint64_t push_bytes(uint64_t *at, const void *data, size_t len, uint64_t align) {
  *at = (*at - len) & ~(align - 1);
  memcpy((void *)(uintptr_t)*at, data, len);
  return *at;
}

/* Where the executable's program headers are in guest memory: inside a loaded segment if
 * one maps them, else a copy pushed below AT. */
static uint64_t phdrs_in_memory(const struct loader_module *exec, uint64_t *at) {
  const Elf64_Ehdr *e = &exec->file.ehdr;
  uint64_t size = (uint64_t)e->e_phnum * sizeof(Elf64_Phdr);
  for (unsigned i = 0; i < e->e_phnum; i++) {
    const Elf64_Phdr *p = &exec->file.phdrs[i];
    if ((p->p_type == PT_LOAD || p->p_type == SCE_PT_RELRO) && e->e_phoff >= p->p_offset &&
        e->e_phoff + size <= p->p_offset + p->p_filesz)
      return exec->base + p->p_vaddr + (e->e_phoff - p->p_offset);
  }
  return push_bytes(at, exec->file.phdrs, size, 8);
}

static uint64_t build_entry_block(uint64_t top, const struct loader_game *g,
                                  const struct loader_module *exec) {
  int argc = g->argc + 1; /* bounded by loader_run_game */
  uint64_t at = top;
  uint64_t strs[LOADER_MAX_GUEST_ARGS];
  for (int i = argc - 1; i >= 0; i--) {
    const char *a = i == 0 ? LOADER_GUEST_EXEC_PATH : g->argv[i - 1];
    strs[i] = push_bytes(&at, a, strlen(a) + 1, 1);
  }
  uint64_t phdr = phdrs_in_memory(exec, &at);
  const uint64_t aux[AUX_PAIRS][2] = {
      {AUX_PHDR, phdr},
      {AUX_PHENT, sizeof(Elf64_Phdr)},
      {AUX_PHNUM, exec->file.ehdr.e_phnum},
      {AUX_PAGESZ, SCE_GUEST_PAGE_SIZE},
      {AUX_ENTRY, exec->entry},
      {AUX_EXECPATH, strs[0]}, /* argv[0] is the executable's path */
      {AUX_NULL, 0},
  };
  size_t words = 1 + (size_t)argc + 1 + 1 + 2 * AUX_PAIRS;
  at = (at - words * 8) & ~15ull;
  uint64_t *v = (uint64_t *)(uintptr_t)at;
  size_t k = 0;
  v[k++] = (uint64_t)argc;
  for (int i = 0; i < argc; i++) v[k++] = strs[i];
  v[k++] = 0; /* end of argv */
  v[k++] = 0; /* end of envp (empty) */
  memcpy(&v[k], aux, sizeof aux);
  return at;
}

int loader_run_game(const struct loader_game *g) {
  size_t arg_bytes = 0;
  for (int i = 0; i < g->argc; i++) arg_bytes += strlen(g->argv[i]) + 1;
  if (g->argc + 1 > LOADER_MAX_GUEST_ARGS || arg_bytes > LOADER_MAX_GUEST_ARG_BYTES) {
    LOG(loader, ERROR, "too many guest arguments (at most %d, %u bytes in all)",
        LOADER_MAX_GUEST_ARGS - 1, LOADER_MAX_GUEST_ARG_BYTES);
    return PROSPERO_EXIT_USAGE;
  }
  if (!guest_vm_init()) {
    LOG(loader, ERROR, "cannot reserve guest memory; guests cannot run in this process");
    return PROSPERO_EXIT_INTERNAL;
  }
  if (!trap_install()) return PROSPERO_EXIT_INTERNAL;
  if (g->seccomp && !trap_seccomp_install()) return PROSPERO_EXIT_INTERNAL;
  linker_invalid_object_address();
  struct loader_module *exec = loader_load_module(g->eboot_path, "eboot.bin");
  if (!exec) return PROSPERO_EXIT_BAD_GAME;
  if (!exec->is_exec || !exec->entry) {
    LOG(loader, ERROR, "%s is not an executable with an entry point", g->eboot_path);
    return PROSPERO_EXIT_BAD_GAME;
  }
  start_module_dir = g->module_dir;
  if (!load_prxs(g->module_dir)) return PROSPERO_EXIT_BAD_GAME;
  /* module by module: linking reads other modules' export tables, never their memory */
  for (size_t i = 0; i < module_count(); i++) {
    module_at(i)->pinned = true; /* loaded at start: never unloaded */
    int rc = loader_link_module(module_at(i));
    if (rc) return rc;
  }
  if (!linker_seal_thunks()) return PROSPERO_EXIT_INTERNAL;
  if (!tls_thread_init()) return PROSPERO_EXIT_INTERNAL;
  if (g->on_linked) g->on_linked(exec);
  if (g->link_only) return 0;
  /* main stack with a no-access guard page below it */
  uint64_t guard = SCE_GUEST_PAGE_SIZE;
  uint64_t stack = guest_vm_alloc(LOADER_MAIN_STACK_SIZE + guard, 0x10000,
                                  GUEST_PROT_CPU_READ | GUEST_PROT_CPU_WRITE, "main stack");
  if (!stack || !guest_vm_protect(stack, guard, 0) ||
      !guest_vm_mark_stack(stack + guard, LOADER_MAIN_STACK_SIZE))
    return PROSPERO_EXIT_INTERNAL;
  uint64_t top = stack + guard + LOADER_MAIN_STACK_SIZE;
  static struct guest_start start;
  start.exec = exec;
  start.params = build_entry_block(top - 64, g, exec);
  start.sp = start.params; /* the entry's rsp: the argument block */
  loader_call_on_stack(start.sp - 256, guest_main, &start);
}
