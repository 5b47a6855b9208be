"""Field layouts used to build probe words for each family (the same layouts the C decoder
uses, written down independently from the RDNA ISA documentation)."""


def sop2(op, f):
    return [0x80000000 | (op << 23) | (f.get("SD", 10) << 16) | (f.get("S1", 30) << 8)
            | f.get("S0", 20)]


def sopk(op, f):
    return [0xB0000000 | (op << 23) | (f.get("SD", 10) << 16) | f.get("K16", 0x1234)]


def sop1(op, f):
    return [0xBE800000 | (f.get("SD", 10) << 16) | (op << 8) | f.get("S0", 20)]


def sopc(op, f):
    return [0xBF000000 | (op << 16) | (f.get("S1", 30) << 8) | f.get("S0", 20)]


def sopp(op, f):
    return [0xBF800000 | (op << 16) | f.get("K16", 0)]


def vop2(op, f):
    return [(op << 25) | (f.get("VD", 10) << 17) | (f.get("V1", 30) << 9) | f.get("S0", 276)]


def vop1(op, f):
    return [0x7E000000 | (f.get("VD", 10) << 17) | (op << 9) | f.get("S0", 276)]


def vopc(op, f):
    return [0x7C000000 | (op << 17) | (f.get("V1", 30) << 9) | f.get("S0", 276)]


def vop3(op, f):
    w0 = (0x35 << 26) | (op << 16) | f.get("VD", 10) | (f.get("clamp", 0) << 15)
    if "SD" in f:
        w0 |= f["SD"] << 8
    else:
        w0 |= (f.get("abs", 0) << 8) | (f.get("opsel", 0) << 11)
    w1 = (f.get("S0", 276) | (f.get("S1", 296) << 9) | (f.get("S2", 316) << 18)
          | (f.get("omod", 0) << 27) | (f.get("neg", 0) << 29))
    return [w0, w1]


def vop3p(op, f):
    w0 = (0xCC << 24) | (op << 16) | f.get("VD", 10) | (f.get("clamp", 0) << 15) \
        | (f.get("neg_hi", 0) << 8) | ((f.get("opsel", 0) & 7) << 11) \
        | (((f.get("opsel_hi", 7) >> 2) & 1) << 14)
    w1 = (f.get("S0", 276) | (f.get("S1", 296) << 9) | (f.get("S2", 316) << 18)
          | ((f.get("opsel_hi", 7) & 3) << 27) | (f.get("neg", 0) << 29))
    return [w0, w1]


# ---- memory and interpolation families -----------------------------------------------------

def smem(op, f):
    """SMEM: sbase 5:0 (pair index), sdata 12:6, dlc 14, glc 16, op 25:18;
    w1: offset 20:0 (signed), soffset 31:25 (null = no soffset)."""
    return [(0x3D << 26) | (op << 18) | (f.get("glc", 0) << 16) | (f.get("dlc", 0) << 14)
            | (f.get("SDATA", 16) << 6) | f.get("SBASE", 4),
            (f.get("SOFF", 0x7D) << 25) | f.get("OFF", 0x10)]


def ds(op, f):
    """DS: offset0 7:0, offset1 15:8, gds 17, op 25:18; w1: addr 7:0, data0 15:8,
    data1 23:16, vdst 31:24."""
    return [(0x36 << 26) | (op << 18) | (f.get("gds", 0) << 17) | (f.get("off1", 0) << 8)
            | f.get("off0", 0),
            (f.get("VD", 10) << 24) | (f.get("D1", 30) << 16) | (f.get("D0", 20) << 8)
            | f.get("A", 40)]


def flat(op, f):
    """FLAT/GLOBAL/SCRATCH: offset 11:0 (signed for global/scratch), dlc 12, lds 13, seg 15:14,
    glc 16, slc 17, op 24:18; w1: addr 7:0, data 15:8, saddr 22:16, nv 23, vdst 31:24."""
    return [(0x37 << 26) | (op << 18) | (f.get("slc", 0) << 17) | (f.get("glc", 0) << 16)
            | (f.get("seg", 0) << 14) | (f.get("lds", 0) << 13) | (f.get("dlc", 0) << 12)
            | f.get("off", 0),
            (f.get("VD", 10) << 24) | (f.get("SA", 0x7D) << 16) | (f.get("D", 20) << 8)
            | f.get("A", 40)]


def mubuf(op, f):
    """MUBUF: offset 11:0, offen 12, idxen 13, glc 14, dlc 15, lds 16, op 25:18; w1: vaddr 7:0,
    vdata 15:8, srsrc 20:16 (quad index), slc 22, tfe 23, soffset 31:24."""
    return [(0x38 << 26) | (op << 18) | (f.get("lds", 0) << 16) | (f.get("dlc", 0) << 15)
            | (f.get("glc", 0) << 14) | (f.get("idxen", 0) << 13) | (f.get("offen", 0) << 12)
            | f.get("off", 0),
            (f.get("SOFF", 0x80) << 24) | (f.get("tfe", 0) << 23) | (f.get("slc", 0) << 22)
            | (f.get("SR", 2) << 16) | (f.get("VD", 20) << 8) | f.get("A", 40)]


def mtbuf(op, f):
    """MTBUF: offset 11:0, offen 12, idxen 13, glc 14, dlc 15, op[2:0] 18:16, format 25:19;
    w1: vaddr 7:0, vdata 15:8, srsrc 20:16, op[3] 21, slc 22, tfe 23, soffset 31:24."""
    return [(0x3A << 26) | (f.get("fmt", 1) << 19) | ((op & 7) << 16) | (f.get("dlc", 0) << 15)
            | (f.get("glc", 0) << 14) | (f.get("idxen", 0) << 13) | (f.get("offen", 0) << 12)
            | f.get("off", 0),
            (f.get("SOFF", 0x80) << 24) | (f.get("tfe", 0) << 23) | (f.get("slc", 0) << 22)
            | ((op >> 3) << 21) | (f.get("SR", 2) << 16) | (f.get("VD", 20) << 8) | f.get("A", 40)]


def exp(op, f):
    """EXP: en 3:0, target 9:4, compr 10, done 11, vm 12; w1: vsrc0..3 bytes."""
    return [(0x3E << 26) | (f.get("vm", 0) << 12) | (f.get("done", 0) << 11)
            | (f.get("compr", 0) << 10) | (f.get("tgt", 0) << 4) | f.get("en", 0xF),
            (f.get("V3", 13) << 24) | (f.get("V2", 12) << 16) | (f.get("V1", 11) << 8)
            | f.get("V0", 10)]


def vintrp(op, f):
    """VINTRP: vsrc 7:0, attrchan 9:8, attr 15:10, op 17:16, vdst 25:18."""
    return [(0x32 << 26) | (f.get("VD", 10) << 18) | (op << 16) | (f.get("attr", 5) << 10)
            | (f.get("chan", 1) << 8) | f.get("V", 20)]


def mimg(op, f):
    """MIMG (GFX10): op[7] 0, nsa 2:1, dim 5:3, dlc 7, dmask 11:8, unorm 12, glc 13, r128 15,
    tfe 16, lwe 17, op[6:0] 24:18, slc 25; w1: vaddr 7:0, vdata 15:8, srsrc 20:16 (quad),
    ssamp 25:21 (quad), a16 30, d16 31; NSA: extra dwords of 4 address VGPRs each."""
    op7 = (op >> 7) & 1
    w0 = ((0x3C << 26) | ((op & 0x7F) << 18) | op7 | (f.get("nsa", 0) << 1)
          | (f.get("dim", 0) << 3) | (f.get("dlc", 0) << 7) | (f.get("dmask", 0xF) << 8)
          | (f.get("unorm", 0) << 12) | (f.get("glc", 0) << 13) | (f.get("r128", 0) << 15)
          | (f.get("tfe", 0) << 16) | (f.get("lwe", 0) << 17) | (f.get("slc", 0) << 25))
    w1 = ((f.get("d16", 0) << 31) | (f.get("a16", 0) << 30) | (f.get("SS", 3) << 21)
          | (f.get("SR", 2) << 16) | (f.get("VD", 30) << 8) | f.get("A", 20))
    return [w0, w1] + [0x04030201 + 0x04040404 * i for i in range(f.get("nsa", 0))]
