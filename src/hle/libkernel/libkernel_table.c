/* The libkernel table: one line per symbol (NID, name, implementation, status).
 * NIDs derive from the names (checked by tests/unit/hle). */
#include "hle/hle.h"
#include "hle/libkernel/libkernel.h"
#include "loader/tls.h"

static const struct hle_symbol libkernel_symbols[] = {
    HLE_FUNC("FnBKHp+gr04", sceKernelExitProcess, kernel_exit_process, HLE_IMPLEMENTED),
    HLE_OBJ("f7uOxY9mM1U", __stack_chk_guard, &kernel_stack_chk_guard, HLE_IMPLEMENTED),
    HLE_FUNC("Ou3iL1abvng", __stack_chk_fail, kernel_stack_chk_fail, HLE_IMPLEMENTED),
    HLE_FUNC("959qrazPIrg", sceKernelGetProcParam, kernel_get_proc_param, HLE_IMPLEMENTED),
    HLE_FUNC("vNe1w4diLCs", __tls_get_addr, loader_tls_get_addr, HLE_IMPLEMENTED),
    HLE_FUNC("9BcDykPmo1I", __error, kernel_error, HLE_IMPLEMENTED),
    HLE_FUNC("FN4gaPmuFV8", write, kernel_write, HLE_PARTIAL),
    HLE_FUNC("4wSze92BhLI", sceKernelWrite, kernel_sce_write, HLE_PARTIAL),
    HLE_FUNC("HoLVWNanBBc", getpid, kernel_getpid, HLE_IMPLEMENTED),
    HLE_FUNC("wuCroIGjt2g", open, kernel_open, HLE_PARTIAL),
    HLE_FUNC("1G3lF1Gg1k8", sceKernelOpen, kernel_sce_open, HLE_PARTIAL),
    HLE_FUNC("bY-PO6JhzhQ", close, kernel_close, HLE_IMPLEMENTED),
    HLE_FUNC("UK2Tl2DWUns", sceKernelClose, kernel_sce_close, HLE_IMPLEMENTED),
    HLE_FUNC("AqBioC2vF3I", read, kernel_read, HLE_IMPLEMENTED),
    HLE_FUNC("Cg4srZ6TKbU", sceKernelRead, kernel_sce_read, HLE_IMPLEMENTED),
    HLE_FUNC("Oy6IpwgtYOk", lseek, kernel_lseek, HLE_IMPLEMENTED),
    HLE_FUNC("oib76F-12fk", sceKernelLseek, kernel_sce_lseek, HLE_IMPLEMENTED),
    HLE_FUNC("mqQMh1zPPT8", fstat, kernel_fstat, HLE_IMPLEMENTED),
    HLE_FUNC("kBwCPsYX-m4", sceKernelFstat, kernel_sce_fstat, HLE_IMPLEMENTED),
    HLE_FUNC("E6ao34wPw+U", stat, kernel_stat, HLE_IMPLEMENTED),
    HLE_FUNC("eV9wAD2riIA", sceKernelStat, kernel_sce_stat, HLE_IMPLEMENTED),
    HLE_FUNC("JGMio+21L4c", mkdir, kernel_mkdir, HLE_IMPLEMENTED),
    HLE_FUNC("1-LFLmRFxxM", sceKernelMkdir, kernel_sce_mkdir, HLE_IMPLEMENTED),
    HLE_FUNC("VAzswvTOCzI", unlink, kernel_unlink, HLE_IMPLEMENTED),
    HLE_FUNC("AUXVxWeJU-A", sceKernelUnlink, kernel_sce_unlink, HLE_IMPLEMENTED),
    HLE_FUNC("NN01qLRhiqU", rename, kernel_rename, HLE_IMPLEMENTED),
    HLE_FUNC("52NcYU9+lEo", sceKernelRename, kernel_sce_rename, HLE_IMPLEMENTED),
    HLE_FUNC("QcteRwbsnV0", usleep, kernel_usleep, HLE_IMPLEMENTED),
    HLE_FUNC("1jfXLRVzisc", sceKernelUsleep, kernel_sce_usleep, HLE_IMPLEMENTED),
    HLE_FUNC("yS8U2TGCe1A", nanosleep, kernel_nanosleep, HLE_IMPLEMENTED),
    HLE_FUNC("4J2sUJmuHZQ", sceKernelGetProcessTime, kernel_get_process_time, HLE_IMPLEMENTED),
    HLE_FUNC("fgxnMeTNUtY", sceKernelGetProcessTimeCounter, kernel_get_process_time_counter, HLE_IMPLEMENTED),
    HLE_FUNC("BNowx2l588E", sceKernelGetProcessTimeCounterFrequency, kernel_get_process_time_counter_frequency, HLE_IMPLEMENTED),
    HLE_FUNC("-2IRUCO--PM", sceKernelReadTsc, kernel_read_tsc, HLE_IMPLEMENTED),
    HLE_FUNC("1j3S3n-tTW4", sceKernelGetTscFrequency, kernel_get_tsc_frequency, HLE_IMPLEMENTED),
    HLE_FUNC("lLMT9vJAck0", clock_gettime, kernel_clock_gettime, HLE_IMPLEMENTED),
    HLE_FUNC("QBi7HCK03hw", sceKernelClockGettime, kernel_sce_clock_gettime, HLE_IMPLEMENTED),
    HLE_FUNC("smIj7eqzZE8", clock_getres, kernel_clock_getres, HLE_IMPLEMENTED),
    HLE_FUNC("wRYVA5Zolso", sceKernelClockGetres, kernel_sce_clock_getres, HLE_IMPLEMENTED),
    HLE_FUNC("n88vx3C5nW8", gettimeofday, kernel_gettimeofday, HLE_IMPLEMENTED),
    HLE_FUNC("ejekcaNQNq0", sceKernelGettimeofday, kernel_sce_gettimeofday, HLE_IMPLEMENTED),
};

const struct hle_library hle_library_libkernel = {
    .library_name = "libkernel",
    .library_version = 1,
    .module_name = "libkernel",
    .module_version_major = 1,
    .module_version_minor = 1,
    .symbols = libkernel_symbols,
    .symbol_count = sizeof libkernel_symbols / sizeof libkernel_symbols[0],
};
