#!/usr/bin/env python3
"""Generate the assembly corpus tests/unit/isa/corpus/<family>.s: for every opcode of every
table (and every DPP/SDWA/segment form), a few instructions with random operands and
modifiers that llvm-mc-19 prints and re-assembles. The corpus test assembles these files with
llvm-mc-19 at test time and compares our disassembly of the resulting words with llvm's."""
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import oracle  # noqa: E402
import probe  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "..", "..", "..", "tests", "unit", "isa", "corpus")
rng = random.Random(4)


def ops_of(family):
    path = os.path.join(HERE, "..", "ops_%s.def" % family)
    return [int(m.group(1), 16) for m in re.finditer(r"^X\(0x([0-9a-f]+),", open(path).read(),
                                                       re.M)]


def table(family):
    """op -> (template, mods_print, mods_ignore) from ops_<family>.def"""
    path = os.path.join(HERE, "..", "ops_%s.def" % family)
    res = {}
    for m in re.finditer(r'^X\(0x([0-9a-f]+), "[^"]*", "([^"]*)", "[^"]*", 0x([0-9a-f]+), '
                         r'0x([0-9a-f]+)', open(path).read(), re.M):
        res[int(m.group(1), 16)] = (m.group(2), int(m.group(3), 16), int(m.group(4), 16))
    return res


TABLES = {}


def tmpl(family, op):
    if family not in TABLES:
        TABLES[family] = table(family)
    return TABLES[family][op]


def has(t, field):
    return any(x.startswith(field + "/") for x in t.split(","))


def pick_mods(mp, mi):
    """random subset of the allowed modifier bits"""
    allowed = mp | mi
    return rng.getrandbits(16) & allowed if rng.random() < 0.6 else 0


def gen_vop3(op):
    t, mp, mi = tmpl("vop3", op)
    m = pick_mods(mp, mi)
    b3 = "SD/" in t
    f = {"VD": r(8) if has(t, "VD") else 0, "S0": src9() if has(t, "S0") else 0,
         "S1": src9() if has(t, "S1") else 0, "S2": src9() if has(t, "S2") else 0,
         "neg": m & 7, "clamp": m >> 6 & 1, "omod": m >> 7 & 3}
    if "!VD" in t: f["VD"] = 0
    if b3:
        f["SD"] = r(7) % 106
    else:
        f["abs"] = m >> 3 & 7
        f["opsel"] = m >> 9 & 15
    return probe.vop3(op, f) + [r(32)]


def gen_vop3p(op):
    t, mp, mi = tmpl("vop3p", op)
    m = pick_mods(mp, mi)
    f = {"VD": r(8), "S0": src9() if has(t, "S0") else 0, "S1": src9() if has(t, "S1") else 0,
         "S2": src9() if has(t, "S2") else 0, "neg": m & 7, "neg_hi": m >> 3 & 7,
         "clamp": m >> 6 & 1, "opsel": m >> 7 & 7, "opsel_hi": 7 & ~(m >> 10)}
    return probe.vop3p(op, f) + [r(32)]


def gen_ds(op):
    t, mp, mi = tmpl("ds", op)
    f = {"VD": r(7) if has(t, "VD") else 0, "D0": r(7) if has(t, "D0") else 0,
         "D1": r(7) if has(t, "D1") else 0, "A": r(8) if has(t, "A") else 0}
    if mp & 0xF:
        f["off0"], f["off1"] = r(8), r(8)
    if mp & 0x30:
        f["gds"] = 1 if mp & 0x40 else r(1)  # bit 6: the opcode exists only with gds
    return probe.ds(op, f)


def gen_sdwa(fn, fam, op):
    t, mp, mi = tmpl(fam, op)
    base = int(re.search(r"#([0-9a-f]+)", t).group(1), 16)
    m = pick_mods(mp, mi)
    x = (base & ~0x7FF00FF) | r(8)
    x |= rng.randrange(7) << 16
    if has(t, "V1"):
        x |= rng.randrange(7) << 24
    if fam != "vopc_sdwa" and has(t, "VD"):
        x = (x & ~0x1F00) | rng.randrange(7) << 8 | rng.randrange(3) << 11
    bits = [13, 14, 15, 19, 20, 21, 23, 27, 28, 29, 31]
    for i, b in enumerate(bits):
        if m >> i & 1:
            x |= 1 << b
    return fn(op, {"VD": r(8), "V1": r(8), "S0": 0xF9}) + [x]


def r(bits):
    return rng.getrandbits(bits)


def src9():
    c = rng.random()
    if c < 0.45:
        return 256 + r(8)
    if c < 0.7:
        return r(7) % 106
    if c < 0.85:
        return 128 + r(6)
    if c < 0.95:
        return 240 + rng.randrange(9)
    return 255


def vop_dpp(fn, op, marker):
    base = fn(op, {"VD": r(8), "V1": r(8), "S0": marker})
    if marker == 0xFA:
        ctrl = rng.choice([r(8), 0x101 + r(4), 0x111 + r(4), 0x121 + r(4), 0x140, 0x141,
                           0x150 + r(4), 0x160 + r(4)])
        x = r(8) | ctrl << 8 | r(1) << 19 | r(4) << 20 | r(8) << 24
    elif marker in (0xE9, 0xEA):
        x = r(32)
    else:
        x = r(8) | rng.randrange(7) << 8 | rng.randrange(3) << 11 | rng.randrange(7) << 16 \
            | rng.randrange(7) << 24 | (r(32) & 0xA8B8E000)
    return base + [x]


GENS = {
    "sop2": lambda op: probe.sop2(op, {"SD": r(7) % 106, "S0": src9() & 0xFF, "S1": src9() & 0xFF}) + [r(32)],
    "sopk": lambda op: probe.sopk(op, {"SD": r(7) % 106, "K16": r(16)}) + [r(32)],
    "sop1": lambda op: probe.sop1(op, {"SD": r(7) % 106, "S0": src9() & 0xFF}) + [r(32)],
    "sopc": lambda op: probe.sopc(op, {"S0": src9() & 0xFF, "S1": src9() & 0xFF}) + [r(32)],
    "sopp": lambda op: probe.sopp(op, {"K16": rng.choice([0, r(4), r(16)])}),
    "vop2": lambda op: probe.vop2(op, {"VD": r(8), "V1": r(8), "S0": src9()}) + [r(32)],
    "vop1": lambda op: probe.vop1(op, {"VD": r(8), "S0": src9()}) + [r(32)],
    "vopc": lambda op: probe.vopc(op, {"V1": r(8), "S0": src9()}) + [r(32)],
    "vop3": gen_vop3,
    "vop3p": gen_vop3p,
    "vop2_dpp16": lambda op: vop_dpp(probe.vop2, op, 0xFA),
    "vop2_dpp8": lambda op: vop_dpp(probe.vop2, op, rng.choice([0xE9, 0xEA])),
    "vop2_sdwa": lambda op: gen_sdwa(probe.vop2, "vop2_sdwa", op),
    "vop1_dpp16": lambda op: vop_dpp(probe.vop1, op, 0xFA),
    "vop1_dpp8": lambda op: vop_dpp(probe.vop1, op, rng.choice([0xE9, 0xEA])),
    "vop1_sdwa": lambda op: gen_sdwa(probe.vop1, "vop1_sdwa", op),
    "vopc_sdwa": lambda op: gen_sdwa(probe.vopc, "vopc_sdwa", op),
    "smem": lambda op: probe.smem(op, {"SDATA": r(6) * 2 % 100, "SBASE": r(5) % 25, "glc": r(1),
                                       "dlc": r(1), "SOFF": rng.choice([0x7D, r(6)]),
                                       "OFF": r(20)}),
    "ds": gen_ds,
    "flat": lambda op: probe.flat(op, {"VD": r(7), "D": r(7), "A": r(7), "seg": 0, "off": r(11),
                                       "glc": r(1), "slc": r(1)}),
    "scratch": lambda op: probe.flat(op, {"VD": r(7), "D": r(7), "A": r(7), "seg": 1,
                                          "SA": rng.choice([0x7D, r(6)]), "off": r(12),
                                          "glc": r(1), "slc": r(1), "dlc": r(1)}),
    "global": lambda op: probe.flat(op, {"VD": r(7), "D": r(7), "A": r(7), "seg": 2,
                                         "SA": rng.choice([0x7D, r(5) * 2]), "off": r(12),
                                         "glc": r(1), "slc": r(1), "dlc": r(1)}),
    "mubuf": lambda op: probe.mubuf(op, {"VD": r(7), "A": r(7), "SR": r(4), "SOFF": src9() & 0xFF,
                                         "off": r(12), "offen": r(1), "idxen": r(1),
                                         "glc": r(1), "slc": r(1), "dlc": r(1)}) + [r(32)],
    "mtbuf": lambda op: probe.mtbuf(op, {"VD": r(7), "A": r(7), "SR": r(4), "SOFF": src9() & 0xFF,
                                         "off": r(12), "offen": r(1), "idxen": r(1),
                                         "fmt": r(7), "glc": r(1), "slc": r(1)}) + [r(32)],
    "mimg": lambda op: probe.mimg(op, {"VD": r(7), "A": r(7), "SR": r(4), "SS": r(4),
                                       "dmask": r(4), "dim": r(3), "unorm": r(1), "glc": r(1),
                                       "a16": r(1) if rng.random() < 0.3 else 0}),
    "vintrp": lambda op: probe.vintrp(op, {"VD": r(8), "V": r(8) if op != 2 else r(2),
                                           "attr": r(5), "chan": r(2)}),
    "exp": lambda op: probe.exp(op, {"tgt": rng.choice([r(3), 8, 9, 12 + r(2), 32 + r(5)]),
                                     "en": r(4), "done": r(1), "vm": r(1), "V0": r(8),
                                     "V1": r(8), "V2": r(8), "V3": r(8)}),
}

TABLE = {"vop2_dpp16": "vop2_dpp16", "vop2_dpp8": "vop2_dpp8", "vop2_sdwa": "vop2_sdwa",
         "vop1_dpp16": "vop1_dpp16", "vop1_dpp8": "vop1_dpp8", "vop1_sdwa": "vop1_sdwa",
         "vopc_sdwa": "vopc_sdwa"}


def reassembles(lines):
    """Indices of lines llvm-mc-19 assembles back."""
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        name = f.name
    p = subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1013",
                        "-mattr=" + oracle.MATTR, "-show-encoding", name],
                       capture_output=True, text=True)
    os.unlink(name)
    bad = {int(m.group(1)) - 1 for m in re.finditer(r":(\d+):\d+: error", p.stderr)}
    return [i for i in range(len(lines)) if i not in bad]


def main():
    os.makedirs(CORPUS, exist_ok=True)
    per = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    only = set(sys.argv[2:])  # optional family names: regenerate only these files
    for fam, gen in GENS.items():
        if only and fam not in only:
            continue
        rng.seed("4:" + fam)  # one stream per family: a file regenerates alone identically
        ops = ops_of(TABLE.get(fam, fam))
        samples, keys = [], []
        for op in ops:
            for _ in range(60):
                samples.append(gen(op))
                keys.append(op)
            if fam in ("vop1", "vop2"):  # v_nop & co: every field zero
                samples.append(getattr(probe, fam)(op, {"VD": 0, "V1": 0, "S0": 0}))
                keys.append(op)
        res = oracle.disasm_samples(samples)
        got = {}
        for op, x in zip(keys, res):
            if not x or not x[0] or "/*" in x[0] or "invalid_" in x[0]:
                continue
            lst = got.setdefault(op, [])
            if x[0] not in lst and len(lst) < per:
                lst.append(x[0])
        lines = [t for op in ops for t in got.get(op, [])]
        keep = reassembles(lines)
        lines = [lines[i] for i in keep]
        missing = [hex(op) for op in ops if op not in got]
        with open(os.path.join(CORPUS, fam + ".s"), "w") as f:
            f.write("// %s: %d instructions over %d of %d opcodes (generated by "
                    "src/gpu/shader/isa/gen/gen_corpus.py)\n" % (fam, len(lines), len(got),
                                                                  len(ops)))
            for t in lines:
                f.write(t + "\n")
        print(fam, len(lines), "lines;", len(got), "/", len(ops), "opcodes; missing",
              missing[:10])


if __name__ == "__main__":
    main()
