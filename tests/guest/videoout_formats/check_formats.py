#!/usr/bin/env python3
"""check_formats.py DIR: the three PNGs guest.videoout_formats' flips produced under
--dump-frames DIR, pixel by pixel. The expected values are computed here from main.c's
channel definitions and the formats' bit layouts (R10G10B10A2: red in bits 0-9;
R16G16B16A16_FLOAT: red in the low half; B10G10R10A2_SRGB: blue in bits 0-9), written as
stored: a 10-bit v as v << 6 | v >> 4, a half-float v clamped to [0, 1] and scaled to 65535,
rounded to nearest even. The PNG decoder is check_frames.py's (written from the PNG
specification)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "videoout"))
from check_frames import read_png  # noqa: E402

W, H = 64, 32


def widen(v):
    return (v << 6) | (v >> 4)


def ten_bit():
    return [[(widen(x * 16), widen((y * 32) & 0x3ff), widen(1023 - x * 16)) for x in range(W)]
            for y in range(H)]


def half_float():
    def unorm(v):
        return 0 if v <= 0 else 65535 if v >= 1 else round(v * 65535)
    return [[(unorm(x / 64), unorm(y / 32), unorm((63 - x) / 64)) for x in range(W)]
            for y in range(H)]


def main():
    d = sys.argv[1]
    errors = []
    for n, want in ((1, ten_bit()), (2, half_float()), (3, ten_bit())):
        p = os.path.join(d, f"frame_{n:06d}.png")
        if not os.path.exists(p):
            errors.append(f"{p} missing")
            continue
        w, h, depth, got = read_png(p)
        if (w, h, depth) != (W, H, 16):
            errors.append(f"{p}: {w}x{h} depth {depth}, want {W}x{H} depth 16")
            continue
        bad = [(x, y) for y in range(H) for x in range(W) if got[y][x] != want[y][x]]
        if bad:
            x, y = bad[0]
            errors.append(f"{p}: {len(bad)} pixels differ, first ({x},{y}) {got[y][x]}, "
                          f"want {want[y][x]}")
    for e in errors:
        print(e)
    print(f"check_formats: 3 images, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
