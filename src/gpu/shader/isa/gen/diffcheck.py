#!/usr/bin/env python3
"""Developer check: random words of one family (or all), first instruction of each sample,
prospero-dis versus the oracle. Usage: diffcheck.py DIS_BINARY [family|all] [count] [seed]"""
import collections
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import oracle  # noqa: E402

PREFIX = {  # family: (mask, value) of the first dword
    "vop2": (0x80000000, 0), "vop1": (0xFE000000, 0x7E000000), "vopc": (0xFE000000, 0x7C000000),
    "sop2": (0xC0000000, 0x80000000), "sopk": (0xF0000000, 0xB0000000),
    "sop1": (0xFF800000, 0xBE800000), "sopc": (0xFF800000, 0xBF000000),
    "sopp": (0xFF800000, 0xBF800000), "vop3": (0xFC000000, 0xD4000000),
    "vop3p": (0xFC000000, 0xCC000000), "vintrp": (0xFC000000, 0xC8000000),
    "ds": (0xFC000000, 0xD8000000), "flat": (0xFC000000, 0xDC000000),
    "mubuf": (0xFC000000, 0xE0000000), "mtbuf": (0xFC000000, 0xE8000000),
    "mimg": (0xFC000000, 0xF0000000), "smem": (0xFC000000, 0xF4000000),
    "exp": (0xFC000000, 0xF8000000), "all": (0, 0),
}


def ours(dis, words, wave64=False):
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        f.write(b"".join(w.to_bytes(4, "little") for w in words))
        f.flush()
        args = [dis, "--offsets", f.name] + (["--wave64"] if wave64 else [])
        out = subprocess.run(args, capture_output=True, text=True).stdout
    res = {}
    lines = out.splitlines()
    for i, ln in enumerate(lines):
        off, _, text = ln.partition(": ")
        o = int(off, 16) // 4
        nxt = int(lines[i + 1].partition(":")[0], 16) // 4 if i + 1 < len(lines) else len(words)
        res[o] = (None if text.startswith(".long ") else " ".join(text.split()), nxt - o)
    return res


def main():
    dis = sys.argv[1]
    fam = sys.argv[2] if len(sys.argv) > 2 else "all"
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 5000
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    wave64 = "--wave64" in sys.argv
    mask, val = PREFIX[fam]
    words, starts, samples = [], [], []
    for _ in range(n):
        starts.append(len(words))
        w0 = (rng.getrandbits(32) & ~mask) | val
        if fam == "vop3" and rng.random() < 0.5:
            w0 = (w0 & ~0x03000000) | 0x01000000  # favour the defined opcodes
        samples.append([w0] + [rng.getrandbits(32) for _ in range(4)])
        words += samples[-1] + [oracle.PAD] * 5
    refl = oracle.disasm_samples(samples, wave64)
    crashed = [hex(samples[i][0]) for i, r in enumerate(refl) if r is None]
    if crashed:
        print("oracle crashed on", len(crashed), crashed[:5])
    ref = {s: r for s, r in zip(starts, refl) if r is not None}
    starts = [s for s, r in zip(starts, refl) if r is not None]
    got = ours(dis, words, wave64)
    stats = collections.Counter()
    bad = collections.Counter()
    examples = {}
    for s in starts:
        r = ref.get(s, (None, 1))
        g = got.get(s, (None, 1))
        rv, gv = r[0] is not None, g[0] is not None
        if rv != gv or (rv and r[1] != g[1]):
            stats["valid/len mismatch"] += 1
            key = ("V", (r[0] or "INVALID").split()[0], (g[0] or "INVALID").split()[0])
            bad[key] += 1
            examples.setdefault(key, (hex(words[s]), hex(words[s + 1]), r, g))
        elif rv:
            stats["valid"] += 1
            if r[0] != g[0]:
                stats["text mismatch"] += 1
                key = ("T", r[0].split()[0])
                bad[key] += 1
                examples.setdefault(key, (hex(words[s]), hex(words[s + 1]), r, g))
        else:
            stats["invalid agree"] += 1
    print(fam, dict(stats))
    v = stats["valid"]
    if v:
        print("text agreement %.3f%%" % (100.0 * (v - stats["text mismatch"]) / v))
    for k, c in bad.most_common(40):
        print(c, k, examples[k])


if __name__ == "__main__":
    main()
