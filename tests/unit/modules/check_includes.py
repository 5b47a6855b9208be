#!/usr/bin/env python3
"""Checks every #include under src/ (and the SDK folders in the table) against the module
dependency order of docs/ARCHITECTURE.md: a file may include its own module and the modules
its module uses, directly or through another module of the table; nothing else.

  check_includes.py --root DIR               exit 1 and list the violations, if any
  check_includes.py --root DIR --expect F    exit 0 only if the violations are exactly the
                                             lines of F ("path:line: from -> to"; the test
                                             of this checker, on a fixture tree)
"""
import argparse
import os
import re
import sys

# The module table. A file belongs to the first row whose pattern matches its path (relative
# to the root, "/" separated), so more specific rows come first. USES lists the modules a
# module may include directly; what those may include is allowed too (transitively).
# To add a module (spirv, present, the command processor), add its row here and its place in
# the dependency order in docs/ARCHITECTURE.md.
MODULES = [
    # name         path pattern                                     uses
    # CPU side: common <- sce <- kernel <- loader <- hle <- app (sce itself is a leaf)
    ("common",    r"src/common/",                                   []),
    ("sce",       r"src/sce/",                                      []),
    ("kernel",    r"src/kernel/",                                   ["sce", "common"]),
    ("loader",    r"src/loader/",                                   ["kernel"]),
    ("hle",       r"src/hle/",                                      ["loader", "cp"]),
    ("app",       r"src/app/",                                      ["hle", "present", "cp", "dispatch",
                                                                     "display"]),
    # GPU side: isa <- translate -> ir <- spirv; vk <- present; tiling.
    ("translate", r"src/gpu/shader/translate/",                     ["isa", "ir"]),
    ("isa",       r"src/gpu/shader/isa/",                           ["common"]),
    ("ir",        r"src/gpu/shader/ir/",                            ["common"]),
    ("spirv",     r"src/gpu/shader/spirv/",                         ["ir"]),
    # Compute dispatch: compiles (translate, spirv) and runs modules on the device layer.
    ("dispatch",  r"src/gpu/shader/dispatch/",                      ["spirv", "translate", "vk"]),
    ("tiling",    r"src/gpu/tiling/",                               ["common"]),
    ("vk",        r"src/gpu/vk/",                                   ["tiling"]),
    ("present",   r"src/gpu/present/",                              ["vk"]),
    # Scan-out on the GPU and the window: the PNG writer, the device layer and its tiler.
    ("display",   r"src/gpu/display/",                              ["present", "vk"]),
    # The command processor: PM4 and queues; kernel services and dispatch reach it through
    # the ops struct the app installs (cp.h), so it uses common alone.
    ("cp",        r"src/gpu/cp/",                                   ["common"]),
    # The SDK: prospero-mkself and the freestanding guest crt read the executable format only.
    ("mkself",    r"sdk/mkself/",                                   ["sce", "common"]),
    ("crt",       r"sdk/crt/",                                      ["sce"]),
]

# Folders whose files are checked; every file under src/ must belong to a module.
SCAN = ["src", "sdk/mkself", "sdk/crt"]
EXTENSIONS = (".c", ".h", ".cc", ".cpp", ".hpp", ".def", ".inc", ".S")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def module_of(path):
    for name, pattern, _ in MODULES:
        if re.match(pattern, path):
            return name
    return None


def allowed_modules():
    uses = {name: set(deps) for name, _, deps in MODULES}
    allowed = {}
    for name in uses:
        seen, todo = {name}, [name]
        while todo:
            for dep in uses[todo.pop()]:
                if dep not in seen:
                    seen.add(dep)
                    todo.append(dep)
        allowed[name] = seen
    return allowed


def resolve(root, rel_dir, kind, text):
    """Root-relative path of an include, or None when it is not one of ours."""
    local = os.path.normpath(os.path.join(rel_dir, text))
    if kind == '"' and os.path.isfile(os.path.join(root, local)):
        return local.replace(os.sep, "/")
    from_src = os.path.normpath(os.path.join("src", text)).replace(os.sep, "/")
    if os.path.isfile(os.path.join(root, from_src)):
        return from_src
    if kind == '"' and "/" in text:
        return from_src  # a generated header (build/generated mirrors src/)
    return None  # a system header


def check(root):
    allowed = allowed_modules()
    violations, files, includes = [], 0, 0
    for top in SCAN:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for fn in sorted(filenames):
                if not fn.endswith(EXTENSIONS):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, fn), root).replace(os.sep, "/")
                mod = module_of(rel)
                if mod is None:
                    violations.append(f"{rel}:0: (no module) -> (no module)"
                                      "  [add its folder to the table in check_includes.py]")
                    continue
                files += 1
                with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
                    lines = f.readlines()
                for n, line in enumerate(lines, 1):
                    m = INCLUDE_RE.match(line)
                    if not m:
                        continue
                    target = resolve(root, os.path.dirname(rel), m.group(1), m.group(2))
                    if target is None:
                        continue
                    includes += 1
                    tmod = module_of(target)
                    if tmod is None:
                        violations.append(f"{rel}:{n}: {mod} -> (no module)"
                                          f"  [{m.group(2)} is in no module of the table]")
                    elif tmod not in allowed[mod]:
                        violations.append(f"{rel}:{n}: {mod} -> {tmod}"
                                          f"  [{m.group(2)}; {mod} may use "
                                          f"{', '.join(sorted(allowed[mod]))}]")
    return violations, files, includes


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--expect", help="file listing the expected violations")
    args = ap.parse_args()
    violations, files, includes = check(args.root)
    if args.expect:
        with open(args.expect, encoding="utf-8") as f:
            want = {l.strip() for l in f if l.strip() and not l.startswith("#")}
        got = {v.split("  [")[0] for v in violations}
        for v in sorted(want - got):
            print(f"not reported: {v}")
        for v in sorted(got - want):
            print(f"unexpected: {v}")
        if want != got:
            return 1
        print(f"check_includes: the {len(want)} expected violations are reported")
        return 0
    for v in violations:
        print(v)
    print(f"check_includes: {files} files, {includes} project includes, "
          f"{len(violations)} against the module order")
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())
