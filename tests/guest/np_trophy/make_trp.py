#!/usr/bin/env python3
"""Writes a trophy package (TRP) for the tests: the PS4 layout (a 0x60-byte big-endian header,
magic 0xDCA24D00, then 0x40-byte entries: name[32], u64 offset, u64 size, u32 flags, pad)
holding a plain configuration TROP.SFM and an icon. Usage: make_trp.py OUT [--encrypted]
(--encrypted names the configuration TROP.ESFM, as packages on discs do)."""
import struct
import sys

SFM = b"""<?xml version="1.0" encoding="UTF-8"?>
<trophyconf version="1.1" platform="ps4">
<npcommid>NPWR00000_00</npcommid>
<trophyset-version>01.00</trophyset-version>
<parental-level license-area="default">1</parental-level>
<title-name>Prospero Test Trophies</title-name>
<trophy id="000" hidden="no" ttype="P" pid="-1"><name>Everything</name><detail>All of them</detail></trophy>
<trophy id="001" hidden="no" ttype="B" pid="000"><name>First steps</name><detail>Start</detail></trophy>
<trophy id="002" hidden="yes" ttype="G" pid="000"><name>Gold one</name><detail>Win</detail></trophy>
<trophy id="003" hidden="no" ttype="S" pid="-1"><name>Extra</name><detail>Not linked</detail></trophy>
</trophyconf>
"""


def main():
    out, encrypted = sys.argv[1], "--encrypted" in sys.argv[2:]
    files = [(b"TROP.ESFM" if encrypted else b"TROP.SFM", SFM if not encrypted else b"\x8f" * 256, 3),
             (b"ICON0.PNG", b"\x89PNG\r\n\x1a\n", 0)]
    offset = 0x60 + 0x40 * len(files)
    entries, blobs = b"", b""
    for name, data, flags in files:
        entries += struct.pack(">32sQQI12x", name, offset + len(blobs), len(data), flags)
        blobs += data
    total = offset + len(blobs)
    header = struct.pack(">IIQIII20sI44x", 0xDCA24D00, 1, total, len(files), 0x40, 1, b"\0" * 20, 0)
    with open(out, "wb") as f:
        f.write(header + entries + blobs)


if __name__ == "__main__":
    main()
