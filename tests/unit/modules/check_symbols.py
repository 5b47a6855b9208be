#!/usr/bin/env python3
"""Checks that every extern symbol a module library defines carries its module's
prefix (or the name of one of its headers, which is how a module names its parts).

  check_symbols.py --nm NM MODULE=LIBRARY.a ...
  check_symbols.py --nm NM --expect SYM,SYM MODULE=LIBRARY.a   (the checker's own test: exit
      0 only if exactly these symbols are reported)
"""
import argparse
import subprocess
import sys

# The prefixes of each module's extern symbols. A module's parts are named after their
# header (loader/trap.h -> trap_); the HLE libraries' functions carry their library's name
# (libc_, kernel_ for libkernel) as the HLE tables do; the system call handlers in
# src/hle/syscall/ keep FreeBSD's own naming of a call's handler (sys_<name>).
PREFIXES = {
    "common": ["errmsg_", "host_dirs_", "host_sched_", "log_", "nid_"],
    "sce": ["sce_"],
    "kernel": ["kernel_", "guest_vm_", "mounts_", "title_", "files_", "umtx_", "dmem_", "vm_call_",
               "aio_", "pfs_dir_", "sync_", "equeue_", "mempool_"],
    "loader": ["loader_", "code_map_", "debug_info_", "linker_", "module_", "process_",
               "rewrite_", "syscall_gate_", "tls_", "trap_"],
    "hle": ["hle_", "libc_", "kernel_", "syscall_", "sys_", "system_service_", "user_service_",
            "sysmodule_", "app_content_", "playgo_",
            "rtc_", "np_manager_", "np_web_api_", "videoout_", "agc_",
            "save_data_", "np_trophy_", "np_trophy2_", "trophy_", "uds_", "dialog_", "common_dialog_", "msg_dialog_",
            "error_dialog_", "ime_dialog_",
            "pad_", "audioout_", "audioout2_"],
    "mkself": ["mkself_"],
    # GPU side: the shader translator's public entry points are named for the IR they make
    # (translate.h: ir_translate, ir_indirect_jump_name), its internals xl_.
    "isa": ["isa_"],
    "shader_ir": ["ir_", "cfg_"],
    "shader_translate": ["xl_", "ir_translate", "ir_indirect_jump_"],
    "tiling": ["tiling_"],
    "vk": ["vk_"],
    "present": ["present_"],
    "display": ["display_"],
    # the command processor: its PM4 decoding (pm4.h) and the queues (cp.h)
    "cp": ["cp_", "pm4_"],
}


def defined_globals(nm, lib):
    r = subprocess.run([nm, "-g", "--defined-only", lib], capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"check_symbols: {nm} cannot read {lib}: {r.stderr.strip()}")
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBRVWC" + "tdbr":
            # compiler and sanitizer runtime symbols (__asan_*, __odr_asan_gen_*) are not ours
            if not parts[2].startswith("__"):
                yield parts[2]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nm", default="nm")
    ap.add_argument("--expect", help="comma-separated symbols that must be the ones reported")
    ap.add_argument("libs", nargs="+", metavar="MODULE=LIBRARY")
    args = ap.parse_args()
    bad, bad_syms, count = [], set(), 0
    for spec in args.libs:
        module, lib = spec.split("=", 1)
        if module not in PREFIXES:
            print(f"check_symbols: no prefix list for module {module}")
            return 2
        for sym in defined_globals(args.nm, lib):
            count += 1
            if not sym.startswith(tuple(PREFIXES[module])):
                bad_syms.add(sym)
                bad.append(f"{module}: {sym} (expected a prefix among "
                           f"{', '.join(PREFIXES[module])})")
    if args.expect is not None:
        want = set(filter(None, args.expect.split(",")))
        for sym in sorted(want - bad_syms):
            print(f"not reported: {sym}")
        for sym in sorted(bad_syms - want):
            print(f"unexpected: {sym}")
        print(f"check_symbols: {len(bad_syms & want)} of {len(want)} expected reports")
        return 0 if want == bad_syms else 1
    for b in bad:
        print(b)
    print(f"check_symbols: {count} extern symbols, {len(bad)} without their module's prefix")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
