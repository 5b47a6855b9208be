#!/usr/bin/env python3
"""Runs ctest in a build directory and holds the run to its skip policy.

    scripts/ctest-check.py BUILD_DIR POLICY [--require=LABEL,...] [ctest arguments...]

POLICY is one of
  none   no test may be skipped (the configuration `make test` runs first, with every
         dependency installed): a skip fails the run and is listed.
  nosan  only the tests the build declares with NOSAN "reason" (BUILD_DIR/nosan-tests.tsv,
         written by cmake/Prospero.cmake) may be skipped; the list is printed with reasons.
  any    skips are reported but allowed (test-quick, bench).
There is no exception by label: a real-time test (label host_timing, e.g.
guest.audio_cadence) explains the host's delays per call and passes with them listed; its
skip (a host that disturbed nine calls in ten) breaks the none and nosan policies like any
other.

--require names the labels (tiers) that must have at least one test in the run: a tier that
vanished (its tests not registered) fails the run even when everything that ran passed.

The run's outcome per test comes from ctest's JUnit report (--output-junit), the labels of
each test from `ctest --show-only=json-v1` with the same filters. At the end a table gives
the number of tests per label (passed / skipped / failed); it is also written to
BUILD_DIR/ctest-summary.txt so that `make test` can print the tables of both configurations
last. Exit status: ctest's when it failed, 1 when the skip policy is broken, else 0.
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

# ctest options that select tests (kept for the --show-only query); the others only
# change how tests run.
SELECT_WITH_VALUE = {"-L", "-LE", "-R", "-E", "--label-regex", "--label-exclude",
                     "--tests-regex", "--exclude-regex"}


def selection_args(args):
    out = []
    i = 0
    while i < len(args):
        if args[i] in SELECT_WITH_VALUE and i + 1 < len(args):
            out += args[i:i + 2]
            i += 2
        else:
            i += 1
    return out


def read_nosan(build):
    path = os.path.join(build, "nosan-tests.tsv")
    nosan = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                name, _, reason = line.rstrip("\n").partition("\t")
                if name:
                    nosan[name] = reason
    return nosan


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("none", "nosan", "any"):
        print(__doc__, file=sys.stderr)
        return 2
    build, policy, ctest_args = sys.argv[1], sys.argv[2], sys.argv[3:]
    required = []
    if ctest_args and ctest_args[0].startswith("--require="):
        required = [l for l in ctest_args[0][len("--require="):].split(",") if l]
        ctest_args = ctest_args[1:]
    junit = os.path.abspath(os.path.join(build, "ctest-junit.xml"))
    if os.path.exists(junit):
        os.remove(junit)
    rc = subprocess.call(["ctest", "--output-junit", junit] + ctest_args, cwd=build)

    listing = subprocess.run(["ctest", "--show-only=json-v1"] + selection_args(ctest_args),
                             cwd=build, check=True, capture_output=True, text=True).stdout
    labels = {}
    for t in json.loads(listing).get("tests", []):
        for p in t.get("properties", []):
            if p.get("name") == "LABELS":
                labels[t["name"]] = p.get("value", [])
        labels.setdefault(t["name"], [])

    status = {}
    if os.path.exists(junit):
        for case in ET.parse(junit).getroot().iter("testcase"):
            name = case.get("name")
            if case.find("skipped") is not None or case.get("status") in ("notrun",
                                                                          "disabled"):
                status[name] = "skipped"
            elif case.find("failure") is not None or case.get("status") == "fail":
                status[name] = "failed"
            else:
                status[name] = "passed"

    nosan = read_nosan(build)
    skipped = sorted(n for n, s in status.items() if s == "skipped")
    bad = []
    if policy == "none":
        bad = skipped
    elif policy == "nosan":
        bad = [n for n in skipped if n not in nosan]

    lines = []
    title = os.path.basename(os.path.abspath(build))
    lines.append(f"== {title}: tests per label (passed / skipped / failed)")
    per_label = {}
    for name, s in status.items():
        for lab in labels.get(name) or ["(none)"]:
            c = per_label.setdefault(lab, {"passed": 0, "skipped": 0, "failed": 0})
            c[s] += 1
    for lab in sorted(per_label):
        c = per_label[lab]
        total = sum(c.values())
        lines.append(f"  {lab:<10} {total:5d} tests  {c['passed']:5d} passed "
                     f"{c['skipped']:4d} skipped {c['failed']:4d} failed")
    lines.append(f"  {'all':<10} {len(status):5d} tests")
    if policy == "nosan" and nosan:
        lines.append("  not run under the sanitizers (NOSAN):")
        for n in sorted(nosan):
            lines.append(f"    {n}: {nosan[n]}")
    if skipped and not bad:
        lines.append("  skipped (allowed here): " + ", ".join(skipped))
    missing = [l for l in required if sum(per_label.get(l, {}).values()) == 0]
    if missing:
        lines.append("  TIER MISSING (no test with label " + ", ".join(missing) + ")")
    if bad:
        why = ("no test may be skipped in this configuration" if policy == "none" else
               "only NOSAN tests may be skipped in the sanitizer configuration")
        lines.append(f"  SKIP POLICY BROKEN ({why}):")
        for n in bad:
            lines.append(f"    {n}")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(build, "ctest-summary.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    sys.stdout.write(text)
    if rc != 0:
        return rc
    return 1 if bad or missing else 0


if __name__ == "__main__":
    sys.exit(main())
