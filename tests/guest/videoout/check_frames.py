#!/usr/bin/env python3
"""check_frames.py DIR: checks the PNG files guest.videoout's flips produced under
--dump-frames DIR (and --screenshot-at 3 DIR/shot.png) pixel by pixel. The expected pixels
are computed here from the patterns' definitions in main.c and the pixel formats' bit
layouts; the PNG decoder is written here from the PNG specification (zlib, the five
filters), so nothing is taken from the emulator's own code."""
import os
import struct
import sys
import zlib

W, H = 64, 32


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    w, h, depth, ctype, _, _, interlace = hdr
    if ctype != 2 or interlace:
        raise ValueError(f"{path}: colour type {ctype} interlace {interlace}, want RGB")
    bpp = 3 * depth // 8
    stride = w * bpp
    raw = zlib.decompress(idat)
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 0xff
            elif f == 2:
                line[i] = (line[i] + b) & 0xff
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xff
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 0xff
        rows.append(bytes(line))
        prev = line
    px = []
    for line in rows:
        r = []
        for x in range(w):
            if depth == 8:
                r.append(tuple(line[x * 3:x * 3 + 3]))
            else:
                r.append(struct.unpack(">HHH", line[x * 6:x * 6 + 6]))
        px.append(r)
    return w, h, depth, px


def argb(k):  # 8-bit R, G, B of draw_argb(k)
    return 8, [[((x * 4 + k) & 0xff, (y * 8) & 0xff, ((x ^ y) * k) & 0xff) for x in range(W)]
               for y in range(H)]


def abgr():  # the A8B8G8R8 word's low byte is red
    return 8, [[((x + y) & 0xff, (y * 5) & 0xff, (x * 3) & 0xff) for x in range(W)]
               for y in range(H)]


def ten_bit():  # 10-bit channels widened to 16 bits by bit replication
    def widen(v):
        return (v << 6) | (v >> 4)
    return 16, [[(widen(x * 16), widen(y * 32 & 0x3ff), widen(1023 - x * 16)) for x in range(W)]
                for y in range(H)]


def check(path, expected):
    depth, want = expected
    w, h, d, got = read_png(path)
    if (w, h, d) != (W, H, depth):
        return f"{path}: {w}x{h} depth {d}, want {W}x{H} depth {depth}"
    for y in range(H):
        for x in range(W):
            if got[y][x] != want[y][x]:
                return f"{path}: pixel ({x},{y}) {got[y][x]}, want {want[y][x]}"
    return None


def main():
    d = sys.argv[1]
    # flips in order: buffer 0 (k 1), 1 (k 7), 2 (10-bit), 3 (A8B8G8R8), 0 again, then blank
    frames = {1: argb(1), 2: argb(7), 3: ten_bit(), 4: abgr(), 5: argb(1)}
    errors = []
    for n, exp in frames.items():
        p = os.path.join(d, f"frame_{n:06d}.png")
        if not os.path.exists(p):
            errors.append(f"{p} missing")
            continue
        e = check(p, exp)
        if e:
            errors.append(e)
    if os.path.exists(os.path.join(d, "frame_000006.png")):
        errors.append("a blank flip (6) wrote a frame")
    e = check(os.path.join(d, "shot.png"), ten_bit())
    if e:
        errors.append(e)
    for e in errors:
        print(e)
    print(f"check_frames: {len(frames) + 1} images, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
