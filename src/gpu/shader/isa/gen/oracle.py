"""The gfx1013 oracle: words -> llvm-mc-19 (assembles .long lines into an object) ->
llvm-objdump-19 -d (the same LLVM 19 AMDGPU disassembler llvm-mc -disassemble uses, but it
also reports each instruction's offset and exact dwords, and prints .long for undecodable
words). Used by the table generator; the tests in tests/unit/isa do the same in C."""
import os
import re
import subprocess
import tempfile

MATTR = "+dot1-insts,+dot2-insts,+dot5-insts,+dot6-insts"
LINE = re.compile(r"^\s+(.*?)\s*// ([0-9A-F]{12}): ((?:[0-9A-F]{8}(?: |$))+)")


def disasm(words, wave64=False):
    """Returns {dword offset: (text, ndwords)}; text is None for an undecodable dword."""
    mattr = MATTR + (",+wavefrontsize64" if wave64 else "")
    with tempfile.TemporaryDirectory() as d:
        s = os.path.join(d, "w.s")
        o = os.path.join(d, "w.o")
        with open(s, "w") as f:
            f.write(".text\n")
            for i in range(0, len(words), 16):
                f.write(".long " + ",".join("0x%08x" % w for w in words[i:i + 16]) + "\n")
        subprocess.run(["llvm-mc-19", "-arch=amdgcn", "-mcpu=gfx1013", "-filetype=obj", s,
                        "-o", o], check=True)
        p = subprocess.run(["llvm-objdump-19", "-d", "--mcpu=gfx1013", "--mattr=" + mattr, o],
                           capture_output=True, text=True, check=True)
    res = {}
    for ln in p.stdout.splitlines():
        m = LINE.match(ln)
        if not m:
            continue
        off = int(m.group(2), 16) // 4
        n = len(m.group(3).split())
        text = " ".join(m.group(1).split())
        res[off] = (None if text.startswith(".long ") else text, n)
    return res


PAD = 0xBF800000  # s_nop 0


class OracleCrash(Exception):
    pass


def disasm_samples(samples, wave64=False, chunk=2000):
    """Per sample: (text or None, ndwords) of its first instruction; None for a sample the
    oracle crashed on (llvm-objdump-19 has inputs it dies on; they are reported, not used)."""
    res = []
    for i in range(0, len(samples), chunk):
        part = samples[i:i + chunk]
        words, starts = [], []
        for smp in part:
            starts.append(len(words))
            words += list(smp) + [PAD] * (10 - len(smp))
        try:
            r = disasm(words, wave64)
        except subprocess.CalledProcessError:
            if len(part) == 1:
                res.append(None)
                continue
            res += disasm_samples(part, wave64, max(1, len(part) // 2))
            continue
        res += [r.get(s, (None, 1)) for s in starts]
    return res


def first(samples, wave64=False):
    """Decode each sample (a short list of dwords) on its own: returns (text, ndwords) or
    None per sample. Samples are laid out with s_nop padding so that each starts aligned."""
    words = []
    starts = []
    for smp in samples:
        starts.append(len(words))
        words += list(smp) + [PAD] * (5 - len(smp) + 5 if len(smp) < 5 else 5)
    r = disasm(words, wave64)
    return [r.get(s, (None, 0)) if r.get(s, (None, 0))[0] is not None else None
            for s in starts]
