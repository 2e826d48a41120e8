#!/usr/bin/env python3
"""Writes the WebP fixtures (run by hand; needs cwebp, img2webp and webpmux from the webp
package). The pictures are those of the JPEG fixtures: 24×16 quadrants red, green / blue,
yellow; oriented-6.webp stores them on their side with EXIF orientation 6."""
import struct, subprocess, tempfile, zlib

W, H = 24, 16
COLOURS = {(0, 0): (255, 0, 0, 255), (1, 0): (0, 255, 0, 255), (0, 1): (0, 0, 255, 255), (1, 1): (255, 255, 0, 255)}

def upright(x, y):
    return COLOURS[(x * 2 // W, y * 2 // H)]

def png(w, h, pixel):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    raw = b"".join(b"\0" + bytes(c for x in range(w) for c in pixel(x, y)) for y in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))

def run(*args):
    subprocess.run(args, check=True, capture_output=True)

def tmp(data, suffix):
    f = tempfile.NamedTemporaryFile(suffix=suffix, delete=False)
    f.write(data); f.close()
    return f.name

up = tmp(png(W, H, upright), ".png")
run("cwebp", "-quiet", "-lossless", up, "-o", "lossless.webp")
run("cwebp", "-quiet", "-q", "95", up, "-o", "lossy.webp")
# Stored on its side: upright (x, y) shows stored (y, h - 1 - x), h = W.
side = tmp(png(H, W, lambda x, y: upright(W - 1 - y, x)), ".png")
run("cwebp", "-quiet", "-lossless", side, "-o", "/tmp/side.webp")
tiff = b"MM" + struct.pack(">HI", 42, 8) + struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, 6, 0) + struct.pack(">I", 0)
run("webpmux", "-set", "exif", tmp(tiff, ".exif"), "/tmp/side.webp", "-o", "oriented-6.webp")
# Straight alpha: left half opaque red, right half red at alpha 128.
alpha = tmp(png(W, H, lambda x, y: (255, 0, 0, 255 if x < W // 2 else 128)), ".png")
run("cwebp", "-quiet", "-lossless", "-exact", alpha, "-o", "alpha.webp")
second = tmp(png(W, H, lambda x, y: (0, 0, 0, 255)), ".png")
run("img2webp", "-lossless", up, second, "-o", "animated.webp")
whole = open("lossless.webp", "rb").read()
open("truncated.webp", "wb").write(whole[: len(whole) // 2])
# A bomb: the lossless header (after "VP8L", its size and the 0x2f signature) declaring
# 16383 × 16383, WebP's largest, 268 M pixels.
bomb = bytearray(whole)
at = bomb.index(b"VP8L") + 9
bits = struct.unpack("<I", bomb[at:at + 4])[0]
bits = (bits & ~((1 << 28) - 1)) | 16382 | (16382 << 14)
bomb[at:at + 4] = struct.pack("<I", bits)
open("bomb.webp", "wb").write(bytes(bomb))
