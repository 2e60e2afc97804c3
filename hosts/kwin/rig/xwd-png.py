#!/usr/bin/env python3
"""xwd-png: demo equipment. Turns the screen file Xvfb keeps with -fbdir (XWD, 24 or 32 bits a
pixel, TrueColor) into a PNG, with --half scaled down by two (2x2 box average). KWin 6.3's own
screenshot interface needs OpenGL compositing, which a machine without a DRM device has not:
the demo shows KWin in an Xvfb window (its X11 windowed backend) and reads Xvfb's memory.

usage: xwd-png.py [--half] SCREEN_FILE OUT.png
       xwd-png.py --pixel X Y SCREEN_FILE   prints the pixel's "R G B" (0..255 each)
"""
import struct
import sys
import zlib


def read_xwd(path):
    """(width, height, rows of RGB bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    h = struct.unpack(">25I", data[:100])
    header_size, width, height = h[0], h[4], h[5]
    byte_order, bpp, stride, ncolors = h[7], h[11], h[12], h[19]
    masks = h[14:17]
    if bpp != 32 or masks != (0xFF0000, 0xFF00, 0xFF):
        sys.exit(f"xwd-png: {bpp} bits a pixel, masks {masks}: only 32-bit 8:8:8 is read")
    start = header_size + ncolors * 12
    # LSBFirst (0): B, G, R, X in memory; MSBFirst: X, R, G, B.
    order = (2, 1, 0) if byte_order == 0 else (1, 2, 3)
    rows = []
    for y in range(height):
        line = data[start + y * stride:start + y * stride + width * 4]
        row = bytearray(width * 3)
        for c, o in enumerate(order):
            row[c::3] = line[o::4]
        rows.append(row)
    return width, height, rows


def pixel(path, x, y):
    """(r, g, b) of one pixel, read without decoding the whole screen."""
    with open(path, "rb") as f:
        head = struct.unpack(">25I", f.read(100))
        header_size, byte_order, stride, ncolors = head[0], head[7], head[12], head[19]
        f.seek(header_size + ncolors * 12 + y * stride + x * 4)
        px = f.read(4)
    return (px[2], px[1], px[0]) if byte_order == 0 else (px[1], px[2], px[3])


def half(width, height, rows):
    """2x2 box average."""
    out = []
    w2 = width // 2
    for y in range(0, height - 1, 2):
        a, b = rows[y], rows[y + 1]
        row = bytearray(w2 * 3)
        for c in range(3):
            s = [p + q for p, q in zip(a[c::3], b[c::3])]
            row[c::3] = bytes((s[2 * i] + s[2 * i + 1] + 2) // 4 for i in range(w2))
        out.append(row)
    return w2, height // 2, out


def write_png(path, width, height, rows):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\x00" + bytes(r) for r in rows)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    args = sys.argv[1:]
    if args[:1] == ["--pixel"] and len(args) == 4:
        print(*pixel(args[3], int(args[1]), int(args[2])))
        return
    scale = "--half" in args
    args = [a for a in args if a != "--half"]
    if len(args) != 2:
        sys.exit(__doc__)
    image = read_xwd(args[0])
    if scale:
        image = half(*image)
    write_png(args[1], *image)
    print(f"{args[1]}: {image[0]}x{image[1]}")


if __name__ == "__main__":
    main()
