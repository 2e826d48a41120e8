#!/usr/bin/env python3
"""Writes the JPEG fixtures (run by hand; needs cjpeg from libjpeg-turbo-progs and a C
compiler with libjpeg for the CMYK one). Each oriented-N.jpg stores the 24×16 quadrant
picture (red, green / blue, yellow) so that, turned upright by its Exif orientation N,
it looks the same as oriented-1.jpg."""
import os, struct, subprocess, tempfile

W, H = 24, 16
COLOURS = {(0, 0): (255, 0, 0), (1, 0): (0, 255, 0), (0, 1): (0, 0, 255), (1, 1): (255, 255, 0)}

def upright(x, y):
    return COLOURS[(x * 2 // W, y * 2 // H)]

# For the upright pixel (x, y), the stored pixel it shows (as in ExifOrientation.apply).
def source(n, x, y, w, h):
    return {1: (x, y), 2: (w - 1 - x, y), 3: (w - 1 - x, h - 1 - y), 4: (x, h - 1 - y),
            5: (y, x), 6: (y, h - 1 - x), 7: (w - 1 - y, h - 1 - x), 8: (w - 1 - y, x)}[n]

def cjpeg(ppm, out, *args):
    with tempfile.NamedTemporaryFile(suffix=".ppm") as f:
        f.write(ppm); f.flush()
        return subprocess.run(["cjpeg", "-quality", "100", "-sample", "1x1", *args, f.name],
                              check=True, capture_output=True).stdout

def ppm(w, h, pixel):
    return b"P6 %d %d 255\n" % (w, h) + bytes(c for y in range(h) for x in range(w) for c in pixel(x, y))

def exif(n, little):
    e = "<" if little else ">"
    tiff = (b"II" if little else b"MM") + struct.pack(e + "HI", 42, 8)
    # IFD0: an unrelated tag first (ImageDescription, ASCII, 4 bytes inline), then Orientation.
    tiff += struct.pack(e + "H", 2) + struct.pack(e + "HHI4s", 0x010E, 2, 4, b"abc\0")
    tiff += struct.pack(e + "HHIHH", 0x0112, 3, 1, n, 0) + struct.pack(e + "I", 0)
    body = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body

def with_exif(jpeg, n, little):
    return jpeg[:2] + exif(n, little) + jpeg[2:]

for n in range(1, 9):
    sw, sh = (H, W) if n >= 5 else (W, H)
    stored = {}
    for y in range(H):
        for x in range(W):
            stored[source(n, x, y, sw, sh)] = upright(x, y)
    jpeg = cjpeg(ppm(sw, sh, lambda x, y: stored[(x, y)]), None)
    open("oriented-%d.jpg" % n, "wb").write(with_exif(jpeg, n, little=n % 2 == 0))

open("grey.jpg", "wb").write(cjpeg(ppm(W, H, lambda x, y: (64, 64, 64) if x < W // 2 else (200, 200, 200)), None, "-grayscale"))
open("progressive.jpg", "wb").write(cjpeg(ppm(W, H, upright), None, "-progressive"))
plain = open("oriented-1.jpg", "rb").read()
open("truncated.jpg", "wb").write(plain[: len(plain) // 2])
# A bomb: a valid small file whose frame header declares 60000 × 60000.
bomb = bytearray(cjpeg(ppm(W, H, upright), None))
sof = bomb.index(b"\xff\xc0")
bomb[sof + 5:sof + 9] = struct.pack(">HH", 60000, 60000)
open("bomb.jpg", "wb").write(bytes(bomb))
# A liar: a whole 64 × 96 file (scan data and EOI) whose frame header says 200 × 200, so
# the scan ends early at a marker rather than at the end of the bytes.
liar = bytearray(cjpeg(ppm(64, 96, lambda x, y: ((x * 4) % 256, (y * 2) % 256, 120)), None))
sof = liar.index(b"\xff\xc0")
liar[sof + 5:sof + 9] = struct.pack(">HH", 200, 200)
open("header-200x200-scan-64x96.jpg", "wb").write(bytes(liar))

# CMYK with an Adobe marker (inks stored inverted, as Photoshop writes): left half red
# (magenta + yellow), right half 50 % black.
C = r'''
#include <stdio.h>
#include <jpeglib.h>
int main(void) {
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    c.err = jpeg_std_error(&e); jpeg_create_compress(&c); jpeg_stdio_dest(&c, stdout);
    c.image_width = 16; c.image_height = 8; c.input_components = 4; c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c); jpeg_set_quality(&c, 100, TRUE); jpeg_start_compress(&c, TRUE);
    unsigned char row[16 * 4];
    for (int x = 0; x < 16; x++) {
        unsigned char ink[4] = {0, 255, 255, 0}, grey[4] = {0, 0, 0, 128};
        for (int i = 0; i < 4; i++) row[x * 4 + i] = 255 - (x < 8 ? ink[i] : grey[i]);
    }
    while (c.next_scanline < 8) { JSAMPROW r = row; jpeg_write_scanlines(&c, &r, 1); }
    jpeg_finish_compress(&c); jpeg_destroy_compress(&c); return 0;
}
'''
with tempfile.TemporaryDirectory() as d:
    open(os.path.join(d, "cmyk.c"), "w").write(C)
    subprocess.run(["cc", "-o", os.path.join(d, "cmyk"), os.path.join(d, "cmyk.c"), "-ljpeg"], check=True)
    open("cmyk.jpg", "wb").write(subprocess.run([os.path.join(d, "cmyk")], check=True, capture_output=True).stdout)
