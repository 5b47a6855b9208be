#!/usr/bin/env python3
"""Writes the committed seed corpora of the fuzz targets that take text-like inputs
(hle_printf, hle_scanf, param_json, param_sfo). Run from the repository root after changing
it; the files it writes are committed (tests/fuzz/*/corpus*)."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))


def write(folder, name, data):
    os.makedirs(os.path.join(HERE, folder), exist_ok=True)
    with open(os.path.join(HERE, folder, name), "wb") as f:
        f.write(data)


# hle_printf: format, NUL, bytes for the guest va_list (6 pointer slots chosen by a byte,
# 8 doubles of 8 raw bytes, then overflow slots)
doubles = b"".join(struct.pack("<d", v) for v in (3.14159, -0.0, 1e300, 2.5e-310,
                                                  float("inf"), float("nan"), 1.0, -123.456))
ptrs = bytes([1, 2, 3, 4, 5, 6])
printf_seeds = {
    "ints": b"%d %i %u %x %X %o %c|%5d|%-5d|%05d|%+d|% d",
    "lengths": b"%hhd %hd %ld %lld %jd %zd %td %llx %zu",
    "alt": b"%#x %#o %#X %.0x %.3d %*d %-*d %.*s",
    "strings": b"%s|%10s|%-10s|%.2s|%ls|%lc|%%",
    "floats": b"%f %e %g %a %E %G %A %.3f %10.2e %-8g %#g %+f",
    "pointer": b"%p %#p %10p %n %hn %hhn",
    "positional": b"%2$s %1$d %3$x %1$d",
    "errno": b"%m and %s",
}
for name, fmt in printf_seeds.items():
    write("hle_printf/corpus", name, fmt + b"\0" + ptrs + doubles + bytes(range(64)))

# hle_scanf: format, NUL, the text to scan
scanf_seeds = {
    "ints": (b"%d %i %u %x %o %n", b"-42 0x1f 7 ff 17"),
    "lengths": (b"%hhd %hd %ld %lld %jd %zu %td", b"1 2 3 4 5 6 7"),
    "strings": (b"%s %5c %[a-z] %[^,],%*s", b"word abcde letters,rest"),
    "wide": (b"%ls %lc %l[a-c]", b"wide x abc"),
    "floats": (b"%f %e %g %a %lf %Lf", b"1.5 -2e3 0x1p4 inf nan 3.25"),
    "positional": (b"%2$d %1$s", b"7 word"),
    "alloc": (b"%ms %m[0-9] %mc", b"text 123 z"),
    "literal": (b"a%%b %*d c %p", b"a%b 9 c 0x1234"),
}
for name, (fmt, text) in scanf_seeds.items():
    write("hle_scanf/corpus", name, fmt + b"\0" + text)

# param.json: a full one, a minimal one, one with nested localized names
write("loader/corpus-param_json", "full", b"""{
  "titleId": "PRSP00001",
  "contentId": "IV0000-PRSP00001_00-PROSPEROGUEST000",
  "contentVersion": "01.000.000",
  "appVersion": "01.00",
  "applicationCategoryType": 0,
  "kernel": { "flexibleMemorySize": 268435456 },
  "localizedParameters": {
    "defaultLanguage": "en-US",
    "en-US": { "titleName": "Seed" },
    "ja-JP": { "titleName": "\\u30b7\\u30fc\\u30c9" }
  }
}
""")
write("loader/corpus-param_json", "minimal", b'{"titleId":"ABCD12345"}')
write("loader/corpus-param_json", "types", b'{"titleId":"ABCD12345","appVersion":1,'
      b'"kernel":{"flexibleMemorySize":-1},"localizedParameters":[]}')


# param.sfo: header, entries, key table, data table (string and u32 entries)
def sfo(entries):
    n = len(entries)
    keys = b"".join(k.encode() + b"\0" for k, _ in entries)
    key_table = 20 + 16 * n
    data_table = (key_table + len(keys) + 3) & ~3
    out_entries, data, koff = b"", b"", 0
    for k, v in entries:
        if isinstance(v, int):
            fmt, payload, maxlen = 0x0404, struct.pack("<I", v), 4
        else:
            payload = v.encode() + b"\0"
            fmt, maxlen = 0x0204, (len(payload) + 3) & ~3
        out_entries += struct.pack("<HHIII", koff, fmt, len(payload), maxlen, len(data))
        data += payload.ljust(maxlen, b"\0")
        koff += len(k) + 1
    head = struct.pack("<IIIII", 0x46535000, 0x101, key_table, data_table, n)
    body = head + out_entries + keys
    return body.ljust(data_table, b"\0") + data


write("loader/corpus-param_sfo", "full", sfo([("APP_VER", "01.00"), ("ATTRIBUTE", 0),
                                             ("CATEGORY", "gd"),
                                             ("CONTENT_ID", "IV0000-ABCD12345_00-SEED000000000000"),
                                             ("TITLE", "Seed"), ("TITLE_ID", "ABCD12345")]))
write("loader/corpus-param_sfo", "title_only", sfo([("TITLE_ID", "ABCD12345")]))


# A minimal x86-64 ELF executable (FreeBSD OS/ABI, one PT_LOAD holding `xor edi, edi; ret`)
# as the committed start of the ELF/SELF readers (loader, mkself); the loader's fixture adds
# full SELFs at test time.
def minimal_elf(osabi=9):
    code = b"\x31\xff\xc3"
    ehsize, phsize = 64, 56
    off = ehsize + phsize
    base = 0x400000
    ident = b"\x7fELF" + bytes([2, 1, 1, osabi]) + bytes(8)
    eh = ident + struct.pack("<HHIQQQIHHHHHH", 2, 62, 1, base + off, ehsize, 0, 0, ehsize,
                             phsize, 1, 64, 0, 0)
    ph = struct.pack("<IIQQQQQQ", 1, 5, 0, base, base, off + len(code), off + len(code),
                     0x1000)
    return eh + ph + code


write("loader/corpus", "minimal_elf", minimal_elf())
write("../../sdk/mkself/corpus", "minimal_elf", minimal_elf())


# debug_info: a small executable with symbols and DWARF line tables (built here with clang
# and lld from the C below), the kind of sidecar prospero-cc keeps beside a SELF.
DEBUG_SEED_C = b"""
static int helper(int x) { return x * 3 + 1; }
int counter;
void entry(void) {
  for (int i = 0; i < 4; i++) counter += helper(i);
  for (;;) {}
}
"""


def debug_info_seed():
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "seed.c"), os.path.join(tmp, "seed.elf")
        with open(src, "wb") as f:
            f.write(DEBUG_SEED_C)
        subprocess.run(["clang", "--target=x86_64-pc-freebsd12-elf", "-g", "-O1", "-ffreestanding",
                        "-nostdlib", "-static", "-fuse-ld=lld", "-Wl,-e,entry",
                        "-Wl,--build-id=none", "-fdebug-prefix-map=" + tmp + "=/seed",
                        "-o", out, src], check=True)
        with open(out, "rb") as f:
            return f.read()


write("loader/corpus-debug_info", "small_exe_dwarf", debug_info_seed())
write("loader/corpus-debug_info", "minimal_elf", minimal_elf())

# pad_trigger: a ScePadTriggerEffectParam with both triggers: L2 weapon (2, 6, 8), R2 slope
# feedback (2, 4, 2, 6)
trigger = bytearray(120)
trigger[0] = 3
struct.pack_into("<I", trigger, 8, 2)
trigger[16:19] = bytes([2, 6, 8])
struct.pack_into("<I", trigger, 64, 5)
trigger[72:76] = bytes([2, 4, 2, 6])
write("pad_trigger/corpus", "weapon_slope", bytes(trigger))
