#!/usr/bin/env python3
"""Generate the per-family opcode tables (../ops_<family>.def) by probing the oracle.

For each opcode value of a family the generator builds probe words with distinctive field
values (registers 10/20/30/40/60...), disassembles them with llvm-mc/llvm-objdump 19 and
records facts about the opcode: its mnemonic, which encoding fields are operands and in what
order, register widths, how each source prints constants (its constant type), which modifier
bits are accepted. Each table line is one opcode:

  X(op, "mnemonic", "operand template", "source constant types", mods_print, mods_ignore)

Templates are comma-separated tokens: FIELD/WIDTH (e.g. VD/2 = vdst field, 2 registers),
=text for fixed text (=vcc prints vcc_lo in wave32), K16/kind for the 16-bit immediate.
Run: python3 gen_tables.py  (needs llvm-mc-19 and llvm-objdump-19)."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import oracle  # noqa: E402
import probe  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

# Registers used in probes: field -> value and the register number it shows as.
PROBE = {"VD": 10, "SD": 10, "V1": 30, "S0": 20, "S1": 30, "S2": 40}
VSRC = {"S0": 276, "S1": 296, "S2": 316}  # 9-bit source fields holding v20, v40, v60
SHOWN = {10: "D", 20: "S0", 30: "S1", 40: "S1", 60: "S2", 50: "SD"}


def split_operands(text):
    """mnemonic, [operands], [trailing modifiers]"""
    name, _, rest = text.partition(" ")
    rest = re.sub(r"/\*.*?\*/", lambda m: m.group(0).replace(" ", "_").replace(",", ";"), rest)
    ops, depth, cur = [], 0, ""
    for ch in rest:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            ops.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    mods = []
    if ops:
        last = ops[-1].split(" ")
        ops[-1] = last[0]
        mods = last[1:]
    return name, ops, mods


REG = re.compile(r"^([sv])(?:(\d+)|\[(\d+):(\d+)\])(/\*.*\*/)?$")


def reg_of(tok):
    m = REG.match(tok)
    if not m:
        return None
    if m.group(2) is not None:
        return m.group(1), int(m.group(2)), 1, m.group(5)
    a, b = int(m.group(3)), int(m.group(4))
    return m.group(1), a, b - a + 1, m.group(5)


def template(ops, fieldmap, lit=None):
    """Map operand tokens to fields. fieldmap: shown register number -> field name."""
    toks = []
    for t in ops:
        r = reg_of(t)
        if r and r[1] in fieldmap:
            note = ""
            if r[3] and "register_class" in r[3]:
                note = "@" + r[3].split("'")[1]
            toks.append("%s/%s%d%s" % (fieldmap[r[1]], r[0], r[2], note))
        elif lit is not None and t == "0x%x" % lit:
            toks.append("K")
        elif t in ("vcc_lo", "vcc"):
            toks.append("=vcc")
        elif t == "off":
            toks.append("=off")
        else:
            toks.append("?" + t)
    return ",".join(toks)


# ---- constant-type classification (mirrors the C printer: print.c) -----------------------

F32 = {0x3F000000: "0.5", 0xBF000000: "-0.5", 0x3F800000: "1.0", 0xBF800000: "-1.0",
       0x40000000: "2.0", 0xC0000000: "-2.0", 0x40800000: "4.0", 0xC0800000: "-4.0",
       0x3E22F983: "0.15915494"}
F16 = {0x3800: "0.5", 0xB800: "-0.5", 0x3C00: "1.0", 0xBC00: "-1.0", 0x4000: "2.0",
       0xC000: "-2.0", 0x4400: "4.0", 0xC400: "-4.0", 0x3118: "0.15915494"}
F64 = {0x3FE0000000000000: "0.5", 0xBFE0000000000000: "-0.5", 0x3FF0000000000000: "1.0",
       0xBFF0000000000000: "-1.0", 0x4000000000000000: "2.0", 0xC000000000000000: "-2.0",
       0x4010000000000000: "4.0", 0xC010000000000000: "-4.0",
       0x3FC45F306DC9C882: "0.15915494309189532"}
INLINE_F = {240: 0.5, 241: -0.5, 242: 1.0, 243: -1.0, 244: 2.0, 245: -2.0, 246: 4.0,
            247: -4.0}
PROBE_CONSTS = [(248, None), (242, None), (0xC1, None), (255, 0x3F800000), (255, 0x3FF00000),
                (255, 0x3C00), (255, 0x40490FDB), (255, 0xBFF00000), (255, 0xFFFF0001),
                (255, 0x3E22F983), (255, 1), (255, 0xFFFFFFF0)]


def inline_int(v):
    return -16 <= v <= 64


def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def expect(cls, raw, lit):
    if 128 <= raw <= 192:
        return str(raw - 128)
    if 193 <= raw <= 208:
        return str(192 - raw)
    import struct
    if raw in INLINE_F or raw == 248:
        if cls in ("i16",):
            bits = {v: k for k, v in F16.items()}
            f = "0.15915494" if raw == 248 else str(INLINE_F[raw])
            return "0x%x" % bits[f]
        if cls in ("f64", "i64"):
            return "0.15915494309189532" if raw == 248 else str(INLINE_F[raw])
        return "0.15915494" if raw == 248 else str(INLINE_F[raw])
    # literal
    if cls == "b32":
        if inline_int(sext(lit, 32)):
            return str(sext(lit, 32))
        return F32.get(lit, "0x%x" % lit)
    if cls == "f16":
        v = lit & 0xFFFF
        if inline_int(sext(v, 16)):
            return str(sext(v, 16))
        return F16.get(v, "0x%x" % v)
    if cls == "i16":
        if inline_int(sext(lit, 32)):
            return str(sext(lit, 32))
        if lit in F32:
            return F32[lit]
        return "0x%x" % (lit & 0xFFFF)
    if cls == "f64":
        v = lit << 32
        if v == 0:
            return "0"
        return F64.get(v, "0x%x" % lit)
    if cls == "i64":
        if inline_int(lit):
            return str(lit)
        return "0x%x" % lit
    if cls == "v2f16":
        if inline_int(sext(lit, 32)):
            return str(sext(lit, 32))
        if lit >> 16 == 0 and lit in F16:
            return F16[lit]
        return "0x%x" % lit
    return "?"


CLASSES = ["b32", "f16", "i16", "f64", "i64", "v2f16"]


def classify(outs):
    """outs: list of printed constant text (None = invalid) for PROBE_CONSTS."""
    note = ""
    if any(o and "/*" in o for o in outs):
        c = [o for o in outs if o and "/*" in o][0]
        c = c[c.index("/*") + 2:c.index("*/")]
        note = "@" + ("imm" if c == "Invalid_immediate" else c.split("'")[1])
        outs = [o.split("/*")[0] if o else o for o in outs]
    for cls in CLASSES:
        ok = True
        for (raw, lit), o in zip(PROBE_CONSTS, outs):
            if o is None:
                continue
            if expect(cls, raw, lit) != o:
                ok = False
                break
        if ok:
            lits = all(o is None for (raw, lit), o in zip(PROBE_CONSTS, outs) if lit is not None)
            return cls + ("!" if lits else "") + note
    return "?" + "|".join(str(o) for o in outs)


# ---- generic probing driver -------------------------------------------------------------

def subsets(fields):
    """All assignments of fields to (probe value or 0), most fields set first."""
    n = len(fields)
    res = []
    for mask in sorted(range(1 << n), key=lambda m: -bin(m).count("1")):
        res.append([f for i, f in enumerate(fields) if mask >> i & 1])
    return res


def probe_family(make, nops, fields, values, shown, lit=None, extra=None):
    """Returns {op: dict(name, tmpl, set=[fields], text)} for the valid opcodes."""
    combos = subsets(fields)
    samples, keys = [], []
    for op in range(nops):
        for ci, c in enumerate(combos):
            f = {k: (values[k] if k in c else 0) for k in fields}
            if extra:
                f.update(extra)
            w = make(op, f)
            if lit is not None:
                w = w + [lit]
            samples.append(w)
            keys.append((op, ci))
    r32 = oracle.first(samples)
    r64 = oracle.first(samples, wave64=True)
    found = {}
    for (op, ci), x, y in zip(keys, r32, r64):
        if x is None or op in found:
            continue
        name, ops, mods = split_operands(x[0])
        _, ops64, _ = split_operands(y[0]) if y else (None, ops, None)
        t32 = template(ops, shown, lit)
        t64 = template(ops64, shown, lit)
        toks = []
        for a, b in zip(t32.split(","), t64.split(",")):
            a1, _, an = a.partition("@")
            b1 = b.partition("@")[0]
            if a1 != b1 and a1[:-1] == b1[:-1]:
                a = a1[:-1] + "m" + ("@" + an if an else "")  # lane mask: 1 reg in wave32, 2 in wave64
            toks.append(a)
        used = combos[ci]
        for k in fields:
            if k not in used:
                toks.append("!" + k)
        found[op] = dict(name=name, tmpl=",".join(t for t in toks if t), set=used,
                         size=x[1], text=x[0], mods=mods)
    return found


def const_classes(make, found, srcfields, values, extra=None):
    """For each op and 9/8-bit source field, the constant type."""
    samples, keys = [], []
    for op, d in found.items():
        for sf in srcfields:
            if not any(t.startswith(sf + "/") for t in d["tmpl"].split(",")):
                continue
            for raw, lit in PROBE_CONSTS:
                f = {k: (values[k] if k in d["set"] else 0) for k in values}
                if extra:
                    f.update(extra)
                f[sf] = raw
                w = make(op, f)
                samples.append(w + ([lit] if lit is not None else []) + [0x11111111])
                keys.append((op, sf))
    res = oracle.first(samples)
    outs = {}
    for k, x, (raw, lit) in zip(keys, res, PROBE_CONSTS * len(keys)):
        pass
    i = 0
    for k in keys:
        outs.setdefault(k, [])
    for k, x in zip(keys, res):
        if x is None:
            outs[k].append(None)
        else:
            _, ops, _ = split_operands(x[0])
            outs[k].append(ops)
    cls = {}
    for (op, sf), lst in outs.items():
        d = found[op]
        idx = [j for j, t in enumerate(d["tmpl"].split(",")) if t.startswith(sf + "/")][0]
        texts = [o[idx] if o is not None and idx < len(o) else None for o in lst]
        cls[(op, sf)] = classify(texts)
    return cls


NOTE_PROBES = {"s": 20, "v": 276, "c": 245}


def field_notes(make, found, fields, values, extra=None, vd_scalar=False):
    """Annotations llvm-mc adds to an operand of the wrong kind: returns {op: "F:k=Class ..."}.
    Kinds: s (SGPR), v (VGPR), c (constant)."""
    samples, keys = [], []
    for op, d in found.items():
        toks = d["tmpl"].split(",")
        for fi, t in enumerate(toks):
            fld = t.split("/")[0]
            if fld not in fields or "/" not in t:
                continue
            for kind, raw in NOTE_PROBES.items():
                if fld in ("VD", "V1", "SD"):
                    if t.split("/")[1][0] != "s" or kind == "v":
                        continue
                    raw = raw & 0xFF
                f = {k: (values[k] if k in d["set"] else 0) for k in values}
                if extra:
                    f.update(extra)
                f[fld] = raw
                samples.append(make(op, f) + [0x11111111])
                keys.append((op, fi, fld, kind))
    res = oracle.first(samples)
    notes = {}
    for (op, fi, fld, kind), x in zip(keys, res):
        if x is None:
            continue
        _, ops, _ = split_operands(x[0])
        if fi >= len(ops) or "/*" not in ops[fi]:
            continue
        c = ops[fi][ops[fi].index("/*") + 2:ops[fi].index("*/")]
        cname = "imm" if c == "Invalid_immediate" else c.split("'")[1]
        notes.setdefault(op, []).append("%s:%s=%s" % (fld, kind, cname))
    return {k: " ".join(v) for k, v in notes.items()}


# Memory effects of an opcode, from the ISA's naming (the probes cannot see them): the last
# column of the tables, ISA_F_* flags of src/gpu/shader/isa/isa.h. Loads, stores and
# read-modify-write atomics; DS atomics have no "atomic" in their names (every DS op that is
# not a read, write, cross-lane permute or ordering/GWS/semaphore op is one, and every DS
# "_rtn_" op is an atomic that returns the old value); exports, the scalar timers and wave
# id are side effects; scalar cache controls are barriers.
VMEM_PREFIXES = ("buffer_", "tbuffer_", "image_", "flat_", "global_", "scratch_")
DS_NO_MEMORY = (("ds_swizzle", []), ("ds_permute", []), ("ds_bpermute", []),
                ("ds_nop", ["SIDE_EFFECTS"]), ("ds_gws_", ["SIDE_EFFECTS"]),
                ("ds_sema_", ["SIDE_EFFECTS"]), ("ds_ordered_count", ["SIDE_EFFECTS"]))
MEMORY_FLAG_ORDER = ("LOAD", "STORE", "ATOMIC", "BARRIER", "VECTOR", "SIDE_EFFECTS",
                     "HAS_RETURN")


def memory_flags(name):
    """The memory column of NAME: a C expression of ISA_F_* flags, or 0."""
    f = set()
    ds = name.startswith("ds_")
    if ds or name.startswith(VMEM_PREFIXES):
        f.add("VECTOR")
    if "atomic" in name:
        f |= {"ATOMIC", "LOAD", "STORE"}
    if ("load" in name or "image_sample" in name or "image_gather" in name
            or "image_get_" in name or name.startswith("ds_read") or "_rtn_" in name):
        f.add("LOAD")
    if "store" in name or name.startswith("ds_write"):
        f.add("STORE")
    if ds and "_rtn_" in name:
        f |= {"ATOMIC", "LOAD", "STORE"}
    if ds and not f & {"LOAD", "STORE"}:
        other = ["ATOMIC", "LOAD", "STORE"]
        for prefix, flags in DS_NO_MEMORY:
            if name.startswith(prefix):
                other = flags
        f |= set(other)
    if "_rtn_" in name or (ds and "wrxchg" in name):
        f.add("HAS_RETURN")
    if name.startswith(("exp", "s_memtime", "s_memrealtime", "s_get_waveid", "s_atc_probe")):
        f.add("SIDE_EFFECTS")
    if name.startswith(("s_dcache_", "s_gl1_inv")):
        f.add("BARRIER")
    return "|".join("ISA_F_" + x for x in MEMORY_FLAG_ORDER if x in f) or "0"


DEF_COLUMNS = ("X(op, mnemonic, operand template, constant types, mods_print, mods_ignore, notes,"
               " memory flags)")


def write_def(family, found, cls, comment, mods=None, notes=None):
    path = os.path.join(OUT, "ops_%s.def" % family)
    with open(path, "w") as f:
        f.write("/* %s opcodes of gfx1013 (generated by gen/gen_tables.py from probes of\n"
                " * llvm-mc-19; do not edit by hand).\n"
                " * %s\n * %s */\n" % (family.upper(), DEF_COLUMNS, comment))
        for op in sorted(found):
            d = found[op]
            c = " ".join("%s:%s" % (sf, cls[(o, sf)]) for (o, sf) in sorted(cls) if o == op)
            mp, mi = (mods or {}).get(op, (0, 0))
            nt = (notes or {}).get(op, "")
            f.write('X(0x%03x, "%s", "%s", "%s", 0x%x, 0x%x, "%s", %s)\n'
                    % (op, d["name"], d["tmpl"], c, mp, mi, nt, memory_flags(d["name"])))
    print("wrote", path, len(found))


DEF_ROW = re.compile(r'^(X\(0x[0-9a-f]+, "([^"]*)", "[^"]*", "[^"]*", 0x[0-9a-f]+, 0x[0-9a-f]+, '
                     r'"[^"]*")(?:, [^)]*)?\)$')


def gen_memory_column():
    """Rewrites the memory column (and the column comment) of the checked-in tables without
    probing: it depends on the mnemonics only."""
    for fn in sorted(os.listdir(OUT)):
        if not (fn.startswith("ops_") and fn.endswith(".def")):
            continue
        path = os.path.join(OUT, fn)
        out = []
        for line in open(path).read().split("\n"):
            m = DEF_ROW.match(line)
            if m:
                line = "%s, %s)" % (m.group(1), memory_flags(m.group(2)))
            elif line.startswith(" * X(op, "):
                line = " * " + DEF_COLUMNS
            elif line.startswith("X("):
                sys.exit("%s: unexpected row %s" % (fn, line[:80]))
            out.append(line)
        with open(path, "w") as f:
            f.write("\n".join(out))
        print("rewrote", path)


MNEMONIC_SUFFIX = re.compile(r"_(e32|e64|dpp|sdwa)$")


def base_mnemonic(name):
    """The mnemonic without its encoding suffix (_e32, _e64, _dpp, _sdwa): the key by which
    other modules (the IR translator's table) name an operation in every encoding."""
    return MNEMONIC_SUFFIX.sub("", name)


def gen_mnemonics():
    """Writes ../mnemonics.def from the checked-in tables without probing: one X(name) per
    distinct base mnemonic of every family, sorted (isa.h makes enum isa_mnemonic of it, so
    a table keyed by ISA_MN_<name> does not compile with a misspelled or unknown name)."""
    names = set()
    for fn in sorted(os.listdir(OUT)):
        if not (fn.startswith("ops_") and fn.endswith(".def")):
            continue
        for line in open(os.path.join(OUT, fn)).read().split("\n"):
            m = DEF_ROW.match(line)
            if m:
                names.add(base_mnemonic(m.group(2)))
            elif line.startswith("X("):
                sys.exit("%s: unexpected row %s" % (fn, line[:80]))
    bad = [n for n in names if not re.match(r"^[a-z][a-z0-9_]*$", n)]
    if bad:
        sys.exit("mnemonics that are no C identifiers: %s" % " ".join(sorted(bad)))
    path = os.path.join(OUT, "mnemonics.def")
    with open(path, "w") as f:
        f.write("/* Mnemonics of gfx1013 without their encoding suffix (_e32, _e64, _dpp, _sdwa),\n"
                " * one per line, sorted, from the ops_<family>.def tables (generated by\n"
                " * gen/gen_tables.py mnemonics; do not edit by hand). X(mnemonic) */\n")
        for n in sorted(names):
            f.write("X(%s)\n" % n)
    print("wrote", path, len(names), "mnemonics")


def mod_probe(make, found, bits, values, extra=None):
    """bits: list of (name, dict of fields to set). Returns {op: (print_mask, ignore_mask)}."""
    samples, keys = [], []
    for op, d in found.items():
        base = {k: (values[k] if k in d["set"] else 0) for k in values}
        if extra:
            base.update(extra)
        samples.append(make(op, base) + [0x11111111])
        keys.append((op, -1))
        for i, (nm, fs) in enumerate(bits):
            f = dict(base)
            f.update(fs(f) if callable(fs) else fs)
            samples.append(make(op, f) + [0x11111111])
            keys.append((op, i))
    res = oracle.first(samples)
    basetext = {}
    out = {}
    for (op, i), x in zip(keys, res):
        if i < 0:
            basetext[op] = x[0] if x else None
            out[op] = [0, 0]
            continue
        if x is None:
            continue
        if x[0] == basetext[op]:
            out[op][1] |= 1 << i
        else:
            out[op][0] |= 1 << i
            if i < 3 and "sext(" in x[0] and "sext(" not in (basetext[op] or ""):
                out[op][0] |= 1 << (13 + i)
    return {k: tuple(v) for k, v in out.items()}


K16_NAMED = [("s_waitcnt_depctr", "depctr"), ("s_waitcnt ", "waitcnt"), ("s_sendmsg", "sendmsg"),
             ("s_getreg", "hwreg"), ("s_setreg", "hwreg"), ("s_version", "version")]


def k16_family(make, nops, has_sd):
    """SOPK / SOPP: find each opcode's template and how its 16-bit immediate prints."""
    kvals = [3, 0x41, 0xFE37, 0]
    samples, keys = [], []
    for op in range(nops):
        for k in kvals:
            samples.append(make(op, {"SD": 10, "K16": k}) + [0x11111111])
            keys.append((op, k))
    res = oracle.first(samples)
    outs = {}
    for (op, k), x in zip(keys, res):
        outs.setdefault(op, {})[k] = x
    found = {}
    for op, o in outs.items():
        base = o[3] or o[0x41] or o[0]
        if base is None:
            continue
        name, ops, _ = split_operands(base[0])
        toks = []
        kind = None
        for t in ops:
            r = reg_of(t)
            if r and r[1] == 10:
                toks.append("SD/s%d" % r[2])
            elif t == "0x11111111":
                toks.append("K")
            else:
                toks.append("K16")
        if "K16" not in toks and o[3] is None and o[0] is not None:
            toks.append("!K16")
        if has_sd and not any(t.startswith("SD") for t in toks):
            toks.append("!SD")  # not seen in the text: checked below
        for prefix, nm in K16_NAMED:
            if (name + " ").startswith(prefix):
                kind = nm
        if kind is None and "K16" in toks:
            i = toks.index("K16")
            vals = []
            for k in kvals[:3]:
                x = o[k]
                vals.append(split_operands(x[0])[1][i] if x else None)
            if vals == ["0x3", "0x41", "0xfe37"]:
                kind = "hex"
            elif vals == ["3", "0x41", "0xfe37"]:
                kind = "u16"
            elif vals == ["3", "65", "65079"]:
                kind = "dec"
            else:
                kind = "?" + "|".join(map(str, vals))
        if "K16" in toks:
            z = o[0] is not None and len(split_operands(o[0][0])[1]) < len(ops)
            toks[toks.index("K16")] = "K16/" + kind + ("/z" if z else "")
        if "!SD" in toks:
            # an SD that is not printed: must it be zero?
            toks.remove("!SD")
            x0 = oracle.first([make(op, {"SD": 0, "K16": 3}) + [0x11111111]])[0]
            if x0 is not None and base is None:
                toks.append("!SD")
        found[op] = dict(name=name, tmpl=",".join(toks), set=[], size=base[1])
    return found


def gen_all():
    # SOP2 / SOPK / SOP1 / SOPC / SOPP
    v = {"SD": 10, "S0": 20, "S1": 30}
    f = probe_family(probe.sop2, 128, ["SD", "S0", "S1"], v, {10: "SD", 20: "S0", 30: "S1"})
    f = {k: d for k, d in f.items() if k < 0x60}  # 0x60.. are SOPK/SOP1/SOPC/SOPP
    write_def("sop2", f, const_classes(probe.sop2, f, ["S0", "S1"], v), "fields SD S0 S1",
              notes=field_notes(probe.sop2, f, ["S0", "S1"], v))
    f = k16_family(probe.sopk, 32, True)
    f = {k: d for k, d in f.items() if k < 0x1D or d["name"].startswith("s_")
         and k not in (0x1D, 0x1E, 0x1F)}
    write_def("sopk", f, {}, "fields SD K16 (K: literal dword)")
    f = k16_family(probe.sopp, 128, False)
    write_def("sopp", f, {}, "field K16")
    v = {"SD": 10, "S0": 20}
    f = probe_family(probe.sop1, 256, ["SD", "S0"], v, {10: "SD", 20: "S0"})
    write_def("sop1", f, const_classes(probe.sop1, f, ["S0"], v), "fields SD S0",
              notes=field_notes(probe.sop1, f, ["S0"], v))
    v = {"S0": 20, "S1": 30}
    f = probe_family(probe.sopc, 128, ["S0", "S1"], v, {20: "S0", 30: "S1"})
    write_def("sopc", f, const_classes(probe.sopc, f, ["S0", "S1"], v), "fields S0 S1",
              notes=field_notes(probe.sopc, f, ["S0", "S1"], v))
    # VOP2 / VOP1 / VOPC (32-bit encodings)
    v = {"VD": 10, "V1": 30, "S0": 276}
    f = probe_family(probe.vop2, 62, ["VD", "V1", "S0"], v, {10: "VD", 30: "V1", 20: "S0"},
                     lit=0x11111111)
    write_def("vop2", f, const_classes(probe.vop2, f, ["S0"], v), "fields VD S0 V1, K literal",
              notes=field_notes(probe.vop2, f, ["S0", "VD"], v))
    v = {"VD": 10, "S0": 276}
    f = probe_family(probe.vop1, 256, ["VD", "S0"], v, {10: "VD", 20: "S0"})
    write_def("vop1", f, const_classes(probe.vop1, f, ["S0"], v), "fields VD S0",
              notes=field_notes(probe.vop1, f, ["S0", "VD"], v))
    v = {"V1": 30, "S0": 276}
    f = probe_family(probe.vopc, 256, ["V1", "S0"], v, {30: "V1", 20: "S0"})
    write_def("vopc", f, const_classes(probe.vopc, f, ["S0"], v), "fields S0 V1",
              notes=field_notes(probe.vopc, f, ["S0"], v))
    # VOP3 (incl. VOP3B, promoted VOP1/VOP2/VOPC)
    v = {"VD": 10, "S0": 276, "S1": 296, "S2": 316}
    f = probe_family(probe.vop3, 1024, ["VD", "S0", "S1", "S2"], v,
                     {10: "VD", 20: "S0", 40: "S1", 60: "S2", 0: "SD"})
    # VOP3B: the sdst field (bits 14:8) replaces abs/op_sel
    fb = probe_family(probe.vop3, 1024, ["VD", "S0", "S1", "S2"], v,
                      {10: "VD", 20: "S0", 40: "S1", 60: "S2", 50: "SD"}, extra={"SD": 50})
    for op, d in fb.items():
        if "SD/" in d["tmpl"] and op in f:
            f[op] = d
            d["vop3b"] = True
    for d in f.values():  # VOP3 interpolation: attribute and parameter come from S0 / S1
        d["tmpl"] = re.sub(r"\?attr\d+\.[xyzw]", "ATTR", d["tmpl"])
        d["tmpl"] = re.sub(r"\?invalid_param_\d+", "PARAM9", d["tmpl"])
    cls = const_classes(probe.vop3, f, ["S0", "S1", "S2"], v)
    bits = [("neg0", {"neg": 1}), ("neg1", {"neg": 2}), ("neg2", {"neg": 4}),
            ("abs0", {"abs": 1}), ("abs1", {"abs": 2}), ("abs2", {"abs": 4}),
            ("clamp", {"clamp": 1}), ("omod1", {"omod": 1}), ("omod2", {"omod": 2}),
            ("opsel0", {"opsel": 1}), ("opsel1", {"opsel": 2}), ("opsel2", {"opsel": 4}),
            ("opsel3", {"opsel": 8})]
    fa = {k: d for k, d in f.items() if not d.get("vop3b")}
    fbb = {k: d for k, d in f.items() if d.get("vop3b")}
    mods = mod_probe(probe.vop3, fa, bits, v)
    mods.update(mod_probe(probe.vop3, fbb, bits[:3] + [("", {})] * 3 + bits[6:9], v,
                          extra={"SD": 50}))
    notes = field_notes(probe.vop3, fa, ["S0", "S1", "S2", "VD"], v)
    notes.update(field_notes(probe.vop3, fbb, ["S0", "S1", "S2", "VD", "SD"], v,
                             extra={"SD": 50}))
    write_def("vop3", f, cls, "fields VD S0 S1 S2 SD(VOP3B); mods bits: neg0-2 abs0-2 clamp "
              "omod1 omod2 opsel0-3, 13-15: neg prints sext()", mods, notes)
    # VOP3P
    v = {"VD": 10, "S0": 276, "S1": 296, "S2": 316}
    f = probe_family(probe.vop3p, 128, ["VD", "S0", "S1", "S2"], v,
                     {10: "VD", 20: "S0", 40: "S1", 60: "S2"})
    cls = const_classes(probe.vop3p, f, ["S0", "S1", "S2"], v)
    bits = [("neg0", {"neg": 1}), ("neg1", {"neg": 2}), ("neg2", {"neg": 4}),
            ("neghi0", {"neg_hi": 1}), ("neghi1", {"neg_hi": 2}), ("neghi2", {"neg_hi": 4}),
            ("clamp", {"clamp": 1}), ("opsel0", {"opsel": 1}), ("opsel1", {"opsel": 2}),
            ("opsel2", {"opsel": 4}), ("opselhi0", {"opsel_hi": 6}),
            ("opselhi1", {"opsel_hi": 5}), ("opselhi2", {"opsel_hi": 3})]
    write_def("vop3p", f, cls, "fields VD S0 S1 S2; mods bits: neg0-2 neg_hi0-2 clamp "
              "opsel0-2 opsel_hi0-2 (cleared)", mod_probe(probe.vop3p, f, bits, v),
              field_notes(probe.vop3p, f, ["S0", "S1", "S2"], v))


# ---- DPP16 / DPP8 / SDWA forms of VOP1 / VOP2 / VOPC --------------------------------------

DPP16_BASE = 20 | (0xE4 << 8) | (0xF << 24) | (0xF << 28)  # quad_perm:[0,1,2,3], masks 0xf
DPP8_BASE = 20 | (0o76543210 << 8)
SDWA_BASES = [20 | (6 << 8) | (6 << 16) | (6 << 24), 20 | (6 << 8) | (6 << 16),
              20 | (6 << 16) | (6 << 24), 20 | (6 << 16)]
DPP16_BITS = [("neg0", 1 << 20), ("abs0", 1 << 21), ("neg1", 1 << 22), ("abs1", 1 << 23)]
SDWA_BITS = [("clamp", 1 << 13), ("omod1", 1 << 14), ("omod2", 1 << 15), ("sext0", 1 << 19),
             ("neg0", 1 << 20), ("abs0", 1 << 21), ("s0", 1 << 23), ("sext1", 1 << 27),
             ("neg1", 1 << 28), ("abs1", 1 << 29), ("s1", 1 << 31), ("sd", (1 << 15) | (12 << 8))]


def variant_family(make, nops, fields, values, shown, marker, bases, bits):
    """Probe the ops of a VOP family in one DPP/SDWA form: returns found (with mods)."""
    samples, keys = [], []
    for op in range(nops):
        for bi, b in enumerate(bases):
            f = dict(values)
            f["S0"] = marker
            samples.append(make(op, f) + [b])
            keys.append((op, bi))
    res = oracle.first(samples)
    res64 = oracle.first(samples, wave64=True)
    found = {}
    for (op, bi), x, y in zip(keys, res, res64):
        if x is None or op in found:
            continue
        name, ops, mods = split_operands(x[0])
        _, ops64, _ = split_operands(y[0]) if y else (None, ops, None)
        t32, t64 = template(ops, shown), template(ops64, shown)
        toks = []
        for a, b in zip(t32.split(","), t64.split(",")):
            if a != b and a[:-1] == b[:-1]:
                a = a[:-1] + "m"
            toks.append(a)
        found[op] = dict(name=name, tmpl=",".join(toks), set=list(values), base=bases[bi],
                         text=x[0])
    # modifier bits
    samples, keys = [], []
    for op, d in found.items():
        for i, (nm, bit) in enumerate(bits):
            f = dict(values)
            f["S0"] = marker
            samples.append(make(op, f) + [d["base"] | bit])
            keys.append((op, i))
    res = oracle.first(samples)
    mods = {op: [0, 0] for op in found}
    for (op, i), x in zip(keys, res):
        if x is None:
            continue
        if x[0] == found[op]["text"]:
            mods[op][1] |= 1 << i
        else:
            mods[op][0] |= 1 << i
            if bits[i][0] in ("neg0", "neg1") and "sext(" in x[0]:
                mods[op][0] |= 1 << (8 + int(bits[i][0][3]))  # the neg bit prints sext()
    return found, {k: tuple(v) for k, v in mods.items()}


def gen_variants():
    fams = [("vop2", probe.vop2, 62, {"VD": 10, "V1": 30}, {10: "VD", 30: "V1", 20: "S0"}),
            ("vop1", probe.vop1, 256, {"VD": 10}, {10: "VD", 20: "S0"}),
            ("vopc", probe.vopc, 256, {"V1": 30}, {30: "V1", 20: "S0", 12: "SD"})]
    for name, make, nops, values, shown in fams:
        for vname, marker, bases, bits in (("dpp16", 0xFA, [DPP16_BASE], DPP16_BITS),
                                           ("dpp8", 0xE9, [DPP8_BASE], []),
                                           ("sdwa", 0xF9, SDWA_BASES, SDWA_BITS)):
            f, mods = variant_family(make, nops, list(values), values, shown, marker, bases,
                                     bits)
            for op, d in f.items():
                d["tmpl"] += ",#%x" % d["base"]  # the base extra dword the probe used
            write_def("%s_%s" % (name, vname), f, {}, "extra dword: see decode.c; mods bits: "
                      + " ".join(b[0] for b in bits), mods)


# ---- memory families -----------------------------------------------------------------------

def flag_probe(make, found, values, probes, extra=None):
    """probes: list of (field dict, predicate(text) -> printed?). Returns per op a bit mask:
    bit 2i = probe i prints, bit 2i+1 = probe i accepted but not printed."""
    samples, keys = [], []
    for op, d in found.items():
        base = {k: (values[k] if k in d["set"] else 0) for k in values}
        if extra:
            base.update(extra)
        for i, (fs, _) in enumerate(probes):
            f = dict(base)
            f.update(fs)
            samples.append(make(op, f) + [0x11111111] * 3)
            keys.append((op, i))
    res = oracle.disasm_samples(samples)
    out = {op: 0 for op in found}
    for (op, i), x in zip(keys, res):
        if x is None or x[0] is None:
            continue
        if probes[i][1](x[0]):
            out[op] |= 1 << (2 * i)
        else:
            out[op] |= 1 << (2 * i + 1)
    return out


DS_GDS_ONLY = 0x40  # mods_print bit 6 of a DS row: the opcode decodes only with gds set


def gen_memory():
    # DS: flags bit0 offset:, bit1 offset0/offset1 (2 = accepted but not printed), gds; the
    # GWS and ordered-count opcodes decode only with the gds bit set, so the opcodes that are
    # invalid without it are probed again with it (and marked DS_GDS_ONLY)
    v = {"VD": 10, "D0": 20, "D1": 30, "A": 40}
    shown = {10: "VD", 20: "D0", 30: "D1", 40: "A"}
    f = probe_family(probe.ds, 256, ["VD", "D0", "D1", "A"], v, shown)
    g = probe_family(probe.ds, 256, ["VD", "D0", "D1", "A"], v, shown, extra={"gds": 1})
    g = {op: d for op, d in g.items() if op not in f}
    probes = [({"off0": 0x10, "off1": 0x20}, lambda t: "offset:" in t),
              ({"off0": 0x10, "off1": 0x20}, lambda t: "offset0:" in t),
              ({"gds": 1}, lambda t: t.endswith(" gds"))]
    fl = flag_probe(probe.ds, f, v, probes)
    for op, m in flag_probe(probe.ds, g, v, probes, extra={"gds": 1}).items():
        fl[op] = m | DS_GDS_ONLY
    for d in g.values():  # an opcode without operands prints its gds where they would be
        d["tmpl"] = ",".join(t for t in d["tmpl"].split(",") if t != "?gds")
    f.update(g)
    write_def("ds", f, {}, "fields VD A D0 D1; mods_print bits: 0 offset:, 2 offset0/1, 4 gds, "
              "6 gds required (odd bits: accepted, not printed)",
              {k: (m, 0) for k, m in fl.items()})
    # SMEM: SDATA (sdata 12:6), SBASE (pair index 5:0), OFF (offset / soffset)
    v = {"SDATA": 16, "SBASE": 4}
    f = probe_family(probe.smem, 256, ["SDATA", "SBASE"], v, {16: "SDATA", 8: "SBASE"})
    for d in f.values():
        d["tmpl"] = d["tmpl"].replace("?0x10", "OFF").replace("?16", "SDATA/i")
    fl = flag_probe(probe.smem, f, v, [({"glc": 1}, lambda t: " glc" in t),
                                       ({"dlc": 1}, lambda t: " dlc" in t),
                                       ({"SOFF": 20}, lambda t: "s20" in t)])
    write_def("smem", f, {}, "fields SDATA SBASE OFF; mods_print bits: 0 glc, 2 dlc, 4 soffset",
              {k: (m, 0) for k, m in fl.items()})


def gen_buffer():
    """MUBUF / MTBUF: the vdata width comes from the template (D0/vN); the rest of the operand
    list (vaddr by idxen/offen, srsrc quad, soffset) follows one fixed layout printed by
    print.c. mods_print bits: 0 lds, 2 tfe, 4 glc, 6 slc, 8 dlc (odd: accepted silently)."""
    for name, make, nops in (("mubuf", probe.mubuf, 256), ("mtbuf", probe.mtbuf, 16)):
        v = {"VD": 20}
        f = probe_family(make, nops, ["VD"], v, {20: "D0", 8: "SR"})
        fl = flag_probe(make, f, v, [({"lds": 1}, lambda t: t.endswith(" lds")),
                                     ({"tfe": 1}, lambda t: t.endswith(" tfe")),
                                     ({"glc": 1}, lambda t: " glc" in t),
                                     ({"slc": 1}, lambda t: " slc" in t),
                                     ({"dlc": 1}, lambda t: " dlc" in t)])
        for d in f.values():
            d["tmpl"] = ",".join(t for t in d["tmpl"].split(",") if t.startswith("D0/"))
        write_def(name, f, {}, "vdata width in the template; mods bits 0 lds 2 tfe 4 glc 6 slc"
                  " 8 dlc (odd bits: accepted, not printed)", {k: (m, 0) for k, m in fl.items()})
    # MTBUF unified formats (GFX10): name of each 7-bit format value
    ws = [probe.mtbuf(0, {"fmt": i}) for i in range(128)]
    names = []
    for i, x in enumerate(oracle.disasm_samples(ws)):
        t = x[0] if x and x[0] else ""
        m = re.search(r"format:\[([A-Z0-9_,]+)\]", t)
        names.append(m.group(1) if m else ("" if "format:" not in t and t else "#%d" % i))
    with open(os.path.join(OUT, "mtbuf_formats.def"), "w") as fo:
        fo.write("/* GFX10 MTBUF unified buffer formats: F(value, name); an empty name is the "
                 "default\n * format (not printed), a #N name prints format:N. Generated by "
                 "gen/gen_tables.py. */\n")
        for i, n in enumerate(names):
            fo.write('F(%d, "%s")\n' % (i, n))


def gen_interp_export():
    """VINTRP (template VD, V; v_interp_mov's V prints as a parameter p10/p20/p0) and EXP
    (one opcode; operands and targets printed by print.c)."""
    f = probe_family(probe.vintrp, 4, ["VD", "V"], {"VD": 10, "V": 20},
                     {10: "VD", 20: "V1"})
    for d in f.values():
        d["tmpl"] = ",".join(t for t in d["tmpl"].split(",") if not t.startswith("?attr"))
        d["tmpl"] = d["tmpl"].replace("?invalid_param_20", "PARAM").replace("!V", "!V1")
    write_def("vintrp", f, {}, "fields VD V1 (vsrc) or PARAM (interp_mov); attr printed after")
    x = oracle.disasm_samples([probe.exp(0, {})])[0]
    write_def("exp", {0: dict(name=x[0].split()[0], tmpl="")}, {}, "operands by print.c")


def gen_mimg():
    """MIMG: template (vdata, vaddr, srsrc, ssamp widths at dmask 0xf / 1D), per-op address
    counts for every dim and a16 (non-NSA vaddr width and NSA address count, 16 hex digits
    each: dims 0-7 without a16, then with a16), accepted modifier bits."""
    v = {"VD": 30, "A": 20, "SS": 3}
    shown = {30: "D0", 20: "A", 8: "SR", 12: "SS"}
    found = {}
    for dm in (0xF, 0x1, 0x3):
        f = probe_family(probe.mimg, 256, ["VD", "A", "SS"], v, shown, extra={"dmask": dm})
        for op, d in f.items():
            if op not in found:
                d["dmask"] = dm
                found[op] = d
    # address counts
    samples, keys = [], []
    for op, d in found.items():
        base = {k: (v[k] if k in d["set"] else 0) for k in v}
        base["dmask"] = d["dmask"]
        for a16 in (0, 1):
            for dim in range(8):
                for nsa in range(4):
                    f = dict(base, dim=dim, a16=a16, nsa=nsa)
                    samples.append(probe.mimg(op, f))
                    keys.append((op, a16 * 8 + dim, nsa))
    res = oracle.disasm_samples(samples)
    wid = {op: ["0"] * 16 for op in found}
    cnt = {op: [["0"] * 16 for _ in range(4)] for op in found}
    for (op, i, nsa), x in zip(keys, res):
        if not x or not x[0]:
            continue
        ops = split_operands(x[0])[1]
        atok = [t for t in ops if t.startswith("[") or reg_of(t) and reg_of(t)[1] == 20]
        if not atok:
            continue
        t = atok[0]
        if nsa == 0:
            r = reg_of(t)
            wid[op][i] = "%x" % r[2]
        elif t.startswith("["):
            cnt[op][nsa][i] = "%x" % (t.count(",") + 1)
    # vdata width per dmask value, for d16 and tfe off/on (index d16 + 2 * tfe)
    samples, keys = [], []
    for op, d in found.items():
        base = {k: (v[k] if k in d["set"] else 0) for k in v}
        for tfe in (0, 1):
            for d16 in (0, 1):
                for dm in range(16):
                    samples.append(probe.mimg(op, dict(base, dmask=dm, d16=d16, tfe=tfe)))
                    keys.append((op, d16 + 2 * tfe, dm))
    res = oracle.disasm_samples(samples)
    vdw = {op: [["0"] * 16 for _ in range(4)] for op in found}
    for (op, k, dm), x in zip(keys, res):
        if x and x[0]:
            r = reg_of(split_operands(x[0])[1][0])
            if r:
                vdw[op][k][dm] = "%x" % r[2]
    # printed (vdata, vaddr) per NSA size, dim + 8*a16 and requested vdata size 1..5 (llvm
    # keeps its first-matched register sizes when a combination has no instruction variant)
    samples, keys = [], []
    for op, d in found.items():
        base = {k: (v[k] if k in d["set"] else 0) for k in v}
        gather = "gather4" in d["name"]
        for nsa in range(4):
            for a16 in (0, 1):
                for dim in range(8):
                    for req in range(1, 6):
                        if gather:
                            combo = {4: (1, 0, 0), 5: (1, 0, 1), 2: (1, 1, 0), 3: (1, 1, 1)}
                        else:
                            combo = {1: (1, 0, 0), 2: (3, 0, 0), 3: (7, 0, 0), 4: (15, 0, 0),
                                     5: (15, 0, 1)}
                        if req not in combo:
                            continue
                        dm, d16, tfe = combo[req]
                        f = dict(base, dmask=dm, d16=d16, tfe=tfe, nsa=nsa, dim=dim, a16=a16)
                        samples.append(probe.mimg(op, f))
                        keys.append((op, nsa, a16 * 8 + dim, req))
    res = oracle.disasm_samples(samples)
    grid = {op: ["00"] * (4 * 16 * 5) for op in found}
    for (op, nsa, i, req), x in zip(keys, res):
        if not x or not x[0]:
            continue
        ops = split_operands(x[0])[1]
        r = reg_of(ops[0])
        if not r:
            continue
        t = [t for t in ops[1:] if t.startswith("[") or reg_of(t) and reg_of(t)[1] == 20]
        if not t:
            continue
        na = t[0].count(",") + 1 if t[0].startswith("[") else reg_of(t[0])[2]
        grid[op][(nsa * 16 + i) * 5 + req - 1] = "%x%x" % (r[2], na)
    fl = {}
    bits = [("unorm", " unorm"), ("glc", " glc"), ("slc", " slc"), ("dlc", " dlc"),
            ("r128", " r128"), ("a16", " a16"), ("tfe", " tfe"), ("lwe", " lwe"),
            ("d16", " d16")]
    for op, d in found.items():
        d["tmpl"] = ",".join(t for t in d["tmpl"].split(",") if not t.startswith("?"))
    probes = [({b: 1}, (lambda s: (lambda t: s in t))(txt)) for b, txt in bits]
    for dm in (0xF, 0x1, 0x3):
        sub = {op: d for op, d in found.items() if d["dmask"] == dm}
        fl.update(flag_probe(probe.mimg, sub, v, probes, extra={"dmask": dm}))
    notes = {op: "w=%s;n1=%s;n2=%s;n3=%s;vd=%s;vh=%s;vt=%s;vth=%s;g=%s" % (
        "".join(wid[op]), "".join(cnt[op][1]), "".join(cnt[op][2]), "".join(cnt[op][3]),
        "".join(vdw[op][0]), "".join(vdw[op][1]), "".join(vdw[op][2]), "".join(vdw[op][3]),
        "".join(grid[op])) for op, d in found.items()}
    write_def("mimg", found, {}, "template at dmask dm / 1D; notes w= non-NSA vaddr widths, "
              "n1..n3= NSA address counts with 1..3 NSA dwords, vd/vh/vt/vth= vdata widths per dmask (plain, d16, tfe, tfe+d16), g= printed vdata and "
              "address sizes per NSA size, dim+8*a16 and requested vdata size 1-5 (dims 0-7, then a16); mods bits 2i printed / 2i+1 "
              "accepted for unorm glc slc dlc r128 a16 tfe lwe d16",
              {k: (m & 0xFFFF, m >> 16) for k, m in fl.items()}, notes)


def gen_flat():
    """FLAT / SCRATCH / GLOBAL (seg 0/1/2): one template per (lds, glc, saddr given) variant,
    joined by '|' (X: variant invalid)."""
    v = {"VD": 10, "D": 20, "A": 40}
    shown = {10: "VD", 20: "D0", 40: "A", 8: "SA"}
    for seg, name in ((0, "flat"), (1, "scratch"), (2, "global")):
        per = {}
        for var in range(8):
            extra = {"seg": seg, "SA": 8 if var & 1 else 0x7D, "glc": var >> 1 & 1,
                     "lds": var >> 2 & 1}
            f = probe_family(probe.flat, 128, ["VD", "D", "A"], v, shown, extra=extra)
            for op, d in f.items():
                per.setdefault(op, {"name": d["name"], "t": ["X"] * 8})
                per[op]["t"][var] = d["tmpl"].replace("!D", "!D0")
        found = {op: dict(name=p["name"], tmpl="|".join(p["t"])) for op, p in per.items()}
        write_def(name, found, {}, "seg %d; templates per variant lds*4 + glc*2 + saddr-given"
                  % seg)


if __name__ == "__main__":
    # one sub-command per generation step; no (or any other) argument regenerates the base
    # tables and their variants
    SUBCOMMANDS = {"interp": gen_interp_export, "mimg": gen_mimg, "buffer": gen_buffer,
                   "flat": gen_flat, "memory": gen_memory, "variants": gen_variants,
                   "memory-column": gen_memory_column, "mnemonics": gen_mnemonics}
    args = sys.argv[1:]
    if len(args) == 1 and args[0] in SUBCOMMANDS:
        SUBCOMMANDS[args[0]]()
    else:
        gen_all()
        gen_variants()
    # every step can add or rename an opcode: the mnemonic list follows the tables
    if args != ["mnemonics"]:
        gen_mnemonics()
