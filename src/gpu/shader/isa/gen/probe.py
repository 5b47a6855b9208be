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
