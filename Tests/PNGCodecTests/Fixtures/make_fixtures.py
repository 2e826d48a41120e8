#!/usr/bin/env python3
"""Writes the small PNG fixtures of PNGCodecTests and expected.json.

Standard library only (zlib, struct, json): every file is assembled by hand, so the
tests do not depend on our own encoder to check our decoder. Each image's pixels
come from a formula; expected.json holds the RGBA8 result every decoder must give
(grey copied to R, G, B; sub-byte grey scaled to 0...255; 16-bit samples are
b * 257 so that scaling to 8 bits gives b exactly; tRNS turned into alpha).
Run from this directory: python3 make_fixtures.py
"""
import json, struct, zlib

def chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

def pack_row(samples, depth):
    """samples: flat list of channel values for one row."""
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, acc, nbits = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        nbits += depth
        if nbits == 8:
            out.append(acc); acc, nbits = 0, 0
    if nbits:
        out.append(acc << (8 - nbits))
    return bytes(out)

def png(width, height, depth, ctype, pixel, extra=b"", interlace=False, text=()):
    """pixel(x, y) -> tuple of raw channel samples."""
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for (x0, y0, dx, dy) in passes:
        xs = list(range(x0, width, dx))
        if not xs:
            continue
        for y in range(y0, height, dy):
            samples = [s for x in xs for s in pixel(x, y)]
            raw += b"\x00" + pack_row(samples, depth)  # filter type 0 (None)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, 1 if interlace else 0)
    body = chunk(b"IHDR", ihdr) + extra
    for k, v in text:
        body += chunk(b"tEXt", k.encode("latin-1") + b"\x00" + v.encode("latin-1"))
    body += chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body

fixtures = {}

def add(name, width, height, data, rgba):
    with open(name, "wb") as f:
        f.write(data)
    fixtures[name] = {"width": width, "height": height,
                      "rgba": [v for y in range(height) for x in range(width) for v in rgba(x, y)]}

W, H = 9, 9  # odd size: partial bytes in sub-byte rows, every Adam7 pass non-empty

for depth in (1, 2, 4, 8, 16):
    maxv = (1 << depth) - 1
    g = lambda x, y, m=maxv: (x * 3 + y * 5) % (m + 1)
    if depth == 16:
        g = lambda x, y: ((x * 29 + y * 7) % 256) * 257
    def rgba(x, y, depth=depth, g=g, maxv=maxv):
        v = g(x, y) // 257 if depth == 16 else g(x, y) * 255 // maxv
        return (v, v, v, 255)
    add(f"grey{depth}.png", W, H, png(W, H, depth, 0, lambda x, y, g=g: (g(x, y),)), rgba)

# Grey 2-bit, Adam7-interlaced.
g2 = lambda x, y: (x + 2 * y) % 4
add("grey2_interlaced.png", W, H, png(W, H, 2, 0, lambda x, y: (g2(x, y),), interlace=True),
    lambda x, y: (g2(x, y) * 85,) * 3 + (255,))

# Grey 8 with tRNS (grey value 0 is transparent).
g8 = lambda x, y: (x * 40 + y) % 256 if (x + y) % 3 else 0
add("grey8_trns.png", W, H, png(W, H, 8, 0, lambda x, y: (g8(x, y),), extra=chunk(b"tRNS", struct.pack(">H", 0))),
    lambda x, y: (g8(x, y),) * 3 + (0 if g8(x, y) == 0 else 255,))

# Grey + alpha, 8 and 16.
ga = lambda x, y: ((x * 31) % 256, (y * 27 + x) % 256)
add("greyalpha8.png", W, H, png(W, H, 8, 4, ga), lambda x, y: (ga(x, y)[0],) * 3 + (ga(x, y)[1],))
add("greyalpha16.png", W, H, png(W, H, 16, 4, lambda x, y: tuple(v * 257 for v in ga(x, y))),
    lambda x, y: (ga(x, y)[0],) * 3 + (ga(x, y)[1],))

# RGB 8 and 16, RGB 8 with tRNS.
rgb = lambda x, y: ((x * 28) % 256, (y * 28) % 256, (x * y * 5) % 256)
add("rgb8.png", W, H, png(W, H, 8, 2, rgb), lambda x, y: rgb(x, y) + (255,))
add("rgb16.png", W, H, png(W, H, 16, 2, lambda x, y: tuple(v * 257 for v in rgb(x, y))), lambda x, y: rgb(x, y) + (255,))
key = rgb(2, 3)
add("rgb8_trns.png", W, H, png(W, H, 8, 2, rgb, extra=chunk(b"tRNS", struct.pack(">HHH", *key))),
    lambda x, y: rgb(x, y) + (0 if rgb(x, y) == key else 255,))

# RGBA 8 and 16; RGBA 8 interlaced, with tEXt chunks.
rgba = lambda x, y: ((x * 28) % 256, (y * 28) % 256, (x * 13 + y * 17) % 256, (x * y * 3 + 10) % 256)
add("rgba8.png", W, H, png(W, H, 8, 6, rgba), rgba)
add("rgba16.png", W, H, png(W, H, 16, 6, lambda x, y: tuple(v * 257 for v in rgba(x, y))), rgba)
add("rgba8_interlaced_text.png", W, H,
    png(W, H, 8, 6, rgba, interlace=True, text=[("Software", "make_fixtures.py"), ("Comment", "caf\u00e9 \u00b5")]), rgba)

# Palette 8-bit and 4-bit with tRNS covering the first entries only.
palette = [((i * 37) % 256, (i * 91) % 256, (i * 53) % 256) for i in range(16)]
alphas = [0, 64, 128, 200]
plte = chunk(b"PLTE", bytes(c for p in palette for c in p)) + chunk(b"tRNS", bytes(alphas))
idx = lambda x, y: (x + y * 3) % 16
pal_rgba = lambda x, y: palette[idx(x, y)] + (alphas[idx(x, y)] if idx(x, y) < len(alphas) else 255,)
add("palette8_trns.png", W, H, png(W, H, 8, 3, lambda x, y: (idx(x, y),), extra=plte), pal_rgba)
add("palette4_trns.png", W, H, png(W, H, 4, 3, lambda x, y: (idx(x, y),), extra=plte), pal_rgba)

with open("expected.json", "w") as f:
    json.dump(fixtures, f, separators=(",", ":"), sort_keys=True)
    f.write("\n")
