/* libkernel: modules loaded while the guest runs (sceKernelLoadStartModule,
 * sceKernelStopUnloadModule), symbol lookup by name (sceKernelDlsym) and the module queries
 * (info by handle or address, the handle list). Loading, linking and unloading are the
 * loader's (loader/loader.h); this file checks the guest's arguments, resolves guest paths
 * through the mount table and fills the console's records. Error codes follow the console's
 * libkernel as the public emulators record it: EFAULT for unusable pointers, EINVAL for
 * flags and record sizes, ENOENT for a missing file, ESRCH for an unknown handle, address
 * or symbol, ENOMEM when a handle list is too small. */
#include <stdio.h>
#include <string.h>

#include "common/log.h"
#include "common/nid.h"
#include "hle/guest_errno.h"
#include "hle/libkernel/libkernel_module.h"
#include "hle/syscall/sys_internal.h"
#include "kernel/mounts.h"
#include "loader/loader.h"
#include "loader/tls.h"
#include "sce/sce_elf.h"

_Static_assert(sizeof(struct kernel_module_info) == 0x160, "SceKernelModuleInfo is 0x160 bytes");
_Static_assert(offsetof(struct kernel_module_info, segments) == 0x108, "segments at 0x108");
_Static_assert(offsetof(struct kernel_module_info, segment_count) == 0x148, "count at 0x148");
_Static_assert(offsetof(struct kernel_module_info, fingerprint) == 0x14C, "fingerprint at 0x14C");
_Static_assert(sizeof(struct kernel_module_info_ex) == 0x1A8, "SceKernelModuleInfoEx is 0x1A8");
_Static_assert(offsetof(struct kernel_module_info_ex, tls_init_addr) == 0x110, "tls at 0x110");
_Static_assert(offsetof(struct kernel_module_info_ex, eh_frame_hdr_addr) == 0x148, "eh at 0x148");
_Static_assert(offsetof(struct kernel_module_info_ex, segments) == 0x160, "segments at 0x160");
_Static_assert(sizeof(struct kernel_module_info_for_unwind) == 0x130, "ForUnwind is 0x130");

#define KERNEL_PROT_READ 0x01
#define KERNEL_PROT_WRITE 0x02
#define KERNEL_PROT_EXEC 0x04

#define ERR(e) SCE_KERNEL_ERROR(GUEST_##e)

static bool user_ok(const void *p, size_t len, bool write) {
  return p && sys_user_ok((uint64_t)(uintptr_t)p, len, write);
}

/* The registered module with HANDLE that is not being unloaded (modules lock held). */
static struct loader_module *by_handle(int32_t handle) {
  struct loader_module *m = module_find_by_handle(handle);
  return m && !m->unloading ? m : NULL;
}

static struct loader_module *by_addr(uint64_t addr) {
  for (size_t i = 0; i < module_count(); i++) {
    struct loader_module *m = module_at(i);
    if (!m->unloading && addr >= m->map_start && addr < m->map_start + m->map_size) return m;
  }
  return NULL;
}

/* ---- loading and unloading ---- */

/* The host path of the guest module path PATH: an absolute guest path through the mount
 * table; a bare file name is looked for in /app0, as the console does for a name without a
 * directory. 0 or a negative guest errno. */
static int host_module_path(const char *path, char *out, size_t cap) {
  char guest[SYS_GUEST_PATH_MAX + 8];
  if (path[0] == '/') snprintf(guest, sizeof guest, "%s", path);
  else if (!strchr(path, '/')) snprintf(guest, sizeof guest, "/app0/%s", path);
  else return -GUEST_ENOENT; /* a relative path with a directory: no current directory here */
  return mounts_resolve(guest, out, cap, NULL) ? 0 : -GUEST_ENOENT;
}

int32_t kernel_load_start_module(const char *path, size_t args, const void *argp, uint32_t flags,
                                 const void *opt, int *result) {
  char gpath[SYS_GUEST_PATH_MAX], host[4096];
  if (!path) return ERR(EFAULT);
  int64_t r = sys_user_path((uint64_t)(uintptr_t)path, gpath);
  if (r < 0) return SCE_KERNEL_ERROR(-r);
  if (flags != 0) {
    LOG(hle, GAME_ERROR, "sceKernelLoadStartModule(%s): flags 0x%x are not supported", gpath,
        flags);
    return ERR(EINVAL);
  }
  if (result && !user_ok(result, sizeof *result, true)) return ERR(EFAULT);
  if (args && !user_ok(argp, args, false)) return ERR(EFAULT);
  if (opt) LOG_ONCE(hle, WARN, "sceKernelLoadStartModule: the option block is ignored");
  int e = host_module_path(gpath, host, sizeof host);
  if (e < 0) {
    LOG(hle, INFO, "sceKernelLoadStartModule(%s): no such module", gpath);
    return SCE_KERNEL_ERROR(-e);
  }
  int start = 0, why = 0;
  struct loader_module *m = loader_load_start_module(host, args, argp, &start, &why);
  if (!m) {
    if (strncmp(gpath, "/system", 7) == 0)
      LOG(hle, WARN,
          "sceKernelLoadStartModule(%s): system modules are not loaded from files "
          "(their HLE libraries are linked at start)",
          gpath);
    return SCE_KERNEL_ERROR(why ? why : GUEST_ENOEXEC);
  }
  if (result) *result = start;
  /* M stays alive: the reference just taken is this caller's */
  LOG(hle, INFO, "sceKernelLoadStartModule(%s) = handle %d (module_start %d)", gpath, m->handle,
      start);
  return m->handle;
}

int32_t kernel_stop_unload_module(int32_t handle, size_t args, const void *argp, uint32_t flags,
                                  const void *opt, int *result) {
  if (flags != 0) return ERR(EINVAL);
  if (result && !user_ok(result, sizeof *result, true)) return ERR(EFAULT);
  if (args && !user_ok(argp, args, false)) return ERR(EFAULT);
  if (opt) LOG_ONCE(hle, WARN, "sceKernelStopUnloadModule: the option block is ignored");
  int stop = 0;
  int e = loader_stop_unload_module(handle, args, argp, &stop);
  if (e) return SCE_KERNEL_ERROR(e);
  if (result) *result = stop;
  return 0;
}

/* ---- symbols ---- */

int32_t kernel_dlsym(int32_t handle, const char *symbol, void **addr) {
  char name[SYS_GUEST_PATH_MAX];
  if (!symbol || !user_ok(addr, sizeof *addr, true)) return ERR(EFAULT);
  int64_t r = sys_user_path((uint64_t)(uintptr_t)symbol, name);
  if (r < 0) return SCE_KERNEL_ERROR(-r);
  char nid[NID_BUF_SIZE];
  nid_from_name(name, nid);
  loader_modules_lock();
  struct loader_module *m = by_handle(handle);
  const struct module_export *x = NULL;
  if (m) {
    x = module_find_export(m, nid, NULL, false);
    if (!x) x = module_find_export(m, nid, NULL, true);
  }
  uint64_t value = x ? x->addr : 0;
  loader_modules_unlock();
  if (!m || !x) return ERR(ESRCH);
  *addr = (void *)(uintptr_t)value;
  return 0;
}

/* ---- module records ---- */

static int32_t prot_of(const Elf64_Phdr *p) {
  int32_t prot = (p->p_flags & PF_R ? KERNEL_PROT_READ : 0) |
                 (p->p_flags & PF_W ? KERNEL_PROT_WRITE : 0) |
                 (p->p_flags & PF_X ? KERNEL_PROT_EXEC : 0);
  if (p->p_type == SCE_PT_RELRO) prot &= ~KERNEL_PROT_WRITE;
  return prot;
}

/* M's loaded segments (PT_LOAD and PT_SCE_RELRO, at most four), each from its first 16 KiB
 * page to the end of its last. Returns how many. */
static uint32_t segments_of(const struct loader_module *m, struct kernel_module_segment *out) {
  uint32_t n = 0;
  for (unsigned i = 0; i < m->file.ehdr.e_phnum && n < KERNEL_MODULE_MAX_SEGMENTS; i++) {
    const Elf64_Phdr *p = &m->file.phdrs[i];
    if ((p->p_type != PT_LOAD && p->p_type != SCE_PT_RELRO) || p->p_memsz == 0) continue;
    uint64_t s = (m->base + p->p_vaddr) & ~(SCE_GUEST_PAGE_SIZE - 1);
    uint64_t e =
        (m->base + p->p_vaddr + p->p_memsz + SCE_GUEST_PAGE_SIZE - 1) & ~(SCE_GUEST_PAGE_SIZE - 1);
    out[n++] = (struct kernel_module_segment){s, (uint32_t)(e - s), prot_of(p)};
  }
  return n;
}

static void fill_info(const struct loader_module *m, struct kernel_module_info *info) {
  memset(info, 0, sizeof *info);
  info->size = sizeof *info;
  snprintf(info->name, sizeof info->name, "%s", m->name);
  info->segment_count = segments_of(m, info->segments);
  if (m->dyn.fingerprint) memcpy(info->fingerprint, m->dyn.fingerprint, KERNEL_MODULE_FINGERPRINT);
}

static void fill_info_ex(const struct loader_module *m, struct kernel_module_info_ex *info) {
  memset(info, 0, sizeof *info);
  info->size = sizeof *info;
  snprintf(info->name, sizeof info->name, "%s", m->name);
  info->handle = m->handle;
  info->tls_index = m->tls_index;
  if (m->tls_index) {
    info->tls_init_addr = m->tls_image;
    info->tls_init_size = (uint32_t)m->tls_filesz;
    info->tls_size = (uint32_t)m->tls_memsz;
    info->tls_offset = (uint32_t)tls_module_static_offset(m->tls_index);
    info->tls_align = (uint32_t)m->tls_align;
  }
  info->init_proc_addr = m->dyn.init ? m->base + m->dyn.init : 0;
  info->fini_proc_addr = m->dyn.fini ? m->base + m->dyn.fini : 0;
  info->eh_frame_hdr_addr = m->eh_frame_hdr;
  info->eh_frame_addr = m->eh_frame;
  info->eh_frame_hdr_size = (uint32_t)m->eh_frame_hdr_size;
  info->eh_frame_size = (uint32_t)m->eh_frame_size;
  info->segment_count = segments_of(m, info->segments);
  info->ref_count = m->pinned ? m->refcount + 1 : m->refcount;
}

/* The record by handle: SIZE must be what the caller set in the record's first field. */
static int32_t info_by_handle(int32_t handle, void *info, size_t size, bool ex) {
  if (!user_ok(info, 8, false)) return ERR(EFAULT);
  uint64_t given;
  memcpy(&given, info, sizeof given);
  if (given != size) return ERR(EINVAL);
  if (!user_ok(info, size, true)) return ERR(EFAULT);
  loader_modules_lock();
  struct loader_module *m = by_handle(handle);
  if (m && ex) fill_info_ex(m, info);
  else if (m) fill_info(m, info);
  loader_modules_unlock();
  return m ? 0 : ERR(ESRCH);
}

int32_t kernel_get_module_info(int32_t handle, struct kernel_module_info *info) {
  return info_by_handle(handle, info, sizeof *info, false);
}

/* The console refuses system modules here (EPERM); every module prospero loads is the
 * game's own, so this answers as sceKernelGetModuleInfo does. */
int32_t kernel_get_module_info2(int32_t handle, struct kernel_module_info *info) {
  return info_by_handle(handle, info, sizeof *info, false);
}

int32_t kernel_get_module_info_internal(int32_t handle, struct kernel_module_info_ex *info) {
  return info_by_handle(handle, info, sizeof *info, true);
}

int32_t kernel_get_module_info_from_addr(uint64_t addr, int32_t flags,
                                         struct kernel_module_info_ex *info) {
  if ((uint32_t)flags >= 3) return ERR(EINVAL);
  if (!user_ok(info, sizeof *info, true)) return ERR(EFAULT);
  loader_modules_lock();
  struct loader_module *m = by_addr(addr);
  if (m) fill_info_ex(m, info);
  loader_modules_unlock();
  return m ? 0 : ERR(ESRCH);
}

int32_t kernel_get_module_info_for_unwind(uint64_t addr, int32_t flags,
                                          struct kernel_module_info_for_unwind *info) {
  if ((uint32_t)flags >= 3) return ERR(EINVAL);
  if (!user_ok(info, 8, false)) return ERR(EFAULT);
  uint64_t given;
  memcpy(&given, info, sizeof given);
  if (given < sizeof *info) return ERR(EINVAL);
  if (!user_ok(info, sizeof *info, true)) return ERR(EFAULT);
  loader_modules_lock();
  struct loader_module *m = by_addr(addr);
  if (m) {
    struct kernel_module_segment seg[KERNEL_MODULE_MAX_SEGMENTS];
    uint32_t n = segments_of(m, seg);
    memset(info, 0, sizeof *info);
    info->size = sizeof *info;
    snprintf(info->name, sizeof info->name, "%s", m->name);
    info->eh_frame_hdr_addr = m->eh_frame_hdr;
    info->eh_frame_addr = m->eh_frame;
    info->eh_frame_size = m->eh_frame_size;
    info->seg0_addr = n ? seg[0].address : 0;
    info->seg0_size = n ? seg[0].size : 0;
  }
  loader_modules_unlock();
  return m ? 0 : ERR(ESRCH);
}

int32_t kernel_get_module_list(int32_t *handles, size_t capacity, size_t *count) {
  if (!user_ok(count, sizeof *count, true) || !handles) return ERR(EFAULT);
  if (capacity > SIZE_MAX / sizeof *handles ||
      !user_ok(handles, capacity ? capacity * sizeof *handles : 1, true))
    return ERR(EFAULT);
  LOG_ONCE(hle, INFO,
           "sceKernelGetModuleList: the system libraries prospero provides (HLE) "
           "have no handles and are not listed");
  loader_modules_lock();
  size_t n = 0, total = 0;
  for (size_t i = 0; i < module_count(); i++) {
    const struct loader_module *m = module_at(i);
    if (m->unloading) continue;
    if (n < capacity) handles[n++] = m->handle;
    total++;
  }
  loader_modules_unlock();
  if (total > capacity) return ERR(ENOMEM);
  *count = n;
  return 0;
}

/* The console leaves system modules out of this list; prospero lists none of them anyway. */
int32_t kernel_get_module_list2(int32_t *handles, size_t capacity, size_t *count) {
  return kernel_get_module_list(handles, capacity, count);
}
