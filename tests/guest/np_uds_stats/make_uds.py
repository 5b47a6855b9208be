#!/usr/bin/env python3
"""Writes the PS5 trophy file (trophy00.ucp) and UDS file (uds00.ucp) of guest.np_uds_stats,
both in the container public readers of the formats describe (big-endian: magic 0xB228C60A,
version 1, u64 file size, u32 entry count, u32 entry-table offset; the table's first 0x20
bytes unused, then 0x40-byte entries name[32], u64 offset, u64 size). The JSON fields are those
public readers name (and the icons' names: icon0_<locale>.png, trop<id>.png,
gr<id>_<locale>.png): tropconf.json's unlockCondition {udsStatId, comparator, targetValue,
progressive} and hasReward; stats_definition.json's statDefinitionArray and
stats_extraction.json's statsExtractionRuleArray. Usage: make_uds.py TROPHY_OUT UDS_OUT."""
import json
import struct
import sys

CONF = {
    "defaultLanguage": "en-US",
    "trophies": [
        {"id": "000", "grade": "P"},
        # coins collected (stat 100, sum): 3 unlock it, the progress shows
        {"id": "001", "grade": "B", "platinumTrophyId": "000",
         "unlockCondition": {"udsStatId": "100", "comparator": "ge", "targetValue": "3",
                             "progressive": True}},
        # levels finished with rank S (stat 101, count): 2 unlock it
        {"id": "002", "grade": "S", "platinumTrophyId": "000", "hasReward": True,
         "unlockCondition": {"udsStatId": "101", "comparator": "ge", "targetValue": "2",
                             "progressive": False}},
        # _UpdateTrophyProgress, target 10
        {"id": "003", "grade": "G", "platinumTrophyId": "000",
         "unlockCondition": {"targetValue": "10", "progressive": True}},
        {"id": "004", "grade": "B", "hasReward": True, "groupId": "001"},
        # best time (stat 102, min, initial 100): 5 or less unlocks it
        {"id": "005", "grade": "B",
         "unlockCondition": {"udsStatId": "102", "comparator": "le", "targetValue": "5"}},
    ],
}
META = {"metadata": {"titleMetadata": {"name": "Prospero UDS Stats"},
                     "trophyMetadata": [{"id": "%03d" % i, "name": n, "detail": "About " + n}
                                        for i, n in enumerate(
                                            ["All", "Coins", "Ranks", "Progress", "Reward",
                                             "Fast"])]}}
META["metadata"]["trophyMetadata"][4]["reward"] = "Golden hat"
STATS = {"npCommunicationId": "NPWR00000_00", "statDefinitionArray": [
    {"statId": 100, "statName": "coins", "dataType": "Uint64", "aggregation": "Sum"},
    {"statId": "101", "statName": "ranks", "dataType": "uint64", "aggregation": "count"},
    {"statId": 102, "statName": "best", "dataType": "Int32", "aggregation": "Min",
     "minValue": "0", "initialValue": "100"},
    {"statId": 103, "statName": "score", "dataType": "Int32", "aggregation": "Latest",
     "maxValue": "50"},
    # sum is not allowed for Int32 (the guide): left out
    {"statId": 104, "statName": "bad", "dataType": "Int32", "aggregation": "Sum"},
]}
RULES = {"statsExtractionRuleArray": [
    {"ruleId": 1, "condition": {"eventName": "coins_found"},
     "action": {"input": "$.coins", "output": {"statId": 100}}},
    {"ruleId": 2, "condition": {"eventName": "level_done",
                                "property": {"path": "$.result.rank", "comparator": "==",
                                             "value": "S"}},
     "action": {"output": {"statId": 101}}},
    {"ruleId": 3, "condition": {"eventName": "best_time"},
     "action": {"input": "$.time", "output": {"statId": 102}}},
    {"ruleId": 4, "condition": {"eventName": "level_done"},
     "action": {"input": "$.score", "output": {"statId": 103}}},
    # a conversion (not public) and an undefined stat: left out
    {"ruleId": 5, "condition": {"eventName": "level_done"},
     "action": {"input": "$.score", "convert": "x", "output": {"statId": 103}}},
    {"ruleId": 6, "condition": {"eventName": "level_done"},
     "action": {"input": "$.score", "output": {"statId": 999}}},
]}

ICON0 = b"\x89PNG\r\n\x1a\nICON0-en-US"
TROP1 = b"\x89PNG\r\n\x1a\nTROPHY-1"
GROUP1 = b"\x89PNG\r\n\x1a\nGROUP-1"


def build(files):
    table = 0x20
    offset = table + 0x20 + 0x40 * len(files)
    entries, blobs = b"", b""
    for name, data in files:
        entries += struct.pack(">32sQQ16x", name, offset + len(blobs), len(data))
        blobs += data
    header = struct.pack(">IIQII8x", 0xB228C60A, 1, offset + len(blobs), len(files), table)
    return header + b"\0" * 0x20 + entries + blobs


def main():
    trophy = build([(b"tropconf.json", json.dumps(CONF).encode()),
                    (b"tropmeta_en-US.json", json.dumps(META).encode()),
                    (b"icon0_en-US.png", ICON0),
                    (b"trop0001.png", TROP1),
                    (b"gr0001_en-US.png", GROUP1)])
    uds = build([(b"stats_definition.json", json.dumps(STATS).encode()),
                 (b"stats_extraction.json", json.dumps(RULES).encode()),
                 (b"events_definition.json", b'{"events":[]}')])
    with open(sys.argv[1], "wb") as f:
        f.write(trophy)
    with open(sys.argv[2], "wb") as f:
        f.write(uds)


if __name__ == "__main__":
    main()
