#!/usr/bin/env python3
"""Writes a PlayGo chunk file (sce_sys/playgo-chunk.dat) for guest.playgo_chunks, laid out
as src/hle/libScePlayGo/playgo_chunks.h describes the format: three chunks, chunk 0 made of
mchunks 0 and 1 (0x1000 and 0x2000 bytes), chunk 1 of mchunk 2 (0x30000 bytes), chunk 2 of
none.

  make_playgo.py OUT
"""
import struct
import sys

MCHUNK_SIZES = [0x1000, 0x2000, 0x30000]
CHUNKS = [([0, 1], 0xFFFFFFFFFFFFFFFF), ([2], 1 << 62), ([], 1 << 63)]  # (mchunks, languages)


def build():
    attrs, lists, labels = b"", b"", b""
    for i, (mchunks, langs) in enumerate(CHUNKS):
        label_off = len(labels)
        labels += b"chunk%d\0" % i
        attr = struct.pack("<BBB11sHQII", 0, 0, 0, b"", len(mchunks), langs, len(lists),
                           label_off)
        assert len(attr) == 0x20
        attrs += attr
        lists += b"".join(struct.pack("<H", m) for m in mchunks)
    mattrs = b"".join(struct.pack("<QQ", 0, size) for size in MCHUNK_SIZES)
    tables = [attrs, lists, labels, mattrs]
    offset, body, entries = 0x100, b"", []
    for t in tables:
        entries.append((offset + len(body), len(t)))
        body += t
    entries += [(0, 0)] * 4  # the scenario tables, not read
    header = b"plgo" + struct.pack("<HHHHHH", 1, 0, 1, len(CHUNKS), len(MCHUNK_SIZES), 0)
    header += struct.pack("<IHHIHH", 0x100 + len(body), 0, 0, 0, 1, 0)
    header += bytes(32) + b"IV0000-PRSP00000_00-PROSPEROGUEST000".ljust(128, b"\0")
    header += b"".join(struct.pack("<II", o, l) for o, l in entries)
    assert len(header) == 0x100
    return header + body


if __name__ == "__main__":
    with open(sys.argv[1], "wb") as f:
        f.write(build())
