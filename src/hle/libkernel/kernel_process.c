/* libkernel: process exit, stack protector, process param (and the SDK version it holds),
 * CPU mode, errno. */
#include <errno.h>
#include <stddef.h>
#include <stdatomic.h>
#include <sys/random.h>
#include <unistd.h>

#include "common/exit_codes.h"
#include "common/log.h"
#include "hle/guest_errno.h"
#include "hle/hle.h"
#include "hle/libkernel/libkernel.h"
#include "kernel/guest_vm.h"
#include "loader/process.h"
#include "sce/sce_params.h"

/* __stack_chk_guard: the canary stack-protected guest code compares against. Random per
 * process, with a zero low byte like the host's (stops string overruns at the canary). */
uint64_t kernel_stack_chk_guard;

__attribute__((constructor)) static void kernel_stack_guard_init(void) {
  uint64_t v = 0;
  if (getrandom(&v, sizeof v, GRND_NONBLOCK) != (ssize_t)sizeof v)
    v = 0x2F8D5C3A91E64B00u ^ (uint64_t)getpid() << 16;
  kernel_stack_chk_guard = v & ~UINT64_C(0xFF);
}

_Noreturn void kernel_exit_process(int status) { process_exit(status); }

void kernel_stack_chk_fail(void) {
  /* the return address is in the guest function whose canary was overwritten */
  uint64_t where = (uint64_t)(uintptr_t)__builtin_return_address(0), start = 0;
  const char *range = guest_vm_describe(where, &start);
  if (range)
    LOG(hle, GAME_ERROR,
        "guest stack smashing detected (__stack_chk_fail) in code at %#lx (in %s, range "
        "from %#lx); stopping",
        (unsigned long)where, range, (unsigned long)start);
  else
    LOG(hle, GAME_ERROR, "guest stack smashing detected (__stack_chk_fail) in code at %#lx; "
        "stopping", (unsigned long)where);
  log_close();
  _exit(PROSPERO_EXIT_GUEST_CRASH);
}

static _Atomic(void *) proc_param;

void hle_kernel_set_proc_param(void *param) { atomic_store(&proc_param, param); }

void *kernel_get_proc_param(void) { return atomic_load(&proc_param); }

/* sceKernelGetCompiledSdkVersion: the SDK version the executable's process param records. A
 * missing block, one too short to hold the version, a wrong magic or no entries give
 * EINVAL, as does a null output. The version is the low 32 bits of the u64 field. */
int kernel_get_compiled_sdk_version(uint32_t *version) {
  const struct sce_process_param *p = atomic_load(&proc_param);
  if (!version || !p || p->size < offsetof(struct sce_process_param, sdk_version) + 4 ||
      p->magic != SCE_PROC_PARAM_MAGIC || p->entry_count == 0)
    return (int)hle_sce_result(-GUEST_EINVAL);
  *version = (uint32_t)p->sdk_version;
  return 0;
}

/* sceKernelGetCpumode: in the console's mode, bit 0 set = seven CPUs for the game (else six),
 * bit 2 set = the seventh at normal rather than low priority; the emulator gives games seven
 * CPUs at normal priority (the host schedules them all alike). */
enum { CPUMODE_SEVEN_CPUS = 1u << 0, CPUMODE_CPU6_NORMAL = 1u << 2 };

int kernel_get_cpumode(void) { return CPUMODE_SEVEN_CPUS | CPUMODE_CPU6_NORMAL; }

/* sceKernelIsNeoMode: 1 only for a PS4 title running in PS4 Pro ("Neo") mode; a PS5
 * executable never is. */
int kernel_is_neo_mode(void) { return 0; }

int kernel_getpid(void) { return getpid(); }

int *kernel_error(void) { return hle_errno_location(); }
