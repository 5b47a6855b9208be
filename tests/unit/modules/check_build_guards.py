#!/usr/bin/env python3
"""The build is unconditional for modules that are always in the tree: no CMake file asks
if(EXISTS <a folder of the tree>) or if(TARGET <a prospero module or tool>), and no source or
CMake file uses a *_HAVE_<module> switch (PROSPERO_HAVE_HLE, MKSELF_HAVE_LOADER), and no helper file
of the tree is included OPTIONAL. Conditions on build options (PROSPERO_FUZZ, the
sanitizers) and on external tools (the guest toolchain) test other names and pass.

  check_build_guards.py --root DIR [--expect F]   (--expect: the checker's own test, exit 0
                                                   only if the findings are exactly F's lines)
"""
import argparse
import os
import re
import sys

# Guards allowed for now, each (path, guard text); none since the translator's move (issue 9)
# removed the GPU-side ones. A pending guard that is gone is reported as a note.
PENDING = []

RULES = [
    # a folder of the tree named literally (the generic subfolder loop names none)
    (re.compile(r"\bif\s*\(\s*(NOT\s+)?EXISTS\s+\$\{(CMAKE_SOURCE_DIR|PROJECT_SOURCE_DIR)\}/"
                r"(src|sdk|tools|tests|bench|guests|cmake)/"), "if(EXISTS) on a folder of the tree"),
    # a target the tree always defines: module libraries, the executable and its tools
    (re.compile(r"\bif\s*\(.*\bTARGET\s+prospero([_-][A-Za-z0-9_-]+)?\s*[)\s]"),
     "if(TARGET) on a target that always exists"),
    # a switch named after a module of the tree (PROSPERO_HAVE_HLE, MKSELF_HAVE_LOADER); checks
    # of external features (PROSPERO_HAVE_LIBFUZZER) are not modules and pass
    (re.compile(r"\b[A-Z][A-Z0-9]*_HAVE_(COMMON|SCE|KERNEL|LOADER|HLE|APP|ISA|IR|SHADER_IR|"
                r"TRANSLATE|SHADER_TRANSLATE|SPIRV|TILING|VK|PRESENT|CP|MKSELF|SDK)\b"),
     "*_HAVE_<module> switch"),
    # a helper file of the tree included as if it might be missing
    (re.compile(r"\binclude\s*\(\s*\S*cmake/\S+\s+OPTIONAL"), "include(OPTIONAL) of a file of the tree"),
]
SKIP_DIRS = {".git", "fixture"}
CMAKE_FILES = ("CMakeLists.txt",)
CMAKE_EXTS = (".cmake",)
SOURCE_EXTS = (".c", ".h", ".cc", ".cpp", ".S", ".in")


def scan(root):
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and
                             not (rel_dir == "." and d.startswith("build")))
        for fn in sorted(filenames):
            is_cmake = fn in CMAKE_FILES or fn.endswith(CMAKE_EXTS)
            if not is_cmake and not fn.endswith(SOURCE_EXTS):
                continue
            rel = os.path.normpath(os.path.join(rel_dir, fn)).replace(os.sep, "/")
            with open(os.path.join(dirpath, fn), encoding="utf-8", errors="replace") as f:
                for n, line in enumerate(f, 1):
                    code = line.split("#", 1)[0] if is_cmake else line
                    for rx, what in RULES:
                        if (is_cmake or "_HAVE_" in what) and rx.search(code):
                            found.append((rel, n, line.strip(), what))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--expect")
    args = ap.parse_args()
    found = scan(args.root)
    if args.expect:
        with open(args.expect, encoding="utf-8") as f:
            want = {l.strip() for l in f if l.strip() and not l.startswith("#")}
        got = {f"{rel}:{n}" for rel, n, _, _ in found}
        for x in sorted(want - got):
            print(f"not reported: {x}")
        for x in sorted(got - want):
            print(f"unexpected: {x}")
        print(f"check_build_guards: {len(got & want)} of {len(want)} expected findings")
        return 0 if got == want else 1
    pending = set(PENDING)
    bad = [x for x in found if (x[0], x[2]) not in pending]
    seen = {(rel, text) for rel, _, text, _ in found}
    for rel, text in sorted(pending - seen):
        print(f"note: pending guard gone, drop it from PENDING: {rel}: {text}")
    for rel, n, text, what in bad:
        print(f"{rel}:{n}: {what}: {text}")
    print(f"check_build_guards: {len(bad)} guards for modules always in the tree, "
          f"{len(found) - len(bad)} pending (GPU side)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
