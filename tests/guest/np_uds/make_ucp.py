#!/usr/bin/env python3
"""Writes a PS5 trophy file (trophy00.ucp) for the tests, from the layout public readers of
the format describe (big-endian): a 0x20-byte header (magic 0xB228C60A, version 1, u64 file
size, u32 entry count, u32 entry-table offset), the entry table at 0x20 (0x20 zero bytes, then
0x40-byte entries: name[32], u64 offset, u64 size, 16 zero bytes), then the files: tropconf.json and
tropmeta_<locale>.json. Usage: make_ucp.py OUT [--broken-conf]."""
import json
import struct
import sys

CONF = {
    "defaultLanguage": "en-US",
    "trophies": [
        {"id": "000", "grade": "P", "hidden": False},
        {"id": 1, "grade": "B", "platinumTrophyId": 0},
        {"id": "002", "grade": "G", "platinumTrophyId": "000", "hidden": True},
        {"id": 3, "grade": "S", "platinumTrophyId": 0,
         "unlockCondition": {"progressive": True, "targetValue": 10}},
        {"id": 4, "grade": "B", "groupId": 1},
    ],
}


def meta(title, names, group):
    return {"npCommId": "NPWR00000_00",
            "metadata": {"titleMetadata": {"name": title},
                         "groupMetadata": [{"id": 1, "name": group}],
                         "trophyMetadata": [{"id": i, "name": n, "detail": "About " + n}
                                            for i, n in enumerate(names)]}}


EN = meta("Prospero UDS Trophies", ["Everything", "First steps", "Gold one", "Collector", "Side"],
          "Extra Pack")
FR = meta("Trophees", ["Tout", "Premiers pas", "Or", "Collection", "A cote"], "Paquet")


def build(files):
    table = 0x20
    offset = table + 0x20 + 0x40 * len(files)
    entries, blobs = b"", b""
    for name, data in files:
        entries += struct.pack(">32sQQ16x", name, offset + len(blobs), len(data))
        blobs += data
    total = offset + len(blobs)
    header = struct.pack(">IIQII8x", 0xB228C60A, 1, total, len(files), table)
    return header + b"\0" * 0x20 + entries + blobs


def main():
    conf = json.dumps(CONF).encode()
    if "--broken-conf" in sys.argv[2:]:
        conf = conf[:40]
    data = build([(b"tropmeta_fr-FR.json", json.dumps(FR).encode()),
                  (b"tropconf.json", conf),
                  (b"tropmeta_en-US.json", json.dumps(EN).encode()),
                  (b"trop0000.png", b"\x89PNG\r\n\x1a\n")])
    with open(sys.argv[1], "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
